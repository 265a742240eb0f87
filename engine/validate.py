"""Checks for the plain values every public constructor and function takes: whole numbers, flags, finite
numbers, names. One place, so the same input gets the same message everywhere.

Each check returns the value when it is good and raises ``error`` (an `EngineError` subclass, chosen by the
caller so a table reports `TableError` and a rules object `RulesError`) when it is not. The message quotes the
input (shortened when long) and says what is allowed. ``bool`` is never a number here: ``True`` is not 1 chip.
`is_whole` is `whole`'s test as a yes/no answer, for a check that names a whole list in one message.
"""

from __future__ import annotations

import math
import unicodedata
from collections.abc import Callable
from decimal import Decimal
from typing import Literal, TypeGuard, overload

from engine.errors import EngineError

ErrorType = Callable[[str], EngineError]
"""What a check raises: an error class, or anything making an error from its message (an error with a code)."""

_QUOTE_LIMIT = 80


def quote(value: object) -> str:
    """``repr(value)``, cut to a readable length: an error must never echo a 5 MB input whole."""
    try:
        text = repr(value)
    except Exception:  # a hostile __repr__ must not hide the real error
        text = f"<{type(value).__name__}>"
    return text if len(text) <= _QUOTE_LIMIT else f"{text[:_QUOTE_LIMIT - 15]}... ({len(text)} chars)"


def is_whole(value: object, *, minimum: int | None = None, maximum: int | None = None) -> TypeGuard[int]:
    """Whether ``value`` passes `whole`: for checks that test many values and then name the whole input in one
    message (a list of cards, a tuple of seats)."""
    return (isinstance(value, int) and not isinstance(value, bool)
            and (minimum is None or value >= minimum) and (maximum is None or value <= maximum))


@overload
def whole(value: object, what: str, *, minimum: int | None = None, maximum: int | None = None,
          allow_none: Literal[False] = False, error: ErrorType = EngineError) -> int: ...


@overload
def whole(value: object, what: str, *, minimum: int | None = None, maximum: int | None = None,
          allow_none: bool, error: ErrorType = EngineError) -> int | None: ...


def whole(value: object, what: str, *, minimum: int | None = None, maximum: int | None = None,
          allow_none: bool = False, error: ErrorType = EngineError) -> int | None:
    """An ``int`` (not a bool, not a float such as 2.0) within ``minimum..maximum``; also None when
    ``allow_none`` (an optional argument whose None means "none" or "the default")."""
    if type(value) is int and (minimum is None or value >= minimum) and (maximum is None or value <= maximum):
        return value  # the plain case, without a call: tables and rules check their numbers at every hand
    if is_whole(value, minimum=minimum, maximum=maximum) or (value is None and allow_none):
        return value
    raise error(f"{what} must be {_none_or(allow_none)}a whole number{_range(minimum, maximum)}, got {quote(value)}")


def flag(value: object, what: str, *, error: ErrorType = EngineError) -> bool:
    """A real ``bool``: ``"no"`` and ``1`` are refused, since a truthy string would silently mean yes."""
    if not isinstance(value, bool):
        raise error(f"{what} must be True or False, got {quote(value)}")
    return value


@overload
def finite(value: object, what: str, *, minimum: float | None = None, positive: bool = False,
           allow_none: Literal[False] = False, error: ErrorType = EngineError) -> float: ...


@overload
def finite(value: object, what: str, *, minimum: float | None = None, positive: bool = False,
           allow_none: bool, error: ErrorType = EngineError) -> float | None: ...


def finite(value: object, what: str, *, minimum: float | None = None, positive: bool = False,
           allow_none: bool = False, error: ErrorType = EngineError) -> float | None:
    """An int or float that is neither NaN nor infinite (and not a bool), at least ``minimum``, above 0 when
    ``positive``; also None when ``allow_none``."""
    if value is None and allow_none:
        return None
    if (isinstance(value, bool) or not isinstance(value, (int, float)) or not _isfinite(value)
            or (minimum is not None and value < minimum) or (positive and value <= 0)):
        raise error(f"{what} must be {_none_or(allow_none)}a finite number{_bound(minimum, positive)}, "
                    f"got {quote(value)}")
    return value


def exact_amount(value: object, what: str, *, positive: bool = False,
                 error: ErrorType = EngineError) -> Decimal:
    """An amount a hand history writes: an int or a `Decimal` (not a bool, and not a float, which would not be
    exact), finite, at least 0 (above 0 when ``positive``), as a Decimal."""
    if isinstance(value, bool) or not isinstance(value, (int, Decimal)):
        raise error(f"{what} must be a number, got {quote(value)}")
    number = Decimal(value)
    if not number.is_finite():
        raise error(f"{what} must be a known, finite amount, got {quote(value)}")
    if number < 0 or (positive and number == 0):
        raise error(f"{what} must be {'above' if positive else 'at least'} 0, got {quote(value)}")
    return number


def name(value: object, what: str, *, longest: int = 64, error: ErrorType = EngineError) -> str:
    """A printable name: a non-empty string of at most ``longest`` characters with no control, format
    (zero-width) or line-breaking characters, and no space at either end. Names go into hand histories
    and terminal lines, where such characters break the format or impersonate another player."""
    if not isinstance(value, str) or not value.strip():
        raise error(f"{what} must be a non-empty string, got {quote(value)}")
    if len(value) > longest:
        raise error(f"{what} must be at most {longest} characters, got {len(value)}: {quote(value)}")
    if value != value.strip():
        raise error(f"{what} must not start or end with a space, got {quote(value)}")
    for char in value:
        if unicodedata.category(char)[0] in "CZ" and char != " ":
            raise error(f"{what} must hold only printable characters and plain spaces; "
                        f"U+{ord(char):04X} ({unicodedata.name(char, 'unnamed')}) is not allowed: {quote(value)}")
    return value


def one_of(value: object, allowed: tuple[object, ...], what: str, *,
           error: ErrorType = EngineError) -> object:
    """One of ``allowed``, compared by type as well as value (so 2.0 and True do not pass for 2 and 1)."""
    for option in allowed:
        if type(value) is type(option) and value == option:
            return value
    raise error(f"{what} must be one of {', '.join(repr(o) for o in allowed)}; got {quote(value)}")


def _isfinite(value: float) -> bool:
    try:
        return math.isfinite(value)
    except OverflowError:  # an int too large for a float (10**400) is no usable number of minutes or chips
        return False


def _range(minimum: int | None, maximum: int | None) -> str:
    if minimum is not None and maximum is not None:
        return f" from {minimum} to {maximum}"
    if minimum is not None:
        return f" >= {minimum}"
    if maximum is not None:
        return f" <= {maximum}"
    return ""


def _none_or(allow_none: bool) -> str:
    return "None or " if allow_none else ""


def _bound(minimum: float | None, positive: bool) -> str:
    if positive:
        return " > 0"
    return f" >= {minimum}" if minimum is not None else ""
