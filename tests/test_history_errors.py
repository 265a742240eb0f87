"""Replay errors a user meets (issue 11): a long bad field is quoted shortened, never echoed whole; a file
without a hand is one clear error whatever its format; a record that states no outcome replays as
"unchecked", not "ok", in Python, on the command line and in its JSON."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.cli import main
from engine.history import HandRecord, replay
from engine.history.phh import read_phh
from engine.history.pokerstars import read_pokerstars

HUGE = "x" * 5_000_000

GOOD = """\
variant = "FO/8"
antes = [0, 0]
blinds_or_straddles = [1, 2]
small_bet = 2
big_bet = 4
starting_stacks = [50, 50]
actions = ["d dh p1 AsKs2d3d", "d dh p2 7c7d8h9h", "p2 f"]
"""


@pytest.mark.parametrize(
    "field, value",
    [
        ("variant", f'"{HUGE}"'),
        ("starting_stacks", f'"{HUGE}"'),
        ("antes", f'["{HUGE}", 0]'),
        ("actions", f'["{HUGE}"]'),
        ("actions", f'["d dh p1 {HUGE}"]'),
        ("actions", f'["p1 cbr {HUGE}"]'),
        ("players", f'[1, "{HUGE}"]'),
        ("seats", f'["{HUGE}", 2]'),
        ("_max_raises", f'"{HUGE}"'),
        ("finishing_stacks", f'"{HUGE}"'),
    ],
    ids=lambda value: value if len(value) < 40 else "huge",
)
def test_a_huge_bad_phh_field_is_quoted_shortened(field: str, value: str) -> None:
    lines = [line for line in GOOD.splitlines() if not line.startswith(f"{field} =")]
    [error] = read_phh("\n".join([*lines, f"{field} = {value}"]) + "\n", "big.phh")
    assert not isinstance(error, HandRecord)
    message = str(error)
    assert len(message) < 600, message[:600]
    assert "big.phh" in message and "chars)" in message


def test_a_huge_table_name_in_a_phhs_file_is_shortened() -> None:
    [error] = read_phh(f'["{HUGE}"]\nvariant = "XX"\n', "big.phhs")
    assert len(str(error)) < 600 and "chars)" in str(error)


def test_a_huge_pokerstars_line_is_quoted_shortened() -> None:
    text = (Path(__file__).parent / "data" / "pokerstars" / "project" / "old-2005-limit-header.txt").read_text()
    for old, new in (
        ("okapi77: bets $10", f"okapi77: bets ${'9' * 100_000}"),
        ("okapi77: bets $10", f"okapi77: {HUGE}"),
        ("Seat 1: rivermouse", f"Seat 1: {HUGE}"),
    ):
        [error] = read_pokerstars(text.replace(old, new, 1), "big.txt")
        assert not isinstance(error, HandRecord)
        assert len(str(error)) < 600, str(error)[:600]
        assert "chars)" in str(error) or new.startswith("Seat"), str(error)


def test_an_empty_file_is_one_error_in_either_format(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    for name in ("empty.txt", "empty.phh", "blank.txt"):
        (tmp_path / name).write_text("" if name.startswith("empty") else "\n  \n\n", encoding="utf-8")
        assert main(["replay", str(tmp_path / name)]) == 1
        lines = capsys.readouterr().out.splitlines()
        said = "an empty file" if name.startswith("empty") else "a file of blank lines"
        assert len(lines) == 2 and f"{name}: {said}: no hand in it" in lines[0], lines  # said to be empty
        assert lines[1] == "1 hand: 0 ok, 0 mismatch, 1 error"


# --- "unchecked" ------------------------------------------------------------------------------------------------


def test_a_record_without_an_outcome_is_unchecked_not_ok() -> None:
    [record] = read_phh(GOOD, "bare.phh")
    assert isinstance(record, HandRecord)
    report = replay(record)
    assert report.status == "unchecked" and not report.ok and not report.failed
    assert "no outcome" in report.detail and report.state is not None and report.state.is_over
    [checked] = read_phh(GOOD + "finishing_stacks = [51, 49]\n", "checked.phh")
    assert isinstance(checked, HandRecord) and replay(checked).status == "ok"
    [winnings] = read_phh(GOOD + "winnings = [2, 0]\n", "won.phh")
    assert isinstance(winnings, HandRecord) and replay(winnings).status == "ok"


def test_the_command_line_says_unchecked(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "bare.phh"
    path.write_text(GOOD, encoding="utf-8")
    assert main(["replay", str(path)]) == 0  # nothing is wrong with the hand: it is only not checked
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith(f"{path}  bare  unchecked: the record states no outcome")
    assert lines[-1] == "1 hand: 0 ok, 1 unchecked, 0 mismatch, 0 error"
    assert main(["replay", "--json", str(path)]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["hands"][0]["status"] == "unchecked"
    assert report["summary"] == {"ok": 0, "unchecked": 1, "mismatch": 0, "error": 0} and report["notes"] == []


def test_the_json_output_carries_the_notes(capsys: pytest.CaptureFixture[str]) -> None:
    path = Path(__file__).parent / "data" / "pokerstars" / "project" / "forum-post.txt"
    assert main(["replay", "--json", str(path)]) == 0
    report = json.loads(capsys.readouterr().out)
    assert [hand["status"] for hand in report["hands"]] == ["ok", "ok"]
    assert len(report["notes"]) == 1 and "passed over 12 lines" in report["notes"][0]


STARS = Path(__file__).parent / "data" / "pokerstars" / "PokerHandHistoryParser" / "HandActionTests"


def test_an_action_the_engine_refuses_is_said_in_the_history_s_names_and_units() -> None:
    """A refused action names the player and says the amounts as the file does (dollars here, not the engine's
    cents; the player, not the seat counted from 0), and what was allowed in words (newcomer trial)."""
    text = (STARS / "NeedsRaiseAdjusting.txt").read_text()
    street = (
        "joiso: bets $300\nLewisFriend: calls $300\nBluf_To_Much: calls $300\nCrazy Elior: raises $82.50 to $382.50"
    )
    assert street in text  # the bet over the limit, and the lines after it as the reader checks them (issue 27)
    over_the_limit = text.replace(street, street.replace("$300", "$350").replace("$82.50", "$32.50"), 1)
    over_the_limit = over_the_limit.replace("calls $82.50", "calls $32.50")
    [hand] = read_pokerstars(over_the_limit, "fl.txt")
    report = replay(hand)  # type: ignore[arg-type]
    assert report.status == "error"
    assert report.detail.endswith("(joiso bet to 350): joiso cannot bet to 350; allowed: check, bet to 300")
    lines = text.split("\n")
    fold = next(i for i, line in enumerate(lines) if line.startswith("Ilari FIN: folds"))
    call = next(i for i, line in enumerate(lines) if line.startswith("Bluf_To_Much: calls $600"))
    lines.insert(call, lines.pop(fold))  # Ilari FIN's fold moved after the next two players' actions
    [hand] = read_pokerstars("\n".join(lines), "turn.txt")
    report = replay(hand)  # type: ignore[arg-type]
    assert report.detail.endswith("(LewisFriend call): LewisFriend acted out of turn; Ilari FIN is to act")
