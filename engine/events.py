"""Everything that happens in a hand, as values, in order: a server broadcasts them, a history writer writes
them, a replay checks them. Chance is explicit (cards dealt and burned are events), as in OpenSpiel."""

from __future__ import annotations

import attrs

from engine.cards import Card


@attrs.frozen(slots=True)
class Posted:
    """A forced bet: ``kind`` is "ante", "small blind" or "big blind"."""

    seat: int
    kind: str
    amount: int
    all_in: bool


@attrs.frozen(slots=True)
class HoleDealt:
    seat: int
    cards: tuple[Card, ...]


@attrs.frozen(slots=True)
class Burned:
    card: Card


@attrs.frozen(slots=True)
class BoardDealt:
    street: int
    cards: tuple[Card, ...]


@attrs.frozen(slots=True)
class Acted:
    """A player's action. ``to`` is their bet this round afterwards; ``added`` the chips it cost."""

    seat: int
    action: str
    to: int
    added: int
    all_in: bool


@attrs.frozen(slots=True)
class BetReturned:
    """The uncalled part of a bet, given back before the pots are built."""

    seat: int
    amount: int


@attrs.frozen(slots=True)
class Shown:
    seat: int
    cards: tuple[Card, ...]


@attrs.frozen(slots=True)
class Mucked:
    seat: int


@attrs.frozen(slots=True)
class RakeTaken:
    amount: int


@attrs.frozen(slots=True)
class PotAwarded:
    """Chips from pot ``pot`` (0 is the main pot) to ``seat``; ``share`` is "high", "low", "high and low" or "all"
    (the whole pot: no low half, or no other claimant)."""

    pot: int
    seat: int
    amount: int
    share: str


Event = Posted | HoleDealt | Burned | BoardDealt | Acted | BetReturned | Shown | Mucked | RakeTaken | PotAwarded
