"""Bots: the protocol, the built-in bots, the fault policy and the bots' fast view of a hand. The match runner
that seats them is `engine.match`; docs/bots.md shows how to write one."""

from engine.bots.base import Bot, MatchError, StopMatch, fault_action
from engine.bots.hilo import HiLoBot
from engine.bots.random_bot import RandomBot
from engine.bots.registry import BUILT_IN, check_bot_spec, make_bot
from engine.bots.simple import CallingStation, ScriptedBot, ScriptExhausted
from engine.bots.text import describe_legal, parse_action
from engine.bots.view import bot_view

__all__ = [
    "BUILT_IN",
    "Bot",
    "CallingStation",
    "HiLoBot",
    "MatchError",
    "RandomBot",
    "ScriptExhausted",
    "ScriptedBot",
    "StopMatch",
    "bot_view",
    "check_bot_spec",
    "describe_legal",
    "fault_action",
    "make_bot",
    "parse_action",
]
