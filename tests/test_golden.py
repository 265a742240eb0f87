"""Golden hands, played from the blinds to the payout and checked to the chip.

Each scenario gives the table, the cards and every action; the expected pots, payouts and final stacks were
worked out by hand from docs/rules.md (the arithmetic is written next to them), and the hands were read by hand:
the comment by each seat's cards names its best high and low on that board.
"""

from __future__ import annotations

import attrs
import pytest
from helpers import deck_for

from engine import (
    Bet,
    Call,
    Check,
    FixedLimit,
    Fold,
    NoLimit,
    PotLimit,
    Raise,
    Rules,
    Street,
    parse_cards,
    start_hand,
)
from engine.events import BetReturned, PotAwarded, Shown


def run(rules, stacks, button, holes, board, steps):
    deck = deck_for(len(stacks), button, holes, board, hole_cards=rules.hole_cards)
    state = start_hand(rules, stacks, button, deck=deck)
    total = sum(stacks)
    for seat, action in steps:
        state = state.apply(action, seat=seat)
        if state.result is None:  # chips conserved at every step
            assert sum(state.stacks) + state.pot_total == total
    assert state.is_over
    assert sum(state.stacks) + state.result.rake == total
    return state


def play_on(state, *steps):
    for seat, action in steps:
        state = state.apply(action, seat=seat)
    return state


def pots_of(state):
    """Each pot as (amount, eligible seats, {seat: chips paid})."""
    return [(pot.amount, pot.eligible, dict(pot.payouts)) for pot in state.result.pots]


def awards(state):
    return sorted((e.pot, e.seat, e.amount, e.share) for e in state.events if isinstance(e, PotAwarded))


def shown_order(state):
    return [e.seat for e in state.events if isinstance(e, Shown)]


# --- a three-way all-in, two side pots, each split differently ---------------------------------------------


def test_three_way_all_in_with_two_side_pots_each_split_differently():
    rules = Rules(betting=NoLimit(), blinds=(1, 2))
    board = "2c 7d Kh Qs 3h"  # low cards 2, 3, 7: every low is 7-x-3-2-x
    holes = {
        0: "Kc Kd 5c 6d",  # three kings; low 7-6-5-3-2            (all-in for 20)
        1: "As 4c 9c 9d",  # a pair of nines; low 7-4-3-2-A, best   (all-in for 51)
        2: "Qc Qd 9h Jh",  # three queens; no low                   (all-in for 100)
        3: "Jc Jd Ts 8s",  # a pair of jacks; no low                (covers, calls 100)
    }
    steps = [(2, Raise(100)), (3, Call()), (0, Call()), (1, Call())]
    state = run(rules, (20, 51, 100, 200), 3, holes, board, steps)
    # contributions 20, 51, 100, 100:
    #   main   20 x 4 =  80, all four:  high seat 0 (40), low seat 1 (40)
    #   side 1 31 x 3 =  93, seats 1-3: high seat 2 (47, the odd chip), low seat 1 (46)
    #   side 2 49 x 2 =  98, seats 2-3: nobody has a low: all to the high, seat 2
    assert pots_of(state) == [
        (80, (0, 1, 2, 3), {0: 40, 1: 40}),
        (93, (1, 2, 3), {2: 47, 1: 46}),
        (98, (2, 3), {2: 98}),
    ]
    main, side1, side2 = state.result.pots
    assert set(main.high_hand.cards) == set(parse_cards("Kc Kd Kh Qs 7d"))
    assert set(main.low_hand.cards) == set(parse_cards("As 4c 2c 3h 7d"))
    assert set(side1.high_hand.cards) == set(parse_cards("Qc Qd Qs Kh 7d"))
    assert side1.low_winners == (1,)
    assert side2.high_winners == (2,) and side2.low_winners == () and side2.low_hand is None
    assert awards(state) == [
        (0, 0, 40, "high"),
        (0, 1, 40, "low"),
        (1, 1, 46, "low"),
        (1, 2, 47, "high"),
        (2, 2, 98, "all"),
    ]
    assert state.stacks == (40, 86, 145, 100)
    assert state.result.net == (20, 35, 45, -100)
    assert shown_order(state) == [2, 3, 0, 1]  # the preflop raiser first, then clockwise


# --- a quartered low --------------------------------------------------------------------------------------


def test_quartered_low_fixed_limit_hand():
    rules = Rules(betting=FixedLimit(small_bet=2, big_bet=4), blinds=(1, 2))
    board = "As 2d 7c Kh Qd"
    holes = {
        0: "Jc Jh 9d 9c",  # a pair of jacks; no low
        1: "3d 4d 9s Ts",  # ace high; low 7-4-3-2-A
        2: "3c 4c Kc Kd",  # three kings; low 7-4-3-2-A
    }
    steps = [
        (0, Raise(4)),
        (1, Call()),
        (2, Call()),  # preflop: 4 each, pot 12
        (1, Check()),
        (2, Bet(2)),
        (0, Call()),
        (1, Call()),  # flop: 2 each, pot 18
        (1, Check()),
        (2, Check()),
        (0, Bet(4)),
        (1, Call()),
        (2, Call()),  # turn: 4 each, pot 30
        (1, Check()),
        (2, Check()),
        (0, Check()),  # river
    ]
    state = run(rules, (100, 100, 100), 0, holes, board, steps)
    # pot 30: high half 15 to seat 2; low half 15 shared by seats 1 and 2: 8 and 7, the odd chip to seat 1,
    # the first of the two left of the button
    assert pots_of(state) == [(30, (0, 1, 2), {1: 8, 2: 22})]
    (pot,) = state.result.pots
    assert pot.high_winners == (2,) and set(pot.low_winners) == {1, 2}
    assert str(pot.low_hand) == "7-4-3-2-A"
    assert state.stacks == (90, 98, 112)
    assert state.result.net == (-10, -2, 12)
    assert shown_order(state) == [1, 2, 0]


# --- a side pot nobody eligible has a low for -------------------------------------------------------------


def test_no_low_side_pot_pot_limit_hand():
    rules = Rules(betting=PotLimit(), blinds=(1, 2))
    board = "3s 5d 8c Kh Kd"
    holes = {
        0: "Qh Qc 9s 9d",  # two pair, kings and queens; no low
        1: "As 2h 7s 6c",  # a pair of kings; low 8-5-3-2-A   (the short stack, 30)
        2: "Ks Qs Jh Th",  # three kings; no low
    }
    deck = deck_for(3, 0, holes, board)
    state = start_hand(rules, (200, 30, 200), 0, deck=deck)
    legal = state.legal_actions()
    assert (legal.seat, legal.max_to) == (0, 7)  # 2 + (1 + 2) + 2
    state = state.apply(Raise(7), seat=0)
    legal = state.legal_actions()
    assert (legal.seat, legal.min_to, legal.max_to) == (1, 12, 23)  # 7 + (1 + 2 + 7) + 6
    state = state.apply(Raise(23), seat=1)
    legal = state.legal_actions()
    # the minimum adds the last raise (16) again; the maximum is 23 + (23 + 2 + 7 in the pot) + 21 to call
    assert (legal.seat, legal.min_to, legal.max_to) == (2, 39, 76)
    state = play_on(state, (2, Call()), (0, Call()))
    assert state.street is Street.FLOP and state.stacks == (177, 7, 177)
    legal = state.legal_actions()
    assert (legal.seat, legal.min_to, legal.max_to) == (1, 2, 7)  # all-in 7 is below the pot of 69
    state = state.apply(Bet(7), seat=1)
    legal = state.legal_actions()
    assert (legal.seat, legal.min_to, legal.max_to) == (2, 14, 90)  # 7 + (69 + 7) + 7
    state = play_on(state, (2, Raise(40)), (0, Call()))
    state = play_on(state, (2, Check()), (0, Check()), (2, Check()), (0, Check()))
    assert state.is_over
    # contributions 63, 30, 63: main 30 x 3 = 90, halved: high seat 2, low seat 1; side 33 x 2 = 66 between
    # seats 0 and 2, neither with a low: all of it to seat 2's high (seat 1's low has no claim on it)
    assert pots_of(state) == [(90, (0, 1, 2), {2: 45, 1: 45}), (66, (0, 2), {2: 66})]
    assert state.stacks == (137, 45, 248)
    assert state.result.net == (-63, 15, 48)


# --- short all-ins in fixed limit, below and above half a bet ---------------------------------------------

LIMIT = Rules(betting=FixedLimit(small_bet=10, big_bet=20), blinds=(5, 10))
LIMIT_BOARD = "4c 6d 7h Ks Qc"
LIMIT_HOLES = {
    0: "Ah 2h 3s Jd",  # ace high; low 7-6-4-2-A (the only low)
    1: "Qd Qh Js Th",  # three queens; no low
    2: "Kc Kd 9s 9h",  # three kings; no low (the short stack)
}
TO_THE_TURN = [(0, Call()), (1, Call()), (2, Check()), (1, Check()), (2, Check()), (0, Check())]


def test_limit_short_all_in_below_half_a_bet():
    # turn: seat 1 bets 20, seat 2 is all-in raising to 25 (5: less than half of 20): seat 0, yet to act,
    # completes the raise to 40; seat 1 calls
    steps = [*TO_THE_TURN, (1, Bet(20)), (2, Raise(25)), (0, Raise(40)), (1, Call()), (1, Check()), (0, Check())]
    state = run(LIMIT, (200, 200, 35), 0, LIMIT_HOLES, LIMIT_BOARD, steps)
    # contributions 50, 50, 35: main 35 x 3 = 105: high seat 2 (53, the odd chip), low seat 0 (52);
    # side 15 x 2 = 30, seats 0 and 1: high seat 1 (15), low seat 0 (15)
    assert pots_of(state) == [(105, (0, 1, 2), {2: 53, 0: 52}), (30, (0, 1), {1: 15, 0: 15})]
    assert state.stacks == (217, 165, 53)
    assert state.result.net == (17, -35, 18)


def test_limit_short_all_in_of_half_a_bet_is_a_full_raise():
    # turn: seat 1 bets 20, seat 2 is all-in raising to 30 (10: half a bet, so a full raise), seat 0 raises
    # to 50, seat 1 to 70: a bet and three raises, capped; seat 0 may only call. River: bet 20, call.
    deck = deck_for(3, 0, LIMIT_HOLES, LIMIT_BOARD)
    state = start_hand(LIMIT, (200, 200, 40), 0, deck=deck)
    state = play_on(state, *TO_THE_TURN, (1, Bet(20)), (2, Raise(30)), (0, Raise(50)), (1, Raise(70)))
    legal = state.legal_actions()
    assert legal.seat == 0 and legal.wager is None and legal.call == 20
    state = play_on(state, (0, Call()), (1, Bet(20)), (0, Call()))
    assert state.is_over
    # contributions 100, 100, 40: main 40 x 3 = 120: high seat 2 (60), low seat 0 (60);
    # side 60 x 2 = 120, seats 0 and 1: high seat 1 (60), low seat 0 (60)
    assert pots_of(state) == [(120, (0, 1, 2), {2: 60, 0: 60}), (120, (0, 1), {1: 60, 0: 60})]
    assert state.stacks == (220, 160, 60)
    assert state.result.net == (20, -40, 20)
    assert state.showdown_order == (1, 2, 0)  # seat 1 bet the river


# --- pot-limit maximums -----------------------------------------------------------------------------------


def test_pot_limit_maximum_preflop_and_after_a_raise():
    rules = Rules(betting=PotLimit(), blinds=(1, 2))
    state = start_hand(rules, (1000,) * 4, 0)
    assert state.legal_actions().max_to == 7  # 2 + (1 + 2) + 2
    state = state.apply(Raise(7), seat=3)
    assert state.legal_actions().max_to == 24  # 7 + (1 + 2 + 7) + 7
    state = play_on(state, (0, Raise(24)), (1, Fold()), (2, Fold()), (3, Call()))
    assert state.street is Street.FLOP and state.pot_total == 51
    legal = state.legal_actions()
    assert (legal.seat, legal.min_to, legal.max_to) == (3, 2, 51)
    state = state.apply(Bet(51), seat=3)
    legal = state.legal_actions()
    assert (legal.seat, legal.min_to, legal.max_to) == (0, 102, 204)  # 51 + (51 + 51) + 51
    state = play_on(state, (0, Raise(204)), (3, Fold()))
    assert BetReturned(0, 153) in state.events
    assert [(p.amount, dict(p.payouts)) for p in state.result.pots] == [(153, {0: 153})]
    assert state.stacks == (1078, 999, 998, 925)


def test_pot_limit_maximum_after_a_limp():
    rules = Rules(betting=PotLimit(), blinds=(1, 2))
    state = start_hand(rules, (1000,) * 4, 0).apply(Call(), seat=3)
    legal = state.legal_actions()
    assert (legal.min_to, legal.max_to) == (4, 9)  # 2 + (1 + 2 + 2) + 2
    state = state.apply(Raise(9), seat=0)
    legal = state.legal_actions()
    assert (legal.seat, legal.call, legal.min_to, legal.max_to) == (1, 8, 16, 31)  # 9 + (1 + 2 + 2 + 9) + 8
    state = state.apply(Raise(31), seat=1)
    legal = state.legal_actions()
    assert (legal.seat, legal.call, legal.min_to, legal.max_to) == (2, 29, 53, 104)  # 31 + 44 + 29
    state = play_on(state, (2, Fold()), (3, Fold()), (0, Fold()))
    assert BetReturned(1, 22) in state.events
    assert state.stacks == (991, 1013, 998, 998)


# --- high only --------------------------------------------------------------------------------------------


@pytest.mark.parametrize("hi_lo", [False, True])
def test_high_only_game(hi_lo):
    rules = Rules(betting=NoLimit(), blinds=(1, 2), hi_lo=hi_lo)
    board = "2c 3d 8h Ks Kd"
    holes = {
        0: "Ah 4h 5s 6s",  # a pair of kings; low 8-4-3-2-A
        1: "Qc Qh Jd Tc",  # two pair, kings and queens; no low
    }
    steps = [
        (0, Call()),
        (1, Check()),
        (1, Bet(2)),
        (0, Call()),
        (1, Check()),
        (0, Check()),
        (1, Check()),
        (0, Check()),
    ]
    state = run(rules, (100, 100), 0, holes, board, steps)
    (pot,) = state.result.pots
    if hi_lo:  # the same hand in hi-lo: halved
        assert dict(pot.payouts) == {0: 4, 1: 4}
        assert state.stacks == (100, 100)
    else:  # high only: seat 0's low counts for nothing
        assert dict(pot.payouts) == {1: 8}
        assert pot.low_winners == () and pot.low_hand is None
        assert awards(state) == [(0, 1, 8, "all")]
        assert state.stacks == (96, 104)


# --- five-card Omaha --------------------------------------------------------------------------------------


def test_five_card_omaha_hi_lo():
    rules = Rules(betting=FixedLimit(small_bet=2, big_bet=4), blinds=(1, 2), hole_cards=5)
    board = "Th 9h 2h 5s 4d"
    holes = {
        # ace high; low 7-5-4-2-A with its fifth card, the Ah. Q J 8 would make a straight with T 9, but
        # that takes three hole cards; one heart makes no flush.
        0: "7c Jc Qc 8s Ah",
        2: "Tc Ts Kd 8c 6c",  # three tens; low 8-6-5-4-2
    }
    steps = [
        (0, Call()),
        (1, Fold()),
        (2, Check()),  # pot 5
        (2, Check()),
        (0, Check()),
        (2, Check()),
        (0, Check()),
        (2, Bet(4)),
        (0, Call()),
    ]  # pot 13
    state = run(rules, (100, 100, 100), 0, holes, board, steps)
    assert all(len(hole) == 5 for hole in state.hole)
    assert state.hole[0] == parse_cards("7c Jc Qc 8s Ah")
    # pot 13: high seat 2 (7, the odd chip), low seat 0 (6)
    assert pots_of(state) == [(13, (0, 2), {2: 7, 0: 6})]
    (pot,) = state.result.pots
    assert str(pot.high_hand) == "Three of a kind, Tens"
    assert set(pot.low_hand.cards) == set(parse_cards("Ah 7c 2h 4d 5s"))
    assert state.stacks == (100, 99, 101)


def test_five_card_omaha_seats_at_most_eight():
    rules = Rules(betting=NoLimit(), hole_cards=5)
    assert start_hand(rules, (100,) * 8, 0).players == 8
    with pytest.raises(ValueError, match="9"):
        start_hand(rules, (100,) * 9, 0)
    assert attrs.evolve(rules, hole_cards=4).max_players == 10
