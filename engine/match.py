"""The match runner: bots play many hands at one `Table`, and the runner reports how each did.

`play_match(bots, game, hands, seed=...)` seats the bots in order at a table playing ``game`` (a `Rules` for
one game, or a schedule such as `MixedOmaha`), deals ``hands`` hands and returns a `MatchResult`: per bot the
hands played, net chips, big blinds won per 100 hands, hands won, won high, won low, scooped and quartered,
and every fault. The match's rules (deterministic deals, a cash game with rebuys, faults that keep the match
going, chips conserved, bots that see only their view) are in docs/bots.md ("The match runner", "Faults").
"""

from __future__ import annotations

import hashlib
import math
import re
from collections.abc import Callable, Sequence
from time import monotonic
from typing import TextIO

import attrs

from engine.actions import Action, Bet, Call, Check, Fold, Muck, Raise, RunIt, Show
from engine.bots.base import Bot, MatchError, StopMatch, bot_name, fault_action, seed_argument
from engine.bots.view import bot_view
from engine.errors import EngineError
from engine.history.ohh_writer import write_ohh
from engine.history.phh import state_to_record, write_phh
from engine.history.pokerstars import write_pokerstars_state
from engine.order import MAX_PLAYERS
from engine.rules import Rules
from engine.schedule import FixedGame, Schedule
from engine.showdown import HandResult
from engine.state import HandState, LegalActions
from engine.table import Departure, Player, Table
from engine.validate import flag, one_of, optional_finite, optional_whole, quote, whole
from engine.validate import name as checked_name

DEFAULT_TIME_LIMIT = 1.0
"""Seconds a bot may take over one action in `play_match` unless told otherwise."""


class ChipsNotConserved(RuntimeError):
    """Chips appeared or vanished in a hand: a bug in the engine, never a bot's doing."""


def derive_seed(seed: int | str, label: int | str) -> int:
    """A seed for one part of a match (a hand, a bot) from the match seed: 64 bits of BLAKE2b of
    "seed:label", the same on every machine, and unrelated for different labels."""
    digest = hashlib.blake2b(f"{seed}:{label}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big")


def hand_seed(seed: int | str, number: int) -> int:
    """The deck seed of hand ``number`` (1, 2, ...) of a match seeded ``seed``."""
    return derive_seed(seed, number)


def game_name(rules: Rules) -> str:
    """ "limit", "pot-limit" or "no-limit" (the command line's words), with "-high" for high-only games."""
    name = rules.betting.name
    return name if rules.hi_lo else f"{name}-high"


def bets_text(rules: Rules) -> str:
    """ " 2/4" for a game with fixed bets (its small and big bet), "" otherwise: what follows a game's name."""
    bets = rules.betting.fixed_bets
    return "" if bets is None else f" {bets[0]}/{bets[1]}"


@attrs.frozen(slots=True)
class Incident:
    """A bot fault. ``kind`` is "exception", "illegal" or "timeout"; ``played`` the action played for the bot
    (None when the fault was in ``hand_over``, where there is nothing to play)."""

    hand: int
    seat: int
    bot: str
    kind: str
    detail: str
    played: Action | None


@attrs.frozen(slots=True)
class BotStats:
    """One bot's results. ``net`` is chips won minus chips lost (rebuys are not winnings); ``net_bb`` the same
    in big blinds of each hand's game; ``won`` hands in which it was paid from a pot; ``high`` and ``low`` hands
    in which it won or tied the high (the low) of a pot contested at a showdown; ``scooped`` hands in which it
    won every part of every contested pot it was in; ``quartered`` hands in which it tied a half of a split pot
    with another player (a quarter of the pot, or less); ``showdowns`` hands it was in at a showdown.
    ``net_bb_squares`` is the sum of each hand's net in big blinds, squared: with ``net_bb`` and ``hands`` it
    gives the spread of the results, so `bb_per_100_error` can say how far bb/100 is from noise."""

    seat: int
    name: str
    hands: int = 0
    net: int = 0
    net_bb: float = 0.0
    won: int = 0
    high: int = 0
    low: int = 0
    scooped: int = 0
    quartered: int = 0
    showdowns: int = 0
    rebuys: int = 0
    faults: int = 0
    net_bb_squares: float = 0.0

    @property
    def bb_per_100(self) -> float:
        """Big blinds won per 100 hands played."""
        return 100 * self.net_bb / self.hands if self.hands else 0.0

    @property
    def bb_per_100_error(self) -> float:
        """The standard error of `bb_per_100`: the sample standard deviation of one hand's net (in big blinds)
        over the square root of the hands, times 100 (0 with fewer than two hands). Hands are taken as
        independent, which a session's stacks make only nearly true."""
        n = self.hands
        if n < 2:
            return 0.0
        mean = self.net_bb / n
        variance = max(0.0, (self.net_bb_squares - n * mean * mean) / (n - 1))
        return 100 * math.sqrt(variance / n)

    @property
    def bb_per_100_interval(self) -> tuple[float, float]:
        """A 95% confidence interval for the bot's true bb/100 (normal approximation: 1.96 standard errors)."""
        half = 1.96 * self.bb_per_100_error
        return self.bb_per_100 - half, self.bb_per_100 + half


@attrs.frozen(slots=True)
class HandSummary:
    """One finished hand, for callbacks and writers: ``names[i]`` and ``seats[i]`` are the bot name and table
    seat of hand seat ``i``; ``state`` is the finished hand (it holds the deck: do not show it to bots). In a
    duplicate match ``number`` is the deal and ``rotation`` (1..N) which of its N rotations this is."""

    number: int
    game: str
    state: HandState
    names: tuple[str, ...]
    seats: tuple[int, ...]
    rotation: int | None = None

    @property
    def hand_id(self) -> str:
        """The hand's id in histories: its number, or "deal-rotation" (such as "17-2") in a duplicate match."""
        return str(self.number) if self.rotation is None else f"{self.number}-{self.rotation}"

    @property
    def result(self) -> HandResult:
        assert self.state.result is not None, "a summary is made of a finished hand"
        return self.state.result


@attrs.frozen(slots=True)
class MatchResult:
    """What a match came to: ``hands`` finished hands, per-seat `BotStats`, every `Incident`, and whether a bot
    stopped the match early (`StopMatch`)."""

    hands: int
    seed: int | str
    stats: tuple[BotStats, ...]
    incidents: tuple[Incident, ...]
    stopped: bool = False


_HAND_ID = re.compile(r"[0-9]{1,20}(-[0-9]{1,3})?")


class HistoryWriter:
    """Writes every hand of a match to a text stream as it finishes: PHH (a ``.phhs`` file, the same text
    `write_phhs` gives for the list of hands, with ``[number]`` sections), PokerStars-style text (hands
    separated by two blank lines, as `python -m engine convert` writes) or OHH (one JSON object a hand, a blank
    line between: the spec's storage format). Streaming keeps memory flat in long matches."""

    def __init__(self, out: TextIO, format: str = "phh") -> None:
        one_of(format, ("phh", "pokerstars", "ohh"), "a history format", error=MatchError)
        if not callable(getattr(out, "write", None)):
            raise MatchError(f"out must be a text stream (with a write method), got {quote(out)}")
        self.out = out
        self.format = format
        self.written = 0

    def __call__(self, hand: HandSummary) -> None:
        self.write(
            hand.state, players=hand.names, seat_labels=tuple(seat + 1 for seat in hand.seats), number=hand.hand_id
        )

    def write(
        self,
        state: HandState,
        *,
        players: Sequence[str] | None = None,
        seat_labels: Sequence[int] | None = None,
        number: int | str | None = None,
    ) -> None:
        """Write one finished hand: a server's or a script's own, not only a match's. ``players`` are the
        names in hand-seat order, ``seat_labels`` the seat numbers to print (default 1..n), ``number`` the
        hand's number in the file (default: the next), or an id such as a duplicate match's "17-2"."""
        if not isinstance(state, HandState) or not state.is_over:
            raise MatchError(f"HistoryWriter.write takes a finished HandState, got {quote(state)}")
        if number is None:
            number = self.written + 1
        elif isinstance(number, str):
            if not _HAND_ID.fullmatch(number):
                raise MatchError(f"a hand id is digits, or deal-rotation digits such as 17-2, got {quote(number)}")
        else:
            number = whole(number, "a hand number", minimum=0, error=MatchError)
        labels = tuple(seat_labels) if seat_labels is not None else None
        if self.format == "phh":
            record = state_to_record(state, players, id=str(number))
            if labels is not None:
                record = attrs.evolve(record, seat_labels=labels)
            text = ("\n" if self.written else "") + f"[{number}]\n" + write_phh(record)
        elif self.format == "ohh":
            text = write_ohh(state, players=players, hand_id=str(number))
        else:
            text = ("\n\n\n" if self.written else "") + write_pokerstars_state(
                state, players, _text_hand_number(str(number)), seat_labels=labels
            ).rstrip("\n")
        self.out.write(text)
        self.written += 1

    def close(self) -> None:
        """End the file (PokerStars text ends with a newline; PHH already does)."""
        if self.format == "pokerstars" and self.written:
            self.out.write("\n")


def _text_hand_number(hand_id: str) -> str:
    """PokerStars text numbers hands with digits only, so a duplicate match's "17-2" is written #1702: the deal,
    then the rotation in two digits (a match has at most ten), read back as divmod(number, 100)."""
    deal, _, rotation = hand_id.partition("-")
    return f"{deal}{int(rotation):02d}" if rotation else deal


class _Tally:
    """The mutable counters behind one bot's `BotStats`."""

    __slots__ = (
        "faults",
        "hands",
        "high",
        "low",
        "net",
        "net_bb",
        "net_bb_squares",
        "quartered",
        "rebuys",
        "scooped",
        "showdowns",
        "won",
    )

    def __init__(self) -> None:
        self.hands = self.net = self.won = self.high = self.low = self.scooped = 0
        self.quartered = self.showdowns = self.rebuys = self.faults = 0
        self.net_bb = self.net_bb_squares = 0.0


def unique_names(bots: Sequence[object], names: Sequence[str] | None = None) -> tuple[str, ...]:
    """The bots' names, made unique: "hilo", "random", "hilo" become "hilo1", "random", "hilo2"."""
    if names is not None:
        if not isinstance(names, (list, tuple)):
            raise MatchError(f"names must be a list or tuple of {len(bots)} names, got {quote(names)}")
        chosen = tuple(checked_name(n, f"names[{i}]", error=MatchError) for i, n in enumerate(names))
        if len(chosen) != len(bots) or len(set(chosen)) != len(chosen):
            raise MatchError(f"need {len(bots)} distinct names, one per bot, got {quote(chosen)}")
        return chosen
    base = [bot_name(bot, type(bot).__name__.lower()) for bot in bots]
    counts = {name: base.count(name) for name in base}
    seen: dict[str, int] = {}
    out = []
    for name in base:
        if counts[name] > 1:
            seen[name] = seen.get(name, 0) + 1
            name = f"{name}{seen[name]}"
        out.append(name)
    return tuple(out)


def play_match(
    bots: Sequence[Bot],
    game: Rules | Schedule,
    hands: int,
    *,
    seed: int | str = 0,
    stack: int | None = None,
    time_limit: float | None = DEFAULT_TIME_LIMIT,
    names: Sequence[str] | None = None,
    on_hand: Callable[[HandSummary], object] | None = None,
    clock: Callable[[], float] | None = None,
    fixed_deals: bool = False,
) -> MatchResult:
    """Play ``hands`` hands with ``bots`` in seats 0, 1, ... (docs/bots.md states the rules of the match).

    ``stack`` is every bot's starting stack and rebuy (default: 100 big blinds of the first hand's game);
    ``time_limit`` the seconds a bot may take per action (None: no limit, for people); ``names`` overrides the
    bots' names; ``on_hand`` is called with a `HandSummary` after each hand (printing, a `HistoryWriter`);
    ``clock`` is the clock the time limit reads (default ``time.monotonic``; tests pass a fake one).
    ``fixed_deals``: every hand is a fixed deal (`fixed_deal`), the same whatever the earlier hands did, as a
    duplicate match needs; by default stacks carry over from hand to hand as in a cash game.
    """
    _check_match(bots, game, hands, seed, stack, time_limit, on_hand, clock)
    flag(fixed_deals, "fixed_deals", error=MatchError)
    labels = unique_names(bots, names)
    table = Table.new(FixedGame(game) if isinstance(game, Rules) else game, seats=len(bots))
    buy_in = stack if stack is not None else 100 * max(table.next_rules.big_blind, 1)
    for seat, label in enumerate(labels):
        table = table.join(seat, label, buy_in)
    match = _Match(bots, labels, buy_in, time_limit, clock if clock is not None else monotonic)
    for number in range(1, hands + 1):
        if fixed_deals:
            table = fixed_deal(table, labels, buy_in, number)
            match.bank = buy_in * len(labels)
        table, state = table.start_next_hand(seed=hand_seed(seed, number))
        seats = table.hand_seats
        try:
            state = match.play_hand(number, state, seats)
        except StopMatch:
            match.stopped = True
            break
        table = match.finish_hand(number, table, state, seats)
        if on_hand is not None:
            on_hand(HandSummary(number, game_name(state.rules), state, tuple(labels[seat] for seat in seats), seats))
        if match.stopped:
            break
    return match.result(seed)


def fixed_deal(table: Table, names: Sequence[str], stack: int, number: int) -> Table:
    """The table as deal ``number`` (1, 2, ...) of a duplicate match finds it, whatever came before: every
    seat holds its player with ``stack`` chips, dealt in (none waiting or away), and the button at seat
    ``(number - 1) mod seats``. With the deck from `hand_seed`, deal k is then the same cards, button and
    stacks in every rotation of the bots; only the schedule's clock carries over, and it moves one hand a deal
    in every rotation alike."""
    seats = tuple(Player(name, stack) for name in names)
    return attrs.evolve(table, seats=seats, button=(number - 1) % len(seats), departed=())


def _check_match(
    bots: Sequence[Bot],
    game: object,
    hands: int,
    seed: int | str,
    stack: int | None,
    time_limit: float | None,
    on_hand: object,
    clock: object,
) -> None:
    """`play_match`'s arguments, checked before a hand is dealt."""
    _check_bots(bots)
    whole(hands, "hands", minimum=0, error=MatchError)
    seed_argument(seed, optional=False)
    optional_finite(
        time_limit,
        "time_limit (seconds per action, or None for no limit)",
        positive=True,
        error=MatchError,
    )
    for label, callback in (("on_hand", on_hand), ("clock", clock)):
        if callback is not None and not callable(callback):
            raise MatchError(f"{label} must be a function or None, got {quote(callback)}")
    if not isinstance(game, (Rules, Schedule)):
        raise MatchError(f"game must be a Rules or a schedule (FixedGame, MixedOmaha...), got {quote(game)}")
    optional_whole(stack, "stack (chips)", minimum=1, error=MatchError)


class _Match:
    """A match in progress: the bots, their tallies and faults, and every chip brought to the table."""

    def __init__(
        self,
        bots: Sequence[Bot],
        labels: tuple[str, ...],
        buy_in: int,
        time_limit: float | None,
        clock: Callable[[], float],
    ) -> None:
        self.bots = bots
        self.labels = labels
        self.buy_in = buy_in
        self.time_limit = time_limit
        self.clock = clock
        self.tallies = [_Tally() for _ in bots]
        self.incidents: list[Incident] = []
        self.watchers = [getattr(bot, "hand_over", None) for bot in bots]
        self.bank = buy_in * len(bots)  # every chip brought to the table, less the rake
        self.played = 0
        self.stopped = False

    def fault(self, number: int, seat: int, kind: str, detail: str, action: Action | None) -> None:
        self.tallies[seat].faults += 1
        self.incidents.append(Incident(number, seat, self.labels[seat], kind, detail, action))

    def play_hand(self, number: int, state: HandState, seats: Sequence[int]) -> HandState:
        """Ask the bots to act until the hand is over; `StopMatch` from a bot passes through."""
        while state.actor is not None:
            actor = state.actor
            action = self.ask(number, state, seats[actor])
            state = self.apply(number, state, seats[actor], action)
        return state

    def ask(self, number: int, state: HandState, seat: int) -> Action:
        """The bot's answer, or `fault_action` when it raised or answered too late (a fault either way)."""
        assert state.actor is not None
        view = bot_view(state, state.actor)
        started = self.clock()
        try:
            action = self.bots[seat].act(view)
        except StopMatch:
            raise
        except Exception as error:  # a bot's bug must not end the match
            action = fault_action(state.legal_actions())
            self.fault(number, seat, "exception", f"{type(error).__name__}: {error}", action)
            return action
        took = _seconds(self.clock, started)
        if self.time_limit is not None and took > self.time_limit:
            late = action
            action = fault_action(state.legal_actions())
            self.fault(
                number,
                seat,
                "timeout",
                f"answered {quote(late)} after {took:.3f} s; the limit is {self.time_limit:g} s",
                action,
            )
        return action

    def apply(self, number: int, state: HandState, seat: int, action: Action) -> HandState:
        """The state after ``action``; anything that is not a legal action is a fault, and `fault_action` is
        played instead."""
        if type(action) in _ACTIONS:
            try:
                return state.apply(action)  # checks legality: anything not allowed raises
            except EngineError as error:  # IllegalAction, or any other refusal: the bot's fault
                refusal = _refusal(action, state.legal_actions(), error)
        else:  # None, text, a class, a subclass of an action...: not an action
            refusal = _refusal(action, state.legal_actions(), None)
        played = fault_action(state.legal_actions())
        self.fault(number, seat, "illegal", refusal, played)
        return state.apply(played)

    def finish_hand(self, number: int, table: Table, state: HandState, seats: Sequence[int]) -> Table:
        """Check and count the finished hand, tell the bots, give it back to the table and rebuy the busted;
        the table after it."""
        result = state.result
        assert result is not None
        _check_chips(number, state, result)
        self.bank -= result.rake
        _tally(self.tallies, seats, state, result)
        self.tell_watchers(number, state, seats)
        table = table.finish_hand(state)
        self.played = number
        table, departures = table.take_departures()
        if departures:
            table, rebought = _rebuy(table, departures, self.buy_in)
            for seat in rebought:
                self.tallies[seat].rebuys += 1
            self.bank += self.buy_in * len(rebought)
        on_table = sum(player.stack for _, player in table.players)
        if on_table != self.bank:
            raise ChipsNotConserved(
                f"after hand {number} the table holds {on_table} chips; {self.bank} were "
                f"brought to it (stacks, rebuys, less the rake)"
            )
        return table

    def tell_watchers(self, number: int, state: HandState, seats: Sequence[int]) -> None:
        """Show each bot with a ``hand_over`` its view of the finished hand; `StopMatch` there ends the match
        after this hand, any other exception is a fault."""
        for hand_seat, seat in enumerate(seats):
            watch = self.watchers[seat]
            if watch is None:
                continue
            try:
                watch(state.view(hand_seat))
            except StopMatch:
                self.stopped = True  # after this hand, which is finished and counted
            except Exception as error:
                self.fault(number, seat, "exception", f"hand_over: {type(error).__name__}: {error}", None)

    def result(self, seed: int | str) -> MatchResult:
        stats = tuple(
            BotStats(
                seat,
                self.labels[seat],
                t.hands,
                t.net,
                t.net_bb,
                t.won,
                t.high,
                t.low,
                t.scooped,
                t.quartered,
                t.showdowns,
                t.rebuys,
                t.faults,
                t.net_bb_squares,
            )
            for seat, t in enumerate(self.tallies)
        )
        return MatchResult(self.played, seed, stats, tuple(self.incidents), self.stopped)


_ACTIONS = frozenset((Fold, Check, Call, Bet, Raise, Show, Muck, RunIt))  # exactly these types, no subclasses


def _check_bots(bots: object) -> None:
    if not isinstance(bots, (list, tuple)):
        raise MatchError(f"a match needs a list of 2 to {MAX_PLAYERS} bots, got {quote(bots)}")
    if not 2 <= len(bots) <= MAX_PLAYERS:
        raise MatchError(f"a match needs a list of 2 to {MAX_PLAYERS} bots, got {len(bots)}")
    for seat, bot in enumerate(bots):
        if not callable(getattr(bot, "act", None)):
            raise MatchError(f"seat {seat}: {quote(bot)} is not a bot (it has no act(view) method)")


def _seconds(clock: Callable[[], float], started: float) -> float:
    """The seconds since ``started`` on ``clock``; a clock that gives no numbers is a MatchError."""
    try:
        return float(clock() - started)
    except (TypeError, ValueError, OverflowError) as error:
        raise MatchError(f"clock must return seconds as a number: {error}") from None


def _refusal(action: object, legal: LegalActions, error: EngineError | None) -> str:
    allowed = legal.describe()
    if error is None:
        return f"returned {quote(action)}, which is not an action; allowed: {allowed}"
    reason = str(error)
    return reason if "allowed" in reason else f"{action} was refused: {reason}; allowed: {allowed}"


def _check_chips(number: int, state: HandState, result: HandResult) -> None:
    before = sum(state.starting_stacks)
    after = sum(state.stacks) + result.rake
    if after != before or min(state.stacks) < 0:
        raise ChipsNotConserved(
            f"hand {number}: stacks {state.stacks} plus rake {result.rake} make {after} chips; "
            f"the hand started with {before} ({state.starting_stacks})"
        )


def _tally(tallies: list[_Tally], seats: Sequence[int], state: HandState, result: HandResult) -> None:
    big_blind = max(state.rules.big_blind, 1)
    scoops = result.scoops
    folded = state.folded
    high: set[int] = set()
    low: set[int] = set()
    quartered: set[int] = set()
    paid: set[int] = set()
    for pot in result.pots:
        paid.update(seat for seat, chips, _ in pot.shares if chips)
        if not result.showdown or len(pot.eligible) < 2:
            continue
        high.update(pot.high_winners)
        low.update(pot.low_winners)
        if pot.low_winners:
            for winners in (pot.high_winners, pot.low_winners):
                if len(winners) > 1:
                    quartered.update(winners)
    for hand_seat, seat in enumerate(seats):
        tally = tallies[seat]
        net = result.net[hand_seat]
        tally.hands += 1
        tally.net += net
        tally.net_bb += net / big_blind
        tally.net_bb_squares += (net / big_blind) ** 2
        tally.won += hand_seat in paid
        tally.high += hand_seat in high
        tally.low += hand_seat in low
        tally.scooped += hand_seat in scoops
        tally.quartered += hand_seat in quartered
        tally.showdowns += result.showdown and not folded[hand_seat]


def _rebuy(table: Table, departures: Sequence[Departure], stack: int) -> tuple[Table, list[int]]:
    """Seat every busted bot again with ``stack`` chips, dealt in from the next hand (docs/bots.md: rebuys)."""
    seats = list(table.seats)
    rebought = []
    for departure in departures:
        if departure.reason == "busted" and seats[departure.seat] is None:
            seats[departure.seat] = Player(departure.player.name, stack)
            rebought.append(departure.seat)
    return attrs.evolve(table, seats=seats), rebought
