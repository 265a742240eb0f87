"""Benchmark `stats`' all-in EV: hands per second of `engine.stats.player_stats` over simulated hands, with the
all-in EV of each spot worked out once (cached by spot, the default) and worked out afresh for every hand (the
cache emptied before each), and, with ``--board-by-board``, also as before issue 24 (every preflop all-in's
and flop's boards enumerated one by one by `equity(exact=True)`, with its seven figures; cache emptied).

    python benchmarks/bench_stats.py [--hands N] [--seed S] [--bots random,caller] [--duplicate] [--board-by-board]

The hands are played by `engine.match` (no-limit, 4 big blinds, the bots given: short stacks go all in often)
and kept in memory as engine hands, so reading files is not timed; each pass replays nothing and times only
`player_stats` (facts, the all-in EV, the sums). ``--duplicate`` plays each deal in every rotation of the bots,
so the same all-in spots come back in other seats, as in `simulate --duplicate`.
"""

from __future__ import annotations

import argparse
import contextlib
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
            players = [
                RandomBot(seed=seed + deal * 31 + (seat + rotation) % len(order))
                if name == "random"
                else CallingStation()
                for seat, name in enumerate(order)
            ]
            state = start_hand(rules, (8,) * len(order), 0, seed=seed + deal)
            while not state.is_over:
                assert state.actor is not None
                state = state.apply(players[state.actor].act(state.view(state.actor)))
            names = tuple(f"{name}{(seat + rotation) % len(order)}" for seat, name in enumerate(order))
            out.append(PlayedHand(state, names))
        deal += 1
    return out[:count]


def _build_seconds() -> float:
    from engine.equity.board_classes import classes

    started = time.perf_counter()
    classes()
    return time.perf_counter() - started


@contextlib.contextmanager
def _boards_one_by_one() -> Iterator[None]:
    """The all-in EV as before issue 24: every spot through `equity(exact=True)`."""
    from engine.cards import ALL_CARDS
    from engine.equity.solve import equity

    def enumerated(hands: list[list[int]], board: list[int], dead: list[int], hi_lo: bool) -> tuple[float, ...]:
        def cards(ids: list[int]) -> list[object]:
            return [ALL_CARDS[c] for c in ids]

        found = equity([cards(hand) for hand in hands], board=cards(board), dead=cards(dead), hi_lo=hi_lo, exact=True)
        return tuple(player.equity for player in found.players)

    real = allin.dealt_board_equity
    allin.dealt_board_equity = enumerated  # type: ignore[assignment]
    try:
        yield
    finally:
        allin.dealt_board_equity = real


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--hands", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=24)
    parser.add_argument("--bots", default="random,random,caller")
    parser.add_argument("--duplicate", action="store_true")
    parser.add_argument(
        "--board-by-board",
        action="store_true",
        help="also time the board-by-board enumeration of preflop all-ins (slow)",
    )
    args = parser.parse_args()
    build = _build_seconds()
    played = hands(args.hands, args.seed, args.bots.split(","), args.duplicate)
    all_in = sum(1 for hand in played if all_in_ev(hand.state) is not None)
    print(
        f"{len(played)} hands (seed {args.seed}, bots {args.bots}{', duplicate' if args.duplicate else ''}), "
        f"{all_in} all in before the river"
    )

    def fresh() -> Iterator[PlayedHand]:
        for hand in played:
            allin._canonical_equity.cache_clear()
            yield hand

    print(f"board classes built in {build:.2f} s (once per process)")
    passes = [("every hand afresh", fresh, False), ("once per spot", lambda: iter(played), False)]
    if args.board_by_board:
        passes.insert(0, ("board by board", fresh, True))
    for label, source, by_board in passes:
        allin._canonical_equity.cache_clear()
        started = time.perf_counter()
        if by_board:
            with _boards_one_by_one():
                player_stats(source())
        else:
            player_stats(source())
        seconds = time.perf_counter() - started
        info = allin._canonical_equity.cache_info()
        spots = f"; spots worked out {info.misses}, from the cache {info.hits}" if source is not fresh else ""
        print(
            f"{label:>18}: {seconds:7.2f} s, {len(played) / seconds:8.1f} hands/s, "
            f"{1000 * seconds / max(all_in, 1):6.1f} ms an all-in hand{spots}"
        )


if __name__ == "__main__":
    main()
