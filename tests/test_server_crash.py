"""Crash recovery: `python -m engine serve` with bots is killed with SIGKILL at random moments and restarted on
the same SQLite file; every table resumes where its last stored event left it (a hand in play continues with
the same deck and actions) and the chips add up: on the tables + cashed out + rake == bought in."""

from __future__ import annotations

import json
import os
import random
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

pytest.importorskip("websockets")

from engine.serialize import from_json
from engine.server.log import RoomState, apply_event
from engine.server.store import SQLiteStore
from engine.state import HandState
from engine.table import Table

ROOT = Path(__file__).resolve().parent.parent
KILLS = 5


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def start(db: Path, port: int, config: Path, log: Path) -> subprocess.Popen[bytes]:
    with log.open("ab") as err:
        return subprocess.Popen([sys.executable, "-m", "engine", "serve", "--db", str(db), "--port", str(port),
                                 "--bots", "4", "--config", str(config)], cwd=ROOT, stdout=subprocess.DEVNULL,
                                stderr=err)


def wait_ready(port: int, process: subprocess.Popen[bytes], seconds: float = 30) -> dict[str, dict]:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        assert process.poll() is None, "the server exited"
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/tables", timeout=2) as response:
                return {t["id"]: t for t in json.loads(response.read())["tables"]}
        except OSError:
            time.sleep(0.05)
    raise AssertionError("the server did not come up")


def rebuild(store: SQLiteStore, table_id: str) -> RoomState:
    """The table as storage holds it, by replay, without writing anything."""
    stored = store.load(table_id)
    if stored.snapshot is None:
        from engine.server.config import TableConfig

        config = TableConfig.from_json(stored.config)
        state = RoomState.empty(Table.new(config.schedule(), seats=config.seats))
    else:
        state = RoomState.from_snapshot(stored.snapshot)
    for _, kind, data in stored.events:
        state = apply_event(state, kind, data).state
    return state


def check_chips(db: Path) -> dict[str, RoomState]:
    store = SQLiteStore(str(db))
    try:
        states = {table_id: rebuild(store, table_id) for table_id in store.table_ids()}
        totals = store.ledger_totals()
        on_tables = sum(state.chips for state in states.values())
        assert totals["buy_in"] == on_tables + totals["cash_out"] + totals["rake"], (totals, on_tables)
        for state in states.values():
            state.table.check_chips()
        return states
    finally:
        store.close()


def stored_hand(db: Path, table_id: str, number: int) -> HandState | None:
    store = SQLiteStore(str(db))
    try:
        hands = store.hands(table_id, since=number - 1, limit=1)
        return from_json(hands[0].json, HandState) if hands and hands[0].number == number else None
    finally:
        store.close()


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
def test_kill_minus_nine_at_random_moments_loses_nothing(tmp_path):
    db, log, config = tmp_path / "crash.sqlite3", tmp_path / "server.log", tmp_path / "server.toml"
    config.write_text("[server]\npause_seconds = 0.0\ngrace_seconds = 30\n")
    rng = random.Random(os.getpid())
    interrupted: list[tuple[str, int, tuple]] = []  # hands in play at a kill: table, number, actions so far
    hands_before: dict[str, int] = {}
    deadline = time.monotonic() + 90
    for _ in range(KILLS):
        port = free_port()
        process = start(db, port, config, log)
        try:
            lobby = wait_ready(port, process)
            assert set(lobby) == {"limit", "pot-limit", "no-limit", "mixed"}
            for table_id, table in lobby.items():  # nothing told to anyone was lost
                assert table["hands_played"] >= hands_before.get(table_id, 0)
            time.sleep(rng.uniform(0.3, 1.5))
        finally:
            process.send_signal(signal.SIGKILL)
            process.wait(10)
        states = check_chips(db)
        for table_id, state in states.items():
            hands_before[table_id] = state.table.hands_played
            if state.hand is not None:
                interrupted.append((table_id, state.table.hands_played + 1, state.hand.actions))
        assert time.monotonic() < deadline, "the crash test ran too long"
    # A last run: the interrupted hands are finished from where they stopped, then a clean stop with SIGINT.
    port = free_port()
    process = start(db, port, config, log)
    try:
        wait_ready(port, process)
        end = time.monotonic() + 20
        while time.monotonic() < end:
            states = check_chips(db) if process.poll() is None else {}
            if all(states[t].table.hands_played >= n for t, n, _ in interrupted if t in states) and states:
                break
            time.sleep(0.2)
        process.send_signal(signal.SIGINT)
        assert process.wait(15) == 0, log.read_text()[-2000:]
    finally:
        if process.poll() is None:
            process.kill()
    states = check_chips(db)
    assert interrupted, "no kill landed in a hand (the bots play non-stop, so this should not happen)"
    for table_id, number, actions in interrupted:
        hand = stored_hand(db, table_id, number)
        assert hand is not None, f"{table_id} hand {number} never finished"
        assert hand.actions[:len(actions)] == actions  # continued exactly where the log left it
    assert all(state.table.hands_played > 0 for state in states.values())
    assert "Traceback" not in log.read_text()
