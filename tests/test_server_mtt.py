"""Scheduled multi-table tournaments on the server (docs/server.md, "Scheduled tournaments"): the
``[[tournaments]]`` keys of one (``starts_at``, ``start_every_minutes``, ``min_entrants``, ``late_levels``,
``reentries``) and their one-line errors; one driven through its rooms on injected clocks (registration before
its time, the start at it, late registration seating a player at once, a busted player re-entering, the typed
refusals once registration closes, the log replayed to the same state at every moment); a cancellation when too
few registered, and what a restart does with a one-off and with a repeated one; the messages over real sockets;
and kill -9 of the real server after late registrations and a re-entry, on SQLite and PostgreSQL."""

from __future__ import annotations

import asyncio
import json
import logging
import os
import random
import signal
import socket
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from helpers import new_seed, scaled, seeded_shuffle, wait_until

pytest.importorskip(
    "websockets", reason='could not import websockets: pip install -e ".[test-server]" to run these tests'
)

from test_server_tournament import (
    Clock,
    check_resumed,
    client,
    finished_hand,
    free_port,
    replayed,
    serve,
    stored_sng,
    tournament_lobby,
    write,
)

from engine.actions import Bet, Call, Raise
from engine.errors import EngineError
from engine.server.app import GameServer, Session
from engine.server.config import ConfigError, ServerConfig, TableConfig, load_config
from engine.server.room import Policy, RoomError
from engine.server.sitngo import SitAndGo, TableRoom
from engine.server.store import SQLiteStore, open_store
from engine.server.tourney_config import tournament_config

REPO = Path(__file__).resolve().parent.parent
START = "2030-01-01T20:00:00Z"
START_TIME = datetime(2030, 1, 1, 20, tzinfo=UTC).timestamp()
LEVELS = [{"blinds": "5/10", "hands": 30}, {"blinds": "10/20", "hands": 30}, {"blinds": "25/50"}]
POLICY = Policy(grace_seconds=1e9, away_seconds=1e9, pause_seconds=0)
# Four at one table, three places paid, a rebuy period of one long level: a place given in it waits for its prize.
REBUY_PERIOD = tournament_config(
    {
        "id": "rb",
        "entrants": 4,
        "seats": 4,
        "starting_stack": 100,
        "buy_in": 10,
        "payouts": [50, 30, 20],
        "levels": [{"blinds": "5/10", "minutes": 1000}, {"blinds": "25/50"}],
        "rebuy_levels": 1,
        "rebuy_threshold": 10**6,
    }
)


def scheduled(**keys: Any) -> Any:
    entry = {"id": "mtt", "starts_at": START, "entrants": 12, "seats": 3, "starting_stack": 200, "levels": LEVELS}
    return tournament_config({**entry, **keys})


# --- the configuration ----------------------------------------------------------------------------------------------


def test_a_scheduled_entry_is_read_with_its_start_late_registration_and_reentries(tmp_path):
    config = load_config(
        write(
            tmp_path,
            """
[[tournaments]]
id = "daily"
starts_at = 2030-01-01T20:00:00Z
start_every_minutes = 1440
min_entrants = 3
entrants = 90
seats = 9
late_levels = 2
reentries = 1
[[tournaments]]
id = "sunday"
starts_at = "2030-01-06T18:30:00Z"
""",
        )
    )
    daily, sunday = config.tournaments
    assert daily.starts_at == START and daily.start_time == START_TIME and daily.scheduled
    structure = daily.structure()
    assert (structure.late_levels, structure.reentries, daily.min_entrants) == (2, 1, 3)
    assert sunday.start_time == datetime(2030, 1, 6, 18, 30, tzinfo=UTC).timestamp() and sunday.min_entrants == 2
    # a repeated one starts at the first of its times after the moment it opens
    assert daily.next_start(START_TIME - 5) == START_TIME
    assert daily.next_start(START_TIME) == START_TIME + 86400
    assert daily.next_start(START_TIME + 3 * 86400 + 1) == START_TIME + 4 * 86400
    assert daily.at(START_TIME + 86400).starts_at == "2030-01-02T20:00:00Z"
    assert sunday.next_start(START_TIME + 10**7) == sunday.start_time  # a one-off has one time


@pytest.mark.parametrize(
    ("entry", "said"),
    [
        (
            'starts_at = "tomorrow"',
            'starts_at must be an ISO-8601 time in UTC ("2026-12-02T20:00:00Z"), got "tomorrow"',
        ),
        ('starts_at = "2030-01-01T20:00:00+02:00"', "starts_at must be an ISO-8601 time in UTC"),
        ("starts_at = 2030-01-01T20:00:00", "starts_at must be an ISO-8601 time in UTC"),
        (f'starts_at = "{START}"\nstart_every_minutes = 0', "start_every_minutes must be a number above 0, got 0"),
        (f'starts_at = "{START}"\nmin_entrants = 7', "min_entrants must be a whole number from 2 to 6, got 7"),
        (f'starts_at = "{START}"\nreentries = 1', "reentries=1 needs late registration"),
        (f'starts_at = "{START}"\nlate_levels = 99', "late_levels must be a whole number from 0 to"),
        (
            f'starts_at = "{START}"\npayouts = [50, 30, 20]',
            "payouts must be a table of at most 2 places (min_entrants)",
        ),
        ("late_levels = 1", "late_levels must be left out of a sit-and-go (give starts_at for a scheduled tournament)"),
        ("min_entrants = 3", "min_entrants must be left out of a sit-and-go"),
        ("addon_chips = 100", "addon_chips=100 needs a rebuy period"),
        ("rebuy_levels = 1\nrebuy_chips = 0", "rebuy_chips (chips) must be a whole number >= 1, got 0"),
    ],
)
def test_a_bad_scheduled_entry_is_one_line_naming_it(tmp_path, entry, said):
    with pytest.raises(ConfigError) as error:
        load_config(write(tmp_path, f'[[tournaments]]\nid = "mtt"\n{entry}\n'))
    assert said in str(error.value) and "\n" not in str(error.value)
    assert str(error.value).startswith('[[tournaments]] id = "mtt": ')


# --- through its rooms, on injected clocks --------------------------------------------------------------------------


def all_in(room: TableRoom, rng: random.Random) -> None:
    """The player to act at ``room`` goes all in, or calls one, mostly (so players bust and tables change)."""
    seat = room.actor_seat()
    if seat is None or room.hand is None:
        return
    legal = room.hand.legal_actions()
    if legal.max_to and rng.random() < 0.8:
        action = (Raise if legal.wager == "raise" else Bet)(legal.max_to)
    elif legal.call:
        action = Call()
    else:
        action = legal.default
    room.act(seat, action)


def code(call: Any) -> tuple[str, str]:
    with pytest.raises(RoomError) as refused:
        call()
    return refused.value.code, str(refused.value)


def chips_held(sng: SitAndGo) -> int:
    return sum(room.table.chips_on_table for room in sng.rooms.values())


def test_a_scheduled_tournament_starts_at_its_time_seats_late_entrants_and_re_entries(tmp_path):
    seed = new_seed("the scheduled tournament's play")
    rng = random.Random(seed)
    clock, wall = Clock(), Clock()
    wall.now = START_TIME - 600
    config = scheduled(late_levels=1, reentries=1, min_entrants=3, buy_in=10)
    store = SQLiteStore(str(tmp_path / "t.sqlite3"))
    sng = SitAndGo.open(config, store, clock=clock, wall=wall, policy=POLICY, shuffle=seeded_shuffle(seed))
    assert sng is not None and sng.id == "mtt#1"
    lobby = sng.lobby()
    assert (lobby["state"], lobby["start"], lobby["min_entrants"], lobby["entries"]) == ("registering", START, 3, 0)
    for name in ("ann", "bob", "cy", "dee"):
        sng.register(name)
    sng.unregister("dee")
    sng.tick()
    assert sng.status() == "registering", "it waits for its time, not for a full field"
    wall.now = START_TIME
    sng.tick()
    assert sng.status() == "late registration" and sorted(m.name for m in sng.moves) == ["ann", "bob", "cy"]
    sng.moves.clear()
    name, token = sng.register("dee")  # late: seated at once
    where = sng.seat_of("dee")
    assert (
        token and where is not None and ("dee", where[0].id, where[1]) in [(m.name, m.room, m.seat) for m in sng.moves]
    )
    assert len(sng.rooms) == 2, "three at a table of three: the late entrant opened a second table (balanced)"
    assert sng.lobby()["entries"] == 4 and sng.lobby()["prize_pool"] == 40
    assert chips_held(sng) == 800 == sng.state.started.chips

    reentered = refused_again = None
    checks = 0
    while sng.state.started.registration_open and not sng.state.is_over:
        for room in list(sng.rooms.values()):
            room.tick()
            all_in(room, rng)
        tournament = sng.state.started
        assert chips_held(sng) == tournament.chips == 200 * len(tournament.entries)
        out = [e.name for e in tournament.entries if e.placed and sng.seat_of(e.name) is None]
        for busted in out:
            if busted == reentered and refused_again is None and tournament.registration_open:
                refused_again = code(lambda b=busted: sng.register(b, holder=b))
            elif reentered is None and tournament.registration_open:
                assert (
                    code(lambda b=busted: sng.register(b))[0] == "already_registered"
                )  # not from another's connection
                assert code(lambda b=busted: sng.register("zoe", holder=b))[0] == "already_registered"
                sng.moves.clear()
                assert sng.register(busted.upper(), holder=busted) == (busted, None)
                assert busted in [m.name for m in sng.moves] and sng.seat_of(busted) is not None
                assert [e.number for e in sng.state.started.entries if e.name == busted] == [1, 2]
                reentered = busted
        if rng.random() < 0.3:
            again = replayed(store, sng.id)
            assert again.tournament == sng.state.tournament and again.hands == sng.state.hands
            checks += 1
        clock.now += 1
        sng.tick()
        assert clock.now < 1000 + 5000, "registration never closed"
    assert reentered is not None, "nobody busted while registration was open"
    if refused_again is not None:  # the re-entered player busted again while it was open: none left
        assert (
            refused_again[0] == "no_reentry" and "has used the 1 re-entry this structure allows" in refused_again[1]
        ), refused_again
    assert checks > 0
    if not sng.state.is_over:
        assert sng.status() == "running"
        late = code(lambda: sng.register("flo"))
        assert late[0] == "registration_closed" and "registration closed at the end of level 1" in late[1], late
        busted = next(e.name for e in sng.state.started.entries if e.placed)
        assert code(lambda: sng.register(busted, holder=busted))[0] == "registration_closed"
    while not sng.state.is_over:  # played to its end: a one-off stays over, and says so
        for room in list(sng.rooms.values()):
            room.tick()
            all_in(room, rng)
        clock.now += 1
        sng.tick()
        assert clock.now < 1000 + 20000, "it did not end"
    for _ in range(3):
        clock.now += 1
        sng.tick()
    assert sng.id == "mtt#1" and sng.status() == "over" and not sng.rooms
    assert code(lambda: sng.register("flo")) == ("registration_closed", "tournament mtt#1 is over")
    store.close()
    again = SitAndGo.open(config, SQLiteStore(str(tmp_path / "t.sqlite3")), clock=clock, wall=wall, policy=POLICY)
    assert again is not None and again.id == "mtt#1" and again.state.tournament == sng.state.tournament
    again.store.close()


def test_too_few_at_the_start_time_cancel_it_a_one_off_stays_cancelled_a_repeated_one_opens_the_next(tmp_path):
    clock, wall = Clock(), Clock()
    wall.now = START_TIME - 60
    path = str(tmp_path / "t.sqlite3")
    config = scheduled(min_entrants=3)
    sng = SitAndGo.open(config, SQLiteStore(path), clock=clock, wall=wall, policy=POLICY)
    assert sng is not None
    sng.register("ann")
    sng.register("bob")
    wall.now = START_TIME + 1
    sng.tick()
    assert sng.status() == "cancelled" and sng.cancelled == ["ann", "bob"]
    lobby = sng.lobby()
    assert lobby["state"] == "cancelled" and "it needed 3 entrants at its start" in lobby["reason"]
    assert lobby["cancelled"] == "too_few"
    assert "and 2 had registered" in lobby["reason"]
    refused = code(lambda: sng.register("cy"))
    assert refused[0] == "registration_closed" and "was cancelled" in refused[1]
    for _ in range(3):
        clock.now += 10
        sng.tick()
    assert sng.id == "mtt#1" and sng.status() == "cancelled", "a one-off does not open another"
    assert [kind for _, kind, _ in sng.store.load("mtt#1").events] == ["register", "register", "cancel"]
    sng.store.close()
    kept = SitAndGo.open(config, SQLiteStore(path), clock=clock, wall=wall, policy=POLICY)
    assert kept is not None and kept.id == "mtt#1" and kept.status() == "cancelled"  # after a restart, too
    kept.store.close()
    moved = SitAndGo.open(scheduled(starts_at="2030-01-02T20:00:00Z"), SQLiteStore(path), clock=clock, wall=wall)
    assert moved is not None and moved.id == "mtt#2" and moved.status() == "registering"  # a new time: a new one
    moved.store.close()

    daily = scheduled(id="daily", start_every_minutes=60)
    wall.now = START_TIME - 60
    sng = SitAndGo.open(daily, SQLiteStore(path), clock=clock, wall=wall, policy=POLICY)
    assert sng is not None and sng.running.starts_at == START and sng.running.start_every_minutes is None
    wall.now = START_TIME + 5
    sng.tick()
    assert sng.status() == "cancelled"
    clock.now += 1
    sng.tick()
    clock.now += 1
    sng.tick()
    assert sng.id == "daily#2" and sng.status() == "registering" and sng.lobby()["start"] == "2030-01-01T21:00:00Z"
    assert sng.lobby()["last"] == {"sng": "daily#1", "places": [], "state": "cancelled"}
    sng.register("ann")
    sng.store.close()
    again = SitAndGo.open(daily, SQLiteStore(path), clock=clock, wall=wall, policy=POLICY)  # a restart
    assert again is not None and again.id == "daily#2" and again.state.registered == ("ann",)
    assert again.lobby()["last"] == {"sng": "daily#1", "places": [], "state": "cancelled"}  # as before it
    again.store.close()


def test_a_one_off_whose_start_has_passed_is_refused_and_a_repeated_one_starts_at_its_next_time(tmp_path, caplog):
    """At start-up a scheduled entry whose ``starts_at`` has passed would be cancelled at once, for good: a
    one-off is refused in one line naming the entry and the key; a repeated one opens at its next time to come
    and says so in one log line. A tournament already stored at that time is not refused (it ran, or runs)."""
    clock, wall = Clock(), Clock()
    wall.now = START_TIME + 90 * 60
    path = str(tmp_path / "t.sqlite3")
    store = SQLiteStore(path)
    with pytest.raises(ConfigError) as refused:
        SitAndGo.open(scheduled(), store, clock=clock, wall=wall, policy=POLICY)
    assert str(refused.value) == (
        f'[[tournaments]] id = "mtt": starts_at must be a time to come (it is 2030-01-01T21:30:00Z now), got '
        f'"{START}"; give a later one, or start_every_minutes to repeat it from then'
    )
    assert instance_ids(store) == [], "nothing opened"
    with caplog.at_level(logging.INFO, logger="engine.server"):
        daily = SitAndGo.open(scheduled(start_every_minutes=60), store, clock=clock, wall=wall, policy=POLICY)
    assert daily is not None and daily.running.starts_at == "2030-01-01T22:00:00Z" and daily.status() == "registering"
    said = [r.getMessage() for r in caplog.records if "first_start_passed" in r.getMessage()]
    assert said == [
        f"event=first_start_passed tournament=mtt starts_at={START} now=2030-01-01T21:30:00Z next=2030-01-01T22:00:00Z"
    ]
    store.close()

    wall.now = START_TIME - 60  # a one-off opened in time, then over before a restart after its start: kept
    other = str(tmp_path / "other.sqlite3")
    sng = SitAndGo.open(scheduled(), SQLiteStore(other), clock=clock, wall=wall, policy=POLICY)
    assert sng is not None
    sng.store.close()
    wall.now = START_TIME + 3600
    again = SitAndGo.open(scheduled(), SQLiteStore(other), clock=clock, wall=wall, policy=POLICY)
    assert again is not None and again.id == "mtt#1"
    again.tick()
    assert again.status() == "cancelled"  # its time came while the server was down, with nobody registered
    again.store.close()


def instance_ids(store: SQLiteStore) -> list[str]:
    return [table_id for table_id in store.table_ids() if table_id.startswith("mtt#")]


def test_serve_refuses_a_one_off_tournament_whose_start_has_passed_in_one_line_with_exit_status_2(tmp_path, capsys):
    from engine.server.main import main

    config = write(tmp_path, '[[tournaments]]\nid = "old"\nstarts_at = 2020-01-01T20:00:00Z\n')
    assert main(["--config", str(config), "--db", str(tmp_path / "db.sqlite3"), "--port", "0"]) == 2
    lines = capsys.readouterr().err.splitlines()
    assert len(lines) == 1, lines
    assert lines[0].startswith('error: [[tournaments]] id = "old": starts_at must be a time to come (it is '), lines


@pytest.mark.parametrize("port_taken", [True, False])
def test_a_passed_start_is_refused_before_the_port_is_taken_or_the_database_created(tmp_path, capsys, port_taken):
    """The configuration is refused before anything is opened: with the port in use the line is still the
    starts_at one (not the port's), and no database file is left behind, nor its lock."""
    from engine.server.main import main

    config = write(tmp_path, '[[tables]]\nid = "t1"\n[[tournaments]]\nid = "old"\nstarts_at = 2020-01-01T20:00:00Z\n')
    db = tmp_path / "db.sqlite3"
    with socket.socket() as held:
        held.bind(("127.0.0.1", 0))
        held.listen(1)
        port = held.getsockname()[1] if port_taken else 0
        assert main(["--config", str(config), "--db", str(db), "--host", "127.0.0.1", "--port", str(port)]) == 2
    lines = capsys.readouterr().err.splitlines()
    assert len(lines) == 1 and lines[0].startswith('error: [[tournaments]] id = "old": starts_at must be a time'), lines
    assert sorted(path.name for path in tmp_path.iterdir()) == ["server.toml"], "no database file was made"


def test_with_a_database_a_passed_start_is_refused_before_the_port_unless_its_entry_is_stored(tmp_path, capsys):
    """A database that exists is read for its ids before the port is taken: with no tournament of the entry in
    it the passed start is refused first (the port in use or not), and nothing is added to it (the file's
    table is not created); with one stored, the start is the stored tournament's to decide (`SitAndGo.open`),
    so the port's line comes first."""
    from engine.server.main import main

    config = write(tmp_path, '[[tables]]\nid = "t1"\n[[tournaments]]\nid = "old"\nstarts_at = 2020-01-01T20:00:00Z\n')
    db = str(tmp_path / "db.sqlite3")
    store = SQLiteStore(db)
    store.add_table("other", TableConfig("other").to_json())
    store.close()
    with socket.socket() as held:
        held.bind(("127.0.0.1", 0))
        held.listen(1)
        port = str(held.getsockname()[1])
        assert main(["--config", str(config), "--db", db, "--host", "127.0.0.1", "--port", port]) == 2
        (said,) = capsys.readouterr().err.splitlines()
        assert said.startswith('error: [[tournaments]] id = "old": starts_at must be a time'), said
        store = SQLiteStore(db)
        assert store.table_ids() == ["other"], "nothing was created"
        store.add_table("old#1", json.dumps({"tournament": {"id": "old", "starts_at": "2020-01-01T20:00:00Z"}}))
        store.close()
        assert main(["--config", str(config), "--db", db, "--host", "127.0.0.1", "--port", port]) == 2
        (said,) = capsys.readouterr().err.splitlines()
        assert said.startswith("error: cannot listen on 127.0.0.1:"), said


def settings_lines(caplog: Any) -> list[str]:
    return [r.getMessage() for r in caplog.records if "tournament_settings" in r.getMessage()]


def test_a_changed_entry_is_taken_by_a_tournament_not_yet_started_and_said_when_kept(tmp_path, caplog):
    """As a cash table takes the file's changed settings at a restart, a tournament still registering takes its
    changed entry (a stored ``settings`` event: replay and later restarts have it; one log line of what changed),
    but for an ``entrants`` below those registered, kept and said in one ``tournament_settings_kept`` line; one
    started keeps its own entry and says so in that line. Unchanged, nothing is stored or said."""
    clock, wall = Clock(), Clock()
    wall.now = START_TIME - 3600
    path = str(tmp_path / "t.sqlite3")
    entry = {"id": "sng", "entrants": 4, "seats": 4, "starting_stack": 200, "levels": LEVELS}
    sng = SitAndGo.open(tournament_config(entry), SQLiteStore(path), clock=clock, wall=wall, policy=POLICY)
    assert sng is not None
    for name in ("ann", "bob", "cy"):
        sng.register(name)
    sng.store.close()

    def reopen(**changes: Any) -> SitAndGo:
        caplog.clear()
        with caplog.at_level(logging.INFO, logger="engine.server"):
            again = SitAndGo.open(tournament_config({**entry, **changes}), SQLiteStore(path), clock=clock, wall=wall)
        assert again is not None and again.id == "sng#1"
        again.store.close()
        return again

    again = reopen(title="Turbo", starting_stack=300, buy_in=5)
    assert (again.running.title, again.running.starting_stack, again.running.buy_in) == ("Turbo", 300, 5)
    assert again.lobby()["starting_stack"] == 300 and again.lobby()["prize_pool"] == 15
    assert again.state.structure.starting_stack == 300 and again.state.registered == ("ann", "bob", "cy")
    assert settings_lines(caplog) == [
        'event=tournament_settings tournament="sng#1" title=Turbo starting_stack=300 buy_in=5'
    ]
    assert [kind for _, kind, _ in SQLiteStore(path).load("sng#1").events][-1] == "settings"
    assert replayed(SQLiteStore(path), "sng#1").structure.starting_stack == 300  # the log says it
    again = reopen(title="Turbo", starting_stack=300, buy_in=5)  # the same file again: nothing to take
    assert settings_lines(caplog) == [] and again.running.starting_stack == 300

    again = reopen(title="Turbo", starting_stack=300, buy_in=5, entrants=2, seats=2)
    assert again.running.entrants == 4 and again.running.seats == 2
    assert settings_lines(caplog) == [
        'event=tournament_settings_kept tournament="sng#1" entrants=4 why="3 have registered, more than the '
        "file's entrants allow\"",
        'event=tournament_settings tournament="sng#1" seats=2',
    ]

    sng = reopen(title="Turbo", starting_stack=300, buy_in=5, seats=2)
    sng.store = SQLiteStore(path)
    sng.register("dee")
    sng.tick()
    assert sng.status() == "running" and sng.state.started.chips == 4 * 300  # it started under the taken entry
    sng.store.close()
    again = reopen(title="Turbo", starting_stack=500, buy_in=5, seats=2, levels=LEVELS[1:])
    assert again.running.starting_stack == 300 and again.state.tournament == sng.state.tournament
    (kept,) = settings_lines(caplog)
    assert kept.startswith('event=tournament_settings_kept tournament="sng#1" starting_stack=300 levels="[{'), kept
    assert kept.endswith(' why="it has started: it keeps its settings; the next one opens under the file\'s"'), kept


def test_a_scheduled_tournament_not_yet_started_takes_a_new_start_time_and_refuses_one_that_has_passed(
    tmp_path, caplog
):
    clock, wall = Clock(), Clock()
    wall.now = START_TIME - 3600
    path = str(tmp_path / "t.sqlite3")
    sng = SitAndGo.open(scheduled(), SQLiteStore(path), clock=clock, wall=wall, policy=POLICY)
    assert sng is not None
    sng.register("ann")
    sng.store.close()
    later = "2030-01-02T20:00:00Z"
    again = SitAndGo.open(scheduled(starts_at=later), SQLiteStore(path), clock=clock, wall=wall, policy=POLICY)
    assert again is not None and again.id == "mtt#1" and again.lobby()["start"] == later
    assert again.state.registered == ("ann",)
    wall.now = START_TIME + 60
    again.tick()
    assert again.status() == "registering", "it waits for its new time"
    again.store.close()
    with pytest.raises(ConfigError, match=r'^\[\[tournaments\]\] id = "mtt": starts_at must be a time to come'):
        SitAndGo.open(scheduled(starts_at="2030-01-01T19:00:00Z"), SQLiteStore(path), clock=clock, wall=wall)
    wall.now = START_TIME + 86400 + 1  # its new time, with one registered: cancelled
    again = SitAndGo.open(scheduled(starts_at=later), SQLiteStore(path), clock=clock, wall=wall, policy=POLICY)
    assert again is not None
    again.tick()
    assert again.status() == "cancelled"
    again.store.close()
    caplog.clear()
    with caplog.at_level(logging.INFO, logger="engine.server"):
        kept = SitAndGo.open(scheduled(starts_at=later, title="Big"), SQLiteStore(path), clock=clock, wall=wall)
    assert kept is not None and kept.status() == "cancelled" and kept.running.title == ""
    assert settings_lines(caplog) == [
        'event=tournament_settings_kept tournament="mtt#1" title="" why="it is cancelled: it keeps its settings; '
        'a new starts_at lists a new one"'
    ]
    kept.store.close()


def test_every_tournament_lobby_entry_has_the_same_keys_and_its_times_as_floats(tmp_path):
    """A sit-and-go's lobby entry and a scheduled tournament's have the same keys (``entries`` in both), and the
    entry's times are numbers with a fraction whether the file wrote 15 or 15.0, as a table's are."""
    clock, wall = Clock(), Clock()
    wall.now = START_TIME - 60
    config = load_config(
        write(
            tmp_path,
            f"""
[[tournaments]]
id = "sng"
action_seconds = 15
bots_after_seconds = 30
[[tournaments]]
id = "mtt"
starts_at = "{START}"
start_every_minutes = 60
action_seconds = 12
time_bank_seconds = 20
""",
        )
    )
    store = SQLiteStore(str(tmp_path / "t.sqlite3"))
    lobbies = {}
    for entry in config.tournaments:
        sng = SitAndGo.open(entry, store, clock=clock, wall=wall, policy=POLICY)
        assert sng is not None
        sng.register("ann")
        lobbies[entry.id] = json.loads(json.dumps(sng.lobby()))
        assert entry.table_config("t").action_seconds == entry.action_seconds
    assert set(lobbies["sng"]) == set(lobbies["mtt"])
    assert lobbies["sng"]["entries"] == lobbies["mtt"]["entries"] == 1
    # what the places pay: the sit-and-go's standard table for its field, the scheduled one's for its field so far
    assert (lobbies["sng"]["payouts"], lobbies["sng"]["payouts_field"]) == ([65.0, 35.0], None)
    assert (lobbies["mtt"]["payouts"], lobbies["mtt"]["payouts_field"]) == ([100.0], 2)
    mtt = SitAndGo.open(config.tournaments[1], store, clock=clock, wall=wall, policy=POLICY)
    for name in ("bob", "cy", "dee", "eve", "fay"):
        mtt.register(name)  # type: ignore[union-attr]
    assert (mtt.lobby()["payouts"], mtt.lobby()["payouts_field"]) == ([65.0, 35.0], 6)  # type: ignore[union-attr]
    assert lobbies["sng"]["action_seconds"] == 15.0 and type(lobbies["sng"]["action_seconds"]) is float
    assert type(lobbies["sng"]["bots_after_seconds"]) is float and lobbies["sng"]["start_every_minutes"] is None
    assert type(lobbies["mtt"]["action_seconds"]) is float and type(lobbies["mtt"]["start_every_minutes"]) is float
    store.close()


def test_the_tournament_status_is_a_field_of_the_view_message_as_the_docs_say(tmp_path):
    clock = Clock()
    config = tournament_config({"id": "sng", "entrants": 2, "seats": 2, "levels": LEVELS})
    sng = SitAndGo.open(config, SQLiteStore(str(tmp_path / "t.sqlite3")), clock=clock, policy=POLICY)
    assert sng is not None
    sng.register("ann")
    sng.register("bob")
    sng.tick()
    room = sng.rooms[0]
    seat = sng.seat_of("ann")[1]  # type: ignore[index]
    message = json.loads(room.view_message(seat))
    assert message["tournament"] == sng.table_status() and "tournament" not in message["view"]
    page = (REPO / "docs" / "server.md").read_text(encoding="utf-8")
    assert "every `view` message carries `tournament` beside `table`, `clock` and `view`" in page
    sng.store.close()


def test_the_log_says_the_last_hand_and_its_bust_before_the_end_of_the_tournament(tmp_path, caplog):
    seed = new_seed("the log's order")
    rng = random.Random(seed)
    clock = Clock()
    config = tournament_config({"id": "sng", "entrants": 2, "seats": 2, "starting_stack": 100, "levels": LEVELS})
    sng = SitAndGo.open(
        config, SQLiteStore(str(tmp_path / "t.sqlite3")), clock=clock, policy=POLICY, shuffle=seeded_shuffle(seed)
    )
    assert sng is not None
    sng.register("ann")
    sng.register("bob")
    with caplog.at_level(logging.INFO, logger="engine.server"):
        sng.tick()
        room = sng.rooms[0]
        room.connected.update(seat for seat, _ in room.table.players)
        while not sng.state.is_over:
            room.tick()
            all_in(room, rng)
            clock.now += 1
            assert clock.now < 1000 + 5000, "it did not end"
    said = [r.getMessage().split()[0] for r in caplog.records if r.getMessage().startswith("event=")]
    assert said[-4:] == ["event=hand", "event=bust", "event=leave", "event=tournament_over"], said[-6:]
    sng.store.close()


# --- over real sockets ----------------------------------------------------------------------------------------------


def test_the_messages_over_the_wire_start_late_registration_re_entry_and_cancellation(db):
    """Two entries on one server whose time of day is the test's: ``mtt`` starts at its time with ann and bob,
    cy registers late and is seated at once, a player who busts while registration is open registers again on
    the same connection and is seated again (a re-entry); ``small`` has one registrant at its time and is
    cancelled, its registrant told why. Everyone plays all in until out or the winner."""
    wall = Clock()
    wall.now = START_TIME - 60
    mtt = scheduled(seats=2, entrants=6, starting_stack=100, late_levels=1, reentries=1)
    small = scheduled(id="small", min_entrants=3)
    config = ServerConfig(db=db, pause_seconds=0.0, tables=(), tournaments=(mtt, small))
    store = open_store(db)
    shuffle = seeded_shuffle(new_seed("the server's decks"))
    outcome: dict[str, list[dict[str, Any]]] = {}
    reentries: list[str] = []

    async def play(me: Any, name: str) -> None:
        table = seat = None
        async with asyncio.timeout(scaled(90)):
            while True:
                data = json.loads(await me.ws.recv())
                if data["type"] == "welcome":
                    table, seat = data["table"], data["seat"]
                    assert data["tournament"] == "mtt" and data["sng"] == "mtt#1"
                elif data["type"] in ("left", "placed"):
                    told = outcome.setdefault(name, [])
                    told.append(data)
                    if data["type"] == "left" and data.get("reason") == "won":
                        return
                    if data["type"] == "left" and data["place"] is None:
                        continue  # out in a hand-for-hand round: the place comes with "placed"
                    if data["type"] == "placed":
                        assert data["why"] in ("round_over", "pool_fixed"), data
                    if data["type"] == "placed" and told[-2]["place"] is not None:
                        assert data["why"] == "pool_fixed", data  # a place was given: only its prize was waiting
                        continue  # the prize of a place given before the pool was fixed: no new bust
                    if not reentries and server.tournaments["mtt"].state.started.registration_open:
                        reentries.append(name)
                        await me.send(type="register", tournament="mtt", name=name)
                        again = await me.until("registered")
                        assert again["reentry"] is True and "token" not in again, again
                        continue
                    return
                elif data["type"] == "view" and data["table"] == table and data["clock"]["actor"] == seat:
                    legal = data["view"]["hand"]["legal"]
                    if legal["max_to"]:
                        action = {"action": legal["wager"], "to": legal["max_to"]}
                    else:
                        action = {"action": "call" if legal["call"] else "check" if legal["check"] else "fold"}
                    await me.send(type="act", action=action)

    async def main() -> None:
        nonlocal server
        server = GameServer(config, store, tick_seconds=0.02, shuffle=shuffle, wall=wall)
        port = await server.start(port=0)
        try:
            players = {name: await client(port) for name in ("ann", "bob", "cy", "dee")}
            for name in ("ann", "bob"):
                await players[name].send(type="register", tournament="mtt", name=name)
                assert (await players[name].until("registered"))["token"]
            await players["dee"].send(type="register", tournament="small", name="dee")
            await players["dee"].until("registered")
            status, body = await asyncio.to_thread(http_lobby, port)
            assert status == 200
            listed = {t["id"]: t for t in body["tournaments"]}
            assert listed["mtt"]["state"] == "registering" and listed["mtt"]["start"] == START
            assert listed["mtt"]["registered"] == ["ann", "bob"] and listed["small"]["min_entrants"] == 3
            wall.now = START_TIME  # its time: mtt starts with two, small is cancelled with one
            cancelled = await players["dee"].until("cancelled")
            assert cancelled["tournament"] == "small" and "it needed 3 entrants" in cancelled["reason"]
            games = [asyncio.create_task(play(players[name], name)) for name in ("ann", "bob")]
            await wait_until(lambda: server.tournaments["mtt"].status() == "late registration", "the start")
            await players["cy"].send(type="register", tournament="mtt", name="cy")
            assert (await players["cy"].until("registered"))["token"]
            games.append(asyncio.create_task(play(players["cy"], "cy")))
            await players["dee"].send(type="register", tournament="small", name="dee")
            refused = await players["dee"].until("error")
            assert refused["code"] == "registration_closed" and "was cancelled" in refused["message"]
            await asyncio.gather(*games)
        finally:
            await server.stop()

    server: Any = None
    try:
        asyncio.run(asyncio.wait_for(main(), scaled(150)))
    finally:
        store.close()
    assert sorted(outcome) == ["ann", "bob", "cy"], outcome
    assert reentries, "nobody busted while registration was open"
    final = [o[-1] for o in outcome.values()]
    assert [o.get("reason") for o in final].count("won") == 1
    assert len(outcome[reentries[0]]) >= 2, "the re-entered player played on after the re-entry"


def http_lobby(port: int) -> tuple[int, dict[str, Any]]:
    import urllib.request

    with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/tables", timeout=5) as response:
        return response.status, json.loads(response.read())


# --- kill -9 after late registrations and a re-entry ----------------------------------------------------------------

CRASH_CONFIG = """
[server]
pause_seconds = 0.0
grace_seconds = 1
[[tournaments]]
id = "mtt"
game = "no-limit"
starts_at = "{starts_at}"
min_entrants = 5
entrants = 12
seats = 3
starting_stack = 500
late_levels = 1
reentries = 1
rebuy_levels = 1
max_rebuys = 1
bots_after_seconds = 0
bot_think_seconds = 0.05
action_seconds = 5
[[tournaments.levels]]
blinds = "5/10"
hands = 60
[[tournaments.levels]]
blinds = "25/50"
hands = 20
[[tournaments.levels]]
blinds = "100/200"
"""


async def person(
    port: int, name: str, *, pushes: bool, reentered: list[str], registered: Any, rebuys: Any = None
) -> None:
    """A person at the server: registers (``registered`` set once answered: before the start, or late and
    seated at once), then goes all in every hand (``pushes``) or calls; the first of them to bust while
    registration is open registers again on the same connection (a re-entry, named in ``reentered``); once it
    is made, every person goes away (absent, blinded off), leaving the server's bots to play. One who
    ``rebuys`` (an event it sets then) asks for a rebuy when seated and after every hand, and stays until one is
    made (its table's views count each entrant's rebuys) or the rebuy period is over."""
    from websockets.exceptions import ConnectionClosed

    me = await client(port)
    await me.send(type="register", tournament="mtt", name=name)
    assert (await me.until("registered"))["token"]
    registered.set()
    table = seat = None
    rebought = rebuys is None
    try:
        while True:
            data = json.loads(await me.ws.recv())
            if data["type"] == "view" and data.get("tournament") and not rebought:
                offer = data["tournament"]["rebuy"]
                rebought = offer is None or offer["made"].get(name, 0) > 0
                if rebought:
                    rebuys.set()
            if reentered and reentered[-1] != "asking" and rebought:
                return
            if not rebought and (data["type"] == "welcome" or (data["type"] == "hand" and data["table"] == table)):
                await me.send(type="rebuy")  # refused while dealt in or above the threshold: asked again later
            if data["type"] == "welcome":
                table, seat = data["table"], data["seat"]
            elif data["type"] in ("left", "placed") and data.get("place") is not None:
                if data.get("reason") == "won" or reentered:
                    return  # out (after the re-entry, or with none to make): no rebuy either
                reentered.append("asking")
                await me.send(type="register", tournament="mtt", name=name)
                answer = await me.until("registered")
                assert answer.get("reentry") is True, answer
                reentered[-1] = name
                return
            elif data["type"] == "view" and data["table"] == table and data["clock"]["actor"] == seat:
                legal = data["view"]["hand"]["legal"]
                if legal["max_to"] and pushes:
                    action = {"action": legal["wager"], "to": legal["max_to"]}
                else:
                    action = {"action": "call" if legal["call"] else "check" if legal["check"] else "fold"}
                await me.send(type="act", action=action)
    except ConnectionClosed:
        return
    finally:
        await me.ws.close()


def check_stored(db: str) -> Any:
    """The tournament as its log replays: every chip of every entry on a table, every entry seated or placed."""
    state = stored_sng(db, "mtt#1")
    tournament = state.tournament
    assert tournament is not None
    seated = {p.name: p.stack for n in tournament.live_tables for _, p in tournament.table(n).players}
    brought = sum(tournament.structure.entry_chips(e.rebuys, e.addons) for e in tournament.entries)
    assert sum(seated.values()) == tournament.chips == brought, "a chip lost or made (entries' stacks and rebuys)"
    pending = {tournament.entries[p.entry].name for p in tournament.pending}
    for entry in tournament.entries:
        assert entry.placed or entry.name in seated or entry.name in pending, f"{entry.name} lost"
    return state


def test_kill_minus_nine_after_late_registrations_and_a_re_entry_loses_nobody(db, tmp_path):
    """ann registers before the start (the bots register with her, up to min_entrants); bob and cy register
    after it, seated at once; ann and bob go all in every hand, so one of them busts (before the tournament can
    end) and enters again; cy rebuys once (the chips counted are every entry's and the rebuy's). The server is
    killed (SIGKILL) at random moments after that, restarted on the same database each time, and the stored
    tournament must have every entry's chips on a table and every entry seated or placed; the restarted lobby
    the same tables, entries and level, or later ones; it then plays on to its end."""
    import threading

    log, config = tmp_path / "server.log", tmp_path / "server.toml"
    starts = time.time() + scaled(12)  # time to boot under load, then the bots attached (within 2 s) before it starts
    starts_at = datetime.fromtimestamp(starts, UTC).replace(microsecond=0).isoformat().replace("+00:00", "Z")
    config.write_text(CRASH_CONFIG.format(starts_at=starts_at))
    seed = int(os.environ.get("OMAHA_CRASH_SEED", random.randrange(2**32)))
    print(f"kill times seeded with OMAHA_CRASH_SEED={seed}")
    rng = random.Random(seed)
    port = free_port()
    process = serve(db, port, config, log)
    interrupted: list[tuple[int, tuple[Any, ...]]] = []
    reentered: list[str] = []

    def person_in_thread(name: str, pushes: bool, rebuys: Any = None) -> None:
        registered = threading.Event()
        play = person(port, name, pushes=pushes, reentered=reentered, registered=registered, rebuys=rebuys)
        threading.Thread(target=asyncio.run, args=(play,), daemon=True).start()
        assert registered.wait(scaled(20)), f"{name} was not registered"

    try:
        tournament_lobby(port, process, lambda t: t["state"] == "registering")
        person_in_thread("ann", True)
        tournament_lobby(port, process, lambda t: t["state"] == "late registration", 30)
        person_in_thread("bob", True)
        rebought = threading.Event()
        person_in_thread("cy", False, rebuys=rebought)
        tournament_lobby(port, process, lambda t: bool(reentered) and reentered[-1] != "asking", 60)
        assert rebought.wait(scaled(30)), "cy's rebuy was not answered"
        entries = tournament_lobby(port, process, lambda t: t["entries"] == 8)["entries"]  # 4 bots, 3 people, 1 again
        for kill in range(3):
            time.sleep(rng.uniform(0.5, 2.5) if kill == 0 else rng.uniform(2.5, 4.0))  # the bots play meanwhile
            process.send_signal(signal.SIGKILL)
            process.wait(10)
            state = check_stored(db)
            tournament = state.tournament
            assert len(tournament.entries) == entries
            interrupted.extend(
                (state.numbers[n], hand.actions) for n, hand in enumerate(state.hands) if hand is not None
            )
            port = free_port()
            process = serve(db, port, config, log)
            if tournament.is_over:
                break
            again = tournament_lobby(port, process, lambda t: t["state"] != "registering")
            assert again["sng"] == "mtt#1" and again["entries"] == entries
            if again["state"] != "over":
                check_resumed(again, tournament, db, "mtt#1")
                assert set(again["tables"]) <= {f"mtt#1.{n + 1}" for n in tournament.live_tables}, "no table made"
        tournament_lobby(port, process, lambda t: t["state"] == "over", 120)  # played on to its end
        process.send_signal(signal.SIGINT)
        assert process.wait(15) == 0, log.read_text()[-2000:]
    finally:
        if process.poll() is None:
            process.kill()
    over = check_stored(db).tournament
    assert over.is_over and sum(e.prize for e in over.entries) == over.pool
    assert [e.number for e in over.entries if e.name == reentered[0]] == [1, 2]
    assert sum(e.rebuys for e in over.entries if e.name == "cy") == 1, "cy's rebuy was never made"  # either entry
    assert interrupted, "no kill landed in a hand (the bots play non-stop, so this should not happen)"
    for number, actions in interrupted:
        hand = finished_hand(db, "mtt#1", number)
        assert hand is not None, f"hand {number} never finished"
        assert hand.actions[: len(actions)] == actions  # continued exactly where the log left it
    assert "Traceback" not in log.read_text()


# --- rebuys and the add-on ------------------------------------------------------------------------------------------


def test_rebuys_and_the_add_on_are_stored_events_between_hands_with_the_engine_s_refusals(tmp_path):
    seed = new_seed("the rebuy tournament's decks")
    clock = Clock()
    config = tournament_config(
        {
            "id": "rebuy",
            "entrants": 2,
            "seats": 2,
            "starting_stack": 200,
            "buy_in": 10,
            "levels": [{"blinds": "5/10", "hands": 2}, {"blinds": "10/20", "hands": 2}, {"blinds": "25/50"}],
            "rebuy_levels": 1,
            "max_rebuys": 1,
            "addon_chips": 300,
            "addon_cost": 5,
        }
    )
    store = SQLiteStore(str(tmp_path / "t.sqlite3"))
    policy = Policy(grace_seconds=1e9, away_seconds=1e9, pause_seconds=5)  # a pause between hands to buy in
    sng = SitAndGo.open(config, store, clock=clock, policy=policy, shuffle=seeded_shuffle(seed))
    assert sng is not None
    sng.register("ann")
    sng.register("bob")
    sng.tick()
    room = sng.rooms[0]
    ann, bob = (sng.seat_of(name)[1] for name in ("ann", "bob"))  # type: ignore[index]
    status = sng.table_status()
    assert status is not None and status["rebuy"] == {
        "chips": 200,
        "cost": 10,
        "threshold": 200,
        "most": 1,
        "made": {"ann": 0, "bob": 0},
    }
    assert status["addon"] is None
    room.buy(ann, "rebuy")  # before the first deal: at the starting stack, within the threshold
    tournament = sng.state.started
    assert room.table.seats[ann].stack == 400 and tournament.chips == 600 and tournament.pool == 30  # type: ignore[union-attr]
    refused = code(lambda: room.buy(ann, "rebuy"))
    assert refused[0] == "refused" and "has made the 1 rebuys allowed per entry" in refused[1], refused
    refused = code(lambda: room.buy(bob, "addon"))
    assert "may not take the add-on now" in refused[1], refused
    room.tick()  # the first hand is dealt
    assert room.hand is not None
    refused = code(lambda: room.buy(bob, "rebuy"))
    assert "is in the hand in play" in refused[1], refused
    while sng.state.started.level == 0 or room.hand is not None:
        seat = room.actor_seat()
        if seat is not None and room.hand is not None:
            room.act(seat, room.hand.legal_actions().default)
        else:
            clock.now += 1
            room.tick()
    status = sng.table_status()
    assert status is not None and status["rebuy"] is None
    assert status["addon"] == {"chips": 300, "cost": 5, "names": ["ann", "bob"]}
    before = room.table.seats[bob].stack  # type: ignore[union-attr]
    room.buy(bob, "addon")
    assert room.table.seats[bob].stack == before + 300  # type: ignore[union-attr]
    assert sng.table_status()["addon"]["names"] == ["ann"]  # type: ignore[index]
    refused = code(lambda: room.buy(bob, "rebuy"))
    assert "the rebuy period ended with level 1" in refused[1], refused
    tournament = sng.state.started
    assert tournament.chips == 900 == sum(p.stack for _, p in room.table.players) and tournament.pool == 35
    assert [kind for _, kind, _ in store.load(sng.id).events] == ["addon"]  # after the last hand's snapshot
    again = replayed(store, sng.id)
    assert again.tournament == sng.state.tournament  # stored: a restart has them
    assert {e.name: (e.rebuys, e.addons) for e in again.tournament.entries} == {"ann": (1, 0), "bob": (0, 1)}
    store.close()


def test_a_tournament_event_the_database_refuses_changes_nothing_and_every_table_is_told_when_it_is_back(tmp_path):
    """The one rule for a refused write (`store_record`), at a tournament: ``store_unavailable``, the state and
    the log as they were, every table's room marked to retell its clients."""
    from engine.server.store import StoreError

    class Flaky(SQLiteStore):
        down = False

        def append(self, table_id: str, record: Any) -> None:
            if self.down:
                raise StoreError("the database is down")
            super().append(table_id, record)

    clock, wall = Clock(), Clock()
    wall.now = START_TIME
    store = Flaky(str(tmp_path / "t.sqlite3"))
    sng = SitAndGo.open(scheduled(late_levels=1), store, clock=clock, wall=wall, policy=POLICY)
    assert sng is not None
    sng.register("ann")
    sng.register("bob")
    sng.tick()
    before, seq = sng.state, sng.seq
    store.down = True
    refused = code(lambda: sng.register("cy"))
    assert refused[0] == "store_unavailable" and "nothing changed" in refused[1]
    assert sng.state == before and sng.seq == seq and registered_names(sng) == ["ann", "bob"]
    assert sng.rooms and all(room.refused_write for room in sng.rooms.values())
    assert sng.outage.refused_writes == 1
    store.down = False
    sng.register("cy")
    assert sng.seat_of("cy") is not None and sng.outage.refused_writes == 0
    store.close()


def registered_names(sng: SitAndGo) -> list[str]:
    return list(sng.state.registered)


def test_rebuy_and_addon_messages_over_the_wire(db):
    """Two entrants heads-up at a sit-and-go with a rebuy period; each folds when bet into, so the first hand
    leaves the small blind on 195 and the big blind on 205 (the next deal waits 30 s). Each sends ``rebuy``: the
    short one's view shows 395 chips, the other is refused with the engine's reason, and a second rebuy is over
    the one allowed. ``addon`` before the period ends, and ``rebuy`` at a cash table, are refused too."""
    from engine.server.config import TableConfig

    sng_config = tournament_config(
        {
            "id": "rb",
            "entrants": 2,
            "seats": 2,
            "starting_stack": 200,
            "levels": [{"blinds": "5/10", "hands": 3}, {"blinds": "10/20"}],
            "rebuy_levels": 1,
            "max_rebuys": 1,
            "addon_chips": 100,
        }
    )
    cash = TableConfig("cash", blinds=(1, 2), min_buy_in=40, max_buy_in=200)
    config = ServerConfig(db=db, pause_seconds=30.0, tables=(cash,), tournaments=(sng_config,))
    store = open_store(db)
    answers: dict[str, list[dict[str, Any]]] = {}

    async def play(port: int, name: str) -> None:
        me = await client(port)
        await me.send(type="register", tournament="rb", name=name)
        await me.until("registered")
        seat = (await me.until("welcome"))["seat"]
        async with asyncio.timeout(scaled(30)):
            while True:
                data = json.loads(await me.ws.recv())
                if data["type"] == "hand":
                    break
                if data["type"] == "view" and data["clock"]["actor"] == seat and data["view"]["hand"]:
                    legal = data["view"]["hand"]["legal"]
                    await me.send(type="act", action={"action": "fold" if legal["call"] else "check"})
        mine = answers.setdefault(name, [])
        for kind in ("addon", "rebuy", "rebuy"):
            await me.send(type=kind)
            async with asyncio.timeout(scaled(10)):
                while True:  # the answer: a refusal, or a view with our stack grown (views of the hand's end pass)
                    data = json.loads(await me.ws.recv())
                    if data["type"] == "error" or (data["type"] == "view" and stack_of(data, name) > 300):
                        mine.append(data)
                        break
        await me.ws.close()

    async def main() -> None:
        server = GameServer(config, store, tick_seconds=0.02)
        port = await server.start(port=0)
        try:
            await asyncio.gather(play(port, "ann"), play(port, "bob"))
            other = await client(port)
            await other.send(type="join", table="cash", name="cy", buy_in=100)
            await other.until("welcome")
            await other.send(type="rebuy")
            refused = await other.until("error")
            assert refused["code"] == "not_allowed" and "top_up" in refused["message"], refused
        finally:
            await server.stop()

    try:
        asyncio.run(asyncio.wait_for(main(), scaled(60)))
    finally:
        store.close()
    for name, (addon, first, second) in answers.items():
        assert addon["type"] == "error" and "may not take the add-on now" in addon["message"], addon
        if first["type"] == "view":  # the short stack: 195 chips, and 200 more
            assert stack_of(first, name) == 395, first
            assert second["type"] == "error" and "has made the 1 rebuys allowed per entry" in second["message"]
        else:
            assert first["code"] == "refused" and "has 205 chips; a rebuy is at 200 chips or fewer" in first["message"]
            assert second["code"] == "refused"
    assert sorted(a[1]["type"] for a in answers.values()) == ["error", "view"], answers


def stack_of(view: dict[str, Any], name: str) -> int:
    return int(next(p["stack"] for p in view["view"]["seats"] if p and p["name"] == name))


# --- places given before the prize pool is fixed (issue 26) ---------------------------------------------------------


class Heard:
    """An entrant's connection as the server's `GameServer._follow` uses it, keeping what it is sent."""

    def __init__(self, sng: SitAndGo, name: str) -> None:
        self.sender, self.closing, self.room, self.seat, self.entrant = self, False, None, None, (sng, name)
        self.said: list[dict[str, Any]] = []

    def send(self, text: Any) -> None:
        if isinstance(text, str):  # views are built lazily: not needed here
            self.said.append(json.loads(text))

    def told(self, kind: str) -> list[dict[str, Any]]:
        return [data for data in self.said if data["type"] == kind]


def test_a_place_paid_before_the_prize_pool_is_fixed_is_told_its_prize_from_the_final_pool(tmp_path):
    """Four at one table, a rebuy period of one level, three places paid: ann and bob go all in at each other
    (then the next one left, cy) until two are out, dee folding, so the third place is given while the pool may
    still grow. Their ``left`` says the place and a prize of null (not known yet), as do the lobby and the
    table's view; dee rebuys (the pool grows from 40 to 50) and the level ends: the pool is fixed, and each of
    the two is sent one ``placed`` with the prize of their place from the final pool, as the lobby and the view
    then say. Played out, the last two are told by their ``left`` alone (``placed`` only follows a ``left``
    that could not say the final place and prize), and the prizes told add up to the pool."""
    seed = new_seed("busts before the pool is fixed")
    clock = Clock()
    entry = REBUY_PERIOD
    db = str(tmp_path / "t.sqlite3")
    config = ServerConfig(
        db=db, tables=(), tournaments=(entry,), grace_seconds=1e9, away_seconds=1e9, pause_seconds=5.0
    )  # the pause: the next deal waits for the test's clock
    store = SQLiteStore(db)
    server = GameServer(config, store, clock=clock, shuffle=seeded_shuffle(seed))
    sng = server.tournaments["rb"]
    order = ["ann", "bob", "cy", "dee"]
    heard = {name: Heard(sng, name) for name in order}
    for name in order:
        sng.register(name)
        server.entrants[(sng.id, name)] = heard[name]  # type: ignore[assignment]
    sng.tick()
    server._follow(sng)
    room = sng.rooms[0]
    assert all(h.told("welcome") for h in heard.values())

    def out() -> list[str]:
        placed = sorted((e for e in sng.state.started.entries if e.placed), key=lambda e: -(e.first or 0))
        return [e.name for e in placed]

    def play_one_action(fighters: list[str]) -> None:
        seat = room.actor_seat()
        if seat is None or room.hand is None:
            clock.now += 10  # the pause between hands: the next deal
            room.tick()
        else:
            legal = room.hand.legal_actions()
            actor = room.table.seats[seat].name  # type: ignore[union-attr]
            if actor in fighters and legal.max_to:
                room.act(seat, (Raise if legal.wager == "raise" else Bet)(legal.max_to))
            elif actor in fighters and legal.call:
                room.act(seat, Call())
            else:
                room.act(seat, legal.default)
        server.flush(room)

    while len(out()) < 2:  # one bust a hand at most: only two play, the others fold
        play_one_action([name for name in order if name not in out()][:2])
        assert clock.now < 1000 + 60 * 900, "nobody busted in 900 minutes"
    assert room.hand is None and not sng.state.started.pool_fixed
    fourth, third = out()
    for name, place in ((fourth, 4), (third, 3)):
        (left,) = heard[name].told("left")
        assert (left["reason"], left["place"], left["prize"]) == ("busted", place, None), left
        assert heard[name].told("placed") == []
    assert {p["name"]: p["prize"] for p in sng.lobby()["places"]} == {fourth: None, third: None}
    assert {b["name"]: b["prize"] for b in sng.table_status()["busts"]} == {fourth: None, third: None}  # type: ignore[index]

    room.buy(sng.seat_of("dee")[1], "rebuy")  # type: ignore[index]
    assert sng.state.started.pool == 50
    clock.now += 60 * 1000  # the rebuy period's level ends: no more money can come in
    sng.tick()
    server._follow(sng)
    tournament = sng.state.started
    assert tournament.pool_fixed and tournament.prizes == (25, 15, 10)
    for name, place, prize in ((fourth, 4, 0), (third, 3, 10)):
        (placed,) = heard[name].told("placed")
        assert placed == {
            "version": 1,
            "type": "placed",
            "tournament": "rb",
            "sng": "rb#1",
            "name": name,
            "entry": 1,
            "place": place,
            "places": [place, place],
            "prize": prize,
            "why": "pool_fixed",
            "standing": sng.table_status(),  # the tournament now: the line over a finished felt
        }
    assert {p["name"]: p["prize"] for p in sng.lobby()["places"]} == {fourth: 0, third: 10}
    assert {b["name"]: b["prize"] for b in sng.table_status()["busts"]} == {fourth: 0, third: 10}  # type: ignore[index]

    while not sng.state.is_over:
        play_one_action([name for name in order if name not in out()])
        assert clock.now < 1000 + 60 * 5000, "it did not end"
    final = {}
    for name in order:
        (left,) = heard[name].told("left")
        told = heard[name].told("placed")
        assert len(told) == (1 if name in (fourth, third) else 0), (name, told)
        final[name] = (told or [left])[-1]["prize"]
    assert final == {e.name: e.prize for e in sng.state.started.entries}
    assert sum(final.values()) == sng.state.started.pool == 50
    store.close()


# --- a tournament whose entry has left the file (issue 26) ----------------------------------------------------------


def without_config_lines(caplog: Any) -> list[str]:
    return [r.getMessage() for r in caplog.records if "tournament_without_config" in r.getMessage()]


def test_a_running_tournament_whose_entry_left_the_file_plays_to_its_end_and_none_opens_after_it(tmp_path, caplog):
    """A sit-and-go under way at a restart whose ``[[tournaments]]`` entry is gone from the file resumes from its
    log under its stored settings (one ``tournament_without_config`` line says so), is listed and played to its
    end, and no next one opens (there is no entry to open it from); at the restart after that it is over and
    nothing of it is served (no table is made of its log)."""
    seed = new_seed("a tournament without its entry")
    rng = random.Random(seed)
    clock = Clock()
    db = str(tmp_path / "t.sqlite3")
    entry = tournament_config({"id": "sng", "entrants": 4, "seats": 2, "starting_stack": 200, "levels": LEVELS})
    policy = dict(grace_seconds=1e9, away_seconds=1e9, pause_seconds=0.0)
    server = GameServer(ServerConfig(db=db, tournaments=(entry,), **policy), SQLiteStore(db), clock=clock)
    sng = server.tournaments["sng"]
    for name in ("ann", "bob", "cy", "dee"):
        sng.register(name)
    sng.tick()
    for _ in range(6):
        for room in list(sng.rooms.values()):
            room.tick()
            all_in(room, rng)
    assert sng.status() == "running"
    dealt = sng.state.dealt
    server.store.close()

    with caplog.at_level(logging.INFO, logger="engine.server"):
        server = GameServer(ServerConfig(db=db, **policy), SQLiteStore(db), clock=clock, shuffle=seeded_shuffle(seed))
    (said,) = without_config_lines(caplog)
    assert said.startswith('event=tournament_without_config name=sng tournament="sng#1" state=running'), said
    assert "plays to its end under its stored settings; no next one opens" in said
    sng = server.tournaments["sng"]
    assert sng.id == "sng#1" and sng.state.dealt == dealt and sng.running == entry
    assert {room.id for room in sng.rooms.values()} <= set(server.rooms)
    assert [sng.lobby()["state"] for sng in server.tournaments.values()] == ["running"]
    while not sng.state.is_over:
        for room in list(sng.rooms.values()):
            room.tick()
            all_in(room, rng)
        server._follow(sng)
        clock.now += 1
        server._tick()
        assert clock.now < 1000 + 20000, "it did not end"
    for _ in range(3):
        clock.now += 10
        server._tick()
    assert sng.id == "sng#1" and sng.status() == "over" and not sng.rooms
    assert "sng#2" not in server.store.table_ids()
    assert not any(room_id.startswith("sng#") for room_id in server.rooms)
    server.store.close()

    caplog.clear()
    with caplog.at_level(logging.INFO, logger="engine.server"):
        server = GameServer(ServerConfig(db=db, **policy), SQLiteStore(db), clock=clock)
    assert without_config_lines(caplog) == [] and server.tournaments == {}
    assert not any(room_id.startswith("sng#") for room_id in server.rooms)
    server.store.close()


def test_a_registering_tournament_whose_entry_left_the_file_is_cancelled_and_its_registrants_told(tmp_path, caplog):
    """A scheduled tournament still registering at a restart whose entry is gone from the file is cancelled as
    one with too few entrants is (a stored ``cancel``, the lobby's ``cancelled`` with its reason), its
    registrations void; one line says so, and a registrant who comes back with their token is told
    ``cancelled``, not ``registered``."""
    clock, wall = Clock(), Clock()
    wall.now = START_TIME - 600
    db = str(tmp_path / "t.sqlite3")
    entry = scheduled(min_entrants=2)
    server = GameServer(ServerConfig(db=db, tournaments=(entry,)), SQLiteStore(db), clock=clock, wall=wall)
    sng = server.tournaments["mtt"]
    _, token = sng.register("ann")
    sng.register("bob")
    server.store.close()

    with caplog.at_level(logging.INFO, logger="engine.server"):
        server = GameServer(ServerConfig(db=db), SQLiteStore(db), clock=clock, wall=wall)
    (said,) = without_config_lines(caplog)
    assert said.startswith(
        'event=tournament_without_config name=mtt tournament="mtt#1" state=registering registered=2'
    ), said
    assert "it had not started: cancelled, its registrations void" in said
    sng = server.tournaments["mtt"]
    lobby = sng.lobby()
    assert lobby["state"] == "cancelled" and "its [[tournaments]] entry was removed" in lobby["reason"]
    assert lobby["cancelled"] == "unconfigured"
    assert [kind for _, kind, _ in server.store.load("mtt#1").events][-1] == "cancel"
    assert replayed(server.store, "mtt#1").cancelled
    assert code(lambda: sng.register("cy"))[0] == "registration_closed"

    heard = Heard(sng, "ann")
    session = Session(None, heard, 100.0, 100, clock.now)  # type: ignore[arg-type]
    server.dispatch(session, {"type": "resume", "token": token})
    (cancelled,) = heard.said
    assert cancelled["type"] == "cancelled" and cancelled["name"] == "ann"
    assert cancelled["reason"] == lobby["reason"] and session.entrant is None
    wall.now = START_TIME + 60
    clock.now += 600
    server._tick()
    assert sng.status() == "cancelled" and server.store.table_ids() == ["mtt#1"]
    server.store.close()


class Releasing(SQLiteStore):
    """A SQLite store that keeps the ids it is asked to release (on PostgreSQL, letting go of the claim)."""

    released: list[str]

    def release(self, table_id: str) -> None:
        self.released.append(table_id)


def test_the_takeover_scan_never_lets_go_of_a_served_tournament_s_claim(tmp_path):
    """The scan for tables no server holds passes over the logs of the tournaments served here, the file's and
    one whose entry left it: on PostgreSQL claiming one again succeeds (the claim is this server's) and letting
    it go, as the scan does with what is no table, would drop the claim another server could then take."""
    db = str(tmp_path / "t.sqlite3")
    gone = tournament_config({"id": "gone", "entrants": 2, "seats": 2, "starting_stack": 200, "levels": LEVELS})
    server = GameServer(ServerConfig(db=db, tournaments=(gone,)), SQLiteStore(db), clock=Clock())
    server.tournaments["gone"].register("ann")
    server.tournaments["gone"].register("bob")
    server.tournaments["gone"].tick()
    server.store.close()
    store = Releasing(db)
    store.released = []
    entry = tournament_config({"id": "sng", "entrants": 3, "seats": 3, "starting_stack": 200, "levels": LEVELS})
    server = GameServer(ServerConfig(db=db, tournaments=(entry,)), store, clock=Clock())
    assert set(server.tournaments) == {"sng", "gone"}
    server.adopt()
    server.adopt()
    assert store.released == [] and not any(room.startswith(("sng#", "gone#")) for room in server.refused)
    store.close()


def test_a_player_out_before_the_pool_was_fixed_is_sent_placed_after_a_restart(tmp_path):
    """As above, two players out while the pool may still grow (their ``left`` said the prize null); then the
    server restarts. One of them comes back with their token before the pool is fixed: the ``resume`` is
    answered with their standing as stored (``registered`` saying ``out``, their place, the prize null: not a
    plain ``registered``, which said they waited for a start); when the pool is fixed they are sent their one
    ``placed``, found from the stored log, as they would have been without the restart."""
    seed = new_seed("busts before the pool is fixed, and a restart")
    clock = Clock()
    entry = REBUY_PERIOD
    db = str(tmp_path / "t.sqlite3")
    config = ServerConfig(
        db=db, tables=(), tournaments=(entry,), grace_seconds=1e9, away_seconds=1e9, pause_seconds=5.0
    )
    server = GameServer(config, SQLiteStore(db), clock=clock, shuffle=seeded_shuffle(seed))
    sng = server.tournaments["rb"]
    order = ["ann", "bob", "cy", "dee"]
    tokens = {name: sng.register(name)[1] for name in order}
    sng.tick()
    room = sng.rooms[0]

    def out() -> list[str]:
        placed = sorted((e for e in sng.state.started.entries if e.placed), key=lambda e: -(e.first or 0))
        return [e.name for e in placed]

    while len(out()) < 2:  # two go all in at each other, the others fold
        fighters = [name for name in order if name not in out()][:2]
        seat = room.actor_seat()
        if seat is None or room.hand is None:
            clock.now += 10
            room.tick()
            continue
        legal = room.hand.legal_actions()
        actor = room.table.seats[seat].name  # type: ignore[union-attr]
        if actor in fighters and legal.max_to:
            room.act(seat, (Raise if legal.wager == "raise" else Bet)(legal.max_to))
        elif actor in fighters and legal.call:
            room.act(seat, Call())
        else:
            room.act(seat, legal.default)
        assert clock.now < 1000 + 60 * 900, "nobody busted in 900 minutes"
    assert not sng.state.started.pool_fixed
    fourth, third = out()
    server.store.close()

    server = GameServer(config, SQLiteStore(db), clock=clock, shuffle=seeded_shuffle(seed))
    sng = server.tournaments["rb"]
    heard = Heard(sng, fourth)
    session = Session(None, heard, 100.0, 100, clock.now)  # type: ignore[arg-type]
    server.dispatch(session, {"type": "resume", "token": tokens[fourth]})
    (answer,) = heard.said
    assert answer == {
        "type": "registered",
        "version": 1,
        "tournament": "rb",
        "sng": "rb#1",
        "name": fourth,
        "out": True,
        "entry": 1,
        "place": 4,
        "places": [4, 4],
        "prize": None,
    }
    where = sng.seat_of(next(name for name in order if name not in (fourth, third)))
    assert where is not None
    where[0].buy(where[1], "rebuy")
    server.flush(where[0])
    clock.now += 60 * 1000  # the rebuy period's level ends: the pool is fixed
    server._tick()
    assert sng.state.started.pool_fixed
    placed = [said for said in heard.said if said["type"] == "placed"]
    assert [(p["name"], p["place"], p["prize"]) for p in placed] == [(fourth, 4, 0)], heard.said
    late = Heard(sng, third)  # away while the pool was fixed: its resume gives the final place and prize
    late_session = Session(None, late, 100.0, 100, clock.now)  # type: ignore[arg-type]
    server.dispatch(late_session, {"type": "resume", "token": tokens[third]})
    assert [(m["type"], m["out"], m["place"], m["prize"]) for m in late.said] == [("registered", True, 3, 10)]
    server.store.close()


def test_a_connection_waiting_for_its_place_registers_for_another_tournament(tmp_path):
    """The page keeps the connection of a player out of a tournament until their place is told; registering
    (or resuming a registration) for another tournament from it is not refused as a second registration: the
    connection plays for the new entrant from then on."""
    clock = Clock()
    db = str(tmp_path / "t.sqlite3")
    first = tournament_config({"id": "a", "entrants": 2, "seats": 2, "starting_stack": 100, "levels": LEVELS})
    second = tournament_config({"id": "b", "entrants": 3, "seats": 3, "starting_stack": 100, "levels": LEVELS})
    config = ServerConfig(db=db, tournaments=(first, second), grace_seconds=1e9, away_seconds=1e9, pause_seconds=0.0)
    server = GameServer(config, SQLiteStore(db), clock=clock)
    a = server.tournaments["a"]
    a.register("ann")
    a.register("bob")
    a.tick()
    room = a.rooms[0]
    rng = random.Random(new_seed("a heads-up to its end"))
    while not a.state.is_over:
        room.tick()
        all_in(room, rng)
    loser = next(e.name for e in a.state.started.entries if e.first == 2)
    heard = Heard(a, loser)
    session = Session(None, heard, 100.0, 100, clock.now)  # type: ignore[arg-type]
    session.entrant = (a, loser)
    server.entrants[(a.id, loser)] = session
    server.dispatch(session, {"type": "register", "tournament": "b", "name": loser})
    assert [m["type"] for m in heard.said] == ["registered"] and heard.said[0]["sng"] == "b#1"
    assert session.entrant == (server.tournaments["b"], loser) and (a.id, loser) not in server.entrants
    server.store.close()


# --- out in a hand-for-hand round at a table that breaks (issue 26) --------------------------------------------------


def bubble_at_two_tables(seed: int) -> tuple[GameServer, SitAndGo, dict[str, Session], dict[str, Heard]] | None:
    """Six at tables of three, three paid: played all in, an action at a time, until four are left at two
    tables, hand-for-hand on the bubble with no hand in play (None when the busts skip over it)."""
    rng = random.Random(seed)
    clock = Clock()
    entry = tournament_config(
        {
            "id": "nine",
            "entrants": 6,
            "seats": 3,
            "starting_stack": 300,
            "payouts": [50, 30, 20],
            "levels": [{"blinds": "10/20", "hands": 4}, {"blinds": "50/100"}],
        }
    )
    config = ServerConfig(tournaments=(entry,), grace_seconds=1e9, away_seconds=1e9, pause_seconds=0.0)
    server = GameServer(config, SQLiteStore(":memory:"), clock=clock, shuffle=seeded_shuffle(seed))
    sng = server.tournaments["nine"]
    sessions, heard = {}, {}
    for name in ("ann", "bob", "cy", "dee", "eve", "flo"):
        sng.register(name)
        heard[name] = Heard(sng, name)
        sessions[name] = Session(None, heard[name], 1e6, 10**6, clock.now)  # type: ignore[arg-type]
        sessions[name].entrant = (sng, name)
        server.entrants[(sng.id, name)] = sessions[name]
    sng.tick()
    server._follow(sng)
    for _ in range(5000):
        tournament = sng.state.started
        if tournament.remaining < 4:
            return None
        if tournament.hand_for_hand and len(tournament.live_tables) == 2:
            return server, sng, sessions, heard
        for room in list(sng.rooms.values()):
            room.tick()
            if room.hand is not None:
                all_in(room, rng)
                server.flush(room)
                break
    return None


def test_out_in_a_hand_for_hand_round_as_the_table_breaks_the_page_has_nothing_to_ask_and_hears_its_place():
    """Both tables deal their hand of the round; one plays its hand all in to the end while the other's is in
    play. Somebody busts there: three are left, so that table breaks and its last player moves. The busted
    player's ``left`` says the place null (the round is not over) and ``closed`` (nothing to watch: the page
    watched it and was refused, 'no table "nine#3.3"'); a ``watch`` of it that crossed the break is answered
    ``closed``, not an error; when the other table's hand ends, the player's ``placed`` comes on the same
    connection."""
    base = new_seed("a bust as the table breaks, hand-for-hand")
    for attempt in range(60):
        found = bubble_at_two_tables(base + attempt)
        if found is None:
            continue
        server, sng, sessions, heard = found
        tournament = sng.state.started
        other, breaking = (sng.rooms[number] for number in tournament.live_tables)
        for room in (other, breaking):
            room.tick()
            server.flush(room)
        gone = {name for name, said in heard.items() if said.told("left")}
        while breaking.hand is not None and other.hand is not None:
            seat = breaking.actor_seat()
            legal = breaking.hand.legal_actions()
            if legal.max_to:
                breaking.act(seat, (Raise if legal.wager == "raise" else Bet)(legal.max_to))  # type: ignore[arg-type]
            else:
                breaking.act(seat, Call() if legal.call else legal.default)  # type: ignore[arg-type]
            server.flush(breaking)
        out = [name for name, said in heard.items() if said.told("left") and name not in gone]
        if other.hand is None or len(out) != 1 or breaking.id in server.rooms:
            continue  # nobody busted there (or two did, or it did not break): another deal
        (name,) = out
        (left,) = heard[name].told("left")
        assert (left["place"], left["closed"], left["table"]) == (None, True, breaking.id), left
        server.dispatch(sessions[name], {"type": "watch", "table": breaking.id})
        assert heard[name].said[-1] == {"version": 1, "type": "closed", "table": breaking.id}
        assert heard[name].told("error") == [] and sessions[name].watching is None
        for _ in range(100):  # the other table's hand played out (checked or folded round): the round is over
            if heard[name].told("placed") or other.hand is None:
                break
            other.act(other.actor_seat(), other.hand.legal_actions().default)  # type: ignore[arg-type]
            server.flush(other)
        (placed,) = heard[name].told("placed")
        assert placed["name"] == name and placed["place"] == 4, placed
        return
    raise AssertionError("no bust broke a table in 60 tournaments")


def test_a_resume_once_the_tournament_is_over_gives_each_entrant_their_result_then_a_typed_refusal(tmp_path):
    """Issue 26: a resume with an entrant's token once their tournament was over answered as if they were still
    in it (the winner was even seated again at the final table, shown until the next one opens). Every entrant,
    the winner too, is answered with their result (``registered`` with ``out``, the place and prize); once the
    next sit-and-go has opened the token is ``unknown_token``, a typed refusal the page takes quietly."""
    clock = Clock()
    db = str(tmp_path / "t.sqlite3")
    entry = tournament_config(
        {"id": "a", "entrants": 2, "seats": 2, "starting_stack": 100, "buy_in": 10, "levels": LEVELS}
    )
    config = ServerConfig(db=db, tournaments=(entry,), grace_seconds=1e9, away_seconds=1e9, pause_seconds=30.0)
    server = GameServer(config, SQLiteStore(db), clock=clock, shuffle=seeded_shuffle(new_seed("a heads-up")))
    sng = server.tournaments["a"]
    tokens = {name: sng.register(name)[1] for name in ("ann", "bob")}
    sng.tick()
    room = sng.rooms[0]
    rng = random.Random(1)
    while not sng.state.is_over:  # a hand both players stay in after (a split pot) needs the pause to pass
        room.tick()
        all_in(room, rng)
        clock.now += 31
    server._follow(sng)
    assert sng.rooms, "the final table is still shown (pause_seconds)"
    places = {e.name: (e.first, e.prize) for e in sng.state.started.entries}
    for name in ("ann", "bob"):
        heard = Heard(sng, name)
        session = Session(None, heard, 100.0, 100, clock.now)  # type: ignore[arg-type]
        server.dispatch(session, {"type": "resume", "token": tokens[name]})
        (answer,) = heard.said
        place, prize = places[name]
        assert answer == {
            "version": 1,
            "type": "registered",
            "tournament": "a",
            "sng": "a#1",
            "name": name,
            "out": True,
            "entry": 1,
            "place": place,
            "places": [place, place],
            "prize": prize,
        }
        assert session.room is None
    clock.now += 60
    server._tick()
    assert sng.id == "a#2"
    session = Session(None, Heard(sng, "ann"), 100.0, 100, clock.now)  # type: ignore[arg-type]
    with pytest.raises(EngineError) as refused:
        server.dispatch(session, {"type": "resume", "token": tokens["ann"]})
    assert refused.value.code == "unknown_token"  # type: ignore[attr-defined]
    assert "tournament" in str(refused.value)
    server.store.close()
