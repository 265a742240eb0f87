"""Match results as text and as JSON-ready data: the one-line hand summaries and the per-bot table that
`python -m engine simulate` prints. Plain functions of the results, so the command line stays a thin shell."""

from __future__ import annotations

from typing import Any

from engine.cards import Card, format_cards
from engine.match import BotStats, HandSummary, Incident, MatchResult
from engine.serialize import _members
from engine.showdown import PotResult


def _who(names: tuple[str, ...], winners: tuple[int, ...], amount: int) -> str:
    if len(winners) == 1:
        return f"{names[winners[0]]} {amount}"
    return f"{', '.join(names[s] for s in winners)} split {amount}"


def _half_amounts(pot: PotResult) -> tuple[int, int]:
    """The chips the pot's high half (the whole pot when there was no low) and its low half paid."""
    return sum(paid.chips for paid in pot.high_shares), sum(paid.chips for paid in pot.low_shares)


def pot_text(pot: PotResult, names: tuple[str, ...], showdown: bool) -> str:
    """One pot in words: "high hilo1 24 (Flush, Ace high), low caller2 24 (7-5-3-2-A)"."""
    if not showdown or len(pot.eligible) < 2:
        return f"{names[pot.high_winners[0]]} {pot.amount} uncontested"
    high, low = _half_amounts(pot)
    text = f"high {_who(names, pot.high_winners, high)}"
    if pot.high_hand is not None:
        text += f" ({pot.high_hand.name})"
    if pot.low_winners:
        text += f", low {_who(names, pot.low_winners, low)}"
        if pot.low_hand is not None:
            text += f" ({pot.low_hand.name})"
    elif pot.high_hand is not None:
        text += ", no low"
    return text


def boards_text(boards: tuple[tuple[Card, ...], ...]) -> str:
    """The board, or every board separated by " | " (a double board, or a board run more than once)."""
    return " | ".join(format_cards(board) for board in boards if board) or "-"


def board_name(board: int, per_run: int, boards: int) -> str:
    """Board number ``board`` (0-based) of ``boards`` in words: "run 2", "board 1", "run 2, board 1", or ""
    when the hand has one board. ``per_run`` is the rules' boards (2 on a double board)."""
    if boards <= 1:
        return ""
    run, index = divmod(board, per_run)
    if per_run == 1:
        return f"run {run + 1}"
    return f"board {index + 1}" if boards == per_run else f"run {run + 1}, board {index + 1}"


def _part_name(pot: PotResult, per_run: int, boards: int) -> str:
    name = "main" if pot.pot == 0 else f"side {pot.pot}"
    where = board_name(pot.board, per_run, boards)
    return f"{name} ({where})" if where else name


def hand_line(hand: HandSummary) -> str:
    """A finished hand on one line: number (deal-rotation such as 17-2 in a duplicate match), game, board, pot,
    and who won high and low with what."""
    result = hand.result
    board = boards_text(hand.state.boards)
    total = sum(pot.amount for pot in result.pots)
    pots = result.pots
    if len(pots) == 1:
        parts = pot_text(pots[0], hand.names, result.showdown)
    else:
        per_run = hand.state.rules.boards
        parts = "; ".join(
            f"{_part_name(pot, per_run, len(result.boards))}: {pot_text(pot, hand.names, result.showdown)}"
            for pot in pots
        )
    return f"#{hand.hand_id:<5} {hand.game:<9} {board:<14} pot {total:>5}  {parts}"


_COLUMNS = (
    ("bot", "name", "<"),
    ("hands", "hands", ">"),
    ("net", "net", ">"),
    ("bb/100", "bb_per_100", ">"),
    ("±se", "bb_per_100_error", ">"),
    ("95%", "bb_per_100_interval", ">"),
    ("won", "won", ">"),
    ("high", "high", ">"),
    ("low", "low", ">"),
    ("scoop", "scooped", ">"),
    ("quarter", "quartered", ">"),
    ("showdown", "showdowns", ">"),
    ("rebuys", "rebuys", ">"),
    ("faults", "faults", ">"),
)


def _cell(stats: BotStats, field: str) -> str:
    value = getattr(stats, field)
    if field == "net":
        return f"{value:+d}"
    if field == "bb_per_100":
        return f"{value:+.1f}"
    if field == "bb_per_100_error":
        return f"{value:.1f}"
    if field == "bb_per_100_interval":
        return f"{value[0]:+.1f}..{value[1]:+.1f}"
    return str(value)


def summary_table(result: MatchResult) -> str:
    """The per-bot results as an aligned text table, one row per seat."""
    rows = [[title for title, _, _ in _COLUMNS]]
    rows += [[_cell(stats, field) for _, field, _ in _COLUMNS] for stats in result.stats]
    widths = [max(len(row[i]) for row in rows) for i in range(len(_COLUMNS))]
    lines = []
    for row in rows:
        cells = [f"{cell:{align}{width}}" for cell, (_, _, align), width in zip(row, _COLUMNS, widths, strict=True)]
        lines.append("  ".join(cells).rstrip())
    return "\n".join(lines)


def incident_text(incident: Incident) -> str:
    """One bot fault as a line for people: the hand, the bot and seat, what went wrong and what was played."""
    played = f"; played {incident.played}" if incident.played is not None else ""
    return f"hand {incident.hand}, {incident.bot} (seat {incident.seat}): {incident.kind}: {incident.detail}{played}"


def stats_data(stats: BotStats) -> dict[str, Any]:
    """One bot's results as plain JSON data (simulate --json)."""
    return {
        **_members(stats, ("seat", "name", "hands", "net")),
        "net_bb": round(stats.net_bb, 4),
        "bb_per_100": round(stats.bb_per_100, 4),
        "bb_per_100_error": round(stats.bb_per_100_error, 4),
        "bb_per_100_interval": [round(end, 4) for end in stats.bb_per_100_interval],
        **_members(stats, ("won", "high", "low", "scooped", "quartered", "showdowns", "rebuys", "faults")),
    }


def incident_data(incident: Incident) -> dict[str, Any]:
    """One bot fault as plain JSON data (simulate --json)."""
    return {
        **_members(incident, ("hand", "seat", "bot", "kind", "detail")),
        "played": None if incident.played is None else str(incident.played),
    }


def result_data(result: MatchResult) -> dict[str, Any]:
    """The result as plain JSON data (no timings, so the same seed gives the same document)."""
    return {
        **_members(result, ("hands", "seed", "stopped")),
        "bots": [stats_data(stats) for stats in result.stats],
        "incidents": [incident_data(incident) for incident in result.incidents],
    }


def hand_data(hand: HandSummary) -> dict[str, Any]:
    """One hand as JSON data (a duplicate match's with its ``rotation``; ``number`` is then the deal): board,
    and per pot the amount, the winners of each half and their hands."""
    result = hand.result
    pots = []
    for pot in result.pots:
        high, low = _half_amounts(pot)
        pots.append(
            {
                "amount": pot.amount,
                "pot": pot.pot,
                "board": pot.board,
                "eligible": [hand.names[s] for s in pot.eligible],
                "high": {
                    "winners": [hand.names[s] for s in pot.high_winners],
                    "amount": high,
                    "hand": None if pot.high_hand is None else pot.high_hand.name,
                    "cards": None if pot.high_hand is None else format_cards(pot.high_hand.cards),
                },
                "low": None
                if not pot.low_winners
                else {
                    "winners": [hand.names[s] for s in pot.low_winners],
                    "amount": low,
                    "hand": None if pot.low_hand is None else pot.low_hand.name,
                    "cards": None if pot.low_hand is None else format_cards(pot.low_hand.cards),
                },
            }
        )
    return {
        "number": hand.number,
        "game": hand.game,
        "board": format_cards(hand.state.board),
        "boards": [format_cards(board) for board in hand.state.boards],
        "players": list(hand.names),
        "seats": list(hand.seats),
        "showdown": result.showdown,
        "net": {name: net for name, net in zip(hand.names, result.net, strict=True)},
        "pots": pots,
        **({} if hand.rotation is None else {"rotation": hand.rotation}),
    }
