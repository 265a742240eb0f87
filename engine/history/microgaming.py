"""Microgaming XML hand histories (the network's skins write the same export): Omaha Hi-Lo and Omaha, limit, pot
limit and no limit, cash and tournament, read into the facts and built by the one builder.

The format, as public parsers' documentation and test data describe it: one ``<Game hhversion id date tablename
stakes="0.01|0.02" betlimit="PL" gametype="Omaha H/L" currencysymbol istournament rake>`` per hand (``stakes``:
the blinds, in fixed limit the small and big bet; ``currencysymbol`` the symbol in base64 of its UTF-16 text,
``rCA=`` for €; ``rake`` in hundredths of the currency), its ``<Seats>`` (``<Seat num alias balance endbalance
dealer="true">``: ``endbalance`` is the stack after the hand) and its ``<Gameplay>`` of ``<Action seq type seat
value>`` lines: SmallBlind, BigBlind, PostedToPlay (a new player's blind), Fold, Check, Call, Bet, Raise,
AllIn (every amount is what the action adds), DealCards (the player's own cards), DealFlop, DealTurn, DealRiver
(the new cards), ShowCards, MuckCards, MoneyReturned (a bet nobody called, back to its player) and Win, whose
``<Seat num amount pot lowhandwin>`` lines say what each player took from which pot (``pot`` 0 the main one),
after the rake. A card is ``<Card value="10" suit="c">``. A hand without a MoneyReturned line counts the bet
nobody called in its winner's amount.
"""

from __future__ import annotations

import base64
import binascii
import re
import xml.etree.ElementTree as ET

from engine.cards import Card, parse_cards
from engine.errors import EngineError
from engine.history import facts as f
from engine.history.builder import ADDS, ALL_IN, CALL, CHECK, FOLD, WAGER
from engine.history.building import another_game
from engine.history.files import file_reader
from engine.history.grammar import LIMIT_ABBREVIATIONS
from engine.history.record import HandRecord, Hands
from engine.history.xml_reading import HandPlace, XmlDocument, children, hands_by_tag, read_xml_site

SITE = "Microgaming"
_GAMES = {"omaha h/l": True, "omaha hi/lo": True, "omaha": False}
_ACTS = {"fold": FOLD, "check": CHECK, "call": CALL, "bet": WAGER, "raise": WAGER, "allin": ALL_IN}
_POSTS = {"smallblind": f.SMALL_BLIND, "bigblind": f.BIG_BLIND, "postedtoplay": f.BIG_BLIND, "ante": f.ANTE}
_STREETS = {"dealflop": (2, 3), "dealturn": (3, 1), "dealriver": (4, 1)}
_PASSED_OVER = {"sitout", "sitin", "disconnected", "reconnected", "chat", "timeout"}


def read_microgaming(text: str, source: str = "") -> Hands:
    """Every hand in a Microgaming XML export, each a record or the `HistoryError` that kept it from being read."""
    hands = hands_by_tag("Game", "id", _Hand)
    return read_xml_site(text, source, SITE, hands, "a Microgaming history holds <Game hhversion=... id=...> elements")


read_microgaming_file = file_reader("microgaming")


class _Hand(HandPlace):
    def __init__(self, doc: XmlDocument, source: str, game: ET.Element, hand_id: str) -> None:
        super().__init__(source, hand_id, doc, game, SITE)
        self.game = game
        self.names: dict[str, str] = {}

    def record(self) -> HandRecord:
        game, tournament = self._game()
        self.at(self.game)
        seats_element = self.need_child(self.game, "Seats")
        seats: list[f.Seat] = []
        button = 0
        for seat in children(seats_element, "Seat"):
            self.at(seat)
            label, name = self.number(self.need(seat, "num"), "the seat"), self.need(seat, "alias")
            self.listed(label, name)
            self.names[str(label)] = name
            ending = seat.get("endbalance")
            seats.append(
                f.Seat(
                    label,
                    name,
                    self.amount(self.need(seat, "balance"), game.scale),
                    finishing=self.amount(ending, game.scale) if ending is not None else None,
                )
            )
            if seat.get("dealer") == "true":
                button = label
        play = self.need_child(self.game, "Gameplay")
        board = self._play(play, game)
        returned = any(isinstance(event, f.Returned) for event in self.events)
        self.at(self.game)
        take = None
        if not tournament and self.game.get("rake") is not None:
            take = self.number(self.need(self.game, "rake"), "the rake")  # hundredths: cents at scale 100
        return self.build(game, seats, button, board, f.Summary(take=take), won_includes_returned=not returned)

    def _game(self) -> tuple[f.Game, bool]:
        written, limit_text = self.need(self.game, "gametype"), self.need(self.game, "betlimit")
        kind = re.sub(r"^(?:Multi Table|Sit (?:&|and) Go) ", "", written.strip(), flags=re.I)
        if kind.lower() not in _GAMES:
            named = f"{limit_text} {written}".strip()
            raise another_game(self.source, self.id, self.line, named, "Omaha H/L and Omaha")
        if limit_text not in LIMIT_ABBREVIATIONS:
            self.fail(f"unknown betlimit {limit_text!r} (this reader knows PL, NL and FL)")
        tournament = self.game.get("istournament", "0") not in ("0", "false", "")
        scale = 1 if tournament else 100
        low, bar, high = self.need(self.game, "stakes").partition("|")
        if not bar:
            self.fail(f"cannot read the stakes {low!r} (expected such as '0.01|0.02')")
        stakes = (self.amount(low, scale), self.amount(high, scale))
        if not 0 < stakes[0] <= stakes[1]:
            self.fail(f"impossible stakes {low}|{high}")
        symbol = ""
        if not tournament:
            try:
                symbol = base64.b64decode(self.game.get("currencysymbol", ""), validate=True).decode("utf-16-le")
            except (binascii.Error, UnicodeDecodeError):
                self.fail(f"cannot read the currencysymbol {self.game.get('currencysymbol')!r} (base64 of UTF-16)")
        self.fields += [("table", self.game.get("tablename", "")), ("date", self.game.get("date", ""))]
        if tournament:
            number = re.search(r"\[(\d+)\]", self.game.get("tablename", ""))  # "NAME [id]:Table 3"
            self.fields += [("tournament", number[1] if number else ""), ("buy_in", "")]
        elif symbol:
            self.fields.append(("symbol", symbol))
        return f.Game(_GAMES[kind.lower()], 4, LIMIT_ABBREVIATIONS[limit_text], stakes, scale, symbol), tournament

    def _name(self, element: ET.Element) -> str:
        written = self.need(element, "seat" if element.tag == "Action" else "num")
        if written not in self.names:
            self.fail(f"no player sits at seat {written!r}")
        return self.names[written]

    def _play(self, play: ET.Element, game: f.Game) -> list[Card]:
        board: list[Card] = []
        revealed: set[str] = set()
        for action in children(play, "Action"):
            self.at(action)
            kind = self.need(action, "type").lower()
            if kind in _PASSED_OVER:
                continue
            if kind in _STREETS:
                street, count = _STREETS[kind]
                cards = self._cards(action)
                if len(board) + count != (3, 4, 5)[street - 2] or len(cards) != count:
                    self.fail(
                        f"{action.get('type')} deals {len(cards)} cards, not the {count} that follow the "
                        f"{len(board)} on the board"
                    )
                board += cards
                self.events.append(f.Street(self.line, street))
                continue
            if kind == "win":
                winners = list(children(action, "Seat"))
                side_pots = any(winner.get("pot", "0") != "0" for winner in winners)
                for winner in winners:
                    self.at(winner)
                    chips = self.amount(self.need(winner, "amount"), game.scale)
                    pot = self.number(self.need(winner, "pot"), "the pot") if side_pots else None
                    if chips:
                        self.events.append(f.Collected(self.line, self._name(winner), chips, pot))
                continue
            name = self._name(action)
            value = self.amount(action.get("value") or "0", game.scale)
            if kind == "allin" and self._blind_due():  # a short blind posted all in (written AllIn)
                posted = {e.kind for e in self.events if isinstance(e, f.Posted)}
                kind = "smallblind" if f.SMALL_BLIND not in posted else "bigblind"
                self.events.append(f.Posted(self.line, name, _POSTS[kind], value, True))
            elif kind in _POSTS:
                self.events.append(f.Posted(self.line, name, _POSTS[kind], value))
            elif kind in _ACTS:
                verb = _ACTS[kind]
                self.events.append(f.Acted(self.line, name, verb, None if verb in (FOLD, CHECK) else value, ADDS))
            elif kind == "moneyreturned":
                self.events.append(f.Returned(self.line, name, value))
            elif kind == "dealcards":
                dealt = self._cards(action)
                self.events.append(f.Cards(self.line, name, dealt))
                if dealt:
                    self.deals_to(name)
            elif kind in ("showcards", "muckcards"):
                cards = self._cards(action)
                if cards:
                    self.events.append(f.Cards(self.line, name, cards))
                if name not in revealed:  # a player's cards may be shown twice
                    revealed.add(name)
                    self.events.append(f.Revealed(self.line, name, len(cards) if kind == "showcards" else 0))
            else:
                self.fail(f"unknown action type {action.get('type')!r}")
        return board

    def _blind_due(self) -> bool:
        """No betting yet and the big blind not posted: an AllIn here is a blind posted with the last chips."""
        return not any(
            isinstance(e, (f.Acted, f.Street)) or (isinstance(e, f.Posted) and e.kind == f.BIG_BLIND)
            for e in self.events
        )

    def _cards(self, action: ET.Element) -> tuple[Card, ...]:
        written = [(card.get("value", ""), card.get("suit", "")) for card in children(action, "Card")]
        text = " ".join(value.replace("10", "T") + suit.lower() for value, suit in written)
        try:
            return parse_cards(text)
        except EngineError as error:
            self.fail(f"cannot read the cards {text!r}: {error}")
