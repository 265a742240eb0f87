"""The pure functions under the state: side pots and uncalled bets (`engine.pots`), the hi-lo splitter with
its odd chips and the rake split (`engine.showdown`). Expected values are worked out by hand from docs/rules.md."""

from __future__ import annotations

import pytest

from engine import BoardEvaluator, Payout, Portion, PotResult, RulesError, parse_cards
from engine.pots import Pot, build_pots, uncalled_bet
from engine.showdown import HandResult, pot_shares, settle_pot, share, split_rake

ALL = (True, True, True, True)


def layers(contributed, live):
    return [(pot.amount, pot.eligible) for pot in build_pots(contributed, live)]


# --- build_pots -------------------------------------------------------------------------------------------


def test_one_pot_when_everyone_put_in_the_same():
    assert layers([10, 10, 10], [True] * 3) == [(30, (0, 1, 2))]


def test_each_all_in_closes_a_layer():
    # 20 x 4 = 80; 31 x 3 = 93; 49 x 2 = 98
    assert layers([20, 51, 100, 100], ALL) == [(80, (0, 1, 2, 3)), (93, (1, 2, 3)), (98, (2, 3))]


def test_equal_all_ins_share_one_layer():
    assert layers([20, 20, 50, 50], ALL) == [(80, (0, 1, 2, 3)), (60, (2, 3))]


def test_layers_do_not_depend_on_seat_order():
    assert layers([100, 20, 100, 51], ALL) == [(80, (0, 1, 2, 3)), (93, (0, 2, 3)), (98, (0, 2))]


def test_folded_chips_stay_in_the_pots_they_fed():
    # seat 2 folded its big blind of 2: it feeds the main pot and is eligible for nothing
    assert layers([60, 60, 2, 30], [True, True, False, True]) == [(92, (0, 1, 3)), (60, (0, 1))]
    # a folded player who put in more than an all-in feeds the side pot too
    assert layers([10, 40, 40, 40], [True, False, True, True]) == [(40, (0, 2, 3)), (90, (2, 3))]


def test_folded_players_are_eligible_for_nothing():
    assert layers([10, 10, 10], [True, False, True]) == [(30, (0, 2))]
    assert layers([5, 10, 10], [False, True, True]) == [(25, (1, 2))]


def test_pots_hold_every_chip():
    contributed = [7, 130, 55, 55, 2, 130]
    live = [True, True, False, True, False, True]
    pots = build_pots(contributed, live)
    assert sum(pot.amount for pot in pots) == sum(contributed)
    # live all-ins at 7 and 55; the layers: 7 x 6 - (7 - 2) = 37; (55 - 7) x 4 = 192; 75 x 2 = 150
    assert [(p.amount, p.eligible) for p in pots] == [(37, (0, 1, 3, 5)), (192, (1, 3, 5)), (150, (1, 5))]


# --- uncalled_bet -----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("bets", "expected"),
    [
        ([0, 10, 30], (2, 20)),
        ([1, 2], (1, 1)),  # everyone folds to the big blind: 1 above the small blind goes back
        ([40, 0, 0], (0, 40)),
        ([10, 10], None),
        ([5, 30, 30], None),
        ([0, 0, 0], None),
        ([], None),
    ],
)
def test_uncalled_bet(bets, expected):
    assert uncalled_bet(bets) == expected


# --- share ------------------------------------------------------------------------------------------------


def test_share_splits_equally():
    assert sorted(share(10, [1, 2], button=0, players=3)) == [(1, 5), (2, 5)]


def test_share_gives_odd_chips_left_of_the_button_first():
    # button 0: the order is 1, 2, 0, so seat 2 gets the odd chip before seat 0
    assert dict(share(5, [0, 2], button=0, players=3)) == {2: 3, 0: 2}
    # button 2: the order is 0, 1, 2
    assert dict(share(7, [0, 1, 2], button=2, players=3)) == {0: 3, 1: 2, 2: 2}
    assert dict(share(8, [0, 1, 2], button=0, players=3)) == {1: 3, 2: 3, 0: 2}
    # six seats, button 3: seat 4 before seat 0
    assert dict(share(3, [0, 4], button=3, players=6)) == {4: 2, 0: 1}


# --- settle_pot -------------------------------------------------------------------------------------------

# Board 3s 5d 8c Kh Kd: seat 0 a pair of kings and the low 8-5-3-2-A; seat 1 two pair, kings and queens, no
# low; seat 2 three kings, no low.
SIDE_BOARD = BoardEvaluator(parse_cards("3s 5d 8c Kh Kd"))
SIDE_HOLES = [parse_cards("As 2h 7s 6c"), parse_cards("Qh Qc 9s 9d"), parse_cards("Ks Qs Jh Th")]

# Board As 2d 7c Kh Qd: seat 0 a pair of jacks, no low; seats 1 and 2 both the low 7-4-3-2-A; seat 2 three
# kings, seat 1 ace high.
QUARTER_BOARD = BoardEvaluator(parse_cards("As 2d 7c Kh Qd"))
QUARTER_HOLES = [parse_cards("Jc Jh 9d 9c"), parse_cards("3d 4d 9s Ts"), parse_cards("3c 4c Kc Kd")]


def test_side_pot_is_settled_among_its_own_eligible_players():
    # seat 0 holds the only low but is not eligible for this side pot: nobody in it has a low, so the whole
    # pot goes to the best high among seats 1 and 2
    result = settle_pot(Pot(40, (1, 2)), 0, [1, 2], SIDE_HOLES, SIDE_BOARD, True, 0, 3)
    assert result.high_winners == (2,)
    assert result.low_winners == () and result.low_hand is None
    assert dict(result.payouts) == {2: 40}
    assert result.amount == 40


def test_halved_pot_odd_chip_to_high():
    result = settle_pot(Pot(31, (0, 1, 2)), 0, [0, 1, 2], SIDE_HOLES, SIDE_BOARD, True, 0, 3)
    assert result.high_winners == (2,) and result.low_winners == (0,)
    assert dict(result.payouts) == {2: 16, 0: 15}
    assert set(result.high_hand.cards) == set(parse_cards("Ks Kh Kd Qs 8c"))
    assert set(result.low_hand.cards) == set(parse_cards("As 2h 3s 5d 8c"))


def test_quartered_low():
    # 30: high 15 to seat 2; low 15 split between seats 1 and 2, the odd chip to the first left of the button
    result = settle_pot(Pot(30, (0, 1, 2)), 0, [0, 1, 2], QUARTER_HOLES, QUARTER_BOARD, True, 0, 3)
    assert result.high_winners == (2,) and set(result.low_winners) == {1, 2}
    assert dict(result.payouts) == {1: 8, 2: 22}
    # button 1: now seat 2 is first left of the button and takes the odd chip of the low half
    result = settle_pot(Pot(30, (0, 1, 2)), 0, [0, 1, 2], QUARTER_HOLES, QUARTER_BOARD, True, 1, 3)
    assert dict(result.payouts) == {2: 23, 1: 7}
    # an even quarter: 40 = high 20 to seat 2, low 10 and 10
    result = settle_pot(Pot(40, (0, 1, 2)), 0, [0, 1, 2], QUARTER_HOLES, QUARTER_BOARD, True, 0, 3)
    assert dict(result.payouts) == {1: 10, 2: 30}


def test_high_only_gives_the_whole_pot_to_the_high():
    result = settle_pot(Pot(31, (0, 1, 2)), 0, [0, 1, 2], SIDE_HOLES, SIDE_BOARD, False, 0, 3)
    assert result.low_winners == ()
    assert dict(result.payouts) == {2: 31}


def test_mucked_hands_have_no_claim():
    # seat 2 (three kings) mucked: the high goes to seat 1's two pair, the low still to seat 0
    result = settle_pot(Pot(30, (0, 1, 2)), 0, [0, 1], SIDE_HOLES, SIDE_BOARD, True, 0, 3)
    assert result.high_winners == (1,) and result.low_winners == (0,)
    assert dict(result.payouts) == {1: 15, 0: 15}
    assert result.eligible == (0, 1, 2)


def test_uncontested_pot_without_showdown():
    result = settle_pot(Pot(30, (0, 1, 2)), 0, [1], SIDE_HOLES, None, True, 0, 3)
    assert dict(result.payouts) == {1: 30}
    assert result.high_hand is None and result.low_winners == ()


def test_rake_comes_off_before_the_split():
    # 30 - 7 = 23: high 12 (the odd chip), low 11
    result = settle_pot(Pot(30, (0, 1, 2)), 7, [0, 1, 2], SIDE_HOLES, SIDE_BOARD, True, 0, 3)
    assert (result.amount, result.rake) == (23, 7)
    assert dict(result.payouts) == {2: 12, 0: 11}


def test_split_rake_takes_from_the_main_pot_first():
    pots = [Pot(30, (0, 1, 2)), Pot(40, (1, 2))]
    assert split_rake(pots, 7) == [7, 0]
    assert split_rake(pots, 30) == [30, 0]
    assert split_rake(pots, 35) == [30, 5]
    assert split_rake(pots, 0) == [0, 0]


def test_the_odd_chip_of_a_split_pot_goes_to_the_high_half_and_the_match_report_says_the_same_halves() -> None:
    from engine.report import pot_text
    from engine.showdown import half_amounts

    assert half_amounts(25, True) == (13, 12) and half_amounts(24, True) == (12, 12)
    assert half_amounts(25, False) == (25, 0)
    evaluator = BoardEvaluator(parse_cards("2c 3d 7h Kc Ks"))
    hole = [parse_cards("Ah 4s Qd Qc"), parse_cards("Kh Kd 9s 9c")]
    pot = settle_pot(Pot(25, (0, 1)), 0, [0, 1], hole, evaluator, True, 0, 2)
    assert dict(pot.payouts) == {0: 12, 1: 13}
    assert "high B 13" in pot_text(pot, ("A", "B"), True) and "low A 12" in pot_text(pot, ("A", "B"), True)


# --- the result keeps its halves ----------------------------------------------------------------------------


def test_the_result_keeps_each_half_apart_and_says_which_part_each_share_pays():
    # 31: high 16 to seat 2, low 15 to seat 0; the shares in seat order from the button's left (button 0)
    result = settle_pot(Pot(31, (0, 1, 2)), 0, [0, 1, 2], SIDE_HOLES, SIDE_BOARD, True, 0, 3)
    assert result.shares == (Payout(2, 16, Portion.HIGH), Payout(0, 15, Portion.LOW))
    assert result.high_shares == (Payout(2, 16, Portion.HIGH),)
    assert result.low_shares == (Payout(0, 15, Portion.LOW),)
    # button 2: seat 0 is first left of the button, so its share comes first; the merged view follows
    result = settle_pot(Pot(31, (0, 1, 2)), 0, [0, 1, 2], SIDE_HOLES, SIDE_BOARD, True, 2, 3)
    assert result.shares == (Payout(0, 15, Portion.LOW), Payout(2, 16, Portion.HIGH))
    assert result.payouts == ((0, 15), (2, 16))


def test_a_quartered_pot_keeps_the_scooping_seats_two_shares_and_merges_them_in_payouts():
    # 30: high 15 to seat 2; low 15 shared by seats 1 (8, first left of the button) and 2 (7)
    result = settle_pot(Pot(30, (0, 1, 2)), 0, [0, 1, 2], QUARTER_HOLES, QUARTER_BOARD, True, 0, 3)
    assert result.shares == (Payout(1, 8, Portion.LOW), Payout(2, 15, Portion.HIGH), Payout(2, 7, Portion.LOW))
    assert result.payouts == ((1, 8), (2, 22))
    assert result.paid(2) == 22


def test_a_scoop_is_a_high_share_and_a_low_share_with_the_odd_chip_in_the_high():
    # seat 0 has the best high and the only low: it takes both halves of 25, 13 and 12
    evaluator = BoardEvaluator(parse_cards("2c 3d 7h Kc Ks"))
    hole = [parse_cards("Ah 4s Kh Kd"), parse_cards("Qh Qd 9s 9c")]
    result = settle_pot(Pot(25, (0, 1)), 0, [0, 1], hole, evaluator, True, 1, 2)
    assert result.shares == (Payout(0, 13, Portion.HIGH), Payout(0, 12, Portion.LOW))
    assert result.payouts == ((0, 25),)


def test_a_pot_with_no_low_is_one_whole_share_and_a_pot_nobody_contested_an_uncontested_one():
    no_low = settle_pot(Pot(40, (1, 2)), 0, [1, 2], SIDE_HOLES, SIDE_BOARD, True, 0, 3)
    assert no_low.shares == (Payout(2, 40, Portion.WHOLE),) and no_low.low_shares == ()
    high_only = settle_pot(Pot(31, (0, 1, 2)), 0, [0, 1, 2], SIDE_HOLES, SIDE_BOARD, False, 0, 3)
    assert high_only.shares == (Payout(2, 31, Portion.WHOLE),)
    folded_to = settle_pot(Pot(30, (0, 1, 2)), 0, [1], SIDE_HOLES, None, True, 0, 3)
    assert folded_to.shares == (Payout(1, 30, Portion.UNCONTESTED),)
    mucked_to = settle_pot(Pot(30, (0, 1)), 0, [1], SIDE_HOLES, SIDE_BOARD, True, 0, 3)
    assert mucked_to.shares == (Payout(1, 30, Portion.UNCONTESTED),)


def test_tied_highs_share_the_high_half_and_a_tied_winner_may_take_nothing():
    # a 1-chip pot with a tied high and no low: the chip to the tied winner first left of the button, 0 to
    # the other, who is still a winner with a share
    evaluator = BoardEvaluator(parse_cards("Ks Kd 9h 9c 2s"))
    hole = [parse_cards("As Ah Qc Jd"), parse_cards("Ac Ad Qd Jc")]
    result = settle_pot(Pot(1, (0, 1)), 0, [0, 1], hole, evaluator, True, 0, 2)
    assert result.shares == (Payout(1, 1, Portion.WHOLE), Payout(0, 0, Portion.WHOLE))
    assert pot_shares(HandResult((result,), 0, (-1, 1), True)) == [(0, 1, 1)]  # no empty shares


def test_pot_shares_lists_each_pots_high_shares_before_its_low_shares():
    button_2 = settle_pot(Pot(31, (0, 1, 2)), 0, [0, 1, 2], SIDE_HOLES, SIDE_BOARD, True, 2, 3)
    side = settle_pot(Pot(40, (1, 2)), 0, [1, 2], SIDE_HOLES, SIDE_BOARD, True, 2, 3, index=1)
    result = HandResult((button_2, side), 0, (0, 0, 0), True)
    assert pot_shares(result) == [(0, 2, 16), (0, 0, 15), (1, 2, 40)]


def test_a_pot_result_refuses_shares_that_do_not_say_their_portion():
    with pytest.raises(RulesError, match=r"shares must be a tuple of Payout\(seat, chips, portion\)"):
        PotResult(10, 0, (0, 1), (1,), None, (), None, ((1, 10),))  # type: ignore[arg-type]
    with pytest.raises(RulesError, match="portion one of high, low, whole, uncontested"):
        PotResult(10, 0, (0, 1), (1,), None, (), None, ((1, 10, "all"),))  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "eligible",
    [(True,), (0, True), (1, 0), (0, 0), (-1,), (10,), [0, 1], (0.0,), ("0",), 0],
    ids=["bool", "bool-after-int", "unsorted", "repeated", "negative", "too-high", "list", "float", "text", "int"],
)
def test_a_pots_eligible_seats_are_refused_unless_distinct_seat_indexes_in_order(eligible: object) -> None:
    """The quick test of `seats` (plain ints in order) lets through nothing the full one refuses."""
    with pytest.raises(RulesError, match="distinct seat indexes in increasing order"):
        Pot(1, eligible)  # type: ignore[arg-type]


def test_a_pots_eligible_seats_may_be_empty_or_any_seat_index_in_order() -> None:
    assert Pot(0, ()).eligible == () and Pot(3, (0, 4, 9)).eligible == (0, 4, 9)
