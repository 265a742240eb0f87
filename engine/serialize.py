"""JSON for servers: hand states, tables, actions, seat views, events, rules and results, to text and back.

Every document is one JSON object ``{"schema": "omaha-hilo-engine/1", "type": ..., ...}`` (docs/server-guide.md
lists the fields). A hand state is stored as its record, not its fields: the setup (rules, starting stacks,
button, forced bets, the deck) and the actions, each with the seat that took it. Loading replays that record
through the engine, so a document that was edited (chips that do not add up, a card twice in the deck, an
illegal action, a seat acting out of turn) fails with a `SerializationError` saying what is wrong, and
nothing is returned half-built. A ``now`` section (street, board, stacks, bets...) is written for people and
checked against the replay.

Everything is read strictly: unknown fields, missing fields, wrong types and other schema versions are refused.
A hand state's document holds the deck: it is for the server's storage, never for a player (send views).
"""

from __future__ import annotations

import json
import types
from collections.abc import Callable, Mapping, Sequence
from enum import StrEnum
from functools import partial
from typing import Any, TypeVar, cast, overload

import attrs
from attrs import AttrsInstance

from engine import events as ev
from engine.actions import Action, Bet, Call, Check, Fold, Muck, Raise, RunIt, Show, Verb
from engine.betting import FixedLimit, NoLimit, PotLimit
from engine.cards import ALL_CARDS, Card, Deck, format_cards, parse_cards
from engine.errors import EngineError, SerializationError
from engine.evaluation import HighHand, LowHand, best_high, best_low
from engine.games import LIMIT, NO_LIMIT, POT_LIMIT
from engine.rules import Post, PostKind, Rake, Rules, ShowdownPolicy
from engine.schedule import FixedGame, GameClock, Level, MixedOmaha, Schedule, TournamentSchedule
from engine.showdown import HandResult, Payout, Portion, PotResult, merged, shares_from_payouts
from engine.state import HandState, LegalActions, Street, restart_hand
from engine.table import Departure, HandInPlay, Player, Table, TableView
from engine.validate import finite, optional_finite, optional_whole, quote, whole
from engine.views import BurnedFaceDown, DealtFaceDown, SeatView, ViewEvent

SCHEMA = "omaha-hilo-engine/1"
T = TypeVar("T")
_Word = TypeVar("_Word", bound=StrEnum)
JSON = dict[str, Any]

_STREETS = {street: street.name.lower() for street in Street}
_STREET_NAMES = {name: street for street, name in _STREETS.items()}


# --- writing ------------------------------------------------------------------------------------------------


def to_json(obj: object, *, indent: int | None = None) -> str:
    """``obj`` as a JSON document: a HandState, Table, TableView, SeatView, action, event, Rules, HandResult or
    LegalActions."""
    optional_whole(indent, "indent (spaces; None: compact JSON)", minimum=0, maximum=16, error=SerializationError)
    kind, payload = _encode_top(obj)
    document = {"schema": SCHEMA, "type": kind, **payload}
    separators = (",", ":") if indent is None else None
    return json.dumps(document, indent=indent, separators=separators, ensure_ascii=False)


EventsCache = dict[int, tuple[object, str]]
"""Events already encoded, by identity: id(event) -> (the event, its JSON); holding the event keeps its id."""


def table_views_json(views: Sequence[TableView], events_cache: EventsCache | None = None) -> list[str]:
    """Each table view as its JSON document, equal to ``to_json(view)``, made for a server that tells every seat
    after each change (`Table.views`). Views of one moment share all but a few fields, so what they share is
    encoded once, as runs of JSON members, and each view adds its own; each event of the history is encoded
    once for all of them (they hold the same event objects: `HandState.events` carries them from state to
    state), and once for the whole hand when the caller keeps ``events_cache`` between calls (and empties it
    between hands). Views of different moments are encoded apart, so any views give the same text."""
    fragments: EventsCache = {} if events_cache is None else events_cache
    out = []
    template: _ViewTemplate | None = None
    for view in views:
        if not isinstance(view, TableView):
            raise SerializationError(f"table_views_json writes table views, got {quote(view)}")
        if template is None or not template.fits(view):
            template = _ViewTemplate(view)
        out.append(template.fill(view, fragments))
    return out


_DUMPS = partial(json.dumps, separators=(",", ":"), ensure_ascii=False)
_TABLE_VIEW_OWN = frozenset({"seat", "hand"})
_SEAT_VIEW_OWN = frozenset({"seat", "hole", "legal", "events", "result"})
_SEAT_VIEW_SHARED = tuple(
    field.name for field in attrs.fields(SeatView) if field.eq and field.name not in _SEAT_VIEW_OWN
)  # _replay is no part of a view's value


class _ViewTemplate:
    """A table view's document as pieces: runs of members every view of the same moment shares, already
    encoded, and the names of the fields each view fills in itself."""

    def __init__(self, view: TableView) -> None:
        self.view = view
        self.table = _pieces(_table_view(attrs.evolve(view, hand=None)), _TABLE_VIEW_OWN)
        hand = view.hand
        self.hand = (
            None
            if hand is None
            else _pieces({**_view(hand, events=False), "events": None, "result": None}, _SEAT_VIEW_OWN)
        )

    def fits(self, view: TableView) -> bool:
        """Whether ``view`` shares this template's shared fields (the same objects, as `Table.views` makes
        them, compare at once)."""
        mine, hand, other = self.view, self.view.hand, view.hand
        if (mine.seats, mine.button, mine.hand_seats) != (view.seats, view.button, view.hand_seats):
            return False
        if hand is None or other is None:
            return hand is other
        return all(getattr(hand, name) == getattr(other, name) for name in _SEAT_VIEW_SHARED)

    def fill(self, view: TableView, fragments: EventsCache) -> str:
        hand = view.hand
        hand_text = "null"
        if hand is not None and self.hand is not None:
            events = []
            for event in hand.events:
                known = fragments.get(id(event))
                if known is None or known[0] is not event:
                    known = fragments[id(event)] = (event, _DUMPS(_event(event)))
                events.append(known[1])
            hand_text = _join(
                self.hand,
                {
                    "seat": str(hand.seat),
                    "hole": _DUMPS(_cards(hand.hole)),
                    "legal": "null" if hand.legal is None else _DUMPS(_legal(hand.legal)),
                    "events": f"[{','.join(events)}]",
                    "result": "null" if hand.result is None else _DUMPS(_result(hand.result)),
                },
            )
        return _TABLE_VIEW_HEAD + _join(self.table, {"seat": str(view.seat), "hand": hand_text})[1:]


_TABLE_VIEW_HEAD = _DUMPS({"schema": SCHEMA, "type": "table_view"})[:-1] + ","


def _pieces(fields: JSON, own: frozenset[str]) -> list[str | tuple[str]]:
    """``fields`` in order: each run of fields not in ``own`` as its JSON members ("a":1,"b":2), each field in
    ``own`` as a one-name tuple to fill in."""
    pieces: list[str | tuple[str]] = []
    run: JSON = {}
    for name, value in fields.items():
        if name in own:
            if run:
                pieces.append(_DUMPS(run)[1:-1])
                run = {}
            pieces.append((name,))
        else:
            run[name] = value
    if run:
        pieces.append(_DUMPS(run)[1:-1])
    return pieces


def _join(pieces: list[str | tuple[str]], values: dict[str, str]) -> str:
    """A JSON object from `_pieces` and the JSON text of each field to fill in."""
    return (
        "{"
        + ",".join(piece if isinstance(piece, str) else f'"{piece[0]}":{values[piece[0]]}' for piece in pieces)
        + "}"
    )


def _encode_top(obj: object) -> tuple[str, JSON]:
    kind = _kind_of(obj)
    write = _WRITERS.get(kind)
    if write is None:
        raise SerializationError(
            f"to_json cannot write {type(obj).__name__} values such as {quote(obj)}; it writes "
            f"hand states, tables, table views, seat views, actions, events, rules, results and "
            f"legal actions"
        )
    return kind, write(obj)


def _members(obj: object, names: tuple[str, ...]) -> JSON:
    """``obj``'s attributes ``names`` as a document's members of the same names, in that order: the fields a
    writer copies as they are, each name said once (a tuple too: json writes it as an array). The writers of
    what the server sends after every action (`table_views_json`) write their members out instead: a call
    costs more than the member."""
    members = {}
    for name in names:  # a loop, not a comprehension: Python 3.11 makes each comprehension a function call
        members[name] = getattr(obj, name)
    return members


_CARD_TEXT = tuple(str(card) for card in ALL_CARDS)


def _cards(cards: Sequence[Card]) -> str:
    if all(type(card) is Card for card in cards):  # the engine's own cards, in range by construction
        return " ".join([_CARD_TEXT[card] for card in cards])
    return format_cards(cards)


_STRUCTURE_KEYS = {LIMIT: "fixed_limit", POT_LIMIT: "pot_limit", NO_LIMIT: "no_limit"}
"""The document's name of each structure (by its `name`); its attrs fields are written beside it."""


def _betting(rules: Rules) -> JSON:
    betting = rules.betting
    key = _STRUCTURE_KEYS.get(betting.name)
    if key is None:
        raise SerializationError(
            f"to_json cannot write the betting structure {type(betting).__name__} ({betting.name!r}): it writes "
            f"and reads back {', '.join(_STRUCTURE_KEYS)}"
        )
    return {"structure": key, **attrs.asdict(cast(AttrsInstance, betting))}


def _rules(rules: Rules) -> JSON:
    rake = rules.rake
    return {
        "betting": _betting(rules),
        "blinds": list(rules.blinds),
        "ante": rules.ante,
        "hole_cards": rules.hole_cards,
        "hi_lo": rules.hi_lo,
        "showdown": rules.showdown.value,
        "boards": rules.boards,
        "runs": rules.runs,
        "ask_runs": rules.ask_runs,
        "big_blind_ante": rules.big_blind_ante,
        "rake": None
        if rake is None
        else {
            "percent": str(rake.percent),
            "cap": rake.cap,
            "no_flop_no_drop": rake.no_flop_no_drop,
            "fixed": rake.fixed,
        },
    }


def _post(post: Post) -> JSON:
    return _members(post, ("seat", "kind", "amount"))


def _action(action: Action) -> JSON:
    if isinstance(action, (Bet, Raise)):
        return {"action": "bet" if isinstance(action, Bet) else "raise", "to": action.to}
    if isinstance(action, RunIt):
        return {"action": "run", "times": action.times}
    return {"action": str(action)}


def _hand(state: HandState) -> JSON:
    setup = state.setup
    actions = []
    replay = restart_hand(setup.rules, setup.starting_stacks, setup.button, setup.deck, setup.posts, setup.bomb_pot)
    for action in state.actions:
        assert replay.actor is not None, "a recorded action needs a player to act"
        actions.append({"seat": replay.actor, **_action(action)})
        replay = replay.apply(action)
    return {
        "rules": _rules(setup.rules),
        **_members(setup, ("button", "starting_stacks")),
        "posts": [_post(p) for p in setup.posts],
        "bomb_pot": setup.bomb_pot,
        "deck": _cards(setup.deck),
        "actions": actions,
        "now": _now(state),
    }


def _now(state: HandState) -> JSON:
    return {
        "street": _STREETS[state.street],
        "actor": state.actor,
        "board": _cards(state.board),
        "boards": [_cards(board) for board in state.boards],
        **_members(state, ("stacks", "bets", "pot_total")),
    }


def _player(player: Player | None) -> JSON | None:
    if player is None:
        return None
    return {
        "name": player.name,
        "stack": player.stack,
        "sitting_out": player.sitting_out,
        "waiting": player.waiting,
        "leaving": player.leaving,
        "owes_small": player.owes_small,
        "owes_big": player.owes_big,
        "post_missed": player.post_missed,
    }


def _schedule(schedule: Schedule) -> JSON:
    if isinstance(schedule, FixedGame):
        return {"kind": "fixed", "rules": _rules(schedule.rules)}
    if isinstance(schedule, MixedOmaha):
        return {
            "kind": "mixed_omaha",
            "limit_rules": _rules(schedule.limit_rules),
            "pot_limit_rules": _rules(schedule.pot_limit_rules),
        }
    return {"kind": "tournament", "levels": [_level(level) for level in schedule.levels]}


def _level(level: Level) -> JSON:
    written: JSON = {"rules": _rules(level.rules), **_members(level, ("hands", "minutes"))}
    if level.mixed_with is not None:  # written only when there is one: older documents read the same
        written["mixed_with"] = _rules(level.mixed_with)
    return written


def _table(table: Table) -> JSON:
    hand = table.hand
    return {
        "seats": [_player(p) for p in table.seats],
        "schedule": _schedule(table.schedule),
        **_members(table, ("button", "new_player_posts")),
        "clock": _members(table.clock, ("stage", "hands", "orbit", "since")),
        **_members(table, ("minutes", "hands_played")),
        "hand": None
        if hand is None
        else {
            **_members(hand, ("seats", "button")),
            "rules": _rules(hand.rules),
            "posts": [_post(p) for p in hand.posts],
            "deck": None if hand.deck is None else _cards(hand.deck),
        },
        "departed": [{"seat": d.seat, "player": _player(d.player), "reason": d.reason} for d in table.departed],
        **_members(table, ("keep_busted", "bought_in", "cashed_out", "rake_taken")),
    }


def _table_view(view: TableView) -> JSON:
    return {
        "seat": view.seat,
        "seats": [_player(p) for p in view.seats],
        "button": view.button,
        "hand_seats": list(view.hand_seats),
        "hand": None if view.hand is None else _view(view.hand),
    }


def _legal(legal: LegalActions) -> JSON:
    return legal._asdict()


def _result(result: HandResult) -> JSON:
    return {
        "pots": [_pot_result(p) for p in result.pots],
        "rake": result.rake,
        "net": list(result.net),
        "showdown": result.showdown,
        "boards": [_cards(board) for board in result.boards],
        "runs": result.runs,
    }


def _pot_result(pot: PotResult) -> JSON:
    return {
        "amount": pot.amount,
        "rake": pot.rake,
        "eligible": list(pot.eligible),
        "high_winners": list(pot.high_winners),
        "high_hand": None
        if pot.high_hand is None
        else {"name": pot.high_hand.name, "cards": _cards(pot.high_hand.cards)},
        "low_winners": list(pot.low_winners),
        "low_hand": None if pot.low_hand is None else {"name": pot.low_hand.name, "cards": _cards(pot.low_hand.cards)},
        "shares": [[seat, chips, str(portion)] for seat, chips, portion in pot.shares],
        "payouts": [[seat, chips] for seat, chips in pot.payouts],
        "pot": pot.pot,
        "board": pot.board,
    }


def _view(view: SeatView, *, events: bool = True) -> JSON:
    """The view's fields; without ``events``, its last two (events, result) are left out."""
    fields = {
        "seat": view.seat,
        "rules": _rules(view.rules),
        "button": view.button,
        "street": _STREETS[view.street],
        "hole": _cards(view.hole),
        "board": _cards(view.board),
        "boards": [_cards(b) for b in view.boards],
        "starting_stacks": list(view.starting_stacks),
        "stacks": list(view.stacks),
        "bets": list(view.bets),
        "contributed": list(view.contributed),
        "folded": list(view.folded),
        "all_in": list(view.all_in),
        "pots": [{"amount": p.amount, "eligible": list(p.eligible)} for p in view.pots],
        "pot_total": view.pot_total,
        "level": view.level,
        "actor": view.actor,
        "legal": None if view.legal is None else _legal(view.legal),
        "shown": [_cards(cards) for cards in view.shown],
        "mucked": list(view.mucked),
    }
    if events:
        fields["events"] = [_event(e) for e in view.events]
        fields["result"] = None if view.result is None else _result(view.result)
    return fields


_EVENT_TYPES = (
    ev.Posted,
    ev.HoleDealt,
    DealtFaceDown,
    ev.Burned,
    BurnedFaceDown,
    ev.BoardDealt,
    ev.Acted,
    ev.BetReturned,
    ev.Shown,
    ev.Mucked,
    ev.RakeTaken,
    ev.PotAwarded,
    ev.RunChosen,
)


def _event(event: ViewEvent | ev.Burned) -> JSON:
    if isinstance(event, ev.Posted):
        return {
            "event": "posted",
            "seat": event.seat,
            "kind": event.kind,
            "amount": event.amount,
            "all_in": event.all_in,
        }
    if isinstance(event, ev.HoleDealt):
        return {"event": "hole_dealt", "seat": event.seat, "cards": _cards(event.cards)}
    if isinstance(event, DealtFaceDown):
        return {"event": "dealt_face_down", "seat": event.seat, "count": event.count}
    if isinstance(event, ev.Burned):
        return {"event": "burned", "card": str(event.card)}
    if isinstance(event, BurnedFaceDown):
        return {"event": "burned_face_down"}
    if isinstance(event, ev.BoardDealt):
        return {
            "event": "board_dealt",
            "street": _STREETS[Street(event.street)],
            "cards": _cards(event.cards),
            "board": event.board,
        }
    if isinstance(event, ev.Acted):
        return {
            "event": "acted",
            "seat": event.seat,
            "action": event.action,
            "to": event.to,
            "added": event.added,
            "all_in": event.all_in,
        }
    if isinstance(event, ev.BetReturned):
        return {"event": "bet_returned", "seat": event.seat, "amount": event.amount}
    if isinstance(event, ev.Shown):
        return {"event": "shown", "seat": event.seat, "cards": _cards(event.cards)}
    if isinstance(event, ev.Mucked):
        return {"event": "mucked", "seat": event.seat}
    if isinstance(event, ev.RakeTaken):
        return {"event": "rake_taken", "amount": event.amount}
    if isinstance(event, ev.RunChosen):
        return {"event": "run_chosen", "seat": event.seat, "times": event.times}
    return {
        "event": "pot_awarded",
        "pot": event.pot,
        "seat": event.seat,
        "amount": event.amount,
        "share": event.share,
        "board": event.board,
    }


_WRITERS: dict[str, Callable[[Any], JSON]] = {
    "hand": _hand,
    "table": _table,
    "table_view": _table_view,
    "seat_view": _view,
    "rules": _rules,
    "result": _result,
    "legal_actions": _legal,
    "action": _action,
    "event": _event,
}
"""How `to_json` writes each document type (`_kind_of` names an object's type; `_READERS` reads them back)."""


# --- reading ------------------------------------------------------------------------------------------------


@overload
def from_json(text: str | bytes) -> Any: ...


@overload
def from_json(text: str | bytes, expected: type[T]) -> T: ...


def from_json(text: str | bytes, expected: type[Any] | None = None) -> Any:
    """The value a `to_json` document holds, rebuilt and checked (a hand state by replaying its record).

    With ``expected`` (e.g. ``HandState``), a document holding anything else is refused. ``expected`` is one of
    the classes `to_json` writes, `Action` or one action class, or an event class. With an action kind the
    short form a client sends, ``{"action": "raise", "to": 8}`` without ``schema`` and ``type``, is read too
    (see `action_from_json`). Raises `SerializationError` for anything malformed, of another schema, or
    inconsistent; never returns a part.
    """
    wanted = _expected_kinds(expected)
    document = _load(text)
    if wanted == {"action"} and "schema" not in document and "type" not in document:
        value = _read_top("action", document)
    else:
        value = _read_document(document)
    if expected is not None and not isinstance(value, expected):
        raise SerializationError(f"expected {_describe(expected)} document, got a {_kind_of(value)!r} document")
    return value


def action_from_json(document: str | bytes | Mapping[str, object]) -> Action:
    """The action a client sent: JSON text or an already parsed object, in the short form
    ``{"action": "raise", "to": 8}`` (``"fold"``, ``"check"``, ``"call"``, ``"bet"``/``"raise"`` with ``to``,
    ``"run"`` with ``times``, ``"show"``, ``"muck"``) or the full form `to_json` writes (with ``schema`` and
    ``type``). Only the legality is left to `HandState.apply`; anything else wrong is a SerializationError."""
    if isinstance(document, Mapping):
        body = dict(document)
    elif isinstance(document, (str, bytes, bytearray)):
        body = _load(document)
    else:
        raise SerializationError(f"an action document is JSON text or an object, got {quote(document)}")
    kind = body.pop("type", "action")
    if kind != "action":
        raise SerializationError(f"expected an action document, got a {quote(kind)} document")
    schema = body.pop("schema", SCHEMA)
    if schema != SCHEMA:
        raise SerializationError(f"unsupported schema {quote(schema)}; this engine reads {SCHEMA!r}")
    value = _read_top("action", body)
    assert isinstance(value, _ACTION_CLASSES)
    return value


def _load(text: object) -> dict[str, Any]:
    """The JSON object in ``text``; a SerializationError for anything that is not one."""
    if not isinstance(text, (str, bytes, bytearray)):
        raise SerializationError(f"a document is JSON text (str or bytes), got {quote(text)}")
    try:
        document = json.loads(text, parse_constant=_no_constant)
    except SerializationError:
        raise
    except (ValueError, TypeError, RecursionError) as exc:
        raise SerializationError(f"not a JSON document: {quote(str(exc))[1:-1]}") from None
    if not isinstance(document, dict):
        raise SerializationError(f"a document is a JSON object, got {type(document).__name__}")
    return document


def _read_document(document: dict[str, Any]) -> object:
    schema = document.get("schema")
    if schema != SCHEMA:
        raise SerializationError(f"unsupported schema {quote(schema)}; this engine reads {SCHEMA!r}")
    kind = document.get("type")
    if kind in ("tournament", "tournament_event") and kind not in _READERS:
        import engine.tournament  # noqa: F401  (a layer above this one: it registers its documents on import)
    reader = _READERS.get(kind) if isinstance(kind, str) else None
    if reader is None or not isinstance(kind, str):
        raise SerializationError(f"unknown document type {quote(kind)}; types are {', '.join(sorted(_READERS))}")
    body = {k: v for k, v in document.items() if k not in ("schema", "type")}
    return _read_top(kind, body)


def _read_top(kind: str, body: dict[str, Any]) -> object:
    try:
        return _READERS[kind](_ObjectReader(body, kind))
    except SerializationError:
        raise
    except EngineError as exc:
        raise SerializationError(f"{kind}: {exc}") from exc


_ACTION_CLASSES = (Fold, Check, Call, Bet, Raise, Show, Muck, RunIt)
_KINDS: dict[type, str] = {
    HandState: "hand",
    Table: "table",
    TableView: "table_view",
    SeatView: "seat_view",
    Rules: "rules",
    HandResult: "result",
    LegalActions: "legal_actions",
}


def _expected_kinds(expected: object) -> set[str] | None:
    """The document types ``expected`` allows (None: any), or a SerializationError naming what may be given."""
    if expected is None:
        return None
    members = expected.__args__ if isinstance(expected, types.UnionType) else (expected,)
    kinds: set[str] = set()
    for member in members:
        if not isinstance(member, type):
            kinds.clear()
            break
        if member in _KINDS:
            kinds.add(_KINDS[member])
        elif member in _ACTION_CLASSES:
            kinds.add("action")
        elif member in _EVENT_TYPES:
            kinds.add("event")
        else:
            kinds.clear()
            break
    if not kinds:
        raise SerializationError(
            f"from_json reads into HandState, Table, TableView, SeatView, Rules, HandResult, LegalActions, Action "
            f"(or one action class such as Raise), or an event class (or a union of these); got {quote(expected)}"
        )
    return kinds


def _describe(expected: object) -> str:
    if expected == Action:
        return "an action"
    if isinstance(expected, types.UnionType):
        return "a " + " or ".join(member.__name__ for member in expected.__args__)
    return f"a {getattr(expected, '__name__', expected)}"


def _kind_of(value: object) -> str:
    if isinstance(value, _ACTION_CLASSES):
        return "action"
    if isinstance(value, _EVENT_TYPES):
        return "event"
    # by the class or the nearest base it has in _KINDS: a subclass (engine.bots.view's lazy SeatView) is written
    # as its base
    return next((_KINDS[cls] for cls in type(value).__mro__ if cls in _KINDS), type(value).__name__)


def _no_constant(name: str) -> None:
    raise SerializationError(f"{name} is not a number JSON allows")


class _ObjectReader:
    """A JSON object being read: each field is taken once, with its type checked; unknown fields are refused.
    ``path`` names where the object sits in the document, for error messages."""

    def __init__(self, data: object, path: str) -> None:
        if not isinstance(data, dict):
            raise SerializationError(f"{path}: expected an object, got {quote(data)}")
        self.data: dict[str, object] = data
        self.path = path
        self.read: set[str] = set()

    def raw(self, key: str) -> object:
        if key not in self.data:
            raise SerializationError(f"{self.path}: the field {quote(key)} is missing")
        self.read.add(key)
        return self.data[key]

    def has(self, key: str) -> bool:
        """Whether the optional ``key`` is present (fields added since the schema began are optional, so
        documents written before them still read)."""
        return key in self.data

    def where(self, key: str) -> str:
        return f"{self.path}.{key}"

    def integer(self, key: str, minimum: int | None = 0) -> int:
        return whole(self.raw(key), self.where(key), minimum=minimum, error=SerializationError)

    def integers(self, *keys: str) -> tuple[int, ...]:
        """The whole-number fields ``keys`` (each >= 0), read in that order; `ints` reads one field's list."""
        return tuple(self.integer(key) for key in keys)

    def opt_int(self, key: str, minimum: int | None = 0) -> int | None:
        return optional_whole(self.raw(key), self.where(key), minimum=minimum, error=SerializationError)

    def number(self, key: str) -> float:
        """A finite number (JSON's 1e999 reads as infinity, 10**400 is too large for a float: both refused)."""
        return finite(self.raw(key), self.where(key), error=SerializationError)

    def opt_number(self, key: str) -> float | None:
        return optional_finite(self.raw(key), self.where(key), error=SerializationError)

    def flag(self, key: str) -> bool:
        return _json_flag(self.raw(key), self.where(key))

    def text(self, key: str) -> str:
        value = self.raw(key)
        if not isinstance(value, str):
            raise SerializationError(f"{self.where(key)}: expected a string, got {quote(value)}")
        return value

    def cards(self, key: str) -> tuple[Card, ...]:
        text = self.text(key)
        try:
            return parse_cards(text)
        except EngineError as exc:
            raise SerializationError(f"{self.where(key)}: {exc}") from None

    def items(self, key: str) -> list[object]:
        value = self.raw(key)
        if not isinstance(value, list):
            raise SerializationError(f"{self.where(key)}: expected a list, got {quote(value)}")
        return value

    def ints(self, key: str, minimum: int | None = 0) -> tuple[int, ...]:
        return tuple(
            whole(v, f"{self.where(key)}[{i}]", minimum=minimum, error=SerializationError)
            for i, v in enumerate(self.items(key))
        )

    def flags(self, key: str) -> tuple[bool, ...]:
        return tuple(_json_flag(v, f"{self.where(key)}[{i}]") for i, v in enumerate(self.items(key)))

    def obj(self, key: str) -> _ObjectReader:
        return _ObjectReader(self.raw(key), self.where(key))

    def opt_obj(self, key: str) -> _ObjectReader | None:
        value = self.raw(key)
        return None if value is None else _ObjectReader(value, self.where(key))

    def objs(self, key: str) -> list[_ObjectReader]:
        return [_ObjectReader(v, f"{self.where(key)}[{i}]") for i, v in enumerate(self.items(key))]

    def done(self) -> None:
        extra = sorted(set(self.data) - self.read)
        if extra:
            raise SerializationError(f"{self.path}: unexpected field {quote(extra[0])}")


def _json_flag(value: object, where: str) -> bool:
    # JSON's words (true, false), not validate.flag's Python ones (True, False): the reader of this message is
    # looking at a JSON document.
    if not isinstance(value, bool):
        raise SerializationError(f"{where}: expected true or false, got {quote(value)}")
    return value


def _build(where: str, make: Callable[[], T]) -> T:
    """Call a constructor, turning the engine's own checks into SerializationErrors that say where."""
    try:
        return make()
    except SerializationError:
        raise
    except EngineError as exc:
        raise SerializationError(f"{where}: {exc}") from exc


def _read_rules(o: _ObjectReader) -> Rules:
    b = o.obj("betting")
    structure = b.text("structure")
    betting: FixedLimit | PotLimit | NoLimit
    if structure == "fixed_limit":
        small, big, raises = b.integers("small_bet", "big_bet", "max_raises")
        uncapped = b.flag("uncapped_heads_up")
        betting = _build(b.path, lambda: FixedLimit(small, big, raises, uncapped))
    elif structure in ("pot_limit", "no_limit"):
        betting = PotLimit() if structure == "pot_limit" else NoLimit()
    else:
        raise SerializationError(
            f"{b.where('structure')}: expected one of {', '.join(_STRUCTURE_KEYS.values())}, got {quote(structure)}"
        )
    b.done()
    rake = None
    r = o.opt_obj("rake")
    if r is not None:
        # The percent stays text: Rake reads decimal text exactly and refuses what is no number from 0 to 100.
        percent = r.text("percent")
        cap, no_flop, fixed = r.opt_int("cap"), r.flag("no_flop_no_drop"), r.opt_int("fixed")
        r.done()
        rake = _build(r.path, lambda: Rake(percent, cap, no_flop, fixed))
    showdown = o.text("showdown")
    policies = {p.value: p for p in ShowdownPolicy}
    if showdown not in policies:
        raise SerializationError(f"{o.where('showdown')}: expected one of {', '.join(policies)}, got {quote(showdown)}")
    blinds, ante, hole_cards, hi_lo = o.ints("blinds"), o.integer("ante"), o.integer("hole_cards"), o.flag("hi_lo")
    boards = o.integer("boards") if o.has("boards") else 1
    runs = o.integer("runs") if o.has("runs") else 1
    ask_runs = o.flag("ask_runs") if o.has("ask_runs") else True
    big_blind_ante = o.flag("big_blind_ante") if o.has("big_blind_ante") else False
    o.done()
    return _build(
        o.path,
        lambda: Rules(
            betting, blinds, ante, hole_cards, hi_lo, rake, policies[showdown], boards, runs, ask_runs, big_blind_ante
        ),
    )


def _read_post(o: _ObjectReader) -> Post:
    seat, kind, amount = o.integer("seat"), o.text("kind"), o.integer("amount")
    o.done()
    return _build(o.path, lambda: Post(seat, kind, amount))


_SIMPLE_ACTIONS: dict[str, Action] = {"fold": Fold(), "check": Check(), "call": Call(), "show": Show(), "muck": Muck()}


def _read_action(o: _ObjectReader) -> Action:
    name = o.text("action")
    if name in _SIMPLE_ACTIONS:
        o.done()
        return _SIMPLE_ACTIONS[name]
    if name in ("bet", "raise"):
        to = o.integer("to", minimum=1)
        o.done()
        return Bet(to) if name == "bet" else Raise(to)
    if name == "run":
        times = o.integer("times", minimum=1)
        o.done()
        return _build(o.path, lambda: RunIt(times))
    raise SerializationError(
        f"{o.where('action')}: expected fold, check, call, bet, raise, show, muck or run, got {quote(name)}"
    )


def _street(o: _ObjectReader, key: str) -> Street:
    name = o.text(key)
    if name not in _STREET_NAMES:
        raise SerializationError(f"{o.where(key)}: expected one of {', '.join(_STREET_NAMES)}, got {quote(name)}")
    return _STREET_NAMES[name]


def _word(o: _ObjectReader, key: str, words: type[_Word]) -> _Word:
    """One of the words of the `StrEnum` ``words`` (a post's kind, an action's verb)."""
    text = o.text(key)
    if text not in words.__members__.values():
        raise SerializationError(f"{o.where(key)}: expected one of {', '.join(words)}, got {quote(text)}")
    return words(text)


def _read_hand(o: _ObjectReader) -> HandState:
    rules = _read_rules(o.obj("rules"))
    button, stacks = o.integer("button"), o.ints("starting_stacks")
    posts = tuple(_read_post(p) for p in o.objs("posts"))
    bomb_pot = o.integer("bomb_pot") if o.has("bomb_pot") else 0
    deck = Deck.ordered(o.cards("deck"))
    state = _build(o.path, lambda: restart_hand(rules, stacks, button, deck, posts, bomb_pot))
    if state.setup.posts != posts:
        raise SerializationError(
            f"{o.where('posts')}: a bomb pot's posts are one ante of {bomb_pot} from each "
            f"player; the document lists others"
        )
    for step in o.objs("actions"):
        seat = step.integer("seat")
        action = _read_action(step)
        try:
            state = state.apply(action, seat=seat)
        except EngineError as exc:
            raise SerializationError(f"{step.path} (seat {seat}: {action}): {exc}") from None
    now = o.obj("now")
    claimed: JSON = {
        "street": _street(now, "street"),
        "actor": now.opt_int("actor"),
        "board": now.cards("board"),
        "stacks": now.ints("stacks"),
        "bets": now.ints("bets"),
        "pot_total": now.integer("pot_total"),
    }
    if now.has("boards"):
        claimed["boards"] = _read_boards(now, "boards")
    now.done()
    o.done()
    actual: JSON = {
        "street": state.street,
        "actor": state.actor,
        "board": state.board,
        "stacks": state.stacks,
        "bets": state.bets,
        "pot_total": state.pot_total,
        "boards": state.boards,
    }
    for key, value in claimed.items():
        if value != actual[key]:
            raise SerializationError(
                f"{now.where(key)}: the document says {_show(value)}, but replaying its actions "
                f"gives {_show(actual[key])}; the document was changed or is corrupt"
            )
    return state


def _read_boards(o: _ObjectReader, key: str) -> tuple[tuple[Card, ...], ...]:
    boards = []
    for i, text in enumerate(o.items(key)):
        if not isinstance(text, str):
            raise SerializationError(f"{o.where(key)}[{i}]: expected cards in a string, got {quote(text)}")
        boards.append(_build(f"{o.where(key)}[{i}]", partial(parse_cards, text)))
    return tuple(boards)


def _show(value: object) -> str:
    if isinstance(value, Street):
        return _STREETS[value]
    if isinstance(value, tuple) and value and isinstance(value[0], Card):
        return format_cards(value)
    return repr(value)


def _read_player(o: _ObjectReader) -> Player:
    name, stack = o.text("name"), o.integer("stack")
    flags = o.flag("sitting_out"), o.flag("waiting"), o.flag("leaving")
    # Missed blinds came later: a document written before them has none of these fields, and owes nothing.
    owed = tuple(o.flag(key) if key in o.data else False for key in ("owes_small", "owes_big", "post_missed"))
    o.done()
    return _build(o.path, lambda: Player(name, stack, *flags, *owed))


def _read_seats(o: _ObjectReader, key: str) -> tuple[Player | None, ...]:
    return tuple(
        None if v is None else _read_player(_ObjectReader(v, f"{o.where(key)}[{i}]"))
        for i, v in enumerate(o.items(key))
    )


def _read_schedule(o: _ObjectReader) -> Schedule:
    kind = o.text("kind")
    schedule: Schedule
    if kind == "fixed":
        rules = _read_rules(o.obj("rules"))
        schedule = _build(o.path, lambda: FixedGame(rules))
    elif kind == "mixed_omaha":
        limit, pot_limit = _read_rules(o.obj("limit_rules")), _read_rules(o.obj("pot_limit_rules"))
        schedule = _build(o.path, lambda: MixedOmaha(limit, pot_limit))
    elif kind == "tournament":
        levels = []
        for lo in o.objs("levels"):
            level_rules, hands, minutes = _read_rules(lo.obj("rules")), lo.opt_int("hands"), lo.opt_number("minutes")
            mixed = lo.opt_obj("mixed_with") if lo.has("mixed_with") else None
            mixed_with = None if mixed is None else _read_rules(mixed)
            lo.done()
            levels.append(_build(lo.path, partial(Level, level_rules, hands, minutes, mixed_with)))
        schedule = _build(o.path, lambda: TournamentSchedule(levels))
    else:
        raise SerializationError(f"{o.where('kind')}: expected fixed, mixed_omaha or tournament, got {quote(kind)}")
    o.done()
    return schedule


def _read_table(o: _ObjectReader) -> Table:
    seats = _read_seats(o, "seats")
    schedule = _read_schedule(o.obj("schedule"))
    c = o.obj("clock")
    stage, hands, orbit = c.integers("stage", "hands", "orbit")
    since = c.number("since")
    c.done()
    clock = _build(c.path, lambda: GameClock(stage, hands, orbit, since))
    hand = None
    h = o.opt_obj("hand")
    if h is not None:
        hand_seats, hand_button = h.ints("seats"), h.integer("button")
        hand_rules, hand_posts = _read_rules(h.obj("rules")), tuple(_read_post(p) for p in h.objs("posts"))
        # The deck came later: a table saved before it recognises its hand by the setup alone.
        hand_deck = h.cards("deck") if h.has("deck") and h.data["deck"] is not None else None
        h.read.add("deck")
        h.done()
        hand = _build(h.path, partial(HandInPlay, hand_seats, hand_button, hand_rules, hand_posts, hand_deck))
    departed = []
    for d in o.objs("departed"):
        seat, player, reason = d.integer("seat"), _read_player(d.obj("player")), d.text("reason")
        d.done()
        departed.append(_build(d.path, partial(Departure, seat, player, reason)))
    button, posting, minutes, played = (
        o.integer("button"),
        o.flag("new_player_posts"),
        o.number("minutes"),
        o.integer("hands_played"),
    )
    # The ledger and keep_busted came later: a document without them gets the defaults (the seated chips bought in).
    ledger = {key: o.integer(key) for key in ("bought_in", "cashed_out", "rake_taken") if o.has(key)}
    keep_busted = o.flag("keep_busted") if o.has("keep_busted") else False
    o.done()
    return _build(
        o.path,
        lambda: Table(seats, schedule, button, posting, clock, minutes, played, hand, departed, keep_busted, **ledger),
    )


def _read_legal(o: _ObjectReader) -> LegalActions:
    seat, fold, check, call = o.integer("seat"), o.flag("fold"), o.flag("check"), o.integer("call")
    wager = o.raw("wager")  # None, "bet" or "raise": LegalActions checks it, with how it fits the rest
    min_to, max_to, show, muck = o.integer("min_to"), o.integer("max_to"), o.flag("show"), o.flag("muck")
    runs = o.integer("runs") if o.has("runs") else 0
    o.done()
    return LegalActions(seat, fold, check, call, wager, min_to, max_to, show, muck, runs)  # type: ignore[arg-type]


def _read_high(o: _ObjectReader) -> HighHand:
    cards, name = o.cards("cards"), o.text("name")
    o.done()
    if len(cards) != 5:
        raise SerializationError(f"{o.where('cards')}: a hand has five cards, got {len(cards)}")
    hand = best_high(cards[:2], cards[2:])
    if hand.name != name:
        raise SerializationError(f"{o.path}: the cards {format_cards(cards)} make {hand.name!r}, not {quote(name)}")
    return HighHand(hand.value, cards)


def _read_low(o: _ObjectReader) -> LowHand:
    cards, name = o.cards("cards"), o.text("name")
    o.done()
    low = best_low(cards[:2], cards[2:]) if len(cards) == 5 else None
    if low is None or low.name != name:
        raise SerializationError(f"{o.path}: the cards {format_cards(cards)} are not the low {quote(name)}")
    return LowHand(low.value, cards)


def _read_payouts(p: _ObjectReader) -> tuple[tuple[int, int], ...]:
    payouts = []
    for i, pair in enumerate(p.items("payouts")):
        where = f"{p.where('payouts')}[{i}]"
        if not (isinstance(pair, list) and len(pair) == 2):
            raise SerializationError(f"{where}: expected [seat, chips], got {quote(pair)}")
        seat = whole(pair[0], f"{where}[0]", minimum=0, error=SerializationError)
        payouts.append((seat, whole(pair[1], f"{where}[1]", minimum=0, error=SerializationError)))
    return tuple(payouts)


def _read_shares(p: _ObjectReader) -> tuple[Payout, ...]:
    shares = []
    for i, item in enumerate(p.items("shares")):
        where = f"{p.where('shares')}[{i}]"
        if not (isinstance(item, list) and len(item) == 3 and isinstance(item[2], str) and item[2] in _PORTIONS):
            raise SerializationError(
                f"{where}: expected [seat, chips, portion] (portion one of {', '.join(_PORTIONS)}), got {quote(item)}"
            )
        seat = whole(item[0], f"{where}[0]", minimum=0, error=SerializationError)
        chips = whole(item[1], f"{where}[1]", minimum=0, error=SerializationError)
        shares.append(Payout(seat, chips, _PORTIONS[item[2]]))
    return tuple(shares)


_PORTIONS = {str(portion): portion for portion in Portion}


def _read_result(o: _ObjectReader) -> HandResult:
    showdown = o.flag("showdown")
    pots = []
    for p in o.objs("pots"):
        amount, rake = p.integers("amount", "rake")
        eligible, high_winners = p.ints("eligible"), p.ints("high_winners")
        hh, lh = p.opt_obj("high_hand"), p.opt_obj("low_hand")
        low_winners = p.ints("low_winners")
        payouts = _read_payouts(p)
        if p.has("shares"):
            shares = _read_shares(p)
            if merged(shares) != payouts:
                raise SerializationError(
                    f"{p.where('payouts')}: {quote([list(paid) for paid in payouts])} is not the shares "
                    f"merged per seat ({quote([list(paid) for paid in merged(shares)])})"
                )
        else:  # saved before results kept their halves: the halves are shared again as the engine shares them
            uncontested = not showdown or len(eligible) == 1
            found = shares_from_payouts(amount, high_winners, low_winners, payouts, uncontested)
            if found is None:
                raise SerializationError(
                    f"{p.where('payouts')}: {quote([list(paid) for paid in payouts])} is not a split of "
                    f"{amount} between the high winners {quote(list(high_winners))} and the low winners "
                    f"{quote(list(low_winners))}"
                )
            shares = found
        index = p.integer("pot") if p.has("pot") else 0
        board = p.integer("board") if p.has("board") else 0
        p.done()
        pots.append(
            PotResult(
                amount,
                rake,
                eligible,
                high_winners,
                None if hh is None else _read_high(hh),
                low_winners,
                None if lh is None else _read_low(lh),
                shares,
                index,
                board,
            )
        )
    rake, net = o.integer("rake"), o.ints("net", minimum=None)
    boards = _read_boards(o, "boards") if o.has("boards") else ()
    runs = o.integer("runs", minimum=1) if o.has("runs") else 1
    o.done()
    return HandResult(tuple(pots), rake, net, showdown, boards, runs)


def _read_event(o: _ObjectReader) -> ViewEvent | ev.Burned:
    name = o.text("event")
    event: ViewEvent | ev.Burned
    if name == "posted":
        event = ev.Posted(o.integer("seat"), _word(o, "kind", PostKind), o.integer("amount"), o.flag("all_in"))
    elif name == "hole_dealt":
        event = ev.HoleDealt(o.integer("seat"), o.cards("cards"))
    elif name == "dealt_face_down":
        event = DealtFaceDown(o.integer("seat"), o.integer("count"))
    elif name == "burned":
        cards = o.cards("card")
        if len(cards) != 1:
            raise SerializationError(f"{o.where('card')}: expected one card, got {len(cards)}")
        event = ev.Burned(cards[0])
    elif name == "burned_face_down":
        event = BurnedFaceDown()
    elif name == "board_dealt":
        event = ev.BoardDealt(_street(o, "street"), o.cards("cards"), o.integer("board") if o.has("board") else 0)
    elif name == "acted":
        event = ev.Acted(
            o.integer("seat"), _word(o, "action", Verb), o.integer("to"), o.integer("added"), o.flag("all_in")
        )
    elif name == "bet_returned":
        event = ev.BetReturned(o.integer("seat"), o.integer("amount"))
    elif name == "shown":
        event = ev.Shown(o.integer("seat"), o.cards("cards"))
    elif name == "mucked":
        event = ev.Mucked(o.integer("seat"))
    elif name == "rake_taken":
        event = ev.RakeTaken(o.integer("amount"))
    elif name == "pot_awarded":
        event = ev.PotAwarded(
            o.integer("pot"),
            o.integer("seat"),
            o.integer("amount"),
            o.text("share"),
            o.integer("board") if o.has("board") else 0,
        )
    elif name == "run_chosen":
        event = ev.RunChosen(o.integer("seat"), o.integer("times", minimum=1))
    else:
        raise SerializationError(f"{o.where('event')}: unknown event {quote(name)}")
    o.done()
    return event


def _read_view(o: _ObjectReader) -> SeatView:
    """A seat view's document. Its ``all_in`` and ``pots`` (written for readers: the view works them out from
    the chips) may be left out; when given they are checked against what the chips make."""
    rules = _read_rules(o.obj("rules"))
    legal = o.opt_obj("legal")
    result = o.opt_obj("result")
    shown = []
    for i, text in enumerate(o.items("shown")):
        if not isinstance(text, str):
            raise SerializationError(f"{o.where('shown')}[{i}]: expected cards in a string, got {quote(text)}")
        shown.append(_build(f"{o.where('shown')}[{i}]", partial(parse_cards, text)))
    events: list[ViewEvent] = []
    for e in o.objs("events"):
        event = _read_event(e)
        if isinstance(event, ev.Burned):
            raise SerializationError(f"{e.path}: a seat view never holds a burn card")
        events.append(event)
    view = SeatView(
        seat=o.integer("seat", minimum=-1),
        rules=rules,
        button=o.integer("button"),
        street=_street(o, "street"),
        hole=o.cards("hole"),
        board=o.cards("board"),
        boards=_read_boards(o, "boards") if o.has("boards") else (o.cards("board"),),
        starting_stacks=o.ints("starting_stacks"),
        stacks=o.ints("stacks"),
        bets=o.ints("bets"),
        contributed=o.ints("contributed"),
        folded=o.flags("folded"),
        pot_total=o.integer("pot_total"),
        level=o.integer("level"),
        actor=o.opt_int("actor"),
        legal=None if legal is None else _read_legal(legal),
        shown=tuple(shown),
        mucked=o.flags("mucked"),
        events=tuple(events),
        result=None if result is None else _read_result(result),
    )
    if o.has("all_in") and (given_all_in := o.flags("all_in")) != view.all_in:
        raise SerializationError(
            f"{o.where('all_in')}: {quote(list(given_all_in))} does not match the chips, by "
            f"which the seats still in with no chips behind are {quote(list(view.all_in))}"
        )
    if o.has("pots"):
        given = []
        for p in o.objs("pots"):
            given.append((p.integer("amount"), p.ints("eligible")))
            p.done()
        made = [(pot.amount, pot.eligible) for pot in view.pots]
        if given != made:
            raise SerializationError(
                f"{o.where('pots')}: {quote(given)} (amount, eligible) does not match the "
                f"chips, which make {quote(made)}"
            )
    o.done()
    return view


def _read_table_view(o: _ObjectReader) -> TableView:
    hand = o.opt_obj("hand")
    view = TableView(
        o.integer("seat", minimum=-1),
        _read_seats(o, "seats"),
        o.integer("button"),
        o.ints("hand_seats"),
        None if hand is None else _read_view(hand),
    )
    o.done()
    return view


_READERS: dict[str, Callable[[_ObjectReader], object]] = {
    "hand": _read_hand,
    "table": _read_table,
    "table_view": _read_table_view,
    "seat_view": _read_view,
    "rules": _read_rules,
    "result": _read_result,
    "legal_actions": _read_legal,
    "action": _read_action,
    "event": _read_event,
}


def register_document(
    kind: str, classes: tuple[type, ...], write: Callable[[Any], JSON], read: Callable[[_ObjectReader], object]
) -> None:
    """Teach `to_json` and `from_json` a document type of a layer above this module (engine.tournament): values
    of ``classes`` are written by ``write`` as documents of type ``kind`` and read back by ``read``, with the
    same schema, strictness and errors as every other document."""
    _WRITERS[kind] = write
    _READERS[kind] = read
    for cls in classes:
        _KINDS[cls] = kind
