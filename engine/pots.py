"""Side pots and uncalled bets: pure functions of the players' contributions.

A pot is one layer of the contributions: each all-in amount of a player still in the hand closes a layer, and
a player is eligible for every layer up to their own contribution. Folded players' chips stay in the layers
they reached; folded players are eligible for nothing.
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs


@attrs.frozen(slots=True)
class Pot:
    """``amount`` chips that only the ``eligible`` seats can win (the main pot is the first)."""

    amount: int
    eligible: tuple[int, ...]


def build_pots(contributed: Sequence[int], live: Sequence[bool]) -> tuple[Pot, ...]:
    """The main pot and side pots from each seat's total contribution; ``live[seat]`` is False once folded.

    Layers with the same eligible players are merged, so a pot exists only where a different set of
    players can win it. Chips above the largest live contribution (only possible while bets are still
    open) fall in the last pot.
    """
    levels = sorted({c for c, alive in zip(contributed, live, strict=True) if alive and c > 0})
    pots: list[Pot] = []
    floor = 0
    for i, level in enumerate(levels):
        top = level if i < len(levels) - 1 else max(contributed)
        amount = sum(min(c, top) - min(c, floor) for c in contributed)
        eligible = tuple(seat for seat, c in enumerate(contributed) if live[seat] and c >= level)
        if pots and pots[-1].eligible == eligible:
            pots[-1] = Pot(pots[-1].amount + amount, eligible)
        elif amount:
            pots.append(Pot(amount, eligible))
        floor = top
    total: int = sum(contributed)
    if not levels and total:
        pots.append(Pot(total, ()))
    return tuple(pots)


def uncalled_bet(bets: Sequence[int]) -> tuple[int, int] | None:
    """(seat, amount) of the part of the largest bet that nobody matched, or None when every bet was called."""
    if not bets:
        return None
    top = max(bets)
    seat = bets.index(top)
    second = max((b for i, b in enumerate(bets) if i != seat), default=0)
    return (seat, top - second) if top > second else None
