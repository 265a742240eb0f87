"""Omaha Hi-Lo as a Gymnasium environment: one learning agent at a table of built-in bots.

``OmahaHiLoEnv(players=6, opponents=("hilo", "random"), game="pot-limit")`` seats the agent in seat 0 and the
opponents, repeated in order to fill the other seats (as ``simulate --bots`` does), in seats 1.. . One episode
is one hand: the button (and so the agent's position) and the deck are drawn from the environment's
``np_random`` at every reset, the opponents play their turns inside ``reset`` and ``step``, and the reward comes
when the hand ends: the agent's chips won or lost divided by the big blind.

Observations and actions are the PettingZoo environment's (`engine.envs.observation`, `engine.envs.actions`):
a dict of ``observation`` and ``action_mask``; ``action_masks()`` gives the mask too, for libraries such as
sb3-contrib's MaskablePPO. An action whose mask is 0 is replaced by the engine's timeout action (check if
possible, else fold) and counted in ``info["illegal_actions"]`` (``on_illegal="default"``, the default here,
since plain RL algorithms sample unmasked actions), or raises `IllegalAction` with ``on_illegal="raise"``.

A hand in which the agent has nothing to decide (everyone folds to its big blind, or the blinds put it all in)
is not an episode: reset deals on until the agent is to act, and its ``info`` says how many hands it dealt
past (``hands_skipped``) and what the agent won or lost in them (``skipped_net_bb``).

Opponents named "random", "caller", "hilo" (or "module:Class") are made with `engine.bots.make_bot`; the random
ones are seeded from the reset seed, so ``reset(seed=s)`` and the same actions replay the same hand. Bot
objects given directly are used as they are (their own randomness is theirs).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces
from numpy.typing import NDArray

from engine.bots.base import Bot
from engine.bots.registry import make_bot
from engine.bots.view import bot_view
from engine.envs.actions import ActionMap
from engine.envs.config import EnvError, env_settings
from engine.envs.observation import encode, observation_size
from engine.envs.render import describe
from engine.errors import IllegalAction
from engine.rules import Rules
from engine.state import HandState, start_hand
from engine.validate import quote, random_seed

AGENT_SEAT = 0
_SKIP_LIMIT = 1000  # hands dealt past in one reset before giving up: only a table where the agent can never act


class OmahaHiLoEnv(gymnasium.Env[dict[str, Any], np.int64]):
    """One agent (seat 0) against bots; one hand per episode. Arguments as `engine.envs.omaha_hilo_v0.raw_env`,
    plus ``opponents``: bot names or bot objects, repeated to fill ``players - 1`` seats."""

    metadata: dict[str, Any] = {"render_modes": ["human", "ansi"], "render_fps": 1}  # noqa: RUF012  # Gymnasium's name

    def __init__(
        self,
        players: int = 6,
        opponents: Sequence[str | Bot] = ("hilo", "random"),
        game: str | Rules = "pot-limit",
        blinds: tuple[int, ...] = (1, 2),
        stack: int | None = None,
        actions: str = "abstract",
        on_illegal: str = "default",
        render_mode: str | None = None,
    ) -> None:
        settings = env_settings(game, players, blinds, stack, on_illegal, render_mode)
        self.rules, self.stack, self.on_illegal, self.render_mode = settings
        self.action_map = ActionMap(actions, self.stack)
        self.players = players
        self._specs = _opponents(opponents, players)
        self.opponents: list[Bot] = self._make_opponents(0)
        self.observation_space = spaces.Dict(
            {
                "observation": spaces.Box(0.0, 1.0, shape=(observation_size(players),), dtype=np.float32),
                "action_mask": spaces.Box(0, 1, shape=(self.action_map.size,), dtype=np.int8),
            }
        )
        self.action_space = spaces.Discrete(self.action_map.size)
        self.hand: HandState | None = None

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, NDArray[Any]], dict[str, Any]]:
        """Deals a new hand and plays the bots' turns until the agent is to act (Gymnasium's ``reset``)."""
        super().reset(seed=random_seed(seed, error=EnvError))
        if seed is not None:
            self.opponents = self._make_opponents(int(self.np_random.integers(2**63)))
        skipped, skipped_net = 0, 0
        while True:
            deck_seed = int(self.np_random.integers(2**63))
            button = int(self.np_random.integers(self.players))
            hand = self._bots_play(start_hand(self.rules, (self.stack,) * self.players, button, seed=deck_seed))
            if not hand.is_over:
                break
            assert hand.result is not None  # a hand nobody is to act in is over
            self._hands_over(hand)
            skipped += 1
            skipped_net += hand.result.net[AGENT_SEAT]
            if skipped >= _SKIP_LIMIT:
                raise EnvError(f"the agent had nothing to decide in {skipped} hands in a row")
        self.hand = hand
        if self.render_mode == "human":
            self.render()
        info = self._info()
        info.update(hands_skipped=skipped, skipped_net_bb=skipped_net / self.rules.big_blind)
        return self._observation(), info

    def step(self, action: Any) -> tuple[dict[str, NDArray[Any]], float, bool, bool, dict[str, Any]]:
        """Applies the agent's action, then the bots' until the agent acts again or the hand ends."""
        hand = self.hand
        if hand is None or hand.is_over:
            raise EnvError("the hand is over (or was never dealt): call reset() to deal the next one")
        index = self.action_map.index(action)
        chosen = self.action_map.to_action(hand, index, self._mask())
        illegal = chosen is None
        if chosen is None:
            legal = hand.legal_actions()
            if self.on_illegal == "raise":
                allowed = [
                    f"{i} {name}"
                    for i, (name, ok) in enumerate(
                        zip(self.action_map.names(), self.action_map.mask(hand), strict=True)
                    )
                    if ok
                ]
                raise IllegalAction(
                    f"action {index} ({self.action_map.names()[index]}) is masked now; allowed: "
                    f"{', '.join(allowed)} ({legal.describe()})"
                )
            chosen = legal.default
        hand = self._bots_play(hand.apply(chosen))
        self.hand = hand
        reward = 0.0
        if hand.result is not None:
            reward = hand.result.net[AGENT_SEAT] / self.rules.big_blind
            self._hands_over(hand)
        if self.render_mode == "human":
            self.render()
        info = self._info()
        info["illegal_actions"] = int(illegal)
        return self._observation(), reward, hand.is_over, False, info

    def action_masks(self) -> NDArray[np.bool_]:
        """The mask as booleans: the method sb3-contrib's maskable algorithms call."""
        return np.array(self._mask(), dtype=bool)

    def render(self) -> str | None:
        """The hand as text: printed for ``human``, returned for ``ansi``, None without a render mode."""
        if self.render_mode is None or self.hand is None:
            return None
        names = ["agent", *(f"bot_{seat}" for seat in range(1, self.players))]
        text = describe(self.hand, names)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Nothing to release."""

    # --- inside -------------------------------------------------------------------------------------------

    def _make_opponents(self, seed: int) -> list[Bot]:
        return [
            make_bot(spec, seed=seed + seat) if isinstance(spec, str) else spec
            for seat, spec in enumerate(self._specs, 1)
        ]

    def _bots_play(self, hand: HandState) -> HandState:
        """Let the opponents act until the agent is to act or the hand is over."""
        opponents = self.opponents
        while hand.actor is not None and hand.actor != AGENT_SEAT:
            seat = hand.actor
            hand = hand.apply(opponents[seat - 1].act(bot_view(hand, seat)), seat)
        return hand

    def _hands_over(self, hand: HandState) -> None:
        """Tell the opponents that keep notes (``hand_over``) how the hand ended."""
        for seat, bot in enumerate(self.opponents, 1):
            watch = getattr(bot, "hand_over", None)
            if watch is not None:
                watch(hand.view(seat))

    def _mask(self) -> list[int]:
        return self.action_map.mask(self.hand) if self.hand is not None else [0] * self.action_map.size

    def _observation(self) -> dict[str, NDArray[Any]]:
        assert self.hand is not None  # set by reset before anything observes
        return {"observation": encode(self.hand, AGENT_SEAT), "action_mask": np.array(self._mask(), dtype=np.int8)}

    def _info(self) -> dict[str, Any]:
        return {"action_mask": np.array(self._mask(), dtype=np.int8)}


def _opponents(opponents: object, players: int) -> list[str | Bot]:
    """The bot (or bot name) of each seat 1..players-1: ``opponents`` repeated in order."""
    if isinstance(opponents, str) or not isinstance(opponents, (list, tuple)) or not opponents:
        raise EnvError(
            f"opponents must be a non-empty list of bot names ('hilo', 'random', 'caller', "
            f"'module:Class') or bots, got {quote(opponents)}"
        )
    for spec in opponents:
        if not isinstance(spec, str) and not callable(getattr(spec, "act", None)):
            raise EnvError(f"each opponent must be a bot name or a bot with an act(view) method, got {quote(spec)}")
    return [opponents[i % len(opponents)] for i in range(players - 1)]


ENV_ID = "engine/OmahaHiLo-v0"
if ENV_ID not in gymnasium.registry:  # gymnasium.make("engine/OmahaHiLo-v0", players=..., opponents=...)
    gymnasium.register(id=ENV_ID, entry_point="engine.envs.gym_env:OmahaHiLoEnv")
