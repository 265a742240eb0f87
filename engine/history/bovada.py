"""Bovada / Ignition / Bodog text hand histories: Omaha Hi/Lo and Omaha, fixed limit, pot limit and no limit,
cash and tournament; read into facts and built by the one builder.

Bovada's text, as public parsers' documentation and test data describe it: a hand opens ``Bovada Hand
#4304661864 TBL#26953916 OMAHA HiLo Pot Limit - 2022-06-26 16:46:42`` (``Ignition``, ``Bodog``; a tournament's
``OMAHA HiLo Tournament #N TBL#N, Pot Limit - Level 3 (50/100) - <date>``); the header names no stakes, so the
blinds are what was posted. Players are named by their position, a new name every hand (``Dealer``, ``Small
Blind``, ``Big Blind``, ``UTG``, ``UTG+1``...; the hero's with `` [ME]``): seats ``Seat 4: Dealer [ME] ($25.60
in chips)``, lines ``Big Blind : Calls $0.50``. The button is ``Dealer : Set dealer [4]``, or the seat named
``Dealer`` when that line is missing. Every player's cards are in ``Card dealt to a spot [...]`` lines; a
raise is ``Raises $0.65 to $0.75`` (the second amount the total; a lone amount, ``Raises $200``, is the
total too), ``Calls`` and ``Bets`` and ``All-in`` add, ``All-in(raise) $31.75 to $34`` totals; ``Return
uncalled portion of bet $4.06``; ``Hand result $13.18`` is what a player collects, after the rake, both
halves together; the summary has ``Total Pot($13.68)``, ``Board [...]`` and seat lines ``Seat+4: Dealer HI
$6.59 with ... LO $6.59 [...]``. Some files write no street lines: the board is only in the summary, and the
builder ends each betting round when its betting closes.
"""

from __future__ import annotations

import re

from engine.cards import Card
from engine.history import facts as f
from engine.history.builder import ADDS, ALL_IN, CALL, CHECK, FOLD, TOTALS, WAGER
from engine.history.files import file_reader
from engine.history.grammar import CARDS, LIMIT_NAMES, STREET_MARKER, SUMMARY_BOARD
from engine.history.record import Hands
from engine.history.textsite import Numbered, SiteHand, TextSite, read_text_site
from engine.validate import quote

_HEADER = re.compile(
    r"^(?P<site>Bovada|Ignition|Bodog(?:\.com|\.eu| UK| Canada|88)?) Hand #C?(?P<id>\d+):? +"
    r"(?P<rest>.*?) - (?P<date>\d{4}-\d\d-\d\d[ -]\d\d:\d\d:\d\d.*)$"
)
_GAME = re.compile(
    r"^(?:(?:TBL|Zone Poker ID)#(?P<table>\S+) +)?(?P<game>OMAHA(?: HiLo|_HL)?|\S+(?: HiLo)?)"
    r"(?:ZonePoker)?(?: +Tournament #(?:M-)?(?P<t>\d+) TBL#(?P<tt>\d+),)?(?: +1 on 1)?"
    r"(?: +(?P<limit>No Limit|Pot Limit|Fixed Limit|Turbo))?(?: ?Normal)?"
    r"(?: ?- Level (?P<level>\d+) \((?P<blinds>[^()]*)\))?$"
)
_SEAT = re.compile(r"^Seat (?P<label>\d+): (?P<name>.+?)(?P<me> +\[ME\])? \((?P<stack>\$?[\d,.]+) in chips\)$")
_WHO = re.compile(r"^(?P<name>.+?)(?P<me> +\[ME\])? +: ?(?P<rest>.*)$")
_AMOUNT = r"(?P<amount>\$?[\d,]+(?:\.\d+)?)"
_POST = re.compile(r"^(?P<kind>Small [Bb]lind|Big [Bb]lind|Posts chip|Posts dead chip|Ante chip) " + _AMOUNT + "$")
_ACT = re.compile(
    r"^(?P<verb>Bets|Calls?|Raises|All-in(?:\(raise(?:-timeout)?\))?)(?: ?\(timeout\))? "
    + _AMOUNT
    + r"(?: to (?P<to>\$?[\d,]+(?:\.\d+)?))?$"
)
_STREET = re.compile("^" + STREET_MARKER + r" (?:\[(?P<old>[^\]]*)\] )?" + CARDS + "$")
_DEALT = re.compile(r"^Card dealt to a spot " + CARDS + "$")
_SHOWDOWN = re.compile(r"^Showdown " + CARDS + ".*$")
_MUCKS = re.compile(r"^Mucks " + CARDS + ".*$")
_RESULT = re.compile(r"^Hand [Rr]esult(?:-Side [Pp]ot)? " + _AMOUNT + "$")
_RETURN = re.compile(r"^Return uncalled portion of bet " + _AMOUNT + "$")
_BUTTON = re.compile(r"^Set dealer(?:/Bring in spot)? \[(?P<label>\d+)\]$")
_TOTAL = re.compile(r"^Total Pot ?\((?P<amount>[^()]+)\)$")
_WON = re.compile(r"^Seat\+(?P<label>\d+): (?P<rest>.*)$")
_SUMMARY_CARDS = re.compile(r"\[(?P<hole>[2-9TJQKA][cdhs](?:\s+[2-9TJQKA][cdhs])*)\s*(?:-(?P<best>[^\]]*))?\]")
_HI = re.compile(r"^(?:(?:HI|LOW?) )?(?P<amount>\$?[\d,]+(?:\.\d+)?)(?= |$)")
_LO = re.compile(r" LOW? (?P<amount>\$?[\d,]+(?:\.\d+)?)(?= |$)")
_QUIET = re.compile(
    r"^(?:Seat sit (?:out|down)|Seat stand|Seat re-join|Table (?:enter|leave) user|Table deposit .*"
    r"|Does not show.*|Leave\(Auto\)|Enter\(Auto\)|Sitout \(wait for bb\)|BOUNTY PRIZE .*)$"
)
_EXCUSE = re.compile(r" ?\((?:timeout|disconnect|auth)\)")  # "Folds (timeout)": the fold is what counts
_LIMITS = LIMIT_NAMES | {"Turbo": f.NO, None: f.NO}
_POSTS = {
    "small blind": f.SMALL_BLIND,
    "big blind": f.BIG_BLIND,
    "posts chip": f.BIG_BLIND,
    "posts dead chip": f.DEAD_BLIND,
    "ante chip": f.ANTE,
}
_VERBS = {"Bets": WAGER, "Calls": CALL, "Call": CALL, "Raises": WAGER, "All-in": ALL_IN}


class BovadaHand(SiteHand):
    site = "Bovada"

    def facts(self) -> f.HandFacts:
        lines = self.lines
        header = _HEADER.match(lines[0][1])
        assert header is not None
        game = self._game(header)
        seats, at, found = self.read_seats(1, _SEAT, example="'Seat 1: Dealer ($25 in chips)'")
        hero = next((seat["name"] for seat in found if seat["me"]), None)
        self.seats = seats
        dealer = seats.get("Dealer")
        self.button = dealer.label if dealer is not None else None
        self.dealt: dict[str, int] = {}
        self.cards_dealt: dict[str, tuple[Card, ...]] = {}
        self.summary, self.hole_lines = False, False
        self.total: tuple[int, Numbered] | None = None
        self.summary_board: tuple[Card, ...] | None = None
        self.won: list[f.Won] = []
        self.shown: list[tuple[Numbered, str, tuple[Card, ...] | None, tuple[Card, ...]]] = []
        self.walk(lines[at:], self._line)
        if not self.summary:
            self.fail("the hand is cut short: it has no '*** SUMMARY ***'")
        listed = {won.label for won in self.won}
        if len(listed) < len(seats):  # the summary has a line for every seat, folded or not
            self.fail(f"the hand is cut short: its summary has lines for {len(listed)} of the {len(seats)} seats")
        if self.button is None:
            self.fail("no 'Set dealer' line and no seat named 'Dealer': the button is unknown")
        unmarked = self.street == 1 and bool(self.summary_board)
        board = self.summary_board if unmarked and self.summary_board is not None else tuple(self.board)
        for line, name, hole, best in self.shown:
            self.line = line
            self._check_shown(name, hole, best, board)
        self.line = lines[-1]
        total, total_line = self.total if self.total is not None else (None, None)
        summary = f.Summary(
            total,
            total_line,
            None,
            self.summary_board,
            frozenset(won.label for won in self.won),
            tuple(self.won),
            "the summary's Total Pot is",
        )
        return self.hand_facts(
            game, seats.values(), self.button, summary, board=board, streets_unmarked=unmarked, hero=hero
        )

    def _game(self, header: re.Match[str]) -> f.Game:
        self.fields += [("site", header["site"]), ("date", header["date"])]
        game = _GAME.match(header["rest"])
        if game is None:
            self.fail("cannot read the game in the header (expected 'TBL#N OMAHA HiLo Pot Limit')")
        if game["game"] not in ("OMAHA", "OMAHA HiLo", "OMAHA_HL"):
            self.other_game(" ".join(word for word in (game["game"], game["limit"]) if word))
        if game["table"] or game["tt"]:
            self.fields.append(("table", game["tt"] or game["table"]))
        if game["t"]:
            self.fields += [("tournament", game["t"])] + ([("level", game["level"])] if game["level"] else [])
        else:
            self.money("$")
        return f.Game(
            game["game"] != "OMAHA", 4, _LIMITS[game["limit"]], None, self.scale, self.symbol, posted_blinds=True
        )

    def _line(self, text: str) -> None:
        if self.summary:
            self._summary_line(text)
            return
        if text == "*** HOLE CARDS ***":
            self.hole_lines = True
            return
        if text == "*** SUMMARY ***":
            self.summary = True
            return
        if self.street_line(text, _STREET):
            return
        who = _WHO.match(text)
        if who is None or who["name"] not in self.seats:
            if _QUIET.match(text):  # the table's comings and goings, written without a player
                return
            self.fail("unrecognised line")
        name, rest = who["name"], _EXCUSE.sub("", who["rest"]).strip()
        if (post := _POST.match(rest)) is not None:
            self.post(name, _POSTS[post["kind"].lower()], self.amount(post["amount"]))
        elif (dealt := _DEALT.match(rest)) is not None:
            cards = self.cards(dealt["cards"])
            self.dealt[name] = len(cards)
            self.cards_dealt[name] = cards
            self.add(f.Cards, name, cards, True)
        elif rest in ("Folds", "Fold", "Checks"):
            self.add(f.Acted, name, FOLD if rest.startswith("Fold") else CHECK)
        elif (act := _ACT.match(rest)) is not None:
            verb = act["verb"]
            if not self.hole_lines and verb == "All-in":  # a blind or ante posted all in
                kind = {"Big Blind": f.BIG_BLIND, "Small Blind": f.SMALL_BLIND}.get(name, f.ANTE)
                if name == "Dealer" and len(self.seats) == 2:
                    kind = f.SMALL_BLIND
                self.add(f.Posted, name, kind, self.amount(act["amount"]), True)
            elif act["to"] is not None or verb == "Raises":
                if verb not in ("Raises", "All-in(raise)", "All-in(raise-timeout)"):
                    self.fail(f"unrecognised action of {name!r}")
                if act["to"] is None:  # a lone "Raises $200": the total
                    self.add(f.Acted, name, WAGER, self.amount(act["amount"]), TOTALS)
                else:  # "Raises $0.65 to $0.75": what it adds, then the total
                    self.add(f.Acted, name, WAGER, self.amount(act["to"]), TOTALS, self.amount(act["amount"]), ADDS)
            else:
                self.add(f.Acted, name, _VERBS.get(verb, WAGER), self.amount(act["amount"]))
        elif (button := _BUTTON.match(rest)) is not None:
            self.button = int(button["label"])
        elif (returned := _RETURN.match(rest)) is not None:
            self.add(f.Returned, name, self.amount(returned["amount"]))
        elif (result := _RESULT.match(rest)) is not None:
            self.add(f.Collected, name, self.amount(result["amount"]))
        elif (showdown := _SHOWDOWN.match(rest)) is not None:  # the best five, not the hole cards (dealt face up)
            assert self.line is not None
            self.shown.append((self.line, name, None, self.cards(showdown["cards"])))
            self.add(f.Revealed, name, self.dealt.get(name, 0))
        elif (mucks := _MUCKS.match(rest)) is not None:
            self.show(name, self.cards(mucks["cards"]), muck=True)
        elif _QUIET.match(rest):
            return
        else:
            self.fail(f"unrecognised action of {name!r}")

    def _summary_line(self, text: str) -> None:
        if (total := _TOTAL.match(text)) is not None:
            assert self.line is not None
            self.total = (self.amount(total["amount"]), self.line)
        elif (board := SUMMARY_BOARD.match(text)) is not None:
            self.summary_board = self.cards(board["cards"])
        elif (won := _WON.match(text)) is not None:
            label = int(won["label"])
            name = next((s.name for s in self.seats.values() if s.label == label), None)
            if name is None or not won["rest"].startswith(name):
                self.fail(f"the summary names seat {label}, which is not {name!r}")
            rest = won["rest"][len(name) :].replace("[ME]", "").strip()
            chips = 0
            if (hi := _HI.match(rest)) is not None:
                chips += self.amount(hi["amount"])
            if (lo := _LO.search(rest)) is not None:
                chips += self.amount(lo["amount"])
            assert self.line is not None
            self.won.append(f.Won(self.line, label, chips))
            for shown in _SUMMARY_CARDS.finditer(rest):
                best = self.cards(shown["best"]) if shown["best"] is not None else ()
                self.shown.append((self.line, name, self.cards(shown["hole"]), best))
        elif text:
            self.fail("unrecognised summary line")

    def _check_shown(
        self, name: str, hole: tuple[Card, ...] | None, best: tuple[Card, ...], board: tuple[Card, ...]
    ) -> None:
        """Cards a player is shown with, checked like any site's show: the hole cards (the summary's, before
        its ``-``) are the ones dealt; the best five (a ``Showdown`` line, the summary's after the ``-``) are
        five different cards, two of the player's and three of the board's (Omaha's rule). The summary
        repeats a hand's cards, so its cards are not a new deal: a card is never seen twice."""
        dealt = self.cards_dealt.get(name)
        if hole is not None and dealt is not None and sorted(hole) != sorted(dealt):
            self.fail(f"{name} shows {_text(hole)} but was dealt {_text(dealt)}")
        if not best:
            return
        if len(best) != 5 or len(set(best)) != 5:
            self.fail(
                f"{name} shows a best hand of {len(best)} cards {quote(_text(best))}; a best hand is five "
                "different cards"
            )
        if dealt is None or len(board) != 5:  # a board cut short is the builder's to refuse
            return
        own = [card for card in best if card in dealt]
        common = [card for card in best if card in board]
        if len(own) != 2 or len(common) != 3:
            self.fail(
                f"{name}'s best hand {quote(_text(best))} is not two of the cards dealt to {name} ({_text(dealt)}) and "
                f"three of the board ({_text(board)})"
            )


def _text(cards: tuple[Card, ...]) -> str:
    return " ".join(map(str, cards))


BOVADA = TextSite("Bovada", _HEADER, "'Bovada Hand #N TBL#N OMAHA HiLo Pot Limit - date'", BovadaHand)


def read_bovada(text: str, source: str = "") -> Hands:
    """Every hand in a Bovada / Ignition / Bodog text, each a record or the `HistoryError` that kept it from
    being read."""
    return read_text_site(text, source, BOVADA)


read_bovada_file = file_reader("bovada")
