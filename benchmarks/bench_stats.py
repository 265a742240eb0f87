"""Benchmark `stats`' all-in EV: hands per second of `engine.stats.player_stats` over simulated hands, with the
all-in EV of each spot worked out once (cached by spot, the default) and worked out afresh for every hand (the
cache emptied before each, as it was before issue 24).

    python benchmarks/bench_stats.py [--hands N] [--seed S] [--bots random,caller] [--duplicate]

The hands are played by `engine.match` (no-limit, 4 big blinds, the bots given: short stacks go all in often)
and kept in memory as engine hands, so reading files is not timed; each pass replays nothing and times only
`player_stats` (facts, the all-in EV, the sums). ``--duplicate`` plays each deal in every rotation of the bots,
so the same all-in spots come back in other seats, as in `simulate --duplicate`.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Iterator

from engine.equity import allin
from engine.equity.allin import all_in_ev
from engine.stats.players import PlayedHand, player_stats


def hands(count: int, seed: int, bots: list[str], duplicate: bool) -> list[PlayedHand]:
    from engine import NoLimit, Rules, start_hand
    from engine.bots import CallingStation, RandomBot

    rules = Rules(NoLimit(), blinds=(1, 2))
    out = []
    rotations = len(bots) if duplicate else 1
    deal = 0
    while len(out) < count:
        for rotation in range(rotations):
            order = bots[rotation:] + bots[:rotation]
            # each bot keeps its seed through the rotations of a deal, as a duplicate match's bots do
            players = [RandomBot(seed=seed + deal * 31 + (seat + rotation) % len(order)) if name == "random"
                       else CallingStation() for seat, name in enumerate(order)]
            state = start_hand(rules, (8,) * len(order), 0, seed=seed + deal)
            while not state.is_over:
                assert state.actor is not None
                state = state.apply(players[state.actor].act(state.view(state.actor)))
            names = tuple(f"{name}{(seat + rotation) % len(order)}" for seat, name in enumerate(order))
            out.append(PlayedHand(state, names))
        deal += 1
    return out[:count]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--hands", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=24)
    parser.add_argument("--bots", default="random,random,caller")
    parser.add_argument("--duplicate", action="store_true")
    args = parser.parse_args()
    played = hands(args.hands, args.seed, args.bots.split(","), args.duplicate)
    all_in = sum(1 for hand in played if all_in_ev(hand.state) is not None)
    print(f"{len(played)} hands (seed {args.seed}, bots {args.bots}{', duplicate' if args.duplicate else ''}), "
          f"{all_in} all in before the river")

    def fresh() -> Iterator[PlayedHand]:
        for hand in played:
            allin._canonical_equity.cache_clear()
            yield hand

    for label, source in (("every hand afresh", fresh), ("once per spot", lambda: iter(played))):
        allin._canonical_equity.cache_clear()
        started = time.perf_counter()
        player_stats(source())
        seconds = time.perf_counter() - started
        info = allin._canonical_equity.cache_info()
        spots = f"; spots enumerated {info.misses}, from the cache {info.hits}" if source is not fresh else ""
        print(f"{label:>18}: {seconds:7.2f} s, {len(played) / seconds:8.1f} hands/s, "
              f"{1000 * seconds / max(all_in, 1):6.1f} ms an all-in hand{spots}")


if __name__ == "__main__":
    main()
