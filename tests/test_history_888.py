"""888poker / Pacific Poker text (issue 25): PartyPoker's parser with 888's header, game, table and summary
lines, built by the one builder ("collected" that counts in the winner's uncalled bet, a rake nobody states).
The samples in tests/data/888/ were written by the project in 888's format (SOURCES.md)."""

from __future__ import annotations

from engine.errors import HistoryError, OtherGame
from engine.history import HandRecord, replay
from engine.history.pacific import read_pacific
from engine.history.pokerstars import read_pokerstars, write_pokerstars
from engine.rules import PostKind
from tests.samples import sample_text


def test_collected_counts_in_the_uncalled_bet_and_a_dead_blind_is_dead_and_live() -> None:
    [record] = read_pacific(sample_text("888", "cash-pot-limit-uncalled-bet.txt"))
    assert isinstance(record, HandRecord) and record.rules.blinds == (10, 25) and record.scale == 100
    assert record.collected == ((None, 1, 827),) and record.rake == 43  # "collected [ $14.27 ]" less her $6 back
    assert [post.kind for post in record.posts if post.seat == 0] == [PostKind.DEAD_BLIND, PostKind.LIVE_BLIND]
    [record] = read_pacific(
        sample_text("888", "cash-pot-limit-uncalled-bet.txt")
        .replace("[$0.10 + $0.25]", "[$0.10 + $0]")
        .replace("gorse_lad checks\n", "gorse_lad calls [$0.25]\n", 1)
    )
    assert isinstance(record, HandRecord)  # "[$0.10 + $0]": only the dead small blind
    assert [post.kind for post in record.posts if post.seat == 0] == [PostKind.DEAD_BLIND]


def test_practice_play_limit_and_tournament_chips() -> None:
    [record] = read_pacific(sample_text("888", "practice-play-fixed-limit-split.txt"))
    assert isinstance(record, HandRecord) and dict(record.fields).get("play_money") is True
    assert record.rules.blinds == (1500, 3000) and record.rules.betting.small_bet == 3000  # type: ignore[attr-defined]
    [record] = read_pacific(sample_text("888", "tournament-pot-limit-side-pot.txt"))
    assert isinstance(record, HandRecord) and record.scale == 1 and record.rules.ante == 10  # "$4,125" is chips
    [again] = read_pokerstars(write_pokerstars(record))
    assert isinstance(again, HandRecord) and replay(again).ok
    assert again.finishing_stacks == record.finishing_stacks == (1115, 1726, 2915, 5485)


def test_888_refusals_name_the_hand_and_the_line() -> None:
    text = sample_text("888", "cash-pot-limit-uncalled-bet.txt")
    [error] = read_pacific(text.replace("[ $14.27 ]", "[ $24.27 ]"), "e.txt")
    assert isinstance(error, HistoryError)
    assert str(error) == (
        "e.txt: hand #512340987: the players collect $18.27 but put in only $8.70 (uncalled bets returned)"
    )
    [error] = read_pacific(text.replace("Tamsin.K collected [ $14.27 ]\n", ""), "e.txt")
    assert isinstance(error, HistoryError) and "no line says who wins" in str(error)
    [error] = read_pacific(text.replace("*** 14 02 2016", "14 02 2016"), "e.txt")
    assert isinstance(error, HistoryError) and "line 3 '$0.10/$0.25 Blinds Pot Limit OmahaHL - 14 02 2016" in str(error)
    split = sample_text("888", "tournament-pot-limit-side-pot.txt")
    [record] = read_pacific(
        split.replace("Lestrade collected [ $1,727 ]", "Lestrade collected [ $1,726 ]").replace(
            "Hamid R collected [ $1,726 ]", "Hamid R collected [ $1,727 ]"
        )
    )
    assert isinstance(record, HandRecord)  # the odd chip written to the low half: the engine gives it to the high
    assert replay(record).status == "mismatch"


def test_a_dead_blind_posted_after_the_betting_began_is_refused_as_any_blind_is() -> None:
    dead = "gorse_lad posts dead blind [$0.10 + $0.25]\n"
    text = sample_text("888", "cash-pot-limit-uncalled-bet.txt")
    late = text.replace(dead, "").replace("Okonkwo77 calls [$0.85]\n", "Okonkwo77 calls [$0.85]\n" + dead, 1)
    [error] = read_pacific(late, "e.txt")
    assert isinstance(error, HistoryError)
    assert str(error) == (
        "e.txt: hand #512340987, line 19 'gorse_lad posts dead blind [$0.10 + $0.25]': a blind posted after the "
        "betting began"
    )


def test_a_hand_of_another_game_is_noted_as_such() -> None:
    holdem = sample_text("888", "cash-pot-limit-uncalled-bet.txt").replace("Pot Limit OmahaHL", "No Limit Holdem")
    [other] = read_pacific(holdem, "h.txt")
    assert isinstance(other, OtherGame) and other.game == "No Limit Holdem"
    both = read_pacific(holdem + "\n" + sample_text("888", "practice-play-fixed-limit-split.txt"), "b.txt")
    assert [type(item) for item in both] == [HandRecord] and "1 No Limit Holdem" in both.notes[0]
