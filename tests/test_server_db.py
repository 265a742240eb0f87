"""The database is the truth: a failing read, a lost connection, a damaged or deleted database file and a stored
table the configuration no longer lists are survived or reported (docs/server.md, "When the database fails"),
never silently fatal. Each against a real SQLite file or the real PostgreSQL of tests/pgcluster.py, and where
it is about `serve` itself, over the real ``python -m engine serve``."""

from __future__ import annotations

import asyncio
import logging
import os
import signal
import socket
import sqlite3
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip(
    "websockets", reason='could not import websockets: pip install -e ".[test-server]" to run these tests'
)

from helpers import seeded_shuffle
from test_server_crash import check_chips, free_port, lobby
from test_server_net import client

from engine import Call, Check, HandState, from_json
from engine.server.app import GameServer
from engine.server.config import ServerConfig, TableConfig, load_config
from engine.server.outage import Outage
from engine.server.room import Policy, Room, RoomError
from engine.server.store import RecordSQL, SQLiteStore, StoreError, open_store, pyformat
from engine.server.supervisor import Supervisor

ROOT = Path(__file__).resolve().parent.parent
SCALE = float(os.environ.get("OMAHA_TEST_TIMEOUT_SCALE", "1"))  # one scaled timeout for every wait


class FakeClock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


class FailingDB:
    """A SQLite connection that raises the driver's own error for statements containing ``fail_on``."""

    def __init__(self, db: sqlite3.Connection) -> None:
        self.db = db
        self.fail_on: str | None = None
        self.failures = 0

    def execute(self, sql: str, *args: Any) -> Any:
        if self.fail_on is not None and self.fail_on in sql:
            self.failures += 1
            raise sqlite3.OperationalError("disk I/O error")
        return self.db.execute(sql, *args)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.db, name)


async def wait_for(condition: Any, seconds: float = 20) -> None:
    """Wait (one scaled timeout) until ``condition()`` holds."""
    end = time.monotonic() + seconds * SCALE
    while not condition():
        assert time.monotonic() < end, "timed out"
        await asyncio.sleep(0.01)


def in_process(db: str, test: Any, *, clock: Any = time.monotonic, **config: Any) -> None:
    values: dict[str, Any] = {
        "db": db,
        "pause_seconds": 0.0,
        "tables": (TableConfig("t1", game="limit", bot_think_seconds=0),),
    }
    values.update(config)
    cfg = ServerConfig(**values)
    store = open_store(cfg.db)

    async def main() -> None:
        server = GameServer(cfg, store, clock=clock, tick_seconds=0.01)
        port = await server.start(port=0)
        try:
            await asyncio.wait_for(test(server, port, store), 60 * SCALE)
        finally:
            await server.stop()

    try:
        asyncio.run(main())
    finally:
        store.close()


# --- 1. a failing read does not stop the clock; every background task is supervised --------------------------


def test_a_statement_both_stores_run_is_written_once_and_given_psycopgs_placeholders():
    """The statements SQLite and PostgreSQL word alike are written with SQLite's ``?``; `pyformat` gives each
    ``?`` as psycopg's ``%s`` and keeps a store's own ``%s``, in a `RecordSQL` too."""
    assert pyformat("SELECT a FROM t WHERE b = ? AND c > ?") == "SELECT a FROM t WHERE b = %s AND c > %s"
    record = RecordSQL(player="INSERT INTO p VALUES (%s, %s)", snapshot="INSERT INTO s VALUES (?, ?)").pyformat()
    assert (record.player, record.snapshot) == ("INSERT INTO p VALUES (%s, %s)", "INSERT INTO s VALUES (%s, %s)")
    assert record.config == "UPDATE tables SET config = %s WHERE id = %s"


def test_a_failed_read_in_the_takeover_scan_leaves_the_clock_running(tmp_path):
    clock = FakeClock()

    async def test(server: GameServer, port: int, store: Any) -> None:
        failing = store.db = FailingDB(store.db)
        failing.fail_on = "SELECT id FROM tables"
        with pytest.raises(StoreError, match="cannot list the stored tables: disk I/O error"):
            store.table_ids()  # the driver's error leaves the store as a StoreError, and only so
        room = server.rooms["t1"]
        room.join("ann", 100)
        room.join("bob", 100)
        await wait_for(lambda: room.hand is not None)
        await wait_for(lambda: failing.failures >= 3)  # the scan failed, and is retried
        seq = room.seq
        clock.now += 100  # past the action clock and the time bank: the clock must fire a timeout
        await wait_for(lambda: room.seq > seq)
        assert server.supervisor is not None and server.supervisor.failure is None

    in_process(str(tmp_path / "db.sqlite3"), test, clock=clock)


def test_a_background_task_that_dies_of_a_bug_stops_the_server_loudly(tmp_path):
    async def test(server: GameServer, port: int, store: Any) -> None:
        assert server.supervisor is not None

        def broken() -> None:
            raise AttributeError("a bug")

        server.supervisor.every("the broken job", 0.01, broken)
        await asyncio.wait_for(server.supervisor.failed.wait(), 10 * SCALE)
        assert str(server.supervisor.failure) == "the broken job stopped: a bug"

    in_process(str(tmp_path / "db.sqlite3"), test)


# --- 4. a driver error inside history is a typed error to the client -----------------------------------------


def test_a_driver_error_in_history_is_an_error_message_and_the_connection_stays_open(tmp_path):
    async def test(server: GameServer, port: int, store: Any) -> None:
        failing = store.db = FailingDB(store.db)
        watcher = await client(port)
        await watcher.send(type="watch", table="t1")
        await watcher.until("watching")
        failing.fail_on = "FROM hands"
        await watcher.send(type="history")
        reply = await watcher.until("error")
        assert "could not read the hand history" in reply["message"] and "disk" not in reply["message"]
        failing.fail_on = None
        await watcher.send(type="history")
        assert (await watcher.until("history"))["hands"] == []  # still open, and served again
        await watcher.ws.close()

    in_process(str(tmp_path / "db.sqlite3"), test)


# --- 3, 6, 7: serve over the real command --------------------------------------------------------------------


def serve(db: Path, port: int, config: Path | None = None, *extra: str) -> subprocess.Popen[bytes]:
    command = [sys.executable, "-m", "engine", "serve", "--db", str(db), "--port", str(port), *extra]
    if config is not None:
        command += ["--config", str(config)]
    return subprocess.Popen(command, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)


def wait_for_a_hand(process: subprocess.Popen[bytes], port: int) -> None:
    """Poll the served lobby (one scaled timeout) until its limit table has played a hand; serve still runs."""
    end = time.monotonic() + 30 * SCALE
    while True:
        assert process.poll() is None
        try:
            if lobby(port)["limit"]["hands_played"] > 0:
                return
        except OSError:
            pass
        assert time.monotonic() < end
        time.sleep(0.05)


def start_and_exit(db: Path, config: Path) -> tuple[int | None, list[str]]:
    """`serve` on a database or configuration it must refuse: its exit status and its lines on stderr (a serve
    that does not exit within the scaled minute is killed, and its status is then not 2)."""
    process = serve(db, free_port(), config)
    try:
        _, err = process.communicate(timeout=60 * SCALE)
    finally:
        if process.poll() is None:
            process.kill()
    return process.returncode, err.decode().splitlines()


def played_table(path: Path, table_id: str = "t1") -> None:
    """A stored table with two players, a finished hand (so a snapshot) and a hand in play after it."""
    clock = FakeClock()
    store = SQLiteStore(str(path))
    try:
        room = Room.open(TableConfig(table_id, game="limit"), store, clock=clock)
        room.join("ann", 100)
        room.join("bob", 100)
        while room.table.hands_played == 0 or room.hand is None or not room.hand.actions:
            clock.now += 10  # past the pause between hands
            room.tick()
            seat = room.actor_seat()
            if seat is not None and room.hand is not None:
                legal = room.hand.legal_actions()
                room.act(seat, Check() if legal.check else Call() if legal.call else legal.default)
    finally:
        store.close()


def damage(path: Path, sql: str) -> None:
    with sqlite3.connect(path) as db:
        assert db.execute(sql).rowcount == 1
    db.close()


def last_event(path: Path, kind: str) -> int:
    with sqlite3.connect(path) as db:
        seq = int(db.execute("SELECT MAX(seq) FROM events WHERE kind = ?", (kind,)).fetchone()[0])
    db.close()
    return seq


@pytest.mark.parametrize(
    "kind",
    [
        "event cut short",
        "event before the snapshot cut short",
        "event of the wrong shape",
        "event not an object",
        "snapshot not JSON",
        "config not JSON",
        "config of the wrong shape",
        "disk image malformed",
    ],
)
def test_serve_on_a_damaged_database_prints_one_line_naming_the_row_and_exits_2(tmp_path, kind):
    path = tmp_path / "db.sqlite3"
    played_table(path)
    act, join = last_event(path, "act"), last_event(path, "join")
    expected = {
        "event cut short": (
            f"UPDATE events SET data = substr(data, 1, 12) WHERE seq = {act}",
            f"table t1: event {act} in the events table is damaged: its data is not JSON",
        ),
        "event before the snapshot cut short": (
            f"UPDATE events SET data = '{{\"x' WHERE seq = {join}",
            f"table t1: event {join} in the events table is damaged: its data is not JSON",
        ),
        "event of the wrong shape": (
            f"UPDATE events SET data = '{{\"seat\": 7}}' WHERE seq = {act}",
            f"table t1: event {act} (act) in the events table is damaged:",
        ),
        "event not an object": (
            f"UPDATE events SET data = '[1, 2]' WHERE seq = {act}",
            f"table t1: event {act} in the events table is damaged: its data is list",
        ),
        "snapshot not JSON": ("UPDATE snapshots SET data = '{\"table\": '", "table t1: its snapshot at event"),
        "config not JSON": (
            "UPDATE tables SET config = 'game = limit'",
            "table t1: its configuration (the tables table) is damaged",
        ),
        "config of the wrong shape": (
            "UPDATE tables SET config = '[\"limit\"]'",
            "table t1: its configuration (the tables table) is damaged",
        ),
        "disk image malformed": (None, "database disk image is malformed"),
    }
    sql, text = expected[kind]
    assert join < act
    if sql is not None:
        damage(path, sql)
    else:
        with path.open("r+b") as file:  # the pages after the header's: the tables' rows
            size = file.seek(0, 2)
            file.seek(4096)
            file.write(b"\xa5" * (size - 4096))
    config = tmp_path / "t1.toml"
    config.write_text('[[tables]]\nid = "t1"\ngame = "limit"\n')
    returncode, lines = start_and_exit(path, config)
    assert returncode == 2 and len(lines) == 1, (returncode, lines)
    assert lines[0].startswith("error: ") and text in lines[0], lines


def test_serve_with_a_config_that_does_not_list_a_stored_table_serves_it_too(tmp_path):
    path = tmp_path / "db.sqlite3"
    played_table(path, "old")
    config = tmp_path / "only.toml"
    config.write_text('[server]\nbots = 1\n[[tables]]\nid = "only"\ngame = "limit"\n')
    port = free_port()
    process = serve(path, port, config)
    try:
        end = time.monotonic() + 30 * SCALE
        while True:
            assert process.poll() is None, process.stderr.read().decode() if process.stderr else ""
            try:
                if set(lobby(port)) == {"only", "old"}:
                    break
            except OSError:
                pass
            assert time.monotonic() < end, "the server did not list both tables"
            time.sleep(0.05)
        process.send_signal(signal.SIGINT)
        _, err = process.communicate(timeout=30 * SCALE)
    finally:
        if process.poll() is None:
            process.kill()
    assert process.returncode == 0, err.decode()[-2000:]
    assert "Traceback" not in err.decode()


# --- 5. the database file deleted while serving --------------------------------------------------------------


def test_a_deleted_database_file_refuses_every_write_and_serve_exits_3_with_one_line(tmp_path):
    path = tmp_path / "db.sqlite3"
    store = SQLiteStore(str(path))
    room = Room.open(TableConfig("t1"), store, clock=FakeClock())
    room.join("ann", 100)
    path.rename(tmp_path / "moved.sqlite3")
    with pytest.raises(Exception, match="could not store this") as refused:
        room.join("bob", 100)
    assert type(refused.value).__name__ == "RoomError"
    store.close()

    path = tmp_path / "served.sqlite3"
    port = free_port()
    process = serve(path, port, None, "--bots", "2")
    try:
        wait_for_a_hand(process, port)
        path.unlink()
        _, err = process.communicate(timeout=30 * SCALE)
    finally:
        if process.poll() is None:
            process.kill()
    last = err.decode().splitlines()[-1]
    assert process.returncode == 3, err.decode()[-2000:]
    assert last.startswith("error: ") and "was deleted or replaced while serving" in last, last
    assert err.decode().count("was deleted or replaced") == 1, err.decode()[-2000:]  # said once, not per job


# --- 2. PostgreSQL: a terminated connection is re-established, the claims taken again ------------------------


def terminate(postgres: Any, url: str, pid: int) -> None:
    import psycopg

    with psycopg.connect(url, autocommit=True) as admin:
        assert admin.execute("SELECT pg_terminate_backend(%s)", (pid,)).fetchone() == (True,)


def hands(server: GameServer, table: str) -> int:
    room = server.rooms.get(table)
    return -1 if room is None else room.table.hands_played


def test_a_terminated_postgresql_connection_is_re_established_and_the_table_plays_on(postgres):
    url = postgres.database()

    async def test(server: GameServer, port: int, store: Any) -> None:
        server.start_bots({"t1": 3})
        await wait_for(lambda: hands(server, "t1") >= 2)
        for _ in range(2):  # twice: the second time on the re-established connection
            before = hands(server, "t1")
            terminate(postgres, url, store.db.info.backend_pid)
            await wait_for(lambda: hands(server, "t1") >= before + 3, 40)  # noqa: B023
        assert "t1" in server.rooms and store.claimed.keys() == {"t1"}

    in_process(url, test)
    check_chips(url)


def test_a_table_another_server_took_while_the_connection_was_down_is_dropped_loudly(postgres, caplog):
    import psycopg

    from engine.server.pgstore import _CLAIMS

    url = postgres.database()
    caplog.set_level(logging.INFO, logger="engine.server")

    async def test(server: GameServer, port: int, store: Any) -> None:
        server.start_bots({"t1": 2, "t2": 2})
        await wait_for(lambda: hands(server, "t1") >= 1 and hands(server, "t2") >= 1)
        with psycopg.connect(url, autocommit=True) as other:  # another server: it takes t2 the moment it is free
            terminate(postgres, url, store.db.info.backend_pid)
            end = time.monotonic() + 10 * SCALE
            while not other.execute("SELECT pg_try_advisory_lock(%s, hashtext('t2'))", (_CLAIMS,)).fetchone()[0]:
                assert time.monotonic() < end
            await wait_for(lambda: "t2" not in server.rooms)
            before = hands(server, "t1")
            await wait_for(lambda: hands(server, "t1") >= before + 2, 40)
            assert "t2" not in server.adopt()  # still held by the other server

    in_process(
        url,
        test,
        tables=(
            TableConfig("t1", game="limit", bot_think_seconds=0),
            TableConfig("t2", game="limit", bot_think_seconds=0),
        ),
    )
    assert any("table t2: no longer served here" in record.getMessage() for record in caplog.records)
    check_chips(url)


def test_a_server_that_lost_every_table_on_a_reconnect_says_so_once_a_table_and_the_database_is_back(postgres, caplog):
    """Its one table taken by another server while its connection was down: one ERROR line for the table (not
    one from the store and another from the server), and event=database_back as soon as the connection is
    back, not when some write is next taken (none comes: the server has no table left to write to)."""
    import psycopg

    from engine.server.pgstore import _CLAIMS

    url = postgres.database()
    caplog.set_level(logging.INFO, logger="engine.server")

    async def test(server: GameServer, port: int, store: Any) -> None:
        server.start_bots({"t1": 2})
        await wait_for(lambda: hands(server, "t1") >= 1)
        with psycopg.connect(url, autocommit=True) as other:
            terminate(postgres, url, store.db.info.backend_pid)
            end = time.monotonic() + 10 * SCALE
            while not other.execute("SELECT pg_try_advisory_lock(%s, hashtext('t1'))", (_CLAIMS,)).fetchone()[0]:
                assert time.monotonic() < end
            await wait_for(lambda: "t1" not in server.rooms)
            await wait_for(lambda: any("event=database_back" in r.getMessage() for r in caplog.records))

    in_process(url, test)
    lines = [r.getMessage() for r in caplog.records]
    said = [text for text in lines if text.startswith("table t1") and "served here" in text]
    assert len(said) == 1 and "another server took it" in said[0] and "holds it now" in said[0], said
    assert any(text.startswith("event=database_down") for text in lines), lines


def test_an_outage_logs_one_line_going_one_coming_back_and_a_reminder_a_minute_between(tmp_path, caplog):
    """Two tables retrying their due change every tick for 150 s (10 ticks a second) with the database refusing
    every write: one line when it goes, one reminder a minute, one line when it answers again with the count."""
    caplog.set_level(logging.INFO, logger="engine.server")
    clock = FakeClock()
    store = SQLiteStore(str(tmp_path / "db.sqlite3"))
    outage = Outage(clock)
    try:
        rooms = [
            Room.open(
                TableConfig(name, game="limit"),
                store,
                clock=clock,
                outage=outage,
                policy=Policy(grace_seconds=1, pause_seconds=0),
            )
            for name in ("t1", "t2")
        ]
        for room in rooms:
            room.join("ann", 100, connect=False)  # away: the clock sits her out after the grace period
        failing = store.db = FailingDB(store.db)  # type: ignore[assignment]
        failing.fail_on = "INSERT INTO events"
        caplog.clear()
        refused = 0
        for _ in range(1500):
            clock.now += 0.1
            for room in rooms:
                try:
                    room.tick()
                except RoomError:
                    refused += 1
        assert refused == failing.failures > 2900
        failing.fail_on = None
        clock.now += 0.1
        for room in rooms:
            room.tick()
        lines = [record.getMessage() for record in caplog.records]
        why = 'error="table t1: event 2 (sit_out) not stored: disk I/O error"'
        assert lines == [
            f"event=database_down {why}",
            f"event=database_still_down seconds=60 refused_writes=1203 failed_reads=0 {why}",
            f"event=database_still_down seconds=120 refused_writes=2405 failed_reads=0 {why}",
            f"event=database_back seconds=149 refused_writes={refused} failed_reads=0",
        ], lines
        assert all(room.table.seats[0].sitting_out for room in rooms)  # type: ignore[union-attr]
    finally:
        store.close()


def test_a_background_job_that_keeps_failing_follows_the_outage_rule_not_a_line_per_retry(caplog):
    """The takeover scan failing for 150 s of the server's clock (a retry a second): the same four lines as the
    tables' refused writes, from the same `Outage`, not 150 lines of "trying again"."""
    caplog.set_level(logging.INFO, logger="engine.server")
    clock = FakeClock()
    outage = Outage(clock)
    calls = {"failing": 150, "done": 0}

    def scan() -> None:
        clock.now += 1
        if calls["failing"] > 0:
            calls["failing"] -= 1
            raise StoreError("cannot list the stored tables: disk I/O error")
        calls["done"] += 1

    async def main() -> None:
        supervisor = Supervisor(first_backoff=0.0, last_backoff=0.0, outage=outage)
        supervisor.every("the takeover scan", 0.0, scan)
        await wait_for(lambda: calls["done"] >= 3)
        await supervisor.stop()

    asyncio.run(main())
    why = 'error="cannot list the stored tables: disk I/O error"'
    assert [record.getMessage() for record in caplog.records] == [
        f"event=database_down {why}",
        f"event=database_still_down seconds=60 refused_writes=0 failed_reads=61 {why}",
        f"event=database_still_down seconds=120 refused_writes=0 failed_reads=121 {why}",
        "event=database_back seconds=150 refused_writes=0 failed_reads=150",
    ]


# --- 7. settings changed in the configuration; impossible settings refused -----------------------------------


def test_a_stored_table_takes_the_files_clock_and_buy_in_and_says_what_it_kept(tmp_path, caplog):
    caplog.set_level(logging.INFO, logger="engine.server")
    store = SQLiteStore(str(tmp_path / "db.sqlite3"))
    try:
        Room.open(TableConfig("t1", game="limit"), store, clock=FakeClock()).join("ann", 100)
        changed = TableConfig(
            "t1",
            game="pot-limit",
            blinds=(2, 4),
            action_seconds=30,
            time_bank_seconds=5,
            min_buy_in=80,
            max_buy_in=400,
            rake_percent=5,
        )
        room = Room.open(changed, store, clock=FakeClock())
        assert (room.config.action_seconds, room.config.time_bank_seconds) == (30, 5)
        assert (room.config.min_buy_in, room.config.max_buy_in, room.config.rake_percent) == (80, 400, 5)
        assert (room.config.game, room.config.blinds) == ("limit", (1, 2))
        lines = [record.getMessage() for record in caplog.records]
        assert (
            "event=settings table=t1 min_buy_in=80 max_buy_in=400 action_seconds=30.0 time_bank_seconds=5.0 "
            "rake_percent=5.0"
        ) in lines, lines
        kept = [line for line in lines if "kept" in line]
        assert kept == [
            'event=settings_kept table=t1 game=limit blinds="[1,2]" why="the game, stakes and seats of a table that '
            'has been played cannot change (its stored log replays under them): open a new table under another id"'
        ], kept
    finally:
        store.close()


def check_down(room: Room) -> None:
    """Play the hand in play to its end, everyone calling or checking (so it reaches the flop and is raked)."""
    number = room.table.hands_played
    while room.hand is not None and room.table.hands_played == number:
        seat = room.actor_seat()
        assert seat is not None
        legal = room.hand.legal_actions()
        room.act(seat, Check() if legal.check else Call())


def test_a_rake_changed_in_the_file_rakes_the_next_hand_and_is_stored_with_the_table(tmp_path, caplog, seed):
    """The file's rake reaches a stored table through a ``settings`` event between hands: the next hand is raked
    the new way, the ledger adds up, the table rebuilt after a kill is the same, and a later start whose file
    no longer lists the table keeps the new rake (the stored configuration was updated with the event)."""
    caplog.set_level(logging.INFO, logger="engine.server")
    db, toml = tmp_path / "db.sqlite3", tmp_path / "server.toml"
    shuffle = seeded_shuffle(seed)

    def table_in_file(rake: str) -> TableConfig:
        toml.write_text(f'[[tables]]\nid = "t1"\ngame = "limit"\nblinds = [5, 10]\n{rake}\n')
        return load_config(toml).tables[0]

    def hand_rake(store: SQLiteStore, number: int) -> tuple[int, int]:
        """The stored hand's rake, and what 10% of its pot capped at 3 would be."""
        hand = from_json(store.hands("t1", since=number - 1, limit=1)[0].json, HandState)
        assert hand.result is not None
        return hand.result.rake, min(3, sum(hand.contributed) // 10)

    def open_room(store: SQLiteStore, config: TableConfig | None) -> Room:
        policy = Policy(pause_seconds=0)  # each hand dealt as the last one ends
        if config is None:
            return Room.restore("t1", store, clock=FakeClock(), shuffle=shuffle, policy=policy)
        return Room.open(config, store, clock=FakeClock(), shuffle=shuffle, policy=policy)

    first = SQLiteStore(str(db))
    room = open_room(first, table_in_file(""))
    for name in ("ann", "bob"):
        room.join(name, 200)
    check_down(room)
    assert hand_rake(first, 1)[0] == 0
    assert room.hand is not None  # the second hand is in play when the server goes
    first.close()

    store = SQLiteStore(str(db))  # restart with rake in the file, the second hand still in play
    room = open_room(store, table_in_file("rake_percent = 10\nrake_cap = 3"))
    assert room.hand is not None and room.config.rake_percent == 0  # the hand in play keeps the rake it was dealt
    check_down(room)  # then the settings event, then hand 3 dealt under the new rules
    assert hand_rake(store, 2)[0] == 0
    assert "event=settings table=t1 rake_percent=10.0 rake_cap=3" in [r.getMessage() for r in caplog.records]
    assert room.config.rake_percent == 10 and room.hand is not None
    check_down(room)
    rake, expected = hand_rake(store, 3)
    assert rake == expected > 0
    totals = store.ledger_totals()
    assert totals["rake"] == rake and totals["buy_in"] == room.state.chips + totals["cash_out"] + totals["rake"]
    room.table.check_chips()

    killed = SQLiteStore(str(db))  # the first connection never closed: as after kill -9
    again = open_room(killed, None)
    assert (again.state, again.seq, again.config) == (room.state, room.seq, room.config)
    killed.close()
    store.close()

    store = SQLiteStore(str(db))  # a start whose file does not list the table: the stored rake, not the old one
    try:
        room = open_room(store, None)
        assert (room.config.rake_percent, room.config.rake_cap) == (10, 3)
        check_down(room)
        rake, expected = hand_rake(store, room.table.hands_played)
        assert rake == expected > 0
        check_chips(str(db))
    finally:
        store.close()


@pytest.mark.parametrize(
    ("table", "field"),
    [
        ("buy_in = [1, 2]\nblinds = [50, 100]", "max_buy_in"),
        ("buy_in = [300, 200]", "max_buy_in"),
        ("action_seconds = 0", "action_seconds"),
        ("bot_think_seconds = 15", "bot_think_seconds must be below action_seconds"),  # the bots would time out
        ("blinds = [5, 2]", "big blind"),
    ],
)
def test_impossible_table_settings_stop_serve_with_one_line_naming_the_table_and_the_field(tmp_path, table, field):
    config = tmp_path / "bad.toml"
    config.write_text(f'[[tables]]\nid = "t9"\n{table}\n')
    returncode, lines = start_and_exit(tmp_path / "db.sqlite3", config)
    assert returncode == 2 and len(lines) == 1, lines
    assert lines[0].startswith('error: [[tables]] id = "t9": ') and field in lines[0], lines


# --- the start line's chip count: every figure about the same tables -----------------------------------------


def test_the_chip_count_of_a_server_is_about_the_tables_it_serves_not_the_whole_database(postgres):
    """Two servers on one database: each one's chip count (the start and stop lines) adds up over its own
    tables; the whole database's ledger would count the other server's buy-ins beside this one's stacks."""
    url = postgres.database()
    first_store, second_store = open_store(url), open_store(url)
    try:
        first = GameServer(ServerConfig(db=url, tables=(TableConfig("a1", game="limit"),)), first_store)
        first.rooms["a1"].join("ann", 150)
        second = GameServer(ServerConfig(db=url, tables=(TableConfig("b1", game="limit"),)), second_store)
        second.rooms["b1"].join("bob", 60)
        assert set(second.rooms) == {"b1"}  # a1 is the first server's
        assert second.chips() == {"tables": 1, "bought_in": 60, "on_tables": 60, "cashed_out": 0, "rake": 0}
        assert first.chips() == {"tables": 1, "bought_in": 150, "on_tables": 150, "cashed_out": 0, "rake": 0}
    finally:
        first_store.close()
        second_store.close()


# --- PostgreSQL that does not answer: the loop serves on, play resumes when it is back -----------------------


def lobby_answer_time(port: int, silent: socket.socket) -> float:
    """From another thread than the server's loop: wait until the store is connecting to the silent
    "PostgreSQL" (it accepted the connection and will never answer it), then how long the lobby takes to answer
    meanwhile (a server whose loop waits on the connect answers only after its connect timeout, 3 s)."""
    silent.settimeout(30 * SCALE)
    connection, _ = silent.accept()  # the store's reconnect is under way now, and waits for an answer
    try:
        started = time.monotonic()
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/tables", timeout=30 * SCALE) as response:
            response.read()
        return time.monotonic() - started
    finally:
        connection.close()


def test_while_postgresql_does_not_answer_the_loop_serves_on_and_play_resumes_when_it_is_back():
    pytest.importorskip(
        "psycopg", reason='could not import psycopg: pip install -e ".[test-server]" to run these tests'
    )
    from pgcluster import Cluster, Unavailable

    try:
        cluster = Cluster()  # its own: this test stops it
    except Unavailable as why:
        pytest.skip(f"PostgreSQL cannot be started here: {why}")
    url = cluster.database()

    async def test(server: GameServer, port: int, store: Any) -> None:
        server.start_bots({"t1": 3})
        await wait_for(lambda: hands(server, "t1") >= 2)
        watcher = await client(port)
        await watcher.send(type="watch", table="t1")
        await watcher.until("watching")
        cluster.pause()
        silent = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)  # a PostgreSQL that accepts and never answers
        silent.bind(str(cluster.socket_path))
        silent.listen(64)
        try:
            answered = await asyncio.to_thread(lobby_answer_time, port, silent)
            print(f"the lobby answered in {answered:.3f} s during a connect that never completes")
            assert answered < 1.0 * SCALE, f"the lobby took {answered:.2f} s while the store reconnected"
            await watcher.send(type="history")  # a read that needs the database: a typed error, at once
            reply = await watcher.until("error")
            assert reply["code"] == "store_unavailable", reply
            await watcher.send(type="ping", id=1)  # and everything else goes on
            assert (await watcher.until("pong"))["id"] == 1
        finally:
            silent.close()
            cluster.socket_path.unlink()
        cluster.resume()
        before = hands(server, "t1")
        await wait_for(lambda: hands(server, "t1") >= before + 2, 60)
        await watcher.ws.close()

    try:
        in_process(url, test)
        check_chips(url)
    finally:
        cluster.stop()


# --- a table refused as damaged is let go of, and served once mended ------------------------------------------


def test_a_table_refused_as_damaged_is_not_kept_claimed_and_is_served_once_mended(postgres, caplog):
    """A server that finds a damaged table while serving refuses it (once in the log) and lets go of its claim,
    so that another server can take it over once an operator mends it; it takes it itself at its next scan."""
    import psycopg

    from engine.server.pgstore import _CLAIMS

    caplog.set_level(logging.INFO, logger="engine.server")
    url = postgres.database()
    store = open_store(url)
    try:
        server = GameServer(ServerConfig(db=url, tables=(TableConfig("a1", game="limit"),)), store)
        elsewhere = open_store(url)  # t1, played and left by another server
        room = Room.open(TableConfig("t1", game="limit"), elsewhere)
        room.join("ann", 100)
        room.join("bob", 100)
        elsewhere.close()
        with psycopg.connect(url, autocommit=True) as admin:
            seq, data = admin.execute(
                "SELECT seq, data FROM events WHERE table_id = 't1' ORDER BY seq DESC LIMIT 1"
            ).fetchone()
            admin.execute("UPDATE events SET data = '{' WHERE table_id = 't1' AND seq = %s", (seq,))
            assert server.adopt() == [] and server.adopt() == []  # refused, twice
            refusals = [r.getMessage() for r in caplog.records if "table t1 not served" in r.getMessage()]
            assert len(refusals) == 1 and f"event {seq}" in refusals[0], refusals
            taken = admin.execute("SELECT pg_try_advisory_lock(%s, hashtext('t1'))", (_CLAIMS,)).fetchone()
            assert taken == (True,), "the refused table is still claimed by the server that refused it"
            admin.execute("SELECT pg_advisory_unlock(%s, hashtext('t1'))", (_CLAIMS,))
            admin.execute("UPDATE events SET data = %s WHERE table_id = 't1' AND seq = %s", (data, seq))
        assert server.adopt() == ["t1"]  # mended: served
        assert [p.name for _, p in server.rooms["t1"].table.players] == ["ann", "bob"]
    finally:
        store.close()


def test_a_clean_stop_while_postgresql_is_down_stops_cleanly_and_says_the_chips_are_not_known(caplog):
    """SIGTERM while the database is away: the stop line cannot count the chips (the ledger is in the database),
    so it says so; the stop is still a clean one (it was a StoreError out of serve: exit 2, "could not start")."""
    pytest.importorskip(
        "psycopg", reason='could not import psycopg: pip install -e ".[test-server]" to run these tests'
    )
    from pgcluster import Cluster, Unavailable

    from engine.server.main import serve_until_stopped

    caplog.set_level(logging.INFO, logger="engine.server")
    try:
        cluster = Cluster()  # its own: this test stops it
    except Unavailable as why:
        pytest.skip(f"PostgreSQL cannot be started here: {why}")
    try:
        config = ServerConfig(
            db=cluster.database(),
            port=free_port(),
            pause_seconds=0.0,
            bots=2,
            tables=(TableConfig("t1", game="limit"),),
        )

        async def main() -> None:
            stop = asyncio.Event()
            serving = asyncio.ensure_future(serve_until_stopped(config, stop))
            await wait_for(lambda: any("event=serving" in r.getMessage() for r in caplog.records))
            cluster.pause()
            stop.set()
            await asyncio.wait_for(serving, 30 * SCALE)

        asyncio.run(main())
    finally:
        cluster.stop()
    stopped = [r.getMessage() for r in caplog.records if r.getMessage().startswith("event=stopped")]
    assert len(stopped) == 1 and "tables=1 chips=unknown" in stopped[0], stopped


# --- 6. a partly damaged SQLite file: damage, not an outage -------------------------------------------------


def overwrite(path: Path, offset: int, size: int) -> None:
    """What the operator's trial did: ``size`` bytes of 0xdead at ``offset``, the header's page left whole."""
    with path.open("r+b") as file:
        file.seek(offset)
        file.write(b"\xde\xad" * (size // 2))


def test_serve_on_a_file_damaged_where_the_start_does_not_read_exits_2_with_one_line(tmp_path):
    path = tmp_path / "db.sqlite3"
    played_table(path)
    with sqlite3.connect(path) as db:  # rows enough that the damage lands in the ledger and hands, not the header
        db.executemany(
            "INSERT INTO ledger (table_id, seq, player, kind, amount, at) VALUES ('t1', 1, NULL, 'rake', 0, 0)",
            [()] * 3000,
        )
    db.close()
    overwrite(path, 30000, 6000)
    config = tmp_path / "t1.toml"
    config.write_text('[[tables]]\nid = "t1"\ngame = "limit"\n')
    returncode, lines = start_and_exit(path, config)
    assert returncode == 2 and len(lines) == 1, (returncode, lines)
    assert lines[0].startswith("error: ") and "malformed" in lines[0], lines
    assert "restore it from a backup" in lines[0] and "writable" not in lines[0], lines  # damage's hint, not access's


def test_a_file_damaged_while_serving_refuses_writes_and_serve_exits_3_with_one_line(tmp_path):
    path = tmp_path / "served.sqlite3"
    port = free_port()
    process = serve(path, port, None, "--bots", "2")
    try:
        wait_for_a_hand(process, port)
        other = sqlite3.connect(path, isolation_level=None)
        other.execute("PRAGMA wal_checkpoint(TRUNCATE)")  # every page in the file itself, none left in the WAL
        overwrite(path, 4096, path.stat().st_size - 4096)
        other.execute("PRAGMA user_version = 7")  # another writer: the server reads its pages from the file again
        other.close()
        _, err = process.communicate(timeout=30 * SCALE)
    finally:
        if process.poll() is None:
            process.kill()
    text = err.decode()
    last = text.splitlines()[-1]
    assert process.returncode == 3, text[-2000:]
    assert last.startswith("error: ") and "is damaged" in last, last
    assert "database_down" not in text and "database_back" not in text, text[-2000:]  # damage is no outage


def test_a_file_whose_header_and_wal_are_overwritten_while_serving_stops_serve_with_exit_3(tmp_path):
    """The operator's trial: the main file's header and the -wal overwritten, nothing else touched. SQLite
    serves on from its cache and the WAL index and would never notice; the database watch reads both headers
    from the files every second and stops the server (one line, exit 3) instead of playing on."""
    path = tmp_path / "served.sqlite3"
    port = free_port()
    process = serve(path, port, None, "--bots", "2")
    try:
        wait_for_a_hand(process, port)
        overwrite(path, 0, 100)
        wal = Path(str(path) + "-wal")
        overwrite(wal, 0, 32)
        _, err = process.communicate(timeout=30 * SCALE)
    finally:
        if process.poll() is None:
            process.kill()
    text = err.decode()
    last = text.splitlines()[-1]
    assert process.returncode == 3, text[-2000:]
    assert last.startswith("error: the database watch stopped: ") and "is damaged (its header" in last, last
    assert "database_down" not in text, text[-2000:]


def test_a_ledger_that_does_not_add_up_is_one_error_line_saying_by_how_much_and_the_tables_are_served(tmp_path):
    path = tmp_path / "db.sqlite3"
    played_table(path)
    damage(path, "UPDATE ledger SET amount = amount + 1 WHERE rowid = 1")
    config = tmp_path / "t1.toml"
    config.write_text('[[tables]]\nid = "t1"\ngame = "limit"\n')
    port = free_port()
    process = serve(path, port, config)
    try:
        end = time.monotonic() + 30 * SCALE
        while True:
            assert process.poll() is None, process.stderr.read().decode() if process.stderr else ""
            try:
                if "t1" in lobby(port):
                    break
            except OSError:
                pass
            assert time.monotonic() < end, "the server did not serve t1"
            time.sleep(0.05)
        process.send_signal(signal.SIGINT)
        _, err = process.communicate(timeout=30 * SCALE)
    finally:
        if process.poll() is None:
            process.kill()
    assert process.returncode == 0, err.decode()[-2000:]
    off = [text for text in err.decode().splitlines() if "event=ledger_off" in text]
    assert len(off) == 2 and all(" ERROR " in text and "off=1 " in text for text in off), off  # start and stop


# --- the --db value: PostgreSQL or a SQLite file, by one rule; a password never printed ----------------------

CONNECTION_STRINGS = [
    "postgresql://omaha@127.0.0.1:{port}/nodb?password=secret",
    "postgres://omaha:secret@127.0.0.1:{port}/nodb?sslmode=disable",
    "postgresql://omaha@127.0.0.1:{port}/nodb?sslmode=disable&sslpassword=secret&password=secret",
    "host=127.0.0.1 port={port} dbname=nodb user=omaha password=secret",
    "host=127.0.0.1 port={port} dbname=nodb user=omaha password = 'secret \\' word'",
]


@pytest.mark.parametrize("db", CONNECTION_STRINGS)
def test_serve_takes_a_connection_string_for_postgresql_and_never_prints_its_password(tmp_path, db):
    """Nothing listens on the port: `serve` cannot connect and says so in one line, exit 2, with every password
    (a URL's user:password@, its query's password=, a key=value string's) printed as ***; and a key=value
    string is PostgreSQL's, never a SQLite file named after it (nothing is created in the folder it runs in)."""
    pytest.importorskip(
        "psycopg", reason='could not import psycopg: pip install -e ".[test-server]" to run these tests'
    )
    db = db.format(port=free_port())
    process = subprocess.Popen(
        [sys.executable, "-m", "engine", "serve", "--db", db, "--port", "0"],
        cwd=tmp_path,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    try:
        _, err = process.communicate(timeout=60 * SCALE)
    finally:
        if process.poll() is None:
            process.kill()
    lines = err.decode().splitlines()
    assert process.returncode == 2 and len(lines) == 1, (process.returncode, lines)
    assert lines[0].startswith("error: cannot connect to PostgreSQL at ") and "***" in lines[0], lines
    assert "secret" not in lines[0], lines
    assert list(tmp_path.iterdir()) == [], list(tmp_path.iterdir())


@pytest.mark.parametrize(
    ("db", "says"),
    [
        ("colour=red password=secret", "libpq has no keyword colour"),
        ("mysql://omaha:secret@127.0.0.1/omaha", "a URL must be postgresql:// or postgres://"),
    ],
)
def test_a_db_value_that_is_neither_a_connection_string_nor_a_path_is_refused_not_made_a_file(
    tmp_path, capsys, monkeypatch, db, says
):
    from engine.server.main import main

    monkeypatch.chdir(tmp_path)
    assert main(["--db", db, "--port", "0"]) == 2
    lines = capsys.readouterr().err.splitlines()
    assert len(lines) == 1 and says in lines[0] and "secret" not in lines[0], lines
    assert list(tmp_path.iterdir()) == []


def test_the_db_value_is_told_apart_by_one_rule_and_printed_without_its_passwords():
    from engine.server.store import is_postgres, safe_db

    assert is_postgres("postgresql:///omaha?host=/run/postgresql") and is_postgres(" dbname=omaha")
    assert is_postgres("host=db options='-c search_path=x' dbname=omaha")  # x= inside a quoted value: no keyword
    assert not is_postgres("omaha.sqlite3") and not is_postgres("./colour=red.sqlite3")
    assert not is_postgres("/srv/omaha/password=x.sqlite3")
    assert safe_db("postgresql://ann:se:cr@et@db/omaha?password=x&sslmode=require") == (
        "postgresql://ann:***@db/omaha?password=***&sslmode=require"
    )
    assert safe_db("host=db password=se\\ cret sslpassword='a b' dbname=omaha") == (
        "host=db password=*** sslpassword=*** dbname=omaha"
    )
    assert safe_db("omaha.sqlite3") == "omaha.sqlite3"
