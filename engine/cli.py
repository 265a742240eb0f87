"""The command line: `python -m engine <command>`. Each command is a thin shell over the public API."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import Any

from engine.cards import format_cards, parse_cards
from engine.errors import EngineError
from engine.evaluation import best_high, best_low


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
    from engine.history.files import read_history
    from engine.history.replay import replay

    hands: list[dict[str, Any]] = []
    for path in args.files:
        for item in read_history(path, args.format):
            if isinstance(item, EngineError):
                hands.append({"source": getattr(item, "source", "") or str(path),
                              "id": getattr(item, "hand_id", ""), "status": "error", "detail": str(item),
                              "players": [], "finishing_stacks": []})
                continue
            report = replay(item)
            stacks = report.finishing_stacks
            hands.append({"source": item.source or str(path), "id": item.id, "status": report.status,
                          "detail": report.detail, "players": list(item.players),
                          "finishing_stacks": [item.to_units(chips) for chips in stacks] if stacks else []})
    summary = {status: sum(1 for hand in hands if hand["status"] == status) for status in ("ok", "mismatch", "error")}
    if args.json:
        print(json.dumps({"hands": hands, "summary": summary}, indent=2))
    else:
        for hand in hands:
            verdict = hand["status"] + (f": {hand['detail']}" if hand["detail"] else "")
            print(f"{hand['source']}  {hand['id'] or '?'}  {verdict}")
        print(f"{len(hands)} hands: {summary['ok']} ok, {summary['mismatch']} mismatch, {summary['error']} error")
    return 0 if hands and summary["ok"] == len(hands) else 1


def _convert(args: argparse.Namespace) -> int:
    from engine.history.files import read_history
    from engine.history.phh import write_phhs
    from engine.history.pokerstars import write_pokerstars

    records, failures = [], 0
    for path in args.files:
        for item in read_history(path, args.format):
            if isinstance(item, EngineError):
                print(f"skipped: {item}", file=sys.stderr)
                failures += 1
            else:
                records.append(item)
    text = write_phhs(records) if args.to == "phh" else "\n\n\n".join(write_pokerstars(r) for r in records) + "\n"
    if args.out:
        with open(args.out, "w", encoding="utf-8") as out:
            out.write(text)
    else:
        sys.stdout.write(text)
    return 1 if failures else 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m engine", description="Omaha Hi-Lo poker engine")
    commands = parser.add_subparsers(dest="command", required=True)
    evaluate = commands.add_parser("evaluate", help="name the best high and low of a hand on a board")
    evaluate.add_argument("hole", help='hole cards, e.g. "As 2h Kc Qd"')
    evaluate.add_argument("board", help='board cards (3 to 5), e.g. "3d 4s 5c Kh Jc"')
    evaluate.set_defaults(run=_evaluate)
    replay = commands.add_parser("replay", help="replay hand histories through the engine and check them")
    replay.add_argument("files", nargs="+", help="PHH (.phh, .phhs) or PokerStars text files")
    replay.add_argument("--format", choices=("auto", "phh", "pokerstars"), default="auto")
    replay.add_argument("--json", action="store_true", help="print one JSON object instead of lines")
    replay.set_defaults(run=_replay)
    convert = commands.add_parser("convert", help="convert hand histories between PHH and PokerStars text")
    convert.add_argument("files", nargs="+", help="PHH (.phh, .phhs) or PokerStars text files")
    convert.add_argument("--to", choices=("phh", "pokerstars"), required=True, help="the format to write")
    convert.add_argument("--format", choices=("auto", "phh", "pokerstars"), default="auto", help="the input format")
    convert.add_argument("--out", help="write here instead of to standard output")
    convert.set_defaults(run=_convert)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        result: int = args.run(args)
    except EngineError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # the reader (| head) went away: not an error of ours
        sys.stderr.close()
        return 0
    return result
