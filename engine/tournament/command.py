"""`python -m engine tournament`: a tournament played to the end by bots and reported (each entrant's place and
prize, the level reached, the hands, the table moves), or a series of them (``--repeat``, on workers or Ray)
reported bot by bot: average finish, return on investment and in-the-money rate with standard errors.
docs/tournaments.md says what it does."""

from __future__ import annotations

import argparse
import json
import re
import secrets
import shlex
import time
from typing import Any, TextIO

from engine.command_options import add_worker_options, bot_list, chance_option, describe_game, in_turn, whole_option
from engine.errors import EngineError, PayoutError
from engine.games import GAMES
from engine.progress import Progress, add_progress_option, wanted
from engine.rules import Rules
from engine.tournament.core import Tournament
from engine.tournament.events import Busted, TournamentOver
from engine.tournament.levels import STANDARD_BIG_BLIND, read_levels, standard_levels
from engine.tournament.payouts import check_percentages
from engine.tournament.simulation import BotSummary, Estimate, Outcome, Placing, Tally, play_one, play_series
from engine.tournament.structure import Structure
from engine.validate import count_of

MAX_ENTRANTS = 100_000
STACK_BIG_BLINDS = 100
"""The default starting stack, in big blinds of the first level."""
SHOWN_MOVES = 20


def add_tournament_command(commands: Any) -> None:
    """The ``tournament`` command's options."""
    command = commands.add_parser("tournament", help="play a tournament (or a series) with bots and report it")
    command.add_argument(
        "--entrants", type=whole_option(2, MAX_ENTRANTS), default=90, help="entrants, 2..100000 (default 90)"
    )
    command.add_argument("--seats", type=whole_option(2, 10), default=9, help="seats a table, 2..10 (default 9)")
    command.add_argument(
        "--game",
        choices=GAMES,
        default="limit",
        help="limit, pot-limit, no-limit, or mixed (limit and pot-limit levels in turn)",
    )
    command.add_argument(
        "--bots",
        default="hilo,random,caller",
        help="comma-separated bots given to the entrants in turn (the first entrant the first bot, and so on, "
        "the list repeated): random, caller, hilo, or module:Class (default hilo,random,caller)",
    )
    command.add_argument(
        "--schedule",
        metavar="FILE",
        help="the levels: a TOML file of [[levels]] (blinds, ante, minutes or hands, game), or JSON of the "
        "same shape in a .json file (default: 15-minute levels from 10/20 until one's big blind is every chip)",
    )
    command.add_argument(
        "--payouts",
        help="percentages of the pool, first place first, such as 50,30,20 (default: the standard table for "
        "the field's size)",
    )
    command.add_argument(
        "--stack", type=whole_option(1), help="starting stack (default 100 big blinds of the first level)"
    )
    command.add_argument(
        "--buy-in", type=whole_option(1), default=100, help="prize money each entry adds to the pool (default 100)"
    )
    command.add_argument(
        "--seed",
        type=whole_option(0, 2**63 - 1),
        help="the seed: the same seed plays the same tournaments (default: a random one, printed)",
    )
    command.add_argument(
        "--repeat",
        type=whole_option(1, 10**6),
        default=1,
        help="tournaments to play: each bot's figures with standard errors over them (default 1)",
    )
    _add_entry_options(command)
    command.add_argument("--json", action="store_true", help="print one JSON document instead of text")
    add_progress_option(command, "a progress bar")
    add_worker_options(command, "the tournaments of a --repeat series")
    command.set_defaults(run=run)


# The options that let players in after the start and buy more chips: each is the `Structure` key of its name.
_ENTRY_OPTIONS = (
    ("late_levels", 0, "levels through which registration stays open after the start (default 0: closed)"),
    ("reentries", 0, "times a busted player may enter again while registration is open (default 0)"),
    ("rebuy_levels", 0, "levels of the rebuy period (default 0: no rebuys)"),
    ("max_rebuys", 0, "rebuys an entry may buy (default: no limit; 0 with --addon-chips: an add-on alone)"),
    ("rebuy_threshold", 0, "the most chips a player may rebuy at (default: the starting stack)"),
    ("rebuy_chips", 1, "chips a rebuy gives (default: the starting stack)"),
    ("rebuy_cost", 0, "prize money a rebuy costs (default: the buy-in)"),
    ("addon_chips", 0, "chips the add-on at the end of the rebuy period gives (default 0: none)"),
    ("addon_cost", 0, "prize money the add-on costs (default: the buy-in)"),
)


def _add_entry_options(command: Any) -> None:
    group = command.add_argument_group(
        "late registration, re-entries, rebuys and the add-on (the bots take each chance with --buy-chance)"
    )
    for key, minimum, meaning in _ENTRY_OPTIONS:
        group.add_argument("--" + key.replace("_", "-"), type=whole_option(minimum), help=meaning)
    group.add_argument(
        "--late-entrants",
        type=whole_option(0, MAX_ENTRANTS),
        default=0,
        help="how many of the entrants (the last ones) register after the start, while registration is open "
        "(default 0; needs --late-levels)",
    )
    group.add_argument(
        "--buy-chance",
        type=chance_option,
        default=1.0,
        help="the chance that a bot re-enters, rebuys or takes the add-on each time it may (default 1: always)",
    )


def run(args: argparse.Namespace) -> int:
    """Play what the options describe and report it (text or JSON)."""
    from engine.shards import check_arguments

    out: TextIO = args.stdout
    structure = _structure(args)
    seed = args.seed if args.seed is not None else secrets.randbelow(2**32)
    specs = in_turn(bot_list(args.bots), args.entrants)
    # every bot loads, the field fits the payout table and a Ray cluster answers, before anything is played
    check_arguments(specs, seed, args.workers, args.backend, None, args.address)
    _check_late_entrants(args, structure)
    Tournament.create(structure, [f"entrant{i}" for i in range(args.entrants)], seed=seed).start()
    if not args.json:
        series = f"{args.repeat} tournaments" if args.repeat > 1 else "Tournament"
        out.write(f"{series}: {_describe(structure, args)}; seed {seed}\n\n")
        out.flush()  # before a progress bar starts drawing on the terminal
    started = time.perf_counter()
    tally = Tally()
    if args.repeat == 1:
        outcome = _play_here(structure, specs, seed, args)
        tally.add(outcome)
        outcomes = [outcome]
    else:
        outcomes = _play_series(structure, specs, seed, args, tally)
    seconds = time.perf_counter() - started
    if args.json:
        out.write(json.dumps(_document(args, structure, seed, outcomes, tally), indent=2) + "\n")
    elif args.repeat == 1:
        _write_one(out, structure, outcomes[0], tally)
    else:
        _write_series(out, structure, outcomes, tally)
    out.flush()
    hands = sum(outcome.hands for outcome in outcomes)
    played = "1 tournament" if args.repeat == 1 else f"{args.repeat} tournaments"
    args.stderr.write(f"{played}, {hands:,} hands in {seconds:.2f} s\n")
    return 0


def _structure(args: argparse.Namespace) -> Structure:
    """The structure the options name: the levels, the stack, the seats, the buy-in and the payout table."""
    payouts = _payouts(args.payouts) if args.payouts is not None else None
    if args.schedule:
        levels = read_levels(args.schedule, args.game)
    else:
        stack = args.stack if args.stack is not None else STACK_BIG_BLINDS * STANDARD_BIG_BLIND
        levels = standard_levels(args.game, stack * args.entrants)
    first = levels.levels[0].rules
    stack = args.stack if args.stack is not None else STACK_BIG_BLINDS * max(first.big_blind, 1)
    given = {key: getattr(args, key) for key, _, _ in _ENTRY_OPTIONS if getattr(args, key) is not None}
    try:
        return Structure(levels, stack, args.seats, args.buy_in, payouts, **given)
    except EngineError as error:  # the structure's words name its keys: say them as the options they came from
        message = str(error)
        for key, _, _ in _ENTRY_OPTIONS:
            option = "--" + key.replace("_", "-")
            message = re.sub(rf"\b{key}=", option + " ", re.sub(rf"\b{key}\b(?!=)", option, message))
        raise EngineError(message) from None


def _check_late_entrants(args: argparse.Namespace, structure: Structure) -> None:
    late = args.late_entrants
    if late and not structure.late_levels:
        raise EngineError(f"--late-entrants {late} needs --late-levels 1 or more: registration closes at the start")
    if late > args.entrants - 2:
        raise EngineError(
            f"--late-entrants {late} leaves {args.entrants - late} to start; a tournament starts with 2 or more"
        )


def _freezeout(structure: Structure) -> bool:
    """Whether the pool is fixed at the start: no entries after it and no chips bought."""
    return not (structure.late_levels or structure.rebuy_levels)


def _payouts(text: str) -> tuple[str, ...]:
    """``--payouts 50,30,20``: the percentages as exact decimal text, checked."""
    percentages = tuple(part.strip() for part in text.split(","))
    try:
        check_percentages(percentages, named=f"--payouts {shlex.quote(text)}")
    except PayoutError as error:
        raise EngineError(str(error)) from None
    return percentages


def _play_here(structure: Structure, specs: list[str], seed: int, args: argparse.Namespace) -> Outcome:
    """One tournament, in this process; the progress bar counts the places given."""
    progress = _progress(args, len(specs), "places")
    try:
        options: dict[str, Any] = {"late": args.late_entrants, "buy_chance": args.buy_chance}
        if progress is None:
            return play_one(structure, specs, seed, **options)
        bar = progress

        def observe(_: Tournament, events: tuple[Any, ...]) -> None:
            bar.step(sum(1 for event in events if isinstance(event, (Busted, TournamentOver))))

        return play_one(structure, specs, seed, observe=observe, **options)
    finally:
        if progress is not None:
            progress.close()


def _play_series(
    structure: Structure, specs: list[str], seed: int, args: argparse.Namespace, tally: Tally
) -> list[Outcome]:
    """A series, each tournament added to ``tally`` as it comes back; the outcomes kept without their placings
    and moves (memory stays small however long the series)."""
    import attrs

    progress = _progress(args, args.repeat, "tournaments")
    kept = []
    try:
        for outcome in play_series(
            structure,
            specs,
            seed,
            args.repeat,
            workers=args.workers,
            backend=args.backend,
            address=args.address,
            late=args.late_entrants,
            buy_chance=args.buy_chance,
        ):
            tally.add(outcome)
            kept.append(attrs.evolve(outcome, placings=(outcome.winner,), moves=()))
            if progress is not None:
                progress.step()
    finally:
        if progress is not None:
            progress.close()
    return kept


def _progress(args: argparse.Namespace, total: int, unit: str) -> Progress | None:
    stderr: TextIO = args.stderr
    if not wanted(args.progress, stderr):
        return None
    return Progress(total, stderr, verb="playing", unit=unit, delay=1.0 if args.progress is None else 0.0)


# --- what is printed -----------------------------------------------------------------------------------------


def _describe(structure: Structure, args: argparse.Namespace) -> str:
    levels = structure.levels.levels
    first = levels[0].rules
    lengths = {(level.minutes, level.hands) for level in levels[:-1]}
    if len(lengths) == 1 and len(levels) > 1:
        minutes, hands = next(iter(lengths))
        if minutes is not None:
            length = f"{minutes:g} minute{'' if minutes == 1 else 's'}"
        else:
            length = count_of(hands or 0, "hand")  # a level but the last lasts minutes or hands
        shape = f"{len(levels)} levels of {length}"
    else:
        shape = f"{len(levels)} levels" if len(levels) > 1 else "one level"
    game = "mixed (limit and pot-limit levels in turn)" if args.game == "mixed" else args.game
    return (
        f"{args.entrants:,} entrants at tables of {structure.table_size}; {game} Omaha hi-lo, {shape} from "
        f"blinds {_blinds(first)}; stack {structure.starting_stack:,}; buy-in {structure.buy_in:,}, "
        + (f"pool {structure.buy_in * args.entrants:,}" if _freezeout(structure) else _entry_terms(structure, args))
    )


def _entry_terms(structure: Structure, args: argparse.Namespace) -> str:
    """What lets money in after the start, for the heading (the pool is known only at the end)."""
    terms = []
    if structure.late_levels:
        late = f", {args.late_entrants} of them late" if args.late_entrants else ""
        terms.append(f"registration open {count_of(structure.late_levels, 'level')}{late}")
    if structure.reentries:
        terms.append(count_of(structure.reentries, "re-entry", "re-entries"))
    if structure.rebuys:
        most = "any number of" if structure.max_rebuys is None else f"up to {structure.max_rebuys}"
        terms.append(
            f"{most} rebuys of {structure.rebuy_chips:,} for {structure.rebuy_cost:,} through level "
            f"{structure.rebuy_levels}"
        )
    if structure.addon_chips:
        terms.append(f"add-on {structure.addon_chips:,} for {structure.addon_cost:,}")
    return "; ".join(terms)


def _blinds(rules: Rules) -> str:
    ante = f", ante {rules.ante}" if rules.ante else ""
    return "/".join(map(str, rules.blinds)) + ante


def _level(structure: Structure, index: int) -> str:
    rules = structure.levels.levels[index].rules
    ante = f", ante {rules.ante}" if rules.ante else ""
    return f"level {index + 1} of {len(structure.levels.levels)}: {describe_game(rules)}{ante}"


def _place(placing: Any) -> str:
    return str(placing.first) if placing.first == placing.last else f"{placing.first}-{placing.last}"


def _entrant(placing: Placing) -> str:
    return placing.name if placing.entry == 1 else f"{placing.name} (entry {placing.entry})"


def _pool_line(structure: Structure, outcome: Outcome) -> str:
    """The pool and where it came from, for a tournament that took money after the start."""
    entries = len(outcome.placings)
    reentries = sum(1 for p in outcome.placings if p.entry > 1)
    bought = sum(p.paid for p in outcome.placings) - entries * structure.buy_in
    again = f", {count_of(reentries, 're-entry', 're-entries')} among them" if reentries else ""
    extra = f", and {bought:,} in rebuys and add-ons" if bought else ""
    return f"Prize pool: {outcome.pool:,} from {count_of(entries, 'entry', 'entries')}{again}{extra}.\n"


def _write_one(out: TextIO, structure: Structure, outcome: Outcome, tally: Tally) -> None:
    """One tournament for people: the places, the level reached, the hands, the moves, and each bot's figures."""
    by_place = sorted(outcome.placings, key=lambda p: (p.first, p.entrant, p.entry))
    width = max(len(_entrant(p)) for p in by_place)
    places = max(len(_place(p)) for p in by_place)
    out.write(f"{'place':>{max(places, 5)}}  {'prize':>9}  {'entrant':<{width}}  bot\n")
    for placing in by_place:
        out.write(
            f"{_place(placing):>{max(places, 5)}}  {placing.prize:>9,}  {_entrant(placing):<{width}}  {placing.bot}\n"
        )
    if not _freezeout(structure):
        out.write(f"\n{_pool_line(structure, outcome)}")
    out.write(f"\nEnded at {_level(structure, outcome.level)}, at minute {outcome.minutes:g}.\n")
    broken = f"{outcome.broken} broken" if outcome.broken else "none broken"
    out.write(f"Hands played: {outcome.hands:,} at {count_of(outcome.tables, 'table')} ({broken}).\n")
    balance = sum(1 for move in outcome.moves if move.reason == "balance")
    out.write(
        f"Table moves: {len(outcome.moves)} ({balance} to balance, {len(outcome.moves) - balance} from broken "
        f"tables){':' if outcome.moves else '.'}\n"
    )
    for move in outcome.moves[:SHOWN_MOVES]:
        waiting = ", waits for the button" if move.waiting else ""
        out.write(
            f"  {move.name} ({move.stack:,} chips) from table {move.from_table + 1} seat {move.from_seat + 1} "
            f"to table {move.to_table + 1} seat {move.to_seat + 1} ({move.reason}{waiting})\n"
        )
    if len(outcome.moves) > SHOWN_MOVES:
        out.write(f"  ... and {len(outcome.moves) - SHOWN_MOVES} more (--json lists them all)\n")
    out.write("\n" + _bot_table(tally.summaries()) + "\n")


def _write_series(out: TextIO, structure: Structure, outcomes: list[Outcome], tally: Tally) -> None:
    """A series for people: each bot's figures with standard errors, then the hands and levels."""
    out.write(_bot_table(tally.summaries()) + "\n")
    out.write(f"(± one standard error over the {len(outcomes)} tournaments)\n\n")
    hands = [outcome.hands for outcome in outcomes]
    levels = [outcome.level + 1 for outcome in outcomes]
    out.write(
        f"Hands: {sum(hands):,} in all, {min(hands):,} to {max(hands):,} a tournament; levels reached "
        f"{min(levels)} to {max(levels)} of {len(structure.levels.levels)}.\n"
    )
    wins: dict[str, int] = {}
    for outcome in outcomes:
        wins[outcome.winner.bot] = wins.get(outcome.winner.bot, 0) + 1
    out.write("Won by: " + ", ".join(f"{bot} {count}" for bot, count in wins.items()) + ".\n")


def _bot_table(rows: list[BotSummary]) -> str:
    def shown(estimate: Estimate, form: str, scale: int = 100, unit: str = "%") -> str:
        text = f"{estimate.mean * scale:{form}}{unit}"
        return text if estimate.error is None else f"{text} ± {estimate.error * scale:.1f}{unit}"

    entries = any(row.entries != row.entrants for row in rows)  # a column only where re-entries made more
    table = [
        (
            row.bot,
            str(row.entrants),
            *((str(row.entries),) if entries else ()),
            shown(row.finish, ".1f", 1, ""),
            shown(row.roi, "+.1f"),
            shown(row.in_the_money, ".1f"),
        )
        for row in rows
    ]
    table.insert(0, ("bot", "entrants", *(("entries",) if entries else ()), "average finish", "ROI", "in the money"))
    widths = [max(len(line[i]) for line in table) for i in range(len(table[0]))]
    lines = [
        "  ".join(cell.ljust(widths[i]) if i == 0 else cell.rjust(widths[i]) for i, cell in enumerate(line))
        for line in table
    ]
    return "\n".join(line.rstrip() for line in lines)


def _estimate_data(estimate: Estimate) -> dict[str, float | None]:
    return {
        "mean": round(estimate.mean, 6),
        "standard_error": None if estimate.error is None else round(estimate.error, 6),
    }


def _document(
    args: argparse.Namespace, structure: Structure, seed: int, outcomes: list[Outcome], tally: Tally
) -> dict[str, object]:
    """``--json``: the structure, each bot's figures, a line per tournament and, for one tournament, every
    entrant's place and prize and every table move."""
    from engine.match import game_name

    document: dict[str, object] = {
        "seed": seed,
        "repeat": args.repeat,
        "entrants": args.entrants,
        "seats": structure.table_size,
        "game": args.game,
        "starting_stack": structure.starting_stack,
        "buy_in": structure.buy_in,
        "pool": structure.buy_in * args.entrants if _freezeout(structure) else None,
        **{key: getattr(structure, key) for key, _, _ in _ENTRY_OPTIONS},
        "late_entrants": args.late_entrants,
        "buy_chance": args.buy_chance,
        "levels": [
            {
                "level": index + 1,
                "game": game_name(level.rules),
                "blinds": list(level.rules.blinds),
                "ante": level.rules.ante,
                "minutes": level.minutes,
                "hands": level.hands,
            }
            for index, level in enumerate(structure.levels.levels)
        ],
        "bots": [
            {
                "bot": row.bot,
                "entrants": row.entrants,
                "entries": row.entries,
                "average_finish": _estimate_data(row.finish),
                "roi": _estimate_data(row.roi),
                "in_the_money": _estimate_data(row.in_the_money),
            }
            for row in tally.summaries()
        ],
        "tournaments": [
            {
                "index": outcome.index,
                "seed": outcome.seed,
                "hands": outcome.hands,
                "level": outcome.level + 1,
                "minutes": outcome.minutes,
                "tables": outcome.tables,
                "tables_broken": outcome.broken,
                "pool": outcome.pool,
                "entries": outcome.entries,
                "winner": outcome.winner.name,
                "winner_bot": outcome.winner.bot,
            }
            for outcome in outcomes
        ],
    }
    if args.repeat == 1:
        outcome = outcomes[0]
        document["paid_places"] = outcome.paid
        document["results"] = [
            {
                "place": placing.first,
                "places": [placing.first, placing.last],
                "prize": placing.prize,
                "entrant": placing.entrant,
                "entry": placing.entry,
                "paid": placing.paid,
                "name": placing.name,
                "bot": placing.bot,
            }
            for placing in sorted(outcome.placings, key=lambda p: (p.first, p.entrant, p.entry))
        ]
        document["moves"] = [
            {
                "name": move.name,
                "stack": move.stack,
                "from_table": move.from_table,
                "from_seat": move.from_seat,
                "to_table": move.to_table,
                "to_seat": move.to_seat,
                "reason": move.reason,
                "waiting": move.waiting,
            }
            for move in outcome.moves
        ]
    return document
