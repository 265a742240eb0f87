"""The showdown and the hi-lo split: pure functions of the pots, the hands shown and the board.

Each pot is settled on its own, among its own claimants (eligible players who did not muck): half to the
best high and half to the best 8-or-better low when one of them has a low, the odd chip to the high half;
the whole pot to the best high otherwise. Tied winners split a half equally, and chips that will not divide
go one at a time to the tied winners in seat order starting left of the button.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum
from typing import NamedTuple

import attrs

from engine._speed import unchecked
from engine.cards import Card
from engine.errors import RulesError
from engine.evaluation import BoardEvaluator, HighHand, LowHand
from engine.order import MAX_PLAYERS, seat_order_from
from engine.pots import Pot, seats
from engine.validate import flag, is_whole, quote, whole


class Portion(StrEnum):
    """The part of a pot a payout is (as a card room's chip push says what it pays)."""

    HIGH = "high"  # the high half of a split pot
    LOW = "low"  # the low half of a split pot
    WHOLE = "whole"  # the whole pot to the best high: nobody had a low, or the game is high only
    UNCONTESTED = "uncontested"  # the whole pot to its one claimant (the others folded or mucked)

    def __repr__(self) -> str:
        return f"Portion.{self.name}"  # pastes back as code, as the Payout holding it does


class Payout(NamedTuple):
    """One share of a pot: ``chips`` to ``seat`` for ``portion``. A tied winner whose share of a small half
    rounds to nothing still has a share of 0 chips."""

    seat: int
    chips: int
    portion: Portion


@attrs.frozen(slots=True)
class PotResult:
    """How one pot was settled. ``amount`` is what was paid out, after ``rake``.

    ``high_hand`` and ``low_hand`` are the winning hands with their five cards (None when the pot was not
    contested, or for the low when nobody eligible had one). ``shares`` is every `Payout`, each saying which
    part of the pot it pays, in seat order from the button's left (a seat's high share before its low share);
    ``payouts`` is the same merged per seat. ``pot`` is the pot's number (0: the main pot). When a pot is
    shared between boards (a double board, or a board run more than once) it is settled once per board:
    ``board`` numbers the board (an index into `HandResult.boards`), ``amount`` is that board's share and
    ``rake`` is carried by the first board's part.
    """

    amount: int
    rake: int
    eligible: tuple[int, ...]
    high_winners: tuple[int, ...]
    high_hand: HighHand | None
    low_winners: tuple[int, ...]
    low_hand: LowHand | None
    shares: tuple[Payout, ...]
    pot: int = 0
    board: int = 0

    def __attrs_post_init__(self) -> None:
        whole(self.amount, "a pot result's amount (chips)", minimum=0, error=RulesError)
        whole(self.rake, "a pot result's rake (chips)", minimum=0, error=RulesError)
        seats(self.eligible, "a pot result's eligible seats")
        seats(self.high_winners, "a pot result's high winners")
        seats(self.low_winners, "a pot result's low winners")
        if self.high_hand is not None and not isinstance(self.high_hand, HighHand):
            raise RulesError(f"a pot result's high_hand must be a HighHand or None, got {quote(self.high_hand)}")
        if self.low_hand is not None and not isinstance(self.low_hand, LowHand):
            raise RulesError(f"a pot result's low_hand must be a LowHand or None, got {quote(self.low_hand)}")
        if not isinstance(self.shares, tuple) or not all(
            isinstance(paid, tuple)
            and len(paid) == 3
            and is_whole(paid[0], minimum=0, maximum=MAX_PLAYERS - 1)
            and is_whole(paid[1], minimum=0)
            and isinstance(paid[2], Portion)
            for paid in self.shares
        ):
            raise RulesError(
                "a pot result's shares must be a tuple of Payout(seat, chips, portion) "
                f"(portion one of {', '.join(Portion)}), got {quote(self.shares)}"
            )
        whole(self.pot, "a pot result's pot number", minimum=0, error=RulesError)
        whole(self.board, "a pot result's board number", minimum=0, error=RulesError)

    @property
    def is_split(self) -> bool:
        return bool(self.low_winners)

    @property
    def payouts(self) -> tuple[tuple[int, int], ...]:
        """Each paid seat with its chips from every part of the pot, in the order of `shares`."""
        return merged(self.shares)

    @property
    def high_shares(self) -> tuple[Payout, ...]:
        """The shares the best high took: the high half, or the whole pot when there was no low half."""
        return tuple([paid for paid in self.shares if paid.portion is not Portion.LOW])

    @property
    def low_shares(self) -> tuple[Payout, ...]:
        """The shares of the low half (none when nobody had a low)."""
        return tuple([paid for paid in self.shares if paid.portion is Portion.LOW])

    def paid(self, seat: int) -> int:
        """The chips this pot paid to ``seat``."""
        return sum(paid.chips for paid in self.shares if paid.seat == seat)


@attrs.frozen(slots=True)
class HandResult:
    """The outcome of a hand: every pot (every part of a pot, when it was shared between boards), the rake,
    and each seat's net result (final minus starting stack). ``boards`` is every final board, run by run and
    board by board within a run; ``runs`` how many times the board was run."""

    pots: tuple[PotResult, ...]
    rake: int
    net: tuple[int, ...]
    showdown: bool
    boards: tuple[tuple[Card, ...], ...] = ()
    runs: int = 1

    def __attrs_post_init__(self) -> None:
        if not isinstance(self.pots, tuple) or not all(isinstance(pot, PotResult) for pot in self.pots):
            raise RulesError(f"a hand result's pots must be a tuple of PotResult, got {quote(self.pots)}")
        whole(self.rake, "a hand result's rake (chips)", minimum=0, error=RulesError)
        if (
            not isinstance(self.net, tuple)
            or not 2 <= len(self.net) <= MAX_PLAYERS
            or not all(is_whole(chips) for chips in self.net)
        ):
            raise RulesError(f"a hand result's net must be a tuple of chip counts, one per seat, got {quote(self.net)}")
        flag(self.showdown, "a hand result's showdown", error=RulesError)
        if not isinstance(self.boards, tuple) or not all(
            isinstance(board, tuple) and all(type(card) is Card for card in board) for board in self.boards
        ):
            raise RulesError(
                f"a hand result's boards must be a tuple of boards (tuples of Card), got {quote(self.boards)}"
            )
        whole(self.runs, "a hand result's runs", minimum=1, maximum=3, error=RulesError)

    def won(self, seat: int) -> int:
        """The chips every pot paid to ``seat``: winnings, not net of what it put in."""
        return sum(pot.paid(seat) for pot in self.pots)

    @property
    def scoops(self) -> tuple[int, ...]:
        """Seats that won every part of every pot they took part in, against at least one other claimant."""
        winners = []
        for seat in {paid.seat for pot in self.pots for paid in pot.shares}:
            contested = [p for p in self.pots if seat in p.eligible and len(p.eligible) > 1]
            if contested and all(p.high_winners == (seat,) and p.low_winners in ((), (seat,)) for p in contested):
                winners.append(seat)
        return tuple(sorted(winners))


def share(amount: int, winners: Sequence[int], button: int, players: int) -> list[tuple[int, int]]:
    """Split ``amount`` equally; the chips left over go one each to the winners nearest the button's left."""
    return share_in_order(amount, seat_order_from(button + 1, winners, players))


def share_in_order(amount: int, winners: Sequence[int]) -> list[tuple[int, int]]:
    """Split ``amount`` equally among ``winners``; the chips left over go one each to the first ones."""
    base, extra = divmod(amount, len(winners))
    return [(seat, base + (1 if i < extra else 0)) for i, seat in enumerate(winners)]


def half_amounts(amount: int, split: bool) -> tuple[int, int]:
    """(the high half, the low half) of ``amount``: the one place the odd chip's half is decided (the high's);
    with no low (``split`` False) the high half is the whole pot."""
    low = amount // 2 if split else 0
    return amount - low, low


def halves(
    amount: int, high_winners: Sequence[int], low_winners: Sequence[int], button: int, players: int
) -> tuple[list[tuple[int, int]], list[tuple[int, int]]]:
    """Who takes what from a pot's high half and from its low half: the one place the split among winners is
    worked out (settling, the writers' per-pot lines and the stats all use it); an empty low half when nobody
    has a low."""
    high_half, low_half = half_amounts(amount, bool(low_winners))
    low = share(low_half, low_winners, button, players) if low_winners else []
    return share(high_half, high_winners, button, players), low


def pot_shares(result: HandResult) -> list[tuple[int, int, int]]:
    """Every share the hand paid, as (pot number, seat, chips): pot by pot from the main pot, each pot's high
    share(s) before its low share(s), one entry a share (a seat that scoops has one for each half), no empty
    ones. What a history says pot by pot ("collected ... from side pot-1", OHH's pots) comes from here."""
    return [
        (pot.pot, seat, chips) for pot in result.pots for seat, chips, _ in pot.high_shares + pot.low_shares if chips
    ]


def divide(amount: int, parts: int) -> list[int]:
    """``amount`` in ``parts`` as equal as chips allow, the odd chips to the first parts."""
    base, extra = divmod(amount, parts)
    return [base + (1 if i < extra else 0) for i in range(parts)]


def settle_on_boards(
    pot: Pot,
    rake: int,
    claimants: Sequence[int],
    hole: Sequence[Sequence[Card]],
    evaluators: Sequence[BoardEvaluator] | None,
    runs: int,
    hi_lo: bool,
    button: int,
    players: int,
    index: int = 0,
) -> list[PotResult]:
    """Settle one pot when there may be several boards (``evaluators``, run by run): a contested pot is divided
    evenly between the runs, each run's share evenly between its boards (odd chips to the first run and the
    first board), and each board's share is split high/low on its own."""
    if evaluators is None or len(claimants) == 1 or len(evaluators) == 1:
        evaluator = evaluators[0] if evaluators else None
        return [settle_pot(pot, rake, claimants, hole, evaluator, hi_lo, button, players, index)]
    per_run = len(evaluators) // runs
    amounts = [part for share in divide(pot.amount - rake, runs) for part in divide(share, per_run)]
    return [
        settle_pot(
            pot,
            rake if board == 0 else 0,
            claimants,
            hole,
            evaluators[board],
            hi_lo,
            button,
            players,
            index,
            board,
            amount,
        )
        for board, amount in enumerate(amounts)
    ]


def settle_pot(
    pot: Pot,
    rake: int,
    claimants: Sequence[int],
    hole: Sequence[Sequence[Card]],
    evaluator: BoardEvaluator | None,
    hi_lo: bool,
    button: int,
    players: int,
    index: int = 0,
    board: int = 0,
    amount: int | None = None,
) -> PotResult:
    """Settle one pot (or one board's ``amount`` of it) among its claimants; ``evaluator`` is None when the
    hand ended without a showdown."""
    if amount is None:
        amount = pot.amount - rake
    if len(claimants) == 1 or evaluator is None:
        # Uncontested: the whole pot, and the winning hand named only when it went to a showdown.
        seat = claimants[0]
        high = evaluator.best_high(hole[seat]) if evaluator is not None else None
        whole = (Payout(seat, amount, _UNCONTESTED),)
        return unchecked(PotResult, amount, rake, pot.eligible, (seat,), high, (), None, whole, index, board)
    high_of = evaluator.high_value
    highs = [high_of(hole[seat]) for seat in claimants]
    best_high = max(highs)
    high_winners = tuple([seat for seat, value in zip(claimants, highs, strict=True) if value == best_high])
    low_winners: tuple[int, ...] = ()
    best_low = 0
    if hi_lo:
        low_of = evaluator.low_value
        lows = [low_of(hole[seat]) for seat in claimants]
        best_low = max(lows)
        if best_low:
            low_winners = tuple([seat for seat, value in zip(claimants, lows, strict=True) if value == best_low])
    if len(high_winners) == 1 and len(low_winners) <= 1:
        # The usual case, one winner of each half: no sharing to work out.
        high_seat = high_winners[0]
        if not low_winners:
            shares: tuple[Payout, ...] = (Payout(high_seat, amount, _WHOLE),)
        else:
            low_seat = low_winners[0]
            high_half, low_half = half_amounts(amount, True)
            shares = (Payout(high_seat, high_half, _HIGH), Payout(low_seat, low_half, _LOW))
            if (low_seat - button - 1) % players < (high_seat - button - 1) % players:
                shares = shares[::-1]
    else:
        shares = _shared(amount, high_winners, low_winners, button, players)
    return unchecked(  # a pot result worked out here from checked input: its checks would cost every hand
        PotResult,
        amount,
        rake,
        pot.eligible,
        high_winners,
        evaluator.high_hand(hole[high_winners[0]], best_high),
        low_winners,
        evaluator.low_hand(hole[low_winners[0]], best_low) if low_winners else None,
        shares,
        index,
        board,
    )


_HIGH, _LOW, _WHOLE, _UNCONTESTED = Portion.HIGH, Portion.LOW, Portion.WHOLE, Portion.UNCONTESTED


def settled_hand(
    pots: tuple[PotResult, ...],
    rake: int,
    net: tuple[int, ...],
    showdown: bool,
    boards: tuple[tuple[Card, ...], ...],
    runs: int,
) -> HandResult:
    """A hand result the hand state worked out: it skips the checks outside input gets (they would cost every
    hand)."""
    return unchecked(HandResult, pots, rake, net, showdown, boards, runs)


def _shared(
    amount: int, high_winners: tuple[int, ...], low_winners: tuple[int, ...], button: int, players: int
) -> tuple[Payout, ...]:
    """The shares when a half is tied: each half shared, in seat order from the button's left (the sort is
    stable, so a seat's high share stays before its low share)."""
    high, low = halves(amount, high_winners, low_winners, button, players)
    shares = [Payout(seat, chips, _HIGH if low else _WHOLE) for seat, chips in high]
    shares += [Payout(seat, chips, _LOW) for seat, chips in low]
    return tuple(sorted(shares, key=lambda paid: (paid.seat - button - 1) % players))


def shares_from_payouts(
    amount: int,
    high_winners: Sequence[int],
    low_winners: Sequence[int],
    payouts: Sequence[tuple[int, int]],
    uncontested: bool,
) -> tuple[Payout, ...] | None:
    """The shares behind merged ``payouts``, for a result saved before results kept their halves. The engine
    listed payouts in seat order from the button's left, the order odd chips go in, so each half is shared
    again in that order. ``uncontested``: the pot had one claimant (a whole pot is otherwise taken as won at a
    showdown). None when the payouts are not such a split of ``amount``."""
    order = [seat for seat, _ in payouts]
    if len(set(order)) != len(order) or not set(high_winners) | set(low_winners) <= set(order) or not high_winners:
        return None
    position = {seat: i for i, seat in enumerate(order)}
    high_half, low_half = half_amounts(amount, bool(low_winners))
    high = share_in_order(high_half, sorted(high_winners, key=position.__getitem__))
    low = share_in_order(low_half, sorted(low_winners, key=position.__getitem__)) if low_winners else []
    whole = _UNCONTESTED if uncontested else _WHOLE
    shares = [Payout(seat, chips, _HIGH if low_winners else whole) for seat, chips in high]
    shares += [Payout(seat, chips, _LOW) for seat, chips in low]
    rebuilt = tuple(sorted(shares, key=lambda paid: position[paid.seat]))
    return rebuilt if merged(rebuilt) == tuple(payouts) else None


def merged(shares: Sequence[Payout]) -> tuple[tuple[int, int], ...]:
    """(seat, chips) per seat, the chips of a seat's consecutive shares added up (`PotResult.payouts`)."""
    out: list[tuple[int, int]] = []
    for seat, chips, _ in shares:
        if out and out[-1][0] == seat:
            out[-1] = (seat, out[-1][1] + chips)
        else:
            out.append((seat, chips))
    return tuple(out)


def split_rake(pots: Sequence[Pot], total: int) -> list[int]:
    """The rake taken from each pot: from the main pot first, then the side pots in order."""
    taken = []
    for pot in pots:
        part = min(pot.amount, total)
        taken.append(part)
        total -= part
    return taken


def could_win(
    seat: int,
    pots: Sequence[Pot],
    shown: Sequence[int],
    hole: Sequence[Sequence[Card]],
    evaluator: BoardEvaluator,
    hi_lo: bool,
) -> bool:
    """Whether a hand would win or tie some part of a pot it is eligible for against the hands shown so far
    (the test a server uses to show winners and muck losers automatically)."""
    high = evaluator.high_value(hole[seat])
    low = evaluator.low_value(hole[seat]) if hi_lo else 0
    for pot in pots:
        if seat not in pot.eligible:
            continue
        rivals = [s for s in shown if s in pot.eligible]
        if not rivals:
            return True
        if high >= max(evaluator.high_value(hole[s]) for s in rivals):
            return True
        if low and low >= max(evaluator.low_value(hole[s]) for s in rivals):
            return True
    return False
