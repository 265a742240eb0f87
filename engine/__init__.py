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
