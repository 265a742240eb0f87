"""Everleaf text (issue 25): PartyPoker's parser with Everleaf's header, game, table, seat and "wins" lines,
built by the one builder (bracketed amounts that add, a rake nobody states, wins without the winner's bet
nobody called). The samples in tests/data/everleaf/ were written by the project in Everleaf's format
(SOURCES.md)."""

from __future__ import annotations

from engine.errors import HistoryError, OtherGame
from engine.history import HandRecord, replay
from engine.history.everleaf import read_everleaf
from engine.history.pokerstars import read_pokerstars, write_pokerstars
from tests.samples import sample_text


def test_wins_leave_out_the_uncalled_bet_and_the_rake_is_what_was_not_won() -> None:
    [record] = read_everleaf(sample_text("everleaf", "cash-pot-limit-uncalled-bet.txt"))
    assert isinstance(record, HandRecord) and record.rules.blinds == (5, 10) and record.scale == 100
    assert record.collected == ((0, 2, 252),) and record.rake == 13  # a $2.65 pot, "wins $ 2.52": $2.40 went back
    assert record.finishing_stacks == (1125, 950, 1137)


def test_a_limit_game_names_its_bets_and_a_tournament_its_chips() -> None:
    [record] = read_everleaf(sample_text("everleaf", "cash-fixed-limit-split-odd-chip.txt"))
    assert isinstance(record, HandRecord) and record.rules.blinds == (25, 50)
    assert record.rules.betting.small_bet == 50  # type: ignore[attr-defined]
    assert record.collected == ((0, 2, 333), (0, 1, 332))  # the odd cent to the high hand
    [record] = read_everleaf(sample_text("everleaf", "tournament-pot-limit-side-pot.txt"))
    assert isinstance(record, HandRecord) and record.scale == 1 and record.rake == 0
    assert record.collected == ((0, 1, 960), (0, 0, 960), (1, 1, 1600))
    [again] = read_pokerstars(write_pokerstars(record))
    assert isinstance(again, HandRecord) and replay(again).ok
    assert again.finishing_stacks == record.finishing_stacks == (960, 3500, 60)


def test_everleaf_refusals_name_the_hand_and_the_line() -> None:
    text = sample_text("everleaf", "cash-pot-limit-uncalled-bet.txt")
    [error] = read_everleaf(text.replace("wins $ 2.52 USD", "wins $ 2.82 USD"), "e.txt")
    assert isinstance(error, HistoryError)
    assert str(error) == (
        "e.txt: hand #151220087: the players collect $2.82 but put in only $2.65 (uncalled bets returned)"
    )
    [error] = read_everleaf(text.replace("trevalyan: bets [$ 2.40 USD]", "trevalyan: bets [$ 24 USD]"), "e.txt")
    assert isinstance(error, HistoryError)
    assert "line 23 'trevalyan: bets [$ 24 USD]': trevalyan puts in 2400 chips but has only 885 left" in str(error)
    [error] = read_everleaf(text.replace("Okapi_Joe checks", "Okapi_Joe dances"), "e.txt")
    assert isinstance(error, HistoryError) and "line 18 'Okapi_Joe dances': unrecognised action" in str(error)
    [error] = read_everleaf(text.replace("trevalyan wins $ 2.52 USD from main pot\n", ""), "e.txt")
    assert isinstance(error, HistoryError) and "no line says who wins" in str(error)
    [error] = read_everleaf(text.replace("Table Tarbes II", "Tarbes II"), "e.txt")
    assert isinstance(error, HistoryError) and "line 4 'Tarbes II': expected the table line" in str(error)


def test_a_split_the_replay_does_not_pay_is_a_mismatch() -> None:
    text = sample_text("everleaf", "cash-fixed-limit-split-odd-chip.txt")
    [record] = read_everleaf(text.replace("$ 3.33 USD", "$ 3.32 USD").replace("($3.32)", "($3.33)"))
    assert isinstance(record, HandRecord) and replay(record).status == "mismatch"


def test_a_hand_of_another_game_is_noted_as_such() -> None:
    holdem = sample_text("everleaf", "cash-pot-limit-uncalled-bet.txt").replace("PL Omaha Hi/Lo", "NL Hold'em")
    [other] = read_everleaf(holdem, "h.txt")
    assert isinstance(other, OtherGame) and other.game == "NL Hold'em"
    both = read_everleaf(holdem + "\n\n\n" + sample_text("everleaf", "tournament-pot-limit-side-pot.txt"), "b.txt")
    assert [type(item) for item in both] == [HandRecord] and "1 NL Hold'em" in both.notes[0]
