"""The engine's speed tricks, all here: ways of building an object that skip what its class would do.

Each runs for every action, decision or hand, and each is kept because it pays: the figure beside it is how
many more instructions the work named ran with the plain code instead (``benchmarks/bench_instructions.py``:
``hands`` is bench_hands.py's loop, ``simulate`` the command with six random bots; docs/choices.md and
benchmarks/README.md, "Speed tricks"). What they skip is checks, never rules: they only build values the engine
worked out from input already checked, and everything from outside goes through the constructors. One more
trick lives with the code it serves, since it is a design rather than a shortcut: a bot's view replays its
history from a replica hand of stand-in cards only when read (`engine.bots.view`, 39% of ``simulate``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, TypeVar

import attrs

_T = TypeVar("_T")

bare_tuple = tuple.__new__
"""``bare_tuple(cls, values)``: the named tuple ``cls`` of ``values`` in field order, without the Python-level
``__new__`` (the generated one, or a checking one): a `LegalActions` for every decision, without its checks
(46% of ``hands``), and the betting structure's `Spot` (3%)."""


def become(obj: object, cls: type[_T]) -> _T:
    """``obj``, now of class ``cls``: a writable twin (the same slots on the same base, as `engine.state._Draft`
        and `engine.views._Unchecked` are) is filled by plain stores and then becomes the frozen class. attrs'
        frozen ``__init__`` stores each field through ``object.__setattr__``: for the new hand state at each action
        (with `slot_copier`, one object per action) it costs 50% more ``hands``, and such stores for the views 15%
        more ``simulate``. (A call, not an inline assignment: `engine.state.HandState.apply` writes out the method
    that called it, so the hand state's step makes as many calls as it did with the class assigned inline.)"""
    obj.__class__ = cls
    return obj  # type: ignore[return-value]  # its class is now cls


def slot_copier(target: type[_T], names: Sequence[str]) -> Callable[[Any], _T]:
    """A function copying the attributes ``names`` of its argument onto a new ``target()``, written out as
    straight-line stores and compiled once: a loop of ``setattr`` costs about four times as much, and the hand
    state copies its fields into a draft at every action (20% of ``hands``)."""
    if not all(name.isidentifier() for name in names):
        raise ValueError(f"slot_copier copies attributes by name, got {list(names)!r}")
    source = "\n".join(
        [
            "def copy(source):",
            "    made = target()",
            *(f"    made.{name} = source.{name}" for name in names),
            "    return made",
        ]
    )
    namespace: dict[str, Any] = {"target": target}
    exec(source, namespace)  # the one generated code in the engine, made from identifiers checked above
    copy: Callable[[Any], _T] = namespace["copy"]
    return copy


def unchecked(cls: type[_T], *values: object) -> _T:
    """An instance of the frozen attrs class ``cls`` with ``values`` in field order, without its converters and
    checks: a seeded deck's 52 cards (3% of ``hands``), a hand's and its pots' results (3%)."""
    made = object.__new__(cls)
    names = _FIELDS.get(cls) or _fields(cls)  # the lookup written out: a hand builds several results
    for name, value in zip(names, values, strict=True):
        object.__setattr__(made, name, value)
    return made


def replaced(value: _T, **changes: object) -> _T:
    """A copy of the frozen attrs ``value`` with ``changes``, as `attrs.evolve` makes but without re-running
    every check of the class (a table's, each player's, a name's characters included): the table's copies at
    each hand (11% of ``simulate``)."""
    cls = type(value)
    made = object.__new__(cls)
    for name in _FIELDS.get(cls) or _fields(cls):
        object.__setattr__(made, name, changes[name] if name in changes else getattr(value, name))
    return made


_FIELDS: dict[type, tuple[str, ...]] = {}


def _fields(cls: type) -> tuple[str, ...]:
    names = _FIELDS.get(cls)
    if names is None:
        names = _FIELDS[cls] = tuple(field.name for field in attrs.fields(cls))
    return names
