"""Every client message checked the one way (`engine.server.protocol.MESSAGES`): what is not a message of the
protocol is ``malformed``, an unknown type ``unknown_type``, and a field of the wrong kind or out of range
``bad_field`` whatever message carries it, with a message naming the field, what was sent and what is allowed.
Each message type with a field missing, of the wrong type, and out of range; then over a real socket."""

from __future__ import annotations

import json
from typing import Any

import pytest

pytest.importorskip(
    "websockets", reason='could not import websockets: pip install -e ".[test-server]" to run these tests'
)

from helpers import scaled
from test_server_net import client, run

from engine.server.actions import read_action
from engine.server.app import SEAT_REQUESTS
from engine.server.protocol import MESSAGES, ProtocolError, parse_message

JOIN = {"type": "join", "table": "limit", "name": "ann", "buy_in": 100}

CASES: list[tuple[dict[str, Any], str, tuple[str, ...]]] = [
    # not a message of the protocol
    ({}, "malformed", ('"type"', "got no type")),
    ({"type": 5}, "malformed", ('"type"', "got type 5")),
    ({"type": "dance"}, "unknown_type", ('"dance"', "join, act")),
    ({**JOIN, "version": 2}, "bad_field", ("join's version", "got 2", "must be 1")),
    ({**JOIN, "version": "1"}, "bad_field", ("join's version", 'got "1"')),
    # join
    ({"type": "join", "table": "limit", "buy_in": 100}, "malformed", ("join needs name",)),
    ({**JOIN, "table": 5}, "bad_field", ("join's table", "got 5", "a table's id")),
    ({**JOIN, "table": "x" * 41}, "bad_field", ("join's table", "1 to 40 characters")),
    ({**JOIN, "name": 7}, "bad_field", ("join's name", "got 7", "a string")),
    ({**JOIN, "buy_in": "100"}, "bad_field", ("join's buy_in", 'got "100"', "whole number")),
    ({**JOIN, "buy_in": 0}, "bad_field", ("join's buy_in", "got 0", "at least 1")),
    ({**JOIN, "seat": "2"}, "bad_field", ("join's seat", 'got "2"')),
    ({**JOIN, "seat": 2.0}, "bad_field", ("join's seat", "got 2.0")),
    ({**JOIN, "seat": -1}, "bad_field", ("join's seat", "got -1", "from 0 to 9")),
    # act
    ({"type": "act"}, "malformed", ("act needs action",)),
    ({"type": "act", "action": "fold"}, "bad_field", ("act's action", 'got "fold"', "an action object")),
    ({"type": "act", "action": {"action": "dance"}}, "bad_field", ("act's action", 'got "dance"', "fold, check")),
    ({"type": "act", "action": {"action": "raise", "to": -1}}, "bad_field", ("act's action", "raise's to", "got -1")),
    ({"type": "act", "action": {"action": "run", "times": 4}}, "bad_field", ("run's times", "from 1 to 3", "got 4")),
    # resume
    ({"type": "resume"}, "malformed", ("resume needs token",)),
    ({"type": "resume", "token": 12345}, "bad_field", ("resume's token", "got 12345", "a string")),
    ({"type": "resume", "token": "A" * 129}, "bad_field", ("resume's token", "1 to 128 characters")),
    # top_up
    ({"type": "top_up"}, "malformed", ("top_up needs amount",)),
    ({"type": "top_up", "amount": "10"}, "bad_field", ("top_up's amount", 'got "10"')),
    ({"type": "top_up", "amount": 0}, "bad_field", ("top_up's amount", "got 0", "at least 1")),
    # straddle
    ({"type": "straddle"}, "malformed", ("straddle needs on",)),
    ({"type": "straddle", "on": "yes"}, "bad_field", ("straddle's on", 'got "yes"', "true or false")),
    ({"type": "straddle", "on": 1}, "bad_field", ("straddle's on", "got 1")),
    # watch
    ({"type": "watch"}, "malformed", ("watch needs table",)),
    ({"type": "watch", "table": ["limit"]}, "bad_field", ("watch's table", 'got ["limit"]')),
    ({"type": "watch", "table": ""}, "bad_field", ("watch's table", 'got ""', "1 to 40 characters")),
    # history (its fields are optional: a wrong type and a range)
    ({"type": "history", "count": "5"}, "bad_field", ("history's count", 'got "5"')),
    ({"type": "history", "count": 21}, "bad_field", ("history's count", "got 21", "from 1 to 20")),
    ({"type": "history", "before": 0}, "bad_field", ("history's before", "got 0", "at least 1")),
    # ping
    ({"type": "ping", "id": {"a": 1}}, "bad_field", ("ping's id", 'got {"a": 1}')),
    ({"type": "ping", "id": "x" * 65}, "bad_field", ("ping's id", "at most 64 characters")),
    # the messages with no fields
    ({"type": "sit_out", "seat": 1}, "malformed", ("sit_out takes no fields", "unknown: seat")),
    ({"type": "come_back", "x": 1}, "malformed", ("come_back takes no fields",)),
    ({"type": "leave", "chips": 5}, "malformed", ("leave takes no fields",)),
]


@pytest.mark.parametrize(("message", "code", "says"), CASES, ids=[json.dumps(c[0])[:50] for c in CASES])
def test_a_malformed_message_gets_its_one_code_and_a_message_naming_the_field_the_value_and_what_is_allowed(
    message, code, says
):
    with pytest.raises(ProtocolError) as refused:
        parse_message(json.dumps(message), 4096)
    assert refused.value.code == code, str(refused.value)
    for fragment in says:
        assert fragment in str(refused.value), (fragment, str(refused.value))


@pytest.mark.parametrize(
    "message",
    [
        JOIN,
        {**JOIN, "seat": 3, "version": 1},
        {"type": "act", "action": {"action": "fold"}},
        {"type": "resume", "token": "A" * 32},
        {"type": "top_up", "amount": 10},
        {"type": "straddle", "on": False},
        {"type": "watch", "table": "limit"},
        {"type": "history"},
        {"type": "history", "count": 20, "before": 3},
        {"type": "ping"},
        {"type": "ping", "id": 7},
        {"type": "ping", "id": None},
        {"type": "sit_out"},
    ],
)
def test_well_formed_messages_pass(message):
    parsed = parse_message(json.dumps(message), 4096)
    if message["type"] == "act":  # read into the engine's action with the other fields
        assert parsed == {**message, "action": read_action(message["action"])}
    else:
        assert parsed == message


def test_over_the_wire_a_bad_field_is_an_error_and_the_connection_stays_open(tmp_path):
    """The codes a client author met: no type, an integer token (was unknown_token and the connection closed),
    seat -1 (was seat_taken); a seat beyond the table's seats is the room's bad_field; then the same connection
    joins."""

    async def test(server: Any, port: int) -> None:
        bad = await client(port)
        for message, code, fragment in [
            ({"name": "x"}, "malformed", "got no type"),
            ({"type": "resume", "token": 12345}, "bad_field", "resume's token"),
            ({**JOIN, "seat": -1}, "bad_field", "join's seat"),
            ({**JOIN, "seat": 6}, "bad_field", "a seat of table limit, a whole number from 0 to 5"),
            ({**JOIN, "buy_in": 10**20}, "bad_buy_in", "from 40 to 200, got 100000000000000000000"),
            ({"type": "top_up", "amount": 10**20}, "no_seat", "hold no seat"),
            ({"type": "act", "action": {"action": "fold"}}, "no_seat", "hold no seat"),
        ]:
            await bad.send(**message)
            reply = await bad.until("error")
            assert (reply["code"], fragment in reply["message"]) == (code, True), (message, reply)
        await bad.send(**JOIN, seat=2)
        assert (await bad.until("welcome", timeout=scaled(5)))["seat"] == 2
        await bad.send(type="act", action={"action": "raise", "to": -1})
        reply = await bad.until("error")
        assert reply["code"] == "bad_field" and "act's action" in reply["message"], reply
        await bad.ws.close()

    run(test, str(tmp_path / "db.sqlite3"))


def test_the_server_has_one_handler_for_each_type_the_protocol_lets_through(tmp_path):
    """`GameServer.dispatch` looks a message's type up in `SEAT_REQUESTS`, else in `handlers`: a type
    `MESSAGES` checks but neither takes (or one taken but never let through) fails here, not on a client's
    message."""

    async def nothing(server: Any, port: int) -> None:
        pass

    server = run(nothing, str(tmp_path / "db.sqlite3"))
    assert sorted([*server.handlers, *SEAT_REQUESTS]) == sorted(MESSAGES)
