"""The commands' one progress bar, on standard error: `simulate`'s hands and the history commands' files (`replay`,
`convert`, `stats`). A rich progress bar when rich is installed (the cli extra), else one updating line; either
way it is gone when the run ends, so what the command prints stays as it was."""

from __future__ import annotations

import argparse
import importlib
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, Protocol, TextIO


class Progress:
    """``done`` of ``total`` ``unit`` on ``stream``, labelled ``verb``. Nothing is drawn until the run has lasted
    ``delay`` seconds (a short run stays quiet), then at most ten times a second."""

    def __init__(
        self, total: int, stream: TextIO, *, verb: str = "simulating", unit: str = "hands", delay: float = 0.0
    ) -> None:
        self.total, self.stream, self.done = total, stream, 0
        self.verb, self.unit, self.delay = verb, unit, delay
        self.started = time.monotonic()
        self.shown = 0.0
        self.drawn = False
        self.bar: Any = None
        self.bars: Any = None
        try:  # rich is optional (pip install "omaha-hilo-engine[cli]"): an engine need not pull it in
            self.bars = importlib.import_module("rich.progress")
            self.console = importlib.import_module("rich.console").Console(file=stream)
        except ImportError:
            self.bars = None
        if delay <= 0:
            self._start()

    def _start(self) -> None:
        self.drawn = True
        if self.bars is None:
            return
        bars = self.bars
        self.bar = bars.Progress(
            bars.TextColumn(self.verb),
            bars.BarColumn(),
            bars.MofNCompleteColumn(),
            bars.TextColumn(self.unit),
            bars.TimeRemainingColumn(),
            console=self.console,
            transient=True,
        )
        self.task = self.bar.add_task(self.unit, total=self.total)
        self.bar.start()

    def step(self, count: int = 1) -> None:
        self.done += count
        now = time.monotonic()
        if not self.drawn:
            if now - self.started < self.delay:
                return
            self._start()
        elif now - self.shown < 0.1 and self.done < self.total:
            return
        self.shown = now
        if self.bar is not None:
            self.bar.update(self.task, completed=self.done)
        else:
            rate = self.done / max(now - self.started, 1e-9)
            self.stream.write(
                f"\r{self.verb}: {self.done:,}/{self.total:,} {self.unit} "
                f"({100 * self.done // max(self.total, 1)}%), {rate:,.0f} {self.unit}/s "
            )
            self.stream.flush()

    def clear(self) -> None:
        """Make way for a line of text on the same stream (a note, a refusal): the plain bar's line is erased
        first, so the text starts on a line of its own, and the bar is drawn again at the next step (rich's bar
        keeps itself below what is printed while it runs)."""
        if self.bar is None and self.drawn and self.done:
            self.stream.write("\r" + " " * 72 + "\r")
            self.stream.flush()
            self.shown = 0.0

    def close(self) -> None:
        if self.bar is not None:
            self.bar.stop()
        elif self.drawn and self.done:
            self.stream.write("\r" + " " * 72 + "\r")
            self.stream.flush()


def wanted(asked: bool | None, stream: TextIO, *, long: bool = True) -> bool:
    """Whether a command's ``--progress``/``--no-progress`` (``asked``; None when neither was given) calls for a
    bar: asked for, or by default for a ``long`` run when standard error is a terminal."""
    return bool(asked or (asked is None and long and stream.isatty()))


class _Files(Protocol):
    """What `files_progress` draws: inputs that count their files and call ``step`` as each is read
    (`engine.history.inputs.Inputs`)."""

    step: Callable[[], object] | None

    def __len__(self) -> int: ...


@contextmanager
def files_progress(asked: bool | None, stream: TextIO, files: _Files) -> Iterator[Progress | None]:
    """The history commands' bar (`replay`, `convert`, `stats`), or None: the files ``files`` reads, counted only
    when a bar is wanted, a step as each is read, and the bar gone when the run ends, however it ends. By
    default it appears on a terminal once the run has lasted a second."""
    progress = None
    if wanted(asked, stream):
        progress = Progress(len(files), stream, verb="reading", unit="files", delay=1.0 if asked is None else 0.0)
    files.step = progress.step if progress is not None else None
    try:
        yield progress
    finally:
        if progress is not None:
            progress.close()


def add_progress_option(
    command: argparse.ArgumentParser,
    shows: str = "files read, as a progress bar",
    default: str = "on a terminal, once a run has lasted a second",
) -> None:
    """``--progress``/``--no-progress``, read by `wanted`: every command's (the history commands' files by
    default; ``shows`` what another command draws, ``default`` when it draws it unasked)."""
    command.add_argument(
        "--progress",
        action=argparse.BooleanOptionalAction,
        default=None,
        help=f"{shows} on standard error (default: {default})",
    )
