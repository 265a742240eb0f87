"""A text file a person wrote and names on the command line (a tournament's ``--schedule``, the server's
``--config``): read whole as UTF-8, with or without the byte-order mark Windows editors put first, so the
reader after (TOML, JSON) never sees the mark. The one place such a file is read, so every one of them is
refused the same way: one line naming the file and what is wrong, never a traceback.
"""

from __future__ import annotations

import codecs
from pathlib import Path

from engine.validate import ErrorType


def read_user_text(path: str | Path, where: str, *, error: ErrorType) -> str:
    """The text of the file at ``path``; ``error`` naming ``where`` (how the user named the file) when it
    cannot be read or is not UTF-8 text."""
    try:
        data = Path(path).read_bytes()
    except OSError as problem:
        raise error(f"{where}: cannot read it: {problem.strerror or problem}") from None
    mark = len(codecs.BOM_UTF8) if data.startswith(codecs.BOM_UTF8) else 0  # dropped, not read as text
    try:
        return data[mark:].decode("utf-8")
    except UnicodeDecodeError as problem:
        byte = problem.object[problem.start : problem.start + 1].hex()
        raise error(
            f"{where}: not UTF-8 text: byte 0x{byte} at offset {mark + problem.start} cannot be decoded "
            f"(save the file as UTF-8)"
        ) from None
