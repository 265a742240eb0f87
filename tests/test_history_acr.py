"""ACR / Winning Poker Network text (issue 25): a `Dialect` of the PokerStars-style reader (names without a
colon, seats without "in chips", its own header and "won $X"), built by the one builder. The samples in
tests/data/acr/ were written by the project in WPN's format (SOURCES.md)."""

from __future__ import annotations

from engine.errors import HistoryError, OtherGame
from engine.history import HandRecord
from engine.history.acr import read_acr
from engine.history.files import read_history
from engine.history.pokerstars import read_pokerstars, write_pokerstars
from tests.samples import DATA

SAMPLES = DATA / "acr"
UNCALLED = SAMPLES / "cash-pot-limit-uncalled-bet.txt"


def test_acr_names_with_spaces_fees_and_tournament_chips() -> None:
    [record] = read_history(SAMPLES / "cash-fixed-limit-split-jackpot.txt")
    assert isinstance(record, HandRecord)
    assert "quince harbor" in record.players and record.rake == 4  # "Rake $0.03 | JP Fee $0.01"
    [record] = read_history(SAMPLES / "tournament-pot-limit-side-pot.txt")
    assert isinstance(record, HandRecord) and record.scale == 1 and record.rules.blinds == (50, 100)


def test_a_hand_won_without_a_showdown_is_paid_what_the_summary_says() -> None:
    [record] = read_history(UNCALLED)  # ACR prints no "collected" line then: the summary's "won $0.25" is it
    assert isinstance(record, HandRecord) and record.collected == ((None, 0, 25),)
    assert record.finishing_stacks == (1015, 1235, 775)
    text = write_pokerstars(record)
    assert text.startswith("PokerStars Hand #2686662183: ")
    [again] = read_pokerstars(text)
    assert isinstance(again, HandRecord) and again.starting_stacks == record.starting_stacks


def test_acr_refusals_name_the_hand_and_the_line() -> None:
    text = (SAMPLES / "cash-fixed-limit-split-jackpot.txt").read_text(encoding="utf-8")
    [error] = read_acr(text.replace("and won $0.33 with low", "and won $0.43 with low"), "a.txt")
    assert isinstance(error, HistoryError) and "hand #2672065483, line 44 'Seat 4: quince harbor showed" in str(error)
    assert str(error).endswith("the summary says quince harbor won $0.43, but quince harbor collected $0.33")
    [error] = read_acr(text.replace("Total pot $0.70", "Total pot $0.80"), "a.txt")
    assert isinstance(error, HistoryError) and "line 40 'Total pot $0.80 | Rake $0.03 | JP Fee $0.01'" in str(error)
    [error] = read_acr(text.replace("quince harbor bets $0.10", "quince harbor bets $9.10"), "a.txt")
    assert isinstance(error, HistoryError) and "quince harbor puts in 910 chips but has only 270 left" in str(error)
    [other] = read_acr(
        "Hand #1 - Holdem (No Limit) - $0.01/$0.02 - 2026/01/22 11:09:21 UTC\nIdeal 6-max Seat #1 is the button\n",
        "h.txt",
    )
    assert isinstance(other, OtherGame) and other.game == "Holdem (No Limit)"
