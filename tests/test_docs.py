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


# --- docs/rules.md: every rule names the tests that check it, and every link in the docs lands ----------------

ROOT = DOCS.parent
RULES_PAGE = DOCS / "rules.md"
TEST_REFERENCE = re.compile(r"\b(tests/[\w/]+\.py)::(\w+)")
LINK = re.compile(r"\]\(([^)\s]+)\)")
FENCE = re.compile(r"```.*?```", re.S)


def _rule_sections(text: str) -> dict[str, str]:
    """Each `###` rule of the page and its text, up to the next heading."""
    sections: dict[str, str] = {}
    heading = None
    for line in FENCE.sub("", text).splitlines():
        if line.startswith("#"):
            heading = line.lstrip("#").strip() if line.startswith("### ") else None
            if heading is not None:
                sections[heading] = ""
        elif heading is not None:
            sections[heading] += line + "\n"
    return sections


def _missing_tests(section: str) -> list[str]:
    """The tests a section names that do not exist: a missing file, or no `def name(` in it."""
    missing = []
    for file, name in TEST_REFERENCE.findall(section):
        path = ROOT / file
        if not path.is_file() or not re.search(rf"^\s*def {name}\(", path.read_text(encoding="utf-8"), re.M):
            missing.append(f"{file}::{name}")
    return missing


def _anchors(path: Path) -> set[str]:
    """The anchors GitHub gives the headings of a page: lower case, punctuation dropped, spaces to hyphens."""
    headings = re.findall(r"^#+\s+(.*?)\s*$", FENCE.sub("", path.read_text(encoding="utf-8")), re.M)
    return {re.sub(r"[^\w\- ]", "", heading.lower()).replace(" ", "-") for heading in headings}


def _lands(page: Path, target: str) -> bool:
    """A relative link lands when its file is inside the repository and its anchor (if any) is a heading there."""
    file, _, anchor = target.partition("#")
    path = (page.parent / file).resolve() if file else page.resolve()
    if not path.exists() or not path.is_relative_to(ROOT.resolve()):
        return False
    return not anchor or path.suffix != ".md" or anchor in _anchors(path)


def _broken_links(page: Path) -> list[str]:
    """The relative links of a page that do not land (web links such as https: are not followed)."""
    targets = LINK.findall(FENCE.sub("", page.read_text(encoding="utf-8")))
    return [target for target in targets if not re.match(r"[a-z][a-z0-9+.-]*:", target) and not _lands(page, target)]


def test_every_rule_names_tests_and_every_named_test_exists() -> None:
    sections = _rule_sections(RULES_PAGE.read_text(encoding="utf-8"))
    assert len(sections) >= 30, "docs/rules.md lost its rules"
    untested = [heading for heading, text in sections.items() if not TEST_REFERENCE.search(text)]
    assert not untested, f"rules in docs/rules.md that name no test: {untested}"
    missing = {heading: names for heading, text in sections.items() if (names := _missing_tests(text))}
    assert not missing, f"docs/rules.md names tests that do not exist: {missing}"


def test_rules_check_finds_a_rule_without_tests_and_a_test_that_is_gone() -> None:
    page = "## Group\n\n### Tested\n- `tests/test_docs.py::test_docs_have_examples`\n\n### Untested\nText.\n"
    sections = _rule_sections(page)
    assert list(sections) == ["Tested", "Untested"]
    assert not TEST_REFERENCE.search(sections["Untested"])
    assert _missing_tests(sections["Tested"]) == []
    gone = "- `tests/test_docs.py::test_that_was_never_written`\n- `tests/no_such_file.py::test_x`"
    assert _missing_tests(gone) == ["tests/test_docs.py::test_that_was_never_written", "tests/no_such_file.py::test_x"]


@pytest.mark.parametrize("page", [*sorted(DOCS.glob("*.md")), ROOT / "README.md"], ids=lambda page: page.name)
def test_links_stay_in_the_repository_and_land(page: Path) -> None:
    assert _broken_links(page) == []


def test_readme_lists_the_rules() -> None:
    assert "(docs/rules.md)" in (ROOT / "README.md").read_text(encoding="utf-8")


def test_link_check_finds_links_out_of_the_repository_and_missing_anchors() -> None:
    page = DOCS / "choices.md"
    assert not _lands(page, "../../shared/RULES.md")
    assert not _lands(page, "rules.md#no-such-rule")
    assert _lands(page, "rules.md#straddles") and _lands(page, "#actions") and _lands(page, "../README.md")
