"""iPoker XML hand histories (the network's skins write the same export): Omaha Hi-Lo and Omaha, limit, pot
limit and no limit, cash and tournament, read into the facts and built by the one builder.

The format, as public parsers' documentation and test data describe it: a ``<session>`` whose ``<general>``
names the game (``<gametype>Omaha Hi-Lo PL $0.05/$0.10</gametype>``; a tournament's has no stakes and a
``<tournamentcode>``), then one ``<game gamecode="N">`` per hand: its players (``<player seat name chips
dealer win bet>``; ``win`` is what the player collected, after the rake), then ``<round no="0">`` (the blinds)
to ``<round no="4">`` (the river), each with ``<cards>`` (``type="Pocket"`` per player, ``X`` for a card not
seen; ``Flop``, ``Turn``, ``River`` for the board; a card is its suit then its rank, ``S10`` or ``HA``) and
``<action no player type sum>`` lines, not always in the order of their ``no``.

The action types: 0 fold, 1 small blind, 2 big blind, 3 call, 4 check, 5 bet, 6 and 7 all in, 8 and 9 sitting
out, 15 ante, 23 raise. A call's, a bet's and an all-in's ``sum`` is what it adds; a raise's (23) is the new
total of the player's bet this round. No line returns an uncalled bet: unless the session says
``<uncalled_bet_enabled>true</uncalled_bet_enabled>``, a player's ``win`` includes the uncalled bet that went
back to them. The rake is not written: it is what the players put in less what they won.
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
from engine.history.textsite import wrong_street_cards
from engine.history.xml_reading import HandPlace, HandReader, XmlDocument, children, found, read_xml_site

_GAME = re.compile(
    r"^(?P<game>(?P<five>5 ?Card )?Omaha(?P<hilo> Hi-?Low?| HiLow?| Hi/Lo)?) "
    r"(?P<limit>NL|SL|PL|LP|FL|L|No limit|Pot limit|Fixed limit|Limit)"
    r"(?: (?P<stakes>[^\s/]+/[^\s/]+))?(?: Ante \S+)?$",
    re.I,
)
_LIMITS = {
    "nl": f.NO,
    "sl": f.NO,
    "no limit": f.NO,
    "pl": f.POT,
    "lp": f.POT,
    "pot limit": f.POT,
    "fl": f.FIXED,
    "l": f.FIXED,
    "fixed limit": f.FIXED,
    "limit": f.FIXED,
}
_ACTS = {
    "0": (FOLD, ADDS),
    "3": (CALL, ADDS),
    "4": (CHECK, ADDS),
    "5": (WAGER, ADDS),
    "6": (ALL_IN, ADDS),
    "7": (ALL_IN, ADDS),
    "23": (WAGER, TOTALS),
}
_POSTS = {"1": f.SMALL_BLIND, "2": f.BIG_BLIND, "15": f.ANTE}
_SITTING_OUT = {"8", "9"}
_BOARD = {"Flop": 3, "Turn": 1, "River": 1}
SITE = "iPoker"


def read_ipoker(text: str, source: str = "") -> Hands:
    """Every hand in an iPoker XML export, each a record or the `HistoryError` that kept it from being read."""
    return read_xml_site(
        text, source, SITE, _hands, 'an iPoker history is a <session> holding <game gamecode="N"> elements'
    )


def _hands(doc: XmlDocument, source: str) -> Iterator[tuple[str, ET.Element, HandReader]]:
    """Each <game> of each <session>, read with its session's <general>."""
    for session in doc.root.iter("session"):
        general = session.find("general")
        for game in children(session, "game"):
            yield found(_Hand, doc, source, game, "gamecode", general)


read_ipoker_file = file_reader("ipoker")


class _Hand(HandPlace):
    def __init__(
        self, doc: XmlDocument, source: str, game: ET.Element, hand_id: str, general: ET.Element | None
    ) -> None:
        super().__init__(source, hand_id, doc, game, SITE)
        self.general, self.game = general, game

    def text(self, tag: str) -> str:
        found = self.general.find(tag) if self.general is not None else None
        return (found.text or "").strip() if found is not None else ""

    def record(self) -> HandRecord:
        if self.general is None:
            self.fail("the session has no <general> element naming the game")
        game = self._game()
        players = self.game.find("general/players")
        if players is None:
            self.fail("the hand has no <players>")
        seats: list[f.Seat] = []
        wins: list[tuple[f.Line, str, int]] = []
        button = 0
        for player in children(players, "player"):
            self.at(player)
            label = self.number(self.need(player, "seat"), "the seat")
            name, stack = self.need(player, "name"), self.amount(self.need(player, "chips"), game.scale)
            self.listed(label, name)
            seats.append(f.Seat(label, name, stack))
            if player.get("dealer") == "1":
                button = label
            win = self.amount(player.get("win") or "0", game.scale)
            if win:
                wins.append((self.line, name, win))
        if len(seats) < 2:
            self.fail("a hand needs at least two players")
        stacks = {seat.name: seat.stack for seat in seats}
        board = self._rounds(game, stacks)
        self.line = self.doc.line(self.game)
        for line, name, win in wins:
            self.events.append(f.Collected(line, name, win))
        returned_apart = self.text("uncalled_bet_enabled").lower() == "true"
        hero = self.text("nickname") or None  # the player the export was made for
        return self.build(
            game, seats, button, board, f.Summary(take=None), won_includes_returned=not returned_apart, hero=hero
        )

    def _game(self) -> f.Game:
        self.line = self.doc.line(self.general) if self.general is not None else self.line
        written = self.text("gametype")
        match = _GAME.match(written)
        if match is None:
            if "omaha" not in written.lower():
                named = re.sub(r" \S*\d\S*$", "", written) or "another game"
                raise another_game(self.source, self.id, self.line, named, "Omaha Hi-Lo and Omaha")
            self.fail(f"cannot read the game {written!r} (expected such as 'Omaha Hi-Lo PL $0.05/$0.10')")
        tournament = bool(self.text("tournamentcode") or self.text("tournamentname"))
        stakes_text = match["stakes"] or ""
        symbol = next((c for c in stakes_text if c in "$€£"), "")
        scale = 1 if tournament or not stakes_text else 100
        stakes = (0, 0)
        limit = _LIMITS[match["limit"].lower()]
        if not stakes_text and limit == f.FIXED:
            self.fail(f"the game {written!r} names no bets, which a fixed-limit game needs")
        if stakes_text:
            low, _, high = stakes_text.partition("/")
            stakes = (self.amount(low, scale), self.amount(high, scale))
            if not 0 < stakes[0] <= stakes[1]:
                self.fail(f"impossible stakes {stakes_text!r}")
        self.fields += [("table", self.text("tablename")), ("date", self.text("startdate"))]
        if tournament:
            self.fields += [
                ("tournament", self.text("tournamentcode") or self.text("tournamentname")),
                ("buy_in", self.text("totalbuyin") or self.text("buyin")),
            ]
        if symbol and not tournament:
            self.fields.append(("symbol", symbol))
        currency = self.text("tablecurrency") or self.text("currency")
        if currency and not tournament:
            self.fields.append(("currency", currency))
        return f.Game(
            bool(match["hilo"]),
            5 if match["five"] else 4,
            limit,
            stakes,
            scale,
            symbol if not tournament else "",
            posted_blinds=not stakes_text,
        )

    def _rounds(self, game: f.Game, stacks: dict[str, int]) -> list[Card]:
        board: list[Card] = []
        folded: set[str] = set()
        known: dict[str, tuple[Card, ...]] = {}
        rounds = sorted(children(self.game, "round"), key=lambda r: self.number(self.need(r, "no"), "round no"))
        for round_ in rounds:
            number = int(round_.get("no", "0"))
            self.at(round_)
            if number > 4:
                self.fail(f"round {number}: an Omaha hand has rounds 0 to 4")
            for cards in children(round_, "cards"):
                self.at(cards)
                kind, written = cards.get("type", ""), (cards.text or "").split()
                if kind in _BOARD:
                    new = self._cards(written)
                    if len(board) != {"Flop": 0, "Turn": 3, "River": 4}[kind]:
                        self.fail(f"the {kind.lower()} does not follow the board")
                    if (wrong := wrong_street_cards(kind, new)) is not None:
                        self.fail(wrong)
                    board += new
                elif kind == "Pocket" and written and "X" not in written:
                    player = self.need(cards, "player")
                    known[player] = self._cards(written)
                    self.events.append(f.Cards(self.line, player, known[player]))
                elif kind not in ("Pocket",):
                    self.fail(f"unknown cards type {kind!r}")
            if number >= 2:
                self.events.append(f.Street(self.doc.line(round_), number))
            actions = sorted(children(round_, "action"), key=lambda a: self.number(self.need(a, "no"), "action no"))
            for action in actions:
                self._action(action, game, stacks, folded)
        self._showdown(stacks, folded, known)
        return board

    def _action(self, action: ET.Element, game: f.Game, stacks: dict[str, int], folded: set[str]) -> None:
        self.at(action)
        name, kind = self.need(action, "player"), self.need(action, "type")
        if name not in stacks:
            self.fail(f"{name!r} acts but is not among the players")
        paid = self.amount(action.get("sum") or "0", game.scale)
        if kind in _POSTS:
            post = _POSTS[kind]
            stakes = game.stakes or (0, 0)
            if post == f.BIG_BLIND and stakes != (0, 0) and game.limit != f.FIXED and paid > stakes[1]:
                post = f.SMALL_AND_BIG  # a returning player's big blind with the small one, dead
            self.events.append(f.Posted(self.line, name, post, paid, paid >= stacks[name]))
        elif kind in _ACTS:
            verb, convention = _ACTS[kind]
            if verb == FOLD:
                folded.add(name)
            amount = paid if verb not in (FOLD, CHECK) else None
            self.events.append(f.Acted(self.line, name, verb, amount, convention))
        elif kind not in _SITTING_OUT:
            self.fail(f"unknown action type {kind!r} (this reader knows 0-9, 15 and 23)")

    def _showdown(self, stacks: dict[str, int], folded: set[str], known: dict[str, tuple[Card, ...]]) -> None:
        """At a showdown every player still in shows what the export knows of their cards (a hand it does not
        know whole was not shown)."""
        acted = {event.name for event in self.events if isinstance(event, (f.Acted, f.Posted))}
        left = [name for name in stacks if name in acted and name not in folded]
        if len(left) < 2:
            return
        for name in left:
            self.events.append(f.Revealed(self.line, name, len(known[name]) if name in known else 0))

    def _cards(self, written: list[str]) -> tuple[Card, ...]:
        try:
            return parse_cards(" ".join(token[1:].replace("10", "T") + token[:1].lower() for token in written))
        except EngineError as error:
            self.fail(f"cannot read the cards {' '.join(written)!r}: {error}")
