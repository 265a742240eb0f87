"""Player statistics over hand histories: VPIP, PFR, 3-bet, aggression, showdowns, the hi-lo halves won, net
and bb/100 (definitions in docs/stats.md), counted on the engine's replayed hands, and a winnings graph.

The statistics need nothing beyond the engine; the graph needs matplotlib (the plot extra)."""

from engine.stats.errors import StatsError
from engine.stats.facts import SeatFacts, hand_facts
from engine.stats.players import PlayedHand, PlayerStats, Rate, player_stats
from engine.stats.sources import played_hands

__all__ = ["PlayedHand", "PlayerStats", "Rate", "SeatFacts", "StatsError", "hand_facts", "played_hands", "player_stats"]
