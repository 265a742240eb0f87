"""What happens in a tournament between and after hands, as values a server broadcasts: seats drawn, players
moved, tables broken, busts with their places and prizes, levels, hand-for-hand on and off, the end."""

from __future__ import annotations

import attrs

from engine.rules import Rules


@attrs.frozen(slots=True)
class Seated:
    """``name`` drew ``seat`` at ``table`` (at the start, or a late registration or re-entry: ``reason``
    "draw", "late" or "reentry"). ``waiting``: their seat is between the small blind and the button, so they are
    dealt in once the button has passed them."""

    name: str
    table: int
    seat: int
    reason: str = "draw"
    waiting: bool = False


@attrs.frozen(slots=True)
class Moved:
    """``name`` moved with their stack from ``from_table``/``from_seat`` to ``to_table``/``to_seat``:
    ``reason`` "balance" (the next big blind of the fullest table to the worst seat of the shortest) or "break"
    (a new seat drawn at random when their table broke). ``waiting`` as in `Seated`."""

    name: str
    stack: int
    from_table: int
    from_seat: int
    to_table: int
    to_seat: int
    reason: str
    waiting: bool = False


@attrs.frozen(slots=True)
class TableBroken:
    """``table`` broke: the others had seats for its players (the `Moved` events that follow say where)."""

    table: int


@attrs.frozen(slots=True)
class FinalTable:
    """The players fit at one table: ``table`` is the final table, with ``players`` left."""

    table: int
    players: int


@attrs.frozen(slots=True)
class Busted:
    """``name`` (entry ``entry``: 1 for the first, 2 for a re-entry...) is out at ``table``: places ``first`` to
    ``last`` (equal when they have a place alone; a range when they share it with others who busted at the same
    time), paid ``prize``."""

    name: str
    entry: int
    table: int
    first: int
    last: int
    prize: int


@attrs.frozen(slots=True)
class LevelChanged:
    """Level ``level`` (an index into the structure's levels) began: its ``rules`` apply from each table's next
    hand."""

    level: int
    rules: Rules


@attrs.frozen(slots=True)
class HandForHand:
    """Hand-for-hand play begins (``on``) on the money bubble, or ends: while on, each table deals one hand and
    waits until every table has finished its hand."""

    on: bool


@attrs.frozen(slots=True)
class Rebought:
    """``name`` bought ``chips`` more: ``kind`` "rebuy" or "addon"."""

    name: str
    chips: int
    kind: str


@attrs.frozen(slots=True)
class TournamentOver:
    """``winner`` has every chip: 1st place and ``prize``."""

    winner: str
    prize: int


TournamentEvent = (
    Seated | Moved | TableBroken | FinalTable | Busted | LevelChanged | HandForHand | Rebought | TournamentOver
)
