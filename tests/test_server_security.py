"""The server against hostile clients, over real sockets on 127.0.0.1: private cards that must not pass to a
newcomer, slow readers, deeply nested JSON, foreign origins, and the page's security headers. Each test runs
on SQLite and on PostgreSQL (``db``, tests/conftest.py) unless it is about the network alone."""

from __future__ import annotations

import asyncio
import base64
import json
import logging
import os
import socket
from typing import Any

import attrs
import pytest

pytest.importorskip(
    "websockets", reason='could not import websockets: pip install -e ".[test-server]" to run these tests'
)

from helpers import scaled, wait_until
from test_server_net import CARD, Client, client, run

from engine.history.phh import read_phh
from engine.server.app import GameServer
from engine.server.config import TableConfig


async def fold_one_hand(ann: Client, ann_seat: int, bob: Client, bob_seat: int) -> set[str]:
    """ann folds at her first turn, bob checks or calls; returns ann's hole cards (never shown)."""
    hole: set[str] = set()
    acted: set[tuple[int, int]] = set()
    done = 0
    while done < 2:  # the hand's result reaches both
        for who, seat in ((ann, ann_seat), (bob, bob_seat)):
            try:
                data = await who.recv(0.05)
            except TimeoutError:
                continue
            if data["type"] == "hand":
                done += 1
                continue
            hand = data.get("view", {}).get("hand") if data["type"] == "view" else None
            if hand is None:
                continue
            if who is ann and hand["hole"]:
                hole = set(hand["hole"].split())
            key = (data["hand_number"], len(hand["events"]))
            if hand["legal"] and data["clock"]["actor"] == seat and key not in acted:
                acted.add(key)
                legal = hand["legal"]
                action = "fold" if who is ann else "check" if legal["check"] else "call"
                await who.send(type="act", action={"action": action})
    return hole


def holes_shown(history: list[dict[str, Any]]) -> set[str]:
    return {
        str(card) for hand in history for hole in read_phh(hand["phh"])[0].hole for card in hole if card is not None
    }


def heroes(history: list[dict[str, Any]]) -> list[str | None]:
    """The player each hand of a `history` answer was written for (its PHH's ``hero``), None for none."""
    records = [read_phh(hand["phh"])[0] for hand in history]
    return [None if r.hero is None else r.players[r.hero] for r in records]  # type: ignore[union-attr]


async def ann_folds_a_hand(port: int) -> tuple[Client, int, Client, set[str]]:
    """ann and bob sit at "limit"; ann folds the first hand unseen: her connection, seat, bob's, her cards."""
    ann, bob = await client(port), await client(port)
    await ann.send(type="join", table="limit", name="ann", buy_in=100)
    ann_seat = (await ann.until("welcome"))["seat"]
    await bob.send(type="join", table="limit", name="bob", buy_in=100)
    bob_seat = (await bob.until("welcome"))["seat"]
    return ann, ann_seat, bob, await fold_one_hand(ann, ann_seat, bob, bob_seat)


def test_a_newcomer_under_a_departed_players_name_gets_none_of_her_folded_cards_from_history(db):
    """ann plays, folds unseen and leaves; a newcomer joins as "ann" and sends `history`: the old ann's hole
    cards belong to the token she was dealt them under, so the newcomer sees no hole card at all."""

    async def test(server: GameServer, port: int) -> None:
        ann, ann_seat, _bob, hole = await ann_folds_a_hand(port)  # bob stays connected
        assert len(hole) == 4
        await ann.send(type="history")
        mine = (await ann.until("history"))["hands"]
        assert hole <= holes_shown(mine)  # hers, while she sits
        assert heroes(mine) == ["ann"]  # her history names her, so a conversion writes her "Dealt to" line
        await ann.send(type="leave")
        assert (await ann.until("left"))["reason"] == "left"
        newcomer = await client(port)
        await newcomer.send(type="join", table="limit", name="ann", buy_in=100, seat=ann_seat)
        assert (await newcomer.until("welcome"))["seat"] == ann_seat
        await newcomer.send(type="history")
        answer = await newcomer.until("history")
        assert [hand["number"] for hand in answer["hands"]] == [1]
        assert holes_shown(answer["hands"]) == set() and heroes(answer["hands"]) == [None]
        assert not set(CARD.findall(newcomer.raw[-1])) & hole

    run(test, db, pause_seconds=600.0, tables=(TableConfig("limit", game="limit"),))


def test_register_at_a_server_without_tournaments_says_it_runs_none(db):
    """The refusal names the tournaments there are; with none it says so rather than end on an empty list."""

    async def test(server: GameServer, port: int) -> None:
        ann = await client(port)
        for request in ({"type": "register", "name": "q"}, {"type": "unregister"}):
            await ann.send(**request, tournament="x")
            refused = await ann.until("error")
            assert refused["code"] == "unknown_tournament"
            assert refused["message"] == 'no tournament "x"; this server runs none'

    run(test, db, pause_seconds=600.0, tables=(TableConfig("limit", game="limit"),))


def test_a_connection_whose_seat_is_gone_sees_its_own_cards_in_that_table_s_history_and_nobody_else_s(db):
    """ann folds a hand unseen and leaves: her connection, holding no seat, still gets the table's history with
    her own hole cards (she was dealt them; the page asks for the hand that busted a player as the seat goes),
    whether it watches nothing or watches that table; watching another table it sees that one as a spectator,
    and a connection that never sat gets ``no_seat``, as before."""

    async def test(server: GameServer, port: int) -> None:
        ann, _, bob, hole = await ann_folds_a_hand(port)
        await ann.send(type="leave")
        assert (await ann.until("left"))["reason"] == "left"
        await ann.send(type="history")
        answer = await ann.until("history")
        assert answer["table"] == "limit" and hole <= holes_shown(answer["hands"])
        await ann.send(type="watch", table="limit")
        await ann.until("view")
        await ann.send(type="history")
        assert hole <= holes_shown((await ann.until("history"))["hands"])
        await ann.send(type="watch", table="other")
        await ann.until("view")
        await ann.send(type="history")
        assert (await ann.until("history"))["table"] == "other"
        await bob.send(type="history")
        assert not holes_shown((await bob.until("history"))["hands"]) & hole  # bob's own, never ann's
        stranger = await client(port)
        await stranger.send(type="history")
        assert (await stranger.until("error"))["code"] == "no_seat"

    tables = (TableConfig("limit", game="limit"), TableConfig("other", game="limit"))
    run(test, db, pause_seconds=600.0, tables=tables)


# --- slow readers --------------------------------------------------------------------------------------------


class FakeConnection:
    """Enough of a websockets connection for a Sender: ``send`` blocks until the test opens ``gate``."""

    def __init__(self) -> None:
        self.sent: list[str] = []
        self.closed_with: tuple[int, str] | None = None
        self.gate = asyncio.Event()
        self.aborted = False
        self.remote_address = ("192.0.2.1", 5000)
        self.transport = self

    def get_extra_info(self, name: str) -> None:
        return None

    async def send(self, text: str) -> None:
        await self.gate.wait()
        self.sent.append(text)

    async def close(self, code: int, reason: str) -> None:
        self.closed_with = (code, reason)

    def abort(self) -> None:
        self.aborted = True


def test_the_sender_keeps_the_newest_view_every_other_message_in_order_and_closes_past_its_limit():
    from engine.server.room import message
    from engine.server.sender import SLOW_READER, Sender

    async def main() -> None:
        ws = FakeConnection()
        sender = Sender(ws, max_messages=5, max_bytes=1 << 20, ping_interval=None, ping_timeout=1)  # type: ignore[arg-type]
        views = [message("view", n=n) for n in range(4)]
        sender.send(views[0])
        await asyncio.sleep(0)  # the writer takes views[0] and waits on the socket with it
        sender.send(message("deal", n=1))
        sender.send(views[1])
        sender.send(message("hand", n=1))
        sender.send(views[2])
        sender.send(views[3])  # supersedes every view still waiting; the deal and the hand stay, in order
        assert sender.waiting == 3
        ws.gate.set()
        for _ in range(10):
            await asyncio.sleep(0)
        kinds = [json.loads(text) for text in ws.sent]
        assert [(k["type"], k["n"]) for k in kinds] == [("view", 0), ("deal", 1), ("hand", 1), ("view", 3)]
        ws.gate.clear()
        for n in range(6):  # nobody reads: five wait, the sixth is one too many
            sender.send(message("hand", n=n))
        assert ws.closed_with is None
        ws.gate.set()
        for _ in range(10):
            await asyncio.sleep(0)
        assert ws.closed_with is not None and ws.closed_with[0] == SLOW_READER
        sender.send(message("hand", n=99))  # after the close nothing is queued
        assert sender.waiting == 0
        await sender.stop()

    asyncio.run(main())


def open_never_reader(port: int, text: str, *, origin: str | None = None) -> socket.socket:
    """A raw WebSocket client with a small receive buffer: it shakes hands, sends ``text`` as one frame and
    never reads again (blocking calls: run it in a thread, the server shares the test's loop)."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    sock.settimeout(10)
    sock.connect(("127.0.0.1", port))
    key = base64.b64encode(os.urandom(16)).decode()
    sock.sendall(
        (
            f"GET /ws HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n"
            + (f"Origin: {origin}\r\n" if origin else "")
            + "\r\n"
        ).encode()
    )
    head = b""
    while b"\r\n\r\n" not in head:
        head += sock.recv(1)  # one byte at a time: nothing after the handshake is read
    assert head.startswith(b"HTTP/1.1 101"), head
    payload = text.encode()
    mask = os.urandom(4)
    assert len(payload) < 126
    sock.sendall(bytes([0x81, 0x80 | len(payload)]) + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload)))
    return sock


@pytest.mark.parametrize("closer", ["queue", "keepalive"])
def test_never_reading_watchers_are_closed_while_a_player_plays_on_and_the_queues_stay_bounded(tmp_path, closer):
    """Twenty sockets watch the bots' table and never read (a 4 KB receive buffer): the server keeps at most
    its limit queued for each, closes them all, and a person at the same table plays hand after hand. Either
    mechanism alone closes them: the queue's limit (the keepalive slow), or the keepalive (the queue huge),
    whose pong timer runs while the socket's buffer is full."""
    readers: list[socket.socket] = []

    async def test(server: GameServer, port: int) -> None:
        server.start_bots({"limit": 3})
        watch = json.dumps({"type": "watch", "table": "limit"})
        loop = asyncio.get_running_loop()
        opening = loop.time()
        for _ in range(20):
            readers.append(await asyncio.to_thread(open_never_reader, port, watch))
        while len(server.watchers.get("limit", ())) < 20:
            await asyncio.sleep(0.02)
        print(f"twenty watchers in {loop.time() - opening:.1f} s")
        person = await client(port)
        await person.send(type="join", table="limit", name="person", buy_in=100)
        seat = (await person.until("welcome"))["seat"]
        from test_server_net import play_person

        room = server.rooms["limit"]
        start = room.table.hands_played
        playing = asyncio.create_task(play_person(person, seat, 10**6))  # on and on, until cancelled
        try:
            began = loop.time()
            print(f"watchers open, hand {start}")  # each phase, with when and at which hand: shown on a failure
            loop_end = loop.time() + scaled(60)  # a safety net: the bound is the hands played
            while server.watchers.get("limit") and room.table.hands_played < start + 80 and loop.time() < loop_end:
                for watcher in server.watchers.get("limit", ()):
                    sender = watcher.sender
                    assert sender.waiting <= sender.max_messages and sender.waiting_bytes <= sender.max_bytes
                await asyncio.sleep(0.05)
            assert not server.watchers.get("limit"), (
                f"{len(server.watchers['limit'])} never-reading watchers not closed in "
                f"{room.table.hands_played - start} hands"
            )
            closed_at = room.table.hands_played
            print(f"all closed after {loop.time() - began:.1f} s, at hand {closed_at}")
            await wait_until(lambda: room.table.hands_played >= closed_at + 3, "the person playing on", 30)
            print(f"three more hands after {loop.time() - began:.1f} s")
            assert not playing.done()  # no error while the readers were stuck, nor after
        finally:
            print(
                f"at the end: hand {room.table.hands_played}, {len(server.watchers.get('limit', ()))} watchers, "
                f"the person's last messages {[m['type'] for m in person.received[-5:]]}, playing: {playing}"
            )
            playing.cancel()
            await asyncio.gather(playing, return_exceptions=True)
        assert room.table.hands_played > start

    try:
        limits = (
            {"send_queue_messages": 8, "send_queue_bytes": 65536, "ping_interval_seconds": 600.0}
            if closer == "queue"
            else {
                "send_queue_messages": 10**6,
                "send_queue_bytes": 1 << 30,
                "ping_interval_seconds": 1.0,
                "ping_timeout_seconds": 4.0,
            }
        )
        run(
            test,
            str(tmp_path / "server.sqlite3"),
            seconds=90,
            max_connections_per_address=64,
            tables=(TableConfig("limit", game="limit", bot_think_seconds=0),),
            **limits,
        )
    finally:
        for sock in readers:
            sock.close()


def test_a_spectators_view_is_made_only_when_a_watcher_takes_it_so_never_readers_cost_no_views(tmp_path, monkeypatch):
    """Five sockets watch the bots' table and never read, with limits so high that they are never closed: once
    their buffers are full, hand after hand is played and not one spectator's view is made for them (each is
    a `LazyView`, superseded in every queue before any writer takes it). Before, every change at a watched
    table made one, read or not: the cost of watchers who never read grew with the table's pace."""
    from engine.table import Table

    made = [0]
    views = Table.views

    def counted(table: Table, seats: Any, hand: Any = None) -> Any:
        made[0] += None in seats
        return views(table, seats, hand)

    monkeypatch.setattr(Table, "views", counted)
    readers: list[socket.socket] = []

    async def test(server: GameServer, port: int) -> None:
        server.start_bots({"limit": 3})
        watch = json.dumps({"type": "watch", "table": "limit"})
        for _ in range(5):
            readers.append(await asyncio.to_thread(open_never_reader, port, watch))
        await wait_until(lambda: len(server.watchers.get("limit", ())) == 5, "five watchers", 20)
        # stuck: every watcher's writer waits on a full socket while messages pile up behind it
        await wait_until(lambda: all(w.sender.waiting >= 3 for w in server.watchers["limit"]), "stuck writers", 60)
        room = server.rooms["limit"]
        before, start = made[0], room.table.hands_played
        await wait_until(lambda: room.table.hands_played >= start + 5, "five more hands", 60)
        assert len(server.watchers["limit"]) == 5
        assert made[0] == before, f"{made[0] - before} spectators' views made for watchers who never read"

    try:
        run(
            test,
            str(tmp_path / "server.sqlite3"),
            seconds=120,
            max_connections_per_address=64,
            send_queue_messages=10**6,
            send_queue_bytes=1 << 30,
            ping_interval_seconds=600.0,
            tables=(TableConfig("limit", game="limit", bot_think_seconds=0),),
        )
    finally:
        for sock in readers:
            sock.close()


# --- malformed input, origins, caps, headers ----------------------------------------------------------------


def test_json_nested_thousands_deep_under_the_size_limit_is_refused_as_malformed_and_the_connection_lives(tmp_path):
    from engine.server.protocol import ProtocolError, parse_message

    deep = "[" * 1500 + "]" * 1500  # 3 KB
    with pytest.raises(ProtocolError, match="nested 1500 deep"):
        parse_message(deep, 4096)
    with pytest.raises(ProtocolError, match="nested"):
        parse_message('{"type": "ping", "id": ' + "{" * 1000 + "}" * 1000 + "}", 4096)
    brackets_in_a_string = '{"type": "ping", "id": "[[[[[[[[[[[[[[[[[[[[\\"[{{{{{{{{{{{{{{{{{{{{{"}'
    assert parse_message(brackets_in_a_string, 4096)["type"] == "ping"

    async def test(server: GameServer, port: int) -> None:
        person = await client(port)
        for text, said in ((deep, "nested 1500 deep"), (deep.encode(), "binary frame")):
            await person.ws.send(text)
            assert said in (await person.until("error"))["message"]
        # A binary frame is refused whatever it holds (JSON's reader guessed UTF-16 for one), as a huge ping id is.
        for frame in (b'{"type": "ping"}', b'\xff\xfe{"type": "ping"}'):
            await person.ws.send(frame)
            refused = await person.until("error")
            assert refused["code"] == "malformed" and "text frames" in refused["message"], refused
        await person.send(type="ping", id=10**4000)
        assert (await person.until("error"))["code"] == "bad_field"
        await person.send(type="ping", id=7)
        assert (await person.until("pong"))["id"] == 7  # still open

    run(test, str(tmp_path / "server.sqlite3"))


def handshake_status(port: int, headers: dict[str, str]) -> int:
    """The HTTP status the WebSocket handshake gets with these extra headers (101: accepted)."""
    import http.client

    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
    try:
        connection.request(
            "GET",
            "/ws",
            headers={
                "Upgrade": "websocket",
                "Connection": "Upgrade",
                "Sec-WebSocket-Key": base64.b64encode(os.urandom(16)).decode(),
                "Sec-WebSocket-Version": "13",
                **headers,
            },
        )
        return connection.getresponse().status
    finally:
        connection.close()


def two_origins_status(port: int, *origins: str) -> int:
    """The handshake's status with an Origin header for each of ``origins`` (http.client sends them all)."""
    import http.client

    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
    try:
        connection.putrequest("GET", "/ws")
        for name, value in (
            ("Upgrade", "websocket"),
            ("Connection", "Upgrade"),
            ("Sec-WebSocket-Version", "13"),
            ("Sec-WebSocket-Key", base64.b64encode(os.urandom(16)).decode()),
            *(("Origin", origin) for origin in origins),
        ):
            connection.putheader(name, value)
        connection.endheaders()
        return connection.getresponse().status
    finally:
        connection.close()


def test_a_websocket_from_another_sites_page_is_refused_and_one_from_the_page_or_a_program_is_not(tmp_path):
    async def test(server: GameServer, port: int) -> None:
        def status(**headers: str) -> Any:
            return asyncio.to_thread(handshake_status, port, headers)

        own = f"127.0.0.1:{port}"
        assert await status() == 101  # no Origin: a program (the bots, a script)
        assert await status(Origin=f"http://{own}") == 101  # the page the server served
        assert await status(Origin=f"http://localhost:{port}", Host=f"localhost:{port}") == 101
        assert await status(Origin="https://cards.example") == 101  # listed in allowed_origins
        assert await status(Origin=f"https://{own}") == 101  # the same page behind a proxy that speaks TLS
        for foreign in ("http://evil.example", f"http://{own}.evil.example", "null", f"http://127.0.0.1:{port + 1}"):
            assert await status(Origin=foreign) == 403, foreign
        # Two Origin headers (the page's own and another): refused, not a 500 with a traceback in the log.
        assert await asyncio.to_thread(two_origins_status, port, f"http://{own}", "http://evil.example") == 403
        assert await status(Origin="http://evil.example", Host="evil.example") == 101  # (DNS rebinding: see docs)

    run(test, str(tmp_path / "server.sqlite3"), allowed_origins=["https://cards.example"])


def test_connections_are_capped_per_address_and_in_total_and_the_servers_own_bots_are_not_held_to_it(tmp_path):
    from websockets.exceptions import InvalidStatus

    async def test(server: GameServer, port: int) -> None:
        server.start_bots({"limit": 4})  # four bots from 127.0.0.1, beyond the cap of three: not refused
        while len(server.sessions) < 4:
            await asyncio.sleep(0.02)
        people = [await client(port) for _ in range(3)]
        with pytest.raises(InvalidStatus) as refused:
            await client(port)
        assert refused.value.response.status_code == 429
        await people[0].ws.close()
        while len(server.server.all_connections) > 4 + 2:
            await asyncio.sleep(0.02)
        people[0] = await client(port)  # room again
        await people[0].send(type="ping")
        await people[0].until("pong")
        server.config = attrs.evolve(server.config, max_connections=len(server.accepted))
        with pytest.raises(InvalidStatus) as full:
            await client(port)
        assert full.value.response.status_code == 503
        assert server.rooms["limit"].table.hands_played >= 1
        server.config = attrs.evolve(server.config, max_connections=1000)
        # Sockets that connect and never send a request count from their accept: two idle ones and the two
        # people fill this address's three, so a third person is refused (they were not counted before).
        await people[0].ws.close()
        await wait_until(lambda: len(server.accepted) <= 4 + 2, "the closed connection gone")
        idle = [socket.create_connection(("127.0.0.1", port)) for _ in range(2)]
        try:
            await wait_until(lambda: len(server.accepted) >= 4 + 2 + 2, "the two idle sockets accepted")
            with pytest.raises(InvalidStatus) as again:
                await client(port)
            assert again.value.response.status_code == 429
        finally:
            for held in idle:
                held.close()

    run(
        test,
        str(tmp_path / "server.sqlite3"),
        max_connections_per_address=3,
        tables=(TableConfig("limit", game="limit", bot_think_seconds=0),),
    )


def test_every_http_response_carries_the_security_headers(tmp_path):
    import urllib.error
    import urllib.request

    async def test(server: GameServer, port: int) -> None:
        for path in ("/", "/static/table.js", "/api/tables", "/nothing", "/ws"):  # /ws: websockets' own 426
            try:
                response = await asyncio.to_thread(urllib.request.urlopen, f"http://127.0.0.1:{port}{path}", None, 5)
            except urllib.error.HTTPError as error:
                response = error
            headers = response.headers
            policy = headers["Content-Security-Policy"]
            assert "default-src 'self'" in policy and "frame-ancestors 'none'" in policy, path
            assert "script-src 'self';" in policy and "unsafe-inline" not in policy
            assert f"connect-src 'self' ws://127.0.0.1:{port} wss://127.0.0.1:{port};" in policy
            assert headers["X-Content-Type-Options"] == "nosniff" and headers["Referrer-Policy"] == "no-referrer"
        assert await asyncio.to_thread(handshake_status, port, {"Origin": "http://evil.example"}) == 403

    run(test, str(tmp_path / "server.sqlite3"))


def test_a_connection_whose_writer_dies_of_an_error_is_logged_and_closed_with_1011(db, caplog):
    """A send that raises (a bug, not a closed connection) ends the connection's writer task: the error is
    logged with its traceback and the connection closed with 1011, never left open with nobody writing to it."""
    caplog.set_level(logging.INFO, logger="engine.server")

    async def test(server: GameServer, port: int) -> None:
        fay = await client(port)
        await fay.send(type="watch", table="limit")
        await fay.until("watching")
        (session,) = server.watchers["limit"]

        async def broken_send(text: str) -> None:
            raise RuntimeError("a bug in sending")

        session.sender.ws.send = broken_send  # type: ignore[method-assign]
        await fay.send(type="ping", id=1)  # its pong goes to the broken send
        await asyncio.wait_for(fay.ws.wait_closed(), scaled(10))
        assert fay.ws.close_code == 1011
        other = await client(port)  # the server serves on
        await other.send(type="ping", id=2)
        assert (await other.until("pong"))["id"] == 2

    run(test, db)
    failed = [record for record in caplog.records if "its writer failed" in record.getMessage()]
    assert len(failed) == 1 and "RuntimeError: a bug in sending; closed with 1011" in failed[0].getMessage()
    assert failed[0].exc_info is not None


def test_warnings_a_client_can_cause_are_said_at_most_once_a_minute_with_a_count(caplog):
    from engine.server.oplog import Throttled

    now = [0.0]
    throttled = Throttled(logging.getLogger("engine.server"), lambda: now[0])
    caplog.set_level(logging.WARNING, logger="engine.server")
    for n in range(100):  # a hundred foreign origins in a second
        now[0] = n / 100
        throttled.warning("origin", "refused a WebSocket from origin %s", f"http://evil.example/{n}")
    throttled.warning("per-address", "refused a connection from %s", "10.0.0.1")  # another kind: said at once
    now[0] = 61.0
    throttled.warning("origin", "refused a WebSocket from origin %s", "http://evil.example/last")
    assert [record.getMessage() for record in caplog.records] == [
        "refused a WebSocket from origin http://evil.example/0",
        "refused a connection from 10.0.0.1",
        "refused a WebSocket from origin http://evil.example/last (and 99 more like it in the last 60 s)",
    ]
