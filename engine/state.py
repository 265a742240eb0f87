"""The immutable hand state and its transitions: blinds, preflop, flop, turn, river, showdown, settled.

`start_hand` posts and deals; `HandState.apply` takes one action and returns a new state, leaving the old
one valid. Streets advance by themselves: when a betting round closes, the uncalled part of a bet goes back,
the next street is dealt (with its burn card), and when fewer than two players can still bet the board runs
out to the showdown. Pure: no I/O, no clock, and chance only from the deck fixed at the start.

Inside, a transition copies the state into a mutable `_Work`, runs the rules on it, and freezes the result
into one new state, so each step builds exactly one object and shares everything it did not change.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import IntEnum

import attrs

from engine.actions import Action, Bet, Call, Check, Fold, Muck, Raise, Show
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
    EventLog,
    HoleDealt,
    Mucked,
    PotAwarded,
    Posted,
    RakeTaken,
    Shown,
)
from engine.pots import Pot, build_pots, uncalled_bet
from engine.rules import Rules, ShowdownPolicy
from engine.showdown import HandResult, PotResult, could_win, seat_order_from, settle_pot, split_rake


class Street(IntEnum):
    BLINDS = 0
    PREFLOP = PREFLOP
    FLOP = FLOP
    TURN = TURN
    RIVER = RIVER
    SHOWDOWN = 5
    SETTLED = 6


_BOARD_SIZES = {FLOP: 3, TURN: 1, RIVER: 1}


@attrs.frozen(slots=True)
class LegalActions:
    """What the player to act may do, with exact amounts.

    ``call`` is the chips a call adds (0 when there is nothing to call); ``wager`` is "bet" or "raise" when a
    wager is allowed, with ``min_to`` and ``max_to`` the totals it may bring the player's bet to (fixed limit
    has one amount, so they are equal). ``show`` and ``muck`` are for a manual showdown.
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

    def allows(self, action: Action) -> bool:
        if isinstance(action, Fold):
            return self.fold
        if isinstance(action, Check):
            return self.check
        if isinstance(action, Call):
            return self.call > 0
        if isinstance(action, Bet):
            return self.wager == "bet" and self.min_to <= action.to <= self.max_to
        if isinstance(action, Raise):
            return self.wager == "raise" and self.min_to <= action.to <= self.max_to
        if isinstance(action, Show):
            return self.show
        if isinstance(action, Muck):
            return self.muck
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
        return tuple(out)


@attrs.frozen(slots=True)
class HandState:
    """One moment of one hand. Seats are 0..n-1 clockwise; every field is immutable.

    ``bets`` are this round's bets (not yet in the pots); ``contributed`` each seat's total put in this hand,
    this round's bets and antes included; ``acted`` the bet level each seat last acted at in this round (-1:
    not yet, or the betting was reopened since). ``level`` is the bet to match, ``full_level`` the level of
    the last full bet or raise, ``min_raise`` its size, ``wagers`` the count of full bets and raises.
    """

    rules: Rules
    deck: tuple[Card, ...] = attrs.field(repr=False)
    button: int
    hole: tuple[tuple[Card, ...], ...] = attrs.field(repr=False)
    street: Street
    board: tuple[Card, ...]
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
    starting_stacks: tuple[int, ...]
    dealt: int = attrs.field(repr=False)
    mucked: tuple[bool, ...]
    shown: tuple[bool, ...]
    showdown_order: tuple[int, ...]
    result: HandResult | None = attrs.field(repr=False)
    log: EventLog | None = attrs.field(repr=False)

    # --- reading the state ---------------------------------------------------------------------------------

    @property
    def players(self) -> int:
        return len(self.stacks)

    @property
    def is_over(self) -> bool:
        return self.street is Street.SETTLED

    @property
    def events(self) -> tuple[Event, ...]:
        return self.log.to_tuple() if self.log is not None else ()

    @property
    def pots(self) -> tuple[Pot, ...]:
        """The pots as they stand, built from the chips already gathered (this round's bets excluded)."""
        if self.result is not None:
            return ()
        gathered = [c - b for c, b in zip(self.contributed, self.bets, strict=True)]
        return build_pots(gathered, [not f for f in self.folded])

    @property
    def pot_total(self) -> int:
        """Every chip in the middle: the pots and this round's bets."""
        return 0 if self.result is not None else sum(self.contributed)

    @property
    def in_hand(self) -> tuple[int, ...]:
        """Seats that have not folded."""
        return tuple(seat for seat, folded in enumerate(self.folded) if not folded)

    def legal_actions(self) -> LegalActions:
        """What `actor` may do now; raises IllegalAction when nobody is to act (the hand is over)."""
        if self.actor is None:
            raise IllegalAction("nobody is to act: the hand is over")
        return _legal(self, self.actor)

    def apply(self, action: Action, seat: int | None = None) -> HandState:
        """The state after ``action`` by the player to act (``seat``, when given, must be that player).

        Raises IllegalAction, saying what is allowed, when the action is not legal here; this state is
        unchanged either way.
        """
        if self.actor is None:
            raise IllegalAction(f"{action} is not possible: the hand is over")
        if seat is not None and seat != self.actor:
            raise IllegalAction(f"seat {seat} acted out of turn; seat {self.actor} is to act")
        legal = _legal(self, self.actor)
        if not legal.allows(action):
            raise IllegalAction(_refusal(self, action, legal))
        work = _Work(self)
        if isinstance(action, (Show, Muck)):
            work.showdown_choice(isinstance(action, Show))
        else:
            work.bet_action(action)
        return work.freeze()


# --- legal actions ------------------------------------------------------------------------------------------


def _spot(state: HandState | _Work, seat: int) -> Spot:
    return Spot(state.street, state.level, state.full_level, state.min_raise, state.wagers,
                sum(state.contributed), state.bets[seat], state.stacks[seat],
                state.folded.count(False), state.rules.big_blind)


def _may_raise(state: HandState | _Work, seat: int) -> bool:
    """Not when every other player still in is all-in, nor after a short all-in that did not reopen it."""
    stacks, folded = state.stacks, state.folded
    if not any(stacks[s] and not folded[s] for s in range(len(stacks)) if s != seat):
        return False
    acted = state.acted[seat]
    if acted < 0:
        return True
    return state.level - acted >= state.rules.betting.reopen_threshold(_spot(state, seat))


def _legal(state: HandState, seat: int) -> LegalActions:
    if state.street is Street.SHOWDOWN:
        return LegalActions(seat, show=True, muck=_may_muck(state, seat))
    owed = state.level - state.bets[seat]
    call = min(owed, state.stacks[seat]) if owed > 0 else 0
    wager: str | None = None
    low = high = 0
    if _may_raise(state, seat):
        limits = state.rules.betting.wager_range(_spot(state, seat))
        if limits is not None:
            wager = "raise" if state.level else "bet"
            low, high = limits
    return LegalActions(seat, fold=owed > 0, check=owed <= 0, call=call, wager=wager, min_to=low, max_to=high)


def _may_muck(state: HandState | _Work, seat: int) -> bool:
    """A hand may not be mucked when it is the last claim on some pot."""
    for pot in build_pots(state.contributed, [not f for f in state.folded]):
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
    elif isinstance(action, Fold) and not legal.fold:
        reason = f"seat {seat} cannot fold: there is nothing to call"
    elif isinstance(action, (Bet, Raise)):
        word = "bet" if isinstance(action, Bet) else "raise"
        if legal.wager is None:
            reason = f"seat {seat} cannot {word} here"
        elif legal.wager != word:
            reason = (f"seat {seat} cannot {word}: "
                      + ("there is a bet to raise" if legal.wager == "raise" else "there is no bet to raise"))
        else:
            reason = f"seat {seat} cannot {word} to {action.to}"
    elif isinstance(action, (Show, Muck)):
        reason = f"seat {seat} cannot {action}" + (" now" if state.street is not Street.SHOWDOWN else
                                                     ": it is the last claim on a pot")
    else:
        reason = f"seat {seat} cannot {action}"
    return f"{reason}; allowed: {allowed}"


# --- starting a hand ----------------------------------------------------------------------------------------


def start_hand(rules: Rules, stacks: Sequence[int], button: int = 0, *, seed: int | str | bytes | None = None,
               deck: Deck | Sequence[Card] | None = None) -> HandState:
    """Post antes and blinds, deal the hole cards, and return the state with the first player to act.

    The deck is fixed here: ``deck`` in a given order (replays, tests), else ``seed`` for a reproducible
    shuffle, else a secure shuffle. Hole cards are dealt one at a time clockwise from the seat left of the
    button; a card is burned before the flop, the turn and the river.
    """
    if not isinstance(rules, Rules):
        raise RulesError(f"rules must be a Rules(...), got {rules!r}")
    stacks = tuple(stacks)
    players = len(stacks)
    if not 2 <= players <= rules.max_players:
        raise RulesError(f"a hand needs 2 to {rules.max_players} players, got {players}")
    for seat, stack in enumerate(stacks):
        if isinstance(stack, bool) or not isinstance(stack, int) or stack <= 0:
            raise RulesError(f"seat {seat}'s stack must be a whole number of chips > 0, got {stack!r}")
    if isinstance(button, bool) or not isinstance(button, int) or not 0 <= button < players:
        raise RulesError(f"button must be a seat index in 0..{players - 1}, got {button!r}")
    if deck is not None and seed is not None:
        raise RulesError("give a deck or a seed, not both")
    if deck is None:
        order = (Deck.secure() if seed is None else Deck.seeded(seed)).cards
    else:
        order = deck.cards if isinstance(deck, Deck) else Deck.ordered(deck).cards
    needed = players * rules.hole_cards + 8
    if len(order) < needed:
        raise RulesError(f"the deck holds {len(order)} cards; {players} players need {needed} "
                         f"({rules.hole_cards} each, 5 for the board and 3 burns)")
    return _Work.new_hand(rules, stacks, button, order).freeze()


# --- the working copy ---------------------------------------------------------------------------------------


class _Work:
    """A mutable copy of a state for the length of one transition."""

    __slots__ = ("acted", "aggressor", "board", "bets", "button", "contributed", "deck", "dealt", "events",
                 "folded", "full_level", "hole", "level", "log", "min_raise", "mucked", "n", "actor",
                 "result", "rules", "showdown_order", "shown", "stacks", "starting_stacks", "street", "wagers")

    def __init__(self, state: HandState | None) -> None:
        self.events: list[Event] = []
        if state is None:
            return
        self.rules = state.rules
        self.deck = state.deck
        self.button = state.button
        self.hole = state.hole
        self.street = state.street
        self.board = state.board
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
        self.starting_stacks = state.starting_stacks
        self.dealt = state.dealt
        self.mucked = list(state.mucked)
        self.shown = list(state.shown)
        self.showdown_order = state.showdown_order
        self.result = state.result
        self.log = state.log
        self.n = len(self.stacks)

    def freeze(self) -> HandState:
        log = self.log
        for event in self.events:
            log = EventLog(event, log)
        return HandState(
            self.rules, self.deck, self.button, self.hole, self.street, self.board, tuple(self.stacks),
            tuple(self.bets), tuple(self.contributed), tuple(self.folded), self.actor, self.level,
            self.full_level, self.min_raise, self.wagers, tuple(self.acted), self.aggressor,
            self.starting_stacks, self.dealt, tuple(self.mucked), tuple(self.shown), self.showdown_order,
            self.result, log,
        )

    # --- the start --------------------------------------------------------------------------------------------

    @classmethod
    def new_hand(cls, rules: Rules, stacks: tuple[int, ...], button: int, deck: tuple[Card, ...]) -> _Work:
        work = cls(None)
        n = work.n = len(stacks)
        work.rules, work.deck, work.button = rules, deck, button
        work.stacks, work.bets, work.contributed = list(stacks), [0] * n, [0] * n
        work.folded, work.mucked, work.shown = [False] * n, [False] * n, [False] * n
        work.acted = [-1] * n
        work.starting_stacks = stacks
        work.board, work.showdown_order, work.result, work.log = (), (), None, None
        work.aggressor = None
        work.street = Street.BLINDS
        if rules.ante:
            for seat in seat_order_from(button + 1, range(n), n):
                work.post(seat, "ante", rules.ante, dead=True)
        for seat, kind, amount in work.blind_posts():
            work.post(seat, kind, amount, dead=False)
        per_seat = rules.hole_cards
        order = seat_order_from(button + 1, range(n), n)
        dealt: list[list[Card]] = [[] for _ in range(n)]
        position = 0
        for _ in range(per_seat):
            for seat in order:
                dealt[seat].append(deck[position])
                position += 1
        work.hole = tuple(tuple(cards) for cards in dealt)
        work.dealt = position
        for seat in order:
            work.events.append(HoleDealt(seat, work.hole[seat]))
        work.street = Street.PREFLOP
        work.level = work.full_level = rules.big_blind
        work.wagers = 1 if rules.big_blind else 0
        work.min_raise = work.full_raise_size()
        posters = [seat for seat, _, _ in work.blind_posts()]
        work.begin_round(first=(posters[-1] + 1) % n if posters else (button + 1) % n)
        return work

    def blind_posts(self) -> list[tuple[int, str, int]]:
        blinds = self.rules.blinds
        n, button = self.n, self.button
        if len(blinds) == 2:
            seats = [button, (button + 1) % n] if n == 2 else [(button + 1) % n, (button + 2) % n]
            return [(seats[0], "small blind", blinds[0]), (seats[1], "big blind", blinds[1])]
        return [((button + 1) % n, "big blind", blinds[0])]

    def post(self, seat: int, kind: str, amount: int, dead: bool) -> None:
        paid = min(amount, self.stacks[seat])
        if not paid:
            return
        self.stacks[seat] -= paid
        self.contributed[seat] += paid
        if not dead:
            self.bets[seat] += paid
        self.events.append(Posted(seat, kind, paid, self.stacks[seat] == 0))

    def full_raise_size(self) -> int:
        betting = self.rules.betting
        if isinstance(betting, FixedLimit):
            return betting.bet_size(self.street)
        return max(self.rules.big_blind, 1)

    # --- betting ----------------------------------------------------------------------------------------------

    def bet_action(self, action: Action) -> None:
        seat = self.actor
        assert seat is not None
        if isinstance(action, Fold):
            self.folded[seat] = True
            self.events.append(Acted(seat, "fold", self.bets[seat], 0, False))
        elif isinstance(action, Check):
            self.acted[seat] = self.level
            self.events.append(Acted(seat, "check", self.bets[seat], 0, False))
        elif isinstance(action, Call):
            added = min(self.level - self.bets[seat], self.stacks[seat])
            self.put_in(seat, added)
            self.acted[seat] = self.level
            self.events.append(Acted(seat, "call", self.bets[seat], added, self.stacks[seat] == 0))
        elif isinstance(action, (Bet, Raise)):
            self.wager(seat, action)
        self.advance(after=seat)

    def put_in(self, seat: int, chips: int) -> None:
        self.stacks[seat] -= chips
        self.bets[seat] += chips
        self.contributed[seat] += chips

    def wager(self, seat: int, action: Bet | Raise) -> None:
        to = action.to
        spot = _spot(self, seat)
        betting = self.rules.betting
        added = to - self.bets[seat]
        self.put_in(seat, added)
        if betting.is_full(spot, to):
            self.min_raise = betting.next_min_raise(spot, to)
            self.full_level = to
            self.wagers += 1
            self.acted = [-1] * self.n
        self.level = to
        self.acted[seat] = to
        self.aggressor = seat
        word = "bet" if isinstance(action, Bet) else "raise"
        self.events.append(Acted(seat, word, to, added, self.stacks[seat] == 0))

    def needs_to_act(self, seat: int) -> bool:
        return (not self.folded[seat] and self.stacks[seat] > 0
                and (self.acted[seat] < 0 or self.bets[seat] < self.level))

    def next_actor(self, start: int) -> int | None:
        """The first seat from ``start`` clockwise that must still act, or None when the round is closed."""
        able = [s for s in range(self.n) if not self.folded[s] and self.stacks[s] > 0]
        for i in range(self.n):
            seat = (start + i) % self.n
            if self.needs_to_act(seat):
                if len(able) == 1 and self.bets[seat] >= self.level:
                    return None  # alone with chips and owing nothing: nobody to bet against
                return seat
        return None

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
            self.events.append(BetReturned(seat, amount))

    def end_round(self) -> None:
        """Close the betting round; deal the next street, or run the board out, or go to the showdown."""
        self.return_uncalled()
        able = sum(1 for s in range(self.n) if not self.folded[s] and self.stacks[s] > 0)
        while self.street < Street.RIVER:
            self.deal_street(Street(self.street + 1))
            if able >= 2:
                self.begin_betting()
                if self.actor is not None:
                    return
        self.actor = None
        self.start_showdown()

    def deal_street(self, street: Street) -> None:
        burn = self.deck[self.dealt]
        cards = self.deck[self.dealt + 1: self.dealt + 1 + _BOARD_SIZES[street]]
        self.dealt += 1 + len(cards)
        self.board = self.board + cards
        self.street = street
        self.bets = [0] * self.n
        self.events.append(Burned(burn))
        self.events.append(BoardDealt(street, cards))

    def begin_betting(self) -> None:
        self.level = self.full_level = self.wagers = 0
        self.min_raise = self.full_raise_size()
        self.acted = [-1] * self.n
        self.aggressor = None
        self.actor = self.next_actor(self.button + 1)

    # --- showdown ---------------------------------------------------------------------------------------------

    def start_showdown(self) -> None:
        live = [s for s in range(self.n) if not self.folded[s]]
        first = self.aggressor if self.aggressor is not None else self.button + 1
        self.showdown_order = tuple(seat_order_from(first, live, self.n))
        self.street = Street.SHOWDOWN
        policy = self.rules.showdown
        if any(self.stacks[s] == 0 for s in live) or policy is ShowdownPolicy.SHOW_ALL:
            for seat in self.showdown_order:
                self.reveal(seat)
        elif policy is ShowdownPolicy.MUCK_LOSERS:
            evaluator = BoardEvaluator(self.board)
            pots = build_pots(self.contributed, [not f for f in self.folded])
            shown: list[int] = []
            for seat in self.showdown_order:
                if could_win(seat, pots, shown, self.hole, evaluator, self.rules.hi_lo):
                    self.reveal(seat)
                    shown.append(seat)
                else:
                    self.mucked[seat] = True
                    self.events.append(Mucked(seat))
        else:
            self.actor = self.next_to_show()
            if self.actor is not None:
                return
        self.settle(showdown=True)

    def reveal(self, seat: int) -> None:
        self.shown[seat] = True
        self.events.append(Shown(seat, self.hole[seat]))

    def next_to_show(self) -> int | None:
        for seat in self.showdown_order:
            if not self.shown[seat] and not self.mucked[seat]:
                return seat
        return None

    def showdown_choice(self, show: bool) -> None:
        seat = self.actor
        assert seat is not None
        if show:
            self.reveal(seat)
        else:
            self.mucked[seat] = True
            self.events.append(Mucked(seat))
        self.actor = self.next_to_show()
        if self.actor is None:
            self.settle(showdown=True)

    def settle(self, showdown: bool) -> None:
        """Rake, then settle each pot on its own, pay the winners, and close the hand."""
        self.actor = None
        pots = build_pots(self.contributed, [not f for f in self.folded])
        total = sum(pot.amount for pot in pots)
        rake = self.rules.rake.amount(total, bool(self.board)) if self.rules.rake else 0
        if rake:
            self.events.append(RakeTaken(rake))
        evaluator = BoardEvaluator(self.board) if showdown else None
        results: list[PotResult] = []
        for index, (pot, pot_rake) in enumerate(zip(pots, split_rake(pots, rake), strict=True)):
            claimants = [s for s in pot.eligible if not self.mucked[s]]
            result = settle_pot(pot, pot_rake, claimants, self.hole, evaluator, self.rules.hi_lo, self.button,
                                self.n)
            results.append(result)
            for seat, chips in result.payouts:
                share = ("all" if not result.low_winners else
                         "high" if seat in result.high_winners and seat not in result.low_winners else
                         "low" if seat not in result.high_winners else "high and low")
                self.stacks[seat] += chips
                self.events.append(PotAwarded(index, seat, chips, share))
        self.bets = [0] * self.n
        self.street = Street.SETTLED
        self.result = HandResult(tuple(results), rake,
                                 tuple(s - s0 for s, s0 in zip(self.stacks, self.starting_stacks, strict=True)),
                                 showdown)
