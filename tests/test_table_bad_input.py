"""The table at its edges: it knows the hand it dealt, refuses bad names and do-nothing calls, hands
departures over exactly once, keeps a chip ledger that adds up, may keep a busted player seated for a rebuy,
and answers any garbage with an `EngineError` subclass, unchanged."""

from __future__ import annotations

import functools
import math
import random
from collections.abc import Callable
from typing import Any

import attrs
import pytest
from helpers import LIMIT, fold_around, seated
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import (
    Call,
    Card,
    Check,
    EngineError,
    FixedGame,
    HandState,
    NoLimit,
    Player,
    PotLimit,
    Raise,
    Rake,
    Rules,
    Table,
    TableError,
    from_json,
    start_hand,
    to_json,
)
from engine.bots import Bot, CallingStation, HiLoBot, RandomBot
from engine.table import Departure, HandInPlay

RAKED = Rules(NoLimit(), blinds=(1, 2), rake=Rake("5", cap=3))


def all_in_by(table: Table, state: HandState, seat: int) -> HandState:
    """Table seat ``seat`` moves all in at once; everyone else calls or checks it down."""
    while not state.is_over:
        legal = state.legal_actions()
        if table.table_seat(state.actor or 0) == seat and legal.wager:
            state = state.apply(Raise(legal.max_to))
        else:
            state = state.apply(Check() if legal.check else Call())
    return state


# --- the table knows the hand it dealt ---------------------------------------------------------------------------


def test_a_hand_with_the_same_setup_but_another_deck_is_refused() -> None:
    table, state = seated().start_next_hand(seed=1)
    setup = state.setup
    forged = start_hand(setup.rules, setup.starting_stacks, setup.button, seed=2, posts=setup.posts)
    assert forged.setup.deck != setup.deck
    with pytest.raises(TableError, match="not dealt by this table"):
        table.check_hand(forged)
    with pytest.raises(TableError, match="not dealt by this table"):
        table.finish_hand(fold_around(forged))
    with pytest.raises(TableError, match="not dealt by this table"):
        table.view(0, forged)
    assert table.finish_hand(fold_around(state)).hand is None


def test_an_identical_twin_table_cannot_finish_the_others_hand() -> None:
    one, hand_one = seated().start_next_hand(seed=1)
    two, hand_two = seated().start_next_hand(seed=2)
    assert one.hand is not None and two.hand is not None
    assert (one.hand.seats, one.hand.rules, one.hand.posts) == (two.hand.seats, two.hand.rules, two.hand.posts)
    with pytest.raises(TableError, match="not dealt by this table"):
        one.finish_hand(fold_around(hand_two))
    with pytest.raises(TableError, match="not dealt by this table"):
        two.finish_hand(fold_around(hand_one))


def test_the_hand_is_known_by_value_so_a_restored_table_accepts_its_own_hand() -> None:
    table, state = seated().start_next_hand(seed=5)
    assert table.hand is not None and table.hand.deck == state.setup.deck
    copied = attrs.evolve(table, hand=attrs.evolve(table.hand, deck=tuple(Card(int(c)) for c in state.setup.deck)))
    assert copied == table
    assert copied.check_hand(from_json(to_json(state), HandState)) == table.hand
    restored = from_json(to_json(table), Table)
    restored.check_hand(from_json(to_json(state), HandState))
    assert restored.finish_hand(fold_around(state)).seats == table.finish_hand(fold_around(state)).seats


def test_a_table_restored_from_json_still_refuses_a_hand_with_another_deck() -> None:
    """The table document carries the deck of the hand in play (engine/serialize.py writes it)."""
    table, state = seated().start_next_hand(seed=1)
    setup = state.setup
    forged = start_hand(setup.rules, setup.starting_stacks, setup.button, seed=2, posts=setup.posts)
    restored = from_json(to_json(table), Table)
    assert restored == table
    with pytest.raises(TableError, match="not dealt by this table"):
        restored.check_hand(forged)


def test_a_hand_in_play_refuses_a_deck_that_is_not_a_deck() -> None:
    table, _ = seated().start_next_hand(seed=5)
    assert table.hand is not None
    for bad in (("As",), (1, 2, 3), "As Kd", (Card("As"), Card("As"))):
        with pytest.raises(TableError, match="deck"):
            attrs.evolve(table.hand, deck=bad)


# --- names ---------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["a\nb", "nul\x00", "zero\u200bwidth", "tab\there", " padded", "", "x" * 65, 7])
def test_names_that_would_break_a_history_are_refused(name: Any) -> None:
    table = seated()
    with pytest.raises(TableError, match="name"):
        table.join(3, name, 100)
    with pytest.raises(TableError, match="name"):
        Player(name, 100)
    assert table == seated()


def test_a_long_bad_name_is_quoted_short() -> None:
    with pytest.raises(TableError) as error:
        seated().join(3, "\x00" * 100_000, 100)
    assert len(str(error.value)) < 300


# --- calls that would do nothing -------------------------------------------------------------------------------------


def test_sitting_out_twice_is_an_error_that_says_so() -> None:
    table = seated().sit_out(1)
    with pytest.raises(TableError, match=r"seat 1 \(p1\) is already sitting out"):
        table.sit_out(1)


def test_coming_back_when_not_away_is_an_error_that_says_so() -> None:
    table = seated()
    with pytest.raises(TableError, match=r"seat 1 \(p1\) is not sitting out"):
        table.come_back(1)
    assert table.sit_out(1).come_back(1) == table


def test_come_back_while_leaving_cancels_the_leave() -> None:
    table, state = seated().start_next_hand(seed=1)
    leaving = table.leave(1)
    back = leaving.come_back(1)
    assert back == table
    finished = back.finish_hand(fold_around(state))
    assert finished.seats[1] is not None and finished.departed == ()
    with pytest.raises(TableError, match=r"seat 1 \(p1\) is already leaving"):
        leaving.leave(1)
    away = leaving.sit_out(1)  # a leaving player may also be marked away; come_back undoes both
    assert away.come_back(1) == table


def test_a_player_who_sat_out_and_asked_to_leave_comes_back_in_full() -> None:
    table, _ = seated().start_next_hand(seed=1)
    back = table.sit_out(2).leave(2).come_back(2)
    assert back == table


# --- seat numbers --------------------------------------------------------------------------------------------------


def test_hand_seat_of_a_seat_outside_the_table_is_an_error() -> None:
    table, _ = seated().sit_out(2).start_next_hand(seed=1)
    assert table.hand_seat(2) is None  # a real seat, not dealt in
    assert table.hand_seat(1) == 1
    for bad in (9, 4, -1, "0", 1.0, True, None):
        with pytest.raises(TableError, match="seat"):
            table.hand_seat(bad)  # type: ignore[arg-type]
    for bad in (2, -1, "0", 1.0, True):
        with pytest.raises(TableError, match="seat"):
            table.table_seat(bad)  # type: ignore[arg-type]
    assert seated().hand_seat(0) is None  # between hands


def test_seat_of_refuses_a_name_that_is_not_text() -> None:
    table = seated()
    assert table.seat_of("p2") == 2
    for bad in (None, 3, ["p2"], "nobody"):
        with pytest.raises(TableError, match=r"no player named|name is a string"):
            table.seat_of(bad)  # type: ignore[arg-type]


# --- departures are handed over exactly once ----------------------------------------------------------------------


def test_departures_gather_until_taken_and_are_taken_once() -> None:
    table = seated(Rules(NoLimit(), blinds=(1, 2)), 5, (0, 1, 2, 3))
    table = table.leave(3)  # between hands: at once
    table, state = table.start_next_hand(seed=4)
    table = table.leave(0)  # in the hand: at its end
    table = table.finish_hand(all_in_by(table, state, 1))
    reasons = sorted((d.seat, d.reason) for d in table.departed)
    assert (3, "left") in reasons and (0, "left") in reasons  # the earlier leave is still there
    table, taken = table.take_departures()
    assert taken and sorted((d.seat, d.reason) for d in taken) == reasons
    assert table.departed == ()
    again, nothing = table.take_departures()
    assert nothing == () and again == table


def test_a_session_counts_every_departure_exactly_once() -> None:
    rng = random.Random(11)
    table = seated(Rules(NoLimit(), blinds=(1, 2)), 6, (0, 1, 2, 3, 4, 5), stack=20)
    bought, cashed = 6 * 20, 0
    names = iter(f"n{i}" for i in range(1000))
    for _ in range(60):
        empty = [s for s, p in enumerate(table.seats) if p is None]
        if empty and rng.random() < 0.5:
            table = table.join(rng.choice(empty), next(names), 20)
            bought += 20
        if len(table.players) > 2 and rng.random() < 0.2:
            table = table.leave(rng.choice([s for s, _ in table.players]))
        try:
            table, state = table.start_next_hand(seed=rng.getrandbits(32))
        except TableError:
            continue
        if rng.random() < 0.3:
            table = table.leave(rng.choice(table.hand_seats))
        table = table.finish_hand(all_in_by(table, state, rng.choice(table.hand_seats)))
        if rng.random() < 0.5:
            table, gone = table.take_departures()
            cashed += sum(d.player.stack for d in gone)
    table, gone = table.take_departures()
    cashed += sum(d.player.stack for d in gone)
    assert sum(p.stack for _, p in table.players) + cashed == bought
    assert table.cashed_out == cashed and table.bought_in == bought


# --- the chip ledger -------------------------------------------------------------------------------------------------


def test_the_ledger_counts_buy_ins_rebuys_cash_outs_and_rake() -> None:
    table = seated(RAKED, 4, (0, 1, 2))
    assert (table.bought_in, table.cashed_out, table.rake_taken) == (300, 0, 0)
    table = table.add_chips(0, 50)
    table, state = table.start_next_hand(seed=3)
    state = all_in_by(table, state, 1)
    assert state.result is not None and state.result.rake > 0
    table = table.finish_hand(state)
    assert table.bought_in == 350 and table.rake_taken == state.result.rake
    table.check_chips()
    table = table.leave(0)
    assert table.cashed_out > 0
    table.check_chips()


def test_check_chips_finds_chips_that_appeared_from_nowhere() -> None:
    table = seated()
    seats = list(table.seats)
    seats[0] = Player("p0", 150)
    smuggled = attrs.evolve(table, seats=seats)
    with pytest.raises(TableError, match="chips do not add up"):
        smuggled.check_chips()


def test_a_table_built_with_players_counts_their_stacks_as_bought_in() -> None:
    table = Table((Player("a", 10), Player("b", 20)), FixedGame(LIMIT))
    assert table.bought_in == 30
    table.check_chips()


@pytest.mark.parametrize("seed", range(3))
def test_the_ledger_adds_up_over_many_hands_of_bots(seed: int) -> None:
    rng = random.Random(seed)
    game = rng.choice([RAKED, Rules(PotLimit(), blinds=(1, 2), rake=Rake("10", cap=2)), LIMIT])
    table = Table.new(game, 6, keep_busted=rng.random() < 0.5)
    bots: dict[int, Bot] = {}
    names = iter(f"bot{i}" for i in range(10_000))
    cashed = 0
    for _ in range(120):
        for seat in range(6):
            player = table.seats[seat]
            roll = rng.random()
            if player is None and roll < 0.3:
                table = table.join(seat, next(names), rng.randint(5, 60))
                choices: list[Bot] = [RandomBot(seed=rng.getrandbits(16), amount="random"), HiLoBot(), CallingStation()]
                bots[seat] = rng.choice(choices)
            elif player is not None and player.stack == 0 and roll < 0.5:
                table = table.add_chips(seat, 40)
            elif player is not None and roll < 0.03:
                table = table.leave(seat)
        try:
            table, state = table.start_next_hand(seed=rng.getrandbits(32))
        except TableError:
            continue
        while not state.is_over:
            actor = state.actor or 0
            state = state.apply(bots[table.table_seat(actor)].act(state.view(actor)))
        table = table.finish_hand(state)
        table.check_chips()
        if rng.random() < 0.3:
            table, gone = table.take_departures()
            cashed += sum(d.player.stack for d in gone)
    assert table.hands_played > 20
    on_table = sum(p.stack for _, p in table.players)
    assert on_table + table.cashed_out + table.rake_taken == table.bought_in
    assert cashed + sum(d.player.stack for d in table.departed) == table.cashed_out


# --- keeping a busted player seated -------------------------------------------------------------------------------


def test_a_busted_player_may_stay_seated_for_a_rebuy() -> None:
    table = seated(Rules(NoLimit(), blinds=(1, 2)), 4, (0, 1, 2), keep_busted=True)
    table, state = table.start_next_hand(seed=2)
    state = all_in_by(table, state, 1)
    busted = [table.table_seat(s) for s, stack in enumerate(state.stacks) if stack == 0]
    assert busted, "someone busts: seat 1 moved all in and was called"
    table = table.finish_hand(state)
    seat = busted[0]
    player = table.seats[seat]
    assert player is not None and player.stack == 0 and player.sitting_out and table.departed == ()
    with pytest.raises(TableError, match="no chips"):
        table.come_back(seat)
    with pytest.raises(TableError, match="already sitting out"):
        table.sit_out(seat)
    table.check_chips()
    rebought = table.add_chips(seat, 100)
    player = rebought.seats[seat]
    assert player is not None and player.stack == 100 and not player.sitting_out
    rebought.check_chips()
    dealt, _ = rebought.start_next_hand(seed=3)
    assert seat in dealt.hand_seats  # rebought before the next hand: owes nothing, plays at once


def test_a_kept_busted_player_misses_blinds_like_anyone_sitting_out() -> None:
    start = seated(Rules(NoLimit(), blinds=(1, 2)), 4, (0, 1, 3), keep_busted=True).join(2, "short", 10)
    for seed in range(100):  # a deal where the short stack moves all in and loses
        table, state = start.start_next_hand(seed=seed)
        state = all_in_by(table, state, 2)
        if state.stacks[table.hand_seat(2) or 0] == 0:
            break
    seat = 2
    table = table.finish_hand(state)
    assert [s for s, p in table.players if p.stack == 0] == [seat]
    for number in range(4):  # a full orbit passes the empty-handed seat
        table, state = table.start_next_hand(seed=10 + number)
        assert seat not in table.hand_seats
        table = table.finish_hand(fold_around(state))
    player = table.add_chips(seat, 100).seats[seat]
    assert player is not None and not player.sitting_out and player.waiting and player.owes_big


def test_without_the_option_a_busted_player_leaves() -> None:
    table = seated(Rules(NoLimit(), blinds=(1, 2)), 4, (0, 1, 2))
    table, state = table.start_next_hand(seed=2)
    table = table.finish_hand(all_in_by(table, state, 1))
    assert any(d.reason == "busted" for d in table.departed)
    assert all(p.stack > 0 for _, p in table.players)


def test_a_kept_busted_player_leaving_departs_with_nothing() -> None:
    table = seated(Rules(NoLimit(), blinds=(1, 2)), 4, (0, 1, 2), keep_busted=True)
    table, state = table.start_next_hand(seed=2)
    state = all_in_by(table, state, 1)
    seat = next(table.table_seat(s) for s, stack in enumerate(state.stacks) if stack == 0)
    table = table.finish_hand(state).leave(seat)
    assert [(d.seat, d.player.stack) for d in table.departed] == [(seat, 0)]
    table.check_chips()


def test_a_seated_player_with_no_chips_must_be_a_kept_busted_player() -> None:
    with pytest.raises(TableError, match="no chips"):
        Table((Player("a", 0, sitting_out=True), Player("b", 5)), FixedGame(LIMIT))
    with pytest.raises(TableError, match="no chips"):
        Table((Player("a", 0), Player("b", 5)), FixedGame(LIMIT), keep_busted=True)
    table = Table((Player("a", 0, sitting_out=True), Player("b", 5)), FixedGame(LIMIT), keep_busted=True)
    assert table.bought_in == 5


# --- every check through engine/validate.py ------------------------------------------------------------------------


@pytest.mark.parametrize(
    "make",
    [
        lambda: Player("a", 5, sitting_out="no"),  # type: ignore[arg-type]
        lambda: Player("a", 5, waiting=1),  # type: ignore[arg-type]
        lambda: Player("a", 5, leaving=None),  # type: ignore[arg-type]
        lambda: Player("a", 5.0),  # type: ignore[arg-type]
        lambda: Player("a", True),
        lambda: Table.new(LIMIT, 4, keep_busted="yes"),  # type: ignore[arg-type]
        lambda: Table.new(LIMIT, 4.0),  # type: ignore[arg-type]
        lambda: Table.new(LIMIT, 4, button=1.0),  # type: ignore[arg-type]
        lambda: Table((None, None), FixedGame(LIMIT), minutes=math.nan),
        lambda: Table((None, None), FixedGame(LIMIT), minutes=True),
        lambda: Table((None, None), FixedGame(LIMIT), hands_played=-1),
        lambda: Table((None, None), FixedGame(LIMIT), bought_in=-1),
        lambda: Table((None, None), FixedGame(LIMIT), rake_taken=1.5),  # type: ignore[arg-type]
        lambda: Table(None, FixedGame(LIMIT)),  # type: ignore[arg-type]
        lambda: Table((None, None), FixedGame(LIMIT), departed=5),  # type: ignore[arg-type]
        lambda: Departure(0, Player("a", 5), "vanished"),
        lambda: Departure(0.0, Player("a", 5), "left"),  # type: ignore[arg-type]
        lambda: Departure(0, "a", "left"),  # type: ignore[arg-type]
        lambda: HandInPlay(("0", 1), 0, LIMIT, ()),
        lambda: HandInPlay((0, 1), 0, LIMIT, (None,)),
        lambda: seated().with_time(math.inf),
        lambda: seated().with_time("5"),  # type: ignore[arg-type]
        lambda: seated().add_chips(0, 2.5),  # type: ignore[arg-type]
        lambda: seated().come_back(0, post_missed=1),  # type: ignore[arg-type]
        lambda: seated().next_deal(bomb_pot=True),
    ],
)
def test_wrong_kinds_of_values_are_table_errors(make: Callable[[], object]) -> None:
    with pytest.raises(TableError):
        make()


# --- garbage at every public method ---------------------------------------------------------------------------------


def _garbage() -> st.SearchStrategy[Any]:
    text = st.text(alphabet=st.characters(codec="utf-8"), max_size=12)
    control = st.sampled_from(["\n", "\x00", "\u200b", "\ufeff", "a\rb", "\x1b[2J", " ", "ann"])
    numbers = st.one_of(
        st.integers(-3, 12),
        st.integers(-(10**40), 10**40),
        st.floats(),
        st.booleans(),
        st.just(math.nan),
        st.just(math.inf),
    )
    simple = st.one_of(
        st.none(),
        numbers,
        text,
        control,
        st.binary(max_size=4),
        st.just(object()),
        st.just(LIMIT),
        st.just(Player("ann", 5)),
    )
    return st.one_of(
        simple, st.lists(simple, max_size=4), st.tuples(simple, simple), st.dictionaries(text, simple, max_size=2)
    )


GARBAGE = _garbage()


@functools.cache
def _base_tables() -> tuple[Table, Table, HandState]:
    """A table between hands (one player sitting out) and the same table with a hand in play."""
    between = seated(RAKED, 5, (0, 1, 3), keep_busted=True).sit_out(3)
    playing, state = between.start_next_hand(seed=9)
    return between, playing, state


_CALLS: dict[str, Callable[[Table, list[Any]], object]] = {
    "join": lambda t, a: t.join(a[0], a[1], a[2]),
    "leave": lambda t, a: t.leave(a[0]),
    "sit_out": lambda t, a: t.sit_out(a[0]),
    "come_back": lambda t, a: t.come_back(a[0], post_missed=a[1]),
    "add_chips": lambda t, a: t.add_chips(a[0], a[1]),
    "with_time": lambda t, a: t.with_time(a[0]),
    "view": lambda t, a: t.view(a[0], a[1]),
    "hand_seat": lambda t, a: t.hand_seat(a[0]),
    "table_seat": lambda t, a: t.table_seat(a[0]),
    "seat_of": lambda t, a: t.seat_of(a[0]),
    "next_deal": lambda t, a: t.next_deal(straddles=a[0], button_straddle=a[1], bomb_pot=a[2]),
    "start_next_hand": lambda t, a: t.start_next_hand(seed=a[0], deck=a[1], straddles=a[2], bomb_pot=a[3]),
    "check_hand": lambda t, a: t.check_hand(a[0]),
    "finish_hand": lambda t, a: t.finish_hand(a[0]),
    "new": lambda t, a: Table.new(a[0], a[1], button=a[2], new_player_posts=a[3], keep_busted=a[4]),
    "Table": lambda t, a: Table(a[0], a[1], a[2], a[3], minutes=a[4]),
    "Player": lambda t, a: Player(a[0], a[1], a[2], a[3], a[4]),
    "Departure": lambda t, a: Departure(a[0], a[1], a[2]),
    "HandInPlay": lambda t, a: HandInPlay(a[0], a[1], a[2], a[3], a[4]),
}
_SENSIBLE = [
    0,
    1,
    2,
    3,
    4,
    "p0",
    "ann",
    50,
    True,
    False,
    None,
    (),
    "state",
    FixedGame(LIMIT),
    LIMIT,
    Player("ann", 5),
    (Player("ann", 5), None),
]


@st.composite
def _arguments(draw: st.DrawFn) -> list[Any]:
    """Five arguments, each either something a caller might sensibly pass or garbage ("state": the hand in
    play)."""
    drawn = [draw(st.one_of(st.sampled_from(_SENSIBLE), GARBAGE)) for _ in range(5)]
    return [_base_tables()[2] if value == "state" else value for value in drawn]


@given(st.sampled_from(sorted(_CALLS)), st.booleans(), _arguments())
@settings(max_examples=600)
def test_garbage_gets_an_engine_error_and_changes_nothing(call: str, in_hand: bool, arguments: list[Any]) -> None:
    between, playing, _ = _base_tables()
    table = playing if in_hand else between
    before = attrs.astuple(table, recurse=False)
    try:
        _CALLS[call](table, arguments)
    except EngineError as error:
        assert len(str(error)) < 1000, "a message quotes its input short"
    assert attrs.astuple(table, recurse=False) == before
    assert table == (playing if in_hand else between)
    table.check_chips()
