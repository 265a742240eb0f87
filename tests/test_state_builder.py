"""The fast state builder makes exactly what the attrs constructor makes."""

from __future__ import annotations

import random

import attrs
import pytest

from engine import Call, Check, FixedLimit, Fold, HandState, NoLimit, PotLimit, Rules, start_hand


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


def test_call_check_fold_build_the_same_state_by_either_path() -> None:
    import engine.state as module

    state = start_hand(Rules(betting=FixedLimit(2, 4)), (50, 50, 50), 0, seed=3)
    quick = state.apply(Call())
    saved = module._quick_step
    try:
        module._quick_step = lambda *args: None  # type: ignore[assignment]
        slow = state.apply(Call())
        assert slow == quick
        assert slow.apply(Call()).apply(Check()) == quick.apply(Call()).apply(Check())
    finally:
        module._quick_step = saved


@pytest.mark.parametrize("betting", [FixedLimit(2, 4), PotLimit(), NoLimit()])
def test_quick_steps_equal_the_general_path_through_whole_hands(betting: object,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    import engine.state as module

    quick = module._quick_step
    rng = random.Random(8)
    for hand in range(40):
        state = start_hand(Rules(betting=betting, ante=hand % 2), (30, 80, 100, 9, 60), hand % 5,  # type: ignore[arg-type]
                           seed=hand)
        while not state.is_over:
            action = rng.choice(state.legal_actions().actions)
            fast = state.apply(action)
            monkeypatch.setattr(module, "_quick_step", lambda *args: None)
            general = state.apply(action)
            monkeypatch.setattr(module, "_quick_step", quick)
            assert fast == general and fast.result == general.result
            state = fast
