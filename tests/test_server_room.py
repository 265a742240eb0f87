"""The server's room, log and storage, without sockets: a fake clock, bots acting through the room.

Every test taking ``store`` or ``db`` runs twice: on SQLite and on PostgreSQL (tests/conftest.py).
"""

from __future__ import annotations

import json
import re
import sys
import time
from decimal import Decimal

import pytest
from helpers import decks, scaled, seeded_decks  # noqa: F401 (seeded_decks: an autouse fixture)

from engine import TableView, from_json
from engine.bots import RandomBot
from engine.cards import Deck
from engine.schedule import MixedOmaha
from engine.server import fair
from engine.server.actions import ActionError, read_action
from engine.server.config import TableConfig
from engine.server.log import LogError, RoomState, apply_event
from engine.server.room import Policy, Room, RoomError
from engine.server.store import FinishedHand, LedgerEntry, Record, SQLiteStore, StoreError, open_store
from engine.table import Table


class Clock:
    """A clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def store(db):
    store = open_store(db)
    yield store
    store.close()


def open_room(store, clock, game="pot-limit", **config) -> Room:
    return Room.open(
        TableConfig("t", game=game, **config),
        store,
        clock=clock,
        shuffle=decks,
        policy=Policy(grace_seconds=30, away_seconds=120, pause_seconds=0),
    )


def seat_view_of(room: Room, seat: int):
    text = room.view_message(seat)
    return from_json(json.dumps(json.loads(text)["view"]), TableView).hand


def play(room: Room, actions: int, seed: int = 1) -> int:
    """Let random bots act for whoever is to act; returns how many actions were taken."""
    bots: dict[int, RandomBot] = {}
    for taken in range(actions):
        seat = room.actor_seat()
        if seat is None:
            return taken
        bot = bots.setdefault(seat, RandomBot(seed=seed * 100 + seat))
        room.act(seat, bot.act(seat_view_of(room, seat)))
    return actions


def chips_balance(store, rooms) -> tuple[int, int]:
    totals = store.ledger_totals()
    for room in rooms:
        room.table.check_chips()  # the engine's own ledger agrees
    return totals["buy_in"], sum(room.state.chips for room in rooms) + totals["cash_out"] + totals["rake"]


def test_a_table_plays_hands_and_every_chip_is_accounted_for(store):
    clock = Clock()
    room = open_room(store, clock, rake_percent=5, rake_cap=3)
    for name in ("ann", "bob", "cy", "dee"):
        room.join(name, 150)
    play(room, 500)
    assert room.table.hands_played >= 20
    assert store.ledger_totals()["rake"] > 0
    bought, accounted = chips_balance(store, [room])
    assert bought == 600 == accounted
    hands = store.hands("t")
    assert len(hands) == room.table.hands_played
    assert hands[0].phh is not None and "variant" in hands[0].phh
    assert json.loads(hands[0].json)["type"] == "hand"


def test_recovery_rebuilds_the_table_and_the_hand_in_play_exactly(store):
    clock = Clock()
    room = open_room(store, clock, game="mixed")
    for name in ("ann", "bob", "cy"):
        room.join(name, 200)
    for actions in (37, 11, 5, 1):
        play(room, actions, seed=actions)
        assert room.hand is not None
        again = open_room(store, clock, game="mixed")
        assert again.state == room.state and again.seq == room.seq
        assert again.actor_seat() == room.actor_seat()
        # the restored hand continues: the same action is legal in both and gives the same state
        seat = room.actor_seat()
        assert seat_view_of(again, seat).legal == seat_view_of(room, seat).legal
        del again  # one writer per table
    stored = store.load("t")
    assert stored.snapshot is not None
    assert all(seq > stored.snapshot_seq for seq, _, _ in stored.events)


def test_recovery_replays_only_events_after_the_last_snapshot(store):
    clock = Clock()
    room = open_room(store, clock)
    for name in ("ann", "bob"):
        room.join(name, 100)
    play(room, 60)
    stored = store.load("t")
    snapshot = RoomState.from_snapshot(stored.snapshot)
    assert snapshot.hand is None and snapshot.table.hands_played == room.table.hands_played
    assert len(stored.events) < room.seq / 3


def test_acting_out_of_turn_or_illegally_is_refused_and_changes_nothing(store):
    clock = Clock()
    room = open_room(store, clock, game="limit")
    for name in ("ann", "bob", "cy"):
        room.join(name, 100)
    actor = room.actor_seat()
    other = next(seat for seat in (0, 1, 2) if seat != actor)
    before, seq = room.state, room.seq
    with pytest.raises(RoomError, match="not your turn") as refused:
        room.act(other, read_action({"action": "call"}))
    assert refused.value.code == "not_your_turn"
    with pytest.raises(RoomError, match="Raise") as refused:
        room.act(actor, read_action({"action": "raise", "to": 999}))
    assert refused.value.code == "illegal_action"
    assert room.state == before and room.seq == seq == len(store.load("t").events)


def test_bad_joins_and_top_ups_are_refused(store):
    clock = Clock()
    room = open_room(store, clock, seats=2)
    for name, buy_in, match in [
        ("", 100, "name"),
        ("x\u200by", 100, "U\\+200B"),
        ("ann", 39, "buy_in"),
        ("ann", 201, "buy_in"),
        ("ann", 100.0, "buy_in"),
        ("ann", True, "buy_in"),
        (7, 100, "name"),
    ]:
        with pytest.raises(RoomError, match=match) as refused:
            room.join(name, buy_in)
        assert refused.value.code == ("bad_name" if match in ("name", "U\\+200B") else "bad_buy_in")
    with pytest.raises(RoomError, match="a seat of table t, a whole number from 0 to 1, got 5") as refused:
        room.join("ann", 100, seat=5)
    assert refused.value.code == "bad_field"  # no such seat: not "taken"
    room.join("ann", 100)
    with pytest.raises(RoomError, match="seat 0 at table t is taken") as refused:
        room.join("eve", 100, seat=0)
    assert refused.value.code == "seat_taken"
    for same in ("ann", "ANN", "\uff41nn"):  # the same name in any case, or in full-width letters
        with pytest.raises(RoomError, match="a player named 'ann' already sits") as refused:
            room.join(same, 100)
        assert refused.value.code == "name_taken"
    seat, _ = room.join("bob", 190)
    with pytest.raises(RoomError, match="full") as refused:
        room.join("cy", 100)
    assert refused.value.code == "table_full"
    assert room.hand is not None
    with pytest.raises(RoomError, match="top_up amount") as refused:
        room.top_up(seat, 11)
    assert refused.value.code == "bad_amount"
    with pytest.raises(RoomError, match="in the hand in play") as refused:
        room.top_up(seat, 10)
    assert refused.value.code == "refused"
    assert store.ledger_totals()["buy_in"] == 290


def test_tokens_find_their_seat_and_made_up_ones_find_nothing(store):
    clock = Clock()
    room = open_room(store, clock)
    seat, token = room.join("ann", 100)
    assert room.seat_for_token(token) == seat
    for bad in ("x" * 32, token[:-1] + ("A" if token[-1] != "A" else "B"), "", None, 5, "x" * 10_000):
        assert room.seat_for_token(bad) is None
    assert token not in json.dumps([e for e in store.load("t").events])
    fresh = room.reissue_token(seat)
    assert room.seat_for_token(fresh) == seat and room.seat_for_token(token) is None


def test_a_timeout_plays_the_default_and_repeated_timeouts_sit_the_player_out(store):
    clock = Clock()
    room = open_room(
        store, clock, game="limit", action_seconds=10, time_bank_seconds=5, max_timeouts=2, time_bank_refill_seconds=0
    )
    for name in ("ann", "bob", "cy"):
        room.join(name, 100)
    first = room.actor_seat()
    clock.now += 14.9
    room.tick()
    assert room.actor_seat() == first  # within the action time plus the bank
    clock.now += 0.2
    room.tick()
    assert room.actor_seat() != first
    acts = [json.loads(row[0]) for row in store.db.execute("SELECT data FROM events WHERE kind = 'act'")]
    timed_out = [data for data in acts if data.get("timeout")]
    assert timed_out == [{"seat": first, "action": {"action": "fold"}, "timeout": True, "bank": 0.0}]  # no check
    assert room._bank(first) == 0
    timeouts = 0
    while room.table.seats[first] is not None and not room.table.seats[first].sitting_out:
        seat = room.actor_seat()
        if seat == first:
            clock.now += 10.01
            room.tick()
            timeouts += 1
        else:
            play(room, 1)
        assert timeouts <= 2
    assert timeouts == 1 and room.table.seats[first].sitting_out  # the second timeout in a row sits them out


def test_a_player_who_stays_away_is_sat_out_then_removed_and_cashed_out(store):
    clock = Clock()
    room = open_room(store, clock, game="limit", action_seconds=1000)
    seats = {room.join(name, 100)[0]: name for name in ("ann", "bob", "cy")}
    away = 0
    room.disconnect(away)
    clock.now += 31
    room.tick()
    assert room.table.seats[away].sitting_out
    play(room, 50)  # the others play on; the away player is folded when it is their turn
    clock.now += 100
    room.tick()
    play(room, 50)
    assert room.table.seats[away] is None
    assert seats[away] in json.dumps(store.load("t").events) or store.load("t").snapshot is not None
    bought, accounted = chips_balance(store, [room])
    assert bought == accounted == 300 and store.ledger_totals()["cash_out"] > 0


def test_sitting_out_in_the_middle_of_a_hand_plays_that_hand_to_its_end(store):
    """Sitting out deals a player out from the next hand: asked on their own turn, or while another is to act,
    it neither folds nor checks their hand in play (the newcomer's trial: it folded pocket aces at once)."""
    clock = Clock()
    room = open_room(store, clock, game="limit", action_seconds=1000)
    for name in ("ann", "bob", "cy"):
        room.join(name, 100)
    actor = room.actor_seat()
    other = next(seat for seat in room.table.hand_seats if seat != actor)
    room.sit_out(actor)
    room.sit_out(other)
    hand = room.hand
    assert hand is not None and room.actor_seat() == actor and not hand.folded[room.table.hand_seat(actor)]
    room.act(actor, read_action({"action": "call"}))
    while room.actor_seat() not in (None, other):
        room.act(room.actor_seat(), read_action({"action": "call"}))
    assert room.actor_seat() == other and not room.hand.folded[room.table.hand_seat(other)]  # their turn comes
    # The server's own sitting out still plays the seat's turns for it (the timeouts test above).


def test_a_seats_view_says_why_it_sits_out_and_a_restart_keeps_the_reason(store):
    clock = Clock()
    room = open_room(store, clock, game="limit", action_seconds=1000)
    ann, bob, cy = (room.join(name, 100)[0] for name in ("ann", "bob", "cy"))

    def why(seat: int, of: Room = room) -> object:
        return json.loads(of.view_message(seat))["sat_out"]

    assert why(ann) is None
    room.disconnect(ann)
    clock.now += 31
    room.tick()
    room.sit_out(bob)
    assert (why(ann), why(bob), why(cy)) == ("away", "asked", None)
    reopened = Room.open(room.config, store, clock=clock, shuffle=decks, policy=room.policy)
    assert (why(ann, reopened), why(bob, reopened)) == ("away", "asked")  # the log keeps the reason
    reopened.come_back(ann)
    assert why(ann, reopened) is None
    assert "sat_out" not in json.loads(reopened.view_message(None))  # a spectator's view has no seat of its own


def test_leaving_during_a_hand_cashes_out_when_it_ends(store):
    clock = Clock()
    room = open_room(store, clock)
    for name in ("ann", "bob", "cy"):
        room.join(name, 100)
    leaver = room.actor_seat()
    room.leave(leaver)  # their turn: folded at once, gone when the hand ends
    assert room.table.seats[leaver] is None or room.table.seats[leaver].leaving
    play(room, 40)
    assert room.table.seats[leaver] is None
    left = [o for o in room.outbox if o.seat == leaver and json.loads(o.text)["type"] == "left"]
    assert left and left[0].unbind
    bought, accounted = chips_balance(store, [room])
    assert bought == accounted == 300


@pytest.mark.parametrize("provably_fair", [False, True])
def test_a_hand_over_as_dealt_is_finished_and_the_table_plays_on(store, provably_fair):
    """Heads-up, a player with 1 chip is all in from the blinds and nobody can act: the ``hand_start`` event
    finishes the hand as an action would (stored, told, paid), the next hand follows, and recovery agrees.
    (Before, such a hand stayed in play with nobody to act, and the table stopped for good.)"""
    clock = Clock()
    room = open_room(store, clock, min_buy_in=1, provably_fair=provably_fair)
    short = room.join("ann", 1)[0]
    room.join("bob", 100)
    kept = store.hands("t")
    assert kept and kept[0].number == 1 and room.table.hands_played >= 1
    first = json.loads(kept[0].json)
    assert first["type"] == "hand" and not first["actions"]  # over with no action taken
    messages = [json.loads(o.text) for o in room.outbox if o.seat == short]
    told = [m for m in messages if m["type"] == "hand" and m["number"] == 1]
    assert len(told) == 1 and sorted(told[0]["seats"]) == [0, 1] and sum(told[0]["net"].values()) == 0
    if provably_fair:  # the commitment comes before the result, and the reveal matches it
        deal = next(i for i, m in enumerate(messages) if m["type"] == "deal" and m["number"] == 1)
        assert deal < messages.index(told[0])
        reveal = told[0]["reveal"]
        assert reveal["commitment"] == messages[deal]["commitment"]
        assert fair.verify(reveal["commitment"], reveal["deck"], reveal["salt"])
    room.join("cy", 100)  # ann may have busted in that hand
    play(room, 200)
    assert room.table.hands_played > 1
    bought, accounted = chips_balance(store, [room])
    assert bought == accounted == 201
    again = open_room(store, clock, min_buy_in=1, provably_fair=provably_fair)
    assert again.state == room.state


def test_views_sent_never_hold_another_seats_hole_cards(store):
    clock = Clock()
    room = open_room(store, clock, game="no-limit")
    for name in ("ann", "bob", "cy", "dee", "eve", "fay"):
        room.join(name, 100)
    play(room, 400)
    checked = 0
    for out in room.outbox:
        data = json.loads(out.text)
        if data["type"] != "view" or data["view"]["hand"] is None:
            continue
        view = data["view"]
        own = view["hand_seats"].index(out.seat) if out.seat in view["hand_seats"] else None
        hand = view["hand"]
        assert hand["seat"] == (-1 if own is None else own)
        for event in hand["events"]:
            if event["event"] == "hole_dealt":
                assert event["seat"] == own
        for seat, cards in enumerate(hand["shown"]):
            if cards:  # cards shown at the showdown are public; the rest never appear
                assert any(e["event"] == "shown" and e["seat"] == seat for e in hand["events"])
        checked += 1
    assert checked > 1000


def test_hand_messages_name_winners_by_table_seat(store):
    clock = Clock()
    room = open_room(store, clock, game="limit")
    for name in ("ann", "bob", "cy"):
        room.join(name, 100)
    play(room, 200)
    hands = [json.loads(o.text) for o in room.outbox if json.loads(o.text)["type"] == "hand"]
    assert hands
    for hand in hands:
        assert sum(hand["net"].values()) == -hand["rake"]
        # the hand's own players, as they were in it (a client draws the finished hand from them)
        assert set(hand["names"]) <= {"ann", "bob", "cy"} and len(hand["names"]) == len(hand["seats"])
        assert hand["button"] in hand["seats"] and len(hand["stacks"]) == len(hand["seats"])
        for pot in hand["pots"]:
            assert set(pot["high"]) <= set(hand["seats"])
            if pot["high_hand"] is not None:
                assert len(pot["high_hand"]["cards"].split()) == 5


def test_history_says_who_won_each_pot_as_the_hand_message_did(store):
    """A hand from the history is worded as a hand seen ending: its ``pots`` name the same winners (by name) as
    the `hand` message did (by table seat), and whether hands were shown."""
    clock = Clock()
    room = open_room(store, clock, game="limit")
    for name in ("ann", "bob", "cy"):
        room.join(name, 100)
    play(room, 60)
    told = {m["number"]: m for m in (json.loads(o.text) for o in room.outbox) if m["type"] == "hand"}
    history = room.history(None, count=20)
    assert history and all("pots" in hand for hand in history)
    for hand in history:
        message = told[hand["number"]]
        name = dict(zip(message["seats"], message["names"], strict=True))
        assert [(p["amount"], p["high"], p["low"], p["contested"]) for p in hand["pots"]] == [
            (p["amount"], [name[s] for s in p["high"]], [name[s] for s in p["low"]], p["high_hand"] is not None)
            for p in message["pots"]
        ]


@pytest.mark.parametrize(
    "document",
    [
        {"action": "raise"},
        {"action": "raise", "to": 8.0},
        {"action": "jump"},
        {"action": "call", "to": 2},
        ["call"],
        {"action": "bet", "to": True},
    ],
)
def test_bad_action_documents_are_refused(document):
    with pytest.raises(ActionError):
        read_action(document)


def test_the_db_value_picks_the_store(db):
    store = open_store(db)
    try:
        if db.startswith("postgresql://"):
            from engine.server.pgstore import PostgresStore

            assert isinstance(store, PostgresStore)
        else:
            assert isinstance(store, SQLiteStore)
    finally:
        store.close()


def test_a_record_is_stored_whole_or_not_at_all_and_a_taken_seq_is_refused(db):
    store = open_store(db)
    try:
        store.add_table("b", "{}")
        store.add_table("a", "{}")
        store.add_table("b", '{"again": true}')  # already there: kept as it was
        assert store.table_ids() == ["b", "a"]
        store.append("a", Record(1, "join", {"name": "ann"}, (LedgerEntry("buy_in", 100, "ann"),)))
        duplicate = Record(
            1, "join", {"name": "bob"}, (LedgerEntry("buy_in", 50, "bob"),), FinishedHand(1, None, "{}"), "snapshot"
        )
        with pytest.raises(StoreError, match=r"(?i)event 1 \(join\) not stored: .*(unique|duplicate)"):
            store.append("a", duplicate)
        store.append(
            "a", Record(2, "act", {"seat": 0}, (LedgerEntry("rake", 1),), FinishedHand(1, "phh", "{}"), "snap-2")
        )
        store.append("a", Record(3, "leave", {"seat": 0}, (LedgerEntry("cash_out", 99, "ann"),)))
        assert store.ledger_totals() == {"buy_in": 100, "cash_out": 99, "rake": 1}
        assert store.hands("a") == [FinishedHand(1, "phh", "{}")] and store.hands("a", since=1) == []
    finally:
        store.close()
    again = open_store(db)  # what was committed is there for the next process
    try:
        stored = again.load("a")
        assert (stored.config, stored.snapshot, stored.snapshot_seq) == ("{}", "snap-2", 2)
        assert stored.events == ((3, "leave", {"seat": 0}),)
        assert again.load("b").events == () and again.load("b").snapshot is None
        with pytest.raises(KeyError):
            again.load("c")
    finally:
        again.close()


def test_a_table_is_claimed_by_one_server_at_a_time(db):
    """`Storage.claim`: on PostgreSQL per table (a second server gets False; the claim ends with the connection),
    on SQLite per file (a second server on the same file is refused with a StoreError)."""
    first, second = open_store(db), open_store(db)
    try:
        assert first.claim("t1") and first.claim("t2")
        if isinstance(first, SQLiteStore):
            with pytest.raises(StoreError, match="in use by another server"):
                second.claim("t3")
        else:
            assert not second.claim("t1") and second.claim("t3")
        first.close()
        deadline = time.monotonic() + scaled(10)  # PostgreSQL lets go when the first's backend has noticed it is gone
        while not second.claim("t1"):
            assert time.monotonic() < deadline, "the first server's claim outlived its connection"
            time.sleep(0.05)
    finally:
        first.close()
        second.close()


def test_a_database_that_cannot_be_used_is_a_store_error_that_says_why(tmp_path, monkeypatch):
    with pytest.raises(StoreError, match=r"cannot use the SQLite database .*folder"):
        open_store(str(tmp_path / "no-such-folder" / "x.sqlite3"))
    (tmp_path / "text.sqlite3").write_text("not a database " * 100)
    with pytest.raises(StoreError, match="cannot use the SQLite database"):
        open_store(str(tmp_path / "text.sqlite3"))
    pytest.importorskip(
        "psycopg", reason='could not import psycopg: pip install -e ".[test-server]" to run the PostgreSQL half'
    )
    with pytest.raises(StoreError, match=r"cannot connect to PostgreSQL at postgresql://ann:\*\*\*@") as refused:
        open_store("postgresql://ann:secret@127.0.0.1:1/omaha")
    assert "secret" not in str(refused.value)  # no password in messages or logs
    monkeypatch.setitem(sys.modules, "engine.server.pgstore", None)  # as if psycopg were missing
    with pytest.raises(StoreError, match=r"needs psycopg.*\[server\]"):
        open_store("postgresql://localhost/omaha")


def test_serve_with_a_database_it_cannot_use_prints_one_line_and_exits_2(tmp_path, capsys):
    from engine.server.main import main

    assert main(["--db", str(tmp_path / "missing" / "x.sqlite3"), "--port", "0"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: cannot use the SQLite database") and "Traceback" not in err
    assert len(err.strip().splitlines()) == 1


def test_the_time_bank_refills_each_hand_up_to_its_size(store):
    clock = Clock()
    room = open_room(store, clock, game="limit", action_seconds=10, time_bank_seconds=6, time_bank_refill_seconds=2)
    for name in ("ann", "bob", "cy"):
        room.join(name, 100)
    first = room.actor_seat()
    clock.now += 15  # five seconds of the bank spent
    room.act(first, read_action({"action": "call"}))
    assert room._bank(first) == pytest.approx(1)
    number = room._hand_number()
    while room._hand_number() == number:
        play(room, 1)
    assert room._bank(first) == pytest.approx(3)  # dealt into the next hand: 1 + 2
    for _ in range(3):
        number = room._hand_number()
        while room._hand_number() == number:
            play(room, 1)
    assert room._bank(first) == pytest.approx(6)  # never above the bank's size


def test_a_straddle_is_posted_by_the_player_under_the_gun_who_asked_for_it(store):
    """Straddles: a standing choice (the `straddle` event, kept over restarts); the engine says who is under the
    gun; two big blinds, posted only by a player with more chips than that, at a table that allows it."""
    clock = Clock()
    plain = open_room(store, clock, game="no-limit")
    plain.join("zed", 100)
    with pytest.raises(RoomError, match="does not allow straddles"):
        plain.set_straddle(0, True)
    room = Room.open(
        TableConfig("s", game="no-limit", straddle=True),
        store,
        clock=clock,
        shuffle=decks,
        policy=Policy(grace_seconds=30, away_seconds=120, pause_seconds=0),
    )
    for name in ("ann", "bob", "cy", "dee"):
        room.join(name, 100)
    with pytest.raises(RoomError, match="on"):
        room.set_straddle(0, "yes")
    for seat in range(4):
        room.set_straddle(seat, True)
    straddled = 0
    for _ in range(8):
        number = room._hand_number()
        while room._hand_number() == number and room.hand is not None:
            play(room, 1)
        hand = room.hand
        if hand is None:
            break
        posts = [post for post in hand.setup.posts if post.kind == "straddle"]
        big = next(post for post in hand.setup.posts if post.kind == "big blind")
        if len(hand.stacks) < 3:  # heads up (newcomers wait for the big blind): nobody is under the gun
            assert not posts
            continue
        assert len(posts) == 1 and posts[0].amount == 4
        assert posts[0].seat == (big.seat + 1) % len(hand.stacks)  # under the gun: left of the big blind
        straddled += 1
    assert straddled >= 3
    utg = room.table.table_seat(posts[0].seat)
    room.set_straddle(utg, False)
    reopened = Room.open(room.config, store, clock=clock, shuffle=decks, policy=room.policy)  # choices outlive restarts
    assert [m.straddle for m in reopened.state.seats[:4]] == [seat != utg for seat in range(4)]
    assert json.loads(reopened.view_message(utg))["straddle"] is False
    assert json.loads(reopened.view_message((utg + 1) % 4))["straddle"] is True
    assert "straddle" not in json.loads(plain.view_message(0))
    assert {t["id"]: t["straddle"] for t in (room.lobby(), plain.lobby())} == {"s": True, "t": False}


def test_a_record_seen_by_a_seat_keeps_its_own_cards_and_the_hands_shown():
    from engine import Call, Check, FixedLimit, Rules, start_hand
    from engine.errors import HistoryError
    from engine.history.engine_hands import state_to_record
    from engine.history.phh import read_phh, write_phh

    state = start_hand(Rules(FixedLimit(2, 4), blinds=(1, 2)), (100, 100, 100), button=0, seed=7)
    while not state.is_over:
        legal = state.legal_actions()
        state = state.apply(Check() if legal.check else Call() if legal.call else legal.default)
    record = state_to_record(state, ("ann", "bob", "cy"))
    shown = {reveal.seat for reveal in record.reveals if reveal.cards is not None}
    for viewer in (None, 0, 1, 2):
        seen = record.seen_by(viewer)
        for seat, cards in enumerate(seen.hole):
            known = seat == viewer or seat in shown
            assert cards == (record.hole[seat] if known else (None,) * 4)
        again = read_phh(write_phh(seen))[0]  # still a history that replays
        assert sorted(again.hole, key=str) == sorted(seen.hole, key=str)  # PHH numbers seats from the button
        # the viewer is the hero, as a site's history names its player (a PokerStars conversion's "Dealt to")
        hero = None if viewer is None else record.players[viewer]
        assert seen.hero == viewer and (again.hero is None if hero is None else again.players[again.hero] == hero)
    with pytest.raises(HistoryError, match="not a seat"):
        record.seen_by(3)


def test_serve_with_no_configuration_seats_bots_at_the_built_in_tables(tmp_path):
    """A first run (`python -m engine serve`, then a browser) finds somebody to play: three bots a table."""
    from engine.server.config import load_config

    first = load_config(None)
    assert first.bots == 3 and [t.id for t in first.tables] == ["limit", "pot-limit", "no-limit", "mixed"]
    assert all(first.table_bots(table) == 3 for table in first.tables) and first.pause_seconds == 4.0
    assert load_config(None, bots=0).bots == 0
    (tmp_path / "mine.toml").write_text('[[tables]]\nid = "t"\n')
    assert load_config(tmp_path / "mine.toml").bots == 0  # a configuration says what it wants


def _holes_in(history: list[dict]) -> set[str]:
    """Every hole card the history shows, as card text."""
    from engine.history.phh import read_phh

    cards: set[str] = set()
    for hand in history:
        record = read_phh(hand["phh"])[0]
        cards |= {str(card) for hole in record.hole for card in hole if card is not None}
    return cards


def _fold_unseen(room: Room, folder: int) -> set[str]:
    """Plays the hand in play: ``folder`` folds at its first turn, the others check or call; returns the
    folder's hole cards (never shown)."""
    from engine import Call, Check, Fold

    hole = {str(card) for card in seat_view_of(room, folder).hole}
    while room.actor_seat() is not None:
        seat = room.actor_seat()
        legal = room.hand.legal_actions()
        room.act(seat, Fold() if seat == folder else Check() if legal.check else Call())
    return hole


def test_history_gives_a_hands_hole_cards_to_the_sitting_dealt_them_not_to_a_newcomer_of_the_same_name(store):
    """ann folds unseen and leaves; a newcomer who joins as "ann" (at her very seat) asks for the history and
    must not get the old ann's cards: they belong to the token that was dealt them, not to a name or a seat."""
    clock = Clock()
    room = Room.open(
        TableConfig("t", game="limit"),
        store,
        clock=clock,
        shuffle=decks,
        policy=Policy(grace_seconds=30, away_seconds=120, pause_seconds=60),
    )
    ann, _ = room.join("ann", 100)
    bob, _ = room.join("bob", 100)
    old_hole = _fold_unseen(room, ann)
    assert room.hand is None and room.table.hands_played == 1
    bob_hole = _holes_in(room.history(bob))
    assert old_hole <= _holes_in(room.history(ann))  # her own hand, while she sits
    assert not old_hole & bob_hole and not old_hole & _holes_in(room.history(None))
    room.leave(ann)
    newcomer, _ = room.join("ann", 100, seat=ann)
    assert newcomer == ann
    assert _holes_in(room.history(newcomer)) == set()  # neither the old ann's cards nor anybody's
    reopened = Room.open(room.config, store, clock=clock, shuffle=decks, policy=room.policy)  # the same after a restart
    assert _holes_in(reopened.history(newcomer)) == set() and _holes_in(reopened.history(bob)) == bob_hole


def test_a_hand_stored_before_sittings_were_kept_shows_no_hole_cards_to_anybody(tmp_path):
    """An older database (hands without the sittings column) opens, and its hands show nobody's hole cards
    rather than guessing the owner by name."""
    import sqlite3

    path = str(tmp_path / "old.sqlite3")
    clock = Clock()
    store = SQLiteStore(path)
    room = Room.open(
        TableConfig("t", game="limit"),
        store,
        clock=clock,
        shuffle=decks,
        policy=Policy(grace_seconds=30, away_seconds=120, pause_seconds=60),
    )
    ann, _ = room.join("ann", 100)
    bob, _ = room.join("bob", 100)
    hole = _fold_unseen(room, ann)
    assert hole <= _holes_in(room.history(ann))
    store.close()
    old = sqlite3.connect(path)
    old.execute("ALTER TABLE hands DROP COLUMN sittings")  # the schema of a database from before
    old.commit()
    old.close()
    store = SQLiteStore(path)
    try:
        room = Room.open(room.config, store, clock=clock, shuffle=decks, policy=room.policy)
        assert [_holes_in(room.history(seat)) for seat in (ann, bob, None)] == [set(), set(), set()]
    finally:
        store.close()


def clock_told(room: Room, seat: int) -> dict:
    """The clock in the last view the room left for ``seat``."""
    views = [json.loads(o.text) for o in room.outbox if o.seat == seat and json.loads(o.text)["type"] == "view"]
    return views[-1]["clock"]


def test_every_view_tells_the_deadline_the_server_enforces(store):
    """The next player's clock starts when the state changes, before any view is built: after a player who took
    10 s (or timed out), the next one is told the whole action time and bank, in its two parts, and is timed out
    exactly when told."""
    clock = Clock()
    room = open_room(store, clock, game="limit", action_seconds=15, time_bank_seconds=30, time_bank_refill_seconds=0)
    for name in ("ann", "bob"):
        room.join(name, 100)
    first = room.actor_seat()
    clock.now += 10
    room.outbox.clear()
    room.act(first, read_action({"action": "call"}))
    second = room.actor_seat()
    told = clock_told(room, second)
    assert told["seconds"] == 45.0  # not 35: the 10 s the first player took are not the second's
    assert (told["actor"], told["seconds"], told["action_seconds"], told["bank_seconds"], told["bank"]) == (
        second,
        45.0,
        15.0,
        30.0,
        30.0,
    )
    assert clock_told(room, first)["seconds"] == 45.0  # everyone is told the same deadline
    clock.now += 45.5  # the second player times out (checks, heads-up) and is first to act on the flop
    room.outbox.clear()
    room.tick()
    assert room.actor_seat() == second and room.hand.board
    told = clock_told(room, second)
    assert (told["seconds"], told["action_seconds"], told["bank_seconds"], told["bank"]) == (15.0, 15.0, 0.0, 0.0)
    clock.now += 5
    room.act(second, read_action({"action": "check"}))
    third = room.actor_seat()
    assert third == first
    clock.now += 20  # five seconds into the bank: what a view now says, and what the server enforces
    told = json.loads(room.view_message(third))["clock"]
    assert (told["seconds"], told["action_seconds"], told["bank_seconds"]) == (25.0, 0.0, 25.0)
    clock.now += 24.9
    room.tick()
    assert room.actor_seat() == third
    clock.now += 0.2
    room.tick()
    assert room.actor_seat() != third


def test_the_time_bank_is_kept_in_the_log_so_a_restart_neither_refills_nor_loses_it(store):
    """A player who spent part of their bank still has just that after the table is rebuilt from storage (in
    the hand, and after the next deal's refill); the one who timed out still has none."""
    clock = Clock()
    config = {"game": "limit", "action_seconds": 10, "time_bank_seconds": 20, "time_bank_refill_seconds": 3}
    room = open_room(store, clock, **config)
    for name in ("ann", "bob", "cy"):
        room.join(name, 100)
    first = room.actor_seat()
    clock.now += 17  # 7 s of the bank
    room.act(first, read_action({"action": "call"}))
    second = room.actor_seat()
    clock.now += 30.5  # the whole bank, and out
    room.tick()
    assert (room._bank(first), room._bank(second)) == (pytest.approx(13), 0)
    clock.now += 100
    again = open_room(store, clock, **config)
    assert (again._bank(first), again._bank(second)) == (pytest.approx(13), 0)
    assert json.loads(again.view_message(first))["clock"]["bank"] == 13.0
    number = room._hand_number()
    while room._hand_number() == number:
        play(room, 1)
    assert (room._bank(first), room._bank(second)) == (pytest.approx(16), pytest.approx(3))
    again = open_room(store, clock, **config)
    assert (again._bank(first), again._bank(second)) == (pytest.approx(16), pytest.approx(3))


def test_joins_leaves_busts_and_hands_are_logged_one_structured_line_each(store, caplog):
    from engine.server.oplog import line

    assert line("join", table="t", name='ann "the man" b', bot=None, ok=True) == (
        'event=join table=t name="ann \\"the man\\" b" bot=- ok=true'
    )
    clock = Clock()
    room = open_room(store, clock, game="no-limit")  # buy-ins 40..200
    caplog.set_level("INFO", logger="engine.server")
    ann, _ = room.join("ann b", 40)
    bob, _ = room.join("bob", 200)
    cy, _ = room.join("cy", 100)
    room.leave(cy)
    while room.table.seats[ann] is not None:  # ann shoves every hand, bob calls: someone busts
        seat = room.actor_seat()
        legal = seat_view_of(room, seat).legal
        room.act(
            seat,
            read_action(
                {"action": "raise", "to": legal.max_to}
                if legal.wager == "raise" and seat == ann
                else {"action": "call"}
                if legal.call
                else {"action": "check"}
            ),
        )
        if room.table.seats[bob] is None:
            break
    lines = [record.getMessage() for record in caplog.records if record.getMessage().startswith("event=")]
    assert lines[:4] == [
        'event=join table=t seat=0 name="ann b" buy_in=40 bot=-',
        "event=join table=t seat=1 name=bob buy_in=200 bot=-",
        "event=join table=t seat=2 name=cy buy_in=100 bot=-",
        "event=leave table=t seat=2 name=cy chips=100",
    ]
    hands = [text for text in lines if text.startswith("event=hand ")]
    assert hands and all(re.fullmatch(r"event=hand table=t number=\d+ players=2 pot=\d+ rake=\d+", h) for h in hands)
    busts = [text for text in lines if text.startswith("event=bust ")]
    assert len(busts) == 1 and re.fullmatch(r'event=bust table=t seat=[01] name=("ann b"|bob) chips=0', busts[0])


def test_a_settings_event_changes_the_stored_rules_and_configuration_on_either_store(store):
    clock = Clock()
    room = open_room(store, clock, game="mixed")
    room.join("ann", 150)  # no hand in play: the file's settings are taken at once
    room = open_room(store, clock, game="mixed", rake_percent=2.5, runs=2, max_buy_in=300)
    for restored in (room, Room.restore("t", store, clock=clock)):  # the configuration row and the log agree
        assert (restored.config.rake_percent, restored.config.runs, restored.config.max_buy_in) == (2.5, 2, 300)
        schedule = restored.table.schedule
        assert isinstance(schedule, MixedOmaha)
        for rules in schedule.games:  # both games of a mixed table
            assert rules.rake is not None and (rules.rake.percent, rules.runs) == (Decimal("2.5"), 2)
    assert open_room(store, clock, game="mixed", rake_percent=2.5, runs=2, max_buy_in=300).seq == room.seq


def test_a_settings_event_is_refused_with_a_hand_in_play_and_for_a_setting_that_cannot_change():
    state = RoomState.empty(Table.new(TableConfig("t").schedule(), seats=6))
    with pytest.raises(LogError, match="game cannot change at a stored table"):
        apply_event(state, "settings", {"game": "limit"})
    with pytest.raises(LogError, match="runs"):
        apply_event(state, "settings", {"runs": 7})
    for seat, name in enumerate(("ann", "bob")):
        state = apply_event(state, "join", {"seat": seat, "name": name, "buy_in": 100, "token_hash": "x"}).state
    state = apply_event(state, "hand_start", {"deck": str(Deck.seeded(1))}).state
    with pytest.raises(LogError, match="between hands"):
        apply_event(state, "settings", {"rake_percent": 5})


def test_a_seat_not_dealt_in_sees_the_hand_as_a_spectator_does(store):
    """docs/server.md, "Hands you were not dealt into": a player who sat down during a hand gets its views with
    no hole cards and its result as a spectator's, without their own table seat in it."""
    clock = Clock()
    room = open_room(store, clock, game="limit")
    room.join("ann", 100)
    room.join("bob", 100)
    late, _ = room.join("cy", 100)
    assert late not in room.table.hand_seats
    room.outbox.clear()
    number = room._hand_number()
    while room._hand_number() == number:  # checked or called down: views on every street
        seat = room.actor_seat()
        legal = seat_view_of(room, seat).legal
        room.act(seat, read_action({"action": "check" if legal.check else "call" if legal.call else "show"}))
    told = [json.loads(o.text) for o in room.outbox if o.seat == late]
    views = [m for m in told if m["type"] == "view" and m["view"]["hand"] is not None and m["hand_number"] == number]
    assert views and all(m["view"]["hand"]["seat"] == -1 and m["view"]["hand"]["hole"] == "" for m in views)
    result = next(m for m in told if m["type"] == "hand")
    assert result["number"] == number and late not in result["seats"] and str(late) not in result["net"]


class RefusingDealStore:
    """A store that refuses to write a deal while ``refusing``: the request before it was stored all the same."""

    def __init__(self, store) -> None:
        self.store, self.refusing = store, True

    def append(self, table_id, record) -> None:
        if self.refusing and record.kind == "hand_start":
            raise StoreError("the database is away")
        self.store.append(table_id, record)

    def __getattr__(self, name):
        return getattr(self.store, name)


def test_a_stored_request_is_never_told_nothing_changed_when_only_what_follows_it_failed(store):
    """The join is stored; the deal it makes due is not. The joiner gets their seat and token (before, the
    join raised store_unavailable, "nothing changed", and the seat was held by a token nobody had); the clock
    deals the hand once the database is back."""
    clock = Clock()
    refusing = RefusingDealStore(store)
    room = open_room(refusing, clock)
    room.join("ann", 200)
    seat, token = room.join("bob", 200)
    assert room.seat_for_token(token) == seat and room.hand is None
    refusing.refusing = False
    room.tick()
    assert room.hand is not None
    assert Room.open(room.config, store, clock=clock).state == room.state


def test_an_event_of_an_unknown_kind_is_refused_as_unknown_not_as_a_missing_field():
    """Found by a newcomer's trial: 'bogus' was reported as "event 'bogus' lacks 'bogus'"."""
    state = RoomState.empty(Table.new(TableConfig("t").schedule(), seats=6))
    with pytest.raises(LogError, match="unknown event kind 'bogus'; the kinds are join, "):
        apply_event(state, "bogus", {})


def test_a_stored_table_never_sat_at_takes_the_files_game_and_stakes_and_a_played_one_keeps_its_own(store):
    """Found by a newcomer's trial: a start that failed (its port taken) had created the table, and the next
    start kept its blinds "as stored" though nobody had ever sat there. A table with no events takes the whole
    configuration; once played, its game, stakes and seats are its log's."""
    clock = Clock()
    store.add_table("t", TableConfig("t", blinds=(1, 2), min_buy_in=20, max_buy_in=200).to_json())
    room = open_room(store, clock, blinds=(5, 10), min_buy_in=100, max_buy_in=1000)
    assert room.config.blinds == (5, 10) and room.table.schedule.rules.blinds == (5, 10)
    room.join("ann", 500)
    again = open_room(store, clock, blinds=(25, 50), min_buy_in=100, max_buy_in=1000)
    assert again.config.blinds == (5, 10)


def test_a_refused_action_names_the_players_not_the_hand_s_seat_indexes(store):
    """Issue 26: at table seats 0 and 3 the hand's seats are 0 and 1, and the engine's refusal said "seat 1
    cannot raise" to the player at table seat 3. The room names the players, as the page shows them; the
    refusal still says what is allowed."""
    clock = Clock()
    room = open_room(store, clock, game="limit")
    room.join("ann", 100, seat=0)
    room.join("zed", 100, seat=3)
    actor = room.actor_seat()
    assert actor in (0, 3)
    other = 3 if actor == 0 else 0
    names = {0: "ann", 3: "zed"}
    before, seq = room.state, room.seq
    with pytest.raises(RoomError) as refused:
        room.act(actor, read_action({"action": "raise", "to": 999999}))
    assert refused.value.code == "illegal_action"
    assert str(refused.value).startswith(f"{names[actor]} cannot raise to 999999; allowed: "), str(refused.value)
    with pytest.raises(RoomError) as refused:
        room.act(actor, read_action({"action": "check"}))
    assert str(refused.value).startswith(f"{names[actor]} cannot check: there is ")
    with pytest.raises(RoomError) as refused:
        room.act(other, read_action({"action": "call"}))
    assert (refused.value.code, str(refused.value)) == (
        "not_your_turn",
        f"it is not your turn: {names[actor]} is to act",
    )
    assert room.state == before and room.seq == seq
