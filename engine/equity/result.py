"""What `engine.equity` returns: per player the hi-lo figures with their standard errors, and how they were
found (exactly over every board, or by sampling)."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import attrs

from engine.equity.tally import FIGURES


@attrs.frozen(slots=True)
class Figures:
    """The hi-lo figures of one player, each a fraction of the boards (equity: of the pot).

    ``equity`` is the expected share of the pot; ``scoop`` the chance of winning the whole pot alone;
    ``high_win`` / ``low_win`` of winning that half alone, ``high_tie`` / ``low_tie`` of sharing it;
    ``quartered`` of sharing the low with exactly one other player (a quarter of the pot from the low half).
    """

    equity: float
    scoop: float
    high_win: float
    high_tie: float
    low_win: float
    low_tie: float
    quartered: float

    def as_dict(self) -> dict[str, float]:
        """The figures by name, as plain JSON-ready data."""
        return {name: getattr(self, name) for name in FIGURES}


@attrs.frozen(slots=True)
class PlayerEquity:
    """One player's result. ``standard_error`` holds each figure's standard error (all 0 when exact);
    ``shares`` (when asked for) maps each share of the pot the player ended with to how often."""

    hand: str
    figures: Figures
    standard_error: Figures
    shares: tuple[tuple[Fraction, float], ...] | None = None

    def __getattr__(self, name: str) -> float:
        if name in FIGURES:
            return float(getattr(self.figures, name))
        raise AttributeError(name)

    def as_dict(self) -> dict[str, Any]:
        """The player's hand, figures and standard errors as plain JSON-ready data."""
        data: dict[str, Any] = {
            "hand": self.hand,
            **self.figures.as_dict(),
            "standard_error": self.standard_error.as_dict(),
        }
        if self.shares is not None:
            data["shares"] = {str(share): chance for share, chance in self.shares}
        return data


@attrs.frozen(slots=True)
class EquityResult:
    """The answer: ``players`` in the order given; ``exact`` (every possible board and hand, weighted as
    dealt) or sampled; ``boards``: boards evaluated; ``no_low``: how often no low qualified."""

    players: tuple[PlayerEquity, ...]
    exact: bool
    boards: int
    no_low: float
    no_low_error: float
    hi_lo: bool
    board: str
    dead: str
    seed: int | None
    seconds: float

    def as_dict(self) -> dict[str, Any]:
        """The result as plain JSON-ready data (``equity --json``)."""
        return {
            "players": [player.as_dict() for player in self.players],
            "exact": self.exact,
            "boards": self.boards,
            "no_low": self.no_low,
            "no_low_error": self.no_low_error,
            "hi_lo": self.hi_lo,
            "board": self.board,
            "dead": self.dead,
            "seed": self.seed,
            "seconds": round(self.seconds, 4),
        }

    def table(self) -> str:
        """The result as a text table, one line per player."""
        header = (
            f"{'hand':<22} {'equity':>8} {'scoop':>8} {'hi win':>8} {'hi tie':>8} {'lo win':>8} "
            f"{'lo tie':>8} {'quarter':>8}"
        )
        lines = [header]
        for player in self.players:
            figures = player.figures.as_dict()
            lines.append(f"{player.hand[:22]:<22} " + " ".join(f"{100 * figures[name]:7.3f}%" for name in FIGURES))
        how = "exact" if self.exact else f"Monte Carlo (seed {self.seed})"
        lines.append(f"{how}, {self.boards:,} boards; no low on {100 * self.no_low:.3f}% of them")
        if not self.exact:
            worst = max(player.standard_error.equity for player in self.players)
            lines.append(f"standard error of each equity at most {100 * worst:.3f}%")
        return "\n".join(lines)
