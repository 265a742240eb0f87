"""One test per rule of docs/rules.md ("Table, blinds and order of play", "Betting structures", "Pots", "Showdown
and the hi-lo split"), each named after the rule it checks.

Every expected amount is worked out by hand from the rules (the arithmetic is in the comments), never copied
from the engine's output. Hands are dealt from decks built by `tests.helpers.deck_for`, so the cards each seat
holds are stated in the test.
"""

from __future__ import annotations

from decimal import Decimal

import attrs
import pytest
from helpers import burns_of, check_down, deck_for, play

from engine import (
    Bet,
    Call,
    Check,
    FixedLimit,
    Fold,
    IllegalAction,
    Muck,
    NoLimit,
    Post,
    PotLimit,
    Raise,
    Rake,
    Rules,
    RulesError,
    Show,
    ShowdownPolicy,
    Street,
    parse_cards,
    standard_posts,
    start_hand,
)
from engine.events import Acted, BetReturned, BoardDealt, Burned, Mucked, Posted, PotAwarded, RakeTaken, Shown

NL = Rules(betting=NoLimit(), blinds=(1, 2))
PL = Rules(betting=PotLimit(), blinds=(1, 2))
FL = Rules(betting=FixedLimit(small_bet=2, big_bet=4), blinds=(1, 2))
FL10 = Rules(betting=FixedLimit(small_bet=10, big_bet=20), blinds=(5, 10))

# A board with a possible low (2, 5, 7) and hands read by hand on it:
LOW_BOARD = "2c 5d 7h Ks Qd"
TRIPS_KINGS = "Kc Kd 9s 9c"  # Kc Kd + Ks Qd 7h: three kings; no low (no card of 8 or below)
TRIPS_QUEENS = "Qh Qc Jd Jc"  # Qh Qc + Qd Ks 7h: three queens; no low
ACE_THREE_LOW = "Ah 3h Tc Ts"  # Ah 3h + 7h 5d 2c: low 7-5-3-2-A; high a pair of tens (Tc Ts Ks Qd 7h)

# A board on which no low is possible (only 4 and 3 are 8 or below):
NO_LOW_BOARD = "Kc Qd 9h 4s 3d"


def events_of(state, kind):
    return [event for event in state.events if isinstance(event, kind)]


def limp_to_flop(rules, stacks, button=0, deck=None):
    """Three or more players: everyone calls the big blind and the big blind checks."""
    state = start_hand(rules, stacks, button, deck=deck)
    while state.street is Street.PREFLOP:
        state = state.apply(Check() if state.legal_actions().check else Call())
    return state


# --- Table, blinds and order of play -----------------------------------------------------------------------


def test_small_blind_and_big_blind_are_the_two_seats_left_of_the_button():
    state = start_hand(NL, (100, 100, 100, 100), button=2)
    assert events_of(state, Posted) == [Posted(3, "small blind", 1, False), Posted(0, "big blind", 2, False)]
    assert state.stacks == (98, 100, 100, 99)
    assert state.bets == (2, 0, 0, 1)
    assert state.actor == 1  # left of the big blind


def test_fixed_limit_blinds_half_the_small_bet_and_configurable():
    state = start_hand(FL, (100, 100, 100), button=0)
    assert [(e.seat, e.amount) for e in events_of(state, Posted)] == [(1, 1), (2, 2)]
    # a 5/10 game with 2/5 blinds: the big blind is still the bet to call, a raise is one small bet on top
    rules = Rules(betting=FixedLimit(small_bet=5, big_bet=10), blinds=(2, 5))
    state = start_hand(rules, (100, 100, 100), button=0)
    assert [(e.seat, e.kind, e.amount) for e in events_of(state, Posted)] == [
        (1, "small blind", 2),
        (2, "big blind", 5),
    ]
    legal = state.legal_actions()
    assert (legal.call, legal.wager, legal.min_to, legal.max_to) == (5, "raise", 10, 10)
    state = state.apply(Raise(10), seat=0)
    legal = state.legal_actions()
    assert (legal.seat, legal.call, legal.min_to, legal.max_to) == (1, 8, 15, 15)


def test_heads_up_button_posts_small_blind_and_acts_first_preflop():
    state = start_hand(NL, (100, 100), button=1)
    assert events_of(state, Posted) == [Posted(1, "small blind", 1, False), Posted(0, "big blind", 2, False)]
    assert state.actor == 1
    assert state.legal_actions().call == 1
    state = state.apply(Call(), seat=1)
    assert state.actor == 0 and state.legal_actions().check  # the big blind's option
    state = state.apply(Check(), seat=0)
    assert state.street is Street.FLOP


def test_heads_up_button_acts_last_after_the_flop():
    state = play(start_hand(NL, (100, 100), button=1), (1, Call()), (0, Check()))
    for street in (Street.FLOP, Street.TURN, Street.RIVER):
        assert state.street is street
        assert state.actor == 0  # the big blind, left of the button
        state = play(state, (0, Check()), (1, Check()))
    assert state.is_over


def test_big_blind_has_option_when_unraised():
    state = play(start_hand(NL, (100, 100, 100), button=0), (0, Call()), (1, Call()))
    assert state.street is Street.PREFLOP and state.actor == 2
    legal = state.legal_actions()
    assert legal.check and not legal.fold and legal.call == 0
    assert (legal.wager, legal.min_to, legal.max_to) == ("raise", 4, 100)
    raised = state.apply(Raise(6), seat=2)
    assert raised.street is Street.PREFLOP and raised.actor == 0 and raised.legal_actions().call == 4
    checked = state.apply(Check(), seat=2)
    assert checked.street is Street.FLOP


def test_preflop_first_left_of_big_blind_postflop_first_active_left_of_button():
    state = start_hand(NL, (100,) * 5, button=3)  # small blind 4, big blind 0
    assert state.actor == 1
    state = play(state, (1, Call()), (2, Call()), (3, Call()), (4, Fold()), (0, Check()))
    assert state.street is Street.FLOP
    assert state.actor == 0  # seat 4, first left of the button, folded
    state = play(state, (0, Check()), (1, Check()), (2, Check()), (3, Check()))
    assert state.street is Street.TURN and state.actor == 0


def test_streets_blinds_preflop_flop_turn_river_showdown_with_burns():
    board = "Ah Kh Qh Jh Th"
    deck = deck_for(3, 0, {}, board)
    state = start_hand(NL, (100, 100, 100), 0, deck=deck)
    assert state.street is Street.PREFLOP and state.board == ()
    sizes = []
    state = limp_to_flop(NL, (100, 100, 100), 0, deck=deck)
    while state.actor is not None:
        sizes.append((state.street, len(state.board)))
        state = state.apply(Check())
    assert sizes == [(Street.FLOP, 3)] * 3 + [(Street.TURN, 4)] * 3 + [(Street.RIVER, 5)] * 3
    assert state.board == parse_cards(board)
    assert state.is_over
    assert [e.card for e in events_of(state, Burned)] == list(burns_of(deck, 3))
    kinds = [type(e) for e in state.events if isinstance(e, (Burned, BoardDealt))]
    assert kinds == [Burned, BoardDealt] * 3
    assert [e.cards for e in events_of(state, BoardDealt)] == [
        parse_cards("Ah Kh Qh"),
        parse_cards("Jh"),
        parse_cards("Th"),
    ]


def test_betting_round_ends_when_all_have_acted_and_bets_are_equal():
    state = play(start_hand(NL, (100,) * 4, button=0), (3, Call()), (0, Call()), (1, Call()))
    state = state.apply(Raise(6), seat=2)
    for seat in (3, 0):
        assert state.street is Street.PREFLOP and state.actor == seat
        state = state.apply(Call(), seat=seat)
    assert state.street is Street.PREFLOP and state.actor == 1
    state = state.apply(Call(), seat=1)
    assert state.street is Street.FLOP
    assert state.pot_total == 24


def test_all_fold_wins_without_showdown_no_more_cards():
    state = play(start_hand(NL, (100, 100, 100), button=0), (0, Raise(6)), (1, Fold()), (2, Fold()))
    assert state.is_over and state.actor is None
    assert state.board == ()
    assert not events_of(state, Burned) and not events_of(state, BoardDealt) and not events_of(state, Shown)
    assert state.result.showdown is False
    # 4 of seat 0's 6 were never called and go back; the pot is 1 + 2 + 2
    assert state.stacks == (103, 99, 98)
    assert state.result.net == (3, -1, -2)
    # on the flop: the board stays at three cards
    state = limp_to_flop(NL, (100, 100, 100))
    state = play(state, (1, Bet(4)), (2, Fold()), (0, Fold()))
    assert state.is_over and len(state.board) == 3
    assert len(events_of(state, BoardDealt)) == 1 and not events_of(state, Shown)
    assert state.stacks == (98, 104, 98)


def test_board_runs_out_when_fewer_than_two_can_bet():
    # heads-up, all-in and call preflop: the five cards come with nobody asked to act
    state = play(start_hand(NL, (50, 100), button=0), (0, Raise(50)), (1, Call()))
    assert state.is_over and len(state.board) == 5
    assert len(events_of(state, BoardDealt)) == 3
    assert events_of(state, Acted)[-1] == Acted(1, "call", 50, 48, False)
    assert state.result.showdown is True
    # three players: one all-in, one calls with chips behind, one folds: only one can still bet
    state = play(start_hand(NL, (20, 100, 100), button=0), (0, Raise(20)), (1, Call()), (2, Fold()))
    assert state.is_over and len(state.board) == 5
    assert state.result.showdown is True
    assert len(events_of(state, Acted)) == 3


# --- Betting structures: fixed limit ----------------------------------------------------------------------


def test_fixed_limit_bets_are_small_bet_preflop_and_flop_big_bet_turn_and_river():
    state = start_hand(FL, (100, 100, 100), button=0)
    legal = state.legal_actions()
    assert (legal.call, legal.min_to, legal.max_to) == (2, 4, 4)
    state = play(state, (0, Raise(4)), (1, Call()), (2, Call()))
    legal = state.legal_actions()
    assert (legal.seat, legal.wager, legal.min_to, legal.max_to) == (1, "bet", 2, 2)
    state = state.apply(Bet(2), seat=1)
    assert (state.legal_actions().min_to, state.legal_actions().max_to) == (4, 4)
    state = play(state, (2, Call()), (0, Call()))
    assert state.street is Street.TURN
    legal = state.legal_actions()
    assert (legal.wager, legal.min_to, legal.max_to) == ("bet", 4, 4)
    state = state.apply(Bet(4), seat=1)
    assert (state.legal_actions().min_to, state.legal_actions().max_to) == (8, 8)
    state = play(state, (2, Call()), (0, Call()))
    assert state.street is Street.RIVER
    legal = state.legal_actions()
    assert (legal.wager, legal.min_to, legal.max_to) == ("bet", 4, 4)
    with pytest.raises(IllegalAction):
        state.apply(Bet(2))
    with pytest.raises(IllegalAction):
        state.apply(Bet(8))


def test_fixed_limit_cap_one_bet_three_raises():
    # preflop the big blind is the bet: three raises (to 4, 6, 8) cap it
    state = start_hand(FL, (100,) * 4, button=0)
    state = play(state, (3, Raise(4)), (0, Raise(6)), (1, Raise(8)))
    legal = state.legal_actions()
    assert legal.seat == 2 and legal.wager is None and legal.call == 6
    with pytest.raises(IllegalAction):
        state.apply(Raise(10))
    state = play(state, (2, Call()), (3, Call()), (0, Call()))
    assert state.street is Street.FLOP
    # on the flop: a bet and three raises
    state = play(state, (1, Bet(2)), (2, Raise(4)), (3, Raise(6)), (0, Raise(8)))
    legal = state.legal_actions()
    assert legal.seat == 1 and legal.wager is None and legal.call == 6


def test_fixed_limit_raise_cap_option_bet_and_four_raises():
    rules = Rules(betting=FixedLimit(small_bet=2, big_bet=4, max_raises=4), blinds=(1, 2))
    state = play(start_hand(rules, (100,) * 4, button=0), (3, Raise(4)), (0, Raise(6)), (1, Raise(8)))
    legal = state.legal_actions()
    assert (legal.seat, legal.wager, legal.min_to) == (2, "raise", 10)
    state = state.apply(Raise(10), seat=2)
    assert state.legal_actions().wager is None


def test_fixed_limit_cap_holds_heads_up_unless_the_option_lifts_it():
    state = play(start_hand(FL, (100, 100), button=0), (0, Raise(4)), (1, Raise(6)), (0, Raise(8)))
    assert state.legal_actions().wager is None
    lifted = Rules(betting=FixedLimit(small_bet=2, big_bet=4, uncapped_heads_up=True), blinds=(1, 2))
    state = play(start_hand(lifted, (100, 100), button=0), (0, Raise(4)), (1, Raise(6)), (0, Raise(8)))
    legal = state.legal_actions()
    assert (legal.wager, legal.min_to) == ("raise", 10)
    # three players in the hand: the cap stays even with the option
    state = play(start_hand(lifted, (100,) * 3, button=0), (0, Raise(4)), (1, Raise(6)), (2, Raise(8)))
    assert state.legal_actions().wager is None


def _fl10_turn(stacks):
    """FixedLimit 10/20, blinds 5/10, button 0: everyone limps and checks to the turn (10 each in)."""
    state = limp_to_flop(FL10, stacks)
    state = play(state, (1, Check()), (2, Check()), (0, Check()))
    assert state.street is Street.TURN
    return state


def test_half_bet_rule_allin_half_or_more_reopens():
    # turn (a 20 round): seat 1 bets 20, seat 2 is all-in raising to 30 (10 more, half a bet): a full raise
    state = _fl10_turn((200, 200, 40)).apply(Bet(20), seat=1)
    legal = state.legal_actions()
    assert (legal.seat, legal.min_to, legal.max_to) == (2, 30, 30)
    state = state.apply(Raise(30), seat=2)
    legal = state.legal_actions()
    assert (legal.seat, legal.call, legal.min_to, legal.max_to) == (0, 30, 50, 50)  # one full bet above 30
    state = state.apply(Call(), seat=0)
    legal = state.legal_actions()  # seat 1 already acted, but the betting is reopened
    assert (legal.seat, legal.call, legal.wager, legal.min_to, legal.max_to) == (1, 10, "raise", 50, 50)
    # the all-in counted toward the cap: bet 20, raise 30, raise 50, raise 70 and no more
    state = play(state, (1, Raise(50)), (0, Raise(70)))
    legal = state.legal_actions()
    assert legal.seat == 1 and legal.wager is None and legal.call == 20


def test_half_bet_rule_fifteen_allin_on_a_twenty_round_is_raised_to_thirty_five():
    state = _fl10_turn((200, 25, 200))
    legal = state.legal_actions()
    assert (legal.seat, legal.wager, legal.min_to, legal.max_to) == (1, "bet", 15, 15)
    state = state.apply(Bet(15), seat=1)
    legal = state.legal_actions()
    assert (legal.seat, legal.call, legal.wager, legal.min_to, legal.max_to) == (2, 15, "raise", 35, 35)
    state = state.apply(Call(), seat=2)
    legal = state.legal_actions()
    assert (legal.seat, legal.min_to, legal.max_to) == (0, 35, 35)
    state = state.apply(Raise(35), seat=0)
    legal = state.legal_actions()
    assert (legal.seat, legal.call, legal.min_to) == (2, 20, 55)


def test_no_wager_that_nobody_can_answer():
    # Choice 5. UTG (seat 3) is all in for 100; the blinds have 30 and 50 in all, so neither could put in more
    # than 100: the button may call or fold, not raise. With a big blind of 150 behind, the raise is there.
    state = start_hand(NL, (200, 30, 50, 100), button=0, seed=1).apply(Raise(100), seat=3)
    legal = state.legal_actions()
    assert (legal.seat, legal.call, legal.fold, legal.wager) == (0, 100, True, None)
    with pytest.raises(IllegalAction, match="cannot raise here"):
        state.apply(Raise(200))
    deeper = start_hand(NL, (200, 30, 150, 100), button=0, seed=1).apply(Raise(100), seat=3)
    assert deeper.legal_actions().wager == "raise" and deeper.legal_actions().max_to == 200
    # Everyone else all in, as before: no wager either.
    state = start_hand(NL, (200, 30, 50, 100), button=0, seed=1)
    state = play(state, (3, Raise(100)), (0, Call()), (1, Call()), (2, Call()))
    assert state.is_over and sum(state.stacks) == 380


def test_short_allin_below_half_does_not_reopen_for_players_who_acted():
    # seat 1 bets 20, seat 2 is all-in raising to 25 (5 more: less than half a bet)
    state = _fl10_turn((200, 200, 35)).apply(Bet(20), seat=1)
    state = play(state, (2, Raise(25)), (0, Call()))
    legal = state.legal_actions()
    assert legal.seat == 1 and legal.fold and legal.call == 5
    assert legal.wager is None
    with pytest.raises(IllegalAction):
        state.apply(Raise(45), seat=1)
    state = state.apply(Call(), seat=1)
    assert state.street is Street.RIVER


def test_completion_after_short_allin():
    # a short all-in raise: the next player, who has not acted, may complete the raise to 40
    state = _fl10_turn((200, 200, 35)).apply(Bet(20), seat=1)
    state = state.apply(Raise(25), seat=2)
    legal = state.legal_actions()
    assert (legal.seat, legal.fold, legal.call, legal.min_to, legal.max_to) == (0, True, 25, 40, 40)
    state = state.apply(Raise(40), seat=0)
    legal = state.legal_actions()  # the completion is a full raise: seat 1 may raise again
    assert (legal.seat, legal.call, legal.wager, legal.min_to, legal.max_to) == (1, 20, "raise", 60, 60)
    # a short all-in bet (5 of 20): the next player may complete it to the full bet of 20
    state = _fl10_turn((200, 200, 15)).apply(Check(), seat=1)
    legal = state.legal_actions()
    assert (legal.seat, legal.min_to, legal.max_to) == (2, 5, 5)
    state = state.apply(Bet(5), seat=2)
    legal = state.legal_actions()
    assert (legal.seat, legal.call, legal.wager, legal.min_to, legal.max_to) == (0, 5, "raise", 20, 20)
    called = state.apply(Call(), seat=0)  # if seat 0 only calls, seat 1 (who checked) may only call or fold
    legal = called.legal_actions()
    assert (legal.seat, legal.call, legal.wager) == (1, 5, None)
    state = state.apply(Raise(20), seat=0)
    # the completion counts as the bet: then three raises (40, 60, 80) reach the cap
    legal = state.legal_actions()
    assert (legal.seat, legal.call, legal.min_to) == (1, 20, 40)
    state = play(state, (1, Raise(40)), (0, Raise(60)), (1, Raise(80)))
    legal = state.legal_actions()
    assert legal.seat == 0 and legal.wager is None and legal.call == 20


def test_several_short_allins_in_limit_reopen_only_once_they_add_up_to_a_full_bet():
    # turn (a 20 round), four players: seat 1 bets 20; seat 2 is all-in raising to 24 (4 more) and seat 3
    # all-in raising to 30 (6 more): each is less than half a bet, so neither is a raise. Seat 0, yet to act,
    # may complete the raise they fell short of, to 40. Seat 1 now faces 10 more than it bet, less than a full
    # bet: it may only call or fold (Robert's Rules: "multiple all-in wagers, each too small to qualify as a
    # raise, reopen the betting if the resulting wager size to a player qualifies as a raise").
    state = limp_to_flop(FL10, (200, 200, 34, 40))
    state = play(state, (1, Check()), (2, Check()), (3, Check()), (0, Check()))
    assert state.street is Street.TURN
    state = play(state, (1, Bet(20)), (2, Raise(24)), (3, Raise(30)))
    legal = state.legal_actions()
    assert (legal.seat, legal.call) == (0, 30)
    assert (legal.min_to, legal.max_to) == (40, 40)
    state = state.apply(Call(), seat=0)
    legal = state.legal_actions()
    assert (legal.seat, legal.call) == (1, 10)
    assert legal.wager is None


def test_short_allin_below_half_does_not_count_toward_cap():
    # preflop, 10/20, blinds 5/10: the big blind is the bet; seat 3 raises to 20 (raise 1), seat 4 is all-in
    # for 24 (4 more: short, not counted), seat 5 completes to 30 (raise 2), seat 0 raises to 40 (raise 3)
    stacks = (200, 200, 200, 200, 24, 200)
    state = play(start_hand(FL10, stacks, button=0), (3, Raise(20)), (4, Raise(24)))
    legal = state.legal_actions()
    assert (legal.seat, legal.min_to, legal.max_to) == (5, 30, 30)
    state = state.apply(Raise(30), seat=5)
    legal = state.legal_actions()
    assert (legal.seat, legal.wager, legal.min_to) == (0, "raise", 40)
    state = state.apply(Raise(40), seat=0)
    legal = state.legal_actions()
    assert legal.seat == 1 and legal.wager is None and legal.call == 35
    # half a bet or more counts: all-in for 25 is raise 2, seat 5's raise to 35 is raise 3 and caps it
    stacks = (200, 200, 200, 200, 25, 200)
    state = play(start_hand(FL10, stacks, button=0), (3, Raise(20)), (4, Raise(25)), (5, Raise(35)))
    legal = state.legal_actions()
    assert legal.seat == 0 and legal.wager is None and legal.call == 35


# --- Betting structures: pot limit and no limit -----------------------------------------------------------


def test_pot_limit_max_preflop():
    # blinds 1/2: call 2, then the pot (1 + 2 + 2) on top: raise to 7
    legal = start_hand(PL, (100,) * 4, button=0).legal_actions()
    assert (legal.seat, legal.call, legal.wager, legal.min_to, legal.max_to) == (3, 2, "raise", 4, 7)


def test_pot_limit_max_after_a_limp():
    # after a limp: 2 + (1 + 2 + 2 + 2) = 9
    state = start_hand(PL, (100,) * 4, button=0).apply(Call(), seat=3)
    legal = state.legal_actions()
    assert (legal.seat, legal.min_to, legal.max_to) == (0, 4, 9)


def test_pot_limit_max_after_a_raise():
    # after a raise to 7: 7 + (1 + 2 + 7 + 7) = 24; a raise must add at least 5, the last raise
    state = start_hand(PL, (100,) * 4, button=0).apply(Raise(7), seat=3)
    legal = state.legal_actions()
    assert (legal.seat, legal.call, legal.min_to, legal.max_to) == (0, 7, 12, 24)
    with pytest.raises(IllegalAction):
        state.apply(Raise(25), seat=0)
    # and again: the small blind owes 23; 24 + (1 + 2 + 7 + 24 + 23) = 81
    state = state.apply(Raise(24), seat=0)
    legal = state.legal_actions()
    assert (legal.seat, legal.call, legal.min_to, legal.max_to) == (1, 23, 41, 81)


def test_pot_limit_min_bet_is_big_blind_and_max_is_the_pot():
    state = limp_to_flop(PL, (100, 100, 100))
    legal = state.legal_actions()
    assert (legal.seat, legal.wager, legal.min_to, legal.max_to) == (1, "bet", 2, 6)
    state = state.apply(Bet(6), seat=1)
    legal = state.legal_actions()
    # 6 + (6 + 6 + 6) = 24; the minimum adds the bet again: 12
    assert (legal.seat, legal.min_to, legal.max_to) == (2, 12, 24)


def test_pot_limit_and_no_limit_have_no_cap_on_raises():
    for rules in (PL, NL):
        state = start_hand(rules, (10_000, 10_000), button=0)
        for _ in range(8):  # eight raises back and forth, each the minimum
            legal = state.legal_actions()
            assert legal.wager == "raise"
            state = state.apply(Raise(legal.min_to))
        assert state.street is Street.PREFLOP
        assert state.legal_actions().wager == "raise"


def test_no_limit_max_is_stack():
    state = start_hand(NL, (100, 50, 80), button=0)
    legal = state.legal_actions()
    assert (legal.seat, legal.min_to, legal.max_to) == (0, 4, 100)
    state = state.apply(Raise(10), seat=0)
    legal = state.legal_actions()
    assert (legal.seat, legal.min_to, legal.max_to) == (1, 18, 50)  # the blind counts: 1 + 49 behind
    state = state.apply(Call(), seat=1)
    legal = state.legal_actions()
    assert (legal.seat, legal.min_to, legal.max_to) == (2, 18, 80)
    state = state.apply(Raise(80), seat=2)
    assert state.stacks[2] == 0


def test_min_raise_is_last_full_raise():
    state = start_hand(NL, (500,) * 4, button=0).apply(Raise(7), seat=3)
    assert state.legal_actions().min_to == 12  # raised by 5
    state = state.apply(Raise(20), seat=0)
    assert state.legal_actions().min_to == 33  # raised by 13
    with pytest.raises(IllegalAction):
        state.apply(Raise(32), seat=1)
    # postflop: the minimum bet is the big blind, then each raise at least the last bet or raise
    state = limp_to_flop(NL, (500, 500, 500))
    assert state.legal_actions().min_to == 2
    state = state.apply(Bet(10), seat=1)
    assert state.legal_actions().min_to == 20
    state = state.apply(Raise(35), seat=2)
    assert state.legal_actions().min_to == 60


def test_short_allin_does_not_reopen_no_limit_betting_for_players_who_acted():
    # flop: seat 1 bets 10, seat 2 is all-in for 15 (5 more: less than a full raise of 10)
    state = limp_to_flop(NL, (200, 200, 17)).apply(Bet(10), seat=1)
    state = state.apply(Raise(15), seat=2)
    legal = state.legal_actions()
    assert (legal.seat, legal.call, legal.wager, legal.min_to, legal.max_to) == (0, 15, "raise", 25, 198)
    state = state.apply(Call(), seat=0)
    legal = state.legal_actions()
    assert legal.seat == 1 and legal.call == 5 and legal.wager is None


def test_short_allins_together_reopen_once_they_add_up_to_a_full_raise():
    # seat 1 bets 10; all-ins to 15 and 22 are each short, but seat 1 now faces 12 more than it bet
    state = limp_to_flop(NL, (200, 200, 17, 24)).apply(Bet(10), seat=1)
    state = play(state, (2, Raise(15)), (3, Raise(22)))
    legal = state.legal_actions()
    assert (legal.seat, legal.min_to) == (0, 32)  # the last full raise is still 10
    state = state.apply(Call(), seat=0)
    legal = state.legal_actions()
    assert (legal.seat, legal.call, legal.wager, legal.min_to, legal.max_to) == (1, 12, "raise", 32, 198)
    # to 15 and then 19: 9 more than seat 1 bet, less than a full raise: call or fold only
    state = limp_to_flop(NL, (200, 200, 17, 21)).apply(Bet(10), seat=1)
    state = play(state, (2, Raise(15)), (3, Raise(19)), (0, Call()))
    legal = state.legal_actions()
    assert legal.seat == 1 and legal.call == 9 and legal.wager is None


def test_a_player_may_always_go_all_in_for_less_than_the_minimum():
    # raise: 3 is all seat 0 has, below the minimum raise to 4
    legal = start_hand(NL, (3, 100, 100), button=0).legal_actions()
    assert (legal.seat, legal.call, legal.wager, legal.min_to, legal.max_to) == (0, 2, "raise", 3, 3)
    # bet: one chip left on the flop, below the minimum bet of 2
    state = limp_to_flop(NL, (3, 100, 100))
    state = play(state, (1, Check()), (2, Check()))
    legal = state.legal_actions()
    assert (legal.seat, legal.wager, legal.min_to, legal.max_to) == (0, "bet", 1, 1)
    state = state.apply(Bet(1), seat=0)
    assert state.stacks[0] == 0
    # call: 28 behind facing a raise to 50
    state = play(start_hand(NL, (100, 100, 30), button=0), (0, Raise(50)), (1, Fold()))
    legal = state.legal_actions()
    assert (legal.seat, legal.call, legal.wager) == (2, 28, None)
    state = state.apply(Call(), seat=2)
    assert Acted(2, "call", 30, 28, True) in state.events


def test_uncalled_bet_returned_as_event():
    # a raise to 10 nobody calls: 8 of it (above the big blind's 2) goes back
    state = play(start_hand(NL, (100, 100, 100), button=0), (0, Raise(10)), (1, Fold()), (2, Fold()))
    assert BetReturned(0, 8) in state.events
    assert state.result.pots[0].amount == 5  # 1 + 2 + 2
    assert state.stacks == (103, 99, 98)
    # an all-in for 100 called all-in for 60: 40 goes back before the pots are built
    state = play(start_hand(NL, (100, 60), button=0), (0, Raise(100)), (1, Call()))
    events = state.events
    returned = [i for i, e in enumerate(events) if isinstance(e, BetReturned)]
    assert [events[i] for i in returned] == [BetReturned(0, 40)]
    first_award = next(i for i, e in enumerate(events) if isinstance(e, PotAwarded))
    first_board = next(i for i, e in enumerate(events) if isinstance(e, BoardDealt))
    assert returned[0] < first_board < first_award
    assert sum(pot.amount for pot in state.result.pots) == 120
    assert sum(state.stacks) == 160


def test_short_big_blind_still_sets_the_bet():
    state = start_hand(NL, (100, 100, 1, 100), button=0)
    assert Posted(2, "big blind", 1, True) in state.events
    legal = state.legal_actions()
    assert (legal.seat, legal.call, legal.min_to) == (3, 2, 4)
    state = play(state, (3, Call()), (0, Call()))
    assert state.legal_actions().call == 1  # the small blind completes to the full 2
    state = state.apply(Call(), seat=1)
    assert state.street is Street.FLOP
    assert state.contributed == (2, 2, 1, 2)
    assert [(p.amount, p.eligible) for p in state.pots] == [(4, (0, 1, 2, 3)), (3, (0, 1, 3))]


def test_short_stack_posts_blind_all_in():
    rules = Rules(betting=NoLimit(), blinds=(2, 5))
    state = start_hand(rules, (100, 1, 3), button=0)
    assert events_of(state, Posted) == [Posted(1, "small blind", 1, True), Posted(2, "big blind", 3, True)]
    assert state.stacks == (100, 0, 0)
    legal = state.legal_actions()
    assert (legal.seat, legal.call, legal.wager) == (0, 5, None)  # nobody left to raise against
    # short for the ante: everything goes in as the ante, nothing is left for the blind
    rules = Rules(betting=NoLimit(), blinds=(1, 2), ante=2)
    state = start_hand(rules, (100, 1, 100), button=0)
    assert Posted(1, "ante", 1, True) in state.events
    assert state.stacks[1] == 0 and state.contributed[1] == 1


def test_antes_are_dead_money():
    rules = Rules(betting=PotLimit(), blinds=(1, 2), ante=1)
    state = start_hand(rules, (100, 100, 100), button=0)
    antes = [e for e in events_of(state, Posted) if e.kind == "ante"]
    assert sorted((e.seat, e.amount) for e in antes) == [(0, 1), (1, 1), (2, 1)]
    assert state.bets == (0, 1, 2)
    assert state.contributed == (1, 2, 3)
    legal = state.legal_actions()
    # the ante does not count toward the call; it is in the pot: 2 + (3 + 1 + 2 + 2) = 10
    assert (legal.seat, legal.call, legal.max_to) == (0, 2, 10)
    state = play(state, (0, Fold()), (1, Fold()))
    # the big blind's 1 above the small blind is returned; it wins antes 3 + small blind 1 + its own 1
    assert BetReturned(2, 1) in state.events
    assert state.stacks == (99, 98, 103)
    assert state.result.net == (-1, -2, 3)


def test_big_blind_ante_the_big_blind_posts_the_tables_ante_after_the_blind():
    rules = Rules(betting=PotLimit(), blinds=(100, 200), ante=200, big_blind_ante=True)
    state = start_hand(rules, (5000, 5000, 5000, 5000), button=0)
    assert events_of(state, Posted) == [
        Posted(1, "small blind", 100, False),
        Posted(2, "big blind", 200, False),
        Posted(2, "ante", 200, False),
    ]
    assert standard_posts(rules, 4, 0)[-1] == Post(2, "ante", 200)
    # the ante is dead: the call is the big blind, the pot holds 100 + 200 + 200
    legal = state.legal_actions()
    assert (legal.seat, legal.call, legal.max_to) == (3, 200, 200 + 500 + 200)
    state = play(state, (3, Fold()), (0, Fold()), (1, Fold()))
    assert state.result.net == (0, -100, 100, 0)
    # heads-up the big blind (not the button) posts it
    heads_up = start_hand(rules, (5000, 5000), button=0)
    assert [(e.seat, e.kind) for e in events_of(heads_up, Posted)] == [
        (0, "small blind"),
        (1, "big blind"),
        (1, "ante"),
    ]


def test_big_blind_ante_when_short_the_blind_is_posted_before_the_ante():
    rules = Rules(betting=NoLimit(), blinds=(100, 200), ante=200, big_blind_ante=True)
    state = start_hand(rules, (5000, 5000, 250), button=0)
    # 250 chips: the whole big blind, then 50 toward the ante; nobody else makes up the rest
    assert events_of(state, Posted)[1:] == [Posted(2, "big blind", 200, False), Posted(2, "ante", 50, True)]
    assert state.legal_actions().call == 200
    short = start_hand(rules, (5000, 5000, 150), button=0)
    assert [e for e in events_of(short, Posted) if e.seat == 2] == [Posted(2, "big blind", 150, True)]


def test_big_blind_ante_settings_and_posts_are_checked():
    with pytest.raises(RulesError, match="needs a big blind"):
        Rules(betting=NoLimit(), blinds=(0,), ante=5, big_blind_ante=True)
    with pytest.raises(RulesError, match="big_blind_ante"):
        Rules(betting=NoLimit(), big_blind_ante=1)  # type: ignore[arg-type]
    rules = Rules(betting=NoLimit(), blinds=(1, 2), ante=2, big_blind_ante=True)
    with pytest.raises(RulesError, match="only the big blind antes"):
        start_hand(
            rules,
            (50, 50, 50),
            button=0,
            posts=[Post(0, "ante", 2), Post(1, "small blind", 1), Post(2, "big blind", 2)],
        )
    # a record that writes the big blind's ante first (as some sites do) is accepted
    state = start_hand(
        rules, (50, 50, 50), button=0, posts=[Post(2, "ante", 2), Post(1, "small blind", 1), Post(2, "big blind", 2)]
    )
    assert state.stacks == (50, 49, 46)
    # no ante in the level: nothing more is posted
    assert [p.kind for p in standard_posts(attrs.evolve(rules, ante=0), 3, 0)] == ["small blind", "big blind"]


# --- Pots -------------------------------------------------------------------------------------------------


def test_side_pots_from_contributions_each_allin_closes_a_layer():
    state = start_hand(NL, (20, 50, 100, 200), button=3)
    state = play(state, (2, Raise(100)), (3, Call()), (0, Call()), (1, Call()))
    pots = [(p.amount, p.eligible) for p in state.result.pots]
    # 20 x 4, then 30 x 3, then 50 x 2
    assert pots == [(80, (0, 1, 2, 3)), (90, (1, 2, 3)), (100, (2, 3))]


def test_folded_chips_stay_in_the_pots_they_fed_and_win_nothing():
    state = start_hand(NL, (100, 100, 100, 30), button=0)
    # seat 3 all-in for 30; seat 0 raises to 60 and seat 1 calls; seat 2 (big blind, 2 in) folds
    state = play(state, (3, Raise(30)), (0, Raise(60)), (1, Call()), (2, Fold()))
    pots = [(p.amount, p.eligible) for p in state.pots]
    assert pots == [(92, (0, 1, 3)), (60, (0, 1))]  # 30 x 3 + the folded 2; then 30 x 2
    state = check_down(state)
    assert all(2 not in pot.eligible for pot in state.result.pots)
    assert state.result.won(2) == 0


def test_side_pot_left_to_one_player_when_the_other_folds_main_pot_still_shown_down():
    # seat 0 all-in for 10; seats 1 and 2 build a side pot of 40 on the flop; on the turn seat 2 folds to a
    # bet. The hand is not over: seat 0 is still in, so the board runs out and the main pot is shown down,
    # while the side pot has seat 1 as its only eligible player.
    board = "3s 5d 8c Kh Kd"
    holes = {0: "As 2h 7s 6c", 1: "Qh Qc 9s 9d", 2: "Ks Qs Jh Th"}
    deck = deck_for(3, 0, holes, board)
    state = start_hand(NL, (10, 100, 100), 0, deck=deck)
    state = play(state, (0, Raise(10)), (1, Call()), (2, Call()), (1, Bet(20)), (2, Call()))
    state = play(state, (1, Bet(30)), (2, Fold()))
    assert state.is_over and len(state.board) == 5
    assert BetReturned(1, 30) in state.events
    main, side = state.result.pots
    # main 30: seat 1's two pair beats seat 0's kings for high (15); seat 0's 8-5-3-2-A low (15)
    assert (main.amount, main.eligible, dict(main.payouts)) == (30, (0, 1), {1: 15, 0: 15})
    assert (side.amount, side.eligible, dict(side.payouts)) == (40, (1,), {1: 40})
    assert state.stacks == (15, 125, 70)


def test_each_side_pot_split_among_its_own_eligible():
    # the only low is all-in for the main pot; the side pot's players have no low, so it is not halved
    board = "3s 5d 8c Kh Kd"
    holes = {
        0: "As 2h 7s 6c",  # low 8-5-3-2-A; high a pair of kings
        1: "Qh Qc 9s 9d",  # two pair, kings and queens; no low
        2: "Ks Qs Jh Th",  # three kings; no low
    }
    deck = deck_for(3, 0, holes, board)
    state = start_hand(NL, (10, 100, 100), 0, deck=deck)
    state = play(state, (0, Raise(10)), (1, Call()), (2, Call()))
    state = play(state, (1, Bet(20)), (2, Call()))
    state = check_down(state)
    main, side = state.result.pots
    assert (main.amount, main.eligible) == (30, (0, 1, 2))
    assert (side.amount, side.eligible) == (40, (1, 2))
    assert main.high_winners == (2,) and main.low_winners == (0,)
    assert dict(main.payouts) == {2: 15, 0: 15}
    assert side.low_winners == () and side.low_hand is None
    assert side.high_winners == (2,)
    assert dict(side.payouts) == {2: 40}
    assert state.stacks == (15, 70, 125)
    assert state.result.net == (5, -30, 25)


# --- Showdown and the hi-lo split -------------------------------------------------------------------------


def _shown_order(state):
    return [e.seat for e in state.events if isinstance(e, (Shown, Mucked))]


def test_showdown_order_last_aggressor_first():
    holes = {0: TRIPS_KINGS, 1: TRIPS_QUEENS, 2: ACE_THREE_LOW}
    deck = deck_for(3, 0, holes, LOW_BOARD)
    state = limp_to_flop(NL, (100, 100, 100), deck=deck)
    for _ in range(2):
        state = play(state, (1, Check()), (2, Check()), (0, Check()))
    state = play(state, (1, Check()), (2, Bet(2)), (0, Call()), (1, Call()))
    assert state.is_over
    assert state.showdown_order == (2, 0, 1)
    assert _shown_order(state) == [2, 0, 1]


def test_showdown_order_first_left_of_button_when_no_bet():
    # a bet on the flop does not count: the river was checked, so the first live seat left of the button
    # (seat 1 folded) shows first
    holes = {0: TRIPS_KINGS, 2: TRIPS_QUEENS, 3: ACE_THREE_LOW}
    deck = deck_for(4, 0, holes, LOW_BOARD)
    state = start_hand(NL, (100,) * 4, 0, deck=deck)
    state = play(state, (3, Call()), (0, Call()), (1, Fold()), (2, Check()))
    state = play(state, (2, Check()), (3, Bet(4)), (0, Call()), (2, Call()))
    state = check_down(state)
    assert state.is_over
    assert state.showdown_order == (2, 3, 0)
    assert _shown_order(state) == [2, 3, 0]


def test_all_hands_shown_when_a_player_is_all_in_whatever_the_policy():
    holes = {0: TRIPS_KINGS, 1: TRIPS_QUEENS, 2: ACE_THREE_LOW}
    deck = deck_for(3, 0, holes, LOW_BOARD)
    for policy in (ShowdownPolicy.MANUAL, ShowdownPolicy.MUCK_LOSERS):
        rules = attrs.evolve(NL, showdown=policy)
        state = start_hand(rules, (100, 10, 100), 0, deck=deck)
        state = play(state, (0, Call()), (1, Raise(10)), (2, Call()), (0, Call()))
        state = check_down(state)
        assert state.is_over
        assert sorted(e.seat for e in events_of(state, Shown)) == [0, 1, 2]
        assert not events_of(state, Mucked)


def test_manual_showdown_show_and_muck():
    rules = attrs.evolve(NL, showdown=ShowdownPolicy.MANUAL)
    holes = {0: "As Ad 2c 2d", 1: "Jc Jd 5c 6c"}  # a pair of aces beats a pair of jacks; no low possible
    deck = deck_for(2, 0, holes, NO_LOW_BOARD)
    state = check_down(start_hand(rules, (100, 100), 0, deck=deck))
    assert state.street is Street.SHOWDOWN
    assert state.actor == 1  # no bet on the river: first left of the button
    with pytest.raises(IllegalAction):
        state.apply(Check())
    legal = state.legal_actions()
    assert legal.show and legal.muck
    # the first hand shown; the better hand mucked gives up its claim
    shown = state.apply(Show(), seat=1)
    assert shown.actor == 0
    done = shown.apply(Muck(), seat=0)
    assert done.is_over
    assert events_of(done, Shown) == [Shown(1, parse_cards("Jc Jd 5c 6c"))]
    assert events_of(done, Mucked) == [Mucked(0)]
    assert done.stacks == (98, 102)
    # the first hand mucked: the last claim on the pot cannot be mucked
    mucked = state.apply(Muck(), seat=1)
    legal = mucked.legal_actions()
    assert legal.seat == 0 and legal.show and not legal.muck
    with pytest.raises(IllegalAction):
        mucked.apply(Muck(), seat=0)
    done = mucked.apply(Show(), seat=0)
    assert done.stacks == (102, 98)


def test_muck_losers_policy():
    # in showdown order (1, 2, 0): seat 1 shows; seat 2 loses high to it and has no low: mucked; seat 0 has
    # the only low: shown
    rules = attrs.evolve(NL, showdown=ShowdownPolicy.MUCK_LOSERS)
    holes = {0: ACE_THREE_LOW, 1: TRIPS_KINGS, 2: TRIPS_QUEENS}
    deck = deck_for(3, 0, holes, LOW_BOARD)
    state = check_down(start_hand(rules, (100, 100, 100), 0, deck=deck))
    assert state.is_over
    assert [e.seat for e in events_of(state, Shown)] == [1, 0]
    assert events_of(state, Mucked) == [Mucked(2)]
    assert state.stacks == (101, 101, 98)


def test_odd_chip_goes_to_high():
    # pot 5 (seat 0 calls 2, the small blind folds its 1, the big blind checks): high 3, low 2
    holes = {0: TRIPS_KINGS, 2: ACE_THREE_LOW}
    deck = deck_for(3, 0, holes, LOW_BOARD)
    state = start_hand(NL, (100, 100, 100), 0, deck=deck)
    state = check_down(play(state, (0, Call()), (1, Fold()), (2, Check())))
    (pot,) = state.result.pots
    assert pot.amount == 5
    assert pot.high_winners == (0,) and pot.low_winners == (2,)
    assert dict(pot.payouts) == {0: 3, 2: 2}
    assert state.stacks == (101, 99, 100)


def test_no_low_whole_pot_to_high():
    holes = {0: "As 2h 5c 6c", 1: "Ks Kh 8c 8d"}  # on K Q 9 4 3: three kings; seat 0: ace high, no low
    deck = deck_for(2, 0, holes, NO_LOW_BOARD)
    state = check_down(start_hand(NL, (100, 100), 0, deck=deck))
    (pot,) = state.result.pots
    assert pot.low_winners == () and pot.low_hand is None
    assert pot.high_winners == (1,)
    assert dict(pot.payouts) == {1: 4}
    assert state.stacks == (98, 102)


def test_quartered_low():
    # board A 2 7 K Q: seats 1 and 2 both hold 3-4 for the low 7-4-3-2-A; seat 2 also has three kings
    holes = {0: "Jc Jh 9d 9c", 1: "3d 4d 9s Ts", 2: "3c 4c Kc Kd"}
    deck = deck_for(3, 0, holes, "As 2d 7c Kh Qd")
    state = start_hand(NL, (100, 100, 100), 0, deck=deck)
    state = check_down(play(state, (0, Raise(4)), (1, Call()), (2, Call())))
    (pot,) = state.result.pots
    assert pot.amount == 12
    assert pot.high_winners == (2,) and pot.low_winners == (1, 2)
    # high half 6 to seat 2; low half 6 split 3 and 3
    assert dict(pot.payouts) == {1: 3, 2: 9}
    assert state.stacks == (96, 99, 105)


def test_tied_odd_chips_go_left_of_button_first():
    # seats 0 and 2 tie for high (kings with A Q 9) on a board with no low; the pot of 5 splits 3 and 2, the
    # extra chip to seat 2, the first of them left of the button (seat 0)
    holes = {0: "Ah Kh 8c 8d", 2: "Ad Ks 7c 7h"}
    deck = deck_for(3, 0, holes, NO_LOW_BOARD)
    state = start_hand(NL, (100, 100, 100), 0, deck=deck)
    state = check_down(play(state, (0, Call()), (1, Fold()), (2, Check())))
    (pot,) = state.result.pots
    assert set(pot.high_winners) == {0, 2}
    assert dict(pot.payouts) == {2: 3, 0: 2}
    assert state.stacks == (100, 99, 101)


def test_scoop():
    # the seed's example: A♠ 2♥ K♣ Q♦ on 3♦ 4♠ 5♣ K♥ J♣ makes the wheel, the best low and a straight
    holes = {0: "As 2h Kc Qd", 1: "Td 9d 8h 7h"}  # seat 1: low 8-7-5-4-3, high K-J-T-9-5
    deck = deck_for(2, 0, holes, "3d 4s 5c Kh Jc")
    state = check_down(start_hand(NL, (100, 100), 0, deck=deck))
    (pot,) = state.result.pots
    assert pot.high_winners == (0,) and pot.low_winners == (0,)
    assert str(pot.high_hand) == "Straight, Five high"
    assert set(pot.high_hand.cards) == set(parse_cards("As 2h 3d 4s 5c"))
    assert pot.low_hand.name == "5-4-3-2-A"
    assert dict(pot.payouts) == {0: 4}
    assert state.result.scoops == (0,)
    assert state.stacks == (102, 98)


def test_result_names_each_pots_winners_their_five_cards_and_chips():
    holes = {0: TRIPS_KINGS, 1: TRIPS_QUEENS, 2: ACE_THREE_LOW}
    deck = deck_for(3, 0, holes, LOW_BOARD)
    state = check_down(start_hand(NL, (100, 100, 100), 0, deck=deck))
    (pot,) = state.result.pots
    assert pot.eligible == (0, 1, 2)
    assert pot.high_winners == (0,)
    assert set(pot.high_hand.cards) == set(parse_cards("Kc Kd Ks Qd 7h"))
    assert str(pot.high_hand) == "Three of a kind, Kings"
    assert pot.low_winners == (2,)
    assert set(pot.low_hand.cards) == set(parse_cards("Ah 3h 2c 5d 7h"))
    assert pot.low_hand.name == "7-5-3-2-A"
    assert dict(pot.payouts) == {0: 3, 2: 3}
    awards = events_of(state, PotAwarded)
    assert sorted((a.pot, a.seat, a.amount, a.share) for a in awards) == [(0, 0, 3, "high"), (0, 2, 3, "low")]


def test_rake_from_main_pot_first_no_flop_no_drop():
    board = "3s 5d 8c Kh Kd"
    holes = {0: "As 2h 7s 6c", 1: "Qh Qc 9s 9d", 2: "Ks Qs Jh Th"}
    deck = deck_for(3, 0, holes, board)
    rules = attrs.evolve(NL, rake=Rake(percent=Decimal(10)))
    state = start_hand(rules, (10, 100, 100), 0, deck=deck)
    state = play(state, (0, Raise(10)), (1, Call()), (2, Call()), (1, Bet(20)), (2, Call()))
    state = check_down(state)
    # pots 30 (all three) and 40 (seats 1, 2): 10% of 70 is 7, all of it from the main pot
    main, side = state.result.pots
    assert state.result.rake == 7
    assert RakeTaken(7) in state.events
    assert (main.rake, main.amount) == (7, 23)
    assert (side.rake, side.amount) == (0, 40)
    assert dict(main.payouts) == {2: 12, 0: 11}  # 23: high 12 (odd chip), low 11
    assert dict(side.payouts) == {2: 40}
    assert state.stacks == (11, 70, 122)
    # a cap: 3 at most
    capped = attrs.evolve(NL, rake=Rake(percent=Decimal(10), cap=3))
    state = start_hand(capped, (10, 100, 100), 0, deck=deck)
    state = play(state, (0, Raise(10)), (1, Call()), (2, Call()), (1, Bet(20)), (2, Call()))
    state = check_down(state)
    assert state.result.rake == 3
    assert [p.rake for p in state.result.pots] == [3, 0]
    # no flop, no drop
    state = start_hand(rules, (100, 100, 100), 0, deck=deck)
    state = play(state, (0, Raise(10)), (1, Fold()), (2, Fold()))
    assert state.result.rake == 0 and not events_of(state, RakeTaken)
    assert state.stacks == (103, 99, 98)


# --- Errors, immutability, values -------------------------------------------------------------------------


def test_illegal_actions_raise_with_message():
    state = start_hand(PL, (100,) * 4, button=0)  # seat 3 to act, facing the big blind of 2
    with pytest.raises(IllegalAction, match="seat 3") as out_of_turn:
        state.apply(Call(), seat=0)
    assert "turn" in str(out_of_turn.value)
    with pytest.raises(IllegalAction) as too_much:
        state.apply(Raise(999))
    message = str(too_much.value)
    assert "999" in message and "4" in message and "7" in message  # the allowed range, 4 to 7
    with pytest.raises(IllegalAction) as check:
        state.apply(Check())
    assert "call 2" in str(check.value)
    with pytest.raises(IllegalAction) as bet:
        state.apply(Bet(4))
    assert "raise" in str(bet.value).lower()
    with pytest.raises(ValueError):  # IllegalAction is a ValueError
        state.apply(Raise(3))
    with pytest.raises(IllegalAction):
        Raise(0)
    over = play(state, (3, Fold()), (0, Fold()), (1, Fold()))
    with pytest.raises(IllegalAction):
        over.apply(Check())
    with pytest.raises(IllegalAction):
        over.legal_actions()


def test_impossible_rules_raise():
    with pytest.raises(RulesError, match="-1"):
        Rules(betting=NoLimit(), blinds=(-1, 2))
    with pytest.raises(RulesError, match="max_raises"):
        FixedLimit(small_bet=2, big_bet=4, max_raises=-1)
    with pytest.raises(RulesError, match="11"):
        start_hand(NL, (100,) * 11, button=0)
    with pytest.raises(RulesError, match="6"):
        Rules(betting=NoLimit(), hole_cards=6)
    with pytest.raises(RulesError):
        FixedLimit(small_bet=0, big_bet=4)
    with pytest.raises(RulesError):
        start_hand(NL, (100,), button=0)
    with pytest.raises(RulesError):
        start_hand(NL, (100, 100), button=2)
    with pytest.raises(ValueError):  # RulesError is a ValueError
        Rules(betting=NoLimit(), ante=-1)
    with pytest.raises(RulesError):
        Rules(betting=NoLimit(), blinds=(2, 1))


def _value_fields(state):
    return {f.name: getattr(state, f.name) for f in attrs.fields(type(state)) if f.eq}


def test_old_state_unchanged_after_apply():
    state = start_hand(NL, (100, 100, 100), button=0, seed=11)
    before = _value_fields(state)
    events_before = state.events
    after = state.apply(Raise(10))
    assert _value_fields(state) == before
    assert state.events == events_before
    assert state.actor == 0 and state.bets == (0, 1, 2) and after.bets == (10, 1, 2)
    # the old state is still a valid branch point
    other = state.apply(Fold())
    assert other.folded == (True, False, False) and after.folded == (False, False, False)


def test_states_hashable_and_equal_by_value():
    first = start_hand(NL, (100, 100, 100), button=0, seed=5)
    second = start_hand(NL, (100, 100, 100), button=0, seed=5)
    assert first is not second
    assert first == second and hash(first) == hash(second)
    assert len({first, second}) == 1
    a, b = first.apply(Call()), second.apply(Call())
    assert a == b and hash(a) == hash(b)
    assert a != first.apply(Fold())
    done_a, done_b = check_down(a), check_down(b)
    assert done_a == done_b and hash(done_a) == hash(done_b)
