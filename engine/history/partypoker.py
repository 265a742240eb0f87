"""PartyPoker text hand histories (and the skins writing its text): Omaha Hi-Lo and Omaha, fixed limit, pot limit
and no limit, cash and tournament; read into facts and built by the one builder.

PartyPoker's text is not PokerStars' shape, as public parsers' documentation and test data describe it: a hand
opens ``***** Hand History for Game N *****`` (often after ``#Game No : N`` and ``Game #N starts.``), then
the game (``$20/$40 USD FL Omaha Hi-Lo - <date>``: a limit game's bets; ``$10 USD PL Omaha Hi-Lo - <date>``:
a pot- or no-limit game's *buy-in*, so the blinds are what was posted; a tournament's ``PL Omaha Hi-Lo $22
USD Buy-in Trny: N Level: 2  Blinds(20/40) - <date>``), ``Table Name (Real Money)``, ``Seat 6 is the
button``, seats ``Seat 3: name ( $2.06 USD )``; every amount in brackets is what the action adds (``raises
[$10 USD]`` puts in ten more), ``is all-In [$19 USD]`` calls or raises by its amount; streets are ``**
Dealing Flop ** [ 9c, 5h, 6h ]``. There is no summary: the hand ends with ``wins $2.21 USD`` (``from the
main pot``, ``from the side pot 1``, ``wins Lo ($0.09 USD)``), amounts after the rake that also count in the
winner's own bet nobody called (so the builder takes that bet off them, and takes the rake as what was put
in less what was won).
"""

from __future__ import annotations

import re

from engine.history import facts as f
from engine.history.builder import ADDS, ALL_IN, CALL, CHECK, FOLD, WAGER
from engine.history.files import file_reader
from engine.history.grammar import AMOUNT, CARDS, DEALT_TO, LIMIT_ABBREVIATIONS
from engine.history.record import Hands
from engine.history.textsite import Numbered, SiteHand, TextSite, currency_sign, read_text_site

_HEADER = re.compile(r"^\*{5} Hand History for Game (?P<id>\d+) \*{5}$")
_BEFORE = re.compile(r"^(?:#Game No ?: ?\d+|Game #\d+ starts\.)$")
_OMAHA = r"(?P<game>(?P<five>5 Card )?Omaha(?P<hilo> Hi-Lo)?|\S.*?)"
_CASH = re.compile(
    r"^(?P<stakes>"
    + AMOUNT
    + "(?:/"
    + AMOUNT
    + r")?)(?: (?P<cur>[A-Z]{3}))? +(?:(?P<limit>FL|PL|NL) +)?"
    + _OMAHA
    + r" - (?P<date>.+)$"
)
_TOURNAMENT = re.compile(
    r"^(?:(?P<limit>FL|PL|NL) +)?" + _OMAHA + r" +(?:(?P<buy_in>\S+(?: [A-Z]{3})?) Buy-in +)?"
    r"Trny: ?(?P<t>\d+) +Level: ?(?P<level>\S+) +Blinds ?\((?P<blinds>[^()]*)\) - (?P<date>.+)$"
)
_TABLE = re.compile(r"^Table (?P<table>.+?) ?\( ?(?P<money>Real|Play) Money ?\)$")
_BUTTON = re.compile(r"^Seat (?P<label>\d+) is the button$")
_PLAYERS = re.compile(r"^Total number of players ?: ?\d+ ?(?:/ ?(?P<max>\d+))?$")
_SEAT = re.compile(r"^[Ss]eat (?P<label>\d+): (?P<name>.+?) \( ?(?P<stack>" + AMOUNT + r"(?: [A-Z]{3})?) ?\)$")
_BRACKETED = r" *\[(?P<amount>[^\[\]]+)\]\.?"
_POST = re.compile(r"^posts (?P<kind>small blind|big blind \+ dead|big blind|ante)" + _BRACKETED + "$")
_ACT = re.compile(r"^(?P<verb>calls|bets|raises|is all-In)" + _BRACKETED + "$")
_STREET = re.compile(r"^\*\* Dealing (?P<street>[Ff]lop|[Tt]urn|[Rr]iver) \*\* " + CARDS + "$")
_SHOWS = re.compile(r"^(?P<verb>shows|doesn't show) " + CARDS + ".*$")
_WINS = re.compile(
    r"^wins (?:Lo \((?P<lo>[^()]+)\)|(?P<amount>" + AMOUNT + r"(?: [A-Z]{3}| chips)?))"
    r"(?: from the (?P<pot>main pot|side pot ?(?P<n>\d*)))?(?: with .*)?\.?$"
)
_QUIET = re.compile(
    r"^(?:does not show cards\.?|shows.*for low\.?|is sitting out|has (?:joined|left) the table\.?"
    r"|will be using (?:their|his|her) time bank for this hand\.?|did not respond in time\.?"
    r"|could not respond in time.*|is disconnected.*|has been reconnected.*|sits out"
    r"|is (?:now )?sitting out.*)$"
)
_HARMLESS = re.compile(
    r"^(?:Trny: ?\d+ +Level: ?\S+|Blinds ?\([^()]*\)|Your time bank will be activated.*"
    r"|\*\* Dealing down cards \*\*|.+ has (?:joined|left) the table\.?)$"
)
LIMITS = LIMIT_ABBREVIATIONS | {None: f.FIXED}  # no limit word: fixed limit (Everleaf's too)
_POSTS = {"small blind": f.SMALL_BLIND, "big blind": f.BIG_BLIND, "big blind + dead": f.SMALL_AND_BIG, "ante": f.ANTE}
_VERBS = {"calls": CALL, "bets": WAGER, "raises": WAGER, "is all-In": ALL_IN}


class PartyHand(SiteHand):
    site = "PartyPoker"
    seat_line = _SEAT  # a site of PartyPoker's lineage writes its seats its own way (Everleaf)
    wins_include_returned = True  # "wins $239" counts in the winner's bet nobody called (not Everleaf's)

    def seat_stack(self, text: str) -> int:
        return self.amount(text)

    def facts(self) -> f.HandFacts:
        lines = self.lines
        if len(lines) < 4:
            self.line = lines[-1]
            self.fail("the hand is cut short: it ends before its seats")
        self.game = self._game(lines[1])
        self.line = lines[2]
        self._table(lines[2][1])  # 888's table line says whether the game is a tournament: it may change the game
        self.line = lines[3]
        button = _BUTTON.match(lines[3][1])
        if button is None:
            self.fail("expected 'Seat N is the button'")
        at = 4
        if at < len(lines) and (players := _PLAYERS.match(lines[at][1])) is not None:
            if players["max"]:
                self.fields.append(("max_seats", int(players["max"])))
            at += 1
        seats, at, _ = self.read_seats(at, self.seat_line, self.seat_stack)
        self.hole_cards = self.game.hole_cards
        self.won = False
        self.walk(lines[at:], self._line)
        if not self.won:
            self.fail("the hand is cut short: no line says who wins")
        summary = f.Summary(take=None)
        return self.hand_facts(
            self.game, seats.values(), int(button["label"]), summary, won_includes_returned=self.wins_include_returned
        )

    def _table(self, text: str) -> None:
        table = _TABLE.match(text)
        if table is None:
            self.fail("expected the table line 'Table NAME (Real Money)'")
        self.fields += [("table", table["table"])] + ([("play_money", True)] if table["money"] == "Play" else [])

    def _game(self, line: Numbered) -> f.Game:
        self.line = line
        self.fields.append(("site", "PartyPoker"))
        text = line[1]
        tournament = _TOURNAMENT.match(text)
        cash = _CASH.match(text) if tournament is None else None
        match = tournament or cash
        if match is None:
            self.fail(
                "cannot read the game line (expected '$20/$40 USD FL Omaha Hi-Lo - date' or a tournament's "
                "'PL Omaha Hi-Lo $22 USD Buy-in Trny: N Level: 2  Blinds(20/40) - date')"
            )
        if match["game"] not in ("Omaha", "Omaha Hi-Lo", "5 Card Omaha", "5 Card Omaha Hi-Lo"):
            self.other_game(" ".join(word for word in (match["limit"], match["game"]) if word))
        limit = LIMITS[match["limit"]]
        self.fields.append(("date", match["date"]))
        posted = False
        if tournament is not None:
            self.fields += [
                ("tournament", tournament["t"]),
                ("level", tournament["level"]),
                ("buy_in", tournament["buy_in"] or ""),
            ]
            low, _, high = tournament["blinds"].partition("/")
            stakes = (self.amount(low), self.amount(high))
            if limit == f.FIXED:  # not confirmed: a limit tournament's "Blinds(a/b)" taken as the blinds
                stakes = (stakes[1], 2 * stakes[1])
        else:
            assert cash is not None
            symbol = currency_sign(cash["stakes"])
            self.money(symbol)
            if symbol and cash["cur"]:
                self.fields.append(("currency", cash["cur"]))
            low, slash, high = cash["stakes"].partition("/")
            if slash:
                stakes = (self.amount(low), self.amount(high))
            elif limit == f.FIXED:
                self.fail(f"a limit game's line names its bets ('$20/$40'), not {cash['stakes']!r}")
            else:  # "$10 USD PL": the table's buy-in; the blinds are what was posted
                stakes, posted = (0, 0), True
        if not posted and not 0 < stakes[0] <= stakes[1]:
            self.fail(f"impossible stakes {stakes}")
        return f.Game(
            bool(match["hilo"]), 5 if match["five"] else 4, limit, stakes, self.scale, self.symbol, posted_blinds=posted
        )

    def _line(self, text: str) -> None:
        if self.street_line(text, _STREET):
            return
        if self.dealt_line(text, DEALT_TO):
            return
        if _HARMLESS.match(text):
            return
        acting = self.who(text)
        if acting is None:
            if ": " in text:  # chat: "name: words"
                return
            self.fail("unrecognised line")
        name, rest = acting
        if (post := _POST.match(rest)) is not None:
            self.post(name, _POSTS[post["kind"]], self.amount(post["amount"]))
        elif rest.rstrip(".") in ("folds", "checks"):
            self.add(f.Acted, name, FOLD if rest.startswith("folds") else CHECK)
        elif (act := _ACT.match(rest)) is not None:
            self.add(f.Acted, name, _VERBS[act["verb"]], self.amount(act["amount"]), ADDS)
        elif (shows := _SHOWS.match(rest)) is not None:
            self.show(name, self.cards(shows["cards"]), muck=shows["verb"] != "shows")
        elif (wins := _WINS.match(rest)) is not None:
            self.collect(
                name, self.amount((wins["lo"] or wins["amount"]).removesuffix(" chips")), wins["pot"], wins["n"]
            )
            self.won = True
        elif rest.startswith(": ") or _QUIET.match(rest):
            return
        else:
            self.fail(f"unrecognised action of {name!r}")


PARTYPOKER = TextSite("PartyPoker", _HEADER, "'***** Hand History for Game N *****'", PartyHand, _BEFORE)


def read_partypoker(text: str, source: str = "") -> Hands:
    """Every hand in a PartyPoker text, each a record or the `HistoryError` that kept it from being read."""
    return read_text_site(text, source, PARTYPOKER)


read_partypoker_file = file_reader("partypoker")
