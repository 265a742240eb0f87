"""Random tournaments played to the end by bots, with every invariant checked independently after every
reported hand: chips, places, balancing, breaking, hand-for-hand, simultaneous busts, payouts, JSON.

TOURNAMENT_EXAMPLES (default 2000) sets how many random tournaments hypothesis plays."""

from __future__ import annotations

import os
from fractions import Fraction

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import Level, NoLimit, PotLimit, Rules, from_json, to_json
from engine.bots.random_bot import RandomBot
from engine.tournament import Busted, HandForHand, Structure, Tournament, TournamentEvent, play_tournament

EXAMPLES = int(os.environ.get("TOURNAMENT_EXAMPLES", "2000"))


@st.composite
def structures(draw: st.DrawFn) -> tuple[Structure, int]:
    size = draw(st.integers(2, 6))
    entrants = draw(st.integers(2, 16))
    blinds = draw(st.sampled_from([(1, 2), (2, 4), (1, 1)]))
    count = draw(st.integers(1, 4))
    levels = [
        Level(
            Rules(
                draw(st.sampled_from([NoLimit(), PotLimit()])),
                (blinds[0] * 2**i, blinds[1] * 2**i),
                ante=draw(st.sampled_from([0, 0, 1])) * 2**i,
            ),
            hands=draw(st.integers(1, 8)) if i < count - 1 else None,
        )
        for i in range(count)
    ]
    stack = draw(st.integers(3, 40))
    places = draw(st.integers(1, min(entrants, 5)))
    weights = sorted(draw(st.lists(st.integers(1, 9), min_size=places, max_size=places)), reverse=True)
    payouts = draw(st.one_of(st.none(), st.just([Fraction(100 * w, sum(weights)) for w in weights])))
    return Structure(levels, stack, size, draw(st.integers(0, 1000)), payouts), entrants


class Checker:
    """Checks a tournament after each report, from its tables and entries, not from its own `check`."""

    def __init__(self, entrants: int, stack: int) -> None:
        self.total = entrants * stack
        self.reports = 0
        self.previous: Tournament | None = None

    def __call__(self, t: Tournament, events: tuple[TournamentEvent, ...]) -> None:
        self.reports += 1
        size = t.structure.table_size
        live = {n: table for n, table in enumerate(t.tables) if table is not None}
        seated = [p.name for table in live.values() for _, p in table.players]
        assert len(seated) == len(set(seated))
        assert sum(p.stack for table in live.values() for _, p in table.players) == self.total
        pending = {t.entries[p.entry].name for p in t.pending}
        for entry in t.entries:
            states = (
                entry.name in seated and not entry.placed and entry.name not in pending,
                entry.name in pending,
                entry.placed,
            )
            assert sum(states) == 1 or (t.is_over and entry.first == 1)
        if not t.is_over:
            counts = {n: len(table.players) for n, table in live.items()}
            for n, table in live.items():
                if table.hand is None:
                    assert counts[n] <= min(counts.values()) + 1, counts
                    if len(live) > 1:
                        assert sum(size - c for m, c in counts.items() if m != n) < counts[n], counts
            if len(live) > 1 and t.remaining == t.paid_places + 1:
                assert t.hand_for_hand or t.pending or t.round_dealt == frozenset()
            if t.hand_for_hand:
                in_play = [n for n, table in live.items() if table.hand is not None]
                assert all(n in t.round_dealt for n in in_play) or not t.round_dealt
        busts = [e for e in events if isinstance(e, Busted)]
        for first, last in {(b.first, b.last) for b in busts}:
            group = [b for b in busts if (b.first, b.last) == (first, last)]
            assert len(group) == last - first + 1
            assert sum(b.prize for b in group) == sum(
                t.prizes[p - 1] for p in range(first, last + 1) if p <= len(t.prizes)
            )
            assert max(b.prize for b in group) - min(b.prize for b in group) <= 1
        if self.reports % 7 == 0:
            assert from_json(to_json(t)) == t


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    case=structures(), seed=st.integers(0, 2**32), aggression=st.floats(0.2, 0.7), minutes=st.sampled_from([0, 0, 1.5])
)
def test_random_tournaments_keep_every_invariant(
    case: tuple[Structure, int], seed: int, aggression: float, minutes: float
) -> None:
    structure, entrants = case
    names = [f"p{i}" for i in range(entrants)]
    check = Checker(entrants, structure.starting_stack)
    run = play_tournament(
        structure,
        names,
        seed=seed,
        minutes_per_round=minutes,
        observe=check,
        bots=lambda name: RandomBot((0.1, 0.9 - aggression, aggression), seed=f"{seed}:{name}"),
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
    assert len(places) + sum(1 for e in t.entries if e.first != e.last) == entrants
    switches = [e.on for e in run.events if isinstance(e, HandForHand)]
    assert switches == [True, False] * (len(switches) // 2) + [True] * (len(switches) % 2)
