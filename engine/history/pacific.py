"""888poker / Pacific Poker text hand histories (``***** 888poker Hand History for Game N *****``, older logs
``Cassava`` or ``Pacific Poker``): Omaha Hi/Lo and Omaha, fixed limit, pot limit and no limit, cash (real and
practice play) and tournament; read into facts and built by the one builder.

888's text is PartyPoker's lineage, so its hand is PartyPoker's parser with its own header, game and table
lines and its summary, as public parsers' documentation and test data describe them: ``#Game No : N`` before
the header; the game ``$0.50/$1 Blinds Pot Limit OmahaHL - *** 06 01 2014 23:15:35`` names the *blinds* in
every game (a fixed-limit game's bets are the big blind and twice it); the table ``Table Fortaleza 9 Max (Real
Money)``, ``(Practice Play)`` for play money (amounts without a currency, with cents), or a tournament's
``Tournament #48749889 $1.80 + $0.20 - Table #19 (Real Money)`` (whose chips are written with a ``$``);
amounts in brackets add to the player's bet (``raises [$2]``); a returning player ``posts dead blind [$1 +
$2]`` (dead small, live big); after ``** Summary **`` the shows (``shows [ Jc, Qd, Jh, Ad ]``, ``mucks [
... ]``, ``(Hi: ...)`` and ``(Lo: ...)`` lines) and ``collected [ $8.08 ]`` once per half won, after the rake,
counting in the winner's own bet nobody called (``collected [ $299.48 ]`` after an uncalled raise); no pot is
named and no rake or total is stated.
"""

from __future__ import annotations

import re

from engine.history import facts as f
from engine.history.files import file_reader
from engine.history.grammar import CARDS
from engine.history.partypoker import PartyHand
from engine.history.record import Hands
from engine.history.textsite import Numbered, TextSite, currency_sign, read_text_site

_HEADER = re.compile(r"^\*{5} (?:888poker|888\.es|Pacific Poker|Cassava) Hand History for Game (?P<id>\d+) \*{5}$")
_BEFORE = re.compile(r"^#Game No ?: ?\d+$")
_GAME = re.compile(
    r"^(?P<blinds>\S+?/\S+?) Blinds (?P<limit>Fix Limit|Pot Limit|No Limit) (?P<game>.+?)"
    r"(?: Jackpot table)? - \*\*\* (?P<date>.+)$"
)
_TABLE = re.compile(
    r"^(?:Tournament #(?P<t>\d+) (?P<buy_in>.*?) - )?Table (?P<table>.+?)(?: (?P<max>\d+) Max)? "
    r"\((?P<money>Real Money|Practice Play)\)$"
)
_GAMES = {"OmahaHL": (True, 4), "Omaha": (False, 4), "5 Card OmahaHL": (True, 5), "5 Card Omaha": (False, 5)}
_LIMITS = {"Fix Limit": f.FIXED, "Pot Limit": f.POT, "No Limit": f.NO}
_DEAD = re.compile(r"^posts dead blind \[(?P<dead>[^\]+]+?) ?\+ ?(?P<live>[^\]+]+)\]$")
_MUCKS = re.compile(r"^mucks " + CARDS + "$")
_COLLECTED = re.compile(r"^collected \[ ?(?P<amount>[^\]]+?) ?\]$")
_QUIET = re.compile(r"^(?:\*\* Summary \*\*|\((?:Hi|Lo): [^()]*\))$")


class PacificHand(PartyHand):
    site = "888 / Pacific"

    def _game(self, line: Numbered) -> f.Game:
        self.line = line
        self.fields.append(("site", "888poker"))
        match = _GAME.match(line[1])
        if match is None:
            self.fail("cannot read the game line (expected '$0.50/$1 Blinds Pot Limit OmahaHL - *** date')")
        if match["game"] not in _GAMES:
            self.other_game(f"{match['limit']} {match['game']}")
        self.fields.append(("date", match["date"]))
        self.hi_lo_cards = _GAMES[match["game"]]
        self.limit, self.blinds_text = _LIMITS[match["limit"]], match["blinds"]
        return f.Game(True, 4, f.FIXED, (1, 1))  # replaced once the table line says cash or tournament

    def _table(self, text: str) -> None:
        table = _TABLE.match(text)
        if table is None:
            self.fail(
                "expected the table line 'Table NAME 9 Max (Real Money)' or 'Tournament #N ... - Table #N (Real Money)'"
            )
        self.fields.append(("table", table["table"]))
        if table["max"]:
            self.fields.append(("max_seats", int(table["max"])))
        if table["t"]:
            self.fields += [("tournament", table["t"]), ("buy_in", table["buy_in"])]
        elif table["money"] == "Practice Play":
            self.fields.append(("play_money", True))
        symbol = currency_sign(self.blinds_text)
        tournament = table["t"] is not None
        self.symbol = symbol
        self.scale = 1 if tournament else 100  # practice play has cents too ("1,459.13")
        if symbol and not tournament:
            self.fields.append(("symbol", symbol))
        low, _, high = self.blinds_text.partition("/")
        small, big = self.amount(low), self.amount(high)
        if not 0 < small <= big:
            self.fail(f"impossible blinds {self.blinds_text!r}")
        hi_lo, cards = self.hi_lo_cards
        stakes = (big, 2 * big) if self.limit == f.FIXED else (small, big)
        self.game = f.Game(hi_lo, cards, self.limit, stakes, self.scale, "" if tournament else symbol)

    def _line(self, text: str) -> None:
        if _QUIET.match(text):
            return
        acting = self.who(text)
        if acting is not None:
            name, rest = acting
            if (dead := _DEAD.match(rest)) is not None:
                dead_chips, live = self.amount(dead["dead"]), self.amount(dead["live"])
                if live:
                    self.post(name, f.SMALL_AND_BIG, dead_chips + live)
                else:
                    self.post(name, f.DEAD_BLIND, dead_chips)
                return
            if (mucks := _MUCKS.match(rest)) is not None:
                self.show(name, self.cards(mucks["cards"]), muck=True)
                return
            if (collected := _COLLECTED.match(rest)) is not None:
                self.add(f.Collected, name, self.amount(collected["amount"]))
                self.won = True
                return
            if rest in ("did not show his hand", "did not show her hand", "did not show their hand"):
                return
        super()._line(text)


PACIFIC = TextSite("888 / Pacific", _HEADER, "'***** 888poker Hand History for Game N *****'", PacificHand, _BEFORE)


def read_pacific(text: str, source: str = "") -> Hands:
    """Every hand in an 888poker / Pacific Poker text, each a record or the `HistoryError` that kept it from
    being read."""
    return read_text_site(text, source, PACIFIC)


read_pacific_file = file_reader("888")
