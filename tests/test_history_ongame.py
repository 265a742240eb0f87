"""OnGame text (issue 25): a small parser into the facts, built by the one builder: "raises $0.20 to $0.30"
as a total, a dead blind, no uncalled-bet line, and a summary whose pots, rake and stacks after the hand are
all checked. The samples in tests/data/ongame/ were written by the project in OnGame's format (SOURCES.md)."""

from __future__ import annotations

from engine.errors import HistoryError, OtherGame
from engine.history import HandRecord, replay
from engine.history.detection import detect_format
from engine.history.ongame import read_ongame
from engine.history.pokerstars import read_pokerstars, write_pokerstars
from engine.rules import PostKind
from tests.samples import sample_text


def test_a_dead_blind_an_uncalled_bet_and_the_stated_stacks() -> None:
    [record] = read_ongame(sample_text("ongame", "cash-pot-limit-uncalled-bet.txt"))
    assert isinstance(record, HandRecord) and record.rules.blinds == (10, 25) and record.rake == 30
    assert [post.kind for post in record.posts if post.seat == 3] == [PostKind.LIVE_BLIND, PostKind.DEAD_BLIND]
    assert record.collected == ((0, 1, 560),)  # the $4 turn bet nobody called is not in the pot
    assert record.finishing_stacks == (2325, 2825, 1840, 2795) and record.hero == 1


def test_a_limit_side_pot_split_hi_lo_converts() -> None:
    [record] = read_ongame(sample_text("ongame", "cash-fixed-limit-side-pot-split-odd-chip.txt"))
    assert isinstance(record, HandRecord) and record.rules.betting.small_bet == 100  # type: ignore[attr-defined]
    assert record.collected == ((0, 1, 503), (0, 0, 502), (1, 1, 250), (1, 2, 250))
    [again] = read_pokerstars(write_pokerstars(record))
    assert isinstance(again, HandRecord) and replay(again).ok
    assert again.finishing_stacks == record.finishing_stacks


def test_ongame_refusals_name_the_hand_and_the_line() -> None:
    text = sample_text("ongame", "cash-pot-limit-uncalled-bet.txt")
    [error] = read_ongame(text.replace("Main pot: $5.90", "Main pot: $9.90"), "o.txt")
    assert isinstance(error, HistoryError)
    assert str(error) == (
        "o.txt: hand #R5-84412790-118, line 33 'Main pot: $9.90 won by skerrymore ($5.60)': the "
        "summary's pots hold $9.90 but the players put in $5.90 (uncalled bets returned)"
    )
    [error] = read_ongame(text.replace("Benedek bets $1.50", "Benedek bets $150"), "o.txt")
    assert isinstance(error, HistoryError) and "Benedek puts in 15000 chips but has only 2945 left" in str(error)
    [error] = read_ongame(text.replace("***** End of hand R5-84412790-118 *****\n", ""), "o.txt")
    assert isinstance(error, HistoryError) and "cut short" in str(error)
    [error] = read_ongame(text.replace("won by skerrymore", "won by nobody"), "o.txt")
    assert isinstance(error, HistoryError) and "cannot read the winner 'nobody ($5.60)'" in str(error)


def test_a_summary_the_replay_does_not_pay_is_a_mismatch() -> None:
    text = sample_text("ongame", "cash-fixed-limit-side-pot-split-odd-chip.txt")
    swapped = text.replace("tamsin_k ($5.03), Arbuthnot ($5.02)", "tamsin_k ($5.02), Arbuthnot ($5.03)")
    [record] = read_ongame(
        swapped.replace("($5.02), net: +$1.52", "($5.03), net: +$1.53").replace(
            "($41.53), net: +$1.53", "($41.52), net: +$1.52"
        )
    )
    assert isinstance(record, HandRecord) and replay(record).status == "mismatch"


def test_a_hand_of_another_game_is_noted_as_such() -> None:
    holdem = sample_text("ongame", "cash-pot-limit-uncalled-bet.txt").replace(
        "POT_LIMIT OMAHA_HI_LO", "NO_LIMIT TEXAS_HOLDEM"
    )
    [other] = read_ongame(holdem, "h.txt")
    assert isinstance(other, OtherGame) and other.game == "NO_LIMIT TEXAS_HOLDEM"
    both = read_ongame(holdem + "\n" + sample_text("ongame", "cash-fixed-limit-side-pot-split-odd-chip.txt"), "b.txt")
    assert [type(item) for item in both] == [HandRecord] and "1 NO_LIMIT TEXAS_HOLDEM" in both.notes[0]


def test_a_tournament_hand_in_chips_named_by_its_header() -> None:
    text = sample_text("ongame", "tournament-pot-limit-all-in-split.txt")
    assert detect_format("t.txt", text) == "ongame"
    [record] = read_ongame(text)
    assert isinstance(record, HandRecord) and record.scale == 1 and record.rules.blinds == (50, 100)
    fields = dict(record.fields)
    assert (fields["tournament"], fields["buy_in"], fields["tournament_name"]) == ("75443872", "$5", "PLO8 Turbo $5")
    assert fields["table"] == "Estoril [75443872]"  # "[SPEED]" is the table's speed, not its name
    assert record.collected == ((0, 1, 1945), (0, 0, 1945)) and not record.rake
    assert record.finishing_stacks == (2775, 1945, 3280)  # Hero's 830 nobody called came back
    report = replay(record)
    assert report.ok
    [again] = read_pokerstars(write_pokerstars(record))
    assert isinstance(again, HandRecord) and dict(again.fields)["tournament"] == "75443872" and replay(again).ok


def test_a_tournament_level_the_text_carries_is_read() -> None:
    """A friction of the newcomer's trial: OnGame's tournament level was never read, so a record written back
    said Level I. Where the text carries it (the table line's "Tournament, Level 5", or a "Level: 5" line before
    it), it is kept, and written back."""
    text = sample_text("ongame", "tournament-pot-limit-all-in-split.txt")
    assert "level" not in dict(read_ongame(text)[0].fields)  # type: ignore[union-attr]
    for carried in (
        text.replace("50/100, Tournament)", "50/100, Tournament, Level 5)"),
        text.replace("Table: [SPEED]", "Level: 5\nTable: [SPEED]"),
    ):
        [record] = read_ongame(carried)
        assert isinstance(record, HandRecord) and dict(record.fields)["level"] == "5"
        assert " - Level 5 (50/100) - " in write_pokerstars(record)
