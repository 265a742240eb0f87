"""PKR text hand histories: Omaha Hi/Lo and Omaha, pot limit, no limit and fixed limit, cash (real and play money)
and tournaments; read into facts and built by the one builder.

PKR's text, as public parsers' code and test data show it: ``Table #52121155 - NAME`` (a tournament's ``Table
#N - Tournament #T Table #21``) just before ``Starting Hand #N``, then ``Start time of hand``, ``Last Hand #N``,
``Game Type: OMAHA HI/LO``, ``Limit Type: POT LIMIT``, ``Table Type: RING`` / ``TOURNAMENT``, ``Money Type: REAL
MONEY`` / ``PLAY MONEY`` / ``TOURNAMENT CHIPS``, ``Blinds are now $0.25 / $0.50``, ``Button is at seat N`` (the
last hand's; ``Moving Button to seat N`` is this one's), the seats ``Seat 1: name - $51.89`` (``(away from
table)`` after a player sitting out); posts ``posts small blind ($0.25)``, ``posts $0.04`` (a new player's live
blind), ``posts $1 dead``, ``posts ante of 10``; ``Dealing [9 s][6 d] to NAME``; every amount a total of the
player's bet this round (``calls $1.25``, ``bets $1.37``, ``raises to $4.11``, each with `` (all-in)`` when it is);
``Returning $X to NAME uncalled`` (not always written); ``Pot sizes: $X`` after each street, one line per pot;
``Taking Rake of $0.54 from pot 1``; ``NAME wins $10.43 with: ...``, ``wins $X from side pot #1 with high hand``,
``ties, and wins $X``, ``ties $X with low hand`` (after the rake); then each seat's stack after the hand and ``End
of Hand #N``. Chat (``NAME says ...``, ``NAME: ...``) and emotes (``NAME yawns.``) are passed over.
"""

from __future__ import annotations

import re

from engine.cards import Card
from engine.history import facts as f
from engine.history.builder import CALL, CHECK, FOLD, TOTALS, WAGER
from engine.history.files import file_reader
from engine.history.grammar import AMOUNT, DECIMAL_AMOUNT
from engine.history.record import Hands
from engine.history.textsite import SiteHand, TextSite, currency_sign, read_text_site

_HEADER = re.compile(r"^Starting Hand #(?P<id>\d+)$")
_TABLE = re.compile(r"^Table #\d+ - (?P<name>.*?)$")
_TOURNAMENT = re.compile(r"^Tournament #(?P<t>\d+) Table #\d+$")
_AMOUNT = r"(?P<amount>" + DECIMAL_AMOUNT + ")"
_KEY = re.compile(r"^(?P<key>Start time of hand|Last Hand|Game Type|Limit Type|Table Type|Money Type): ?(?P<value>.*)$")
_LAST = re.compile(r"^Last Hand (?:#\d+|n/a)$")
_BLINDS = re.compile(r"^Blinds are now (?P<small>" + AMOUNT + ") / (?P<big>" + AMOUNT + ")$")
_BUTTON = re.compile(r"^(?:Button is at|Moving Button to) seat (?P<label>\d+)$")
_SEAT = re.compile(r"^Seat (?P<label>\d+): (?P<name>.+?) - " + _AMOUNT + r"(?: \(away from table\))?$")
_POST = re.compile(
    r"^posts (?:(?P<kind>small blind|big blind) \("
    + _AMOUNT
    + r"\)|ante of (?P<ante>"
    + AMOUNT
    + ")|(?P<live>"
    + AMOUNT
    + r")(?P<dead> dead)?)(?P<all_in> \(all-in\))?$"
)
_ACT = re.compile(r"^(?P<verb>calls|bets|raises to) " + _AMOUNT + r"(?: \(all-in\))?$")
_DEALT = re.compile(r"^Dealing (?P<cards>(?:\[\S \S\])+) to (?P<name>.+)$")
_STREET = re.compile(r"^Dealing (?P<street>Flop|Turn|River) (?P<cards>(?:\[\S \S\])+)$")
_CARD = re.compile(r"\[(\S) (\S)\]")
_RETURNED = re.compile(r"^Returning " + _AMOUNT + r" to (?P<name>.+) uncalled$")
_POTS = re.compile(r"^Pot sizes: " + _AMOUNT + "$")
_RAKE = re.compile(r"^Taking Rake of " + _AMOUNT + r" from pot \d+$")
_SHOWS = re.compile(r"^shows (?P<cards>(?:\[\S \S\])+)$")
_WINS = re.compile(
    r"^(?:ties(?: side pot #(?P<tied>\d+))?, and wins|wins|ties) " + _AMOUNT + r"(?: from side pot #(?P<side>\d+))?"
    r"(?: with\b.*)?$"
)
_END = re.compile(r"^End of Hand #\d+$")
_QUIET = re.compile(
    r"^(?:Shuffling Deck|Dealing Cards|There is no qualifying low hand|.+ (?:brings " + AMOUNT + r" to table \d+|"
    r"has joined from .+|will be dealt in after the button|has requested more time|did not respond in time and is "
    r"folded|has left the table|sits out|is sitting out|has returned))$"
)
_SAID = re.compile(r"^(?:says .*|: .*|has .*|doesn't show|[a-z][^$€£\[\]]*[.!])$")  # chat, emotes, hand names
_GAMES = {"OMAHA HI/LO": True, "OMAHA": False}
_LIMITS = {"POT LIMIT": f.POT, "NO LIMIT": f.NO, "LIMIT": f.FIXED}


class PkrHand(SiteHand):
    site = "PKR"

    def facts(self) -> f.HandFacts:
        self.keys: dict[str, str] = {}
        self.seats: dict[str, f.Seat] = {}
        self.after: dict[str, int] = {}
        self.pots: list[tuple[int, f.Line]] = []  # the last "Pot sizes" lines
        self.pots_done = False
        self.take = 0
        self.ended = False
        button: int | None = None
        game: f.Game | None = None
        self._table()
        for line in self.lines[1:]:
            self.line = line
            text = line[1]
            if self.ended:
                self.fail("a line after 'End of Hand #N'")
            if (key := _KEY.match(text)) is not None and not self.events:
                self.keys[key["key"]] = key["value"]
            elif _LAST.match(text):
                continue
            elif (blind := _BLINDS.match(text)) is not None and game is None:
                game = self._game((blind["small"], blind["big"]))
            elif (moved := _BUTTON.match(text)) is not None:
                button = int(moved["label"])
            elif (seat := _SEAT.match(text)) is not None:
                if game is None:
                    self.fail("a seat before the 'Blinds are now $X / $Y' line")
                self._seat(seat)
            elif _END.match(text):
                self.ended = True
            else:
                self._line(text)
        self.line = self.lines[0]
        if game is None:
            self.fail("no 'Blinds are now $X / $Y' line")
        if len(self.seats) < 2:
            self.fail("a hand needs at least two seated players ('Seat 1: name - $50')")
        if button is None:
            self.fail("no 'Button is at seat N' line")
        if not self.ended:
            self.fail("the hand is cut short: no 'End of Hand #N' line")
        seats = tuple(
            f.Seat(s.label, s.name, s.stack, finishing=self.after.get(s.name))
            if len(self.after) >= len(self.seats)
            else s
            for s in self.seats.values()
        )
        total = sum(chips for chips, _ in self.pots) if self.pots else None
        summary = f.Summary(
            total, self.pots[0][1] if self.pots else None, self.take, None, frozenset(), (), "the pot sizes add up to"
        )
        return self.hand_facts(game, seats, button, summary)

    def _table(self) -> None:
        table = next((m for _, text in self.opening if (m := _TABLE.match(text)) is not None), None)
        self.fields.append(("site", "PKR"))
        if table is not None:
            tournament = _TOURNAMENT.match(table["name"])
            if tournament is not None:
                self.fields += [("tournament", tournament["t"]), ("buy_in", "")]
            self.fields.append(("table", table["name"]))

    def _game(self, blinds: tuple[str, str]) -> f.Game:
        game, limit = self.keys.get("Game Type", ""), self.keys.get("Limit Type", "")
        if game not in _GAMES or limit not in _LIMITS:
            self.other_game(f"{limit} {game}".strip() or "no 'Game Type' line")
        money = self.keys.get("Money Type", "")
        symbol = currency_sign(blinds[0]) or currency_sign(blinds[1])
        if money == "PLAY MONEY":
            self.fields.append(("play_money", True))
            self.scale = 100  # amounts with cents, written with a "$" that is not money
        elif money == "TOURNAMENT CHIPS" or self.keys.get("Table Type") == "TOURNAMENT":
            self.money("")
        else:
            self.money(symbol)
        small, big = self.amount(blinds[0]), self.amount(blinds[1])
        if not 0 < small <= big:
            self.fail(f"impossible blinds {blinds[0]} / {blinds[1]}")
        self.fields.append(("date", self.keys.get("Start time of hand", "")))
        limit_kind = _LIMITS[limit]
        stakes = (big, 2 * big) if limit_kind == f.FIXED else (small, big)  # not confirmed: a limit game's bets
        return f.Game(_GAMES[game], 4, limit_kind, stakes, self.scale, self.symbol)

    def _seat(self, seat: re.Match[str]) -> None:
        name, label = seat["name"], int(seat["label"])
        if self.events or self.pots:  # after the hand: the stacks it left
            if name in self.seats:
                self.after[name] = self.amount(seat["amount"])
            return
        self.seat(self.seats, label, name, self.amount(seat["amount"]))

    def _who(self, text: str) -> tuple[str, str] | None:
        for name in self.names:
            if text.startswith(name + " ") or text.startswith(name + ":"):
                return name, text[len(name) :].removeprefix(" ")
        return None

    def _cards(self, text: str) -> tuple[Card, ...]:
        return self.cards(" ".join(rank + suit for rank, suit in _CARD.findall(text)))

    def _line(self, text: str) -> None:
        if _QUIET.match(text):
            return
        if (pots := _POTS.match(text)) is not None:
            if self.pots_done:
                self.pots, self.pots_done = [], False
            assert self.line is not None
            self.pots.append((self.amount(pots["amount"]), self.line))
            return
        self.pots_done = bool(self.pots)  # the next "Pot sizes" line starts a new group
        if (street := _STREET.match(text)) is not None:
            self.deal_street(street["street"], self._cards(street["cards"]))
        elif (dealt := _DEALT.match(text)) is not None:
            if dealt["name"] not in self.seats:
                self.fail("'Dealing [...] to' names no seated player")
            self.dealt_to(dealt["name"], self._cards(dealt["cards"]), True)
        elif (returned := _RETURNED.match(text)) is not None:
            if returned["name"] not in self.seats:
                self.fail("'Returning ... uncalled' names no seated player")
            self.add(f.Returned, returned["name"], self.amount(returned["amount"]))
        elif (rake := _RAKE.match(text)) is not None:
            self.take += self.amount(rake["amount"])
        else:
            self._action(text)

    def _action(self, text: str) -> None:
        acting = self._who(text)
        if acting is None:
            self.fail("unrecognised line")
        name, rest = acting
        if (post := _POST.match(rest)) is not None:
            self._post(name, post)
        elif rest in ("folds", "checks"):
            self.add(f.Acted, name, FOLD if rest == "folds" else CHECK)
        elif (act := _ACT.match(rest)) is not None:
            self.add(f.Acted, name, CALL if act["verb"] == "calls" else WAGER, self.amount(act["amount"]), TOTALS)
        elif (shows := _SHOWS.match(rest)) is not None:
            self.show(name, self._cards(shows["cards"]))
        elif rest == "mucks":
            self.add(f.Revealed, name, 0)
        elif (wins := _WINS.match(rest)) is not None:
            side = wins["tied"] or wins["side"]
            self.add(f.Collected, name, self.amount(wins["amount"]), int(side) if side else 0)
        elif not _SAID.match(rest):
            self.fail(f"unrecognised action of {name!r}")

    def _post(self, name: str, post: re.Match[str]) -> None:
        all_in = post["all_in"] is not None
        if post["kind"] is not None:
            kind = f.SMALL_BLIND if post["kind"] == "small blind" else f.BIG_BLIND
            self.post(name, kind, self.amount(post["amount"]), all_in)
        elif post["ante"] is not None:
            self.post(name, f.ANTE, self.amount(post["ante"]), all_in)
        else:  # "posts $0.04": a new player's live blind; "posts $1 dead": dead
            kind = f.DEAD_BLIND if post["dead"] else f.BIG_BLIND
            self.post(name, kind, self.amount(post["live"]), all_in)


PKR = TextSite("PKR", _HEADER, "'Starting Hand #N' (after 'Table #N - NAME')", PkrHand, _TABLE)


def read_pkr(text: str, source: str = "") -> Hands:
    """Every hand in a PKR text, each a record or the `HistoryError` that kept it from being read."""
    return read_text_site(text, source, PKR)


read_pkr_file = file_reader("pkr")
