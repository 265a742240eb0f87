"""Omaha hand evaluation: the best high and the best 8-or-better low from exactly two hole cards and
exactly three board cards.

How it is fast, in pure Python:

* Five-card strength is a table lookup. A non-flush hand depends only on its multiset of ranks, keyed by
  the sum of ``5 ** rank`` over its cards (no rank appears more than four times, so the base-5 digits never
  carry): 6,175 entries. A flush depends only on its set of ranks, keyed by a 13-bit mask: 1,287 entries.
  Strength values run 1..7462, higher is better, one value per distinct hand class.
* The best non-flush high of a hole pair on a board depends only on the board's rank multiset and the
  pair's two ranks. A row of 169 values (one per ordered pair of ranks) is built the first time a board rank
  multiset is seen and kept: after that a player's high is six lookups and a max. Flushes are checked only
  when the board has three cards of a suit.
* A low depends only on the set of low ranks (A..8) in the hole and on the board, so it is one lookup in a
  row of 256 values per board low-rank mask. A low is stored as the bit mask of its five ranks (bit 0 the ace,
  bit 7 the eight); comparing masks as integers compares lows from the top card down, and the smaller mask
  is the better low. Its strength is ``256 - mask``, so higher is better here too, and 0 means no low.
"""

from __future__ import annotations

import sys
import zlib
from array import array
from collections.abc import Callable, Iterable, Sequence
from importlib import resources
from itertools import combinations, combinations_with_replacement
from typing import NamedTuple

import attrs

from engine.cards import ALL_CARDS, RANK_NAMES, RANK_PLURALS, Card, cards_of, format_cards, require_distinct
from engine.errors import CardError
from engine.validate import flag, is_whole, quote, whole

# --- categories -------------------------------------------------------------------------------------------

HIGH_CARD, PAIR, TWO_PAIR, TRIPS, STRAIGHT, FLUSH, FULL_HOUSE, QUADS, STRAIGHT_FLUSH = range(9)
CATEGORY_NAMES = (
    "High card",
    "Pair",
    "Two pair",
    "Three of a kind",
    "Straight",
    "Flush",
    "Full house",
    "Four of a kind",
    "Straight flush",
)

# --- five-card tables -------------------------------------------------------------------------------------

_STRAIGHT_TOPS = {frozenset(range(top - 4, top + 1)): top for top in range(4, 13)}
_STRAIGHT_TOPS[frozenset((12, 0, 1, 2, 3))] = 3  # the wheel, A-2-3-4-5, five high


def _class_of(ranks: Sequence[int], suited: bool) -> tuple[int, tuple[int, ...]]:
    """(category, tie-break ranks) of five rank indexes (0 = deuce .. 12 = ace); the plain definition."""
    counts = {r: ranks.count(r) for r in set(ranks)}
    order = tuple(sorted(counts, key=lambda r: (counts[r], r), reverse=True))
    shape = sorted(counts.values(), reverse=True)
    top = _STRAIGHT_TOPS.get(frozenset(ranks)) if len(counts) == 5 else None
    if top is not None:
        return (STRAIGHT_FLUSH if suited else STRAIGHT, (top,))
    if suited:
        return FLUSH, order
    category = {(4, 1): QUADS, (3, 2): FULL_HOUSE, (3, 1, 1): TRIPS, (2, 2, 1): TWO_PAIR, (2, 1, 1, 1): PAIR}.get(
        tuple(shape), HIGH_CARD
    )
    return category, order


def _build_five_card_tables() -> tuple[dict[int, int], dict[int, int], list[tuple[int, tuple[int, ...]]]]:
    classes: list[tuple[tuple[int, tuple[int, ...]], bool, int]] = []
    for ranks in combinations_with_replacement(range(13), 5):
        if max(ranks.count(r) for r in ranks) <= 4:
            classes.append((_class_of(ranks, False), False, sum(5**r for r in ranks)))
    for ranks in combinations(range(13), 5):
        classes.append((_class_of(ranks, True), True, sum(1 << r for r in ranks)))
    classes.sort(key=lambda entry: entry[0])
    plain: dict[int, int] = {}
    flush: dict[int, int] = {}
    described: list[tuple[int, tuple[int, ...]]] = [(-1, ())]
    for value, (klass, suited, key) in enumerate(classes, start=1):
        (flush if suited else plain)[key] = value
        described.append(klass)
    return plain, flush, described


_PLAIN, _FLUSH, _DESCRIBED = _build_five_card_tables()
HIGH_VALUES = len(_DESCRIBED) - 1  # 7462 distinct high hands
MIN_HOLE, MAX_HOLE = 2, 6  # hole cards an Omaha hand may have: Omaha deals 4, five- and six-card Omaha 5, 6

# Per-card lookups, indexed by the card's int value.
_RANK = tuple(c >> 2 for c in range(52))
_RANK_KEY = tuple(5 ** (c >> 2) for c in range(52))
_RANK_BIT = tuple(1 << (c >> 2) for c in range(52))
_SUIT = tuple(c & 3 for c in range(52))
_SUIT_KEY = tuple(1 << (3 * (c & 3)) for c in range(52))  # three bits per suit count the suit's cards
_LOW_BIT = tuple((1 << (((c >> 2) + 1) % 13)) if (c >> 2) in (12, 0, 1, 2, 3, 4, 5, 6) else 0 for c in range(52))

# One packed key per card: its rank key in the low 32 bits (a five-card sum stays below 5 * 5**12 < 2**32)
# and its suit key above, so one sum over the board gives both the rank multiset and the suit counts.
_PACKED = tuple(_RANK_KEY[c] | _SUIT_KEY[c] << 32 for c in range(52))
_RANK13 = tuple(13 * (c >> 2) for c in range(52))

# For every suit-count key of a 3..5 card board: the suit with three or more cards there, or -1.
_FLUSH_SUIT: dict[int, int] = {
    sum(1 << (3 * s) for s in suits): next((s for s in range(4) if suits.count(s) >= 3), -1)
    for n in (3, 4, 5)
    for suits in combinations_with_replacement(range(4), n)
}


# --- high: rows per board rank multiset -------------------------------------------------------------------

_ORDERED_PAIR_KEYS = tuple(5 ** (i // 13) + 5 ** (i % 13) for i in range(169))
_TABLE_FILE = "high_rows.bin.zlib"


def _row_for(triples: Iterable[int]) -> list[int]:
    """Best non-flush value for each ordered hole rank pair (index ``13 * a + b``) given the board's triples."""
    plain_get = _PLAIN.get
    columns = [[plain_get(pair + triple, 0) for pair in _ORDERED_PAIR_KEYS] for triple in set(triples)]
    return list(map(max, *columns)) if len(columns) > 1 else columns[0]


def _triples_of(ranks: Sequence[int]) -> set[int]:
    return {5**a + 5**b + 5**c for a, b, c in combinations(ranks, 3)}


def _five_card_boards() -> list[tuple[int, ...]]:
    """Every rank multiset a five-card board can have, in a fixed order: the shipped table's row order."""
    return [ranks for ranks in combinations_with_replacement(range(13), 5) if max(map(ranks.count, ranks)) <= 4]


def build_high_table() -> bytes:
    """The shipped table: one 169-entry row per five-card board rank multiset, as little-endian uint16."""
    table = array("H")
    for ranks in _five_card_boards():
        table.extend(_row_for(_triples_of(ranks)))
    if sys.byteorder == "big":
        table.byteswap()
    return zlib.compress(table.tobytes(), 9)


def _load_high_rows() -> dict[int, list[int]]:
    """Rows for all 6,175 five-card board rank multisets, read from the table shipped with the package.

    Building them here would take about a second; reading them takes milliseconds. A test rebuilds the table
    and compares it byte for byte with the shipped one.
    """
    table = array("H")
    table.frombytes(zlib.decompress(resources.files("engine").joinpath(_TABLE_FILE).read_bytes()))
    if sys.byteorder == "big":
        table.byteswap()
    shared = list(range(HIGH_VALUES + 1))  # one int object per value, shared by every row (8 MB, not 36)
    values = list(map(shared.__getitem__, table))
    return {sum(5**r for r in ranks): values[169 * i : 169 * i + 169] for i, ranks in enumerate(_five_card_boards())}


_HIGH_ROWS: dict[int, list[int]] = _load_high_rows()


def _high_row(rank_key: int, board: Sequence[int]) -> list[int]:
    """The row for a board's rank multiset; rows of three- and four-card boards are built when first met."""
    row = _HIGH_ROWS.get(rank_key)
    if row is None:
        if not 3 <= len(board) <= 5:  # a bigger board's key can equal a real board's: keep its row out
            raise CardError(f"an Omaha board has 3, 4 or 5 cards, got {len(board)}")
        row = _HIGH_ROWS[rank_key] = _row_for(_triples_of([_RANK[c] for c in board]))
    return row


def _flush_value(hole: Sequence[int], board: Sequence[int], suit: int) -> int:
    """The best flush or straight flush, when the hole holds two cards of the board's three-card suit."""
    suited_hole = [_RANK_BIT[c] for c in hole if _SUIT[c] == suit]
    if len(suited_hole) < 2:
        return 0
    suited_board = [_RANK_BIT[c] for c in board if _SUIT[c] == suit]
    return max(
        _FLUSH[a | b | c | d | e] for a, b in combinations(suited_hole, 2) for c, d, e in combinations(suited_board, 3)
    )


# --- low: rows per board low-rank mask --------------------------------------------------------------------


def _lowest_three(mask: int) -> int:
    out = 0
    for _ in range(3):
        bit = mask & -mask
        out |= bit
        mask ^= bit
    return out


def _build_low_rows() -> list[list[int]]:
    """For each board low-rank mask, a row giving for each hole low-rank mask the strength (256 - five-rank
    mask) of its best low; 0 = none.

    A pair of hole ranks takes the three lowest board ranks it does not repeat; a larger hole mask is as good
    as its best mask with one rank removed (subsets come first in counting order). Built once at import, in
    about 40 ms.
    """
    sizes = [m.bit_count() for m in range(256)]
    pairs = [m for m in range(256) if sizes[m] == 2]
    larger = [(m, [m & ~(1 << i) for i in range(8) if m >> i & 1]) for m in range(256) if sizes[m] >= 3]
    no_low = [0] * 256
    rows = []
    for board in range(256):
        if sizes[board] < 3:
            rows.append(no_low)
            continue
        row = [0] * 256
        for hole in pairs:
            rest = board & ~hole
            if sizes[rest] >= 3:
                row[hole] = 256 - (hole | _lowest_three(rest))
        for hole, smaller in larger:
            row[hole] = max([row[m] for m in smaller])
        rows.append(row)
    return rows


_LOW_ROWS = _build_low_rows()


# --- the fast path: strengths as ints ---------------------------------------------------------------------


def _best_pair(row: list[int], hole: Sequence[int]) -> int:
    """The best row entry over the hole's pairs; four hole cards (the common case) are unrolled."""
    if len(hole) == 4:
        a, b, c, d = hole
        rb, rc, rd = _RANK[b], _RANK[c], _RANK[d]
        qa, qb, qc = _RANK13[a], _RANK13[b], _RANK13[c]
        return max(row[qa + rb], row[qa + rc], row[qa + rd], row[qb + rc], row[qb + rd], row[qc + rd])
    return max([row[_RANK13[x] + _RANK[y]] for x, y in combinations(hole, 2)])


def high_value(hole: Sequence[int], board: Sequence[int]) -> int:
    """Strength of the best Omaha high (1..7462, higher is better).

    The fast path: the cards are not validated (use `best_high` or `BoardEvaluator` for cards from outside).
    Input it cannot read raises CardError; cards that are not distinct give a meaningless strength.
    """
    try:
        packed = 0
        for card in board:
            packed += _PACKED[card]
        best = _best_pair(_high_row(packed & 0xFFFFFFFF, board), hole)
        suit = _FLUSH_SUIT[packed >> 32]
        if suit < 0:
            return best
        return max(best, _flush_value(hole, board, suit))
    except CardError:
        raise
    except (TypeError, IndexError, KeyError, ValueError) as error:
        raise _unreadable(hole, board) from error


def low_value(hole: Sequence[int], board: Sequence[int]) -> int:
    """Strength of the best 8-or-better low (256 - its rank mask; higher is better), or 0 for none. Not
    validated, as `high_value`."""
    try:
        board_mask = 0
        for card in board:
            board_mask |= _LOW_BIT[card]
        hole_mask = 0
        for card in hole:
            hole_mask |= _LOW_BIT[card]
        return _LOW_ROWS[board_mask][hole_mask]
    except (TypeError, IndexError) as error:
        raise _unreadable(hole, board) from error


def hi_lo_values(hole: Sequence[int], board: Sequence[int]) -> tuple[int, int]:
    """Both strengths at once: (high, low). The showdown and equity code use this. Not validated, as
    `high_value`."""
    return high_value(hole, board), low_value(hole, board)


def _unreadable(hole: object, board: object) -> CardError:
    """Why the fast path could not read its input (raised only after it failed, so it costs nothing)."""
    if isinstance(error := _cards_error(board, "board", 3, 5), CardError):
        return error
    if isinstance(error := _cards_error(hole, "hole", MIN_HOLE, MAX_HOLE), CardError):
        return error
    return CardError(f"no Omaha hand from hole {quote(hole)} and board {quote(board)}")


def _cards_error(cards: object, what: str, fewest: int, most: int) -> CardError | None:
    if isinstance(cards, (str, bytes)) or not isinstance(cards, Sequence):
        return CardError(f"the {what} cards must be a sequence of cards, got {quote(cards)}")
    if not all(is_whole(card, minimum=0, maximum=51) for card in cards):
        return CardError(f"the {what} cards must be cards (ints 0..51), got {quote(cards)}")
    if not fewest <= len(cards) <= most:
        return CardError(f"an Omaha {what} has {fewest} to {most} cards, got {len(cards)}")
    return None


# --- hands as values --------------------------------------------------------------------------------------


def _high_name(value: int) -> str:
    category, ranks = _DESCRIBED[value]
    name = CATEGORY_NAMES[category]
    if category == HIGH_CARD:
        return f"{name}, {RANK_NAMES[ranks[0]]}"
    if category == PAIR:
        return f"{name} of {RANK_PLURALS[ranks[0]]}"
    if category == TWO_PAIR:
        return f"{name}, {RANK_PLURALS[ranks[0]]} and {RANK_PLURALS[ranks[1]]}"
    if category in (TRIPS, QUADS):
        return f"{name}, {RANK_PLURALS[ranks[0]]}"
    if category == FULL_HOUSE:
        return f"{name}, {RANK_PLURALS[ranks[0]]} full of {RANK_PLURALS[ranks[1]]}"
    if category == STRAIGHT_FLUSH and ranks[0] == 12:
        return "Royal flush"
    return f"{name}, {RANK_NAMES[ranks[0]]} high"


def _arrange_high(cards: Iterable[Card]) -> tuple[Card, ...]:
    """Five cards in the order a player reads them: biggest group first, then by rank; a wheel ends on its ace."""
    ranks = [c >> 2 for c in cards]
    # A card's int is rank * 4 + suit, so this key sorts by group size, then rank, then suit.
    ordered = sorted(cards, key=lambda c: ranks.count(c >> 2) * 64 + c, reverse=True)
    if sorted(ranks) == [0, 1, 2, 3, 12]:
        ordered = ordered[1:] + ordered[:1]
    return tuple(ordered)


class _Unnamed(NamedTuple):
    """The five cards of a hand not found yet: a showdown knows each winner's strength at once, but which five
    cards make it is a search, done only if somebody reads `cards` (see `HighHand`, `LowHand`)."""

    find: Callable[[Sequence[Card], Sequence[Card], int], tuple[Card, ...]]
    hole: Sequence[Card]
    board: Sequence[Card]
    value: int


def _cards_of(hand: HighHand | LowHand) -> tuple[Card, ...]:
    cards = hand._cards
    if isinstance(cards, _Unnamed):
        found = cards.find(cards.hole, cards.board, cards.value)
        object.__setattr__(hand, "_cards", found)  # a memo: the same five cards whenever they are found
        return found
    return cards


@attrs.frozen(slots=True, order=True)
class HighHand:
    """A five-card high hand. ``a > b`` when a beats b; hands of equal strength compare equal. ``cards`` are
    the five cards, biggest group first (found when first read, for the hands a showdown names)."""

    value: int
    _cards: tuple[Card, ...] | _Unnamed = attrs.field(eq=False, order=False, alias="cards")

    def __attrs_post_init__(self) -> None:
        whole(self.value, "a high hand's value", minimum=1, maximum=HIGH_VALUES, error=CardError)
        if type(self._cards) is not _Unnamed and self._cards != ():
            cards = _five(self._cards, "high")
            if five_card_value(cards) != self.value:
                raise CardError(f"the cards {format_cards(cards)} do not make the high hand of value {self.value}")

    @property
    def cards(self) -> tuple[Card, ...]:
        return _cards_of(self)

    @property
    def category(self) -> int:
        """0 (high card) .. 8 (straight flush); see CATEGORY_NAMES."""
        return _DESCRIBED[self.value][0]

    @property
    def name(self) -> str:
        return _high_name(self.value)

    def __str__(self) -> str:
        return self.name

    def __repr__(self) -> str:
        return f"HighHand({self.name!r}, {' '.join(map(str, self.cards))!r})"


_LOW_CHARS = {1: "A", 2: "2", 3: "3", 4: "4", 5: "5", 6: "6", 7: "7", 8: "8"}


@attrs.frozen(slots=True, order=True)
class LowHand:
    """An 8-or-better low. ``a > b`` when a beats b, that is, when a is the lower hand. ``cards`` are the five
    cards, top card first (found when first read, as for `HighHand`)."""

    value: int
    _cards: tuple[Card, ...] | _Unnamed = attrs.field(eq=False, order=False, alias="cards")

    def __attrs_post_init__(self) -> None:
        value = whole(self.value, "a low hand's value", minimum=1, maximum=255, error=CardError)
        if (256 - value).bit_count() != 5:
            raise CardError(f"a low hand's value is 256 minus the mask of five low ranks, got {value}")
        if type(self._cards) is not _Unnamed and self._cards != ():
            cards = _five(self._cards, "low")
            bits = [_LOW_BIT[card] for card in cards]
            if len(set(bits)) != 5 or sum(bits) != 256 - value:
                raise CardError(f"the cards {format_cards(cards)} are not the low of value {value}")

    @property
    def cards(self) -> tuple[Card, ...]:
        return _cards_of(self)

    @property
    def ranks(self) -> tuple[int, ...]:
        """The five low ranks from the top card down, the ace as 1: (8, 5, 4, 2, 1)."""
        mask = 256 - self.value
        return tuple(r + 1 for r in range(7, -1, -1) if mask >> r & 1)

    @property
    def name(self) -> str:
        return "-".join(_LOW_CHARS[r] for r in self.ranks)

    def __str__(self) -> str:
        return self.name

    def __repr__(self) -> str:
        return f"LowHand({self.name!r}, {' '.join(map(str, self.cards))!r})"


def _five(cards: object, what: str) -> tuple[Card, ...]:
    """A hand's five cards, as given to `HighHand` or `LowHand`: distinct Card values (or none at all, ``()``,
    for a hand known by its strength only, to read its name or category)."""
    if not isinstance(cards, tuple) or len(cards) != 5 or not all(type(card) is Card for card in cards):
        raise CardError(
            f"a {what} hand's cards must be a tuple of five Card values (or () for none), got {quote(cards)}"
        )
    require_distinct(cards, f"a {what} hand")
    return cards


def _low_rank(card: Card) -> int:
    return 1 if card.rank == 14 else card.rank


def _check_deal(hole: Sequence[Card], board: Sequence[Card]) -> None:
    if not MIN_HOLE <= len(hole) <= MAX_HOLE:
        raise CardError(f"an Omaha hand needs two hole cards at least and {MAX_HOLE} at most, got {len(hole)}")
    if not 3 <= len(board) <= 5:
        raise CardError(f"an Omaha board has 3, 4 or 5 cards, got {len(board)}")
    require_distinct((*hole, *board), "the hole and board cards")


def best_high(hole: Sequence[Card | int | str] | str, board: Sequence[Card | int | str] | str) -> HighHand:
    """The best high hand from exactly two of ``hole`` and exactly three of ``board``."""
    hole_cards, board_cards = cards_of(hole), cards_of(board)
    _check_deal(hole_cards, board_cards)
    value = high_value(hole_cards, board_cards)
    return HighHand(value, _arrange_high(_cards_for_high(hole_cards, board_cards, value)))


def _cards_for_high(hole: Sequence[Card], board: Sequence[Card], value: int) -> tuple[Card, ...]:
    """Five cards (two hole, three board) that make ``value``: only the pairs that can reach it are searched."""
    if _DESCRIBED[value][0] in (FLUSH, STRAIGHT_FLUSH):
        for a, b in combinations(hole, 2):
            if _SUIT[a] == _SUIT[b]:
                for c, d, e in combinations([x for x in board if _SUIT[x] == _SUIT[a]], 3):
                    if _FLUSH[_RANK_BIT[a] | _RANK_BIT[b] | _RANK_BIT[c] | _RANK_BIT[d] | _RANK_BIT[e]] == value:
                        return (a, b, c, d, e)
    else:
        # A non-flush best hand is never five suited cards (those would make a flush, which is better).
        row = _high_row(sum(_RANK_KEY[c] for c in board), board)
        for a, b in combinations(hole, 2):
            if row[_RANK13[a] + _RANK[b]] == value:
                pair = _RANK_KEY[a] + _RANK_KEY[b]
                for c, d, e in combinations(board, 3):
                    if _PLAIN.get(pair + _RANK_KEY[c] + _RANK_KEY[d] + _RANK_KEY[e]) == value:
                        return (a, b, c, d, e)
    raise AssertionError("the best value is always reached by some two-plus-three combination")


def five_card_value(cards: Sequence[int]) -> int:
    """Strength of exactly five cards as a high hand (1..7462). Not validated, as `high_value`."""
    try:
        suit = _SUIT[cards[0]]
        if all(_SUIT[c] == suit for c in cards):
            mask = 0
            for c in cards:
                mask |= _RANK_BIT[c]
            return _FLUSH[mask]
        return _PLAIN[sum(_RANK_KEY[c] for c in cards)]
    except (TypeError, IndexError, KeyError) as error:
        raise CardError(f"five_card_value takes five distinct cards, got {quote(cards)}") from error


def best_low(hole: Sequence[Card | int | str] | str, board: Sequence[Card | int | str] | str) -> LowHand | None:
    """The best 8-or-better low from exactly two of ``hole`` and three of ``board``, or None when there is none."""
    hole_cards, board_cards = cards_of(hole), cards_of(board)
    _check_deal(hole_cards, board_cards)
    value = low_value(hole_cards, board_cards)
    if not value:
        return None
    return LowHand(value, _cards_for_low(hole_cards, board_cards, 256 - value))


def _cards_for_low(hole: Sequence[Card], board: Sequence[Card], mask: int) -> tuple[Card, ...]:
    """Five cards (two hole, three board) whose low ranks are exactly ``mask``, from the top card down."""
    for a, b in combinations(hole, 2):
        bit_a, bit_b = _LOW_BIT[a], _LOW_BIT[b]
        if bit_a and bit_b and bit_a != bit_b and (bit_a | bit_b) & mask == bit_a | bit_b:
            rest = mask & ~(bit_a | bit_b)
            chosen: dict[int, Card] = {}
            for card in board:
                bit = _LOW_BIT[card]
                if bit & rest and bit not in chosen:
                    chosen[bit] = card
            if len(chosen) == 3:
                return tuple(sorted((a, b, *chosen.values()), key=lambda c: (-_low_rank(c), c.suit)))
    raise AssertionError("the best low is always reached by some two-plus-three combination")


class BoardEvaluator:
    """Evaluates many hands on one board, sharing the board's work: the showdown's and equity code's tool.

    Every method checks the hole cards it is given (Card values, 2 to 6, distinct, none on the board) and
    raises CardError. ``BoardEvaluator(board, checked=True)`` is for cards the engine dealt itself: it checks
    neither the board nor any hole cards, so the showdown pays nothing for the checks.
    """

    __slots__ = ("_board", "_board_mask", "_flush_suit", "_high_row", "_low_row")

    def __new__(cls, board: Sequence[Card | int | str] | str, *, checked: bool = False) -> BoardEvaluator:
        flag(checked, "checked", error=CardError)
        return object.__new__(_DealtBoard if checked else cls)

    def __init__(self, board: Sequence[Card | int | str] | str, *, checked: bool = False) -> None:
        """``checked=True`` skips reading and checking ``board``: for cards the engine dealt itself."""
        self._board: tuple[Card, ...]
        if checked:
            self._board = tuple(board) if isinstance(board, Iterable) else ()  # type: ignore[arg-type]  # vouched
        else:
            self._board = cards_of(board)
        if not 3 <= len(self._board) <= 5:
            raise CardError(f"an Omaha board has 3, 4 or 5 cards, got {len(self._board)}")
        if not checked:
            require_distinct(self._board, "the board")
        try:
            packed = sum(_PACKED[c] for c in self._board)
        except (TypeError, IndexError) as error:
            raise CardError(f"a board must be cards, got {quote(board)}") from error
        self._high_row = _high_row(packed & 0xFFFFFFFF, self._board)
        self._flush_suit = _FLUSH_SUIT[packed >> 32]
        self._board_mask = 0
        for card in self._board:
            self._board_mask |= _LOW_BIT[card]
        self._low_row = _LOW_ROWS[self._board_mask]

    @property
    def board(self) -> tuple[Card, ...]:
        return self._board

    def _hole(self, hole: Sequence[Card]) -> Sequence[Card]:
        """The hole cards, checked: Card values, 2 to 6 of them, distinct and none on this board."""
        if isinstance(hole, (str, bytes)) or not isinstance(hole, Sequence):
            raise CardError(
                f"hole cards must be a sequence of Card values (parse_cards('As Kd ...')), got {quote(hole)}"
            )
        if not all(type(card) is Card for card in hole):
            raise CardError(f"hole cards must be Card values (parse_cards('As Kd ...')), got {quote(hole)}")
        if not MIN_HOLE <= len(hole) <= MAX_HOLE:
            raise CardError(
                f"an Omaha hand needs two hole cards at least and {MAX_HOLE} at most, got "
                f"{len(hole)}: {format_cards(hole)}"
            )
        require_distinct((*hole, *self._board), "the hole and board cards")
        return hole

    def _high(self, hole: Sequence[int]) -> int:
        best = _best_pair(self._high_row, hole)
        if self._flush_suit >= 0:
            return max(best, _flush_value(hole, self._board, self._flush_suit))
        return best

    def _low(self, hole: Sequence[int]) -> int:
        mask = 0
        for card in hole:
            mask |= _LOW_BIT[card]
        return self._low_row[mask]

    def high_value(self, hole: Sequence[Card]) -> int:
        """The high value of a hole hand on this board (larger is better), without naming its cards."""
        return self._high(self._hole(hole))

    def low_value(self, hole: Sequence[Card]) -> int:
        """The low value of a hole hand on this board (0 when no 8-or-better low)."""
        return self._low(self._hole(hole))

    def best_high(self, hole: Sequence[Card]) -> HighHand:
        """The best high hand of a hole hand on this board, its five cards named on demand."""
        hole = self._hole(hole)
        value = self._high(hole)
        return HighHand(value, _Unnamed(_named_high, hole, self._board, value))

    def best_low(self, hole: Sequence[Card]) -> LowHand | None:
        """The best 8-or-better low of a hole hand on this board, or None."""
        hole = self._hole(hole)
        value = self._low(hole)
        return LowHand(value, _Unnamed(_named_low, hole, self._board, value)) if value else None

    def high_hand(self, hole: Sequence[Card], value: int) -> HighHand:
        """The hand of a strength already computed by `high_value`; its five cards are found when first read."""
        hole = self._hole(hole)
        if value != self._high(hole):
            raise CardError(
                f"{quote(value)} is not the high value of {format_cards(hole)} on "
                f"{format_cards(self._board)}; it is {self._high(hole)}"
            )
        return HighHand(value, _Unnamed(_named_high, hole, self._board, value))

    def low_hand(self, hole: Sequence[Card], value: int) -> LowHand:
        """The low of a (non-zero) strength already computed by `low_value`; its five cards are found when
        first read."""
        hole = self._hole(hole)
        if value != self._low(hole) or not value:
            raise CardError(
                f"{quote(value)} is not the low value of {format_cards(hole)} on "
                f"{format_cards(self._board)}; it is {self._low(hole)} (0: no low)"
            )
        return LowHand(value, _Unnamed(_named_low, hole, self._board, value))


class _DealtBoard(BoardEvaluator):
    """A `BoardEvaluator` over cards the engine dealt (``checked=True``): nothing is checked, for speed."""

    __slots__ = ()

    high_value = BoardEvaluator._high
    low_value = BoardEvaluator._low

    def _hole(self, hole: Sequence[Card]) -> Sequence[Card]:
        return hole

    def best_high(self, hole: Sequence[Card]) -> HighHand:
        value = self._high(hole)
        return HighHand(value, _Unnamed(_named_high, hole, self._board, value))

    def high_hand(self, hole: Sequence[Card], value: int) -> HighHand:
        return HighHand(value, _Unnamed(_named_high, hole, self._board, value))

    def low_hand(self, hole: Sequence[Card], value: int) -> LowHand:
        return LowHand(value, _Unnamed(_named_low, hole, self._board, value))


def _named_high(hole: Sequence[Card], board: Sequence[Card], value: int) -> tuple[Card, ...]:
    return _arrange_high(_cards_for_high(hole, board, value))


def _named_low(hole: Sequence[Card], board: Sequence[Card], value: int) -> tuple[Card, ...]:
    return _cards_for_low(hole, board, 256 - value)


__all__ = [
    "ALL_CARDS",
    "CATEGORY_NAMES",
    "BoardEvaluator",
    "HighHand",
    "LowHand",
    "best_high",
    "best_low",
    "build_high_table",
    "five_card_value",
    "hi_lo_values",
    "high_value",
    "low_value",
]
