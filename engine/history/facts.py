"""What a text hand history says about one hand, in the site's own terms: the plain facts a format's parser
produces and `engine.history.building.build_record` turns into a `HandRecord`.

A parser only reads: names stay names, seat numbers stay the site's, amounts are whole chips as written (the
parser's one conversion: cents for money at ``scale`` 100) with the convention they are written in, and the
events keep the log's order. Everything the engine's rules decide (who is dealt in, which blind is the big
one, the blinds of a limit game, uncalled bets, the summary's checks) is the builder's, once for every site.
Each fact carries its ``line`` (number, text) so the builder's refusals name the line at fault.
"""

from __future__ import annotations

import attrs

from engine.cards import Card

Line = tuple[int, str]

FIXED, POT, NO = "Limit", "Pot Limit", "No Limit"

# A forced bet's kind as the text sites write it.
SMALL_BLIND, BIG_BLIND, ANTE, STRADDLE, DEAD_BLIND = "small blind", "big blind", "ante", "straddle", "dead blind"
SMALL_AND_BIG = "small & big blinds"  # a player coming back posts both at once: the small dead, the big live


@attrs.frozen(slots=True)
class Game:
    """The header's game: ``stakes`` as written, the blinds in a pot- or no-limit game, the small and big bet
    in fixed limit (whose blinds the builder takes from the posts). ``posted_blinds``: the header names no
    blinds (PartyPoker's "$10 USD PL Omaha Hi-Lo" names the table's buy-in), so the blinds are what was
    posted, as in fixed limit."""

    hi_lo: bool
    hole_cards: int
    limit: str
    stakes: tuple[int, int]
    scale: int = 1
    symbol: str = ""
    posted_blinds: bool = False


@attrs.frozen(slots=True)
class Seat:
    """A seat line: the site's seat number, the player, the chips in front of them as the hand starts."""

    label: int
    name: str
    stack: int


@attrs.frozen(slots=True)
class Posted:
    """A blind, straddle or ante: ``paid`` chips, ``all_in`` when the player had no more."""

    line: Line
    name: str
    kind: str
    paid: int
    all_in: bool = False


@attrs.frozen(slots=True)
class Acted:
    """A betting line: ``verb`` FOLD, CHECK, CALL or WAGER (engine.history.builder); ``amount`` as written
    (None for a fold or check), ADDS or TOTALS by ``convention``."""

    line: Line
    name: str
    verb: str
    amount: int | None = None
    convention: str = "adds"


@attrs.frozen(slots=True)
class Street:
    """A new betting round begins (``street`` 2 flop, 3 turn, 4 river); the board is in `HandFacts.board`."""

    line: Line
    street: int


@attrs.frozen(slots=True)
class Returned:
    """The log's own "uncalled bet returned" line."""

    line: Line
    name: str
    chips: int


@attrs.frozen(slots=True)
class Cards:
    """Cards the log shows a player holding: dealt to them, shown, or mucked face up in the summary."""

    line: Line
    name: str
    cards: tuple[Card, ...]


@attrs.frozen(slots=True)
class Revealed:
    """A show (``whole``: every hole card shown) or a muck at the showdown."""

    line: Line
    name: str
    whole: bool = False


@attrs.frozen(slots=True)
class Collected:
    """Chips a player collects: from ``pot`` None ("the pot"), 0 (the main pot) or N (side pot N)."""

    line: Line
    name: str
    chips: int
    pot: int | None = None


Event = Posted | Acted | Street | Returned | Cards | Revealed | Collected


@attrs.frozen(slots=True)
class Won:
    """A summary line's "won" or "collected" amounts for a seat (all of them added; 0 when it says none)."""

    line: Line
    label: int
    chips: int


@attrs.frozen(slots=True)
class Summary:
    """The summary: the pot it states (None when it states none) and its line, what the house took (rake and
    fees; None when the log never says: the builder then takes what the players put in less what they
    collected), the board it repeats, the seats it names and what each won."""

    total: int | None = None
    total_line: Line | None = None
    take: int | None = 0
    board: tuple[Card, ...] | None = None
    labels: frozenset[int] = frozenset()
    won: tuple[Won, ...] = ()


@attrs.frozen(slots=True)
class HandFacts:
    """One hand as its text says it went; ``fields`` are what the record keeps for writing the hand back
    (table, date, tournament...). ``won_includes_returned``: what the log says a player collected or won
    counts in their own bet that nobody called (PartyPoker's "wins $239" after a bet nobody called)."""

    source: str
    id: str
    header: Line
    game: Game
    seats: tuple[Seat, ...]
    button_label: int
    events: tuple[Event, ...]
    board: tuple[Card, ...]
    summary: Summary
    fields: tuple[tuple[str, object], ...] = ()
    won_includes_returned: bool = False
