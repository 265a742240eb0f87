"""Bytes of a history file to text: the one place a history is decoded, whatever its format.

Sites write UTF-8 (with or without a byte-order mark), UTF-16 with a byte-order mark (Full Tilt, some
exports; without one where a tool saved the file again) and, in older text logs, Windows-1252. A byte-order
mark decides; UTF-16 without one is known by its NUL in every other byte (`_unmarked_utf16`); otherwise UTF-8
is tried first (Windows-1252 would read any UTF-8 file as mojibake), then Windows-1252, which leaves five byte
values undefined. Bytes that are neither, or binary data (NUL bytes out of UTF-16's rhythm), are a
`NotAHistory` error naming the first undecodable byte and its offset. A file cut short inside its last
character is read up to that character (its reader then finds the hand cut short).
"""

from __future__ import annotations

import codecs

import attrs

from engine.errors import NotAHistory

UTF8, UTF16_LE, UTF16_BE, WINDOWS_1252 = "utf-8", "utf-16-le", "utf-16-be", "cp1252"

_MARKS = ((codecs.BOM_UTF8, UTF8), (codecs.BOM_UTF16_LE, UTF16_LE), (codecs.BOM_UTF16_BE, UTF16_BE))


@attrs.frozen(slots=True)
class Decoded:
    """A file's text and the encoding it was found in (so a reader of a UTF-8-only format can refuse the rest)."""

    text: str
    encoding: str


def decode_history(data: bytes, where: str = "<bytes>") -> Decoded:
    """The text of a history file's bytes, and its encoding; a `NotAHistory` error (a `HistoryError`) when they are
    not text."""
    for mark, encoding in _MARKS:
        if data.startswith(mark):
            body = data[len(mark) :]
            if encoding != UTF8 and len(body) % 2:  # cut inside its last character: the rest is read
                body = body[:-1]
            try:
                return Decoded(body.decode(encoding), encoding)
            except UnicodeDecodeError as error:
                raise _undecodable(where, encoding, error, offset=len(mark)) from None
    unmarked = _unmarked_utf16(data)
    if unmarked is not None:
        try:
            return Decoded(data[: len(data) - len(data) % 2].decode(unmarked), unmarked)
        except UnicodeDecodeError as error:
            raise _undecodable(where, unmarked, error, offset=0) from None
    if b"\x00" in data:
        at = data.index(b"\x00")
        raise NotAHistory(
            f"{where}: not text: a NUL byte at offset {at} (binary data, or UTF-16 without its byte-order mark)",
            source=where,
        )
    try:
        return Decoded(data.decode(UTF8), UTF8)
    except UnicodeDecodeError as error:
        if error.reason == "unexpected end of data":  # UTF-8 cut inside its last character: the rest is read
            return Decoded(data[: error.start].decode(UTF8), UTF8)
    try:
        return Decoded(data.decode(WINDOWS_1252), WINDOWS_1252)
    except UnicodeDecodeError as error:
        raise _undecodable(where, "UTF-8 or Windows-1252", error, offset=0) from None


def _unmarked_utf16(data: bytes) -> str | None:
    """UTF-16 written without its byte-order mark, known by its pattern: text of Latin letters, digits and
    punctuation (all a hand history's markup is) has a NUL in every other byte, the high half of each
    character. Little-endian puts it second, big-endian first. Binary data does not keep that rhythm."""
    sample = data[:4096]
    halves = len(sample) // 2
    if halves < 8:
        return None
    even = sum(1 for byte in sample[0 : 2 * halves : 2] if byte == 0)
    odd = sum(1 for byte in sample[1 : 2 * halves : 2] if byte == 0)
    if odd >= 0.9 * halves and even <= 0.1 * halves:
        return UTF16_LE
    if even >= 0.9 * halves and odd <= 0.1 * halves:
        return UTF16_BE
    return None


def _undecodable(where: str, encoding: str, error: UnicodeDecodeError, *, offset: int) -> NotAHistory:
    byte = error.object[error.start : error.start + 1].hex()
    return NotAHistory(
        f"{where}: not {encoding} text: byte 0x{byte} at offset {offset + error.start} cannot be decoded", source=where
    )
