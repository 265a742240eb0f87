"""The one builder: a hand's facts (`engine.history.facts`), whatever site wrote them, into a `HandRecord`
through the `Ledger` and the engine's rules. A format's parser only reads text into facts; every rule that
turns those facts into the engine's terms is here, once:

- who is dealt in (a seat with chips that the format says is dealt in, or that posts, acts, is dealt cards,
  or is named in the summary), the seats in the order of the site's numbers, the button (the nearest player
  before an empty button seat);
- the forced bets: the big blind is the one posted first clockwise after the small blind, any other a new
  player's live blind; "small & big blinds", and a dead or extra blind of both, is a dead small and a live
  big; an extra blind below the big blind is dead; blinds by position (PHH) are the small and big blind (the
  larger of the first two), then straddles above the bet and live blinds at or below it; a short all-in post
  is recorded at the amount due; the rules' blinds and ante are those stated, else those posted (a fixed-limit
  game's stakes are its bets, and a game whose header names no blinds, as PartyPoker's "$10 USD PL" names
  the buy-in, has only its posts), else, unless the posts are every blind the game has (PHH, OHH), the
  stakes' own;
- the hole cards: dealt, shown or learned in any order, unknown ones filled by the cards shown later; a game
  that does not say how many it deals deals as many as the players were dealt (4, or 5 in Big O);
- the betting through the ledger, uncalled bets returned whether or not the log says so; a log that writes
  no street lines (some Bovada files) ends each round when its betting closes; where the log's
  "wins" count in the winner's own bet nobody called (PartyPoker), that bet is taken off them, from the
  last pot first;
- the summary checked against the log's own lines, in the log's units: the board it repeats, each player's
  "won" against what they collected (a log that prints no "collected" line at all, as ACR's hands won
  without a showdown, has its summary's "won" taken as the collections), the total pot against what the
  players put in (Winamax states it after the rake and with the bets returned uncalled still in); a log
  that states no rake (PartyPoker) has as its rake what the players put in less what they collected; stacks
  written after the blinds and antes went in (Merge's tournaments) get them back; the finishing stacks are
  those stated (PHH), else those the log's own amounts imply.
  `replay` then checks the collected chips and the rake against what the engine pays, pot by pot.

A refusal is a `HistoryError` naming the source, the hand and the line at fault.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from decimal import Decimal
from typing import NoReturn

import attrs

from engine.actions import Action
from engine.betting import BettingStructure, FixedLimit, NoLimit, PotLimit
from engine.cards import Card, format_cards
from engine.errors import EngineError, HistoryError, OtherGame
from engine.history.builder import FOLD, Ledger, LedgerError, check_summary_won
from engine.history.facts import (
    ANTE,
    BIG_BLIND,
    BLIND,
    DEAD_BLIND,
    DUE,
    EXTRA_BLIND,
    FIXED,
    NO,
    POT,
    SMALL_AND_BIG,
    SMALL_BLIND,
    STRADDLE,
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

_KINDS = {ANTE: PostKind.ANTE, STRADDLE: PostKind.STRADDLE, DEAD_BLIND: PostKind.DEAD_BLIND}
_LIVE = "live blind"  # a blind by position at or below the bet (PHH), or an extra blind at the big blind (OHH)


def place(source: str, hand: str, line: Line | None, where: str = "", word: str = "line") -> str:
    """The start of every message about a hand: "file: hand #N, line 12 'text': " (or the format's own
    ``where``, "day5.phhs [2], hand 12: action 3 'p1 cc': ")."""
    head = where or f"{source or '<text>'}: hand #{hand}"
    if line is not None:
        head += (": " if where else ", ") + f"{word} {line[0]} {quote(line[1])}"
    return head + ": "


def another_game(source: str, hand: str, line: Line | None, game: str, known: str) -> OtherGame:
    """The refusal of a hand of another game (``game``, as the history names it), where a reader says which
    games it knows (``known``)."""
    return OtherGame(
        place(source, hand, line) + f"not an Omaha hand: this reader knows {known}",
        game=game,
        source=source,
        hand_id=hand,
    )


def units_of(game: Game) -> Callable[[int], str]:
    """Chips as the log writes them: money with cents ('$46', '$4.78' at scale 100), other amounts as plain
    decimals ('4.9')."""

    def units(chips: int) -> str:
        if game.scale == 1:
            text = str(chips)
        elif game.symbol:
            text = f"{Decimal(chips) / game.scale:.2f}".removesuffix(".00")
        else:
            text = str(Decimal(chips) / game.scale)
        return text + game.symbol if game.symbol_after else game.symbol + text

    return units


def _card_text(cards: Sequence[Card | None]) -> str:
    return "".join(str(card) if card is not None else "??" for card in cards)


MAX_RAKE_PERCENT = 10  # no card room rakes more of a pot; a log that never states its rake and leaves more
# of the pot unclaimed is missing a winner's line (a file cut short between two "wins" lines)


_UNCAPPED: dict[str, type[PotLimit] | type[NoLimit]] = {POT: PotLimit, NO: NoLimit}


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
        raise HistoryError(
            place(facts.source, facts.id, line if line is not None else self.line, facts.where, facts.line_word)
            + message,
            source=facts.source,
            hand_id=facts.id,
        )

    def record(self) -> HandRecord:
        facts = self.facts
        dealt = self._dealt()
        index = {seat.name: i for i, seat in enumerate(dealt)}
        self.index = index
        button = self._button([seat.label for seat in dealt])
        self.ledger = Ledger([seat.stack for seat in dealt], [seat.name for seat in dealt], self.units)
        self.hole: list[list[Card | None]] = [[] for _ in dealt]
        self.dealt_cards: list[int | None] = [None] * len(dealt)  # how many the log says each seat was dealt
        posts, blinds, ante = self._posts(button)
        actions, shows, collected_lines = self._walk()
        self.line = None
        hole_cards = self._hole_cards()
        summary = facts.summary
        if summary.board is not None and summary.board != facts.board:
            self.fail(
                f"the summary's board {format_cards(summary.board)!r} is not the board dealt "
                f"{format_cards(facts.board)!r}"
            )
        labels = {seat.label: i for i, seat in enumerate(dealt)}
        collected: list[tuple[int | None, int, int]] | None = collected_lines
        if not collected_lines:  # a log that says who won only in its summary (ACR's hands won without a
            # showdown, PHH's winnings), or nowhere (a PHH file without winnings)
            collected = (
                None
                if summary.won is None
                else [(None, labels[won.label], won.chips) for won in summary.won if won.chips and won.label in labels]
            )
        won_by_seat = [0] * len(dealt)
        for _, seat, chips in collected or ():
            won_by_seat[seat] += chips
        for won in summary.won or ():
            if won.label in labels:
                seat = labels[won.label]
                self._checked(
                    check_summary_won, dealt[seat].name, won.chips, won_by_seat[seat], self.units, line=won.line
                )
        if facts.won_includes_returned and collected is not None:
            collected, won_by_seat = self._less_returned(collected)
        if summary.total is not None:
            after = (summary.take or 0) if summary.total_after_take else 0
            self._checked(
                self.ledger.check_total,
                summary.total,
                summary.total_said,
                self.units,
                with_returned=summary.total_with_returned,
                less=after,
                line=summary.total_line,
            )
        take = summary.take
        if take is None and collected is not None and summary.derive_take:  # a log that never states its rake
            take = self._take_unsaid(won_by_seat)
        rules = self._rules(blinds, ante, hole_cards, take, _big_blind_ante(posts))
        hole = tuple(tuple(cards) + (None,) * (hole_cards - len(cards)) for cards in self.hole)
        reveals = tuple(RecordedShow(seat, self._shown(seat, shown, hole_cards)) for seat, shown in shows)
        fields = list(facts.fields)
        if summary.jackpot and take:
            fields.append(("jackpot", min(summary.jackpot, take)))
        if dealt[button].label != facts.button_label:
            fields.append(("button_seat", facts.button_label))
        if facts.hero is not None and facts.hero in index and all(key != "hero" for key, _ in fields):
            hero = dealt[index[facts.hero]]
            fields.append(("hero", hero.name if hero.player is None else hero.player))
        numbers = tuple(seat.number for seat in dealt if seat.number is not None)
        try:
            return HandRecord(
                facts.source,
                facts.id,
                rules,
                tuple(s.name if s.player is None else s.player for s in dealt),
                tuple(s.stack for s in dealt),
                button,
                tuple(posts),
                hole,
                facts.board,
                tuple(actions),
                reveals,
                finishing_stacks=self._finishing(dealt, collected, won_by_seat),
                collected=tuple(collected) if collected is not None else None,
                rake=take,
                scale=self.game.scale,
                seat_labels=numbers if len(numbers) == len(dealt) else None,
                fields=tuple(fields),
            )
        except ImpossibleRecord as error:
            self.fail(error.problem)

    def _checked(self, check: Callable[..., None], *args: object, line: Line | None, **options: object) -> None:
        try:
            check(*args, **options)
        except LedgerError as error:
            self.fail(str(error), line)

    def _dealt(self) -> list[Seat]:
        """The players dealt in, in the order of their seat numbers: a seat with chips that the format says is
        dealt in, or that the hand involves."""
        named = {event.name for event in self.facts.events if not isinstance(event, (Street, Returned))}
        labels = self.facts.summary.labels
        seats = list(self.facts.seats)
        if self.facts.stacks_after_posts:  # the stacks were written once the blinds and antes had gone in
            posted: dict[str, int] = {}
            for event in self.facts.events:
                if isinstance(event, Posted):
                    posted[event.name] = posted.get(event.name, 0) + event.paid
            seats = [attrs.evolve(seat, stack=seat.stack + posted.get(seat.name, 0)) for seat in seats]
        broke = next((s for s in seats if s.stack <= 0 and s.name in named), None)
        if broke is not None:
            self.fail(f"{broke.name} takes part in the hand but has no chips")
        dealt = sorted(
            (s for s in seats if s.stack > 0 and (s.dealt or s.name in named or s.label in labels)),
            key=lambda s: s.label,
        )
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

    def _by_position(self, entries: list[Posted], button: int) -> list[tuple[Posted, str]]:
        """Each forced bet with its kind; blinds by position (PHH) become the small and the big blind (the
        larger of the first two positions, the second on a tie; the first posted when both are empty), then a
        straddle for each later one above the bet so far and a live blind for one at or below it. Positions
        run clockwise from the small blind's seat (heads-up the button's), and the blinds are posted in that
        order, where the first of them stands."""
        blinds = [entry for entry in entries if entry.kind == BLIND]
        if not blinds:
            return [(entry, entry.kind) for entry in entries]
        n = len(self.index)
        start = button if n == 2 else (button + 1) % n
        position = {id(entry): (self._seat(entry.name) - start) % n for entry in blinds}
        blinds.sort(key=lambda entry: position[id(entry)])
        first = [sum(e.paid for e in blinds if position[id(e)] == p) for p in (0, 1)]
        if max(first) > 0:
            big = 1 if first[1] >= first[0] else 0
        else:
            big = position[id(next(e for e in blinds if e.paid > 0))] if any(e.paid for e in blinds) else -1
        level = next((e.paid for e in blinds if position[id(e)] == big), 0)
        kinds: dict[int, str] = {}
        for entry in blinds:
            at = position[id(entry)]
            if at < big:
                kinds[id(entry)] = SMALL_BLIND
            elif at == big:
                kinds[id(entry)] = BIG_BLIND
            elif entry.paid > level:
                kinds[id(entry)], level = STRADDLE, entry.paid
            else:
                kinds[id(entry)] = _LIVE
        out: list[tuple[Posted, str]] = []
        for entry in entries:
            if entry.kind != BLIND:
                out.append((entry, entry.kind))
            elif entry is next(e for e in entries if e.kind == BLIND):
                out += [(blind, kinds[id(blind)]) for blind in blinds]
        return out

    def _posts(self, button: int) -> tuple[list[Post], tuple[int, ...], int]:
        """The forced bets, each with the amount due (a short all-in post still sets the full blind), and the
        blinds and ante of the rules."""
        entries = _blind_before_ante(
            self._by_position([event for event in self.facts.events if isinstance(event, Posted)], button)
        )
        game = self.game

        def posted(kind: str) -> int | None:
            return next((p.paid for p, k in entries if k == kind and (p.convention == DUE or not p.all_in)), None)

        def stated(which: int) -> int | None:
            if game.blinds[which] is not None:
                return game.blinds[which]
            if game.limit == FIXED or game.posted_blinds or game.stakes is None:
                return None
            return game.stakes[which]  # the header's stakes are the blinds

        big = stated(1)
        big = posted(BIG_BLIND) if big is None else big
        if big is None and not game.all_blinds_posted:  # nobody posts it in full: the stakes' own
            if game.limit != FIXED or game.stakes is None:
                self.fail("nobody posts the big blind in full, and the header names no blinds")
            big = game.stakes[0]
        big = big or 0
        small = stated(0)
        small = posted(SMALL_BLIND) if small is None else small
        if small is None and not game.all_blinds_posted:
            small = game.stakes[0] // 2 if game.limit == FIXED and game.stakes is not None else big // 2
        blinds = (small, big) if small and small <= big else (big,)
        small = small or 0
        # The ante as stated, else the largest posted in full, else (every ante short: a big blind's ante
        # posted with its last chips) the largest posted at all.
        antes_paid = [(p.paid, p.convention == DUE or not p.all_in) for p, k in entries if k == ANTE]
        ante = (
            game.ante
            if game.ante is not None
            else max(
                (paid for paid, full in antes_paid if full), default=max((paid for paid, _ in antes_paid), default=0)
            )
        )
        n = len(self.index)
        smalls = [self._seat(p.name) for p, k in entries if k == SMALL_BLIND]
        anchor = smalls[0] if smalls else button
        bigs = [self._seat(p.name) for p, k in entries if k == BIG_BLIND]
        the_big = min(bigs, key=lambda seat: (seat - anchor - 1) % n) if bigs else None
        posts: list[Post] = []
        for entry, kind in entries:
            self.line = entry.line
            seat, paid, all_in = self._seat(entry.name), entry.paid, entry.all_in
            stated_due = None
            if entry.convention == DUE:  # the forced bet as set: the stack pays what it can
                stated_due, left = paid, self.ledger.left(seat)
                paid = min(paid, left)
                all_in = paid == left
            try:
                if kind == SMALL_AND_BIG or (
                    kind in (DEAD_BLIND, EXTRA_BLIND) and small and not all_in and paid == small + big
                ):
                    dead = min(paid, small) if all_in else max(paid - big, 0)
                    if dead or all_in:
                        posts.append(Post(seat, PostKind.DEAD_BLIND, small if all_in else dead))
                    posts.append(Post(seat, PostKind.LIVE_BLIND, big if all_in else paid - dead))
                    self.ledger.post(seat, paid, paid - dead)
                    continue
                if kind == EXTRA_BLIND:
                    kind = DEAD_BLIND if paid < big and not all_in else _LIVE
                if kind == BIG_BLIND:
                    post_kind, due = (PostKind.BIG_BLIND if seat == the_big else PostKind.LIVE_BLIND), big
                elif kind == _LIVE:
                    post_kind, due = PostKind.LIVE_BLIND, big
                elif kind == SMALL_BLIND:
                    alone = seat == smalls[0] and smalls.count(seat) == 1
                    post_kind, due = (PostKind.SMALL_BLIND if alone else PostKind.DEAD_BLIND), small
                elif kind in _KINDS:
                    post_kind = _KINDS[kind]
                    due = ante if post_kind == PostKind.ANTE else 0
                else:
                    self.fail(f"unknown forced bet {quote(kind)}")
                posts.append(
                    self.ledger.forced(seat, post_kind, paid, due if stated_due is None else stated_due, all_in)
                )
            except LedgerError as error:
                self.fail(str(error))
        return posts, blinds, ante

    def _walk(self) -> tuple[list[tuple[int, Action]], list[tuple[int, int]], list[tuple[int | None, int, int]]]:
        """The betting actions through the ledger (amounts checked against the stacks), the cards each player
        is seen with, the showdown's shows and mucks (seat, cards shown), and what each player collected, in
        the log's order."""
        ledger = self.ledger
        actions: list[tuple[int, Action]] = []
        shows: list[tuple[int, int]] = []
        collected: list[tuple[int | None, int, int]] = []
        began = False
        unmarked = self.facts.streets_unmarked
        folded: set[int] = set()
        acted: set[int] = set()  # seats that acted since the last bet or raise (logs without street lines)
        try:
            for event in self.facts.events:
                self.line = event.line
                if isinstance(event, Street):
                    ledger.end_round()
                    began = True
                elif isinstance(event, Acted):
                    seat = self._seat(event.name)
                    if unmarked and acted and self._round_closed(folded, acted):
                        ledger.end_round()
                        acted = set()
                    level = ledger.level
                    actions.append(
                        (
                            seat,
                            ledger.act(seat, event.verb, event.amount, event.convention, event.by, event.by_convention),
                        )
                    )
                    if event.verb == FOLD:
                        folded.add(seat)
                    acted = {seat} if ledger.level > level else acted | {seat}
                    began = True
                elif isinstance(event, Returned):
                    ledger.returned(self._seat(event.name), event.chips)
                elif isinstance(event, Collected):
                    collected.append((event.pot, self._seat(event.name), event.chips))
                elif isinstance(event, Cards):
                    seat = self._seat(event.name)
                    if event.dealt:
                        if began:
                            self.fail("hole cards dealt after the betting began (Omaha has no draws)")
                        self.hole[seat] += event.cards
                        self.dealt_cards[seat] = len(self.hole[seat])
                    else:
                        self._learn(seat, event.cards)
                elif isinstance(event, Revealed):
                    seat = self._seat(event.name)
                    if any(shown == seat for shown, _ in shows):
                        self.fail(f"{event.name} already showed or mucked")
                    shows.append((seat, event.shown))
        except LedgerError as error:  # said at the line being walked
            self.fail(str(error))
        self.line = None
        ledger.settle()
        return actions, shows, collected

    def _round_closed(self, folded: set[int], acted: set[int]) -> bool:
        """Whether the betting round is over, for a log that writes no street lines: every player who can still
        bet has acted since the last bet or raise and matched it (or is the only one left who can bet)."""
        ledger = self.ledger
        live = [seat for seat in range(len(ledger.stacks)) if seat not in folded and ledger.left(seat) > 0]
        if any(ledger.bets[seat] < ledger.level for seat in live):
            return False
        return len(live) <= 1 or all(seat in acted for seat in live)

    def _learn(self, seat: int, cards: Sequence[Card | None]) -> None:
        """Cards a player is seen with: each one not yet known takes the first unknown card dealt, or joins
        the cards known (up to what the game deals)."""
        known = self.hole[seat]
        most = self.game.hole_cards or 5
        for card in cards:
            if card is None or card in known:
                continue
            if None in known:
                known[known.index(None)] = card
            elif len(known) < most and self.dealt_cards[seat] is None:
                known.append(card)
            else:
                self.fail(f"{self.ledger.names[seat]} shows {_card_text(cards)} but was dealt {_card_text(known)}")

    def _hole_cards(self) -> int:
        """The hole cards the game deals: as the game says, else as many as the players were dealt (all the
        same, 4 or 5), else 5 when a player is seen with five, else 4."""
        if self.game.hole_cards is not None:
            return self.game.hole_cards
        counts = {count for count in self.dealt_cards if count is not None}
        if counts:
            if len(counts) > 1 or not counts <= {4, 5}:
                self.fail(
                    f"players are dealt {' and '.join(map(str, sorted(counts)))} hole cards; Omaha deals 4 "
                    "to each (5 in Big O)"
                )
            return counts.pop()
        return 5 if any(len(cards) == 5 for cards in self.hole) else 4

    def _shown(self, seat: int, shown: int, hole_cards: int) -> tuple[Card, ...] | None:
        """A show of every hole card, all of them known, shows them; any other show is a muck."""
        cards = self.hole[seat]
        if shown != hole_cards or len(cards) != hole_cards or None in cards:
            return None
        return tuple(card for card in cards if card is not None)

    def _finishing(
        self, dealt: Sequence[Seat], collected: Sequence[object] | None, won_by_seat: Sequence[int]
    ) -> tuple[int, ...] | None:
        """The stacks after the hand: as the log states them (PHH), else as its own amounts imply (none when
        the log says nothing of who won)."""
        stated = [seat.finishing for seat in dealt]
        if any(stack is not None for stack in stated):
            return tuple(stack if stack is not None else 0 for stack in stated)
        return self.ledger.finishing(won_by_seat) if collected is not None else None

    def _less_returned(
        self, collected: list[tuple[int | None, int, int]]
    ) -> tuple[list[tuple[int | None, int, int]], list[int]]:
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
            self.fail(
                f"{self.ledger.names[short]} is said to win less than the {self.units(returned)} of their "
                "bet returned uncalled, which this site counts in what a player wins"
            )
        kept = [(pot, seat, chips) for (pot, seat, _), chips in zip(collected, amounts, strict=True) if chips]
        won_by_seat = [0] * len(self.ledger.stacks)
        for _, seat, chips in kept:
            won_by_seat[seat] += chips
        return kept, won_by_seat

    def _take_unsaid(self, won_by_seat: Sequence[int]) -> int:
        """The rake of a log that never states it (PartyPoker's hands have no summary): what the players put in,
        uncalled bets returned, less what they collected."""
        put_in = sum(self.ledger.contributed)
        take = put_in - sum(won_by_seat)
        if take > -(-put_in * MAX_RAKE_PERCENT // 100):  # rounded up: a cent raked from a 15-cent pot is a rake
            self.fail(
                f"the lines saying who won account for {self.units(sum(won_by_seat))} of the "
                f"{self.units(put_in)} pot: the {self.units(take)} left is more than a rake ({MAX_RAKE_PERCENT}% at "
                "most), so lines saying who won the rest are missing (the hand is cut short?)"
            )
        if take < 0:
            self.fail(
                f"the players collect {self.units(sum(won_by_seat))} but put in only "
                f"{self.units(sum(self.ledger.contributed))} (uncalled bets returned)"
            )
        return take

    def _rules(
        self, blinds: tuple[int, ...], ante: int, hole_cards: int, take: int | None, big_blind_ante: bool
    ) -> Rules:
        game = self.game
        betting: BettingStructure
        if game.limit == FIXED:
            if game.stakes is None and not blinds[-1]:
                self.fail("a fixed-limit game that states no bets needs a big blind: its small bet is the big blind")
            small_bet, big_bet = game.stakes or (blinds[-1], 2 * blinds[-1])
            betting = FixedLimit(small_bet, big_bet, game.max_raises, game.uncapped_heads_up)
        elif game.limit in _UNCAPPED:
            betting = _UNCAPPED[game.limit]()
        else:
            self.fail(f"unknown betting limit {game.limit!r}: a reader gives {FIXED!r}, {POT!r} or {NO!r}")
        try:
            return Rules(
                betting=betting,
                blinds=blinds,
                ante=ante,
                hole_cards=hole_cards,
                hi_lo=game.hi_lo,
                rake=Rake.exactly(take) if take else None,
                showdown=ShowdownPolicy.RECORDED,
                big_blind_ante=big_blind_ante,
            )
        except EngineError as error:
            self.fail(f"impossible rules: {error}")


def _big_blind_ante(posts: Sequence[Post]) -> bool:
    """Whether the hand's antes are a big-blind ante: one ante, posted by the seat that posts the big blind (an
    ante from every player is never one seat's alone, since a hand has two players or more)."""
    antes = {post.seat for post in posts if post.kind == PostKind.ANTE}
    return len(antes) == 1 and any(post.kind == PostKind.BIG_BLIND and post.seat in antes for post in posts)


def _blind_before_ante(entries: list[tuple[Posted, str]]) -> list[tuple[Posted, str]]:
    """The posts in paying order: a big-blind ante (the one ante, from the seat that posts the big blind) right
    after that big blind, as the engine posts it (docs/rules.md), whatever order the format writes them in; a
    format that states amounts due (PHH's antes and blinds) then pays a short big blind's blind first."""
    antes = [entry for entry in entries if entry[1] == ANTE]
    if len({posted.name for posted, _ in antes}) != 1 or len(antes) != 1:
        return entries
    name = antes[0][0].name
    big = next((i for i, (posted, kind) in enumerate(entries) if kind == BIG_BLIND and posted.name == name), None)
    if big is None:
        return entries
    rest = [entry for entry in entries if entry is not antes[0]]
    at = rest.index(entries[big]) + 1
    return [*rest[:at], antes[0], *rest[at:]]
