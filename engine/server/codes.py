"""The machine-readable ``code`` of every ``error`` message, and the one error type that carries it.

A client branches on the code, never on the English ``message`` beside it (which may be reworded at any time).
Every refusal the room or the network layer makes is a `ClientError` raised with its code; the codes, and when
each is sent, are listed in docs/server.md. What closes the connection is decided here too (`CLOSES`), so the
network layer has one rule for it.
"""

from __future__ import annotations

import enum
import json
from collections.abc import Callable
from functools import partial

from engine.errors import EngineError


class Code(enum.StrEnum):
    """Why a request was refused (docs/server.md, "Errors")."""

    MALFORMED = "malformed"  # not JSON, not an object, no type, missing or unknown fields
    UNKNOWN_TYPE = "unknown_type"  # a message type this server does not know
    TOO_LARGE = "too_large"  # over max_message_bytes (closes, 1009)
    RATE_LIMITED = "rate_limited"  # more than rate messages a second beyond the burst (closes, 1008)
    UNKNOWN_TOKEN = "unknown_token"  # resume with a token that holds no seat (closes, 1008)
    RESUMED_ELSEWHERE = "resumed_elsewhere"  # another connection resumed this seat (closes, 1008)
    NO_SEAT = "no_seat"  # a seat's request (act, leave, ...) or history from a connection without one
    ALREADY_SEATED = "already_seated"  # join, watch or resume another seat from a connection holding a seat
    UNKNOWN_TABLE = "unknown_table"  # join or watch a table this server does not serve
    BAD_NAME = "bad_name"  # empty, too long or unprintable
    NAME_TAKEN = "name_taken"  # a player of that name sits at the table
    BAD_BUY_IN = "bad_buy_in"  # not a whole number within the table's buy-in range
    TABLE_FULL = "table_full"  # no free seat
    SEAT_TAKEN = "seat_taken"  # the seat asked for is taken
    NO_ACTION_DUE = "no_action_due"  # act when no hand waits for an action
    NOT_YOUR_TURN = "not_your_turn"  # act when another seat is to act
    ILLEGAL_ACTION = "illegal_action"  # an action or amount the hand does not allow now
    BAD_AMOUNT = "bad_amount"  # a top_up outside 1..(maximum buy-in - stack)
    BAD_FIELD = "bad_field"  # a field of the wrong kind or out of range, in any message (engine.server.protocol)
    NOT_ALLOWED = "not_allowed"  # what this table or your seat's state does not allow (straddle, come_back)
    REFUSED = "refused"  # any other request the table refuses as it stands
    STORE_UNAVAILABLE = "store_unavailable"  # the database could not store it: nothing changed, try again
    TABLE_MOVED = "table_moved"  # this server no longer serves the table (another took it over): resume there
    UNKNOWN_TOURNAMENT = "unknown_tournament"  # register or unregister for a tournament this server does not run
    ALREADY_REGISTERED = "already_registered"  # that name (or this connection) is registered already
    TOURNAMENT_FULL = "tournament_full"  # every place is taken (it starts in a moment)
    TOURNAMENT_STARTED = "tournament_started"  # it has started: no registering or unregistering until the next
    NOT_REGISTERED = "not_registered"  # unregister from a connection that holds no registration for it
    REGISTRATION_CLOSED = "registration_closed"  # a scheduled tournament's registration is over, or it was cancelled
    NO_REENTRY = "no_reentry"  # a busted entrant's register when no re-entry is left (or allowed)


CLOSES: dict[Code, int] = {
    Code.TOO_LARGE: 1009,
    Code.RATE_LIMITED: 1008,
    Code.UNKNOWN_TOKEN: 1008,
    Code.RESUMED_ELSEWHERE: 1008,
    Code.TABLE_MOVED: 1012,
}
"""The codes after which the connection is closed, with the WebSocket close code (the rest leave it open)."""
MALFORMED_REQUESTS = frozenset(
    {
        Code.MALFORMED,
        Code.UNKNOWN_TYPE,
        Code.BAD_FIELD,
        Code.NO_SEAT,
        Code.ALREADY_SEATED,
        Code.UNKNOWN_TABLE,
        Code.UNKNOWN_TOURNAMENT,
    }
)
"""The codes of requests no honest client sends (a mistake in the client, not a race with the table): they count
toward closing the connection. A refusal the table makes as it stands (out of turn, a bad amount) can be an
honest race with the clock and does not."""


class ClientError(EngineError):
    """A request refused, with its `Code`: the code and the message go back to the client in an ``error``."""

    def __init__(self, code: Code, message: str) -> None:
        super().__init__(message)
        self.code = code

    @classmethod
    def of(cls, code: Code) -> Callable[[str], ClientError]:
        """This error with ``code``, made from a message alone: for the checks of `engine.validate`
        (``error=RoomError.of(Code.BAD_BUY_IN)``)."""
        return partial(cls, code)


def sent(value: object) -> str:
    """What a client sent, as the JSON it wrote (shortened when long): how every refusal quotes it, so that a
    client author reads their own message back, never Python's repr of it."""
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):  # not from JSON (a caller's own value): still said
        text = f"<{type(value).__name__}>"
    return text if len(text) <= 60 else f"{text[:45]}... ({len(text)} characters)"
