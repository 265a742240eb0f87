"""Replaying a record through the engine, and checking it against what the record says happened.

The deck is rebuilt so the engine deals exactly the recorded cards (unknown ones from the cards nobody saw),
every recorded action must be legal under the engine's own rules, and the outcome must match the record's:
finishing stacks, and each "collected" line. A record that breaks a rule, or disagrees, is reported, never
passed.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

import attrs

from engine.actions import Action, Bet, Muck, Raise, Show
from engine.cards import ALL_CARDS, Card, Deck
from engine.errors import EngineError, HistoryError, IllegalAction
from engine.history.record import HandRecord
from engine.legal import WORD_PHRASES, refusal
from engine.state import HandState, Street, restart_hand, start_hand
from engine.validate import quote

OK, MISMATCH, ERROR, UNCHECKED = "ok", "mismatch", "error", "unchecked"


@attrs.frozen(slots=True)
class ReplayReport:
    """The verdict on one record: ``status`` is "ok" (played and matches the record), "unchecked" (played, but
    the record states no outcome to compare), "mismatch" or "error"; ``detail`` says why (empty when ok);
    ``state`` is the engine's final state when the replay got that far."""

    record: HandRecord
    status: str
    detail: str = ""
    state: HandState | None = None

    @property
    def ok(self) -> bool:
        """Played and checked against the record's outcome, which it matches."""
        return self.status == OK

    @property
    def failed(self) -> bool:
        """The record breaks a rule, cannot be read, or ends otherwise than it says ("unchecked" has not)."""
        return self.status in (MISMATCH, ERROR)

    @property
    def finishing_stacks(self) -> tuple[int, ...] | None:
        return self.state.stacks if self.state is not None and self.state.is_over else None


def deck_for(record: HandRecord) -> Deck:
    """A deck that deals the record's cards where the engine will deal them: hole cards one at a time
    clockwise from the button's left, then a burn before each street. Unknown cards and burns are filled, in
    order, with the cards the record never mentions."""
    players = len(record.starting_stacks)
    per_seat = record.rules.hole_cards
    dealing = [(record.button + 1 + i) % players for i in range(players)]
    slots: list[Card | None] = []
    for round_ in range(per_seat):
        for seat in dealing:
            cards = record.hole[seat]
            slots.append(cards[round_] if round_ < len(cards) else None)
    board: list[Card | None] = list(record.board) + [None] * (5 - len(record.board))
    slots += [None, *board[:3], None, board[3], None, board[4]]
    seen = {card for card in slots if card is not None}  # distinct: the record checked itself when built
    spare = iter(card for card in ALL_CARDS if card not in seen)
    return Deck.ordered([card if card is not None else next(spare) for card in slots])


def replay(record: HandRecord) -> ReplayReport:
    """Play the record through the engine and compare the outcome with the record's. Anything but a record (the
    error a `Hands` list holds in place of a hand that could not be read, say) is a `HistoryError` saying so."""
    if not isinstance(record, HandRecord):
        if isinstance(record, HistoryError):
            raise HistoryError(
                f"replay takes a HandRecord; this is the error that kept a hand from being read: {record}"
            )
        raise HistoryError(f"replay takes a HandRecord, got {quote(record)}")
    state: HandState | None = None
    try:
        for step in _steps(record):
            state = step
    except _Refused as refused:
        return ReplayReport(record, ERROR, refused.detail, state)
    assert state is not None
    if not state.is_over:
        return ReplayReport(
            record, ERROR, f"the record ends before the hand does ({_who(record, state.actor)} is to act)", state
        )
    if record.finishing_stacks is None and record.collected is None:
        return ReplayReport(
            record,
            UNCHECKED,
            "the record states no outcome (no finishing stacks, winnings or "
            "collected chips) to check the replay against",
            state,
        )
    problem = _compare(record, state)
    return ReplayReport(record, MISMATCH if problem else OK, problem, state)


def replay_states(hand: HandRecord | HandState) -> Iterator[HandState]:
    """Every state of a hand, first to last: the first state (cards dealt, forced bets posted), then the state
    after each action. For a record, the showdown's shows and mucks are played as recorded; for an engine hand
    (restored from JSON, say: bomb pots, several boards and runs included) its own actions are played again.

    A record that breaks a rule raises HistoryError at the refused action, after the states before it; a
    record cut short simply ends (`replay` says which)."""
    if isinstance(hand, HandState):
        return _states_of(hand)
    if isinstance(hand, HandRecord):
        return _record_states(hand)
    raise HistoryError(f"replay_states needs a HandRecord or a HandState, got {quote(hand)}")


def _states_of(hand: HandState) -> Iterator[HandState]:
    setup = hand.setup
    state = restart_hand(setup.rules, setup.starting_stacks, setup.button, setup.deck, setup.posts, setup.bomb_pot)
    yield state
    for action in hand.actions:
        state = state.apply(action)
        yield state


def _record_states(record: HandRecord) -> Iterator[HandState]:
    try:
        yield from _steps(record)
    except _Refused as refused:
        raise HistoryError(
            f"{record.source or '<text>'}: hand #{record.id}: {refused.detail}", source=record.source, hand_id=record.id
        ) from None


class _Refused(Exception):
    """The engine refused the record at some step; ``detail`` says where and why."""

    def __init__(self, detail: str) -> None:
        super().__init__(detail)
        self.detail = detail


def _steps(record: HandRecord) -> Iterator[HandState]:
    """The states of the record's hand, as far as the engine accepts it (raises _Refused where it stops)."""
    try:
        state = start_hand(
            record.rules, record.starting_stacks, record.button, deck=deck_for(record), posts=record.posts
        )
    except EngineError as error:
        raise _Refused(f"cannot start the hand: {error}") from None
    yield state
    for index, (seat, action) in enumerate(record.actions, start=1):
        where = f"action {index} ({_who(record, seat)} {_said(record, action)})"
        if state.is_over:
            raise _Refused(f"{where}: the hand is already over")
        if state.street is Street.SHOWDOWN:
            raise _Refused(f"{where}: the betting is already over")
        try:
            state = state.apply(action, seat=seat)
        except EngineError as error:
            raise _Refused(f"{where}: {_in_record_terms(record, state, seat, action, error)}") from None
        yield state
    shown = {reveal.seat: reveal.cards for reveal in record.reveals}
    while state.street is Street.SHOWDOWN and state.actor is not None:
        seat = state.actor
        cards = shown.get(seat)
        choice = Show() if cards is not None and _shows_whole_hand(cards, state.hole[seat]) else Muck()
        if isinstance(choice, Muck) and not state.legal_actions().muck:
            choice = Show()
        state = state.apply(choice)
        yield state


def _said(record: HandRecord, action: Action) -> str:
    """An action as the record says it: a bet's or a raise's amount in the record's units."""
    if isinstance(action, (Bet, Raise)):
        return f"{'bet' if isinstance(action, Bet) else 'raise'} to {record.to_units(action.to)}"
    return str(action)


def _in_record_terms(record: HandRecord, state: HandState, seat: int | None, action: Action, error: Exception) -> str:
    """Why the engine refused an action, with the player's name and amounts in the record's units (the
    engine's own message counts seats from 0 and chips at the record's scale); other refusals as they are."""
    if not isinstance(error, IllegalAction) or seat is None:
        return str(error)
    if seat != state.actor:
        turn = "nobody is" if state.actor is None else f"{_who(record, state.actor)} is"
        return f"{_who(record, seat)} acted out of turn; {turn} to act"
    return refusal(state, action, state.legal_actions(), _who(record, seat), record.to_units, WORD_PHRASES)


def _shows_whole_hand(cards: Sequence[Card], hole: Sequence[Card]) -> bool:
    """Whether the cards the record shows for a seat are its whole hand (anything else is played as a muck)."""
    return sorted(cards) == sorted(hole)


def _who(record: HandRecord, seat: int | None) -> str:
    if seat is None:
        return "nobody"
    return record.players[seat] if 0 <= seat < len(record.players) else f"seat {seat}"


def _compare(record: HandRecord, state: HandState) -> str:
    """What differs between the engine's outcome and the record's, in the record's units; "" when nothing."""
    problems: list[str] = []
    result = state.result
    assert result is not None
    if record.finishing_stacks is not None and tuple(record.finishing_stacks) != state.stacks:
        for seat, (want, got) in enumerate(zip(record.finishing_stacks, state.stacks, strict=True)):
            if want != got:
                problems.append(
                    f"{_who(record, seat)} finishes with {record.to_units(got)}, the record says "
                    f"{record.to_units(want)}"
                )
    if record.rake is not None and record.rake != result.rake:
        problems.append(f"rake {record.to_units(result.rake)}, the record says {record.to_units(record.rake)}")
    if record.collected is not None:
        problems += _compare_collected(record, state)
    return "; ".join(problems)


def _compare_collected(record: HandRecord, state: HandState) -> list[str]:
    assert record.collected is not None and state.result is not None
    problems: list[str] = []
    pots = state.result.pots
    want_by_seat: dict[int, int] = {}
    for _, seat, amount in record.collected:
        want_by_seat[seat] = want_by_seat.get(seat, 0) + amount
    for seat in range(len(state.stacks)):
        got = state.result.won(seat)
        want = want_by_seat.get(seat, 0)
        if got != want:
            problems.append(
                f"{_who(record, seat)} collects {record.to_units(got)}, the record says {record.to_units(want)}"
            )
    if problems:
        return problems
    wanted: dict[tuple[int, int], int] = {}
    for pot, seat, amount in record.collected:
        if pot is not None:
            wanted[pot, seat] = wanted.get((pot, seat), 0) + amount
    for (pot, seat), want in wanted.items():
        got = pots[pot].paid(seat) if pot < len(pots) else 0
        if got != want:
            name = "the main pot" if pot == 0 else f"side pot {pot}"
            problems.append(
                f"{_who(record, seat)} collects {record.to_units(got)} from {name}, the record says "
                f"{record.to_units(want)}"
            )
            break
    return problems
