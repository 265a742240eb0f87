"""Hi-lo equity over the engine's evaluator: exact enumeration where it fits, Monte Carlo otherwise.

``engine.equity(players, board, dead, ...)`` (this module is callable, standing for `equity`) or
``from engine.equity import equity``. Needs numpy (``pip install "omaha-hilo-engine[equity]"``), which the
rest of the engine does not: the names below load on first use, so registering the ``equity`` command costs
nothing. See docs/equity.md.
"""

from __future__ import annotations

import importlib
import sys
import types
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from engine.equity.allin import AllInEV, all_in_ev
    from engine.equity.ranges import EquityError, Player, parse_player
    from engine.equity.result import EquityResult, Figures, PlayerEquity
    from engine.equity.solve import DEFAULT_TRIALS, EXACT_LIMIT, equity

_HOMES = {
    "EquityError": "ranges",
    "Player": "ranges",
    "parse_player": "ranges",
    "EquityResult": "result",
    "Figures": "result",
    "PlayerEquity": "result",
    "DEFAULT_TRIALS": "solve",
    "EXACT_LIMIT": "solve",
    "equity": "solve",
    "AllInEV": "allin",
    "all_in_ev": "allin",
}

__all__ = [
    "DEFAULT_TRIALS",
    "EXACT_LIMIT",
    "AllInEV",
    "EquityError",
    "EquityResult",
    "Figures",
    "Player",
    "PlayerEquity",
    "all_in_ev",
    "equity",
    "parse_player",
]


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module 'engine.equity' has no attribute {name!r}")
    value = getattr(importlib.import_module(f"engine.equity.{home}"), name)
    globals()[name] = value
    return value


class _CallableModule(types.ModuleType):
    """Lets ``engine.equity(...)`` call `equity`, as the issue and the docs write it."""

    def __call__(self, *args: Any, **kwargs: Any) -> EquityResult:
        return __getattr__("equity")(*args, **kwargs)  # type: ignore[no-any-return]


sys.modules[__name__].__class__ = _CallableModule
