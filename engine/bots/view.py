"""A bot's view of the hand, built for speed: `bot_view(state, seat)`.

`HandState.view(seat)` builds every field of a `SeatView` at once. Two of them cost far more than the rest:
``events`` (the public history, replayed from the start of the hand) and ``pots`` (the side pots, rebuilt
from the contributions). A random or rule-based bot reads neither, and in a simulation those two would cost
several times the hand itself. So the runner hands bots a `SeatView` whose costly fields are filled the first
time they are read. It is still a `SeatView` (equal to the eager one, same JSON, same repr, frozen).

What it keeps for the pending fields is public only, so this laziness cannot leak: the rules, the stacks and
forced bets at the start, the seat's own cards, the board and the actions so far. When a pending field is
first read, the hand is replayed from those on a deck in which every card the seat may not see (other players'
cards, burns, cards still to come) is a stand-in drawn from the cards it cannot see. Before the showdown
nothing depends on those cards (stand-ins are redacted to `DealtFaceDown` and `BurnedFaceDown` like the real
ones), so the replica's history, pots and all-ins are exactly the real ones; and the replica is the engine's
own state, so the only rule restated here is the order of the deal (checked: a replica whose hole cards or
board differ from the real ones raises). From the showdown on the view is built eagerly by `seat_view`,
because who shows, who mucks and who is paid depend on the real cards.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from engine.actions import Action
from engine.cards import ALL_CARDS, Card, Deck
from engine.errors import EngineError
from engine.rules import Post, Rules
from engine.showdown import seat_order_from
from engine.state import HandState, Street, board_positions, restart_hand
from engine.validate import whole
from engine.views import SeatView, public_events, seat_view

_PENDING = frozenset(("events", "pots", "all_in"))
_SHOWDOWN = Street.SHOWDOWN


class _Pending(NamedTuple):
    """The public facts the pending fields are computed from (a named tuple: one is made per decision)."""

    seat: int
    rules: Rules
    button: int
    starting_stacks: tuple[int, ...]
    posts: tuple[Post, ...]
    bomb_pot: int
    hole: tuple[Card, ...]
    boards: tuple[tuple[Card, ...], ...]
    actions: tuple[Action, ...]

    def replica(self) -> HandState:
        """The same hand with stand-ins for every card the seat cannot see: the same public history, pots and
        all-ins as the real one (see the module)."""
        players = len(self.starting_stacks)
        seen = set(self.hole).union(*self.boards)
        stand_ins = iter([card for card in ALL_CARDS if card not in seen])
        order: list[Card | None] = [None] * len(ALL_CARDS)
        position = seat_order_from(self.button + 1, range(players), players).index(self.seat)
        for k, card in enumerate(self.hole):
            order[position + k * players] = card  # hole cards go round one at a time from the button's left
        places = board_positions(players, self.rules.hole_cards, len(self.boards))
        for board, positions in zip(self.boards, places, strict=True):
            for card, place in zip(board, positions, strict=False):
                order[place] = card
        deck = Deck.ordered([card if card is not None else next(stand_ins) for card in order])
        state = restart_hand(self.rules, self.starting_stacks, self.button, deck, self.posts, self.bomb_pot)
        if state.hole[self.seat] != self.hole:
            raise EngineError("the replica dealt other hole cards: engine.bots.view no longer matches the deal order")
        for action in self.actions:
            state = state.apply(action)
        if state.boards != self.boards:
            raise EngineError("the replica dealt another board: engine.bots.view no longer matches the deal order")
        return state


_SLOTS = {name: SeatView.__dict__[name] for name in _PENDING}  # the slots' own descriptors


def _pending_field(name: str) -> property:
    """A field that holds the `_Pending` facts in its slot until first read, then the real value."""
    slot = _SLOTS[name]

    def read(self: SeatView) -> Any:
        value = slot.__get__(self, SeatView)
        if type(value) is _Pending:
            _fill(self, value)
            value = slot.__get__(self, SeatView)
        return value

    def write(self: SeatView, value: object) -> None:  # for attrs' __init__ and unpickling
        slot.__set__(self, value)

    return property(read, write)


def _fill(view: SeatView, pending: _Pending) -> None:
    replica = pending.replica()
    _SLOTS["events"].__set__(view, public_events(replica.events, pending.seat))
    _SLOTS["pots"].__set__(view, replica.pots)
    _SLOTS["all_in"].__set__(view, replica.all_in)


class _LazySeatView(SeatView):
    """A `SeatView` whose ``events``, ``pots`` and ``all_in`` are computed when first read (see the module).
    It adds no slot: until then those slots hold the public facts they will be computed from."""

    __slots__ = ()

    events = _pending_field("events")
    pots = _pending_field("pots")
    all_in = _pending_field("all_in")

    def __eq__(self, other: object) -> bool:
        # attrs' __eq__ wants the very same class; a lazy view equals the eager view of the same moment.
        if not isinstance(other, SeatView):
            return NotImplemented
        return _values(self) == _values(other)

    def __ne__(self, other: object) -> bool:
        equal = self.__eq__(other)
        return equal if equal is NotImplemented else not equal

    __hash__ = SeatView.__hash__

    def __repr__(self) -> str:
        # The repr pastes back as code: name the public class.
        return "SeatView" + SeatView.__repr__(self).removeprefix(type(self).__qualname__)


def _values(view: SeatView) -> tuple[object, ...]:
    return tuple(getattr(view, field) for field in _FIELDS)


_FIELDS = tuple(field.name for field in SeatView.__attrs_attrs__)


class _Builder:
    """The layout of `SeatView` (the same slots, in the same order) without its frozen ``__setattr__``: filled
    by plain slot stores, then given its real class, as `engine.state` builds hand states (a frozen attrs
    ``__init__`` of 21 fields costs several times as much)."""

    __slots__ = SeatView.__slots__


_tuple_new = tuple.__new__  # builds a named tuple without its Python-level __new__
_NOTHING_SHOWN = tuple(((),) * n for n in range(11))


def bot_view(state: HandState, seat: int) -> SeatView:
    """``seat``'s view of ``state``: equal to ``state.view(seat)``, but cheap to build (see the module)."""
    street = state.street
    setup = state.setup
    starting = setup.starting_stacks
    players = len(starting)
    if type(seat) is not int or not 0 <= seat < players:  # the plain test: this runs for every decision
        whole(seat, "seat (a seat index)", minimum=0, maximum=players - 1)
    if street >= _SHOWDOWN:
        return seat_view(state, seat)
    rules, button, hole, board, actor = setup.rules, setup.button, setup.hole[seat], state.board, state.actor
    view: Any = object.__new__(_Builder)
    view.seat = seat
    view.rules = rules
    view.button = button
    view.street = street
    view.hole = hole
    view.board = board
    view.boards = state.boards
    view.starting_stacks = starting
    view.stacks = state.stacks
    view.bets = state.bets
    view.contributed = state.contributed
    view.folded = state.folded
    view.pot_total = state.pot_total
    view.level = state.level
    view.actor = actor
    view.legal = state.legal_actions() if actor == seat else None
    view.shown = _NOTHING_SHOWN[players]  # nothing is shown before the showdown
    view.mucked = state.mucked
    view.result = None
    view.events = view.pots = view.all_in = _tuple_new(_Pending, (seat, rules, button, starting, setup.posts,
                                                                  setup.bomb_pot, hole, view.boards, state.actions))
    view.__class__ = _LazySeatView
    result: SeatView = view
    return result
