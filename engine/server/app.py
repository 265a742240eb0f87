"""The network layer: one port for HTTP (the lobby at ``GET /api/tables``, a page at ``GET /``) and the WebSocket
at ``/ws``. It parses, routes and sends; the game logic is the rooms' (`engine.server.room`).

Needs the ``server`` extra: websockets (its asyncio API, with ``process_request`` answering plain HTTP on the
same port). Everything runs on one asyncio loop in one thread, so the rooms and the SQLite connection are only
ever touched by that thread: a request is parsed, applied to its room (which stores it), and the room's
messages are queued for the connections (each connection's `engine.server.sender.Sender`: a bounded queue
and a writer task, so one slow reader never holds up the others) before the next request is read.
"""

from __future__ import annotations

import asyncio
import errno
import functools
import http
import ipaddress
import json
import logging
import os
import re
import secrets
import socket
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.datastructures import Headers
from websockets.exceptions import ConnectionClosed
from websockets.http11 import Request, Response

from engine.cards import Deck
from engine.errors import EngineError
from engine.server.botclient import BotManager
from engine.server.budget import MessageBudget
from engine.server.codes import CLOSES, MALFORMED_REQUESTS, ClientError, Code
from engine.server.config import ServerConfig
from engine.server.oplog import Throttled, line
from engine.server.outage import Outage
from engine.server.protocol import ProtocolError, parse_message
from engine.server.room import PROTOCOL_VERSION, WATCHERS, Policy, Room, RoomError, RoomOptions, message
from engine.server.sender import Sender
from engine.server.sitngo import SitAndGo, TableRoom, instance_id, instance_number
from engine.server.store import DamagedRow, Storage
from engine.server.supervisor import Supervisor
from engine.server.tourney_config import stored_tournament

logger = logging.getLogger("engine.server")

PAGE = """<!doctype html><meta charset="utf-8"><title>Omaha Hi-Lo server</title>
<h1>Omaha Hi-Lo server</h1><p>The tables are at <a href="/api/tables">/api/tables</a>; play over the WebSocket at
<code>/ws</code> (protocol: docs/server.md). The browser table's files (engine/server/static, docs/browser.md) are
missing from this installation.</p>
"""
WEBSOCKET_MAX_SIZE = 65536  # frames above this are cut by websockets itself (close code 1009)
BAD_MESSAGES_BEFORE_CLOSE = 10


BOT_KEY_HEADER = "X-Omaha-Bot-Key"  # the server's own bots say so (they are not held to the per-address cap)


class Session:
    """One WebSocket connection: the seat it holds, if any, its message budget and its `Sender`."""

    def __init__(self, ws: ServerConnection, sender: Sender, rate: float, burst: int, now: float) -> None:
        self.ws = ws
        self.sender = sender
        self.room: Room | None = None
        self.seat: int | None = None
        self.watching: Room | None = None
        self.entrant: tuple[SitAndGo, str] | None = None  # the tournament entrant it plays for, if any
        # the table and sitting of the seat it held last (`Room.sitting_of`): its history still shows that
        # sitting's hole cards once the seat is gone (busted, out of a tournament, left), as it did while it sat
        self.held: tuple[Room, str] | None = None
        self.budget = MessageBudget(rate, burst, now)
        self.bad = 0
        self.closing = False


def _buy(room: Room, seat: int, data: dict[str, Any]) -> None:
    """A rebuy or an add-on: a tournament table's; a cash table's players top up instead."""
    if not isinstance(room, TableRoom):
        raise RoomError(Code.NOT_ALLOWED, f"{data['type']} is a tournament's; at table {room.id} top_up buys chips")
    room.buy(seat, data["type"])


SEAT_REQUESTS: dict[str, Callable[[Room, int, dict[str, Any]], None]] = {
    "act": lambda room, seat, data: room.act(seat, data["action"]),  # an Action already (engine.server.protocol)
    "sit_out": lambda room, seat, data: room.sit_out(seat),
    "come_back": lambda room, seat, data: room.come_back(seat),
    "leave": lambda room, seat, data: room.leave(seat),
    "top_up": lambda room, seat, data: room.top_up(seat, data["amount"]),
    "straddle": lambda room, seat, data: room.set_straddle(seat, data["on"]),
    "rebuy": _buy,
    "addon": _buy,
}
"""The client messages that are requests of the seat a connection holds, each applied to its room."""


class GameServer:
    """The rooms of every configured table, and the connections to them."""

    def __init__(
        self,
        config: ServerConfig,
        store: Storage,
        *,
        clock: Callable[[], float] = time.monotonic,
        tick_seconds: float = 0.1,
        shuffle: Callable[[], Deck] = Deck.secure,
        wall: Callable[[], float] = time.time,
    ) -> None:
        self.config = config
        self.store = store
        self.clock = clock
        self.shuffle = shuffle  # each hand's deck (`Room.shuffle`)
        self.tick_seconds = tick_seconds
        self.policy = Policy(config.grace_seconds, config.away_seconds, config.pause_seconds)
        self.outage = Outage(clock)  # the database's outages, told once for every room (engine.server.outage)
        self.rooms: dict[str, Room] = {}
        self.refused: dict[str, str] = {}  # stored tables that cannot be rebuilt (a damaged row), with why
        self.sessions: dict[tuple[str, int], Session] = {}
        self.watchers: dict[str, set[Session]] = {}
        self.server: Server | None = None
        self.supervisor: Supervisor | None = None
        self.bots: BotManager | None = None
        self.port = 0
        self.bot_key = secrets.token_urlsafe(24)  # sent by the server's own bots (BOT_KEY_HEADER)
        self.accepted: set[ServerConnection] = set()  # every connection from its TCP accept to its close
        self.throttled = Throttled(logger, clock)  # warnings a client can cause, at most one a minute of each
        self.tournaments: dict[str, SitAndGo] = {}  # the sit-and-gos served, by their [[tournaments]] id
        self.entrants: dict[tuple[str, str], Session] = {}  # (sit-and-go, name): the entrant's connection
        self.not_tables: set[str] = set()  # stored ids that are sit-and-gos' logs, not tables (adopt skips them)
        for table in config.tables:
            if store.claim(table.id):
                try:
                    self.rooms[table.id] = Room.open(table, store, **self.room_options)
                except DamagedRow:
                    store.release(table.id)
                    raise
            else:
                logger.warning("table %s is served by another server on this database: not opened here", table.id)
        for tournament in config.tournaments:
            sng = SitAndGo.open(tournament, store, wall=wall, **self.room_options)
            if sng is None:
                logger.warning("tournament %s is run by another server on this database: not here", tournament.id)
                continue
            self.tournaments[tournament.id] = sng
            self._follow(sng)
        self._open_unconfigured(wall=wall, **self.room_options)
        self.adopt(strict=True)  # tables from an earlier run whose config has since gone, or whose server is gone
        for room in self.rooms.values():
            logger.info(
                "table %s: %d players, %d hands played%s",
                room.id,
                len(room.table.players),
                room.table.hands_played,
                ", a hand in play" if room.hand is not None else "",
            )

    @property
    def room_options(self) -> RoomOptions:
        """What every table and tournament served here runs with: the server's clock, policy, decks and outage."""
        return {"clock": self.clock, "policy": self.policy, "shuffle": self.shuffle, "outage": self.outage}

    # --- running -----------------------------------------------------------------------------------------------

    async def start(self, host: str | None = None, port: int | None = None, *, listener: Listener | None = None) -> int:
        """Serve on ``listener`` (the port `Listener.take` took before the tables were opened: `serve` does so),
        or else take ``host``:``port`` now; returns the port (pass 0 for a free one). A port that cannot be had
        (in use, not allowed) is a `ListenError` that says which and why."""
        if listener is None:
            listener = await Listener.take(
                host or self.config.host, self.config.port if port is None else port, self.config.max_connections
            )
        host = listener.host
        listener.game = self
        self.server = listener.server
        self.accepted = listener.accepted  # counted from each TCP accept (`_counted`); none before serving
        await self.server.start_serving()
        self._supervise()
        sockets = self.server.sockets
        bound: int = sockets[0].getsockname()[1] if sockets else 0
        self.port = bound
        logger.info("%s", line("listening", url=f"http://{host}:{bound}/", websocket=f"ws://{host}:{bound}/ws"))
        logger.info("open http://%s:%d/ in a browser to play", host, bound)
        return bound

    def start_bots(self, counts: dict[str, int] | None = None) -> BotManager:
        """Keep built-in bots seated (``counts``: per table; default: the configuration's), playing over the
        WebSocket like everyone else."""
        if counts is None:
            counts = {room.id: self.config.table_bots(room.config) for room in self.rooms.values()}
        assert self.supervisor is not None, "start the server first"
        self.bots = BotManager(
            self.rooms,
            counts,
            f"ws://127.0.0.1:{self.port}/ws",
            budget=(self.config.rate, self.config.burst),
            headers={BOT_KEY_HEADER: self.bot_key},
            spawn=self.supervisor.spawn,
        )
        self.bots.ensure()
        for room in self.rooms.values():
            self.flush(room)
        return self.bots

    async def stop(self) -> None:
        """Stops the bots, the clock ticker and the server."""
        if self.bots is not None:
            await self.bots.close()
        if self.supervisor is not None:
            await self.supervisor.stop()
        if self.server is not None:
            self.server.close()
            try:  # a connection that does not read cannot take its close frame: cut it off
                await asyncio.wait_for(asyncio.shield(self.server.wait_closed()), 5)
            except TimeoutError:
                for connection in self.server.all_connections:
                    connection.transport.abort()
                await self.server.wait_closed()

    def adopt(self, *, strict: bool = False) -> list[str]:
        """Open every stored table that no server holds (a table of an earlier run, or of a server that has
        died: its claim went with its connection), continuing its hand where the log left it. Returns the ids
        opened. With several servers on one PostgreSQL database this is the takeover (docs/server.md).

        A table whose stored rows cannot be read back (`DamagedRow`) stops the start (``strict``: serve prints
        the one line and exits 2); found while serving, it is refused loudly (once for each thing wrong with it)
        and its claim let go of, so that whichever server scans next after an operator mends it serves it (this
        one too); the others play on."""
        opened = []
        for table_id in self.store.table_ids():
            if table_id in self.rooms or self._of_an_entry(table_id) or not self.store.claim(table_id):
                continue  # a tournament's log is never claimed here: releasing it would let go of its server's claim
            if self._not_a_table(table_id):
                self.store.release(table_id)
                continue
            try:
                room = Room.restore(table_id, self.store, **self.room_options)
            except DamagedRow as error:
                self.store.release(table_id)
                if strict:
                    raise
                if self.refused.get(table_id) != str(error):
                    logger.error("table %s not served: %s", table_id, error)
                self.refused[table_id] = str(error)
                continue
            if self.refused.pop(table_id, None) is not None:
                logger.warning("table %s: mended, served again", table_id)
            self.rooms[table_id] = room
            if self.bots is not None:
                self.bots.counts[table_id] = self.config.table_bots(room.config)
            opened.append(table_id)
            if self.server is not None:
                logger.info(
                    "table %s taken over: %d players, %d hands played",
                    table_id,
                    len(room.table.players),
                    room.table.hands_played,
                )
        return opened

    def _open_unconfigured(self, **options: Any) -> None:
        """The last stored tournament of each entry that has left the file, resumed to its end or cancelled
        (`SitAndGo.open_unconfigured`) and served beside the file's; the entry's earlier ones are over."""
        named = {entry.id for entry in self.config.tournaments} | {table.id for table in self.config.tables}
        last: dict[str, int] = {}
        for stored_id in self.store.table_ids():
            entry = stored_id.rpartition("#")[0]
            number = instance_number(entry, stored_id) if entry else None
            if number is not None and entry not in named and stored_id not in named:
                last[entry] = max(last.get(entry, 0), number)
        for entry, number in last.items():
            sng = SitAndGo.open_unconfigured(instance_id(entry, number), self.store, **options)
            if sng is not None and sng.config.id not in self.tournaments:
                self.tournaments[sng.config.id] = sng
                self._follow(sng)

    def _of_an_entry(self, table_id: str) -> bool:
        """Whether a stored id is known for a tournament's log: one of an entry served here (in the file, or
        left it and resumed), or found so before."""
        if table_id not in self.not_tables and not any(
            table_id.startswith(f"{entry}#") for entry in [*self.tournaments, *(e.id for e in self.config.tournaments)]
        ):
            return False
        self.not_tables.add(table_id)
        return True

    def _not_a_table(self, table_id: str) -> bool:
        """Whether a stored id is a tournament's log rather than a table (its `SitAndGo` serves it, or it is an
        earlier one of an entry, over, or one of an entry no longer in the file: nobody serves it)."""
        if self._of_an_entry(table_id):
            return True
        try:
            stored = self.store.load(table_id)
        except (KeyError, DamagedRow):  # a damaged table is the rebuild's to refuse, loudly
            return False
        if stored_tournament(stored.config) is None:
            return False
        self.not_tables.add(table_id)
        return True

    def _supervise(self) -> None:
        """The background jobs, each under the supervisor: the clock, the takeover scan, the bots, and the
        database watch (the SQLite file still the one opened; on PostgreSQL a lost connection re-established
        and the tables another server took meanwhile given up)."""
        self.supervisor = Supervisor(outage=self.outage)
        tick = self.tick_seconds
        self.supervisor.every("the clock", tick, self._tick)
        self.supervisor.every("the takeover scan", 20 * tick, self.adopt)
        self.supervisor.every("the bots' manager", 20 * tick, self._ensure_bots)
        self.supervisor.every("the database watch", 10 * tick, self._watch_database)

    def _tick(self) -> None:
        for sng in self.tournaments.values():
            try:
                sng.tick()
            except RoomError:  # already logged where it was refused (a write the store could not make)
                pass
            except EngineError as error:
                logger.error("sit-and-go %s: tick failed: %s", sng.id, error)
            self._follow(sng)
        for room in list(self.rooms.values()):
            try:
                room.tick()
            except RoomError:  # already logged where it was refused (a write the store could not make)
                pass
            except EngineError as error:  # never lets one table stop the others; the room changed nothing
                logger.error("table %s: tick failed: %s", room.id, error)
            self.flush(room)

    def _ensure_bots(self) -> None:
        if self.bots is not None:
            self.bots.ensure()
            for sng in self.tournaments.values():
                for name, kind in sng.bot_entrants().items():
                    if (sng.id, name) not in self.bots.tasks:
                        think = functools.partial(float, sng.running.think_seconds)
                        self.bots.start_entrant(sng.id, name, kind, sng.reissue_token(name), think)

    def _watch_database(self) -> None:
        checked = self.store.check()
        if checked.reconnected:  # the connection is back: the outage is over, whether or not a write comes
            self.outage.answered()
        for table_id, why in checked.lost:
            self.drop_room(table_id, why)
        for room in self.rooms.values():  # the database answers: whoever was refused a write is told again
            room.retell()
            self.flush(room)

    def drop_room(self, table_id: str, why: str) -> None:
        """Stop serving a table that is no longer this server's (loudly: logged, and every connection at it
        told and closed with 1012 so that its players resume where the table is now served). Its chips are
        in the database, where the server now holding the table plays them on."""
        room = self.rooms.pop(table_id, None)
        if room is None:
            return
        logger.error("table %s: no longer served here: %s", table_id, why)
        if self.bots is not None:
            self.bots.counts.pop(table_id, None)
        text = f"table {table_id} is no longer served by this server: resume your seat with your token"
        for key, session in list(self.sessions.items()):
            if key[0] == table_id:
                del self.sessions[key]
                session.room = session.seat = None
                self._refuse(session, Code.TABLE_MOVED, text)
        for session in self.watchers.pop(table_id, set()):
            session.watching = None
            self._refuse(session, Code.TABLE_MOVED, text)

    def chips(self) -> dict[str, int]:
        """The tables this server serves, the chips bought in at them, and where those chips are: on the tables,
        cashed out, raked. Every figure is about the same tables (the database may hold other servers' too), so
        bought_in = on_tables + cashed_out + rake."""
        cash = [room for room in self.rooms.values() if not isinstance(room, TableRoom)]  # tournament chips aside
        totals = self.store.ledger_totals([room.id for room in cash])
        return {
            "tables": len(cash),
            "bought_in": totals["buy_in"],
            "on_tables": sum(room.state.chips for room in cash),
            "cashed_out": totals["cash_out"],
            "rake": totals["rake"],
        }

    # --- HTTP --------------------------------------------------------------------------------------------------

    def secure(self, connection: ServerConnection, request: Request, response: Response) -> None:
        """Every response carries the security headers: those of `http` and those websockets makes itself (the
        handshake's 101, and its 426 for a plain GET of ``/ws``), since websockets hands each one here."""
        for name, value in security_headers(request.headers.get("Host")).items():
            response.headers[name] = value

    def http(self, connection: ServerConnection, request: Request) -> Response | None:
        """Serves the lobby's JSON, the page and its static files; lets ``/ws`` on to the WebSocket handshake
        when the connection caps and the Origin allow it."""
        refused = self._over_cap(connection)
        if refused is not None:
            return refused
        path = request.path.split("?", 1)[0]
        if path == "/ws":
            if not origin_allowed(request.headers, self.config.allowed_origins):
                origins = ", ".join(origin[:100] for origin in request.headers.get_all("Origin")[:3])
                self.throttled.warning("origin", "refused a WebSocket from origin %s", origins)
                return connection.respond(http.HTTPStatus.FORBIDDEN, "this origin may not open the WebSocket\n")
            return None  # go on with the WebSocket handshake
        if path == "/api/tables":
            body = json.dumps(
                {
                    "version": PROTOCOL_VERSION,
                    "tables": [r.lobby() for r in self.rooms.values()],
                    "tournaments": [sng.lobby() for sng in self.tournaments.values()],
                }
            )
            return _typed(connection.respond(http.HTTPStatus.OK, body), "application/json")
        if path in ("/", "/index.html"):
            path = "/static/index.html"
        if path.startswith("/static/"):
            found = _static_file(path[len("/static/") :])
            if found is not None:
                kind = _CONTENT_TYPES[found.suffix]
                response = connection.respond(http.HTTPStatus.OK, "")
                response.body = found.read_bytes()
                del response.headers["Content-Length"]
                response.headers["Content-Length"] = str(len(response.body))
                response.headers["Cache-Control"] = "no-cache"
                return _typed(response, kind)
            if path == "/static/index.html":  # a checkout without the page: say where things are
                return _typed(connection.respond(http.HTTPStatus.OK, PAGE), "text/html; charset=utf-8")
        return connection.respond(http.HTTPStatus.NOT_FOUND, "not found\n")

    def _over_cap(self, connection: ServerConnection) -> Response | None:
        """503 when the server holds `max_connections` connections, 429 when this address holds
        `max_connections_per_address` (the server's own bots, which carry its key, aside)."""
        # every other connection, from its TCP accept on (handshakes, and sockets that never send a request)
        connections = self.accepted - {connection}
        if len(connections) >= self.config.max_connections:
            return connection.respond(http.HTTPStatus.SERVICE_UNAVAILABLE, "the server is full: try again later\n")
        if self._is_bot(connection):
            return None
        address = _host(connection)
        same = sum(1 for other in connections if _host(other) == address and not self._is_bot(other))
        if same >= self.config.max_connections_per_address:
            self.throttled.warning(
                "per-address", "refused a connection from %s: %d connections from that address already", address, same
            )
            return connection.respond(http.HTTPStatus.TOO_MANY_REQUESTS, "too many connections from your address\n")
        return None

    def _is_bot(self, connection: ServerConnection) -> bool:
        """Whether the connection is one of the server's own bots: its handshake carries the server's key."""
        request = connection.request
        key = None if request is None else request.headers.get(BOT_KEY_HEADER)
        return key is not None and secrets.compare_digest(key.encode(), self.bot_key.encode())

    # --- WebSocket ---------------------------------------------------------------------------------------------

    async def handle(self, ws: ServerConnection) -> None:
        """One WebSocket connection: reads its messages within the rate limit and dispatches them."""
        config = self.config
        sender = Sender(
            ws,
            max_messages=config.send_queue_messages,
            max_bytes=config.send_queue_bytes,
            ping_interval=config.ping_interval_seconds,
            ping_timeout=config.ping_timeout_seconds,
        )
        session = Session(ws, sender, config.rate, config.burst, self.clock())
        try:
            async for raw in ws:
                if session.closing:
                    continue  # reading on lets the closing handshake through a full incoming queue
                if not session.budget.allow(self.clock()):
                    self._refuse(session, Code.RATE_LIMITED, "too many messages: slow down")
                    continue
                if len(raw) > self.config.max_message_bytes:
                    self._refuse(
                        session,
                        Code.TOO_LARGE,
                        f"message too large: {len(raw)} bytes, the limit is {self.config.max_message_bytes}",
                    )
                    continue
                try:
                    data = parse_message(raw, self.config.max_message_bytes)
                    self.dispatch(session, data)
                except EngineError as error:
                    # Malformed requests count toward closing (`MALFORMED_REQUESTS`); a refused request (out of
                    # turn, a bad amount) only gets its error (the rate limit bounds it).
                    code = code_of(error)
                    session.bad += code in MALFORMED_REQUESTS
                    close = 1008 if session.bad >= BAD_MESSAGES_BEFORE_CLOSE else None
                    self._refuse(session, code, str(error), close=close)
        except ConnectionClosed:
            pass
        finally:
            self._drop(session)
            await sender.stop()

    def _refuse(self, session: Session, code: Code, text: str, *, close: int | None = None) -> None:
        """An error message with its code; the connection is closed (with ``close``, or the code's own
        `CLOSES`), its seat, if any, kept for the grace period like any dropped connection."""
        session.sender.send(message("error", code=code, message=text))
        close = close or CLOSES.get(code)
        if close:
            session.closing = True
            self._drop(session)
            session.sender.close(close, text)

    def dispatch(self, session: Session, data: dict[str, Any]) -> None:
        """Routes one client message to its type's handler (`handlers`), or a request of the connection's seat
        to its room (`SEAT_REQUESTS`); `parse_message` has refused the types it does not know."""
        kind = data["type"]
        request = SEAT_REQUESTS.get(kind)
        if request is None:
            self.handlers[kind](session, data)
            return
        room, seat = session.room, session.seat
        if room is None or seat is None:
            raise ProtocolError(Code.NO_SEAT, f"{kind}: you hold no seat; send join or resume first")
        request(room, seat, data)
        self.flush(room)

    @functools.cached_property
    def handlers(self) -> dict[str, Callable[[Session, dict[str, Any]], None]]:
        """The handler of each client message type that is not a request of a seat (`SEAT_REQUESTS`), taking
        the connection and the message."""
        return {
            "ping": self._ping,
            "join": self._join,
            "resume": self._resume,
            "watch": self._watch,
            "register": self._register,
            "unregister": self._unregister,
            "history": self._history,
        }

    def _ping(self, session: Session, data: dict[str, Any]) -> None:
        """Answered at once, with the ``id`` the client gave: its check that the server reads and answers."""
        session.sender.send(message("pong", id=data.get("id")))

    def _history(self, session: Session, data: dict[str, Any]) -> None:
        """The table's last hands, showing the hole cards of the sitting the connection holds or held."""
        table, sitting = self._history_asker(session)
        hands = table.history(None, data.get("count", 10), data.get("before"), sitting_held=sitting)
        session.sender.send(message("history", table=table.id, hands=hands))

    def _room(self, table: object) -> Room:
        room = self.rooms.get(table) if isinstance(table, str) else None
        if room is None:
            raise ProtocolError(
                Code.UNKNOWN_TABLE, f"no table {json.dumps(table)[:60]}; the tables are {', '.join(self.rooms)}"
            )
        return room

    def _join(self, session: Session, data: dict[str, Any]) -> None:
        if session.room is not None:
            raise ProtocolError(
                Code.ALREADY_SEATED, f"this connection already holds seat {session.seat} at table {session.room.id}"
            )
        room = self._room(data["table"])
        seat, token = room.join(data["name"], data["buy_in"], seat=data.get("seat"), connect=False)
        self._unwatch(session)
        self._bind(session, room, seat, token)

    def _tournament(self, tournament: object) -> SitAndGo:
        sng = self.tournaments.get(tournament) if isinstance(tournament, str) else None
        if sng is None:
            known = (
                f"the tournaments are {', '.join(self.tournaments)}" if self.tournaments else "this server runs none"
            )
            raise ProtocolError(Code.UNKNOWN_TOURNAMENT, f"no tournament {json.dumps(tournament)[:60]}; {known}")
        return sng

    def _register(self, session: Session, data: dict[str, Any]) -> None:
        """An entrant registered for a tournament: ``registered`` with the token (the way back, as a seat's);
        when it starts (at once, registering late), the connection is seated where the draw put the entrant (a
        ``welcome``). The entrant this connection plays for, busted, registering again re-enters (``registered``
        with ``reentry``, no new token)."""
        if session.room is not None:
            raise ProtocolError(
                Code.ALREADY_SEATED, f"this connection holds seat {session.seat} at table {session.room.id}"
            )
        sng = self._tournament(data["tournament"])
        holder = None
        if session.entrant is not None and session.entrant[0] is not sng and self._out_of(*session.entrant):
            self._let_go_of_entrant(session)  # out of another tournament, waiting for its place: registers here
        if session.entrant is not None:
            held, holder = session.entrant
            if held is not sng or sng.seat_of(holder) is not None or sng.state.tournament is None:
                raise RoomError(
                    Code.ALREADY_REGISTERED, f"this connection is registered for {held.id} as {holder} already"
                )
        name, token = sng.register(data["name"], holder=holder)
        session.entrant = (sng, name)
        self.entrants[(sng.id, name)] = session
        self._unwatch(session)  # a busted entrant watching the table it was out at: seated again
        fields: dict[str, Any] = {"token": token} if token is not None else {"reentry": True}
        session.sender.send(message("registered", tournament=sng.config.id, sng=sng.id, name=name, **fields))
        self._follow(sng)

    @staticmethod
    def _out_of(sng: SitAndGo, name: str) -> bool:
        """Whether the entrant is out of a tournament under way (or over): seated nowhere in it."""
        return sng.state.tournament is not None and sng.seat_of(name) is None

    def _let_go_of_entrant(self, session: Session) -> None:
        """The connection no longer plays for its entrant (nor hears its ``placed``)."""
        if session.entrant is not None:
            key = (session.entrant[0].id, session.entrant[1])
            if self.entrants.get(key) is session:
                del self.entrants[key]
            session.entrant = None

    def _unregister(self, session: Session, data: dict[str, Any]) -> None:
        sng = self._tournament(data["tournament"])
        if session.entrant is None or session.entrant[0] is not sng:
            raise RoomError(Code.NOT_REGISTERED, f"this connection holds no registration for {sng.config.id}")
        name = session.entrant[1]
        sng.unregister(name)
        session.entrant = None
        self.entrants.pop((sng.id, name), None)
        session.sender.send(message("unregistered", tournament=sng.config.id, sng=sng.id, name=name))

    def _follow(self, sng: SitAndGo) -> None:
        """After anything a sit-and-go did: its new tables served, its rooms' messages sent, the connections of
        the entrants it seated or moved taken to their new seats (a ``welcome`` naming the table and seat, then
        the table's view), and the rooms of tables that broke, or of a sit-and-go that is over, let go of."""
        for room in sng.rooms.values():
            self.rooms.setdefault(room.id, room)
        for room in [*sng.rooms.values(), *sng.closed]:
            self._send(room)
        moves, sng.moves = sng.moves, []
        for move in moves:
            session = self.entrants.get((sng.id, move.name))
            target = self.rooms.get(move.room)
            if move.from_room is not None and move.from_seat is not None:
                source = self.rooms.get(move.from_room)
                if source is not None and self.sessions.get((source.id, move.from_seat)) is session:
                    source.connected.discard(move.from_seat)
                    self.sessions.pop((source.id, move.from_seat), None)
            if session is None or target is None or session.closing:
                continue
            session.room = session.seat = None
            self._bind(session, target, move.seat, None)
        cancelled, sng.cancelled = sng.cancelled, []
        for name in cancelled:  # each registrant of a scheduled tournament that did not start is told why
            session = self.entrants.pop((sng.id, name), None)
            if session is not None and not session.closing:
                session.entrant = None
                session.sender.send(
                    message("cancelled", tournament=sng.config.id, sng=sng.id, name=name, reason=sng.cancel_reason())
                )
        placed, sng.placed = sng.placed, []
        for entry, why in placed:  # an entrant out whose `left` said a place or prize not final yet is told them now
            session = self.entrants.get((sng.id, entry.name))
            if session is not None and not session.closing:
                session.sender.send(
                    message(
                        "placed",
                        tournament=sng.config.id,
                        sng=sng.id,
                        name=entry.name,
                        entry=entry.number,
                        place=entry.first,
                        places=[entry.first, entry.last],
                        prize=entry.prize,
                        why=why,
                        standing=sng.table_status(),
                    )
                )
        closed, sng.closed = sng.closed, []
        for room in closed:
            self._send(room)
            if self.rooms.get(room.id) is room:
                del self.rooms[room.id]
            for key, session in list(self.sessions.items()):
                if key[0] == room.id:
                    del self.sessions[key]
                    session.room = session.seat = None
            for watcher in self.watchers.pop(room.id, set()):
                watcher.watching = None
                watcher.sender.send(message("closed", table=room.id))
        for stale in [key for key in self.entrants if key[0].split("#")[0] == sng.config.id and key[0] != sng.id]:
            self.entrants.pop(stale).entrant = None

    def _watch(self, session: Session, data: dict[str, Any]) -> None:
        """Spectators: the connection gets a spectator's view (no hole cards) after every change at the table,
        and each hand's result as a spectator sees it, until it joins, watches another table or closes."""
        table = data["table"]
        if session.room is not None:
            raise ProtocolError(
                Code.ALREADY_SEATED,
                f"this connection holds seat {session.seat} at table {session.room.id}; watch from another connection",
            )
        if self._broken_table(table):  # the table broke as the watcher busted at it: nothing to watch, no error
            self._unwatch(session)
            session.sender.send(message("closed", table=table))
            return
        room = self._room(table)
        self._unwatch(session)
        session.watching = room
        self.watchers.setdefault(room.id, set()).add(session)
        session.sender.send(message("watching", table=room.id))
        session.sender.send(room.watch_message())

    def _broken_table(self, table: object) -> bool:
        """Whether ``table`` names a table of a tournament served here that is gone (it broke, or its sit-and-go
        is over): a player who busts as their table breaks asks to watch it (the page watches the table it is
        out at until the hand-for-hand round gives the place), and is answered ``closed``."""
        if not isinstance(table, str) or table in self.rooms or "." not in table:
            return False
        stored = table.rsplit(".", 1)[0]
        return any(instance_number(sng.config.id, stored) is not None for sng in self.tournaments.values())

    def _unwatch(self, session: Session) -> None:
        room, session.watching = session.watching, None
        if room is not None:
            watchers = self.watchers.get(room.id, set())
            watchers.discard(session)
            room.watched = bool(watchers)

    def _resume(self, session: Session, data: dict[str, Any]) -> None:
        token = data["token"]
        for sng in self.tournaments.values():
            name = sng.entrant_for_token(token)
            if name is not None:
                self._resume_entrant(session, sng, name)
                return
        for room in self.rooms.values():
            seat = room.seat_for_token(token)
            if seat is not None:
                break
        else:
            raise ProtocolError(
                Code.UNKNOWN_TOKEN,
                "unknown token: it holds no seat and no tournament entry (a seat's token is given once, in welcome; "
                "an entry's holds until its tournament is over and the next one opens)",
            )
        if session.room is not None and (session.room is not room or session.seat != seat):
            raise ProtocolError(Code.ALREADY_SEATED, "this connection already holds another seat")
        old = self.sessions.get((room.id, seat))
        if old is not None and old is not session:
            del self.sessions[(room.id, seat)]
            old.room = old.seat = None
            self._refuse(old, Code.RESUMED_ELSEWHERE, "this seat was resumed by another connection")
        self._unwatch(session)
        self._bind(session, room, seat, None)

    def _resume_entrant(self, session: Session, sng: SitAndGo, name: str) -> None:
        """A tournament entrant's token: the connection plays for them, at the seat they hold now, or (before
        the start) waits for the draw; an entrant who is out is told their standing (`SitAndGo.standing`). A
        connection holding an entrant who is out, waiting for their place, takes the new one instead; one that
        plays for this very entrant already is answered as the first time (a page resumes its seat and its
        entry, the same token, and repeats a resume queued while the server was down)."""
        held = session.entrant
        if held is not None and held != (sng, name) and self._out_of(*held):
            self._let_go_of_entrant(session)
        mine = session.entrant == (sng, name)
        if (session.room is not None and not mine) or session.entrant not in (None, (sng, name)):
            raise ProtocolError(Code.ALREADY_SEATED, "this connection already holds another seat or registration")
        old = self.entrants.get((sng.id, name))
        if old is not None and old is not session:
            if old.room is not None and old.seat is not None:
                self.sessions.pop((old.room.id, old.seat), None)
            old.room = old.seat = None
            old.entrant = None
            self._refuse(old, Code.RESUMED_ELSEWHERE, "this seat was resumed by another connection")
        session.entrant = (sng, name)
        self.entrants[(sng.id, name)] = session
        self._unwatch(session)
        where = sng.seat_of(name)
        if where is None and sng.state.cancelled:  # told now if it was cancelled while they were away
            self._let_go_of_entrant(session)
            session.sender.send(
                message("cancelled", tournament=sng.config.id, sng=sng.id, name=name, reason=sng.cancel_reason())
            )
            return
        if where is None:
            fields = sng.standing(name)  # out of a tournament under way: their place and prize as stored now
            session.sender.send(message("registered", tournament=sng.config.id, sng=sng.id, name=name, **fields))
            return
        room, seat = where
        self._bind(session, room, seat, None)
        if room._sat_out(seat) == "away":  # absent because the connection was gone: back with it
            try:
                room.come_back(seat)
            except RoomError as error:
                logger.warning("%s: %s could not come back: %s", room.id, name, error)
            self.flush(room)

    @staticmethod
    def _history_asker(session: Session) -> tuple[Room, str | None]:
        """Whose history a connection asks for: the table it sits at or watches, else the one whose seat it held
        last (the hand that busted it, or ended its tournament, is asked for as that seat goes); and the sitting
        whose hole cards it shows: the seat's it holds, or held at that table (`Session.held`), else none."""
        held_room, held_sitting = session.held or (None, None)
        if session.room is not None and session.seat is not None:
            return session.room, session.room.sitting_of(session.seat)
        room = session.watching or held_room
        if room is None:
            raise ProtocolError(
                Code.NO_SEAT, "history: you neither sit at nor watch a table; send join, resume or watch"
            )
        return room, held_sitting if room is held_room else None

    def _bind(self, session: Session, room: Room, seat: int, token: str | None) -> None:
        session.room, session.seat = room, seat
        sitting = room.sitting_of(seat)
        session.held = None if sitting is None else (room, sitting)
        self.sessions[(room.id, seat)] = session
        fields: dict[str, Any] = {"table": room.id, "seat": seat}
        if isinstance(room, TableRoom):
            fields["tournament"] = room.sng.config.id
            fields["sng"] = room.sng.id
        if token is not None:
            fields["token"] = token
        session.sender.send(message("welcome", **fields))
        room.connect(seat)
        self.flush(room)

    def _drop(self, session: Session) -> None:
        self._unwatch(session)
        self._let_go_of_entrant(session)
        room, seat = session.room, session.seat
        if room is None or seat is None or self.sessions.get((room.id, seat)) is not session:
            return
        del self.sessions[(room.id, seat)]
        room.disconnect(seat)
        self.flush(room)

    def flush(self, room: Room) -> None:
        """Send what the room has for its connected seats (every message was stored before it got here); a
        sit-and-go's table: every table of it, and its players' moves (`_follow`)."""
        if isinstance(room, TableRoom):
            self._follow(room.sng)
        else:
            self._send(room)

    def _send(self, room: Room) -> None:
        outbox, room.outbox = room.outbox, []
        for out in outbox:
            if out.seat == WATCHERS:
                for watcher in self.watchers.get(room.id, ()):
                    watcher.sender.send(out.text)
                continue
            session = self.sessions.get((room.id, out.seat))
            if session is None:
                continue
            session.sender.send(out.text)
            if out.unbind:
                del self.sessions[(room.id, out.seat)]
                session.room = session.seat = None


STATIC = Path(__file__).resolve().parent / "static"  # the browser table's files, shipped in the package
_CONTENT_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".ico": "image/x-icon",
    ".json": "application/json",
}


def _static_file(name: str) -> Path | None:
    """The file ``name`` names under `STATIC`, or None: only files of the known kinds, never outside it."""
    if not name or "\\" in name or any(part in ("", ".", "..") for part in name.split("/")):
        return None
    found = (STATIC / name).resolve()
    if not found.is_relative_to(STATIC) or found.suffix not in _CONTENT_TYPES or not found.is_file():
        return None
    return found


class ListenError(EngineError):
    """The server cannot listen where it was told to (the port in use, an address not this machine's)."""


class Listener:
    """The server's port, taken first (`take`): bound and listening, so that a port that cannot be had is the
    start's one line, before any table is created, adopted or announced and before the database is opened.
    Connections wait in the kernel's queue until a `GameServer` serves on it (`GameServer.start`), which then
    owns it (its `stop` closes it)."""

    def __init__(self, host: str) -> None:
        self.host = host
        self.game: GameServer | None = None  # the server it was handed to
        self.server: Server
        self.accepted: set[ServerConnection] = set()  # every connection from its TCP accept to its close

    @classmethod
    async def take(cls, host: str, port: int, max_connections: int) -> Listener:
        """The port taken, or a `ListenError` that says which and why (in use, not this machine's address);
        ``max_connections``: the cap `_counted` cuts connections at beyond its slack."""
        listener = cls(host)
        try:
            listener.server = await serve(
                listener._handle,
                host,
                port,
                process_request=listener._http,
                process_response=listener._secure,
                max_size=WEBSOCKET_MAX_SIZE,
                ping_interval=None,  # the keepalive is the Sender's: it does not queue
                compression=None,
                start_serving=False,
                create_connection=_counted(listener.accepted, max_connections),
            )
        except OSError as error:
            why = (
                "the address is already in use (another server?)"
                if error.errno == errno.EADDRINUSE
                else (error.strerror or str(error))
            )
            raise ListenError(f"cannot listen on {host}:{port}: {why}") from None
        for bound in listener.server.sockets:  # listening now, not at start_serving: the port is this server's
            with socket.socket(fileno=os.dup(bound.fileno())) as held:
                held.listen(100)
        return listener

    async def close(self) -> None:
        """Let go of a port no `GameServer` was started on (the start failed after taking it)."""
        if self.game is None:
            self.server.close()
            await self.server.wait_closed()

    async def _handle(self, ws: ServerConnection) -> None:
        assert self.game is not None  # nothing is accepted before a GameServer serves on it
        await self.game.handle(ws)

    def _http(self, connection: ServerConnection, request: Request) -> Response | None:
        assert self.game is not None
        return self.game.http(connection, request)

    def _secure(self, connection: ServerConnection, request: Request, response: Response) -> None:
        assert self.game is not None
        self.game.secure(connection, request, response)


def code_of(error: EngineError) -> Code:
    """The code an error goes back to the client with: its own, or (an engine error that is no client's, such
    as a store's) ``refused``."""
    return error.code if isinstance(error, ClientError) else Code.REFUSED


def origin_allowed(headers: Headers, allowed: tuple[str, ...]) -> bool:
    """A WebSocket handshake's Origin is allowed when there is none (a program, not a browser page), when it
    is the page's own (its host and port are the Host the request was sent to), or when it is listed in
    ``allowed_origins`` (``"*"``: any). Anything else is another site's page trying to use a visitor's
    browser to play (cross-site WebSocket hijacking)."""
    origins = headers.get_all("Origin")
    if not origins:
        return True
    if len(origins) > 1:
        return False
    origin = origins[0].strip().rstrip("/").lower()
    if "*" in allowed or origin in allowed:
        return True
    host = (headers.get("Host") or "").strip().lower()
    scheme, _, rest = origin.partition("://")
    return bool(host) and scheme in ("http", "https") and _with_port(rest, scheme) == _with_port(host, scheme)


def _with_port(host: str, scheme: str) -> str:
    """``host[:port]`` with the scheme's default port written out, so that ``a:80`` and ``a`` compare equal."""
    if host.endswith("]") or ":" not in host.rsplit("]", 1)[-1]:
        return f"{host}:{443 if scheme == 'https' else 80}"
    return host


_HOST = re.compile(r"[a-z0-9.\-]+(:[0-9]{1,5})?|\[[0-9a-f:.]+\](:[0-9]{1,5})?", re.IGNORECASE)


def security_headers(host: str | None) -> dict[str, str]:
    """The headers every HTTP response carries: a Content-Security-Policy that lets the page load only its own
    files (no inline script or style, no other host, no frames around it) and open the WebSocket to its own
    host, no content-type sniffing, no referrer sent on."""
    connect = "'self'"
    if host is not None and _HOST.fullmatch(host):  # CSP 2 browsers need ws:// spelled out; 3 take 'self'
        connect += f" ws://{host} wss://{host}"
    policy = (
        f"default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
        f"connect-src {connect}; frame-ancestors 'none'; base-uri 'none'; form-action 'self'; "
        f"object-src 'none'"
    )
    return {
        "Content-Security-Policy": policy,
        "X-Content-Type-Options": "nosniff",
        "Referrer-Policy": "no-referrer",
        "X-Frame-Options": "DENY",
    }


ACCEPT_SLACK = 64  # connections past max_connections kept long enough to be told 503 (the server is full)


def _counted(accepted: set[ServerConnection], most: int) -> type[ServerConnection]:
    """websockets' connection, kept in ``accepted`` from its TCP accept to its close, so the caps count the
    connections still in their handshake (or that never send a request) too: websockets' own set holds only
    those past the handshake. Beyond ``most`` a request is answered 503 (`GameServer._over_cap`); beyond
    ``most`` + `ACCEPT_SLACK` a connection is cut at once, before it can send a thing, so sockets that never
    send a request cannot hold more descriptors than that until their handshake times out."""

    class Counted(ServerConnection):
        def connection_made(self, transport: asyncio.BaseTransport) -> None:
            super().connection_made(transport)
            accepted.add(self)
            if len(accepted) > most + ACCEPT_SLACK and isinstance(transport, asyncio.Transport):
                transport.abort()

        def connection_lost(self, exc: Exception | None) -> None:
            accepted.discard(self)
            super().connection_lost(exc)

    return Counted


def _host(connection: ServerConnection) -> str:
    """The connection's client address (IPv4 and IPv4-mapped IPv6 alike), for the per-address cap."""
    try:
        address = ipaddress.ip_address(connection.remote_address[0])
    except (TypeError, ValueError, IndexError):
        return "?"
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
        address = address.ipv4_mapped
    return str(address)


def _typed(response: Response, content_type: str) -> Response:
    del response.headers["Content-Type"]
    response.headers["Content-Type"] = content_type
    return response
