"""Which format a history's text is in, from its content (a file's name is only a hint for text that says
nothing, such as an empty file): PHH (TOML), OHH (JSON), PokerStars, GGPoker or ACR text, the formats this
engine reads; and for the others (XML exports, other sites' text) which one it looks like, so the answer is
"not supported", never a PokerStars reader's complaint about a missing header."""

from __future__ import annotations

import re
from pathlib import Path

PHH, OHH, POKERSTARS, GGPOKER, ACR = "phh", "ohh", "pokerstars", "ggpoker", "acr"
READ = (PHH, OHH, POKERSTARS, GGPOKER, ACR)

_JSON = re.compile(r"\{|\[\s*\{")  # an object, or an array of objects (a .phhs starts "[1]", not "[{")
_PHH_KEY = re.compile(r"^[ \t]*variant[ \t]*=", re.M)
_POKERSTARS = re.compile(r"^(?:>[ \t]?)*[ \t]*PokerStars\b[^#\n]*?(?:Hand|Game) #", re.M)
_GGPOKER = re.compile(r"^(?:>[ \t]?)*[ \t]*Poker Hand #[A-Z]{2}\d+:", re.M)
_ACR = re.compile(r"^(?:>[ \t]?)*[ \t]*(?:Game )?Hand #\d+ - ", re.M)
_SITES = tuple((name, re.compile(pattern, re.M)) for name, pattern in (
    ("Full Tilt", r"^\W*Full ?Tilt Poker\b.*?(?:Game|Hand) #"),
    ("Winamax", r"^\W*Winamax Poker - "),
    ("888 / Pacific", r"^\W*\*+ (?:888poker|888\.es|Pacific Poker|Cassava) Hand History"),
    ("PartyPoker", r"^\W*\*+ Hand History [Ff]or Game \d+|^\W*#Game No ?: ?\d+"),
    ("Bovada / Ignition / Bodog", r"^\W*(?:Bovada|Ignition|Bodog) Hand #"),
    ("Everleaf", r"^\W*Everleaf Gaming Game #"),
    ("OnGame", r"^\W*\*+ History for hand [A-Z0-9-]+"),
    ("Absolute / UltimateBet", r"^\W*Stage #\d+:"),
))
_HAND_MARKERS = re.compile(r"^\W*(?:\*{2,3} ?(?:HOLE CARDS|SUMMARY|SHOW ?DOWN|FLOP|Dealing Flop)\b.*|Dealt to \S.*)$",
                           re.M | re.I)  # what any site's text hand has, whoever wrote it
_XML = re.compile(r"(?:<\?xml[^>]*\?>\s*)?(?:<!--.*?-->\s*)*<(?P<root>[A-Za-z_][\w.-]*)", re.S)
_OPENING = 65536  # a PHH file's first hand, or another site's first header, is in its first characters
_SUFFIXES = {".phh": PHH, ".phhs": PHH, ".ohh": OHH}


class Unsupported(Exception):
    """The text is a hand history in a format this engine does not read; the message names the format."""


def detect_format(path: Path | str | None, text: str) -> str:
    """"phh", "ohh", "pokerstars", "ggpoker" or "acr" for the text; raises `Unsupported` naming the format of
    an XML export or another site's text. Text that looks like nothing (empty, prose) goes by the file's
    suffix, else to the PokerStars reader, which finds hands inside other text and says when there are none."""
    head = text.lstrip("\ufeff \r\n\t")[:200]
    if _JSON.match(head):
        return OHH
    xml = _XML.match(head) if head.startswith("<") else None
    if xml is not None:
        raise Unsupported(f"an XML hand history (root element <{xml['root']}>, as iPoker, Merge, Microgaming and "
                          "Boss Media export)")
    opening = text[:_OPENING]
    if _PHH_KEY.search(opening):
        return PHH
    if _POKERSTARS.search(text):  # anywhere: hands may follow a long forum post
        return POKERSTARS
    if _GGPOKER.search(text):
        return GGPOKER
    if _ACR.search(text):
        return ACR
    for site, signature in _SITES:
        if signature.search(opening):
            raise Unsupported(f"a {site} hand history")
    marker = _HAND_MARKERS.search(opening)
    if marker is not None:
        raise Unsupported(f"a hand history of a site this engine does not know (it has {marker[0].strip()!r} but no "
                          "header of a site it knows, such as 'PokerStars Hand #')")
    suffix = Path(path).suffix.lower() if path is not None else ""
    return _SUFFIXES.get(suffix, POKERSTARS)
