"""What the PokerStars and OHH writers share: a finished hand as its record and its engine state, with the names
and seat numbers to write, and who collected what from which pot."""

from __future__ import annotations

from engine.errors import HistoryError
from engine.history.record import HandRecord
from engine.showdown import pot_shares
from engine.state import HandState
from engine.validate import quote


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
        self.labels = (
            record.seat_labels
            if record.seat_labels is not None and len(record.seat_labels) == n
            else tuple(range(1, n + 1))
        )

    def collected(self) -> list[tuple[int, int, int]]:
        """Who collected what from which pot, as (pot number, seat, chips), main pot first, each pot's high
        share(s) before its low share(s).

        The record's own lines are kept when they say their pot (PokerStars, OHH), or when the hand had one pot.
        A record that knows only what each player won in all (PHH's ``winnings``) says nothing about which pot
        paid it, so the pots' winners come from the replay, never from the totals; the totals must be what the
        replay paid, or the record is refused rather than written as something it does not say."""
        record, result = self.record, self.result
        if record.collected is None:
            return pot_shares(result)
        if len({pot.pot for pot in result.pots}) == 1 or all(pot is not None for pot, _, _ in record.collected):
            return [(pot or 0, seat, chips) for pot, seat, chips in record.collected]
        paid = [result.won(seat) for seat in range(len(self.state.stacks))]
        said = [sum(chips for _, s, chips in record.collected if s == seat) for seat in range(len(paid))]
        said += [chips for _, seat, chips in record.collected if not 0 <= seat < len(paid)]
        if said != paid:
            raise HistoryError(
                f"cannot write hand {quote(record.id)} pot by pot: the record's winnings "
                f"{[record.to_units(chips) for chips in said]} are not what its replay paid "
                f"({[record.to_units(chips) for chips in paid]})"
            )
        return pot_shares(result)
