"""History files of every supported format as played engine hands: each file read into records (PHH,
PokerStars text, OHH, or what `simulate --out` wrote), each record replayed through the engine as `replay`
does, so the statistics count what the engine played, whatever the format."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING

from engine.errors import HistoryError
from engine.history.inputs import Inputs
from engine.history.record import HandRecord
from engine.history.replay import MISMATCH, replay
from engine.stats.errors import StatsError
from engine.stats.players import PlayedHand

if TYPE_CHECKING:
    from engine.state import HandState

__all__ = ["StatsError", "played_hands"]


def played_hands(
    paths: Iterable[str | Path] | Inputs, format: str = "auto", *, skipped: list[str] | None = None
) -> Iterator[PlayedHand]:
    """Every hand in the files (folders and zip archives: `engine.history.inputs`), in order, replayed. A hand
    that cannot be read or replayed, or whose replay disagrees with its record, is a `StatsError` naming it;
    given a ``skipped`` list, it is left out and described there instead. Given `Inputs` (the command does, for
    their summary and progress), ``format`` is theirs."""
    inputs = paths if isinstance(paths, Inputs) else Inputs(paths, format)
    for path in inputs.paths:
        if not path.exists():
            raise StatsError(f"{str(path)!r}: no such file")
    for file in inputs.read():
        for item in file.hands:
            if isinstance(item, HistoryError):
                inputs.summary.hand(file, str(item), source=item.source, hand_id=item.hand_id)
                _bad(str(item), skipped)
                continue
            report = replay(item)
            if report.failed or report.state is None:
                problem = f"{item.source or '<text>'}: hand #{item.id or '?'}: {report.status}: {report.detail}"
                inputs.summary.hand(
                    file, report.detail, source=item.source, hand_id=item.id, mismatch=report.status == MISMATCH
                )
                _bad(problem, skipped)
                continue
            inputs.summary.hand(file)
            yield _played(item, report.state)


def _bad(problem: str, skipped: list[str] | None) -> None:
    if skipped is None:
        raise StatsError(f"{problem} (--skip-bad leaves such hands out)")
    skipped.append(problem)


def _played(record: HandRecord, state: HandState) -> PlayedHand:
    labels = record.seat_labels or tuple(range(1, len(record.starting_stacks) + 1))
    names = record.players or tuple(f"seat {label}" for label in labels)
    return PlayedHand(state, tuple(names), record.source, record.id, record.scale)
