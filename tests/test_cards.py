"""Cards, card text and the deck."""

from __future__ import annotations

import copy
import pickle
import random

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine import ALL_CARDS, Card, CardError, Deck, EngineError, format_cards, make_card, parse_cards
from engine.cards import RANK_CHARS, SUIT_CHARS

cards_st = st.sampled_from(ALL_CARDS)
distinct_cards_st = st.lists(cards_st, unique=True, min_size=0, max_size=52)


def texts(cards: tuple[Card, ...]) -> list[str]:
    return [str(card) for card in cards]


# --- parsing ------------------------------------------------------------------------------------------------


def test_parse_spaced() -> None:
    assert texts(parse_cards("As 2h Kc Qd")) == ["As", "2h", "Kc", "Qd"]


def test_parse_packed_equals_spaced() -> None:
    assert parse_cards("As2hKcQd") == parse_cards("As 2h Kc Qd")


def test_parse_returns_a_tuple_of_cards() -> None:
    cards = parse_cards("As 2h")
    assert isinstance(cards, tuple)
    assert all(type(card) is Card for card in cards)


def test_parse_single_card() -> None:
    assert parse_cards("Td") == (Card("Td"),)
    assert parse_cards("Td")[0].rank == 10
    assert parse_cards("Td")[0].suit == "d"


@pytest.mark.parametrize("text", ["10d", "td", "TD", "Td"])
def test_ten_spellings(text: str) -> None:
    assert parse_cards(text) == parse_cards("Td")


def test_ten_spelled_10_inside_longer_text() -> None:
    assert parse_cards("10d10sJc") == parse_cards("Td Ts Jc")
    assert parse_cards("As 10h 2c") == parse_cards("As Th 2c")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("A♠ 2♥", "As 2h"),
        ("A♠2♥K♣Q♦", "As 2h Kc Qd"),
        ("K♣ Q♦", "Kc Qd"),
        ("10♦ J♣", "Td Jc"),
        ("A♤ 2♡ K♧ Q♢", "As 2h Kc Qd"),  # the hollow symbols read the same
    ],
)
def test_suit_symbols(text: str, expected: str) -> None:
    assert parse_cards(text) == parse_cards(expected)


@pytest.mark.parametrize("text", ["as 2h kc qd", "AS 2H KC QD", "aS 2H kC qD", "as2hkcqd"])
def test_case_insensitive(text: str) -> None:
    assert parse_cards(text) == parse_cards("As 2h Kc Qd")


@pytest.mark.parametrize("text", ["As, 2h, Kc", "As,2h,Kc", "As;2h;Kc", "  As\t2h\nKc  ", "As  ,  2h Kc"])
def test_separators(text: str) -> None:
    assert parse_cards(text) == parse_cards("As 2h Kc")


@pytest.mark.parametrize("text", ["", "   ", ",", " , ; "])
def test_empty_text_is_no_cards(text: str) -> None:
    assert parse_cards(text) == ()


def test_repeats_allowed_when_not_distinct() -> None:
    assert parse_cards("As As", distinct=False) == (Card("As"), Card("As"))


@given(distinct_cards_st, st.data())
def test_parse_any_spelling_round_trips(cards: list[Card], data: st.DataObject) -> None:
    """Any mix of separators, cases, '10' or 'T' and suit letters or symbols reads back the same cards."""
    symbols = {"c": "♣", "d": "♦", "h": "♥", "s": "♠"}
    pieces = []
    for card in cards:
        rank = card.rank_char
        if rank == "T" and data.draw(st.booleans()):
            rank = "10"
        elif data.draw(st.booleans()):
            rank = rank.lower()
        suit = data.draw(st.sampled_from([card.suit, card.suit.upper(), symbols[card.suit]]))
        pieces.append(rank + suit)
    text = "".join(piece + data.draw(st.sampled_from(["", " ", ", ", ";", "\t"])) for piece in pieces)
    assert parse_cards(text) == tuple(cards)


@given(st.text(max_size=20))
def test_parse_arbitrary_text_reads_or_raises_card_error(text: str) -> None:
    """No input makes the parser fail with anything but CardError."""
    try:
        cards = parse_cards(text)
    except CardError:
        return
    assert all(type(card) is Card for card in cards)


# --- bad card text ------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("Xs", "rank"),  # unknown rank
        ("1s", "rank"),  # a lone 1 is not a rank
        ("As 2h Zc", "rank"),
        ("Ax", "suit"),  # unknown suit
        ("A♪", "suit"),
        ("As 2h 3z", "suit"),
        ("As - 2h", "rank"),  # stray characters
        ("As.2h", "rank"),
        ("As 2h!", "rank"),
        ("A", "ends"),  # truncated card
        ("As 2h K", "ends"),
        ("10", "ends"),
        ("As 2h As", "twice"),  # duplicate card
        ("as AS", "twice"),
        ("A♠ As", "twice"),
        ("10d Td", "twice"),
    ],
)
def test_bad_text_raises_card_error_quoting_input(text: str, says: str) -> None:
    with pytest.raises(CardError) as caught:
        parse_cards(text)
    message = str(caught.value)
    assert repr(text) in message
    assert says in message


def test_card_error_is_a_value_error() -> None:
    assert issubclass(CardError, EngineError)
    assert issubclass(CardError, ValueError)
    with pytest.raises(ValueError, match="suit"):
        parse_cards("Qx Zz")


def test_duplicate_message_names_the_card() -> None:
    with pytest.raises(CardError, match="As appears twice"):
        parse_cards("Kd As 2c As")


@pytest.mark.parametrize("value", [None, 7, ["As"], b"As"])
def test_parse_non_string_raises_card_error(value: object) -> None:
    with pytest.raises(CardError, match="string"):
        parse_cards(value)  # type: ignore[arg-type]


# --- Card ---------------------------------------------------------------------------------------------------


def test_card_text_and_index_give_the_same_object() -> None:
    assert Card("As") is Card(51)
    assert Card("2c") is Card(0)
    assert Card("A♠") is Card(51)
    assert Card("10h") is Card("Th")
    assert Card(Card("Kd")) is Card("Kd")


@pytest.mark.parametrize("card", ALL_CARDS, ids=str)
def test_str_round_trip(card: Card) -> None:
    assert Card(str(card)) is card
    assert parse_cards(str(card)) == (card,)
    assert make_card(card.rank, card.suit) is card
    assert eval(repr(card)) is card  # the repr pastes back as code


def test_all_cards_are_the_52_distinct_cards_in_index_order() -> None:
    assert len(ALL_CARDS) == 52
    assert len(set(ALL_CARDS)) == 52
    assert [int(card) for card in ALL_CARDS] == list(range(52))
    assert {str(card) for card in ALL_CARDS} == {r + s for r in RANK_CHARS for s in SUIT_CHARS}


def test_card_index_is_rank_major() -> None:
    assert texts(ALL_CARDS[:5]) == ["2c", "2d", "2h", "2s", "3c"]
    assert texts(ALL_CARDS[-4:]) == ["Ac", "Ad", "Ah", "As"]
    for card in ALL_CARDS:
        assert int(card) == (card.rank - 2) * 4 + SUIT_CHARS.index(card.suit)


def test_card_attributes() -> None:
    card = Card("Qh")
    assert card.rank == 12
    assert card.suit == "h"
    assert card.rank_char == "Q"
    assert str(card) == "Qh"
    assert repr(card) == "Card('Qh')"
    assert Card("As").rank == 14
    assert Card("2d").rank == 2


@given(cards_st, cards_st)
def test_card_ordering_follows_the_index(a: Card, b: Card) -> None:
    assert (a < b) == (int(a) < int(b))
    assert (a == b) == (int(a) == int(b))
    assert (a == b) == (a is b)


def test_card_ordering_examples() -> None:
    assert Card("2c") < Card("2d") < Card("2h") < Card("2s") < Card("3c") < Card("As")
    assert sorted(parse_cards("As 2h Kc Qd")) == list(parse_cards("2h Qd Kc As"))
    assert max(parse_cards("9s Td 2c")) is Card("Td")


def test_card_hash_and_sets() -> None:
    assert hash(Card("As")) == hash(Card(51)) == hash(51)
    assert {Card("As"), Card(51), Card("a♠")} == {Card("As")}
    assert {Card("As"): 1}[Card(51)] == 1


def test_card_pickle_and_copy_keep_identity() -> None:
    for card in ALL_CARDS:
        assert pickle.loads(pickle.dumps(card)) is card
        assert copy.copy(card) is card
        assert copy.deepcopy(card) is card


@pytest.mark.parametrize("value", [52, -1, 100, True, False, 1.0, None, b"As"])
def test_bad_card_index_raises(value: object) -> None:
    with pytest.raises(CardError) as caught:
        Card(value)  # type: ignore[arg-type]
    assert repr(value) in str(caught.value)


@pytest.mark.parametrize("text", ["", "As Kd", "AsKd", "Xs", "A"])
def test_card_of_text_needs_exactly_one_card(text: str) -> None:
    with pytest.raises(CardError) as caught:
        Card(text)
    assert repr(text) in str(caught.value)


@pytest.mark.parametrize(("rank", "suit"), [(1, "s"), (15, "s"), (14, "x"), (14, "S"), (14, ""), (14, "sc")])
def test_make_card_rejects_bad_rank_or_suit(rank: int, suit: str) -> None:
    with pytest.raises(CardError):
        make_card(rank, suit)


def test_format_cards() -> None:
    cards = parse_cards("As 2h Kc Qd")
    assert format_cards(cards) == "As 2h Kc Qd"
    assert format_cards(cards, sep="") == "As2hKcQd"
    assert format_cards(()) == ""


@given(distinct_cards_st)
def test_format_parse_round_trip(cards: list[Card]) -> None:
    assert parse_cards(format_cards(cards)) == tuple(cards)
    assert parse_cards(format_cards(cards, sep="")) == tuple(cards)


# --- Deck ---------------------------------------------------------------------------------------------------

SEVEN_ORDER = (
    "6d Js 9s 4h Qc 4s 2c 6s 5h Ah 6c 4c Jh Kc Td Kd 8c 9d 7h 5c 7d Qs 9h 9c Ad As 3s Ac 6h Ts "
    "2d Jc Qh 5s Kh 8h 8s 3d 2h 5d Tc Ks Jd 7s 3h Th 3c 2s Qd 8d 4d 7c"
)


def is_permutation_of_the_deck(deck: Deck) -> bool:
    return len(deck.cards) == 52 and sorted(deck.cards) == list(ALL_CARDS)


def test_seeded_deck_first_cards_are_pinned() -> None:
    """A change to the shuffle (and so to every seeded hand ever recorded) must be deliberate."""
    assert texts(Deck.seeded(7).cards[:5]) == ["6d", "Js", "9s", "4h", "Qc"]


def test_seeded_deck_whole_order_is_pinned() -> None:
    assert str(Deck.seeded(7)) == SEVEN_ORDER


def test_seeded_deck_follows_the_documented_shuffle() -> None:
    """Fisher-Yates from the top index down, each swap index drawn by rejection from Mersenne Twister bits."""
    for seed in (0, 7, 12345, "table-3", b"\x00\xff"):
        rng = random.Random(seed)
        order = list(range(52))
        for i in range(51, 0, -1):
            while (j := rng.getrandbits((i + 1).bit_length())) > i:
                pass
            order[i], order[j] = order[j], order[i]
        assert [int(card) for card in Deck.seeded(seed).cards] == order


@given(st.one_of(st.integers(), st.text(max_size=10), st.binary(max_size=10)))
def test_seeded_deck_is_reproducible_permutation(seed: int | str | bytes) -> None:
    first, second = Deck.seeded(seed), Deck.seeded(seed)
    assert first == second
    assert first.cards == second.cards
    assert is_permutation_of_the_deck(first)
    assert len(first) == 52


def test_different_seeds_give_different_orders() -> None:
    orders = {Deck.seeded(seed).cards for seed in range(50)}
    assert len(orders) == 50


@pytest.mark.parametrize("seed", [True, 1.5, None, [7], (7,)])
def test_bad_seed_raises(seed: object) -> None:
    with pytest.raises(CardError) as caught:
        Deck.seeded(seed)  # type: ignore[arg-type]
    assert repr(seed) in str(caught.value)


def test_secure_deck_is_a_permutation() -> None:
    decks = [Deck.secure() for _ in range(5)]
    for deck in decks:
        assert is_permutation_of_the_deck(deck)
    # Five equal shuffles of 52 cards would mean no shuffling at all.
    assert len({deck.cards for deck in decks}) > 1


def test_standard_deck() -> None:
    assert Deck.standard().cards == ALL_CARDS
    assert str(Deck.standard()).startswith("2c 2d 2h 2s 3c")


def test_ordered_deck_accepts_text_cards_indexes_and_card_texts() -> None:
    expected = (Card("As"), Card("Kd"), Card("2c"))
    assert Deck.ordered("As Kd 2c").cards == expected
    assert Deck.ordered([Card("As"), Card("Kd"), Card("2c")]).cards == expected
    assert Deck.ordered([51, 45, 0]).cards == expected
    assert Deck.ordered(["As", "Kd", "2c"]).cards == expected
    assert Deck.ordered(["As", 45, Card("2c")]).cards == expected
    assert all(type(card) is Card for card in Deck.ordered([51, 45, 0]).cards)


def test_ordered_deck_may_be_short() -> None:
    deck = Deck.ordered("As Kd")
    assert len(deck) == 2
    assert str(deck) == "As Kd"


@pytest.mark.parametrize("cards", ["As Kd As", ["As", "Kd", "As"], [51, 51], [Card("2c"), 0]])
def test_ordered_deck_with_duplicates_raises(cards: object) -> None:
    with pytest.raises(CardError, match="twice"):
        Deck.ordered(cards)  # type: ignore[arg-type]


def test_deck_constructor_with_duplicates_raises() -> None:
    with pytest.raises(CardError, match="twice"):
        Deck((Card("As"), Card("As")))


@pytest.mark.parametrize("cards", [[52], [-1], ["Xx"]])
def test_ordered_deck_with_bad_cards_raises(cards: object) -> None:
    with pytest.raises(CardError):
        Deck.ordered(cards)  # type: ignore[arg-type]


def test_deck_is_immutable_and_equal_by_value() -> None:
    deck = Deck.seeded(7)
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        deck.cards = ()  # type: ignore[misc]
    assert deck == Deck.ordered(SEVEN_ORDER)
    assert hash(deck) == hash(Deck.ordered(SEVEN_ORDER))
    assert deck != Deck.seeded(8)
