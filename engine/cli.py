"""The command line: `python -m engine <command>`. Each command is a thin shell over the public API."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

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


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m engine", description="Omaha Hi-Lo poker engine")
    commands = parser.add_subparsers(dest="command", required=True)
    evaluate = commands.add_parser("evaluate", help="name the best high and low of a hand on a board")
    evaluate.add_argument("hole", help='hole cards, e.g. "As 2h Kc Qd"')
    evaluate.add_argument("board", help='board cards (3 to 5), e.g. "3d 4s 5c Kh Jc"')
    evaluate.set_defaults(run=_evaluate)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        result: int = args.run(args)
    except EngineError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    return result
