"""Benchmark `python -m engine replay FOLDER` on a folder of about 10,000 hands of mixed sites (issue 25: "10,000
hands from a folder of mixed sites replay in under a minute").

    python benchmarks/bench_many_files.py [--hands 10000] [--runs 5] [--folder DIR] [--build-only]

The folder is built from every site the engine reads at the time it runs: each folder tests/data/<site>/ gives
its samples, every hand renumbered so that no two hands share an id. Samples in PHH, OHH or PokerStars text are
written again by the engine's own writers (`write_phhs`, `write_ohh`, `write_pokerstars`) with new ids; those of
the other sites are copied as text with their ids replaced, and read back to check that every copy reads and
replays as its sample does (a sample that does not is left out, and said so). OHH, which has no samples of its
own, is written from every sample's records. Each site gets an equal share of the hands, ten hands a file (a copy
a file where copies do not join into one readable file, as XML exports), in a folder per site with subfolders,
plus a README and an image that replay skips.

The command is then timed as a whole process, ``--runs`` times after one warm-up (wall and CPU seconds of the
child, from `time.perf_counter` and `resource.getrusage`), and the medians printed; its output is checked once
(every hand ok, none skipped wrongly). ``--build-only`` builds the folder into ``--folder`` and stops, to time
the command with another tool (`/usr/bin/time -v python -m engine replay --no-progress DIR`).
"""

from __future__ import annotations

import argparse
import itertools
import json
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import attrs

from engine.errors import EngineError
from engine.history.decoding import decode_history
from engine.history.files import read_history, read_history_bytes
from engine.history.ohh import write_ohh
from engine.history.phh import write_phhs
from engine.history.pokerstars import write_pokerstars
from engine.history.record import HandRecord
from engine.history.replay import replay

DATA = Path(__file__).resolve().parent.parent / "tests" / "data"
WRITERS = ("phh", "ohh", "pokerstars")  # formats the engine writes: their hands are written, not copied
PER_FILE = 10


@attrs.frozen
class Sample:
    """One sample file: its text, its format, and its hands (all of which read and replay)."""

    path: Path
    text: str
    format: str
    records: tuple[HandRecord, ...]


def samples() -> Iterator[tuple[str, list[Sample]]]:
    """Each site folder under tests/data with the samples in it that read without an error."""
    for site in sorted(path for path in DATA.iterdir() if path.is_dir()):
        found = []
        for path in sorted(site.rglob("*")):
            if not path.is_file():
                continue
            hands = read_history(path)
            records = [item for item in hands if isinstance(item, HandRecord)]
            if hands.format is None or len(records) != len(hands) or any(replay(r).failed for r in records):
                print(f"  left out {path.relative_to(DATA)}: not every hand reads and replays", file=sys.stderr)
                continue
            text = decode_history(path.read_bytes()).text  # UTF-16 and Windows-1252 samples too; copies are UTF-8
            found.append(Sample(path, text, hands.format, tuple(records)))
        if found:
            yield site.name, found


def _renumbered_text(sample: Sample, ids: Iterator[int]) -> str | None:
    """The sample's text with each hand's id replaced by a new one (its letters kept: "OM123" -> "OM900000001"),
    or None when the copy does not read back as the sample does."""
    text = sample.text
    wanted = []
    for record in sample.records:
        new = re.match(r"\D*", record.id)[0] + str(next(ids))  # type: ignore[index]
        text, count = re.subn(rf"(?<![\w]){re.escape(record.id)}(?![\w])", new, text)
        if not count:
            return None
        wanted.append(new)
    copy = read_history_bytes(text.encode("utf-8"), sample.path.name)
    records = [item for item in copy if isinstance(item, HandRecord)]
    if [r.id for r in records] != wanted or len(records) != len(copy) or any(replay(r).failed for r in records):
        return None
    return text


def _renumbered(record: HandRecord, number: int) -> HandRecord:
    """The record with a new id (and a new PHH ``hand`` field, which the PHH writer keeps before the id)."""
    fields = tuple((key, number if key == "hand" else value) for key, value in record.fields)
    return attrs.evolve(record, id=str(number), fields=fields)


def _reads_whole(text: str, hands: int) -> bool:
    """Whether the text reads as ``hands`` hands, each a record."""
    found = read_history_bytes(text.encode("utf-8"), "joined.txt")
    return len(found) == hands and all(isinstance(item, HandRecord) for item in found)


def _written(records: list[HandRecord], format: str) -> tuple[str, str]:
    """Records written by the engine's writer of ``format``: the text and the file suffix."""
    if format == "phh":
        return write_phhs(records), ".phhs"
    if format == "ohh":
        return "".join(write_ohh(record) for record in records), ".ohh"
    return "\n\n\n".join(write_pokerstars(record) for record in records) + "\n", ".txt"


def _writes_ohh(record: HandRecord) -> bool:
    try:
        write_ohh(record)
    except EngineError:  # what OHH cannot say (several boards, odd limit stakes)
        return False
    return True


def build(folder: Path, hands: int) -> dict[str, int]:
    """The benchmark's folder; the hands written per site (or format)."""
    ids = itertools.count(900_000_001)
    sites = dict(samples())
    everything = [
        record for found in sites.values() for sample in found for record in sample.records if _writes_ohh(record)
    ]
    groups: dict[str, list[Sample]] = {**sites, "ohh": []}
    share = -(-hands // len(groups))
    written: dict[str, int] = {}
    for site, found in groups.items():
        target = folder / site
        count = 0
        number = 0
        while count < share:
            format = found[0].format if found else "ohh"
            if format in WRITERS:  # the engine's writer, new ids
                pool = everything if site == "ohh" else [r for sample in found for r in sample.records]
                chosen = [pool[(count + i) % len(pool)] for i in range(min(PER_FILE, share - count))]
                records = [_renumbered(record, next(ids)) for record in chosen]
                text, suffix = _written(records, format)
                texts, made = [text], len(records)
            else:  # the site's own text, copied with new ids, PER_FILE hands or so a file
                parts, made = [], 0
                for sample in itertools.islice(itertools.cycle(found), number, None):
                    copy = _renumbered_text(sample, ids)
                    if copy is None:
                        raise SystemExit(f"{sample.path}: its ids could not be replaced (the copy reads otherwise)")
                    parts.append(copy)
                    made += len(sample.records)
                    if made >= PER_FILE or count + made >= share:
                        break
                joined, suffix = "\n\n\n".join(parts) + "\n", sample.path.suffix or ".txt"
                # one file of several copies, unless the format holds one document a file (an XML export)
                texts = [joined] if _reads_whole(joined, made) else parts
            for text in texts:
                path = target / f"{number // 50:03d}" / f"{site}-{number:05d}{suffix}"
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_text(text, encoding="utf-8")
                number += 1
            count += made
        written[site] = count
    (folder / "README.md").write_text("Hands exported for the benchmark.\n", encoding="utf-8")
    (folder / "table.png").write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR")
    return written


def time_runs(folder: Path, runs: int) -> tuple[list[float], list[float]]:
    """Wall and CPU seconds of each run of the command (after one warm-up, not counted)."""
    command = [sys.executable, "-m", "engine", "replay", "--no-progress", str(folder)]
    walls, cpus = [], []
    for run in range(runs + 1):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        started = time.perf_counter()
        done = subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
        wall = time.perf_counter() - started
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        if done.returncode != 0:
            raise SystemExit(f"{' '.join(command)} exited {done.returncode}")
        if run:
            walls.append(wall)
            cpus.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    return walls, cpus


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=10_000, help="hands in the folder, about (default 10000)")
    parser.add_argument("--runs", type=int, default=5, help="timed runs after one warm-up (default 5)")
    parser.add_argument("--folder", type=Path, help="build the folder here and keep it (default: a temporary one)")
    parser.add_argument("--build-only", action="store_true", help="build the folder and stop")
    args = parser.parse_args()
    folder = args.folder or Path(tempfile.mkdtemp(prefix="many-files-"))
    if folder.exists() and any(folder.iterdir()):
        raise SystemExit(f"{folder} is not empty")
    try:
        written = build(folder, args.hands)
        files = sum(1 for path in folder.rglob("*") if path.is_file())
        print(
            f"{folder}: {sum(written.values()):,} hands in {files:,} files: "
            + ", ".join(f"{site} {count:,}" for site, count in written.items())
        )
        if args.build_only:
            return
        check = subprocess.run(
            [sys.executable, "-m", "engine", "replay", "--json", "--no-progress", str(folder)],
            capture_output=True,
            text=True,
            check=False,
        )
        total = sum(written.values())
        document = json.loads(check.stdout) if check.stdout else {}
        ids = {hand["id"] for hand in document.get("hands", ())}
        if check.returncode != 0 or document["summary"]["ok"] != total or len(ids) != total:
            raise SystemExit(
                f"the replay did not find every hand ok, each with its own id: {check.stderr[-500:]} "
                f"{document.get('summary')}, {len(ids)} ids"
            )
        print(f"replay: {total:,} hands ok, {len(ids):,} ids")
        walls, cpus = time_runs(folder, args.runs)
        print(
            f"python -m engine replay --no-progress FOLDER, {args.runs} runs after a warm-up: "
            f"wall median {statistics.median(walls):.2f} s (min {min(walls):.2f}, max {max(walls):.2f}), "
            f"CPU median {statistics.median(cpus):.2f} s"
        )
    finally:
        if args.folder is None:
            shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
