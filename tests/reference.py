"""A slow, plainly written Omaha hi-lo reference evaluator for the tests.

It shares nothing with ``engine.evaluation`` but the card type: it tries every combination of exactly two hole
cards and exactly three board cards, ranks each five-card hand by the textbook definition, and keeps the best.
Speed is no goal here; being obviously right is.

Ranks are poker ranks, 2..14 with the ace as 14 (as ``Card.rank`` gives them); in a low the ace counts as 1.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from itertools import combinations

from engine.cards import Card

# The categories in the standard order, weakest first; the numbers match the engine's ``HighHand.category``.
HIGH_CARD = 0
PAIR = 1
TWO_PAIR = 2
TRIPS = 3
STRAIGHT = 4
FLUSH = 5
FULL_HOUSE = 6
QUADS = 7
STRAIGHT_FLUSH = 8

CATEGORY_NAMES = {
    HIGH_CARD: "High card",
    PAIR: "Pair",
    TWO_PAIR: "Two pair",
    TRIPS: "Three of a kind",
    STRAIGHT: "Straight",
    FLUSH: "Flush",
    FULL_HOUSE: "Full house",
    QUADS: "Four of a kind",
    STRAIGHT_FLUSH: "Straight flush",
}

RANK_NAME = {
    2: "Two",
    3: "Three",
    4: "Four",
    5: "Five",
    6: "Six",
    7: "Seven",
    8: "Eight",
    9: "Nine",
    10: "Ten",
    11: "Jack",
    12: "Queen",
    13: "King",
    14: "Ace",
}
RANK_PLURAL = {
    2: "Twos",
    3: "Threes",
    4: "Fours",
    5: "Fives",
    6: "Sixes",
    7: "Sevens",
    8: "Eights",
    9: "Nines",
    10: "Tens",
    11: "Jacks",
    12: "Queens",
    13: "Kings",
    14: "Aces",
}

# A high key is (category, tie-break ranks); comparing keys as tuples compares the hands.
HighKey = tuple[int, tuple[int, ...]]
# A low is its five ranks from the top card down, ace = 1; the smaller tuple is the better low.
LowKey = tuple[int, ...]


def straight_top(ranks: Sequence[int]) -> int | None:
    """The top rank of a straight made by five ranks, or None. A-2-3-4-5 is a straight, five high."""
    distinct = sorted(set(ranks))
    if len(distinct) != 5:
        return None
    if distinct == [2, 3, 4, 5, 14]:
        return 5
    if distinct[4] - distinct[0] == 4:
        return distinct[4]
    return None


def high_key(cards: Sequence[Card]) -> HighKey:
    """The strength of exactly five cards as a high hand."""
    assert len(cards) == 5
    ranks = [card.rank for card in cards]
    suits = [card.suit for card in cards]
    is_flush = len(set(suits)) == 1
    top = straight_top(ranks)
    counts = Counter(ranks)
    # Ranks ordered by how many times they appear, then by rank: (K, K, K, 2, 2) -> (13, 2).
    groups = sorted(counts, key=lambda rank: (counts[rank], rank), reverse=True)
    shape = sorted(counts.values(), reverse=True)
    by_rank = tuple(sorted(ranks, reverse=True))

    if top is not None and is_flush:
        return STRAIGHT_FLUSH, (top,)
    if shape == [4, 1]:
        return QUADS, tuple(groups)
    if shape == [3, 2]:
        return FULL_HOUSE, tuple(groups)
    if is_flush:
        return FLUSH, by_rank
    if top is not None:
        return STRAIGHT, (top,)
    if shape == [3, 1, 1]:
        return TRIPS, tuple(groups)
    if shape == [2, 2, 1]:
        return TWO_PAIR, tuple(groups)
    if shape == [2, 1, 1, 1]:
        return PAIR, tuple(groups)
    return HIGH_CARD, by_rank


def high_name(key: HighKey) -> str:
    """The name a player would say: "Two pair, Nines and Fives", "Flush, Queen high", "Royal flush"."""
    category, ranks = key
    name = CATEGORY_NAMES[category]
    if category == HIGH_CARD:
        return f"{name}, {RANK_NAME[ranks[0]]}"
    if category == PAIR:
        return f"Pair of {RANK_PLURAL[ranks[0]]}"
    if category == TWO_PAIR:
        return f"{name}, {RANK_PLURAL[ranks[0]]} and {RANK_PLURAL[ranks[1]]}"
    if category in (TRIPS, QUADS):
        return f"{name}, {RANK_PLURAL[ranks[0]]}"
    if category == FULL_HOUSE:
        return f"{name}, {RANK_PLURAL[ranks[0]]} full of {RANK_PLURAL[ranks[1]]}"
    if category == STRAIGHT_FLUSH and ranks[0] == 14:
        return "Royal flush"
    return f"{name}, {RANK_NAME[ranks[0]]} high"


def omaha_hands(hole: Sequence[Card], board: Sequence[Card]) -> list[tuple[Card, ...]]:
    """Every five-card hand a player may make: exactly two hole cards and exactly three board cards."""
    return [pair + triple for pair in combinations(hole, 2) for triple in combinations(board, 3)]


def best_high(hole: Sequence[Card], board: Sequence[Card]) -> tuple[HighKey, tuple[Card, ...]]:
    """The best high key, and one five-card hand that makes it."""
    best_key: HighKey | None = None
    best_cards: tuple[Card, ...] = ()
    for five in omaha_hands(hole, board):
        key = high_key(five)
        if best_key is None or key > best_key:
            best_key, best_cards = key, five
    assert best_key is not None, "an Omaha hand needs two hole cards and three board cards"
    return best_key, best_cards


def low_rank(card: Card) -> int:
    """A card's rank in a low: the ace is 1."""
    return 1 if card.rank == 14 else card.rank


def low_key(cards: Sequence[Card]) -> LowKey | None:
    """Five cards as an 8-or-better low (ranks from the top down, ace = 1), or None if they do not qualify."""
    ranks = [low_rank(card) for card in cards]
    if len(set(ranks)) != 5 or max(ranks) > 8:
        return None
    return tuple(sorted(ranks, reverse=True))


def best_low(hole: Sequence[Card], board: Sequence[Card]) -> LowKey | None:
    """The best 8-or-better low from exactly two hole and three board cards, or None."""
    best: LowKey | None = None
    for five in omaha_hands(hole, board):
        key = low_key(five)
        if key is not None and (best is None or key < best):
            best = key
    return best
