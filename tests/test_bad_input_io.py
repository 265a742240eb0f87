"""Bad input at the edges: every bad argument to the command line, the JSON reader and writer, the views, the bots
and the match runner gets a typed error (or, on the command line, one line and exit 2), never a traceback;
and a bot's bad action is a fault, never the end of a match."""

from __future__ import annotations

import contextlib
import io
import json
import math
import random
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import attrs
import pytest
from helpers import LIMIT
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import (
    Bet,
    Call,
    Check,
    EngineError,
    FixedLimit,
    Fold,
    HandState,
    NoLimit,
    PotLimit,
    Raise,
    Rules,
    RunIt,
    SeatView,
    SerializationError,
    Show,
    Table,
    from_json,
    start_hand,
    to_json,
)
from engine.actions import Action
from engine.bots import CallingStation, HiLoBot, MatchError, RandomBot, ScriptedBot, bot_view, make_bot
from engine.cli import main
from engine.match import HistoryWriter, play_match
from engine.play import TerminalPlayer, play_session
from engine.serialize import action_from_json
from engine.views import seat_view

REPO = Path(__file__).resolve().parent.parent


# --- the command line ---------------------------------------------------------------------------------------


def run_cli(argv: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(argv, stdin=io.StringIO(""), stdout=out, stderr=err)
    return code, out.getvalue(), err.getvalue()


@pytest.fixture()
def bot_modules(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    (tmp_path / "broken_syntax_bot.py").write_text("class Bot:\n    def act(self, view:\n", encoding="utf-8")
    (tmp_path / "raising_bot.py").write_text("raise RuntimeError('no bots today')\n", encoding="utf-8")
    (tmp_path / "exiting_bot.py").write_text("import sys\nsys.exit(3)\n", encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    return tmp_path


BAD_SIMULATE = [
    ["--bots", ":"],
    ["--bots", ":Foo"],
    ["--bots", "..:x"],
    ["--bots", "random:"],
    ["--bots", "a b:C"],
    ["--bots", "broken_syntax_bot:Bot"],
    ["--bots", "raising_bot:Bot"],
    ["--bots", "exiting_bot:Bot"],
    ["--bots", "no_such_module_anywhere:Bot"],
    ["--bots", "engine.cards:NoSuchName"],
    ["--bots", "engine.cards:Card"],
    ["--bots", ","],
    ["--bots", "shark"],
    ["--stakes", "²/⁴"],
    ["--stakes", "١/٢"],
    ["--stakes", "2/4/8"],
    ["--stakes", "-2/4"],
    ["--stakes", "4/2"],
    ["--stakes", "2.5/5"],
    ["--stakes", "0/0"],
    ["--blinds", "²/⁴"],
    ["--blinds", "2/1"],
    ["--stakes", ""],
    ["--hands", "١٠"],
    ["--hands", "²"],
    ["--hands", "-1"],
    ["--hands", "x"],
    ["--hands", "1e3"],
    ["--hands", "1_0"],
    ["--players", "1"],
    ["--players", "11"],
    ["--players", "٣"],
    ["--stack", "0"],
    ["--stack", "1.5"],
    ["--stack", "-5"],
    ["--seed", "²"],
    ["--seed", "x"],
    ["--show", "-1"],
    ["--show", "³"],
    ["--time-limit", "nan"],
    ["--time-limit", "inf"],
    ["--time-limit", "-1"],
    ["--time-limit", "0"],
    ["--time-limit", "١"],
    ["--time-limit", "1e999"],
    ["--time-limit", ""],
    ["--game", "stud"],
    ["--runs", "4"],
    ["--boards", "²"],
    ["--format", "xml"],
    ["--no-such-option"],
]


@pytest.mark.parametrize("argv", BAD_SIMULATE, ids=lambda argv: " ".join(argv))
def test_simulate_refuses_a_bad_argument_in_one_line_with_exit_2(argv: list[str], bot_modules: Path) -> None:
    code, out, err = run_cli(["simulate", "--hands", "2", *argv])
    assert code == 2, (out, err)
    assert len(err.splitlines()) == 1 and err.strip(), err
    assert "Traceback" not in err + out


def test_simulate_out_to_a_missing_folder_or_a_directory_is_one_line(tmp_path: Path) -> None:
    for target in (tmp_path / "missing" / "hands.phhs", tmp_path):
        code, out, err = run_cli(["simulate", "--hands", "2", "--out", str(target)])
        assert code == 2, (out, err)
        assert len(err.splitlines()) == 1 and str(target) in err
    assert list(tmp_path.iterdir()) == []  # nothing was written anywhere


@pytest.mark.parametrize(
    "argv",
    [
        ["--seat", "-1"],
        ["--seat", "9"],
        ["--seat", "²"],
        ["--name", ""],
        ["--name", "a\nb"],
        ["--name", "\u200bbob"],
        ["--name", " bob"],
        ["--bots", ":"],
        ["--stakes", "²/⁴"],
        ["--hands", "-3"],
    ],
    ids=lambda argv: " ".join(argv),
)
def test_play_refuses_a_bad_argument_in_one_line_with_exit_2(argv: list[str]) -> None:
    code, out, err = run_cli(["play", *argv])
    assert code == 2, (out, err)
    assert len(err.splitlines()) == 1 and err.strip(), err


@pytest.mark.parametrize(
    "argv", [[], ["As Kd"], ["As 2h Kc Qd", "3d 4s"], ["As 2h Kc Qd", "As 4s 5c"], ["As 2h Kc Qd", "3d 4s 5c", "extra"]]
)
def test_evaluate_refuses_bad_cards_in_one_line(argv: list[str]) -> None:
    code, _, err = run_cli(["evaluate", *argv])
    assert code == 2 and len(err.splitlines()) == 1


def test_the_real_command_prints_no_traceback(tmp_path: Path) -> None:
    (tmp_path / "broken_syntax_bot.py").write_text("def f(:\n", encoding="utf-8")
    for argv in (["--bots", "broken_syntax_bot:Bot"], ["--stakes", "²/⁴"], ["--out", str(tmp_path / "no" / "x")]):
        done = subprocess.run(
            [sys.executable, "-m", "engine", "simulate", "--hands", "2", *argv],
            cwd=tmp_path,
            capture_output=True,
            text=True,
            timeout=60,
            env={"PYTHONPATH": str(REPO), "PATH": "/usr/bin:/bin"},
        )
        assert done.returncode == 2, done.stderr
        assert len(done.stderr.splitlines()) == 1 and "Traceback" not in done.stderr, done.stderr


def test_good_arguments_still_work() -> None:
    code, out, _ = run_cli(
        [
            "simulate",
            "--hands",
            "3",
            "--stakes",
            " 4 / 8 ",
            "--seed",
            "7",
            "--time-limit",
            "2.5",
            "--show",
            "0",
            "--stack",
            "200",
        ]
    )
    assert code == 0 and out.startswith("3 hands of limit 4/8 Omaha hi-lo, blinds 2/4; 3 players; seed 7")


# --- from_json's expected kind, and the short form of an action -------------------------------------------------


@pytest.mark.parametrize("expected", ["x", 3, None.__class__, int, Action | int, list[int]])
def test_from_json_refuses_an_expected_kind_it_cannot_read(expected: Any) -> None:
    with pytest.raises(SerializationError, match="HandState"):
        from_json(to_json(Call()), expected)


def test_from_json_reads_an_action_as_the_action_union_or_its_class() -> None:
    assert from_json(to_json(Raise(8)), Action) == Raise(8)
    assert from_json(to_json(Raise(8)), Raise) == Raise(8)
    with pytest.raises(SerializationError, match="expected a Bet document, got a 'action' document"):
        from_json(to_json(Raise(8)), Bet)
    with pytest.raises(SerializationError, match="an action"):
        from_json(to_json(LIMIT), Action)


@pytest.mark.parametrize(
    "document, action",
    [
        ({"action": "raise", "to": 8}, Raise(8)),
        ({"action": "bet", "to": 2}, Bet(2)),
        ({"action": "fold"}, Fold()),
        ({"action": "check"}, Check()),
        ({"action": "run", "times": 2}, RunIt(2)),
        ({"action": "show"}, Show()),
        ({"schema": "omaha-hilo-engine/1", "type": "action", "action": "call"}, Call()),
    ],
)
def test_the_short_action_document_a_client_sends_is_read(document: dict[str, Any], action: Action) -> None:
    assert action_from_json(document) == action
    assert action_from_json(json.dumps(document)) == action
    assert from_json(json.dumps(document), Action) == action


@pytest.mark.parametrize(
    "document, message",
    [
        ({"action": "raise"}, "'to' is missing"),
        ({"action": "raise", "to": 4.5}, "whole number"),
        ({"action": "raise", "to": True}, "whole number"),
        ({"action": "raise", "to": 0}, ">= 1"),
        ({"action": "dance"}, "expected fold, check"),
        ({"action": "fold", "to": 3}, "unexpected field 'to'"),
        ({"type": "hand", "action": "fold"}, "action"),
        ({"schema": "other/2", "action": "fold"}, "schema"),
        ({}, "'action' is missing"),
        ([], "object"),
        ("[1]", "object"),
        ("{", "not a JSON document"),
        ({"action": "run", "times": 4}, "got 4"),
        (None, "object"),
        (7, "object"),
    ],
)
def test_a_bad_short_action_document_is_a_serialization_error(document: Any, message: str) -> None:
    with pytest.raises(SerializationError, match=message):
        action_from_json(document)


def test_the_short_form_is_read_only_as_an_action() -> None:
    with pytest.raises(SerializationError, match="schema"):
        from_json(json.dumps({"action": "fold"}))
    with pytest.raises(SerializationError, match="schema"):
        from_json(json.dumps({"action": "fold"}), HandState)


@pytest.mark.parametrize("value", [object(), 3, "text", None, [Call()], {"a": 1}])
def test_to_json_of_something_it_cannot_write_is_a_serialization_error(value: object) -> None:
    with pytest.raises(SerializationError, match="cannot write"):
        to_json(value)


@pytest.mark.parametrize("indent", ["  ", -1, True, 2.0, 10**6])
def test_to_json_refuses_a_bad_indent(indent: object) -> None:
    with pytest.raises(SerializationError, match="indent"):
        to_json(Call(), indent=indent)  # type: ignore[arg-type]


# --- seat views are checked like hands and tables ----------------------------------------------------------------


def _view_document(state: HandState, seat: int) -> dict[str, Any]:
    document: dict[str, Any] = json.loads(to_json(state.view(seat)))
    return document


def _flop_state() -> HandState:
    state = start_hand(LIMIT, (100, 100, 100), button=0, seed=7)
    return state.apply(Raise(4)).apply(Call()).apply(Call())


def _over_state() -> HandState:
    state = start_hand(LIMIT, (100, 100, 100), button=0, seed=7)
    while not state.is_over:
        state = state.apply(Check() if state.legal_actions().check else Call())
    return state


def _on_board(d: dict[str, Any]) -> None:
    d["hole"] = d["board"].split()[0] + " " + " ".join(d["hole"].split()[1:])


VIEW_TAMPERING: list[tuple[str, Callable[[dict[str, Any]], None], str]] = [
    ("stacks short", lambda d: d["stacks"].pop(), "stacks"),
    ("bets long", lambda d: d["bets"].append(0), "bets"),
    ("folded short", lambda d: d["folded"].pop(), "folded"),
    ("shown short", lambda d: d["shown"].pop(), "shown"),
    ("hole on board", _on_board, "hole"),
    ("hole twice", lambda d: d.update(hole="As As 2c 3c"), "hole"),
    ("hole count", lambda d: d.update(hole=" ".join(d["hole"].split()[:3])), "hole"),
    ("seat 99", lambda d: d.update(seat=99), "seat"),
    ("seat 99, legal seat too", lambda d: (d.update(seat=99), d["legal"] and d["legal"].update(seat=99)), "seat"),
    ("actor 99", lambda d: d.update(actor=99), "actor"),
    ("button 99", lambda d: d.update(button=99), "button"),
    ("pot_total", lambda d: d.update(pot_total=d["pot_total"] + 1), "pot_total"),
    ("stacks changed", lambda d: d["stacks"].__setitem__(0, d["stacks"][0] + 5), "stacks"),
    ("settled without result", lambda d: d.update(street="settled"), "result"),
    ("board of two", lambda d: d.update(board=" ".join(d["board"].split()[:2]), boards=[]), "board"),
    ("boards disagree", lambda d: d.update(boards=["2c 3c 4c"]), "board"),
    ("legal for another seat", lambda d: d["legal"] and d["legal"].update(seat=(d["seat"] + 1) % 3), "legal"),
    ("pots over", lambda d: d["pots"].append({"amount": 5, "eligible": [0]}), "pots"),
    ("pot eligible 9", lambda d: d["pots"][0]["eligible"].append(9), "pots"),
    ("all_in wrong", lambda d: d["all_in"].__setitem__(0, True), "all_in"),
    (
        "someone else's hole cards",
        lambda d: d["events"].__setitem__(
            [e["event"] for e in d["events"]].index("dealt_face_down"),
            {"event": "hole_dealt", "seat": (d["seat"] + 1) % 3, "cards": "Kh Kd Ks Kc"},
        ),
        "events",
    ),
]


@pytest.mark.parametrize("name, tamper, field", VIEW_TAMPERING, ids=[case[0] for case in VIEW_TAMPERING])
def test_a_tampered_seat_view_is_refused_naming_the_field(
    name: str, tamper: Callable[[dict[str, Any]], None], field: str
) -> None:
    state = _flop_state()
    document = _view_document(state, state.actor or 0)
    assert from_json(json.dumps(document)) == state.view(state.actor or 0)
    tamper(document)
    with pytest.raises(SerializationError, match=field):
        from_json(json.dumps(document))


def test_a_finished_view_is_checked_too() -> None:
    state = _over_state()
    document = _view_document(state, 1)
    assert from_json(json.dumps(document)) == state.view(1)
    for tamper, field in (
        (lambda d: d.update(street="river"), "result"),
        (lambda d: d["result"]["net"].pop(), "net"),
        (lambda d: d["result"]["net"].__setitem__(0, d["result"]["net"][0] + 1), "net"),
        (lambda d: d.update(actor=0), "actor"),
        (lambda d: d.update(pot_total=3), "pot_total"),
    ):
        changed = json.loads(json.dumps(document))
        tamper(changed)
        with pytest.raises(SerializationError, match=field):
            from_json(json.dumps(changed))


def test_the_seat_view_constructor_checks_its_fields() -> None:
    view = _flop_state().view(0)
    assert attrs.evolve(view) == view
    for changes, field in (
        ({"stacks": view.stacks[:-1]}, "stacks"),
        ({"seat": 99}, "seat"),
        ({"button": 1.0}, "button"),
        ({"seat": True}, "seat"),
        ({"rules": "limit"}, "rules"),
        ({"street": 3}, "street"),
        ({"hole": ("As",) * 4}, "hole"),
        ({"pot_total": math.nan}, "pot_total"),
        ({"events": ("x",)}, "events"),
    ):
        with pytest.raises(EngineError, match=field):
            attrs.evolve(view, **changes)


@st.composite
def cash_hands(draw: st.DrawFn) -> list[HandState]:
    betting = draw(st.sampled_from([FixedLimit(2, 4), PotLimit(), NoLimit()]))
    rules = Rules(
        betting,
        blinds=(1, 2),
        ante=draw(st.sampled_from([0, 1])),
        boards=draw(st.sampled_from([1, 2])),
        runs=draw(st.sampled_from([1, 2, 3])),
        hi_lo=draw(st.booleans()),
    )
    players = draw(st.integers(2, 6))
    stacks = draw(st.lists(st.integers(1, 60), min_size=players, max_size=players))
    bomb = draw(st.sampled_from([0, 0, 1])) if min(stacks) > 1 else 0
    state = start_hand(
        rules, stacks, draw(st.integers(0, players - 1)), seed=draw(st.integers(0, 2**20)), bomb_pot=bomb
    )
    rng = random.Random(draw(st.integers(0, 2**20)))
    states = [state]
    while not state.is_over:
        legal = state.legal_actions()
        actions = list(legal.actions)
        if legal.wager and rng.random() < 0.3:
            actions = [(Bet if legal.wager == "bet" else Raise)(legal.max_to)]
        state = state.apply(rng.choice(actions))
        states.append(state)
    return states


@settings(max_examples=40)
@given(cash_hands())
def test_every_real_view_passes_the_checks(states: list[HandState]) -> None:
    for state in states:
        for seat in (*range(state.players), None):
            view = seat_view(state, seat)
            assert attrs.evolve(view) == view  # the constructor's checks accept it
            assert from_json(to_json(view)) == view


# --- bots and the match runner ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "kwargs",
    [
        {"weights": (-1, 1, 1)},
        {"weights": (math.nan, 1, 1)},
        {"weights": (math.inf, 1, 1)},
        {"weights": (0, 0, 0)},
        {"weights": (1, 1)},
        {"weights": (True, 1, 1)},
        {"weights": ("1", 1, 1)},
        {"weights": 3},
        {"weights": None},
        {"weights": (10**400, 1, 1)},
        {"weights": (1e308, 1e308, 1e308)},
        {"amount": "max"},
        {"amount": None},
        {"seed": 1.5},
        {"seed": [1]},
        {"seed": True},
        {"name": ""},
        {"name": "a\nb"},
        {"name": 3},
    ],
)
def test_random_bot_refuses_bad_arguments_with_a_match_error(kwargs: dict[str, Any]) -> None:
    with pytest.raises(MatchError):
        RandomBot(**kwargs)


def test_random_bot_takes_lists_and_ints_as_weights() -> None:
    assert RandomBot(weights=[1, 2, 1], seed="abc").weights == (1, 2, 1)


@pytest.mark.parametrize(
    "make",
    [
        lambda: HiLoBot(name=""),
        lambda: HiLoBot(name=None),
        lambda: HiLoBot(name="x\x00"),
        lambda: ScriptedBot(3),
        lambda: ScriptedBot(["c", 3]),
        lambda: ScriptedBot([Call()], then=5),
        lambda: ScriptedBot([Call()], name="\n"),
        lambda: ScriptedBot("c"),
        lambda: ScriptedBot(None),
        lambda: make_bot(3),
        lambda: make_bot("random", seed=1.5),
        lambda: make_bot(":"),
        lambda: HistoryWriter(io.StringIO(), "xml"),
        lambda: HistoryWriter(None),
        lambda: HistoryWriter("file.txt"),
    ],
)
def test_every_bot_constructor_refuses_bad_arguments(make: Callable[[], object]) -> None:
    with pytest.raises(MatchError):
        make()


@pytest.mark.parametrize(
    "make",
    [
        lambda: TerminalPlayer(["ann", "bob"], 2, io.StringIO(), io.StringIO()),
        lambda: TerminalPlayer(["ann", "bob"], True, io.StringIO(), io.StringIO()),
        lambda: TerminalPlayer(["ann", "b\nob"], 0, io.StringIO(), io.StringIO()),
        lambda: TerminalPlayer("ab", 0, io.StringIO(), io.StringIO()),
        lambda: TerminalPlayer(["ann", "bob"], 0, "typed text", io.StringIO()),
        lambda: TerminalPlayer(["ann", "bob"], 0, io.StringIO(), None),
        lambda: play_session(
            [CallingStation()],
            ["you"],
            LIMIT,
            seat=0,
            hands=1,
            seed=1,
            stack=None,
            input=io.StringIO(),
            output=io.StringIO(),
        ),
    ],
)
def test_the_terminal_player_refuses_bad_arguments(make: Callable[[], object]) -> None:
    with pytest.raises(MatchError):
        make()


@pytest.mark.parametrize("seat", [3, -1, True, 1.0, None, "0"])
def test_bot_view_refuses_a_seat_that_is_not_one(seat: object) -> None:
    with pytest.raises(EngineError, match="seat"):
        bot_view(_flop_state(), seat)  # type: ignore[arg-type]


def _bots() -> list[Any]:
    return [CallingStation(), CallingStation()]


@pytest.mark.parametrize(
    "kwargs",
    [
        {"time_limit": "1"},
        {"time_limit": math.nan},
        {"time_limit": True},
        {"time_limit": -1},
        {"time_limit": math.inf},
        {"hands": "3"},
        {"hands": 3.0},
        {"hands": -1},
        {"hands": True},
        {"stack": 0},
        {"stack": 10.0},
        {"stack": "10"},
        {"stack": True},
        {"seed": 1.5},
        {"seed": None},
        {"seed": True},
        {"seed": [1]},
        {"names": ["a"]},
        {"names": "ab"},
        {"names": ["a", "a"]},
        {"names": ["a", "b\n"]},
        {"names": ["a", 2]},
        {"on_hand": 3},
        {"clock": "now"},
        {"game": "limit"},
        {"game": None},
        {"bots": [CallingStation()]},
        {"bots": None},
        {"bots": [CallingStation(), object()]},
        {"bots": "ab"},
    ],
)
def test_play_match_refuses_bad_arguments_with_a_match_error(kwargs: dict[str, Any]) -> None:
    arguments: dict[str, Any] = {"bots": _bots(), "game": LIMIT, "hands": 2, **kwargs}
    with pytest.raises(MatchError):
        play_match(arguments.pop("bots"), arguments.pop("game"), arguments.pop("hands"), **arguments)


class _Forger:
    """Answers a raise whose amount was forged to 4.5 chips after the action was made."""

    name = "forger"

    def act(self, view: SeatView) -> Action:
        legal = view.legal
        assert legal is not None
        if legal.wager is None:
            return Check() if legal.check else Call()
        action = (Bet if legal.wager == "bet" else Raise)(legal.min_to)
        object.__setattr__(action, "to", legal.min_to + 0.5)
        return action


class _Junk:
    """Returns something different and wrong each time."""

    name = "junk"

    def __init__(self) -> None:
        self.answers = iter([None, "call", Call, 3, RunIt, object(), Raise])

    def act(self, view: SeatView) -> object:
        return next(self.answers, Fold())


class _SubclassedCall(Call):
    pass


def test_a_forged_amount_is_a_bot_fault_not_the_end_of_the_match() -> None:
    result = play_match([_Forger(), CallingStation(), CallingStation()], LIMIT, 5, seed=3)
    assert result.hands == 5
    faults = [i for i in result.incidents if i.bot == "forger"]
    assert faults and all(i.kind == "illegal" and ".5: amounts are whole numbers" in i.detail for i in faults)
    assert all(i.played in (Check(), Fold()) for i in faults)
    assert result.stats[0].faults == len(faults)
    assert sum(s.net for s in result.stats) == 0  # no rake: every chip one bot lost another won


def test_anything_that_is_not_an_action_is_a_bot_fault() -> None:
    result = play_match([_Junk(), CallingStation()], LIMIT, 4, seed=1)
    assert result.hands == 4
    kinds = {i.kind for i in result.incidents}
    assert kinds == {"illegal"} and len(result.incidents) == 7
    assert all("not an action" in i.detail for i in result.incidents)


def test_an_action_subclass_is_not_an_action() -> None:
    class Sly(CallingStation):
        def act(self, view: SeatView) -> Action:
            return _SubclassedCall() if view.legal and view.legal.call else super().act(view)

    result = play_match([Sly(), CallingStation()], LIMIT, 1, seed=1)
    assert [i.kind for i in result.incidents] == ["illegal"]
    with pytest.raises(MatchError, match="actions"):
        ScriptedBot([_SubclassedCall()])


# --- random garbage: only EngineError comes out ------------------------------------------------------------------


garbage = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.integers(min_value=10**18, max_value=10**40)
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.text(max_size=12)
    | st.text(st.characters(codec="utf-8", categories=["Cc", "Cf", "Zl", "Zp", "No", "Nd"]), max_size=6)
    | st.sampled_from([Call(), Raise(4), LIMIT, object(), Fold, Action, int, b"\xff", bytearray(b"{}")]),
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.tuples(inner, inner, inner)
        | st.dictionaries(st.text(max_size=6), inner, max_size=4)
    ),
    max_leaves=8,
)

_SAMPLE_STATE = _flop_state()
_DOCUMENTS = [
    to_json(value)
    for value in (
        _SAMPLE_STATE,
        _SAMPLE_STATE.view(0),
        _over_state().view(2),
        Raise(8),
        LIMIT,
        _SAMPLE_STATE.legal_actions(),
        Table.new(LIMIT, 3).join(0, "a", 9),
    )
]


def _mutate(document: Any, rng: random.Random, junk: object) -> Any:
    """``document`` with one value somewhere inside replaced by ``junk``, or a key dropped or added."""
    if isinstance(document, dict) and document:
        key = rng.choice(sorted(document))
        roll = rng.random()
        if roll < 0.15:
            return {k: v for k, v in document.items() if k != key}
        if roll < 0.25:
            return {**document, "extra\x00": junk}
        if roll < 0.6 or not isinstance(document[key], (dict, list)):
            return {**document, key: junk}
        return {**document, key: _mutate(document[key], rng, junk)}
    if isinstance(document, list) and document:
        index = rng.randrange(len(document))
        copy = list(document)
        copy[index] = junk if rng.random() < 0.5 else _mutate(document[index], rng, junk)
        return copy
    return junk


def _json_safe(value: object) -> object:
    try:
        json.dumps(value)
    except (TypeError, ValueError):
        return repr(value)
    return value


def _only_engine_errors(call: Callable[[], object]) -> None:
    with contextlib.suppress(EngineError):
        call()


@settings(max_examples=300)
@given(st.sampled_from(range(len(_DOCUMENTS))), st.integers(0, 2**32), garbage)
def test_garbage_json_gives_only_serialization_errors(which: int, seed: int, junk: object) -> None:
    rng = random.Random(seed)
    document = json.loads(_DOCUMENTS[which])
    for _ in range(rng.randint(1, 3)):
        document = _mutate(document, rng, _json_safe(junk))
    text = json.dumps(document, allow_nan=True)
    for expected in (None, HandState, SeatView, Action):
        with contextlib.suppress(SerializationError):
            from_json(text, expected)
    _only_engine_errors(lambda: action_from_json(document))
    cut = text[: rng.randrange(len(text) + 1)]
    with pytest.raises(SerializationError):
        from_json(cut + "\x00" if cut == text else cut)


_VIEW_FIELDS = sorted(field.name for field in attrs.fields(SeatView) if field.init)


@settings(max_examples=200)
@given(garbage, garbage, garbage, garbage, st.sampled_from(_VIEW_FIELDS))
def test_garbage_arguments_give_only_engine_errors(a: object, b: object, c: object, d: object, field: str) -> None:
    bots = _bots()
    _only_engine_errors(lambda: from_json(a, b))  # type: ignore[call-overload]
    _only_engine_errors(lambda: action_from_json(a))  # type: ignore[arg-type]
    _only_engine_errors(lambda: to_json(a, indent=b))  # type: ignore[arg-type]
    _only_engine_errors(lambda: RandomBot(a, b, c, d))  # type: ignore[arg-type]
    _only_engine_errors(lambda: RandomBot(weights=(a, b, c)))  # type: ignore[arg-type]
    _only_engine_errors(lambda: HiLoBot(a))  # type: ignore[arg-type]
    _only_engine_errors(lambda: ScriptedBot(a, b, c))  # type: ignore[arg-type]
    _only_engine_errors(lambda: make_bot(a, b))  # type: ignore[arg-type]
    _only_engine_errors(lambda: HistoryWriter(a, b))  # type: ignore[arg-type]
    _only_engine_errors(lambda: play_match(bots, LIMIT, 1, seed=a, stack=b, time_limit=c))  # type: ignore[arg-type]
    callback = None if callable(d) else d  # a callback's own exceptions are its own
    _only_engine_errors(lambda: play_match(bots, a, 1, names=c, on_hand=callback))  # type: ignore[arg-type]
    _only_engine_errors(lambda: play_match(a, LIMIT, 1, clock=b))  # type: ignore[arg-type]
    _only_engine_errors(lambda: seat_view(_SAMPLE_STATE, a))  # type: ignore[arg-type]
    _only_engine_errors(lambda: _SAMPLE_STATE.view(a))  # type: ignore[arg-type]
    _only_engine_errors(lambda: bot_view(_SAMPLE_STATE, a))  # type: ignore[arg-type]
    _only_engine_errors(lambda: TerminalPlayer(a, b, io.StringIO(), io.StringIO()))  # type: ignore[arg-type]
    _only_engine_errors(lambda: TerminalPlayer(["ann", "bob"], 0, a, b))  # type: ignore[arg-type]
    view = _SAMPLE_STATE.view(0)
    _only_engine_errors(lambda: attrs.evolve(view, **{field: a}))


def test_a_table_document_keeps_the_ledger_and_the_deck_of_the_hand_in_play() -> None:
    table = Table.new(Rules(NoLimit(), blinds=(1, 2), rake=None), 4, keep_busted=True)
    table = table.join(0, "ann", 100).join(1, "bob", 100).join(2, "cy", 5).add_chips(1, 50)
    table, state = table.start_next_hand(seed=4)
    while not state.is_over:
        legal = state.legal_actions()
        state = state.apply(Raise(legal.max_to) if legal.wager == "raise" else Check() if legal.check else Call())
    restored = from_json(to_json(table), Table)
    assert restored == table and restored.hand is not None and restored.hand.deck == state.setup.deck
    restored.check_hand(state)
    done = table.finish_hand(state).leave(0)
    assert from_json(to_json(done), Table) == done
    assert (done.keep_busted, done.bought_in) == (True, 255)
    document = json.loads(to_json(done))
    for key in ("keep_busted", "bought_in", "cashed_out", "rake_taken"):
        del document[key]  # a table saved before the ledger: the defaults
    assert from_json(json.dumps(document), Table).bought_in == sum(p.stack for _, p in done.players)
