"""The two orders of a hand: the streets in time, and the seats around the table.

The bottom of the engine: betting structures, the state machine, the showdown and the bots' views all
speak of streets and of seats in clockwise order, so both live here, below them all.
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import IntEnum


class Street(IntEnum):
    """Where a hand is: blinds, the four betting streets, the showdown, settled (in that order)."""

    BLINDS = 0
    PREFLOP = 1
    FLOP = 2
    TURN = 3
    RIVER = 4
    SHOWDOWN = 5
    SETTLED = 6


MAX_PLAYERS = 10
"""The most players a hand may have: the clockwise orders below are worked out once for every size up to it."""

CLOCKWISE = tuple(tuple(tuple((start + i) % n for i in range(n)) for start in range(n)) for n in range(MAX_PLAYERS + 1))
"""``CLOCKWISE[n][start]``: every seat of an ``n``-seat table in clockwise order from ``start``."""


def seat_order_from(start: int, seats: Iterable[int], players: int) -> list[int]:
    """``seats`` in clockwise order beginning at ``start`` (taken modulo ``players``)."""
    chosen = set(seats)
    return [seat for seat in CLOCKWISE[players][start % players] if seat in chosen]
