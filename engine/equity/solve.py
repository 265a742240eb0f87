"""`equity(...)`: hi-lo equity by exact enumeration where it fits, by Monte Carlo otherwise or on request.

Exact: every board that can come (and, for ranges and wildcards, every way the players' hands can be dealt,
weighted as dealt), so the figures are exact fractions. Five board cards to come with known hands go through
the four-card-subset tables (`strengths.all_five_card_boards`); everything else through `strengths.direct`.

Monte Carlo: ``trials`` boards (and hands) drawn with numpy's PCG64 generator from ``seed``; each figure comes
with its standard error.
"""

from __future__ import annotations

import secrets
import time
from collections.abc import Callable, Sequence
from fractions import Fraction
from math import comb

import numpy as np
import numpy.typing as npt

from engine.cards import Card, cards_of, format_cards, require_distinct
from engine.equity.ranges import EquityError, Player, parse_player
from engine.equity.result import EquityResult, Figures, PlayerEquity
from engine.equity.strengths import TripleTable, all_five_card_boards, direct, low_masks
from engine.equity.tables import Array, colex
from engine.equity.tally import FIGURES, WHOLE, Tally
from engine.errors import EngineError
from engine.evaluation import MAX_HOLE, MIN_HOLE
from engine.validate import flag, optional_whole, quote, whole

EXACT_LIMIT = 3_000_000
"""Boards (times hand combinations) up to which `equity` enumerates exactly unless told otherwise."""
EXACT_MOST = 200_000_000
"""Boards beyond which even ``exact=True`` refuses: the answer would take minutes and gigabytes."""
DEFAULT_TRIALS = 500_000
CHUNK = 1 << 16
Progress = Callable[[int, int], object]


def equity(
    players: Sequence[object],
    board: object = "",
    dead: object = "",
    *,
    hi_lo: bool = True,
    trials: int | None = None,
    seed: int | None = None,
    exact: bool | None = None,
    hole_cards: int | None = None,
    histograms: bool = False,
    progress: Progress | None = None,
) -> EquityResult:
    """Each player's share of a hi-lo pot (``hi_lo=False``: high only) and the hi-lo breakdown.

    ``players``: 2 to 10 hands or ranges (see `engine.equity.ranges`); ``board``: 0, 3, 4 or 5 cards;
    ``dead``: cards nobody can get. ``exact=None`` enumerates when it fits (up to `EXACT_LIMIT` boards) and
    samples `DEFAULT_TRIALS` boards otherwise; ``trials`` asks for Monte Carlo with that many boards;
    ``exact=True`` enumerates whatever it costs. ``progress(done, total)`` is called as boards are done.
    """
    started = time.perf_counter()
    flag(hi_lo, "hi_lo", error=EquityError)
    flag(histograms, "histograms", error=EquityError)
    if exact is not None:
        flag(exact, "exact", error=EquityError)
    optional_whole(trials, "trials", minimum=1, maximum=10**10, error=EquityError)
    if trials is not None and exact:
        raise EquityError("trials asks for Monte Carlo; leave exact unset (or False) with it")
    optional_whole(seed, "seed", minimum=0, maximum=2**63 - 1, error=EquityError)
    if progress is not None and not callable(progress):
        raise EquityError(f"progress must be None or a function called as progress(done, total), got {quote(progress)}")
    spot = _Spot(players, board, dead, hole_cards)
    tally = Tally(len(spot.players), histograms)
    report = progress if progress is not None else _quiet
    size = spot.exact_size()
    enumerate_all = exact if exact is not None else trials is None and size <= EXACT_LIMIT
    if enumerate_all and size > EXACT_MOST:
        raise EquityError(
            f"exact enumeration would evaluate {size:,} boards, too many (at most {EXACT_MOST:,}); "
            "ask for Monte Carlo with trials=N"
        )
    if enumerate_all:
        spot.enumerate(tally, hi_lo, report)
        used_seed = None
    else:
        used_seed = seed if seed is not None else secrets.randbits(63)
        spot.sample(tally, hi_lo, trials or DEFAULT_TRIALS, np.random.default_rng(used_seed), report)
    if tally.weighted and not (0 < tally.weight < float("inf")):
        raise EquityError(
            "the ranges' weights are too far apart to add up (the deals that fit together weigh "
            f"{tally.weight:g} in all): give weights within a few hundred powers of ten of each other"
        )
    return _result(spot, tally, bool(enumerate_all), hi_lo, used_seed, time.perf_counter() - started)


def _quiet(done: int, total: int) -> None:
    return None


class _Spot:
    """The players, board and dead cards, checked; ``rest`` is every card not known to be anywhere."""

    def __init__(self, players: Sequence[object], board: object, dead: object, hole_cards: int | None) -> None:
        if isinstance(players, (str, bytes)) or not isinstance(players, Sequence):
            raise EquityError(f"players must be a list of 2 to 10 hands or ranges, got {quote(players)}")
        if not 2 <= len(players) <= 10:
            raise EquityError(f"equity needs 2 to 10 players, got {len(players)}")
        self.players = [parse_player(spec) for spec in players]
        self.board = _card_list(board, "board")
        self.dead = _card_list(dead, "dead cards")
        if len(self.board) not in (0, 3, 4, 5):
            raise EquityError(f"the board has 0, 3, 4 or 5 cards, got {len(self.board)}: {format_cards(self.board)}")
        sizes = {size for player in self.players if (size := player.size()) is not None}
        if hole_cards is not None:
            sizes.add(whole(hole_cards, "hole_cards", minimum=MIN_HOLE, maximum=MAX_HOLE, error=EquityError))
        if len(sizes) > 1:
            raise EquityError(f"every player holds the same number of hole cards; got hands of {sorted(sizes)} cards")
        self.size = sizes.pop() if sizes else 4
        if not MIN_HOLE <= self.size <= MAX_HOLE:
            raise EquityError(
                f"an Omaha hand has {MIN_HOLE} to {MAX_HOLE} cards (4 in Omaha, 5 in five-card Omaha), got {self.size}"
            )
        self.players = [_sized(player, self.size) for player in self.players]
        known = [*self.board, *self.dead, *(card for player in self.players for card in player.known)]
        try:
            require_distinct(known, "the hands, board and dead cards")
        except EngineError as error:
            raise EquityError(str(error)) from None
        self.rest = np.array(sorted(set(range(52)) - set(known)), np.int64)
        self.to_come = 5 - len(self.board)
        wanted = (
            sum(player.wildcards for player in self.players)
            + self.to_come
            + sum(self.size for player in self.players if player.is_list)
        )
        if wanted > len(self.rest):
            raise EquityError(
                f"not enough cards: the players and board need {wanted} more, and {len(self.rest)} are left"
            )
        self.options = [self._options(player) for player in self.players]

    def _options(self, player: Player) -> tuple[Array, npt.NDArray[np.float64]] | None:
        """A listed player's hands that avoid every known card (and their weights); None for other players."""
        if not player.is_list:
            return None
        free = set(self.rest.tolist())
        kept = [
            (hand, weight)
            for hand, weight in zip(player.hands, player.weights, strict=True)
            if all(card in free for card in hand)
        ]
        if not kept:
            raise EquityError(f"every hand of {quote(player.text)} holds a card that is already known")
        weights = np.array([weight for _, weight in kept])
        # Relative to the largest (1.0), so that no product over players or sum over boards can overflow.
        return np.array([hand for hand, _ in kept], np.int64), weights / weights.max()

    def exact_size(self) -> int:
        """Boards an exact enumeration would evaluate (an upper bound when lists may collide)."""
        free = len(self.rest)
        hands = 1
        for player, options in zip(self.players, self.options, strict=True):
            if options is not None:
                hands *= len(options[0])
            elif player.wildcards:
                hands *= comb(free, player.wildcards)
                free -= player.wildcards
        free -= sum(self.size for player in self.players if player.is_list)
        return hands * comb(max(free, 0), self.to_come)

    # --- exact -------------------------------------------------------------------------------------------

    def enumerate(self, tally: Tally, hi_lo: bool, report: Progress) -> None:
        combos, weights = self._deals()
        total = len(combos) * comb(len(self.rest) - combos.shape[1], self.to_come)
        done = 0
        if self.to_come == 5:
            for row, weight in zip(combos, weights, strict=True):
                holes = self._holes(row[None, :])
                avail = np.setdiff1d(self.rest, row)
                tables = [TripleTable(hole[0].tolist(), avail) for hole in holes]
                for highs, lows in all_five_card_boards(tables, avail, hi_lo):
                    tally.add(highs, lows, None if weights_are_one(weights) else np.full(highs.shape[1], weight))
                    done += highs.shape[1]
                    report(done, total)
            return
        coming = self.rest[colex(len(self.rest), self.to_come)]
        per_chunk = max(1, CHUNK // max(len(coming), 1))
        for start in range(0, len(combos), per_chunk):
            rows, row_weights = combos[start : start + per_chunk], weights[start : start + per_chunk]
            which, cards = _cross(rows, coming)
            boards = np.column_stack(
                [np.broadcast_to(np.array(self.board, np.int64), (len(which), len(self.board))), cards]
            )
            holes = self._holes(rows[which])
            highs, lows = self._strengths(holes, boards, hi_lo)
            tally.add(highs, lows, None if weights_are_one(weights) else row_weights[which])
            done += len(which)
            report(done, total)

    def _deals(self) -> tuple[Array, npt.NDArray[np.float64]]:
        """Every way to deal the unknown hole cards: rows of the cards the listed and wildcard players get
        (players in order), with each row's weight."""
        rows = np.zeros((1, 0), np.int64)
        weights = np.ones(1)
        for player, options in zip(self.players, self.options, strict=True):
            if options is not None:
                choices, choice_weights = options
            elif player.wildcards:
                choices, choice_weights = self.rest[colex(len(self.rest), player.wildcards)], None
            else:
                continue
            left = np.repeat(np.arange(len(rows)), len(choices))
            right = np.tile(np.arange(len(choices)), len(rows))
            joined = np.column_stack([rows[left], choices[right]])
            fits = _distinct_rows(joined)
            rows, weights = (
                joined[fits],
                weights[left[fits]] * (1.0 if choice_weights is None else choice_weights[right[fits]]),
            )
        if not len(rows):
            raise EquityError("the players' ranges never fit together: every combination shares a card")
        return rows, weights

    def _holes(self, rows: Array) -> list[Array]:
        """Each player's hole cards for each dealt row (one row for every board when the hand is known)."""
        holes, column = [], 0
        for player in self.players:
            taken = self.size if player.is_list else player.wildcards
            known = np.broadcast_to(np.array(player.known, np.int64), (len(rows), len(player.known)))
            holes.append(np.column_stack([known, rows[:, column : column + taken]]))
            column += taken
        return holes

    @staticmethod
    def _strengths(holes: Sequence[Array], boards: Array, hi_lo: bool) -> tuple[Array, Array | None]:
        results = [direct(hole, boards, hi_lo) for hole in holes]
        highs = np.stack([high for high, _ in results])
        lows = np.stack([low for _, low in results if low is not None]) if hi_lo else None
        return highs, lows

    # --- Monte Carlo ------------------------------------------------------------------------------------

    def sample(self, tally: Tally, hi_lo: bool, trials: int, rng: np.random.Generator, report: Progress) -> None:
        fixed = all(player.is_fixed for player in self.players)
        if fixed:
            avail = np.union1d(self.rest, np.array(self.board, np.int64))
            tables = [TripleTable(list(player.known), avail) for player in self.players]
            board_positions = np.searchsorted(avail, np.array(self.board, np.int64))
            rest_positions = np.searchsorted(avail, self.rest)
        done = 0
        while done < trials:
            count = min(CHUNK, trials - done)
            if fixed:
                drawn = rest_positions[_distinct_draws(rng, len(self.rest), self.to_come, count)]
                positions = np.sort(
                    np.column_stack([np.broadcast_to(board_positions, (count, len(self.board))), drawn]), axis=1
                )
                highs = np.stack([table.on_boards(positions) for table in tables])
                lows = None
                if hi_lo:
                    masks = low_masks(avail, positions)
                    lows = np.stack([table.low_row[masks] for table in tables]).astype(np.int64)
            else:
                holes, boards = self._sampled_deals(rng, count)
                highs, lows = self._strengths(holes, boards, hi_lo)
            tally.add(highs, lows)
            done += count
            report(done, trials)

    def _sampled_deals(self, rng: np.random.Generator, count: int) -> tuple[list[Array], Array]:
        """``count`` random deals: each listed player's hand by weight (deals where lists collide are drawn
        again), then the wildcards and the board cards to come from the remaining cards in random order."""
        position = np.full(52, -1, np.int64)
        position[self.rest] = np.arange(len(self.rest))
        listed: list[Array] = []
        picks: list[Array] = []
        for options in self.options:
            if options is None:
                continue
            choices, weights = options
            picks.append(rng.choice(len(choices), size=count, p=weights / weights.sum()))
            listed.append(choices[picks[-1]])
        if listed:
            used = np.column_stack(listed)
            good = _distinct_rows(used)
            attempts = 0
            while not good.all():
                attempts += 1
                if attempts > 1000:
                    raise EquityError("the players' ranges almost never fit together (they share cards)")
                bad = np.flatnonzero(~good)
                k = 0
                for options in self.options:
                    if options is None:
                        continue
                    choices, weights = options
                    listed[k][bad] = choices[rng.choice(len(choices), size=len(bad), p=weights / weights.sum())]
                    k += 1
                used = np.column_stack(listed)
                good = _distinct_rows(used)
        wanted = sum(player.wildcards for player in self.players) + self.to_come
        keys = rng.random((count, len(self.rest)))
        if listed:
            np.put_along_axis(keys, position[used], 2.0, axis=1)
        if wanted:
            nearest = np.argpartition(keys, wanted - 1, axis=1)[:, :wanted]
            order = np.argsort(np.take_along_axis(keys, nearest, axis=1), axis=1)
            dealt = self.rest[np.take_along_axis(nearest, order, axis=1)]
        else:
            dealt = np.zeros((count, 0), np.int64)
        holes, column, k = [], 0, 0
        for player in self.players:
            known = np.broadcast_to(np.array(player.known, np.int64), (count, len(player.known)))
            if player.is_list:
                holes.append(listed[k])
                k += 1
            else:
                holes.append(np.column_stack([known, dealt[:, column : column + player.wildcards]]))
                column += player.wildcards
        board = np.broadcast_to(np.array(self.board, np.int64), (count, len(self.board)))
        return holes, np.column_stack([board, dealt[:, column:]])


def weights_are_one(weights: npt.NDArray[np.float64]) -> bool:
    return bool((weights == 1.0).all())


def _cross(rows: Array, coming: Array) -> tuple[Array, Array]:
    """Every dealt row with every set of board cards to come that shares no card with it."""
    left = np.repeat(np.arange(len(rows)), len(coming))
    right = np.tile(np.arange(len(coming)), len(rows))
    if rows.shape[1] and coming.shape[1]:
        clash = (rows[left][:, :, None] == coming[right][:, None, :]).any(axis=(1, 2))
        left, right = left[~clash], right[~clash]
    return left, coming[right]


def _distinct_rows(rows: Array) -> npt.NDArray[np.bool_]:
    if rows.shape[1] < 2:
        return np.ones(len(rows), bool)
    ordered = np.sort(rows, axis=1)
    return np.asarray((ordered[:, 1:] != ordered[:, :-1]).all(axis=1))


def _distinct_draws(rng: np.random.Generator, n: int, k: int, count: int) -> Array:
    """``count`` rows of ``k`` distinct ints below ``n``, each set equally likely (rejection sampling)."""
    if k == 0:
        return np.zeros((count, 0), np.int64)
    out = np.empty((0, k), np.int64)
    while len(out) < count:
        draws = rng.integers(0, n, size=(int((count - len(out)) * 1.3) + 16, k))
        out = np.concatenate([out, draws[_distinct_rows(draws)]])
    return out[:count]


def _card_list(value: object, what: str) -> tuple[Card, ...]:
    if value is None or value == "" or value == ():
        return ()
    try:
        cards = cards_of(value)  # type: ignore[arg-type]  # cards_of checks its input and raises CardError
        require_distinct(cards, value)
    except EngineError as error:
        raise EquityError(f"cannot read the {what} {quote(value)}: {error}") from None
    except (TypeError, ValueError):
        raise EquityError(
            f"the {what} must be card text such as '3d 4s Jc' or a list of cards, got {quote(value)}"
        ) from None
    return cards


def _sized(player: Player, size: int) -> Player:
    if player.wildcards == -1:
        return Player(player.text, wildcards=size)
    if player.size() != size:
        raise EquityError(f"{quote(player.text)} has {player.size()} cards; every hand here has {size}")
    return player


def _result(spot: _Spot, tally: Tally, exact: bool, hi_lo: bool, seed: int | None, seconds: float) -> EquityResult:
    players = []
    for p, player in enumerate(spot.players):
        figures = Figures(*(tally.figure(name, p) for name in FIGURES))
        errors = Figures(*(0.0 if exact else tally.standard_error(name, p) for name in FIGURES))
        shares = None
        if tally.histograms is not None:
            counts = tally.histograms[p]
            shares = tuple(
                (Fraction(int(units), WHOLE), float(counts[units] / counts.sum())) for units in np.flatnonzero(counts)
            )
        players.append(PlayerEquity(player.text, figures, errors, shares))
    no_low = tally.no_low_share() if hi_lo else 1.0
    no_low_error = 0.0 if exact or not hi_lo else float(np.sqrt(no_low * (1 - no_low) / tally.boards))
    return EquityResult(
        tuple(players),
        exact,
        tally.boards,
        no_low,
        no_low_error,
        hi_lo,
        format_cards(spot.board),
        format_cards(spot.dead),
        seed,
        seconds,
    )
