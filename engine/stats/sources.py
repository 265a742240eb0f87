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
from engine.stats.errors import StatsError
from engine.stats.players import PlayedHand

if TYPE_CHECKING:
    from engine.state import HandState

__all__ = ["StatsError", "played_hands"]


def played_hands(
    paths: Iterable[str | Path] | Inputs, format: str = "auto", *, refused: list[str] | None = None
) -> Iterator[PlayedHand]:
    """Every hand in the files (folders and zip archives: `engine.history.inputs`), in order, replayed. A hand
    that cannot be read or replayed, or whose replay disagrees with its record, is a `StatsError` naming it;
    given a ``refused`` list, it is left out and described there instead. Given `Inputs` (the command does, for
    their summary and progress), ``format`` is theirs."""
    try:
        inputs = paths if isinstance(paths, Inputs) else Inputs(paths, format)
    except HistoryError as error:  # a path that does not exist
        raise StatsError(str(error)) from None
    for checked in inputs.checked():
        problem, record, report = checked.problem, checked.record, checked.report
        if problem is not None or record is None or report is None or report.state is None:
            problem_line = problem or f"{checked.file.where}: hand #?: not played"
            if refused is None:
                raise StatsError(f"{problem_line} (--skip-bad leaves such hands out)")
            refused.append(problem_line)
            continue
        yield _played(record, report.state)


def _played(record: HandRecord, state: HandState) -> PlayedHand:
    labels = record.seat_labels or tuple(range(1, len(record.starting_stacks) + 1))
    names = record.players or tuple(f"seat {label}" for label in labels)
    return PlayedHand(state, tuple(names), record.source, record.id, record.scale, record.money)
