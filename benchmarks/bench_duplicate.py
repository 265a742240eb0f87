"""What a duplicate match buys: bb/100's standard error measured over deals against over hands, on real bots.

    python benchmarks/bench_duplicate.py --deals 20000 --games pot-limit limit

Plays ``--deals`` deals of each game between hilo, random and caller (three seats, 100 big blinds reset every
deal), each deal once per rotation of the bots (`engine.duplicate.play_duplicate`), and prints per bot its
bb/100, the standard error by hands (every hand taken as independent), the standard error by deals (each
deal's net averaged over its rotations) and the change in percent: negative when the duplicate error is smaller.
The seed is printed; the same seed gives the same figures on every machine.
"""

from __future__ import annotations

import argparse
import json
import time

from engine.cli import build_game
from engine.duplicate import play_duplicate

SPECS = ["hilo", "random", "caller"]


def measure(game: str, deals: int, seed: int) -> dict[str, object]:
    started = time.perf_counter()
    duplicate = play_duplicate(SPECS, build_game(game, None, None), deals, seed=seed, time_limit=None)
    seconds = time.perf_counter() - started
    bots = []
    for bot, stats in enumerate(duplicate.result.stats):
        by_hands, by_deals = stats.bb_per_100_error, duplicate.duplicate_error(bot)
        bots.append(
            {
                "bot": stats.name,
                "bb_per_100": round(stats.bb_per_100, 2),
                "error_by_hands": round(by_hands, 2),
                "error_by_deals": round(by_deals, 2),
                "change_percent": round(100 * (by_deals - by_hands) / by_hands, 1) if by_hands else None,
                "rebuys": stats.rebuys,
            }
        )
    return {
        "game": game,
        "deals": deals,
        "hands": duplicate.result.hands,
        "seed": seed,
        "seconds": round(seconds, 1),
        "bots": bots,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=20_000)
    parser.add_argument("--games", nargs="+", default=["pot-limit", "limit"])
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(json.dumps([measure(game, args.deals, args.seed) for game in args.games], indent=2))


if __name__ == "__main__":
    main()
