"""The immutable hand state and its transitions: blinds, preflop, flop, turn, river, showdown, settled.

`start_hand` posts and deals; `HandState.apply` takes one action and returns a new state, leaving the old
one valid. Streets advance by themselves: when a betting round closes, the uncalled part of a bet goes back,
the next street is dealt (with its burn card), and when fewer than two players can still bet the board runs
out to the showdown. Pure: no I/O, no clock, and chance only from the deck fixed at the start.

Inside, a transition copies the state into a writable `_Draft` of the same layout, runs the rules on it, and
seals it into the new state, so each step builds exactly one object and shares everything it did not change.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

import attrs

from engine import events as ev
from engine._speed import become, slot_copier
from engine.actions import PLAIN_ACTIONS, Action, Bet, Call, Check, Fold, Raise, RunIt, Show, Verb
from engine.cards import Card, Deck
from engine.errors import EngineError, IllegalAction, RulesError
from engine.evaluation import BoardEvaluator
from engine.legal import LegalActions, legal_actions, refusal, spot
from engine.order import CLOCKWISE, Street, seat_order_from
from engine.pots import Pot, final_pots, pots_in_play, uncalled_bet
from engine.rules import Post, PostKind, Rules, ShowdownPolicy, bomb_pot_posts, check_posts, standard_posts
from engine.showdown import HandResult, Portion, PotResult, could_win, settle_on_boards, settled_hand, split_rake
from engine.validate import MAX_EXACT, quote, whole
from engine.validate import chips as checked_chips

if TYPE_CHECKING:
    from engine.views import SeatView

__all__ = [
    "Agreement",
    "HandSetup",
    "HandState",
    "LegalActions",
    "ShowdownProgress",
    "Street",
    "board_positions",
    "restart_hand",
    "start_hand",
]

_SHOWDOWN, _SETTLED, _RIVER = Street.SHOWDOWN, Street.SETTLED, Street.RIVER  # module names: cheaper to read
_BOARD_SIZES = {Street.FLOP: 3, Street.TURN: 1, Street.RIVER: 1}
_NEXT_STREET = {Street.PREFLOP: Street.FLOP, Street.FLOP: Street.TURN, Street.TURN: Street.RIVER}
_OPENERS = (PostKind.BIG_BLIND, PostKind.STRADDLE)


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
class ShowdownProgress:
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


@attrs.define(slots=True, eq=False, init=False, repr=False, weakref_slot=False)
class _HandFields:
    """The fields of a hand state, stated once: the frozen `HandState` and the writable `_Draft` a transition
    works on both take them from here, so the two share one layout (see `_Draft`). Described in `HandState`."""

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
    acted_at: tuple[int, ...]
    aggressor: int | None
    agreement: Agreement | None = attrs.field(repr=False)
    reveal: ShowdownProgress | None = attrs.field(repr=False)
    result: HandResult | None = attrs.field(repr=False)
    actions: tuple[Action, ...] = attrs.field(repr=False)


@attrs.frozen(slots=True, weakref_slot=False)
class HandState(_HandFields):
    """One moment of one hand. Seats are 0..n-1 clockwise; every field is immutable.

    ``bets`` are this round's bets (not yet in the pots); ``contributed`` each seat's total put in this hand,
    this round's bets and antes included; ``acted_at`` the bet level each seat last acted at in this round
    (-1: not yet, or the betting was reopened since). ``level`` is the bet to match, ``full_level`` the level of
    the last full bet or raise, ``min_raise`` its size, ``wagers`` the count of full bets and raises.
    ``actions`` is every action taken so far: with the setup (rules, stacks, button, deck) it is the whole
    record of the hand, from which `events` are replayed on demand.

    ``board`` is the board (the first one in a double-board game, the first run when the board was run more
    than once); ``extra_boards`` the others, so `boards` is every board in order: run by run, board by board.
    ``agreement`` is set once players all in before the river are asked how many times to run the board.
    """

    _legal_cache: LegalActions | None = attrs.field(default=None, eq=False, hash=False, repr=False, init=False)
    _events_cache: tuple[ev.Event, ...] | None = attrs.field(default=None, eq=False, hash=False, repr=False, init=False)

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
    def events(self) -> tuple[ev.Event, ...]:
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
        return () if self.result is not None else pots_in_play(self.contributed, self.bets, self.folded, self.stacks)

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
        """What ``seat`` may know now: never another player's face-down cards, mucked cards or the deck. A seat
        is required (a view of "no seat" would look like a player's view of seat -1); a spectator's view is
        ``engine.views.seat_view(state, None)``."""
        from engine.views import seat_view

        if seat is None:
            raise EngineError(
                f"state.view takes a seat 0..{len(self.stacks) - 1}, got None; a spectator's view "
                f"(no hole cards) is engine.views.seat_view(state, None)"
            )
        return seat_view(self, seat)

    def legal_actions(self) -> LegalActions:
        """What `actor` may do now; raises IllegalAction when nobody is to act (the hand is over)."""
        legal = self._legal_cache
        if legal is None:
            if self.actor is None:
                raise IllegalAction("nobody is to act: the hand is over")
            legal = legal_actions(self, self.actor)
            object.__setattr__(self, "_legal_cache", legal)  # a memo of a pure function of this state
        return legal

    def apply(self, action: Action, seat: int | None = None) -> HandState:
        """The state after ``action`` by the player to act (``seat``, when given, must be that player).

        Raises IllegalAction, saying what is allowed, when the action is not legal here; this state is
        unchanged either way.
        """
        if self.actor is None:
            raise IllegalAction(f"{action} is not possible: the hand is over")
        if seat is not None and (seat != self.actor or type(seat) is not int):
            whole(seat, "seat (the acting seat's index)", error=IllegalAction)
            raise IllegalAction(f"seat {seat} acted out of turn; seat {self.actor} is to act")
        legal = self._legal_cache or self.legal_actions()
        kind = type(action)
        if (
            (kind is Call and legal.call)
            or (kind is Check and legal.check)
            or (kind is Fold and (legal.fold or legal.check))
        ):
            pass  # the plain test first: most actions are these
        elif not legal.allows(action):
            raise IllegalAction(refusal(self, action, legal))
        action = PLAIN_ACTIONS.get(kind, action)
        draft = _draft(self)
        events = self._events_cache
        recorded = None if events is None else list(events)  # once read, the events are kept up
        draft._events_cache = recorded
        draft.act(action)
        # `_Draft.seal`, written out: its call at every action would cost what `become`'s own call does.
        draft.actions = self.actions + (action,)
        actor, next_legal = draft.actor, None
        if actor is not None and draft.street is not _SHOWDOWN:
            next_legal = legal_actions(draft, actor)  # type: ignore[arg-type]  # reads only fields, as in seal
        draft._legal_cache = next_legal
        draft._events_cache = None if recorded is None else tuple(recorded)  # type: ignore[assignment]
        return become(draft, HandState)


class _Draft(_HandFields):
    """A state being made: `HandState`'s layout (the same slots), writable. A transition copies the state it
    starts from into a draft (`_draft`), runs the rules on it (the methods below), and seals it (`seal`) into
    the new state by giving it `HandState`'s class (the layouts are identical, so Python allows it): one
    object per step, and no frozen ``__setattr__`` per field (`engine._speed.become` says what that saves).

    While drafting, ``_events_cache`` is the list the transition records its events into, or None: a live
    transition records nothing, since any state's events can be replayed from its actions.
    """

    __slots__ = HandState.__slots__  # its own two, the memos: the fields are in _HandFields
    _legal_cache: LegalActions | None
    _events_cache: list[ev.Event] | None

    def seal(self, actions: tuple[Action, ...]) -> HandState:
        """The finished state, after ``actions``: this draft, frozen (`HandState.apply` writes this out)."""
        self.actions = actions
        actor = self.actor
        # Every state with a player to act is asked for its legal actions (`apply` checks against them), so they
        # are worked out now, while the state is still writable; at a showdown they wait until asked.
        legal = None
        if actor is not None and self.street is not _SHOWDOWN:
            legal = legal_actions(self, actor)  # type: ignore[arg-type]  # reads only fields, which the draft has
        self._legal_cache = legal
        events = self._events_cache
        self._events_cache = None if events is None else tuple(events)  # type: ignore[assignment]
        return become(self, HandState)

    def record(self, kind: Callable[..., ev.Event], *fields: Any) -> None:
        """Add the event ``kind(*fields)`` to the record, when one is kept (see the class)."""
        events = self._events_cache
        if events is not None:
            events.append(kind(*fields))

    def pay(self, seat: int, chips: int, live: bool = True) -> None:
        """Move ``chips`` from ``seat``'s stack into the pot (a live bet also into its bet this round); a
        negative amount gives chips back. (Each tuple by list, store, tuple: this runs for most actions.)"""
        changed = list(self.stacks)
        changed[seat] -= chips
        self.stacks = tuple(changed)
        if live:
            changed = list(self.bets)
            changed[seat] += chips
            self.bets = tuple(changed)
        changed = list(self.contributed)
        changed[seat] += chips
        self.contributed = tuple(changed)

    # --- the start --------------------------------------------------------------------------------------------

    @classmethod
    def deal(cls, setup: HandSetup, events: list[ev.Event] | None) -> _Draft:
        """The first state of a hand: the forced bets posted, the hole cards dealt, the first player to act."""
        draft = cls()
        rules, button = setup.rules, setup.button
        n = len(setup.starting_stacks)
        draft.setup, draft.street = setup, Street.BLINDS
        draft.board, draft.extra_boards = (), ((),) * (rules.boards - 1)
        draft.stacks, draft.bets, draft.contributed = setup.starting_stacks, (0,) * n, (0,) * n
        draft.folded, draft.acted_at, draft.actor = (False,) * n, (-1,) * n, None
        draft.aggressor, draft.agreement, draft.reveal, draft.result = None, None, None, None
        draft._events_cache = events
        for post in setup.posts:
            paid = min(post.amount, draft.stacks[post.seat])
            if paid:
                draft.pay(post.seat, paid, live=post.live)
                draft.record(ev.Posted, post.seat, post.kind, paid, draft.stacks[post.seat] == 0)
        if events is not None:
            for seat in seat_order_from(button + 1, range(n), n):
                events.append(ev.HoleDealt(seat, setup.hole[seat]))
        draft.street = Street.PREFLOP
        # The bet to match is the largest live blind due (a short one still sets it); a big blind counts as the
        # first bet, a straddle as a raise; the first to act sits left of the last big blind or straddle.
        openers = [post for post in setup.posts if post.kind in _OPENERS]
        draft.level = draft.full_level = max(
            (p.amount for p in setup.posts if p.live and p.kind != PostKind.SMALL_BLIND), default=0
        )
        draft.wagers = len(openers) if draft.level else 0
        draft.min_raise = rules.betting.round_min_raise(Street.PREFLOP, draft.level, rules.big_blind)
        if setup.bomb_pot:
            draft.end_round()  # no betting before the flop
        else:
            draft.begin_round(first=(openers[-1].seat + 1) % n if openers else (button + 1) % n)
        return draft

    # --- betting ----------------------------------------------------------------------------------------------

    def act(self, action: Action) -> None:
        """Carry out an action already checked against the legal actions; then the next player is to act, or
        the last player in wins, or the betting round is over."""
        seat = self.actor
        assert seat is not None, "an action needs a player to act"
        kind = type(action)
        added = 0
        if kind is Call:
            verb = Verb.CALL
            stack, owed = self.stacks[seat], self.level - self.bets[seat]
            added = owed if owed < stack else stack
            self.pay(seat, added)
            self.acted_at = _put(self.acted_at, seat, self.level)
        elif kind is Check:
            verb = Verb.CHECK
            self.acted_at = _put(self.acted_at, seat, self.level)
        elif kind is Fold:
            verb = Verb.FOLD
            self.folded = _put(self.folded, seat, True)
        elif kind is Bet or kind is Raise:
            assert isinstance(action, (Bet, Raise))
            verb = Verb.BET if kind is Bet else Verb.RAISE
            added = self.wager(seat, action.to)
        elif kind is RunIt:
            assert isinstance(action, RunIt)
            self.choose_runs(seat, action.times)
            return
        else:
            self.showdown_choice(kind is Show)
            return
        events = self._events_cache
        if events is not None:  # `record`, written out: every action makes this event, and a call costs 2%
            events.append(ev.Acted(seat, verb, self.bets[seat], added, self.stacks[seat] == 0))
        folded = self.folded
        if folded.count(False) == 1:
            self.return_uncalled()
            self.settle(showdown=False)
            return
        self.actor = _next_actor(seat + 1, folded, self.stacks, self.acted_at, self.bets, self.level)
        if self.actor is None:
            self.end_round()

    def wager(self, seat: int, to: int) -> int:
        """A bet or raise to ``to``: a full one reopens the betting to everyone (and counts toward a cap).
        Returns the chips it added."""
        situation = spot(self, seat)  # type: ignore[arg-type]  # reads only fields, which the draft has
        betting = self.setup.rules.betting
        added = to - self.bets[seat]
        if betting.is_full(situation, to):
            self.min_raise = betting.next_min_raise(situation, to)
            self.full_level = to
            self.wagers += 1
            self.acted_at = (-1,) * len(self.stacks)
        self.pay(seat, added)
        self.level = to
        self.acted_at = _put(self.acted_at, seat, to)
        self.aggressor = seat
        return added

    def begin_round(self, first: int) -> None:
        self.actor = _next_actor(first, self.folded, self.stacks, self.acted_at, self.bets, self.level)
        if self.actor is None:
            self.end_round()

    def return_uncalled(self) -> None:
        returned = uncalled_bet(self.bets)
        if returned is not None:
            seat, amount = returned
            self.pay(seat, -amount)
            self.record(ev.BetReturned, seat, amount)

    def end_round(self) -> None:
        """Close the betting round; deal the next street, or run the board out (once, or as many times as the
        players agree), or go to the showdown."""
        self.return_uncalled()
        n = len(self.stacks)
        able = sum(1 for s in range(n) if not self.folded[s] and self.stacks[s] > 0)
        rules = self.setup.rules
        if able < 2 and self.street < _RIVER and rules.runs > 1 and self.folded.count(False) > 1:
            most = self.runs_possible()
            if most > 1:
                if not rules.ask_runs:
                    self.run_out(most)
                    return
                order = tuple(seat_order_from(self.setup.button + 1, [s for s in range(n) if not self.folded[s]], n))
                self.agreement = Agreement(order, (), most)
                self.actor = order[0]
                return
        while self.street < _RIVER:
            self.deal_street(_NEXT_STREET[self.street])
            if able >= 2:
                self.begin_betting()
                if self.actor is not None:
                    return
        self.actor = None
        self.start_showdown()

    def begin_betting(self) -> None:
        n = len(self.stacks)
        self.level = self.full_level = self.wagers = 0
        rules = self.setup.rules
        self.min_raise = rules.betting.round_min_raise(self.street, 0, rules.big_blind)  # a full bet, as it sizes it
        self.acted_at = (-1,) * n
        self.aggressor = None
        self.actor = _next_actor(self.setup.button + 1, self.folded, self.stacks, self.acted_at, self.bets, 0)

    def deal_street(self, street: Street) -> None:
        """Burn a card, then deal the street to each board in turn."""
        boards = [self.board, *self.extra_boards]
        # Hole cards, one burn before each street so far, and the cards already on the boards.
        n = len(self.stacks)
        position = n * self.setup.rules.hole_cards + street - Street.FLOP + len(self.board) * len(boards)
        self.deal_cards(position, street, boards, 0)
        self.board, self.extra_boards = boards[0], tuple(boards[1:])
        self.street = street
        self.bets = (0,) * n

    def deal_cards(self, position: int, street: Street, boards: list[tuple[Card, ...]], first: int) -> int:
        """Burn the card at ``position`` and deal ``street`` to each of ``boards`` (numbered from ``first``);
        returns the position of the next card."""
        deck, size = self.setup.deck, _BOARD_SIZES[street]
        self.record(ev.Burned, deck[position])
        position += 1
        for index, board in enumerate(boards):
            cards = deck[position : position + size]
            boards[index] = board + cards
            position += size
            self.record(ev.BoardDealt, street, cards, first + index)
        return position

    # --- running the board more than once ----------------------------------------------------------------------

    def run_size(self) -> int:
        """The cards one run of the rest of the board takes: a burn per street and the cards for each board."""
        streets = _RIVER - self.street
        return streets + (5 - len(self.board)) * (1 + len(self.extra_boards))

    def first_run_end(self) -> int:
        """The deck position after the first run: the hole cards, three burns and five cards per board."""
        return len(self.stacks) * self.setup.rules.hole_cards + 3 + 5 * (1 + len(self.extra_boards))

    def runs_possible(self) -> int:
        """The most runs on offer: the rules' limit, fewer when the deck cannot deal them."""
        spare = len(self.setup.deck) - self.first_run_end()
        return min(self.setup.rules.runs, 1 + spare // self.run_size())

    def choose_runs(self, seat: int, times: int) -> None:
        agreement = self.agreement
        assert agreement is not None
        agreement = self.agreement = Agreement(agreement.order, (*agreement.choices, times), agreement.most)
        self.record(ev.RunChosen, seat, times)
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
        while self.street < _RIVER:
            self.deal_street(_NEXT_STREET[self.street])
        runs = [self.board, *self.extra_boards]
        for run in range(1, times):
            boards = list(shared)
            street = first_street
            while street < _RIVER:
                street = _NEXT_STREET[street]
                position = self.deal_cards(position, street, boards, run * len(shared))
            runs += boards
        self.extra_boards = tuple(runs[1:])
        self.start_showdown()

    # --- showdown ---------------------------------------------------------------------------------------------

    def start_showdown(self) -> None:
        n = len(self.stacks)
        live = [s for s in range(n) if not self.folded[s]]
        first = self.aggressor if self.aggressor is not None else self.setup.button + 1
        order = tuple(seat_order_from(first, live, n))
        shown, mucked = [False] * n, [False] * n
        self.street = Street.SHOWDOWN
        rules, hole = self.setup.rules, self.setup.hole
        policy = rules.showdown
        all_in = policy is not ShowdownPolicy.RECORDED and any(self.stacks[s] == 0 for s in live)
        if all_in or policy is ShowdownPolicy.SHOW_ALL:
            for seat in order:
                shown[seat] = True
                self.record(ev.Shown, seat, hole[seat])
        elif policy is ShowdownPolicy.MUCK_LOSERS:
            evaluators = [BoardEvaluator(board, checked=True) for board in (self.board, *self.extra_boards)]
            pots = final_pots(self.contributed, self.folded, self.stacks)
            for seat in order:
                revealed = [s for s in order if shown[s]]
                if any(could_win(seat, pots, revealed, hole, evaluator, rules.hi_lo) for evaluator in evaluators):
                    shown[seat] = True
                    self.record(ev.Shown, seat, hole[seat])
                else:
                    mucked[seat] = True
                    self.record(ev.Mucked, seat)
        self.reveal = ShowdownProgress(order, tuple(shown), tuple(mucked))
        self.next_to_show()

    def next_to_show(self) -> None:
        """The next seat that has neither shown nor mucked is to act; when there is none, settle."""
        reveal = self.reveal
        assert reveal is not None
        for seat in reveal.order:
            if not reveal.shown[seat] and not reveal.mucked[seat]:
                self.actor = seat
                return
        self.settle(showdown=True)

    def showdown_choice(self, show: bool) -> None:
        seat, reveal = self.actor, self.reveal
        assert seat is not None and reveal is not None
        if show:
            self.reveal = attrs.evolve(reveal, shown=_put(reveal.shown, seat, True))
            self.record(ev.Shown, seat, self.setup.hole[seat])
        else:
            self.reveal = attrs.evolve(reveal, mucked=_put(reveal.mucked, seat, True))
            self.record(ev.Mucked, seat)
        self.next_to_show()

    def settle(self, showdown: bool) -> None:
        """Rake, then settle each pot on its own, pay the winners, and close the hand."""
        self.actor = None
        n = len(self.stacks)
        rules, setup = self.setup.rules, self.setup
        pots = final_pots(self.contributed, self.folded, self.stacks)
        total = sum(pot.amount for pot in pots)
        rake = rules.rake.amount(total, bool(self.board)) if rules.rake else 0
        if rake:
            self.record(ev.RakeTaken, rake)
        boards = (self.board, *self.extra_boards)
        evaluators = [BoardEvaluator(board, checked=True) for board in boards] if showdown else None
        runs = len(boards) // rules.boards
        mucked = self.reveal.mucked if self.reveal else (False,) * n
        stacks = list(self.stacks)
        results: list[PotResult] = []
        recording = self._events_cache is not None
        for index, (pot, pot_rake) in enumerate(zip(pots, split_rake(pots, rake), strict=True)):
            claimants = [s for s in pot.eligible if not mucked[s]]
            parts = settle_on_boards(
                pot, pot_rake, claimants, setup.hole, evaluators, runs, rules.hi_lo, setup.button, n, index
            )
            results += parts
            for part in parts:
                if recording:
                    for seat, chips in part.payouts:  # an event a seat, its shares of the pot added up
                        stacks[seat] += chips
                        self.record(ev.PotAwarded, index, seat, chips, _share_name(part, seat), part.board)
                else:
                    for seat, chips, _ in part.shares:
                        stacks[seat] += chips
        self.stacks = tuple(stacks)
        self.bets = (0,) * n
        self.street = Street.SETTLED
        net = tuple(s - s0 for s, s0 in zip(stacks, setup.starting_stacks, strict=True))
        self.result = settled_hand(tuple(results), rake, net, showdown, boards, runs)


_draft: Callable[[HandState], _Draft] = slot_copier(_Draft, [field.name for field in attrs.fields(_HandFields)])
"""``_draft(state)``: a `_Draft` holding every field of ``state`` (the field list stated once, in `_HandFields`)."""


def _next_actor(
    start: int, folded: Sequence[bool], stacks: Sequence[int], acted_at: Sequence[int], bets: Sequence[int], level: int
) -> int | None:
    """The first seat from ``start`` clockwise that must still act, or None when the round is closed.

    A player must act when they are in the hand with chips behind and have not acted since the betting was
    last opened, or owe chips. One who owes nothing while nobody else has chips has nobody to bet against.
    """
    n = len(stacks)
    for seat in CLOCKWISE[n][start % n]:
        if not folded[seat] and stacks[seat] > 0 and (acted_at[seat] < 0 or bets[seat] < level):
            if bets[seat] < level:
                return seat
            for other in range(n):
                if other != seat and stacks[other] > 0 and not folded[other]:
                    return seat
            return None
    return None


_T = TypeVar("_T")


def _put(values: tuple[_T, ...], index: int, value: _T) -> tuple[_T, ...]:
    """``values`` with one item changed (list, store, tuple: faster than slicing for a table's few seats)."""
    changed = list(values)
    changed[index] = value
    return tuple(changed)


def _share_name(result: PotResult, seat: int) -> str:
    """The `PotAwarded` event's words for what ``seat`` took of the pot: "all", "high", "low", "high and low"."""
    portions = [paid.portion for paid in result.shares if paid.seat == seat]
    high, low = Portion.HIGH in portions, Portion.LOW in portions
    return "high and low" if high and low else "high" if high else "low" if low else "all"


# --- replaying the events --------------------------------------------------------------------------------------


def _replay_events(setup: HandSetup, actions: Sequence[Action]) -> tuple[ev.Event, ...]:
    """The events of a hand, by playing its actions again with recording on (chance is in the deck)."""
    events: list[ev.Event] = []
    draft = _Draft.deal(setup, events)
    for action in actions:
        draft.act(action)
    return tuple(events)


# --- starting a hand ----------------------------------------------------------------------------------------


def start_hand(
    rules: Rules,
    stacks: Sequence[int],
    button: int = 0,
    *,
    seed: int | str | bytes | None = None,
    deck: Deck | Sequence[Card] | None = None,
    posts: Sequence[Post] | None = None,
    bomb_pot: int = 0,
) -> HandState:
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
            checked_chips(stack, f"seat {seat}'s stack", minimum=1, error=RulesError)
    if sum(stacks) > MAX_EXACT:  # every chip of a hand, in a pot or a stack, is one of these: one bound for all
        raise RulesError(
            f"the stacks total {sum(stacks)} chips; a hand's chips total at most {MAX_EXACT} (2**53 - 1, "
            f"the most a JSON number carries exactly), got stacks {quote(stacks)}"
        )
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
        raise RulesError(
            f"the deck holds {len(order)} cards; {players} players need {needed} "
            f"({rules.hole_cards} each, 5 for each board and 3 burns)"
        )
    if type(bomb_pot) is not int or bomb_pot < 0:
        checked_chips(bomb_pot, "bomb_pot (the ante each player posts)", error=RulesError)
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
        hole[seat] = order[i : n * rules.hole_cards : n]
    setup = HandSetup(rules, button, stacks, forced, order, tuple(hole), bomb_pot)
    return _Draft.deal(setup, None).seal(())


def restart_hand(
    rules: Rules,
    stacks: Sequence[int],
    button: int,
    deck: Deck | Sequence[Card],
    posts: Sequence[Post],
    bomb_pot: int = 0,
) -> HandState:
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
