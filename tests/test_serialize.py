"""JSON round trips (hand states from random play, hypothesis-built tables, views, events, rules, results) and
tampered documents, which must be refused with a clear error and never half-loaded."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import pytest
from helpers import LIMIT
from hypothesis import given
from random_play import choices, play_randomly, played_hands, rules, tables

from engine import (
    Bet,
    Call,
    Check,
    FixedLimit,
    Fold,
    HandResult,
    HandState,
    Muck,
    Payout,
    Portion,
    PotLimit,
    Raise,
    Rake,
    Rules,
    SeatView,
    SerializationError,
    Show,
    ShowdownPolicy,
    Table,
    from_json,
    start_hand,
    to_json,
)
from engine.serialize import SCHEMA


def round_trip(value: object) -> object:
    text = to_json(value)
    back = from_json(text)
    assert back == value
    assert to_json(back) == text  # a document is stable: writing what was read gives the same text
    return back


# --- round trips ----------------------------------------------------------------------------------------------


@given(played_hands())
def test_every_state_of_random_play_round_trips(states: list[HandState]) -> None:
    for state in states:
        back = from_json(to_json(state), HandState)
        assert back == state
        assert back.events == state.events and back.result == state.result
        if not state.is_over:
            assert back.legal_actions() == state.legal_actions()
    last = states[-1]
    for event in last.events:
        round_trip(event)
    for action in last.actions:
        round_trip(action)
    round_trip(last.rules)
    if last.result is not None:
        round_trip(last.result)


@given(played_hands())
def test_views_round_trip(states: list[HandState]) -> None:
    for state in states[:: max(1, len(states) // 5)] + [states[-1]]:
        for seat in range(state.players):
            view = state.view(seat)
            assert from_json(to_json(view), SeatView) == view
            if view.legal is not None:
                round_trip(view.legal)


@given(rules())
def test_rules_round_trip(game: Rules) -> None:
    round_trip(game)


def test_a_restored_hand_plays_on_exactly_like_the_original() -> None:
    rng = random.Random(5)
    state = start_hand(Rules(PotLimit(), blinds=(1, 2)), (80, 60, 200, 45), button=2, seed=11)
    for _ in range(6):
        state = state.apply(rng.choice(choices(state)))
    restored = from_json(to_json(state), HandState)
    a = play_randomly(state, random.Random(1))
    b = play_randomly(restored, random.Random(1))
    assert a == b and a.result == b.result


# --- tables built by hypothesis ----------------------------------------------------------------------------------


@given(tables())
def test_tables_round_trip(case: tuple[Table, HandState | None]) -> None:
    table, state = case
    back = from_json(to_json(table), Table)
    assert back == table
    assert back.next_rules == table.next_rules
    for seat in [None, *range(len(table.seats))]:
        round_trip(table.view(seat, state if table.hand is not None else None))
    if state is not None and table.hand is not None:
        restored = from_json(to_json(state), HandState)
        back.check_hand(restored)  # the restored table accepts the restored hand
        if restored.is_over:
            assert back.finish_hand(restored) == table.finish_hand(state)


# --- tampering --------------------------------------------------------------------------------------------------


def _hand() -> HandState:
    state = start_hand(LIMIT, (100, 100, 100), button=0, seed=3)
    for action in (Raise(4), Call(), Call(), Bet(2), Call(), Call()):
        state = state.apply(action)
    return state


def tampered(value: object, change: Callable[[dict[str, Any]], object]) -> str:
    document = json.loads(to_json(value))
    change(document)
    return json.dumps(document)


def refused(text: str | bytes, match: str) -> None:
    with pytest.raises(SerializationError, match=match):
        from_json(text)


def test_a_valid_document_loads() -> None:
    state = _hand()
    assert from_json(to_json(state)) == state
    document = json.loads(to_json(state))
    assert document["schema"] == SCHEMA and document["type"] == "hand"
    assert document["now"]["street"] == "turn" and len(document["deck"].split()) == 52


def test_wrong_schema_or_type() -> None:
    state = _hand()
    refused(tampered(state, lambda d: d.update(schema="omaha-hilo-engine/2")), "unsupported schema")
    refused(tampered(state, lambda d: d.pop("schema")), "unsupported schema")
    refused(tampered(state, lambda d: d.update(type="spaceship")), "unknown document type")
    refused("[1, 2]", "JSON object")
    refused("{not json", "not a JSON document")
    refused(to_json(state)[:-10], "not a JSON document")
    refused('{"schema": "omaha-hilo-engine/1", "type": "action", "action": "bet", "to": NaN}', "NaN")
    with pytest.raises(SerializationError, match="expected a Table document"):
        from_json(to_json(state), Table)


def test_chips_that_do_not_add_up() -> None:
    state = _hand()

    def richer(d: dict[str, Any]) -> None:
        d["starting_stacks"][1] += 50

    refused(
        tampered(state, richer),
        r"now.stacks: the document says \(94, 94, 94\), but replaying its actions gives \(94, 144, 94\)",
    )

    def pocketed(d: dict[str, Any]) -> None:
        d["now"]["stacks"][0] += 5

    refused(tampered(state, pocketed), "now.stacks")
    refused(tampered(state, lambda d: d["now"].update(pot_total=1)), "now.pot_total")
    refused(tampered(state, lambda d: d["starting_stacks"].__setitem__(2, -5)), r"starting_stacks\[2\].*>= 0")
    refused(tampered(state, lambda d: d["starting_stacks"].__setitem__(2, 1.5)), "whole number")
    refused(tampered(state, lambda d: d["starting_stacks"].__setitem__(2, True)), "whole number")


def test_duplicate_cards() -> None:
    state = _hand()

    def twice(d: dict[str, Any]) -> None:
        cards = d["deck"].split()
        cards[5] = cards[0]
        d["deck"] = " ".join(cards)

    refused(tampered(state, twice), "appears twice")
    refused(tampered(state, lambda d: d.update(deck="As Kd")), "the deck holds 2 cards")
    refused(tampered(state, lambda d: d.update(deck="As Kd Zz")), "unknown rank")


def test_illegal_or_out_of_turn_actions() -> None:
    state = _hand()
    refused(tampered(state, lambda d: d["actions"][0].update(to=40)), r"actions\[0\].*cannot raise to 40")
    refused(tampered(state, lambda d: d["actions"][1].update(seat=2)), r"seat 2 acted out of turn; seat 1 is to act")
    refused(tampered(state, lambda d: d["actions"][1].update(action="check")), "cannot check")
    refused(tampered(state, lambda d: d["actions"][1].update(action="dance")), "expected fold, check")
    refused(tampered(state, lambda d: d["actions"].append({"seat": 1, "action": "show"})), "cannot show")

    refused(
        tampered(state, lambda d: d["actions"].append({"seat": d["now"]["actor"], "action": "show"})), "cannot show"
    )
    over = state
    while not over.is_over:
        over = over.apply(Check() if over.legal_actions().check else Call())
    refused(tampered(over, lambda d: d["actions"].append({"seat": 0, "action": "check"})), "the hand is over")


def test_an_actor_that_cannot_act() -> None:
    state = _hand()
    refused(tampered(state, lambda d: d["now"].update(actor=0)), r"now.actor: the document says 0")
    refused(tampered(state, lambda d: d["now"].update(street="river")), "now.street")


def test_fields_missing_unknown_or_mistyped() -> None:
    state = _hand()
    refused(tampered(state, lambda d: d.pop("posts")), "'posts' is missing")
    refused(tampered(state, lambda d: d.update(secret=1)), "unexpected field 'secret'")
    refused(
        tampered(state, lambda d: d["rules"]["betting"].update(structure="no_such_structure")),
        "expected one of fixed_limit, pot_limit, no_limit, got .no_such_structure.",
    )
    refused(tampered(state, lambda d: d["rules"].update(hole_cards=6)), "hole_cards .*4")
    refused(tampered(state, lambda d: d["rules"].update(showdown="never")), "expected one of show_all")
    refused(tampered(state, lambda d: d["posts"][0].update(kind="bribe")), "kind.*bribe")
    refused(
        tampered(state, lambda d: d.update(button=7)), r"button \(a seat index\) must be a whole number from 0 to 2"
    )


def test_a_rake_percent_is_a_number_from_0_to_100_in_text() -> None:
    raked = Rules(FixedLimit(2, 4), blinds=(1, 2), rake=Rake("2.5", cap=3))
    assert from_json(to_json(raked)) == raked
    for bad in ("NaN", "Infinity", "1e999", "abc", "101", "-1"):
        refused(
            tampered(raked, lambda d, bad=bad: d["rake"].update(percent=bad)),
            r"^rules\.rake: rake percent must be a number from 0 to 100",
        )
    refused(tampered(raked, lambda d: d["rake"].update(percent=2.5)), r"rules\.rake\.percent: expected a string")


def test_tampered_tables() -> None:
    table = Table.new(LIMIT, 4).join(0, "ann", 100).join(2, "bob", 100)
    table, _ = table.start_next_hand(seed=1)

    def duplicate(d: dict[str, Any]) -> None:
        d["seats"][2]["name"] = "ann"

    refused(tampered(table, duplicate), "names must be unique")
    refused(tampered(table, lambda d: d["seats"].__setitem__(2, None)), "table seat 2 is in the hand but empty")
    refused(tampered(table, lambda d: d["hand"].update(button=1)), "not one of its seats")
    refused(tampered(table, lambda d: d["seats"][0].update(stack=0)), "has no chips")
    refused(tampered(table, lambda d: d["clock"].update(stage=1)), "fixed game's clock")
    refused(tampered(table, lambda d: d.update(seats=[None] * 11)), "2 to 10 seats")
    refused(tampered(table, lambda d: d["schedule"].update(kind="chess")), "expected fixed, mixed_omaha")
    assert from_json(to_json(table)) == table


def test_tampered_views_and_events() -> None:
    state = _hand()
    view = state.view(0)

    def burn(d: dict[str, Any]) -> None:
        d["events"].append({"event": "burned", "card": "As"})

    refused(tampered(view, burn), "never holds a burn card")
    result_state = state
    while not result_state.is_over:
        result_state = result_state.apply(Check() if result_state.legal_actions().check else Call())
    assert result_state.result is not None and result_state.result.pots[0].high_hand is not None

    def misnamed(d: dict[str, Any]) -> None:
        d["pots"][0]["high_hand"]["name"] = "Royal flush"

    refused(tampered(result_state.result, misnamed), "not 'Royal flush'")
    refused('{"schema": "omaha-hilo-engine/1", "type": "event", "event": "teleported"}', "unknown event")


def test_a_subclass_is_written_as_the_class_it_extends() -> None:
    class Mine(Rules):
        pass

    assert to_json(Mine(FixedLimit(2, 4), blinds=(1, 2))) == to_json(LIMIT)


def test_to_json_refuses_other_values() -> None:
    with pytest.raises(SerializationError, match="cannot write"):
        to_json({"a": 1})


def test_manual_showdown_actions_round_trip() -> None:
    state = start_hand(
        Rules(FixedLimit(2, 4), blinds=(1, 2), showdown=ShowdownPolicy.MANUAL), (50, 50), button=0, seed=4
    )
    state = state.apply(Call())
    while state.street < 5:
        state = state.apply(Check())
    state = state.apply(Show())
    if not state.is_over:
        legal = state.legal_actions()
        state = state.apply(Muck() if legal.muck else Show())
    assert state.is_over
    assert from_json(to_json(state)) == state
    for action in (Fold(), Check(), Call(), Bet(3), Raise(9), Show(), Muck()):
        round_trip(action)


# --- results saved before they kept their halves ----------------------------------------------------------------


def _without_shares(result: HandResult) -> str:
    data = json.loads(to_json(result))
    for pot in data["pots"]:
        del pot["shares"]
    return json.dumps(data)


@given(played_hands())
def test_a_result_saved_without_its_halves_loads_with_the_halves_shared_again(states: list[HandState]) -> None:
    result = states[-1].result
    if result is None:
        return
    back = from_json(_without_shares(result), HandResult)
    for old, new in zip(result.pots, back.pots, strict=True):
        # the one thing the merged payouts cannot tell: a pot left to one claimant by the others' mucking
        # (not by their folding) reads as won at the showdown
        whole = [p._replace(portion=Portion.WHOLE) if p.portion is Portion.UNCONTESTED else p for p in old.shares]
        mucked_to = result.showdown and len(old.eligible) > 1
        assert new.shares == (tuple(whole) if mucked_to else old.shares)
        assert new.payouts == old.payouts


def test_an_old_quartered_pot_gets_its_odd_chips_back_in_the_right_halves() -> None:
    # 2 winners tie both halves of 11 (high 6, low 5), seat 1 first from the button: 3 + 3 and 3 + 2
    old = {
        "amount": 11,
        "rake": 0,
        "eligible": [0, 1],
        "high_winners": [0, 1],
        "high_hand": None,
        "low_winners": [0, 1],
        "low_hand": None,
        "payouts": [[1, 6], [0, 5]],
    }
    document = {"schema": SCHEMA, "type": "result", "pots": [old], "rake": 0, "net": [0, 0], "showdown": True}
    pot = from_json(json.dumps(document), HandResult).pots[0]
    assert pot.shares == (
        Payout(1, 3, Portion.HIGH),
        Payout(1, 3, Portion.LOW),
        Payout(0, 3, Portion.HIGH),
        Payout(0, 2, Portion.LOW),
    )
    old["payouts"] = [[1, 7], [0, 4]]  # not a split of 11 between these winners
    refused(json.dumps(document), "is not a split of 11 between the high winners")


def test_shares_and_payouts_that_disagree_are_refused() -> None:
    state = _hand()
    while not state.is_over:
        state = state.apply(Check() if state.legal_actions().check else Call())
    assert state.result is not None

    def moved(d: dict[str, Any]) -> None:
        d["pots"][0]["shares"][0][1] += 1

    refused(tampered(state.result, moved), "is not the shares merged per seat")

    def renamed(d: dict[str, Any]) -> None:
        d["pots"][0]["shares"][0][2] = "all"

    refused(tampered(state.result, renamed), "portion one of high, low, whole, uncontested")
