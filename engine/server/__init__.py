"""The reference game server: tables served over WebSockets, stored in SQLite or PostgreSQL, rebuilt by replay
after a crash, and taken over by another server on the same PostgreSQL database when one dies.

`python -m engine serve` runs it (docs/server.md, docs/scale.md). The game logic (`Room`) and the SQLite storage
(`Storage`, `SQLiteStore`) need nothing beyond the engine; the network layer (`engine.server.app`) needs the
``server`` extra (websockets), and PostgreSQL (`engine.server.pgstore`) psycopg, each imported only when used.
"""

from engine.server.config import ConfigError, ServerConfig, TableConfig, load_config
from engine.server.log import RoomState, apply_event
from engine.server.room import PROTOCOL_VERSION, Policy, Room, RoomError
from engine.server.store import FinishedHand, LedgerEntry, Record, SQLiteStore, Storage, Stored

__all__ = [
    "PROTOCOL_VERSION",
    "ConfigError",
    "FinishedHand",
    "LedgerEntry",
    "Policy",
    "Record",
    "Room",
    "RoomError",
    "RoomState",
    "SQLiteStore",
    "ServerConfig",
    "Storage",
    "Stored",
    "TableConfig",
    "apply_event",
    "load_config",
]
