"""Random play for property tests: random games, random legal actions, and every state of a hand.

Choices are drawn through hypothesis (``data.draw``), so a failing hand shrinks to a short one; `random_action`
is the same choice from a `random.Random`, for long table sessions where shrinking does not matter.
"""

from __future__ import annotations

import random

from hypothesis import strategies as st

from engine import (
    Action,
    Bet,
    FixedGame,
    FixedLimit,
    HandState,
    Level,
    MixedOmaha,
    NoLimit,
    PotLimit,
    Raise,
    Rake,
    Rules,
    ShowdownPolicy,
    Table,
    TableError,
    TournamentSchedule,
    start_hand,
)

bettings = st.sampled_from([FixedLimit(2, 4), FixedLimit(10, 20, max_raises=4), PotLimit(), NoLimit()])


_LIMIT = Rules(FixedLimit(2, 4), blinds=(1, 2))


@st.composite
def rules(draw: st.DrawFn) -> Rules:
    betting = draw(bettings)
    blinds = draw(st.sampled_from([(1, 2), (1, 2), (2,), (0, 0)]))
    ante = draw(st.sampled_from([0, 0, 1])) if blinds != (0, 0) else 1
    return Rules(
        betting,
        blinds=blinds,
        ante=ante,
        hole_cards=draw(st.sampled_from([4, 4, 4, 5])),
        hi_lo=draw(st.sampled_from([True, True, False])),
        showdown=draw(st.sampled_from(list(ShowdownPolicy))),
        rake=draw(st.sampled_from([None, None, Rake(5, cap=3)])),
    )


@st.composite
def new_hands(draw: st.DrawFn) -> HandState:
    """A first state: random rules, 2..max players with stacks small enough for all-ins and side pots."""
    game = draw(rules())
    players = draw(st.integers(2, game.max_players))
    stacks = draw(st.lists(st.integers(1, 120), min_size=players, max_size=players))
    button = draw(st.integers(0, players - 1))
    return start_hand(game, stacks, button, seed=draw(st.integers(0, 2**32)))


def choices(state: HandState) -> list[Action]:
    """The legal actions, with wagers at the minimum, the maximum and one amount in between."""
    legal = state.legal_actions()
    actions = list(legal.actions)
    if legal.wager and legal.max_to - legal.min_to > 1:
        kind = Bet if legal.wager == "bet" else Raise
        actions.append(kind((legal.min_to + legal.max_to) // 2))
    return actions


def play_out(draw: st.DrawFn, state: HandState, max_steps: int = 200) -> list[HandState]:
    """Every state from ``state`` to the end of the hand, with actions chosen by hypothesis."""
    states = [state]
    while not state.is_over and len(states) < max_steps:
        state = state.apply(draw(st.sampled_from(choices(state))))
        states.append(state)
    return states


@st.composite
def played_hands(draw: st.DrawFn) -> list[HandState]:
    """Every state of one random hand, from the first to the last."""
    return play_out(draw, draw(new_hands()))


def random_action(state: HandState, rng: random.Random, aggression: float = 0.3) -> Action:
    """A random legal action; with probability ``aggression`` the largest wager allowed (so stacks move and
    players bust)."""
    legal = state.legal_actions()
    if legal.wager and rng.random() < aggression:
        return (Bet if legal.wager == "bet" else Raise)(legal.max_to)
    return rng.choice(choices(state))


def play_randomly(state: HandState, rng: random.Random, aggression: float = 0.3) -> HandState:
    while not state.is_over:
        state = state.apply(random_action(state, rng, aggression))
    return state


games = st.sampled_from(
    [
        FixedGame(_LIMIT),
        MixedOmaha(_LIMIT, Rules(PotLimit(), blinds=(1, 2))),
        TournamentSchedule(
            [
                Level(Rules(NoLimit(), blinds=(1, 2)), hands=4),
                Level(Rules(NoLimit(), blinds=(2, 4), ante=1), minutes=12.5),
                Level(Rules(PotLimit(), blinds=(5, 10), ante=1, rake=Rake("2.5", cap=4))),
            ]
        ),
    ]
)


@st.composite
def tables(draw: st.DrawFn) -> tuple[Table, HandState | None]:
    """A table after a random history of joins, leaves, sit-outs, time and hands; maybe with a hand in play."""
    table = Table.new(draw(games), draw(st.integers(2, 10)), button=0, new_player_posts=draw(st.booleans()))
    table = Table(table.seats, table.schedule, draw(st.integers(0, len(table.seats) - 1)), table.new_player_posts)
    names = iter(f"player {i}" for i in range(1000))
    state = None
    for _ in range(draw(st.integers(0, 25))):
        step = draw(st.sampled_from(["join", "join", "leave", "sit out", "come back", "time", "hand", "hand"]))
        empty = [s for s, p in enumerate(table.seats) if p is None]
        occupied = [s for s, _ in table.players]
        if step == "join" and empty:
            table = table.join(draw(st.sampled_from(empty)), next(names), draw(st.integers(1, 300)))
        elif step in ("leave", "sit out", "come back") and occupied:
            # Only calls that change something: leaving twice, sitting out twice and coming back when not
            # away are TableErrors.
            seat = draw(st.sampled_from(occupied))
            player = table.seats[seat]
            assert player is not None
            if step == "leave" and not player.leaving:
                table = table.leave(seat)
            elif step == "sit out" and not player.sitting_out:
                table = table.sit_out(seat)
            elif step == "come back" and (player.sitting_out or player.leaving) and player.stack > 0:
                table = table.come_back(seat)
        elif step == "time":
            table = table.with_time(table.minutes + draw(st.sampled_from([0.5, 3, 7.25])))
        elif step == "hand" and table.hand is None:
            try:
                table, state = table.start_next_hand(seed=draw(st.integers(0, 2**16)))
            except TableError:
                continue
            for _ in range(draw(st.integers(0, 30))):
                if state.is_over:
                    break
                state = state.apply(draw(st.sampled_from(choices(state))))
            if state.is_over and draw(st.booleans()):
                table, state = table.finish_hand(state), None
    return table, state
