"""The server under load: N tables with 6 bot clients each over loopback, for a bounded time.

    python benchmarks/bench_server.py --tables 10 --seconds 20

The server runs as `python -m engine serve` in its own process (pause 0 between hands) on a temporary SQLite
file; this process runs the 6N clients (random bots, through the same protocol as people) on one asyncio loop.
It reports hands/s, actions/s, the latency from sending an action to receiving the next view (p50, p99), and
the chip check over the stored ledger after a clean stop.
"""

from __future__ import annotations

import argparse
import asyncio
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


async def client(url: str, table: str, name: str, seed: int, stop: float, latencies: list[float],
                 counts: dict[str, int]) -> None:
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
        return {"bought_in": totals["buy_in"], "on_tables": on_tables, "cashed_out": totals["cash_out"],
                "rake": totals["rake"], "lost": totals["buy_in"] - on_tables - totals["cash_out"] - totals["rake"]}
    finally:
        store.close()


async def run(tables: int, seconds: float) -> dict[str, object]:
    folder = tempfile.mkdtemp()
    db = os.path.join(folder, "bench.sqlite3")
    config = os.path.join(folder, "bench.toml")
    games = ("limit", "pot-limit", "no-limit", "mixed")
    with open(config, "w") as out:
        out.write("[server]\npause_seconds = 0.0\nrate = 200\nburst = 400\n")
        for number in range(tables):
            out.write(f'[[tables]]\nid = "t{number}"\ngame = "{games[number % 4]}"\n')
    port = free_port()
    server = subprocess.Popen([sys.executable, "-m", "engine", "serve", "--db", db, "--port", str(port),
                               "--config", config], cwd=ROOT, stderr=subprocess.DEVNULL)
    try:
        for _ in range(300):
            try:
                lobby(port)
                break
            except OSError:
                await asyncio.sleep(0.05)
        latencies: list[float] = []
        counts = {"actions": 0}
        start = time.monotonic()
        stop = start + seconds
        url = f"ws://127.0.0.1:{port}/ws"
        tasks = [asyncio.create_task(client(url, f"t{t}", f"b{t}-{s}", t * 10 + s, stop, latencies, counts))
                 for t in range(tables) for s in range(6)]
        await asyncio.sleep(2)  # seated and playing: measure from here
        hands0, actions0, t0 = sum(t["hands_played"] for t in lobby(port).values()), counts["actions"], time.monotonic()
        cpu0 = cpu_seconds(server.pid), cpu_seconds()
        latencies.clear()
        await asyncio.gather(*tasks, return_exceptions=True)
        elapsed = time.monotonic() - t0
        cpu = cpu_seconds(server.pid) - cpu0[0], cpu_seconds() - cpu0[1]
        hands = sum(t["hands_played"] for t in lobby(port).values()) - hands0
        actions = counts["actions"] - actions0
    finally:
        server.send_signal(signal.SIGINT)
        server.wait(30)
    ordered = sorted(latencies)
    return {
        "tables": tables, "clients": 6 * tables, "seconds": round(elapsed, 1),
        "hands_per_second": round(hands / elapsed, 1), "actions_per_second": round(actions / elapsed, 1),
        "latency_ms_p50": round(1000 * statistics.median(ordered), 2) if ordered else None,
        "latency_ms_p99": round(1000 * ordered[int(0.99 * (len(ordered) - 1))], 2) if ordered else None,
        "cpu_share": {"server": round(cpu[0] / elapsed, 2), "clients": round(cpu[1] / elapsed, 2)},
        "server_cpu_ms_per_action": round(1000 * cpu[0] / max(1, actions), 2),
        "chips": chip_check(db), "server_exit": server.returncode,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=10)
    parser.add_argument("--seconds", type=float, default=20)
    args = parser.parse_args()
    print(json.dumps(asyncio.run(run(args.tables, min(args.seconds, 300))), indent=2))


if __name__ == "__main__":
    main()
