"""Absolute Poker and UltimateBet text hand histories (one network, one text): Omaha Hi/Lo and Omaha, fixed limit
("Normal"), pot limit and no limit, cash and tournaments; read into facts and built by the one builder.

The text, as public parsers' regression files show it: ``Stage #N: Omaha Hi/Lo  Normal $30/$60 - 2008-11-14
21:05:12 (ET)`` ("Normal" is fixed limit and its two amounts the bets; a single amount, as in ``Pot Limit $1``,
the big blind), a tournament's ``Stage #N Tourney ID T: Omaha Hi/Lo  Normal Tournament Pot Limit 100 - ...``;
``Table: NAME (Real Money) Seat #6 is the dealer``; seats ``Seat 6 - NAME ($1,195.50 in chips)`` in any order;
``NAME - Posts small blind $15``, ``Posts big blind``, a dead post ``Posts dead $45 dead $15`` (older: the total,
then its dead part) or ``Posts $1 dead $0.50`` (newer: the live part, then the dead); ``Dealt to NAME [...]``;
``Raises $45 to $60`` and ``All-In(Raise) $45 to $60`` (what is added, then the total), ``Calls``, ``Bets`` and
``All-In`` adding; streets ``*** FLOP *** [3s 7h 8c]``, ``*** TURN *** [3s 7h 8c] [Kd]``; ``NAME - returned
($30) : not called``; ``Shows [...]``, ``Mucks``; ``NAME Collects $313.25 from main pot`` (after the rake);
the summary's ``Total Pot($630) | Rake ($3) | Jackpot Rake ($0.50)`` and ``Seat 1: NAME ... collected Total
($313.25) HI:(...) LO:(...)``. A ten is written ``10c``.
"""

from __future__ import annotations

import re

from engine.cards import Card
from engine.history import facts as f
from engine.history.builder import ALL_IN, CALL, CHECK, FOLD, RAISES_OR_ADDS, TOTALS, WAGER
from engine.history.files import file_reader
from engine.history.grammar import CARDS, DEALT_TO, DECIMAL_AMOUNT, STREET_MARKER, SUMMARY_BOARD
from engine.history.record import Hands
from engine.history.textsite import SiteHand, TextSite, currency_sign, read_text_site

_HEADER = re.compile(r"^Stage #(?P<id>\d+)(?P<rest>(?::| Tourney ID \d+).*)$")
_AMOUNT = r"(?P<amount>" + DECIMAL_AMOUNT + ")"
_GAME = re.compile(
    r"^(?: Tourney ID (?P<tournament>\d+))?:?\s+(?P<game>.+?)\s+(?P<stakes>"
    + DECIMAL_AMOUNT
    + r")(?:/(?P<big>"
    + DECIMAL_AMOUNT
    + r"))?"
    r" - (?P<date>.+)$"
)
_TABLE = re.compile(r"^Table: (?P<table>.+?) \((?P<money>[^()]*)\)(?: Seat #(?P<button>\d+) is the (?:dead )?dealer)?$")
_SEAT = re.compile(r"^Seat (?P<label>\d+) - (?P<name>.+?) \(" + _AMOUNT + r" in chips\)$")
_POST = re.compile(
    r"^Posts (?:(?P<kind>small blind|big blind|ante) "
    + _AMOUNT
    + r"|dead (?P<total>"
    + DECIMAL_AMOUNT
    + r") dead (?P<of>"
    + DECIMAL_AMOUNT
    + r")|(?P<live>"
    + DECIMAL_AMOUNT
    + r") dead (?P<dead>"
    + DECIMAL_AMOUNT
    + r"))$"
)
_ACT = re.compile(
    r"^(?P<verb>Bets|Calls|Raises|All-In|All-In\(Raise\)) " + _AMOUNT + r"(?: to (?P<to>" + DECIMAL_AMOUNT + r"))?$"
)
_STREET = re.compile("^" + STREET_MARKER + r"(?: \[[^\]]*\])*? " + CARDS + "$")
_SHOWS = re.compile(r"^Shows " + CARDS + ".*$")
_RETURNED = re.compile(r"^returned \(" + _AMOUNT + r"\) : not called$")
_COLLECTS = re.compile(r"^Collects " + _AMOUNT + r" from (?P<pot>main pot|side pot(?: #?(?P<n>\d+))?)$")
_TOTAL = re.compile(
    r"^Total Pot ?\((?P<total>" + DECIMAL_AMOUNT + r")\)(?P<fees>(?: \| [A-Za-z ]+? ?\(" + DECIMAL_AMOUNT + r"\))*)$"
)
_FEE = re.compile(r"\| (?P<fee>[A-Za-z ]+?) ?\((?P<amount>" + DECIMAL_AMOUNT + r")\)")
_SUMMARY_SEAT = re.compile(r"^Seat (?P<label>\d+): (?P<rest>.+)$")
_COLLECTED = re.compile(r"collected Total \((?P<amount>" + DECIMAL_AMOUNT + r")\)")
_QUIET = re.compile(r"^\*\*\* (?:POCKET CARDS|SHOW ?DOWN) \*\*\*$")
_QUIET_ACTS = re.compile(r"^(?:Mucks.*|Does not show|Sitting Out|Returned to table|Timed out|Disconnected)$")
_GAMES = {"Omaha Hi/Lo": True, "Omaha": False}
_VERBS = {"Bets": WAGER, "Calls": CALL, "All-In": ALL_IN}


class AbsoluteHand(SiteHand):
    site = "Absolute / UltimateBet"

    def facts(self) -> f.HandFacts:
        header = _HEADER.match(self.lines[0][1])
        assert header is not None
        game = self._game(header["rest"])
        self.seats: dict[str, f.Seat] = {}
        self.summary = False
        self.total: tuple[int, f.Line] | None = None
        self.take = 0
        self.jackpot = 0
        self.summary_board: tuple[Card, ...] | None = None
        self.won: list[f.Won] = []
        button: int | None = None
        for line in self.lines[1:]:
            self.line = line
            text = line[1]
            if (table := _TABLE.match(text)) is not None and not self.seats:
                self.fields.append(("table", table["table"]))
                if table["money"] == "Play Money":
                    self.fields.append(("play_money", True))
                button = int(table["button"]) if table["button"] else None
            elif (seat := _SEAT.match(text)) is not None and not self.events:
                self._seat(seat)
            elif text == "*** SUMMARY ***":
                self.summary = True
            elif self.summary:
                self._summary_line(text)
            else:
                self._line(text)
        self.line = self.lines[0]
        if len(self.seats) < 2:
            self.fail("a hand needs at least two seated players ('Seat 1 - name ($50 in chips)')")
        if button is None:
            self.fail("no 'Table: NAME (Real Money) Seat #N is the dealer' line")
        if not self.summary:
            self.fail("the hand is cut short: no '*** SUMMARY ***'")
        total = self.total
        summary = f.Summary(
            total[0] if total else None,
            total[1] if total else None,
            self.take,
            self.summary_board,
            frozenset(won.label for won in self.won),
            tuple(self.won),
            jackpot=self.jackpot,
        )
        return self.hand_facts(game, self.seats.values(), button, summary)

    def _game(self, rest: str) -> f.Game:
        game = _GAME.match(rest)
        if game is None:
            self.fail("cannot read the header (expected 'Stage #N: Omaha Hi/Lo  Normal $30/$60 - <date>')")
        words = game["game"]
        name = next((g for g in _GAMES if words.startswith(g + " ") or words == g), None)
        tournament = game["tournament"] is not None or "Tournament" in words.split()
        if name is None:
            self.other_game(words)
        kinds = words[len(name) :].split()
        limit = f.NO if "No Limit" in words else f.POT if "Pot Limit" in words else f.FIXED
        if limit == f.FIXED and "Normal" not in kinds:
            self.other_game(words)
        self.fields += [("site", "Absolute / UltimateBet"), ("date", game["date"])]
        if tournament:
            self.fields += [("tournament", game["tournament"] or ""), ("buy_in", "")]
        symbol = currency_sign(game["stakes"])
        self.money("" if tournament else symbol)
        low = self.amount(game["stakes"])
        high = self.amount(game["big"]) if game["big"] else None
        if low <= 0 or (high is not None and not low <= high):
            self.fail(f"impossible stakes {game['stakes']}{'/' + game['big'] if game['big'] else ''}")
        if limit == f.FIXED:  # the bets; a single amount, the big blind, is the small bet
            stakes = (low, high) if high is not None else (low, 2 * low)
        else:  # the blinds; a single amount is the big blind
            stakes = (low, high) if high is not None else (low // 2, low)
        return f.Game(_GAMES[name], 4, limit, stakes, self.scale, self.symbol)

    def _seat(self, seat: re.Match[str]) -> None:
        self.seat(self.seats, int(seat["label"]), seat["name"], self.amount(seat["amount"]))

    def _line(self, text: str) -> None:
        if _QUIET.match(text):
            return
        if self.street_line(text, _STREET):
            return
        if self.dealt_line(text, DEALT_TO, face_up=True):
            return
        acting = self.who(text, (" - ", " "))
        if acting is None:
            self.fail("unrecognised line")
        name, rest = acting
        if (post := _POST.match(rest)) is not None:
            self._post(name, post)
        elif rest in ("Folds", "Checks"):
            self.add(f.Acted, name, FOLD if rest == "Folds" else CHECK)
        elif (act := _ACT.match(rest)) is not None:
            if act["to"] is not None:
                self.add(
                    f.Acted, name, WAGER, self.amount(act["to"]), TOTALS, self.amount(act["amount"]), RAISES_OR_ADDS
                )
            elif act["verb"] in _VERBS:
                self.add(f.Acted, name, _VERBS[act["verb"]], self.amount(act["amount"]))
            else:
                self.fail(f"a raise without its total ('Raises $45 to $60') by {name!r}")
        elif (returned := _RETURNED.match(rest)) is not None:
            self.add(f.Returned, name, self.amount(returned["amount"]))
        elif (shows := _SHOWS.match(rest)) is not None:
            self.show(name, self.cards(shows["cards"]))
        elif (collects := _COLLECTS.match(rest)) is not None:
            self.collect(name, self.amount(collects["amount"]), collects["pot"], collects["n"])
        elif rest.startswith("Mucks"):
            self.add(f.Revealed, name, 0)
        elif not _QUIET_ACTS.match(rest):
            self.fail(f"unrecognised action of {name!r}")

    def _post(self, name: str, post: re.Match[str]) -> None:
        if post["kind"] is not None:
            kinds = {"small blind": f.SMALL_BLIND, "big blind": f.BIG_BLIND, "ante": f.ANTE}
            self.post(name, kinds[post["kind"]], self.amount(post["amount"]))
            return
        if post["total"] is not None:  # "Posts dead $45 dead $15": the total, then its dead part
            dead = self.amount(post["of"])
            live = self.amount(post["total"]) - dead
        else:  # "Posts $1 dead $0.50": the live part, then the dead
            live, dead = self.amount(post["live"]), self.amount(post["dead"])
        if live < 0 or dead <= 0:
            self.fail("a dead post's dead part must be more than nothing and no more than the total")
        if live:
            self.post(name, f.BIG_BLIND, live)  # a returning player's live blind (the builder's rule)
        self.post(name, f.DEAD_BLIND, dead)

    def _summary_line(self, text: str) -> None:
        assert self.line is not None
        if (total := _TOTAL.match(text)) is not None:
            self.total = (self.amount(total["total"]), self.line)
            fees = [(fee["fee"], self.amount(fee["amount"])) for fee in _FEE.finditer(total["fees"])]
            self.take = sum(chips for _, chips in fees)
            self.jackpot = sum(chips for fee, chips in fees if fee != "Rake")  # "Jackpot Rake ($0.50)"
        elif (board := SUMMARY_BOARD.match(text)) is not None:
            self.summary_board = self.cards(board["cards"])
        elif (seat := _SUMMARY_SEAT.match(text)) is not None:
            label = int(seat["label"])
            if not any(s.label == label for s in self.seats.values()):
                self.fail(f"the summary names seat {label}, where nobody sits")
            collected = _COLLECTED.search(seat["rest"])
            self.won.append(f.Won(self.line, label, self.amount(collected["amount"]) if collected else 0))
        elif not text.startswith("Dealer: "):
            self.fail("unrecognised summary line")


ABSOLUTE = TextSite("Absolute / UltimateBet", _HEADER, "'Stage #N: Omaha Hi/Lo ...'", AbsoluteHand)


def read_absolute(text: str, source: str = "") -> Hands:
    """Every hand in an Absolute / UltimateBet text, each a record or the `HistoryError` that kept it from being
    read."""
    return read_text_site(text, source, ABSOLUTE)


read_absolute_file = file_reader("absolute")
