"""The pieces of hand-history lines that several sites write word for word, each named once for what it matches:
a site builds its own patterns and tables from them, and writes its own piece where its text differs, even by
one character (its lines' words stay in its module, beside the docstring that quotes them). What a piece means
is read elsewhere: an amount by the reader's ``amount``, cards by its ``cards``."""

from __future__ import annotations

import re

from engine.history import facts as f

CURRENCY_SIGNS = "$€£"  # the signs an amount may start with
_OPTIONAL_SIGN = f"[{CURRENCY_SIGNS}]?"

AMOUNT = _OPTIONAL_SIGN + r"[\d.,]+"  # "$2.06", "1,500", "$0,05": digits, points and commas
DECIMAL_AMOUNT = (
    _OPTIONAL_SIGN + r"[\d,]+(?:\.\d+)?"
)  # "$1,195.50": commas between the thousands, a point before the cents
STARS_AMOUNT = _OPTIONAL_SIGN + r"\d[\d.,]*"  # "$1,195.50" as PokerStars' dialects write it: a digit first

CARDS = r"\[(?P<cards>[^\]]*)\]"  # "[Ah Kd 5c 4s]", "[Kh,2s]": cards in brackets (group ``cards``)
STREET_MARKER = r"\*\*\* (?P<street>FLOP|TURN|RIVER) \*\*\*"  # "*** FLOP ***" before a street's cards
DEALT_TO = re.compile(r"^Dealt to (?P<rest>.+?) " + CARDS + "$")  # "Dealt to Ann [Ah Kd 5c 4s]" (`dealt_line`)
SUMMARY_BOARD = re.compile(r"^Board " + CARDS + "$")  # a summary's "Board [2h 3c Jh 9s Kd]"
SEAT_WITHOUT_IN_CHIPS = re.compile(
    r"^Seat (?P<label>\d+): (?P<name>.+) \((?P<stack>" + STARS_AMOUNT + r")\)(?P<tail>.*)$"
)  # "Seat 3: Ann ($4)": PokerStars' seat line without its "in chips" (Full Tilt, ACR)

LIMIT_ABBREVIATIONS = {"NL": f.NO, "PL": f.POT, "FL": f.FIXED}
LIMIT_NAMES = {"No Limit": f.NO, "Pot Limit": f.POT, "Fixed Limit": f.FIXED}
