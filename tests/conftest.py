"""Shared test configuration.

Hypothesis profiles: ``dev`` (the default) keeps the suite quick; ``thorough`` runs many more examples. Pick
one with the HYPOTHESIS_PROFILE environment variable. No deadline in either: the evaluator builds a table row
the first time it meets a board, so the first example on a new board is legitimately slower than the rest.
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

settings.register_profile("dev", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("thorough", deadline=None, max_examples=2_000,
                          suppress_health_check=[HealthCheck.too_slow])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))
