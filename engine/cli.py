"""The command line: `python -m engine <command>`. Each command is a thin shell over the public API."""

from __future__ import annotations

import argparse
import json
import math
import re
import secrets
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn, TextIO

from engine.cards import format_cards, parse_cards
from engine.errors import EngineError, RulesError
from engine.evaluation import best_high, best_low
from engine.history.formats import CHOICES as HISTORY_FORMATS
from engine.history.formats import titles
from engine.progress import Progress, add_progress_option, files_progress, wanted
from engine.shards import MAX_HANDS
from engine.validate import name, quote

if TYPE_CHECKING:
    from engine.match import HandSummary, MatchResult
    from engine.rules import Rules
    from engine.schedule import Schedule
    from engine.state import HandState


_HISTORY_FILES = (f"hand history files, folders (read at every depth) or zip archives: {titles()} (found from "
                  "the content; in folders and archives, files that are not hand histories are skipped)")

def _evaluate(args: argparse.Namespace) -> int:
    hole, board = parse_cards(args.hole), parse_cards(args.board)
    high = best_high(hole, board)
    low = best_low(hole, board)
    print(f"hole  {format_cards(hole)}")
    print(f"board {format_cards(board)}")
    print(f"high  {high.name}: {format_cards(high.cards)}")
    print(f"low   {low.name}: {format_cards(low.cards)}" if low else "low   none (no 8-or-better low)")
    return 0


def _replay(args: argparse.Namespace) -> int:
    from engine.history.inputs import Inputs
    from engine.history.replay import MISMATCH, replay

    inputs = Inputs(args.files, args.format)
    hands: list[dict[str, Any]] = []
    notes: list[str] = []
    progress = files_progress(args.progress, args.stderr, lambda: len(inputs))
    inputs.step = progress.step if progress is not None else None
    try:
        for file in inputs.read():
            notes += file.hands.notes
            for item in file.hands:
                if isinstance(item, EngineError):
                    source, hand_id = getattr(item, "source", "") or file.where, getattr(item, "hand_id", "")
                    inputs.summary.hand(file, str(item), source=source, hand_id=hand_id)
                    hands.append({"source": source, "id": hand_id, "status": "error", "detail": str(item),
                                  "players": [], "finishing_stacks": []})
                    continue
                report = replay(item)
                inputs.summary.hand(file, report.detail if report.failed else None, source=item.source,
                                    hand_id=item.id, mismatch=report.status == MISMATCH)
                stacks = report.finishing_stacks
                hands.append({"source": item.source or file.where, "id": item.id, "status": report.status,
                              "detail": report.detail, "players": list(item.players),
                              "finishing_stacks": [item.to_units(chips) for chips in stacks] if stacks else [],
                              "all_in_ev": _all_in_ev(report.state, item.scale) if args.json else None})
    finally:
        if progress is not None:
            progress.close()
    statuses = ("ok", "unchecked", "mismatch", "error")
    summary = {status: sum(1 for hand in hands if hand["status"] == status) for status in statuses}
    if args.json:
        print(json.dumps({"hands": hands, "summary": summary, "notes": notes, "inputs": inputs.summary.data()},
                         indent=2))
    else:
        for hand in hands:
            verdict = hand["status"] + (f": {hand['detail']}" if hand["detail"] else "")
            print(f"{hand['source']}  {hand['id'] or '?'}  {verdict}")
        for note in notes:
            print(f"note: {note}")
        for line in inputs.summary.lines():
            print(line)
        unchecked = f" {summary['unchecked']} unchecked," if summary["unchecked"] else ""
        print(f"{len(hands)} hands: {summary['ok']} ok,{unchecked} {summary['mismatch']} mismatch, "
              f"{summary['error']} error")
    return 0 if hands and not summary["mismatch"] and not summary["error"] else 1


def _all_in_ev(state: HandState | None, scale: int) -> dict[str, object] | None:
    """A replayed hand's all-in EV (docs/equity.md), or None: not all in before the river, or no numpy."""
    if state is None or not state.is_over:
        return None
    try:
        from engine.equity.allin import all_in_data  # numpy: the equity extra
    except ImportError:
        return None
    return all_in_data(state, scale)


def _convert(args: argparse.Namespace) -> int:
    from engine.history.inputs import InputFile, Inputs
    from engine.history.ohh import write_ohh
    from engine.history.phh import write_phhs
    from engine.history.pokerstars import write_pokerstars
    from engine.history.record import HandRecord

    inputs = Inputs(args.files, args.format)
    records: list[tuple[InputFile, HandRecord]] = []
    failures = 0
    progress = files_progress(args.progress, args.stderr, lambda: len(inputs))
    inputs.step = progress.step if progress is not None else None
    try:
        for file in inputs.read():
            for note in file.hands.notes:
                print(f"note: {note}", file=sys.stderr)
            for item in file.hands:
                if isinstance(item, EngineError):
                    print(f"skipped: {item}", file=sys.stderr)
                    inputs.summary.hand(file, str(item), source=getattr(item, "source", ""),
                                        hand_id=getattr(item, "hand_id", ""))
                    failures += 1
                else:
                    records.append((file, item))
    finally:
        if progress is not None:
            progress.close()
    if args.to == "ohh":
        text = ""
        for file, record in records:
            try:
                text += write_ohh(record)
            except EngineError as error:  # what OHH cannot say (several boards, odd limit stakes) is named
                print(f"skipped: {record.source or '?'} hand #{record.id}: {error}", file=sys.stderr)
                inputs.summary.hand(file, str(error), source=record.source, hand_id=record.id)
                failures += 1
            else:
                inputs.summary.hand(file)
    else:
        written = [record for _, record in records]
        for file, _ in records:
            inputs.summary.hand(file)
        text = write_phhs(written) if args.to == "phh" else "\n\n\n".join(map(write_pokerstars, written)) + "\n"
    if args.out:
        with open(args.out, "w", encoding="utf-8") as out:
            out.write(text)
    else:
        sys.stdout.write(text)
    for line in inputs.summary.lines():
        print(line, file=sys.stderr)
    return 1 if failures else 0


# --- matches: simulate and play ------------------------------------------------------------------------------

GAMES = ("limit", "pot-limit", "no-limit", "mixed")


_PAIR = re.compile(r"\s*([0-9]{1,15})\s*/\s*([0-9]{1,15})\s*")  # ASCII digits only: "²/⁴" passes isdigit()
_WHOLE = re.compile(r"[+]?[0-9]{1,30}")
_SIGNED = re.compile(r"[+-]?[0-9]{1,30}")
_DECIMAL = re.compile(r"[+]?([0-9]{1,9}(\.[0-9]*)?|\.[0-9]+)")


def _pair(text: str, what: str) -> tuple[int, int]:
    match = _PAIR.fullmatch(text)
    if match is None:
        raise EngineError(f"{what} are two whole numbers like 2/4, got {quote(text)}")
    first, second = int(match[1]), int(match[2])
    if second <= 0 or first > second:
        raise EngineError(f"{what} {quote(text)}: the second must be > 0 and at least the first")
    return first, second


def _whole_option(minimum: int, maximum: int | None = None, *, signed: bool = False) -> Callable[[str], int]:
    """An argparse type: a whole number in plain ASCII digits (``int()`` also takes "١٠", "1_0" and " 5 ")
    within ``minimum..maximum`` (at most 30 digits: a longer number is a typing accident)."""
    pattern = _SIGNED if signed else _WHOLE

    def parse(text: str) -> int:
        if not pattern.fullmatch(text):
            raise argparse.ArgumentTypeError(f"expected a whole number in digits 0-9, got {quote(text)}")
        value = int(text)
        if value < minimum or (maximum is not None and value > maximum):
            span = f"{minimum}..{maximum}" if maximum is not None else f">= {minimum}"
            raise argparse.ArgumentTypeError(f"expected a whole number {span}, got {value}")
        return value

    parse.__name__ = "whole number"  # argparse names the type in its messages
    return parse


def _seconds_option(text: str) -> float:
    """An argparse type: seconds > 0 in plain digits ("1", "2.5"); no NaN, infinity or exponent."""
    if not _DECIMAL.fullmatch(text):
        raise argparse.ArgumentTypeError(f"expected seconds such as 1 or 2.5, got {quote(text)}")
    value = float(text)
    if not 0 < value < math.inf:
        raise argparse.ArgumentTypeError(f"expected seconds > 0, got {quote(text)}")
    return value


def _name_option(text: str) -> str:
    try:
        return name(text, "a name")
    except EngineError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def build_game(game: str, stakes: str | None, blinds: str | None, *, runs: int = 1,
               boards: int = 1) -> Rules | Schedule:
    """The game the command line names. Limit stakes are the small and big bet, with blinds of half the small
    bet and the small bet (2/4: blinds 1/2); pot-limit and no-limit stakes are the blinds. Mixed Omaha plays
    limit at the given stakes and pot limit with the same blinds. ``blinds`` overrides the blinds. ``runs``
    and ``boards`` are the rules' options for running all-in boards more than once and for double boards."""
    import attrs

    from engine.rules import Rules
    from engine.schedule import MixedOmaha

    chosen = _base_game(game, stakes, blinds)
    if runs == 1 and boards == 1:
        return chosen
    try:
        if isinstance(chosen, Rules):
            return attrs.evolve(chosen, runs=runs, boards=boards)
        assert isinstance(chosen, MixedOmaha)
        return MixedOmaha(attrs.evolve(chosen.limit_rules, runs=runs, boards=boards),
                          attrs.evolve(chosen.pot_limit_rules, runs=runs, boards=boards))
    except RulesError as exc:
        raise EngineError(f"--runs/--boards: {exc}") from None


def _base_game(game: str, stakes: str | None, blinds: str | None) -> Rules | Schedule:
    from engine.betting import FixedLimit, NoLimit, PotLimit
    from engine.rules import Rules
    from engine.schedule import MixedOmaha

    if game not in GAMES:
        raise EngineError(f"unknown game {game!r}; games are {', '.join(GAMES)}")
    limit_game = game in ("limit", "mixed")
    first, second = _pair(stakes if stakes is not None else "2/4" if limit_game else "1/2", "stakes")
    posted = _pair(blinds, "blinds") if blinds is not None else (first // 2, first) if limit_game else (first, second)
    if limit_game:
        limit = Rules(FixedLimit(first, second), blinds=posted)
        return limit if game == "limit" else MixedOmaha(limit, Rules(PotLimit(), blinds=posted))
    return Rules(PotLimit() if game == "pot-limit" else NoLimit(), blinds=posted)


def _describe_game(game: Rules | Schedule) -> str:
    from engine.betting import FixedLimit
    from engine.match import game_name
    from engine.rules import Rules
    from engine.schedule import MixedOmaha

    def one(rules: Rules) -> str:
        betting = rules.betting
        stakes = f" {betting.small_bet}/{betting.big_bet}" if isinstance(betting, FixedLimit) else ""
        return f"{game_name(rules)}{stakes}"

    if isinstance(game, Rules):
        return f"{one(game)} Omaha hi-lo, blinds {'/'.join(map(str, game.blinds))}"
    if isinstance(game, MixedOmaha):
        return (f"mixed Omaha hi-lo ({one(game.limit_rules)} and {one(game.pot_limit_rules)}, one orbit each), "
                f"blinds {'/'.join(map(str, game.limit_rules.blinds))}")
    return type(game).__name__


def _bot_specs(text: str, players: int | None, reserved: int = 0) -> list[str]:
    specs = [spec.strip() for spec in text.split(",") if spec.strip()]
    if not specs:
        raise EngineError("--bots needs at least one bot name")
    count = players - reserved if players is not None else max(len(specs), 2 - reserved)
    if not 2 <= count + reserved <= 10:
        raise EngineError(f"a table seats 2 to 10 players, got {count + reserved}")
    return [specs[i % len(specs)] for i in range(count)]  # the list is repeated to fill the table


def _simulate(args: argparse.Namespace) -> int:
    out: TextIO = args.stdout
    game = build_game(args.game, args.stakes, args.blinds, runs=args.runs, boards=args.boards)
    seed = args.seed if args.seed is not None else secrets.randbelow(2**32)
    specs = _bot_specs(args.bots, args.players)
    from engine.shards import check_arguments

    # every bot loads and a Ray cluster answers, before any output
    check_arguments(specs, seed, args.workers, args.backend, args.time_limit, args.address)
    local = args.workers == 1 and args.backend == "local"  # every hand is played in this process
    here = local and not args.duplicate  # ... and numbered 1, 2, ... (shown, tallied by all-in EV)
    if not local and args.out:
        raise EngineError("--out writes every hand, which is played in this process only with --workers 1 and "
                          "the local backend")
    if not here and args.all_in_ev:
        raise EngineError("--all-in-ev looks at every hand, which is played in this process only with "
                          "--workers 1, the local backend and no --duplicate")
    watch = _HandWatch(args, len(specs), local)
    if not args.json:
        out.write(f"{args.hands} hands of {_describe_game(game)}; {len(specs)} players; seed {seed}\n\n")
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


def _run_simulation(args: argparse.Namespace, specs: list[str], game: Rules | Schedule, seed: int,
                    on_hand: Callable[[HandSummary], object] | None,
                    progress: Progress | None) -> tuple[MatchResult, Any]:
    """The match's result, and the duplicate match's (None without ``--duplicate``). ``on_hand`` is None when
    the hands are played elsewhere; the progress bar then moves a shard at a time."""
    from engine.shards import play_sharded

    def on_shard(shard: Any, _: object) -> None:
        if progress is not None and (on_hand is None or args.duplicate):
            progress.step(shard.hands)  # hands done across the workers, a shard at a time

    if args.duplicate:
        from engine.duplicate import play_duplicate

        duplicate = play_duplicate(specs, game, args.hands, seed=seed, shard_size=args.shard_size,
                                   workers=args.workers, backend=args.backend, address=args.address,
                                   stack=args.stack, time_limit=args.time_limit, on_shard=on_shard,
                                   on_hand=on_hand)
        return duplicate.result, duplicate
    return play_sharded(specs, game, args.hands, seed=seed, shard_size=args.shard_size, workers=args.workers,
                        backend=args.backend, address=args.address, stack=args.stack, time_limit=args.time_limit,
                        on_shard=on_shard, on_hand=on_hand), None


def _simulation_document(args: argparse.Namespace, game: Rules | Schedule, specs: list[str], result: MatchResult,
                         watch: _HandWatch, duplicate: Any) -> dict[str, object]:
    """``simulate --json``: the match, the hands shown, and the all-in EV and duplicate figures when asked for."""
    from engine.report import hand_data, result_data

    document = {"game": args.game, "description": _describe_game(game), "players": len(specs),
                "bot_kinds": specs, **result_data(result), "hand_log": [hand_data(h) for h in watch.shown]}
    if watch.all_in is not None:
        document["all_in_ev"] = watch.all_in.data(result)
    if duplicate is not None:
        document["duplicate"] = _duplicate_data(duplicate)
    return document


def _write_simulation_text(out: TextIO, args: argparse.Namespace, result: MatchResult, watch: _HandWatch,
                           duplicate: Any, local: bool) -> None:
    """``simulate``'s report for people: where the hands were played, the summary table, the duplicate and
    all-in EV figures when asked for, the bot faults and the chip check."""
    from engine.report import incident_text, summary_table

    if not local:
        shards = -(-args.hands // args.shard_size)
        out.write(f"{shards} shards of up to {args.shard_size} hands on {args.workers} "
                  f"{'worker' if args.workers == 1 else 'workers'} ({args.backend}); hands are shown only "
                  f"when played in this process (--workers 1 and --backend local)\n")
    elif duplicate is not None and result.hands > len(watch.shown):
        out.write(f"... {result.hands - len(watch.shown)} more hands not shown (--show N prints the first N deals, "
                  f"each in all {duplicate.rotations} rotations; #17-2 is deal 17, rotation 2)\n")
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
    return {"deals": duplicate.deals, "rotations": duplicate.rotations, "bots": [
        {"seat": stats.seat, "name": stats.name, "bb_per_100": round(stats.bb_per_100, 4),
         "error_by_hands": round(stats.bb_per_100_error, 4), "error_by_deals": round(duplicate.duplicate_error(bot), 4)}
        for bot, stats in enumerate(duplicate.result.stats)]}


def _duplicate_text(duplicate: Any) -> str:
    lines = [f"Duplicate: {duplicate.deals:,} deals, each played {duplicate.rotations} times with the bots rotated "
             f"(seat i is the i-th bot over all its hands). Standard error of bb/100 by hands, and by deals:"]
    for bot, stats in enumerate(duplicate.result.stats):
        by_hands, by_deals = stats.bb_per_100_error, duplicate.duplicate_error(bot)
        fell = f", {_change(by_hands, by_deals)}" if by_hands else ""
        lines.append(f"  {stats.name}: {stats.bb_per_100:+.1f} bb/100, ±{by_hands:.1f} by hands, ±{by_deals:.1f} "
                     f"by deals{fell}")
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
        return {"hands": self.hands, "bots": [
            {"seat": stats.seat, "name": stats.name, "bb_per_100": round(stats.bb_per_100, 4),
             "all_in_bb_per_100": round(self.bb_per_100(stats), 4),
             "all_in_net_bb": round(stats.net_bb + self.shift_bb[stats.seat], 4)} for stats in result.stats]}

    def text(self, result: Any) -> str:
        lines = [f"bb/100 both ways ({self.hands} hands all in before the river, judged by all-in EV):"]
        width = max(len(stats.name) for stats in result.stats)
        for stats in result.stats:
            lines.append(f"  {stats.name:<{width}}  {stats.bb_per_100:+8.1f} real  {self.bb_per_100(stats):+8.1f} "
                         "all-in EV")
        return "\n".join(lines)


def _open_out(path: Path) -> TextIO:
    """``--out`` opened for writing; a folder that does not exist, a directory or a file that cannot be written
    is one clear error, before any hand is played."""
    if path.is_dir():
        raise EngineError(f"--out {str(path)!r} is a directory; give a file name such as hands.phhs")
    if not path.parent.is_dir():
        raise EngineError(f"--out {str(path)!r}: the folder {str(path.parent)!r} does not exist")
    try:
        return open(path, "w", encoding="utf-8")
    except OSError as error:
        raise EngineError(f"--out {str(path)!r}: cannot write there: {error.strerror}") from None


def _play(args: argparse.Namespace) -> int:
    from engine.bots import make_bot
    from engine.match import derive_seed, unique_names
    from engine.play import play_session

    game = build_game(args.game, args.stakes, args.blinds, runs=args.runs, boards=args.boards)
    seed = args.seed if args.seed is not None else secrets.randbelow(2**32)
    specs = _bot_specs(args.bots, args.players, reserved=1)
    if args.seat > len(specs):
        raise EngineError(f"--seat must be 0..{len(specs)} at a table of {len(specs) + 1}, got {args.seat}")
    bots = [make_bot(spec, seed=derive_seed(seed, f"bot{i}")) for i, spec in enumerate(specs)]

    class _Named:
        name = args.name

    names = unique_names([*bots[:args.seat], _Named(), *bots[args.seat:]])
    out: TextIO = args.stdout
    out.write(f"{_describe_game(game)}; seed {seed}\n")
    play_session(bots, names, game, seat=args.seat, hands=args.hands, seed=seed, stack=args.stack,
                 input=args.stdin, output=out)
    return 0


def _add_game_options(command: argparse.ArgumentParser, bots: str, players: int | None) -> None:
    command.add_argument("--players", type=_whole_option(2, 10), default=players,
                         help="players at the table, 2..10 (default: as many as --bots names" +
                              (")" if players is None else f", or {players})"))
    command.add_argument("--game", choices=GAMES, default="limit",
                         help="limit, pot-limit, no-limit, or mixed (an orbit of limit, then of pot limit)")
    command.add_argument("--stakes", help="limit: small/big bet, blinds half the small bet and the small bet "
                                          "(default 2/4: blinds 1/2); pot-limit, no-limit: the blinds (default 1/2)")
    command.add_argument("--blinds", help="small/big blind, overriding the stakes' blinds")
    command.add_argument("--runs", type=_whole_option(1, 3), default=1,
                         help="when players are all in before the river, offer to run the board up to N times")
    command.add_argument("--boards", type=_whole_option(1, 2), default=1, help="2: a double-board game")
    command.add_argument("--stack", type=_whole_option(1), help="starting stack and rebuy (default 100 big blinds)")
    command.add_argument("--seed", type=_whole_option(-(2**63), signed=True),
                         help="the match seed: the same seed deals the same hands (default: a random one, printed)")
    command.add_argument("--bots", default=bots, help="comma-separated bots, repeated to fill the table: random, "
                                                      f"caller, hilo, or module:Class (default {bots})")


def _add_match_commands(commands: Any) -> None:
    simulate = commands.add_parser("simulate", help="play a match between bots and report how each did")
    simulate.add_argument("--hands", type=_whole_option(0, MAX_HANDS), default=1000,
                          help=f"hands to play (default 1000, at most {MAX_HANDS:,})")
    _add_game_options(simulate, "hilo,random,caller", None)
    simulate.add_argument("--show", type=_whole_option(0), default=20, help="print the first N hands (default 20)")
    simulate.add_argument("--out", help="write every hand here: PHH for .phh/.phhs, OHH for .ohh, else PokerStars "
                                        "text")
    simulate.add_argument("--format", choices=("auto", "phh", "pokerstars", "ohh"), default="auto",
                          help="the --out format (default: by the file's suffix)")
    simulate.add_argument("--json", action="store_true", help="print one JSON document instead of text")
    simulate.add_argument("--time-limit", type=_seconds_option, default=1.0,
                          help="seconds a bot may take per action before it is checked or folded (default 1)")
    simulate.add_argument("--all-in-ev", action="store_true",
                          help="also report bb/100 by all-in EV (hands all in before the river judged by equity; "
                               "needs numpy)")
    simulate.add_argument("--progress", action=argparse.BooleanOptionalAction, default=None,
                          help="a progress bar on standard error (default: for 1000+ hands on a terminal)")
    simulate.add_argument("--workers", type=_whole_option(1, 1024), default=1,
                          help="processes playing the match's shards at once (default 1: in this process)")
    simulate.add_argument("--shard-size", type=_whole_option(1), default=1000,
                          help="hands a shard: each shard is a fresh table session (default 1000; the result "
                               "depends on the seed, the hands and this, never on --workers or --backend)")
    simulate.add_argument("--backend", choices=("local", "ray"), default="local",
                          help="local processes, or Ray tasks (the ray extra; docs/scale.md)")
    simulate.add_argument("--duplicate", action="store_true",
                          help="play every deal once per rotation of the bots, so each plays each seat's cards")
    simulate.add_argument("--address", default=None,
                          help="the Ray cluster's address (default: start Ray on this machine)")
    simulate.set_defaults(run=_simulate)
    play = commands.add_parser("play", help="play at a table of bots in the terminal")
    play.add_argument("--hands", type=_whole_option(0), default=100,
                      help="hands to play at most (default 100; q quits)")
    _add_game_options(play, "hilo,caller,random", 4)
    play.add_argument("--seat", type=_whole_option(0, 9), default=0, help="your seat (default 0)")
    play.add_argument("--name", type=_name_option, default="you", help="your name in the results (default: you)")
    play.set_defaults(run=_play)


class _BadArguments(Exception):
    """argparse refused the command line; `main` prints it as one line."""


class _Parser(argparse.ArgumentParser):
    """An argparse parser whose errors are one line (no usage block) and never exit from inside `main`."""

    def error(self, message: str) -> NoReturn:
        raise _BadArguments(f"{self.prog}: error: {message} (--help lists the options)")


def _serve(args: argparse.Namespace) -> int:
    try:
        from engine.server.main import run_from_args  # websockets: the server extra
    except ImportError as error:
        print(f"error: the server needs the server extra (pip install -e '.[server]'): {error}", file=sys.stderr)
        return 2
    return run_from_args(args)


def _add_serve_command(commands: Any) -> None:
    from engine.server.config import add_serve_arguments  # no websockets needed to list the options

    serve = commands.add_parser("serve", help="run the game server: tables over WebSockets, stored in SQLite")
    add_serve_arguments(serve)
    serve.set_defaults(run=_serve)


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="python -m engine", description="Omaha Hi-Lo poker engine")
    commands = parser.add_subparsers(dest="command", required=True)
    evaluate = commands.add_parser("evaluate", help="name the best high and low of a hand on a board")
    evaluate.add_argument("hole", help='hole cards, e.g. "As 2h Kc Qd"')
    evaluate.add_argument("board", help='board cards (3 to 5), e.g. "3d 4s 5c Kh Jc"')
    evaluate.set_defaults(run=_evaluate)
    replay = commands.add_parser("replay", help="replay hand histories through the engine and check them")
    replay.add_argument("files", nargs="+", help=_HISTORY_FILES)
    replay.add_argument("--format", choices=HISTORY_FORMATS, default="auto")
    replay.add_argument("--json", action="store_true", help="print one JSON object instead of lines")
    add_progress_option(replay)
    replay.set_defaults(run=_replay)
    convert = commands.add_parser("convert", help="convert hand histories between PHH, OHH and PokerStars text")
    convert.add_argument("files", nargs="+", help=_HISTORY_FILES)
    convert.add_argument("--to", choices=("phh", "pokerstars", "ohh"), required=True, help="the format to write")
    convert.add_argument("--format", choices=HISTORY_FORMATS, default="auto",
                         help="the input format")
    convert.add_argument("--out", help="write here instead of to standard output")
    add_progress_option(convert)
    convert.set_defaults(run=_convert)
    _add_match_commands(commands)
    _add_serve_command(commands)
    from engine.equity.command import add_equity_command  # imports no numpy until the command runs

    add_equity_command(commands, _whole_option)
    from engine.stats.command import add_stats_command  # imports no matplotlib until a graph is drawn

    add_stats_command(commands)
    return parser


def main(argv: Sequence[str] | None = None, *, stdin: TextIO | None = None, stdout: TextIO | None = None,
         stderr: TextIO | None = None) -> int:
    """Run a command; the streams default to the process's own (tests pass their own to `play`). A bad
    argument prints one line to standard error and returns 2, never a traceback."""
    errors = stderr if stderr is not None else sys.stderr
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except _BadArguments as error:
        print(str(error).replace("\n", " "), file=errors)
        return 2
    args.stdin = stdin if stdin is not None else sys.stdin
    args.stdout = stdout if stdout is not None else sys.stdout
    args.stderr = errors
    try:
        result: int = args.run(args)
    except EngineError as error:
        print(f"error: {str(error).replace(chr(10), ' ')}", file=errors)
        return 2
    except BrokenPipeError:  # the reader (| head) went away: not an error of ours
        sys.stderr.close()
        return 0
    except OSError as error:  # a file named on the command line that cannot be read or written
        print(f"error: {error.filename or ''}: {error.strerror or error}".replace("\n", " "), file=errors)
        return 2
    return result
