"""Reading a history file: the one path from a file's bytes to its hands, whatever the format. The bytes are
decoded once (`decoding`), the format found from the content (`detection`), and the text handed to that
format's parser; `read_history`, the per-format ``read_*_file`` functions, and the ``replay``, ``convert`` and
``stats`` commands all come through here (bytes that are not a plain file, such as a zip archive's members,
through `read_history_bytes`: `engine.history.inputs` walks folders and archives)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from engine.errors import HistoryError, NotAHistory, OtherGame
from engine.history.decoding import UTF8, UTF16_BE, UTF16_LE, decode_history
from engine.history.detection import Unsupported, detect_format
from engine.history.formats import BY_KEY, CHOICES
from engine.history.record import Hands, cut_short

FORMATS = CHOICES


def read_history(path: str | Path, format: str = "auto") -> Hands:
    """Every hand in the file: a record, or the error that kept it from being read (reading goes on); the
    answer's ``notes`` say what text around the hands was passed over, its ``format`` which format it was read
    as. A file without a hand, a file that is not text, and a file in a format this engine does not read are
    each one error saying so. ``format`` (a key of `engine.history.formats`) skips the detection; "auto" (the
    default) reads the content."""
    _check_format(format)
    path = Path(path)
    try:
        data = read_file_bytes(path)
    except HistoryError as error:
        return Hands([error])
    if data[:4] in ZIP_MAGIC:
        return Hands([HistoryError(f"{path}: a zip archive: {_MANY}", source=str(path))])
    return read_history_bytes(data, str(path), format)


ZIP_MAGIC = (b"PK\x03\x04", b"PK\x05\x06")  # a zip's first bytes: a member's header, or an empty archive's end
_MANY = "read_history reads one file; engine.history.inputs.read_histories reads folders and zip archives"


def read_file_bytes(path: Path) -> bytes:
    """A plain file's bytes; a folder, a FIFO or a device (which would block, or never end) or a file that cannot
    be read is a `HistoryError` saying so."""
    if path.is_dir():
        raise HistoryError(f"{path}: a folder: {_MANY}", source=str(path))
    if path.exists() and not path.is_file():
        raise HistoryError(
            f"{path}: not a plain file (a pipe, a socket or a device): nothing is read", source=str(path)
        )
    try:
        return path.read_bytes()
    except OSError as error:
        raise HistoryError(f"cannot read {path}: {error}", source=str(path)) from None


def read_history_bytes(data: bytes, where: str, format: str = "auto") -> Hands:
    """`read_history` of bytes that did not come from a plain file (a member of a zip archive, read in memory).
    ``where`` names them in messages and in the records' ``source``; its suffix is the same hint to detection
    as a file name's."""
    _check_format(format)
    try:
        decoded = decode_history(data, where)
        chosen = detect_format(where, decoded.text) if format == "auto" else format
    except HistoryError as error:
        return Hands([error])
    except Unsupported as error:
        return Hands(
            [HistoryError(f"{where}: {error}: not supported (docs/histories.md lists the formats read)", source=where)]
        )
    if not decoded.text.strip(" \t\r\n\ufeff"):
        what = "an empty file" if not decoded.text else "a file of blank lines"
        empty = Hands([NotAHistory(f"{where}: {what}: no hand in it", source=where)])
        empty.format = chosen
        return empty
    if BY_KEY[chosen].unicode_only and decoded.encoding not in (UTF8, UTF16_LE, UTF16_BE):
        return Hands(
            [
                HistoryError(
                    f"{where}: not UTF-8 text ({chosen.upper()} files are UTF-8; this one reads "
                    f"only as {decoded.encoding})",
                    source=where,
                )
            ]
        )
    found = BY_KEY[chosen].read(decoded.text, where)
    if chosen not in _FINDS_ITS_OWN_CUTS:
        found = _cut_mid_line(found, decoded.text, where)
    found.format = chosen
    return found


_FINDS_ITS_OWN_CUTS = frozenset({"phh", "ohh"})
"""Formats whose reader tells a text cut short from a bad one itself (TOML and JSON stop where the cut is); a PHH
file without a last line break (as published, often) is no cut."""


def _cut_mid_line(hands: Hands, text: str, where: str) -> Hands:
    """A text whose last line has no line break may have been cut short in that line (a download or a copy that
    stopped): its last hand, when it cannot be read, is said to be cut short, not refused for what the cut
    left of the line ("unrecognised action")."""
    if not hands or text.endswith(("\n", "\r")) or text.lstrip().startswith(("<", "{", "[")):
        return hands
    last = hands[-1]
    if not isinstance(last, HistoryError) or isinstance(last, (NotAHistory, OtherGame)) or not last.hand_id:
        return hands
    return Hands([*hands[:-1], cut_short(text, last.source or where, last.hand_id)], hands.notes)


def file_reader(key: str) -> Callable[[str | Path], Hands]:
    """A site's ``read_<site>_file``: `read_history` with the format given, so nothing is detected."""
    title = BY_KEY[key].title

    def read_file(path: str | Path) -> Hands:
        return read_history(path, key)

    read_file.__doc__ = f"Read a {title} hand history file through `read_history`."
    read_file.__name__ = read_file.__qualname__ = f"read_{key}_file"
    return read_file


def _check_format(format: str) -> None:
    if format not in FORMATS:
        raise HistoryError(f"unknown format {format!r}; formats are {', '.join(FORMATS)}")
