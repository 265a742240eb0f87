"""The immutable hand state and its transitions: blinds, preflop, flop, turn, river, showdown, settled.

`start_hand` posts and deals; `HandState.apply` takes one action and returns a new state, leaving the old
one valid. Streets advance by themselves: when a betting round closes, the uncalled part of a bet goes back,
the next street is dealt (with its burn card), and when fewer than two players can still bet the board runs
out to the showdown. Pure: no I/O, no clock, and chance only from the deck fixed at the start.

Inside, a transition copies the state into a mutable `_Work`, runs the rules on it, and freezes the result
into one new state, so each step builds exactly one object and shares everything it did not change.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from enum import IntEnum
from typing import TYPE_CHECKING, Any, NamedTuple

import attrs

from engine.actions import Action, Bet, Call, Check, Fold, Muck, Raise, RunIt, Show
from engine.betting import FLOP, PREFLOP, RIVER, TURN, FixedLimit, Spot
from engine.cards import Card, Deck
from engine.errors import IllegalAction, RulesError
from engine.evaluation import BoardEvaluator
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
from engine.pots import Pot, layered_pots, uncalled_bet
from engine.rules import Post, Rules, ShowdownPolicy, bomb_pot_posts, check_posts, standard_posts
from engine.showdown import (
    HandResult,
    PotResult,
    could_win,
    seat_order_from,
    settle_on_boards,
    settled_hand,
    split_rake,
)
from engine.validate import quote, whole

if TYPE_CHECKING:
    from engine.views import SeatView


class Street(IntEnum):
    """Where a hand is: blinds, the four betting streets, the showdown, settled."""

    BLINDS = 0
    PREFLOP = PREFLOP
    FLOP = FLOP
    TURN = TURN
    RIVER = RIVER
    SHOWDOWN = 5
    SETTLED = 6


_SHOWDOWN, _SETTLED = Street.SHOWDOWN, Street.SETTLED  # module names: cheaper to read than the enum's attributes
_BOARD_SIZES = {FLOP: 3, TURN: 1, RIVER: 1}
_NEXT_STREET = {Street.PREFLOP: Street.FLOP, Street.FLOP: Street.TURN, Street.TURN: Street.RIVER}


class LegalActions(NamedTuple):
    """What the player to act may do, with exact amounts (an immutable value; a named tuple for speed, since
    one is made for every decision).

    ``fold`` is True when there is something to call. A player who could check may still fold (an "open fold":
    card rooms allow it and real logs contain it), so `allows` and `apply` accept `Fold()` whenever ``check``
    is True, but ``fold`` stays False there and ``actions`` leaves it out: a bot that picks from the offered
    actions is never steered into folding for free. ``call`` is the chips a call adds (0 when there is nothing
    to call); ``wager`` is "bet" or "raise" when a wager is allowed, with ``min_to`` and ``max_to`` the totals
    it may bring the player's bet to (fixed limit has one amount, so they are equal; both are 0 when no wager
    is allowed). ``show`` and ``muck`` are for a manual showdown. ``runs`` is set when
    players are all in before the river and may run the rest of the board more than once: the player chooses
    `RunIt(times)` with times from 1 (run it once) to ``runs``.
    """

    seat: int
    fold: bool = False
    check: bool = False
    call: int = 0
    wager: str | None = None
    min_to: int = 0
    max_to: int = 0
    show: bool = False
    muck: bool = False
    runs: int = 0

    def allows(self, action: Action) -> bool:
        """Whether the actor may take ``action`` here (`HandState.apply` succeeds exactly when it does)."""
        kind = type(action)
        if kind is Call:
            return self.call > 0
        if kind is Check:
            return self.check
        if kind is Fold:
            return self.fold or self.check
        if kind is Raise or kind is Bet:
            assert isinstance(action, (Bet, Raise))
            # type(): an action's amount is checked when it is made, but object.__setattr__ can still slip in a
            # float (4.5 chips) or a bool.
            return (self.wager == ("bet" if kind is Bet else "raise") and type(action.to) is int
                    and self.min_to <= action.to <= self.max_to)
        if kind is Show:
            return self.show
        if kind is Muck:
            return self.muck
        if kind is RunIt:
            assert isinstance(action, RunIt)
            return action.times <= self.runs
        return False

    def describe(self) -> str:
        """The allowed actions in words, for error messages and prompts."""
        parts = []
        if self.fold:
            parts.append("fold")
        if self.check:
            parts.append("check")
        if self.call:
            parts.append(f"call {self.call}")
        if self.wager:
            word = "Bet" if self.wager == "bet" else "Raise"
            amount = str(self.min_to) if self.min_to == self.max_to else f"{self.min_to}..{self.max_to}"
            parts.append(f"{word}(to) with to = {amount}")
        if self.show:
            parts.append("show")
        if self.muck:
            parts.append("muck")
        if self.runs:
            parts.append(f"RunIt(times) with times = 1..{self.runs}")
        return ", ".join(parts) if parts else "nothing"

    @property
    def actions(self) -> tuple[Action, ...]:
        """One action of each allowed kind; a wager appears at its minimum and at its maximum."""
        out: list[Action] = []
        if self.fold:
            out.append(Fold())
        if self.check:
            out.append(Check())
        if self.call:
            out.append(Call())
        if self.wager:
            kind = Bet if self.wager == "bet" else Raise
            out.append(kind(self.min_to))
            if self.max_to != self.min_to:
                out.append(kind(self.max_to))
        if self.show:
            out.append(Show())
        if self.muck:
            out.append(Muck())
        out.extend(RunIt(times) for times in range(1, self.runs + 1))
        return tuple(out)

    @property
    def default(self) -> Action:
        """What a server does for a player who does not answer in time: check, else decline to run the board
        again, else show at the showdown, else fold."""
        if self.check:
            return _CHECK
        if self.runs:
            return RunIt(1)
        if self.show:
            return _SHOW
        return _FOLD


@attrs.frozen(slots=True)
class HandSetup:
    """What is fixed when a hand starts, shared by every state of the hand."""

    rules: Rules
    button: int
    starting_stacks: tuple[int, ...]
    posts: tuple[Post, ...]
    deck: tuple[Card, ...] = attrs.field(repr=False)
    hole: tuple[tuple[Card, ...], ...] = attrs.field(repr=False)
    bomb_pot: int = 0


@attrs.frozen(slots=True)
class Reveal:
    """The showdown so far: the order hands are shown in, and who has shown or mucked."""

    order: tuple[int, ...]
    shown: tuple[bool, ...]
    mucked: tuple[bool, ...]


@attrs.frozen(slots=True)
class Agreement:
    """Players all in before the river choosing how many times to run the rest of the board: ``order`` is who
    chooses, in turn from the button's left; ``choices`` what each has chosen so far; ``most`` the most runs
    on offer (the rules' ``runs``, fewer when the deck cannot deal more)."""

    order: tuple[int, ...]
    choices: tuple[int, ...]
    most: int

    @property
    def times(self) -> int | None:
        """The runs agreed (the lowest choice), once everyone has chosen."""
        return min(self.choices) if len(self.choices) == len(self.order) else None


_FOLD, _CHECK, _CALL, _SHOW, _MUCK = Fold(), Check(), Call(), Show(), Muck()
_ACTION_KINDS = (Fold, Check, Call, Bet, Raise, Show, Muck, RunIt)
_CANONICAL: dict[type, Action] = {Fold: _FOLD, Check: _CHECK, Call: _CALL, Show: _SHOW, Muck: _MUCK}


@attrs.frozen(slots=True, weakref_slot=False)
class HandState:
    """One moment of one hand. Seats are 0..n-1 clockwise; every field is immutable.

    ``bets`` are this round's bets (not yet in the pots); ``contributed`` each seat's total put in this hand,
    this round's bets and antes included; ``acted`` the bet level each seat last acted at in this round (-1:
    not yet, or the betting was reopened since). ``level`` is the bet to match, ``full_level`` the level of
    the last full bet or raise, ``min_raise`` its size, ``wagers`` the count of full bets and raises.
    ``actions`` is every action taken so far: with the setup (rules, stacks, button, deck) it is the whole
    record of the hand, from which `events` are replayed on demand.

    ``board`` is the board (the first one in a double-board game, the first run when the board was run more
    than once); ``extra_boards`` the others, so `boards` is every board in order: run by run, board by board.
    ``agreement`` is set once players all in before the river are asked how many times to run the board.
    """

    setup: HandSetup
    street: Street
    board: tuple[Card, ...]
    extra_boards: tuple[tuple[Card, ...], ...]
    stacks: tuple[int, ...]
    bets: tuple[int, ...]
    contributed: tuple[int, ...]
    folded: tuple[bool, ...]
    actor: int | None
    level: int
    full_level: int
    min_raise: int
    wagers: int
    acted: tuple[int, ...]
    aggressor: int | None
    agreement: Agreement | None = attrs.field(repr=False)
    reveal: Reveal | None = attrs.field(repr=False)
    result: HandResult | None = attrs.field(repr=False)
    actions: tuple[Action, ...] = attrs.field(repr=False)
    _legal_cache: LegalActions | None = attrs.field(default=None, eq=False, hash=False, repr=False, init=False)
    _events_cache: tuple[Event, ...] | None = attrs.field(default=None, eq=False, hash=False, repr=False, init=False)

    # --- reading the state ---------------------------------------------------------------------------------

    @property
    def rules(self) -> Rules:
        return self.setup.rules

    @property
    def button(self) -> int:
        return self.setup.button

    @property
    def starting_stacks(self) -> tuple[int, ...]:
        return self.setup.starting_stacks

    @property
    def deck(self) -> tuple[Card, ...]:
        return self.setup.deck

    @property
    def hole(self) -> tuple[tuple[Card, ...], ...]:
        return self.setup.hole

    @property
    def players(self) -> int:
        return len(self.stacks)

    @property
    def boards(self) -> tuple[tuple[Card, ...], ...]:
        """Every board: one, or one per board of a double-board game, times the runs agreed."""
        return (self.board, *self.extra_boards)

    @property
    def is_over(self) -> bool:
        return self.street is _SETTLED

    @property
    def showdown_order(self) -> tuple[int, ...]:
        return self.reveal.order if self.reveal else ()

    @property
    def shown(self) -> tuple[bool, ...]:
        return self.reveal.shown if self.reveal else (False,) * len(self.stacks)

    @property
    def mucked(self) -> tuple[bool, ...]:
        return self.reveal.mucked if self.reveal else (False,) * len(self.stacks)

    @property
    def events(self) -> tuple[Event, ...]:
        """Everything that happened so far, replayed from the setup and the actions (deterministic).

        Once read, the events are kept with the state, and `apply` records the next state's as it goes: a
        server that shows the history after every action pays for each event once, while bots and
        simulations, which never read it, pay nothing."""
        events = self._events_cache
        if events is None:
            events = _replay_events(self.setup, self.actions)
            object.__setattr__(self, "_events_cache", events)  # a memo of a pure function of this state
        return events

    @property
    def pots(self) -> tuple[Pot, ...]:
        """The pots as they stand, built from the chips already gathered (this round's bets excluded)."""
        if self.result is not None:
            return ()
        gathered = [c - b for c, b in zip(self.contributed, self.bets, strict=True)]
        return layered_pots(gathered, [not f for f in self.folded], [not c for c in self.stacks])

    @property
    def pot_total(self) -> int:
        """Every chip in the middle: the pots and this round's bets."""
        return 0 if self.result is not None else sum(self.contributed)

    @property
    def all_in(self) -> tuple[bool, ...]:
        """Seats still in the hand with no chips behind."""
        return tuple(not out and not chips for chips, out in zip(self.stacks, self.folded, strict=True))

    @property
    def in_hand(self) -> tuple[int, ...]:
        """Seats that have not folded."""
        return tuple(seat for seat, folded in enumerate(self.folded) if not folded)

    def view(self, seat: int) -> SeatView:
        """What ``seat`` may know now: never another player's face-down cards, mucked cards or the deck."""
        from engine.views import seat_view

        return seat_view(self, seat)

    def legal_actions(self) -> LegalActions:
        """What `actor` may do now; raises IllegalAction when nobody is to act (the hand is over)."""
        legal = self._legal_cache
        if legal is None:
            if self.actor is None:
                raise IllegalAction("nobody is to act: the hand is over")
            legal = _legal(self, self.actor)
            object.__setattr__(self, "_legal_cache", legal)  # a memo of a pure function of this state
        return legal

    def apply(self, action: Action, seat: int | None = None) -> HandState:
        """The state after ``action`` by the player to act (``seat``, when given, must be that player).

        Raises IllegalAction, saying what is allowed, when the action is not legal here; this state is
        unchanged either way.
        """
        if self.actor is None:
            raise IllegalAction(f"{action} is not possible: the hand is over")
        if seat is not None and (seat != self.actor or isinstance(seat, bool) or not isinstance(seat, int)):
            if isinstance(seat, bool) or not isinstance(seat, int):
                raise IllegalAction(f"seat must be a seat index (a whole number), got {quote(seat)}")
            raise IllegalAction(f"seat {seat} acted out of turn; seat {self.actor} is to act")
        legal = self._legal_cache or self.legal_actions()
        kind = type(action)
        if self._events_cache is not None:
            return self._apply_recording(action, legal)
        if ((kind is Call and legal.call) or (kind is Check and legal.check)
                or (kind is Fold and (legal.fold or legal.check))):
            action = _CANONICAL[kind]
            quick = _quick_step(self, action, self.actor)
            if quick is not None:
                return quick
        elif not legal.allows(action):
            raise IllegalAction(_refusal(self, action, legal))
        elif kind is Bet or kind is Raise:
            assert isinstance(action, (Bet, Raise))
            quick = _quick_step(self, action, self.actor)
            if quick is not None:
                return quick
        action = _CANONICAL.get(kind, action)
        work = _Work(self, None)
        work.act(action)
        return work.freeze(self.actions + (action,))

    def _apply_recording(self, action: Action, legal: LegalActions) -> HandState:
        """`apply` for a state whose events were read: the general path, recording the events it adds."""
        assert self._events_cache is not None
        if not legal.allows(action):
            raise IllegalAction(_refusal(self, action, legal))
        action = _CANONICAL.get(type(action), action)
        added: list[Event] = []
        work = _Work(self, added)
        work.act(action)
        state = work.freeze(self.actions + (action,))
        object.__setattr__(state, "_events_cache", self._events_cache + tuple(added))
        return state


class _StateBuilder:
    """The slots of `HandState` without its frozen ``__setattr__``. A hand builds a state per action, and a
    frozen attrs ``__init__`` costs about four times as much as plain slot stores, so `_new_state` fills one of
    these and then gives it its real class (the layouts are identical, so Python allows the switch)."""

    __slots__ = HandState.__slots__
    setup: HandSetup
    street: Street
    board: tuple[Card, ...]
    extra_boards: tuple[tuple[Card, ...], ...]
    stacks: tuple[int, ...]
    bets: tuple[int, ...]
    contributed: tuple[int, ...]
    folded: tuple[bool, ...]
    actor: int | None
    level: int
    full_level: int
    min_raise: int
    wagers: int
    acted: tuple[int, ...]
    aggressor: int | None
    agreement: Agreement | None
    reveal: Reveal | None
    result: HandResult | None
    actions: tuple[Action, ...]
    _legal_cache: LegalActions | None
    _events_cache: tuple[Event, ...] | None


def _new_state(setup: HandSetup, street: Street, board: tuple[Card, ...], extra_boards: tuple[tuple[Card, ...], ...],
               stacks: tuple[int, ...], bets: tuple[int, ...], contributed: tuple[int, ...],
               folded: tuple[bool, ...], actor: int | None, level: int, full_level: int, min_raise: int,
               wagers: int, acted: tuple[int, ...], aggressor: int | None, agreement: Agreement | None,
               reveal: Reveal | None, result: HandResult | None, actions: tuple[Action, ...]) -> HandState:
    """The same as ``HandState(...)`` with every field given, only faster (see `_StateBuilder`)."""
    state = object.__new__(_StateBuilder)
    state.setup = setup
    state.street = street
    state.board = board
    state.extra_boards = extra_boards
    state.stacks = stacks
    state.bets = bets
    state.contributed = contributed
    state.folded = folded
    state.actor = actor
    state.level = level
    state.full_level = full_level
    state.min_raise = min_raise
    state.wagers = wagers
    state.acted = acted
    state.aggressor = aggressor
    state.agreement = agreement
    state.reveal = reveal
    state.result = result
    state.actions = actions
    # Every state with a player to act is asked for its legal actions (`apply` checks against them), so they
    # are worked out now, while the state is still writable; at a showdown they wait until asked.
    legal = None
    if actor is not None and street is not _SHOWDOWN:
        legal = _legal(state, actor)  # type: ignore[arg-type]  # reads only fields, which the builder has
    state._legal_cache = legal
    state._events_cache = None
    state.__class__ = HandState  # type: ignore[assignment]
    return state  # type: ignore[return-value]


# --- legal actions ------------------------------------------------------------------------------------------


_tuple_new = tuple.__new__  # builds a named tuple without its Python-level __new__: one is made per decision


def _spot(state: HandState | _Work, seat: int) -> Spot:
    """What the betting structure needs to know about ``seat``'s turn (built without Spot's Python __new__)."""
    spot: Spot = _tuple_new(Spot, (state.street, state.level, state.full_level, state.min_raise, state.wagers,
                                   sum(state.contributed), state.bets[seat], state.stacks[seat],
                                   state.folded.count(False), state.setup.rules.blinds[-1]))
    return spot


def _legal(state: HandState, seat: int) -> LegalActions:
    if state.street is _SHOWDOWN:
        return LegalActions(seat, show=True, muck=_may_muck(state, seat))
    if state.agreement is not None:
        return LegalActions(seat, runs=state.agreement.most)
    stacks, level = state.stacks, state.level
    stack = stacks[seat]
    owed = level - state.bets[seat]
    facing = owed > 0
    call = (owed if owed < stack else stack) if facing else 0
    limits = _wager_limits(state, seat) if owed < stack else None  # else calling takes every chip
    legal: LegalActions
    if limits is None:
        legal = _tuple_new(LegalActions, (seat, facing, not facing, call, None, 0, 0, False, False, 0))
    else:
        wager = "raise" if level else "bet"
        legal = _tuple_new(LegalActions, (seat, facing, not facing, call, wager, *limits, False, False, 0))
    return legal


def _wager_limits(state: HandState, seat: int) -> tuple[int, int] | None:
    """The (min, max) ``seat`` may bet or raise to, or None: when nobody left could answer a wager (every other
    player still in is all in, or could not put in more than the bet already made), when a short all-in did not
    reopen the betting to this player, or when the structure allows none (a capped round)."""
    stacks, level = state.stacks, state.level
    if min(stacks) <= level:  # (else every stack alone is more than the bet: anyone still in could answer)
        folded, bets = state.folded, state.bets
        for other, chips in enumerate(stacks):
            if chips + bets[other] > level and other != seat and not folded[other]:
                break
        else:
            return None
    spot = _spot(state, seat)
    betting = state.setup.rules.betting
    acted = state.acted[seat]
    if acted >= 0 and state.level - acted < betting.reopen_threshold(spot):
        return None
    return betting.wager_range(spot)


def _may_muck(state: HandState, seat: int) -> bool:
    """A hand may not be mucked when it is the last claim on some pot."""
    for pot in _final_pots(state.contributed, state.folded, state.stacks):
        if seat in pot.eligible and not any(s != seat and not state.mucked[s] for s in pot.eligible):
            return False
    return True


def _refusal(state: HandState, action: Action, legal: LegalActions) -> str:
    allowed = legal.describe()
    seat = legal.seat
    if isinstance(action, Check) and not legal.check:
        reason = f"seat {seat} cannot check: there is {state.level - state.bets[seat]} to call"
    elif isinstance(action, Call) and not legal.call:
        reason = f"seat {seat} cannot call: there is nothing to call"
    elif not isinstance(action, _ACTION_KINDS):
        reason = (f"{quote(action)} is not an action; play one of Fold(), Check(), Call(), Bet(to), Raise(to), "
                  "Show(), Muck(), RunIt(times)")
    elif isinstance(action, Fold):
        reason = f"seat {seat} cannot fold now"
    elif isinstance(action, (Bet, Raise)):
        word = "bet" if isinstance(action, Bet) else "raise"
        if legal.wager is None:
            reason = f"seat {seat} cannot {word} here"
        elif legal.wager != word:
            reason = (f"seat {seat} cannot {word}: "
                      + ("there is a bet to raise" if legal.wager == "raise" else "there is no bet to raise"))
        elif type(action.to) is not int:
            reason = f"seat {seat} cannot {word} to {quote(action.to)}: amounts are whole numbers of chips"
        else:
            reason = f"seat {seat} cannot {word} to {action.to}"
    elif isinstance(action, RunIt):
        reason = (f"seat {seat} cannot choose how many times to run the board now" if not legal.runs else
                  f"seat {seat} cannot run it {action.times} times: {legal.runs} at most")
    elif isinstance(action, (Show, Muck)):
        reason = f"seat {seat} cannot {action}" + (" now" if state.street is not Street.SHOWDOWN else
                                                     ": it is the last claim on a pot")
    else:
        reason = f"seat {seat} cannot {action}"
    return f"{reason}; allowed: {allowed}"


# --- the common step -----------------------------------------------------------------------------------------


def _next_actor(start: int, folded: Sequence[bool], stacks: Sequence[int], acted: Sequence[int],
                bets: Sequence[int], level: int) -> int | None:
    """The first seat from ``start`` clockwise that must still act, or None when the round is closed.

    A player must act when they are in the hand with chips behind and have not acted since the betting was
    last opened, or owe chips. One who owes nothing while nobody else has chips has nobody to bet against.
    """
    n = len(stacks)
    for seat in _CLOCKWISE[n][start % n]:
        if not folded[seat] and stacks[seat] > 0 and (acted[seat] < 0 or bets[seat] < level):
            if bets[seat] < level:
                return seat
            for other in range(n):
                if other != seat and stacks[other] > 0 and not folded[other]:
                    return seat
            return None
    return None


_CLOCKWISE = [[tuple((start + i) % n for i in range(n)) for start in range(n)] for n in range(11)]
"""``_CLOCKWISE[n][start]``: the seats of an ``n``-seat hand in order from ``start``."""


def _quick_step(state: HandState, action: Action, seat: int) -> HandState | None:
    """A check, call, fold, bet or raise (already checked legal): every step of a hand's betting. The new
    tuples are made straight from the old state's; when the betting round goes on, the state is built from
    them at once, and when the round or the hand ends, a `_Work` takes them over to deal, run out or settle
    (a wager never ends a round here: this returns None and `apply` takes the general path, `_Work.act`,
    which gives the same states: a test checks it)."""
    level = state.level
    stacks, bets, contributed, folded, acted = state.stacks, state.bets, state.contributed, state.folded, state.acted
    after = seat + 1
    kind = type(action)
    if kind is Bet or kind is Raise:
        assert isinstance(action, (Bet, Raise))
        return _quick_wager(state, action, seat)
    # A tuple with one item changed: list, store, tuple (faster than slicing for a table's few seats).
    if kind is Fold:
        changed: list[Any] = list(folded)
        changed[seat] = True
        folded = tuple(changed)
        actor = None if folded.count(False) == 1 else _next_actor(after, folded, stacks, acted, bets, level)
    else:
        changed = list(acted)
        changed[seat] = level
        acted = tuple(changed)
        if kind is Call:
            stack, owed = stacks[seat], level - bets[seat]
            added = owed if owed < stack else stack
            changed = list(stacks)
            changed[seat] = stack - added
            stacks = tuple(changed)
            changed = list(bets)
            changed[seat] += added
            bets = tuple(changed)
            changed = list(contributed)
            changed[seat] += added
            contributed = tuple(changed)
        actor = _next_actor(after, folded, stacks, acted, bets, level)
    actions = state.actions + (action,)
    if actor is None:
        work = _Work(state, None)
        work.stacks, work.bets, work.contributed = list(stacks), list(bets), list(contributed)
        work.folded, work.acted = list(folded), list(acted)
        work.advance(after=seat)
        return work.freeze(actions)
    return _new_state(state.setup, state.street, state.board, state.extra_boards, stacks, bets, contributed, folded,
                      actor, level, state.full_level, state.min_raise, state.wagers, acted, state.aggressor, None,
                      None, None, actions)


def _quick_wager(state: HandState, action: Bet | Raise, seat: int) -> HandState | None:
    """A bet or raise while the round goes on (None when nobody is left to act after it)."""
    to = action.to
    stacks, bets, contributed, acted = state.stacks, state.bets, state.contributed, state.acted
    after = seat + 1
    added = to - bets[seat]
    spot = _spot(state, seat)
    betting = state.setup.rules.betting
    if betting.is_full(spot, to):
        min_raise, full_level, wagers = betting.next_min_raise(spot, to), to, state.wagers + 1
        changed = [-1] * len(acted)
    else:
        min_raise, full_level, wagers = state.min_raise, state.full_level, state.wagers
        changed = list(acted)
    changed[seat] = to
    acted = tuple(changed)
    changed = list(stacks)
    changed[seat] -= added
    stacks = tuple(changed)
    changed = list(bets)
    changed[seat] = to
    bets = tuple(changed)
    changed = list(contributed)
    changed[seat] += added
    contributed = tuple(changed)
    actor = _next_actor(after, state.folded, stacks, acted, bets, to)
    if actor is None:
        return None
    return _new_state(state.setup, state.street, state.board, state.extra_boards, stacks, bets, contributed,
                      state.folded, actor, to, full_level, min_raise, wagers, acted, seat, None, None, None,
                      state.actions + (action,))


# --- starting a hand ----------------------------------------------------------------------------------------


def start_hand(rules: Rules, stacks: Sequence[int], button: int = 0, *, seed: int | str | bytes | None = None,
               deck: Deck | Sequence[Card] | None = None, posts: Sequence[Post] | None = None,
               bomb_pot: int = 0) -> HandState:
    """Post antes and blinds, deal the hole cards, and return the state with the first player to act.

    The deck is fixed here: ``deck`` in a given order (replays, tests), else ``seed`` for a reproducible
    shuffle, else a secure shuffle. Hole cards are dealt one at a time clockwise from the seat left of the
    button; a card is burned before the flop, the turn and the river. ``posts`` replaces the antes and blinds
    the rules call for, when a hand's forced bets differ (a new player's big blind, dead blinds, straddles).
    ``bomb_pot`` makes the hand a bomb pot: everyone antes that many chips (instead of the antes and blinds),
    nobody bets before the flop, and the first betting round is on the flop.
    """
    if not isinstance(rules, Rules):
        raise RulesError(f"rules must be a Rules(...), got {quote(rules)}")
    if isinstance(stacks, (str, bytes)) or not isinstance(stacks, Iterable):
        raise RulesError(f"stacks must be a sequence of chip counts, one per player, got {quote(stacks)}")
    stacks = tuple(stacks)
    players = len(stacks)
    if not 2 <= players <= rules.max_players:
        raise RulesError(f"a hand needs 2 to {rules.max_players} players, got {players}")
    for seat, stack in enumerate(stacks):
        if type(stack) is not int or stack <= 0:  # the plain test first: a hand starts often
            whole(stack, f"seat {seat}'s stack (chips)", minimum=1, error=RulesError)
    if type(button) is not int or not 0 <= button < players:
        whole(button, "button (a seat index)", minimum=0, maximum=players - 1, error=RulesError)
    if deck is not None and seed is not None:
        raise RulesError("give a deck or a seed, not both")
    if deck is None:
        order = (Deck.secure() if seed is None else Deck.seeded(seed)).cards
    elif isinstance(deck, Deck):
        order = deck.cards
    elif isinstance(deck, (str, Iterable)):
        order = Deck.ordered(deck).cards
    else:
        raise RulesError(f"deck must be a Deck or a sequence of cards, got {quote(deck)}")
    needed = players * rules.hole_cards + 3 + 5 * rules.boards
    if len(order) < needed:
        raise RulesError(f"the deck holds {len(order)} cards; {players} players need {needed} "
                         f"({rules.hole_cards} each, 5 for each board and 3 burns)")
    if type(bomb_pot) is not int or bomb_pot < 0:
        whole(bomb_pot, "bomb_pot (the ante each player posts, in chips)", minimum=0, error=RulesError)
    if bomb_pot:
        if posts is not None:
            raise RulesError("a bomb pot's forced bets are its antes: give bomb_pot or posts, not both")
        forced = bomb_pot_posts(players, button, bomb_pot)
    elif posts is None:
        forced = standard_posts(rules, players, button)
    elif isinstance(posts, (str, bytes)) or not isinstance(posts, Iterable):
        raise RulesError(f"posts must be a sequence of Post(seat, kind, amount), got {quote(posts)}")
    else:
        forced = tuple(posts)
        check_posts(rules, forced, players)
    n = players
    dealing = seat_order_from(button + 1, range(n), n)
    hole: list[tuple[Card, ...]] = [()] * n
    for i, seat in enumerate(dealing):
        hole[seat] = order[i: n * rules.hole_cards: n]
    setup = HandSetup(rules, button, stacks, forced, order, tuple(hole), bomb_pot)
    return _Work.new_hand(setup, None).freeze(())


def restart_hand(rules: Rules, stacks: Sequence[int], button: int, deck: Deck | Sequence[Card],
                 posts: Sequence[Post], bomb_pot: int = 0) -> HandState:
    """The first state of a hand dealt before, from its setup's parts: for rebuilding a hand from its record (a
    bomb pot's posts are its antes, which `start_hand` makes itself)."""
    if bomb_pot:
        return start_hand(rules, stacks, button, deck=deck, bomb_pot=bomb_pot)
    return start_hand(rules, stacks, button, deck=deck, posts=posts)


def board_positions(players: int, hole_cards: int, boards: int = 1) -> tuple[tuple[int, ...], ...]:
    """Where each board's five cards lie in the deck (the first run): the hole cards come first, then for each
    street a burn and that street's cards for each board in turn."""
    positions: list[list[int]] = [[] for _ in range(boards)]
    position = players * hole_cards
    for size in (3, 1, 1):
        position += 1  # the burn
        for board in positions:
            board.extend(range(position, position + size))
            position += size
    return tuple(tuple(board) for board in positions)


def _replay_events(setup: HandSetup, actions: Sequence[Action]) -> tuple[Event, ...]:
    """The events of a hand, by playing its actions again with recording on (chance is in the deck)."""
    events: list[Event] = []
    work = _Work.new_hand(setup, events)
    for action in actions:
        work.act(action)
    return tuple(events)


# --- the working copy ---------------------------------------------------------------------------------------


class _Work:
    """A mutable copy of a state for the length of one transition (or of a whole replay).

    ``events`` is a list to record into, or None: a live transition records nothing, since the events of any
    state can be replayed from its actions.
    """

    __slots__ = ("acted", "actor", "aggressor", "agreement", "bets", "board", "contributed", "events", "extra_boards",
                 "folded", "full_level", "level", "min_raise", "n", "result", "reveal", "rules", "setup", "stacks",
                 "street", "wagers")

    def __init__(self, state: HandState | None, events: list[Event] | None) -> None:
        self.events = events
        if state is None:
            return
        self.setup = state.setup
        self.rules = state.setup.rules
        self.street = state.street
        self.board = state.board
        self.extra_boards = state.extra_boards
        self.stacks = list(state.stacks)
        self.bets = list(state.bets)
        self.contributed = list(state.contributed)
        self.folded = list(state.folded)
        self.actor = state.actor
        self.level = state.level
        self.full_level = state.full_level
        self.min_raise = state.min_raise
        self.wagers = state.wagers
        self.acted = list(state.acted)
        self.aggressor = state.aggressor
        self.agreement = state.agreement
        self.reveal = state.reveal
        self.result = state.result
        self.n = len(self.stacks)

    def freeze(self, actions: tuple[Action, ...]) -> HandState:
        return _new_state(
            self.setup, self.street, self.board, self.extra_boards, tuple(self.stacks), tuple(self.bets),
            tuple(self.contributed), tuple(self.folded), self.actor, self.level, self.full_level, self.min_raise,
            self.wagers, tuple(self.acted), self.aggressor, self.agreement, self.reveal, self.result, actions,
        )

    # --- the start --------------------------------------------------------------------------------------------

    @classmethod
    def new_hand(cls, setup: HandSetup, events: list[Event] | None) -> _Work:
        work = cls(None, events)
        rules, button = setup.rules, setup.button
        n = work.n = len(setup.starting_stacks)
        work.setup, work.rules = setup, rules
        work.stacks, work.bets, work.contributed = list(setup.starting_stacks), [0] * n, [0] * n
        work.folded, work.acted = [False] * n, [-1] * n
        work.board, work.reveal, work.result, work.aggressor, work.agreement = (), None, None, None, None
        work.extra_boards = ((),) * (rules.boards - 1)
        work.street = Street.BLINDS
        for post in setup.posts:
            work.post(post.seat, post.kind, post.amount, dead=not post.live)
        if events is not None:
            for seat in seat_order_from(button + 1, range(n), n):
                events.append(HoleDealt(seat, setup.hole[seat]))
        work.street = Street.PREFLOP
        # The bet to match is the largest live blind due (a short one still sets it); a big blind counts as the
        # first bet, a straddle as a raise; the first to act sits left of the last big blind or straddle.
        openers = [post for post in setup.posts if post.kind in ("big blind", "straddle")]
        work.level = work.full_level = max((p.amount for p in setup.posts if p.live and p.kind != "small blind"),
                                           default=0)
        work.wagers = len(openers) if work.level else 0
        work.min_raise = work.full_raise_size()
        if setup.bomb_pot:
            work.actor = None
            work.end_round()  # no betting before the flop
        else:
            work.begin_round(first=(openers[-1].seat + 1) % n if openers else (button + 1) % n)
        return work

    def post(self, seat: int, kind: str, amount: int, dead: bool) -> None:
        paid = min(amount, self.stacks[seat])
        if not paid:
            return
        self.stacks[seat] -= paid
        self.contributed[seat] += paid
        if not dead:
            self.bets[seat] += paid
        if self.events is not None:
            self.events.append(Posted(seat, kind, paid, self.stacks[seat] == 0))

    def full_raise_size(self) -> int:
        """A full bet or raise: the street's bet in fixed limit, else the big blind (or a bigger straddle)."""
        betting = self.rules.betting
        if isinstance(betting, FixedLimit):
            return betting.bet_size(self.street)
        if self.street is Street.PREFLOP:
            return max(self.level, self.rules.big_blind, 1)
        return max(self.rules.big_blind, 1)

    # --- betting ----------------------------------------------------------------------------------------------

    def act(self, action: Action) -> None:
        """Carry out an action already checked against the legal actions."""
        seat = self.actor
        assert seat is not None, "an action needs a player to act"
        kind = type(action)
        if kind is Call:
            added = min(self.level - self.bets[seat], self.stacks[seat])
            self.stacks[seat] -= added
            self.bets[seat] += added
            self.contributed[seat] += added
            self.acted[seat] = self.level
            if self.events is not None:
                self.events.append(Acted(seat, "call", self.bets[seat], added, self.stacks[seat] == 0))
        elif kind is Check:
            self.acted[seat] = self.level
            if self.events is not None:
                self.events.append(Acted(seat, "check", self.bets[seat], 0, False))
        elif kind is Fold:
            self.folded[seat] = True
            if self.events is not None:
                self.events.append(Acted(seat, "fold", self.bets[seat], 0, False))
        elif kind is Bet or kind is Raise:
            assert isinstance(action, (Bet, Raise))
            self.wager(seat, action)
        elif kind is RunIt:
            assert isinstance(action, RunIt)
            self.choose_runs(seat, action.times)
            return
        else:
            self.showdown_choice(kind is Show)
            return
        self.advance(after=seat)

    def wager(self, seat: int, action: Bet | Raise) -> None:
        to = action.to
        spot = _spot(self, seat)
        betting = self.rules.betting
        added = to - self.bets[seat]
        self.stacks[seat] -= added
        self.bets[seat] = to
        self.contributed[seat] += added
        if betting.is_full(spot, to):
            self.min_raise = betting.next_min_raise(spot, to)
            self.full_level = to
            self.wagers += 1
            self.acted = [-1] * self.n
        self.level = to
        self.acted[seat] = to
        self.aggressor = seat
        word = "bet" if isinstance(action, Bet) else "raise"
        if self.events is not None:
            self.events.append(Acted(seat, word, to, added, self.stacks[seat] == 0))

    def next_actor(self, start: int) -> int | None:
        return _next_actor(start, self.folded, self.stacks, self.acted, self.bets, self.level)

    def able_to_bet(self) -> int:
        return sum(1 for s in range(self.n) if not self.folded[s] and self.stacks[s] > 0)

    def begin_round(self, first: int) -> None:
        self.actor = self.next_actor(first)
        if self.actor is None:
            self.end_round()

    def advance(self, after: int) -> None:
        if self.folded.count(False) == 1:
            self.return_uncalled()
            self.settle(showdown=False)
            return
        self.actor = self.next_actor(after + 1)
        if self.actor is None:
            self.end_round()

    def return_uncalled(self) -> None:
        returned = uncalled_bet(self.bets)
        if returned is not None:
            seat, amount = returned
            self.stacks[seat] += amount
            self.bets[seat] -= amount
            self.contributed[seat] -= amount
            if self.events is not None:
                self.events.append(BetReturned(seat, amount))

    def end_round(self) -> None:
        """Close the betting round; deal the next street, or run the board out (once, or as many times as the
        players agree), or go to the showdown."""
        self.return_uncalled()
        able = self.able_to_bet()
        if able < 2 and self.street < Street.RIVER and self.rules.runs > 1 and self.folded.count(False) > 1:
            most = self.runs_possible()
            if most > 1:
                if not self.rules.ask_runs:
                    self.run_out(most)
                    return
                order = tuple(seat_order_from(self.setup.button + 1,
                                              [s for s in range(self.n) if not self.folded[s]], self.n))
                self.agreement = Agreement(order, (), most)
                self.actor = order[0]
                return
        while self.street < Street.RIVER:
            self.deal_street(_NEXT_STREET[self.street])
            if able >= 2:
                self.begin_betting()
                if self.actor is not None:
                    return
        self.actor = None
        self.start_showdown()

    def deal_street(self, street: Street) -> None:
        """Burn a card, then deal the street to each board in turn."""
        boards = [self.board, *self.extra_boards]
        # Hole cards, one burn before each street so far, and the cards already on the boards.
        position = self.n * self.rules.hole_cards + street - FLOP + len(self.board) * len(boards)
        self.deal_cards(position, street, boards, 0)
        self.board, self.extra_boards = boards[0], tuple(boards[1:])
        self.street = street
        self.bets = [0] * self.n

    def deal_cards(self, position: int, street: Street, boards: list[tuple[Card, ...]], first: int) -> int:
        """Burn the card at ``position`` and deal ``street`` to each of ``boards`` (numbered from ``first``);
        returns the position of the next card."""
        deck, size = self.setup.deck, _BOARD_SIZES[street]
        if self.events is not None:
            self.events.append(Burned(deck[position]))
        position += 1
        for index, board in enumerate(boards):
            cards = deck[position: position + size]
            boards[index] = board + cards
            position += size
            if self.events is not None:
                self.events.append(BoardDealt(street, cards, first + index))
        return position

    # --- running the board more than once ----------------------------------------------------------------------

    def run_size(self) -> int:
        """The cards one run of the rest of the board takes: a burn per street and the cards for each board."""
        streets = Street.RIVER - self.street
        return streets + (5 - len(self.board)) * (1 + len(self.extra_boards))

    def first_run_end(self) -> int:
        """The deck position after the first run: the hole cards, three burns and five cards per board."""
        return self.n * self.rules.hole_cards + 3 + 5 * (1 + len(self.extra_boards))

    def runs_possible(self) -> int:
        """The most runs on offer: the rules' limit, fewer when the deck cannot deal them."""
        spare = len(self.setup.deck) - self.first_run_end()
        return min(self.rules.runs, 1 + spare // self.run_size())

    def choose_runs(self, seat: int, times: int) -> None:
        agreement = self.agreement
        assert agreement is not None
        agreement = self.agreement = Agreement(agreement.order, (*agreement.choices, times), agreement.most)
        if self.events is not None:
            self.events.append(RunChosen(seat, times))
        agreed = agreement.times
        if agreed is None:
            self.actor = agreement.order[len(agreement.choices)]
        else:
            self.run_out(agreed)

    def run_out(self, times: int) -> None:
        """Deal the rest of the board ``times`` times (the first run as usual, each further run from the cards
        after it), then go to the showdown."""
        self.actor = None
        shared = [self.board, *self.extra_boards]
        first_street = self.street
        position = self.first_run_end()
        while self.street < Street.RIVER:
            self.deal_street(_NEXT_STREET[self.street])
        runs = [self.board, *self.extra_boards]
        for run in range(1, times):
            boards = list(shared)
            street = first_street
            while street < Street.RIVER:
                street = _NEXT_STREET[street]
                position = self.deal_cards(position, street, boards, run * len(shared))
            runs += boards
        self.extra_boards = tuple(runs[1:])
        self.start_showdown()

    def begin_betting(self) -> None:
        self.level = self.full_level = self.wagers = 0
        self.min_raise = self.full_raise_size()
        self.acted = [-1] * self.n
        self.aggressor = None
        self.actor = self.next_actor(self.setup.button + 1)

    # --- showdown ---------------------------------------------------------------------------------------------

    def start_showdown(self) -> None:
        live = [s for s in range(self.n) if not self.folded[s]]
        first = self.aggressor if self.aggressor is not None else self.setup.button + 1
        order = tuple(seat_order_from(first, live, self.n))
        shown, mucked = [False] * self.n, [False] * self.n
        self.street = Street.SHOWDOWN
        policy = self.rules.showdown
        all_in = policy is not ShowdownPolicy.RECORDED and any(self.stacks[s] == 0 for s in live)
        if all_in or policy is ShowdownPolicy.SHOW_ALL:
            for seat in order:
                shown[seat] = True
                if self.events is not None:
                    self.events.append(Shown(seat, self.setup.hole[seat]))
        elif policy is ShowdownPolicy.MUCK_LOSERS:
            evaluators = [BoardEvaluator(board, checked=True) for board in (self.board, *self.extra_boards)]
            pots = _final_pots(self.contributed, self.folded, self.stacks)
            for seat in order:
                revealed = [s for s in order if shown[s]]
                if any(could_win(seat, pots, revealed, self.setup.hole, evaluator, self.rules.hi_lo)
                       for evaluator in evaluators):
                    shown[seat] = True
                    if self.events is not None:
                        self.events.append(Shown(seat, self.setup.hole[seat]))
                else:
                    mucked[seat] = True
                    if self.events is not None:
                        self.events.append(Mucked(seat))
        self.reveal = Reveal(order, tuple(shown), tuple(mucked))
        self.actor = self.next_to_show()
        if self.actor is None:
            self.settle(showdown=True)

    def next_to_show(self) -> int | None:
        assert self.reveal is not None
        for seat in self.reveal.order:
            if not self.reveal.shown[seat] and not self.reveal.mucked[seat]:
                return seat
        return None

    def showdown_choice(self, show: bool) -> None:
        seat, reveal = self.actor, self.reveal
        assert seat is not None and reveal is not None
        if show:
            self.reveal = attrs.evolve(reveal, shown=_put(reveal.shown, seat, True))
            if self.events is not None:
                self.events.append(Shown(seat, self.setup.hole[seat]))
        else:
            self.reveal = attrs.evolve(reveal, mucked=_put(reveal.mucked, seat, True))
            if self.events is not None:
                self.events.append(Mucked(seat))
        self.actor = self.next_to_show()
        if self.actor is None:
            self.settle(showdown=True)

    def settle(self, showdown: bool) -> None:
        """Rake, then settle each pot on its own, pay the winners, and close the hand."""
        self.actor = None
        pots = _final_pots(self.contributed, self.folded, self.stacks)
        total = sum(pot.amount for pot in pots)
        rake = self.rules.rake.amount(total, bool(self.board)) if self.rules.rake else 0
        if rake and self.events is not None:
            self.events.append(RakeTaken(rake))
        boards = (self.board, *self.extra_boards)
        evaluators = [BoardEvaluator(board, checked=True) for board in boards] if showdown else None
        runs = len(boards) // self.rules.boards
        mucked = self.reveal.mucked if self.reveal else (False,) * self.n
        button = self.setup.button
        results: list[PotResult] = []
        for index, (pot, pot_rake) in enumerate(zip(pots, split_rake(pots, rake), strict=True)):
            claimants = [s for s in pot.eligible if not mucked[s]]
            parts = settle_on_boards(pot, pot_rake, claimants, self.setup.hole, evaluators, runs, self.rules.hi_lo,
                                     button, self.n, index)
            results += parts
            for part in parts:
                for seat, chips in part.payouts:
                    self.stacks[seat] += chips
                    if self.events is not None:
                        self.events.append(PotAwarded(index, seat, chips, _share_name(part, seat), part.board))
        self.bets = [0] * self.n
        self.street = Street.SETTLED
        net = tuple(s - s0 for s, s0 in zip(self.stacks, self.setup.starting_stacks, strict=True))
        self.result = settled_hand(tuple(results), rake, net, showdown, boards, runs)


def _final_pots(contributed: Sequence[int], folded: Sequence[bool], stacks: Sequence[int]) -> tuple[Pot, ...]:
    """The pots once the betting is over: layers close only at all-in amounts."""
    return layered_pots(contributed, [not f for f in folded], [not chips for chips in stacks])


def _share_name(result: PotResult, seat: int) -> str:
    if not result.low_winners:
        return "all"
    high, low = seat in result.high_winners, seat in result.low_winners
    return "high and low" if high and low else "high" if high else "low"


def _put(values: tuple[bool, ...], index: int, value: bool) -> tuple[bool, ...]:
    return values[:index] + (value,) + values[index + 1:]
