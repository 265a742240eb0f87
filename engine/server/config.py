"""The server's configuration: the tables it runs and its policies, from a TOML file (``--config``) or the
defaults (one 6-max table each of limit, pot-limit, no-limit and Mixed Omaha hi-lo).

A table's configuration is stored with the table when it is first created, so a restart on the same database
runs the same game even if the file has changed since; of a stored table the file changes only the `CHANGEABLE`
settings, between hands, through a stored ``settings`` event (`engine.server.room.Room.want`).
"""

from __future__ import annotations

import json
import tomllib
from decimal import Decimal
from pathlib import Path
from typing import Any

import attrs

from engine.betting import FixedLimit, NoLimit, PotLimit
from engine.errors import EngineError
from engine.rules import Rake, Rules
from engine.schedule import FixedGame, MixedOmaha, Schedule
from engine.validate import finite, flag, name, quote, whole

GAMES = ("limit", "pot-limit", "no-limit", "mixed")
TABLE_ID_LONGEST = 40  # characters in a table's id
MAX_SEATS = 10  # seats at a table, at most


class ConfigError(EngineError):
    """A configuration that cannot be used: the message names the key and says what is allowed."""


def as_float(value: object) -> object:
    """A number the file may write as ``15`` or ``15.0`` (TOML keeps them apart) as a float, so that
    the lobby and the log tell each figure as one type; anything else is left for the check to refuse."""
    return float(value) if type(value) is int else value


def _float(default: float) -> float:
    return attrs.field(default=default, converter=as_float)


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
    (revealing every card, mucked and undealt ones too: off by default).
    """

    id: str
    game: str = "pot-limit"
    blinds: tuple[int, int] = (1, 2)
    seats: int = 6
    min_buy_in: int = 40
    max_buy_in: int = 200
    action_seconds: float = _float(15.0)
    time_bank_seconds: float = _float(30.0)
    time_bank_refill_seconds: float = _float(2.0)
    max_timeouts: int = 2
    bots: int | None = None
    runs: int = 1
    rake_percent: float = _float(0.0)
    rake_cap: int | None = None
    title: str = ""
    provably_fair: bool = False
    straddle: bool = False

    def __attrs_post_init__(self) -> None:
        name(self.id, "a table's id", longest=TABLE_ID_LONGEST, error=ConfigError)
        if self.game not in GAMES:
            raise ConfigError(f"table {self.id!r}: game must be one of {', '.join(GAMES)}, got {quote(self.game)}")
        small, big = self.blinds
        whole(small, f"table {self.id!r}: small blind", minimum=1, error=ConfigError)
        whole(big, f"table {self.id!r}: big blind", minimum=small, error=ConfigError)
        whole(self.seats, f"table {self.id!r}: seats", minimum=2, maximum=MAX_SEATS, error=ConfigError)
        whole(self.min_buy_in, f"table {self.id!r}: min_buy_in", minimum=1, error=ConfigError)
        whole(self.max_buy_in, f"table {self.id!r}: max_buy_in (at least min_buy_in {self.min_buy_in} and the big "
                               f"blind {big}, so that a player can post it)", minimum=max(self.min_buy_in, big),
              error=ConfigError)
        finite(self.action_seconds, f"table {self.id!r}: action_seconds", positive=True, error=ConfigError)
        finite(self.time_bank_seconds, f"table {self.id!r}: time_bank_seconds", minimum=0, error=ConfigError)
        finite(self.time_bank_refill_seconds, f"table {self.id!r}: time_bank_refill_seconds", minimum=0,
               error=ConfigError)
        whole(self.max_timeouts, f"table {self.id!r}: max_timeouts", minimum=1, error=ConfigError)
        whole(self.bots, f"table {self.id!r}: bots", minimum=0, maximum=self.seats, allow_none=True, error=ConfigError)
        whole(self.runs, f"table {self.id!r}: runs", minimum=1, maximum=3, error=ConfigError)
        finite(self.rake_percent, f"table {self.id!r}: rake_percent", minimum=0, error=ConfigError)
        whole(self.rake_cap, f"table {self.id!r}: rake_cap", minimum=0, allow_none=True, error=ConfigError)
        flag(self.provably_fair, f"table {self.id!r}: provably_fair", error=ConfigError)
        flag(self.straddle, f"table {self.id!r}: straddle", error=ConfigError)
        self.schedule()  # the rules themselves must be valid

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
        betting: FixedLimit | PotLimit | NoLimit = (
            FixedLimit(big, 2 * big) if game == "limit" else PotLimit() if game == "pot-limit" else NoLimit())
        try:
            return Rules(betting, blinds=(small, big), rake=house_rake(self.rake_percent, self.rake_cap),
                         runs=self.runs)
        except EngineError as error:
            raise ConfigError(f"table {self.id!r}: {error}") from None

    def schedule(self) -> Schedule:
        """The table's game: Mixed Omaha for ``mixed``, else one fixed game."""
        if self.game == "mixed":
            return MixedOmaha(self.rules("limit"), self.rules("pot-limit"))
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

    def lobby(self) -> dict[str, Any]:
        """What the lobby says of this table."""
        return {"id": self.id, "title": self.title or self.id, "game": self.game, "blinds": list(self.blinds),
                "seats": self.seats, "buy_in": [self.min_buy_in, self.max_buy_in],
                "action_seconds": self.action_seconds, "time_bank_seconds": self.time_bank_seconds,
                "provably_fair": self.provably_fair, "straddle": self.straddle}


def _origins(value: Any) -> tuple[str, ...]:
    """``allowed_origins``: a list of origins as browsers send them (``https://example.com``, with a port
    when it is not the scheme's own), or ``"*"`` for any."""
    if isinstance(value, str) or not isinstance(value, (list, tuple)) or not all(
            isinstance(item, str) and (item == "*" or "://" in item) for item in value):
        raise ConfigError(f'allowed_origins is a list of origins such as "https://example.com" (or "*"), '
                          f"got {quote(value)}")
    return tuple(item.rstrip("/").lower() for item in value)


RULES_SETTINGS = ("runs", "rake_percent", "rake_cap")
"""The changeable settings that are part of the table's rules (its snapshot holds them): a ``settings`` event
changes them in the log (`engine.server.log`), so that replay deals every hand under the rules it was dealt."""
CHANGEABLE = ("title", "min_buy_in", "max_buy_in", "action_seconds", "time_bank_seconds", "time_bank_refill_seconds",
              "max_timeouts", "bots", "straddle", "provably_fair", *RULES_SETTINGS)
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
    games = schedule.games if isinstance(schedule, MixedOmaha) else (
        (schedule.rules,) if isinstance(schedule, FixedGame) else None)
    if games is None:
        raise ConfigError(f"a served table's game is one game or Mixed Omaha, got {type(schedule).__name__}")
    rake = games[0].rake
    percent = settings.get("rake_percent", rake.percent if rake is not None else 0)
    cap = settings.get("rake_cap", rake.cap if rake is not None else None)
    changed = [attrs.evolve(rules, rake=house_rake(percent, cap), runs=settings.get("runs", rules.runs))
               for rules in games]
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
    grace_seconds: float = _float(30.0)
    away_seconds: float = _float(300.0)
    pause_seconds: float = _float(4.0)
    max_message_bytes: int = 4096
    rate: float = _float(20.0)
    burst: int = 40
    send_queue_messages: int = 64
    send_queue_bytes: int = 262144
    ping_interval_seconds: float = _float(20.0)
    ping_timeout_seconds: float = _float(20.0)
    max_connections: int = 1000
    max_connections_per_address: int = 16
    allowed_origins: tuple[str, ...] = attrs.field(default=(), converter=_origins)

    def __attrs_post_init__(self) -> None:
        whole(self.port, "port", minimum=0, maximum=65535, error=ConfigError)
        whole(self.bots, "bots", minimum=0, maximum=10, error=ConfigError)
        ids = [table.id for table in self.tables]
        if len(set(ids)) != len(ids):
            raise ConfigError(f"table ids must be unique, got {ids}")
        for key in ("grace_seconds", "away_seconds", "pause_seconds"):
            finite(getattr(self, key), key, minimum=0, error=ConfigError)
        whole(self.max_message_bytes, "max_message_bytes", minimum=256, error=ConfigError)
        finite(self.rate, "rate", positive=True, error=ConfigError)
        whole(self.burst, "burst", minimum=1, error=ConfigError)
        whole(self.send_queue_messages, "send_queue_messages", minimum=4, error=ConfigError)
        whole(self.send_queue_bytes, "send_queue_bytes", minimum=65536, error=ConfigError)
        for key in ("ping_interval_seconds", "ping_timeout_seconds"):
            finite(getattr(self, key), key, positive=True, error=ConfigError)
        whole(self.max_connections, "max_connections", minimum=1, error=ConfigError)
        whole(self.max_connections_per_address, "max_connections_per_address", minimum=1, error=ConfigError)

    def table_bots(self, table: TableConfig) -> int:
        """How many bots to seat at a table: its own setting, else the server's, at most its seats."""
        return min(table.seats, self.bots if table.bots is None else table.bots)


def default_tables() -> tuple[TableConfig, ...]:
    """The four tables a server with no configuration serves: limit, pot limit, no limit and mixed."""
    return (
        TableConfig("limit", game="limit", title="Limit Omaha Hi-Lo 2/4"),
        TableConfig("pot-limit", game="pot-limit", title="Pot-Limit Omaha Hi-Lo 1/2"),
        TableConfig("no-limit", game="no-limit", title="No-Limit Omaha Hi-Lo 1/2"),
        TableConfig("mixed", game="mixed", title="Mixed Omaha Hi-Lo (limit 2/4, pot-limit 1/2)"),
    )


_TABLE_KEYS = {field.name for field in attrs.fields(TableConfig)} | {"buy_in"}
_SERVER_KEYS = {field.name for field in attrs.fields(ServerConfig)} - {"tables"}


def table_config(data: object) -> TableConfig:
    """A table from a TOML table / JSON object; ``buy_in = [min, max]`` is short for the two keys."""
    if not isinstance(data, dict):
        raise ConfigError(f"a table is a TOML table ([[tables]]), got {quote(data)}")
    unknown = set(data) - _TABLE_KEYS
    if unknown:
        raise ConfigError(f"unknown table keys {sorted(unknown)}; allowed: {sorted(_TABLE_KEYS)}")
    values = dict(data)
    if "buy_in" in values:
        buy_in = values.pop("buy_in")
        if not isinstance(buy_in, list) or len(buy_in) != 2:
            raise ConfigError(f"buy_in is [min, max], got {quote(buy_in)}")
        values["min_buy_in"], values["max_buy_in"] = buy_in
    if "blinds" in values:
        blinds = values["blinds"]
        if not isinstance(blinds, list) or len(blinds) != 2:
            raise ConfigError(f"blinds is [small, big], got {quote(blinds)}")
        values["blinds"] = tuple(blinds)
    if "id" not in values:
        raise ConfigError("every table needs an id")
    try:
        return TableConfig(**values)
    except TypeError as error:  # a wrong kind of value that attrs itself refused
        raise ConfigError(f"table {values.get('id')!r}: {error}") from None


DEFAULT_BOTS = 3  # bots at each built-in table when serve runs with no configuration file


def load_config(path: str | Path | None, **overrides: Any) -> ServerConfig:
    """The server configuration from a TOML file (None: the defaults), then the command line's overrides
    (only those not None). The file has a ``[server]`` table and ``[[tables]]`` entries."""
    values: dict[str, Any] = {}
    tables: tuple[TableConfig, ...] = ()
    if path is None:
        values["bots"] = DEFAULT_BOTS  # a first run with no file: the built-in tables, with somebody to play
    else:
        try:
            document = tomllib.loads(Path(path).read_text(encoding="utf-8"))
        except (OSError, tomllib.TOMLDecodeError, UnicodeDecodeError) as error:
            raise ConfigError(f"cannot read the configuration {str(path)!r}: {error}") from None
        unknown = set(document) - {"server", "tables"}
        if unknown:
            raise ConfigError(f"unknown sections {sorted(unknown)}; allowed: [server], [[tables]]")
        server = document.get("server", {})
        if not isinstance(server, dict) or set(server) - _SERVER_KEYS:
            raise ConfigError(f"[server] keys are {sorted(_SERVER_KEYS)}, got {quote(server)}")
        values.update(server)
        tables = tuple(table_config(item) for item in document.get("tables", []))
    values.update({key: value for key, value in overrides.items() if value is not None})
    try:
        return ServerConfig(tables=tables or default_tables(), **values)
    except TypeError as error:
        raise ConfigError(str(error)) from None


def add_serve_arguments(parser: Any) -> None:
    """The ``serve`` command's options (an argparse parser); kept here so the command line can list them
    without importing websockets."""
    parser.add_argument("--host", default=None, help="address to listen on (default 127.0.0.1)")
    parser.add_argument("--port", type=int, default=None, help="port for HTTP and the WebSocket (default 8765)")
    parser.add_argument("--db", default=None, help="SQLite file (default omaha.sqlite3) or postgresql:// URL")
    parser.add_argument("--bots", type=int, default=None,
                        help=f"built-in bots to seat at each table (default {DEFAULT_BOTS} without --config, else "
                             f"the file's, else 0)")
    parser.add_argument("--config", default=None, help="a TOML file: [server] options and [[tables]]")
