"""Duplicate matches: every deal played once per seat rotation, so each bot plays each seat's cards.

With N bots, deal k of a match is played N times: in rotation r the bot in table seat s is bot (s + r) mod N.
A deal is a fixed thing, as in duplicate bridge and duplicate poker: deal k has the same deck (from the hand's
seed), the same button (seat (k - 1) mod N) and the same stacks (every seat reset to the match's stack) in every
rotation, whatever the earlier hands did (`engine.match.fixed_deal`), so it brings the same cards to the same
seats and the same chips behind them. Summed over the rotations, a deal's
luck (who held the cards) falls on every bot alike and mostly cancels: what is left is how each played them. The
standard error of bb/100 is then measured over deals (each deal's result averaged over its rotations) instead
of over hands, and falls by how much of the spread was the cards'.

Shards work as in `engine.shards`: a shard is played in all its rotations by one worker, and the result depends
only on the seed, the hands and the shard size.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Unpack

import attrs

from engine.bots.base import MatchError
from engine.match import BotStats, HandSummary, MatchResult, derive_seed, play_match, unique_names
from engine.rules import Rules
from engine.schedule import Schedule
from engine.shards import MatchOptions, Plan, Shard, merge


@attrs.frozen(slots=True)
class DealSpread:
    """Per bot, over deals: the sum of each deal's net in big blinds averaged over its rotations, and of its
    square."""

    deals: int
    sums: tuple[float, ...]
    squares: tuple[float, ...]


@attrs.frozen(slots=True)
class DuplicateResult:
    """A duplicate match: ``result`` has one `BotStats` per bot (seat i is the i-th bot given, over all its
    hands in every seat), ``deals`` deals each played in ``rotations`` rotations, and ``spread`` for the
    duplicate standard error."""

    result: MatchResult
    deals: int
    rotations: int
    spread: DealSpread

    def duplicate_error(self, bot: int) -> float:
        """The standard error of bot ``bot``'s bb/100 measured over deals (0 with fewer than two deals)."""
        n = self.spread.deals
        if n < 2:
            return 0.0
        mean = self.spread.sums[bot] / n
        variance = max(0.0, (self.spread.squares[bot] - n * mean * mean) / (n - 1))
        return 100 * math.sqrt(variance / n)


@attrs.frozen(slots=True)
class DuplicateJob:
    """One shard in all its rotations: plain data for a worker process or a Ray task."""

    specs: tuple[str, ...]
    names: tuple[str, ...]
    game: Rules | Schedule
    shard: Shard
    stack: int | None
    time_limit: float | None

    def run(self, on_hand: Callable[[HandSummary], object] | None = None) -> tuple[MatchResult, DealSpread]:
        """Plays the shard's deals once per seat rotation: each bot's result and the spread over deals.
        ``on_hand`` sees every hand, numbered by its deal in the match and marked with its rotation (1..N)."""
        from engine.bots import make_bot

        n = len(self.specs)
        deal_nets = [[0.0] * n for _ in range(self.shard.hands)]  # deal -> bot -> net in big blinds, summed
        per_bot: list[MatchResult] = []
        for rotation in range(n):
            order = rotation_order(n, rotation)
            bots = [make_bot(self.specs[bot], seed=derive_seed(self.shard.seed, f"bot{bot}")) for bot in order]

            def record(hand: HandSummary, order: list[int] = order, rotation: int = rotation) -> None:
                big_blind = max(hand.state.rules.big_blind, 1)
                for hand_seat, seat in enumerate(hand.seats):
                    deal_nets[hand.number - 1][order[seat]] += hand.result.net[hand_seat] / big_blind
                if on_hand is not None:
                    on_hand(attrs.evolve(hand, number=hand.number + self.shard.first, rotation=rotation + 1))

            result = play_match(
                bots,
                self.game,
                self.shard.hands,
                seed=self.shard.seed,
                stack=self.stack,
                time_limit=self.time_limit,
                names=[self.names[bot] for bot in order],
                on_hand=record,
                fixed_deals=True,
            )
            stats: list[BotStats | None] = [None] * n
            for seat, bot in enumerate(order):
                stats[bot] = attrs.evolve(result.stats[seat], seat=bot)
            incidents = tuple(
                attrs.evolve(incident, hand=incident.hand + self.shard.first, seat=order[incident.seat])
                for incident in result.incidents
            )
            per_bot.append(attrs.evolve(result, stats=tuple(s for s in stats if s is not None), incidents=incidents))
        merged = merge(self.shard.seed, per_bot)
        averages = [[net / n for net in nets] for nets in deal_nets]
        spread = DealSpread(
            self.shard.hands,
            tuple(sum(deal[bot] for deal in averages) for bot in range(n)),
            tuple(sum(deal[bot] ** 2 for deal in averages) for bot in range(n)),
        )
        return merged, spread


def rotation_order(bots: int, rotation: int) -> list[int]:
    """The bot in each table seat in rotation ``rotation`` (0..N-1): bot (seat + rotation) mod N. Over the N
    rotations every bot sits in every seat once (a Latin square), which is what cancels the cards' luck; the
    N! orders of every permutation are not played (3.6 million rotations for ten bots)."""
    return [(seat + rotation) % bots for seat in range(bots)]


def run_duplicate_job(job: DuplicateJob) -> tuple[MatchResult, DealSpread]:
    """`DuplicateJob.run` as a plain function, for process pools and Ray."""
    return job.run()


def play_duplicate(
    specs: Sequence[str], game: Rules | Schedule, hands: int, **options: Unpack[MatchOptions]
) -> DuplicateResult:
    """A duplicate match of ``hands`` deals (see the module), each played once per rotation of the bots:
    ``len(specs)`` times as many hands in all. ``options`` as `engine.shards.MatchOptions` says; ``on_hand``
    sees every hand of every rotation (`HandSummary.number` its deal, ``rotation`` 1..N)."""
    from engine.bots import make_bot

    if isinstance(specs, Sequence) and not isinstance(specs, str) and len(specs) < 2:
        raise MatchError(f"a duplicate match needs two bots or more, got {len(specs)}")
    plan = Plan.of(specs, options)
    seed = plan.seed
    names = unique_names([make_bot(spec, seed=derive_seed(seed, f"bot{bot}")) for bot, spec in enumerate(specs)])
    # ^ the bots of shard 0's first rotation, built as that shard builds them, only to name them

    def job(shard: Shard) -> DuplicateJob:
        return DuplicateJob(tuple(specs), names, game, shard, plan.stack, plan.time_limit)

    def here(shard: Shard, on_hand: Callable[[HandSummary], object]) -> tuple[MatchResult, DealSpread]:
        return job(shard).run(on_hand)

    n = len(specs)
    merged = merge(seed, [])
    total = DealSpread(0, (0.0,) * n, (0.0,) * n)
    for shard, (result, spread) in plan.played(hands, here, run_duplicate_job, job):
        merged = merge(seed, [merged, result]) if merged.stats else result
        total = DealSpread(
            total.deals + spread.deals,
            tuple(map(sum, zip(total.sums, spread.sums, strict=True))),
            tuple(map(sum, zip(total.squares, spread.squares, strict=True))),
        )
        plan.tell(shard, result)
    return DuplicateResult(attrs.evolve(merged, seed=seed), total.deals, n, total)
