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
    """How one entry of entrant ``entrant`` (1 for the first registered), the bot ``bot`` named ``name``,
    finished: places ``first`` to ``last`` (equal unless shared) and ``prize``. ``entry`` is 1, or 2, 3... for
    a re-entry (each entry finishes in a place of its own); ``paid`` the prize money it put in (its buy-in,
    rebuys and add-on)."""

    entrant: int
    name: str
    bot: str
    first: int
    last: int
    prize: int
    entry: int
    paid: int


@attrs.frozen(slots=True)
class Outcome:
    """Tournament ``index`` of a series (seeded ``seed``) played out: ``hands`` dealt, the ``level`` it ended at
    (an index), its clock's ``minutes``, each entrant's placing (in registration order), the table moves, the
    tables it started with and broke, the prize ``pool``, the ``paid`` places and the ``entries`` (re-entries
    count; a series keeps only each tournament's winner in ``placings``). An entrant who registers late
    but finds registration closed has no placing."""

    index: int
    seed: int
    hands: int
    level: int
    minutes: float
    placings: tuple[Placing, ...]
    moves: tuple[Moved, ...]
    tables: int
    broken: int
    pool: int
    paid: int
    entries: int

    @property
    def winner(self) -> Placing:
        return next(placing for placing in self.placings if placing.first == 1)


Observer = Callable[[Tournament, tuple[TournamentEvent, ...]], None]


def play_one(
    structure: Structure,
    specs: Sequence[str],
    seed: int,
    *,
    index: int = 0,
    observe: Observer | None = None,
    late: int = 0,
    buy_chance: float = 1.0,
) -> Outcome:
    """The tournament of one entrant per spec under ``structure``, seeded ``seed``, played to its end. The last
    ``late`` entrants register after the start, while registration is open; where the structure allows, each
    player re-enters, rebuys and takes the add-on with chance ``buy_chance`` each time they may
    (`play_tournament`)."""
    bots = [make_bot(spec, seed=derive_seed(seed, f"bot{entrant}")) for entrant, spec in enumerate(specs)]
    names = unique_names(bots)
    starting = len(names) - late
    run = play_tournament(
        structure,
        names[:starting],
        seed=seed,
        bots=dict(zip(names, bots, strict=True)),
        minutes_per_round=ROUND_MINUTES,
        max_hands=max(100_000, 100 * len(names)),
        observe=observe,
        late=names[starting:],
        buy_chance=buy_chance,
    )
    final = run.tournament
    entrant_of = {name: number for number, name in enumerate(names, 1)}
    placings = []
    for entry in final.entries:
        assert entry.first is not None and entry.last is not None  # the tournament is over: everyone is placed
        number = entrant_of[entry.name]
        paid = structure.entry_money(entry.rebuys, entry.addons)
        placings.append(
            Placing(number, entry.name, specs[number - 1], entry.first, entry.last, entry.prize, entry.number, paid)
        )
    return Outcome(
        index,
        seed,
        run.hands,
        final.level,
        final.minutes,
        tuple(sorted(placings, key=lambda p: (p.entrant, p.entry))),
        tuple(event for event in run.events if isinstance(event, Moved)),
        len(final.tables),
        sum(1 for event in run.events if isinstance(event, TableBroken)),
        final.pool,
        final.paid_places,
        len(final.entries),
    )


@attrs.frozen(slots=True)
class TournamentJob:
    """One tournament of a series: plain data, sent to a worker process or a Ray task."""

    structure: Structure
    specs: tuple[str, ...]
    index: int
    seed: int
    late: int = 0
    buy_chance: float = 1.0

    def run(self) -> Outcome:
        return play_one(
            self.structure, self.specs, self.seed, index=self.index, late=self.late, buy_chance=self.buy_chance
        )


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
    late: int = 0,
    buy_chance: float = 1.0,
) -> Iterator[Outcome]:
    """The ``repeat`` tournaments of a series, in order, played on ``workers`` processes or as Ray tasks
    (``late`` and ``buy_chance`` as in `play_one`)."""
    jobs = (
        TournamentJob(structure, tuple(specs), k, int(shard_seed(seed, k)), late, buy_chance) for k in range(repeat)
    )
    return run_jobs(run_job, jobs, workers, backend, address)


@attrs.frozen(slots=True)
class Estimate:
    """A mean over the tournaments of a series and its standard error (None from a single tournament)."""

    mean: float
    error: float | None


@attrs.frozen(slots=True)
class BotSummary:
    """How the entrants played by ``bot`` did, per tournament: ``entrants`` of them who played, in ``entries``
    (more with re-entries), the average finishing place of those entries (a shared place counts as the middle of
    its span), the return on investment (prizes less every buy-in, rebuy and add-on, over them) and the share of
    the entries that finished in the money."""

    bot: str
    entrants: int
    finish: Estimate
    roi: Estimate
    in_the_money: Estimate
    entries: int


class Tally:
    """Each bot's figures over a series, added a tournament at a time (memory stays flat however many). A
    tournament gives one value per bot (the average over its entrants), so the standard errors are over
    tournaments, which are independent; a bot's entrants in one tournament are not."""

    def __init__(self) -> None:
        self.count = 0
        self.entrants: dict[str, int] = {}
        self.entries: dict[str, int] = {}
        self.sums: dict[str, list[float]] = {}  # per bot: finish, roi, itm, and their squares

    def add(self, outcome: Outcome) -> None:
        self.count += 1
        groups: dict[str, list[Placing]] = {}
        for placing in outcome.placings:
            groups.setdefault(placing.bot, []).append(placing)
        for bot, placings in groups.items():
            n = len(placings)
            cost = sum(p.paid for p in placings)
            values = (
                sum((p.first + p.last) / 2 for p in placings) / n,
                (sum(p.prize for p in placings) - cost) / cost if cost else 0.0,
                sum(1 for p in placings if p.first <= outcome.paid) / n,
            )
            self.entrants[bot] = len({p.entrant for p in placings})
            self.entries[bot] = n
            sums = self.sums.setdefault(bot, [0.0] * 6)
            for i, value in enumerate(values):
                sums[i] += value
                sums[3 + i] += value * value

    def summaries(self) -> list[BotSummary]:
        """One per bot, in the order the bots first entered."""
        return [
            BotSummary(bot, self.entrants[bot], *self._estimates(sums), entries=self.entries[bot])
            for bot, sums in self.sums.items()
        ]

    def _estimates(self, sums: list[float]) -> tuple[Estimate, Estimate, Estimate]:
        finish, roi, itm = (self._estimate(sums[i], sums[3 + i]) for i in range(3))
        return finish, roi, itm

    def _estimate(self, total: float, squares: float) -> Estimate:
        n = self.count
        mean = total / n
        if n < 2:
            return Estimate(mean, None)
        variance = max(squares - n * mean * mean, 0.0) / (n - 1)
        return Estimate(mean, math.sqrt(variance / n))
