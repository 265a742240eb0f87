"""Hand histories: records read from files (PHH, OHH and every site in `engine.history.formats`), replayed
through the engine's own rules and checked against what the record says happened, and engine hands written back
out (PHH, OHH, PokerStars text). docs/histories.md tells the whole path."""

from engine.history.record import HandRecord, Hands, RecordedShow
from engine.history.replay import ReplayReport, replay, replay_states

__all__ = ["HandRecord", "Hands", "RecordedShow", "ReplayReport", "replay", "replay_states"]
