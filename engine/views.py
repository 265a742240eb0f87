"""What one seat may know: its own cards, the board, stacks, bets, pots, whose turn, its legal actions, and
the public history. Never another player's face-down cards, mucked cards, or the deck order.

A view is built from the state by copying only public fields and by filtering the event history, never by
hiding fields of a copy of the state: whatever is not copied here cannot leak. The two redacted event kinds
(`DealtFaceDown`, `BurnedFaceDown`) keep the shape of the history (who was dealt how many cards, that a card
was burned) without the cards.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

import attrs

from engine._speed import become
from engine.cards import Card
from engine.errors import EngineError
from engine.events import (
    Acted,
    BetReturned,
    BoardDealt,
    Burned,
    Event,
    HoleDealt,
    Mucked,
    Posted,
    PotAwarded,
    RakeTaken,
    RunChosen,
    Shown,
)
from engine.pots import Pot, pots_in_play
from engine.rules import Rules
from engine.showdown import HandResult
from engine.validate import MAX_EXACT, optional_whole, quote, whole

if TYPE_CHECKING:
    from engine.state import HandState, LegalActions, Street


@attrs.frozen(slots=True)
class DealtFaceDown:
    """Another seat was dealt ``count`` hole cards, face down: the redacted form of its `HoleDealt`."""

    seat: int
    count: int


@attrs.frozen(slots=True)
class BurnedFaceDown:
    """A card was burned: the redacted form of `Burned` (nobody sees a burn card)."""


ViewEvent = (
    Posted
    | HoleDealt
    | DealtFaceDown
    | BurnedFaceDown
    | BoardDealt
    | Acted
    | BetReturned
    | Shown
    | Mucked
    | RakeTaken
    | PotAwarded
    | RunChosen
)
"""An event as one seat sees it: `HoleDealt` only for its own cards, `DealtFaceDown` for everyone else's,
`BurnedFaceDown` for burns; every other event as it happened (`Shown` carries the cards shown, `Mucked` none)."""


@attrs.frozen(slots=True, weakref_slot=False)  # no weakref slot: `view_of_state` builds views by slot stores
class SeatView:
    """One seat's knowledge of a hand at one moment; everything in it may be sent to that seat's player.

    ``hole`` is the seat's own cards. ``shown[s]`` is the cards seat ``s`` has turned face up at the showdown
    (``()`` if none). ``legal`` is the seat's legal actions when it is the seat to act, else None. ``result``
    is the outcome once the hand is over, with each winning hand named only when its owner showed it (or it
    is this seat's own). ``events`` is the public history (see `ViewEvent`). A spectator's view has ``seat``
    -1 and no ``hole`` cards. ``boards`` is every board (`HandState.boards`); ``board`` is the first.
    ``pots`` and ``all_in`` are worked out from the chips, as `HandState`'s are.

    A bot's view (`engine.bots.bot_view`) is built without its ``events``, which it replays from public facts
    the first time they are read (see ``__getattr__``); it is equal to the view built with them.
    """

    seat: int
    rules: Rules
    button: int
    street: Street
    hole: tuple[Card, ...]
    board: tuple[Card, ...]
    starting_stacks: tuple[int, ...]
    stacks: tuple[int, ...]
    bets: tuple[int, ...]
    contributed: tuple[int, ...]
    folded: tuple[bool, ...]
    pot_total: int
    level: int
    actor: int | None
    legal: LegalActions | None
    shown: tuple[tuple[Card, ...], ...]
    mucked: tuple[bool, ...]
    events: tuple[ViewEvent, ...]
    result: HandResult | None
    boards: tuple[tuple[Card, ...], ...] = ()
    _replay: Callable[[], tuple[ViewEvent, ...]] | None = attrs.field(default=None, init=False, eq=False, repr=False)
    """What works out ``events`` while they are not yet set (a bot's view, see `view_of_state`); None after."""

    def __attrs_post_init__(self) -> None:
        check_view(self)

    if not TYPE_CHECKING:  # to the type checker a view has its fields only, not any name __getattr__ might take

        def __getattr__(self, name: str) -> object:
            """Python calls this only for a name it did not find, as when a slot is unset: here, the ``events`` of a
            view built without them, replayed now and kept (the mechanism attrs uses for a cached_property)."""
            if name != "events" or self._replay is None:
                raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}", name=name, obj=self)
            events = self._replay()
            object.__setattr__(self, "events", events)
            object.__setattr__(self, "_replay", None)
            return events

    @property
    def all_in(self) -> tuple[bool, ...]:
        """Seats still in the hand with no chips behind (`HandState.all_in`)."""
        return tuple(not out and not chips for chips, out in zip(self.stacks, self.folded, strict=True))

    @property
    def pots(self) -> tuple[Pot, ...]:
        """The pots as they stand, this round's bets excluded, none once the hand is settled (`HandState.pots`)."""
        return () if self.result is not None else pots_in_play(self.contributed, self.bets, self.folded, self.stacks)

    @property
    def players(self) -> int:
        return len(self.stacks)

    @property
    def is_over(self) -> bool:
        return self.result is not None

    @property
    def to_act(self) -> bool:
        """Whether this seat is the one to act now."""
        return self.actor == self.seat


def public_events(events: tuple[Event, ...], seat: int | None) -> tuple[ViewEvent, ...]:
    """``events`` as ``seat`` may see them (None: as a spectator, who sees no hole cards at all)."""
    out: list[ViewEvent] = []
    for event in events:
        kind = type(event)
        if kind is HoleDealt:
            assert isinstance(event, HoleDealt)
            out.append(event if event.seat == seat else _face_down(event.seat, len(event.cards)))
        elif kind is Burned:
            out.append(_BURNED_FACE_DOWN)
        else:
            out.append(event)  # type: ignore[arg-type]  # every other kind is seen as it happened
    return tuple(out)


@functools.cache
def _face_down(seat: int, count: int) -> DealtFaceDown:
    """One shared value for each (seat, count): the views of every seat hold the same redacted events, so a
    server encoding them for many seats (`engine.serialize.table_views_json`) encodes each once."""
    return DealtFaceDown(seat, count)


_BURNED_FACE_DOWN = BurnedFaceDown()


def seat_view(state: HandState, seat: int | None) -> SeatView:
    """What ``seat`` may know of ``state`` now (``seat=None``: a spectator's view, with no hole cards).

    Another seat's hole cards appear only as that seat's `Shown` cards; burn cards and the deck never appear.
    """
    return seat_views(state, [seat])[seat]


def seat_views(state: HandState, seats: Iterable[int | None]) -> dict[int | None, SeatView]:
    """The views of several seats (None: a spectator) at once, each equal to `seat_view`'s: the hands shown
    are worked out once and shared (the same object in every view), the history replayed once."""
    wanted = list(seats)
    for seat in wanted:
        optional_whole(
            seat,
            "seat (a seat index, or None for a spectator)",
            minimum=0,
            maximum=len(state.stacks) - 1,
        )
    flags, hole, events, result = state.shown, state.hole, state.events, state.result
    shown = tuple(hole[s] if flags[s] else () for s in range(len(state.stacks)))
    return {
        seat: view_of_state(
            state,
            seat,
            shown,
            public_events(events, seat),
            None if result is None else public_result(result, flags, seat),
        )
        for seat in wanted
    }


def view_of_state(
    state: HandState,
    seat: int | None,
    shown: tuple[tuple[Card, ...], ...],
    events: tuple[ViewEvent, ...] | None,
    result: HandResult | None,
    replay: Callable[[], tuple[ViewEvent, ...]] | None = None,
) -> SeatView:
    """``seat``'s view of a real state, given what the caller works out itself: the hands shown, the public
    ``events`` (None: left unset, for ``replay`` to work out when first read) and the public ``result``.

    A view of a real state is right by construction, so this skips `check_view`, and it fills the slots by
    plain stores on a twin of `SeatView`'s layout before giving the object its class (`engine._speed.become`,
    which says what it saves): every bot decision builds a view."""
    setup = state.setup
    view: Any = _Unchecked()
    view.seat = -1 if seat is None else seat
    view.rules = setup.rules
    view.button = setup.button
    view.street = state.street
    view.hole = () if seat is None else setup.hole[seat]
    view.board = state.board
    view.starting_stacks = setup.starting_stacks
    view.stacks = state.stacks
    view.bets = state.bets
    view.contributed = state.contributed
    view.folded = state.folded
    view.pot_total = state.pot_total
    view.level = state.level
    view.actor = state.actor
    view.legal = state.legal_actions() if seat is not None and state.actor == seat else None
    view.shown = shown
    view.mucked = state.mucked
    if events is not None:
        view.events = events
    view.result = result
    view.boards = state.boards
    view._replay = replay
    return become(view, SeatView)


class _Unchecked:
    """The layout of `SeatView` (the same slots, in the same order) with plain stores: see `view_of_state`."""

    __slots__ = SeatView.__slots__


def public_result(result: HandResult, shown: tuple[bool, ...], seat: int | None) -> HandResult:
    """The result with a winning hand named only when its owner showed it (or it is ``seat``'s own)."""

    def visible(winners: tuple[int, ...]) -> bool:
        return bool(winners) and (shown[winners[0]] or winners[0] == seat)

    pots = []
    for pot in result.pots:
        high = pot.high_hand if pot.high_hand is not None and visible(pot.high_winners) else None
        low = pot.low_hand if pot.low_hand is not None and visible(pot.low_winners) else None
        if high is not pot.high_hand or low is not pot.low_hand:
            pot = attrs.evolve(pot, high_hand=high, low_hand=low)
        pots.append(pot)
    return attrs.evolve(result, pots=tuple(pots))


# --- the checks a view made from outside the engine must pass ----------------------------------------------------


def check_view(view: SeatView) -> None:
    """Raise EngineError, naming the field, unless ``view`` could be a real seat's view: every per-seat field
    holds one entry per player, seats are in range, no card is in two places, the chips add up (stacks plus
    what each put in are the starting stacks; the pot total is what was put in), and the street, the actor,
    the legal actions and the result agree. A view made by the engine always passes; one read from a document
    or built by hand must."""
    from engine.state import LegalActions, Street

    def fail(field: str, problem: str) -> EngineError:
        return EngineError(f"SeatView.{field}: {problem}")

    rules = view.rules
    if not isinstance(rules, Rules):
        raise fail("rules", f"expected a Rules, got {quote(rules)}")
    starting = _chips(view.starting_stacks, "starting_stacks", None, fail)
    players = len(starting)
    if sum(starting) > MAX_EXACT:
        raise fail("starting_stacks", f"a hand's chips total at most {MAX_EXACT} (2**53 - 1), got {sum(starting)}")
    if not 2 <= players <= rules.max_players:
        raise fail("starting_stacks", f"a hand has 2 to {rules.max_players} players, got {players}")
    stacks, bets, contributed = (_chips(getattr(view, f), f, players, fail) for f in ("stacks", "bets", "contributed"))
    folded, _ = (_flags(getattr(view, f), f, players, fail) for f in ("folded", "mucked"))
    seat = _whole(view.seat, "seat", -1, players - 1, fail)
    _whole(view.button, "button", 0, players - 1, fail)
    pot_total = _whole(view.pot_total, "pot_total", 0, None, fail)
    _whole(view.level, "level", 0, None, fail)
    street = view.street
    if not isinstance(street, Street):
        raise fail("street", f"expected a Street, got {quote(street)}")
    actor = None if view.actor is None else _whole(view.actor, "actor", 0, players - 1, fail)
    settled = street is Street.SETTLED
    result = view.result
    if result is not None and not isinstance(result, HandResult):
        raise fail("result", f"expected a HandResult or None, got {quote(result)}")
    if (result is not None) != settled:
        raise fail(
            "result", f"a hand has a result when it is settled, and only then; the street is {street.name.lower()}"
        )
    _check_cards(view, seat, players, fail)
    _check_chips(stacks, bets, contributed, starting, pot_total, settled, fail)
    if actor is not None and (settled or folded[actor]):
        raise fail("actor", f"seat {actor} cannot be to act: {'the hand is over' if settled else 'it folded'}")
    legal = view.legal
    if legal is not None and not isinstance(legal, LegalActions):
        raise fail("legal", f"expected LegalActions or None, got {quote(legal)}")
    if (legal is not None) != (seat >= 0 and actor == seat):
        raise fail("legal", "the seat's legal actions are given when it is the seat to act, and only then")
    if legal is not None and legal.seat != seat:
        raise fail("legal", f"the legal actions are seat {quote(legal.seat)}'s, not seat {seat}'s")
    if legal is not None and (legal.call > stacks[seat] or legal.max_to > stacks[seat] + bets[seat]):
        raise fail(
            "legal",
            f"seat {seat} has {stacks[seat]} chips behind a bet of {bets[seat]}, so can neither call "
            f"{legal.call} nor bet or raise to {legal.max_to}",
        )
    if result is not None:
        net = result.net
        if (
            not isinstance(net, tuple)
            or len(net) != players
            or any(net[s] != stacks[s] - starting[s] for s in range(players))
        ):
            raise fail("result", f"the net result {quote(net)} is not the stacks less the starting stacks")
    _check_events(view, seat, players, fail)


def _whole(value: object, field: str, low: int, high: int | None, fail: Callable[[str, str], EngineError]) -> int:
    try:
        return whole(value, field, minimum=low, maximum=high)
    except EngineError as error:
        raise fail(field, str(error)) from None


def _chips(value: object, field: str, players: int | None, fail: Callable[[str, str], EngineError]) -> tuple[int, ...]:
    if not isinstance(value, tuple) or (players is not None and len(value) != players):
        wanted = "a tuple" if players is None else f"a tuple of {players} entries, one per player"
        raise fail(field, f"expected {wanted}, got {quote(value)}")
    for index, chips in enumerate(value):
        _whole(chips, f"{field}[{index}]", 0, None, fail)
    return value


def _flags(value: object, field: str, players: int, fail: Callable[[str, str], EngineError]) -> tuple[bool, ...]:
    if not isinstance(value, tuple) or len(value) != players or not all(isinstance(f, bool) for f in value):
        raise fail(field, f"expected a tuple of {players} True/False entries, one per player, got {quote(value)}")
    return value


def _card_tuple(
    value: object, field: str, sizes: tuple[int, ...], fail: Callable[[str, str], EngineError]
) -> tuple[Card, ...]:
    if not isinstance(value, tuple) or not all(isinstance(card, Card) for card in value):
        raise fail(field, f"expected a tuple of cards, got {quote(value)}")
    if len(value) not in sizes:
        raise fail(field, f"expected {' or '.join(map(str, sizes))} cards, got {len(value)}")
    if len(set(value)) != len(value):
        raise fail(field, f"a card appears twice: {quote(value)}")
    return value


def _check_cards(view: SeatView, seat: int, players: int, fail: Callable[[str, str], EngineError]) -> None:
    """Each card in one place: the hole, the boards (which share the cards dealt before a run), the hands shown."""
    from engine.state import Street

    rules = view.rules
    hole = _card_tuple(view.hole, "hole", (0,) if seat < 0 else (rules.hole_cards,), fail)
    board = _card_tuple(view.board, "board", (0, 3, 4, 5), fail)
    boards = view.boards
    if not isinstance(boards, tuple) or len(boards) > rules.boards * rules.runs:
        raise fail("boards", f"expected a tuple of at most {rules.boards * rules.runs} boards, got {quote(boards)}")
    for index, other in enumerate(boards):
        _card_tuple(other, f"boards[{index}]", (0, 3, 4, 5), fail)
    if boards and boards[0] != board:
        raise fail("board", "the board is the first of the boards")
    expected = {Street.PREFLOP: 0, Street.FLOP: 3, Street.TURN: 4, Street.RIVER: 5}.get(view.street)
    if expected is not None and len(board) != expected:
        raise fail("board", f"on the {view.street.name.lower()} the board has {expected} cards, got {len(board)}")
    on_boards = set(board).union(*boards)
    if on_boards & set(hole):
        raise fail("hole", f"{quote(sorted(map(str, on_boards & set(hole))))} cannot be in the hole and on a board")
    shown = view.shown
    if not isinstance(shown, tuple) or len(shown) != players:
        raise fail("shown", f"expected a tuple of {players} entries, one per player, got {quote(shown)}")
    seen = set(on_boards)
    for s, cards in enumerate(shown):
        cards = _card_tuple(cards, f"shown[{s}]", (0, rules.hole_cards), fail)
        if seen & set(cards):
            raise fail(f"shown[{s}]", f"{quote(sorted(map(str, seen & set(cards))))} is already on a board or shown")
        if cards and s == seat and cards != hole:
            raise fail(f"shown[{s}]", "the seat's own shown cards are its hole cards")
        if s != seat and set(cards) & set(hole):
            raise fail(f"shown[{s}]", "another seat cannot show this seat's hole cards")
        seen.update(cards)


def _check_chips(
    stacks: tuple[int, ...],
    bets: tuple[int, ...],
    contributed: tuple[int, ...],
    starting: tuple[int, ...],
    pot_total: int,
    settled: bool,
    fail: Callable[[str, str], EngineError],
) -> None:
    """The chips add up; then ``pots`` and ``all_in``, worked out from them, are right too."""
    if settled:
        if pot_total:
            raise fail("pot_total", "a settled hand has nothing left in the middle (pot_total 0)")
        return
    for s in range(len(stacks)):
        if stacks[s] + contributed[s] != starting[s] or bets[s] > contributed[s]:
            raise fail(
                "stacks",
                f"seat {s}: stack {stacks[s]} and {contributed[s]} put in (bet {bets[s]} this "
                f"round) do not make its starting stack {starting[s]}",
            )
    if pot_total != sum(contributed):
        raise fail("pot_total", f"{pot_total} is not the {sum(contributed)} chips put in")


def _check_events(view: SeatView, seat: int, players: int, fail: Callable[[str, str], EngineError]) -> None:
    events = view.events
    if not isinstance(events, tuple):
        raise fail("events", f"expected a tuple of events, got {quote(events)}")
    for index, event in enumerate(events):
        if not isinstance(event, _VIEW_EVENTS):
            raise fail(f"events[{index}]", f"expected an event a seat may see, got {quote(event)}")
        if isinstance(event, HoleDealt) and (event.seat != seat or event.cards != view.hole):
            raise fail(f"events[{index}]", f"a seat view holds only its own hole cards, not {quote(event)}")
        _whole(getattr(event, "seat", 0), f"events[{index}].seat", 0, players - 1, fail)


_VIEW_EVENTS = (
    Posted,
    HoleDealt,
    DealtFaceDown,
    BurnedFaceDown,
    BoardDealt,
    Acted,
    BetReturned,
    Shown,
    Mucked,
    RakeTaken,
    PotAwarded,
    RunChosen,
)
