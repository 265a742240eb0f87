"""Winamax text (issue 25): a `Dialect` of the PokerStars-style reader with Winamax's header, markers and euro
amounts, built by the one builder, whose rules take Winamax's uncalled bet (never returned in the log: it is in
the winner's "collected" line and the total) and its total stated after the rake. The samples in
tests/data/winamax/ were written by the project in Winamax's format (SOURCES.md)."""

from __future__ import annotations

from engine.errors import HistoryError, OtherGame
from engine.history import HandRecord, replay
from engine.history.files import read_history
from engine.history.pokerstars import read_pokerstars, write_pokerstars
from engine.history.winamax import read_winamax
from tests.samples import DATA

SAMPLES = DATA / "winamax"
SPLIT = SAMPLES / "cash-pot-limit-split-odd-chip.txt"
BIG_O = SAMPLES / "cash-big-o-pot-limit-uncalled-bet.txt"
TOURNAMENT = SAMPLES / "tournament-pot-limit-side-pot.txt"


def test_the_uncalled_bet_in_the_winners_collected_line_goes_back_to_them() -> None:
    [record] = read_history(BIG_O)  # "pitchoune collected 7.04€ from pot": 4.04€ won and the 3€ nobody called
    assert isinstance(record, HandRecord) and record.rules.hole_cards == 5 and record.scale == 100
    assert record.collected == ((None, 3, 404),) and record.rake == 21
    assert record.finishing_stacks == (2475, 1665, 2950, 1204)
    assert [post.kind.name for post in record.posts] == ["SMALL_BLIND", "BIG_BLIND", "LIVE_BLIND"]  # out of position
    text = write_pokerstars(record)
    assert text.startswith("PokerStars Hand #118725401468331207: ")  # the id's last 18 digits
    [again] = read_pokerstars(text)
    assert isinstance(again, HandRecord) and replay(again).ok


def test_winamax_splits_the_odd_cent_and_reads_a_tournaments_ante_and_side_pot() -> None:
    [record] = read_history(SPLIT)
    assert isinstance(record, HandRecord)
    assert sorted(chips for _, _, chips in record.collected or ()) == [216, 217]  # 4.33€ after the rake
    [record] = read_history(TOURNAMENT)
    assert isinstance(record, HandRecord) and record.scale == 1
    assert record.rules.blinds == (100, 200) and record.rules.ante == 20  # "(20/100/200)": the ante first
    assert dict(record.fields)["tournament"] == "301122334"  # from the table's name
    assert [chips for pot, _, chips in record.collected or () if pot == 1] == [720, 720]


def test_winamax_refusals_name_the_hand_and_the_line() -> None:
    text = BIG_O.read_text(encoding="utf-8")
    [error] = read_winamax(text.replace("Total pot 7.04€", "Total pot 7.25€"), "w.txt")
    assert isinstance(error, HistoryError)
    assert str(error) == (
        "w.txt: hand #9311872-540-1468331207, line 24 'Total pot 7.25€ | Rake 0.21€': the summary's "
        "total pot is 7.25€ but the players put in 7.25€ (uncalled bets included), less the 0.21€ "
        "the house took"
    )
    [error] = read_winamax(text.replace("won 7.04€", "won 7.40€"), "w.txt")
    assert isinstance(error, HistoryError) and str(error).endswith(
        "line 26 'Seat 6: pitchoune (button) won 7.40€': the summary says pitchoune won 7.40€, but pitchoune "
        "collected 7.04€"
    )
    [error] = read_winamax(
        text.replace("pitchoune collected 7.04€", "pitchoune collected 2.04€")
        .replace("Total pot 7.04€ | Rake 0.21€", "Total pot 2.04€ | Rake 5.21€")
        .replace("won 7.04€", "won 2.04€"),
        "w.txt",
    )
    assert isinstance(error, HistoryError) and str(error).endswith(
        "pitchoune is said to win less than the 3€ of their bet returned uncalled, which this site counts in what a "
        "player wins"
    )
    [error] = read_winamax(text.replace("pitchoune bets 3€", "pitchoune bets 30€"), "w.txt")
    assert isinstance(error, HistoryError) and "line 20 'pitchoune bets 30€'" in str(error)


def test_a_winamax_holdem_hand_is_another_game() -> None:
    [other] = read_winamax(
        "Winamax Poker - CashGame - HandId: #5343878-96-1383820687 - Holdem no limit "
        "(0.25€/0.50€) - 2013/11/07 10:38:07 UTC\nTable: 'Athens 11' 5-max (real money) Seat #4 is "
        "the button\n",
        "h.txt",
    )
    assert isinstance(other, OtherGame) and other.game == "Holdem no limit"
