"""What every entrant of a tournament plays under: the levels, the stacks and seats, the prize money, and how
players come in (late registration, re-entries) and buy more chips (rebuys, the add-on). A frozen value,
checked when made; docs/tournaments.md explains each setting with examples."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

import attrs

from engine.errors import TournamentError
from engine.schedule import Level, TournamentSchedule
from engine.tournament.payouts import Percent, check_percentages
from engine.validate import chips, count, quote, whole


def _levels(value: object) -> TournamentSchedule:
    if isinstance(value, TournamentSchedule):
        return value
    if isinstance(value, (list, tuple)) and all(isinstance(level, Level) for level in value):
        return TournamentSchedule(value)
    raise TournamentError(f"levels must be a TournamentSchedule or a list of Level values, got {quote(value)}")


def _percentages(value: Sequence[Percent] | None) -> tuple[Fraction, ...] | None:
    """Exact fractions, checked (so equal tables compare equal however they were written)."""
    return None if value is None else check_percentages(value)


def _starting_stack(structure: Structure) -> int:
    return structure.starting_stack


def _buy_in(structure: Structure) -> int:
    return structure.buy_in


@attrs.frozen(slots=True)
class Structure:
    """What every entrant plays under: ``levels`` (each a `Level`: rules for a number of hands or minutes),
    ``starting_stack`` chips per entry, ``table_size`` seats per table, ``buy_in`` prize money per entry (the
    pool; 0 for a freeroll), ``payouts`` the payout table (percentages, first place first, kept as exact
    fractions; None: the standard table for the field's size, `standard_percentages`).

    Coming in: registration stays open through the first ``late_levels`` levels (0: it closes at the start);
    while it is open a busted player may enter again as a new entry, ``reentries`` times at most.

    Buying chips: during the first ``rebuy_levels`` levels (the rebuy period) a player at or below
    ``rebuy_threshold`` chips (default: the starting stack) may rebuy ``rebuy_chips`` (default: the starting
    stack) for ``rebuy_cost`` prize money (default: the buy-in), ``max_rebuys`` times per entry (None: no
    limit). When the period ends every player still in may take the add-on once: ``addon_chips`` (0: none) for
    ``addon_cost`` (default: the buy-in).

    A level's hands are counted over the whole tournament (every table's hands), its minutes on the
    tournament's clock. Tournament games take no rake."""

    levels: TournamentSchedule = attrs.field(converter=_levels)
    starting_stack: int
    table_size: int = 9
    buy_in: int = 0
    payouts: tuple[Fraction, ...] | None = attrs.field(default=None, converter=_percentages)
    late_levels: int = attrs.field(default=0, kw_only=True)
    reentries: int = attrs.field(default=0, kw_only=True)
    rebuy_levels: int = attrs.field(default=0, kw_only=True)
    max_rebuys: int | None = attrs.field(default=None, kw_only=True)
    rebuy_threshold: int = attrs.field(default=attrs.Factory(_starting_stack, takes_self=True), kw_only=True)
    rebuy_chips: int = attrs.field(default=attrs.Factory(_starting_stack, takes_self=True), kw_only=True)
    rebuy_cost: int = attrs.field(default=attrs.Factory(_buy_in, takes_self=True), kw_only=True)
    addon_chips: int = attrs.field(default=0, kw_only=True)
    addon_cost: int = attrs.field(default=attrs.Factory(_buy_in, takes_self=True), kw_only=True)

    def __attrs_post_init__(self) -> None:
        chips(self.starting_stack, "starting_stack", minimum=1, error=TournamentError)
        whole(self.table_size, "table_size (seats per table)", minimum=2, maximum=10, error=TournamentError)
        chips(self.buy_in, "buy_in (prize money per entry)", error=TournamentError)
        for index, level in enumerate(self.levels.levels):
            for rules in (level.rules, level.mixed_with):
                if rules is not None and rules.rake is not None:
                    raise TournamentError(
                        f"level {index} has a rake; tournament games take none (the house's fee is apart from the "
                        f"buy-in)"
                    )
                if rules is not None and rules.max_players < self.table_size:
                    raise TournamentError(
                        f"level {index}'s game deals to {rules.max_players} players at most, "
                        f"but tables have {self.table_size} seats"
                    )
        last = len(self.levels.levels) - 1
        for what, value in (("late_levels", self.late_levels), ("rebuy_levels", self.rebuy_levels)):
            whole(
                value,
                f"{what} (levels it stays open; it must close before the last level, which lasts for ever)",
                minimum=0,
                maximum=last,
                error=TournamentError,
            )
        count(self.reentries, "reentries (the most times a player may enter again)", error=TournamentError)
        if self.reentries and not self.late_levels:
            raise TournamentError(
                f"reentries={self.reentries} needs late registration: a busted player enters again while "
                f"registration is open, so give late_levels >= 1"
            )
        if self.max_rebuys is not None:
            count(self.max_rebuys, "max_rebuys (rebuys per entry; None for no limit)", error=TournamentError)
        chips(self.rebuy_threshold, "rebuy_threshold (the most chips a player may rebuy at)", error=TournamentError)
        chips(self.rebuy_chips, "rebuy_chips", minimum=1, error=TournamentError)
        chips(self.rebuy_cost, "rebuy_cost (prize money per rebuy)", error=TournamentError)
        chips(self.addon_chips, "addon_chips (0 for no add-on)", error=TournamentError)
        chips(self.addon_cost, "addon_cost (prize money per add-on)", error=TournamentError)
        if self.addon_chips and not self.rebuy_levels:
            raise TournamentError(
                f"addon_chips={self.addon_chips} needs a rebuy period: the add-on is taken when it ends, so "
                f"give rebuy_levels >= 1 (max_rebuys=0 for an add-on without rebuys)"
            )

    @property
    def rebuys(self) -> bool:
        """Whether the structure allows rebuys at all."""
        return self.rebuy_levels > 0 and self.max_rebuys != 0

    def entry_chips(self, rebuys: int, addons: int) -> int:
        """The chips an entry brought in: its starting stack, its rebuys and its add-ons."""
        return self.starting_stack + rebuys * self.rebuy_chips + addons * self.addon_chips

    def entry_money(self, rebuys: int, addons: int) -> int:
        """The prize money an entry paid in: its buy-in, its rebuys and its add-ons."""
        return self.buy_in + rebuys * self.rebuy_cost + addons * self.addon_cost
