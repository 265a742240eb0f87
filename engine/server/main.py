"""`python -m engine serve`: the server from the command line, until Ctrl-C (SIGINT) or SIGTERM."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import os
import signal
import sys
import time
from typing import Any

from engine.errors import EngineError
from engine.server.app import GameServer, Listener
from engine.server.config import ServerConfig, add_serve_arguments, load_config
from engine.server.oplog import line
from engine.server.sitngo import instance_number, passed_start, refuse_a_passed_start
from engine.server.store import StoreError, StoreLost, is_postgres, open_store
from engine.server.supervisor import ServerFailed

logger = logging.getLogger("engine.server")


async def serve_until_stopped(config: ServerConfig, stop: asyncio.Event | None = None) -> None:
    """Open the database, rebuild every table, listen, seat the bots, and run until ``stop`` is set (or a
    signal); then close the connections and the database cleanly."""
    stop = stop or asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError, RuntimeError):
            loop.add_signal_handler(sig, stop.set)
    check_before_opening(config, time.time())
    # then: a port that cannot be had is the one line, with nothing opened, created or said
    listener = await Listener.take(config.host, config.port, config.max_connections)
    try:
        store = open_store(config.db)
    except BaseException:
        await listener.close()
        raise
    try:
        for note in config.notes:  # said of a file whose tables will be served: the port and database are had
            logger.warning("%s", note)
        try:
            server = GameServer(config, store)
        except BaseException:
            await listener.close()
            raise
        await server.start(listener=listener)
        server.start_bots()
        try:
            logger.info("%s", chip_line("serving", server))
        except StoreLost:  # the file is damaged where the start had not read: it cannot start (exit 2)
            await server.stop()
            raise
        assert server.supervisor is not None
        stopped = asyncio.ensure_future(stop.wait())
        failed = asyncio.ensure_future(server.supervisor.failed.wait())
        await asyncio.wait((stopped, failed), return_when=asyncio.FIRST_COMPLETED)
        stopped.cancel()
        failed.cancel()
        logger.info("stopping")
        await server.stop()
        if server.supervisor.failure is not None:
            raise server.supervisor.failure  # serve says it in one line and exits 3
        logger.info("%s", chip_line("stopped", server))
    finally:
        store.close()


def check_before_opening(config: ServerConfig, now: float) -> None:
    """The configuration refused before the port is taken or anything is written to the database: a one-off
    tournament whose ``starts_at`` has passed, unless a tournament of its entry is stored already (`SitAndGo.open`
    then decides: one stored at that time is resumed). No database yet holds none; one that exists is only read
    for its ids, and only when such an entry is in the file."""
    passed = [entry for entry in config.tournaments if passed_start(entry, now)]
    if not passed:
        return
    stored: list[str] = []
    if is_postgres(config.db) or os.path.exists(config.db):
        store = open_store(config.db)
        try:
            stored = store.table_ids()
        finally:
            store.close()
    for entry in passed:
        if not any(instance_number(entry.id, table_id) is not None for table_id in stored):
            refuse_a_passed_start(entry, now)


def chip_line(event: str, server: GameServer) -> str:
    """The start or stop line with the chip count of the tables served (`GameServer.chips`), or, while the
    database does not answer (the ledger is there), the count of tables and why the chips are not known. A
    count that does not add up (bought_in != on_tables + cashed_out + rake) is logged first as one ERROR line
    saying by how much (``off``: bought in beyond what is accounted for; negative: fewer)."""
    try:
        chips = server.chips()
    except StoreLost:  # damage, not an outage: nothing served on it can be trusted
        raise
    except StoreError as error:
        return line(event, tables=len(server.rooms), chips="unknown", error=" ".join(str(error).split()))
    off = chips["bought_in"] - chips["on_tables"] - chips["cashed_out"] - chips["rake"]
    if off:  # the ledger and the tables' stacks disagree: served still, but the operator must look
        logger.error(
            "%s", line("ledger_off", off=off, bought_in=chips["bought_in"], accounted=chips["bought_in"] - off)
        )
    return line(event, **chips)


def setup_logging() -> None:
    """The operator's log on standard error, from the first line (reading the configuration may say one)."""
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    logging.getLogger("websockets").setLevel(logging.WARNING)  # not a line per connection


def run(config: ServerConfig) -> int:
    setup_logging()
    asyncio.run(serve_until_stopped(config))
    return 0


def run_from_args(args: Any) -> int:
    """The ``serve`` command: the configuration file, then the command line's options over it."""
    setup_logging()
    config = load_config(args.config, host=args.host, port=args.port, db=args.db, bots=args.bots)
    try:
        return run(config)
    except ServerFailed as error:  # it served, then a background job died for good (docs/server.md)
        print(f"error: {error}", file=sys.stderr)
        return 3


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine serve", description="the Omaha Hi-Lo game server")
    add_serve_arguments(parser)
    args = parser.parse_args(argv)
    try:
        return run_from_args(args)
    except EngineError as error:  # it could not start: a bad configuration or database
        print(f"error: {error}", file=sys.stderr)
        return 2
