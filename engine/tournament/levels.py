"""The levels the `tournament` command plays: a standard structure made to fit the field, or a schedule file
that a person writes by hand (TOML, or JSON of the same shape). docs/tournaments.md shows the file.

A level is named as people name it, by its blinds ("10/20"), an ante and a length; the betting each game
plays at a big blind comes from `engine.games`, as everywhere else. Mixed Omaha alternates the games by
level: limit on the first level, pot limit on the second, and so on.
"""

from __future__ import annotations

import json
import tomllib
from collections.abc import Iterator, Mapping

from engine.command_options import pair
from engine.errors import EngineError
from engine.games import LIMIT, MIXED, POT_LIMIT, SINGLE, structure
from engine.rules import Rules
from engine.schedule import Level, TournamentSchedule
from engine.textfile import read_user_text
from engine.validate import quote

LEVEL_MINUTES = 15
"""The standard structure's level length: 15 minutes, about 7 hands a table at the simulator's pace."""
STANDARD_BIG_BLIND = 20
"""The standard structure's first big blind: blinds 10/20."""
_STEPS = (10, 15, 20, 30, 40, 60, 80)  # big blinds 20, 30, 40, 60, 80, 100, 150, 200, ...: about +40% a level
_KEYS = ("blinds", "ante", "minutes", "hands", "game")


def level_game(game: str, index: int) -> str:
    """The game level ``index`` plays under ``--game``: the game itself, or for mixed, limit on even levels and
    pot limit on odd ones."""
    if game == MIXED:
        return LIMIT if index % 2 == 0 else POT_LIMIT
    return game


def level_rules(game: str, blinds: tuple[int, int], ante: int = 0) -> Rules:
    """The rules of a level of ``game`` (one of `engine.games.SINGLE`) at these blinds and ante."""
    return Rules(structure(game, blinds[1]), blinds=blinds, ante=ante)


def standard_levels(game: str, chips_in_play: int) -> TournamentSchedule:
    """Levels of `LEVEL_MINUTES` from blinds 10/20, the big blind rising about 40% a level (20, 30, 40, 60, 80,
    100, 150, 200, ...), the small blind half of it, no antes; the last level, whose big blind is at least
    every chip in play, lasts for ever, so the tournament always ends."""
    levels: list[Level] = []
    for big in _big_blinds():
        rules = level_rules(level_game(game, len(levels)), (big // 2, big))
        if big >= chips_in_play:
            return TournamentSchedule((*levels, Level(rules)))
        levels.append(Level(rules, minutes=LEVEL_MINUTES))
    raise AssertionError("unreachable: the big blinds rise for ever")


def _big_blinds() -> Iterator[int]:
    """20, 30, 40, 60, 80, 100, 150, 200, ...: the steps times 1, 10, 100, ..., from `STANDARD_BIG_BLIND`."""
    scale = 1
    while True:
        yield from (step * scale for step in _STEPS if step * scale >= STANDARD_BIG_BLIND)
        scale *= 10


def read_levels(path: str, game: str) -> TournamentSchedule:
    """The levels of the schedule file at ``path``: TOML, or JSON when its name ends in .json (UTF-8, a
    byte-order mark or not). EngineError, naming the file and the level, when it is not a schedule."""
    where = f"--schedule {path}"
    text = read_user_text(path, where, error=EngineError)
    try:
        document = json.loads(text) if path.lower().endswith(".json") else tomllib.loads(text)
    except (ValueError, tomllib.TOMLDecodeError) as error:
        kind = "JSON" if path.lower().endswith(".json") else "TOML (or JSON in a .json file)"
        raise EngineError(f"{where}: not {kind}: {error}") from None
    if not isinstance(document, Mapping) or set(document) != {"levels"}:
        found = sorted(document) if isinstance(document, Mapping) else type(document).__name__
        raise EngineError(f"{where}: a schedule is a list of [[levels]] and nothing else, found {found}")
    return levels_from(document["levels"], game, where)


def levels_from(levels: object, game: str, where: str) -> TournamentSchedule:
    """The levels of a schedule's ``levels`` list (each a table of blinds, ante, minutes or hands, game), as a
    schedule file or the server's ``[[tournaments]]`` write them; EngineError naming ``where`` and the level."""
    if not isinstance(levels, list) or not levels:
        raise EngineError(f"{where}: levels must be a non-empty list of levels, got {quote(levels)}")
    last = len(levels) - 1
    return TournamentSchedule(
        [_level(entry, index, index == last, game, f"{where}: level {index + 1}") for index, entry in enumerate(levels)]
    )


def _level(entry: object, index: int, last: bool, game: str, where: str) -> Level:
    if not isinstance(entry, Mapping):
        raise EngineError(f"{where} must be a table of {', '.join(_KEYS)}, got {quote(entry)}")
    unknown = sorted(set(entry) - set(_KEYS))
    if unknown:
        raise EngineError(f"{where}: unknown keys {unknown}; a level has {', '.join(_KEYS)}")
    blinds = entry.get("blinds")
    if not isinstance(blinds, str):
        raise EngineError(f'{where}: blinds are written as text such as "10/20", got {quote(blinds)}')
    chosen = entry.get("game", level_game(game, index))
    if chosen not in SINGLE:
        raise EngineError(
            f"{where}: game must be one of {', '.join(SINGLE)} (a mixed tournament alternates them by level), "
            f"got {quote(chosen)}"
        )
    for key in ("ante", "hands"):
        if key in entry and (type(entry[key]) is not int or entry[key] < (0 if key == "ante" else 1)):
            raise EngineError(
                f"{where}: {key} is a whole number {'>= 0' if key == 'ante' else '>= 1'}, got {quote(entry[key])}"
            )
    if "minutes" in entry and "hands" in entry:
        raise EngineError(f"{where}: a level lasts a number of minutes or of hands, not both")
    if not last and "minutes" not in entry and "hands" not in entry:
        raise EngineError(f"{where}: give its minutes or hands (only the last level may last for ever)")
    minutes = entry.get("minutes")
    if minutes is not None and (type(minutes) not in (int, float) or not 0 < minutes < float("inf")):
        raise EngineError(f"{where}: minutes is a number > 0, got {quote(minutes)}")
    try:
        rules = level_rules(chosen, pair(blinds, "blinds"), entry.get("ante", 0))
        return Level(rules, hands=entry.get("hands"), minutes=minutes)
    except EngineError as error:
        raise EngineError(f"{where}: {error}") from None
