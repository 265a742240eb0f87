"""Hand histories: records read from files (PHH, PokerStars text), replayed through the engine's own rules and
checked against what the record says happened, and engine hands written back out."""

from engine.history.record import HandRecord, Reveal
from engine.history.replay import ReplayReport, replay

__all__ = ["HandRecord", "ReplayReport", "Reveal", "replay"]
