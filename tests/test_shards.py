"""Matches in shards (engine.shards): the result depends only on the seed, the hands and the shard size, never on
the number of workers or the backend; merged counts equal the shards' sums; bad arguments are MatchErrors."""

from __future__ import annotations

import attrs
import pytest
from helpers import LIMIT

from engine import PotLimit, Rules
from engine.bots.base import MatchError
from engine.match import derive_seed, play_match
from engine.shards import cut, merge, play_shard, play_sharded, shard_seed

SPECS = ["hilo", "random", "caller"]


def test_a_match_is_cut_into_shards_of_the_given_size_seeded_from_the_match_seed():
    shards = list(cut(2500, 7, 1000))
    assert [(s.index, s.first, s.hands) for s in shards] == [(0, 0, 1000), (1, 1000, 1000), (2, 2000, 500)]
    assert shards[0].seed == 7 and shards[1].seed == derive_seed(7, "shard1") != shards[2].seed
    assert list(cut(0, 7, 1000)) == [] and [s.hands for s in cut(3, "x", 1)] == [1, 1, 1]
    assert shard_seed("x", 0) == "x"


def test_one_shard_is_the_match_play_match_plays():
    from engine.bots import make_bot

    bots = [make_bot(spec, seed=derive_seed(5, f"bot{seat}")) for seat, spec in enumerate(SPECS)]
    assert play_sharded(SPECS, LIMIT, 40, seed=5) == play_match(bots, LIMIT, 40, seed=5)


def test_the_result_is_the_same_for_any_number_of_workers():
    one = play_sharded(SPECS, Rules(PotLimit(), blinds=(1, 2)), 90, seed=11, shard_size=25, workers=1)
    two = play_sharded(SPECS, Rules(PotLimit(), blinds=(1, 2)), 90, seed=11, shard_size=25, workers=2)
    assert one == two and one.hands == 90
    assert sum(stat.net for stat in one.stats) == 0  # no rake: chips only move between the bots
    other_size = play_sharded(SPECS, Rules(PotLimit(), blinds=(1, 2)), 90, seed=11, shard_size=30)
    assert other_size != one  # the shard size is part of the match's definition


def test_merging_sums_every_count_and_numbers_incidents_by_the_match():
    shards = list(cut(30, 3, 10))
    results = [play_shard(SPECS, LIMIT, shard) for shard in shards]
    merged = merge(3, results)
    assert merged.hands == 30 and merged.seed == 3
    for seat in range(len(SPECS)):
        for field in attrs.fields(type(merged.stats[seat])):
            if field.name in ("seat", "name"):
                continue
            assert getattr(merged.stats[seat], field.name) == pytest.approx(
                sum(getattr(result.stats[seat], field.name) for result in results)
            )
    assert merge(3, []).hands == 0


def test_bad_arguments_are_match_errors_before_any_shard_runs():
    for kwargs, match in (
        ({"workers": 0}, "workers"),
        ({"backend": "spark"}, "backend"),
        ({"shard_size": 0}, "shard_size"),
        ({"seed": 1.5}, "seed"),
        ({"time_limit": -1}, "time_limit"),
    ):
        with pytest.raises(MatchError, match=match):
            play_sharded(SPECS, LIMIT, 10, **kwargs)
    with pytest.raises(MatchError, match="specs"):
        play_sharded("hilo", LIMIT, 10)  # type: ignore[arg-type]
    with pytest.raises(MatchError, match=r"2 to 10 bots, got 1: \['hilo'\]$"):  # the specs, not bot objects
        play_sharded(["hilo"], LIMIT, 10)
    with pytest.raises(MatchError, match="unknown match option 'shards': the options are seed, shard_size"):
        play_sharded(SPECS, LIMIT, 10, shards=2)  # type: ignore[call-arg]
    with pytest.raises(MatchError, match="on_shard must be a function or None"):
        play_sharded(SPECS, LIMIT, 10, on_shard=3)  # type: ignore[arg-type]
    with pytest.raises(MatchError):
        play_sharded(["no-such-bot"], LIMIT, 10)


def test_every_hand_reaches_on_hand_numbered_by_the_match_and_the_standard_error_is_the_samples():
    """bb/100's standard error: the sample standard deviation of the hands' nets in big blinds over the root of
    the hands, times 100; merged shards give the same as one pass over every hand."""
    hands: list = []
    result = play_sharded(SPECS, LIMIT, 45, seed=9, shard_size=20, on_hand=hands.append)
    assert [hand.number for hand in hands] == list(range(1, 46))
    with pytest.raises(MatchError, match="on_hand"):
        play_sharded(SPECS, LIMIT, 45, seed=9, workers=2, on_hand=hands.append)
    for seat, stats in enumerate(result.stats):
        nets = [hand.result.net[hand.seats.index(seat)] / 2 for hand in hands if seat in hand.seats]
        n = len(nets)
        mean = sum(nets) / n
        sd = (sum((x - mean) ** 2 for x in nets) / (n - 1)) ** 0.5
        assert stats.hands == n and stats.bb_per_100 == pytest.approx(100 * mean)
        assert stats.bb_per_100_error == pytest.approx(100 * sd / n**0.5)
        low, high = stats.bb_per_100_interval
        assert low == pytest.approx(stats.bb_per_100 - 1.96 * stats.bb_per_100_error) and high > low


def test_simulate_with_workers_gives_the_same_report_and_refuses_what_needs_every_hand(tmp_path):
    import io
    import json

    from engine.cli import main

    def simulate(*argv: str) -> tuple[int, str, str]:
        out, err = io.StringIO(), io.StringIO()
        code = main(["simulate", "--hands", "60", "--seed", "4", "--shard-size", "25", *argv], stdout=out, stderr=err)
        return code, out.getvalue(), err.getvalue()

    code, one, _ = simulate("--json")
    code2, two, _ = simulate("--json", "--workers", "2")
    assert code == code2 == 0
    first, second = json.loads(one), json.loads(two)
    assert first["bots"] == second["bots"] and first["hands"] == second["hands"] == 60
    assert len(first["hand_log"]) == 20 and second["hand_log"] == []
    assert all("bb_per_100_error" in bot and len(bot["bb_per_100_interval"]) == 2 for bot in first["bots"])
    code, text, _ = simulate("--workers", "2")
    assert code == 0 and "3 shards of up to 25 hands on 2 workers (local)" in text and "±se" in text
    code, _, err = simulate("--workers", "2", "--out", str(tmp_path / "x.phhs"))
    assert code == 2 and "--workers 1" in err and not (tmp_path / "x.phhs").exists()
    code, _, err = simulate("--workers", "0")
    assert code == 2


def test_the_ray_backend_gives_the_local_result():
    """A Ray instance started here (the ray extra); the shards are Ray tasks, the result the same."""
    pytest.importorskip("ray", reason='could not import ray: pip install -e ".[test-ray]" to run these tests')
    local = play_sharded(SPECS, LIMIT, 40, seed=21, shard_size=15)
    on_ray = play_sharded(SPECS, LIMIT, 40, seed=21, shard_size=15, backend="ray")
    assert on_ray == local


def test_a_duplicate_match_plays_each_deal_in_every_rotation_and_luck_cancels():
    """Identical deterministic bots: each plays every seat of every deal, so each one's net over the rotations
    of a deal is the deal's total, zero (no rake): the duplicate standard error vanishes, the plain one does not."""
    from engine.duplicate import play_duplicate

    same = play_duplicate(["caller"] * 3, LIMIT, 40, seed=2, shard_size=15)
    assert same.deals == 40 and same.rotations == 3 and same.result.hands == 120
    for bot, stats in enumerate(same.result.stats):
        assert stats.hands == 120 and stats.net == 0 and same.duplicate_error(bot) == pytest.approx(0, abs=1e-9)
    assert any(stats.bb_per_100_error > 1 for stats in same.result.stats)
    mixed = play_duplicate(SPECS, LIMIT, 60, seed=8, shard_size=25)
    assert mixed == play_duplicate(SPECS, LIMIT, 60, seed=8, shard_size=25, workers=2)
    assert [s.name for s in mixed.result.stats] == ["hilo", "random", "caller"]
    assert sum(s.net for s in mixed.result.stats) == 0
    with pytest.raises(MatchError, match="two bots"):
        play_duplicate(["hilo"], LIMIT, 10)
    with pytest.raises(MatchError, match="unknown match option 'rotations'"):
        play_duplicate(SPECS, LIMIT, 10, rotations=2)  # type: ignore[call-arg]


def test_simulate_duplicate_reports_both_standard_errors():
    import io
    import json

    from engine.cli import main

    out = io.StringIO()
    assert (
        main(["simulate", "--hands", "30", "--seed", "1", "--duplicate", "--json"], stdout=out, stderr=io.StringIO())
        == 0
    )
    document = json.loads(out.getvalue())
    assert document["duplicate"]["deals"] == 30 and document["duplicate"]["rotations"] == 3
    assert {"error_by_hands", "error_by_deals"} <= set(document["duplicate"]["bots"][0])
    err = io.StringIO()
    assert (
        main(
            ["simulate", "--hands", "30", "--duplicate", "--workers", "2", "--out", "x.phhs"],
            stdout=io.StringIO(),
            stderr=err,
        )
        == 2
    )
    assert "--workers 1" in err.getvalue()
    err = io.StringIO()
    assert main(["simulate", "--hands", "30", "--duplicate", "--all-in-ev"], stdout=io.StringIO(), stderr=err) == 2
    assert "--duplicate" in err.getvalue()


def test_cutting_a_huge_match_makes_its_shards_one_at_a_time():
    import tracemalloc

    from engine.shards import MAX_HANDS

    tracemalloc.start()
    shards = cut(10**6, 7, 1)
    first = [next(shards) for _ in range(3)]
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    assert [s.first for s in first] == [0, 1, 2] and peak < 200_000, peak
    assert next(cut(MAX_HANDS, 7, 1)).hands == 1
    with pytest.raises(MatchError, match="hands"):
        cut(MAX_HANDS + 1, 7, 1000)


def test_jobs_are_taken_only_as_results_are_wanted():
    from engine.shards import in_order

    taken: list[int] = []

    def jobs():
        for job in range(10**9):
            taken.append(job)
            yield job

    results = in_order(lambda job: lambda: job * 2, jobs(), window=4)
    assert [next(results) for _ in range(3)] == [0, 2, 4] and len(taken) <= 3 + 4


def test_an_unreachable_ray_cluster_is_a_match_error_within_the_bound(monkeypatch):
    from engine import shards
    from engine.shards import check_reachable

    monkeypatch.setattr(shards, "RAY_CONNECT_TIMEOUT", 0.5)
    for address in ("127.0.0.1:1", "nowhere.invalid:6379", "192.0.2.1:6379", "ray://127.0.0.1:1"):
        with pytest.raises(MatchError, match="cannot reach the Ray cluster"):
            play_sharded(["hilo", "caller"], LIMIT, 5, backend="ray", address=address)
    for address in ("nowhere", "host:99999", ":6379"):
        with pytest.raises(MatchError, match="host:port"):
            check_reachable(address, 0.5)
