"""The table deals straddled hands and bomb pots: the options of `Table.start_next_hand`."""

from __future__ import annotations

import pytest

from engine import Call, Check, NoLimit, PotLimit, Rules, Street, TableError, from_json, to_json
from engine.state import HandState
from engine.table import Table


def four_players(rules: Rules) -> Table:
    table = Table.new(rules, 6)
    for seat, name in enumerate(("ann", "bob", "cat", "dan")):
        table = table.join(seat, name, 100)
    return table


def play_out(state: HandState) -> HandState:
    while not state.is_over:
        legal = state.legal_actions()
        state = state.apply(Call() if legal.call else Check() if legal.check else legal.default)
    return state


def test_a_table_deals_an_under_the_gun_straddle() -> None:
    table, state = four_players(Rules(NoLimit())).start_next_hand(seed=1, straddles=(4,))
    kinds = [(post.seat, post.kind, post.amount) for post in state.setup.posts]
    assert kinds == [(1, "small blind", 1), (2, "big blind", 2), (3, "straddle", 4)]
    assert state.actor == 0 and state.level == 4  # left of the straddler; the straddler acts last
    finished = table.finish_hand(play_out(state))
    assert sum(p.stack for _, p in finished.players) == 400


def test_a_table_deals_a_button_straddle() -> None:
    _, state = four_players(Rules(PotLimit())).start_next_hand(seed=1, button_straddle=4)
    assert state.setup.posts[-1].kind == "straddle" and state.setup.posts[-1].seat == state.button
    assert state.actor == 1  # the small blind acts first


def test_a_straddle_the_rules_refuse_is_a_table_error() -> None:
    with pytest.raises(TableError, match="straddle of 3"):
        four_players(Rules(NoLimit())).start_next_hand(seed=1, straddles=(3,))
    with pytest.raises(TableError, match="not both"):
        four_players(Rules(NoLimit())).start_next_hand(seed=1, bomb_pot=5, straddles=(4,))


def test_a_table_deals_a_bomb_pot_that_starts_on_the_flop() -> None:
    table, state = four_players(Rules(PotLimit(), boards=2)).start_next_hand(seed=3, bomb_pot=5)
    assert all(post.kind == "ante" and post.amount == 5 for post in state.setup.posts)
    assert state.street is Street.FLOP and [len(board) for board in state.boards] == [3, 3]
    assert state.pot_total == 20
    assert from_json(to_json(table)) == table
    finished = table.finish_hand(play_out(state))
    assert sum(p.stack for _, p in finished.players) == 400


def test_waiting_players_sit_a_bomb_pot_out_and_owe_nothing() -> None:
    table, state = four_players(Rules(PotLimit())).start_next_hand(seed=1)
    table = table.finish_hand(play_out(state)).join(4, "eve", 100)
    table, state = table.start_next_hand(seed=2, bomb_pot=3)
    assert 4 not in table.hand_seats
    eve = table.seats[4]
    assert eve is not None and eve.waiting and not eve.owes
