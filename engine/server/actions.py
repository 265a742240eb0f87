"""Actions on the wire and in the log: the short JSON form ``{"action": "raise", "to": 8}``.

The engine's JSON documents for actions carry ``schema`` and ``type`` keys; a client should not have to send
them, so the server reads the short form here (the same names and fields as the engine's action document).
"""

from __future__ import annotations

from typing import Any

from engine.actions import Action, Bet, Call, Check, Fold, Muck, Raise, RunIt, Show
from engine.errors import EngineError
from engine.server.codes import sent
from engine.validate import is_whole

_SIMPLE: dict[str, Action] = {"fold": Fold(), "check": Check(), "call": Call(), "show": Show(), "muck": Muck()}
_ALLOWED = "fold, check, call, bet (with to), raise (with to), show, muck or run (with times)"


class ActionError(EngineError):
    """An action document that is not an action."""


def read_action(document: object) -> Action:
    """An action from ``{"action": name, ...}`` (extra keys ``schema``/``type`` of the engine's form allowed)."""
    if not isinstance(document, dict):
        raise ActionError(f'an action is an object such as {{"action": "raise", "to": 8}}, got {sent(document)}')
    extra = set(document) - {"action", "to", "times", "schema", "type"}
    if extra:
        raise ActionError(
            f"unknown keys in the action: {', '.join(sorted(extra))}; an action has action, and to or times"
        )
    name = document.get("action")
    if name in _SIMPLE:
        if "to" in document or "times" in document:
            raise ActionError(f"{name} takes no amount, got {sent(document)}")
        return _SIMPLE[name]
    if name in ("bet", "raise"):
        if "times" in document:
            raise ActionError(f"{name} takes to (the total bet), not times")
        to = document.get("to")
        if not is_whole(to, minimum=1):
            raise ActionError(
                f"{name}'s to (the total the bet becomes) must be a whole number of at least 1, got {sent(to)}"
            )
        return Bet(to) if name == "bet" else Raise(to)
    if name == "run":
        if "to" in document:
            raise ActionError("run takes times, not to")
        times = document.get("times")
        if not is_whole(times, minimum=1, maximum=3):
            raise ActionError(f"run's times must be a whole number from 1 to 3, got {sent(times)}")
        return RunIt(times)
    raise ActionError(f"action must be {_ALLOWED}, got {sent(name)}")


def write_action(action: Action) -> dict[str, Any]:
    """The short form of ``action``."""
    if isinstance(action, (Bet, Raise)):
        return {"action": "bet" if isinstance(action, Bet) else "raise", "to": action.to}
    if isinstance(action, RunIt):
        return {"action": "run", "times": action.times}
    for name, simple in _SIMPLE.items():
        if action == simple:
            return {"action": name}
    raise ActionError(f"not an action: {action!r}")
