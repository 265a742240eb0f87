"""The all-in-adjusted net of the statistics, from `engine.equity.allin.all_in_ev`: a hand all in before the
river counts each pot by its claimants' hi-lo equity when the money went in (see that module); any other hand
counts its actual net. engine.equity needs numpy (the equity extra); `available()` says whether it is there.
"""

from __future__ import annotations

import importlib
from typing import Any

from engine.state import HandState
from engine.stats.errors import StatsError
from engine.validate import quote


def _allin_module() -> Any:
    try:
        return importlib.import_module("engine.equity.allin")
    except ImportError:  # numpy is missing: the equity extra is not installed
        return None


def available() -> bool:
    """Whether the all-in-adjusted net can be worked out here (engine.equity and numpy import)."""
    return _allin_module() is not None


def adjusted_net(hand: HandState) -> tuple[float, ...]:
    """Each seat's all-in-adjusted net for a finished hand, in chips: `all_in_ev`'s adjusted net when the
    hand was all in before the river, its actual net otherwise. Raises ImportError without numpy."""
    module = _allin_module()
    if module is None:
        raise ImportError("the all-in-adjusted net needs numpy (pip install 'omaha-hilo-engine[equity]')")
    result = hand.result if isinstance(hand, HandState) else None
    if result is None:
        raise StatsError(f"adjusted_net needs a finished hand (a HandState played to the end), got {quote(hand)}")
    ev = module.all_in_ev(hand)
    if ev is None:
        return tuple(float(chips) for chips in result.net)
    return tuple(float(chips) for chips in ev.adjusted)
