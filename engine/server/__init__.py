"""The reference game server: tables served over WebSockets, stored in SQLite, rebuilt by replay after a crash.

`python -m engine serve` runs it (docs/server.md). The game logic (`Room`) and the storage (`Storage`,
`SQLiteStore`) need nothing beyond the engine; the network layer (`engine.server.app`) needs the ``server``
extra (websockets), imported only when it is used.
"""

from engine.server.config import ConfigError, ServerConfig, TableConfig, load_config
from engine.server.log import RoomState, apply_event
from engine.server.room import PROTOCOL_VERSION, Policy, Room, RoomError
from engine.server.store import FinishedHand, LedgerEntry, Record, SQLiteStore, Storage, Stored

__all__ = ["PROTOCOL_VERSION", "ConfigError", "FinishedHand", "LedgerEntry", "Policy", "Record", "Room", "RoomError",
           "RoomState", "SQLiteStore", "ServerConfig", "Storage", "Stored", "TableConfig", "apply_event",
           "load_config"]
