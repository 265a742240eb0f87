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

``--batch N`` then times `engine.envs.batch.HandBatch` (N tables a step, random unmasked actions drawn for all
of them in one numpy operation) against raw RLCard's no-limit hold'em (``rlcard.make("no-limit-holdem")`` and
its ``env.step``, no PettingZoo wrapper), in decisions per second, passes alternating.

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


def run_batch(players: int, size: int, decisions: int, seed: int) -> tuple[float, int]:
    """Time ``decisions`` decisions of `engine.envs.batch.HandBatch` (``size`` tables a step), each table's
    action drawn at random among its unmasked ones in one numpy operation, as a policy's batch would come."""
    from engine.envs.batch import HandBatch

    batch = HandBatch(size=size, players=players, game="pot-limit", seed=seed)
    _obs, masks, _actors = batch.reset()
    rng = np.random.default_rng(seed)
    done = 0
    gc.disable()
    started = time.perf_counter()
    try:
        while done < decisions:
            actions = (rng.random(masks.shape) * masks).argmax(axis=1)
            _obs, masks, _actors, _rewards, _dones = batch.step(actions)
            done += size
    finally:
        elapsed = time.perf_counter() - started
        gc.enable()
    return elapsed * decisions / done, batch.hands_played * decisions // done


def run_rlcard(players: int, decisions: int, seed: int) -> tuple[float, int]:
    """Time ``decisions`` calls of raw RLCard's ``env.step`` (no-limit hold'em, no PettingZoo wrapper), each a
    random legal action; a new game when one is over."""
    import rlcard

    env = rlcard.make("no-limit-holdem", config={"game_num_players": players, "seed": seed})
    rng = np.random.default_rng(seed)
    state, _player = env.reset()
    hands = done = 0
    gc.disable()
    started = time.perf_counter()
    try:
        while done < decisions:
            legal = list(state["legal_actions"])
            state, _player = env.step(legal[int(rng.integers(len(legal)))])
            done += 1
            if env.is_over():
                hands += 1
                state, _player = env.reset()
    finally:
        elapsed = time.perf_counter() - started
        gc.enable()
    return elapsed, hands


def measure_batch(players: int, size: int, decisions: int, repeat: int, seed: int) -> tuple[float, float | None]:
    """Median decisions/s of the batch and of raw RLCard (None without it), passes alternating."""
    ours_rates: list[float] = []
    peer_rates: list[float] = []
    try:
        import rlcard  # noqa: F401

        have_peer = True
    except ImportError:
        have_peer = False
    for i in range(repeat):
        seconds, _ = run_batch(players, size, decisions, seed + i)
        ours_rates.append(decisions / seconds)
        if have_peer:
            seconds, _ = run_rlcard(players, decisions, seed + i)
            peer_rates.append(decisions / seconds)
    return statistics.median(ours_rates), statistics.median(peer_rates) if peer_rates else None


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
    parser.add_argument("--batch", type=int, default=256, help="tables in the HandBatch (0: skip the batch)")
    args = parser.parse_args(argv)
    sizes = [int(part) for part in args.players.split(",")]
    print(
        f"Python {sys.version.split()[0]}, numpy {version('numpy')}, pettingzoo {version('pettingzoo')}, "
        f"rlcard {version('rlcard')}; {args.steps} steps x {args.repeat} passes, medians"
    )
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
        print(
            f"{players:>7}  {'texas_holdem_no_limit_v6 (RLCard NLHE)':<42} {peer_steps:>10,.0f} "
            f"{peer_hands:>9,.0f} {our_steps / peer_steps:>6.2f}x"
        )
    if args.batch:
        print(
            f"\nHandBatch of {args.batch} tables against raw RLCard (rlcard.make('no-limit-holdem'), env.step): "
            "decisions/s"
        )
        for players in sizes:
            batch_rate, raw_rate = measure_batch(players, args.batch, args.steps, args.repeat, args.seed)
            line = f"{players:>7}  {'HandBatch (pot-limit Omaha hi-lo)':<42} {batch_rate:>10,.0f}"
            if raw_rate is None:
                print(line + "   (RLCard is not installed here)")
                continue
            print(line)
            print(
                f"{players:>7}  {'raw RLCard no-limit holdem':<42} {raw_rate:>10,.0f} {'':>9} "
                f"{batch_rate / raw_rate:>6.2f}x"
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
