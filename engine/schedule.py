"""Game schedules: which game (rules and blind level) a table deals next.

A schedule is configuration only (a frozen value); where the table stands in it is a separate `GameClock` the
table carries, so a table is one plain value that saves to JSON and restores exactly. There is no clock
inside: a tournament's minutes are told to the table by the caller (`Table.with_time`).

- `FixedGame(rules)`: the same game for every hand.
- `MixedOmaha(limit_rules, pot_limit_rules)`: one orbit of each, again and again. An orbit is as many hands
  as players were dealt into its first hand (8-handed: 8 hands of Limit Omaha Hi-Lo, then 8 of Pot Limit).
- `TournamentSchedule(levels)`: each `Level` plays its rules for a number of hands or of minutes, then the
  next level starts; the last level lasts for ever. A level that runs out during a hand changes at the
  next hand.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import attrs

from engine.errors import RulesError
from engine.games import LIMIT, POT_LIMIT
from engine.rules import Rules
from engine.validate import count, minutes, quote


def _rules(name: str, value: object) -> None:
    if not isinstance(value, Rules):
        raise RulesError(f"{name} must be a Rules(...), got {quote(value)}")


def _count(name: str, value: object, minimum: int = 0) -> None:
    count(value, name, minimum=minimum, error=RulesError)


def _minutes(name: str, value: object, positive: bool = False) -> None:
    minutes(value, name, positive=positive, error=RulesError)


@attrs.frozen(slots=True)
class GameClock:
    """Where a table stands in its schedule.

    ``stage`` is the game's index (0 or 1 in Mixed Omaha: limit, pot limit; the level's index in a
    tournament); ``hands`` the hands finished in this stage; ``orbit`` the length of the current Mixed Omaha
    orbit (0 before its first hand is dealt); ``since`` the minute the current tournament level began.
    """

    stage: int = 0
    hands: int = 0
    orbit: int = 0
    since: float = 0

    def __attrs_post_init__(self) -> None:
        _count("clock stage", self.stage)
        _count("clock hands", self.hands)
        _count("clock orbit", self.orbit)
        _minutes("clock since", self.since)


@attrs.frozen(slots=True)
class FixedGame:
    """One game for every hand."""

    rules: Rules

    def __attrs_post_init__(self) -> None:
        _rules("FixedGame rules", self.rules)

    def game(self, clock: GameClock, minutes: float, players: int) -> tuple[Rules, GameClock]:
        """Always the same rules; the clock is unchanged."""
        return self.rules, clock

    def check(self, clock: GameClock) -> None:
        """Refuses a clock that is not a fixed game's (it only counts hands)."""
        if clock.stage or clock.orbit or clock.since:
            raise RulesError(f"a fixed game's clock only counts hands, got {clock!r}")


@attrs.frozen(slots=True)
class MixedOmaha:
    """Limit Omaha Hi-Lo for one orbit, then Pot Limit Omaha Hi-Lo for one orbit, and again (blinds as each
    rules value says; the seeds keep them unchanged). An orbit is as many hands as players were dealt into its
    first hand; players who come and go during an orbit do not change its length."""

    limit_rules: Rules
    pot_limit_rules: Rules

    def __attrs_post_init__(self) -> None:
        _rules("MixedOmaha limit_rules", self.limit_rules)
        _rules("MixedOmaha pot_limit_rules", self.pot_limit_rules)
        if self.limit_rules.betting.name != LIMIT:
            raise RulesError(
                f"MixedOmaha's first game (limit_rules) must be fixed limit (betting=FixedLimit(...)), "
                f"got {quote(self.limit_rules.betting)}; the second is the pot limit one"
            )
        if self.pot_limit_rules.betting.name != POT_LIMIT:
            raise RulesError(
                f"MixedOmaha's second game (pot_limit_rules) must be pot limit (betting=PotLimit()), "
                f"got {quote(self.pot_limit_rules.betting)}"
            )

    @property
    def games(self) -> tuple[Rules, Rules]:
        return (self.limit_rules, self.pot_limit_rules)

    def game(self, clock: GameClock, minutes: float, players: int) -> tuple[Rules, GameClock]:
        """The game of the next hand, dealt to ``players``, and the clock once that hand is under way."""
        if clock.orbit == 0:
            clock = GameClock(clock.stage, 0, players)
        elif clock.hands >= clock.orbit:
            clock = GameClock(1 - clock.stage, 0, players)
        return self.games[clock.stage], clock

    def check(self, clock: GameClock) -> None:
        """Refuses a clock that is not a Mixed Omaha one (stage 0 or 1, hands up to the orbit once one has
        begun; before, orbit 0, the hands of another schedule's hand in play may be counted)."""
        if clock.stage > 1 or clock.since or (clock.orbit and clock.hands > clock.orbit):
            raise RulesError(f"a Mixed Omaha clock has stage 0 or 1, hands <= orbit and no minutes, got {clock!r}")


@attrs.frozen(slots=True)
class Level:
    """One tournament level: ``rules`` (game, blinds, antes) for ``hands`` hands or ``minutes`` minutes (give one;
    the last level of a schedule may give neither and last for ever). ``mixed_with``: a pot-limit game played in
    turn with ``rules`` (then fixed limit), an orbit each, as `MixedOmaha` (a multi-table `Tournament` plays it;
    a single table's `TournamentSchedule` plays one game a level)."""

    rules: Rules
    hands: int | None = None
    minutes: float | None = None
    mixed_with: Rules | None = None

    def __attrs_post_init__(self) -> None:
        _rules("a level's rules", self.rules)
        if self.mixed_with is not None:
            _rules("a level's mixed_with (the pot-limit game of a Mixed Omaha level)", self.mixed_with)
            MixedOmaha(self.rules, self.mixed_with)  # refuses games that are not limit, then pot limit
        if self.hands is not None and self.minutes is not None:
            raise RulesError(f"a level lasts a number of hands or of minutes, not both: {self!r}")
        if self.hands is not None:
            _count("a level's hands", self.hands, minimum=1)
        if self.minutes is not None:
            _minutes("a level's minutes", self.minutes, positive=True)

    @property
    def schedule(self) -> FixedGame | MixedOmaha:
        """What a table deals during this level: the one game, or the two in turn by orbit."""
        return FixedGame(self.rules) if self.mixed_with is None else MixedOmaha(self.rules, self.mixed_with)


def _levels(levels: Sequence[Level]) -> tuple[Level, ...]:
    if isinstance(levels, (str, bytes)) or not isinstance(levels, Iterable):
        raise RulesError(f"a tournament schedule's levels must be a sequence of Level(...), got {quote(levels)}")
    return tuple(levels)


@attrs.frozen(slots=True)
class TournamentSchedule:
    """Levels played in order, each for its hands or minutes; the last one lasts for ever."""

    levels: tuple[Level, ...] = attrs.field(converter=_levels)

    def __attrs_post_init__(self) -> None:
        if not self.levels:
            raise RulesError("a tournament schedule needs at least one level")
        for index, level in enumerate(self.levels):
            if not isinstance(level, Level):
                raise RulesError(f"level {index} must be a Level(rules, hands=|minutes=), got {quote(level)}")
            if index < len(self.levels) - 1 and level.hands is None and level.minutes is None:
                raise RulesError(f"level {index} needs hands= or minutes=: only the last level may last for ever")

    def game(self, clock: GameClock, minutes: float, players: int) -> tuple[Rules, GameClock]:
        """The level in force at ``minutes`` (the table's time) after ``clock.hands`` hands in this level."""
        while clock.stage < len(self.levels) - 1:
            level = self.levels[clock.stage]
            if level.hands is not None and clock.hands >= level.hands:
                clock = GameClock(clock.stage + 1, 0, 0, max(minutes, clock.since))
            elif level.minutes is not None and minutes - clock.since >= level.minutes:
                # Timed levels end on the clock, not with the hand: the next level began at `since + minutes`.
                clock = GameClock(clock.stage + 1, 0, 0, clock.since + level.minutes)
            else:
                break
        return self.levels[clock.stage].rules, clock

    def check(self, clock: GameClock) -> None:
        """Refuses a clock whose stage is not one of the schedule's levels, and levels that rotate games by
        orbit (its clock counts the level's hands, not the orbit's)."""
        mixed = [index for index, level in enumerate(self.levels) if level.mixed_with is not None]
        if mixed:
            raise RulesError(
                f"a table's TournamentSchedule plays one game a level, but level {mixed[0]} rotates two by orbit "
                f"(mixed_with): play such levels in an engine.tournament.Tournament, or give one game a level"
            )
        if clock.stage >= len(self.levels) or clock.orbit:
            raise RulesError(
                f"a tournament clock's stage must be a level index in 0..{len(self.levels) - 1} "
                f"and its orbit 0, got {clock!r}"
            )


Schedule = FixedGame | MixedOmaha | TournamentSchedule
