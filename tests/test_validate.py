"""engine/validate.py: the one set of checks for whole numbers, flags, finite numbers and names."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.errors import EngineError, RulesError, TableError
from engine.validate import finite, flag, is_whole, name, one_of, optional_finite, optional_whole, quote, whole


@pytest.mark.parametrize("value", [True, False, 2.0, "2", None, 1.5])
def test_whole_refuses_bools_floats_text_and_none(value: object) -> None:
    with pytest.raises(RulesError, match=r"^chips must be a whole number >= 0, got "):
        whole(value, "chips", minimum=0, error=RulesError)
    assert not is_whole(value, minimum=0)


def test_whole_says_the_range_it_allows() -> None:
    with pytest.raises(EngineError, match=r"^seat must be a whole number from 0 to 9, got 10$"):
        whole(10, "seat", minimum=0, maximum=9)
    with pytest.raises(EngineError, match=r"^cap must be a whole number <= 3, got 4$"):
        whole(4, "cap", maximum=3)
    assert whole(9, "seat", minimum=0, maximum=9) == 9


def test_whole_takes_none_only_when_allowed() -> None:
    assert optional_whole(None, "hands", minimum=0) is None
    assert optional_whole(3, "hands", minimum=0) == 3
    with pytest.raises(TableError, match=r"^hands must be None or a whole number >= 0, got -1$"):
        optional_whole(-1, "hands", minimum=0, error=TableError)
    with pytest.raises(TableError, match=r"^hands must be a whole number >= 0, got None$"):
        whole(None, "hands", minimum=0, error=TableError)


@given(st.integers(), st.one_of(st.none(), st.integers()), st.one_of(st.none(), st.integers()))
def test_is_whole_answers_exactly_when_whole_passes(value: int, low: int | None, high: int | None) -> None:
    try:
        whole(value, "n", minimum=low, maximum=high)
        passed = True
    except EngineError:
        passed = False
    assert is_whole(value, minimum=low, maximum=high) is passed


def test_is_whole_takes_int_subclasses_but_not_bool() -> None:
    class Chips(int):
        pass

    assert is_whole(Chips(3), minimum=0)
    assert not is_whole(True)


@pytest.mark.parametrize("value", [math.nan, math.inf, -math.inf, 10**400, True, "1", None])
def test_finite_refuses_nan_infinity_huge_ints_bools_and_text(value: object) -> None:
    with pytest.raises(EngineError, match=r"^minutes must be a finite number >= 0, got "):
        finite(value, "minutes", minimum=0)


def test_finite_bounds_and_none() -> None:
    assert finite(0, "rate", minimum=0) == 0
    with pytest.raises(EngineError, match=r"^rate must be a finite number > 0, got 0$"):
        finite(0, "rate", positive=True)
    assert optional_finite(None, "time limit", positive=True) is None
    with pytest.raises(EngineError, match=r"^time limit must be None or a finite number > 0, got -1.0$"):
        optional_finite(-1.0, "time limit", positive=True)


@pytest.mark.parametrize("value", ["no", 1, 0, None])
def test_flag_takes_only_real_bools(value: object) -> None:
    with pytest.raises(EngineError, match=r"^on must be True or False, got "):
        flag(value, "on")
    assert flag(False, "on") is False


def test_one_of_compares_types_too() -> None:
    assert one_of("left", ("left", "busted"), "reason") == "left"
    with pytest.raises(EngineError, match=r"^runs must be one of 1, 2; got True$"):
        one_of(True, (1, 2), "runs")
    with pytest.raises(EngineError, match=r"got 2\.0$"):
        one_of(2.0, (1, 2), "runs")


@pytest.mark.parametrize(
    "value, wrong",
    [
        ("", "a non-empty string"),
        (" ann", "must not start or end with a space"),
        ("a" * 65, "at most 64"),
        ("an\u200bn", "U\\+200B"),
        ("an\nn", "U\\+000A"),
        (5, "a non-empty string"),
    ],
)
def test_name_refuses_what_breaks_a_line_or_impersonates(value: object, wrong: str) -> None:
    with pytest.raises(EngineError, match=wrong):
        name(value, "a player's name")
    assert name("Ann Lee", "a player's name") == "Ann Lee"


def test_quote_shortens_long_inputs_and_survives_a_bad_repr() -> None:
    assert quote("x" * 5000).endswith("(5002 chars)")

    class Hostile:
        def __repr__(self) -> str:
            raise RuntimeError("no")

    assert quote(Hostile()) == "<Hostile>"
