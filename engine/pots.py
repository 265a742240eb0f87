"""Side pots and uncalled bets: pure functions of the players' contributions.

A pot is one layer of the players' total contributions (antes and dead blinds included): each all-in amount
of a player still in the hand closes a layer, and an all-in player is eligible for every layer up to their own
contribution; a player still in with chips behind has matched every bet and is eligible for every layer (so a
dead blind, which makes one player's total larger than the others', closes no layer). Folded players' chips
stay in the layers they reached; folded players are eligible for nothing.
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from engine.errors import RulesError
from engine.order import MAX_PLAYERS
from engine.validate import is_whole, quote, whole


@attrs.frozen(slots=True)
class Pot:
    """``amount`` chips that only the ``eligible`` seats can win (the main pot is the first)."""

    amount: int
    eligible: tuple[int, ...]

    def __attrs_post_init__(self) -> None:
        whole(self.amount, "a pot's amount (chips)", minimum=0, error=RulesError)
        seats(self.eligible, "a pot's eligible seats")


def seats(value: object, what: str) -> tuple[int, ...]:
    """Seat indexes in increasing order, as a tuple: how pots and results name players."""
    if (
        type(value) is tuple
        and set(map(type, value)) <= _PLAIN_INTS
        and list(value) == sorted(set(value))
        and (not value or (value[0] >= 0 and value[-1] < MAX_PLAYERS))
    ):
        return value  # the quick test, without a call per seat: the engine makes pots at every settlement
    if (
        not isinstance(value, tuple)
        or not all(is_whole(seat, minimum=0, maximum=MAX_PLAYERS - 1) for seat in value)
        or list(value) != sorted(set(value))
    ):
        raise RulesError(f"{what} must be a tuple of distinct seat indexes in increasing order, got {quote(value)}")
    return value


_PLAIN_INTS = frozenset((int,))


def _flags(value: object, what: str, players: int) -> None:
    if (
        isinstance(value, (str, bytes))
        or not isinstance(value, Sequence)
        or len(value) != players
        or not all(isinstance(item, bool) for item in value)
    ):
        raise RulesError(f"{what} must be a sequence of {players} True/False values, one per seat, got {quote(value)}")


def build_pots(
    contributed: Sequence[int], live: Sequence[bool], all_in: Sequence[bool] | None = None
) -> tuple[Pot, ...]:
    """The main pot and side pots. ``contributed`` is each seat's total put in, ``live[seat]`` False once
    folded, ``all_in[seat]`` True when the seat has no chips behind.

    Without ``all_in``, every live contribution closes a layer (as if every player still in were all-in),
    which is what the pots look like while bets are still open. Layers with the same eligible players are
    merged, so a pot exists only where a different set of players can win it.
    """
    if (
        isinstance(contributed, (str, bytes))
        or not isinstance(contributed, Sequence)
        or not (1 <= len(contributed) <= MAX_PLAYERS)
    ):
        raise RulesError(f"contributed must be a sequence of chip counts, one per seat, got {quote(contributed)}")
    players = len(contributed)
    for seat, chips in enumerate(contributed):
        whole(chips, f"seat {seat}'s contribution (chips)", minimum=0, error=RulesError)
    _flags(live, "live", players)
    if all_in is not None:
        _flags(all_in, "all_in", players)
    return layered_pots(contributed, live, all_in)


def layered_pots(
    contributed: Sequence[int], live: Sequence[bool], all_in: Sequence[bool] | None = None
) -> tuple[Pot, ...]:
    """`build_pots` for the hand state's own tuples, which are right by construction: it skips the input
    checks, which would otherwise cost every hand (a pot is built when views are made and at every
    settlement)."""
    players = len(contributed)
    if all_in is not None and not any(short and alive for short, alive in zip(all_in, live, strict=True)):
        # Nobody still in is all in (most hands): one pot, which every player still in can win.
        total = sum(contributed)
        return (Pot(total, tuple([seat for seat in range(players) if live[seat]])),) if total else ()
    capped = all_in if all_in is not None else [True] * players
    top = max(contributed, default=0)
    levels = sorted(
        {c for c, alive, short in zip(contributed, live, capped, strict=True) if alive and short and c > 0} | {top}
    )
    pots: list[Pot] = []
    floor = 0
    for level in levels:
        amount = sum(min(c, level) - min(c, floor) for c in contributed)
        eligible = tuple(
            seat for seat in range(players) if live[seat] and (contributed[seat] >= level or not capped[seat])
        )
        if pots and pots[-1].eligible == eligible:
            pots[-1] = Pot(pots[-1].amount + amount, eligible)
        elif amount:
            pots.append(Pot(amount, eligible))
        floor = level
    while len(pots) > 1 and not pots[-1].eligible:
        # Chips above every live player's contribution (only while bets are open) belong with the layer below.
        last = pots.pop()
        pots[-1] = Pot(pots[-1].amount + last.amount, pots[-1].eligible)
    return tuple(pots)


def pots_in_play(
    contributed: Sequence[int], bets: Sequence[int], folded: Sequence[bool], stacks: Sequence[int]
) -> tuple[Pot, ...]:
    """The pots of a hand in play, from its chips: what each seat put in less this round's bets (which are
    not in the pots yet), layered at the all-in amounts of the seats still in."""
    gathered = [put - bet for put, bet in zip(contributed, bets, strict=True)]
    return layered_pots(gathered, [not out for out in folded], [not chips for chips in stacks])


def final_pots(contributed: Sequence[int], folded: Sequence[bool], stacks: Sequence[int]) -> tuple[Pot, ...]:
    """The pots of a hand whose betting is over, from its chips: layers close only at all-in amounts."""
    return layered_pots(contributed, [not out for out in folded], [not chips for chips in stacks])


def uncalled_bet(bets: Sequence[int]) -> tuple[int, int] | None:
    """(seat, amount) of the part of the largest bet that nobody matched, or None when every bet was called."""
    if not bets:
        return None
    top = max(bets)
    if not top:
        return None  # nobody bet (a checked round)
    seat = bets.index(top)
    second = max((*bets[:seat], *bets[seat + 1 :]), default=0)
    return (seat, top - second) if top > second else None
