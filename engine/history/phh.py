"""PHH, the open "Poker Hand History" format (phh-std, https://phh.readthedocs.io): reading and writing.

A ``.phh`` file is one TOML document describing one hand; a ``.phhs`` file holds many, one TOML table each
(``[1]``, ``[2]``, ...). `read_phh` turns either into `HandRecord`s, collecting a `HistoryError` for each hand it
cannot read and going on with the next (as python-chess's PGN reader does); `write_phh` and `write_phhs` write
records, or engine hands, back out. docs/phh.md describes the mapping in full; in short:

- Variant codes: PHH's own ``FO/8`` (fixed-limit Omaha hi-lo) and ``PO`` (pot-limit Omaha, high only, as in
  PokerKit), and, new here in the standard's scheme (F/P/N betting, O for Omaha, /8 for the eight-or-better low
  half), ``PO/8``, ``NO/8``, ``FO`` and ``NO``. Big O needs no code: five dealt cards make five hole cards.
- Player ``pK`` is engine seat K-1 and the button the last seat; heads-up PHH reverse-assigns antes and blinds,
  so the button posts the small blind, as in the engine. The writer rotates a hand so its button is last.
- The reader turns the TOML into facts (`engine.history.facts`) and `build_record` makes the record, as for
  every format: ``cbr`` is a wager written as a total and ``cc`` a check or call the rules size, told apart
  by the round's bet level the builder's ledger keeps (it never consults the engine the record is checked
  against); the forced bets are stated as set, by position.
- Float amounts are read exactly; the record's ``scale`` makes them whole chips, and the writer gives them back
  with as many decimals. Fields the engine does not use are kept in ``HandRecord.fields`` and written back;
  engine options PHH has no field for travel as ``_max_raises``, ``_uncapped_heads_up`` and ``_rake``.
"""

from __future__ import annotations

import datetime
import math
import re
import tomllib
from collections.abc import Callable, Iterable, Mapping, Sequence
from decimal import Decimal, InvalidOperation
from pathlib import Path
from typing import NamedTuple

import attrs

from engine.actions import Action, Bet, Fold, Raise
from engine.cards import RANK_CHARS, SUIT_CHARS, Card, make_card
from engine.errors import EngineError, HistoryError, NotAHistory, OtherGame
from engine.history import facts as f
from engine.history.builder import CHECK_OR_CALL, FOLD, TOTALS, WAGER
from engine.history.building import build_record
from engine.history.engine_hands import state_to_record, table_seating
from engine.history.record import HandRecord, Hands, cut_short
from engine.history.replay import deck_for, replay
from engine.order import MAX_PLAYERS
from engine.rules import Rules, ShowdownPolicy
from engine.state import HandState, Street, start_hand
from engine.table import Table
from engine.validate import exact_amount, flag, quote, whole

__all__ = [
    "VARIANTS",
    "TomlTable",
    "read_phh",
    "read_phh_file",
    "state_to_record",
    "table_seating",
    "write_phh",
    "write_phhs",
]

VARIANTS: dict[str, tuple[str, bool]] = {
    "FO/8": ("fixed", True),
    "PO/8": ("pot", True),
    "NO/8": ("no", True),
    "FO": ("fixed", False),
    "PO": ("pot", False),
    "NO": ("no", False),
}
"""Variant code -> (betting structure, hi-lo). ``FO/8`` and ``PO`` are PHH's own; the others are this module's."""
_STRUCTURES = {"fixed": f.FIXED, "pot": f.POT, "no": f.NO}
"""The structure of each of `VARIANTS`' words, by its title (the writer goes the other way)."""

_OTHER_GAMES = {
    "FT": "fixed-limit Texas hold'em",
    "NT": "no-limit Texas hold'em",
    "NS": "no-limit short-deck hold'em",
    "F7S": "fixed-limit seven card stud",
    "F7S/8": "seven card stud hi-lo",
    "FR": "razz",
    "N2L1D": "no-limit 2-7 single draw",
    "F2L3D": "fixed-limit 2-7 triple draw",
    "FB": "badugi",
}
"""The standard's codes for games other than Omaha: hands of these are passed over and noted, not broken."""

_EXTENSIONS = ("_max_raises", "_uncapped_heads_up", "_rake", "_jackpot")
_CONSUMED = frozenset(
    (
        "variant",
        "antes",
        "blinds_or_straddles",
        "small_bet",
        "big_bet",
        "min_bet",
        "starting_stacks",
        "actions",
        "players",
        "finishing_stacks",
        "winnings",
        "seats",
        *_EXTENSIONS,
    )
)
_WRITTEN_APART = _CONSUMED | {"jackpot"}  # the record's fields the writer writes in PHH's terms (the jackpot in
# the hand's units, as _jackpot), not as they are
_MAX_DECIMALS = 6
_TOO_MUCH = Decimal(10) ** 15  # in the hand's units: far above any real stack, far below a number too long to print
_MAX_LABEL = 10**6
_BIG_INT_BITS = 3000  # a whole number this long cannot be a hand's field; Python will not even print it
_PLAYER = re.compile(r"p([1-9][0-9]{0,2})")
_HEADER = re.compile(r"^[ \t]*\[([^\[\]\n]*)\][ \t]*(?:#[^\n]*)?$", re.M)
_CUT_HEADER = re.compile(r"^[ \t]*\[([^\[\]\n]*)\Z", re.M)  # a .phhs cut in a table's header: '[2'
_TOML_ERROR_AT = re.compile(r"\(at (?:end of document|line ([0-9]+), column ([0-9]+))\)$")
_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")
_WHOLE = re.compile(r"0|[1-9][0-9]{0,17}")  # written as a TOML integer
_STREET_ENDS = (3, 4, 5)
_VERBS = {"f": FOLD, "cc": CHECK_OR_CALL, "cbr": WAGER}  # cc: the call the rules size; cbr: the bet's total
_BOARD_BY_STREET = {Street.PREFLOP: 0, Street.FLOP: 3, Street.TURN: 4, Street.RIVER: 5}


class TomlTable(tuple[tuple[str, object], ...]):
    """A TOML table kept in `HandRecord.fields` as (key, value) pairs: hashable like the rest of a record, and
    written back as a table rather than as an array."""

    __slots__ = ()


# --- reading --------------------------------------------------------------------------------------------------


def read_phh_file(path: str | Path) -> Hands:
    """Read a ``.phh`` or ``.phhs`` file (UTF-8, or UTF-16 with a byte-order mark), through `read_history`."""
    from engine.history.files import read_history

    return read_history(path, "phh")


def read_phh(text: str, source: str = "") -> Hands:
    """Every hand in a ``.phh`` (one hand) or ``.phhs`` (a table per hand) text, in order; a hand that cannot be
    read is a `HistoryError` in its place, saying where (source, table, hand) and what (the field or action).
    A text without a hand (an empty file, say) is one HistoryError."""
    return Hands(_read_text(text, source))


def _read_text(text: str, source: str) -> list[HandRecord | HistoryError]:
    where = source or "<text>"
    if not isinstance(text, str):
        return [HistoryError(f"{where}: PHH text must be a str, got {type(text).__name__}", source=source)]
    text = text.removeprefix("\ufeff")
    cut_header = _CUT_HEADER.search(text)
    if cut_header is not None:  # the hands before the header are whole
        before = text[: cut_header.start()]
        key = cut_header.group(1).strip().strip("\"'")
        return [*(_read_text(before, source) if before.strip() else []), cut_short(text, source, key)]
    try:
        document = tomllib.loads(text, parse_float=Decimal)
    except Exception as error:  # tomllib raises TOMLDecodeError, and on pathological input other errors
        return _read_chunks(text, source, error)
    try:
        return _read_document(document, source)
    except Exception as error:  # never let garbage escape as anything but a HistoryError
        return [HistoryError(f"{where}: cannot read: {quote(error)}", source=source)]


def _read_document(document: dict[str, object], source: str) -> list[HandRecord | HistoryError]:
    where = source or "<text>"
    if "actions" in document or "variant" in document:
        return [_read_one(document, source, None)]
    out: list[HandRecord | HistoryError] = []
    for key, value in document.items():
        if isinstance(value, dict):
            out.append(_read_one(value, source, key))
        else:
            out.append(
                HistoryError(
                    f"{where}: field {quote(key)} stands outside any hand: a .phh file needs "
                    "'variant' and 'actions', a .phhs file a [table] per hand",
                    source=source,
                )
            )
    if not out:
        out.append(NotAHistory(f"{where}: no hand found (a .phh file needs 'variant' and 'actions')", source=source))
    return out


def _read_chunks(text: str, source: str, error: Exception) -> list[HandRecord | HistoryError]:
    """The whole text is not valid TOML: when it is a ``.phhs``, read each table on its own so one damaged hand
    does not lose the others."""
    where = source or "<text>"
    headers = list(_HEADER.finditer(text))
    if not headers:
        if _ends_in_cut(text, error):
            return [cut_short(text, source, Path(source).stem if source else "")]
        return [HistoryError(f"{where}: not valid TOML: {error}", source=source)]
    out: list[HandRecord | HistoryError] = []
    preamble = text[: headers[0].start()]
    try:
        if tomllib.loads(preamble):
            out.append(HistoryError(f"{where}: fields stand before the first [table]", source=source))
    except Exception as problem:
        out.append(HistoryError(f"{where}: not valid TOML before the first [table]: {problem}", source=source))
    for index, header in enumerate(headers):
        end = headers[index + 1].start() if index + 1 < len(headers) else len(text)
        key = header.group(1).strip().strip("\"'")
        body = text[header.end() : end]
        try:
            table = tomllib.loads(body, parse_float=Decimal)
        except Exception as problem:
            if end == len(text) and _ends_in_cut(body, problem):
                out.append(cut_short(text, source, key))
                continue
            line = text.count("\n", 0, header.end()) + 1
            out.append(
                HistoryError(
                    f"{where} [{_short(key)}]: not valid TOML (the table starts on line {line}): {problem}",
                    source=source,
                    hand_id=key,
                )
            )
            continue
        out.append(_read_one(table, source, key))
    return out


def _ends_in_cut(text: str, error: Exception) -> bool:
    """Whether a TOML error is where a cut would leave it: the text ends inside a value (an array, a string: the
    error is at the end of the document), or in its last word (``tr`` of ``true``, ``1.`` of ``1.5``)."""
    at = _TOML_ERROR_AT.search(str(error))
    if at is None:
        return False
    if at.group(1) is None:
        return True
    last_line = text.rsplit("\n", 1)[-1]
    return int(at.group(1)) == text.count("\n") + 1 and is_last_word(last_line[int(at.group(2)) - 1 :])


def is_last_word(rest: str) -> bool:
    """Whether what follows a parse error is at most a word: a value the text stops in the middle of."""
    return not any(ch.isspace() for ch in rest)


def _read_one(data: Mapping[str, object], source: str, key: str | None) -> HandRecord | HistoryError:
    where = source or "<text>"
    if key is not None:
        where += f" [{_short(key)}]"
    ident = key if key is not None else Path(source).stem if source else ""
    try:
        hand = _frozen(data.get("hand"))
        if hand is not None:
            where += f", hand {_short(str(hand))}"
            ident = str(hand)
        facts = _HandReader(data, source, ident, where).read()
    except OtherGame as error:
        return OtherGame(f"{where}: {error}", game=error.game, source=source, hand_id=ident)
    except HistoryError as error:
        return HistoryError(f"{where}: {error}", source=source, hand_id=ident)
    except Exception as error:  # a reader bug or an input nobody foresaw: still a report, never a crash
        return HistoryError(f"{where}: cannot read: {quote(error)}", source=source, hand_id=ident)
    try:
        return build_record(facts)  # its refusals name the hand and the action
    except HistoryError as error:
        return error
    except Exception as error:  # a builder bug: still a report, never a crash
        return HistoryError(f"{where}: cannot build: {quote(error)}", source=source, hand_id=ident)


def _short(text: str) -> str:
    """A name from the file, as it is when short, quoted and cut when long (an error never echoes 5 MB)."""
    return text if len(text) <= 40 else quote(text)


class _Stakes(NamedTuple):
    """The bet sizes as the hand writes them: fixed limit's small and big bet, or the other structures' minimum
    bet."""

    small_bet: Decimal | None
    big_bet: Decimal | None
    min_bet: Decimal | None


class _Line(NamedTuple):
    """One action line, parsed: ``actor`` is the acting seat (for ``dh`` the seat dealt to; -1 for ``db``)."""

    number: int
    text: str
    actor: int
    verb: str
    cards: tuple[Card | None, ...] | None = None
    amount: Decimal | None = None


def _number(value: object, what: str, *, positive: bool = False) -> Decimal:
    number = exact_amount(value, what, positive=positive, error=HistoryError)
    if number >= _TOO_MUCH:
        raise HistoryError(f"{what} is too large ({number:.3e}); amounts stay below {_TOO_MUCH:.0e}")
    return number


def _decimals(number: Decimal) -> int:
    exponent = number.as_tuple().exponent
    return max(0, -exponent) if isinstance(exponent, int) else 0


def _parse_cards(text: str, what: str) -> tuple[Card | None, ...]:
    """PHH card text: two characters a card, no separators; ``??`` is an unknown card."""
    if not text or len(text) % 2:
        raise HistoryError(f"{what}: {quote(text)} is not card text (two characters a card, e.g. 'As7d' or '????')")
    cards: list[Card | None] = []
    for i in range(0, len(text), 2):
        rank, suit = text[i].upper(), text[i + 1].lower()
        if rank == "?" and suit == "?":
            cards.append(None)
        elif rank in RANK_CHARS and suit in SUIT_CHARS:
            cards.append(make_card(RANK_CHARS.index(rank) + 2, suit))
        else:
            raise HistoryError(
                f"{what}: {quote(text[i : i + 2])} is not a card (ranks 2-9 T J Q K A, suits c d h s, "
                "'??' for an unknown card)"
            )
    return tuple(cards)


def _frozen(value: object) -> object:
    """TOML values made hashable: arrays become tuples, tables `TomlTable`s."""
    if isinstance(value, int) and value.bit_length() > _BIG_INT_BITS:
        raise HistoryError(f"a number with {value.bit_length()} bits is no field value")
    if isinstance(value, list):
        return tuple(_frozen(item) for item in value)
    if isinstance(value, dict):
        return TomlTable((str(k), _frozen(v)) for k, v in value.items())
    return value


class _HandReader:
    """One hand's fields into facts; raises HistoryError naming the field or action at fault (``where`` names
    the hand, for the builder's refusals)."""

    def __init__(self, data: Mapping[str, object], source: str, ident: str, where: str) -> None:
        self.data = data
        self.source = source
        self.ident = ident
        self.where = where
        self.amounts: list[Decimal] = []

    def field(self, name: str) -> object:
        if name not in self.data:
            raise HistoryError(f"missing field {quote(name)}")
        return self.data[name]

    def per_player(self, name: str, n: int, *, scalar: bool = False) -> list[object]:
        value = self.field(name)
        if scalar and not isinstance(value, list):
            return [value] * n
        if not isinstance(value, list):
            raise HistoryError(f"field {quote(name)} must be an array with one entry per player, got {quote(value)}")
        if len(value) != n:
            raise HistoryError(f"field {quote(name)} has {len(value)} entries for {n} players")
        return value

    def amount(self, value: object, what: str, *, positive: bool = False) -> Decimal:
        number = _number(value, what, positive=positive)
        self.amounts.append(number)
        return number

    def read(self) -> f.HandFacts:
        """The hand's facts, for `build_record`: the players p1..pn dealt in (the button last), the antes and
        the blinds by position as forced bets stated outright, the action lines as written."""
        variant = self.variant()
        structure, hi_lo = VARIANTS[variant]
        if "bring_in" in self.data:
            raise HistoryError("field 'bring_in' belongs to stud games, not to Omaha")
        stacks = self.starting_stacks()
        n = len(stacks)
        antes = self.amounts_per_player("antes", n, scalar=True)
        blinds = self.amounts_per_player("blinds_or_straddles", n)
        stakes = self.stakes(variant)
        finishing = self.amounts_per_player("finishing_stacks", n) if "finishing_stacks" in self.data else None
        winnings = self.amounts_per_player("winnings", n) if "winnings" in self.data else None
        rake = self.amount(self.data["_rake"], "_rake") if "_rake" in self.data else None
        jackpot = self.amount(self.data["_jackpot"], "_jackpot") if "_jackpot" in self.data else None
        lines = self.action_lines(n)
        scale = self.scale()

        def chips(amount: Decimal) -> int:
            return int(amount * scale)

        max_raises, uncapped = self.limit_options(structure)
        if structure == "fixed":
            assert stakes.small_bet is not None and stakes.big_bet is not None
            game = f.Game(
                hi_lo,
                None,
                f.FIXED,
                (chips(stakes.small_bet), chips(stakes.big_bet)),
                scale,
                max_raises=max_raises,
                uncapped_heads_up=uncapped,
                all_blinds_posted=True,
            )
        else:  # min_bet is the big blind
            assert stakes.min_bet is not None
            game = f.Game(
                hi_lo,
                None,
                _STRUCTURES[structure],
                None,
                scale,
                blinds=(None, chips(stakes.min_bet)),
                all_blinds_posted=True,
            )
        names, labels = self.names(n), self.seat_labels(n)
        order = _table_order(labels) or tuple(range(1, n + 1))  # each player's place in the seats' order
        seats = tuple(
            f.Seat(
                order[k],
                f"p{k + 1}",
                chips(stacks[k]),
                dealt=True,
                player=names[k],
                number=labels[k] if labels is not None else None,
                finishing=chips(finishing[k]) if finishing is not None else None,
            )
            for k in range(n)
        )
        if n == 2:  # heads-up PHH reverse-assigns antes and blinds: p2, the button, posts the first entry
            antes, blinds = antes[::-1], blinds[::-1]
        events: list[f.Event] = [
            f.Posted(None, f"p{k + 1}", f.ANTE, chips(a), convention=f.DUE) for k, a in enumerate(antes) if a
        ]
        events += [f.Posted(None, f"p{k + 1}", f.BLIND, chips(b), convention=f.DUE) for k, b in enumerate(blinds) if b]
        board = self.events(lines, n, events, chips)
        won = tuple(f.Won(None, order[k], chips(w)) for k, w in enumerate(winnings)) if winnings is not None else None
        summary = f.Summary(
            take=chips(rake) if rake is not None else None,
            won=won,
            derive_take=False,
            jackpot=chips(jackpot) if jackpot is not None else 0,
        )
        fields = tuple((name, _frozen(value)) for name, value in self.data.items() if name not in _CONSUMED)
        return f.HandFacts(
            self.source,
            self.ident,
            None,
            game,
            seats,
            order[-1],
            tuple(events),
            board,
            summary,
            fields,
            where=self.where,
            line_word="action",
        )

    def variant(self) -> str:
        """The variant code, one this engine plays."""
        variant = self.field("variant")
        if isinstance(variant, str) and variant in _OTHER_GAMES:
            raise OtherGame(
                f"field 'variant' is {quote(variant)}, {_OTHER_GAMES[variant]}: this engine plays "
                f"{', '.join(VARIANTS)} (Omaha)",
                game=variant,
            )
        if not isinstance(variant, str) or variant not in VARIANTS:
            raise HistoryError(
                f"field 'variant' is {quote(variant)}; this engine plays {', '.join(VARIANTS)} "
                "(Omaha, fixed/pot/no limit, /8 for hi-lo)"
            )
        return variant

    def starting_stacks(self) -> list[Decimal]:
        """The starting stacks, which also say how many players the hand has."""
        stacks_raw = self.field("starting_stacks")
        if not isinstance(stacks_raw, list):
            raise HistoryError(f"field 'starting_stacks' must be an array, got {quote(stacks_raw)}")
        n = len(stacks_raw)
        if not 2 <= n <= MAX_PLAYERS:
            raise HistoryError(f"field 'starting_stacks' names {n} players; a hand has 2 to {MAX_PLAYERS}")
        return [self.amount(v, f"starting_stacks[{i}]", positive=True) for i, v in enumerate(stacks_raw)]

    def amounts_per_player(self, name: str, n: int, *, scalar: bool = False) -> list[Decimal]:
        return [self.amount(v, f"{name}[{i}]") for i, v in enumerate(self.per_player(name, n, scalar=scalar))]

    def stakes(self, variant: str) -> _Stakes:
        """The bet sizes as written: fixed limit has a small and a big bet, the other structures a minimum bet;
        a field of the other kind is an error."""
        structure = VARIANTS[variant][0]
        if structure == "fixed":
            if "min_bet" in self.data:
                raise HistoryError(f"field 'min_bet' is not a field of the fixed-limit variant {variant}")
            small_bet = self.amount(self.field("small_bet"), "small_bet", positive=True)
            big_bet = self.amount(self.field("big_bet"), "big_bet", positive=True)
            return _Stakes(small_bet, big_bet, None)
        for name in ("small_bet", "big_bet"):
            if name in self.data:
                raise HistoryError(f"field {quote(name)} is not a field of the {structure}-limit variant {variant}")
        return _Stakes(None, None, self.amount(self.field("min_bet"), "min_bet", positive=True))

    def action_lines(self, n: int) -> list[_Line]:
        """The action lines, parsed (no-ops left out); their amounts count toward the hand's decimal places."""
        actions = self.field("actions")
        if not isinstance(actions, list):
            raise HistoryError(f"field 'actions' must be an array of strings, got {quote(actions)}")
        parsed = [self.parse_action(number, text, n) for number, text in enumerate(actions, start=1)]
        lines = [line for line in parsed if line is not None]
        self.amounts.extend(line.amount for line in lines if line.amount is not None)
        return lines

    def scale(self) -> int:
        """Chips per unit: enough to make every amount read so far a whole number of chips."""
        places = max((_decimals(a) for a in self.amounts), default=0)
        if places > _MAX_DECIMALS:
            raise HistoryError(f"amounts have {places} decimal places; at most {_MAX_DECIMALS} are supported")
        return int(10**places)

    def limit_options(self, structure: str) -> tuple[int, bool]:
        """Fixed limit's cap (``_max_raises``, ``_uncapped_heads_up``); fields of fixed limit only."""
        if structure != "fixed":
            for name in ("_max_raises", "_uncapped_heads_up"):
                if name in self.data:
                    raise HistoryError(f"field {quote(name)} applies to fixed limit only")
            return 3, False
        max_raises = self.data.get("_max_raises", 3)
        uncapped = self.data.get("_uncapped_heads_up", False)
        return (
            whole(max_raises, "field '_max_raises'", minimum=0, maximum=_MAX_LABEL, error=HistoryError),
            flag(uncapped, "field '_uncapped_heads_up'", error=HistoryError),
        )

    def names(self, n: int) -> tuple[str, ...]:
        if "players" not in self.data:
            return tuple(f"p{k}" for k in range(1, n + 1))
        names = self.per_player("players", n)
        if not all(isinstance(name, str) for name in names):
            raise HistoryError(f"field 'players' must hold names (strings), got {quote(names)}")
        return tuple(str(name) for name in names)

    def seat_labels(self, n: int) -> tuple[int, ...] | None:
        """The players' seat numbers at the table, when the hand has a ``seats`` field."""
        if "seats" not in self.data:
            return None
        labels: list[int] = []
        for label in self.per_player("seats", n):
            labels.append(
                whole(label, "field 'seats': a seat number", minimum=0, maximum=_MAX_LABEL, error=HistoryError)
            )
        return tuple(labels)

    def parse_action(self, number: int, text: object, n: int) -> _Line | None:
        if not isinstance(text, str):
            raise HistoryError(f"action {number} must be a string, got {quote(text)}")
        what = f"action {number} {quote(text.strip())}"
        words = text.split("#", 1)[0].split()
        if not words:
            return None  # a no-op: empty, or commentary only
        if words[0] == "d":
            if len(words) == 4 and words[1] == "dh":
                return _Line(number, text, self.player(words[2], n, what), "dh", cards=_parse_cards(words[3], what))
            if len(words) == 3 and words[1] == "db":
                return _Line(number, text, -1, "db", cards=_parse_cards(words[2], what))
            raise HistoryError(f"{what}: the dealer's actions are 'd dh pN CARDS' and 'd db CARDS'")
        seat = self.player(words[0], n, what)
        verb, args = (words[1], words[2:]) if len(words) > 1 else ("", [])
        if verb in ("f", "cc") and not args:
            return _Line(number, text, seat, verb)
        if verb == "cbr" and len(args) == 1:
            try:
                amount = Decimal(args[0])
            except InvalidOperation:
                raise HistoryError(f"{what}: amount {quote(args[0])} is not a number") from None
            return _Line(number, text, seat, verb, amount=_number(amount, f"{what}: the amount", positive=True))
        if verb == "sm" and len(args) <= 1:
            if not args:
                return _Line(number, text, seat, "sm", cards=None)
            if args[0] == "-":
                return _Line(number, text, seat, "sm-")
            return _Line(number, text, seat, "sm", cards=_parse_cards(args[0], what))
        if verb in ("pb", "sd"):
            raise HistoryError(f"{what}: {'bring-ins' if verb == 'pb' else 'draws'} are not part of Omaha")
        raise HistoryError(f"{what}: not PHH action notation (pN f, pN cc, pN cbr AMOUNT, pN sm [CARDS])")

    @staticmethod
    def player(word: str, n: int, what: str) -> int:
        match = _PLAYER.fullmatch(word)
        if match is None:
            raise HistoryError(f"{what}: {quote(word)} is not a player (p1, p2, ...)")
        index = int(match.group(1))
        if index > n:
            raise HistoryError(f"{what}: there is no player p{index} in a {n}-player hand")
        return index - 1

    def events(
        self, lines: Sequence[_Line], n: int, events: list[f.Event], chips: Callable[[Decimal], int]
    ) -> tuple[Card, ...]:
        """The action lines as facts, after the posts in ``events``: cards dealt (``??`` unknown), the board's
        streets, the betting (``cc`` sized by the rules, ``cbr`` a total), shows and mucks; the board."""
        dealt: list[list[Card | None]] = [[] for _ in range(n)]
        board: list[Card] = []
        unknown_board = 0  # cards dealt as '??': the board's end, unknown (the engine deals spare cards there)
        for line in lines:
            what = f"action {line.number} {quote(line.text.strip())}"
            at, player = (line.number, line.text.strip()), f"p{line.actor + 1}"
            if line.verb == "dh":
                assert line.cards is not None
                dealt[line.actor] += line.cards
                events.append(f.Cards(at, player, line.cards, dealt=True))
            elif line.verb == "db":
                assert line.cards is not None
                for card in line.cards:
                    if card is not None and unknown_board:
                        raise HistoryError(f"{what}: a known board card after an unknown one cannot be replayed")
                    if card is None:
                        unknown_board += 1
                    else:
                        board.append(card)
                size = len(board) + unknown_board
                if size not in _STREET_ENDS:
                    raise HistoryError(
                        f"{what}: the board would hold {size} cards; the flop is 3 cards, the turn "
                        "and the river one each"
                    )
                events.append(f.Street(at, _STREET_ENDS.index(size) + 2))
            elif line.verb in _VERBS:
                amount = chips(line.amount) if line.amount is not None else None
                events.append(f.Acted(at, player, _VERBS[line.verb], amount, TOTALS))
            elif line.verb == "sm-":  # the cards dealt, shown
                cards = dealt[line.actor]
                if not cards or None in cards:
                    raise HistoryError(f"{what}: 'sm -' shows the cards dealt, and {player}'s are not known")
                events.append(f.Revealed(at, player, len(cards)))
            elif line.cards is None or None in line.cards:  # 'sm', or a show with unknown cards: a muck
                events.append(f.Revealed(at, player))
            else:
                if dealt[line.actor] and len(line.cards) != len(dealt[line.actor]):
                    raise HistoryError(
                        f"{what}: {player} shows {len(line.cards)} cards but was dealt {len(dealt[line.actor])}"
                    )
                events.append(f.Cards(at, player, line.cards))
                events.append(f.Revealed(at, player, len(line.cards)))
        return tuple(board)


# --- writing --------------------------------------------------------------------------------------------------


def write_phhs(records: Iterable[HandRecord | HandState]) -> str:
    """Many hands as one ``.phhs`` text: a table ``[1]``, ``[2]``, ... per hand."""
    return "\n".join(f"[{index}]\n{write_phh(record)}" for index, record in enumerate(records, start=1))


def write_phh(
    record: HandRecord | HandState,
    *,
    players: Sequence[str] | None = None,
    source: str = "",
    id: str = "",
    table: Table | None = None,
) -> str:
    """A record (or an engine hand, through `state_to_record`) as ``.phh`` text. For an engine hand, the names
    are ``players``, or those of the ``table`` that dealt it (`table_seating`), with their seat numbers.

    Board cards are placed where the engine deals them (after the action that closes a round); when the betting
    ends with a board still to come, the shows come first and the rest of the board after, as PokerKit writes.
    """
    if isinstance(record, HandState):
        record = state_to_record(record, players, source, id, table=table)
    elif players is not None or table is not None:
        raise HistoryError("players and table name the players of an engine hand; a record has its own names")
    n = len(record.starting_stacks)
    order = [(record.button + 1 + k) % n for k in range(n)]  # PHH player k+1 is engine seat order[k]
    label = {seat: f"p{k + 1}" for k, seat in enumerate(order)}
    places = _places(record.scale)

    def amount(chips: int) -> str:
        return _amount(chips, record.scale, places)

    dead = [0] * n
    live = [0] * n
    for post in record.posts:
        (live if post.live else dead)[post.seat] += post.amount
    antes, blinds = [dead[seat] for seat in order], [live[seat] for seat in order]
    if n == 2:
        antes, blinds = antes[::-1], blinds[::-1]
    rules = record.rules
    variant = _variant_code(rules)
    out = [
        f"variant = {_toml(variant)}",
        f"antes = [{', '.join(map(amount, antes))}]",
        f"blinds_or_straddles = [{', '.join(map(amount, blinds))}]",
    ]
    bets = rules.betting.fixed_bets
    if bets is not None:
        out += [f"small_bet = {amount(bets[0])}", f"big_bet = {amount(bets[1])}"]
    else:
        out.append(f"min_bet = {amount(max(rules.big_blind, 1))}")
    out.append(f"starting_stacks = [{', '.join(amount(record.starting_stacks[s]) for s in order)}]")
    lines = [f"d dh {label[seat]} {_card_text(record.hole[seat], rules.hole_cards)}" for seat in order]
    lines += _action_lines(record, label, amount)
    out.append("actions = [\n" + "".join(f"  {_toml(line)},\n" for line in lines) + "]")
    out += [f"{_key(name)} = {_toml(value)}" for name, value in record.fields if name not in _WRITTEN_APART]
    names = tuple(record.players[seat] if seat < len(record.players) else "" for seat in order)
    if "hand" not in dict(record.fields) and record.id and record.id != Path(record.source).stem:
        # an id that is not the file's own name (that one travels with the file)
        out.append(f"hand = {record.id if _WHOLE.fullmatch(record.id) else _toml(record.id)}")
    if record.seat_labels is not None and len(record.seat_labels) == n:
        out.append(f"seats = [{', '.join(str(record.seat_labels[s]) for s in order)}]")
    if record.players and names != tuple(f"p{k}" for k in range(1, n + 1)):
        out.append(f"players = [{', '.join(_toml(name) for name in names)}]")
    if record.finishing_stacks is not None and len(record.finishing_stacks) == n:
        out.append(f"finishing_stacks = [{', '.join(amount(record.finishing_stacks[s]) for s in order)}]")
    if record.collected is not None:
        won = [0] * n
        for _, seat, chips in record.collected:
            if 0 <= seat < n:
                won[seat] += chips
        out.append(f"winnings = [{', '.join(amount(won[s]) for s in order)}]")
    if rules.betting.raise_cap not in (None, 3):
        out.append(f"_max_raises = {rules.betting.raise_cap}")
    if rules.betting.cap_lifted_heads_up:
        out.append("_uncapped_heads_up = true")
    rake = _rake_of(record)
    if rake is not None:
        out.append(f"_rake = {amount(rake)}")
        if record.jackpot:
            out.append(f"_jackpot = {amount(min(record.jackpot, rake))}")  # the part of _rake that is a jackpot
    return "\n".join(out) + "\n"


def _table_order(labels: Sequence[int] | None) -> tuple[int, ...] | None:
    """The seats' order by their numbers at the table (``seats``), when those go round the table as PHH's players
    do (clockwise from the small blind: 7, 9, 2, 3 at a ten-seat table), so that a hand written again (as
    PokerStars text) lists its seats in their numbers' order; None when the numbers are not all different or
    do not go round in PHH's order (then the players' own order is kept)."""
    if labels is None or len(set(labels)) != len(labels):
        return None
    first = labels.index(min(labels))
    if [*labels[first:], *labels[:first]] != sorted(labels):
        return None
    return tuple(labels)


def _variant_code(rules: Rules) -> str:
    kind = next((kind for kind, title in _STRUCTURES.items() if title == rules.betting.title), None)
    if kind is None:
        raise HistoryError(
            f"PHH cannot write a hand of the {rules.betting.name!r} betting structure: its variants name "
            f"{', '.join(_STRUCTURES.values())} only"
        )
    return next(code for code, spec in VARIANTS.items() if spec == (kind, rules.hi_lo))


def _rake_of(record: HandRecord) -> int | None:
    if record.rake is not None:
        return record.rake
    if record.rules.rake is None:
        return None
    if record.rules.rake.fixed is not None:
        return record.rules.rake.fixed
    report = replay(record)
    return report.state.result.rake if report.state is not None and report.state.result is not None else None


def _action_lines(record: HandRecord, label: Mapping[int, str], amount: Callable[[int], str]) -> list[str]:
    """The betting, board and showdown lines, in the order the engine plays them."""
    lines: list[str] = []
    board = record.board
    emitted = 0

    def deal(upto: int) -> None:
        """The board up to ``upto`` cards, a street a line; a street the record does not know is '??'."""
        nonlocal emitted
        for end in _STREET_ENDS:
            if emitted < end <= upto:
                lines.append("d db " + _card_text(board[emitted:end], end - emitted))
                emitted = end
        if emitted < upto:  # a board of an odd size (not 3, 4 or 5 cards): written as it is
            lines.append("d db " + _card_text(board[emitted:upto], upto - emitted))
            emitted = upto

    def shows() -> list[str]:
        return [
            f"{label[r.seat]} sm" + (" " + "".join(map(str, r.cards)) if r.cards is not None else "")
            for r in record.reveals
            if r.seat in label
        ]

    def word(action: Action) -> str:
        if isinstance(action, (Bet, Raise)):
            return f"cbr {amount(action.to)}"
        return "f" if isinstance(action, Fold) else "cc"

    state: HandState | None
    try:
        state = start_hand(
            attrs.evolve(record.rules, showdown=ShowdownPolicy.RECORDED),
            record.starting_stacks,
            record.button,
            deck=deck_for(record),
            posts=record.posts,
        )
    except EngineError:
        state = None
    revealed = False
    pending = list(record.actions)
    if state is not None and state.street >= Street.SHOWDOWN:
        lines += shows()
        revealed = True
    while pending:
        seat, action = pending.pop(0)
        lines.append(f"{label.get(seat, f'p{seat + 1}')} {word(action)}")
        if state is None:
            continue
        before = state.street
        try:
            state = state.apply(action, seat=seat)
        except EngineError:
            state = None
            continue
        if state.street > before:
            done = _BOARD_BY_STREET.get(before, 5)
            if state.street >= Street.SHOWDOWN and state.folded.count(False) > 1 and not revealed:
                deal(done)
                lines += shows()
                revealed = True
            deal(len(state.board))
    deal(len(board))
    if not revealed:
        lines += shows()
    return lines


def _places(scale: int) -> int | None:
    """Decimal places for amounts at ``scale``: 2 for 100; None when the scale is not a power of ten."""
    places = round(math.log10(scale)) if scale > 0 else 0
    return places if 10**places == scale else None


def _amount(chips: int, scale: int, places: int | None) -> str:
    if scale == 1:
        return str(chips)
    value = Decimal(chips) / Decimal(scale)
    if places is not None:
        return f"{value:.{places}f}"
    text = str(value.normalize())
    return text if "." in text or "E" in text else text + ".0"


def _card_text(cards: Sequence[Card | None], count: int) -> str:
    cards = list(cards) + [None] * (count - len(cards))
    return "".join(str(c) if c is not None else "??" for c in cards)


def _key(name: str) -> str:
    return name if _BARE_KEY.fullmatch(name) else _toml(name)


def _toml(value: object) -> str:
    """A TOML value: strings, numbers, booleans, dates and times, arrays and tables (inline)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        out = []
        for ch in value:
            if ch in '"\\':
                out.append("\\" + ch)
            elif ch == "\n":
                out.append("\\n")
            elif ch == "\t":
                out.append("\\t")
            elif ord(ch) < 0x20 or ord(ch) == 0x7F:
                out.append(f"\\u{ord(ch):04X}")
            else:
                out.append(ch)
        return '"' + "".join(out) + '"'
    if isinstance(value, int):
        return str(value)
    if isinstance(value, (Decimal, float)):
        if math.isnan(value):
            return "nan"
        if math.isinf(value):
            return "inf" if value > 0 else "-inf"
        text = str(value) if isinstance(value, Decimal) else repr(value)
        return text if any(ch in text for ch in ".eE") else text + ".0"
    if isinstance(value, (datetime.datetime, datetime.date, datetime.time)):
        return value.isoformat()
    if isinstance(value, TomlTable):
        return "{ " + ", ".join(f"{_key(str(k))} = {_toml(v)}" for k, v in value) + " }" if value else "{}"
    if isinstance(value, Mapping):
        return _toml(TomlTable((str(k), v) for k, v in value.items()))
    if isinstance(value, (tuple, list)):
        return "[" + ", ".join(_toml(item) for item in value) + "]"
    return _toml(str(value))
