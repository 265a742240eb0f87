"""The environments' text picture of a hand, for ``render_mode="ansi"`` (returned) and ``"human"`` (printed).

It is drawn for a person watching the training, not for a player: it shows every seat's cards.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.cards import format_cards
from engine.match import game_name
from engine.state import HandState


def describe(state: HandState, names: Sequence[str]) -> str:
    rules = state.rules
    street = "over" if state.is_over else state.street.name.lower()
    board = format_cards(state.board) or "-"
    lines = [f"{game_name(rules)} {'/'.join(map(str, rules.blinds))}, {street}: board {board}, pot {state.pot_total}"]
    width = max(len(name) for name in names)
    for seat, name in enumerate(names):
        marks = ("D" if seat == state.button else " ") + (">" if seat == state.actor else " ")
        status = "folded" if state.folded[seat] else "all in" if state.stacks[seat] == 0 else ""
        line = (
            f"{marks} {name:<{width}}  stack {state.stacks[seat]:>6}  bet {state.bets[seat]:>5}  "
            f"{format_cards(state.hole[seat])}  {status}"
        ).rstrip()
        lines.append(line)
    if state.result is not None:
        lines.append("net: " + ", ".join(f"{name} {net:+d}" for name, net in zip(names, state.result.net, strict=True)))
    return "\n".join(lines)
