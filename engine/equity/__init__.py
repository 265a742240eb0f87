"""Hi-lo equity over the engine's evaluator: exact enumeration where it fits, Monte Carlo otherwise.

Needs numpy (``pip install "omaha-hilo-engine[equity]"``); the rest of the engine does not. See docs/equity.md.
"""

from engine.equity.ranges import EquityError, Player, parse_player
from engine.equity.result import EquityResult, Figures, PlayerEquity
from engine.equity.solve import DEFAULT_TRIALS, EXACT_LIMIT, equity

__all__ = ["DEFAULT_TRIALS", "EXACT_LIMIT", "EquityError", "EquityResult", "Figures", "Player", "PlayerEquity",
           "equity", "parse_player"]
