"""Provably-fair dealing (commit-reveal), for tables configured with ``provably_fair = true``.

Before a hand is dealt the server shuffles a deck (the operating system's randomness, as at every table), draws a
random salt and publishes ``commitment = sha256(salt || deck)``; after the hand it reveals the deck and the salt.
Anyone can then check (`verify`) that the revealed deck is the one committed to, is a permutation of the 52
cards, and (`check_deal`) that it deals the hole cards and boards the client saw. The salt keeps the commitment
from being searched: without it the deck could be found by trying decks consistent with what a player saw.

The bytes hashed, exactly:

- ``salt``: 32 random bytes, sent as 64 lowercase hexadecimal digits; the hash takes the 32 bytes themselves.
- ``deck``: the canonical deck text, ASCII: the 52 cards in dealing order, each as rank then suit
  (ranks ``23456789TJQKA``, suits ``cdhs``: ``As``, ``Td``, ``2c``), separated by one space, no other spaces.
- ``commitment``: ``sha256(salt_bytes + deck_text.encode("ascii"))``, as 64 lowercase hexadecimal digits.

Functions only, no I/O: a client can copy this file (it needs only the standard library, except `check_deal`'s
deal positions, which are spelled out here rather than imported).
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
from collections.abc import Sequence

SALT_BYTES = 32
RANKS = "23456789TJQKA"
SUITS = "cdhs"
ALL_CARD_TEXTS = frozenset(rank + suit for rank in RANKS for suit in SUITS)
_HEX64 = re.compile(r"[0-9a-f]{64}")
_STREETS = (3, 1, 1)  # flop, turn, river: each after a burn


def new_salt() -> str:
    """A fresh random salt (``secrets``), as 64 hexadecimal digits."""
    return secrets.token_hex(SALT_BYTES)


def commit(deck: str, salt: str) -> str:
    """The commitment to ``deck`` (canonical deck text) under ``salt`` (64 hexadecimal digits)."""
    return hashlib.sha256(bytes.fromhex(salt) + deck.encode("ascii")).hexdigest()


def is_canonical_deck(deck: object) -> bool:
    """Whether ``deck`` is canonical deck text: 52 distinct cards, one space between each."""
    if not isinstance(deck, str):
        return False
    cards = deck.split(" ")
    return len(cards) == 52 and set(cards) == ALL_CARD_TEXTS


def verify(commitment: object, deck: object, salt: object) -> bool:
    """Whether the revealed ``deck`` and ``salt`` are what ``commitment`` committed to, and the deck is a
    permutation of the 52 cards in canonical text. Never raises: anything malformed is False."""
    if not (
        isinstance(commitment, str)
        and isinstance(salt, str)
        and _HEX64.fullmatch(commitment)
        and _HEX64.fullmatch(salt)
        and is_canonical_deck(deck)
    ):
        return False
    assert isinstance(deck, str)
    return hmac.compare_digest(commit(deck, salt), commitment)


def dealt(
    deck: str, *, players: int, button: int, hole_cards: int = 4, boards: int = 1, runs: int = 1, shared: int = 0
) -> tuple[tuple[tuple[str, ...], ...], tuple[tuple[str, ...], ...]]:
    """What the deck deals, as the engine deals it: (each hand seat's hole cards, each board).

    Hole cards go one at a time clockwise from the hand seat after ``button``. Then the first run: for each
    street a burn, then that street's cards to board 1, board 2, ... Each further run (``runs`` > 1) keeps the
    first ``shared`` board cards and continues from the next card of the deck, again with a burn before each
    street still to come. Boards are listed run by run (docs/run-it-twice.md, docs/double-board.md)."""
    cards = deck.split(" ")
    holes: list[tuple[str, ...]] = [()] * players
    for i in range(players):
        seat = (button + 1 + i) % players
        holes[seat] = tuple(cards[i : players * hole_cards : players])
    position = players * hole_cards
    result: list[tuple[str, ...]] = []
    for run in range(runs):
        run_boards: list[list[str]] = [[] for _ in range(boards)]
        dealt_so_far = 0
        for size in _STREETS:
            if run > 0 and dealt_so_far < shared:
                for board, first in zip(run_boards, result[:boards], strict=True):
                    board.extend(first[dealt_so_far : dealt_so_far + size])
            else:
                position += 1  # the burn
                for board in run_boards:
                    board.extend(cards[position : position + size])
                    position += size
            dealt_so_far += size
        result.extend(tuple(board) for board in run_boards)
    return tuple(holes), tuple(result)


def check_deal(
    deck: str,
    *,
    players: int,
    button: int,
    seat: int | None,
    hole: Sequence[str],
    boards: Sequence[Sequence[str]],
    boards_per_run: int = 1,
) -> bool:
    """Whether ``deck`` (canonical text, already `verify`-ed) deals what a client saw: ``hole``, its own hole
    cards as hand seat ``seat`` (None: not dealt in), and ``boards``, every board as shown (a board may stop
    short when the hand ended early). ``button`` is the button's hand seat, ``players`` the players dealt in."""
    if not is_canonical_deck(deck) or players < 2 or not 0 <= button < players:
        return False
    hole = tuple(hole)
    hole_cards = len(hole) if hole else 4
    boards = [tuple(board) for board in boards]
    runs = max(1, -(-len(boards) // boards_per_run))
    shared = 0
    if runs > 1:
        first, second = boards[0], boards[boards_per_run]
        while shared < min(len(first), len(second)) and first[shared] == second[shared]:
            shared += 1
        shared = 0 if shared < 3 else shared
    holes, expected = dealt(
        deck, players=players, button=button, hole_cards=hole_cards, boards=boards_per_run, runs=runs, shared=shared
    )
    if seat is not None and (not 0 <= seat < players or holes[seat] != hole):
        return False
    return len(boards) <= len(expected) and all(board == expected[i][: len(board)] for i, board in enumerate(boards))
