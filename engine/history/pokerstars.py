"""PokerStars text hand histories: Omaha Hi/Lo (and Omaha high), limit, pot limit and no limit, cash and
tournament; read into `HandRecord`s and written back from engine hands.

Reading turns each hand into the engine's terms: the players dealt in become seats 0..n-1 in the order of their
seat numbers (kept in ``seat_labels``), amounts become whole chips (cents for a cash game in money, ``scale``
100; tournament chips as they are, ``scale`` 1), "raises $X to $Y" becomes ``Raise(Y)`` (Y is the player's whole
bet this round, blinds included). What the text states but the engine works out itself (uncalled bets, the
total pot) is used as a check; what it says happened at the end (the "collected" lines, the rake, and the
finishing stacks its own amounts imply) becomes the record's expectations, for `replay` to compare. A hand
that cannot be read becomes a `HistoryError` naming the source, the hand and the line, and reading goes on.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from pathlib import Path

import attrs

from engine.cards import Card, format_cards, parse_cards
from engine.errors import EngineError, HistoryError
from engine.history import facts as f
from engine.history.builder import ADDS, CALL, CHECK, FOLD, RAISES, TOTALS, WAGER
from engine.history.building import another_game, build_record, place
from engine.history.grammar import CARDS, STARS_AMOUNT, STREET_MARKER
from engine.history.pokerstars_writer import write_pokerstars, write_pokerstars_state
from engine.history.record import HandRecord, Hands
from engine.history.textsite import HandLines, hands_in_text, to_chips, wrong_street_cards
from engine.validate import quote

__all__ = ["read_pokerstars", "read_pokerstars_file", "write_pokerstars", "write_pokerstars_state"]


_DATE = re.compile(r" - (?=\d{4}/\d{1,2}/\d{1,2}\b)")  # "- 2014/01/06 4:56:52 ET", "- 2005/08/21 - 21:44:08 (ET)"
_QUOTED = re.compile(r"^(?:>[ \t]?)+")  # a mail's quote marks
_GAME = re.compile(r"(?P<five>5 Card )?Omaha(?P<hilo> Hi/?Lo)? (?P<limit>Pot Limit|No Limit|Limit)\b")
_STAKES = re.compile(r"^(?P<sym>[^\d\s/]*)(?P<a>\d[\d.,]*)/(?P=sym)(?P<b>\d[\d.,]*)(?:/\S+)?(?: (?P<cur>[A-Z]{3}))?$")
_TOURNAMENT = re.compile(
    r"^Tournament #(?P<t>\d+), (?P<middle>.*) - Level ?(?P<level>[^\s()]+) ?"
    r"\((?P<stakes>[^()]*)\)$"
)  # GG: "Level12(200/400)"
_TABLE = re.compile(
    r"^Table '(?P<table>.*)'(?: (?P<max>\d+)-max)?(?P<play> \(Play Money\))? "
    r"Seat #(?P<button>\d+) is the button$"
)
_SEAT = re.compile(
    r"^Seat (?P<label>\d+): (?P<name>.+) \((?P<stack>[^\s()]*?\d[\d.,]*) in chips(?:, [^()]*)?\)"
    r"(?P<tail>.*)$"
)
_POST = re.compile(
    r"^posts (?P<kind>small blind|big blind|the ante|small & big blinds|straddle|dead blind) "
    r"(?P<amount>\S+)(?P<all_in> and is all-in)?$"
)
_ACT = re.compile(
    r"^(?:(?P<quiet>folds|checks)(?: " + CARDS + r")?|calls (?P<call>\S+)|bets (?P<bet>\S+)"
    r"|raises (?P<by>\S+) to (?P<to>\S+))(?: and is all-in)?(?: and has reached the \S+ cap)?$"
)
_SHOWS = re.compile(r"^shows " + CARDS + r"(?: \(.*\))?$")
_IGNORED_ACTS = re.compile(r"^(?:doesn't show hand|is sitting out|sits out|is sitting out .*|sits out .*)$")
_COLLECTED = re.compile(r"^collected (?P<amount>\S+) from (?P<pot>pot|main pot|side pot(?:-(?P<n>\d+))?)$")
_UNCALLED = re.compile(r"^Uncalled bet \((?P<amount>[^()]*)\) returned to (?P<name>.+)$")
_STREET = re.compile("^" + STREET_MARKER + r" \[(?P<old>[^\]]*)\](?: \[(?P<new>[^\]]*)\])?$")
_TOTAL = re.compile(r"^Total pot (?P<total>\S+)(?P<pots>.*?) \| Rake (?P<rake>\S+)(?P<fees>(?: \| .*)?)$")
_FEE = re.compile(r"\| [^|$€£\d]*?(?P<amount>" + STARS_AMOUNT + ")")
_CHAT = re.compile(r'^.+ said, ".*"$')
_HARMLESS = re.compile(
    r"^(?:.+ (?:leaves|left) the table|.+ joins the table at seat #\d+|.+ is (?:dis)?connected|.+ has timed out.*"
    r"|.+ has returned|.+ is sitting out|.+:? sits out|.+ will be allowed to play after the button"
    r"|.+ was removed from the table.*"
    r"|.+ (?:finished the tournament|wins the tournament|re-buys|takes the add-on|wins the \S+ bounty"
    r"|wins \S+ for eliminating).*|No low hand qualified|Betting is capped)$"
)
_UNSUPPORTED = re.compile(r"^(?:\*\*\* (?:FIRST|SECOND) |.+ cashed out the hand|Hand cancelled|.*run (?:it )?twice)")
_SUMMARY_CARDS = re.compile(r"\b(?:showed|mucked) " + CARDS)
_SUMMARY_WON = re.compile(r"\b(?:won|collected) \((?P<amount>[^()]*)\)")

_STREETS = {"FLOP": 2, "TURN": 3, "RIVER": 4}
_POST_KINDS = {
    "small blind": f.SMALL_BLIND,
    "big blind": f.BIG_BLIND,
    "the ante": f.ANTE,
    "small & big blinds": f.SMALL_AND_BIG,
    "straddle": f.STRADDLE,
    "dead blind": f.DEAD_BLIND,
}


@attrs.frozen(slots=True)
class Dialect:
    """What tells one site's PokerStars-style text from another's: its header line (groups ``prefix``, ``id``,
    ``rest``), how the messages name that header, whether the record keeps the header's words (a PokerStars
    hand written back keeps "PokerStars Game"; another site's is written as PokerStars'), and the lines it
    writes its own way: the table line, the seats, the posts (``post_kinds`` maps its words to the facts'),
    the summary's total and "won", what separates a name from its action, lines to pass over, and a reader
    of the header's game (None: PokerStars'). A site whose lines differ more (Full Tilt, Winamax) gives its own
    ``reader``, a `HandReader` whose `HandReader.event_line` reads them, and ``table`` None when it writes no
    table line after the header (its header reader then takes the table)."""

    site: str
    header: re.Pattern[str]
    example: str
    keeps_prefix: bool = True
    table: re.Pattern[str] | None = _TABLE
    seat: re.Pattern[str] = _SEAT
    post: re.Pattern[str] = _POST
    post_kinds: Mapping[str, str] = attrs.field(factory=lambda: dict(_POST_KINDS))
    total: re.Pattern[str] = _TOTAL
    won: re.Pattern[str] = _SUMMARY_WON
    separator: str = ": "
    harmless: re.Pattern[str] | None = None
    read_header: Callable[[HandReader, str, str], None] | None = None
    reader: type[HandReader] | None = None
    total_after_take: bool = False  # the summary's total is after the rake (Winamax)
    won_includes_returned: bool = False  # no uncalled bet is returned: it is in the collected lines and the
    # total (Winamax; the builder takes it out of both)
    raise_by: str = RAISES  # what X is in "raises X to Y": Y less the bet faced (RAISES), or what it adds (ADDS)


POKERSTARS = Dialect(
    "PokerStars",
    re.compile(
        r"^(?P<prefix>PokerStars\b[^#]*?(?:Hand|Game)) #(?P<id>[\w.-]+): *"
        r"(?P<rest>.*)$"
    ),
    "'PokerStars Hand #N: ...' (or 'PokerStars Game #N: ...' in old logs)",
)
_HEADER = POKERSTARS.header


# --- reading --------------------------------------------------------------------------------------------------


def read_pokerstars(text: str, source: str = "", dialect: Dialect = POKERSTARS) -> Hands:
    """Every hand in ``text`` (hands are separated by blank lines or start at their header line), each as a
    record or, when it cannot be read, as a HistoryError saying where and why. Hands may sit inside other text
    (a forum post, a mail, notes between hands): that text is passed over, and the answer's ``notes`` say so,
    once for the whole text. A text without a single hand is one HistoryError. Never raises on bad input."""
    where = source or "<text>"
    if not isinstance(text, str):
        return Hands(
            [HistoryError(f"{where}: {dialect.site} text must be a str, got {type(text).__name__}", source=source)]
        )
    out: list[HandRecord | HistoryError] = []
    passed_over: list[tuple[int, str]] = []
    for chunk in _chunks(text, dialect.header):
        if not dialect.header.match(chunk[0][1]):
            if _headless_hand(chunk, dialect):
                out.append(
                    HistoryError(
                        f"{where}: line {chunk[0][0]} {quote(chunk[0][1])}: a hand without its "
                        f"header line ({dialect.example})",
                        source=source,
                    )
                )
            else:
                passed_over += chunk
            continue
        reader = (dialect.reader or HandReader)(source, chunk, dialect)
        out.append(_read_hand(reader, chunk, source))
        passed_over += reader.trailing
    return hands_in_text(out, passed_over, source, f"a {dialect.site} hand starts with a line {dialect.example}")


def _read_hand(reader: HandReader, chunk: list[tuple[int, str]], source: str) -> HandRecord | HistoryError:
    try:
        return reader.read()
    except HistoryError as error:
        return error
    except EngineError as error:
        return HistoryError(place(source, reader.id, chunk[0]) + str(error), source=source, hand_id=reader.id)
    except Exception as error:  # a reader must never die on input; the message says it is a bug
        return HistoryError(
            place(source, reader.id, chunk[0])
            + f"internal error while reading ({type(error).__name__}: {quote(str(error))})",
            source=source,
            hand_id=reader.id,
        )


def _game_named(body: str) -> str:
    """The game a header names: "Hold'em No Limit" in "Hold'em No Limit ($1/$2 USD)", "Razz Limit" in a mixed
    game's "8-Game (Razz Limit, $2/$4 USD)", the words before the stakes in a tournament's."""
    inside = body.rpartition("(")[2]
    if ", " in inside:
        return inside.rpartition(", ")[0].strip()
    before = body.rpartition(" (")[0].rpartition(" - ")[0] or body.rpartition(" (")[0]
    return before.rpartition(", ")[2].strip() or "another game"


def read_pokerstars_file(path: str | Path) -> Hands:
    """Read a hand history file (UTF-8 with or without a byte-order mark, UTF-16 with one, old files in
    Windows-1252), through `read_history`."""
    from engine.history.files import read_history

    return read_history(path, "pokerstars")


def _chunks(text: str, header: re.Pattern[str]) -> Iterator[list[tuple[int, str]]]:
    """Groups of (line number, line) separated by blank lines; a header line also starts a new group. A hand
    quoted in a mail ("> PokerStars Hand #...") loses its quote marks, as far as its header has them."""
    chunk: list[tuple[int, str]] = []
    depth = 0  # the quote marks of the hand being read
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.replace("\ufeff", "").strip()
        marks = _QUOTED.match(line)
        level = marks.group().count(">") if marks else 0
        inner = line[marks.end() :].strip() if marks else line
        if header.match(inner):
            depth = level
        if depth and level == depth:
            line = inner
        if not line or (header.match(line) and chunk):
            if chunk:
                yield chunk
            chunk = [(number, line)] if line else []
        else:
            chunk.append((number, line))
    if chunk:
        yield chunk


def _headless_hand(chunk: Sequence[tuple[int, str]], dialect: Dialect) -> bool:
    """Text that is a hand's body without the header that would start it: an error, not prose to pass over."""
    return any(line in ("*** HOLE CARDS ***", "*** SUMMARY ***") for _, line in chunk) or (
        len(chunk) > 1 and chunk[0][1].startswith(dialect.site.split()[0]) and bool(_TABLE.match(chunk[1][1]))
    )


def _hand_id(chunk: Sequence[tuple[int, str]], header: re.Pattern[str] = _HEADER) -> str:
    match = header.match(chunk[0][1])
    return match["id"] if match else "?"


_DECIMAL = re.compile(r"(?:^|[\s(\[])\d[\d,]*\.(?P<places>\d{1,6})(?=[\s)\]]|$)")


def _unsigned_scale(lines: Sequence[tuple[int, str]]) -> int:
    """Chips per unit of a cash hand whose amounts carry no currency sign (play money): 1 for PokerStars' whole
    chips, else enough for the decimals its amounts are written with (play money of a site that counts it in
    cents, converted: 'Seat 2: peat_bog (1459.13 in chips)')."""
    return int(10 ** max((len(match["places"]) for _, text in lines for match in _DECIMAL.finditer(text)), default=0))


class HandReader(HandLines):
    """Reads one hand: a first pass over the lines gathers what happened by name, a second one (`_build`) turns
    it into seats, posts, actions and checks once it is known who was dealt in."""

    def __init__(self, source: str, chunk: list[tuple[int, str]], dialect: Dialect = POKERSTARS) -> None:
        self.source, self.lines, self.dialect = source, chunk, dialect
        self.id = _hand_id(chunk, dialect.header)
        self.line: tuple[int, str] | None = chunk[0]
        self.seats: dict[str, f.Seat] = {}
        self.names: list[str] = []  # longest first, so "Bob 2" is tried before "Bob"
        self.events: list[f.Event] = []
        self.button_label = 0
        self.hi_lo, self.hole_cards, self.limit = True, 4, "Limit"
        self.symbol, self.scale, self.stakes = "", 1, (0, 0)
        self.symbol_after = False
        self.board: list[Card] = []
        self.fields: list[tuple[str, object]] = []
        self.summary_labels: set[int] = set()
        self.won: list[f.Won] = []
        self.total: int | None = None
        self.total_line: tuple[int, str] | None = None
        self.take = 0
        self.jackpot = 0  # the fees after the rake ("| Jackpot $0.01"), a part of the take
        self.summary_board: tuple[Card, ...] | None = None
        self.trailing: list[tuple[int, str]] = []  # text after the summary that is not part of the hand

    # --- the header -----------------------------------------------------------------------------------------

    def read(self) -> HandRecord:
        header = self.dialect.header.match(self.lines[0][1])
        if header is None:
            self.fail(f"expected a hand header {self.dialect.example}")
        read_header = self.dialect.read_header or HandReader._header
        read_header(self, header["prefix"], header["rest"])
        if len(self.lines) < 2:
            self.fail("the hand ends after its header")
        self.line = self.lines[1]
        position = 1
        if self.dialect.table is not None:
            table = self.dialect.table.match(self.lines[1][1])
            if table is None:
                self.fail("expected the table line (\"Table '...' N-max Seat #N is the button\")")
            self.fields.append(("table", table["table"]))
            if table["max"]:
                self.fields.append(("max_seats", int(table["max"])))
            if table["play"]:
                self.fields.append(("play_money", True))
            self.button_label = int(table["button"])
            position = 2
        while position < len(self.lines) and (seat := self.dialect.seat.match(self.lines[position][1])) is not None:
            self.line = self.lines[position]
            self.seat(self.seats, int(seat["label"]), seat["name"], self.amount(seat["stack"]))
            position += 1
        if len(self.seats) < 2:
            self.fail("a hand needs at least two seated players")
        phase = "posts"
        for at in range(position, len(self.lines)):
            line = self.line = self.lines[at]
            if phase != "summary":
                phase = self.event_line(line, phase)
            elif not self._summary_line(line[1]):
                self.trailing = self.lines[at:]  # a note after the hand, with no blank line between
                break
        self.line = None
        if phase != "summary":
            self.line = self.lines[-1]
            self.fail("the hand is cut short: it ends before its summary")
        if self.total is None:
            self.fail("the hand is cut short: its summary has no 'Total pot ... | Rake ...' line")
        return self.build()

    def build(self) -> HandRecord:
        """The record of the facts read, through the one builder."""
        game = f.Game(self.hi_lo, self.hole_cards, self.limit, self.stakes, self.scale, self.symbol, self.symbol_after)
        summary = f.Summary(
            self.total,
            self.total_line,
            self.take,
            self.summary_board,
            frozenset(self.summary_labels),
            tuple(self.won),
            total_after_take=self.dialect.total_after_take,
            total_with_returned=self.dialect.won_includes_returned,
            jackpot=self.jackpot,
        )
        return build_record(
            f.HandFacts(
                self.source,
                self.id,
                self.lines[0],
                game,
                tuple(self.seats.values()),
                self.button_label,
                tuple(self.events),
                tuple(self.board),
                summary,
                tuple(self.fields),
                won_includes_returned=self.dialect.won_includes_returned,
                hero=self.hero,
            )
        )

    def _header(self, prefix: str, rest: str) -> None:
        dated = _DATE.search(rest)  # the first " - " before a date: old dates hold a " - " of their own
        if dated is not None:
            body, date = rest[: dated.start()], rest[dated.end() :]
        else:
            body, _, date = rest.rpartition(" - ")
        if not body:
            self.fail("the header has no date after ' - '")
        game = _GAME.search(body)
        if game is None:
            known = "Omaha Hi/Lo and Omaha, limit, pot limit and no limit"
            raise another_game(self.source, self.id, self.line, _game_named(body), known)
        self.hi_lo, self.hole_cards, self.limit = bool(game["hilo"]), 5 if game["five"] else 4, game["limit"]
        self.fields += [("prefix", prefix), ("date", date)] if self.dialect.keeps_prefix else [("date", date)]
        tournament = _TOURNAMENT.match(body)
        if tournament is not None:
            middle, start = tournament["middle"], game.start() - len(f"Tournament #{tournament['t']}, ")
            self.fields += [
                ("tournament", tournament["t"]),
                ("buy_in", middle[:start].strip()),
                ("game", middle[start:].strip()),
                ("level", tournament["level"]),
            ]
            stakes_text = tournament["stakes"]
        else:
            if body.startswith("Tournament"):
                self.fail("cannot read the tournament header (expected '..., Level X (small/big)')")
            opening = body.rfind("(")
            if opening < 0 or not body.endswith(")"):
                self.fail("the header has no stakes in parentheses")
            stakes_text = body[opening + 1 : -1]
            if ", " in stakes_text:  # a mixed game: "8-Game (Omaha Hi/Lo Limit, $2/$4 USD)"
                game_text, _, stakes_text = stakes_text.rpartition(", ")
                self.fields += [("mixed", body[:opening].strip()), ("game", game_text)]
            else:
                self.fields.append(("game", body[:opening].strip()))
        stakes = _STAKES.match(stakes_text)
        if stakes is None:
            self.fail(f"cannot read the stakes {quote(stakes_text)}")
        self.money(stakes["sym"], cents=tournament is None)
        if not self.symbol and tournament is None:  # play money: whole chips, or the decimals it is written with
            self.scale = _unsigned_scale(self.lines[1:])
        if stakes["cur"]:
            self.fields.append(("currency", stakes["cur"]))
        self.read_stakes(stakes_text, stakes["a"], stakes["b"])

    def read_stakes(self, written: str, low: str, high: str) -> None:
        """The header's stakes (``written``; its amounts ``low`` and ``high``): more than nothing, the first no
        more than the second."""
        self.stakes = (self.amount(low), self.amount(high))
        if not 0 < self.stakes[0] <= self.stakes[1]:
            self.fail(f"impossible stakes {quote(written)}")

    def amount(self, text: str) -> int:
        """'$12.50' -> 1250 at scale 100; '1,500' -> 1500 at scale 1."""
        chips = to_chips(text, self.scale, self.symbol)
        if isinstance(chips, str):
            self.fail(chips)
        return chips

    def cards(self, text: str) -> tuple[Card, ...]:
        try:
            return parse_cards(text)
        except EngineError as error:
            self.fail(str(error))

    # --- the lines of the hand ------------------------------------------------------------------------------

    def betting(self, name: str, act: re.Match[str]) -> None:
        """A betting action, by ``act``'s groups: ``quiet`` (folds or checks), ``call`` or ``bet`` (the amount
        added), else ``to`` (a raise's total: "raises $2 to $4")."""
        if act["quiet"]:
            self.add(f.Acted, name, FOLD if act["quiet"] == "folds" else CHECK)
        elif act["call"]:
            self.add(f.Acted, name, CALL, self.amount(act["call"]), ADDS)
        elif act["bet"]:
            self.add(f.Acted, name, WAGER, self.amount(act["bet"]), ADDS)
        else:
            by = act.groupdict().get("by")
            increment = None if by is None else self.amount(by)
            self.add(f.Acted, name, WAGER, self.amount(act["to"]), TOTALS, increment, self.dialect.raise_by)

    def uncalled(self, text: str, pattern: re.Pattern[str]) -> bool:
        """Whether ``text`` is an "Uncalled bet ... returned to NAME" line (``pattern``'s groups ``amount`` and
        ``name``, a seated player); if it is, the bet is returned."""
        uncalled = pattern.match(text)
        if uncalled is None:
            return False
        if uncalled["name"] not in self.seats:
            self.fail(f"no seated player is called {quote(uncalled['name'])}")
        self.add(f.Returned, uncalled["name"], self.amount(uncalled["amount"]))
        return True

    def collected(self, text: str, pattern: re.Pattern[str], example: str) -> bool:
        """Whether ``text`` is a "NAME collected ..." line (the rest matching ``pattern``'s groups ``amount``,
        ``pot`` and ``n``; ``example`` the amount and pots the refusal of another names); if it is, what the
        player collects."""
        collected = self.who(text, (" collected ",))
        if collected is None:
            return False
        match = pattern.match("collected " + collected[1])
        if match is None:
            self.fail(f"expected 'NAME collected {example}")
        self.collect(collected[0], self.amount(match["amount"]), match["pot"], match["n"])
        return True

    def event_line(self, line: tuple[int, str], phase: str) -> str:
        """Take in one line of the hand before its summary; the phase after it (the street, "showdown",
        "summary")."""
        text = line[1]
        if _UNSUPPORTED.match(text):  # before the markers: "*** FIRST FLOP ***" is one
            self.fail("not supported: run-it-twice boards, cash-outs and cancelled hands")
        if text.startswith("*** "):
            return self._marker(text, phase)
        if _CHAT.match(text):
            return phase
        if self.dialect.harmless is not None and self.dialect.harmless.match(text):
            return phase
        if self.collected(text, _COLLECTED, "$X from pot' (or main pot, side pot, side pot-N)"):
            return phase
        acting = self.who(text, (self.dialect.separator,))
        if acting is not None:
            self._player_line(acting[0], acting[1], phase)
            return phase
        if self.uncalled(text, _UNCALLED):
            return phase
        if text.startswith("Dealt to "):
            dealt = self.who(text[len("Dealt to ") :] + " ")
            if dealt is None:
                self.fail("'Dealt to' names no seated player")
            if dealt[1].strip():
                cards = dealt[1].strip()
                if not (cards.startswith("[") and cards.endswith("]")):
                    self.fail("expected 'Dealt to NAME [cards]'")
                self.dealt_to(dealt[0], self.cards(cards[1:-1].replace("] [", " ")))
            return phase
        if _HARMLESS.match(text):
            return phase
        self.fail("unrecognised line")

    def _marker(self, text: str, phase: str) -> str:
        if text == "*** HOLE CARDS ***":
            if phase != "posts":
                self.fail("a second '*** HOLE CARDS ***'")
            return "1"
        if text == "*** SUMMARY ***":
            if phase == "posts":
                self.fail("the summary comes before '*** HOLE CARDS ***'")
            return "summary"
        if text in ("*** SHOW DOWN ***", "*** SHOWDOWN ***"):
            if phase in ("posts", "showdown"):
                self.fail("the showdown comes before the cards are dealt, or twice")
            return "showdown"
        match = _STREET.match(text)
        if match is None:
            self.fail("unrecognised '***' line")
        street = _STREETS[match["street"]]
        if phase != str(street - 1):
            self.fail(f"the {match['street'].lower()} is out of order")
        old = self.cards(match["old"])
        new = self.cards(match["new"]) if match["new"] is not None else ()
        if street == 2:
            old, new = (), old
        if list(old) != self.board:
            self.fail(f"the {match['street'].lower()} does not follow the board {format_cards(self.board)!r}")
        if (wrong := wrong_street_cards(match["street"], new)) is not None:
            self.fail(wrong)
        self.board += new
        self.add(f.Street, street)
        return str(street)

    def _player_line(self, name: str, rest: str, phase: str) -> None:
        post = self.dialect.post.match(rest)
        if post is not None:
            if phase != "posts":
                self.fail("a blind or ante posted after the cards were dealt")
            self.add(
                f.Posted, name, self.dialect.post_kinds[post["kind"]], self.amount(post["amount"]), bool(post["all_in"])
            )
            return
        if phase == "posts":
            if _IGNORED_ACTS.match(rest):
                return
            self.fail("an action before '*** HOLE CARDS ***'")
        act = _ACT.match(rest)
        if act is not None:
            if phase == "showdown":
                self.fail("a betting action after the showdown began")
            if act["cards"]:
                self.add(f.Cards, name, self.cards(act["cards"]))
            self.betting(name, act)
            return
        shows = _SHOWS.match(rest)
        if shows is not None:
            self.show(name, self.cards(shows["cards"]))
        elif rest == "mucks hand":
            self.add(f.Revealed, name)
        elif not _IGNORED_ACTS.match(rest):
            self.fail(f"unrecognised action of {quote(name)}")

    def _summary_line(self, text: str) -> bool:
        """Take in one line of the summary; False when it is not one (the hand ended before it)."""
        total = self.dialect.total.match(text)
        if total is not None:
            self.total, self.total_line = self.amount(total["total"]), self.line
            self.jackpot = sum(self.amount(fee["amount"]) for fee in _FEE.finditer(total["fees"]))
            self.take = (self.amount(total["rake"]) if total["rake"] else 0) + self.jackpot
            return True
        if text.startswith(("Board [", "Board: [")) and text.endswith("]"):  # Full Tilt: "Board: [...]"
            self.summary_board = self.cards(text.partition("[")[2][:-1])
            return True
        if text.startswith("Seat "):
            label_text, _, rest = text[5:].partition(": ")
            if not label_text.isdigit():
                self.fail("expected a summary line 'Seat N: ...'")
            label = int(label_text)
            seat = next((s for s in self.seats.values() if s.label == label), None)
            if seat is None:
                if _SUMMARY_CARDS.search(rest):
                    self.fail(f"the summary shows cards for seat {label}, where nobody with chips sits")
                return True
            self.summary_labels.add(label)
            after = rest[len(seat.name) :] if rest.startswith(seat.name) else rest
            shown = _SUMMARY_CARDS.search(after)
            if shown is not None:
                self.add(f.Cards, seat.name, self.cards(shown["cards"]))
            assert self.line is not None
            won = sum(self.amount(match["amount"]) for match in self.dialect.won.finditer(after))
            self.won.append(f.Won(self.line, label, won))
            return True
        if _UNSUPPORTED.match(text):
            self.fail("not supported: run-it-twice boards")
        return False
