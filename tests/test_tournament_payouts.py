"""Payouts and ICM: exact prize splits, and ICM equities checked against values computed here independently
(by hand, and by brute force over every finishing order in exact fractions)."""

from __future__ import annotations

import itertools
from decimal import Decimal
from fractions import Fraction

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from engine.tournament import (
    EXACT_STATES,
    PayoutError,
    icm_deal,
    icm_equities,
    payouts,
    share,
    standard_payouts,
    standard_percentages,
)
from engine.tournament.icm import exact_states


def brute_force_icm(stacks: list[int], prizes: list[int]) -> list[Fraction]:
    """Every finishing order, its Malmuth-Harville chance as a product of chip shares, in exact fractions."""
    n = len(stacks)
    equity = [Fraction(0)] * n
    for order in itertools.permutations(range(n)):
        chance = Fraction(1)
        left = sum(stacks)
        for player in order:
            chance *= Fraction(stacks[player], left)
            left -= stacks[player]
        for place, player in enumerate(order[: len(prizes)]):
            equity[player] += chance * prizes[place]
    return equity


def test_payouts_split_exactly_with_the_odd_units_to_the_better_places() -> None:
    assert payouts(1000, (50, 30, 20)) == (500, 300, 200)
    assert payouts(100, ("33.4", "33.3", "33.3")) == (34, 33, 33)  # 33.4, 33.3, 33.3: 0.4 + 0.3 + 0.3 left over
    assert payouts(10, (Fraction(100, 3),) * 3) == (4, 3, 3)
    assert payouts(7, (Decimal(60), Decimal(40))) == (5, 2)  # 4.2 and 2.8: floors 4 and 2, the odd unit to 1st
    assert payouts(0, (100,)) == (0,)


@pytest.mark.parametrize(
    "bad, words",
    [
        ((50, 30), "exactly 100"),
        ((30, 70), "never rises"),
        ((50.0, 50.0), "not exact"),
        ((), "non-empty"),
        ((100, 0), "above 0"),
        (("x", 100), "a number"),
        ("100", "non-empty list"),
    ],
)
def test_a_bad_payout_table_says_what_is_wrong(bad: object, words: str) -> None:
    with pytest.raises(PayoutError, match=words):
        payouts(100, bad)  # type: ignore[arg-type]


def test_a_negative_pool_is_refused() -> None:
    with pytest.raises(PayoutError, match="prize pool"):
        payouts(-1, (100,))


@given(pool=st.integers(0, 10**12), weights=st.lists(st.integers(1, 1000), min_size=1, max_size=30))
@example(pool=6, weights=[2, 1, 1])  # 3, 1.5, 1.5: the odd unit goes to 1st, whose share was whole (4 = 3 + 1)
def test_payouts_always_sum_to_the_pool_and_never_rise(pool: int, weights: list[int]) -> None:
    weights.sort(reverse=True)
    percentages = [Fraction(100 * w, sum(weights)) for w in weights]
    paid = payouts(pool, percentages)
    assert sum(paid) == pool
    assert all(a >= b for a, b in itertools.pairwise(paid))
    # each prize is its share's floor, plus one of the odd units for the better places: at most one unit above
    assert all(-1 < p - pool * q / 100 <= 1 for p, q in zip(paid, percentages, strict=True))


@given(entrants=st.integers(1, 5000), pool=st.integers(0, 10**9))
def test_the_standard_table_pays_a_third_of_a_small_field_and_15_percent_of_a_large_one(
    entrants: int, pool: int
) -> None:
    table = standard_percentages(entrants)
    assert sum(table) == 100
    assert len(table) <= max(1, -(-entrants * 35 // 100))
    if entrants > 45:
        assert len(table) == -(-entrants * 15 // 100)
    paid = standard_payouts(pool, entrants)
    assert sum(paid) == pool and len(paid) == len(table)


def test_the_standard_table_by_field_size() -> None:
    assert standard_percentages(2) == (100,)
    assert standard_percentages(6) == (65, 35)
    assert standard_percentages(9) == (50, 30, 20)
    assert len(standard_percentages(100)) == 15
    first, second = standard_percentages(100)[:2]
    assert first == 2 * second


@given(amount=st.integers(0, 10**9), ways=st.integers(1, 20))
def test_share_is_equal_but_for_one_unit(amount: int, ways: int) -> None:
    parts = share(amount, ways)
    assert sum(parts) == amount and max(parts) - min(parts) <= 1 and list(parts) == sorted(parts, reverse=True)


def test_icm_by_hand() -> None:
    # 5/3/2 chips, prizes 5/3/2. A: 1st 1/2; 2nd 3/10 * 5/7 + 2/10 * 5/8 = 19/56; 3rd 9/56:
    # 5/2 + 3 * 19/56 + 2 * 9/56 = 215/56.
    equity = icm_equities((5, 3, 2), (5, 3, 2))
    assert equity[0] == pytest.approx(215 / 56, abs=1e-12)
    assert sum(equity) == pytest.approx(10)
    # Equal stacks are worth equal shares; a winner-take-all prize is worth the chip share.
    assert icm_equities((7, 7, 7, 7), (60, 40)) == pytest.approx((25, 25, 25, 25))
    assert icm_equities((1, 2, 7), (100,)) == pytest.approx((10, 20, 70))


@settings(max_examples=150, deadline=None)
@given(data=st.data())
def test_icm_matches_brute_force_over_every_finishing_order(data: st.DataObject) -> None:
    stacks = data.draw(st.lists(st.integers(1, 10_000), min_size=1, max_size=6))
    prizes = sorted(data.draw(st.lists(st.integers(0, 1000), min_size=1, max_size=len(stacks))), reverse=True)
    expected = brute_force_icm(stacks, prizes)
    got = icm_equities(stacks, prizes, method="exact")
    assert got == pytest.approx([float(e) for e in expected], rel=1e-9, abs=1e-9)


def test_sampled_icm_is_close_to_exact() -> None:
    stacks, prizes = (1200, 800, 500, 300, 200), (500, 300, 200)
    exact = icm_equities(stacks, prizes, method="exact")
    sampled = icm_equities(stacks, prizes, method="sample", samples=40_000, seed=3)
    assert sampled == pytest.approx(exact, abs=5)  # 500 / sqrt(40000) = 2.5: within two errors
    assert sampled == icm_equities(stacks, prizes, method="sample", samples=40_000, seed=3)  # same seed, same answer


def test_large_fields_are_sampled_and_small_ones_exact() -> None:
    assert exact_states(16, 16) <= EXACT_STATES < exact_states(18, 18)
    stacks = tuple(range(100, 4100, 100))  # 40 players, 8 paid: too many sets, so sampled
    assert exact_states(40, 8) > EXACT_STATES
    prizes = (3000, 2000, 1500, 1000, 800, 700, 600, 400)
    equity = icm_equities(stacks, prizes, samples=2000)
    assert sum(equity) == pytest.approx(sum(prizes))
    assert equity[-1] > equity[0]


@given(data=st.data())
@settings(max_examples=100, deadline=None)
def test_an_icm_deal_pays_the_prizes_exactly(data: st.DataObject) -> None:
    stacks = data.draw(st.lists(st.integers(1, 10_000), min_size=2, max_size=7))
    prizes = sorted(data.draw(st.lists(st.integers(0, 10_000), min_size=2, max_size=len(stacks))), reverse=True)
    reserve = data.draw(st.integers(0, prizes[0] - prizes[1]))
    deal = icm_deal(stacks, prizes, reserve=reserve)
    assert sum(deal) == sum(prizes) - reserve
    exact = brute_force_icm(stacks, [prizes[0] - reserve, *prizes[1:]])
    assert all(abs(d - e) < 1 for d, e in zip(deal, exact, strict=True))
    assert min(deal) >= min(prizes) if len(prizes) == len(stacks) else True


def test_icm_refuses_what_it_cannot_price() -> None:
    with pytest.raises(PayoutError) as zero:
        icm_equities((100, 0), (10, 5))
    assert str(zero.value) == (
        "stacks[1] is 0 chips, got (100, 0): ICM prices the players still in, each with 1 chip or more; leave out "
        "a player with none (their place is given) and that place's prize"
    )
    with pytest.raises(PayoutError, match=r"^prizes must give at least the prize of first place"):
        icm_equities((5, 5), ())  # it said (0.0, 0.0): equities of nothing
    with pytest.raises(PayoutError, match=r"^2 prizes for 1 player: "):
        icm_equities((5,), (6, 4))
    with pytest.raises(PayoutError, match="would pay nobody"):
        icm_equities((100, 50), (10, 5, 1))
    with pytest.raises(PayoutError, match="method"):
        icm_equities((100, 50), (10,), method="fast")
    with pytest.raises(PayoutError, match="reserve"):
        icm_deal((100, 50), (10, 5), reserve=6)
