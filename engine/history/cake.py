"""Cake Poker text hand histories (Cake Poker Network): Omaha Hi/Lo and Omaha, fixed limit, pot limit and no
limit, cash (real and play money) and tournament; read into facts and built by the one builder.

Cake's text is not PokerStars' shape, as public parsers' documentation and test data describe it: a hand opens
``Hand#N - <table> -- <stakes> <limit> <game> -- <date>`` (the id may hold capital letters; a tournament's
header has more ``--`` parts: ``Hand#N - $5 PL Omaha Hi-Lo T15042503 -- CASH -- $5 + $0.25 -- 2 Max -- Table
1 -- 0/10/20 PL OmahaHiLo -- <date>``, whose stakes are ante, small and big blind), then ``Dealer: Seat 8``
and the seats ``Seat 3: name ($2,88 in chips)``. Money amounts have a decimal *comma* (``$0,05``); chips
without a currency sign have a thousands comma (``1,640``). Cards are written ``[Kh,2s]`` when dealt and on
the board, ``[Kh 2s]`` when shown. Lines name the player before a colon (``name: calls $0,10``): ``calls``,
``bets`` and ``is all in`` say what the action adds, ``raises to`` the round's new total; ``name: returns
uncalled bet $0,30``; ``***SHOW DOWN***``; there is no summary: the hand ends with ``name wins $0,75`` (``wins
high pot 327``, ``wins low pot 327``), amounts after the rake and without the bet returned, and no rake is
stated (the builder takes it as what was put in less what was won).
"""

from __future__ import annotations

import re
from decimal import Decimal

from engine.history import facts as f
from engine.history.builder import ADDS, ALL_IN, CALL, CHECK, FOLD, TOTALS, WAGER
from engine.history.files import file_reader
from engine.history.grammar import AMOUNT, CARDS, DEALT_TO, LIMIT_ABBREVIATIONS, STREET_MARKER
from engine.history.record import Hands
from engine.history.textsite import Numbered, SiteHand, TextSite, currency_sign, read_text_site
from engine.validate import quote

_HEADER = re.compile(r"^Hand#(?P<id>[A-Z0-9]+) - (?P<rest>.+)$")
_STAKES = re.compile(r"^(?P<stakes>[$€£]?-?[\d.,]+(?:/[$€£]?[\d.,]+){1,2}) (?P<limit>NL|PL|FL) (?P<game>.+)$")
_TOURNAMENT = re.compile(r"(?:^|\s)T(?P<t>\d+)$")
_DATE = re.compile(r"^(\d{4})[./-](\d{2})[./-](\d{2})[ -]+(\d{1,2}:\d{2}:\d{2})$")
_DEALER = re.compile(r"^Dealer: Seat (?P<label>\d+)$")
_SEAT = re.compile(r"^Seat (?P<label>\d+): (?P<name>.+?) \((?P<stack>[$€£]?[\d.,\s]+) in chips\)(?:\s+\(EUR .*\))?$")
_AMOUNT = r"(?P<amount>" + AMOUNT + r")(?: \(EUR [^()]*\))?"
_POST = re.compile(r"^ ?posts (?P<kind>small blind|big blind|ante of) " + _AMOUNT + "$")
_DEAD = re.compile(r"^ ?posts dead blind (?P<dead>[$€£]?-?[\d.,]+) and big blind (?P<live>" + AMOUNT + ")$")
_ACT = re.compile(r"^ (?P<verb>calls|bets|raises to|raises|is all in) " + _AMOUNT + "$")
_RETURNS = re.compile(r"^ returns uncalled bet " + _AMOUNT + "$")
_SHOWS = re.compile(r"^ shows " + CARDS + r"(?: ?\(.*\))?$")
_MUCKS = re.compile(r"^ mucks(?: " + CARDS + r"(?: ?\(.*\))?)?$")
_WINS = re.compile(r"^:? wins (?:(?:high|low) pot )?(?P<amount>" + AMOUNT + r")(?: with.*| \(EUR [^()]*\))*$")
_STREET = re.compile("^" + STREET_MARKER + " " + CARDS + "$")
_QUIET = re.compile(r"^(?:\*\*\* ?SHOW ?DOWN ?\*\*\*|There is no (?:low|high) hand|Player left the table)$")
_QUIET_ACTS = re.compile(
    r"^(?: sits out| is sitting out| finished \d+ out of \d+ players| has (?:joined|left) the "
    r"table| times out)$"
)
_GAMES = {"Omaha Hi/Lo": True, "OmahaHiLo": True, "Omaha Hi-Lo": True, "Omaha": False}
_POSTS = {"small blind": f.SMALL_BLIND, "big blind": f.BIG_BLIND, "ante of": f.ANTE}
_VERBS = {
    "calls": (CALL, ADDS),
    "bets": (WAGER, ADDS),
    "raises to": (WAGER, TOTALS),
    "raises": (WAGER, TOTALS),
    "is all in": (ALL_IN, ADDS),
}


class CakeHand(SiteHand):
    site = "Cake Poker"

    def amount(self, text: str) -> int:
        """'$2,88' -> 288 (money: a decimal comma, any '.' or space groups thousands); '1,640' -> 1640 (chips:
        a thousands comma)."""
        digits = text.strip().lstrip("$€£").replace("\xa0", "").replace(" ", "")
        digits = digits.replace(".", "").replace(",", ".") if self.scale != 1 else digits.replace(",", "")
        if not re.fullmatch(r"\d{1,15}(?:\.\d{1,2})?", digits):
            self.fail(f"cannot read the amount {quote(text)}")
        value = Decimal(digits) * self.scale
        if value != value.to_integral_value():
            self.fail(f"the amount {quote(text)} is not a whole number of chips (scale {self.scale})")
        return int(value)

    def facts(self) -> f.HandFacts:
        lines = self.lines
        self.game = self._game(lines[0])
        if len(lines) < 4:
            self.line = lines[-1]
            self.fail("the hand is cut short: it ends before its seats")
        self.line = lines[1]
        dealer = _DEALER.match(lines[1][1])
        if dealer is None:
            self.fail("expected 'Dealer: Seat N'")
        seats, at, _ = self.read_seats(2, _SEAT)
        self.won = False
        self.walk(lines[at:], self._line)
        if not self.won:
            self.fail("the hand is cut short: no line says who wins")
        return self.hand_facts(self.game, seats.values(), int(dealer["label"]), f.Summary(take=None))

    def _game(self, line: Numbered) -> f.Game:
        self.line = line
        self.fields.append(("site", "Cake Poker"))
        header = _HEADER.match(line[1])
        assert header is not None
        parts = header["rest"].split(" -- ")
        stakes = _STAKES.match(parts[-2]) if len(parts) >= 3 else None
        if stakes is None:
            self.fail("cannot read the header (expected 'Hand#N - TABLE -- $0,05/$0,10 PL Omaha Hi/Lo -- date')")
        if stakes["game"] not in _GAMES:
            self.other_game(f"{stakes['limit']} {stakes['game']}")
        limit = LIMIT_ABBREVIATIONS[stakes["limit"]]
        date = _DATE.match(parts[-1])  # "2012.03.14 - 20:15:02" is written as PokerStars writes a date
        when = f"{date[1]}/{date[2]}/{date[3]} {date[4]}" if date else parts[-1].replace(" - ", " ")
        self.fields.append(("date", when))
        tournament = _TOURNAMENT.search(parts[0])
        written = stakes["stakes"]
        symbol = currency_sign(written)
        if tournament is not None:
            self.fields.append(("tournament", tournament["t"]))
            self.fields.append(("buy_in", next((part for part in parts[1:-2] if " + " in part), "")))
            table = next((part.removeprefix("Table ") for part in parts[1:-2] if part.startswith("Table ")), None)
            if table is not None:
                self.fields.append(("table", table))
            symbol = ""  # tournament chips, whatever the buy-in's currency
        else:
            self.fields.append(("table", parts[0]))
            if "Play Money" in parts[0]:
                self.fields.append(("play_money", True))
        self.money(symbol)
        numbers = [self.amount(part.lstrip("-")) for part in written.split("/")]
        ante = None
        if len(numbers) == 3:  # a tournament's "0/10/20": ante, small blind, big blind
            ante, numbers = numbers[0], numbers[1:]
        pair = (numbers[0], numbers[1])
        if not 0 < pair[0] <= pair[1]:
            self.fail(f"impossible stakes {written!r}")
        return f.Game(
            _GAMES[stakes["game"]],
            4,
            limit,
            pair,
            self.scale,
            self.symbol,
            ante=ante if limit != f.FIXED and ante else None,
        )

    def _who(self, text: str) -> tuple[str, str] | None:
        for name in self.names:
            if text.startswith(name) and text[len(name) : len(name) + 1] in (":", " "):
                return name, text[len(name) :]
        return None

    def _line(self, text: str) -> None:
        if self.street_line(text, _STREET):
            return
        if self.dealt_line(text, DEALT_TO, face_up=True):
            return
        if _QUIET.match(text):
            return
        acting = self._who(text)
        if acting is None:
            self.fail("unrecognised line")
        name, rest = acting
        said = rest.removeprefix(":")
        if rest.startswith(":") and (post := _POST.match(said)) is not None:
            self.post(name, _POSTS[post["kind"]], self.amount(post["amount"]))
        elif rest.startswith(":") and (dead := _DEAD.match(said)) is not None:
            # not confirmed: the dead part is the amount written after its minus sign
            self.post(name, f.SMALL_AND_BIG, self.amount(dead["dead"].replace("-", "")) + self.amount(dead["live"]))
        elif said in (" folds", " checks"):
            self.add(f.Acted, name, FOLD if said == " folds" else CHECK)
        elif (act := _ACT.match(said)) is not None:
            verb, convention = _VERBS[act["verb"]]
            self.add(f.Acted, name, verb, self.amount(act["amount"]), convention)
        elif (returned := _RETURNS.match(said)) is not None:
            self.add(f.Returned, name, self.amount(returned["amount"]))
        elif (shows := _SHOWS.match(said)) is not None:
            self.show(name, self.cards(shows["cards"]))
        elif (mucks := _MUCKS.match(said)) is not None:
            if mucks["cards"]:
                self.add(f.Cards, name, self.cards(mucks["cards"]))
        elif (wins := _WINS.match(rest)) is not None:
            self.add(f.Collected, name, self.amount(wins["amount"]))
            self.won = True
        elif _QUIET_ACTS.match(said):
            return
        else:
            self.fail(f"unrecognised action of {name!r}")


CAKE = TextSite("Cake Poker", _HEADER, "'Hand#N - TABLE -- STAKES GAME -- DATE'", CakeHand)


def read_cake(text: str, source: str = "") -> Hands:
    """Every hand in a Cake Poker text, each a record or the `HistoryError` that kept it from being read."""
    return read_text_site(text, source, CAKE)


read_cake_file = file_reader("cake")
