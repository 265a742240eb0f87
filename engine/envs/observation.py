"""The numeric observation of one seat: a float32 vector in [0, 1], the same length at every step; its layout
is docs/rl.md's table, and the index constants below are where each part starts.

Why it is shaped so: chips are divided by the table's chips (the sum of the starting stacks), so every number
lies in [0, 1] whatever the stakes; seats are listed from the observer clockwise (the observer first), so a
policy learnt in one seat plays in any other; and it reads only what the seat may know (its own cards and the
public table, never another seat's cards).
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from engine.games import SINGLE
from engine.state import HandState, Street

HOLE, BOARD, STREET, STRUCTURE = 0, 52, 104, 108
STRUCTURE_SLOTS = {name: slot for slot, name in enumerate(SINGLE)}
"""Where each structure's flag lies after `STRUCTURE`, by the structure's name, in `engine.games.SINGLE`'s order
(limit, pot-limit, no-limit). A structure added there gets the next flag and everything after moves along."""
POT = STRUCTURE + len(STRUCTURE_SLOTS)  # everything after the flags is placed from their number, never by hand
BIG_BLIND, TO_CALL, MIN_TO, MAX_TO = POT + 1, POT + 2, POT + 3, POT + 4
POSITION = MAX_TO + 1
SEAT_FIELDS = ("stack", "bet", "put in", "folded")


def observation_size(players: int) -> int:
    """The length of the observation vector for a table of ``players`` seats."""
    return POSITION + players + len(SEAT_FIELDS) * players


def seats_start(players: int) -> int:
    """Where the per-seat block begins."""
    return POSITION + players


def encode(state: HandState, seat: int) -> NDArray[np.float32]:
    """The observation of ``seat`` in ``state`` (a new array each time: callers may keep or change it)."""
    n = state.players
    scale = 1.0 / sum(state.starting_stacks)
    out = [0.0] * observation_size(n)  # filled as a list, made an array once: far cheaper than item by item
    for card in state.hole[seat]:
        out[HOLE + card] = 1.0
    for card in state.board:
        out[BOARD + card] = 1.0
    street = state.street
    if Street.PREFLOP <= street <= Street.RIVER:
        out[STREET + street - Street.PREFLOP] = 1.0
    rules = state.rules
    out[STRUCTURE + STRUCTURE_SLOTS[rules.betting.name]] = 1.0
    stacks, bets, contributed, folded = state.stacks, state.bets, state.contributed, state.folded
    out[POT] = state.pot_total * scale
    out[BIG_BLIND] = rules.big_blind * scale
    if state.actor is not None:
        owed = state.level - bets[seat]
        out[TO_CALL] = (owed if owed < stacks[seat] else stacks[seat]) * scale
        if state.actor == seat:
            legal = state.legal_actions()
            if legal.wager is not None:
                out[MIN_TO], out[MAX_TO] = legal.min_to * scale, legal.max_to * scale
    out[POSITION + (seat - state.button) % n] = 1.0
    at = seats_start(n)
    for k in range(n):
        other = (seat + k) % n
        out[at] = stacks[other] * scale
        out[at + 1] = bets[other] * scale
        out[at + 2] = contributed[other] * scale
        out[at + 3] = 1.0 if folded[other] else 0.0
        at += 4
    return np.array(out, dtype=np.float32)
