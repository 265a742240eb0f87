"""Where players sit at a tournament table: the next button, the seats between it and the small blind (where a
player who arrives waits until the button has passed), the worst seat for a balanced player, and seating and
unseating a player with their stack. Pure functions over `Table` values; the table's own rules (the moving
button, a waiting player not dealt in) do the rest."""

from __future__ import annotations

import attrs

from engine.errors import TableError
from engine.rules import PostKind
from engine.table import Player, Table


def active(table: Table) -> list[int]:
    """The seats of players who will be dealt the next hand: with chips, not waiting."""
    return [seat for seat, p in table.players if p.stack > 0 and not p.waiting and not p.sitting_out]


def _first(table: Table, start: int, seats: list[int]) -> int:
    n = len(table.seats)
    return next((start + step) % n for step in range(n) if (start + step) % n in seats)


def positions(table: Table) -> tuple[int, int] | None:
    """(the next hand's button, the first player after it), or None when fewer than two players are ready.
    While a hand is in play, the next hand is the one after it (the button moves on one player). The first
    player after the button posts the small blind (heads-up: the big blind, the button posting the small)."""
    seats = active(table)
    if len(seats) < 2:
        return None
    start = table.hand.button + 1 if table.hand is not None else table.button
    button = _first(table, start, seats)
    return button, _first(table, button + 1, seats)


def between(size: int, start: int, end: int, seat: int) -> bool:
    """Whether ``seat`` is clockwise strictly between ``start`` and ``end`` at a table of ``size`` seats."""
    return 0 < (seat - start) % size < (end - start) % size


def waits(table: Table, seat: int) -> bool:
    """Whether a player arriving at empty ``seat`` waits: the seat is between the next button and the small
    blind, so dealing them in would put them in the small blind (or on the button) before the blinds reached
    them; they are dealt in once the button has passed."""
    found = positions(table)
    return found is not None and between(len(table.seats), found[0], found[1], seat)


def worst_seat(table: Table) -> int:
    """The empty seat that pays the big blind soonest, never one where the player would wait (the small
    blind's side of the button) unless no other seat is empty. TableError when no seat is empty."""
    empty = [seat for seat, p in enumerate(table.seats) if p is None]
    if not empty:
        raise TableError("the table has no empty seat")
    found = positions(table)
    if found is None:
        return empty[0]
    first = found[1]
    return min(empty, key=lambda seat: (seat - first) % len(table.seats))


def next_big_blind(table: Table) -> int:
    """The seat of the player who would post the big blind in the table's next hand (a table between hands with
    two or more players); the player after the small blind's seat when the game has no big blind post."""
    deal = table.next_deal()
    for post in deal.posts:
        if post.kind == PostKind.BIG_BLIND:
            return deal.seats[post.seat]
    return deal.seats[(deal.seats.index(deal.button) + 1) % len(deal.seats)]


def seat(table: Table, where: int, name: str, stack: int) -> tuple[Table, bool]:
    """``table`` with ``name`` seated at empty seat ``where`` with ``stack`` (counted as bought in at this
    table), dealt in from the next hand unless the seat is one where they wait; and whether they wait."""
    waiting = waits(table, where)
    seats = list(table.seats)
    seats[where] = Player(name, stack, waiting=waiting)
    return attrs.evolve(table, seats=seats, bought_in=table.bought_in + stack), waiting


def unseat(table: Table, where: int) -> tuple[Table, Player]:
    """``table`` without the player at ``where`` (between hands, or not dealt into the hand in play), and the
    player, who takes their stack with them (counted as cashed out at this table)."""
    player = table.seats[where]
    if player is None:
        raise TableError(f"seat {where} is empty")
    table, _ = table.leave(where).take_departures()
    return table, player


def release(table: Table) -> Table:
    """``table`` with every waiting player the button has passed dealt in from the next hand."""
    found = positions(table)
    size = len(table.seats)
    seats = list(table.seats)
    changed = False
    for where, player in table.players:
        if player.waiting and not (found is not None and between(size, found[0], found[1], where)):
            seats[where] = attrs.evolve(player, waiting=False)
            changed = True
    return attrs.evolve(table, seats=seats) if changed else table


def rebuy_seat(table: Table, where: int, name: str, stack: int, hand_button: int) -> Table:
    """``table`` (just after a hand) with ``name``, who busted in it from seat ``where``, back in that seat with
    the ``stack`` they rebought (counted as bought in), in the game at once, and the button moved on from the
    hand's button ``hand_button`` as if they had never left (they may be the next button)."""
    seats = list(table.seats)
    seats[where] = Player(name, stack)
    size = len(seats)
    in_game = [s for s, p in enumerate(seats) if p is not None and not p.sitting_out and not p.waiting]
    button = next((s for s in ((hand_button + step) % size for step in range(1, size + 1)) if s in in_game), where)
    return attrs.evolve(table, seats=seats, bought_in=table.bought_in + stack, button=button)
