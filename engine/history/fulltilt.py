"""Full Tilt Poker text hand histories: Omaha H/L (and Omaha high), fixed limit, pot limit and no limit, cash
and tournament. Full Tilt wrote PokerStars' outline (seats, "*** HOLE CARDS ***", streets, a summary with
"Total pot $X | Rake $Y") in its own words, so this reader is a `Dialect` of the PokerStars-style reader with
its own header and line reader, and the one builder does the rest. Its files were often UTF-16 with a
byte-order mark: `engine.history.decoding` reads them before this parser sees the text.

What differs, as public parsers' documentation and test data describe Full Tilt's text: the header is ``Full
Tilt Poker Game #N: Table NAME (6 max) - FL Omaha H/L - $0.50/$1 - 20:31:38 ET - 2014/01/05`` (older logs put
the stakes before the game, ``- $0.50/$1 - Pot Limit Omaha H/L -``; a tournament's starts ``$10 Sit & Go
(268569961), Table 1 - ...`` and its stakes are chips); no table line: the button is a line of its own after
the blinds, ``The button is in seat #5``; seats are ``Seat 3: name ($4)``; a name is followed by its action
without a colon (``name posts the small blind of $0.25``, ``name raises to $1``: the amount is the total,
``name calls $0.50``: the amount is added, ``, and is all in``); a street line ends with ``(Total Pot: $2, 2
Players)``; ``Uncalled bet of $3.90 returned to name``; what each player takes is ``name wins the pot ($0.20)``
(``the high pot``, ``the low pot``, ``the main pot``, ``side pot #1``; ``ties for`` when shared); chat is
``name: text``; the summary's board is ``Board: [...]`` and its winners ``won ($3.85)`` or ``collected
($0.20)``. A fixed-limit header gives the bets (its blinds are half of them), as PokerStars'.
"""

from __future__ import annotations

import re

from engine.history import facts as f
from engine.history.building import another_game
from engine.history.files import file_reader
from engine.history.grammar import CARDS, LIMIT_ABBREVIATIONS, LIMIT_NAMES, SEAT_WITHOUT_IN_CHIPS, STARS_AMOUNT
from engine.history.pokerstars import Dialect, HandReader, read_pokerstars
from engine.history.record import Hands
from engine.history.textsite import currency_sign
from engine.validate import quote

_STAKES = rf"{STARS_AMOUNT}/{STARS_AMOUNT}(?: Ante {STARS_AMOUNT})?"  # the ante is taken from the posts
_HEADER = re.compile(
    rf"^(?P<where>.+?) - (?:(?P<game>[^-]*?) - (?P<stakes>{_STAKES})|(?P<old_stakes>{_STAKES}) - "
    rf"(?P<old_game>[^-]*?)) - (?P<date>.+)$"
)
_OMAHA = re.compile(
    r"^(?:Cap |CAP )?(?P<limit>FL|PL|NL|Limit|Fixed Limit|Pot Limit|No Limit) Omaha"
    r"(?P<kind> H/L| Hi/Lo| Hi)?$"
)
_LIMITS = LIMIT_ABBREVIATIONS | LIMIT_NAMES | {"Limit": f.FIXED}
_DATE = re.compile(r"^(?P<time>\d{1,2}:\d\d:\d\d \w+) - (?P<day>\d{4}/\d\d/\d\d)\b")
_TOURNAMENT = re.compile(r"^(?P<name>.*) \((?P<t>\d+)\), Table (?P<table>.+)$")
_TABLE = re.compile(
    r"^Table (?P<table>.+?)(?: \((?P<max>\d+) max[^()]*\)| \((?P<heads>heads up)[^()]*\))?"
    r"(?: \([^()]*\))*$"
)

_BUTTON = re.compile(r"^The button is in seat #(?P<label>\d+)$")
_UNCALLED = re.compile(rf"^Uncalled bet of (?P<amount>{STARS_AMOUNT}) returned to (?P<name>.+)$")
_POT_NOTE = re.compile(r" \(Total Pot: [^()]*\)$")  # "*** FLOP *** [2h 3c Jh] (Total Pot: $2, 2 Players)"
_POST = re.compile(
    rf"^(?:posts (?:the (?P<blind>small blind|big blind) of |a (?P<dead>dead small blind) of |)"
    rf"(?P<amount>{STARS_AMOUNT})|antes (?P<ante>{STARS_AMOUNT}))(?P<all_in>, and is all in)?$"
)
_ACT = re.compile(
    rf"^(?:(?P<quiet>folds|checks)|calls (?P<call>{STARS_AMOUNT})|bets (?P<bet>{STARS_AMOUNT})"
    rf"|raises to (?P<to>{STARS_AMOUNT}))(?:, and is all in|, and is capped)?$"
)
_SHOWS = re.compile(r"^shows " + CARDS + ".*$")
_WINS = re.compile(
    rf"^(?:wins|ties for) (?:the )?(?:(?:high|low) )?(?P<pot>pot|main pot|side pot(?: #(?P<n>\d+))?)"
    rf" \((?P<amount>{STARS_AMOUNT})\)(?: with .*)?$"
)
_QUIET_ACTS = re.compile(
    r"^(?:shows .*|has \d+ seconds left to act|has requested TIME|is sitting out|has returned"
    r"|sits down|stands up|adds \S+|has timed out.*|is feeling \S+|has been disconnected"
    r"|has reconnected|is disconnected|is connected|re-buys.*|is high|is low)$"
)
_HARMLESS = re.compile(
    r"^(?:.+ (?:sits down|stands up|adds \S+|has \d+ seconds left to act|has requested TIME"
    r"|has returned|is sitting out|seat is reserved.*|has been disconnected|has reconnected"
    r"|is feeling \S+|finished the tournament.*|wins the tournament.*)"
    r"|Time has expired.*|The blinds are now .*|Dealer: .*)$"
)
_UNSUPPORTED = re.compile(r"^(?:Players agree to Run It Twice|\*\*\* (?:FIRST|SECOND) |Hand #\d+ has been canceled)")


def _header(reader: HandReader, prefix: str, rest: str) -> None:
    """The table (or tournament), game, stakes and date of a Full Tilt header, into the reader."""
    header = _HEADER.match(rest)
    game_words = (header["game"] or header["old_game"] or "").strip() if header is not None else ""
    game = _OMAHA.match(game_words)
    if game is None:
        if header is not None and game_words and "Omaha" not in game_words:
            raise another_game(reader.source, reader.id, reader.line, game_words, "Omaha H/L and Omaha")
        reader.fail(
            "cannot read the header (expected 'Full Tilt Poker Game #N: Table NAME - FL Omaha H/L - "
            "$0.50/$1 - time - date')"
        )
    assert header is not None
    reader.hi_lo = game["kind"] in (" H/L", " Hi/Lo")
    reader.hole_cards, reader.limit = 4, _LIMITS[game["limit"]]
    where, stakes = header["where"], (header["stakes"] or header["old_stakes"]).partition(" Ante ")[0]
    # "21:14:09 ET - 2010/11/08" kept as PokerStars dates its hands, "2010/11/08 21:14:09 ET"
    date = _DATE.match(header["date"])
    reader.fields += [
        ("date", f"{date['day']} {date['time']}" if date else header["date"]),
        ("site", "Full Tilt Poker"),
    ]
    tournament = _TOURNAMENT.match(where)
    table = _TABLE.match(where)
    if tournament is not None:
        reader.fields += [
            ("tournament", tournament["t"]),
            ("buy_in", tournament["name"]),
            ("table", tournament["table"]),
        ]
    elif table is not None:
        reader.fields.append(("table", table["table"]))
        if table["max"] or table["heads"]:
            reader.fields.append(("max_seats", int(table["max"]) if table["max"] else 2))
    else:
        reader.fail(f"cannot read the table {quote(where)} (expected 'Table NAME' or 'TOURNAMENT (N), Table N')")
    reader.money(currency_sign(stakes), cents=tournament is None)
    low, _, high = stakes.partition("/")
    reader.read_stakes(stakes, low, high)


class FullTiltReader(HandReader):
    """A Full Tilt hand's lines between its seats and its summary, into the facts."""

    def event_line(self, line: tuple[int, str], phase: str) -> str:
        text = line[1]
        if _UNSUPPORTED.match(text):
            self.fail("not supported: run-it-twice boards and cancelled hands")
        if text.startswith("*** "):
            return self._marker(_POT_NOTE.sub("", text), phase)
        button = _BUTTON.match(text)
        if button is not None:
            self.button_label = int(button["label"])
            return phase
        if self.uncalled(text, _UNCALLED):
            return phase
        if text.startswith("Dealt to "):
            dealt = self.who(text[len("Dealt to ") :], (" [",))
            if dealt is None or not dealt[1].endswith("]"):
                self.fail("expected 'Dealt to NAME [cards]' naming a seated player")
            self.dealt_to(dealt[0], self.cards(dealt[1][:-1]))
            return phase
        acting = self.who(text)
        if acting is not None and self._acts(acting[0], acting[1], phase):
            return phase
        if self.who(text, (": ",)) is not None or _HARMLESS.match(text):  # chat, and the table's comings and goings
            return phase
        self.fail("unrecognised line")

    def _acts(self, name: str, rest: str, phase: str) -> bool:
        """Take in a line that starts with a player's name; False when it is not an action of theirs."""
        post = _POST.match(rest)
        if post is not None:
            if phase != "posts":
                self.fail("a blind or ante posted after the cards were dealt")
            # "posts $20" alone is a new player's blind: a big blind the builder finds is not the big one
            kind = (
                f.ANTE
                if post["ante"]
                else f.SMALL_BLIND
                if post["blind"] == "small blind"
                else f.DEAD_BLIND
                if post["dead"]
                else f.BIG_BLIND
            )
            self.add(f.Posted, name, kind, self.amount(post["ante"] or post["amount"]), bool(post["all_in"]))
            return True
        act = _ACT.match(rest)
        if act is not None:
            if phase == "posts":
                self.fail("an action before '*** HOLE CARDS ***'")
            if phase == "showdown":
                self.fail("a betting action after the showdown began")
            self.betting(name, act)  # "raises to $1": the total
            return True
        shows = _SHOWS.match(rest)
        if shows is not None:
            self.show(name, self.cards(shows["cards"]))
            return True
        if rest == "mucks":
            if phase == "showdown":
                self.add(f.Revealed, name)
            return True
        wins = _WINS.match(rest)
        if wins is not None:
            self.collect(name, self.amount(wins["amount"]), wins["pot"], wins["n"])
            return True
        return bool(_QUIET_ACTS.match(rest))


FULL_TILT = Dialect(
    "Full Tilt Poker",
    re.compile(r"^(?P<prefix>Full ?Tilt Poker) (?:Game|Hand) #(?P<id>\d+): *(?P<rest>.*)$"),
    "'Full Tilt Poker Game #N: Table NAME - FL Omaha H/L - $0.50/$1 - time - date'",
    keeps_prefix=False,
    table=None,
    seat=SEAT_WITHOUT_IN_CHIPS,
    read_header=_header,
    reader=FullTiltReader,
)


def read_fulltilt(text: str, source: str = "") -> Hands:
    """Every hand in a Full Tilt text, each a record or the `HistoryError` that kept it from being read."""
    return read_pokerstars(text, source, FULL_TILT)


read_fulltilt_file = file_reader("fulltilt")
