"""A hand as a record says it was played, in the engine's terms, whatever file format it came from.

Readers turn a file into `HandRecord`s; `replay` plays a record through the engine and checks it; writers turn
an engine hand back into a file. Seats are the engine's: 0..n-1 clockwise among the players dealt in.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING

import attrs

from engine.actions import Action
from engine.cards import Card
from engine.errors import HistoryError, OtherGame
from engine.rules import Post, Rules
from engine.validate import is_whole, quote

if TYPE_CHECKING:
    from engine.state import HandState


class ImpossibleRecord(HistoryError):
    """A record that cannot be a hand (a card dealt twice, say), refused as it is built; ``problem`` is what is
    wrong, for a reader that names its hands in its own way."""

    def __init__(self, record: HandRecord, problem: str) -> None:
        super().__init__(
            f"{record.source or '<text>'}: hand #{record.id}: {problem}", source=record.source, hand_id=record.id
        )
        self.problem = problem


@attrs.frozen(slots=True)
class RecordedShow:
    """A seat's show or muck at the showdown, as the record has it: ``cards`` shown (all of them), or None when
    it mucked or showed only some (a hand the record does not show whole cannot win anything)."""

    seat: int
    cards: tuple[Card, ...] | None


@attrs.frozen(slots=True)
class HandRecord:
    """One recorded hand.

    ``hole`` holds each seat's known hole cards (None where a card is unknown); ``actions`` the betting
    actions in order as (seat, action); ``reveals`` the showdown, in the record's order. The expectations are
    what the record says happened, in chips: ``finishing_stacks`` (PHH), ``collected`` as (pot index or None
    for "the pot", seat, chips) lines (PokerStars), ``rake``. ``scale`` converts chips back to the record's
    units (100 for dollars and cents). ``players`` are names in seat order; ``seat_labels`` the record's own
    seat numbers, when it has them.
    """

    source: str
    id: str
    rules: Rules
    players: tuple[str, ...]
    starting_stacks: tuple[int, ...]
    button: int
    posts: tuple[Post, ...]
    hole: tuple[tuple[Card | None, ...], ...]
    board: tuple[Card, ...]
    actions: tuple[tuple[int, Action], ...]
    reveals: tuple[RecordedShow, ...] = ()
    finishing_stacks: tuple[int, ...] | None = None
    collected: tuple[tuple[int | None, int, int], ...] | None = None
    rake: int | None = None
    scale: int = 1
    seat_labels: tuple[int, ...] | None = None
    fields: tuple[tuple[str, object], ...] = ()

    def __attrs_post_init__(self) -> None:
        problem = _inconsistency(self)
        if problem:
            raise ImpossibleRecord(self, problem)

    def states(self) -> Iterator[HandState]:
        """Every state of the hand as recorded: the first (cards dealt, blinds posted), then the state after each
        action, the showdown's shows and mucks included. Raises HistoryError, after the states before it, at
        the first action the engine refuses. (`engine.history.replay_states(record)` is the same.)"""
        from engine.history.replay import replay_states

        return replay_states(self)

    def seen_by(self, seat: int | None) -> HandRecord:
        """The record as ``seat`` saw the hand (None: a spectator): its own hole cards and the hands shown at
        the showdown; every other hole card unknown. What a server may send a player about a hand. The seat is
        its hero (`hero`), as a site's history names the player it was written for; a spectator's names none."""
        if seat is not None and not is_whole(seat, minimum=0, maximum=len(self.hole) - 1):
            raise HistoryError(f"seat {quote(seat)} is not a seat of this hand (0..{len(self.hole) - 1}, or None)")
        shown = {reveal.seat for reveal in self.reveals if reveal.cards is not None}
        hole = tuple(
            cards if index == seat or index in shown else (None,) * len(cards) for index, cards in enumerate(self.hole)
        )
        fields = tuple((key, value) for key, value in self.fields if key != "hero")
        if seat is not None:
            fields += (("hero", self.players[seat]),)
        return attrs.evolve(self, hole=hole, fields=fields)

    @property
    def hero(self) -> int | None:
        """The seat of the player the history was written for (a "Dealt to" line, OHH's ``hero_player_id``);
        None when the record names none. Kept as the player's name (the field ``hero``), so it holds whatever
        order a format gives the seats (PHH puts the button last)."""
        name = dict(self.fields).get("hero")
        return self.players.index(name) if isinstance(name, str) and name in self.players else None

    @property
    def jackpot(self) -> int:
        """The part of ``rake`` (all the house took) that was not the rake itself but a jackpot and the like
        (GGPoker's "Jackpot $0.01", ACR's "JP Fee", OHH's pots' ``jackpot``), in chips: the field ``jackpot``,
        0 when the record says none."""
        jackpot = dict(self.fields).get("jackpot")
        return jackpot if isinstance(jackpot, int) and not isinstance(jackpot, bool) and jackpot > 0 else 0

    @property
    def currency(self) -> str:
        """The money the amounts are in, as an ISO code ("USD", "EUR", "SEK"); "" for chips (a tournament, play
        money, an engine hand). A money game read without a code (an old PokerStars header) by its symbol."""
        fields = dict(self.fields)
        if "tournament" in fields or fields.get("play_money"):
            return ""
        if fields.get("currency"):
            return str(fields["currency"])
        return _CURRENCIES.get(str(fields.get("symbol")), "") if self.scale > 1 else ""

    @property
    def symbol(self) -> str:
        """The sign a money game's amounts are written with ("$", "€"): the record's own, else its currency's;
        "" for chips (a tournament, play money, an engine hand) and for a currency without a sign ("SEK")."""
        if not self.currency:
            return ""
        return str(dict(self.fields).get("symbol") or SYMBOLS.get(self.currency, ""))

    @property
    def money(self) -> str:
        """What a player's results in this hand are counted in, so that a tracker never adds up two kinds: the
        currency, else "tournament chips", "play money" or "chips"."""
        fields = dict(self.fields)
        if "tournament" in fields:
            return "tournament chips"
        if fields.get("play_money"):
            return "play money"
        return self.currency or "chips"

    def to_units(self, chips: int) -> int | float:
        """Chips in the record's units: 1250 chips at scale 100 is 12.5."""
        if self.scale == 1:
            return chips
        whole, part = divmod(chips, self.scale)
        return whole if not part else chips / self.scale


_CURRENCIES = {"$": "USD", "€": "EUR", "£": "GBP"}
SYMBOLS = {"USD": "$", "EUR": "€", "GBP": "£", "CAD": "$"}
"""The sign of each currency the writers know by its code."""
PLAY_MONEY = ("XPM", "PPC")
"""The currency codes OHH gives play money (`HandRecord.money` "play money")."""


def _inconsistency(record: HandRecord) -> str:
    """What makes the record impossible whatever is played ("" when nothing): the one place that says a card is
    dealt twice, a seat holds the wrong number of hole cards, or a seat number points past the table."""
    n = len(record.starting_stacks)
    if len(record.players) not in (0, n) or len(record.hole) != n:
        return (
            f"{len(record.players)} names and {len(record.hole)} hands of hole cards for {n} starting stacks; "
            "the record needs one of each per seat (or no names)"
        )
    if not 0 <= record.button < n:
        return f"the button {record.button} is not a seat of a {n}-player hand"
    per_seat = record.rules.hole_cards
    for seat, cards in enumerate(record.hole):
        if len(cards) != per_seat:
            return f"seat {seat} holds {len(cards)} hole cards; this game deals {per_seat}"
    if len(record.board) > 5:
        return f"the board holds {len(record.board)} cards; a board has five at most"
    known = [card for cards in record.hole for card in cards if card is not None]
    known += record.board
    twice = _first_repeated(known)
    if twice is not None:
        return f"card {twice} is dealt twice"
    seats = [post.seat for post in record.posts] + [seat for seat, _ in record.actions]
    seats += [reveal.seat for reveal in record.reveals] + [seat for _, seat, _ in record.collected or ()]
    stray = next((seat for seat in seats if not 0 <= seat < n), None)
    if stray is not None:
        return f"seat {stray} is named but the hand has seats 0..{n - 1}"
    if record.finishing_stacks is not None and len(record.finishing_stacks) != n:
        return f"{len(record.finishing_stacks)} finishing stacks for {n} seats"
    if record.seat_labels is not None and len(record.seat_labels) != n:
        return f"{len(record.seat_labels)} seat numbers for {n} seats"
    return ""


def _first_repeated(cards: Iterable[Card]) -> Card | None:
    seen: set[Card] = set()
    for card in cards:
        if card in seen:
            return card
        seen.add(card)
    return None


class Hands(list[HandRecord | HistoryError]):
    """What a reader found in one text: every hand in order, each a record or the `HistoryError` that kept it
    from being read; and ``notes`` on what it passed over without reading (text around and between hands,
    such as a forum post's words or a mail's greeting: one note per text, never one per line). It is a list,
    so code that treats a reader's answer as one keeps working.

    Hands of other games (`OtherGame`: the hold'em and stud of an 8-game mix) are passed over too, in one note
    that counts them by game; only a text that holds nothing else keeps them as its errors, since then there is
    nothing to read.

    ``format`` is the key (`engine.history.formats`) of the format the text was read as, set by `read_history`;
    None when no parser read it (bytes that could not be read, were not text, or are a format not read)."""

    notes: tuple[str, ...]
    format: str | None

    def __init__(self, items: Iterable[HandRecord | HistoryError] = (), notes: Iterable[str] = ()) -> None:
        items = list(items)
        others = [item for item in items if isinstance(item, OtherGame)]
        if others and len(others) < len(items):
            items = [item for item in items if not isinstance(item, OtherGame)]
            notes = [*notes, _other_games_note(others)]
        super().__init__(items)
        self.notes = tuple(notes)
        self.format = None


def _other_games_note(others: list[OtherGame]) -> str:
    counts: dict[str, int] = {}
    for other in others:
        counts[other.game] = counts.get(other.game, 0) + 1
    where = others[0].source or "<text>"
    games = ", ".join(f"{count} {game}" for game, count in counts.items())
    return (
        f"{where}: passed over {len(others)} hand{'s' if len(others) > 1 else ''} of other games ({games}): "
        "this engine plays Omaha and Omaha hi-lo"
    )


def cut_short(text: str, source: str, hand_id: str) -> HistoryError:
    """The error for the last hand of a text that stops in the middle of it (a download or a copy that stopped),
    whatever its format: the line the text ends in (the last with text in it, when the cut fell just after a
    line break), never what the cut left unparsed."""
    body = text.rstrip("\r\n")
    number, line = body.count("\n") + 1, body.rsplit("\n", 1)[-1].strip()
    where = f"{source or '<text>'}: hand #{hand_id}" if hand_id else source or "<text>"
    return HistoryError(
        f"{where}: the hand is cut short: the file ends in the middle of line {number} {quote(line)}",
        source=source,
        hand_id=hand_id,
    )
