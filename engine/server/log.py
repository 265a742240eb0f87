"""The table's event log and what each event does: `RoomState` and `apply_event`, pure and deterministic.

The live room and recovery run the same code: the room makes an event, applies it here (an error means it is
refused and nothing is stored), stores it, and only then takes the new state. On restart the stored events are
applied again, in order, to the last snapshot, and give the same state: the deck of each hand is in its
``hand_start`` event, every action (timeouts and automatic folds included) in an ``act`` event.

Events (``kind``, ``data``), table seats throughout:

- ``join`` {seat, name, buy_in, token_hash, bot}: a player sits down (ledger: buy_in).
- ``leave`` {seat}: leaves now, or when the hand in play ends (ledger: cash_out when they go).
- ``sit_out`` {seat, reason}, ``come_back`` {seat}: dealt out from the next hand / back in.
- ``top_up`` {seat, amount}: chips added between hands (ledger: buy_in).
- ``straddle`` {seat, on}: the seat's standing choice to straddle when it is under the gun.
- ``hand_start`` {deck, salt, straddles, banks}: the next hand is dealt from this deck order; ``salt`` only at a
  provably-fair table (`engine.server.fair`), kept so that the hand's commitment is the same after a restart;
  ``straddles`` (amounts, as `Table.next_deal` takes them) only when somebody straddles; ``banks``: [seat,
  seconds] for each seat dealt whose time bank the deal refilled, with what it became. A hand that is over
  as dealt (the blinds put everyone all in: a 1-chip small blind heads-up) is finished here, as ``act`` does.
- ``act`` {seat, action, timeout, bank}: an action; ``bank``, when the player drew on their time bank (or timed
  out), the seconds left in it; when it ends the hand the table takes the hand back (ledger:
  rake, and cash_out for every player who leaves or busts), and the finished hand is kept.
- ``settings`` {key: value, ...}: table settings the configuration file changed (`CHANGEABLE`), between hands
  only; those that are the table's rules (rake, runs: `RULES_SETTINGS`) change its rules here, the others are
  the server's policies and change nothing in this state. Stored with the table's new configuration, in the
  same transaction.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import Any, TypeVar

import attrs

from engine.cards import format_cards, parse_cards
from engine.errors import EngineError, HistoryError
from engine.history.engine_hands import state_to_record
from engine.history.phh import write_phh
from engine.history.record import HandRecord
from engine.serialize import from_json, to_json
from engine.server.actions import read_action
from engine.server.config import CHANGEABLE, RULES_SETTINGS, with_rules_settings
from engine.server.store import FinishedHand, LedgerEntry
from engine.state import HandState
from engine.table import Departure, Table
from engine.validate import finite, flag, is_whole

SIT_OUT_REASONS = ("asked", "timeouts", "away")  # the player's own sit_out; the server's, for each cause
KINDS = ("join", "leave", "sit_out", "come_back", "top_up", "straddle", "hand_start", "act", "settings")


class LogError(EngineError):
    """An event that cannot be applied to the table as it stands (the room refuses it; recovery stops)."""


@attrs.frozen(slots=True)
class SeatMeta:
    """What the server keeps of a seat beside the engine's `Player`: the hash of the seat's token (the token
    itself is never stored), the built-in bot playing it (None: a person), its timeouts in a row, and whether it
    straddles when under the gun, and the seconds left in its time bank (None: full, the table's size).
    The bank is kept here, in the log's state, so a restart neither refills nor empties it; so is why the seat
    was last sat out (``sat_out``: "asked", "timeouts" or "away"), so a page loaded later can still say why."""

    token_hash: str
    bot: str | None = None
    timeouts: int = 0
    straddle: bool = False
    bank: float | None = None
    sat_out: str | None = None


@attrs.frozen(slots=True)
class RoomState:
    """A table and the hand in play, with the server's data for each seat."""

    table: Table
    hand: HandState | None
    seats: tuple[SeatMeta | None, ...]

    @classmethod
    def empty(cls, table: Table) -> RoomState:
        """A new table's state: no hand in play and no seat taken."""
        return cls(table, None, (None,) * len(table.seats))

    def snapshot(self) -> str:
        """The state as JSON, between hands (a hand in play is rebuilt from its events, not from a snapshot)."""
        if self.hand is not None:
            raise LogError("a snapshot is taken between hands")
        seats = [None if m is None else attrs.asdict(m) for m in self.seats]
        return json.dumps({"table": json.loads(to_json(self.table)), "seats": seats}, separators=(",", ":"))

    @classmethod
    def from_snapshot(cls, text: str) -> RoomState:
        """The state saved in a snapshot, so replay starts there rather than at the first event."""
        data = json.loads(text)
        table = from_json(json.dumps(data["table"]), Table)
        seats = tuple(None if m is None else SeatMeta(**m) for m in data["seats"])
        return cls(table, None, seats)

    @property
    def chips(self) -> int:
        """Chips on the table: every seated player's stack (stacks change only when a hand is taken back)."""
        return sum(player.stack for _, player in self.table.players)


@attrs.frozen(slots=True)
class Step:
    """What one event did: the new state, the ledger entries, the hand it finished (with the table seat of each
    of its hand seats), the players who went."""

    state: RoomState
    ledger: tuple[LedgerEntry, ...] = ()
    finished: HandState | None = None
    departures: tuple[Departure, ...] = ()
    finished_seats: tuple[int, ...] = ()


_State = TypeVar("_State")
_Result = TypeVar("_Result")


def dispatch(
    appliers: Mapping[str, Callable[[_State, dict[str, Any]], _Result]], state: _State, kind: str, data: dict[str, Any]
) -> _Result:
    """One stored event applied by its kind's function, for every log (a table's, a sit-and-go's): an unknown
    kind, a missing field and any engine error are a LogError, the state unchanged."""
    apply = appliers.get(kind)
    if apply is None:
        raise LogError(f"unknown event kind {kind!r}; the kinds are {', '.join(appliers)}")
    try:
        return apply(state, data)
    except KeyError as error:
        raise LogError(f"event {kind!r} lacks {error}") from None
    except EngineError as error:
        raise LogError(str(error)) from None


def apply_event(state: RoomState, kind: str, data: dict[str, Any]) -> Step:
    """The state after the event, or LogError (any engine error is one) with the state unchanged."""
    return dispatch(_APPLY, state, kind, data)


def _seat(state: RoomState, data: dict[str, Any]) -> int:
    seat = data["seat"]
    if not is_whole(seat, minimum=0, maximum=len(state.seats) - 1) or state.table.seats[seat] is None:
        raise LogError(f"seat {seat!r} is not occupied")
    return seat


def _with_meta(state: RoomState, seat: int, meta: SeatMeta | None) -> tuple[SeatMeta | None, ...]:
    seats = list(state.seats)
    seats[seat] = meta
    return tuple(seats)


def _join(state: RoomState, data: dict[str, Any]) -> Step:
    seat, name, buy_in = data["seat"], data["name"], data["buy_in"]
    table = state.table.join(seat, name, buy_in)
    meta = SeatMeta(data["token_hash"], data.get("bot"))
    return Step(RoomState(table, state.hand, _with_meta(state, seat, meta)), (LedgerEntry("buy_in", buy_in, name),))


def _leave(state: RoomState, data: dict[str, Any]) -> Step:
    seat = _seat(state, data)
    table = state.table.leave(seat)
    if table.seats[seat] is not None:  # in the hand in play: goes when it ends
        return Step(RoomState(table, state.hand, state.seats))
    table, seats, ledger, departures = _hand_over(table, state.seats)
    return Step(RoomState(table, state.hand, seats), ledger, departures=departures)


def _hand_over(
    table: Table, seats: tuple[SeatMeta | None, ...]
) -> tuple[Table, tuple[SeatMeta | None, ...], tuple[LedgerEntry, ...], tuple[Departure, ...]]:
    """Take the table's departures: each is cashed out in the ledger (once: the table hands each over once)
    and its seat's token forgotten."""
    table, departures = table.take_departures()
    kept = list(seats)
    for departure in departures:
        kept[departure.seat] = None
    ledger = tuple(LedgerEntry("cash_out", d.player.stack, d.player.name) for d in departures)
    return table, tuple(kept), ledger, departures


def _sit_out(state: RoomState, data: dict[str, Any]) -> Step:
    seat = _seat(state, data)
    meta = state.seats[seat]
    reason = data.get("reason", "asked")
    if reason not in SIT_OUT_REASONS:
        raise LogError(f"a sit_out's reason is one of {', '.join(SIT_OUT_REASONS)}, got {reason!r}")
    seats = state.seats if meta is None else _with_meta(state, seat, attrs.evolve(meta, sat_out=reason))
    return Step(RoomState(state.table.sit_out(seat), state.hand, seats))


def _come_back(state: RoomState, data: dict[str, Any]) -> Step:
    seat = _seat(state, data)
    meta = state.seats[seat]
    seats = state.seats if meta is None else _with_meta(state, seat, attrs.evolve(meta, timeouts=0, sat_out=None))
    return Step(RoomState(state.table.come_back(seat), state.hand, seats))


def _top_up(state: RoomState, data: dict[str, Any]) -> Step:
    seat, amount = _seat(state, data), data["amount"]
    table = state.table.add_chips(seat, amount)
    name = _player_name(table, seat)
    return Step(attrs.evolve(state, table=table), (LedgerEntry("buy_in", amount, name),))


def _player_name(table: Table, seat: int) -> str:
    player = table.seats[seat]
    if player is None:
        raise LogError(f"seat {seat} is empty")
    return player.name


def _straddle(state: RoomState, data: dict[str, Any]) -> Step:
    seat, on = _seat(state, data), data["on"]
    meta = state.seats[seat]
    if meta is None:
        raise LogError(f"straddle needs a seated player, seat {seat} has none")
    flag(on, "straddle's on (true or false)", error=LogError)
    return Step(attrs.evolve(state, seats=_with_meta(state, seat, attrs.evolve(meta, straddle=on))))


def _hand_start(state: RoomState, data: dict[str, Any]) -> Step:
    straddles = data.get("straddles", [])
    if not isinstance(straddles, list):
        raise LogError(f"straddles is a list of amounts, got {straddles!r}")
    seats = state.seats
    banks = data.get("banks", [])
    if not isinstance(banks, list) or not all(isinstance(pair, list) and len(pair) == 2 for pair in banks):
        raise LogError(f"banks is a list of [seat, seconds] pairs, got {banks!r}")
    for seat, bank in banks:
        seats = _with_bank(RoomState(state.table, state.hand, seats), _seat(state, {"seat": seat}), bank)
    table, hand = state.table.start_next_hand(deck=parse_cards(data["deck"]), straddles=straddles)
    return _after(table, hand, seats)


def _with_bank(state: RoomState, seat: int, bank: object) -> tuple[SeatMeta | None, ...]:
    """The seats with ``seat``'s time bank set to ``bank`` seconds."""
    meta = state.seats[seat]
    if meta is None:
        raise LogError(f"seat {seat} has no player to keep a time bank for")
    return _with_meta(
        state, seat, attrs.evolve(meta, bank=finite(bank, "a time bank (seconds)", minimum=0, error=LogError))
    )


def _act(state: RoomState, data: dict[str, Any]) -> Step:
    hand, table = state.hand, state.table
    if hand is None:
        raise LogError("no hand is in play")
    seat = _seat(state, data)
    hand_seat = table.hand_seat(seat)
    if hand_seat is None:
        raise LogError(f"seat {seat} is not dealt into the hand in play")
    hand = hand.apply(read_action(data["action"]), seat=hand_seat)
    meta = state.seats[seat]
    seats = state.seats
    if meta is not None:
        timeouts = meta.timeouts + 1 if data.get("timeout") else 0
        if timeouts != meta.timeouts:
            seats = _with_meta(state, seat, attrs.evolve(meta, timeouts=timeouts))
    if "bank" in data:
        seats = _with_bank(RoomState(table, state.hand, seats), seat, data["bank"])
    return _after(table, hand, seats)


def _after(table: Table, hand: HandState, seats: tuple[SeatMeta | None, ...]) -> Step:
    """The step to a hand in play, or, once the hand is over, the table taking it back (ledger: rake and the
    cash-outs of those who go)."""
    if not hand.is_over:
        return Step(RoomState(table, hand, seats))
    hand_seats = table.hand_seats
    table, seats, cash_outs, departures = _hand_over(table.finish_hand(hand), seats)
    rake = hand.result.rake if hand.result is not None else 0
    ledger = ((LedgerEntry("rake", rake),) if rake else ()) + cash_outs
    return Step(RoomState(table, None, seats), ledger, hand, departures, hand_seats)


def _settings(state: RoomState, data: dict[str, Any]) -> Step:
    unknown = sorted(set(data) - set(CHANGEABLE))
    if unknown:
        raise LogError(
            f"settings: {', '.join(unknown)} cannot change at a stored table; those that can are "
            f"{', '.join(CHANGEABLE)}"
        )
    if state.hand is not None:
        raise LogError("settings change between hands, not with a hand in play")
    if not set(data) & set(RULES_SETTINGS):
        return Step(state)
    table = attrs.evolve(state.table, schedule=with_rules_settings(state.table.schedule, data))
    return Step(attrs.evolve(state, table=table))


_APPLY = {
    "join": _join,
    "leave": _leave,
    "sit_out": _sit_out,
    "come_back": _come_back,
    "top_up": _top_up,
    "straddle": _straddle,
    "hand_start": _hand_start,
    "act": _act,
    "settings": _settings,
}


def deck_text(hand: HandState) -> str:
    """The hand's deck as card text, as the log keeps it so the hand replays exactly."""
    return format_cards(hand.setup.deck)


def keep_hand(
    number: int, hand: HandState, names: tuple[str, ...], sittings: tuple[str, ...], seats: tuple[int, ...]
) -> FinishedHand:
    """The finished hand as stored: PHH (when PHH can hold it), the engine's JSON and each hand seat's name and
    sitting (`sitting`), by which `history` gives a hand's hole cards only to the player who was dealt them."""
    try:
        phh: str | None = write_phh(hand_record(hand, names, number, seats))
    except HistoryError:
        phh = None
    return FinishedHand(number, phh, to_json(hand), tuple(zip(names, sittings, strict=True)))


def hand_record(hand: HandState, names: tuple[str, ...], number: int, seats: tuple[int, ...]) -> HandRecord:
    """A server table's finished hand as a record: its players' names and their table seats (``seats``, counted
    from 0; the record numbers them from 1, as the page shows them), so a history converted to another site's
    text keeps each player in their chair from hand to hand."""
    record = state_to_record(hand, names, id=str(number))
    return attrs.evolve(record, seat_labels=tuple(seat + 1 for seat in seats))


def sitting(meta: SeatMeta | None) -> str:
    """Who holds a seat, as one sitting: the hash of the token its player joined with. A new join draws a new
    token, so a sitting is never repeated, whatever the name or the seat; a reissued token (the server's bots
    after a restart) keeps the sitting it stands for."""
    return "" if meta is None else meta.token_hash
