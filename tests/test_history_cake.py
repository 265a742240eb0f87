"""Cake Poker text (issue 25): a small parser into the facts (its text is not PokerStars' shape), built by the
one builder: decimal commas in money and thousands commas in chips, "raises to" a total while "calls", "bets"
and "is all in" add, a rake nobody states. The samples in tests/data/cake/ were written by the project in
Cake's format (SOURCES.md)."""

from __future__ import annotations

from engine.errors import HistoryError, OtherGame
from engine.history import HandRecord, replay
from engine.history.cake import read_cake
from engine.history.pokerstars import read_pokerstars, write_pokerstars
from tests.samples import sample_text


def test_decimal_commas_totals_and_the_rake_nobody_states() -> None:
    [record] = read_cake(sample_text("cake", "cash-pot-limit-split-odd-chip.txt"))
    assert isinstance(record, HandRecord) and record.scale == 100 and record.rules.blinds == (10, 25)
    assert record.starting_stacks == (1240, 2500, 805, 1962)
    assert record.collected == ((None, 3, 508), (None, 0, 507)) and record.rake == 50
    [record] = read_cake(sample_text("cake", "cash-fixed-limit-uncalled-bet.txt"))
    assert isinstance(record, HandRecord) and record.rules.blinds == (25, 50)
    assert record.rules.betting.small_bet == 50  # type: ignore[attr-defined]
    assert record.collected == ((None, 2, 765),) and record.rake == 35  # the $1 returned is not in "wins"
    [record] = read_cake(sample_text("cake", "tournament-pot-limit-side-pot.txt"))
    assert isinstance(record, HandRecord) and record.scale == 1 and record.rules.blinds == (25, 50)
    assert record.starting_stacks == (2310, 640, 1185, 3020) and not record.rake  # "2,310": a thousands comma
    assert ("tournament", "15043870") in record.fields and ("buy_in", "$10 + $1") in record.fields


def test_a_cake_hand_converts_and_keeps_its_outcome() -> None:
    for name in ("tournament-pot-limit-side-pot.txt", "cash-pot-limit-split-odd-chip.txt"):
        [record] = read_cake(sample_text("cake", name))
        assert isinstance(record, HandRecord)
        [again] = read_pokerstars(write_pokerstars(record))
        assert isinstance(again, HandRecord) and again.finishing_stacks == record.finishing_stacks
        assert replay(again).ok


def test_cake_refusals_name_the_hand_and_the_line() -> None:
    text = sample_text("cake", "cash-fixed-limit-uncalled-bet.txt")
    [error] = read_cake(text.replace("wins $7,65", "wins $8,65"), "c.txt")
    assert isinstance(error, HistoryError)
    assert str(error) == (
        "c.txt: hand #5120034902001311: the players collect $8.65 but put in only $8 (uncalled bets returned)"
    )
    [error] = read_cake(text.replace("returns uncalled bet $1", "returns uncalled bet $2"), "c.txt")
    assert isinstance(error, HistoryError)
    assert "line 24 'Oldrich_B: returns uncalled bet $2': the bets leave $1 uncalled" in str(error)
    [error] = read_cake(text.replace("Oldrich_B wins $7,65\n", ""), "c.txt")
    assert isinstance(error, HistoryError) and "the hand is cut short: no line says who wins" in str(error)
    [error] = read_cake(text.replace("MarekD: folds", "MarekD: dances"), "c.txt")
    assert isinstance(error, HistoryError)
    assert "line 14 'MarekD: dances': unrecognised action of 'MarekD'" in str(error)
    [error] = read_cake(text.replace("$0,50 in chips", "$0,5x in chips").replace("$9,20 in", "$9,2x in"), "c.txt")
    assert isinstance(error, HistoryError) and "hand #5120034902001311" in str(error)
    [error] = read_cake(text.replace("Qs,Jd,Ts,4h", "Qs,Jd,Ts,Qd"), "c.txt")
    assert isinstance(error, HistoryError) and "Qd" in str(error)


def test_a_hold_em_hand_is_another_game() -> None:
    text = sample_text("cake", "cash-fixed-limit-uncalled-bet.txt").replace("FL Omaha Hi/Lo", "FL Hold'em")
    [error] = read_cake(text, "c.txt")
    assert isinstance(error, OtherGame) and "FL Hold'em" in str(error)


def test_a_dead_blind_and_a_big_blind_posted_at_once() -> None:
    text = sample_text("cake", "cash-pot-limit-split-odd-chip.txt").replace(
        "Dealt to", "pallo_verde:posts dead blind $-0,10 and big blind $0,25\nDealt to"
    )
    text = text.replace("$5,08", "$5,25").replace("$5,07", "$5,25")
    [record] = read_cake(text)
    assert isinstance(record, HandRecord), record
    assert replay(record).ok and record.rake == 50  # $11 went in (a dead 10 and a live 25 more)
