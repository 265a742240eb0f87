"""All-in EV: what each player's result was worth when the money went in, not what the cards that came made it.

When the last action of a hand leaves the board to be dealt with nobody able to act (everyone all in, or all
but one), every pot is replaced by its expectation: each of its claimants (eligible players who did not muck)
gets the pot's amount as recorded (after its rake) times their hi-lo equity in it, the equity taken over the
board cards still to come, given the board dealt before that last action and the claimants' hands (nobody
else's cards are counted as known: an analyst does not see folded hands). A double board halves each pot
between the boards, and each board's equity treats the other board's dealt cards as dead; running the board
several times changes nothing in expectation. The adjusted result of a seat is its real net result with the
chips it won replaced by the chips it could expect.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Sequence

import attrs

from engine.cards import Card, format_cards
from engine.equity.board_classes import dealt_board_equity
from engine.equity.ranges import EquityError
from engine.events import Acted, BoardDealt
from engine.state import HandState
from engine.validate import quote, whole

STREET_NAMES = {0: "preflop", 3: "flop", 4: "turn"}


@attrs.frozen(slots=True)
class PotEquity:
    """One pot: its number, the chips it paid out (after rake), who was eligible, who claimed it at the
    showdown and each claimant's equity in it (in the order of ``claimants``)."""

    pot: int
    amount: int
    rake: int
    eligible: tuple[int, ...]
    claimants: tuple[int, ...]
    equity: tuple[float, ...]


@attrs.frozen(slots=True)
class AllInEV:
    """A hand that was all in before the river: the board cards known then (``board``: one text per board),
    the street it happened on, each pot with its equities, and per seat the chips each could expect from the
    pots (``expected``), the chips it got (``won``), its real ``net`` and its all-in-adjusted net
    (``adjusted``)."""

    street: str
    board: tuple[str, ...]
    pots: tuple[PotEquity, ...]
    expected: tuple[float, ...]
    won: tuple[int, ...]
    net: tuple[int, ...]
    adjusted: tuple[float, ...]


def all_in_ev(state: HandState) -> AllInEV | None:
    """The all-in EV of a finished hand, or None when the hand was not all in before the river (it ended by
    folds, or the last action came on the river). Anything but a `HandState` is an `EquityError`."""
    if not isinstance(state, HandState):
        raise EquityError(f"all_in_ev needs a HandState (a hand the engine played or replayed), got {quote(state)}")
    result = state.result
    if result is None or not result.showdown or not _nobody_could_act(state):
        return None
    events = state.events
    last_action = max((i for i, event in enumerate(events) if isinstance(event, Acted)), default=-1)
    if not any(isinstance(event, BoardDealt) for event in events[last_action + 1 :]):
        return None
    boards = state.rules.boards
    known: list[list[Card]] = [[] for _ in range(boards)]
    for event in events[: last_action + 1]:
        if isinstance(event, BoardDealt) and event.board < boards:
            known[event.board].extend(event.cards)
    mucked = state.mucked
    amounts: dict[int, int] = {}
    rakes: dict[int, int] = {}
    eligible: dict[int, tuple[int, ...]] = {}
    for part in result.pots:
        amounts[part.pot] = amounts.get(part.pot, 0) + part.amount
        rakes[part.pot] = rakes.get(part.pot, 0) + part.rake
        eligible[part.pot] = part.eligible
    shares: dict[tuple[int, ...], tuple[float, ...]] = {}
    pots = []
    expected = [0.0] * state.players
    for number in sorted(amounts):
        claimants = tuple(seat for seat in eligible[number] if not mucked[seat])
        if claimants not in shares:
            shares[claimants] = _shares(state, claimants, known)
        pots.append(PotEquity(number, amounts[number], rakes[number], eligible[number], claimants, shares[claimants]))
        for seat, share in zip(claimants, shares[claimants], strict=True):
            expected[seat] += amounts[number] * share
    won = tuple(result.won(seat) for seat in range(state.players))
    adjusted = tuple(net - got + hoped for net, got, hoped in zip(result.net, won, expected, strict=True))
    return AllInEV(
        STREET_NAMES.get(len(known[0]), "river"),
        tuple(format_cards(cards) for cards in known),
        tuple(pots),
        tuple(expected),
        won,
        result.net,
        adjusted,
    )


def _nobody_could_act(state: HandState) -> bool:
    """Whether at most one player still in the hand kept chips behind: without it somebody could act on the
    river, so the hand cannot have been all in before it. Read from the final state, so the hands that were
    not all in (most of them) are told apart without replaying their events (milliseconds a hand)."""
    behind = [
        seat
        for seat in range(state.players)
        if not state.folded[seat] and state.contributed[seat] < state.starting_stacks[seat]
    ]
    return len(behind) <= 1


def _shares(state: HandState, claimants: Sequence[int], known: Sequence[Sequence[Card]]) -> tuple[float, ...]:
    """Each claimant's equity in a pot, averaged over the boards (a double board halves the pot)."""
    if len(claimants) == 1:
        return (1.0,)
    totals = [0.0] * len(claimants)
    for board, cards in enumerate(known):
        dead = [card for other, others in enumerate(known) if other != board for card in others]
        found = spot_equity([state.hole[seat] for seat in claimants], cards, dead, state.rules.hi_lo)
        for i, share in enumerate(found):
            totals[i] += share / len(known)
    return tuple(totals)


_RENAMINGS = tuple(
    tuple(card - card % 4 + perm[card % 4] for card in range(52)) for perm in itertools.permutations(range(4))
)
"""Each of the 24 ways of renaming the suits, as the new number of every card."""
CACHED_SPOTS = 1 << 16
"""How many all-in spots `spot_equity` remembers (the least recently used are forgotten first)."""


def spot_equity(
    hands: Sequence[Sequence[Card]], board: Sequence[Card], dead: Sequence[Card], hi_lo: bool
) -> tuple[float, ...]:
    """Each hand's exact hi-lo equity with ``board`` dealt so far and ``dead`` cards out, worked out once per
    spot: the same hands in another order, on the same board, or the same spot with the suits renamed (the
    same deal replayed in a duplicate match's rotations, the same all-in met again) come from the cache."""
    key, order = _canonical(hands, board, dead)
    shares = _canonical_equity(key, hi_lo)
    out = [0.0] * len(hands)
    for position, index in enumerate(order):
        out[index] = shares[position]
    return tuple(out)


_Spot = tuple[tuple[tuple[int, ...], ...], tuple[int, ...], tuple[int, ...]]


def _canonical(
    hands: Sequence[Sequence[Card]], board: Sequence[Card], dead: Sequence[Card]
) -> tuple[_Spot, tuple[int, ...]]:
    """The spot's smallest form over the 24 ways of renaming suits, its hands sorted; and, for each of those
    sorted hands, which of the given hands it is."""
    best: tuple[_Spot, tuple[int, ...]] | None = None
    for renaming in _RENAMINGS:
        named = [tuple(sorted([renaming[card] for card in hand])) for hand in hands]
        order = tuple(sorted(range(len(named)), key=named.__getitem__))
        candidate = (
            (
                tuple(named[i] for i in order),
                tuple(sorted([renaming[card] for card in board])),
                tuple(sorted([renaming[card] for card in dead])),
            ),
            order,
        )
        if best is None or candidate[0] < best[0]:
            best = candidate
    assert best is not None
    return best


@functools.lru_cache(maxsize=CACHED_SPOTS)
def _canonical_equity(spot: _Spot, hi_lo: bool) -> tuple[float, ...]:
    hands, board, dead = spot
    return dealt_board_equity(hands, board, dead, hi_lo)


def all_in_data(state: HandState, scale: int = 1) -> dict[str, object] | None:
    """`all_in_ev` as JSON data, chips divided by ``scale`` (a history's units: 100 for cents), or None."""
    whole(scale, "scale (chips per unit)", minimum=1, error=EquityError)
    ev = all_in_ev(state)
    if ev is None:
        return None

    def units(chips: float) -> float:
        return round(chips / scale, 6)

    return {
        "street": ev.street,
        "board": list(ev.board),
        "pots": [
            {
                "pot": pot.pot,
                "amount": units(pot.amount),
                "rake": units(pot.rake),
                "eligible": list(pot.eligible),
                "claimants": list(pot.claimants),
                "equity": [round(share, 6) for share in pot.equity],
            }
            for pot in ev.pots
        ],
        "expected": [units(chips) for chips in ev.expected],
        "won": [units(chips) for chips in ev.won],
        "net": [units(chips) for chips in ev.net],
        "adjusted_net": [units(chips) for chips in ev.adjusted],
    }
