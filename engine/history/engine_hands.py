"""Engine hands as records, for the writers: the hand's own cards, posts, actions and showdown, with the players'
names given or taken from the `engine.table.Table` that dealt the hand."""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from engine.actions import Muck, RunIt, Show
from engine.errors import HistoryError, TableError
from engine.events import Acted, Mucked, Shown
from engine.history.record import HandRecord, RecordedShow
from engine.rules import ShowdownPolicy
from engine.state import HandState
from engine.table import Table
from engine.validate import quote

__all__ = ["state_to_record", "table_seating"]


def table_seating(table: Table, state: HandState) -> tuple[tuple[str, ...], tuple[int, ...]]:
    """The players' names and seat numbers (table seat + 1, as card rooms count them) of the hand ``table``
    has in play, in hand-seat order, for writing ``state`` (a state of that hand) as a history. Pass the table
    before `Table.finish_hand` takes the hand back: after it, the table no longer knows who was dealt in."""
    if not isinstance(table, Table):
        raise HistoryError(f"table must be an engine.table.Table, got {quote(table)}")
    try:
        table.check_hand(state)
    except TableError as error:
        raise HistoryError(
            f"cannot name the players from the table: {error} (pass the table while the hand is "
            "in play, before finish_hand)"
        ) from None
    names = []
    for seat in table.hand_seats:
        player = table.seats[seat]
        if player is None:  # check_hand has made sure this cannot be, but never write a name nobody has
            raise HistoryError(f"table seat {seat} is in the hand but empty")
        names.append(player.name)
    return tuple(names), tuple(seat + 1 for seat in table.hand_seats)


def state_to_record(
    state: HandState,
    players: Sequence[str] | None = None,
    source: str = "",
    id: str = "",
    *,
    table: Table | None = None,
) -> HandRecord:
    """An engine hand (finished or not) as a record: its cards, posts, actions with their seats (from the
    events), the showdown's shows and mucks, and, when it is over, the finishing stacks and the rake.

    The players' names are ``players`` or, given the ``table`` that dealt the hand (while the hand is in play),
    the names of its players, with their table seats (+1) as the record's seat numbers.
    The rules are the hand's, with the showdown policy RECORDED: the record's reveals say who showed.
    """
    if not isinstance(state, HandState):
        raise HistoryError(f"state_to_record needs a HandState, got {type(state).__name__}")
    labels = None
    if table is not None:
        if players is not None:
            raise HistoryError("give the players' names or the table they sit at, not both")
        players, labels = table_seating(table, state)
    n = state.players
    if players is not None and len(players) != n:
        raise HistoryError(f"{len(players)} player names for {n} seats")
    if len(state.boards) > 1 or state.rules.boards > 1 or state.setup.bomb_pot:
        what = "a bomb pot (no preflop betting)" if state.setup.bomb_pot else f"{len(state.boards)} boards"
        raise HistoryError(
            f"this hand has {what}; PHH and PokerStars histories record one board and preflop "
            f"betting, so it cannot be written (save it as JSON: engine.serialize.to_json)"
        )
    if state.agreement is not None and state.agreement.times is None:
        raise HistoryError(
            "this hand is waiting for its players to choose how many times to run the board; "
            "finish the choice first (a history has no notation for it)"
        )
    events = state.events
    seats = [event.seat for event in events if isinstance(event, Acted)]
    # A board run once is an ordinary board: the choices that led to it are left out, and so is the option.
    betting = [action for action in state.actions if not isinstance(action, (Show, Muck, RunIt))]
    reveals = tuple(
        RecordedShow(event.seat, event.cards if isinstance(event, Shown) else None)
        for event in events
        if isinstance(event, (Shown, Mucked))
    )
    over = state.is_over and state.result is not None
    rake = state.result.rake if over and state.result is not None and state.rules.rake is not None else None
    return HandRecord(
        source=source,
        id=id,
        rules=attrs.evolve(state.rules, showdown=ShowdownPolicy.RECORDED, runs=1),
        players=tuple(players) if players is not None else (),
        starting_stacks=state.starting_stacks,
        button=state.button,
        posts=state.setup.posts,
        hole=tuple(tuple(cards) for cards in state.hole),
        board=state.board,
        actions=tuple(zip(seats, betting, strict=True)),
        reveals=reveals,
        finishing_stacks=state.stacks if over else None,
        rake=rake,
        seat_labels=labels,
    )
