"""The pluggable betting structures. Each is a small value with one job: given the spot a player is in,
say how much they may wager (bet or raise to) and whether a wager counts as a full bet or raise.

The hand state owns the round's bookkeeping (who has acted, the current level); a structure only answers
questions about amounts, so a new structure never touches the state machine.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import ClassVar, NamedTuple

import attrs

from engine.errors import RulesError
from engine.order import Street
from engine.validate import chips, flag, whole

_FLOP = Street.FLOP  # a module name: read on every decision, cheaper than the enum's attribute


class Spot(NamedTuple):
    """What a structure needs to know about the player to act.

    ``level`` is the bet every player must match this round; ``full_level`` the level set by the last full
    bet or raise (a short all-in may sit above it); ``min_raise`` the size of the last full bet or raise;
    ``wagers`` how many full bets and raises the round has seen (the preflop big blind counts as one);
    ``pot`` every chip put in so far, this round's bets included; ``stake`` the player's bet this round and
    ``stack`` what they have behind it.
    """

    street: Street
    level: int
    full_level: int
    min_raise: int
    wagers: int
    pot: int
    stake: int
    stack: int
    players_in: int
    big_blind: int


class BettingStructure(ABC):
    """What the hand state asks a betting structure about a round (a `Spot`), and what everyone else asks about
    the structure itself: its name, its fixed bets if it has them, what a straddle may be. FixedLimit, PotLimit
    and NoLimit answer; a new structure subclasses this and answers the same, so no caller lists the
    structures (docs/betting.md)."""

    __slots__ = ()

    name: ClassVar[str]
    """The game's word for the structure: "limit", "pot-limit", "no-limit" (`engine.games`, reports)."""
    title: ClassVar[str]
    """How card rooms and hand histories write it: "Limit", "Pot Limit", "No Limit"."""

    @abstractmethod
    def wager_range(self, spot: Spot) -> tuple[int, int] | None:
        """The (min, max) a bet or raise may bring the player's total to, or None when they may not wager."""

    @abstractmethod
    def is_full(self, spot: Spot, to: int) -> bool:
        """Whether a wager to ``to`` counts as a full bet or raise (it reopens the betting, and in fixed
        limit counts toward the cap). Short all-ins do not."""

    @abstractmethod
    def next_min_raise(self, spot: Spot, to: int) -> int:
        """The size of a full raise after a full wager to ``to``."""

    @abstractmethod
    def reopen_threshold(self, spot: Spot) -> int:
        """How far short all-ins together must raise the level before a player who has acted may raise again."""

    @abstractmethod
    def round_min_raise(self, street: Street, level: int, big_blind: int) -> int:
        """The size of a full bet or raise when a betting round opens at ``level`` (the blinds' and straddles'
        bet preflop, 0 after)."""

    @abstractmethod
    def straddle_range(self, level: int, pot: int) -> tuple[int, int | None]:
        """What a straddle over a bet of ``level`` (with ``pot`` chips in) may post: (least, most), the most
        None when there is no cap. A straddle is a full raise of the bet before it (docs/straddles.md)."""

    @property
    def fixed_bets(self) -> tuple[int, int] | None:
        """The (small, big) bet of a fixed-bet structure; None when bets are sized by the player."""
        return None

    def bet_size(self, street: Street) -> int | None:
        """The one bet size on ``street`` in a fixed-bet structure; None when bets are sized by the player."""
        return None

    @property
    def raise_cap(self) -> int | None:
        """How many raises a round allows after the bet (None: no cap)."""
        return None

    @property
    def cap_lifted_heads_up(self) -> bool:
        """Whether the raise cap is lifted while only two players are in the hand."""
        return False

    def check_big_blind(self, big_blind: int) -> None:
        """Raise RulesError when a game with this big blind cannot be played under this structure."""
        return  # any big blind will do, unless the structure says otherwise


@attrs.frozen(slots=True)
class FixedLimit(BettingStructure):
    """Bets and raises of exactly one small bet (preflop, flop) or one big bet (turn, river).

    A round allows one bet and ``max_raises`` raises (three by default; WSOP limit events use four). With
    ``uncapped_heads_up`` the cap is lifted while only two players are in the hand. Short all-ins follow the
    half-bet rule: half a bet or more counts as a full bet or raise, less does not.
    """

    name: ClassVar[str] = "limit"
    title: ClassVar[str] = "Limit"

    small_bet: int
    big_bet: int
    max_raises: int = 3
    uncapped_heads_up: bool = False

    def __attrs_post_init__(self) -> None:
        chips(self.small_bet, "small_bet", minimum=1, error=RulesError)
        chips(self.big_bet, "big_bet", minimum=1, error=RulesError)
        if self.big_bet < self.small_bet:
            raise RulesError(
                f"big_bet ({self.big_bet}) cannot be below small_bet ({self.small_bet}): the turn and "
                "river bet is at least the preflop and flop bet"
            )
        whole(self.max_raises, "max_raises (raises allowed after the bet)", minimum=0, error=RulesError)
        flag(self.uncapped_heads_up, "uncapped_heads_up", error=RulesError)

    def bet_size(self, street: Street) -> int:
        """The fixed bet on a street: the small bet preflop and on the flop, the big bet on the turn and river."""
        return self.small_bet if street <= _FLOP else self.big_bet

    def wager_range(self, spot: Spot) -> tuple[int, int] | None:
        """The one allowed total: the last full level plus one bet, or all in for less; None when capped."""
        street, level, full_level, _, wagers, _, stake, stack, players_in, _ = spot
        if wagers > self.max_raises and not (self.uncapped_heads_up and players_in == 2):
            return None  # capped
        target = full_level + (self.small_bet if street <= _FLOP else self.big_bet)
        all_in = stake + stack
        if all_in <= level:
            return None
        to = target if target < all_in else all_in
        return (to, to)

    def is_full(self, spot: Spot, to: int) -> bool:
        """A completion to the full bet or raise counts; so does an all-in raising the level by half a bet
        or more (the half-bet rule). Short all-ins are judged one at a time, by what each one adds."""
        size = self.bet_size(spot.street)
        return to >= spot.full_level + size or 2 * (to - spot.level) >= size

    def next_min_raise(self, spot: Spot, to: int) -> int:
        """The next raise is always one more bet of this street's size."""
        return self.bet_size(spot.street)

    def reopen_threshold(self, spot: Spot) -> int:
        """Short all-ins must add up to one bet of this street's size to reopen the betting."""
        return self.bet_size(spot.street)

    def round_min_raise(self, street: Street, level: int, big_blind: int) -> int:
        """Every full bet or raise is one bet of the street's size, whatever was posted."""
        return self.bet_size(street)

    def straddle_range(self, level: int, pot: int) -> tuple[int, int | None]:
        """Exactly one small bet more than the bet before it."""
        return level + self.small_bet, level + self.small_bet

    @property
    def fixed_bets(self) -> tuple[int, int]:
        return (self.small_bet, self.big_bet)

    @property
    def raise_cap(self) -> int:
        return self.max_raises

    @property
    def cap_lifted_heads_up(self) -> bool:
        return self.uncapped_heads_up

    def check_big_blind(self, big_blind: int) -> None:
        """The big blind is at most the small bet: it counts as the preflop bet."""
        if big_blind > self.small_bet:
            raise RulesError(
                f"in fixed limit the big blind ({big_blind}) cannot exceed the small bet ({self.small_bet})"
            )


def _big_bet_range(spot: Spot, pot_limit: bool) -> tuple[int, int] | None:
    """Shared by pot limit and no limit: from the minimum bet or raise to the all-in, capped at the size of the
    pot in pot limit. (Written with plain comparisons: it runs for every decision.)"""
    _, level, _, min_raise, _, pot, stake, stack, _, big_blind = spot
    all_in = stake + stack
    if all_in <= level:
        return None
    minimum = level + min_raise if level else big_blind if big_blind > 1 else 1
    if all_in <= minimum:
        return (all_in, all_in)
    top = all_in
    if pot_limit:
        cap = level + pot + level - stake  # the current bet, plus the pot once the raiser has called
        if cap < top:
            top = cap if cap > minimum else minimum
    return (minimum, top)


def _big_bet_is_full(spot: Spot, to: int) -> bool:
    if spot.level == 0:
        return to >= max(spot.big_blind, 1)
    return to - spot.level >= spot.min_raise


class _BigBet(BettingStructure):
    """What pot limit and no limit share: a full bet or raise is at least the big blind (or the last full
    raise), and short all-ins reopen the betting only when together they add up to a full raise."""

    __slots__ = ()

    def is_full(self, spot: Spot, to: int) -> bool:
        """Whether the wager raises by at least the minimum raise (a short all-in does not reopen)."""
        return _big_bet_is_full(spot, to)

    def next_min_raise(self, spot: Spot, to: int) -> int:
        """The next raise must be at least as large as this one."""
        return to - spot.level

    def reopen_threshold(self, spot: Spot) -> int:
        """Short all-ins must add up to the last full raise to reopen the betting."""
        return spot.min_raise

    def round_min_raise(self, street: Street, level: int, big_blind: int) -> int:
        """The big blind, or a bigger straddle preflop (it is the big blind of that round)."""
        return max(level, big_blind, 1)


@attrs.frozen(slots=True)
class PotLimit(_BigBet):
    """A bet or raise of at least the big blind (or the last full raise), at most the size of the pot:
    the raise may bring the total to the current bet + (every chip in the pot, this round's bets included,
    + the amount the raiser must first call)."""

    name: ClassVar[str] = "pot-limit"
    title: ClassVar[str] = "Pot Limit"

    def straddle_range(self, level: int, pot: int) -> tuple[int, int | None]:
        """From twice the bet before it to a pot-size raise."""
        return 2 * level, level + pot + level

    def wager_range(self, spot: Spot) -> tuple[int, int] | None:
        """From the minimum bet or raise to a pot-size raise (the pot once the raiser has called), or all in."""
        return _big_bet_range(spot, True)


@attrs.frozen(slots=True)
class NoLimit(_BigBet):
    """A bet or raise of at least the big blind (or the last full raise), up to the whole stack."""

    name: ClassVar[str] = "no-limit"
    title: ClassVar[str] = "No Limit"

    def straddle_range(self, level: int, pot: int) -> tuple[int, int | None]:
        """Twice the bet before it or more."""
        return 2 * level, None

    def wager_range(self, spot: Spot) -> tuple[int, int] | None:
        """From the minimum bet or raise to the whole stack, or all in for less."""
        return _big_bet_range(spot, False)
