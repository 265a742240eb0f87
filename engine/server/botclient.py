"""Built-in bots as WebSocket clients: they play through the same protocol as people (resume with a token,
receive views, send ``act``), so every bot game also exercises the server end to end.

`play_bot` is one bot's connection loop; `BotManager` keeps ``N`` bots seated at each table, seating new ones
(in the room, as the server's own players) when bots bust or leave, and re-attaching the bots of a restarted
server to their seats with fresh tokens.

A bot thinks before it acts (the table's ``bot_think_seconds``), as the people it plays with do: an answer within
milliseconds leaves a person no time to follow the play or to tick a pre-action box. The wait is the client's,
like a person's; the room knows nothing of it and its clock runs as for anybody.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import Callable, Coroutine
from typing import Any

from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from engine.bots.base import Bot, fault_action
from engine.bots.registry import make_bot
from engine.errors import EngineError
from engine.serialize import from_json
from engine.server.actions import write_action
from engine.server.budget import MessageBudget
from engine.server.codes import Code
from engine.server.room import PROTOCOL_VERSION, Room, RoomError
from engine.table import TableView

logger = logging.getLogger("engine.server.bots")
KINDS = ("hilo", "random", "caller")


def decide(bot: Bot, data: dict[str, Any]) -> dict[str, Any] | None:
    """The act message for a view message when it is the bot's turn, else None."""
    view = data["view"]
    hand = view.get("hand")
    if hand is None or hand.get("legal") is None:
        return None
    seat_view = from_json(json.dumps(view), TableView).hand
    assert seat_view is not None and seat_view.legal is not None
    try:
        action = bot.act(seat_view)
        if not seat_view.legal.allows(action):
            action = fault_action(seat_view.legal)
    except Exception:  # a bot's fault is played as the fault action, as the match runner does
        action = fault_action(seat_view.legal)
    return {"type": "act", "version": PROTOCOL_VERSION, "action": write_action(action)}


async def play_bot(
    url: str,
    token: str,
    bot: Bot,
    *,
    stop: asyncio.Event,
    budget: tuple[float, int],
    retries: int = 50,
    headers: dict[str, str] | None = None,
    think: Callable[[], float] = lambda: 0.0,
) -> str:
    """Hold the seat with ``token`` and play until the bot leaves the table (returns "left"), its token is
    refused ("refused"), or ``stop`` is set ("stopped"). A dropped connection is resumed. ``budget``: the
    server's (rate, burst) per connection, which the bot keeps well within by waiting before it sends;
    ``headers``: sent with the handshake (the server's key for its own bots); ``think``: the seconds to wait
    before each action (asked at each decision, so a changed table setting applies at once)."""
    loop = asyncio.get_running_loop()
    for _ in range(retries):
        if stop.is_set():
            return "stopped"
        try:
            async with connect(
                url, open_timeout=10, close_timeout=2, compression=None, additional_headers=headers
            ) as ws:
                spend = MessageBudget.for_client(*budget, loop.time())
                spend.allow(loop.time())
                await ws.send(json.dumps({"type": "resume", "version": PROTOCOL_VERSION, "token": token}))
                acted: tuple[int, int] | None = None
                async for raw in ws:
                    data = json.loads(raw)
                    kind = data.get("type")
                    if kind == "left":
                        return "left"
                    if kind == "error" and data.get("code") == Code.UNKNOWN_TOKEN:
                        return "refused"
                    if kind == "error":
                        acted = None  # the action was refused (the database could not store it): decide again
                    if kind != "view" or data["clock"]["actor"] != data["view"]["seat"]:
                        continue
                    hand = data["view"]["hand"]
                    key = (data["hand_number"], len(hand["events"]) if hand else 0)
                    if key == acted:
                        continue  # the same decision sent again: answered already
                    reply = decide(bot, data)
                    if reply is not None:
                        acted = key
                        await asyncio.sleep(max(think(), spend.wait(loop.time())))
                        spend.allow(loop.time())
                        await ws.send(json.dumps(reply))
                    if stop.is_set():
                        return "stopped"
        except (TimeoutError, OSError, ConnectionClosed, InvalidHandshake, InvalidURI):
            pass
        if stop.is_set():
            return "stopped"
        await asyncio.sleep(0.2)
    return "gave up"


class BotManager:
    """Keeps ``count`` bots seated at each room (`ensure`, called now and then), each one a client task.
    ``think``: a room's bots' wait before each action (default: the table's ``bot_think_seconds``)."""

    def __init__(
        self,
        rooms: dict[str, Room],
        counts: dict[str, int],
        url: str,
        *,
        budget: tuple[float, int],
        headers: dict[str, str] | None = None,
        spawn: Callable[[str, Coroutine[Any, Any, str]], asyncio.Task[str]] | None = None,
        think: Callable[[Room], float] | None = None,
    ) -> None:
        self.rooms = rooms
        self.think = think or (lambda room: room.config.think_seconds)
        self.headers = headers
        self.spawn = spawn or (lambda name, work: asyncio.get_running_loop().create_task(work, name=name))
        self.counts = counts
        self.url = url
        self.budget = budget
        self.stop = asyncio.Event()
        self.tasks: dict[tuple[str, int | str], asyncio.Task[str]] = {}  # by (table, seat) or (sit-and-go, name)
        self.serial = 0

    def ensure(self) -> None:
        """Attach a client to every bot seat without one (after a restart: with a fresh token), and seat new
        bots up to the table's count."""
        for room_id, room in self.rooms.items():
            wanted = self.counts.get(room_id, 0)
            for seat, kind in room.bot_seats().items():
                if (room_id, seat) not in self.tasks:
                    self._start(room, seat, kind, room.reissue_token(seat))
            seated = len(room.bot_seats())
            while seated < wanted and any(p is None for p in room.table.seats):
                self.serial += 1
                kind = KINDS[self.serial % len(KINDS)]
                try:
                    seat, token = room.join(self._name(room, kind), room.config.max_buy_in, bot=kind, connect=False)
                except RoomError as error:
                    logger.warning("table %s: cannot seat a bot: %s", room_id, error)
                    break
                self._start(room, seat, kind, token)
                seated += 1

    def _name(self, room: Room, kind: str) -> str:
        taken = {player.name for _, player in room.table.players}
        number = 1
        while f"{kind}-bot-{number}" in taken:
            number += 1
        return f"{kind}-bot-{number}"

    def _start(self, room: Room, seat: int, kind: str, token: str) -> None:
        try:
            bot = make_bot(kind, seed=self.serial)
        except EngineError:
            bot = make_bot("caller")
        key = (room.id, seat)
        task = self.spawn(
            f"table {room.id}: the bot at seat {seat}",
            play_bot(
                self.url,
                token,
                bot,
                stop=self.stop,
                budget=self.budget,
                headers=self.headers,
                think=lambda: self.think(room),
            ),
        )
        self.tasks[key] = task
        task.add_done_callback(lambda _: self.tasks.pop(key, None) if self.tasks.get(key) is task else None)

    def start_entrant(self, tournament: str, name: str, kind: str, token: str, think: Callable[[], float]) -> None:
        """A client for a tournament entrant the server's bots play (registered by the sit-and-go): it resumes
        with the entrant's token and plays wherever the tournament seats it, following it from table to table,
        until it is out."""
        self.serial += 1
        try:
            bot = make_bot(kind, seed=self.serial)
        except EngineError:
            bot = make_bot("caller")
        key = (tournament, name)
        task = self.spawn(
            f"tournament {tournament}: the bot {name}",
            play_bot(self.url, token, bot, stop=self.stop, budget=self.budget, headers=self.headers, think=think),
        )
        self.tasks[key] = task
        task.add_done_callback(lambda _: self.tasks.pop(key, None) if self.tasks.get(key) is task else None)

    async def close(self) -> None:
        self.stop.set()
        tasks = list(self.tasks.values())
        for task in tasks:
            task.cancel()
        with contextlib.suppress(Exception):
            await asyncio.wait_for(asyncio.gather(*tasks, return_exceptions=True), 5)
