"""Exact hi-lo equity of known hands, the equity figure only: what an all-in's EV needs, without `equity`'s
other six figures, parsing and checks (`dealt_board_equity`), and with the whole board to come from board
classes instead of boards (`whole_board_equity`).

Who wins a showdown on a five-card board depends on the board only through its class: the multiset of its
ranks (the high without a flush, and the low), and, when three or more of its cards share a suit, that suit
and the ranks of its cards of that suit (the only flush any hand can make). The 2,598,960 boards fall into
152,607 classes. They are numbered once (`_Classes`, built on first use, a second or two); a spot then costs
one pass over the boards to count, per class, those that avoid its cards (a 64-bit mask and a `reduceat` over
the boards sorted by class), and the players' strengths are looked up per class, not per board. The shares
are the same integers `Tally` adds up board by board (`tally.split_units`), weighted by the counts, so the
result is the same fraction as `equity(..., exact=True)`, to the last bit.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from itertools import combinations

import numpy as np
import numpy.typing as npt

from engine.equity.ranges import EquityError
from engine.equity.strengths import direct
from engine.equity.tables import (
    _MULTISET_KEYS,
    BOARD_RANKS,
    FLUSH,
    LOW,
    LOW_BIT,
    RANK,
    SUIT,
    Array,
    colex,
    high_rows,
    pairs_of,
)
from engine.equity.tally import WHOLE, split_units

NO_FLUSH = 4  # the "suit" of a class with no three cards of one suit
_RANK_SETS = 1 << 13
_TRIPLES = np.array([sum(1 << r for r in ranks) for ranks in combinations(range(13), 3)], np.int64)
_SUITED = np.array([bits for bits in range(_RANK_SETS) if 3 <= bin(bits).count("1") <= 5], np.int64)
"""The rank sets a board's flush suit can have (three to five ranks)."""
_SUB_TRIPLES = np.array(
    [([t for t, triple in enumerate(_TRIPLES.tolist()) if triple & ~bits == 0] * 10)[:10] for bits in _SUITED.tolist()],
    np.int64,
)
"""For each rank set of `_SUITED`, its three-rank subsets (numbers in `_TRIPLES`), repeated to ten."""


class _Classes:
    """Every five-card board's card mask, the boards sorted by class (class k's are those from ``starts[k]``
    on); each class's rank multiset, flush suit (or `NO_FLUSH`) and flush ranks, and its board low mask."""

    def __init__(self) -> None:
        fours = colex(51, 4)
        bits, keys = [], []
        card_bit = np.left_shift(np.uint64(1), np.arange(52, dtype=np.uint64))
        for top in range(4, 52):  # colex: the boards whose highest card is `top` follow those below it
            cards = np.column_stack([fours[: comb4(top)], np.full(comb4(top), top)])
            bits.append(np.bitwise_or.reduce(card_bit[cards], axis=1))
            rank, suit = RANK[cards], SUIT[cards]
            multiset = BOARD_RANKS[
                (((rank[:, 0] * 13 + rank[:, 1]) * 13 + rank[:, 2]) * 13 + rank[:, 3]) * 13 + rank[:, 4]
            ].astype(np.int64)
            counts = np.stack([(suit == s).sum(axis=1) for s in range(4)], axis=1)
            flush = np.where(counts.max(axis=1) >= 3, counts.argmax(axis=1), NO_FLUSH)
            suited = np.where(suit == flush[:, None], 1 << rank, 0).sum(axis=1)
            keys.append((multiset * 5 + flush) * _RANK_SETS + suited)
        all_keys = np.concatenate(keys)
        order = np.argsort(all_keys, kind="stable")  # boards of a class side by side: counted with one reduceat
        self.board_bits = np.concatenate(bits)[order]
        sorted_keys = all_keys[order]
        self.starts = np.flatnonzero(np.concatenate([[True], sorted_keys[1:] != sorted_keys[:-1]]))
        key = sorted_keys[self.starts]
        self.multiset = key // (5 * _RANK_SETS)
        self.flush = key // _RANK_SETS % 5
        self.flush_ranks = key % _RANK_SETS
        digits = _MULTISET_KEYS[self.multiset][:, None] // 5 ** np.arange(13) % 5  # cards of each rank
        self.low_mask = np.bitwise_or.reduce(np.where(digits > 0, LOW_BIT[4 * np.arange(13)], 0), axis=1)
        self.suited_number = np.zeros(_RANK_SETS, np.int64)
        self.suited_number[_SUITED] = np.arange(len(_SUITED))

    def counts(self, dead: Sequence[int]) -> npt.NDArray[np.int64]:
        """How many boards of each class avoid every card of ``dead``."""
        mask = np.uint64(sum(1 << card for card in set(dead)))
        avoid = (self.board_bits & mask) == 0
        return np.add.reduceat(avoid.view(np.uint8), self.starts, dtype=np.int64)


def comb4(n: int) -> int:
    return n * (n - 1) * (n - 2) * (n - 3) // 24


@functools.cache
def classes() -> _Classes:
    """The board classes, built once per process."""
    return _Classes()


def whole_board_equity(hands: Sequence[Sequence[int]], dead: Sequence[int], hi_lo: bool) -> tuple[float, ...]:
    """Each hand's exact share of a pot (hi-lo, or high only) over every five-card board that avoids the hands
    and ``dead``: the figure `equity(hands, dead=dead, exact=True)` gives. Hands are card ids, all of one
    size. No board left (too many cards taken) is an `EquityError`."""
    table = classes()
    counts = table.counts([*dead, *(card for hand in hands for card in hand)])
    seen = np.flatnonzero(counts)
    if not len(seen):
        raise EquityError("no five-card board avoids the hands and the dead cards")
    weights = counts[seen]
    multiset, flush = table.multiset[seen] * 169, table.flush[seen]
    suited = table.suited_number[table.flush_ranks[seen]]
    highs = np.stack([_highs(hand, multiset, flush, suited) for hand in hands])
    lows = None
    if hi_lo:
        low_mask = table.low_mask[seen]
        lows = np.stack([LOW[low_mask, _hole_low_mask(hand)].astype(np.int64) for hand in hands])
    totals = split_units(highs, lows)[0] @ weights
    boards = int(weights.sum())
    return tuple(int(total) / (WHOLE * boards) for total in totals)


def dealt_board_equity(
    hands: Sequence[Sequence[int]], board: Sequence[int], dead: Sequence[int], hi_lo: bool
) -> tuple[float, ...]:
    """Each hand's exact share of a pot with ``board`` (three or four cards) dealt: every way the rest can
    come, board by board through `strengths.direct` as `equity` does, so the same fraction; the whole board
    to come goes to `whole_board_equity`."""
    if not board:
        return whole_board_equity(hands, dead, hi_lo)
    taken = {*board, *dead, *(card for hand in hands for card in hand)}
    rest = np.array([card for card in range(52) if card not in taken], np.int64)
    coming = rest[colex(len(rest), 5 - len(board))]
    if not len(coming):
        raise EquityError("no board can come: the hands, board and dead cards take every card")
    boards = np.column_stack([np.broadcast_to(np.array(board, np.int64), (len(coming), len(board))), coming])
    players, count = len(hands), len(boards)
    holes = np.repeat(np.array(hands, np.int64), count, axis=0)  # one evaluation for every player's boards
    high, low = direct(holes, np.tile(boards, (players, 1)), hi_lo)
    highs = high.reshape(players, count)
    lows = None if low is None else low.reshape(players, count)
    totals = split_units(highs, lows)[0].sum(axis=1)
    return tuple(int(total) / (WHOLE * len(boards)) for total in totals)


def _highs(hand: Sequence[int], multiset: Array, flush: Array, suited: Array) -> Array:
    """The hand's best high in each class: the evaluator's non-flush row for the class's ranks, or the best
    flush of two of its cards of the class's flush suit with three of the board's."""
    cards = np.array(hand, np.int64)
    rows = high_rows()
    rank = RANK[cards]
    high = np.zeros(len(multiset), np.uint16)
    for i, j in pairs_of(len(hand)):
        np.maximum(high, rows[multiset + rank[i] * 13 + rank[j]], out=high)
    flushes = np.zeros((5, len(_SUITED)), np.uint16)  # by suit (the fifth: no flush) and flush rank set
    for suit in range(4):
        ranks = rank[SUIT[cards] == suit]
        if len(ranks) < 2:
            continue
        best = np.zeros(len(_TRIPLES), np.uint16)
        for a, b in combinations(ranks.tolist(), 2):
            np.maximum(best, FLUSH[_TRIPLES | (1 << a) | (1 << b)], out=best)
        flushes[suit] = best[_SUB_TRIPLES].max(axis=1)
    np.maximum(high, flushes[flush, suited], out=high)
    return high.astype(np.int64)


def _hole_low_mask(hand: Sequence[int]) -> int:
    return int(np.bitwise_or.reduce(LOW_BIT[np.array(hand, np.int64)]))
