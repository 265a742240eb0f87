"""An exact, fast, immutable Omaha Hi-Lo (8 or better) poker engine."""

from engine.cards import ALL_CARDS, Card, Deck, format_cards, make_card, parse_cards
from engine.errors import CardError, EngineError, HistoryError, IllegalAction, RulesError
from engine.evaluation import (
    BoardEvaluator,
    HighHand,
    LowHand,
    best_high,
    best_low,
    hi_lo_values,
    high_value,
    low_value,
)

__all__ = [
    "ALL_CARDS",
    "BoardEvaluator",
    "Card",
    "CardError",
    "Deck",
    "EngineError",
    "HighHand",
    "HistoryError",
    "IllegalAction",
    "LowHand",
    "RulesError",
    "best_high",
    "best_low",
    "format_cards",
    "hi_lo_values",
    "high_value",
    "low_value",
    "make_card",
    "parse_cards",
]

from engine.actions import Action, Bet, Call, Check, Fold, Muck, Raise, Show  # noqa: E402
from engine.betting import FixedLimit, NoLimit, PotLimit, Spot  # noqa: E402
from engine.pots import Pot, build_pots  # noqa: E402
from engine.rules import Rake, Rules, ShowdownPolicy  # noqa: E402
from engine.showdown import HandResult, PotResult  # noqa: E402
from engine.state import HandState, LegalActions, Street, start_hand  # noqa: E402

__all__ += [
    "Action", "Bet", "Call", "Check", "FixedLimit", "Fold", "HandResult", "HandState", "LegalActions", "Muck",
    "NoLimit", "Pot", "PotLimit", "PotResult", "Raise", "Rake", "Rules", "Show", "ShowdownPolicy", "Spot",
    "Street", "build_pots", "start_hand",
]
