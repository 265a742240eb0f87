"""Tournaments above `Table`: payouts and ICM (more to come: the `Tournament` value of many tables)."""

from engine.tournament.icm import EXACT_STATES, icm_deal, icm_equities
from engine.tournament.payouts import PayoutError, payouts, share, standard_payouts, standard_percentages

__all__ = [
    "EXACT_STATES",
    "PayoutError",
    "icm_deal",
    "icm_equities",
    "payouts",
    "share",
    "standard_payouts",
    "standard_percentages",
]
