"""Tests for the rules in docs/rules.md that no other test file checks, each named after its rule (and one for a
choice of docs/choices.md that the page had wrong).

docs/rules.md lists, under every rule, the tests that check it; tests/test_docs.py keeps that list honest.
"""

from __future__ import annotations

from itertools import pairwise

from helpers import LIMIT, check_down, deck_for, play

from engine import (
    Bet,
    Call,
    Check,
    Deck,
    FixedLimit,
    Fold,
    Level,
    LowHand,
    NoLimit,
    PotLimit,
    Raise,
    Rules,
    Street,
    Table,
    TournamentSchedule,
    best_high,
    best_low,
    parse_cards,
    start_hand,
)
from engine.rules import standard_posts

NL = Rules(NoLimit(), blinds=(1, 2))
PL = Rules(PotLimit(), blinds=(1, 2))


def _low(text: str) -> LowHand | None:
    """The low made by five cards written as two hole cards and three board cards."""
    cards = parse_cards(text)
    return best_low(cards[:2], cards[2:])


# --- The deck and the deal ----------------------------------------------------------------------------------


def test_four_hole_cards_each_dealt_one_at_a_time_from_one_deck() -> None:
    deck = Deck.seeded(11)
    state = check_down(start_hand(NL, (100, 100, 100), button=0, deck=deck))
    assert state.is_over and len(state.board) == 5
    assert [len(hole) for hole in state.hole] == [4, 4, 4]
    # one card at a time, clockwise from the seat left of the button (seat 1, then 2, then the button)
    order = (1, 2, 0)
    for round_ in range(4):
        for position, seat in enumerate(order):
            assert state.hole[seat][round_] == deck.cards[round_ * 3 + position]
    dealt = [card for hole in state.hole for card in hole] + list(state.board)
    assert len(set(dealt)) == len(dealt) == 17


# --- High hands ---------------------------------------------------------------------------------------------


def test_no_wrap_around_straights() -> None:
    assert best_high("Qs Kd 7c 8h", "Ah 2c 3d Jh 9s").name == "High card, Ace"  # Q-K-A-2-3
    assert best_high("Kc Ad Ts Jh", "2d 3h 4s 8c 9d").name == "High card, Ace"  # K-A-2-3-4
    # the ace is still low at the bottom of a straight and high at the top
    assert best_high("Ad 5c Kc Ts", "2d 3h 4s 8c 9d").name == "Straight, Five high"
    assert best_high("Ac Kd 2s 3h", "Qh Jc Ts 4d 4h").name == "Straight, Ace high"


# --- The eight-or-better low --------------------------------------------------------------------------------


def test_lows_compare_from_the_highest_card_down() -> None:
    # 8-4-3-2-A has the better small cards, but the top card decides first: 7 beats 8
    seven, eight = _low("7s 5h 4d 3c 2s"), _low("8s 4h 3d 2c Ac")
    assert seven is not None and eight is not None
    assert seven > eight
    # equal from the top down to the last card: the ace (1) beats the 2 there
    ace, two = _low("6s 5h 4d 3c As"), _low("6d 5c 4h 3s 2d")
    assert ace is not None and two is not None
    assert ace > two


def test_seed_lows_rank_in_the_order_the_seeds_list_them() -> None:
    ladder = [
        "5s 4h 3d 2c As",
        "6s 4h 3d 2c As",
        "7s 4h 3d 2c As",
        "7s 5h 3d 2c As",
        "8s 6h 5d 3c 2s",
        "8s 7h 6d 5c 4s",
    ]
    lows = [low for low in map(_low, ladder) if low is not None]
    assert len(lows) == len(ladder)
    assert [low.name for low in lows] == ["5-4-3-2-A", "6-4-3-2-A", "7-4-3-2-A", "7-5-3-2-A", "8-6-5-3-2", "8-7-6-5-4"]
    for better, worse in pairwise(lows):
        assert better > worse
    assert _low("9s 4h 3d 2c As") is None  # a nine never plays in a low


# --- Straddles ----------------------------------------------------------------------------------------------


def test_after_a_straddle_the_smallest_flop_bet_is_the_big_blind() -> None:
    for rules in (NL, PL):
        state = start_hand(rules, (100,) * 6, 0, seed=1, posts=standard_posts(rules, 6, 0, straddles=(4,)))
        assert state.legal_actions().min_to == 8  # preflop: twice the straddle
        state = play(state, (4, Call()), (5, Call()), (0, Call()), (1, Call()), (2, Call()), (3, Check()))
        assert state.street is Street.FLOP
        legal = state.legal_actions()
        assert (legal.wager, legal.min_to) == ("bet", 2)  # the big blind, not the straddle


# --- Mixed Omaha tournaments --------------------------------------------------------------------------------


def test_mixed_omaha_tournament_alternates_the_games_level_by_level() -> None:
    pot_limit = Rules(PotLimit(), blinds=(2, 4))
    limit = Rules(FixedLimit(4, 8), blinds=(2, 4))
    schedule = TournamentSchedule(
        [Level(LIMIT, minutes=20), Level(PL, minutes=20), Level(limit, minutes=20), Level(pot_limit)]
    )
    table = Table.new(schedule, 6).join(0, "ann", 1000).join(1, "bob", 1000)
    games = [table.with_time(minute).next_rules for minute in (0, 19.9, 20, 39.9, 40, 60, 600)]
    assert games == [LIMIT, LIMIT, PL, PL, limit, pot_limit, pot_limit]


# --- docs/choices.md, choice 22 -----------------------------------------------------------------------------


def test_a_pot_with_one_claimant_names_its_hand_only_after_a_showdown() -> None:
    # seat 0 all in for 10; seats 1 and 2 build a side pot of 40, then seat 2 folds on the turn: the side pot has
    # one claimant, but the hand goes to a showdown, so its winning hand is named
    holes = {0: "As 2h 7s 6c", 1: "Qh Qc 9s 9d", 2: "Ks Qs Jh Th"}
    deck = deck_for(3, 0, holes, "3s 5d 8c Kh Kd")
    state = start_hand(NL, (10, 100, 100), 0, deck=deck)
    state = play(state, (0, Raise(10)), (1, Call()), (2, Call()), (1, Bet(20)), (2, Call()), (1, Bet(30)), (2, Fold()))
    side = state.result.pots[1]
    assert (side.eligible, side.high_winners, side.low_winners) == ((1,), (1,), ())
    assert str(side.high_hand) == "Two pair, Kings and Queens" and side.low_hand is None
    # everyone else folds: no showdown, no hand named
    state = play(start_hand(NL, (100, 100, 100), 0, seed=1), (0, Raise(10)), (1, Fold()), (2, Fold()))
    (pot,) = state.result.pots
    assert pot.high_winners == (0,) and pot.high_hand is None and pot.low_hand is None
