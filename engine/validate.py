"""Checks for the plain values every public constructor and function takes: whole numbers, flags, finite
numbers, names. One place, so the same input gets the same message everywhere.

Each check returns the value when it is good and raises ``error`` (an `EngineError` subclass, chosen by the
caller so a table reports `TableError` and a rules object `RulesError`) when it is not. The message quotes the
input (shortened when long) and says what is allowed. ``bool`` is never a number here: ``True`` is not 1 chip.
`is_whole` is `whole`'s test as a yes/no answer, for a check that names a whole list in one message.

The bounds of "absurdly large" live here too (docs/choices.md, "How large a number may be"): `chips` and
`count` allow up to `MAX_EXACT` (2**53 - 1, the largest whole number every JSON reader, JavaScript's
included, keeps exactly), and `minutes` up to `MAX_MINUTES`.
"""

from __future__ import annotations

import math
import unicodedata
from collections.abc import Callable
from decimal import Decimal
from typing import TypeGuard

from engine.errors import EngineError

ErrorType = Callable[[str], EngineError]
"""What a check raises: an error class, or anything making an error from its message (an error with a code)."""

_QUOTE_LIMIT = 80

MAX_EXACT = 2**53 - 1
"""The largest chip amount or count the engine takes: JSON documents carry numbers as doubles in most readers
(a browser's), which hold every whole number up to 2**53 exactly; a stack of 2**53 + 1 would come back as
another number. A hand's chips all come from its starting stacks, so their total is held to it as well."""

MAX_MINUTES = 10**10
"""The latest time, in minutes, a table or a schedule takes (about 19,000 years): up to it a float still tells
times 0.1 ms apart, so a level of a few minutes ends when it should; a clock of 1e300 minutes cannot."""


def quote(value: object) -> str:
    """``repr(value)``, cut to a readable length: an error must never echo a 5 MB input whole."""
    try:
        text = repr(value)
    except Exception:  # a hostile __repr__ must not hide the real error
        text = f"<{type(value).__name__}>"
    return text if len(text) <= _QUOTE_LIMIT else f"{text[: _QUOTE_LIMIT - 15]}... ({len(text)} chars)"


def count_of(number: int, noun: str, plural: str | None = None) -> str:
    """'1 hand', '2 hands': a count and its noun, singular for one (``plural``: when it is not noun + s)."""
    return f"{number} {noun if number == 1 else plural or noun + 's'}"


def is_whole(value: object, *, minimum: int | None = None, maximum: int | None = None) -> TypeGuard[int]:
    """Whether ``value`` passes `whole`: for checks that test many values and then name the whole input in one
    message (a list of cards, a tuple of seats)."""
    return (
        isinstance(value, int)
        and not isinstance(value, bool)
        and (minimum is None or value >= minimum)
        and (maximum is None or value <= maximum)
    )


def whole(
    value: object,
    what: str,
    *,
    minimum: int | None = None,
    maximum: int | None = None,
    error: ErrorType = EngineError,
) -> int:
    """An ``int`` (not a bool, not a float such as 2.0) within ``minimum..maximum``."""
    if type(value) is int and (minimum is None or value >= minimum) and (maximum is None or value <= maximum):
        return value  # the plain case, without a call: tables and rules check their numbers at every hand
    if is_whole(value, minimum=minimum, maximum=maximum):
        return value
    raise error(f"{what} must be a whole number{_range(minimum, maximum)}, got {quote(value)}")


def optional_whole(
    value: object,
    what: str,
    *,
    minimum: int | None = None,
    maximum: int | None = None,
    error: ErrorType = EngineError,
) -> int | None:
    """`whole`, or None: an optional argument whose None means "none" or "the default"."""
    if value is None or is_whole(value, minimum=minimum, maximum=maximum):
        return value
    raise error(f"{what} must be None or a whole number{_range(minimum, maximum)}, got {quote(value)}")


def random_seed(value: object, what: str = "seed", *, error: ErrorType = EngineError) -> int | None:
    """A seed for a random generator: None (a fresh, unpredictable one) or a whole number >= 0. numpy's
    generators and Gymnasium's refuse a negative seed, and a float, a string or a bool seed would be one
    generator's quirk: the environments take the same seeds, checked here."""
    return optional_whole(value, what, minimum=0, error=error)


def chips(value: object, what: str, *, minimum: int = 0, error: ErrorType = EngineError) -> int:
    """A number of chips: a whole number from ``minimum`` to `MAX_EXACT` (every chip check of the engine's
    constructors comes here, so the bound is stated once)."""
    if type(value) is int and minimum <= value <= MAX_EXACT:
        return value  # `plainly_chips`, written out: a call would cost every chip check
    if is_whole(value, minimum=minimum) and value > MAX_EXACT:
        raise error(
            f"{what} must be at most {MAX_EXACT} chips (2**53 - 1, the most a JSON number carries "
            f"exactly), got {quote(value)}"
        )
    return whole(value, f"{what} (chips)", minimum=minimum, error=error)


def plainly_chips(value: object, minimum: int = 0) -> TypeGuard[int]:
    """Whether ``value`` is a plain ``int`` that `chips` takes as it is: the quick test, for a caller that words
    its message from its fields and so calls `chips` only when this fails (an ``int`` subclass passes there)."""
    return type(value) is int and minimum <= value <= MAX_EXACT


def count(value: object, what: str, *, minimum: int = 0, error: ErrorType = EngineError) -> int:
    """A count (hands played, a clock's hands, a stage): a whole number from ``minimum`` to `MAX_EXACT`."""
    return whole(value, what, minimum=minimum, maximum=MAX_EXACT, error=error)


def minutes(
    value: object, what: str, *, minimum: float = 0, positive: bool = False, error: ErrorType = EngineError
) -> float:
    """A time or a length of time in minutes: finite, at least ``minimum`` (above 0 when ``positive``), and at
    most `MAX_MINUTES`."""
    number = finite(value, f"{what} (minutes)", minimum=minimum, positive=positive, error=error)
    if number > MAX_MINUTES:
        raise error(f"{what} must be at most {MAX_MINUTES} minutes (about 19,000 years), got {quote(value)}")
    return number


def flag(value: object, what: str, *, error: ErrorType = EngineError) -> bool:
    """A real ``bool``: ``"no"`` and ``1`` are refused, since a truthy string would silently mean yes."""
    if not isinstance(value, bool):
        raise error(f"{what} must be True or False, got {quote(value)}")
    return value


def finite(
    value: object,
    what: str,
    *,
    minimum: float | None = None,
    positive: bool = False,
    error: ErrorType = EngineError,
) -> float:
    """An int or float that is neither NaN nor infinite (and not a bool), at least ``minimum``, above 0 when
    ``positive``."""
    if _is_finite(value, minimum, positive):
        return value
    raise error(f"{what} must be a finite number{_bound(minimum, positive)}, got {quote(value)}")


def optional_finite(
    value: object,
    what: str,
    *,
    minimum: float | None = None,
    positive: bool = False,
    error: ErrorType = EngineError,
) -> float | None:
    """`finite`, or None: an optional argument whose None means "none" or "no limit"."""
    if value is None or _is_finite(value, minimum, positive):
        return value
    raise error(f"{what} must be None or a finite number{_bound(minimum, positive)}, got {quote(value)}")


def _is_finite(value: object, minimum: float | None, positive: bool) -> TypeGuard[float]:
    return (
        not isinstance(value, bool)
        and isinstance(value, (int, float))
        and _isfinite(value)
        and (minimum is None or value >= minimum)
        and (not positive or value > 0)
    )


def exact_amount(value: object, what: str, *, positive: bool = False, error: ErrorType = EngineError) -> Decimal:
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
            raise error(
                f"{what} must hold only printable characters and plain spaces; "
                f"U+{ord(char):04X} ({unicodedata.name(char, 'unnamed')}) is not allowed: {quote(value)}"
            )
    return value


def name_key(name: str) -> str:
    """What makes two names the same player's: compared without case and in Unicode's compatibility form
    (NFKC), so "Ann", "ANN" and a full-width "Ａｎｎ" are one name at a table and nobody can sit as a seated
    player's look-alike that way. (Letters of other scripts that only look alike, a Cyrillic "а", are not
    caught: that needs Unicode's confusables table.)"""
    return unicodedata.normalize("NFKC", name).casefold()


def one_of(value: object, allowed: tuple[object, ...], what: str, *, error: ErrorType = EngineError) -> object:
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


def _bound(minimum: float | None, positive: bool) -> str:
    if positive:
        return " > 0"
    return f" >= {minimum}" if minimum is not None else ""
