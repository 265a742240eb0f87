"""The message budget (engine.server.budget): the server's per-connection limit, and the smaller one its own
bots keep so that they never overdraw it."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.server.budget import MessageBudget


def test_waiting_exactly_what_the_budget_says_is_enough():
    """Found by hypothesis: at 0.9 a second the refill after waiting (1 - tokens) / rate came to 0.9999999999999999
    tokens, so the client's own budget refused the message it had waited for and the next went out at once."""
    client = MessageBudget.for_client(1.0, 1, 0.0)
    now = 0.0
    for _ in range(7):
        now += client.wait(now)
        assert client.allow(now)


def test_a_burst_then_the_rate():
    budget = MessageBudget(rate=2.0, burst=3, now=0.0)
    assert [budget.allow(0.0) for _ in range(4)] == [True, True, True, False]
    assert budget.wait(0.0) == pytest.approx(0.5)
    assert not budget.allow(0.4)
    assert budget.allow(0.5)
    assert budget.wait(10.0) == 0.0
    assert [budget.allow(10.0) for _ in range(4)] == [True, True, True, False]  # never more than the burst


@given(rate=st.floats(0.5, 100), burst=st.integers(1, 50), gaps=st.lists(st.floats(0, 2), min_size=1, max_size=200))
def test_a_client_keeping_its_budget_never_overdraws_the_servers(rate, burst, gaps):
    """The client sends whenever it wants to (after each gap), but first waits what its budget says; the
    server's budget, seeing the same times, allows every message."""
    client = MessageBudget.for_client(rate, burst, 0.0)
    server = MessageBudget(rate, burst, 0.0)
    now = 0.0
    for gap in gaps:
        now += gap
        now += client.wait(now)
        assert client.allow(now)  # waiting what it said is always enough
        assert server.allow(now)
