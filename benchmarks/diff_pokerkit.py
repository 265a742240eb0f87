"""Differential check of whole Omaha hi-lo hands: the engine against PokerKit 0.7.7, step by step and in chips.

    python benchmarks/diff_pokerkit.py [--hands N] [--seed S] [--configs NAME ...]

Random hands are played in both engines with the same cards and the same actions, in fixed limit, pot limit and
no limit, heads-up and 6-max, with equal or uneven (often short) stacks, some with antes (``--configs`` lists
them). The engine gets the deck through ``Deck.ordered``; PokerKit gets the same hole, burn and board cards by
explicit ``deal_hole`` / ``burn_card`` / ``deal_board`` calls. At every step the script compares the legal
options (who acts, fold, the check or call amount, the bet or raise range); one seeded draw then picks an action
among the options both allow. At the end it compares each seat's net chips. The engine's net is also checked
against an independent settlement of RULES.md (pots built from each seat's contribution, each pot split on its
own, hands ranked with PokerKit's evaluators, not the engine's), so a hand where both engines agree but are both
wrong is found too.

Every difference is sorted into a known PokerKit 0.7.7 deviation from RULES.md or UNEXPLAINED:

* chips (a PokerKit result is explained when the settlement, with some of these switched on, reproduces it):
  * ``side``: PokerKit halves a pot for the low when anyone at the showdown has a low, even a player outside
    that (side) pot; when none of the pot's own players has a low, that half is shared among all of them;
  * ``merge``: PokerKit kills hands that can win nothing at the showdown, drops them from the pots' player
    lists and merges adjacent pots whose lists become equal, so odd chips land differently;
  * ``odd``: chips that will not divide among tied winners all go to the first of them (from the button's
    left), not one chip each in turn;
* options:
  * short big blind: when the big blind cannot post in full, PokerKit lets the others call only what it
    posted (RULES.md: the full big blind); such a hand cannot go on and is counted as stopped;
  * pot/no-limit short all-in: PokerKit reopens the betting to a player who already acted after an all-in
    that is less than a full raise (RULES.md: it does not);
  * fixed-limit half-bet rule: PokerKit does not apply it after a short all-in bet or raise;
  * PokerKit asks for a check the engine skips (a player with nobody left to bet against).
  Where the options differ but overlap (the last three), the hand plays on within what both allow.

The exit status is 1 if any UNEXPLAINED difference is found, otherwise 0 (2 without PokerKit).
"""

from __future__ import annotations

import argparse
import importlib
import importlib.metadata
import random
import sys
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import combinations
from typing import Any

from engine import (
    ALL_CARDS,
    Bet,
    Call,
    Check,
    Deck,
    FixedLimit,
    Fold,
    HandState,
    NoLimit,
    PotLimit,
    Raise,
    Rules,
    start_hand,
)
from engine.events import Acted, BoardDealt

POKERKIT_VERSION = "0.7.7"
pk: Any = None  # the pokerkit module, loaded by main()

# Causes of option differences. The first stops a hand; the engine plays on through the others.
SHORT_BB = "short big blind: PokerKit lets the others call only what it posted"
REOPEN = "pot/no-limit short all-in: PokerKit reopens betting to a player who already acted"
HALF_BET = "fixed-limit short all-in: PokerKit lacks the half-bet rule"
EXTRA_CHECK = "PokerKit asks for a check the engine skips"
UNEXPLAINED = "UNEXPLAINED"
DEVIATIONS = ("merge", "side", "odd")  # known PokerKit settlement deviations (see the module docstring)


@dataclass(frozen=True)
class Config:
    name: str
    structure: str  # "FL", "PL" or "NL"
    players: int
    stacks: str  # "equal" (200 chips each) or "uneven" (random, often short)
    blinds: tuple[int, int] = (1, 2)
    bets: tuple[int, int] = (2, 4)  # fixed limit: small and big bet
    ante: int = 0


CONFIGS = {
    c.name: c
    for c in (
        *(Config(f"{s}{n}-{k}", s, n, k) for s in ("FL", "PL", "NL") for n in (6, 2) for k in ("equal", "uneven")),
        Config("FL6-uneven-b25", "FL", 6, "uneven", blinds=(2, 5), bets=(5, 10)),
        Config("PL6-uneven-ante", "PL", 6, "uneven", ante=1),
        Config("NL6-uneven-ante", "NL", 6, "uneven", ante=1),
    )
}


# --- the two games ----------------------------------------------------------------------------------------


def engine_rules(cfg: Config) -> Rules:
    betting: FixedLimit | PotLimit | NoLimit
    if cfg.structure == "FL":
        betting = FixedLimit(small_bet=cfg.bets[0], big_bet=cfg.bets[1])
    else:
        betting = PotLimit() if cfg.structure == "PL" else NoLimit()
    return Rules(betting=betting, blinds=cfg.blinds, ante=cfg.ante)


def pokerkit_state(cfg: Config, stacks: tuple[int, ...]) -> Any:
    """A PokerKit state for Omaha hi-lo. Dealing, burning, showing and pushing are done by hand (pokerkit_advance)."""
    automations = (
        pk.Automation.ANTE_POSTING,
        pk.Automation.BET_COLLECTION,
        pk.Automation.BLIND_OR_STRADDLE_POSTING,
        pk.Automation.RUNOUT_COUNT_SELECTION,
        pk.Automation.HAND_KILLING,
        pk.Automation.CHIPS_PULLING,
    )
    if cfg.structure == "FL":
        small, big = cfg.bets
        sizes, caps = (small, small, big, big), (3, 4, 4, 4)  # PokerKit does not count the big blind as a bet
        structure = pk.BettingStructure.FIXED_LIMIT
    else:
        sizes, caps = (cfg.blinds[1],) * 4, (None,) * 4
        structure = pk.BettingStructure.POT_LIMIT if cfg.structure == "PL" else pk.BettingStructure.NO_LIMIT
    deals = (((False,) * 4, 0), ((), 3), ((), 1), ((), 1))
    streets = tuple(
        pk.Street(i > 0, hole, board, False, pk.Opening.POSITION, size, cap)
        for i, ((hole, board), size, cap) in enumerate(zip(deals, sizes, caps, strict=True))
    )
    return pk.State(
        automations,
        pk.Deck.STANDARD,
        (pk.OmahaHoldemHand, pk.OmahaEightOrBetterLowHand),
        streets,
        structure,
        True,
        cfg.ante,
        cfg.blinds,
        0,
        stacks,
        cfg.players,
    )


def make_stacks(cfg: Config, rng: random.Random) -> tuple[int, ...]:
    if cfg.stacks == "equal":
        return (200,) * cfg.players
    big = cfg.bets[1] if cfg.structure == "FL" else cfg.blinds[1]
    out = []
    for _ in range(cfg.players):
        kind = rng.random()
        if kind < 0.12:
            out.append(rng.randint(1, 2 * cfg.blinds[1] + cfg.ante))  # can barely post, if at all
        elif kind < 0.55:
            out.append(rng.randint(3, 10 * big))
        else:
            out.append(rng.randint(10 * big, 60 * big))
    return tuple(out)


def deal_plan(n: int, button: int, deck: list[str]) -> tuple[dict[int, list[str]], list[str], list[str]]:
    """Hole cards by engine seat, burns and board, as the engine deals ``deck`` (checked in play())."""
    hole: dict[int, list[str]] = {seat: [] for seat in range(n)}
    for k in range(4 * n):
        hole[(button + 1 + k % n) % n].append(deck[k])
    p = 4 * n
    return hole, [deck[p], deck[p + 4], deck[p + 6]], [deck[p + 1], deck[p + 2], deck[p + 3], deck[p + 5], deck[p + 7]]


def pokerkit_advance(st: Any, cards: dict[str, list[str]], snap: dict[str, Any]) -> None:
    """Do PokerKit's dealer work (burn, deal the board, show all, push chips) until a player must act or the hand
    ends. Before the first push, note which hands are still alive (PokerKit has killed the hopeless ones)."""
    while st.status and st.actor_index is None:
        if st.can_burn_card():
            st.burn_card(cards["burns"].pop(0))
        elif st.can_deal_board():
            k = st.board_dealing_count
            st.deal_board("".join(cards["board"][:k]))
            del cards["board"][:k]
        elif st.can_show_or_muck_hole_cards():
            st.show_or_muck_hole_cards(True)
        elif st.can_push_chips():
            snap.setdefault("statuses", list(st.statuses))
            st.push_chips()
        else:
            raise RuntimeError("PokerKit is stuck: no player to act and no dealer operation possible")


# --- options ------------------------------------------------------------------------------------------------

Options = tuple[int, bool, int, tuple[int, int] | None]  # (seat, fold, call amount (0: check), wager range)


def pokerkit_options(st: Any, order: list[int]) -> Options:
    wager = None
    if st.can_complete_bet_or_raise_to():
        wager = (st.min_completion_betting_or_raising_to_amount, st.max_completion_betting_or_raising_to_amount)
    return order[st.actor_index], st.can_fold(), st.checking_or_calling_amount, wager


def engine_options(legal: Any) -> Options:
    wager = (legal.min_to, legal.max_to) if legal.wager is not None else None
    return legal.seat, legal.fold, 0 if legal.check else legal.call, wager


def short_all_in_this_round(es: HandState) -> bool:
    """Some bet or raise in this betting round was an all-in."""
    last: list[Acted] = []
    for e in es.events:
        if isinstance(e, BoardDealt):
            last = []
        elif isinstance(e, Acted):
            last.append(e)
    return any(e.action in ("bet", "raise") and e.all_in for e in last)


def short_big_blind(cfg: Config, es: HandState) -> bool:
    """The big blind could not post in full (after the ante), and the hand is still preflop."""
    n = es.players
    bb_seat = (es.button + 1) % n if n == 2 else (es.button + 2) % n
    return es.starting_stacks[bb_seat] < cfg.ante + cfg.blinds[1] and int(es.street) == 1


def option_difference(cfg: Config, es: HandState, legal: Any, eo: Options, po: Options) -> tuple[list[str], Any]:
    """The causes of a difference in options, and the options both allow (None: the hand cannot go on)."""
    if eo[0] != po[0]:
        return [f"{UNEXPLAINED}: different player to act"], None
    if eo[2] != po[2]:
        return [SHORT_BB if short_big_blind(cfg, es) else f"{UNEXPLAINED}: different call amount"], None
    causes = []
    if eo[1] != po[1]:
        causes.append(f"{UNEXPLAINED}: fold")
    ew, pw = eo[3], po[3]
    wager = ew
    if ew != pw:
        short = short_all_in_this_round(es)
        if cfg.structure == "FL" and short:
            causes.append(HALF_BET)
        elif ew is None and pw is not None and short and es.acted_at[legal.seat] >= 0:
            causes.append(REOPEN)
        else:
            causes.append(f"{UNEXPLAINED}: bet or raise range")
        wager = None
        if ew is not None and pw is not None and max(ew[0], pw[0]) <= min(ew[1], pw[1]):
            wager = (max(ew[0], pw[0]), min(ew[1], pw[1]))
    common = legal._replace(
        fold=eo[1] and po[1],
        wager=legal.wager if wager else None,
        min_to=wager[0] if wager else 0,
        max_to=wager[1] if wager else 0,
    )
    return causes, common


# --- one hand -----------------------------------------------------------------------------------------------


@dataclass
class Outcome:
    cfg: Config
    index: int
    stacks: tuple[int, ...]
    button: int
    kind: str = "ok"  # ok | stopped | net | error
    cause: str = ""  # why a hand stopped, or the error
    actions: list[str] = field(default_factory=list)
    played_through: list[str] = field(default_factory=list)  # causes of option differences the hand went past
    engine_net: tuple[int, ...] = ()
    pk_net: tuple[int, ...] = ()
    es: Any = None
    alive: set[int] | None = None  # engine seats whose hands PokerKit had not killed at the showdown


def choose(rng: random.Random, legal: Any) -> Fold | Check | Call | Bet | Raise:
    r = rng.random()
    if legal.fold and r < 0.15:
        return Fold()
    if legal.wager is not None and r >= 0.70:
        lo, hi = legal.min_to, legal.max_to
        if lo == hi:
            to = lo
        else:
            q = rng.random()
            to = lo if q < 0.4 else hi if q < 0.7 else rng.randint(lo, hi)
        return Raise(to) if legal.wager == "raise" else Bet(to)
    return Check() if legal.check else Call()


def play(cfg: Config, index: int, seed: str) -> Outcome:
    rng = random.Random(f"{seed}-{cfg.name}-{index}")
    n = cfg.players
    stacks = make_stacks(cfg, rng)
    button = rng.randrange(n)
    deck = [str(c) for c in ALL_CARDS]
    rng.shuffle(deck)
    out = Outcome(cfg, index, stacks, button)
    order = [(button + 1 + j) % n for j in range(n)]  # PokerKit index j -> engine seat (index 0: small blind)
    hole, burns, board = deal_plan(n, button, deck)
    by_text = {str(c): c for c in ALL_CARDS}
    es = start_hand(engine_rules(cfg), stacks, button, deck=Deck.ordered([by_text[c] for c in deck]))
    if any([str(c) for c in es.hole[s]] != hole[s] for s in range(n)):
        raise RuntimeError("the engine dealt the deck differently than deal_plan() says")
    st = pokerkit_state(cfg, tuple(stacks[s] for s in order))
    for k in range(4):
        for j in range(n):
            st.deal_hole(hole[order[j]][k], j)
    dealer = {"burns": burns, "board": list(board)}
    snap: dict[str, Any] = {}
    try:
        pokerkit_advance(st, dealer, snap)
        while not es.is_over:
            if not st.status or st.actor_index is None:
                out.kind = "stopped"
                out.cause = SHORT_BB if short_big_blind(cfg, es) else f"{UNEXPLAINED}: PokerKit's hand ended first"
                break
            legal = es.legal_actions()
            eo, po = engine_options(legal), pokerkit_options(st, order)
            if eo != po:
                causes, common = option_difference(cfg, es, legal, eo, po)
                if common is None:
                    out.kind, out.cause = "stopped", causes[0]
                    break
                out.played_through.extend(causes)
                legal = common
            action = choose(rng, legal)
            es = es.apply(action)
            out.actions.append(type(action).__name__.lower() + (f" {action.to}" if hasattr(action, "to") else ""))
            if isinstance(action, Fold):
                st.fold()
            elif isinstance(action, Check | Call):
                st.check_or_call()
            else:
                st.complete_bet_or_raise_to(action.to)
            pokerkit_advance(st, dealer, snap)
        else:
            while st.status and st.actor_index is not None and st.checking_or_calling_amount == 0:
                out.played_through.append(EXTRA_CHECK)
                st.check_or_call()
                pokerkit_advance(st, dealer, snap)
            if st.status:
                out.kind, out.cause = "stopped", f"{UNEXPLAINED}: the engine's hand ended first"
    except Exception as exc:
        out.kind, out.cause = "error", f"{UNEXPLAINED}: {type(exc).__name__}: {exc}"
    out.es = es
    if out.kind == "ok":
        if [str(c) for c in es.result.boards[0]] != board[: len(es.result.boards[0])]:
            raise RuntimeError("the engine dealt the board differently than deal_plan() says")
        out.engine_net = tuple(es.result.net)
        pk_net = [0] * n
        for j in range(n):
            pk_net[order[j]] = st.stacks[j] - st.starting_stacks[j]
        out.pk_net = tuple(pk_net)
        if "statuses" in snap:
            out.alive = {order[j] for j, alive in enumerate(snap["statuses"]) if alive}
        if out.engine_net != out.pk_net:
            out.kind = "net"
    return out


# --- the independent settlement (RULES.md), with PokerKit's deviations as switches ----------------------------


def seat_order(start: int, seats: Sequence[int], n: int) -> list[int]:
    chosen = set(seats)
    return [s for s in ((start + i) % n for i in range(n)) if s in chosen]


def build_pots(contrib: list[int], live: set[int], alive: set[int] | None) -> list[tuple[int, tuple[int, ...]]]:
    """Layers of the contributions; a layer's players are the live ones who reached it (only those PokerKit kept
    alive, for ``merge``). Adjacent layers with the same players are one pot."""
    pots: list[tuple[int, tuple[int, ...]]] = []
    prev = 0
    for level in sorted({c for c in contrib if c > 0}):
        amount = sum(min(c, level) - min(c, prev) for c in contrib)
        players = tuple(
            s for s in range(len(contrib)) if s in live and contrib[s] >= level and (alive is None or s in alive)
        )
        if pots and pots[-1][1] == players:
            pots[-1] = (pots[-1][0] + amount, players)
        elif amount:
            pots.append((amount, players))
        prev = level
    return pots


def share(amount: int, winners: Sequence[int], button: int, n: int, odd_first: bool) -> dict[int, int]:
    """Split ``amount`` among ``winners``; odd chips one each from the button's left (or all to the first)."""
    ordered = seat_order(button + 1, winners, n)
    base, extra = divmod(amount, len(ordered))
    if odd_first:
        return {s: base + (extra if i == 0 else 0) for i, s in enumerate(ordered)}
    return {s: base + (1 if i < extra else 0) for i, s in enumerate(ordered)}


def settle(o: Outcome, flags: frozenset[str] = frozenset()) -> tuple[int, ...]:
    """Each seat's net chips under RULES.md, with the given PokerKit deviations switched on."""
    es, n = o.es, o.cfg.players
    res = es.result
    contrib = [res.won(s) - res.net[s] for s in range(n)]
    live = set(es.in_hand)
    board = "".join(str(c) for c in res.boards[0])
    hands = {}
    if len(board) == 10:
        for s in live:
            hole = "".join(str(c) for c in es.hole[s])
            hands[s] = (
                pk.OmahaHoldemHand.from_game(hole, board),
                pk.OmahaEightOrBetterLowHand.from_game_or_none(hole, board),
            )
    alive = o.alive if "merge" in flags else None
    table_low = bool(hands) and any(hands[s][1] is not None for s in (live if alive is None else alive))
    won = [0] * n
    for amount, players in build_pots(contrib, live, alive):
        if len(live) == 1 or len(players) == 1:
            won[players[0] if players else next(iter(live))] += amount
            continue
        best_high = max(hands[s][0] for s in players)
        high = [s for s in players if hands[s][0] == best_high]
        lows = [hands[s][1] for s in players if hands[s][1] is not None]
        if lows:
            low = [s for s in players if hands[s][1] is not None and hands[s][1] == max(lows)]
        else:
            low = list(players) if "side" in flags and table_low else []
        halves = [(amount - amount // 2, high), (amount // 2, low)] if low else [(amount, high)]
        for part, winners in halves:
            for s, chips in share(part, winners, o.button, n, "odd" in flags).items():
                won[s] += chips
    return tuple(won[s] - contrib[s] for s in range(n))


def classify(o: Outcome) -> str:
    """ "agree", "stopped: <cause>", "PokerKit deviation: <flags>" or "UNEXPLAINED: ..." for one hand."""
    if o.kind in ("stopped", "error"):
        return o.cause if o.cause.startswith(UNEXPLAINED) else f"stopped: {o.cause}"
    if o.engine_net != settle(o):
        return f"{UNEXPLAINED}: the engine's chips differ from RULES.md" + (" (so do PokerKit's)" * (o.kind == "ok"))
    if o.kind == "ok":
        return "agree"
    for size in range(1, len(DEVIATIONS) + 1):
        for combo in combinations(DEVIATIONS, size):
            if settle(o, frozenset(combo)) == o.pk_net:
                return "PokerKit deviation: " + "+".join(combo)
    return f"{UNEXPLAINED}: PokerKit's chips not explained by its known deviations"


# --- the run ------------------------------------------------------------------------------------------------


@dataclass
class Tally:
    hands: int = 0
    seconds: float = 0.0
    outcomes: Counter[str] = field(default_factory=Counter)
    played_through: Counter[str] = field(default_factory=Counter)
    unexplained: list[str] = field(default_factory=list)


def run_config(cfg: Config, hands: int, seed: str) -> Tally:
    tally = Tally(hands=hands)
    start = time.perf_counter()
    for i in range(hands):
        o = play(cfg, i, seed)
        verdict = classify(o)
        tally.outcomes[verdict] += 1
        tally.played_through.update(o.played_through)
        bad = [c for c in (verdict, *o.played_through) if c.startswith(UNEXPLAINED)]
        if bad:
            tally.unexplained.append(
                f"{cfg.name} hand {i} (--seed {seed}): {'; '.join(dict.fromkeys(bad))}\n"
                f"    stacks {o.stacks}, button {o.button}, actions {' / '.join(o.actions)}\n"
                f"    net: engine {o.engine_net or '-'}, PokerKit {o.pk_net or '-'}"
            )
    tally.seconds = time.perf_counter() - start
    return tally


def load_pokerkit() -> Any:
    try:
        module = importlib.import_module("pokerkit")
    except ImportError:
        return None
    version = importlib.metadata.version("pokerkit")
    if version != POKERKIT_VERSION:
        print(f"warning: PokerKit {version} installed; the known deviations are those of {POKERKIT_VERSION}")
    return module


def main(argv: Sequence[str] | None = None) -> int:
    global pk
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--hands", type=int, default=150, help="hands per configuration (default 150)")
    parser.add_argument(
        "--seed",
        default="v1",
        help="hand i of configuration C is drawn from random.Random(f'{S}-{C}-{i}') (default v1)",
    )
    parser.add_argument(
        "--configs",
        nargs="+",
        choices=list(CONFIGS),
        default=list(CONFIGS),
        metavar="NAME",
        help="configurations to play (default all: " + ", ".join(CONFIGS) + ")",
    )
    args = parser.parse_args(argv)
    pk = load_pokerkit()
    if pk is None:
        print(f"PokerKit is not installed: pip install pokerkit=={POKERKIT_VERSION}")
        return 2
    print(
        f"engine against PokerKit {importlib.metadata.version('pokerkit')}: {args.hands} hands per configuration, "
        f"seed {args.seed!r}\n"
    )
    short = {SHORT_BB: "short BB", REOPEN: "reopen", HALF_BET: "half-bet", EXTRA_CHECK: "check"}
    header = (
        f"{'configuration':<16} {'hands':>6} {'agree':>6} {'PK dev':>6} {'stopped':>7} {'UNEXPL':>6}  "
        f"{'reopen':>6} {'half-bet':>8} {'check':>5} {'secs':>5}  PokerKit chip deviations"
    )
    print(header)
    print("-" * len(header))
    total = Tally()
    examples: list[str] = []
    for name in args.configs:
        t = run_config(CONFIGS[name], args.hands, args.seed)
        deviations = Counter({k.split(": ", 1)[1]: v for k, v in t.outcomes.items() if k.startswith("PokerKit")})
        stopped = sum(v for k, v in t.outcomes.items() if k.startswith("stopped"))
        bad = sum(v for k, v in t.outcomes.items() if k.startswith(UNEXPLAINED))
        bad += sum(v for k, v in t.played_through.items() if k.startswith(UNEXPLAINED))
        dev_text = ", ".join(f"{k} {v}" for k, v in sorted(deviations.items())) or "-"
        print(
            f"{name:<16} {t.hands:>6} {t.outcomes['agree']:>6} {deviations.total():>6} {stopped:>7} {bad:>6}  "
            f"{t.played_through[REOPEN]:>6} {t.played_through[HALF_BET]:>8} {t.played_through[EXTRA_CHECK]:>5} "
            f"{t.seconds:>5.1f}  {dev_text}"
        )
        total.hands += t.hands
        total.seconds += t.seconds
        total.outcomes += t.outcomes
        total.played_through += t.played_through
        examples += t.unexplained
    stopped_causes = {k.split(": ", 1)[1] for k in total.outcomes if k.startswith("stopped")}
    unexplained = sum(v for k, v in (total.outcomes + total.played_through).items() if k.startswith(UNEXPLAINED))
    print("-" * len(header))
    print(
        f"{'all':<16} {total.hands:>6} {total.outcomes['agree']:>6} "
        f"{sum(v for k, v in total.outcomes.items() if k.startswith('PokerKit')):>6} "
        f"{sum(v for k, v in total.outcomes.items() if k.startswith('stopped')):>7} {unexplained:>6}  "
        f"{total.played_through[REOPEN]:>6} {total.played_through[HALF_BET]:>8} "
        f"{total.played_through[EXTRA_CHECK]:>5} {total.seconds:>5.1f}"
    )
    legend = (
        "agree: the same chips in the engine, PokerKit and RULES.md (the engine's chips are checked against RULES.md",
        "  in every finished hand). PK dev: the engine follows RULES.md and PokerKit's chips are reproduced by its",
        "  known deviations (merge, side, odd). stopped: the options differ and the hand cannot go on ("
        + (", ".join(short.get(c, c) for c in sorted(stopped_causes)) or "none")
        + ").",
        "  reopen, half-bet, check: known option differences played through (steps, not hands).",
        "  UNEXPL: hands or steps with a difference that no known deviation explains.",
    )
    print("\n" + "\n".join(legend))
    if examples:
        print(f"\n{len(examples)} hands with UNEXPLAINED differences (first 10):")
        print("\n".join(examples[:10]))
    print(f"\n{unexplained} UNEXPLAINED difference(s)")
    return 1 if unexplained else 0


if __name__ == "__main__":
    sys.exit(main())
