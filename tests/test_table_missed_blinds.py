"""Missed and dead blinds at the table: who misses a blind while sitting out or waiting, what they owe, and how
they come back (wait for the big blind, or post the big blind live and the small blind dead).

The rules are in engine/table.py's docstring and docs/missed-blinds.md."""

from __future__ import annotations

import json

import pytest
from helpers import LIMIT, fold_around, seated

from engine import (
    Call,
    Check,
    FixedLimit,
    HandState,
    Level,
    NoLimit,
    Player,
    Rules,
    SerializationError,
    Table,
    TableError,
    TableView,
    TournamentSchedule,
    from_json,
    to_json,
)
from engine.rules import Post

ONE_BLIND = Rules(FixedLimit(2, 4), blinds=(2,))


def check_down(state: HandState) -> HandState:
    while not state.is_over:
        state = state.apply(Check() if state.legal_actions().check else Call())
    return state


def play(table: Table, seed: int = 0) -> Table:
    """Deal a hand and fold it to the big blind."""
    table, state = table.start_next_hand(seed=seed)
    return table.finish_hand(fold_around(state))


def forced(table: Table, state: HandState) -> list[tuple[str, int, int]]:
    """Each forced bet of the hand in play: (kind, table seat, amount)."""
    return [(post.kind, table.table_seat(post.seat), post.amount) for post in state.setup.posts]


def owes(table: Table, seat: int) -> tuple[bool, bool]:
    player = table.seats[seat]
    assert player is not None
    return player.owes_small, player.owes_big


def chips(table: Table) -> int:
    return sum(player.stack for _, player in table.players)


def owing_both() -> Table:
    """Four players; seat 3 sits out after the first hand and the big blind passes it in the second.

    Hand 1: button 0, blinds 1 and 2. Hand 2: button 1, small blind 2, big blind 0 (seat 3 skipped)."""
    table = play(seated(LIMIT, 4, [0, 1, 2, 3]), seed=1).sit_out(3)
    table, state = table.start_next_hand(seed=2)
    assert table.button == 1 and forced(table, state) == [("small blind", 2, 1), ("big blind", 0, 2)]
    return table.finish_hand(fold_around(state))


# --- who misses what -------------------------------------------------------------------------------------------


def test_missing_the_big_blind_owes_both_blinds() -> None:
    table = owing_both()
    assert table.seats[3] == Player("p3", 100, sitting_out=True, waiting=True, owes_small=True, owes_big=True)
    assert owes(table, 3) == (True, True)
    # The other players owe nothing.
    assert all(not p.owes for s, p in table.players if s != 3)


def test_missing_only_the_small_blind_owes_the_small_blind() -> None:
    table = play(seated(LIMIT, 4, [0, 1, 2, 3]), seed=1).sit_out(2)  # seat 2 was the big blind; button now 1
    table, state = table.start_next_hand(seed=2)
    # Seat 2 would have been the small blind: it passes to seat 3; the big blind (seat 0) does not pass seat 2.
    assert forced(table, state) == [("small blind", 3, 1), ("big blind", 0, 2)]
    assert owes(table, 2) == (True, False)
    table = table.finish_hand(fold_around(state))
    table = play(table, seed=3)  # button 3: blinds 0 and 1, nowhere near seat 2
    assert owes(table, 2) == (True, False)
    table, state = table.start_next_hand(seed=4)  # button 0: small blind 1, the big blind passes seat 2 to 3
    assert forced(table, state) == [("small blind", 1, 1), ("big blind", 3, 2)]
    assert owes(table, 2) == (True, True)


def test_debts_do_not_grow_past_one_small_and_one_big_blind() -> None:
    table = owing_both()
    for seed in range(3, 15):  # four more orbits of three players
        table = play(table, seed)
    assert owes(table, 3) == (True, True)
    table = table.come_back(3, post_missed=True)
    while 3 not in table.next_deal().seats:
        table = play(table)
    table, state = table.start_next_hand(seed=20)
    assert [(kind, amount) for kind, seat, amount in forced(table, state) if seat == 3] == [
        ("live blind", 2),
        ("dead blind", 1),
    ]


def test_new_players_owe_nothing() -> None:
    table = seated(LIMIT, 6, [0, 2, 4])
    table = play(table, seed=1)  # button 0, blinds 2 and 4
    table = table.join(3, "new", 100).join(5, "away", 100).sit_out(5)
    table, state = table.start_next_hand(seed=2)  # button 2: the small blind (4) passes seat 3, the big (0) seat 5
    assert forced(table, state) == [("small blind", 4, 1), ("big blind", 0, 2)]
    assert table.seats[3] == Player("new", 100, waiting=True)
    assert table.seats[5] == Player("away", 100, sitting_out=True, waiting=True)


def test_heads_up_the_big_blind_passes_the_seats_after_the_button() -> None:
    table = play(seated(LIMIT, 4, [0, 1, 2]), seed=1).sit_out(2)  # button now 1
    table, state = table.start_next_hand(seed=2)  # heads-up: the button (1) posts the small blind, 0 the big
    assert forced(table, state) == [("small blind", 1, 1), ("big blind", 0, 2)]
    assert owes(table, 2) == (True, True)  # seat 2 lies between the button and the big blind


# --- coming back ------------------------------------------------------------------------------------------------


def test_back_before_the_blinds_reach_them_owes_nothing_and_plays_at_once() -> None:
    table = play(seated(LIMIT, 6, [0, 1, 2, 3, 4, 5]), seed=1).sit_out(5)  # button now 1
    table, state = table.start_next_hand(seed=2)  # button 1, blinds 2 and 3: seat 5 is not passed
    assert 5 not in table.hand_seats and owes(table, 5) == (False, False)
    assert table.seats[5] == Player("p5", 100, sitting_out=True)
    table = table.finish_hand(fold_around(state)).come_back(5)
    assert table.seats[5] == Player("p5", 100)
    table, state = table.start_next_hand(seed=3)  # button 2, blinds 3 and 4: seat 5 plays without posting
    assert 5 in table.hand_seats
    assert forced(table, state) == [("small blind", 3, 1), ("big blind", 4, 2)]


def test_posting_on_return_pays_a_dead_small_and_a_live_big_blind() -> None:
    table = owing_both().come_back(3, post_missed=True)
    assert table.seats[3] == Player("p3", 100, waiting=True, owes_small=True, owes_big=True, post_missed=True)
    table = play(table, seed=3)  # button 2: seat 3 sits between the button and the small blind (0): waits
    before = chips(table)
    table, state = table.start_next_hand(seed=4)  # button 0: blinds 1 and 2; seat 3 posts and plays
    assert table.hand_seats == (0, 1, 2, 3)
    assert forced(table, state) == [
        ("small blind", 1, 1),
        ("big blind", 2, 2),
        ("live blind", 3, 2),
        ("dead blind", 3, 1),
    ]
    assert state.setup.posts[2:] == (Post(3, "live blind", 2), Post(3, "dead blind", 1))
    poster = table.hand_seat(3)
    assert poster == 3
    # The live blind is a bet; the dead blind is only in the pot.
    assert state.bets[poster] == 2 and state.stacks[poster] == 97 and state.pot_total == 6
    assert table.seats[3] == Player("p3", 100)  # dealt in: the debt is paid
    state = check_down(state)  # the hand plays to the showdown
    assert state.is_over and state.result is not None
    assert sum(state.stacks) == sum(state.setup.starting_stacks)
    table = table.finish_hand(state)
    assert chips(table) == before
    assert not any(p.owes or p.waiting for _, p in table.players)


def test_waiting_for_the_big_blind_pays_the_debt() -> None:
    table = owing_both().come_back(3)
    assert table.seats[3] == Player("p3", 100, waiting=True, owes_small=True, owes_big=True)
    for seed in range(3, 10):
        table, state = table.start_next_hand(seed=seed)
        if 3 in table.hand_seats:
            break
        assert owes(table, 3) == (True, True)
        table = table.finish_hand(fold_around(state))
    else:
        raise AssertionError("seat 3 was never dealt in")
    # Dealt in as the big blind, with nothing else to pay; the debt is cleared.
    assert [(kind, amount) for kind, seat, amount in forced(table, state) if seat == 3] == [("big blind", 2)]
    assert table.seats[3] == Player("p3", 100)


def test_a_poster_between_the_button_and_the_small_blind_waits_for_the_button() -> None:
    table = owing_both().come_back(3, post_missed=True)
    table, state = table.start_next_hand(seed=3)
    assert table.button == 2 and forced(table, state) == [("small blind", 0, 1), ("big blind", 1, 2)]
    assert 3 not in table.hand_seats
    assert table.seats[3] == Player("p3", 100, waiting=True, owes_small=True, owes_big=True, post_missed=True)
    table = table.finish_hand(fold_around(state))
    assert table.button == 0 and 3 in table.next_deal().seats  # the button has passed: seat 3 posts now


def test_a_poster_in_the_big_blinds_seat_posts_just_the_big_blind() -> None:
    table = play(seated(LIMIT, 6, [0, 1, 2, 3, 4, 5]), seed=1).sit_out(4)
    table = play(table, seed=2)  # button 1, blinds 2 and 3
    table, state = table.start_next_hand(seed=3)  # button 2: small blind 3, the big blind passes 4 to 5
    assert forced(table, state) == [("small blind", 3, 1), ("big blind", 5, 2)]
    assert owes(table, 4) == (True, True)
    table = table.finish_hand(fold_around(state)).come_back(4)  # waits for the big blind
    while table.next_deal().button != 2:
        table = play(table)
    table = table.come_back(4, post_missed=True)  # changes their mind just as the big blind reaches them
    table, state = table.start_next_hand(seed=4)
    assert forced(table, state) == [("small blind", 3, 1), ("big blind", 4, 2)]
    assert table.seats[4] == Player("p4", 100)


def test_owing_only_the_small_blind_posts_it_dead() -> None:
    table = play(seated(LIMIT, 4, [0, 1, 2, 3]), seed=1).sit_out(2)
    table = play(table, seed=2)  # button 1: the small blind passes seat 2
    assert owes(table, 2) == (True, False)
    table = table.come_back(2, post_missed=True)
    table, state = table.start_next_hand(seed=3)  # button 3: blinds 0 and 1; seat 2 posts the small blind dead
    assert forced(table, state) == [("small blind", 0, 1), ("big blind", 1, 2), ("dead blind", 2, 1)]
    hand_seat = table.hand_seat(2)
    assert hand_seat is not None and state.bets[hand_seat] == 0  # dead money: not a bet
    assert state.stacks[hand_seat] == state.setup.starting_stacks[hand_seat] - 1
    assert not table.seats[2].owes  # type: ignore[union-attr]


def test_a_game_with_one_blind_owes_only_the_big_blind() -> None:
    table = play(seated(ONE_BLIND, 4, [0, 1, 2, 3]), seed=1).sit_out(2)  # button now 1
    table, state = table.start_next_hand(seed=2)  # button 1: the blind (seat 3) passes seat 2
    assert forced(table, state) == [("big blind", 3, 2)]
    assert owes(table, 2) == (False, True)
    table = table.finish_hand(fold_around(state)).come_back(2, post_missed=True)
    table, state = table.start_next_hand(seed=3)  # button 3: blind 0; seat 2 posts a live big blind
    assert forced(table, state) == [("big blind", 0, 2), ("live blind", 2, 2)]
    assert table.seats[2] == Player("p2", 100)


def test_a_tournament_player_posts_the_blinds_of_the_level_they_come_back_in() -> None:
    schedule = TournamentSchedule(
        [Level(Rules(NoLimit(), blinds=(1, 2)), hands=2), Level(Rules(NoLimit(), blinds=(5, 10)))]
    )
    table = play(seated(schedule, 4, [0, 1, 2, 3], stack=1000), seed=1).sit_out(3)
    table = play(table, seed=2)  # still level 1: the big blind of 2 passes seat 3
    assert owes(table, 3) == (True, True)
    table = play(table.come_back(3, post_missed=True), seed=3)  # level 2; seat 3 waits for the button to pass
    table, state = table.start_next_hand(seed=4)
    assert state.rules.blinds == (5, 10)
    assert [(kind, amount) for kind, seat, amount in forced(table, state) if seat == 3] == [
        ("live blind", 10),
        ("dead blind", 5),
    ]


def test_nobody_owes_when_no_game_is_going() -> None:
    table = play(seated(LIMIT, 4, [0, 1, 2]), seed=1).sit_out(2)
    table = play(table, seed=2)  # heads-up, the big blind passes seat 2
    assert owes(table, 2) == (True, True)
    table = table.sit_out(1).come_back(2)  # seat 0 is the only player in the game: nobody waits
    table, state = table.start_next_hand(seed=3)
    assert table.hand_seats == (0, 2)
    assert [kind for kind, _, _ in forced(table, state)] == ["small blind", "big blind"]
    assert table.seats[2] == Player("p2", table.seats[2].stack)  # type: ignore[union-attr]


def test_a_player_who_leaves_takes_no_debt_back_to_the_table() -> None:
    table = owing_both().leave(3)
    assert table.departed[-1].player.owes  # the record of who left says what they owed
    table = table.join(3, "p3", 100)
    assert table.seats[3] == Player("p3", 100, waiting=True)  # a new player again: waits, owes nothing


def test_sitting_out_again_cancels_a_choice_to_post() -> None:
    table = owing_both().come_back(3, post_missed=True).sit_out(3)
    assert table.seats[3] == Player("p3", 100, sitting_out=True, waiting=True, owes_small=True, owes_big=True)
    table = table.come_back(3, post_missed=True).come_back(3)  # and a waiting player may change their mind
    assert not table.seats[3].post_missed  # type: ignore[union-attr]


# --- the fields in views and JSON -------------------------------------------------------------------------------


def test_missed_blinds_in_views_and_json() -> None:
    table = seated(LIMIT, 6, [0, 1, 2, 3, 4, 5])
    table = play(table, seed=1).sit_out(4).sit_out(3)
    table = play(table, seed=2)  # button 1, small blind 2, big blind 5: seats 3 and 4 owe both
    table = table.come_back(4, post_missed=True)
    assert owes(table, 3) == owes(table, 4) == (True, True)
    back = from_json(to_json(table), Table)
    assert back == table and to_json(back) == to_json(table)
    document = json.loads(to_json(table))
    assert document["seats"][3] == {
        "name": "p3",
        "stack": 100,
        "sitting_out": True,
        "waiting": True,
        "leaving": False,
        "owes_small": True,
        "owes_big": True,
        "post_missed": False,
    }
    assert document["seats"][4]["post_missed"] is True
    view = table.view(None)
    assert view.seats[4] == table.seats[4]
    assert from_json(to_json(view), TableView) == view
    # A document written before missed blinds were tracked has none of the three fields: nobody owes anything.
    for player in document["seats"]:
        for key in ("owes_small", "owes_big", "post_missed"):
            del player[key]
    old = from_json(json.dumps(document), Table)
    assert old.seats[3] == Player("p3", 100, sitting_out=True, waiting=True)
    assert old.seats[4] == Player("p4", 100, waiting=True)
    # A debt without waiting, or a wrong type, is refused.
    document = json.loads(to_json(table))
    document["seats"][3]["waiting"] = False
    with pytest.raises(SerializationError, match=r"table.seats\[3\].*waiting must be True"):
        from_json(json.dumps(document))
    document = json.loads(to_json(table))
    document["seats"][3]["owes_big"] = "yes"
    with pytest.raises(SerializationError, match=r"table.seats\[3\].owes_big: expected true or false"):
        from_json(json.dumps(document))


# --- misuse -----------------------------------------------------------------------------------------------------


def test_bad_uses_of_missed_blinds_say_what_is_allowed() -> None:
    table = owing_both()
    with pytest.raises(TableError, match=r"seat 0 \(p0\) owes no missed blinds.*play from the next hand"):
        table.come_back(0, post_missed=True)
    with pytest.raises(TableError, match=r"without posting: come_back\(1\)\); post_missed=True is for a player who"):
        table.sit_out(1).come_back(1, post_missed=True)
    newcomer = table.leave(2).join(2, "new", 100)
    with pytest.raises(TableError, match="a new player waits for the big blind"):
        newcomer.come_back(2, post_missed=True)
    playing, _ = table.start_next_hand(seed=5)
    with pytest.raises(TableError, match="in the hand in play"):
        playing.come_back(0, post_missed=True)
    with pytest.raises(TableError, match="post_missed must be True or False"):
        table.come_back(3, post_missed="yes")  # type: ignore[arg-type]
    with pytest.raises(TableError, match="waiting must be True"):
        Player("x", 10, owes_big=True)
    with pytest.raises(TableError, match="post_missed must be False"):
        Player("x", 10, waiting=True, post_missed=True)
    with pytest.raises(TableError, match="owes_small must be True or False"):
        Player("x", 10, waiting=True, owes_small=1)  # type: ignore[arg-type]
