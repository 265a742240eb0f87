"""The fast state builder makes exactly what the attrs constructor makes."""

from __future__ import annotations

import random

import attrs
import pytest

from engine import FixedLimit, Fold, HandState, NoLimit, PotLimit, Rules, start_hand


@pytest.mark.parametrize("betting", [FixedLimit(2, 4), PotLimit(), NoLimit()])
def test_every_state_of_a_hand_equals_its_attrs_built_copy(betting: object) -> None:
    rng = random.Random(5)
    for hand in range(30):
        state = start_hand(Rules(betting=betting), (60, 80, 100, 40), hand % 4, seed=hand)  # type: ignore[arg-type]
        while True:
            fields = {a.name: getattr(state, a.name) for a in attrs.fields(HandState) if a.init}
            rebuilt = HandState(**fields)
            assert type(state) is HandState
            assert rebuilt == state and hash(rebuilt) == hash(state) and repr(rebuilt) == repr(state)
            with pytest.raises(attrs.exceptions.FrozenInstanceError):
                state.level = 5  # type: ignore[misc]
            if state.is_over:
                break
            legal = state.legal_actions()
            choices = [a for a in legal.actions if not isinstance(a, Fold) or rng.random() < 0.2]
            action = rng.choice(choices or list(legal.actions))
            state = state.apply(action)
        assert state.result is not None


def test_a_draft_has_the_layout_of_a_hand_state() -> None:
    """engine.state._Draft adds HandState's own slots in HandState's order, so a draft may become a state."""
    from engine.state import _Draft

    assert _Draft.__slots__ == HandState.__slots__
    assert [a.name for a in attrs.fields(HandState) if a.init] == [a.name for a in attrs.fields(HandState)][:-2]


@pytest.mark.parametrize("betting", [FixedLimit(2, 4), PotLimit(), NoLimit()])
def test_a_state_whose_events_were_read_steps_to_the_same_states(betting: object) -> None:
    """Once its events are read a state records the next state's as it goes; the states are the same."""
    rng = random.Random(8)
    for hand in range(40):
        plain = start_hand(
            Rules(betting=betting, ante=hand % 2),
            (30, 80, 100, 9, 60),
            hand % 5,  # type: ignore[arg-type]
            seed=hand,
        )
        recording = start_hand(
            Rules(betting=betting, ante=hand % 2),
            (30, 80, 100, 9, 60),
            hand % 5,  # type: ignore[arg-type]
            seed=hand,
        )
        assert recording.events
        while not plain.is_over:
            action = rng.choice(plain.legal_actions().actions)
            plain, recording = plain.apply(action), recording.apply(action)
            assert plain == recording and plain.result == recording.result
            assert recording._events_cache is not None and recording._events_cache == plain.events
