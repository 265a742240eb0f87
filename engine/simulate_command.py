"""`python -m engine simulate`: a match between bots, played (in shards, on processes or Ray) and reported as
text or JSON, every hand optionally written out; docs/bots.md and docs/scale.md say what it does."""

from __future__ import annotations

import argparse
import json
import secrets
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from engine.command_options import (
    add_game_options,
    add_worker_options,
    bot_specs,
    build_game,
    check_output,
    describe_game,
    seconds_option,
    whole_option,
)
from engine.errors import EngineError
from engine.progress import Progress, add_progress_option, wanted
from engine.shards import MAX_HANDS

if TYPE_CHECKING:
    from engine.match import HandSummary, MatchResult
    from engine.rules import Rules
    from engine.schedule import Schedule


def run(args: argparse.Namespace) -> int:
    """Play the match the options describe and report it (text or JSON)."""
    out: TextIO = args.stdout
    game = build_game(args.game, args.stakes, args.blinds, runs=args.runs, boards=args.boards)
    seed = args.seed if args.seed is not None else secrets.randbelow(2**32)
    specs = bot_specs(args.bots, args.players)
    from engine.shards import check_arguments

    # every bot loads and a Ray cluster answers, before any output
    check_arguments(specs, seed, args.workers, args.backend, args.time_limit, args.address)
    local = args.workers == 1 and args.backend == "local"  # every hand is played in this process
    here = local and not args.duplicate  # ... and numbered 1, 2, ... (shown, tallied by all-in EV)
    if not local and args.out:
        raise EngineError(
            "--out writes every hand, which is played in this process only with --workers 1 and the local backend"
        )
    if not here and args.all_in_ev:
        raise EngineError(
            "--all-in-ev looks at every hand, which is played in this process only with "
            "--workers 1, the local backend and no --duplicate"
        )
    watch = _HandWatch(args, len(specs), local)
    if not args.json:
        out.write(f"{args.hands} hands of {describe_game(game)}; {len(specs)} players; seed {seed}\n\n")
        out.flush()  # before a progress bar starts drawing on the terminal
    progress = _progress_bar(args)
    if progress is not None and here:
        watch.callbacks.append(lambda hand: progress.step())
    started = time.perf_counter()
    try:
        result, duplicate = _run_simulation(args, specs, game, seed, watch if local else None, progress)
    finally:
        if progress is not None:
            progress.close()
        watch.close()
    seconds = time.perf_counter() - started
    if args.json:
        out.write(json.dumps(_simulation_document(args, game, specs, result, watch, duplicate), indent=2) + "\n")
    else:
        _write_simulation_text(out, args, result, watch, duplicate, local)
    rate = result.hands / seconds if seconds > 0 else 0.0
    out.flush()
    args.stderr.write(f"{result.hands:,} hands in {seconds:.2f} s ({rate:,.0f} hands/s)\n")
    return 0


class _HandWatch:
    """What ``simulate`` does with each hand played in this process: keeps (and prints) the first ``--show``,
    adds it to the ``--all-in-ev`` tally and writes it to the ``--out`` file."""

    def __init__(self, args: argparse.Namespace, players: int, here: bool) -> None:
        from engine.match import HistoryWriter

        self.out: TextIO = args.stdout
        self.json: bool = args.json
        self.show = max(args.show, 0) if here else 0  # deals in a duplicate match: each shown in every rotation
        self.shown: list[HandSummary] = []
        self.callbacks: list[Callable[[HandSummary], object]] = [self.keep]
        self.all_in = _AllInTally(players) if args.all_in_ev else None
        if self.all_in is not None:
            self.callbacks.append(self.all_in.add)
        self.writer: HistoryWriter | None = None
        self.history: TextIO | None = None
        if args.out:
            path = Path(args.out)
            fmt = args.format if args.format != "auto" else _history_format(path)
            self.history = _open_out(path)
            self.writer = HistoryWriter(self.history, fmt)
            self.callbacks.append(self.writer)

    def keep(self, hand: HandSummary) -> None:
        if hand.number <= self.show:
            self.shown.append(hand)
            if not self.json:
                from engine.report import hand_line

                self.out.write(hand_line(hand) + "\n")

    def __call__(self, hand: HandSummary) -> None:
        for callback in self.callbacks:
            callback(hand)

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
        if self.history is not None:
            self.history.close()


def _history_format(path: Path) -> str:
    """``--format auto``: the format ``--out``'s suffix names (.phh/.phhs, .ohh), else PokerStars text."""
    suffix = path.suffix.lower()
    return "phh" if suffix in (".phh", ".phhs") else "ohh" if suffix == ".ohh" else "pokerstars"


def _progress_bar(args: argparse.Namespace) -> Progress | None:
    """A progress bar on standard error when asked for, or by default for 1000 hands or more on a terminal."""
    stderr: TextIO = args.stderr
    return Progress(args.hands, stderr) if wanted(args.progress, stderr, long=args.hands >= 1000) else None


def _run_simulation(
    args: argparse.Namespace,
    specs: list[str],
    game: Rules | Schedule,
    seed: int,
    on_hand: Callable[[HandSummary], object] | None,
    progress: Progress | None,
) -> tuple[MatchResult, Any]:
    """The match's result, and the duplicate match's (None without ``--duplicate``). ``on_hand`` is None when
    the hands are played elsewhere; the progress bar then moves a shard at a time."""
    from engine.shards import play_sharded

    def on_shard(shard: Any, _: object) -> None:
        if progress is not None and (on_hand is None or args.duplicate):
            progress.step(shard.hands)  # hands done across the workers, a shard at a time

    from engine.duplicate import DuplicateResult, play_duplicate

    play: Callable[..., MatchResult | DuplicateResult] = play_duplicate if args.duplicate else play_sharded
    outcome = play(
        specs,
        game,
        args.hands,
        seed=seed,
        shard_size=args.shard_size,
        workers=args.workers,
        backend=args.backend,
        address=args.address,
        stack=args.stack,
        time_limit=args.time_limit,
        on_shard=on_shard,
        on_hand=on_hand,
    )
    if isinstance(outcome, DuplicateResult):
        return outcome.result, outcome
    return outcome, None


def _simulation_document(
    args: argparse.Namespace,
    game: Rules | Schedule,
    specs: list[str],
    result: MatchResult,
    watch: _HandWatch,
    duplicate: Any,
) -> dict[str, object]:
    """``simulate --json``: the match, the hands shown, and the all-in EV and duplicate figures when asked for."""
    from engine.report import hand_data, result_data

    document = {
        "game": args.game,
        "description": describe_game(game),
        "players": len(specs),
        "bot_kinds": specs,
        **result_data(result),
        "hand_log": [hand_data(h) for h in watch.shown],
    }
    if watch.all_in is not None:
        document["all_in_ev"] = watch.all_in.data(result)
    if duplicate is not None:
        document["duplicate"] = _duplicate_data(duplicate)
    return document


def _write_simulation_text(
    out: TextIO, args: argparse.Namespace, result: MatchResult, watch: _HandWatch, duplicate: Any, local: bool
) -> None:
    """``simulate``'s report for people: where the hands were played, the summary table, the duplicate and
    all-in EV figures when asked for, the bot faults and the chip check."""
    from engine.report import incident_text, summary_table

    if not local:
        shards = -(-args.hands // args.shard_size)
        out.write(
            f"{shards} shards of up to {args.shard_size} hands on {args.workers} "
            f"{'worker' if args.workers == 1 else 'workers'} ({args.backend}); hands are shown only "
            f"when played in this process (--workers 1 and --backend local)\n"
        )
    elif duplicate is not None and result.hands > len(watch.shown):
        out.write(
            f"... {result.hands - len(watch.shown)} more hands not shown (--show N prints the first N deals, "
            f"each in all {duplicate.rotations} rotations; #17-2 is deal 17, rotation 2)\n"
        )
    elif result.hands > len(watch.shown):
        out.write(f"... {result.hands - len(watch.shown)} more hands not shown (--show N prints the first N)\n")
    out.write("\n" + summary_table(result) + "\n\n")
    if duplicate is not None:
        out.write(_duplicate_text(duplicate) + "\n\n")
    if watch.all_in is not None:
        out.write(watch.all_in.text(result) + "\n\n")
    if result.incidents:
        out.write(f"{len(result.incidents)} bot faults (each played as check, or fold):\n")
        for incident in result.incidents[:20]:
            out.write("  " + incident_text(incident) + "\n")
        if len(result.incidents) > 20:
            out.write(f"  ... and {len(result.incidents) - 20} more (--json lists them all)\n")
    else:
        out.write("No bot faults. ")
    out.write(f"Chips conserved in all {result.hands} hands.\n")
    if args.out:
        out.write(f"Hands written to {args.out}.\n")


def _duplicate_data(duplicate: Any) -> dict[str, object]:
    return {
        "deals": duplicate.deals,
        "rotations": duplicate.rotations,
        "bots": [
            {
                "seat": stats.seat,
                "name": stats.name,
                "bb_per_100": round(stats.bb_per_100, 4),
                "error_by_hands": round(stats.bb_per_100_error, 4),
                "error_by_deals": round(duplicate.duplicate_error(bot), 4),
            }
            for bot, stats in enumerate(duplicate.result.stats)
        ],
    }


def _duplicate_text(duplicate: Any) -> str:
    lines = [
        f"Duplicate: {duplicate.deals:,} deals, each played {duplicate.rotations} times with the bots rotated "
        f"(seat i is the i-th bot over all its hands). Standard error of bb/100 by hands, and by deals:"
    ]
    for bot, stats in enumerate(duplicate.result.stats):
        by_hands, by_deals = stats.bb_per_100_error, duplicate.duplicate_error(bot)
        fell = f", {_change(by_hands, by_deals)}" if by_hands else ""
        lines.append(
            f"  {stats.name}: {stats.bb_per_100:+.1f} bb/100, ±{by_hands:.1f} by hands, ±{by_deals:.1f} by deals{fell}"
        )
    return "\n".join(lines)


def _change(by_hands: float, by_deals: float) -> str:
    """How the error by deals compares with the error by hands, in words: "27% less" or "15% more"."""
    percent = round(100 * (by_deals - by_hands) / by_hands)
    return f"{-percent}% less" if percent < 0 else f"{percent}% more" if percent > 0 else "no change"


class _AllInTally:
    """``simulate --all-in-ev``: per table seat, the chips (in big blinds) that all-in EV adds to the real
    result (docs/equity.md)."""

    def __init__(self, seats: int) -> None:
        try:
            from engine.equity.allin import all_in_ev  # numpy: the equity extra
        except ImportError as error:
            raise EngineError(f"--all-in-ev needs numpy (pip install -e '.[equity]'): {error}") from None
        self.all_in_ev = all_in_ev
        self.hands = 0
        self.shift_bb = [0.0] * seats

    def add(self, hand: HandSummary) -> None:
        ev = self.all_in_ev(hand.state)
        if ev is None:
            return
        self.hands += 1
        big_blind = max(hand.state.rules.big_blind, 1)
        for seat, (real, adjusted) in zip(hand.seats, zip(ev.net, ev.adjusted, strict=True), strict=True):
            self.shift_bb[seat] += (adjusted - real) / big_blind

    def bb_per_100(self, stats: Any) -> float:
        return 100 * (stats.net_bb + self.shift_bb[stats.seat]) / stats.hands if stats.hands else 0.0

    def data(self, result: Any) -> dict[str, Any]:
        return {
            "hands": self.hands,
            "bots": [
                {
                    "seat": stats.seat,
                    "name": stats.name,
                    "bb_per_100": round(stats.bb_per_100, 4),
                    "all_in_bb_per_100": round(self.bb_per_100(stats), 4),
                    "all_in_net_bb": round(stats.net_bb + self.shift_bb[stats.seat], 4),
                }
                for stats in result.stats
            ],
        }

    def text(self, result: Any) -> str:
        lines = [f"bb/100 both ways ({self.hands} hands all in before the river, judged by all-in EV):"]
        width = max(len(stats.name) for stats in result.stats)
        for stats in result.stats:
            lines.append(
                f"  {stats.name:<{width}}  {stats.bb_per_100:+8.1f} real  {self.bb_per_100(stats):+8.1f} all-in EV"
            )
        return "\n".join(lines)


def _open_out(path: Path) -> TextIO:
    """``--out`` opened for writing; a folder that does not exist, a directory or a file that cannot be written
    is one clear error, before any hand is played."""
    check_output(path, "--out", "hands.phhs")
    try:
        return open(path, "w", encoding="utf-8")
    except OSError as error:
        raise EngineError(f"--out {str(path)!r}: cannot write there: {error.strerror}") from None


def add_simulate_command(commands: Any) -> None:
    """The ``simulate`` command's options."""
    simulate = commands.add_parser("simulate", help="play a match between bots and report how each did")
    simulate.add_argument(
        "--hands",
        type=whole_option(0, MAX_HANDS),
        default=1000,
        help=f"hands to play (default 1000, at most {MAX_HANDS:,})",
    )
    add_game_options(simulate, "hilo,random,caller", None)
    simulate.add_argument("--show", type=whole_option(0), default=20, help="print the first N hands (default 20)")
    simulate.add_argument("--out", help="write every hand here: PHH for .phh/.phhs, OHH for .ohh, else PokerStars text")
    simulate.add_argument(
        "--format",
        choices=("auto", "phh", "pokerstars", "ohh"),
        default="auto",
        help="the --out format (default: by the file's suffix)",
    )
    simulate.add_argument("--json", action="store_true", help="print one JSON document instead of text")
    simulate.add_argument(
        "--time-limit",
        type=seconds_option,
        default=1.0,
        help="seconds a bot may take per action before it is checked or folded (default 1)",
    )
    simulate.add_argument(
        "--all-in-ev",
        action="store_true",
        help="also report bb/100 by all-in EV (hands all in before the river judged by equity; needs numpy)",
    )
    add_progress_option(simulate, "a progress bar", "for 1000+ hands on a terminal")
    add_worker_options(simulate, "the match's shards")
    simulate.add_argument(
        "--shard-size",
        type=whole_option(1),
        default=1000,
        help="hands a shard: each shard is a fresh table session (default 1000; the result "
        "depends on the seed, the hands and this, never on --workers or --backend)",
    )
    simulate.add_argument(
        "--duplicate",
        action="store_true",
        help="play every deal once per rotation of the bots, so each plays each seat's cards",
    )
    simulate.set_defaults(run=run)
