"""Bad input at the core's public functions: every bad input to cards, evaluation, rules, betting, actions,
schedules, pots and the showdown is refused with the documented `EngineError` subclass, naming the input and
what is allowed."""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from decimal import Decimal

import pytest
from helpers import LIMIT, NO_LIMIT, POT_LIMIT
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import (
    Bet,
    BoardEvaluator,
    Call,
    Card,
    CardError,
    Check,
    Deck,
    EngineError,
    FixedGame,
    FixedLimit,
    GameClock,
    HandResult,
    HighHand,
    Level,
    LowHand,
    MixedOmaha,
    NoLimit,
    Payout,
    Portion,
    Post,
    Pot,
    PotLimit,
    PotResult,
    Raise,
    Rake,
    Rules,
    RulesError,
    RunIt,
    ShowdownPolicy,
    TournamentSchedule,
    best_high,
    best_low,
    build_pots,
    format_cards,
    hi_lo_values,
    high_value,
    low_value,
    make_card,
    parse_cards,
    standard_posts,
    start_hand,
)
from engine.evaluation import five_card_value
from engine.history.phh import read_phh, write_phh
from engine.history.replay import replay
from engine.rules import bomb_pot_posts, check_posts

# --- BoardEvaluator checks the hole cards -------------------------------------------------------------------


@pytest.mark.parametrize("method", ["best_high", "best_low", "high_value", "low_value"])
@pytest.mark.parametrize(
    ("board", "hole", "match"),
    [
        ("2c 3c 4c", "2c As", "2c"),  # a hole card that is on the board
        ("2c 3c 4c", "As", "two hole cards at least"),  # one hole card
        ("Ac Kc Qc", "Ac Kc", "Ac"),  # both on the board
        ("2c 3c 4c", "As Ad As", "As"),  # a card twice in the hole
        ("2c 3c 4c", "As Ad Ah Ks Kd Kh Qs", "6 at most"),  # seven hole cards
    ],
)
def test_board_evaluator_refuses_bad_hole_cards(method: str, board: str, hole: str, match: str) -> None:
    evaluator = BoardEvaluator(board)
    with pytest.raises(CardError, match=match):
        getattr(evaluator, method)(parse_cards(hole, distinct=False))


@pytest.mark.parametrize("hole", [None, "As Ad", (51, 50), [Card("As"), "Ad"], (Card("As"), True), 5])
def test_board_evaluator_wants_cards(hole: object) -> None:
    with pytest.raises(CardError, match="hole"):
        BoardEvaluator("2c 3c 4c").best_high(hole)  # type: ignore[arg-type]


def test_board_evaluator_agrees_with_best_high_on_good_hole_cards() -> None:
    hole, board = parse_cards("As 5d Kh Qs"), "2c 3c 4c 9s"
    assert BoardEvaluator(board).best_high(hole) == best_high(hole, board)


def test_board_evaluator_refuses_a_value_that_is_not_the_hands() -> None:
    evaluator = BoardEvaluator("2c 3c 4c")
    hole = parse_cards("As 5d Kh Qs")
    right = evaluator.high_value(hole)
    assert evaluator.high_hand(hole, right) == evaluator.best_high(hole)
    with pytest.raises(CardError, match=str(right + 1)):
        evaluator.high_hand(hole, right + 1)
    with pytest.raises(CardError):
        evaluator.low_hand(hole, 1)


def test_board_evaluator_checked_flag_must_be_a_bool() -> None:
    with pytest.raises(CardError, match="checked"):
        BoardEvaluator("2c 3c 4c", checked="yes")  # type: ignore[arg-type]


# --- Rules, structures, Rake, Post: every field typed -------------------------------------------------------


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("hole_cards", 4.0),
        ("boards", 2.0),
        ("runs", 2.0),
        ("hi_lo", "no"),
        ("hi_lo", 1),
        ("ask_runs", "yes"),
        ("ante", 1.0),
        ("ante", -1),
        ("blinds", (1, 2.0)),
        ("blinds", (True, 2)),
        ("blinds", [1, 2]),
        ("showdown", "show_all"),
        ("rake", 5),
        ("betting", "limit"),
    ],
)
def test_rules_refuse_wrong_types(field: str, value: object) -> None:
    with pytest.raises(RulesError, match=field.rstrip("s") if field != "ask_runs" else field):
        Rules(**{"betting": NoLimit(), field: value})  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "kwargs",
    [
        {"small_bet": 4, "big_bet": 2},
        {"small_bet": 2.0, "big_bet": 4},
        {"small_bet": 2, "big_bet": True},
        {"small_bet": 2, "big_bet": 4, "uncapped_heads_up": "yes"},
        {"small_bet": 2, "big_bet": 4, "max_raises": 3.0},
    ],
)
def test_fixed_limit_refuses_bad_values(kwargs: dict[str, object]) -> None:
    with pytest.raises(RulesError):
        FixedLimit(**kwargs)  # type: ignore[arg-type]


def test_fixed_limit_names_both_bets_when_the_big_one_is_smaller() -> None:
    with pytest.raises(RulesError, match=r"big_bet.*small_bet"):
        FixedLimit(4, 2)


@pytest.mark.parametrize(
    "kwargs",
    [
        {"percent": 5, "cap": True},
        {"percent": "NaN"},
        {"percent": "sNaN"},
        {"percent": Decimal("NaN")},
        {"percent": "Infinity"},
        {"percent": float("inf")},
        {"percent": float("nan")},
        {"percent": "-Infinity"},
        {"percent": "1" * 10_000},
        {"percent": 10**5000},
        {"percent": "1e-999999"},
        {"percent": True},
        {"percent": None},
        {"percent": "5\x00"},
        {"percent": "٥"},
        {"percent": -1},
        {"percent": 101},
        {"percent": 5, "cap": -1},
        {"percent": 5, "cap": 2.0},
        {"percent": 5, "no_flop_no_drop": "no"},
        {"percent": 5, "fixed": 1.5},
        {"percent": [5]},
    ],
)
def test_rake_refuses_bad_values(kwargs: dict[str, object]) -> None:
    with pytest.raises(RulesError):
        Rake(**kwargs)  # type: ignore[arg-type]


def test_rake_percent_minus_zero_is_zero() -> None:
    rake = Rake("-0")
    assert rake == Rake(0)
    assert str(rake.percent) == "0"


@pytest.mark.parametrize("percent", [5, "5", "2.5", Decimal("2.5"), 2.5, "0.0000001", Decimal("1E+1")])
def test_rake_percent_accepts_plain_numbers_and_restores_from_its_text(percent: object) -> None:
    rake = Rake(percent)  # type: ignore[arg-type]
    assert Rake(str(rake.percent)) == rake


@pytest.mark.parametrize(
    ("args", "match"),
    [
        ((True, "ante", 1), "seat"),
        ((0.0, "ante", 1), "seat"),
        ((-1, "ante", 1), "seat"),
        ((10, "ante", 1), "seat"),
        ((0, "Ante", 1), "kind"),
        ((0, ["ante"], 1), "kind"),
        ((0, "ante", 1.0), "ante"),
        ((0, "ante", -1), "ante"),
        ((0, "big blind", True), "big blind"),
    ],
)
def test_post_refuses_bad_values(args: tuple[object, object, object], match: str) -> None:
    with pytest.raises(RulesError, match=match):
        Post(*args)  # type: ignore[arg-type]


def test_showdown_policy_by_an_unknown_name_is_a_rules_error() -> None:
    assert ShowdownPolicy("manual") is ShowdownPolicy.MANUAL
    with pytest.raises(RulesError, match="show_all"):
        ShowdownPolicy("nope")


# --- start_hand(posts=...) gets the checks the rules make ---------------------------------------------------


@pytest.mark.parametrize(
    ("posts", "match"),
    [
        ([Post(0, "small blind", 1), Post(1, "big blind", 1000)], "big blind"),  # not the rules' big blind
        ([], "big blind"),  # nothing posted
        ([Post(0, "small blind", 3), Post(1, "big blind", 2)], "small blind"),  # small above big
        ([Post(0, "small blind", 1)], "big blind"),  # no big blind
        ([Post(0, "ante", 1), Post(0, "ante", 1), Post(0, "small blind", 1), Post(1, "big blind", 2)], "ante"),
        ([Post(1, "big blind", 2), Post(2, "live blind", 3)], "live blind"),  # a live blind is a big blind
        ([Post(1, "big blind", 2), Post(2, "dead blind", 3)], "dead blind"),  # more than the big blind, dead
    ],
)
def test_start_hand_refuses_posts_no_table_allows(posts: list[Post], match: str) -> None:
    with pytest.raises(RulesError, match=match):
        start_hand(LIMIT, (100, 100, 100), 0, seed=1, posts=posts)


def test_start_hand_refuses_an_ante_above_the_rules_or_without_one() -> None:
    rules = Rules(FixedLimit(2, 4), blinds=(1, 2), ante=1)
    posts = [Post(0, "ante", 5), Post(1, "ante", 1), Post(0, "small blind", 1), Post(1, "big blind", 2)]
    with pytest.raises(RulesError, match="ante"):
        start_hand(rules, (100, 100), 0, seed=1, posts=posts)
    with pytest.raises(RulesError, match="ante"):
        start_hand(LIMIT, (100, 100), 0, seed=1, posts=[Post(0, "ante", 1), *posts[2:]])


def test_start_hand_refuses_a_small_blind_when_the_rules_have_one_blind() -> None:
    rules = Rules(FixedLimit(2, 4), blinds=(2,))
    with pytest.raises(RulesError, match="small blind"):
        start_hand(rules, (100, 100, 100), 0, seed=1, posts=[Post(0, "small blind", 1), Post(1, "big blind", 2)])


def test_start_hand_accepts_what_real_tables_post() -> None:
    """A new player's live big blind, a dead small blind, two big blinds, a short stack's due amount, and no
    small blind at all (the small blind's seat is empty)."""
    posts = [
        Post(1, "small blind", 1),
        Post(2, "big blind", 2),
        Post(3, "live blind", 2),
        Post(0, "dead blind", 1),
        Post(0, "live blind", 2),
    ]
    state = start_hand(LIMIT, (100, 100, 1, 100), 0, seed=1, posts=posts)
    assert state.stacks == (97, 99, 0, 98)
    assert start_hand(LIMIT, (100, 100, 100), 0, seed=1, posts=[Post(1, "big blind", 2)]).stacks == (100, 98, 100)


def test_start_hand_posts_without_blinds_when_the_rules_have_none() -> None:
    rules = Rules(FixedLimit(2, 4), blinds=(0,), ante=1)
    state = start_hand(rules, (100, 100), 0, seed=1, posts=[Post(0, "ante", 1), Post(1, "ante", 1)])
    assert state.stacks == (99, 99)


# --- misuse of the helpers ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "button", "match"),
    [
        (1, 0, "players"),
        (3, 5, "button"),
        (3, -1, "button"),
        (3, 1.0, "button"),
        (2.0, 0, "players"),
        (11, 0, "players"),
        (True, 0, "players"),
    ],
)
def test_standard_posts_refuses_impossible_tables(players: object, button: object, match: str) -> None:
    with pytest.raises(RulesError, match=match):
        standard_posts(LIMIT, players, button)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "kwargs",
    [{"straddles": 4}, {"straddles": (4.0,)}, {"button_straddle": 4.0}, {"button_straddle": -4}, {"straddles": "4"}],
)
def test_standard_posts_refuses_bad_straddles(kwargs: dict[str, object]) -> None:
    with pytest.raises(RulesError, match="straddle"):
        standard_posts(NO_LIMIT, 6, 0, **kwargs)  # type: ignore[arg-type]


def test_standard_posts_wants_rules() -> None:
    with pytest.raises(RulesError, match="rules"):
        standard_posts(None, 3, 0)  # type: ignore[arg-type]


@pytest.mark.parametrize("cards", [None, 5, 3.0, [None], [1.5], [[1]], [52], [-1], [True]])
def test_deck_ordered_refuses_what_is_not_cards(cards: object) -> None:
    with pytest.raises(CardError):
        Deck.ordered(cards)  # type: ignore[arg-type]


@pytest.mark.parametrize("seed", [1.5, None, [1], True, float("nan")])
def test_deck_seeded_refuses_bad_seeds(seed: object) -> None:
    with pytest.raises(CardError, match="seed"):
        Deck.seeded(seed)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("rank", "suit"),
    [
        (14.0, "s"),
        (True, "s"),
        (14, None),
        (14, "S"),
        (1, "s"),
        (15, "s"),
        (14, "ss"),
        (14, ""),
        ("A", "s"),
        (2**80, "s"),
    ],
)
def test_make_card_refuses_bad_ranks_and_suits(rank: object, suit: object) -> None:
    with pytest.raises(CardError, match=r"rank|suit"):
        make_card(rank, suit)  # type: ignore[arg-type]


def test_make_card_makes_cards() -> None:
    assert make_card(14, "s") is Card("As")
    assert make_card(2, "c") is Card("2c")


@pytest.mark.parametrize("levels", [None, 5, "levels", [None], ()])
def test_tournament_schedule_refuses_what_is_not_levels(levels: object) -> None:
    with pytest.raises(RulesError, match="level"):
        TournamentSchedule(levels)  # type: ignore[arg-type]


def test_mixed_omaha_wants_the_limit_game_first() -> None:
    with pytest.raises(RulesError, match="fixed limit"):
        MixedOmaha(NO_LIMIT, LIMIT)
    with pytest.raises(RulesError, match="pot limit"):
        MixedOmaha(LIMIT, LIMIT)
    assert MixedOmaha(LIMIT, POT_LIMIT).games == (LIMIT, POT_LIMIT)


# --- card text: stray invisible characters ------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "\ufe0fAs",
        "A\ufe0fs",
        "As \ufe0f",
        "As\ufe0f",
        "A♠\ufe0f\ufe0f",
        "\u200bAs",
        "A\u200bs",
        "As\x002h",
        "As\x1c2h",
        "As\u20282h",
        "As\x85 2h",
        "As\u200d",
        "\u202eAs",
        "As\x7f",
    ],
)
def test_parse_cards_refuses_stray_invisible_characters(text: str) -> None:
    with pytest.raises(CardError, match=r"U\+|position"):
        parse_cards(text)


@pytest.mark.parametrize(
    ("text", "cards"),
    [
        ("A♠\ufe0f 2♥\ufe0f", "As 2h"),
        ("A♠\ufe0e", "As"),
        ("As\t2h\n3c\r\n", "As 2h 3c"),
        ("As\u00a02h", "As 2h"),
        ("As, 2h; 3c", "As 2h 3c"),
    ],
)
def test_parse_cards_keeps_pasted_text_working(text: str, cards: str) -> None:
    assert parse_cards(text) == parse_cards(cards)


def test_parse_cards_error_shortens_a_huge_input() -> None:
    with pytest.raises(CardError) as error:
        parse_cards("As" + "x" * 1_000_000)
    assert len(str(error.value)) < 400


def test_a_table_hand_with_antes_and_a_dead_blind_still_replays_from_phh() -> None:
    """PHH writes a dead blind into the seat's ante, so one seat's ante is larger than the others': the posts
    check allows antes up to the rules' ante for that reason."""
    rules = Rules(FixedLimit(2, 4), blinds=(1, 2), ante=1)
    posts = [
        *(Post(seat, "ante", 1) for seat in range(4)),
        Post(1, "small blind", 1),
        Post(2, "big blind", 2),
        Post(3, "dead blind", 1),
        Post(3, "live blind", 2),
    ]
    state = start_hand(rules, (100,) * 4, 0, seed=1, posts=posts)
    while not state.is_over:
        state = state.apply(Check() if state.legal_actions().check else Call())
    (record,) = read_phh(write_phh(state))
    report = replay(record)
    assert report.ok, report.detail


# --- the fast paths stay correct after garbage ----------------------------------------------------------------


def test_a_board_of_seven_cards_cannot_poison_the_high_rows() -> None:
    """Five deuces (one card index given five times) and a king and a queen sum to the rank key of the board
    3-K-Q: the row built for that garbage must not be kept for the real board."""
    from engine import evaluation

    board = parse_cards("3c Kd Qh")
    garbage = [0, 0, 0, 0, 0, int(Card("Ks")), int(Card("Qs"))]
    key = sum(5 ** (card >> 2) for card in board)
    assert key == sum(5 ** (card >> 2) for card in garbage)
    evaluation._HIGH_ROWS.pop(key, None)
    hole = parse_cards("Kc Ks 2d 7h")
    with pytest.raises(CardError, match="3, 4 or 5 cards, got 7"):
        evaluation.high_value(hole, garbage)
    assert evaluation.high_value(hole, board) == best_high(hole, board).value == best_high("Kc Ks", board).value


# --- garbage at every public constructor and function -------------------------------------------------------

GOOD_CARDS = parse_cards("As Kd 7h 2c 9s")
GOOD_HOLE = parse_cards("Ah 3d Qc Jc")
GOOD_POT_RESULT = PotResult(10, 0, (0, 1), (1,), None, (), None, (Payout(1, 10, Portion.WHOLE),))

garbage = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.integers(min_value=-(2**70), max_value=2**70),
    st.sampled_from([float("nan"), float("inf"), -float("inf"), 2.0, 4.0, -0.0, 1e308, 10**400]),
    st.floats(),
    st.decimals(),
    st.text(max_size=12),
    st.text(alphabet=st.characters(codec="utf-8", categories=["Cc", "Cf", "Zs", "Zl", "So", "Mn"]), max_size=6),
    st.binary(max_size=6),
    st.sampled_from(["As Kd", "As\ufe0f", "\ufe0fAs", "10h", "NaN", "-0", "1e999999", "show_all"]),
)
plausible = st.sampled_from(
    [
        0,
        1,
        2,
        3,
        4,
        5,
        14,
        52,
        100,
        "s",
        "ante",
        "big blind",
        "small blind",
        "live blind",
        "dead blind",
        "straddle",
        GOOD_CARDS,
        GOOD_HOLE,
        GOOD_CARDS[:3],
        GOOD_CARDS[0],
        (1, 2),
        (0, 1),
        (True, False),
        (False, False),
        (),
        LIMIT,
        NO_LIMIT,
        POT_LIMIT,
        FixedLimit(2, 4),
        PotLimit(),
        Rake(5, cap=3),
        ShowdownPolicy.MANUAL,
        Post(0, "small blind", 1),
        (Post(1, "big blind", 2),),
        Level(LIMIT, hands=3),
        (Level(LIMIT),),
        GameClock(),
        GOOD_POT_RESULT,
        (GOOD_POT_RESULT,),
        (10, 20),
        Decimal("2.5"),
    ]
)
anything = st.one_of(
    garbage,
    plausible,
    st.lists(st.one_of(garbage, plausible), max_size=4),
    st.tuples(st.one_of(garbage, plausible), st.one_of(garbage, plausible)),
)

EVALUATOR = BoardEvaluator(GOOD_CARDS[:4])

TARGETS: dict[str, tuple[Callable[..., object], int, int]] = {
    # name: (the function or constructor, the fewest and the most arguments to throw at it)
    "Card": (Card, 1, 1),
    "make_card": (make_card, 2, 2),
    "parse_cards": (parse_cards, 1, 1),
    "parse_cards(distinct=)": (lambda text, distinct: parse_cards(text, distinct=distinct), 2, 2),
    "format_cards": (format_cards, 1, 2),
    "Deck": (Deck, 1, 1),
    "Deck.ordered": (Deck.ordered, 1, 1),
    "Deck.seeded": (Deck.seeded, 1, 1),
    "best_high": (best_high, 2, 2),
    "best_low": (best_low, 2, 2),
    "BoardEvaluator": (lambda board, checked=False: BoardEvaluator(board, checked=checked), 1, 2),
    "BoardEvaluator.best_high": (EVALUATOR.best_high, 1, 1),
    "BoardEvaluator.best_low": (EVALUATOR.best_low, 1, 1),
    "BoardEvaluator.high_value": (EVALUATOR.high_value, 1, 1),
    "BoardEvaluator.low_value": (EVALUATOR.low_value, 1, 1),
    "BoardEvaluator.high_hand": (EVALUATOR.high_hand, 2, 2),
    "BoardEvaluator.low_hand": (EVALUATOR.low_hand, 2, 2),
    "HighHand": (HighHand, 2, 2),
    "LowHand": (LowHand, 2, 2),
    # The unchecked fast paths: unreadable input is a CardError; other garbage may give a meaningless strength.
    "high_value": (high_value, 2, 2),
    "low_value": (low_value, 2, 2),
    "hi_lo_values": (hi_lo_values, 2, 2),
    "five_card_value": (five_card_value, 1, 1),
    "Rules": (Rules, 1, 10),
    "Rake": (Rake, 1, 4),
    "Rake.exactly": (Rake.exactly, 1, 1),
    "Post": (Post, 3, 3),
    "ShowdownPolicy": (ShowdownPolicy, 1, 1),
    "standard_posts": (lambda r, n, b, s=(), bs=0: standard_posts(r, n, b, straddles=s, button_straddle=bs), 3, 5),
    "check_posts": (check_posts, 3, 3),
    "bomb_pot_posts": (bomb_pot_posts, 3, 3),
    "FixedLimit": (FixedLimit, 2, 4),
    "Bet": (Bet, 1, 1),
    "Raise": (Raise, 1, 1),
    "RunIt": (RunIt, 1, 1),
    "GameClock": (GameClock, 0, 4),
    "FixedGame": (FixedGame, 1, 1),
    "MixedOmaha": (MixedOmaha, 2, 2),
    "Level": (Level, 1, 3),
    "TournamentSchedule": (TournamentSchedule, 1, 1),
    "Pot": (Pot, 2, 2),
    "build_pots": (build_pots, 2, 3),
    "PotResult": (PotResult, 8, 10),
    "HandResult": (HandResult, 4, 6),
}


@settings(max_examples=2000, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.sampled_from(sorted(TARGETS)), st.data())
def test_garbage_gets_an_engine_error_or_is_accepted(name: str, data: st.DataObject) -> None:
    """Random garbage (wrong types, NaN, infinities, bools, huge ints, floats, control characters, None, lists)
    at every public constructor and function of the core: the only exceptions are EngineError subclasses."""
    function, fewest, most = TARGETS[name]
    arguments = [data.draw(anything, label=f"argument {i}") for i in range(data.draw(st.integers(fewest, most)))]
    with contextlib.suppress(EngineError):
        function(*arguments)


def test_a_leading_variation_selector_is_named_and_explained() -> None:
    with pytest.raises(CardError, match=r"U\+FE0F \(VARIATION SELECTOR-16\) at position 0 .* follows no suit symbol"):
        parse_cards("\ufe0fAs")
