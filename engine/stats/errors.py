"""The statistics' one error type."""

from __future__ import annotations

from engine.errors import EngineError


class StatsError(EngineError):
    """Statistics that cannot be worked out as asked: a file that cannot be read or holds no hand, a hand the
    engine cannot replay (or that ends otherwise than its record says), a player no hand has, a hand that is
    not finished or whose names do not match its seats."""
