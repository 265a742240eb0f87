"""The operator's log lines: one line per thing that happened, as ``key=value`` pairs a person can read and a
log tool can parse (``event=join table=limit seat=2 name="ann b" buy_in=100``).
"""

from __future__ import annotations

import json
import logging
import re
from collections.abc import Callable

_PLAIN = re.compile(r"[A-Za-z0-9_.:/@+-]+")


def line(event: str, **fields: object) -> str:
    """``event=<event>`` and each field as ``key=value``; a value with anything but plain characters (a space, a
    quote, an equals sign) is written as a JSON string, so every line splits back into its pairs."""
    pairs = [("event", event), *fields.items()]
    return " ".join(f"{key}={_value(value)}" for key, value in pairs)


def setting(value: object) -> object:
    """A setting as a log line gives it: a list or table (blinds, levels, payouts) as JSON, anything else as it
    is (`line` then quotes what is not plain)."""
    return json.dumps(value, separators=(",", ":")) if isinstance(value, (list, tuple, dict)) else value


def _value(value: object) -> str:
    text = "-" if value is None else str(value).lower() if isinstance(value, bool) else str(value)
    return text if _PLAIN.fullmatch(text) else json.dumps(text, ensure_ascii=True)


class Throttled:
    """A warning a client can cause (a refused origin, a connection over a cap), said at most once every
    ``every`` seconds: the first at once, the others counted and told with the next one said, so that no client
    can flood the operator's log while the operator still learns how often it happened."""

    def __init__(self, logger: logging.Logger, clock: Callable[[], float], every: float = 60.0) -> None:
        self.logger, self.clock, self.every = logger, clock, every
        self.next: dict[str, float] = {}
        self.held: dict[str, int] = {}

    def warning(self, kind: str, text: str, *args: object) -> None:
        """Log ``text % args`` now if no ``kind`` warning was said in the last ``every`` seconds, else count it."""
        now = self.clock()
        if now < self.next.get(kind, float("-inf")):
            self.held[kind] = self.held.get(kind, 0) + 1
            return
        held = self.held.pop(kind, 0)
        self.next[kind] = now + self.every
        more = f" (and {held} more like it in the last {self.every:g} s)" if held else ""
        self.logger.warning(text + more, *args)
