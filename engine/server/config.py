"""The server's configuration: the tables it runs and its policies, from a TOML file (``--config``) or the
defaults (one 6-max table each of limit, pot-limit, no-limit and Mixed Omaha hi-lo).

A table's configuration is stored with the table when it is first created, so a restart on the same database
runs the same game even if the file has changed since; of a stored table the file changes only the `CHANGEABLE`
settings, between hands, through a stored ``settings`` event (`engine.server.room.Room.want`).
"""

from __future__ import annotations

import argparse
import json
import math
import tomllib
from collections.abc import Callable
from decimal import Decimal
from pathlib import Path
from typing import Any

import attrs

from engine.errors import EngineError
from engine.games import GAMES, LIMIT, MIXED, POT_LIMIT, structure
from engine.rules import Rake, Rules
from engine.schedule import FixedGame, MixedOmaha, Schedule
from engine.textfile import read_user_text
from engine.validate import is_whole, name

TABLE_ID_LONGEST = 40  # characters in a table's id
MAX_SEATS = 10  # seats at a table, at most


class ConfigError(EngineError):
    """A configuration that cannot be used: the message names the key and says what is allowed."""


def toml(value: object) -> str:
    """A value as a TOML file writes it (``"poker"``, ``[1, 2]``, ``true``), shortened when long: what the
    configuration's errors quote, never Python's repr."""
    if isinstance(value, bool):
        text = "true" if value else "false"
    elif isinstance(value, str):
        text = json.dumps(value, ensure_ascii=False)
    elif isinstance(value, (int, float, Decimal)):
        text = str(value)
    elif isinstance(value, (list, tuple)):
        text = "[" + ", ".join(toml(item) for item in value) + "]"
    elif isinstance(value, dict):
        text = "{ " + ", ".join(f"{key} = {toml(item)}" for key, item in value.items()) + " }"
    elif value is None:
        text = "nothing"
    else:
        text = str(value)  # a TOML date or time
    return text if len(text) <= 80 else f"{text[:65]}... ({len(text)} characters)"


def check(ok: bool, where: str, key: str, allowed: str, value: object) -> None:
    """The one form of a configuration error: ``[[tables]] id = "t9": seats must be a whole number from 2 to
    10, got "six"`` (the TOML table, the key as the file writes it, what is allowed, what the file has)."""
    if not ok:
        raise ConfigError(f"{where}: {key} must be {allowed}, got {toml(value)}")


def _whole(
    value: object, where: str, key: str, minimum: int, maximum: int | None = None, *, optional: bool = False
) -> None:
    span = f"from {minimum} to {maximum}" if maximum is not None else f"at least {minimum}"
    check(
        (optional and value is None) or is_whole(value, minimum=minimum, maximum=maximum),
        where,
        key,
        f"a whole number {span}",
        value,
    )


def _number(
    value: object, where: str, key: str, *, minimum: float = 0, positive: bool = False, maximum: float | None = None
) -> None:
    ok = (
        not isinstance(value, bool)
        and isinstance(value, (int, float))
        and math.isfinite(value)
        and (value > 0 if positive else value >= minimum)
        and (maximum is None or value <= maximum)
    )
    span = (
        "above 0"
        if positive
        else f"from {minimum:g} to {maximum:g}"
        if maximum is not None
        else (f"at least {minimum:g}")
    )
    check(ok, where, key, f"a number {span}", value)


def _flag(value: object, where: str, key: str) -> None:
    check(isinstance(value, bool), where, key, "true or false", value)


def _string(value: object, where: str, key: str) -> None:
    check(isinstance(value, str), where, key, "a string", value)


def as_floats(config: object, keys: tuple[str, ...]) -> None:
    """The numbers ``keys`` as floats, whether the file wrote ``15`` or ``15.0`` (TOML keeps them apart), so
    that the lobby and the log tell each figure as one type; done once they are checked, so that an error
    quotes what the file has."""
    for key in keys:
        value = getattr(config, key)
        if type(value) is int:
            object.__setattr__(config, key, float(value))  # a frozen class, still being made


@attrs.frozen(slots=True)
class TableConfig:
    """One table: its game and stakes, seats, buy-in range, action clock, bots and cash-game options.

    ``action_seconds`` is the time per action; ``time_bank_seconds`` a reserve each player draws on when an
    action takes longer, refilled by ``time_bank_refill_seconds`` each hand they are dealt (up to the full
    ``time_bank_seconds``); after ``max_timeouts`` timeouts in a row the player is sat out. ``bots`` seats that
    many built-in bots (None: the command line's ``--bots``). ``straddle`` lets the player under the gun (left
    of the big blind) straddle for two big blinds, when they have asked to (``straddle {on}``); ``runs`` the
    times an all-in board may be
    run, ``rake_percent``/``rake_cap`` the house's cut. ``provably_fair`` deals by commit-reveal
    (`engine.server.fair`): a hash committing to the deck before each hand, the deck and salt revealed after it
    (revealing every card, mucked and undealt ones too: off by default). ``bot_think_seconds``: how long the
    server's own bots wait before each action, as a person would (the bots play through the WebSocket:
    `engine.server.botclient`), so that a person at the table can follow the play and tick a pre-action box;
    below ``action_seconds``, so a bot never times out by thinking; None (the default): `think_seconds`.
    """

    id: str
    game: str = "pot-limit"
    blinds: tuple[int, int] = (1, 2)
    seats: int = 6
    min_buy_in: int = 40
    max_buy_in: int = 200
    action_seconds: float = 15.0
    time_bank_seconds: float = 30.0
    time_bank_refill_seconds: float = 2.0
    max_timeouts: int = 2
    bots: int | None = None
    runs: int = 1
    rake_percent: float = 0.0
    rake_cap: int | None = None
    title: str = ""
    provably_fair: bool = False
    straddle: bool = False
    bot_think_seconds: float | None = None

    def __attrs_post_init__(self) -> None:
        try:
            name(self.id, "id", longest=TABLE_ID_LONGEST, error=ConfigError)
        except ConfigError:
            check(False, "[[tables]]", "id", f"a string of 1 to {TABLE_ID_LONGEST} printable characters", self.id)
        where = self.where
        check(self.game in GAMES, where, "game", f"one of {', '.join(toml(game) for game in GAMES)}", self.game)
        small, big = self.blinds
        _whole(small, where, "blinds = [small, big]'s small blind", 1)
        _whole(big, where, "blinds = [small, big]'s big blind", small)
        _whole(self.seats, where, "seats", 2, MAX_SEATS)
        _whole(self.min_buy_in, where, "buy_in = [min, max]'s minimum (min_buy_in)", 1)
        check(
            is_whole(self.max_buy_in, minimum=max(self.min_buy_in, big)),
            where,
            "buy_in = [min, max]'s maximum (max_buy_in)",
            f"at least the minimum {self.min_buy_in} and the big blind {big}, so that a player can post it",
            self.max_buy_in,
        )
        _number(self.action_seconds, where, "action_seconds", positive=True)
        _number(self.time_bank_seconds, where, "time_bank_seconds")
        _number(self.time_bank_refill_seconds, where, "time_bank_refill_seconds")
        _whole(self.max_timeouts, where, "max_timeouts", 1)
        _whole(self.bots, where, "bots", 0, self.seats, optional=True)
        _whole(self.runs, where, "runs", 1, 3)
        _number(self.rake_percent, where, "rake_percent", maximum=100)
        _whole(self.rake_cap, where, "rake_cap", 0, optional=True)
        _string(self.title, where, "title")
        _flag(self.provably_fair, where, "provably_fair")
        _flag(self.straddle, where, "straddle")
        if self.bot_think_seconds is not None:
            _number(self.bot_think_seconds, where, "bot_think_seconds")
            check(
                self.bot_think_seconds < self.action_seconds,
                where,
                "bot_think_seconds",
                f"below action_seconds ({self.action_seconds:g}), so that a bot never times out thinking",
                self.bot_think_seconds,
            )
        as_floats(
            self,
            ("action_seconds", "time_bank_seconds", "time_bank_refill_seconds", "rake_percent", "bot_think_seconds"),
        )
        self.schedule()  # the rules themselves must be valid

    @property
    def think_seconds(self) -> float:
        """How long the bots wait before each action: ``bot_think_seconds``, or by default 1 s, and never more
        than a quarter of the action time (a table with a short clock, stored before the setting existed,
        keeps bots that answer in time)."""
        if self.bot_think_seconds is not None:
            return self.bot_think_seconds
        return min(1.0, self.action_seconds / 4)

    @property
    def where(self) -> str:
        """The table as the configuration file names it, for its errors: ``[[tables]] id = "t9"``."""
        return f"[[tables]] id = {toml(self.id)}"

    def between_hands(self, wanted: TableConfig) -> tuple[TableConfig, list[str], list[str]]:
        """This stored configuration with what ``wanted`` (the file's) changes of `CHANGEABLE`, the names of
        the settings changed and of those that differ but are kept (`KEPT`: they cannot change under seated
        players)."""
        changed = [key for key in CHANGEABLE if getattr(self, key) != getattr(wanted, key)]
        kept = [key for key in KEPT if getattr(self, key) != getattr(wanted, key)]
        updated = attrs.evolve(self, **{key: getattr(wanted, key) for key in changed}) if changed else self
        return updated, changed, kept

    def rules(self, game: str | None = None) -> Rules:
        """The rules of ``game`` (default: this table's; "mixed" has two, see `schedule`) at these stakes."""
        game = game or self.game
        small, big = self.blinds
        try:
            return Rules(
                structure(game, big),
                blinds=(small, big),
                rake=house_rake(self.rake_percent, self.rake_cap),
                runs=self.runs,
            )
        except EngineError as error:
            raise ConfigError(f"{self.where}: {error}") from None

    def schedule(self) -> Schedule:
        """The table's game: Mixed Omaha for ``mixed``, else one fixed game."""
        if self.game == MIXED:
            return MixedOmaha(self.rules(LIMIT), self.rules(POT_LIMIT))
        return FixedGame(self.rules())

    def to_json(self) -> str:
        """The configuration as JSON, as the store keeps it beside the table's log."""
        data = attrs.asdict(self)
        data["blinds"] = list(self.blinds)
        return json.dumps(data, sort_keys=True)

    @classmethod
    def from_json(cls, text: str) -> TableConfig:
        """The configuration back from `to_json`'s text, checked again."""
        return table_config(json.loads(text))

    def limit_bets(self) -> list[int] | None:
        """The small and big bet of the table's fixed-bet game (a mixed table's limit orbit), as its structure
        has them, so that a page shows the stakes without working them out; None when players size their bets."""
        bets = self.rules(LIMIT if self.game == MIXED else None).betting.fixed_bets
        return None if bets is None else list(bets)

    def lobby(self) -> dict[str, Any]:
        """What the lobby says of this table."""
        return {
            "id": self.id,
            "title": self.title or self.id,
            "game": self.game,
            "blinds": list(self.blinds),
            "bets": self.limit_bets(),
            "seats": self.seats,
            "buy_in": [self.min_buy_in, self.max_buy_in],
            "action_seconds": self.action_seconds,
            "time_bank_seconds": self.time_bank_seconds,
            "max_timeouts": self.max_timeouts,
            "provably_fair": self.provably_fair,
            "straddle": self.straddle,
        }


def _origins(value: Any) -> tuple[str, ...]:
    """``allowed_origins``: a list of origins as browsers send them (``https://example.com``, with a port
    when it is not the scheme's own), or ``"*"`` for any."""
    check(
        not isinstance(value, str)
        and isinstance(value, (list, tuple))
        and all(isinstance(item, str) and (item == "*" or "://" in item) for item in value),
        "[server]",
        "allowed_origins",
        'a list of origins such as ["https://example.com"] (or ["*"])',
        value,
    )
    return tuple(item.rstrip("/").lower() for item in value)


RULES_SETTINGS = ("runs", "rake_percent", "rake_cap")
"""The changeable settings that are part of the table's rules (its snapshot holds them): a ``settings`` event
changes them in the log (`engine.server.log`), so that replay deals every hand under the rules it was dealt."""
CHANGEABLE = (
    "title",
    "min_buy_in",
    "max_buy_in",
    "action_seconds",
    "time_bank_seconds",
    "time_bank_refill_seconds",
    "max_timeouts",
    "bots",
    "straddle",
    "provably_fair",
    "bot_think_seconds",
    *RULES_SETTINGS,
)
"""The table settings a configuration file changes for a table already stored, between hands (a stored
``settings`` event: `engine.server.room.Room.open`)."""
KEPT = ("game", "blinds", "seats")
"""The settings a stored table keeps whatever the file says: the game, stakes and seats cannot change under
seated players."""


def house_rake(percent: float | Decimal, cap: int | None) -> Rake | None:
    """The table's rake: ``percent`` of each pot up to ``cap`` chips (None: no rake when ``percent`` is 0)."""
    return Rake(Decimal(str(percent)), cap) if percent else None


def with_rules_settings(schedule: Schedule, settings: dict[str, Any]) -> Schedule:
    """The table's game with the `RULES_SETTINGS` in ``settings`` changed in each of its rules (those not in
    ``settings`` as they are); an EngineError if the engine refuses them."""
    games = (
        schedule.games
        if isinstance(schedule, MixedOmaha)
        else ((schedule.rules,) if isinstance(schedule, FixedGame) else None)
    )
    if games is None:
        raise ConfigError(f"a served table's game is one game or Mixed Omaha, got {type(schedule).__name__}")
    rake = games[0].rake
    percent = settings.get("rake_percent", rake.percent if rake is not None else 0)
    cap = settings.get("rake_cap", rake.cap if rake is not None else None)
    changed = [
        attrs.evolve(rules, rake=house_rake(percent, cap), runs=settings.get("runs", rules.runs)) for rules in games
    ]
    return MixedOmaha(*changed) if isinstance(schedule, MixedOmaha) else FixedGame(changed[0])


@attrs.frozen(slots=True)
class ServerConfig:
    """The server as a whole: where it listens, its database, its tables and its connection policies.

    ``grace_seconds``: a player whose connection drops keeps playing on the clock for this long, then is sat
    out; after ``away_seconds`` away they are removed with their chips cashed out. ``pause_seconds`` between
    hands. ``max_message_bytes`` and ``rate`` (messages a second, with a burst of ``burst``) bound what one
    connection may send.

    What it sends each connection waits in a queue of at most ``send_queue_messages`` messages and
    ``send_queue_bytes`` bytes (views superseding each other), past which the connection is closed as too slow;
    a keepalive ping every ``ping_interval_seconds`` cuts off a connection whose pong takes longer than
    ``ping_timeout_seconds``. At most ``max_connections`` connections at once, ``max_connections_per_address``
    from one address (the server's own bots aside). A WebSocket handshake whose ``Origin`` is neither the
    page's own (the ``Host`` it was asked for) nor in ``allowed_origins`` is refused (no Origin: allowed).
    """

    host: str = "127.0.0.1"
    port: int = 8765
    db: str = "omaha.sqlite3"
    bots: int = 0
    tables: tuple[TableConfig, ...] = ()
    tournaments: tuple[Any, ...] = ()  # engine.server.tourney_config.TournamentConfig: the sit-and-gos
    grace_seconds: float = 30.0
    away_seconds: float = 300.0
    pause_seconds: float = 4.0
    max_message_bytes: int = 4096
    rate: float = 20.0
    burst: int = 40
    send_queue_messages: int = 64
    send_queue_bytes: int = 262144
    ping_interval_seconds: float = 20.0
    ping_timeout_seconds: float = 20.0
    max_connections: int = 1000
    max_connections_per_address: int = 16
    allowed_origins: tuple[str, ...] = attrs.field(default=(), converter=_origins)
    notes: tuple[str, ...] = attrs.field(default=(), eq=False)
    """What the operator is told of the file once the server has its port and database (`engine.server.main`),
    never before an error: a file with no [[tables]] serves the built-in tables."""

    def __attrs_post_init__(self) -> None:
        where = "[server]"
        _string(self.host, where, "host")
        check(
            self.host != "", where, "host", "an address to listen on (127.0.0.1, 0.0.0.0, ::, a host name)", self.host
        )
        _whole(self.port, where, "port", 0, 65535)
        _string(self.db, where, "db")
        _whole(self.bots, where, "bots", 0, MAX_SEATS)
        check_bots_fit(self.bots, self.tables, where, "bots")
        seen: set[str] = set()
        for table in self.tables:
            if table.id in seen:
                raise ConfigError(f"{table.where} is listed twice: every table's id must be unique")
            seen.add(table.id)
        for tournament in self.tournaments:
            if any(table.id == tournament.id for table in self.tables):
                raise ConfigError(
                    f"{tournament.where} is also the id of a [[tables]] entry: a tournament's id must differ from "
                    f"every table's; rename one of them"
                )
            if tournament.id in seen:
                raise ConfigError(f"{tournament.where} is listed twice: every tournament's id must be unique")
            seen.add(tournament.id)
            clash = [table.id for table in self.tables if table.id.startswith(f"{tournament.id}#")]
            if clash:
                raise ConfigError(
                    f"{tournament.where}: its sit-and-gos are named {tournament.id}#1, {tournament.id}#2, ...: "
                    f"rename [[tables]] id = {toml(clash[0])}"
                )
        for key in ("grace_seconds", "away_seconds", "pause_seconds"):
            _number(getattr(self, key), where, key)
        _whole(self.max_message_bytes, where, "max_message_bytes", 256)
        _number(self.rate, where, "rate", positive=True)
        _whole(self.burst, where, "burst", 1)
        _whole(self.send_queue_messages, where, "send_queue_messages", 4)
        _whole(self.send_queue_bytes, where, "send_queue_bytes", 65536)
        for key in ("ping_interval_seconds", "ping_timeout_seconds"):
            _number(getattr(self, key), where, key, positive=True)
        _whole(self.max_connections, where, "max_connections", 1)
        _whole(self.max_connections_per_address, where, "max_connections_per_address", 1)
        as_floats(
            self,
            ("grace_seconds", "away_seconds", "pause_seconds", "rate", "ping_interval_seconds", "ping_timeout_seconds"),
        )

    def table_bots(self, table: TableConfig) -> int:
        """How many bots to seat at a table: its own setting, else the server's, at most its seats."""
        return min(table.seats, self.bots if table.bots is None else table.bots)


def check_bots_fit(bots: object, tables: tuple[TableConfig, ...], where: str, key: str) -> None:
    """The server's bots sit at every table that names no ``bots`` of its own, so they must fit its seats: seven
    bots at six seats is refused (as a table's own ``bots`` is), not quietly cut to six."""
    for table in tables:
        if table.bots is None and isinstance(bots, int) and bots > table.seats:
            check(
                False,
                where,
                key,
                f"a whole number from 0 to {table.seats} (the seats at {table.where}, which names no bots of its own)",
                bots,
            )


def default_tables() -> tuple[TableConfig, ...]:
    """The four tables a server with no configuration serves: limit, pot limit, no limit and mixed."""
    return (
        TableConfig("limit", game="limit", title="Limit Omaha Hi-Lo 2/4"),
        TableConfig("pot-limit", game="pot-limit", title="Pot-Limit Omaha Hi-Lo 1/2"),
        TableConfig("no-limit", game="no-limit", title="No-Limit Omaha Hi-Lo 1/2"),
        TableConfig("mixed", game="mixed", title="Mixed Omaha Hi-Lo (limit 2/4, pot-limit 1/2)"),
    )


_TABLE_KEYS = {field.name for field in attrs.fields(TableConfig)} | {"buy_in"}
_SERVER_KEYS = {field.name for field in attrs.fields(ServerConfig)} - {"tables", "tournaments", "notes"}


def table_config(data: object) -> TableConfig:
    """A table from a TOML table / JSON object; ``buy_in = [min, max]`` is short for the two keys."""
    check(isinstance(data, dict), "[[tables]]", "each [[tables]] entry", "a table of keys (id = ..., game = ...)", data)
    assert isinstance(data, dict)
    where = f"[[tables]] id = {toml(data['id'])}" if "id" in data else "[[tables]]"
    unknown = sorted(set(data) - _TABLE_KEYS)
    if unknown:
        raise ConfigError(f"{where}: unknown key {', '.join(unknown)}; the keys are {', '.join(sorted(_TABLE_KEYS))}")
    values = dict(data)
    if "buy_in" in values:
        both = [key for key in ("min_buy_in", "max_buy_in") if key in values]
        if both:  # two keys for one setting: which the file meant cannot be told, so neither is guessed
            raise ConfigError(
                f"{where}: buy_in = {toml(values['buy_in'])} and {both[0]} = "
                f"{toml(values[both[0]])} both set the buy-in range: write buy_in = [min, max] "
                f"alone, or min_buy_in and max_buy_in"
            )
        buy_in = values.pop("buy_in")
        check(isinstance(buy_in, list) and len(buy_in) == 2, where, "buy_in", "[min, max]", buy_in)
        values["min_buy_in"], values["max_buy_in"] = buy_in
    if "blinds" in values:
        blinds = values["blinds"]
        check(isinstance(blinds, list) and len(blinds) == 2, where, "blinds", "[small, big]", blinds)
        values["blinds"] = tuple(blinds)
    if "id" not in values:
        raise ConfigError('[[tables]]: id is missing: every [[tables]] entry needs one (id = "plo8-small")')
    return TableConfig(**values)


DEFAULT_BOTS = 3  # bots at each built-in table when serve runs with no configuration file


def load_config(path: str | Path | None, **overrides: Any) -> ServerConfig:
    """The server configuration from a TOML file (None: the defaults), then the command line's overrides
    (only those not None). The file has a ``[server]`` table and ``[[tables]]`` entries."""
    from engine.server.tourney_config import tournament_config  # it builds on this module

    values: dict[str, Any] = {}
    tables: tuple[TableConfig, ...] = ()
    tournaments: tuple[Any, ...] = ()
    if path is None:
        values["bots"] = DEFAULT_BOTS  # a first run with no file: the built-in tables, with somebody to play
    else:
        text = read_user_text(path, f"the configuration file {path}", error=ConfigError)
        try:
            document = tomllib.loads(text)
        except tomllib.TOMLDecodeError as error:
            raise ConfigError(f"the configuration file {path}: not TOML: {error}") from None
        unknown = sorted(set(document) - {"server", "tables", "tournaments"})
        if unknown:
            raise ConfigError(
                f"unknown table [{unknown[0]}] in {path}; the file has [server], [[tables]] and [[tournaments]]"
            )
        server = document.get("server", {})
        check(isinstance(server, dict), "[server]", "[server]", "a table of keys (port = 8765, ...)", server)
        unknown = sorted(set(server) - _SERVER_KEYS)
        if unknown:
            raise ConfigError(
                f"[server]: unknown key {', '.join(unknown)}; the keys are {', '.join(sorted(_SERVER_KEYS))}"
            )
        values.update(server)
        entries = document.get("tables", [])
        check(isinstance(entries, list), "tables", "tables", "[[tables]] entries (an array of tables)", entries)
        tables = tuple(table_config(item) for item in entries)
        entries = document.get("tournaments", [])
        check(
            isinstance(entries, list),
            "tournaments",
            "tournaments",
            "[[tournaments]] entries (an array of tables)",
            entries,
        )
        tournaments = tuple(tournament_config(item) for item in entries)
    builtin = not tables and not tournaments  # a file of sit-and-gos alone serves them alone
    if path is not None:  # the file checked whole, every value it holds, the ones the command line overrides too
        ServerConfig(tables=default_tables() if builtin else tables, tournaments=tournaments, **values)
    values.update({key: value for key, value in overrides.items() if value is not None})
    if builtin:
        tables = default_tables()
    if overrides.get("bots") is not None:  # told as the option it was given as, not as the file's key
        check_bots_fit(overrides["bots"], tables, "argument --bots", "it")
    notes = (
        ()
        if path is None or not builtin
        else (
            f"the configuration file {path} lists no [[tables]]: serving the built-in tables "
            f"({', '.join(table.id for table in default_tables())}) beside any stored ones",
        )
    )
    return ServerConfig(tables=tables, tournaments=tournaments, notes=notes, **values)


def _option(minimum: int, maximum: int) -> Callable[[str], int]:
    """A whole-number option's check, so that a value out of range is told as the option it was given as
    (``argument --port: ...``), not as the file's ``[server]`` key it stands in for."""

    def read(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            value = None
        if value is None or not minimum <= value <= maximum:
            raise argparse.ArgumentTypeError(f"a whole number from {minimum} to {maximum}, got {text}")
        return value

    return read


def add_serve_arguments(parser: Any) -> None:
    """The ``serve`` command's options (an argparse parser); kept here so the command line can list them
    without importing websockets."""
    parser.add_argument("--host", default=None, help="address to listen on (default 127.0.0.1)")
    parser.add_argument(
        "--port", type=_option(0, 65535), default=None, help="port for HTTP and the WebSocket (default 8765)"
    )
    parser.add_argument(
        "--db",
        default=None,
        help="SQLite file (default omaha.sqlite3), or a PostgreSQL "
        "connection string: postgresql://... or host=... dbname=...",
    )
    parser.add_argument(
        "--bots",
        type=_option(0, MAX_SEATS),
        default=None,
        help=f"built-in bots to seat at each table (default {DEFAULT_BOTS} without --config, else the file's, else 0)",
    )
    parser.add_argument("--config", default=None, help="a TOML file: [server] options and [[tables]]")
