"""The RL environments (engine.envs): PettingZoo's and Gymnasium's own checks, reproducibility, the action mask
against the engine's legal actions, rewards, the observation layout, and bad input.

Needs the ``rl`` extra (PettingZoo, Gymnasium, numpy); skipped without it.
"""

from __future__ import annotations

import random
import warnings
from typing import ClassVar

import attrs
import pytest

pytest.importorskip("pettingzoo", reason='could not import pettingzoo: pip install -e ".[test-rl]" to run these tests')
pytest.importorskip("gymnasium", reason='could not import gymnasium: pip install -e ".[test-rl]" to run these tests')

import numpy as np
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, seed_test

from engine import (
    Bet,
    Call,
    Check,
    FixedLimit,
    Fold,
    IllegalAction,
    NoLimit,
    PotLimit,
    Raise,
    Rake,
    Rules,
    ShowdownPolicy,
    parse_cards,
    start_hand,
)
from engine.bots import CallingStation
from engine.envs import observation as layout
from engine.envs import omaha_hilo_v0
from engine.envs.actions import ABSTRACT_ACTIONS, ActionMap
from engine.envs.config import EnvError, env_settings
from engine.envs.gym_env import OmahaHiLoEnv
from engine.envs.observation import encode, observation_size
from engine.games import SINGLE

GAMES = list(SINGLE)


@attrs.frozen(slots=True)
class Unlisted(NoLimit):
    """A structure that engine.games does not name."""

    name: ClassVar[str] = "test-unlisted"
    title: ClassVar[str] = "Test Unlisted"


def play_random(env, seed: int, hands: int = 1):
    """Drive an AEC env with random unmasked actions; yields (env, agent, observation) at every live decision."""
    rng = np.random.default_rng(seed)
    env.reset(seed=seed)
    for _ in range(hands):
        for agent in env.agent_iter():
            observation, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            yield env, agent, observation
            env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
        env.reset()


# --- PettingZoo's and Gymnasium's own checks -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "game", "actions"),
    [(6, "pot-limit", "abstract"), (3, "limit", "abstract"), (2, "no-limit", "abstract"), (4, "no-limit", "exact")],
)
def test_pettingzoo_api_test_passes(players, game, actions):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # its advice for plain-array observations (ours are dicts, as classic's)
        api_test(omaha_hilo_v0.env(players=players, game=game, actions=actions, stack=60), num_cycles=300)


@pytest.mark.parametrize("game", GAMES)
def test_pettingzoo_seed_test_passes(game):
    seed_test(lambda: omaha_hilo_v0.env(players=4, game=game), num_cycles=300)


def test_spaces_are_the_same_objects_and_fit_the_table():
    env = omaha_hilo_v0.raw_env(players=5)
    assert env.observation_space("player_0") is env.observation_space("player_0")
    assert env.action_space("player_3") is env.action_space("player_3")
    assert env.observation_space("player_0")["observation"].shape == (observation_size(5),) == (116 + 25,)
    assert env.action_space("player_0").n == 6
    assert omaha_hilo_v0.raw_env(players=2, actions="exact", stack=50).action_space("player_0").n == 2 + 51
    assert env.metadata["name"] == "omaha_hilo_v0"
    assert env.possible_agents == [f"player_{i}" for i in range(5)]


@pytest.mark.parametrize("game", GAMES)
def test_gymnasium_env_checker_passes(game):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        check_env(OmahaHiLoEnv(players=3, opponents=["random", "hilo"], game=game))


def test_gymnasium_make_finds_the_registered_environment():
    import gymnasium

    env = gymnasium.make("engine/OmahaHiLo-v0", players=2, opponents=["caller"], game="limit")
    observation, info = env.reset(seed=4)
    assert observation["observation"].shape == (observation_size(2),)
    assert list(info["action_mask"]) == list(observation["action_mask"])


# --- seeded and reproducible -----------------------------------------------------------------------------------


def trajectory(env, seed, hands=5):
    out = []
    for _env, agent, observation in play_random(env, seed, hands):
        out.append((agent, observation["observation"].tobytes(), observation["action_mask"].tobytes()))
    return out


def test_the_same_seed_plays_the_same_hands_and_another_seed_does_not():
    first = trajectory(omaha_hilo_v0.env(players=6), seed=11)
    again = trajectory(omaha_hilo_v0.env(players=6), seed=11)
    other = trajectory(omaha_hilo_v0.env(players=6), seed=12)
    assert first == again
    assert first != other


def test_a_seeded_reset_deals_the_same_hand_whatever_came_before():
    env = omaha_hilo_v0.raw_env(players=4)
    env.reset(seed=5)
    hole, button = env.hand.hole, env.hand.button
    for _ in range(3):
        env.reset()
    env.reset(seed=5)
    assert (env.hand.hole, env.hand.button) == (hole, button)


def test_unseeded_resets_deal_different_hands_and_move_the_button():
    env = omaha_hilo_v0.raw_env(players=6)
    env.reset(seed=1)
    holes, buttons = set(), set()
    for _ in range(30):
        env.reset()
        holes.add(env.hand.hole)
        buttons.add(env.hand.button)
    assert len(holes) == 30 and buttons == set(range(6))


def test_the_gymnasium_env_replays_a_seeded_episode():
    def episode(seed):
        env = OmahaHiLoEnv(players=4, opponents=["random", "hilo", "caller"])
        observation, _ = env.reset(seed=seed)
        seen = [observation["observation"].tobytes()]
        done, reward = False, 0.0
        while not done:
            action = int(np.flatnonzero(observation["action_mask"])[-1])
            observation, reward, done, _, _ = env.step(action)
            seen.append(observation["observation"].tobytes())
        return seen, reward

    assert episode(3) == episode(3)
    assert episode(3) != episode(4)


# --- the action mask against the engine's legal actions --------------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_abstract_mask_matches_legal_actions_in_random_play(game):
    decisions = 0
    for env, agent, observation in play_random(omaha_hilo_v0.raw_env(players=6, game=game), seed=7, hands=40):
        hand = env.hand
        legal = hand.legal_actions()
        assert agent == f"player_{legal.seat}"
        mask = list(observation["action_mask"])
        assert mask[0] == int(legal.fold)
        assert mask[1] == 1  # check or call is always there
        amounts = []
        for index in range(2, 6):
            action = env.action_map.to_action(hand, index)
            assert (action is not None) == bool(mask[index])
            if action is not None:
                assert legal.allows(action), (action, legal)
                amounts.append(action.to)
        if legal.wager is None:
            assert mask[2:] == [0, 0, 0, 0]
        else:
            assert mask[2] == 1 and amounts[0] == legal.min_to
            assert legal.max_to in amounts  # all in, clamped, reaches the largest legal amount
            assert len(set(amounts)) == len(amounts)  # duplicates are masked
            if game == "limit":
                assert amounts == [legal.min_to]
        for index in range(6):
            if mask[index]:
                assert legal.allows(env.action_map.to_action(hand, index))
        decisions += 1
    assert decisions > 200


def test_exact_mask_is_every_legal_amount_in_random_play():
    for env, _, observation in play_random(
        omaha_hilo_v0.raw_env(players=3, game="no-limit", actions="exact", stack=80), seed=2, hands=30
    ):
        legal = env.hand.legal_actions()
        mask = observation["action_mask"]
        wagers = {int(i) - 2 for i in np.flatnonzero(mask[2:]) + 2}
        expected = set(range(legal.min_to, legal.max_to + 1)) if legal.wager else set()
        assert wagers == expected
        assert mask[0] == int(legal.fold) and mask[1] == 1


def test_wager_sizes_preflop_in_pot_limit_and_no_limit():
    # Six players, blinds 1/2, 200 chips: the first player may raise to 4 (min) .. 7 (pot: 2 + 3 + 2).
    for game, expected_mask, sizes in [
        ("pot-limit", [1, 1, 1, 0, 1, 0], [4, 4, 7, 7]),
        ("no-limit", [1, 1, 1, 0, 1, 1], [4, 4, 7, 200]),
    ]:
        env = omaha_hilo_v0.raw_env(players=6, game=game)
        env.reset(seed=1, options={"button": 0})
        assert env.hand.actor == 3
        legal = env.hand.legal_actions()
        assert env.action_map.wager_sizes(env.hand, legal) == sizes
        assert list(env.observe("player_3")["action_mask"]) == expected_mask
        env.step(4)  # pot
        assert env.hand.bets[3] == 7


def test_half_pot_and_pot_after_a_bet():
    # Heads-up no limit, a flop pot of 4 after the blinds are called and checked: a bet of 4 faces the next
    # player: half pot raises to 4 + (8 + 4) // 2 = 10, pot to 4 + 8 + 4 = 16, all in to the 98 chips left.
    rules = Rules(NoLimit(), blinds=(1, 2))
    hand = start_hand(rules, (100, 100), button=0, seed=3).apply(Call()).apply(Check()).apply(Bet(4))
    actions = ActionMap()
    legal = hand.legal_actions()
    assert actions.wager_sizes(hand, legal) == [8, 10, 16, 98]
    assert [actions.to_action(hand, i) for i in range(6)] == [Fold(), Call(), Raise(8), Raise(10), Raise(16), Raise(98)]


def test_fixed_limit_offers_one_wager():
    env = omaha_hilo_v0.raw_env(players=3, game="limit")
    env.reset(seed=2)
    assert list(env.observe(env.agent_selection)["action_mask"]) == [1, 1, 1, 0, 0, 0]
    assert env.rules.betting == FixedLimit(2, 4)


def test_fold_is_masked_when_checking_is_free():
    env = omaha_hilo_v0.raw_env(players=2, game="pot-limit")
    env.reset(seed=1)
    env.step(1)  # the button completes; the big blind may check
    assert env.hand.legal_actions().check
    assert env.observe(env.agent_selection)["action_mask"][0] == 0


def test_only_the_agent_to_act_has_a_mask():
    env = omaha_hilo_v0.raw_env(players=4)
    env.reset(seed=9)
    for agent in env.possible_agents:
        mask = env.observe(agent)["action_mask"]
        assert mask.any() == (agent == env.agent_selection)


# --- rewards ---------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_rewards_come_at_the_end_in_big_blinds_and_sum_to_zero(game):
    env = omaha_hilo_v0.raw_env(players=5, game=game, blinds=(5, 10))
    for hand_seed in range(15):
        env.reset(seed=hand_seed)
        rng = random.Random(hand_seed)
        while not env.hand.is_over:
            assert all(reward == 0 for reward in env.rewards.values())
            mask = env.observe(env.agent_selection)["action_mask"]
            env.step(rng.choice([i for i, ok in enumerate(mask) if ok]))
        net = env.hand.result.net
        assert all(env.terminations.values()) and not any(env.truncations.values())
        assert [env.rewards[f"player_{s}"] for s in range(5)] == [chips / 10 for chips in net]
        assert env._cumulative_rewards == env.rewards
        assert sum(net) == 0 and sum(env.rewards.values()) == pytest.approx(0, abs=1e-9)
        for agent in env.agent_iter():  # each agent leaves with a None step
            _, reward, terminated, _, _ = env.last()
            assert terminated and reward == net[int(agent[7:])] / 10
            env.step(None)
        assert env.agents == []


def test_rewards_sum_to_minus_the_rake():
    rules = Rules(NoLimit(), blinds=(10, 20), rake=Rake(10, no_flop_no_drop=False))
    env = omaha_hilo_v0.raw_env(players=3, game=rules)
    raked = 0
    for hand_seed in range(10):
        env.reset(seed=hand_seed)
        while not env.hand.is_over:
            env.step(1)  # check or call to the showdown
        rake = env.hand.result.rake
        raked += rake
        assert sum(env.rewards.values()) == pytest.approx(-rake / 20)
    assert raked > 0


def test_a_hand_over_at_the_deal_ends_the_episode_at_once():
    # Stacks of one chip: the blinds put both players all in, nobody acts, and the hand is run out.
    env = omaha_hilo_v0.raw_env(players=2, stack=10)
    env.reset(seed=1, options={"stacks": [1, 1]})
    assert env.hand.is_over and all(env.terminations.values())
    assert sum(env.rewards.values()) == 0
    for _ in env.agent_iter():
        env.step(None)
    assert env.agents == []


def test_the_gymnasium_reward_is_the_agents_net_in_big_blinds():
    env = OmahaHiLoEnv(players=3, opponents=[CallingStation()], game="limit")
    total_reward, total_net = 0.0, 0
    for hand_seed in range(20):
        _, info = env.reset(seed=hand_seed)
        total_net += info["skipped_net_bb"] * 2
        done = False
        while not done:
            _, reward, done, truncated, _ = env.step(1)
            assert not truncated
            assert reward == 0.0 or done
        total_reward += reward
        assert reward == env.hand.result.net[0] / 2
    assert total_reward != 0


def test_the_gymnasium_env_deals_past_hands_the_agent_does_not_play():
    class Folder:
        def act(self, view):
            return Check() if view.legal.check else Fold()

    # Opponents who always fold: when the agent is the big blind they fold to it and it never acts.
    env = OmahaHiLoEnv(players=3, opponents=[Folder()])
    skipped = 0
    for hand_seed in range(30):
        _, info = env.reset(seed=hand_seed)
        skipped += info["hands_skipped"]
        assert env.hand.actor == 0
        assert info["skipped_net_bb"] == info["hands_skipped"] * 0.5  # each walk wins the small blind
    assert skipped > 0


def test_opponents_hear_how_each_hand_ended_and_a_broken_one_stops_the_episode():
    class NoteTaker(CallingStation):
        def __init__(self):
            self.seen = []

        def hand_over(self, view):
            self.seen.append(view.result.net)

    notes = NoteTaker()
    env = OmahaHiLoEnv(players=2, opponents=[notes], game="limit")
    for hand_seed in range(3):
        env.reset(seed=hand_seed)
        done = False
        while not done:
            _, _, done, _, _ = env.step(1)
    assert len(notes.seen) >= 3 and notes.seen[-1] == env.hand.result.net

    class Cheater:
        def act(self, view):
            return Raise(10_000)

    broken = OmahaHiLoEnv(players=2, opponents=[Cheater()])
    with pytest.raises(IllegalAction, match="cannot raise to 10000"):
        for hand_seed in range(5):  # the cheater acts first in some hand
            broken.reset(seed=hand_seed)
            broken.step(1)


# --- the observation -------------------------------------------------------------------------------------------


def test_observation_layout_on_a_known_hand():
    rules = Rules(PotLimit(), blinds=(1, 2))
    deck = parse_cards("As 2h Kd Kc 3c 4d Qh Qs 5s 6c 7d 8h 9s Tc Jd 9h 8d 2c 3d")  # heads-up: seat 1 first
    hand = start_hand(rules, (100, 50), button=0, deck=deck)
    hand = hand.apply(Call()).apply(Check())  # to the flop
    vector = encode(hand, 0)
    assert vector.dtype == np.float32 and vector.shape == (observation_size(2),)
    assert sorted(np.flatnonzero(vector[:52])) == sorted(int(c) for c in hand.hole[0])
    assert sorted(np.flatnonzero(vector[52:104])) == sorted(int(c) for c in hand.board) and len(hand.board) == 3
    assert list(vector[104:108]) == [0, 1, 0, 0]  # the flop
    assert list(vector[108:111]) == [0, 1, 0]  # pot limit
    chips = 150
    assert vector[layout.POT] == pytest.approx(4 / chips)
    assert vector[layout.BIG_BLIND] == pytest.approx(2 / chips)
    assert list(vector[layout.POSITION : layout.POSITION + 2]) == [1, 0]  # seat 0 is the button
    start = layout.seats_start(2)
    assert list(vector[start:]) == pytest.approx([98 / chips, 0, 2 / chips, 0, 48 / chips, 0, 2 / chips, 0])
    assert hand.actor == 1
    to_act = encode(hand, 1)
    assert to_act[layout.MIN_TO] == pytest.approx(2 / chips) and to_act[layout.MAX_TO] == pytest.approx(4 / chips)
    assert list(to_act[start : start + 4]) == pytest.approx([48 / chips, 0, 2 / chips, 0])  # itself first
    assert list(to_act[layout.POSITION : layout.POSITION + 2]) == [0, 1]


def test_a_structure_added_to_the_games_gets_a_flag_of_its_own(monkeypatch):
    """Issue 27: a fourth structure in engine.games.SINGLE gets the flag after the three others, and the pot and
    everything after it move along (they were placed by hand, so the new flag landed on the pot and the pot
    overwrote it); the environment's observation space grows with it. The module is read again with the longer
    list, as it would be if the list had been longer from the start, and again with the real one after."""
    import importlib

    from engine import games

    @attrs.frozen(slots=True)
    class Spread(NoLimit):
        name: ClassVar[str] = "test-spread"
        title: ClassVar[str] = "Test Spread"

    monkeypatch.setattr(games, "SINGLE", (*games.SINGLE, Spread.name))
    importlib.reload(layout)
    try:
        flag = layout.STRUCTURE + layout.STRUCTURE_SLOTS[Spread.name]
        assert flag == layout.STRUCTURE + 3 and flag < layout.POT
        fields = [layout.POT, layout.BIG_BLIND, layout.TO_CALL, layout.MIN_TO, layout.MAX_TO, layout.POSITION]
        assert len({flag, *fields}) == 7
        env = omaha_hilo_v0.raw_env(players=3, game=Rules(Spread(), blinds=(1, 2)), stack=100)
        env.reset(seed=5)
        vector = env.observe(env.agent_selection)["observation"]
        assert vector.shape == env.observation_space(env.agent_selection)["observation"].shape
        assert vector.shape == (layout.observation_size(3),) == (117 + 5 * 3,)
        assert list(vector[layout.STRUCTURE : layout.POT]) == [0, 0, 0, 1]
        assert vector[layout.POT] == pytest.approx(3 / 300)  # the blinds
        assert vector[layout.BIG_BLIND] == pytest.approx(2 / 300)
    finally:
        monkeypatch.undo()
        importlib.reload(layout)
    assert layout.POT == layout.STRUCTURE + 3 and layout.observation_size(2) == 116 + 10


def test_observation_shows_no_other_players_cards():
    rules = Rules(NoLimit(), blinds=(1, 2))
    first = parse_cards("As 2h Kd Kc 3c 4d Qh Qs 5s 6c 7d 8h 9s Tc Jd 9h 8d 2c 3d")
    second = parse_cards("Ah 2h Ks Kc 4h 4d 5c Qs 5s 6c 7d 8h 9s Tc Jd 9h 8d 2c 3d")  # seat 1's cards differ
    a, b = start_hand(rules, (100, 100), 0, deck=first), start_hand(rules, (100, 100), 0, deck=second)
    assert a.hole[0] == b.hole[0] and a.hole[1] != b.hole[1]
    assert np.array_equal(encode(a, 0), encode(b, 0))
    assert not np.array_equal(encode(a, 1), encode(b, 1))


def test_observations_stay_in_the_box_and_fold_flags_follow_the_hand():
    space = omaha_hilo_v0.raw_env(players=6).observation_space("player_0")
    for env, agent, observation in play_random(omaha_hilo_v0.raw_env(players=6, game="no-limit"), seed=3, hands=20):
        assert space.contains(observation)
        seat = int(agent[7:])
        start = layout.seats_start(6)
        folds = [bool(observation["observation"][start + 4 * k + 3]) for k in range(6)]
        assert folds == [env.hand.folded[(seat + k) % 6] for k in range(6)]


# --- bad input -------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("action", ["call", 1.0, True, None, -1, 6, [1], object()])
def test_something_that_is_not_an_action_is_refused(action):
    env = omaha_hilo_v0.raw_env(players=3)
    env.reset(seed=1)
    before = env.hand
    with pytest.raises(IllegalAction, match=r"an action is a whole number 0\.\.5"):
        env.step(action)
    assert env.hand is before


def test_numpy_integers_are_actions():
    env = omaha_hilo_v0.raw_env(players=3)
    env.reset(seed=1)
    env.step(np.int32(1))
    env.step(np.array(1))
    assert len(env.hand.actions) == 2


def test_a_masked_action_raises_saying_what_is_allowed():
    env = omaha_hilo_v0.raw_env(players=6, game="pot-limit")
    env.reset(seed=1, options={"button": 0})
    with pytest.raises(
        IllegalAction,
        match=r"cannot take action 5 \(all-in\) now: its mask is 0; allowed: "
        r"0 fold, 1 check/call, 2 min bet/raise, 4 pot",
    ):
        env.step(5)
    env.step(1)
    assert env.agent_selection == "player_4"


def test_a_masked_action_plays_check_or_fold_when_told_to():
    env = omaha_hilo_v0.raw_env(players=2, on_illegal="default")
    env.reset(seed=1)
    env.step(1)  # the button calls; the big blind may check
    agent = env.agent_selection
    env.step(0)  # fold is masked when checking is free: checks instead
    assert env.hand.actions[-1] == Check()
    assert env.infos[agent] == {"illegal_actions": 1}


def test_the_gymnasium_env_replaces_or_refuses_masked_actions():
    env = OmahaHiLoEnv(players=6, opponents=["caller"], game="pot-limit")
    env.reset(seed=1)
    mask = env.action_masks()
    masked = [i for i, ok in enumerate(mask) if not ok]
    assert masked
    _, _, _, _, info = env.step(masked[0])
    assert info["illegal_actions"] == 1
    strict = OmahaHiLoEnv(players=6, opponents=["caller"], game="pot-limit", on_illegal="raise")
    strict.reset(seed=1)
    with pytest.raises(IllegalAction, match="is masked now; allowed"):
        strict.step(masked[0])
    with pytest.raises(IllegalAction, match="an action is a whole number"):
        strict.step("fold")


def test_stepping_after_the_hand_is_over_needs_a_reset():
    env = OmahaHiLoEnv(players=2, opponents=["caller"])
    with pytest.raises(EnvError, match="call reset"):
        env.step(1)
    env.reset(seed=1)
    done = False
    while not done:
        _, _, done, _, _ = env.step(0 if env.action_masks()[0] else 1)
    with pytest.raises(EnvError, match="call reset"):
        env.step(1)
    raw = omaha_hilo_v0.raw_env(players=2)
    with pytest.raises(EnvError, match="call reset"):
        raw.observe("player_0")
    raw.reset(seed=1)
    with pytest.raises(EnvError, match="unknown agent 'player_9'"):
        raw.observe("player_9")


def _to_the_end(env) -> None:
    """Play the hand with check/call (or fold) until every agent is terminated, none stepped with None yet."""
    while not env.terminations[env.agent_selection]:
        mask = env.observe(env.agent_selection)["action_mask"]
        env.step(1 if mask[1] else 0)


@pytest.mark.parametrize("make", [omaha_hilo_v0.env, omaha_hilo_v0.raw_env])
def test_a_terminated_agent_is_stepped_with_none_and_anything_else_says_so(make):
    env = make(players=3)
    env.reset(seed=4)
    _to_the_end(env)
    agent = env.agent_selection
    with pytest.raises(EnvError, match=f"{agent}'s hand is over .* step it with None") as caught:
        env.step(1)
    assert isinstance(caught.value, ValueError)  # what PettingZoo raises, so code catching that still does
    assert agent in env.agents  # the refused step changed nothing
    for _ in env.agent_iter():
        assert env.last()[2]
        env.step(None)
    assert env.agents == []


@pytest.mark.parametrize("make", [omaha_hilo_v0.env, omaha_hilo_v0.raw_env])
def test_a_step_after_every_agent_has_left_warns_and_changes_nothing(make, caplog):
    """PettingZoo's order-enforcing wrapper logs a warning for such a step; the raw env does the same."""
    env = make(players=2)
    env.reset(seed=2)
    _to_the_end(env)
    while env.agents:
        env.step(None)
    caplog.clear()
    env.step(None)
    env.step(1)
    assert env.agents == []
    warned = [record for record in caplog.records if "step() called after all agents" in record.getMessage()]
    assert len(warned) == 2
    env.reset(seed=3)
    assert len(env.agents) == 2


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ({"players": 1}, "players .* must be a whole number from 2 to 10, got 1"),
        ({"players": 11}, "players .* got 11"),
        ({"players": 6.0}, "players .* got 6.0"),
        ({"game": "stud"}, f"game must be one of {', '.join(map(repr, SINGLE))}; got 'stud'"),
        ({"game": Rules(Unlisted())}, "'test-unlisted' is not one: name it there first"),
        ({"blinds": (2, 1)}, "the small blind cannot exceed the big blind"),
        ({"blinds": "1/2"}, r"blinds must be \(small, big\) or \(big,\) in chips, got '1/2'"),
        ({"stack": 1}, "stack .* must be a whole number >= 2, got 1"),
        ({"stack": "100"}, "stack .* got '100'"),
        ({"actions": "continuous"}, "actions .* must be one of 'abstract', 'exact'"),
        ({"on_illegal": "ignore"}, "on_illegal must be one of 'raise', 'default'"),
        ({"render_mode": "rgb_array"}, "render_mode .* must be one of 'human', 'ansi'"),
        ({"game": Rules(NoLimit(), showdown=ShowdownPolicy.MANUAL)}, "showdown must be SHOW_ALL or MUCK_LOSERS"),
        ({"game": Rules(NoLimit(), runs=2)}, "runs and boards must be 1"),
        ({"game": Rules(NoLimit(), hole_cards=5), "players": 9}, "players must be 2 to 8 for these rules, got 9"),
    ],
)
def test_bad_arguments_are_refused_with_what_is_allowed(arguments, message):
    with pytest.raises(EnvError, match=message):
        omaha_hilo_v0.raw_env(**arguments)
    with pytest.raises(EnvError, match=message):
        OmahaHiLoEnv(**arguments)


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"stacks": [10, 10]}, r"options\['stacks'\] must be a list of 3 chip counts"),
        ({"stacks": [10, 0, 10]}, r"options\['stacks'\]\[1\] .* from 1 to 200, got 0"),
        ({"stacks": [10, 201, 10]}, r"got 201"),
        ({"button": 3}, r"options\['button'\] .* from 0 to 2, got 3"),
        ("button", "options must be a dict or None"),
    ],
)
def test_bad_reset_options_are_refused(options, message):
    env = omaha_hilo_v0.raw_env(players=3)
    with pytest.raises(EnvError, match=message):
        env.reset(seed=1, options=options)


def test_reset_options_set_the_stacks_and_the_button():
    env = omaha_hilo_v0.raw_env(players=3)
    env.reset(seed=1, options={"stacks": [50, 60, 70], "button": 2, "ignored": True})
    assert env.hand.starting_stacks == (50, 60, 70) and env.hand.button == 2


def test_bad_opponents_are_refused():
    with pytest.raises(EnvError, match="opponents must be a non-empty list"):
        OmahaHiLoEnv(opponents="hilo")
    with pytest.raises(EnvError, match="each opponent must be a bot name or a bot"):
        OmahaHiLoEnv(opponents=[42])


# --- rendering -------------------------------------------------------------------------------------------------


def test_render_ansi_returns_the_table_and_human_prints_it(capsys):
    env = omaha_hilo_v0.raw_env(players=3, render_mode="ansi")
    env.reset(seed=1)
    text = env.render()
    assert text.startswith("pot-limit 1/2, preflop: board -, pot 3")
    assert "player_2" in text and "stack" in text
    printing = omaha_hilo_v0.raw_env(players=3, render_mode="human")
    printing.reset(seed=1)
    assert capsys.readouterr().out.strip() == text
    assert omaha_hilo_v0.raw_env(players=3).render() is None


def test_action_names_match_the_docs():
    assert ABSTRACT_ACTIONS == ("fold", "check/call", "min bet/raise", "half pot", "pot", "all-in")
    assert ActionMap("exact", 3).names() == ("fold", "check/call", "to 0", "to 1", "to 2", "to 3")


BAD_SEEDS = ("x", -1, 1.5, True, [1], 2.0)


@pytest.mark.parametrize("seed", BAD_SEEDS, ids=repr)
def test_every_environment_refuses_the_same_bad_seeds_with_an_env_error(seed):
    from engine.envs.batch import HandBatch

    makers = {
        "HandBatch(seed=)": lambda: HandBatch(size=2, players=3, seed=seed),
        "HandBatch.reset": lambda: HandBatch(size=2, players=3).reset(seed=seed),
        "PettingZoo reset": lambda: omaha_hilo_v0.env(players=3).reset(seed=seed),
        "Gymnasium reset": lambda: OmahaHiLoEnv(players=3).reset(seed=seed),
    }
    messages = set()
    for make in makers.values():
        with pytest.raises(EnvError, match="seed must be None or a whole number >= 0") as caught:
            make()
        messages.add(str(caught.value))
    assert len(messages) == 1, messages  # one check, one message


@pytest.mark.parametrize("seed", (None, 0, 7, 2**70), ids=repr)
def test_every_environment_takes_the_same_good_seeds(seed):
    from engine.envs.batch import HandBatch

    HandBatch(size=2, players=3, seed=seed).reset(seed=seed)
    omaha_hilo_v0.env(players=3).reset(seed=seed)
    OmahaHiLoEnv(players=3).reset(seed=seed)


def test_both_environments_take_the_settings_env_settings_checks() -> None:
    """One home for the arguments the two environments share: the rules, the stack (100 big blinds unless
    given), what an illegal action does and the render mode."""
    settings = env_settings("limit", 3, (1, 2), None, "default", "ansi")
    assert settings.stack == 200 and settings.rules.big_blind == 2
    for made in (
        omaha_hilo_v0.raw_env(players=3, game="limit", on_illegal="default", render_mode="ansi"),
        OmahaHiLoEnv(players=3, game="limit", on_illegal="default", render_mode="ansi"),
    ):
        assert (made.rules, made.stack, made.on_illegal, made.render_mode) == tuple(settings)
