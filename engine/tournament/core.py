"""The `Tournament`: many `Table` values, one structure of levels, and the rules that join them (the seat draw,
balancing and breaking tables, the final table, hand-for-hand on the money bubble, places and prizes).

Like a table it is an immutable value, pure and driven by its caller: the caller deals a table's next hand
(`Tournament.deal`), plays it (bots, people, a server), and reports it finished (`Tournament.finish`); the
tournament returns its new value and the events that happened (moves, tables broken, busts with places and
prizes, level changes, hand-for-hand on or off). Time is passed in (`Tournament.with_time`); chance comes
from the tournament's seed (the seat draws) and from the seeds the caller deals with. The rules, with
examples, are in docs/tournaments.md.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Collection, Sequence

import attrs

from engine.actions import Action
from engine.cards import Card, Deck
from engine.errors import TableError, TournamentError
from engine.rules import Rules
from engine.schedule import FixedGame, GameClock, MixedOmaha
from engine.state import HandState
from engine.table import Table
from engine.tournament import events as ev
from engine.tournament import seating
from engine.tournament.payouts import Percent, check_percentages, share, split, standard_percentages
from engine.tournament.structure import Structure
from engine.validate import MAX_EXACT, chips, count, count_of, flag, minutes, name_key, quote, whole
from engine.validate import name as checked_name


@attrs.frozen(slots=True)
class Entry:
    """One entry: ``name`` and its ``number`` (1; 2 for a re-entry...), the ``rebuys`` and ``addons`` bought,
    and once out, its places ``first`` to ``last`` (a range when shared) and ``prize``."""

    name: str
    number: int = 1
    rebuys: int = 0
    addons: int = 0
    first: int | None = None
    last: int | None = None
    prize: int = 0

    def __attrs_post_init__(self) -> None:
        checked_name(self.name, "an entrant's name", error=TournamentError)
        count(self.number, "an entry's number", minimum=1, error=TournamentError)
        count(self.rebuys, "an entry's rebuys", error=TournamentError)
        whole(self.addons, "an entry's add-ons", minimum=0, maximum=1, error=TournamentError)
        chips(self.prize, "an entry's prize", error=TournamentError)
        if (self.first is None) != (self.last is None) or (
            self.first is not None and self.last is not None and not 1 <= self.first <= self.last
        ):
            raise TournamentError(
                f"{self.name}'s places must be None or 1 <= first <= last, got {self.first!r} to {self.last!r}"
            )

    @property
    def placed(self) -> bool:
        return self.first is not None


@attrs.frozen(slots=True)
class Pending:
    """A bust in a hand-for-hand round, placed when every table has finished the round's hand: the entry (an
    index into `Tournament.entries`), the table and the stack the player began the hand with."""

    entry: int
    table: int
    stack: int


def _tables(value: Sequence[Table | None]) -> tuple[Table | None, ...]:
    return tuple(value)


@attrs.frozen(slots=True)
class Tournament:
    """A tournament: its ``structure``, ``seed`` (the seat draws), ``entries`` in the order they came, and once
    started its ``tables`` (a table's number is its index; None once broken). ``level`` is the level in force,
    begun at minute ``level_since`` and ``level_hands`` hands ago; ``minutes`` the time the caller last told;
    ``hands`` the hands finished; ``draws`` how many seat draws the seed has made; ``chips`` the chips brought
    in. ``hand_for_hand``: on the money bubble; ``round_dealt`` the tables that have dealt this round's hand,
    ``pending`` the round's busts waiting for their places. ``final_table``: the table left, once one is
    (announced once registration has closed). ``addon_window``: the players who may still take the add-on (until
    their next hand after the rebuy period). ``pool_fixed``: no entry, rebuy or add-on can come any more, so the
    prizes are known (before then a bust's prize is 0, paid when the pool is fixed)."""

    structure: Structure
    seed: int = 0
    entries: tuple[Entry, ...] = ()
    tables: tuple[Table | None, ...] = attrs.field(default=(), converter=_tables)
    started: bool = False
    level: int = 0
    level_hands: int = 0
    level_since: float = 0
    minutes: float = 0
    hands: int = 0
    draws: int = 0
    chips: int = 0
    hand_for_hand: bool = False
    round_dealt: frozenset[int] = frozenset()
    pending: tuple[Pending, ...] = ()
    final_table: int | None = None
    absent: frozenset[str] = frozenset()
    addon_window: frozenset[str] = frozenset()
    pool_fixed: bool = False

    def __attrs_post_init__(self) -> None:
        if not isinstance(self.structure, Structure):
            raise TournamentError(f"structure must be a Structure, got {quote(self.structure)}")
        whole(self.seed, "seed", minimum=0, error=TournamentError)
        for what in ("level_hands", "hands", "draws"):
            count(getattr(self, what), what, error=TournamentError)
        whole(self.level, "level", minimum=0, maximum=len(self.structure.levels.levels) - 1, error=TournamentError)
        chips(self.chips, "chips", error=TournamentError)
        minutes(self.minutes, "minutes", error=TournamentError)
        minutes(self.level_since, "level_since", error=TournamentError)
        if not all(isinstance(e, Entry) for e in self.entries):
            raise TournamentError(f"entries must be Entry values, got {quote(self.entries)}")
        if not all(t is None or isinstance(t, Table) for t in self.tables):
            raise TournamentError(f"tables must be Table values or None, got {quote(self.tables)}")
        if not isinstance(self.addon_window, frozenset) or not all(isinstance(n, str) for n in self.addon_window):
            raise TournamentError(f"addon_window must be a frozenset of names, got {quote(self.addon_window)}")
        flag(self.pool_fixed, "pool_fixed", error=TournamentError)

    # --- making one ----------------------------------------------------------------------------------------

    @classmethod
    def create(cls, structure: Structure, names: Sequence[str] = (), *, seed: int = 0) -> Tournament:
        """A tournament not yet started, with ``names`` registered (more with `register`)."""
        tournament = cls(structure, seed)
        for name in names:
            tournament = tournament.register(name)
        return tournament

    def register(self, name: str) -> Tournament:
        """``name`` registered before the start (names are unique among entrants still playing)."""
        checked_name(name, "an entrant's name", error=TournamentError)
        if self.started:
            late = "; late_register adds a player while it is open" if self.registration_open else ""
            raise TournamentError(
                f"the tournament has started: register is for before the start ({quote(name)} came late{late})"
            )
        self._check_unique(name)
        return attrs.evolve(self, entries=(*self.entries, Entry(name)))

    def _check_unique(self, name: str) -> None:
        """Refuses a name an entrant has already, whatever its case or width (a table seats one of them only)."""
        same = next((e.name for e in self.entries if name_key(e.name) == name_key(name)), None)
        if same == name:
            raise TournamentError(f"{quote(name)} is already registered; names must be unique")
        if same is not None:
            raise TournamentError(
                f"{quote(name)} is the same name as {quote(same)}, registered already: names are the same whatever "
                f"their case or width, and must be unique"
            )

    def start(self, at: float = 0) -> tuple[Tournament, tuple[ev.TournamentEvent, ...]]:
        """The seat draw at minute ``at``: as few tables as the entrants fit at, the players dealt to them in
        turn in a random order (so the tables differ by one at most), each at a random seat, each table's
        button at a random seat. Events: `Seated` for everyone, `FinalTable` when they fit at one table."""
        if self.started:
            raise TournamentError("the tournament has already started")
        minutes(at, "the start (minutes)", error=TournamentError)
        size = self.structure.table_size
        if len(self.entries) < 2:
            raise TournamentError(f"a tournament needs 2 entrants or more, got {len(self.entries)}")
        if self.paid_places > len(self.entries):
            raise TournamentError(
                f"the payout table pays {count_of(self.paid_places, 'place')} but {len(self.entries)} "
                f"entered: give a table of at most {count_of(len(self.entries), 'place')}"
            )
        stack = self.structure.starting_stack
        if stack * len(self.entries) > MAX_EXACT:
            raise TournamentError(f"{len(self.entries)} stacks of {stack} exceed {MAX_EXACT} chips in play")
        rng = self._rng(0)
        names = [entry.name for entry in self.entries]
        rng.shuffle(names)
        count_tables = -(-len(names) // size)
        schedule = self.structure.levels.levels[0].schedule
        tables = []
        events: list[ev.TournamentEvent] = []
        for number in range(count_tables):
            players = names[number::count_tables]
            seats = rng.sample(range(size), len(players))
            table = Table.new(schedule, size, button=rng.randrange(size))
            for name, where in sorted(zip(players, seats, strict=True), key=lambda pair: pair[1]):
                table = table.join(where, name, stack)
                events.append(ev.Seated(name, number, where))
            tables.append(seating.release(table))  # at the start nobody waits
        started = attrs.evolve(
            self, tables=tables, started=True, minutes=at, level_since=at, draws=1, chips=stack * len(self.entries)
        )
        started = attrs.evolve(started, pool_fixed=not started._pool_open)
        if count_tables == 1 and not started.registration_open:
            started = attrs.evolve(started, final_table=0)
            events.append(ev.FinalTable(0, len(names)))
        started.check()
        return started, tuple(events)

    # --- reading it ----------------------------------------------------------------------------------------

    @property
    def rules(self) -> Rules:
        """The game of the level in force."""
        return self.structure.levels.levels[self.level].rules

    @property
    def pool(self) -> int:
        """The prize pool: every entry's buy-in, rebuys and add-on."""
        return sum(self.structure.entry_money(entry.rebuys, entry.addons) for entry in self.entries)

    @property
    def registration_open(self) -> bool:
        """Whether players may still enter: before the start, and through the first ``late_levels`` levels."""
        return not self.started or (not self.is_over and self.level < self.structure.late_levels)

    @property
    def rebuys_open(self) -> bool:
        """Whether the rebuy period is on (its first ``rebuy_levels`` levels)."""
        return self.started and not self.is_over and self.level < self.structure.rebuy_levels

    @property
    def _pool_open(self) -> bool:
        """Whether money may still come into the pool: registration, the rebuy period or the add-on open."""
        return not self.is_over and (
            self.registration_open or self.level < self.structure.rebuy_levels or bool(self.addon_window)
        )

    @property
    def percentages(self) -> tuple[Percent, ...]:
        return (
            self.structure.payouts
            if self.structure.payouts is not None
            else standard_percentages(max(1, len(self.entries)))
        )

    @property
    def paid_places(self) -> int:
        return len(self.percentages)

    @property
    def prizes(self) -> tuple[int, ...]:
        """The prize of each paid place, first place first, adding up to the pool exactly."""
        return split(self.pool, check_percentages(self.percentages))

    @property
    def remaining(self) -> int:
        """Entries without a place yet (playing, or busted in a hand-for-hand round not yet over)."""
        return sum(1 for entry in self.entries if not entry.placed)

    @property
    def still_in(self) -> int:
        """Entries still in as a table's line counts them: those without a place, and the winner once there is one
        (the tournament over, its winner is still in: "1 of 9 left", not none)."""
        return sum(1 for entry in self.entries if not entry.placed or entry.first == 1)

    @property
    def live_tables(self) -> tuple[int, ...]:
        return tuple(number for number, table in enumerate(self.tables) if table is not None)

    @property
    def is_over(self) -> bool:
        return self.started and all(entry.placed for entry in self.entries)

    @property
    def dealable(self) -> tuple[int, ...]:
        """The tables that may deal their next hand now: between hands, two players ready, and (hand-for-hand)
        not yet dealt this round, with no hand from before hand-for-hand still in play."""
        if not self.started or self.is_over or not self._round_may_deal():
            return ()
        return tuple(
            number
            for number, table in enumerate(self.tables)
            if table is not None and table.hand is None and len(table.players) >= 2 and number not in self.round_dealt
        )

    def locate(self, name: str) -> tuple[int, int]:
        """(table, seat) of the player called ``name``; TournamentError when they are not seated."""
        for number, table in enumerate(self.tables):
            if table is not None:
                for where, player in table.players:
                    if player.name == name:
                        return number, where
        raise TournamentError(f"no player named {quote(name)} is seated in this tournament")

    def table(self, number: int) -> Table:
        """Table ``number``; TournamentError when there is none (or it broke)."""
        whole(number, "a table number", minimum=0, error=TournamentError)
        if number >= len(self.tables) or self.tables[number] is None:
            live = ", ".join(map(str, self.live_tables)) or "none"
            raise TournamentError(f"there is no table {number} in play; the tables in play are {live}")
        table = self.tables[number]
        assert table is not None
        return table

    def set_absent(self, name: str, absent: bool = True) -> Tournament:
        """Mark a seated player absent (or back): an absent player is still dealt in and posts the blinds and
        antes, and `acts_for` checks or folds for them (blinded off, as tournaments do), until they are back."""
        self.locate(name)
        flag(absent, "absent", error=TournamentError)
        return attrs.evolve(self, absent=self.absent | {name} if absent else self.absent - {name})

    def acts_for(self, number: int, state: HandState) -> Action | None:
        """The action the tournament takes for the player to act in table ``number``'s hand ``state`` when they
        are absent (check if they may, else fold; show at a showdown); None when they are present (or nobody
        is to act)."""
        table = self.table(number)
        if state.actor is None or table.hand is None:
            return None
        player = table.seats[table.hand.seats[state.actor]]
        return state.legal_actions().default if player is not None and player.name in self.absent else None

    # --- coming in and buying chips -------------------------------------------------------------------------

    def late_register(self, name: str) -> tuple[Tournament, tuple[ev.TournamentEvent, ...]]:
        """``name`` enters after the start while registration is open: the starting stack, a seat drawn at
        random among the tables with the fewest players (a new table when every seat is taken), dealt in at
        once unless the seat is between the small blind and the button. Events: `Seated` ("late"), moves."""
        checked_name(name, "an entrant's name", error=TournamentError)
        if not self.started:
            raise TournamentError(f"the tournament has not started: register({quote(name)}) enters it")
        self._check_registration(name)
        if any(entry.name == name for entry in self.entries):
            raise TournamentError(
                f"{quote(name)} has entered already; a busted player enters again with reenter "
                f"({count_of(self.structure.reentries, 're-entry', 're-entries')} allowed)"
            )
        self._check_unique(name)
        return self._enter(name, 1, "late")

    def reenter(self, name: str) -> tuple[Tournament, tuple[ev.TournamentEvent, ...]]:
        """``name``, busted, enters again as a new entry (the starting stack, a new seat drawn as for a late
        registration) while registration is open, up to the structure's ``reentries``. Events as `late_register`
        (`Seated` with reason "reentry")."""
        checked_name(name, "an entrant's name", error=TournamentError)
        self._check_registration(name)
        mine = [entry for entry in self.entries if entry.name == name]
        if not mine:
            raise TournamentError(f"{quote(name)} has not entered; late_register enters a new player")
        if not all(entry.placed for entry in mine):
            raise TournamentError(f"{quote(name)} is still playing (entry {mine[-1].number}); re-entry is after a bust")
        if len(mine) > self.structure.reentries:
            raise TournamentError(
                f"{quote(name)} has used the {count_of(self.structure.reentries, 're-entry', 're-entries')} this "
                f"structure allows"
            )
        return self._enter(name, len(mine) + 1, "reentry")

    def _check_registration(self, name: str) -> None:
        if not self.started:
            return
        if not self.registration_open:
            late = self.structure.late_levels
            when = f"at the end of level {late}" if late else "at the start (the structure has no late registration)"
            raise TournamentError(f"registration closed {when}; {quote(name)} came too late")

    def _enter(self, name: str, number: int, reason: str) -> tuple[Tournament, tuple[ev.TournamentEvent, ...]]:
        stack = self.structure.starting_stack
        if self.chips + stack > MAX_EXACT:
            raise TournamentError(f"another {stack} chips would exceed {MAX_EXACT} chips in play")
        work = _Work(self)
        work.add_entry(Entry(name, number), stack)
        work.seat_entry(name, stack, reason)
        work.settle()
        tournament = work.done()
        tournament.check()
        return tournament, tuple(work.events)

    def rebuy_refusal(self, name: str, stack: int | None = None) -> str | None:
        """Why ``name`` may not rebuy now (None when they may): the rebuy period, their count, their stack
        (``stack``: the chips they would rebuy at, by default their stack now)."""
        entry = self._playing_entry(name)
        if entry is None:
            return f"{quote(name)} has no entry in play"
        structure = self.structure
        if not self.rebuys_open:
            return (
                f"the rebuy period ended with level {structure.rebuy_levels}"
                if structure.rebuy_levels
                else "this structure has no rebuys"
            )
        if structure.max_rebuys is not None and entry.rebuys >= structure.max_rebuys:
            return f"{quote(name)} has made the {structure.max_rebuys} rebuys allowed per entry"
        if stack is None:
            number, seat = self.locate(name)
            stack = self.table(number).seats[seat].stack  # type: ignore[union-attr]
        if stack > structure.rebuy_threshold:
            return f"{quote(name)} has {stack} chips; a rebuy is at {structure.rebuy_threshold} chips or fewer"
        return None

    def rebuy(self, name: str) -> tuple[Tournament, tuple[ev.TournamentEvent, ...]]:
        """``name`` rebuys between hands (or while not dealt in): ``rebuy_chips`` more for ``rebuy_cost``, during
        the rebuy period, at or below the threshold. A player who busts rebuys through `finish`'s ``rebuys``.
        Event: `Rebought`."""
        refusal = self.rebuy_refusal(name)
        if refusal is not None:
            raise TournamentError(f"{quote(name)} may not rebuy: {refusal}")
        return self._buy(name, "rebuy")

    def addon(self, name: str) -> tuple[Tournament, tuple[ev.TournamentEvent, ...]]:
        """``name`` takes the add-on: ``addon_chips`` for ``addon_cost``, once, when the rebuy period has ended
        and before their next hand. Event: `Rebought` (kind "addon")."""
        if name not in self.addon_window:
            why = (
                "this structure has no add-on"
                if not self.structure.addon_chips
                else "it is offered when the rebuy period ends, once, before the player's next hand"
            )
            raise TournamentError(f"{quote(name)} may not take the add-on now: {why}")
        return self._buy(name, "addon")

    def _buy(self, name: str, kind: str) -> tuple[Tournament, tuple[ev.TournamentEvent, ...]]:
        number, seat = self.locate(name)
        table = self.table(number)
        if seat in table.hand_seats:
            raise TournamentError(f"{quote(name)} is in the hand in play at table {number}; buy chips after it")
        amount = self.structure.rebuy_chips if kind == "rebuy" else self.structure.addon_chips
        if self.chips + amount > MAX_EXACT:
            raise TournamentError(f"another {amount} chips would exceed {MAX_EXACT} chips in play")
        work = _Work(self)
        work.tables[number] = table.add_chips(seat, amount)
        work.bought(name, kind)
        work.settle()
        tournament = work.done()
        tournament.check()
        return tournament, tuple(work.events)

    def _playing_entry(self, name: str) -> Entry | None:
        pending = {self.entries[p.entry].name for p in self.pending}
        return next((e for e in self.entries if e.name == name and not e.placed and name not in pending), None)

    # --- hands ---------------------------------------------------------------------------------------------

    def deal(
        self, number: int, *, seed: int | str | bytes | None = None, deck: Deck | Sequence[Card] | None = None
    ) -> tuple[Tournament, HandState]:
        """Deal table ``number``'s next hand (the deck as `Table.start_next_hand`): the tournament with the hand
        in play and its first state. TournamentError when the table may not deal now (a hand in play, fewer
        than two players, hand-for-hand waiting for other tables)."""
        table = self.table(number)
        if not self.started or self.is_over:
            raise TournamentError(
                "the tournament is not under way: " + ("it is over" if self.started else "start it first")
            )
        if self.hand_for_hand:
            if number in self.round_dealt:
                waiting = [n for n in self.live_tables if n not in self.round_dealt or self.table(n).hand]
                raise TournamentError(
                    f"hand-for-hand: table {number} has played this round's hand; it deals again "
                    f"when every table has finished its hand (tables {waiting} have not)"
                )
            if not self._round_may_deal():
                raise TournamentError(
                    "hand-for-hand: every table finishes the hand it dealt before hand-for-hand "
                    "began before any deals the first hand-for-hand hand"
                )
        try:
            table, state = table.start_next_hand(seed=seed, deck=deck)
        except TableError as exc:
            raise TournamentError(f"table {number} cannot deal: {exc}") from None
        dealt = self.round_dealt | {number} if self.hand_for_hand else self.round_dealt
        # the add-on is taken before the player's next hand: once dealt in, the offer is gone
        window = self.addon_window - {table.seats[seat].name for seat in table.hand_seats}  # type: ignore[union-attr]
        changed = attrs.evolve(self, tables=_put(self.tables, number, table), round_dealt=dealt, addon_window=window)
        return changed, state

    def _round_may_deal(self) -> bool:
        """Outside hand-for-hand, always; in it, once no hand dealt before it began is in play."""
        return not self.hand_for_hand or all(
            table.hand is None or number in self.round_dealt
            for number, table in enumerate(self.tables)
            if table is not None
        )

    def finish(
        self, number: int, state: HandState, *, rebuys: Collection[str] = ()
    ) -> tuple[Tournament, tuple[ev.TournamentEvent, ...]]:
        """Take table ``number``'s finished hand back: the players named in ``rebuys`` (dealt into the hand, and
        allowed: see `rebuy_refusal`) rebuy at once, a busted one keeping their seat; other busts placed (or
        held to the end of a hand-for-hand round), a level of hands moved on, tables broken and balanced,
        hand-for-hand switched, the winner placed; then every invariant checked (`check`). Returns the
        tournament and the events, in order."""
        table = self.table(number)
        try:
            hand = table.check_hand(state)
            finished = table.finish_hand(state)
        except TableError as exc:
            raise TournamentError(f"table {number}: {exc}") from None
        names = [table.seats[seat].name for seat in hand.seats]  # type: ignore[union-attr]
        rebuying = {rebuys} if isinstance(rebuys, str) else set(rebuys)
        for name in sorted(rebuying):
            if name not in names:
                raise TournamentError(f"{quote(name)} was not dealt into table {number}'s hand; rebuy() between hands")
            refusal = self.rebuy_refusal(name, state.stacks[names.index(name)])
            if refusal is not None:
                raise TournamentError(f"{quote(name)} may not rebuy: {refusal}")
        table, departures = finished.take_departures()
        work = _Work(self)
        for name in sorted(rebuying, key=names.index):
            seat = hand.seats[names.index(name)]
            if table.seats[seat] is None:  # busted: back in the same seat, the button as if they never left
                table = seating.rebuy_seat(table, seat, name, self.structure.rebuy_chips, hand.button)
            else:
                table = table.add_chips(seat, self.structure.rebuy_chips)
            work.bought(name, "rebuy")
        departures = tuple(d for d in departures if d.player.name not in rebuying)
        work.tables[number] = table
        work.hands += 1
        work.level_hands += 1
        index = {entry.name: i for i, entry in enumerate(self.entries) if not entry.placed}
        busts = [
            Pending(index[d.player.name], number, state.setup.starting_stacks[hand.seats.index(d.seat)])
            for d in departures
            if d.reason == "busted"
        ]
        if self.hand_for_hand and number in self.round_dealt:
            work.pending.extend(busts)
        elif busts:
            work.place(busts, shared=False)
        level = self.structure.levels.levels[work.level]
        if (
            level.hands is not None
            and work.level_hands >= level.hands
            and work.level < len(self.structure.levels.levels) - 1
        ):
            work.next_level(work.minutes)
        work.settle()
        tournament = work.done()
        tournament.check()
        return tournament, tuple(work.events)

    def with_time(self, at: float) -> tuple[Tournament, tuple[ev.TournamentEvent, ...]]:
        """The tournament at minute ``at`` (never earlier than the last time told): levels of minutes that
        have run out end, each next level beginning when the last one's minutes were up."""
        minutes(
            at, f"the time (at least the tournament's time {self.minutes})", minimum=self.minutes, error=TournamentError
        )
        work = _Work(self)
        work.minutes = at
        if not self.started:
            return work.done(), ()
        levels = self.structure.levels.levels
        while work.level < len(levels) - 1:
            length = levels[work.level].minutes
            if length is None or at - work.level_since < length:
                break
            work.next_level(work.level_since + length)
        work.settle()
        return work.done(), tuple(work.events)

    # --- the invariants ------------------------------------------------------------------------------------

    def check(self) -> None:
        """TournamentError unless every invariant holds: the chips on the tables are the chips brought in;
        each table's own chip ledger adds up; every entry is either playing (seated once, or busted in the
        hand-for-hand round under way) or has exactly one place, and the places taken are the last ones, each
        shared by as many entries as it spans; the tables between hands differ from the shortest by one at
        most and none could break; once over, the prizes add up to the pool."""
        if not self.started:
            return
        seated: dict[str, int] = {}
        on_tables = 0
        for number, table in enumerate(self.tables):
            if table is None:
                continue
            try:
                table.check_chips()
            except TableError as exc:
                raise TournamentError(f"table {number}: {exc}") from None
            for _, player in table.players:
                if player.name in seated:
                    raise TournamentError(f"{player.name} is seated at tables {seated[player.name]} and {number}")
                seated[player.name] = number
                on_tables += player.stack
        if on_tables != self.chips:
            raise TournamentError(
                f"the tables hold {on_tables} chips, but {self.chips} were brought in (entries, "
                f"rebuys and add-ons): chips appeared or vanished"
            )
        bought = sum(self.structure.entry_chips(entry.rebuys, entry.addons) for entry in self.entries)
        if bought != self.chips:
            raise TournamentError(
                f"the entries brought in {bought} chips (starting stacks, rebuys and add-ons), but the "
                f"tournament counts {self.chips}"
            )
        self._check_buys()
        self._check_entries(seated)
        self._check_tables()

    def _check_buys(self) -> None:
        """Each player's entries numbered 1, 2... in order, within the re-entries allowed, at most one in play;
        rebuys and add-ons within the structure; the add-on offered only to players in play; no prize paid
        before the pool is fixed."""
        structure = self.structure
        numbers: dict[str, int] = {}
        playing: set[str] = set()
        for entry in self.entries:
            numbers[entry.name] = numbers.get(entry.name, 0) + 1
            if entry.number != numbers[entry.name]:
                raise TournamentError(
                    f"{entry.name}'s entries must be numbered 1, 2... in order; entry {numbers[entry.name]} says "
                    f"{entry.number}"
                )
            if entry.number > structure.reentries + 1:
                raise TournamentError(
                    f"{entry.name} has {entry.number} entries; the structure allows "
                    f"{count_of(structure.reentries, 're-entry', 're-entries')}"
                )
            if not entry.placed:
                if entry.name in playing:
                    raise TournamentError(f"{entry.name} has two entries in play; a player plays one at a time")
                playing.add(entry.name)
            if structure.max_rebuys is not None and entry.rebuys > structure.max_rebuys:
                raise TournamentError(f"{entry.name} made {entry.rebuys} rebuys; at most {structure.max_rebuys}")
            if entry.addons and not structure.addon_chips:
                raise TournamentError(f"{entry.name} took an add-on, but the structure offers none")
            if entry.prize and not self.pool_fixed:
                raise TournamentError(f"{entry.name} was paid {entry.prize} before the prize pool was fixed")
        if not self.addon_window <= playing:
            raise TournamentError(
                f"the add-on is offered to {sorted(self.addon_window - playing)}, who are not playing"
            )

    def _check_entries(self, seated: dict[str, int]) -> None:
        pending = {p.entry for p in self.pending}
        unplaced = [i for i, entry in enumerate(self.entries) if not entry.placed]
        over = len(unplaced) == 0
        for i, entry in enumerate(self.entries):
            playing = entry.name in seated and not entry.placed and i not in pending
            states = [playing, i in pending, entry.placed]
            if sum(states) != 1 and not (over and entry.first == 1 and entry.name in seated):
                raise TournamentError(
                    f"{entry.name} (entry {entry.number}) must be playing, busted in this "
                    f"hand-for-hand round or placed, exactly one of them; is "
                    f"{'seated ' if entry.name in seated else ''}"
                    f"{'pending ' if i in pending else ''}"
                    f"{'placed' if entry.placed else ''}".strip()
                )
        live = {self.entries[i].name for i in unplaced if i not in pending}
        if not over and set(seated) != live:
            raise TournamentError(
                f"the seated players {sorted(set(seated) - live)} have no entry in play, or the "
                f"entries {sorted(live - set(seated))} have no seat"
            )
        spans: dict[tuple[int, int], int] = {}
        for entry in self.entries:
            if entry.first is not None and entry.last is not None:
                spans[entry.first, entry.last] = spans.get((entry.first, entry.last), 0) + 1
        covered: list[int] = []
        for (first, last), holders in spans.items():
            if holders != last - first + 1:
                raise TournamentError(
                    f"places {first} to {last} are held by {holders} entries; a shared place is "
                    f"held by as many entries as it spans"
                )
            covered.extend(range(first, last + 1))
        if sorted(covered) != list(range(len(unplaced) + 1, len(self.entries) + 1)):
            raise TournamentError(
                f"the places given ({sorted(covered)}) are not the last {len(covered)} of {len(self.entries)}"
            )
        if over and sum(entry.prize for entry in self.entries) != self.pool:
            raise TournamentError(
                f"the prizes add up to {sum(e.prize for e in self.entries)}, not the pool {self.pool}"
            )

    def _check_tables(self) -> None:
        if self.is_over:
            return
        counts = {n: len(t.players) for n, t in enumerate(self.tables) if t is not None}
        shortest = min(counts.values())
        size = self.structure.table_size
        for number, players in counts.items():
            if self.table(number).hand is not None:
                continue
            if players > shortest + 1:
                raise TournamentError(
                    f"table {number} has {count_of(players, 'player')} and another {shortest}: tables "
                    f"between hands differ by one player at most"
                )
            if len(counts) > 1 and sum(size - c for n, c in counts.items() if n != number) >= players:
                raise TournamentError(
                    f"table {number} ({count_of(players, 'player')}) should have broken: the other tables "
                    f"have seats for its players"
                )

    def _rng(self, draw: int) -> random.Random:
        digest = hashlib.blake2b(f"{self.seed}:draw:{draw}".encode(), digest_size=8).digest()
        return random.Random(int.from_bytes(digest, "big"))


def _with_schedule(table: Table, schedule: FixedGame | MixedOmaha) -> Table:
    """``table`` dealing ``schedule`` from its next hand: a Mixed Omaha rotation keeps its place (its orbit goes
    on at the new level's blinds); any other change of kind starts the schedule's clock afresh."""
    keep = type(schedule) is type(table.schedule)
    return attrs.evolve(table, schedule=schedule, clock=table.clock if keep else GameClock())


def _put(tables: tuple[Table | None, ...], number: int, table: Table | None) -> tuple[Table | None, ...]:
    return (*tables[:number], table, *tables[number + 1 :])


class _Work:
    """A tournament being changed by one transition: plain lists and sets, turned back into a value by `done`.

    The tournament's plain fields a transition changes are the ones annotated here: `__init__` reads them and
    `done` writes them back by these names (`_CARRIED`), so the list is stated once."""

    draws: int
    hands: int
    level: int
    level_hands: int
    level_since: float
    minutes: float
    hand_for_hand: bool
    final_table: int | None
    chips: int
    pool_fixed: bool

    def __init__(self, tournament: Tournament) -> None:
        self.t = tournament
        for name in _CARRIED:
            setattr(self, name, getattr(tournament, name))
        self.tables = list(tournament.tables)
        self.entries = list(tournament.entries)
        self.pending = list(tournament.pending)
        self.round_dealt = set(tournament.round_dealt)
        self.addon_window = set(tournament.addon_window)
        self.events: list[ev.TournamentEvent] = []

    def done(self) -> Tournament:
        return attrs.evolve(
            self.t,
            tables=tuple(self.tables),
            entries=tuple(self.entries),
            pending=tuple(self.pending),
            round_dealt=frozenset(self.round_dealt),
            addon_window=frozenset(self.addon_window),
            **{name: getattr(self, name) for name in _CARRIED},
        )

    def snapshot(self) -> Tournament:
        """The tournament as it stands mid-transition (its invariants not yet checked)."""
        return self.done()

    def rng(self) -> random.Random:
        self.draws += 1
        return self.t._rng(self.draws - 1)

    def live(self) -> list[int]:
        return [n for n, t in enumerate(self.tables) if t is not None]

    def at(self, number: int) -> Table:
        """A table still in play (the callers have it from `live`)."""
        table = self.tables[number]
        assert table is not None, f"table {number} is broken"
        return table

    def players(self, number: int) -> int:
        table = self.tables[number]
        return 0 if table is None else len(table.players)

    def next_level(self, since: float) -> None:
        """The next level: each table's game from its next hand (a Mixed Omaha rotation goes on with its orbit
        at the new blinds); registration and the rebuy period close at their levels' ends."""
        structure = self.t.structure
        self.level += 1
        self.level_hands = 0
        self.level_since = since
        level = structure.levels.levels[self.level]
        schedule = level.schedule
        self.tables = [None if t is None else _with_schedule(t, schedule) for t in self.tables]
        self.events.append(ev.LevelChanged(self.level, level.rules, level.mixed_with))
        if self.level == structure.late_levels:
            self.events.append(ev.RegistrationClosed(len(self.entries)))
        if self.level == structure.rebuy_levels:
            if structure.addon_chips:
                self.addon_window = {e.name for e in self.entries if not e.placed}
                self.addon_window -= {self.entries[p.entry].name for p in self.pending}
            self.events.append(ev.RebuysClosed(tuple(sorted(self.addon_window))))

    # --- entries and chips ---------------------------------------------------------------------------------

    def add_entry(self, entry: Entry, stack: int) -> None:
        """A new entry (late or a re-entry): every place already given moves down one, as the field grew."""
        self.entries = [
            e if not e.placed else attrs.evolve(e, first=e.first + 1, last=e.last + 1)  # type: ignore[operator]
            for e in self.entries
        ]
        self.entries.append(entry)
        self.chips += stack

    def draw_seat(self, tables: list[int], rng: random.Random) -> tuple[int, int]:
        """(table, seat): an empty seat drawn at random among the ``tables`` (each with a seat free) that have the
        fewest players, the one rule for a late entrant's seat and a broken table's players'."""
        fewest = min(self.players(n) for n in tables)
        seats = [
            (n, s) for n in tables if self.players(n) == fewest for s, p in enumerate(self.at(n).seats) if p is None
        ]
        return seats[rng.randrange(len(seats))]

    def seat_entry(self, name: str, stack: int, reason: str) -> None:
        """A seat drawn at random among the tables with the fewest players (a new table when all are full)."""
        size = self.t.structure.table_size
        rng = self.rng()
        open_tables = [n for n in self.live() if self.players(n) < size]
        if not open_tables:
            schedule = self.t.structure.levels.levels[self.level].schedule
            self.tables.append(Table.new(schedule, size, button=rng.randrange(size)))
            open_tables = [len(self.tables) - 1]
            self.events.append(ev.TableOpened(open_tables[0]))
        number, where = self.draw_seat(open_tables, rng)
        self.tables[number], waiting = seating.seat(self.at(number), where, name, stack)
        self.events.append(ev.Seated(name, number, where, reason, waiting))

    def bought(self, name: str, kind: str) -> None:
        """Count a rebuy or add-on of ``name``'s entry in play (the chips are already on their table)."""
        structure = self.t.structure
        index = next(i for i, e in enumerate(self.entries) if e.name == name and not e.placed)
        entry = self.entries[index]
        if kind == "rebuy":
            amount, cost = structure.rebuy_chips, structure.rebuy_cost
            self.entries[index] = attrs.evolve(entry, rebuys=entry.rebuys + 1)
        else:
            amount, cost = structure.addon_chips, structure.addon_cost
            self.entries[index] = attrs.evolve(entry, addons=entry.addons + 1)
            self.addon_window.discard(name)
        self.chips += amount
        self.events.append(ev.Rebought(name, amount, kind, entry.number, cost))

    def fix_pool(self, *, over: bool = False) -> None:
        """Once no money can come in (registration and the rebuy period over, the add-on taken or passed) or the
        tournament is over: the prizes are known; places already given are paid."""
        if self.pool_fixed:
            return
        structure = self.t.structure
        if not over and (
            self.level < structure.late_levels or self.level < structure.rebuy_levels or self.addon_window
        ):
            return
        self.pool_fixed = True
        prizes = self.snapshot().prizes
        spans: dict[tuple[int, int], list[int]] = {}
        for i, entry in enumerate(self.entries):
            if entry.first is not None and entry.last is not None:
                spans.setdefault((entry.first, entry.last), []).append(i)
        for (first, last), holders in spans.items():
            amount = sum(prizes[place - 1] for place in range(first, last + 1) if place <= len(prizes))
            for i, prize in zip(holders, share(amount, len(holders)), strict=True):
                self.entries[i] = attrs.evolve(self.entries[i], prize=prize)
        self.events.append(ev.PrizePoolFixed(self.snapshot().pool, prizes))

    # --- places --------------------------------------------------------------------------------------------

    def place(self, busts: list[Pending], *, shared: bool) -> None:
        """Give ``busts`` (out at the same time) the last places still open: all sharing them when ``shared``,
        else by the stacks they began the hand with (the bigger the better place; equal stacks share)."""
        left = sum(1 for entry in self.entries if not entry.placed)
        groups: list[list[Pending]] = []
        if shared:
            groups = [busts]
        else:
            for bust in sorted(busts, key=lambda b: b.stack):
                if groups and groups[-1][0].stack == bust.stack:
                    groups[-1].append(bust)
                else:
                    groups.append([bust])
        prizes = self.snapshot().prizes if self.pool_fixed else ()
        for group in groups:
            first, last = left - len(group) + 1, left
            amount = sum(prizes[place - 1] for place in range(first, last + 1) if place <= len(prizes))
            order = sorted(group, key=lambda b: (-b.stack, b.entry))
            for bust, prize in zip(order, share(amount, len(group)), strict=True):
                entry = self.entries[bust.entry]
                self.entries[bust.entry] = attrs.evolve(entry, first=first, last=last, prize=prize)
                self.addon_window.discard(entry.name)
                self.events.append(ev.Busted(entry.name, entry.number, bust.table, first, last, prize))
            left -= len(group)

    # --- tables --------------------------------------------------------------------------------------------

    def settle(self) -> None:
        """After a hand: waiting players the button has passed dealt in; tables broken while the others have
        seats for their players, then balanced; the hand-for-hand round closed, hand-for-hand switched; the
        final table and the winner announced."""
        self.tables = [t if t is None or t.hand is not None else seating.release(t) for t in self.tables]
        while self.break_one() or self.balance_one():
            pass
        self.fix_pool()
        live = self.live()
        if (
            self.hand_for_hand
            and all(self.at(n).hand is None for n in live)
            and all(n in self.round_dealt or self.players(n) < 2 for n in live)
        ):
            if self.pending:
                self.place(self.pending, shared=len({p.table for p in self.pending}) > 1)
                self.pending = []
            self.round_dealt = set()
        left = sum(1 for entry in self.entries if not entry.placed)
        bubble = self.pool_fixed and len(live) > 1 and left == self.snapshot().paid_places + 1
        if bubble != self.hand_for_hand and not self.pending and not self.round_dealt:
            self.hand_for_hand = bubble
            self.events.append(ev.HandForHand(bubble))
        registration_closed = self.level >= self.t.structure.late_levels
        if len(live) == 1 and self.final_table is None and registration_closed:
            self.final_table = live[0]
            self.events.append(ev.FinalTable(live[0], self.players(live[0])))
        if left == 1 and not self.pending:
            self.fix_pool(over=True)
            winner = next(i for i, entry in enumerate(self.entries) if not entry.placed)
            prize = self.snapshot().prizes[0]
            self.entries[winner] = attrs.evolve(self.entries[winner], first=1, last=1, prize=prize)
            self.addon_window.clear()
            self.events.append(ev.TournamentOver(self.entries[winner].name, prize))

    def break_one(self) -> bool:
        """Break the highest-numbered table between hands whose players the other tables have seats for; its
        players draw seats at random among the tables with the fewest players."""
        live = self.live()
        if len(live) < 2:
            return False
        size = self.t.structure.table_size
        free = sum(size - self.players(n) for n in live)  # empty seats in play: counted once, not per table
        for number in reversed(live):
            table = self.tables[number]
            assert table is not None
            if table.hand is not None:
                continue
            room = free - (size - self.players(number))
            if room < len(table.players):
                continue
            self.events.append(ev.TableBroken(number))
            rng = self.rng()
            players = list(table.players)
            rng.shuffle(players)
            for where, player in players:
                others = [n for n in live if n != number and self.players(n) < size]
                to_table, to_seat = self.draw_seat(others, rng)
                self.move(number, where, to_table, to_seat, "break", player.stack)
            self.tables[number] = None
            return True
        return False

    def balance_one(self) -> bool:
        """Move one player when a table between hands has two more than the shortest: the fullest such table's
        next big blind goes to the worst seat of the shortest table (the lowest-numbered among equals)."""
        live = self.live()
        if len(live) < 2:
            return False
        shortest = min(live, key=lambda n: (self.players(n), n))
        fullest = max(
            (n for n in live if self.at(n).hand is None),
            key=lambda n: (self.players(n), -n),
            default=None,
        )
        if fullest is None or self.players(fullest) < self.players(shortest) + 2:
            return False
        source, target = self.at(fullest), self.at(shortest)
        try:
            where = seating.next_big_blind(source)
        except TableError:
            where = source.players[0][0]
        mover = source.seats[where]
        assert mover is not None
        self.move(fullest, where, shortest, seating.worst_seat(target), "balance", mover.stack)
        return True

    def move(self, from_table: int, from_seat: int, to_table: int, to_seat: int, reason: str, stack: int) -> None:
        source, target = self.tables[from_table], self.tables[to_table]
        assert source is not None and target is not None
        source, player = seating.unseat(source, from_seat)
        target, waiting = seating.seat(target, to_seat, player.name, player.stack)
        self.tables[from_table], self.tables[to_table] = source, target
        self.events.append(ev.Moved(player.name, stack, from_table, from_seat, to_table, to_seat, reason, waiting))


_CARRIED = tuple(_Work.__annotations__)
"""The names of the tournament's plain fields a `_Work` carries (see the class)."""
