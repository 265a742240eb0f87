"""A bot that plays at random: the opponent for fuzzing the engine and for measuring its speed."""

from __future__ import annotations

import random

from engine.actions import Action, Bet, Call, Check, Fold, Raise, RunIt, Show
from engine.bots.base import legal_of
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

    def __init__(self, weights: tuple[float, float, float] = (0.15, 0.60, 0.25), seed: int | str | None = None,
                 amount: str = "min", name: str = "random") -> None:
        if len(weights) != 3 or any(not isinstance(w, (int, float)) or w < 0 for w in weights) or not sum(weights):
            raise ValueError(f"weights are three numbers >= 0 (fold, check/call, bet/raise), not all 0; "
                             f"got {weights!r}")
        if amount not in ("min", "random"):
            raise ValueError(f"amount is 'min' or 'random', got {amount!r}")
        total = float(sum(weights))
        self.weights = weights
        self._fold_below = weights[0] / total
        self._wager_from = 1.0 - weights[2] / total
        self.amount = amount
        self.name = name
        self.rng = random.Random(seed)
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
