"""An exact, fast, immutable Omaha Hi-Lo (8 or better) poker engine."""

from engine.actions import Action, Bet, Call, Check, Fold, Muck, Raise, RunIt, Show, Verb
from engine.betting import FixedLimit, NoLimit, PotLimit, Spot
from engine.cards import ALL_CARDS, Card, Deck, format_cards, make_card, parse_cards
from engine.errors import (
    CardError,
    EngineError,
    HistoryError,
    IllegalAction,
    PayoutError,
    RulesError,
    SerializationError,
    TableError,
    TournamentError,
)
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
from engine.pots import Pot, build_pots
from engine.rules import Post, PostKind, Rake, Rules, ShowdownPolicy, standard_posts
from engine.schedule import FixedGame, GameClock, Level, MixedOmaha, TournamentSchedule
from engine.serialize import action_from_json, from_json, to_json
from engine.showdown import HandResult, Payout, Portion, PotResult
from engine.state import Agreement, HandState, LegalActions, Street, start_hand
from engine.table import Player, Table, TableView
from engine.views import SeatView

__all__ = [
    "ALL_CARDS",
    "Action",
    "Agreement",
    "Bet",
    "BoardEvaluator",
    "Call",
    "Card",
    "CardError",
    "Check",
    "Deck",
    "EngineError",
    "FixedGame",
    "FixedLimit",
    "Fold",
    "GameClock",
    "HandResult",
    "HandState",
    "HighHand",
    "HistoryError",
    "IllegalAction",
    "LegalActions",
    "Level",
    "LowHand",
    "MixedOmaha",
    "Muck",
    "NoLimit",
    "Payout",
    "PayoutError",
    "Player",
    "Portion",
    "Post",
    "PostKind",
    "Pot",
    "PotLimit",
    "PotResult",
    "Raise",
    "Rake",
    "Rules",
    "RulesError",
    "RunIt",
    "SeatView",
    "SerializationError",
    "Show",
    "ShowdownPolicy",
    "Spot",
    "Street",
    "Table",
    "TableError",
    "TableView",
    "TournamentError",
    "TournamentSchedule",
    "Verb",
    "action_from_json",
    "best_high",
    "best_low",
    "build_pots",
    "format_cards",
    "from_json",
    "hi_lo_values",
    "high_value",
    "low_value",
    "make_card",
    "parse_cards",
    "standard_posts",
    "start_hand",
    "to_json",
]


def __getattr__(name: str) -> object:
    """``engine.equity`` loads on first use: it needs numpy (the equity extra), which the core does not."""
    if name == "equity":
        import importlib

        return importlib.import_module("engine.equity")
    raise AttributeError(f"module 'engine' has no attribute {name!r}")
