"""Bots: the fast bot view equals the real view and leaks nothing; the built-in bots play legally and as
documented; action text as people type it."""

from __future__ import annotations

import copy
import pickle

import attrs
import pytest
from helpers import LIMIT, deck_for
from hypothesis import given
from random_play import played_hands

from engine import (
    Bet,
    Call,
    Check,
    FixedLimit,
    Fold,
    HandState,
    IllegalAction,
    Muck,
    NoLimit,
    PotLimit,
    Raise,
    Rules,
    RunIt,
    SeatView,
    Show,
    ShowdownPolicy,
    Street,
    from_json,
    parse_cards,
    start_hand,
    to_json,
)
from engine.bots import (
    Bot,
    CallingStation,
    HiLoBot,
    RandomBot,
    ScriptedBot,
    ScriptExhausted,
    bot_view,
    describe_legal,
    fault_action,
    make_bot,
    parse_action,
)
from engine.bots.hilo import nut_low, starting_points
from engine.errors import EngineError
from engine.state import LegalActions

# --- the bot view -------------------------------------------------------------------------------------------


@given(played_hands())
def test_bot_view_equals_the_real_view_at_every_state(states: list[HandState]) -> None:
    for state in states:
        for seat in range(state.players):
            real = state.view(seat)
            fast = bot_view(state, seat)
            assert isinstance(fast, SeatView)
            assert fast == real and real == fast
            assert not (fast != real) and not (real != fast)  # noqa: SIM202 - != as well as ==
            assert hash(fast) == hash(real)
            # Every field and worked-out property, each read first from a fresh view.
            for name in [field.name for field in attrs.fields(SeatView) if field.eq] + ["pots", "all_in"]:
                assert getattr(bot_view(state, seat), name) == getattr(real, name), name
            assert to_json(bot_view(state, seat)) == to_json(real)
            assert repr(bot_view(state, seat)) == repr(real)


@given(played_hands())
def test_a_bot_view_holds_no_card_the_seat_may_not_see(states: list[HandState]) -> None:
    state = states[len(states) // 2]
    for seat in range(state.players):
        view = bot_view(state, seat)
        allowed = set(state.board) | set(state.hole[seat])
        allowed |= {card for other in range(state.players) if state.shown[other] for card in state.hole[other]}
        secret = set(state.deck) - allowed
        # Before its events are read, the view holds the public facts to replay them from (from the showdown on,
        # nothing: the view is built whole), then every field.
        facts = view._replay
        assert (facts is None) == (state.street >= Street.SHOWDOWN)
        held = [facts, *(getattr(view, field.name) for field in attrs.fields(SeatView))]
        text = repr(pickle.dumps(view)) + repr(held) + to_json(view)
        assert not any(f"Card('{card}')" in repr(held) for card in secret)
        assert from_json(to_json(view)) == view
        assert "deck" not in text


def test_a_bot_view_is_frozen_and_survives_copies() -> None:
    state = start_hand(LIMIT, (50, 50, 50), seed=3).apply(Call()).apply(Call()).apply(Check())
    view = bot_view(state, 1)
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        view.seat = 2  # type: ignore[misc]
    assert pickle.loads(pickle.dumps(view)) == state.view(1)
    assert attrs.evolve(view, seat=1) == state.view(1)
    assert view.events == state.view(1).events and view.pots == state.pots
    assert repr(view).startswith("SeatView(seat=1,")
    assert copy.copy(bot_view(state, 1)) == state.view(1) and type(bot_view(state, 1)) is SeatView


def test_a_bot_view_replays_its_events_once_and_only_when_they_are_read() -> None:
    state = start_hand(LIMIT, (50, 50, 50), seed=3).apply(Call()).apply(Call()).apply(Check())
    view = bot_view(state, 1)
    assert view._replay is not None and state._events_cache is None  # nothing replayed yet, not even the state's
    events = view.events
    assert view._replay is None and view.events is events  # replayed once, then kept like any field
    assert events == state.view(1).events
    with pytest.raises(AttributeError, match="no_such_field"):
        view.no_such_field  # type: ignore[attr-defined]  # noqa: B018 - only events are worked out when read


# --- the built-in bots ---------------------------------------------------------------------------------------


def _play(bots: list[Bot], rules: Rules, seed: int, stacks: int = 200) -> HandState:
    state = start_hand(rules, (stacks,) * len(bots), button=seed % len(bots), seed=seed)
    while not state.is_over:
        actor = state.actor
        assert actor is not None
        action = bots[actor].act(bot_view(state, actor))
        assert state.legal_actions().allows(action), (action, state.legal_actions())
        state = state.apply(action)
    return state


@pytest.mark.parametrize(
    "rules",
    [
        LIMIT,
        Rules(PotLimit(), blinds=(1, 2)),
        Rules(NoLimit(), blinds=(1, 2)),
        Rules(PotLimit(), blinds=(1, 2), hole_cards=5, hi_lo=False),
        Rules(FixedLimit(2, 4), showdown=ShowdownPolicy.MANUAL),
    ],
)
def test_built_in_bots_always_play_legal_actions(rules: Rules) -> None:
    for seed in range(40):
        bots: list[Bot] = [
            HiLoBot(),
            RandomBot(seed=seed, amount="random"),
            CallingStation(),
            HiLoBot(),
            RandomBot(seed=seed + 1),
        ]
        state = _play(bots, rules, seed, stacks=60)
        assert state.is_over and sum(state.stacks) == 300


def test_random_bot_is_reproducible_and_follows_its_weights() -> None:
    state = start_hand(LIMIT, (100,) * 3, seed=1)  # seat 0 faces the big blind: fold, call, raise all legal
    view = bot_view(state, 0)
    first = [RandomBot(seed=5).act(view) for _ in range(3)]
    assert first == [RandomBot(seed=5).act(view)] * 3
    bot = RandomBot(seed=9)
    counts = {Fold: 0, Call: 0, Raise: 0}
    for _ in range(4000):
        counts[type(bot.act(view))] += 1  # type: ignore[index]
    assert 0.12 < counts[Fold] / 4000 < 0.18 and 0.22 < counts[Raise] / 4000 < 0.28
    never_fold = RandomBot(weights=(1, 0, 0), seed=1)
    checked = state.apply(Call()).apply(Call()).apply(Check())  # the flop: nothing to call
    assert never_fold.act(bot_view(checked, checked.actor or 0)) == Check()  # a fold that is not legal: check
    assert isinstance(RandomBot(weights=(0, 0, 1), seed=1).act(view), Raise)
    with pytest.raises(ValueError, match="weights"):
        RandomBot(weights=(0, 0, 0))
    with pytest.raises(ValueError, match="amount"):
        RandomBot(amount="huge")


def test_random_amounts_stay_in_the_legal_range() -> None:
    state = start_hand(Rules(NoLimit(), blinds=(1, 2)), (100,) * 3, seed=1)
    bot = RandomBot(weights=(0, 0, 1), seed=2, amount="random")
    amounts = {bot.act(bot_view(state, 0)).to for _ in range(300)}  # type: ignore[union-attr]
    assert min(amounts) >= 4 and max(amounts) <= 100 and len(amounts) > 20


def test_calling_station_never_folds_or_raises() -> None:
    state = start_hand(LIMIT, (100,) * 3, seed=1)
    assert CallingStation().act(bot_view(state, 0)) == Call()
    state = state.apply(Call()).apply(Call()).apply(Check())
    assert CallingStation().act(bot_view(state, state.actor or 0)) == Check()


def test_scripted_bot_plays_its_list_then_hands_over_or_fails() -> None:
    state = start_hand(LIMIT, (100,) * 3, seed=1)
    view = bot_view(state, 0)
    bot = ScriptedBot(["r", Call(), "fold"], then=CallingStation())
    assert [bot.act(view) for _ in range(4)] == [Raise(4), Call(), Fold(), Call()]
    with pytest.raises(ScriptExhausted):
        ScriptedBot([]).act(view)
    with pytest.raises(IllegalAction):
        ScriptedBot(["show"]).act(view)  # text is read against the legal actions


def test_starting_hand_points_rank_hi_lo_hands_sensibly() -> None:
    def points(text: str) -> int:
        return starting_points(parse_cards(text))

    assert points("As 2s 3d Kd") >= 8  # A-2-3 with a suited ace: raise
    assert points("Ah Ad 2c 3s") >= 8
    assert 5 <= points("Ac 2d Kh Qs") < 8  # A-2 alone: call
    assert 3 <= points("2c 3d 4h 5s") < 5  # four wheel cards, no ace: one bet
    assert points("9c 8d 7h 6s") < 3  # middle cards win neither half: fold
    assert points("Kc Kd Kh 2s") < 3  # three of a rank


def test_nut_low_reads_the_board() -> None:
    assert nut_low(parse_cards("Kc Qd Jh")) == 0
    board = parse_cards("3c 4d 8h")
    assert nut_low(board) == 256 - 0b10001111  # A-2 makes 8-4-3-2-A
    assert nut_low(parse_cards("2c 3d 4h 5s Kd")) == 256 - 0b11111  # the wheel


def test_hilo_bot_raises_a_premium_start_and_folds_trash() -> None:
    premium = deck_for(3, 0, {1: "As 2s 3d Kd", 2: "9c 8d 7h 6s", 0: "Kc Qc Jd Th"})
    state = start_hand(LIMIT, (100,) * 3, button=0, deck=premium)
    # Heads-up order is not in play: with three players the button (seat 0) acts first preflop.
    assert HiLoBot().act(bot_view(state, 0)) == Call()  # K-Q-J-T scores 3: it calls one bet
    state = state.apply(Raise(4))
    assert HiLoBot().act(bot_view(state, 1)) == Raise(6)  # A-2-3 suited ace: reraise
    state = state.apply(Raise(6))
    assert HiLoBot().act(bot_view(state, 2)) == Fold()  # 9-8-7-6 facing two raises


def test_hilo_bot_scoops_with_two_way_hands_and_fears_quartering() -> None:
    # On 2-5-8 the nut low is A-3. Seat 1 has it with a set of eights: a two-way hand, it bets.
    deck = deck_for(
        4, 0, {1: "Ac 3d 8s 8h", 2: "Ah 3s Kc Qd", 3: "Tc Td Th 7s", 0: "Jc Js 9c 9d"}, board="2d 5s 8c Kh Jd"
    )
    state = start_hand(LIMIT, (100,) * 4, button=0, deck=deck)
    for _ in range(4):
        state = state.apply(Call() if state.legal_actions().call else Check())
    assert state.board and state.actor == 1
    assert HiLoBot().act(bot_view(state, 1)) == Bet(2)
    state = state.apply(Bet(2))
    # Seat 2 has the same nut low and no high: with four players in, a raise would be quartered; it calls.
    assert HiLoBot().act(bot_view(state, 2)) == Call()
    # Heads-up, the same hand raises.
    heads_up = start_hand(
        LIMIT, (100,) * 2, button=0, deck=deck_for(2, 0, {0: "Ac 3d 8s 8h", 1: "Ah 3s Kc Qd"}, board="2d 5s 8c Kh Jd")
    )
    heads_up = heads_up.apply(Call()).apply(Check())
    assert heads_up.actor == 1
    assert HiLoBot().act(bot_view(heads_up, 1)) == Bet(2)  # first to act after the flop: it bets its nut low
    heads_up = heads_up.apply(Check())
    heads_up = heads_up.apply(Bet(2))
    assert HiLoBot().act(bot_view(heads_up, 1)) == Raise(4)


def test_fault_action_checks_else_folds_else_shows() -> None:
    assert fault_action(LegalActions(0, check=True, wager="bet", min_to=2, max_to=2)) == Check()
    assert fault_action(LegalActions(0, fold=True, call=2)) == Fold()
    assert fault_action(LegalActions(0, show=True, muck=True)) == Show()


def test_make_bot_knows_the_built_ins_and_imports_others() -> None:
    assert isinstance(make_bot("hilo"), HiLoBot)
    assert isinstance(make_bot("caller"), CallingStation)
    assert isinstance(make_bot("random", seed=3), RandomBot)
    assert isinstance(make_bot("engine.bots:HiLoBot"), HiLoBot)
    with pytest.raises(EngineError, match="unknown bot 'shark'"):
        make_bot("shark")
    with pytest.raises(EngineError, match="cannot load bot"):
        make_bot("no_such_module_here:Bot")
    with pytest.raises(EngineError, match="no act"):
        make_bot("engine:Fold")  # a class, but not of a bot
    with pytest.raises(EngineError, match="cannot make bot"):
        make_bot("engine:Rules")  # it needs arguments


# --- action text ---------------------------------------------------------------------------------------------


FACING = LegalActions(3, fold=True, call=2, wager="raise", min_to=4, max_to=4)
OPEN_PL = LegalActions(1, check=True, wager="bet", min_to=2, max_to=30)
RUNS = LegalActions(2, runs=3)


@pytest.mark.parametrize(
    ("text", "legal", "action"),
    [
        ("f", FACING, Fold()),
        ("FOLD", FACING, Fold()),
        ("c", FACING, Call()),
        ("x", FACING, Call()),
        ("r", FACING, Raise(4)),
        ("raise 4", FACING, Raise(4)),
        ("b 4", FACING, Raise(4)),
        ("max", FACING, Raise(4)),
        ("x", OPEN_PL, Check()),
        ("call", OPEN_PL, Check()),
        ("b 10", OPEN_PL, Bet(10)),
        ("bet", OPEN_PL, Bet(2)),
        ("all-in", OPEN_PL, Bet(30)),
        ("min", OPEN_PL, Bet(2)),
        ("  k  ", OPEN_PL, Check()),
        ("s", LegalActions(0, show=True, muck=True), Show()),
        ("muck", LegalActions(0, show=True, muck=True), Muck()),
        ("run", RUNS, RunIt(1)),
        ("run 2", RUNS, RunIt(2)),
        ("RUN twice", RUNS, RunIt(2)),
        ("run 3", RUNS, RunIt(3)),
        ("run once", RUNS, RunIt(1)),
        ("f", OPEN_PL, Fold()),  # an open fold: not offered, but typed on purpose
    ],
)
def test_parse_action_reads_what_people_type(text: str, legal: LegalActions, action: object) -> None:
    assert parse_action(text, legal) == action


@pytest.mark.parametrize(
    ("text", "legal", "message"),
    [
        ("zz", FACING, "cannot read 'zz'"),
        ("", FACING, "type an action"),
        ("b 31", OPEN_PL, "not 31"),
        ("b ten", OPEN_PL, "not a whole number"),
        ("s", OPEN_PL, "cannot show"),
        ("r 4", LegalActions(0, fold=True, call=2), "cannot bet or raise"),
        ("c 4", FACING, "cannot read"),
        ("run 2", FACING, "no choice of runs"),
        ("run 3", LegalActions(2, runs=2), "1 to 2 times, not '3'"),
        ("run lots", RUNS, "not 'lots'"),
    ],
)
def test_parse_action_explains_what_is_wrong(text: str, legal: LegalActions, message: str) -> None:
    with pytest.raises(IllegalAction, match=message) as error:
        parse_action(text, legal)
    assert "allowed" in str(error.value) or "type an action" in str(error.value)


def test_describe_legal_names_amounts() -> None:
    assert describe_legal(FACING) == "f fold, c call 2, r raise to 4"
    assert describe_legal(OPEN_PL) == "x check, b N bet 2..30"
    assert describe_legal(RUNS) == "run N to run the board N times, 1..3"
