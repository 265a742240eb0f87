"""What a text hand history says about one hand, in the site's own terms: the plain facts a format's parser
produces and `engine.history.building.build_record` turns into a `HandRecord`.

A parser only reads: names stay names, seat numbers stay the site's, amounts are whole chips as written (the
parser's one conversion: cents for money at ``scale`` 100) with the convention they are written in, and the
events keep the log's order. Everything the engine's rules decide (who is dealt in, which blind is the big
one, the blinds of a limit game, uncalled bets, the hole cards a game deals, the summary's checks) is the
builder's, once for every format. What a format states outright where others leave it to the rules (PHH's and
OHH's players dealt in, OHH's blind amounts, PHH's finishing stacks) is a fact too, and the builder takes it
as stated. Each fact carries its ``line`` (number, text) so the builder's refusals name the line at fault.
"""

from __future__ import annotations

import attrs

from engine.betting import FixedLimit, NoLimit, PotLimit
from engine.cards import Card

Line = tuple[int, str]

FIXED, POT, NO = FixedLimit.title, PotLimit.title, NoLimit.title  # the sites' words are the structures' titles

# A forced bet's kind as the text sites write it.
SMALL_BLIND, BIG_BLIND, ANTE, STRADDLE, DEAD_BLIND = "small blind", "big blind", "ante", "straddle", "dead blind"
SMALL_AND_BIG = "small & big blinds"  # a player coming back posts both at once: the small dead, the big live
EXTRA_BLIND = "extra blind"  # OHH's "Post Extra Blind": out of position; live at the big blind, dead below it
BLIND = "blind"  # PHH's blinds_or_straddles: a forced bet by position; the builder tells blind from straddle

# How a post's amount is written: what the player paid (a short stack's all-in is less), or the forced bet as
# set, whatever the stack could pay (PHH's fields).
PAID, DUE = "paid", "due"


@attrs.frozen(slots=True)
class Game:
    """The header's game: ``stakes`` as written, the blinds in a pot- or no-limit game, the small and big bet
    in fixed limit (whose blinds the builder takes from the posts); None when the format writes none (OHH's
    fixed limit: the small bet is the big blind, the big bet twice that). ``hole_cards`` None: as many as the
    cards dealt say (PHH, OHH: 4, or 5 when a player holds five). ``blinds`` and ``ante``: amounts the format
    states apart from the stakes (OHH's ``small_blind_amount``, PHH's ``min_bet`` as the big blind), each None
    when not stated (the builder then takes what was posted). ``max_raises`` and ``uncapped_heads_up``: fixed
    limit's cap, when the format says (PHH's ``_max_raises``). ``posted_blinds``: the header names no
    blinds (PartyPoker's "$10 USD PL Omaha Hi-Lo" names the table's buy-in), so the blinds are what was
    posted, as in fixed limit. ``all_blinds_posted``: the posts are every blind the game has (PHH lists each
    player's forced bet, OHH states its blinds), so a blind nobody posts is none, not the stakes' default."""

    hi_lo: bool
    hole_cards: int | None
    limit: str
    stakes: tuple[int, int] | None
    scale: int = 1
    symbol: str = ""
    symbol_after: bool = False  # "7.25€" (Winamax), not "$7.25"
    posted_blinds: bool = False
    blinds: tuple[int | None, int | None] = (None, None)
    ante: int | None = None
    max_raises: int = 3
    uncapped_heads_up: bool = False
    all_blinds_posted: bool = False


@attrs.frozen(slots=True)
class Seat:
    """A seat line: the site's seat number (``label``, which orders the seats), the player as the log's lines
    name them, the chips in front of them as the hand starts.

    What some formats state outright: ``dealt`` True when the format says the seat is dealt in (PHH lists the
    players of the hand; OHH a player not sitting out), None to go by what the hand shows; ``player`` the name
    recorded when the lines use another (PHH's lines say p1, p2, its ``players`` field names them);
    ``number`` the seat's number at the table when the label is only an order (PHH's ``seats``; None: unknown);
    ``finishing`` the stack after the hand (PHH's ``finishing_stacks``)."""

    label: int
    name: str
    stack: int
    dealt: bool | None = None
    player: str | None = None
    number: int | None = attrs.Factory(lambda self: self.label, takes_self=True)
    finishing: int | None = None


@attrs.frozen(slots=True)
class Posted:
    """A blind, straddle or ante: ``paid`` chips, ``all_in`` when the player had no more; with ``convention``
    DUE, ``paid`` is the forced bet as set and the builder works out what the stack could pay."""

    line: Line | None
    name: str
    kind: str
    paid: int
    all_in: bool = False
    convention: str = PAID


@attrs.frozen(slots=True)
class Acted:
    """A betting line: ``verb`` FOLD, CHECK, CALL or WAGER (engine.history.builder); ``amount`` as written
    (None for a fold or check), ADDS or TOTALS by ``convention``. ``by``: the increment a raise states beside
    its total ("raises $300 to $900"), checked by the ledger; RAISES (the total less the bet faced,
    PokerStars') or ADDS (the total less the player's own bet, ACR's, Bovada's) by ``by_convention``."""

    line: Line | None
    name: str
    verb: str
    amount: int | None = None
    convention: str = "adds"
    by: int | None = None
    by_convention: str = "raises"


@attrs.frozen(slots=True)
class Street:
    """A new betting round begins (``street`` 2 flop, 3 turn, 4 river); the board is in `HandFacts.board`."""

    line: Line | None
    street: int


@attrs.frozen(slots=True)
class Returned:
    """The log's own "uncalled bet returned" line."""

    line: Line | None
    name: str
    chips: int


@attrs.frozen(slots=True)
class Cards:
    """Cards the log shows a player holding: dealt to them, shown, or mucked face up in the summary. ``dealt``:
    these are the cards dealt, every one of them, in order, None where unknown (PHH's ``d dh p1 As??7s??``)."""

    line: Line | None
    name: str
    cards: tuple[Card | None, ...]
    dealt: bool = False


@attrs.frozen(slots=True)
class Revealed:
    """A show or a muck at the showdown: ``shown`` is how many cards the show names (0 for a muck); a show of
    every hole card, all of them known, is a show, any other a muck."""

    line: Line | None
    name: str
    shown: int = 0


@attrs.frozen(slots=True)
class Collected:
    """Chips a player collects: from ``pot`` None ("the pot"), 0 (the main pot) or N (side pot N)."""

    line: Line | None
    name: str
    chips: int
    pot: int | None = None


Event = Posted | Acted | Street | Returned | Cards | Revealed | Collected


@attrs.frozen(slots=True)
class Won:
    """A summary line's "won" or "collected" amounts for a seat (all of them added; 0 when it says none); PHH's
    ``winnings``."""

    line: Line | None
    label: int
    chips: int


@attrs.frozen(slots=True)
class Summary:
    """The summary: the pot it states (None when it states none), its line and how to say it (OHH: "the pots
    hold"), what the house took (rake and fees; None when the log never says: the builder then takes what the
    players put in less what they collected, when the log says what they collected), the board it repeats,
    the seats it names and what each won (None: the log says nothing of who won, as a PHH file without
    ``winnings``). ``derive_take`` False: a take the log does not state is none (PHH states a rake only in its
    ``_rake`` field)."""

    total: int | None = None
    total_line: Line | None = None
    take: int | None = 0
    board: tuple[Card, ...] | None = None
    labels: frozenset[int] = frozenset()
    won: tuple[Won, ...] | None = ()
    total_said: str = "the summary's total pot is"
    total_after_take: bool = False  # the total is stated after the house's take (Winamax), not before it
    total_with_returned: bool = False  # the total counts in the bets returned uncalled (Winamax)
    derive_take: bool = True
    jackpot: int = 0  # the part of ``take`` that is not the rake: a jackpot and the like (GGPoker's "Jackpot",
    # ACR's "JP Fee", OHH's pots' ``jackpot``), kept apart for the formats that can say it


@attrs.frozen(slots=True)
class HandFacts:
    """One hand as its text says it went; ``fields`` are what the record keeps for writing the hand back
    (table, date, tournament...); ``hero`` the player the log was written for (OHH's ``hero_player_id``).
    ``where`` names the hand in messages when the format names it its own way (PHH: "day5.phhs [2], hand 12";
    default "source: hand #id"), and ``line_word`` what a line is called ("line"; PHH's and OHH's "action").
    ``won_includes_returned``: what the log says a player collected or won counts in their own bet that nobody
    called (PartyPoker's "wins $239" after a bet nobody called). ``stacks_after_posts``: the seats' stacks are
    written after the blinds and antes went in (Merge's tournaments): each post is added back to its player's
    stack. ``streets_unmarked``: the log writes no line where a betting round begins (Bovada files that give the
    board only in the summary), so a round ends when its betting closes: the next betting line is the next
    round's."""

    source: str
    id: str
    header: Line | None
    game: Game
    seats: tuple[Seat, ...]
    button_label: int
    events: tuple[Event, ...]
    board: tuple[Card, ...]
    summary: Summary
    fields: tuple[tuple[str, object], ...] = ()
    won_includes_returned: bool = False
    streets_unmarked: bool = False
    hero: str | None = None
    where: str = ""
    line_word: str = "line"
    stacks_after_posts: bool = False
