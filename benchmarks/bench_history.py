"""Benchmark reading and replaying hand histories: CPU seconds of this process to read (decode, detect, parse,
build the records) and to replay every hand of the files given, through `read_history` and `replay` as
`python -m engine replay` calls them, each timed on its own.

    python benchmarks/bench_history.py FILE [FILE ...] [--passes N]

Run it under two checkouts to compare them in one sitting, alternating the two runs (one of each, again and
again, so the machine's load falls on both alike) and comparing the medians:

    env PYTHONPATH=OLD python benchmarks/bench_history.py F...
    env PYTHONPATH=NEW python benchmarks/bench_history.py F...

The files are the project's real logs (tests/data) repeated into a large file of each format; see README.md.
"""

from __future__ import annotations

import argparse
import time

from engine.history.files import read_history
from engine.history.record import HandRecord
from engine.history.replay import replay


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="+")
    parser.add_argument("--passes", type=int, default=1)
    args = parser.parse_args()
    for path in args.files:
        started = time.process_time()
        for _ in range(args.passes):
            found = read_history(path)
        read = time.process_time() - started
        records = [item for item in found if isinstance(item, HandRecord)]
        started = time.process_time()
        for _ in range(args.passes):
            statuses = [replay(record).status for record in records]
        played = time.process_time() - started
        ok = statuses.count("ok")
        print(
            f"{path}: {len(found)} hands ({ok} ok), read {read / args.passes:.3f} s, replay "
            f"{played / args.passes:.3f} s"
        )


if __name__ == "__main__":
    main()
