"""The winnings graph of `stats --plot`: each chosen player's cumulative net over the hands they played (and
the all-in-adjusted net, dotted, when it was worked out) and, below it, the chips they took at showdowns from
the high and from the low halves of pots.

matplotlib is an optional extra (``pip install "omaha-hilo-engine[plot]"``), imported only here and only when
a graph is drawn, on the Agg backend (a file, no window, no network).
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from fractions import Fraction
from itertools import accumulate
from pathlib import Path
from typing import Any

from engine.stats.errors import StatsError
from engine.stats.players import PlayerStats


def require_matplotlib() -> Any:
    """matplotlib's pyplot on the Agg backend, or a StatsError saying how to install it."""
    try:
        matplotlib = importlib.import_module("matplotlib")
    except ImportError:
        raise StatsError(
            "--plot needs matplotlib: pip install 'omaha-hilo-engine[plot]' (or pip install matplotlib)"
        ) from None
    matplotlib.use("Agg")
    return importlib.import_module("matplotlib.pyplot")


def _running(values: Sequence[Fraction]) -> list[float]:
    return [float(total) for total in accumulate(values)]


def draw_graph(players: Sequence[PlayerStats], path: Path) -> None:
    """Draw the players' graph to ``path`` (its suffix names the format: png, svg or pdf)."""
    pyplot = require_matplotlib()
    figure, (nets, halves) = pyplot.subplots(
        2, 1, figsize=(8, 6), sharex=True, height_ratios=(2, 1), layout="constrained"
    )
    try:
        for index, stats in enumerate(players):
            colour = f"C{index % 10}"
            hands = list(range(1, len(stats.points) + 1))
            nets.plot(
                hands,
                _running([point.net for point in stats.points]),
                color=colour,
                label=f"{stats.label} ({stats.hands} hands, {stats.bb_per_100:+.1f} bb/100)",
            )
            adjusted = [point.adjusted for point in stats.points]
            if all(value is not None for value in adjusted):
                nets.plot(
                    hands,
                    list(accumulate(value or 0.0 for value in adjusted)),
                    color=colour,
                    linestyle=":",
                    label=f"{stats.label} all-in adjusted",
                )
            halves.plot(
                hands, _running([point.high for point in stats.points]), color=colour, label=f"{stats.label} high"
            )
            halves.plot(
                hands,
                _running([point.low for point in stats.points]),
                color=colour,
                linestyle="--",
                label=f"{stats.label} low",
            )
        nets.axhline(0, color="grey", linewidth=0.8)
        nets.set_ylabel("net won")
        nets.set_title("Winnings")
        nets.legend(loc="best", fontsize="small")
        halves.set_xlabel("hands played")
        halves.set_ylabel("won at showdown")
        halves.legend(loc="best", fontsize="small", ncols=2)
        for axes in (nets, halves):
            axes.grid(True, alpha=0.3)
        try:
            figure.savefig(path, dpi=80)
        except OSError as error:
            raise StatsError(f"--plot {str(path)!r}: cannot write there: {error.strerror or error}") from None
    finally:
        pyplot.close(figure)
