"""Absolute / UltimateBet text (issue 25): a small parser into the facts, built by the one builder: "Normal" is
fixed limit, a single stake the big blind, "Raises $45 to $60" and "All-In(Raise)" totals, "Calls", "Bets" and
"All-In" adding, both forms of a dead post, "returned ($20) : not called", collections by pot, and a summary whose
total, rake and jackpot rake and "collected Total" are checked. The samples in tests/data/absolute/ were written by
the project in the site's format (SOURCES.md)."""

from __future__ import annotations

from engine.betting import FixedLimit, PotLimit
from engine.errors import HistoryError, OtherGame
from engine.history import HandRecord, replay
from engine.history.absolute import read_absolute
from engine.history.detection import detect_format
from engine.rules import PostKind
from tests.samples import sample_text

LIMIT = "cash-fixed-limit-split-pot.txt"
POT_LIMIT = "cash-pot-limit-uncalled-bet-side-pot.txt"
TOURNAMENT = "tournament-pot-limit-split.txt"


def test_normal_is_fixed_limit_with_its_bets_and_the_jackpot_rake_is_the_houses() -> None:
    [record] = read_absolute(sample_text("absolute", LIMIT))
    assert isinstance(record, HandRecord) and record.scale == 100
    assert record.rules.betting == FixedLimit(small_bet=3000, big_bet=6000) and record.rules.blinds == (1500, 3000)
    assert record.players == ("Hero", "tamsin_k", "orlov", "wrenfield")  # seats listed out of order
    assert record.button == 3 and record.hero == 0
    assert str(record.hole[0][2]) == "Tc"  # "10c"
    assert record.rake == 350 and record.collected == ((0, 2, 31325), (0, 0, 31325))  # "Rake ($3) | Jackpot ($0.50)"
    assert replay(record).ok


def test_a_single_stake_is_the_big_blind_and_a_newer_dead_post_is_live_plus_dead() -> None:
    [record] = read_absolute(sample_text("absolute", POT_LIMIT))
    assert isinstance(record, HandRecord) and record.rules.betting == PotLimit() and record.rules.blinds == (50, 100)
    assert [(post.kind, post.amount) for post in record.posts if post.seat == 4] == [
        (PostKind.LIVE_BLIND, 100),
        (PostKind.DEAD_BLIND, 50),
    ]  # "Posts $1 dead $0.50"
    assert record.collected == ((0, 0, 3800), (0, 3, 3800), (1, 3, 7700))  # "from side pot #1"
    report = replay(record)
    assert report.ok and report.state is not None and report.state.result is not None
    assert [pot.amount for pot in report.state.result.pots] == [7600, 7700]  # the main pot after the $3 rake


def test_an_older_dead_post_is_the_total_then_its_dead_part() -> None:
    text = sample_text("absolute", POT_LIMIT).replace("Posts $1 dead $0.50", "Posts dead $1.50 dead $0.50")
    [record] = read_absolute(text)
    assert isinstance(record, HandRecord) and replay(record).ok
    assert [(post.kind, post.amount) for post in record.posts if post.seat == 4] == [
        (PostKind.LIVE_BLIND, 100),
        (PostKind.DEAD_BLIND, 50),
    ]


def test_the_hero_is_the_first_player_a_dealt_to_line_names_as_at_every_text_site() -> None:
    dealt = "Dealt to Hero [5s 6s Qd Qh]"
    text = sample_text("absolute", POT_LIMIT)
    assert dealt in text
    [record] = read_absolute(text.replace(dealt, dealt + "\nDealt to brisket [3s 8d Th Ts]"))
    assert isinstance(record, HandRecord) and record.hero is not None and record.players[record.hero] == "Hero"


def test_a_tournament_hand_in_chips_and_an_all_in_raise_to_a_total() -> None:
    text = sample_text("absolute", TOURNAMENT)
    assert detect_format("t.txt", text) == "absolute"
    [record] = read_absolute(text)
    assert isinstance(record, HandRecord) and record.scale == 1 and not record.rake
    assert dict(record.fields)["tournament"] == "4417203" and record.rules.blinds == (50, 100)
    assert record.finishing_stacks == (2480 - 1350 + 1375, 3170 - 50, 1375)
    assert replay(record).ok


def test_absolute_refusals_name_the_hand_and_the_line() -> None:
    text = sample_text("absolute", POT_LIMIT)
    [error] = read_absolute(text.replace("returned ($20)", "returned ($25)"), "u.txt")
    assert isinstance(error, HistoryError)
    assert str(error).endswith(
        "line 30 'Hero - returned ($25) : not called': the bets leave $20 uncalled for Hero, not $25 for Hero"
    )
    [error] = read_absolute(text.replace("Total Pot($156)", "Total Pot($166)"), "u.txt")
    assert isinstance(error, HistoryError) and "the summary's total pot is $166 but the players put in $156" in str(
        error
    )
    [error] = read_absolute(text.replace("collected Total ($115)", "collected Total ($114)"), "u.txt")
    assert isinstance(error, HistoryError) and str(error).endswith(
        "the summary says Hero won $114, but Hero collected $115"
    )
    [error] = read_absolute(text.replace("brisket - Folds", "brisket - Dances"), "u.txt")
    assert str(error) == "u.txt: hand #1781146620, line 15 'brisket - Dances': unrecognised action of 'brisket'"
    [error] = read_absolute(text.replace("Hero - Raises $50 to $60", "Hero - Raises $50"), "u.txt")
    assert isinstance(error, HistoryError) and "a raise without its total" in str(error)
    [error] = read_absolute(text.split("*** SUMMARY ***")[0], "u.txt")
    assert isinstance(error, HistoryError) and str(error).endswith("the hand is cut short: no '*** SUMMARY ***'")
    [other] = read_absolute(text.replace("Omaha Hi/Lo  Pot Limit", "Holdem  No Limit"), "u.txt")
    assert isinstance(other, OtherGame) and other.game == "Holdem  No Limit"


def test_collections_the_replay_does_not_pay_are_a_mismatch() -> None:
    text = sample_text("absolute", LIMIT).replace("orlov Collects $313.25", "orlov Collects $313.30")
    text = text.replace("Hero Collects $313.25", "Hero Collects $313.20").replace(
        "Total ($313.25) LO", "Total ($313.20) LO"
    )
    [record] = read_absolute(text.replace("Total ($313.25) HI", "Total ($313.30) HI"))
    assert isinstance(record, HandRecord) and replay(record).status == "mismatch"
