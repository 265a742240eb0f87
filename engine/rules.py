"""The game's description: what is posted, how many hole cards, hi-lo or high only, rake, showdown handling.

A `Rules` value is checked when it is made, so an impossible configuration fails at once with a message,
not halfway through a hand.
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal, InvalidOperation
from enum import StrEnum

import attrs

from engine.betting import BettingStructure, FixedLimit, NoLimit, PotLimit
from engine.errors import RulesError

MAX_PLAYERS = 10
DECK_SIZE = 52


class ShowdownPolicy(StrEnum):
    """How hands are revealed at the showdown.

    SHOW_ALL: every hand still in is shown (the default; what simulators and most servers do).
    MUCK_LOSERS: in showdown order, a hand is shown when it could still win or tie some part of a pot against
    the hands already shown, and mucked otherwise (a server's "auto-muck losing hands").
    MANUAL: each player in showdown order chooses `Show()` or `Muck()`; a mucked hand gives up every claim. When
    a player is all-in and the betting is over, all hands are shown whatever the policy.
    RECORDED: like MANUAL, but all-in players choose too. For replaying a record, where a hand the record never
    showed (unknown cards) must be mucked.
    """

    SHOW_ALL = "show_all"
    MUCK_LOSERS = "muck_losers"
    MANUAL = "manual"
    RECORDED = "recorded"


def _decimal(value: object) -> Decimal:
    try:
        return Decimal(str(value))
    except InvalidOperation:
        raise RulesError(f"rake percent must be a number, got {value!r}") from None


@attrs.frozen(slots=True)
class Rake:
    """The house's cut: ``percent`` of each pot, at most ``cap`` chips (None: no cap).

    With ``no_flop_no_drop`` (the default) a hand that ends before the flop is not raked. Rake is taken from
    the main pot first, then from the side pots in order, before the pots are split.
    """

    percent: Decimal = attrs.field(converter=_decimal)
    cap: int | None = None
    no_flop_no_drop: bool = True
    fixed: int | None = None

    def __attrs_post_init__(self) -> None:
        if not Decimal(0) <= self.percent <= Decimal(100):
            raise RulesError(f"rake percent must be between 0 and 100, got {self.percent}")
        if self.cap is not None and (not isinstance(self.cap, int) or self.cap < 0):
            raise RulesError(f"rake cap must be a whole number of chips >= 0 or None, got {self.cap!r}")
        if self.fixed is not None and (not isinstance(self.fixed, int) or self.fixed < 0):
            raise RulesError(f"a fixed rake must be a whole number of chips >= 0 or None, got {self.fixed!r}")

    @classmethod
    def exactly(cls, amount: int) -> Rake:
        """A rake of exactly ``amount`` chips (at most the pot): what a replay takes when the record states it."""
        return cls(0, fixed=amount, no_flop_no_drop=False)

    def amount(self, pot: int, saw_flop: bool) -> int:
        if self.fixed is not None:
            return min(self.fixed, pot)
        if self.no_flop_no_drop and not saw_flop:
            return 0
        rake = int(pot * self.percent / 100)
        return rake if self.cap is None else min(rake, self.cap)


POST_KINDS = ("ante", "small blind", "big blind", "straddle", "live blind", "dead blind")
_LIVE_POSTS = frozenset(("small blind", "big blind", "straddle", "live blind"))


@attrs.frozen(slots=True)
class Post:
    """A forced bet posted before the cards: ``amount`` is what is due (a short stack pays what it has).

    Kinds: "ante" and "dead blind" are dead money (in the pot, not part of the player's bet); "small blind",
    "big blind", "straddle" and "live blind" are live (they count toward a call). The preflop bet to match is the
    largest big blind, straddle or live blind due; the first player to act sits left of the last big blind or
    straddle. A "live blind" (a new player's big blind posted out of position) does not move that order.
    """

    seat: int
    kind: str
    amount: int

    def __attrs_post_init__(self) -> None:
        if self.kind not in POST_KINDS:
            raise RulesError(f"unknown post kind {self.kind!r}; kinds are {', '.join(POST_KINDS)}")
        _chips(f"the {self.kind} of seat {self.seat}", self.amount)
        if isinstance(self.seat, bool) or not isinstance(self.seat, int) or self.seat < 0:
            raise RulesError(f"a post needs a seat index >= 0, got {self.seat!r}")

    @property
    def live(self) -> bool:
        return self.kind in _LIVE_POSTS


def _chips(name: str, value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise RulesError(f"{name} must be a whole number of chips >= 0, got {value!r}")
    return value


@attrs.frozen(slots=True)
class Rules:
    """Everything that is fixed for a hand before it starts.

    ``blinds`` are the forced bets from the first seat left of the button onwards: (small, big), or (big,)
    for a single blind. Heads-up with two blinds the button posts the small blind. ``ante`` is posted by every
    player before the blinds and is dead money (it does not count toward a call).

    ``boards`` is 2 for a double-board game: every street is dealt to two boards and each pot is halved
    between them. ``runs`` is the most times the rest of the board may be run when players are all in before
    the river (1: never); with ``ask_runs`` every player still in chooses with `RunIt` and the lowest choice
    is used, without it every such board is run ``runs`` times.
    """

    betting: BettingStructure
    blinds: tuple[int, ...] = (1, 2)
    ante: int = 0
    hole_cards: int = 4
    hi_lo: bool = True
    rake: Rake | None = None
    showdown: ShowdownPolicy = ShowdownPolicy.SHOW_ALL
    boards: int = 1
    runs: int = 1
    ask_runs: bool = True

    def __attrs_post_init__(self) -> None:
        if not isinstance(self.betting, (FixedLimit, PotLimit, NoLimit)):
            raise RulesError(f"betting must be FixedLimit(...), PotLimit() or NoLimit(), got {self.betting!r}")
        if not isinstance(self.blinds, tuple) or not 1 <= len(self.blinds) <= 2:
            raise RulesError(f"blinds must be a tuple (small, big) or (big,), got {self.blinds!r}")
        for i, blind in enumerate(self.blinds):
            _chips(f"blind {i + 1}", blind)
        if len(self.blinds) == 2 and self.blinds[0] > self.blinds[1]:
            raise RulesError(f"the small blind cannot exceed the big blind, got {self.blinds!r}")
        _chips("ante", self.ante)
        if self.big_blind == 0 and self.ante == 0:
            raise RulesError("a game needs a big blind or an ante, or there is nothing to play for")
        if self.hole_cards not in (4, 5):
            raise RulesError(f"hole_cards must be 4 (Omaha) or 5 (five-card Omaha), got {self.hole_cards!r}")
        if not isinstance(self.showdown, ShowdownPolicy):
            raise RulesError(f"showdown must be a ShowdownPolicy, got {self.showdown!r}")
        if self.rake is not None and not isinstance(self.rake, Rake):
            raise RulesError(f"rake must be a Rake(percent, cap) or None, got {self.rake!r}")
        if self.boards not in (1, 2) or isinstance(self.boards, bool):
            raise RulesError(f"boards must be 1, or 2 for a double-board game, got {self.boards!r}")
        if self.runs not in (1, 2, 3) or isinstance(self.runs, bool):
            raise RulesError(f"runs (the most times an all-in board may be run) must be 1, 2 or 3, got {self.runs!r}")
        if not isinstance(self.ask_runs, bool):
            raise RulesError(f"ask_runs must be True or False, got {self.ask_runs!r}")
        if isinstance(self.betting, FixedLimit) and self.big_blind > self.betting.small_bet:
            raise RulesError(f"in fixed limit the big blind ({self.big_blind}) cannot exceed the small bet "
                             f"({self.betting.small_bet})")

    @property
    def big_blind(self) -> int:
        return self.blinds[-1]

    @property
    def max_players(self) -> int:
        """As many as the deck can deal to, ten at most: hole cards, then 3 burns and 5 cards per board (so
        five-card Omaha seats eight, and a double board seats nine, or seven in five-card Omaha)."""
        return min(MAX_PLAYERS, (DECK_SIZE - 3 - 5 * self.boards) // self.hole_cards)


def standard_posts(rules: Rules, players: int, button: int, *, straddles: Sequence[int] = (),
                   button_straddle: int = 0) -> tuple[Post, ...]:
    """The antes and blinds the rules call for: antes from everyone, then the blinds from the button's left
    (heads-up with two blinds, the button posts the small blind).

    ``straddles`` are optional straddles from the seat left of the big blind onwards ("under the gun", then a
    re-straddle...), ``button_straddle`` a Mississippi straddle by the button. Preflop, the player left of the
    last straddler acts first and the straddler acts last; `check_posts` says which amounts are allowed.
    """
    order = [(button + 1 + i) % players for i in range(players)]
    posts = [Post(seat, "ante", rules.ante) for seat in order] if rules.ante else []
    if len(rules.blinds) == 2:
        small, big = (button, (button + 1) % players) if players == 2 else (order[0], order[1])
        posts += [Post(small, "small blind", rules.blinds[0]), Post(big, "big blind", rules.blinds[1])]
    else:
        big = order[0]
        posts.append(Post(big, "big blind", rules.blinds[0]))
    if straddles and button_straddle:
        raise RulesError("choose straddles under the gun or a button straddle, not both")
    if straddles:
        posting = {post.seat for post in posts if post.kind != "ante"}
        free = [seat for seat in ((big + 1 + i) % players for i in range(players)) if seat not in posting]
        if len(straddles) > len(free):
            raise RulesError(f"{len(straddles)} straddles but only {len(free)} players are not in the blinds")
        posts += [Post(seat, "straddle", amount) for seat, amount in zip(free, straddles, strict=False)]
    if button_straddle:
        posts.append(Post(button, "straddle", button_straddle))
    result = tuple(posts)
    if straddles or button_straddle:
        check_posts(rules, result, players)  # the antes and blinds alone are right by construction
    return result


def bomb_pot_posts(players: int, button: int, ante: int) -> tuple[Post, ...]:
    """A bomb pot's forced bets: an ante of ``ante`` from every player, from the button's left."""
    return tuple(Post((button + 1 + i) % players, "ante", ante) for i in range(players))


def check_posts(rules: Rules, posts: Sequence[Post], players: int) -> None:
    """Refuse forced bets no table would allow (RulesError): seats outside the hand, a seat posting two of the
    small blind, big blind and straddle, or a straddle that is not a full raise of the bet before it. A straddle
    is a blind raise: in fixed limit exactly one bet more, in pot limit from double up to the pot, in no limit
    at least double. (Amounts are what is due; a short stack posts what it has.)"""
    blinds: set[int] = set()
    level = pot = 0
    opened = False  # a big blind (or a straddle) has been posted: there is a bet to straddle
    for post in posts:
        if not isinstance(post, Post) or post.seat >= players:
            raise RulesError(f"posts must be Post(seat, kind, amount) with seats in 0..{players - 1}, got {post!r}")
        if post.kind in ("small blind", "big blind", "straddle"):
            if post.seat in blinds:
                raise RulesError(f"seat {post.seat} posts two blinds or straddles; each seat posts one at most")
            blinds.add(post.seat)
        if post.kind == "straddle":
            if not opened:
                raise RulesError(f"seat {post.seat}'s straddle comes before any big blind; a straddle raises one")
            low, high = _straddle_range(rules, level, pot)
            if not low <= post.amount <= high:
                allowed = str(low) if low == high else f"{low} or more" if high > 10**15 else f"{low} to {high}"
                raise RulesError(f"seat {post.seat}'s straddle of {post.amount} is not allowed over a bet of "
                                 f"{level}: a straddle here is {allowed}")
        if post.live:
            level = max(level, post.amount)
        opened = opened or post.kind in ("big blind", "straddle")
        pot += post.amount


def _straddle_range(rules: Rules, level: int, pot: int) -> tuple[int, int]:
    betting = rules.betting
    if isinstance(betting, FixedLimit):
        return level + betting.small_bet, level + betting.small_bet
    if isinstance(betting, PotLimit):
        return 2 * level, level + pot + level
    return 2 * level, 10**18
