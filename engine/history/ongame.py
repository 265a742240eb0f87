"""OnGame text hand histories (and the network's skins, such as Betfair's): Omaha Hi/Lo and Omaha, fixed
limit, pot limit and no limit; read into facts and built by the one builder.

OnGame's text, as public parsers' test data show it: a hand runs from ``***** History for hand R5-79836934-72
*****`` to ``***** End of hand R5-79836934-72 *****``; ``Start hand: <date>``; ``Table: Bnei Brak [79836934]
(NO_LIMIT TEXAS_HOLDEM $0.05/$0.10, Real money)`` (the blinds); ``User: Hero``; ``Button: seat 10``; seats
``Seat 1: feradf ($6.86)``; ``posts small blind ($0.25)``, ``posts big blind``, ``posts dead blind`` (dead);
``Dealing to Hero: [Qh, 4h]``; ``raises $0.20 to $0.30`` (the second amount the total), ``calls $0.20`` and
``bets $0.45`` adding, ``[all in]`` after the amount of an all-in; streets ``--- Dealing flop [6c, Qs, 7h]``;
no uncalled-bet line; a summary of ``Main pot: $0.65 won by Hero ($0.62)`` (the pot, then what each winner
takes after the rake), ``Rake taken: $0.03`` and each seat's stack after the hand, ``Seat 1: feradf ($6.56),
net: -$0.30``. A tournament's header names it: ``***** History for hand R5-75443872-57 (TOURNAMENT: "PLO8 Turbo
$5", R5-75443872, buy-in: $5) *****``, its table line the level's blinds in chips (``Table: [SPEED] Estoril
[75443872] (POT_LIMIT OMAHA_HI_LO 50/100, Tournament)``).
"""

from __future__ import annotations

import re

from engine.history import facts as f
from engine.history.builder import ADDS, CALL, CHECK, FOLD, TOTALS, WAGER
from engine.history.files import file_reader
from engine.history.grammar import AMOUNT, CARDS, DECIMAL_AMOUNT
from engine.history.record import Hands
from engine.history.textsite import STREETS, SiteHand, TextSite, currency_sign, read_text_site

_HEADER = re.compile(
    r"^\*{5} History for hand (?P<id>[A-Z0-9][A-Z0-9-]*)"
    r"(?: \(TOURNAMENT: \"(?P<name>[^\"]*)\", (?P<t>[A-Z0-9-]+), buy-in: (?P<buy_in>[^()]*)\))? \*{5}$"
)
_END = re.compile(r"^\*{5} End of hand [A-Z0-9-]+ \*{5}$")
_AMOUNT = r"(?P<amount>" + DECIMAL_AMOUNT + ")"
_TABLE = re.compile(
    r"^Table: (?P<table>.+?) \((?P<limit>[A-Z_]+) (?P<game>[A-Z0-9_]+) (?P<low>"
    + AMOUNT
    + ")/(?P<high>"
    + AMOUNT
    + r"), (?P<money>Real money|Play money|Tournament.*)\)$"
)
_SEAT = re.compile(r"^Seat (?P<label>\d+): (?P<name>.+?) \((?P<stack>" + AMOUNT + r")\)$")
_POST = re.compile(r"^posts (?P<kind>small blind|big blind|dead blind|ante) \(" + _AMOUNT + r"\)$")
_ACT = re.compile(
    r"^(?P<verb>bets|calls|raises) " + _AMOUNT + r"(?: to (?P<to>" + DECIMAL_AMOUNT + "))?"
    r"(?: \[all in\])?$"
)
_STREET = re.compile(r"^--- Dealing (?P<street>flop|turn|river) " + CARDS + "$")
_DEALT = re.compile(r"^Dealing to (?P<name>.+?): " + CARDS + "$")
_SHOWS = re.compile(r"^(?P<verb>shows|mucks) " + CARDS + ".*$")
_POT = re.compile(r"^(?P<pot>Main pot|Side pot (?P<n>\d+)): " + _AMOUNT + r" won by (?P<winners>.+)$")
_WINNER = re.compile(r"^(?P<name>.+?) \(" + _AMOUNT + r"\)$")
_RAKE = re.compile(r"^Rake taken: " + _AMOUNT + "$")
_AFTER = re.compile(
    r"^Seat (?P<label>\d+): (?P<name>.+?) \((?P<stack>" + AMOUNT + r")\)(?:, net: [-+]?" + AMOUNT + ")?$"
)
_QUIET = re.compile(r"^(?:---|Dealing pocket cards|Start hand: .*|Players in round: .*)$")
_LEVEL = re.compile(r"(?:^|\W)(?:[Bb]linds? )?[Ll]evel:? ?(?P<level>\d+|[IVXLC]+)\b")  # "Tournament, Level 5"
_QUIET_ACTS = re.compile(
    r"^(?:sits out|sits in|is sitting out|has (?:joined|left) the table|timed out|"
    r"doesn't show hand|does not show|is disconnected|is connected)$"
)
_GAMES = {"OMAHA_HI_LO": (True, 4), "OMAHA_HI": (False, 4), "OMAHA": (False, 4)}
_LIMITS = {"NO_LIMIT": f.NO, "POT_LIMIT": f.POT, "LIMIT": f.FIXED, "FIXED_LIMIT": f.FIXED}
_POSTS = {"small blind": f.SMALL_BLIND, "big blind": f.BIG_BLIND, "dead blind": f.DEAD_BLIND, "ante": f.ANTE}


class OnGameHand(SiteHand):
    site = "OnGame"

    def facts(self) -> f.HandFacts:
        lines = self.lines
        hero: str | None = None
        button: int | None = None
        game: f.Game | None = None
        seats: dict[str, f.Seat] = {}
        self.summary, self.ended = False, False
        self.pots: list[tuple[int, f.Line]] = []
        self.take: int | None = None
        self.after: dict[int, int] = {}
        self.won: list[f.Won] = []
        for line in lines[1:]:
            self.line = line
            text = line[1]
            if self.ended:
                self.fail("a line after the end of the hand")
            if _END.match(text):
                self.ended = True
            elif text.startswith("Start hand: "):
                self.fields.append(("date", text.removeprefix("Start hand: ")))
            elif game is None and (level := _LEVEL.match(text)) is not None and "level" not in dict(self.fields):
                self.fields.append(("level", level["level"]))  # a "Level: 5" line before the table line
            elif game is None:
                if text.startswith("Table: "):
                    game = self._game(text)
                elif not _QUIET.match(text):
                    self.fail(
                        "expected the table line 'Table: NAME [N] (POT_LIMIT OMAHA_HI_LO $0.05/$0.10, Real money)'"
                    )
            elif text.startswith("User: "):
                hero = text.removeprefix("User: ")
            elif text.startswith("Button: seat "):
                button = int(text.removeprefix("Button: seat ")) if text[13:].isdigit() else None
                if button is None:
                    self.fail("expected 'Button: seat N'")
            elif not self.summary and not self.events and (seat := _SEAT.match(text)) is not None:
                self.seat(seats, int(seat["label"]), seat["name"], self.amount(seat["stack"]))
            elif self.summary:
                self._summary_line(text)
            elif text == "Summary:":
                self.summary = True
            else:
                self._line(text)
        self.line = lines[-1]
        if game is None:
            self.fail("the hand has no table line")
        if len(seats) < 2:
            self.fail("a hand needs at least two seated players ('Seat 1: name ($6.86)')")
        if button is None:
            self.fail("no 'Button: seat N' line")
        if not self.ended or not self.summary:
            self.fail("the hand is cut short: it has no summary and no '***** End of hand' line")
        if self.after and len(self.after) == len(seats):
            seats = {name: f.Seat(s.label, name, s.stack, finishing=self.after[s.label]) for name, s in seats.items()}
        total = sum(chips for chips, _ in self.pots) if self.pots else None
        total_line = self.pots[0][1] if self.pots else None
        summary = f.Summary(total, total_line, self.take, None, frozenset(), (), "the summary's pots hold")
        return self.hand_facts(game, seats.values(), button, summary, hero=hero)

    def _game(self, text: str) -> f.Game:
        table = _TABLE.match(text)
        if table is None:
            self.fail(
                "cannot read the table line (expected 'Table: NAME [N] (POT_LIMIT OMAHA_HI_LO $0.05/$0.10, "
                "Real money)')"
            )
        if table["game"] not in _GAMES or table["limit"] not in _LIMITS:
            self.other_game(f"{table['limit']} {table['game']}")
        self.fields += [("site", "OnGame"), ("table", table["table"].removeprefix("[SPEED] "))]
        symbol = currency_sign(table["low"]) or currency_sign(table["high"])
        if table["money"] == "Play money":
            self.fields.append(("play_money", True))
        header = _HEADER.match(self.lines[0][1])
        if header is not None and header["t"] is not None:  # "R5-75443872": the network's prefix, then the number
            number = header["t"].rpartition("-")[2]
            self.fields += [("tournament", number), ("buy_in", header["buy_in"]), ("tournament_name", header["name"])]
        tournament = table["money"].startswith("Tournament") or any(key == "tournament" for key, _ in self.fields)
        level = _LEVEL.search(table["money"])
        if tournament and level is not None and "level" not in dict(self.fields):
            self.fields.append(("level", level["level"]))
        self.money(symbol if not tournament else "")  # a tournament is played in chips
        small, big = self.amount(table["low"]), self.amount(table["high"])
        if not 0 < small <= big:
            self.fail(f"impossible blinds {table['low']}/{table['high']}")
        limit = _LIMITS[table["limit"]]
        hi_lo, cards = _GAMES[table["game"]]
        stakes = (big, 2 * big) if limit == f.FIXED else (small, big)  # not confirmed: a limit game's blinds
        return f.Game(hi_lo, cards, limit, stakes, self.scale, self.symbol)

    def _line(self, text: str) -> None:
        if _QUIET.match(text):
            return
        street = _STREET.match(text)
        if street is not None:
            count = STREETS[street["street"]][1]
            cards = self.cards(street["cards"])
            if len(cards) == len(self.board) + count and tuple(cards[: len(self.board)]) == tuple(self.board):
                cards = cards[len(self.board) :]  # the board so far, then the new card
            self.deal_street(street["street"], cards)
            return
        if (dealt := _DEALT.match(text)) is not None:
            if dealt["name"] not in self.names:
                self.fail("'Dealing to' names no seated player")
            self.add(f.Cards, dealt["name"], self.cards(dealt["cards"]), True)
            return
        acting = self.who(text)
        if acting is None:
            self.fail("unrecognised line")
        name, rest = acting
        if (post := _POST.match(rest)) is not None:
            self.post(name, _POSTS[post["kind"]], self.amount(post["amount"]))
        elif rest in ("folds", "checks"):
            self.add(f.Acted, name, FOLD if rest == "folds" else CHECK)
        elif (act := _ACT.match(rest)) is not None:
            if act["to"] is not None:
                self.add(f.Acted, name, WAGER, self.amount(act["to"]), TOTALS, self.amount(act["amount"]), ADDS)
            elif act["verb"] == "raises":
                self.fail(f"a raise without its total ('raises $1 to $2') by {name!r}")
            else:
                self.add(f.Acted, name, CALL if act["verb"] == "calls" else WAGER, self.amount(act["amount"]))
        elif (shows := _SHOWS.match(rest)) is not None:
            self.show(name, self.cards(shows["cards"]), muck=shows["verb"] != "shows")
        elif _QUIET_ACTS.match(rest):
            return
        else:
            self.fail(f"unrecognised action of {name!r}")

    def _summary_line(self, text: str) -> None:
        assert self.line is not None
        if (pot := _POT.match(text)) is not None:
            number = 0 if pot["pot"] == "Main pot" else int(pot["n"])
            self.pots.append((self.amount(pot["amount"]), self.line))
            for part in pot["winners"].split(", "):
                winner = _WINNER.match(part)
                if winner is None or winner["name"] not in self.names:
                    self.fail(f"cannot read the winner {part!r} (expected 'name ($0.62)')")
                self.add(f.Collected, winner["name"], self.amount(winner["amount"]), number)
        elif (rake := _RAKE.match(text)) is not None:
            self.take = self.amount(rake["amount"])
        elif (after := _AFTER.match(text)) is not None:
            self.after[int(after["label"])] = self.amount(after["stack"])
        elif text.startswith("Board: ") or not text:
            return
        else:
            self.fail("unrecognised summary line")


ONGAME = TextSite("OnGame", _HEADER, "'***** History for hand R5-N-N *****'", OnGameHand)


def read_ongame(text: str, source: str = "") -> Hands:
    """Every hand in an OnGame text, each a record or the `HistoryError` that kept it from being read."""
    return read_text_site(text, source, ONGAME)


read_ongame_file = file_reader("ongame")
