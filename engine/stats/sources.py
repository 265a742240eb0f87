"""History files of every supported format as played engine hands: each file read into records (PHH,
PokerStars text, OHH, or what `simulate --out` wrote), each record replayed through the engine as `replay`
does, so the statistics count what the engine played, whatever the format."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from pathlib import Path

from engine.errors import HistoryError
from engine.history.files import read_history
from engine.history.record import HandRecord
from engine.history.replay import replay
from engine.stats.errors import StatsError
from engine.stats.players import PlayedHand

__all__ = ["StatsError", "played_hands"]


def played_hands(paths: Iterable[str | Path], format: str = "auto", *,
                 skipped: list[str] | None = None) -> Iterator[PlayedHand]:
    """Every hand in the files, in order, replayed. A hand that cannot be read or replayed, or whose replay
    disagrees with its record, is a `StatsError` naming it; given a ``skipped`` list, it is left out and
    described there instead."""
    for path in paths:
        path = Path(path)
        if not path.is_file():
            raise StatsError(f"{str(path)!r}: no such file" if not path.exists() else
                             f"{str(path)!r} is not a file")
        found = read_history(path, format)
        for item in found:
            if isinstance(item, HistoryError):
                _bad(str(item), skipped)
                continue
            hand = _played(item)
            if isinstance(hand, str):
                _bad(hand, skipped)
            else:
                yield hand


def _bad(problem: str, skipped: list[str] | None) -> None:
    if skipped is None:
        raise StatsError(f"{problem} (--skip-bad leaves such hands out)")
    skipped.append(problem)


def _played(record: HandRecord) -> PlayedHand | str:
    """The record replayed, or what is wrong with it."""
    report = replay(record)
    where = f"{record.source or '<text>'}: hand #{record.id or '?'}"
    if report.failed or report.state is None:
        return f"{where}: {report.status}: {report.detail}"
    labels = record.seat_labels or tuple(range(1, len(record.starting_stacks) + 1))
    names = record.players or tuple(f"seat {label}" for label in labels)
    return PlayedHand(report.state, tuple(names), record.source, record.id, record.scale)
