"""Every name a guide's code imports from the engine is on an API page (docs/api/), and importable.

A guide that uses `engine.report.hand_line` while no API page documents `engine.report` sends its reader to a
reference without the name; this test finds such names from the guides' own code."""

from __future__ import annotations

import ast
import importlib
import re
from pathlib import Path

import pytest

DOCS = Path(__file__).resolve().parent.parent / "docs"
BLOCK = re.compile(r"```python\n(.*?)```", re.S)
DIRECTIVE = re.compile(r"^::: *([\w.]+)\s*$", re.M)


def documented_modules() -> set[str]:
    """The modules an API page documents with a ``::: module`` directive."""
    return {name for page in (DOCS / "api").glob("*.md") for name in DIRECTIVE.findall(page.read_text("utf-8"))}


def guide_imports() -> list[tuple[str, str, str | None]]:
    """(guide, module, name) for each ``from engine... import name`` and ``import engine...`` in a guide's
    python blocks (name None for a plain import)."""
    found = []
    for page in sorted(DOCS.glob("*.md")):
        for block in BLOCK.findall(page.read_text("utf-8")):
            for node in ast.walk(ast.parse(block)):
                if isinstance(node, ast.ImportFrom) and node.module and node.module.split(".")[0] == "engine":
                    found += [(page.name, node.module, alias.name) for alias in node.names]
                elif isinstance(node, ast.Import):
                    found += [
                        (page.name, alias.name, None) for alias in node.names if alias.name.split(".")[0] == "engine"
                    ]
    return found


def _value(module: str, name: str) -> object:
    """``from module import name``: an attribute, or a submodule not yet imported."""
    try:
        return getattr(importlib.import_module(module), name)
    except AttributeError:
        return importlib.import_module(f"{module}.{name}")


def _shows(page_module: str, name: str, value: object) -> bool:
    """Whether the API page of ``page_module`` renders ``name`` as that value: a public member it defines, or
    one it re-exports in its ``__all__`` (as mkdocstrings does)."""
    module = importlib.import_module(page_module)
    if getattr(module, name, None) is not value:
        return False
    exported = getattr(module, "__all__", None)
    if exported is not None:
        return name in exported
    defined = getattr(value, "__module__", None)  # constants and type aliases have no engine module of their own
    return not (isinstance(defined, str) and defined.startswith("engine")) or defined == page_module


def missing_from_reference() -> list[str]:
    documented = documented_modules()
    missing = []
    for guide, module, name in guide_imports():
        if name is None:
            if module != "engine" and module not in documented:  # ``import engine`` names no page
                missing.append(f"{guide}: import {module}: the module is on no API page")
            continue
        if name.startswith("_"):
            missing.append(f"{guide}: {module}.{name} is private")
            continue
        try:
            value = _value(module, name)
        except ImportError as error:
            missing.append(f"{guide}: from {module} import {name} fails: {error}")
            continue
        if isinstance(value, type(importlib)):
            if value.__name__ not in documented:
                missing.append(f"{guide}: {value.__name__} is on no API page")
        elif not any(_shows(page, name, value) for page in documented):
            missing.append(f"{guide}: {module}.{name} is on no API page")
    return sorted(set(missing))


def test_every_name_the_guides_import_is_on_an_api_page() -> None:
    pytest.importorskip(
        "numpy", reason='could not import numpy: pip install -e ".[test-equity]" to run these tests'
    )  # the equity guide imports engine.equity
    assert missing_from_reference() == []


def test_the_guides_import_names_at_all() -> None:
    imports = guide_imports()
    assert len(imports) > 50 and {"engine.history.replay", "engine.report"} <= {m for _, m, _ in imports}


def test_the_reprs_the_guides_print_paste_back_from_engine() -> None:
    """The guides print ``wager=Verb.RAISE`` and ``kind=PostKind.SMALL_BLIND``: both names come from engine."""
    import engine
    from engine import PostKind, Verb, start_hand
    from engine.betting import FixedLimit
    from engine.rules import Rules

    state = start_hand(Rules(FixedLimit(2, 4), blinds=(1, 2)), stacks=(100, 100, 100), button=0, seed=7)
    legal = state.legal_actions()
    assert eval(repr(legal), vars(engine)) == legal
    assert Verb.RAISE == "raise" and PostKind.SMALL_BLIND == "small blind"
    assert {"Verb", "PostKind"} <= set(engine.__all__)
