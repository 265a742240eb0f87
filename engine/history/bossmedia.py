"""Boss Media XML hand histories (the network's skins): Omaha Hi/Lo and Omaha, fixed limit, pot limit and no limit,
cash, sit-and-go and tournament, read into the facts and built by the one builder.

The format, as public parsers' code and test data show it: one ``<HISTORY ID GAME="GAME_OMAHL" GAMETYPE GAMEKIND
LIMIT="PL" STAKES="2.50/5.00" TABLE TABLECURRENCY DATE>`` per hand (``GAME_OMA`` for Omaha high; ``STAKES`` the
blinds, in fixed limit the small and big bet), its ``<PLAYER NAME SEAT AMOUNT STATE DEALER="Y">`` lines
(``STATE_EMPTY`` seats named UNKNOWN), then ``<ACTION TYPE=...>`` lines: ``HAND_BLINDS`` (``KIND`` HAND_SB,
HAND_BB), ``HAND_ANTE``, ``HAND_DEAL`` (a player's four cards, ``b`` for one unseen), ``HAND_BOARD`` (the board so
far, with the pot after the rake), ``ACTION_FOLD``, ``ACTION_CHECK``, ``ACTION_CALL`` and ``ACTION_BET`` (what
they add), ``ACTION_RAISE`` and ``ACTION_ALLIN`` (the player's whole bet this round). The ``<SHOWDOWN POT RAKE>``
states the pot after the rake and without the bets that went back uncalled (no line returns them); its
``<RESULT PLAYER WIN HAND>`` lines say what each player took, both halves of a hi-lo pot together, after the rake
and without the returned bet, with the cards the player showed. A card is ``<CARD LINK="N">``: 0-12 the diamonds
ace to king, then the clubs, the hearts and the spades.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET

from engine.cards import Card, make_card
from engine.history import facts as f
from engine.history.builder import ADDS, ALL_IN, CALL, CHECK, FOLD, TOTALS, WAGER
from engine.history.building import another_game
from engine.history.files import file_reader
from engine.history.grammar import LIMIT_ABBREVIATIONS
from engine.history.record import HandRecord, Hands
from engine.history.xml_reading import HandPlace, XmlDocument, children, hands_by_tag, read_xml_site

SITE = "Boss Media"
_GAMES = {"GAME_OMAHL": True, "GAME_OMA": False}
_KINDS = {"GAMEKIND_CASH": False, "GAMEKIND_SITGO": True, "GAMEKIND_TOURNAMENT": True}
_SYMBOLS = {"USD": "$", "EUR": "€", "GBP": "£"}
_BLINDS = {"HAND_SB": f.SMALL_BLIND, "HAND_BB": f.BIG_BLIND}
_ACTS = {  # verb, convention
    "ACTION_FOLD": (FOLD, ADDS),
    "ACTION_CHECK": (CHECK, ADDS),
    "ACTION_CALL": (CALL, ADDS),
    "ACTION_BET": (WAGER, ADDS),
    "ACTION_RAISE": (WAGER, TOTALS),
    "ACTION_ALLIN": (ALL_IN, TOTALS),
}
_STREETS = {"BOARD_FLOP": (2, 3), "BOARD_TURN": (3, 4), "BOARD_RIVER": (4, 5)}
_CARDS = [make_card(rank, suit) for suit in "dchs" for rank in (14, *range(2, 14))]  # CARD LINK 0..51: A, 2 .. K
_BY_DEFAULT = "$(STR_BY_DEFAULT)"  # a RESULT's HAND when the others folded: nothing was shown
_MUCK = "$(STR_G_MUCK)"


def read_bossmedia(text: str, source: str = "") -> Hands:
    """Every hand in a Boss Media XML history, each a record or the `HistoryError` that kept it from being read."""
    hands = hands_by_tag("HISTORY", "ID", _Hand)
    return read_xml_site(
        text, source, SITE, hands, 'a Boss Media history holds <HISTORY ID="N" GAME="GAME_OMAHL" ...> elements'
    )


read_bossmedia_file = file_reader("bossmedia")


class _Hand(HandPlace):
    def __init__(self, doc: XmlDocument, source: str, history: ET.Element, hand_id: str) -> None:
        super().__init__(source, hand_id, doc, history, SITE)
        self.history = history
        self.board: list[Card] = []

    def record(self) -> HandRecord:
        game = self._game()
        seats: list[f.Seat] = []
        button = 0
        for player in children(self.history, "PLAYER"):
            self.at(player)
            if player.get("STATE") == "STATE_EMPTY":
                continue
            name, label = self.need(player, "NAME"), self.number(self.need(player, "SEAT"), "the seat")
            self.listed(label, name)
            seats.append(f.Seat(label, name, self.amount(self.need(player, "AMOUNT"), game.scale)))
            if player.get("DEALER") == "Y":
                button = label
        self.names = {seat.name for seat in seats}
        summary = f.Summary()
        for element in self.history:
            self.at(element)
            if element.tag == "ACTION":
                self._action(element, game)
            elif element.tag == "SHOWDOWN":
                summary = self._showdown(element, game)
            elif element.tag != "PLAYER":
                self.fail(f"unknown element <{element.tag}>")
        self.at(self.history)
        if summary.total is None:
            self.fail("the hand is cut short: it has no <SHOWDOWN> (what each player took)")
        return self.build(game, seats, button, self.board, summary)

    def _game(self) -> f.Game:
        history = self.history
        written, limit = self.need(history, "GAME"), self.need(history, "LIMIT")
        if written not in _GAMES:
            raise another_game(self.source, self.id, self.line, f"{limit} {written}", "GAME_OMAHL and GAME_OMA")
        if limit not in LIMIT_ABBREVIATIONS:
            self.fail(f"unknown LIMIT {limit!r} (this reader knows PL, NL and FL)")
        kind = self.need(history, "GAMEKIND")
        if kind not in _KINDS:
            self.fail(
                f"unknown GAMEKIND {kind!r} (this reader knows GAMEKIND_CASH, GAMEKIND_SITGO and GAMEKIND_TOURNAMENT)"
            )
        tournament = _KINDS[kind]
        scale = 1 if tournament else 100
        symbol = "" if tournament else _SYMBOLS.get(history.get("TABLECURRENCY", ""), "")
        low, bar, high = self.need(history, "STAKES").partition("/")
        if not bar:
            self.fail(f"cannot read the STAKES {low!r} (expected such as '2.50/5.00')")
        stakes = (self.amount(low, scale), self.amount(high, scale))
        if not 0 < stakes[0] <= stakes[1]:
            self.fail(f"impossible STAKES {low}/{high}")
        self.fields += [("table", history.get("TABLE", "")), ("date", history.get("DATE", ""))]
        if tournament:
            if history.get("TABLETOURNEYID"):  # often empty: a record written back then names no tournament
                self.fields += [("tournament", history.get("TABLETOURNEYID", "")), ("buy_in", "")]
        else:
            if history.get("GAMETYPE", "GAMETYPE_REAL") != "GAMETYPE_REAL":
                self.fields.append(("play_money", True))
            if symbol:
                self.fields.append(("symbol", symbol))
            elif history.get("TABLECURRENCY"):
                self.fields.append(("currency", history.get("TABLECURRENCY", "")))
        return f.Game(_GAMES[written], 4, LIMIT_ABBREVIATIONS[limit], stakes, scale, symbol)

    def _player(self, element: ET.Element) -> str:
        name = self.need(element, "PLAYER")
        if name not in self.names:
            self.fail(f"{name!r} is not seated at the table")
        return name

    def _action(self, action: ET.Element, game: f.Game) -> None:
        kind = self.need(action, "TYPE")
        if kind == "HAND_BOARD":
            street = self.need(action, "VALUE")
            if street not in _STREETS:
                self.fail(f"unknown board {street!r} (this reader knows BOARD_FLOP, BOARD_TURN and BOARD_RIVER)")
            number, size = _STREETS[street]
            cards = self._cards(action)
            if len(cards) != size or None in cards or tuple(cards[: len(self.board)]) != tuple(self.board):
                self.fail(f"the {street} is not the board so far and {size - len(self.board)} new cards")
            self.board += [card for card in cards[len(self.board) :] if card is not None]
            self.events.append(f.Street(self.line, number))
            return
        name = self._player(action)
        if kind == "HAND_DEAL":
            cards = self._cards(action)
            if any(card is not None for card in cards):
                self.deals_to(name)
            self.events.append(f.Cards(self.line, name, tuple(cards), True))
        elif kind == "HAND_BLINDS":
            blind = self.need(action, "KIND")
            if blind not in _BLINDS:
                self.fail(f"unknown blind {blind!r} (this reader knows HAND_SB and HAND_BB)")
            self.events.append(f.Posted(self.line, name, _BLINDS[blind], self._value(action, game)))
        elif kind == "HAND_ANTE":
            self.events.append(f.Posted(self.line, name, f.ANTE, self._value(action, game)))
        elif kind in _ACTS:
            verb, convention = _ACTS[kind]
            amount = None if verb in (FOLD, CHECK) else self._value(action, game)
            self.events.append(f.Acted(self.line, name, verb, amount, convention))
        else:
            self.fail(f"unknown action TYPE {kind!r}")

    def _showdown(self, showdown: ET.Element, game: f.Game) -> f.Summary:
        total_line = self.line
        total = self.amount(self.need(showdown, "POT"), game.scale)
        take = self.amount(showdown.get("RAKE") or "0", game.scale)
        for result in children(showdown, "RESULT"):
            self.at(result)
            name = self._player(result)
            won = self.amount(self.need(result, "WIN"), game.scale)
            if won:
                self.events.append(f.Collected(self.line, name, won))
            said = result.get("HAND", "")
            if said == _BY_DEFAULT:
                continue  # won without a showdown: the cards listed are what the player was dealt
            cards = [card for card in self._cards(result) if card is not None]
            if cards and said != _MUCK:
                self.events.append(f.Cards(self.line, name, tuple(cards)))
            self.events.append(f.Revealed(self.line, name, 0 if said == _MUCK else len(cards)))
        return f.Summary(total, total_line, take, total_said="the SHOWDOWN's POT is", total_after_take=True)

    def _value(self, action: ET.Element, game: f.Game) -> int:
        return self.amount(self.need(action, "VALUE"), game.scale)

    def _cards(self, element: ET.Element) -> list[Card | None]:
        """The element's cards: each ``LINK`` a number 0-51 or ``b`` for a card not seen."""
        out: list[Card | None] = []
        for card in children(element, "CARD"):
            link = self.need(card, "LINK")
            if link == "b":
                out.append(None)
            elif link.isdigit() and int(link) < len(_CARDS):
                out.append(_CARDS[int(link)])
            else:
                self.at(card)
                self.fail(f"cannot read the card LINK={link!r} (0-51, or b for a card not seen)")
        return out
