"""What a player may hold: a hand, a partial hand with wildcards, random, or a weighted list of hands.

Text forms (the command line takes the same):

* ``"As 2h Kc Qd"``: that hand (any card text `parse_cards` reads).
* ``"As2h**"`` or ``"As 2h * *"``: As 2h and any two cards; each ``*`` is one unknown card, dealt from the
  cards nobody else is known to hold, every completion equally likely.
* ``"random"`` (or as many ``*`` as the hand has cards): any hand.
* ``"As2hKcQd | 8h7h6s5s@2"``: a list of whole hands separated by ``|``, each with an optional weight after
  ``@`` (default 1): the player holds each hand with probability proportional to its weight, among the hands
  that do not collide with known cards or with the other players' hands.

In Python a player may also be a sequence of cards, or a list whose items are hands (text or cards) or
``(hand, weight)`` pairs.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import attrs

from engine.cards import Card, cards_of, format_cards, require_distinct
from engine.errors import EngineError
from engine.validate import finite, is_whole, quote


class EquityError(EngineError):
    """Input that equity cannot work with: bad players, ranges, boards, dead cards or options."""


@attrs.frozen(slots=True)
class Player:
    """One player's holding: ``known`` cards plus ``wildcards`` unknown ones, or one of ``hands`` (with
    ``weights``) when it is a list. ``text`` is how it was given, for reports."""

    text: str
    known: tuple[Card, ...] = ()
    wildcards: int = 0
    hands: tuple[tuple[Card, ...], ...] = ()
    weights: tuple[float, ...] = ()

    @property
    def is_list(self) -> bool:
        return bool(self.hands)

    @property
    def is_fixed(self) -> bool:
        return not self.hands and not self.wildcards

    def size(self) -> int | None:
        """Hole cards this player holds, when it says (random does not)."""
        if self.hands:
            return len(self.hands[0])
        return len(self.known) + self.wildcards if self.known else None


def parse_player(spec: object) -> Player:
    """A player from text, cards, or a list of hands; see the module's docstring for the forms."""
    if isinstance(spec, Player):
        return spec
    if isinstance(spec, str):
        return _from_text(spec)
    if isinstance(spec, Sequence) and spec and all(is_whole(card) for card in spec):
        cards = _cards(spec, spec)
        return Player(format_cards(cards), known=cards)
    if isinstance(spec, Sequence) and spec:
        entries = [_entry(item) for item in spec]
        return _listed(entries, " | ".join(_entry_text(hand, weight) for hand, weight in entries))
    raise EquityError(
        f"a player is a hand ('As 2h Kc Qd'), a partial hand ('As2h**'), 'random', or a list of "
        f"hands with optional weights; got {quote(spec)}"
    )


def _from_text(text: str) -> Player:
    stripped = text.strip()
    if stripped.lower() == "random":
        return Player("random", wildcards=-1)
    if "|" in stripped or "@" in stripped:
        entries = []
        for part in stripped.split("|"):
            hand_text, _, weight_text = part.partition("@")
            weight = _weight(weight_text.strip(), text) if weight_text.strip() or "@" in part else 1.0
            entries.append((_cards(hand_text, text), weight))
        return _listed(entries, stripped)
    if "*" in stripped:
        wildcards = stripped.count("*")
        known = _cards(stripped.replace("*", " "), text) if stripped.replace("*", "").strip() else ()
        return Player(stripped, known=known, wildcards=wildcards) if known else Player(stripped, wildcards=wildcards)
    cards = _cards(stripped, text)
    return Player(format_cards(cards), known=cards)


def _entry(item: object) -> tuple[tuple[Card, ...], float]:
    if (
        isinstance(item, tuple)
        and len(item) == 2
        and not isinstance(item[1], (str, Card))
        and isinstance(item[1], (int, float))
    ):
        return _cards(item[0], item), _weight(item[1], item)
    return _cards(item, item), 1.0


def _entry_text(hand: tuple[Card, ...], weight: float) -> str:
    return format_cards(hand, "") + ("" if weight == 1 else f"@{weight:g}")


def _listed(entries: list[tuple[tuple[Card, ...], float]], text: str) -> Player:
    sizes = {len(hand) for hand, _ in entries}
    if len(sizes) != 1:
        raise EquityError(
            f"every hand in a list must have the same number of cards, got {sorted(sizes)} in {quote(text)}"
        )
    if "*" in text:
        raise EquityError(f"a list holds whole hands; '*' is for one partial hand, got {quote(text)}")
    hands = tuple(hand for hand, _ in entries)
    if len(set(hands)) != len(hands):
        raise EquityError(f"a hand appears twice in the list {quote(text)}")
    weights = tuple(weight for _, weight in entries)
    if not math.isfinite(sum(weights)):
        raise EquityError(
            f"the weights in {quote(text)} add up to more than a number can hold; weights are "
            "relative (2 is twice as likely as 1), so smaller ones say the same"
        )
    return Player(text, hands=hands, weights=weights)


def _cards(value: object, source: object) -> tuple[Card, ...]:
    try:
        cards = cards_of(value)  # type: ignore[arg-type]  # cards_of checks and raises CardError
        require_distinct(cards, source)
    except EngineError as error:
        raise EquityError(f"cannot read the hand {quote(value)}: {error}") from None
    except (TypeError, ValueError):
        raise EquityError(f"cannot read the hand {quote(value)}; write cards as in 'As 2h Kc Qd'") from None
    if not cards:
        raise EquityError(f"a hand needs cards, got {quote(source)}")
    return cards


def _weight(value: object, source: object) -> float:
    """A hand's weight: a number, or its text after ``@`` in a written list."""
    if isinstance(value, str):
        try:
            value = float(value)
        except ValueError:
            raise EquityError(f"a weight is a number such as 0.5 or 2, got {quote(value)} in {quote(source)}") from None
    return float(finite(value, f"a weight (in {quote(source)})", positive=True, error=EquityError))
