"""What the player to act may do: `LegalActions`, worked out from a hand state, and the words that describe
it (in the engine's error messages, in prompts, in a refusal).

One named tuple per decision: this runs for every action of every hand, so it is built without the named
tuple's Python-level ``__new__`` (`engine._speed.bare_tuple`) and reads the state's fields directly.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING, NamedTuple

from engine._speed import bare_tuple
from engine.actions import PLAIN_ACTIONS, Action, Bet, Call, Check, Fold, Muck, Raise, RunIt, Show, Verb
from engine.betting import Spot
from engine.errors import EngineError
from engine.order import MAX_PLAYERS, Street
from engine.pots import final_pots
from engine.validate import chips, count, flag, quote, whole

if TYPE_CHECKING:
    from engine.state import HandState

_SHOWDOWN = Street.SHOWDOWN  # a module name: cheaper to read than the enum's attribute
_FOLD, _CHECK, _CALL, _SHOW, _MUCK = (PLAIN_ACTIONS[kind] for kind in (Fold, Check, Call, Show, Muck))
_ACTION_KINDS = (Fold, Check, Call, Bet, Raise, Show, Muck, RunIt)

CODE_PHRASES: Mapping[str, str] = {
    "fold": "fold",
    "check": "check",
    "call": "call {}",
    "bet": "Bet(to) with to = {}",
    "raise": "Raise(to) with to = {}",
    "show": "show",
    "muck": "muck",
    "runs": "RunIt(times) with times = 1..{}",
}
"""How `LegalActions.describe` words each kind of action by default: as the engine's own actions, for error
messages. ``{}`` is the amount ("2", or "4..8" for a range); a key "<kind> range" words a range differently."""

WORD_PHRASES: Mapping[str, str] = {
    **CODE_PHRASES,
    "bet": "bet to {}",
    "raise": "raise to {}",
    "runs": "run the board 1..{} times",
}
"""The actions in a player's words, for what people read beside a hand history rather than code."""


class _LegalFields(NamedTuple):
    seat: int
    fold: bool = False
    check: bool = False
    call: int = 0
    wager: Verb | None = None
    min_to: int = 0
    max_to: int = 0
    show: bool = False
    muck: bool = False
    runs: int = 0


class LegalActions(_LegalFields):
    """What the player to act may do, with exact amounts (an immutable value; a named tuple for speed, since
    one is made for every decision).

    ``fold`` is True when there is something to call. A player who could check may still fold (an "open fold":
    card rooms allow it and real logs contain it), so `allows` and `apply` accept `Fold()` whenever ``check``
    is True, but ``fold`` stays False there and ``actions`` leaves it out: a bot that picks from the offered
    actions is never steered into folding for free. ``call`` is the chips a call adds (0 when there is nothing
    to call); ``wager`` is `Verb.BET` or `Verb.RAISE` when a wager is allowed, with ``min_to`` and ``max_to``
    the totals it may bring the player's bet to (fixed limit has one amount, so they are equal; both are 0
    when no wager is allowed). ``show`` and ``muck`` are for a manual showdown. ``runs`` is set when players
    are all in before the river and may run the rest of the board more than once: the player chooses
    `RunIt(times)` with times from 1 (run it once) to ``runs``.

    Made by hand or read from a document, it is checked (an EngineError says what does not fit): one decision
    at a time (a bet, a showdown or a choice of runs), fold exactly when there is a call, never with a check,
    a wager range from 1 with ``min_to <= max_to`` (0 and 0 without a wager), a bet only when nothing is to be
    called. The engine builds its own without the check (`legal_actions`): they hold by construction.
    """

    __slots__ = ()

    def __new__(
        cls,
        seat: int,
        fold: bool = False,
        check: bool = False,
        call: int = 0,
        wager: Verb | str | None = None,
        min_to: int = 0,
        max_to: int = 0,
        show: bool = False,
        muck: bool = False,
        runs: int = 0,
    ) -> LegalActions:
        if wager is not None:
            if not isinstance(wager, str) or wager not in (Verb.BET, Verb.RAISE):
                raise EngineError(f"LegalActions.wager must be None, 'bet' or 'raise', got {quote(wager)}")
            wager = Verb(wager)
        made = bare_tuple(cls, (seat, fold, check, call, wager, min_to, max_to, show, muck, runs))
        check_legal(made)
        return made

    @classmethod
    def _make(cls, iterable: Iterable[object]) -> LegalActions:  # type: ignore[override]
        """As the named tuple's, but through the checks (``_replace`` makes its copy here)."""
        return cls(*iterable)  # type: ignore[arg-type]

    def allows(self, action: Action) -> bool:
        """Whether the actor may take ``action`` here (`HandState.apply` succeeds exactly when it does)."""
        kind = type(action)
        if kind is Call:
            return self.call > 0
        if kind is Check:
            return self.check
        if kind is Fold:
            return self.fold or self.check
        if kind is Raise or kind is Bet:
            assert isinstance(action, (Bet, Raise))
            # type(): an action's amount is checked when it is made, but object.__setattr__ can still slip in a
            # float (4.5 chips) or a bool.
            return (
                self.wager == (Verb.BET if kind is Bet else Verb.RAISE)
                and type(action.to) is int
                and self.min_to <= action.to <= self.max_to
            )
        if kind is Show:
            return self.show
        if kind is Muck:
            return self.muck
        if kind is RunIt:
            assert isinstance(action, RunIt)
            return action.times <= self.runs
        return False

    def offers(self, chips: Callable[[int], object] = str) -> tuple[tuple[str, str], ...]:
        """Each allowed kind of action ("fold", "check", "call", "bet", "raise", "show", "muck", "runs") with
        its amount as text ("" when it has none; "4..8" for a range), each amount of chips written by ``chips``
        (a history's reader gives its own units): what every description is written from."""
        low, high = chips(self.min_to), chips(self.max_to)
        wager = f"{low}" if self.min_to == self.max_to else f"{low}..{high}"
        offered = (
            ("fold", self.fold, ""),
            ("check", self.check, ""),
            ("call", self.call, f"{chips(self.call)}"),
            (str(self.wager), self.wager is not None, wager),
            ("show", self.show, ""),
            ("muck", self.muck, ""),
            ("runs", self.runs, str(self.runs)),
        )
        return tuple((kind, amount) for kind, allowed, amount in offered if allowed)

    def describe(self, phrases: Mapping[str, str] = CODE_PHRASES, chips: Callable[[int], object] = str) -> str:
        """The allowed actions in words, for error messages and prompts, each worded by ``phrases`` (see
        `CODE_PHRASES`), amounts written by ``chips`` (see `offers`)."""
        words = []
        for kind, amount in self.offers(chips):
            phrase = phrases[kind]
            if ".." in amount:
                phrase = phrases.get(f"{kind} range", phrase)
            words.append(phrase.format(amount))
        return ", ".join(words) if words else "nothing"

    @property
    def actions(self) -> tuple[Action, ...]:
        """One action of each allowed kind; a wager appears at its minimum and at its maximum."""
        out: list[Action] = []
        if self.fold:
            out.append(_FOLD)
        if self.check:
            out.append(_CHECK)
        if self.call:
            out.append(_CALL)
        if self.wager:
            kind = Bet if self.wager == Verb.BET else Raise
            out.append(kind(self.min_to))
            if self.max_to != self.min_to:
                out.append(kind(self.max_to))
        if self.show:
            out.append(_SHOW)
        if self.muck:
            out.append(_MUCK)
        out.extend(RunIt(times) for times in range(1, self.runs + 1))
        return tuple(out)

    @property
    def default(self) -> Action:
        """What a server does for a player who does not answer in time: check, else decline to run the board
        again, else show at the showdown, else fold."""
        if self.check:
            return _CHECK
        if self.runs:
            return RunIt(1)
        if self.show:
            return _SHOW
        return _FOLD


def check_legal(legal: LegalActions) -> None:
    """Raise EngineError unless ``legal`` could be what some seat may do (see `LegalActions`)."""

    def fail(problem: str) -> EngineError:
        return EngineError(f"LegalActions: {problem}; got {legal!r}")

    whole(legal.seat, "LegalActions.seat", minimum=0, maximum=MAX_PLAYERS - 1)
    for name in ("fold", "check", "show", "muck"):
        flag(getattr(legal, name), f"LegalActions.{name}")
    for name in ("call", "min_to", "max_to"):
        chips(getattr(legal, name), f"LegalActions.{name}")
    count(legal.runs, "LegalActions.runs")
    betting = legal.fold or legal.check or legal.wager is not None
    if sum((betting, legal.show or legal.muck, legal.runs > 0)) > 1:
        raise fail(
            "a decision is a bet (fold, check, call, wager), a showdown (show, muck) or a choice of runs, one at a time"
        )
    if legal.muck and not legal.show:
        raise fail("a seat that may muck at the showdown may show")
    if legal.fold != (legal.call > 0):
        raise fail("fold is offered exactly when there is a call (call > 0)")
    if legal.fold and legal.check:
        raise fail("a seat facing a call cannot check, and one that may check has nothing to fold to")
    if legal.wager is None:
        if legal.min_to or legal.max_to:
            raise fail("without a wager, min_to and max_to are 0")
    elif not 1 <= legal.min_to <= legal.max_to:
        raise fail(f"a wager's range has 1 <= min_to <= max_to (min_to {legal.min_to}, max_to {legal.max_to})")
    elif not legal.fold and not legal.check:
        raise fail("a wager is offered with a fold (facing a bet) or a check")
    elif legal.wager is Verb.BET and legal.fold:
        raise fail("a bet opens the betting, so nothing is to be called: facing a bet, the wager is a raise")


def spot(state: HandState, seat: int) -> Spot:
    """What the betting structure needs to know about ``seat``'s turn."""
    made: Spot = bare_tuple(
        Spot,
        (
            state.street,
            state.level,
            state.full_level,
            state.min_raise,
            state.wagers,
            sum(state.contributed),
            state.bets[seat],
            state.stacks[seat],
            state.folded.count(False),
            state.setup.rules.blinds[-1],
        ),
    )
    return made


def legal_actions(state: HandState, seat: int) -> LegalActions:
    """What ``seat``, the player to act in ``state``, may do."""
    if state.street is _SHOWDOWN:
        return LegalActions(seat, show=True, muck=_may_muck(state, seat))
    if state.agreement is not None:
        return LegalActions(seat, runs=state.agreement.most)
    level = state.level
    stack = state.stacks[seat]
    owed = level - state.bets[seat]
    facing = owed > 0
    call = (owed if owed < stack else stack) if facing else 0
    limits = _wager_limits(state, seat) if owed < stack else None  # else calling takes every chip
    legal: LegalActions
    if limits is None:
        legal = bare_tuple(LegalActions, (seat, facing, not facing, call, None, 0, 0, False, False, 0))
    else:
        wager = Verb.RAISE if level else Verb.BET
        legal = bare_tuple(LegalActions, (seat, facing, not facing, call, wager, *limits, False, False, 0))
    return legal


def _wager_limits(state: HandState, seat: int) -> tuple[int, int] | None:
    """The (min, max) ``seat`` may bet or raise to, or None: when nobody left could answer a wager (every other
    player still in is all in, or could not put in more than the bet already made), when a short all-in did not
    reopen the betting to this player, or when the structure allows none (a capped round)."""
    stacks, level = state.stacks, state.level
    if min(stacks) <= level:  # (else every stack alone is more than the bet: anyone still in could answer)
        folded, bets = state.folded, state.bets
        for other, chips in enumerate(stacks):
            if chips + bets[other] > level and other != seat and not folded[other]:
                break
        else:
            return None
    situation = spot(state, seat)
    betting = state.setup.rules.betting
    acted_at = state.acted_at[seat]
    if acted_at >= 0 and level - acted_at < betting.reopen_threshold(situation):
        return None
    return betting.wager_range(situation)


def _may_muck(state: HandState, seat: int) -> bool:
    """A hand may not be mucked when it is the last claim on some pot."""
    mucked = state.mucked
    for pot in final_pots(state.contributed, state.folded, state.stacks):
        if seat in pot.eligible and not any(s != seat and not mucked[s] for s in pot.eligible):
            return False
    return True


def refusal(
    state: HandState,
    action: Action,
    legal: LegalActions,
    who: str | None = None,
    chips: Callable[[int], object] = str,
    phrases: Mapping[str, str] = CODE_PHRASES,
) -> str:
    """Why ``action`` is not allowed, and what is: the message of the `IllegalAction` `apply` raises. ``who``
    names the actor (default ``seat N``, the hand's seat index; a table names its player, whose table seat is
    another number); ``chips`` writes an amount and ``phrases`` the allowed actions (a history's replay: in the
    history's own units and in words, `WORD_PHRASES`)."""
    seat = legal.seat
    actor = f"seat {seat}" if who is None else who
    if isinstance(action, Check) and not legal.check:
        reason = f"{actor} cannot check: there is {chips(state.level - state.bets[seat])} to call"
    elif isinstance(action, Call) and not legal.call:
        reason = f"{actor} cannot call: there is nothing to call"
    elif not isinstance(action, _ACTION_KINDS):
        reason = (
            f"{quote(action)} is not an action; play one of Fold(), Check(), Call(), Bet(to), Raise(to), "
            "Show(), Muck(), RunIt(times)"
        )
    elif isinstance(action, Fold):
        reason = f"{actor} cannot fold now"
    elif isinstance(action, (Bet, Raise)):
        word = Verb.BET if isinstance(action, Bet) else Verb.RAISE
        if legal.wager is None:
            reason = f"{actor} cannot {word} here"
        elif legal.wager != word:
            reason = f"{actor} cannot {word}: " + (
                "there is a bet to raise" if legal.wager == Verb.RAISE else "there is no bet to raise"
            )
        elif type(action.to) is not int:
            reason = f"{actor} cannot {word} to {quote(action.to)}: amounts are whole numbers of chips"
        else:
            reason = f"{actor} cannot {word} to {chips(action.to)}"
    elif isinstance(action, RunIt):
        reason = (
            f"{actor} cannot choose how many times to run the board now"
            if not legal.runs
            else f"{actor} cannot run it {action.times} times: {legal.runs} at most"
        )
    elif isinstance(action, (Show, Muck)):
        reason = f"{actor} cannot {action}" + (
            " now" if state.street is not _SHOWDOWN else ": it is the last claim on a pot"
        )
    else:
        reason = f"{actor} cannot {action}"
    return f"{reason}; allowed: {legal.describe(phrases, chips)}"
