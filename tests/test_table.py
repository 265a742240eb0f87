"""The table: the moving button over many hands with players joining, leaving, sitting out and busting;
waiting for (or posting) the big blind; heads-up transitions; Mixed Omaha and tournament schedules."""

from __future__ import annotations

import random

import attrs
import pytest
from helpers import LIMIT, NO_LIMIT, POT_LIMIT, deck_for, fold_around, seated
from hypothesis import given, settings
from hypothesis import strategies as st
from random_play import play_randomly

from engine import (
    Call,
    Check,
    FixedLimit,
    Fold,
    HandState,
    Level,
    MixedOmaha,
    NoLimit,
    Player,
    PotLimit,
    Raise,
    Rules,
    Table,
    TableError,
    TournamentSchedule,
)
from engine.rules import Post


def blinds_of(table: Table, state: HandState) -> dict[str, int]:
    """The table seat of each forced bet of the hand in play, by kind."""
    return {post.kind: table.table_seat(post.seat) for post in state.setup.posts}


def check_down(state: HandState) -> HandState:
    while not state.is_over:
        legal = state.legal_actions()
        state = state.apply(Check() if legal.check else Call())
    return state


# --- a long session: the button and blinds follow the rules whatever happens ---------------------------------


def in_game(table: Table) -> list[int]:
    return [s for s, p in table.players if not p.sitting_out and not p.waiting and not p.leaving]


def clockwise_after(table: Table, seat: int, candidates: list[int], inclusive: bool = False) -> int | None:
    n = len(table.seats)
    for step in range(0 if inclusive else 1, n + (1 if not inclusive else 0)):
        if (seat + step) % n in candidates:
            return (seat + step) % n
    return None


def check_deal(before: Table, table: Table, state: HandState) -> None:
    """The rules of docs/server-guide.md for one deal."""
    seats = table.hand_seats
    assert list(seats) == sorted(seats) and len(seats) == state.players >= 2
    ready = [s for s, p in before.players if not p.sitting_out and not p.leaving]
    active = [s for s in ready if not before.seats[s].waiting]  # type: ignore[union-attr]
    assert set(seats) <= set(ready)
    if len(active) >= 2:
        assert set(active) <= set(seats), "every player in the game is dealt in"
        assert table.button == clockwise_after(before, before.button, active, inclusive=True)
    else:
        assert set(seats) == set(ready), "with no game going nobody waits"
    assert state.button == seats.index(table.button)
    posts = blinds_of(table, state)
    if len(state.rules.blinds) == 1:
        assert posts["big blind"] == clockwise_after(table, table.button, list(seats))
    elif state.players == 2:
        assert posts["small blind"] == table.button
    else:
        assert posts["small blind"] == clockwise_after(table, table.button, list(seats))
        assert posts["big blind"] == clockwise_after(table, posts["small blind"], list(seats))
    # A waiting player is dealt in only in the big blind, or posting: what they owe when they chose to post
    # their missed blinds, a live blind when new players post.
    small, big = state.rules.blinds if len(state.rules.blinds) == 2 else (0, state.rules.big_blind)
    for seat in seats:
        player = before.seats[seat]
        assert player is not None
        if player.waiting and len(active) >= 2 and seat != posts["big blind"]:
            paid = [
                (p.kind, p.amount)
                for p in state.setup.posts
                if table.table_seat(p.seat) == seat and p.kind in ("live blind", "dead blind")
            ]
            if player.owes:
                assert player.post_missed
                assert paid == [("live blind", big)] * player.owes_big + [("dead blind", small)] * player.owes_small
            else:
                assert before.new_player_posts and paid == [("live blind", big)]
    # Missed blinds: being dealt in pays the debt; a seat the blinds pass owes them (unless its player is new,
    # never dealt in); debts only grow until paid.
    n = len(table.seats)

    def passed(kind: str) -> set[int]:
        return {(table.button + step) % n for step in range(1, (posts[kind] - table.button) % n + 1)}

    passed_small = passed("small blind") if small else set()
    passed_big = passed("big blind") - (passed("small blind") if "small blind" in posts else set())
    for seat, player in table.players:
        if seat in seats:
            assert not (player.waiting or player.owes or player.post_missed)
            continue
        old = before.seats[seat]
        assert old is not None
        new = old.waiting and not old.owes
        assert player.owes_big == (old.owes_big or (not new and seat in passed_big))
        assert player.owes_small == (old.owes_small or (not new and seat in (passed_small | passed_big) and small > 0))
        assert player.waiting == (old.waiting or player.owes)


def check_finish(before: Table, table: Table, state: HandState) -> None:
    hand = before.hand
    assert hand is not None and table.hand is None
    assert table.hands_played == before.hands_played + 1
    expected = clockwise_after(table, hand.button, in_game(table))
    assert table.button == (expected if expected is not None else hand.button)
    for hand_seat, seat in enumerate(hand.seats):
        player = table.seats[seat]
        if state.stacks[hand_seat] == 0:
            assert player is None and any(d.seat == seat and d.reason == "busted" for d in table.departed)
        elif before.seats[seat].leaving:  # type: ignore[union-attr]
            assert player is None and any(d.seat == seat and d.reason == "left" for d in table.departed)
        else:
            assert player is not None and player.stack == state.stacks[hand_seat]


def run_session(seed: int, hands: int, new_player_posts: bool) -> None:
    rng = random.Random(seed)
    game = rng.choice([LIMIT, LIMIT, POT_LIMIT, NO_LIMIT, Rules(FixedLimit(2, 4), blinds=(2,), ante=1)])
    table = Table.new(game, rng.randint(2, 10), new_player_posts=new_player_posts)
    names = iter(f"n{i}" for i in range(10_000))
    chips_in = 0
    chips_out = 0
    played = 0
    for _ in range(hands * 3):
        if played >= hands:
            break
        # Between hands: people come and go.
        for _ in range(rng.randint(0, 3)):
            empty = [s for s, p in enumerate(table.seats) if p is None]
            occupied = [s for s, _ in table.players]
            roll = rng.random()
            if empty and (roll < 0.45 or len(occupied) < 2):
                stack = rng.randint(5, 80)
                table = table.join(rng.choice(empty), next(names), stack)
                chips_in += stack
            elif occupied and roll < 0.52:
                seat = rng.choice(occupied)
                table = table.leave(seat)  # counted when the departures are taken, after the hand
            elif occupied and roll < 0.62:
                seat = rng.choice(occupied)
                if table.seats[seat].sitting_out:  # type: ignore[union-attr]
                    with pytest.raises(TableError, match="already sitting out"):
                        table.sit_out(seat)
                else:
                    table = table.sit_out(seat)
            elif occupied and roll < 0.9:
                seat = rng.choice(occupied)
                player = table.seats[seat]
                assert player is not None
                post = player.owes and rng.random() < 0.5
                if player.sitting_out or post != player.post_missed:
                    table = table.come_back(seat, post_missed=post)
                else:
                    with pytest.raises(TableError, match="not sitting out or leaving"):
                        table.come_back(seat, post_missed=post)
            elif occupied:
                amount = rng.randint(1, 20)
                table = table.add_chips(rng.choice(occupied), amount)
                chips_in += amount
        try:
            table.next_deal()
        except TableError:
            sitting = [s for s, p in table.players if p.sitting_out]
            if sitting:
                table = table.come_back(rng.choice(sitting))
            continue
        table.check_chips()
        before = table
        table, state = table.start_next_hand(seed=rng.getrandbits(32))
        check_deal(before, table, state)
        # During the hand: someone may ask to leave or sit out; it takes effect afterwards.
        if rng.random() < 0.2:
            seat = rng.choice(table.hand_seats)
            if rng.random() < 0.5:
                table = table.leave(seat)
            elif not table.seats[seat].sitting_out:  # type: ignore[union-attr]
                table = table.sit_out(seat)
            assert table.seats[seat] is not None
        state = play_randomly(state, rng, aggression=0.08)
        before = table
        table = table.finish_hand(state)
        check_finish(before, table, state)
        table, departures = table.take_departures()  # every one, between hands and in the hand, exactly once
        chips_out += sum(d.player.stack for d in departures)
        played += 1
        assert state.result is not None and state.result.rake == 0
        assert sum(p.stack for _, p in table.players) + chips_out == chips_in
        assert (table.bought_in, table.cashed_out) == (chips_in, chips_out)
        table.check_chips()


@given(st.integers(0, 2**32), st.booleans())
@settings(max_examples=40)
def test_button_and_blinds_over_a_random_session(seed: int, new_player_posts: bool) -> None:
    run_session(seed, hands=40, new_player_posts=new_player_posts)


def test_a_long_session_with_busts() -> None:
    for seed in range(5):
        run_session(seed, hands=200, new_player_posts=seed % 2 == 1)


def test_the_button_goes_round_a_full_table() -> None:
    table = seated(LIMIT, 6, {s: 100 for s in range(6)})
    buttons = []
    for hand in range(13):
        table, state = table.start_next_hand(seed=hand)
        buttons.append(table.button)
        assert blinds_of(table, state) == {"small blind": (table.button + 1) % 6, "big blind": (table.button + 2) % 6}
        table = table.finish_hand(fold_around(state))
    assert buttons == [0, 1, 2, 3, 4, 5, 0, 1, 2, 3, 4, 5, 0]


def test_the_button_skips_empty_and_sitting_out_seats() -> None:
    table = seated(LIMIT, 9, {1: 100, 4: 100, 5: 100, 8: 100}, button=2)
    table, state = table.start_next_hand(seed=1)
    assert table.button == 4 and table.hand_seats == (1, 4, 5, 8)
    assert blinds_of(table, state) == {"small blind": 5, "big blind": 8}
    table = table.sit_out(5)  # during the hand: plays on, out from the next
    table = table.finish_hand(fold_around(state))
    assert table.button == 8  # seat 5 is sitting out, so the button passes it
    table, state = table.start_next_hand(seed=2)
    assert table.hand_seats == (1, 4, 8)
    assert blinds_of(table, state) == {"small blind": 1, "big blind": 4}


# --- new players -----------------------------------------------------------------------------------------------


def test_a_new_player_waits_for_the_big_blind() -> None:
    table = seated(LIMIT, 6, {0: 100, 2: 100, 4: 100})
    table, state = table.start_next_hand(seed=1)  # button 0, blinds 2 and 4
    table = table.join(1, "late", 100)  # joins during the hand, between the button and the small blind
    table = table.finish_hand(fold_around(state))
    dealt = []
    for hand in range(4):
        table, state = table.start_next_hand(seed=hand)
        dealt.append((table.button, table.hand_seats, blinds_of(table, state)))
        table = table.finish_hand(fold_around(state))
    assert dealt == [
        (2, (0, 2, 4), {"small blind": 4, "big blind": 0}),  # seat 1 sat between the button and the small blind
        (4, (0, 1, 2, 4), {"small blind": 0, "big blind": 1}),  # the big blind reaches seat 1: dealt in
        (0, (0, 1, 2, 4), {"small blind": 1, "big blind": 2}),
        (1, (0, 1, 2, 4), {"small blind": 2, "big blind": 4}),
    ]
    # The rule, checked directly: the late player's first hand has them in the big blind.
    table = seated(LIMIT, 6, {0: 100, 2: 100, 4: 100})
    table, state = table.start_next_hand(seed=1)
    table = table.finish_hand(fold_around(state))
    table = table.join(3, "late", 100)  # button now on 2: small blind 4, big blind would be 0
    table, state = table.start_next_hand(seed=2)
    assert table.button == 2 and table.hand_seats == (0, 2, 4)  # seat 3 sits between button and small blind
    table = table.finish_hand(fold_around(state))
    table, state = table.start_next_hand(seed=3)  # button 4: small blind 0, big blind 2; seat 3 waits
    assert table.button == 4 and table.hand_seats == (0, 2, 4)
    table = table.finish_hand(fold_around(state))
    table, state = table.start_next_hand(seed=4)  # button 0: small blind 2, big blind seat 3: dealt in
    assert table.button == 0 and table.hand_seats == (0, 2, 3, 4)
    assert blinds_of(table, state) == {"small blind": 2, "big blind": 3}
    assert table.seats[3] == Player("late", 100)


def test_a_new_player_may_post_a_live_big_blind() -> None:
    table = seated(LIMIT, 6, {0: 100, 2: 100, 4: 100}, new_player_posts=True)
    table, state = table.start_next_hand(seed=1)  # button 0, blinds 2 and 4
    table = table.join(1, "late", 100)
    table = table.finish_hand(fold_around(state))
    table, state = table.start_next_hand(seed=2)  # button 2: blinds 4 and 0; seat 1 posts and plays at once
    assert table.hand_seats == (0, 1, 2, 4)
    assert blinds_of(table, state) == {"small blind": 4, "big blind": 0, "live blind": 1}
    assert state.setup.posts[-1] == Post(1, "live blind", 2)
    assert state.actor == 1 and state.legal_actions().check  # the live blind has the option like a big blind
    table = table.finish_hand(fold_around(state))
    # Between the button and the small blind a new player still waits.
    table = table.join(5, "later", 100)
    table, state = table.start_next_hand(seed=3)  # button 4: seat 5 sits before the small blind (seat 0)
    assert table.button == 4 and table.hand_seats == (0, 1, 2, 4)
    table = table.join(3, "latest", 100)
    table = table.finish_hand(fold_around(state))
    table, state = table.start_next_hand(seed=4)  # button 0: small blind 1, big blind 2; seats 3 and 5 post
    assert table.button == 0 and table.hand_seats == (0, 1, 2, 3, 4, 5)
    assert [(post.kind, table.table_seat(post.seat)) for post in state.setup.posts] == [
        ("small blind", 1),
        ("big blind", 2),
        ("live blind", 3),
        ("live blind", 5),
    ]
    # A new player whose seat is the big blind's posts it as the big blind.
    table = table.finish_hand(fold_around(state)).leave(3).join(3, "again", 100)
    table, state = table.start_next_hand(seed=5)  # button 1: small blind 2, big blind seat 3
    assert blinds_of(table, state) == {"small blind": 2, "big blind": 3}


def test_nobody_waits_when_no_game_is_going() -> None:
    table = seated(LIMIT, 6, {3: 50, 5: 50})
    assert all(p.waiting for _, p in table.players)
    table, _ = table.start_next_hand(seed=0)
    assert table.hand_seats == (3, 5) and table.button == 3
    assert not any(p.waiting for _, p in table.players)


# --- leaving, sitting out, busting ----------------------------------------------------------------------------


def test_leave_during_a_hand_takes_effect_after_it() -> None:
    table = seated(LIMIT, 4, {0: 100, 1: 100, 2: 100})
    table, state = table.start_next_hand(seed=5)
    table = table.leave(1)
    assert table.seats[1] == Player("p1", 100, leaving=True)
    state = fold_around(state)
    table = table.finish_hand(state)
    assert table.seats[1] is None
    (departure,) = table.departed
    assert departure.seat == 1 and departure.reason == "left" and departure.player.stack == state.stacks[1]
    table = table.leave(0)  # between hands: at once
    assert table.seats[0] is None and table.departed[-1].player == Player("p0", state.stacks[0])


def test_sit_out_and_come_back() -> None:
    table = seated(LIMIT, 4, {0: 100, 1: 100, 2: 100, 3: 100})
    table, state = table.start_next_hand(seed=0)
    table = table.finish_hand(fold_around(state))
    stack = table.seats[2].stack  # type: ignore[union-attr]
    table = table.sit_out(2).come_back(2)  # back before a hand was dealt without them: plays at once
    assert table.seats[2] == Player("p2", stack)
    table = table.sit_out(2)
    table, state = table.start_next_hand(seed=1)  # button 1: the small blind (seat 3) passes seat 2
    assert 2 not in table.hand_seats
    owing = Player("p2", stack, sitting_out=True, waiting=True, owes_small=True)
    assert table.seats[2] == owing  # missed the blinds (tests/test_table_missed_blinds.py has the rules)
    table = table.finish_hand(fold_around(state)).come_back(2)
    assert table.seats[2] == attrs.evolve(owing, sitting_out=False)
    for seed in range(2, 10):  # dealt in again only in the big blind, which pays the debt
        table, state = table.start_next_hand(seed=seed)
        if 2 in table.hand_seats:
            assert blinds_of(table, state)["big blind"] == 2
            assert table.seats[2] == Player("p2", stack)
            break
        table = table.finish_hand(fold_around(state))
    else:
        raise AssertionError("seat 2 was never dealt in again")


def bust_hand(table: Table, short: int) -> tuple[Table, HandState]:
    """Deal a hand in which table seat ``short`` goes all-in preflop and loses everything."""
    seats = table.next_deal().seats
    players = len(seats)
    hand_button = seats.index(table.next_deal().button)
    loser = seats.index(short)
    winner = next(s for s in range(players) if s != loser)
    deck = deck_for(players, hand_button, {winner: "As Ad Ks Kd", loser: "2c 3d 7s 7h"}, "Kh Qh Jc Ts 9d")
    table, state = table.start_next_hand(deck=deck)
    while not state.is_over:
        legal = state.legal_actions()
        if state.actor == loser:
            action = Raise(legal.max_to) if legal.wager else Call() if legal.call else Check()
        elif state.actor == winner:
            action = Call() if legal.call else Check()
        else:
            action = Fold() if legal.fold else Check()
        state = state.apply(action)
    return table, state


def test_a_busted_player_leaves_and_the_table_goes_heads_up() -> None:
    table = seated(NO_LIMIT, 6, {0: 100, 2: 100, 4: 30})
    table, state = bust_hand(table, short=4)
    table = table.finish_hand(state)
    assert table.seats[4] is None and table.departed[0].reason == "busted"
    assert table.departed[0].player == Player("p4", 0)
    assert table.button == 2
    table, state = table.start_next_hand(seed=9)
    # Heads-up: the button posts the small blind and acts first before the flop.
    assert table.hand_seats == (0, 2) and table.button == 2
    assert blinds_of(table, state) == {"small blind": 2, "big blind": 0}
    assert table.table_seat(state.actor or 0) == 2
    table = table.finish_hand(fold_around(state))
    assert table.button == 0
    # A third player joins: they wait for the big blind, and the table leaves heads-up when they are dealt in.
    table = table.join(1, "new", 50)
    table, state = table.start_next_hand(seed=10)  # button 0: heads-up, seat 1 would be the small blind
    assert table.hand_seats == (0, 2) and blinds_of(table, state) == {"small blind": 0, "big blind": 2}
    table = table.finish_hand(fold_around(state))
    table, state = table.start_next_hand(seed=11)  # button 2: small blind 0, big blind seat 1
    assert table.hand_seats == (0, 1, 2)
    assert blinds_of(table, state) == {"small blind": 0, "big blind": 1}


def test_down_to_one_player() -> None:
    table = seated(NO_LIMIT, 3, {0: 100, 1: 20})
    table, state = bust_hand(table, short=1)
    table = table.finish_hand(state)
    assert [s for s, _ in table.players] == [0]
    with pytest.raises(TableError, match="2 players"):
        table.start_next_hand(seed=1)


# --- schedules ------------------------------------------------------------------------------------------------


def test_mixed_omaha_rotates_each_orbit() -> None:
    table = seated(MixedOmaha(LIMIT, POT_LIMIT), 8, {s: 1000 for s in range(4)})
    games = []
    for hand in range(24):
        assert table.next_rules == (LIMIT if (hand // 4) % 2 == 0 else POT_LIMIT)
        table, state = table.start_next_hand(seed=hand)
        assert state.rules == table.hand.rules  # type: ignore[union-attr]
        games.append("L" if state.rules == LIMIT else "P")
        table = table.finish_hand(check_down(state))
    assert "".join(games) == "LLLLPPPPLLLLPPPPLLLLPPPP"


def test_a_mixed_orbit_lasts_as_many_hands_as_players_at_its_start() -> None:
    table = seated(MixedOmaha(LIMIT, POT_LIMIT), 8, {s: 1000 for s in range(3)})
    games = []
    for hand in range(12):
        if hand == 1:
            table = table.join(5, "fourth", 1000).join(6, "fifth", 1000)
        table, state = table.start_next_hand(seed=hand)
        games.append(("L" if state.rules == LIMIT else "P") + str(state.players))
        table = table.finish_hand(fold_around(state))
    # The first orbit is 3 hands (3 players at its start), however many join during it; the next orbit is as
    # many hands as players were dealt into its first hand.
    assert games[:3] == ["L3", "L4", "L5"]
    players = int(games[3][1:])
    assert players == 5 and games[3:8] == ["P5"] * 5 and games[8:] == ["L5"] * 4


def test_next_rules_during_a_hand_is_the_next_hands_game() -> None:
    table = seated(MixedOmaha(LIMIT, POT_LIMIT), 4, {0: 100, 1: 100})
    table, state = table.start_next_hand(seed=1)
    assert state.rules == LIMIT and table.next_rules == LIMIT  # the orbit is 2 hands
    table, state = table.finish_hand(fold_around(state)).start_next_hand(seed=2)
    assert state.rules == LIMIT and table.next_rules == POT_LIMIT


def test_tournament_levels_by_hands_and_minutes() -> None:
    level_1 = Rules(NoLimit(), blinds=(1, 2))
    level_2 = Rules(NoLimit(), blinds=(2, 4), ante=1)
    level_3 = Rules(PotLimit(), blinds=(5, 10), ante=1)
    schedule = TournamentSchedule([Level(level_1, hands=3), Level(level_2, minutes=20), Level(level_3)])
    table = seated(schedule, 6, {s: 10_000 for s in range(3)})
    seen = []
    minute = 0.0
    for hand in range(12):
        table = table.with_time(minute)
        table, state = table.start_next_hand(seed=hand)
        seen.append((minute, [level_1, level_2, level_3].index(state.rules) + 1))
        table = table.finish_hand(fold_around(state))
        minute += 4.5
    # Level 1 for 3 hands; level 2 from minute 13.5 (when the 4th hand began) for 20 minutes, to 33.5.
    assert seen == [
        (0.0, 1),
        (4.5, 1),
        (9.0, 1),
        (13.5, 2),
        (18.0, 2),
        (22.5, 2),
        (27.0, 2),
        (31.5, 2),
        (36.0, 3),
        (40.5, 3),
        (45.0, 3),
        (49.5, 3),
    ]


def test_timed_levels_end_on_the_clock() -> None:
    schedule = TournamentSchedule([Level(NO_LIMIT, minutes=15), Level(POT_LIMIT, minutes=15), Level(LIMIT)])
    table = seated(schedule, 4, {0: 500, 1: 500})
    assert table.next_rules == NO_LIMIT
    assert table.with_time(14.9).next_rules == NO_LIMIT
    assert table.with_time(15).next_rules == POT_LIMIT
    assert table.with_time(31).next_rules == LIMIT  # a long break: two levels pass between hands
    table, state = table.with_time(20).start_next_hand(seed=1)
    assert state.rules == POT_LIMIT and table.clock.since == 15  # level 2 began at minute 15, not 20
    table = table.finish_hand(fold_around(state))
    assert table.with_time(29.9).next_rules == POT_LIMIT and table.with_time(30).next_rules == LIMIT
    with pytest.raises(TableError, match="time"):
        table.with_time(10)


def test_fixed_game_and_bad_schedules() -> None:
    assert seated(LIMIT, 2, {0: 10, 1: 10}).next_rules == LIMIT
    with pytest.raises(ValueError, match="only the last level"):
        TournamentSchedule([Level(LIMIT), Level(POT_LIMIT)])
    with pytest.raises(ValueError, match="not both"):
        Level(LIMIT, hands=3, minutes=10)
    with pytest.raises(ValueError, match="Rules"):
        MixedOmaha(LIMIT, "pot limit")  # type: ignore[arg-type]


def test_five_card_omaha_refuses_too_many_players() -> None:
    big_o = Rules(PotLimit(), blinds=(1, 2), hole_cards=5)
    table = seated(big_o, 10, {s: 100 for s in range(9)})
    with pytest.raises(TableError, match="8 can play"):
        table.start_next_hand(seed=1)
    table, state = table.sit_out(4).start_next_hand(seed=1)
    assert state.players == 8


# --- misuse -----------------------------------------------------------------------------------------------------


def test_table_errors() -> None:
    table = seated(LIMIT, 4, {0: 100, 1: 100})
    with pytest.raises(TableError, match="taken"):
        table.join(0, "x", 100)
    with pytest.raises(TableError, match="already sits"):
        table.join(2, "p0", 100)
    with pytest.raises(TableError, match="'p0' already sits"):  # names are the same whatever their case
        table.join(2, "P0", 100)
    with pytest.raises(TableError, match=">= 1"):
        table.join(2, "x", 0)
    with pytest.raises(TableError, match="empty"):
        table.leave(3)
    with pytest.raises(TableError, match="seat index"):
        table.sit_out(4)
    with pytest.raises(TableError, match="from 2 to 10, got 11"):
        Table.new(LIMIT, 11)
    with pytest.raises(TableError, match="no hand"):
        table.table_seat(0)
    playing, state = table.start_next_hand(seed=1)
    with pytest.raises(TableError, match="in play"):
        playing.start_next_hand(seed=2)
    with pytest.raises(TableError, match="not over"):
        playing.finish_hand(state)
    with pytest.raises(TableError, match="no hand is in play"):
        table.finish_hand(fold_around(state))
    other = seated(LIMIT, 4, {0: 100, 1: 50})
    other, foreign = other.start_next_hand(seed=1)
    with pytest.raises(TableError, match="not dealt by this table"):
        playing.finish_hand(fold_around(foreign))
    with pytest.raises(TableError, match="add chips after"):
        playing.add_chips(0, 10)


def test_table_is_immutable_and_hashable() -> None:
    table = seated(LIMIT, 4, {0: 100, 1: 100})
    moved, _ = table.start_next_hand(seed=1)
    assert table.hand is None and moved.hand is not None
    assert len({table, moved, seated(LIMIT, 4, {0: 100, 1: 100})}) == 2


def test_table_view() -> None:
    table = seated(LIMIT, 4, {0: 100, 1: 100, 3: 100})
    table, state = table.start_next_hand(seed=3)
    view = table.view(3, state)
    assert view.hand is not None and view.hand.hole == state.hole[table.hand_seat(3) or 0]
    assert view.seats == table.seats and view.hand_seats == (0, 1, 3)
    table = table.join(2, "watcher", 100)
    watcher = table.view(2, state)
    assert watcher.hand is not None and watcher.hand.hole == () and watcher.hand.seat == -1
    assert table.view(None).hand is None
