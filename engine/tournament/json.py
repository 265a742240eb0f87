"""Tournaments and their events as JSON documents, through `engine.to_json` / `engine.from_json` like tables
(types "tournament" and "tournament_event"). A tournament's document holds each table's document body, its
entries, places and level clock; reading one rebuilds every table with its checks and then checks the
tournament's invariants (`Tournament.check`), so a document whose chips or places do not add up is refused."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from engine import serialize as ser
from engine.errors import SerializationError
from engine.schedule import Level
from engine.tournament import events as ev
from engine.tournament.core import Entry, Pending, Structure, Tournament
from engine.tournament.payouts import Percent
from engine.validate import quote

JSON = dict[str, Any]


def _percent(value: Percent) -> int | str:
    number = Fraction(value)
    return number.numerator if number.denominator == 1 else str(number)


def _structure(structure: Structure) -> JSON:
    return {
        "levels": ser._schedule(structure.levels)["levels"],
        "starting_stack": structure.starting_stack,
        "table_size": structure.table_size,
        "buy_in": structure.buy_in,
        "payouts": None if structure.payouts is None else [_percent(p) for p in structure.payouts],
    }


def _entry(entry: Entry) -> JSON:
    return {
        "name": entry.name,
        "number": entry.number,
        "rebuys": entry.rebuys,
        "addons": entry.addons,
        "first": entry.first,
        "last": entry.last,
        "prize": entry.prize,
    }


def write_tournament(t: Tournament) -> JSON:
    return {
        "structure": _structure(t.structure),
        "seed": t.seed,
        "entries": [_entry(e) for e in t.entries],
        "tables": [None if table is None else ser._table(table) for table in t.tables],
        "started": t.started,
        "level": t.level,
        "level_hands": t.level_hands,
        "level_since": t.level_since,
        "minutes": t.minutes,
        "hands": t.hands,
        "draws": t.draws,
        "chips": t.chips,
        "hand_for_hand": t.hand_for_hand,
        "round_dealt": sorted(t.round_dealt),
        "pending": [{"entry": p.entry, "table": p.table, "stack": p.stack} for p in t.pending],
        "final_table": t.final_table,
        "absent": sorted(t.absent),
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
    stack, size, buy_in = o.integer("starting_stack"), o.integer("table_size"), o.integer("buy_in")
    o.done()
    levels: tuple[Level, ...] = schedule.levels  # type: ignore[union-attr]
    return ser._build(o.path, lambda: Structure(levels, stack, size, buy_in, payouts))


def _read_entry(o: ser._ObjectReader) -> Entry:
    name, number, rebuys, addons = o.text("name"), o.integer("number"), o.integer("rebuys"), o.integer("addons")
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
        pending.append(Pending(p.integer("entry"), p.integer("table"), p.integer("stack")))
        p.done()
    absent = o.items("absent")
    if not all(isinstance(name, str) for name in absent):
        raise SerializationError(f"{o.where('absent')}: expected a list of names, got {quote(absent)}")
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
}
_NAMES = {cls: name for name, cls in _EVENTS.items()}


def write_event(event: ev.TournamentEvent) -> JSON:
    fields: JSON = {"event": _NAMES[type(event)]}
    for name in type(event).__slots__:
        if name.startswith("__"):
            continue
        value = getattr(event, name)
        fields[name] = ser._rules(value) if name == "rules" else value
    return fields


def read_event(o: ser._ObjectReader) -> ev.TournamentEvent:
    name = o.text("event")
    cls = _EVENTS.get(name)
    if cls is None:
        raise SerializationError(f"{o.where('event')}: unknown tournament event {quote(name)}")
    values: dict[str, object] = {}
    for field in cls.__attrs_attrs__:  # type: ignore[attr-defined]
        if field.name == "rules":
            values["rules"] = ser._read_rules(o.obj("rules"))
        else:
            values[field.name] = o.raw(field.name)
            if field.type in ("int", int) and not isinstance(values[field.name], int):
                raise SerializationError(f"{o.where(field.name)}: expected a whole number")
    o.done()
    return ser._build(o.path, lambda: cls(**values))  # type: ignore[no-any-return]


ser.register_document("tournament", (Tournament,), write_tournament, read_tournament)
ser.register_document("tournament_event", tuple(_EVENTS.values()), write_event, read_event)
