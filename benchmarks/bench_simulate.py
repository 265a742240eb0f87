"""Benchmark `python -m engine simulate` with random bots against PokerKit 0.7.7 playing the same hands with
the same random policy.

    python benchmarks/bench_simulate.py [--hands N] [--repeat R] [--seed S] [--pokerkit-hands M] [--stack C]

The engine side is the command itself, run in-process: ``simulate --hands N --players 6 --game limit --stakes
2/4 --stack 1000 --bots random --seed S --show 0`` (6-max fixed-limit Omaha hi-lo 2/4, blinds 1/2, stacks
carried from hand to hand, rebuys, six `RandomBot`s with their default weights). That includes
everything the command does: the table, the bots' views, the bots, the fault checks, the statistics and the
chip check after every hand.

PokerKit plays the first M hands of that match: the same button and starting stacks for each hand (read from
an untimed run of the match), the fixed-limit game of ``bench_hands.py`` (PokerKit deals its own cards), and six
`RandomBot`s seeded as the command seeds them, each drawing from its own stream at its own seat's decisions,
with the same thresholds: fold if folding is legal and ``r < 0.15``, else raise (or bet) to the minimum if legal
and ``r >= 0.75``, else check or call. The policy ignores the cards, so both engines must make the same
decisions in the same hands; the script checks that they do (untimed). The stacks are deep (1000 chips, 250 big
bets) so that no hand of PokerKit's sample has an all-in: PokerKit 0.7.7 does not apply the half-bet rule to
short all-ins in fixed limit, so there the two engines may rightly differ, and since each bot draws from one
stream for the whole match, one difference would shift every later decision.

Figures: hands and actions per second, the median of ``--repeat`` passes (``time.perf_counter``, garbage
collector off during a pass, as ``bench_hands.py`` and ``timeit`` do), and the ratio engine / PokerKit (the
issue's target is 50x). The bare engine loop of ``bench_hands.py`` (no table, no bots, no views) on fresh
200-chip hands is timed too, to show what the match machinery costs.
"""

from __future__ import annotations

import argparse
import importlib.metadata
import io
import random
import sys
from functools import partial
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import bench_hands  # the sibling script: PokerKit loading, timing
from bench_hands import BLINDS, SEATS, SMALL_BET, median_timing

import engine
from engine import Bet, Call, Check, Fold, Raise
from engine.bots import RandomBot
from engine.cli import main as cli_main
from engine.match import HandSummary, derive_seed

STACK = 1_000
TARGET = 50


def simulate_argv(hands: int, seed: int, stack: int = STACK) -> list[str]:
    return [
        "simulate",
        "--hands",
        str(hands),
        "--players",
        str(SEATS),
        "--game",
        "limit",
        "--stakes",
        f"{SMALL_BET}/{2 * SMALL_BET}",
        "--stack",
        str(stack),
        "--bots",
        "random",
        "--seed",
        str(seed),
        "--show",
        "0",
    ]


def run_simulate(hands: int, seed: int, stack: int, actions: int = 0) -> int:
    """The command, in-process, its output thrown away; returns ``actions`` (counted untimed, for the rates)."""
    out, err = io.StringIO(), io.StringIO()
    code = cli_main(simulate_argv(hands, seed, stack), stdout=out, stderr=err)
    if code != 0:
        raise SystemExit(f"simulate failed: {err.getvalue()}")
    return actions


def match_hands(hands: int, seed: int, stack: int) -> list[HandSummary]:
    """The match the command plays, untimed, keeping every hand (same bots, seeds and settings)."""
    from engine.cli import build_game
    from engine.match import play_match

    kept: list[HandSummary] = []
    bots = [RandomBot(seed=derive_seed(seed, f"bot{seat}")) for seat in range(SEATS)]
    play_match(
        bots,
        build_game("limit", f"{SMALL_BET}/{2 * SMALL_BET}", None),
        hands,
        seed=seed,
        stack=stack,
        on_hand=kept.append,
    )
    return kept


def engine_trace(hand: HandSummary) -> list[str]:
    out = []
    for action in hand.state.actions:
        out.append(
            "f"
            if isinstance(action, Fold)
            else "k"
            if isinstance(action, Check)
            else "c"
            if isinstance(action, Call)
            else f"w{action.to}"
            if isinstance(action, (Bet, Raise))
            else "?"
        )
    return out


class PokerKitMatch:
    """PokerKit playing the match's first hands: per hand, a ready factory (built untimed) and the table seat
    of each PokerKit player (player 0 is the small blind, i.e. the seat left of the button)."""

    def __init__(self, pk: Any, hands: list[HandSummary], seed: int) -> None:
        self.seed = seed
        self.factories = []
        self.seats = []
        for hand in hands:
            state = hand.state
            button = state.button  # a hand seat; every bot is dealt in, so hand seats are table seats
            order = [(button + 1 + k) % SEATS for k in range(SEATS)]
            stacks = tuple(state.starting_stacks[seat] for seat in order)
            self.factories.append(pokerkit_factory(pk, stacks))
            self.seats.append(order)

    def bots(self) -> list[RandomBot]:
        return [RandomBot(seed=derive_seed(self.seed, f"bot{seat}")) for seat in range(SEATS)]

    def play(self, traces: list[list[str]] | None = None) -> int:
        """Play every hand; return the number of actions. With ``traces``, record each hand's actions."""
        bots = self.bots()
        draws = [bot.rng.random for bot in bots]
        fold_below = [bot.weights[0] / sum(bot.weights) for bot in bots]
        wager_from = [1 - bot.weights[2] / sum(bot.weights) for bot in bots]
        actions = 0
        for i, (new_state, order) in enumerate(zip(self.factories, self.seats, strict=True)):
            random.seed(self.seed + i)  # PokerKit shuffles with the random module
            state = new_state()
            trace: list[str] = []
            while state.status:
                seat = order[state.actor_index]
                r = draws[seat]()
                if r < fold_below[seat] and state.can_fold():
                    state.fold()
                    text = "f"
                elif r >= wager_from[seat] and state.can_complete_bet_or_raise_to():
                    to = state.min_completion_betting_or_raising_to_amount
                    state.complete_bet_or_raise_to(to)
                    text = f"w{to}"
                else:
                    text = "c" if state.check_or_call().amount else "k"
                if traces is not None:
                    trace.append(text)
                actions += 1
            if traces is not None:
                traces.append(trace)
        return actions


def pokerkit_factory(pk: Any, stacks: tuple[int, ...]) -> Any:
    """bench_hands' fixed-limit PokerKit game (a bet and three raises a round) with the given stacks."""
    automations = tuple(pk.Automation)

    def street(burn: bool, hole: int, board: int, min_bet: int, cap: int) -> Any:
        return pk.Street(burn, (False,) * hole, board, False, pk.Opening.POSITION, min_bet, cap)

    streets = (
        street(False, 4, 0, SMALL_BET, 3),
        street(True, 0, 3, SMALL_BET, 4),
        street(True, 0, 1, 2 * SMALL_BET, 4),
        street(True, 0, 1, 2 * SMALL_BET, 4),
    )
    hand_types = (pk.OmahaHoldemHand, pk.OmahaEightOrBetterLowHand)
    deck, fixed_limit, state_class = pk.Deck.STANDARD, pk.BettingStructure.FIXED_LIMIT, pk.State
    return lambda: state_class(automations, deck, hand_types, streets, fixed_limit, True, 0, BLINDS, 0, stacks, SEATS)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--hands", type=int, default=3_000, help="hands per simulate pass (default 3000)")
    parser.add_argument("--repeat", type=int, default=5, help="timed passes per measurement (default 5)")
    parser.add_argument("--seed", type=int, default=1, help="the match seed (default 1)")
    parser.add_argument(
        "--pokerkit-hands",
        type=int,
        default=100,
        help="PokerKit plays the match's first M hands per pass (default 100)",
    )
    parser.add_argument("--stack", type=int, default=STACK, help=f"starting stacks (default {STACK})")
    args = parser.parse_args(argv)
    if args.hands < 1 or args.repeat < 1 or args.pokerkit_hands < 0 or args.stack < 3:
        parser.error("--hands and --repeat must be positive, --pokerkit-hands not negative")

    pk = bench_hands.load_pokerkit()
    pk_hands = min(args.pokerkit_hands, args.hands) if pk is not None else 0
    print(f"Python {sys.version.split()[0]} on {sys.platform}; engine at {engine.__file__}")
    if pk is None:
        print(
            f"PokerKit is not importable: timing the engine only (pip install pokerkit=="
            f"{bench_hands.POKERKIT_VERSION} to compare)."
        )
    else:
        version = importlib.metadata.version("pokerkit")
        wanted = bench_hands.POKERKIT_VERSION
        note = "" if version == wanted else f"  (WARNING: written for {wanted})"
        print(f"PokerKit {version}{note}")
    print("command: python -m engine " + " ".join(simulate_argv(args.hands, args.seed, args.stack)))
    print(
        f"PokerKit: the match's first {pk_hands} hands, same stacks, buttons and bot seeds; "
        f"median of {args.repeat} passes"
    )
    print()

    hands = match_hands(max(args.hands, pk_hands), args.seed, args.stack)  # untimed: the hands both play
    actions = sum(len(hand.state.actions) for hand in hands[: args.hands])
    run_simulate(min(args.hands, 200), args.seed + 1, args.stack)  # warm-up
    ours = median_timing(partial(run_simulate, args.hands, args.seed, args.stack, actions), args.hands, args.repeat)
    rules = bench_hands.engine_rules("fixed limit")
    bench_hands.engine_play(rules, 0, min(args.hands, 200), args.seed + 1)
    bare = median_timing(partial(bench_hands.engine_play, rules, 0, args.hands, args.seed), args.hands, args.repeat)
    theirs = None
    differ = 0
    if pk is not None and pk_hands:
        match = PokerKitMatch(pk, hands[:pk_hands], args.seed)
        match.play()  # warm-up
        theirs = median_timing(match.play, pk_hands, args.repeat)
        traces: list[list[str]] = []
        match.play(traces)
        differ = sum(1 for hand, trace in zip(hands, traces, strict=False) if engine_trace(hand) != trace)
        all_ins = sum(
            1
            for hand in hands[:pk_hands]
            if 0 in hand.state.stacks or any(getattr(event, "all_in", False) for event in hand.state.events)
        )

    header = f"{'':<44} {'hands/s':>9} {'actions/s':>10} {'actions/hand':>13} {'s/pass':>8}"
    print(header)
    print("-" * len(header))
    rows = [("engine: simulate, 6 random bots", ours), ("engine: bare hand loop (bench_hands.py)", bare)]
    if theirs is not None:
        rows.append(("PokerKit 0.7.7, same policy, same hands", theirs))
    for label, timing in rows:
        print(
            f"{label:<44} {timing.hands_per_second:>9,.0f} {timing.actions_per_second:>10,.0f} "
            f"{timing.actions / timing.hands:>13.2f} {timing.seconds:>8.3f}"
        )
    if theirs is not None:
        ratio = ours.hands_per_second / theirs.hands_per_second
        print()
        print(
            f"simulate / PokerKit: {ratio:.1f}x hands/s, "
            f"{ours.actions_per_second / theirs.actions_per_second:.1f}x actions/s "
            f"(target {TARGET}x: {'met' if ratio >= TARGET else 'NOT met'})"
        )
        cost = bare.hands_per_second / ours.hands_per_second
        print(f"the match machinery (table, views, bots, checks) costs {cost:.2f}x the bare hand loop")
        print(
            f"agreement: {differ} of {pk_hands} hands with different action sequences (must be 0); "
            f"all-ins in the sample: {all_ins} hands"
        )
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
