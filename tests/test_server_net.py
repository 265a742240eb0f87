"""The server over real sockets on 127.0.0.1: the lobby over HTTP, people and bots at the tables over WebSockets,
misbehaving clients, resuming a seat, and a wire-level leak test; each on SQLite and on PostgreSQL (``db``,
tests/conftest.py)."""

from __future__ import annotations

import asyncio
import datetime
import json
import os
import re
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Awaitable, Callable
from typing import Any

import pytest
from helpers import new_seed, scaled, seeded_shuffle, wait_until

pytest.importorskip(
    "websockets", reason='could not import websockets: pip install -e ".[test-server]" to run these tests'
)

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from engine.server.app import GameServer
from engine.server.config import ServerConfig, TableConfig
from engine.server.store import open_store

CARD = re.compile(r"\b[2-9TJQKA][cdhs]\b")


def run(
    test: Callable[[GameServer, int], Awaitable[None]], db: str, *, seconds: float = 60, **config: Any
) -> GameServer:
    """Run ``test(server, port)`` against a server on a free port, stopping it afterwards; the whole thing
    bounded in time."""
    values: dict[str, Any] = {
        "db": db,
        "pause_seconds": 0.0,
        "tables": (
            TableConfig("limit", game="limit", bot_think_seconds=0),
            TableConfig("nl", game="no-limit", bot_think_seconds=0),
        ),
    }
    values.update(config)
    cfg = ServerConfig(**values)
    store = open_store(cfg.db)
    shuffle = seeded_shuffle(new_seed("the server's decks"))

    async def main() -> GameServer:
        server = GameServer(cfg, store, tick_seconds=0.02, shuffle=shuffle)
        port = await server.start(port=0)
        try:
            await asyncio.wait_for(test(server, port), scaled(seconds))
        finally:
            await server.stop()
        return server

    try:
        return asyncio.run(main())
    finally:
        store.close()


class Client:
    """A test client that records everything it receives."""

    def __init__(self, ws: ClientConnection) -> None:
        self.ws = ws
        self.received: list[dict[str, Any]] = []
        self.raw: list[str] = []

    async def send(self, **fields: Any) -> None:
        await self.ws.send(json.dumps(fields))

    async def recv(self, timeout: float = 5) -> dict[str, Any]:
        # asyncio.timeout, not wait_for: on Python 3.11 a wait_for whose inner receive completes as the task is
        # cancelled swallows the cancellation, and a task playing on (play_person) was never stopped
        async with asyncio.timeout(scaled(timeout)):
            raw = await self.ws.recv()
        assert isinstance(raw, str)
        self.raw.append(raw)
        data: dict[str, Any] = json.loads(raw)
        self.received.append(data)
        return data

    async def until(self, kind: str, timeout: float = 5) -> dict[str, Any]:
        loop = asyncio.get_running_loop()
        end = loop.time() + scaled(timeout)
        while True:
            async with asyncio.timeout(max(0.01, end - loop.time())):
                data = await self.recv(60)
            if data["type"] == kind:
                return data


async def client(port: int) -> Client:
    return Client(await connect(f"ws://127.0.0.1:{port}/ws", open_timeout=5, close_timeout=1))


def http_get(port: int, path: str) -> tuple[int, str, str]:
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=5) as response:
            return response.status, response.headers["Content-Type"], response.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.headers["Content-Type"], error.read().decode()


def test_the_lobby_and_the_page_are_served_over_http_on_the_same_port(db):
    async def test(server: GameServer, port: int) -> None:
        status, kind, body = await asyncio.to_thread(http_get, port, "/api/tables")
        assert status == 200 and kind == "application/json"
        tables = json.loads(body)["tables"]
        assert [t["id"] for t in tables] == ["limit", "nl"] and tables[0]["buy_in"] == [40, 200]
        status, kind, body = await asyncio.to_thread(http_get, port, "/")
        assert status == 200 and kind.startswith("text/html") and "/static/table.js" in body  # the browser table
        status, _, _ = await asyncio.to_thread(http_get, port, "/nothing")
        assert status == 404

    run(test, db)


def allowed_cards(data: dict[str, Any]) -> set[str]:
    """The cards a message may hold: the board, the receiver's own hole cards, and cards shown at a showdown."""
    cards: set[str] = set()
    if data["type"] == "view":
        hand = data["view"]["hand"]
        if hand is None:
            return cards
        cards.update(hand["hole"].split())
        for board in hand["boards"] + [hand["board"]]:
            cards.update(board.split())
        for event in hand["events"]:
            if event["event"] == "shown":
                cards.update(event["cards"].split())
    elif data["type"] == "hand":
        for board in data["boards"]:
            cards.update(board.split())
        for shown in data["shown"].values():
            cards.update(shown.split())
    return cards


def check_no_leak(person: Client, seat: int) -> int:
    """Every card in every message is one the receiver may see; every hole_dealt event is the receiver's."""
    checked = 0
    for raw, data in zip(person.raw, person.received, strict=True):
        seen = set(CARD.findall(raw))
        assert seen <= allowed_cards(data), (seen - allowed_cards(data), raw[:300])
        if data["type"] == "view" and data["view"]["hand"] is not None:
            hand = data["view"]["hand"]
            own = data["view"]["hand_seats"].index(seat) if seat in data["view"]["hand_seats"] else -1
            assert hand["seat"] == own
            assert all(e["seat"] == own for e in hand["events"] if e["event"] == "hole_dealt")
            checked += 1
    return checked


async def play_person(person: Client, seat: int, hands: int) -> None:
    """Play like a calling station until ``hands`` hand results have arrived."""
    seen = 0
    acted = None
    while seen < hands:
        data = await person.recv(10)
        if data["type"] == "hand":
            seen += 1
        elif data["type"] == "view" and data["clock"]["actor"] == seat:
            legal = data["view"]["hand"]["legal"]
            key = (data["hand_number"], len(data["view"]["hand"]["events"]))
            if legal and key != acted:
                acted = key
                await person.send(type="act", action={"action": "check" if legal["check"] else "call"})


def test_people_and_bots_play_and_views_never_hold_another_seats_cards(db):
    async def test(server: GameServer, port: int) -> None:
        server.start_bots({"limit": 3, "nl": 4})
        people = [await client(port) for _ in range(2)]
        seats = []
        for number, person in enumerate(people):
            await person.send(type="join", version=1, table="limit", name=f"person{number}", buy_in=100)
            welcome = await person.until("welcome")
            assert welcome["table"] == "limit" and len(welcome["token"]) >= 20
            seats.append(welcome["seat"])
        await asyncio.gather(*(play_person(p, s, 8) for p, s in zip(people, seats, strict=True)))
        for person, seat in zip(people, seats, strict=True):
            assert check_no_leak(person, seat) > 20
            hands = [d for d in person.received if d["type"] == "hand"]
            assert any(pot["high_hand"] for hand in hands for pot in hand["pots"])
            await person.ws.close()
        assert server.rooms["nl"].table.hands_played >= 3  # the bots' table played on its own
        chips = server.chips()
        assert chips["bought_in"] == chips["on_tables"] + chips["cashed_out"] + chips["rake"]

    run(test, db)


def test_the_servers_own_bots_wait_rather_than_overdraw_its_rate_limit(db):
    """With no pause between hands, bots could send faster than the server allows one connection (here 5
    messages a second); they wait instead, and are never cut off for it."""
    refused: list[str] = []

    async def test(server: GameServer, port: int) -> None:
        refuse = server._refuse

        def spy(session: Any, code: Any, text: str, *, close: int | None = None) -> None:
            refused.append(text)
            refuse(session, code, text, close=close)

        server._refuse = spy  # type: ignore[method-assign]
        server.start_bots({"limit": 3})
        room = server.rooms["limit"]
        await wait_until(lambda: room.table.hands_played >= 2, "the bots to play two hands", timeout=30)

    run(test, db, rate=5.0, burst=4)
    assert not refused


def test_bad_clients_get_errors_and_the_table_plays_on(db):
    async def test(server: GameServer, port: int) -> None:
        server.start_bots({"limit": 3})
        room = server.rooms["limit"]
        bad = await client(port)
        for raw, expected, code in [
            ("{not json", "malformed JSON", "malformed"),
            ("[1, 2]", "JSON object", "malformed"),
            ('{"type": "dance"}', "unknown message type", "unknown_type"),
            ('{"type": "join", "table": "limit"}', "needs name, buy_in", "malformed"),
            ('{"type": "act", "action": {"action": "fold"}}', "hold no seat", "no_seat"),
            ('{"type": "join", "version": 2, "table": "limit", "name": "x", "buy_in": 50}', "version", "bad_field"),
            ('{"type": "join", "table": "nope", "name": "x", "buy_in": 50}', "no table", "unknown_table"),
            ('{"type": "join", "table": "limit", "name": "x", "buy_in": 5000}', "buy_in", "bad_buy_in"),
            ('{"type": "join", "table": "limit", "name": "", "buy_in": 50}', "name", "bad_name"),
            ('{"type": "join", "table": "limit", "name": "x", "buy_in": 50, "seat": 99}', "join's seat", "bad_field"),
            (
                '{"type": "join", "table": "limit", "name": "x", "buy_in": 50, "cheat": 1}',
                "unknown: cheat",
                "malformed",
            ),
        ]:
            await bad.ws.send(raw)
            reply = await bad.until("error")
            assert expected in reply["message"] and reply["code"] == code, (raw, reply)
        await bad.ws.close()
        bad = await client(port)  # that one sent nine malformed messages: the tenth would close it
        await bad.send(type="join", table="limit", name="late", buy_in=100)
        seat = (await bad.until("welcome"))["seat"]
        view = await bad.until("view")
        if view["clock"]["actor"] not in (seat, None):
            await bad.send(type="act", action={"action": "call"})
            assert (await bad.until("error"))["code"] == "not_your_turn"
        await bad.send(type="join", table="limit", name="again", buy_in=100)
        reply = await bad.until("error")
        assert "already holds seat" in reply["message"] and reply["code"] == "already_seated"
        await bad.send(type="leave")
        await bad.until("left", timeout=30)

        impostor = await client(port)
        await impostor.send(type="resume", token="A" * 32)
        reply = await impostor.until("error")
        assert "unknown token" in reply["message"] and reply["code"] == "unknown_token"
        with pytest.raises(ConnectionClosed):
            await impostor.recv(2)
        assert impostor.ws.close_code == 1008

        large = await client(port)
        await large.send(type="ping", id="x" * 5000)
        assert (await large.until("error"))["code"] == "too_large"
        with pytest.raises(ConnectionClosed):
            await large.recv(2)
        assert large.ws.close_code == 1009

        flood = await client(port)
        with pytest.raises(ConnectionClosed):
            for _ in range(200):
                await flood.send(type="ping")
            while True:
                await flood.recv(2)
        assert any(d["type"] == "error" and d["code"] == "rate_limited" for d in flood.received)
        assert flood.ws.close_code == 1008

        before = room.table.hands_played
        await wait_until(lambda: room.table.hands_played >= before + 3, "three more hands", timeout=30)
        room.table.check_chips()

    run(test, db)


def test_a_dropped_player_resumes_with_the_token_and_gets_the_current_view(db):
    async def test(server: GameServer, port: int) -> None:
        first = await client(port)
        await first.send(type="join", table="nl", name="ann", buy_in=150)
        welcome = await first.until("welcome")
        await first.ws.close()
        room = server.rooms["nl"]
        await wait_until(lambda: welcome["seat"] not in room.connected, "the server to see the drop")
        assert room.table.seats[welcome["seat"]] is not None
        again = await client(port)
        await again.send(type="resume", token=welcome["token"])
        back = await again.until("welcome")
        assert back["seat"] == welcome["seat"] and "token" not in back
        view = await again.until("view")
        assert view["view"]["seats"][welcome["seat"]]["name"] == "ann"
        third = await client(port)  # a second connection with the token takes the seat over
        await third.send(type="resume", token=welcome["token"])
        await third.until("welcome")
        assert (await again.until("error"))["code"] == "resumed_elsewhere"
        await third.send(type="top_up", amount=50)  # the first view it gets may be the resume's, before the top-up
        await wait_until(lambda: room.table.seats[welcome["seat"]].stack == 200, "the top-up to 200")
        await third.send(type="top_up", amount=1)
        reply = await third.until("error")
        assert "maximum" in reply["message"] and reply["code"] == "bad_amount"
        await third.send(type="act", action={"action": "dance"})
        assert (await third.until("error"))["code"] == "bad_field"

    run(test, db)


def test_a_player_asks_to_straddle_over_the_protocol(db):
    async def test(server: GameServer, port: int) -> None:
        ann = await client(port)
        await ann.send(type="join", table="s", name="ann", buy_in=100)
        await ann.until("welcome")
        assert (await ann.until("view"))["straddle"] is False
        await ann.send(type="straddle", on="yes")
        reply = await ann.until("error")
        assert "true or false" in reply["message"] and reply["code"] == "bad_field"
        await ann.send(type="straddle")
        assert "straddle needs on" in (await ann.until("error"))["message"]
        await ann.send(type="straddle", on=True)
        assert (await ann.until("view"))["straddle"] is True
        assert server.rooms["s"].state.seats[0].straddle
        await ann.send(type="join", table="nl", name="ann2", buy_in=100)
        assert "already holds" in (await ann.until("error"))["message"]
        bob = await client(port)
        await bob.send(type="join", table="nl", name="bob", buy_in=100)
        await bob.until("welcome")
        await bob.send(type="straddle", on=True)
        reply = await bob.until("error")
        assert "does not allow straddles" in reply["message"] and reply["code"] == "not_allowed"

    run(test, db, tables=(TableConfig("s", game="no-limit", straddle=True), TableConfig("nl", game="no-limit")))


def test_spectators_watch_without_hole_cards_and_anyone_gets_the_history_as_they_saw_it(db):
    """`watch`: a spectator's view after every change and each hand's result, never a hole card that was not
    shown; `history`: the last hands as PHH, with only the asker's own cards and the hands shown."""

    started = time.time()

    async def test(server: GameServer, port: int) -> None:
        room = server.rooms["limit"]
        watcher = await client(port)
        await watcher.send(type="watch", table="nope")
        assert "no table" in (await watcher.until("error"))["message"]
        await watcher.send(type="history")
        reply = await watcher.until("error")
        assert "neither sit at nor watch" in reply["message"] and reply["code"] == "no_seat"
        await watcher.send(type="watch", table="limit")
        assert (await watcher.until("watching"))["table"] == "limit"
        first = await watcher.until("view")
        assert first["view"]["seat"] == -1 and first["clock"]["bank"] is None
        players = [await client(port) for _ in range(3)]
        for number, player in enumerate(players):
            await player.send(type="join", table="limit", name=f"p{number}", buy_in=100)
            await player.until("welcome")
        seats = {
            number: room.table.seats.index(next(p for p in room.table.seats if p and p.name == f"p{number}"))
            for number in range(3)
        }
        hands_seen = 0
        while hands_seen < 3:  # the players call or check everything down; the watcher looks on
            for number, player in enumerate(players):
                while True:
                    try:
                        data = await player.recv(0.02)
                    except TimeoutError:
                        break
                    hand = data.get("view", {}).get("hand") if data["type"] == "view" else None
                    if hand and hand["legal"] and data["clock"]["actor"] == seats[number]:
                        legal = hand["legal"]
                        action = "check" if legal["check"] else "call" if legal["call"] else "show"
                        await player.send(type="act", action={"action": action})
            while True:
                try:
                    data = await watcher.recv(0.02)
                except TimeoutError:
                    break
                if data["type"] == "hand":
                    hands_seen += 1
        for raw, data in zip(watcher.raw, watcher.received, strict=True):
            # every card a spectator is sent is on a board or in a hand shown at the showdown
            if data["type"] == "view" and data["view"]["hand"]:
                hand = data["view"]["hand"]
                assert data["view"]["seat"] == -1 and hand["hole"] == "" and hand["legal"] is None
                texts = [hand["board"], *hand["boards"], *hand["shown"]]
            elif data["type"] == "hand":
                texts = [data["board"], *data["boards"], *data["shown"].values()]
            else:
                texts = []
            allowed = {card for text in texts for card in text.split()}
            assert set(CARD.findall(raw)) <= allowed, (raw, allowed)
        assert any(data["type"] == "hand" and data["shown"] for data in watcher.received)  # showdowns seen
        await players[0].send(type="history", count=2)
        history = (await players[0].until("history"))["hands"]
        assert [h["number"] for h in history] == [room.table.hands_played - 1, room.table.hands_played]
        await watcher.send(type="history", count=99)
        assert "count" in (await watcher.until("error"))["message"]
        await watcher.send(type="history", count=3)
        watched = (await watcher.until("history"))["hands"]
        from engine.history.phh import read_phh

        for mine, theirs in zip(history, watched[-2:], strict=True):
            record = read_phh(mine["phh"])[0]
            spectator = read_phh(theirs["phh"])[0]
            # each player's chair is the table's (counted from 1), so a converted history keeps them in it
            assert record.seat_labels == tuple(seats[int(name[1:])] + 1 for name in record.players)
            me = record.players.index("p0")
            assert all(card is not None for card in record.hole[me])  # my own cards
            shown = {reveal.seat for reveal in record.reveals if reveal.cards is not None}
            for seat in range(len(record.hole)):
                if seat not in shown:
                    assert all(card is None for card in spectator.hole[seat])
                    if seat != me:
                        assert all(card is None for card in record.hole[seat])
        # each hand is dated with the moment it was stored (UTC), so a converted history says when it was played
        from engine.history.dates import pokerstars_date, record_date_utc

        for hand in history:
            fields = dict(read_phh(hand["phh"])[0].fields)
            played = datetime.datetime.fromisoformat(record_date_utc(fields) or "").replace(tzinfo=datetime.UTC)
            assert started - 1 <= played.timestamp() <= time.time() + 1 and fields["time_zone_abbreviation"] == "UTC"
            assert (pokerstars_date(fields) or "").startswith(f"{played:%Y/%m/%d} {played.hour}:{played:%M:%S} UTC [")
        await watcher.send(type="join", table="limit", name="late", buy_in=100)
        await watcher.until("welcome")
        assert not room.watched and not server.watchers["limit"]
        lobby = json.loads((await asyncio.to_thread(http_get, port, "/api/tables"))[2])["tables"]
        assert lobby[0]["average_pot"] > 0 and lobby[1]["average_pot"] == 0

    run(test, db)


def test_the_page_and_its_files_are_served_and_nothing_else(db, tmp_path, monkeypatch):
    import engine.server.app as app

    static = tmp_path / "static"
    (static / "sub").mkdir(parents=True)
    (static / "index.html").write_text("<!doctype html><title>table</title>")
    (static / "table.js").write_text("console.log(1)")
    (static / "sub" / "card.svg").write_text("<svg/>")
    (static / "secret.py").write_text("no")
    (tmp_path / "outside.css").write_text("no")
    monkeypatch.setattr(app, "STATIC", static)

    async def test(server: GameServer, port: int) -> None:
        def get(path: str) -> tuple[int, str, str]:
            return http_get(port, path)

        status, kind, body = await asyncio.to_thread(get, "/")
        assert (status, kind, body) == (200, "text/html; charset=utf-8", "<!doctype html><title>table</title>")
        assert (await asyncio.to_thread(get, "/static/table.js"))[:2] == (200, "text/javascript; charset=utf-8")
        assert (await asyncio.to_thread(get, "/static/sub/card.svg"))[:2] == (200, "image/svg+xml")
        for bad in (
            "/static/secret.py",
            "/static/../outside.css",
            "/static/sub/../../outside.css",
            "/static/%2e%2e/outside.css",
            "/static/",
            "/static//etc/passwd",
            "/static/missing.css",
        ):
            assert (await asyncio.to_thread(get, bad))[0] == 404, bad

    run(test, db)


def serve_command(tmp_path: Any, *args: str) -> list[str]:
    """`python -m engine serve` on a fresh SQLite file, as an operator runs it."""
    return [sys.executable, "-m", "engine", "serve", "--db", str(tmp_path / "serve.sqlite3"), *args]


def test_serve_on_a_port_in_use_says_so_in_one_line_and_exits_2(tmp_path):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        done = subprocess.run(
            serve_command(tmp_path, "--port", str(port), "--bots", "0"),
            capture_output=True,
            text=True,
            timeout=scaled(60),
            env={**os.environ, "PYTHONPATH": os.getcwd()},
        )
    assert done.returncode == 2, done.stderr
    # the one line: the port is taken before any table is created, adopted or announced, and nothing is written
    assert done.stderr.splitlines() == [
        f"error: cannot listen on 127.0.0.1:{port}: the address is already in use (another server?)"
    ], done.stderr
    assert list(tmp_path.iterdir()) == [], list(tmp_path.iterdir())


def test_serve_with_a_file_of_no_tables_on_an_address_it_cannot_listen_on_says_only_that(tmp_path):
    """The built-in tables' warning comes only when they will be served: after the port is had, never before
    the line that says it cannot be."""
    config = tmp_path / "server.toml"
    config.write_text('[server]\nhost = "999.1.1.1"\nport = 0\n')
    done = subprocess.run(
        serve_command(tmp_path, "--config", str(config)),
        capture_output=True,
        text=True,
        timeout=scaled(60),
        env={**os.environ, "PYTHONPATH": os.getcwd()},
    )
    assert done.returncode == 2, done.stderr
    lines = done.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: cannot listen on 999.1.1.1:0: "), lines
    assert sorted(path.name for path in tmp_path.iterdir()) == ["server.toml"]


def test_serve_logs_the_address_to_open_and_a_structured_line_per_join_and_hand(tmp_path):
    """The real command: the http:// address, then ``event=...`` lines (key=value) as bots sit down and play."""
    config = tmp_path / "one.toml"
    config.write_text(
        '[server]\npause_seconds = 0\nbots = 2\n[[tables]]\nid = "t"\ngame = "limit"\nbot_think_seconds = 0\n'
    )
    process = subprocess.Popen(
        serve_command(tmp_path, "--port", "0", "--config", str(config)),
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONPATH": os.getcwd()},
    )
    lines: list[str] = []
    try:
        assert process.stderr is not None
        end = time.monotonic() + scaled(60)
        while not any("event=hand " in text for text in lines):
            assert time.monotonic() < end and process.poll() is None, lines
            lines.append(process.stderr.readline().rstrip("\n"))
    finally:
        process.terminate()
        process.wait(scaled(30))
    listening = next(text for text in lines if "event=listening" in text)
    assert re.search(r"url=http://127\.0\.0\.1:\d+/ websocket=ws://127\.0\.0\.1:\d+/ws$", listening)
    joins = [text for text in lines if "event=join " in text]
    assert len(joins) == 2 and all(
        re.search(r"table=t seat=\d name=\S+-bot-1 buy_in=200 bot=\w+$", j) for j in joins
    ), joins
    assert re.search(r"event=hand table=t number=1 players=2 pot=\d+ rake=0$", lines[-1]), lines[-1]
