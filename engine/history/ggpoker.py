"""GGPoker text hand histories (and its skins, Natural8 and others, which write the same text): GG writes
PokerStars' format under its own header, so this reader is that format's parser with GG's `Dialect`, and the
one builder does the rest.

What differs from PokerStars, as public parsers' documentation and test data describe GG's text: the header
is ``Poker Hand #XX123: ...`` (two letters before the number: the game type, such as HD, RC, TM), a tournament
level is written ``Level12(200/400)``, the showdown marker is ``*** SHOWDOWN ***``, other players' "Dealt to"
lines are empty, the summary's total names every fee (``| Rake $0.05 | Jackpot $0.02 | Bingo 0 | Fortune 0 |
Tax 0``; all of them are what the house took). Hands run twice (``*** FIRST FLOP ***``) and cash-outs are
refused, as for PokerStars.
"""

from __future__ import annotations

import re

from engine.history.files import file_reader
from engine.history.pokerstars import Dialect, read_pokerstars
from engine.history.record import Hands

GGPOKER = Dialect(
    "GGPoker",
    re.compile(r"^(?P<prefix>Poker Hand) #(?P<id>[A-Z]{2}\d+): *(?P<rest>.*)$"),
    "'Poker Hand #HD123: ...'",
    keeps_prefix=False,
)


def read_ggpoker(text: str, source: str = "") -> Hands:
    """Every hand in a GGPoker text, each a record or the `HistoryError` that kept it from being read."""
    return read_pokerstars(text, source, GGPOKER)


read_ggpoker_file = file_reader("ggpoker")
