"""`python -m engine equity HAND HAND ... [--board ...] [--dead ...] [--trials N] [--seed S] [--json]`.

Registering the command imports nothing heavy: numpy and the tables load only when the command runs, so the
rest of the command line works without the equity extra.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from typing import Any, TextIO

from engine.progress import add_progress_option, wanted


def add_equity_command(commands: Any, whole_option: Any) -> None:
    """Add the ``equity`` subcommand to the command line's subparsers."""
    command = commands.add_parser(
        "equity",
        help="each hand's share of a hi-lo pot: exact where it fits, else Monte Carlo",
        description="Hi-lo equity: each player's expected share of the pot, scoops, high and low wins and ties. "
        "A player is a hand ('As 2h Kc Qd'), a partial hand ('As2h**': As 2h and any two), "
        "'random', or a list of hands with weights ('AsKs2d3c | 8h7h6s5s@2').",
    )
    command.add_argument("players", nargs="+", help="2 to 10 hands or ranges, in seat order")
    command.add_argument("--board", default="", help='0, 3, 4 or 5 board cards, e.g. "3d 4s Jc"')
    command.add_argument("--dead", default="", help='cards nobody can get (folded or seen), e.g. "Kh 9c"')
    command.add_argument(
        "--trials",
        type=whole_option(1, 10**10),
        help="Monte Carlo with N boards (default: exact when it fits, else 500,000 boards)",
    )
    command.add_argument("--seed", type=whole_option(0, 2**63 - 1), help="Monte Carlo seed (default: random, printed)")
    command.add_argument("--exact", action="store_true", help="enumerate exactly even when it is large")
    command.add_argument("--high-only", action="store_true", help="Omaha high: no low half")
    command.add_argument(
        "--shares", action="store_true", help="each share of the pot a player ends with, and how often"
    )
    command.add_argument("--json", action="store_true", help="print one JSON document")
    add_progress_option(command, "a progress line", "on a terminal, for runs over a second")
    command.set_defaults(run=run)


class _ProgressLine:
    """Boards done, as one updating line on standard error, once a run has lasted half a second."""

    def __init__(self, stream: TextIO, always: bool) -> None:
        self.stream, self.always = stream, always
        self.started = time.monotonic()
        self.shown = 0.0
        self.drawn = False

    def __call__(self, done: int, total: int) -> None:
        now = time.monotonic()
        if (now - self.started < 0.5 and not self.always) or (now - self.shown < 0.1 and done < total):
            return
        self.shown, self.drawn = now, True
        self.stream.write(f"\requity: {done:,}/{total:,} boards ({100 * done // max(total, 1)}%) ")
        self.stream.flush()

    def close(self) -> None:
        if self.drawn:
            self.stream.write("\r" + " " * 60 + "\r")
            self.stream.flush()


def run(args: argparse.Namespace) -> int:
    try:
        from engine.equity import equity
    except ImportError as error:
        print(f"error: equity needs numpy (pip install -e '.[equity]'): {error}", file=args.stderr)
        return 2
    stderr: TextIO = args.stderr
    progress = _ProgressLine(stderr, bool(args.progress)) if wanted(args.progress, stderr) else None
    try:
        result = equity(
            args.players,
            args.board,
            args.dead,
            hi_lo=not args.high_only,
            trials=args.trials,
            seed=args.seed,
            exact=True if args.exact else None,
            histograms=args.shares,
            progress=progress,
        )
    finally:
        if progress is not None:
            progress.close()
    out: TextIO = args.stdout if args.stdout is not None else sys.stdout
    if args.json:
        out.write(json.dumps(result.as_dict(), indent=2) + "\n")
        return 0
    if result.board:
        out.write(f"board {result.board}" + (f"; dead {result.dead}" if result.dead else "") + "\n")
    elif result.dead:
        out.write(f"dead {result.dead}\n")
    out.write(result.table() + "\n")
    if args.shares:
        for player in result.players:
            shares = ", ".join(f"{share}: {100 * chance:.2f}%" for share, chance in player.shares or ())
            out.write(f"{player.hand}: {shares}\n")
    out.write(f"{result.seconds:.3f} s\n")
    return 0
