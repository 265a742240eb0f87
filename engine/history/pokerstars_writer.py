"""Writing PokerStars text hand histories: a record (replayed to learn what the engine did) or a finished engine
hand, in PokerStars' words. `engine.history.pokerstars` reads them back (and re-exports these writers)."""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from decimal import Decimal

import attrs

from engine.cards import RANK_NAMES, RANK_PLURALS, Card, format_cards
from engine.errors import HistoryError
from engine.evaluation import HighHand, best_high, best_low
from engine.events import Acted, BetReturned, BoardDealt, Mucked, Posted, Shown
from engine.history import facts
from engine.history.dates import pokerstars_date
from engine.history.engine_hands import state_to_record, table_seating
from engine.history.record import SYMBOLS, HandRecord, RecordedShow
from engine.history.replay import replay
from engine.history.writing import RecordWriter
from engine.rules import PostKind
from engine.state import HandState
from engine.table import Table
from engine.validate import quote

__all__ = ["write_pokerstars", "write_pokerstars_state"]

_DEFAULT_DATE = "2000/01/01 0:00:00 ET"
_POST_WORDS = {
    PostKind.SMALL_BLIND: "small blind",
    PostKind.BIG_BLIND: "big blind",
    PostKind.LIVE_BLIND: "big blind",
    PostKind.ANTE: "the ante",
    PostKind.STRADDLE: "straddle",
    PostKind.DEAD_BLIND: "dead blind",
}


_LIMITS = (facts.FIXED, facts.POT, facts.NO)
"""The structures a PokerStars game line names (by title), which the text readers read back."""


def write_pokerstars(record: HandRecord) -> str:
    """The record as a PokerStars hand history. The record is replayed to learn what the engine did (call
    amounts, uncalled bets, pots); its own "collected" lines, reveals and rake are written when it has them.
    Raises HistoryError when the record cannot be played to the end."""
    report = replay(record)
    if report.state is None or not report.state.is_over:
        raise HistoryError(f"cannot write hand {quote(record.id)}: it does not replay ({report.detail})")
    return _Writer(record, report.state).text()


def write_pokerstars_state(
    state: HandState,
    players: Sequence[str] | None = None,
    hand_id: str = "1",
    *,
    scale: int = 1,
    currency: str | None = None,
    table: str | Table = "Engine",
    date: str = _DEFAULT_DATE,
    seat_labels: Sequence[int] | None = None,
) -> str:
    """A finished engine hand as a PokerStars hand history. Chips are written as they are (``scale`` 1, a play
    money header) unless a ``scale`` and a ``currency`` ("USD", "EUR", "GBP") say they are cents of money.

    ``table`` is the table's name in the header, or the `engine.table.Table` that dealt the hand (while the hand
    is in play, before `finish_hand`): its players' names and seats (+1) are then written, and its size as
    "N-max"."""
    record = _record_from_state(state, players, hand_id, scale, currency, table, date, seat_labels)
    return _Writer(record, state).text()


def _record_from_state(
    state: HandState,
    players: Sequence[str] | None,
    hand_id: str,
    scale: int,
    currency: str | None,
    table: str | Table,
    date: str,
    seat_labels: Sequence[int] | None,
) -> HandRecord:
    if not state.is_over or state.result is None:
        raise HistoryError("only a finished hand can be written: play it to the end first")
    size = None
    if isinstance(table, Table):
        if players is not None or seat_labels is not None:
            raise HistoryError("give the players' names and seats or the table they sit at, not both")
        players, seat_labels = table_seating(table, state)
        size, table = len(table.seats), "Engine"
    elif not isinstance(table, str):
        raise HistoryError(f"table must be the table's name or an engine.table.Table, got {quote(table)}")
    n = state.players
    names = tuple(players) if players is not None else tuple(f"Player{i + 1}" for i in range(n))
    if (
        len(names) != n
        or len(set(names)) != n
        or any(not name or name != name.strip() or "\n" in name or "\r" in name for name in names)
    ):
        raise HistoryError(f"need {n} distinct one-line names without spaces at either end, got {quote(names)}")
    if seat_labels is not None and (len(seat_labels) != n or list(seat_labels) != sorted(set(seat_labels))):
        raise HistoryError(f"need {n} increasing seat numbers, got {quote(tuple(seat_labels))}")
    fields: list[tuple[str, object]] = [("table", table), ("date", date)]
    if size is not None:
        fields.append(("max_seats", size))
    if currency is not None:
        fields += [("symbol", SYMBOLS.get(currency, "$")), ("currency", currency)]
    record = state_to_record(state, names, source=hand_id, id=hand_id)
    return attrs.evolve(
        record,
        rake=state.result.rake,
        scale=scale,
        fields=tuple(fields),
        seat_labels=tuple(seat_labels) if seat_labels is not None else None,
    )


_MAX_DIGITS = 18  # a hand number trackers store as a 64-bit integer


def hand_number(hand_id: str) -> str:
    """The number a PokerStars header gives a hand whose own id is ``hand_id``: PokerStars' readers (trackers,
    replayers) take digits only. An id of digits is kept; another site's id gives its digits (OnGame's
    "R5-91002217-40" is 59100221740, GGPoker's "OM2211847572" 2211847572; Cake's "3389E587C7000214"
    33895877000214), their last 18 when longer (Winamax's three-part ids), and an id without a digit a number
    made from it. The id itself is not in the text (PHH's ``hand`` and OHH's ``game_number`` keep it)."""
    if hand_id.isascii() and hand_id.isdigit() and len(hand_id) <= _MAX_DIGITS:
        return hand_id
    digits = "".join(c for c in hand_id if "0" <= c <= "9")
    if digits:
        return str(int(digits[-_MAX_DIGITS:]))
    return str(int(hashlib.sha256(hand_id.encode()).hexdigest(), 16) % 10**12)


def _hand_name(hand: HighHand) -> str:
    """PokerStars' words for a high hand: "a straight, Three to Seven", "two pair, Nines and Deuces"."""
    ranks = [card.rank for card in hand.cards]  # biggest group first; a wheel ends on its ace

    def one(rank: int) -> str:
        return RANK_NAMES[rank - 2]

    def many(rank: int) -> str:
        return "Deuces" if rank == 2 else RANK_PLURALS[rank - 2]

    category = hand.category
    if category in (4, 8):  # straights run from their lowest card up
        if category == 8 and ranks[0] == 14:
            return "a Royal Flush"
        return f"a {'straight flush' if category == 8 else 'straight'}, {one(ranks[-1])} to {one(ranks[0])}"
    return [
        f"high card {one(ranks[0])}",
        f"a pair of {many(ranks[0])}",
        f"two pair, {many(ranks[0])} and {many(ranks[2])}",
        f"three of a kind, {many(ranks[0])}",
        "",
        f"a flush, {one(ranks[0])} high",
        f"a full house, {many(ranks[0])} full of {many(ranks[3])}",
        f"four of a kind, {many(ranks[0])}",
    ][category]


class _Writer(RecordWriter):
    """Writes one finished hand from its record (names, seats, cards known, reveals) and the engine's state."""

    def __init__(self, record: HandRecord, state: HandState) -> None:
        super().__init__(record, state)
        betting = state.rules.betting
        if betting.title not in _LIMITS:
            raise HistoryError(
                f"PokerStars text cannot write a hand of the {betting.name!r} betting structure: its game line "
                f"says {', '.join(_LIMITS)} only"
            )
        # play money and chips are written without a sign, as PokerStars writes them; money with its own, "$"
        # for a currency without one (SEK, named after the stakes), so that the amounts read as money again
        play = record.money in ("play money", "tournament chips")
        self.symbol = "" if play or record.scale == 1 else record.symbol or str(self.fields.get("symbol") or "$")
        self.lines: list[str] = []

    def money(self, chips: int) -> str:
        if self.record.scale == 1:
            return f"{self.symbol}{chips}"
        value = Decimal(chips) / Decimal(self.record.scale)
        if value == value.to_integral_value():
            return f"{self.symbol}{int(value)}"
        places = max(len(str(self.record.scale)) - 1, 0)
        return f"{self.symbol}{value:.{places}f}"

    def text(self) -> str:
        self.header()
        self.body()
        self.summary()
        return "\n".join(self.lines) + "\n"

    def header(self) -> None:
        rules, record, fields = self.state.rules, self.record, self.fields
        limit = rules.betting.title
        game = str(
            fields.get("game")
            or (f"{'5 Card ' if rules.hole_cards == 5 else ''}Omaha{' Hi/Lo' if rules.hi_lo else ''} {limit}")
        )
        low, high = rules.betting.fixed_bets or (rules.blinds[0], rules.big_blind)
        prefix, date = fields.get("prefix", "PokerStars Hand"), pokerstars_date(fields) or _DEFAULT_DATE
        number = hand_number(record.id)
        if "tournament" in fields:
            self.lines.append(
                f"{prefix} #{number}: Tournament #{fields['tournament']}, {fields.get('buy_in', '')}"
                f" {game} - Level {fields.get('level', 'I')} ({low}/{high}) - {date}"
            )
        else:
            currency = f" {record.currency}" if "currency" in fields and record.currency else ""
            cents = self.record.scale == 100 and (low % 100 or high % 100)  # "$0.50/$1.00", but "$300/$600"
            stakes = (
                f"{self.symbol}{low / 100:.2f}/{self.symbol}{high / 100:.2f}"
                if cents
                else f"{self.money(low)}/{self.money(high)}"
            ) + currency
            if "mixed" in fields:
                self.lines.append(f"{prefix} #{number}:  {fields['mixed']} ({game}, {stakes}) - {date}")
            else:
                self.lines.append(f"{prefix} #{number}:  {game} ({stakes}) - {date}")
        seats = f" {fields['max_seats']}-max" if "max_seats" in fields else ""
        play = " (Play Money)" if fields.get("play_money") else ""
        button = fields.get("button_seat", self.labels[record.button])
        self.lines.append(f"Table '{fields.get('table', 'Engine')}'{seats}{play} Seat #{button} is the button")
        for label, name, stack in zip(self.labels, self.names, record.starting_stacks, strict=True):
            self.lines.append(f"Seat {label}: {name} ({self.money(stack)} in chips)")

    def body(self) -> None:
        """Everything between the seats and the summary: posts, hole cards, the betting, the showdown."""
        self.posts()
        self.lines.append("*** HOLE CARDS ***")
        reveals = self.reveals()
        self.dealt(reveals)
        self.streets()
        self.showdown(reveals)
        self.collections(reveals)

    def posts(self) -> None:
        """The blinds and antes, a dead blind and the live one after it as one "small & big blinds" line;
        notes who posted the small and the big blind for the summary."""
        posted = [e for e in self.state.events if isinstance(e, Posted)]
        self.blind_of: dict[int, str] = {}
        i = 0
        while i < len(posted):
            post = posted[i]
            following = posted[i + 1] if i + 1 < len(posted) else None
            if (
                post.kind == PostKind.DEAD_BLIND
                and following is not None
                and following.seat == post.seat
                and following.kind == PostKind.LIVE_BLIND
            ):
                amount, all_in, word, i = post.amount + following.amount, following.all_in, "small & big blinds", i + 2
            else:
                amount, all_in, word, i = post.amount, post.all_in, _POST_WORDS[post.kind], i + 1
            if post.kind in (PostKind.SMALL_BLIND, PostKind.BIG_BLIND):
                self.blind_of[post.seat] = post.kind
            self.lines.append(
                f"{self.names[post.seat]}: posts {word} {self.money(amount)}{' and is all-in' if all_in else ''}"
            )

    def dealt(self, reveals: Sequence[RecordedShow]) -> None:
        """ "Dealt to" lines: the hero's first, always (a reader takes the first for the hero, as PokerStars
        writes one for the hero alone), then the other hole cards the record knows, except a hand shown later
        (its show says it)."""
        revealed = {r.seat for r in reveals}
        hero = self.record.hero
        seats = sorted(range(len(self.record.hole)), key=lambda seat: seat != hero)
        for seat in seats:
            known = [card for card in self.record.hole[seat] if card is not None]
            if known and (seat == hero or seat not in revealed):
                self.lines.append(f"Dealt to {self.names[seat]} [{format_cards(known)}]")

    def streets(self) -> None:
        """The betting, the uncalled bets returned and the board, street by street; notes where each player
        folded for the summary."""
        names, lines = self.names, self.lines
        bets = [0] * len(names)
        for post in self.state.events:
            if isinstance(post, Posted) and post.kind not in (PostKind.ANTE, PostKind.DEAD_BLIND):
                bets[post.seat] += post.amount
        level, street = max(bets), "before Flop"
        self.folded_on: dict[int, str] = {}
        board: tuple[Card, ...] = ()
        for event in self.state.events:
            if isinstance(event, Acted):
                if event.action == "fold":
                    self.folded_on[event.seat] = street
                lines.append(self.action_line(event, level))
                level = max(level, event.to)
            elif isinstance(event, BetReturned):
                lines.append(f"Uncalled bet ({self.money(event.amount)}) returned to {names[event.seat]}")
            elif isinstance(event, BoardDealt):
                street, level = {2: "on the Flop", 3: "on the Turn", 4: "on the River"}[event.street], 0
                word = {2: "FLOP", 3: "TURN", 4: "RIVER"}[event.street]
                old = f"[{format_cards(board)}] " if board else ""
                board = board + event.cards
                lines.append(f"*** {word} *** {old}[{format_cards(event.cards)}]")

    def action_line(self, event: Acted, level: int) -> str:
        """One action in PokerStars' words; ``level`` is the bet to call before it (a bet over one is a raise)."""
        name, tail = self.names[event.seat], " and is all-in" if event.all_in else ""
        if event.action == "fold":
            return f"{name}: folds"
        if event.action == "check":
            return f"{name}: checks"
        if event.action == "call":
            return f"{name}: calls {self.money(event.added)}{tail}"
        if event.action == "bet" and level == 0:
            return f"{name}: bets {self.money(event.to)}{tail}"
        return f"{name}: raises {self.money(event.to - level)} to {self.money(event.to)}{tail}"

    def showdown(self, reveals: Sequence[RecordedShow]) -> None:
        """The shows and mucks, in the record's (or the engine's) order."""
        names, hole = self.names, self.record.hole
        if self.result.showdown:
            self.lines.append("*** SHOW DOWN ***")
        for reveal in reveals:
            known = [card for card in hole[reveal.seat] if card is not None]
            if reveal.cards is not None:
                self.lines.append(
                    f"{names[reveal.seat]}: shows [{format_cards(reveal.cards)}]{self.describe(reveal.cards)}"
                )
            elif known and len(known) < len(hole[reveal.seat]):
                self.lines.append(f"{names[reveal.seat]}: shows [{format_cards(known)}]")
            else:
                self.lines.append(f"{names[reveal.seat]}: mucks hand")

    def collections(self, reveals: Sequence[RecordedShow]) -> None:
        """Who collected what from which pot (counted for the summary), then "No low hand qualified" or the
        winners who did not show."""
        names, lines = self.names, self.lines
        self.won = [0] * len(names)
        pots = len(self.result.pots)
        for pot, seat, chips in self.collected_lines():
            where = "pot" if pot is None else "main pot" if pot == 0 else "side pot" if pots == 2 else f"side pot-{pot}"
            self.won[seat] += chips
            lines.append(f"{names[seat]} collected {self.money(chips)} from {where}")
        board = self.state.board
        if (
            self.result.showdown
            and self.state.rules.hi_lo
            and not any(r.cards is not None and best_low(r.cards, board) for r in reveals)
        ):
            lines.append("No low hand qualified")
        if not self.result.showdown:
            revealed = {r.seat for r in reveals}
            for seat in sorted({s for _, s, _ in self.collected_lines()}):
                if seat not in revealed:
                    lines.append(f"{names[seat]}: doesn't show hand")

    def reveals(self) -> tuple[RecordedShow, ...]:
        if self.record.reveals:
            return self.record.reveals
        out = []
        for event in self.state.events:
            if isinstance(event, Shown):
                out.append(RecordedShow(event.seat, event.cards))
            elif isinstance(event, Mucked):
                out.append(RecordedShow(event.seat, None))
        return tuple(out)

    def collected_lines(self) -> list[tuple[int | None, int, int]]:
        """`RecordWriter.collected` as PokerStars writes it: side pots first, and "the pot" (None) when the
        hand had only one."""
        shares = self.collected()
        if len({pot.pot for pot in self.result.pots}) == 1:
            return [(None, seat, chips) for _, seat, chips in shares]
        return [(pot, seat, chips) for pot, seat, chips in sorted(shares, key=lambda line: -line[0])]

    def describe(self, cards: Sequence[Card]) -> str:
        """' (HI: a flush, King high; LO: 7,6,5,3,A)', as PokerStars names hands; '' before the flop."""
        board = self.state.board
        if len(board) < 3:
            return ""
        high = _hand_name(best_high(cards, board))
        low = best_low(cards, board) if self.state.rules.hi_lo else None
        if not self.state.rules.hi_lo:
            return f" ({high})"
        return f" (HI: {high}" + (f"; LO: {','.join(str(r) if r > 1 else 'A' for r in low.ranks)})" if low else ")")

    def summary(self) -> None:
        lines, result, state = self.lines, self.result, self.state
        lines.append("*** SUMMARY ***")
        rake = self.record.rake if self.record.rake is not None else result.rake
        pots = ""
        if len(result.pots) > 1:
            pots = f" Main pot {self.money(result.pots[0].amount)}."
            for index, pot in enumerate(result.pots[1:], start=1):
                name = "Side pot" if len(result.pots) == 2 else f"Side pot-{index}"
                pots += f" {name} {self.money(pot.amount)}."
        jackpot = min(self.record.jackpot, rake)  # PokerStars writes no jackpot; GGPoker's and ACR's PokerStars-
        # shaped summaries write it after the rake, and the reader takes every fee there as the house's
        fees = f" | Jackpot {self.money(jackpot)}" if jackpot else ""
        lines.append(f"Total pot {self.money(sum(state.contributed))}{pots} | Rake {self.money(rake - jackpot)}{fees}")
        if state.board:
            lines.append(f"Board [{format_cards(state.board)}]")
        shown = {r.seat: r.cards for r in self.reveals()}
        for seat, name in enumerate(self.names):
            tags = " (button)" if seat == state.button else ""
            tags += f" ({self.blind_of[seat]})" if seat in self.blind_of else ""
            known = [card for card in self.record.hole[seat] if card is not None]
            if seat in self.folded_on:
                didnt = (
                    " (didn't bet)"
                    if self.folded_on[seat] == "before Flop"
                    and not any(isinstance(e, Posted) and e.seat == seat for e in state.events)
                    else ""
                )
                outcome = f"folded {self.folded_on[seat]}{didnt}"
            elif not result.showdown:
                outcome = f"collected ({self.money(self.won[seat])})"
            elif shown.get(seat) is not None:
                cards = shown[seat]
                assert cards is not None
                hand = self.describe(cards)[2:-1]
                verdict = f"won ({self.money(self.won[seat])})" if self.won[seat] else "lost"
                outcome = f"showed [{format_cards(cards)}] and {verdict}" + (f" with {hand}" if hand else "")
            else:
                outcome = f"mucked [{format_cards(known)}]" if known else "mucked"
            lines.append(f"Seat {self.labels[seat]}: {name}{tags} {outcome}")
