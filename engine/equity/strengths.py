"""Many boards at once: every player's best high and low as arrays, from the tables in `tables`.

Two ways in:

* `direct`: any holes on any boards (one hole per row, or one hole for all rows): the best over every hole
  pair and every three-card subset of the board, 6 x 10 lookups for Omaha, done as a few array operations.
  Ranges, random hands and small enumerations (flop and turn spots) use it.
* `TripleTable`: a known hole's best high for each three-card subset of the cards that can still come. A
  player's best high on a board is the best over the board's ten three-card subsets, so a board becomes ten
  lookups, and millions of boards one gather. Its `four` table goes one step further (the best over the four
  triples of each four-card subset): a five-card board is then five lookups, and when boards are enumerated in
  colex order one of them is a contiguous slice.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

import numpy as np
import numpy.typing as npt

from engine.equity.tables import (
    BINOMIAL,
    BOARD_RANKS,
    FLUSH,
    LOW,
    LOW_BIT,
    PLAIN,
    RANK,
    RANK_BIT,
    SUIT,
    TRIPLES_OF_FIVE,
    Array,
    colex,
    high_rows,
    pairs_of,
)

NO_SUIT_HOLE, NO_SUIT_BOARD = 4, 5  # pair or triple not of one suit: never equal, so never a flush


def direct(holes: Array, boards: Array, hi_lo: bool) -> tuple[Array, Array | None]:
    """Best high and low of ``holes`` (rows of hole cards, or one row for every board) on ``boards`` (rows of
    five cards); the low is None for a high-only game.

    The high is the evaluator's row for the board's rank multiset, looked up at each hole pair; only where the
    board has three cards of a suit and the hole two of them are flushes looked for, pair by triple.
    """
    b_rank = RANK[boards]
    multiset = (
        BOARD_RANKS[
            (((b_rank[:, 0] * 13 + b_rank[:, 1]) * 13 + b_rank[:, 2]) * 13 + b_rank[:, 3]) * 13 + b_rank[:, 4]
        ].astype(np.int64)
        * 169
    )
    rows = high_rows()
    h_rank = RANK[holes]
    high = np.zeros(len(boards), np.uint16)
    for i, j in pairs_of(holes.shape[1]):
        np.maximum(high, rows[multiset + h_rank[:, i] * 13 + h_rank[:, j]], out=high)
    suits = SUIT[boards]
    counts = np.stack([(suits == s).sum(axis=1) for s in range(4)], axis=1)
    flush_suit = np.where(counts.max(axis=1) >= 3, counts.argmax(axis=1), -1)
    suited_in_hole = (SUIT[holes] == flush_suit[:, None]).sum(axis=1)
    maybe = np.flatnonzero((flush_suit >= 0) & (suited_in_hole >= 2))
    if len(maybe):
        hole_rows = holes if len(holes) == 1 else holes[maybe]
        flushes, _ = every_pair_and_triple(hole_rows, boards[maybe], False)
        high[maybe] = np.maximum(high[maybe], flushes)
    result = high.astype(np.int64)
    if not hi_lo:
        return result, None
    board_mask = np.bitwise_or.reduce(LOW_BIT[boards], axis=1)
    hole_mask = np.bitwise_or.reduce(LOW_BIT[holes], axis=1)
    return result, LOW[board_mask, hole_mask].astype(np.int64)


def every_pair_and_triple(holes: Array, boards: Array, hi_lo: bool) -> tuple[Array, Array | None]:
    """`direct` the long way: every hole pair with every board triple, flushes included (the flush boards'
    path, and a second opinion in the tests)."""
    h_rank, h_suit = RANK[holes], SUIT[holes]
    b_rank, b_suit = RANK[boards], SUIT[boards]
    pairs = pairs_of(holes.shape[1])
    a, b = [p[0] for p in pairs], [p[1] for p in pairs]
    pair_part = (h_rank[:, a] * 13 + h_rank[:, b]) * 2197  # (rows, pairs)
    pair_suit = np.where(h_suit[:, a] == h_suit[:, b], h_suit[:, a], NO_SUIT_HOLE)
    pair_bits = RANK_BIT[holes[:, a]] | RANK_BIT[holes[:, b]]
    x, y, z = ([t[i] for t in TRIPLES_OF_FIVE] for i in range(3))
    triple_part = b_rank[:, x] * 169 + b_rank[:, y] * 13 + b_rank[:, z]  # (boards, 10)
    same = (b_suit[:, x] == b_suit[:, y]) & (b_suit[:, y] == b_suit[:, z])
    triple_suit = np.where(same, b_suit[:, x], NO_SUIT_BOARD)
    triple_bits = RANK_BIT[boards[:, x]] | RANK_BIT[boards[:, y]] | RANK_BIT[boards[:, z]]
    values = PLAIN[pair_part[:, :, None] + triple_part[:, None, :]]  # (rows, pairs, 10)
    suited = pair_suit[:, :, None] == triple_suit[:, None, :]
    if suited.any():
        flushes = FLUSH[pair_bits[:, :, None] | triple_bits[:, None, :]]
        values = np.where(suited, flushes, values)
    high = values.reshape(len(values), -1).max(axis=1).astype(np.int64)
    if not hi_lo:
        return high, None
    board_mask = np.bitwise_or.reduce(LOW_BIT[boards], axis=1)
    hole_mask = np.bitwise_or.reduce(LOW_BIT[holes], axis=1)
    return high, LOW[board_mask, hole_mask].astype(np.int64)


class TripleTable:
    """One known hole's best high for every three-card subset of ``avail`` (ascending card ids: the cards a
    board can be made of), by colex number of the subset's positions in ``avail``."""

    def __init__(self, hole: Sequence[int], avail: Array) -> None:
        triples = avail[colex(len(avail), 3)]
        hole_row = np.array([hole], np.int64)
        pairs = pairs_of(len(hole))
        best = np.zeros(len(triples), np.uint16)
        t_rank, t_suit = RANK[triples], SUIT[triples]
        triple_part = t_rank[:, 0] * 169 + t_rank[:, 1] * 13 + t_rank[:, 2]
        triple_suit = np.where((t_suit[:, 0] == t_suit[:, 1]) & (t_suit[:, 1] == t_suit[:, 2]), t_suit[:, 0], -1)
        triple_bits = np.bitwise_or.reduce(RANK_BIT[triples], axis=1)
        for i, j in pairs:
            first, second = hole_row[0, i], hole_row[0, j]
            values = PLAIN[(RANK[first] * 13 + RANK[second]) * 2197 + triple_part]
            if SUIT[first] == SUIT[second]:
                flush = FLUSH[RANK_BIT[first] | RANK_BIT[second] | triple_bits]
                values = np.where(triple_suit == SUIT[first], flush, values)
            np.maximum(best, values, out=best)
        self.triples = best
        self.low_row = LOW[:, int(np.bitwise_or.reduce(LOW_BIT[np.array(hole, np.int64)]))].astype(np.uint8)

    def four(self, triple_numbers: Array) -> npt.NDArray[np.uint16]:
        """The best high over each four-card subset, given the colex numbers of its four triples."""
        return np.asarray(self.triples[triple_numbers].max(axis=1), np.uint16)

    def on_boards(self, positions: Array) -> Array:
        """Best high on boards given as rows of five ascending positions in ``avail``."""
        best = np.zeros(len(positions), np.uint16)
        for x, y, z in TRIPLES_OF_FIVE:
            number = positions[:, x] + BINOMIAL[2, positions[:, y]] + BINOMIAL[3, positions[:, z]]
            np.maximum(best, self.triples[number], out=best)
        return best.astype(np.int64)


def low_masks(avail: Array, positions: Array) -> Array:
    """Each board's low-rank mask, boards given as positions in ``avail``."""
    return np.asarray(np.bitwise_or.reduce(LOW_BIT[avail][positions], axis=1), np.int64)


def all_five_card_boards(
    tables: Sequence[TripleTable], avail: Array, hi_lo: bool
) -> Iterator[tuple[Array, Array | None]]:
    """Every five-card board from ``avail``, in chunks: (highs, lows) with one row per player.

    Boards come in colex order, chunk ``e`` holding those whose largest card is ``avail[e]``: the rows of
    four-card subsets below ``e`` are the first ``C(e, 4)``, so their four-card bests are a slice, and the four
    subsets that contain ``e`` are numbered ``C(e, 4)`` plus the number of their other three.
    """
    n = len(avail)
    fours = colex(n - 1, 4)
    triples_of_four = [(0, 1, 2), (0, 1, 3), (0, 2, 3), (1, 2, 3)]
    triple_numbers = np.column_stack(
        [fours[:, x] + BINOMIAL[2, fours[:, y]] + BINOMIAL[3, fours[:, z]] for x, y, z in triples_of_four]
    )
    four_tables = [table.four(colex_four_numbers(n, triples_of_four)) for table in tables]
    four_masks = np.bitwise_or.reduce(LOW_BIT[avail][fours], axis=1) if hi_lo else None
    for e in range(4, n):
        count, base = int(BINOMIAL[4, e]), int(BINOMIAL[4, e])
        with_e = [triple_numbers[:count, j] + base for j in range(4)]
        highs = np.empty((len(tables), count), np.int64)
        for p, four_table in enumerate(four_tables):
            best = four_table[:count].copy()
            for numbers in with_e:
                np.maximum(best, four_table[numbers], out=best)
            highs[p] = best
        if four_masks is None:
            yield highs, None
            continue
        masks = four_masks[:count] | LOW_BIT[avail[e]]
        yield highs, np.stack([table.low_row[masks] for table in tables]).astype(np.int64)


def colex_four_numbers(n: int, triples_of_four: Sequence[tuple[int, int, int]]) -> Array:
    """For every four-card subset of ``range(n)`` (colex order), the colex numbers of its four triples."""
    fours = colex(n, 4)
    return np.column_stack(
        [fours[:, x] + BINOMIAL[2, fours[:, y]] + BINOMIAL[3, fours[:, z]] for x, y, z in triples_of_four]
    )
