"""Storage: the one small interface the server writes through (`Storage`), and its SQLite implementation.

The server's truth is the stored log of table events. Each accepted event is appended in one transaction
together with what it does to the chip ledger, and, when it ends a hand, the finished hand (PHH and JSON) and a
snapshot of the table; only after the commit does the server tell anyone. A table is rebuilt from its last
snapshot and the events after it (`load`), so a crash at any moment loses nothing that anybody was told.

The second implementation, `engine.server.pgstore.PostgresStore` (PostgreSQL over psycopg, for a server farm
sharing one database), has the same methods and the same tables; `open_store` picks one by the ``--db``
value.
"""

from __future__ import annotations

import functools
import json
import os
import re
import sqlite3
import time
from collections.abc import Callable, Collection, Iterator, Sequence
from typing import IO, Any, Concatenate, ParamSpec, Protocol, TypeVar

import attrs

from engine.errors import EngineError

try:
    import fcntl
except ImportError:  # not on Windows: one server per SQLite file is then the operator's to keep
    fcntl = None  # type: ignore[assignment]

LEDGER_KINDS = ("buy_in", "cash_out", "rake")


class StoreError(EngineError):
    """The database cannot be opened or used: a bad ``--db`` value, a missing driver, a database held by another
    server, a failed read or write, a damaged row. Its message says which and what to do. The layers above the
    stores see only this, never a driver's own exceptions (`guarded`)."""


class StoreLost(StoreError):
    """The database is gone for good while serving (its file deleted or replaced): nothing more can be stored,
    so the server stops rather than play on with nothing to write to."""


class DamagedRow(StoreError):
    """A stored row that cannot be read back (JSON cut short or of the wrong shape): the message names the
    table and the row."""


_P = ParamSpec("_P")
_R = TypeVar("_R")
_S = TypeVar("_S", bound="_Guarded")


class _Guarded(Protocol):
    DRIVER_ERRORS: tuple[type[BaseException], ...]

    def damaged(self, error: BaseException, doing: str) -> StoreLost | None:
        """The `StoreLost` a driver error means when it says the database itself is damaged, else None."""


def guarded(doing: str) -> Callable[[Callable[Concatenate[_S, _P], _R]], Callable[Concatenate[_S, _P], _R]]:
    """The store boundary, in one place: a store method's driver errors (the class's ``DRIVER_ERRORS``:
    sqlite3.Error, psycopg.Error) leave it as a `StoreError` saying what failed. ``doing`` is formatted with the
    method's arguments: ``"table {0}: event {1.seq} ({1.kind}) not stored"``."""

    def decorate(method: Callable[Concatenate[_S, _P], _R]) -> Callable[Concatenate[_S, _P], _R]:
        @functools.wraps(method)
        def wrapper(self: _S, /, *args: _P.args, **kwargs: _P.kwargs) -> _R:
            try:
                return method(self, *args, **kwargs)
            except self.DRIVER_ERRORS as error:
                lost = self.damaged(error, doing.format(*args))
                if lost is not None:  # damage is no outage: the server stops as for a deleted file
                    raise lost from None
                text = " ".join(str(error).split())  # one line, whatever the driver says
                raise StoreError(f"{doing.format(*args)}: {text}") from None

        return wrapper

    return decorate


def event_data(table_id: str, seq: int, text: str) -> dict[str, Any]:
    """A stored event's data, checked: a JSON object, else `DamagedRow` naming the table and the event."""
    try:
        data = json.loads(text)
    except ValueError as error:
        raise DamagedRow(
            f"table {table_id}: event {seq} in the events table is damaged: its data is not JSON ({error})"
        ) from None
    if not isinstance(data, dict):
        raise DamagedRow(
            f"table {table_id}: event {seq} in the events table is damaged: its data is "
            f"{type(data).__name__}, not a JSON object"
        ) from None
    return data


@attrs.frozen(slots=True)
class LedgerEntry:
    """Chips moving between a player's wallet and a table: ``buy_in`` (sitting down or topping up),
    ``cash_out`` (leaving, or removed), ``rake`` (the house's cut of a hand; ``player`` is None)."""

    kind: str
    amount: int
    player: str | None = None


@attrs.frozen(slots=True)
class FinishedHand:
    """A hand as it is kept: its number at the table, the PHH text (None when PHH cannot hold the hand, e.g. a
    double board), the engine's JSON document of the whole hand (deck included: for the server only), and for
    each hand seat the player's name in the hand with the sitting it was dealt to (the hash of the token the
    player joined with; None: a hand stored before sittings were kept). A hand's private cards belong to the
    sitting, never to a name or a seat number, which a later player can take (docs/server.md, "history")."""

    number: int
    phh: str | None
    json: str
    sittings: tuple[tuple[str, str], ...] | None = None
    at: float | None = attrs.field(default=None, eq=False)
    # ^ when it was stored, in seconds since 1970 (UTC): read back, never written from here; not part of what the
    # hand is, so a hand read back equals the hand stored


@attrs.frozen(slots=True)
class Record:
    """One accepted event and everything written with it, in one transaction: ``config`` is the table's new
    configuration (JSON) when the event changes it (``settings``)."""

    seq: int
    kind: str
    data: dict[str, Any]
    ledger: tuple[LedgerEntry, ...] = ()
    hand: FinishedHand | None = None
    snapshot: str | None = None
    config: str | None = None


def pyformat(statement: str) -> str:
    """A statement written with SQLite's ``?`` placeholders in psycopg's ``%s``, so that the statements both
    stores run are written once (a ``?`` in them is always a placeholder; a ``%s`` stays as it is)."""
    return statement.replace("?", "%s")


# The statements both databases run word for word but for the placeholder, written once with SQLite's (``?``);
# `engine.server.pgstore` runs them through `pyformat`. What the two word differently each store writes itself.
ADD_TABLE = (
    "INSERT INTO tables (id, config, created) VALUES (?, ?, ?) ON CONFLICT (id) DO UPDATE SET config = excluded.config "
    "WHERE NOT EXISTS (SELECT 1 FROM events WHERE table_id = excluded.id)"
)
TABLE_CONFIG = "SELECT config FROM tables WHERE id = ?"
LAST_SNAPSHOT = "SELECT seq, data FROM snapshots WHERE table_id = ?"
EVENTS_AFTER = "SELECT seq, kind, data FROM events WHERE table_id = ? AND seq > ? ORDER BY seq"
LEDGER_TOTALS = "SELECT kind, SUM(amount) FROM ledger GROUP BY kind"
HANDS_SINCE = (
    "SELECT number, phh, json, sittings, at FROM hands WHERE table_id = ? AND number > ? ORDER BY number LIMIT ?"
)


@attrs.frozen(slots=True, kw_only=True)
class RecordSQL:
    """The statements that store a `Record`, in one database's SQL: the stores write the same rows in the same
    order. The event, ledger, hand and configuration statements are the same in both (the defaults, with
    SQLite's placeholders); how a known player is skipped and a snapshot replaced each database says its way."""

    event: str = "INSERT INTO events (table_id, seq, kind, data, at) VALUES (?, ?, ?, ?, ?)"
    player: str
    ledger: str = "INSERT INTO ledger (table_id, seq, player, kind, amount, at) VALUES (?, ?, ?, ?, ?, ?)"
    hand: str = "INSERT INTO hands (table_id, number, seq, phh, json, sittings, at) VALUES (?, ?, ?, ?, ?, ?, ?)"
    snapshot: str
    config: str = "UPDATE tables SET config = ? WHERE id = ?"

    def pyformat(self) -> RecordSQL:
        """The statements with psycopg's placeholders (`pyformat`)."""
        return RecordSQL(**{name: pyformat(statement) for name, statement in attrs.asdict(self).items()})

    def statements(self, table_id: str, record: Record, now: float) -> Iterator[tuple[str, tuple[object, ...]]]:
        """Each statement with its parameters, in the order the record's one transaction runs them."""
        yield self.event, (table_id, record.seq, record.kind, json.dumps(record.data, separators=(",", ":")), now)
        for entry in record.ledger:
            if entry.player is not None:
                yield self.player, (entry.player, now)
            yield self.ledger, (table_id, record.seq, entry.player, entry.kind, entry.amount, now)
        if record.hand is not None:
            hand = record.hand
            sittings = None if hand.sittings is None else json.dumps(hand.sittings)
            yield self.hand, (table_id, hand.number, record.seq, hand.phh, hand.json, sittings, now)
        if record.snapshot is not None:
            yield self.snapshot, (table_id, record.seq, record.snapshot)
        if record.config is not None:
            yield self.config, (record.config, table_id)


_SQLITE_RECORD = RecordSQL(
    player="INSERT OR IGNORE INTO players (name, created) VALUES (?, ?)",
    snapshot="INSERT OR REPLACE INTO snapshots (table_id, seq, data) VALUES (?, ?, ?)",
)


@attrs.frozen(slots=True)
class Checked:
    """What `Storage.check` found: the tables this server lost, each with why (another server took them while
    its connection was down), and whether the database is back: a lost connection made anew since the last
    check, which ends an outage whatever was refused meanwhile (`engine.server.outage.Outage.answered`)."""

    lost: tuple[tuple[str, str], ...] = ()
    reconnected: bool = False


@attrs.frozen(slots=True)
class Stored:
    """A table as storage holds it: its configuration (JSON), its last snapshot and the seq it was taken at
    (None, 0: none yet), and the events since, in order, as (seq, kind, data)."""

    config: str
    snapshot: str | None
    snapshot_seq: int
    events: tuple[tuple[int, str, dict[str, Any]], ...]


class Storage(Protocol):
    """What the server needs of a database. Every method is synchronous and called from one thread."""

    def add_table(self, table_id: str, config: str) -> None:
        """Create the table with its configuration (JSON), or give a stored table that has no events yet (never
        sat at: a start that failed after creating it) this configuration; a table with events keeps its own."""

    def table_ids(self) -> list[str]:
        """Every table ever created, in creation order."""

    def claim(self, table_id: str) -> bool:
        """Take the table for this server until `close` (or until its process dies): False when another server
        holds it. Only the holder may `append` to a table (docs/server.md, "Several servers")."""

    def release(self, table_id: str) -> None:
        """Let go of a claimed table this server will not serve (it cannot be rebuilt): another server may take
        it."""

    def append(self, table_id: str, record: Record) -> None:
        """Store the record atomically; a record whose seq is taken already is refused (an error)."""

    def load(self, table_id: str) -> Stored:
        """The table's configuration, last snapshot and the events after it."""

    def ledger_totals(self, table_ids: Collection[str] | None = None) -> dict[str, int]:
        """The sum of each ledger kind, buy_in, cash_out and rake, over the tables ``table_ids`` (None: every
        table in the database)."""

    def hands(self, table_id: str, since: int = 0, limit: int = 100) -> list[FinishedHand]:
        """The table's finished hands numbered above ``since``, oldest first."""

    def hands_marked(self, table_id: str, marker: str, end: int, count: int) -> list[FinishedHand]:
        """The last ``count`` of the table's finished hands numbered ``end`` or below whose PHH holds ``marker``
        (a tournament table's own, in its sit-and-go's log: its PHH's ``table`` line), oldest first; the
        database skips the others itself."""

    def check(self) -> Checked:
        """Whether the database is still this server's to write to: raises `StoreLost` if it is gone for good
        (the SQLite file deleted or replaced), StoreError while it cannot be reached (PostgreSQL: each call
        tries to reconnect); returns the tables this server has lost the claim to, with why (another server
        took them while the connection was down: the server stops serving those), and whether the connection
        was made anew since the last check."""

    def close(self) -> None:
        """Finish writing and let go of the database."""


_SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (id TEXT PRIMARY KEY, config TEXT NOT NULL, created REAL NOT NULL);
CREATE TABLE IF NOT EXISTS events (
    table_id TEXT NOT NULL REFERENCES tables(id), seq INTEGER NOT NULL, kind TEXT NOT NULL, data TEXT NOT NULL,
    at REAL NOT NULL, PRIMARY KEY (table_id, seq));
CREATE TABLE IF NOT EXISTS players (name TEXT PRIMARY KEY, created REAL NOT NULL);
CREATE TABLE IF NOT EXISTS ledger (
    id INTEGER PRIMARY KEY AUTOINCREMENT, table_id TEXT NOT NULL, seq INTEGER NOT NULL,
    player TEXT REFERENCES players(name), kind TEXT NOT NULL CHECK (kind IN ('buy_in', 'cash_out', 'rake')),
    amount INTEGER NOT NULL CHECK (amount >= 0), at REAL NOT NULL);
CREATE TABLE IF NOT EXISTS hands (
    table_id TEXT NOT NULL, number INTEGER NOT NULL, seq INTEGER NOT NULL, phh TEXT, json TEXT NOT NULL,
    sittings TEXT, at REAL NOT NULL, PRIMARY KEY (table_id, number));
CREATE TABLE IF NOT EXISTS snapshots (table_id TEXT PRIMARY KEY, seq INTEGER NOT NULL, data TEXT NOT NULL);
"""


class SQLiteStore:
    """`Storage` in one SQLite file: WAL journal, one connection, one transaction per record.

    ``synchronous=NORMAL`` in WAL mode survives the process being killed at any moment (what the crash test
    does); only losing power may drop the last transactions. Pass ``durable=True`` for ``FULL``.
    """

    DRIVER_ERRORS: tuple[type[BaseException], ...] = (sqlite3.Error,)
    DAMAGE_WORDS = ("malformed", "file is not a database")
    """What SQLite says of a file whose pages are damaged (sqlite3.DatabaseError), as opposed to one it cannot
    reach for a while (locked, disk I/O, full)."""

    def __init__(self, path: str, *, durable: bool = False) -> None:
        self.path = path
        self._lock: IO[bytes] | None = None
        self._lost: StoreLost | None = None  # set once the file is found damaged: every later call is refused
        try:
            self.db = sqlite3.connect(path, isolation_level=None, check_same_thread=True)
            self.db.execute("PRAGMA journal_mode=WAL")
            self.db.execute(f"PRAGMA synchronous={'FULL' if durable else 'NORMAL'}")
            self.db.execute("PRAGMA foreign_keys=ON")
            self.db.executescript(_SCHEMA)
            if "sittings" not in {row[1] for row in self.db.execute("PRAGMA table_info(hands)")}:
                self.db.execute("ALTER TABLE hands ADD COLUMN sittings TEXT")  # a database from before sittings
            problems = [row[0] for row in self.db.execute("PRAGMA quick_check")]
            if problems != ["ok"]:  # damaged pages nobody has read yet: found before anything is served
                raise sqlite3.DatabaseError(f"database disk image is malformed: {'; '.join(problems[:3])}")
            suspects = self.db.execute(  # every event's JSON, those before a snapshot too (the rebuild skips them)
                "SELECT table_id, seq, data FROM events WHERE NOT json_valid(data) OR json_type(data) <> 'object' "
                "ORDER BY table_id, seq"
            ).fetchall()
        except sqlite3.Error as error:
            damage = isinstance(error, sqlite3.DatabaseError) and any(word in str(error) for word in self.DAMAGE_WORDS)
            hint = (
                "restore it from a backup, or start on a new file"
                if damage
                else "is its folder there and writable, and is it a SQLite file?"
            )
            raise StoreError(f"cannot use the SQLite database {path!r}: {error} ({hint})") from None
        for table_id, seq, data in suspects:  # SQLite's JSON is stricter than Python's (NaN): Python's word is final
            event_data(table_id, seq, data)
        self._identity = self._file_identity()

    def _file_identity(self) -> tuple[int, int] | None:
        """The database file's (st_dev, st_ino), or None for an in-memory database or a file not there."""
        if self.path == ":memory:" or self.path.startswith("file:"):
            return None
        try:
            found = os.stat(self.path)
        except OSError:
            return None
        return found.st_dev, found.st_ino

    def damaged(self, error: BaseException, doing: str) -> StoreLost | None:
        """A damaged file (SQLite says "malformed" or "file is not a database") is lost for good, like a deleted
        one: nothing more can be trusted to it, so from then on `check` (the database watch, every write)
        refuses too and the server stops (exit 3). Retrying, as for an outage, would only flap."""
        if not isinstance(error, sqlite3.DatabaseError) or not any(word in str(error) for word in self.DAMAGE_WORDS):
            return None
        if self._lost is None:
            self._lost = StoreLost(
                f"{doing}: the SQLite database {self.path!r} is damaged ({error}): nothing "
                f"more can be stored; restore the file from a backup and restart the server"
            )
        return self._lost

    def check(self) -> Checked:
        """The database watch's check, every second: `_check_identity`, and the file's header and its
        write-ahead log's read from the files themselves (`header_damage`: two small reads), since SQLite reads
        neither again while it serves from its cache and the WAL, so that a file overwritten there is found
        within a second rather than at the next read of a damaged page (`damaged`), which may never come."""
        self._check_identity()
        if self._identity is not None:
            why = header_damage(self.path)
            if why is not None:
                self._lost = StoreLost(
                    f"the SQLite database {self.path!r} is damaged ({why}): nothing more can "
                    f"be stored; restore the file from a backup and restart the server"
                )
                raise self._lost
        return Checked()

    def _check_identity(self) -> None:
        """`StoreLost` when the path no longer names the file this store opened (deleted, or replaced by
        another file): the open connection would go on writing to a file nobody can open again, and the next
        start would find the other file. Called before every write and by `check`. A file found damaged
        (`damaged`, `check`) is lost the same way."""
        if self._lost is not None:
            raise self._lost
        if self._identity is not None and self._file_identity() != self._identity:
            raise StoreLost(
                f"the SQLite database {self.path!r} was deleted or replaced while serving: nothing "
                f"more can be stored; restore the file and restart the server"
            )

    def claim(self, table_id: str) -> bool:
        """A SQLite file is served by one server at a time: the first claim takes an exclusive lock on the file
        ``<path>.lock`` (held until `close`, released by the system if the process dies) and a second server
        on the same file is refused with a StoreError. Readers (tests, tools) need no claim."""
        if self._lock is None and fcntl is not None and self.path != ":memory:":
            lock = open(self.path + ".lock", "ab")  # noqa: SIM115  # held open for the store's life
            try:
                fcntl.flock(lock.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError:
                lock.close()
                raise StoreError(
                    f"the SQLite database {self.path!r} is in use by another server (its lock file "
                    f"{self.path + '.lock'!r} is held); stop that server or use another --db"
                ) from None
            lock.truncate(0)
            lock.write(f"{os.getpid()}\n".encode())
            lock.flush()
            self._lock = lock
        return True

    def release(self, table_id: str) -> None:
        """Nothing to let go of: the claim is the whole file's (one server per SQLite file), not a table's."""

    @guarded("table {0}: not created")
    def add_table(self, table_id: str, config: str) -> None:
        """Records a table and its configuration (see `Storage.add_table`)."""
        self._check_identity()
        self.db.execute(ADD_TABLE, (table_id, config, time.time()))

    @guarded("cannot list the stored tables")
    def table_ids(self) -> list[str]:
        """The stored tables, in the order they were added."""
        return [row[0] for row in self.db.execute("SELECT id FROM tables ORDER BY created, rowid")]

    @guarded("table {0}: event {1.seq} ({1.kind}) not stored")
    def append(self, table_id: str, record: Record) -> None:
        """Appends one event to a table's log, with its ledger entries, in one transaction."""
        self._check_identity()
        db = self.db
        db.execute("BEGIN IMMEDIATE")
        try:
            for statement, parameters in _SQLITE_RECORD.statements(table_id, record, time.time()):
                db.execute(statement, parameters)
        except BaseException:
            db.execute("ROLLBACK")
            raise
        db.execute("COMMIT")

    @guarded("table {0}: cannot be read")
    def load(self, table_id: str) -> Stored:
        """A table's configuration, latest snapshot and the events after it (KeyError if unknown)."""
        row = self.db.execute(TABLE_CONFIG, (table_id,)).fetchone()
        if row is None:
            raise KeyError(table_id)
        snap = self.db.execute(LAST_SNAPSHOT, (table_id,)).fetchone()
        seq, snapshot = (snap[0], snap[1]) if snap else (0, None)
        events = tuple(
            (s, kind, event_data(table_id, s, data)) for s, kind, data in self.db.execute(EVENTS_AFTER, (table_id, seq))
        )
        return Stored(row[0], snapshot, seq, events)

    @guarded("cannot read the ledger")
    def ledger_totals(self, table_ids: Collection[str] | None = None) -> dict[str, int]:
        """The chips moved by each ledger kind, over the tables named (None: every table)."""
        totals = dict.fromkeys(LEDGER_KINDS, 0)
        if table_ids is None:
            rows = self.db.execute(LEDGER_TOTALS)
        else:
            ids = list(table_ids)
            rows = self.db.execute(
                f"SELECT kind, SUM(amount) FROM ledger WHERE table_id IN ({', '.join('?' * len(ids))}) GROUP BY kind",
                ids,
            )
        for kind, amount in rows:
            totals[kind] = int(amount)
        return totals

    @guarded("table {0}: cannot read its finished hands")
    def hands(self, table_id: str, since: int = 0, limit: int = 100) -> list[FinishedHand]:
        """A table's finished hands numbered after ``since``, at most ``limit`` of them."""
        rows: Sequence[tuple[int, str | None, str, str | None, float]] = self.db.execute(
            HANDS_SINCE, (table_id, since, limit)
        ).fetchall()
        return [
            FinishedHand(number, phh, text, read_sittings(sittings), at) for number, phh, text, sittings, at in rows
        ]

    @guarded("table {0}: cannot read its finished hands")
    def hands_marked(self, table_id: str, marker: str, end: int, count: int) -> list[FinishedHand]:
        """See `Storage.hands_marked`."""
        rows: Sequence[tuple[int, str | None, str, str | None, float]] = self.db.execute(
            "SELECT number, phh, json, sittings, at FROM hands WHERE table_id = ? AND number <= ? "
            "AND instr(phh, ?) > 0 ORDER BY number DESC LIMIT ?",
            (table_id, end, marker, count),
        ).fetchall()
        return [
            FinishedHand(number, phh, text, read_sittings(sittings), at)
            for number, phh, text, sittings, at in rows[::-1]
        ]

    def close(self) -> None:
        """Closes the database and lets go of the table lock."""
        self.db.close()
        if self._lock is not None:
            self._lock.close()  # closing the file lets go of the lock
            self._lock = None


SQLITE_HEADER = b"SQLite format 3\x00"
WAL_MAGIC = (0x377F0682, 0x377F0683)
WAL_VERSION = 3007000


def header_damage(path: str) -> str | None:
    """What is wrong with a SQLite file's header (its first 16 bytes) or its write-ahead log's (``-wal``: the
    magic number and format version of its 32-byte header), read from the files; None when both are whole
    (or not there: a missing file is `SQLiteStore._check_identity`'s, an empty WAL is a checkpointed one). It
    does not read the pages: damage there is found when SQLite reads them, or at the next start."""
    try:
        with open(path, "rb") as file:
            head = file.read(len(SQLITE_HEADER))
    except OSError:
        return None
    if head and head != SQLITE_HEADER:
        return "its header is not a SQLite database's"
    try:
        with open(path + "-wal", "rb") as file:
            wal = file.read(32)
    except OSError:
        return None
    if len(wal) == 32 and (
        int.from_bytes(wal[:4], "big") not in WAL_MAGIC or int.from_bytes(wal[4:8], "big") != WAL_VERSION
    ):
        return "its write-ahead log's header (-wal) is not SQLite's"
    return None


def read_sittings(text: str | None) -> tuple[tuple[str, str], ...] | None:
    """A hand's stored sittings (a JSON list of [name, sitting] pairs); None for a hand stored without them, or
    for anything else: a hand whose owners cannot be told shows its hole cards to nobody."""
    try:
        data = None if text is None else json.loads(text)
    except ValueError:
        return None
    if not isinstance(data, list) or not all(
        isinstance(pair, list) and len(pair) == 2 and all(isinstance(item, str) for item in pair) for pair in data
    ):
        return None
    return tuple((name, seat) for name, seat in data)


POSTGRES_URLS = ("postgresql://", "postgres://")
"""The URL schemes libpq takes (as libpq does, in lower case)."""
LIBPQ_KEYWORDS = frozenset(
    (
        "host",
        "hostaddr",
        "port",
        "dbname",
        "user",
        "password",
        "passfile",
        "require_auth",
        "channel_binding",
        "connect_timeout",
        "client_encoding",
        "options",
        "application_name",
        "fallback_application_name",
        "keepalives",
        "keepalives_idle",
        "keepalives_interval",
        "keepalives_count",
        "tcp_user_timeout",
        "replication",
        "gssencmode",
        "sslmode",
        "requiressl",
        "sslnegotiation",
        "sslcompression",
        "sslcert",
        "sslkey",
        "sslkeylogfile",
        "sslpassword",
        "sslcertmode",
        "sslrootcert",
        "sslcrl",
        "sslcrldir",
        "sslsni",
        "requirepeer",
        "ssl_min_protocol_version",
        "ssl_max_protocol_version",
        "min_protocol_version",
        "max_protocol_version",
        "krbsrvname",
        "gsslib",
        "gssdelegation",
        "service",
        "target_session_attrs",
        "load_balance_hosts",
        "scram_client_key",
        "scram_server_key",
        "oauth_issuer",
        "oauth_client_id",
        "oauth_client_secret",
        "oauth_scope",
    )
)
"""The keywords of a libpq key=value connection string (PostgreSQL's "Parameter Key Words")."""
SECRETS = ("password", "sslpassword", "oauth_client_secret")
"""The connection keywords whose values are never printed (`safe_db`)."""
_KEY_VALUE = re.compile(r"\s*([A-Za-z_][A-Za-z0-9_]*)\s*=")
_SECRET_VALUE = re.compile(r"(?<!\S)(" + "|".join(SECRETS) + r")(\s*=\s*)('(?:[^'\\]|\\.)*'?|(?:[^\s\\]|\\.)*)")
_SECRET_PARAMETER = re.compile(r"([?&](?:" + "|".join(SECRETS) + r")=)[^&#]*")


def is_postgres(db: str) -> bool:
    """The one rule that tells a PostgreSQL connection string from a SQLite file: a ``postgresql://`` or
    ``postgres://`` URL, or a libpq key=value string (``host=db.example dbname=omaha``: its first word is
    ``keyword=``), is PostgreSQL; anything else is a SQLite file's path. A value that looks like neither
    rightly (another URL scheme, or ``keyword=`` with a keyword libpq does not know) is refused with a
    StoreError rather than taken for a file name: a typo in a connection string must never become a SQLite
    file named after it, password and all. (A SQLite file whose name starts with ``word=`` is given as
    ``./word=...``.)"""
    if db.startswith(POSTGRES_URLS):
        return True
    scheme = re.match(r"([A-Za-z][A-Za-z0-9+.-]*)://", db)
    if scheme is not None:
        raise StoreError(
            f"--db {safe_db(db)}: a URL must be postgresql:// or postgres:// (PostgreSQL), not "
            f"{scheme.group(1)}://; a SQLite file is given by its path"
        )
    first = _KEY_VALUE.match(db)
    if first is None:
        return False
    unknown = sorted(set(_keywords(db)) - LIBPQ_KEYWORDS)
    if unknown:
        raise StoreError(
            f"--db {safe_db(db)}: a key=value connection string for PostgreSQL, but libpq has no "
            f"keyword {', '.join(unknown)} (host, port, dbname, user, password, sslmode, ...); a "
            f"SQLite file whose name starts with {first.group(1)}= is given as ./{first.group(1)}=..."
        )
    return True


def _keywords(conninfo: str) -> list[str]:
    """The keywords of a key=value connection string, read as libpq reads it (a value is a word or a quoted
    string, backslash escaping a quote or a backslash), so that ``options='-c x=y'`` is one keyword; the
    keywords before any part libpq would refuse (libpq says what is wrong with it)."""
    keys: list[str] = []
    at, end = 0, len(conninfo)
    while True:
        pair = _KEY_VALUE.match(conninfo, at)
        if pair is None:
            return keys
        keys.append(pair.group(1))
        at = pair.end()
        while at < end and conninfo[at].isspace():
            at += 1
        quoted = at < end and conninfo[at] == "'"
        at += quoted
        while at < end and (conninfo[at] != "'" if quoted else not conninfo[at].isspace()):
            at += 2 if conninfo[at] == "\\" else 1
        at += quoted


def safe_db(db: str) -> str:
    """The ``--db`` value as every message prints it: each password replaced by ``***``, whichever way it was
    given: ``user:password@`` in a URL, ``password=`` in a URL's query, or in a key=value string (and the
    other `SECRETS`). The one place a connection string is made printable."""
    if "://" in db:
        scheme, rest = db.split("://", 1)
        netloc = re.split(r"[/?#]", rest, maxsplit=1)[0]
        if "@" in netloc:
            credentials, host = netloc.rsplit("@", 1)
            if ":" in credentials:
                credentials = credentials.split(":", 1)[0] + ":***"
            db = f"{scheme}://{credentials}@{host}{rest[len(netloc) :]}"
        db = _SECRET_PARAMETER.sub(r"\1***", db)
    return _SECRET_VALUE.sub(r"\1\2***", db)


def open_store(db: str) -> Storage:
    """The store ``--db`` names, told apart by `is_postgres` (the one rule): a PostgreSQL database through
    `engine.server.pgstore.PostgresStore` (psycopg, from the ``server`` extra), else a SQLite file."""
    if is_postgres(db):
        try:
            from engine.server.pgstore import PostgresStore
        except ImportError:
            raise StoreError(
                f"--db {safe_db(db)}: PostgreSQL needs psycopg, which is not installed: "
                'python -m pip install -e ".[server]"'
            ) from None
        return PostgresStore(db)
    return SQLiteStore(db)
