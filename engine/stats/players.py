"""Player statistics over many hands: each player's counts, added up hand by hand, and the rates made of them.

A player is a name: the same name in several files, or at several tables, is one player; but results in two
kinds of money (dollars and euros, money and tournament chips) are never added up: as a tracker does, the
player's hands in each are a player of their own, labelled with the money ("Ann (USD)", "Ann (EUR)"). Hands come as
`PlayedHand`s (an engine hand with its players' names), from any history file (`engine.stats.sources`) or from
a program's own hands.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from fractions import Fraction
from typing import Any

import attrs

from engine.state import HandState
from engine.stats import allin
from engine.stats.errors import StatsError
from engine.stats.facts import SeatFacts, hand_facts
from engine.validate import quote


@attrs.frozen(slots=True)
class PlayedHand:
    """A finished engine hand, its players' names in seat order, and where it came from. ``scale`` converts
    chips to the record's units (100 for dollars and cents), so net results read as the file does; ``money``
    keeps results in different currencies (or chips and money) apart."""

    state: HandState
    names: tuple[str, ...]
    source: str = ""
    id: str = ""
    scale: int = 1
    money: str = "chips"  # what the results are counted in (`HandRecord.money`): "USD", "tournament chips"...


@attrs.frozen(slots=True)
class Rate:
    """``count`` of ``of``: a percentage, or None when there was no chance at all (``of`` is 0)."""

    count: int
    of: int

    @property
    def percent(self) -> float | None:
        return 100 * self.count / self.of if self.of else None

    def text(self) -> str:
        """The rate as a percentage with one decimal, or ``-`` when nothing was counted."""
        percent = self.percent
        return "-" if percent is None else f"{percent:.1f}"

    def data(self) -> dict[str, Any]:
        """The count, the number of chances and the percentage, as plain JSON-ready data."""
        percent = self.percent
        return {"count": self.count, "of": self.of, "percent": None if percent is None else round(percent, 2)}


@attrs.frozen(slots=True)
class HandPoint:
    """One hand in a player's graph, in the record's units: what it netted, its all-in-adjusted net (None
    when not worked out), and what it took from the high and the low halves of pots at the showdown."""

    net: Fraction
    adjusted: float | None
    high: Fraction
    low: Fraction


class PlayerStats:
    """One player's counts, added to hand by hand (`add`), and the statistics made of them."""

    def __init__(self, name: str, money: str = "chips") -> None:
        self.name, self.money = name, money
        self.label = name  # the name, and the money when the player played in more than one
        self.hands = 0
        self.vpip = self.pfr = self.three_bet_chances = self.three_bets = 0
        self.bets = self.raises = self.calls = 0
        self.saw_flop = self.showdowns = self.won_showdown = 0
        self.won_high = self.won_low = self.scooped = self.quartered = 0
        self.net = Fraction(0)
        self.net_chips = 0
        self.net_bb = Fraction(0)
        self.adjusted: float | None = 0.0
        self.adjusted_bb: float | None = 0.0
        self.points: list[HandPoint] = []

    def add(self, facts: SeatFacts, big_blind: int, scale: int, adjusted: float | None = None) -> None:
        """Count one hand: the seat's facts, the hand's big blind and units, and the seat's all-in-adjusted
        net in chips (None when not worked out: the player's adjusted figures are then None)."""
        self.hands += 1
        self.vpip += facts.vpip
        self.pfr += facts.pfr
        self.three_bet_chances += facts.three_bet_chance
        self.three_bets += facts.three_bet
        self.bets += facts.bets
        self.raises += facts.raises
        self.calls += facts.calls
        self.saw_flop += facts.saw_flop
        self.showdowns += facts.showdown
        self.won_showdown += facts.won_showdown
        self.won_high += facts.won_high
        self.won_low += facts.won_low
        self.scooped += facts.scooped
        self.quartered += facts.quartered
        net = Fraction(facts.net, scale)
        self.net += net
        self.net_chips += facts.net
        self.net_bb += Fraction(facts.net, max(big_blind, 1))
        if adjusted is None or self.adjusted is None or self.adjusted_bb is None:
            self.adjusted = self.adjusted_bb = None
        else:
            self.adjusted += adjusted / scale
            self.adjusted_bb += adjusted / max(big_blind, 1)
        self.points.append(
            HandPoint(
                net,
                None if adjusted is None else adjusted / scale,
                Fraction(facts.high_chips, scale),
                Fraction(facts.low_chips, scale),
            )
        )

    # --- the statistics ---------------------------------------------------------------------------------------

    def rates(self) -> dict[str, Rate]:
        """Each rate by its JSON name: VPIP and PFR of hands, 3-bet of chances, WTSD of flops seen, W$SD of
        showdowns, and the halves won of the showdowns won."""
        won = self.won_showdown
        return {
            "vpip": Rate(self.vpip, self.hands),
            "pfr": Rate(self.pfr, self.hands),
            "three_bet": Rate(self.three_bets, self.three_bet_chances),
            "wtsd": Rate(self.showdowns, self.saw_flop),
            "wsd": Rate(won, self.showdowns),
            "won_high": Rate(self.won_high, won),
            "won_low": Rate(self.won_low, won),
            "scooped": Rate(self.scooped, won),
            "quartered": Rate(self.quartered, won),
        }

    @property
    def aggression(self) -> float | None:
        """(bets + raises) / calls on the flop, turn and river; None when the player never called there."""
        return (self.bets + self.raises) / self.calls if self.calls else None

    @property
    def bb_per_100(self) -> float:
        """Big blinds won per 100 hands, each hand's net in its own big blind."""
        return float(100 * self.net_bb / self.hands) if self.hands else 0.0

    def data(self) -> dict[str, Any]:
        """The statistics as JSON data (the structure docs/stats.md describes)."""
        aggression = self.aggression
        return {
            "name": self.name,
            "money": self.money,
            "hands": self.hands,
            **{key: rate.data() for key, rate in self.rates().items()},
            "aggression": {
                "bets": self.bets,
                "raises": self.raises,
                "calls": self.calls,
                "factor": None if aggression is None else round(aggression, 4),
            },
            "net": units(self.net),
            "net_chips": self.net_chips,
            "net_bb": round(float(self.net_bb), 4),
            "bb_per_100": round(self.bb_per_100, 4),
            "allin_adjusted_net": None if self.adjusted is None else round(self.adjusted, 4),
            "allin_adjusted_bb_per_100": None
            if self.adjusted_bb is None or not self.hands
            else round(100 * self.adjusted_bb / self.hands, 4),
        }


def units(amount: Fraction) -> int | float:
    """A whole amount as an int, else a float (12.5 for 1250 cents)."""
    return int(amount) if amount.denominator == 1 else round(float(amount), 6)


def player_stats(hands: Iterable[PlayedHand], *, adjust: bool | None = None) -> dict[str, PlayerStats]:
    """Every player's statistics over ``hands``, by name, in the order the players first appear; a player with
    results in more than one kind of money has one entry for each, by name and money ("Ann (USD)").

    ``adjust``: work out the all-in-adjusted net (True: numpy must be there; None: when it is; False:
    never; where it is not worked out, the adjusted figures are None)."""
    if adjust is None:
        adjust = allin.available()
    players: dict[tuple[str, str], PlayerStats] = {}
    for hand in hands:
        if not isinstance(hand, PlayedHand):
            raise StatsError(f"player_stats takes PlayedHand(state, names) values, got {quote(hand)}")
        facts = hand_facts(hand.state)
        if len(hand.names) != len(facts):
            raise StatsError(f"{len(hand.names)} names for a hand of {len(facts)} seats: {quote(hand.names)}")
        big_blind = hand.state.rules.big_blind
        adjusted: Sequence[float | None] = allin.adjusted_net(hand.state) if adjust else (None,) * len(facts)
        for name, seat_facts, seat_adjusted in zip(hand.names, facts, adjusted, strict=True):
            stats = players.get((name, hand.money))
            if stats is None:
                stats = players[name, hand.money] = PlayerStats(name, hand.money)
            stats.add(seat_facts, big_blind, hand.scale, seat_adjusted)
    kinds: dict[str, int] = {}
    for name, _ in players:
        kinds[name] = kinds.get(name, 0) + 1
    out: dict[str, PlayerStats] = {}
    for (name, money), stats in players.items():
        stats.label = name if kinds[name] == 1 else f"{name} ({money})"
        out[stats.label] = stats
    return out
