"""The one builder under every reader (issue 25): `Ledger` applies a parser's betting lines through the
engine's rules (amounts written as added or as the new total, uncalled bets returned whether the log says so
or not), and a `HandRecord` refuses, as it is built, a hand that cannot be (a card dealt twice)."""

from __future__ import annotations

from pathlib import Path

import attrs
import pytest

from engine import Bet, Call, Check, FixedLimit, Fold, NoLimit, Raise, Rules, parse_cards
from engine.errors import HistoryError
from engine.history import facts
from engine.history.builder import ADDS, ALL_IN, CALL, CHECK, CHECK_OR_CALL, FOLD, TOTALS, WAGER, Ledger
from engine.history.building import build_record
from engine.history.pokerstars import read_pokerstars
from engine.history.record import HandRecord, ImpossibleRecord
from engine.rules import Post, PostKind


def _ledger() -> Ledger:
    ledger = Ledger([100, 100, 30], ["Ann", "Bob", "Cy"])
    ledger.post(0, 1, 1)
    ledger.post(1, 2, 2)
    return ledger


def test_adding_and_totalling_amounts_give_the_same_actions() -> None:
    for convention in (ADDS, TOTALS):  # Cy "raises 6" (from nothing) or "to 6"; Ann "calls 5" (1 in) or "to 6"
        ledger = _ledger()
        assert ledger.act(2, WAGER, 6, convention) == Raise(6)
        assert ledger.act(0, CALL, 5 if convention == ADDS else 6, convention) == Call()
        assert ledger.act(1, CHECK_OR_CALL) == Call()
        assert ledger.contributed == [6, 6, 6] and ledger.level == 6
        ledger.end_round()
        assert ledger.act(0, CHECK_OR_CALL) == Check() and ledger.act(1, WAGER, 4) == Bet(4)
        assert ledger.act(2, FOLD) == Fold()


def test_an_uncalled_bet_goes_back_whether_or_not_the_log_says() -> None:
    said, unsaid = _ledger(), _ledger()
    for ledger in (said, unsaid):
        ledger.act(2, WAGER, 30, TOTALS)  # Cy is all in for 30
        ledger.act(0, WAGER, 100, TOTALS)  # Ann puts everything in
        ledger.act(1, FOLD)
    said.returned(0, 70)
    unsaid.settle()
    assert said.contributed == unsaid.contributed == [30, 2, 30]
    wrong = _ledger()
    wrong.act(2, WAGER, 30, TOTALS)
    wrong.act(0, WAGER, 100, TOTALS)
    with pytest.raises(HistoryError, match="leave 70 chips uncalled for Ann, not 60 chips for Ann"):
        wrong.returned(0, 60)


def test_the_ledger_refuses_what_no_stack_allows() -> None:
    ledger = _ledger()
    with pytest.raises(HistoryError, match="Cy puts in 31 chips but has only 30 left"):
        ledger.act(2, WAGER, 31, TOTALS)
    with pytest.raises(HistoryError, match="adds nothing to their bet of 2"):
        ledger.act(1, WAGER, 2, TOTALS)
    with pytest.raises(HistoryError, match="puts in nothing, not 3 chips"):
        ledger.act(1, CHECK, 3)
    assert ledger.act(2, CHECK_OR_CALL) == Call() and ledger.contributed[2] == 2


def _record(**changes: object) -> HandRecord:
    base = dict(
        source="t.txt",
        id="7",
        rules=Rules(FixedLimit(2, 4), blinds=(1, 2)),
        players=("Ann", "Bob"),
        starting_stacks=(50, 50),
        button=0,
        posts=(Post(0, PostKind.SMALL_BLIND, 1), Post(1, PostKind.BIG_BLIND, 2)),
        hole=(parse_cards("As 2s 3s 4s"), (None,) * 4),
        board=(),
        actions=((0, Fold()),),
    )
    base.update(changes)
    return HandRecord(**base)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("changes", "problem"),
    [
        ({"board": parse_cards("As Kd Qh")}, "card As is dealt twice"),
        ({"hole": (parse_cards("As 2s 3s 4s"), parse_cards("Kd Kh Kc 4s"))}, "card 4s is dealt twice"),
        ({"hole": (parse_cards("As 2s 3s"), (None,) * 4)}, "seat 0 holds 3 hole cards; this game deals 4"),
        ({"button": 2}, "the button 2 is not a seat of a 2-player hand"),
        ({"actions": ((5, Fold()),)}, "seat 5 is named but the hand has seats 0..1"),
        ({"finishing_stacks": (49,)}, "1 finishing stacks for 2 seats"),
    ],
)
def test_a_record_checks_itself_when_built(changes: dict[str, object], problem: str) -> None:
    with pytest.raises(ImpossibleRecord) as refused:
        _record(**changes)
    assert str(refused.value) == f"t.txt: hand #7: {problem}" and refused.value.problem == problem
    good = _record()
    with pytest.raises(ImpossibleRecord):
        attrs.evolve(good, **changes)


def test_every_reader_says_a_card_dealt_twice_the_same_way() -> None:
    text = (Path(__file__).parent / "data/pokerstars/project/old-2005-limit-header.txt").read_text(encoding="utf-8")
    [error] = read_pokerstars(text.replace("Kh", "Ac"), "dup.txt")
    assert isinstance(error, HistoryError) and str(error) == "dup.txt: hand #2431667035: card Ac is dealt twice"


def test_a_pokerstars_summary_that_disagrees_with_the_chips_collected_is_refused() -> None:
    path = Path(__file__).parent / "data/pokerstars/PokerHandHistoryParser/GameTypeTests/NoLimitOmahaHiLo.txt"
    text = path.read_text(encoding="utf-8")
    [good] = read_pokerstars(text, "good.txt")
    assert isinstance(good, HandRecord)
    [error] = read_pokerstars(text.replace("won ($4.78)", "won ($46)"), "won.txt")
    assert isinstance(error, HistoryError), error
    assert "line 49 'Seat 3: Aphily8 (small blind) showed" in str(error)
    assert str(error).endswith("the summary says Aphily8 won $46, but Aphily8 collected $4.78")
    [error] = read_pokerstars(
        text.replace("Mindster showed [Ad 3s 9c 5c] and won ($14.32)", "Mindster showed [Ad 3s 9c 5c] and lost"),
        "lost.txt",
    )
    assert isinstance(error, HistoryError) and "says Mindster won $0, but Mindster collected $14.32" in str(error)


def test_the_ledger_checks_a_stated_pot_and_gives_the_finishing_stacks() -> None:
    ledger = _ledger()
    ledger.act(2, WAGER, 30, TOTALS)
    ledger.act(0, FOLD)
    ledger.act(1, FOLD)
    ledger.settle()  # Cy's 28 unmatched chips go back: the pot is the blinds and Cy's 2
    ledger.check_total(5, "the pots hold")
    with pytest.raises(HistoryError, match=r"the pots hold \$0.33 but the players put in \$0.05 \(uncalled bets"):
        ledger.check_total(33, "the pots hold", lambda chips: f"${chips / 100:.2f}")
    assert ledger.finishing([0, 0, 5]) == (99, 98, 33)


def test_a_short_all_in_blind_is_recorded_at_the_amount_due_and_counts_what_was_paid() -> None:
    ledger = Ledger([100, 1, 50], ["Ann", "Bob", "Cy"])
    assert ledger.forced(2, PostKind.ANTE, 1, 1, False) == Post(2, PostKind.ANTE, 1)
    assert ledger.forced(1, PostKind.SMALL_BLIND, 1, 1, False) == Post(1, PostKind.SMALL_BLIND, 1)
    short = Ledger([100, 1], ["Ann", "Bob"])
    assert short.forced(1, PostKind.BIG_BLIND, 1, 2, True) == Post(1, PostKind.BIG_BLIND, 2)
    assert short.contributed == [0, 1] and short.bets == [0, 1]
    assert ledger.bets == [0, 1, 0] and ledger.contributed == [0, 1, 1]  # the ante counts toward no bet


def _facts_hand(total: int) -> facts.HandFacts:
    """A hand as plain facts, no text: Ann and Bob post 1/2 at pot limit, Ann raises to 6, Bob folds."""
    line = (1, "invented")
    game = facts.Game(hi_lo=True, hole_cards=4, limit=facts.POT, stakes=(1, 2))
    seats = (facts.Seat(3, "Ann", 100), facts.Seat(5, "Bob", 80), facts.Seat(7, "Cy", 0))
    events = (
        facts.Posted(line, "Ann", facts.SMALL_BLIND, 1),
        facts.Posted(line, "Bob", facts.BIG_BLIND, 2),
        facts.Acted(line, "Ann", WAGER, 6, TOTALS),
        facts.Acted(line, "Bob", FOLD),
        facts.Collected(line, "Ann", 4),
    )
    summary = facts.Summary(
        total=total,
        total_line=(9, "Total pot 4"),
        labels=frozenset({3, 5}),
        won=(facts.Won((10, "Seat 3: Ann collected (4)"), 3, 4),),
    )
    return facts.HandFacts("facts.txt", "7", (0, "header"), game, seats, 3, events, (), summary)


def test_one_builder_turns_any_parsers_facts_into_a_record() -> None:
    record = build_record(_facts_hand(4))
    assert record.players == ("Ann", "Bob") and record.seat_labels == (3, 5)  # Cy has no chips: not dealt in
    assert [post.kind for post in record.posts] == [PostKind.SMALL_BLIND, PostKind.BIG_BLIND]
    assert record.actions == ((0, Raise(6)), (1, Fold()))
    assert record.finishing_stacks == (102, 78)  # Ann's 4 unmatched chips came back before she collected


def test_a_summary_total_the_bets_do_not_make_is_refused_at_its_line() -> None:
    with pytest.raises(HistoryError) as caught:
        build_record(_facts_hand(5))
    assert str(caught.value) == (
        "facts.txt: hand #7, line 9 'Total pot 4': the summary's total pot is 5 but the "
        "players put in 4 (uncalled bets returned)"
    )


def test_a_limit_no_structure_has_is_refused_not_read_as_no_limit() -> None:
    """A reader that hands the builder a limit word it does not know (a new site's "Spread Limit") gets a
    `HistoryError` naming it; it used to become no limit silently."""
    hand = _facts_hand(4)
    spread = attrs.evolve(hand, game=attrs.evolve(hand.game, limit="Spread Limit"))
    with pytest.raises(
        HistoryError, match="unknown betting limit 'Spread Limit': a reader gives 'Limit', 'Pot Limit' or"
    ):
        build_record(spread)
    assert build_record(attrs.evolve(hand, game=attrs.evolve(hand.game, limit=facts.NO))).rules.betting == NoLimit()


def test_an_all_in_line_is_a_call_or_a_raise_by_its_amount() -> None:
    ledger = _ledger()  # Ann 1, Bob 2 posted; Cy has 30
    assert ledger.act(2, ALL_IN, 30, ADDS) == Raise(30)
    assert ledger.act(0, ALL_IN, 29, ADDS) == Call()  # Ann all in for 30 too: she calls
    short = Ledger([100, 5], ["Ann", "Bob"])
    short.post(0, 1, 1)
    short.post(1, 2, 2)
    short.act(0, WAGER, 10, TOTALS)
    assert short.act(1, ALL_IN, 3, ADDS) == Call()  # all in for less than the call
    short.settle()
    assert short.contributed == [5, 5] and short.returned_to == [5, 0]


def _unsaid_hand(won: tuple[tuple[int | None, int], ...], *, includes: bool = True) -> facts.HandFacts:
    """A pot-limit hand whose header names no blinds and whose log states no rake (PartyPoker's): Ann and Bob
    post 1/2, Ann raises to 6, Bob calls, Ann bets 10 on the flop and Bob folds; Ann "wins" what ``won`` says
    (pot, chips), her uncalled 10 counted in when ``includes``."""
    line = (1, "invented")
    game = facts.Game(hi_lo=True, hole_cards=4, limit=facts.POT, stakes=(0, 0), posted_blinds=True)
    seats = (facts.Seat(1, "Ann", 100), facts.Seat(2, "Bob", 80))
    events = (
        facts.Posted(line, "Ann", facts.SMALL_BLIND, 1),
        facts.Posted(line, "Bob", facts.BIG_BLIND, 2),
        facts.Acted(line, "Ann", WAGER, 5, ADDS),
        facts.Acted(line, "Bob", CALL, 4, ADDS),
        facts.Street(line, 2),
        facts.Acted(line, "Bob", CHECK),
        facts.Acted(line, "Ann", WAGER, 10, ADDS),
        facts.Acted(line, "Bob", FOLD),
        *(facts.Collected((7, "Ann wins"), "Ann", chips, pot) for pot, chips in won),
    )
    return facts.HandFacts(
        "u.txt",
        "9",
        (0, "header"),
        game,
        seats,
        2,
        events,
        parse_cards("2c 3d 4h"),
        facts.Summary(take=None),
        won_includes_returned=includes,
    )


def test_wins_that_count_in_the_returned_bet_and_a_rake_nobody_states() -> None:
    record = build_record(_unsaid_hand(((None, 21),)))  # the pot of 12, less 1 rake, and her own 10 back
    assert record.rules.blinds == (1, 2)  # from the posts: the header named none
    assert record.collected == ((None, 0, 11),) and record.rake == 1
    assert record.finishing_stacks == (105, 74)
    split = build_record(_unsaid_hand(((0, 11), (1, 10))))  # the excess written as a side pot of its own
    assert split.collected == ((0, 0, 11),) and split.rake == 1
    with pytest.raises(HistoryError, match="Ann is said to win less than the 10 of their bet returned uncalled"):
        build_record(_unsaid_hand(((None, 8),)))
    with pytest.raises(HistoryError, match="the players collect 30 but put in only 12"):
        build_record(_unsaid_hand(((None, 30),), includes=False))


def _blinds_hand(*posts: facts.Posted, game: facts.Game | None = None, **seat: object) -> HandRecord:
    """Ann (seat 1, the button), Bob, Cy and Dee at 5/10 pot limit, and the posts given (those who post are
    dealt in: seats 0, 1, 2 for Bob, Cy, Dee)."""
    game = game or facts.Game(hi_lo=True, hole_cards=4, limit=facts.POT, stakes=(5, 10))
    seats = tuple(facts.Seat(label, name, 1000, **seat) for label, name in enumerate(("Ann", "Bob", "Cy", "Dee"), 1))
    return build_record(facts.HandFacts("b.txt", "1", (0, "header"), game, seats, 1, posts, (), facts.Summary()))


def test_a_dead_or_extra_blind_of_both_blinds_is_a_dead_small_and_a_live_big() -> None:
    """OHH's "Post Dead" and "Post Extra Blind" say no more than the chips: the builder tells, once for every
    format, a dead small and a live big (both blinds at once), a live blind (the big blind out of position) and
    a dead one (less than the big blind)."""
    line = (1, "invented")
    blinds = (facts.Posted(line, "Bob", facts.SMALL_BLIND, 5), facts.Posted(line, "Cy", facts.BIG_BLIND, 10))
    for kind in (facts.DEAD_BLIND, facts.EXTRA_BLIND):
        record = _blinds_hand(*blinds, facts.Posted(line, "Dee", kind, 15))
        assert record.posts[2:] == (Post(2, PostKind.DEAD_BLIND, 5), Post(2, PostKind.LIVE_BLIND, 10))
    assert _blinds_hand(*blinds, facts.Posted(line, "Dee", facts.EXTRA_BLIND, 10)).posts[2] == Post(
        2, PostKind.LIVE_BLIND, 10
    )
    assert _blinds_hand(*blinds, facts.Posted(line, "Dee", facts.EXTRA_BLIND, 5)).posts[2] == Post(
        2, PostKind.DEAD_BLIND, 5
    )


def test_stated_blinds_and_seats_dealt_in_are_taken_as_stated() -> None:
    """OHH states the blinds apart from its posts and deals in every player not sitting out: Ann is dealt in
    though she does nothing; a fixed-limit game that states no bets plays the big blind as its small bet."""
    line = (1, "invented")
    posts = (facts.Posted(line, "Bob", facts.SMALL_BLIND, 5), facts.Posted(line, "Cy", facts.BIG_BLIND, 10))
    game = facts.Game(hi_lo=True, hole_cards=None, limit=facts.FIXED, stakes=None, blinds=(4, 10))
    record = _blinds_hand(*posts, game=game, dealt=True)
    assert record.players == ("Ann", "Bob", "Cy", "Dee") and record.rules.blinds == (4, 10)
    assert record.rules.betting == FixedLimit(10, 20) and record.rules.hole_cards == 4
    assert _blinds_hand(*posts).players == ("Bob", "Cy")  # by what the hand shows: Ann and Dee do nothing


def test_a_short_blind_sets_the_bet_a_call_the_rules_size_goes_to() -> None:
    ledger = Ledger([100, 6, 100], ["Ann", "Bob", "Cy"])
    ledger.forced(0, PostKind.SMALL_BLIND, 5, 5, False)
    ledger.forced(1, PostKind.BIG_BLIND, 6, 10, True)  # Bob all in for 6 of his 10
    assert ledger.act(2, CHECK_OR_CALL) == Call() and ledger.contributed == [5, 6, 10]  # Cy calls the 10
    ledger.settle()
    assert ledger.contributed == [5, 6, 6]  # and gets back the 4 Bob could not match


def test_a_total_stated_after_the_rake_with_the_uncalled_bet_still_in_it_is_checked_as_such() -> None:
    """Winamax's summary: Ann's 4 chips nobody called are in her collected 7 and in the total, which is
    stated after the house's 1 (the hand of `_facts_hand`, 4 put in once the 4 are returned)."""
    hand = _facts_hand(7)
    events = (*hand.events[:-1], facts.Collected((1, "invented"), "Ann", 7))
    summary = attrs.evolve(
        hand.summary,
        take=1,
        total_after_take=True,
        total_with_returned=True,
        won=(facts.Won((10, "Seat 3: Ann won 7"), 3, 7),),
    )
    record = build_record(attrs.evolve(hand, events=events, summary=summary, won_includes_returned=True))
    assert record.collected == ((None, 0, 3),) and record.rake == 1 and record.finishing_stacks == (101, 78)
    with pytest.raises(
        HistoryError,
        match=r"line 9 'Total pot 4': the summary's total pot is 9 but the players put "
        r"in 8 \(uncalled bets included\), less the 1 the house took",
    ):
        build_record(
            attrs.evolve(hand, events=events, summary=attrs.evolve(summary, total=9), won_includes_returned=True)
        )


def test_stacks_written_after_the_posts_get_the_posts_back() -> None:
    """Merge's tournaments write a balance once the blinds are in: a player whose blind took every chip is
    still dealt in, with the stack he had."""
    line = (1, "<event/>")
    game = facts.Game(hi_lo=True, hole_cards=4, limit=facts.POT, stakes=(1, 2))
    seats = (facts.Seat(3, "Ann", 99), facts.Seat(5, "Bob", 0))
    events = (
        facts.Posted(line, "Ann", facts.SMALL_BLIND, 1),
        facts.Posted(line, "Bob", facts.BIG_BLIND, 2),
        facts.Acted(line, "Ann", CALL, 1),
        facts.Street(line, 2),
        facts.Collected(line, "Ann", 4),
    )
    hand = facts.HandFacts(
        "m.xml", "7", (0, "<game>"), game, seats, 3, events, (), facts.Summary(), stacks_after_posts=True
    )
    record = build_record(hand)
    assert record.starting_stacks == (100, 2) and record.finishing_stacks == (102, 0)
    with pytest.raises(HistoryError, match="Bob takes part in the hand but has no chips"):
        build_record(attrs.evolve(hand, stacks_after_posts=False))


def test_blinds_by_position_stated_as_due_and_cards_dealt_unknown() -> None:
    """PHH's facts: forced bets by position, stated as set (a short stack pays what it has), the cards dealt
    with unknown ones, a show that fills them, the finishing stacks stated and no rake said."""
    line = (1, "invented")
    game = facts.Game(
        hi_lo=True, hole_cards=None, limit=facts.POT, stakes=None, blinds=(None, 2), all_blinds_posted=True
    )
    seats = (
        facts.Seat(1, "p1", 100, dealt=True, player="Ann", number=None, finishing=94),
        facts.Seat(2, "p2", 3, dealt=True, player="Bob", number=None, finishing=0),
        facts.Seat(3, "p3", 100, dealt=True, player="Cy", number=None, finishing=109),
    )
    events = (
        facts.Posted(None, "p1", facts.BLIND, 1, convention=facts.DUE),
        facts.Posted(None, "p2", facts.BLIND, 2, convention=facts.DUE),
        facts.Posted(None, "p3", facts.BLIND, 4, convention=facts.DUE),  # above the bet: a straddle
        facts.Cards(line, "p1", (parse_cards("As")[0], None, None, None), dealt=True),
        facts.Acted(line, "p1", CHECK_OR_CALL),
        facts.Acted(line, "p2", CHECK_OR_CALL),
        facts.Street(line, 2),
        facts.Acted(line, "p1", CHECK_OR_CALL),
        facts.Acted(line, "p3", CHECK_OR_CALL),
        facts.Cards(line, "p1", tuple(parse_cards("Kd As 2c 3h")), dealt=False),
        facts.Revealed(line, "p1", 4),
    )
    summary = facts.Summary(take=None, won=None, derive_take=False)
    record = build_record(
        facts.HandFacts(
            "x.phh",
            "1",
            None,
            game,
            seats,
            3,
            events,
            parse_cards("4c5c9h"),
            summary,
            where="x.phh, hand 1",
            line_word="action",
        )
    )
    assert record.posts == (
        Post(0, PostKind.SMALL_BLIND, 1),
        Post(1, PostKind.BIG_BLIND, 2),
        Post(2, PostKind.STRADDLE, 4),
    )
    assert record.rules.blinds == (1, 2) and record.players == ("Ann", "Bob", "Cy")
    assert record.actions[:2] == ((0, Call()), (1, Call()))  # Bob calls all in for his last chip
    assert record.hole[0] == tuple(parse_cards("As Kd 2c 3h"))  # the show fills the unknown cards in order
    assert record.reveals[0].cards == tuple(parse_cards("As Kd 2c 3h"))
    assert record.finishing_stacks == (94, 0, 109) and record.collected is None and record.rake is None
    assert record.seat_labels is None and record.rules.hole_cards == 4
    refused = r"^x.phh, hand 1: action 1 'invented': p1 shows As2d but was dealt AsKd2c3h"
    with pytest.raises(HistoryError, match=refused):
        build_record(
            facts.HandFacts(
                "x.phh",
                "1",
                None,
                game,
                seats,
                3,
                (*events, facts.Cards(line, "p1", tuple(parse_cards("As 2d")))),
                (),
                summary,
                where="x.phh, hand 1",
                line_word="action",
            )
        )
