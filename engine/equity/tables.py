"""The engine's hand ranking as numpy arrays, and combinations in colex order.

Every strength here comes from `engine.evaluation`: the five-card values from its public `five_card_value`,
the lows from its own table of best lows (one row per board low-rank mask, one column per hole low-rank
mask). Nothing re-derives the ranking, so equity can never disagree with the showdown.

* ``PLAIN[13**4 * a + 13**3 * b + 13**2 * c + 13 * d + e]``: the strength of five cards of ranks a..e (0 = deuce)
  that are not all of one suit; 0 for five of one rank. 371,293 entries.
* ``FLUSH[rank bits]``: the strength of five suited cards with those ranks (8,192 entries, 1,287 used).
* ``LOW[board mask, hole mask]``: the best 8-or-better low (the engine's 256 - mask), 0 for none.
* Combinations are numbered in colex order: ``{x < y < z}`` is ``C(x, 1) + C(y, 2) + C(z, 3)``, so the
  combinations whose largest member is below ``m`` are exactly the first ``C(m, k)``.
"""

from __future__ import annotations

from functools import cache
from itertools import combinations, combinations_with_replacement
from math import comb

import numpy as np
import numpy.typing as npt

from engine.evaluation import _HIGH_ROWS, _LOW_ROWS, five_card_value

Array = npt.NDArray[np.int64]


def _plain_table() -> tuple[npt.NDArray[np.uint16], npt.NDArray[np.int64], npt.NDArray[np.int16]]:
    """PLAIN, the sorted rank keys of the 6,175 five-card rank multisets, and each 13**5 index's multiset number
    (-1 for five of one rank)."""
    keys, values = [], []
    for ranks in combinations_with_replacement(range(13), 5):
        if max(map(ranks.count, ranks)) > 4:
            continue
        suits = [ranks[:i].count(r) for i, r in enumerate(ranks)]  # the n-th card of a rank gets the n-th suit
        if len(set(ranks)) == 5:
            suits = [0, 0, 0, 0, 1]  # five ranks: keep them off one suit
        keys.append(sum(5**r for r in ranks))
        values.append(five_card_value([4 * r + s for r, s in zip(ranks, suits, strict=True)]))
    order = np.argsort(keys)
    sorted_keys, sorted_values = np.array(keys, np.int64)[order], np.array(values, np.uint16)[order]
    digits = np.indices((13,) * 5).reshape(5, -1).astype(np.int64)
    key = (5**digits).sum(axis=0)
    found = np.minimum(np.searchsorted(sorted_keys, key), len(sorted_keys) - 1)
    real = sorted_keys[found] == key
    return (
        np.where(real, sorted_values[found], 0).astype(np.uint16),
        sorted_keys,
        np.where(real, found, -1).astype(np.int16),
    )


def _flush_table() -> npt.NDArray[np.uint16]:
    table = np.zeros(1 << 13, np.uint16)
    for ranks in combinations(range(13), 5):
        table[sum(1 << r for r in ranks)] = five_card_value([4 * r for r in ranks])
    return table


PLAIN, _MULTISET_KEYS, BOARD_RANKS = _plain_table()
"""``BOARD_RANKS[13**4 * a + ... + e]``: the number of a five-card board's rank multiset, a row of `high_rows`."""
FLUSH = _flush_table()
LOW = np.array(_LOW_ROWS, np.uint8)  # values are 256 - mask of five low ranks (at most 225), or 0
RANK = np.arange(52, dtype=np.int64) >> 2
SUIT = np.arange(52, dtype=np.int64) & 3
RANK_BIT = (1 << RANK).astype(np.int64)
LOW_BIT = np.array([1 << ((r + 1) % 13) if r in (12, 0, 1, 2, 3, 4, 5, 6) else 0 for r in range(13)], np.int64)[RANK]
"""The card's bit in a low-rank mask: bit 0 for the ace, bit 7 for the eight, none above."""

BINOMIAL = np.array([[comb(x, k) for x in range(53)] for k in range(6)], np.int64)
"""``BINOMIAL[k, x]`` is C(x, k): the colex number of a combination is a sum of lookups."""


@cache
def colex(n: int, k: int) -> Array:
    """All k-subsets of ``range(n)`` as rows of ascending members, in colex order (read-only)."""
    if k == 0:
        rows = np.zeros((1, 0), np.int64)
    elif k > n:
        rows = np.zeros((0, k), np.int64)
    else:
        smaller = colex(n - 1, k - 1)
        tops = np.arange(k - 1, n)
        counts = BINOMIAL[k - 1, tops]
        prefix = np.concatenate([np.arange(count) for count in counts])
        rows = np.column_stack([smaller[prefix], np.repeat(tops, counts)])
    rows.setflags(write=False)
    return rows


def colex_index(rows: Array) -> Array:
    """The colex number of each row of ascending members."""
    index = np.zeros(len(rows), np.int64)
    for j in range(rows.shape[1]):
        index += BINOMIAL[j + 1, rows[:, j]]
    return index


def pairs_of(size: int) -> list[tuple[int, int]]:
    """The hole-card pairs of an Omaha hand of ``size`` cards (every hand uses exactly two)."""
    return list(combinations(range(size), 2))


TRIPLES_OF_FIVE = list(combinations(range(5), 3))


@cache
def high_rows() -> npt.NDArray[np.uint16]:
    """The evaluator's own rows (`engine.evaluation`): for each five-card board rank multiset (numbered as in
    `BOARD_RANKS`), the best non-flush high of each ordered hole rank pair ``13 * a + b``, flattened."""
    rows = np.array([_HIGH_ROWS[int(key)] for key in _MULTISET_KEYS], np.uint16)
    rows.setflags(write=False)
    return rows.reshape(-1)
