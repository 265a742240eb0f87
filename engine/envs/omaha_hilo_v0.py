"""Omaha Hi-Lo as a PettingZoo AEC environment: ``env(players=6, game="pot-limit")``.

One episode is one hand. Every seat is an agent ("player_0" is seat 0, and so on); the agent to act is the
engine's actor. Each hand starts with every seat holding ``stack`` chips (100 big blinds unless told), a
deck and a button drawn from the environment's random generator, so ``reset(seed=s)`` fixes the hand and,
given the same actions, the whole episode; later resets without a seed go on from that generator.

Observations are ``{"observation": float32 vector, "action_mask": int8 vector}`` (`engine.envs.observation`
has the layout), actions are discrete (`engine.envs.actions`). Rewards come once, when the hand ends, to every
agent: its chips won or lost divided by the big blind (they sum to zero, less any rake). Agents who fold
stay until the hand ends, so every agent gets its reward and its last observation; then each is stepped with
``None`` and leaves, as the PettingZoo API asks. Nothing is truncated: a hand always ends.

An action whose mask is 0 raises `IllegalAction` saying what is allowed (``on_illegal="raise"``, the default),
or, with ``on_illegal="default"``, the engine's timeout action is played (check if possible, else fold) and
``infos[agent]["illegal_actions"]`` counts it. Something that is not an action of the space (text, a float,
an index out of range, None for an agent still in the hand) always raises.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Mapping
from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from numpy.typing import NDArray
from pettingzoo import AECEnv  # type: ignore[import-untyped]
from pettingzoo.utils import wrappers  # type: ignore[import-untyped]
from pettingzoo.utils.env_logger import EnvLogger  # type: ignore[import-untyped]

from engine.envs.actions import ActionMap
from engine.envs.config import EnvError, env_settings
from engine.envs.observation import encode, observation_size
from engine.envs.render import describe
from engine.errors import IllegalAction
from engine.rules import Rules
from engine.state import HandState, start_hand
from engine.validate import optional_whole, quote, random_seed, whole

Observation = dict[str, NDArray[Any]]


def env(**kwargs: Any) -> Any:
    """The environment as PettingZoo hands it out: `raw_env` inside `OrderEnforcingWrapper`, which refuses
    ``step`` and ``observe`` before the first ``reset``. Takes the same arguments as `raw_env`."""
    return wrappers.OrderEnforcingWrapper(raw_env(**kwargs))


class raw_env(AECEnv):  # type: ignore[misc]  # PettingZoo ships no type information
    """Omaha Hi-Lo, one hand per episode, for 2 to 10 agents.

    ``game``: "limit", "pot-limit", "no-limit", or a `Rules` of your own. ``blinds``: (small, big) in chips
    (in limit the bets are one and two big blinds). ``stack``: each seat's chips at the start of every hand
    (default 100 big blinds). ``actions``: "abstract" (fold, check/call, min, half pot, pot, all in) or
    "exact" (a bet or raise to any number of chips). ``on_illegal``: "raise" or "default" (see the module).
    ``render_mode``: None, "human" (prints) or "ansi" (returns the text).
    """

    metadata: ClassVar[dict[str, Any]] = {
        "name": "omaha_hilo_v0",
        "render_modes": ["human", "ansi"],
        "is_parallelizable": False,
    }

    def __init__(
        self,
        players: int = 6,
        game: str | Rules = "pot-limit",
        blinds: tuple[int, ...] = (1, 2),
        stack: int | None = None,
        actions: str = "abstract",
        on_illegal: str = "raise",
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        settings = env_settings(game, players, blinds, stack, on_illegal, render_mode)
        self.rules, self.stack, self.on_illegal, self.render_mode = settings
        self.action_map = ActionMap(actions, self.stack)
        self.possible_agents = [f"player_{seat}" for seat in range(players)]
        self.agents: list[str] = []
        self._size = observation_size(players)
        self._rng = random.Random()
        self.hand: HandState | None = None
        self._mask_of: tuple[HandState | None, list[int]] = (None, [])

    # --- spaces ----------------------------------------------------------------------------------------------

    @functools.cache  # noqa: B019  # PettingZoo's convention: the same space object every call
    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The same for every agent: the observation vector and the action mask."""
        return spaces.Dict(
            {
                "observation": spaces.Box(0.0, 1.0, shape=(self._size,), dtype=np.float32),
                "action_mask": spaces.Box(0, 1, shape=(self.action_map.size,), dtype=np.int8),
            }
        )

    @functools.cache  # noqa: B019
    def action_space(self, agent: str) -> spaces.Space[Any]:
        """The discrete actions (`engine.envs.actions`), the same for every agent."""
        return spaces.Discrete(self.action_map.size)

    # --- the episode ------------------------------------------------------------------------------------------

    def reset(self, seed: int | None = None, options: Mapping[str, Any] | None = None) -> None:
        """Deal a new hand. ``options`` may give ``"stacks"`` (one chip count per seat, each 1..stack) and
        ``"button"`` (a seat index) for this hand; other keys are ignored."""
        if random_seed(seed, error=EnvError) is not None:
            self._rng = random.Random(seed)
        players = len(self.possible_agents)
        stacks, button = _hand_options(options, players, self.stack)
        deck_seed = self._rng.getrandbits(64)
        drawn_button = self._rng.randrange(players)
        self.hand = start_hand(
            self.rules, stacks or (self.stack,) * players, drawn_button if button is None else button, seed=deck_seed
        )
        self.agents = self.possible_agents[:]
        self.rewards = {agent: 0.0 for agent in self.agents}
        self._cumulative_rewards = {agent: 0.0 for agent in self.agents}
        self.terminations = {agent: False for agent in self.agents}
        self.truncations = {agent: False for agent in self.agents}
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._skip_agent_selection = None
        if self.hand.actor is None:  # nobody could bet (tiny stacks): the hand was run out at once
            self._finish()
        else:
            self.agent_selection = self.possible_agents[self.hand.actor]
        if self.render_mode == "human":
            self.render()

    def step(self, action: Any) -> None:
        """Applies the selected agent's action and moves the selection to the next agent to act.

        As PettingZoo's AEC API has it: an agent whose hand is over (terminated) is stepped with None, and
        leaves; any other action for it is an `EnvError` (a ValueError, as PettingZoo raises) naming the agent.
        A step once every agent has left warns and does nothing, as PettingZoo's order-enforcing wrapper does;
        `reset` deals the next hand."""
        self._hand()
        if not self.agents:
            EnvLogger.warn_step_after_terminated_truncated()
            return
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            if action is not None:
                raise EnvError(
                    f"{agent}'s hand is over (it is terminated): step it with None so that it leaves, "
                    f"as PettingZoo's AEC API asks; got {quote(action)}"
                )
            self._was_dead_step(action)
            return
        hand = self._hand()
        index = self.action_map.index(action)
        chosen = self.action_map.to_action(hand, index, self.mask())
        if chosen is None:
            legal = hand.legal_actions()
            if self.on_illegal == "raise":
                allowed = [
                    f"{i} {name}"
                    for i, (name, ok) in enumerate(zip(self.action_map.names(), self.mask(), strict=True))
                    if ok
                ]
                raise IllegalAction(
                    f"{agent} cannot take action {index} ({self.action_map.names()[index]}) now: its "
                    f"mask is 0; allowed: {', '.join(allowed)} ({legal.describe()})"
                )
            chosen = legal.default
            self.infos[agent]["illegal_actions"] = self.infos[agent].get("illegal_actions", 0) + 1
        self._cumulative_rewards[agent] = 0.0
        self.hand = hand.apply(chosen)
        if self.hand.actor is None:
            self._finish()
        else:
            self.agent_selection = self.possible_agents[self.hand.actor]
            self._clear_rewards()
        if self.render_mode == "human":
            self.render()

    def _finish(self) -> None:
        """The hand is over: every agent gets its result in big blinds and is terminated."""
        hand = self._hand()
        assert hand.result is not None  # the hand is over whenever nobody is to act
        big_blind = self.rules.big_blind
        for agent, net in zip(self.possible_agents, hand.result.net, strict=True):
            self.rewards[agent] = net / big_blind
            self.terminations[agent] = True
        self._accumulate_rewards()
        self.agent_selection = self.possible_agents[0]
        self._deads_step_first()

    # --- what agents see ----------------------------------------------------------------------------------

    def observe(self, agent: str) -> Observation:
        """The agent's observation, with an action mask that is all zeros when it is not to act."""
        hand = self._hand()
        seat = self._seat(agent)
        mask = self.mask() if hand.actor == seat else [0] * self.action_map.size
        return {"observation": encode(hand, seat), "action_mask": np.array(mask, dtype=np.int8)}

    def mask(self) -> list[int]:
        """The action mask of the agent to act (all 0 once the hand is over)."""
        hand = self._hand()
        if self._mask_of[0] is not hand:
            self._mask_of = (hand, self.action_map.mask(hand))
        return self._mask_of[1]

    def render(self) -> str | None:
        """The hand as text: printed for ``human``, returned for ``ansi``, None without a render mode."""
        if self.render_mode is None:
            return None
        text = describe(self._hand(), self.possible_agents)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Nothing to release: the environment holds no files, windows or processes."""

    def _hand(self) -> HandState:
        if self.hand is None:
            raise EnvError("call reset() before using the environment: no hand has been dealt")
        return self.hand

    def _seat(self, agent: object) -> int:
        try:
            return self.possible_agents.index(agent)  # type: ignore[arg-type]  # anything else is refused below
        except ValueError:
            raise EnvError(f"unknown agent {quote(agent)}; agents are {', '.join(self.possible_agents)}") from None


def _hand_options(
    options: Mapping[str, Any] | None, players: int, stack: int
) -> tuple[tuple[int, ...] | None, int | None]:
    """The ``stacks`` and ``button`` a reset's options give, checked (None where not given)."""
    if options is None:
        return None, None
    if not isinstance(options, Mapping):
        raise EnvError(f"options must be a dict or None, got {quote(options)}")
    stacks = options.get("stacks")
    if stacks is not None:
        if not isinstance(stacks, (tuple, list)) or len(stacks) != players:
            raise EnvError(f"options['stacks'] must be a list of {players} chip counts, got {quote(stacks)}")
        stacks = tuple(
            whole(chips, f"options['stacks'][{seat}] (chips)", minimum=1, maximum=stack, error=EnvError)
            for seat, chips in enumerate(stacks)
        )
    button = optional_whole(
        options.get("button"),
        "options['button'] (a seat index)",
        minimum=0,
        maximum=players - 1,
        error=EnvError,
    )
    return stacks, button
