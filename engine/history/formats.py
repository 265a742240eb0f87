"""The history formats this engine reads, in one table: each format's key (``--format``), its name for people,
its reader, and the signature that finds it in a file's content. Detection, `read_history`, the commands'
``--format`` choices and their help all ask this table, so a new site is one parser module and one row here.

Order matters: detection tries the rows top to bottom, so a signature that another site's text could also match
goes below that site's row.
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Callable

import attrs

from engine.history.record import Hands

Reader = Callable[[str, str], Hands]


@attrs.frozen(slots=True)
class Format:
    """One readable format. ``reader`` is "module:function" (imported when first used, so reading one format
    loads no other parser). ``signature`` is searched in the text (multi-line); None for PHH and OHH, which
    detection knows by their syntax (TOML keys, JSON). ``xml``: the signature is looked for in XML files only.
    ``unicode_only``: the format is UTF-8/16 by definition (a Windows-1252 decoding is refused)."""

    key: str
    title: str
    reader: str
    signature: re.Pattern[str] | None = None
    xml: bool = False
    unicode_only: bool = False

    def read(self, text: str, source: str = "") -> Hands:
        """Every hand in ``text`` through this format's parser."""
        module, _, function = self.reader.partition(":")
        read: Reader = getattr(importlib.import_module(module), function)
        return read(text, source)


def _text_site(pattern: str) -> re.Pattern[str]:
    """A text site's header at the start of a line (quoted forum lines, ``> ``, and indentation allowed)."""
    return re.compile(r"^(?:>[ \t]?)*[ \t]*" + pattern, re.M)


FORMATS: tuple[Format, ...] = (
    Format("phh", "PHH", "engine.history.phh:read_phh", unicode_only=True),
    Format("ohh", "OHH", "engine.history.ohh:read_ohh", unicode_only=True),
    Format(
        "pokerstars",
        "PokerStars",
        "engine.history.pokerstars:read_pokerstars",
        _text_site(r"PokerStars\b[^#\n]*?(?:Hand|Game) #"),
    ),
    Format("ggpoker", "GGPoker", "engine.history.ggpoker:read_ggpoker", _text_site(r"Poker Hand #[A-Z]{2}\d+:")),
    Format("acr", "ACR / Winning Poker Network", "engine.history.acr:read_acr", _text_site(r"(?:Game )?Hand #\d+ - ")),
    Format("cake", "Cake Poker", "engine.history.cake:read_cake", _text_site(r"Hand#[A-Z0-9]+ - [^\n]*? -- ")),
    Format(
        "fulltilt",
        "Full Tilt Poker",
        "engine.history.fulltilt:read_fulltilt",
        _text_site(r"Full ?Tilt Poker\b[^#\n]*?(?:Game|Hand) #\d+: "),
    ),
    Format(
        "partypoker",
        "PartyPoker",
        "engine.history.partypoker:read_partypoker",
        _text_site(r"\*{5} Hand History for Game \d+ \*{5}"),
    ),
    Format(
        "ipoker",
        "iPoker",
        "engine.history.ipoker:read_ipoker",
        re.compile(r"<session\s+sessioncode=|<session\b[^>]*>.*?<game\s+gamecode=", re.S),
        xml=True,
    ),
    Format(
        "888",
        "888poker / Pacific",
        "engine.history.pacific:read_pacific",
        _text_site(r"\*{5} (?:888poker|888\.es|Pacific Poker|Cassava) Hand History for Game \d+ \*{5}"),
    ),
    Format("winamax", "Winamax", "engine.history.winamax:read_winamax", _text_site(r"Winamax Poker - ")),
    Format(
        "merge",
        "Merge Network",
        "engine.history.merge:read_merge",
        re.compile(r"<game\s+id=\"\d+-\d+\"\s+starttime="),
        xml=True,
    ),
    Format(
        "microgaming",
        "Microgaming",
        "engine.history.microgaming:read_microgaming",
        re.compile(r"<Game\s+hhversion="),
        xml=True,
    ),
    Format(
        "pkr",
        "PKR",
        "engine.history.pkr:read_pkr",
        _text_site(r"Table #\d+ - [^\n]*\n(?:>[ \t]?)*[ \t]*Starting Hand #\d+[ \t\r]*$"),
    ),
    Format(
        "bossmedia",
        "Boss Media",
        "engine.history.bossmedia:read_bossmedia",
        re.compile(r'<HISTORY\s+ID="\d+"[^>]*?\sGAME="GAME_'),
        xml=True,
    ),
    Format(
        "bovada",
        "Bovada / Ignition / Bodog",
        "engine.history.bovada:read_bovada",
        _text_site(r"(?:Bovada|Ignition|Bodog)\S*(?: UK| Canada)? Hand #C?\d+:? "),
    ),
    Format(
        "everleaf",
        "Everleaf",
        "engine.history.everleaf:read_everleaf",
        _text_site(r"(?:Everleaf Gaming Game #\d+$|\*{5} Hand history for game #\d+ \*{5})"),
    ),
    Format(
        "ongame",
        "OnGame",
        "engine.history.ongame:read_ongame",
        _text_site(r"\*{5} History for hand [A-Z0-9][A-Z0-9-]*(?: \(TOURNAMENT: [^\n]*\))? \*{5}"),
    ),
    Format(
        "absolute",
        "Absolute / UltimateBet",
        "engine.history.absolute:read_absolute",
        _text_site(r"Stage #\d+(?::| Tourney ID \d+)"),
    ),
)

BY_KEY = {format.key: format for format in FORMATS}
CHOICES = ("auto", *BY_KEY)  # ``--format``: "auto" finds the format from the content


def titles() -> str:
    """The formats read, for messages and help: "PHH, OHH, PokerStars, ... and ACR / Winning Poker Network"."""
    names = [format.title for format in FORMATS]
    return ", ".join(names[:-1]) + " and " + names[-1]
