"""PHH reading and writing: real hands replay to their recorded stacks, records survive a trip through the text,
engine hands survive a trip through a record, and bad input of every kind becomes a clear HistoryError (or an
"error"/"mismatch" replay report) without stopping the reading of the other hands."""

from __future__ import annotations

import random
import tomllib
from pathlib import Path
from typing import ClassVar

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import (
    ALL_CARDS,
    Bet,
    Call,
    Check,
    FixedLimit,
    Fold,
    HandState,
    HistoryError,
    NoLimit,
    PotLimit,
    Raise,
    Rake,
    Rules,
    Show,
    ShowdownPolicy,
    parse_cards,
    start_hand,
)
from engine.history import HandRecord, RecordedShow, replay
from engine.history.phh import read_phh, read_phh_file, state_to_record, write_phh, write_phhs
from engine.rules import Post

DATA = Path(__file__).resolve().parent / "data" / "phh"
FILES = sorted(DATA.rglob("*.phh"))
WSOP = DATA / "wsop-2023-43-5"


def one(text: str, source: str = "") -> HandRecord:
    [record] = read_phh(text, source)
    assert isinstance(record, HandRecord), record
    return record


def error_of(text: str, source: str = "") -> HistoryError:
    [error] = read_phh(text, source)
    assert isinstance(error, HistoryError), error
    return error


def wsop(name: str) -> str:
    return (WSOP / f"{name}.phh").read_text(encoding="utf-8").rstrip("\n") + "\n"  # the files end mid-line


HEADS_UP = """\
variant = "NO/8"
antes = [0, 0]
blinds_or_straddles = [1, 2]
min_bet = 2
starting_stacks = [100, 100]
actions = ["d dh p1 AsKs2d3d", "d dh p2 ????????", "p2 cc", "p1 cc", "d db 4c5c9h", "p1 cbr 6", "p2 f"]
finishing_stacks = [102, 98]
"""


# --- real hands ----------------------------------------------------------------------------------------------


def test_the_data_is_there() -> None:
    assert len(FILES) >= 14
    assert (DATA.parent / "SOURCES.md").exists()


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_every_real_hand_replays_to_its_finishing_stacks(path: Path) -> None:
    [record] = read_phh_file(path)
    assert isinstance(record, HandRecord), record
    assert record.finishing_stacks is not None
    report = replay(record)
    assert report.status == "ok", report.detail
    assert report.finishing_stacks == record.finishing_stacks


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_real_hands_read_write_read_to_an_equal_record(path: Path) -> None:
    [record] = read_phh_file(path)
    assert isinstance(record, HandRecord)
    text = write_phh(record)
    assert one(text, str(path)) == record
    # Field by field, the written file says what the original says.
    assert tomllib.loads(text) == tomllib.loads(path.read_text(encoding="utf-8"))


def test_what_a_real_hand_reads_as() -> None:
    record = one(wsop("12"), "12.phh")
    assert record.id == "12"
    assert record.rules.betting == FixedLimit(200000, 400000)
    assert record.rules.blinds == (100000, 200000)
    assert record.rules.showdown is ShowdownPolicy.RECORDED
    assert record.button == 4
    assert record.posts == (Post(0, "small blind", 100000), Post(1, "big blind", 200000))
    assert record.players[2] == "Kristopher Tong"
    assert record.hole[2] == parse_cards("As8c7s5h")
    assert record.board == parse_cards("3s7hKs8sAh")
    assert record.actions[:5] == ((2, Raise(400000)), (3, Fold()), (4, Fold()), (0, Fold()), (1, Call()))
    assert record.actions[5:8] == ((1, Check()), (2, Bet(200000)), (1, Call()))
    assert record.reveals == (RecordedShow(2, parse_cards("As8c7s5h")), RecordedShow(1, None))
    assert dict(record.fields)["event"].startswith("2023 World Series of Poker Event #43")


def test_a_single_big_blind_and_an_unknown_hand() -> None:
    record = one(wsop("76"))
    assert record.rules.blinds == (250000,)
    assert record.posts == (Post(0, "big blind", 250000),)
    assert record.hole[0] == (None,) * 4
    assert record.actions[0] == (1, Raise(500000))  # the big blind is the bet to raise
    assert "d dh p1 ????????" in write_phh(record)


def test_heads_up_blinds_are_reverse_assigned() -> None:
    record = one(wsop("80"))
    # blinds_or_straddles = [150000, 300000]: p1 posts the big blind, p2 (the button) the small blind.
    assert record.button == 1
    assert record.posts == (Post(1, "small blind", 150000), Post(0, "big blind", 300000))
    assert record.actions[0] == (1, Raise(600000))  # the button acts first preflop
    record = one(HEADS_UP)
    assert record.rules.betting == NoLimit() and record.rules.hi_lo
    assert record.actions == ((1, Call()), (0, Check()), (0, Bet(6)), (1, Fold()))
    assert replay(record).ok


def test_heads_up_antes_are_reverse_assigned_too() -> None:
    text = HEADS_UP.replace("antes = [0, 0]", "antes = [0, 3]")
    record = one(text)
    assert Post(0, "ante", 3) in record.posts  # a big blind ante: p1 is the big blind
    assert tomllib.loads(write_phh(record))["antes"] == [0, 3]


def test_phhs_holds_many_hands_and_round_trips() -> None:
    records = [read_phh_file(path)[0] for path in FILES]
    text = write_phhs(r for r in records if isinstance(r, HandRecord))
    assert text.startswith("[1]\n")
    again = read_phh(text, "all.phhs")
    assert again == [attrs.evolve(r, source="all.phhs") for r in records]


# --- engine hands --------------------------------------------------------------------------------------------


def random_hand(seed: int) -> HandState:
    """A hand of random legal play on a random table: any structure, Big O, antes, rake, showdown policy."""
    rng = random.Random(seed)
    hole_cards = rng.choice((4, 4, 5))
    players = rng.randint(2, 8 if hole_cards == 5 else 10)
    kind = rng.choice("FPN")
    betting = (
        FixedLimit(2, 4, max_raises=rng.choice((3, 4)), uncapped_heads_up=rng.random() < 0.3)
        if kind == "F"
        else PotLimit()
        if kind == "P"
        else NoLimit()
    )
    rules = Rules(
        betting=betting,
        blinds=rng.choice(((1, 2), (2,), (1, 1), (2, 2))),
        ante=rng.choice((0, 0, 1)),
        hole_cards=hole_cards,
        hi_lo=rng.random() < 0.8,
        rake=rng.choice((None, None, Rake(5, cap=3), Rake(10, no_flop_no_drop=False))),
        showdown=rng.choice(list(ShowdownPolicy)),
    )
    stacks = [rng.choice((1, 3, 10, 40, 100, 500)) for _ in range(players)]
    state = start_hand(rules, stacks, rng.randrange(players), seed=seed)
    while not state.is_over:
        legal = state.legal_actions()
        choices = list(legal.actions)
        if legal.wager and legal.max_to > legal.min_to:
            choices.append((Bet if legal.wager == "bet" else Raise)(rng.randint(legal.min_to, legal.max_to)))
        state = state.apply(rng.choice(choices))
    return state


def rotated(record: HandRecord, values: tuple[int, ...]) -> tuple[int, ...]:
    """Seat values in PHH order: the writer puts the button last."""
    n = len(values)
    return tuple(values[(record.button + 1 + k) % n] for k in range(n))


@settings(max_examples=150, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**32 - 1))
def test_engine_hand_to_record_to_text_and_back(seed: int) -> None:
    state = random_hand(seed)
    record = state_to_record(state, source="sim", id=str(seed))
    direct = replay(record)
    assert direct.ok, direct.detail
    assert direct.finishing_stacks == state.stacks
    text = write_phh(record)
    again = one(text)
    report = replay(again)
    assert report.ok, f"{report.detail}\n{text}"
    assert again.finishing_stacks == rotated(record, state.stacks)
    assert again.id == str(seed)
    assert one(write_phh(again)) == again  # and from there on, text and record agree exactly


def test_a_hand_whose_button_is_last_comes_back_equal() -> None:
    rules = Rules(betting=PotLimit(), blinds=(1, 2), showdown=ShowdownPolicy.RECORDED)
    state = start_hand(rules, (50, 60, 70), button=2, seed=11)
    while not state.is_over:
        legal = state.legal_actions()
        state = state.apply(Show() if legal.show else Check() if legal.check else Call())
    record = state_to_record(state, players=("Ann", "Bob", "Cy"))
    again = one(write_phh(record))
    assert again.actions == record.actions and again.hole == record.hole and again.board == record.board
    assert again.posts == record.posts and again.reveals == record.reveals and again.rules == record.rules
    assert again.players == ("Ann", "Bob", "Cy")
    assert write_phh(state, players=("Ann", "Bob", "Cy")) == write_phh(record)


def test_big_o_is_read_from_five_dealt_cards() -> None:
    rules = Rules(betting=NoLimit(), blinds=(1, 2), hole_cards=5)
    state = start_hand(rules, (100, 100, 100), button=0, seed=3)
    state = state.apply(Raise(6)).apply(Fold()).apply(Fold())
    text = write_phh(state)
    assert 'variant = "NO/8"' in text
    record = one(text)
    assert record.rules.hole_cards == 5 and all(len(cards) == 5 for cards in record.hole)
    assert replay(record).ok


def test_variant_codes() -> None:
    base = HEADS_UP
    for code, structure, hi_lo in (("PO/8", PotLimit(), True), ("NO", NoLimit(), False), ("PO", PotLimit(), False)):
        record = one(base.replace('"NO/8"', f'"{code}"'))
        assert (record.rules.betting, record.rules.hi_lo) == (structure, hi_lo)
        assert tomllib.loads(write_phh(record))["variant"] == code
    fixed = base.replace('"NO/8"', '"FO"').replace("min_bet = 2", "small_bet = 2\nbig_bet = 4")
    fixed = fixed.replace("cbr 6", "cbr 2").replace("[102, 98]", "[102, 98]")
    record = one(fixed)
    assert record.rules.betting == FixedLimit(2, 4) and not record.rules.hi_lo


@attrs.frozen(slots=True)
class Spread(NoLimit):
    """A structure PHH has no variant for (issue 27: a contributor's new structure crashed the writer)."""

    name: ClassVar[str] = "test-spread"
    title: ClassVar[str] = "Test Spread"


def test_a_structure_phh_cannot_name_is_refused_with_a_typed_error() -> None:
    hand = start_hand(Rules(Spread(), blinds=(1, 2)), (50, 50), seed=1)
    while not hand.is_over:
        hand = hand.apply(hand.legal_actions().default)
    message = "PHH cannot write a hand of the 'test-spread' betting structure: its variants name Limit, Pot Limit"
    with pytest.raises(HistoryError, match=message):
        write_phh(hand, players=("A", "B"))
    with pytest.raises(HistoryError, match=message):
        write_phhs([hand])


def test_straddles_and_min_bet() -> None:
    text = """\
variant = "PO/8"
antes = [0, 0, 0, 0]
blinds_or_straddles = [1, 2, 4, 0]
min_bet = 2
starting_stacks = [200, 200, 200, 200]
actions = ["p4 cc", "p1 f", "p2 f", "p3 cbr 12", "p4 cc", "d db 2c3c4c", "p3 cc", "p4 cc", "d db Kh",
           "p3 cc", "p4 cc", "d db Kd", "p3 cc", "p4 cc", "p3 sm", "p4 sm"]
"""
    record = one(text)
    assert record.posts == (Post(0, "small blind", 1), Post(1, "big blind", 2), Post(2, "straddle", 4))
    assert record.rules.blinds == (1, 2)
    assert record.actions[:4] == ((3, Call()), (0, Fold()), (1, Fold()), (2, Raise(12)))
    report = replay(record)
    # both muck: the last claim on the pot must show and wins it; the file states no outcome to check against
    assert report.status == "unchecked", report.detail
    assert report.state is not None and report.state.stacks == (199, 198, 188, 215)


def test_decimal_amounts_keep_their_scale() -> None:
    text = HEADS_UP.replace("[1, 2]", "[0.25, 0.50]").replace("min_bet = 2", "min_bet = 0.50")
    text = text.replace("[100, 100]", "[10.00, 12.37]").replace("cbr 6", "cbr 1.5")
    text = text.replace("[102, 98]", "[10.50, 11.87]")
    record = one(text)
    assert record.scale == 100
    assert record.starting_stacks == (1000, 1237) and record.rules.blinds == (25, 50)
    assert record.actions[2] == (0, Bet(150))
    assert replay(record).ok
    written = write_phh(record)
    assert "starting_stacks = [10.00, 12.37]" in written and '"p1 cbr 1.50"' in written
    assert one(written) == record


def test_engine_options_travel_as_underscore_fields() -> None:
    rules = Rules(
        betting=FixedLimit(2, 4, max_raises=4, uncapped_heads_up=True),
        blinds=(1, 2),
        rake=Rake(10, no_flop_no_drop=False),
    )
    state = start_hand(rules, (100, 100, 100), button=1, seed=5)
    while not state.is_over:
        legal = state.legal_actions()
        state = state.apply(Check() if legal.check else Call())
    assert state.result is not None
    text = write_phh(state)
    fields = tomllib.loads(text)
    assert fields["_max_raises"] == 4 and fields["_uncapped_heads_up"] is True
    assert fields["_rake"] == state.result.rake
    record = one(text)
    assert record.rules.betting == rules.betting and record.rake == state.result.rake
    assert replay(record).ok


def test_winnings_are_checked() -> None:
    text = wsop("12") + "winnings = [0, 0, 2900000, 0, 0]\n"
    record = one(text)
    assert record.collected == ((None, 2, 2900000),)
    assert replay(record).ok
    assert "winnings = [0, 0, 2900000, 0, 0]" in write_phh(record)
    report = replay(one(wsop("12") + "winnings = [0, 0, 2800000, 0, 100000]\n"))
    assert report.status == "mismatch" and "Kristopher Tong collects 2900000" in report.detail


def test_shown_cards_fill_unknown_hole_cards() -> None:
    text = wsop("12").replace("'d dh p3 As8c7s5h'", "'d dh p3 ????????'")
    record = one(text)
    assert record.hole[2] == parse_cards("As8c7s5h")
    assert replay(record).ok
    half = wsop("12").replace("'d dh p3 As8c7s5h'", "'d dh p3 As??7s??'")
    assert one(half).hole[2] == parse_cards("As8c7s5h")
    wrong = wsop("12").replace("'p3 sm As8c7s5h'", "'p3 sm As8c7s6h'")
    assert "p3 shows As8c7s6h but was dealt As8c7s5h" in str(error_of(wrong))
    partial = wsop("12").replace("'p3 sm As8c7s5h'", "'p3 sm As8c????'")
    assert one(partial).reveals[0] == RecordedShow(2, None)
    dash = wsop("12").replace("'p3 sm As8c7s5h'", "'p3 sm -'")
    assert one(dash) == one(wsop("12"))


def test_commentary_and_no_ops_are_ignored() -> None:
    text = wsop("12").replace("'p4 f'", "'p4 f # folds fast', '', '# the dealer sneezes', '   '")
    assert one(text).actions == one(wsop("12")).actions


# --- bad input -----------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (("small_bet = 200000\n", ""), "missing field 'small_bet'"),
        (("actions = [", "actionz = ["), "missing field 'actions'"),
        (("8d7d5d4d", "8d7dZz4d"), "action 1 'd dh p1 8d7dZz4d': 'Zz' is not a card"),
        (("Jc9s9d6s", "Jc9s9dAh"), "card Ah is dealt twice"),
        (("'d db 8s'", "'d db 8s9s'"), "the board would hold 6 cards"),
        (("'p4 f'", "'p9 f'"), "there is no player p9 in a 5-player hand"),
        (("'p4 f'", "'p4 folds'"), "action 7 'p4 folds': not PHH action notation"),
        (("'p4 f'", "'p4 sd'"), "draws are not part of Omaha"),
        (("cbr 400000'", "cbr lots'"), "amount 'lots' is not a number"),
        (("'FO/8'", "'NT'"), "field 'variant' is 'NT'"),
        (("4175000", "-5"), "starting_stacks[0] must be above 0"),
        (("4175000", "inf"), "starting_stacks[0] must be a known, finite amount"),
        (("antes = [0, 0, 0, 0, 0]", "antes = [0, 0, 0]"), "field 'antes' has 3 entries for 5 players"),
        (("'d dh p2 Jc9s9d6s'", "'d dh p2 Jc9s'"), "players are dealt 2 and 4 hole cards"),
    ],
)
def test_bad_hands_say_what_is_wrong(change: tuple[str, str], message: str) -> None:
    text = wsop("12")
    assert change[0] in text
    error = error_of(text.replace(*change), "bad.phh")
    assert str(error).startswith("bad.phh, hand 12: ")
    assert message in str(error)


def test_garbage_and_truncated_text() -> None:
    assert "not valid TOML" in str(error_of("hello world ][", "junk.phh"))
    assert "no hand found" in str(error_of(""))
    text = wsop("12")
    truncated = error_of(text[: len(text) // 2], "cut.phh")
    assert str(truncated).startswith("cut.phh: hand #cut: the hand is cut short: the file ends in the middle of line 8")
    # Cut between two actions, the text is valid and the record reads, but its replay stops short.
    short = text.replace(", 'p3 cbr 400000', 'p2 cc', 'd db Ah'", "]\n#")
    short = short[: short.index("]\n#") + 1] + "\n" + short[short.index("author") :]
    report = replay(one(short))
    assert report.status == "error" and "the record ends before the hand does" in report.detail


def test_an_action_out_of_turn_is_a_replay_error_naming_it() -> None:
    text = wsop("12").replace("'p4 f', 'p5 f'", "'p5 f', 'p4 f'")
    report = replay(one(text))
    assert report.status == "error"
    assert "action 2 (Talal Shakerchi fold)" in report.detail and "out of turn" in report.detail


def test_a_wrong_finishing_stack_is_a_mismatch() -> None:
    text = wsop("12").replace(
        "finishing_stacks = [4075000, 5275000, 6100000", "finishing_stacks = [4075000, 5275000, 6100001"
    )
    report = replay(one(text))
    assert report.status == "mismatch"
    assert "Kristopher Tong finishes with 6100000, the record says 6100001" in report.detail


def test_one_bad_hand_in_a_phhs_does_not_stop_the_others() -> None:
    records = [one(wsop(name)) for name in ("12", "13", "14", "15")]
    text = write_phhs(records)
    bad_field = text.replace("small_bet = 200000\n", "", 2)  # hands 1 and 2 lose a field
    out = read_phh(bad_field, "day5.phhs")
    assert [type(item) for item in out] == [HistoryError, HistoryError, HandRecord, HandRecord]
    assert str(out[0]).startswith("day5.phhs [1], hand 12: missing field 'small_bet'")
    assert (out[0].source, out[0].hand_id) == ("day5.phhs", "12")
    # A TOML syntax error inside one table: that table is an error, the others still read.
    broken = text.replace('[2]\nvariant = "FO/8"', '[2]\nvariant = "FO/8', 1)
    out = read_phh(broken, "day5.phhs")
    assert [type(item) for item in out] == [HandRecord, HistoryError, HandRecord, HandRecord]
    assert "day5.phhs [2]: not valid TOML" in str(out[1])
    assert (out[1].source, out[1].hand_id) == ("day5.phhs", "2")
    assert out[2] == attrs.evolve(records[2], source="day5.phhs")
    out = read_phh("note = 1\n" + text)  # a field outside the tables is an error; the hands still read
    assert [type(item) for item in out] == [HistoryError] + [HandRecord] * 4
    assert "field 'note' stands outside any hand" in str(out[0])
    out = read_phh(text + "\n[5]\nnote = 1\n")
    assert "[5]: missing field 'variant'" in str(out[-1])


# --- fuzz ----------------------------------------------------------------------------------------------------

_PIECES = [
    "p1",
    "p2",
    "p9",
    " cc",
    " f",
    " cbr ",
    " sm ",
    "d db ",
    "d dh ",
    "??",
    "As",
    "Zz",
    "0",
    "-1",
    "1e9",
    "0.5",
    "'",
    '"',
    "[",
    "]",
    ",",
    "=",
    "\n",
    "#",
    "[1]\n",
    "inf",
    "nan",
    "true",
    "variant",
    "actions",
    "'FO/8'",
    "'PO/8'",
    "min_bet = 2\n",
    "antes = 5\n",
    "{",
    "}",
    "hand = 'x'\n",
    "seats = [1, 2]\n",
]


def _check_never_raises(text: str) -> None:
    out = read_phh(text, "fuzz.phhs")
    assert out
    for item in out:
        assert isinstance(item, (HandRecord, HistoryError))
        if isinstance(item, HandRecord):
            report = replay(item)
            assert report.status in ("ok", "unchecked", "mismatch", "error")
            written = write_phh(item)
            assert all(isinstance(x, (HandRecord, HistoryError)) for x in read_phh(written))


@settings(max_examples=200, suppress_health_check=[HealthCheck.too_slow])
@given(st.text(max_size=400))
def test_random_text_never_raises(text: str) -> None:
    _check_never_raises(text)


@settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.sampled_from(FILES),
    st.lists(st.tuples(st.floats(0, 1), st.integers(0, 8), st.sampled_from(_PIECES)), min_size=1, max_size=6),
)
def test_mutated_real_files_never_raise(path: Path, edits: list[tuple[float, int, str]]) -> None:
    text = path.read_text(encoding="utf-8")
    for where, cut, piece in edits:
        at = int(where * len(text))
        text = text[:at] + piece + text[at + cut :]
    _check_never_raises(text)
    _check_never_raises(text + "\n[2]\n" + text)


_ACTION = st.one_of(
    st.tuples(
        st.integers(1, 6),
        st.sampled_from(["f", "cc", "sm", "cbr"]),
        st.sampled_from([1, 100000, 200000, 400000, 10**7, 3 * 10**7]),
    ).map(lambda t: f"p{t[0]} {t[1]} {t[2]}" if t[1] == "cbr" else f"p{t[0]} {t[1]}"),
    st.lists(st.sampled_from(range(52)), min_size=1, max_size=3, unique=True).map(
        lambda cards: "d db " + "".join(str(ALL_CARDS[c]) for c in cards)
    ),
    st.just("d db ??"),
)


@settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(FILES), st.lists(st.tuples(st.floats(0, 1), st.booleans(), _ACTION), min_size=1, max_size=5))
def test_reshuffled_actions_read_replay_and_round_trip(path: Path, edits: list[tuple[float, bool, str]]) -> None:
    """Well-formed but wrong actions: reading never fails oddly, and whatever replays ok survives the writer."""
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    actions = list(data["actions"])
    for where, delete, action in edits:
        at = int(where * len(actions))
        if delete and at < len(actions):
            del actions[at]
        else:
            actions.insert(at, action)
    text = (
        "\n".join(line for line in path.read_text(encoding="utf-8").splitlines() if not line.startswith("actions"))
        + f"\nactions = {actions!r}\n"
    )
    for record in read_phh(text):
        if not isinstance(record, HandRecord):
            assert isinstance(record, HistoryError)
            continue
        report = replay(record)
        if report.ok:
            again = one(write_phh(record))
            assert again == attrs.evolve(record, source="")
            assert replay(again).ok


def test_a_board_card_nobody_recorded() -> None:
    text = wsop("16").replace("'d db Jc'", "'d db ??'")
    record = one(text)
    assert record.board == parse_cards("6sQc7cJd")  # the river is the engine's to fill
    assert '"d db ??"' in write_phh(record)
    assert one(write_phh(record)) == record
    late = wsop("16").replace("'d db Jd'", "'d db ??'")
    assert "a known board card after an unknown one" in str(error_of(late))


def test_state_to_record_rejects_what_is_not_a_hand() -> None:
    with pytest.raises(HistoryError):
        state_to_record("not a state")  # type: ignore[arg-type]


def test_records_are_hashable_values() -> None:
    record = one(wsop("15").replace("day = 22", "day = 22\nextra = [1, {a = 2}]"))
    assert hash(record) == hash(one(write_phh(record)))
    assert attrs.evolve(record, id="x") != record
