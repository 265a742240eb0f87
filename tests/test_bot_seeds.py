"""Bots of one's own from the command line: seeded from the match when they take a seed, checked before output."""

from __future__ import annotations

import io
import sys
import textwrap
from pathlib import Path

import pytest

from engine.bots import make_bot
from engine.match import derive_seed

MODULE = textwrap.dedent('''
    import random

    from engine import Call, Check, Fold, Raise

    SEEDS = []

    class Wild:
        """A random bot of one's own: reproducible only through the seed the match hands it."""
        name = "wild"

        def __init__(self, seed=None):
            SEEDS.append(seed)
            self.rng = random.Random(seed)

        def act(self, view):
            legal = view.legal
            choice = self.rng.random()
            if legal.min_to is not None and choice < 0.3:
                return Raise(legal.min_to)
            if legal.call and choice < 0.5:
                return Fold()
            return Check() if legal.check else Call()

    class Plain:
        """Takes no seed: called with no arguments."""

        def act(self, view):
            return Check() if view.legal.check else Call()

    def made(**options):
        SEEDS.append(options.get("seed"))
        return Plain()
''')


@pytest.fixture()
def own_bots(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    (tmp_path / "own_seeded_bots.py").write_text(MODULE, encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    sys.modules.pop("own_seeded_bots", None)
    import own_seeded_bots

    own_seeded_bots.SEEDS.clear()
    yield own_seeded_bots
    sys.modules.pop("own_seeded_bots", None)


def test_a_bot_that_takes_a_seed_gets_the_matchs_derived_seed(own_bots):
    make_bot("own_seeded_bots:Wild", seed=12345)
    make_bot("own_seeded_bots:made", seed=77)  # **options takes a seed too
    assert own_bots.SEEDS == [12345, 77]
    assert isinstance(make_bot("own_seeded_bots:Plain", seed=5), own_bots.Plain)


def test_a_random_bot_of_ones_own_replays_its_match_from_the_seed(own_bots):
    from engine.betting import PotLimit
    from engine.rules import Rules
    from engine.shards import play_sharded

    game = Rules(PotLimit(), blinds=(1, 2))
    specs = ["own_seeded_bots:Wild", "own_seeded_bots:Wild", "caller"]
    first = play_sharded(specs, game, 60, seed=3, shard_size=30)
    assert derive_seed(3, "bot0") in own_bots.SEEDS and derive_seed(3, "bot1") in own_bots.SEEDS
    assert first == play_sharded(specs, game, 60, seed=3, shard_size=30)
    assert first != play_sharded(specs, game, 60, seed=4, shard_size=30)


def test_simulate_with_a_bot_that_does_not_load_prints_nothing_on_standard_output(own_bots):
    from engine.cli import main

    for bots in ("own_seeded_bots:Nope", "hilo,own_seeded_bots:Nope", "no_such_module_here:Bot"):
        out, err = io.StringIO(), io.StringIO()
        assert main(["simulate", "--hands", "5", "--bots", bots], stdout=out, stderr=err) == 2
        assert out.getvalue() == "" and err.getvalue().startswith("error: cannot load bot"), (bots, out.getvalue())


@pytest.mark.parametrize("duplicate", [False, True], ids=["sharded", "duplicate"])
def test_a_bot_of_ones_own_is_only_ever_built_with_its_match_seed(own_bots, duplicate: bool):
    from engine.betting import PotLimit
    from engine.duplicate import play_duplicate
    from engine.rules import Rules
    from engine.shards import play_sharded, shard_seed

    game = Rules(PotLimit(), blinds=(1, 2))
    specs = ["own_seeded_bots:Wild", "caller"]
    play = play_duplicate if duplicate else play_sharded
    play(specs, game, 20, seed=3, shard_size=10)
    expected = {derive_seed(shard_seed(3, shard), "bot0") for shard in (0, 1)}
    assert set(own_bots.SEEDS) == expected, own_bots.SEEDS  # no bot built with a stand-in seed such as 0
    rotations = 2 if duplicate else 1
    assert len(own_bots.SEEDS) == 2 * rotations + (1 if duplicate else 0)  # + the naming build, real seed


def test_checking_a_spec_builds_no_bot_and_still_finds_a_bad_one(own_bots):
    from engine.bots import MatchError, check_bot_spec

    check_bot_spec("own_seeded_bots:Wild")
    check_bot_spec("hilo")
    assert own_bots.SEEDS == []
    for spec in ("own_seeded_bots:Nope", "nope", "own_seeded_bots:SEEDS"):
        with pytest.raises(MatchError):
            check_bot_spec(spec)
