"""PKR text (issue 25): a small parser into the facts, built by the one builder: every amount the player's bet this
round ("calls $8", "raises to $8"), "Moving Button to seat N" over the last hand's button, "Returning $X to NAME
uncalled" when written, the pot sizes and "Taking Rake" checked, wins named by pot, chat and emotes passed over.
The samples in tests/data/pkr/ were written by the project in PKR's format (SOURCES.md)."""

from __future__ import annotations

from engine import Call, Raise
from engine.errors import HistoryError, OtherGame
from engine.history import HandRecord, replay
from engine.history.pkr import read_pkr
from tests.samples import sample_text

QUARTERED = "cash-pot-limit-split-quartered.txt"
PLAY = "play-money-pot-limit-uncalled-bet.txt"
TOURNAMENT = "tournament-pot-limit-side-pot.txt"


def test_totals_the_moving_button_and_a_quartered_low_after_the_rake() -> None:
    [record] = read_pkr(sample_text("pkr", QUARTERED))
    assert isinstance(record, HandRecord) and record.rules.blinds == (100, 200) and record.scale == 100
    assert record.players == ("quillfeather", "Dunmore", "Hero", "Wendeline")  # sable_ox is away from the table
    assert record.button == 2 and record.hero == 2  # "Moving Button to seat 3"
    assert (2, Raise(800)) in record.actions and (3, Call()) in record.actions  # "calls $8" from the small blind
    assert record.rake == 300 and record.collected == ((0, 2, 5950), (0, 2, 2975), (0, 3, 2975))
    assert record.finishing_stacks == (20840, 16500, 23925, 23055)  # the stacks listed after the hand


def test_play_money_and_the_returned_bet() -> None:
    [record] = read_pkr(sample_text("pkr", PLAY))
    assert isinstance(record, HandRecord) and dict(record.fields)["play_money"] is True and record.scale == 100
    assert record.collected == ((0, 3, 27500),) and not record.rake  # "$2,415.35": play chips with cents
    [error] = read_pkr(sample_text("pkr", PLAY).replace("Returning $220", "Returning $200"), "k.txt")
    assert isinstance(error, HistoryError)
    assert str(error).endswith("the bets leave 220 uncalled for tindall, not 200 for tindall")


def test_the_hero_is_the_first_player_a_dealing_line_names_as_at_every_text_site() -> None:
    dealt = "Dealing [A d][2 s][K h][9 c] to Hero"
    text = sample_text("pkr", QUARTERED)
    assert dealt in text
    [record] = read_pkr(text.replace(dealt, dealt + "\nDealing [2 c][3 c][4 s][6 s] to Dunmore"))
    assert isinstance(record, HandRecord) and record.hero is not None and record.players[record.hero] == "Hero"


def test_a_tournament_side_pot_is_paid_pot_by_pot() -> None:
    [record] = read_pkr(sample_text("pkr", TOURNAMENT))
    assert isinstance(record, HandRecord) and record.scale == 1 and dict(record.fields)["tournament"] == "25865530"
    assert record.collected == ((1, 3, 1115), (1, 2, 1115), (0, 1, 1378), (0, 2, 1377))  # the odd chip high
    report = replay(record)
    assert report.ok and report.state is not None and report.state.result is not None
    assert [pot.amount for pot in report.state.result.pots] == [2755, 2230]  # the "Pot sizes" lines


def test_pkr_refusals_name_the_hand_and_the_line() -> None:
    text = sample_text("pkr", QUARTERED)
    [error] = read_pkr(text.replace("Pot sizes: $122\nTaking", "Pot sizes: $132\nTaking"), "k.txt")
    assert str(error) == (
        "k.txt: hand #2411880061, line 45 'Pot sizes: $132': the pot sizes add up to $132 but the players put in "
        "$122 (uncalled bets returned)"
    )
    [error] = read_pkr(text.replace("Dunmore yawns.", "Dunmore dances"), "k.txt")
    assert str(error) == "k.txt: hand #2411880061, line 31 'Dunmore dances': unrecognised action of 'Dunmore'"
    [error] = read_pkr(text.replace("End of Hand #2411880061\n", ""), "k.txt")
    assert isinstance(error, HistoryError) and str(error).endswith("the hand is cut short: no 'End of Hand #N' line")
    [error] = read_pkr(text.replace("Hero raises to $8", "Hero raises to $800"), "k.txt")
    assert isinstance(error, HistoryError) and str(error).endswith("Hero puts in 80000 chips but has only 20000 left")
    [other] = read_pkr(text.replace("Game Type: OMAHA HI/LO", "Game Type: HOLD'EM"), "k.txt")
    assert isinstance(other, OtherGame) and other.game == "POT LIMIT HOLD'EM"


def test_wins_the_replay_does_not_pay_are_a_mismatch() -> None:
    text = sample_text("pkr", QUARTERED).replace("Hero ties $29.75", "Hero ties $29.70")
    text = text.replace("Wendeline ties $29.75", "Wendeline ties $29.80").replace("$239.25", "$239.20")
    [record] = read_pkr(text.replace("$230.55", "$230.60"))
    assert isinstance(record, HandRecord) and replay(record).status == "mismatch"
