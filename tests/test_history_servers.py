"""What a server author needs from the history edge (issue 11): a table's hand written with its players' names
and seats straight from the table, and every state of a recorded hand (bomb pots included) from one public
call instead of a hand-rebuilt `start_hand` loop."""

from __future__ import annotations

import itertools
import random
from pathlib import Path

import pytest

from engine import Bet, FixedLimit, HistoryError, PotLimit, Raise, Rules, Show, from_json, start_hand, to_json
from engine.history import HandRecord, Hands, replay, replay_states
from engine.history.phh import read_phh, read_phh_file, state_to_record, table_seating, write_phh
from engine.history.pokerstars import read_pokerstars, read_pokerstars_file, write_pokerstars_state
from engine.state import HandState
from engine.table import Table

DATA = Path(__file__).resolve().parent / "data"
LIMIT = Rules(betting=FixedLimit(2, 4), blinds=(1, 2))


def played_out(state: HandState, seed: int = 0) -> HandState:
    """Random legal actions to the end (any raise size in between)."""
    rng = random.Random(seed)
    while not state.is_over:
        legal = state.legal_actions()
        action = rng.choice(legal.actions)
        if isinstance(action, (Bet, Raise)) and legal.max_to > legal.min_to:
            action = type(action)(rng.randint(legal.min_to, legal.max_to))
        state = state.apply(action)
    return state


def a_table_hand() -> tuple[Table, HandState]:
    """Four players at seats 1, 3, 4 and 7 of a 9-seat table, one hand played to its end (not yet finished)."""
    table = Table.new(LIMIT, seats=9)
    for seat, name in ((1, "Ann Lee"), (3, "bob_77"), (4, "Cyd"), (7, "Dee")):
        table = table.join(seat, name, 100)
    table, state = table.start_next_hand(seed=42)
    return table, played_out(state, 3)


# --- writing a table's hand ------------------------------------------------------------------------------------


def test_write_phh_takes_the_players_names_and_seats_from_the_table() -> None:
    table, state = a_table_hand()
    names, labels = table_seating(table, state)
    assert names == ("Ann Lee", "bob_77", "Cyd", "Dee") and labels == (2, 4, 5, 8)
    [record] = read_phh(write_phh(state, table=table), "table.phh")
    assert isinstance(record, HandRecord)
    assert sorted(record.players) == sorted(names) and sorted(record.seat_labels or ()) == list(labels)
    report = replay(record)
    assert report.status == "ok", report.detail
    by_name = dict(zip(record.players, report.state.stacks if report.state else (), strict=True))
    assert by_name == dict(zip(names, state.stacks, strict=True))
    assert state_to_record(state, table=table).players == names


def test_write_pokerstars_state_takes_the_table() -> None:
    table, state = a_table_hand()
    text = write_pokerstars_state(state, table=table)
    assert "Table 'Engine' 9-max Seat #" in text
    for line in ("Seat 2: Ann Lee (100 in chips)", "Seat 4: bob_77 (100 in chips)", "Seat 8: Dee (100 in chips)"):
        assert line in text
    [record] = read_pokerstars(text, "table.txt")
    assert isinstance(record, HandRecord)
    assert record.players == ("Ann Lee", "bob_77", "Cyd", "Dee") and record.seat_labels == (2, 4, 5, 8)
    assert replay(record).ok and replay(record).finishing_stacks == state.stacks


def test_the_table_must_have_dealt_the_hand_and_still_hold_it() -> None:
    table, state = a_table_hand()
    finished = table.finish_hand(state)
    with pytest.raises(HistoryError, match="before finish_hand"):
        write_phh(state, table=finished)
    with pytest.raises(HistoryError, match="before finish_hand"):
        write_pokerstars_state(state, table=finished)
    other = played_out(start_hand(LIMIT, (50, 50, 50), 0, seed=1))
    with pytest.raises(HistoryError, match="not dealt by this table"):
        write_phh(other, table=table)
    with pytest.raises(HistoryError, match="not both"):
        write_phh(state, table=table, players=("a", "b", "c", "d"))
    with pytest.raises(HistoryError, match="not both"):
        write_pokerstars_state(state, ("a", "b", "c", "d"), table=table)
    with pytest.raises(HistoryError, match=r"engine\.table\.Table"):
        write_phh(state, table="Main")  # type: ignore[arg-type]
    record = state_to_record(state, ("a", "b", "c", "d"))
    with pytest.raises(HistoryError, match="a record has its own names"):
        write_phh(record, table=table)


# --- every state of a recorded hand ----------------------------------------------------------------------------


def test_replay_states_steps_through_a_real_record() -> None:
    [record] = read_phh_file(DATA / "phh" / "wsop-2023-43-5" / "79.phh")
    assert isinstance(record, HandRecord)
    states = list(replay_states(record))
    final = replay(record).state
    assert states[-1] == final and list(record.states()) == states
    assert states[0].actions == () and states[0].street.name == "PREFLOP"
    betting = [s for s in states[1:] if not isinstance(s.actions[-1], Show)]
    assert len(betting) == len(record.actions)
    for before, after in itertools.pairwise(states):
        assert after.actions[:-1] == before.actions  # each state is the one before and one more action


def test_replay_states_of_pokerstars_samples_end_where_replay_ends() -> None:
    for path in sorted((DATA / "pokerstars").rglob("*.txt")):
        for record in read_pokerstars_file(path):
            assert isinstance(record, HandRecord)
            assert list(replay_states(record))[-1] == replay(record).state


def test_replay_states_of_an_engine_hand_with_a_bomb_pot() -> None:
    rules = Rules(betting=PotLimit(), blinds=(1, 2))
    state = played_out(start_hand(rules, (80, 60, 120, 90), 2, seed=9, bomb_pot=5), 4)
    assert state.setup.bomb_pot == 5
    restored = from_json(to_json(state))
    assert isinstance(restored, HandState)
    states = list(replay_states(restored))
    assert len(states) == len(state.actions) + 1
    assert states[0].pot_total == 20 and states[0].actions == ()
    assert states[-1] == state


def test_replay_states_stops_with_a_history_error_at_an_illegal_action() -> None:
    [record] = read_phh_file(DATA / "phh" / "wsop-2023-43-5" / "12.phh")
    assert isinstance(record, HandRecord)
    seat, _ = record.actions[0]
    bad = HandRecord(
        record.source,
        record.id,
        record.rules,
        record.players,
        record.starting_stacks,
        record.button,
        record.posts,
        record.hole,
        record.board,
        ((seat, Raise(10**9)),) + record.actions[1:],
        record.reveals,
        record.finishing_stacks,
    )
    steps = replay_states(bad)
    first = next(steps)
    assert first.actions == ()
    with pytest.raises(HistoryError, match="action 1"):
        next(steps)
    with pytest.raises(HistoryError, match="HandRecord or a HandState"):
        replay_states("12.phh")  # type: ignore[arg-type]


def test_readers_answer_hands_with_notes() -> None:
    found = read_phh("", "x.phh")
    assert isinstance(found, Hands) and found.notes == ()
