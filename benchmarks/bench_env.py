"""Benchmark the PettingZoo environment: steps per second of `engine.envs.omaha_hilo_v0` beside PettingZoo's
no-limit hold'em (`texas_holdem_no_limit_v6`, which runs on RLCard), in one run.

    python benchmarks/bench_env.py [--steps N] [--repeat R] [--seed S] [--players 2,6]

RLCard is only needed for the peer: install it in a scratch environment (from the repository root)::

    python -m venv /tmp/rlbench && /tmp/rlbench/bin/pip install -e . "pettingzoo[classic]"
    /tmp/rlbench/bin/python benchmarks/bench_env.py

Without it the script says so and times ours alone.

Both environments are made with their ``env()`` (what users get: the order-enforcing wrapper, and for the
peer PettingZoo's illegal-move and bounds wrappers too) and driven by the same loop, the usual AEC loop of a
learner: ``for agent in env.agent_iter(): obs, reward, terminated, truncated, info = env.last()``, then a
random unmasked action (``numpy.random.Generator.choice`` over the mask's nonzero indices) or None for an
agent that is done, and ``env.step(action)``; when every agent is done, ``env.reset()``. A step is one
``env.step`` call, the dead agents' ``None`` steps included, in both environments. One episode is one hand in
both. Ours deals pot-limit Omaha hi-lo (four hole cards, a high and an 8-or-better low at every showdown, six
actions: fold, check/call, min, half pot, pot, all in) with 100 big blinds; the peer deals no-limit hold'em
(two hole cards, high only, five actions) with RLCard's 100 chips.

Figures: the median of ``--repeat`` timed passes of ``--steps`` steps (``time.perf_counter``, garbage
collection off during a pass, as ``timeit`` does), in steps and hands per second, and the ratio ours / peer at
each table size. The two environments' passes alternate, so a busy moment on the machine slows both.
"""

from __future__ import annotations

import argparse
import gc
import importlib.metadata
import statistics
import sys
import time
from collections.abc import Callable
from typing import Any

import numpy as np


def run(make: Callable[[], Any], steps: int, seed: int) -> tuple[float, int]:
    """Time ``steps`` env.step calls of random legal play; returns (seconds, hands finished)."""
    env = make()
    rng = np.random.default_rng(seed)
    env.reset(seed=seed)
    hands = 0
    done = 0
    gc.disable()
    started = time.perf_counter()
    try:
        while done < steps:
            for _agent in env.agent_iter():
                obs, _reward, terminated, truncated, _info = env.last()
                action = None if terminated or truncated else int(rng.choice(np.flatnonzero(obs["action_mask"])))
                env.step(action)
                done += 1
                if done >= steps:
                    break
            else:
                hands += 1
                env.reset()
    finally:
        elapsed = time.perf_counter() - started
        gc.enable()
    return elapsed, hands


def ours(players: int) -> Callable[[], Any]:
    from engine.envs import omaha_hilo_v0

    return lambda: omaha_hilo_v0.env(players=players, game="pot-limit")


def peer(players: int) -> Callable[[], Any] | None:
    try:
        import rlcard  # noqa: F401  # the peer runs on it
        from pettingzoo.classic import texas_holdem_no_limit_v6
    except ImportError:
        return None
    return lambda: texas_holdem_no_limit_v6.env(num_players=players)


def measure(makers: list[Callable[[], Any]], steps: int, repeat: int, seed: int) -> list[tuple[float, float]]:
    """Median steps/s and hands/s of each environment over ``repeat`` passes. The passes alternate between the
    environments (ours, peer, ours, peer...), so a change in the machine's load falls on both alike."""
    rates: list[list[float]] = [[] for _ in makers]
    hand_rates: list[list[float]] = [[] for _ in makers]
    for i in range(repeat):
        for k, make in enumerate(makers):
            seconds, hands = run(make, steps, seed + i)
            rates[k].append(steps / seconds)
            hand_rates[k].append(hands / seconds)
    return [(statistics.median(r), statistics.median(h)) for r, h in zip(rates, hand_rates, strict=True)]


def version(name: str) -> str:
    try:
        return importlib.metadata.version(name)
    except importlib.metadata.PackageNotFoundError:
        return "not installed"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--steps", type=int, default=20000, help="env.step calls per timed pass")
    parser.add_argument("--repeat", type=int, default=5, help="timed passes; the median is reported")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", default="2,6", help="table sizes, comma-separated")
    args = parser.parse_args(argv)
    sizes = [int(part) for part in args.players.split(",")]
    print(f"Python {sys.version.split()[0]}, numpy {version('numpy')}, pettingzoo {version('pettingzoo')}, "
          f"rlcard {version('rlcard')}; {args.steps} steps x {args.repeat} passes, medians")
    print(f"{'players':>7}  {'environment':<42} {'steps/s':>10} {'hands/s':>9} {'ratio':>7}")
    for players in sizes:
        make_peer = peer(players)
        results = measure([ours(players)] + ([make_peer] if make_peer else []), args.steps, args.repeat, args.seed)
        our_steps, our_hands = results[0]
        print(f"{players:>7}  {'omaha_hilo_v0 (pot-limit Omaha hi-lo)':<42} {our_steps:>10,.0f} {our_hands:>9,.0f}")
        if make_peer is None:
            print(f"{players:>7}  texas_holdem_no_limit_v6: RLCard is not installed here (see the docstring)")
            continue
        peer_steps, peer_hands = results[1]
        print(f"{players:>7}  {'texas_holdem_no_limit_v6 (RLCard NLHE)':<42} {peer_steps:>10,.0f} "
              f"{peer_hands:>9,.0f} {our_steps / peer_steps:>6.2f}x")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
