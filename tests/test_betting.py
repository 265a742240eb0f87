"""A betting structure answers for itself (issue 27, 2): its name and title, its fixed bets, its raise cap, the
size of a full raise as a round opens, what a straddle may be, which big blinds it allows. Callers (the hand
state, the rules, the writers, the reports, the environments, the server's lobby) ask it instead of listing
the structures, so a new structure plays without touching them."""

from __future__ import annotations

import re
from pathlib import Path
from typing import ClassVar

import attrs
import pytest

from engine import (
    Call,
    Check,
    FixedLimit,
    NoLimit,
    PotLimit,
    Rules,
    RulesError,
    SerializationError,
    Street,
    start_hand,
    to_json,
)
from engine.betting import BettingStructure, Spot
from engine.games import GAMES, LIMIT, NO_LIMIT, POT_LIMIT, structure
from engine.match import bets_text, game_name

ENGINE = Path(__file__).resolve().parent.parent / "engine"


def test_each_structure_carries_its_own_name_and_title_and_the_games_use_them():
    assert [(s.name, s.title) for s in (FixedLimit(2, 4), PotLimit(), NoLimit())] == [
        ("limit", "Limit"),
        ("pot-limit", "Pot Limit"),
        ("no-limit", "No Limit"),
    ]
    assert (LIMIT, POT_LIMIT, NO_LIMIT) == ("limit", "pot-limit", "no-limit") and GAMES[-1] == "mixed"
    for game in (LIMIT, POT_LIMIT, NO_LIMIT):
        assert structure(game, 2).name == game
        assert game_name(Rules(structure(game, 2))) == game
        assert game_name(Rules(structure(game, 2), hi_lo=False)) == f"{game}-high"


def test_a_structure_says_its_fixed_bets_and_its_cap():
    limit = FixedLimit(2, 4, max_raises=4, uncapped_heads_up=True)
    assert (limit.fixed_bets, limit.raise_cap, limit.cap_lifted_heads_up) == ((2, 4), 4, True)
    assert [limit.bet_size(street) for street in (Street.PREFLOP, Street.FLOP, Street.TURN, Street.RIVER)] == [
        2,
        2,
        4,
        4,
    ]
    for big_bet in (PotLimit(), NoLimit()):
        assert (big_bet.fixed_bets, big_bet.raise_cap, big_bet.cap_lifted_heads_up) == (None, None, False)
        assert big_bet.bet_size(Street.TURN) is None
    assert bets_text(Rules(FixedLimit(10, 20), blinds=(5, 10))) == " 10/20" and bets_text(Rules(NoLimit())) == ""


def test_a_full_raise_as_a_round_opens_is_the_structures_answer():
    # fixed limit: the street's bet, whatever was posted; pot and no limit: the big blind, or a bigger straddle
    assert FixedLimit(2, 4).round_min_raise(Street.PREFLOP, 8, 2) == 2
    assert FixedLimit(2, 4).round_min_raise(Street.TURN, 0, 2) == 4
    for big_bet in (PotLimit(), NoLimit()):
        assert big_bet.round_min_raise(Street.PREFLOP, 2, 2) == 2
        assert big_bet.round_min_raise(Street.PREFLOP, 4, 2) == 4  # a straddle of 4 is the round's big blind
        assert big_bet.round_min_raise(Street.FLOP, 0, 2) == 2
        assert big_bet.round_min_raise(Street.FLOP, 0, 0) == 1  # an ante-only game still raises by a chip


def test_the_structure_decides_what_a_straddle_may_be():
    # over a big blind of 2 with 3 in the pot: fixed limit one small bet more; pot limit twice the bet up to a
    # pot-size raise (2 + 3 + 2); no limit twice the bet or more
    assert FixedLimit(2, 4).straddle_range(2, 3) == (4, 4)
    assert PotLimit().straddle_range(2, 3) == (4, 7)
    assert NoLimit().straddle_range(2, 3) == (4, None)


def test_the_structure_decides_which_big_blinds_it_allows():
    with pytest.raises(RulesError, match=r"in fixed limit the big blind \(4\) cannot exceed the small bet \(2\)"):
        Rules(FixedLimit(2, 4), blinds=(2, 4))
    PotLimit().check_big_blind(10**6)
    with pytest.raises(RulesError, match=r"betting must be a betting structure .* got 'no limit'"):
        Rules("no limit")  # type: ignore[arg-type]


@attrs.frozen(slots=True)
class CapLimit(NoLimit):
    """A structure the engine does not ship: no limit with every wager capped at ``cap`` chips ("cap games"),
    to show that a new structure plays without a change anywhere but its own class."""

    name: ClassVar[str] = "cap-limit"
    title: ClassVar[str] = "Cap Limit"

    cap: int = 10

    def wager_range(self, spot: Spot) -> tuple[int, int] | None:
        allowed = super().wager_range(spot)
        if allowed is None:
            return None
        low, high = allowed
        top = max(low, min(high, self.cap))
        return (min(low, top), top)


def test_a_new_structure_plays_a_hand_without_touching_the_state_machine():
    rules = Rules(CapLimit(cap=10), blinds=(1, 2))
    state = start_hand(rules, (100, 100, 100), button=0, seed=5)
    print("seed 5")
    assert state.legal_actions().max_to == 10
    assert game_name(rules) == "cap-limit"
    while not state.is_over:
        state = state.apply(Check() if state.legal_actions().check else Call())
    assert sum(state.stacks) == 300
    # the JSON form names the structures it can read back, and says so rather than writing what it cannot read
    with pytest.raises(SerializationError, match="cannot write the betting structure CapLimit"):
        to_json(rules)


def test_no_isinstance_chain_on_the_structures_is_left_outside_betting_py():
    naming = re.compile(r"isinstance\([^)]*\b(FixedLimit|PotLimit|NoLimit)\b")
    found = [
        f"{path.relative_to(ENGINE)}:{number}"
        for path in sorted(ENGINE.rglob("*.py"))
        if path.name != "betting.py"
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if naming.search(line)
    ]
    assert found == []


def test_every_structure_answers_every_question_of_the_base():
    abstract = BettingStructure.__abstractmethods__
    assert {"wager_range", "is_full", "next_min_raise", "reopen_threshold", "round_min_raise"} <= abstract
    assert "straddle_range" in abstract
    for made in (FixedLimit(2, 4), PotLimit(), NoLimit()):
        assert isinstance(made, BettingStructure)
