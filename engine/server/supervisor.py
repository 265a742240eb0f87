"""The server's background work under one supervisor: a job that fails for a reason that can pass (the database
unreachable for a while: a `StoreError`) is backed off and retried, and told in the log by the server's outage
rule (`engine.server.outage`: one line down, a reminder a minute, one line back), not a line per retry; a job
that fails for a reason that cannot (the database gone for good: `StoreLost`, or a bug) stops the whole server
(`failed`, `failure`: serve says why in its last line), so it is never left looking alive with its clock dead.

Every task the server starts goes through here: the periodic jobs (`every`: the clock, the takeover scan, the
bots' manager, the database watch) and one-off tasks (`spawn`: each bot's client).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Coroutine
from typing import Any

from engine.errors import EngineError
from engine.server.outage import Outage
from engine.server.store import StoreError, StoreLost

logger = logging.getLogger("engine.server")


class ServerFailed(EngineError):
    """A background job failed for a reason it cannot recover from: the server stops (serve exits 3)."""


class Supervisor:
    """Runs the server's background tasks; `failed` is set (and `failure` says why) when one dies for good."""

    def __init__(self, *, first_backoff: float = 0.1, last_backoff: float = 10.0, outage: Outage | None = None) -> None:
        self.first_backoff = first_backoff
        self.last_backoff = last_backoff
        self.outage = outage or Outage()  # the server's: a job's failed read is told as the tables' writes are
        self.failed = asyncio.Event()
        self.failure: ServerFailed | None = None
        self.tasks: set[asyncio.Task[Any]] = set()

    def every(self, name: str, seconds: float, step: Callable[[], object]) -> asyncio.Task[None]:
        """Run ``step`` every ``seconds``, for as long as the server runs."""
        return self.spawn(name, self._repeat(name, seconds, step), critical=True)

    def spawn(self, name: str, work: Coroutine[Any, Any, Any], *, critical: bool = False) -> asyncio.Task[Any]:
        """Start one task. If it ends with an exception that is logged, and for a ``critical`` task the server
        stops; a task that is not critical (a bot's client) is replaced by whoever started it."""
        task = asyncio.get_running_loop().create_task(work, name=name)
        self.tasks.add(task)
        task.add_done_callback(lambda done: self._ended(name, done, critical))
        return task

    def fail(self, name: str, error: BaseException) -> None:
        """Stop the server: ``name`` cannot go on because of ``error``."""
        if self.failure is None:  # said once, by whoever runs the server (serve's last line), not logged here too
            text = " ".join(str(error).split()) or type(error).__name__
            self.failure = ServerFailed(f"{name} stopped: {text}")
        self.failed.set()

    async def stop(self) -> None:
        """Cancel every task and wait for them to end."""
        tasks = list(self.tasks)
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    async def _repeat(self, name: str, seconds: float, step: Callable[[], object]) -> None:
        delay = self.first_backoff
        failing = False
        while True:
            await asyncio.sleep(seconds)
            try:
                step()
            except StoreLost as error:
                self.fail(name, error)
                return
            except StoreError as error:  # the database may come back: told by the outage rule, back off, retry
                self.outage.failed(error, write=False)
                failing = True
                await asyncio.sleep(delay)
                delay = min(self.last_backoff, 2 * delay)
                continue
            if failing:  # this job reads the database again (one that never failed may not touch it at all)
                self.outage.answered(write=False)
                failing = False
            delay = self.first_backoff

    def _ended(self, name: str, task: asyncio.Task[Any], critical: bool) -> None:
        self.tasks.discard(task)
        if task.cancelled():
            return
        error = task.exception()
        if error is None:
            if critical:
                self.fail(name, RuntimeError("it returned"))
            return
        if critical:
            logger.error("%s failed", name, exc_info=error)
            self.fail(name, error)
        else:
            logger.error("%s failed: %s: %s", name, type(error).__name__, error)
