"""The game's description: what is posted, how many hole cards, hi-lo or high only, rake, showdown handling.

A `Rules` value is checked when it is made, so an impossible configuration fails at once with a message,
not halfway through a hand.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from decimal import Decimal, InvalidOperation
from enum import StrEnum

import attrs

from engine.actions import Word
from engine.betting import BettingStructure
from engine.errors import RulesError
from engine.order import MAX_PLAYERS
from engine.validate import chips, flag, one_of, plainly_chips, quote, whole

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

    @classmethod
    def _missing_(cls, value: object) -> ShowdownPolicy:
        raise RulesError(
            f"unknown showdown policy {quote(value)}; policies are {', '.join(repr(policy.value) for policy in cls)}"
        )


_PERCENT_TEXT = 40  # characters: a rake percent is a short decimal ("5", "2.5", "4.75")
_PERCENT_PLACES = 12  # decimal places: finer than any room rakes, and short enough to write back as text


def _percent(value: object) -> Decimal:
    """A rake percent from an int, a finite float, a Decimal or plain decimal text ("5", "2.5"), exactly."""
    allowed = "a number from 0 to 100 (an int, a float, a Decimal or text such as '2.5')"
    if isinstance(value, bool) or not isinstance(value, (int, float, Decimal, str)):
        raise RulesError(f"rake percent must be {allowed}, got {quote(value)}")
    if isinstance(value, float) and not math.isfinite(value):
        raise RulesError(f"rake percent must be {allowed}, got {quote(value)}")
    if isinstance(value, str) and (len(value) > _PERCENT_TEXT or not value.isascii()):
        raise RulesError(
            f"rake percent must be {allowed} of at most {_PERCENT_TEXT} ASCII characters, got {quote(value)}"
        )
    try:
        # An int is exact as it is (str() of a huge int is refused); a float by its shortest text (0.1 is "0.1").
        percent = Decimal(value) if isinstance(value, int) else Decimal(str(value))
    except InvalidOperation:
        raise RulesError(f"rake percent must be {allowed}, got {quote(value)}") from None
    if not percent.is_finite() or not Decimal(0) <= percent <= Decimal(100):
        raise RulesError(f"rake percent must be {allowed}, got {quote(value)}")
    if percent.as_tuple().exponent < -_PERCENT_PLACES:  # type: ignore[operator]  # finite: an int exponent
        raise RulesError(f"rake percent has at most {_PERCENT_PLACES} decimal places, got {quote(value)}")
    return percent.copy_abs()  # "-0" is 0


@attrs.frozen(slots=True)
class Rake:
    """The house's cut: ``percent`` of each pot, at most ``cap`` chips (None: no cap).

    With ``no_flop_no_drop`` (the default) a hand that ends before the flop is not raked. Rake is taken from
    the main pot first, then from the side pots in order, before the pots are split.
    """

    percent: Decimal = attrs.field(converter=_percent)
    cap: int | None = None
    no_flop_no_drop: bool = True
    fixed: int | None = None

    def __attrs_post_init__(self) -> None:
        if self.cap is not None:
            chips(self.cap, "rake cap (None for no cap)", error=RulesError)
        flag(self.no_flop_no_drop, "no_flop_no_drop", error=RulesError)
        if self.fixed is not None:
            chips(self.fixed, "a fixed rake (or None)", error=RulesError)

    @classmethod
    def exactly(cls, amount: int) -> Rake:
        """A rake of exactly ``amount`` chips (at most the pot): what a replay takes when the record states it."""
        return cls(0, fixed=amount, no_flop_no_drop=False)

    def amount(self, pot: int, saw_flop: bool) -> int:
        """The rake taken from a pot: fixed, or a percentage up to the cap; none without a flop if so set."""
        if self.fixed is not None:
            return min(self.fixed, pot)
        if self.no_flop_no_drop and not saw_flop:
            return 0
        rake = int(pot * self.percent / 100)
        return rake if self.cap is None else min(rake, self.cap)


class PostKind(Word):
    """The kinds of forced bet (see `Post`); each member is the word histories and JSON documents write."""

    ANTE = "ante"
    SMALL_BLIND = "small blind"
    BIG_BLIND = "big blind"
    STRADDLE = "straddle"
    LIVE_BLIND = "live blind"
    DEAD_BLIND = "dead blind"


_LIVE_POSTS = frozenset((PostKind.SMALL_BLIND, PostKind.BIG_BLIND, PostKind.STRADDLE, PostKind.LIVE_BLIND))


def _post_kind(value: object) -> PostKind:
    """A post's kind from its word (a plain string such as "big blind" is taken)."""
    if type(value) is PostKind:
        return value  # the engine's own posts, two or more a hand: no lookup of the word
    if isinstance(value, str) and value in _WORDS:
        return PostKind(value)
    raise RulesError(f"a post's kind must be one of {', '.join(map(repr, _WORDS))}; got {quote(value)}")


_WORDS = tuple(kind.value for kind in PostKind)


@attrs.frozen(slots=True)
class Post:
    """A forced bet posted before the cards: ``amount`` is what is due (a short stack pays what it has).

    Kinds: "ante" and "dead blind" are dead money (in the pot, not part of the player's bet); "small blind",
    "big blind", "straddle" and "live blind" are live (they count toward a call). The preflop bet to match is the
    largest big blind, straddle or live blind due; the first player to act sits left of the last big blind or
    straddle. A "live blind" (a new player's big blind posted out of position) does not move that order.
    """

    seat: int
    kind: PostKind = attrs.field(converter=_post_kind)
    amount: int

    def __attrs_post_init__(self) -> None:
        whole(self.seat, "a post's seat (an index in the hand)", minimum=0, maximum=MAX_PLAYERS - 1, error=RulesError)
        if not plainly_chips(self.amount):  # the message is worded only for a refusal: every hand makes posts
            _chips(f"the {self.kind} of seat {self.seat}", self.amount)

    @property
    def live(self) -> bool:
        return self.kind in _LIVE_POSTS


def _chips(name: str, value: object) -> int:
    return chips(value, name, error=RulesError)


@attrs.frozen(slots=True)
class Rules:
    """Everything that is fixed for a hand before it starts.

    ``blinds`` are the forced bets from the first seat left of the button onwards: (small, big), or (big,)
    for a single blind. Heads-up with two blinds the button posts the small blind. ``ante`` is posted by every
    player before the blinds and is dead money (it does not count toward a call). With ``big_blind_ante`` the big
    blind alone posts ``ante`` for the whole table, after the big blind (TDA 2019: a short big blind's chips go
    to the blind first); it is dead money all the same.

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
    big_blind_ante: bool = False

    def __attrs_post_init__(self) -> None:
        if not isinstance(self.betting, BettingStructure):
            raise RulesError(
                f"betting must be a betting structure (FixedLimit(...), PotLimit(), NoLimit()), "
                f"got {quote(self.betting)}"
            )
        if not isinstance(self.blinds, tuple) or not 1 <= len(self.blinds) <= 2:
            raise RulesError(f"blinds must be a tuple (small, big) or (big,), got {quote(self.blinds)}")
        for i, blind in enumerate(self.blinds):
            _chips(f"blind {i + 1}", blind)
        if len(self.blinds) == 2 and self.blinds[0] > self.blinds[1]:
            raise RulesError(f"the small blind cannot exceed the big blind, got blinds {self.blinds!r}")
        _chips("ante", self.ante)
        if self.big_blind == 0 and self.ante == 0:
            raise RulesError("a game needs a big blind or an ante, or there is nothing to play for")
        flag(self.big_blind_ante, "big_blind_ante", error=RulesError)
        if self.big_blind_ante and self.big_blind == 0:
            raise RulesError(
                f"big_blind_ante=True needs a big blind to post it, got blinds {self.blinds!r}; a game without "
                f"a big blind antes from every player (big_blind_ante=False)"
            )
        one_of(self.hole_cards, (4, 5), "hole_cards (4 for Omaha, 5 for five-card Omaha)", error=RulesError)
        flag(self.hi_lo, "hi_lo", error=RulesError)
        if not isinstance(self.showdown, ShowdownPolicy):
            raise RulesError(
                f"showdown must be a ShowdownPolicy ({', '.join(map(str, ShowdownPolicy))}), got {quote(self.showdown)}"
            )
        if self.rake is not None and not isinstance(self.rake, Rake):
            raise RulesError(f"rake must be a Rake(percent, cap) or None, got {quote(self.rake)}")
        one_of(self.boards, (1, 2), "boards (2 for a double-board game)", error=RulesError)
        one_of(self.runs, (1, 2, 3), "runs (the most times an all-in board may be run)", error=RulesError)
        flag(self.ask_runs, "ask_runs", error=RulesError)
        self.betting.check_big_blind(self.big_blind)

    @property
    def big_blind(self) -> int:
        return self.blinds[-1]

    @property
    def max_players(self) -> int:
        """As many as the deck can deal to, ten at most: hole cards, then 3 burns and 5 cards per board (so
        five-card Omaha seats eight, and a double board seats nine, or seven in five-card Omaha)."""
        return min(MAX_PLAYERS, (DECK_SIZE - 3 - 5 * self.boards) // self.hole_cards)


def standard_posts(
    rules: Rules, players: int, button: int, *, straddles: Sequence[int] = (), button_straddle: int = 0
) -> tuple[Post, ...]:
    """The antes and blinds the rules call for: antes from everyone, then the blinds from the button's left
    (heads-up with two blinds, the button posts the small blind); with a big-blind ante, the blinds and then the
    big blind's ante for the table (the blind first, as the TDA rules, so a short big blind pays the blind).

    ``straddles`` are optional straddles from the seat left of the big blind onwards ("under the gun", then a
    re-straddle...), ``button_straddle`` a Mississippi straddle by the button. Preflop, the player left of the
    last straddler acts first and the straddler acts last; `check_posts` says which amounts are allowed.
    """
    _check_table(rules, players, button)
    straddles = _straddles(straddles)
    chips(button_straddle, "button_straddle (0 for none)", error=RulesError)
    order = [(button + 1 + i) % players for i in range(players)]
    everyone = rules.ante and not rules.big_blind_ante
    posts = [Post(seat, PostKind.ANTE, rules.ante) for seat in order] if everyone else []
    if len(rules.blinds) == 2:
        small, big = (button, (button + 1) % players) if players == 2 else (order[0], order[1])
        posts += [
            Post(small, PostKind.SMALL_BLIND, rules.blinds[0]),
            Post(big, PostKind.BIG_BLIND, rules.blinds[1]),
        ]
    else:
        big = order[0]
        posts.append(Post(big, PostKind.BIG_BLIND, rules.blinds[0]))
    if rules.ante and rules.big_blind_ante:
        posts.append(Post(big, PostKind.ANTE, rules.ante))
    if straddles and button_straddle:
        raise RulesError("choose straddles under the gun or a button straddle, not both")
    if straddles:
        posting = {post.seat for post in posts if post.kind != PostKind.ANTE}
        free = [seat for seat in ((big + 1 + i) % players for i in range(players)) if seat not in posting]
        if len(straddles) > len(free):
            raise RulesError(f"{len(straddles)} straddles but only {len(free)} players are not in the blinds")
        posts += [Post(seat, PostKind.STRADDLE, amount) for seat, amount in zip(free, straddles, strict=False)]
    if button_straddle:
        posts.append(Post(button, PostKind.STRADDLE, button_straddle))
    result = tuple(posts)
    if straddles or button_straddle:
        check_posts(rules, result, players)  # the antes and blinds alone are right by construction
    return result


def _check_table(rules: object, players: object, button: object) -> None:
    if not isinstance(rules, Rules):
        raise RulesError(f"rules must be a Rules(...), got {quote(rules)}")
    whole(players, "players (the number dealt in)", minimum=2, maximum=rules.max_players, error=RulesError)
    whole(
        button,
        f"button (a seat index of the {players} players)",
        minimum=0,
        maximum=players - 1,  # type: ignore[operator]
        error=RulesError,
    )


def _straddles(straddles: object) -> tuple[int, ...]:
    if isinstance(straddles, (str, bytes)) or not isinstance(straddles, Iterable):
        raise RulesError(f"straddles must be a sequence of straddle amounts in chips, got {quote(straddles)}")
    amounts = tuple(straddles)
    for i, amount in enumerate(amounts):
        chips(amount, f"straddle {i + 1}", minimum=1, error=RulesError)
    return amounts


def bomb_pot_posts(players: int, button: int, ante: int) -> tuple[Post, ...]:
    """A bomb pot's forced bets: an ante of ``ante`` from every player, from the button's left."""
    whole(players, "players (the number dealt in)", minimum=2, maximum=MAX_PLAYERS, error=RulesError)
    whole(button, f"button (a seat index of the {players} players)", minimum=0, maximum=players - 1, error=RulesError)
    chips(ante, "a bomb pot's ante", minimum=1, error=RulesError)
    return tuple(Post((button + 1 + i) % players, PostKind.ANTE, ante) for i in range(players))


def check_posts(rules: Rules, posts: Sequence[Post], players: int) -> None:
    """Refuse forced bets no table would allow (RulesError).

    Amounts are what is due (a short stack pays what it has), so each kind has the rules' amount: a small
    blind is the rules' small blind; a big blind and a live blind (a big blind posted out of position: a new
    player's, a returning player's) the rules' big blind; a dead blind at most the big blind; an ante at most
    the rules' ante (a record may give each seat its own ante, the largest being the rules'). When the rules
    have blinds, some seat posts the big blind (two may: the second is then a live blind or a second big blind,
    as hand histories show). No seat antes twice or posts two of the small blind, big blind and straddle; with a
    big-blind ante only a seat that posts a big blind antes; every seat is in the hand, and a straddle is a full
    raise of the bet before it: in fixed limit exactly one bet more, in pot limit from double up to the pot, in no
    limit at least double.
    """
    _check_table(rules, players, 0)
    if isinstance(posts, (str, bytes)) or not isinstance(posts, Iterable):
        raise RulesError(f"posts must be a sequence of Post(seat, kind, amount), got {quote(posts)}")
    posts = tuple(posts)
    blinds: set[int] = set()
    antes: set[int] = set()
    level = pot = 0
    opened = False  # a big blind (or a straddle) has been posted: there is a bet to straddle
    big_blind_posted = False
    for post in posts:
        if not isinstance(post, Post) or post.seat >= players:
            raise RulesError(
                f"posts must be Post(seat, kind, amount) with seats in 0..{players - 1}, got {quote(post)}"
            )
        _check_amount(rules, post)
        if post.kind == PostKind.ANTE:
            if post.seat in antes:
                raise RulesError(f"seat {post.seat} posts two antes; each seat antes once at most")
            antes.add(post.seat)
            if rules.big_blind_ante and not any(
                isinstance(p, Post) and p.seat == post.seat and p.kind == PostKind.BIG_BLIND for p in posts
            ):
                raise RulesError(
                    f"seat {post.seat} posts an ante but no big blind; with a big-blind ante only the big blind "
                    f"antes (for the whole table)"
                )
        big_blind_posted = big_blind_posted or post.kind == PostKind.BIG_BLIND
        if post.kind in (PostKind.SMALL_BLIND, PostKind.BIG_BLIND, PostKind.STRADDLE):
            if post.seat in blinds:
                raise RulesError(f"seat {post.seat} posts two blinds or straddles; each seat posts one at most")
            blinds.add(post.seat)
        if post.kind == PostKind.STRADDLE:
            if not opened:
                raise RulesError(f"seat {post.seat}'s straddle comes before any big blind; a straddle raises one")
            low, high = rules.betting.straddle_range(level, pot)
            if post.amount < low or (high is not None and post.amount > high):
                allowed = str(low) if low == high else f"{low} or more" if high is None else f"{low} to {high}"
                raise RulesError(
                    f"seat {post.seat}'s straddle of {post.amount} is not allowed over a bet of "
                    f"{level}: a straddle here is {allowed}"
                )
        if post.live:
            level = max(level, post.amount)
        opened = opened or post.kind in (PostKind.BIG_BLIND, PostKind.STRADDLE)
        pot += post.amount
    if rules.big_blind and not big_blind_posted:
        raise RulesError(
            f"the rules have a big blind of {rules.big_blind} but no seat posts one; the posts were "
            f"{quote(tuple(posts))}"
        )


def _check_amount(rules: Rules, post: Post) -> None:
    """A post's amount against the rules: each kind is due in the rules' amount (see `check_posts`)."""
    kind, amount, seat = post.kind, post.amount, post.seat
    if kind == PostKind.ANTE and not 0 < amount <= rules.ante:
        due = f"an ante is 1 to {rules.ante}, the rules' ante" if rules.ante else "the rules have no ante"
        raise RulesError(f"seat {seat} posts an ante of {amount}, but {due}")
    if kind == PostKind.SMALL_BLIND:
        if len(rules.blinds) < 2:
            raise RulesError(
                f"seat {seat} posts a small blind, but the rules have one blind, the big blind of {rules.big_blind}"
            )
        if amount != rules.blinds[0]:
            raise RulesError(
                f"seat {seat} posts a small blind of {amount}; the rules' small blind is "
                f"{rules.blinds[0]} (a short stack's post is still the blind due)"
            )
    if kind in (PostKind.BIG_BLIND, PostKind.LIVE_BLIND) and amount != rules.big_blind:
        what = "big blind" if kind == PostKind.BIG_BLIND else "live blind (a big blind posted out of position)"
        raise RulesError(
            f"seat {seat} posts a {what} of {amount}; the rules' big blind is {rules.big_blind} "
            f"(a short stack's post is still the blind due)"
        )
    if kind == PostKind.DEAD_BLIND and amount > rules.big_blind:
        raise RulesError(
            f"seat {seat} posts a dead blind of {amount}; a dead blind is at most the big blind ({rules.big_blind})"
        )
