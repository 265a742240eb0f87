"""The command line: `python -m engine <command>`. Each command is a thin shell over the public API."""

from __future__ import annotations

import argparse
import json
import secrets
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn, TextIO

from engine.cards import format_cards, parse_cards
from engine.command_options import (
    add_game_options,
    bot_specs,
    build_game,
    check_output,
    describe_game,
    name_option,
    whole_option,
)
from engine.errors import EngineError
from engine.evaluation import best_high, best_low
from engine.history.formats import CHOICES as HISTORY_FORMATS
from engine.history.formats import titles
from engine.progress import add_progress_option, files_progress

if TYPE_CHECKING:
    from engine.state import HandState


_HISTORY_FILES = (
    f"hand history files, folders (read at every depth) or zip archives: {titles()} (found from "
    "the content; in folders and archives, files that are not hand histories are skipped)"
)


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
    from engine.history.inputs import Inputs, note_lines
    from engine.validate import count_of

    inputs = Inputs(args.files, args.format)
    hands: list[dict[str, Any]] = []
    with files_progress(args.progress, args.stderr, inputs):
        for checked in inputs.checked():
            item, report = checked.item, checked.report
            if report is None or isinstance(item, EngineError):
                hands.append(
                    {
                        "source": getattr(item, "source", "") or checked.file.where,
                        "id": getattr(item, "hand_id", ""),
                        "status": "error",
                        "detail": str(item),
                        "players": [],
                        "finishing_stacks": [],
                    }
                )
                continue
            stacks = report.finishing_stacks
            hands.append(
                {
                    "source": item.source or checked.file.where,
                    "id": item.id,
                    "status": report.status,
                    "detail": report.detail,
                    "players": list(item.players),
                    "finishing_stacks": [item.to_units(chips) for chips in stacks] if stacks else [],
                    "all_in_ev": _all_in_ev(report.state, item.scale) if args.json else None,
                }
            )
    statuses = ("ok", "unchecked", "mismatch", "error")
    summary = {status: sum(1 for hand in hands if hand["status"] == status) for status in statuses}
    notes = inputs.notes
    if args.json:
        print(
            json.dumps({"hands": hands, "summary": summary, "notes": notes, "inputs": inputs.summary.data()}, indent=2)
        )
    else:
        for hand in hands:
            verdict = hand["status"] + (f": {hand['detail']}" if hand["detail"] else "")
            print(f"{hand['source']}  {hand['id'] or '?'}  {verdict}")
        for line in note_lines(notes, " (--json lists them all)"):
            print(line)
        for line in inputs.summary.lines():
            print(line)
        unchecked = f" {summary['unchecked']} unchecked," if summary["unchecked"] else ""
        print(
            f"{count_of(len(hands), 'hand')}: {summary['ok']} ok,{unchecked} {summary['mismatch']} mismatch, "
            f"{summary['error']} error"
        )
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
    from engine.history.inputs import InputFile, Inputs, note_lines
    from engine.history.ohh import write_ohh
    from engine.history.phh import write_phhs
    from engine.history.pokerstars import write_pokerstars
    from engine.history.record import HandRecord

    if args.out:
        check_output(Path(args.out), "--out", {"ohh": "hands.ohh", "phh": "hands.phhs"}.get(args.to, "hands.txt"))
    inputs = Inputs(args.files, args.format)
    records: list[tuple[InputFile, HandRecord]] = []
    failures = 0
    with files_progress(args.progress, args.stderr, inputs) as progress:
        for checked in inputs.checked():
            problem, record = checked.problem, checked.record
            if problem is not None or record is None:
                if progress is not None:
                    progress.clear()
                print(f"refused: {problem}", file=sys.stderr)
                failures += 1
            else:
                records.append((checked.file, record))
    if args.to == "ohh":
        text = ""
        for file, record in records:
            try:
                text += write_ohh(record)
            except EngineError as error:  # what OHH cannot say (several boards, odd limit stakes) is named
                print(f"refused: {record.source or '?'}: hand #{record.id}: {error}", file=sys.stderr)
                inputs.summary.unwritten(file, str(error), source=record.source, hand_id=record.id)
                failures += 1
    else:
        written = [record for _, record in records]
        text = write_phhs(written) if args.to == "phh" else "\n\n\n".join(map(write_pokerstars, written)) + "\n"
    if args.out:
        with open(args.out, "w", encoding="utf-8") as out:
            out.write(text)
    else:
        sys.stdout.write(text)
    for line in note_lines(inputs.notes):
        print(line, file=sys.stderr)
    for line in inputs.summary.lines():
        print(line, file=sys.stderr)
    return 1 if failures else 0


# --- matches: simulate and play ------------------------------------------------------------------------------


def _play(args: argparse.Namespace) -> int:
    from engine.bots import make_bot
    from engine.match import derive_seed, unique_names
    from engine.play import play_session

    game = build_game(args.game, args.stakes, args.blinds, runs=args.runs, boards=args.boards)
    seed = args.seed if args.seed is not None else secrets.randbelow(2**32)
    specs = bot_specs(args.bots, args.players, reserved=1)
    if args.seat > len(specs):
        raise EngineError(f"--seat must be 0..{len(specs)} at a table of {len(specs) + 1}, got {args.seat}")
    bots = [make_bot(spec, seed=derive_seed(seed, f"bot{i}")) for i, spec in enumerate(specs)]

    class _Named:
        name = args.name

    names = unique_names([*bots[: args.seat], _Named(), *bots[args.seat :]])
    out: TextIO = args.stdout
    out.write(f"{describe_game(game)}; seed {seed}\n")
    play_session(
        bots, names, game, seat=args.seat, hands=args.hands, seed=seed, stack=args.stack, input=args.stdin, output=out
    )
    return 0


def _add_match_commands(commands: Any) -> None:
    from engine.simulate_command import add_simulate_command

    add_simulate_command(commands)
    play = commands.add_parser("play", help="play at a table of bots in the terminal")
    play.add_argument("--hands", type=whole_option(0), default=100, help="hands to play at most (default 100; q quits)")
    add_game_options(play, "hilo,caller,random", 4)
    play.add_argument("--seat", type=whole_option(0, 9), default=0, help="your seat (default 0)")
    play.add_argument("--name", type=name_option, default="you", help="your name in the results (default: you)")
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
    convert.add_argument("--format", choices=HISTORY_FORMATS, default="auto", help="the input format")
    convert.add_argument("--out", help="write here instead of to standard output")
    add_progress_option(convert)
    convert.set_defaults(run=_convert)
    _add_match_commands(commands)
    _add_serve_command(commands)
    from engine.equity.command import add_equity_command  # imports no numpy until the command runs

    add_equity_command(commands, whole_option)
    from engine.stats.command import add_stats_command  # imports no matplotlib until a graph is drawn

    add_stats_command(commands)
    from engine.tournament.command import add_tournament_command

    add_tournament_command(commands)
    return parser


def main(
    argv: Sequence[str] | None = None,
    *,
    stdin: TextIO | None = None,
    stdout: TextIO | None = None,
    stderr: TextIO | None = None,
) -> int:
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
