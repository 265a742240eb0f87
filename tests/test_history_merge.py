"""Merge Network XML (Carbon and its skins; issue 25): a parser of the ``<description>``/``<game>`` elements into
the facts, built by the one builder. Players are named by their seat; a RAISE's amount is the new total from
September 2010 on and what it adds before; the winners' amounts include the uncalled bet; the rake is not
written; a tournament's balances are written after the blinds. The samples in tests/data/merge/ were written by
the project in Merge's format (SOURCES.md)."""

from __future__ import annotations

import pytest

from engine import Raise
from engine.errors import HistoryError, OtherGame
from engine.history import HandRecord, replay
from engine.history.files import read_history
from engine.history.merge import read_merge
from tests.samples import DATA

SAMPLES = DATA / "merge"
LIMIT = SAMPLES / "cash-limit-split-odd-chip.xml"
UNCALLED = SAMPLES / "cash-pot-limit-uncalled-bet.xml"
TOURNAMENT = SAMPLES / "tournament-pot-limit-side-pot.xml"


def test_a_limit_split_with_an_odd_chip_and_a_player_not_dealt_in() -> None:
    [record] = read_history(LIMIT)
    assert isinstance(record, HandRecord) and "rookwood9" not in record.players  # dealtin="false"
    assert record.rules.blinds == (50, 100) and record.rake == 99
    assert sorted(record.collected or ()) == [(None, 1, 950), (None, 3, 951)]
    assert record.finishing_stacks == (3925, 3950, 2070, 5151)


def test_a_raise_adds_before_september_2010_and_is_the_total_after() -> None:
    old, new = read_history(UNCALLED)
    assert isinstance(old, HandRecord) and isinstance(new, HandRecord)
    assert (2, Raise(575)) in old.actions  # 2009: "RAISE 5.50" from the small blind's 0.25 makes 5.75
    assert old.collected == ((None, 2, 1140),)  # the win of $19.40 held the $8 nobody called
    assert sum(chips for _, _, chips in new.collected or ()) == 1500  # the uncalled="true" $12.65 went back
    text = UNCALLED.read_text(encoding="utf-8").replace('starttime="20091103224510"', 'starttime="20101103224510"')
    [refused, _] = read_merge(text, "u.xml")
    assert isinstance(refused, HistoryError) and "hand #38761120-77, line 17" in str(refused)  # read as totals, it
    assert str(refused).endswith("Moll Fen calls $4, but the call is $3.75")  # breaks: the call no longer fits


def test_a_tournament_balance_is_written_after_the_blinds() -> None:
    [record] = read_history(TOURNAMENT)
    assert isinstance(record, HandRecord) and record.scale == 1 and record.rake == 0
    assert record.starting_stacks == (1340, 2210, 700, 1980) and record.rules.blinds == (25, 50)
    assert dict(record.fields)["tournament"] == "70412233"
    assert (1, 3, 640) in (record.collected or ()) and record.finishing_stacks == (2040, 1510, 1400, 1280)


def test_a_result_that_disagrees_is_refused_or_reported() -> None:
    text = LIMIT.read_text(encoding="utf-8")
    [error] = read_merge(text.replace('amount="9.51"', 'amount="10.51"'), "l.xml")
    assert isinstance(error, HistoryError)
    assert str(error) == (
        "l.xml: hand #61230558-212: the players collect $20.01 but put in only $20 (uncalled bets returned)"
    )
    [moved] = read_merge(
        text.replace('amount="9.51"', 'amount="9.01"').replace('amount="9.50"', 'amount="10"'), "l.xml"
    )
    assert isinstance(moved, HandRecord)
    report = replay(moved)
    assert report.status == "mismatch" and "Tubby Moss collects 9.5, the record says 10" in report.detail
    [stray] = read_merge(text.replace('player="2" amount="1.00"/>', 'player="6" amount="1.00"/>', 1), "l.xml")
    assert isinstance(stray, HistoryError) and str(stray).endswith("no player sits at '6'")


@pytest.mark.parametrize(
    ("text", "says"),
    [
        (
            LIMIT.read_text(encoding="utf-8")[:2000],
            "the hand is cut short: the XML is cut short: <round> opened at line 23 is never closed",
        ),
        (
            '<description type="Omaha H/L8" stakes="Limit $1/$2"/>\n<game id="1-1" starttime="2013">\n</gmae>',
            "m.xml: line 3, column 3: not well-formed XML (mismatched tag)",
        ),
        (
            '<!DOCTYPE g [<!ENTITY e SYSTEM "file:///etc/passwd">]>\n<game id="1-1" starttime="2013">&e;</game>',
            "m.xml: line 1: a document type or entity declaration (<!DOCTYPE ...>) in an XML history: refused",
        ),
    ],
)
def test_malformed_truncated_or_entity_declaring_xml_is_one_error(text: str, says: str) -> None:
    [error] = read_merge(text, "m.xml")
    assert isinstance(error, HistoryError) and says in str(error), error


def test_another_game_is_noted_as_another_game() -> None:
    text = LIMIT.read_text(encoding="utf-8").replace('type="Omaha H/L8"', 'type="7-Stud H/L8"')
    [other] = read_merge(text, "s.xml")
    assert isinstance(other, OtherGame) and other.game == "7-Stud H/L8 Limit"
