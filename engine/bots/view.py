"""A bot's view of the hand, cheap to build: `bot_view(state, seat)`.

The costly part of a `SeatView` is its ``events`` (the public history): a state keeps none until asked, so
building them means replaying the hand, several times the cost of the hand itself at every decision, and bots
in simulations never read them. So before the showdown a bot's view is built without them and keeps instead
the public facts they follow from (the rules, starting stacks and forced bets, the seat's own cards, the
boards, the actions so far); the first read of ``events`` replays them (see `SeatView`). The laziness is about
cost only (views built whole by `seat_view` cost ``simulate`` 39% more instructions: docs/choices.md, "Speed
tricks"): every fact kept is one the seat may see (it cannot keep the state instead, which holds the deck),
and the view equals ``state.view(seat)``.

The replay needs a deck, and the seat may not know the real one: every card it cannot see (other players'
cards, burns, cards still to come) is a stand-in drawn from the cards it cannot see. Before the showdown
nothing depends on those cards (stand-ins are redacted to `DealtFaceDown` and `BurnedFaceDown` like the real
ones), so the replica's history is exactly the real one; and the replica is the engine's own state, so the
only rule restated here is the order of the deal (checked: a replica whose hole cards or boards differ from
the real ones raises). From the showdown on the view is built eagerly by `seat_view`, because who shows, who
mucks and who is paid depend on the real cards.
"""

from __future__ import annotations

from functools import partial

from engine.actions import Action
from engine.cards import ALL_CARDS, Card, Deck
from engine.errors import EngineError
from engine.order import MAX_PLAYERS, seat_order_from
from engine.rules import Post, Rules
from engine.state import HandState, Street, board_positions, restart_hand
from engine.validate import whole
from engine.views import SeatView, ViewEvent, public_events, seat_view, view_of_state

_SHOWDOWN = Street.SHOWDOWN


def _public_events(
    seat: int,
    rules: Rules,
    button: int,
    starting_stacks: tuple[int, ...],
    posts: tuple[Post, ...],
    bomb_pot: int,
    hole: tuple[Card, ...],
    board: tuple[Card, ...],
    extra_boards: tuple[tuple[Card, ...], ...],
    actions: tuple[Action, ...],
) -> tuple[ViewEvent, ...]:
    """The public history, as the seat sees it, from the public facts a bot's view keeps: its arguments, kept
    with it as a `functools.partial` (made in one call, with no Python frame, at every decision). The hand is
    played again with stand-ins for every card the seat cannot see: the same public history as the real one
    (see the module)."""
    players, boards = len(starting_stacks), (board, *extra_boards)
    seen = set(hole).union(*boards)
    stand_ins = iter([card for card in ALL_CARDS if card not in seen])
    order: list[Card | None] = [None] * len(ALL_CARDS)
    position = seat_order_from(button + 1, range(players), players).index(seat)
    for k, card in enumerate(hole):
        order[position + k * players] = card  # hole cards go round one at a time from the button's left
    places = board_positions(players, rules.hole_cards, len(boards))
    for dealt, positions in zip(boards, places, strict=True):
        for card, place in zip(dealt, positions, strict=False):
            order[place] = card
    deck = Deck.ordered([card if card is not None else next(stand_ins) for card in order])
    state = restart_hand(rules, starting_stacks, button, deck, posts, bomb_pot)
    if state.hole[seat] != hole:
        raise EngineError("the replica dealt other hole cards: engine.bots.view no longer matches the deal order")
    for action in actions:
        state = state.apply(action)
    if state.boards != boards:
        raise EngineError("the replica dealt another board: engine.bots.view no longer matches the deal order")
    return public_events(state.events, seat)


_NOTHING_SHOWN = tuple(((),) * n for n in range(MAX_PLAYERS + 1))  # no hand shown, for each table size


def bot_view(state: HandState, seat: int) -> SeatView:
    """``seat``'s view of ``state``: equal to ``state.view(seat)``, but cheap to build (see the module)."""
    setup = state.setup
    players = len(setup.starting_stacks)
    if type(seat) is not int or not 0 <= seat < players:  # the plain test: this runs for every decision
        whole(seat, "seat (a seat index)", minimum=0, maximum=players - 1)
    if state.street >= _SHOWDOWN:
        return seat_view(state, seat)
    facts = partial(
        _public_events,
        seat,
        setup.rules,
        setup.button,
        setup.starting_stacks,
        setup.posts,
        setup.bomb_pot,
        setup.hole[seat],
        state.board,
        state.extra_boards,
        state.actions,
    )
    return view_of_state(state, seat, _NOTHING_SHOWN[players], None, None, facts)
