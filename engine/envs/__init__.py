"""Reinforcement-learning environments over the engine (the optional extra ``[rl]``: PettingZoo, Gymnasium, numpy).

- `engine.envs.omaha_hilo_v0`: a PettingZoo AEC environment, one hand per episode, every seat an agent.
- `engine.envs.gym_env`: a Gymnasium environment that seats one learning agent against the built-in bots.
- `engine.envs.batch`: `HandBatch`, many hands in lockstep with numpy arrays in and out, for throughput.
- `engine.envs.actions` and `engine.envs.observation`: the discrete actions and the numeric observation both
  share, usable on their own with any `HandState`.

Nothing here is imported by the engine itself: the core stays pure Python. docs/rl.md describes the
observation vector, the actions and the rewards.
"""
