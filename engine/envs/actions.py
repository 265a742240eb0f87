"""The discrete actions of the environments and how each becomes an engine action.

Two action sets:

- ``"abstract"`` (the default), six actions: 0 fold, 1 check or call, 2 the minimum bet or raise, 3 half the
  pot, 4 the pot, 5 all in. A size is the total the player's bet this round becomes ("raise to"): half pot
  is ``level + (pot + to_call) // 2`` and pot is ``level + pot + to_call``, where ``pot`` counts every chip in
  the middle (this round's bets included) and ``to_call`` is what the player must first put in to call (so
  a pot-sized raise is the pot-limit maximum). Every size is clamped into the legal ``min_to..max_to``. Two
  sizes that come to the same amount are one action: only the first (lowest index) is unmasked, so in fixed
  limit, where every size is the one legal amount, only the minimum is, and in pot limit "all in" is masked
  whenever the pot is the most a player may bet.
- ``"exact"``: 0 fold, 1 check or call, and ``2 + to`` a bet or raise to exactly ``to`` chips, for ``to``
  from 0 to the largest stack: every legal amount is unmasked.

Fold is masked when the player could check (folding for nothing is never offered); check or call is always
unmasked while the hand is on.
"""

from __future__ import annotations

import operator

from engine.actions import Action, Bet, Call, Check, Fold, Raise
from engine.envs.config import ACTION_SETS, EnvError
from engine.errors import IllegalAction
from engine.state import HandState, LegalActions
from engine.validate import one_of, quote

FOLD, CHECK_CALL, MIN_RAISE, HALF_POT, POT, ALL_IN = range(6)
ABSTRACT_ACTIONS = ("fold", "check/call", "min bet/raise", "half pot", "pot", "all-in")
_FOLD, _CHECK, _CALL = Fold(), Check(), Call()


class ActionMap:
    """The action set of one environment: its size, the mask of a state, and the engine action of an index."""

    def __init__(self, actions: str = "abstract", largest_stack: int = 0) -> None:
        one_of(actions, ACTION_SETS, "actions (the action set)", error=EnvError)
        self.kind = actions
        self.size = len(ABSTRACT_ACTIONS) if actions == "abstract" else 2 + largest_stack + 1

    def names(self) -> tuple[str, ...]:
        """What each index means, for messages and docs."""
        if self.kind == "abstract":
            return ABSTRACT_ACTIONS
        return ("fold", "check/call", *(f"to {to}" for to in range(self.size - 2)))

    def wager_sizes(self, state: HandState, legal: LegalActions) -> list[int]:
        """The amount of each abstract wager (min, half pot, pot, all in), clamped into min_to..max_to."""
        seat = legal.seat
        level, low, high = state.level, legal.min_to, legal.max_to
        owed = level - state.bets[seat]
        pot = state.pot_total
        sizes = [low, level + (pot + owed) // 2, level + pot + owed, state.bets[seat] + state.stacks[seat]]
        return [low if size < low else high if size > high else size for size in sizes]

    def mask(self, state: HandState) -> list[int]:
        """1 for each action the player to act may choose, 0 for the rest (all 0 once the hand is over)."""
        mask = [0] * self.size
        if state.actor is None:
            return mask
        legal = state.legal_actions()
        mask[FOLD] = 1 if legal.fold else 0
        mask[CHECK_CALL] = 1 if (legal.check or legal.call) else 0
        if legal.wager is not None:
            if self.kind == "abstract":
                seen: set[int] = set()
                for index, size in enumerate(self.wager_sizes(state, legal), MIN_RAISE):
                    if size not in seen:
                        seen.add(size)
                        mask[index] = 1
            else:
                mask[2 + legal.min_to : 2 + legal.max_to + 1] = [1] * (legal.max_to - legal.min_to + 1)
        return mask

    def index(self, action: object) -> int:
        """``action`` as an index of this set: an int or a numpy integer, not a bool, a float or text."""
        if isinstance(action, (bool, float, str)):
            raise IllegalAction(self._wanted(action))
        try:
            index = operator.index(action)  # type: ignore[arg-type]  # numpy integers and 0-d integer arrays too
        except TypeError:
            raise IllegalAction(self._wanted(action)) from None
        if not 0 <= index < self.size:
            raise IllegalAction(self._wanted(action))
        return index

    def to_action(self, state: HandState, index: int, mask: list[int] | None = None) -> Action | None:
        """The engine action of an in-range ``index``, or None when its mask is 0 (illegal, or a duplicate).
        ``mask``: the state's mask when the caller has it already."""
        if state.actor is None or not (self.mask(state) if mask is None else mask)[index]:
            return None
        legal = state.legal_actions()
        if index == FOLD:
            return _FOLD
        if index == CHECK_CALL:
            return _CHECK if legal.check else _CALL
        to = self.wager_sizes(state, legal)[index - MIN_RAISE] if self.kind == "abstract" else index - 2
        return Raise(to) if legal.wager == "raise" else Bet(to)

    def _wanted(self, action: object) -> str:
        if self.kind == "abstract":
            names = ", ".join(f"{i} {name}" for i, name in enumerate(ABSTRACT_ACTIONS))
            return f"an action is a whole number 0..5 ({names}), got {quote(action)}"
        return (
            f"an action is a whole number 0..{self.size - 1} (0 fold, 1 check/call, 2 + N bet or raise to N chips),"
            f" got {quote(action)}"
        )
