"""The bot protocol, the fault policy, and the one exception a bot may raise on purpose.

A bot is anything with an ``act(view)`` method: it is given its own `SeatView` (its cards, the board, the
stacks, the public history and its legal actions with exact amounts) and returns one action. It never gets
the hand state, so it cannot see another player's cards or the deck. That is the whole contract, so a bot
can be a class, a small object wrapping a neural network, or a person at a terminal (see `engine.play`).

The match runner, not the bot, is responsible for the table staying playable: a bot that raises, returns
something illegal or takes too long gets the *fault action* (`fault_action`) played for it, the incident is
recorded, and the match goes on.
"""

from __future__ import annotations

from typing import Protocol, runtime_checkable

from engine.actions import Action
from engine.errors import EngineError
from engine.state import LegalActions
from engine.validate import is_whole, quote
from engine.validate import name as checked_name
from engine.views import SeatView


@runtime_checkable
class Bot(Protocol):
    """A player the match runner can seat. ``act`` gets the bot's own view when it is to act (``view.legal``
    is then never None) and returns one action, e.g. ``Call()`` or ``Raise(view.legal.min_to)``.

    Optional extras, looked up with ``getattr`` so a bot may leave them out:

    - ``name`` (str): how reports and hand histories call the bot (default: the runner picks one).
    - ``hand_over(view)``: called once at the end of each hand the bot was dealt into, with its view of the
      finished hand (the result, the cards shown). Bots that learn about their opponents use it.
    """

    def act(self, view: SeatView) -> Action:
        """The bot's one action for its view when it is to act (``view.legal`` is then set)."""
        ...


class MatchError(EngineError):
    """A bot or a match that cannot be set up as asked: a bot constructor's bad argument (weights that are not
    three finite numbers >= 0, an empty name...), an unknown or unloadable bot, a `play_match` argument of the
    wrong kind or out of range. Raised before anything is played."""


class StopMatch(Exception):
    """Raised by a bot to end the match at once (a person typing "quit"). The hand in play is abandoned and
    not counted; everything finished before it is reported as usual. Any other exception is a fault."""


def fault_action(legal: LegalActions) -> Action:
    """What is played for a bot that failed to give a legal action in time: `LegalActions.default`, which
    checks if it can, else folds.

    Checking gives nothing away and folding risks no chips, so a broken bot can only lose what it already put
    in. Asked how many times to run the board, it runs it once (it has not agreed to more). At a manual
    showdown the hand is shown: mucking would throw away a hand that may win.
    """
    return legal.default


def legal_of(view: SeatView) -> LegalActions:
    """The view's legal actions; an error when the seat is not the one to act (``act`` was called wrongly)."""
    legal = view.legal
    if legal is None:
        raise EngineError(f"seat {view.seat} is not to act: a bot's act() is only called on its turn")
    return legal


def bot_name(bot: object, default: str) -> str:
    """The bot's own ``name`` when it has a usable one, else ``default``."""
    try:
        name = getattr(bot, "name", None)
    except Exception:  # a bot's broken ``name`` property is not the runner's problem
        return default
    return name if isinstance(name, str) and name.strip() else default


def bot_name_argument(value: object, what: str = "a bot's name") -> str:
    """A bot's ``name`` argument: a printable name (it goes into reports and hand histories)."""
    return checked_name(value, what, error=MatchError)


def seed_argument(value: object, what: str = "seed", *, optional: bool = True) -> int | str | None:
    """A seed: an int or a string (or None when ``optional``: a fresh random seed). Not a bool or a float,
    which `random.Random` would take but which cannot be written down exactly."""
    if value is None and optional:
        return None
    if isinstance(value, str) or is_whole(value):
        return value
    allowed = "an int, a string or None" if optional else "an int or a string"
    raise MatchError(f"{what} must be {allowed}, got {quote(value)}")
