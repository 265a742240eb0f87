"""Helpers for rule tests: decks that deal chosen cards to chosen seats, and scripted play.

`deck_for` writes the deck in the order `start_hand` deals it: hole cards one at a time clockwise from the seat
left of the button (``hole_cards`` rounds), then burn + three flop cards, burn + turn, burn + river. Seats and
board cards the test does not name are filled with cards nobody named, so a test states only what matters.
"""

from __future__ import annotations

import asyncio
import itertools
import os
import random
from collections.abc import Callable, Iterable, Mapping

import pytest

from engine import (
    ALL_CARDS,
    Action,
    Call,
    Card,
    Check,
    Deck,
    FixedGame,
    FixedLimit,
    Fold,
    HandState,
    MixedOmaha,
    NoLimit,
    PotLimit,
    Rules,
    Street,
    Table,
    TournamentSchedule,
    parse_cards,
)


def _cards(text: str | Iterable[Card]) -> tuple[Card, ...]:
    return parse_cards(text) if isinstance(text, str) else tuple(text)


def deck_for(
    players: int, button: int, holes: Mapping[int, str | Iterable[Card]], board: str = "", hole_cards: int = 4
) -> Deck:
    """A deck that deals ``holes[seat]`` to each named seat and ``board`` (up to five cards) as the board.

    Hole cards are listed in the order the seat receives them (its first card first).
    """
    named = {seat: _cards(cards) for seat, cards in holes.items()}
    board_cards = _cards(board)
    for seat, cards in named.items():
        if not 0 <= seat < players:
            raise ValueError(f"seat {seat} is not at a {players}-player table")
        if len(cards) != hole_cards:
            raise ValueError(f"seat {seat} needs {hole_cards} hole cards, got {len(cards)}")
    if len(board_cards) > 5:
        raise ValueError(f"a board has at most 5 cards, got {len(board_cards)}")
    used = [card for cards in named.values() for card in cards] + list(board_cards)
    if len(set(used)) != len(used):
        raise ValueError("a card is named twice")
    spare = [card for card in ALL_CARDS if card not in set(used)]
    spare.reverse()  # pop() hands out 2c, 2d, 2h, ... first

    order = [(button + 1 + i) % players for i in range(players)]
    deck: list[Card] = []
    for round_ in range(hole_cards):
        for seat in order:
            deck.append(named[seat][round_] if seat in named else spare.pop())
    board_list = list(board_cards)
    for size in (3, 1, 1):
        deck.append(spare.pop())  # burn
        for _ in range(size):
            deck.append(board_list.pop(0) if board_list else spare.pop())
    deck.extend(reversed(spare))
    return Deck.ordered(deck)


def burns_of(deck: Deck, players: int, hole_cards: int = 4) -> tuple[Card, Card, Card]:
    """The three burn cards `deck_for` placed (before the flop, the turn and the river)."""
    start = players * hole_cards
    cards = deck.cards
    return cards[start], cards[start + 4], cards[start + 6]


def play(state: HandState, *steps: tuple[int, Action]) -> HandState:
    """Apply ``(seat, action)`` steps in order, each checked to come from the seat that is to act."""
    for seat, action in steps:
        state = state.apply(action, seat=seat)
    return state


def check_down(state: HandState) -> HandState:
    """Check (or call, when facing a bet) until the betting is over."""
    while state.actor is not None and state.street < Street.SHOWDOWN:
        state = state.apply(Check() if state.legal_actions().check else Call())
    return state


def fold_around(state: HandState) -> HandState:
    """Everyone folds to the last live blind (or checks when there is nothing to call)."""
    while not state.is_over:
        state = state.apply(Fold() if state.legal_actions().fold else Check())
    return state


# --- the games and tables most tests play ----------------------------------------------------------------------------

LIMIT = Rules(FixedLimit(2, 4), blinds=(1, 2))
POT_LIMIT = Rules(PotLimit(), blinds=(1, 2))
NO_LIMIT = Rules(NoLimit(), blinds=(1, 2))


def seated(
    game: Rules | FixedGame | MixedOmaha | TournamentSchedule = LIMIT,
    seats: int = 4,
    players: Mapping[int, int] | Iterable[int] = (0, 1, 2),
    stack: int = 100,
    **options: bool,
) -> Table:
    """A new table of ``seats`` with a player "p<seat>" at each of ``players`` (seat: stack, or seats that all
    buy in for ``stack``)."""
    table = Table.new(game, seats, **options)
    stacks = players if isinstance(players, Mapping) else dict.fromkeys(players, stack)
    for seat, chips in stacks.items():
        table = table.join(seat, f"p{seat}", chips)
    return table


# --- waiting in the server tests -----------------------------------------------------------------------------------

TIME_SCALE = float(os.environ.get("TEST_TIME_SCALE", "1"))
"""Multiplies every timeout the server tests wait with (TEST_TIME_SCALE=3 on a slow or loaded machine): one
scale for all, instead of sleeps that are long enough on one machine and flaky on the next."""


def scaled(seconds: float) -> float:
    """A timeout of ``seconds`` on this machine (`TIME_SCALE`)."""
    return seconds * TIME_SCALE


async def wait_until(condition: Callable[[], bool], what: str, timeout: float = 10) -> None:
    """Return as soon as ``condition()`` holds (checked every few milliseconds, the loop running meanwhile); an
    AssertionError naming ``what`` if it does not within the scaled ``timeout``."""
    loop = asyncio.get_running_loop()
    end = loop.time() + scaled(timeout)
    while not condition():
        if loop.time() > end:
            raise AssertionError(f"timed out after {scaled(timeout):g} s waiting for {what}")
        await asyncio.sleep(0.01)


# --- seeds ----------------------------------------------------------------------------------------------------------


def new_seed(what: str) -> int:
    """A seed for a randomised test: TEST_SEED when set (to replay a failure), else a fresh one; printed
    either way, so a failing run's output says how to replay it."""
    seed = int(os.environ.get("TEST_SEED") or random.SystemRandom().randrange(2**32))
    print(f"{what}: seed {seed} (TEST_SEED={seed} replays it)")
    return seed


def seeded_shuffle(seed: int) -> Callable[[], Deck]:
    """The decks a room deals, one after another, all fixed by ``seed`` (`Room`'s ``shuffle``)."""
    count = itertools.count()
    return lambda: Deck.seeded(f"{seed}:{next(count)}")


_DECKS: list[Callable[[], Deck]] = []


def decks() -> Deck:
    """The next deck a room of the running test deals: seeded by the test's printed seed (`seeded_decks`)."""
    return _DECKS[-1]()


@pytest.fixture(autouse=True)
def seeded_decks(seed):
    """Every room of a test module that imports this fixture deals from `decks`, fixed by the test's seed
    (printed), so a failure replays."""
    _DECKS.append(seeded_shuffle(seed))
    yield
    _DECKS.pop()
