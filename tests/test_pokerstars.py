"""PokerStars text hand histories: every real sample replays to its recorded outcome, each feature the samples
show (and a few they do not: tournaments, antes, dead blinds, a dead button, Omaha high, five-card Omaha, several
side pots, a mixed-game header) is read as the engine needs it, bad input becomes a HistoryError or a replay
verdict, and reading never raises on anything.

The hands written here (not from a site) were worked out by hand: the arithmetic is in the comment above each.
"""

from __future__ import annotations

import random
from pathlib import Path

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine import (
    Bet,
    Call,
    Card,
    Check,
    FixedLimit,
    Fold,
    HistoryError,
    NoLimit,
    PotLimit,
    Raise,
    Rake,
    Rules,
    ShowdownPolicy,
    parse_cards,
    start_hand,
)
from engine.events import BetReturned
from engine.history import HandRecord, RecordedShow, replay
from engine.history.pokerstars import (
    read_pokerstars,
    read_pokerstars_file,
    write_pokerstars,
    write_pokerstars_state,
)
from engine.rules import Post, standard_posts

DATA = Path(__file__).parent / "data" / "pokerstars"
SAMPLES = sorted(DATA.rglob("*.txt"))
PARSER = DATA / "PokerHandHistoryParser"


def read_one(text: str, source: str = "test") -> HandRecord:
    (record,) = read_pokerstars(text, source)
    assert isinstance(record, HandRecord), record
    return record


def sample(name: str) -> HandRecord:
    (record,) = read_pokerstars_file(next(PARSER.rglob(name)))
    assert isinstance(record, HandRecord), record
    return record


def text_of(name: str) -> str:
    """A sample's text without its byte-order mark and the spaces PokerStars leaves at the ends of lines."""
    text = next(PARSER.rglob(name)).read_text(encoding="utf-8-sig")
    return "\n".join(line.rstrip() for line in text.splitlines()) + "\n"


def seat(record: HandRecord, name: str) -> int:
    return record.players.index(name)


# --- hands written for these tests ---------------------------------------------------------------------

# Limit tournament, chips, antes of 10. Charlie's seat line says "is sitting out" but a tournament deals him in: he
# posts and folds. Delta (120) is all-in after ante 10 + big blind 100 + a call of 10. Put in: Alpha 10+200+100+400
# (its last 200 comes back) = 710, Bravo 710, Charlie 60, Delta 120, Echo 10: 1610. Main pot (up to Delta's 120)
# 120+120+60+120+10 = 430, side pot 590+590 = 1180 (Alpha alone: Bravo folded). Board 4s 5d Qc Js 8h: Delta's
# T-9 + Q-J-8 is a straight (high); Alpha's A-2 + 8-5-4 the only low. Main 215/215, side 1180 to Alpha.
TOURNAMENT = (
    (
        "PokerStars Hand #200000000001: Tournament #900000001, $10+$1 USD Omaha Hi/Lo Limit - Level IV (100/200) "
        "- 2015/03/01 12:00:00 ET\n"
    )
    + """\
Table '900000001 3' 9-max Seat #2 is the button
Seat 1: Alpha (2000 in chips)
Seat 2: Bravo (1500 in chips)
Seat 4: Charlie (3000 in chips) is sitting out
Seat 5: Delta (120 in chips)
Seat 7: Echo (2500 in chips)
Alpha: posts the ante 10
Bravo: posts the ante 10
Charlie: posts the ante 10
Delta: posts the ante 10
Echo: posts the ante 10
Charlie: posts small blind 50
Delta: posts big blind 100
*** HOLE CARDS ***
Dealt to Alpha [Ah 2h 3c Kd]
Echo: folds
Alpha: raises 100 to 200
Echo said, "gl"
Bravo: calls 200
Charlie has timed out
Charlie: folds
Delta: calls 10 and is all-in
*** FLOP *** [4s 5d Qc]
Alpha: bets 100
Bravo: calls 100
*** TURN *** [4s 5d Qc] [Js]
Alpha: bets 200
Bravo: raises 200 to 400
Alpha: calls 200
*** RIVER *** [4s 5d Qc Js] [8h]
Alpha: bets 200
Bravo: folds
Uncalled bet (200) returned to Alpha
*** SHOW DOWN ***
Alpha: shows [Ah 2h 3c Kd] (HI: high card Ace; LO: 8,5,4,2,A)
Delta: shows [9c 9d Tc Th] (HI: a straight, Eight to Queen)
Alpha collected 1180 from side pot
Delta collected 215 from main pot
Alpha collected 215 from main pot
*** SUMMARY ***
Total pot 1610 Main pot 430. Side pot 1180. | Rake 0
Board [4s 5d Qc Js 8h]
Seat 1: Alpha showed [Ah 2h 3c Kd] and won (1395) with HI: high card Ace; LO: 8,5,4,2,A
Seat 2: Bravo (button) folded on the River
Seat 4: Charlie (small blind) folded before Flop
Seat 5: Delta (big blind) showed [9c 9d Tc Th] and won (215) with HI: a straight, Eight to Queen
Seat 7: Echo folded before Flop (didn't bet)
"""
)

# Pot limit, the button on empty seat 3 (Bob, seat 2, is the engine's button), Dee sits out (not dealt in), Bob
# returns with a dead small blind + live big blind ("small & big blinds" $0.75). Preflop pot 0.25+0.50+0.75 = 1.50:
# Bob may raise to at most 0.50 + 1.50 = 2.00 (he makes it 1.50). Flop pot 3.50: Bob bets 2, Eve raises to 6 (at most
# 2 + 5.50 + 2 = 9.50), Bob folds, 4 comes back. Put in: Bob 0.75+1+2, Cid 0.25, Eve 0.50+1+2 = 7.50; rake 0.37.
DEAD_BUTTON_FOLD = """\
PokerStars Hand #210000000002:  Omaha Hi/Lo Pot Limit ($0.25/$0.50 USD) - 2016/05/05 20:00:00 ET
Table 'Testia II' 6-max Seat #3 is the button
Seat 1: Ann ($50 in chips)
Seat 2: Bob ($40 in chips)
Seat 4: Cid ($60.25 in chips)
Seat 5: Dee ($30 in chips) is sitting out
Seat 6: Eve ($45.50 in chips)
Cid: posts small blind $0.25
Eve: posts big blind $0.50
Bob: posts small & big blinds $0.75
Dee: is sitting out
Fay will be allowed to play after the button
*** HOLE CARDS ***
Dealt to Bob [Ac 2d Kh Ks]
Ann: folds
Bob: raises $1 to $1.50
Cid: folds
Eve: calls $1
*** FLOP *** [3h 4c Kd]
Eve: checks
Bob: bets $2
Eve: raises $4 to $6
Bob: folds
Uncalled bet ($4) returned to Eve
Eve collected $7.13 from pot
Eve: doesn't show hand
*** SUMMARY ***
Total pot $7.50 | Rake $0.37
Board [3h 4c Kd]
Seat 1: Ann folded before Flop (didn't bet)
Seat 2: Bob folded on the Flop
Seat 4: Cid (small blind) folded before Flop
Seat 6: Eve (big blind) collected ($7.13)
"""

# The same start, played to a showdown. Bob put in 17.75 (0.25 of it dead), Eve 17.50, Cid 0.25: 35.50, one pot
# (nobody is all-in), 33.89 after the rake. Board 3h 4c Kd 9s 5h: Eve's 7-6 + 5-4-3 is a seven-high straight (high),
# Bob's A-2 + 5-4-3 the wheel (low). 3389 // 2 = 1694 to the low, 1695 (the odd chip) to the high.
DEAD_BLIND_SHOWDOWN = """\
PokerStars Hand #210000000002:  Omaha Hi/Lo Pot Limit ($0.25/$0.50 USD) - 2016/05/05 20:00:00 ET
Table 'Testia II' 6-max Seat #3 is the button
Seat 1: Ann ($50 in chips)
Seat 2: Bob ($40 in chips)
Seat 4: Cid ($60.25 in chips)
Seat 5: Dee ($30 in chips) is sitting out
Seat 6: Eve ($45.50 in chips)
Cid: posts small blind $0.25
Eve: posts big blind $0.50
Bob: posts small & big blinds $0.75
Dee: is sitting out
Fay will be allowed to play after the button
*** HOLE CARDS ***
Dealt to Bob [Ac 2d Kh Ks]
Ann: folds
Bob: raises $1 to $1.50
Cid: folds
Eve: calls $1
*** FLOP *** [3h 4c Kd]
Eve: checks
Bob: bets $2
Eve: raises $4 to $6
Bob: calls $4
*** TURN *** [3h 4c Kd] [9s]
Eve: bets $10
Bob: calls $10
*** RIVER *** [3h 4c Kd 9s] [5h]
Eve: checks
Bob: checks
*** SHOW DOWN ***
Eve: shows [6s 7s 9h 9d] (HI: a straight, Three to Seven)
Bob: shows [Ac 2d Kh Ks] (HI: three of a kind, Kings; LO: 5,4,3,2,A)
Eve collected $16.95 from pot
Bob collected $16.94 from pot
*** SUMMARY ***
Total pot $35.50 | Rake $1.61
Board [3h 4c Kd 9s 5h]
Seat 1: Ann folded before Flop (didn't bet)
Seat 2: Bob showed [Ac 2d Kh Ks] and won ($16.94) with HI: three of a kind, Kings; LO: 5,4,3,2,A
Seat 4: Cid (small blind) folded before Flop
Seat 6: Eve (big blind) showed [6s 7s 9h 9d] and won ($16.95) with HI: a straight, Three to Seven
"""

# Omaha high only, heads-up (the button posts the small blind and acts first), all-in preflop: 100 + 100 = 200,
# rake 1. Board 2c 3d 4h Ts Jc: Gus has kings, Hal queens. Hal's A-6 + 4-3-2 would win half in hi/lo; here it is
# worth nothing.
OMAHA_HIGH = """\
PokerStars Hand #220000000003:  Omaha No Limit ($1/$2 USD) - 2017/01/01 1:00:00 ET
Table 'Hilo Test' 2-max Seat #1 is the button
Seat 1: Gus ($100 in chips)
Seat 2: Hal ($150 in chips)
Gus: posts small blind $1
Hal: posts big blind $2
*** HOLE CARDS ***
Gus: raises $4 to $6
Hal: raises $18 to $24
Gus: raises $76 to $100 and is all-in
Hal: calls $76
*** FLOP *** [2c 3d 4h]
*** TURN *** [2c 3d 4h] [Ts]
*** RIVER *** [2c 3d 4h Ts] [Jc]
*** SHOW DOWN ***
Gus: shows [Kh Kd 7s 8s] (a pair of Kings)
Hal: shows [Ac 6d Qs Qh] (a pair of Queens)
Gus collected $199 from pot
*** SUMMARY ***
Total pot $200 | Rake $1
Board [2c 3d 4h Ts Jc]
Seat 1: Gus (button) (small blind) showed [Kh Kd 7s 8s] and won ($199) with a pair of Kings
Seat 2: Hal (big blind) showed [Ac 6d Qs Qh] and lost with a pair of Queens
"""

# No limit, three all-ins of different sizes: put in Ike 5, Jo 10, Kai 20, Lu 20 = 55. Main pot 4 x 5 = 20 (all),
# side pot 1: 3 x 5 = 15 (Jo, Kai, Lu), side pot 2: 2 x 10 = 20 (Kai, Lu). The rake 2.75 comes from the main pot:
# 17.25. Board 2c 7d 8h Ks Kd: highs Ike trip kings > Kai kings and queens > Lu kings and jacks > Jo kings and
# nines; lows Jo 8-7-3-2-A < Lu 8-7-4-3-2 < Kai 8-7-5-4-2, Ike none. Main: Ike 863 (odd chip), Jo 862. Side 1: Kai
# 7.50, Jo 7.50. Side 2: Kai 10, Lu 10.
SIDE_POTS = """\
PokerStars Hand #230000000005:  Omaha Hi/Lo No Limit ($0.10/$0.20 USD) - 2018/02/02 2:02:02 ET
Table 'Sidepots' 6-max Seat #1 is the button
Seat 1: Ike ($5 in chips)
Seat 2: Jo ($10 in chips)
Seat 3: Kai ($20 in chips)
Seat 4: Lu ($30 in chips)
Jo: posts small blind $0.10
Kai: posts big blind $0.20
*** HOLE CARDS ***
Lu: raises $0.40 to $0.60
Ike: raises $4.40 to $5 and is all-in
Jo: raises $5 to $10 and is all-in
Kai: raises $10 to $20 and is all-in
Lu: calls $19.40
*** FLOP *** [2c 7d 8h]
*** TURN *** [2c 7d 8h] [Ks]
*** RIVER *** [2c 7d 8h Ks] [Kd]
*** SHOW DOWN ***
Kai: shows [Qd Qh 4c 5c] (HI: two pair, Kings and Queens; LO: 8,7,5,4,2)
Lu: shows [Jh Jc 3d 4d] (HI: two pair, Kings and Jacks; LO: 8,7,4,3,2)
Kai collected $10 from side pot-2
Lu collected $10 from side pot-2
Jo: shows [Ah 3s 9c 9d] (HI: two pair, Kings and Nines; LO: 8,7,3,2,A)
Kai collected $7.50 from side pot-1
Jo collected $7.50 from side pot-1
Ike: shows [Kh Ac Qs Js] (HI: three of a kind, Kings)
Ike collected $8.63 from main pot
Jo collected $8.62 from main pot
*** SUMMARY ***
Total pot $55 Main pot $17.25. Side pot-1 $15. Side pot-2 $20. | Rake $2.75
Board [2c 7d 8h Ks Kd]
Seat 1: Ike (button) showed [Kh Ac Qs Js] and won ($8.63) with HI: three of a kind, Kings
Seat 2: Jo (small blind) showed [Ah 3s 9c 9d] and won ($16.12) with HI: two pair, Kings and Nines; LO: 8,7,3,2,A
Seat 3: Kai (big blind) showed [Qd Qh 4c 5c] and won ($17.50) with HI: two pair, Kings and Queens; LO: 8,7,5,4,2
Seat 4: Lu showed [Jh Jc 3d 4d] and won ($10) with HI: two pair, Kings and Jacks; LO: 8,7,4,3,2
"""

# Five-card Omaha hi/lo, pot limit; Ned raises the pot (0.10 + 0.15 + 0.10 = 0.35), bets 0.50 into 0.75 on the
# flop and takes it: 0.75 less 0.03 rake.
FIVE_CARD = """\
PokerStars Hand #240000000006:  5 Card Omaha Hi/Lo Pot Limit ($0.05/$0.10 USD) - 2019/03/03 3:03:03 ET
Table 'Fivecard' 6-max Seat #2 is the button
Seat 1: Mo ($10 in chips)
Seat 2: Ned ($10 in chips)
Seat 3: Oz ($10 in chips)
Oz: posts small blind $0.05
Mo: posts big blind $0.10
*** HOLE CARDS ***
Dealt to Ned [Ah 2h 3h 4h 5h]
Ned: raises $0.25 to $0.35
Oz: folds
Mo: calls $0.25
*** FLOP *** [6c 7c 8d]
Mo: checks
Ned: bets $0.50
Mo: folds
Uncalled bet ($0.50) returned to Ned
Ned collected $0.72 from pot
Ned: doesn't show hand
*** SUMMARY ***
Total pot $0.75 | Rake $0.03
Board [6c 7c 8d]
Seat 1: Mo (big blind) folded on the Flop
Seat 2: Ned (button) collected ($0.72)
Seat 3: Oz (small blind) folded before Flop
"""

# A mixed-game header; limit $2/$4 with $1/$2 blinds, a capped flop (bet and three raises). Put in: Pia 2+2 = 4,
# Quin 4+8+4 = 16, Ros 16: 36, rake 1.50. Ros mucks, Quin takes 34.50.
MIXED = """\
PokerStars Game #250000000007:  8-Game (Omaha Hi/Lo Limit, $2/$4 USD) - 2010/04/04 4:04:04 ET
Table 'Mixer' 6-max Seat #1 is the button
Seat 1: Pia ($80 in chips)
Seat 2: Quin ($95.50 in chips)
Seat 3: Ros ($40 in chips)
Quin: posts small blind $1
Ros: posts big blind $2
*** HOLE CARDS ***
Pia: calls $2
Quin: raises $2 to $4
Ros: calls $2
Pia: calls $2
*** FLOP *** [Ts 9s 2h]
Quin: bets $2
Ros: raises $2 to $4
Pia: folds
Quin: raises $2 to $6
Ros: raises $2 to $8
Quin: calls $2
*** TURN *** [Ts 9s 2h] [3c]
Quin: checks
Ros: bets $4
Quin: calls $4
*** RIVER *** [Ts 9s 2h 3c] [Kd]
Quin: checks
Ros: checks
*** SHOW DOWN ***
Quin: shows [Ks Kh 4d 5d] (HI: three of a kind, Kings)
Ros: mucks hand
Quin collected $34.50 from pot
*** SUMMARY ***
Total pot $36 | Rake $1.50
Board [Ts 9s 2h 3c Kd]
Seat 1: Pia (button) folded on the Flop
Seat 2: Quin (small blind) showed [Ks Kh 4d 5d] and won ($34.50) with HI: three of a kind, Kings
Seat 3: Ros (big blind) mucked
"""


# --- every real sample --------------------------------------------------------------------------------------


@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: p.name)
def test_every_sample_replays_to_its_recorded_outcome(path):
    records = read_pokerstars_file(path)
    assert records
    for record in records:
        assert isinstance(record, HandRecord), record
        assert record.collected and record.rake is not None and record.finishing_stacks is not None
        report = replay(record)
        assert report.status == "ok", report.detail
        # what replay checked, stated here too: each player's and each pot's collected chips, and the rake
        result = report.state.result
        for pot, who, chips in record.collected:
            if pot is not None:
                assert result.pots[pot].paid(who) >= chips
        assert result.rake == record.rake
        assert sum(chips for _, _, chips in record.collected) == sum(p.amount for p in result.pots)


@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: p.name)
def test_every_sample_survives_write_and_read_again(path):
    for record in read_pokerstars_file(path):
        text = write_pokerstars(record)
        assert read_one(text, record.source) == record


# --- features the samples show ------------------------------------------------------------------------------


def test_incomplete_all_in_raise_makes_a_side_pot_and_the_rake_comes_from_the_main_pot():
    record = sample("NeedsRaiseAdjusting.txt")
    assert record.rules.betting == FixedLimit(30000, 60000) and record.rules.blinds == (15000, 30000)
    assert record.scale == 100 and record.rake == 500
    elior = seat(record, "Crazy Elior")
    assert (elior, Raise(38250)) in record.actions  # "raises $82.50 to $382.50": the total, not the increment
    report = replay(record)
    assert report.ok, report.detail
    main, side = report.state.result.pots
    assert (main.rake, main.amount, side.rake, side.amount) == (500, 527500, 0, 420000)
    assert main.paid(elior) == 263750 and main.paid(seat(record, "LewisFriend")) == 263750
    assert side.paid(seat(record, "Bluf_To_Much")) == 210000 and elior not in side.eligible
    # "side pot" without a number is side pot 1, "main pot" is pot 0
    assert {pot for pot, _, _ in record.collected} == {0, 1}


def test_quartered_low_4_78_and_4_77():
    record = sample("NoLimitOmahaHiLo.txt")
    mindster, aphily = seat(record, "Mindster"), seat(record, "Aphily8")
    assert record.collected == ((None, mindster, 955), (None, aphily, 478), (None, mindster, 477))
    report = replay(record)
    assert report.ok, report.detail
    (pot,) = report.state.result.pots
    assert set(pot.low_winners) == {mindster, aphily} and pot.high_winners == (mindster,)
    # the odd chip of the low half goes to the first tied winner left of the button
    assert report.state.result.won(aphily) == 478


def test_two_players_post_a_big_blind():
    record = sample("OmahaHiLo.txt")
    assert [(record.players[p.seat], p.kind, p.amount) for p in record.posts] == [
        ("ColFortune81", "small blind", 50),
        ("Belkiss2", "big blind", 100),
        ("ribby53", "live blind", 100),
    ]
    # the new player's blind does not move who acts first: the player left of the real big blind
    assert record.actions[0] == (seat(record, "funkyOne81"), Fold())
    assert record.actions[1] == (seat(record, "ribby53"), Check())
    report = replay(record)
    assert report.ok, report.detail
    # the scoop: two "collected $1.67" lines, one for each half, from the pot of 3.50 less 0.16 rake
    assert report.state.result.won(seat(record, "Belkiss2")) == 334 and report.state.result.rake == 16


def test_high_and_low_to_different_players_odd_chip_to_the_high():
    record = sample("PotLimitOmahaHiLo.txt")
    report = replay(record)
    assert report.ok, report.detail
    (pot,) = report.state.result.pots
    assert pot.high_winners == (seat(record, "NeiLutzn"),) and pot.low_winners == (seat(record, "SGS62"),)
    assert (pot.paid(seat(record, "NeiLutzn")), pot.paid(seat(record, "SGS62"))) == (39, 38)


def test_uncalled_bet_is_returned_by_the_engine_and_checked_against_the_record():
    record = sample("UncalledBet.txt")
    report = replay(record)
    assert report.ok, report.detail
    assert BetReturned(seat(record, "Beeethoven87"), 200) in report.state.events
    wrong = text_of("UncalledBet.txt").replace("Uncalled bet ($2)", "Uncalled bet ($1.50)")
    (error,) = read_pokerstars(wrong, "wrong.txt")
    assert isinstance(error, HistoryError) and "uncalled" in str(error) and "wrong.txt" in str(error)


def test_all_in_on_the_turn_with_uncalled_bet_and_no_low_hand_qualified():
    record = sample("OmahaHiLoShowdown.txt")
    report = replay(record)
    assert report.ok, report.detail
    assert BetReturned(seat(record, "HELVER4728"), 79) in report.state.events
    (pot,) = report.state.result.pots
    assert pot.low_winners == () and pot.paid(seat(record, "HELVER4728")) == 1706


def test_partial_show_counts_as_a_muck_and_its_card_is_known():
    record = sample("MucksHand.txt")
    meelek = seat(record, "Meelek")
    assert RecordedShow(meelek, None) in record.reveals
    assert RecordedShow(seat(record, "neivian"), None) in record.reveals
    assert record.hole[meelek] == (Card("Qs"), None, None, None)
    report = replay(record)
    assert report.ok, report.detail
    assert report.state.mucked[meelek]


def test_strange_player_names():
    strange, plain = sample("StrangePlayerNames.txt"), sample("UncalledBet.txt")
    assert strange.players[0] == "wo_ooly :D"
    assert attrs.evolve(strange, players=plain.players, source=plain.source) == plain
    odd = ["a: b", "Bob [1]", "x (y)", "Bob", "Bob said", "Seat 9", "Dealt", "($5 in chips)"]
    text = text_of("OmahaHiLo.txt")
    for old, new in zip(["mq260", "ColFortune81", "Belkiss2", "funkyOne81", "ribby53", "Zident"], odd, strict=False):
        text = text.replace(old, new)
    record = read_one(text)
    assert record.players == tuple(odd[:6]) and replay(record).ok


def test_byte_order_mark_and_windows_line_ends():
    path = next(PARSER.rglob("PotLimitOmahaHiLo.txt"))
    assert path.read_bytes().startswith(b"\xef\xbb\xbf")
    plain = read_one(path.read_text(encoding="utf-8-sig"), str(path))
    assert read_one("\ufeff" + plain_text(path).replace("\n", "\r\n"), str(path)) == plain
    assert read_pokerstars_file(path) == [plain]


def plain_text(path: Path) -> str:
    return path.read_text(encoding="utf-8-sig")


def test_players_not_dealt_in_are_left_out_and_seat_numbers_kept():
    record = sample("NoLimitOmahaHiLo.txt")  # deweymex waits for the button; KnG1 and JWSee come and go
    assert record.players == ("Jon9ball", "Aphily8", "manf21", "Mindster", "imre", "AdyDixon1985")
    assert record.seat_labels == (1, 3, 4, 6, 7, 8) and record.button == 0
    record = sample("PotLimitOmahaHiLo.txt")  # hamberman sits out
    assert record.players == ("SGS62", "NeiLutzn") and record.button == 0


def test_many_hands_in_one_file_and_a_bad_one_does_not_stop_the_rest():
    good = [plain_text(p) for p in SAMPLES[:3]]
    bad = text_of("UncalledBet.txt").replace("liscla223: folds", "liscla223: juggles")
    records = read_pokerstars("\n\n\n".join([good[0], bad, good[1], good[2]]), "many.txt")
    assert [type(r) for r in records] == [HandRecord, HistoryError, HandRecord, HandRecord]
    message = str(records[1])
    assert "many.txt" in message and "#109716666902" in message and "liscla223: juggles" in message
    assert "line" in message


# --- features the samples do not show -------------------------------------------------------------------------


def test_tournament_limit_hand_with_antes():
    record = read_one(TOURNAMENT)
    assert record.scale == 1 and record.id == "200000000001"
    assert record.rules.betting == FixedLimit(100, 200) and record.rules.blinds == (50, 100)
    assert record.rules.ante == 10 and record.rules.rake is None and record.rake == 0
    assert record.rules.showdown is ShowdownPolicy.RECORDED
    assert dict(record.fields)["tournament"] == "900000001" and dict(record.fields)["level"] == "IV"
    assert record.players == ("Alpha", "Bravo", "Charlie", "Delta", "Echo") and record.button == 1
    assert [p.kind for p in record.posts] == ["ante"] * 5 + ["small blind", "big blind"]
    assert record.hole[0] == parse_cards("Ah 2h 3c Kd")
    report = replay(record)
    assert report.ok, report.detail
    main, side = report.state.result.pots
    assert (main.amount, side.amount, side.eligible) == (430, 1180, (0,))


def test_dead_button_and_a_dead_small_blind():
    record = read_one(DEAD_BUTTON_FOLD)
    assert record.players == ("Ann", "Bob", "Cid", "Eve") and record.seat_labels == (1, 2, 4, 6)
    assert record.button == 1 and ("button_seat", 3) in record.fields
    bob = seat(record, "Bob")
    assert record.posts[2:] == (Post(bob, "dead blind", 25), Post(bob, "live blind", 50))
    assert record.actions[:2] == ((0, Fold()), (bob, Raise(150)))
    report = replay(record)
    assert report.ok, report.detail
    assert read_one(write_pokerstars(record), "test") == record


def test_dead_small_blind_stays_in_the_pot_at_a_showdown():
    report = replay(read_one(DEAD_BLIND_SHOWDOWN))
    assert report.ok, report.detail


def test_omaha_high_only():
    record = read_one(OMAHA_HIGH)
    assert record.rules.hi_lo is False and record.rules.betting == NoLimit()
    assert record.rules.blinds == (100, 200) and record.button == 0
    assert replay(record).ok
    as_hi_lo = attrs.evolve(record, rules=attrs.evolve(record.rules, hi_lo=True))
    assert replay(as_hi_lo).status == "mismatch"  # Hal's low would have won half


def test_several_side_pots():
    record = read_one(SIDE_POTS)
    ike, jo, kai, lu = range(4)
    assert record.collected == ((2, kai, 1000), (2, lu, 1000), (1, kai, 750), (1, jo, 750), (0, ike, 863), (0, jo, 862))
    report = replay(record)
    assert report.ok, report.detail
    assert [p.eligible for p in report.state.result.pots] == [(0, 1, 2, 3), (1, 2, 3), (2, 3)]
    assert read_one(write_pokerstars(record), "test") == record


def test_five_card_omaha():
    record = read_one(FIVE_CARD)
    assert record.rules.hole_cards == 5 and record.hole[1] == parse_cards("Ah 2h 3h 4h 5h")
    assert replay(record).ok


def test_mixed_game_header_and_game_word():
    record = read_one(MIXED)
    assert dict(record.fields)["mixed"] == "8-Game" and record.rules.betting == FixedLimit(200, 400)
    assert replay(record).ok
    text = write_pokerstars(record)
    assert text.startswith("PokerStars Game #250000000007:  8-Game (Omaha Hi/Lo Limit, $2/$4 USD)")
    assert read_one(text) == record
    hand_word = plain_text(next(PARSER.rglob("OmahaHiLo.txt"))).replace("PokerStars Game #", "PokerStars Hand #")
    assert replay(read_one(hand_word)).ok


# --- bad input ----------------------------------------------------------------------------------------------


def only_error(text: str) -> str:
    (error,) = read_pokerstars(text, "bad.txt")
    assert isinstance(error, HistoryError), error
    return str(error)


def test_garbage_line_is_named():
    text = text_of("PotLimitOmahaHiLo.txt").replace("NeiLutzn: checks\n", "NeiLutzn: checks\n%%% garbage %%%\n", 1)
    message = only_error(text)
    assert "bad.txt" in message and "#109677324649" in message and "%%% garbage %%%" in message
    assert "line 12" in message


def test_truncated_hand():
    text = text_of("PotLimitOmahaHiLo.txt")
    message = only_error(text[: text.index("*** RIVER ***")])
    assert "cut short" in message
    assert "cut short" in only_error(text[: text.index("Total pot")])


def test_unknown_card():
    message = only_error(text_of("PotLimitOmahaHiLo.txt").replace("[Kd 2c 9h]", "[Kd 2x 9h]", 1))
    assert "suit" in message and "2x" in message


def test_card_dealt_twice():
    message = only_error(text_of("PotLimitOmahaHiLo.txt").replace("[4s 2s 8d 3d]", "[4s 2s 8d Kd]"))
    assert "Kd" in message and "twice" in message


def test_action_out_of_turn_is_a_replay_error_naming_the_action():
    text = text_of("PotLimitOmahaHiLo.txt")
    text = text.replace("NeiLutzn: checks\nSGS62: checks", "SGS62: checks\nNeiLutzn: checks")
    report = replay(read_one(text))
    assert report.status == "error"
    assert "SGS62 check" in report.detail and "out of turn" in report.detail


def test_wrong_collected_amounts_are_a_mismatch():
    text = text_of("NoLimitOmahaHiLo.txt").replace("Aphily8 collected $4.78", "Aphily8 collected $4.77")
    text = text.replace("Mindster collected $4.77", "Mindster collected $4.78")
    text = text.replace("won ($4.78)", "won ($4.77)").replace("won ($14.32)", "won ($14.33)")  # the summary agrees
    report = replay(read_one(text))
    assert report.status == "mismatch"
    assert "Aphily8 collects 4.78, the record says 4.77" in report.detail


def test_not_an_omaha_hand_and_other_nonsense():
    holdem = text_of("UncalledBet.txt").replace("Omaha Hi/Lo Pot Limit", "Hold'em No Limit")
    assert "not an Omaha hand" in only_error(holdem)
    for empty in ("", "\n\n  \n", "hello\nworld\n"):
        [error] = read_pokerstars(empty, "empty.txt")
        assert isinstance(error, HistoryError) and "empty.txt: no hand found" in str(error)
    records = read_pokerstars("hello\nworld\n\nPokerStars Hand #1: junk")
    assert len(records) == 1 and isinstance(records[0], HistoryError)
    assert records.notes == ("<text>: passed over 2 lines that are not part of a hand (the first: line 1 'hello')",)


def test_writing_needs_a_hand_that_replays_to_the_end():
    record = sample("UncalledBet.txt")
    with pytest.raises(HistoryError):
        write_pokerstars(attrs.evolve(record, actions=record.actions[:2]))
    state = start_hand(Rules(betting=PotLimit(), blinds=(1, 2)), (100, 100, 100), 0, seed=3)
    with pytest.raises(HistoryError):
        write_pokerstars_state(state)


# --- engine hands written and read back -------------------------------------------------------------------------


def random_hand(rng: random.Random):
    """A hand played with random legal actions: any structure, antes, rake, short stacks, a returning player's
    dead and live blinds, Omaha high or hi/lo, four or five cards."""
    players = rng.randint(2, 8)
    betting = rng.choice([FixedLimit(20, 40), PotLimit(), NoLimit()])
    rules = Rules(
        betting=betting,
        blinds=(10, 20),
        ante=rng.choice([0, 0, 5]),
        hi_lo=rng.random() < 0.8,
        rake=rng.choice([None, Rake(5, cap=30)]),
        hole_cards=rng.choice([4, 4, 5]),
    )
    stacks = [rng.choice([rng.randint(40, 120), rng.randint(200, 3000)]) for _ in range(players)]
    button = rng.randrange(players)
    posts = list(standard_posts(rules, players, button))
    extra = (button + 3) % players
    if players > 3 and rng.random() < 0.3:
        posts += [Post(extra, "dead blind", 10), Post(extra, "live blind", 20)][rng.randrange(2) :]
    state = start_hand(rules, stacks, button, seed=rng.randrange(10**9), posts=posts)
    while not state.is_over:
        legal = state.legal_actions()
        action = rng.choice(legal.actions)
        if isinstance(action, (Bet, Raise)) and legal.max_to > legal.min_to and rng.random() < 0.5:
            action = type(action)(rng.randint(legal.min_to, legal.max_to))
        state = state.apply(action)
    return state


@given(st.integers(0, 2**32), st.booleans())
def test_engine_hands_written_and_read_back_replay_to_the_same_end(seed, money):
    state = random_hand(random.Random(seed))
    names = [f"P{i} :{i}" if i % 2 else f"Player {i}" for i in range(state.players)]
    text = write_pokerstars_state(
        state, names, hand_id=str(seed), scale=100 if money else 1, currency="USD" if money else None
    )
    record = read_one(text)
    report = replay(record)
    assert report.ok, report.detail + "\n" + text
    assert report.state.stacks == state.stacks and record.players == tuple(names)
    betting = [a for a in state.actions if isinstance(a, (Fold, Check, Call, Bet, Raise))]
    assert [a for _, a in record.actions] == betting
    assert read_one(write_pokerstars(record)) == record


# --- fuzzing: reading never raises ---------------------------------------------------------------------------


def check_never_raises(text: str) -> None:
    for item in read_pokerstars(text, "fuzz"):
        assert isinstance(item, (HandRecord, HistoryError))
        if isinstance(item, HistoryError):
            assert "internal error" not in str(item), str(item)
        else:
            assert replay(item).status in ("ok", "mismatch", "error")


@given(st.text())
def test_random_text_never_raises(text):
    check_never_raises(text)


@given(
    st.lists(
        st.sampled_from(
            [
                "PokerStars Hand #1:  Omaha Hi/Lo Limit ($1/$2 USD) - d",
                "Table 'x' Seat #1 is the button",
                "Seat 1: a ($5 in chips)",
                "Seat 2: b ($5 in chips)",
                "a: posts small blind $0.50",
                "b: posts big blind $1",
                "*** HOLE CARDS ***",
                "a: calls $0.50",
                "b: checks",
                "a: raises $1 to $2",
                "b: folds",
                "*** FLOP *** [2c 3c 4c]",
                "*** SUMMARY ***",
                "Total pot $2 | Rake $0",
                "a collected $2 from pot",
                "",
                "*** SHOW DOWN ***",
                "a: shows [As Ks Qs Js]",
                "b: mucks hand",
            ]
        ),
        max_size=30,
    )
)
def test_shuffled_hand_lines_never_raise(lines):
    check_never_raises("\n".join(lines))


@given(st.data())
def test_mutated_real_hands_never_raise(data):
    lines = plain_text(data.draw(st.sampled_from(SAMPLES))).splitlines()
    for _ in range(data.draw(st.integers(1, 4))):
        kind = data.draw(st.sampled_from(["delete", "duplicate", "swap", "edit", "truncate", "insert"]))
        i = data.draw(st.integers(0, len(lines) - 1)) if lines else 0
        if not lines:
            break
        if kind == "delete":
            del lines[i]
        elif kind == "duplicate":
            lines.insert(i, lines[i])
        elif kind == "swap":
            j = data.draw(st.integers(0, len(lines) - 1))
            lines[i], lines[j] = lines[j], lines[i]
        elif kind == "edit" and lines[i]:
            k = data.draw(st.integers(0, len(lines[i]) - 1))
            lines[i] = lines[i][:k] + data.draw(st.text(max_size=3)) + lines[i][k + 1 :]
        elif kind == "truncate":
            lines = lines[:i]
        else:
            lines.insert(i, data.draw(st.text(max_size=40)))
    check_never_raises("\n".join(lines))


def test_big_blind_ante_is_written_read_back_and_recognised_whatever_the_order_of_its_lines() -> None:
    from engine import Check, NoLimit, Rules, start_hand
    from engine.history.pokerstars import write_pokerstars_state

    rules = Rules(NoLimit(), blinds=(100, 200), ante=200, big_blind_ante=True)
    state = start_hand(rules, (5000, 5000, 5000), 0, seed=3)
    while not state.is_over:
        legal = state.legal_actions()
        state = state.apply(Check() if legal.check else legal.default if legal.call == 0 else Call())
    text = write_pokerstars_state(state, ("ann", "bob", "cat"))
    assert "cat: posts big blind 200\ncat: posts the ante 200\n" in text  # the engine's order: the blind first
    # PokerStars writes the big blind's ante before the blinds: the same hand either way
    stars_order = text.replace("cat: posts the ante 200\n", "").replace(
        "bob: posts small blind", "cat: posts the ante 200\nbob: posts small blind"
    )
    for written in (text, stars_order):
        [record] = read_pokerstars(written, "bba.txt")
        assert isinstance(record, HandRecord)
        assert (record.rules.ante, record.rules.big_blind_ante) == (200, True)
        report = replay(record)
        assert report.ok, report.detail
        assert report.state is not None and report.state.stacks == state.stacks
