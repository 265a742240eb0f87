"""`Storage` in PostgreSQL (psycopg 3), for a server farm sharing one database: ``--db postgresql://...``.

The same tables and the same semantics as `engine.server.store.SQLiteStore`: each record (the event, its ledger
entries, the finished hand, the snapshot) is written in one transaction that commits before the server tells
anybody; a record whose seq is taken already is refused (the primary key), which is also what keeps two servers
from writing the same table. psycopg is imported here only: the SQLite server does not need it (the ``server``
extra installs it).
"""

from __future__ import annotations

import logging
import time
from collections.abc import Collection
from concurrent.futures import Future, ThreadPoolExecutor

import psycopg
from psycopg.rows import TupleRow

from engine.server.store import (
    ADD_TABLE,
    EVENTS_AFTER,
    HANDS_SINCE,
    LAST_SNAPSHOT,
    LEDGER_KINDS,
    LEDGER_TOTALS,
    TABLE_CONFIG,
    Checked,
    FinishedHand,
    Record,
    RecordSQL,
    Stored,
    StoreError,
    StoreLost,
    event_data,
    guarded,
    pyformat,
    read_sittings,
    safe_db,
)

logger = logging.getLogger("engine.server")

# One statement each (psycopg sends them as prepared statements); created under an advisory lock so that servers
# starting together on an empty database do not race each other to create the same table.
_SCHEMA = (
    "CREATE TABLE IF NOT EXISTS tables (id TEXT PRIMARY KEY, config TEXT NOT NULL, "
    "created DOUBLE PRECISION NOT NULL, n BIGINT GENERATED ALWAYS AS IDENTITY)",
    "CREATE TABLE IF NOT EXISTS events ("
    "table_id TEXT NOT NULL REFERENCES tables(id), seq BIGINT NOT NULL, kind TEXT NOT NULL, data TEXT NOT NULL, "
    "at DOUBLE PRECISION NOT NULL, PRIMARY KEY (table_id, seq))",
    "CREATE TABLE IF NOT EXISTS players (name TEXT PRIMARY KEY, created DOUBLE PRECISION NOT NULL)",
    "CREATE TABLE IF NOT EXISTS ledger ("
    "id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY, table_id TEXT NOT NULL, seq BIGINT NOT NULL, "
    "player TEXT REFERENCES players(name), kind TEXT NOT NULL CHECK (kind IN ('buy_in', 'cash_out', 'rake')), "
    "amount BIGINT NOT NULL CHECK (amount >= 0), at DOUBLE PRECISION NOT NULL)",
    "CREATE TABLE IF NOT EXISTS hands ("
    "table_id TEXT NOT NULL, number BIGINT NOT NULL, seq BIGINT NOT NULL, phh TEXT, json TEXT NOT NULL, "
    "sittings TEXT, at DOUBLE PRECISION NOT NULL, PRIMARY KEY (table_id, number))",
    "ALTER TABLE hands ADD COLUMN IF NOT EXISTS sittings TEXT",  # a database from before sittings
    "CREATE TABLE IF NOT EXISTS snapshots (table_id TEXT PRIMARY KEY, seq BIGINT NOT NULL, data TEXT NOT NULL)",
)
_RECORD = RecordSQL(
    player="INSERT INTO players (name, created) VALUES (%s, %s) ON CONFLICT (name) DO NOTHING",
    snapshot="INSERT INTO snapshots (table_id, seq, data) VALUES (%s, %s, %s) ON CONFLICT (table_id) "
    "DO UPDATE SET seq = EXCLUDED.seq, data = EXCLUDED.data",
).pyformat()
_SCHEMA_LOCK = 0x6F6D616861  # "omaha": the advisory lock key held while the schema is created
_CLAIMS = 0x6F6D61  # "oma": the first key of each table's advisory lock (the second: the hash of its id)


class PostgresStore:
    """`Storage` in PostgreSQL: one connection (autocommit between records), one transaction per record.

    ``conninfo`` is anything libpq takes: ``postgresql://user:password@host:5432/omaha`` or
    ``postgresql:///omaha?host=/run/postgresql``. PostgreSQL's own ``synchronous_commit`` (on by default) decides
    durability: a commit the server waited for survives a crash of either process or a power cut.

    A lost connection (the backend terminated, PostgreSQL restarted or not answering) is re-established in a
    thread of its own, at most once per backoff (0.5 s, doubling to 10 s), so the server's loop never waits on a
    connect; meanwhile every call fails at once with a StoreError. The session's advisory locks went with the
    old connection, so
    every claimed table is claimed again, and a table another server took meanwhile (its lock held elsewhere, or
    events stored that this server did not write) is lost: `check` reports it and it is never written here again.
    """

    DRIVER_ERRORS: tuple[type[BaseException], ...] = (psycopg.Error,)

    def damaged(self, error: BaseException, doing: str) -> StoreLost | None:
        """PostgreSQL keeps its own pages whole: a driver error is an outage (reconnect, retry), never damage."""
        return None

    FIRST_BACKOFF, LAST_BACKOFF = 0.5, 10.0

    def __init__(self, conninfo: str) -> None:
        self.conninfo = conninfo
        self.claimed: dict[str, int | None] = {}  # each table held, with the last seq this server knows is stored
        self.lost: list[tuple[str, str]] = []  # tables whose claim went with a lost connection, with why, not
        # yet reported by `check` (the server says it, one line a table: `GameServer.drop_room`)
        self.reconnected = False  # a new connection made since `check` last said so
        self.gone: set[str] = set()  # every such table: never written here again unless claimed anew
        self._retry_at = 0.0
        self._backoff = self.FIRST_BACKOFF
        self._reconnector = ThreadPoolExecutor(max_workers=1, thread_name_prefix="pg-reconnect")
        self._reconnecting: Future[psycopg.Connection[TupleRow]] | None = None  # a connect under way
        self._why = "the server closed it"  # why the connection is lost, for the errors meanwhile
        self.db: psycopg.Connection[TupleRow] = self._connect(connect_timeout=10)
        try:
            with self.db.transaction():
                self.db.execute("SELECT pg_advisory_xact_lock(%s)", (_SCHEMA_LOCK,))
                for statement in _SCHEMA:
                    self.db.execute(statement)
        except BaseException:
            self.db.close()
            raise

    def _connect(self, *, connect_timeout: int) -> psycopg.Connection[TupleRow]:
        try:
            return psycopg.connect(self.conninfo, autocommit=True, connect_timeout=connect_timeout)
        except psycopg.Error as error:
            raise StoreError(
                f"cannot connect to PostgreSQL at {safe_db(self.conninfo)}: {' '.join(str(error).split())}"
            ) from None

    def _live(self) -> psycopg.Connection[TupleRow]:
        """The connection, or a StoreError at once while it is lost: the new connection is made in a thread of
        its own (`_reconnect`), since a PostgreSQL that does not answer holds a connect for its whole timeout
        and the server's loop (every table's clock, every connection) must not wait on it. The call after the
        thread has connected takes the new connection, and the claims again."""
        if not (self.db.broken or self.db.closed):
            return self.db
        pending = self._reconnecting
        if pending is not None and pending.done():
            self._reconnecting = None
            try:
                connection = pending.result()
            except StoreError as error:
                self._why = str(error)
            else:
                return self._reclaim(connection)
        now = time.monotonic()
        if self._reconnecting is None and now >= self._retry_at:
            self._retry_at = now + self._backoff
            self._backoff = min(self.LAST_BACKOFF, 2 * self._backoff)
            self._reconnecting = self._reconnector.submit(self._connect, connect_timeout=3)
        trying = (
            "reconnecting now"
            if self._reconnecting is not None
            else (f"reconnecting in {max(0.0, self._retry_at - now):.1f} s")
        )
        raise StoreError(f"the connection to PostgreSQL at {safe_db(self.conninfo)} is lost ({self._why}); {trying}")

    def _reclaim(self, connection: psycopg.Connection[TupleRow]) -> psycopg.Connection[TupleRow]:
        """The new connection in use: the session's advisory locks went with the old one, so every claimed
        table is claimed again, and one another server took meanwhile is lost (see the class)."""
        self.db.close()
        self.db = connection
        self._backoff = self.FIRST_BACKOFF
        self._why = "the server closed it"
        logger.warning(
            "reconnected to PostgreSQL at %s; claiming %d tables again", safe_db(self.conninfo), len(self.claimed)
        )
        self.reconnected = True
        for table_id, known in list(self.claimed.items()):
            if not self._take(table_id):
                why = "another server holds it now"
            elif known is not None and self._last_seq(table_id) != known:
                self.db.execute("SELECT pg_advisory_unlock(%s, hashtext(%s))", (_CLAIMS, table_id))
                why = "events were stored that this server did not write"
            else:
                continue
            del self.claimed[table_id]
            self.lost.append(
                (table_id, f"another server took it while this server's database connection was down ({why})")
            )
            self.gone.add(table_id)
        return self.db

    def _take(self, table_id: str) -> bool:
        row = self.db.execute("SELECT pg_try_advisory_lock(%s, hashtext(%s))", (_CLAIMS, table_id)).fetchone()
        return bool(row and row[0])

    def _last_seq(self, table_id: str) -> int:
        row = self.db.execute("SELECT COALESCE(MAX(seq), 0) FROM events WHERE table_id = %s", (table_id,)).fetchone()
        return int(row[0]) if row else 0

    @guarded("the database check failed")
    def check(self) -> Checked:
        """Reconnects if the connection was lost; the tables lost since the last call, and whether the
        connection was made anew since then."""
        self._live().execute("SELECT 1")
        checked = Checked(tuple(self.lost), self.reconnected)
        self.lost, self.reconnected = [], False
        return checked

    @guarded("table {0}: cannot be claimed")
    def claim(self, table_id: str) -> bool:
        """A session-level advisory lock on the table: held until `close`, and let go by PostgreSQL the moment
        this server's connection ends, so that when a server dies another can take its tables over."""
        if table_id in self.claimed:
            return True
        self._live()
        if not self._take(table_id):
            return False
        self.claimed[table_id] = None
        self.gone.discard(table_id)
        return True

    @guarded("table {0}: cannot be released")
    def release(self, table_id: str) -> None:
        """The table's advisory lock let go of, so that another server can claim it."""
        if table_id in self.claimed:
            del self.claimed[table_id]
            self._live().execute("SELECT pg_advisory_unlock(%s, hashtext(%s))", (_CLAIMS, table_id))

    @guarded("table {0}: not created")
    def add_table(self, table_id: str, config: str) -> None:
        self._live().execute(pyformat(ADD_TABLE), (table_id, config, time.time()))

    @guarded("cannot list the stored tables")
    def table_ids(self) -> list[str]:
        return [str(row[0]) for row in self._live().execute("SELECT id FROM tables ORDER BY created, n")]

    @guarded("table {0}: event {1.seq} ({1.kind}) not stored")
    def append(self, table_id: str, record: Record) -> None:
        db = self._live()
        if table_id in self.gone:
            raise StoreError(
                f"table {table_id}: event {record.seq} ({record.kind}) not stored: this server no "
                f"longer holds the table"
            )
        with db.transaction():  # committed on leaving, rolled back on any error
            for statement, parameters in _RECORD.statements(table_id, record, time.time()):
                db.execute(statement, parameters)
        if table_id in self.claimed:
            self.claimed[table_id] = record.seq

    @guarded("table {0}: cannot be read")
    def load(self, table_id: str) -> Stored:
        db = self._live()
        # one transaction, so that the snapshot and the events after it are read together
        with db.transaction():
            row = db.execute(pyformat(TABLE_CONFIG), (table_id,)).fetchone()
            if row is None:
                raise KeyError(table_id)
            snap = db.execute(pyformat(LAST_SNAPSHOT), (table_id,)).fetchone()
            seq, snapshot = (int(snap[0]), str(snap[1])) if snap else (0, None)
            rows = db.execute(pyformat(EVENTS_AFTER), (table_id, seq)).fetchall()
        events = tuple((int(s), str(kind), event_data(table_id, int(s), data)) for s, kind, data in rows)
        if table_id in self.claimed:
            self.claimed[table_id] = events[-1][0] if events else seq
        return Stored(str(row[0]), snapshot, seq, events)

    @guarded("cannot read the ledger")
    def ledger_totals(self, table_ids: Collection[str] | None = None) -> dict[str, int]:
        totals = dict.fromkeys(LEDGER_KINDS, 0)
        db = self._live()
        rows = (
            db.execute(LEDGER_TOTALS)
            if table_ids is None
            else (
                db.execute(
                    "SELECT kind, SUM(amount) FROM ledger WHERE table_id = ANY(%s) GROUP BY kind", (list(table_ids),)
                )
            )
        )
        for kind, amount in rows:
            totals[str(kind)] = int(amount)  # SUM of BIGINT is NUMERIC: a Decimal
        return totals

    @guarded("table {0}: cannot read its finished hands")
    def hands(self, table_id: str, since: int = 0, limit: int = 100) -> list[FinishedHand]:
        rows = self._live().execute(pyformat(HANDS_SINCE), (table_id, since, limit)).fetchall()
        return [
            FinishedHand(int(number), phh, text, read_sittings(sittings), float(at))
            for number, phh, text, sittings, at in rows
        ]

    @guarded("table {0}: cannot read its finished hands")
    def hands_marked(self, table_id: str, marker: str, end: int, count: int) -> list[FinishedHand]:
        rows = (
            self._live()
            .execute(
                "SELECT number, phh, json, sittings, at FROM hands WHERE table_id = %s AND number <= %s "
                "AND strpos(phh, %s) > 0 ORDER BY number DESC LIMIT %s",
                (table_id, end, marker, count),
            )
            .fetchall()
        )
        return [
            FinishedHand(int(number), phh, text, read_sittings(sittings), float(at))
            for number, phh, text, sittings, at in rows[::-1]
        ]

    def close(self) -> None:
        pending, self._reconnecting = self._reconnecting, None
        if pending is not None:  # a connect under way: closed as soon as it is made, never used
            pending.add_done_callback(_close_made)
        self._reconnector.shutdown(wait=False)
        self.db.close()


def _close_made(pending: Future[psycopg.Connection[TupleRow]]) -> None:
    if pending.exception() is None:
        pending.result().close()
