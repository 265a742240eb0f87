"""Bots by name, for the command line: the built-in names and ``module:Class`` for your own."""

from __future__ import annotations

import importlib

from engine.bots.base import Bot
from engine.bots.hilo import HiLoBot
from engine.bots.random_bot import RandomBot
from engine.bots.simple import CallingStation
from engine.errors import EngineError

BUILT_IN = ("random", "caller", "hilo")


def make_bot(spec: str, seed: int | str = 0) -> Bot:
    """A bot from its command-line name: "random" (a `RandomBot` seeded with ``seed``), "caller"
    (`CallingStation`), "hilo" (`HiLoBot`), or "module:Name" / "package.module:Name" for a class or factory
    of your own, imported and called with no arguments (the module must be importable: on ``sys.path``, or in
    the current directory when run as ``python -m engine``)."""
    name = spec.strip()
    if name == "random":
        return RandomBot(seed=seed)
    if name in ("caller", "calling-station", "callingstation"):
        return CallingStation()
    if name == "hilo":
        return HiLoBot()
    if ":" in name:
        module_name, _, attribute = name.partition(":")
        try:
            factory = getattr(importlib.import_module(module_name), attribute)
        except (ImportError, AttributeError) as error:
            raise EngineError(f"cannot load bot {spec!r}: {error}") from None
        try:
            bot = factory()
        except Exception as error:
            raise EngineError(f"cannot make bot {spec!r}: {type(error).__name__}: {error}") from None
        if not callable(getattr(bot, "act", None)):
            raise EngineError(f"{spec!r} made {bot!r}, which has no act(view) method")
        return bot  # type: ignore[no-any-return]
    raise EngineError(f"unknown bot {spec!r}; the built-in bots are {', '.join(BUILT_IN)}, or give module:Class")
