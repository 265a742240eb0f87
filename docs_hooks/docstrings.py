"""MkDocs hook: every public name on the API pages has a docstring, or the build warns (and `--strict` fails).

mkdocstrings leaves a name without a docstring out of the page silently (`show_if_no_docstring: false`), so a
missing docstring would go unseen. This hook reads the `::: module` blocks of docs/api/*.md, loads those modules
with griffe (statically, as mkdocstrings does: no optional extra needs installing) and warns once for each public
class, function or method without a docstring. Public: a name without a leading underscore (for a package with
`__all__`, the names it lists). A method that overrides a documented method of a base class counts as documented.
Attributes and constants are not checked: their meaning is documented in the class or module docstring.
"""

from __future__ import annotations

import logging
import re
from pathlib import Path
from typing import Any

import griffe

log = logging.getLogger("mkdocs.hooks.docstrings")
BLOCK = re.compile(r"^:::\s+([\w.]+)", re.M)


def on_pre_build(config: Any) -> None:
    docs = Path(config["docs_dir"])
    identifiers = sorted(
        {name for page in (docs / "api").glob("*.md") for name in BLOCK.findall(page.read_text(encoding="utf-8"))}
    )
    loader = griffe.GriffeLoader(search_paths=[str(Path(config["config_file_path"]).parent)])
    for name in identifiers:
        loader.load(name.split(".")[0])
    loader.resolve_aliases(external=False, implicit=False)
    missing: list[str] = []
    seen: set[str] = set()
    for name in identifiers:
        _check(loader.modules_collection[name], missing, seen)
    for path in missing:
        log.warning("no docstring: %s (a public name on the API pages; add a one-line docstring saying why)", path)


def _check(obj: Any, missing: list[str], seen: set[str]) -> None:
    """Walks a module or class: each public class, function and method, once, by its real path."""
    for member in obj.members.values():
        if member.name.startswith("_") or not member.is_public:
            continue
        if member.is_alias:
            try:
                member = member.final_target
            except (griffe.AliasResolutionError, griffe.CyclicAliasError):
                continue
            if not member.path.startswith("engine."):
                continue
        if member.is_module or member.is_attribute or member.path in seen:
            continue
        seen.add(member.path)
        if not member.docstring and not _inherits_docstring(obj, member):
            missing.append(member.path)
        if member.is_class:
            _check(member, missing, seen)


def _inherits_docstring(owner: Any, member: Any) -> bool:
    """True when `member` is a method overriding one a base class of `owner` documents."""
    if not (owner.is_class and member.is_function):
        return False
    for base in owner.mro():
        inherited = base.members.get(member.name)
        if inherited is not None and inherited.docstring:
            return True
    return False
