"""The match commands end to end: `simulate` (text, JSON, hand histories that replay, faults, progress) and
`play` driven by scripted input."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path
from typing import ClassVar

import pytest

from engine.cli import build_game, main

REPO = Path(__file__).resolve().parent.parent


def simulate(*argv: str, stdin: str = "") -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(["simulate", *argv], stdin=io.StringIO(stdin), stdout=out, stderr=err)
    return code, out.getvalue(), err.getvalue()


def play(*argv: str, stdin: str) -> tuple[int, str]:
    out = io.StringIO()
    code = main(["play", *argv], stdin=io.StringIO(stdin), stdout=out, stderr=io.StringIO())
    return code, out.getvalue()


MATCH = ("--hands", "60", "--players", "6", "--game", "mixed", "--seed", "1", "--bots", "hilo,random,caller")


def test_simulate_prints_hands_and_a_summary_table() -> None:
    code, out, err = simulate(*MATCH, "--show", "5")
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == (
        "60 hands of mixed Omaha hi-lo (limit 2/4 and pot-limit, one orbit each), blinds 1/2; 6 players; seed 1"
    )
    hand_lines = [line for line in lines if line.startswith("#")]
    assert len(hand_lines) == 5 and hand_lines[0].startswith("#1     limit")
    assert all(" pot " in line and ("high " in line or "uncontested" in line) for line in hand_lines)
    assert "... 55 more hands not shown" in out
    header = next(line for line in lines if line.startswith("bot "))
    assert header.split() == [
        "bot",
        "hands",
        "net",
        "bb/100",
        "±se",
        "95%",
        "won",
        "high",
        "low",
        "scoop",
        "quarter",
        "showdown",
        "rebuys",
        "faults",
    ]
    rows = [
        line.split()
        for line in lines
        if line.split() and line.split()[0] in ("hilo1", "random1", "caller1", "hilo2", "random2", "caller2")
    ]
    assert len(rows) == 6 and all(row[1] == "60" for row in rows)
    assert sum(int(row[2]) for row in rows) == 0
    assert "Chips conserved in all 60 hands." in out
    assert "60 hands in" in err and "hands/s" in err


def test_simulate_is_deterministic_with_a_seed() -> None:
    assert simulate(*MATCH)[1] == simulate(*MATCH)[1]
    assert simulate(*MATCH, "--json")[1] == simulate(*MATCH, "--json")[1]
    other = simulate(*MATCH[:-4], "--seed", "2", "--bots", "hilo,random,caller")[1]
    assert other != simulate(*MATCH)[1]


def test_simulate_json_is_one_document_for_machines() -> None:
    code, out, _ = simulate(*MATCH, "--json", "--show", "3")
    assert code == 0
    document = json.loads(out)
    assert document["hands"] == 60 and document["seed"] == 1 and document["players"] == 6
    assert document["bot_kinds"] == ["hilo", "random", "caller"] * 2
    assert [bot["name"] for bot in document["bots"]] == ["hilo1", "random1", "caller1", "hilo2", "random2", "caller2"]
    assert sum(bot["net"] for bot in document["bots"]) == 0
    assert set(document["bots"][0]) >= {
        "hands",
        "net",
        "bb_per_100",
        "bb_per_100_error",
        "bb_per_100_interval",
        "won",
        "high",
        "low",
        "scooped",
        "quartered",
        "rebuys",
        "faults",
    }
    assert document["incidents"] == []
    assert [hand["number"] for hand in document["hand_log"]] == [1, 2, 3]
    pot = document["hand_log"][0]["pots"][0]
    assert pot["high"]["amount"] + (pot["low"]["amount"] if pot["low"] else 0) == pot["amount"]


def test_simulate_out_phhs_replays_all_ok(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "match.phhs"
    code, out, _ = simulate(*MATCH, "--out", str(path), "--show", "0")
    assert code == 0 and f"Hands written to {path}." in out
    assert path.read_text(encoding="utf-8").startswith('[1]\nvariant = "FO/8"')
    assert main(["replay", str(path)]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == "60 hands: 60 ok, 0 mismatch, 0 error"


@pytest.mark.parametrize(("suffix", "format"), [(".phhs", "PHH"), (".ohh", "OHH"), (".txt", "PokerStars text")])
def test_simulate_out_in_a_format_that_cannot_name_the_structure_is_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, suffix: str, format: str
) -> None:
    """Issue 27: a game added for a structure of its own, written to PHH or OHH, which have no word for it, ends
    with one line naming the structure and exit 2 (it was a traceback); PokerStars text, whose readers know three
    limit words, refuses it the same way (it wrote a game line no reader reads back)."""
    import attrs

    from engine import command_options
    from engine.betting import NoLimit

    @attrs.frozen(slots=True)
    class Spread(NoLimit):
        name: ClassVar[str] = "test-spread"
        title: ClassVar[str] = "Test Spread"

    known = command_options.structure
    monkeypatch.setattr(command_options, "GAMES", (*command_options.GAMES, Spread.name))
    monkeypatch.setattr(
        command_options, "structure", lambda game, big: Spread() if game == Spread.name else known(game, big)
    )
    path = tmp_path / f"m{suffix}"
    code, _, err = simulate("--game", Spread.name, "--hands", "3", "--seed", "1", "--out", str(path))
    assert code == 2, err
    assert err.count("\n") == 1 and "Traceback" not in err
    assert err.startswith(f"error: {format} cannot write a hand of the 'test-spread' betting structure")
    assert not path.exists() or "test-spread" not in path.read_text(encoding="utf-8")


def test_simulate_out_pokerstars_text_replays_all_ok(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "match.txt"
    assert (
        simulate(
            "--hands", "30", "--game", "no-limit", "--seed", "4", "--bots", "random,hilo,caller", "--out", str(path)
        )[0]
        == 0
    )
    assert path.read_text(encoding="utf-8").startswith("PokerStars Hand #1:")
    assert main(["replay", str(path)]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == "30 hands: 30 ok, 0 mismatch, 0 error"


def test_simulate_reports_faults_of_a_bot_of_your_own(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "my_bots.py").write_text(
        "class Broken:\n    name = 'broken'\n    def act(self, view):\n        raise KeyError('oops')\n",
        encoding="utf-8",
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    code, out, _ = simulate("--hands", "5", "--seed", "3", "--bots", "my_bots:Broken,caller,caller")
    assert code == 0
    assert "bot faults (each played as check, or fold):" in out
    assert "broken (seat 0): exception: KeyError: 'oops'; played " in out


def test_simulate_progress_line_on_request() -> None:
    code, _, err = simulate("--hands", "30", "--seed", "1", "--progress")
    assert code == 0
    assert "simulating" in err or err.count("\r") == 0  # rich draws its own bar when installed


def test_simulate_refuses_bad_settings_with_a_message() -> None:
    errors = ""
    for argv in (("--bots", "shark"), ("--stakes", "4/2"), ("--players", "11")):
        code, _, err = simulate(*argv)
        assert code == 2 and len(err.splitlines()) == 1
        errors += err
    assert "unknown bot 'shark'" in errors and "stakes '4/2'" in errors and "2..10, got 11" in errors


def test_stakes_and_blinds() -> None:
    limit = build_game("limit", "5/10", None)
    assert limit.blinds == (2, 5)  # type: ignore[union-attr]
    assert build_game("no-limit", None, None).blinds == (1, 2)  # type: ignore[union-attr]
    assert build_game("pot-limit", "2/4", "1/3").blinds == (1, 3)  # type: ignore[union-attr]


def test_simulate_runs_as_a_program() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "engine", "simulate", "--hands", "20", "--players", "4", "--seed", "5", "--show", "2"],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("20 hands of limit 2/4 Omaha hi-lo, blinds 1/2; 4 players; seed 5")


# --- play ------------------------------------------------------------------------------------------------------


def test_play_a_session_from_scripted_input() -> None:
    # Seat 0 against a calling station: call or check everything, one bad line and one bad amount on the way.
    script = "c\nzz\nb 999\n" + "x\n" * 40
    code, out = play("--players", "2", "--bots", "caller", "--seed", "3", "--hands", "2", stdin=script)
    assert code == 0
    assert "=== Hand 1: Limit Omaha Hi-Lo 2/4 (blinds 1/2) ===" in out
    assert "Your cards: " in out and "Your move (" in out
    assert "cannot read 'zz' as an action; allowed:" in out
    assert "not 999 (the amount is the total you put in this round)" in out
    assert "=== Hand 2:" in out
    assert "Pot " in out and ": high " in out
    assert "\n2 hands played.\n" in out
    assert out.rstrip().splitlines()[-1].split()[:3] == ["caller", "2", out.rstrip().splitlines()[-1].split()[2]]


def test_play_shows_the_showdown_with_five_cards() -> None:
    code, out = play("--players", "3", "--bots", "caller", "--seed", "1", "--hands", "3", stdin="c\n" + "x\n" * 60)
    assert code == 0
    showdowns = [line for line in out.splitlines() if line.startswith(("Pot ", "Main pot "))]
    assert showdowns
    assert any(" shows " in line for line in out.splitlines())


def test_play_asks_how_many_runs_and_names_each_board() -> None:
    code, out = play(
        "--players",
        "2",
        "--bots",
        "caller",
        "--game",
        "no-limit",
        "--runs",
        "2",
        "--boards",
        "2",
        "--seed",
        "4",
        "--hands",
        "1",
        stdin="max\nrun 2\n",
    )
    assert code == 0
    assert "Your move (run N to run the board N times, 1..2): You choose to run it twice" in out
    assert "caller chooses to run it twice" in out
    for where in ("run 1, board 1", "run 1, board 2", "run 2, board 1", "run 2, board 2"):
        assert f"*** FLOP ({where}) ***" in out and f"Pot ({where}) 100: high " in out
    assert " from the pot on run 2, board 2" in out


def test_simulate_with_runs_and_double_boards_conserves_chips() -> None:
    code, out, _ = simulate(
        "--hands",
        "150",
        "--players",
        "3",
        "--game",
        "no-limit",
        "--runs",
        "3",
        "--boards",
        "2",
        "--stack",
        "40",
        "--seed",
        "4",
        "--bots",
        "random,caller,hilo",
        "--show",
        "150",
    )
    assert code == 0 and "Chips conserved in all 150 hands." in out
    assert "(run 2, board 1)" in out and "main (board 2)" in out


def test_play_quits_on_q_or_end_of_input() -> None:
    code, out = play("--seed", "2", stdin="q\n")
    assert code == 0 and "0 hands played (you quit)" in out
    code, out = play("--seed", "2", stdin="")
    assert code == 0 and "(you quit)" in out


def test_play_help_and_seat_choice() -> None:
    code, out = play("--players", "3", "--seat", "2", "--seed", "2", "--name", "ann", stdin="?\nf\nq\n")
    assert code == 0
    assert "You sit in seat 2" in out and "q to quit" in out
    assert any(line.startswith("ann ") for line in out.splitlines())  # the summary names the person
    assert play("--players", "3", "--seat", "5", stdin="q\n")[0] == 2


def test_simulate_writes_ohh_and_replay_reads_every_hand_back(tmp_path: Path) -> None:
    out = tmp_path / "match.ohh"
    code, text, _ = simulate("--hands", "25", "--seed", "6", "--out", str(out), "--json")
    assert code == 0
    nets = {bot["name"]: bot["net"] for bot in json.loads(text)["bots"]}
    from engine.history import replay
    from engine.history.ohh import read_ohh_file

    records = read_ohh_file(out)
    assert len(records) == 25 and all(replay(record).ok for record in records)
    totals: dict[str, int] = {}
    for record in records:
        for name, start, end in zip(
            record.players, record.starting_stacks, record.finishing_stacks or (), strict=False
        ):
            totals[name] = totals.get(name, 0) + end - start
    assert totals == nets


def test_simulate_refuses_an_absurd_number_of_hands_in_one_line_before_any_output() -> None:
    from engine.shards import MAX_HANDS

    for hands in (str(MAX_HANDS + 1), "99999999999999999999999"):
        code, out, err = simulate("--hands", hands, "--show", "0")
        assert code == 2 and out == "" and len(err.splitlines()) == 1 and str(MAX_HANDS) in err, (hands, err)


def test_simulate_on_an_unreachable_ray_cluster_fails_in_one_line_before_any_output() -> None:
    for address in ("nowhere.invalid:1", "127.0.0.1:1", "ray://127.0.0.1:1", "no-port"):
        code, out, err = simulate("--hands", "5", "--backend", "ray", "--address", address)
        assert code == 2 and out == "" and len(err.splitlines()) == 1, (address, err)
        assert "Ray" in err and "needs Ray" not in err, (address, err)


def test_simulate_duplicate_shows_each_deal_in_every_rotation_marked_with_deal_and_rotation() -> None:
    code, out, _ = simulate("--hands", "6", "--duplicate", "--show", "2", "--seed", "1")
    assert code == 0 and "shown only" not in out
    marks = [line.split()[0] for line in out.splitlines() if line.startswith("#")]
    assert sorted(marks) == ["#1-1", "#1-2", "#1-3", "#2-1", "#2-2", "#2-3"], marks
    assert "... 12 more hands not shown" in out and "#17-2 is deal 17, rotation 2" in out
    code, out, _ = simulate("--hands", "6", "--duplicate", "--show", "1", "--seed", "1", "--json")
    log = json.loads(out)["hand_log"]
    assert [(hand["number"], hand["rotation"]) for hand in log] == [(1, 1), (1, 2), (1, 3)]


def test_simulate_away_from_this_process_says_truly_why_no_hands_are_shown() -> None:
    code, out, _ = simulate("--hands", "6", "--workers", "2", "--show", "2", "--seed", "1")
    assert code == 0 and not any(line.startswith("#") for line in out.splitlines())
    assert "hands are shown only when played in this process (--workers 1 and --backend local)" in out
