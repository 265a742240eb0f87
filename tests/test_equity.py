"""engine.equity against a plain enumeration written from the engine's own evaluator (BoardEvaluator), and
the properties any equity must have: shares add up to the pot, players can be swapped, suits renamed,
Monte Carlo lands within its stated error of the exact answer."""

from __future__ import annotations

import random
import warnings
from collections.abc import Sequence
from fractions import Fraction
from itertools import combinations

import pytest

np = pytest.importorskip("numpy", reason='could not import numpy: pip install -e ".[test-equity]" to run these tests')

from engine import ALL_CARDS, BoardEvaluator, Card, EngineError, format_cards, parse_cards  # noqa: E402
from engine.equity import EquityError, equity  # noqa: E402

FIGURES = ("equity", "scoop", "high_win", "high_tie", "low_win", "low_tie", "quartered")


# --- the plain reference -----------------------------------------------------------------------------------


def plain_equity(
    holes: Sequence[Sequence[Card]], board: Sequence[Card], dead: Sequence[Card] = (), hi_lo: bool = True
) -> dict[str, object]:
    """Every board completion, each hand evaluated with BoardEvaluator, the pot split as the showdown splits
    it: half to the best high and half to the best low when a low qualifies, ties shared."""
    used = {*board, *dead, *(card for hole in holes for card in hole)}
    rest = [card for card in ALL_CARDS if card not in used]
    totals = {name: [Fraction(0)] * len(holes) for name in FIGURES}
    boards = no_low = 0
    for coming in combinations(rest, 5 - len(board)):
        evaluator = BoardEvaluator((*board, *coming))
        highs = [evaluator.high_value(list(hole)) for hole in holes]
        lows = [evaluator.low_value(list(hole)) if hi_lo else 0 for hole in holes]
        high_winners = [p for p, value in enumerate(highs) if value == max(highs)]
        low_winners = [p for p, value in enumerate(lows) if value == max(lows) and value > 0]
        boards += 1
        no_low += not low_winners
        for p in range(len(holes)):
            share = Fraction(0)
            if p in high_winners:
                share += Fraction(1 if not low_winners else 1 / 2) / len(high_winners)
            if p in low_winners:
                share += Fraction(1, 2) / len(low_winners)
            won = {
                "equity": share,
                "scoop": share == 1,
                "high_win": high_winners == [p],
                "high_tie": p in high_winners and len(high_winners) > 1,
                "low_win": low_winners == [p],
                "low_tie": p in low_winners and len(low_winners) > 1,
                "quartered": p in low_winners and len(low_winners) == 2,
            }
            for name, value in won.items():
                totals[name][p] += value
    figures = {name: [float(total / boards) for total in per_player] for name, per_player in totals.items()}
    return {"boards": boards, "no_low": no_low / boards, **figures}


def deal(rng: random.Random, players: int, size: int, board: int, dead: int = 0) -> tuple[list, list, list]:
    cards = rng.sample(ALL_CARDS, players * size + board + dead)
    holes = [cards[i * size : (i + 1) * size] for i in range(players)]
    rest = cards[players * size :]
    return holes, rest[:board], rest[board:]


def assert_same(result, reference) -> None:
    assert result.exact
    assert result.boards == reference["boards"]
    assert result.no_low == reference["no_low"]
    for p, player in enumerate(result.players):
        for name in FIGURES:
            assert getattr(player, name) == reference[name][p], (name, p)
            assert getattr(player.standard_error, name) == 0.0


# --- exact, to the last digit -------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(24))
def test_exact_equity_equals_plain_enumeration_on_random_flop_and_turn_spots(seed: int) -> None:
    rng = random.Random(seed)
    players = 2 + seed % 3
    board_size = 3 if seed % 2 == 0 else 4
    holes, board, _ = deal(rng, players, 4, board_size)
    result = equity([format_cards(h) for h in holes], board=format_cards(board))
    assert_same(result, plain_equity(holes, board))


@pytest.mark.parametrize("seed", range(4))
def test_exact_equity_equals_plain_enumeration_for_five_card_omaha_and_omaha_high(seed: int) -> None:
    rng = random.Random(100 + seed)
    holes, board, _ = deal(rng, 2 + seed % 2, 5, 3)
    assert_same(equity([list(h) for h in holes], board=list(board)), plain_equity(holes, board))
    holes, board, _ = deal(rng, 3, 4, 4)
    result = equity([list(h) for h in holes], board=list(board), hi_lo=False)
    assert_same(result, plain_equity(holes, board, hi_lo=False))
    assert result.no_low == 1.0 and all(p.low_win == p.low_tie == 0 for p in result.players)


def test_river_spot_is_one_board() -> None:
    holes, board, _ = deal(random.Random(7), 4, 4, 5)
    result = equity([list(h) for h in holes], board=list(board))
    assert result.boards == 1
    assert_same(result, plain_equity(holes, board))


@pytest.mark.parametrize("seed", range(6))
def test_five_cards_to_come_use_the_four_card_tables_and_still_equal_plain_enumeration(seed: int) -> None:
    """Preflop spots go through the colex-ordered four-card-subset tables; dead cards shrink the deck so the
    plain enumeration stays small (C(16, 5) = 4,368 boards)."""
    rng = random.Random(200 + seed)
    players = 2 + seed % 3
    holes, _, dead = deal(rng, players, 4, 0, dead=52 - 4 * players - 16)
    result = equity([list(h) for h in holes], dead=list(dead))
    assert_same(result, plain_equity(holes, (), dead))


def test_dead_cards_on_the_flop_equal_plain_enumeration() -> None:
    holes, board, dead = deal(random.Random(11), 3, 4, 3, dead=6)
    result = equity([list(h) for h in holes], board=list(board), dead=list(dead))
    assert result.dead == format_cards(dead)
    assert_same(result, plain_equity(holes, board, dead))


# --- sums and symmetry -------------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(5))
def test_equities_add_up_to_the_whole_pot_and_wins_are_consistent(seed: int) -> None:
    holes, board, _ = deal(random.Random(300 + seed), 2 + seed, 4, 3)
    result = equity([list(h) for h in holes], board=list(board))
    assert sum(p.equity for p in result.players) == pytest.approx(1.0, abs=1e-12)
    assert sum(p.high_win for p in result.players) <= 1.0 + 1e-12
    assert sum(p.low_win for p in result.players) == pytest.approx(
        1.0 - result.no_low - _low_tied_boards(holes, board), abs=1e-12
    )
    for player in result.players:
        assert player.scoop <= player.high_win + 1e-12
        assert player.quartered <= player.low_tie + 1e-12


def _low_tied_boards(holes, board) -> float:
    """The share of boards whose low is tied (no single low winner)."""
    used = {*board, *(c for h in holes for c in h)}
    rest = [c for c in ALL_CARDS if c not in used]
    tied = total = 0
    for coming in combinations(rest, 2):
        evaluator = BoardEvaluator((*board, *coming))
        lows = [evaluator.low_value(list(h)) for h in holes]
        tied += max(lows) > 0 and lows.count(max(lows)) > 1
        total += 1
    return tied / total


def test_swapping_players_swaps_their_results() -> None:
    holes, board, _ = deal(random.Random(21), 3, 4, 3)
    forward = equity([list(h) for h in holes], board=list(board))
    backward = equity([list(h) for h in reversed(holes)], board=list(board))
    for a, b in zip(forward.players, reversed(backward.players), strict=True):
        assert a.figures == b.figures and a.hand == b.hand


def test_renaming_suits_changes_nothing() -> None:
    holes, _, _ = deal(random.Random(22), 2, 4, 0)
    rename = {0: 2, 1: 3, 2: 0, 3: 1}

    def renamed(cards):
        return [Card((c >> 2) * 4 + rename[c & 3]) for c in cards]

    first = equity([list(h) for h in holes])
    second = equity([renamed(h) for h in holes])
    assert [p.figures for p in first.players] == [p.figures for p in second.players]
    assert first.boards == second.boards == 1_086_008


def test_hands_that_are_each_others_suit_renaming_have_equal_figures() -> None:
    """Swapping spades with clubs and hearts with diamonds turns each hand into the other, so nothing can
    tell them apart: equal figures, half the pot each (flushes still scoop some boards)."""
    result = equity(["As 2s Kh Qh", "Ac 2c Kd Qd"])
    first, second = result.players
    assert first.figures == second.figures
    assert first.equity == 0.5 and first.scoop > 0


# --- ranges ------------------------------------------------------------------------------------------------


def test_a_weighted_list_is_the_weighted_average_of_its_hands() -> None:
    board = "3d 4s Jc 9h"
    hands = ["Kd Kh Qd Qh", "8h 7h 6s 5s", "Ad 3c Ts Tc"]
    weights = [1.0, 2.0, 0.5]
    hero = "As 2h Kc Qs"
    listed = equity([hero, [(h, w) for h, w in zip(hands, weights, strict=True)]], board=board)
    singles = [equity([hero, h], board=board) for h in hands]
    for name in FIGURES:
        average = sum(w * getattr(s.players[0], name) for w, s in zip(weights, singles, strict=True)) / sum(weights)
        assert getattr(listed.players[0], name) == pytest.approx(average, abs=1e-12)
    text = equity([hero, "KdKhQdQh | 8h7h6s5s@2 | Ad3cTsTc@0.5"], board=board)
    assert [p.figures for p in text.players] == [p.figures for p in listed.players]


def test_a_wildcard_hand_is_every_completion_equally_likely() -> None:
    board = parse_cards("3d 4s Jc 9h 2c")
    hero = parse_cards("Kd Kh Qd Qh")
    partial = equity([list(hero), "As 2h * *"], board=list(board))
    rest = [c for c in ALL_CARDS if c not in {*board, *hero, *parse_cards("As 2h")}]
    completions = list(combinations(rest, 2))
    totals = [0.0] * len(FIGURES)
    for pair in completions:
        reference = plain_equity([hero, (*parse_cards("As 2h"), *pair)], board)
        for i, name in enumerate(FIGURES):
            totals[i] += reference[name][1]
    for i, name in enumerate(FIGURES):
        assert getattr(partial.players[1], name) == pytest.approx(totals[i] / len(completions), abs=1e-12)
    assert partial.exact and partial.boards == len(completions)


def test_random_is_a_hand_of_the_same_size_and_the_player_with_it_is_symmetric() -> None:
    board = parse_cards("Ah Kd 7c 2s 3h")
    dead = [c for c in ALL_CARDS if c not in board][:36]  # 11 cards left: every pair of hands, exactly
    result = equity(["random", "random"], board=list(board), dead=dead)
    assert result.exact and result.boards == 330 * 35
    assert result.players[0].equity == pytest.approx(0.5, abs=1e-12)
    assert result.players[0].figures == result.players[1].figures


def test_list_hands_that_collide_with_known_cards_are_dropped() -> None:
    result = equity(["As 2h Kc Qd", "As 3d 4d 5d | 8h 7h 6s 5s"], board="3s 4s Jc")
    alone = equity(["As 2h Kc Qd", "8h 7h 6s 5s"], board="3s 4s Jc")
    assert [p.figures for p in result.players] == [p.figures for p in alone.players]


# --- Monte Carlo -------------------------------------------------------------------------------------------


def _within(sampled, exact, sigmas: float = 4.5) -> None:
    assert not sampled.exact and sampled.seed is not None
    for s, e in zip(sampled.players, exact.players, strict=True):
        for name in FIGURES:
            error = getattr(s.standard_error, name)
            assert abs(getattr(s, name) - getattr(e, name)) <= sigmas * error + 1e-9, (name, s, e)


def test_monte_carlo_lands_within_its_standard_error_of_the_exact_answer_preflop() -> None:
    hands = ["As 2h Kc Qd", "8h 7h 6s 5s"]
    exact = equity(hands)
    sampled = equity(hands, trials=200_000, seed=5)
    assert sampled.boards == 200_000
    assert 0 < sampled.players[0].standard_error.equity < 0.002
    _within(sampled, exact)


@pytest.mark.parametrize("seed", range(3))
def test_monte_carlo_with_ranges_lands_within_its_standard_error(seed: int) -> None:
    players = ["As2h**", "KdKhQdQh | 8h7h6s5s@2 | 9c9dTcTd@0.5", "random"][: 2 + seed % 2]
    named = parse_cards("3d 4s Jc 9h As 2h KdKhQdQh 8h7h6s5s 9c9dTcTd")
    dead = [c for c in ALL_CARDS if c not in named][: 32 if len(players) == 3 else 0]  # keep exact small
    exact = equity(players, board="3d 4s Jc 9h", dead=dead, exact=True)
    sampled = equity(players, board="3d 4s Jc 9h", dead=dead, trials=60_000, seed=seed)
    _within(sampled, exact)


def test_the_same_seed_gives_the_same_answer() -> None:
    first = equity(["As 2h Kc Qd", "random"], board="3d 4s Jc", trials=5_000, seed=9)
    second = equity(["As 2h Kc Qd", "random"], board="3d 4s Jc", trials=5_000, seed=9)
    assert [p.figures for p in first.players] == [p.figures for p in second.players]


def test_histograms_give_each_share_of_the_pot_and_how_often() -> None:
    result = equity(["As 2h Kc Qd", "Ad 2c Ks Qh", "8h 7h 6s 5s"], board="3d 4s Jc", histograms=True)
    for player in result.players:
        assert sum(chance for _, chance in player.shares) == pytest.approx(1.0)
        assert sum(share * chance for share, chance in player.shares) == pytest.approx(player.equity)
        assert all(
            share in {Fraction(n, 12) for n in range(13)} | {Fraction(1, 3), Fraction(1, 6)}
            for share, _ in player.shares
        )
    assert result.players[0].as_dict()["shares"]


# --- bad input ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "options", "says"),
    [
        (["As 2h Kc Qd"], {}, "2 to 10 players"),
        (["As 2h Kc Qd", "As 3h 4c 5d"], {}, "appears twice"),
        (["As 2h Kc Qd", "8h 7h 6s 5s"], {"board": "3d 4s"}, "0, 3, 4 or 5 cards"),
        (["As 2h Kc Qd", "8h 7h 6s"], {}, "same number of hole cards"),
        (["As 2h Kc Qd", "8h 7h 6s 5s"], {"trials": 0}, "trials"),
        (["As 2h Kc Qd", "8h 7h 6s 5s"], {"trials": 10, "exact": True}, "Monte Carlo"),
        (["As 2h Kc Qd", "8h 7h 6s 5s@-1 | 9h 9d 2c 2d"], {}, "weight"),
        (["As 2h Kc Qd", "Xs 7h 6s 5s"], {}, "cannot read"),
        (["As 2h Kc Qd", "8h 7h 6s 5s"], {"dead": "As"}, "appears twice"),
        (["As 2h Kc Qd", "Ah 7h 6s 5s"], {"hi_lo": 1}, "hi_lo"),
        (["As 2h Kc Qd", 42], {}, "a player is"),
        (["As 2h Kc Qd", "As 7h 6s 5s | As 8h 9s Ts"], {}, "already known"),
        (["random"] * 10, {"hole_cards": 5}, "not enough cards"),
        (["random"] * 3, {"exact": True}, "too many"),
        (["As 2h Kc Qd@1e308 | 8h 7h 6s 5s@1e308", "9c 9d Tc Td"], {"board": "3d 4s 5c"}, "add up to more"),
        ([[("As 2h Kc Qd", 1e308), ("8h 7h 6s 5s", 1e308)], "9c 9d Tc Td"], {}, "add up to more"),
        (["As 2h Kc Qd", "8h 7h 6s 5s"], {"progress": 5}, "progress must be"),
        (["As 2h Kc Qd", "8h 7h 6s 5s"], {"progress": "every 10%"}, "progress must be"),
        # only the two lightest hands fit together, and their weights' product is below the smallest float
        (
            ["As 2h Kc Qd | 8h 7h 6s 5s@1e-200", "As 3h 4c 5s | Kc 9d 9h Ts@1e-200"],
            {"board": "Jd Jh 2d"},
            "too far apart",
        ),
    ],
)
def test_bad_input_gets_an_equity_error_that_says_what_is_allowed(players, options, says) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # no numpy overflow on the way to the error
        with pytest.raises(EquityError, match=says) as caught:
            equity(players, **options)
    assert isinstance(caught.value, EngineError)


@pytest.mark.parametrize("scale", [1e-300, 1e300, 5e307])
def test_huge_and_tiny_weights_are_relative_and_give_finite_exact_figures(scale: float) -> None:
    """Each weight finite and their sum too: the figures are those of the same weights at a normal scale."""
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        scaled = equity([f"As 2h Kc Qd@{scale} | 8h 7h 6s 5s@{scale * 1.5}", "9c 9d Tc Td"], board="3d 4s 5c")
    plain = equity(["As 2h Kc Qd@2 | 8h 7h 6s 5s@3", "9c 9d Tc Td"], board="3d 4s 5c")
    for got, want in zip(scaled.players, plain.players, strict=True):
        assert got.figures.equity == pytest.approx(want.figures.equity, rel=1e-12)


# --- published matchups ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "published"),
    [
        (["Kc Kd * *", "random"], 0.54),  # "KK** ... has 54% equity against four random cards"
        (["Ac Ad * *", "random"], 0.64),  # "Aces and two randoms, which holds 64% equity against four random cards"
        (["Kc Kd * *", "As 2s Ah 3h"], 0.24),  # "KK** holds 24% equity against AA23 double suited"
    ],
)
def test_published_omaha8_matchups(players, published) -> None:
    """omahahighlo.com, "What are the odds? Part 3 - Lots of Paint but no Ace or Low" (22 September 2013),
    https://www.omahahighlo.com/what-are-the-odds-part-3/ : figures given to the whole percent."""
    result = equity(players, trials=150_000, seed=8)
    player = result.players[0]
    assert abs(player.equity - published) <= 0.005 + 4 * player.standard_error.equity
