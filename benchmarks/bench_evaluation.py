"""Benchmark the Omaha hi-lo evaluator against PokerKit 0.7.7, and check that the two agree.

    python benchmarks/bench_evaluation.py [--deals N] [--seed S] [--repeat R] [--pokerkit-deals M]

Each deal is 4 hole cards and a 5-card board, all distinct, drawn with ``random.Random(seed)``. Three
evaluators are timed on the same deals, in evaluations (deals) per second, for high, low, and high+low:

* engine fast path: ``engine.evaluation.high_value`` / ``low_value`` / ``hi_lo_values`` (ints);
* engine objects: ``engine.best_high`` / ``engine.best_low`` (hand objects naming their five cards);
* PokerKit: ``OmahaHoldemHand.from_game`` / ``OmahaEightOrBetterLowHand.from_game`` (ValueError: no low).

Inputs are converted before timing. Every figure is the median of ``--repeat`` timed passes
(``time.perf_counter``, garbage collection off during a pass, as ``timeit`` does). PokerKit is run on the
first ``--pokerkit-deals`` deals only (it is about a thousand times slower); rates are per deal, so the
ratios compare like with like. The engine builds or loads all its tables at import, so there is no cold
pass to report apart; import times are measured in fresh interpreters.
"""

from __future__ import annotations

import argparse
import gc
import importlib
import importlib.metadata
import itertools
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from types import ModuleType
from typing import Any

import engine
import engine.evaluation as ev
from engine import ALL_CARDS, Card

Deal = tuple[tuple[Card, ...], tuple[Card, ...]]
PokerKitDeal = tuple[tuple[Any, ...], tuple[Any, ...]]

POKERKIT_VERSION = "0.7.7"
# PokerKit's Label members in strength order; engine.evaluation.CATEGORY_NAMES uses the same order.
POKERKIT_LABELS = (
    "High card",
    "One pair",
    "Two pair",
    "Three of a kind",
    "Straight",
    "Flush",
    "Full house",
    "Four of a kind",
    "Straight flush",
)
LOW_RANK_OF_CHAR = {"A": 1, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8}


# --- deals and conversion ---------------------------------------------------------------------------------


def make_deals(count: int, seed: int) -> list[Deal]:
    """``count`` deals of 4 hole cards and 5 board cards, nine distinct cards each, fixed by ``seed``."""
    rng = random.Random(seed)
    deals: list[Deal] = []
    for _ in range(count):
        nine = rng.sample(ALL_CARDS, 9)
        deals.append((tuple(nine[:4]), tuple(nine[4:])))
    return deals


def load_pokerkit() -> ModuleType | None:
    try:
        return importlib.import_module("pokerkit")
    except ImportError:
        return None


def to_pokerkit(pk: ModuleType, deals: Sequence[Deal]) -> list[PokerKitDeal]:
    """The same deals as tuples of ``pokerkit.Card``, read from our cards' text ("As2h...")."""
    return [
        (tuple(pk.Card.parse("".join(map(str, hole)))), tuple(pk.Card.parse("".join(map(str, board)))))
        for hole, board in deals
    ]


# --- timing -----------------------------------------------------------------------------------------------


def time_pass(run: Callable[[], None]) -> float:
    """Seconds for one call of ``run``, with the garbage collector off (as ``timeit`` does)."""
    gc_was_enabled = gc.isenabled()
    gc.disable()
    try:
        start = time.perf_counter()
        run()
        return time.perf_counter() - start
    finally:
        if gc_was_enabled:
            gc.enable()


def median_time(run: Callable[[], None], repeat: int) -> float:
    return statistics.median(time_pass(run) for _ in range(repeat))


def engine_runners(deals: Sequence[Deal]) -> dict[str, dict[str, Callable[[], None]]]:
    """For each evaluator and each measure, a callable that evaluates every deal once."""
    high_value, low_value, hi_lo_values = ev.high_value, ev.low_value, ev.hi_lo_values
    best_high, best_low = engine.best_high, engine.best_low

    def fast_high() -> None:
        for hole, board in deals:
            high_value(hole, board)

    def fast_low() -> None:
        for hole, board in deals:
            low_value(hole, board)

    def fast_hilo() -> None:
        for hole, board in deals:
            hi_lo_values(hole, board)

    def obj_high() -> None:
        for hole, board in deals:
            best_high(hole, board)

    def obj_low() -> None:
        for hole, board in deals:
            best_low(hole, board)

    def obj_hilo() -> None:
        for hole, board in deals:
            best_high(hole, board)
            best_low(hole, board)

    return {
        "fast": {"high": fast_high, "low": fast_low, "high+low": fast_hilo},
        "objects": {"high": obj_high, "low": obj_low, "high+low": obj_hilo},
    }


def pokerkit_runners(pk: ModuleType, deals: Sequence[PokerKitDeal]) -> dict[str, Callable[[], None]]:
    high_from_game = pk.OmahaHoldemHand.from_game
    low_from_game = pk.OmahaEightOrBetterLowHand.from_game

    def high() -> None:
        for hole, board in deals:
            high_from_game(hole, board)

    def low() -> None:
        for hole, board in deals:
            try:  # noqa: SIM105 - contextlib.suppress would add its own cost to PokerKit's time
                low_from_game(hole, board)
            except ValueError:  # no 8-or-better low
                pass

    def hilo() -> None:
        for hole, board in deals:
            high_from_game(hole, board)
            try:  # noqa: SIM105
                low_from_game(hole, board)
            except ValueError:
                pass

    return {"high": high, "low": low, "high+low": hilo}


def import_seconds(module: str, repeat: int = 3) -> float | None:
    """Median time to import ``module`` in a fresh interpreter (interpreter start-up not included)."""
    code = f"import time; t = time.perf_counter(); import {module}; print(time.perf_counter() - t)"
    times: list[float] = []
    for _ in range(repeat):
        done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
        if done.returncode != 0:
            return None
        times.append(float(done.stdout.strip()))
    return statistics.median(times)


# --- agreement checks -------------------------------------------------------------------------------------


@dataclass
class Check:
    name: str
    compared: int = 0
    disagreements: int = 0

    def record(self, ok: bool) -> bool:
        self.compared += 1
        self.disagreements += not ok
        return ok

    def note(self, examples: list[str], detail: str) -> None:
        if len(examples) < 10:
            examples.append(f"{self.name}: {detail}")


def _text(cards: Sequence[object]) -> str:
    return " ".join(map(str, cards))


def _uses_two_and_three(cards: Sequence[Card], hole: Sequence[Card], board: Sequence[Card]) -> bool:
    from_hole = sum(c in hole for c in cards)
    from_board = sum(c in board for c in cards)
    return len(set(cards)) == 5 and from_hole == 2 and from_board == 3


def check_engine_paths(deals: Sequence[Deal], examples: list[str]) -> Check:
    """The fast path and the object API give the same strengths, on every deal."""
    check = Check("fast path == object API (high and low values)")
    for hole, board in deals:
        high = engine.best_high(hole, board)
        low = engine.best_low(hole, board)
        got = (high.value, low.value if low is not None else 0)
        want = ev.hi_lo_values(hole, board)
        if not check.record(got == want):
            check.note(examples, f"{_text(hole)} | {_text(board)}: objects {got}, fast {want}")
    return check


def check_against_pokerkit(
    pk: ModuleType, deals: Sequence[Deal], pk_deals: Sequence[PokerKitDeal], examples: list[str]
) -> list[Check]:
    """Compare every deal's high and low with PokerKit's.

    High: PokerKit's StandardLookup numbers the 7,462 five-card classes densely from 0 (weakest), as the
    engine numbers them from 1, so if both order hands correctly, ``high_value == entry.index + 1`` on every
    deal. That single check compares the ordering of every pair of deals, across boards too.
    Low: the engine's low strength and PokerKit's index run opposite ways on different scales, so the check is
    that one determines the other monotonically over all deals compared, plus equal ranks per deal.
    """
    high_class = pk.OmahaHoldemHand
    low_class = pk.OmahaEightOrBetterLowHand
    high_value_check = Check("high strength == PokerKit entry index + 1 (total order)")
    category_check = Check("high category == PokerKit label")
    high_cards_check = Check("best_high's five cards: 2 hole + 3 board, PokerKit rates them as its best")
    low_none_check = Check("best_low is None exactly when PokerKit finds no low")
    low_ranks_check = Check("low ranks == PokerKit's low ranks")
    low_cards_check = Check("best_low's five cards: 2 hole + 3 board, PokerKit rates them as its best")
    low_order_check = Check("low order: engine value vs PokerKit index, monotone over all deals")
    low_pairs: set[tuple[int, int]] = set()

    for (hole, board), (pk_hole, pk_board) in zip(deals, pk_deals, strict=True):
        where = f"{_text(hole)} | {_text(board)}"
        ours_high = engine.best_high(hole, board)
        theirs_high = high_class.from_game(pk_hole, pk_board)
        entry = theirs_high.entry
        if not high_value_check.record(ours_high.value == entry.index + 1):
            high_value_check.note(examples, f"{where}: engine {ours_high.value} {ours_high!r}, PokerKit {entry}")
        if not category_check.record(POKERKIT_LABELS[ours_high.category] == entry.label.value):
            category_check.note(examples, f"{where}: engine {ours_high.name}, PokerKit {entry.label.value}")
        named_entry = high_class(list(pk.Card.parse("".join(map(str, ours_high.cards))))).entry
        if not high_cards_check.record(_uses_two_and_three(ours_high.cards, hole, board) and named_entry == entry):
            high_cards_check.note(examples, f"{where}: engine {ours_high!r}, PokerKit {theirs_high!r}")

        ours_low = engine.best_low(hole, board)
        try:
            theirs_low = low_class.from_game(pk_hole, pk_board)
        except ValueError:
            theirs_low = None
        if not low_none_check.record((ours_low is None) == (theirs_low is None)):
            low_none_check.note(examples, f"{where}: engine {ours_low!r}, PokerKit {theirs_low!r}")
        if ours_low is None or theirs_low is None:
            continue
        their_ranks = tuple(sorted((LOW_RANK_OF_CHAR[repr(c)[0]] for c in theirs_low.cards), reverse=True))
        if not low_ranks_check.record(ours_low.ranks == their_ranks):
            low_ranks_check.note(examples, f"{where}: engine {ours_low.ranks}, PokerKit {their_ranks}")
        named_low = low_class(list(pk.Card.parse("".join(map(str, ours_low.cards))))).entry
        if not low_cards_check.record(
            _uses_two_and_three(ours_low.cards, hole, board) and named_low == theirs_low.entry
        ):
            low_cards_check.note(examples, f"{where}: engine {ours_low!r}, PokerKit {theirs_low!r}")
        low_pairs.add((ours_low.value, theirs_low.entry.index))

    # Higher engine low value = better low = lower PokerKit index. Sorted by engine value, best first, the
    # PokerKit indexes must rise strictly (one index per engine value, one engine value per index).
    ordered = sorted(low_pairs, reverse=True)
    for a, b in itertools.pairwise(ordered):
        if not low_order_check.record(a[0] > b[0] and a[1] < b[1]):
            low_order_check.note(examples, f"(engine value, PokerKit index) {a} then {b}")
    return [
        high_value_check,
        category_check,
        high_cards_check,
        low_none_check,
        low_ranks_check,
        low_cards_check,
        low_order_check,
    ]


# --- report -----------------------------------------------------------------------------------------------


def rate(count: int, seconds: float) -> float:
    return count / seconds if seconds > 0 else float("inf")


def fmt_rate(value: float | None) -> str:
    return "-" if value is None else f"{value:,.0f}"


def fmt_ratio(ours: float, theirs: float | None) -> str:
    return "-" if theirs is None else f"{ours / theirs:,.0f}x"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--deals", type=int, default=20_000, help="deals for the engine (default 20000)")
    parser.add_argument("--seed", type=int, default=2024, help="random seed for the deals (default 2024)")
    parser.add_argument("--repeat", type=int, default=5, help="timed passes per measurement (default 5)")
    parser.add_argument(
        "--pokerkit-deals",
        type=int,
        default=1_000,
        help="the first M deals are also given to PokerKit and checked (default 1000)",
    )
    args = parser.parse_args(argv)
    if args.deals < 1 or args.repeat < 1 or args.pokerkit_deals < 0:
        parser.error("--deals and --repeat must be positive, --pokerkit-deals not negative")

    pk = load_pokerkit()
    pk_version = importlib.metadata.version("pokerkit") if pk is not None else None
    deals = make_deals(args.deals, args.seed)
    pk_count = min(args.pokerkit_deals, args.deals) if pk is not None else 0

    print(f"Python {sys.version.split()[0]} on {sys.platform}; engine at {engine.__file__}")
    if pk is None:
        print(
            f"PokerKit is not importable: timing the engine only (pip install pokerkit=={POKERKIT_VERSION} to compare)."
        )
    else:
        note = "" if pk_version == POKERKIT_VERSION else f"  (WARNING: written for {POKERKIT_VERSION})"
        print(f"PokerKit {pk_version}{note}")
    print(
        f"deals: {args.deals:,} for the engine, the first {pk_count:,} of them for PokerKit; "
        f"seed {args.seed}; median of {args.repeat} passes; rates are deals evaluated per second"
    )
    print()

    # Every table is built or loaded when engine.evaluation is imported (see the import time below), so there
    # is no cold pass: the first evaluation is as fast as the millionth.
    runners = engine_runners(deals)

    results: dict[str, dict[str, float]] = {"fast": {}, "objects": {}, "pokerkit": {}}
    for api, by_measure in runners.items():
        for measure, run in by_measure.items():
            results[api][measure] = rate(len(deals), median_time(run, args.repeat))
    if pk is not None and pk_count:
        pk_runners = pokerkit_runners(pk, to_pokerkit(pk, deals[:pk_count]))
        for measure, run in pk_runners.items():
            results["pokerkit"][measure] = rate(pk_count, median_time(run, args.repeat))

    header = (
        f"{'measure':<10} {'engine fast/s':>14} {'engine objects/s':>17} {'PokerKit/s':>11} "
        f"{'fast/PokerKit':>14} {'objects/PokerKit':>17}"
    )
    print(header)
    print("-" * len(header))
    for measure in ("high", "low", "high+low"):
        fast, objects = results["fast"][measure], results["objects"][measure]
        theirs = results["pokerkit"].get(measure)
        print(
            f"{measure:<10} {fmt_rate(fast):>14} {fmt_rate(objects):>17} {fmt_rate(theirs):>11} "
            f"{fmt_ratio(fast, theirs):>14} {fmt_ratio(objects, theirs):>17}"
        )
    print()

    engine_import = import_seconds("engine")
    pk_import = import_seconds("pokerkit") if pk is not None else None
    if engine_import is not None:
        print(
            f"  import engine, fresh interpreter (loads the high table, builds the low table): "
            f"{engine_import * 1e3:.0f} ms"
        )
    if pk_import is not None:
        print(f"  import pokerkit, fresh interpreter (builds its lookups): {pk_import * 1e3:.0f} ms")
    print()

    examples: list[str] = []
    checks = [check_engine_paths(deals, examples)]
    if pk is not None and pk_count:
        checks += check_against_pokerkit(pk, deals[:pk_count], to_pokerkit(pk, deals[:pk_count]), examples)
    print("Agreement checks:")
    for check in checks:
        print(f"  {check.disagreements:>5} disagreements in {check.compared:>6,} compared: {check.name}")
    total = sum(check.disagreements for check in checks)
    print(f"  total disagreements: {total}")
    for example in examples:
        print(f"    e.g. {example}")
    return 1 if total else 0


if __name__ == "__main__":
    sys.exit(main())
