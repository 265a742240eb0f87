"""Tournaments above `Table`: sit-and-gos and multi-table tournaments (docs/tournaments.md).

`Tournament` is a pure value of many tables driven by its caller (deal a table's hand, report it finished, get
events back); `Structure` says what every entrant plays under; `payouts` and ICM price the places; the events
say what happened; `play_tournament` plays a whole one with bots.
"""

from engine.errors import PayoutError, TournamentError
from engine.tournament import json as _json  # noqa: F401  (teaches to_json/from_json the tournament documents)
from engine.tournament.core import Entry, Pending, Tournament
from engine.tournament.events import (
    Busted,
    FinalTable,
    HandForHand,
    LevelChanged,
    Moved,
    PrizePoolFixed,
    Rebought,
    RebuysClosed,
    RegistrationClosed,
    Seated,
    TableBroken,
    TableOpened,
    TournamentEvent,
    TournamentOver,
)
from engine.tournament.icm import EXACT_STATES, icm_deal, icm_equities
from engine.tournament.payouts import payouts, share, standard_payouts, standard_percentages
from engine.tournament.play import TournamentRun, play_tournament
from engine.tournament.structure import Structure

__all__ = [
    "EXACT_STATES",
    "Busted",
    "Entry",
    "FinalTable",
    "HandForHand",
    "LevelChanged",
    "Moved",
    "PayoutError",
    "Pending",
    "PrizePoolFixed",
    "Rebought",
    "RebuysClosed",
    "RegistrationClosed",
    "Seated",
    "Structure",
    "TableBroken",
    "TableOpened",
    "Tournament",
    "TournamentError",
    "TournamentEvent",
    "TournamentOver",
    "TournamentRun",
    "icm_deal",
    "icm_equities",
    "payouts",
    "play_tournament",
    "share",
    "standard_payouts",
    "standard_percentages",
]
