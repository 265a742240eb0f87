"""What one seat may know: its own cards, the board, stacks, bets, pots, whose turn, its legal actions, and
the public history. Never another player's face-down cards, mucked cards, or the deck order."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from engine.state import HandState

SeatView = Any  # replaced by the real view type (issue: tables and game servers)


def seat_view(state: HandState, seat: int) -> SeatView:
    raise NotImplementedError("seat views are not written yet")
