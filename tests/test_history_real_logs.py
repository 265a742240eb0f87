"""Real PokerStars logs that once failed to replay (issue 11): a fold with nothing to call, old logs that print no
"Uncalled bet" line, the 2005 header, and hands inside other text. Each sample in tests/data/pokerstars/project
is written by the project in the old format (see SOURCES.md) and must replay to its recorded stacks, from
Python and from the command line; the fold is also read, replayed and written back in PHH.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from engine import Call, Check, FixedLimit, Fold, HistoryError, Rules, Show, start_hand
from engine.history import HandRecord, replay
from engine.history.files import read_history
from engine.history.phh import read_phh, read_phh_file, write_phh
from engine.history.pokerstars import read_pokerstars, read_pokerstars_file, write_pokerstars, write_pokerstars_state
from engine.state import Street

ROOT = Path(__file__).resolve().parent.parent
PROJECT = ROOT / "tests" / "data" / "pokerstars" / "project"
FOLD_PHH = ROOT / "tests" / "data" / "phh" / "project" / "fold-with-nothing-to-call.phh"


def records_of(path: Path) -> list[HandRecord]:
    found = read_pokerstars_file(path)
    assert found and all(isinstance(item, HandRecord) for item in found), list(found)
    return [item for item in found if isinstance(item, HandRecord)]


def stacks_by_name(record: HandRecord, stacks: tuple[int, ...]) -> dict[str, float | int]:
    return {name: record.to_units(chips) for name, chips in zip(record.players, stacks, strict=True)}


def replayed(record: HandRecord) -> tuple[int, ...]:
    report = replay(record)
    assert report.status == "ok", report.detail
    assert report.state is not None and report.finishing_stacks == record.finishing_stacks
    return report.state.stacks


@pytest.mark.parametrize("path", sorted(PROJECT.glob("*.txt")), ids=lambda p: p.name)
def test_each_sample_replays_from_the_command_line(path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "engine", "replay", str(path)], capture_output=True, text=True, cwd=ROOT, check=False
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert " 0 mismatch, 0 error" in done.stdout.splitlines()[-1]


# --- a fold with nothing to call ------------------------------------------------------------------------------


def test_a_fold_on_a_checked_river_replays_to_the_recorded_stacks() -> None:
    [record] = records_of(PROJECT / "fold-with-nothing-to-call.txt")
    borodin = record.players.index("Borodin-12")
    assert record.actions[-2] == (borodin, Fold())  # checked to him on the river, and he folds
    stacks = replayed(record)
    assert stacks_by_name(record, stacks) == {"kelpie_ann": 4.82, "Borodin-12": 5.9, "quinceharbor": 2.6, "Mabuse": 4.9}


def test_a_fold_with_nothing_to_call_goes_round_pokerstars_and_phh() -> None:
    [record] = records_of(PROJECT / "fold-with-nothing-to-call.txt")
    text = write_pokerstars(record)
    assert "Borodin-12: folds" in text and "Seat 3: Borodin-12 (big blind) folded on the River" in text
    [again] = read_pokerstars(text, record.source)
    assert again == record
    phh = write_phh(record)
    [from_phh] = read_phh(phh, "fold.phh")
    assert isinstance(from_phh, HandRecord)
    assert [action for _, action in from_phh.actions] == [action for _, action in record.actions]
    assert replay(from_phh).status == "ok", replay(from_phh).detail


def test_the_phh_sample_with_a_free_fold_replays_and_writes_back() -> None:
    [record] = read_phh_file(FOLD_PHH)
    assert isinstance(record, HandRecord), record
    assert (1, Fold()) in record.actions  # p2, the big blind, folds when checking was free
    replayed(record)
    [again] = read_phh(write_phh(record), str(FOLD_PHH))
    assert again == record


def test_an_engine_hand_with_a_free_fold_is_written_in_both_formats() -> None:
    state = start_hand(Rules(betting=FixedLimit(2, 4), blinds=(1, 2)), (40, 40, 40), button=0, seed=5)
    state = state.apply(Call()).apply(Call()).apply(Check())  # the button and the small blind call; the big checks
    for _ in range(6):  # flop and turn checked by all three...
        state = state.apply(Check())
    assert state.street == Street.RIVER
    state = state.apply(Check()).apply(Fold()).apply(Check())  # ...but on the river one folds, with nothing to call
    while not state.is_over:
        state = state.apply(Show())
    assert state.folded.count(True) == 1
    names = ("Ann", "Bob", "Cy")
    [from_stars] = read_pokerstars(write_pokerstars_state(state, names), "x.txt")
    [from_phh] = read_phh(write_phh(state, players=names), "x.phh")
    for record in (from_stars, from_phh):
        assert isinstance(record, HandRecord), record
        assert stacks_by_name(record, replayed(record)) == dict(zip(names, state.stacks, strict=True))


# --- old logs: no "Uncalled bet" line -------------------------------------------------------------------------


def test_the_uncalled_part_of_a_raise_called_all_in_for_less_is_returned_by_the_reader() -> None:
    # hannelore raises to 1550; grauwolf (1250) and mr.Lindqvist (1448) call all in for less. No line returns
    # the 102 nobody called; "Total pot 4296" is what is left of the 4398 put in.
    [record] = records_of(PROJECT / "old-2007-no-uncalled-bet-line.txt")
    stacks = replayed(record)
    assert stacks_by_name(record, stacks) == {
        "Vasquez_T": 2650,
        "Dinkum": 1825,
        "pibb-o-matic": 2110,
        "grauwolf": 1950,
        "mr.Lindqvist": 2148,
        "hannelore": 1640,
    }
    written = write_pokerstars(record)
    assert "Uncalled bet (102) returned to hannelore" in written
    assert read_pokerstars(written, record.source) == [record]


def test_a_total_that_is_not_what_is_left_is_still_refused() -> None:
    text = (PROJECT / "old-2007-no-uncalled-bet-line.txt").read_text(encoding="utf-8")
    [error] = read_pokerstars(text.replace("Total pot 4296", "Total pot 4398"), "bad.txt")
    assert isinstance(error, HistoryError)
    assert "the summary's total pot is 4398 but the players put in 4296 (uncalled bets returned)" in str(error)


def test_a_printed_uncalled_line_is_still_checked() -> None:
    text = (PROJECT / "old-2007-no-uncalled-bet-line.txt").read_text(encoding="utf-8")
    text = text.replace("*** FLOP ***", "Uncalled bet (100) returned to hannelore\n*** FLOP ***")
    [error] = read_pokerstars(text, "bad.txt")
    assert isinstance(error, HistoryError)
    assert "the bets leave 102 uncalled for hannelore, not 100 for hannelore" in str(error)


# --- the 2005 header --------------------------------------------------------------------------------------------


def test_the_2005_header_is_read_and_written_back() -> None:
    [record] = records_of(PROJECT / "old-2005-limit-header.txt")
    fields = dict(record.fields)
    assert fields["prefix"] == "PokerStars Game" and fields["date"] == "2005/08/21 - 21:44:08 (ET)"
    assert record.rules.betting == FixedLimit(500, 1000) and record.rules.blinds == (200, 500)
    assert record.scale == 100 and "max_seats" not in fields
    stacks = replayed(record)
    assert stacks_by_name(record, stacks)["rivermouse"] == 194 and stacks_by_name(record, stacks)["okapi77"] == 225
    text = write_pokerstars(record)
    assert text.startswith(
        "PokerStars Game #2431667035:  Omaha Hi/Lo Limit ($5/$10) - 2005/08/21 - 21:44:08 (ET)\n"
        "Table 'Aldebaran' Seat #4 is the button\n"
    )
    assert read_pokerstars(text, record.source) == [record]


@pytest.mark.parametrize(
    "header",
    [
        "PokerStars Game #5999635897:  HORSE (Omaha Hi/Lo Limit, $5/$10) - 2006/08/21 - 13:59:19 (ET)",
        "PokerStars Game #22073591924:  Omaha Hi/Lo Limit ($5/$10) - 2008/11/16 1:22:21 CET [2008/11/15 19:22:21 ET]",
        "PokerStars Game #20461877044:  Omaha Hi/Lo Limit ($5/$10) - 2008/09/16 18:58:01 ET",
    ],
)
def test_other_old_header_dates(header: str) -> None:
    text = (PROJECT / "old-2005-limit-header.txt").read_text(encoding="utf-8").splitlines()
    [record] = read_pokerstars("\n".join([header, *text[1:]]), "old.txt")
    assert isinstance(record, HandRecord), record
    assert dict(record.fields)["date"] == header.split(") - ", 1)[1]
    replayed(record)


# --- hands inside other text ------------------------------------------------------------------------------------


def test_hands_inside_a_forum_post_are_found_and_the_rest_is_one_note() -> None:
    found = read_pokerstars_file(PROJECT / "forum-post.txt")
    assert [item.id for item in found if isinstance(item, HandRecord)] == ["8826719340", "8826741175"]
    assert len(found) == 2
    first, second = (replayed(record) for record in records_of(PROJECT / "forum-post.txt"))
    assert first[3] == 4100 and second[3] == 4095  # PLO8_Pete: $40 -> $41 -> $40.95
    [note] = found.notes
    assert "passed over 12 lines that are not part of a hand" in note
    assert "line 1 'Omaha Hi/Lo > Limit > \"Checked the nut low on the turn?\"'" in note


def test_read_history_and_the_command_line_report_the_note_once() -> None:
    found = read_history(PROJECT / "forum-post.txt")
    assert len(found.notes) == 1 and len(found) == 2
    done = subprocess.run(
        [sys.executable, "-m", "engine", "replay", str(PROJECT / "forum-post.txt")],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )
    notes = [line for line in done.stdout.splitlines() if line.startswith("note: ")]
    assert len(notes) == 1 and "passed over 12 lines" in notes[0]
    assert done.stdout.splitlines()[-1] == "2 hands: 2 ok, 0 mismatch, 0 error"


def test_a_hand_quoted_in_a_mail_and_notes_between_hands() -> None:
    hand = (PROJECT / "old-2005-limit-header.txt").read_text(encoding="utf-8").strip("\n")
    other = hand.replace("#2431667035", "#2431667036")
    mail = (
        "Hi Sam,\nhere is the hand I told you about:\n\n"
        + "\n".join("> " + line for line in hand.splitlines())
        + "\n>\n> (I was rivermouse)\n\nand another, straight after it:\n"
        + other
        + "\nCheers, Jo\n"
    )
    found = read_pokerstars(mail, "mail.txt")
    assert [item.id for item in found if isinstance(item, HandRecord)] == ["2431667035", "2431667036"]
    assert len(found) == 2
    for record in found:
        assert isinstance(record, HandRecord)
        replayed(record)
    [note] = found.notes
    assert "passed over 5 lines" in note and "line 1 'Hi Sam,'" in note


def test_a_hand_without_its_header_is_an_error_not_prose() -> None:
    hand = (PROJECT / "old-2005-limit-header.txt").read_text(encoding="utf-8")
    found = read_pokerstars("Look at this one:\n\n" + hand.split("\n", 1)[1], "cut.txt")
    [error] = found
    assert isinstance(error, HistoryError) and "a hand without its header line" in str(error)


def test_text_without_a_hand_is_one_clear_error_in_both_formats() -> None:
    for text in ("", "\n\n", "just some words\nand more words\n"):
        [stars] = read_pokerstars(text, "empty.txt")
        [phh] = read_phh(text if not text.strip() else "", "empty.phh")
        assert isinstance(stars, HistoryError) and "empty.txt: no hand found" in str(stars)
        assert isinstance(phh, HistoryError) and "empty.phh: no hand found" in str(phh)
