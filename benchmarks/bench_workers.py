"""Matches on every core: the same sharded match on 1 and on N worker processes, side by side in one run.

    python benchmarks/bench_workers.py --hands 20000 --workers 2 --repeat 3

Plays ``--hands`` hands of pot-limit Omaha hi-lo between the built-in bots (hilo, random, caller, six seats) in
shards of 1,000 hands, first in this process, then on ``--workers`` processes; reports the median seconds of
each, the speed-up, and that both gave the same result (they must: the result depends only on the seed, the
hands and the shard size).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import time

from engine import PotLimit, Rules
from engine.shards import play_sharded

SPECS = ["hilo", "random", "caller", "hilo", "random", "caller"]


def timed(hands: int, workers: int, seed: int) -> tuple[float, object]:
    started = time.perf_counter()
    result = play_sharded(SPECS, Rules(PotLimit(), blinds=(1, 2)), hands, seed=seed, workers=workers, time_limit=None)
    return time.perf_counter() - started, result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=20_000)
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 2)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    one, many = [], []
    same = True
    for run in range(args.repeat):
        seconds, first = timed(args.hands, 1, seed=run)
        one.append(seconds)
        seconds, second = timed(args.hands, args.workers, seed=run)
        many.append(seconds)
        same = same and first == second
    print(
        json.dumps(
            {
                "hands": args.hands,
                "workers": args.workers,
                "cpus": os.cpu_count(),
                "repeat": args.repeat,
                "seconds_one_worker_median": round(statistics.median(one), 2),
                f"seconds_{args.workers}_workers_median": round(statistics.median(many), 2),
                "speedup": round(statistics.median(one) / statistics.median(many), 2),
                "hands_per_second": round(args.hands / statistics.median(many)),
                "same_result": same,
            },
            indent=2,
        )
    )


if __name__ == "__main__":
    main()
