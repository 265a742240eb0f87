"""Merge Network XML hand histories (Carbon Poker and the network's other skins): Omaha H/L8 and Omaha, limit,
pot limit and no limit, cash and tournament, read into the facts and built by the one builder.

The format, as public parsers' documentation and test data describe it: a ``<description type="Omaha H/L8"
stakes="Pot Limit ($0.25/$0.50)"/>`` (``Limit $1/$2``: the bets; ``type="... Tournament"`` in a tournament)
names the game of the ``<game id="N-M" starttime="..." data="date|table|...">`` elements after it. A game has
``<players dealer="S">`` (``<player seat nickname balance dealtin>``, seats from 0) and ``<round id="BLINDS">``,
``PREFLOP``, ``POSTFLOP``, ``POSTTURN``, ``POSTRIVER``, ``SHOWDOWN``, ``END_OF_FOLDED_GAME``, ``END_OF_GAME``,
each with ``<event sequence type player amount>`` (the player is a seat number) and ``<cards type="HOLE",
"COMMUNITY" (the board so far), "SHOWN", "MUCKED" cards="Ac,4c,...">``; ``<winner amount uncalled potnumber
player>`` says what each player took, after the rake.

Amounts: a CALL, a BET and an ALL_IN add what they say; a RAISE is the new total of the player's bet this round
in hands from 8 September 2010 on, and what the raise adds before (fpdb's converter reads it so by the hand's
date). The winners' amounts include the uncalled bet that went back (written in the winner's amount, or as a
``winner`` of its own with ``uncalled="true"``); the rake is not written. In a tournament the balances are
written after the blinds and antes went in.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator

from engine.cards import Card, parse_cards
from engine.errors import EngineError
from engine.history import facts as f
from engine.history.builder import ADDS, ALL_IN, CALL, CHECK, FOLD, TOTALS, WAGER
from engine.history.building import another_game
from engine.history.files import file_reader
from engine.history.record import HandRecord, Hands
from engine.history.xml_reading import HandPlace, HandReader, XmlDocument, children, found, read_xml_site

SITE = "Merge"
_TYPE = re.compile(r"^(?P<game>Omaha(?P<hilo> H/L8?)?)(?P<tournament> Tournament)?$")
_STAKES = re.compile(r"^(?P<limit>No Limit|Pot Limit|Limit) ?\(?(?:(?P<a>\$?[\d.,]+)/(?P<b>\$?[\d.,]+))?\)?$")
_LIMITS = {"No Limit": f.NO, "Pot Limit": f.POT, "Limit": f.FIXED}
_STREETS = {"POSTFLOP": 2, "POSTTURN": 3, "POSTRIVER": 4}
_ROUNDS = ("BLINDS", "PREFLOP", *_STREETS, "SHOWDOWN", "END_OF_FOLDED_GAME", "END_OF_GAME")
_ACTS = {"FOLD": FOLD, "CHECK": CHECK, "CALL": CALL, "BET": WAGER, "ALL_IN": ALL_IN}
_POSTS = {"SMALL_BLIND": f.SMALL_BLIND, "BIG_BLIND": f.BIG_BLIND, "INITIAL_BLIND": f.BIG_BLIND, "ANTE": f.ANTE}
_PASSED_OVER = {"CHAT", "DISCONNECTED", "RECONNECTED", "LEAVE", "SIT_IN", "TIMEOUT", "TIMED_OUT", "RABBIT"}
_RAISE_TO_FROM = "20100908"  # hands from this date on write a raise as its total (fpdb's converter)


def read_merge(text: str, source: str = "") -> Hands:
    """Every hand in a Merge XML history, each a record or the `HistoryError` that kept it from being read."""
    return read_xml_site(
        text, source, SITE, _hands, 'a Merge history holds <game id="N-M"> elements after a <description>'
    )


def _hands(doc: XmlDocument, source: str) -> Iterator[tuple[str, ET.Element, HandReader]]:
    """Each <game>, read with the <description> before it."""
    description: ET.Element | None = None
    for element in doc.root.iter():
        if element.tag == "description":
            description = element
        elif element.tag == "game":
            yield found(_Hand, doc, source, element, "id", description)


read_merge_file = file_reader("merge")


class _Hand(HandPlace):
    def __init__(
        self, doc: XmlDocument, source: str, game: ET.Element, hand_id: str, description: ET.Element | None
    ) -> None:
        super().__init__(source, hand_id, doc, game, SITE)
        self.description, self.game = description, game
        self.names: dict[str, str] = {}
        self.shown: dict[str, int] = {}  # how many cards a SHOWN element gives each player

    def record(self) -> HandRecord:
        game, tournament = self._game()
        self.at(self.game)
        players = self.need_child(self.game, "players")
        button = self.number(self.need(players, "dealer"), "the dealer seat")
        seats: list[f.Seat] = []
        for player in children(players, "player"):
            self.at(player)
            label, name = self.number(self.need(player, "seat"), "the seat"), self.need(player, "nickname")
            self.listed(label, name)
            self.names[str(label)] = name
            if player.get("dealtin", "true") == "true":
                seats.append(f.Seat(label, name, self.amount(self.need(player, "balance"), game.scale)))
        starts = self.need(self.game, "starttime")
        raise_convention = TOTALS if re.sub(r"\D", "", starts)[:8] >= _RAISE_TO_FROM else ADDS
        board = self._rounds(game, raise_convention)
        self.at(self.game)
        return self.build(
            game, seats, button, board, f.Summary(take=None), won_includes_returned=True, stacks_after_posts=tournament
        )

    def _game(self) -> tuple[f.Game, bool]:
        if self.description is None:
            self.fail("no <description type=... stakes=...> before the game names its game")
        self.at(self.description)
        kind, stakes_text = self.need(self.description, "type"), self.need(self.description, "stakes").strip()
        match = _TYPE.match(kind)
        if match is None:
            game_named = f"{kind} {re.sub(r' ?[($].*$', '', stakes_text)}".strip()
            raise another_game(self.source, self.id, self.line, game_named, "Omaha H/L8 and Omaha")
        stakes = _STAKES.match(stakes_text)
        if stakes is None:
            self.fail(f"cannot read the stakes {stakes_text!r} (expected such as 'Pot Limit ($0.25/$0.50)')")
        tournament, limit = bool(match["tournament"]), _LIMITS[stakes["limit"]]
        scale = 1 if tournament else 100
        amounts = None  # a tournament's may name none: the blinds are then what was posted
        if stakes["a"]:
            amounts = (self.amount(stakes["a"], scale), self.amount(stakes["b"], scale))
            if not 0 < amounts[0] <= amounts[1]:
                self.fail(f"impossible stakes {stakes_text!r}")
        data = (self.game.get("data") or "").split("|")
        self.fields += [("date", self.game.get("starttime", "")), ("table", data[1] if len(data) > 1 else "")]
        if tournament:
            # its third part is "tournament-table" (fpdb's converter reads it so)
            self.fields += [("tournament", data[2].partition("-")[0] if len(data) > 2 else ""), ("buy_in", "")]
        else:
            self.fields += [("symbol", "$"), ("currency", "USD")]
        return f.Game(
            bool(match["hilo"]),
            int(self.game.get("numholecards") or 4),
            limit,
            amounts,
            scale,
            "" if tournament else "$",
        ), tournament

    def _name(self, element: ET.Element) -> str:
        written = self.need(element, "player")
        if written in self.names:
            return self.names[written]
        if written in self.names.values():
            return written
        self.fail(f"no player sits at {written!r}")

    def _rounds(self, game: f.Game, raise_convention: str) -> list[Card]:
        board: list[Card] = []
        for round_ in children(self.game, "round"):
            self.at(round_)
            name = self.need(round_, "id")
            if name not in _ROUNDS:
                self.fail(f"unknown round {name!r}")
            if name in _STREETS:
                self.events.append(f.Street(self.line, _STREETS[name]))
            for cards in children(round_, "cards"):
                self.at(cards)
                kind, shown = self.need(cards, "type"), self._cards(self.need(cards, "cards"))
                if kind == "COMMUNITY":
                    if shown[: len(board)] != tuple(board) or len(shown) not in (3, 4, 5):
                        self.fail("the board does not follow the cards dealt before")
                    board = list(shown)
                elif kind in ("HOLE", "SHOWN", "MUCKED"):
                    if shown:
                        self.events.append(f.Cards(self.line, self._name(cards), shown))
                        if kind == "HOLE":
                            self.deals_to(self._name(cards))
                    if kind == "SHOWN":
                        self.shown[self._name(cards)] = len(shown)
                else:
                    self.fail(f"unknown cards type {kind!r}")
            for event in children(round_, "event"):
                self._event(event, game, raise_convention)
            winners = list(children(round_, "winner"))
            side_pots = any(winner.get("potnumber", "1") != "1" for winner in winners)
            for winner in winners:
                self.at(winner)
                pot = self.number(self.need(winner, "potnumber"), "the pot number") - 1 if side_pots else None
                self.events.append(
                    f.Collected(
                        self.line, self._name(winner), self.amount(self.need(winner, "amount"), game.scale), pot
                    )
                )
        return board

    def _event(self, event: ET.Element, game: f.Game, raise_convention: str) -> None:
        self.at(event)
        kind = self.need(event, "type")
        if kind in _PASSED_OVER:
            return
        if kind == "GAME_CANCELLED":
            self.fail("the game was cancelled: not supported")
        name = self._name(event)
        amount = self.amount(event.get("amount") or "0", game.scale)
        if kind in _POSTS or kind == "RETURN_BLIND":
            post = _POSTS.get(kind, f.SMALL_AND_BIG)
            big = game.stakes[1] if game.stakes is not None and game.limit != f.FIXED else None
            if kind == "RETURN_BLIND" and big is not None and amount <= big:
                post = f.BIG_BLIND if amount == big else f.SMALL_BLIND
            self.events.append(f.Posted(self.line, name, post, amount))
        elif kind in _ACTS or kind == "RAISE":
            verb = _ACTS.get(kind, WAGER)
            quiet = verb in (FOLD, CHECK)
            self.events.append(
                f.Acted(self.line, name, verb, None if quiet else amount, raise_convention if kind == "RAISE" else ADDS)
            )
        elif kind in ("SIT_OUT", "SITTING_OUT"):
            if any(isinstance(e, (f.Acted, f.Cards)) and e.name == name for e in self.events):
                self.events.append(f.Acted(self.line, name, FOLD))
        elif kind in ("SHOW", "MUCK"):
            self.events.append(f.Revealed(self.line, name, self.shown.get(name, 0) if kind == "SHOW" else 0))
        else:
            self.fail(f"unknown event type {kind!r}")

    def _cards(self, written: str) -> tuple[Card, ...]:
        tokens = [token.strip() for token in written.split(",") if token.strip()]
        try:
            return parse_cards(" ".join(token.replace("10", "T") for token in tokens))
        except EngineError as error:
            self.fail(f"cannot read the cards {written!r}: {error}")
