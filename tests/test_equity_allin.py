"""All-in EV: a hand all in before the river is judged by each pot's equities, not by the cards that came."""

from __future__ import annotations

import pytest

pytest.importorskip("numpy", reason='could not import numpy: pip install -e ".[test-equity]" to run these tests')

from engine import (
    ALL_CARDS,
    Bet,
    Call,
    Check,
    Deck,
    Fold,
    NoLimit,
    Raise,
    Rake,
    Rules,
    parse_cards,
    start_hand,
)
from engine.equity import equity
from engine.equity.allin import all_in_ev


def stacked(button, holes, board):
    """A deck that deals holes[seat] to each seat and then `board`, burning cards nobody holds."""
    n = len(holes)
    order = [(button + 1 + i) % n for i in range(n)]
    hole = [parse_cards(h) for h in holes]
    dealt = [hole[seat][k] for k in range(len(hole[0])) for seat in order]
    b = parse_cards(board)
    spare = [c for c in ALL_CARDS if c not in dealt and c not in b]
    return Deck.ordered([*dealt, spare[0], *b[:3], spare[1], b[3], spare[2], b[4]])


HOLES = ["As 2h Kc Qd", "8h 7h 6s 5s"]
BOARD = "3d 4s Jc 9h Kh"


def all_in_preflop(rake=None):
    rules = Rules(NoLimit(), blinds=(1, 2), rake=rake) if rake else Rules(NoLimit(), blinds=(1, 2))
    state = start_hand(rules, (100, 100), button=0, deck=stacked(0, HOLES, BOARD))
    state = state.apply(Raise(state.legal_actions().max_to))
    return state.apply(Call())


def test_a_preflop_all_in_is_judged_by_preflop_equity() -> None:
    state = all_in_preflop()
    ev = all_in_ev(state)
    assert ev is not None and ev.street == "preflop" and ev.board == ("",)
    (pot,) = ev.pots
    assert pot.amount == 200 and pot.claimants == (0, 1) and pot.rake == 0
    exact = equity([state.hole[0], state.hole[1]])
    assert pot.equity == tuple(p.equity for p in exact.players)
    assert ev.expected == pytest.approx([200 * p.equity for p in exact.players])
    assert ev.net == state.result.net and ev.won == tuple(state.result.won(s) for s in range(2))
    assert ev.adjusted == pytest.approx([200 * p.equity - 100 for p in exact.players])
    assert sum(ev.adjusted) == pytest.approx(sum(state.result.net))


def test_rake_as_recorded_comes_off_the_pot_before_the_equities() -> None:
    state = all_in_preflop(Rake(5, cap=3))
    ev = all_in_ev(state)
    assert ev is not None
    assert ev.pots[0].amount == 197 and ev.pots[0].rake == 3
    assert sum(ev.adjusted) == pytest.approx(sum(state.result.net)) == -3


def test_side_pots_are_shared_by_their_own_claimants_only() -> None:
    holes = ["As 2h 9c 9d", "Kd Ks Tc Td", "6h 5h Qc Qd"]
    deck = stacked(0, holes, "3d 4s 8c Kh Jc")
    state = start_hand(Rules(NoLimit(), blinds=(1, 2)), (30, 60, 100), button=0, deck=deck)
    state = state.apply(Raise(30)).apply(Raise(60)).apply(Call())
    ev = all_in_ev(state)
    assert ev is not None
    main, side = ev.pots
    assert (main.amount, main.claimants, side.amount, side.claimants) == (90, (0, 1, 2), 60, (1, 2))
    three = equity([state.hole[s] for s in (0, 1, 2)])
    two = equity([state.hole[s] for s in (1, 2)])
    assert main.equity == tuple(p.equity for p in three.players)
    assert side.equity == tuple(p.equity for p in two.players)
    assert ev.expected[0] == pytest.approx(90 * three.players[0].equity)
    assert ev.expected[2] == pytest.approx(90 * three.players[2].equity + 60 * two.players[1].equity)
    assert sum(ev.expected) == pytest.approx(150)


def test_an_all_in_on_the_flop_counts_the_flop_as_known() -> None:
    state = start_hand(Rules(NoLimit(), blinds=(1, 2)), (100, 100), button=0, deck=stacked(0, HOLES, BOARD))
    state = state.apply(Call()).apply(Check())
    state = state.apply(Bet(state.legal_actions().max_to)).apply(Call())
    ev = all_in_ev(state)
    assert ev is not None and ev.street == "flop" and ev.board == ("3d 4s Jc",)
    exact = equity([state.hole[0], state.hole[1]], board="3d 4s Jc")
    assert ev.pots[0].equity == tuple(p.equity for p in exact.players)


def test_hands_not_all_in_before_the_river_have_no_all_in_ev() -> None:
    state = start_hand(Rules(NoLimit(), blinds=(1, 2)), (100, 100), button=0, deck=stacked(0, HOLES, BOARD))
    assert all_in_ev(state.apply(Fold())) is None  # over before a flop, no showdown
    state = state.apply(Call()).apply(Check())
    while state.actor is not None:
        state = state.apply(Check())
    assert state.is_over and state.result.showdown
    assert all_in_ev(state) is None  # the last action came on the river


def test_a_double_board_halves_each_pot_and_counts_the_other_boards_cards_as_dead() -> None:
    state = start_hand(Rules(NoLimit(), blinds=(1, 2), boards=2), (100, 100), button=0, seed=5)
    state = state.apply(Call()).apply(Check())
    state = state.apply(Bet(state.legal_actions().max_to)).apply(Call())
    ev = all_in_ev(state)
    assert ev is not None and ev.street == "flop" and len(ev.board) == 2
    flops = [parse_cards(text) for text in ev.board]
    holes = [state.hole[0], state.hole[1]]
    first = equity(holes, board=flops[0], dead=flops[1])
    second = equity(holes, board=flops[1], dead=flops[0])
    for seat in range(2):
        assert ev.pots[0].equity[seat] == pytest.approx(
            (first.players[seat].equity + second.players[seat].equity) / 2, abs=1e-12
        )


def test_a_spot_is_enumerated_once_whatever_its_seats_or_suits() -> None:
    """The same all-in met again (the same deal in another seat order, as a duplicate match's rotations play
    it, or with the suits renamed) costs a cache look-up, not another exact enumeration (issue 24: `stats` took
    60 ms an all-in hand)."""
    import engine.equity.allin as allin

    calls = []
    real = allin.dealt_board_equity

    def counting(*args, **kwargs):
        calls.append(args[0])
        return real(*args, **kwargs)

    if hasattr(allin, "_canonical_equity"):
        allin._canonical_equity.cache_clear()
    holes = ["Ad 3c Ks Qs", "9s 8s 7d 6d"]
    suits = {"s": "h", "h": "s", "d": "c", "c": "d"}

    def renamed(cards: str) -> str:
        return " ".join(card[0] + suits[card[1]] for card in cards.split())

    states = []
    for seats, board in ((holes, BOARD), (holes[::-1], BOARD), ([renamed(h) for h in holes[::-1]], renamed(BOARD))):
        state = start_hand(Rules(NoLimit(), blinds=(1, 2)), (100, 100), button=0, deck=stacked(0, seats, board))
        state = state.apply(Raise(state.legal_actions().max_to))
        states.append(state.apply(Call()))
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(allin, "dealt_board_equity", counting)
        evs = [all_in_ev(state) for state in states]
    assert len(calls) == 1
    first, rotated, suits = (ev.pots[0].equity for ev in evs if ev is not None)
    assert rotated == first[::-1] and suits == first[::-1]
    assert first == tuple(p.equity for p in equity([parse_cards(h) for h in holes]).players)


def test_a_preflop_all_in_is_not_enumerated_board_by_board() -> None:
    """Issue 24: `stats` spent about 60 ms (under load: 300) an all-in hand enumerating the 1.7 million boards
    of each preflop all-in one by one; by board classes the same exact figure needs no enumeration."""
    import engine.equity.allin as allin
    import engine.equity.solve as solve

    state = all_in_preflop()
    exact = tuple(p.equity for p in equity([state.hole[0], state.hole[1]]).players)
    allin._canonical_equity.cache_clear()

    def refused(*args, **kwargs):
        raise AssertionError("a preflop all-in enumerated its boards one by one")

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(solve, "all_five_card_boards", refused)
        ev = all_in_ev(state)
    assert ev is not None and ev.pots[0].equity == exact


def test_a_hand_nobody_was_all_in_is_told_apart_without_replaying_its_events() -> None:
    """Issue 24: `all_in_ev` replayed every showdown's events (a few milliseconds a hand, a tenth of `stats`)
    to find the last action; a hand where two players kept chips behind cannot have been all in before the
    river, and its final state says so."""
    import engine.state

    state = start_hand(Rules(NoLimit(), blinds=(1, 2)), (100, 100), button=0, deck=stacked(0, HOLES, BOARD))
    state = state.apply(Call()).apply(Check())
    while not state.is_over:
        state = state.apply(Check())
    assert state.result.showdown

    def refused(*args, **kwargs):
        raise AssertionError("the events of a hand nobody was all in were replayed")

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(engine.state, "_replay_events", refused)
        assert all_in_ev(state) is None


def test_the_quick_filter_never_drops_an_all_in() -> None:
    """Every hand the events call all in before the river passes `_nobody_could_act` (random short-stacked
    no-limit hands, some with a player who keeps chips behind)."""
    import random

    from engine.bots import RandomBot
    from engine.equity.allin import _nobody_could_act
    from engine.events import Acted, BoardDealt

    seed = 24
    print(f"seed {seed}")
    rng = random.Random(seed)
    found = 0
    for deal in range(300):
        stacks = tuple(rng.choice([6, 8, 12, 40]) for _ in range(3))
        state = start_hand(Rules(NoLimit(), blinds=(1, 2)), stacks, button=deal % 3, seed=seed + deal)
        bots = [RandomBot(seed=seed + deal * 3 + seat) for seat in range(3)]
        while not state.is_over:
            state = state.apply(bots[state.actor].act(state.view(state.actor)))
        events = state.events
        last = max((i for i, event in enumerate(events) if isinstance(event, Acted)), default=-1)
        all_in = state.result.showdown and any(isinstance(event, BoardDealt) for event in events[last + 1 :])
        if all_in:
            found += 1
            assert _nobody_could_act(state) and all_in_ev(state) is not None
    assert found > 20


def _random_spots(seed: int, count: int):
    import random

    rng = random.Random(seed)
    for _ in range(count):
        players = rng.choice([2, 2, 3, 4, 6])
        size = rng.choice([4, 4, 5, 6, 2])
        board, dead = rng.choice([0, 0, 3, 4]), rng.choice([0, 0, 2, 5])
        cards = rng.sample(range(52), players * size + board + dead)
        yield (
            [cards[p * size : (p + 1) * size] for p in range(players)],
            cards[players * size :][:board],
            cards[players * size + board :],
            rng.random() < 0.75,
        )


def test_the_all_in_equity_is_the_exact_enumerations_figure_to_the_last_bit() -> None:
    """`dealt_board_equity` (preflop: counts per board class; flop and turn: equity only) against
    `equity(exact=True)` (board by board, every figure) on random spots of 2 to 6 players, 2 to 6 hole cards,
    0, 3 or 4 board cards, dead cards, hi-lo and high only, and on spots built to tie and to make flushes:
    equal floats, not approximately equal."""
    import os

    from engine.equity.board_classes import dealt_board_equity

    seed = int(os.environ.get("OMAHA_CLASSES_SEED", "2024"))
    print(f"OMAHA_CLASSES_SEED={seed}")
    built = [
        ([parse_cards(h) for h in hands], parse_cards(board), parse_cards(dead), hi_lo)
        for hands, board, dead, hi_lo in (
            (["Ah 2h 3h 4h", "Kh Qh Jh Th"], "", "", True),  # one suit each: flushes on most flush boards
            (["As 2s Kd Qd", "Ac 2c Kh Qh"], "", "", True),  # the same ranks: ties, quartered lows
            (["As 2d 3c 4h", "Ad 2c 3h 4s", "Ah 2s 3d 4c"], "", "5s 5d", False),
            (["9s 8s 7d 6d", "Ts 9d 8h 7c"], "", "Js Qs Ks", True),
            (["As 2s Kd Qd", "Ac 2c Kh Qh"], "3s 4c 5h", "", True),
            (["Ah 2h 3h 4h", "Kh Qh Jh Th"], "9h 8h 5c 5d", "", True),
        )
    ]
    spots = [*built, *_random_spots(seed, 12)]
    for hands, board, dead, hi_lo in spots:
        slow = equity(
            [list(map(ALL_CARDS.__getitem__, hand)) for hand in hands],
            board=list(map(ALL_CARDS.__getitem__, board)),
            dead=list(map(ALL_CARDS.__getitem__, dead)),
            hi_lo=hi_lo,
            exact=True,
        )
        fast = dealt_board_equity(hands, board, dead, hi_lo)
        assert fast == tuple(p.equity for p in slow.players), (hands, board, dead, hi_lo)


def test_bad_arguments_are_engine_errors_not_attribute_errors() -> None:
    from engine import EngineError
    from engine.equity import EquityError
    from engine.equity.allin import all_in_data
    from engine.stats.allin import adjusted_net
    from engine.stats.errors import StatsError

    unfinished = start_hand(Rules(NoLimit(), blinds=(1, 2)), (10, 10), 0, seed=1)
    for bad in (None, "a hand", 7):
        with pytest.raises(EquityError, match="needs a HandState"):
            all_in_ev(bad)
        with pytest.raises(StatsError, match="needs a finished hand"):
            adjusted_net(bad)
    with pytest.raises(StatsError, match="needs a finished hand"):
        adjusted_net(unfinished)
    with pytest.raises(EquityError, match="scale"):
        all_in_data(all_in_preflop(), 0)
    assert issubclass(EquityError, EngineError) and issubclass(StatsError, EngineError)
