"""The client's messages: JSON objects with a ``type`` and (optionally) the protocol ``version``.

Every message is checked here before the room sees it: its size, that it is a JSON object with a type, that the
type is known, that its fields are the type's and no others, and that each is of the kind and range `MESSAGES`
says. What fails is a `ProtocolError` with its code (`Code`): ``malformed`` for what is not a message of the
protocol, ``unknown_type``, ``bad_field`` for a field's value; it goes back to the client in an ``error``
message, and the table is never touched.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

import attrs

from engine.errors import EngineError
from engine.server.actions import read_action
from engine.server.codes import ClientError, Code, sent
from engine.server.config import MAX_SEATS, TABLE_ID_LONGEST
from engine.server.room import HISTORY_MOST, PROTOCOL_VERSION
from engine.server.tourney_config import TOURNAMENT_ID_LONGEST
from engine.validate import MAX_EXACT, is_whole, quote


@attrs.frozen(slots=True)
class Field:
    """One field of a client message: ``allowed`` says what it must be (in the words the error sends back),
    ``test`` checks a value and ``read``, if any, reads it further (``act``'s action into the engine's
    `Action`); ``required`` fields must be there, the others may be left out."""

    allowed: str
    test: Callable[[object], bool]
    required: bool = True
    read: Callable[[object], object] | None = None  # what the value becomes (an EngineError says why it cannot)


def _whole(minimum: int, maximum: int | None = None, *, required: bool = True) -> Field:
    """A whole-number field checked against exactly the bounds its message states: a field with no maximum of
    its own (a buy-in, a top-up) has none here, so that a huge one reaches the room, whose error names the
    table's range, instead of being told it is not "at least 1"."""
    span = f"from {minimum} to {maximum}" if maximum is not None else f"of at least {minimum}"
    return Field(f"a whole number {span}", lambda value: is_whole(value, minimum=minimum, maximum=maximum), required)


def _text(longest: int, what: str = "a string") -> Field:
    return Field(
        f"{what} of 1 to {longest} characters", lambda value: isinstance(value, str) and 1 <= len(value) <= longest
    )


def _ping_id(value: object) -> bool:
    return (
        value is None or is_whole(value, minimum=0, maximum=MAX_EXACT) or (isinstance(value, str) and len(value) <= 64)
    )


MESSAGES: dict[str, dict[str, Field]] = {
    "join": {
        "table": _text(TABLE_ID_LONGEST, "a table's id"),
        "name": Field("a string", lambda v: isinstance(v, str)),
        "buy_in": _whole(1),
        "seat": _whole(0, MAX_SEATS - 1, required=False),
    },
    "act": {
        "action": Field(
            'an action object such as {"action": "raise", "to": 8}', lambda v: isinstance(v, dict), read=read_action
        )
    },
    "sit_out": {},
    "come_back": {},
    "leave": {},
    "resume": {"token": _text(128, "the token from welcome, a string")},
    "top_up": {"amount": _whole(1)},
    "straddle": {"on": Field("true or false", lambda v: isinstance(v, bool))},
    "rebuy": {},
    "addon": {},
    "watch": {"table": _text(TABLE_ID_LONGEST, "a table's id")},
    "register": {
        "tournament": _text(TOURNAMENT_ID_LONGEST, "a tournament's id"),
        "name": Field("a string", lambda v: isinstance(v, str)),
    },
    "unregister": {"tournament": _text(TOURNAMENT_ID_LONGEST, "a tournament's id")},
    "history": {"count": _whole(1, HISTORY_MOST, required=False), "before": _whole(1, required=False)},
    "ping": {
        "id": Field(
            f"a string of at most 64 characters, a whole number from 0 to {MAX_EXACT} or null", _ping_id, required=False
        )
    },
}
"""Each client message type and its fields (beyond ``type`` and ``version``): what each must be. Every message
is checked against this before it is routed, so a field of the wrong kind or out of range is refused the same
way (``bad_field``, naming the field, what was sent and what is allowed) whichever message carries it; what
depends on the table (a buy-in within its range, a free seat) is the room's to refuse, with its own code."""


MAX_DEPTH = 8
"""How deeply a message's JSON may nest. The protocol's messages nest two deep (``act``'s action); a parser
or any recursive code that meets a message nested thousands deep under the size limit would exhaust the stack,
so such a message is refused before it is parsed."""
_NESTING = re.compile(r'"(?:[^"\\]|\\.)*"|[\[\]{}]')  # a string (skipped whole) or a bracket
_NESTING_BYTES = re.compile(_NESTING.pattern.encode())


class ProtocolError(ClientError):
    """A message that is not a message of the protocol (or a field of it that is not what it must be), or a
    request this connection cannot make (no seat, already seated): the network layer's refusals, before a room
    sees the request (what counts toward closing is decided by code: `MALFORMED_REQUESTS`)."""


def nesting(raw: str | bytes) -> int:
    """How deeply the JSON text's arrays and objects nest (brackets inside strings do not count): linear in
    the text, with no recursion, and at once for a message with few brackets (every real one)."""
    opening = raw.count("[") + raw.count("{") if isinstance(raw, str) else raw.count(b"[") + raw.count(b"{")
    if opening <= MAX_DEPTH:
        return opening
    depth = deepest = 0
    for found in _NESTING.finditer(raw) if isinstance(raw, str) else _NESTING_BYTES.finditer(raw):
        token = found.group()
        if token in ("[", "{", b"[", b"{"):
            depth += 1
            deepest = max(deepest, depth)
        elif token in ("]", "}", b"]", b"}"):
            depth -= 1
    return deepest


def parse_message(raw: str | bytes, limit: int) -> dict[str, Any]:
    """The message as a dict with a known ``type`` and exactly its fields, each checked (and ``act``'s action
    read into an `Action`); ProtocolError otherwise. The protocol is text frames: a binary frame is refused
    (JSON's reader would guess its encoding, UTF-16 included)."""
    if isinstance(raw, bytes):
        raise ProtocolError(Code.MALFORMED, "a binary frame: messages are JSON in text frames")
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
    if "type" not in data or not isinstance(data["type"], str):
        got = "no type" if "type" not in data else f"type {sent(data['type'])}"
        raise ProtocolError(
            Code.MALFORMED, f'a message is a JSON object with a "type" (one of {", ".join(MESSAGES)}); got {got}'
        )
    kind = data["type"]
    fields = MESSAGES.get(kind)
    if fields is None:
        raise ProtocolError(
            Code.UNKNOWN_TYPE, f"unknown message type {sent(kind)}; the types are {', '.join(MESSAGES)}"
        )
    missing = [key for key, field in fields.items() if field.required and key not in data]
    if missing:
        raise ProtocolError(Code.MALFORMED, f"{kind} needs {', '.join(missing)}")
    extra = set(data) - {"type", "version", *fields}
    if extra:
        raise ProtocolError(
            Code.MALFORMED, f"{kind} takes {', '.join(fields) or 'no fields'}; unknown: {', '.join(sorted(extra))}"
        )
    version = data.get("version", PROTOCOL_VERSION)
    if not is_whole(version) or version != PROTOCOL_VERSION:  # not True, not 1.0
        raise ProtocolError(
            Code.BAD_FIELD,
            f"{kind}'s version must be {PROTOCOL_VERSION} (the protocol version "
            f"this server speaks), got {sent(version)}",
        )
    for key, field in fields.items():
        if key not in data:
            continue
        if not field.test(data[key]):
            raise ProtocolError(Code.BAD_FIELD, f"{kind}'s {key} must be {field.allowed}, got {sent(data[key])}")
        if field.read is not None:
            try:
                data[key] = field.read(data[key])
            except EngineError as error:
                raise ProtocolError(Code.BAD_FIELD, f"{kind}'s {key}: {error}") from None
    return data
