"""Random tournaments played to the end by bots, with every invariant checked independently after every
reported hand: chips, places, balancing, breaking, hand-for-hand, simultaneous busts, payouts, JSON; with
late registration, re-entries, rebuys and add-ons, big-blind antes and Mixed Omaha levels rotating by orbit.

TOURNAMENT_EXAMPLES (default 2000) sets how many random tournaments hypothesis plays."""

from __future__ import annotations

import os
from fractions import Fraction

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import FixedLimit, Level, NoLimit, PotLimit, Rules, from_json, to_json
from engine.bots.random_bot import RandomBot
from engine.tournament import (
    Busted,
    HandForHand,
    PrizePoolFixed,
    Rebought,
    Seated,
    Structure,
    Tournament,
    TournamentEvent,
    play_tournament,
)

EXAMPLES = int(os.environ.get("TOURNAMENT_EXAMPLES", "2000"))


def level(draw: st.DrawFn, i: int, blinds: tuple[int, int], last: bool) -> Level:
    """Level ``i``: no limit or pot limit, or Mixed Omaha (limit and pot limit an orbit each); antes from
    everyone, from the big blind, or none."""
    small, big = blinds[0] * 2**i, blinds[1] * 2**i
    ante = draw(st.sampled_from([0, 0, 1, 2])) * 2**i
    big_blind_ante = ante > 0 and draw(st.booleans())
    hands = None if last else draw(st.integers(1, 8))
    game = draw(st.sampled_from(["no", "pot", "mixed"]))
    pot_limit = Rules(PotLimit(), (small, big), ante=ante, big_blind_ante=big_blind_ante)
    if game == "mixed":
        limit = Rules(FixedLimit(big, 2 * big), (small, big), ante=ante, big_blind_ante=big_blind_ante)
        return Level(limit, hands=hands, mixed_with=pot_limit)
    if game == "pot":
        return Level(pot_limit, hands=hands)
    return Level(Rules(NoLimit(), (small, big), ante=ante, big_blind_ante=big_blind_ante), hands=hands)


@st.composite
def structures(draw: st.DrawFn) -> tuple[Structure, int, int]:
    """A structure, the entrants at the start and the players who may register late."""
    size = draw(st.integers(2, 6))
    entrants = draw(st.integers(2, 16))
    blinds = draw(st.sampled_from([(1, 2), (2, 4), (1, 1)]))
    count = draw(st.integers(1, 4))
    levels = [level(draw, i, blinds, i == count - 1) for i in range(count)]
    stack = draw(st.integers(3, 40))
    late_levels = draw(st.integers(0, count - 1))
    late = draw(st.integers(0, 6)) if late_levels else 0
    places = draw(st.integers(1, min(entrants, 5)))
    weights = sorted(draw(st.lists(st.integers(1, 9), min_size=places, max_size=places)), reverse=True)
    payouts = draw(st.one_of(st.none(), st.just([Fraction(100 * w, sum(weights)) for w in weights])))
    buy_in = draw(st.integers(0, 1000))
    rebuy_levels = draw(st.integers(0, count - 1))
    settings = {
        "late_levels": late_levels,
        "reentries": draw(st.integers(0, 2)) if late_levels else 0,
        "rebuy_levels": rebuy_levels,
        "max_rebuys": draw(st.sampled_from([None, 0, 1, 3])),
        "rebuy_threshold": draw(st.integers(0, stack)),
        "rebuy_chips": draw(st.integers(1, 2 * stack)),
        "rebuy_cost": draw(st.integers(0, buy_in)),
        "addon_chips": draw(st.integers(0, 2 * stack)) if rebuy_levels else 0,
        "addon_cost": draw(st.integers(0, 2 * buy_in)),
    }
    return Structure(levels, stack, size, buy_in, payouts, **settings), entrants, late


class Checker:
    """Checks a tournament after each report, from its tables and entries, not from its own `check`."""

    def __init__(self, structure: Structure, entrants: int) -> None:
        self.structure = structure
        self.total = entrants * structure.starting_stack
        self.pool = entrants * structure.buy_in
        self.reports = 0
        self.previous: Tournament | None = None

    def __call__(self, t: Tournament, events: tuple[TournamentEvent, ...]) -> None:
        self.reports += 1
        structure = self.structure
        for event in events:  # every chip and every unit of prize money that came in, from the events alone
            if isinstance(event, Seated) and event.reason in ("late", "reentry"):
                self.total += structure.starting_stack
                self.pool += structure.buy_in
            if isinstance(event, Rebought):
                self.total += event.chips
                self.pool += event.cost
            if isinstance(event, PrizePoolFixed):
                assert event.pool == self.pool and sum(event.prizes) == self.pool
        assert t.pool == self.pool
        size = t.structure.table_size
        live = {n: table for n, table in enumerate(t.tables) if table is not None}
        seated = [p.name for table in live.values() for _, p in table.players]
        assert len(seated) == len(set(seated))
        assert sum(p.stack for table in live.values() for _, p in table.players) == self.total
        pending = {p.entry for p in t.pending}
        in_play = [entry.name for entry in t.entries if not entry.placed]
        assert len(in_play) == len(set(in_play)), "a player plays one entry at a time"
        for i, entry in enumerate(t.entries):
            states = (
                entry.name in seated and not entry.placed and i not in pending,
                i in pending,
                entry.placed,
            )
            assert sum(states) == 1 or (t.is_over and entry.first == 1)
            assert entry.number <= structure.reentries + 1 and entry.addons <= 1
            assert structure.max_rebuys is None or entry.rebuys <= structure.max_rebuys
            assert entry.prize == 0 or t.pool_fixed
        placed = sorted(p for e in t.entries if e.first is not None and e.last is not None for p in (e.first, e.last))
        assert not placed or placed[-1] == len(t.entries), "the places given are the last ones of the field"
        if not t.is_over:
            counts = {n: len(table.players) for n, table in live.items()}
            for n, table in live.items():
                if table.hand is None:
                    assert counts[n] <= min(counts.values()) + 1, counts
                    if len(live) > 1:
                        assert sum(size - c for m, c in counts.items() if m != n) < counts[n], counts
            if len(live) > 1 and t.remaining == t.paid_places + 1 and t.pool_fixed:
                assert t.hand_for_hand or t.pending or t.round_dealt == frozenset()
            if t.hand_for_hand:
                in_play = [n for n, table in live.items() if table.hand is not None]
                assert all(n in t.round_dealt for n in in_play) or not t.round_dealt
        # a bust is paid when it happens if the pool was fixed by then, else when the pool is fixed (until then
        # its place may still move down as entries come)
        fixed_at = next((i for i, e in enumerate(events) if isinstance(e, PrizePoolFixed)), None)
        was_fixed = self.previous is not None and self.previous.pool_fixed
        busts = [(i, e) for i, e in enumerate(events) if isinstance(e, Busted)]
        for first, last in {(b.first, b.last) for _, b in busts}:
            group = [(i, b) for i, b in busts if (b.first, b.last) == (first, last)]
            assert len(group) == last - first + 1
            paid = sum(t.prizes[p - 1] for p in range(first, last + 1) if p <= len(t.prizes))
            fixed = was_fixed or (fixed_at is not None and fixed_at < group[0][0])
            assert sum(b.prize for _, b in group) == (paid if fixed else 0)
            assert max(b.prize for _, b in group) - min(b.prize for _, b in group) <= 1
        if t.pool_fixed:
            for first, last in {(e.first, e.last) for e in t.entries if e.first is not None and e.last is not None}:
                paid = sum(t.prizes[p - 1] for p in range(first, last + 1) if p <= len(t.prizes))
                assert sum(e.prize for e in t.entries if (e.first, e.last) == (first, last)) == paid
        self.previous = t
        if self.reports % 7 == 0:
            assert from_json(to_json(t)) == t


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    case=structures(), seed=st.integers(0, 2**32), aggression=st.floats(0.2, 0.7), minutes=st.sampled_from([0, 0, 1.5])
)
def test_random_tournaments_keep_every_invariant(
    case: tuple[Structure, int, int], seed: int, aggression: float, minutes: float
) -> None:
    structure, entrants, late = case
    names = [f"p{i}" for i in range(entrants)]
    check = Checker(structure, entrants)
    run = play_tournament(
        structure,
        names,
        seed=seed,
        minutes_per_round=minutes,
        observe=check,
        bots=lambda name: RandomBot((0.1, 0.9 - aggression, aggression), seed=f"{seed}:{name}"),
        late=[f"late{i}" for i in range(late)],
    )
    t = run.tournament
    assert t.is_over
    places = sorted(
        p
        for e in t.entries
        for p in range(e.first or 0, (e.last or 0) + 1)
        if e.first is not None and e.first == e.last
    )
    assert sum(e.prize for e in t.entries) == t.pool
    assert sum(1 for e in t.entries if e.first == 1) == 1
    assert len(places) + sum(1 for e in t.entries if e.first != e.last) == len(t.entries)
    switches = [e.on for e in run.events if isinstance(e, HandForHand)]
    assert switches == [True, False] * (len(switches) // 2) + [True] * (len(switches) % 2)
