"""Full Tilt Poker text (issue 25): a `Dialect` of the PokerStars-style reader with Full Tilt's own header and
lines ("raises to $1", "wins the high pot ($5.13)", "The button is in seat #1", "Board: [...]"), built by the
one builder. The samples in tests/data/fulltilt/ were written by the project in Full Tilt's format
(SOURCES.md); one is UTF-16 with a byte-order mark, as Full Tilt wrote its files."""

from __future__ import annotations

import codecs

from engine.errors import HistoryError, OtherGame
from engine.history import HandRecord, replay
from engine.history.files import read_history
from engine.history.fulltilt import read_fulltilt
from engine.history.pokerstars import read_pokerstars, write_pokerstars
from tests.samples import DATA

SAMPLES = DATA / "fulltilt"
UTF16 = SAMPLES / "cash-limit-split-odd-chip-utf16.txt"
UNCALLED = SAMPLES / "cash-pot-limit-uncalled-bet.txt"
TOURNAMENT = SAMPLES / "tournament-pot-limit-side-pot.txt"


def test_a_utf16_file_with_a_byte_order_mark_reads_and_splits_the_odd_chip() -> None:
    assert UTF16.read_bytes().startswith(codecs.BOM_UTF16_LE)
    [record] = read_history(UTF16)
    assert isinstance(record, HandRecord)
    assert record.scale == 100 and record.rake == 50 and record.rules.blinds == (25, 50)  # "$0.50/$1": the bets
    assert sorted(chips for _, _, chips in record.collected or ()) == [512, 513]  # the high half has the odd cent


def test_fulltilt_raises_are_totals_and_calls_add() -> None:
    [record] = read_history(TOURNAMENT)
    assert isinstance(record, HandRecord) and record.scale == 1
    assert dict(record.fields)["tournament"] == "271144320"
    assert [chips for pot, _, chips in record.collected or () if pot == 1] == [350, 350]  # "side pot #1"
    assert record.finishing_stacks == (2200, 1600, 2350, 1250)
    [record] = read_history(UNCALLED)  # "Uncalled bet of $2.40 returned to nine of cups", won $2.60 after rake
    assert isinstance(record, HandRecord) and record.finishing_stacks == (305, 965, 290, 1325)
    text = write_pokerstars(record)
    assert text.startswith("PokerStars Hand #33752210476: ")
    [again] = read_pokerstars(text)
    assert isinstance(again, HandRecord) and replay(again).ok


def test_fulltilt_refusals_name_the_hand_and_the_line() -> None:
    text = UNCALLED.read_text(encoding="utf-8")
    [error] = read_fulltilt(text.replace("collected ($2.60)", "collected ($2.70)"), "f.txt")
    assert isinstance(error, HistoryError)
    assert str(error) == (
        "f.txt: hand #33752210476, line 33 'Seat 6: nine of cups (big blind) collected ($2.70), "
        "mucked': the summary says nine of cups won $2.70, but nine of cups collected $2.60"
    )
    [error] = read_fulltilt(text.replace("Uncalled bet of $2.40", "Uncalled bet of $2.50"), "f.txt")
    assert isinstance(error, HistoryError) and "line 24 'Uncalled bet of $2.50 returned to nine of cups'" in str(error)
    [error] = read_fulltilt(text.replace("Horatio Bell folds", "Horatio Bell dances"), "f.txt")
    assert isinstance(error, HistoryError) and "line 21 'Horatio Bell dances': unrecognised line" in str(error)
    [error] = read_fulltilt(text.replace("Total pot $2.70", "Total pot $2.90"), "f.txt")
    assert isinstance(error, HistoryError) and "the summary's total pot is $2.90" in str(error)


def test_a_fulltilt_holdem_hand_is_another_game() -> None:
    [other] = read_fulltilt(
        "Full Tilt Poker Game #33286946295: Table Nog (6 max) - NL Hold'em - $0.10/$0.25 - "
        "19:26:50 ET - 2013/09/22\nSeat 1: Ann ($10)\nSeat 2: Bob ($10)\n",
        "h.txt",
    )
    assert isinstance(other, OtherGame) and other.game == "NL Hold'em"
