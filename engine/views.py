"""What one seat may know: its own cards, the board, stacks, bets, pots, whose turn, its legal actions, and
the public history. Never another player's face-down cards, mucked cards, or the deck order.

A view is built from the state by copying only public fields and by filtering the event history, never by
hiding fields of a copy of the state: whatever is not copied here cannot leak. The two redacted event kinds
(`DealtFaceDown`, `BurnedFaceDown`) keep the shape of the history (who was dealt how many cards, that a card
was burned) without the cards.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

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
from engine.pots import Pot
from engine.rules import Rules
from engine.showdown import HandResult

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


ViewEvent = (Posted | HoleDealt | DealtFaceDown | BurnedFaceDown | BoardDealt | Acted | BetReturned | Shown | Mucked
             | RakeTaken | PotAwarded | RunChosen)
"""An event as one seat sees it: `HoleDealt` only for its own cards, `DealtFaceDown` for everyone else's,
`BurnedFaceDown` for burns; every other event as it happened (`Shown` carries the cards shown, `Mucked` none)."""


@attrs.frozen(slots=True, weakref_slot=False)  # no weakref slot: engine.bots.view builds views by slot stores
class SeatView:
    """One seat's knowledge of a hand at one moment; everything in it may be sent to that seat's player.

    ``hole`` is the seat's own cards. ``shown[s]`` is the cards seat ``s`` has turned face up at the showdown
    (``()`` if none). ``legal`` is the seat's legal actions when it is the seat to act, else None. ``result``
    is the outcome once the hand is over, with each winning hand named only when its owner showed it (or it
    is this seat's own). ``events`` is the public history (see `ViewEvent`). A spectator's view has ``seat``
    -1 and no ``hole`` cards. ``boards`` is every board (`HandState.boards`); ``board`` is the first.
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
    all_in: tuple[bool, ...]
    pots: tuple[Pot, ...]
    pot_total: int
    level: int
    actor: int | None
    legal: LegalActions | None
    shown: tuple[tuple[Card, ...], ...]
    mucked: tuple[bool, ...]
    events: tuple[ViewEvent, ...]
    result: HandResult | None
    boards: tuple[tuple[Card, ...], ...] = ()

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
        if isinstance(event, HoleDealt):
            out.append(event if event.seat == seat else DealtFaceDown(event.seat, len(event.cards)))
        elif isinstance(event, Burned):
            out.append(BurnedFaceDown())
        else:
            out.append(event)
    return tuple(out)


def seat_view(state: HandState, seat: int | None) -> SeatView:
    """What ``seat`` may know of ``state`` now (``seat=None``: a spectator's view, with no hole cards).

    Another seat's hole cards appear only as that seat's `Shown` cards; burn cards and the deck never appear.
    """
    players = len(state.stacks)
    if seat is not None and (isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players):
        raise EngineError(f"seat must be a seat index in 0..{players - 1} (or None for a spectator), got {seat!r}")
    shown_flags = state.shown
    hole = state.hole
    shown = tuple(hole[s] if shown_flags[s] else () for s in range(players))
    legal = state.legal_actions() if seat is not None and state.actor == seat else None
    return SeatView(
        seat=-1 if seat is None else seat,
        rules=state.rules,
        button=state.button,
        street=state.street,
        hole=() if seat is None else hole[seat],
        board=state.board,
        starting_stacks=state.starting_stacks,
        stacks=state.stacks,
        bets=state.bets,
        contributed=state.contributed,
        folded=state.folded,
        all_in=state.all_in,
        pots=state.pots,
        pot_total=state.pot_total,
        level=state.level,
        actor=state.actor,
        legal=legal,
        shown=shown,
        mucked=state.mucked,
        events=public_events(state.events, seat),
        result=None if state.result is None else public_result(state.result, shown_flags, seat),
        boards=state.boards,
    )


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
