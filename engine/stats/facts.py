"""What one finished hand says about each seat, for the player statistics: did it put chips in voluntarily
preflop, raise, face a raise it could re-raise, bet or call after the flop, see the flop and the showdown, win
at the showdown and which half, and what it netted.

Everything is read from the engine's own hand (the states the replay plays), never from a file's text, so every
history format gives the same numbers. The definitions are in docs/stats.md.
"""

from __future__ import annotations

from collections.abc import Iterator

import attrs

from engine.actions import Action, Bet, Call, Raise
from engine.history.replay import replay_states
from engine.showdown import PotResult
from engine.state import HandState, Street
from engine.stats.errors import StatsError
from engine.validate import quote

_WAGERS = (Bet, Raise)
_VOLUNTARY = (Call, Bet, Raise)
_POSTFLOP = (Street.FLOP, Street.TURN, Street.RIVER)


@attrs.frozen(slots=True)
class SeatFacts:
    """One seat's part in one hand (see docs/stats.md for each definition).

    ``bets``, ``raises`` and ``calls`` count the seat's actions on the flop, turn and river. ``high_chips`` and
    ``low_chips`` are the chips it took from the high and the low halves of pots contested at the showdown (a
    pot with no qualifying low is all high); ``net`` is its finishing stack less its starting stack.
    """

    vpip: bool = False
    pfr: bool = False
    three_bet_chance: bool = False
    three_bet: bool = False
    bets: int = 0
    raises: int = 0
    calls: int = 0
    saw_flop: bool = False
    showdown: bool = False
    won_showdown: bool = False
    won_high: bool = False
    won_low: bool = False
    scooped: bool = False
    quartered: bool = False
    net: int = 0
    high_chips: int = 0
    low_chips: int = 0


def hand_facts(hand: HandState) -> tuple[SeatFacts, ...]:
    """Each seat's facts, in seat order, for a finished hand (a StatsError for anything else)."""
    if not isinstance(hand, HandState) or not hand.is_over or hand.result is None:
        raise StatsError(f"hand_facts needs a finished HandState, got {quote(hand)}")
    n = hand.players
    betting = [_Betting() for _ in range(n)]
    saw_flop: tuple[bool, ...] | None = None
    preflop_raises = 0
    raiser: int | None = None
    for before, action in _steps(hand):
        if saw_flop is None and len(before.board) >= 3:
            saw_flop = tuple(not folded for folded in before.folded)
        seat, street = before.actor, before.street
        if seat is None:
            continue
        mine = betting[seat]
        if street is Street.PREFLOP:
            if (
                preflop_raises == 1
                and raiser != seat
                and not mine.three_bet_chance
                and before.legal_actions().wager is not None
            ):
                mine.three_bet_chance = True
                mine.three_bet = isinstance(action, _WAGERS)
            if isinstance(action, _VOLUNTARY):
                mine.vpip = True
            if isinstance(action, _WAGERS):
                mine.pfr = True
                preflop_raises += 1
                raiser = seat
        elif street in _POSTFLOP:
            mine.bets += isinstance(action, Bet)
            mine.raises += isinstance(action, Raise)
            mine.calls += isinstance(action, Call)
    if saw_flop is None:  # the last state: the flop came with the hand's last action, or never
        saw_flop = tuple(len(hand.board) >= 3 and not folded for folded in hand.folded)
    return tuple(_seat_facts(hand, seat, betting[seat], saw_flop[seat]) for seat in range(n))


class _Betting:
    """The counters `hand_facts` fills in as it walks the hand, one per seat."""

    __slots__ = ("bets", "calls", "pfr", "raises", "three_bet", "three_bet_chance", "vpip")

    def __init__(self) -> None:
        self.vpip = self.pfr = self.three_bet_chance = self.three_bet = False
        self.bets = self.raises = self.calls = 0


def _steps(hand: HandState) -> Iterator[tuple[HandState, Action]]:
    """Each state of the hand with the action taken from it."""
    states = replay_states(hand)
    before = next(states)
    for after in states:
        yield before, after.actions[-1]
        before = after


def _contested(pot: PotResult) -> bool:
    return len(pot.eligible) > 1


def _seat_facts(hand: HandState, seat: int, betting: _Betting, saw_flop: bool) -> SeatFacts:
    result = hand.result
    assert result is not None
    showdown = result.showdown and not hand.folded[seat]
    pots = [pot for pot in result.pots if _contested(pot)] if result.showdown else []
    high = low = 0
    quartered = False
    for pot in pots:
        high += sum(paid.chips for paid in pot.high_shares if paid.seat == seat)
        low += sum(paid.chips for paid in pot.low_shares if paid.seat == seat)
        if pot.low_winners:
            quartered = quartered or any(
                seat in winners and len(winners) > 1 for winners in (pot.high_winners, pot.low_winners)
            )
    # Won (or tied) a half: a tie may pay nothing, when a half of one or two chips meets more winners.
    won_high = any(seat in pot.high_winners for pot in pots)
    won_low = any(seat in pot.low_winners for pot in pots)
    return SeatFacts(
        **{name: getattr(betting, name) for name in _Betting.__slots__},
        saw_flop=saw_flop,
        showdown=showdown,
        won_showdown=won_high or won_low,
        won_high=won_high,
        won_low=won_low,
        scooped=seat in result.scoops,
        quartered=quartered,
        net=result.net[seat],
        high_chips=high,
        low_chips=low,
    )
