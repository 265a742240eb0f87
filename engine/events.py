"""Everything that happens in a hand, as values, in order: a server broadcasts them, a history writer writes
them, a replay checks them. Chance is explicit (cards dealt and burned are events), as in OpenSpiel."""

from __future__ import annotations

import attrs

from engine.actions import Verb
from engine.cards import Card
from engine.order import Street
from engine.rules import PostKind


@attrs.frozen(slots=True)
class Posted:
    """A forced bet of kind ``kind``; ``amount`` what was paid (less than due when it is all in)."""

    seat: int
    kind: PostKind
    amount: int
    all_in: bool


@attrs.frozen(slots=True)
class HoleDealt:
    """A seat's hole cards dealt (only the seat itself and a finished hand's record may see them)."""

    seat: int
    cards: tuple[Card, ...]


@attrs.frozen(slots=True)
class Burned:
    """A card burned before a street: part of the deck's record, shown to nobody."""

    card: Card


@attrs.frozen(slots=True)
class BoardDealt:
    """Cards dealt to board ``board`` (0 unless the hand has several boards: see `HandState.boards`)."""

    street: Street
    cards: tuple[Card, ...]
    board: int = 0


@attrs.frozen(slots=True)
class Acted:
    """A player's action. ``to`` is their bet this round afterwards; ``added`` the chips it cost."""

    seat: int
    action: Verb
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
    """A seat's hand shown at the showdown: public from then on."""

    seat: int
    cards: tuple[Card, ...]


@attrs.frozen(slots=True)
class Mucked:
    """A seat's hand thrown away unshown at the showdown: its cards stay private."""

    seat: int


@attrs.frozen(slots=True)
class RakeTaken:
    """The house's rake taken from the pots before they are paid."""

    amount: int


@attrs.frozen(slots=True)
class PotAwarded:
    """Chips from pot ``pot`` (0 is the main pot) to ``seat``; ``share`` is "high", "low", "high and low" or "all"
    (the whole pot: no low half, or no other claimant); ``board`` the board whose share it is."""

    pot: int
    seat: int
    amount: int
    share: str
    board: int = 0


@attrs.frozen(slots=True)
class RunChosen:
    """With players all in before the river: how many times ``seat`` agreed to run the rest of the board."""

    seat: int
    times: int


Event = (
    Posted | HoleDealt | Burned | BoardDealt | Acted | BetReturned | Shown | Mucked | RakeTaken | PotAwarded | RunChosen
)
