"""What every text site's parser that is not PokerStars-shaped shares (PartyPoker, 888, Bovada, Everleaf,
OnGame, Absolute): finding each hand by its header line, passing over the text around the hands in one note,
reading amounts and cards, and saying where a line is wrong (with PokerStars' reader, `HandLines`: what every
text reader does at the line it reads). Each site's parser is a `SiteHand` that reads one
hand's lines into the facts (`engine.history.facts`) and hands them to the one builder; it decides no rule.

A hand starts at its header line (or at a line the site writes just before it, such as 888's and PartyPoker's
``#Game No : N``) and runs to the next blank line or the next hand. A reading error is a `HistoryError` naming
the source, the hand and the line; a hand of another game is an `OtherGame`; reading never raises.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from decimal import Decimal
from typing import Any, NoReturn

import attrs

from engine.cards import Card, format_cards, parse_cards
from engine.errors import EngineError, HistoryError, NotAHistory, OtherGame
from engine.history import facts as f
from engine.history.building import build_record, place
from engine.history.grammar import CURRENCY_SIGNS
from engine.history.record import HandRecord, Hands
from engine.validate import quote

Numbered = tuple[int, str]
_NUMBER = re.compile(r"^\d{1,15}(?:\.\d{1,6})?$")
STREETS = {"flop": (2, 3), "turn": (3, 1), "river": (4, 1)}  # a street's betting round and its new board cards


def wrong_street_cards(word: str, new: Sequence[Card]) -> str | None:
    """The refusal of a street's new board cards when they are not as many as the street deals (a flop three,
    a turn or a river one), else None: the one rule every reader of a board says it by."""
    count = STREETS[word.lower()][1]
    if len(new) == count:
        return None
    shown = f" ({format_cards(new)!r})" if new else ""
    return f"a {word.lower()} is {'three cards' if count == 3 else 'one card'}, not {len(new)}{shown}"


@attrs.frozen(slots=True)
class TextSite:
    """One site's text: its name, its header line (group ``id``), how messages describe that header, lines the
    site writes just before a header that belong to the hand (passed over quietly), and its hand parser."""

    site: str
    header: re.Pattern[str]
    example: str
    hand: Callable[[str, str, list[Numbered]], SiteHand]
    before: re.Pattern[str] | None = None


class HandLines:
    """What every text reader does at the line it is reading, PokerStars' `HandReader` (and its dialects) as the
    other text sites' `SiteHand`: refuse the line (`fail`), add a fact there (`add`), check a seat line's
    player (`seat`), find the player a line starts with (`who`), and the facts every site writes alike in its
    own words: cards shown or mucked face up at the showdown (`show`), and what a player collects from which
    pot (`collect`)."""

    source: str
    id: str
    line: Numbered | None
    events: list[f.Event]
    names: list[str]  # the players, longest name first, so that 'Ann B' is tried before 'Ann'
    hero: str | None = None  # the player the log was written for: the first one a "Dealt to" line names
    fields: list[tuple[str, object]]
    symbol: str  # the currency sign the amounts are written with ("" for chips)
    scale: int  # chips per unit written: 100 for money in cents, else 1

    def money(self, symbol: str, cents: bool = True) -> None:
        """The hand's amounts are written with the currency ``symbol`` (none: chips): read in cents (not when
        ``cents`` is False: a tournament's chips written with a sign, as PokerStars' dialects keep it); the
        record names the symbol."""
        self.symbol, self.scale = symbol, 100 if symbol and cents else 1
        if symbol:
            self.fields.append(("symbol", symbol))

    def dealt_to(self, name: str, cards: tuple[Card, ...], *more: object) -> None:
        """A "Dealt to" line: ``name`` holds ``cards`` (``more``: `f.Cards`'s ``dealt``), and the first player
        such a line names is the hero, the one the log was written for (every text site writes it for the hero
        alone; PokerStars text this engine writes puts the hero's first)."""
        self.add(f.Cards, name, cards, *more)
        if self.hero is None:
            self.hero = name

    def fail(self, message: str) -> NoReturn:
        raise HistoryError(place(self.source, self.id, self.line) + message, source=self.source, hand_id=self.id)

    def add(self, event: type[f.Event], *args: object) -> None:
        """An event of the hand at the line being read."""
        assert self.line is not None
        self.events.append(event(self.line, *args))  # type: ignore[arg-type]

    def seat(self, seats: dict[str, f.Seat], label: int, name: str, stack: int) -> None:
        """A seat line's player, into ``seats``: a seat number or a player listed twice is refused (the one rule
        of every text site's seat list); ``names`` follows, longest first."""
        if name in seats or any(s.label == label for s in seats.values()):
            self.fail(f"seat {label} or player {quote(name)} is listed twice")
        seats[name] = f.Seat(label, name, stack)
        self.names = sorted(seats, key=len, reverse=True)

    def who(self, text: str, gaps: tuple[str, ...] = (" ",)) -> tuple[str, str] | None:
        """(the player, the rest) of a line that starts with a seated player's name and one of ``gaps``; the
        longest name first, so that 'Ann B folds' is Ann B's."""
        for name in self.names:
            for gap in gaps:
                if text.startswith(name + gap):
                    return name, text[len(name) + len(gap) :]
        return None

    def show(self, name: str, cards: tuple[Card, ...], *, muck: bool = False) -> None:
        """``name`` shows ``cards`` at the showdown, or mucks them face up (``muck``): the cards are known either
        way, and the builder tells a show from a muck by how many cards the `Revealed` fact counts (none)."""
        self.add(f.Cards, name, cards)
        self.add(f.Revealed, name, 0 if muck else len(cards))

    def collect(self, name: str, chips: int, pot: str | None, number: str | None = None) -> None:
        """``name`` collects ``chips`` from the pot the line names (``pot``): the whole pot when it names none or
        just 'pot', the main pot, or a side pot by its ``number`` (the first when the site writes none)."""
        self.add(
            f.Collected, name, chips, None if pot in (None, "pot") else 0 if pot == "main pot" else int(number or 1)
        )


class SiteHand(HandLines):
    """One hand's lines being read into facts; a site's parser subclasses it and writes `facts`."""

    site = ""

    def __init__(self, source: str, id: str, lines: list[Numbered]) -> None:
        self.source, self.id, self.lines = source, id, lines
        self.line: Numbered | None = lines[0]
        self.scale, self.symbol = 1, ""
        self.events: list[f.Event] = []
        self.fields: list[tuple[str, object]] = []
        self.board: list[Card] = []
        self.street = 1  # the betting round being read: 1 preflop ... 4 river
        self.opening: list[Numbered] = []  # the lines the site writes just before the header (`TextSite.before`)
        self.names: list[str] = []  # the players, longest name first (`seat`)

    def facts(self) -> f.HandFacts:
        raise NotImplementedError

    def record(self) -> HandRecord:
        return build_record(self.facts())

    def other_game(self, game: str) -> NoReturn:
        raise OtherGame(
            place(self.source, self.id, self.lines[0]) + f"not an Omaha hand ({game}): the {self.site} "
            "reader knows Omaha hi-lo and Omaha",
            game=game,
            source=self.source,
            hand_id=self.id,
        )

    def amount(self, text: str) -> int:
        """'$12.50' -> 1250 at scale 100; '1,500' -> 1500 at scale 1; "USD" and the like after it allowed."""
        digits = text.strip().removesuffix(" USD").removesuffix(" EUR").removesuffix(" GBP").strip()
        chips = to_chips(digits, self.scale, self.symbol)
        if isinstance(chips, str):
            self.fail(chips.replace(quote(digits), quote(text)))
        return chips

    def hand_facts(
        self, game: f.Game, seats: Iterable[f.Seat], button: int, summary: f.Summary, **more: Any
    ) -> f.HandFacts:
        """The facts of the hand read: its place, events, board and fields as read, with ``game``, ``seats``, the
        ``button``'s seat label, the ``summary`` and what else the site says (``more``: `f.HandFacts`'s
        keywords, such as the board when it is not the one dealt)."""
        board = more.pop("board", tuple(self.board))
        more.setdefault("hero", self.hero)
        return f.HandFacts(
            self.source,
            self.id,
            self.lines[0],
            game,
            tuple(seats),
            button,
            tuple(self.events),
            board,
            summary,
            tuple(self.fields),
            **more,
        )

    def read_seats(
        self, at: int, pattern: re.Pattern[str], stack: Callable[[str], int] | None = None, example: str = ""
    ) -> tuple[dict[str, f.Seat], int, list[re.Match[str]]]:
        """The seat lines from line ``at`` on, each matching ``pattern`` (groups ``label``, ``name`` and
        ``stack``, read by ``stack``, else as an amount): the seats, the line after them and the lines' matches.
        A hand needs two seated players (``example`` shows a seat line in the refusal)."""
        lines = self.lines
        seats: dict[str, f.Seat] = {}
        found: list[re.Match[str]] = []
        while at < len(lines) and (seat := pattern.match(lines[at][1])) is not None:
            self.line = lines[at]
            self.seat(seats, int(seat["label"]), seat["name"], (stack or self.amount)(seat["stack"]))
            found.append(seat)
            at += 1
        if len(seats) < 2:
            self.line = lines[min(at, len(lines) - 1)]
            self.fail("a hand needs at least two seated players" + (f" ({example})" if example else ""))
        return seats, at, found

    def cards(self, text: str) -> tuple[Card, ...]:
        try:
            return parse_cards(text.replace(",", " "))
        except EngineError as error:
            self.fail(str(error))

    def walk(self, lines: list[Numbered], read: Callable[[str], None]) -> None:
        """Each line read in turn by ``read``, the line at hand for refusals; then the hand's last line."""
        for line in lines:
            self.line = line
            read(line[1])
        self.line = self.lines[-1]

    def dealt_line(self, text: str, pattern: re.Pattern[str], *, face_up: bool = False) -> bool:
        """Whether ``text`` is a "Dealt to" line (``pattern``'s groups ``rest``, a seated player, and ``cards``);
        if it is, the player's cards are known (``face_up``: dealt face up, as the site shows every hand)."""
        dealt = pattern.match(text)
        if dealt is None:
            return False
        if dealt["rest"] not in self.names:
            self.fail("'Dealt to' names no seated player")
        self.dealt_to(dealt["rest"], self.cards(dealt["cards"]), *((True,) if face_up else ()))
        return True

    def post(self, name: str, kind: str, chips: int, *more: object) -> None:
        """A forced bet: posted before the betting began, or refused (the one place every text site says so)."""
        if self.street != 1 or any(isinstance(event, f.Acted) for event in self.events):
            self.fail("a blind posted after the betting began")
        self.add(f.Posted, name, kind, chips, *more)

    def street_line(self, text: str, pattern: re.Pattern[str]) -> bool:
        """Whether ``text`` is a street's line (``pattern``'s groups ``street``, the flop, turn or river in any
        case, and ``cards``, the new cards); if it is, the street is dealt."""
        street = pattern.match(text)
        if street is None:
            return False
        self.deal_street(street["street"], self.cards(street["cards"]))
        return True

    def deal_street(self, word: str, cards: tuple[Card, ...]) -> None:
        """The ``word`` street (flop, turn or river, in any case) begins with its new board ``cards``: in
        order, onto the board, and a `Street` fact; a street out of order or with the wrong number of cards is
        refused."""
        number = STREETS[word.lower()][0]
        if number != self.street + 1:
            self.fail(f"the {word.lower()} is out of order")
        if (wrong := wrong_street_cards(word, cards)) is not None:
            self.fail(wrong)
        self.street = number
        self.board += cards
        self.add(f.Street, number)


def to_chips(text: str, scale: int, symbol: str = "") -> int | str:
    """Whole chips of an amount as the text sites write it ('$12.50' is 1250 at scale 100, '1,500' is 1500 at
    scale 1), or the refusal's words: the one reading of a text amount."""
    digits = text.lstrip(CURRENCY_SIGNS + symbol).replace(",", "")
    if not _NUMBER.match(digits):
        return f"cannot read the amount {quote(text)}"
    value = Decimal(digits) * scale
    if value != value.to_integral_value():
        return f"the amount {quote(text)} is not a whole number of chips (scale {scale})"
    return int(value)


def currency_sign(amount: str) -> str:
    """The currency sign ``amount`` starts with ('$12.50': '$'), or '' for chips: what money a game is in."""
    return amount[:1] if amount[:1] in CURRENCY_SIGNS else ""


def read_text_site(text: str, source: str, site: TextSite) -> Hands:
    """Every hand of ``site`` in ``text``, each a record or the `HistoryError` that kept it from being read; the
    text around the hands is passed over in one note; a text without a hand is one error. Never raises."""
    where = source or "<text>"
    if not isinstance(text, str):
        return Hands(
            [HistoryError(f"{where}: {site.site} text must be a str, got {type(text).__name__}", source=source)]
        )
    out: list[HandRecord | HistoryError] = []
    passed_over: list[Numbered] = []
    for chunk, other in _chunks(text, site):
        if other:
            passed_over += chunk
            continue
        out.append(_read_hand(chunk, source, site))
    return hands_in_text(out, passed_over, source, f"a {site.site} hand starts with a line {site.example}")


def hands_in_text(
    out: list[HandRecord | HistoryError], passed_over: list[Numbered], source: str, expected: str
) -> Hands:
    """A text reader's answer: its hands, with one note on the lines passed over between them; a text without a
    hand is `NotAHistory` saying how a hand starts (``expected``)."""
    where = source or "<text>"
    if not out:
        other_text = f" ({len(passed_over)} lines of other text)" if passed_over else ""
        return Hands([NotAHistory(f"{where}: no hand found{other_text}: {expected}", source=source)])
    notes = []
    if passed_over:
        first = passed_over[0]
        notes.append(
            f"{where}: passed over {len(passed_over)} line{'s' if len(passed_over) > 1 else ''} that "
            f"are not part of a hand (the first: line {first[0]} {quote(first[1])})"
        )
    return Hands(out, notes)


def _read_hand(chunk: list[Numbered], source: str, site: TextSite) -> HandRecord | HistoryError:
    header = next(line for line in chunk if site.header.match(line[1]))
    match = site.header.match(header[1])
    assert match is not None
    hand_id = match["id"]
    start = chunk.index(header)
    try:
        hand = site.hand(source, hand_id, chunk[start:])
        hand.opening = chunk[:start]
        return hand.record()
    except HistoryError as error:
        return error
    except EngineError as error:
        return HistoryError(place(source, hand_id, header) + str(error), source=source, hand_id=hand_id)
    except Exception as error:  # a reader must never die on input; the message says it is a bug
        return HistoryError(
            place(source, hand_id, header) + f"internal error while reading ({type(error).__name__}: "
            f"{quote(str(error))})",
            source=source,
            hand_id=hand_id,
        )


def _chunks(text: str, site: TextSite) -> Iterator[tuple[list[Numbered], bool]]:
    """(lines, is other text): each hand from its header (and the lines a site writes just before it) to the
    next blank line or hand; the other lines in between."""
    lines = [(number, raw.replace("\ufeff", "").strip()) for number, raw in enumerate(text.splitlines(), start=1)]
    hand: list[Numbered] = []
    other: list[Numbered] = []
    opening: list[Numbered] = []  # lines that come before a header (888's "#Game No : N")
    in_hand = False
    for number, line in lines:
        if site.header.match(line):
            if hand:
                yield hand, False
            if other:
                yield other, True
            hand, other, in_hand = [*opening, (number, line)], [], True
            opening = []
            continue
        if site.before is not None and site.before.match(line):
            if hand:
                yield hand, False
                hand, in_hand = [], False
            opening.append((number, line))
            continue
        if opening:
            if not line:
                continue
            other += opening  # a preamble with no hand after it
            opening = []
        if not line:
            if hand:
                yield hand, False
            hand, in_hand = [], False
            continue
        if in_hand:
            hand.append((number, line))
        else:
            other.append((number, line))
    if hand:
        yield hand, False
    other += opening
    if other:
        yield other, True
