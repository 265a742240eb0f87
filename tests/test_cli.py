"""The command line end to end: evaluate, replay (text and JSON), convert."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import pytest

from engine.cli import main

DATA = Path(__file__).resolve().parent / "data"
ALL_HANDS = sorted(DATA.glob("phh/**/*.phh")) + sorted(DATA.glob("pokerstars/**/*.txt"))


def test_evaluate_names_both_hands(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["evaluate", "As 2h Kc Qd", "3d 4s 5c Kh Jc"]) == 0
    out = capsys.readouterr().out
    assert "Straight, Five high: 5c 4s 3d 2h As" in out
    assert "5-4-3-2-A" in out


def test_evaluate_bad_card_text_is_an_error_not_a_crash(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["evaluate", "As 2h Kc Qd", "3d 4s 5c Kh Zc"]) == 2
    assert "unknown rank 'Z'" in capsys.readouterr().err


def test_replay_every_real_hand_is_ok(capsys: pytest.CaptureFixture[str]) -> None:
    assert len(ALL_HANDS) >= 20
    assert main(["replay", *map(str, ALL_HANDS)]) == 0
    out = capsys.readouterr().out
    assert out.strip().splitlines()[-1].endswith("0 mismatch, 0 error")


def test_replay_json_reports_each_hand_in_record_units(capsys: pytest.CaptureFixture[str]) -> None:
    path = DATA / "pokerstars/PokerHandHistoryParser/HandActionTests/NeedsRaiseAdjusting.txt"
    assert main(["replay", "--json", str(path)]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["summary"] == {"ok": 1, "unchecked": 0, "mismatch": 0, "error": 0}
    hand = report["hands"][0]
    assert hand["id"] == "109713978619" and hand["status"] == "ok"
    assert hand["players"][1] == "Crazy Elior"
    assert hand["finishing_stacks"][1] == 2637.5  # all-in for 1282.50, then won 2637.50 of the main pot


def test_replay_exits_non_zero_on_a_mismatch_and_an_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    good = (DATA / "phh/wsop-2023-43-5/79.phh").read_text(encoding="utf-8")
    wrong = tmp_path / "wrong.phh"
    wrong.write_text(good.replace("finishing_stacks = [25150000,", "finishing_stacks = [25150001,"), encoding="utf-8")
    broken = tmp_path / "broken.phh"
    broken.write_text(
        good.replace("'p1 cc', 'p2 cc', 'd db 4s3hQh'", "'p2 cc', 'p1 cc', 'd db 4s3hQh'"), encoding="utf-8"
    )
    assert main(["replay", "--json", str(wrong), str(broken)]) == 1
    hands = json.loads(capsys.readouterr().out)["hands"]
    assert [hand["status"] for hand in hands] == ["mismatch", "error"]
    assert "Brian Rast" in hands[0]["detail"]
    assert "out of turn" in hands[1]["detail"]


def test_convert_phh_to_pokerstars_and_back_replays_ok(tmp_path: Path) -> None:
    stars = tmp_path / "hands.txt"
    assert (
        main(["convert", *map(str, sorted(DATA.glob("phh/**/*.phh"))), "--to", "pokerstars", "--out", str(stars)]) == 0
    )
    back = tmp_path / "hands.phhs"
    assert main(["convert", str(stars), "--to", "phh", "--out", str(back)]) == 0
    assert main(["replay", str(stars), str(back)]) == 0


def test_the_command_line_the_server_and_the_environments_name_the_same_games_with_the_same_structures() -> None:
    """One list of games and one rule for the structure each plays (engine.games), asked by all three."""
    from engine import games
    from engine.command_options import build_game
    from engine.envs.config import env_rules
    from engine.server.config import TableConfig

    for game in games.GAMES:  # every game is a command's --game and a table's game
        assert build_game(game, None, None) is not None and TableConfig("t", game=game).schedule() is not None
    for game in games.SINGLE:
        assert (
            env_rules(game, 2, (1, 2)).betting
            == TableConfig("t", game=game, blinds=(1, 2)).rules().betting
            == games.structure(game, 2)
        ), game


@pytest.mark.parametrize("command", ["replay", "convert", "stats", "simulate", "tournament", "equity"])
def test_every_command_with_a_progress_bar_takes_progress_and_no_progress(command: str) -> None:
    """The option has one home (`engine.progress.add_progress_option`); each command words what it draws."""
    from engine.cli import build_parser

    parser = build_parser()
    commands = next(action for action in parser._actions if isinstance(action, argparse._SubParsersAction))
    option = next(action for action in commands.choices[command]._actions if "--progress" in action.option_strings)
    assert option.option_strings == ["--progress", "--no-progress"] and option.default is None
    assert "on standard error (default: " in option.help
