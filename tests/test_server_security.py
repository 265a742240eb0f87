"""The server against hostile clients, over real sockets on 127.0.0.1: private cards that must not pass to a
newcomer, slow readers, deeply nested JSON, foreign origins, and the page's security headers. Each test runs
on SQLite and on PostgreSQL (``db``, tests/conftest.py) unless it is about the network alone."""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("websockets")

from test_server_net import CARD, Client, client, run

from engine.history.phh import read_phh
from engine.server.app import GameServer
from engine.server.config import TableConfig


async def fold_one_hand(ann: Client, ann_seat: int, bob: Client, bob_seat: int) -> set[str]:
    """ann folds at her first turn, bob checks or calls; returns ann's hole cards (never shown)."""
    hole: set[str] = set()
    acted: set[tuple[int, int]] = set()
    done = 0
    while done < 2:  # the hand's result reaches both
        for who, seat in ((ann, ann_seat), (bob, bob_seat)):
            try:
                data = await who.recv(0.05)
            except TimeoutError:
                continue
            if data["type"] == "hand":
                done += 1
                continue
            hand = data.get("view", {}).get("hand") if data["type"] == "view" else None
            if hand is None:
                continue
            if who is ann and hand["hole"]:
                hole = set(hand["hole"].split())
            key = (data["hand_number"], len(hand["events"]))
            if hand["legal"] and data["clock"]["actor"] == seat and key not in acted:
                acted.add(key)
                legal = hand["legal"]
                action = "fold" if who is ann else "check" if legal["check"] else "call"
                await who.send(type="act", action={"action": action})
    return hole


def holes_shown(history: list[dict[str, Any]]) -> set[str]:
    return {str(card) for hand in history for hole in read_phh(hand["phh"])[0].hole for card in hole
            if card is not None}


def test_a_newcomer_under_a_departed_players_name_gets_none_of_her_folded_cards_from_history(db):
    """ann plays, folds unseen and leaves; a newcomer joins as "ann" and sends `history`: the old ann's hole
    cards belong to the token she was dealt them under, so the newcomer sees no hole card at all."""
    async def test(server: GameServer, port: int) -> None:
        ann, bob = await client(port), await client(port)
        await ann.send(type="join", table="limit", name="ann", buy_in=100)
        ann_seat = (await ann.until("welcome"))["seat"]
        await bob.send(type="join", table="limit", name="bob", buy_in=100)
        bob_seat = (await bob.until("welcome"))["seat"]
        hole = await fold_one_hand(ann, ann_seat, bob, bob_seat)
        assert len(hole) == 4
        await ann.send(type="history")
        assert hole <= holes_shown((await ann.until("history"))["hands"])  # hers, while she sits
        await ann.send(type="leave")
        assert (await ann.until("left"))["reason"] == "left"
        newcomer = await client(port)
        await newcomer.send(type="join", table="limit", name="ann", buy_in=100, seat=ann_seat)
        assert (await newcomer.until("welcome"))["seat"] == ann_seat
        await newcomer.send(type="history")
        answer = await newcomer.until("history")
        assert [hand["number"] for hand in answer["hands"]] == [1]
        assert holes_shown(answer["hands"]) == set()
        assert not set(CARD.findall(newcomer.raw[-1])) & hole

    run(test, db, pause_seconds=600.0, tables=(TableConfig("limit", game="limit"),))
