"""The one builder: a hand's facts (`engine.history.facts`), whatever site wrote them, into a `HandRecord`
through the `Ledger` and the engine's rules. A format's parser only reads text into facts; every rule that
turns those facts into the engine's terms is here, once:

- who is dealt in (a seat with chips that posts, acts, is dealt cards, or is named in the summary), the seats
  in the order of the site's numbers, the button (the nearest player before an empty button seat);
- the forced bets: the big blind is the one posted first clockwise after the small blind, any other a new
  player's live blind; "small & big blinds" is a dead small and a live big; a short all-in post is recorded at
  the amount due; a fixed-limit game's blinds are what was posted (its stakes are the bets), and so are
  those of a game whose header names none (PartyPoker's "$10 USD PL" names the buy-in);
- the betting through the ledger, uncalled bets returned whether or not the log says so; where the log's
  "wins" count in the winner's own bet nobody called (PartyPoker), that bet is taken off them, from the
  last pot first;
- the summary checked against the log's own lines, in the log's units: the board it repeats, each player's
  "won" against what they collected (a log that prints no "collected" line at all, as ACR's hands won
  without a showdown, has its summary's "won" taken as the collections), the total pot against what the
  players put in; a log that states no rake (PartyPoker) has as its rake what the players put in less what
  they collected. `replay` then checks the collected chips and the rake against what the engine pays, pot
  by pot.

A refusal is a `HistoryError` naming the source, the hand and the line at fault.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from decimal import Decimal
from typing import NoReturn

from engine.actions import Action
from engine.betting import FixedLimit, NoLimit, PotLimit
from engine.cards import Card, format_cards
from engine.errors import EngineError, HistoryError
from engine.history.builder import Ledger, LedgerError, check_summary_won
from engine.history.facts import (
    ANTE,
    BIG_BLIND,
    FIXED,
    POT,
    SMALL_AND_BIG,
    SMALL_BLIND,
    Acted,
    Cards,
    Collected,
    Game,
    HandFacts,
    Line,
    Posted,
    Returned,
    Revealed,
    Seat,
    Street,
)
from engine.history.record import HandRecord, ImpossibleRecord, RecordedShow
from engine.order import MAX_PLAYERS
from engine.rules import Post, PostKind, Rake, Rules, ShowdownPolicy
from engine.validate import quote

_KINDS = {ANTE: PostKind.ANTE, "straddle": PostKind.STRADDLE, "dead blind": PostKind.DEAD_BLIND}


def place(source: str, hand: str, line: Line | None) -> str:
    """The start of every message about a hand: "file: hand #N, line 12 'text': "."""
    where = f"{source or '<text>'}: hand #{hand}"
    if line is not None:
        where += f", line {line[0]} {quote(line[1])}"
    return where + ": "


def units_of(game: Game) -> Callable[[int], str]:
    """Chips as the log writes them: 4600 at scale 100 is '$46', 478 is '$4.78'."""
    def units(chips: int) -> str:
        text = str(chips) if game.scale == 1 else f"{Decimal(chips) / game.scale:.2f}".removesuffix(".00")
        return game.symbol + text
    return units


def build_record(facts: HandFacts) -> HandRecord:
    """The record of the hand the facts describe; a `HistoryError` naming the line when they cannot be one."""
    return _Build(facts).record()


class _Build:
    def __init__(self, facts: HandFacts) -> None:
        self.facts, self.game = facts, facts.game
        self.units = units_of(facts.game)
        self.line: Line | None = facts.header

    def fail(self, message: str, line: Line | None = None) -> NoReturn:
        facts = self.facts
        raise HistoryError(place(facts.source, facts.id, line if line is not None else self.line) + message,
                           source=facts.source, hand_id=facts.id)

    def record(self) -> HandRecord:
        facts, game = self.facts, self.game
        dealt = self._dealt()
        index = {seat.name: i for i, seat in enumerate(dealt)}
        self.index = index
        button = self._button([seat.label for seat in dealt])
        self.ledger = Ledger([seat.stack for seat in dealt], [seat.name for seat in dealt], self.units)
        self.hole: list[list[Card]] = [[] for _ in dealt]
        posts, blinds, ante = self._posts(button)
        actions, reveals, collected = self._walk()
        self.line = None
        summary = facts.summary
        if summary.board is not None and summary.board != facts.board:
            self.fail(f"the summary's board {format_cards(summary.board)!r} is not the board dealt "
                      f"{format_cards(facts.board)!r}")
        labels = {seat.label: i for i, seat in enumerate(dealt)}
        if not collected:  # a log that says who won only in its summary (ACR's hands won without a showdown)
            collected = [(None, labels[won.label], won.chips) for won in summary.won
                         if won.chips and won.label in labels]
        won_by_seat = [0] * len(dealt)
        for _, seat, chips in collected:
            won_by_seat[seat] += chips
        for won in summary.won:
            if won.label in labels:
                seat = labels[won.label]
                self._checked(check_summary_won, dealt[seat].name, won.chips, won_by_seat[seat], self.units,
                              line=won.line)
        if facts.won_includes_returned:
            collected, won_by_seat = self._less_returned(collected)
        if summary.total is not None:
            self._checked(self.ledger.check_total, summary.total, "the summary's total pot is", self.units,
                          line=summary.total_line)
        take = summary.take if summary.take is not None else self._take_unsaid(won_by_seat)
        rules = self._rules(blinds, ante, take)
        hole = tuple(tuple(cards) + (None,) * (game.hole_cards - len(cards)) for cards in self.hole)
        fields = list(facts.fields)
        if dealt[button].label != facts.button_label:
            fields.append(("button_seat", facts.button_label))
        try:
            return HandRecord(
                facts.source, facts.id, rules, tuple(s.name for s in dealt), tuple(s.stack for s in dealt), button,
                tuple(posts), hole, facts.board, tuple(actions), tuple(reveals),
                finishing_stacks=self.ledger.finishing(won_by_seat), collected=tuple(collected),
                rake=take, scale=game.scale, seat_labels=tuple(s.label for s in dealt), fields=tuple(fields))
        except ImpossibleRecord as error:
            self.fail(error.problem)

    def _checked(self, check: Callable[..., None], *args: object, line: Line | None) -> None:
        try:
            check(*args)
        except LedgerError as error:
            self.fail(str(error), line)

    def _dealt(self) -> list[Seat]:
        """The players dealt in, in the order of their seat numbers: a seat with chips that the hand involves."""
        named = {event.name for event in self.facts.events if not isinstance(event, (Street, Returned))}
        labels = self.facts.summary.labels
        broke = next((s for s in self.facts.seats if s.stack <= 0 and s.name in named), None)
        if broke is not None:
            self.fail(f"{broke.name} takes part in the hand but has no chips")
        dealt = sorted((s for s in self.facts.seats if s.stack > 0 and (s.name in named or s.label in labels)),
                       key=lambda s: s.label)
        if not 2 <= len(dealt) <= MAX_PLAYERS:
            self.fail(f"{len(dealt)} players are dealt in; a hand needs 2 to {MAX_PLAYERS}")
        return dealt

    def _button(self, labels: Sequence[int]) -> int:
        """The button's seat; when it is empty or sits out, the nearest player dealt in before it."""
        wanted = self.facts.button_label
        if wanted in labels:
            return labels.index(wanted)
        earlier = [i for i, label in enumerate(labels) if label < wanted]
        return earlier[-1] if earlier else len(labels) - 1

    def _seat(self, name: str) -> int:
        if name not in self.index:
            self.fail(f"{quote(name)} is not dealt in")
        return self.index[name]

    def _posts(self, button: int) -> tuple[list[Post], tuple[int, int], int]:
        """The forced bets, each with the amount due (a short all-in post still sets the full blind), and the
        blinds and ante of the rules."""
        entries = [event for event in self.facts.events if isinstance(event, Posted)]
        small, big = self.game.stakes
        if self.game.limit == FIXED or self.game.posted_blinds:  # the blinds are what was posted
            posted = next((p.paid for p in entries if p.kind == BIG_BLIND and not p.all_in), None)
            if posted is None and self.game.limit != FIXED:
                self.fail("nobody posts the big blind in full, and the header names no blinds")
            big = posted if posted is not None else self.game.stakes[0]
            small = next((p.paid for p in entries if p.kind == SMALL_BLIND and not p.all_in),
                         self.game.stakes[0] // 2 if self.game.limit == FIXED else big // 2)
        ante = max((p.paid for p in entries if p.kind == ANTE and not p.all_in), default=0)
        n = len(self.index)
        smalls = [self._seat(p.name) for p in entries if p.kind == SMALL_BLIND]
        anchor = smalls[0] if smalls else button
        bigs = [self._seat(p.name) for p in entries if p.kind == BIG_BLIND]
        the_big = min(bigs, key=lambda seat: (seat - anchor - 1) % n) if bigs else None
        posts: list[Post] = []
        for entry in entries:
            self.line = entry.line
            seat, paid = self._seat(entry.name), entry.paid
            try:
                if entry.kind == SMALL_AND_BIG:
                    dead = min(paid, small) if entry.all_in else max(paid - big, 0)
                    if dead or entry.all_in:
                        posts.append(Post(seat, PostKind.DEAD_BLIND, small if entry.all_in else dead))
                    posts.append(Post(seat, PostKind.LIVE_BLIND, big if entry.all_in else paid - dead))
                    self.ledger.post(seat, paid, paid - dead)
                    continue
                if entry.kind == BIG_BLIND:
                    kind, due = (PostKind.BIG_BLIND if seat == the_big else PostKind.LIVE_BLIND), big
                elif entry.kind == SMALL_BLIND:
                    alone = seat == smalls[0] and smalls.count(seat) == 1
                    kind, due = (PostKind.SMALL_BLIND if alone else PostKind.DEAD_BLIND), small
                elif entry.kind in _KINDS:
                    kind = _KINDS[entry.kind]
                    due = ante if kind == PostKind.ANTE else 0
                else:
                    self.fail(f"unknown forced bet {quote(entry.kind)}")
                posts.append(self.ledger.forced(seat, kind, paid, due, entry.all_in))
            except LedgerError as error:
                self.fail(str(error))
        return posts, (small, big), ante

    def _walk(self) -> tuple[list[tuple[int, Action]], list[RecordedShow],
                             list[tuple[int | None, int, int]]]:
        """The betting actions through the ledger (amounts checked against the stacks), the showdown, and what
        each player collected, in the log's order."""
        ledger = self.ledger
        actions: list[tuple[int, Action]] = []
        reveals: list[RecordedShow] = []
        collected: list[tuple[int | None, int, int]] = []
        try:
            for event in self.facts.events:
                self.line = event.line
                if isinstance(event, Street):
                    ledger.end_round()
                elif isinstance(event, Acted):
                    seat = self._seat(event.name)
                    actions.append((seat, ledger.act(seat, event.verb, event.amount, event.convention)))
                elif isinstance(event, Returned):
                    ledger.returned(self._seat(event.name), event.chips)
                elif isinstance(event, Collected):
                    collected.append((event.pot, self._seat(event.name), event.chips))
                elif isinstance(event, Cards):
                    self._learn(self._seat(event.name), event.cards)
                elif isinstance(event, Revealed):
                    seat = self._seat(event.name)
                    shown = event.whole and len(self.hole[seat]) == self.game.hole_cards
                    reveals.append(RecordedShow(seat, tuple(self.hole[seat]) if shown else None))
        except LedgerError as error:  # said at the line being walked
            self.fail(str(error))
        self.line = None
        ledger.settle()
        return actions, reveals, collected

    def _learn(self, seat: int, cards: tuple[Card, ...]) -> None:
        known = self.hole[seat]
        for card in cards:
            if card not in known:
                if len(known) >= self.game.hole_cards:
                    self.fail(f"{self.ledger.names[seat]} is shown with {card}, which is not among their cards "
                              f"{format_cards(known)}")
                known.append(card)

    def _less_returned(self, collected: list[tuple[int | None, int, int]]) -> tuple[
            list[tuple[int | None, int, int]], list[int]]:
        """The collections without the bets returned uncalled that the log counts in them (PartyPoker's "wins"):
        taken off the player's last pot first, where the site writes an excess nobody called as a side pot of
        its own ("wins $1.87 from the side pot 1"); a share left at nothing is dropped."""
        left = list(self.ledger.returned_to)
        pots = [-1 if pot is None else pot for pot, _, _ in collected]
        order = sorted(range(len(collected)), key=lambda i: pots[i], reverse=True)
        amounts = [chips for _, _, chips in collected]
        for i in order:
            seat = collected[i][1]
            cut = min(left[seat], amounts[i])
            amounts[i] -= cut
            left[seat] -= cut
        short = next((seat for seat, chips in enumerate(left) if chips), None)
        if short is not None:
            returned = self.ledger.returned_to[short]
            self.fail(f"{self.ledger.names[short]} is said to win less than the {self.units(returned)} of their "
                      "bet returned uncalled, which this site counts in what a player wins")
        kept = [(pot, seat, chips) for (pot, seat, _), chips in zip(collected, amounts, strict=True) if chips]
        won_by_seat = [0] * len(self.ledger.stacks)
        for _, seat, chips in kept:
            won_by_seat[seat] += chips
        return kept, won_by_seat

    def _take_unsaid(self, won_by_seat: Sequence[int]) -> int:
        """The rake of a log that never states it (PartyPoker's hands have no summary): what the players put in,
        uncalled bets returned, less what they collected."""
        take = sum(self.ledger.contributed) - sum(won_by_seat)
        if take < 0:
            self.fail(f"the players collect {self.units(sum(won_by_seat))} but put in only "
                      f"{self.units(sum(self.ledger.contributed))} (uncalled bets returned)")
        return take

    def _rules(self, blinds: tuple[int, int], ante: int, take: int) -> Rules:
        game = self.game
        betting = (FixedLimit(game.stakes[0], game.stakes[1]) if game.limit == FIXED
                   else PotLimit() if game.limit == POT else NoLimit())
        try:
            return Rules(betting=betting, blinds=blinds, ante=ante, hole_cards=game.hole_cards, hi_lo=game.hi_lo,
                         rake=Rake.exactly(take) if take else None, showdown=ShowdownPolicy.RECORDED)
        except EngineError as error:
            self.fail(f"impossible rules: {error}")

