"""Duplicate matches: deal k is the same cards, button and stacks in every rotation, even with bots that bust."""

from __future__ import annotations

import io
import json
from collections import defaultdict
from pathlib import Path

import pytest
from helpers import POT_LIMIT

from engine.bots.base import MatchError
from engine.duplicate import play_duplicate
from engine.history.files import read_history
from engine.history.replay import replay
from engine.match import HandSummary

BUSTING = ["hilo", "random", "caller"]  # random and caller bust at pot limit: rebuys in some rotations only


def _deals(hands: list[HandSummary]) -> dict[int, list[HandSummary]]:
    by_deal: dict[int, list[HandSummary]] = defaultdict(list)
    for hand in hands:
        by_deal[hand.number].append(hand)
    return by_deal


def test_every_rotation_of_a_deal_has_the_same_deck_button_and_stacks_with_bots_that_bust():
    hands: list[HandSummary] = []
    result = play_duplicate(BUSTING, POT_LIMIT, 120, seed=1, shard_size=50, on_hand=hands.append)
    assert sum(stats.rebuys for stats in result.result.stats) > 0, "the test needs bots that bust"
    deals = _deals(hands)
    assert sorted(deals) == list(range(1, 121))
    for deal, rotations in deals.items():
        assert [hand.rotation for hand in rotations] == [1, 2, 3]
        setups = {
            (hand.state.setup.deck, hand.state.setup.button, hand.state.starting_stacks, hand.seats)
            for hand in rotations
        }
        assert len(setups) == 1, f"deal {deal} differs between rotations"
        # the bots are permuted over the seats: each bot sits in each seat once over the rotations
        assert {tuple(hand.names) for hand in rotations} == {
            ("hilo", "random", "caller"),
            ("random", "caller", "hilo"),
            ("caller", "hilo", "random"),
        }
    assert {hands[0].state.setup.button for hands in deals.values()} == {0, 1, 2}  # the button moves deal by deal


def test_on_hand_needs_this_process():
    with pytest.raises(MatchError, match="workers=1"):
        play_duplicate(BUSTING, POT_LIMIT, 10, workers=2, on_hand=print)


@pytest.mark.parametrize("suffix", [".phhs", ".ohh", ".txt"])
def test_simulate_duplicate_out_writes_every_rotation_marked_with_deal_and_rotation(tmp_path: Path, suffix: str):
    """The command line's promise, checked from the file alone as anyone could: every hand of every rotation is
    written, with id "deal-rotation", and the rotations of a deal share the button, the stacks and the cards."""
    from engine.cli import main

    path = tmp_path / f"hands{suffix}"
    out, err = io.StringIO(), io.StringIO()
    code = main(
        [
            "simulate",
            "--bots",
            "hilo,random,caller",
            "--game",
            "pot-limit",
            "--seed",
            "1",
            "--hands",
            "60",
            "--duplicate",
            "--out",
            str(path),
            "--json",
        ],
        stdout=out,
        stderr=err,
    )
    assert code == 0, err.getvalue()
    document = json.loads(out.getvalue())
    assert document["hands"] == 180
    records = [item for item in read_history(path)]
    assert len(records) == 180 and not any(isinstance(item, Exception) for item in records)
    by_deal: dict[str, list] = defaultdict(list)
    for record in records:
        if suffix == ".txt":  # PokerStars hand numbers are digits: deal 17's rotation 2 is #1702
            deal, rotation = (str(part) for part in divmod(int(record.id), 100))
        else:
            deal, rotation = record.id.split("-")
        by_deal[deal].append((int(rotation), record))
    assert len(by_deal) == 60
    for deal, rotations in by_deal.items():
        assert sorted(rotation for rotation, _ in rotations) == [1, 2, 3]
        assert len({(r.button, r.starting_stacks) for _, r in rotations}) == 1, deal
        holes = [r.hole for _, r in rotations]
        for seat in range(3):  # a seat's cards, where the file shows them, are the same in every rotation
            shown = {hole[seat] for hole in holes if hole[seat] is not None and None not in hole[seat]}
            assert len(shown) <= 1, (deal, seat, shown)
        boards = sorted((r.board for _, r in rotations), key=len)
        assert all(board == boards[-1][: len(board)] for board in boards), deal
        assert all(replay(r).status == "ok" for _, r in rotations)


def test_the_report_says_more_when_the_error_by_deals_is_larger():
    """The sign in words: an error by deals above the error by hands is "N% more", never "-N% less"."""
    from engine.simulate_command import _change

    assert _change(10.0, 7.3) == "27% less"
    assert _change(10.0, 11.5) == "15% more"
    assert _change(10.0, 10.0) == "no change"
