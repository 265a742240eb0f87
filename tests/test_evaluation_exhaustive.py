"""Whole spaces enumerated: every five-card hand, every low, every rank pattern of small boards.

Marked ``exhaustive``; run them alone with ``python -m pytest -m exhaustive``, skip them with
``-m "not exhaustive"``.
"""

from __future__ import annotations

import random
import zlib
from collections import Counter
from collections.abc import Sequence
from importlib import resources
from itertools import combinations, combinations_with_replacement, pairwise

import pytest
import reference

from engine import ALL_CARDS, Card, HighHand, best_low, high_value, low_value, make_card
from engine.evaluation import build_high_table, five_card_value

pytestmark = pytest.mark.exhaustive

SUITS = "cdhs"
LOW_RANKS = (14, 2, 3, 4, 5, 6, 7, 8)  # the ace plays low

# Known counts of the 2,598,960 five-card hands, and of distinct hand classes, per category.
HANDS_PER_CATEGORY = {
    reference.STRAIGHT_FLUSH: 40,
    reference.QUADS: 624,
    reference.FULL_HOUSE: 3_744,
    reference.FLUSH: 5_108,
    reference.STRAIGHT: 10_200,
    reference.TRIPS: 54_912,
    reference.TWO_PAIR: 123_552,
    reference.PAIR: 1_098_240,
    reference.HIGH_CARD: 1_302_540,
}
CLASSES_PER_CATEGORY = {
    reference.STRAIGHT_FLUSH: 10,
    reference.QUADS: 156,
    reference.FULL_HOUSE: 156,
    reference.FLUSH: 1_277,
    reference.STRAIGHT: 10,
    reference.TRIPS: 858,
    reference.TWO_PAIR: 858,
    reference.PAIR: 2_860,
    reference.HIGH_CARD: 1_277,
}
# How many of the 2,598,960 hands share one value, by category: the suit choices that keep the class.
HANDS_PER_CLASS = {
    reference.STRAIGHT_FLUSH: 4,
    reference.QUADS: 4,  # 1 way for the four, 4 for the kicker
    reference.FULL_HOUSE: 24,  # 4 * 6
    reference.FLUSH: 4,
    reference.STRAIGHT: 1_020,  # 4**5 - 4
    reference.TRIPS: 64,  # 4 * 4 * 4: three of four suits, then two kickers
    reference.TWO_PAIR: 144,  # 6 * 6 * 4
    reference.PAIR: 384,  # 6 * 4**3
    reference.HIGH_CARD: 1_020,
}


def offsuit(ranks: Sequence[int]) -> list[Card]:
    """Distinct cards of the given ranks (each at most four times), never all of one suit.

    The ranks are dealt in sorted order with the suits in turn (c d h s c ...), so equal ranks, which sit side
    by side, get different suits, and no suit gets more than two of up to eight cards: never a flush.
    """
    order = sorted(range(len(ranks)), key=lambda i: ranks[i])
    out: list[Card] = [ALL_CARDS[0]] * len(ranks)
    for position, i in enumerate(order):
        out[i] = make_card(ranks[i], SUITS[position % 4])
    return out


def rank_multisets(size: int) -> list[tuple[int, ...]]:
    """Every multiset of ``size`` ranks (2..14) with no rank more than four times."""
    return [
        ranks
        for ranks in combinations_with_replacement(range(2, 15), size)
        if max(ranks.count(rank) for rank in ranks) <= 4
    ]


@pytest.fixture(scope="module")
def value_counts() -> Counter[int]:
    """How many of the 2,598,960 five-card hands have each high value."""
    return Counter(map(five_card_value, combinations(range(52), 5)))


def test_five_card_hands_fall_into_the_known_category_counts(value_counts: Counter[int]) -> None:
    assert sum(value_counts.values()) == 2_598_960
    by_category: Counter[int] = Counter()
    for value, count in value_counts.items():
        by_category[HighHand(value, ()).category] += count
    assert dict(by_category) == HANDS_PER_CATEGORY


def test_five_card_hands_have_7462_distinct_values(value_counts: Counter[int]) -> None:
    assert len(value_counts) == 7_462
    assert set(value_counts) == set(range(1, 7_463))
    classes = Counter(HighHand(value, ()).category for value in value_counts)
    assert dict(classes) == CLASSES_PER_CATEGORY


def test_every_value_holds_the_hands_of_one_class(value_counts: Counter[int]) -> None:
    for value, count in value_counts.items():
        assert count == HANDS_PER_CLASS[HighHand(value, ()).category], HighHand(value, ()).name


def test_value_order_matches_the_reference_on_every_hand_class() -> None:
    """One hand of each of the 7,462 classes (every rank pattern off-suit, every flush rank set suited): the
    engine's values must be distinct and sort the hands exactly as the reference ranks them, and name them the
    same way."""
    hands = [offsuit(ranks) for ranks in rank_multisets(5)]
    hands += [[make_card(rank, "h") for rank in ranks] for ranks in combinations(range(2, 15), 5)]
    assert len(hands) == 7_462
    scored = sorted((five_card_value(hand), reference.high_key(hand)) for hand in hands)
    values = [value for value, _ in scored]
    keys = [key for _, key in scored]
    assert values == list(range(1, 7_463))
    assert all(lower < higher for lower, higher in pairwise(keys))
    for value, key in scored:
        hand = HighHand(value, ())
        assert hand.category == key[0]
        assert hand.name == reference.high_name(key)


def test_56_distinct_qualifying_lows() -> None:
    """Every five-card rank pattern dealt as two hole cards and three board cards: exactly the 56 sets of five
    different ranks from A..8 qualify, each a different low."""
    lows: dict[int, tuple[int, ...]] = {}
    for ranks in rank_multisets(5):
        five = offsuit(ranks)
        hole, board = five[:2], five[2:]
        expected = reference.low_key(five)
        value = low_value(hole, board)
        assert (value > 0) == (expected is not None), ranks
        if expected is not None:
            hand = best_low(hole, board)
            assert hand is not None and hand.ranks == expected and hand.value == value
            assert lows.setdefault(value, expected) == expected
    assert len(lows) == 56
    assert sorted(lows.values()) == sorted(tuple(sorted(ranks, reverse=True)) for ranks in combinations(range(1, 9), 5))
    # Better lows have higher values: sorting by value sorts the rank tuples from worst to best.
    ordered = [lows[value] for value in sorted(lows)]
    assert ordered == sorted(ordered, reverse=True)
    assert ordered[-1] == (5, 4, 3, 2, 1) and ordered[0] == (8, 7, 6, 5, 4)


def _deal_by_low_ranks(
    hole_low: Sequence[int], board_low: Sequence[int], n_hole: int, n_board: int
) -> tuple[list[Card], list[Card]]:
    """A deal with the given low ranks (each once) in the hole and on the board, filled up with high cards."""
    hole = [make_card(rank, "c") for rank in hole_low]
    hole += [make_card(rank, "h") for rank in (13, 12, 11, 10)[: n_hole - len(hole)]]
    board = [make_card(rank, "d") for rank in board_low]
    board += [make_card(rank, "s") for rank in (13, 12, 11, 10, 9)[: n_board - len(board)]]
    return hole, board


@pytest.mark.parametrize("n_board", [3, 4, 5])
def test_every_low_situation_agrees_with_the_reference(n_board: int) -> None:
    """A low depends only on which low ranks are in the hole and which on the board (a repeated rank adds
    nothing), so every set of up to four low ranks in a four-card hole against every set of up to ``n_board``
    low ranks on the board covers all lows there are."""
    hole_sets = [s for k in range(5) for s in combinations(LOW_RANKS, k)]
    board_sets = [s for k in range(n_board + 1) for s in combinations(LOW_RANKS, k)]
    qualifying = 0
    for hole_low in hole_sets:
        for board_low in board_sets:
            hole, board = _deal_by_low_ranks(hole_low, board_low, 4, n_board)
            expected = reference.best_low(hole, board)
            value = low_value(hole, board)
            if expected is None:
                assert value == 0, (hole_low, board_low)
            else:
                qualifying += 1
                mask = sum(1 << (rank - 1) for rank in expected)
                assert value == 256 - mask, (hole_low, board_low)
    assert qualifying > 0


@pytest.mark.parametrize("n_board", [3, 4])
def test_every_rank_pattern_of_small_boards_agrees_with_the_reference(n_board: int) -> None:
    """Every two hole ranks with every rank pattern of a three- or four-card board, off-suit (the rows the
    evaluator builds at run time for flops and turns)."""
    for board_ranks in rank_multisets(n_board):
        for hole_ranks in combinations_with_replacement(range(2, 15), 2):
            ranks = hole_ranks + board_ranks
            if max(ranks.count(rank) for rank in ranks) > 4:
                continue
            dealt = offsuit(ranks)
            hole, board = dealt[:2], dealt[2:]
            key, best_cards = reference.best_high(hole, board)
            value = high_value(hole, board)
            assert HighHand(value, ()).category == key[0]
            assert value == five_card_value(best_cards), (hole, board)


def test_sampled_five_card_board_rows_agree_with_the_reference() -> None:
    """A fixed sample of river boards against every hole rank pair; all rows are checked against a rebuild in
    the table test below, this checks the rebuild's logic against the reference."""
    rng = random.Random(2024)
    boards = rng.sample(rank_multisets(5), 150)
    for board_ranks in boards:
        for hole_ranks in combinations_with_replacement(range(2, 15), 2):
            ranks = hole_ranks + board_ranks
            if max(ranks.count(rank) for rank in ranks) > 4:
                continue
            dealt = offsuit(ranks)
            hole, board = dealt[:2], dealt[2:]
            _, best_cards = reference.best_high(hole, board)
            assert high_value(hole, board) == five_card_value(best_cards), (hole, board)


def test_shipped_high_table_equals_a_fresh_build() -> None:
    shipped = resources.files("engine").joinpath("high_rows.bin.zlib").read_bytes()
    built = build_high_table()
    shipped_rows, built_rows = zlib.decompress(shipped), zlib.decompress(built)
    assert len(built_rows) == len(rank_multisets(5)) * 169 * 2
    assert shipped_rows == built_rows
