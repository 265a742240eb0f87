"""Cards, card text, and the deck.

A `Card` is a small int (0..51, rank-major: ``(rank - 2) * 4 + suit``) with names. Being an int keeps it
hashable, ordered, tiny and fast as a table index in the evaluator, while ``str`` and ``repr`` speak poker.
There are exactly 52 card objects; `Card("As")` and `Card(51)` return the same one.
"""

from __future__ import annotations

import random
import secrets
import unicodedata
from collections.abc import Callable, Iterable, Sequence

import attrs

from engine._speed import unchecked
from engine.errors import CardError
from engine.validate import flag, is_whole, quote, whole

RANK_CHARS = "23456789TJQKA"
SUIT_CHARS = "cdhs"
_SUIT_SYMBOLS = {"♣": "c", "♦": "d", "♥": "h", "♠": "s", "♧": "c", "♢": "d", "♡": "h", "♤": "s"}
_SUIT_INDEX = {
    **{c: SUIT_CHARS.index(c) for c in SUIT_CHARS},
    **{c.upper(): SUIT_CHARS.index(c) for c in SUIT_CHARS},
    **{symbol: SUIT_CHARS.index(c) for symbol, c in _SUIT_SYMBOLS.items()},
}
_RANK_INDEX = {**{c: i for i, c in enumerate(RANK_CHARS)}, **{c.lower(): i for i, c in enumerate(RANK_CHARS)}}
_SEPARATORS = frozenset(" \t\r\n,;")
_VARIATION_SELECTORS = frozenset("\ufe0e\ufe0f")  # text or emoji style, after a pasted suit symbol: "A♠️"
RANK_NAMES = ("Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten", "Jack", "Queen", "King", "Ace")
RANK_PLURALS = (
    "Twos",
    "Threes",
    "Fours",
    "Fives",
    "Sixes",
    "Sevens",
    "Eights",
    "Nines",
    "Tens",
    "Jacks",
    "Queens",
    "Kings",
    "Aces",
)


class Card(int):
    """One of the 52 cards. ``rank`` is 2..14 (ace high), ``suit`` one of 'c', 'd', 'h', 's'."""

    __slots__ = ()

    def __new__(cls, value: str | int) -> Card:
        if isinstance(value, str):
            cards = parse_cards(value)
            if len(cards) != 1:
                raise CardError(f"expected exactly one card, got {quote(value)}")
            return cards[0]
        index = whole(value, "a card (text such as 'As', or an index)", minimum=0, maximum=51, error=CardError)
        return ALL_CARDS[index] if len(ALL_CARDS) == 52 else int.__new__(cls, index)

    @property
    def rank(self) -> int:
        return (int(self) >> 2) + 2

    @property
    def suit(self) -> str:
        return SUIT_CHARS[int(self) & 3]

    @property
    def rank_char(self) -> str:
        return RANK_CHARS[int(self) >> 2]

    def __str__(self) -> str:
        return RANK_CHARS[int(self) >> 2] + SUIT_CHARS[int(self) & 3]

    def __repr__(self) -> str:
        return f"Card({str(self)!r})"

    def __reduce__(self) -> tuple[type[Card], tuple[int]]:
        return (Card, (int(self),))


ALL_CARDS: tuple[Card, ...] = ()
ALL_CARDS = tuple(Card(i) for i in range(52))


def make_card(rank: int, suit: str) -> Card:
    """The card of a rank (2..14) and suit ('c', 'd', 'h', 's')."""
    whole(rank, "a card's rank (2..10, 11 jack, 12 queen, 13 king, 14 ace)", minimum=2, maximum=14, error=CardError)
    if not isinstance(suit, str) or suit not in ("c", "d", "h", "s"):
        raise CardError(f"a card's suit must be one of 'c', 'd', 'h', 's'; got {quote(suit)}")
    return ALL_CARDS[(rank - 2) * 4 + SUIT_CHARS.index(suit)]


def parse_cards(text: str, *, distinct: bool = True) -> tuple[Card, ...]:
    """Read cards from text: "As 2h Kc Qd", "As2hKcQd", "Td", "10d", "A♠ 2♥"; commas and spaces separate.

    Ranks and suits are case-insensitive. With ``distinct`` (the default) a repeated card is an error. Spaces
    (any Unicode space, tabs, line breaks), commas and semicolons separate cards; a variation selector
    (U+FE0E, U+FE0F) may follow a suit symbol, as in pasted emoji. Any other character, visible or not, is an
    error: an invisible one must not change what the text says.
    """
    if not isinstance(text, str):
        raise CardError(f"card text must be a string, got {quote(text)}")
    flag(distinct, "distinct", error=CardError)
    cards: list[Card] = []
    i, n = 0, len(text)
    while i < n:
        ch = text[i]
        if ch in _SEPARATORS or (ch > "\x7f" and unicodedata.category(ch) == "Zs"):
            i += 1
            continue
        if text.startswith("10", i):
            rank_index, i = 8, i + 2
        elif ch in _RANK_INDEX:
            rank_index, i = _RANK_INDEX[ch], i + 1
        elif ch in _VARIATION_SELECTORS:
            raise CardError(
                f"{_shown(ch)} at position {i} in {quote(text)} follows no suit symbol; a variation "
                "selector may only follow one of ♣ ♦ ♥ ♠ (as in a pasted 'A♠️')"
            )
        else:
            raise CardError(
                f"unknown rank {_shown(ch)} at position {i} in {quote(text)}; ranks are 2-9, T (or 10), J, Q, K, A"
            )
        if i >= n:
            raise CardError(
                f"card text {quote(text)} ends before the suit of its last card; suits are c d h s or ♣ ♦ ♥ ♠"
            )
        suit = text[i]
        if suit not in _SUIT_INDEX:
            raise CardError(
                f"unknown suit {_shown(suit)} at position {i} in {quote(text)}; suits are c d h s or ♣ ♦ ♥ ♠"
            )
        i += 1
        if suit in _SUIT_SYMBOLS and i < n and text[i] in _VARIATION_SELECTORS:
            i += 1
        cards.append(ALL_CARDS[rank_index * 4 + _SUIT_INDEX[suit]])
    if distinct:
        require_distinct(cards, text)
    return tuple(cards)


def _shown(char: str) -> str:
    """A character for an error message: itself when it can be seen, else its code point and name."""
    if unicodedata.category(char)[0] not in "CZM":  # not a control, format, space or combining mark
        return repr(char)
    return f"U+{ord(char):04X} ({unicodedata.name(char, 'a control character')})"


def require_distinct(cards: Iterable[Card], source: object = None) -> None:
    """Raise CardError naming the first card that appears twice."""
    seen: set[int] = set()
    for card in cards:
        if card in seen:
            where = f" in {quote(source)}" if source is not None else ""
            raise CardError(f"card {card} appears twice{where}; each card exists once in the deck")
        seen.add(card)


def format_cards(cards: Iterable[Card], sep: str = " ") -> str:
    """Cards back to text, "As 2h Kc"."""
    if not isinstance(sep, str):
        raise CardError(f"the separator must be a string, got {quote(sep)}")
    return sep.join(str(card) for card in _as_cards(cards))


def _as_cards(cards: Iterable[Card | int | str] | str) -> tuple[Card, ...]:
    if isinstance(cards, str):
        return parse_cards(cards)
    if isinstance(cards, (bytes, bytearray)) or not isinstance(cards, Iterable):
        raise CardError(f"cards must be text such as 'As 2h' or a sequence of cards, got {quote(cards)}")
    return tuple(card if type(card) is Card else Card(card) for card in cards)


@attrs.frozen(slots=True)
class Deck:
    """The order in which cards will be dealt, fixed before the hand begins.

    Make one with `Deck.seeded(seed)` (the same order on every machine and Python version), `Deck.secure()`
    (the operating system's randomness), ``Deck(cards)`` (a given order of all 52 distinct cards), or
    `Deck.ordered(cards)` (a given order that may be a *partial stub deck*: replays and tests that need only
    the cards a hand deals).
    """

    cards: tuple[Card, ...] = attrs.field(converter=_as_cards)

    def __attrs_post_init__(self) -> None:
        require_distinct(self.cards, "the deck")
        if len(self.cards) != len(ALL_CARDS):
            raise CardError(
                f"a deck is the {len(ALL_CARDS)} distinct cards, got {len(self.cards)} "
                f"({format_cards(self.cards) or 'none'}); a partial stub deck holding only the cards "
                f"a hand deals is Deck.ordered(cards)"
            )

    @property
    def partial(self) -> bool:
        """Whether this is a partial stub deck (`ordered`): fewer than 52 cards, only those a hand needs."""
        return len(self.cards) < len(ALL_CARDS)

    @classmethod
    def standard(cls) -> Deck:
        """The 52 cards in index order (2c 2d 2h 2s 3c ... As)."""
        return cls(ALL_CARDS)

    @classmethod
    def ordered(cls, cards: Iterable[Card | int | str] | str) -> Deck:
        """A deck in a given order (replays, tests): cards as `Card`, ints (card indexes) or text, distinct. It
        may be a partial stub deck of fewer than 52 cards (`partial`): a hand dealt from it checks that it holds
        every card the hand deals (`engine.start_hand` refuses a stub too short for its players and boards)."""
        chosen = _as_cards(cards)
        require_distinct(chosen, "the deck")
        return cls._trusted(chosen)

    @classmethod
    def seeded(cls, seed: int | str | bytes) -> Deck:
        """A shuffle fixed by ``seed``: a Fisher-Yates shuffle driven by Mersenne Twister bits only, so the
        order does not depend on how a Python version implements ``random.shuffle``."""
        if not (isinstance(seed, (str, bytes)) or is_whole(seed)):
            raise CardError(f"a deck seed must be an int, str or bytes, got {quote(seed)}")
        return cls._trusted(_shuffle(list(ALL_CARDS), random.Random(seed).getrandbits))

    @classmethod
    def secure(cls) -> Deck:
        """A shuffle from the operating system's randomness, for real-money play."""
        return cls._trusted(_shuffle(list(ALL_CARDS), secrets.randbits))

    @classmethod
    def _trusted(cls, cards: tuple[Card, ...]) -> Deck:
        """A deck from cards checked here (a permutation made here, or a stub deck checked by `ordered`), without
        the constructor's checks, which would also refuse a stub deck."""
        return unchecked(cls, cards)

    def __len__(self) -> int:
        return len(self.cards)

    def __str__(self) -> str:
        return format_cards(self.cards)


def _shuffle(cards: list[Card], getrandbits: Callable[[int], int]) -> tuple[Card, ...]:
    """Fisher-Yates over the whole deck, each index drawn uniformly by rejection sampling (no modulo bias)."""
    for i, bits in _SHUFFLE_STEPS:
        j = getrandbits(bits)
        while j > i:
            j = getrandbits(bits)
        cards[i], cards[j] = cards[j], cards[i]
    return tuple(cards)


_SHUFFLE_STEPS = tuple((i, (i + 1).bit_length()) for i in range(len(ALL_CARDS) - 1, 0, -1))
"""Fisher-Yates' steps for a 52-card deck: the index to fill and the bits to draw for it."""


def cards_of(cards: Sequence[Card | int | str] | str) -> tuple[Card, ...]:
    """Accept cards as text or as a sequence of cards, card indexes or card texts."""
    return _as_cards(cards)
