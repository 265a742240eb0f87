"""A bot that plays at random: the opponent for fuzzing the engine and for measuring its speed."""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

from engine.actions import Action, Bet, Call, Check, Fold, Raise, RunIt, Show
from engine.bots.base import MatchError, bot_name_argument, legal_of, seed_argument
from engine.validate import finite, one_of, quote
from engine.views import SeatView

_FOLD, _CHECK, _CALL = Fold(), Check(), Call()  # actions are values: one of each serves every decision


class RandomBot:
    """At each decision it draws a kind of action by weight: fold, passive (check or call), aggressive (bet or
    raise). A kind that is not legal at that moment becomes check or call, so the weights are the chances of
    *trying* each kind: with the defaults (0.15, 0.60, 0.25) it folds 15% of the time when facing a bet and bets
    or raises 25% of the time when it may. Folding when it could check is never chosen (nobody folds for free).

    ``amount`` says how much a wager is: "min" (the default; the only amount in fixed limit) or "random"
    (uniform over every legal total, all-ins included: it exercises side pots in pot and no limit).

    The draws come from its own `random.Random(seed)`, one ``random()`` per decision (and one ``randint``
    for a random amount), so a seeded bot plays the same way every time it sees the same spots.
    """

    def __init__(
        self,
        weights: Sequence[float] = (0.15, 0.60, 0.25),
        seed: int | str | None = None,
        amount: str = "min",
        name: str = "random",
    ) -> None:
        weights = _weights(weights)
        one_of(amount, ("min", "random"), "amount", error=MatchError)
        total = float(sum(weights))
        self.weights = weights
        self._fold_below = weights[0] / total
        self._wager_from = 1.0 - weights[2] / total
        self.amount = amount
        self.name = bot_name_argument(name)
        self.rng = random.Random(seed_argument(seed))
        self._random = self.rng.random

    def decide(self, can_fold: bool, can_wager: bool) -> str:
        """One draw: "fold", "wager" or "pass" (check or call). Public so a benchmark can play the very same
        policy in another engine."""
        r = self._random()
        if can_fold and r < self._fold_below:
            return "fold"
        if can_wager and r >= self._wager_from:
            return "wager"
        return "pass"

    def act(self, view: SeatView) -> Action:
        """One weighted draw (see the class): fold, check or call, or a bet or raise."""
        legal = view.legal or legal_of(view)
        r = self._random()  # decide(), inlined: this is the benchmark's hot path
        if legal.fold and r < self._fold_below:
            return _FOLD
        if legal.wager is not None and r >= self._wager_from:
            to = legal.min_to if self.amount == "min" else self.rng.randint(legal.min_to, legal.max_to)
            return Raise(to) if legal.wager == "raise" else Bet(to)
        if legal.check:
            return _CHECK
        if legal.call:
            return _CALL
        return RunIt(self.rng.randint(1, legal.runs)) if legal.runs else Show()


def _weights(weights: object) -> tuple[float, float, float]:
    """Three finite numbers >= 0, not all 0, whose sum is finite too (MatchError otherwise)."""
    wanted = "weights must be three finite numbers >= 0 (fold, check/call, bet/raise), not all 0"
    if not isinstance(weights, (tuple, list)) or len(weights) != 3:
        raise MatchError(f"{wanted}; got {quote(weights)}")
    for weight in weights:
        try:
            finite(weight, f"{wanted}; each", minimum=0, error=MatchError)
        except OverflowError:  # an int too large for a float
            raise MatchError(f"{wanted}; got {quote(weight)}") from None
    try:
        total = float(sum(weights))
    except OverflowError:
        total = math.inf
    if not 0 < total < math.inf:
        raise MatchError(f"{wanted}, with a finite sum; got {quote(weights)}")
    return weights[0], weights[1], weights[2]
