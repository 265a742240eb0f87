"""The operator's log lines: one line per thing that happened, as ``key=value`` pairs a person can read and a
log tool can parse (``event=join table=limit seat=2 name="ann b" buy_in=100``).
"""

from __future__ import annotations

import json
import re

_PLAIN = re.compile(r"[A-Za-z0-9_.:/@+-]+")


def line(event: str, **fields: object) -> str:
    """``event=<event>`` and each field as ``key=value``; a value with anything but plain characters (a space, a
    quote, an equals sign) is written as a JSON string, so every line splits back into its pairs."""
    pairs = [("event", event), *fields.items()]
    return " ".join(f"{key}={_value(value)}" for key, value in pairs)


def _value(value: object) -> str:
    text = "-" if value is None else str(value).lower() if isinstance(value, bool) else str(value)
    return text if _PLAIN.fullmatch(text) else json.dumps(text, ensure_ascii=True)
