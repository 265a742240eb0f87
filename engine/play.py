"""A person plays at a table of bots in the terminal: `python -m engine play`.

The person is just another bot to the match runner: `TerminalPlayer.act` prints what happened since it last
looked (from its own `SeatView`, so it shows exactly what the seat may know), shows the cards, the board, the
pots, the stacks and the legal actions with their amounts, and reads an action (``f``, ``x``, ``c``, ``b N``,
``r N`` or words, see `engine.bots.text`), asking again with an explanation until the input names a legal
action. At the end of each hand `hand_over` prints the showdown: who won the high and the low of each pot,
with which five cards. ``q`` (or the end of the input) ends the session.

Input and output are streams given to the player, so a test plays a whole session from a string.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TextIO

from engine import events as ev
from engine.actions import Action
from engine.bots.base import Bot, MatchError, StopMatch
from engine.bots.text import HELP, describe_legal, parse_action
from engine.cards import format_cards
from engine.errors import IllegalAction
from engine.match import HandSummary, MatchResult, bets_text, play_match
from engine.report import board_name, boards_text, summary_table
from engine.rules import Rules
from engine.schedule import Schedule
from engine.state import Street
from engine.validate import count_of, quote, whole
from engine.validate import name as checked_name
from engine.views import SeatView, ViewEvent

_STREETS = {Street.FLOP: "FLOP", Street.TURN: "TURN", Street.RIVER: "RIVER"}
_QUIT = ("q", "quit", "exit")


class TerminalPlayer:
    """A person at a terminal, as a bot. ``names[s]`` is the name of hand seat ``s`` (the match runner deals
    everyone in every hand, so hand seats are table seats); the person's own is shown as "You"."""

    def __init__(self, names: Sequence[str], seat: int, input: TextIO, output: TextIO) -> None:
        _check_streams(input, output)
        if not isinstance(names, (list, tuple)) or len(names) < 2:
            raise MatchError(f"names must be a list of every player's name, got {quote(names)}")
        for index, name in enumerate(names):
            checked_name(name, f"names[{index}]", error=MatchError)
        whole(seat, "seat (the person's seat)", minimum=0, maximum=len(names) - 1, error=MatchError)
        self.names = [("You" if s == seat else name) for s, name in enumerate(names)]
        self.seat = seat
        self.name = names[seat]
        self.input = input
        self.output = output
        self.hands = 0
        self._hand: object = None  # what identifies the hand being shown
        self._printed = 0  # events of it already printed
        self._boards = self._per_run = 1  # boards so far (a double board, or a board run more than once); per run

    def say(self, text: str = "") -> None:
        self.output.write(text + "\n")

    # --- the bot protocol -------------------------------------------------------------------------------------

    def act(self, view: SeatView) -> Action:
        self._catch_up(view)
        legal = view.legal
        assert legal is not None
        self.say(
            f"  board {boards_text(view.boards)} | pot {view.pot_total} | your cards "
            f"{format_cards(view.hole)} | your stack {view.stacks[view.seat]}"
            + (f" | to call {legal.call}" if legal.call else "")
        )
        self.say(
            "  stacks: "
            + ", ".join(
                f"{self.names[s]} {view.stacks[s]}" + (" (folded)" if view.folded[s] else "")
                for s in range(view.players)
            )
        )
        while True:
            self.output.write(f"Your move ({describe_legal(legal)}): ")
            self.output.flush()
            line = self.input.readline()
            if not line:
                self.say()
                raise StopMatch("end of input")
            text = line.strip()
            if text.lower() in _QUIT:
                raise StopMatch("the player quit")
            if text.lower() in ("?", "h", "help"):
                self.say(f"  {HELP}; q to quit. Amounts are the total you bet this round (raise to N).")
                continue
            try:
                return parse_action(text, legal)
            except IllegalAction as error:
                self.say(f"  {error}")

    def hand_over(self, view: SeatView) -> None:
        self._catch_up(view)
        result = view.result
        if result is None:
            return
        pots = len({pot.pot for pot in result.pots})
        for pot in result.pots:
            label = "Pot" if pots == 1 else "Main pot" if pot.pot == 0 else f"Side pot {pot.pot}"
            where = board_name(pot.board, view.rules.boards, len(result.boards))
            label += f" ({where})" if where else ""
            if not result.showdown or len(pot.eligible) < 2:
                self.say(f"{label} {pot.amount}: {self.names[pot.high_winners[0]]} won it uncontested")
                continue
            high = ", ".join(self.names[s] for s in pot.high_winners)
            text = f"{label} {pot.amount}: high {high}"
            if pot.high_hand is not None:
                text += f" with {pot.high_hand.name} ({format_cards(pot.high_hand.cards)})"
            if pot.low_winners:
                low = ", ".join(self.names[s] for s in pot.low_winners)
                text += f"; low {low}"
                if pot.low_hand is not None:
                    text += f" with {pot.low_hand.name} ({format_cards(pot.low_hand.cards)})"
            else:
                text += "; no low"
            self.say(text)
        net = result.net[view.seat]
        self.say(
            f"You {'won' if net > 0 else 'lost' if net < 0 else 'broke even'}"
            + (f" {abs(net)}" if net else "")
            + f"; your stack is {view.stacks[view.seat]}."
        )
        self.say()

    # --- telling the story ------------------------------------------------------------------------------------

    def _catch_up(self, view: SeatView) -> None:
        key = (view.hole, view.button, view.starting_stacks)
        if key != self._hand:
            self._hand, self._printed = key, 0
            self.hands += 1
            rules = view.rules
            self.say(f"=== Hand {self.hands}: {_game_title(rules)} ===")
            self.say(
                "Seats: "
                + ", ".join(
                    f"{self.names[s]} {view.starting_stacks[s]}" + (" (button)" if s == view.button else "")
                    for s in range(view.players)
                )
            )
        self._per_run = view.rules.boards
        self._boards = max(
            view.rules.boards, len(view.boards), *(e.board + 1 for e in view.events if isinstance(e, ev.BoardDealt))
        )
        events = view.events
        for event in events[self._printed :]:
            line = self._describe(event)
            if line:
                self.say(line)
        self._printed = len(events)

    def _describe(self, event: ViewEvent) -> str:
        names = self.names
        if isinstance(event, ev.Posted):
            return (
                f"{names[event.seat]} {_verb(names[event.seat], 'posts', 'post')} the {event.kind} "
                f"{event.amount}" + (" (all-in)" if event.all_in else "")
            )
        if isinstance(event, ev.HoleDealt):
            return f"Your cards: {format_cards(event.cards)}"
        if isinstance(event, ev.BoardDealt):
            where = board_name(event.board, self._per_run, self._boards)
            board = f" ({where})" if where else ""
            return f"*** {_STREETS.get(Street(event.street), 'BOARD')}{board} *** {format_cards(event.cards)}"
        if isinstance(event, ev.RunChosen):
            who = names[event.seat]
            times = {1: "once", 2: "twice", 3: "three times"}[event.times]
            return f"{who} {_verb(who, 'chooses', 'choose')} to run it {times}"
        if isinstance(event, ev.Acted):
            who = names[event.seat]
            words = {
                "fold": ("folds", "fold"),
                "check": ("checks", "check"),
                "call": ("calls", "call"),
                "bet": ("bets", "bet"),
                "raise": ("raises to", "raise to"),
            }[event.action]
            amount = (
                f" {event.added}"
                if event.action == "call"
                else f" {event.to}"
                if event.action in ("bet", "raise")
                else ""
            )
            return f"{who} {_verb(who, *words)}{amount}" + (" (all-in)" if event.all_in else "")
        if isinstance(event, ev.BetReturned):
            return f"{event.amount} uncalled returned to {names[event.seat]}"
        if isinstance(event, ev.Shown):
            who = names[event.seat]
            return f"{who} {_verb(who, 'shows', 'show')} {format_cards(event.cards)}"
        if isinstance(event, ev.Mucked):
            return f"{names[event.seat]} {_verb(names[event.seat], 'mucks', 'muck')}"
        if isinstance(event, ev.RakeTaken):
            return f"Rake {event.amount}"
        if isinstance(event, ev.PotAwarded):
            who = names[event.seat]
            pot = "the pot" if event.pot == 0 else f"side pot {event.pot}"
            share = "" if event.share == "all" else f" ({event.share})"
            where = board_name(event.board, self._per_run, self._boards)
            board = f" on {where}" if where else ""
            return f"{who} {_verb(who, 'wins', 'win')} {event.amount} from {pot}{board}{share}"
        return ""  # cards dealt face down to others, burns


def _verb(who: str, third: str, second: str) -> str:
    return second if who == "You" else third


def _game_title(rules: Rules) -> str:
    blinds = "/".join(map(str, rules.blinds))
    return f"{rules.betting.title} Omaha{' Hi-Lo' if rules.hi_lo else ''}{bets_text(rules)} (blinds {blinds})"


def play_session(
    bots: Sequence[Bot],
    names: Sequence[str],
    game: Rules | Schedule,
    *,
    seat: int,
    hands: int,
    seed: int | str,
    stack: int | None,
    input: TextIO,
    output: TextIO,
) -> MatchResult:
    """A person in ``seat`` against ``bots`` (the other seats, in order) for up to ``hands`` hands."""
    if not isinstance(bots, (list, tuple)) or not isinstance(names, (list, tuple)) or len(names) != len(bots) + 1:
        raise MatchError(
            f"names must name the {len(bots) + 1 if isinstance(bots, (list, tuple)) else ''} players "
            f"(the bots and the person), got {quote(names)}"
        )
    everyone = list(names)
    person = TerminalPlayer(everyone, seat, input, output)
    players: list[Bot] = list(bots)
    players.insert(seat, person)
    output.write(
        f"You sit in seat {seat} against {', '.join(n for i, n in enumerate(everyone) if i != seat)}. "
        f"Type an action when asked ({HELP}); ? for help, q to quit.\n\n"
    )

    def after(hand: HandSummary) -> None:
        output.flush()

    result = play_match(players, game, hands, seed=seed, stack=stack, time_limit=None, names=everyone, on_hand=after)
    played = f"{count_of(result.hands, 'hand')} played"
    output.write(f"\n{played}{' (you quit)' if result.stopped else ''}.\n")
    output.write(summary_table(result) + "\n")
    return result


def _check_streams(input: object, output: object) -> None:
    if not callable(getattr(input, "readline", None)):
        raise MatchError(f"input must be a text stream to read lines from, got {quote(input)}")
    if not callable(getattr(output, "write", None)) or not callable(getattr(output, "flush", None)):
        raise MatchError(f"output must be a text stream to write to, got {quote(output)}")
