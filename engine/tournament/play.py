"""A whole tournament played by bots, as a simulator or a test drives one: the caller's side of the deal loop.

`play_tournament` starts the tournament and, until it is over, deals a hand at some of the tables that may deal
(a random choice of them each round, so hands overlap as they do at real tables), lets the bots play them,
reports them finished in a random order, and moves the clock on. Bots are asked as in `engine.match` (each sees
only its own view); an exception or an illegal answer is played as the fault action (check, else fold), and
absent players (`Tournament.absent`) are checked or folded without being asked. Where the structure allows,
the players come and buy as a seeded coin says: late entrants register while registration is open, busted
players re-enter, players rebuy and take the add-on. Everything comes from ``seed``: the same arguments play
the same tournament.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable, Mapping, Sequence

import attrs

from engine.actions import Action
from engine.bots.base import Bot, fault_action
from engine.bots.random_bot import RandomBot
from engine.bots.view import bot_view
from engine.errors import EngineError, TournamentError
from engine.state import HandState
from engine.tournament.core import Tournament
from engine.tournament.events import Busted, TournamentEvent
from engine.tournament.structure import Structure
from engine.validate import finite, whole

Observer = Callable[[Tournament, tuple[TournamentEvent, ...]], None]


@attrs.frozen(slots=True)
class TournamentRun:
    """A tournament played out: the final ``tournament`` (its entries hold the places and prizes), every event
    in order, and the hands dealt."""

    tournament: Tournament
    events: tuple[TournamentEvent, ...]
    hands: int


def _seed(seed: int, label: str) -> int:
    return int.from_bytes(hashlib.blake2b(f"{seed}:{label}".encode(), digest_size=8).digest(), "big")


def play_tournament(
    structure: Structure,
    names: Sequence[str],
    *,
    seed: int = 0,
    bots: Mapping[str, Bot] | Callable[[str], Bot] | None = None,
    minutes_per_round: float = 0,
    max_hands: int = 100_000,
    observe: Observer | None = None,
    late: Sequence[str] = (),
    buy_chance: float = 0.5,
) -> TournamentRun:
    """Play a tournament of ``names`` under ``structure`` to its end with bots (a bot per name, a factory of
    them, or None: a `RandomBot` each, seeded from ``seed``). Each round deals at a random non-empty choice of
    the tables that may deal, plays those hands, reports them in a random order, then moves the clock on
    ``minutes_per_round``. ``observe(tournament, events)`` is called after the start and after each report
    (tests check invariants there). ``late`` names players who register after the start, one now and then
    while registration is open (those left when it closes never play); ``buy_chance`` is the chance that a
    player re-enters, rebuys or takes the add-on each time they may. TournamentError after ``max_hands`` hands
    without a winner."""
    seed = whole(seed, "seed", minimum=0, error=TournamentError)
    finite(minutes_per_round, "minutes_per_round", minimum=0, error=TournamentError)
    if not 0 <= finite(buy_chance, "buy_chance", minimum=0, error=TournamentError) <= 1:
        raise TournamentError(f"buy_chance must be a chance from 0 to 1, got {buy_chance!r}")
    whole(max_hands, "max_hands", minimum=1, error=TournamentError)
    rng = random.Random(_seed(seed, "driver"))
    players: dict[str, Bot] = {}
    for name in (*names, *late):
        if bots is None:
            players[name] = RandomBot(seed=_seed(seed, f"bot:{name}"))
        elif isinstance(bots, Mapping):
            players[name] = bots[name]
        else:
            players[name] = bots(name)
    tournament, started = Tournament.create(structure, names, seed=seed).start()
    events = list(started)
    if observe is not None:
        observe(tournament, started)
    hands = 0
    waiting = list(late)

    def report(changed: Tournament, happened: tuple[TournamentEvent, ...]) -> Tournament:
        events.extend(happened)
        if observe is not None:
            observe(changed, happened)
        return changed

    while not tournament.is_over:
        if waiting and tournament.registration_open and rng.random() < 0.5:
            tournament = report(*tournament.late_register(waiting.pop(0)))
        for name in sorted(tournament.addon_window):
            number, seat = tournament.locate(name)
            if seat not in tournament.table(number).hand_seats and rng.random() < buy_chance:
                tournament = report(*tournament.addon(name))
        tables = list(tournament.dealable)
        if not tables:
            raise TournamentError(f"no table may deal and the tournament is not over: {tournament!r}")
        chosen = rng.sample(tables, rng.randint(1, len(tables)))
        states: dict[int, HandState] = {}
        for number in chosen:
            hands += 1
            tournament, state = tournament.deal(number, seed=_seed(seed, f"hand:{hands}"))
            states[number] = _play(tournament, number, state, players)
        rng.shuffle(chosen)
        for number in chosen:
            state = states[number]
            table = tournament.table(number)
            dealt = [table.seats[seat].name for seat in table.hand_seats]  # type: ignore[union-attr]
            rebuys = [
                name
                for name, stack in zip(dealt, state.stacks, strict=True)
                if tournament.rebuy_refusal(name, stack) is None and rng.random() < buy_chance
            ]
            tournament, happened = tournament.finish(number, state, rebuys=rebuys)
            tournament = report(tournament, happened)
            for event in happened:
                if isinstance(event, Busted) and _may_reenter(tournament, event.name) and rng.random() < buy_chance:
                    tournament = report(*tournament.reenter(event.name))
        tournament, happened = tournament.with_time(tournament.minutes + minutes_per_round)
        events.extend(happened)
        if hands >= max_hands and not tournament.is_over:
            raise TournamentError(f"no winner after {hands} hands (max_hands={max_hands})")
    return TournamentRun(tournament, tuple(events), hands)


def _play(tournament: Tournament, number: int, state: HandState, players: Mapping[str, Bot]) -> HandState:
    table = tournament.table(number)
    names = [table.seats[seat].name for seat in table.hand_seats]  # type: ignore[union-attr]
    while state.actor is not None:
        actor = state.actor
        legal = state.legal_actions()
        forced = tournament.acts_for(number, state)
        if forced is not None:
            state = state.apply(forced)
            continue
        try:
            action: Action = players[names[actor]].act(bot_view(state, actor))
            state = state.apply(action)
        except EngineError:
            state = state.apply(fault_action(legal))
        except Exception:  # a bot's bug must not end the tournament
            state = state.apply(fault_action(legal))
    return state


def _may_reenter(tournament: Tournament, name: str) -> bool:
    mine = [entry for entry in tournament.entries if entry.name == name]
    return (
        tournament.registration_open
        and len(mine) <= tournament.structure.reentries
        and all(entry.placed for entry in mine)
    )
