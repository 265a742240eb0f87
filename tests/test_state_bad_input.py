"""The hand state at its edges: the open fold (folding with nothing to call), and inputs that slip past the
action and seat checks (a float amount forced in with object.__setattr__, a float seat, things that are not
actions, start_hand given the wrong kinds of things). Each refusal is an EngineError and leaves the state as
it was."""

from __future__ import annotations

import contextlib
from typing import Any

import pytest
from helpers import LIMIT
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import (
    Bet,
    Call,
    Check,
    EngineError,
    Fold,
    IllegalAction,
    PotLimit,
    Raise,
    Rules,
    RulesError,
    Street,
    start_hand,
    to_json,
)
from engine.serialize import from_json


def _flop(players: int = 3) -> Any:
    state = start_hand(LIMIT, (100,) * players, button=0, seed=5)
    while state.street is Street.PREFLOP:
        state = state.apply(Check() if state.legal_actions().check else Call())
    return state


def test_open_fold_is_accepted_and_binding() -> None:
    """docs/rules.md: a player may fold in turn with nothing to call; the fold is binding."""
    flop = _flop()
    seat = flop.actor
    legal = flop.legal_actions()
    assert legal.check and not legal.fold and Fold() not in legal.actions
    assert legal.allows(Fold())
    after = flop.apply(Fold())
    assert after.folded[seat] and not flop.folded[seat]
    assert after.actor != seat and sum(after.stacks) + after.pot_total == sum(flop.stacks) + flop.pot_total


def test_open_fold_by_the_big_blind_with_the_option() -> None:
    state = start_hand(LIMIT, (100, 100, 100), button=0, seed=5)
    state = state.apply(Call()).apply(Call())  # the button calls, the small blind completes
    assert state.actor == 2 and state.legal_actions().check
    after = state.apply(Fold())
    assert after.folded == (False, False, True) and after.street is Street.FLOP


def test_open_fold_heads_up_ends_the_hand() -> None:
    state = start_hand(LIMIT, (100, 100), button=0, seed=9)
    state = state.apply(Call())
    assert state.legal_actions().check
    over = state.apply(Fold())
    assert over.is_over and over.result.net[0] == 2 and over.result.net[1] == -2


def test_open_fold_round_trips_through_json() -> None:
    after = _flop().apply(Fold())
    assert from_json(to_json(after)) == after


def test_fold_refused_where_no_betting_decision_is_due() -> None:
    """While players all in choose how many times to run the board, there is no bet to fold to."""
    state = start_hand(Rules(PotLimit(), blinds=(1, 2), runs=2), (10, 100), button=0, seed=2)
    state = state.apply(Raise(6)).apply(Raise(10)).apply(Call())  # seat 0 calls all in
    assert state.legal_actions().runs == 2
    with pytest.raises(IllegalAction, match="cannot fold now"):
        state.apply(Fold())


def test_default_on_timeout_still_checks_rather_than_folds() -> None:
    assert _flop().legal_actions().default == Check()


def test_a_float_amount_forced_into_an_action_is_refused() -> None:
    state = start_hand(LIMIT, (100, 100, 100), button=0, seed=5)
    sneaky = Raise(4)
    object.__setattr__(sneaky, "to", 4.0)
    with pytest.raises(IllegalAction, match="amounts are whole numbers of chips"):
        state.apply(sneaky)
    object.__setattr__(sneaky, "to", True)
    with pytest.raises(IllegalAction):
        state.apply(sneaky)
    flop = _flop()
    bet = Bet(2)
    object.__setattr__(bet, "to", 4.5)
    assert not flop.legal_actions().allows(bet)
    with pytest.raises(IllegalAction, match=r"4\.5"):
        flop.apply(bet)


@pytest.mark.parametrize("seat", [0.0, True, "0", None.__class__])
def test_seat_must_be_a_whole_number(seat: object) -> None:
    state = start_hand(LIMIT, (100, 100, 100), button=0, seed=5)
    assert state.actor == 0
    with pytest.raises(IllegalAction, match=r"seat \(the acting seat's index\) must be a whole number"):
        state.apply(Call(), seat=seat)  # type: ignore[arg-type]


@pytest.mark.parametrize("thing", ["call", None, 3, Call, object()])
def test_something_that_is_not_an_action(thing: object) -> None:
    state = start_hand(LIMIT, (100, 100, 100), button=0, seed=5)
    with pytest.raises(IllegalAction, match="is not an action; play one of"):
        state.apply(thing)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("kwargs", "match"),
    [
        ({"stacks": None}, "stacks must be a sequence"),
        ({"stacks": "ab"}, "stacks must be a sequence"),
        ({"stacks": 300}, "stacks must be a sequence"),
        ({"stacks": (100, 2.5)}, r"seat 1's stack \(chips\) must be a whole number >= 1"),
        ({"stacks": (100, float("nan"))}, "must be a whole number"),
        ({"button": None}, "button"),
        ({"button": 1.0}, "button"),
        ({"deck": 5}, "deck must be a Deck or a sequence of cards"),
        ({"posts": 5}, "posts must be a sequence of Post"),
        ({"posts": [5]}, "posts must be Post"),
        ({"bomb_pot": 2.0}, "bomb_pot"),
    ],
)
def test_start_hand_refuses_the_wrong_kinds_of_things(kwargs: dict[str, object], match: str) -> None:
    arguments: dict[str, Any] = {"stacks": (100, 100, 100), "button": 0, **kwargs}
    with pytest.raises(RulesError, match=match):
        start_hand(LIMIT, **arguments)


def test_start_hand_refuses_rules_that_are_not_rules() -> None:
    with pytest.raises(RulesError, match="rules must be a Rules"):
        start_hand(None, (100, 100))  # type: ignore[arg-type]


def test_refused_actions_leave_the_state_unchanged() -> None:
    state = _flop()
    before = to_json(state)
    for bad in (Raise(8), Call(), "fold", None):
        with pytest.raises(EngineError):
            state.apply(bad)  # type: ignore[arg-type]
    assert to_json(state) == before


# --- garbage at the state's public functions ---------------------------------------------------------------

GARBAGE = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(2**70), max_value=2**70),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=8),
    st.text(alphabet=st.characters(categories=["Cc", "Cf", "Zl", "Zp"]), max_size=4),
    st.binary(max_size=4),
    st.lists(st.integers(min_value=-5, max_value=300), max_size=11),
    st.tuples(st.integers(min_value=1, max_value=200), st.integers(min_value=1, max_value=200)),
    st.just(Call()),
    st.just(Raise(4)),
    st.just(object()),
    st.just(LIMIT),
)


@settings(max_examples=300, deadline=None)
@given(
    rules=st.one_of(st.just(LIMIT), GARBAGE),
    stacks=GARBAGE,
    button=GARBAGE,
    extra=st.dictionaries(st.sampled_from(["seed", "deck", "posts", "bomb_pot"]), GARBAGE, max_size=2),
)
def test_start_hand_given_garbage_raises_only_engine_errors(
    rules: Any, stacks: Any, button: Any, extra: dict[str, Any]
) -> None:
    if "deck" in extra and "seed" in extra:
        del extra["seed"]
    try:
        state = start_hand(rules, stacks, button, **extra)
    except EngineError:
        return
    assert sum(state.stacks) + state.pot_total == sum(state.starting_stacks)


@settings(max_examples=300, deadline=None)
@given(action=GARBAGE, seat=GARBAGE, viewer=GARBAGE)
def test_apply_and_view_given_garbage_raise_only_engine_errors(action: Any, seat: Any, viewer: Any) -> None:
    state = _flop()
    before = to_json(state)
    for call in (lambda: state.apply(action, seat), lambda: state.apply(action), lambda: state.view(viewer)):
        with contextlib.suppress(EngineError):
            call()
    assert to_json(state) == before
