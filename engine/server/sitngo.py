"""Tournaments served: `SitAndGo` runs one ``[[tournaments]]`` entry, one tournament after another, and
`TableRoom` is one of its tables, a `Room` like any other for playing and watching. The entry says when each
starts: a sit-and-go when full, a scheduled tournament at its time (``starts_at``) if enough have registered,
else it is cancelled; everything else (the log, the tables, moves, busts, the clock) is one machinery for both.

A sit-and-go is one stored log (`engine.server.tourney_log`): registrations, the start, and every table's deals
and actions, each applied to the engine's `Tournament` and stored before anybody is told, so a hand that busts a
player, moves another between tables or breaks a table is one event. Its tables' rooms keep what a cash table's
room keeps in memory (connections, the action clock) and send the same messages; their state is the
tournament's, given to every room after each event (`SitAndGo._sync`). Players the tournament moves, and the
entrants it seats at the start, are told with a ``welcome`` naming their new table and seat, which the network
layer follows by moving the connection (`moves`).

Synchronous and without sockets, as the rooms are: the network layer calls `register`, `tick`... and sends
what the rooms leave in their outboxes.
"""

from __future__ import annotations

import json
import logging
import secrets
import sys
import time
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

import attrs

from engine.cards import Deck
from engine.errors import EngineError, HistoryError
from engine.history.phh import write_phh
from engine.serialize import to_json
from engine.server.codes import Code
from engine.server.config import ConfigError, TableConfig, toml
from engine.server.log import LogError, RoomState, Step, hand_record, sitting
from engine.server.oplog import line, setting
from engine.server.outage import Outage
from engine.server.room import Policy, Room, RoomError, store_record, token_hash
from engine.server.store import DamagedRow, FinishedHand, Record, Storage, Stored, StoreError
from engine.server.tourney_config import TournamentConfig, stored_tournament
from engine.server.tourney_log import Finished, TourneyState, TourneyStep, apply_tourney, registered_as
from engine.table import Departure, Player, Table
from engine.tournament import Entry, Moved, Seated, Tournament, TournamentOver
from engine.validate import name as checked_name
from engine.validate import quote

logger = logging.getLogger("engine.server")
BOT_KINDS = ("hilo", "random", "caller")


def instance_id(tournament_id: str, number: int) -> str:
    """The id of a tournament's ``number``-th sit-and-go (its stored log): ``sng#3``."""
    return f"{tournament_id}#{number}"


def instance_number(tournament_id: str, stored_id: str) -> int | None:
    """The number of a stored sit-and-go of this tournament (None: another id)."""
    prefix = f"{tournament_id}#"
    tail = stored_id[len(prefix) :] if stored_id.startswith(prefix) else ""
    return int(tail) if tail.isdigit() and not tail.startswith("0") else None


@attrs.frozen(slots=True)
class Move:
    """An entrant the tournament seated (at the start) or moved: where they sit now, and where they sat."""

    name: str
    room: str
    seat: int
    from_room: str | None = None
    from_seat: int | None = None


class TableRoom(Room):
    """One table of a sit-and-go: a room whose state is the tournament's table ``number`` and whose events go
    into the sit-and-go's log. Players cannot join, leave or top up (the tournament seats them); a player who
    sits out, or whose connection is away past the grace period, or who times out ``max_timeouts`` times in a
    row, is absent: blinded off (the server checks or folds for them), never removed."""

    REMOVES_AWAY = False

    def __init__(self, sng: SitAndGo, number: int, config: TableConfig) -> None:
        self.sng = sng
        self.instance = sng.id  # the sit-and-go it is a table of (`sng` opens the next one when this is over)
        self.number = number
        self._deals = 1
        super().__init__(
            config,
            sng.store,
            sng.state.room_state(number),
            sng.seq,
            clock=sng.clock,
            policy=sng.policy,
            shuffle=sng.shuffle,
            outage=sng.outage,
        )

    @property
    def log_id(self) -> str:
        return self.instance

    def _hand_number(self) -> int:
        numbers = self.sng.state.numbers
        return numbers[self.number] if self.number < len(numbers) else 0

    def _hands_end(self) -> int:
        """The hands dealt so far; once its sit-and-go is over and the next one open, every hand stored in its log
        (a connection whose seat was here still asks for this table's history: `Session.held`)."""
        return self.sng.state.dealt if self.sng.id == self.instance else sys.maxsize

    def _settle(self) -> None:
        self._deals = 1  # one deal a call: a table of absent players is folded round hand after hand, never at once
        super()._settle()

    def _may_deal(self) -> bool:
        """A hand a call, when the tournament lets this table deal and someone here would play it: a table whose
        every player is absent waits (`waits_for_a_player`) rather than fold the blinds round for ever."""
        tournament = self.sng.state.tournament
        if self._deals < 1 or tournament is None or self.number not in tournament.dealable:
            return False
        if waits_for_a_player(tournament, self.number):
            return False
        self._deals -= 1
        return True

    def _absent(self, seat: int) -> bool:
        player = self.table.seats[seat]
        tournament = self.sng.state.tournament
        return player is not None and tournament is not None and player.name in tournament.absent

    def _plays_for(self, seat: int) -> bool:
        return self._absent(seat)

    def _sits_out(self, seat: int) -> bool:
        return self._absent(seat)

    def _sat_out(self, seat: int) -> str | None:
        if not self._absent(seat):
            return None
        meta = self.state.seats[seat]
        return (meta.sat_out if meta is not None else None) or "asked"

    def _store_event(
        self, kind: str, data: dict[str, Any], config: TableConfig | None
    ) -> tuple[Step, int, tuple[str, ...]]:
        return self.sng.table_event(self, kind, data)

    def _commit(self, kind: str, data: dict[str, Any], *, config: TableConfig | None = None) -> Step:
        """As a room commits, then the sit-and-go's log lines of the event (``tournament_over``), so that the
        log reads in order: the hand, its busts, then the end of the tournament."""
        try:
            return super()._commit(kind, data, config=config)
        finally:
            said, self.sng.said_after = self.sng.said_after, []
            for text in said:
                logger.info("%s", text)

    def _view_fields(self) -> dict[str, Any]:
        return {"tournament": self.sng.table_status()}

    def _kept_hands(self, end: int, count: int) -> list[FinishedHand]:
        """This table's own hands: the sit-and-go's log keeps every table's under one numbering, each PHH naming
        its table on a line of its own (`SitAndGo.tournament_fields`), which the database looks for."""
        return self.store.hands_marked(self.log_id, table_line(self.id), end, count)

    def _left_fields(self, departure: Departure) -> dict[str, Any]:
        """A player out of the tournament is told their place and prize as they stand (`prize_of`): the place
        null while a hand-for-hand round they busted in is not over, the prize null while the prize pool is not
        fixed (a ``placed`` message gives them when they are final); the winner leaves with reason "won".
        ``closed``: the table broke with this hand (its players moved), so there is no table left to watch.
        ``standing``: the tournament as it stands after the hand (a view's ``tournament``), which no view of this
        table brings the player out of it any more."""
        tournament = self.sng.state.tournament
        entry = None
        if tournament is not None:
            entry = next((e for e in reversed(tournament.entries) if e.name == departure.player.name), None)
        fields: dict[str, Any] = {
            "tournament": self.sng.config.id,
            "sng": self.sng.id,
            "place": None,
            "prize": None,
            "closed": self.broken,
            "standing": self.sng.table_status(),
        }
        if tournament is not None and entry is not None and entry.first is not None:
            fields.update(place=entry.first, places=[entry.first, entry.last], prize=prize_of(tournament, entry))
            if entry.first == 1:
                fields["reason"] = "won"
        return fields

    @property
    def broken(self) -> bool:
        """Whether the table has broken (or its sit-and-go is over and gone): the sit-and-go serves it no more."""
        return self.sng.rooms.get(self.number) is not self

    def bot_seats(self) -> dict[int, str]:
        return {}  # the sit-and-go's bots follow their entrant from table to table (`SitAndGo.bot_entrants`)

    def _refuse(self, what: str) -> RoomError:
        return RoomError(Code.NOT_ALLOWED, f"table {self.id} is a tournament's: {what}")

    def join(
        self, name: object, buy_in: object, *, bot: str | None = None, seat: object = None, connect: bool = True
    ) -> tuple[int, str]:
        raise self._refuse(f"register for tournament {self.sng.config.id} instead of joining")

    def leave(self, seat: int) -> None:
        raise self._refuse("a player stays to the end (sit_out to be blinded off)")

    def top_up(self, seat: int, amount: object) -> None:
        raise self._refuse("tournament chips are not bought")

    def set_straddle(self, seat: int, on: object) -> None:
        raise self._refuse("no straddles")

    def buy(self, seat: int, kind: str) -> None:
        """The seat's player rebuys (``kind`` "rebuy") or takes the add-on ("addon"), between their hands: the
        engine's `Tournament.rebuy` or `addon`, stored first; refused (``refused``) with the engine's reason."""
        player = self.table.seats[seat]
        assert player is not None
        self.sng.commit(kind, {"name": player.name})
        logger.info("%s", line(kind, tournament=self.sng.id, name=player.name))

    def come_back(self, seat: int) -> None:
        if not self._absent(seat):
            raise RoomError(Code.NOT_ALLOWED, "you are not sitting out")
        self._commit("come_back", {"seat": seat})
        self._follow_up()

    def lobby(self) -> dict[str, Any]:
        lobby = super().lobby()
        tournament = self.sng.state.tournament
        if tournament is not None:
            rules = tournament.rules
            lobby["blinds"] = list(rules.blinds)
            bets = rules.betting.fixed_bets
            lobby["bets"] = None if bets is None else list(bets)
        lobby["title"] = f"{self.config.title} \u00b7 table {self.number + 1}"
        lobby["tournament"] = self.sng.config.id
        lobby["sng"] = self.sng.id
        lobby["buy_in"] = None
        return lobby


class SitAndGo:
    """A ``[[tournaments]]`` entry served: its tournament under way (``id``, ``state``), its tables' rooms, and
    the next one opened when it is over (a sit-and-go, or a scheduled tournament that repeats; a one-off stays
    over). Build with `SitAndGo.open`. ``clock`` runs the tournament's minutes (monotonic); ``wall`` is the time
    of day a scheduled start is read against (seconds since the epoch); both are injected in tests."""

    def __init__(
        self,
        config: TournamentConfig,
        store: Storage,
        *,
        clock: Callable[[], float] = time.monotonic,
        policy: Policy | None = None,
        shuffle: Callable[[], Deck] = Deck.secure,
        outage: Outage | None = None,
        wall: Callable[[], float] = time.time,
    ) -> None:
        self.config = config  # the file's entry: the next sit-and-go opens under it
        self.wall = wall
        self.store = store
        self.clock = clock
        self.policy = policy or Policy()
        self.shuffle = shuffle
        self.outage = outage or Outage(clock)
        self.id = ""
        self.running = config  # the entry the sit-and-go under way was opened with (stored with it)
        self.state = TourneyState(config.structure())
        self.seq = 0
        self.rooms: dict[int, TableRoom] = {}
        self.closed: list[TableRoom] = []  # rooms of tables that broke (or of a sit-and-go over): to let go of
        self.moves: list[Move] = []  # entrants seated or moved, for the network layer to follow
        self.placed: list[tuple[Entry, str]] = []  # places final after their `left`, and why now (`placed`'s why)
        self.cancelled: list[str] = []  # entrants of a scheduled tournament just cancelled, for the network layer
        self.reissued: dict[str, str] = {}  # bots' tokens made anew after a restart (hashes), by name
        self.first_registered: float | None = None  # when the first entrant registered (the bots' wait)
        self.zero = clock()  # the server clock's reading at the tournament's minute 0
        self.over_at: float | None = None
        self.last: dict[str, Any] | None = None  # the results of the sit-and-go before this one, for the lobby
        self.said_after: list[str] = []  # log lines of an event a room made, said after the room's own (`say`)
        self.configured = True  # its entry is in the file (else it plays to its end, and no next one opens)

    # --- making ------------------------------------------------------------------------------------------------

    @classmethod
    def open(cls, config: TournamentConfig, store: Storage, **options: Any) -> SitAndGo | None:
        """The entry's sit-and-go: the last one stored if it is not over (rebuilt from its log), else a new one;
        None when another server on the database holds the last one (it runs the entry). Its lobby's ``last``
        is read back from the one before it, as `tick` gave it before the restart."""
        sng = cls(config, store, **options)
        numbers = [n for n in (instance_number(config.id, i) for i in store.table_ids()) if n is not None]
        newest = max(numbers, default=0)
        if newest and not store.claim(instance_id(config.id, newest)):
            return None
        if newest and sng._restore(instance_id(config.id, newest)):
            sng._take_file_entry()
        else:
            sng._check_first_start()
            sng._new(newest + 1)
        if sng.number - 1 in numbers:
            sng.last = stored_results(store, instance_id(config.id, sng.number - 1))
        return sng

    @classmethod
    def open_unconfigured(cls, stored_id: str, store: Storage, **options: Any) -> SitAndGo | None:
        """A stored tournament whose ``[[tournaments]]`` entry has left the file, as a card room honours one it
        drops from its schedule: one under way resumes from its log and plays to its end under its stored
        settings, and no next one opens; one still registering is cancelled (a stored ``cancel``, reason
        ``unconfigured``: its registrations void, its registrants told ``cancelled`` when they come back). One
        ``event=tournament_without_config`` line says which. None when it is over, is a table's log rather than
        a tournament's, or another server on the database holds it."""
        if not store.claim(stored_id):
            return None
        stored = store.load(stored_id)
        config = stored_tournament(stored.config)
        if config is None or instance_number(config.id, stored_id) is None:
            store.release(stored_id)
            return None
        sng = cls(config, store, **options)
        sng.configured = False
        if not sng._restore(stored_id, stored) or sng.state.is_over:
            store.release(stored_id)
            return None
        state = sng.status()
        if sng.state.tournament is None:
            names = list(sng.state.registered)
            sng.commit("cancel", {"registered": len(names), "reason": "unconfigured"})
            sng.cancelled.extend(names)
            sng.over_at = sng.clock()
            why = "it had not started: cancelled, its registrations void"
        else:
            why = "it plays to its end under its stored settings; no next one opens"
        logger.warning(
            "%s",
            line(
                "tournament_without_config",
                name=config.id,
                tournament=stored_id,
                state=state,
                registered=len(sng.state.registered),
                why=f"its [[tournaments]] entry is no longer in the configuration: {why}",
            ),
        )
        return sng

    def _check_first_start(self) -> None:
        """Before a scheduled entry's first tournament opens: a one-off whose ``starts_at`` has passed is refused
        (ConfigError, one line: it would be cancelled at once, for good); a repeated one starts at its next time
        to come, logged (``start_every_minutes``)."""
        config, now = self.config, self.wall()
        if not config.scheduled or config.start_time >= now:  # at its very time: it starts now
            return
        refuse_a_passed_start(config, now)
        said = datetime.fromtimestamp(now, UTC).isoformat(timespec="seconds").replace("+00:00", "Z")
        start = config.at(config.next_start(now)).starts_at
        logger.info(
            "%s", line("first_start_passed", tournament=config.id, starts_at=config.starts_at, now=said, next=start)
        )

    @property
    def once(self) -> bool:
        """A scheduled tournament that does not repeat, or one whose entry has left the file: when over (or
        cancelled) it stays so, no next one."""
        return not self.configured or (self.config.scheduled and self.config.start_every_minutes is None)

    def _new(self, number: int) -> None:
        self.id = instance_id(self.config.id, number)
        self.running = self.config.at(self.config.next_start(self.wall())) if self.config.scheduled else self.config
        self.store.add_table(self.id, self.running.to_json())  # its own entry: its start, no repeat
        if not self.store.claim(self.id):
            raise StoreError(f"sit-and-go {self.id} is served by another server on this database")
        self.state, self.seq = TourneyState(self.config.structure()), 0
        self.rooms, self.over_at, self.first_registered, self.reissued = {}, None, None, {}
        logger.info(
            "%s",
            line(
                "tournament_open", tournament=self.id, entrants=self.config.entrants, starts_at=self.running.starts_at
            ),
        )

    def _restore(self, stored_id: str, stored: Stored | None = None) -> bool:
        """Rebuild a stored sit-and-go (claimed; ``stored``: its rows, when read already) from its log; False
        when it is over (a one-off scheduled tournament over at the time the file still gives is kept, over: the
        lobby shows how it ended)."""
        config, state, seq = replay_log(stored_id, stored or self.store.load(stored_id))
        kept = self.once and config.starts_at == self.config.starts_at
        if state.is_over and not kept:
            return False
        self.id, self.running, self.state, self.seq = stored_id, config, state, seq
        if state.is_over:
            return True
        if state.registered:
            self.first_registered = self.clock()
        if state.tournament is not None:
            self.zero = self.clock() - 60 * state.tournament.minutes  # the clock stood still while down
            self._sync(TourneyStep(state))
        return True

    def _instance_entry(self, entry: TournamentConfig) -> TournamentConfig:
        """The file's ``entry`` as the tournament under way would run it: a scheduled one at its own start while
        that is still one of the entry's times (a row stored with the repeat, by an older version: its next time
        to come), else at the entry's next time to come."""
        if not entry.scheduled:
            return entry
        running, now = self.running, self.wall()
        if running.scheduled:
            start = running.start_time if running.start_every_minutes is None else running.next_start(now)
            if is_start_of(entry, start):
                return entry.at(start)
        return entry.at(entry.next_start(now))

    def _take_file_entry(self) -> None:
        """At start-up, the file's entry against the stored tournament's (`running`), as a cash table takes its
        changed settings: one not yet started takes every change (stored as a ``settings`` event holding the new
        entry, so that replay and later starts have it; logged as ``event=tournament_settings``) but an
        ``entrants`` below those registered, which is kept; one started, over or cancelled keeps its own (it
        finishes under the settings it started with; the next one opens under the file's). What is kept, and
        why, is one ``event=tournament_settings_kept`` line."""
        wanted = self._instance_entry(self.config)
        changed = changed_keys(self.running, wanted)
        if not changed:
            return
        if self.state.tournament is not None or self.state.is_over:
            started = "has started" if self.state.tournament is not None else "is " + self.status()
            after = "a new starts_at lists a new one" if self.once else "the next one opens under the file's"
            self._log_kept(changed, f"it {started}: it keeps its settings; {after}")
            return
        registered = len(self.state.registered)
        if wanted.entrants < registered:
            try:
                wanted = attrs.evolve(wanted, entrants=self.running.entrants)
            except ConfigError as error:
                self._log_kept(changed, f"more have registered than entrants={wanted.entrants}: {error}")
                return
            have = "1 has" if registered == 1 else f"{registered} have"
            self._log_kept(["entrants"], f"{have} registered, more than the file's entrants allow")
            changed = changed_keys(self.running, wanted)
        if "starts_at" in changed:
            self._check_first_start()  # a new time that has passed: refused, or the next one to come
        if changed:
            entry = wanted.to_json()
            self.commit("settings", json.loads(entry), config=entry)
            self.running = wanted
            settings = {key: setting(getattr(wanted, key)) for key in changed}
            logger.info("%s", line("tournament_settings", tournament=self.id, **settings))

    def _log_kept(self, keys: list[str], why: str) -> None:
        kept = {key: setting(getattr(self.running, key)) for key in keys}
        logger.warning("%s", line("tournament_settings_kept", tournament=self.id, **kept, why=why))

    # --- reading -----------------------------------------------------------------------------------------------

    @property
    def number(self) -> int:
        """The number of the sit-and-go under way among its entry's (``sng#3``: 3)."""
        return int(self.id.rsplit("#", 1)[1])

    def minutes(self) -> float:
        """The tournament's clock now, in minutes since the start."""
        tournament = self.state.tournament
        known = 0.0 if tournament is None else tournament.minutes
        return max(known, (self.clock() - self.zero) / 60)

    def entrant_for_token(self, token: object) -> str | None:
        """The entrant (registered, or still playing) the token was given to, or None."""
        if not isinstance(token, str) or not 16 <= len(token) <= 128:
            return None
        wanted = token_hash(token)
        for name, meta in self.state.metas.items():
            if secrets.compare_digest(self.reissued.get(name, meta.token_hash), wanted):
                return name
        return None

    def seat_of(self, name: str) -> tuple[TableRoom, int] | None:
        """Where the entrant sits now (None: not seated, before the start or out; once the tournament is over,
        nobody, its winner included: the final table is only shown until the next one opens)."""
        tournament = self.state.tournament
        if tournament is None or self.state.is_over:
            return None
        try:
            number, seat = tournament.locate(name)
        except EngineError:
            return None
        room = self.rooms.get(number)
        return None if room is None else (room, seat)

    def status(self) -> str:
        """The sit-and-go's state as the lobby says it (`status_of`)."""
        return status_of(self.state)

    def lobby(self) -> dict[str, Any]:
        """The sit-and-go as the lobby lists it: its state, who registered, the prize pool, its start, and once
        under way its level, players left and tables."""
        state, config = self.state, self.running
        tournament = state.tournament
        out: dict[str, Any] = {
            **config.lobby(),
            "sng": self.id,
            "state": self.status(),
            "registered": list(state.registered),
            "prize_pool": config.buy_in * len(state.registered) if tournament is None else tournament.pool,
            "start": config.starts_at or "when full",
            "start_every_minutes": self.config.start_every_minutes,  # the entry's repeat (each one runs once)
            "last": self.last,
        }
        if state.cancelled:
            out["reason"], out["cancelled"] = self.cancel_reason(), state.cancelled_why
        out["entries"] = len(state.registered) if tournament is None else len(tournament.entries)
        out["payouts_field"] = None  # the field a scheduled tournament's standard table is given for, as it stands
        if config.scheduled and config.payouts is None:
            out["payouts_field"] = max(out["entries"], config.min_entrants)
            out["payouts"] = config.payout_table(out["payouts_field"])
        if tournament is not None:
            level = tournament.structure.levels.levels[tournament.level]
            players = [p for n in tournament.live_tables for _, p in tournament.table(n).players]
            out.update(
                level=tournament.level + 1,
                blinds=list(level.rules.blinds),
                ante=level.rules.ante,
                players_left=tournament.still_in,  # as the views count them
                average_stack=tournament.chips // max(1, len(players)),
                tables=[self.rooms[n].id for n in tournament.live_tables if n in self.rooms],
                minutes=round(self.minutes(), 1),
                places=places(tournament),
            )
        return out

    def standing(self, name: str) -> dict[str, Any]:
        """What a ``resume`` with the token of an entrant who is out tells them, read from the stored tournament:
        ``out``, their last entry's number, its place and prize (`prize_of`: each null while not final, and then a
        ``placed`` follows on that connection, `final_after_leaving`). Nothing for one registered and waiting for
        the start."""
        tournament = self.state.tournament
        entry = None if tournament is None else next((e for e in reversed(tournament.entries) if e.name == name), None)
        if tournament is None or entry is None:
            return {}
        places = None if entry.first is None else [entry.first, entry.last]
        prize = prize_of(tournament, entry)
        return {"out": True, "entry": entry.number, "place": entry.first, "places": places, "prize": prize}

    def table_status(self) -> dict[str, Any] | None:
        """What a table's views say of the tournament, for the page's line above the table: the level (from 1)
        of how many, its blinds and ante, what is left of it (``next_level``: {hands} or {seconds}; None at the
        last level, which lasts for ever), the players left of the entrants, the average stack, the prize pool
        and prizes, whether it plays hand-for-hand, and the last places given (``busts``: name, places, prize)."""
        tournament = self.state.tournament
        if tournament is None:
            return None
        levels = tournament.structure.levels.levels
        level = levels[tournament.level]
        left: dict[str, float] | None = None
        if tournament.level < len(levels) - 1:
            if level.hands is not None:
                left = {"hands": max(0, level.hands - tournament.level_hands)}
            elif level.minutes is not None:
                seconds = (tournament.level_since + level.minutes - self.minutes()) * 60
                left = {"seconds": max(0.0, float(int(seconds)))}
        seated = [p for n in tournament.live_tables for _, p in tournament.table(n).players]
        structure = tournament.structure
        rebuy = None
        if tournament.rebuys_open and structure.rebuys:
            rebuy = {
                "chips": structure.rebuy_chips,
                "cost": structure.rebuy_cost,
                "threshold": structure.rebuy_threshold,
                "most": structure.max_rebuys,
                "made": {e.name: e.rebuys for e in tournament.entries if not e.placed},
            }
        addon = None
        if tournament.addon_window:
            addon = {"chips": structure.addon_chips, "cost": structure.addon_cost}
            addon["names"] = sorted(tournament.addon_window)  # type: ignore[assignment]
        return {
            "id": self.running.id,
            "sng": self.id,
            "title": self.running.title or self.running.id,
            "level": tournament.level + 1,
            "levels": len(levels),
            "blinds": list(level.rules.blinds),
            "ante": level.rules.ante,
            "next_level": left,
            "players_left": tournament.still_in,
            "entrants": len(tournament.entries),
            "average_stack": tournament.chips // max(1, len(seated)),
            "prize_pool": tournament.pool,
            "prizes": list(tournament.prizes),
            "hand_for_hand": tournament.hand_for_hand,
            "tables": len(tournament.live_tables),
            "busts": places(tournament)[:8],
            "rebuy": rebuy,
            "addon": addon,
        }

    # --- requests ----------------------------------------------------------------------------------------------

    def register(self, name: object, *, bot: str | None = None, holder: str | None = None) -> tuple[str, str | None]:
        """Register an entrant: (their name, their token). The token is the way back to the seat the tournament
        will draw for them (`resume`); only its hash is stored. After a scheduled tournament's start, while
        registration is open, the entrant is seated at once (late registration); ``holder``, the entrant the
        asking connection plays for, busted, enters again (a re-entry: their token stays theirs, None given)."""
        name = checked_name(name, "name", longest=32, error=RoomError.of(Code.BAD_NAME))
        tournament, what = self.state.tournament, self.kind
        if self.state.cancelled:
            raise RoomError(Code.REGISTRATION_CLOSED, self.cancel_reason())
        if tournament is not None and not self.running.scheduled:
            raise RoomError(Code.TOURNAMENT_STARTED, f"{what} {self.id} has started; the next opens when it is over")
        if self.state.is_over:
            raise RoomError(Code.REGISTRATION_CLOSED, f"{what} {self.id} is over")
        same = registered_as(self.state, name)
        if holder is not None and same != holder:
            raise RoomError(
                Code.ALREADY_REGISTERED,
                f"this connection plays for {quote(holder)} in {self.id}; register as {quote(holder)} to enter again",
            )
        if same is not None and tournament is not None and same == holder:
            self._enter("reenter", {"name": same})
            logger.info("%s", line("reenter", tournament=self.id, name=same))
            return same, None
        entries = len(self.state.registered) if tournament is None else len(tournament.entries)
        if entries >= self.running.entrants:
            soon = "it starts in a moment" if not self.running.scheduled else "it takes no more entries"
            raise RoomError(Code.TOURNAMENT_FULL, f"{what} {self.id} has its {self.running.entrants} entries; {soon}")
        if same is not None:
            again = (
                "; a busted player enters again from the connection holding their registration (resume with its "
                "token, then register)"
                if tournament is not None and self.running.reentries
                else ""
            )
            raise RoomError(
                Code.ALREADY_REGISTERED,
                f"a player named {quote(same)} is registered for {self.id} already (names are the same whatever "
                f"their case){again}",
            )
        token = secrets.token_urlsafe(24)
        self._enter("register", {"name": name, "token_hash": token_hash(token), "bot": bot})
        if self.first_registered is None:
            self.first_registered = self.clock()
        logger.info("%s", line("register", tournament=self.id, name=name, bot=bot))
        return name, token

    def _enter(self, kind: str, data: dict[str, Any]) -> None:
        """A registration or re-entry stored; after the start, refused with the engine's reason and a code that
        says it: ``registration_closed`` (late registration over), ``no_reentry`` (none left, or none allowed)."""
        tournament = self.state.tournament
        try:
            self.commit(kind, data)
        except RoomError as error:
            if error.code != Code.REFUSED or tournament is None:
                raise
            code = (
                Code.REGISTRATION_CLOSED
                if not tournament.registration_open
                else Code.NO_REENTRY
                if kind == "reenter"
                else Code.REFUSED
            )
            raise RoomError(code, f"{self.id}: {error}") from None

    @property
    def kind(self) -> str:
        """What the lobby and the refusals call it: a sit-and-go or a tournament (a scheduled one)."""
        return "tournament" if self.running.scheduled else "sit-and-go"

    def cancel_reason(self) -> str:
        config = self.running
        if self.state.cancelled_why == "unconfigured":
            return (
                f"{self.kind} {self.id} was cancelled: it was taken off the server's schedule (its [[tournaments]] "
                f"entry was removed) before it started; the registrations are void"
            )
        return (
            f"tournament {self.id} was cancelled: it needed {config.min_entrants} entrants at its start "
            f"({config.starts_at}) and {len(self.state.registered)} had registered"
        )

    def unregister(self, name: str) -> None:
        if self.state.tournament is not None or self.state.cancelled:
            raise RoomError(Code.TOURNAMENT_STARTED, f"{self.kind} {self.id} has started: no unregistering now")
        if name not in self.state.registered:
            raise RoomError(Code.NOT_REGISTERED, f"{quote(name)} is not registered for {self.id}")
        self.commit("unregister", {"name": name})
        self.reissued.pop(name, None)
        if not self.state.registered:
            self.first_registered = None
        logger.info("%s", line("unregister", tournament=self.id, name=name))

    def reissue_token(self, name: str) -> str:
        """A new token for an entrant, held in memory only (the server's own bots after a restart)."""
        token = secrets.token_urlsafe(24)
        self.reissued[name] = token_hash(token)
        return token

    def bot_entrants(self) -> dict[str, str]:
        """The entrants still in (registered, or playing) that the server's bots play, with each bot's kind."""
        tournament = self.state.tournament
        out = {}
        for name, meta in self.state.metas.items():
            if meta.bot is None:
                continue
            if tournament is not None and all(e.placed for e in tournament.entries if e.name == name):
                continue
            out[name] = meta.bot
        return out

    def tick(self) -> None:
        """What the clock makes due: the start once full, the bots registering after their wait, a level of
        minutes ending, and once over a new sit-and-go."""
        state, config = self.state, self.running
        if state.is_over:
            if self.over_at is None:
                self.over_at = self.clock()
            elif self.clock() - self.over_at >= self.policy.pause_seconds and (self.rooms or not self.once):
                self.closed.extend(self.rooms.values())
                self.rooms = {}
                if not self.once:
                    self.last = results(self.id, self.state)
                    self._new(self.number + 1)
            return
        if state.tournament is None:
            due = self.wall() >= config.start_time if config.scheduled else len(state.registered) >= config.entrants
            if due and len(state.registered) >= (config.min_entrants if config.scheduled else 2):
                self.commit("start", {"seed": secrets.randbits(62)})
                self.zero = self.clock()
                logger.info("%s", line("tournament_start", tournament=self.id, entrants=len(state.registered)))
            elif due:
                names = list(state.registered)
                self.commit("cancel", {"registered": len(names)})
                self.cancelled.extend(names)
                self.over_at = self.clock()
                logger.info("%s", line("tournament_cancelled", tournament=self.id, registered=len(names)))
            else:
                self._fill_with_bots()
            return
        minutes = self.minutes()
        _, events = state.tournament.with_time(minutes)
        if events:
            self.commit("time", {"minutes": minutes})

    def _fill_with_bots(self) -> None:
        wait = self.running.bots_after_seconds
        if wait is None or self.first_registered is None or self.clock() - self.first_registered < wait:
            return
        serial = 0
        wanted = self.running.min_entrants if self.running.scheduled else self.running.entrants
        while len(self.state.registered) < wanted:
            serial += 1
            kind = BOT_KINDS[serial % len(BOT_KINDS)]
            name = f"{kind}-bot-{serial}"
            if registered_as(self.state, name) is None:
                self.register(name, bot=kind)

    # --- the log -----------------------------------------------------------------------------------------------

    def commit(
        self, kind: str, data: dict[str, Any], caller: TableRoom | None = None, *, config: str | None = None
    ) -> TourneyStep:
        """Apply the event to the sit-and-go, store it (with the hand it finished; ``config``, the entry it is to
        run under from now, with a ``settings`` event), then give every table's room its new state. RoomError
        when it is refused or cannot be stored: nothing changed."""
        try:
            step = apply_tourney(self.state, kind, data)
        except LogError as error:
            raise RoomError(Code.ILLEGAL_ACTION if kind == "act" else Code.REFUSED, str(error)) from None
        hand = snapshot = None
        if step.finished is not None:
            done = step.finished
            sittings = tuple(sitting(self.state.metas.get(name)) for name in done.names)
            hand = self._keep(done, sittings)
            snapshot = step.state.snapshot()  # with every hand in play at the other tables
        store_record(
            self.store,
            self.outage,
            self.id,
            Record(self.seq + 1, kind, data, (), hand, snapshot, config),
            self.rooms.values(),
        )
        self.seq += 1
        self.placed.extend(final_after_leaving(self.state.tournament, step.state.tournament))
        self.state = step.state
        self._sync(step, caller)
        return step

    def _keep(self, done: Finished, sittings: tuple[str, ...]) -> FinishedHand:
        """A finished hand as stored, its PHH with the tournament's header (`tournament_fields`), so that the
        hand histories say which tournament, level and table it was (PokerStars text: ``Tournament #3, 10+0
        Omaha Hi/Lo No Limit - Level II (10/20)``; OHH: its tournament fields) and replay."""
        try:
            record = hand_record(done.hand, done.names, done.number, done.seats)
            record = attrs.evolve(record, fields=(*record.fields, *self.tournament_fields(done)))
            phh: str | None = write_phh(record)
        except HistoryError:
            phh = None
        return FinishedHand(done.number, phh, to_json(done.hand), tuple(zip(done.names, sittings, strict=True)))

    def tournament_fields(self, done: Finished) -> tuple[tuple[str, object], ...]:
        """The header a tournament hand's history carries: the sit-and-go's number, the buy-in (as PokerStars
        words it: prize money plus a fee, none here, or "Freeroll"), the level (in Roman numerals, as
        PokerStars writes it), the table and its size."""
        buy_in = self.running.buy_in
        return (
            ("tournament", self.id.rsplit("#", 1)[1]),
            ("buy_in", f"{buy_in}+0" if buy_in else "Freeroll"),
            ("level", roman(done.level + 1)),
            ("table", f"{self.id}.{done.table + 1}"),
            ("max_seats", self.running.seats),
        )

    def table_event(self, room: TableRoom, kind: str, data: dict[str, Any]) -> tuple[Step, int, tuple[str, ...]]:
        """An event a table's room makes (a deal, an action, a sit-out), as the sit-and-go's: stored in its log,
        and what it did at that table as a cash table's `Step` (the finished hand, the players busted)."""
        number = room.number
        before = self.state.room_state(number)
        if kind in ("sit_out", "come_back"):
            event: dict[str, Any] = {"name": self.state.name_of(number, data["seat"])}
            if "reason" in data:
                event["reason"] = data["reason"]
        elif kind in ("hand_start", "act"):
            event = {**data, "table": number}
            if kind == "hand_start":
                event["minutes"] = self.minutes()
                event.pop("straddles", None)
                event.pop("salt", None)
        else:
            raise RoomError(Code.NOT_ALLOWED, f"table {room.id} is a tournament's: no {kind}")
        step = self.commit(kind, event, room)
        done = step.finished
        if done is None or done.table != number:
            return Step(room.state), room._hand_number(), ()
        seated = {p.name for n in step.state.started.live_tables for _, p in step.state.started.table(n).players}
        departures = tuple(
            Departure(seat, Player(name, 0), "busted")
            for seat, name in zip(done.seats, done.names, strict=True)
            if name not in seated and before.table.seats[seat] is not None
        )
        over = next((e for e in step.events if isinstance(e, TournamentOver)), None)
        if over is not None:  # the winner leaves the final table with every chip
            _, where = step.state.started.locate(over.winner)
            chips = step.state.started.chips
            departures += (Departure(where, Player(over.winner, chips), "left"),)
        return Step(room.state, (), done.hand, departures, done.seats), done.number, done.names

    def _sync(self, step: TourneyStep, caller: TableRoom | None = None) -> None:
        """Every table's room given the tournament's new state: rooms made for new tables, let go of for broken
        ones (`closed`); the players seated or moved (`moves`) and the busts (`busts`) kept for the network
        layer, which moves their connections once the rooms' messages are sent; the rooms whose table changed
        tell their seats (``caller``, the room whose event it was, tells its own)."""
        tournament = self.state.tournament
        if tournament is None:
            return
        for number in tournament.live_tables:
            room = self.rooms.get(number)
            if room is None:
                self.rooms[number] = TableRoom(self, number, self.running.table_config(f"{self.id}.{number + 1}"))
                continue
            state = self.state.room_state(number)
            if state != room.state:
                room.state = state
                if room is not caller:
                    room._start_turn()
                    room._tell_views()
        for number, room in list(self.rooms.items()):
            if tournament.tables[number] is None:
                del self.rooms[number]
                old = room.state.table
                room.state = RoomState(Table.new(old.schedule, len(old.seats)), None, (None,) * len(old.seats))
                room.away.clear()
                self.closed.append(room)
        now = self.clock()
        for event in step.events:
            if isinstance(event, Seated):
                self.moves.append(Move(event.name, self.rooms[event.table].id, event.seat))
                self.rooms[event.table].away.setdefault(event.seat, now)
            elif isinstance(event, Moved):
                target = self.rooms[event.to_table]
                target.away[event.to_seat] = now  # until the connection follows (or for ever, if it is gone)
                from_room = f"{self.id}.{event.from_table + 1}"
                self.moves.append(Move(event.name, target.id, event.to_seat, from_room, event.from_seat))
            elif isinstance(event, TournamentOver):
                over = line("tournament_over", tournament=self.id, winner=event.winner, prize=event.prize)
                if caller is not None:  # said once the room has said the hand and its busts
                    self.said_after.append(over)
                else:
                    logger.info("%s", over)
        if tournament.is_over:
            self.over_at = self.over_at or now


def replay_log(stored_id: str, stored: Stored) -> tuple[TournamentConfig, TourneyState, int]:
    """A stored sit-and-go rebuilt from its log: the entry it ran under, its state (the last snapshot, then the
    events after it) and the seq of its last event. `DamagedRow` naming it when a row cannot be read back."""
    try:
        config = stored_tournament(stored.config)
        if config is None:
            raise LogError("its configuration is not a tournament's")
        state, seq = TourneyState(config.structure()), stored.snapshot_seq
        if stored.snapshot is not None:
            state = TourneyState.from_snapshot(stored.snapshot)
        for number, kind, data in stored.events:
            state = apply_tourney(state, kind, data).state
            seq = number
    except (ValueError, KeyError, TypeError, IndexError, AttributeError) as error:  # EngineError, JSON's too
        what = " ".join(str(error).split()) or type(error).__name__
        raise DamagedRow(f"sit-and-go {stored_id}: its log or snapshot is damaged: {what}") from None
    return config, state, seq


def status_of(state: TourneyState) -> str:
    """``registering``, ``late registration`` (started, registration still open), ``running``, ``over`` or
    ``cancelled``."""
    tournament = state.tournament
    if state.cancelled:
        return "cancelled"
    if tournament is None:
        return "registering"
    if state.is_over:
        return "over"
    return "late registration" if tournament.registration_open else "running"


def places(tournament: Tournament) -> list[dict[str, Any]]:
    """The places given so far, best first (the lobby's ``places``, the views' ``busts``): each entry out with
    its ``name``, ``first`` and ``last`` place (a shared one spans several) and ``prize`` (`prize_of`)."""
    out = sorted((e for e in tournament.entries if e.placed), key=lambda e: e.first or 0)
    return [{"name": e.name, "first": e.first, "last": e.last, "prize": prize_of(tournament, e)} for e in out]


def results(sng_id: str, state: TourneyState) -> dict[str, Any]:
    """A sit-and-go over as the lobby's ``last`` gives it once the next one is open: its id, its places (none
    when it was cancelled) and its state."""
    tournament = state.tournament
    return {"sng": sng_id, "places": [] if tournament is None else places(tournament), "state": status_of(state)}


def stored_results(store: Storage, stored_id: str) -> dict[str, Any] | None:
    """The `results` of a stored sit-and-go, replayed from its log (None while it is not over): what a restart
    gives the lobby's ``last``."""
    _, state, _ = replay_log(stored_id, store.load(stored_id))
    return results(stored_id, state) if state.is_over else None


def table_line(table_id: str) -> str:
    """The line of a tournament hand's PHH that names its table, as `write_phh` writes it (a TOML string: a quote
    or backslash escaped, so a player's name holding the words cannot be taken for it)."""
    escaped = table_id.replace("\\", "\\\\").replace('"', '\\"')
    return f'\ntable = "{escaped}"\n'


def passed_start(config: TournamentConfig, now: float) -> bool:
    """Whether the entry is a one-off scheduled tournament whose ``starts_at`` is before ``now`` (seconds since
    the epoch): its first tournament would be cancelled at once, for good."""
    return config.scheduled and config.start_every_minutes is None and config.start_time < now


def refuse_a_passed_start(config: TournamentConfig, now: float) -> None:
    """A `passed_start` refused in one line (ConfigError). Unless one is stored at that time: `SitAndGo.open`
    asks this only when none is, `engine.server.main` before anything is opened when none of the entry is."""
    if not passed_start(config, now):
        return
    said = datetime.fromtimestamp(now, UTC).isoformat(timespec="seconds").replace("+00:00", "Z")
    raise ConfigError(
        f"{config.where}: starts_at must be a time to come (it is {said} now), got {toml(config.starts_at)}; "
        f"give a later one, or start_every_minutes to repeat it from then"
    )


def changed_keys(stored: TournamentConfig, wanted: TournamentConfig) -> list[str]:
    """The keys of a tournament's entry whose values differ between the stored one and the file's."""
    return [
        field.name
        for field in attrs.fields(TournamentConfig)
        if getattr(stored, field.name) != getattr(wanted, field.name)
    ]


def is_start_of(entry: TournamentConfig, start: float) -> bool:
    """Whether ``start`` is one of a scheduled entry's times: its ``starts_at``, or one of its repeats."""
    first, every = entry.start_time, entry.start_every_minutes
    if every is None or start < first:
        return start == first
    repeats = (start - first) / (60 * every)
    return abs(repeats - round(repeats)) < 1e-9


def everyone_absent(tournament: Tournament, number: int) -> bool:
    """Whether every player seated at table ``number`` is absent (blinded off, the server playing for them)."""
    return all(player.name in tournament.absent for _, player in tournament.table(number).players)


def waits_for_a_player(tournament: Tournament, number: int) -> bool:
    """Whether table ``number`` deals nothing for now: every player at it is absent, so a hand would only move
    the blinds round (at the last level, for ever: stored hands and CPU for nothing); it deals again when one
    comes back (or a present player is seated there). Hand-for-hand, a table with a present player waits for
    this one's hand of the round, which is then dealt and folded round as it would be at a card room."""
    if not everyone_absent(tournament, number):
        return False
    others = [n for n in tournament.live_tables if n != number]
    return not (tournament.hand_for_hand and any(not everyone_absent(tournament, n) for n in others))


def prize_of(tournament: Tournament, entry: Entry) -> int | None:
    """An entry's prize as the messages, the views and the lobby give it: None until it is known, while the prize
    pool may still grow (late registration, rebuys, the add-on; the engine holds 0 until then) or the entry is
    still playing; then the prize of its place, paid from the final pool."""
    return entry.prize if tournament.pool_fixed and entry.placed else None


def final_after_leaving(before: Tournament | None, after: Tournament | None) -> list[tuple[Entry, str]]:
    """The entries whose place and prize became final in this step though they had already left their table
    (their ``left`` said the place null, busted in a hand-for-hand round, or the prize null, busted before the
    prize pool was fixed): each is told with a ``placed`` message, with why now: ``pool_fixed`` (the prize pool
    was fixed in this step) or ``round_over`` (the hand-for-hand round they busted in is over). An entry out in
    this very step is not: its ``left`` says the final place and prize itself."""
    if before is None or after is None or not after.pool_fixed:
        return []
    why = "round_over" if before.pool_fixed else "pool_fixed"
    pending = {bust.entry for bust in before.pending}
    out = []
    for index, entry in enumerate(after.entries):
        earlier = before.entries[index] if index < len(before.entries) else None
        if not entry.placed or earlier is None or (before.pool_fixed and earlier.placed):
            continue  # still playing, or new in this step, or told before
        if earlier.placed or index in pending:
            out.append((entry, why))
    return out


def roman(number: int) -> str:
    """A level as PokerStars numbers it: I, II, III, IV, ... (1 to 3999)."""
    out = []
    for value, letters in (
        (1000, "M"),
        (900, "CM"),
        (500, "D"),
        (400, "CD"),
        (100, "C"),
        (90, "XC"),
        (50, "L"),
        (40, "XL"),
        (10, "X"),
        (9, "IX"),
        (5, "V"),
        (4, "IV"),
        (1, "I"),
    ):
        count, number = divmod(number, value)
        out.append(letters * count)
    return "".join(out)
