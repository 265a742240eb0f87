"""Every ```python example in docs/ runs, and each `print(...)  # text` line prints exactly `text`.

Docs that drift from the engine are wrong docs; this keeps them honest.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

DOCS = Path(__file__).resolve().parent.parent / "docs"
PRINT = re.compile(r"^(\s*)print\((.*)\)\s+#\s?(.*)$")
BLOCKS = [
    pytest.param(block, id=f"{path.name}:{number}")
    for path in sorted(DOCS.glob("*.md"))
    for number, block in enumerate(re.findall(r"```python\n(.*?)```", path.read_text(encoding="utf-8"), re.S), 1)
]


def _checked(block: str) -> str:
    lines = []
    for line in block.splitlines():
        match = PRINT.match(line)
        if match:
            indent, args, expected = match.groups()
            lines.append(f"{indent}__expect(({args},), {expected!r})")
        else:
            lines.append(line)
    return "\n".join(lines)


def _expect(values: tuple[Any, ...], expected: str) -> None:
    got = " ".join(str(value) for value in values)
    assert got == expected, f"the docs say {expected!r}, the engine prints {got!r}"


@pytest.mark.parametrize("block", BLOCKS)
def test_docs_example_runs_and_prints_what_it_says(block: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(DOCS.parent)  # examples name files from the repository's root
    exec(compile(_checked(block), "<docs example>", "exec"), {"__expect": _expect, "__name__": "__docs__"})


def test_docs_have_examples() -> None:
    assert len(BLOCKS) >= 20
