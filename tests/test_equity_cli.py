"""`python -m engine equity`: the same figures as `engine.equity`, as a table or as JSON, and one-line errors."""

from __future__ import annotations

import io
import json
import subprocess
import sys

import pytest

pytest.importorskip("numpy", reason='could not import numpy: pip install -e ".[test-equity]" to run these tests')

from engine.cli import main
from engine.equity import equity


def test_json_gives_every_figure_in_the_order_the_hands_were_given(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["equity", "8h 7h 6s 5s", "As 2h Kc Qd", "--board", "3d 4s Jc", "--json"]) == 0
    document = json.loads(capsys.readouterr().out)
    expected = equity(["8h 7h 6s 5s", "As 2h Kc Qd"], board="3d 4s Jc")
    assert document["exact"] is True and document["boards"] == 820 and document["board"] == "3d 4s Jc"
    assert [p["hand"] for p in document["players"]] == ["8h 7h 6s 5s", "As 2h Kc Qd"]
    for given, player in zip(document["players"], expected.players, strict=True):
        assert {k: given[k] for k in player.figures.as_dict()} == player.figures.as_dict()
        assert given["standard_error"]["equity"] == 0.0
    assert document["no_low"] == expected.no_low


def test_trials_and_seed_give_a_repeatable_monte_carlo(capsys: pytest.CaptureFixture[str]) -> None:
    runs = []
    for _ in range(2):
        assert main(["equity", "As2h**", "random", "--dead", "Kh 9c", "--trials", "4000", "--seed", "3", "--json"]) == 0
        runs.append(json.loads(capsys.readouterr().out))
    assert runs[0]["players"] == runs[1]["players"]
    assert runs[0]["exact"] is False and runs[0]["boards"] == 4000 and runs[0]["seed"] == 3
    assert runs[0]["dead"] == "Kh 9c"
    assert 0 < runs[0]["players"][0]["standard_error"]["equity"] < 0.02


def test_the_table_names_each_hand_and_how_it_was_found(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["equity", "As 2h Kc Qd", "8h 7h 6s 5s", "--board", "3d 4s Jc Th", "--shares", "--high-only"]) == 0
    out = capsys.readouterr().out
    assert "As 2h Kc Qd" in out and "exact, 40 boards" in out and "board 3d 4s Jc Th" in out
    assert "As 2h Kc Qd: 0:" in out  # the shares line


def test_a_progress_line_goes_to_standard_error_when_asked() -> None:
    stderr = io.StringIO()
    assert (
        main(
            ["equity", "As 2h Kc Qd", "random", "--trials", "70000", "--seed", "1", "--progress"],
            stdout=io.StringIO(),
            stderr=stderr,
        )
        == 0
    )
    assert "boards (100%)" in stderr.getvalue()


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (["equity", "As 2h Kc Qd"], "2 to 10 players"),
        (["equity", "As 2h Kc Qd", "As 7h 6s 5s"], "appears twice"),
        (["equity", "As 2h Kc Qd", "8h 7h 6s 5s", "--trials", "0"], "whole number"),
        (["equity", "As 2h Kc Qd", "8h 7h 6s 5s", "--board", "3d"], "0, 3, 4 or 5"),
    ],
)
def test_bad_input_is_one_line_on_standard_error(
    argv: list[str], says: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert says in err and err.count("\n") == 1


def test_the_command_runs_as_a_module() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "engine", "equity", "As 2h Kc Qd", "8h 7h 6s 5s", "--json"],
        capture_output=True,
        text=True,
        check=True,
    )
    document = json.loads(done.stdout)
    assert document["exact"] and document["boards"] == 1_086_008
    assert sum(p["equity"] for p in document["players"]) == pytest.approx(1.0)


def test_the_core_and_the_command_line_import_without_numpy() -> None:
    code = (
        "import sys; sys.modules['numpy'] = None\n"
        "import engine, engine.cli\n"
        "engine.cli.build_parser()\n"
        "from engine.cli import main\n"
        "assert main(['equity', 'As 2h Kc Qd', '8h 7h 6s 5s']) == 2\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert "equity needs numpy" in done.stderr


def test_replay_json_gives_the_all_in_ev_of_hands_all_in_before_the_river(capsys: pytest.CaptureFixture[str]) -> None:
    from pathlib import Path

    data = Path(__file__).resolve().parent / "data" / "pokerstars"
    all_in = data / "project" / "old-2007-no-uncalled-bet-line.txt"
    not_all_in = data / "PokerHandHistoryParser" / "HandActionTests" / "NeedsRaiseAdjusting.txt"
    assert main(["replay", "--json", str(all_in), str(not_all_in)]) == 0
    first, second = json.loads(capsys.readouterr().out)["hands"]
    ev = first["all_in_ev"]
    assert ev["street"] == "preflop" and [pot["claimants"] for pot in ev["pots"]] == [[3, 4, 5], [4, 5]]
    assert sum(ev["adjusted_net"]) == pytest.approx(sum(ev["net"]))
    assert sum(ev["expected"]) == pytest.approx(sum(pot["amount"] for pot in ev["pots"]))
    for pot in ev["pots"]:
        assert sum(pot["equity"]) == pytest.approx(1.0)
    assert second["all_in_ev"] is None


def test_simulate_reports_bb_per_100_both_ways(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["simulate", "--hands", "300", "--game", "no-limit", "--seed", "1", "--show", "0", "--all-in-ev"]
    assert main([*argv, "--json"]) == 0
    document = json.loads(capsys.readouterr().out)
    report = document["all_in_ev"]
    assert report["hands"] > 0
    real = {bot["seat"]: bot for bot in document["bots"]}
    for bot in report["bots"]:
        assert bot["bb_per_100"] == real[bot["seat"]]["bb_per_100"]
    assert any(bot["all_in_bb_per_100"] != bot["bb_per_100"] for bot in report["bots"])
    # No rake: all-in EV moves chips between players and creates none.
    assert sum(bot["all_in_net_bb"] for bot in report["bots"]) == pytest.approx(
        sum(bot["net_bb"] for bot in document["bots"]), abs=1e-3
    )
    assert main(argv) == 0
    assert "bb/100 both ways" in capsys.readouterr().out
