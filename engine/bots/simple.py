"""The two simplest bots: one that never folds or raises, one that plays a given list of actions."""

from __future__ import annotations

from collections.abc import Sequence

from engine.actions import Action, Bet, Call, Check, Fold, Muck, Raise, RunIt, Show
from engine.bots.base import Bot, MatchError, bot_name_argument, legal_of
from engine.bots.text import parse_action
from engine.errors import EngineError
from engine.validate import quote
from engine.views import SeatView


class CallingStation:
    """Checks when it can, else calls; never folds, never bets. A baseline every real bot should beat, and a
    steady opponent for tests: it goes to every showdown it can."""

    name = "caller"

    def act(self, view: SeatView) -> Action:
        """Checks when it can, otherwise calls; agrees to every run on offer."""
        legal = legal_of(view)
        if legal.check:
            return Check()
        if legal.call:
            return Call()
        if legal.runs:
            return RunIt(legal.runs)  # agrees to every run on offer
        return Show()


class ScriptExhausted(EngineError):
    """A scripted bot was asked to act after its last action (a fault: the runner checks or folds for it)."""


class ScriptedBot:
    """Plays the given actions in order, one per decision, whatever the cards: for tests and for replaying a
    line of play. An item is an `Action` or text as a person types it ("c", "r 8", "fold", see
    `engine.bots.text`); text is read against the legal actions at the time, so "b" means the minimum bet.

    After the last item it hands over to ``then`` if given; otherwise it raises `ScriptExhausted`, which the
    runner treats as a fault (check if possible, else fold). A script that went wrong shows up as a fault too:
    an `Action` item is returned as it is, and the runner records an illegal action; a text item that names no
    legal action raises `IllegalAction` (saying what was allowed), which the runner records as an exception.
    """

    def __init__(self, actions: Sequence[Action | str], then: Bot | None = None, name: str = "scripted") -> None:
        self.actions = _script(actions)
        if then is not None and not callable(getattr(then, "act", None)):
            raise MatchError(f"then must be a bot (with an act(view) method) or None, got {quote(then)}")
        self.then = then
        self.name = bot_name_argument(name)
        self.played = 0

    def act(self, view: SeatView) -> Action:
        """The next scripted action, then the fallback bot's (or `ScriptExhausted` when there is none)."""
        if self.played >= len(self.actions):
            if self.then is not None:
                return self.then.act(view)
            raise ScriptExhausted(f"the script of {len(self.actions)} actions is used up")
        item = self.actions[self.played]
        self.played += 1
        if isinstance(item, str):
            return parse_action(item, legal_of(view))
        return item


_ACTION_TYPES = (Fold, Check, Call, Bet, Raise, Show, Muck, RunIt)


def _script(actions: object) -> list[Action | str]:
    """The script as a list: a list or tuple of actions and texts (a bare string would be read letter by
    letter, so it is refused)."""
    if not isinstance(actions, (list, tuple)):
        raise MatchError(
            f"actions must be a list or tuple of actions and texts such as 'c' or 'r 8', got {quote(actions)}"
        )
    for index, item in enumerate(actions):
        if not isinstance(item, str) and type(item) not in _ACTION_TYPES:
            raise MatchError(f"actions[{index}] must be an action or text such as 'c' or 'r 8', got {quote(item)}")
    return list(actions)
