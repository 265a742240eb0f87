"""The all-in-adjusted net: luck taken out of hands whose money all went in before the river.

When the betting ends before the river (players all in) and the hand goes to the showdown, each pot is
credited by equity instead of by the cards that came: a claimant's share is the pot (after rake) times its hi-lo
equity against the pot's other claimants, on the board as it stood when the last chip went in (exact over
every board that could come, from `engine.equity`). Other hands count their actual net. Needs numpy (the
equity extra); `available()` says whether it is there.
"""

from __future__ import annotations

import importlib
from typing import Any

from engine.actions import Bet, Call, Check, Fold, Raise
from engine.cards import Card, format_cards
from engine.history.replay import replay_states
from engine.state import HandState, Street

_BETTING = (Fold, Check, Call, Bet, Raise)


def _equity_module() -> Any:
    try:
        return importlib.import_module("engine.equity")
    except ImportError:  # numpy is missing: the equity extra is not installed
        return None


def available() -> bool:
    """Whether the all-in-adjusted net can be worked out here (engine.equity and numpy import)."""
    return _equity_module() is not None


def allin_board(hand: HandState) -> tuple[Card, ...] | None:
    """The board when the last chip went in, for a hand that went to the showdown with its
    betting over before the river; None for any other hand (and for hands of several boards or runs)."""
    result = hand.result
    if result is None or not result.showdown or len(hand.boards) > 1:
        return None
    board: tuple[Card, ...] = ()
    for before in replay_states(hand):
        if before.street >= Street.SHOWDOWN:  # the betting is over
            break
        if before.actor is not None and before.agreement is None:  # a betting action is taken from here
            board = before.board
    return board if len(board) < 5 else None


def adjusted_net(hand: HandState) -> tuple[float, ...]:
    """Each seat's all-in-adjusted net for the hand: its net with the pots it took replaced by their expected
    share when the money went in before the river (see the module); its actual net otherwise. Raises
    ImportError without numpy."""
    equity = _equity_module()
    if equity is None:
        raise ImportError("the all-in-adjusted net needs numpy (pip install 'omaha-hilo-engine[equity]')")
    result = hand.result
    assert result is not None, "a finished hand"
    net = [float(chips) for chips in result.net]
    board = allin_board(hand)
    if board is None:
        return tuple(net)
    mucked = hand.mucked
    board_text = format_cards(board)
    for pot in result.pots:
        claimants = [seat for seat in pot.eligible if not mucked[seat]]
        for seat in claimants:
            net[seat] -= pot.paid(seat)
        if len(claimants) == 1:
            net[claimants[0]] += pot.amount
            continue
        odds = equity.equity([format_cards(hand.hole[seat]) for seat in claimants], board_text,
                             hi_lo=hand.rules.hi_lo, seed=0)
        for seat, player in zip(claimants, odds.players, strict=True):
            net[seat] += pot.amount * player.equity
    return tuple(net)
