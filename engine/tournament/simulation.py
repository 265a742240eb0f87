"""Tournaments played by bots for the `tournament` command: one played in full, or a series played on workers
(processes or Ray, as a match's shards are: `engine.shards.run_jobs`) and tallied bot by bot.

Bots are given as specs ("hilo", "mybots:Shark"), one per entrant, and built where the tournament is played,
each seeded from the tournament's seed; tournament ``k`` of a series is seeded ``shard_seed(seed, k)`` (the
first with the seed itself). So a series depends only on its seed, never on the workers that played it.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator, Sequence

import attrs

from engine.bots import make_bot
from engine.match import derive_seed, unique_names
from engine.shards import run_jobs, shard_seed
from engine.tournament.core import Tournament
from engine.tournament.events import Moved, TableBroken, TournamentEvent
from engine.tournament.play import play_tournament
from engine.tournament.structure import Structure

ROUND_MINUTES = 1.0
"""The simulator's clock: each round of deals (a random choice of the tables that may deal, about half of them)
moves it on one minute, so each table plays a hand about every two minutes, a live pace."""


@attrs.frozen(slots=True)
class Placing:
    """How entrant ``entrant`` (1 for the first registered), the bot ``bot`` named ``name``, finished: places
    ``first`` to ``last`` (equal unless shared) and ``prize``."""

    entrant: int
    name: str
    bot: str
    first: int
    last: int
    prize: int


@attrs.frozen(slots=True)
class Outcome:
    """Tournament ``index`` of a series (seeded ``seed``) played out: ``hands`` dealt, the ``level`` it ended at
    (an index), its clock's ``minutes``, each entrant's placing (in registration order), the table moves, the
    tables it started with and broke, and what was paid (``buy_in`` an entry, ``paid`` places)."""

    index: int
    seed: int
    hands: int
    level: int
    minutes: float
    placings: tuple[Placing, ...]
    moves: tuple[Moved, ...]
    tables: int
    broken: int
    buy_in: int
    paid: int

    @property
    def winner(self) -> Placing:
        return next(placing for placing in self.placings if placing.first == 1)


Observer = Callable[[Tournament, tuple[TournamentEvent, ...]], None]


def play_one(
    structure: Structure, specs: Sequence[str], seed: int, *, index: int = 0, observe: Observer | None = None
) -> Outcome:
    """The tournament of one entrant per spec under ``structure``, seeded ``seed``, played to its end."""
    bots = [make_bot(spec, seed=derive_seed(seed, f"bot{entrant}")) for entrant, spec in enumerate(specs)]
    names = unique_names(bots)
    run = play_tournament(
        structure,
        names,
        seed=seed,
        bots=dict(zip(names, bots, strict=True)),
        minutes_per_round=ROUND_MINUTES,
        max_hands=max(100_000, 100 * len(names)),
        observe=observe,
    )
    final = run.tournament
    placings = []
    for number, (entry, spec) in enumerate(zip(final.entries, specs, strict=True), 1):
        assert entry.first is not None and entry.last is not None  # the tournament is over: everyone is placed
        placings.append(Placing(number, entry.name, spec, entry.first, entry.last, entry.prize))
    return Outcome(
        index,
        seed,
        run.hands,
        final.level,
        final.minutes,
        tuple(placings),
        tuple(event for event in run.events if isinstance(event, Moved)),
        len(final.tables),
        sum(1 for event in run.events if isinstance(event, TableBroken)),
        structure.buy_in,
        final.paid_places,
    )


@attrs.frozen(slots=True)
class TournamentJob:
    """One tournament of a series: plain data, sent to a worker process or a Ray task."""

    structure: Structure
    specs: tuple[str, ...]
    index: int
    seed: int

    def run(self) -> Outcome:
        return play_one(self.structure, self.specs, self.seed, index=self.index)


def run_job(job: TournamentJob) -> Outcome:
    """`TournamentJob.run` as a plain function, for process pools and Ray."""
    return job.run()


def play_series(
    structure: Structure,
    specs: Sequence[str],
    seed: int,
    repeat: int,
    *,
    workers: int = 1,
    backend: str = "local",
    address: str | None = None,
) -> Iterator[Outcome]:
    """The ``repeat`` tournaments of a series, in order, played on ``workers`` processes or as Ray tasks."""
    jobs = (TournamentJob(structure, tuple(specs), k, int(shard_seed(seed, k))) for k in range(repeat))
    return run_jobs(run_job, jobs, workers, backend, address)


@attrs.frozen(slots=True)
class Estimate:
    """A mean over the tournaments of a series and its standard error (None from a single tournament)."""

    mean: float
    error: float | None


@attrs.frozen(slots=True)
class BotSummary:
    """How the entrants played by ``bot`` did, per tournament: ``entrants`` of them, their average finishing
    place (a shared place counts as the middle of its span), return on the buy-in (prizes less buy-ins, over the
    buy-ins) and the share that finished in the money."""

    bot: str
    entrants: int
    finish: Estimate
    roi: Estimate
    in_the_money: Estimate


class Tally:
    """Each bot's figures over a series, added a tournament at a time (memory stays flat however many). A
    tournament gives one value per bot (the average over its entrants), so the standard errors are over
    tournaments, which are independent; a bot's entrants in one tournament are not."""

    def __init__(self) -> None:
        self.count = 0
        self.entrants: dict[str, int] = {}
        self.sums: dict[str, list[float]] = {}  # per bot: finish, roi, itm, and their squares

    def add(self, outcome: Outcome) -> None:
        self.count += 1
        groups: dict[str, list[Placing]] = {}
        for placing in outcome.placings:
            groups.setdefault(placing.bot, []).append(placing)
        for bot, placings in groups.items():
            n = len(placings)
            cost = n * outcome.buy_in
            values = (
                sum((p.first + p.last) / 2 for p in placings) / n,
                (sum(p.prize for p in placings) - cost) / cost if cost else 0.0,
                sum(1 for p in placings if p.first <= outcome.paid) / n,
            )
            self.entrants[bot] = n
            sums = self.sums.setdefault(bot, [0.0] * 6)
            for i, value in enumerate(values):
                sums[i] += value
                sums[3 + i] += value * value

    def summaries(self) -> list[BotSummary]:
        """One per bot, in the order the bots first entered."""
        return [
            BotSummary(bot, self.entrants[bot], *(self._estimate(sums[i], sums[3 + i]) for i in range(3)))
            for bot, sums in self.sums.items()
        ]

    def _estimate(self, total: float, squares: float) -> Estimate:
        n = self.count
        mean = total / n
        if n < 2:
            return Estimate(mean, None)
        variance = max(squares - n * mean * mean, 0.0) / (n - 1)
        return Estimate(mean, math.sqrt(variance / n))
