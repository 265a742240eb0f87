"""Reading history files of either format, chosen by name or by content."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

from engine.errors import HistoryError
from engine.history.record import Hands

FORMATS = ("auto", "phh", "pokerstars", "ohh")


def read_utf8_file(path: str | Path, reader: Callable[[str, str], Hands]) -> Hands:
    """The hands ``reader`` finds in a UTF-8 file (a byte-order mark is dropped); a file that is not UTF-8 is one
    HistoryError. A file that cannot be opened raises OSError as usual."""
    data = Path(path).read_bytes()
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        return Hands([HistoryError(f"{path}: not UTF-8 text ({error})", source=str(path))])
    return reader(text, str(path))


def detect_format(path: Path, text: str) -> str:
    """"phh" for .phh/.phhs files or TOML-looking text, "ohh" for .ohh files or JSON text, "pokerstars" for
    PokerStars text."""
    if path.suffix.lower() in (".phh", ".phhs"):
        return "phh"
    if path.suffix.lower() == ".ohh":
        return "ohh"
    head = text.lstrip("\ufeff \r\n\t")[:200]
    if head.startswith("{") or re.match(r"\[\s*\{", head):  # a .phhs starts "[1]", a list of hands "[{"
        return "ohh"
    if head.startswith("PokerStars"):
        return "pokerstars"
    if "variant" in head and "=" in head:
        return "phh"
    return "pokerstars"


def read_history(path: str | Path, format: str = "auto") -> Hands:
    """Every hand in the file: a record, or the error that kept it from being read (reading goes on); the
    answer's ``notes`` say what text around the hands was passed over. A file without a hand is one error."""
    from engine.history.ohh import read_ohh
    from engine.history.phh import read_phh
    from engine.history.pokerstars import read_pokerstars

    path = Path(path)
    if format not in FORMATS:
        raise HistoryError(f"unknown format {format!r}; formats are {', '.join(FORMATS)}")
    try:
        text = path.read_bytes().decode("utf-8-sig")
    except (OSError, UnicodeDecodeError) as error:
        return Hands([HistoryError(f"cannot read {path}: {error}", source=str(path))])
    chosen = detect_format(path, text) if format == "auto" else format
    reader = read_phh if chosen == "phh" else read_ohh if chosen == "ohh" else read_pokerstars
    return reader(text, source=str(path))
