"""Winamax text hand histories: Omaha Hi/Lo and five-card Omaha Hi/Lo (and Omaha high), pot limit (and no limit
and limit, as far as its header says so), cash games in euros and tournaments in chips. Winamax writes
PokerStars' outline under its own header, so this reader is a `Dialect` of the PokerStars-style reader with a
few lines of its own, and the one builder does the rest.

What differs, as public parsers' documentation and test data describe Winamax's text: the header is ``Winamax
Poker - CashGame - HandId: #5343878-96-1383820687 - Omaha Hi/Lo pot limit (0.25€/0.50€) - 2013/11/07 10:38:07
UTC`` (a tournament's ``Winamax Poker - Tournament "NAME" buyIn: 4.50€ + 0.50€ level: 4 - HandId: #... -
Omaha Hi/Lo pot limit (25/150/300) - ...``, its stakes the ante, the small and the big blind); the table line is
``Table: 'Marbella' 6-max (real money) Seat #3 is the button``; seats are ``Seat 2: name (1292€)``; amounts
carry the euro sign after the number; the blinds are ``*** ANTE/BLINDS ***`` (``posts small blind 0.25€``,
``posts big blind 0.50€ out of position`` for a player coming in), the deal ``*** PRE-FLOP ***``; a name is
followed by its action without a colon (``raises 2€ to 2.50€``: the second amount is the total); the turn is
``*** TURN *** [3c 7c Jd][6c]``; the summary's total is ``Total pot 43.45€ | Rake 3€`` or ``| No rake`` and its
winners ``won 43.45€``.

Two rules of Winamax's amounts are the builder's (`engine.history.building`): no "uncalled bet" line is ever
printed: the unmatched bet is in its player's "collected" line and in the summary's total; and that total is
stated after the rake (``Total pot 147€ | Rake 3€`` for 150€ put in).
"""

from __future__ import annotations

import re

from engine.history import facts as f
from engine.history.building import another_game
from engine.history.files import file_reader
from engine.history.pokerstars import Dialect, HandReader, read_pokerstars
from engine.history.record import HandRecord, Hands
from engine.validate import quote

_AMOUNT = r"\d[\d.,]*€?"
_GAME = re.compile(
    r"^(?P<kind>CashGame|Tournament (?P<tournament>.*?)) - HandId: #(?P<id>[\w-]+) - "
    r"(?P<game>.+?) \((?P<stakes>[^()]*)\) - (?P<date>.+)$"
)
_OMAHA = re.compile(
    r"^(?P<five>5 Card )?Omaha(?P<five_glued>5)?(?P<hilo> Hi/?Lo| Hi-Lo| H/L)? "
    r"(?P<limit>pot limit|no limit|fixed limit|limit)$",
    re.I,
)
_LIMITS = {"pot limit": f.POT, "no limit": f.NO, "fixed limit": f.FIXED, "limit": f.FIXED}
_TOURNAMENT = re.compile(r'^"(?P<name>.*)" buyIn: (?P<buy_in>.*?)(?: level: (?P<level>\S+))?$')
_TABLE_NUMBER = re.compile(r"\((?P<t>\d+)\)#\d+$")
_STREET = re.compile(r"^(?P<start>\*\*\* (?:FLOP|TURN|RIVER) \*\*\* \[[^\]]*\])\s*(?P<new>\[[^\]]*\])?$")
_COLLECTED = re.compile(rf"^collected (?P<amount>{_AMOUNT}) from (?P<pot>pot|main pot|side pot(?: ?-?(?P<n>\d+))?)$")


def _header(reader: HandReader, prefix: str, rest: str) -> None:
    """The game, stakes, table kind and date of a Winamax header, into the reader."""
    header = _GAME.match(rest)
    if header is None:
        reader.fail(
            "cannot read the header (expected 'Winamax Poker - CashGame - HandId: #N - Omaha Hi/Lo pot "
            "limit (0.05€/0.10€) - date')"
        )
    game = _OMAHA.match(header["game"])
    if game is None:
        raise another_game(reader.source, reader.id, reader.line, header["game"], "Omaha Hi/Lo and Omaha")
    reader.hi_lo = bool(game["hilo"])
    reader.hole_cards = 5 if game["five"] or game["five_glued"] else 4
    reader.limit = _LIMITS[game["limit"].lower()]
    reader.fields += [("date", header["date"]), ("site", "Winamax")]
    tournament = None
    if header["tournament"] is not None:
        tournament = _TOURNAMENT.match(header["tournament"])
        if tournament is None:
            reader.fail("cannot read the tournament (expected 'Tournament \"NAME\" buyIn: ... level: N')")
        # the tournament's number is in its table's name ("Hi-Lo Sunday(301122334)#004"), read with the table
        reader.fields += [("tournament_name", tournament["name"]), ("buy_in", tournament["buy_in"])]
        if tournament["level"]:
            reader.fields.append(("level", tournament["level"]))
    amounts = header["stakes"].split("/")
    if not 2 <= len(amounts) <= 3:  # "0.05€/0.10€", a tournament's "25/150/300" (the ante first)
        reader.fail(f"cannot read the stakes {quote(header['stakes'])}")
    reader.money("€" if "€" in header["stakes"] else "", cents=tournament is None)
    reader.symbol_after = True
    if reader.symbol:
        reader.fields.append(("currency", "EUR"))
    reader.read_stakes(header["stakes"], amounts[-2], amounts[-1])


class WinamaxReader(HandReader):
    """Winamax's own lines (its markers, a turn and river without a space between the cards, amounts in euros
    with the sign after the number); every other line is the PokerStars-style reader's."""

    def amount(self, text: str) -> int:
        return super().amount(text.removesuffix("€"))

    def build(self) -> HandRecord:
        fields = dict(self.fields)
        if "tournament_name" in fields:  # "NAME(301122334)#004": the tournament's number, else the hand's first
            number = _TABLE_NUMBER.search(str(fields.get("table", "")))
            self.fields.append(("tournament", number["t"] if number else self.id.partition("-")[0]))
        return super().build()

    def event_line(self, line: tuple[int, str], phase: str) -> str:
        text = line[1]
        if text == "*** ANTE/BLINDS ***":
            if phase != "posts":
                self.fail("the blinds come after the cards were dealt")
            return phase
        if text in ("*** PRE-FLOP ***", "*** PRE-FLOP *** "):
            return self._marker("*** HOLE CARDS ***", phase)
        street = _STREET.match(text)
        if street is not None:
            return self._marker(street["start"] + (f" {street['new']}" if street["new"] else ""), phase)
        if self.collected(text, _COLLECTED, "10€ from pot' (or main pot, side pot N)"):
            return phase
        return super().event_line(line, phase)


WINAMAX = Dialect(
    "Winamax Poker",
    re.compile(r"^(?P<prefix>Winamax Poker) - (?P<rest>.*?HandId: #(?P<id>[\w-]+) - .*)$"),
    "'Winamax Poker - CashGame - HandId: #N - Omaha Hi/Lo pot limit (0.05€/0.10€) - date'",
    keeps_prefix=False,
    table=re.compile(
        r"^Table: '(?P<table>.*)' (?P<max>\d+)-max \((?:real money|(?P<play>play money))\) "
        r"Seat #(?P<button>\d+) is the button$"
    ),
    seat=re.compile(rf"^Seat (?P<label>\d+): (?P<name>.+) \((?P<stack>{_AMOUNT})(?:, [^()]*)?\)(?P<tail>.*)$"),
    post=re.compile(
        rf"^posts (?P<kind>small blind|big blind|ante) (?P<amount>{_AMOUNT})(?: out of position)?"
        r"(?P<all_in> and is all-in)?$"
    ),
    post_kinds={"small blind": f.SMALL_BLIND, "big blind": f.BIG_BLIND, "ante": f.ANTE},
    total=re.compile(
        rf"^Total pot (?P<total>{_AMOUNT})(?P<pots>.*?) \| (?:No rake|Rake (?P<rake>{_AMOUNT}))"
        r"(?P<fees>)$"
    ),
    won=re.compile(rf"\bwon (?P<amount>{_AMOUNT})"),
    separator=" ",
    harmless=re.compile(
        r"^(?:.+ (?:is sitting out|sits out|has returned|is disconnected|is connected"
        r"|joins the table.*|leaves the table|will be allowed to play after the button"
        r"|doesn't show hand|does not show))$"
    ),
    read_header=_header,
    reader=WinamaxReader,
    total_after_take=True,
    won_includes_returned=True,
)


def read_winamax(text: str, source: str = "") -> Hands:
    """Every hand in a Winamax text, each a record or the `HistoryError` that kept it from being read."""
    return read_pokerstars(text, source, WINAMAX)


read_winamax_file = file_reader("winamax")
