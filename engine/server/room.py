"""A `Room` is one table being served: the engine's `Table` and the hand in play, the seat tokens, the action
clock and the connection state, with every change stored before anybody hears of it.

Everything here is synchronous and works without sockets: the network layer calls `join`, `act`, `tick`...
with a seat it has authenticated by token, and sends what the room leaves in `outbox` (seat, message text).
Tests drive a room directly, with a fake clock.

Policies (docs/server.md): a player whose turn comes while sitting out or leaving is checked or folded at once
(`LegalActions.default`); a player who does not act within ``action_seconds`` plus their time bank gets the
default action played for them, and after ``max_timeouts`` timeouts in a row is sat out; a player whose
connection drops plays on the clock, is sat out after ``grace_seconds`` and removed (chips cashed out) after
``away_seconds``.
"""

from __future__ import annotations

import hashlib
import json
import logging
import math
import secrets
import time
from collections.abc import Callable, Iterable
from typing import Any, TypedDict, Unpack

import attrs

from engine.actions import Action
from engine.cards import Deck, format_cards
from engine.errors import EngineError, TableError
from engine.evaluation import best_high, best_low
from engine.history.dates import phh_date_fields
from engine.history.phh import read_phh, write_phh
from engine.history.record import HandRecord
from engine.legal import refusal
from engine.rules import PostKind
from engine.serialize import EventsCache, from_json, table_views_json
from engine.server import fair
from engine.server.actions import write_action
from engine.server.codes import ClientError, Code
from engine.server.config import TableConfig
from engine.server.log import LogError, RoomState, SeatMeta, Step, apply_event, deck_text, keep_hand, sitting
from engine.server.oplog import line, setting
from engine.server.outage import Outage
from engine.server.store import DamagedRow, FinishedHand, Record, Storage, Stored, StoreError
from engine.showdown import PotResult
from engine.state import HandState
from engine.table import Departure, Table
from engine.validate import flag, is_whole, quote, whole
from engine.validate import name as checked_name
from engine.views import seat_views

PROTOCOL_VERSION = 1
HISTORY_MOST = 20  # hands one history request may ask for
logger = logging.getLogger("engine.server")


class RoomError(ClientError):
    """A request the room refuses (not your turn, a bad buy-in, ...): its code and message go back to the client."""


@attrs.frozen(slots=True)
class Policy:
    """The room's connection policies (see the module): seconds of grace, away and between hands."""

    grace_seconds: float = 30.0
    away_seconds: float = 300.0
    pause_seconds: float = 4.0


class RoomOptions(TypedDict, total=False):
    """How a room runs, the keyword options `Room.open` and `Room.restore` pass on to `Room` (whose defaults
    they take): its ``clock`` (monotonic seconds), ``policy``, each hand's deck (``shuffle``) and the server's
    ``outage`` (None: the room's own)."""

    clock: Callable[[], float]
    policy: Policy
    shuffle: Callable[[], Deck]
    outage: Outage | None


WATCHERS = -1
"""The `Outgoing.seat` of a message for every connection watching the table (a spectator's view)."""


@attrs.frozen(slots=True)
class Outgoing:
    """A message for the client holding ``seat`` (`WATCHERS`: for everyone watching); ``unbind``: the seat is
    gone, detach the connection."""

    seat: int
    text: str | LazyView
    unbind: bool = False


class LazyView:
    """A spectators' `view` message made the first time a connection's writer takes it, once for every
    connection that does (`engine.server.sender.Sender`): a view a newer one supersedes before any watcher
    reads it is never made (docs/server.md, "Slow readers")."""

    __slots__ = ("_make", "_text")

    def __init__(self, make: Callable[[], str]) -> None:
        self._make: Callable[[], str] | None = make
        self._text = ""

    def __str__(self) -> str:
        if self._make is not None:
            self._text, self._make = self._make(), None  # the moment it was made of is let go
        return self._text


@attrs.frozen(slots=True)
class _Moment:
    """The table at one moment, as its views are made of it (`Room.view_messages`)."""

    table_id: str
    hand_number: int
    table: Table
    hand: HandState | None
    actor: int | None
    turn: dict[str, float | None]
    banks: dict[int, float]  # each seat's time bank, for the seats asked for
    sat_out: dict[int, str | None]  # why each seat asked for sits out (None: it does not), for its own view
    straddles: dict[int, bool] | None  # each seat's standing choice, at tables with straddles
    commitment: str | None
    events: EventsCache
    fields: dict[str, Any]  # what else every view of this room says (a sit-and-go's table: the tournament)

    def views(self, seats: list[int | None]) -> dict[int | None, str]:
        """Each seat's `view` message (None: a spectator's): one replay of the hand, shared encoding."""
        views = self.table.views(seats, self.hand)
        texts = table_views_json([views[seat] for seat in seats], self.events)
        out = {}
        for seat, view in zip(seats, texts, strict=True):
            extra: dict[str, Any] = {} if self.commitment is None else {"commitment": self.commitment}
            bank = None
            if seat is not None:
                bank = self.turn["bank_seconds"] if seat == self.actor else self.banks[seat]
                extra["sat_out"] = self.sat_out[seat]
                if self.straddles is not None:
                    extra["straddle"] = self.straddles[seat]
            head = message(
                "view",
                table=self.table_id,
                hand_number=self.hand_number,
                clock={"actor": self.actor, **self.turn, "bank": bank},
                **extra,
                **self.fields,
            )
            out[seat] = head[:-1] + ',"view":' + view + "}"
        return out

    def spectator_view(self) -> str:
        return self.views([None])[None]


def token_hash(token: str) -> str:
    """The hash of a seat token: the store keeps only hashes, never the tokens."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def store_record(store: Storage, outage: Outage, log_id: str, record: Record, rooms: Iterable[Room]) -> None:
    """Store one record of a log (a table's, or a sit-and-go's for all its tables). When the database refuses
    it the outage is told, ``rooms`` are marked to tell their clients once writes are back (`Room.retell`), and
    RoomError ``store_unavailable`` says nothing changed."""
    try:
        store.append(log_id, record)
    except StoreError as error:
        outage.failed(error, write=True)
        for room in rooms:
            room.refused_write = True
        raise RoomError(
            Code.STORE_UNAVAILABLE, "the server could not store this, so nothing changed; try again"
        ) from None
    outage.answered()


def dated(record: HandRecord, stored_at: float | None) -> HandRecord:
    """A stored hand's record with the moment it was stored (its end) as its date, so a history downloaded and
    converted to another site's text or OHH says when it was played; a record with a date keeps its own."""
    if stored_at is None or any(name in ("year", "date") for name, _ in record.fields):
        return record
    return attrs.evolve(record, fields=(*record.fields, *phh_date_fields(stored_at)))


def message(kind: str, **fields: Any) -> str:
    """One protocol message as compact JSON, with its type and the protocol version."""
    return json.dumps({"type": kind, "version": PROTOCOL_VERSION, **fields}, separators=(",", ":"))


class Room:
    """One table served. Build with `Room.open` (a new table, or one rebuilt from storage)."""

    def __init__(
        self,
        config: TableConfig,
        store: Storage,
        state: RoomState,
        seq: int,
        *,
        clock: Callable[[], float] = time.monotonic,
        policy: Policy = Policy(),
        shuffle: Callable[[], Deck] = Deck.secure,
        outage: Outage | None = None,
    ) -> None:
        self.config = config
        self.id = config.id
        self.store = store
        self.state = state
        self.seq = seq
        self.clock = clock
        self.policy = policy
        self.shuffle = shuffle  # each hand's deck: a secure shuffle; tests pass a seeded one, to replay a failure
        self.outage = outage or Outage(clock)  # the server's one, shared by its rooms: how the log tells a failure
        self.outbox: list[Outgoing] = []
        self.connected: set[int] = set()
        now = clock()
        # Everyone starts away: after a restart nobody is connected until they resume.
        self.away: dict[int, float] = {seat: now for seat, _ in state.table.players}
        self.reissued: dict[int, str] = {}
        self.turn: tuple[int, int] | None = None  # the decision the clock runs for: (hand number, actions so far)
        self.turn_started = now
        self._start_turn()  # a hand rebuilt after a restart: its actor gets a fresh action time, and their bank
        self.next_hand_at = now
        self.salt: str | None = None  # the salt of the hand in play at a provably-fair table (engine.server.fair)
        self.encoded_events: EventsCache = {}  # the hand's events as JSON, for its views (emptied each hand)
        self.watched = False  # whether anyone watches: the network layer says; spectators' views are made then
        self.recent_pots: list[int] = []  # the pots of the last hands, for the lobby's average
        self.refused_write = False  # a write the store refused since the last `retell`
        self.wanted: TableConfig | None = None  # the configuration file's settings, until they are taken

    # --- making ------------------------------------------------------------------------------------------------

    @classmethod
    def open(cls, config: TableConfig, store: Storage, **options: Unpack[RoomOptions]) -> Room:
        """The table from storage (its last snapshot and the events since, replayed), or a new one. A table
        already stored keeps its stored game, stakes and seats, and takes ``config``'s other settings between
        hands (`take_settings`), saying in the log what changed and what was kept."""
        store.add_table(config.id, config.to_json())
        return cls.restore(config.id, store, wanted=config, **options)

    @classmethod
    def restore(
        cls, table_id: str, store: Storage, *, wanted: TableConfig | None = None, **options: Unpack[RoomOptions]
    ) -> Room:
        """A stored table, rebuilt (`rebuild`: `DamagedRow` if a row of it cannot be read back); ``wanted``:
        the configuration file's settings for it, taken before the next hand is dealt."""
        config, state, seq, salt = rebuild(table_id, store.load(table_id))
        room = cls(config, store, state, seq, **options)
        room.salt = salt if state.hand is not None else None  # the same commitment as before the crash
        if wanted is not None:
            room.want(wanted)
        room._settle()
        return room

    # --- reading -----------------------------------------------------------------------------------------------

    @property
    def table(self) -> Table:
        return self.state.table

    @property
    def hand(self) -> HandState | None:
        return self.state.hand

    def seat_for_token(self, token: object) -> int | None:
        """The seat the token holds, or None (a made-up or stale token)."""
        if not isinstance(token, str) or not 16 <= len(token) <= 128:
            return None
        wanted = token_hash(token)
        for seat, meta in enumerate(self.state.seats):
            if meta is not None and secrets.compare_digest(self.reissued.get(seat, meta.token_hash), wanted):
                return seat
        return None

    def bot_seats(self) -> dict[int, str]:
        """The seats the server's bots hold, with each bot's kind."""
        return {seat: meta.bot for seat, meta in enumerate(self.state.seats) if meta is not None and meta.bot}

    def actor_seat(self) -> int | None:
        """The table seat to act in the hand in play, or None."""
        hand = self.hand
        if hand is None or hand.actor is None:
            return None
        return self.table.table_seat(hand.actor)

    def deadline(self) -> float | None:
        """When the player to act times out (clock seconds), or None."""
        seat = self.actor_seat()
        if seat is None:
            return None
        return self.turn_started + self.config.action_seconds + self._bank(seat)

    def time_left(self) -> tuple[float, float] | None:
        """What the player to act has left now, (of the action time, of their time bank), or None: the one
        reckoning the views tell and `act` and `tick` enforce (the bank is drawn on once the action time is
        spent)."""
        seat = self.actor_seat()
        if seat is None:
            return None
        elapsed = max(0.0, self.clock() - self.turn_started)
        action = self.config.action_seconds
        return max(0.0, action - elapsed), max(0.0, self._bank(seat) - max(0.0, elapsed - action))

    def commitment(self, hand: HandState | None = None) -> str | None:
        """The commitment to the deck of the hand in play (or of ``hand``) at a provably-fair table, else None."""
        hand = hand or self.hand
        if hand is None or self.salt is None:
            return None
        return fair.commit(deck_text(hand), self.salt)

    def view_message(self, seat: int | None) -> str:
        """The seat's view of the table and the hand in play, with the clock (None: a spectator's)."""
        return self.view_messages([seat])[seat]

    def view_messages(self, seats: list[int | None]) -> dict[int | None, str]:
        """`view_message` for several seats, built together (one replay of the hand, shared encoding)."""
        return self._moment(seats).views(seats)

    def _moment(self, seats: list[int | None]) -> _Moment:
        """What every view of the table at this moment is made of (the states are immutable: a `_Moment` may
        be turned into views later and still say what was so now)."""
        left = self.time_left()
        turn: dict[str, float | None] = {"seconds": None, "action_seconds": None, "bank_seconds": None}
        if left is not None:
            turn = {
                "seconds": _down(left[0] + left[1]),
                "action_seconds": _down(left[0]),
                "bank_seconds": _down(left[1]),
            }
        banks = {seat: _down(self._bank(seat)) for seat in seats if seat is not None}
        sat_out = {seat: self._sat_out(seat) for seat in seats if seat is not None}
        straddles = (
            {seat: meta is not None and meta.straddle for seat, meta in enumerate(self.state.seats)}
            if self.config.straddle
            else None
        )
        return _Moment(
            self.id,
            self._hand_number(),
            self.table,
            self.hand,
            self.actor_seat(),
            turn,
            banks,
            sat_out,
            straddles,
            self.commitment(),
            self.encoded_events,
            self._view_fields(),
        )

    def _tell_views(self) -> None:
        """Every connected seat's view of this moment, and the spectators' as a `LazyView`: built only if a
        watcher's connection takes it, so spectators who do not read cost no view at all."""
        seats: list[int | None] = [*sorted(self.connected)]
        moment = self._moment(seats)
        for seat, text in moment.views(seats).items():
            self.outbox.append(Outgoing(WATCHERS if seat is None else seat, text))
        if self.watched:
            self.outbox.append(Outgoing(WATCHERS, LazyView(moment.spectator_view)))

    def lobby(self) -> dict[str, Any]:
        """The table as the lobby shows it: its configuration, players and recent pots."""
        players = [
            {
                "seat": seat,
                "name": p.name,
                "stack": p.stack,
                "sitting_out": p.sitting_out,
                "bot": (self.state.seats[seat] or SeatMeta("")).bot is not None,
            }
            for seat, p in self.table.players
        ]
        pots = self.recent_pots
        return {
            **self.config.lobby(),
            "players": players,
            "hands_played": self.table.hands_played,
            "hand_in_play": self.hand is not None,
            "average_pot": round(sum(pots) / len(pots), 1) if pots else 0.0,
        }

    def sitting_of(self, seat: int) -> str | None:
        """Who holds ``seat`` now, as a sitting (`engine.server.log.sitting`); None when nobody does."""
        meta = self.state.seats[seat]
        return None if meta is None else sitting(meta)

    def history(
        self, seat: int | None, count: object = 10, before: object = None, *, sitting_held: str | None = None
    ) -> list[dict[str, Any]]:
        """The table's last ``count`` (1..20) finished hands (numbered below ``before``, when given: the pages of
        a longer history) as PHH text, each as ``seat`` saw it (None: a spectator; or ``sitting_held``, given for
        an asker whose seat is gone: a player who busted or left): the hole cards of the hand seat its sitting was
        dealt (`engine.server.log.sitting`: never by name or seat number, which a later player may take) and the
        hands shown, no others (`HandRecord.seen_by`). A hand stored without sittings shows no hole cards to
        anybody. A hand PHH cannot hold (a double board) has ``phh`` None. Each hand also says who won each pot
        (``pots``, `_pot_winners`), so a client words a hand from the history as it words a hand it saw end."""
        count = whole(
            count,
            f"history's count (1..{HISTORY_MOST})",
            minimum=1,
            maximum=HISTORY_MOST,
            error=RoomError.of(Code.BAD_FIELD),
        )
        last = self._hands_end()
        end = (
            last
            if before is None
            else min(
                last,
                whole(before, "history's before (a hand number)", minimum=1, error=RoomError.of(Code.BAD_FIELD)) - 1,
            )
        )
        asker = sitting_held if seat is None else self.sitting_of(seat)
        out: list[dict[str, Any]] = []
        try:
            kept_hands = self._kept_hands(end, count)
        except StoreError as error:
            self.outage.failed(error, write=False)
            raise RoomError(
                Code.STORE_UNAVAILABLE, "the server could not read the hand history just now; try again"
            ) from None
        self.outage.answered(write=False)
        for kept in kept_hands:
            text = None
            if kept.phh is not None:
                record = read_phh(kept.phh)[0]
                if isinstance(record, HandRecord):
                    # the asker's name in that hand, if its sitting was dealt in (a name is unique in a hand)
                    dealt = [name for name, held in kept.sittings or () if asker is not None and held == asker]
                    viewer = record.players.index(dealt[0]) if dealt and dealt[0] in record.players else None
                    text = write_phh(dated(record.seen_by(viewer), kept.at))
            out.append({"number": kept.number, "phh": text, **_pot_winners(kept.json, kept.sittings)})
        return out

    def _kept_hands(self, end: int, count: int) -> list[FinishedHand]:
        """The stored hands `history` gives: the last ``count`` of this table's numbered ``end`` or below, oldest
        first."""
        since = max(0, end - count)
        return self.store.hands(self.log_id, since=since, limit=end - since)

    # --- connections -------------------------------------------------------------------------------------------

    def watch_message(self) -> str:
        """The spectator's view for a new watcher (who then gets every `WATCHERS` message)."""
        self.watched = True
        return self.view_message(None)

    def connect(self, seat: int) -> None:
        """A client holds the seat (joined or resumed): it gets the current view now and after every change."""
        self.connected.add(seat)
        self.away.pop(seat, None)
        self.outbox.append(Outgoing(seat, self.view_message(seat)))

    def disconnect(self, seat: int) -> None:
        """The seat's connection dropped: the seat is kept for the grace period (see the module)."""
        self.connected.discard(seat)
        if self.table.seats[seat] is not None:
            self.away[seat] = self.clock()

    def retell(self) -> None:
        """Once the database is back after refusing a write, every connected seat gets the current view again:
        a client whose action was refused (``store_unavailable``) acts on it again, rather than wait for a
        change that its own refused action was to make."""
        if self.refused_write:
            self.refused_write = False
            self._tell_views()

    def want(self, wanted: TableConfig) -> None:
        """The configuration file lists this table with ``wanted``: its `CHANGEABLE` settings are taken between
        hands (`take_settings`: now, or when the hand in play ends), the others kept, and both said in the log."""
        _, changed, kept = self.config.between_hands(wanted)
        if kept:
            logger.warning(
                "%s",
                line(
                    "settings_kept",
                    table=self.id,
                    **{key: setting(getattr(self.config, key)) for key in kept},
                    why="the game, stakes and seats of a table that has been played cannot change (its stored log "
                    "replays under them): open a new table under another id",
                ),
            )
        self.wanted = wanted if changed else None

    def take_settings(self) -> None:
        """Between hands, the wanted settings (`want`) become the table's: one ``settings`` event, stored with the
        table's new configuration, so that replay and every later start (with or without the file) have them."""
        if self.wanted is None or self.hand is not None:
            return
        updated, changed, _ = self.config.between_hands(self.wanted)
        if changed:
            settings = {key: getattr(updated, key) for key in changed}
            self._commit("settings", settings, config=updated)
            logger.info("%s", line("settings", table=self.id, **settings))
        self.wanted = None

    def reissue_token(self, seat: int) -> str:
        """A new token for an occupied seat, held in memory only (the server's own bots after a restart)."""
        if self.state.seats[seat] is None:
            raise RoomError(Code.NO_SEAT, f"seat {seat} is empty")
        token = secrets.token_urlsafe(24)
        self.reissued[seat] = token_hash(token)
        return token

    # --- requests ----------------------------------------------------------------------------------------------

    def join(
        self, name: object, buy_in: object, *, bot: str | None = None, seat: object = None, connect: bool = True
    ) -> tuple[int, str]:
        """Seat a player: (seat, token). The token is the only way back to the seat; only its hash is stored.
        ``connect``: the seat counts as connected at once (else it is away until `connect`)."""
        name = checked_name(name, "name", longest=32, error=RoomError.of(Code.BAD_NAME))
        lo, hi = self.config.min_buy_in, self.config.max_buy_in
        buy_in = whole(
            buy_in, f"buy_in (chips, {lo}..{hi})", minimum=lo, maximum=hi, error=RoomError.of(Code.BAD_BUY_IN)
        )
        same = self.table.name_taken(name)
        if same is not None:
            raise RoomError(
                Code.NAME_TAKEN,
                f"a player named {quote(same)} already sits at table {self.id} (names "
                "are the same whatever their case)",
            )
        free = [s for s, p in enumerate(self.table.seats) if p is None]
        if seat is None:
            if not free:
                raise RoomError(Code.TABLE_FULL, f"table {self.id} is full")
            seat = free[0]
        elif not is_whole(seat, minimum=0, maximum=self.config.seats - 1):
            raise RoomError(
                Code.BAD_FIELD,
                f"join's seat must be a seat of table {self.id}, a whole number from 0 to "
                f"{self.config.seats - 1}, got {quote(seat)}",
            )
        elif seat not in free:
            raise RoomError(Code.SEAT_TAKEN, f"seat {seat} at table {self.id} is taken; free: {free}")
        token = secrets.token_urlsafe(24)
        self._commit(
            "join", {"seat": seat, "name": name, "buy_in": buy_in, "token_hash": token_hash(token), "bot": bot}
        )
        assert isinstance(seat, int)
        self.reissued.pop(seat, None)
        if connect:
            self.connect(seat)
        else:
            self.away[seat] = self.clock()
        self._follow_up()
        return seat, token

    def act(self, seat: int, action: Action) -> None:
        """Applies a seated player's action when it is their turn and in time (`RoomError` otherwise). A refusal
        names the players, as the page shows them: the engine's own says the hand's seat index, which is not
        the table seat (``seat 2 cannot raise`` to the player at table seat 3)."""
        actor, hand = self.actor_seat(), self.hand
        if actor is None or hand is None:
            raise RoomError(Code.NO_ACTION_DUE, "no hand is waiting for an action")
        if actor != seat:
            raise RoomError(Code.NOT_YOUR_TURN, f"it is not your turn: {self._name(self.state, actor)} is to act")
        legal = hand.legal_actions()
        if not legal.allows(action):
            raise RoomError(Code.ILLEGAL_ACTION, refusal(hand, action, legal, who=self._name(self.state, seat)))
        data: dict[str, Any] = {"seat": seat, "action": write_action(action)}
        left = self.time_left()
        if left is not None and left[0] == 0:  # the time bank was drawn on: the log keeps what is left of it
            data["bank"] = left[1]
        self._commit("act", data)
        self._follow_up()

    def sit_out(self, seat: int, reason: str = "asked") -> None:
        """The player sits out from the next hand; the reason is logged."""
        self._commit("sit_out", {"seat": seat, "reason": reason})
        self._follow_up()

    def come_back(self, seat: int) -> None:
        """A player sitting out or leaving plays again from the next hand."""
        player = self.table.seats[seat]
        if player is not None and not (player.sitting_out or player.leaving):
            raise RoomError(Code.NOT_ALLOWED, "you are neither sitting out nor leaving")
        self._commit("come_back", {"seat": seat})
        self._follow_up()

    def leave(self, seat: int) -> None:
        """The player leaves: at once, or when the hand in play ends if they are in it."""
        self._commit("leave", {"seat": seat})
        self._follow_up()

    def set_straddle(self, seat: int, on: object) -> None:
        """The seat's standing choice: straddle (two big blinds) whenever it is under the gun, from the next
        hand on, at a table that allows straddles."""
        if not self.config.straddle:
            raise RoomError(Code.NOT_ALLOWED, f"table {self.id} does not allow straddles")
        on = flag(on, "straddle's on (true or false)", error=RoomError.of(Code.BAD_FIELD))
        self._commit("straddle", {"seat": seat, "on": on})
        self._follow_up()

    def top_up(self, seat: int, amount: object) -> None:
        """Adds chips to a player's stack, up to the table's maximum buy-in."""
        player = self.table.seats[seat]
        if player is None:
            raise RoomError(Code.NO_SEAT, f"seat {seat} is empty")
        room = self.config.max_buy_in - player.stack
        if room < 1:
            raise RoomError(
                Code.BAD_AMOUNT, f"your stack {player.stack} is at the table's maximum buy-in {self.config.max_buy_in}"
            )
        amount = whole(
            amount, f"top_up amount (chips, 1..{room})", minimum=1, maximum=room, error=RoomError.of(Code.BAD_AMOUNT)
        )
        self._commit("top_up", {"seat": seat, "amount": amount})
        self._follow_up()

    def tick(self) -> None:
        """Apply what the clock says is due: timeouts, sitting out or removing players who are away, the next
        hand. The server calls it a few times a second; tests call it after moving their clock."""
        now = self.clock()
        for seat, since in sorted(self.away.items()):
            player = self.table.seats[seat]
            if player is None:
                self.away.pop(seat, None)
            elif now - since >= self.policy.away_seconds and not player.leaving and self.REMOVES_AWAY:
                self._commit("leave", {"seat": seat})
            elif now - since >= self.policy.grace_seconds and not self._sits_out(seat):
                self._commit("sit_out", {"seat": seat, "reason": "away"})
        deadline = self.deadline()
        actor = self.actor_seat()
        hand = self.hand
        if deadline is not None and actor is not None and hand is not None and now >= deadline:
            self._commit(
                "act",
                {"seat": actor, "action": write_action(hand.legal_actions().default), "timeout": True, "bank": 0.0},
            )
            meta = self.state.seats[actor]
            player = self.table.seats[actor]
            if (
                meta is not None
                and player is not None
                and not self._sits_out(actor)
                and meta.timeouts >= self.config.max_timeouts
            ):
                self._commit("sit_out", {"seat": actor, "reason": "timeouts"})
        self._settle()

    # --- inside ------------------------------------------------------------------------------------------------

    def _bank(self, seat: int) -> float:
        """The seconds in the seat's time bank, as the log keeps it (`SeatMeta.bank`; None is a full bank)."""
        meta = self.state.seats[seat]
        bank = None if meta is None else meta.bank
        return self.config.time_bank_seconds if bank is None else min(bank, self.config.time_bank_seconds)

    def _sat_out(self, seat: int) -> str | None:
        """Why the seat sits out ("asked", "timeouts", "away"; `SeatMeta.sat_out`), None while it plays. A seat
        the table itself sat out (a bust kept seated) has no reason of the server's: "asked"."""
        player, meta = self.table.seats[seat], self.state.seats[seat]
        if player is None or not player.sitting_out:
            return None
        return (meta.sat_out if meta is not None else None) or "asked"

    def _start_turn(self) -> None:
        """The clock starts for a new decision the moment the state has one, before any view tells of it."""
        hand = self.hand
        key = None if hand is None or hand.actor is None else (self._hand_number(), len(hand.actions))
        if key != self.turn:
            self.turn, self.turn_started = key, self.clock()

    def _hand_number(self) -> int:
        return self.table.hands_played + (1 if self.hand is not None else 0)

    def _hands_end(self) -> int:
        """The highest number a finished hand of this room's log may have (`history` reads below it)."""
        return self.table.hands_played

    def _may_deal(self) -> bool:
        """Whether the table may deal its next hand now, beside what the table itself says (a sit-and-go's
        table waits for the tournament: hand-for-hand)."""
        return True

    def _plays_for(self, seat: int) -> bool:
        """Whether the server plays the seat's turns (checks or folds at once): a player leaving, or sat out by
        the server; a player who asked to sit out plays the hand in play to its end."""
        player = self.table.seats[seat]
        return player is not None and (player.leaving or (player.sitting_out and self._sat_out(seat) != "asked"))

    def _sits_out(self, seat: int) -> bool:
        """Whether the seat is sat out already (the clock does not sit it out again)."""
        player = self.table.seats[seat]
        return player is not None and player.sitting_out

    def _view_fields(self) -> dict[str, Any]:
        """What every view of this room says beside the table and the clock (a sit-and-go's table: the
        tournament's level and field)."""
        return {}

    def _left_fields(self, departure: Departure) -> dict[str, Any]:
        """What a ``left`` message says beyond the table, seat, chips and reason (a tournament's: the place)."""
        return {}

    REMOVES_AWAY = True
    """Whether a player away for ``away_seconds`` is removed, their chips cashed out (a tournament's player
    stays, blinded off)."""

    def _follow_up(self) -> None:
        """`_settle` after a request that was stored: the request stands whatever follows, so a store failure
        in what it made due (the next deal, an automatic fold) is not the requester's error ("nothing
        changed" would be false); the outage is logged and the clock's next tick retries."""
        try:
            self._settle()
        except RoomError as error:
            if error.code != Code.STORE_UNAVAILABLE:
                raise

    def _settle(self) -> None:
        """Play what needs no one: the turn of a player leaving or sat out by the server (checked or folded),
        and the next hand when it is due and two players can play. A player who asked to sit out plays the hand
        in play to its end: sitting out deals them out from the next hand."""
        while True:
            hand = self.hand
            if hand is not None:
                seat = self.actor_seat()
                if seat is not None and self._plays_for(seat):
                    self._commit(
                        "act", {"seat": seat, "action": write_action(hand.legal_actions().default), "auto": True}
                    )
                    continue
                return
            self.take_settings()
            if self.clock() < self.next_hand_at or not self._may_deal():
                return
            try:
                deal = self.table.next_deal()
            except TableError:
                return
            data: dict[str, Any] = {"deck": format_cards(self.shuffle().cards)}  # the deck, stored
            banks = self._refills(deal.seats)
            if banks:
                data["banks"] = banks
            straddles = self._straddles()
            if straddles:
                data["straddles"] = straddles
            if self.config.provably_fair:
                data["salt"] = fair.new_salt()  # stored with the deck: a restart keeps the same commitment
            self._commit("hand_start", data)

    def _refills(self, seats: tuple[int, ...]) -> list[list[float]]:
        """Each hand dealt gives its players back a little of their time bank, up to its size: [seat, seconds]
        for each seat whose bank this changes, stored in the ``hand_start`` event."""
        size, refill = self.config.time_bank_seconds, self.config.time_bank_refill_seconds
        return [
            [seat, min(size, self._bank(seat) + refill)] for seat in seats if refill > 0 and self._bank(seat) < size
        ]

    def _straddles(self) -> list[int]:
        """The straddle of the next hand: two big blinds from the player under the gun, when the table allows
        straddles, that player has asked to straddle and has more chips than that (the engine says who is under
        the gun, and refuses a straddle its rules do not allow: then there is none)."""
        if not self.config.straddle:
            return []
        try:
            amount = 2 * self.table.next_deal().rules.blinds[-1]
            deal = self.table.next_deal(straddles=(amount,))
        except EngineError:
            return []
        for post in deal.posts:
            if post.kind == PostKind.STRADDLE:
                seat = deal.seats[post.seat]
                meta, player = self.state.seats[seat], self.table.seats[seat]
                if meta is not None and meta.straddle and player is not None and player.stack > amount:
                    return [amount]
        return []

    def _commit(self, kind: str, data: dict[str, Any], *, config: TableConfig | None = None) -> Step:
        """Apply the event, store it (with its ledger entries, the finished hand, a snapshot and the table's new
        ``config``), then take the new state and tell the connected seats. A refused event changes nothing and
        raises RoomError (an action the hand does not allow: ``illegal_action``; anything else the table
        refuses: ``refused``)."""
        step, number, names = self._store_event(kind, data, config)
        self._start_turn()
        if kind == "hand_start":
            self.encoded_events.clear()
            self.salt = data.get("salt")
            commitment = self.commitment(step.finished)
            if commitment is not None:  # before any view of the hand, so before any hole card
                for seat in [*sorted(self.connected), *([WATCHERS] if self.watched else [])]:
                    self.outbox.append(
                        Outgoing(
                            seat, message("deal", table=self.id, number=self._hand_number(), commitment=commitment)
                        )
                    )
        if kind == "join":
            logger.info(
                "%s",
                line(
                    "join",
                    table=self.id,
                    seat=data["seat"],
                    name=data["name"],
                    buy_in=data["buy_in"],
                    bot=data.get("bot"),
                ),
            )
        if step.finished is not None:
            logger.info(
                "%s",
                line(
                    "hand",
                    table=self.id,
                    number=number,
                    players=len(step.finished_seats),
                    pot=sum(step.finished.contributed),
                    rake=0 if step.finished.result is None else step.finished.result.rake,
                ),
            )
            self.next_hand_at = self.clock() + self.policy.pause_seconds
            self.recent_pots = [*self.recent_pots[-19:], sum(step.finished.contributed)]
            self._tell_hand(step.finished, step.finished_seats, names, number)
            self.salt = None
        for departure in step.departures:
            logger.info(
                "%s",
                line(
                    "bust" if departure.reason == "busted" else "leave",
                    table=self.id,
                    seat=departure.seat,
                    name=departure.player.name,
                    chips=departure.player.stack,
                ),
            )
            self.reissued.pop(departure.seat, None)
            self.away.pop(departure.seat, None)
            if departure.seat in self.connected:
                self.connected.discard(departure.seat)
                self.outbox.append(
                    Outgoing(
                        departure.seat,
                        message(
                            "left",
                            **{
                                "table": self.id,
                                "seat": departure.seat,
                                "chips": departure.player.stack,
                                "reason": departure.reason,
                                **self._left_fields(departure),
                            },
                        ),
                        unbind=True,
                    )
                )
        self._tell_views()
        return step

    def _store_event(
        self, kind: str, data: dict[str, Any], config: TableConfig | None
    ) -> tuple[Step, int, tuple[str, ...]]:
        """Apply the event and store it (`_commit`): the step, the number of the hand it finished and the names
        of that hand's players. RoomError when it is refused or cannot be stored (nothing changed)."""
        before = self.state
        try:
            step = apply_event(before, kind, data)
        except LogError as error:
            refused = Code.ILLEGAL_ACTION if kind == "act" else Code.REFUSED
            raise RoomError(refused, str(error)) from None
        hand = snapshot = None
        number = step.state.table.hands_played
        names: tuple[str, ...] = ()
        if step.finished is not None:
            names = tuple(self._name(before, seat) for seat in step.finished_seats)
            sittings = tuple(sitting(before.seats[seat]) for seat in step.finished_seats)
            hand = keep_hand(number, step.finished, names, sittings, step.finished_seats)
            snapshot = step.state.snapshot()
        self._append(
            Record(self.seq + 1, kind, data, step.ledger, hand, snapshot, None if config is None else config.to_json())
        )
        self.state = step.state
        if config is not None:
            self.config = config
        return step, number, names

    def _append(self, record: Record) -> None:
        """Store one record of this table's log (RoomError ``store_unavailable`` when the database refuses it)."""
        store_record(self.store, self.outage, self.log_id, record, (self,))
        self.seq += 1

    @property
    def log_id(self) -> str:
        """The log this room's events and finished hands are stored under: its own (a sit-and-go's tables share
        the sit-and-go's)."""
        return self.id

    @staticmethod
    def _name(state: RoomState, seat: int) -> str:
        player = state.table.seats[seat]
        return player.name if player is not None else f"seat{seat}"

    def _tell_hand(self, hand: HandState, seats: tuple[int, ...], names: tuple[str, ...], number: int) -> None:
        """The result of the finished hand to each connected seat, as that seat may see it; at a provably-fair
        table with the deck and salt the hand's commitment was made with. It names the hand's own players
        (``names``, the ``button`` and each one's ``stacks`` after the hand, by hand seat): a client draws the
        finished hand from them while it is shown, whoever has taken a seat since (a player who busted and was
        replaced, or bought in again)."""
        extra: dict[str, Any] = {}
        if self.salt is not None:
            deck = deck_text(hand)
            extra["reveal"] = {"deck": deck, "salt": self.salt, "commitment": fair.commit(deck, self.salt)}
        connected: list[int | None] = [*sorted(self.connected), *([None] if self.watched else [])]
        hand_seats = {seat: seats.index(seat) if seat in seats else None for seat in connected}
        views = seat_views(hand, set(hand_seats.values()))
        for seat in connected:
            view = views[hand_seats[seat]]
            result = view.result
            if result is None:
                continue
            pots = []
            for pot in result.pots:
                board = view.boards[pot.board] if view.boards else view.board
                own = {s: view.shown[s] or (view.hole if s == view.seat else ()) for s in pot.eligible}
                pots.append(
                    {
                        "amount": pot.amount,
                        "board": pot.board,
                        "high": [seats[s] for s in pot.high_winners],
                        "low": [seats[s] for s in pot.low_winners],
                        "high_hand": None
                        if pot.high_hand is None
                        else {"name": pot.high_hand.name, "cards": _cards(pot.high_hand.cards)},
                        "low_hand": None
                        if pot.low_hand is None
                        else {"name": pot.low_hand.name, "cards": _cards(pot.low_hand.cards)},
                        **_winners_hands(pot, own, board, seats),
                        "shares": [[seats[s], chips, str(portion)] for s, chips, portion in pot.shares],
                        "payouts": [[seats[s], chips] for s, chips in pot.payouts],
                    }
                )
            shown = {str(seats[s]): _cards(cards) for s, cards in enumerate(view.shown) if cards}
            self.outbox.append(
                Outgoing(
                    WATCHERS if seat is None else seat,
                    message(
                        "hand",
                        table=self.id,
                        number=number,
                        seats=list(seats),
                        names=list(names),
                        button=seats[hand.button],
                        stacks=list(hand.stacks),
                        board=_cards(view.board),
                        boards=[_cards(b) for b in view.boards],
                        pots=pots,
                        rake=result.rake,
                        net={str(seats[s]): net for s, net in enumerate(result.net)},
                        shown=shown,
                        **extra,
                    ),
                )
            )


def _down(seconds: float) -> float:
    """Seconds as the clock tells them: to a tenth, rounded down, so a client never counts on more than it has."""
    return math.floor(seconds * 10 + 1e-9) / 10


_READ_ERRORS = (ValueError, TypeError, KeyError, IndexError, AttributeError)
"""What reading a stored row of the wrong shape can raise (JSON errors and the engine's own are ValueErrors)."""


def rebuild(table_id: str, stored: Stored) -> tuple[TableConfig, RoomState, int, str | None]:
    """A stored table replayed: its configuration, its state, the seq of its last event and the salt of the hand
    in play. A row that cannot be read back (JSON cut short, a wrong shape, an event the table refuses) raises
    `DamagedRow` naming the table, the row and what is wrong: the room is never opened on a guess."""

    def damaged(row: str, error: Exception) -> DamagedRow:
        what = " ".join(str(error).split()) or type(error).__name__
        return DamagedRow(f"table {table_id}: {row} is damaged: {what}")

    try:
        config = TableConfig.from_json(stored.config)
    except _READ_ERRORS as error:  # JSONDecodeError and ConfigError too
        raise damaged("its configuration (the tables table)", error) from None
    try:
        if stored.snapshot is None:
            state = RoomState.empty(Table.new(config.schedule(), seats=config.seats))
        else:
            state = RoomState.from_snapshot(stored.snapshot)
    except _READ_ERRORS as error:
        raise damaged(f"its snapshot at event {stored.snapshot_seq} (the snapshots table)", error) from None
    seq, salt = stored.snapshot_seq, None
    for number, kind, data in stored.events:
        try:
            state = apply_event(state, kind, data).state
        except _READ_ERRORS as error:  # LogError is a ValueError
            raise damaged(f"event {number} ({kind}) in the events table", error) from None
        seq = number
        if kind == "hand_start":
            salt = data.get("salt")
    return config, state, seq, salt


def _winners_hands(pot: PotResult, own: dict[int, Any], board: Any, seats: tuple[int, ...]) -> dict[str, Any]:
    """Each winner's own five cards, per half: ``high_hands`` and ``low_hands``, lists of {seat (table seat),
    name, cards}, for the winners whose hole cards this viewer may see (shown, or its own). Two players who
    split a half each made it with their own cards (a tied low is the same ranks, not the same cards), which
    the pot's one ``high_hand`` / ``low_hand`` cannot say."""
    if pot.high_hand is None:  # not contested: nothing was shown
        return {"high_hands": [], "low_hands": []}
    highs, lows = [], []
    for s in pot.high_winners:
        if own.get(s):
            hand = best_high(own[s], board)
            highs.append({"seat": seats[s], "name": hand.name, "cards": _cards(hand.cards)})
    for s in pot.low_winners:
        low = best_low(own[s], board) if own.get(s) else None
        if low is not None:
            lows.append({"seat": seats[s], "name": low.name, "cards": _cards(low.cards)})
    return {"high_hands": highs, "low_hands": lows}


def _pot_winners(document: str, sittings: tuple[tuple[str, str], ...] | None) -> dict[str, Any]:
    """Who won each pot of a stored hand, by name: ``pots``, each ``amount``, ``board``, ``high`` and ``low``
    (the winners' names, as in the hand) and ``contested`` (hands were shown; false for a pot nobody called).
    Public facts, as the `hand` message gives everybody; nothing for a hand stored without its players' names
    or that cannot be read back."""
    try:
        hand = from_json(document, HandState)
    except (EngineError, ValueError):
        return {}
    if sittings is None or hand.result is None or len(sittings) != len(hand.stacks):
        return {}
    names = [name for name, _ in sittings]
    return {
        "pots": [
            {
                "amount": pot.amount,
                "board": pot.board,
                "high": [names[s] for s in pot.high_winners],
                "low": [names[s] for s in pot.low_winners],
                "contested": pot.high_hand is not None,
            }
            for pot in hand.result.pots
        ]
    }


def _cards(cards: Any) -> str:
    return " ".join(str(card) for card in cards)
