"""The games people name by a word, in one place: the command line's ``--game``, the server's ``game`` key and
the environments' ``game`` all mean the same four things, and the betting structure each plays at a given big
blind is decided here once. A fixed-limit game's bets are one and two big blinds (blinds 1/2 play 2/4)."""

from __future__ import annotations

from engine.betting import FixedLimit, NoLimit, PotLimit

LIMIT, POT_LIMIT, NO_LIMIT = FixedLimit.name, PotLimit.name, NoLimit.name  # each structure says its own name
MIXED = "mixed"
SINGLE = (LIMIT, POT_LIMIT, NO_LIMIT)  # one betting structure each
GAMES = (*SINGLE, MIXED)  # mixed: an orbit of limit, then one of pot limit (engine.schedule.MixedOmaha)


def structure(game: str, big_blind: int) -> FixedLimit | PotLimit | NoLimit:
    """The betting structure ``game`` (one of `SINGLE`) plays with this big blind."""
    if game == LIMIT:
        return FixedLimit(big_blind, 2 * big_blind)
    if game == POT_LIMIT:
        return PotLimit()
    if game == NO_LIMIT:
        return NoLimit()
    raise ValueError(f"{game!r} is not one of {', '.join(SINGLE)}")
