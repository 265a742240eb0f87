"""PartyPoker text (issue 25): a small parser into the facts (its text is not PokerStars' shape), built by the
one builder: "wins" that count in the winner's own uncalled bet, a rake nobody states, a pot-limit header that
names the buy-in instead of the blinds. The samples in tests/data/partypoker/ were written by the project in
PartyPoker's format (SOURCES.md)."""

from __future__ import annotations

from engine.errors import HistoryError, OtherGame
from engine.history import HandRecord, replay
from engine.history.partypoker import read_partypoker
from engine.history.pokerstars import read_pokerstars, write_pokerstars
from tests.samples import sample_text


def test_wins_that_count_in_the_uncalled_bet_and_the_rake_nobody_states() -> None:
    [record] = read_partypoker(sample_text("partypoker", "cash-pot-limit-uncalled-bet.txt"))
    assert isinstance(record, HandRecord)
    assert record.rules.blinds == (25, 50)  # "$50 USD PL" is the buy-in: the blinds are the posts
    assert record.collected == ((None, 1, 2684),) and record.rake == 141  # "wins $46.84" less her $20 back
    assert record.finishing_stacks == (4645, 6359, 1850)
    [record] = read_partypoker(sample_text("partypoker", "cash-pot-limit-all-in-for-less.txt"))
    assert isinstance(record, HandRecord)  # "wins $1 USD from the side pot 1" was Oyelaran's bet nobody called
    assert record.collected == ((0, 2, 934), (0, 1, 933)) and record.rake == 98
    [record] = read_partypoker(sample_text("partypoker", "cash-fixed-limit-split-odd-chip.txt"))
    assert isinstance(record, HandRecord) and record.rules.blinds == (100, 200)
    assert record.rules.betting.small_bet == 200  # type: ignore[attr-defined]


def test_a_partypoker_hand_converts_and_keeps_its_outcome() -> None:
    [record] = read_partypoker(sample_text("partypoker", "tournament-pot-limit-side-pot.txt"))
    assert isinstance(record, HandRecord) and record.scale == 1 and record.rules.blinds == (25, 50)
    [again] = read_pokerstars(write_pokerstars(record))
    assert isinstance(again, HandRecord) and again.finishing_stacks == record.finishing_stacks
    assert replay(again).ok


def test_partypoker_refusals_name_the_hand_and_the_line() -> None:
    text = sample_text("partypoker", "cash-pot-limit-uncalled-bet.txt")
    [error] = read_partypoker(text.replace("wins $46.84", "wins $56.84"), "p.txt")
    assert isinstance(error, HistoryError)
    assert str(error) == (
        "p.txt: hand #15002240118: the players collect $36.84 but put in only $28.25 (uncalled bets returned)"
    )
    [error] = read_partypoker(text.replace("wins $46.84", "wins $16.84"), "p.txt")
    assert isinstance(error, HistoryError) and "Marisol_V is said to win less than the $20 of their bet" in str(error)
    [error] = read_partypoker(text.replace("tern again bets [$8 USD]", "tern again bets [$80 USD]"), "p.txt")
    assert isinstance(error, HistoryError)
    assert "line 25 'tern again bets [$80 USD]': tern again puts in 8000 chips but has only 2650 left" in str(error)
    [error] = read_partypoker(text.replace("Marisol_V wins $46.84 USD\n", ""), "p.txt")
    assert isinstance(error, HistoryError) and "the hand is cut short: no line says who wins" in str(error)
    [error] = read_partypoker(text.replace("quillon checks", "quillon dances"), "p.txt")
    assert isinstance(error, HistoryError)
    assert "line 18 'quillon dances': unrecognised action of 'quillon'" in str(error)


def test_a_summary_the_replay_does_not_pay_is_a_mismatch() -> None:
    text = (
        sample_text("partypoker", "cash-fixed-limit-split-odd-chip.txt")
        .replace("$12.83", "$12.8x")
        .replace("$12.82", "$12.83")
    )
    [record] = read_partypoker(text.replace("$12.8x", "$12.82"))
    assert isinstance(record, HandRecord)  # the odd chip written to the low half: the engine gives it to the high
    report = replay(record)
    assert report.status == "mismatch" and "harbourmaster collects 12.83, the record says 12.82" in report.detail


def test_a_hand_of_another_game_is_noted_as_such() -> None:
    holdem = sample_text("partypoker", "cash-pot-limit-uncalled-bet.txt").replace("PL Omaha Hi-Lo", "NL Texas Hold'em")
    [other] = read_partypoker(holdem, "h.txt")
    assert isinstance(other, OtherGame) and other.game == "NL Texas Hold'em"
    both = read_partypoker(holdem + "\n\n" + sample_text("partypoker", "cash-fixed-limit-split-odd-chip.txt"), "b.txt")
    assert [type(item) for item in both] == [HandRecord]
    assert any("passed over 1 hand of other games (1 NL Texas Hold'em)" in note for note in both.notes)


def test_text_around_the_hands_is_passed_over_in_one_note() -> None:
    found = read_partypoker(
        "Hi all, what about this one?\n\n"
        + sample_text("partypoker", "cash-pot-limit-uncalled-bet.txt")
        + "\nThanks\n",
        "forum.txt",
    )
    assert [type(item) for item in found] == [HandRecord]
    assert found.notes == (
        "forum.txt: passed over 2 lines that are not part of a hand (the first: line 1 'Hi all, what about this one?')",
    )
    [error] = read_partypoker("nothing here\n", "n.txt")
    assert isinstance(error, HistoryError) and "no hand found (1 lines of other text)" in str(error)
