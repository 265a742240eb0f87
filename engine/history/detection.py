"""Which format a history's text is in, from its content (a file's name is only a hint for text that says
nothing, such as an empty file): PHH (TOML), OHH (JSON), or a site's text or XML whose signature
`engine.history.formats` lists; and for the others (other sites' text and XML) which one it looks like, so the
answer is "not supported", never a PokerStars reader's complaint about a missing header."""

from __future__ import annotations

import re
from pathlib import Path

from engine.history.formats import FORMATS

PHH, OHH, POKERSTARS = "phh", "ohh", "pokerstars"

_JSON = re.compile(r"\{|\[\s*\{")  # an object, or an array of objects (a .phhs starts "[1]", not "[{")
_PHH_KEY = re.compile(r"^[ \t]*variant[ \t]*=", re.M)
_TEXT_SITES = tuple((f.key, f.signature) for f in FORMATS if f.signature is not None and not f.xml)
_XML_SITES = tuple((f.key, f.signature) for f in FORMATS if f.signature is not None and f.xml)
_XML_NAMES = [f.title for f in FORMATS if f.xml]
_XML_TITLES = ", ".join(_XML_NAMES[:-1]) + " and " + _XML_NAMES[-1]
_SITES = tuple(
    (name, re.compile(pattern, re.M))
    for name, pattern in (("PartyPoker (e-mailed, with a summary)", r"^\W*\*+ Hand History For Game \d+"),)
)
_HAND_MARKERS = re.compile(
    r"^[^\w`'\"]*(?:\*{2,3} ?(?:HOLE CARDS|SUMMARY|SHOW ?DOWN|FLOP|Dealing Flop)\b.*|Dealt to \S.*)$", re.M | re.I
)  # what any site's text hand has, whoever wrote it; a marker in quotes or backticks is prose about hands (a README)
_XML = re.compile(r"(?:<\?xml[^>]*\?>\s*)?(?:<!--.*?-->\s*)*<(?P<root>[A-Za-z_][\w.-]*)", re.S)
_OPENING = 65536  # a PHH file's first hand, or another site's first header, is in its first characters
_SUFFIXES = {".phh": PHH, ".phhs": PHH, ".ohh": OHH}


class Unsupported(Exception):
    """The text is a hand history in a format this engine does not read; the message names the format."""


def detect_format(path: Path | str | None, text: str) -> str:
    """The key in `engine.history.formats` of the text's format; raises `Unsupported` naming the format of
    another site's text or XML export. Text that looks like nothing (empty, prose) goes by the file's
    suffix, else to the PokerStars reader, which finds hands inside other text and says when there are none."""
    head = text.lstrip("\ufeff \r\n\t")[:200]
    if _JSON.match(head):
        return OHH
    xml = _XML.match(head) if head.startswith("<") else None
    opening = text[:_OPENING]
    if xml is not None:
        for key, signature in _XML_SITES:
            if signature.search(opening):
                return key
        raise Unsupported(
            f"XML (root element <{xml['root']}>) that is none of the XML hand histories this engine reads "
            f"(the exports of {_XML_TITLES}; another site's, or no hand history at all)"
        )
    if _PHH_KEY.search(opening):
        return PHH
    for key, signature in _TEXT_SITES:
        if signature.search(text):  # anywhere: hands may follow a long forum post
            return key
    for site, signature in _SITES:
        if signature.search(opening):
            raise Unsupported(f"a {site} hand history")
    marker = _HAND_MARKERS.search(opening)
    if marker is not None:
        raise Unsupported(
            f"a hand history of a site this engine does not know (it has {marker[0].strip()!r} but no "
            "header of a site it knows, such as 'PokerStars Hand #')"
        )
    suffix = Path(path).suffix.lower() if path is not None else ""
    return _SUFFIXES.get(suffix, POKERSTARS)
