"""The tournament's ways in and its chips bought (docs/tournaments.md): late registration, re-entries, rebuys,
the add-on, the prize pool fixed when no more money can come, and Mixed Omaha levels rotating by orbit. Each
test names its rule; the random tournaments of test_tournament_properties.py play all of it together."""

from __future__ import annotations

import pytest
from attrs import evolve as attrs_evolve

from engine import Call, Check, FixedLimit, Level, NoLimit, PotLimit, Rules, from_json, to_json
from engine.errors import RulesError, TableError, TournamentError
from engine.schedule import MixedOmaha, TournamentSchedule
from engine.state import HandState
from engine.table import Table
from engine.tournament import (
    Busted,
    LevelChanged,
    PrizePoolFixed,
    Rebought,
    RebuysClosed,
    RegistrationClosed,
    Seated,
    Structure,
    TableOpened,
    Tournament,
)

NL = Rules(NoLimit(), (1, 2))


def levels(count: int = 3, hands: int = 4) -> list[Level]:
    return [Level(Rules(NoLimit(), (2**i, 2 ** (i + 1))), hands=hands if i < count - 1 else None) for i in range(count)]


def passive(state: HandState) -> HandState:
    while state.actor is not None:
        state = state.apply(Check() if state.legal_actions().check else Call())
    return state


def shove(state: HandState) -> HandState:
    """Everybody all in: someone busts unless the pot is split."""
    from engine import Bet, Raise

    while state.actor is not None:
        legal = state.legal_actions()
        if legal.wager is not None and legal.max_to:
            state = state.apply((Bet if legal.wager == "bet" else Raise)(legal.max_to))
        else:
            state = state.apply(Call() if legal.call else legal.default)
    return state


def play_round(t: Tournament, play=passive, seed: int = 0) -> tuple[Tournament, list[object]]:
    events: list[object] = []
    for number in t.dealable:
        if number not in t.dealable:  # broken by the hand before
            continue
        t, state = t.deal(number, seed=seed + number)
        t, happened = t.finish(number, play(state))
        events.extend(happened)
    return t, events


def bust_someone(t: Tournament) -> tuple[Tournament, Busted]:
    for seed in range(200):
        t2, events = play_round(t, shove, seed)
        busts = [e for e in events if isinstance(e, Busted)]
        if busts and not t2.is_over:
            return t2, busts[0]
    raise AssertionError("nobody busted")


def test_late_registration_draws_a_seat_at_the_shortest_table_and_grows_the_pool() -> None:
    structure = Structure(levels(), 100, table_size=4, buy_in=10, payouts=(100,), late_levels=2)
    t, _ = Tournament.create(structure, ["a", "b", "c", "d", "e"], seed=2).start()
    assert [len(table.players) for table in t.tables] == [3, 2]
    assert t.final_table is None and not t.pool_fixed and t.registration_open
    t, events = t.late_register("f")
    [seated] = [e for e in events if isinstance(e, Seated)]
    assert (seated.name, seated.table, seated.reason) == ("f", 1, "late")
    assert (t.pool, t.chips, len(t.entries)) == (60, 600, 6)
    with pytest.raises(TournamentError, match="has entered already"):
        t.late_register("f")


def test_a_late_entrant_between_the_small_blind_and_the_button_waits_for_the_button() -> None:
    structure = Structure(levels(), 100, table_size=6, late_levels=2)
    for seed in range(40):
        t, _ = Tournament.create(structure, ["a", "b", "c"], seed=seed).start()
        t, events = t.late_register("late")
        [seated] = [e for e in events if isinstance(e, Seated)]
        table = t.table(0)
        if seated.waiting:
            t, _ = t.deal(0, seed=1)
            assert table.seats[seated.seat].waiting and seated.seat not in t.table(0).hand_seats
            return
    raise AssertionError("no draw put the late entrant between the small blind and the button")


def test_late_registration_opens_a_table_when_every_seat_is_taken() -> None:
    structure = Structure(levels(), 100, table_size=2, late_levels=1)
    t, _ = Tournament.create(structure, ["a", "b", "c", "d"], seed=1).start()
    t, events = t.late_register("e")
    assert TableOpened(2) in events
    assert sorted(len(table.players) for table in t.tables if table) == [1, 2, 2]


def test_registration_closes_at_the_end_of_its_last_level_and_the_final_table_waits_for_it() -> None:
    structure = Structure(levels(hands=2), 100, table_size=6, late_levels=1)
    t, events = Tournament.create(structure, ["a", "b", "c"], seed=1).start()
    assert t.final_table is None  # a late entrant could still open a table
    t, events = play_round(t)
    t, more = play_round(t)
    events += more
    assert RegistrationClosed(3) in events and not t.registration_open
    assert t.final_table == 0 and PrizePoolFixed(0, (0,)) in events
    with pytest.raises(TournamentError, match="registration closed at the end of level 1"):
        t.late_register("z")


def test_a_reentry_is_a_new_entry_with_a_new_seat_and_places_count_entries() -> None:
    structure = Structure(levels(hands=99), 20, table_size=4, buy_in=10, payouts=(100,), late_levels=2, reentries=1)
    t, _ = Tournament.create(structure, ["a", "b", "c", "d", "e"], seed=3).start()
    with pytest.raises(TournamentError, match="still playing"):
        t.reenter("a")
    t, bust = bust_someone(t)
    assert bust.prize == 0  # the pool is still open: a place is paid when the pool is fixed
    t, events = t.reenter(bust.name)
    assert [e.reason for e in events if isinstance(e, Seated)] == ["reentry"]
    mine = [e for e in t.entries if e.name == bust.name]
    # the field grew by one entry: the place given moved down one
    assert [(e.number, e.first) for e in mine] == [(1, bust.first + 1), (2, None)]
    assert t.pool == 60
    entry = t.entries.index(mine[1])
    spent = t.entries[:entry] + (t.entries[entry].__class__(bust.name, 2, first=1, last=1),) + t.entries[entry + 1 :]
    with pytest.raises(TournamentError, match="has used the 1 re-entry this structure allows"):
        Tournament.reenter(attrs_evolve(t, entries=spent), bust.name)


def test_rebuys_during_the_period_at_or_below_the_threshold_add_chips_and_prize_money() -> None:
    structure = Structure(levels(), 100, table_size=4, buy_in=10, rebuy_levels=1, rebuy_threshold=100, max_rebuys=1)
    t, _ = Tournament.create(structure, ["a", "b", "c"], seed=1).start()
    t, events = t.rebuy("a")
    assert events == (Rebought("a", 100, "rebuy", 1, 10),)
    assert (t.chips, t.pool) == (400, 40)
    with pytest.raises(TournamentError, match="rebuys allowed per entry"):
        t.rebuy("a")
    above = Structure(levels(), 100, table_size=4, rebuy_levels=1, rebuy_threshold=50)
    with pytest.raises(TournamentError, match="100 chips; a rebuy is at 50 chips or fewer"):
        Tournament.create(above, ["a", "b"]).start()[0].rebuy("a")


def test_a_player_who_busts_may_rebuy_at_once_and_keeps_their_seat() -> None:
    structure = Structure(levels(), 20, table_size=4, rebuy_levels=2)
    t, _ = Tournament.create(structure, ["a", "b", "c"], seed=5).start()
    for seed in range(200):
        number = t.dealable[0]
        t2, state = t.deal(number, seed=seed)
        state = shove(state)
        table = t2.table(number)
        names = [table.seats[s].name for s in table.hand_seats]
        broke = [n for n, stack in zip(names, state.stacks, strict=True) if stack == 0]
        if broke:
            seat = t.locate(broke[0])
            t3, events = t2.finish(number, state, rebuys=[broke[0]])
            assert not any(isinstance(e, Busted) for e in events if e.name == broke[0])
            assert t3.locate(broke[0]) == seat and Rebought(broke[0], 20, "rebuy", 1, 0) in events
            return
        t, _ = t2.finish(number, state)
    raise AssertionError("nobody busted")


def test_the_addon_is_offered_once_when_the_rebuy_period_ends_until_the_players_next_hand() -> None:
    structure = Structure(levels(hands=2), 100, table_size=4, buy_in=10, rebuy_levels=1, addon_chips=150, addon_cost=5)
    t, _ = Tournament.create(structure, ["a", "b", "c"], seed=1).start()
    with pytest.raises(TournamentError, match="when the rebuy period ends"):
        t.addon("a")
    t, events = play_round(t)
    t, more = play_round(t)
    events += more
    assert RebuysClosed(("a", "b", "c")) in events and t.addon_window == {"a", "b", "c"}
    t, bought = t.addon("a")
    assert bought == (Rebought("a", 150, "addon", 1, 5),) and t.pool == 35
    with pytest.raises(TournamentError, match="add-on"):
        t.addon("a")
    t, state = t.deal(0, seed=3)  # b and c are dealt in: the offer is gone
    assert t.addon_window == frozenset()
    t, events = t.finish(0, passive(state))
    assert PrizePoolFixed(35, (35,)) in events


def test_bad_entry_settings_say_what_is_allowed() -> None:
    with pytest.raises(TournamentError, match="needs late registration"):
        Structure(levels(), 100, reentries=1)
    with pytest.raises(TournamentError, match="late_levels"):
        Structure(levels(2), 100, late_levels=2)
    with pytest.raises(TournamentError, match="needs a rebuy period"):
        Structure(levels(), 100, addon_chips=100)
    with pytest.raises(TournamentError, match="max_rebuys"):
        Structure(levels(), 100, rebuy_levels=1, max_rebuys=-1)
    t, _ = Tournament.create(Structure(levels(), 100), ["a", "b"]).start()
    with pytest.raises(TournamentError, match="no late registration"):
        t.late_register("c")
    with pytest.raises(TournamentError, match="no rebuys"):
        t.rebuy("a")


def test_mixed_omaha_levels_rotate_the_game_every_orbit_at_each_table() -> None:
    limit = Rules(FixedLimit(2, 4), (1, 2))
    pot_limit = Rules(PotLimit(), (1, 2))
    structure = Structure([Level(limit, mixed_with=pot_limit)], 1000, table_size=3)
    t, _ = Tournament.create(structure, ["a", "b", "c"], seed=1).start()
    games = []
    for seed in range(9):
        t, state = t.deal(0, seed=seed)
        games.append(type(state.rules.betting).__name__)
        t, _ = t.finish(0, passive(state))
    assert games == ["FixedLimit"] * 3 + ["PotLimit"] * 3 + ["FixedLimit"] * 3  # an orbit of three each
    assert isinstance(t.table(0).schedule, MixedOmaha)


def test_a_mixed_rotation_keeps_its_orbit_when_the_blinds_go_up() -> None:
    def level(big: int, hands: int | None) -> Level:
        return Level(
            Rules(FixedLimit(big, 2 * big), (big // 2, big)), hands, mixed_with=Rules(PotLimit(), (big // 2, big))
        )

    structure = Structure([level(2, 4), level(4, None)], 1000, table_size=3)
    t, _ = Tournament.create(structure, ["a", "b", "c"], seed=1).start()
    seen = []
    for seed in range(6):
        t, state = t.deal(0, seed=seed)
        seen.append((type(state.rules.betting).__name__, state.rules.big_blind))
        t, _ = t.finish(0, passive(state))
    assert seen == [("FixedLimit", 2)] * 3 + [("PotLimit", 2), ("PotLimit", 4), ("PotLimit", 4)]
    # a single table's schedule plays one game a level: a rotating level is refused there, saying where to go
    with pytest.raises(TableError, match=r"engine\.tournament\.Tournament"):
        Table.new(TournamentSchedule([level(2, None)]), 3)
    with pytest.raises(RulesError, match="fixed limit"):
        Level(Rules(PotLimit(), (1, 2)), mixed_with=Rules(PotLimit(), (1, 2)))


def test_every_new_setting_survives_json() -> None:
    limit, pot_limit = Rules(FixedLimit(2, 4), (1, 2), ante=2, big_blind_ante=True), Rules(PotLimit(), (1, 2))
    structure = Structure(
        [Level(limit, hands=3, mixed_with=pot_limit), Level(NL, hands=3), Level(NL)],
        100,
        table_size=3,
        buy_in=7,
        late_levels=1,
        reentries=2,
        rebuy_levels=2,
        max_rebuys=3,
        rebuy_threshold=50,
        rebuy_chips=80,
        rebuy_cost=6,
        addon_chips=120,
        addon_cost=9,
    )
    t, _ = Tournament.create(structure, ["a", "b", "c"], seed=4).start()
    t, _ = t.late_register("d")
    assert from_json(to_json(t)) == t
    for event in (
        Rebought("a", 80, "rebuy", 2, 6),
        RebuysClosed(("a", "b")),
        RegistrationClosed(9),
        PrizePoolFixed(90, (60, 30)),
        TableOpened(3),
        LevelChanged(0, limit, pot_limit),
    ):
        assert from_json(to_json(event)) == event
