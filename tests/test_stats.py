"""Player statistics (docs/stats.md): each definition on a hand built for it, the same numbers from every
history format, the command line, and the winnings graph."""

from __future__ import annotations

import io
import json
import sys
from collections.abc import Sequence
from pathlib import Path

import pytest
from helpers import LIMIT
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import Bet, Call, Check, FixedLimit, Fold, HandState, NoLimit, Raise, Rules, start_hand
from engine.actions import Action
from engine.cli import main
from engine.games import SINGLE
from engine.history.ohh_writer import write_ohh
from engine.history.phh import write_phh
from engine.history.pokerstars_writer import write_pokerstars_state
from engine.rules import standard_posts
from engine.stats import PlayedHand, StatsError, allin, hand_facts, played_hands, player_stats
from tests.helpers import deck_for

NAMES = ("Ann", "Bob", "Cy", "Dee")  # button Ann (seat 0), small blind Bob, big blind Cy, Dee under the gun
DATA = Path(__file__).parent / "data"


def play(
    actions: Sequence[Action],
    rules: Rules = LIMIT,
    stacks: Sequence[int] = (100, 100, 100, 100),
    holes: dict[int, str] | None = None,
    board: str = "",
    **start: object,
) -> HandState:
    """A four-handed hand on a chosen deck, the actions given, then checks down to the end."""
    deck = deck_for(len(stacks), 0, holes or {}, board)
    state = start_hand(rules, stacks, button=0, deck=deck, **start)  # type: ignore[arg-type]
    for action in actions:
        state = state.apply(action)
    while not state.is_over:
        state = state.apply(Check() if state.legal_actions().check else Call())
    return state


def stats_of(*states: HandState, names: Sequence[str] = NAMES) -> dict[str, object]:
    players = player_stats(PlayedHand(state, tuple(names)) for state in states)
    return {name: stats.data() for name, stats in players.items()}


# --- VPIP and PFR -----------------------------------------------------------------------------------------------


def test_vpip_counts_calls_and_raises_preflop_not_blinds_or_a_check_in_the_big_blind() -> None:
    # Dee calls, Ann folds, Bob completes the small blind, Cy checks his option.
    state = play([Call(), Fold(), Call(), Check()])
    facts = hand_facts(state)
    assert [f.vpip for f in facts] == [False, True, False, True]
    assert not any(f.pfr for f in facts)
    data = stats_of(state)
    assert data["Cy"]["vpip"] == {"count": 0, "of": 1, "percent": 0.0}  # type: ignore[index]
    assert data["Dee"]["vpip"] == {"count": 1, "of": 1, "percent": 100.0}  # type: ignore[index]


def test_vpip_leaves_out_a_straddle_and_its_check() -> None:
    rules = Rules(NoLimit(), blinds=(1, 2))
    posts = standard_posts(rules, 4, 0, straddles=(4,))  # Dee straddles to 4 under the gun
    # Ann calls the straddle, Bob folds, Cy calls, Dee checks his straddle's option.
    state = play([Call(), Fold(), Call(), Check()], rules=rules, posts=posts)
    assert [f.vpip for f in hand_facts(state)] == [True, False, True, False]


def test_vpip_postflop_bets_do_not_count() -> None:
    # Dee, Ann and Bob limp, Cy checks his option; on the flop Bob checks, Cy bets and everyone folds.
    state = play([Call(), Call(), Call(), Check(), Check(), Bet(2), Fold(), Fold(), Fold()])
    assert [f.vpip for f in hand_facts(state)] == [True, True, False, True]
    assert hand_facts(state)[2].bets == 1


def test_pfr_is_a_raise_preflop() -> None:
    # Dee raises, Ann calls, Bob folds, Cy re-raises, Dee calls, Ann calls.
    state = play([Raise(4), Call(), Fold(), Raise(6), Call(), Call()])
    assert [f.pfr for f in hand_facts(state)] == [False, False, True, True]
    assert stats_of(state)["Dee"]["pfr"]["percent"] == 100.0  # type: ignore[index]


# --- 3-bet ------------------------------------------------------------------------------------------------------


def test_three_bet_is_a_reraise_of_one_raise_as_a_share_of_chances() -> None:
    # Dee opens, Ann 3-bets; Bob and Cy then face two raises (no 3-bet chance), Dee too.
    state = play([Raise(4), Raise(6), Fold(), Call(), Call()])
    facts = hand_facts(state)
    assert [f.three_bet_chance for f in facts] == [True, False, False, False]
    assert [f.three_bet for f in facts] == [True, False, False, False]
    # Dee opens, everyone calls: three chances, no 3-bet.
    flat = play([Raise(4), Call(), Call(), Call()])
    assert [f.three_bet_chance for f in hand_facts(flat)] == [True, True, True, False]
    assert not any(f.three_bet for f in hand_facts(flat))
    ann = stats_of(state, flat)["Ann"]
    assert ann["three_bet"] == {"count": 1, "of": 2, "percent": 50.0}  # type: ignore[index]


def test_three_bet_chance_needs_a_raise_to_be_allowed() -> None:
    # No limit; Ann has 6 chips, less than Dee's raise to 10: she may only call all in or fold.
    rules = Rules(NoLimit(), blinds=(1, 2))
    state = play([Raise(10), Call(), Fold(), Fold()], rules=rules, stacks=(6, 100, 100, 100))
    facts = hand_facts(state)
    assert not facts[0].three_bet_chance
    assert facts[1].three_bet_chance and facts[2].three_bet_chance  # Bob and Cy could raise: they folded


def test_three_bet_chance_limp_reraise_and_blinds_are_not_raises() -> None:
    # Dee limps, Ann raises (the first raise: the blinds are not raises), Bob folds, Cy folds, Dee re-raises.
    state = play([Call(), Raise(4), Fold(), Fold(), Raise(6), Call()])
    facts = hand_facts(state)
    assert facts[0].pfr and not facts[0].three_bet_chance
    assert facts[3].three_bet_chance and facts[3].three_bet


# --- aggression -------------------------------------------------------------------------------------------------


def test_aggression_counts_bets_raises_and_calls_after_the_flop_only() -> None:
    # Preflop: Dee raises, all call (preflop actions do not count). Flop: Bob bets, Cy raises, Dee folds,
    # Ann calls, Bob calls. Turn: Bob checks, Cy bets, Ann calls, Bob calls. River: checked down.
    state = play(
        [Raise(4), Call(), Call(), Call(), Bet(2), Raise(4), Fold(), Call(), Call(), Check(), Bet(4), Call(), Call()]
    )
    facts = hand_facts(state)
    assert [(f.bets, f.raises, f.calls) for f in facts] == [(0, 0, 2), (1, 0, 2), (1, 1, 0), (0, 0, 0)]
    data = stats_of(state)
    assert data["Ann"]["aggression"] == {"bets": 0, "raises": 0, "calls": 2, "factor": 0.0}  # type: ignore[index]
    assert data["Bob"]["aggression"]["factor"] == 0.5  # type: ignore[index]
    assert data["Cy"]["aggression"]["factor"] is None  # type: ignore[index]  # never called: undefined


# --- showdowns and the hi-lo halves ----------------------------------------------------------------------------

SPLIT = {  # on 2c 4d 7h Kc Qs: Ann makes kings (K-K) for the high, Bob the 7-4-3-2-A low, Cy nothing
    0: "Kd Ks 9c 9h",
    1: "Ah 3s Td Jc",
    2: "5s 5h Jd Jh",
    3: "6c 6d 8s 9s",
}
SPLIT_BOARD = "2c 4d 7h Kc Qs"


def test_wtsd_is_showdowns_of_flops_seen_and_wsd_showdowns_won() -> None:
    # Everyone limps; on the flop Bob bets, Cy and Dee fold, Ann calls; checked down: Ann high, Bob low.
    state = play([Call(), Call(), Call(), Check(), Bet(2), Fold(), Fold(), Call()], holes=SPLIT, board=SPLIT_BOARD)
    facts = hand_facts(state)
    assert [f.saw_flop for f in facts] == [True, True, True, True]
    assert [f.showdown for f in facts] == [True, True, False, False]
    assert [f.won_showdown for f in facts] == [True, True, False, False]
    # Preflop fold: neither the flop nor the showdown.
    folded = play([Fold(), Fold(), Call(), Check()], holes=SPLIT, board=SPLIT_BOARD)
    assert [f.saw_flop for f in hand_facts(folded)] == [False, True, True, False]
    data = stats_of(state, folded)
    assert data["Ann"]["wtsd"] == {"count": 1, "of": 1, "percent": 100.0}  # type: ignore[index]
    assert data["Cy"]["wtsd"] == {"count": 1, "of": 2, "percent": 50.0}  # type: ignore[index]
    assert data["Cy"]["wsd"] == {"count": 1, "of": 1, "percent": 100.0}  # type: ignore[index]  # jacks, high
    assert data["Dee"]["wtsd"] == {"count": 0, "of": 1, "percent": 0.0}  # type: ignore[index]
    assert data["Dee"]["wsd"] == {"count": 0, "of": 0, "percent": None}  # type: ignore[index]  # no showdown


def test_wtsd_counts_a_player_all_in_before_the_flop() -> None:
    rules = Rules(NoLimit(), blinds=(1, 2))
    state = play([Raise(100), Fold(), Fold(), Call()], rules=rules, holes=SPLIT, board=SPLIT_BOARD)
    facts = hand_facts(state)
    assert [f.saw_flop for f in facts] == [False, False, True, True]
    assert [f.showdown for f in facts] == [False, False, True, True]


def test_won_high_and_low_split_the_pot() -> None:
    state = play([Call(), Call(), Call(), Check(), Bet(2), Fold(), Fold(), Call()], holes=SPLIT, board=SPLIT_BOARD)
    ann, bob = hand_facts(state)[:2]
    assert (ann.won_high, ann.won_low, ann.scooped, ann.quartered) == (True, False, False, False)
    assert (bob.won_high, bob.won_low, bob.scooped, bob.quartered) == (False, True, False, False)
    assert (ann.high_chips, ann.low_chips, bob.high_chips, bob.low_chips) == (6, 0, 0, 6)  # a 12-chip pot
    assert (ann.net, bob.net) == (2, 2)


def test_scooped_is_every_part_of_every_contested_pot() -> None:
    holes = {**SPLIT, 0: "Ad 3c Kd Ks"}  # Ann: kings for the high and 7-4-3-2-A for the low; Bob ties the low
    state = play([Call(), Call(), Call(), Check(), Bet(2), Fold(), Fold(), Call()], holes=holes, board=SPLIT_BOARD)
    ann, bob = hand_facts(state)[:2]
    assert ann.won_high and ann.won_low and not ann.scooped and ann.quartered  # the low is tied: not a scoop
    assert bob.quartered and bob.won_low and not bob.won_high
    assert (ann.high_chips, ann.low_chips, bob.low_chips) == (6, 3, 3)
    alone = {**SPLIT, 0: "Ad 3c Kd Ks", 1: "Th Tc Js 9d"}  # now nobody else has a low
    scoop = play([Call(), Call(), Call(), Check(), Bet(2), Fold(), Fold(), Call()], holes=alone, board=SPLIT_BOARD)
    ann = hand_facts(scoop)[0]
    assert ann.scooped and ann.won_high and ann.won_low and not ann.quartered
    data = stats_of(state, scoop)["Ann"]
    assert data["scooped"] == {"count": 1, "of": 2, "percent": 50.0}  # type: ignore[index]
    assert data["quartered"] == {"count": 1, "of": 2, "percent": 50.0}  # type: ignore[index]


def test_a_pot_nobody_contests_is_won_but_not_at_a_showdown() -> None:
    state = play([Raise(4), Fold(), Fold(), Fold()])
    dee = hand_facts(state)[3]
    assert dee.net == 3 and not dee.won_showdown and not dee.scooped and not dee.won_high
    assert (dee.high_chips, dee.low_chips) == (0, 0)


# --- net and bb/100 ---------------------------------------------------------------------------------------------


def test_net_and_bb_per_100_use_each_hands_big_blind() -> None:
    small = play([Raise(4), Fold(), Fold(), Fold()])  # Dee wins the blinds, 3 chips: 1.5 big blinds of 2
    big_rules = Rules(FixedLimit(10, 20), blinds=(5, 10))
    big = play([Fold(), Fold(), Fold()], rules=big_rules, stacks=(500, 500, 500, 500))  # Bob folds his 5: -0.5 bb
    players = player_stats([PlayedHand(small, NAMES), PlayedHand(big, NAMES)])
    assert players["Dee"].data()["net"] == 3 and players["Dee"].bb_per_100 == pytest.approx(100 * 1.5 / 2)
    assert players["Bob"].net_chips == -1 - 5  # his small blind in each hand
    assert players["Bob"].bb_per_100 == pytest.approx(100 * (-0.5 - 0.5) / 2)
    assert players["Cy"].data()["net_bb"] == pytest.approx(-1 + 0.5)


def test_net_is_in_the_records_units() -> None:
    state = play([Raise(4), Fold(), Fold(), Fold()])
    [stats] = [s for s in player_stats([PlayedHand(state, NAMES, scale=100)]).values() if s.name == "Dee"]
    assert stats.data()["net"] == 0.03 and stats.data()["net_chips"] == 3


# --- the all-in-adjusted net ----------------------------------------------------------------------------------


def test_allin_adjusted_net_credits_each_pot_by_equity_when_the_money_went_in() -> None:
    equity = pytest.importorskip(
        "engine.equity", reason='could not import numpy: pip install -e ".[test-equity]" to run these tests'
    )
    all_in_ev = pytest.importorskip(
        "engine.equity.allin", reason='could not import numpy: pip install -e ".[test-equity]" to run these tests'
    ).all_in_ev
    rules = Rules(NoLimit(), blinds=(1, 2))
    # Dee shoves 100 preflop, Bob calls; Ann and Cy fold. Ann's kings against Bob's A-3: preflop equity.
    state = play([Raise(100), Fold(), Call(), Fold()], rules=rules, holes=SPLIT, board=SPLIT_BOARD)
    assert all_in_ev(state).board == ("",)  # the money went in preflop
    odds = equity.equity(["6c 6d 8s 9s", "Ah 3s Td Jc"], "", seed=0)
    adjusted = allin.adjusted_net(state)
    pot = 202  # 100 each and Cy's big blind
    assert adjusted[3] == pytest.approx(pot * odds.players[0].equity - 100)
    assert adjusted[1] == pytest.approx(pot * odds.players[1].equity - 100)
    assert adjusted[2] == -2 and adjusted[0] == 0
    assert sum(adjusted) == pytest.approx(0)
    assert round(adjusted[1] - state.result.net[1], 6) != 0  # type: ignore[union-attr]  # luck taken out


def test_allin_adjusted_net_uses_the_flop_when_the_money_went_in_on_the_flop() -> None:
    equity = pytest.importorskip(
        "engine.equity", reason='could not import numpy: pip install -e ".[test-equity]" to run these tests'
    )
    all_in_ev = pytest.importorskip(
        "engine.equity.allin", reason='could not import numpy: pip install -e ".[test-equity]" to run these tests'
    ).all_in_ev
    rules = Rules(NoLimit(), blinds=(1, 2))
    # Everyone limps; on the flop Bob shoves, Ann calls, the others fold.
    state = play(
        [Call(), Call(), Call(), Check(), Bet(98), Fold(), Fold(), Call()], rules=rules, holes=SPLIT, board=SPLIT_BOARD
    )
    assert all_in_ev(state).board == ("2c 4d 7h",)
    odds = equity.equity(["Kd Ks 9c 9h", "Ah 3s Td Jc"], "2c 4d 7h", seed=0)
    adjusted = allin.adjusted_net(state)
    assert adjusted[0] == pytest.approx(204 * odds.players[0].equity - 100)
    assert adjusted[2] == adjusted[3] == -2


def test_allin_adjusted_net_is_the_net_without_an_allin() -> None:
    all_in_ev = pytest.importorskip(
        "engine.equity.allin", reason='could not import numpy: pip install -e ".[test-equity]" to run these tests'
    ).all_in_ev
    state = play([Call(), Call(), Call(), Check(), Bet(2), Fold(), Fold(), Call()], holes=SPLIT, board=SPLIT_BOARD)
    assert all_in_ev(state) is None
    assert allin.adjusted_net(state) == tuple(float(net) for net in state.result.net)  # type: ignore[union-attr]
    players = player_stats([PlayedHand(state, NAMES)], adjust=True)
    assert players["Ann"].data()["allin_adjusted_net"] == 2
    assert player_stats([PlayedHand(state, NAMES)], adjust=False)["Ann"].data()["allin_adjusted_net"] is None


# --- every format gives the same numbers ----------------------------------------------------------------------


def _hands() -> list[HandState]:
    return [
        play([Call(), Call(), Call(), Check(), Bet(2), Fold(), Fold(), Call()], holes=SPLIT, board=SPLIT_BOARD),
        play([Raise(4), Raise(6), Fold(), Call(), Call(), Bet(2), Raise(4), Call(), Call()]),
        play([Raise(4), Fold(), Fold(), Fold()]),
    ]


def test_phh_pokerstars_and_ohh_files_give_the_same_statistics(tmp_path: Path) -> None:
    states = _hands()
    (tmp_path / "hands.phhs").write_text(
        "".join(f"[{i}]\n" + write_phh(s, players=NAMES) + "\n" for i, s in enumerate(states, 1))
    )
    (tmp_path / "hands.txt").write_text(
        "\n\n\n".join(write_pokerstars_state(s, NAMES, str(i)) for i, s in enumerate(states, 1))
    )
    (tmp_path / "hands.ohh").write_text(
        "\n\n".join(write_ohh(s, players=NAMES, hand_id=str(i)) for i, s in enumerate(states, 1))
    )
    direct = stats_of(*states)
    for name in ("hands.phhs", "hands.txt", "hands.ohh"):
        read = {n: s.data() for n, s in player_stats(played_hands([tmp_path / name])).items()}
        assert read == direct, name


def test_simulate_out_files_give_the_simulators_own_results(tmp_path: Path) -> None:
    out = tmp_path / "match.phhs"
    report = io.StringIO()
    assert (
        main(
            ["simulate", "--hands", "60", "--seed", "5", "--bots", "hilo,random,caller", "--out", str(out), "--json"],
            stdout=report,
            stderr=io.StringIO(),
        )
        == 0
    )
    bots = {bot["name"]: bot for bot in json.loads(report.getvalue())["bots"]}
    players = player_stats(played_hands([out]))
    assert set(players) == set(bots)
    for name, stats in players.items():
        data, bot = stats.data(), bots[name]
        assert (stats.hands, data["net_chips"], stats.showdowns) == (bot["hands"], bot["net"], bot["showdowns"])
        assert (stats.won_high, stats.won_low, stats.scooped, stats.quartered) == (
            bot["high"],
            bot["low"],
            bot["scooped"],
            bot["quartered"],
        )
        assert data["bb_per_100"] == pytest.approx(bot["bb_per_100"], abs=1e-3)


def test_the_high_and_low_chips_add_up_to_what_was_won_at_showdowns(tmp_path: Path) -> None:
    out = tmp_path / "match.txt"
    assert (
        main(
            ["simulate", "--hands", "40", "--seed", "9", "--game", "pot-limit", "--out", str(out)],
            stdout=io.StringIO(),
            stderr=io.StringIO(),
        )
        == 0
    )
    for hand in played_hands([out]):
        result = hand.state.result
        assert result is not None
        for seat, facts in enumerate(hand_facts(hand.state)):
            at_showdown = sum(pot.paid(seat) for pot in result.pots if result.showdown and len(pot.eligible) > 1)
            assert facts.high_chips + facts.low_chips == at_showdown


def test_real_logs_give_statistics_for_every_player() -> None:
    files = sorted((DATA / "phh" / "wsop-2023-43-5").glob("*.phh"))
    players = player_stats(played_hands(files))
    assert sum(stats.hands for stats in players.values()) == sum(len(hand.names) for hand in played_hands(files))
    for stats in players.values():
        rates = stats.rates()
        assert rates["pfr"].count <= rates["vpip"].count <= stats.hands
        assert rates["wsd"].count <= rates["wtsd"].count <= stats.saw_flop <= stats.hands


# --- the command line ------------------------------------------------------------------------------------------


def run(*args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(["stats", *args], stdout=out, stderr=err)
    return code, out.getvalue(), err.getvalue()


def _match_file(tmp_path: Path, hands: int = 30) -> Path:
    out = tmp_path / "match.phhs"
    assert (
        main(
            ["simulate", "--hands", str(hands), "--seed", "3", "--out", str(out)],
            stdout=io.StringIO(),
            stderr=io.StringIO(),
        )
        == 0
    )
    return out


def test_command_prints_a_table_and_json(tmp_path: Path) -> None:
    path = _match_file(tmp_path)
    code, out, _ = run(str(path))
    assert code == 0 and out.splitlines()[0].split()[:4] == ["player", "hands", "VPIP", "PFR"]
    assert "30 hands" in out
    code, out, _ = run(str(path), "--json", "--player", "caller")
    document = json.loads(out)
    assert code == 0 and document["hands"] == 30 and document["refused"] == []
    [caller] = document["players"]
    assert caller["name"] == "caller" and caller["hands"] == 30
    assert set(caller) == {
        "name",
        "money",
        "hands",
        "vpip",
        "pfr",
        "three_bet",
        "wtsd",
        "wsd",
        "won_high",
        "won_low",
        "scooped",
        "quartered",
        "aggression",
        "net",
        "net_chips",
        "net_bb",
        "bb_per_100",
        "allin_adjusted_net",
        "allin_adjusted_bb_per_100",
    }
    assert caller["pfr"]["count"] == 0 and caller["aggression"]["bets"] == 0  # the caller bot never bets


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["missing.phh"], "no such file"),
        (["{match}", "--player", "nobody"], "no hand has a player named 'nobody'"),
        (["{match}", "--plot", "graph.txt"], "--plot"),
        (["{match}", "--plot", "{tmp}/no/such/folder/graph.png"], "does not exist"),
        (["{garbage}"], "no hand found"),
    ],
)
def test_command_bad_input_is_one_line_and_exit_2(tmp_path: Path, args: list[str], words: str) -> None:
    garbage = tmp_path / "garbage.txt"
    garbage.write_text("this is not a hand history\n")
    values = {"match": str(_match_file(tmp_path, 5)), "tmp": str(tmp_path), "garbage": str(garbage)}
    code, out, err = run(*[arg.format(**values) for arg in args])
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and words in err and err.startswith("error: ")


def test_played_hands_refuses_a_bad_hand_or_lists_it(tmp_path: Path) -> None:
    good = write_phh(play([Raise(4), Fold(), Fold(), Fold()]), players=NAMES)
    mismatch = good.replace("finishing_stacks = [", "finishing_stacks = [1", 1)
    path = tmp_path / "two.phhs"
    path.write_text(f"[1]\n{good}\n[2]\n{mismatch}")
    with pytest.raises(StatsError, match="mismatch"):
        list(played_hands([path]))
    refused: list[str] = []
    assert len(list(played_hands([path], refused=refused))) == 1
    assert len(refused) == 1 and "mismatch" in refused[0]
    with pytest.raises(StatsError, match="no such file"):
        list(played_hands([tmp_path / "nothing.phh"]))
    illegal = good.replace('"p3 cbr 4"', '"p3 cbr 3"', 1)  # a raise below the minimum: not played at all
    assert illegal != good
    path.write_text(f"[1]\n{illegal}")
    with pytest.raises(StatsError, match=r"hand #1: cannot be replayed: action \d+ .*cannot raise") as refusal:
        list(played_hands([path]))
    assert "error" not in str(refusal.value)  # the command line says "error: " once, before it


def test_hand_facts_needs_a_finished_hand() -> None:
    with pytest.raises(StatsError, match="finished"):
        hand_facts(start_hand(LIMIT, (100, 100), seed=1))
    state = play([Raise(4), Fold(), Fold(), Fold()])
    with pytest.raises(StatsError, match="3 names for a hand of 4 seats"):
        player_stats([PlayedHand(state, NAMES[:3])])


def test_command_skip_bad_leaves_out_a_bad_hand_and_names_it(tmp_path: Path) -> None:
    good = write_phh(play([Raise(4), Fold(), Fold(), Fold()]), players=NAMES)
    bad = good.replace("actions = [", 'actions = ["d dh p1 2c3c4c5c", ', 1)
    path = tmp_path / "two.phhs"
    path.write_text(f"[1]\n{good}\n[2]\n{bad}")
    code, _, err = run(str(path))
    assert code == 2 and "--skip-bad" in err
    code, out, err = run(str(path), "--skip-bad")
    assert code == 0 and "1 hand read, 1 refused (named on standard error)" in out and err.startswith("refused: ")


def test_command_draws_the_graph(tmp_path: Path) -> None:
    pytest.importorskip(
        "matplotlib", reason='could not import matplotlib: pip install -e ".[test-plot]" to run these tests'
    )
    path, graph = _match_file(tmp_path, 40), tmp_path / "graph.png"
    code, out, _ = run(str(path), "--plot", str(graph), "--player", "hilo", "--player", "random")
    assert code == 0 and f"Graph written to {graph}" in out
    data = graph.read_bytes()
    assert data.startswith(b"\x89PNG\r\n\x1a\n") and len(data) > 5000


def test_command_without_numpy_says_the_adjusted_net_is_left_out(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = _match_file(tmp_path, 10)
    monkeypatch.setattr(allin, "_allin_module", lambda: None)
    code, out, _ = run(str(path))
    assert code == 0 and "needs numpy" in out
    assert all(line.split()[-1] == "-" for line in out.splitlines()[1:4])
    code, out, _ = run(str(path), "--json")
    assert all(player["allin_adjusted_net"] is None for player in json.loads(out)["players"])


def test_command_plot_without_matplotlib_is_one_line_and_exit_2(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = _match_file(tmp_path, 5)
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # import matplotlib raises ImportError
    code, out, err = run(str(path), "--plot", str(tmp_path / "graph.png"))
    assert code == 2 and out == "" and "pip install" in err and len(err.splitlines()) == 1
    assert not (tmp_path / "graph.png").exists()


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**32), game=st.sampled_from(SINGLE))
def test_facts_hold_together_on_random_matches(seed: int, game: str) -> None:
    from engine.bots import make_bot
    from engine.cli import build_game
    from engine.match import play_match

    hands: list[HandState] = []
    bots = [make_bot(kind, seed=seed + i) for i, kind in enumerate(("random", "hilo", "caller", "random"))]
    play_match(bots, build_game(game, None, None), 12, seed=seed, on_hand=lambda hand: hands.append(hand.state))
    for state in hands:
        facts = hand_facts(state)
        assert state.result is not None
        assert sum(f.net for f in facts) == -state.result.rake
        for f in facts:
            assert f.vpip or not f.pfr  # a preflop raise puts chips in voluntarily
            assert f.three_bet_chance or not f.three_bet
            assert f.saw_flop or not f.showdown
            assert f.showdown or not f.won_showdown
            assert f.won_showdown or not (f.won_high or f.won_low or f.scooped or f.quartered)
            assert f.won_high or f.won_low or not f.scooped


def test_results_in_two_currencies_are_never_added_up(tmp_path: Path) -> None:
    """Defect 6 of the newcomer's trial: one player's dollars and euros (or money and tournament chips) were
    summed into one net. As a tracker does, each kind of money is a row of its own, labelled, with a note."""
    sample = (Path(__file__).parent / "data" / "pokerstars" / "project" / "fold-with-nothing-to-call.txt").read_text()
    (tmp_path / "usd.txt").write_text(sample, encoding="utf-8")
    euros = sample.replace("$", "€").replace(" USD)", " EUR)").replace("#118475720102", "#118475720199")
    (tmp_path / "eur.txt").write_text(euros, encoding="utf-8")
    code, out, _ = run(str(tmp_path), "--json")
    players = {player["name"] + " " + player["money"]: player for player in json.loads(out)["players"]}
    assert code == 0 and players["kelpie_ann USD"]["net"] == 0.47 and players["kelpie_ann EUR"]["net"] == 0.47
    assert players["kelpie_ann USD"]["hands"] == players["kelpie_ann EUR"]["hands"] == 1
    code, out, _ = run(str(tmp_path), "--player", "kelpie_ann")
    lines = out.splitlines()
    assert code == 0 and [line.split("  ")[0] for line in lines[1:3]] == ["kelpie_ann (EUR)", "kelpie_ann (USD)"]
    assert "note: kelpie_ann played in more than one kind of money (EUR, USD): never added up" in out
    code, out, _ = run(str(tmp_path / "usd.txt"), "--player", "kelpie_ann")
    assert code == 0 and "kelpie_ann " in out and "(USD)" not in out and "note:" not in out  # one money: its name
