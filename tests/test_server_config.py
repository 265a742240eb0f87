"""The server's configuration as an operator writes it: every figure of one kind the same type wherever it comes
from (the file, the defaults, the database), and every error in the file's own terms."""

from __future__ import annotations

import json
from pathlib import Path

from engine.server.config import TableConfig, load_config


def test_the_lobby_tells_every_tables_clock_as_the_same_type_whatever_the_file_wrote(tmp_path: Path) -> None:
    toml = tmp_path / "server.toml"
    toml.write_text('[[tables]]\nid = "whole"\naction_seconds = 15\ntime_bank_seconds = 30\n'
                    '[[tables]]\nid = "fraction"\naction_seconds = 12.5\n')
    tables = [*load_config(toml).tables, TableConfig("default")]
    stored = [TableConfig.from_json(table.to_json()) for table in tables]
    for table in [*tables, *stored]:
        lobby = json.loads(json.dumps(table.lobby()))
        for key in ("action_seconds", "time_bank_seconds"):
            assert type(lobby[key]) is float, (table.id, key, lobby[key])


def test_a_tables_average_pot_is_a_float_before_its_first_hand_too(tmp_path: Path) -> None:
    from engine.server.room import Room
    from engine.server.store import SQLiteStore

    store = SQLiteStore(str(tmp_path / "db.sqlite3"))
    try:
        lobby = json.loads(json.dumps(Room.open(TableConfig("t1"), store).lobby()))
        assert type(lobby["average_pot"]) is float and type(lobby["hands_played"]) is int, lobby
    finally:
        store.close()
