"""Seat views leak nothing: no other player's face-down or mucked cards, no burn card, no deck order, in any
field, on any street, in JSON; and they say everything a player is entitled to.

The leak check does not trust the view's structure: it walks every value reachable from the view (and scans
the view's JSON text) for cards, and every card found must be the seat's own, on the board, or shown.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator

import attrs
import pytest
from helpers import burns_of, deck_for, play
from hypothesis import given
from hypothesis import strategies as st
from random_play import played_hands, tables

from engine import (
    Bet,
    Call,
    Card,
    Check,
    EngineError,
    FixedLimit,
    Fold,
    HandState,
    Muck,
    NoLimit,
    Raise,
    Rules,
    SeatView,
    Show,
    ShowdownPolicy,
    Street,
    Table,
    from_json,
    parse_cards,
    start_hand,
    to_json,
)
from engine.events import Burned, HoleDealt, Mucked, Shown
from engine.serialize import table_views_json
from engine.views import BurnedFaceDown, DealtFaceDown, seat_view, seat_views

CARD_TOKEN = re.compile(r"(?<![0-9A-Za-z])([2-9TJQKA][cdhs])(?![0-9A-Za-z])")

VIEW_FIELDS = {
    "seat",
    "rules",
    "button",
    "street",
    "hole",
    "board",
    "starting_stacks",
    "stacks",
    "bets",
    "contributed",
    "folded",
    "pot_total",
    "level",
    "actor",
    "legal",
    "shown",
    "mucked",
    "events",
    "result",
    "boards",
    "_replay",
}  # _replay: a bot view's public facts for its events (engine.bots.view)


def cards_in(value: object) -> Iterator[Card]:
    """Every card reachable from ``value``: through attrs fields, named tuples, tuples, lists and dicts."""
    if isinstance(value, Card):
        yield value
    elif attrs.has(type(value)):
        for field in attrs.fields(type(value)):
            yield from cards_in(getattr(value, field.name))
    elif isinstance(value, (tuple, list)):
        for item in value:
            yield from cards_in(item)
    elif isinstance(value, dict):
        for item in value.values():
            yield from cards_in(item)


def allowed_cards(state: HandState, seat: int | None) -> set[Card]:
    """What ``seat`` may see: its own cards, the board, and the hands turned face up."""
    allowed = set(state.board).union(*state.boards)
    if seat is not None:
        allowed |= set(state.hole[seat])
    for other, shown in enumerate(state.shown):
        if shown:
            allowed |= set(state.hole[other])
    return allowed


def check_no_leak(state: HandState, seat: int | None) -> SeatView:
    view = seat_view(state, seat)
    allowed = allowed_cards(state, seat)
    found = set(cards_in(view))
    assert found <= allowed, f"seat {seat} sees {sorted(map(str, found - allowed))}"
    text = to_json(view)
    in_json = {Card(token) for token in CARD_TOKEN.findall(text)}
    assert in_json <= allowed, f"seat {seat}'s JSON holds {sorted(map(str, in_json - allowed))}"
    assert "deck" not in json.loads(text)
    # The burn cards and undealt cards are never in a view, however they are spelled.
    secret = set(state.deck) - allowed
    assert not (found | in_json) & secret
    return view


def check_view_fields(state: HandState, seat: int, view: SeatView) -> None:
    """The public fields say what the state says; the private ones are the seat's own."""
    assert {f.name for f in attrs.fields(SeatView)} == VIEW_FIELDS, "a new view field needs a leak review"
    assert view.seat == seat and view.hole == state.hole[seat]
    assert (view.rules, view.button, view.street, view.board, view.boards) == (
        state.rules,
        state.button,
        state.street,
        state.board,
        state.boards,
    )
    assert (view.starting_stacks, view.stacks, view.bets, view.contributed) == (
        state.starting_stacks,
        state.stacks,
        state.bets,
        state.contributed,
    )
    assert (view.folded, view.all_in, view.pots, view.pot_total, view.level, view.actor, view.mucked) == (
        state.folded,
        state.all_in,
        state.pots,
        state.pot_total,
        state.level,
        state.actor,
        state.mucked,
    )
    assert view.legal == (state.legal_actions() if state.actor == seat else None)
    assert view.to_act == (state.actor == seat)
    assert view.shown == tuple(state.hole[s] if state.shown[s] else () for s in range(state.players))
    assert (view.result is None) == (state.result is None)
    if state.result is not None and view.result is not None:
        assert view.result.net == state.result.net
        assert [p.payouts for p in view.result.pots] == [p.payouts for p in state.result.pots]
    events = state.events
    assert len(view.events) == len(events)
    for mine, real in zip(view.events, events, strict=True):
        if isinstance(real, HoleDealt):
            assert mine == (real if real.seat == seat else DealtFaceDown(real.seat, len(real.cards)))
        elif isinstance(real, Burned):
            assert mine == BurnedFaceDown()
        else:
            assert mine == real
    assert from_json(to_json(view)) == view


# --- properties over random hands ---------------------------------------------------------------------------


@given(played_hands())
def test_no_view_leaks_in_random_hands(states: list[HandState]) -> None:
    for state in states:
        for seat in range(state.players):
            view = check_no_leak(state, seat)
            check_view_fields(state, seat, view)
            assert state.view(seat) == view
        spectator = check_no_leak(state, None)
        assert spectator.hole == () and spectator.legal is None


@given(played_hands())
def test_a_seat_sees_its_own_cards_and_every_shown_hand(states: list[HandState]) -> None:
    last = states[-1]
    for seat in range(last.players):
        view = last.view(seat)
        assert view.hole == last.hole[seat]
        own = [e for e in view.events if isinstance(e, HoleDealt)]
        assert own == [HoleDealt(seat, last.hole[seat])]
        for other in range(last.players):
            if last.shown[other]:
                assert Shown(other, last.hole[other]) in view.events
                assert set(last.hole[other]) <= set(cards_in(view))


@given(played_hands())
def test_a_views_pots_and_all_in_are_worked_out_from_its_chips_as_the_states_are(states: list[HandState]) -> None:
    """`SeatView.pots` and `SeatView.all_in` are properties of the view's own chips (not stored; a document's
    are only checked against them): at every state they are `HandState.pots` and `HandState.all_in`, side pots
    and settled hands included, for every seat and a spectator, and again after a JSON round trip."""
    for state in states:
        for seat in (*range(state.players), None):
            view = seat_view(state, seat)
            assert view.pots == state.pots and view.all_in == state.all_in
            copy = from_json(to_json(view))
            assert isinstance(copy, SeatView) and copy.pots == state.pots and copy.all_in == state.all_in


def test_a_view_document_may_leave_out_pots_and_all_in_but_may_not_contradict_the_chips() -> None:
    state = start_hand(Rules(NoLimit(), blinds=(1, 2)), (30, 100, 100), button=0, seed=5)
    state = state.apply(Raise(30)).apply(Call()).apply(Call())  # seat 0 all in for 30, both others call
    view = state.view(1)
    assert view.all_in == (True, False, False) and [pot.amount for pot in view.pots] == [90]
    document = json.loads(to_json(view))
    assert from_json(json.dumps({k: v for k, v in document.items() if k not in ("pots", "all_in")})) == view
    for name, wrong in (("all_in", [False, False, False]), ("pots", [{"amount": 90, "eligible": [1, 2]}])):
        with pytest.raises(EngineError, match=name):
            from_json(json.dumps({**document, name: wrong}))


# --- every street, by hand ---------------------------------------------------------------------------------


HOLES = {0: "As 2h Kc Qd", 1: "3c 3d 9s 9h", 2: "7c 8c Jd Js"}
BOARD = "4s 5c 6d Th 2c"


def _manual_hand() -> HandState:
    rules = Rules(FixedLimit(2, 4), blinds=(1, 2), showdown=ShowdownPolicy.MANUAL)
    return start_hand(rules, (100, 100, 100), button=0, deck=deck_for(3, 0, HOLES, BOARD))


def test_every_street_and_a_muck() -> None:
    deck = deck_for(3, 0, HOLES, BOARD)
    burns = set(burns_of(deck, 3))
    state = _manual_hand()
    seen_streets = set()
    steps = [
        (0, Call()),
        (1, Call()),
        (2, Check()),  # preflop
        (1, Bet(2)),
        (2, Call()),
        (0, Call()),  # flop
        (1, Check()),
        (2, Check()),
        (0, Check()),  # turn
        (1, Check()),
        (2, Check()),
        (0, Bet(4)),
        (1, Call()),
        (2, Call()),  # river
        (0, Show()),
        (1, Muck()),
        (2, Show()),
    ]  # showdown: seat 1 mucks
    for seat, action in steps:
        seen_streets.add(state.street)
        for viewer in (0, 1, 2, None):
            view = check_no_leak(state, viewer)
            assert not burns & set(cards_in(view))
        state = state.apply(action, seat=seat)
    assert seen_streets == {Street.PREFLOP, Street.FLOP, Street.TURN, Street.RIVER, Street.SHOWDOWN}
    assert state.is_over and state.mucked == (False, True, False)
    mucked = set(parse_cards(HOLES[1]))
    for viewer in (0, 2, None):
        view = check_no_leak(state, viewer)
        assert not mucked & set(cards_in(view))
        assert not mucked & {Card(t) for t in CARD_TOKEN.findall(to_json(view))}
        assert Mucked(1) in view.events and view.shown[1] == ()
        assert parse_cards(HOLES[0])[0] in set(cards_in(view))  # seat 0 showed
    own = state.view(1)
    assert own.hole == parse_cards(HOLES[1])  # the mucked player still sees their own cards


def test_legal_actions_only_for_the_seat_to_act() -> None:
    state = _manual_hand()
    assert state.actor == 0
    assert state.view(0).legal == state.legal_actions()
    assert state.view(1).legal is None and state.view(2).legal is None


def test_winning_hand_named_only_when_shown() -> None:
    # Everyone folds to the big blind: no showdown, no hand named.
    state = play(_manual_hand(), (0, Fold()), (1, Fold()))
    assert state.is_over
    for seat in range(3):
        result = state.view(seat).result
        assert result is not None and all(p.high_hand is None and p.low_hand is None for p in result.pots)
    # A shown winner is named for everyone.
    state = _manual_hand()
    for seat, action in (
        [(0, Call()), (1, Call()), (2, Check())]
        + [(s, Check()) for _ in range(3) for s in (1, 2, 0)]
        + [(1, Show()), (2, Muck()), (0, Show())]
    ):
        state = state.apply(action, seat=seat)
    assert state.result is not None and state.result.pots[0].high_hand is not None
    for seat in range(3):
        view = state.view(seat)
        assert view.result is not None
        assert view.result.pots[0].high_hand == state.result.pots[0].high_hand


def test_redacted_hand_names_when_the_owner_did_not_show() -> None:
    from engine.views import public_result

    state = play(
        _manual_hand(),
        (0, Call()),
        (1, Call()),
        (2, Check()),
        *[(s, Check()) for _ in range(3) for s in (1, 2, 0)],
        (1, Show()),
        (2, Muck()),
        (0, Show()),
    )
    assert state.result is not None
    winner = state.result.pots[0].high_winners[0]
    hidden = tuple(s != winner for s in range(3))  # pretend only the losers showed
    assert public_result(state.result, hidden, seat=None).pots[0].high_hand is None
    assert public_result(state.result, hidden, seat=winner).pots[0].high_hand is not None


def test_view_of_a_bad_seat_is_refused() -> None:
    state = _manual_hand()
    for seat in (-1, 3, "0", True):
        with pytest.raises(EngineError, match="seat"):
            state.view(seat)  # type: ignore[arg-type]


@given(st.integers(0, 2**32))
def test_all_in_showdown_shows_every_hand_to_everyone(seed: int) -> None:
    state = start_hand(Rules(NoLimit(), blinds=(1, 2), showdown=ShowdownPolicy.MANUAL), (50, 50, 50), seed=seed)
    state = state.apply(Raise(state.legal_actions().max_to))
    while not state.is_over:
        state = state.apply(Call() if state.legal_actions().call else Check())
    for seat in range(3):
        view = check_no_leak(state, seat)
        assert all(view.shown)


@given(tables())
def test_table_views_leak_nothing(case: tuple[Table, HandState | None]) -> None:
    table, state = case
    if table.hand is None:
        state = None
    for seat in [None, *range(len(table.seats))]:
        view = table.view(seat, state)
        found = set(cards_in(view)) | {Card(t) for t in CARD_TOKEN.findall(to_json(view))}
        if state is None:
            assert not found and view.hand is None
            continue
        hand_seat = table.hand_seat(seat) if seat is not None else None
        assert found <= allowed_cards(state, hand_seat)
        assert view.hand == seat_view(state, hand_seat)


@given(tables())
def test_views_of_many_seats_equal_one_seat_views_and_their_json(case: tuple[Table, HandState | None]) -> None:
    """`Table.views` and `table_views_json` (what a server sends every seat after a change) are only faster
    ways to `Table.view` and `to_json`: the same views, the same text, byte for byte."""
    table, state = case
    if table.hand is None:
        state = None
    seats: list[int | None] = [None, *range(len(table.seats))]
    views = table.views(seats, state)
    assert list(views) == seats
    assert all(views[seat] == table.view(seat, state) for seat in seats)
    assert table_views_json([views[seat] for seat in seats]) == [to_json(views[seat]) for seat in seats]
    if state is not None:
        hand_seats = [None, *range(len(state.stacks))]
        assert seat_views(state, hand_seats) == {seat: seat_view(state, seat) for seat in hand_seats}
        # views of different moments mixed in one call: each still gets its own text
        between = table.views(seats)
        mixed = [view for seat in seats for view in (views[seat], between[seat])]
        assert table_views_json(mixed) == [to_json(view) for view in mixed]


def test_views_of_many_seats_check_every_seat() -> None:
    table = Table.new(Rules(FixedLimit(2, 4), blinds=(1, 2)), 4).join(0, "ann", 100).join(2, "bob", 100)
    with pytest.raises(EngineError, match="seat"):
        table.views([0, 9])
    with pytest.raises(EngineError, match="table views"):
        table_views_json(["not a view"])  # type: ignore[list-item]
