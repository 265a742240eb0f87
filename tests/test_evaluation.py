"""Omaha hi-lo evaluation: exactly two hole cards and exactly three board cards, high and 8-or-better low.

Named examples first (the rules' own examples among them), then properties checked against the slow reference
evaluator in tests/reference.py.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import pytest
import reference
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import (
    ALL_CARDS,
    BoardEvaluator,
    Card,
    CardError,
    HighHand,
    LowHand,
    best_high,
    best_low,
    hi_lo_values,
    high_value,
    low_value,
    make_card,
    parse_cards,
)
from engine.evaluation import CATEGORY_NAMES, five_card_value

Cards = tuple[Card, ...]


def cards(text: str) -> Cards:
    return parse_cards(text)


def texts(hand: Sequence[Card]) -> list[str]:
    return [str(card) for card in hand]


def sign(x: int) -> int:
    return (x > 0) - (x < 0)


def compare(a: object, b: object) -> int:
    """-1, 0 or 1 as a is less than, equal to or greater than b."""
    return (a > b) - (a < b)  # type: ignore[operator]


def check_two_plus_three(hand: Sequence[Card], hole: Sequence[Card], board: Sequence[Card]) -> None:
    assert len(hand) == 5
    assert len(set(hand)) == 5
    assert sum(card in hole for card in hand) == 2
    assert sum(card in board for card in hand) == 3


# --- building deals for a given low -------------------------------------------------------------------------

_LOW_RANK_CHARS = {"A": "A", "1": "A", "2": "2", "3": "3", "4": "4", "5": "5", "6": "6", "7": "7", "8": "8"}


def deal_for_low(low: str) -> tuple[Cards, Cards]:
    """A deal whose one possible low is ``low`` ("6-4-3-2-A"): two of its ranks in the hole, three on the
    board, and only cards above the eight besides."""
    ranks = [_LOW_RANK_CHARS[part] for part in low.split("-")]
    assert len(ranks) == 5
    hole = cards(f"{ranks[0]}c {ranks[1]}d Kh Ks")
    board = cards(f"{ranks[2]}h {ranks[3]}s {ranks[4]}c Qd Jh")
    return hole, board


def low_of(low: str) -> LowHand:
    hole, board = deal_for_low(low)
    hand = best_low(hole, board)
    assert hand is not None
    assert hand.name == low
    return hand


# --- the rules' low examples --------------------------------------------------------------------------------


def test_low_6432A_beats_6542A() -> None:
    assert low_of("6-4-3-2-A") > low_of("6-5-4-2-A")


def test_low_23456_beats_A4568() -> None:
    assert low_of("6-5-4-3-2") > low_of("8-6-5-4-A")


def test_low_A3456_beats_23456() -> None:
    assert low_of("6-5-4-3-A") > low_of("6-5-4-3-2")


def test_low_23567_beats_A4567() -> None:
    assert low_of("7-6-5-3-2") > low_of("7-6-5-4-A")


def test_low_A2457_beats_A3457() -> None:
    assert low_of("7-5-4-2-A") > low_of("7-5-4-3-A")


def test_low_A2358_beats_A2458() -> None:
    assert low_of("8-5-3-2-A") > low_of("8-5-4-2-A")


@pytest.mark.parametrize(
    ("better", "worse"),
    [
        ("6-4-3-2-A", "6-5-4-2-A"),
        ("6-5-4-3-2", "8-6-5-4-A"),
        ("6-5-4-3-A", "6-5-4-3-2"),
        ("7-6-5-3-2", "7-6-5-4-A"),
        ("7-5-4-2-A", "7-5-4-3-A"),
        ("8-5-3-2-A", "8-5-4-2-A"),
    ],
)
def test_rules_low_examples_every_way_of_comparing(better: str, worse: str) -> None:
    a, b = low_of(better), low_of(worse)
    assert a > b
    assert b < a
    assert a >= b
    assert not a < b
    assert a != b
    assert max(a, b) is a
    assert sorted([a, b]) == [b, a]
    hole_a, board_a = deal_for_low(better)
    hole_b, board_b = deal_for_low(worse)
    assert low_value(hole_a, board_a) > low_value(hole_b, board_b)


def test_rules_low_example_on_a_shared_board() -> None:
    """6-4-3-2-A beats 6-5-4-2-A when both players play the same 2-4-6 from the board."""
    board = cards("2c 4d 6h Kc Qs")
    first = best_low(cards("Ah 3s Jd Jc"), board)
    second = best_low(cards("Ad 5s Td Tc"), board)
    assert first is not None and second is not None
    assert (first.name, second.name) == ("6-4-3-2-A", "6-5-4-2-A")
    assert first > second


def test_wheel_is_best_and_8_7_6_5_4_worst_low() -> None:
    assert low_of("5-4-3-2-A").ranks == (5, 4, 3, 2, 1)
    assert low_of("8-7-6-5-4").ranks == (8, 7, 6, 5, 4)
    for low in ("6-4-3-2-A", "8-5-3-2-A", "7-6-5-4-3", "8-7-6-5-3"):
        assert low_of("5-4-3-2-A") > low_of(low) > low_of("8-7-6-5-4")


def test_seed_scoop_example() -> None:
    """A♠ 2♥ K♣ Q♦ on 3♦ 4♠ 5♣ K♥ J♣: the wheel low, and a five-high straight high (not the seed's K-K)."""
    hole, board = cards("A♠ 2♥ K♣ Q♦"), cards("3♦ 4♠ 5♣ K♥ J♣")
    low = best_low(hole, board)
    assert low is not None
    assert low.name == "5-4-3-2-A"
    assert str(low) == "5-4-3-2-A"
    assert low.ranks == (5, 4, 3, 2, 1)
    high = best_high(hole, board)
    assert high.name == "Straight, Five high"
    assert str(high) == "Straight, Five high"
    assert high.category == reference.STRAIGHT
    assert texts(high.cards) == ["5c", "4s", "3d", "2h", "As"]
    assert set(low.cards) == set(cards("As 2h 3d 4s 5c"))
    # The straight beats the pair of kings the seed names, which the same player could also make.
    kings = best_high(cards("Kc Qd 9s 8s"), board)
    assert kings.name == "Pair of Kings"
    assert high > kings


# --- names --------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hole", "board", "name", "five"),
    [
        ("9c 5d Kh 2s", "9h 5s Qd 7c 3c", "Two pair, Nines and Fives", "9h 9c 5s 5d Qd"),
        ("Qh 8h 2c 3d", "4h 6h 9h Kc Ks", "Flush, Queen high", "Qh 9h 8h 6h 4h"),
        ("As 2h Kc Qd", "3d 4s 5c Kh Jc", "Straight, Five high", "5c 4s 3d 2h As"),
        ("Ac Kd 2s 3h", "Qh Jc Ts 4d 4h", "Straight, Ace high", "Ac Kd Qh Jc Ts"),
        ("Kc Kd 7s 8h", "Kh 2c 2d 9s Jc", "Full house, Kings full of Twos", "Kh Kd Kc 2d 2c"),
        ("2s 2h 7s 8h", "Kh Kc 2c 9s Jd", "Full house, Twos full of Kings", "2s 2h 2c Kh Kc"),
        ("As Ks 2c 3d", "Qs Js Ts 4h 5c", "Royal flush", "As Ks Qs Js Ts"),
        ("9h 8h Ac Ad", "7h 6h 5h Kc Qd", "Straight flush, Nine high", "9h 8h 7h 6h 5h"),
        ("Ad 2d Kc Ks", "3d 4d 5d 9c Th", "Straight flush, Five high", "5d 4d 3d 2d Ad"),
        ("Ac Ad 3s 4s", "Ah As 9c Td 2h", "Four of a kind, Aces", "As Ah Ad Ac Td"),
        ("7c 7d Kh 2s", "7h Qc 4d 9s Jh", "Three of a kind, Sevens", "7h 7d 7c Qc Jh"),
        ("Kc Kd 2s 3h", "9h 7c 4d Jh Qs", "Pair of Kings", "Kd Kc Qs Jh 9h"),
        ("Ac 9d 3s 4h", "Kh 7c 2d Jh Ts", "High card, Ace", "Ac Kh Jh Ts 9d"),
    ],
)
def test_high_names_and_cards(hole: str, board: str, name: str, five: str) -> None:
    hand = best_high(cards(hole), cards(board))
    assert hand.name == name
    assert str(hand) == name
    assert texts(hand.cards) == five.split()
    assert repr(hand) == f"HighHand({name!r}, {five!r})"
    assert hand.category == reference.best_high(cards(hole), cards(board))[0][0]


def test_category_names_are_the_standard_order() -> None:
    assert tuple(reference.CATEGORY_NAMES[i] for i in range(9)) == CATEGORY_NAMES


def test_low_repr() -> None:
    low = best_low(cards("As 2h Kc Qd"), cards("3d 4s 5c Kh Jc"))
    assert repr(low) == "LowHand('5-4-3-2-A', '5c 4s 3d 2h As')"


# --- exactly two hole cards and three board cards -----------------------------------------------------------


def test_four_suited_board_cards_and_one_suited_hole_card_is_no_flush() -> None:
    hand = best_high(cards("Ah 3c 7d 8s"), cards("2h 5h 9h Jh Kc"))
    assert hand.category not in (reference.FLUSH, reference.STRAIGHT_FLUSH)
    assert hand.name == "High card, Ace"


def test_five_suited_board_cards_and_one_suited_hole_card_is_no_flush() -> None:
    hand = best_high(cards("Ah Kc Kd 3s"), cards("2h 5h 9h Jh Qh"))
    assert hand.name == "Pair of Kings"


def test_two_suited_hole_cards_make_the_flush() -> None:
    hand = best_high(cards("Ah 3h 7d 8s"), cards("2h 5h 9h Jh Kc"))
    assert hand.name == "Flush, Ace high"
    assert texts(hand.cards) == ["Ah", "Jh", "9h", "5h", "3h"]


def test_board_straight_without_two_fitting_hole_cards_is_no_straight() -> None:
    board = cards("5c 6d 7h 8s 9c")
    assert best_high(cards("Ac Ad Kh Ks"), board).name == "Pair of Aces"
    assert best_high(cards("Td Kc Kh 2s"), board).name == "Pair of Kings"  # one fitting card is not enough
    assert best_high(cards("Td Jc Kh 2s"), board).name == "Straight, Jack high"  # two are


def test_one_hole_card_does_not_make_a_straight() -> None:
    assert best_high(cards("Ac 2d Kh Qs"), cards("3c 4d 5h 9s Tc")).name == "Straight, Five high"
    assert best_high(cards("Ac Kd Kh Qs"), cards("2c 3d 4h 5s Tc")).name == "Pair of Kings"


def test_board_trips_and_hole_pair_make_a_full_house() -> None:
    board = cards("Kc Kd Kh 7s 2c")
    assert best_high(cards("7d 7h 3c 4s"), board).name == "Full house, Kings full of Sevens"


def test_board_trips_and_one_matching_hole_card_is_no_full_house() -> None:
    """In hold'em K-K-K-7 with a 7 would be a full house; in Omaha the 7 needs a second hole card."""
    board = cards("Kc Kd Kh 7s 2c")
    assert best_high(cards("7d 3c 4s 5h"), board).name == "Three of a kind, Kings"


def test_board_quads_play_as_trips() -> None:
    assert best_high(cards("Ac Ad 3h 4h"), cards("Kc Kd Kh Ks 2c")).name == "Full house, Kings full of Aces"
    assert best_high(cards("Qc Jd 3h 4h"), cards("Kc Kd Kh Ks 2c")).name == "Three of a kind, Kings"


def test_quads_need_two_hole_cards() -> None:
    assert best_high(cards("Ks 9d 3h 4h"), cards("Kc Kd Kh 2s 3c")).name == "Four of a kind, Kings"
    assert best_high(cards("Ks Kh 3h 4h"), cards("Kc Kd 9h 2s 3c")).name == "Four of a kind, Kings"


@pytest.mark.parametrize(
    ("hole", "board"),
    [
        ("3c 4d 5h 6s", "Ac 2d Kh Qs Jc"),  # two low ranks on the board
        ("3c 4d 5h 6s", "Ac Ad 2h Kc Qd"),  # three low cards, only two low ranks
        ("3c 4d 5h 6s", "Ac Ad 2h 2c Qd"),
        ("3c 4d 5h 6s", "Kc Qd Jh"),  # a flop with no low card
        ("Ac 2d 3h 4s", "9c 9d Th Js Qd"),
        ("Ac 2d 3h 4s", "8c 9d Th"),  # one low card on the flop
    ],
)
def test_no_low_without_three_distinct_low_board_ranks(hole: str, board: str) -> None:
    assert best_low(cards(hole), cards(board)) is None
    assert low_value(cards(hole), cards(board)) == 0


@pytest.mark.parametrize(
    ("hole", "board"),
    [
        ("Ac Ad Kc Qd", "2c 3d 4h Ks Qs"),  # one low rank in the hole: paired aces
        ("Ac 2d Kc Kd", "Ah 2h 3h 9c Tc"),  # the hole's low ranks pair two of the board's three
        ("Ac 3d Kc Kd", "Ah 3h 5h 9c Tc"),
        ("2c 2d 2h 9s", "Ac 3d 4h Ks Qs"),
        ("9c Td Jh Qs", "Ac 3d 4h 5s 6s"),  # no low card in the hole
        ("8c Td Jh Qs", "Ac 3d 4h 5s 6s"),  # one low card in the hole
    ],
)
def test_paired_low_ranks_disqualify(hole: str, board: str) -> None:
    assert best_low(cards(hole), cards(board)) is None
    assert low_value(cards(hole), cards(board)) == 0
    assert hi_lo_values(cards(hole), cards(board))[1] == 0


def test_hole_card_pairing_the_board_is_skipped_for_another() -> None:
    # A-2 pairs the board's ace; 2-3 with A-4-5 makes the wheel.
    low = best_low(cards("Ac 2d 3c Kd"), cards("Ah 4c 5d Kh Qs"))
    assert low is not None
    assert low.name == "5-4-3-2-A"
    assert texts(low.cards) == ["5d", "4c", "3c", "2d", "Ah"]
    # With only A-2 in the hole the board's A-2-3 leaves nothing to add; 4-5 instead makes the wheel.
    board = cards("Ah 2h 3h 9c Tc")
    assert best_low(cards("Ac 2d Kc Kd"), board) is None
    fours = best_low(cards("4c 5d Kc Kd"), board)
    assert fours is not None and fours.name == "5-4-3-2-A"


def test_low_ignores_straights_and_flushes() -> None:
    hole, board = cards("Ah 2h Kc Kd"), cards("3h 4h 5h Qc Jd")
    low = best_low(hole, board)
    high = best_high(hole, board)
    assert low is not None and low.name == "5-4-3-2-A"
    assert high.name == "Straight flush, Five high"
    assert set(low.cards) == set(high.cards)


def test_low_uses_exactly_two_hole_cards() -> None:
    # The hole's A-2-3-4 cannot play four cards: only two of them with three from the board.
    low = best_low(cards("Ac 2d 3h 4s"), cards("6c 7d 8h Ks Qd"))
    assert low is not None
    assert low.name == "8-7-6-2-A"


def test_different_hole_cards_for_high_and_low() -> None:
    hole, board = cards("Ac 2d Kh Ks"), cards("Kd 7c 6h 3s 9d")
    high, low = best_high(hole, board), best_low(hole, board)
    assert high.name == "Three of a kind, Kings"
    assert low is not None and low.name == "7-6-3-2-A"
    assert set(high.cards) & set(hole) == set(cards("Kh Ks"))
    assert set(low.cards) & set(hole) == set(cards("Ac 2d"))


@pytest.mark.parametrize(
    ("board", "high", "low"),
    [
        ("Ac 2d 3h", "Straight, Five high", "5-4-3-2-A"),  # flop
        ("Ac 2d 3h Kd", "Straight, Five high", "5-4-3-2-A"),  # turn
        ("Ac 2d 3h Kd Kc", "Four of a kind, Kings", "5-4-3-2-A"),  # river
        ("Kc Qd Jh", "Three of a kind, Kings", None),
        ("2h 7h 9h", "Pair of Kings", None),  # two low ranks on the board
    ],
)
def test_boards_of_three_four_and_five_cards(board: str, high: str, low: str | None) -> None:
    hole = cards("4c 5d Kh Ks")
    hand = best_high(hole, cards(board))
    assert hand.name == high
    check_two_plus_three(hand.cards, hole, cards(board))
    low_hand = best_low(hole, cards(board))
    if low is None:
        assert low_hand is None
    else:
        assert low_hand is not None and low_hand.name == low


def test_three_card_board_uses_all_three() -> None:
    hole, board = cards("Ah Kh Qc Jc"), cards("2h 7h 9h")
    hand = best_high(hole, board)
    assert hand.name == "Flush, Ace high"
    assert set(board) <= set(hand.cards)


def test_five_hole_cards_big_o() -> None:
    hole, board = cards("Kc Qd Jh 2s 3s"), cards("4s 5s Ah 8c 9d")
    high, low = best_high(hole, board), best_low(hole, board)
    assert high.name == "Straight, Five high"
    assert low is not None and low.name == "5-4-3-2-A"
    check_two_plus_three(high.cards, hole, board)
    check_two_plus_three(low.cards, hole, board)
    # Without the fifth card there is neither.
    assert best_high(hole[:4], board).name == "High card, Ace"
    assert best_low(hole[:4], board) is None
    assert high_value(hole, board) == high.value
    assert low_value(hole, board) == low.value


def test_five_hole_cards_still_exactly_two() -> None:
    # Three suited hole cards plus two suited board cards are no flush.
    hand = best_high(cards("Ah Kh Qh 2c 3d"), cards("4h 5h 9s Tc Jd"))
    assert hand.category not in (reference.FLUSH, reference.STRAIGHT_FLUSH)


def test_inputs_may_be_text_cards_or_indexes() -> None:
    by_text = best_high("As 2h Kc Qd", "3d 4s 5c Kh Jc")
    by_cards = best_high(cards("As 2h Kc Qd"), cards("3d 4s 5c Kh Jc"))
    by_index = best_high([int(c) for c in cards("As 2h Kc Qd")], [int(c) for c in cards("3d 4s 5c Kh Jc")])
    assert by_text == by_cards == by_index
    assert texts(by_text.cards) == texts(by_index.cards)
    assert all(type(card) is Card for card in by_index.cards)
    low = best_low(cards("As 2h Kc Qd"), cards("3d 4s 5c Kh Jc"))
    assert best_low("As 2h Kc Qd", "3d 4s 5c Kh Jc") == low


@pytest.mark.parametrize(
    ("hole", "board", "says"),
    [
        ("As", "3d 4s 5c", "two hole cards"),
        ("", "3d 4s 5c", "two hole cards"),
        ("As 2h Kc Qd", "3d 4s", "3, 4 or 5"),
        ("As 2h Kc Qd", "3d 4s 5c Kh Jc 9s", "3, 4 or 5"),
        ("As 2h Kc Qd", "As 4s 5c", "twice"),
        ("As 2h Kc Qd", "3d 4s 3d", "twice"),
    ],
)
def test_bad_deals_raise_card_error(hole: str, board: str, says: str) -> None:
    hole_cards, board_cards = parse_cards(hole, distinct=False), parse_cards(board, distinct=False)
    for evaluate in (best_high, best_low):
        with pytest.raises(CardError, match=says):
            evaluate(hole_cards, board_cards)


@pytest.mark.parametrize("board", ["3d 4s", "3d 4s 5c Kh Jc 9s", "3d 3d 4s"])
def test_board_evaluator_rejects_bad_boards(board: str) -> None:
    with pytest.raises(CardError):
        BoardEvaluator(parse_cards(board, distinct=False))


# --- HighHand and LowHand as values -------------------------------------------------------------------------


def test_high_hands_order_by_strength() -> None:
    board = cards("3c 4d 5h 9s Td")
    wheel = best_high(cards("Ac 2d Kh Ks"), board)
    kings = best_high(cards("Kc Kd 7h 8s"), board)
    six_high = best_high(cards("2c 6d Jh Qs"), board)
    assert six_high > wheel > kings
    assert kings < wheel < six_high
    assert max([kings, six_high, wheel]) is six_high
    assert sorted([six_high, kings, wheel]) == [kings, wheel, six_high]


def test_equal_high_hands_compare_equal_with_different_cards() -> None:
    board = cards("3c 4d 5h 9s Td")
    first = best_high(cards("Ac 2d Kh Ks"), board)
    second = best_high(cards("Ad 2c Qh Qs"), board)
    assert set(first.cards) != set(second.cards)
    assert first == second
    assert not first > second and not first < second
    assert first >= second and first <= second
    assert hash(first) == hash(second)
    assert first == HighHand(first.value, second.cards)


def test_suits_never_break_high_ties() -> None:
    board = cards("2c 5d 9h Jh Ks")
    spades = best_high(cards("As Qs 3c 4d"), board)
    clubs = best_high(cards("Ac Qc 3d 4h"), board)
    assert spades == clubs
    assert spades.name == "High card, Ace"


def test_equal_lows_compare_equal_with_different_cards() -> None:
    board = cards("3c 4d 5h 9s Td")
    first = best_low(cards("Ac 2d Kh Ks"), board)
    second = best_low(cards("Ad 2c Qh Qs"), board)
    assert first is not None and second is not None
    assert set(first.cards) != set(second.cards)
    assert first == second
    assert not first > second and not first < second
    assert hash(first) == hash(second)


def test_hands_are_immutable() -> None:
    hand = best_high("As 2h Kc Qd", "3d 4s 5c Kh Jc")
    with pytest.raises(AttributeError):
        hand.value = 1  # type: ignore[misc]


# --- strategies ---------------------------------------------------------------------------------------------

SUITS = "cdhs"
# The comparisons with the reference are the heart of this file: run them longer than the rest (and longer
# still under a profile that asks for more, see conftest.py).
MANY = max(300, settings.default.max_examples)
LOW_HEAVY_RANKS = (14, 2, 3, 4, 5, 6, 7, 8, 9, 13)


@st.composite
def card_sets(draw: st.DrawFn, n: int) -> list[Card]:
    """n distinct cards: from the whole deck, or from a few ranks and suits (so flushes, straights, full
    houses and quads turn up often), or mostly from the low ranks A..8 (so lows do)."""
    kind = draw(st.sampled_from(("deck", "compact", "low")))
    if kind == "deck":
        return draw(st.lists(st.sampled_from(ALL_CARDS), unique=True, min_size=n, max_size=n))
    suits = draw(st.lists(st.sampled_from(SUITS), unique=True, min_size=2, max_size=4))
    least = math.ceil(n / len(suits))
    rank_choices = st.integers(2, 14) if kind == "compact" else st.sampled_from(LOW_HEAVY_RANKS)
    ranks = draw(st.lists(rank_choices, unique=True, min_size=least, max_size=max(least, 8)))
    pool = [make_card(rank, suit) for rank in ranks for suit in suits]
    return draw(st.lists(st.sampled_from(pool), unique=True, min_size=n, max_size=n))


@st.composite
def deals(draw: st.DrawFn, hole_sizes: Sequence[int] = (4, 5)) -> tuple[Cards, Cards]:
    """A hole (4 or 5 cards by default) and a board of 3, 4 or 5 cards, all distinct."""
    n_hole = draw(st.sampled_from(hole_sizes))
    n_board = draw(st.sampled_from((3, 4, 5)))
    dealt = draw(card_sets(n_hole + n_board))
    return tuple(dealt[:n_hole]), tuple(dealt[n_hole:])


@st.composite
def two_deals(draw: st.DrawFn) -> tuple[Cards, Cards, Cards]:
    """Two holes on one board, all cards distinct."""
    n_first, n_second = draw(st.sampled_from((4, 5))), draw(st.sampled_from((4, 5)))
    n_board = draw(st.sampled_from((3, 4, 5)))
    dealt = draw(card_sets(n_first + n_second + n_board))
    return (tuple(dealt[:n_first]), tuple(dealt[n_first : n_first + n_second]), tuple(dealt[n_first + n_second :]))


def remap(hand: Sequence[Card], suit_map: dict[str, str]) -> Cards:
    return tuple(make_card(card.rank, suit_map[card.suit]) for card in hand)


# --- properties: agreement with the reference ---------------------------------------------------------------


@settings(max_examples=MANY)
@given(deals(hole_sizes=(2, 3, 4, 5, 6)))
def test_high_agrees_with_reference(deal: tuple[Cards, Cards]) -> None:
    hole, board = deal
    hand = best_high(hole, board)
    key, _ = reference.best_high(hole, board)
    assert hand.category == key[0]
    assert hand.name == reference.high_name(key)
    assert reference.high_key(hand.cards) == key  # the five cards named really make the best hand
    check_two_plus_three(hand.cards, hole, board)
    assert five_card_value(hand.cards) == hand.value
    assert high_value(hole, board) == hand.value


@settings(max_examples=MANY)
@given(two_deals())
def test_high_order_agrees_with_reference(deal: tuple[Cards, Cards, Cards]) -> None:
    first, second, board = deal
    a, b = best_high(first, board), best_high(second, board)
    key_a, _ = reference.best_high(first, board)
    key_b, _ = reference.best_high(second, board)
    assert compare(a, b) == compare(key_a, key_b)
    assert (a == b) == (key_a == key_b)
    assert sign(high_value(first, board) - high_value(second, board)) == compare(key_a, key_b)


@settings(max_examples=MANY)
@given(deals(hole_sizes=(2, 3, 4, 5, 6)))
def test_low_agrees_with_reference(deal: tuple[Cards, Cards]) -> None:
    hole, board = deal
    hand = best_low(hole, board)
    expected = reference.best_low(hole, board)
    if expected is None:
        assert hand is None
        assert low_value(hole, board) == 0
        return
    assert hand is not None
    assert hand.ranks == expected
    assert hand.name == "-".join("A" if rank == 1 else str(rank) for rank in expected)
    assert reference.low_key(hand.cards) == expected
    assert [reference.low_rank(card) for card in hand.cards] == list(expected)  # read from the top down
    check_two_plus_three(hand.cards, hole, board)
    assert low_value(hole, board) == hand.value > 0


@settings(max_examples=MANY)
@given(two_deals())
def test_low_order_agrees_with_reference(deal: tuple[Cards, Cards, Cards]) -> None:
    first, second, board = deal
    a, b = best_low(first, board), best_low(second, board)
    key_a, key_b = reference.best_low(first, board), reference.best_low(second, board)
    assert (a is None) == (key_a is None)
    assert (b is None) == (key_b is None)
    if a is not None and b is not None:
        assert key_a is not None and key_b is not None
        # The lower key is the better low, and the better low is the greater LowHand.
        assert compare(a, b) == compare(key_b, key_a)
        assert (a == b) == (key_a == key_b)
    assert sign(low_value(first, board) - low_value(second, board)) == (compare(key_b or (99,), key_a or (99,)))


# --- properties: values, the board evaluator, invariances ---------------------------------------------------


@given(deals(hole_sizes=(2, 4, 5, 6)))
def test_values_and_board_evaluator_agree_with_hands(deal: tuple[Cards, Cards]) -> None:
    hole, board = deal
    high, low = best_high(hole, board), best_low(hole, board)
    low_int = low.value if low is not None else 0
    assert 1 <= high.value <= 7462
    assert 0 <= low_int <= 255
    assert high_value(hole, board) == high.value
    assert low_value(hole, board) == low_int
    assert hi_lo_values(hole, board) == (high.value, low_int)
    # The fast path takes plain ints too.
    assert hi_lo_values([int(c) for c in hole], [int(c) for c in board]) == (high.value, low_int)

    evaluator = BoardEvaluator(board)
    assert evaluator.board == board
    assert evaluator.high_value(hole) == high.value
    assert evaluator.low_value(hole) == low_int
    from_evaluator = evaluator.best_high(hole)
    assert from_evaluator == high
    assert from_evaluator.cards == high.cards
    evaluator_low = evaluator.best_low(hole)
    assert evaluator_low == low
    if low is not None:
        assert evaluator_low is not None and evaluator_low.cards == low.cards


@given(two_deals())
def test_one_board_evaluator_serves_many_hands(deal: tuple[Cards, Cards, Cards]) -> None:
    first, second, board = deal
    evaluator = BoardEvaluator(format_text := " ".join(map(str, board)))
    assert evaluator.board == parse_cards(format_text)
    for hole in (first, second, first):
        assert evaluator.high_value(hole) == high_value(hole, board)
        assert evaluator.low_value(hole) == low_value(hole, board)


@given(deals(), st.permutations(SUITS))
def test_renaming_suits_changes_nothing(deal: tuple[Cards, Cards], permuted: list[str]) -> None:
    hole, board = deal
    suit_map = dict(zip(SUITS, permuted, strict=True))
    new_hole, new_board = remap(hole, suit_map), remap(board, suit_map)
    assert best_high(new_hole, new_board) == best_high(hole, board)
    assert best_high(new_hole, new_board).name == best_high(hole, board).name
    assert hi_lo_values(new_hole, new_board) == hi_lo_values(hole, board)


@given(deals(), st.data())
def test_suits_never_change_a_low(deal: tuple[Cards, Cards], data: st.DataObject) -> None:
    """Any change of suits (keeping the cards distinct) leaves the low as it was."""
    hole, board = deal
    new_suits = data.draw(
        st.lists(st.sampled_from(SUITS), min_size=len(hole) + len(board), max_size=len(hole) + len(board))
    )
    resuited = [make_card(card.rank, suit) for card, suit in zip(hole + board, new_suits, strict=True)]
    if len(set(resuited)) < len(resuited):
        return  # two cards became one: not a deal
    new_hole, new_board = tuple(resuited[: len(hole)]), tuple(resuited[len(hole) :])
    before, after = best_low(hole, board), best_low(new_hole, new_board)
    assert after == before
    assert low_value(new_hole, new_board) == low_value(hole, board)
    if before is not None:
        assert after is not None and after.name == before.name


@given(deals(), st.data())
def test_card_order_changes_nothing(deal: tuple[Cards, Cards], data: st.DataObject) -> None:
    hole, board = deal
    new_hole = tuple(data.draw(st.permutations(hole)))
    new_board = tuple(data.draw(st.permutations(board)))
    assert best_high(new_hole, new_board) == best_high(hole, board)
    assert best_high(new_hole, new_board).name == best_high(hole, board).name
    assert best_low(new_hole, new_board) == best_low(hole, board)
    assert hi_lo_values(new_hole, new_board) == hi_lo_values(hole, board)
    assert BoardEvaluator(new_board).high_value(new_hole) == BoardEvaluator(board).high_value(hole)
    assert BoardEvaluator(new_board).low_value(new_hole) == BoardEvaluator(board).low_value(hole)


@given(deals(hole_sizes=(2, 3, 4, 5, 6)))
def test_flush_needs_two_hole_cards_and_three_board_cards_of_its_suit(deal: tuple[Cards, Cards]) -> None:
    hole, board = deal
    hand = best_high(hole, board)
    if hand.category in (reference.FLUSH, reference.STRAIGHT_FLUSH):
        suit = hand.cards[0].suit
        assert sum(card.suit == suit for card in hole) >= 2
        assert sum(card.suit == suit for card in board) >= 3


@given(st.sampled_from(SUITS), st.data())
def test_board_only_flush_never_counts(suit: str, data: st.DataObject) -> None:
    """A board of three to five cards of one suit and at most one of that suit in the hole: no flush."""
    n_board = data.draw(st.sampled_from((3, 4, 5)))
    suited = [card for card in ALL_CARDS if card.suit == suit]
    board = tuple(data.draw(st.lists(st.sampled_from(suited), unique=True, min_size=n_board, max_size=n_board)))
    others = [card for card in ALL_CARDS if card.suit != suit]
    hole_others = data.draw(st.lists(st.sampled_from(others), unique=True, min_size=3, max_size=4))
    one_suited = data.draw(st.lists(st.sampled_from([c for c in suited if c not in board]), max_size=1))
    hole = tuple(hole_others + one_suited)
    hand = best_high(hole, board)
    assert hand.category not in (reference.FLUSH, reference.STRAIGHT_FLUSH)
    assert hand.category == reference.best_high(hole, board)[0][0]


@given(st.integers(5, 14), st.lists(st.sampled_from(SUITS), min_size=5, max_size=5), st.data())
def test_board_only_straight_never_counts(top: int, suits: list[str], data: st.DataObject) -> None:
    """A five-card straight on the board and a hole of one rank off the straight: only a pair of that rank."""
    ranks = [14, 2, 3, 4, 5] if top == 5 else list(range(top - 4, top + 1))
    board = tuple(make_card(rank, suit) for rank, suit in zip(ranks, suits, strict=True))
    hole_rank = data.draw(st.sampled_from([rank for rank in range(2, 15) if rank not in ranks]))
    hole_suits = data.draw(st.lists(st.sampled_from(SUITS), unique=True, min_size=4, max_size=4))
    hole = tuple(make_card(hole_rank, suit) for suit in hole_suits)
    hand = best_high(hole, board)
    assert hand.category == reference.PAIR
    assert hand.name == f"Pair of {reference.RANK_PLURAL[hole_rank]}"


@given(deals())
def test_hand_cards_evaluate_to_the_hand(deal: tuple[Cards, Cards]) -> None:
    hole, board = deal
    high = best_high(hole, board)
    check_two_plus_three(high.cards, hole, board)
    assert five_card_value(high.cards) == high.value
    in_hole = tuple(card for card in high.cards if card in hole)
    on_board = tuple(card for card in high.cards if card in board)
    assert best_high(in_hole, on_board) == high
    low = best_low(hole, board)
    if low is not None:
        check_two_plus_three(low.cards, hole, board)
        low_hole = tuple(card for card in low.cards if card in hole)
        low_board = tuple(card for card in low.cards if card in board)
        assert best_low(low_hole, low_board) == low
        assert len({card.rank for card in low.cards}) == 5
        assert all(reference.low_rank(card) <= 8 for card in low.cards)
