"""A tournament's event log (a sit-and-go's or a scheduled tournament's) and what each event does: `TourneyState`
and `apply_tourney`, pure and deterministic, as `engine.server.log` is for a cash table.

One log holds the whole sit-and-go, every table's hands included, so that a hand that moves a player from one
table to another, or breaks a table, is one stored event: a crash can never leave a player at two tables or at
none. The engine's `Tournament` decides seats, levels, busts and places; this adds what the server keeps beside
it (each entrant's token hash, bot, time bank and timeouts, by name) and the hand in play at each table.

Events (``kind``, ``data``):

- ``register`` {name, token_hash, bot}: before the start, an entrant registered; after it (a scheduled
  tournament's late registration, `Tournament.late_register`), an entrant seated at once.
- ``unregister`` {name}: before the start.
- ``start`` {seed}: the seat draw (the seed drawn by the server, stored so the draw replays).
- ``cancel`` {registered, reason}: a tournament that did not start, cancelled: ``reason`` ``too_few`` (left out:
  a scheduled tournament with too few entrants at its start time) or ``unconfigured`` (its ``[[tournaments]]``
  entry left the configuration file before it started).
- ``reenter`` {name}: a busted entrant enters again (`Tournament.reenter`), seated at once, back if absent.
- ``rebuy`` {name}, ``addon`` {name}: an entrant buys chips between hands (`Tournament.rebuy`, `addon`).
- ``time`` {minutes}: the tournament's clock (`Tournament.with_time`), stored when a level of minutes ends.
- ``hand_start`` {table, deck, minutes, banks}: table ``table`` deals its next hand from ``deck`` at minute
  ``minutes`` (the clock told first); ``banks`` as at a cash table.
- ``act`` {table, seat, action, timeout, bank, auto}: an action at a table (table seats); the action that ends a
  hand gives the hand back to the tournament (`Tournament.finish`): busts, places, moves, breaks, levels.
- ``sit_out`` {name, reason}, ``come_back`` {name}: the entrant is absent (blinded off: the server checks or
  folds for them) or back.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

import attrs

from engine.cards import parse_cards
from engine.serialize import from_json, to_json
from engine.server.actions import read_action
from engine.server.log import SIT_OUT_REASONS, LogError, RoomState, SeatMeta, dispatch
from engine.server.tourney_config import tournament_config
from engine.state import HandState
from engine.tournament import Structure, Tournament, TournamentEvent
from engine.validate import finite, is_whole, name_key

KINDS = (
    "register",
    "unregister",
    "start",
    "cancel",
    "reenter",
    "rebuy",
    "addon",
    "time",
    "hand_start",
    "act",
    "sit_out",
    "come_back",
    "settings",
)


@attrs.frozen(slots=True)
class Finished:
    """A hand a table finished: the table, the tournament-wide hand number, the hand, each hand seat's table
    seat and name, and the level (an index) it was dealt at."""

    table: int
    number: int
    hand: HandState
    seats: tuple[int, ...]
    names: tuple[str, ...]
    level: int = 0


@attrs.frozen(slots=True)
class TourneyState:
    """A sit-and-go: its ``structure``, the names ``registered`` (in order), once started the ``tournament``
    and each table's hand in play (``hands``, by table number) with its number (``numbers``: the last hand's
    once it is over), the hands ``dealt`` so far, and each entrant's server data by name (``metas``);
    ``cancelled``: a tournament that did not start, and why (`CANCEL_REASONS`), else None."""

    structure: Structure
    registered: tuple[str, ...] = ()
    tournament: Tournament | None = None
    hands: tuple[HandState | None, ...] = ()
    numbers: tuple[int, ...] = ()
    levels: tuple[int, ...] = ()  # the level (an index) each table's hand in play was dealt at
    dealt: int = 0
    metas: Mapping[str, SeatMeta] = attrs.field(factory=dict, eq=False)
    cancelled_why: str | None = None

    @property
    def cancelled(self) -> bool:
        return self.cancelled_why is not None

    @property
    def started(self) -> Tournament:
        """The tournament under way; LogError before the start."""
        if self.tournament is None:
            raise LogError("the tournament has not started")
        return self.tournament

    @property
    def is_over(self) -> bool:
        """Played to its end, or cancelled."""
        return self.cancelled or (self.tournament is not None and self.tournament.is_over)

    def snapshot(self) -> str:
        """The sit-and-go as JSON, once started (the store keeps it beside the log, as a table's snapshot): the
        tournament as the engine saves it (`engine.tournament.json`: every table, with its hand in play), each
        hand in play (the engine's JSON of a live hand), and the server's data, so a restart replays only the
        events after it."""
        return json.dumps(
            {
                "registered": list(self.registered),
                "tournament": json.loads(to_json(self.started)),
                "hands": [None if hand is None else json.loads(to_json(hand)) for hand in self.hands],
                "numbers": list(self.numbers),
                "levels": list(self.levels),
                "dealt": self.dealt,
                "metas": {name: attrs.asdict(meta) for name, meta in self.metas.items()},
            },
            separators=(",", ":"),
        )

    @classmethod
    def from_snapshot(cls, text: str) -> TourneyState:
        """The state a `snapshot` saved (the tournament's own checks run as it is read)."""
        data = json.loads(text)
        tournament = from_json(json.dumps(data["tournament"]), Tournament)
        hands = tuple(None if hand is None else from_json(json.dumps(hand), HandState) for hand in data["hands"])
        return cls(
            tournament.structure,
            tuple(data["registered"]),
            tournament,
            hands,
            tuple(data["numbers"]),
            tuple(data["levels"]),
            data["dealt"],
            {name: SeatMeta(**meta) for name, meta in data["metas"].items()},
        )

    def room_state(self, number: int) -> RoomState:
        """Table ``number`` as a cash table's room sees its state: the table, its hand in play, and each seat's
        server data (`SeatMeta`)."""
        table = self.started.table(number) if self.started.tables[number] is not None else None
        if table is None:
            raise LogError(f"table {number} has broken")
        seats = tuple(None if p is None else self.metas.get(p.name) for p in table.seats)
        return RoomState(table, self.hands[number], seats)

    def name_of(self, number: int, seat: object) -> str:
        """The name of the player at table ``number``'s ``seat``; LogError when none sits there."""
        table = self.started.table(number)
        player = table.seats[seat] if is_whole(seat, minimum=0, maximum=len(table.seats) - 1) else None
        if player is None:
            raise LogError(f"table {number}: seat {seat!r} is not occupied")
        return player.name


@attrs.frozen(slots=True)
class TourneyStep:
    """What one event did: the new state, the tournament's events, and the hand it finished (if any)."""

    state: TourneyState
    events: tuple[TournamentEvent, ...] = ()
    finished: Finished | None = None


def apply_tourney(state: TourneyState, kind: str, data: dict[str, Any]) -> TourneyStep:
    """The state after the event, or LogError (any engine error is one) with the state unchanged."""
    return dispatch(_APPLY, state, kind, data)


def _with_meta(state: TourneyState, name: str, meta: SeatMeta | None) -> dict[str, SeatMeta]:
    metas = dict(state.metas)
    if meta is None:
        metas.pop(name, None)
    else:
        metas[name] = meta
    return metas


def registered_as(state: TourneyState, name: str) -> str | None:
    """The registered name ``name`` would be the same as (whatever its case or width), or None."""
    key = name_key(name)
    return next((known for known in state.registered if name_key(known) == key), None)


def _register(state: TourneyState, data: dict[str, Any]) -> TourneyStep:
    name = data["name"]
    if state.cancelled:
        raise LogError("the tournament was cancelled")
    if not isinstance(name, str) or registered_as(state, name) is not None:
        raise LogError(f"{name!r} is registered already")
    meta = SeatMeta(data["token_hash"], data.get("bot"))
    changed = attrs.evolve(state, registered=(*state.registered, name), metas=_with_meta(state, name, meta))
    if state.tournament is None:
        return TourneyStep(changed)
    tournament, events = state.tournament.late_register(name)
    return TourneyStep(_grown(changed, tournament), events)


def _reenter(state: TourneyState, data: dict[str, Any]) -> TourneyStep:
    name = data["name"]
    tournament, events = state.started.reenter(name)
    if name in tournament.absent:  # absent when they busted: back, entering again
        tournament = tournament.set_absent(name, False)
    meta = state.metas.get(name)
    metas = state.metas if meta is None else _with_meta(state, name, attrs.evolve(meta, sat_out=None, timeouts=0))
    return TourneyStep(_grown(attrs.evolve(state, metas=metas), tournament), events)


def _grown(state: TourneyState, tournament: Tournament) -> TourneyState:
    """The state with the tournament after an entry came in: a table it opened gets its places (no hand yet)."""
    more = len(tournament.tables) - len(state.hands)
    return attrs.evolve(
        state,
        tournament=tournament,
        hands=state.hands + (None,) * more,
        numbers=state.numbers + (0,) * more,
        levels=state.levels + (0,) * more,
    )


def _rebuy(state: TourneyState, data: dict[str, Any]) -> TourneyStep:
    tournament, events = state.started.rebuy(data["name"])
    return TourneyStep(attrs.evolve(state, tournament=tournament), events)


def _addon(state: TourneyState, data: dict[str, Any]) -> TourneyStep:
    tournament, events = state.started.addon(data["name"])
    return TourneyStep(attrs.evolve(state, tournament=tournament), events)


CANCEL_REASONS = ("too_few", "unconfigured")
"""Why a tournament that did not start was cancelled: too few entrants at its start time, or its entry left the
configuration file."""


def _cancel(state: TourneyState, data: dict[str, Any]) -> TourneyStep:
    if state.tournament is not None or state.cancelled:
        raise LogError("only a tournament not yet started can be cancelled")
    reason = data.get("reason", "too_few")
    if reason not in CANCEL_REASONS:
        raise LogError(f"a cancel's reason is one of {', '.join(CANCEL_REASONS)}, got {reason!r}")
    return TourneyStep(attrs.evolve(state, cancelled_why=reason))


def _unregister(state: TourneyState, data: dict[str, Any]) -> TourneyStep:
    name = data["name"]
    if state.tournament is not None or state.cancelled:
        raise LogError("the tournament has started")
    if name not in state.registered:
        raise LogError(f"{name!r} is not registered")
    registered = tuple(n for n in state.registered if n != name)
    return TourneyStep(attrs.evolve(state, registered=registered, metas=_with_meta(state, name, None)))


def _start(state: TourneyState, data: dict[str, Any]) -> TourneyStep:
    if state.tournament is not None or state.cancelled:
        raise LogError("the tournament has started")
    tournament, events = Tournament.create(state.structure, state.registered, seed=data["seed"]).start()
    tables = len(tournament.tables)
    return TourneyStep(
        attrs.evolve(state, tournament=tournament, hands=(None,) * tables, numbers=(0,) * tables, levels=(0,) * tables),
        events,
    )


def _time(state: TourneyState, data: dict[str, Any]) -> TourneyStep:
    tournament, events = state.started.with_time(data["minutes"])
    return TourneyStep(attrs.evolve(state, tournament=tournament), events)


def _table(state: TourneyState, data: dict[str, Any]) -> int:
    number = data["table"]
    tournament = state.started
    if not is_whole(number, minimum=0, maximum=len(tournament.tables) - 1) or tournament.tables[number] is None:
        raise LogError(f"there is no table {number!r} in play")
    assert isinstance(number, int)
    return number


def _hand_start(state: TourneyState, data: dict[str, Any]) -> TourneyStep:
    number = _table(state, data)
    tournament = state.started
    events: tuple[TournamentEvent, ...] = ()
    minutes = data.get("minutes")
    if minutes is not None and minutes > tournament.minutes:
        tournament, events = tournament.with_time(minutes)
    tournament, hand = tournament.deal(number, deck=parse_cards(data["deck"]))
    metas = dict(state.metas)
    banks = data.get("banks", [])
    if not isinstance(banks, list) or not all(isinstance(pair, list) and len(pair) == 2 for pair in banks):
        raise LogError(f"banks is a list of [seat, seconds] pairs, got {banks!r}")
    for seat, bank in banks:
        name = attrs.evolve(state, tournament=tournament).name_of(number, seat)
        metas[name] = attrs.evolve(metas[name], bank=finite(bank, "a time bank (seconds)", minimum=0, error=LogError))
    dealt = state.dealt + 1
    changed = attrs.evolve(
        state,
        tournament=tournament,
        hands=_put(state.hands, number, hand),
        numbers=_put(state.numbers, number, dealt),
        levels=_put(state.levels, number, tournament.level),
        dealt=dealt,
        metas=metas,
    )
    return _after(changed, number, hand, events)


def _act(state: TourneyState, data: dict[str, Any]) -> TourneyStep:
    number = _table(state, data)
    hand = state.hands[number]
    if hand is None:
        raise LogError(f"table {number}: no hand is in play")
    table = state.started.table(number)
    seat = data["seat"]
    name = state.name_of(number, seat)
    hand_seat = table.hand_seat(seat)
    if hand_seat is None:
        raise LogError(f"table {number}: seat {seat} is not dealt into the hand in play")
    hand = hand.apply(read_action(data["action"]), seat=hand_seat)
    meta = state.metas.get(name)
    metas = state.metas
    if meta is not None:
        timeouts = meta.timeouts + 1 if data.get("timeout") else 0
        changed = attrs.evolve(meta, timeouts=timeouts)
        if "bank" in data:
            changed = attrs.evolve(
                changed, bank=finite(data["bank"], "a time bank (seconds)", minimum=0, error=LogError)
            )
        metas = _with_meta(state, name, changed)
    return _after(attrs.evolve(state, hands=_put(state.hands, number, hand), metas=metas), number, hand, ())


def _after(state: TourneyState, number: int, hand: HandState, events: tuple[TournamentEvent, ...]) -> TourneyStep:
    """The step to a hand in play, or, once the hand is over, the tournament taking it back."""
    if not hand.is_over:
        return TourneyStep(state, events)
    tournament = state.started
    table = tournament.table(number)
    seats = table.hand_seats
    names = tuple(table.seats[seat].name for seat in seats)  # type: ignore[union-attr]
    tournament, happened = tournament.finish(number, hand)
    finished = Finished(number, state.numbers[number], hand, seats, names, state.levels[number])
    hands = tuple(h if t is not None else None for h, t in zip(state.hands, tournament.tables, strict=False))
    hands = _put(hands, number, None) + (None,) * (len(tournament.tables) - len(hands))
    numbers = state.numbers + (0,) * (len(tournament.tables) - len(state.numbers))
    levels = state.levels + (0,) * (len(tournament.tables) - len(state.levels))
    return TourneyStep(
        attrs.evolve(state, tournament=tournament, hands=hands, numbers=numbers, levels=levels),
        (*events, *happened),
        finished,
    )


def _sit_out(state: TourneyState, data: dict[str, Any]) -> TourneyStep:
    name, reason = data["name"], data.get("reason", "asked")
    if reason not in SIT_OUT_REASONS:
        raise LogError(f"a sit_out's reason is one of {', '.join(SIT_OUT_REASONS)}, got {reason!r}")
    tournament = state.started.set_absent(name)
    meta = state.metas.get(name)
    metas = state.metas if meta is None else _with_meta(state, name, attrs.evolve(meta, sat_out=reason))
    return TourneyStep(attrs.evolve(state, tournament=tournament, metas=metas))


def _come_back(state: TourneyState, data: dict[str, Any]) -> TourneyStep:
    name = data["name"]
    tournament = state.started.set_absent(name, False)
    meta = state.metas.get(name)
    metas = state.metas if meta is None else _with_meta(state, name, attrs.evolve(meta, sat_out=None, timeouts=0))
    return TourneyStep(attrs.evolve(state, tournament=tournament, metas=metas))


def _settings(state: TourneyState, data: dict[str, Any]) -> TourneyStep:
    """The configuration file's entry, changed while the tournament had not started (``{"tournament": entry}``,
    taken at a restart): the structure it will start under. Refused once it has started or was cancelled."""
    if state.tournament is not None or state.cancelled:
        raise LogError("the tournament has started: it keeps the settings it started with")
    return TourneyStep(attrs.evolve(state, structure=tournament_config(data["tournament"]).structure()))


def _put(values: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    return (*values[:index], value, *values[index + 1 :])


_APPLY = {
    "register": _register,
    "unregister": _unregister,
    "start": _start,
    "cancel": _cancel,
    "reenter": _reenter,
    "rebuy": _rebuy,
    "addon": _addon,
    "time": _time,
    "hand_start": _hand_start,
    "act": _act,
    "sit_out": _sit_out,
    "come_back": _come_back,
    "settings": _settings,
}
