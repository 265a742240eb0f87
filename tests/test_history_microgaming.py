"""Microgaming XML (issue 25): a parser of the ``<Game>`` elements into the facts, built by the one builder. Every
amount adds; a MoneyReturned line returns a bet nobody called, and a hand without one counts that bet in its
winner's amount; the rake is in hundredths of the currency; ``endbalance`` is the stack after the hand. The
samples in tests/data/microgaming/ were written by the project in Microgaming's format (SOURCES.md)."""

from __future__ import annotations

import pytest

from engine import Raise
from engine.errors import HistoryError, OtherGame
from engine.history import HandRecord, replay
from engine.history.files import read_history
from engine.history.microgaming import read_microgaming
from tests.samples import DATA

SAMPLES = DATA / "microgaming"
SPLIT = SAMPLES / "cash-pot-limit-split-odd-chip.xml"
LIMIT = SAMPLES / "cash-limit-uncalled-bet.xml"
TOURNAMENT = SAMPLES / "tournament-pot-limit-side-pot.xml"


def test_a_pot_limit_split_with_an_odd_chip_and_the_rake_in_hundredths() -> None:
    [record] = read_history(SPLIT)
    assert isinstance(record, HandRecord) and record.rules.blinds == (5, 10) and record.rake == 18
    assert (0, Raise(30)) in record.actions  # "Raise 0.30" after the 0.10 blind: what it adds, to 0.30
    assert record.collected == ((None, 0, 189), (None, 3, 188))  # the odd cent to the high hand
    assert record.finishing_stacks == (1009, 845, 1210, 608)  # the endbalances
    assert dict(record.fields)["symbol"] == "€"  # currencysymbol="rCA=": base64 of the symbol's UTF-16


def test_an_uncalled_bet_returned_or_counted_in_the_win() -> None:
    returned, kept = read_history(LIMIT)
    assert isinstance(returned, HandRecord) and isinstance(kept, HandRecord)
    assert returned.rules.blinds == (5, 10) and returned.rules.betting.small_bet == 10  # FL stakes are the bets
    assert returned.collected == ((None, 0, 76),) and returned.rake == 4  # MoneyReturned 0.10, Win 0.76
    assert kept.collected == ((None, 1, 57),) and kept.rake == 3  # no MoneyReturned: Win 0.77 held the 0.20


def test_a_tournament_side_pot_in_chips() -> None:
    [record] = read_history(TOURNAMENT)
    assert isinstance(record, HandRecord) and record.scale == 1 and record.rake == 0
    assert dict(record.fields)["tournament"] == "40123456"
    assert record.collected == ((0, 2, 1800), (0, 1, 1800), (1, 2, 3200))


def test_a_result_that_disagrees_is_refused_or_reported() -> None:
    text = SPLIT.read_text(encoding="utf-8")
    for written, says in (
        ('amount="1.89"', "Aldous collects 1.89, the record says 2.89"),
        ('endbalance="6.08"', "dunmore finishes with 6.08, the record says 6.18"),
        ('rake="18"', "Aldous collects 1.94, the record says 1.89"),
    ):
        wrong = {'amount="1.89"': 'amount="2.89"', 'endbalance="6.08"': 'endbalance="6.18"', 'rake="18"': 'rake="8"'}
        [moved] = read_microgaming(text.replace(written, wrong[written]), "s.xml")
        assert isinstance(moved, HandRecord)
        report = replay(moved)
        assert report.status == "mismatch" and says in report.detail, report.detail
    [stray] = read_microgaming(text.replace('type="Fold" seat="2"', 'type="Fold" seat="6"'), "s.xml")
    assert isinstance(stray, HistoryError) and str(stray).endswith("no player sits at seat '6'")
    wrong, _ = read_microgaming(
        LIMIT.read_text(encoding="utf-8").replace(
            'type="MoneyReturned" seat="1" value="0.10"', 'type="MoneyReturned" seat="1" value="0.20"'
        ),
        "l.xml",
    )
    assert isinstance(wrong, HistoryError) and "the bets leave $0.10 uncalled for Pell, not $0.20" in str(wrong)


@pytest.mark.parametrize(
    ("text", "says"),
    [
        (
            SPLIT.read_text(encoding="utf-8")[:1500],
            "the hand is cut short: the XML is cut short: <Action> opened at line 22",
        ),
        (
            '<Game hhversion="4" id="1">\n<Seats></seats>\n</Game>',
            "g.xml: line 2, column 10: not well-formed XML (mismatched tag)",
        ),
        (
            '<!DOCTYPE g [<!ENTITY e "eeeeeeeeee">]>\n<Game hhversion="4" id="1">&e;</Game>',
            "g.xml: line 1: a document type or entity declaration (<!DOCTYPE ...>) in an XML history: refused",
        ),
    ],
)
def test_malformed_truncated_or_entity_declaring_xml_is_one_error(text: str, says: str) -> None:
    [error] = read_microgaming(text, "g.xml")
    assert isinstance(error, HistoryError) and says in str(error), error


def test_another_game_is_noted_as_another_game() -> None:
    text = SPLIT.read_text(encoding="utf-8").replace('gametype="Omaha H/L"', 'gametype="Hold&apos;em"')
    [other] = read_microgaming(text, "h.xml")
    assert isinstance(other, OtherGame) and other.game == "PL Hold'em"


def test_a_small_blind_posted_all_in_is_a_blind() -> None:
    text = (
        SPLIT.read_text(encoding="utf-8")
        .replace('balance="8.50"', 'balance="0.03"')
        .replace('type="SmallBlind" seat="2" value="0.05"', 'type="AllIn" seat="2" value="0.03"')
        .replace('<Action seq="6" type="Fold" seat="2"/>', "")
    )
    [record] = read_microgaming(text, "s.xml")  # a tournament's short stack posts so (one public sample)
    assert isinstance(record, HandRecord), record
    assert record.posts[0].seat == 1 and record.posts[0].amount == 5 and record.starting_stacks[1] == 3
