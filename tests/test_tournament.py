"""The tournament's rules one at a time, in small tournaments built by hand: the seat draw, balancing (the
next big blind to the worst seat), breaking, hand-for-hand, simultaneous busts, absent players, JSON."""

from __future__ import annotations

import attrs
import pytest

from engine import Bet, Call, Check, FixedGame, Level, NoLimit, Raise, Rules, Table, from_json, to_json
from engine.errors import SerializationError, TournamentError
from engine.state import HandState
from engine.tournament import (
    Busted,
    Entry,
    FinalTable,
    HandForHand,
    Moved,
    Seated,
    Structure,
    TableBroken,
    Tournament,
    TournamentOver,
    seating,
)

RULES = Rules(NoLimit(), (1, 2))


def structure(size: int = 4, payouts: tuple[int, ...] | None = (50, 30, 20), buy_in: int = 100) -> Structure:
    return Structure([Level(RULES)], 100, size, buy_in, payouts)


def built(
    tables: list[list[int | None]],
    *,
    size: int = 4,
    payouts: tuple[int, ...] | None = (50, 30, 20),
    hand_for_hand: bool = False,
    button: int = 0,
    check: bool = True,
) -> Tournament:
    """A tournament under way with the given stacks at each table's seats (players named t<table>s<seat>). So
    that the chips brought in match the entries for any stacks, each entry starts with 1 chip and made free
    1-chip rebuys for the rest (the prize pool is the buy-ins alone)."""
    made, entries = [], []
    for number, stacks in enumerate(tables):
        table = Table.new(FixedGame(RULES), size, button=button)
        for seat, stack in enumerate(stacks):
            if stack is not None:
                table = table.join(seat, f"t{number}s{seat}", stack)
                entries.append(Entry(f"t{number}s{seat}", rebuys=stack - 1))
        made.append(seating.release(table))
    chips = sum(s for stacks in tables for s in stacks if s is not None)
    t = Tournament(
        attrs.evolve(structure(size, payouts), starting_stack=1, rebuy_chips=1, rebuy_cost=0),
        entries=tuple(entries),
        tables=tuple(made),
        started=True,
        chips=chips,
        hand_for_hand=hand_for_hand,
        draws=1,
        pool_fixed=True,  # a freezeout: no money can come in
    )
    if check:
        t.check()
    return t


def fold_around(state: HandState) -> HandState:
    while state.actor is not None:
        legal = state.legal_actions()
        state = state.apply(Check() if legal.check else legal.default)
    return state


def shove(state: HandState) -> HandState:
    while state.actor is not None:
        legal = state.legal_actions()
        if legal.wager is not None:
            state = state.apply((Bet if legal.wager == "bet" else Raise)(legal.max_to))
        else:
            state = state.apply(Call() if legal.call else Check())
    return state


def seed_where(t: Tournament, number: int, wanted: object) -> int:
    """The first hand seed at which everybody all in at table ``number`` ends as ``wanted(stacks)`` says."""
    for seed in range(500):
        _, state = t.deal(number, seed=seed)
        if wanted(shove(state).stacks):  # type: ignore[operator]
            return seed
    raise AssertionError("no seed found")


def test_the_seat_draw_is_random_balanced_and_repeatable() -> None:
    names = [f"p{i}" for i in range(10)]
    t, events = Tournament.create(structure(), names, seed=5).start()
    assert sorted(len(table.players) for table in t.tables if table) == [3, 3, 4]
    assert {e.name for e in events if isinstance(e, Seated)} == set(names)
    again, _ = Tournament.create(structure(), names, seed=5).start()
    other, _ = Tournament.create(structure(), names, seed=6).start()
    assert again == t and hash(again) == hash(t) and other != t
    assert t.chips == 1000 and t.pool == 1000 and t.prizes == (500, 300, 200)


def test_the_next_big_blind_of_the_fullest_table_moves_to_the_worst_seat_of_the_shortest() -> None:
    t = built([[100, 100, 100, 100], [100, 100, None, None]], button=0, check=False)  # out of balance
    worst = seating.worst_seat(t.table(1))
    t, state = t.deal(0, seed=1)
    before = t.table(0)
    t, events = t.finish(0, fold_around(state))
    moved = [e for e in events if isinstance(e, Moved)]
    assert len(moved) == 1 and moved[0].reason == "balance"
    after = before.finish_hand(fold_around(state))
    assert moved[0].from_seat == seating.next_big_blind(after)
    # Table 1 is heads-up, button 0 (the small blind), big blind 1: seat 2 would be the next big blind.
    assert (moved[0].to_table, moved[0].to_seat, moved[0].waiting) == (1, worst, False) == (1, 2, False)
    assert [len(table.players) for table in t.tables if table] == [3, 3]


def test_the_worst_seat_is_never_the_small_blind() -> None:
    table = Table.new(FixedGame(RULES), 6, button=0)
    for seat in (0, 2, 4):
        table = table.join(seat, f"p{seat}", 100)
    table = seating.release(table)
    # Button 0, small blind 2, big blind 4: seat 3 would be the big blind at once (the worst); seat 1 is
    # between the button and the small blind, where a player waits.
    assert seating.worst_seat(table) == 3
    assert seating.waits(table, 1) and not seating.waits(table, 3) and not seating.waits(table, 5)


def test_a_table_breaks_when_the_others_have_seats_for_its_players() -> None:
    t = built([[100, 100, None, None], [100, 100, 100, None], [100, 100, None, None]], check=False)
    t, state = t.deal(2, seed=3)
    t, events = t.finish(2, fold_around(state))
    assert TableBroken(2) in events
    assert sorted(e.to_table for e in events if isinstance(e, Moved)) == [0, 0]
    assert t.tables[2] is None and t.live_tables == (0, 1)


def test_two_busting_in_one_hand_the_bigger_stack_places_better() -> None:
    t = built([[300, 60, 40]])
    seed = seed_where(t, 0, lambda stacks: stacks == (400, 0, 0))
    t, state = t.deal(0, seed=seed)
    t, events = t.finish(0, shove(state))
    busts = {e.name: e for e in events if isinstance(e, Busted)}
    assert (busts["t0s1"].first, busts["t0s1"].prize) == (2, 90)
    assert (busts["t0s2"].first, busts["t0s2"].prize) == (3, 60)
    assert events[-1] == TournamentOver("t0s0", 150)
    assert sum(e.prize for e in t.entries) == t.pool


def test_equal_stacks_busting_together_share_the_places_they_span() -> None:
    t = built([[300, 50, 50]], payouts=(50, 30, 20))
    seed = seed_where(t, 0, lambda stacks: stacks == (400, 0, 0))
    t, state = t.deal(0, seed=seed)
    t, events = t.finish(0, shove(state))
    busts = [e for e in events if isinstance(e, Busted)]
    assert [(e.first, e.last, e.prize) for e in busts] == [(2, 3, 75), (2, 3, 75)]  # (90 + 60) / 2 each


def test_hand_for_hand_each_table_deals_once_a_round_and_busts_in_a_round_share() -> None:
    # Four left, three paid: the bubble. Each table is heads-up.
    t = built([[200, 20], [200, 20]], size=2, hand_for_hand=True)
    seeds = [seed_where(t, n, lambda stacks: stacks == (220, 0)) for n in (0, 1)]
    t, first = t.deal(0, seed=seeds[0])
    with pytest.raises(TournamentError, match="hand-for-hand: table 0 has played this round's hand"):
        t.deal(0)
    t, events = t.finish(0, shove(first))
    assert not [e for e in events if isinstance(e, Busted)] and len(t.pending) == 1
    with pytest.raises(TournamentError, match="hand-for-hand"):
        t.deal(0)
    t, second = t.deal(1, seed=seeds[1])
    t, events = t.finish(1, shove(second))
    busts = [e for e in events if isinstance(e, Busted)]
    assert [(e.first, e.last, e.prize) for e in busts] == [(3, 4, 40), (3, 4, 40)]  # 3rd's 80 shared
    assert HandForHand(False) in events and FinalTable(0, 2) in events


def test_absent_players_are_dealt_in_and_check_or_fold() -> None:
    t = built([[100, 100, 100]]).set_absent("t0s1")
    t, state = t.deal(0, seed=2)
    while state.actor is not None:
        forced = t.acts_for(0, state)
        name = t.table(0).seats[t.table(0).hand_seats[state.actor]].name  # type: ignore[union-attr]
        assert (forced is not None) == (name == "t0s1")
        state = state.apply(forced or (Call() if state.legal_actions().call else Check()))
    assert t.set_absent("t0s1", False).absent == frozenset()
    with pytest.raises(TournamentError, match="no player named 'x'"):
        t.set_absent("x")


def test_a_tournament_saves_and_restores_as_json_and_tampering_is_refused() -> None:
    t, _ = Tournament.create(structure(), [f"p{i}" for i in range(7)], seed=1).start()
    t, _ = t.deal(0, seed=4)
    assert from_json(to_json(t), Tournament) == t
    tampered = to_json(t).replace('"chips":700', '"chips":701')
    with pytest.raises(SerializationError, match="chips"):
        from_json(tampered)
    for event in (Seated("a", 0, 1), Moved("a", 5, 0, 1, 1, 2, "balance"), Busted("a", 1, 0, 3, 4, 10)):
        assert from_json(to_json(event)) == event


def test_wrong_calls_say_what_is_allowed() -> None:
    t = built([[100, 100]])
    with pytest.raises(TournamentError, match="no table 3 in play; the tables in play are 0"):
        t.deal(3)
    t, state = t.deal(0, seed=1)
    with pytest.raises(TournamentError, match="not over"):
        t.finish(0, state)
    with pytest.raises(TournamentError, match="already registered"):
        Tournament.create(structure(), ["a", "a"])
    with pytest.raises(TournamentError) as clash:  # it was the table's TableError, at the start
        Tournament.create(structure(), ["a", "b", "A"])
    assert str(clash.value) == (
        "'A' is the same name as 'a', registered already: names are the same whatever their case or width, and "
        "must be unique"
    )
    with pytest.raises(TournamentError, match="pays 3 places but 2 entered"):
        Tournament.create(structure(), ["a", "b"]).start()
    with pytest.raises(TournamentError, match="rake"):
        Structure([Level(Rules(NoLimit(), (1, 2), rake=__import__("engine").Rake("5", 1)))], 100)
