"""What happens in a tournament between and after hands, as values a server broadcasts: seats drawn, players
moved, tables broken, busts with their places and prizes, levels, hand-for-hand on and off, the end."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import attrs

from engine.rules import Rules


def _tuple(value: Iterable[Any]) -> tuple[Any, ...]:
    """A JSON list read back as the tuple the event holds."""
    return tuple(value)


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
    hand (with ``mixed_with``, the two games in turn by orbit)."""

    level: int
    rules: Rules
    mixed_with: Rules | None = None


@attrs.frozen(slots=True)
class TableOpened:
    """A new ``table`` opened for a late entry or a re-entry: every seat of the others was taken (balancing fills
    it from the fullest tables)."""

    table: int


@attrs.frozen(slots=True)
class RegistrationClosed:
    """Late registration and re-entry closed at the end of their last level, with ``entries`` entries."""

    entries: int


@attrs.frozen(slots=True)
class RebuysClosed:
    """The rebuy period is over; ``addon`` names the players who may take the add-on before their next hand
    (empty when the structure has none)."""

    addon: tuple[str, ...] = attrs.field(default=(), converter=_tuple)


@attrs.frozen(slots=True)
class PrizePoolFixed:
    """No more money can come in (registration, rebuys and the add-on are over): the ``pool`` and the ``prizes``
    of the paid places, first place first. Places already given are paid now. (A tournament without late
    registration, rebuys or add-ons has its pool fixed from the start, and no such event.)"""

    pool: int
    prizes: tuple[int, ...] = attrs.field(converter=_tuple)


@attrs.frozen(slots=True)
class HandForHand:
    """Hand-for-hand play begins (``on``) on the money bubble, or ends: while on, each table deals one hand and
    waits until every table has finished its hand."""

    on: bool


@attrs.frozen(slots=True)
class Rebought:
    """``name`` (entry ``entry``) bought ``chips`` more for ``cost`` prize money: ``kind`` "rebuy" or "addon"."""

    name: str
    chips: int
    kind: str
    entry: int = 1
    cost: int = 0


@attrs.frozen(slots=True)
class TournamentOver:
    """``winner`` has every chip: 1st place and ``prize``."""

    winner: str
    prize: int


TournamentEvent = (
    Seated
    | Moved
    | TableBroken
    | FinalTable
    | Busted
    | LevelChanged
    | HandForHand
    | Rebought
    | TournamentOver
    | TableOpened
    | RegistrationClosed
    | RebuysClosed
    | PrizePoolFixed
)
