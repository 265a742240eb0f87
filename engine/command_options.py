"""What the commands share on the command line: the option types that read whole numbers, pairs, seconds and
names with one-line errors, the game a command's ``--game``, ``--stakes``, ``--blinds``, ``--runs`` and
``--boards`` name, and the check of a file a command will write."""

from __future__ import annotations

import argparse
import math
import re
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from engine.errors import EngineError, RulesError
from engine.games import GAMES, LIMIT, MIXED, POT_LIMIT, structure
from engine.validate import name, quote

if TYPE_CHECKING:
    from engine.rules import Rules
    from engine.schedule import Schedule


_PAIR = re.compile(r"\s*([0-9]{1,15})\s*/\s*([0-9]{1,15})\s*")  # ASCII digits only: "²/⁴" passes isdigit()
_WHOLE = re.compile(r"[+]?[0-9]{1,30}")
_SIGNED = re.compile(r"[+-]?[0-9]{1,30}")
_DECIMAL = re.compile(r"[+]?([0-9]{1,9}(\.[0-9]*)?|\.[0-9]+)")


def check_output(path: Path, option: str, example: str) -> None:
    """A file a command will write (``--out``, ``--plot``), checked before any work is done, so a typo in its
    folder is one clear error at once, not after a long run: not a directory, in a folder that exists."""
    if path.is_dir():
        raise EngineError(f"{option} {str(path)!r} is a directory; give a file name such as {example}")
    if not path.parent.is_dir():
        raise EngineError(f"{option} {str(path)!r}: the folder {str(path.parent)!r} does not exist")


def pair(text: str, what: str) -> tuple[int, int]:
    match = _PAIR.fullmatch(text)
    if match is None:
        raise EngineError(f"{what} are two whole numbers like 2/4, got {quote(text)}")
    first, second = int(match[1]), int(match[2])
    if second <= 0 or first > second:
        raise EngineError(f"{what} {quote(text)}: the second must be > 0 and at least the first")
    return first, second


def whole_option(minimum: int, maximum: int | None = None, *, signed: bool = False) -> Callable[[str], int]:
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


def seconds_option(text: str) -> float:
    """An argparse type: seconds > 0 in plain digits ("1", "2.5"); no NaN, infinity or exponent."""
    if not _DECIMAL.fullmatch(text):
        raise argparse.ArgumentTypeError(f"expected seconds such as 1 or 2.5, got {quote(text)}")
    value = float(text)
    if not 0 < value < math.inf:
        raise argparse.ArgumentTypeError(f"expected seconds > 0, got {quote(text)}")
    return value


def chance_option(text: str) -> float:
    """An argparse type: a chance from 0 to 1 in plain digits ("0.5", "1")."""
    if not _DECIMAL.fullmatch(text) or not 0 <= float(text) <= 1:
        raise argparse.ArgumentTypeError(f"expected a chance from 0 to 1 such as 0.5, got {quote(text)}")
    return float(text)


def name_option(text: str) -> str:
    try:
        return name(text, "a name")
    except EngineError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def build_game(
    game: str, stakes: str | None, blinds: str | None, *, runs: int = 1, boards: int = 1
) -> Rules | Schedule:
    """The game the command line names. Limit stakes are the small and big bet, with blinds of half the small
    bet and the small bet (2/4: blinds 1/2); pot-limit and no-limit stakes are the blinds. Mixed Omaha plays
    limit at the given stakes and pot limit with the same blinds. ``blinds`` overrides the blinds. ``runs``
    and ``boards`` are the rules' options for running all-in boards more than once and for double boards."""
    import attrs

    from engine.rules import Rules
    from engine.schedule import MixedOmaha

    chosen = base_game(game, stakes, blinds)
    if runs == 1 and boards == 1:
        return chosen
    try:
        if isinstance(chosen, Rules):
            return attrs.evolve(chosen, runs=runs, boards=boards)
        assert isinstance(chosen, MixedOmaha)
        return MixedOmaha(
            attrs.evolve(chosen.limit_rules, runs=runs, boards=boards),
            attrs.evolve(chosen.pot_limit_rules, runs=runs, boards=boards),
        )
    except RulesError as exc:
        raise EngineError(f"--runs/--boards: {exc}") from None


def base_game(game: str, stakes: str | None, blinds: str | None) -> Rules | Schedule:
    from engine.betting import FixedLimit
    from engine.rules import Rules
    from engine.schedule import MixedOmaha

    if game not in GAMES:
        raise EngineError(f"unknown game {game!r}; games are {', '.join(GAMES)}")
    limit_game = game in (LIMIT, MIXED)
    first, second = pair(stakes if stakes is not None else "2/4" if limit_game else "1/2", "stakes")
    posted = pair(blinds, "blinds") if blinds is not None else (first // 2, first) if limit_game else (first, second)
    if limit_game:  # the stakes are the bets, which need not be one and two big blinds here
        limit = Rules(FixedLimit(first, second), blinds=posted)
        return limit if game == LIMIT else MixedOmaha(limit, Rules(structure(POT_LIMIT, posted[-1]), blinds=posted))
    return Rules(structure(game, posted[-1]), blinds=posted)


def describe_game(game: Rules | Schedule) -> str:
    from engine.match import bets_text, game_name
    from engine.rules import Rules
    from engine.schedule import MixedOmaha

    def one(rules: Rules) -> str:
        return f"{game_name(rules)}{bets_text(rules)}"

    if isinstance(game, Rules):
        return f"{one(game)} Omaha hi-lo, blinds {'/'.join(map(str, game.blinds))}"
    if isinstance(game, MixedOmaha):
        return (
            f"mixed Omaha hi-lo ({one(game.limit_rules)} and {one(game.pot_limit_rules)}, one orbit each), "
            f"blinds {'/'.join(map(str, game.limit_rules.blinds))}"
        )
    return type(game).__name__


def bot_list(text: str) -> list[str]:
    """``--bots``: the comma-separated bot names, in order."""
    specs = [spec.strip() for spec in text.split(",") if spec.strip()]
    if not specs:
        raise EngineError("--bots needs at least one bot name")
    return specs


def in_turn(specs: list[str], count: int) -> list[str]:
    """``count`` bots taken in turn from ``specs``, the list repeated as often as needed: how ``--bots`` fills a
    table's seats and a tournament's entries."""
    return [specs[i % len(specs)] for i in range(count)]


def bot_specs(text: str, players: int | None, reserved: int = 0) -> list[str]:
    specs = bot_list(text)
    count = players - reserved if players is not None else max(len(specs), 2 - reserved)
    if not 2 <= count + reserved <= 10:
        raise EngineError(f"a table seats 2 to 10 players, got {count + reserved}")
    return in_turn(specs, count)


def add_game_options(command: argparse.ArgumentParser, bots: str, players: int | None) -> None:
    command.add_argument(
        "--players",
        type=whole_option(2, 10),
        default=players,
        help="players at the table, 2..10 (default: as many as --bots names"
        + (")" if players is None else f", or {players})"),
    )
    command.add_argument(
        "--game",
        choices=GAMES,
        default="limit",
        help="limit, pot-limit, no-limit, or mixed (an orbit of limit, then of pot limit)",
    )
    command.add_argument(
        "--stakes",
        help="limit: small/big bet, blinds half the small bet and the small bet "
        "(default 2/4: blinds 1/2); pot-limit, no-limit: the blinds (default 1/2)",
    )
    command.add_argument("--blinds", help="small/big blind, overriding the stakes' blinds")
    command.add_argument(
        "--runs",
        type=whole_option(1, 3),
        default=1,
        help="when players are all in before the river, offer to run the board up to N times",
    )
    command.add_argument("--boards", type=whole_option(1, 2), default=1, help="2: a double-board game")
    command.add_argument("--stack", type=whole_option(1), help="starting stack and rebuy (default 100 big blinds)")
    command.add_argument(
        "--seed",
        type=whole_option(-(2**63), signed=True),
        help="the match seed: the same seed deals the same hands (default: a random one, printed)",
    )
    command.add_argument(
        "--bots",
        default=bots,
        help="comma-separated bots, repeated to fill the table: random, "
        f"caller, hilo, or module:Class (default {bots})",
    )


def add_worker_options(command: argparse.ArgumentParser, jobs: str) -> None:
    """``--workers``, ``--backend`` and ``--address``: where a command's independent ``jobs`` (a match's shards,
    a series of tournaments) are played (`engine.shards.run_jobs`)."""
    command.add_argument(
        "--workers",
        type=whole_option(1, 1024),
        default=1,
        help=f"processes playing {jobs} at once (default 1: in this process)",
    )
    command.add_argument(
        "--backend",
        choices=("local", "ray"),
        default="local",
        help="local processes, or Ray tasks (the ray extra; docs/scale.md)",
    )
    command.add_argument(
        "--address", default=None, help="the Ray cluster's address (default: start Ray on this machine)"
    )
