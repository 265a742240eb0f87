"""`python -m engine tournament` end to end: a small field played to the end as a program (every place given
once, prizes adding up to the pool, moves listed, bots assigned in turn), the same seed the same output, a
series the same on one worker, two or Ray, the schedule file, and bad arguments as one-line errors."""

from __future__ import annotations

import io
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from engine.cli import main
from engine.errors import EngineError
from engine.games import GAMES, LIMIT, POT_LIMIT
from engine.tournament.levels import read_levels, standard_levels
from engine.tournament.simulation import Outcome, Placing, Tally, play_series
from engine.tournament.structure import Structure

REPO = Path(__file__).resolve().parent.parent
SMALL = ("--entrants", "18", "--seats", "6", "--game", "limit", "--bots", "hilo,random,caller", "--seed", "3")


def program(*argv: str) -> subprocess.CompletedProcess[str]:
    """``python -m engine tournament ...`` as a separate program, from the repository's root."""
    return subprocess.run(
        [sys.executable, "-m", "engine", "tournament", *argv],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=600,  # a bound for a hung program, far above the seconds these take on a loaded machine
    )


def tournament(*argv: str) -> tuple[int, str, str]:
    """The command in this process (for the many small error cases)."""
    out, err = io.StringIO(), io.StringIO()
    code = main(["tournament", *argv], stdout=out, stderr=err)
    return code, out.getvalue(), err.getvalue()


# --- one tournament, as a program ----------------------------------------------------------------------------


def test_a_small_field_plays_to_the_end_and_its_json_gives_every_place_once() -> None:
    done = program(*SMALL, "--json")
    assert done.returncode == 0, done.stderr
    document = json.loads(done.stdout)
    results = document["results"]
    assert len(results) == 18 and document["entrants"] == 18 and document["pool"] == 1800
    # places 1..18, each held once (a shared place by as many entrants as it spans)
    spans: dict[tuple[int, int], int] = {}
    for result in results:
        first, last = result["places"]
        assert result["place"] == first and 1 <= first <= last <= 18
        spans[first, last] = spans.get((first, last), 0) + 1
    assert all(holders == last - first + 1 for (first, last), holders in spans.items())
    assert sorted(place for first, last in spans for place in range(first, last + 1)) == list(range(1, 19))
    # the prizes add up to the pool, never rise, and only the paid places (5 of 18, the standard table) are paid
    prizes = [result["prize"] for result in results]
    assert sum(prizes) == document["pool"] and prizes == sorted(prizes, reverse=True)
    assert document["paid_places"] == 5
    assert all((result["prize"] > 0) == (result["place"] <= 5) for result in results)
    # bots are given to the entrants in turn from --bots
    assert {result["entrant"] for result in results} == set(range(1, 19))
    kinds = ("hilo", "random", "caller")
    assert all(result["bot"] == kinds[(result["entrant"] - 1) % 3] for result in results)
    assert all(result["name"].startswith(result["bot"]) for result in results)
    # three tables of six become one: two broken, and the moves listed
    (played,) = document["tournaments"]
    assert played["tables"] == 3 and played["tables_broken"] == 2 and played["hands"] > 0
    assert played["winner"] == results[0]["name"] and 1 <= played["level"] <= len(document["levels"])
    moves = document["moves"]
    assert moves and all(move["reason"] in ("balance", "break") for move in moves)
    assert all(move["from_table"] != move["to_table"] and move["stack"] > 0 for move in moves)
    assert {move["name"] for move in moves} <= {result["name"] for result in results}
    assert sum(move["reason"] == "break" for move in moves) >= 2  # at least one player from each broken table


def test_each_bots_figures_add_up_over_the_field() -> None:
    """Nothing is raked, so the bots' ROIs weighted by their entrants cancel out; their average places
    weighted likewise are the field's average place; one tournament has no standard error."""
    document = json.loads(program(*SMALL, "--json").stdout)
    bots = document["bots"]
    assert [bot["bot"] for bot in bots] == ["hilo", "random", "caller"] and all(b["entrants"] == 6 for b in bots)
    assert abs(sum(b["entrants"] * b["roi"]["mean"] for b in bots)) < 1e-4
    assert sum(b["entrants"] * b["average_finish"]["mean"] for b in bots) == pytest.approx(18 * 19 / 2)
    assert sum(b["entrants"] * b["in_the_money"]["mean"] for b in bots) == pytest.approx(5)
    assert all(b[key]["standard_error"] is None for b in bots for key in ("roi", "average_finish", "in_the_money"))


def test_the_same_seed_prints_the_same_tournament_and_another_seed_another() -> None:
    first, again, other = program(*SMALL), program(*SMALL), program(*SMALL[:-1], "4")
    assert first.returncode == again.returncode == other.returncode == 0, first.stderr
    assert first.stdout == again.stdout and first.stdout != other.stdout
    text = first.stdout
    assert text.startswith("Tournament: 18 entrants at tables of 6; limit Omaha hi-lo, ") and "seed 3\n" in text
    rows = [line.split() for line in text.splitlines() if re.match(r"\s+\d+(-\d+)?\s+[\d,]+\s+\w+\s+\w+$", line)]
    assert len(rows) == 18 and rows[0][0] == "1"
    assert re.search(
        r"^Ended at level \d+ of \d+: limit [\d/]+ Omaha hi-lo, blinds [\d/]+, at minute \d+\.$", text, re.M
    )
    assert re.search(r"^Hands played: [\d,]+ at 3 tables \(2 broken\)\.$", text, re.M)
    assert re.search(r"^Table moves: \d+ \(\d+ to balance, \d+ from broken tables\):$", text, re.M)
    assert re.search(r"^hilo +6 +[\d.]+ +[+-][\d.]+% +[\d.]+%$", text, re.M)
    assert "1 tournament, " in first.stderr and " hands in " in first.stderr


def test_a_series_is_the_same_on_one_worker_and_on_two() -> None:
    seed = ("--entrants", "9", "--seats", "3", "--seed", "3")
    series = (*seed, "--repeat", "4", "--json")
    one, two = program(*series, "--workers", "1"), program(*series, "--workers", "2")
    assert one.returncode == two.returncode == 0, one.stderr + two.stderr
    assert one.stdout == two.stdout
    document = json.loads(one.stdout)
    assert [t["index"] for t in document["tournaments"]] == [0, 1, 2, 3]
    assert len({t["seed"] for t in document["tournaments"]}) == 4
    assert all(b[key]["standard_error"] is not None for b in document["bots"] for key in ("roi", "in_the_money"))
    # the series' first tournament is the one tournament the seed plays
    single = json.loads(program(*seed, "--json").stdout)
    assert document["tournaments"][0] == single["tournaments"][0]


def test_a_series_on_ray_is_the_series_played_here() -> None:
    pytest.importorskip("ray", reason='could not import ray: pip install -e ".[test-ray]" to run these tests')
    structure = Structure(standard_levels(LIMIT, 6 * 2000), 2000, table_size=3, buy_in=10)
    specs = ["hilo", "random", "caller"] * 2
    here = list(play_series(structure, specs, 5, 3))
    assert list(play_series(structure, specs, 5, 3, backend="ray", workers=2)) == here


def test_the_series_text_gives_each_bot_with_standard_errors() -> None:
    code, out, err = tournament("--entrants", "6", "--seats", "3", "--seed", "1", "--repeat", "3")
    assert code == 0, err
    assert out.startswith("3 tournaments: 6 entrants at tables of 3; limit Omaha hi-lo, ")
    assert re.search(r"^random +2 +[\d.]+ ± [\d.]+ +[+-][\d.]+% ± [\d.]+% +[\d.]+% ± [\d.]+%$", out, re.M)
    assert "(± one standard error over the 3 tournaments)" in out
    assert re.search(
        r"^Hands: [\d,]+ in all, [\d,]+ to [\d,]+ a tournament; levels reached \d+ to \d+ of \d+\.$", out, re.M
    )
    assert "3 tournaments, " in err


# --- the schedule file ---------------------------------------------------------------------------------------

SCHEDULE = """\
# a turbo: levels of 20 hands (counted over every table), the last one lasting for ever
[[levels]]
blinds = "25/50"
hands = 20

[[levels]]
blinds = "50/100"
ante = 10
hands = 20

[[levels]]
blinds = "500/1000"
ante = 25
"""


def test_a_schedule_file_sets_the_levels_and_mixed_alternates_them(tmp_path: Path) -> None:
    path = tmp_path / "turbo.toml"
    path.write_text(SCHEDULE, encoding="utf-8")
    code, out, err = tournament("--entrants", "8", "--seats", "4", "--game", "mixed", "--schedule", str(path), "--json")
    assert code == 0, err
    document = json.loads(out)
    assert document["levels"] == [
        {"level": 1, "game": "limit", "blinds": [25, 50], "ante": 0, "minutes": None, "hands": 20},
        {"level": 2, "game": "pot-limit", "blinds": [50, 100], "ante": 10, "minutes": None, "hands": 20},
        {"level": 3, "game": "limit", "blinds": [500, 1000], "ante": 25, "minutes": None, "hands": None},
    ]
    assert document["starting_stack"] == 5000  # 100 big blinds of the first level
    assert sum(result["prize"] for result in document["results"]) == document["pool"] == 800


def test_a_json_schedule_of_the_same_shape_is_the_same_schedule(tmp_path: Path) -> None:
    toml, as_json = tmp_path / "levels.toml", tmp_path / "levels.json"
    toml.write_text(SCHEDULE, encoding="utf-8")
    levels = [
        {"blinds": "25/50", "hands": 20},
        {"blinds": "50/100", "ante": 10, "hands": 20},
        {"blinds": "500/1000", "ante": 25},
    ]
    as_json.write_text(json.dumps({"levels": levels}), encoding="utf-8")
    assert read_levels(str(toml), POT_LIMIT) == read_levels(str(as_json), POT_LIMIT)


def test_the_docs_schedule_example_is_a_schedule() -> None:
    page = (REPO / "docs" / "tournaments.md").read_text(encoding="utf-8")
    (example,) = re.findall(r"```toml\n(.*?)```", page, re.S)
    path = REPO / "docs" / "examples" / "turbo.toml"
    assert path.read_text(encoding="utf-8") == example  # the page shows the file that ships
    levels = read_levels(str(path), "mixed").levels
    assert len(levels) > 3 and levels[0].rules.blinds == (25, 50)


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("levels = 3", "levels must be a non-empty list"),
        ('title = "x"\n[[levels]]\nblinds = "1/2"', "a list of [[levels]] and nothing else"),
        (
            '[[levels]]\nblind = "1/2"',
            "level 1: unknown keys ['blind']; a level has blinds, ante, minutes, hands, game",
        ),
        ("[[levels]]\nblinds = [1, 2]", 'level 1: blinds are written as text such as "10/20"'),
        ('[[levels]]\nblinds = "4/2"', "level 1: blinds '4/2': the second must be > 0 and at least the first"),
        (
            '[[levels]]\nblinds = "1/2"\nminutes = 5\nhands = 3',
            "level 1: a level lasts a number of minutes or of hands",
        ),
        ('[[levels]]\nblinds = "1/2"\n[[levels]]\nblinds = "2/4"', "level 1: give its minutes or hands"),
        ('[[levels]]\nblinds = "1/2"\ngame = "mixed"', "game must be one of limit, pot-limit, no-limit"),
        ('[[levels]]\nblinds = "1/2"\nante = -1', "level 1: ante is a whole number >= 0, got -1"),
        ('[[levels]]\nblinds = "1/2"\nhands = 0\n[[levels]]\nblinds = "2/4"', "hands is a whole number >= 1"),
        ('[[levels]]\nblinds = "1/2"\nminutes = -5\n[[levels]]\nblinds = "2/4"', "minutes is a number > 0"),
        ("levels = [", "not TOML"),
    ],
)
def test_a_bad_schedule_file_is_one_line_that_names_the_level(tmp_path: Path, text: str, says: str) -> None:
    path = tmp_path / "bad.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(EngineError, match=re.escape(says)):
        read_levels(str(path), LIMIT)
    code, out, err = tournament("--entrants", "4", "--schedule", str(path))
    assert code == 2 and out == "" and err.count("\n") == 1 and err.startswith(f"error: --schedule {path}: ")


@pytest.mark.parametrize("name", ["levels.toml", "levels.json"])
def test_a_schedule_file_saved_with_a_byte_order_mark_is_read_as_without_it(tmp_path: Path, name: str) -> None:
    """Windows editors put a UTF-8 byte-order mark first; TOML and JSON readers refuse it, so it is dropped."""
    plain, marked = tmp_path / f"plain-{name}", tmp_path / f"marked-{name}"
    levels = [{"blinds": "25/50", "hands": 20}, {"blinds": "500/1000", "ante": 25}]
    text = json.dumps({"levels": levels}) if name.endswith(".json") else SCHEDULE
    plain.write_text(text, encoding="utf-8")
    marked.write_bytes(b"\xef\xbb\xbf" + text.encode("utf-8"))
    assert read_levels(str(marked), LIMIT) == read_levels(str(plain), LIMIT)
    code, _, err = tournament("--entrants", "4", "--seats", "4", "--schedule", str(marked), "--seed", "1")
    assert code == 0, err


@pytest.mark.parametrize("mark", [b"", b"\xef\xbb\xbf"])
def test_a_schedule_file_that_is_not_utf8_is_one_line_naming_the_file_and_the_byte(tmp_path: Path, mark: bytes) -> None:
    path = tmp_path / "latin1.toml"
    path.write_bytes(mark + '[[levels]]\nblinds = "10/20" # caf\u00e9\n'.encode("latin-1"))
    code, out, err = tournament("--entrants", "4", "--schedule", str(path))
    at = len(mark) + len('[[levels]]\nblinds = "10/20" # caf')
    assert code == 2 and out == "" and err.count("\n") == 1, err
    says = f"not UTF-8 text: byte 0xe9 at offset {at} cannot be decoded (save the file as UTF-8)"
    assert err == f"error: --schedule {path}: {says}\n"


# --- the standard levels and the tally -----------------------------------------------------------------------


def test_the_standard_levels_rise_until_one_big_blind_is_every_chip() -> None:
    levels = standard_levels("mixed", 1000 * 2000).levels
    bigs = [level.rules.big_blind for level in levels]
    assert bigs[:9] == [20, 30, 40, 60, 80, 100, 150, 200, 300]
    assert bigs == sorted(set(bigs))  # rising at every level
    assert bigs[-2] < 1000 * 2000 <= bigs[-1] and levels[-1].minutes is None
    assert all(level.minutes == 15 for level in levels[:-1])
    assert all(level.rules.blinds == (big // 2, big) for level, big in zip(levels, bigs, strict=True))
    games = [type(level.rules.betting).__name__ for level in levels[:4]]
    assert games == ["FixedLimit", "PotLimit", "FixedLimit", "PotLimit"]


def _outcome(places: list[int], bots: list[str], buy_in: int = 10, paid: int = 1) -> Outcome:
    prizes = [buy_in * len(places) if place == 1 else 0 for place in places]
    placings = tuple(
        Placing(i + 1, f"{bot}{i}", bot, place, place, prize, 1, buy_in)
        for i, (place, bot, prize) in enumerate(zip(places, bots, prizes, strict=True))
    )
    return Outcome(0, 0, 10, 0, 0.0, placings, (), 1, 0, buy_in * len(places), paid, len(places))


def test_the_tally_averages_per_tournament_with_the_standard_error_of_the_mean() -> None:
    tally = Tally()
    tally.add(_outcome([1, 2], ["a", "b"]))  # a wins: ROI +100%, b -100%
    tally.add(_outcome([2, 1], ["a", "b"]))
    tally.add(_outcome([1, 2], ["a", "b"]))
    a, b = tally.summaries()
    assert (a.bot, a.entrants, b.bot) == ("a", 1, "b")
    assert a.finish.mean == pytest.approx(4 / 3) and a.roi.mean == pytest.approx(1 / 3)
    # ROI values 1, -1, 1: sample deviation sqrt(4/3), over sqrt(3) tournaments
    assert a.roi.error == pytest.approx((4 / 3) ** 0.5 / 3**0.5)
    assert a.in_the_money.mean == pytest.approx(2 / 3) and b.in_the_money.mean == pytest.approx(1 / 3)
    single = Tally()
    single.add(_outcome([1, 2], ["a", "b"]))
    assert single.summaries()[0].roi.error is None


def test_the_tally_counts_every_entry_and_all_the_money_it_paid() -> None:
    """ROI is over every buy-in, rebuy and add-on; finish and in-the-money are per entry (places count
    entries); a bot's entrants are the players, its entries more with re-entries."""
    placings = (
        Placing(1, "a0", "a", 1, 1, 400, 1, 10 + 2 * 10),  # won after two rebuys: paid 30
        Placing(2, "b1", "b", 3, 3, 0, 1, 10),
        Placing(2, "b1", "b", 2, 2, 0, 2, 10),  # b's re-entry
    )
    tally = Tally()
    tally.add(Outcome(0, 0, 10, 0, 0.0, placings, (), 1, 0, 50, 1, 3))
    a, b = tally.summaries()
    assert (a.entrants, a.entries, b.entrants, b.entries) == (1, 1, 1, 2)
    assert a.roi.mean == pytest.approx((400 - 30) / 30) and b.roi.mean == pytest.approx(-1)
    assert b.finish.mean == pytest.approx(2.5) and b.in_the_money.mean == 0


def test_late_entrants_reentries_rebuys_and_the_add_on_are_played_and_paid_for() -> None:
    """Registration open two levels with the last four entrants coming late, one re-entry, rebuys through
    level two and an add-on: each entry holds its own place, the prizes add up to the pool, and the pool is
    every entry's buy-in, rebuys and add-on. With --buy-chance 0 nobody buys more than their entry."""
    entries = ("--late-levels", "2", "--reentries", "1", "--late-entrants", "4")
    money = ("--rebuy-levels", "2", "--max-rebuys", "1", "--addon-chips", "1000", "--addon-cost", "50")
    done = program(*SMALL, *entries, *money, "--json")
    assert done.returncode == 0, done.stderr
    document = json.loads(done.stdout)
    results, [played] = document["results"], document["tournaments"]
    assert document["pool"] is None and document["late_levels"] == 2 and document["addon_cost"] == 50
    assert played["entries"] == len(results) >= 18 and sorted(r["place"] for r in results) == list(
        range(1, len(results) + 1)
    )
    assert sum(r["prize"] for r in results) == played["pool"] == sum(r["paid"] for r in results)
    assert {r["entrant"] for r in results} == set(range(1, 19))  # the late four got in while it was open
    assert any(r["paid"] > 100 for r in results)  # rebuys and add-ons were bought
    assert all(r["paid"] in (100, 150, 200, 250) for r in results)  # at most one rebuy and the add-on
    assert sum(b["entries"] for b in document["bots"]) == len(results)
    frugal = json.loads(program(*SMALL, *entries, *money, "--buy-chance", "0", "--json").stdout)
    assert all(r["paid"] == 100 and r["entry"] == 1 for r in frugal["results"])
    assert frugal["tournaments"][0]["pool"] == 1800
    text = program(*SMALL, "--late-levels", "3", "--reentries", "2", "--seed", "1").stdout
    assert "; buy-in 100, registration open 3 levels; 2 re-entries; seed 1\n" in text
    assert re.search(r"^Prize pool: [\d,]+ from \d+ entries(, \d+ re-entr(y|ies) among them)?\.$", text, re.M)


def test_a_series_with_reentries_is_the_same_on_one_worker_and_on_two() -> None:
    series = ("--entrants", "9", "--seats", "3", "--seed", "5", "--repeat", "3", "--json")
    options = ("--late-levels", "3", "--reentries", "2", "--late-entrants", "2", "--buy-chance", "0.5")
    one, two = program(*series, *options, "--workers", "1"), program(*series, *options, "--workers", "2")
    assert one.returncode == two.returncode == 0, one.stderr + two.stderr
    assert one.stdout == two.stdout
    assert all(t["pool"] == 100 * t["entries"] for t in json.loads(one.stdout)["tournaments"])


# --- bad arguments -------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (["--entrants", "1"], "--entrants: expected a whole number 2..100000, got 1"),
        (["--seats", "11"], "--seats: expected a whole number 2..10, got 11"),
        (["--game", "stud"], f"invalid choice: 'stud' (choose from {', '.join(map(repr, GAMES))})"),
        (
            ["--payouts", "50,60"],
            "error: --payouts 50,60: place 2 would pay more (60%) than place 1 (50%): a payout table never rises\n",
        ),
        (["--payouts", "50,30,x"], "error: --payouts 50,30,x: the percentage of place 3 must be a number, got x\n"),
        # the user's words, not Python's: "got ('50', '60')", "got 100.5 (201/2)" (issue 26)
        (["--payouts", "60,30"], "error: --payouts 60,30 adds up to 90, not 100: the percentages must add up to 100"),
        (["--payouts", "100.5"], "error: --payouts 100.5 adds up to 100.5, not 100: the percentages"),
        (["--payouts", "40, 30,20"], "error: --payouts '40, 30,20' adds up to 90, not 100: the percentages"),
        (["--payouts", "100/3,100/3,30"], "--payouts 100/3,100/3,30 adds up to 96.667 (290/3), not 100"),
        (["--payouts", "0,100"], "--payouts 0,100: the percentage of place 1 must be above 0 (a place that pays"),
        (["--entrants", "5", "--payouts", "30,20,20,10,10,10"], "the payout table pays 6 places but 5 entered"),
        (
            ["--bots", "hilo,nope"],
            "unknown bot 'nope'; the built-in bots are random, caller, hilo, or give module:Class",
        ),
        (["--bots", " , "], "--bots needs at least one bot name"),
        (["--repeat", "0"], "--repeat: expected a whole number 1..1000000, got 0"),
        (["--seed", "-1"], "--seed: expected a whole number in digits 0-9, got '-1'"),
        (["--workers", "0"], "--workers: expected a whole number 1..1024, got 0"),
        (["--buy-in", "0"], "--buy-in: expected a whole number >= 1, got 0"),
        (
            ["--schedule", "no/such/file.toml"],
            "--schedule no/such/file.toml: cannot read it: No such file or directory",
        ),
        (["--backend", "ray", "--address", "nowhere"], "a Ray address is host:port"),
        (["--reentries", "1"], "--reentries 1 needs late registration"),
        (["--addon-chips", "500"], "--addon-chips 500 needs a rebuy period"),
        (["--late-entrants", "3"], "--late-entrants 3 needs --late-levels 1 or more"),
        (["--late-levels", "1", "--late-entrants", "17", "--entrants", "18"], "leaves 1 to start"),
        (["--buy-chance", "1.5"], "--buy-chance: expected a chance from 0 to 1 such as 0.5, got '1.5'"),
        (["--rebuy-chips", "0"], "--rebuy-chips: expected a whole number >= 1, got 0"),
    ],
)
def test_a_bad_argument_is_one_line_that_says_what_is_allowed(argv: list[str], says: str) -> None:
    code, out, err = tournament(*argv)
    assert code == 2 and out == "" and err.count("\n") == 1, err
    assert says in err


def test_counts_of_one_are_said_in_the_singular(tmp_path: Path) -> None:
    path = tmp_path / "hands.toml"
    path.write_text('[[levels]]\nblinds = "25/50"\nhands = 1\n[[levels]]\nblinds = "50/100"\n', encoding="utf-8")
    code, out, err = tournament("--entrants", "2", "--seats", "2", "--seed", "1", "--schedule", str(path))
    assert code == 0, err
    assert "; limit Omaha hi-lo, 2 levels of 1 hand from blinds 25/50;" in out, out
    assert re.search(r"^Hands played: [\d,]+ at 1 table \(none broken\)\.$", out, re.M), out


def test_a_bad_argument_ends_the_program_with_status_2() -> None:
    done = program("--seats", "1")
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.strip() == (
        "python -m engine tournament: error: argument --seats: expected a whole number 2..10, got 1 "
        "(--help lists the options)"
    )


def test_the_docs_example_output_is_what_the_command_prints() -> None:
    """docs/tournaments.md shows a real run; this keeps it the command's output (run it again after a change to
    the bots or the levels, and paste it)."""
    page = (REPO / "docs" / "tournaments.md").read_text(encoding="utf-8")
    command = "$ python -m engine tournament --entrants 18 --seats 6 --seed 1\n"
    shown = page.split(command, 1)[1].split("```", 1)[0]
    code, out, err = tournament("--entrants", "18", "--seats", "6", "--seed", "1")
    assert code == 0, err
    assert out.rstrip() == shown.rstrip()


def test_the_docs_reentry_example_shows_lines_the_command_prints() -> None:
    """The re-entry example in docs/tournaments.md is cut with "..."; each line it shows is printed as shown."""
    page = (REPO / "docs" / "tournaments.md").read_text(encoding="utf-8")
    argv = "--entrants 18 --seats 6 --seed 1 --late-levels 3 --reentries 2 --late-entrants 4"
    shown = page.split(f"$ python -m engine tournament {argv}\n", 1)[1].split("```", 1)[0]
    code, out, err = tournament(*argv.split())
    assert code == 0, err
    printed = out.splitlines()
    lines = [line for line in shown.splitlines() if line != "..."]
    assert len(lines) == 4 and all(line in printed for line in lines), (lines, out)
