"""Benchmark whole hands of 6-max Omaha hi-lo, played in the engine and in PokerKit 0.7.7.

    python benchmarks/bench_hands.py [--hands N] [--repeat R] [--seed S]
                                     [--pokerkit-hands M] [--memory-states K]

Both engines play the same hands with the same random action policy, for fixed limit (2/4, blinds 1/2, a bet
and three raises a round) and pot limit (blinds 1/2), six players with 200 chips each. At each decision one
``random()`` draw ``r`` picks the action: fold if folding is legal and ``r < 0.15``; otherwise raise (or bet)
to the minimum amount if that is legal and ``r >= 0.75``; otherwise check or call. So a player folds 15% of
the time when facing a bet and raises 25% of the time when a raise is legal. The policy ignores the cards, so
the two engines make the same decisions in the same order, and the script checks that they do.

Figures are hands and player actions per second, the median of ``--repeat`` timed passes
(``time.perf_counter``, garbage collection off during a pass, as ``timeit`` does). PokerKit is much slower, so
it plays only the first ``--pokerkit-hands`` of the engine's hands. Then the memory a retained mid-hand state
holds, measured with ``tracemalloc``: independent hands stopped at the flop, and one more state reached by one
action from a retained parent.
"""

from __future__ import annotations

import argparse
import copy
import gc
import importlib
import importlib.metadata
import random
import statistics
import sys
import time
import tracemalloc
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from types import ModuleType
from typing import Any

import engine
from engine import Bet, Call, Check, FixedLimit, Fold, HandState, PotLimit, Raise, Rules, Street, start_hand

POKERKIT_VERSION = "0.7.7"
SEATS = 6
STACK = 200
STACKS = (STACK,) * SEATS
BLINDS = (1, 2)
SMALL_BET, BIG_BET = 2, 4
FOLD_BELOW = 0.15  # fold when legal and r < 0.15
RAISE_FROM = 0.75  # else raise (to the minimum) when legal and r >= 0.75: 25%
STRUCTURES = ("fixed limit", "pot limit")

FOLD, CHECK, CALL = Fold(), Check(), Call()

# A hand's actions as text, for comparing the two engines: "f" fold, "k" check, "c" call, "w<to>" bet or raise
# to <to> (PokerKit does not tell a bet from a raise).
Trace = list[str]


def policy_rng(seed: int) -> random.Random:
    return random.Random(f"policy-{seed}")


# --- the engine -------------------------------------------------------------------------------------------


def engine_rules(structure: str) -> Rules:
    if structure == "fixed limit":
        return Rules(betting=FixedLimit(small_bet=SMALL_BET, big_bet=BIG_BET), blinds=BLINDS)
    return Rules(betting=PotLimit(), blinds=BLINDS)


def engine_play(rules: Rules, first: int, hands: int, seed: int) -> int:
    """Play hands ``first`` .. ``first + hands - 1`` to the end; return the number of player actions."""
    draw = policy_rng(seed).random
    actions = 0
    for i in range(first, first + hands):
        state = start_hand(rules, STACKS, button=i % SEATS, seed=seed + i)
        while not state.is_over:
            legal = state.legal_actions()
            r = draw()
            if legal.fold and r < FOLD_BELOW:
                action: Fold | Check | Call | Bet | Raise = FOLD
            elif legal.wager is not None and r >= RAISE_FROM:
                action = Raise(legal.min_to) if legal.wager == "raise" else Bet(legal.min_to)
            else:
                action = CHECK if legal.check else CALL
            state = state.apply(action)
            actions += 1
    return actions


def engine_traces(rules: Rules, hands: int, seed: int) -> list[Trace]:
    """The same play as `engine_play`, untimed, recording each hand's actions."""
    draw = policy_rng(seed).random
    traces: list[Trace] = []
    for i in range(hands):
        state = start_hand(rules, STACKS, button=i % SEATS, seed=seed + i)
        trace: Trace = []
        while not state.is_over:
            legal = state.legal_actions()
            r = draw()
            if legal.fold and r < FOLD_BELOW:
                state, text = state.apply(FOLD), "f"
            elif legal.wager is not None and r >= RAISE_FROM:
                kind = Raise if legal.wager == "raise" else Bet
                state, text = state.apply(kind(legal.min_to)), f"w{legal.min_to}"
            elif legal.check:
                state, text = state.apply(CHECK), "k"
            else:
                state, text = state.apply(CALL), "c"
            trace.append(text)
        traces.append(trace)
    return traces


def engine_step(state: HandState, r: float) -> HandState:
    legal = state.legal_actions()
    if legal.fold and r < FOLD_BELOW:
        return state.apply(FOLD)
    if legal.wager is not None and r >= RAISE_FROM:
        return state.apply(Raise(legal.min_to) if legal.wager == "raise" else Bet(legal.min_to))
    return state.apply(CHECK if legal.check else CALL)


def engine_flop_states(rules: Rules, count: int, seed: int) -> list[HandState]:
    """States at the first decision on the flop, one per hand, of the first ``count`` hands that see it."""
    draw = policy_rng(seed).random
    states: list[HandState] = []
    i = 0
    while len(states) < count:
        state = start_hand(rules, STACKS, button=i % SEATS, seed=seed + i)
        i += 1
        while not state.is_over and state.street is Street.PREFLOP:
            state = engine_step(state, draw())
        if state.street is Street.FLOP and not state.is_over:
            states.append(state)
    return states


# --- PokerKit ---------------------------------------------------------------------------------------------


def load_pokerkit() -> ModuleType | None:
    try:
        return importlib.import_module("pokerkit")
    except ImportError:
        return None


def pokerkit_factory(pk: ModuleType, structure: str) -> Callable[[], Any]:
    """A function that starts a fresh 6-max hand, with PokerKit dealing every card itself.

    Every automation is on (antes, blinds, burning, hole and board dealing, showdown, hand killing, chip
    pushing and pulling), so the only operations left are the players' fold / check_or_call /
    complete_bet_or_raise_to. PokerKit shuffles with the ``random`` module.

    Pot limit: PokerKit 0.7.7 has no pot-limit Omaha hi-lo class by that name, but its
    ``FixedLimitOmahaHoldemHighLowSplitEightOrBetter`` is in fact pot limit (``PotLimitPokerMixin``), so that
    class is used, with a minimum bet of 2 on every street (our ``PotLimit`` minimum is the big blind).
    Fixed limit: a ``pokerkit.State`` built directly with ``BettingStructure.FIXED_LIMIT`` and the same deck,
    four streets and hand types as that class, bets of 2, 2, 4, 4, and a cap of 3 raises preflop (the big
    blind is the first bet; PokerKit does not count it) and 4 bets/raises after: our ``FixedLimit(2, 4)``
    with its default ``max_raises=3``.
    """
    automations = tuple(pk.Automation)
    if structure == "pot limit":
        game = pk.FixedLimitOmahaHoldemHighLowSplitEightOrBetter(automations, True, 0, BLINDS, BLINDS[-1], BLINDS[-1])
        assert game.betting_structure is pk.BettingStructure.POT_LIMIT
        return lambda: game(STACKS, SEATS)

    def street(burn: bool, hole: int, board: int, min_bet: int, cap: int) -> Any:
        return pk.Street(burn, (False,) * hole, board, False, pk.Opening.POSITION, min_bet, cap)

    streets = (
        street(False, 4, 0, SMALL_BET, 3),
        street(True, 0, 3, SMALL_BET, 4),
        street(True, 0, 1, BIG_BET, 4),
        street(True, 0, 1, BIG_BET, 4),
    )
    hand_types = (pk.OmahaHoldemHand, pk.OmahaEightOrBetterLowHand)
    deck, fixed_limit = pk.Deck.STANDARD, pk.BettingStructure.FIXED_LIMIT
    state_class = pk.State
    return lambda: state_class(automations, deck, hand_types, streets, fixed_limit, True, 0, BLINDS, 0, STACKS, SEATS)


def pokerkit_play(new_state: Callable[[], Any], first: int, hands: int, seed: int) -> int:
    """Play hands ``first`` .. ``first + hands - 1`` to the end; return the number of player actions.

    Legality is asked only as the policy needs it (``can_fold`` before a fold,
    ``can_complete_bet_or_raise_to`` before a raise), which spares PokerKit work the engine does in its one
    ``legal_actions`` call.
    """
    draw = policy_rng(seed).random
    shuffle_seed = random.seed
    actions = 0
    for i in range(first, first + hands):
        shuffle_seed(seed + i)
        state = new_state()
        while state.status:
            r = draw()
            if r < FOLD_BELOW and state.can_fold():
                state.fold()
            elif r >= RAISE_FROM and state.can_complete_bet_or_raise_to():
                state.complete_bet_or_raise_to(state.min_completion_betting_or_raising_to_amount)
            else:
                state.check_or_call()
            actions += 1
    return actions


def pokerkit_step(state: Any, r: float) -> str:
    if r < FOLD_BELOW and state.can_fold():
        state.fold()
        return "f"
    if r >= RAISE_FROM and state.can_complete_bet_or_raise_to():
        to = state.min_completion_betting_or_raising_to_amount
        state.complete_bet_or_raise_to(to)
        return f"w{to}"
    return "c" if state.check_or_call().amount else "k"


def pokerkit_traces(new_state: Callable[[], Any], hands: int, seed: int) -> list[Trace]:
    draw = policy_rng(seed).random
    traces: list[Trace] = []
    for i in range(hands):
        random.seed(seed + i)
        state = new_state()
        trace: Trace = []
        while state.status:
            trace.append(pokerkit_step(state, draw()))
        traces.append(trace)
    return traces


def pokerkit_flop_states(new_state: Callable[[], Any], count: int, seed: int) -> list[Any]:
    draw = policy_rng(seed).random
    states: list[Any] = []
    i = 0
    while len(states) < count:
        random.seed(seed + i)
        state = new_state()
        i += 1
        while state.status and state.street_index == 0:
            pokerkit_step(state, draw())
        if state.status and state.street_index == 1:
            states.append(state)
    return states


# --- timing -----------------------------------------------------------------------------------------------


def time_pass(run: Callable[[], int]) -> tuple[float, int]:
    """Seconds for one call of ``run`` and its result, with the garbage collector off (as ``timeit`` does)."""
    gc.collect()
    gc_was_enabled = gc.isenabled()
    gc.disable()
    try:
        start = time.perf_counter()
        result = run()
        return time.perf_counter() - start, result
    finally:
        if gc_was_enabled:
            gc.enable()


@dataclass
class Timing:
    hands: int
    actions: int
    seconds: float  # median pass

    @property
    def hands_per_second(self) -> float:
        return self.hands / self.seconds

    @property
    def actions_per_second(self) -> float:
        return self.actions / self.seconds


def median_timing(run: Callable[[], int], hands: int, repeat: int) -> Timing:
    passes = [time_pass(run) for _ in range(repeat)]
    actions = {count for _, count in passes}
    assert len(actions) == 1, "every pass plays the same hands"
    return Timing(hands, actions.pop(), statistics.median(seconds for seconds, _ in passes))


# --- memory -----------------------------------------------------------------------------------------------


def traced_increase(build: Callable[[list[Any]], None], count: int) -> tuple[float, list[Any]]:
    """Bytes per item that stay allocated after ``build`` fills a list of ``count`` items, and the list.

    The list is allocated before the baseline, so its own pointers are not counted; what ``build`` frees again
    (the garbage of playing the hands) is not counted either.
    """
    kept: list[Any] = [None] * count
    gc.collect()
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        build(kept)
        gc.collect()
        after = tracemalloc.get_traced_memory()[0]
    finally:
        tracemalloc.stop()
    assert all(item is not None for item in kept)
    return (after - before) / count, kept


def engine_memory(rules: Rules, count: int, seed: int) -> tuple[float, float]:
    """(bytes per independent hand at the flop, bytes per state one action on from a retained parent)."""
    engine_flop_states(rules, min(count, 200), seed + 10_000_000)  # warm-up: fill any lazy caches first

    def build_parents(kept: list[Any]) -> None:
        for k, state in enumerate(engine_flop_states(rules, len(kept), seed)):
            kept[k] = state

    per_hand, parents = traced_increase(build_parents, count)
    draw = policy_rng(seed + 1).random

    def build_children(kept: list[Any]) -> None:
        for k, parent in enumerate(parents):
            kept[k] = engine_step(parent, draw())

    per_child, _ = traced_increase(build_children, count)
    return per_hand, per_child


def pokerkit_memory(new_state: Callable[[], Any], count: int, seed: int) -> tuple[float, float]:
    """(bytes per independent hand at the flop, bytes per deep copy of a retained state plus one action).

    A PokerKit state is changed in place, so keeping a parent and the state after one more action needs a
    ``copy.deepcopy`` of the parent first.
    """
    pokerkit_flop_states(new_state, min(count, 50), seed + 10_000_000)  # warm-up

    def build_parents(kept: list[Any]) -> None:
        for k, state in enumerate(pokerkit_flop_states(new_state, len(kept), seed)):
            kept[k] = state

    per_hand, parents = traced_increase(build_parents, count)
    draw = policy_rng(seed + 1).random
    deepcopy = copy.deepcopy

    def build_children(kept: list[Any]) -> None:
        for k, parent in enumerate(parents):
            child = deepcopy(parent)
            pokerkit_step(child, draw())
            kept[k] = child

    per_child, _ = traced_increase(build_children, count)
    return per_hand, per_child


# --- report -----------------------------------------------------------------------------------------------


def fmt_rate(value: float | None) -> str:
    return "-" if value is None else f"{value:,.0f}"


def fmt_ratio(ours: float, theirs: float | None) -> str:
    return "-" if theirs is None else f"{ours / theirs:,.1f}x"


def compare_traces(ours: Sequence[Trace], theirs: Sequence[Trace], examples: list[str], structure: str) -> int:
    """The number of hands whose action sequences differ."""
    differ = 0
    for i, (a, b) in enumerate(zip(ours, theirs, strict=True)):
        if a != b:
            differ += 1
            if len(examples) < 10:
                examples.append(f"{structure}, hand {i}: engine {' '.join(a)} | PokerKit {' '.join(b)}")
    return differ


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--hands", type=int, default=3_000, help="hands per timed pass for the engine (default 3000)")
    parser.add_argument("--repeat", type=int, default=5, help="timed passes per measurement (default 5)")
    parser.add_argument(
        "--seed",
        type=int,
        default=0,
        help="hand i is dealt from seed S + i; the policy draws from a stream fixed by S (default 0)",
    )
    parser.add_argument(
        "--pokerkit-hands",
        type=int,
        default=120,
        help="the first M hands are also played by PokerKit per timed pass (default 120)",
    )
    parser.add_argument(
        "--memory-states", type=int, default=1_000, help="retained states per memory measurement (default 1000)"
    )
    args = parser.parse_args(argv)
    if args.hands < 1 or args.repeat < 1 or args.pokerkit_hands < 0 or args.memory_states < 1:
        parser.error("--hands, --repeat and --memory-states must be positive, --pokerkit-hands not negative")

    pk = load_pokerkit()
    pk_version = importlib.metadata.version("pokerkit") if pk is not None else None
    pk_hands = min(args.pokerkit_hands, args.hands) if pk is not None else 0
    seed = args.seed

    print(f"Python {sys.version.split()[0]} on {sys.platform}; engine at {engine.__file__}")
    if pk is None:
        print(
            f"PokerKit is not importable: timing the engine only (pip install pokerkit=={POKERKIT_VERSION} to compare)."
        )
    else:
        note = "" if pk_version == POKERKIT_VERSION else f"  (WARNING: written for {POKERKIT_VERSION})"
        print(f"PokerKit {pk_version}{note}")
    print(
        f"{SEATS} players, {STACK} chips each, blinds {BLINDS[0]}/{BLINDS[1]}; fixed limit "
        f"{SMALL_BET}/{BIG_BET} (a bet and 3 raises a round) and pot limit; policy: fold {FOLD_BELOW:.0%} "
        f"when legal, raise to the minimum {1 - RAISE_FROM:.0%} when legal, else check/call"
    )
    print(
        f"hands per pass: {args.hands:,} for the engine, the first {pk_hands:,} of them for PokerKit; "
        f"seed {seed}; median of {args.repeat} passes"
    )
    print()

    timings: dict[str, dict[str, Timing]] = {}
    traces_differ: dict[str, int] = {}
    examples: list[str] = []
    for structure in STRUCTURES:
        rules = engine_rules(structure)
        engine_play(rules, 0, min(args.hands, 100), seed + 20_000_000)  # warm-up (low rows, attrs caches)
        timings[structure] = {
            "engine": median_timing(partial(engine_play, rules, 0, args.hands, seed), args.hands, args.repeat)
        }
        if pk is not None and pk_hands:
            new_state = pokerkit_factory(pk, structure)
            pokerkit_play(new_state, 0, min(pk_hands, 10), seed + 20_000_000)  # warm-up
            run = partial(pokerkit_play, new_state, 0, pk_hands, seed)
            timings[structure]["pokerkit"] = median_timing(run, pk_hands, args.repeat)
            traces_differ[structure] = compare_traces(
                engine_traces(rules, pk_hands, seed), pokerkit_traces(new_state, pk_hands, seed), examples, structure
            )

    header = (
        f"{'structure':<12} {'engine hands/s':>15} {'actions/s':>10} {'PokerKit hands/s':>17} "
        f"{'actions/s':>10} {'ratio hands':>12} {'ratio actions':>14}"
    )
    print(header)
    print("-" * len(header))
    for structure in STRUCTURES:
        ours, theirs = timings[structure]["engine"], timings[structure].get("pokerkit")
        their_hands = theirs.hands_per_second if theirs else None
        their_actions = theirs.actions_per_second if theirs else None
        print(
            f"{structure:<12} {fmt_rate(ours.hands_per_second):>15} "
            f"{fmt_rate(ours.actions_per_second):>10} {fmt_rate(their_hands):>17} "
            f"{fmt_rate(their_actions):>10} "
            f"{fmt_ratio(ours.hands_per_second, their_hands):>12} "
            f"{fmt_ratio(ours.actions_per_second, their_actions):>14}"
        )
    print("(ratio = engine / PokerKit)")
    for structure in STRUCTURES:
        ours, theirs = timings[structure]["engine"], timings[structure].get("pokerkit")
        line = (
            f"  {structure}: engine {ours.actions / ours.hands:.2f} actions a hand, {ours.seconds * 1e3:,.0f} ms a pass"
        )
        if theirs is not None:
            line += (
                f"; PokerKit {theirs.actions / theirs.hands:.2f} actions a hand, {theirs.seconds * 1e3:,.0f} ms a pass"
            )
        print(line)
    print()

    count = args.memory_states
    print(f"Memory per retained state: tracemalloc's increase / {count:,} states kept, after a warm-up;")
    print("states at the first decision on the flop, each from a different hand:")
    rows: dict[str, dict[str, float]] = {}
    for structure in STRUCTURES:
        per_hand, per_child = engine_memory(engine_rules(structure), count, seed)
        rows.setdefault("engine, independent hands", {})[structure] = per_hand
        rows.setdefault("engine, one action on from a retained parent", {})[structure] = per_child
        if pk is not None:
            per_hand, per_child = pokerkit_memory(pokerkit_factory(pk, structure), count, seed)
            rows.setdefault("PokerKit, independent hands", {})[structure] = per_hand
            rows.setdefault("PokerKit, deepcopy of a retained parent + one action", {})[structure] = per_child
    label_width = max(map(len, rows))
    print(f"  {'bytes per state':<{label_width}} " + " ".join(f"{s:>12}" for s in STRUCTURES))
    for label, by_structure in rows.items():
        print(f"  {label:<{label_width}} " + " ".join(f"{by_structure[s]:>12,.0f}" for s in STRUCTURES))
    print()

    if traces_differ:
        print("Agreement check (the policy ignores the cards, so both engines must make the same decisions):")
        for structure, differ in traces_differ.items():
            print(f"  {differ:>5} of {pk_hands:,} hands with different action sequences: {structure}")
        for example in examples:
            print(f"    e.g. {example}")
    return 1 if any(traces_differ.values()) else 0


if __name__ == "__main__":
    sys.exit(main())
