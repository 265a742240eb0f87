"""A rule-based Omaha hi-lo bot: a few plain rules a decent human player follows, no search, no randomness.

It is meant as a sensible opponent, clearly better than random and calling bots, and as an example of a bot
that reads its view and uses the evaluator. The rules, in short:

**Before the flop** a starting hand gets points for what wins split pots: A-2 (the best low start) 6, A-3 4,
2-3 2; one point for each further wheel card (A..5) beyond the first two, the counterfeit protection that keeps
a low alive when the board pairs one of them; 2 for an ace with another card of its suit (the nut flush draw);
2 for a pair of aces; 3 when all four cards are ten or higher (a high hand that can scoop a board with no low)
and 1 for two or more such cards otherwise; minus 3 for three cards of a rank. With 8 points or more it raises
(A-2-3-x, A-2 with a suited ace, A-A-2-x); with 5 to 7 it calls a raise or two (A-2-x-x, A-3-4-x); with 3 or 4
it plays only for one bet (2-3-4-5, A-3-x-x, K-Q-J-T); with less it checks or folds.

**After the flop** it evaluates its hand with the engine's evaluator and compares its low with the best low
the board allows (the nut low):

- a *two-way hand* (a strong high with any made low, or the nut low with a fair high) bets and raises
  as often as it may: it can scoop;
- a *strong high* (a full house or better; the nut flush; a straight or flush on a board that is not paired and
  shows no three of a suit) bets and raises;
- the *nut low alone* bets when nobody has, calls bets, and raises only heads-up. This is the quartering
  rule: when another player holds the same low they split the low half and each gets a quarter of the pot,
  so raising a low-only hand into several players mostly pays for somebody else's high;
- a *strong two-way draw* (the nut low draw with the nut flush draw or a made low, on the flop or the turn)
  bets when nobody has and calls;
- a *fair hand* (two pair or trips, a low that is not the nut, one good draw) checks, calls a small bet (a
  quarter of the pot or less, or a single bet in fixed limit) and folds to more; on the river it calls only
  heads-up;
- anything else checks, or folds to a bet.

Sizes: in pot limit and no limit a strong hand bets or raises the pot, a draw half the pot (within what is
legal); in fixed limit every wager is the one legal amount.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from engine.actions import Action, Bet, Call, Check, Fold, Raise, RunIt, Show
from engine.bots.base import bot_name_argument, legal_of
from engine.cards import Card, make_card
from engine.evaluation import FLUSH, FULL_HOUSE, STRAIGHT, TRIPS, TWO_PAIR, BoardEvaluator, low_value
from engine.state import LegalActions
from engine.views import SeatView

RAISE_POINTS, CALL_POINTS, LIMP_POINTS = 8, 5, 3

# One card of each low rank (A counts as 1): the low evaluator reads only ranks, so these stand for any suit.
_LOW_CARDS = tuple(make_card(rank, "c") for rank in (14, 2, 3, 4, 5, 6, 7, 8))


def _low_rank(card: Card) -> int:
    """1 for an ace, the rank for 2..8, 0 for a card that cannot play low."""
    rank = card.rank
    return 1 if rank == 14 else rank if rank <= 8 else 0


def starting_points(hole: Sequence[Card], hi_lo: bool = True) -> int:
    """The preflop score of a starting hand (see the module). High-only games count only the high parts."""
    ranks = [card.rank for card in hole]
    lows = {_low_rank(card) for card in hole} - {0}
    points = 0
    if hi_lo:
        if {1, 2} <= lows:
            points += 6
        elif {1, 3} <= lows:
            points += 4
        elif {2, 3} <= lows:
            points += 2
        points += max(0, len({r for r in lows if r <= 5}) - 2)
    aces = [card for card in hole if card.rank == 14]
    if any(other.suit == ace.suit for ace in aces for other in hole if other is not ace):
        points += 2
    if len(aces) >= 2:
        points += 2
    high = sum(1 for rank in ranks if rank >= 10)
    points += 3 if high == len(ranks) else 1 if high >= 2 else 0
    if max(ranks.count(rank) for rank in ranks) >= 3:
        points -= 3
    return points


def nut_low(board: Sequence[Card]) -> int:
    """The strength of the best low any two hole cards could make on ``board`` (0: no low possible)."""
    return max(low_value(pair, board) for pair in combinations(_LOW_CARDS, 2))


def _nut_low_draw(hole: Sequence[Card], board: Sequence[Card]) -> bool:
    """Whether the hole holds the two lowest ranks missing from the board while a low is still possible
    (at least two different low ranks on a board with cards to come)."""
    on_board = {_low_rank(card) for card in board} - {0}
    if len(board) >= 5 or len(on_board) < 2:
        return False
    missing = [rank for rank in range(1, 9) if rank not in on_board][:2]
    mine = {_low_rank(card) for card in hole}
    return all(rank in mine for rank in missing)


def _nut_flush_draw(hole: Sequence[Card], board: Sequence[Card]) -> bool:
    """An ace in the hole with another hole card of its suit and exactly two board cards of that suit."""
    if len(board) >= 5:
        return False
    for ace in (card for card in hole if card.rank == 14):
        suited = sum(1 for card in hole if card.suit == ace.suit)
        if suited >= 2 and sum(1 for card in board if card.suit == ace.suit) == 2:
            return True
    return False


class HiLoBot:
    """The rule-based Omaha hi-lo player described in this module."""

    def __init__(self, name: str = "hilo") -> None:
        self.name = bot_name_argument(name)

    def act(self, view: SeatView) -> Action:
        """Shows down, runs it as often as offered, and otherwise plays this module's preflop or postflop rules."""
        legal = legal_of(view)
        if legal.show or legal.muck:
            return Show()  # a manual showdown: mucking gives up every claim
        if legal.runs:
            return RunIt(legal.runs)  # more runs: the same expectation, less variance
        if not view.board:
            return self._preflop(view, legal)
        return self._postflop(view, legal)

    # --- before the flop ------------------------------------------------------------------------------------

    def _preflop(self, view: SeatView, legal: LegalActions) -> Action:
        points = starting_points(view.hole, view.rules.hi_lo)
        big_blind = max(view.rules.big_blind, 1)
        owed = legal.call
        if points >= RAISE_POINTS:
            return _wager(view, legal, 1.0) or _passive(legal)
        if points >= CALL_POINTS:
            # A raise or two, not a war: fold when calling costs more than three big blinds in all.
            return _passive(legal) if owed <= 3 * big_blind else Fold()
        if points >= LIMP_POINTS:
            return _passive(legal) if owed <= big_blind else Fold()
        return _check_or_fold(legal)

    # --- after the flop -------------------------------------------------------------------------------------

    def _postflop(self, view: SeatView, legal: LegalActions) -> Action:
        hole, board = view.hole, view.board
        evaluator = BoardEvaluator(board, checked=True)
        high = evaluator.best_high(hole)
        category = high.category
        hi_lo = view.rules.hi_lo
        low = evaluator.low_value(hole) if hi_lo else 0
        best_low = nut_low(board) if hi_lo else 0
        has_nut_low = bool(low) and low == best_low
        ranks = [card.rank for card in board]
        paired = len(set(ranks)) < len(ranks)
        suits = [card.suit for card in board]
        flush_board = max(suits.count(suit) for suit in set(suits)) >= 3
        strong_high = (
            category >= FULL_HOUSE
            or (category == FLUSH and (not paired) and any(c.rank == 14 for c in high.cards))
            or (category in (STRAIGHT, FLUSH) and not paired and not flush_board)
        )
        fair_high = category in (TWO_PAIR, TRIPS) or category in (STRAIGHT, FLUSH)
        opponents = sum(1 for seat, out in enumerate(view.folded) if not out and seat != view.seat)
        river = len(board) == 5
        nut_low_draw = hi_lo and not low and _nut_low_draw(hole, board)
        flush_draw = _nut_flush_draw(hole, board)

        if (strong_high and low) or (has_nut_low and (strong_high or fair_high)):
            return _wager(view, legal, 1.0) or _passive(legal)  # two-way: play for the scoop
        if strong_high:
            return _wager(view, legal, 1.0) or _passive(legal)
        if has_nut_low:
            if legal.wager == "bet" or (legal.wager == "raise" and opponents == 1):
                return _wager(view, legal, 0.5) or _passive(legal)
            return _passive(legal)  # several players: a raise would be quartered
        if nut_low_draw and (flush_draw or fair_high):
            if legal.wager == "bet":
                return _wager(view, legal, 0.5) or _passive(legal)
            return _passive(legal)
        if fair_high or low or nut_low_draw or flush_draw:
            if river and opponents > 1 and not (fair_high and low):
                return _check_or_fold(legal)
            if legal.check or _cheap(view, legal):
                return _passive(legal)
            return Fold()
        return _check_or_fold(legal)


def _passive(legal: LegalActions) -> Action:
    return Check() if legal.check else Call()


def _check_or_fold(legal: LegalActions) -> Action:
    return Check() if legal.check else Fold()


def _cheap(view: SeatView, legal: LegalActions) -> bool:
    """A call of a single bet in fixed limit, or of a quarter of the pot or less in pot and no limit."""
    bet = view.rules.betting.bet_size(view.street)
    if bet is not None:
        return legal.call <= bet
    return legal.call * 4 <= view.pot_total + legal.call


def _wager(view: SeatView, legal: LegalActions, fraction: float) -> Action | None:
    """A bet or raise of ``fraction`` of the pot (a pot-size raise when 1), kept within the legal range; None
    when no wager is allowed."""
    if legal.wager is None:
        return None
    owed = legal.call
    target = view.level + int(fraction * (view.pot_total + owed))
    to = min(max(target, legal.min_to), legal.max_to)
    return Raise(to) if legal.wager == "raise" else Bet(to)
