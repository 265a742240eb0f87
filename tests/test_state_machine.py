"""The hand state machine under random play.

A hypothesis `RuleBasedStateMachine` deals random tables (2-10 players, uneven and short stacks, any button,
all three betting structures, antes, blinds, straddles, bomb pots, rake, hi-lo or high only, four or five hole
cards, one or two boards, boards run up to three times, every showdown policy) and plays random actions, mostly
legal and sometimes not. After every step it checks the invariants a hand must keep whatever happens: chips are
conserved, nothing goes negative, earlier states never change, a state equals and hashes like a rebuilt copy,
``apply`` succeeds exactly when ``legal_actions().allows`` says so, the player to act can act, every board grows
0/3/4/5 from the cards the deck holds where docs/rules.md puts them, no card is dealt twice, and a finished hand pays
every pot (divided between runs and boards) to eligible players.

Legal wager amounts are also checked against a small model of the betting round kept by the test itself (the
level, the last full bet or raise, who may still raise, straddles included), written from docs/rules.md rather than
from the engine, and so is the question of how many times to run the board: asked exactly when the betting ends
before the river with fewer than two players able to bet, of the players still in, in turn from the button's
left, and answered by running the board as many times as the lowest answer.

Plain property tests below cover determinism (a seed fixes the hand), the button's effect on blinds, deal
and order of play, the straddle amounts allowed, hands that end because everyone else folded, and which hands
are shown at a showdown without all-ins (on one board or two).
"""

from __future__ import annotations

import copy
import random
import re
from collections.abc import Callable
from decimal import Decimal
from enum import Enum
from typing import Any

import attrs
import pytest
from hypothesis import HealthCheck, given, note, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule
from random_play import played_hands

from engine import (
    Agreement,
    Bet,
    Call,
    Check,
    FixedLimit,
    Fold,
    IllegalAction,
    Muck,
    NoLimit,
    Payout,
    Portion,
    PotLimit,
    Raise,
    Rake,
    Rules,
    RulesError,
    RunIt,
    Show,
    ShowdownPolicy,
    standard_posts,
    start_hand,
)
from engine.cards import Card
from engine.evaluation import BoardEvaluator
from engine.events import (
    Acted,
    BetReturned,
    BoardDealt,
    Burned,
    Mucked,
    Posted,
    PotAwarded,
    RunChosen,
    Shown,
)
from engine.pots import Pot
from engine.state import HandState, LegalActions, Street

MAX_STEPS = 500
CHOOSING = (ShowdownPolicy.MANUAL, ShowdownPolicy.RECORDED)  # a player shows or mucks
BETTING_STREETS = (Street.PREFLOP, Street.FLOP, Street.TURN, Street.RIVER)
BOARD_SIZE = {Street.PREFLOP: 0, Street.FLOP: 3, Street.TURN: 4, Street.RIVER: 5, Street.SHOWDOWN: 5}
DEALT_STREETS = ((Street.FLOP, 3), (Street.TURN, 1), (Street.RIVER, 1))  # each after a burn


# --- random tables ------------------------------------------------------------------------------------------


@attrs.frozen
class Table:
    """A hand to deal: rules, stacks, button, the deck's seed, and the forced bets beyond the rules' antes and
    blinds: straddles under the gun (the amounts due, in order), a button straddle, or a bomb pot's ante."""

    rules: Rules
    stacks: tuple[int, ...]
    button: int
    seed: int
    straddles: tuple[int, ...] = ()
    button_straddle: int = 0
    bomb_pot: int = 0

    @property
    def players(self) -> int:
        return len(self.stacks)

    def posts(self) -> Any:
        if not (self.straddles or self.button_straddle):
            return None
        return standard_posts(
            self.rules, self.players, self.button, straddles=self.straddles, button_straddle=self.button_straddle
        )

    def start(self) -> HandState:
        return start_hand(
            self.rules, self.stacks, self.button, seed=self.seed, posts=self.posts(), bomb_pot=self.bomb_pot
        )

    def __str__(self) -> str:
        """The call that deals this hand (a reproducer)."""
        extra = ""
        if self.straddles or self.button_straddle:
            extra = (
                f", posts=standard_posts(rules, {self.players}, {self.button}, straddles={self.straddles!r}, "
                f"button_straddle={self.button_straddle})"
            )
        if self.bomb_pot:
            extra += f", bomb_pot={self.bomb_pot}"
        rules = re.sub(r"<(ShowdownPolicy\.\w+): '\w+'>", r"\1", repr(self.rules))
        return f"start_hand(rules := {rules}, {self.stacks!r}, button={self.button}, seed={self.seed}{extra})"


@st.composite
def rules_strategy(draw: st.DrawFn, hole_cards: int | None = None) -> Rules:
    structure = draw(st.sampled_from(["fixed", "pot", "no"]))
    if structure == "fixed":
        small_bet = draw(st.integers(1, 20))
        big_bet = draw(st.one_of(st.just(2 * small_bet), st.integers(small_bet, 40)))
        betting: Any = FixedLimit(
            small_bet, big_bet, max_raises=draw(st.integers(0, 4)), uncapped_heads_up=draw(st.booleans())
        )
        big = draw(st.integers(0, small_bet))
    else:
        betting = PotLimit() if structure == "pot" else NoLimit()
        big = draw(st.integers(0, 20))
    small = draw(st.integers(0, big))
    blinds = (big,) if draw(st.integers(0, 9)) == 0 else (small, big)
    ante = draw(st.one_of(st.just(0), st.integers(1, 5)))
    if big == 0 and ante == 0:
        ante = 1
    rake = draw(
        st.one_of(
            st.none(),
            st.builds(
                Rake,
                percent=st.sampled_from(["0", "2.5", "5", "10", "100"]),
                cap=st.one_of(st.none(), st.integers(0, 50)),
                no_flop_no_drop=st.booleans(),
            ),
        )
    )
    # plain hands stay common: one board three times in four, the board run once about half the time
    boards = 2 if draw(st.integers(0, 3)) == 3 else 1
    runs = draw(st.sampled_from([1, 1, 2, 3]))
    ask_runs = draw(st.integers(0, 3)) != 3
    big_blind_ante = big > 0 and ante > 0 and draw(st.booleans())
    return Rules(
        betting=betting,
        blinds=blinds,
        ante=ante,
        hole_cards=hole_cards if hole_cards is not None else draw(st.sampled_from([4, 5])),
        hi_lo=draw(st.booleans()),
        rake=rake,
        showdown=draw(st.sampled_from(list(ShowdownPolicy))),
        boards=boards,
        runs=runs,
        ask_runs=ask_runs,
        big_blind_ante=big_blind_ante,
    )


def blind_posts(rules: Rules, players: int, button: int) -> list[tuple[int, str, int]]:
    """The blinds as docs/rules.md places them: (seat, kind, amount due), from the seat left of the button
    (heads-up with two blinds the button posts the small one)."""
    n = players
    if len(rules.blinds) == 2:
        seats = [button, (button + 1) % n] if n == 2 else [(button + 1) % n, (button + 2) % n]
        return [(seats[0], "small blind", rules.blinds[0]), (seats[1], "big blind", rules.blinds[1])]
    return [((button + 1) % n, "big blind", rules.blinds[0])]


def straddle_seats(rules: Rules, players: int, button: int) -> list[int]:
    """Who may straddle under the gun, in order: clockwise from the big blind's left, every seat posting no blind."""
    blinds = blind_posts(rules, players, button)
    taken = {seat for seat, _, _ in blinds}
    big = blinds[-1][0]
    return [seat for seat in ((big + 1 + i) % players for i in range(players)) if seat not in taken]


def antes_total(rules: Rules, players: int) -> int:
    """The antes of a hand with every stack deep: one from each player, or one in all (a big-blind ante)."""
    return rules.ante if rules.big_blind_ante else rules.ante * players


def forced_bets(table: Table) -> list[tuple[int, str, int]]:
    """Every forced bet of the hand in posting order: (seat, kind, amount due). A big-blind ante comes after the
    blinds (docs/rules.md: the blind first), from the big blind."""
    rules, n, button = table.rules, table.players, table.button
    order = [(button + 1 + i) % n for i in range(n)]
    if table.bomb_pot:
        return [(seat, "ante", table.bomb_pot) for seat in order]
    blinds = blind_posts(rules, n, button)
    owed = [(seat, "ante", rules.ante) for seat in order] if rules.ante and not rules.big_blind_ante else []
    owed += blinds
    if rules.ante and rules.big_blind_ante:
        owed.append((blinds[-1][0], "ante", rules.ante))
    owed += [
        (seat, "straddle", amount)
        for seat, amount in zip(straddle_seats(rules, n, button), table.straddles, strict=False)
    ]
    if table.button_straddle:
        owed.append((button, "straddle", table.button_straddle))
    return owed


def preflop_opening(table: Table) -> tuple[int, int, int]:
    """(the level to call, the full bets and raises so far, the seat the action starts left of): the largest
    live post, the big blind and each straddle counting as a wager, and the last straddler or the big blind."""
    live = [(seat, kind, amount) for seat, kind, amount in forced_bets(table) if kind != "ante"]
    level = max(amount for _, _, amount in live)
    openers = [seat for seat, kind, _ in live if kind in ("big blind", "straddle")]
    return level, (len(openers) if level else 0), openers[-1]


def straddle_range(betting: Any, level: int, pot: int) -> tuple[int, int]:
    """The straddles docs/rules.md allows over ``level`` with ``pot`` posted: fixed limit one small bet more, pot
    limit double up to the pot (level + pot + level), no limit double or more (the top here is arbitrary)."""
    if isinstance(betting, FixedLimit):
        return level + betting.small_bet, level + betting.small_bet
    if isinstance(betting, PotLimit):
        return 2 * level, 2 * level + pot
    return 2 * level, 4 * level + 500


@st.composite
def forced_extras(draw: st.DrawFn, rules: Rules, players: int, button: int) -> dict[str, Any]:
    """Mostly nothing; sometimes straddles under the gun, a button straddle, or a bomb pot."""
    kind = draw(st.sampled_from(["plain"] * 6 + ["straddles", "straddles", "button straddle", "bomb pot"]))
    if kind == "bomb pot":
        return {"bomb_pot": draw(st.one_of(st.integers(1, 10), st.integers(1, 500)))}
    free = len(straddle_seats(rules, players, button))
    if kind == "plain" or rules.big_blind == 0 or (kind == "straddles" and not free):
        return {}
    if kind == "button straddle" and players < 3:
        return {}
    count = 1 if kind == "button straddle" else draw(st.integers(1, min(3, free)))
    level, pot = rules.big_blind, antes_total(rules, players) + sum(rules.blinds)
    amounts = []
    for _ in range(count):
        low, high = straddle_range(rules.betting, level, pot)
        amount = draw(st.one_of(st.just(low), st.just(high), st.integers(low, high)))
        amounts.append(amount)
        level, pot = amount, pot + amount
    return {"button_straddle": amounts[0]} if kind == "button straddle" else {"straddles": tuple(amounts)}


@st.composite
def tables(draw: st.DrawFn, min_stack: int = 1) -> Table:
    rules = draw(rules_strategy())
    players = draw(st.integers(2, rules.max_players))
    forced = max(rules.blinds) + rules.ante
    short = st.integers(max(1, min_stack), max(min_stack, forced + 2))  # the blinds may not be covered
    stack = st.one_of(short, st.integers(max(1, min_stack), 400))
    stacks = tuple(draw(st.lists(stack, min_size=players, max_size=players)))
    button = draw(st.integers(0, players - 1))
    seed = draw(st.integers(0, 2**32 - 1))
    return Table(rules, stacks, button, seed, **draw(forced_extras(rules, players, button)))


# --- helpers ------------------------------------------------------------------------------------------------


# the state's fields (a private memo with eq=False, init=False is no part of the value)
FIELDS = tuple(f.name for f in attrs.fields(HandState) if f.init and f.eq)


def fields_of(state: HandState) -> tuple[Any, ...]:
    return tuple(getattr(state, name) for name in FIELDS)


def rebuild(value: Any) -> Any:
    """An equal value built again all the way down: new tuples and attrs instances (cards are canonical)."""
    if isinstance(value, Card):
        return Card(int(value))
    if isinstance(value, Decimal):
        return Decimal(str(value))
    if value is None or isinstance(value, (bool, int, str, Enum)):
        return value
    if type(value) is tuple:
        return tuple(rebuild(item) for item in value)
    if attrs.has(type(value)):
        return type(value)(**{f.alias: rebuild(getattr(value, f.name)) for f in attrs.fields(type(value)) if f.init})
    return copy.deepcopy(value)


def all_candidates(state: HandState, legal: LegalActions) -> list[Any]:
    """Actions of every kind, with amounts inside, at and just outside the legal range."""
    amounts = {
        1,
        2,
        state.level,
        state.level + 1,
        legal.min_to - 1,
        legal.min_to,
        legal.max_to,
        legal.max_to + 1,
        state.bets[legal.seat] + state.stacks[legal.seat],
        state.bets[legal.seat] + state.stacks[legal.seat] + 1,
    }
    out: list[Any] = [Fold(), Check(), Call(), Show(), Muck(), RunIt(1), RunIt(2), RunIt(3)]
    for amount in sorted(a for a in amounts if a > 0):
        out += [Bet(amount), Raise(amount)]
    return out


def passive(legal: LegalActions) -> Any:
    """The quiet choice that always ends a hand: check, else call, else agree to every run, else show."""
    if legal.check:
        return Check()
    if legal.call:
        return Call()
    if legal.runs:
        return RunIt(legal.runs)
    return Show()


def action_kinds(legal: LegalActions) -> list[Any]:
    """The kinds of legal action to pick from ("wager" for a bet or raise). When asked how many times to run
    the board, agreeing to the most is likelier, so that boards run three times come up."""
    kinds: list[Any] = [a for a in legal.actions if not isinstance(a, (Bet, Raise))]
    if legal.runs:
        kinds += [RunIt(legal.runs)] * 2
    if legal.wager:
        kinds.append("wager")
    return kinds


def random_action(legal: LegalActions, rnd: random.Random) -> Any:
    kinds = action_kinds(legal)
    choice = rnd.choice(kinds)
    if choice == "wager":
        kind = Bet if legal.wager == "bet" else Raise
        return kind(rnd.randint(legal.min_to, legal.max_to))
    return choice


def play(state: HandState, choose: Callable[[HandState, LegalActions], Any]) -> tuple[HandState, list[Any]]:
    actions = []
    while not state.is_over:
        assert len(actions) < MAX_STEPS, "the hand did not end"
        action = choose(state, state.legal_actions())
        actions.append(action)
        state = state.apply(action)
    return state, actions


# --- a model of the betting round, from docs/rules.md ------------------------------------------------------------


class RoundModel:
    """The level to match, the last full bet or raise, the raise count, and the level each seat last acted at
    (None: not since the betting was last reopened), kept from the actions alone.

    Preflop the round opens at ``level`` with ``wagers`` full bets and raises made (the largest live post; the
    big blind and each straddle count as one); in pot and no limit a raise there is at least max(level, big
    blind). After the flop the round opens at 0."""

    def __init__(self, rules: Rules, street: Street, players: int, level: int = 0, wagers: int = 0) -> None:
        self.rules = rules
        betting = rules.betting
        self.fixed = isinstance(betting, FixedLimit)
        self.bet_size = betting.bet_size(street) if isinstance(betting, FixedLimit) else 0
        self.level = level
        self.full_level = level
        self.wagers = wagers
        self.raise_size = self.bet_size if self.fixed else max(level, rules.big_blind, 1)
        self.acted: list[int | None] = [None] * players
        self.aggressor: int | None = None

    def act(self, seat: int, action: Any) -> None:
        if isinstance(action, (Check, Call)):
            self.acted[seat] = self.level
        elif isinstance(action, (Bet, Raise)):
            to = action.to
            if self.fixed:
                # the half-bet rule, each all-in judged by what it adds (Robert's Rules: "multiple all-in
                # wagers, each too small to individually qualify as a raise"); a completion always counts
                full = 2 * (to - self.level) >= self.bet_size or to >= self.full_level + self.bet_size
            elif self.level == 0:
                full = to >= max(self.rules.big_blind, 1)
            else:
                full = to - self.level >= self.raise_size
            if full:
                if not self.fixed:
                    self.raise_size = to - self.level
                self.full_level = to
                self.wagers += 1
                self.acted = [None] * len(self.acted)
            self.level = to
            self.acted[seat] = to
            self.aggressor = seat

    def expected(self, state: HandState, seat: int) -> LegalActions:
        owed = self.level - state.bets[seat]
        all_in = state.bets[seat] + state.stacks[seat]
        live = state.folded.count(False)
        # Choice 5: a wager needs someone else still in who could put in more than the bet already made.
        others_can_bet = any(
            state.bets[s] + state.stacks[s] > self.level and not state.folded[s]
            for s in range(state.players)
            if s != seat
        )
        threshold = self.bet_size if self.fixed else self.raise_size
        acted = self.acted[seat]
        reopened = acted is None or self.level - acted >= threshold
        betting = self.rules.betting
        capped = (
            isinstance(betting, FixedLimit)
            and self.wagers >= 1 + betting.max_raises
            and not (betting.uncapped_heads_up and live == 2)
        )
        wager, low, high = None, 0, 0
        if others_can_bet and reopened and all_in > self.level and not capped:
            wager = "raise" if self.level else "bet"
            if self.fixed:
                low = high = min(self.full_level + self.bet_size, all_in)
            else:
                minimum = self.level + self.raise_size if self.level else max(self.rules.big_blind, 1)
                if all_in <= minimum:
                    low = high = all_in
                else:
                    cap = all_in if isinstance(betting, NoLimit) else self.level + state.pot_total + owed
                    low, high = minimum, max(minimum, min(cap, all_in))
        call = min(owed, state.stacks[seat]) if owed > 0 else 0
        return LegalActions(seat, fold=owed > 0, check=owed <= 0, call=call, wager=wager, min_to=low, max_to=high)


@attrs.frozen
class _Seats:
    bets: list[int]
    stacks: list[int]
    folded: list[bool]


def next_to_act(state: HandState | _Seats, model: RoundModel | None, start: int) -> int | None:
    """The first seat from ``start`` clockwise still to act in the round (docs/rules.md: the round ends when every
    player able to act has acted and all live bets are equal), or None when the round is closed."""
    assert model is not None
    n = len(state.stacks)
    able = [s for s in range(n) if not state.folded[s] and state.stacks[s] > 0]
    for i in range(n):
        seat = (start + i) % n
        if seat in able and (model.acted[seat] is None or state.bets[seat] < model.level):
            if len(able) == 1 and state.bets[seat] >= model.level:
                return None  # alone with chips and owing nothing
            return seat
    return None


def check_posts(state: HandState, table: Table) -> _Seats:
    """Antes, blinds and straddles, or a bomb pot's antes: each for its amount or for the whole stack (all-in),
    from the right seats, in order. Returns the bets and stacks after the posts."""
    posted = [e for e in state.events if isinstance(e, Posted)]
    left = list(state.starting_stacks)
    bets = [0] * table.players
    expected = []
    for seat, kind, amount in forced_bets(table):
        paid = min(amount, left[seat])
        left[seat] -= paid
        if kind != "ante":
            bets[seat] += paid
        if paid:
            expected.append(Posted(seat, kind, paid, left[seat] == 0))
    assert posted == expected
    if state.street is Street.PREFLOP and state.agreement is None:
        assert list(state.stacks) == left and list(state.bets) == bets
    if table.bomb_pot and not state.is_over:
        assert state.street is not Street.PREFLOP or state.agreement is not None, "a bomb pot has no preflop betting"
    return _Seats(bets, left, [False] * table.players)


# --- checks -------------------------------------------------------------------------------------------------


def side_pots(contributed: tuple[int, ...], live: list[bool], covered: list[bool] | None = None) -> tuple[Pot, ...]:
    """The pots as docs/rules.md builds them: from each seat's total contribution (antes included), each all-in
    amount of a player still in closes a layer, a player is eligible for every layer up to their own
    contribution (``covered``: a player with chips behind, for every layer: dead money a folded player put in
    above them included), folded chips stay in the layers they reached; layers with the same players merge."""
    covered = covered or [False] * len(contributed)
    capped = [alive and not cover for alive, cover in zip(live, covered, strict=True)]
    levels = sorted({c for c, cap in zip(contributed, capped, strict=True) if cap and c > 0})
    if any(covered[seat] and live[seat] for seat in range(len(live))):
        levels = sorted({*levels, max(contributed)})
    levels = levels or [max(contributed)]
    pots: list[Pot] = []
    floor = 0
    for i, level in enumerate(levels):
        top = level if i < len(levels) - 1 else max(contributed)  # chips above every live player: last layer
        amount = sum(min(c, top) - min(c, floor) for c in contributed)
        eligible = tuple(seat for seat, c in enumerate(contributed) if live[seat] and (c >= level or covered[seat]))
        if not eligible and pots:  # chips above every live player's contribution: with the layer below
            pots[-1] = Pot(pots[-1].amount + amount, pots[-1].eligible)
            floor = top
            continue
        if pots and pots[-1].eligible == eligible:
            pots[-1] = Pot(pots[-1].amount + amount, eligible)
        elif amount:
            pots.append(Pot(amount, eligible))
        floor = top
    assert sum(p.amount for p in pots) == sum(contributed)
    return tuple(pots)


def behind(state: HandState, seat: int) -> int:
    """A seat's chips outside the pot before any payout (the stack, until the hand is settled)."""
    return state.starting_stacks[seat] - state.contributed[seat]


def even(amount: int, parts: int) -> list[int]:
    """``amount`` in ``parts`` as evenly as chips allow, the odd chips one each to the first parts."""
    return [amount // parts + (1 if i < amount % parts else 0) for i in range(parts)]


def runs_on_offer(rules: Rules, players: int, deck_size: int, street: Street, in_hand: int, able: int) -> int:
    """How many times the rest of the board may be run when the betting on ``street`` is over (1: once).

    docs/rules.md: only with fewer than two players able to bet, before the river, with two or more still in, and
    rules.runs > 1; then as many as the rules allow and the deck can deal. The first run takes a burn and each
    board's cards on every street; each further run a burn and each board's cards on every street still to come.
    """
    if rules.runs == 1 or street >= Street.RIVER or in_hand < 2 or able >= 2:
        return 1
    first_run = players * rules.hole_cards + 3 + 5 * rules.boards
    further = sum(1 for s, _ in DEALT_STREETS if s > street) + (5 - BOARD_SIZE[street]) * rules.boards
    return min(rules.runs, 1 + (deck_size - first_run) // further)


def deal(state: HandState, runs: int, shared: int) -> tuple[list[Any], list[tuple[Card, ...]]]:
    """The burns and board cards docs/rules.md deals from this deck, as events, and the boards, run by run.

    After the hole cards, each street is a burn, then the street's cards for board 1, then for board 2. Each
    further run keeps the first ``shared`` cards of each board and deals the streets after them again (a burn
    before each), from the cards after the previous run."""
    n, k, per_run, deck = state.players, state.rules.hole_cards, state.rules.boards, state.deck
    position = n * k
    dealt: list[Any] = []
    boards: list[tuple[Card, ...]] = []
    for run in range(runs):
        cards = [board[:shared] for board in boards[:per_run]] if run else [()] * per_run
        for street, size in DEALT_STREETS:
            if run and BOARD_SIZE[street] <= shared:
                continue
            dealt.append(Burned(deck[position]))
            position += 1
            for b in range(per_run):
                new = tuple(deck[position : position + size])
                position += size
                cards[b] += new
                dealt.append(BoardDealt(street, new, run * per_run + b))
        boards += cards
    return dealt, boards


def check_cards(state: HandState) -> None:
    n, k, per_run = state.players, state.rules.hole_cards, state.rules.boards
    assert all(len(cards) == k for cards in state.hole)
    # dealt one at a time clockwise from the seat left of the button, then burn + 3, burn + 1, burn + 1
    for seat in range(n):
        offset = (seat - state.button - 1) % n
        assert state.hole[seat] == tuple(state.deck[j * n + offset] for j in range(k))
    boards = state.boards
    assert len(boards) % per_run == 0 and 1 <= len(boards) // per_run <= 3, f"{len(boards)} boards"
    runs = len(boards) // per_run
    sizes = {len(board) for board in boards}
    assert len(sizes) == 1 and sizes <= {0, 3, 4, 5}, f"boards of {sizes} cards: they grow 0/3/4/5 together"
    events = state.events
    shared = 0
    if runs > 1:
        # every run keeps the cards dealt before the betting ended (before the last betting action)
        last = max((i for i, e in enumerate(events) if isinstance(e, Acted)), default=-1)
        shared = sum(len(e.cards) for e in events[: last + 1] if isinstance(e, BoardDealt) and e.board == 0)
    expected_events, expected_boards = deal(state, runs, shared)
    dealt = [e for e in events if isinstance(e, (Burned, BoardDealt))]
    if runs > 1:
        assert boards == tuple(expected_boards), "the board was run again from the wrong cards"
        assert dealt == expected_events
    else:
        size = len(state.board)
        assert all(board == full[:size] for board, full in zip(boards, expected_boards, strict=True))
        count = sum(1 + per_run for street, _ in DEALT_STREETS if BOARD_SIZE[street] <= size)
        assert dealt == expected_events[:count]
    # every card dealt (the runs share the cards before the question, dealt once)
    everything = [c for cards in state.hole for c in cards]
    for event in dealt:
        everything += [event.card] if isinstance(event, Burned) else event.cards
    assert len(set(everything)) == len(everything), "a card was dealt twice"


def check_state(state: HandState, total: int) -> None:
    n = state.players
    for name in ("stacks", "bets", "contributed", "folded", "acted_at", "starting_stacks", "mucked", "shown"):
        value = getattr(state, name)
        assert isinstance(value, tuple) and len(value) == n, name
    assert sum(state.starting_stacks) == total
    assert all(s >= 0 for s in state.stacks), state.stacks
    assert all(b >= 0 for b in state.bets), state.bets
    assert all(0 <= b <= c for b, c in zip(state.bets, state.contributed, strict=True))
    check_cards(state)
    assert state.is_over == (state.actor is None) == (state.street is Street.SETTLED)
    assert (state.result is not None) == state.is_over
    agreement = state.agreement
    choosing = agreement is not None and state.street < Street.SHOWDOWN
    if not state.is_over:
        assert sum(state.stacks) + sum(state.contributed) == total
        assert state.pot_total == sum(state.contributed)
        assert sum(p.amount for p in state.pots) + sum(state.bets) == sum(state.contributed)
        assert state.folded.count(False) >= 2
        assert len(state.board) == BOARD_SIZE[state.street]
        if state.street < Street.SHOWDOWN:
            assert len(state.boards) == state.rules.boards, "one board, or two for a double board, until the run-out"
        actor = state.actor
        assert actor is not None and 0 <= actor < n
        assert not state.folded[actor], "a folded player is to act"
        if state.street is Street.SHOWDOWN:
            assert not state.shown[actor] and not state.mucked[actor]
            assert state.rules.showdown in CHOOSING
            waiting = [s for s in state.showdown_order if not state.shown[s] and not state.mucked[s]]
            assert actor == waiting[0], "hands are shown in showdown order"
            if state.rules.showdown is ShowdownPolicy.MANUAL:
                assert all(state.stacks[s] for s in state.in_hand), "an all-in showdown shows every hand"
        elif choosing:
            # players all in before the river choose, in turn, how many times to run the rest of the board
            assert agreement is not None and state.street < Street.RIVER
            assert 2 <= agreement.most <= state.rules.runs
            assert len(agreement.choices) < len(agreement.order)
            assert actor == agreement.order[len(agreement.choices)]
            assert all(1 <= times <= agreement.most for times in agreement.choices)
            assert len(state.boards) == state.rules.boards
            assert sum(1 for s in state.in_hand if state.stacks[s]) < 2
        else:
            assert state.stacks[actor] > 0, "an all-in player is to act"
            assert max(state.bets) <= state.level
            able = [s for s in state.in_hand if state.stacks[s] > 0]
            # fewer than two players able to bet: no betting, unless the one left still owes a bet
            assert len(able) >= 2 or state.bets[actor] < state.level
    else:
        result = state.result
        assert result is not None
        assert sum(state.stacks) == total - result.rake
        assert state.pot_total == 0 and state.pots == ()
    if agreement is not None and not choosing:
        assert len(agreement.choices) == len(agreement.order)
        assert len(state.boards) == min(agreement.choices) * state.rules.boards
    # hashable, and equal (with the same hash) to a copy rebuilt from fresh objects
    twin = rebuild(state)
    assert twin == state and hash(twin) == hash(state)


def check_legal(state: HandState, model: RoundModel | None) -> LegalActions:
    legal = state.legal_actions()
    actor = state.actor
    assert legal.seat == actor
    if state.street is Street.SHOWDOWN:
        assert legal.show and not (legal.fold or legal.check or legal.call or legal.wager or legal.runs)
        last_claim = any(
            actor in pot.eligible and all(s == actor or state.mucked[s] for s in pot.eligible)
            for pot in side_pots(
                state.contributed, [not f for f in state.folded], [behind(state, s) > 0 for s in range(state.players)]
            )
        )
        assert legal.muck == (not last_claim)
        assert legal.default == Show()
        return legal
    if state.agreement is not None:
        assert legal == LegalActions(actor, runs=state.agreement.most)
        assert legal.default == RunIt(1)
        return legal
    assert not (legal.show or legal.muck or legal.runs)
    assert legal.check != legal.fold
    assert legal.check == (legal.call == 0)
    assert legal.default == (Check() if legal.check else Fold())
    if legal.wager:
        assert legal.wager == ("raise" if state.level else "bet")
        assert state.level < legal.min_to <= legal.max_to <= state.bets[actor] + state.stacks[actor]
        if isinstance(state.rules.betting, FixedLimit):
            assert legal.min_to == legal.max_to
        elif isinstance(state.rules.betting, NoLimit):
            assert legal.max_to == state.bets[actor] + state.stacks[actor]
    if model is not None:
        expected = model.expected(state, actor)
        assert state.level == model.level
        assert legal == expected, f"engine {legal} but the rules give {expected}"
    return legal


def check_runs(before: tuple[tuple[Card, ...], ...], new: HandState, times: int) -> None:
    """The rest of the board was run ``times`` times: that many runs of five-card boards, each keeping the cards
    dealt before (``before``, one per board)."""
    per_run = new.rules.boards
    assert len(new.boards) == times * per_run, f"the board was run {len(new.boards) // per_run} times, not {times}"
    for index, board in enumerate(new.boards):
        assert len(board) == 5
        assert board[: len(before[index % per_run])] == before[index % per_run], "the runs share the cards dealt before"


def check_betting_over(before: tuple[tuple[Card, ...], ...], street: Street, new: HandState) -> None:
    """The betting on ``street`` is over (``before``: the boards then) with two or more players still in.

    With two or more able to bet, the next street comes. Otherwise the rest of the board is run: once, or when
    the rules and the deck allow more (`runs_on_offer`), as many times as the players agree (the players still
    in are asked, in turn from the button's left) or, without asking, as many as allowed."""
    rules, n = new.rules, new.players
    able = [s for s in new.in_hand if behind(new, s) > 0]
    most = runs_on_offer(rules, n, len(new.deck), street, len(new.in_hand), len(able))
    if most > 1 and rules.ask_runs:
        order = tuple(sorted(new.in_hand, key=lambda s: (s - new.button - 1) % n))
        assert new.agreement == Agreement(order, (), most), (
            f"{new.agreement}, but the rules ask {order} to choose from 1..{most}"
        )
        assert new.street == street and new.boards == before and new.actor == order[0]
        return
    assert new.agreement is None, f"asked to run the board ({new.agreement}) when the rules do not ask"
    if len(able) >= 2 and street < Street.RIVER:
        following = Street(street + 1)
        assert new.street == following, f"{new.street.name} after the {street.name} betting, not {following.name}"
        assert len(new.boards) == rules.boards
        assert all(len(board) == BOARD_SIZE[following] for board in new.boards)
    else:
        assert new.street >= Street.SHOWDOWN, "the betting is over: the board runs out"
        check_runs(before, new, most)


def check_transition(old: HandState, new: HandState, action: Any) -> None:
    seat = old.actor
    for name in ("rules", "deck", "button", "hole", "starting_stacks"):
        assert getattr(new, name) == getattr(old, name), name
    assert new.street >= old.street
    assert len(new.boards) >= len(old.boards)
    for board, old_board in zip(new.boards, old.boards, strict=False):
        assert board[: len(old_board)] == old_board
    old_events, new_events = old.events, new.events
    assert new_events[: len(old_events)] == old_events, "the event log was rewritten"
    added = new_events[len(old_events) :]
    assert added, "an action left no event"
    first = added[0]
    choosing = old.agreement is not None and old.street < Street.SHOWDOWN
    if isinstance(action, RunIt):
        assert choosing and first == RunChosen(seat, action.times)
    elif isinstance(action, Show):
        assert first == Shown(seat, old.hole[seat])
    elif isinstance(action, Muck):
        assert first == Mucked(seat)
    else:
        assert isinstance(first, Acted) and first.seat == seat
        assert first.action == type(action).__name__.lower()
        owed = old.level - old.bets[seat]
        cost = {Fold: 0, Check: 0, Call: min(max(owed, 0), old.stacks[seat])}.get(type(action))
        if cost is None:
            cost = action.to - old.bets[seat]
            assert first.to == action.to
        assert first.added == cost
        assert first.all_in == (cost == old.stacks[seat])
    for s in range(old.players):
        if s != seat:
            assert new.folded[s] == old.folded[s]
    assert new.folded[seat] == (old.folded[seat] or isinstance(action, Fold))
    for event in added:
        if isinstance(event, BetReturned):
            assert event.amount > 0
    if new.folded.count(False) == 1:
        # everyone else folded: the hand is over at once, with no showdown and no more cards
        assert new.is_over
        assert new.result is not None and not new.result.showdown
        assert new.boards == old.boards
        assert not any(isinstance(e, (Shown, Mucked, Burned, BoardDealt)) for e in added)
        return
    if choosing:
        agreement = old.agreement
        assert agreement is not None
        choices = (*agreement.choices, action.times)
        assert new.agreement == Agreement(agreement.order, choices, agreement.most)
        assert new.contributed == old.contributed
        if len(choices) < len(agreement.order):
            assert new.street == old.street and new.boards == old.boards and new.stacks == old.stacks
            assert new.actor == agreement.order[len(choices)]
            assert not any(isinstance(e, (Burned, BoardDealt)) for e in added)
        else:
            # everyone has chosen: the board is run as many times as the lowest choice
            assert new.street >= Street.SHOWDOWN
            check_runs(old.boards, new, min(choices))
    elif (
        old.street in BETTING_STREETS
        and old.agreement is None
        and (new.street != old.street or new.agreement is not None)
    ):
        check_betting_over(old.boards, old.street, new)
    else:
        assert new.agreement == old.agreement, "a question about the runs out of place"


def could_win(state: HandState, evaluator: BoardEvaluator, pots: tuple[Pot, ...], seat: int, shown: list[int]) -> bool:
    high = evaluator.high_value(state.hole[seat])
    low = evaluator.low_value(state.hole[seat]) if state.rules.hi_lo else 0
    for pot in pots:
        if seat in pot.eligible:
            rivals = [s for s in shown if s in pot.eligible]
            if not rivals or high >= max(evaluator.high_value(state.hole[s]) for s in rivals):
                return True
            if low and low >= max(evaluator.low_value(state.hole[s]) for s in rivals):
                return True
    return False


def hi_lo_halves(
    amount: int, highs: set[int], lows: set[int], button: int, players: int
) -> tuple[dict[int, int], dict[int, int]]:
    """A pot (or a board's part of one) split high/low, each half's shares apart: half to the best low when
    there is one, the odd chip to the high half; tied winners share a half, the chips that will not divide one
    each to the winners nearest the button's left."""
    low_half = amount // 2 if lows else 0
    halves: tuple[dict[int, int], dict[int, int]] = ({}, {})
    for chips, winners, half in ((halves[0], highs, amount - low_half), (halves[1], lows, low_half)):
        ordered = sorted(winners, key=lambda s: (s - button - 1) % players)
        for i, seat in enumerate(ordered):
            chips[seat] = half // len(ordered) + (1 if i < half % len(ordered) else 0)
    return halves


def hi_lo_split(amount: int, highs: set[int], lows: set[int], button: int, players: int) -> dict[int, int]:
    """The same split with a seat's two shares added up."""
    high, low = hi_lo_halves(amount, highs, lows, button, players)
    return {seat: high.get(seat, 0) + low.get(seat, 0) for seat in high.keys() | low.keys()}


def check_result(state: HandState, total: int) -> None:
    result = state.result
    assert result is not None
    rules = state.rules
    live = [not f for f in state.folded]
    behind_chips = [behind(state, seat) > 0 for seat in range(state.players)]
    pots = side_pots(state.contributed, live, behind_chips)
    assert [(p.pot, p.board) for p in result.pots] == sorted((p.pot, p.board) for p in result.pots)
    assert sorted({p.pot for p in result.pots}) == list(range(len(pots))), (
        "the pots differ from docs/rules.md's (layers of total contributions, antes included)"
    )
    pot_sum = sum(p.amount for p in pots)
    assert pot_sum == sum(state.contributed)
    expected_rake = rules.rake.amount(pot_sum, bool(state.board)) if rules.rake else 0
    assert result.rake == expected_rake
    if rules.rake and rules.rake.cap is not None:
        assert result.rake <= rules.rake.cap
    assert sum(p.rake for p in result.pots) == result.rake
    pot_rakes = []  # the rake comes from the main pot first, then from the side pots in order
    for pot in pots:
        pot_rakes.append(min(pot.amount, result.rake - sum(pot_rakes)))
    assert result.net == tuple(s - s0 for s, s0 in zip(state.stacks, state.starting_stacks, strict=True))
    assert sum(result.net) == -result.rake
    assert sum(state.stacks) == total - result.rake
    live_seats = state.in_hand
    assert result.showdown == (len(live_seats) >= 2)
    assert result.boards == state.boards
    assert len(result.boards) == result.runs * rules.boards
    if state.agreement is not None:
        assert result.runs == min(state.agreement.choices)
    events = state.events
    awarded = [e for e in events if isinstance(e, PotAwarded)]
    evaluators = [BoardEvaluator(board) for board in state.boards] if result.showdown else []
    assert sum(e.amount for e in awarded) == pot_sum - result.rake
    if result.showdown:
        assert all(len(board) == 5 for board in state.boards)
        for seat in live_seats:
            assert state.shown[seat] != state.mucked[seat], f"seat {seat} neither shown nor mucked (or both)"
        all_in = (
            any(behind(state, s) == 0 for s in live_seats) and rules.showdown is not ShowdownPolicy.RECORDED
        )  # a record may leave all-in hands unseen
        if rules.showdown is ShowdownPolicy.SHOW_ALL or all_in:
            assert all(state.shown[s] for s in live_seats), "every hand must be shown"
        if rules.showdown is ShowdownPolicy.MUCK_LOSERS and not all_in:
            # a hand is shown exactly when it could still win or tie a part of a pot (on some board) against
            # those shown
            shown: list[int] = []
            for seat in state.showdown_order:
                can_win = any(could_win(state, evaluator, pots, seat, shown) for evaluator in evaluators)
                assert state.shown[seat] == can_win, f"seat {seat} shown={state.shown[seat]}"
                if can_win:
                    shown.append(seat)
        assert state.showdown_order and sorted(state.showdown_order) == sorted(live_seats)
    else:
        assert not any(isinstance(e, (Shown, Mucked)) for e in events)
    for index, pot in enumerate(pots):
        parts = [p for p in result.pots if p.pot == index]
        claimants = [s for s in pot.eligible if not state.mucked[s]]
        assert claimants, f"pot {index} has nobody to claim it"
        # a contested pot is divided evenly between the runs (odd chips to the first run), each run's share
        # evenly between its boards (odd chip to board 1); an uncontested pot is not divided
        contested = result.showdown and len(claimants) > 1
        assert [p.board for p in parts] == (list(range(len(state.boards))) if contested else [0])
        assert sum(p.amount + p.rake for p in parts) == pot.amount, f"the parts of pot {index} do not add up"
        assert sum(p.rake for p in parts) == pot_rakes[index]
        if contested:
            shares = [
                chips for run in even(pot.amount - pot_rakes[index], result.runs) for chips in even(run, rules.boards)
            ]
            assert [p.amount for p in parts] == shares, f"pot {index} divided {[p.amount for p in parts]}"
        for part in parts:
            assert part.eligible == pot.eligible
            assert sum(chips for _, chips in part.payouts) == part.amount
            assert all(chips >= 0 for _, chips in part.payouts)
            for seat, _ in part.payouts:
                assert seat in pot.eligible, f"seat {seat} paid from pot {index} it is not eligible for"
                assert not state.folded[seat] and not state.mucked[seat]
            assert set(part.high_winners) <= set(claimants)
            assert set(part.low_winners) <= set(claimants)
            if not rules.hi_lo:
                assert part.low_winners == () and part.low_hand is None
            if contested:
                # each part is split high/low on its own board
                evaluator = evaluators[part.board]
                highs = {s: evaluator.high_value(state.hole[s]) for s in claimants}
                best = max(highs.values())
                high_winners = {s for s in claimants if highs[s] == best}
                assert set(part.high_winners) == high_winners
                lows = {s: evaluator.low_value(state.hole[s]) for s in claimants} if rules.hi_lo else {}
                best_low = max(lows.values(), default=0)
                low_winners = {s for s in claimants if best_low and lows[s] == best_low}
                assert set(part.low_winners) == low_winners
                for seat in high_winners | low_winners:
                    assert state.shown[seat]
                assert dict(part.payouts) == hi_lo_split(
                    part.amount, high_winners, low_winners, state.button, state.players
                )
                # the result keeps the halves apart, each share saying which part of the pot it pays
                high, low = hi_lo_halves(part.amount, high_winners, low_winners, state.button, state.players)
                assert {paid.seat: paid.chips for paid in part.high_shares} == high
                assert {paid.seat: paid.chips for paid in part.low_shares} == low
                whole = Portion.HIGH if low_winners else Portion.WHOLE
                assert all(paid.portion is whole for paid in part.high_shares)
            else:
                assert part.payouts == ((claimants[0], part.amount),)
                assert part.shares == (Payout(claimants[0], part.amount, Portion.UNCONTESTED),)
            order = [(paid.seat - state.button - 1) % state.players for paid in part.shares]
            assert order == sorted(order), "shares are in seat order from the button's left"
    expected_awards = sorted((p.pot, p.board, seat, chips) for p in result.pots for seat, chips in p.payouts)
    assert sorted((e.pot, e.board, e.seat, e.amount) for e in awarded) == expected_awards


# --- the state machine --------------------------------------------------------------------------------------


class HandMachine(RuleBasedStateMachine):
    """Plays hands of random tables step by step, mostly legally, and checks every state it meets."""

    def begin(self, table: Table) -> None:
        note(str(table))
        self.state = first = table.start()
        self.total = sum(table.stacks)
        self.history: list[tuple[HandState, tuple[Any, ...], int, HandState]] = []
        self.remember(first)
        self.model: RoundModel | None = None
        self.steps = 0
        self.hands = getattr(self, "hands", 0) + 1
        rules = table.rules
        assert first.starting_stacks == table.stacks and first.button == table.button
        posted = check_posts(first, table)
        closed = True  # a bomb pot has no preflop betting
        if not table.bomb_pot:
            # preflop the first player left of the last straddler (or the big blind) who can act acts first
            level, wagers, opener = preflop_opening(table)
            model = RoundModel(rules, Street.PREFLOP, table.players, level, wagers)
            expected = next_to_act(posted, model, opener + 1)
            if expected is not None:
                closed = False
                assert first.street is Street.PREFLOP and first.agreement is None
                assert first.actor == expected, f"seat {first.actor} acts first, expected {expected}"
                self.model = model
        if closed:
            check_betting_over(((),) * rules.boards, Street.PREFLOP, first)
            self.new_round(first)
        self.check_now()

    def new_round(self, state: HandState) -> None:
        """A new betting round after the flop: the first player left of the button who can act."""
        if state.street in BETTING_STREETS and state.agreement is None:
            self.model = RoundModel(state.rules, state.street, state.players)
            assert state.actor == next_to_act(state, self.model, state.button + 1)

    def remember(self, state: HandState) -> None:
        """Keep the state with its fields, its hash, and a deep copy of it made now."""
        self.history.append((state, fields_of(state), hash(state), rebuild(state)))

    def check_now(self) -> None:
        state = self.state
        check_state(state, self.total)
        if state.is_over:
            with pytest.raises(IllegalAction):
                state.legal_actions()
            with pytest.raises(IllegalAction):
                state.apply(Check())
            check_result(state, self.total)
        else:
            betting = state.street in BETTING_STREETS and state.agreement is None
            check_legal(state, self.model if betting else None)

    @initialize(table=tables(), policy=st.integers(0, 2**32 - 1))
    def deal(self, table: Table, policy: int) -> None:
        self.rnd = random.Random(policy)  # plays the rest of the hand at teardown
        self.begin(table)

    # --- steps ----------------------------------------------------------------------------------------------

    def take(self, action: Any, seat: int | None = None) -> None:
        old = self.state
        note(f"seat {old.actor}: {action!r}")
        new = old.apply(action, seat=seat)
        self.steps += 1
        assert self.steps <= MAX_STEPS, "the hand did not end"
        check_transition(old, new, action)
        model = self.model
        if model is not None and old.street in BETTING_STREETS and old.agreement is None:
            self.check_order_of_play(old, new, action, model)
        if new.street != old.street:
            self.new_round(new)
        reaches_showdown = new.street is Street.SHOWDOWN and old.street is not Street.SHOWDOWN
        if reaches_showdown and model is not None and all(behind(new, s) for s in new.in_hand):
            # showdown order: the last bettor or raiser of the river, else the first player left of the button
            first = model.aggressor if old.street is Street.RIVER else None
            if first is None:
                first = min(new.in_hand, key=lambda s: (s - new.button - 1) % new.players)
            assert new.showdown_order[0] == first
        self.state = new
        self.remember(new)
        self.check_now()

    def check_order_of_play(self, old: HandState, new: HandState, action: Any, model: RoundModel) -> None:
        """Who acts next, or whether the round closes, from the model and the chips after the action."""
        seat = old.actor
        assert seat is not None
        model.act(seat, action)
        bets, stacks, folded = list(old.bets), list(old.stacks), list(old.folded)
        if isinstance(action, Fold):
            folded[seat] = True
        elif isinstance(action, (Call, Bet, Raise)):
            to = min(old.level, bets[seat] + stacks[seat]) if isinstance(action, Call) else action.to
            stacks[seat] -= to - bets[seat]
            bets[seat] = to
        after = _Seats(bets, stacks, folded)
        if folded.count(False) == 1:
            assert new.is_over
            return
        expected = next_to_act(after, model, seat + 1)
        if expected is not None:
            assert new.street == old.street and new.agreement is None and new.actor == expected, (
                f"seat {new.actor} to act on {new.street.name}, expected seat {expected} on {old.street.name}"
            )
            return
        # what follows the round (next street, runs asked or dealt) is checked by check_transition
        assert new.street != old.street or new.agreement is not None, "the betting round should have closed"

    @precondition(lambda self: not self.state.is_over)
    @rule(data=st.data())
    def step(self, data: st.DataObject) -> None:
        """Mostly a legal action, sometimes an illegal one."""
        if data.draw(st.sampled_from(["legal"] * 5 + ["illegal"]), label="kind of step") == "legal":
            self.legal_step(data)
        else:
            self.illegal_step(data)

    def legal_step(self, data: st.DataObject) -> None:
        """A legal action, after checking that every candidate applies exactly when it is allowed."""
        state = self.state
        legal = state.legal_actions()
        before = self.history[-1]
        for action in all_candidates(state, legal):
            if legal.allows(action):
                after = state.apply(action)
                assert after is not state
                check_state(after, self.total)
            else:
                with pytest.raises(IllegalAction) as caught:
                    state.apply(action)
                assert isinstance(caught.value, ValueError)
                assert str(caught.value)
        assert fields_of(state) == before[1] and hash(state) == before[2]
        choice = data.draw(st.sampled_from(action_kinds(legal)), label="action")
        if choice == "wager":
            kind = Bet if legal.wager == "bet" else Raise
            choice = kind(data.draw(st.integers(legal.min_to, legal.max_to), label="to"))
        seat = state.actor if data.draw(st.booleans(), label="name the seat") else None
        self.take(choice, seat)

    def illegal_step(self, data: st.DataObject) -> None:
        """A wrong kind of action, an amount or a number of runs just outside the range, or a player acting out
        of turn."""
        state = self.state
        legal = state.legal_actions()
        options: list[tuple[Any, int | None]] = []
        # RunIt when nobody is asked to choose the runs, or more runs than are on offer
        for action in (Fold(), Check(), Call(), Show(), Muck(), RunIt(1), RunIt(2), RunIt(3), "call", None):
            if not legal.allows(action):
                options.append((action, None))
        if legal.wager:
            kind, other = (Bet, Raise) if legal.wager == "bet" else (Raise, Bet)
            options.append((kind(legal.max_to + 1), None))
            options.append((other(legal.min_to), None))
            if legal.min_to > 1:
                options.append((kind(legal.min_to - 1), None))
        else:
            options.append((Bet(max(state.level, 1)), None))
            options.append((Raise(state.level + 1), None))
        seats = [s for s in range(-1, state.players + 1) if s != state.actor]
        for action in legal.actions:
            options.append((action, data.draw(st.sampled_from(seats), label="wrong seat")))
        action, seat = data.draw(st.sampled_from(options), label="illegal")
        note(f"illegal: {action!r} seat={seat}")
        _, snapshot, hashed, copied = self.history[-1]
        with pytest.raises(IllegalAction) as caught:
            state.apply(action, seat=seat)
        assert isinstance(caught.value, ValueError) and str(caught.value)
        assert fields_of(state) == snapshot and hash(state) == hashed and state == copied
        assert state.legal_actions() == legal

    @precondition(lambda self: self.state.is_over)
    @rule(data=st.data())
    def next_hand(self, data: st.DataObject) -> None:
        """The next hand at the same table (busted players leave, the button moves left), or a new table."""
        state = self.state
        self.check_history()
        survivors = [s for s in range(state.players) if state.stacks[s] > 0]
        if len(survivors) < 2 or len(survivors) > state.rules.max_players or data.draw(st.booleans()):
            self.begin(data.draw(tables(), label="new table"))
            return
        nxt = min(survivors, key=lambda s: (s - state.button - 1) % state.players)
        stacks = tuple(state.stacks[s] for s in survivors)
        button = survivors.index(nxt)
        seed = data.draw(st.integers(0, 2**32 - 1), label="seed")
        extras = data.draw(forced_extras(state.rules, len(stacks), button), label="straddles or bomb pot")
        self.begin(Table(state.rules, stacks, button, seed, **extras))

    # --- invariants -----------------------------------------------------------------------------------------

    @invariant()
    def earlier_states_unchanged(self) -> None:
        for state, snapshot, _, _ in self.history:
            assert fields_of(state) == snapshot

    def check_history(self) -> None:
        for state, snapshot, hashed, copied in self.history:
            assert fields_of(state) == snapshot and hash(state) == hashed
            assert state == copied, "an earlier state changed"

    def teardown(self) -> None:
        """Finish the hand: random actions for a while, then quietly (checks and calls), which must end it."""
        if not hasattr(self, "state"):
            return
        while not self.state.is_over:
            legal = self.state.legal_actions()
            self.take(random_action(legal, self.rnd) if self.steps < 100 else passive(legal))
        self.check_history()


TestHand = HandMachine.TestCase
TestHand.settings = settings(
    max_examples=150,
    stateful_step_count=60,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)


# --- plain properties ---------------------------------------------------------------------------------------


@given(amount=st.integers(-3, 0), word=st.sampled_from([Bet, Raise]))
def test_a_wager_of_nothing_is_refused(amount: int, word: type) -> None:
    with pytest.raises(IllegalAction):
        word(amount)


@pytest.mark.parametrize("times", [-1, 0, 4, True, 2.0, "2"])
def test_the_board_runs_one_to_three_times(times: Any) -> None:
    with pytest.raises(IllegalAction):
        RunIt(times)


@settings(max_examples=60, deadline=None)
@given(rules=rules_strategy(), data=st.data())
def test_straddle_amounts(rules: Rules, data: st.DataObject) -> None:
    """A straddle (under the gun or on the button) is allowed exactly in docs/rules.md's range over the bet before it:
    fixed limit one small bet more, pot limit from double to the pot, no limit double or more."""
    big = max(rules.big_blind, 1)
    rules = attrs.evolve(rules, blinds=(*rules.blinds[:-1], big))
    players = data.draw(st.integers(3, rules.max_players), label="players")
    button = data.draw(st.integers(0, players - 1), label="button")
    on_button = data.draw(st.booleans(), label="button straddle")
    pot = antes_total(rules, players) + sum(rules.blinds)
    low, high = straddle_range(rules.betting, big, pot)
    unbounded = isinstance(rules.betting, NoLimit)

    def posts(amount: int) -> Any:
        if on_button:
            return standard_posts(rules, players, button, button_straddle=amount)
        return standard_posts(rules, players, button, straddles=(amount,))

    for amount in {low, high, data.draw(st.integers(low, high), label="amount")}:
        assert posts(amount)[-1].amount == amount
    for amount in [low - 1] + ([] if unbounded else [high + 1]):
        if amount > 0:
            with pytest.raises(RulesError):
                posts(amount)
    if unbounded:
        assert posts(10**9)[-1].amount == 10**9
    # a re-straddle raises the straddle: the same rule over the new level, with the straddle in the pot
    if not on_button and len(straddle_seats(rules, players, button)) >= 2:
        low2, high2 = straddle_range(rules.betting, low, pot + low)
        assert standard_posts(rules, players, button, straddles=(low, low2))[-1].amount == low2
        assert standard_posts(rules, players, button, straddles=(low, high2))[-1].amount == high2
        with pytest.raises(RulesError):
            standard_posts(rules, players, button, straddles=(low, low2 - 1))


@settings(max_examples=60, deadline=None)
@given(table=tables(), policy=st.integers(0, 2**32 - 1))
def test_a_seed_fixes_the_hand(table: Table, policy: int) -> None:
    first = table.start()
    second = table.start()
    assert first == second and hash(first) == hash(second)
    assert first.deck == second.deck and first.hole == second.hole
    rnd = random.Random(policy)
    end, actions = play(first, lambda state, legal: random_action(legal, rnd))
    again = second
    for action in actions:
        again = again.apply(action)
    assert again == end and hash(again) == hash(end)
    assert again.events == end.events and again.result == end.result
    # the original start states are still what they were
    assert first == second == table.start()


@settings(max_examples=60, deadline=None)
@given(table=tables(), policy=st.integers(0, 2**32 - 1))
def test_random_play_ends_and_conserves_chips(table: Table, policy: int) -> None:
    rnd = random.Random(policy)
    total = sum(table.stacks)
    state = table.start()
    steps = 0
    while not state.is_over:
        assert steps < MAX_STEPS
        old = state
        action = random_action(state.legal_actions(), rnd)
        state = state.apply(action)
        check_transition(old, state, action)
        assert (
            sum(state.stacks)
            + (sum(state.contributed) if not state.is_over else 0)
            + (state.result.rake if state.is_over else 0)
            == total
        )
        steps += 1
    check_state(state, total)
    check_result(state, total)


@settings(max_examples=40, deadline=None)
@given(rules=rules_strategy(hole_cards=4), data=st.data(), seed=st.integers(0, 2**32 - 1))
def test_every_button_position(rules: Rules, data: st.DataObject, seed: int) -> None:
    players = data.draw(st.integers(2, rules.max_players), label="players")  # 10 with one board, else 9
    deep = 10 * (max(rules.blinds) + rules.ante) + 100
    stacks = tuple(deep + seat for seat in range(players))
    starts = [start_hand(rules, stacks, button, seed=seed) for button in range(players)]
    assert len(set(starts)) == players
    for button, state in enumerate(starts):
        n = players
        assert state.button == button
        # the same deck, dealt from the seat left of the button
        for seat in range(n):
            assert state.hole[seat][0] == state.deck[(seat - button - 1) % n]
        posters = [button, (button + 1) % n] if n == 2 else [(button + 1) % n, (button + 2) % n]
        if len(rules.blinds) == 1:
            posters = [(button + 1) % n]
        posted = {(e.seat, e.kind): e.amount for e in state.events if isinstance(e, Posted)}
        for seat, kind, amount in zip(
            posters, ("small blind", "big blind")[-len(posters) :], rules.blinds, strict=True
        ):
            if amount:
                assert posted[(seat, kind)] == amount
            assert state.bets[seat] == amount
        if rules.ante and rules.big_blind_ante:  # the big blind antes for the table
            assert [seat for seat, kind in posted if kind == "ante"] == [posters[-1]]
            assert posted[(posters[-1], "ante")] == rules.ante
        elif rules.ante:
            assert all(posted[(seat, "ante")] == rules.ante for seat in range(n))
        # preflop the player left of the big blind acts first (heads-up with two blinds: the button)
        assert state.actor == (posters[-1] + 1) % n
        if n == 2 and len(rules.blinds) == 2:
            assert state.actor == button
        # everybody calls or checks to the flop: then the first player left of the button acts
        flop = state
        while flop.street is Street.PREFLOP:
            flop = flop.apply(passive(flop.legal_actions()))
        assert flop.street is Street.FLOP
        assert flop.actor == (button + 1) % n
        assert flop.board == flop.deck[n * 4 + 1 : n * 4 + 4]


@settings(max_examples=60, deadline=None)
@given(table=tables(), data=st.data())
def test_everyone_folds_to_one_player(table: Table, data: st.DataObject) -> None:
    """Whenever a player may fold, they do: the hand ends as soon as one player is left, with no showdown."""
    total = sum(table.stacks)
    state = table.start()
    while not state.is_over:
        legal = state.legal_actions()
        if legal.fold:
            action: Any = Fold()
        elif legal.wager and data.draw(st.booleans()):
            action = (Bet if legal.wager == "bet" else Raise)(legal.min_to)
        else:
            action = passive(legal)
        old, state = state, state.apply(action)
        check_transition(old, state, action)
    check_result(state, total)
    result = state.result
    assert result is not None
    if len(state.in_hand) == 1:
        winner = state.in_hand[0]
        assert not result.showdown
        assert not any(isinstance(e, (Shown, Mucked)) for e in state.events)
        assert all(pot.payouts == ((winner, pot.amount),) for pot in result.pots)
        for seat in range(state.players):
            if seat != winner:
                assert result.net[seat] == -state.contributed[seat]
        assert result.net[winner] == sum(state.contributed) - state.contributed[winner] - result.rake


@settings(max_examples=40, deadline=None)
@given(rules=rules_strategy(), data=st.data())
def test_blinds_fold_to_the_big_blind(rules: Rules, data: st.DataObject) -> None:
    """With deep stacks and a big blind, everyone folding preflop hands the pot to the big blind, unshown."""
    big = max(rules.big_blind, 1)
    rules = attrs.evolve(rules, blinds=(big // 2, big) if len(rules.blinds) == 2 else (big,))  # small < big
    players = data.draw(st.integers(2, rules.max_players))
    button = data.draw(st.integers(0, players - 1))
    deep = 10 * (max(rules.blinds) + rules.ante) + 10
    stacks = tuple([deep] * players)
    state = start_hand(rules, stacks, button, seed=data.draw(st.integers(0, 1000)))
    big_blind = (button + 1) % players if players == 2 or len(rules.blinds) == 1 else (button + 2) % players
    while not state.is_over:
        state = state.apply(Fold())
    result = state.result
    assert result is not None and not result.showdown
    assert state.in_hand == (big_blind,)
    assert state.board == ()
    assert not any(isinstance(e, (Shown, Mucked, Burned, BoardDealt)) for e in state.events)
    small = rules.blinds[0] if len(rules.blinds) == 2 else 0
    pot = antes_total(rules, players) + 2 * small
    collected = pot - rules.ante - small  # everything but its own ante and the small blind it matched
    assert sum(state.contributed) == pot
    assert result.rake == (rules.rake.amount(pot, False) if rules.rake else 0)
    assert result.net[big_blind] == collected - result.rake
    assert sum(result.net) == -result.rake
    if rules.rake is None or rules.rake.no_flop_no_drop:
        assert result.rake == 0


@settings(max_examples=40, deadline=None)
@given(rules=rules_strategy(), policy=st.sampled_from(CHOOSING), data=st.data())
def test_manual_showdown(rules: Rules, policy: ShowdownPolicy, data: st.DataObject) -> None:
    """Deep stacks, calls to the river, maybe a river bet: then each player in turn shows or mucks."""
    rules = attrs.evolve(rules, showdown=policy)
    players = data.draw(st.integers(2, rules.max_players))
    button = data.draw(st.integers(0, players - 1))
    stacks = tuple(data.draw(st.lists(st.integers(200, 300), min_size=players, max_size=players)))
    total = sum(stacks)
    state = start_hand(rules, stacks, button, seed=data.draw(st.integers(0, 2**32 - 1)))
    bettor = None
    while state.street is not Street.SHOWDOWN:
        legal = state.legal_actions()
        river = state.street is Street.RIVER
        if river and bettor is None and legal.wager == "bet" and data.draw(st.booleans()):
            bettor = state.actor
            state = state.apply(Bet(legal.min_to))
        else:
            state = state.apply(passive(legal))
    live = state.in_hand
    assert sorted(state.showdown_order) == sorted(live)
    first = bettor if bettor is not None else min(live, key=lambda s: (s - button - 1) % players)
    assert state.showdown_order[0] == first
    for seat in state.showdown_order:
        check_state(state, total)
        legal = check_legal(state, None)
        assert state.actor == seat and legal.show
        action = Muck() if legal.muck and data.draw(st.booleans(), label=f"seat {seat} mucks") else Show()
        old, state = state, state.apply(action)
        check_transition(old, state, action)
    assert state.is_over
    check_state(state, total)
    check_result(state, total)
    result = state.result
    assert result is not None and result.showdown
    for seat in live:
        if state.mucked[seat]:
            assert result.won(seat) == 0
            assert result.net[seat] == -state.contributed[seat]


@settings(max_examples=40, deadline=None)
@given(rules=rules_strategy(), boards=st.sampled_from([1, 2]), data=st.data())
def test_muck_losers_on_every_board(rules: Rules, boards: int, data: st.DataObject) -> None:
    """Deep stacks checked and called down (random play rarely reaches a showdown without an all-in): a hand is
    shown exactly when it could win or tie a part of a pot, on one board or the other, against those shown."""
    rules = attrs.evolve(rules, showdown=ShowdownPolicy.MUCK_LOSERS, boards=boards)
    players = data.draw(st.integers(2, rules.max_players))
    stacks = tuple(data.draw(st.lists(st.integers(200, 300), min_size=players, max_size=players)))
    state = start_hand(rules, stacks, data.draw(st.integers(0, players - 1)), seed=data.draw(st.integers(0, 2**32 - 1)))
    state, _ = play(state, lambda _, legal: passive(legal))
    check_state(state, sum(stacks))
    check_result(state, sum(stacks))
    assert state.result is not None and state.result.showdown and len(state.boards) == boards


def test_a_player_all_in_for_the_ante_keeps_a_claim_on_the_main_pot() -> None:
    """docs/rules.md: pots come from total contributions (antes included); a player is eligible for every layer up
    to their own contribution. Seat 0 antes its last chip: it plays for 1 chip from each player."""
    rules = Rules(NoLimit(), blinds=(1, 2), ante=1, hi_lo=False)
    state = start_hand(rules, (1, 100, 100), button=2, seed=12)
    assert state.stacks[0] == 0
    state, _ = play(state, lambda _, legal: passive(legal))
    result = state.result
    assert result is not None
    assert state.contributed == (1, 3, 3)
    # seat 0 holds the best hand (a full house against two pair and a pair)
    evaluator = BoardEvaluator(state.board)
    values = [evaluator.high_value(cards) for cards in state.hole]
    assert values[0] > max(values[1:])
    assert [(pot.amount, pot.eligible) for pot in result.pots] == [(3, (0, 1, 2)), (4, (1, 2))]
    assert result.pots[0].payouts == ((0, 3),)
    assert result.net == (2, 1, -3)


def test_a_short_ante_wins_only_what_it_matched() -> None:
    """Seat 0 covers 1 chip of a 2-chip ante: it can win 1 chip from seat 1, whose other chip comes back."""
    rules = Rules(PotLimit(), blinds=(0,), ante=2, hi_lo=False)
    state = start_hand(rules, (1, 2), button=0, seed=0)
    result = state.result
    assert state.is_over and result is not None
    assert [(pot.amount, pot.eligible) for pot in result.pots] == [(2, (0, 1)), (1, (1,))]
    assert result.won(1) >= 1


@given(played_hands())
def test_events_read_once_are_carried_forward_by_apply(states: list[HandState]) -> None:
    """A state whose events were read records the next state's as it applies an action (a server shows the
    history after every change): the same states and the same events as a fresh replay, and the memo is
    invisible to equality and hashing."""
    from engine.state import _replay_events

    state = states[0]
    assert state.events == _replay_events(state.setup, state.actions)
    for expected, action in zip(states[1:], states[-1].actions[len(state.actions) :], strict=True):
        state = state.apply(action)
        assert state._events_cache is not None  # carried forward, not replayed
        assert state == expected and hash(state) == hash(expected)
        assert state.events == expected.events == _replay_events(expected.setup, expected.actions)
        if not state.is_over:
            assert state.legal_actions() == expected.legal_actions()
