"""Open Hand History (OHH, https://hh-specs.handhistory.org, spec 1.4.x): the JSON hand histories trackers and
sites exchange, read into facts (`engine.history.facts`) that `build_record` turns into `HandRecord`s, as every
format's are; written back from records or engine hands.

A file holds one ``{"ohh": {...}}`` object per hand, separated by a blank line (the spec's storage format); the
reader also takes one object per line (JSON Lines), a JSON array of hands, and hand objects without the
``"ohh"`` wrapper, as exporters write them. docs/ohh.md lists what maps to what; in short:

- ``game_type`` ``OmahaHiLo`` or ``Omaha`` (four or five hole cards: the cards dealt say which), ``bet_limit``
  ``FL``/``PL``/``NL``. Fixed limit has no bet fields in OHH: the small bet is the big blind and the big bet
  twice that, as card rooms deal it.
- Players become the engine's seats in the order of their seat numbers; ``dealer_seat`` is the button.
- An action's ``amount`` is what the player put in with it (the spec: a raise from 2 to 20 is 18): the facts'
  adding convention. The blind and ante amounts the hand states are stated blinds; a player not sitting out
  is dealt in; the hole cards are as many as a player is seen with (5 in Big O); a "Post Dead" or "Post
  Extra Blind" is the builder's dead or extra blind.
- Pots carry winnings without a high/low label: the record keeps them as (pot, seat, chips) for `replay` to
  check against the engine's own hi-lo split, pot by pot; the pots' rake is the rake the engine takes.
- Runs, bomb pots and capped games (flags ``Run_It_Twice``, ``Bomb_Pot``, ``Cap``) are refused with a clear
  error: the engine's records hold one board and preflop betting.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator, Mapping, Sequence
from decimal import Decimal
from pathlib import Path
from typing import Any, NamedTuple, NoReturn, TypeGuard

from engine.cards import Card, parse_cards
from engine.errors import EngineError, HistoryError, NotAHistory, OtherGame
from engine.history import facts as f
from engine.history.builder import ADDS, CALL, CHECK, FOLD, WAGER
from engine.history.building import build_record
from engine.history.ohh_writer import LIMITS, write_ohh, write_ohh_hands
from engine.history.phh import is_last_word
from engine.history.record import PLAY_MONEY, SYMBOLS, HandRecord, Hands, cut_short
from engine.order import MAX_PLAYERS
from engine.validate import exact_amount, is_whole, quote

__all__ = ["read_ohh", "read_ohh_file", "write_ohh", "write_ohh_hands"]

STREETS = ("Preflop", "Flop", "Turn", "River", "Showdown")
_BOARD_CARDS = {"Flop": 3, "Turn": 1, "River": 1}
_POSTS = {
    "Post SB": f.SMALL_BLIND,
    "Post BB": f.BIG_BLIND,
    "Post Ante": f.ANTE,
    "Straddle": f.STRADDLE,
    "Post Dead": f.DEAD_BLIND,
    "Post Extra Blind": f.EXTRA_BLIND,
}
_VERBS = {"Fold": FOLD, "Check": CHECK, "Call": CALL, "Bet": WAGER, "Raise": WAGER}  # every amount is added
_HARMLESS = ("Sits Down", "Stands Up")
_REFUSED_FLAGS = {
    "Run_It_Twice": "the board was run more than once",
    "Bomb_Pot": "it is a bomb pot",
    "Cap": "the game caps what a player may wager in a hand",
}
_CHIP_CURRENCIES = ("", *PLAY_MONEY)  # play money and tournament chips: whole chips, no cents
_TOO_MUCH = Decimal(10) ** 15
_MAX_DECIMALS = 6
_CARD = re.compile(r"^(?:10|[2-9TJQKA])[cdhs]$", re.I)
_GAME_NUMBER = re.compile(r'"game_number"\s*:\s*("(?:[^"\\\n]|\\.)*"|-?[0-9]+\s*[,}])')


# --- reading --------------------------------------------------------------------------------------------------


def read_ohh_file(path: str | Path) -> Hands:
    """Read an ``.ohh`` file (UTF-8 with or without a byte-order mark, or UTF-16 with one), through
    `read_history`."""
    from engine.history.files import read_history

    return read_history(path, "ohh")


def read_ohh(text: str, source: str = "") -> Hands:
    """Every hand in an OHH text, in order: a record, or the `HistoryError` that kept the hand from being read
    (reading goes on with the next). A text without a hand is one error. Never raises on bad input."""
    where = source or "<text>"
    if not isinstance(text, str):
        return Hands([HistoryError(f"{where}: OHH text must be a str, got {type(text).__name__}", source=source)])
    out: list[HandRecord | HistoryError] = []
    documents = list(_documents(text.removeprefix("\ufeff"), where, source))
    if documents and not any(isinstance(item, (HistoryError, _Cut)) or _looks_like_ohh(item) for item in documents):
        return Hands(
            [
                NotAHistory(
                    f"{where}: a JSON file that is not an OHH hand history (no object has "
                    f"{_HAND_KEYS_TEXT} key): nothing to read",
                    source=source,
                )
            ]
        )
    for number, item in enumerate(documents, start=1):
        if isinstance(item, _Cut):
            out.append(cut_short(text.removeprefix("\ufeff"), source, item.game_number or str(number)))
            continue
        if isinstance(item, HistoryError):
            out.append(item)
            continue
        out.append(_read_hand(item, source, number))
    if not out:
        return Hands(
            [
                NotAHistory(
                    f'{where}: no hand found: an OHH file holds {{"ohh": {{...}}}} objects, one a '
                    "hand, separated by blank lines",
                    source=source,
                )
            ]
        )
    return Hands(out)


class _Cut(NamedTuple):
    """The last JSON value of a text that stops in the middle of it: a hand cut short (its game number, when the
    text got that far)."""

    game_number: str


def _documents(text: str, where: str, source: str) -> Iterator[object | HistoryError | _Cut]:
    """The JSON values in the text one after another (blank-line separated, one a line, or back to back); a
    top-level array gives its items. A value that is not valid JSON is an error, and reading resumes at the
    next line that starts an object; one the text stops in the middle of is `_Cut`, the last."""
    decoder = json.JSONDecoder(parse_float=Decimal, parse_constant=_no_constant)
    position = 0
    while True:
        while position < len(text) and text[position] in " \t\r\n":
            position += 1
        if position >= len(text):
            return
        try:
            value, end = decoder.raw_decode(text, position)
        except (ValueError, RecursionError) as error:
            if isinstance(error, json.JSONDecodeError) and _ends_in_cut(text, error):
                yield _Cut(_game_number(text[position:]))
                return
            line = text.count("\n", 0, position) + 1
            yield HistoryError(f"{where}: line {line}: not valid JSON: {quote(str(error))}", source=source)
            resume = text.find("\n{", position + 1)
            if resume < 0:
                return
            position = resume + 1
            continue
        position = end
        if isinstance(value, list):
            yield from value
        else:
            yield value


def _ends_in_cut(text: str, error: json.JSONDecodeError) -> bool:
    """Whether a JSON error is where a cut would leave it: nothing but blanks after it (the text ends inside a
    value), a string that runs to the end, or the last word (``tr`` of ``true``)."""
    rest = text[error.pos :]
    return not rest.strip() or error.msg.startswith("Unterminated string") or is_last_word(rest)


def _game_number(text: str) -> str:
    """The game number a hand cut short states before the cut, or "" (a number or a string the cut ends in is
    not taken: it may be only the start of one)."""
    found = _GAME_NUMBER.search(text)
    if found is None:
        return ""
    value = found.group(1).rstrip(",} \t\r\n")
    try:
        return str(json.loads(value))[:80]
    except ValueError:
        return ""


_HAND_KEYS = ("ohh", "game_type", "rounds", "game_number")
_HAND_KEYS_TEXT = "an " + ", ".join(f'"{key}"' for key in _HAND_KEYS[:-1]) + f' or "{_HAND_KEYS[-1]}"'


def _looks_like_ohh(item: object) -> bool:
    """Whether a JSON value is meant as a hand: OHH's wrapper, or a hand's own keys (a settings file has none)."""
    return isinstance(item, dict) and bool(set(_HAND_KEYS) & set(item))


def _no_constant(name: str) -> NoReturn:
    raise ValueError(f"{name} is not a number OHH allows")


def _read_hand(item: object, source: str, number: int) -> HandRecord | HistoryError:
    where = source or "<text>"
    hand = item.get("ohh") if isinstance(item, dict) and "ohh" in item else item
    ident = str(number)
    if (
        isinstance(hand, dict)
        and isinstance(hand.get("game_number"), (str, int))
        and not isinstance(hand.get("game_number"), bool)
    ):
        ident = str(hand["game_number"])[:80]
    try:
        if not isinstance(hand, dict):
            raise HistoryError(f'expected a hand object {{"ohh": {{...}}}}, got {quote(item)}')
        facts = _HandReader(hand, source, ident).read()
    except OtherGame as error:
        return OtherGame(f"{where}: hand #{ident}: {error}", game=error.game, source=source, hand_id=ident)
    except HistoryError as error:
        return HistoryError(f"{where}: hand #{ident}: {error}", source=source, hand_id=ident)
    except EngineError as error:
        return HistoryError(f"{where}: hand #{ident}: {error}", source=source, hand_id=ident)
    except Exception as error:  # a reader must never die on input; the message says it is a bug
        return HistoryError(
            f"{where}: hand #{ident}: internal error while reading ({type(error).__name__}: {quote(str(error))})",
            source=source,
            hand_id=ident,
        )
    try:
        return build_record(facts)  # its refusals name the hand and the action
    except HistoryError as error:
        return error
    except Exception as error:  # a builder bug: still a report, never a crash
        return HistoryError(
            f"{where}: hand #{ident}: internal error while building ({type(error).__name__}: {quote(str(error))})",
            source=source,
            hand_id=ident,
        )


class _Player:
    """One player of the hand while reading: who, and what they put in and took out, in the file's units."""

    def __init__(self, ident: int, seat: int, name: str, stack: Decimal) -> None:
        self.ident, self.seat, self.name, self.stack = ident, seat, name, stack
        self.cards: list[Card] = []
        self.involved = False
        self.sitting_out = False


class _HandReader:
    """One OHH hand object into a `HandRecord`; raises HistoryError naming the field or action at fault."""

    def __init__(self, hand: Mapping[str, Any], source: str, ident: str) -> None:
        self.hand, self.source, self.ident = hand, source, ident

    def field(self, name: str, kinds: type | tuple[type, ...], *, optional: bool = False) -> Any:
        if name not in self.hand or self.hand[name] is None:
            if optional:
                return None
            raise HistoryError(f"missing field {quote(name)}")
        value = self.hand[name]
        if not isinstance(value, kinds) or (isinstance(value, bool) and bool not in _as_tuple(kinds)):
            raise HistoryError(f"field {quote(name)} is {quote(value)}; expected {_kind_names(kinds)}")
        return value

    def read(self) -> f.HandFacts:
        """The hand's facts, for `build_record`."""
        game = self.field("game_type", str)
        if game not in ("OmahaHiLo", "Omaha"):
            raise OtherGame(
                f"game_type {quote(game)} is not played here; this engine reads OmahaHiLo and Omaha "
                "(four or five hole cards)",
                game=game,
            )
        flags = self.field("flags", list, optional=True) or []
        for flag in flags:
            if flag in _REFUSED_FLAGS:
                raise HistoryError(
                    f"the hand is flagged {flag}: {_REFUSED_FLAGS[flag]}, and the engine's records "
                    "hold one board, preflop betting and no wager cap, so it cannot be replayed"
                )
        limit = self.field("bet_limit", dict)
        bet_type = limit.get("bet_type")
        if bet_type not in LIMITS:
            raise HistoryError(f"bet_limit.bet_type is {quote(bet_type)}; expected {', '.join(LIMITS)}")
        cap = limit.get("bet_cap", 0)
        if cap is not None and (not isinstance(cap, (int, Decimal)) or isinstance(cap, bool) or cap != 0):
            raise HistoryError(
                f"bet_limit.bet_cap is {quote(cap)}: capped games are not played by this engine (0 means no cap)"
            )
        tournament = self.hand.get("tournament") is True or isinstance(self.hand.get("tournament_info"), dict)
        currency = self.field("currency", str, optional=True) or ""
        players = self._players()
        rounds = self._rounds()
        amounts = self._amounts(players, rounds)
        scale = _scale(amounts, money=not tournament and currency.upper() not in _CHIP_CURRENCIES)
        return _Facts(self, players, rounds, scale, game == "OmahaHiLo", bet_type, tournament, currency).facts()

    def _players(self) -> list[_Player]:
        raw = self.field("players", list)
        players: list[_Player] = []
        for index, entry in enumerate(raw):
            what = f"players[{index}]"
            if not isinstance(entry, dict):
                raise HistoryError(f"{what} is {quote(entry)}; expected a player object")
            ident, seat, name = entry.get("id"), entry.get("seat"), entry.get("name")
            if not _counted(ident) or not _counted(seat):
                raise HistoryError(f"{what} needs whole-number 'id' and 'seat', got {quote(ident)} and {quote(seat)}")
            if not isinstance(name, str) or not name or len(name) > 200 or any(c in name for c in "\r\n"):
                raise HistoryError(f"{what}.name is {quote(name)}; expected a one-line name")
            stack = _amount(entry.get("starting_stack"), f"{what}.starting_stack")
            if (
                any(p.ident == ident for p in players)
                or any(p.seat == seat for p in players)
                or any(p.name == name for p in players)
            ):
                raise HistoryError(f"{what}: id {ident}, seat {seat} or name {quote(name)} is listed twice")
            player = _Player(ident, seat, name, stack)
            player.sitting_out = entry.get("is_sitting_out") is True
            players.append(player)
        return players

    def _rounds(self) -> list[tuple[str, tuple[Card, ...], list[dict[str, Any]]]]:
        raw = self.field("rounds", list)
        out: list[tuple[str, tuple[Card, ...], list[dict[str, Any]]]] = []
        last = -1
        for index, entry in enumerate(raw):
            what = f"rounds[{index}]"
            if not isinstance(entry, dict):
                raise HistoryError(f"{what} is {quote(entry)}; expected a round object")
            street = entry.get("street")
            if street not in STREETS:
                raise HistoryError(f"{what}.street is {quote(street)}; expected one of {', '.join(STREETS)}")
            order = STREETS.index(street)
            if order <= last:
                more = " (a second board: run-it-twice hands cannot be replayed)" if order else ""
                raise HistoryError(f"{what}: the {street} round comes after the {STREETS[last]}{more}")
            last = order
            cards = _cards(entry.get("cards"), f"{what}.cards")
            if street in _BOARD_CARDS and len(cards) != _BOARD_CARDS[street]:
                raise HistoryError(
                    f"{what}: the {street} deals {_BOARD_CARDS[street]} board card"
                    f"{'s' if street == 'Flop' else ''}, not {len(cards)}"
                )
            if street not in _BOARD_CARDS and cards:
                raise HistoryError(f"{what}: the {street} round deals no board cards, got {len(cards)}")
            actions = entry.get("actions", [])
            if not isinstance(actions, list) or not all(isinstance(a, dict) for a in actions):
                raise HistoryError(f"{what}.actions must be a list of action objects, got {quote(actions)}")
            numbers = [a.get("action_number") for a in actions]
            if all(_counted(n) for n in numbers):
                actions = sorted(actions, key=lambda a: a["action_number"])  # the spec numbers them in order
            out.append((street, cards, actions))
        if not out or out[0][0] != "Preflop":
            raise HistoryError("the hand has no Preflop round (every hand has round 0, Preflop)")
        return out

    def _amounts(
        self, players: Sequence[_Player], rounds: Sequence[tuple[str, tuple[Card, ...], list[dict[str, Any]]]]
    ) -> list[Decimal]:
        amounts = [p.stack for p in players]
        for name in ("small_blind_amount", "big_blind_amount", "ante_amount"):
            value = self.hand.get(name)
            if value is not None:
                amounts.append(_amount(value, name))
        for _, _, actions in rounds:
            amounts += [_amount(a["amount"], "an action's amount") for a in actions if a.get("amount") is not None]
        pots = self.field("pots", list, optional=True) or []
        for pot in pots:
            if isinstance(pot, dict):
                amounts += [
                    _amount(pot.get(k), f"a pot's {k}") for k in ("amount", "rake", "jackpot") if pot.get(k) is not None
                ]
                wins = pot.get("player_wins")
                if isinstance(wins, list):
                    amounts += [_amount(w.get("win_amount"), "a win_amount") for w in wins if isinstance(w, dict)]
        return amounts


class _Facts:
    """The second pass: with the scale known, the hand's facts in whole chips, in the file's order: the players,
    the posts, actions and cards round by round, then the pots' winnings."""

    def __init__(
        self,
        reader: _HandReader,
        players: list[_Player],
        rounds: list[tuple[str, tuple[Card, ...], list[dict[str, Any]]]],
        scale: int,
        hi_lo: bool,
        bet_type: str,
        tournament: bool,
        currency: str,
    ) -> None:
        self.reader, self.hand, self.players, self.rounds = reader, reader.hand, players, rounds
        self.scale, self.hi_lo, self.bet_type = scale, hi_lo, bet_type
        self.tournament, self.currency = tournament, currency
        self.by_id = {p.ident: p for p in players}

    def chips(self, value: object, what: str) -> int:
        return int(_amount(value, what) * self.scale)

    def stated(self, name: str) -> int | None:
        value = self.hand.get(name)
        return self.chips(value, name) if value is not None else None

    def who(self, action: Mapping[str, Any], what: str) -> _Player:
        ident = action.get("player_id")
        player = self.by_id.get(ident) if isinstance(ident, int) else None
        if player is None:
            raise HistoryError(f"{what}: player_id {quote(action.get('player_id'))} is not among the players")
        return player

    def facts(self) -> f.HandFacts:
        dealer = self.reader.field("dealer_seat", int)
        seats = tuple(
            f.Seat(
                p.seat, p.name, self.chips(p.stack, f"{p.name}'s starting_stack"), dealt=None if p.sitting_out else True
            )
            for p in self.players
        )
        events, board = self._events()
        collected, total, take, jackpot = self._pots()
        ante = self.stated("ante_amount")
        game = f.Game(
            self.hi_lo,
            None,
            LIMITS[self.bet_type],
            None,
            self.scale,
            blinds=(self.stated("small_blind_amount"), self.stated("big_blind_amount")),
            ante=ante or None,
            all_blinds_posted=True,
        )
        hero = self.hand.get("hero_player_id")
        return f.HandFacts(
            self.reader.source,
            self.reader.ident,
            None,
            game,
            seats,
            dealer,
            tuple(events + collected),
            board,
            f.Summary(total, None, take, total_said="the pots hold", jackpot=jackpot),
            self._fields(),
            hero=self.by_id[hero].name if _counted(hero) and hero in self.by_id else None,
            line_word="action",
        )

    def _events(self) -> tuple[list[f.Event], tuple[Card, ...]]:
        """The rounds' posts, actions, cards and shows as facts, and the board their cards make."""
        events: list[f.Event] = []
        board: list[Card] = []
        betting = False
        for street, cards, entries in self.rounds:
            if street in _BOARD_CARDS:
                events.append(f.Street((0, street), STREETS.index(street) + 1))
            board += cards
            for number, entry in enumerate(entries, start=1):
                kind = entry.get("action")
                line = (entry.get("action_number", number), f"{street} {kind}")
                what = f"{street} action {line[0]} {quote(kind)}"
                if kind in _HARMLESS:
                    continue
                name = self.who(entry, what).name
                shown = _cards(entry.get("cards"), f"{what}: cards")
                if shown:
                    events.append(f.Cards(line, name, shown))
                amount = self.chips(entry["amount"], f"{what}: amount") if entry.get("amount") is not None else 0
                if kind in _POSTS:
                    if street != "Preflop" or betting:
                        raise HistoryError(f"{what}: a forced bet after the betting began")
                    events.append(f.Posted(line, name, _POSTS[kind], amount, entry.get("is_allin") is True))
                elif kind in _VERBS:
                    if street == "Showdown":
                        raise HistoryError(f"{what}: a betting action in the Showdown round")
                    events.append(f.Acted(line, name, _VERBS[kind], amount, ADDS))
                    betting = True
                elif kind in ("Shows Cards", "Mucks Cards"):
                    events.append(f.Revealed(line, name, len(shown) if kind == "Shows Cards" else 0))
                elif kind == "Added Chips":
                    raise HistoryError(f"{what}: chips added during a hand; add them between hands")
                elif kind == "Add to Pot":
                    raise HistoryError(f"{what}: money added to the pot by the site is not modelled by the engine")
                elif kind != "Dealt Cards":
                    raise HistoryError(
                        f"{what}: unknown action; OHH actions are {', '.join([*_POSTS, *_VERBS])}, "
                        "Dealt Cards, Shows Cards, Mucks Cards"
                    )
        return events, tuple(board)

    def _pots(self) -> tuple[list[f.Event], int, int, int]:
        """The winnings pot by pot, as the pots list them; what the pots hold, what the house took (rake and
        jackpot) and the jackpot's part of it."""
        events: list[f.Event] = []
        total = take = jackpot = 0
        for index, pot in enumerate(self.reader.field("pots", list)):
            what = f"pots[{index}]"
            if not isinstance(pot, dict):
                raise HistoryError(f"{what} is {quote(pot)}; expected a pot object")
            number = pot.get("number", index)
            if not _counted(number) or number >= MAX_PLAYERS:
                raise HistoryError(f"{what}.number is {quote(number)}; the main pot is 0, side pots 1, 2, ...")
            total += self.chips(pot.get("amount"), f"{what}.amount")
            take += sum(self.chips(pot[k], f"{what}.{k}") for k in ("rake", "jackpot") if pot.get(k) is not None)
            if pot.get("jackpot") is not None:
                jackpot += self.chips(pot["jackpot"], f"{what}.jackpot")
            wins = pot.get("player_wins", [])
            if not isinstance(wins, list):
                raise HistoryError(f"{what}.player_wins must be a list, got {quote(wins)}")
            for win in wins:
                if not isinstance(win, dict):
                    raise HistoryError(f"{what}.player_wins holds {quote(win)}; expected player_wins objects")
                for extra in ("cashout_amount", "cashout_fee", "bonus_amount"):
                    if win.get(extra) not in (None, 0):
                        raise HistoryError(
                            f"{what}: {extra} {quote(win[extra])}: cash-outs and bonuses are not modelled by the engine"
                        )
                name = self.who(win, f"{what}.player_wins").name
                events.append(f.Collected(None, name, self.chips(win.get("win_amount"), f"{what}.win_amount"), number))
        return events, total, take, jackpot

    def _fields(self) -> tuple[tuple[str, object], ...]:
        """What the writers can use again: the table, its size, the money, the date, the site, the tournament."""
        hand = self.hand
        fields: list[tuple[str, object]] = []
        for key, name in (
            ("table_name", "table"),
            ("table_size", "max_seats"),
            ("site_name", "site_name"),
            ("network_name", "network_name"),
            ("start_date_utc", "start_date_utc"),
        ):
            value = hand.get(key)
            if (isinstance(value, str) and value and len(value) <= 200 and "\n" not in value) or (
                key == "table_size" and is_whole(value, minimum=2, maximum=100)
            ):
                fields.append((name, value))
        if self.currency and self.currency.upper() not in _CHIP_CURRENCIES and not self.tournament:
            fields += [("symbol", SYMBOLS.get(self.currency.upper(), "$")), ("currency", self.currency)]
        elif self.currency.upper() in PLAY_MONEY and not self.tournament:
            fields.append(("play_money", True))
        if self.tournament:
            info = hand.get("tournament_info")
            number = info.get("tournament_number") if isinstance(info, dict) else None
            fields.append(
                ("tournament", str(number) if isinstance(number, (str, int)) and str(number).isalnum() else "0")
            )
            if isinstance(info, dict):
                fields.append(("ohh_tournament_info", json.dumps(info, sort_keys=True, default=str)))
        return tuple(fields)


def _counted(value: object) -> TypeGuard[int]:
    """A number OHH counts with (an id, a seat number): a whole number from 0 below a trillion."""
    return is_whole(value, minimum=0, maximum=10**12 - 1)


def _as_tuple(kinds: type | tuple[type, ...]) -> tuple[type, ...]:
    return kinds if isinstance(kinds, tuple) else (kinds,)


def _kind_names(kinds: type | tuple[type, ...]) -> str:
    names = {dict: "an object", list: "a list", str: "a string", int: "a whole number", Decimal: "a number"}
    return " or ".join(names.get(kind, kind.__name__) for kind in _as_tuple(kinds))


def _amount(value: object, what: str) -> Decimal:
    number = exact_amount(value, what, error=HistoryError)
    if number >= _TOO_MUCH:
        raise HistoryError(f"{what} is too large ({number:.3e}); amounts stay below {_TOO_MUCH:.0e}")
    exponent = number.normalize().as_tuple().exponent
    if isinstance(exponent, int) and -exponent > _MAX_DECIMALS:
        raise HistoryError(f"{what} {quote(value)} has more than {_MAX_DECIMALS} decimal places")
    return number


def _scale(amounts: Sequence[Decimal], *, money: bool) -> int:
    """The power of ten that makes every amount whole chips: cents at least for money games."""
    places: int = 2 if money else 0
    for number in amounts:
        exponent = number.normalize().as_tuple().exponent
        if isinstance(exponent, int):
            places = max(places, -exponent)
    return int(10**places)


def _cards(value: object, what: str) -> tuple[Card, ...]:
    """OHH card strings ("As", "Td"); the spec writes an empty string or null for no cards."""
    if value is None or value == "" or value == []:
        return ()
    if not isinstance(value, list) or not all(isinstance(card, str) and _CARD.match(card) for card in value):
        raise HistoryError(f'{what} is {quote(value)}; expected a list of cards such as ["As", "Td"]')
    try:
        return parse_cards(" ".join(value))
    except EngineError as error:
        raise HistoryError(f"{what}: {error}") from None
