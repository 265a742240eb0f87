"""A message budget (a token bucket): ``rate`` messages a second on average, up to ``burst`` at once.

The server keeps one per connection and closes a connection that overdraws it (docs/server.md); the built-in
bots keep a smaller one of their own (`for_client`) and wait rather than overdraw, so a fast table (no pause
between hands) is not slowed by its own bots being cut off and resuming.
"""

from __future__ import annotations

SLACK = 1e-9
"""Tokens short of one by less than this still make a message: a client that waited exactly `wait` seconds
has its token, whatever the float arithmetic of the refill rounded away."""


class MessageBudget:
    """Tokens refill at ``rate`` a second up to ``burst``; each message takes one."""

    def __init__(self, rate: float, burst: int, now: float) -> None:
        self.rate, self.burst = rate, burst
        self.tokens = float(burst)
        self.last = now

    @classmethod
    def for_client(cls, rate: float, burst: int, now: float) -> MessageBudget:
        """A budget a client can keep to without ever overdrawing the server's one of ``rate`` and ``burst``:
        a tenth slower and half the burst, for the time its messages take to arrive."""
        return cls(rate * 0.9, max(1, burst // 2), now)

    def wait(self, now: float) -> float:
        """Seconds until one more message is allowed (0.0: now)."""
        self._refill(now)
        return 0.0 if self.tokens >= 1 - SLACK else (1 - self.tokens) / self.rate

    def allow(self, now: float) -> bool:
        """Take one message from the budget if it allows one now."""
        self._refill(now)
        if self.tokens < 1 - SLACK:
            return False
        self.tokens -= 1
        return True

    def _refill(self, now: float) -> None:
        self.tokens = min(self.burst, self.tokens + (now - self.last) * self.rate)
        self.last = now
