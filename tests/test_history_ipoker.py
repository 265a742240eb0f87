"""iPoker XML (issue 25): a parser of the export's elements into the facts, built by the one builder. A raise's
``sum`` is the new total and a call's what it adds; a ``win`` includes the uncalled bet that went back unless
the session says ``uncalled_bet_enabled``; the rake is not written. The samples in tests/data/ipoker/ were
written by the project in iPoker's format (SOURCES.md)."""

from __future__ import annotations

import pytest

from engine import Call, Raise
from engine.errors import HistoryError, OtherGame
from engine.history import HandRecord, replay
from engine.history.files import read_history
from engine.history.ipoker import read_ipoker
from tests.samples import DATA

SAMPLES = DATA / "ipoker"
LIMIT = SAMPLES / "cash-limit-split-odd-chip.xml"
UNCALLED = SAMPLES / "cash-pot-limit-uncalled-bet.xml"
TOURNAMENT = SAMPLES / "tournament-pot-limit-side-pot.xml"


def test_a_limit_split_with_an_odd_chip_after_a_rake_nobody_wrote() -> None:
    first, second = read_history(LIMIT)
    assert isinstance(first, HandRecord) and isinstance(second, HandRecord)
    assert first.rules.blinds == (5, 10) and first.scale == 100 and "joJo kite" in first.players
    assert first.rake == 9 and sorted(first.collected or ()) == [(None, 1, 85), (None, 2, 86)]
    assert (2, Raise(40)) in first.actions and (1, Call()) in first.actions  # "23" $0.40 is to, "3" $0.20 adds
    pot = replay(first).state.result.pots[0]  # type: ignore[union-attr]
    assert (pot.amount, pot.high_winners, pot.low_winners) == (171, (2,), (1,))
    assert second.collected == ((None, 3, 25),)  # joJo's win of $0.35 held the $0.10 nobody called


def test_wins_hold_the_uncalled_bet_unless_the_session_says_it_is_returned_apart() -> None:
    old, new = read_history(UNCALLED)
    assert isinstance(old, HandRecord) and isinstance(new, HandRecord)
    assert old.collected == ((None, 1, 252),) and old.rake == 13  # win €5.17 = €2.52 + the €2.65 bet back
    assert old.finishing_stacks == (885, 882, 1195) and ("currency", "EUR") in old.fields and old.money == "EUR"
    assert new.collected == ((None, 0, 29),) and new.rake == 1  # uncalled_bet_enabled: the win is the pot


def test_a_tournament_without_stakes_takes_its_blinds_and_ante_from_the_posts() -> None:
    [record] = read_history(TOURNAMENT)
    assert isinstance(record, HandRecord) and record.scale == 1 and record.rake == 0
    assert record.rules.blinds == (50, 100) and record.rules.ante == 10
    assert dict(record.fields)["tournament"] == "310455612"
    assert (None, 0, 750) in (record.collected or ())  # Kasimir's 910 held the 160 nobody called


def test_a_result_that_disagrees_is_refused_or_reported() -> None:
    text = LIMIT.read_text(encoding="utf-8")
    [error, _] = read_ipoker(text.replace('win="$0.86"', 'win="$0.99"'), "l.xml")
    assert isinstance(error, HistoryError)
    assert str(error) == (
        "l.xml: hand #8810442301: the players collect $1.84 but put in only $1.80 (uncalled bets returned)"
    )
    [moved, _] = read_ipoker(text.replace('win="$0.85"', 'win="$0.80"').replace('win="$0.86"', 'win="$0.91"'), "l.xml")
    assert isinstance(moved, HandRecord)
    report = replay(moved)
    assert report.status == "mismatch" and "Ostrava77 collects 0.86, the record says 0.91" in report.detail
    [short] = read_ipoker(TOURNAMENT.read_text(encoding="utf-8").replace('sum="590"', 'sum="500"'), "t.xml")
    assert isinstance(short, HistoryError)  # ulla.b's all-in short of her stack leaves the wins too big
    assert str(short) == (
        "t.xml: hand #9012745530: the players collect 4260 but put in only 4170 (uncalled bets returned)"
    )


@pytest.mark.parametrize(
    ("text", "says"),
    [
        (
            LIMIT.read_text(encoding="utf-8")[:1500],
            "l.xml: hand #8810442301, line 24 '<game gamecode=\"8810442301\">': the hand is cut short: the XML is "
            "cut short: <round> opened at line 38 is never closed",
        ),
        (
            "<session>\n<general><gametype>Omaha Hi-Lo PL</general>\n</session>",
            "l.xml: line 2, column 36: not well-formed XML (mismatched tag)",
        ),
        (
            '<?xml version="1.0"?>\n<!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;">]>\n'
            '<session><general>&lol2;</general><game gamecode="1"/></session>',
            "l.xml: line 2: a document type or entity declaration (<!DOCTYPE ...>) in an XML history: refused",
        ),
    ],
)
def test_malformed_truncated_or_entity_declaring_xml_is_one_error(text: str, says: str) -> None:
    [error] = read_ipoker(text, "l.xml")
    assert isinstance(error, HistoryError) and str(error).startswith(says), error


def test_another_game_is_noted_as_another_game() -> None:
    holdem = LIMIT.read_text(encoding="utf-8").replace("Omaha Hi-Lo L $0.10/$0.20", "Holdem NL $0.05/$0.10")
    hands = read_ipoker(holdem, "h.xml")
    assert len(hands) == 2 and all(isinstance(hand, OtherGame) and hand.game == "Holdem NL" for hand in hands)
    assert "not an Omaha hand" in str(hands[0])
