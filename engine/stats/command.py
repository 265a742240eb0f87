"""`python -m engine stats FILES... [--player NAME] [--json] [--plot graph.png]`: the player statistics of
docs/stats.md over history files of any supported format, as a table, as JSON, and as a winnings graph."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from engine.command_options import check_output
from engine.history.formats import CHOICES as HISTORY_FORMATS
from engine.history.formats import titles
from engine.history.inputs import Inputs, note_lines
from engine.progress import add_progress_option, files_progress
from engine.stats import allin
from engine.stats.errors import StatsError
from engine.stats.players import PlayerStats, player_stats
from engine.stats.sources import played_hands
from engine.validate import count_of

PLOT_SUFFIXES = (".png", ".svg", ".pdf")


def add_stats_command(commands: Any) -> None:
    """Register `stats` on the command line's subcommands."""
    stats = commands.add_parser(
        "stats", help="player statistics (VPIP, PFR, 3-bet, showdowns, hi-lo halves, bb/100) over hand histories"
    )
    stats.add_argument(
        "files",
        nargs="+",
        help=f"hand history files, folders (read at every depth) or zip archives: {titles()} (found from the content)",
    )
    stats.add_argument("--format", choices=HISTORY_FORMATS, default="auto", help="the input format (default: by file)")
    stats.add_argument(
        "--player",
        action="append",
        metavar="NAME",
        help="only this player (may be given more than once; default: every player)",
    )
    stats.add_argument("--json", action="store_true", help="print one JSON document instead of a table")
    stats.add_argument(
        "--plot",
        metavar="FILE",
        help="draw the chosen players' winnings graph here (.png, .svg or .pdf; needs matplotlib: the plot extra)",
    )
    stats.add_argument(
        "--skip-bad",
        action="store_true",
        help="leave out the hands refused (that cannot be read or replayed, or replay to another outcome; "
        "named on standard error) instead of stopping at the first",
    )
    add_progress_option(stats)
    stats.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    plot = Path(args.plot) if args.plot else None
    if plot is not None:
        check_plot_path(plot)
    refused: list[str] | None = [] if args.skip_bad else None
    inputs = Inputs(args.files, args.format)
    with files_progress(args.progress, args.stderr, inputs):
        players = player_stats(played_hands(inputs, refused=refused))
    for problem in refused or ():
        print(f"refused: {problem}", file=args.stderr)
    for line in note_lines(inputs.notes):
        print(line, file=args.stderr)
    read, refused_count = inputs.summary.totals()
    if not players:
        raise StatsError("no hand could be used" + (f" ({refused_count} refused)" if refused_count else ""))
    chosen = choose(players, args.player)
    if plot is not None:
        from engine.stats.plot import draw_graph

        draw_graph(chosen, plot)
    out = args.stdout
    if args.json:
        document = {
            "hands": read,
            "refused": list(refused or ()),
            "notes": inputs.notes,
            "players": [stats.data() for stats in chosen],
            "inputs": inputs.summary.data(),
        }
        out.write(json.dumps(document, indent=2) + "\n")
    else:
        out.write(table(chosen) + "\n")
        note = moneys_note(chosen)
        if note is not None:
            out.write(note + "\n")
        out.write("".join(line + "\n" for line in inputs.summary.lines()))
        named = " (named on standard error)" if refused_count else ""
        out.write(f"{count_of(read, 'hand')} read, {refused_count} refused{named}\n")
        if not allin.available():
            out.write("The all-in-adjusted net needs numpy: pip install 'omaha-hilo-engine[equity]'.\n")
        if plot is not None:
            out.write(f"Graph written to {plot}.\n")
    return 0


def choose(players: dict[str, PlayerStats], names: list[str] | None) -> list[PlayerStats]:
    """The players asked for, in the order asked (every player, in order of appearance, when none is named). A
    name asks for each of its entries when the player played in more than one money ("Ann" gives "Ann (USD)" and
    "Ann (EUR)"); "Ann (USD)" asks for one."""
    if not names:
        return list(players.values())
    chosen: list[PlayerStats] = []
    for name in names:
        found = [stats for label, stats in players.items() if name in (label, stats.name)]
        if not found:
            known = ", ".join(repr(known) for known in list(players)[:20])
            more = f" and {len(players) - 20} more" if len(players) > 20 else ""
            raise StatsError(f"no hand has a player named {name!r}; the players are {known}{more}")
        chosen += [stats for stats in found if stats not in chosen]
    return chosen


def moneys_note(players: list[PlayerStats]) -> str | None:
    """A line saying which players' results are kept apart by money, or None when nobody's are."""
    split = sorted({stats.name for stats in players if stats.label != stats.name})
    if not split:
        return None
    moneys = sorted({stats.money for stats in players if stats.name in split})
    names = ", ".join(split[:5]) + (f" and {len(split) - 5} more" if len(split) > 5 else "")
    return (
        f"note: {names} played in more than one kind of money ({', '.join(moneys)}): never added up, each is a "
        "row of its own"
    )


def check_plot_path(path: Path) -> None:
    """A graph file that can be written, before any hand is read: a known suffix, a folder that exists."""
    if path.suffix.lower() not in PLOT_SUFFIXES:
        raise StatsError(
            f"--plot {str(path)!r}: the graph is written as {', '.join(PLOT_SUFFIXES)}; name the "
            "file with one of these suffixes"
        )
    check_output(path, "--plot", "graph.png")
    from engine.stats.plot import require_matplotlib

    require_matplotlib()


_COLUMNS = (
    "player",
    "hands",
    "VPIP",
    "PFR",
    "3bet",
    "AF",
    "WTSD",
    "W$SD",
    "high",
    "low",
    "scoop",
    "quarter",
    "net",
    "bb/100",
    "all-in adj",
)


def _row(stats: PlayerStats) -> list[str]:
    rates = stats.rates()
    aggression = stats.aggression
    net = stats.data()["net"]
    return [
        stats.label,
        str(stats.hands),
        rates["vpip"].text(),
        rates["pfr"].text(),
        rates["three_bet"].text(),
        "-" if aggression is None else f"{aggression:.2f}",
        rates["wtsd"].text(),
        rates["wsd"].text(),
        rates["won_high"].text(),
        rates["won_low"].text(),
        rates["scooped"].text(),
        rates["quartered"].text(),
        f"{net:+}",
        f"{stats.bb_per_100:+.1f}",
        "-" if stats.adjusted is None else f"{stats.adjusted:+.2f}",
    ]


def table(players: list[PlayerStats]) -> str:
    """The statistics as an aligned table: rates in percent ("-" where there was no chance), AF a ratio."""
    rows = [list(_COLUMNS), *(_row(stats) for stats in players)]
    widths = [max(len(row[i]) for row in rows) for i in range(len(_COLUMNS))]
    lines = [
        "  ".join(
            cell.ljust(width) if i == 0 else cell.rjust(width)
            for i, (cell, width) in enumerate(zip(row, widths, strict=True))
        ).rstrip()
        for row in rows
    ]
    return "\n".join(lines)
