"""The speed tricks are fenced in `engine._speed` (docs/choices.md, "Speed tricks"): each builds what the plain
code builds, and no other module builds objects behind their constructors' backs."""

from __future__ import annotations

import re
from pathlib import Path

import attrs
import pytest

from engine import Call, Check, Deck, FixedLimit, NoLimit, Rules, start_hand
from engine._speed import bare_tuple, become, replaced, slot_copier, unchecked
from engine.bots.view import bot_view
from engine.legal import LegalActions
from engine.table import Player
from engine.views import seat_view

ENGINE = Path(__file__).resolve().parent.parent / "engine"

TRICKS = re.compile(r"object\.__new__|tuple\.__new__|\.__class__\s*=[^=]|\bexec\(|\beval\(")
"""Building an object without its constructor, changing an object's class, running generated code."""

NOT_TRICKS = {
    # A __new__ that picks the subclass for checked=True: the ordinary way to write one; __init__ still runs.
    ("evaluation.py", "return object.__new__(_DealtBoard if checked else cls)"),
    # A callable module (engine.equity(...)), as the docs write it: a convenience, not a speed trick.
    ("equity/__init__.py", "sys.modules[__name__].__class__ = _CallableModule"),
}


def test_speed_tricks_live_only_in_the_speed_module():
    found = []
    for path in sorted(ENGINE.rglob("*.py")):
        name = path.relative_to(ENGINE).as_posix()
        if name == "_speed.py":
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if TRICKS.search(line) and (name, line.strip()) not in NOT_TRICKS:
                found.append(f"{name}:{number}: {line.strip()}")
    assert not found, "speed tricks outside engine/_speed.py:\n" + "\n".join(found)


def test_the_exceptions_listed_are_still_there():
    """A stale exception would let a new trick in under its name."""
    for name, line in NOT_TRICKS:
        assert line in (ENGINE / name).read_text(encoding="utf-8"), (name, line)


def test_unchecked_builds_what_the_constructor_builds():
    deck = Deck.seeded(7)
    made = unchecked(Deck, deck.cards)
    assert type(made) is Deck and made == deck and hash(made) == hash(deck)


def test_unchecked_wants_every_field():
    with pytest.raises(ValueError):
        unchecked(Player, "ann")


def test_replaced_is_evolve_without_the_checks():
    player = Player("ann", 100)
    assert replaced(player, stack=40, sitting_out=True) == attrs.evolve(player, stack=40, sitting_out=True)
    assert player == Player("ann", 100)  # the original is untouched
    # Only the checks are skipped: a value the class would refuse goes through, which is why only the engine's
    # own worked-out values are given to it.
    assert replaced(player, stack=-1).stack == -1


def test_slot_copier_copies_every_field_named():
    @attrs.frozen(slots=True)
    class Point:
        x: int
        y: int

    class Writable:
        __slots__ = ("x", "y")

    copy_point = slot_copier(Writable, ["x", "y"])
    made = copy_point(Point(1, 2))
    assert type(made) is Writable and (made.x, made.y) == (1, 2)


def test_slot_copier_takes_only_identifiers():
    class Writable:
        __slots__ = ("x",)

    with pytest.raises(ValueError, match="by name"):
        slot_copier(Writable, ["x = 1; import os; x"])


def test_become_gives_the_twin_the_frozen_class():
    @attrs.frozen(slots=True, weakref_slot=False)
    class Frozen:
        a: int
        b: int

    class Twin:
        __slots__ = Frozen.__slots__

    twin = Twin()
    twin.a, twin.b = 1, 2
    made = become(twin, Frozen)
    assert made is twin and type(made) is Frozen and made == Frozen(1, 2)
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        made.a = 3  # type: ignore[misc]


def test_bare_tuple_is_the_named_tuple_without_its_checks():
    values = (2, True, False, 4, None, 0, 0, False, False, 0)
    assert bare_tuple(LegalActions, values) == LegalActions(*values)


@pytest.mark.parametrize("betting", [FixedLimit(small_bet=2, big_bet=4), NoLimit()], ids=["limit", "no-limit"])
def test_states_and_views_built_by_the_tricks_equal_the_constructors(betting):
    """The hand state and a bot's view are built by `become`; their copies by the constructors are equal."""
    state = start_hand(Rules(betting=betting, blinds=(1, 2)), stacks=(100, 100, 100), button=0, seed=11)
    while not state.is_over:
        legal = state.legal_actions()
        fields = {field.name: getattr(state, field.name) for field in attrs.fields(type(state)) if field.init}
        assert type(state).__name__ == "HandState" and type(state)(**fields) == state
        assert legal == LegalActions(*legal)  # passes LegalActions' own checks
        view = bot_view(state, state.actor)
        assert view == seat_view(state, state.actor)
        view_fields = {field.name: getattr(view, field.name) for field in attrs.fields(type(view)) if field.init}
        assert type(view)(**view_fields) == view  # passes the view's own checks
        state = state.apply(Call() if legal.call else Check())
