"""What the operator's log says while the database does not answer: one line when it stops answering, at most
one reminder a minute while it stays away, and one line when it answers again, with how many writes it refused.

Without this every refused write would log its own line: the clock retries each table's due change every tick,
so an outage of a minute on a busy server is thousands of identical lines, and the one that says when it began
scrolls away. The server keeps one `Outage` for its database and every room reports to it (`Room._commit` and
`Room.history`), and so do the background jobs (`engine.server.supervisor`: the takeover scan, the database
watch), whose retries would otherwise log a line each; the clock is the server's, so tests drive it.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable

from engine.server.oplog import line
from engine.server.store import StoreError, StoreLost

logger = logging.getLogger("engine.server")

REMINDER_SECONDS = 60.0
"""The least time between two reminders that the database is still not answering."""


class Outage:
    """The database's answering or not, as the log tells it (see the module)."""

    def __init__(
        self, clock: Callable[[], float] = time.monotonic, *, reminder_seconds: float = REMINDER_SECONDS
    ) -> None:
        self.clock = clock
        self.reminder_seconds = reminder_seconds
        self.since: float | None = None  # when the database stopped answering (None: it answers)
        self.said = 0.0  # when the log last said so
        self.refused_writes = 0
        self.failed_reads = 0

    def failed(self, error: StoreError, *, write: bool) -> None:
        """A read or write the database refused (a read: `history`'s, or a background job's): logged if it is
        the first, or the first in a minute. A database gone for good (`StoreLost`) is no outage: the server
        stops, and says why once (`engine.server.supervisor`)."""
        if isinstance(error, StoreLost):
            return
        now = self.clock()
        if write:
            self.refused_writes += 1
        else:
            self.failed_reads += 1
        text = " ".join(str(error).split())
        if self.since is None:
            self.since = self.said = now
            logger.error("%s", line("database_down", error=text))
        elif now - self.said >= self.reminder_seconds:
            self.said = now
            logger.error(
                "%s",
                line(
                    "database_still_down",
                    seconds=round(now - self.since),
                    refused_writes=self.refused_writes,
                    failed_reads=self.failed_reads,
                    error=text,
                ),
            )

    def answered(self, *, write: bool = True) -> None:
        """A write the database took (or, ``write`` False, a read it answered after refusing it): if it had
        stopped answering, the log says it is back, and how much it refused meanwhile. A read ends an outage
        only when no write was refused during it: a full disk refuses writes and answers reads, and is not
        back until it takes a write."""
        if self.since is None or (not write and self.refused_writes):
            return
        logger.warning(
            "%s",
            line(
                "database_back",
                seconds=round(self.clock() - self.since),
                refused_writes=self.refused_writes,
                failed_reads=self.failed_reads,
            ),
        )
        self.since = None
        self.refused_writes = self.failed_reads = 0
