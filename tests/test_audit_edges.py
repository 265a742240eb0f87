"""The last edges of the earlier audit: each bad value is a clear EngineError, never accepted or untyped."""

from __future__ import annotations

import pytest
from helpers import LIMIT

from engine import CardError, EngineError, FixedLimit, Rules, start_hand
from engine.cards import ALL_CARDS, Deck
from engine.errors import RulesError


@pytest.mark.parametrize("cards", [[1, 2], ("As",), ALL_CARDS[:51], "As Kd"])
def test_a_deck_is_the_52_distinct_cards(cards: object) -> None:
    with pytest.raises(CardError, match=r"52 distinct cards.*Deck\.ordered"):
        Deck(cards=cards)  # type: ignore[arg-type]


def test_a_partial_stub_deck_is_made_as_such_and_checked_when_dealt() -> None:
    assert Deck(tuple(reversed(ALL_CARDS))).partial is False
    stub = Deck.ordered("As Kd")
    assert stub.partial and len(stub) == 2
    with pytest.raises(CardError, match="twice"):
        Deck.ordered("As As")
    with pytest.raises(RulesError, match="the deck holds 2 cards"):
        start_hand(LIMIT, stacks=(100, 100), button=0, deck=stub)


def test_a_hand_view_needs_a_seat() -> None:
    state = start_hand(LIMIT, stacks=(100, 100), button=0, seed=1)
    with pytest.raises(EngineError, match=r"seat 0\.\.1, got None.*seat_view\(state, None\)"):
        state.view(None)  # type: ignore[arg-type]
    from engine.views import seat_view

    assert seat_view(state, None).seat == -1 and state.view(1).seat == 1


# --- JSON documents: each refusal comes from the constructor, so a Python caller gets the same one -------------

import json  # noqa: E402

from engine import from_json, to_json  # noqa: E402
from engine.errors import SerializationError, TableError  # noqa: E402
from engine.legal import LegalActions  # noqa: E402
from engine.table import Player, Table  # noqa: E402
from engine.validate import MAX_EXACT, MAX_MINUTES  # noqa: E402


def _edited(obj: object, edit: object) -> str:
    document = json.loads(to_json(obj))
    edit(document)  # type: ignore[operator]
    return json.dumps(document)


def _view_document() -> dict[str, object]:
    state = start_hand(LIMIT, stacks=(100, 100, 100), button=0, seed=1)
    return json.loads(to_json(state.view(state.actor)))  # type: ignore[no-any-return]


def test_a_seat_views_legal_actions_are_its_own() -> None:
    document = _view_document()
    document["legal"]["seat"] = 1  # type: ignore[index]
    with pytest.raises(SerializationError, match="the legal actions are seat 1's, not seat 0's"):
        from_json(json.dumps(document))


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        ({"min_to": 10, "max_to": 5}, r"1 <= min_to <= max_to \(min_to 10, max_to 5\)"),
        ({"wager": None}, "without a wager, min_to and max_to are 0"),
        ({"check": True}, "cannot check"),
        ({"call": 0}, "fold is offered exactly when there is a call"),
        ({"wager": "bet"}, "facing a bet, the wager is a raise"),
        ({"show": True}, "one at a time"),
        ({"wager": "shove"}, "wager must be None, 'bet' or 'raise'"),
        ({"call": 500, "max_to": 600}, "can neither call 500 nor bet or raise to 600"),
    ],
)
def test_a_seat_views_legal_actions_must_make_sense(edit: dict[str, object], message: str) -> None:
    document = _view_document()
    document["legal"].update(edit)  # type: ignore[attr-defined]
    with pytest.raises(SerializationError, match=message):
        from_json(json.dumps(document))
    legal = json.loads(json.dumps(document["legal"]))
    if "neither" not in message:  # the same refusal for a Python caller (the chips check is the view's)
        with pytest.raises(EngineError, match=message):
            LegalActions(**legal)
        with pytest.raises(EngineError, match=message):
            from_json(json.dumps({"schema": "omaha-hilo-engine/1", "type": "legal_actions", **legal}))


def test_a_legal_actions_copy_is_checked_too() -> None:
    legal = LegalActions(0, check=True, wager="bet", min_to=2, max_to=8)
    assert legal.wager is not None and legal._replace(max_to=4).max_to == 4
    with pytest.raises(EngineError, match="min_to <= max_to"):
        legal._replace(max_to=1)


HUGE = MAX_EXACT + 1


def test_a_hands_chips_are_at_most_2_to_the_53() -> None:
    state = start_hand(LIMIT, stacks=(100, 100), button=0, seed=1)

    def huge(document: dict[str, list[int]]) -> None:
        document["starting_stacks"] = [HUGE, 100]

    with pytest.raises(SerializationError, match=r"chips total at most 9007199254740991 \(2\*\*53 - 1"):
        from_json(_edited(state, huge))
    with pytest.raises(RulesError, match="chips total at most 9007199254740991"):
        start_hand(LIMIT, stacks=(HUGE, 100), button=0, seed=1)
    with pytest.raises(RulesError, match="chips total at most 9007199254740991"):  # each fits, not their total
        start_hand(LIMIT, stacks=(MAX_EXACT, 100), button=0, seed=1)
    assert start_hand(LIMIT, stacks=(MAX_EXACT - 100, 100), button=0, seed=1).pot_total == 3
    with pytest.raises(RulesError, match="at most 9007199254740991 chips"):
        Rules(FixedLimit(2, HUGE), blinds=(1, 2))
    with pytest.raises(TableError, match="at most 9007199254740991 chips"):
        Player("ann", HUGE)


def _table_in_play() -> Table:
    table = Table.new(LIMIT, seats=4)
    for seat, name in enumerate(("ann", "bob", "cy")):
        table = table.join(seat, name, 100)
    return table.start_next_hand(seed=3)[0]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('"minutes":1e309', "minutes must be a finite number, got inf"),
        ('"minutes":1e300', "minutes must be at most 10000000000 minutes"),
        ('"hands_played":1' + "0" * 400, "hands_played must be a whole number from 0 to 9007199254740991"),
        ('"hands":1' + "0" * 30, "clock hands must be a whole number from 0 to 9007199254740991"),
        ('"since":1e300', "clock since must be at most 10000000000 minutes"),
    ],
)
def test_a_tables_time_and_clock_are_finite_and_bounded(text: str, message: str) -> None:
    original = to_json(_table_in_play())
    key = text.split(":")[0]
    edited = original.replace(f"{key}:0", text, 1)
    assert edited != original
    with pytest.raises(SerializationError, match=message):
        from_json(edited)
    with pytest.raises(TableError, match="at most 10000000000 minutes"):
        _table_in_play().with_time(MAX_MINUTES * 2)


def test_a_hands_seats_hold_the_players_dealt_in() -> None:
    def joined_seat_three(document: dict[str, object]) -> None:
        seats: list[object] = document["seats"]  # type: ignore[assignment]
        seats[3] = {**seats[2], "name": "dan", "waiting": True}  # type: ignore[dict-item]
        document["hand"]["seats"] = [0, 1, 3]  # type: ignore[index]

    with pytest.raises(SerializationError, match="table seat 3 is in the hand, but dan waits for the big blind"):
        from_json(_edited(_table_in_play(), joined_seat_three))

    def busted(document: dict[str, object]) -> None:
        document["seats"][1]["stack"] = 0  # type: ignore[index]
        document["seats"][1]["sitting_out"] = True  # type: ignore[index]
        document["keep_busted"] = True

    with pytest.raises(SerializationError, match="table seat 1 is in the hand, but bob has no chips"):
        from_json(_edited(_table_in_play(), busted))


def test_waiting_and_sitting_out_together_is_a_state_the_table_makes() -> None:
    """A new player who sits out before the big blind reaches them: away now, and on coming back still to wait
    for it (or post). The combination is kept, not refused (docs/choices.md); it round-trips."""
    table = _table_in_play().join(3, "dan", 100).sit_out(3)
    dan = table.seats[3]
    assert dan is not None and dan.waiting and dan.sitting_out
    assert from_json(to_json(table)) == table
