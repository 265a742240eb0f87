"""Shared test configuration.

Hypothesis profiles: ``dev`` (the default) keeps the suite quick; ``thorough`` runs many more examples. Pick
one with the HYPOTHESIS_PROFILE environment variable. No deadline in either: the evaluator builds a table row
the first time it meets a board, so the first example on a new board is legitimately slower than the rest.

The server's storage tests take ``db`` and run twice: on a SQLite file and on PostgreSQL. The PostgreSQL runs
start a throwaway server (tests/pgcluster.py) once for the session and make a fresh database for each test; where
PostgreSQL is not installed or cannot start (or psycopg is missing) they are skipped, and the skip says why.
"""

from __future__ import annotations

import os

import pytest
from helpers import new_seed
from hypothesis import HealthCheck, settings
from pgcluster import Cluster, Unavailable

settings.register_profile("dev", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("thorough", deadline=None, max_examples=2_000, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))


# The files whose tests start real servers and browsers or run long property searches: marked `slow` here, in one
# place, so `pytest -m "not slow"` (pre-commit's run) is the quick part of the suite. CI runs everything.
SLOW_FILES = (
    "test_server_",
    "test_browser",
    "test_tournament_properties",
    "test_tournament_command",
    "test_evaluation_exhaustive",
)


# The files whose worth is the search, not the lines it reaches: thousands of random tournaments, every five-card
# hand. CI measures coverage (.ci/run); under its tracer these ran twelve times slower (the property file: 18 s of
# CPU for 100 tournaments bare, 216 s traced) and took most of CI's time, while every line they reach is reached by
# quicker tests too. pytest-cov's `no_cover` marker runs them untraced; with coverage off it changes nothing.
UNTRACED_FILES = (
    "test_tournament_properties",
    "test_tournament_command",
    "test_evaluation_exhaustive",
)


# Likewise the random-hand searches that took the most of CI's traced time (TestHand 111 s traced, 44 s bare; the
# view checks 41 s and 28 s; the bot-view equality 38 s; the views' round trip 24 s): each plays hundreds of random
# hands through code the rule tests and the real histories reach line by line; their worth is the hands they try.
UNTRACED_TESTS = (
    "test_state_machine.py::TestHand",
    "test_views.py::test_no_view_leaks_in_random_hands",
    "test_views.py::test_a_views_pots_and_all_in_are_worked_out_from_its_chips_as_the_states_are",
    "test_bots.py::test_bot_view_equals_the_real_view_at_every_state",
    "test_serialize.py::test_views_round_trip",
)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if item.path.name.startswith(SLOW_FILES):
            item.add_marker(pytest.mark.slow)
        if item.path.name.startswith(UNTRACED_FILES) or item.nodeid.split("/")[-1].startswith(UNTRACED_TESTS):
            item.add_marker(pytest.mark.no_cover)


@pytest.fixture
def seed(request) -> int:
    """The seed of a randomised test, printed (`helpers.new_seed`; TEST_SEED=N replays a run)."""
    return new_seed(request.node.nodeid)


@pytest.fixture(scope="session")
def postgres():
    """A PostgreSQL server for the session, or a skip saying why there is none."""
    pytest.importorskip(
        "psycopg", reason='could not import psycopg: pip install -e ".[test-server]" to test PostgreSQL'
    )
    try:
        cluster = Cluster()
    except Unavailable as why:
        pytest.skip(f"PostgreSQL cannot be started here: {why}")
    yield cluster
    cluster.stop()


@pytest.fixture(params=["sqlite", "postgresql"])
def db(request, tmp_path) -> str:
    """A fresh database's ``--db`` value: a SQLite file, or a new database on the session's PostgreSQL."""
    if request.param == "sqlite":
        return str(tmp_path / "server.sqlite3")
    return request.getfixturevalue("postgres").database()
