"""Matches cut into shards, played on many cores or on a Ray cluster, and merged into one result.

A match of ``hands`` hands seeded ``seed`` is cut into shards of ``shard_size`` hands. Shard k is a table session
of its own: a fresh table, its bots built anew from their specs (`engine.bots.make_bot`), seeded by
``shard_seed(seed, k)`` (the match seed itself for shard 0, so a match of one shard is the match `play_match`
plays). The shards are independent, so they can run anywhere, in any order, and the merged result depends only
on the seed, the hands and the shard size: never on how many workers played them, nor on the backend.

Bots are given as specs (text such as "hilo" or "mybots:Shark"), not objects: each worker builds its own, so
nothing but text crosses to a worker, and a bot's memory never leaks from one shard into another.
"""

from __future__ import annotations

import os
import socket
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import TypedDict, TypeVar, Unpack

import attrs

from engine.bots.base import MatchError, seed_argument
from engine.match import (
    DEFAULT_TIME_LIMIT,
    BotStats,
    HandSummary,
    Incident,
    MatchResult,
    derive_seed,
    play_match,
)
from engine.order import MAX_PLAYERS
from engine.rules import Rules
from engine.schedule import Schedule
from engine.validate import one_of, optional_finite, quote, whole

BACKENDS = ("local", "ray")
MAX_HANDS = 10**12
"""The most hands a match plays: a trillion, some three years of one core at 10,000 hands a second. More is a
typing accident, refused at once rather than run (docs/scale.md, "Shards")."""
IN_FLIGHT = 2
"""Shards sent ahead per worker: enough to keep every worker busy, few enough that memory stays flat."""
RAY_CONNECT_TIMEOUT = 10.0
"""Seconds to reach a Ray cluster at ``address`` before giving up (Ray itself would retry for minutes)."""
J = TypeVar("J")
R = TypeVar("R")


@attrs.frozen(slots=True)
class Shard:
    """Hands ``first + 1`` to ``first + hands`` of a match, played as a table session seeded ``seed``."""

    index: int
    first: int
    hands: int
    seed: int | str


def shard_seed(seed: int | str, index: int) -> int | str:
    """The seed of shard ``index``: the match seed for shard 0, else one derived from it and the index."""
    return seed if index == 0 else derive_seed(seed, f"shard{index}")


def cut(hands: int, seed: int | str, shard_size: int) -> Iterator[Shard]:
    """The shards of a match, made one at a time as they are asked for (so memory does not grow with
    ``hands``): every ``shard_size`` hands, the last one shorter. The arguments are checked at the call."""
    whole(hands, "hands", minimum=0, maximum=MAX_HANDS, error=MatchError)
    whole(shard_size, "shard_size (hands a shard)", minimum=1, error=MatchError)
    return (
        Shard(index, first, min(shard_size, hands - first), shard_seed(seed, index))
        for index, first in enumerate(range(0, hands, shard_size))
    )


def play_shard(
    specs: Sequence[str],
    game: Rules | Schedule,
    shard: Shard,
    stack: int | None = None,
    time_limit: float | None = DEFAULT_TIME_LIMIT,
    on_hand: Callable[[HandSummary], object] | None = None,
) -> MatchResult:
    """One shard, played where this runs (a worker process, a Ray task): its bots built from ``specs``, its
    hands (given to ``on_hand``) and incidents numbered by the match's hand numbers."""
    from engine.bots import make_bot

    bots = [make_bot(spec, seed=derive_seed(shard.seed, f"bot{seat}")) for seat, spec in enumerate(specs)]
    renumbered = None
    if on_hand is not None:
        callback = on_hand

        def renumbered(hand: HandSummary) -> None:
            callback(attrs.evolve(hand, number=hand.number + shard.first))

    result = play_match(
        bots, game, shard.hands, seed=shard.seed, stack=stack, time_limit=time_limit, on_hand=renumbered
    )
    incidents = tuple(attrs.evolve(incident, hand=incident.hand + shard.first) for incident in result.incidents)
    return attrs.evolve(result, incidents=incidents)


@attrs.frozen(slots=True)
class Job:
    """Everything a worker needs to play one shard: plain data, sent to a process or a Ray task."""

    specs: tuple[str, ...]
    game: Rules | Schedule
    shard: Shard
    stack: int | None
    time_limit: float | None

    def run(self) -> MatchResult:
        """Plays the shard and returns its result (in a worker process or a Ray task)."""
        return play_shard(self.specs, self.game, self.shard, self.stack, self.time_limit)


def run_job(job: Job) -> MatchResult:
    """`Job.run` as a plain function, for process pools and Ray."""
    return job.run()


def merge(seed: int | str, results: Sequence[MatchResult]) -> MatchResult:
    """The shards' results as one match's: every count summed seat by seat, the incidents in hand order. A
    shard stopped early by a bot (`StopMatch`) makes the whole match stopped."""
    if not results:
        return MatchResult(0, seed, (), ())
    stats = []
    for seat, first in enumerate(results[0].stats):
        rows = [result.stats[seat] for result in results]
        sums = {
            field.name: sum(getattr(row, field.name) for row in rows)
            for field in attrs.fields(BotStats)
            if field.name not in ("seat", "name")
        }
        stats.append(BotStats(seat, first.name, **sums))
    incidents: list[Incident] = [incident for result in results for incident in result.incidents]
    return MatchResult(
        sum(result.hands for result in results),
        seed,
        tuple(stats),
        tuple(incidents),
        any(result.stopped for result in results),
    )


class MatchOptions(TypedDict, total=False):
    """The keyword options of `play_sharded` and `play_duplicate`, every one optional.

    ``seed`` (0): the match's seed. ``shard_size`` (1000): hands a shard. ``workers`` (1): processes on this
    machine (1: in this process). ``backend`` ("local"): "ray" sends the shards to a Ray cluster as tasks
    instead (the `ray` extra), the one at ``address`` (None: a Ray started here). ``stack`` (None: 100 big
    blinds): each bot's stack. ``time_limit`` (`engine.match.DEFAULT_TIME_LIMIT`; None: no limit): seconds a bot
    may take per action. ``on_shard`` (None): called in this process with each shard and its result as it
    comes back, in shard order (for a progress bar). ``on_hand`` (None): sees every hand, numbered by the match,
    as `play_match`'s does: only when the shards are played in this process (one worker, the local backend)."""

    seed: int | str
    shard_size: int
    workers: int
    backend: str
    address: str | None
    stack: int | None
    time_limit: float | None
    on_shard: Callable[[Shard, MatchResult], object] | None
    on_hand: Callable[[HandSummary], object] | None


@attrs.frozen(kw_only=True)
class Plan:
    """`MatchOptions` with their defaults, checked: the one place both kinds of match read them from."""

    seed: int | str = 0
    shard_size: int = 1000
    workers: int = 1
    backend: str = "local"
    address: str | None = None
    stack: int | None = None
    time_limit: float | None = DEFAULT_TIME_LIMIT
    on_shard: Callable[[Shard, MatchResult], object] | None = None
    on_hand: Callable[[HandSummary], object] | None = None

    @classmethod
    def of(cls, specs: Sequence[str], options: MatchOptions) -> Plan:
        """The plan for ``options``, or a MatchError naming what is wrong (an unknown option too)."""
        known = MatchOptions.__annotations__
        unknown = [name for name in options if name not in known]
        if unknown:
            raise MatchError(f"unknown match option {unknown[0]!r}: the options are {', '.join(known)}")
        plan = cls(**options)
        for name, call in (("on_shard", plan.on_shard), ("on_hand", plan.on_hand)):
            if call is not None and not callable(call):
                raise MatchError(f"{name} must be a function or None, got {quote(call)}")
        check_arguments(specs, plan.seed, plan.workers, plan.backend, plan.time_limit, plan.address)
        if not 2 <= len(specs) <= MAX_PLAYERS:  # said here, with the specs given, rather than by a worker's bots
            raise MatchError(f"a match needs 2 to {MAX_PLAYERS} bots, got {len(specs)}: {quote(list(specs))}")
        return plan

    def played(
        self,
        hands: int,
        here: Callable[[Shard, Callable[[HandSummary], object]], R],
        function: Callable[[J], R],
        job: Callable[[Shard], J],
    ) -> Iterator[tuple[Shard, R]]:
        """Each shard of the match with its result: played ``here`` (with ``on_hand``) in this process, else as
        ``function(job(shard))`` by the workers or the cluster."""
        shards = cut(hands, self.seed, self.shard_size)
        if self.on_hand is None:
            return play_shards(function, job, shards, self.workers, self.backend, self.address)
        if self.workers != 1 or self.backend != "local":
            raise MatchError("on_hand sees hands played in this process: it needs workers=1 and the local backend")
        on_hand = self.on_hand
        return ((shard, here(shard, on_hand)) for shard in shards)

    def tell(self, shard: Shard, result: MatchResult) -> None:
        """``on_shard``, if there is one, of a shard's result as it comes back."""
        if self.on_shard is not None:
            self.on_shard(shard, result)


def play_sharded(
    specs: Sequence[str], game: Rules | Schedule, hands: int, **options: Unpack[MatchOptions]
) -> MatchResult:
    """Play a match of ``hands`` hands in shards (see the module) and merge them; ``options`` as `MatchOptions`
    says."""
    plan = Plan.of(specs, options)

    def here(shard: Shard, on_hand: Callable[[HandSummary], object]) -> MatchResult:
        return play_shard(specs, game, shard, plan.stack, plan.time_limit, on_hand)

    def job(shard: Shard) -> Job:
        return Job(tuple(specs), game, shard, plan.stack, plan.time_limit)

    merged = merge(plan.seed, [])
    for shard, result in plan.played(hands, here, run_job, job):
        merged = merge(plan.seed, [merged, result]) if merged.stats else result
        plan.tell(shard, result)
    return attrs.evolve(merged, seed=plan.seed)


def check_arguments(
    specs: Sequence[str],
    seed: int | str,
    workers: int,
    backend: str,
    time_limit: float | None,
    address: str | None = None,
) -> None:
    """MatchError unless these can make a sharded match; a bad bot spec is found here, not in a worker, and a
    Ray cluster at ``address`` that does not answer here, not after minutes of Ray's retries."""
    if isinstance(specs, str) or not isinstance(specs, Sequence) or not all(isinstance(s, str) for s in specs):
        raise MatchError(f"specs are the bots as text (such as ['hilo', 'random']), got {quote(specs)}")
    seed_argument(seed, optional=False)
    whole(workers, "workers (processes)", minimum=1, maximum=1024, error=MatchError)
    one_of(backend, BACKENDS, "backend", error=MatchError)
    optional_finite(time_limit, "time_limit (seconds per action; None: no limit)", positive=True, error=MatchError)
    from engine.bots import check_bot_spec

    for spec in specs:
        check_bot_spec(spec)
    if backend == "ray" and address is not None:
        if not isinstance(address, str):
            raise MatchError(f"address is a Ray cluster's host:port or None, got {quote(address)}")
        check_reachable(address, RAY_CONNECT_TIMEOUT)


def play_shards(
    function: Callable[[J], R],
    job: Callable[[Shard], J],
    shards: Iterable[Shard],
    workers: int,
    backend: str,
    address: str | None,
) -> Iterator[tuple[Shard, R]]:
    """Each shard with ``function(job(shard))``, played as `run_jobs` plays jobs, in shard order."""
    sent: deque[Shard] = deque()  # the shards handed out and not yet back, in order

    def jobs() -> Iterator[J]:
        for shard in shards:
            sent.append(shard)
            yield job(shard)

    for result in run_jobs(function, jobs(), workers, backend, address):
        yield sent.popleft(), result


def run_jobs(
    function: Callable[[J], R], jobs: Iterable[J], workers: int, backend: str, address: str | None
) -> Iterator[R]:
    """``function(job)`` for each job, the results in the jobs' order: in this process (one worker), on
    ``workers`` processes, or as Ray tasks (``backend`` "ray"). The jobs are taken from ``jobs`` only as
    workers free up (`IN_FLIGHT` a worker ahead), so a match of a billion shards holds a few at a time. A
    plain match's shards and a duplicate match's are played through here alike."""
    if backend == "ray":
        yield from on_ray(function, jobs, address, workers)
    elif workers == 1:
        for job in jobs:
            yield function(job)
    else:
        with ProcessPoolExecutor(max_workers=workers) as pool:
            yield from in_order(lambda job: pool.submit(function, job).result, jobs, workers * IN_FLIGHT)


def in_order(submit: Callable[[J], Callable[[], R]], jobs: Iterable[J], window: int) -> Iterator[R]:
    """Each job submitted (``submit`` returns a way to wait for its result) with at most ``window`` waiting,
    the results yielded in the jobs' order."""
    waiting: deque[Callable[[], R]] = deque()
    for job in jobs:
        waiting.append(submit(job))
        if len(waiting) >= window:
            yield waiting.popleft()()
    while waiting:
        yield waiting.popleft()()


def on_ray(function: Callable[[J], R], jobs: Iterable[J], address: str | None, workers: int) -> Iterator[R]:
    """``function(job)`` for each job as a Ray task, the results in the jobs' order (Ray started here for the
    call when ``address`` is None and no Ray is running; else the cluster at ``address``, checked reachable
    by `check_arguments`). ``workers`` * `IN_FLIGHT` tasks at most are waiting at once."""
    try:
        import ray
    except ImportError:
        raise MatchError('the ray backend needs Ray: python -m pip install -e ".[ray]"') from None
    started = not ray.is_initialized()
    if started:
        ray.init(
            address=address,
            include_dashboard=False,
            log_to_driver=False,
            runtime_env={"env_vars": {"PYTHONPATH": os.pathsep.join(_package_roots())}},
        )
    try:
        task = ray.remote(function)

        def submit(job: J) -> Callable[[], R]:
            future = task.remote(job)
            return lambda: ray.get(future)

        yield from in_order(submit, jobs, max(workers * IN_FLIGHT, 16))
    finally:
        if started:
            ray.shutdown()


def check_reachable(address: str, timeout: float) -> None:
    """MatchError unless a Ray cluster's ``address`` ("host:port" or "ray://host:port"; "auto" and "local" are
    Ray's own and not checked) takes a TCP connection within ``timeout`` seconds. Ray, given an address
    where nothing listens, retries for ten minutes and more; this fails in one line instead."""
    target = address.removeprefix("ray://")
    if target in ("auto", "local"):
        return
    host, colon, port = target.rpartition(":")
    if not colon or not host or not port.isdigit() or not 0 < int(port) < 65536:
        raise MatchError(f"a Ray address is host:port (such as 10.0.0.5:6379) or ray://host:port, got {quote(address)}")
    try:
        with socket.create_connection((host.strip("[]"), int(port)), timeout=timeout):
            pass
    except OSError as error:
        raise MatchError(
            f"cannot reach the Ray cluster at {quote(address)} within {timeout:g} s: "
            f"{error.strerror or type(error).__name__}"
        ) from None


def _package_roots() -> list[str]:
    """Where this package (and the bots' modules, on the path here) are found, for Ray's workers."""
    import engine

    root = os.path.dirname(os.path.dirname(os.path.abspath(engine.__file__)))
    return [root, *[path for path in os.environ.get("PYTHONPATH", "").split(os.pathsep) if path]]
