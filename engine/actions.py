"""What a player can do. ``Bet(to)`` and ``Raise(to)`` name the total the player's bet this round becomes."""

from __future__ import annotations

from enum import StrEnum

import attrs

from engine.errors import IllegalAction
from engine.validate import MAX_EXACT, chips, whole


def _to(value: object) -> int:
    if type(value) is int and 0 < value <= MAX_EXACT:  # the common case without a call (one action per decision)
        return value
    return chips(value, "a bet or raise's total to bet", minimum=1, error=IllegalAction)


class Word(StrEnum):
    """A closed set of words that hand histories and JSON documents write: a member is its word (so it reads,
    compares and serializes as the plain string), and its repr names the member, so it pastes back as code."""

    def __repr__(self) -> str:
        return f"{type(self).__name__}.{self.name}"


class Verb(Word):
    """What a player did, in one word: an `Acted` event's ``action`` and `LegalActions`' ``wager``. The words
    are the ones histories and JSON documents write (a `StrEnum` member is its word)."""

    FOLD = "fold"
    CHECK = "check"
    CALL = "call"
    BET = "bet"
    RAISE = "raise"


class _Plain:
    """An action with no amount: it reads as its own name ("fold", "show")."""

    __slots__ = ()

    def __str__(self) -> str:
        return type(self).__name__.lower()


@attrs.frozen(slots=True)
class Fold(_Plain):
    """Give up the hand and every claim to its pots."""


@attrs.frozen(slots=True)
class Check(_Plain):
    """Pass the action on without betting, allowed when there is nothing to call."""


@attrs.frozen(slots=True)
class Call(_Plain):
    """Match the current bet (all in for less when the stack is short)."""


@attrs.frozen(slots=True)
class Bet:
    """Open the betting on a street: ``to`` is the total the player's bet this round becomes."""

    to: int = attrs.field(converter=_to)

    def __str__(self) -> str:
        return f"bet {self.to}"


@attrs.frozen(slots=True)
class Raise:
    """Raise the current bet: ``to`` is the total the player's bet this round becomes ("raise to")."""

    to: int = attrs.field(converter=_to)

    def __str__(self) -> str:
        return f"raise to {self.to}"


@attrs.frozen(slots=True)
class Show(_Plain):
    """At a manual showdown: turn the hand face up and claim the pots it can win."""


@attrs.frozen(slots=True)
class Muck(_Plain):
    """At a manual showdown: throw the hand away unseen, giving up every claim."""


def _times(value: object) -> int:
    return whole(value, "the times to run the board", minimum=1, maximum=3, error=IllegalAction)


@attrs.frozen(slots=True)
class RunIt:
    """When players are all in before the river: how many times this player agrees to run the rest of the
    board (1 declines). The board is run as many times as the lowest choice."""

    times: int = attrs.field(converter=_times)

    def __str__(self) -> str:
        return "run it once" if self.times == 1 else f"run it {('twice', 'three times')[self.times - 2]}"


Action = Fold | Check | Call | Bet | Raise | Show | Muck | RunIt
"""Any one action a player may take: the type of what `HandState.apply` and a bot's ``act`` deal in."""

PLAIN_ACTIONS: dict[type, Action] = {kind: kind() for kind in (Fold, Check, Call, Show, Muck)}
"""One shared instance of each action without an amount: a hand's actions and the legal actions' lists hold
these, whoever made the action."""
