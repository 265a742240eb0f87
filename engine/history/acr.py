"""ACR / Winning Poker Network text hand histories (Americas Cardroom, Black Chip Poker, True Poker): PokerStars'
shape with the network's own words, so this reader is a `Dialect` of the PokerStars reader (plus its header's
game) and the one builder does the rest.

What differs, as public parsers' documentation and test data describe WPN's text: the header is ``Hand #N -
Omaha H/L (Pot Limit) - $0.05/$0.10 - 2026/02/16 03:36:06 UTC`` (``Game Hand #N - Tournament #T - ... - Level
17 (2500.00/5000.00) - ...`` in a tournament); the table line has no "Table '...'"; seats are ``Seat 3: name
($2.00)``; a name is followed by its action without a colon (``name raises $0.06 to $0.08``: the second
amount is the total, as PokerStars'); blinds are ``posts the small blind $0.01``; after each street a ``Main
pot $0.12 | Rake $0.00`` line (passed over: the summary says the same); the summary's ``won $0.16`` has no
parentheses, and its total may name the rake and the jackpot fee (``Total pot $2.75 | Rake $0.13 | JP Fee
$0.05``), all of it what the house took.
"""

from __future__ import annotations

import re

from engine.history import facts as f
from engine.history.builder import ADDS
from engine.history.building import another_game
from engine.history.files import file_reader
from engine.history.grammar import LIMIT_NAMES, SEAT_WITHOUT_IN_CHIPS, STARS_AMOUNT
from engine.history.pokerstars import Dialect, HandReader, read_pokerstars
from engine.history.record import Hands
from engine.history.textsite import currency_sign

_GAME = re.compile(
    r"^(?:Tournament #(?P<t>\d+) - )?(?P<game>(?P<five>5 ?Cards? )?Omaha(?P<hilo> H/L| Hi/?Lo)? "
    r"\((?P<limit>Fixed Limit|Pot Limit|No Limit)\)) - (?:Level (?P<level>\S+) \((?P<blinds>[^()]*)\)"
    r"|(?P<stakes>[^\s()]+)) - (?P<date>.+)$"
)


def _header(reader: HandReader, prefix: str, rest: str) -> None:
    """The game, stakes and date of an ACR header, into the reader (as PokerStars' header reader does)."""
    game = _GAME.match(rest)
    if game is None:
        if "Omaha" not in rest:
            named = rest.partition(" - ")[0 if "Tournament" not in rest else 2].partition(" - ")[0] or "another game"
            raise another_game(reader.source, reader.id, reader.line, named, "Omaha H/L and Omaha")
        reader.fail("cannot read the header (expected 'Hand #N - Omaha H/L (Pot Limit) - $0.05/$0.10 - date')")
    reader.hi_lo, reader.hole_cards = bool(game["hilo"]), 5 if game["five"] else 4
    reader.limit = LIMIT_NAMES[game["limit"]]
    # no "game" field: its words ("Omaha H/L (Pot Limit)") are not PokerStars', whose writer would keep them
    reader.fields += [("date", game["date"]), ("site", "ACR / Winning Poker Network")]
    stakes = game["blinds"] if game["t"] else game["stakes"]
    if game["t"]:
        reader.fields += [("tournament", game["t"]), ("level", game["level"]), ("buy_in", "")]
    reader.money(currency_sign(stakes), cents=not game["t"])
    low, _, high = stakes.partition("/")
    reader.read_stakes(stakes, low, high)


ACR = Dialect(
    "ACR / Winning Poker Network",
    re.compile(r"^(?P<prefix>(?:Game )?Hand) #(?P<id>\d+) - (?P<rest>.*)$"),
    "'Hand #N - Omaha H/L (Pot Limit) - ...' (or 'Game Hand #N - Tournament #T - ...')",
    keeps_prefix=False,
    table=re.compile(r"^(?P<table>.+?) (?P<max>\d+)-max(?P<play>) Seat #(?P<button>\d+) is the button$"),
    seat=SEAT_WITHOUT_IN_CHIPS,
    post=re.compile(
        r"^posts (?P<kind>the small blind|the big blind|ante|dead blind) (?P<amount>\S+)"
        r"(?P<all_in> and is all-in)?$"
    ),
    post_kinds={
        "the small blind": f.SMALL_BLIND,
        "the big blind": f.BIG_BLIND,
        "ante": f.ANTE,
        "dead blind": f.DEAD_BLIND,
    },
    total=re.compile(r"^Total pot (?P<total>\S+)(?P<pots>)(?: \| Rake (?P<rake>\S+))?(?P<fees>(?: \| .*)?)$"),
    won=re.compile(r"\b(?:won|collected) (?P<amount>" + STARS_AMOUNT + ")"),
    separator=" ",
    harmless=re.compile(
        r"^(?:Main pot \S+(?: \| Side pot(?:-\d+)? \S+)* \| Rake \S+.*|.+ does not show"
        r"|.+ is sitting out)$"
    ),
    read_header=_header,
    raise_by=ADDS,  # "raises $0.06 to $0.08" from the big blind: what the raise adds
)


def read_acr(text: str, source: str = "") -> Hands:
    """Every hand in an ACR / WPN text, each a record or the `HistoryError` that kept it from being read."""
    return read_pokerstars(text, source, ACR)


read_acr_file = file_reader("acr")
