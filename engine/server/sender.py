"""What the server sends one connection: a bounded queue, a writer task, and a keepalive that does not wait
behind either.

Every message to a client goes through its `Sender` (docs/server.md, "Slow readers"). Sending never blocks the
server: `Sender.send` queues the text and returns; the writer task hands one message at a time to the
WebSocket, which waits while the socket's buffer is full. A client that reads slower than its table changes
therefore falls behind in the queue, not in the server's memory:

- a `view` supersedes the view still waiting before it (a view is the whole table as the seat sees it, so the
  newest one is all a client needs); a spectators' view comes as a `LazyView`, made only when a writer takes
  it, so a view that is superseded in every watcher's queue is never made at all; every other message
  (``welcome``, ``deal``, ``hand``, ``error``, ``left``, ``history``, ...) is kept, in order;
- the kernel's send buffer is held to `SOCKET_SEND_BUFFER`, so that a client that stops reading is noticed
  within a few views rather than after megabytes;
- past ``max_messages`` waiting messages or ``max_bytes`` waiting bytes the connection is closed with
  `SLOW_READER` (1013, "try again later": the seat is kept, as for any dropped connection, and the player may
  resume), and one that cannot even take its close frame is cut off after `CLOSE_SECONDS`.

The keepalive pings every ``ping_interval`` seconds and cuts the connection off when no pong has come back
within ``ping_timeout`` of sending the ping. websockets' own keepalive starts its pong timer only once the
ping has been written out, which never happens while the socket's buffer is full (a client that stopped
reading is then never dropped); this one times the whole exchange.

The writer and the keepalive are the connection's own tasks, not the server supervisor's
(`engine.server.supervisor`): the supervisor's jobs are the server's, and one that dies takes the server
down, while a connection's tasks die with their connection. So each has its own done-callback: one that ends
with an unexpected error (a bug, not the connection closing) is logged with its traceback and the connection
is closed with `INTERNAL_ERROR` (1011), cut off after `CLOSE_SECONDS`: never a connection left open that nobody
writes to. Its seat is kept, as for any dropped connection, and the player may resume.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import socket
from collections import deque
from collections.abc import Coroutine
from typing import Any

from websockets.asyncio.server import ServerConnection
from websockets.exceptions import ConnectionClosed

from engine.server.room import LazyView, message

logger = logging.getLogger("engine.server")

SLOW_READER = 1013
"""The close code for a connection whose outgoing queue passed its limit (RFC 6455's "try again later")."""
INTERNAL_ERROR = 1011
"""The close code for a connection whose writer or keepalive died of an unexpected error (RFC 6455)."""
CLOSE_SECONDS = 5.0
"""How long a closing connection has to take its last messages and the close frame before it is cut off."""
SOCKET_SEND_BUFFER = 65536
"""The kernel's send buffer for each connection (SO_SNDBUF; Linux doubles it): left to itself the kernel grows
it to megabytes for a client that does not read, which is memory the server's queue limit would not see."""
_VIEW = message("view")[:-1] + ","  # how every view message begins: `message` writes the type first


Text = str | LazyView
"""A message to send: its text, or a spectators' view still to be made."""


def is_view(text: Text) -> bool:
    """Whether the message is a `view`, which a later view supersedes."""
    return isinstance(text, LazyView) or text.startswith(_VIEW)


def _size(text: Text) -> int:
    """What a waiting message holds of the server's memory: a `LazyView` holds only the moment it is made of,
    which the table's own state shares."""
    return len(text) if isinstance(text, str) else 0


class Sender:
    """One connection's outgoing messages (see the module). Made with the connection, on its event loop."""

    def __init__(
        self,
        ws: ServerConnection,
        *,
        max_messages: int,
        max_bytes: int,
        ping_interval: float | None,
        ping_timeout: float,
    ) -> None:
        self.ws = ws
        sock = ws.transport.get_extra_info("socket") if ws.transport is not None else None
        if sock is not None:
            with contextlib.suppress(OSError):
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, SOCKET_SEND_BUFFER)
        self.max_messages = max_messages
        self.max_bytes = max_bytes
        self.ping_interval = ping_interval
        self.ping_timeout = ping_timeout
        self._queue: deque[list[Text | None]] = deque()  # each entry [text]; a superseded view's text is None
        self._view: list[Text | None] | None = None  # the entry of the view waiting in the queue, if any
        self.waiting = 0  # messages in the queue, superseded views not counted
        self.waiting_bytes = 0
        self._ready = asyncio.Event()
        self._close: tuple[int, str] | None = None
        self.closed = False
        self._tasks: list[asyncio.Task[None]] = []
        self._start("writer", self._write())
        if ping_interval is not None:
            self._start("keepalive", self._keepalive())

    def send(self, text: Text) -> None:
        """Queue one message; never waits. A view replaces the view still waiting, if any."""
        if self._close is not None:
            return
        entry: list[Text | None] = [text]
        if is_view(text):
            if self._view is not None:
                self._forget(self._view)
            self._view = entry
        self._queue.append(entry)
        self.waiting += 1
        self.waiting_bytes += _size(text)
        if self.waiting > self.max_messages or self.waiting_bytes > self.max_bytes:
            logger.warning(
                "connection %s: %d messages (%d bytes) not taken: closed as too slow",
                _address(self.ws),
                self.waiting,
                self.waiting_bytes,
            )
            self._queue.clear()
            self._view = None
            self.waiting = self.waiting_bytes = 0
            self.close(
                SLOW_READER, f"too slow: more than {self.max_messages} messages or {self.max_bytes} bytes waiting"
            )
            return
        self._ready.set()

    def close(self, code: int, reason: str) -> None:
        """Close the connection once what is queued has been sent (cut off after `CLOSE_SECONDS`)."""
        if self._close is None:
            self._close = (code, reason[:100])
            self._ready.set()
            self._tasks.append(asyncio.get_running_loop().create_task(self._cut_off_later()))

    async def stop(self) -> None:
        """End the writer and the keepalive (the connection is gone or the server stops)."""
        self.closed = True
        for task in self._tasks:
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)

    def _start(self, name: str, work: Coroutine[Any, Any, None]) -> None:
        task = asyncio.get_running_loop().create_task(work)
        task.add_done_callback(lambda done: self._ended(name, done))
        self._tasks.append(task)

    def _ended(self, name: str, task: asyncio.Task[None]) -> None:
        """A writer or keepalive that died of an unexpected error: logged, and the connection closed (1011)."""
        if task.cancelled() or task.exception() is None or self.closed:
            return
        error = task.exception()
        logger.error(
            "connection %s: its %s failed: %s: %s; closed with %d",
            _address(self.ws),
            name,
            type(error).__name__,
            error,
            INTERNAL_ERROR,
            exc_info=error,
        )
        self._close = (INTERNAL_ERROR, "internal server error")
        self._tasks.append(asyncio.get_running_loop().create_task(self._close_at_once()))

    async def _close_at_once(self) -> None:
        """Close the connection without the writer (dead): the close frame, or cut off after `CLOSE_SECONDS`."""
        try:
            async with asyncio.timeout(CLOSE_SECONDS):
                await self.ws.close(INTERNAL_ERROR, "internal server error")
        except (TimeoutError, ConnectionClosed):
            pass
        finally:
            if self.ws.transport is not None and not self.ws.transport.is_closing():
                self.ws.transport.abort()

    def _forget(self, entry: list[Text | None]) -> None:
        text = entry[0]
        if text is not None:
            entry[0] = None
            self.waiting -= 1
            self.waiting_bytes -= _size(text)

    async def _write(self) -> None:
        with contextlib.suppress(ConnectionClosed):
            while True:
                while not self._queue:
                    if self._close is not None:
                        await self.ws.close(*self._close)
                        return
                    self._ready.clear()
                    await self._ready.wait()
                entry = self._queue.popleft()
                if entry is self._view:
                    self._view = None
                text = entry[0]
                if text is None:
                    continue
                self._forget(entry)
                await self.ws.send(str(text))

    async def _cut_off_later(self) -> None:
        await asyncio.sleep(CLOSE_SECONDS)
        self.ws.transport.abort()

    async def _keepalive(self) -> None:
        assert self.ping_interval is not None
        with contextlib.suppress(ConnectionClosed):
            while True:
                await asyncio.sleep(self.ping_interval)
                try:
                    async with asyncio.timeout(self.ping_timeout):
                        pong = await self.ws.ping()  # waits while the buffer is full: inside the timeout
                        await pong
                except TimeoutError:
                    logger.warning(
                        "connection %s: no pong within %.0f s: cut off", _address(self.ws), self.ping_timeout
                    )
                    self.ws.transport.abort()
                    return


def _address(ws: ServerConnection) -> str:
    try:
        host, port = ws.remote_address[:2]
    except (TypeError, ValueError):
        return "?"
    return f"{host}:{port}"
