"""A large tournament played to the end by bots: what `python -m engine tournament --entrants 1000` plays.

    python benchmarks/bench_tournament.py --entrants 1000 --seats 9 --game limit --repeat 3

Plays the same tournament (the standard levels, 100 big blinds a stack, the bots hilo, random and caller given
to the entrants in turn, one seed) ``--repeat`` times in this process and reports the median seconds, the
hands dealt, hands a second, the CPU seconds of this process (what a busy machine changes least) and the load
average before and after (wall seconds mean little without it on a shared machine). Every run must give the
same tournament: the script checks it. To compare two versions of the engine, run the script alternately with
each on PYTHONPATH (benchmarks/README.md).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import time

from engine.command_options import in_turn
from engine.tournament.levels import STANDARD_BIG_BLIND, standard_levels
from engine.tournament.simulation import play_one
from engine.tournament.structure import Structure


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--entrants", type=int, default=1000)
    parser.add_argument("--seats", type=int, default=9)
    parser.add_argument("--game", default="limit")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    stack = 100 * STANDARD_BIG_BLIND
    structure = Structure(standard_levels(args.game, stack * args.entrants), stack, args.seats, buy_in=100)
    specs = in_turn(["hilo", "random", "caller"], args.entrants)
    load_before = os.getloadavg()
    seconds, cpu, outcomes = [], [], []
    for _ in range(args.repeat):
        started, started_cpu = time.perf_counter(), time.process_time()
        outcomes.append(play_one(structure, specs, args.seed))
        seconds.append(time.perf_counter() - started)
        cpu.append(time.process_time() - started_cpu)
    median = statistics.median(seconds)
    print(
        json.dumps(
            {
                "entrants": args.entrants,
                "seats": args.seats,
                "game": args.game,
                "seed": args.seed,
                "repeat": args.repeat,
                "hands": outcomes[0].hands,
                "level_reached": outcomes[0].level + 1,
                "tables": outcomes[0].tables,
                "moves": len(outcomes[0].moves),
                "seconds": [round(s, 2) for s in seconds],
                "seconds_median": round(median, 2),
                "hands_per_second": round(outcomes[0].hands / median),
                "cpu_seconds": [round(s, 2) for s in cpu],
                "cpu_seconds_median": round(statistics.median(cpu), 2),
                "same_tournament_every_run": all(outcome == outcomes[0] for outcome in outcomes),
                "cpus": os.cpu_count(),
                "load_average_before": [round(x, 2) for x in load_before],
                "load_average_after": [round(x, 2) for x in os.getloadavg()],
            },
            indent=2,
        )
    )


if __name__ == "__main__":
    main()
