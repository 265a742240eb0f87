"""Actions as people type them, and legal actions as people read them: for the terminal player and for
scripted bots, which take the same short forms.

Accepted (case-insensitive): ``f``/``fold``, ``x``/``k``/``check``, ``c``/``call``, ``b N``/``bet N``,
``r N``/``raise N`` (N is the total the bet becomes: "raise to N"), ``b``/``r`` alone (the minimum), ``min``,
``max``/``all-in``/``allin`` (the largest wager allowed), ``s``/``show``, ``m``/``muck``, ``run N`` (when all
in before the river: run the rest of the board N times; ``run`` alone is once). ``b`` and ``r``
are interchangeable, as are ``x`` and ``c`` when only one of check and call is possible: a person should not
lose a hand to the difference between the words.
"""

from __future__ import annotations

from engine.actions import Action, Bet, Call, Check, Fold, Muck, Raise, RunIt, Show
from engine.errors import IllegalAction
from engine.legal import LegalActions
from engine.validate import quote

HELP = "f fold, x check, c call, b N bet to N, r N raise to N, min, max (all-in), s show, m muck, run N (times)"

_WORDS = {
    "f": "fold",
    "fold": "fold",
    "x": "check",
    "k": "check",
    "check": "check",
    "c": "call",
    "call": "call",
    "b": "wager",
    "bet": "wager",
    "r": "wager",
    "raise": "wager",
    "run": "run",
    "min": "min",
    "max": "max",
    "all-in": "max",
    "allin": "max",
    "all": "max",
    "shove": "max",
    "s": "show",
    "show": "show",
    "m": "muck",
    "muck": "muck",
}


_SIMPLE: dict[str, Action] = {"fold": Fold(), "check": Check(), "call": Call(), "show": Show(), "muck": Muck()}


TYPED_PHRASES = {
    "fold": "f fold",
    "check": "x check",
    "call": "c call {}",
    "bet": "b bet {}",
    "bet range": "b N bet {}",
    "raise": "r raise to {}",
    "raise range": "r N raise to {}",
    "show": "s show",
    "muck": "m muck",
    "runs": "run N to run the board N times, 1..{}",
}
"""`LegalActions.describe`'s phrases for people who type: each action with the short form that plays it."""


def describe_legal(legal: LegalActions) -> str:
    """The legal actions with their amounts, as a prompt: "f fold, c call 2, r raise to 4"."""
    return legal.describe(TYPED_PHRASES)


def parse_action(text: str, legal: LegalActions) -> Action:
    """The action ``text`` names, checked against ``legal``; IllegalAction (saying what is allowed) if it is
    unreadable or not allowed. "f" when the player could check is a fold all the same (an open fold, as card
    rooms allow): the prompt does not offer it, but a person who types it means it."""
    if not isinstance(text, str):
        raise IllegalAction(f"an action is text such as 'c' or 'r 8', got {quote(text)}")
    words = text.strip().lower().replace(",", " ").split()
    allowed = describe_legal(legal)
    if not words:
        raise IllegalAction(f"type an action: {allowed}")
    kind = _WORDS.get(words[0])
    if kind is None or len(words) > 2 or (len(words) == 2 and kind not in ("wager", "run")):
        raise IllegalAction(f"cannot read {text.strip()!r} as an action; allowed: {allowed}")
    if kind == "check" and not legal.check and legal.call:
        kind = "call"
    elif kind == "call" and not legal.call and legal.check:
        kind = "check"
    if kind in ("wager", "min", "max"):
        if not legal.wager:
            raise IllegalAction(f"you cannot bet or raise here; allowed: {allowed}")
        make = Bet if legal.wager == "bet" else Raise
        if kind == "min" or (kind == "wager" and len(words) == 1):
            return make(legal.min_to)
        if kind == "max":
            return make(legal.max_to)
        try:
            to = int(words[1])
        except ValueError:
            raise IllegalAction(f"{words[1]!r} is not a whole number of chips; allowed: {allowed}") from None
        if not legal.min_to <= to <= legal.max_to:
            span = str(legal.min_to) if legal.min_to == legal.max_to else f"{legal.min_to} to {legal.max_to}"
            raise IllegalAction(
                f"you can {legal.wager} to {span}, not {to} (the amount is the total you put "
                f"in this round); allowed: {allowed}"
            )
        return make(to)
    if kind == "run":
        if not legal.runs:
            raise IllegalAction(f"there is no choice of runs now; allowed: {allowed}")
        if len(words) == 1 or words[1] in ("once", "1"):
            return RunIt(1)
        times = {"twice": 2, "2": 2, "three": 3, "thrice": 3, "3": 3}.get(words[1])
        if times is None or times > legal.runs:
            raise IllegalAction(f"you can run the board 1 to {legal.runs} times, not {words[1]!r}; allowed: {allowed}")
        return RunIt(times)
    action = _SIMPLE[kind]
    if not legal.allows(action):
        raise IllegalAction(f"you cannot {action} now; allowed: {allowed}")
    return action
