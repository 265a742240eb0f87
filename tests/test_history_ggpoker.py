"""GGPoker text (issue 25): a small parser of GG's header over the PokerStars-style reader, built by the one
builder. The samples in tests/data/ggpoker/ were written by the project in GG's format (SOURCES.md); each
replays to the chips its own lines say were collected, and the summary is checked against them."""

from __future__ import annotations

from engine.errors import HistoryError
from engine.history import HandRecord
from engine.history.files import read_history
from engine.history.ggpoker import read_ggpoker
from engine.history.pokerstars import read_pokerstars, write_pokerstars
from tests.samples import DATA

SAMPLES = DATA / "ggpoker"
UNCALLED = SAMPLES / "cash-pot-limit-uncalled-bet.txt"


def test_ggpoker_fees_are_what_the_house_took_and_the_split_pays_each_half() -> None:
    [record] = read_history(SAMPLES / "cash-limit-split-jackpot.txt")
    assert isinstance(record, HandRecord)
    assert record.rake == 4 and record.scale == 100  # "Rake $0.03 | Jackpot $0.01"
    assert sorted(chips for _, _, chips in record.collected or ()) == [33, 33]
    [record] = read_history(SAMPLES / "tournament-pot-limit-side-pot.txt")
    assert isinstance(record, HandRecord) and record.scale == 1 and dict(record.fields)["level"] == "3"


def test_a_ggpoker_hand_written_as_pokerstars_has_a_pokerstars_header() -> None:
    [record] = read_history(UNCALLED)
    assert isinstance(record, HandRecord)
    text = write_pokerstars(record)
    assert text.startswith("PokerStars Hand #2211850013: ")  # the digits PokerStars readers take
    [again] = read_pokerstars(text)
    assert isinstance(again, HandRecord) and again.starting_stacks == record.starting_stacks


def test_ggpoker_refusals_name_the_hand_and_the_line() -> None:
    text = UNCALLED.read_text(encoding="utf-8")
    [error] = read_ggpoker(text.replace("Hero (button) collected ($0.25)", "Hero (button) collected ($0.35)"), "g.txt")
    assert isinstance(error, HistoryError)
    assert str(error) == (
        "g.txt: hand #OM2211850013, line 20 'Seat 1: Hero (button) collected ($0.35)': the summary "
        "says Hero won $0.35, but Hero collected $0.25"
    )
    [error] = read_ggpoker(text.replace("returned to Hero", "returned to b9e0d415"), "g.txt")
    assert isinstance(error, HistoryError) and str(error).endswith(
        "line 15 'Uncalled bet ($0.25) returned to b9e0d415': the bets leave $0.25 uncalled for Hero, not $0.25 for "
        "b9e0d415"
    )  # in the log's units, as every summary check
    [error] = read_ggpoker(text.replace("*** SHOWDOWN ***", "*** FIRST FLOP *** [2c 3c 4c]"), "g.txt")
    assert isinstance(error, HistoryError) and "not supported: run-it-twice" in str(error)
    [error] = read_ggpoker(
        "Poker Hand #HD1: Hold'em No Limit ($0.01/$0.02) - 2025/04/07 23:48:32\n"
        "Table 'NLHWhite9' 6-max Seat #1 is the button\n",
        "h.txt",
    )
    assert isinstance(error, HistoryError) and "not an Omaha hand" in str(error)
