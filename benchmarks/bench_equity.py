"""Benchmark engine.equity against PokerKit 0.7.7's calculate_equities on one heads-up preflop Omaha/8 spot.

    python benchmarks/bench_equity.py [--repeat R] [--trials N] [--pokerkit-samples M] [--seed S]

The spot is As 2h Kc Qd against 8h 7h 6s 5s, no board. Measured in one run, each figure the median of
``--repeat`` timed passes (``time.perf_counter``):

* engine exact: `engine.equity` over all 1,086,008 boards, in process;
* the whole command: ``python -m engine equity ...`` in a fresh interpreter (imports, tables and all);
* engine Monte Carlo: ``trials=N`` boards, in boards per second;
* a flop spot (the same hands on 3d 4s Jc, 820 boards), exact, in process;
* PokerKit: ``calculate_equities`` with OmahaHoldemHand and OmahaEightOrBetterLowHand (the pot split between
  the two hand types, as hi-lo splits it), ``sample_count=M``, in boards per second.

The Monte Carlo ratio compares boards per second on the same spot. PokerKit's answer is also checked against
the exact equity (within five of its standard errors); the exit status is 1 if that or our own Monte Carlo
check fails. Without PokerKit (use the venv in benchmarks/README.md) the engine is timed alone.
"""

from __future__ import annotations

import argparse
import importlib
import importlib.metadata
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from types import ModuleType
from typing import Any

import engine

HANDS = ("As 2h Kc Qd", "8h 7h 6s 5s")
FLOP = "3d 4s Jc"


def median_seconds(run: Callable[[], Any], repeat: int) -> tuple[float, Any]:
    times, value = [], None
    for _ in range(repeat):
        started = time.perf_counter()
        value = run()
        times.append(time.perf_counter() - started)
    return statistics.median(times), value


def command_seconds(repeat: int) -> float:
    argv = [sys.executable, "-m", "engine", "equity", *HANDS, "--json"]
    return median_seconds(lambda: subprocess.run(argv, check=True, capture_output=True), repeat)[0]


def load_pokerkit() -> ModuleType | None:
    try:
        module = importlib.import_module("pokerkit")
    except ImportError:
        return None
    return module


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--trials", type=int, default=1_000_000)
    parser.add_argument("--pokerkit-samples", type=int, default=500)
    parser.add_argument("--seed", type=int, default=2024)
    args = parser.parse_args()
    engine.equity(list(HANDS), board=FLOP)  # load numpy and the tables once, outside the timings

    exact_s, exact = median_seconds(lambda: engine.equity(list(HANDS)), args.repeat)
    flop_s, _ = median_seconds(lambda: engine.equity(list(HANDS), board=FLOP), args.repeat * 4)
    mc_s, sampled = median_seconds(lambda: engine.equity(list(HANDS), trials=args.trials, seed=args.seed), args.repeat)
    whole_s = command_seconds(args.repeat)
    mc_rate = args.trials / mc_s
    failures = 0
    print(f"spot: {HANDS[0]} vs {HANDS[1]}, preflop, Omaha hi-lo; median of {args.repeat} passes")
    print(
        f"engine exact, in process         {exact_s:8.3f} s   ({exact.boards:,} boards, "
        f"{exact.boards / exact_s:,.0f} boards/s)"
    )
    print(f"engine exact, whole command      {whole_s:8.3f} s   (python -m engine equity ..., fresh interpreter)")
    print(f"engine exact, flop {FLOP}   {1000 * flop_s:8.2f} ms  (820 boards)")
    print(f"engine Monte Carlo               {mc_rate:12,.0f} boards/s ({args.trials:,} trials)")
    print(f"exact equities                   {exact.players[0].equity:.6f} / {exact.players[1].equity:.6f}")
    for ours, truth in zip(sampled.players, exact.players, strict=True):
        if abs(ours.equity - truth.equity) > 5 * ours.standard_error.equity:
            print(f"FAIL: our Monte Carlo {ours.equity:.5f} is off the exact {truth.equity:.5f}")
            failures += 1
    pokerkit = load_pokerkit()
    if pokerkit is None:
        print("PokerKit is not installed: the engine alone was timed (see benchmarks/README.md)")
        return 1 if failures else 0
    pk = pokerkit
    ranges = [[list(pk.Card.parse(hand.replace(" ", "")))] for hand in HANDS]
    hand_types = (pk.OmahaHoldemHand, pk.OmahaEightOrBetterLowHand)

    def run_pokerkit() -> list[float]:
        return list(
            pk.calculate_equities(ranges, [], 4, 5, pk.Deck.STANDARD, hand_types, sample_count=args.pokerkit_samples)
        )

    pk_s, pk_equities = median_seconds(run_pokerkit, args.repeat)
    pk_rate = args.pokerkit_samples / pk_s
    version = importlib.metadata.version("pokerkit")
    print(
        f"PokerKit {version} calculate_equities {pk_rate:10,.0f} boards/s ({args.pokerkit_samples:,} samples): "
        f"{pk_equities[0]:.4f} / {pk_equities[1]:.4f}"
    )
    print(f"Monte Carlo: engine / PokerKit   {mc_rate / pk_rate:10,.0f} x boards per second")
    print(
        f"exact over every board vs PokerKit's {args.pokerkit_samples} samples: {exact_s / pk_s:.2f} x PokerKit's time"
    )
    error = (exact.players[0].equity * (1 - exact.players[0].equity) / args.pokerkit_samples) ** 0.5
    if abs(pk_equities[0] - exact.players[0].equity) > 5 * error:
        print(
            f"FAIL: PokerKit's {pk_equities[0]:.4f} is more than 5 standard errors ({error:.4f}) off the exact "
            f"{exact.players[0].equity:.4f}"
        )
        failures += 1
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
