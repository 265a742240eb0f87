"""A sit-and-go as the configuration file describes it (``[[tournaments]]``): its game, seats, entrants, stack,
levels, payouts, clock and bots; checked whole when the file is read, with one line naming the entry and the
key when something is wrong (as for ``[[tables]]``).

The entry is stored with each sit-and-go it opens, as the table's configuration is with a table, so a sit-and-go
under way finishes under the settings it started with whatever the file says since.
"""

from __future__ import annotations

import contextlib
import json
import math
from datetime import UTC, datetime
from fractions import Fraction
from typing import Any

import attrs

from engine.errors import EngineError
from engine.games import GAMES
from engine.schedule import TournamentSchedule
from engine.server.config import (
    MAX_SEATS,
    ConfigError,
    TableConfig,
    _number,
    _string,
    _whole,
    as_floats,
    check,
    toml,
)
from engine.tournament.levels import LEVEL_MINUTES, levels_from, standard_levels
from engine.tournament.payouts import standard_percentages
from engine.tournament.structure import Structure
from engine.validate import name

_FLOAT_KEYS = (
    "action_seconds",
    "time_bank_seconds",
    "time_bank_refill_seconds",
    "bot_think_seconds",
    "bots_after_seconds",
    "start_every_minutes",
)
TOURNAMENT_ID_LONGEST = 24  # characters: its sit-and-gos are "<id>#N" and their tables "<id>#N.T", within 40
MAX_ENTRANTS = 1000


def _as_at_a_table(key: str) -> Any:
    """A table's default (`TableConfig`) for a setting an entry passes on to its tables (the clock, the bots'
    thinking time): a tournament's clock is a table's unless its entry says otherwise."""
    return attrs.fields_dict(TableConfig)[key].default


@attrs.frozen(slots=True)
class TournamentConfig:
    """One tournament entry: a sit-and-go (the default), or a scheduled tournament (``starts_at``).

    A sit-and-go: ``entrants`` players at tables of ``seats`` (more entrants than seats: several tables,
    balanced and broken by the engine's `Tournament`), ``starting_stack`` chips each, the ``levels`` (a list of
    {blinds, ante, minutes or hands, game} as a schedule file writes them; None: the standard levels of
    `LEVEL_MINUTES` minutes), ``buy_in`` prize money each (0: a freeroll), ``payouts`` (percentages, first place
    first; None: the standard table for the field). It starts when full; a new one opens when it is done.
    ``bots_after_seconds``: once somebody has registered and the sit-and-go has not filled after this long, the
    server's bots register for the empty places (None: never). The action clock and the bots' thinking time
    are as for a table.

    A scheduled tournament (``starts_at``, an ISO-8601 UTC time, ``"2026-12-02T20:00:00Z"``) takes registrations
    until that time and then starts if at least ``min_entrants`` have registered, else is cancelled; ``entrants``
    is then the most entries it takes (re-entries count). ``start_every_minutes`` repeats it: the next one starts
    at the first ``starts_at + k * start_every_minutes`` after the one before is over. ``late_levels`` and
    ``reentries`` are the engine's (`Structure`): registration stays open through the first ``late_levels``
    levels, and a busted player may enter again ``reentries`` times while it is. Its bots (with
    ``bots_after_seconds``) register for the places up to ``min_entrants``, what it needs to start.

    Rebuys and the add-on (either kind of entry) are the engine's `Structure` settings of the same names:
    ``rebuy_levels`` (0: none), ``max_rebuys`` (None: no limit), ``rebuy_chips``, ``rebuy_cost`` and
    ``rebuy_threshold`` (None: the starting stack, the buy-in, the starting stack), ``addon_chips`` (0: none)
    and ``addon_cost`` (None: the buy-in)."""

    id: str
    title: str = ""
    game: str = "pot-limit"
    seats: int = 6
    entrants: int = 6
    starting_stack: int = 1500
    levels: tuple[dict[str, Any], ...] | None = None
    buy_in: int = 0
    payouts: tuple[int | float | str, ...] | None = None
    bots_after_seconds: float | None = None
    action_seconds: float = _as_at_a_table("action_seconds")
    time_bank_seconds: float = _as_at_a_table("time_bank_seconds")
    time_bank_refill_seconds: float = _as_at_a_table("time_bank_refill_seconds")
    max_timeouts: int = _as_at_a_table("max_timeouts")
    bot_think_seconds: float | None = _as_at_a_table("bot_think_seconds")
    starts_at: str | None = None
    start_every_minutes: float | None = None
    min_entrants: int = 2
    late_levels: int = 0
    reentries: int = 0
    rebuy_levels: int = 0
    max_rebuys: int | None = None
    rebuy_chips: int | None = None
    rebuy_cost: int | None = None
    rebuy_threshold: int | None = None
    addon_chips: int = 0
    addon_cost: int | None = None

    def __attrs_post_init__(self) -> None:
        try:
            name(self.id, "id", longest=TOURNAMENT_ID_LONGEST, error=ConfigError)
            ok = "#" not in self.id
        except ConfigError:
            ok = False
        check(
            ok, "[[tournaments]]", "id", f"a string of 1 to {TOURNAMENT_ID_LONGEST} printable characters, no #", self.id
        )
        where = self.where
        _string(self.title, where, "title")
        check(self.game in GAMES, where, "game", f"one of {', '.join(toml(game) for game in GAMES)}", self.game)
        _whole(self.seats, where, "seats", 2, MAX_SEATS)
        _whole(self.entrants, where, "entrants", 2, MAX_ENTRANTS)
        _whole(self.starting_stack, where, "starting_stack", 1, 10**9)
        _whole(self.buy_in, where, "buy_in", 0, 10**9)
        if self.bots_after_seconds is not None:
            _number(self.bots_after_seconds, where, "bots_after_seconds")
        self._check_schedule()
        self.table_config("check")  # the clock and the bots' thinking time, as a table checks them
        self.structure()  # the levels and payouts, as the engine checks them
        as_floats(self, _FLOAT_KEYS)  # the lobby says 15.0 whether the file wrote 15 or 15.0, as for a table

    def _check_schedule(self) -> None:
        """The keys of a scheduled tournament: a start time, its repeat, the fewest entrants it starts with, late
        registration and re-entries (which only a tournament that starts at a time has: a sit-and-go starts full)."""
        where = self.where
        if self.starts_at is None:
            defaults = attrs.fields_dict(TournamentConfig)
            for key in ("start_every_minutes", "min_entrants", "late_levels"):
                check(
                    getattr(self, key) == defaults[key].default,
                    where,
                    key,
                    "left out of a sit-and-go (give starts_at for a scheduled tournament)",
                    getattr(self, key),
                )
            return
        text = datetime.fromtimestamp(self.start_time, UTC).isoformat().replace("+00:00", "Z")
        object.__setattr__(self, "starts_at", text)  # one form, "2026-12-02T20:00:00Z", whatever the file wrote
        if self.start_every_minutes is not None:
            _number(self.start_every_minutes, where, "start_every_minutes", positive=True)
        _whole(self.min_entrants, where, "min_entrants", 2, self.entrants)
        _whole(self.late_levels, where, "late_levels", 0, len(self.schedule().levels) - 1)
        _whole(self.reentries, where, "reentries", 0, 1000)

    @property
    def scheduled(self) -> bool:
        """Whether it starts at a time (a scheduled tournament), not when full (a sit-and-go)."""
        return self.starts_at is not None

    @property
    def start_time(self) -> float:
        """``starts_at`` in seconds since the epoch (UTC); ConfigError when it is not an ISO-8601 UTC time."""
        text = self.starts_at
        when = None
        if isinstance(text, str):
            with contextlib.suppress(ValueError):
                when = datetime.fromisoformat(text)
        offset = None if when is None else when.utcoffset()
        check(
            when is not None and offset is not None and not offset,
            self.where,
            "starts_at",
            'an ISO-8601 time in UTC ("2026-12-02T20:00:00Z")',
            text,
        )
        assert when is not None
        return when.timestamp()

    def next_start(self, now: float) -> float:
        """When its next tournament starts, for one opened at ``now`` (seconds since the epoch): ``starts_at``,
        or for a repeated one the first of ``starts_at + k * start_every_minutes`` after ``now``."""
        first = self.start_time
        every = self.start_every_minutes
        if every is None or now < first:
            return first
        return first + (math.floor((now - first) / (60 * every)) + 1) * 60 * every

    def at(self, start: float) -> TournamentConfig:
        """The entry for the one tournament starting at ``start`` (stored with it: its own start time, no repeat)."""
        return attrs.evolve(self, starts_at=datetime.fromtimestamp(start, UTC).isoformat(), start_every_minutes=None)

    @property
    def where(self) -> str:
        """The entry as the file names it, for its errors: ``[[tournaments]] id = "sng"``."""
        return f"[[tournaments]] id = {toml(self.id)}"

    def schedule(self) -> TournamentSchedule:
        """The levels: the file's, or the standard ones for the chips in play."""
        if self.levels is None:
            return standard_levels(self.game, self.starting_stack * self.entrants)
        try:
            return levels_from(list(self.levels), self.game, self.where)
        except EngineError as error:
            raise ConfigError(str(error)) from None

    def structure(self) -> Structure:
        """What every entrant plays under (`engine.tournament.Structure`)."""
        levels = self.schedule()
        try:
            payouts = None if self.payouts is None else list(self.payouts)
            structure = Structure(
                levels,
                self.starting_stack,
                self.seats,
                self.buy_in,
                payouts,  # type: ignore[arg-type]
                late_levels=self.late_levels,
                reentries=self.reentries,
                **self._buying(),
            )
        except EngineError as error:
            raise ConfigError(f"{self.where}: {error}") from None
        fewest, what = (self.min_entrants, "min_entrants") if self.scheduled else (self.entrants, "the entrants")
        paid = len(structure.payouts) if structure.payouts is not None else len(standard_percentages(fewest))
        check(
            paid <= fewest,
            self.where,
            "payouts",
            f"a table of at most {fewest} places ({what})",
            list(self.payouts or ()),
        )
        return structure

    def _buying(self) -> dict[str, Any]:
        """The rebuy and add-on settings the entry gives (those it leaves out take the engine's defaults)."""
        keys = ("rebuy_levels", "max_rebuys", "rebuy_chips", "rebuy_cost", "rebuy_threshold", "addon_chips")
        given = {key: getattr(self, key) for key in (*keys, "addon_cost")}
        return {key: value for key, value in given.items() if value is not None or key == "max_rebuys"}

    def table_config(self, table_id: str) -> TableConfig:
        """The configuration of one of its tables (the rooms' clock and bots; blinds of the first level, which
        the tournament changes level by level)."""
        rules = self.schedule().levels[0].rules
        try:
            return TableConfig(
                table_id,
                game=self.game,
                blinds=(rules.blinds[0], rules.blinds[-1]) if len(rules.blinds) > 1 else (1, rules.blinds[0]),
                seats=self.seats,
                min_buy_in=1,
                max_buy_in=max(rules.blinds[-1], 1),
                action_seconds=self.action_seconds,
                time_bank_seconds=self.time_bank_seconds,
                time_bank_refill_seconds=self.time_bank_refill_seconds,
                max_timeouts=self.max_timeouts,
                bots=0,
                title=self.title or self.id,
                bot_think_seconds=self.bot_think_seconds,
            )
        except ConfigError as error:
            raise ConfigError(str(error).replace(f"[[tables]] id = {toml(table_id)}", self.where)) from None

    @property
    def think_seconds(self) -> float:
        return self.table_config("check").think_seconds

    def to_json(self) -> str:
        """The entry as JSON, stored with each sit-and-go it opens (``{"tournament": {...}}``: a stored row a
        table's rebuild never mistakes for a table's)."""
        data = attrs.asdict(self)
        data["levels"] = None if self.levels is None else list(self.levels)
        data["payouts"] = None if self.payouts is None else list(self.payouts)
        return json.dumps({"tournament": data}, sort_keys=True)

    def lobby(self) -> dict[str, Any]:
        """What the lobby says of every sit-and-go of this entry."""
        return {
            "id": self.id,
            "title": self.title or self.id,
            "game": self.game,
            "seats": self.seats,
            "entrants": self.entrants,
            "starting_stack": self.starting_stack,
            "buy_in": self.buy_in,
            "level_minutes": None if self.levels is not None else float(LEVEL_MINUTES),
            "action_seconds": self.action_seconds,
            "bots_after_seconds": self.bots_after_seconds,
            "starts_at": self.starts_at,
            "start_every_minutes": self.start_every_minutes,
            "min_entrants": self.min_entrants if self.scheduled else self.entrants,
            "late_levels": self.late_levels,
            "reentries": self.reentries,
            "rebuy_levels": self.rebuy_levels,
            "addon_chips": self.addon_chips,
            "payouts": self.payout_table(),
        }

    def payout_table(self, field: int | None = None) -> list[float] | None:
        """Each paid place's percentage of the prize pool, first place first (to 0.01, for the lobby): the entry's
        own table, else the standard one (`standard_percentages`) for a sit-and-go's field or, for a scheduled
        tournament, the ``field`` it has so far (None without it: the table grows with the field)."""
        if self.payouts is not None:
            return [round(float(Fraction(str(p))), 2) for p in self.payouts]
        if self.scheduled and field is None:
            return None
        return [round(float(p), 2) for p in standard_percentages(field or self.entrants)]


def stored_tournament(text: str) -> TournamentConfig | None:
    """The entry a stored row's configuration holds when the row is a sit-and-go's (None: a table's)."""
    try:
        data = json.loads(text)
    except ValueError:
        return None
    if not isinstance(data, dict) or set(data) != {"tournament"}:
        return None
    return tournament_config(data["tournament"])


_KEYS = {field.name for field in attrs.fields(TournamentConfig)}


def tournament_config(data: object) -> TournamentConfig:
    """An entry from a TOML table / JSON object."""
    check(
        isinstance(data, dict),
        "[[tournaments]]",
        "each [[tournaments]] entry",
        "a table of keys (id = ..., entrants = ...)",
        data,
    )
    assert isinstance(data, dict)
    where = f"[[tournaments]] id = {toml(data['id'])}" if "id" in data else "[[tournaments]]"
    unknown = sorted(set(data) - _KEYS)
    if unknown:
        raise ConfigError(f"{where}: unknown key {', '.join(unknown)}; the keys are {', '.join(sorted(_KEYS))}")
    if "id" not in data:
        raise ConfigError('[[tournaments]]: id is missing: every [[tournaments]] entry needs one (id = "sng")')
    values = dict(data)
    levels = values.get("levels")
    if levels is not None:
        check(
            isinstance(levels, list) and all(isinstance(level, dict) for level in levels),
            where,
            "levels",
            'a list of levels ([[tournaments.levels]] with blinds = "10/20", minutes or hands)',
            levels,
        )
        values["levels"] = tuple(dict(level) for level in levels)
    if isinstance(values.get("starts_at"), datetime):  # TOML's own date-time (starts_at = 2026-12-02T20:00:00Z)
        values["starts_at"] = values["starts_at"].isoformat().replace("+00:00", "Z")
    payouts = values.get("payouts")
    if payouts is not None:
        check(isinstance(payouts, list), where, "payouts", "a list of percentages, first place first", payouts)
        # 40.5 in the file is the decimal 40.5 as written (its shortest text), not the float nearest to it, so a
        # table such as [33.3, 33.3, 33.4] adds up to exactly 100; a bool stays a bool, for the engine to refuse
        values["payouts"] = tuple(repr(p) if isinstance(p, float) else p for p in payouts)
    return TournamentConfig(**values)
