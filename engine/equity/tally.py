"""Who wins what on each board, added up: the pot split exactly as `engine.showdown` splits one.

A player's share of a board's pot is counted in units of 1/5040 of the pot (5040 = 7! is divisible by every
number of tied winners from 1 to 10, and so is its half), so shares add up exactly, as integers:

* a low qualifies: the best high shares half the pot (2520 units between its tied holders), the best low the
  other half (two equal lows: a quarter each, "quartered");
* no low qualifies (or the game is high only): the best high shares the whole pot (5040 units).

The odd chip of a real pot is left out: equity is a share of the pot, not of its chips.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from engine.equity.tables import Array

WHOLE = 5040
HALF = WHOLE // 2
FIGURES = ("equity", "scoop", "high_win", "high_tie", "low_win", "low_tie", "quartered")
_DIVIDE_WHOLE = np.array([0] + [WHOLE // n for n in range(1, 11)], np.int64)
_DIVIDE_HALF = np.array([0] + [HALF // n for n in range(1, 11)], np.int64)


def split_units(highs: Array, lows: Array | None) -> tuple[Array, ...]:
    """Each player's share of each board's pot in units (players by boards), with the pieces the figures
    need: high winners, their count, whether a low qualifies, low winners, their count. The one place the
    split rule lives (`Tally` board by board, `board_classes` class by class)."""
    best_high = highs.max(axis=0)
    high_winners = highs == best_high
    high_count = high_winners.sum(axis=0)
    if lows is None:
        has_low = np.zeros(highs.shape[1], bool)
        low_winners = np.zeros_like(high_winners)
        low_count = np.zeros_like(high_count)
    else:
        best_low = lows.max(axis=0)
        has_low = best_low > 0
        low_winners = (lows == best_low) & has_low
        low_count = low_winners.sum(axis=0)
    high_units = np.where(has_low, _DIVIDE_HALF[high_count], _DIVIDE_WHOLE[high_count])
    shares = high_winners * high_units + low_winners * _DIVIDE_HALF[low_count]
    return shares, high_winners, high_count, has_low, low_winners, low_count


class Tally:
    """Running totals per player over the boards seen so far (each board with its weight, 1 by default)."""

    def __init__(self, players: int, histograms: bool) -> None:
        self.players = players
        self.boards = 0  # rows evaluated
        self.weight = 0.0  # their total weight (= boards when unweighted)
        self.totals = {name: np.zeros(players, np.float64) for name in FIGURES}
        self.exact_totals = {name: np.zeros(players, np.int64) for name in FIGURES}
        self.equity_squares = np.zeros(players, np.float64)
        self.no_low = 0.0
        self.exact_no_low = 0
        self.weighted = False
        self.histograms = np.zeros((players, WHOLE + 1), np.float64) if histograms else None

    def add(self, highs: Array, lows: Array | None, weights: npt.NDArray[np.float64] | None = None) -> None:
        """Add boards: ``highs`` and ``lows`` have one row per player and one column per board."""
        units, high_winners, high_count, has_low, low_winners, low_count = split_units(highs, lows)
        figures = {
            "equity": units,
            "scoop": units == WHOLE,
            "high_win": high_winners & (high_count == 1),
            "high_tie": high_winners & (high_count > 1),
            "low_win": low_winners & (low_count == 1),
            "low_tie": low_winners & (low_count > 1),
            "quartered": low_winners & (low_count == 2),
        }
        self.boards += highs.shape[1]
        if weights is None:
            self.weight += highs.shape[1]
            for name, values in figures.items():
                self.exact_totals[name] += values.sum(axis=1, dtype=np.int64)
            self.exact_no_low += int((~has_low).sum())
            self.equity_squares += (units.astype(np.float64) ** 2).sum(axis=1)
            if self.histograms is not None:
                for p in range(self.players):
                    self.histograms[p] += np.bincount(units[p], minlength=WHOLE + 1)
            return
        self.weighted = True
        self.weight += float(weights.sum())
        for name, values in figures.items():
            self.totals[name] += values.astype(np.float64) @ weights
        self.no_low += float((~has_low) @ weights)
        self.equity_squares += (units.astype(np.float64) ** 2) @ weights
        if self.histograms is not None:
            for p in range(self.players):
                self.histograms[p] += np.bincount(units[p], weights=weights, minlength=WHOLE + 1)

    def figure(self, name: str, player: int) -> float:
        """The mean of a figure over the boards (equity as a share of the pot)."""
        scale = WHOLE if name == "equity" else 1
        if not self.weighted:
            return int(self.exact_totals[name][player]) / (scale * self.boards)
        total = float(self.totals[name][player]) + float(self.exact_totals[name][player])
        return total / (scale * self.weight)

    def no_low_share(self) -> float:
        if not self.weighted:
            return self.exact_no_low / self.boards
        return (self.no_low + self.exact_no_low) / self.weight

    def standard_error(self, name: str, player: int) -> float:
        """The standard error of a Monte Carlo mean: sqrt(variance / trials)."""
        mean = self.figure(name, player)
        # An indicator's square is itself; the equity's second moment was added up as it went.
        second = float(self.equity_squares[player]) / (WHOLE * WHOLE * self.weight) if name == "equity" else mean
        return float(np.sqrt(max(second - mean * mean, 0.0) / self.boards))
