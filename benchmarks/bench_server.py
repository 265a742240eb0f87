"""The server under load: N tables with 6 bot clients each over loopback, for a bounded time.

    python benchmarks/bench_server.py --tables 10 --seconds 20

The server runs as `python -m engine serve` in its own process (pause 0 between hands) on a temporary SQLite
file; this process runs the 6N clients (random bots, through the same protocol as people) on one asyncio loop.
It reports hands/s, actions/s, the latency from sending an action to receiving the next view (p50, p99), and
the chip check over the stored ledger after a clean stop.

    python benchmarks/bench_server.py --tables 20 --seconds 20 --slow-readers 100 --repeat 3

adds the hostile case: ``--slow-readers`` raw sockets (a 4 KB receive buffer) that watch the tables and never
read, each one reopened as soon as the server has closed it (a thread probes them with unsolicited pong
frames, which a server ignores); each repeat runs once without them and once with them, and the medians of
hands/s and of the server's resident memory (at the start of the measured time, its peak and at the end) are
printed for both.
"""

from __future__ import annotations

import argparse
import asyncio
import base64
import json
import os
import random
import resource
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path
from typing import Any

from websockets.asyncio.client import connect

from engine.server.log import RoomState, apply_event
from engine.server.store import SQLiteStore

ROOT = Path(__file__).resolve().parent.parent


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def lobby(port: int) -> dict[str, dict]:
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/tables", timeout=5) as response:
        return {t["id"]: t for t in json.loads(response.read())["tables"]}


def quick_decide(rng: random.Random, legal: dict[str, Any]) -> dict[str, Any]:
    """A random legal action straight from the view's ``legal`` field: the load generator shares the machine
    with the server, so it does not build a SeatView the way the built-in bots do (botclient.decide)."""
    if legal["show"]:
        return {"action": "show"}
    if legal["runs"]:
        return {"action": "run", "times": 1}
    choices: list[dict[str, Any]] = []
    if legal["fold"]:
        choices.append({"action": "fold"})
    choices.append({"action": "check"} if legal["check"] else {"action": "call"})
    choices.append(choices[-1])
    if legal["wager"]:
        to = legal["min_to"] if rng.random() < 0.8 else rng.randint(legal["min_to"], legal["max_to"])
        choices.append({"action": legal["wager"], "to": to})
    return rng.choice(choices)


async def client(
    url: str, table: str, name: str, seed: int, stop: float, latencies: list[float], counts: dict[str, int]
) -> None:
    rng = random.Random(seed)
    async with connect(url, open_timeout=30, compression=None, max_queue=None) as ws:
        await ws.send(json.dumps({"type": "join", "table": table, "name": name, "buy_in": 200}))
        seat = None
        sent_at = None
        acted = None
        try:
            async with asyncio.timeout(max(0.01, stop - time.monotonic())):
                async for raw in ws:
                    data = json.loads(raw)
                    kind = data["type"]
                    if kind == "welcome":
                        seat = data["seat"]
                    elif kind == "left":
                        return
                    elif kind == "view":
                        if sent_at is not None:
                            latencies.append(time.perf_counter() - sent_at)
                            sent_at = None
                        hand = data["view"]["hand"]
                        if data["clock"]["actor"] == seat and hand and hand["legal"]:
                            key = (data["hand_number"], len(hand["events"]))
                            if key != acted:
                                acted = key
                                sent_at = time.perf_counter()
                                counts["actions"] += 1
                                await ws.send(json.dumps({"type": "act", "action": quick_decide(rng, hand["legal"])}))
        except TimeoutError:
            pass


def rss_mb(pid: int) -> float:
    """The process's resident memory in MB (Linux /proc)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def never_reader(port: int, table: str) -> socket.socket:
    """A WebSocket client that shakes hands, sends ``watch`` and never reads again (4 KB receive buffer)."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    sock.settimeout(10)
    sock.connect(("127.0.0.1", port))
    key = base64.b64encode(os.urandom(16)).decode()
    sock.sendall(
        (
            f"GET /ws HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n"
        ).encode()
    )
    head = b""
    while b"\r\n\r\n" not in head:
        chunk = sock.recv(1)  # the handshake's answer only, byte by byte: nothing after it is read
        if not chunk:
            raise OSError("closed during the handshake")
        head += chunk
    if not head.startswith(b"HTTP/1.1 101"):
        raise OSError(head.split(b"\r\n", 1)[0].decode())
    sock.sendall(_frame(0x1, json.dumps({"type": "watch", "table": table}).encode()))
    return sock


def _frame(opcode: int, payload: bytes) -> bytes:
    """One masked client frame (payload under 126 bytes)."""
    mask = os.urandom(4)
    return bytes([0x80 | opcode, 0x80 | len(payload)]) + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload))


def keep_never_readers(
    port: int, tables: int, count: int, stop: threading.Event, stats: dict[str, int], ready: Any = None
) -> None:
    """Keep ``count`` never-reading watchers open until ``stop``: reopen each one the server has closed (an
    unsolicited pong frame, which the server ignores, fails to send on a closed socket)."""
    socks: list[socket.socket | None] = [None] * count
    try:
        while not stop.is_set():
            for number, sock in enumerate(socks):
                if sock is not None:
                    try:
                        sock.send(_frame(0xA, b""))
                        continue
                    except OSError:
                        sock.close()
                        stats["closed_by_server"] += 1
                try:
                    socks[number] = never_reader(port, f"t{number % tables}")
                    stats["opened"] += 1
                except OSError:
                    socks[number] = None
                    stats["refused"] += 1
            if ready is not None:
                ready, then = None, ready
                then()
            stop.wait(3)  # probing seldom: the probes are frames the server has to read
    finally:
        for sock in socks:
            if sock is not None:
                sock.close()


def cpu_seconds(pid: int | None = None) -> float:
    """CPU seconds (user + system) used so far by this process, or by process ``pid`` (Linux /proc)."""
    if pid is None:
        usage = resource.getrusage(resource.RUSAGE_SELF)
        return usage.ru_utime + usage.ru_stime
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def chip_check(db: str) -> dict[str, int]:
    store = SQLiteStore(db)
    try:
        on_tables = 0
        for table_id in store.table_ids():
            stored = store.load(table_id)
            state = RoomState.from_snapshot(stored.snapshot) if stored.snapshot else None
            if state is None:
                continue
            for _, kind, data in stored.events:
                state = apply_event(state, kind, data).state
            on_tables += state.chips
        totals = store.ledger_totals()
        return {
            "bought_in": totals["buy_in"],
            "on_tables": on_tables,
            "cashed_out": totals["cash_out"],
            "rake": totals["rake"],
            "lost": totals["buy_in"] - on_tables - totals["cash_out"] - totals["rake"],
        }
    finally:
        store.close()


async def run(tables: int, seconds: float, slow_readers: int = 0) -> dict[str, object]:
    folder = tempfile.mkdtemp()
    db = os.path.join(folder, "bench.sqlite3")
    config = os.path.join(folder, "bench.toml")
    games = ("limit", "pot-limit", "no-limit", "mixed")
    with open(config, "w") as out:
        out.write("[server]\npause_seconds = 0.0\nrate = 200\nburst = 400\nmax_connections_per_address = 2000\n")
        for number in range(tables):
            out.write(f'[[tables]]\nid = "t{number}"\ngame = "{games[number % 4]}"\n')
    port = free_port()
    keeper = None  # the never-readers live in a process of their own, so they take no time from the clients
    server = subprocess.Popen(
        [sys.executable, "-m", "engine", "serve", "--db", db, "--port", str(port), "--config", config],
        cwd=ROOT,
        stderr=subprocess.DEVNULL,
    )
    try:
        for _ in range(300):
            try:
                lobby(port)
                break
            except OSError:
                await asyncio.sleep(0.05)
        rss_before = rss_mb(server.pid)
        if slow_readers:
            keeper = subprocess.Popen(
                [sys.executable, __file__, "--never-readers", f"{port},{tables},{slow_readers}"],
                cwd=ROOT,
                stdout=subprocess.PIPE,
                text=True,
            )
            assert keeper.stdout is not None
            assert (await asyncio.to_thread(keeper.stdout.readline)).strip() == "ready"
        latencies: list[float] = []
        counts = {"actions": 0}
        start = time.monotonic()
        stop = start + seconds
        url = f"ws://127.0.0.1:{port}/ws"
        tasks = [
            asyncio.create_task(client(url, f"t{t}", f"b{t}-{s}", t * 10 + s, stop, latencies, counts))
            for t in range(tables)
            for s in range(6)
        ]
        await asyncio.sleep(2)  # seated and playing: measure from here
        hands0, actions0, t0 = sum(t["hands_played"] for t in lobby(port).values()), counts["actions"], time.monotonic()
        cpu0 = cpu_seconds(server.pid), cpu_seconds()
        latencies.clear()
        rss = [rss_mb(server.pid)]
        everyone = asyncio.gather(*tasks, return_exceptions=True)
        while not everyone.done():
            await asyncio.wait([everyone], timeout=0.5)
            rss.append(rss_mb(server.pid))
        elapsed = time.monotonic() - t0
        cpu = cpu_seconds(server.pid) - cpu0[0], cpu_seconds() - cpu0[1]
        hands = sum(t["hands_played"] for t in lobby(port).values()) - hands0
        actions = counts["actions"] - actions0
    finally:
        readers = {"opened": 0, "closed_by_server": 0, "refused": 0}
        if keeper is not None:
            keeper.send_signal(signal.SIGINT)
            readers = json.loads(keeper.communicate(timeout=30)[0])
        server.send_signal(signal.SIGINT)
        server.wait(30)
    ordered = sorted(latencies)
    return {
        "tables": tables,
        "clients": 6 * tables,
        "seconds": round(elapsed, 1),
        "hands_per_second": round(hands / elapsed, 1),
        "actions_per_second": round(actions / elapsed, 1),
        "latency_ms_p50": round(1000 * statistics.median(ordered), 2) if ordered else None,
        "latency_ms_p99": round(1000 * ordered[int(0.99 * (len(ordered) - 1))], 2) if ordered else None,
        "cpu_share": {"server": round(cpu[0] / elapsed, 2), "clients": round(cpu[1] / elapsed, 2)},
        "server_cpu_ms_per_action": round(1000 * cpu[0] / max(1, actions), 2),
        "chips": chip_check(db),
        "server_exit": server.returncode,
        "slow_readers": slow_readers,
        "readers": readers,
        "server_rss_mb": {
            "before_readers": round(rss_before, 1),
            "start": round(rss[0], 1),
            "peak": round(max(rss), 1),
            "end": round(rss[-1], 1),
        },
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=10)
    parser.add_argument("--seconds", type=float, default=20)
    parser.add_argument(
        "--slow-readers",
        type=int,
        default=0,
        help="never-reading watchers; each repeat then runs without and with them",
    )
    parser.add_argument("--repeat", type=int, default=1)
    parser.add_argument("--never-readers", help=argparse.SUPPRESS)  # PORT,TABLES,COUNT: the readers' process
    args = parser.parse_args()
    if args.never_readers:
        port, tables, count = map(int, args.never_readers.split(","))
        stop, stats = threading.Event(), {"opened": 0, "closed_by_server": 0, "refused": 0}
        signal.signal(signal.SIGINT, lambda *_: stop.set())
        keep_never_readers(port, tables, count, stop, stats, ready=lambda: print("ready", flush=True))
        print(json.dumps(stats))
        return
    seconds = min(args.seconds, 300)
    if not args.slow_readers:
        runs = [asyncio.run(run(args.tables, seconds)) for _ in range(args.repeat)]
        print(json.dumps(runs[0] if args.repeat == 1 else runs, indent=2))
        return
    results: dict[int, list[dict[str, Any]]] = {0: [], args.slow_readers: []}
    for _ in range(args.repeat):
        for readers in results:
            result = asyncio.run(run(args.tables, seconds, readers))
            print(json.dumps(result), file=sys.stderr)
            results[readers].append(result)
    print(
        json.dumps(
            {
                str(readers): {
                    "hands_per_second": statistics.median(r["hands_per_second"] for r in runs),
                    "actions_per_second": statistics.median(r["actions_per_second"] for r in runs),
                    "latency_ms_p99": statistics.median(r["latency_ms_p99"] or 0 for r in runs),
                    "server_rss_mb": {
                        key: statistics.median(r["server_rss_mb"][key] for r in runs)
                        for key in ("before_readers", "start", "peak", "end")
                    },
                    "readers_closed_by_server": statistics.median(r["readers"]["closed_by_server"] for r in runs),
                    "chips_lost": max(r["chips"]["lost"] for r in runs),
                }
                for readers, runs in results.items()
            },
            indent=2,
        )
    )


if __name__ == "__main__":
    main()
