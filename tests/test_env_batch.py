"""`engine.envs.batch.HandBatch`: many hands in lockstep, numpy arrays in and out. Its observations and masks are
exactly the single environments' (`encode`, `ActionMap.mask`), its rewards the finished hands' nets in big
blinds, its hands fixed by its seed; bad input is refused before any table moves."""

from __future__ import annotations

import pytest

np = pytest.importorskip("numpy", reason='could not import numpy: pip install -e ".[test-rl]" to run these tests')
pytest.importorskip("gymnasium", reason='could not import gymnasium: pip install -e ".[test-rl]" to run these tests')

from engine import IllegalAction  # noqa: E402
from engine.envs.actions import ActionMap  # noqa: E402
from engine.envs.batch import HandBatch  # noqa: E402
from engine.envs.config import EnvError  # noqa: E402
from engine.envs.observation import encode  # noqa: E402


def random_actions(rng, masks):
    return (rng.random(masks.shape) * masks).argmax(axis=1)


@pytest.mark.parametrize(("players", "game", "seed"), [(2, "pot-limit", 1), (3, "limit", 2), (6, "no-limit", 3)])
def test_every_row_is_what_the_single_environment_sees(players, game, seed) -> None:
    print(f"seed {seed}")
    batch = HandBatch(size=12, players=players, game=game, seed=seed)
    actions = ActionMap("abstract", batch.stack)
    observations, masks, actors = batch.reset()
    rng = np.random.default_rng(seed)
    finished = 0
    for _ in range(200):
        for table, hand in enumerate(batch.hands):
            assert actors[table] == hand.actor
            assert np.array_equal(observations[table], encode(hand, hand.actor))
            assert masks[table].tolist() == actions.mask(hand)
        observations, masks, actors, rewards, dones = batch.step(random_actions(rng, masks))
        for table in np.flatnonzero(dones):
            finished += 1
            assert rewards[table].sum() == pytest.approx(0.0, abs=1e-5)  # no rake: chips only change hands
        assert not rewards[~dones].any()
    assert finished == batch.hands_played > 0


def test_rewards_are_the_finished_hands_nets_in_big_blinds() -> None:
    batch = HandBatch(size=8, players=3, seed=11)
    actions = ActionMap("abstract", batch.stack)
    _, masks, _ = batch.reset()
    rng = np.random.default_rng(11)
    checked = 0
    for _ in range(100):
        chosen = random_actions(rng, masks)
        expected = {}
        for table, hand in enumerate(batch.hands):
            after = hand.apply(actions.to_action(hand, int(chosen[table]), masks[table].tolist()))
            if after.is_over:
                expected[table] = [net / batch.rules.big_blind for net in after.result.net]
        _, masks, _, rewards, dones = batch.step(chosen)
        assert sorted(expected) == np.flatnonzero(dones).tolist()
        for table, nets in expected.items():
            assert rewards[table].tolist() == pytest.approx(nets)
            checked += 1
    assert checked > 10


def test_the_same_seed_and_actions_play_the_same_hands() -> None:
    def play(seed):
        batch = HandBatch(size=5, players=2, seed=seed)
        _, masks, _ = batch.reset()
        rng = np.random.default_rng(0)
        seen = []
        for _ in range(50):
            _, masks, _, rewards, _ = batch.step(random_actions(rng, masks))
            seen.append(rewards.copy())
        return [hand.hole for hand in batch.hands], np.array(seen)

    first, again, other = play(4), play(4), play(5)
    assert first[0] == again[0] and np.array_equal(first[1], again[1])
    assert first[0] != other[0]
    batch = HandBatch(size=3, seed=1)
    batch.reset(seed=9)
    dealt = [hand.hole for hand in batch.hands]
    batch.reset(seed=9)
    assert [hand.hole for hand in batch.hands] == dealt


def test_bad_input_is_refused_before_any_table_moves() -> None:
    batch = HandBatch(size=4, seed=1)
    with pytest.raises(EnvError, match="call reset"):
        batch.step([1, 1, 1, 1])
    _, masks, _ = batch.reset()
    hands = list(batch.hands)
    with pytest.raises(EnvError, match="a sequence of 4 actions"):
        batch.step([1, 1])
    with pytest.raises(EnvError, match="a sequence of 4 actions"):
        batch.step("1111")
    with pytest.raises(IllegalAction, match=r"whole number 0\.\.5"):
        batch.step([1, 1, 1, 9])
    masked = int(np.flatnonzero(masks[3] == 0)[0])
    with pytest.raises(IllegalAction, match=r"table 3: action .* is masked"):
        batch.step([1, 1, 1, masked])
    assert batch.hands == hands
    for size in (0, -1, 2.5, "8"):
        with pytest.raises(EnvError, match="size"):
            HandBatch(size=size)
    with pytest.raises(EnvError):
        HandBatch(players=1)
