"""The last edges of the earlier audit: each bad value is a clear EngineError, never accepted or untyped."""

from __future__ import annotations

import pytest

from engine import CardError, EngineError, FixedLimit, Rules, start_hand
from engine.cards import ALL_CARDS, Deck
from engine.errors import RulesError

LIMIT = Rules(FixedLimit(2, 4), blinds=(1, 2))


@pytest.mark.parametrize("cards", [[1, 2], ("As",), ALL_CARDS[:51], "As Kd"])
def test_a_deck_is_the_52_distinct_cards(cards: object) -> None:
    with pytest.raises(CardError, match=r"52 distinct cards.*Deck\.ordered"):
        Deck(cards=cards)  # type: ignore[arg-type]


def test_a_partial_stub_deck_is_made_as_such_and_checked_when_dealt() -> None:
    assert Deck(tuple(reversed(ALL_CARDS))).partial is False
    stub = Deck.ordered("As Kd")
    assert stub.partial and len(stub) == 2
    with pytest.raises(CardError, match="twice"):
        Deck.ordered("As As")
    with pytest.raises(RulesError, match="the deck holds 2 cards"):
        start_hand(LIMIT, stacks=(100, 100), button=0, deck=stub)


def test_a_hand_view_needs_a_seat() -> None:
    state = start_hand(LIMIT, stacks=(100, 100), button=0, seed=1)
    with pytest.raises(EngineError, match=r"seat 0\.\.1, got None.*seat_view\(state, None\)"):
        state.view(None)  # type: ignore[arg-type]
    from engine.views import seat_view

    assert seat_view(state, None).seat == -1 and state.view(1).seat == 1
