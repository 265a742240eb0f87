"""Storage: the one small interface the server writes through (`Storage`), and its SQLite implementation.

The server's truth is the stored log of table events. Each accepted event is appended in one transaction
together with what it does to the chip ledger, and, when it ends a hand, the finished hand (PHH and JSON) and a
snapshot of the table; only after the commit does the server tell anyone. A table is rebuilt from its last
snapshot and the events after it (`load`), so a crash at any moment loses nothing that anybody was told.

The second implementation, `engine.server.pgstore.PostgresStore` (PostgreSQL over psycopg, for a server farm
sharing one database), has the same seven methods and the same tables; `open_store` picks one by the ``--db``
value.
"""

from __future__ import annotations

import json
import sqlite3
import time
from collections.abc import Sequence
from typing import Any, Protocol

import attrs

LEDGER_KINDS = ("buy_in", "cash_out", "rake")


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
    double board), and the engine's JSON document of the whole hand (deck included: for the server only)."""

    number: int
    phh: str | None
    json: str


@attrs.frozen(slots=True)
class Record:
    """One accepted event and everything written with it, in one transaction."""

    seq: int
    kind: str
    data: dict[str, Any]
    ledger: tuple[LedgerEntry, ...] = ()
    hand: FinishedHand | None = None
    snapshot: str | None = None


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
        """Create the table with its configuration (JSON) if it does not exist yet."""

    def table_ids(self) -> list[str]:
        """Every table ever created, in creation order."""

    def append(self, table_id: str, record: Record) -> None:
        """Store the record atomically; a record whose seq is taken already is refused (an error)."""

    def load(self, table_id: str) -> Stored:
        """The table's configuration, last snapshot and the events after it."""

    def ledger_totals(self) -> dict[str, int]:
        """The sum of each ledger kind over every table: buy_in, cash_out, rake."""

    def hands(self, table_id: str, since: int = 0, limit: int = 100) -> list[FinishedHand]:
        """The table's finished hands numbered above ``since``, oldest first."""

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
    at REAL NOT NULL, PRIMARY KEY (table_id, number));
CREATE TABLE IF NOT EXISTS snapshots (table_id TEXT PRIMARY KEY, seq INTEGER NOT NULL, data TEXT NOT NULL);
"""


class SQLiteStore:
    """`Storage` in one SQLite file: WAL journal, one connection, one transaction per record.

    ``synchronous=NORMAL`` in WAL mode survives the process being killed at any moment (what the crash test
    does); only losing power may drop the last transactions. Pass ``durable=True`` for ``FULL``.
    """

    def __init__(self, path: str, *, durable: bool = False) -> None:
        self.path = path
        self.db = sqlite3.connect(path, isolation_level=None, check_same_thread=True)
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute(f"PRAGMA synchronous={'FULL' if durable else 'NORMAL'}")
        self.db.execute("PRAGMA foreign_keys=ON")
        self.db.executescript(_SCHEMA)

    def add_table(self, table_id: str, config: str) -> None:
        self.db.execute("INSERT OR IGNORE INTO tables (id, config, created) VALUES (?, ?, ?)",
                        (table_id, config, time.time()))

    def table_ids(self) -> list[str]:
        return [row[0] for row in self.db.execute("SELECT id FROM tables ORDER BY created, rowid")]

    def append(self, table_id: str, record: Record) -> None:
        now = time.time()
        db = self.db
        db.execute("BEGIN IMMEDIATE")
        try:
            db.execute("INSERT INTO events (table_id, seq, kind, data, at) VALUES (?, ?, ?, ?, ?)",
                       (table_id, record.seq, record.kind, json.dumps(record.data, separators=(",", ":")), now))
            for entry in record.ledger:
                if entry.player is not None:
                    db.execute("INSERT OR IGNORE INTO players (name, created) VALUES (?, ?)", (entry.player, now))
                db.execute("INSERT INTO ledger (table_id, seq, player, kind, amount, at) VALUES (?, ?, ?, ?, ?, ?)",
                           (table_id, record.seq, entry.player, entry.kind, entry.amount, now))
            if record.hand is not None:
                hand = record.hand
                db.execute("INSERT INTO hands (table_id, number, seq, phh, json, at) VALUES (?, ?, ?, ?, ?, ?)",
                           (table_id, hand.number, record.seq, hand.phh, hand.json, now))
            if record.snapshot is not None:
                db.execute("INSERT OR REPLACE INTO snapshots (table_id, seq, data) VALUES (?, ?, ?)",
                           (table_id, record.seq, record.snapshot))
        except BaseException:
            db.execute("ROLLBACK")
            raise
        db.execute("COMMIT")

    def load(self, table_id: str) -> Stored:
        row = self.db.execute("SELECT config FROM tables WHERE id = ?", (table_id,)).fetchone()
        if row is None:
            raise KeyError(table_id)
        snap = self.db.execute("SELECT seq, data FROM snapshots WHERE table_id = ?", (table_id,)).fetchone()
        seq, snapshot = (snap[0], snap[1]) if snap else (0, None)
        events = tuple((s, kind, json.loads(data)) for s, kind, data in self.db.execute(
            "SELECT seq, kind, data FROM events WHERE table_id = ? AND seq > ? ORDER BY seq", (table_id, seq)))
        return Stored(row[0], snapshot, seq, events)

    def ledger_totals(self) -> dict[str, int]:
        totals = dict.fromkeys(LEDGER_KINDS, 0)
        for kind, amount in self.db.execute("SELECT kind, SUM(amount) FROM ledger GROUP BY kind"):
            totals[kind] = int(amount)
        return totals

    def hands(self, table_id: str, since: int = 0, limit: int = 100) -> list[FinishedHand]:
        rows: Sequence[tuple[int, str | None, str]] = self.db.execute(
            "SELECT number, phh, json FROM hands WHERE table_id = ? AND number > ? ORDER BY number LIMIT ?",
            (table_id, since, limit)).fetchall()
        return [FinishedHand(number, phh, text) for number, phh, text in rows]

    def close(self) -> None:
        self.db.close()


def open_store(db: str) -> Storage:
    """The store ``--db`` names: ``postgresql://...`` (or ``postgres://...``) a PostgreSQL database through
    `engine.server.pgstore.PostgresStore` (psycopg, from the ``server`` extra), anything else a SQLite file."""
    if db.startswith(("postgresql://", "postgres://")):
        try:
            from engine.server.pgstore import PostgresStore
        except ImportError as error:
            raise ImportError(f"--db {db.split('://')[0]}://... needs psycopg: "
                              'python -m pip install -e ".[server]"') from error
        return PostgresStore(db)
    return SQLiteStore(db)
