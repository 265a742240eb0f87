"""Many hands at once for throughput: `HandBatch`, a documented batch API in the style of ``gymnasium.vector``.

A batch holds ``size`` tables, each playing one hand at a time among ``players`` seats (self-play: the policy
acts for whichever seat is to act). Everything a learner reads is a numpy array with one row per table,
updated in place at each step: ``observations`` (the acting seat's observation, exactly what
`engine.envs.observation.encode` gives for that seat), ``action_masks`` (as `engine.envs.actions.ActionMap`),
``actors`` (the seat to act), and, for the hands that ended on that step, ``rewards`` (every seat's chips won
or lost in big blinds) and ``dones``. A finished hand is replaced at once by the next (the button moves on,
stacks start again at ``stack``): ``step`` returns the new hand's first observation with the finished hand's
rewards, as ``gymnasium.vector``'s same-step autoreset does. The arrays are the batch's own and are
overwritten by the next step: copy what you keep.

Speed comes from the representation: no per-step wrappers and no dicts; the parts of an observation that do
not change during a hand (the hole cards of every seat) are worked out once a hand, the rest for all tables in
a few numpy operations a step. `benchmarks/bench_env.py` measures it against raw RLCard.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
from numpy.typing import NDArray

from engine.cards import ALL_CARDS, Deck
from engine.envs.actions import ActionMap
from engine.envs.config import EnvError, env_rules, stack_argument
from engine.envs.observation import (
    BIG_BLIND,
    BOARD,
    HOLE,
    MAX_TO,
    MIN_TO,
    POSITION,
    POT,
    STREET,
    STRUCTURE,
    STRUCTURE_SLOTS,
    TO_CALL,
    observation_size,
    seats_start,
)
from engine.errors import IllegalAction
from engine.order import Street
from engine.rules import Rules
from engine.state import HandState, start_hand
from engine.validate import quote, random_seed, whole

__all__ = ["HandBatch"]


class HandBatch:
    """``size`` tables of Omaha Hi-Lo played in lockstep, one decision per table a step.

    ``game``, ``blinds``, ``stack`` and ``actions`` are as for `engine.envs.omaha_hilo_v0.raw_env`. ``seed``
    fixes every deck and button: the same seed and the same actions give the same hands.
    """

    def __init__(
        self,
        size: int = 64,
        players: int = 2,
        game: str | Rules = "pot-limit",
        blinds: tuple[int, ...] = (1, 2),
        stack: int | None = None,
        actions: str = "abstract",
        seed: int | None = None,
    ) -> None:
        self.size = whole(size, "size (tables in the batch)", minimum=1, maximum=1 << 20, error=EnvError)
        self.rules = env_rules(game, players, blinds)
        self.players = players
        self.stack = stack_argument(100 * self.rules.big_blind if stack is None else stack, self.rules)
        self.action_map = ActionMap(actions, self.stack)
        n = players
        self.observations: NDArray[np.float32] = np.zeros((self.size, observation_size(n)), np.float32)
        self.action_masks: NDArray[np.int8] = np.zeros((self.size, self.action_map.size), np.int8)
        self.actors: NDArray[np.int64] = np.zeros(self.size, np.int64)
        self.rewards: NDArray[np.float32] = np.zeros((self.size, n), np.float32)
        self.dones: NDArray[np.bool_] = np.zeros(self.size, np.bool_)
        self.hands: list[HandState] = []
        self.hands_played = 0
        self._scale = 1.0 / (self.stack * n)
        self._rng = np.random.default_rng(random_seed(seed, error=EnvError))
        self._buttons = [0] * self.size
        self._masks: list[list[int]] = []
        self._rows = np.arange(self.size)
        self._around = (np.arange(n)[None, :] + np.arange(n)[:, None]) % n  # [seat] -> seats clockwise from it
        # the cards one hand deals: hole cards, then a burn and the flop, a burn and the turn, a burn and the river
        self._dealt = n * self.rules.hole_cards + 8
        self._structure = STRUCTURE_SLOTS[self.rules.betting.name]

    def reset(self, seed: int | None = None) -> tuple[NDArray[np.float32], NDArray[np.int8], NDArray[np.int64]]:
        """Deal a new hand at every table (``seed`` restarts the batch's random generator). Returns
        (observations, action_masks, actors)."""
        if random_seed(seed, error=EnvError) is not None:
            self._rng = np.random.default_rng(seed)
        self._buttons = [int(button) for button in self._rng.integers(0, self.players, self.size)]
        self.hands = self._deal(list(range(self.size)))
        self.rewards[:] = 0.0
        self.dones[:] = False
        self._encode()
        return self.observations, self.action_masks, self.actors

    def step(
        self, actions: Sequence[int] | NDArray[Any]
    ) -> tuple[NDArray[np.float32], NDArray[np.int8], NDArray[np.int64], NDArray[np.float32], NDArray[np.bool_]]:
        """Play one action at every table (``actions[i]`` for table i's actor, an index of the action set whose
        mask is 1). Returns (observations, action_masks, actors, rewards, dones); ``rewards[i]`` and
        ``dones[i]`` are those of the hand that ended at table i on this step (zeros and False elsewhere).
        A masked or malformed action raises (`IllegalAction`, `EnvError`) before any table moves."""
        if not self.hands:
            raise EnvError("call reset() before step(): no hand has been dealt")
        if isinstance(actions, (str, bytes)) or not hasattr(actions, "__len__") or len(actions) != self.size:
            raise EnvError(f"step needs a sequence of {self.size} actions, one per table, got {quote(actions)}")
        action_map, masks, hands = self.action_map, self._masks, self.hands
        indexes = [action_map.index(action) for action in actions]
        for table, index in enumerate(indexes):
            if not masks[table][index]:
                hand = hands[table]
                raise IllegalAction(
                    f"table {table}: action {index} ({action_map.names()[index]}) is masked for "
                    f"seat {hand.actor}: {hand.legal_actions().describe()}"
                )
        self.rewards[:] = 0.0
        self.dones[:] = False
        over = []
        big_blind = self.rules.big_blind
        for table, index in enumerate(indexes):
            hand = hands[table]
            chosen = action_map.to_action(hand, index, masks[table])
            assert chosen is not None  # the mask said it is allowed
            hand = hands[table] = hand.apply(chosen)
            if hand.actor is None:
                result = hand.result
                assert result is not None  # nobody to act: the hand is over
                self.rewards[table] = [net / big_blind for net in result.net]
                over.append(table)
        if over:
            self.dones[over] = True
            self.hands_played += len(over)
            for table, hand in zip(over, self._deal(over), strict=True):
                hands[table] = hand
        self._encode()
        return self.observations, self.action_masks, self.actors, self.rewards, self.dones

    # --- inside ----------------------------------------------------------------------------------------------

    def _deal(self, tables: list[int]) -> list[HandState]:
        """The next hand at each of ``tables``: fresh stacks, the button moved on, the cards drawn for all of
        them at once from the batch's generator (only the cards a hand deals)."""
        players, out = self.players, []
        orders = np.argsort(self._rng.random((len(tables), 52)), axis=1)[:, : self._dealt].tolist()
        for table, indexes in zip(tables, orders, strict=True):
            order = [ALL_CARDS[index] for index in indexes]
            button = self._buttons[table] = (self._buttons[table] + 1) % players
            hand = start_hand(self.rules, (self.stack,) * players, button, deck=Deck.ordered(order))
            while hand.actor is None:  # over as dealt (cannot happen with whole stacks): deal again
                order = [ALL_CARDS[index] for index in np.argsort(self._rng.random(52))[: self._dealt].tolist()]
                hand = start_hand(self.rules, (self.stack,) * players, button, deck=Deck.ordered(order))
            out.append(hand)
        return out

    def _encode(self) -> None:
        """Every table's observation of its actor and its mask: what each state says gathered into lists, then
        written into the arrays in a few numpy operations."""
        hands, n, scale, rows = self.hands, self.players, self._scale, self._rows
        mask_of, legal_of = self.action_map.mask, HandState.legal_actions
        actors = [_actor(hand) for hand in hands]
        self._masks = [mask_of(hand) for hand in hands]
        legals = [legal_of(hand) for hand in hands]
        seats = np.array([hand.stacks + hand.bets + hand.contributed + hand.folded for hand in hands], np.float64)
        scalars = np.array(
            [
                (
                    hand.pot_total,
                    hand.level - hand.bets[seat],
                    hand.stacks[seat],
                    legal.min_to if legal.wager else 0,
                    legal.max_to if legal.wager else 0,
                    hand.button,
                    hand.street,
                )
                for hand, seat, legal in zip(hands, actors, legals, strict=True)
            ],
            np.float64,
        )
        holes = np.array([hand.hole[seat] for hand, seat in zip(hands, actors, strict=True)], np.int64)
        boards = np.array([hand.board + (52,) * (5 - len(hand.board)) for hand in hands], np.int64)
        self.action_masks[:] = self._masks
        actor = self.actors
        actor[:] = actors
        out = self.observations
        out[:] = 0.0
        out[rows[:, None], HOLE + holes] = 1.0
        cards = np.zeros((self.size, 53), np.float32)
        cards[rows[:, None], boards] = 1.0
        out[:, BOARD : BOARD + 52] = cards[:, :52]
        out[rows, STREET + scalars[:, 6].astype(np.int64) - Street.PREFLOP] = 1.0
        out[:, STRUCTURE + self._structure] = 1.0
        out[:, POT] = scalars[:, 0] * scale
        out[:, BIG_BLIND] = self.rules.big_blind * scale
        out[:, TO_CALL] = np.minimum(scalars[:, 1], scalars[:, 2]) * scale
        out[:, MIN_TO] = scalars[:, 3] * scale
        out[:, MAX_TO] = scalars[:, 4] * scale
        out[rows, POSITION + (actor - scalars[:, 5].astype(np.int64)) % n] = 1.0
        per_seat = seats.reshape(self.size, 4, n)[:, :, None, :]  # (tables, field, 1, seat)
        around = np.take_along_axis(per_seat[:, :, 0, :], self._around[actor][:, None, :].repeat(4, axis=1), 2)
        around[:, :3] *= scale
        start = seats_start(n)
        out[:, start : start + 4 * n] = around.transpose(0, 2, 1).reshape(self.size, 4 * n)

    def __repr__(self) -> str:
        return f"HandBatch(size={self.size}, players={self.players}, rules={self.rules!r}, stack={self.stack})"


def _actor(hand: HandState) -> int:
    """The seat to act: every hand in a batch has one (a finished hand is replaced at once)."""
    seat = hand.actor
    assert seat is not None
    return seat
