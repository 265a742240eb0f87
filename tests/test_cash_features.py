"""Cash-game features, one test per rule: straddles (under the gun, re-straddles, the Mississippi straddle),
running the board two or three times, double boards and bomb pots, and how histories and JSON treat them.

Golden hands are dealt from decks built by `cash_deck`, so every card is stated in the test; the hands were read
by hand (the comment by each board names who wins what on it) and every expected amount is worked out in the
comments, never copied from the engine's output.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import pytest
from helpers import play
from hypothesis import given
from hypothesis import strategies as st
from random_play import choices

from engine import (
    ALL_CARDS,
    Bet,
    Call,
    Card,
    Check,
    Deck,
    FixedLimit,
    Fold,
    HandResult,
    HandState,
    HistoryError,
    IllegalAction,
    NoLimit,
    PotLimit,
    Raise,
    Rake,
    Rules,
    RulesError,
    RunIt,
    ShowdownPolicy,
    Street,
    build_pots,
    from_json,
    parse_cards,
    start_hand,
    to_json,
)
from engine.bots import CallingStation, HiLoBot, RandomBot
from engine.bots.base import fault_action
from engine.events import Acted, BoardDealt, Burned, HoleDealt, Posted, PotAwarded, RunChosen
from engine.history.phh import read_phh, state_to_record, write_phh
from engine.history.pokerstars import read_pokerstars, write_pokerstars_state
from engine.history.replay import replay
from engine.rules import Post, check_posts, standard_posts
from engine.state import board_positions

NL = Rules(NoLimit(), blinds=(1, 2))
PL = Rules(PotLimit(), blinds=(1, 2))
FL = Rules(FixedLimit(small_bet=2, big_bet=4), blinds=(1, 2))

# Hands used again and again, read by hand on each board below.
KINGS = "Kc Kd Qs Jh"  # no card of 8 or below: never a low
WHEEL_DRAW = "As 2s 3d 9c"  # 2-3 for lows; 2-3 with 4-5-6 makes a six-high straight

# Boards, with what KINGS and WHEEL_DRAW make on each (no card is on two of them):
KINGS_FULL = "Ks 7h 7c Td 4c"  # KINGS: Kc Kd Ks 7h 7c, kings full; WHEEL_DRAW: a pair of sevens. Low cards 7, 4: no low
SIX_HIGH = "4d 5d 6c Jc 2c"  # WHEEL_DRAW: 2s 3d 4d 5d 6c, a straight, and low 5-4-3-2-A; KINGS: a pair of kings
QUEENS_SPLIT = "4h 5h Qc Qh 8d"  # KINGS: Qs Kc Qc Qh 8d, three queens; WHEEL_DRAW: low 8-5-4-2-A, high a pair
NINES_FULL = "9d 9h 7s Ts 3c"  # WHEEL_DRAW: 9c 3d 9d 9h 3c, nines full; KINGS: two pair. Low cards 7, 3: no low


def cash_deck(
    players: int,
    button: int,
    holes: Mapping[int, str],
    boards: Sequence[str] = (),
    *,
    hole_cards: int = 4,
    per_run: int = 1,
    from_street: Street = Street.PREFLOP,
) -> Deck:
    """A deck that deals ``holes[seat]`` to each named seat and ``boards[i]`` as ``state.boards[i]`` (run by
    run; within a run, board by board: ``per_run`` is 2 for a double board).

    Hole cards go one at a time clockwise from the button's left. The first run's boards lie where
    `board_positions` puts them. Each further run starts with the card after the first run's last river card
    and deals, for each street after ``from_street`` (the street the betting stopped on), a burn and then that
    street's cards for each board in turn; its cards from before ``from_street`` are the first run's (checked).
    Every place nobody named gets a card nobody named, 2c first.
    """
    places: dict[int, Card] = {}
    order = [(button + 1 + i) % players for i in range(players)]
    for seat, text in holes.items():
        cards = parse_cards(text)
        assert len(cards) == hole_cards, f"seat {seat} needs {hole_cards} cards"
        for k, card in enumerate(cards):
            places[k * players + order.index(seat)] = card
    named = [parse_cards(board) for board in boards]
    for cards, positions in zip(named[:per_run], board_positions(players, hole_cards, per_run), strict=False):
        places.update(zip(positions, cards, strict=False))
    shared = {Street.PREFLOP: 0, Street.FLOP: 3, Street.TURN: 4}[from_street]
    position = players * hole_cards + 3 + 5 * per_run
    later = named[per_run:]
    for start in range(0, len(later), per_run):
        run = later[start : start + per_run]
        for board, cards in enumerate(run):
            assert cards[:shared] == named[board][:shared], "a later run shares the first run's earlier streets"
        for low, high in ((0, 3), (3, 4), (4, 5)):
            if high <= shared:
                continue
            position += 1  # the burn
            for board in range(per_run):
                for index in range(low, high):
                    if board < len(run) and index < len(run[board]):
                        places[position] = run[board][index]
                    position += 1
    used = list(places.values())
    assert len(set(used)) == len(used), "a card is named twice"
    spare = iter(card for card in ALL_CARDS if card not in set(used))
    return Deck.ordered([places[i] if i in places else next(spare) for i in range(len(ALL_CARDS))])


def cards(text: str) -> tuple[Card, ...]:
    return parse_cards(text)


def events_of(state: HandState, kind: type) -> list:
    return [event for event in state.events if isinstance(event, kind)]


def parts_of(state: HandState) -> list[tuple[int, int, int, dict[int, int]]]:
    """Each settled part of a pot as (pot, board, amount, {seat: chips})."""
    assert state.result is not None
    return [(part.pot, part.board, part.amount, dict(part.payouts)) for part in state.result.pots]


def preflop_order(state: HandState) -> list[int]:
    """Who acts preflop, in order, when everyone calls and nobody raises."""
    seats = []
    while state.street is Street.PREFLOP:
        seats.append(state.actor)
        state = state.apply(Check() if state.legal_actions().check else Call())
    return seats


def check_down(state: HandState) -> HandState:
    while not state.is_over:
        state = state.apply(Check() if state.legal_actions().check else Call())
    return state


# --- straddles: order of play ------------------------------------------------------------------------------


def test_utg_straddle_player_left_of_it_acts_first_and_the_straddler_has_the_option():
    posts = standard_posts(NL, 6, 0, straddles=(4,))
    assert posts == (Post(1, "small blind", 1), Post(2, "big blind", 2), Post(3, "straddle", 4))
    state = start_hand(NL, (100,) * 6, 0, seed=1, posts=posts)
    assert events_of(state, Posted)[-1] == Posted(3, "straddle", 4, False)
    assert state.bets == (0, 1, 2, 4, 0, 0) and state.level == 4
    legal = state.legal_actions()
    assert (legal.seat, legal.call, legal.min_to) == (4, 4, 8)  # the straddle is the bet; a raise doubles it
    state = play(state, (4, Call()), (5, Call()), (0, Call()), (1, Call()), (2, Call()))
    assert state.street is Street.PREFLOP  # everyone called: the straddler still has the option
    legal = state.legal_actions()
    assert (legal.seat, legal.check, legal.fold, legal.wager, legal.min_to) == (3, True, False, "raise", 8)
    raised = state.apply(Raise(8), seat=3)
    assert raised.street is Street.PREFLOP and raised.actor == 4 and raised.legal_actions().call == 4
    checked = state.apply(Check(), seat=3)
    assert checked.street is Street.FLOP and checked.actor == 1  # after the flop: first left of the button
    assert checked.pot_total == 24


def test_re_straddle_by_utg_plus_one_acts_last_and_the_next_player_acts_first():
    posts = standard_posts(NL, 6, 0, straddles=(4, 8))
    assert posts[-2:] == (Post(3, "straddle", 4), Post(4, "straddle", 8))
    state = start_hand(NL, (100,) * 6, 0, seed=1, posts=posts)
    legal = state.legal_actions()
    assert (legal.seat, legal.call, legal.min_to) == (5, 8, 16)
    assert preflop_order(state) == [5, 0, 1, 2, 3, 4]  # the last straddler last


def test_mississippi_button_straddle_small_blind_acts_first_and_the_button_last():
    posts = standard_posts(NL, 6, 0, button_straddle=4)
    assert posts == (Post(1, "small blind", 1), Post(2, "big blind", 2), Post(0, "straddle", 4))
    state = start_hand(NL, (100,) * 6, 0, seed=1, posts=posts)
    legal = state.legal_actions()
    assert (legal.seat, legal.call, legal.min_to) == (1, 3, 8)  # the small blind completes 1 to 4
    assert preflop_order(state) == [1, 2, 3, 4, 5, 0]
    state = play(state, (1, Call()), (2, Call()), (3, Call()), (4, Call()), (5, Call()))
    assert state.actor == 0 and state.legal_actions().check  # the button's option


def test_straddle_with_three_players_is_posted_by_the_button_under_the_gun():
    posts = standard_posts(NL, 3, 0, straddles=(4,))
    assert posts[-1] == Post(0, "straddle", 4)
    state = start_hand(NL, (100,) * 3, 0, seed=1, posts=posts)
    assert preflop_order(state) == [1, 2, 0]


# --- straddles: amounts ------------------------------------------------------------------------------------


def test_no_limit_min_raise_over_a_straddle_is_twice_the_straddle():
    state = start_hand(NL, (100,) * 6, 0, seed=1, posts=standard_posts(NL, 6, 0, straddles=(10,)))
    legal = state.legal_actions()
    assert (legal.call, legal.min_to, legal.max_to) == (10, 20, 100)
    state = state.apply(Raise(20), seat=4)  # a raise of 10: the next must raise by 10 at least
    assert state.legal_actions().min_to == 30


def test_pot_limit_straddle_counts_in_the_pot():
    state = start_hand(PL, (100,) * 6, 0, seed=1, posts=standard_posts(PL, 6, 0, straddles=(4,)))
    legal = state.legal_actions()
    # pot 1 + 2 + 4 = 7; calling 4 makes it 11; a pot raise adds 11 to the 4: to 15
    assert (legal.call, legal.min_to, legal.max_to) == (4, 8, 15)
    state = start_hand(PL, (100,) * 6, 0, seed=1, posts=standard_posts(PL, 6, 0, straddles=(7,)))
    legal = state.legal_actions()
    # a pot-sized straddle of 7: pot 10, calling 7 makes 17, to 7 + 17 = 24; the minimum is twice the straddle
    assert (legal.call, legal.min_to, legal.max_to) == (7, 14, 24)


def test_fixed_limit_straddle_is_one_small_bet_and_counts_toward_the_cap():
    state = start_hand(FL, (100,) * 6, 0, seed=1, posts=standard_posts(FL, 6, 0, straddles=(4,)))
    assert state.wagers == 2  # the big blind is the bet, the straddle the first raise
    legal = state.legal_actions()
    assert (legal.seat, legal.call, legal.min_to, legal.max_to) == (4, 4, 6, 6)
    state = play(state, (4, Raise(6)), (5, Raise(8)))  # bet + 3 raises: capped
    legal = state.legal_actions()
    assert (legal.seat, legal.call, legal.wager) == (0, 8, None)


def test_fixed_limit_re_straddle_leaves_one_raise_before_the_cap():
    state = start_hand(FL, (100,) * 6, 0, seed=1, posts=standard_posts(FL, 6, 0, straddles=(4, 6)))
    assert (state.level, state.wagers) == (6, 3)
    legal = state.legal_actions()
    assert (legal.seat, legal.call, legal.min_to, legal.max_to) == (5, 6, 8, 8)
    state = state.apply(Raise(8), seat=5)
    assert state.legal_actions().wager is None


@pytest.mark.parametrize(
    ("rules", "allowed", "refused"),
    [
        (FL, [4], [3, 5, 6]),  # exactly the big blind + one small bet
        (PL, [4, 5, 7], [3, 8]),  # 2 x 2 up to 2 + (1 + 2) + 2
        (NL, [4, 9, 100], [2, 3]),  # at least 2 x 2
    ],
    ids=["fixed limit", "pot limit", "no limit"],
)
def test_straddle_amounts_allowed_per_structure(rules, allowed, refused):
    for amount in allowed:
        posts = standard_posts(rules, 6, 0, straddles=(amount,))
        state = start_hand(rules, (100,) * 6, 0, seed=1, posts=posts)
        assert state.level == amount
    blinds = (Post(1, "small blind", 1), Post(2, "big blind", 2))
    for amount in refused:
        with pytest.raises(RulesError, match="straddle"):
            standard_posts(rules, 6, 0, straddles=(amount,))
        with pytest.raises(RulesError, match="straddle"):
            start_hand(rules, (100,) * 6, 0, seed=1, posts=(*blinds, Post(3, "straddle", amount)))


def test_re_straddle_amounts_are_measured_from_the_straddle_before():
    # pot limit after a straddle of 4: pot 7, so 8 up to 4 + 7 + 4 = 15
    check_posts(PL, standard_posts(PL, 6, 0, straddles=(4, 15)), 6)
    with pytest.raises(RulesError, match="8 to 15"):
        standard_posts(PL, 6, 0, straddles=(4, 16))
    with pytest.raises(RulesError, match="8 or more"):
        standard_posts(NL, 6, 0, straddles=(4, 7))
    with pytest.raises(RulesError, match="is 6"):
        standard_posts(FL, 6, 0, straddles=(4, 8))


def test_pot_limit_straddle_counts_antes_in_the_pot_so_far():
    rules = Rules(PotLimit(), blinds=(1, 2), ante=1)
    # antes 4 + blinds 3 = 7 in the pot: a straddle of 4 up to 2 + 7 + 2 = 11
    check_posts(rules, standard_posts(rules, 4, 0, straddles=(11,)), 4)
    with pytest.raises(RulesError):
        standard_posts(rules, 4, 0, straddles=(12,))


def test_straddle_needs_a_big_blind_before_it():
    with pytest.raises(RulesError, match="before any big blind"):
        start_hand(NL, (100,) * 4, 0, posts=(Post(1, "straddle", 4), Post(2, "big blind", 2)))
    with pytest.raises(RulesError, match="before any big blind"):
        check_posts(NL, (Post(3, "straddle", 4),), 4)


def test_straddle_after_a_small_blind_alone_is_refused():
    with pytest.raises(RulesError, match="before any big blind"):
        start_hand(NL, (100,) * 4, 0, posts=(Post(1, "small blind", 1), Post(3, "straddle", 4)))


def test_a_seat_posts_at_most_one_of_small_blind_big_blind_and_straddle():
    for kind in ("small blind", "big blind"):
        seat = 1 if kind == "small blind" else 2
        posts = (Post(1, "small blind", 1), Post(2, "big blind", 2), Post(seat, "straddle", 4))
        with pytest.raises(RulesError, match=f"seat {seat} posts two"):
            start_hand(NL, (100,) * 4, 0, posts=posts)
    posts = (Post(1, "small blind", 1), Post(2, "big blind", 2), Post(3, "straddle", 4), Post(3, "straddle", 8))
    with pytest.raises(RulesError, match="seat 3 posts two"):
        start_hand(NL, (100,) * 4, 0, posts=posts)
    with pytest.raises(RulesError):  # heads-up the button posts the small blind: it cannot straddle too
        standard_posts(NL, 2, 0, button_straddle=4)


def test_straddles_under_the_gun_and_a_button_straddle_together_are_refused():
    with pytest.raises(RulesError, match="not both"):
        standard_posts(NL, 6, 0, straddles=(4,), button_straddle=8)


def test_too_many_straddles_for_the_seats_are_refused():
    with pytest.raises(RulesError, match="3 straddles but only 2"):
        standard_posts(NL, 4, 0, straddles=(4, 8, 16))
    with pytest.raises(RulesError, match="only 0"):
        standard_posts(NL, 2, 0, straddles=(4,))
    assert len(standard_posts(NL, 4, 0, straddles=(4, 8))) == 4  # UTG and the button: every free seat


def test_short_stack_straddles_all_in_for_what_it_has():
    state = start_hand(NL, (100, 100, 100, 3), 0, seed=1, posts=standard_posts(NL, 4, 0, straddles=(4,)))
    assert events_of(state, Posted)[-1] == Posted(3, "straddle", 3, True)
    assert state.stacks[3] == 0 and state.bets[3] == 3
    legal = state.legal_actions()
    # like a short big blind, the straddle due still sets the bet; the straddler, all in, never acts
    assert (state.level, legal.seat, legal.call, legal.min_to) == (4, 0, 4, 8)
    assert preflop_order(state) == [0, 1, 2]


# --- running it twice: who is asked, when ------------------------------------------------------------------


RUN2 = Rules(NoLimit(), blinds=(1, 2), runs=2)
RUN3 = Rules(NoLimit(), blinds=(1, 2), runs=3)


def all_in_preflop(rules: Rules, deck: Deck | None = None, seed: int | None = None) -> HandState:
    """Three players, button 0 (stacks 100, 60, 100): the button moves all in, the small blind calls all in for
    60, the big blind folds; the button's uncalled 40 goes back. Pot 60 + 60 + 2 = 122."""
    state = start_hand(rules, (100, 60, 100), 0, deck=deck, seed=seed)
    return play(state, (0, Raise(100)), (1, Call()), (2, Fold()))


def golden_two_runs_deck() -> Deck:
    return cash_deck(3, 0, {0: KINGS, 1: WHEEL_DRAW}, [KINGS_FULL, SIX_HIGH])


def test_players_still_in_are_asked_in_turn_from_the_buttons_left_all_in_or_not():
    state = all_in_preflop(RUN2, seed=1)
    assert state.stacks == (40, 0, 98)  # seat 0 still has chips, seat 1 is all in, seat 2 folded
    assert state.street is Street.PREFLOP and state.board == ()
    assert state.agreement is not None and state.agreement.order == (1, 0)  # the folded seat 2 is not asked
    legal = state.legal_actions()
    assert (legal.seat, legal.runs, legal.fold, legal.check, legal.call, legal.wager) == (1, 2, False, False, 0, None)
    assert legal.actions == (RunIt(1), RunIt(2))
    state = state.apply(RunIt(2), seat=1)
    assert state.actor == 0 and state.agreement.choices == (2,)
    state = state.apply(RunIt(2), seat=0)
    assert state.is_over and state.result.runs == 2
    assert events_of(state, RunChosen) == [RunChosen(1, 2), RunChosen(0, 2)]


def test_two_runs_with_different_winners_golden():
    state = all_in_preflop(RUN2, deck=golden_two_runs_deck())
    state = play(state, (1, RunIt(2)), (0, RunIt(2)))
    assert state.boards == (cards(KINGS_FULL), cards(SIX_HIGH))
    assert state.result.boards == state.boards and state.board == cards(KINGS_FULL)
    # pot 122: 61 a run. Run 1: kings full, no low: seat 0 takes 61. Run 2: seat 1 has the straight (high 31,
    # the odd chip) and the only low (30): 61.
    assert parts_of(state) == [(0, 0, 61, {0: 61}), (0, 1, 61, {1: 61})]
    run1, run2 = state.result.pots
    assert run1.low_winners == () and set(run1.high_hand.cards) == set(cards("Kc Kd Ks 7h 7c"))
    assert run2.high_winners == (1,) and run2.low_winners == (1,)
    assert set(run2.high_hand.cards) == set(cards("2s 3d 4d 5d 6c"))
    assert set(run2.low_hand.cards) == set(cards("As 3d 2c 4d 5d"))
    assert sorted((e.pot, e.board, e.seat, e.amount, e.share) for e in events_of(state, PotAwarded)) == [
        (0, 0, 0, 61, "all"),
        (0, 1, 1, 61, "high and low"),
    ]
    assert state.stacks == (101, 61, 98)  # 40 back + 61; 61; 100 - 2
    assert state.result.net == (1, 1, -2)


def test_three_runs_golden():
    # heads-up, button 0 posts the small blind and moves all in for 50, seat 1 calls: pot 100 = 34 + 33 + 33
    deck = cash_deck(2, 0, {0: KINGS, 1: WHEEL_DRAW}, [KINGS_FULL, QUEENS_SPLIT, SIX_HIGH])
    state = play(start_hand(RUN3, (50, 50), 0, deck=deck), (0, Raise(50)), (1, Call()))
    assert state.agreement.order == (1, 0) and state.legal_actions().runs == 3
    state = play(state, (1, RunIt(3)), (0, RunIt(3)))
    assert state.result.runs == 3 and state.boards == (cards(KINGS_FULL), cards(QUEENS_SPLIT), cards(SIX_HIGH))
    # run 1 (34): seat 0, kings full, no low. Run 2 (33): high 17 to seat 0 (three queens), low 16 to seat 1
    # (8-5-4-2-A). Run 3 (33): seat 1 scoops with the straight and the low.
    assert parts_of(state) == [(0, 0, 34, {0: 34}), (0, 1, 33, {1: 16, 0: 17}), (0, 2, 33, {1: 33})]
    assert state.stacks == (51, 49)


def test_odd_chips_across_runs_go_to_the_first_runs():
    # button 0 all in for 50, the small blind folds its 1, the big blind calls all in: pot 101 = 34 + 34 + 33
    deck = cash_deck(3, 0, {0: KINGS, 2: WHEEL_DRAW}, [KINGS_FULL, SIX_HIGH, NINES_FULL])
    state = play(start_hand(RUN3, (50, 100, 50), 0, deck=deck), (0, Raise(50)), (1, Fold()), (2, Call()))
    assert state.agreement.order == (2, 0)
    state = play(state, (2, RunIt(3)), (0, RunIt(3)))
    # run 1 (34) seat 0: kings full. Run 2 (34) seat 2: straight and low. Run 3 (33) seat 2: nines full.
    assert parts_of(state) == [(0, 0, 34, {0: 34}), (0, 1, 34, {2: 34}), (0, 2, 33, {2: 33})]
    assert state.stacks == (34, 99, 67)


def test_each_run_is_split_high_low_on_its_own_one_with_a_low_one_without():
    # the same 101 pot run twice: 51 + 50
    deck = cash_deck(3, 0, {0: KINGS, 2: WHEEL_DRAW}, [QUEENS_SPLIT, NINES_FULL])
    state = play(start_hand(RUN2, (50, 100, 50), 0, deck=deck), (0, Raise(50)), (1, Fold()), (2, Call()))
    state = play(state, (2, RunIt(2)), (0, RunIt(2)))
    # run 1 (51): high 26 (the odd chip) to seat 0's three queens, low 25 to seat 2's 8-5-4-2-A.
    # run 2 (50): no low on 9 9 7 T 3, so all 50 to seat 2's nines full.
    assert parts_of(state) == [(0, 0, 51, {2: 25, 0: 26}), (0, 1, 50, {2: 50})]
    run1, run2 = state.result.pots
    assert run1.is_split and not run2.is_split and run2.low_hand is None
    assert state.stacks == (26, 99, 75)


def test_runs_deal_from_the_next_card_with_a_burn_before_each_street():
    deck = Deck.ordered(ALL_CARDS)  # 2c 2d 2h 2s 3c ...: card i is ALL_CARDS[i]
    state = play(all_in_preflop(RUN2, deck=deck), (1, RunIt(2)), (0, RunIt(2)))
    # 12 hole cards; run 1: burn 12, flop 13-15, burn 16, turn 17, burn 18, river 19;
    # run 2: burn 20, flop 21-23, burn 24, turn 25, burn 26, river 27
    at = ALL_CARDS.__getitem__
    assert state.boards == (tuple(map(at, (13, 14, 15, 17, 19))), tuple(map(at, (21, 22, 23, 25, 27))))
    assert [e.card for e in events_of(state, Burned)] == [at(i) for i in (12, 16, 18, 20, 24, 26)]
    dealt = [(e.street, e.board) for e in events_of(state, BoardDealt)]
    assert dealt == [
        (Street.FLOP, 0),
        (Street.TURN, 0),
        (Street.RIVER, 0),
        (Street.FLOP, 1),
        (Street.TURN, 1),
        (Street.RIVER, 1),
    ]


def test_all_in_on_the_flop_later_runs_share_the_flop_and_deal_turn_and_river():
    deck = Deck.ordered(ALL_CARDS)
    state = start_hand(RUN2, (100, 100, 100), 0, deck=deck)
    state = play(state, (0, Call()), (1, Call()), (2, Check()))  # to the flop
    state = play(state, (1, Bet(98)), (2, Call()), (0, Fold()))
    assert state.agreement.order == (1, 2) and state.board == tuple(ALL_CARDS[13:16])
    state = play(state, (1, RunIt(2)), (2, RunIt(2)))
    # run 1 as usual (turn 17, river 19); run 2 from card 20: burn 20, turn 21, burn 22, river 23
    at = ALL_CARDS.__getitem__
    assert state.boards == (tuple(map(at, (13, 14, 15, 17, 19))), tuple(map(at, (13, 14, 15, 21, 23))))
    assert [e.card for e in events_of(state, Burned)] == [at(i) for i in (12, 16, 18, 20, 22)]


def test_one_player_declining_runs_the_board_once():
    state = all_in_preflop(RUN2, deck=golden_two_runs_deck())
    state = state.apply(RunIt(1), seat=1)
    assert state.actor == 0  # the others are still asked
    state = state.apply(RunIt(2), seat=0)
    assert state.result.runs == 1 and state.boards == (cards(KINGS_FULL),)
    assert parts_of(state) == [(0, 0, 122, {0: 122})]  # one run: not divided
    assert state.stacks == (162, 0, 98)


def test_board_is_run_as_many_times_as_the_lowest_choice():
    deck = cash_deck(3, 0, {0: KINGS, 1: WHEEL_DRAW}, [KINGS_FULL, SIX_HIGH, NINES_FULL])
    state = play(all_in_preflop(RUN3, deck=deck), (1, RunIt(3)), (0, RunIt(2)))
    assert state.result.runs == 2 and state.boards == (cards(KINGS_FULL), cards(SIX_HIGH))


def test_running_it_more_times_than_on_offer_is_refused():
    state = all_in_preflop(RUN2, seed=1)
    with pytest.raises(IllegalAction, match="2 at most"):
        state.apply(RunIt(3))
    with pytest.raises(IllegalAction):
        RunIt(0)
    with pytest.raises(IllegalAction, match="cannot choose how many times"):
        start_hand(RUN2, (100, 100, 100), 0, seed=1).apply(RunIt(2))
    with pytest.raises(IllegalAction):
        state.apply(Check())


def test_ask_runs_false_runs_every_such_board_without_asking():
    rules = Rules(NoLimit(), blinds=(1, 2), runs=2, ask_runs=False)
    state = all_in_preflop(rules, deck=golden_two_runs_deck())
    assert state.is_over and state.agreement is None and not events_of(state, RunChosen)
    assert state.result.runs == 2 and state.boards == (cards(KINGS_FULL), cards(SIX_HIGH))
    assert state.stacks == (101, 61, 98)  # as when both agreed: see the golden hand above
    three = all_in_preflop(Rules(NoLimit(), blinds=(1, 2), runs=3, ask_runs=False), seed=2)
    assert three.result.runs == 3 and len(three.boards) == 3


def test_no_question_when_the_deck_cannot_deal_another_run():
    # 10 players all in preflop: 40 hole cards + 8 for the first run leave 4 cards, fewer than a run's 8
    state = start_hand(RUN2, (2,) * 10, 0, seed=4)
    while not state.is_over:
        state = state.apply(Call())
    assert state.result.runs == 1 and len(state.boards) == 1 and not events_of(state, RunChosen)


def test_fewer_runs_on_offer_when_the_deck_is_short():
    # 8 players all in preflop: 32 + 8 = 40 cards, 12 left: one more run of 8, so 2 on offer, not 3
    state = start_hand(RUN3, (2,) * 8, 0, seed=4)
    while state.agreement is None:
        state = state.apply(Call())
    assert state.agreement.most == 2 and state.legal_actions().runs == 2
    # 10 players all in on the turn: 48 cards for the first run, 4 left, and a run is a burn and a river: 3
    state = start_hand(RUN3, (100,) * 10, 0, seed=4)
    while state.street < Street.TURN:
        state = state.apply(Check() if state.legal_actions().check else Call())
    state = state.apply(Bet(98))
    while state.agreement is None:
        state = state.apply(Call())
    assert state.legal_actions().runs == 3
    for _ in range(10):
        state = state.apply(RunIt(3))
    assert len(state.boards) == 3 and len({card for board in state.boards for card in board}) == 4 + 3


def test_no_question_on_the_river_or_while_two_players_can_still_bet():
    state = start_hand(RUN2, (100, 100, 100), 0, seed=1)
    state = play(state, (0, Call()), (1, Call()), (2, Check()))
    for _ in range(2):
        state = play(state, (1, Check()), (2, Check()), (0, Check()))
    assert state.street is Street.RIVER
    state = play(state, (1, Bet(98)), (2, Call()), (0, Call()))
    assert state.is_over and state.result.runs == 1 and not events_of(state, RunChosen)
    # one player all in preflop, two with chips behind: the flop is bet as usual
    state = play(start_hand(RUN2, (100, 50, 100), 0, seed=1), (0, Raise(50)), (1, Call()), (2, Call()))
    assert state.street is Street.FLOP and state.agreement is None and state.actor == 2


def test_question_when_everyone_is_all_in_from_the_blinds():
    state = start_hand(RUN2, (1, 2), 0, seed=1)  # heads-up: both all in on the blinds
    assert state.agreement is not None and state.agreement.order == (1, 0) and state.actor == 1


def test_rake_is_taken_from_the_whole_pot_before_it_is_divided_between_runs():
    rules = Rules(NoLimit(), blinds=(1, 2), runs=2, rake=Rake(10, cap=5))
    state = play(all_in_preflop(rules, deck=golden_two_runs_deck()), (1, RunIt(2)), (0, RunIt(2)))
    # 10% of 122 is 12, capped at 5; 117 left: 59 + 58, the rake recorded on the first part
    assert state.result.rake == 5
    assert [(p.board, p.amount, p.rake) for p in state.result.pots] == [(0, 59, 5), (1, 58, 0)]
    assert state.stacks == (99, 58, 98)


def test_a_pot_with_one_claimant_is_not_divided_between_runs():
    # seat 0 all in for 20; seats 1 and 2 call 20; on the flop seat 1 bets 50 and seat 2 folds: the side pot's
    # 50 goes back, and the main pot (60) is shared by seats 0 and 1
    state = start_hand(RUN2, (20, 100, 100), 0, seed=5)
    state = play(state, (0, Raise(20)), (1, Call()), (2, Call()), (1, Bet(50)), (2, Fold()))
    assert state.agreement.order == (1, 0)
    state = play(state, (1, RunIt(2)), (0, RunIt(2)))
    assert [(p.pot, p.board, p.amount) for p in state.result.pots] == [(0, 0, 30), (0, 1, 30)]
    # now the side pot has one claimant: seat 0 all in for 10, seats 1 and 2 put in 30, seat 2 then folds
    state = start_hand(RUN2, (10, 100, 100), 0, seed=5)
    state = play(state, (0, Raise(10)), (1, Raise(30)), (2, Call()), (1, Bet(20)), (2, Fold()))
    state = play(state, (1, RunIt(2)), (0, RunIt(2)))
    # main pot 3 x 10 = 30 for seats 0 and 1, two parts of 15; side pot 2 x 20 = 40, seat 1's alone
    assert [(p.pot, p.board, p.amount, p.eligible) for p in state.result.pots] == [
        (0, 0, 15, (0, 1)),
        (0, 1, 15, (0, 1)),
        (1, 0, 40, (1,)),
    ]
    assert state.result.pots[2].payouts == ((1, 40),)


def test_a_timed_out_player_declines_more_runs():
    state = all_in_preflop(RUN2, deck=golden_two_runs_deck())
    legal = state.legal_actions()
    assert legal.default == RunIt(1) and fault_action(legal) == RunIt(1)
    state = state.apply(legal.default)
    state = state.apply(state.legal_actions().default)
    assert state.result.runs == 1


def test_bots_choose_runs_random_picks_at_random_caller_and_hilo_pick_the_most():
    state = all_in_preflop(RUN3, seed=1)
    view = state.view(state.actor)
    assert CallingStation().act(view) == RunIt(3)
    assert HiLoBot().act(view) == RunIt(3)
    picks = {RandomBot(seed=seed).act(view) for seed in range(40)}
    assert picks == {RunIt(1), RunIt(2), RunIt(3)}


def test_golden_straddle_side_pots_run_twice_hi_lo():
    holes = {
        0: "As 2d Jc Jd",
        1: "Kc Kd Qs Qh",
        2: "Ah 3h 9c 9d",
        3: "Tc Ts 8s 7s",
    }
    # run 1 Ks 4c 6d Th 8h: seat 1 three kings, seat 3 three tens, seat 2 a pair of nines, seat 0 jacks;
    #   lows: seat 0 8-6-4-2-A, seat 2 8-6-4-3-A (worse), seats 1 and 3 none (7s 8s pair the board's 8)
    # run 2 9h 9s 2h Qc Jh: seat 2 four nines beats everything; only one card of 8 or below: no low
    deck = cash_deck(4, 0, holes, ["Ks 4c 6d Th 8h", "9h 9s 2h Qc Jh"])
    posts = standard_posts(NL, 4, 0, straddles=(4,))
    state = start_hand(RUN2, (30, 60, 100, 100), 0, deck=deck, posts=posts)
    assert state.actor == 0  # left of the straddler (seat 3)
    state = play(state, (0, Raise(30)), (1, Raise(60)), (2, Raise(100)), (3, Call()))
    assert state.agreement.order == (1, 2, 3, 0)
    state = play(state, (1, RunIt(2)), (2, RunIt(2)), (3, RunIt(2)), (0, RunIt(2)))
    # contributions 30, 60, 100, 100: main 4 x 30 = 120, side 1 3 x 30 = 90 (seats 1-3), side 2 2 x 40 = 80
    # (seats 2, 3); each halved between the runs: 60 + 60, 45 + 45, 40 + 40
    assert parts_of(state) == [
        (0, 0, 60, {1: 30, 0: 30}),  # run 1: high seat 1, low seat 0
        (0, 1, 60, {2: 60}),
        (1, 0, 45, {1: 23, 2: 22}),  # run 1: high seat 1 (23, the odd chip), low seat 2, the best low of 1-3
        (1, 1, 45, {2: 45}),
        (2, 0, 40, {2: 20, 3: 20}),  # run 1: high seat 3's tens over seat 2's nines, low seat 2
        (2, 1, 40, {2: 40}),
    ]
    assert state.stacks == (30, 53, 187, 20)
    assert sum(state.stacks) == 290


# --- double boards -----------------------------------------------------------------------------------------


def test_max_players_shrinks_with_a_double_board():
    assert Rules(PotLimit(), boards=2).max_players == 9  # 9 x 4 + 3 burns + 10 = 49; 10 players need 53
    assert Rules(PotLimit(), boards=2, hole_cards=5).max_players == 7  # 7 x 5 + 13 = 48; 8 need 53
    with pytest.raises(RulesError, match="2 to 9 players"):
        start_hand(Rules(PotLimit(), boards=2), (100,) * 10, 0, seed=1)
    with pytest.raises(RulesError):
        Rules(PotLimit(), boards=3)


def test_board_positions_burn_once_per_street_then_each_board():
    assert board_positions(3, 4) == ((13, 14, 15, 17, 19),)
    assert board_positions(3, 4, 2) == ((13, 14, 15, 20, 23), (16, 17, 18, 21, 24))


def test_double_board_every_street_burned_once_then_dealt_to_board_one_then_board_two():
    state = check_down(
        start_hand(Rules(PotLimit(), blinds=(1, 2), boards=2), (100,) * 3, 0, deck=Deck.ordered(ALL_CARDS))
    )
    at = ALL_CARDS.__getitem__
    assert state.boards == (tuple(map(at, (13, 14, 15, 20, 23))), tuple(map(at, (16, 17, 18, 21, 24))))
    assert [e.card for e in events_of(state, Burned)] == [at(12), at(19), at(22)]
    assert [(e.street, e.board) for e in events_of(state, BoardDealt)] == [
        (Street.FLOP, 0),
        (Street.FLOP, 1),
        (Street.TURN, 0),
        (Street.TURN, 1),
        (Street.RIVER, 0),
        (Street.RIVER, 1),
    ]
    assert state.result.runs == 1 and state.result.boards == state.boards


DOUBLE = Rules(PotLimit(), blinds=(1, 2), boards=2)
DOUBLE_HOLES = {0: KINGS, 1: "Tc Td 9h 8h", 2: WHEEL_DRAW}
# board 1 Th 7d 7c Qh 4s: seat 1 tens full (Tc Td Th 7d 7c); seat 0 two pair; only 7 and 4 are low: no low
# board 2 Ks 5h 6h 8d 2c: seat 0 three kings; seat 2 low 6-5-3-2-A (As 3d 2c 5h 6h), the only low
DOUBLE_BOARDS = ["Th 7d 7c Qh 4s", "Ks 5h 6h 8d 2c"]


def test_double_board_each_board_split_on_its_own_one_without_a_low():
    deck = cash_deck(3, 0, DOUBLE_HOLES, DOUBLE_BOARDS, per_run=2)
    state = start_hand(DOUBLE, (100,) * 3, 0, deck=deck)
    state = check_down(play(state, (0, Raise(7)), (1, Call()), (2, Call())))  # a pot raise to 7: pot 21
    assert state.boards == tuple(map(cards, DOUBLE_BOARDS))
    # board 1 gets 11 (the odd chip), all to seat 1; board 2 gets 10: high 5 to seat 0, low 5 to seat 2
    assert parts_of(state) == [(0, 0, 11, {1: 11}), (0, 1, 10, {2: 5, 0: 5})]
    assert state.stacks == (98, 104, 98)
    assert sorted((e.board, e.seat, e.amount, e.share) for e in events_of(state, PotAwarded)) == [
        (0, 1, 11, "all"),
        (1, 0, 5, "high"),
        (1, 2, 5, "low"),
    ]


def test_odd_chip_across_boards_goes_to_board_one():
    deck = cash_deck(3, 0, {0: KINGS, 2: WHEEL_DRAW}, [KINGS_FULL, SIX_HIGH], per_run=2)
    state = start_hand(DOUBLE, (100,) * 3, 0, deck=deck)
    state = check_down(play(state, (0, Call()), (1, Fold()), (2, Check())))
    # pot 2 + 2 + 1 = 5: board 1 gets 3 (seat 0, kings full), board 2 gets 2 (seat 2, straight and low)
    assert parts_of(state) == [(0, 0, 3, {0: 3}), (0, 1, 2, {2: 2})]
    assert state.stacks == (101, 99, 100)


def test_double_board_showdown_won_by_folds_is_not_divided():
    state = start_hand(DOUBLE, (100,) * 3, 0, seed=3)
    state = play(state, (0, Call()), (1, Call()), (2, Check()), (1, Bet(6)), (2, Fold()), (0, Fold()))
    assert parts_of(state) == [(0, 0, 6, {1: 6})] and not state.result.showdown


# --- bomb pots ----------------------------------------------------------------------------------------------


def test_bomb_pot_everyone_antes_no_preflop_betting_first_to_act_left_of_the_button():
    state = start_hand(PL, (100,) * 4, 2, seed=1, bomb_pot=5)
    assert events_of(state, Posted) == [Posted(seat, "ante", 5, False) for seat in (3, 0, 1, 2)]
    assert state.street is Street.FLOP and len(state.board) == 3
    assert state.actor == 3 and state.bets == (0, 0, 0, 0) and state.pot_total == 20
    legal = state.legal_actions()
    assert (legal.check, legal.wager, legal.min_to, legal.max_to) == (True, "bet", 2, 20)  # a pot bet: 20
    assert not events_of(state, Acted)  # nobody acted before the flop
    state = play(state, (3, Check()), (0, Check()), (1, Check()), (2, Check()))
    assert state.street is Street.TURN and state.actor == 3


def test_bomb_pot_replaces_antes_and_blinds_and_skips_an_all_in_player():
    rules = Rules(NoLimit(), blinds=(1, 2), ante=1)
    state = start_hand(rules, (3, 100, 100), 0, seed=1, bomb_pot=5)
    assert [(e.seat, e.kind, e.amount, e.all_in) for e in events_of(state, Posted)] == [
        (1, "ante", 5, False),
        (2, "ante", 5, False),
        (0, "ante", 3, True),
    ]
    assert state.street is Street.FLOP and state.actor == 1
    heads_up = start_hand(NL, (100, 100), 1, seed=1, bomb_pot=4)
    assert heads_up.street is Street.FLOP and heads_up.actor == 0  # left of the button


def test_bomb_pot_with_posts_is_refused():
    with pytest.raises(RulesError, match="not both"):
        start_hand(NL, (100,) * 3, 0, seed=1, bomb_pot=5, posts=standard_posts(NL, 3, 0))
    with pytest.raises(RulesError):
        start_hand(NL, (100,) * 3, 0, seed=1, bomb_pot=-1)


def test_bomb_pot_on_a_double_board_golden():
    deck = cash_deck(3, 0, DOUBLE_HOLES, DOUBLE_BOARDS, per_run=2)
    state = start_hand(DOUBLE, (100,) * 3, 0, deck=deck, bomb_pot=10)
    assert state.street is Street.FLOP and state.boards == (cards("Th 7d 7c"), cards("Ks 5h 6h"))
    state = check_down(state)
    # pot 30: 15 a board. Board 1: seat 1 (tens full), no low. Board 2: high 8 to seat 0, low 7 to seat 2.
    assert parts_of(state) == [(0, 0, 15, {1: 15}), (0, 1, 15, {2: 7, 0: 8})]
    assert state.stacks == (98, 105, 97)


def test_bomb_pot_all_in_on_the_antes_is_asked_to_run_it_twice():
    rules = Rules(NoLimit(), blinds=(1, 2), runs=2)
    state = start_hand(rules, (5, 5, 5), 0, seed=1, bomb_pot=5)
    assert state.agreement is not None and state.agreement.order == (1, 2, 0) and state.board == ()
    state = play(state, (1, RunIt(2)), (2, RunIt(2)), (0, RunIt(2)))
    assert state.result.runs == 2 and sum(state.stacks) == 15


# --- running it twice on a double board ----------------------------------------------------------------------


def test_run_twice_on_a_double_board_deals_both_boards_each_run():
    rules = Rules(NoLimit(), blinds=(1, 2), boards=2, runs=2)
    state = play(start_hand(rules, (51, 51), 0, deck=Deck.ordered(ALL_CARDS)), (0, Raise(51)), (1, Call()))
    state = play(state, (1, RunIt(2)), (0, RunIt(2)))
    # 8 hole cards; run 1: burn 8, flops 9-11 and 12-14, burn 15, turns 16 and 17, burn 18, rivers 19 and 20;
    # run 2 from card 21: burn 21, flops 22-24 and 25-27, burn 28, turns 29 and 30, burn 31, rivers 32 and 33
    at = ALL_CARDS.__getitem__
    assert state.boards == tuple(
        tuple(map(at, places))
        for places in ((9, 10, 11, 16, 19), (12, 13, 14, 17, 20), (22, 23, 24, 29, 32), (25, 26, 27, 30, 33))
    )
    assert [e.card for e in events_of(state, Burned)] == [at(i) for i in (8, 15, 18, 21, 28, 31)]
    assert [e.board for e in events_of(state, BoardDealt)] == [0, 1, 0, 1, 0, 1, 2, 3, 2, 3, 2, 3]


def test_run_twice_on_a_double_board_divides_by_runs_first_then_by_boards():
    rules = Rules(NoLimit(), blinds=(1, 2), boards=2, runs=2)
    boards = [
        KINGS_FULL,
        SIX_HIGH,  # run 1: board 1 seat 0, board 2 seat 1
        "Kh 8s 8d Th 3h",  # run 2 board 1: seat 0 kings full of eights; seat 1 two pair; 8 and 3: no low
        "5h 6h 4s Qc 8c",
    ]  # run 2 board 2: seat 1 a six-high straight and low 6-5-4-2-A; seat 0 a pair
    deck = cash_deck(2, 0, {0: KINGS, 1: WHEEL_DRAW}, boards, per_run=2)
    state = play(start_hand(rules, (51, 51), 0, deck=deck), (0, Raise(51)), (1, Call()))
    state = play(state, (1, RunIt(2)), (0, RunIt(2)))
    assert state.boards == tuple(map(cards, boards)) and state.result.runs == 2
    # pot 102: 51 a run, then 26 + 25 a board (boards first would give 51 a board: 26 + 25 a run)
    assert parts_of(state) == [(0, 0, 26, {0: 26}), (0, 1, 25, {1: 25}), (0, 2, 26, {0: 26}), (0, 3, 25, {1: 25})]
    assert state.stacks == (52, 50)


# --- histories and JSON ---------------------------------------------------------------------------------------


def run_twice_hand() -> HandState:
    return play(all_in_preflop(RUN2, deck=golden_two_runs_deck()), (1, RunIt(2)), (0, RunIt(2)))


def double_board_hand() -> HandState:
    return check_down(start_hand(DOUBLE, (100,) * 3, 0, seed=2))


def bomb_pot_hand() -> HandState:
    return check_down(start_hand(PL, (100,) * 3, 0, seed=2, bomb_pot=5))


@pytest.mark.parametrize(
    "make", [run_twice_hand, double_board_hand, bomb_pot_hand], ids=["run twice", "double board", "bomb pot"]
)
def test_history_writers_refuse_multi_board_and_bomb_pot_hands(make):
    state = make()
    with pytest.raises(HistoryError, match="cannot be written"):
        state_to_record(state)
    with pytest.raises(HistoryError, match="cannot be written"):
        write_phh(state)
    with pytest.raises(HistoryError, match="cannot be written"):
        write_pokerstars_state(state)


def test_history_writers_write_a_straddled_hand():
    state = start_hand(NL, (100,) * 5, 0, seed=4, posts=standard_posts(NL, 5, 0, straddles=(4,)))
    state = check_down(state)
    assert "blinds_or_straddles = [1, 2, 4, 0, 0]" in write_phh(state)
    assert "posts straddle 4" in write_pokerstars_state(state)


def test_history_writers_write_a_hand_where_a_run_was_declined_as_an_ordinary_hand():
    state = play(all_in_preflop(RUN2, seed=3), (1, RunIt(1)), (0, RunIt(2)))
    assert len(state.boards) == 1
    for text, read in ((write_phh(state), read_phh), (write_pokerstars_state(state), read_pokerstars)):
        (record,) = read(text)
        assert not isinstance(record, HistoryError)
        report = replay(record)
        assert report.ok and report.state is not None
        # (PokerStars text may seat the players in another order: compare the stacks as a multiset.)
        assert sorted(report.state.stacks) == sorted(state.stacks) and report.state.board == state.board


def test_history_writers_refuse_a_hand_waiting_for_the_run_question():
    with pytest.raises(HistoryError, match="choose how many times"):
        write_phh(all_in_preflop(RUN2, seed=3))


def json_states() -> list[HandState]:
    asked = all_in_preflop(RUN2, deck=golden_two_runs_deck())
    straddled = start_hand(NL, (100,) * 6, 0, seed=1, posts=standard_posts(NL, 6, 0, straddles=(4, 8)))
    bomb = start_hand(DOUBLE, (100,) * 3, 0, seed=2, bomb_pot=5)
    return [
        asked,
        asked.apply(RunIt(2)),
        run_twice_hand(),
        double_board_hand(),
        bomb,
        check_down(bomb),
        straddled,
        check_down(straddled),
    ]


def test_json_round_trips_hands_with_cash_features():
    for state in json_states():
        text = to_json(state)
        back = from_json(text, HandState)
        assert back == state and back.boards == state.boards and back.agreement == state.agreement
        assert back.events == state.events and back.result == state.result
        assert to_json(back) == text
        if state.result is not None:
            assert from_json(to_json(state.result), HandResult) == state.result
        for event in state.events:
            assert from_json(to_json(event)) == event
    assert from_json(to_json(all_in_preflop(RUN2, seed=1).legal_actions())).runs == 2


def test_json_writes_and_reads_a_run_it_action():
    assert from_json(to_json(RunIt(2))) == RunIt(2)


# --- a property over random play with every feature on --------------------------------------------------------


@st.composite
def cash_hands(draw: st.DrawFn) -> HandState:
    betting = draw(st.sampled_from([FixedLimit(2, 4), PotLimit(), NoLimit()]))
    rules = Rules(
        betting,
        blinds=(1, 2),
        hole_cards=draw(st.sampled_from([4, 4, 5])),
        hi_lo=draw(st.sampled_from([True, True, False])),
        rake=draw(st.sampled_from([None, Rake(5, cap=3)])),
        showdown=draw(st.sampled_from(list(ShowdownPolicy)[:3])),
        boards=draw(st.sampled_from([1, 2])),
        runs=draw(st.sampled_from([1, 2, 3])),
        ask_runs=draw(st.booleans()),
    )
    players = draw(st.integers(2, rules.max_players))
    stacks = draw(st.lists(st.integers(1, 120), min_size=players, max_size=players))
    button = draw(st.integers(0, players - 1))
    seed = draw(st.integers(0, 2**32))
    kind = draw(st.sampled_from(["blinds", "straddles", "mississippi", "bomb pot"]))
    if kind == "bomb pot":
        return start_hand(rules, stacks, button, seed=seed, bomb_pot=draw(st.integers(1, 10)))
    step = (lambda level: level + 2) if isinstance(betting, FixedLimit) else (lambda level: 2 * level)
    if kind == "straddles" and players > 2:
        amounts, level = [], 2
        for _ in range(draw(st.integers(1, players - 2))):
            level = step(level)
            amounts.append(level)
        posts = standard_posts(rules, players, button, straddles=amounts)
    elif kind == "mississippi" and players > 2:
        posts = standard_posts(rules, players, button, button_straddle=step(2))
    else:
        posts = standard_posts(rules, players, button)
    return start_hand(rules, stacks, button, seed=seed, posts=posts)


@given(cash_hands(), st.data())
def test_random_play_with_cash_features_keeps_chips_cards_and_pots_straight(state: HandState, data: st.DataObject):
    total = sum(state.starting_stacks)
    while not state.is_over:
        state = state.apply(data.draw(st.sampled_from(choices(state))))
        if not state.is_over:
            assert sum(state.stacks) + state.pot_total == total
    result = state.result
    assert sum(state.stacks) + result.rake == total
    rules = state.rules
    # every card dealt once: hole cards, burns and board cards
    dealt = [card for event in state.events if isinstance(event, HoleDealt) for card in event.cards]
    dealt += [event.card for event in state.events if isinstance(event, Burned)]
    dealt += [card for event in state.events if isinstance(event, BoardDealt) for card in event.cards]
    assert len(dealt) == len(set(dealt))
    assert result.boards == state.boards and len(state.boards) == result.runs * rules.boards
    assert 1 <= result.runs <= rules.runs
    for board in state.boards:
        assert set(board) <= set(dealt)
        if result.showdown:
            assert len(board) == len(set(board)) == 5
    if result.runs > 1:  # later runs share the streets dealt before the run-out, and differ after
        first = state.boards[: rules.boards]
        for index, board in enumerate(state.boards[rules.boards :]):
            shared = first[index % rules.boards]
            common = next((i for i in range(5) if board[i] != shared[i]), 5)
            assert common in (0, 3, 4) and not set(board[common:]) & set(shared[common:])
    # each pot's parts add up to that pot; a pot is divided only among two or more claimants
    before = [chips - result.won(seat) for seat, chips in enumerate(state.stacks)]
    pots = build_pots(state.contributed, [not f for f in state.folded], [not chips for chips in before])
    assert sum(p.amount for p in pots) == sum(state.contributed)
    for index, pot in enumerate(pots):
        parts = [p for p in result.pots if p.pot == index]
        assert sum(p.amount + p.rake for p in parts) == pot.amount
        assert all(p.rake == 0 for p in parts[1:])
        claimants = [s for s in pot.eligible if not state.mucked[s]]
        if result.showdown and len(claimants) > 1:
            assert [p.board for p in parts] == list(range(len(state.boards)))
            amounts = [p.amount for p in parts]
            assert max(amounts) - min(amounts) <= 1  # even shares, but for the odd chips
        else:
            assert len(parts) == 1
