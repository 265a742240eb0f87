"""Prize money: a prize pool split over the places, in whole units, summing to the pool exactly.

A payout table is a list of percentages, first place first (``(50, 30, 20)``), or the standard structure for a
field of a given size (`standard_percentages`). Amounts are whole numbers of the smallest unit (cents, or chips
in a freeroll), so a split is exact only with a rule for the units left over; this module has one rule, used
everywhere:

- **Odd units go to the better places.** Each place gets the floor of its exact share (``pool * percent /
  100``, computed in fractions, never floats); the units left over (fewer than the number of places) go one
  each to 1st, 2nd, 3rd... in order. A better place never gets less than a worse one when its percentage is not
  smaller, so the table stays in order.
- **Players who share places** (two busting in one hand with equal stacks, or in one hand-for-hand round) split
  the prizes of the places they span equally: `share` gives each the floor and the odd units one each to the
  players in the order given (the tournament gives them in the order of the bigger stack at the start of the
  hand, then of registration).

Percentages are exact numbers: ints, `Fraction`, `Decimal` or decimal text (``"33.4"``), never floats (``33.3``
as a float is not 33.3): they must add up to exactly 100 and never rise from one place to the next.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from decimal import Decimal, InvalidOperation
from fractions import Fraction

from engine.errors import PayoutError
from engine.validate import chips, quote, whole

Percent = int | Fraction | Decimal | str


def _exact(value: object, where: str, *, as_written: bool = False) -> Fraction:
    """``value`` as an exact fraction; ``as_written``: the text the user typed is said as typed (``got x``)."""
    said = value if as_written and isinstance(value, str) and value else quote(value)
    if isinstance(value, (bool, float)):
        raise PayoutError(
            f"{where} must be an exact number (an int, Fraction, Decimal or decimal text such as "
            f"'33.4'), not {type(value).__name__} {quote(value)}: a float is not exact, a bool no number"
        )
    if isinstance(value, (int, Fraction)):
        number = Fraction(value)
    elif isinstance(value, str):
        try:
            number = Fraction(value)  # decimal text ("33.4") or a fraction ("100/3"), exactly
        except (ValueError, ZeroDivisionError):
            raise PayoutError(f"{where} must be a number, got {said}") from None
    elif isinstance(value, Decimal):
        try:
            decimal = Decimal(value)
        except InvalidOperation:
            raise PayoutError(f"{where} must be a number, got {said}") from None
        if not decimal.is_finite():
            raise PayoutError(f"{where} must be a finite number, got {said}")
        number = Fraction(decimal)
    else:
        raise PayoutError(f"{where} must be an exact number (an int, Fraction, Decimal or decimal text), got {said}")
    if number <= 0:
        raise PayoutError(f"{where} must be above 0 (a place that pays nothing is no paid place), got {said}")
    return number


def check_percentages(percentages: Sequence[Percent], *, named: str | None = None) -> tuple[Fraction, ...]:
    """The percentages as exact fractions, after checking they are a payout table: one or more, each above 0,
    never rising from one place to the next, adding up to exactly 100. ``named``: how the user wrote the table
    (``--payouts 50,60``), which then begins each message, its numbers said as written (not the Python values)."""
    if isinstance(percentages, (str, bytes)) or not isinstance(percentages, Sequence) or not percentages:
        raise PayoutError(
            f"a payout table is a non-empty list of percentages, first place first, such as "
            f"(50, 30, 20); got {quote(percentages)}"
        )
    prefix = "" if named is None else f"{named}: "
    exact = tuple(
        _exact(p, f"{prefix}the percentage of place {i + 1}", as_written=named is not None)
        for i, p in enumerate(percentages)
    )
    for place in range(1, len(exact)):
        if exact[place] > exact[place - 1]:
            rises = (
                f"place {place + 1} would pay more ({percentages[place]}%) than place {place} "
                f"({percentages[place - 1]}%): a payout table never rises"
            )
            raise PayoutError(f"{prefix}{rises}" if named else f"{rises}; got {quote(percentages)}")
    total = sum(exact, Fraction(0))
    if total != 100:
        if named is not None:
            raise PayoutError(f"{named} adds up to {_number(total)}, not 100: the percentages must add up to 100")
        raise PayoutError(f"the percentages must add up to exactly 100, got {_number(total)}: {quote(percentages)}")
    return exact


def split(pool: int, weights: Sequence[Fraction]) -> tuple[int, ...]:
    """``pool`` split in proportion to ``weights`` (positive fractions, not increasing): each gets the floor of
    its exact share, and the units left over go one each to the first ones (the odd-unit rule). Sums to
    ``pool`` exactly."""
    pool = chips(pool, "the prize pool", error=PayoutError)
    total = sum(weights, Fraction(0))
    base = [int(pool * w / total) for w in weights]  # int() of a non-negative Fraction is its floor
    left = pool - sum(base)
    return tuple(amount + (1 if place < left else 0) for place, amount in enumerate(base))


def payouts(pool: int, percentages: Sequence[Percent]) -> tuple[int, ...]:
    """The prize of each place, first place first, for ``pool`` (whole units) and the payout table
    ``percentages``; the prizes add up to ``pool`` exactly (the odd units to the better places)."""
    return split(pool, check_percentages(percentages))


STANDARD: tuple[tuple[int, tuple[int, ...]], ...] = (
    (5, (100,)),
    (8, (65, 35)),
    (17, (50, 30, 20)),
    (27, (40, 25, 17, 11, 7)),
    (45, (32, 20, 14, 10, 8, 6, 5, 5)),
)
"""The standard payout tables for small fields: (the largest field, the percentages). A sit-and-go of up to 5
pays the winner; 6 to 8 pay two; 9 to 17 three; 18 to 27 five; 28 to 45 eight. Larger fields: see
`standard_percentages`."""


def standard_percentages(entrants: int) -> tuple[Fraction, ...]:
    """The standard payout table for a field of ``entrants``: `STANDARD` up to 45 entrants; beyond, 15% of the
    field is paid (rounded up), place k in proportion to 1/k (so 1st gets twice 2nd and k times the k-th), as
    exact fractions adding up to 100."""
    return _standard(whole(entrants, "the number of entrants", minimum=1, error=PayoutError))


@functools.cache
def _standard(entrants: int) -> tuple[Fraction, ...]:
    """`standard_percentages`, worked out once per field size: a tournament asks after every hand."""
    for largest, table in STANDARD:
        if entrants <= largest:
            return tuple(Fraction(p) for p in table)
    places = -(-entrants * 15 // 100)
    weights = [Fraction(1, k) for k in range(1, places + 1)]
    total = sum(weights, Fraction(0))
    return tuple(100 * w / total for w in weights)


def standard_payouts(pool: int, entrants: int) -> tuple[int, ...]:
    """`payouts` of ``pool`` by the standard table for ``entrants``."""
    return split(pool, standard_percentages(entrants))


def share(amount: int, ways: int) -> tuple[int, ...]:
    """``amount`` split equally ``ways`` ways, the odd units one each to the first: what players who share
    places get (the prizes of the places they span, added up)."""
    amount = chips(amount, "the amount shared", error=PayoutError)
    ways = whole(ways, "the number of players sharing", minimum=1, error=PayoutError)
    base, left = divmod(amount, ways)
    return tuple(base + (1 if i < left else 0) for i in range(ways))


def _number(value: Fraction) -> str:
    """A sum of percentages as a person writes it: ``110``, ``100.5``; one no decimal holds exactly (thirds) to
    three places with its fraction: ``99.667 (299/3)``."""
    if value.denominator == 1:
        return str(value.numerator)
    decimal = Decimal(value.numerator) / Decimal(value.denominator)
    if Fraction(decimal) == value:
        return format(decimal, "f")
    return f"{float(value):.3f} ({value})"
