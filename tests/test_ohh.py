"""OHH (Open Hand History) reading and writing: hands written from the spec, the engine's own simulated hands,
round trips through PHH and PokerStars, refusals, the command line, and a fuzzed reader."""

from __future__ import annotations

import copy
import io
import json
import random
from pathlib import Path
from typing import ClassVar

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import Action, Bet, Call, Check, Fold, NoLimit, PotLimit, Raise, Rules, start_hand
from engine.betting import FixedLimit
from engine.cli import main
from engine.errors import HistoryError
from engine.history import HandRecord, replay
from engine.history.files import read_history
from engine.history.ohh import read_ohh, write_ohh, write_ohh_hands
from engine.history.phh import read_phh, write_phh
from engine.history.pokerstars import read_pokerstars, write_pokerstars
from engine.rules import Rake, standard_posts

DATA = Path(__file__).parent / "data"


def _act(
    number: int, player: int, action: str, amount: float = 0, cards: list[str] | None = None, all_in: bool = False
) -> dict[str, object]:
    entry: dict[str, object] = {
        "action_number": number,
        "player_id": player,
        "action": action,
        "amount": amount,
        "is_allin": all_in,
    }
    if cards is not None:
        entry["cards"] = cards
    return entry


def spec_hand() -> dict[str, object]:
    """A pot-limit Omaha hi/lo cash hand written by hand from the spec's fields: three players, the button in
    seat 7, a raise, a split pot with rake. Amounts are what each action puts in."""
    return {
        "ohh": {
            "spec_version": "1.4.7",
            "site_name": "Example",
            "network_name": "Example",
            "internal_version": "1",
            "tournament": False,
            "game_number": "42",
            "start_date_utc": "2015-10-23T15:52:33",
            "table_name": "Victoria",
            "game_type": "OmahaHiLo",
            "bet_limit": {"bet_type": "PL", "bet_cap": 0},
            "table_size": 9,
            "currency": "USD",
            "dealer_seat": 7,
            "small_blind_amount": 0.05,
            "big_blind_amount": 0.10,
            "ante_amount": 0,
            "hero_player_id": 0,
            "flags": [],
            "players": [
                {"id": 0, "seat": 2, "name": "Ann", "starting_stack": 10.00},
                {"id": 1, "seat": 5, "name": "Bob", "starting_stack": 8.00},
                {"id": 2, "seat": 7, "name": "Cy", "starting_stack": 12.00},
            ],
            "rounds": [
                {
                    "id": 0,
                    "street": "Preflop",
                    "cards": "",
                    "actions": [
                        _act(1, 0, "Post SB", 0.05),
                        _act(2, 1, "Post BB", 0.10),
                        _act(3, 0, "Dealt Cards", cards=["As", "2s", "Kd", "Qc"]),
                        _act(4, 2, "Raise", 0.30),
                        _act(5, 0, "Call", 0.25),
                        _act(6, 1, "Call", 0.20),
                    ],
                },
                {
                    "id": 1,
                    "street": "Flop",
                    "cards": ["3h", "4c", "Jd"],
                    "actions": [
                        _act(1, 0, "Check"),
                        _act(2, 1, "Bet", 0.50),
                        _act(3, 2, "Fold"),
                        _act(4, 0, "Raise", 2.00),
                        _act(5, 1, "Call", 1.50),
                    ],
                },
                {"id": 2, "street": "Turn", "cards": ["8h"], "actions": [_act(1, 0, "Check"), _act(2, 1, "Check")]},
                {"id": 3, "street": "River", "cards": ["Kh"], "actions": [_act(1, 0, "Check"), _act(2, 1, "Check")]},
                {
                    "id": 4,
                    "street": "Showdown",
                    "actions": [
                        _act(1, 0, "Shows Cards", cards=["As", "2s", "Kd", "Qc"]),
                        _act(2, 1, "Shows Cards", cards=["Jh", "Js", "9c", "9d"]),
                    ],
                },
            ],
            # 0.30 x 3 + 2.00 x 2 = 4.90 in the pot; rake 0.20; Bob's set of jacks wins high, Ann's A-2 low
            "pots": [
                {
                    "number": 0,
                    "amount": 4.90,
                    "rake": 0.20,
                    "player_wins": [{"player_id": 1, "win_amount": 2.35}, {"player_id": 0, "win_amount": 2.35}],
                }
            ],
        }
    }


def read_one(document: object) -> HandRecord:
    [record] = read_ohh(json.dumps(document), "hand.ohh")
    assert isinstance(record, HandRecord), record
    return record


def test_spec_hand_reads_as_the_engine_plays_it():
    record = read_one(spec_hand())
    assert record.players == ("Ann", "Bob", "Cy") and record.seat_labels == (2, 5, 7)
    assert record.button == 2 and record.scale == 100 and record.rake == 20
    # amounts are what each action puts in: Cy raises to 0.30, Ann (0.05 in) calls, Ann raises 2.00 over 0.50
    assert record.actions[:3] == ((2, Raise(30)), (0, Call()), (1, Call()))
    assert record.actions[3:8] == ((0, Check()), (1, Bet(50)), (2, Fold()), (0, Raise(200)), (1, Call()))
    assert record.collected == ((0, 1, 235), (0, 0, 235))
    report = replay(record)
    assert report.status == "ok", report.detail
    assert report.state is not None and report.state.stacks == (1005, 805, 1170)


def test_pot_payouts_are_checked_against_the_engines_hi_lo_split():
    document = spec_hand()
    pot = document["ohh"]["pots"][0]  # type: ignore[index]
    pot["player_wins"] = [{"player_id": 1, "win_amount": 4.70}]  # Bob scoops: but Ann's low takes half
    report = replay(read_one(document))
    assert report.status == "mismatch"
    assert "Ann collects 2.35, the record says 0" in report.detail


def test_pots_that_do_not_hold_what_was_put_in_are_an_error():
    document = spec_hand()
    document["ohh"]["pots"][0]["amount"] = 5.90  # type: ignore[index]
    [error] = read_ohh(json.dumps(document), "bad.ohh")
    assert isinstance(error, HistoryError)
    assert "the pots hold 5.9 but the players put in 4.9" in str(error)


def test_writing_a_read_hand_gives_the_same_record_back():
    record = read_one(spec_hand())
    [again] = read_ohh(write_ohh(record), "hand.ohh")
    assert isinstance(again, HandRecord)
    assert (again.actions, again.posts, again.hole, again.board, again.reveals) == (
        record.actions,
        record.posts,
        record.hole,
        record.board,
        record.reveals,
    )
    assert (again.collected, again.rake, again.finishing_stacks) == (
        record.collected,
        record.rake,
        record.finishing_stacks,
    )


def test_dead_blind_straddle_ante_and_all_in_post():
    """A dead small blind with a live big blind (one "Post Dead" of both), a straddle, antes, and a big blind
    posted all in for less: recorded at the amount due, as the engine wants."""
    document = spec_hand()
    hand = document["ohh"]
    hand["bet_limit"] = {"bet_type": "NL", "bet_cap": 0}
    hand["ante_amount"] = 0.01
    hand["players"].append({"id": 3, "seat": 9, "name": "Dee", "starting_stack": 0.06})  # type: ignore[union-attr]
    hand["rounds"] = [
        {
            "id": 0,
            "street": "Preflop",
            "actions": [
                _act(1, 0, "Post Ante", 0.01),
                _act(2, 1, "Post Ante", 0.01),
                _act(3, 2, "Post Ante", 0.01),
                _act(4, 3, "Post Ante", 0.01),
                _act(5, 3, "Post SB", 0.05, all_in=True),  # Dee (seat 9), left of the button
                _act(6, 0, "Post BB", 0.10),
                _act(7, 1, "Straddle", 0.20),
                _act(8, 2, "Post Dead", 0.15),
                _act(9, 2, "Fold"),
                _act(10, 0, "Fold"),
            ],
        },
        {"id": 1, "street": "Flop", "cards": ["3h", "4c", "Jd"], "actions": []},
        {"id": 2, "street": "Turn", "cards": ["8h"], "actions": []},
        {"id": 3, "street": "River", "cards": ["Kh"], "actions": []},
        {
            "id": 4,
            "street": "Showdown",
            "actions": [
                _act(1, 3, "Shows Cards", cards=["As", "2s", "Kd", "Qc"]),
                _act(2, 1, "Shows Cards", cards=["Jh", "Js", "9c", "9d"]),
            ],
        },
    ]
    # antes 0.04, Dee's 0.05, Ann's 0.10, Cy's 0.05 dead and 0.10 live, Bob's straddle less the 0.10 nobody
    # matched (returned): 0.44 in the pots
    hand["pots"] = []
    [error] = read_ohh(json.dumps(document))
    assert isinstance(error, HistoryError) and "the pots hold 0 but the players put in 0.44" in str(error)
    hand["pots"] = [{"number": 0, "amount": 0.44, "rake": 0, "player_wins": []}]
    record = read_one(document)
    kinds = [(p.seat, p.kind, p.amount) for p in record.posts]
    assert kinds == [
        (0, "ante", 1),
        (1, "ante", 1),
        (2, "ante", 1),
        (3, "ante", 1),
        (3, "small blind", 5),
        (0, "big blind", 10),
        (1, "straddle", 20),
        (2, "dead blind", 5),
        (2, "live blind", 10),
    ]
    report = replay(record)
    assert report.status == "mismatch" and "Bob collects" in report.detail, report.detail  # the pots pay nobody
    assert report.state is not None and report.state.is_over
    pots = report.state.result.pots  # type: ignore[union-attr]
    hand["pots"] = [
        {
            "number": i,
            "amount": (p.amount + p.rake) / 100,
            "rake": 0,
            "player_wins": [{"player_id": [0, 1, 2, 3][s], "win_amount": c / 100} for s, c in p.payouts],
        }
        for i, p in enumerate(pots)
    ]
    assert len(pots) == 2  # Dee all in for 0.06: a side pot
    assert replay(read_one(document)).status == "ok"


@pytest.mark.parametrize("flag", ["Run_It_Twice", "Bomb_Pot", "Cap"])
def test_flags_the_engine_cannot_replay_are_refused(flag):
    document = spec_hand()
    document["ohh"]["flags"] = [flag]  # type: ignore[index]
    [error] = read_ohh(json.dumps(document))
    assert isinstance(error, HistoryError) and flag in str(error) and "cannot be replayed" in str(error)


def test_a_second_flop_round_is_refused():
    document = spec_hand()
    rounds = document["ohh"]["rounds"]  # type: ignore[index]
    rounds.insert(4, {"id": 4, "street": "Flop", "cards": ["2c", "5c", "6c"], "actions": []})
    [error] = read_ohh(json.dumps(document))
    assert isinstance(error, HistoryError) and "run-it-twice" in str(error)


def test_many_hands_a_file_blank_lines_json_lines_and_arrays():
    one = spec_hand()
    two = copy.deepcopy(one)
    two["ohh"]["game_number"] = "43"  # type: ignore[index]
    spec_style = json.dumps(one, indent=4) + "\n\n" + json.dumps(two, indent=4) + "\n"
    lines = json.dumps(one) + "\n" + json.dumps(two) + "\n"
    array = json.dumps([one["ohh"], two["ohh"]])
    for text in (spec_style, lines, array):
        hands = read_ohh(text, "many.ohh")
        assert [h.id for h in hands if isinstance(h, HandRecord)] == ["42", "43"]


def test_a_bad_hand_does_not_stop_the_next():
    text = json.dumps(spec_hand()) + '\n\n{"ohh": {oops}\n\n' + json.dumps(spec_hand()) + "\n"
    hands = read_ohh(text, "mixed.ohh")
    assert [type(h).__name__ for h in hands] == ["HandRecord", "HistoryError", "HandRecord"]
    assert "line 3: not valid JSON" in str(hands[1])
    [empty] = read_ohh("  \n", "empty.ohh")
    assert isinstance(empty, HistoryError) and "no hand found" in str(empty)


def _random_hand(rules: Rules, stacks: tuple[int, ...], seed: int, straddle: bool = False):
    rng = random.Random(seed)
    posts = standard_posts(rules, len(stacks), 0, straddles=(2 * rules.big_blind,) if straddle else ())
    state = start_hand(rules, stacks, button=0, seed=seed, posts=posts)
    while not state.is_over:
        legal = state.legal_actions()
        if legal.show or legal.muck or legal.runs:
            state = state.apply(legal.default)
            continue
        choices: list[Action] = [Fold()] if legal.fold else []
        choices.append(Check() if legal.check else Call())
        if legal.wager is not None:
            wager = Bet if legal.wager == "bet" else Raise
            choices += [wager(legal.min_to), wager(legal.max_to)]
        state = state.apply(rng.choice(choices))
    return state


GAMES = [
    (Rules(FixedLimit(2, 4), blinds=(1, 2)), (60, 80, 100, 40)),
    (Rules(PotLimit(), blinds=(1, 2), ante=1, rake=Rake(5, cap=3, no_flop_no_drop=False)), (150, 90, 300)),
    (Rules(NoLimit(), blinds=(1, 2)), (50, 120, 200, 80, 35, 100)),
    (Rules(PotLimit(), blinds=(5, 10), hole_cards=5, hi_lo=True), (500, 400)),
    (Rules(NoLimit(), blinds=(1, 2), hi_lo=False), (100, 100, 100)),
]


@pytest.mark.parametrize("game", range(len(GAMES)))
def test_engine_hands_survive_ohh_and_replay_to_the_same_stacks(game):
    rules, stacks = GAMES[game]
    for seed in range(25):
        state = _random_hand(rules, stacks, seed, straddle=game == 2 and seed % 2 == 0)
        names = tuple(f"P{i}" for i in range(len(stacks)))
        text = write_ohh(state, players=names, hand_id=str(seed))
        [record] = read_ohh(text, "sim.ohh")
        assert isinstance(record, HandRecord), record
        report = replay(record)
        assert report.status == "ok", (seed, report.detail)
        assert report.state is not None and report.state.stacks == state.stacks
        betting = [a for a in state.actions if type(a).__name__ in ("Fold", "Check", "Call", "Bet", "Raise")]
        assert [a for _, a in record.actions] == betting


def test_phh_to_ohh_to_pokerstars_to_phh_keeps_every_action_and_chip():
    paths = sorted((DATA / "phh").rglob("*.phh"))
    assert paths
    for path in paths:
        for record in read_history(path):
            assert isinstance(record, HandRecord)
            [ohh] = read_ohh(write_ohh(record), "a.ohh")
            assert isinstance(ohh, HandRecord), ohh
            [stars] = read_pokerstars(write_pokerstars(ohh), "b.txt")
            assert isinstance(stars, HandRecord), stars
            [back] = read_phh(write_phh(stars), "c.phh")
            assert isinstance(back, HandRecord), back
            assert back.actions == record.actions, path
            assert back.starting_stacks == record.starting_stacks and back.posts == record.posts, path
            assert replay(back).finishing_stacks == replay(record).finishing_stacks, path


def test_pokerstars_hands_round_trip_through_ohh():
    for path in sorted((DATA / "pokerstars").rglob("*.txt")):
        for record in read_history(path):
            if not isinstance(record, HandRecord) or not replay(record).ok:
                continue
            [again] = read_ohh(write_ohh(record), "a.ohh")
            assert isinstance(again, HandRecord), (path, again)
            report = replay(again)
            assert report.ok, (path, report.detail)
            assert [record.to_units(c) for c in record.finishing_stacks or ()] == [
                again.to_units(c) for c in again.finishing_stacks or ()
            ], path


def test_what_ohh_cannot_say_is_refused_when_writing():
    odd = start_hand(Rules(FixedLimit(4, 8), blinds=(1, 2)), (50, 50), seed=1)
    while not odd.is_over:
        odd = odd.apply(odd.legal_actions().default)
    with pytest.raises(HistoryError, match="small bet is the big blind"):
        write_ohh(odd, players=("A", "B"))
    capped = start_hand(Rules(FixedLimit(2, 4, max_raises=4), blinds=(1, 2)), (50, 50), seed=1)
    while not capped.is_over:
        capped = capped.apply(capped.legal_actions().default)
    with pytest.raises(HistoryError, match="raise cap"):
        write_ohh(capped, players=("A", "B"))
    double = start_hand(Rules(NoLimit(), blinds=(1, 2), boards=2), (50, 50), seed=1)
    while not double.is_over:
        double = double.apply(double.legal_actions().default)
    with pytest.raises(HistoryError, match="several boards"):
        write_ohh(double, players=("A", "B"))


@attrs.frozen(slots=True)
class Spread(NoLimit):
    """A structure OHH has no bet_limit type for (issue 27: a contributor's new structure crashed the writer)."""

    name: ClassVar[str] = "test-spread"
    title: ClassVar[str] = "Test Spread"


def test_a_structure_ohh_cannot_name_is_refused_with_a_typed_error():
    hand = start_hand(Rules(Spread(), blinds=(1, 2)), (50, 50), seed=1)
    while not hand.is_over:
        hand = hand.apply(hand.legal_actions().default)
    message = r"OHH cannot write a hand of the 'test-spread' betting structure: its bet_limit types are FL \(Limit\)"
    with pytest.raises(HistoryError, match=message):
        write_ohh(hand, players=("A", "B"))
    with pytest.raises(HistoryError, match=message):
        write_ohh_hands([hand])


def test_files_and_command_line(tmp_path):
    path = tmp_path / "hands.ohh"
    path.write_text(write_ohh_hands([read_one(spec_hand())]), encoding="utf-8")
    out, err = io.StringIO(), io.StringIO()
    import contextlib

    with contextlib.redirect_stdout(out):
        assert main(["replay", str(path)], stderr=err) == 0
    assert "42  ok" in out.getvalue()
    unnamed = tmp_path / "hands.log"
    unnamed.write_text(path.read_text(encoding="utf-8"), encoding="utf-8")
    assert read_history(unnamed)[0].id == "42"  # JSON text is OHH whatever the name
    phh = tmp_path / "hands.phhs"
    with contextlib.redirect_stdout(io.StringIO()):
        assert main(["convert", str(path), "--to", "phh", "--out", str(phh)]) == 0
        assert main(["convert", str(phh), "--to", "ohh", "--out", str(tmp_path / "back.ohh")]) == 0
    [back] = read_history(tmp_path / "back.ohh")
    assert isinstance(back, HandRecord) and replay(back).ok


@settings(max_examples=150, deadline=None)
@given(st.text(max_size=300))
def test_the_reader_never_raises_on_any_text(text):
    hands = read_ohh(text, "fuzz.ohh")
    assert all(isinstance(h, (HandRecord, HistoryError)) for h in hands)


def _mutations() -> st.SearchStrategy[object]:
    leaves = st.one_of(
        st.none(),
        st.booleans(),
        st.integers(-5, 10**6),
        st.floats(allow_nan=False),
        st.text(max_size=8),
        st.just("As"),
        st.just(["As", "Kd"]),
    )
    return st.recursive(
        leaves,
        lambda inner: st.one_of(st.lists(inner, max_size=3), st.dictionaries(st.text(max_size=6), inner, max_size=3)),
        max_leaves=6,
    )


def _paths(value: object, prefix: tuple[object, ...] = ()) -> list[tuple[object, ...]]:
    out = [prefix]
    if isinstance(value, dict):
        for key, item in value.items():
            out += _paths(item, (*prefix, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            out += _paths(item, (*prefix, index))
    return out


SPEC_PATHS = _paths(spec_hand())[1:]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(SPEC_PATHS), _mutations()), min_size=1, max_size=3))
def test_the_reader_never_raises_on_a_damaged_hand(changes):
    document = spec_hand()
    for path, value in changes:
        target: object = document
        try:
            for key in path[:-1]:
                target = target[key]  # type: ignore[index]
            target[path[-1]] = value  # type: ignore[index]
        except (KeyError, IndexError, TypeError):
            continue
    hands = read_ohh(json.dumps(document), "fuzz.ohh")
    assert len(hands) == 1 and isinstance(hands[0], (HandRecord, HistoryError))
    if isinstance(hands[0], HandRecord):
        assert replay(hands[0]).status in ("ok", "mismatch", "error", "unchecked")


@pytest.mark.parametrize(
    ("sample", "currency", "money"),
    [
        ("pkr/play-money-pot-limit-uncalled-bet.txt", "XPM", "play money"),
        ("888/practice-play-fixed-limit-split.txt", "XPM", "play money"),
        ("bossmedia/play-money-fixed-limit-quartered.xml", "XPM", "play money"),
        ("bossmedia/cash-pot-limit-uncalled-bet-split-odd-chip.xml", "USD", "USD"),
        ("ggpoker/tournament-pot-limit-side-pot.txt", "", "tournament chips"),
    ],
)
def test_the_money_a_hand_is_in_is_written_as_ohh_says_it(sample: str, currency: str, money: str) -> None:
    """Issue 25, trial defect 7: PKR and 888 play money were written with currency "" and Boss Media's with
    "FUN", so stats put the converted hands in the wrong money rows; play money is XPM (docs/ohh.md)."""
    record = next(item for item in read_history(DATA / sample) if isinstance(item, HandRecord))
    text = write_ohh(record)
    assert json.loads(text)["ohh"]["currency"] == currency
    [back] = read_ohh(text, "back.ohh")
    assert isinstance(back, HandRecord) and back.money == record.money == money
