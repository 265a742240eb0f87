"""The client's messages: JSON objects with a ``type`` and (optionally) the protocol ``version``.

Every message is checked here before the room sees it: its size, that it is a JSON object, that its type is
known, that its fields are the type's and no others. What fails is a `ProtocolError` with its code (`Code`),
which goes back to the client in an ``error`` message; the table is never touched.
"""

from __future__ import annotations

import json
import re
from typing import Any

from engine.server.codes import ClientError, Code
from engine.server.room import PROTOCOL_VERSION
from engine.validate import is_whole, quote

# Each client message type and the fields it may carry (beyond type and version); required ones first.
FIELDS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "join": (("table", "name", "buy_in"), ("seat",)),
    "act": (("action",), ()),
    "sit_out": ((), ()),
    "come_back": ((), ()),
    "leave": ((), ()),
    "resume": (("token",), ()),
    "top_up": (("amount",), ()),
    "straddle": (("on",), ()),
    "watch": (("table",), ()),
    "history": ((), ("count", "before")),
    "ping": ((), ("id",)),
}


MAX_DEPTH = 8
"""How deeply a message's JSON may nest. The protocol's messages nest two deep (``act``'s action); a parser
or any recursive code that meets a message nested thousands deep under the size limit would exhaust the stack,
so such a message is refused before it is parsed."""
_NESTING = re.compile(r'"(?:[^"\\]|\\.)*"|[\[\]{}]')  # a string (skipped whole) or a bracket
_NESTING_BYTES = re.compile(_NESTING.pattern.encode())


class ProtocolError(ClientError):
    """A message that is not a message of the protocol, or a request this connection cannot make (no seat,
    already seated): counted toward closing a connection that sends many."""


def nesting(raw: str | bytes) -> int:
    """How deeply the JSON text's arrays and objects nest (brackets inside strings do not count): linear in
    the text, with no recursion, and at once for a message with few brackets (every real one)."""
    opening = raw.count("[") + raw.count("{") if isinstance(raw, str) else raw.count(b"[") + raw.count(b"{")
    if opening <= MAX_DEPTH:
        return opening
    depth = deepest = 0
    for found in (_NESTING.finditer(raw) if isinstance(raw, str) else _NESTING_BYTES.finditer(raw)):
        token = found.group()
        if token in ("[", "{", b"[", b"{"):
            depth += 1
            deepest = max(deepest, depth)
        elif token in ("]", "}", b"]", b"}"):
            depth -= 1
    return deepest


def parse_message(raw: str | bytes, limit: int) -> dict[str, Any]:
    """The message as a dict with a known ``type`` and exactly its fields; ProtocolError otherwise."""
    if len(raw) > limit:
        raise ProtocolError(Code.TOO_LARGE, f"message too large: {len(raw)} bytes, the limit is {limit}")
    depth = nesting(raw)
    if depth > MAX_DEPTH:
        raise ProtocolError(Code.MALFORMED, f"malformed JSON: nested {depth} deep, the limit is {MAX_DEPTH}")
    try:
        data = json.loads(raw)
    except (ValueError, UnicodeDecodeError) as error:
        raise ProtocolError(Code.MALFORMED, f"malformed JSON: {error}") from None
    if not isinstance(data, dict):
        raise ProtocolError(Code.MALFORMED, f'a message is a JSON object with a "type", got {quote(data)}')
    kind = data.get("type")
    if kind not in FIELDS:
        raise ProtocolError(Code.UNKNOWN_TYPE, f"unknown message type {quote(kind)}; the types are {', '.join(FIELDS)}")
    version = data.get("version", PROTOCOL_VERSION)
    if not is_whole(version) or version != PROTOCOL_VERSION:  # not True, not 1.0
        raise ProtocolError(Code.MALFORMED, f"protocol version {quote(version)} is not spoken here; this server speaks "
                            f"version {PROTOCOL_VERSION}")
    required, optional = FIELDS[kind]
    missing = [key for key in required if key not in data]
    if missing:
        raise ProtocolError(Code.MALFORMED, f"{kind} needs {', '.join(missing)}")
    extra = set(data) - {"type", "version", *required, *optional}
    if extra:
        raise ProtocolError(Code.MALFORMED, f"{kind} takes {', '.join(required + optional) or 'no fields'}; unknown: "
                            f"{', '.join(sorted(extra))}")
    return data
