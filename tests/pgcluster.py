"""A throwaway PostgreSQL server for the storage tests: its own data directory and unix socket in a temporary
folder, no TCP port, no fsync, stopped and deleted at the end.

It is started with the Debian packages' ``initdb`` and ``pg_ctl`` (``/usr/lib/postgresql/*/bin``, or the PATH).
PostgreSQL refuses to run as root, so as root they run as the ``postgres`` user (``runuser``). Anything missing or
failing raises `Unavailable` with the reason, which the tests turn into a skip.
"""

from __future__ import annotations

import contextlib
import glob
import itertools
import os
import shutil
import subprocess
import tempfile
from pathlib import Path


class Unavailable(Exception):
    """PostgreSQL cannot be started here; the message says why."""


def find_bin() -> Path:
    """The directory holding initdb and pg_ctl: the PATH's, else the newest /usr/lib/postgresql/N/bin."""
    found = shutil.which("pg_ctl")
    if found and shutil.which("initdb"):
        return Path(found).parent
    versions = sorted(
        glob.glob("/usr/lib/postgresql/*/bin/pg_ctl"),
        key=lambda path: [int(part) for part in Path(path).parts[-3].split(".") if part.isdigit()],
    )
    if not versions:
        raise Unavailable(
            "PostgreSQL is not installed (no pg_ctl on the PATH or in /usr/lib/postgresql/*/bin; "
            "apt-get install postgresql)"
        )
    return Path(versions[-1]).parent


class Cluster:
    """A running PostgreSQL server; `database` makes a fresh empty database and returns its URL."""

    def __init__(self) -> None:
        bin_dir = find_bin()
        self.prefix: list[str] = []
        self.base = Path(tempfile.mkdtemp(prefix="omaha-pg-"))
        self.data = self.base / "data"
        self.log = self.base / "server.log"
        self.running = False
        self.count = itertools.count(1)
        self.pg_ctl = str(bin_dir / "pg_ctl")
        try:
            if os.geteuid() == 0:
                runuser = shutil.which("runuser")
                try:
                    import pwd

                    user = pwd.getpwnam("postgres")
                except KeyError:
                    raise Unavailable("running as root and there is no 'postgres' user to run PostgreSQL as") from None
                if runuser is None:
                    raise Unavailable("running as root and there is no runuser to run PostgreSQL as 'postgres'")
                os.chown(self.base, user.pw_uid, user.pw_gid)
                self.prefix = [runuser, "-u", "postgres", "--"]
            self._run(
                [
                    str(bin_dir / "initdb"),
                    "-D",
                    str(self.data),
                    "-A",
                    "trust",
                    "-U",
                    "postgres",
                    "-E",
                    "UTF8",
                    "--locale=C",
                    "--no-sync",
                ],
                "initdb",
            )
            with open(self.data / "postgresql.conf", "a") as conf:
                conf.write(
                    f"\nlisten_addresses = ''\nunix_socket_directories = '{self.base}'\n"
                    "fsync = off\nsynchronous_commit = off\nfull_page_writes = off\n"
                )
            self._run(
                [self.pg_ctl, "-D", str(self.data), "-l", str(self.log), "-w", "-t", "30", "start"], "pg_ctl start"
            )
            self.running = True
        except BaseException:
            self.stop()
            raise

    def _run(self, command: list[str], what: str) -> None:
        try:
            done = subprocess.run(self.prefix + command, capture_output=True, text=True, timeout=60, check=False)
        except (OSError, subprocess.TimeoutExpired) as error:
            raise Unavailable(f"{what} failed: {error}") from None
        if done.returncode != 0:
            log = self.log.read_text()[-800:] if self.log.exists() else ""
            raise Unavailable(f"{what} failed ({done.returncode}): {(done.stderr or done.stdout)[-800:]}{log}")

    def url(self, database: str = "postgres") -> str:
        return f"postgresql:///{database}?host={self.base}&user=postgres&connect_timeout=10"

    def database(self) -> str:
        """A new empty database: its URL."""
        import psycopg

        name = f"test_{next(self.count)}"
        with psycopg.connect(self.url(), autocommit=True) as admin:
            admin.execute(f"CREATE DATABASE {name}".encode())
        return self.url(name)

    def pause(self) -> None:
        """Stop the server and keep its data, as an operator's restart or a crash would (`resume` starts it)."""
        self._run([self.pg_ctl, "-D", str(self.data), "-m", "fast", "-w", "-t", "30", "stop"], "pg_ctl stop")

    def resume(self) -> None:
        """Start the server `pause` stopped, on the same data and socket."""
        self._run([self.pg_ctl, "-D", str(self.data), "-l", str(self.log), "-w", "-t", "30", "start"], "pg_ctl start")

    @property
    def socket_path(self) -> Path:
        """Where clients find the server: its unix socket (port 5432's name, in the cluster's folder)."""
        return self.base / ".s.PGSQL.5432"

    def stop(self) -> None:
        if self.running:
            self.running = False
            with contextlib.suppress(Unavailable):
                self._run([self.pg_ctl, "-D", str(self.data), "-m", "fast", "-w", "-t", "30", "stop"], "pg_ctl stop")
        shutil.rmtree(self.base, ignore_errors=True)
