"""The match runner: determinism, bot faults (exceptions, illegal actions, slow bots), chip conservation,
rebuys, the statistics, and saving hands as PHH and PokerStars text that replay."""

from __future__ import annotations

import io
from collections.abc import Iterator

import attrs
import pytest
from helpers import LIMIT

from engine import (
    Action,
    Bet,
    Call,
    Check,
    FixedLimit,
    Fold,
    MixedOmaha,
    NoLimit,
    PotLimit,
    Raise,
    Rake,
    Rules,
    SeatView,
    Table,
)
from engine.bots import Bot, CallingStation, HiLoBot, RandomBot, ScriptedBot, StopMatch
from engine.errors import EngineError
from engine.history.phh import read_phh, state_to_record, write_phhs
from engine.history.pokerstars import read_pokerstars
from engine.history.replay import replay
from engine.match import (
    ChipsNotConserved,
    HandSummary,
    HistoryWriter,
    MatchResult,
    hand_seed,
    play_match,
    unique_names,
)

MIXED = MixedOmaha(LIMIT, Rules(PotLimit(), blinds=(1, 2)))


def field_bots(seed: int = 0) -> list[Bot]:
    return [HiLoBot(), RandomBot(seed=seed), CallingStation(), RandomBot(seed=seed + 1, amount="random"), HiLoBot()]


def run(
    hands: int = 60, seed: int = 7, game: Rules | MixedOmaha = MIXED, **options: object
) -> tuple[MatchResult, list[HandSummary]]:
    seen: list[HandSummary] = []
    result = play_match(field_bots(), game, hands, seed=seed, on_hand=seen.append, **options)  # type: ignore[arg-type]
    return result, seen


# --- determinism -------------------------------------------------------------------------------------------


def test_the_same_seed_plays_the_same_match() -> None:
    first, hands_a = run(seed=11)
    second, hands_b = run(seed=11)
    assert first == second
    assert [h.state for h in hands_a] == [h.state for h in hands_b]
    _, hands_c = run(seed=12)
    assert [h.state.hole for h in hands_c] != [h.state.hole for h in hands_a]


def test_hand_seeds_depend_on_the_match_seed_and_the_hand_only() -> None:
    assert hand_seed(1, 5) == hand_seed(1, 5) == hand_seed("1", 5)
    assert len({hand_seed(seed, n) for seed in range(20) for n in range(1, 50)}) == 20 * 49
    _, hands = run(hands=5, seed=3)
    _, longer = run(hands=9, seed=3)
    assert [h.state.deck for h in hands] == [h.state.deck for h in longer[:5]]  # hand n's cards: seed and n only


# --- results -------------------------------------------------------------------------------------------------


def test_statistics_add_up() -> None:
    result, hands = run(hands=120, seed=5)
    assert result.hands == 120 and not result.stopped
    assert all(stats.hands == 120 for stats in result.stats)
    assert sum(stats.net for stats in result.stats) == 0  # no rake: every chip won was lost by someone
    for stats in result.stats:
        assert stats.bb_per_100 == pytest.approx(100 * stats.net_bb / 120)
        assert stats.scooped <= stats.won and stats.quartered <= stats.high + stats.low
        assert stats.high + stats.low >= stats.scooped
    by_name = {stats.name: stats for stats in result.stats}
    assert set(by_name) == {"hilo1", "random1", "caller", "random2", "hilo2"}
    scoops = sum(1 for h in hands for seat in h.result.scoops if h.names[seat] == "caller")
    assert by_name["caller"].scooped == scoops
    showdowns = sum(1 for h in hands if h.result.showdown)
    assert by_name["caller"].showdowns == showdowns  # a calling station reaches every showdown


def test_big_blinds_per_100_use_each_hands_big_blind() -> None:
    class Donor:
        """Folds everything: loses its blinds and nothing else."""

        def act(self, view: SeatView) -> Action:
            return Check() if view.legal and view.legal.check else Fold()

    result = play_match([Donor(), Donor()], Rules(FixedLimit(10, 20), blinds=(5, 10)), 100, seed=1)
    donor1, donor2 = result.stats
    assert donor1.net + donor2.net == 0 and abs(donor1.net) <= 500
    assert donor1.bb_per_100 == pytest.approx(donor1.net / 10)


def test_mixed_omaha_changes_game_every_orbit() -> None:
    _, hands = run(hands=20, seed=2)
    assert "".join("L" if h.game == "limit" else "P" for h in hands) == "LLLLLPPPPPLLLLLPPPPP"


def test_quartered_and_low_are_counted_from_the_pots() -> None:
    result, hands = run(hands=200, seed=9, game=LIMIT)
    quartered = {name: 0 for name in (s.name for s in result.stats)}
    lows = dict(quartered)
    for hand in hands:
        r = hand.result
        in_quarter, in_low = set(), set()
        for pot in r.pots:
            if r.showdown and len(pot.eligible) > 1 and pot.low_winners:
                in_low.update(pot.low_winners)
                for winners in (pot.high_winners, pot.low_winners):
                    if len(winners) > 1:
                        in_quarter.update(winners)
        for seat in in_quarter:
            quartered[hand.names[seat]] += 1
        for seat in in_low:
            lows[hand.names[seat]] += 1
    assert {s.name: s.quartered for s in result.stats} == quartered
    assert {s.name: s.low for s in result.stats} == lows
    assert sum(quartered.values()) > 0


# --- faults --------------------------------------------------------------------------------------------------


class Crasher:
    name = "crasher"

    def act(self, view: SeatView) -> Action:
        raise RuntimeError("boom")


class Cheater:
    name = "cheater"

    def act(self, view: SeatView) -> Action:
        return Raise(10_000) if view.legal and view.legal.wager else Bet(10_000)


class Gibberish:
    name = "gibberish"

    def act(self, view: SeatView) -> object:
        return "all in!"


def test_a_bot_that_raises_is_checked_or_folded_and_the_match_goes_on() -> None:
    result = play_match([Crasher(), CallingStation(), CallingStation()], LIMIT, 30, seed=1)
    assert result.hands == 30
    crasher = result.stats[0]
    assert crasher.faults == len(result.incidents) > 0
    incident = result.incidents[0]
    assert incident.kind == "exception" and incident.detail == "RuntimeError: boom" and incident.bot == "crasher"
    assert incident.played in (Check(), Fold())
    assert all(i.played == Fold() or i.played == Check() for i in result.incidents)


def test_an_illegal_action_is_recorded_with_what_was_allowed() -> None:
    result = play_match([Cheater(), Gibberish(), CallingStation()], LIMIT, 10, seed=1)
    assert result.hands == 10
    kinds = {(i.bot, i.kind) for i in result.incidents}
    assert kinds == {("cheater", "illegal"), ("gibberish", "illegal")}
    cheat = next(i for i in result.incidents if i.bot == "cheater")
    assert "allowed:" in cheat.detail and "10000" in cheat.detail
    gib = next(i for i in result.incidents if i.bot == "gibberish")
    assert "'all in!', which is not an action" in gib.detail


def test_a_slow_bot_is_timed_out_and_its_late_answer_discarded() -> None:
    now = [0.0]

    def clock() -> float:
        return now[0]

    class Slow:
        name = "slow"

        def act(self, view: SeatView) -> Action:
            now[0] += 2.5  # "thinks" for 2.5 s of the fake clock, then wants to raise
            legal = view.legal
            assert legal is not None
            return Raise(legal.min_to) if legal.wager == "raise" else Check() if legal.check else Call()

    class Quick(CallingStation):
        def act(self, view: SeatView) -> Action:
            now[0] += 0.5
            return super().act(view)

    result = play_match([Slow(), Quick(), Quick()], LIMIT, 5, seed=4, time_limit=1.0, clock=clock)
    assert result.stats[0].faults > 0 and result.stats[1].faults == result.stats[2].faults == 0
    timeout = result.incidents[0]
    assert timeout.kind == "timeout" and "after 2.500 s; the limit is 1 s" in timeout.detail
    assert timeout.played in (Check(), Fold())
    relaxed = play_match([Slow(), Quick(), Quick()], LIMIT, 5, seed=4, time_limit=None, clock=clock)
    assert relaxed.incidents == ()


def test_the_slow_bot_with_a_monkeypatched_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    ticks: Iterator[float] = iter(float(t) for t in range(0, 10**6, 5))  # every reading is 5 s after the last
    monkeypatch.setattr("engine.match.monotonic", lambda: next(ticks))
    result = play_match([CallingStation(), CallingStation()], LIMIT, 2, seed=1, time_limit=1.0)
    assert result.incidents and all(i.kind == "timeout" for i in result.incidents)


def test_a_scripted_bot_that_runs_out_is_a_fault() -> None:
    result = play_match([ScriptedBot(["c"]), CallingStation()], LIMIT, 3, seed=2)
    assert result.incidents[0].kind == "exception" and "ScriptExhausted" in result.incidents[0].detail


def test_stop_match_ends_the_match_and_keeps_the_finished_hands() -> None:
    class Quitter:
        def __init__(self) -> None:
            self.decisions = 0

        def act(self, view: SeatView) -> Action:
            self.decisions += 1
            if self.decisions == 12:
                raise StopMatch
            return Call() if view.legal and view.legal.call else Check()

    result = play_match([Quitter(), CallingStation()], LIMIT, 50, seed=3)
    assert result.stopped and 0 < result.hands < 50
    assert all(stats.hands == result.hands for stats in result.stats)


def test_stop_match_from_hand_over_ends_after_that_hand() -> None:
    class Tired(CallingStation):
        def hand_over(self, view: SeatView) -> None:
            raise StopMatch

    result = play_match([Tired(), CallingStation()], LIMIT, 10, seed=1)
    assert result.stopped and result.hands == 1 and result.incidents == ()


def test_hand_over_gets_the_finished_view_and_its_faults_are_recorded() -> None:
    seen: list[SeatView] = []

    class Watcher(CallingStation):
        def hand_over(self, view: SeatView) -> None:
            seen.append(view)
            if len(seen) == 2:
                raise ValueError("bad bookkeeping")

    result = play_match([Watcher(), CallingStation()], LIMIT, 4, seed=1)
    assert len(seen) == 4 and all(view.is_over and view.seat == 0 for view in seen)
    assert [i.detail for i in result.incidents] == ["hand_over: ValueError: bad bookkeeping"]
    assert result.incidents[0].played is None


# --- chips ---------------------------------------------------------------------------------------------------


def test_busted_bots_rebuy_and_chips_are_conserved() -> None:
    bots: list[Bot] = [RandomBot(weights=(0, 1, 3), seed=s, amount="random") for s in range(4)]
    result = play_match(bots, Rules(NoLimit(), blinds=(1, 2)), 150, seed=1, stack=40)
    assert result.hands == 150
    assert sum(stats.rebuys for stats in result.stats) > 0
    assert sum(stats.net for stats in result.stats) == 0


def test_rake_leaves_the_table_and_is_accounted_for() -> None:
    raked = Rules(FixedLimit(2, 4), blinds=(1, 2), rake=Rake(10, cap=3))
    _, hands = run(hands=60, seed=3, game=raked)
    result = play_match(field_bots(), raked, 60, seed=3)
    rake = sum(h.result.rake for h in hands)
    assert rake > 0 and sum(stats.net for stats in result.stats) == -rake


def test_a_chip_that_appears_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    finish = Table.finish_hand

    def leaky(self: Table, state: object) -> Table:
        table = finish(self, state)  # type: ignore[arg-type]
        return table.add_chips(table.players[0][0], 1)  # a chip from nowhere

    monkeypatch.setattr(Table, "finish_hand", leaky)
    with pytest.raises(ChipsNotConserved, match="after hand 1 the table holds"):
        play_match(field_bots(), LIMIT, 3, seed=1)


# --- saving hands --------------------------------------------------------------------------------------------


def test_phh_written_while_playing_equals_write_phhs_and_replays() -> None:
    out = io.StringIO()
    writer = HistoryWriter(out, "phh")
    seen: list[HandSummary] = []

    def both(hand: HandSummary) -> None:
        seen.append(hand)
        writer(hand)

    play_match(field_bots(), MIXED, 25, seed=8, on_hand=both)
    writer.close()
    text = out.getvalue()
    records = [
        attrs.evolve(state_to_record(h.state, h.names, id=str(h.number)), seat_labels=tuple(s + 1 for s in h.seats))
        for h in seen
    ]
    assert text == write_phhs(records)
    read = read_phh(text, source="match.phhs")
    assert len(read) == 25
    for record in read:
        assert not isinstance(record, EngineError), record
        assert replay(record).status == "ok"
        assert set(record.players) == {"hilo1", "random1", "caller", "random2", "hilo2"}


def test_pokerstars_text_written_while_playing_replays() -> None:
    out = io.StringIO()
    writer = HistoryWriter(out, "pokerstars")
    play_match(field_bots(), LIMIT, 15, seed=8, on_hand=writer)
    writer.close()
    records = read_pokerstars(out.getvalue(), source="match.txt")
    assert len(records) == 15
    for record in records:
        assert not isinstance(record, EngineError), record
        assert replay(record).status == "ok", replay(record).detail


# --- input checks --------------------------------------------------------------------------------------------


def test_bad_match_settings_are_refused() -> None:
    with pytest.raises(EngineError, match=r"2 to 10 bots, got 1$"):  # a count, not the bot objects' reprs
        play_match([CallingStation()], LIMIT, 1)
    with pytest.raises(EngineError, match="not a bot"):
        play_match([CallingStation(), object()], LIMIT, 1)  # type: ignore[list-item]
    with pytest.raises(EngineError, match="hands"):
        play_match([CallingStation(), CallingStation()], LIMIT, -1)
    with pytest.raises(EngineError, match="time_limit"):
        play_match([CallingStation(), CallingStation()], LIMIT, 1, time_limit=0)
    with pytest.raises(EngineError, match="distinct"):
        play_match([CallingStation(), CallingStation()], LIMIT, 1, names=["a", "a"])
    with pytest.raises(EngineError, match="format"):
        HistoryWriter(io.StringIO(), "xml")


def test_names_are_made_unique() -> None:
    assert unique_names([HiLoBot(), CallingStation(), HiLoBot()]) == ("hilo1", "caller", "hilo2")
    assert unique_names([HiLoBot(name="ann"), HiLoBot(name="bob")]) == ("ann", "bob")


def test_history_writer_takes_a_state_of_its_own() -> None:
    """A server writes its own finished hands with the same writer the match runner uses."""
    import io

    from engine import Call, Check, FixedLimit, Rules, start_hand
    from engine.bots import MatchError
    from engine.history.phh import read_phh
    from engine.match import HistoryWriter

    state = start_hand(Rules(FixedLimit(2, 4), blinds=(1, 2)), (100, 100, 100), button=0, seed=4)
    with pytest.raises(MatchError, match="finished HandState"):
        HistoryWriter(io.StringIO()).write(state)
    while not state.is_over:
        state = state.apply(Check() if state.legal_actions().check else Call())
    for format in ("phh", "pokerstars"):
        out = io.StringIO()
        writer = HistoryWriter(out, format)
        writer.write(state, players=("ann", "bob", "cy"))
        writer.write(state, players=("ann", "bob", "cy"), number=7)
        writer.close()
        assert writer.written == 2 and "ann" in out.getvalue()
    phh = io.StringIO()
    HistoryWriter(phh).write(state, players=("ann", "bob", "cy"))
    (record,) = read_phh(phh.getvalue())
    assert not isinstance(record, Exception) and sorted(record.players) == ["ann", "bob", "cy"]  # PHH order
