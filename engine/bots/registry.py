"""Bots by name, for the command line: the built-in names and ``module:Class`` for your own."""

from __future__ import annotations

import importlib
import inspect
import re
from collections.abc import Callable
from typing import Any

from engine.bots.base import Bot, MatchError, seed_argument
from engine.bots.hilo import HiLoBot
from engine.bots.random_bot import RandomBot
from engine.bots.simple import CallingStation
from engine.validate import quote

BUILT_IN = ("random", "caller", "hilo")
_BUILT_IN_MAKERS: dict[str, Callable[[int | str], Bot]] = {
    "random": lambda seed: RandomBot(seed=seed),
    "caller": lambda seed: CallingStation(),
    "calling-station": lambda seed: CallingStation(),
    "callingstation": lambda seed: CallingStation(),
    "hilo": lambda seed: HiLoBot(),
}
_OWN_BOT = re.compile(r"[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*:[A-Za-z_][A-Za-z0-9_]*")


def make_bot(spec: str, seed: int | str = 0) -> Bot:
    """A bot from its command-line name: "random" (a `RandomBot` seeded with ``seed``), "caller"
    (`CallingStation`), "hilo" (`HiLoBot`), or "module:Name" / "package.module:Name" for a class or factory
    of your own (the module must be importable: on ``sys.path``, or in the current directory when run as
    ``python -m engine``). Your own is called as ``Name(seed=seed)`` when it takes a ``seed`` keyword (the
    match's seed derived for that bot, an int: the same in every shard, worker and rotation of a match), else
    with no arguments."""
    if not isinstance(spec, str):
        raise MatchError(f"a bot is named by a string such as 'hilo' or 'mybots:Folder', got {quote(spec)}")
    seed = seed_argument(seed, optional=False) or 0
    name = spec.strip()
    if name in _BUILT_IN_MAKERS:
        return _BUILT_IN_MAKERS[name](seed)
    if ":" in name:
        return _own_bot(spec, name, seed)
    raise MatchError(f"unknown bot {quote(spec)}; the built-in bots are {', '.join(BUILT_IN)}, or give module:Class")


def takes_seed(factory: object) -> bool:
    """Whether a bot class or factory takes a ``seed`` keyword: a parameter named ``seed`` that can be given by
    keyword, or ``**kwargs``. A callable whose signature cannot be read is called without one."""
    try:
        parameters = inspect.signature(factory).parameters.values()  # type: ignore[arg-type]
    except (TypeError, ValueError):
        return False
    return any(
        p.kind is p.VAR_KEYWORD or (p.name == "seed" and p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY))
        for p in parameters
    )


def check_bot_spec(spec: str) -> None:
    """MatchError unless ``spec`` names a bot `make_bot` can build: a built-in name, or a module that imports
    and has the named class or factory. Nothing is built: a bot of one's own is only ever called with the
    seed of the match it plays (a check that built one would call it once more, with a made-up seed)."""
    if not isinstance(spec, str):
        raise MatchError(f"a bot is named by a string such as 'hilo' or 'mybots:Folder', got {quote(spec)}")
    name = spec.strip()
    if name in _BUILT_IN_MAKERS:
        return
    if ":" in name:
        _own_factory(spec, name)
        return
    raise MatchError(f"unknown bot {quote(spec)}; the built-in bots are {', '.join(BUILT_IN)}, or give module:Class")


def _own_factory(spec: str, name: str) -> object:
    """The class or factory ``module:Name`` names, imported. Any failure (a bad name, a module that does not
    import, raises or has a syntax error, a missing name) is one MatchError naming the spec."""
    if not _OWN_BOT.fullmatch(name):
        raise MatchError(
            f"cannot load bot {quote(spec)}: a bot of your own is module:Name, with a module path such "
            f"as mybots or package.mybots and a class or factory name, e.g. mybots:Folder"
        )
    module_name, _, attribute = name.partition(":")
    try:
        module = importlib.import_module(module_name)
    except (Exception, SystemExit) as error:  # the module's own code runs here: any failure is a bad bot
        raise MatchError(
            f"cannot load bot {quote(spec)}: importing {module_name} failed: "
            f"{type(error).__name__}: {quote(str(error))[1:-1]}"
        ) from None
    factory = getattr(module, attribute, None)
    if factory is None:
        raise MatchError(f"cannot load bot {quote(spec)}: module {module_name} has no {attribute!r}")
    if not callable(factory):
        raise MatchError(
            f"cannot load bot {quote(spec)}: {module_name}.{attribute} is {quote(factory)}, not a class or factory"
        )
    return factory


def _own_bot(spec: str, name: str, seed: int | str) -> Bot:
    """``module:Name`` (see `_own_factory`) called with the seed when it takes one: a factory that fails or
    makes no bot is a MatchError naming the spec, never a traceback."""
    factory: Any = _own_factory(spec, name)
    try:
        bot = factory(seed=seed) if takes_seed(factory) else factory()
    except (Exception, SystemExit) as error:
        raise MatchError(f"cannot make bot {quote(spec)}: {type(error).__name__}: {quote(str(error))[1:-1]}") from None
    if not callable(getattr(bot, "act", None)):
        raise MatchError(f"{quote(spec)} made {quote(bot)}, which has no act(view) method")
    return bot  # type: ignore[no-any-return]
