"""Tournaments and their events as JSON documents, through `engine.to_json` / `engine.from_json` like tables
(types "tournament" and "tournament_event"). A tournament's document holds each table's document body, its
entries, places and level clock; reading one rebuilds every table with its checks and then checks the
tournament's invariants (`Tournament.check`), so a document whose chips or places do not add up is refused."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import attrs

from engine import serialize as ser
from engine.errors import SerializationError
from engine.schedule import Level
from engine.tournament import events as ev
from engine.tournament.core import Entry, Pending, Tournament
from engine.tournament.payouts import Percent
from engine.tournament.structure import Structure
from engine.validate import quote

JSON = dict[str, Any]


def _percent(value: Percent) -> int | str:
    number = Fraction(value)
    return number.numerator if number.denominator == 1 else str(number)


def _structure(structure: Structure) -> JSON:
    return {
        "levels": ser._schedule(structure.levels)["levels"],
        **ser._members(structure, ("starting_stack", "table_size", "buy_in")),
        "payouts": None if structure.payouts is None else [_percent(p) for p in structure.payouts],
        **ser._members(structure, _ENTRY_SETTINGS),
    }


# How players come in and buy chips (all optional in a document: older ones read as a freezeout).
_ENTRY_SETTINGS = (
    "late_levels",
    "reentries",
    "rebuy_levels",
    "max_rebuys",
    "rebuy_threshold",
    "rebuy_chips",
    "rebuy_cost",
    "addon_chips",
    "addon_cost",
)


def _entry(entry: Entry) -> JSON:
    return ser._members(entry, ("name", "number", "rebuys", "addons", "first", "last", "prize"))


_PENDING = ("entry", "table", "stack")
"""A bust waiting for the table's hand to end, as whole numbers (written and read in this order)."""


def write_tournament(t: Tournament) -> JSON:
    return {
        "structure": _structure(t.structure),
        "seed": t.seed,
        "entries": [_entry(e) for e in t.entries],
        "tables": [None if table is None else ser._table(table) for table in t.tables],
        **ser._members(
            t, ("started", "level", "level_hands", "level_since", "minutes", "hands", "draws", "chips", "hand_for_hand")
        ),
        "round_dealt": sorted(t.round_dealt),
        "pending": [ser._members(p, _PENDING) for p in t.pending],
        "final_table": t.final_table,
        "absent": sorted(t.absent),
        "addon_window": sorted(t.addon_window),
        "pool_fixed": t.pool_fixed,
    }


def _read_structure(o: ser._ObjectReader) -> Structure:
    schedule = ser._read_schedule(
        ser._ObjectReader({"kind": "tournament", "levels": o.raw("levels")}, o.where("levels"))
    )
    payouts = o.raw("payouts")
    if payouts is not None and not (
        isinstance(payouts, list) and all(isinstance(p, (int, str)) and not isinstance(p, bool) for p in payouts)
    ):
        raise SerializationError(
            f"{o.where('payouts')}: expected null or a list of whole numbers and exact "
            f'number texts such as "100/3", got {quote(payouts)}'
        )
    stack, size, buy_in = o.integers("starting_stack", "table_size", "buy_in")
    settings: dict[str, Any] = {}
    for key in _ENTRY_SETTINGS:
        if o.has(key):
            settings[key] = o.opt_int(key) if key == "max_rebuys" else o.integer(key)
    o.done()
    levels: tuple[Level, ...] = schedule.levels  # type: ignore[union-attr]
    return ser._build(o.path, lambda: Structure(levels, stack, size, buy_in, payouts, **settings))


def _read_entry(o: ser._ObjectReader) -> Entry:
    name = o.text("name")
    number, rebuys, addons = o.integers("number", "rebuys", "addons")
    first, last, prize = o.opt_int("first", 1), o.opt_int("last", 1), o.integer("prize")
    o.done()
    return ser._build(o.path, lambda: Entry(name, number, rebuys, addons, first, last, prize))


def read_tournament(o: ser._ObjectReader) -> Tournament:
    structure = _read_structure(o.obj("structure"))
    entries = tuple(_read_entry(e) for e in o.objs("entries"))
    tables = tuple(
        None if raw is None else ser._read_table(ser._ObjectReader(raw, f"{o.where('tables')}[{i}]"))
        for i, raw in enumerate(o.items("tables"))
    )
    pending = []
    for p in o.objs("pending"):
        pending.append(Pending(*p.integers(*_PENDING)))
        p.done()
    absent = o.items("absent")
    window = o.items("addon_window") if o.has("addon_window") else []
    for key, names in (("absent", absent), ("addon_window", window)):
        if not all(isinstance(name, str) for name in names):
            raise SerializationError(f"{o.where(key)}: expected a list of names, got {quote(names)}")
    final = o.opt_int("final_table")
    fields: dict[str, Any] = dict(
        seed=o.integer("seed"),
        started=o.flag("started"),
        level=o.integer("level"),
        level_hands=o.integer("level_hands"),
        level_since=o.number("level_since"),
        minutes=o.number("minutes"),
        hands=o.integer("hands"),
        draws=o.integer("draws"),
        chips=o.integer("chips"),
        hand_for_hand=o.flag("hand_for_hand"),
        round_dealt=frozenset(o.ints("round_dealt")),
        pool_fixed=o.flag("pool_fixed") if o.has("pool_fixed") else o.flag("started"),
    )
    o.done()
    for bust in pending:
        if bust.entry >= len(entries) or bust.table >= len(tables):
            raise SerializationError(f"{o.where('pending')}: {bust!r} names no entry or table of the document")
    tournament = ser._build(
        o.path,
        lambda: Tournament(
            structure,
            entries=entries,
            tables=tables,
            pending=tuple(pending),
            final_table=final,
            absent=frozenset(str(a) for a in absent),
            addon_window=frozenset(str(a) for a in window),
            **fields,
        ),
    )
    ser._build(o.path, tournament.check)
    return tournament


_EVENTS: dict[str, type] = {
    "seated": ev.Seated,
    "moved": ev.Moved,
    "table_broken": ev.TableBroken,
    "final_table": ev.FinalTable,
    "busted": ev.Busted,
    "level_changed": ev.LevelChanged,
    "hand_for_hand": ev.HandForHand,
    "rebought": ev.Rebought,
    "tournament_over": ev.TournamentOver,
    "table_opened": ev.TableOpened,
    "registration_closed": ev.RegistrationClosed,
    "rebuys_closed": ev.RebuysClosed,
    "prize_pool_fixed": ev.PrizePoolFixed,
}
_RULES_FIELDS = ("rules", "mixed_with")
_NAMES = {cls: name for name, cls in _EVENTS.items()}


def write_event(event: ev.TournamentEvent) -> JSON:
    fields: JSON = {"event": _NAMES[type(event)]}
    for name in type(event).__slots__:
        if name.startswith("__"):
            continue
        value = getattr(event, name)
        if name in _RULES_FIELDS:
            fields[name] = None if value is None else ser._rules(value)
        else:
            fields[name] = list(value) if isinstance(value, tuple) else value
    return fields


def read_event(o: ser._ObjectReader) -> ev.TournamentEvent:
    name = o.text("event")
    cls = _EVENTS.get(name)
    if cls is None:
        raise SerializationError(f"{o.where('event')}: unknown tournament event {quote(name)}")
    values: dict[str, object] = {}
    for field in cls.__attrs_attrs__:  # type: ignore[attr-defined]
        if not o.has(field.name) and field.default is not attrs.NOTHING:
            continue  # a field added since the document was written
        if field.name in _RULES_FIELDS:
            rules = o.opt_obj(field.name) if field.name == "mixed_with" else o.obj(field.name)
            values[field.name] = None if rules is None else ser._read_rules(rules)
        else:
            values[field.name] = o.raw(field.name)
            if field.type in ("int", int) and not isinstance(values[field.name], int):
                raise SerializationError(f"{o.where(field.name)}: expected a whole number")
    o.done()
    return ser._build(o.path, lambda: cls(**values))  # type: ignore[no-any-return]


ser.register_document("tournament", (Tournament,), write_tournament, read_tournament)
ser.register_document("tournament_event", tuple(_EVENTS.values()), write_event, read_event)
