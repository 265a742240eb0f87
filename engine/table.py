"""Many hands in a row at one table: seats, the moving button, players joining, leaving, sitting out and busting,
and the game schedule (one game, Mixed Omaha, tournament levels).

A `Table` is an immutable value, like a hand state: every operation returns a new table. It deals a hand with
`start_next_hand` and takes the finished hand back with `finish_hand`; the players dealt in are the hand's seats
0..k-1 in table order (`hand_seats`). The rules the table follows (the moving button, new players, missed
blinds, coming back, busting, departures, the chip ledger, heads-up) are stated with examples in
docs/server-guide.md ("The table's rules") and docs/missed-blinds.md.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import attrs

from engine._speed import replaced
from engine.cards import Card, Deck
from engine.errors import RulesError, TableError
from engine.order import MAX_PLAYERS
from engine.rules import Post, PostKind, Rules, bomb_pot_posts, standard_posts
from engine.schedule import FixedGame, GameClock, MixedOmaha, Schedule, TournamentSchedule
from engine.state import HandState, start_hand
from engine.validate import MAX_EXACT, chips, count, flag, name_key, one_of, quote, whole
from engine.validate import minutes as checked_minutes
from engine.validate import name as checked_name
from engine.views import SeatView, seat_views

# The per-hand transitions (`start_next_hand`, `finish_hand`, `take_departures`) copy the table, its clock and its
# players by `replaced`, without the checks: their new values come from checked ones (a stack from a settled
# hand, a count plus one, the table's own seats). Every change from outside (a join, a rebuy, a sit-out) still
# goes through the constructors.


def _name(value: object) -> str:
    return checked_name(value, "a player's name", error=TableError)


def _chips(what: str, value: object, minimum: int) -> int:
    return chips(value, what, minimum=minimum, error=TableError)


@attrs.frozen(slots=True)
class Player:
    """A seated player.

    ``waiting``: not to be dealt in before the big blind reaches them (or they post): a new player who has not
    played yet (they owe nothing; with the table's ``new_player_posts`` they may post a live blind), or a
    player who owes missed blinds. ``owes_small`` / ``owes_big``: the blinds they missed while not dealt in
    (see the module); ``post_missed``: they chose to post what they owe and play the next hand they may.
    ``leaving``: leaves when the hand in play ends.
    """

    name: str
    stack: int
    sitting_out: bool = False
    waiting: bool = False
    leaving: bool = False
    owes_small: bool = False
    owes_big: bool = False
    post_missed: bool = False

    def __attrs_post_init__(self) -> None:
        _name(self.name)
        _chips(f"{self.name}'s stack", self.stack, 0)
        for field in ("sitting_out", "waiting", "leaving", "owes_small", "owes_big", "post_missed"):
            flag(getattr(self, field), f"{self.name}'s {field}", error=TableError)
        if self.owes and not self.waiting:
            raise TableError(
                f"{self.name} owes missed blinds, so waits for the big blind or posts them: waiting "
                f"must be True while owes_small or owes_big is"
            )
        if self.post_missed and not self.owes:
            raise TableError(f"{self.name} owes no missed blinds, so has none to post: post_missed must be False")

    @property
    def owes(self) -> bool:
        """Whether the player owes a missed blind (small, big or both)."""
        return self.owes_small or self.owes_big


def _new(player: Player) -> bool:
    """A player who has not been dealt in since sitting down: waiting, owing nothing."""
    return player.waiting and not player.owes


def _entry_posts(rules: Rules, hand_seat: int, player: Player) -> tuple[Post, ...]:
    """What a waiting player posts to play at once, at the amounts of the hand's game: a debtor the big blind
    live and the small blind dead, as owed (a small blind owed in a game with one blind has nothing to pay);
    a new player a live big blind."""
    if not player.owes:
        return (Post(hand_seat, PostKind.LIVE_BLIND, rules.big_blind),) if rules.big_blind else ()
    small = rules.blinds[0] if len(rules.blinds) == 2 else 0
    posts = []
    if player.owes_big and rules.big_blind:
        posts.append(Post(hand_seat, PostKind.LIVE_BLIND, rules.big_blind))
    if player.owes_small and small:
        posts.append(Post(hand_seat, PostKind.DEAD_BLIND, small))
    return tuple(posts)


@attrs.frozen(slots=True)
class Departure:
    """A player who left the table: ``reason`` is "left" or "busted"; ``player.stack`` is what they took."""

    seat: int
    player: Player
    reason: str

    def __attrs_post_init__(self) -> None:
        whole(self.seat, "a departure's seat", minimum=0, maximum=MAX_PLAYERS - 1, error=TableError)
        if not isinstance(self.player, Player):
            raise TableError(f"a departure's player must be a Player, got {quote(self.player)}")
        one_of(self.reason, ("left", "busted"), "a departure's reason", error=TableError)


def _tuple(value: object) -> object:
    """Lists become tuples (so a hand read from JSON equals the one dealt); anything else is left for the
    checks to refuse."""
    return tuple(value) if isinstance(value, list) else value


@attrs.frozen(slots=True)
class HandInPlay:
    """The hand the table has dealt and not yet taken back: ``seats[i]`` is the table seat of hand seat ``i``;
    ``button`` is a table seat; ``rules`` and ``posts`` are the hand's; ``deck`` its deck order, which tells
    this hand from any other with the same players, stacks and blinds (compared by value, so a table restored
    from JSON knows its hand). ``deck`` None: not known (a table saved before the deck was kept), and a hand
    is then recognised by its setup without the deck."""

    seats: tuple[int, ...] = attrs.field(converter=_tuple)
    button: int
    rules: Rules
    posts: tuple[Post, ...] = attrs.field(converter=_tuple)
    deck: tuple[Card, ...] | None = attrs.field(default=None, converter=_tuple, repr=False)

    def __attrs_post_init__(self) -> None:
        if not isinstance(self.seats, tuple):
            raise TableError(f"the hand's seats must be a tuple of table seats, got {quote(self.seats)}")
        for seat in self.seats:
            whole(seat, "a seat of the hand in play", minimum=0, maximum=MAX_PLAYERS - 1, error=TableError)
        whole(self.button, "the button of the hand in play", minimum=0, maximum=MAX_PLAYERS - 1, error=TableError)
        if not isinstance(self.rules, Rules):
            raise TableError(f"the hand's rules must be a Rules value, got {quote(self.rules)}")
        if not isinstance(self.posts, tuple) or not all(isinstance(post, Post) for post in self.posts):
            raise TableError(f"the hand's posts must be a tuple of Post values, got {quote(self.posts)}")
        deck = self.deck
        if deck is not None and (
            not isinstance(deck, tuple) or not all(isinstance(c, Card) for c in deck) or len(set(deck)) != len(deck)
        ):
            raise TableError(f"the hand's deck must be a tuple of distinct Cards or None, got {quote(deck)}")

    @property
    def hand_button(self) -> int:
        return self.seats.index(self.button)


@attrs.frozen(slots=True)
class Deal:
    """What the next hand would be: the table seats dealt in (in table order), the button's table seat, the
    rules, the forced bets (hand seats; after the antes and blinds, the live and dead blinds of players who post
    to come in), and the schedule's clock once the hand is under way."""

    seats: tuple[int, ...]
    button: int
    rules: Rules
    posts: tuple[Post, ...]
    clock: GameClock
    bomb_pot: int = 0


def _seats(value: Sequence[Player | None]) -> tuple[Player | None, ...]:
    if not isinstance(value, (list, tuple)):
        raise TableError(f"seats must be a list or tuple of Player or None, got {quote(value)}")
    return tuple(value)


def _departed(value: Sequence[Departure]) -> tuple[Departure, ...]:
    if not isinstance(value, (list, tuple)):
        raise TableError(f"departed must be a list or tuple of Departure values, got {quote(value)}")
    return tuple(value)


def _seated_chips(table: Table) -> int:
    """A table built with players already seated counts their stacks as bought in."""
    return sum(p.stack for p in table.seats if isinstance(p, Player) and isinstance(p.stack, int))


@attrs.frozen(slots=True)
class Table:
    """A table of 2..10 seats: each empty (None) or holding a `Player`.

    ``button`` is the seat the button is on (before the first hand: where it starts, or the next player in the
    game after that seat). ``clock`` is where the table stands in its ``schedule``; ``minutes`` the time the
    caller last told it (`with_time`). ``hand`` is the hand in play, if any. ``departed`` lists the players
    who left (or busted) and have not yet been taken with `take_departures`, with the chips they took.
    ``keep_busted``: a player who busts stays seated with no chips, sitting out, for a rebuy (`add_chips`).
    The ledger: ``bought_in`` (default: the stacks seated at construction), ``cashed_out`` and ``rake_taken``
    (see `check_chips`).
    """

    seats: tuple[Player | None, ...] = attrs.field(converter=_seats)
    schedule: Schedule
    button: int = 0
    new_player_posts: bool = False
    clock: GameClock = attrs.field(factory=GameClock)
    minutes: float = 0
    hands_played: int = 0
    hand: HandInPlay | None = None
    departed: tuple[Departure, ...] = attrs.field(default=(), converter=_departed)
    keep_busted: bool = False
    bought_in: int = attrs.field(default=attrs.Factory(_seated_chips, takes_self=True))
    cashed_out: int = 0
    rake_taken: int = 0

    def __attrs_post_init__(self) -> None:
        if not 2 <= len(self.seats) <= MAX_PLAYERS:
            raise TableError(f"a table has 2 to {MAX_PLAYERS} seats, got {len(self.seats)}")
        flag(self.keep_busted, "keep_busted", error=TableError)
        names = set()
        seated = 0
        for seat, player in enumerate(self.seats):
            if player is None:
                continue
            if not isinstance(player, Player):
                raise TableError(f"seat {seat} must hold a Player or None, got {quote(player)}")
            if name_key(player.name) in names:
                raise TableError(
                    f"two seats hold a player named {quote(player.name)}; names must be unique (whatever their case)"
                )
            names.add(name_key(player.name))
            seated += player.stack
            if player.stack == 0 and not (self.keep_busted and player.sitting_out):
                raise TableError(
                    f"seat {seat} ({player.name}) has no chips; a busted player leaves the table, or "
                    f"with keep_busted=True sits out until a rebuy"
                )
        if seated > MAX_EXACT:  # the next hand's chips are these stacks: its own bound (start_hand) holds now
            raise TableError(
                f"the seated stacks total {seated} chips; a table's stacks total at most {MAX_EXACT} "
                f"(2**53 - 1, the most a JSON number carries exactly)"
            )
        if not isinstance(self.schedule, (FixedGame, MixedOmaha, TournamentSchedule)):
            raise TableError(
                f"schedule must be FixedGame, MixedOmaha or TournamentSchedule, got {quote(self.schedule)}"
            )
        if not isinstance(self.clock, GameClock):
            raise TableError(f"clock must be a GameClock, got {quote(self.clock)}")
        try:
            self.schedule.check(self.clock)
        except RulesError as exc:
            raise TableError(str(exc)) from None
        whole(self.button, "button (a seat)", minimum=0, maximum=len(self.seats) - 1, error=TableError)
        flag(self.new_player_posts, "new_player_posts", error=TableError)
        count(self.hands_played, "hands_played", error=TableError)
        checked_minutes(self.minutes, "minutes", error=TableError)
        for what in ("bought_in", "cashed_out", "rake_taken"):
            _chips(what, getattr(self, what), 0)
        if self.hand is not None:
            self._check_hand(self.hand)
        for departure in self.departed:
            if not isinstance(departure, Departure):
                raise TableError(f"departed must hold Departure values, got {quote(departure)}")

    def _check_hand(self, hand: HandInPlay) -> None:
        if not isinstance(hand, HandInPlay):
            raise TableError(f"hand must be a HandInPlay or None, got {quote(hand)}")
        seats = hand.seats
        if len(seats) < 2 or list(seats) != sorted(set(seats)) or any(not 0 <= s < len(self.seats) for s in seats):
            raise TableError(f"the hand's seats must be 2 or more distinct table seats in order, got {seats!r}")
        for seat in seats:
            player = self.seats[seat]
            if player is None:
                raise TableError(f"table seat {seat} is in the hand but empty")
            # Dealing a player in ends their wait and needs chips (the table keeps the stacks the hand began
            # with): a hand seat holding a waiting or chipless player is a seat that changed hands since.
            if player.waiting or player.stack == 0:
                raise TableError(
                    f"table seat {seat} is in the hand, but {player.name} "
                    f"{'waits for the big blind' if player.waiting else 'has no chips'}, so was not "
                    f"dealt in: the hand's seats are the players dealt in, who wait for nothing and "
                    f"began it with chips"
                )
        if hand.button not in seats:
            raise TableError(f"the hand's button (seat {hand.button}) is not one of its seats {seats!r}")
        for post in hand.posts:
            if not isinstance(post, Post) or post.seat >= len(seats):
                raise TableError(
                    f"the hand's posts must be Post values for hand seats 0..{len(seats) - 1}, got {post!r}"
                )
        if not isinstance(hand.rules, Rules):
            raise TableError(f"the hand's rules must be a Rules value, got {hand.rules!r}")
        if len(seats) > hand.rules.max_players:
            raise TableError(f"{len(seats)} players cannot be dealt into a game for {hand.rules.max_players}")

    # --- making a table and reading it -----------------------------------------------------------------------

    @classmethod
    def new(
        cls,
        game: Schedule | Rules,
        seats: int = 9,
        *,
        button: int = 0,
        new_player_posts: bool = False,
        keep_busted: bool = False,
    ) -> Table:
        """An empty table of ``seats`` seats playing ``game`` (a `Rules` value means `FixedGame(rules)`).
        ``keep_busted=True`` keeps a player who busts seated (no chips, sitting out) so they may rebuy."""
        whole(seats, "seats (the number of seats)", minimum=2, maximum=MAX_PLAYERS, error=TableError)
        schedule = FixedGame(game) if isinstance(game, Rules) else game
        return cls((None,) * seats, schedule, button=button, new_player_posts=new_player_posts, keep_busted=keep_busted)

    @property
    def players(self) -> tuple[tuple[int, Player], ...]:
        """(seat, player) for every occupied seat, in seat order."""
        return tuple((seat, p) for seat, p in enumerate(self.seats) if p is not None)

    @property
    def hand_seats(self) -> tuple[int, ...]:
        """The table seat of each seat of the hand in play (``()`` between hands)."""
        return self.hand.seats if self.hand is not None else ()

    def hand_seat(self, seat: int) -> int | None:
        """The hand seat of table seat ``seat`` in the hand in play, or None when that seat is not dealt in (or
        no hand is in play). A seat that is not one of the table's is a TableError."""
        self._seat_index(seat)
        seats = self.hand_seats
        return seats.index(seat) if seat in seats else None

    def table_seat(self, hand_seat: int) -> int:
        """The table seat of hand seat ``hand_seat`` in the hand in play."""
        if self.hand is None:
            raise TableError("no hand is in play")
        whole(
            hand_seat, "a hand seat of the hand in play", minimum=0, maximum=len(self.hand.seats) - 1, error=TableError
        )
        return self.hand.seats[hand_seat]

    def seat_of(self, name: str) -> int:
        """The table seat of the player called ``name`` (names are unique at a table); TableError when nobody
        of that name sits here. A server maps a connection to a seat with it."""
        if not isinstance(name, str):
            raise TableError(f"a player's name is a string, got {quote(name)}")
        for seat, player in self.players:
            if player.name == name:
                return seat
        raise TableError(f"no player named {quote(name)} sits at this table")

    @property
    def next_rules(self) -> Rules:
        """The game of the next hand at the table's current time (while a hand is in play: the game of the hand
        after it)."""
        clock = self.clock
        if self.hand is not None:
            clock = replaced(clock, hands=clock.hands + 1)
        return self.schedule.game(clock, self.minutes, len(self._in_game()))[0]

    def next_deal(self, *, straddles: Sequence[int] = (), button_straddle: int = 0, bomb_pot: int = 0) -> Deal:
        """Who would be dealt into the next hand, the button, the game and the forced bets; TableError when
        fewer than two players can play.

        ``straddles`` are straddles posted from the seat left of the big blind on, ``button_straddle`` a
        Mississippi straddle by the button (amounts as `engine.rules.check_posts` allows). ``bomb_pot`` makes
        the hand a bomb pot: every player dealt in antes that much instead of the blinds and the betting starts
        on the flop; players waiting for the big blind sit it out (no blind passes them, so they owe nothing).
        """
        _chips("bomb_pot (the ante each player posts)", bomb_pot, 0)
        if bomb_pot and (straddles or button_straddle):
            raise TableError("a bomb pot has no blinds to straddle: give bomb_pot or straddles, not both")
        if self.hand is not None:
            raise TableError("a hand is in play; finish it before dealing the next")
        eligible = self._in_game()
        if len(eligible) < 2:
            raise TableError(
                f"a hand needs 2 players in the game (seated, with chips, not sitting out); "
                f"{len(eligible)} {'is' if len(eligible) == 1 else 'are'} ready"
            )
        active = [s for s in eligible if not self._player(s).waiting]
        posters: list[int] = []
        if bomb_pot:
            dealt = active if len(active) >= 2 else eligible
            button = self._first_from(self.button, dealt)
            rules, clock = self._rules_for(len(dealt))
        elif len(active) < 2:
            # No game is going: nobody waits for a blind.
            dealt = eligible
            button = self._first_from(self.button, eligible)
            rules, clock = self._rules_for(len(dealt))
        else:
            button = self._first_from(self.button, active)
            after = [s for s in self._clockwise(button + 1) if s in eligible and s != button]
            dealt, posters = self._joiners(button, after, active)
            rules, clock = self._rules_for(len(dealt))
        if len(dealt) > rules.max_players:
            raise TableError(f"{len(dealt)} players are ready but {rules.max_players} can play this game; sit some out")
        seats = tuple(sorted(dealt))
        hand_button = seats.index(button)
        if bomb_pot:
            return Deal(seats, button, rules, bomb_pot_posts(len(seats), hand_button, bomb_pot), clock, bomb_pot)
        try:
            posts = standard_posts(rules, len(seats), hand_button, straddles=straddles, button_straddle=button_straddle)
        except RulesError as exc:
            raise TableError(str(exc)) from None
        blinds = {post.seat for post in posts if post.kind in (PostKind.SMALL_BLIND, PostKind.BIG_BLIND)}
        for seat in posters:
            if seats.index(seat) not in blinds:
                posts += _entry_posts(rules, seats.index(seat), self._player(seat))
        return Deal(seats, button, rules, posts, clock)

    def _joiners(self, button: int, after: list[int], active: list[int]) -> tuple[list[int], list[int]]:
        """Which waiting players join the next hand: the one in the big blind's seat, and every waiting player
        past the small blind who posts (a debtor who chose ``post_missed``; a new player when the table has
        ``new_player_posts``)."""
        rules = self._rules_for(len(active))[0]
        dealt = list(active)
        if len(rules.blinds) == 2:
            # The small blind is the first player in the game after the button; players waiting between the
            # button and the small blind wait on.
            small = next(s for s in after if s in active)
            rest = after[after.index(small) + 1 :]
        else:
            rest = after
        if rest and rest[0] not in active:
            dealt.append(rest[0])  # the big blind's seat
            rest = rest[1:]
        posters = [s for s in rest if s not in active and self._posts(self._player(s))]
        return dealt + posters, posters

    def _posts(self, player: Player) -> bool:
        """Whether a waiting player posts to be dealt in rather than wait for the big blind."""
        return player.post_missed if player.owes else self.new_player_posts

    def _rules_for(self, players: int) -> tuple[Rules, GameClock]:
        return self.schedule.game(self.clock, self.minutes, players)

    def _player(self, seat: int) -> Player:
        player = self.seats[seat]
        if player is None:
            raise TableError(f"seat {seat} is empty")
        return player

    def _in_game(self) -> list[int]:
        """Seats whose players could be dealt in: seated, with chips, not sitting out, not leaving."""
        return [s for s, p in self.players if not p.sitting_out and not p.leaving and p.stack > 0]

    def _clockwise(self, start: int) -> list[int]:
        n = len(self.seats)
        return [(start + i) % n for i in range(n)]

    def _first_from(self, start: int, seats: Sequence[int]) -> int:
        """The first of ``seats`` clockwise from ``start`` (``start`` included)."""
        return next(s for s in self._clockwise(start) if s in seats)

    # --- hands -------------------------------------------------------------------------------------------------

    def start_next_hand(
        self,
        *,
        seed: int | str | bytes | None = None,
        deck: Deck | Sequence[Card] | None = None,
        straddles: Sequence[int] = (),
        button_straddle: int = 0,
        bomb_pot: int = 0,
    ) -> tuple[Table, HandState]:
        """Deal the next hand: returns the table with the hand in play and the hand's first state.

        Hand seats 0..k-1 are the players dealt in, in table-seat order (`hand_seats` maps them back). The deck
        is as in `start_hand`: a given order, a seed, or (neither) a secure shuffle. ``straddles``,
        ``button_straddle`` and ``bomb_pot`` are as in `next_deal`.
        """
        deal = self.next_deal(straddles=straddles, button_straddle=button_straddle, bomb_pot=bomb_pot)
        stacks = tuple(self._player(s).stack for s in deal.seats)
        hand_button = deal.seats.index(deal.button)
        if deal.bomb_pot:
            state = start_hand(deal.rules, stacks, hand_button, seed=seed, deck=deck, bomb_pot=deal.bomb_pot)
        else:
            state = start_hand(deal.rules, stacks, hand_button, seed=seed, deck=deck, posts=deal.posts)
        seats: list[Player | None] = list(self.seats)
        missed = self._missed(deal)
        for seat, player in self.players:
            if seat in deal.seats:
                if player.waiting:  # dealt in: whatever they owed is paid (or forgiven when no game was going)
                    seats[seat] = attrs.evolve(
                        player, waiting=False, owes_small=False, owes_big=False, post_missed=False
                    )
            elif seat in missed and not _new(player):
                small, big = missed[seat]
                if (small and not player.owes_small) or (big and not player.owes_big):
                    seats[seat] = attrs.evolve(
                        player, waiting=True, owes_small=player.owes_small or small, owes_big=player.owes_big or big
                    )
        table = replaced(
            self,
            seats=tuple(seats),
            button=deal.button,
            clock=deal.clock,
            hand=HandInPlay(deal.seats, deal.button, deal.rules, deal.posts, state.setup.deck),
        )
        return table, state

    def _missed(self, deal: Deal) -> dict[int, tuple[bool, bool]]:
        """The seats the blinds of ``deal`` pass, with the blinds missed there (small, big). Clockwise after the
        button, the small blind passes the seats up to its own: they miss it. After the small blind (after the
        button in a game with one blind, or heads-up where the button posts the small blind) the big blind
        passes the seats up to its own: they miss both blinds. Blinds of 0 are not missed."""
        rules = deal.rules
        small = rules.blinds[0] if len(rules.blinds) == 2 else 0
        blinds = (PostKind.SMALL_BLIND, PostKind.BIG_BLIND)
        at = {post.kind: deal.seats[post.seat] for post in deal.posts if post.kind in blinds}
        n = len(self.seats)

        def passed(start: int, end: int) -> list[int]:
            return [(start + step) % n for step in range(1, (end - start) % n + 1)]

        missed: dict[int, tuple[bool, bool]] = {}
        if small and PostKind.SMALL_BLIND in at:
            missed.update((seat, (True, False)) for seat in passed(deal.button, at[PostKind.SMALL_BLIND]))
        if rules.big_blind and PostKind.BIG_BLIND in at:
            start = at.get(PostKind.SMALL_BLIND, deal.button)
            missed.update((seat, (small > 0, True)) for seat in passed(start, at[PostKind.BIG_BLIND]))
        return missed

    def check_hand(self, state: HandState) -> HandInPlay:
        """The hand in play, after checking that ``state`` is a state of it (TableError if not): the same
        rules, stacks, button, forced bets and deck order as the hand this table dealt."""
        hand = self.hand
        if hand is None:
            raise TableError("no hand is in play at this table")
        if not isinstance(state, HandState):
            raise TableError(f"expected a HandState, got {quote(state)}")
        stacks = tuple(self._player(s).stack for s in hand.seats)
        setup = state.setup
        if (
            setup.starting_stacks != stacks
            or setup.button != hand.hand_button
            or setup.rules != hand.rules
            or setup.posts != hand.posts
        ):
            raise TableError(
                f"this hand was not dealt by this table: it has stacks {setup.starting_stacks}, "
                f"button {setup.button}; the table dealt stacks {stacks}, button {hand.hand_button}"
            )
        if hand.deck is not None and setup.deck != hand.deck:
            raise TableError(
                "this hand was not dealt by this table: its players, stacks and blinds match the "
                "hand in play but its deck is another (a hand dealt elsewhere, or a copy re-dealt)"
            )
        return hand

    def finish_hand(self, state: HandState) -> Table:
        """Take a finished hand back: stacks updated, the rake counted in ``rake_taken``, leaving players and
        busted ones (unless ``keep_busted``) moved to `departed` (hand them over with `take_departures`), the
        schedule's clock moved on one hand, and the button moved to the next player in the game."""
        hand = self.check_hand(state)
        result = state.result
        if result is None:
            raise TableError(
                f"the hand is not over: hand seat {state.actor} (table seat {hand.seats[state.actor or 0]}) is to act"
            )
        seats: list[Player | None] = list(self.seats)
        departed = list(self.departed)
        cashed_out = self.cashed_out
        for hand_seat, seat in enumerate(hand.seats):
            player = self._player(seat)
            if player.stack != state.stacks[hand_seat]:  # a new Player only where the stack changed
                seats[seat] = player = replaced(player, stack=state.stacks[hand_seat])
            if player.stack == 0 and self.keep_busted and not player.leaving:
                seats[seat] = replaced(player, sitting_out=True)
            elif player.leaving or player.stack == 0:
                departed.append(Departure(seat, player, "left" if player.stack else "busted"))
                cashed_out += player.stack
                seats[seat] = None
        clock = replaced(self.clock, hands=self.clock.hands + 1)
        in_game = [s for s, p in enumerate(seats) if p is not None and not p.sitting_out and not p.waiting]
        button = next((s for s in self._clockwise(hand.button + 1) if s in in_game), hand.button)
        return replaced(
            self,
            seats=tuple(seats),
            clock=clock,
            hands_played=self.hands_played + 1,
            hand=None,
            departed=tuple(departed),
            button=button,
            cashed_out=cashed_out,
            rake_taken=self.rake_taken + result.rake,
        )

    def take_departures(self) -> tuple[Table, tuple[Departure, ...]]:
        """Hand over the players who have left or busted since the last call: returns the table with
        `departed` emptied, and the departures (each with the seat, the player as they left, and the chips they
        took). Each departure is handed over exactly once, however many hands and leaves came between."""
        return replaced(self, departed=()), self.departed

    @property
    def chips_on_table(self) -> int:
        """The chips in the seated players' stacks (while a hand is in play: their stacks when it was dealt)."""
        return sum(player.stack for _, player in self.players)

    def check_chips(self) -> None:
        """TableError unless the chips add up: on the table + cashed out + rake taken == bought in."""
        on_table = self.chips_on_table
        if on_table + self.cashed_out + self.rake_taken != self.bought_in:
            raise TableError(
                f"the table's chips do not add up: {on_table} on the table + {self.cashed_out} "
                f"cashed out + {self.rake_taken} rake = {on_table + self.cashed_out + self.rake_taken}"
                f", but {self.bought_in} were bought in"
            )

    # --- players -----------------------------------------------------------------------------------------------

    def join(self, seat: int, name: str, stack: int) -> Table:
        """Seat a new player with the chips they buy in with (counted in ``bought_in``); they are dealt in as
        the table's rule for new players says (see the module)."""
        self._seat_index(seat)
        _name(name)
        if self.seats[seat] is not None:
            raise TableError(f"seat {seat} is taken by {self._player(seat).name}")
        _chips(f"{name}'s stack", stack, 1)
        same = self.name_taken(name)
        if same is not None:
            raise TableError(
                f"a player named {quote(same)} already sits at this table (names are the same whatever their case)"
            )
        table = self._put(seat, Player(name, stack, waiting=True))
        return attrs.evolve(table, bought_in=self.bought_in + stack)

    def name_taken(self, name: str) -> str | None:
        """The seated player's name that ``name`` would be the same as (`engine.validate.name_key`), or None."""
        key = name_key(name)
        return next((p.name for _, p in self.players if name_key(p.name) == key), None)

    def leave(self, seat: int) -> Table:
        """The player leaves: at once between hands or when not dealt in, else when the hand in play ends
        (`come_back` before then cancels it). Either way `departed` then holds them with the chips they take
        (counted in ``cashed_out``) until `take_departures` hands them over."""
        player = self._occupied(seat)
        if player.leaving:
            raise TableError(f"seat {seat} ({player.name}) is already leaving when the hand in play ends")
        if seat in self.hand_seats:
            return self._put(seat, attrs.evolve(player, leaving=True))
        table = self._put(seat, None)
        return attrs.evolve(
            table, departed=(*self.departed, Departure(seat, player, "left")), cashed_out=self.cashed_out + player.stack
        )

    def sit_out(self, seat: int) -> Table:
        """The player is dealt out from the next hand on (a hand in play plays on); a choice to post missed
        blinds is cancelled. TableError when they already sit out."""
        player = self._occupied(seat)
        if player.sitting_out:
            raise TableError(
                f"seat {seat} ({player.name}) is already sitting out"
                + (" (busted: add_chips brings them back)" if player.stack == 0 else "")
            )
        return self._put(seat, attrs.evolve(player, sitting_out=True, post_missed=False))

    def come_back(self, seat: int, *, post_missed: bool = False) -> Table:
        """The player is back: from sitting out, or, when they asked to leave during the hand in play, staying
        after all (a reconnect cancels the leave). Owing nothing, they are dealt in from the next hand (a new
        player still waits for the big blind, or posts with ``new_player_posts``). Owing missed blinds, they
        wait for the big blind, or with ``post_missed=True`` post what they owe and play the next hand their seat
        allows (see the module). A waiting debtor may call this again to change their choice. TableError for a
        player who is already back (not sitting out, not leaving, no choice changed), for a busted player with
        no chips (`add_chips` brings them back), and for ``post_missed=True`` when they owe nothing."""
        player = self._occupied(seat)
        flag(post_missed, "post_missed", error=TableError)
        if player.stack == 0:
            raise TableError(f"seat {seat} ({player.name}) has no chips: add_chips (a rebuy) brings them back")
        if post_missed and not player.owes:
            if seat in self.hand_seats:
                why = "they are in the hand in play"
            elif _new(player):
                why = "a new player waits for the big blind" + (
                    ", or posts a live blind at this table" if self.new_player_posts else ""
                )
            else:
                why = "they play from the next hand without posting" + (
                    f": come_back({seat})" if player.sitting_out else ""
                )
            raise TableError(
                f"seat {seat} ({player.name}) owes no missed blinds, so has none to post ({why}); "
                f"post_missed=True is for a player who owes the small or the big blind"
            )
        if not player.sitting_out and not player.leaving and post_missed == player.post_missed:
            state = (
                "waiting for the big blind"
                if player.waiting
                else "in the hand in play"
                if seat in self.hand_seats
                else "in the game"
            )
            raise TableError(f"seat {seat} ({player.name}) is not sitting out or leaving: they are {state}")
        return self._put(seat, attrs.evolve(player, sitting_out=False, leaving=False, post_missed=post_missed))

    def add_chips(self, seat: int, amount: int) -> Table:
        """Add chips to a player's stack (a rebuy or top-up, counted in ``bought_in``) between hands or while
        they are not dealt in. A busted player kept seated (``keep_busted``) is back in the game with them."""
        player = self._occupied(seat)
        _chips("the chips added", amount, 1)
        if seat in self.hand_seats:
            raise TableError(f"seat {seat} ({player.name}) is in the hand in play; add chips after it")
        back = player.sitting_out and player.stack == 0
        table = self._put(
            seat, attrs.evolve(player, stack=player.stack + amount, sitting_out=player.sitting_out and not back)
        )
        return attrs.evolve(table, bought_in=self.bought_in + amount)

    def with_time(self, minutes: float) -> Table:
        """The table at ``minutes`` (time since the table or tournament began, as the caller's clock says);
        tournament levels change with it. Time never goes back."""
        checked_minutes(
            minutes, f"the time (>= the table's time {self.minutes})", minimum=self.minutes, error=TableError
        )
        return attrs.evolve(self, minutes=minutes)

    def view(self, seat: int | None, state: HandState | None = None) -> TableView:
        """What the player in ``seat`` (None: a spectator) may know: every seat's public player data and, with
        ``state``, their view of the hand in play (a spectator's view when they are not dealt in)."""
        return self.views([seat], state)[seat]

    def views(self, seats: Iterable[int | None], state: HandState | None = None) -> dict[int | None, TableView]:
        """`view` for several seats at once (None: a spectator), with the hand's history replayed once: what a
        server sends to every seat after each change."""
        wanted = list(seats)
        for seat in wanted:
            if seat is not None:
                self._seat_index(seat)
        hands: dict[int | None, SeatView | None] = dict.fromkeys(wanted)
        if state is not None:
            self.check_hand(state)
            hand_seats = {seat: self.hand_seat(seat) if seat is not None else None for seat in wanted}
            built = seat_views(state, set(hand_seats.values()))
            hands = {seat: built[hand_seat] for seat, hand_seat in hand_seats.items()}
        return {
            seat: TableView(-1 if seat is None else seat, self.seats, self.button, self.hand_seats, hands[seat])
            for seat in wanted
        }

    def _seat_index(self, seat: object) -> None:
        whole(seat, "seat (a seat index)", minimum=0, maximum=len(self.seats) - 1, error=TableError)

    def _occupied(self, seat: int) -> Player:
        self._seat_index(seat)
        return self._player(seat)

    def _put(self, seat: int, player: Player | None) -> Table:
        seats = list(self.seats)
        seats[seat] = player
        return attrs.evolve(self, seats=seats)


@attrs.frozen(slots=True)
class TableView:
    """One seat's view of the table (``seat`` -1: a spectator): every seat's public player data (name, stack,
    sitting out...), the button, the hand's seat mapping, and the seat's `SeatView` of the hand in play."""

    seat: int
    seats: tuple[Player | None, ...]
    button: int
    hand_seats: tuple[int, ...]
    hand: SeatView | None
