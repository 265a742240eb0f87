"""ICM: what tournament stacks are worth in prize money (the Malmuth-Harville model), and an ICM deal.

The model: the chance that a player finishes first is their share of the chips; given who finished first, the
chance that a player finishes second is their share of the chips left, and so on down the places. A player's
equity is the sum over the places of the prize times the chance of finishing there.

`icm_equities` computes it **exactly** by recursion over the players still unplaced, remembering each set of
them once (a set's chance is reached by many orders): the work is the number of such sets for the paid places,
sum over k < places of C(players, k). When that is at most `EXACT_STATES` (every field of up to 16 players,
and larger fields paying few places) the result is exact up to floating point. Beyond it, it **samples**
finishing orders: a player's chance of being next is their share of the chips left exactly when each player
draws an exponential time divided by their stack and they finish in the order of those times (the smallest
time is 1st place: a race the player with more chips wins more often). ``samples`` orders, from ``seed``: the
same inputs give the same equities on every machine; the error of each equity is about the largest prize
divided by the square root of the samples.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

from engine.errors import PayoutError
from engine.validate import chips, count_of, one_of, quote, whole

EXACT_STATES = 1 << 17
"""The most sets of unplaced players `icm_equities` visits to compute exactly (``method="auto"``); beyond it,
it samples."""


def _check(stacks: Sequence[int], prizes: Sequence[int]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    if isinstance(stacks, (str, bytes)) or not isinstance(stacks, Sequence) or not stacks:
        raise PayoutError(f"stacks must be a non-empty list of chip counts, got {quote(stacks)}")
    if isinstance(prizes, (str, bytes)) or not isinstance(prizes, Sequence):
        raise PayoutError(f"prizes must be a list of amounts, first place first, got {quote(prizes)}")
    checked = tuple(chips(s, f"stack {i}", error=PayoutError) for i, s in enumerate(stacks))
    if 0 in checked:
        raise PayoutError(
            f"stacks[{checked.index(0)}] is 0 chips, got {quote(stacks)}: ICM prices the players still in, each "
            f"with 1 chip or more; leave out a player with none (their place is given) and that place's prize"
        )
    paid = tuple(chips(p, f"the prize of place {i + 1}", error=PayoutError) for i, p in enumerate(prizes))
    if not paid:
        raise PayoutError("prizes must give at least the prize of first place (no prizes: every equity is 0)")
    if len(paid) > len(checked):
        raise PayoutError(
            f"{len(paid)} prizes for {count_of(len(checked), 'player')}: the places beyond {len(checked)} would "
            f"pay nobody; give the prizes of places 1 to {len(checked)} at most"
        )
    return checked, paid


def exact_states(players: int, places: int) -> int:
    """How many sets of unplaced players the exact computation visits for ``players`` and ``places`` paid."""
    return sum(math.comb(players, k) for k in range(min(places, players)))


def icm_equities(
    stacks: Sequence[int], prizes: Sequence[int], *, method: str = "auto", samples: int = 100_000, seed: int = 0
) -> tuple[float, ...]:
    """Each player's prize equity by the Malmuth-Harville model: ``stacks`` (whole chips, each at least 1: a
    player with none already has their place) and ``prizes`` for places 1, 2, ... (at most one per player).

    ``method``: "exact", "sample", or "auto" (exact up to `EXACT_STATES` sets of unplaced players, sampled
    beyond). Sampling draws ``samples`` finishing orders from ``seed``."""
    stacks, prizes = _check(stacks, prizes)
    one_of(method, ("auto", "exact", "sample"), "method", error=PayoutError)
    samples = whole(samples, "samples", minimum=1, error=PayoutError)
    seed = whole(seed, "seed", minimum=0, error=PayoutError)
    if method == "sample" or (method == "auto" and exact_states(len(stacks), len(prizes)) > EXACT_STATES):
        return _sampled(stacks, prizes, samples, seed)
    return _exact(stacks, prizes)


def _exact(stacks: tuple[int, ...], prizes: tuple[int, ...]) -> tuple[float, ...]:
    """Forward over the places: ``layer`` maps each set of unplaced players (a bit mask) to the chance that
    exactly they are unplaced after the places so far; each set is met once per layer however many orders
    reach it."""
    n = len(stacks)
    equity = [0.0] * n
    layer = {(1 << n) - 1: 1.0}
    for prize in prizes:
        following: dict[int, float] = {}
        for left, chance in layer.items():
            total = sum(stacks[i] for i in range(n) if left >> i & 1)
            for i in range(n):
                if left >> i & 1:
                    p = chance * stacks[i] / total
                    equity[i] += p * prize
                    rest = left & ~(1 << i)
                    following[rest] = following.get(rest, 0.0) + p
        layer = following
    return tuple(equity)


def _sampled(stacks: tuple[int, ...], prizes: tuple[int, ...], samples: int, seed: int) -> tuple[float, ...]:
    rng = random.Random(seed)
    n = len(stacks)
    totals = [0] * n
    paid = len(prizes)
    for _ in range(samples):
        times = sorted((rng.expovariate(1.0) / stacks[i], i) for i in range(n))
        for place in range(paid):
            totals[times[place][1]] += prizes[place]
    return tuple(total / samples for total in totals)


def icm_deal(
    stacks: Sequence[int],
    prizes: Sequence[int],
    *,
    reserve: int = 0,
    method: str = "auto",
    samples: int = 100_000,
    seed: int = 0,
) -> tuple[int, ...]:
    """An ICM deal: the prizes still to be paid, split now by each player's ICM equity, in whole units adding
    up to ``sum(prizes)`` exactly. ``reserve`` units of first prize stay to be played for (the winner takes
    them): the rest is split by the equities of the prizes with first prize less the reserve, and the amounts
    returned are what each player is paid now.

    The rounding: each gets the floor of their equity; the units left over go one each to the largest
    fractions, a larger stack first among equal fractions, then the earlier player."""
    stacks, prizes = _check(stacks, prizes)
    reserve = chips(reserve, "reserve", error=PayoutError)
    if reserve > prizes[0] - (prizes[1] if len(prizes) > 1 else 0):
        raise PayoutError(
            f"the reserve ({reserve}) may be at most first prize less second prize "
            f"({prizes[0]} - {prizes[1] if len(prizes) > 1 else 0}), so first still pays the most"
        )
    dealt = (prizes[0] - reserve, *prizes[1:])
    equities = icm_equities(stacks, dealt, method=method, samples=samples, seed=seed)
    total = sum(dealt)
    scale = total / sum(equities) if sum(equities) else 0.0  # sampling and rounding: rescale to the exact total
    exact = [e * scale for e in equities]
    base = [min(math.floor(e), total) for e in exact]
    order = sorted(range(len(stacks)), key=lambda i: (-(exact[i] - base[i]), -stacks[i], i))
    left = total - sum(base)
    for k in range(abs(left)):
        base[order[k % len(order)] if left > 0 else order[-1 - k % len(order)]] += 1 if left > 0 else -1
    return tuple(base)
