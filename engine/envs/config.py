"""The game an environment deals: its `Rules` from a few plain arguments, checked before anything is played.

Kept apart from the environments so the checks (and their messages) are the same for the PettingZoo and the
Gymnasium environment, and testable without either library.
"""

from __future__ import annotations

from typing import NamedTuple

from engine.errors import EngineError, RulesError
from engine.games import SINGLE, structure
from engine.rules import Rules, ShowdownPolicy
from engine.validate import one_of, quote, whole

GAMES = SINGLE  # a mixed schedule is a table's, not one hand's
ACTION_SETS = ("abstract", "exact")
ILLEGAL_POLICIES = ("raise", "default")
RENDER_MODES = ("human", "ansi")


class EnvError(EngineError):
    """An environment argument that cannot be used (an unknown game, a player count out of range, a stack that
    is not a whole number, an unknown render mode...), or an environment used out of order."""


def env_rules(game: str | Rules, players: int, blinds: tuple[int, ...] | list[int]) -> Rules:
    """The rules for ``game``: "limit" (bets of one and two big blinds: blinds 1/2 play 2/4), "pot-limit",
    "no-limit", or a `Rules` value of your own (its blinds are used and ``blinds`` is ignored) whose structure
    is one of `engine.games.SINGLE` (the observation has a flag for each of those).

    A game whose decisions the discrete actions cannot express is refused: a manual showdown (show or muck),
    running the board more than once, and double boards (the observation has one board)."""
    whole(players, "players (seats at the table)", minimum=2, maximum=10, error=EnvError)
    if isinstance(game, Rules):
        rules = game
    else:
        one_of(game, GAMES, "game", error=EnvError)
        posted = _blinds(blinds)
        big = posted[-1]
        try:
            rules = Rules(structure(game, big), blinds=posted)
        except RulesError as error:
            raise EnvError(f"blinds {quote(blinds)}: {error}") from None
    from engine.envs.observation import STRUCTURE_SLOTS  # numpy, which every environment needs anyway

    if rules.betting.name not in STRUCTURE_SLOTS:
        raise EnvError(
            f"the observation has a flag for each structure engine.games.SINGLE names ({', '.join(STRUCTURE_SLOTS)}), "
            f"and {rules.betting.name!r} is not one: name it there first"
        )
    if rules.showdown not in (ShowdownPolicy.SHOW_ALL, ShowdownPolicy.MUCK_LOSERS):
        raise EnvError(
            f"the environments play showdowns by themselves: showdown must be SHOW_ALL or MUCK_LOSERS, "
            f"got {rules.showdown}"
        )
    if rules.runs != 1 or rules.boards != 1:
        raise EnvError(
            f"the environments deal one board run once: runs and boards must be 1, got runs={rules.runs}, "
            f"boards={rules.boards}"
        )
    if players > rules.max_players:
        raise EnvError(f"players must be 2 to {rules.max_players} for these rules, got {players}")
    return rules


class EnvSettings(NamedTuple):
    """What both environments take from the same arguments, checked (`env_settings`)."""

    rules: Rules
    stack: int
    on_illegal: str
    render_mode: str | None


def env_settings(
    game: str | Rules,
    players: int,
    blinds: tuple[int, ...] | list[int],
    stack: int | None,
    on_illegal: str,
    render_mode: str | None,
) -> EnvSettings:
    """The rules (`env_rules`), each seat's stack (100 big blinds by default), what an illegal action does and
    the render mode: the arguments the PettingZoo and the Gymnasium environment share, checked in one place."""
    rules = env_rules(game, players, blinds)
    chips = stack_argument(100 * rules.big_blind if stack is None else stack, rules)
    policy = str(one_of(on_illegal, ILLEGAL_POLICIES, "on_illegal", error=EnvError))
    return EnvSettings(rules, chips, policy, render_mode_argument(render_mode))


def _blinds(value: object) -> tuple[int, ...]:
    if not isinstance(value, (tuple, list)) or not 1 <= len(value) <= 2:
        raise EnvError(f"blinds must be (small, big) or (big,) in chips, got {quote(value)}")
    return tuple(whole(blind, "a blind (chips)", minimum=1, error=EnvError) for blind in value)


def stack_argument(value: object, rules: Rules) -> int:
    """Each seat's chips at the start of every hand: a whole number of at least one big blind."""
    return whole(
        value, "stack (chips each seat starts every hand with)", minimum=max(rules.big_blind, 1), error=EnvError
    )


def render_mode_argument(value: object) -> str | None:
    """Checks a ``render_mode`` argument: None or one of `RENDER_MODES`."""
    if value is None:
        return None
    one_of(value, RENDER_MODES, "render_mode (or None)", error=EnvError)
    return str(value)
