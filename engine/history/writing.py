"""What the PokerStars and OHH writers share: a finished hand as its record and its engine state, with the names
and seat numbers to write."""

from __future__ import annotations

from engine.history.record import HandRecord
from engine.state import HandState


class RecordWriter:
    """The start of a writer: the record (names, seats, cards known, reveals), the engine's finished state and
    its result, the record's extra fields as a dict, and the players' ``names`` and seat ``labels`` (the
    record's own when it has one for each seat, else "Player1", "Player2", ... and 1..n)."""

    def __init__(self, record: HandRecord, state: HandState) -> None:
        assert state.result is not None, "a writer writes a finished hand"
        self.record, self.state, self.result = record, state, state.result
        self.fields = dict(record.fields)
        n = len(record.starting_stacks)
        self.names = record.players if len(record.players) == n else tuple(f"Player{i + 1}" for i in range(n))
        self.labels = record.seat_labels if record.seat_labels is not None and len(record.seat_labels) == n \
            else tuple(range(1, n + 1))
