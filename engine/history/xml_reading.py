"""What the XML hand-history readers (iPoker, Merge, Microgaming, Boss Media) share: the document parsed once,
safely, with each element's line; amounts as those sites write them; one hand at a time into `Hands`.

Parsing uses the standard library (expat, building `xml.etree.ElementTree` elements) with defusedxml's care:
a document type declaration or an entity declaration is refused before anything is expanded (a "billion
laughs" file is one `HistoryError`, never a machine out of memory), and so is an external entity. A file may
hold several top-level elements (Merge writes a ``<description>`` and then ``<game>`` after ``<game>``; exports
concatenate sessions), so the text is read inside a root of its own. A malformed or truncated file is one
`HistoryError` naming the file, the line and what is wrong; a file cut short is read up to the cut, its
last hand refused as cut short.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Callable, Iterable, Iterator
from decimal import Decimal, InvalidOperation
from functools import partial
from typing import Any, NoReturn
from xml.parsers import expat

from engine.cards import Card
from engine.errors import EngineError, HistoryError, NotAHistory
from engine.history import facts as f
from engine.history.building import build_record, place
from engine.history.facts import Line
from engine.history.record import HandRecord, Hands
from engine.validate import quote

_DECLARATION = re.compile(r"\A\ufeff?\s*<\?xml[^>]*\?>")
_FORBIDDEN = re.compile(r"<!(DOCTYPE|ENTITY)\b", re.I)
_ROOT = "xml-history-root"


class _Refused(Exception):
    """Raised from an expat handler: the document declares what this reader does not expand."""


class XmlDocument:
    """A parsed XML history: ``root`` holds the file's top-level elements; `line` gives an element's line. A
    file cut short (a download or a copy that stopped) is read up to the cut: ``cut`` says where it ends, and
    ``unclosed`` holds the elements it ends inside (a hand among them is cut short; the hands before are whole)."""

    def __init__(
        self,
        root: ET.Element,
        lines: dict[ET.Element, int],
        text: list[str],
        cut: str | None = None,
        unclosed: frozenset[ET.Element] = frozenset(),
    ) -> None:
        self.root, self._lines, self._text = root, lines, text
        self.cut, self.unclosed = cut, unclosed

    def line(self, element: ET.Element) -> Line:
        """(number, text) of the line the element starts on, for the messages."""
        number = self._lines.get(element, 0)
        text = self._text[number - 1].strip() if 0 < number <= len(self._text) else ""
        return number, text


def parse_xml(text: str, source: str, site: str) -> XmlDocument:
    """The document, or a `HistoryError` saying why the text is not one this reader takes."""
    where = source or "<text>"
    forbidden = _FORBIDDEN.search(text)
    if forbidden is not None:
        number = text.count("\n", 0, forbidden.start()) + 1
        raise HistoryError(
            f"{where}: line {number}: a document type or entity declaration (<!"
            f"{forbidden[1].upper()} ...>) in an XML history: refused, such declarations can expand "
            f"without bound and no {site} history has one",
            source=source,
        )
    declaration = _DECLARATION.match(text)
    body = text
    if declaration is not None:  # kept as blanks so that lines and columns stay the file's
        body = re.sub(r"[^\n]", " ", declaration.group()) + text[declaration.end() :]
    body = body.replace("\ufeff", " ")
    root = ET.Element(_ROOT)
    lines: dict[ET.Element, int] = {}
    stack = [root]
    parser = expat.ParserCreate()
    parser.buffer_text = True
    parser.SetParamEntityParsing(expat.XML_PARAM_ENTITY_PARSING_NEVER)

    def refuse(*_: object) -> None:
        raise _Refused

    def start(tag: str, attributes: dict[str, str]) -> None:
        element = ET.SubElement(stack[-1], tag, attributes)
        lines[element] = parser.CurrentLineNumber
        stack.append(element)

    def end(_: str) -> None:
        stack.pop()

    def characters(data: str) -> None:
        parent = stack[-1]
        if len(parent):
            parent[-1].tail = (parent[-1].tail or "") + data
        else:
            parent.text = (parent.text or "") + data

    parser.StartDoctypeDeclHandler = refuse
    parser.EntityDeclHandler = refuse
    parser.ExternalEntityRefHandler = refuse  # type: ignore[assignment]
    parser.StartElementHandler = start
    parser.EndElementHandler = end
    parser.CharacterDataHandler = characters
    cut: str | None = None
    try:
        parser.Parse(f"<{_ROOT}>", False)
        parser.Parse(body, False)  # an error here is in the text itself; a token cut off at the end is not one yet
        if len(stack) > 2:
            opened = stack[-1]
            cut = f"<{opened.tag}> opened at line {lines[opened]} is never closed (the file ends inside it)"
        else:
            try:
                parser.Parse(f"</{_ROOT}>", True)
            except expat.ExpatError:
                cut = "the file ends inside a tag"
    except _Refused:
        raise HistoryError(
            f"{where}: line {parser.CurrentLineNumber}: a document type or entity declaration in an "
            f"XML history: refused (no {site} history has one)",
            source=source,
        ) from None
    except expat.ExpatError as error:
        column = error.offset + 1 - (len(_ROOT) + 2 if error.lineno == 1 else 0)
        raise HistoryError(
            f"{where}: line {error.lineno}, column {column}: not well-formed XML ({expat.ErrorString(error.code)})",
            source=source,
        ) from None
    return XmlDocument(root, lines, body.splitlines(), cut, frozenset(stack[1:]) if cut else frozenset())


HandReader = Callable[[], HandRecord]
HandsOf = Callable[[XmlDocument, str], Iterable[tuple[str, ET.Element, HandReader]]]


def read_xml_site(text: str, source: str, site: str, hands_of: HandsOf, empty: str) -> Hands:
    """Every hand of one site's XML export: the text parsed (`parse_xml`), ``hands_of`` finding each hand's
    (number, element, reader) in the document, and each read by `read_each`; ``empty`` says what the site's
    file holds when it holds no hand."""
    try:
        doc = parse_xml(text, source, site)
    except HistoryError as error:
        return Hands([error])
    return read_each(doc, source, list(hands_of(doc, source)), empty)


def read_hand(hand: Callable[..., HandPlace], *args: object) -> HandRecord:
    """The record of one hand: a site's `HandPlace` made of ``args`` (its document, source, elements and
    number), built; made only when the hand is read, so that `read_each` reports what goes wrong."""
    place = hand(*args)
    return place.record()


def found(
    hand: Callable[..., HandPlace], doc: XmlDocument, source: str, element: ET.Element, key: str, *context: object
) -> tuple[str, ET.Element, HandReader]:
    """A hand found in the document, as a site's `HandsOf` gives it: its number (``element``'s ``key``
    attribute, '?' when it has none), its element, and its reader: ``hand(doc, source, element, number,
    *context)`` read by `read_hand` (``context``: what the site reads the hand with, as iPoker's <general>)."""
    hand_id = element.get(key) or "?"
    return hand_id, element, partial(read_hand, hand, doc, source, element, hand_id, *context)


def hands_by_tag(tag: str, key: str, hand: Callable[..., HandPlace]) -> HandsOf:
    """A site's `HandsOf` where each hand is an element ``tag`` anywhere in the document, numbered by its ``key``
    attribute and read on its own by a ``hand(doc, source, element, hand_id)`` (Microgaming, Boss Media)."""

    def hands_of(doc: XmlDocument, source: str) -> Iterator[tuple[str, ET.Element, HandReader]]:
        for element in doc.root.iter(tag):
            yield found(hand, doc, source, element, key)

    return hands_of


def read_each(doc: XmlDocument, source: str, hands: Iterable[tuple[str, ET.Element, HandReader]], empty: str) -> Hands:
    """Every hand, each read by its own function: the record, or the `HistoryError` that kept it from being read
    (reading goes on, and never dies on input: anything else is reported as an internal error at the hand). A
    hand the file ends inside is refused as cut short; the whole hands before it are read. A text without a
    hand is `NotAHistory` (a README in a folder of exports is passed over), or the cut when it was cut short."""
    where = source or "<text>"
    out: list[HandRecord | HistoryError] = []
    for hand_id, element, read in hands:
        line = doc.line(element)
        if element in doc.unclosed:
            out.append(
                HistoryError(
                    place(source, hand_id, line) + f"the hand is cut short: the XML is cut short: {doc.cut}",
                    source=source,
                    hand_id=hand_id,
                )
            )
            continue
        try:
            out.append(read())
        except HistoryError as error:
            out.append(error)
        except EngineError as error:
            out.append(HistoryError(place(source, hand_id, line) + str(error), source=source, hand_id=hand_id))
        except Exception as error:  # a reader must never die on input; the message says it is a bug
            out.append(
                HistoryError(
                    place(source, hand_id, line) + f"internal error while reading "
                    f"({type(error).__name__}: {quote(str(error))})",
                    source=source,
                    hand_id=hand_id,
                )
            )
    if doc.cut is not None and not any(element in doc.unclosed for _, element, _ in hands):
        if not out:
            return Hands([HistoryError(f"{where}: the XML is cut short: {doc.cut}", source=source)])
        return Hands(out, [f"{where}: the XML is cut short after its last hand: {doc.cut}"])
    if not out:
        return Hands([NotAHistory(f"{where}: no hand found: {empty}", source=source)])
    return Hands(out)


class HandPlace:
    """One XML hand being read into facts: where the reading is (its source, id and the line at hand, for
    `fail`), the events and fields read so far (the ``site`` first), the players its seat list names
    (`listed`), and `build`, which hands them to the one builder."""

    def __init__(self, source: str, hand_id: str, doc: XmlDocument, element: ET.Element, site: str = "") -> None:
        self.source, self.id, self.doc, self.element = source, hand_id, doc, element
        self.line: Line = doc.line(element)
        self.events: list[f.Event] = []
        self.fields: list[tuple[str, object]] = [("site", site)] if site else []
        self.seated: dict[int, str] = {}  # every player the seat list names, by seat, dealt in or not
        self.hero: str | None = None  # the player the export was made for (`deals_to`)

    def listed(self, label: int, name: str) -> None:
        """The seat list names ``name`` at seat ``label``: a seat or a player listed twice is refused, the rule
        of every XML site's seat list (the text sites': `engine.history.textsite.HandLines.seat`)."""
        if label in self.seated or name in self.seated.values():
            self.fail(f"seat {label} or player {quote(name)} is listed twice")
        self.seated[label] = name

    def deals_to(self, name: str) -> None:
        """The export deals ``name`` cards it shows: the first such player is the hero, the one it was made for
        (an export deals the hero's cards alone, as a text log's "Dealt to" line does)."""
        if self.hero is None:
            self.hero = name

    def record(self) -> HandRecord:
        raise NotImplementedError

    def build(
        self, game: f.Game, seats: Iterable[f.Seat], button: int, board: Iterable[Card], summary: f.Summary, **more: Any
    ) -> HandRecord:
        """The record of the hand read: its events and fields, with ``game``, ``seats``, the ``button``'s seat
        label, the ``board``, the ``summary`` and what else the site says (``more``: `f.HandFacts`' keywords)."""
        more.setdefault("hero", self.hero)
        facts = f.HandFacts(
            self.source,
            self.id,
            self.doc.line(self.element),
            game,
            tuple(seats),
            button,
            tuple(self.events),
            tuple(board),
            summary,
            tuple(self.fields),
            **more,
        )
        return build_record(facts)

    def at(self, element: ET.Element) -> Line:
        """The element's line, now the one a refusal names."""
        self.line = self.doc.line(element)
        return self.line

    def fail(self, message: str) -> NoReturn:
        raise HistoryError(place(self.source, self.id, self.line) + message, source=self.source, hand_id=self.id)

    def need(self, element: ET.Element, name: str) -> str:
        """An attribute the element must have."""
        value = element.get(name)
        if value is None:
            self.at(element)
            self.fail(f'<{element.tag}> has no {name}="..."')
        return value

    def need_child(self, element: ET.Element, tag: str) -> ET.Element:
        """The child ``tag`` of ``element`` that a hand cannot be read without (Merge's <players>, Microgaming's
        <Gameplay>), or the hand refused at ``element``."""
        child = element.find(tag)
        if child is None:
            self.at(element)
            self.fail(f"the game has no <{tag}>")
        return child

    def amount(self, text: str, scale: int) -> int:
        """Whole chips of an amount as these sites write it: "$1,230.55", "€5", "1 001,24€", "2,50€", "1500"
        (a comma before the last one or two digits, with no point after it, is a decimal comma)."""
        digits = re.sub(r"[^\d.,]", "", text)
        if "," in digits and "." in digits:
            decimal = max(digits.rfind(","), digits.rfind("."))
            whole, part = digits[:decimal], digits[decimal + 1 :]
            digits = re.sub(r"[.,]", "", whole) + "." + part
        elif "," in digits:
            whole, _, part = digits.rpartition(",")
            digits = whole.replace(",", "") + ("." + part if len(part) in (1, 2) else part)
        if not re.fullmatch(r"\d{1,15}(?:\.\d{1,6})?", digits) or not re.search(r"\d", text):
            self.fail(f"cannot read the amount {quote(text)}")
        try:
            value = Decimal(digits) * scale
        except InvalidOperation:
            self.fail(f"cannot read the amount {quote(text)}")
        if value != value.to_integral_value():
            self.fail(f"the amount {quote(text)} is not a whole number of chips (scale {scale})")
        return int(value)

    def number(self, text: str, what: str) -> int:
        if not re.fullmatch(r"-?\d{1,9}", text.strip()):
            self.fail(f"{what} {quote(text)} is not a whole number")
        return int(text)


def children(element: ET.Element, *tags: str) -> Iterator[ET.Element]:
    """The element's children with one of ``tags`` (case as written), in document order."""
    return (child for child in element if child.tag in tags)
