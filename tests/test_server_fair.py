"""Provably-fair dealing (engine.server.fair): commit and verify, and a provably-fair table in a room (the
commitment before any card, the reveal after the hand, the same commitment after a restart)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from helpers import decks, seeded_decks  # noqa: F401 (seeded_decks: an autouse fixture)

from engine import TableView, from_json
from engine.bots import RandomBot
from engine.cards import Deck, format_cards
from engine.server import fair
from engine.server.config import ConfigError, TableConfig
from engine.server.room import Policy, Room
from engine.server.store import SQLiteStore


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_a_commitment_verifies_its_deck_and_salt_and_nothing_else():
    deck = format_cards(Deck.secure().cards)
    salt = fair.new_salt()
    commitment = fair.commit(deck, salt)
    assert len(commitment) == 64 and len(salt) == 64
    assert fair.verify(commitment, deck, salt)
    cards = deck.split(" ")
    swapped = " ".join([cards[1], cards[0], *cards[2:]])
    assert not fair.verify(commitment, swapped, salt)  # a tampered deck
    other = ("0" if salt[0] != "0" else "1") + salt[1:]
    assert not fair.verify(commitment, deck, other)  # a tampered salt
    assert not fair.verify(fair.commit(deck, other), deck, salt)
    # not a permutation of the 52 cards, or not canonical text: false even with a matching hash
    short = " ".join(cards[:51])
    assert not fair.verify(fair.commit(short, salt), short, salt)
    doubled = " ".join([*cards[:51], cards[0]])
    assert not fair.verify(fair.commit(doubled, salt), doubled, salt)
    spaced = deck.replace(" ", "  ")
    assert not fair.verify(fair.commit(spaced, salt), spaced, salt)
    lower = deck.lower()
    assert not fair.verify(fair.commit(lower, salt), lower, salt)
    for bad in (None, 1, "", "zz" * 32, commitment.upper()):
        assert not fair.verify(bad, deck, salt)
        assert not fair.verify(commitment, deck, bad)
    assert not fair.verify(commitment, None, salt)


def test_the_documented_format_by_hand():
    import hashlib

    deck = format_cards(Deck.standard().cards)
    assert deck.startswith("2c 2d 2h 2s 3c") and deck.endswith("As")
    salt = "00" * 31 + "ff"
    assert fair.commit(deck, salt) == hashlib.sha256(bytes(31) + b"\xff" + deck.encode("ascii")).hexdigest()


def test_dealt_matches_the_engines_deal_with_runs_and_double_boards():
    from engine import NoLimit, PotLimit, Rules, start_hand
    from engine.actions import Bet, Call, Check, Raise, RunIt

    for seed in range(20):
        deck = Deck.seeded(seed)
        text = format_cards(deck.cards)
        for rules, players in (
            (Rules(NoLimit(), blinds=(1, 2), runs=2), 3),
            (Rules(PotLimit(), blinds=(1, 2), boards=2), 4),
        ):
            button = seed % players
            state = start_hand(rules, (100,) * players, button, deck=deck)
            holes, boards = fair.dealt(text, players=players, button=button, boards=rules.boards)
            assert holes == tuple(tuple(map(str, h)) for h in state.setup.hole)
            # play it out: all in before the flop with two runs, or checked down on the double board
            while not state.is_over:
                legal = state.legal_actions()
                if legal.runs:
                    action: Any = RunIt(2)
                elif rules.runs > 1 and legal.wager and legal.max_to and (seed % 2 == 0 or state.board):
                    action = Raise(legal.max_to) if legal.wager == "raise" else Bet(legal.max_to)
                elif legal.check:
                    action = Check()
                elif legal.call is not None:
                    action = Call()
                else:
                    action = legal.default
                state = state.apply(action)
            seen = [tuple(map(str, b)) for b in state.boards]
            assert fair.check_deal(
                text, players=players, button=button, seat=0, hole=holes[0], boards=seen, boards_per_run=rules.boards
            )
            if rules.runs == 1:
                assert tuple(seen) == boards
            else:
                assert len(seen) == 2 and (seen[0][:3] == seen[1][:3]) == (seed % 2 == 1)  # all in on the flop
            wrong = list(holes[0])
            wrong[0] = holes[1][0]
            assert not fair.check_deal(
                text, players=players, button=button, seat=0, hole=wrong, boards=seen, boards_per_run=rules.boards
            )


def test_provably_fair_is_a_table_option_off_by_default():
    assert TableConfig("t").provably_fair is False
    assert TableConfig("t", provably_fair=True).lobby()["provably_fair"] is True
    with pytest.raises(ConfigError, match="provably_fair"):
        TableConfig("t", provably_fair="yes")  # type: ignore[arg-type]
    assert TableConfig.from_json(TableConfig("t", provably_fair=True).to_json()).provably_fair


def open_room(store, clock, **config) -> Room:
    return Room.open(
        TableConfig("fair", **config),
        store,
        clock=clock,
        shuffle=decks,
        policy=Policy(grace_seconds=30, away_seconds=120, pause_seconds=0),
    )


def drain(room: Room, inbox: dict[int, list[dict[str, Any]]]) -> None:
    for out in room.outbox:
        inbox.setdefault(out.seat, []).append(json.loads(out.text))
    room.outbox.clear()


def play(room: Room, inbox, actions: int, seed: int = 1) -> None:
    bots: dict[int, RandomBot] = {}
    for _ in range(actions):
        drain(room, inbox)
        seat = room.actor_seat()
        if seat is None:
            return
        view = from_json(json.dumps(json.loads(room.view_message(seat))["view"]), TableView).hand
        room.act(seat, bots.setdefault(seat, RandomBot(seed=seed * 100 + seat)).act(view))
    drain(room, inbox)


def check_fair_hands(messages: list[dict[str, Any]], seat: int) -> int:
    """For one seat's messages: each hand's commitment came before any view of it, so before any hole card (a
    seat that joined during a hand gets it in its first view, not dealt in); every view of the hand carries the
    same commitment; the reveal verifies and deals this seat's hole cards and the boards it saw. Returns the
    hands checked."""
    commitments: dict[int, str] = {}
    last_view: dict[int, dict[str, Any]] = {}
    checked = 0
    for data in messages:
        if data["type"] == "deal":
            assert data["number"] not in commitments
            commitments[data["number"]] = data["commitment"]
        elif data["type"] == "view" and data["view"]["hand"] is not None:
            number = data["hand_number"]
            if number not in commitments:  # joined during the hand: the view itself carries the commitment
                assert not data["view"]["hand"]["hole"], "hole cards came before their hand's commitment"
                commitments[number] = data["commitment"]
            assert data["commitment"] == commitments[number]
            last_view[number] = data["view"]
        elif data["type"] == "view":
            assert "commitment" not in data
        elif data["type"] == "hand":
            number = data["number"]
            reveal = data["reveal"]
            assert reveal["commitment"] == commitments[number]
            assert fair.verify(commitments[number], reveal["deck"], reveal["salt"])
            view = last_view[number]
            hand = view["hand"]
            own = view["hand_seats"].index(seat) if seat in view["hand_seats"] else None
            assert own is None or hand["hole"]
            boards = [board.split() for board in data["boards"]]
            assert fair.check_deal(
                reveal["deck"],
                players=len(view["hand_seats"]),
                button=hand["button"],
                seat=own,
                hole=hand["hole"].split(),
                boards=boards,
            )
            assert not fair.verify(commitments[number], reveal["deck"], fair.new_salt())
            checked += 1
    return checked


@pytest.mark.parametrize("game", ["pot-limit", "no-limit"])
def test_a_provably_fair_table_commits_before_dealing_and_reveals_after(tmp_path, game):
    store = SQLiteStore(str(tmp_path / "fair.sqlite3"))
    try:
        room = open_room(store, Clock(), game=game, provably_fair=True, runs=2)
        inbox: dict[int, list[dict[str, Any]]] = {}
        for name in ("ann", "bob", "cy"):
            room.join(name, 100)
        play(room, inbox, 400)
        assert room.table.hands_played >= 10
        checked = [check_fair_hands(inbox[seat], seat) for seat in range(3)]
        for seat in range(3):  # every result the seat received (a busted player receives no more)
            assert checked[seat] == sum(d["type"] == "hand" for d in inbox[seat]) > 0
        assert max(checked) >= room.table.hands_played - 1
        first_deal = next(i for i, d in enumerate(inbox[0]) if d["type"] == "deal")
        first_view = next(i for i, d in enumerate(inbox[0]) if d["type"] == "view" and d["view"]["hand"])
        assert first_deal < first_view
    finally:
        store.close()


def test_a_table_that_is_not_provably_fair_sends_no_commitment_and_no_deck(tmp_path):
    store = SQLiteStore(str(tmp_path / "plain.sqlite3"))
    try:
        room = open_room(store, Clock())
        inbox: dict[int, list[dict[str, Any]]] = {}
        for name in ("ann", "bob"):
            room.join(name, 100)
        play(room, inbox, 100)
        assert room.table.hands_played >= 2
        for messages in inbox.values():
            assert all(d["type"] != "deal" and "commitment" not in d and "reveal" not in d for d in messages)
    finally:
        store.close()


def test_a_restart_keeps_the_commitment_of_the_hand_in_play(tmp_path):
    store = SQLiteStore(str(tmp_path / "restart.sqlite3"))
    try:
        clock = Clock()
        room = open_room(store, clock, provably_fair=True)
        inbox: dict[int, list[dict[str, Any]]] = {}
        for name in ("ann", "bob", "cy"):
            room.join(name, 200)
        play(room, inbox, 30, seed=3)
        for _ in range(100):
            if room.hand is not None and len(room.hand.actions) >= 2:
                break
            play(room, inbox, 1, seed=4)
        commitment = room.commitment()
        assert commitment is not None
        again = open_room(store, clock, provably_fair=True)
        assert again.commitment() == commitment and again.salt == room.salt
        assert json.loads(again.view_message(0))["commitment"] == commitment
        for seat in range(3):
            again.connect(seat)
        later: dict[int, list[dict[str, Any]]] = {}
        number = again.table.hands_played + 1
        for _ in range(200):
            if again.table.hands_played >= number:
                break
            play(again, later, 1, seed=5)
        result = next(d for d in later[0] if d["type"] == "hand" and d["number"] == number)
        assert fair.verify(commitment, result["reveal"]["deck"], result["reveal"]["salt"])
    finally:
        store.close()


def test_over_the_wire_the_commitment_comes_before_the_cards_and_the_reveal_checks(tmp_path):
    pytest.importorskip(
        "websockets", reason='could not import websockets: pip install -e ".[test-server]" to run these tests'
    )
    import asyncio

    from test_server_net import client, play_person, run

    async def test(server, port: int) -> None:
        server.start_bots({"fair": 2})
        person = await client(port)
        await person.send(type="join", version=1, table="fair", name="person", buy_in=100)
        seat = (await person.until("welcome"))["seat"]
        await asyncio.wait_for(play_person(person, seat, 4), 30)
        assert check_fair_hands(person.received, seat) >= 3
        for raw, data in zip(person.raw, person.received, strict=True):  # the deck is never sent before the end
            assert ('"deck"' in raw) == (data["type"] == "hand")
        await person.ws.close()

    run(
        test,
        str(tmp_path / "fair-net.sqlite3"),
        tables=(TableConfig("fair", game="limit", provably_fair=True, bot_think_seconds=0),),
    )
