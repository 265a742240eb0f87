"""The one place a parsed hand's betting is turned into the engine's terms, whatever the format.

A format's parser reads the site's own words; the `Ledger` applies them through the engine's rules, so no
parser keeps a bet level of its own:

- **Amount conventions.** Sites write an amount as what the action adds ("calls 2", OHH's every amount) or
  as the bet's new total this round ("raises 2 to 4", PHH's ``cbr``); `Ledger.act` takes either (``ADDS`` or
  ``TOTALS``), or none for a call whose size the rules decide (PHH's ``cc``: the call to the level, or all
  in for less), and answers the engine's action: `Bet` or `Raise` (to the total) by whether anyone has bet
  this round, `Call` or `Check` by whether there is anything to call. An ``ALL_IN`` line (PartyPoker's "is
  all-In [$3]", Bovada's "All-in $3": the site does not say whether it calls or raises) is a `Call` when it
  reaches no further than the bet to call, else a bet or raise.
- **Stated amounts checked**: a call's amount must be the call (or all the player has left, all in for
  less), and a raise's stated increment ("raises X to Y") the raise over the bet faced (RAISES) or what it
  adds (ADDS), by the site's convention; a line that says otherwise is refused, both amounts in its units.
- **Uncalled bets** go back at the end of each betting round (`end_round`) whether or not the log prints
  them; a log that does print one (`returned`) must name the player and the amount the bets leave uncalled.
- **What each seat put in** (``contributed``), for the pots, the summary's total and the finishing stacks,
  and what went back to it uncalled (``returned_to``), for sites whose "wins" count that in.
- **The summary checked**: what a summary says a player won (`check_summary_won`) must be what the log's own
  lines say the player collected; `replay` then checks those against what the engine pays.

The card checks ("a card dealt twice", hole cards per seat) live in `HandRecord`, which checks itself when it
is built. Errors are `LedgerError`s without a place: the parser that called says which hand and line.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from engine.actions import Action, Bet, Call, Check, Fold, Raise
from engine.errors import HistoryError
from engine.rules import Post, PostKind

ADDS, TOTALS = "adds", "totals"
RAISES = "raises"  # a raise's stated increment is its total less the bet faced ("raises $300 to $900")
RAISES_OR_ADDS = "raises or adds"  # either, where the site's own logs are not known to say which (Absolute)
FOLD, CHECK, CALL, WAGER, CHECK_OR_CALL, ALL_IN = "fold", "check", "call", "wager", "check or call", "all in"


class LedgerError(HistoryError):
    """A betting line the bets and stacks do not allow; the message has no place (the parser adds it)."""


class Ledger:
    """Each seat's bet this round and chips put in this hand, as the actions are applied in order."""

    __slots__ = ("bets", "contributed", "level", "names", "returned_to", "stacks", "units")

    def __init__(
        self, stacks: Sequence[int], names: Sequence[str], units: Callable[[int], str] = lambda chips: f"{chips} chips"
    ) -> None:
        """``units`` writes chips as the log does, for the complaints ("$0.25")."""
        self.stacks, self.names, self.units = tuple(stacks), tuple(names), units
        self.bets = [0] * len(stacks)
        self.contributed = [0] * len(stacks)
        self.returned_to = [0] * len(stacks)
        self.level = 0

    def left(self, seat: int) -> int:
        """The chips ``seat`` still has behind: what it may still put in this hand."""
        return self.stacks[seat] - self.contributed[seat]

    def post(self, seat: int, paid: int, live: int) -> None:
        """A forced bet: ``paid`` chips go in, ``live`` of them count toward the seat's bet (an ante or a dead
        blind counts for nothing)."""
        if paid > self.left(seat):
            raise LedgerError(f"{self.names[seat]} posts {paid} chips but has only {self.left(seat)}")
        self.contributed[seat] += paid
        self.bets[seat] += live
        self.level = max(self.level, self.bets[seat])

    def forced(self, seat: int, kind: PostKind, paid: int, due: int, all_in: bool) -> Post:
        """A blind, straddle or ante as a site writes it: ``paid`` chips go in (an ante or a dead blind counts
        toward nobody's bet); the post is recorded at the amount ``due`` when the player went all in short of
        it, as the engine posts it (all in for less)."""
        post = Post(seat, kind, max(due, paid) if all_in else paid)
        self.post(seat, paid, paid if post.live else 0)
        if post.live and kind != PostKind.SMALL_BLIND:  # a short blind still sets the bet to call, as the engine
            self.level = max(self.level, post.amount)  # sets it (a call the rules size goes to it)
        return post

    def act(
        self,
        seat: int,
        verb: str,
        amount: int | None = None,
        convention: str = ADDS,
        by: int | None = None,
        by_convention: str = RAISES,
    ) -> Action:
        """The engine's action for a betting line: ``verb`` is FOLD, CHECK, CALL, WAGER (a bet or a raise) or
        CHECK_OR_CALL, or ALL_IN (a call or a raise by its amount); ``amount`` as the site writes it, by
        ``convention``; ``by`` the increment a raise states beside its total, by ``by_convention`` (RAISES:
        over the bet faced; ADDS: over the player's own bet). A stated call or increment the bets do not
        give is refused."""
        name = self.names[seat]
        if verb in (FOLD, CHECK):
            if amount:
                raise LedgerError(f"{name} {verb}s, which puts in nothing, not {amount} chips")
            return Fold() if verb == FOLD else Check()
        if amount is None:
            if verb != CHECK_OR_CALL and verb != CALL:
                raise LedgerError(f"{name}'s {verb} needs an amount")
            added = min(self.level - self.bets[seat], self.left(seat))
            if added <= 0:
                return Check()
            self._put(seat, added)
            return Call()
        to = self.bets[seat] + amount if convention == ADDS else amount
        if verb == CALL:
            self._check_call(seat, amount, convention)
        if by is not None:
            self._check_increment(seat, by, to, by_convention)
        added = to - self.bets[seat]
        if added <= 0:
            raise LedgerError(f"{name} {verb}s {amount} chips, which adds nothing to their bet of {self.bets[seat]}")
        if added > self.left(seat):
            raise LedgerError(f"{name} puts in {added} chips but has only {self.left(seat)} left")
        opened, level = self.level > 0, self.level
        self._put(seat, added)
        if verb in (CALL, CHECK_OR_CALL) or (verb == ALL_IN and to <= level):
            return Call()
        return Raise(to) if opened else Bet(to)

    def _check_call(self, seat: int, amount: int, convention: str) -> None:
        """A call's stated amount must be what the bets make it: the bet faced less the player's own, or all
        they have left when that is less (all in for less); as written, an addition or the round's total."""
        due = min(self.level - self.bets[seat], self.left(seat))
        expected = due if convention == ADDS else self.bets[seat] + due
        if amount != expected:
            short = " (all they have left)" if due < self.level - self.bets[seat] else ""
            raise LedgerError(
                f"{self.names[seat]} calls {self.units(amount)}, but the call is {self.units(expected)}{short}"
            )

    def _check_increment(self, seat: int, by: int, to: int, by_convention: str) -> None:
        """A raise's stated increment ("raises X to Y") must be its total less the bet faced (RAISES), or less
        the player's own bet, what it adds (ADDS), as the site writes it (either: RAISES_OR_ADDS)."""
        name, units = self.names[seat], self.units
        bases = [("the bet faced", self.level)] if by_convention != ADDS else []
        if by_convention != RAISES:
            bases.append((f"{name}'s own bet", self.bets[seat]))
        if all(by != to - base for _, base in bases):
            said = " and ".join(f"{what} is {units(base)}" for what, base in bases)
            increments = " or ".join(units(to - base) for _, base in bases)
            raise LedgerError(
                f"{name} raises {units(by)} to {units(to)}, but {said}: a raise to {units(to)} is by {increments}"
            )

    def check_total(
        self, stated: int, said: str, units: Callable[[int], str] = str, *, with_returned: bool = False, less: int = 0
    ) -> None:
        """The pot a log states (``said``: "the summary's total pot is", "the pots hold") must be what the
        players put in, uncalled bets returned (or, ``with_returned``, still in: a log that never returns
        them, as Winamax's), less what the house took when the log states the total after it (``less``)."""
        put_in = sum(self.contributed) + (sum(self.returned_to) if with_returned else 0)
        if stated != put_in - less:
            took = f", less the {units(less)} the house took" if less else ""
            raise LedgerError(
                f"{said} {units(stated)} but the players put in {units(put_in)} (uncalled bets "
                f"{'included' if with_returned else 'returned'}){took}"
            )

    def finishing(self, collected: Sequence[int]) -> tuple[int, ...]:
        """Each seat's stack after the hand, by the log's own amounts: what it had, less what it put in, plus
        what it ``collected``."""
        return tuple(
            stack - paid + won for stack, paid, won in zip(self.stacks, self.contributed, collected, strict=True)
        )

    def _put(self, seat: int, added: int) -> None:
        self.bets[seat] += added
        self.contributed[seat] += added
        self.level = max(self.level, self.bets[seat])

    def returned(self, seat: int, chips: int) -> None:
        """A log's own "uncalled bet returned" line: it must be what the bets leave unmatched, to that seat."""
        top, excess = self._uncalled()
        if top != seat or excess != chips:
            who = self.names[top] if top is not None else "nobody"
            raise LedgerError(
                f"the bets leave {self.units(excess)} uncalled for {who}, not {self.units(chips)} for "
                f"{self.names[seat]}"
            )
        self._give_back(seat, chips)

    def end_round(self) -> None:
        """The round's unmatched top bet goes back to its player (logs of 2005-2008 and OHH never say so), and
        the next round starts from nothing."""
        self.settle()
        self.bets = [0] * len(self.bets)
        self.level = 0

    def settle(self) -> None:
        """The unmatched part of the top bet goes back, as the engine returns it (the hand's end too)."""
        top, excess = self._uncalled()
        if top is not None and excess:
            self._give_back(top, excess)

    def _uncalled(self) -> tuple[int | None, int]:
        """The seat whose bet nobody matched, and by how much; (None, 0) when two seats share the top bet."""
        top_seat, top, second = None, 0, 0
        for seat, bet in enumerate(self.bets):
            if bet > top:
                top_seat, top, second = seat, bet, top
            elif bet > second:
                second = bet
        return (top_seat, top - second) if top > second else (None, 0)

    def _give_back(self, seat: int, chips: int) -> None:
        self.bets[seat] -= chips
        self.contributed[seat] -= chips
        self.returned_to[seat] += chips
        self.level = max(self.bets)


def check_summary_won(name: str, stated: int, collected: int, units: Callable[[int], str] = str) -> None:
    """A summary's "won (X)" or "collected (X)" for a player (all of them added; nothing said is 0) must be
    the chips the log says the player collected from the pots; ``units`` writes chips as the log does."""
    if stated != collected:
        raise LedgerError(f"the summary says {name} won {units(stated)}, but {name} collected {units(collected)}")
