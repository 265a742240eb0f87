"""Boss Media XML (issue 25): a parser of the ``<HISTORY>`` elements into the facts, built by the one builder. A
RAISE and an ALLIN are the player's whole bet this round, a CALL and a BET what they add; nothing returns the bet
nobody called; the SHOWDOWN's POT is after the rake and each RESULT's WIN both halves of a hi-lo pot together;
cards are numbers 0-51 (diamonds ace to king, then clubs, hearts, spades). The samples in tests/data/bossmedia/
were written by the project in Boss Media's format (SOURCES.md)."""

from __future__ import annotations

from engine import Call, Raise, parse_cards
from engine.errors import HistoryError
from engine.history import HandRecord, replay
from engine.history.bossmedia import read_bossmedia
from engine.history.detection import detect_format
from tests.samples import sample_text

CASH = "cash-pot-limit-uncalled-bet-split-odd-chip.xml"
QUARTERED = "play-money-fixed-limit-quartered.xml"
TOURNAMENT = "tournament-no-limit-side-pots.xml"


def test_the_bet_nobody_called_is_out_of_the_pot_and_the_win_and_the_pot_are_after_the_rake() -> None:
    uncalled, split = read_bossmedia(sample_text("bossmedia", CASH))
    assert isinstance(uncalled, HandRecord) and isinstance(split, HandRecord)
    assert uncalled.rules.blinds == (25, 50) and uncalled.scale == 100 and dict(uncalled.fields)["symbol"] == "$"
    assert uncalled.collected == ((None, 3, 1259),) and uncalled.rake == 66  # POT="12.59" RAKE="0.66": $9 went back
    assert uncalled.finishing_stacks == (4425, 3240, 5940, 5184) and uncalled.hero == 0
    assert "UNKNOWN" not in uncalled.players  # an empty seat
    assert split.collected == ((None, 1, 1062), (None, 2, 1063))  # the odd cent to the high hand
    assert (2, Raise(200)) in split.actions  # ACTION_RAISE VALUE="2.00": the total


def test_card_links_are_diamonds_clubs_hearts_spades_ace_to_king() -> None:
    hero = '<CARD LINK="26"></CARD>\n<CARD LINK="14"></CARD>\n<CARD LINK="47"></CARD>\n<CARD LINK="9"></CARD>'
    text = sample_text("bossmedia", CASH)
    assert hero in text  # Ah 2c 9s Td
    links = '<CARD LINK="0"></CARD>\n<CARD LINK="12"></CARD>\n<CARD LINK="13"></CARD>\n<CARD LINK="51"></CARD>'
    record, _ = read_bossmedia(text.replace(hero, links))
    assert isinstance(record, HandRecord) and record.hole[0] == parse_cards("Ad Kd Ac Ks")


def test_the_hero_is_the_first_player_dealt_cards_the_export_shows() -> None:
    unseen = '<ACTION TYPE="HAND_DEAL" PLAYER="Holmgren">\n' + '<CARD LINK="b"></CARD>\n' * 3 + '<CARD LINK="b"></CARD>'
    shown = '<ACTION TYPE="HAND_DEAL" PLAYER="Holmgren">\n' + "\n".join(
        f'<CARD LINK="{link}"></CARD>' for link in (24, 11, 25, 12)
    )  # the cards his RESULT shows
    text = sample_text("bossmedia", TOURNAMENT)
    assert unseen in text
    [record] = read_bossmedia(text.replace(unseen, shown))
    assert isinstance(record, HandRecord) and record.hero is not None and record.players[record.hero] == "Holmgren"


def test_an_all_in_is_the_round_total_and_three_of_them_make_two_side_pots() -> None:
    [record] = read_bossmedia(sample_text("bossmedia", TOURNAMENT))
    assert isinstance(record, HandRecord) and record.scale == 1 and record.rules.ante == 10
    assert record.rules.blinds == (50, 100) and "tournament" not in dict(record.fields)  # TABLETOURNEYID=""
    names = record.players
    # "ALLIN 1490.00" raises Ilse_B's bet to 1,490; "ALLIN 970.00" is the big blind's call for less
    assert (names.index("Ilse_B"), Raise(1490)) in record.actions
    assert (names.index("trondheim7"), Call()) in record.actions
    report = replay(record)
    assert report.ok and report.state is not None and report.state.result is not None
    assert [pot.amount for pot in report.state.result.pots] == [2560, 1020, 1040]
    assert record.finishing_stacks == (1280, 1230, 1030, 1790)


def test_play_money_and_a_quartered_pot() -> None:
    [record] = read_bossmedia(sample_text("bossmedia", QUARTERED))
    assert isinstance(record, HandRecord) and dict(record.fields)["play_money"] is True
    assert record.rules.betting.small_bet == 100 and record.rules.blinds == (50, 100)  # type: ignore[attr-defined]
    assert sorted(chips for _, _, chips in record.collected or ()) == [375, 375, 750]  # a quarter each for the low


def test_detection_knows_a_boss_media_file_by_its_history_elements() -> None:
    assert detect_format("h.xml", sample_text("bossmedia", TOURNAMENT)) == "bossmedia"
    assert detect_format("h.xml", sample_text("bossmedia", CASH)) == "bossmedia"  # inside a <ROOT>


def test_boss_media_refusals_name_the_hand_and_the_line() -> None:
    text = sample_text("bossmedia", CASH)
    showdown = '<SHOWDOWN NAME="HAND_SHOWDOWN" POT="12.59"'
    [error, _] = read_bossmedia(text.replace(showdown, '<SHOWDOWN NAME="HAND_SHOWDOWN" POT="21.59"'), "b.xml")
    assert isinstance(error, HistoryError)
    assert str(error).endswith(
        "the SHOWDOWN's POT is $21.59 but the players put in $13.25 (uncalled bets returned), less the $0.66 the "
        "house took"
    )
    [error, _] = read_bossmedia(text.replace('<CARD LINK="26">', '<CARD LINK="52">'), "b.xml")
    assert isinstance(error, HistoryError)
    assert str(error) == (
        "b.xml: hand #3104417720, line 22 '<CARD LINK=\"52\"></CARD>': cannot read the card LINK='52' (0-51, or b "
        "for a card not seen)"
    )
    [error, _] = read_bossmedia(text.replace('VALUE="9.00"', 'VALUE="90.00"'), "b.xml")
    assert isinstance(error, HistoryError) and str(error).endswith(
        "bluefjord puts in 9000 chips but has only 3925 left"
    )
    cut = text.replace(showdown, "<!-- cut -->" + showdown, 1).split("<!-- cut -->")[0] + "</HISTORY></ROOT>"
    [error] = read_bossmedia(cut, "b.xml")
    assert isinstance(error, HistoryError) and "the hand is cut short: it has no <SHOWDOWN>" in str(error)
    found = read_bossmedia(text.replace('GAME="GAME_OMAHL"', 'GAME="GAME_THM"', 1), "b.xml")
    assert len(found) == 1 and any("GAME_THM" in note for note in found.notes), found.notes


def test_wins_the_replay_does_not_pay_are_a_mismatch() -> None:
    text = sample_text("bossmedia", CASH).replace('WIN="10.62" HAND', 'WIN="10.6x" HAND')
    text = text.replace('WIN="10.63" HAND', 'WIN="10.62" HAND').replace('WIN="10.6x" HAND', 'WIN="10.63" HAND')
    _, record = read_bossmedia(text)
    assert isinstance(record, HandRecord)
    report = replay(record)
    assert report.status == "mismatch" and "rolfsen collects 10.62, the record says 10.63" in report.detail
