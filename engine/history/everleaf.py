"""Everleaf Gaming text hand histories: Omaha Hi/Lo and Omaha, fixed limit, pot limit and no limit, cash and
tournament; read into facts and built by the one builder.

Everleaf's text is PartyPoker's lineage, so its hand is PartyPoker's parser with Everleaf's own lines, as
public parsers' documentation and test data describe them: ``Everleaf Gaming Game #N`` before the header
``***** Hand history for game #N *****``; the game ``Blinds $0.05/$0.10 PL Omaha Hi/Lo - 2010/03/02 -
19:35:19`` (pot or no limit: the blinds), ``$0.50/$1 Omaha Hi/Lo - <date>`` (fixed limit: the bets), a
tournament's ``Blinds 10/20 ...`` in chips; ``Table NAME``; seats ``Seat 5: name (  $ 10 USD )``; ``name:
posts small blind [$ 0.05 USD]`` and ``name: bets [...]`` with a colon, ``calls`` and ``raises`` without;
every bracketed amount is what the action adds (``raises [$ 0.20 USD]`` puts in twenty cents more); no
uncalled-bet line and no summary: the hand ends ``wins $ 0.20 USD from main pot`` or ``wins  high ($ 2.57
USD) from main pot with ...`` / ``wins  low ($2.56) from main pot``, after a rake nobody states, without the
winner's bet nobody called.
"""

from __future__ import annotations

import re

from engine.history import facts as f
from engine.history.builder import ALL_IN
from engine.history.files import file_reader
from engine.history.grammar import CARDS
from engine.history.partypoker import LIMITS, PartyHand
from engine.history.record import Hands
from engine.history.textsite import Numbered, TextSite, currency_sign, read_text_site

_HEADER = re.compile(r"^\*{5} Hand history for game #(?P<id>\d+) \*{5}$")
_BEFORE = re.compile(r"^Everleaf Gaming Game #\d+$")
_MONEY = r"[$€]? ?[\d.,]+"
_GAME = re.compile(
    r"^(?P<blinds>Blinds +)?(?P<low>" + _MONEY + r") ?/ ?(?P<high>" + _MONEY + r")"
    r" (?:(?P<limit>NL|PL) )?(?P<game>.+?)(?: - (?P<max>\d+) Max)? - (?P<date>\d{4}/\d\d/\d\d - .+)$"
)
_TABLE = re.compile(r"^Table (?P<table>.+)$")
_SEAT = re.compile(
    r"^Seat (?P<label>\d+): (?P<name>.+?) \( *(?P<stack>[$€]? ?[\d.,]+(?: (?:USD|EURO|EUR|Chips|GEL))?"
    r"|new player|All-in) *\)$"
)
_GAMES = {"Omaha Hi/Lo": True, "Omaha": False}
_POSTS = {
    "posts small blind": f.SMALL_BLIND,
    "posts big blind": f.BIG_BLIND,
    "posts both blinds": f.SMALL_AND_BIG,
    "posts ante": f.ANTE,
}
_POST = re.compile(r"^(?P<kind>posts (?:small blind|big blind|both blinds|ante)) \[(?P<amount>[^\]]+)\]$")
_ALL_IN = re.compile(r"^is all-?[Ii]n \[(?P<amount>[^\]]+)\]$")
_WINS = re.compile(
    r"^wins +(?:(?:high|low) +)?(?:\((?P<half>[^()]+)\)|(?P<amount>[$€]? ?[\d.,]+(?: [A-Za-z]+)?))"
    r"(?: from (?P<pot>main pot|side pot ?#?(?P<n>\d*)))?(?: with .*)?$"
)
_MUCKS = re.compile(r"^mucks " + CARDS + ".*$")
_QUIET = re.compile(
    r"^(?:has disconnected and has been given a further \d+ seconds to react|has (?:re)?joined the "
    r"table|has left the table|is sitting out|sits out|has timed out)\.?$"
)
_SUFFIX = re.compile(r" ?(?:USD|EURO|EUR|Chips|chips|GEL)$")


class EverleafHand(PartyHand):
    site = "Everleaf"
    seat_line = _SEAT
    wins_include_returned = False

    def seat_stack(self, text: str) -> int:
        return 0 if text in ("new player", "All-in") else self.amount(text)

    def amount(self, text: str) -> int:
        """'$ 0.05 USD' -> 5 at scale 100; '1,500 Chips' -> 1500."""
        text = _SUFFIX.sub("", text.strip())
        return super().amount(re.sub(r"^([$€]) ", r"\1", text))

    def _game(self, line: Numbered) -> f.Game:
        self.line = line
        self.fields.append(("site", "Everleaf"))
        match = _GAME.match(line[1])
        if match is None:
            self.fail(
                "cannot read the game line (expected 'Blinds $0.05/$0.10 PL Omaha Hi/Lo - 2010/03/02 - "
                "19:35:19' or a limit game's '$0.50/$1 Omaha Hi/Lo - ...')"
            )
        if match["game"] not in _GAMES:
            self.other_game(" ".join(word for word in (match["limit"], match["game"]) if word))
        self.fields.append(("date", match["date"]))
        if match["max"]:
            self.fields.append(("max_seats", int(match["max"])))
        symbol = currency_sign(match["low"]) or currency_sign(match["high"])
        self.money(symbol)  # no currency: a tournament's chips (its number is not in the text)
        stakes = (self.amount(match["low"]), self.amount(match["high"]))
        if not 0 < stakes[0] <= stakes[1]:
            self.fail(f"impossible stakes {line[1]!r}")
        limit = LIMITS[match["limit"]]
        return f.Game(_GAMES[match["game"]], 4, limit, stakes, self.scale, self.symbol)

    def _table(self, text: str) -> None:
        table = _TABLE.match(text)
        if table is None:
            self.fail("expected the table line 'Table NAME'")
        self.fields.append(("table", table["table"]))

    def _line(self, text: str) -> None:
        acting = self.who(text.replace(": ", " ", 1)) if ": " in text else self.who(text)
        if acting is None:
            super()._line(text)
            return
        name, rest = acting
        if (post := _POST.match(rest)) is not None:
            self.post(name, _POSTS[post["kind"]], self.amount(post["amount"]))
        elif (all_in := _ALL_IN.match(rest)) is not None:
            self.add(f.Acted, name, ALL_IN, self.amount(all_in["amount"]))
        elif (wins := _WINS.match(rest)) is not None:
            self.collect(name, self.amount(wins["half"] or wins["amount"]), wins["pot"], wins["n"])
            self.won = True
        elif (mucks := _MUCKS.match(rest)) is not None:
            self.show(name, self.cards(mucks["cards"]), muck=True)
        elif _QUIET.match(rest):
            return
        else:
            super()._line(f"{name} {rest}")


EVERLEAF = TextSite(
    "Everleaf",
    _HEADER,
    "'***** Hand history for game #N *****' (after 'Everleaf Gaming Game #N')",
    EverleafHand,
    _BEFORE,
)


def read_everleaf(text: str, source: str = "") -> Hands:
    """Every hand in an Everleaf text, each a record or the `HistoryError` that kept it from being read."""
    return read_text_site(text, source, EVERLEAF)


read_everleaf_file = file_reader("everleaf")
