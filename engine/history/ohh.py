"""Open Hand History (OHH, https://hh-specs.handhistory.org, spec 1.4.x): the JSON hand histories trackers and
sites exchange, read into `HandRecord`s and written back from records or engine hands.

A file holds one ``{"ohh": {...}}`` object per hand, separated by a blank line (the spec's storage format); the
reader also takes one object per line (JSON Lines), a JSON array of hands, and hand objects without the
``"ohh"`` wrapper, as exporters write them. docs/ohh.md lists what maps to what; in short:

- ``game_type`` ``OmahaHiLo`` or ``Omaha`` (four or five hole cards: the cards dealt say which), ``bet_limit``
  ``FL``/``PL``/``NL``. Fixed limit has no bet fields in OHH: the small bet is the big blind and the big bet
  twice that, as card rooms deal it.
- Players become the engine's seats in the order of their seat numbers; ``dealer_seat`` is the button.
- An action's ``amount`` is what the player put in with it (the spec: a raise from 2 to 20 is 18), so a bet
  or raise is ``Bet``/``Raise`` to the player's round total plus the amount.
- Pots carry winnings without a high/low label: the record keeps them as (pot, seat, chips) for `replay` to
  check against the engine's own hi-lo split, pot by pot; the pots' rake is the rake the engine takes.
- Runs, bomb pots and capped games (flags ``Run_It_Twice``, ``Bomb_Pot``, ``Cap``) are refused with a clear
  error: the engine's records hold one board and preflop betting.
"""

from __future__ import annotations

import datetime
import json
import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from decimal import Decimal
from pathlib import Path
from typing import Any, NoReturn, TypeGuard, TypeVar

from engine.actions import Action
from engine.betting import BettingStructure, FixedLimit, NoLimit, PotLimit
from engine.cards import Card, parse_cards
from engine.errors import EngineError, HistoryError, NotAHistory, OtherGame
from engine.history.builder import ADDS, CALL, CHECK, FOLD, WAGER, Ledger, LedgerError
from engine.history.ohh_writer import write_ohh, write_ohh_hands
from engine.history.record import HandRecord, Hands, ImpossibleRecord, RecordedShow
from engine.order import MAX_PLAYERS
from engine.rules import Post, PostKind, Rake, Rules, ShowdownPolicy
from engine.validate import exact_amount, is_whole, quote

__all__ = ["read_ohh", "read_ohh_file", "write_ohh", "write_ohh_hands"]

STREETS = ("Preflop", "Flop", "Turn", "River", "Showdown")
_BOARD_CARDS = {"Flop": 3, "Turn": 1, "River": 1}
_POSTS = {"Post SB": PostKind.SMALL_BLIND, "Post BB": PostKind.BIG_BLIND, "Post Ante": PostKind.ANTE,
          "Straddle": PostKind.STRADDLE, "Post Dead": PostKind.DEAD_BLIND, "Post Extra Blind": PostKind.LIVE_BLIND}
_BETTING = ("Fold", "Check", "Call", "Bet", "Raise")
_VERBS = {"Fold": FOLD, "Check": CHECK, "Call": CALL, "Bet": WAGER, "Raise": WAGER}  # every amount is added
_T = TypeVar("_T")
_HARMLESS = ("Sits Down", "Stands Up")
_REFUSED_FLAGS = {"Run_It_Twice": "the board was run more than once", "Bomb_Pot": "it is a bomb pot",
                  "Cap": "the game caps what a player may wager in a hand"}
_CHIP_CURRENCIES = ("", "XPM", "PPC")  # play money and tournament chips: whole chips, no cents
_TOO_MUCH = Decimal(10) ** 15
_MAX_DECIMALS = 6
_SYMBOLS = {"USD": "$", "EUR": "€", "GBP": "£", "CAD": "$"}
_CARD = re.compile(r"^(?:10|[2-9TJQKA])[cdhs]$", re.I)


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
    for number, item in enumerate(_documents(text.removeprefix("\ufeff"), where, source), start=1):
        if isinstance(item, HistoryError):
            out.append(item)
            continue
        out.append(_read_hand(item, source, number))
    if not out:
        return Hands([NotAHistory(f"{where}: no hand found: an OHH file holds {{\"ohh\": {{...}}}} objects, one a "
                                   "hand, separated by blank lines", source=source)])
    return Hands(out)


def _documents(text: str, where: str, source: str) -> Iterator[object | HistoryError]:
    """The JSON values in the text one after another (blank-line separated, one a line, or back to back); a
    top-level array gives its items. A value that is not valid JSON is an error, and reading resumes at the
    next line that starts an object."""
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


def _no_constant(name: str) -> NoReturn:
    raise ValueError(f"{name} is not a number OHH allows")


def _read_hand(item: object, source: str, number: int) -> HandRecord | HistoryError:
    where = source or "<text>"
    hand = item.get("ohh") if isinstance(item, dict) and "ohh" in item else item
    ident = str(number)
    if isinstance(hand, dict) and isinstance(hand.get("game_number"), (str, int)) and not isinstance(
            hand.get("game_number"), bool):
        ident = str(hand["game_number"])[:80]
    try:
        if not isinstance(hand, dict):
            raise HistoryError(f"expected a hand object {{\"ohh\": {{...}}}}, got {quote(item)}")
        return _HandReader(hand, source, ident).read()
    except OtherGame as error:
        return OtherGame(f"{where}: hand #{ident}: {error}", game=error.game, source=source, hand_id=ident)
    except ImpossibleRecord as error:
        return HistoryError(f"{where}: hand #{ident}: {error.problem}", source=source, hand_id=ident)
    except HistoryError as error:
        return HistoryError(f"{where}: hand #{ident}: {error}", source=source, hand_id=ident)
    except EngineError as error:
        return HistoryError(f"{where}: hand #{ident}: {error}", source=source, hand_id=ident)
    except Exception as error:  # a reader must never die on input; the message says it is a bug
        return HistoryError(f"{where}: hand #{ident}: internal error while reading ({type(error).__name__}: "
                            f"{quote(str(error))})", source=source, hand_id=ident)


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

    def read(self) -> HandRecord:
        game = self.field("game_type", str)
        if game not in ("OmahaHiLo", "Omaha"):
            raise OtherGame(f"game_type {quote(game)} is not played here; this engine reads OmahaHiLo and Omaha "
                            "(four or five hole cards)", game=game)
        flags = self.field("flags", list, optional=True) or []
        for flag in flags:
            if flag in _REFUSED_FLAGS:
                raise HistoryError(f"the hand is flagged {flag}: {_REFUSED_FLAGS[flag]}, and the engine's records "
                                   "hold one board, preflop betting and no wager cap, so it cannot be replayed")
        limit = self.field("bet_limit", dict)
        bet_type = limit.get("bet_type")
        if bet_type not in ("FL", "PL", "NL"):
            raise HistoryError(f"bet_limit.bet_type is {quote(bet_type)}; expected FL, PL or NL")
        cap = limit.get("bet_cap", 0)
        if cap is not None and (not isinstance(cap, (int, Decimal)) or isinstance(cap, bool) or cap != 0):
            raise HistoryError(f"bet_limit.bet_cap is {quote(cap)}: capped games are not played by this engine "
                               "(0 means no cap)")
        tournament = self.hand.get("tournament") is True or isinstance(self.hand.get("tournament_info"), dict)
        currency = self.field("currency", str, optional=True) or ""
        players = self._players()
        rounds = self._rounds()
        amounts = self._amounts(players, rounds)
        scale = _scale(amounts, money=not tournament and currency.upper() not in _CHIP_CURRENCIES)
        return _Builder(self, players, rounds, scale, game == "OmahaHiLo", bet_type, tournament, currency).build()

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
            if any(p.ident == ident for p in players) or any(p.seat == seat for p in players) or any(
                    p.name == name for p in players):
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
                raise HistoryError(f"{what}: the {street} deals {_BOARD_CARDS[street]} board card"
                                   f"{'s' if street == 'Flop' else ''}, not {len(cards)}")
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

    def _amounts(self, players: Sequence[_Player],
                 rounds: Sequence[tuple[str, tuple[Card, ...], list[dict[str, Any]]]]) -> list[Decimal]:
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
                amounts += [_amount(pot.get(k), f"a pot's {k}") for k in ("amount", "rake", "jackpot")
                            if pot.get(k) is not None]
                wins = pot.get("player_wins")
                if isinstance(wins, list):
                    amounts += [_amount(w.get("win_amount"), "a win_amount") for w in wins if isinstance(w, dict)]
        return amounts


class _Builder:
    """The second pass: with the scale known, the players, posts, actions and pots in whole chips."""

    def __init__(self, reader: _HandReader, players: list[_Player],
                 rounds: list[tuple[str, tuple[Card, ...], list[dict[str, Any]]]], scale: int, hi_lo: bool,
                 bet_type: str, tournament: bool, currency: str) -> None:
        self.reader, self.hand, self.players, self.rounds = reader, reader.hand, players, rounds
        self.scale, self.hi_lo, self.bet_type = scale, hi_lo, bet_type
        self.tournament, self.currency = tournament, currency
        self.by_id = {p.ident: p for p in players}

    def chips(self, value: object, what: str) -> int:
        return int(_amount(value, what) * self.scale)

    def who(self, action: Mapping[str, Any], what: str) -> _Player:
        ident = action.get("player_id")
        player = self.by_id.get(ident) if isinstance(ident, int) else None
        if player is None:
            raise HistoryError(f"{what}: player_id {quote(action.get('player_id'))} is not among the players")
        return player

    def build(self) -> HandRecord:
        for _, _, entries in self.rounds:
            for entry in entries:
                if entry.get("player_id") in self.by_id:
                    self.by_id[entry["player_id"]].involved = True
        dealt = sorted((p for p in self.players if (p.involved or not p.sitting_out) and p.stack > 0),
                       key=lambda p: p.seat)
        if not 2 <= len(dealt) <= MAX_PLAYERS:
            raise HistoryError(f"{len(dealt)} players are dealt in; a hand needs 2 to {MAX_PLAYERS}")
        for player in self.players:
            if player.involved and player not in dealt:
                raise HistoryError(f"{player.name} acts but has no chips")
        self.index = {p.ident: i for i, p in enumerate(dealt)}
        self.dealt = dealt
        stacks = [self.chips(p.stack, f"{p.name}'s starting_stack") for p in dealt]
        button = self._button()
        posts, actions, reveals, board, ledger = self._play(stacks)
        rules = self._rules(posts)
        hole = tuple(tuple(p.cards) + (None,) * (rules.hole_cards - len(p.cards)) for p in dealt)
        collected, take, won, total = self._pots()
        ledger.check_total(total, "the pots hold", lambda chips: _units(chips, self.scale))
        finishing = ledger.finishing(won)
        if take:
            rules = _with_rake(rules, take)
        return HandRecord(
            self.reader.source, self.reader.ident, rules, tuple(p.name for p in dealt), tuple(stacks), button,
            tuple(posts), hole, tuple(board), tuple(actions), tuple(reveals), finishing_stacks=finishing,
            collected=tuple(collected), rake=take, scale=self.scale, seat_labels=tuple(p.seat for p in dealt),
            fields=self._fields())

    def _button(self) -> int:
        dealer = self.reader.field("dealer_seat", int)
        labels = [p.seat for p in self.dealt]
        if dealer in labels:
            return labels.index(dealer)
        earlier = [i for i, label in enumerate(labels) if label < dealer]
        return earlier[-1] if earlier else len(labels) - 1

    def _play(self, stacks: list[int]) -> tuple[list[Post], list[tuple[int, Action]], list[RecordedShow], list[Card],
                                                Ledger]:
        """Posts, betting actions and shows, with every player's chips put in (uncalled bets returned at the
        end of each round, as the engine returns them)."""
        ledger = Ledger(stacks, [p.name for p in self.dealt])
        posts: list[Post] = []
        actions: list[tuple[int, Action]] = []
        reveals: list[RecordedShow] = []
        board: list[Card] = []
        big_blind_seat: int | None = None
        self.sb = self.bb = 0
        for street, cards, entries in self.rounds:
            if street != "Preflop":
                ledger.end_round()
            board += cards
            for number, entry in enumerate(entries, start=1):
                what = f"{street} action {entry.get('action_number', number)} {quote(entry.get('action'))}"
                kind = entry.get("action")
                if kind in _HARMLESS:
                    continue
                player = self.who(entry, what)
                seat = self.index[player.ident]
                shown = _cards(entry.get("cards"), f"{what}: cards")
                self._learn(player, shown, what)
                amount = self.chips(entry["amount"], f"{what}: amount") if entry.get("amount") is not None else 0
                if kind in _POSTS:
                    if street != "Preflop" or actions:
                        raise HistoryError(f"{what}: a forced bet after the betting began")
                    post = _at(what, self._post, ledger, seat, _POSTS[kind], amount, entry.get("is_allin") is True,
                               big_blind_seat)
                    if post[-1].kind == PostKind.BIG_BLIND:
                        big_blind_seat = seat
                    posts += post
                elif kind == "Dealt Cards":
                    if street != "Preflop":
                        raise HistoryError(f"{what}: hole cards dealt after the preflop (Omaha has no draws)")
                elif kind in _BETTING:
                    if street == "Showdown":
                        raise HistoryError(f"{what}: a betting action in the Showdown round")
                    actions.append((seat, _at(what, ledger.act, seat, _VERBS[kind], amount, ADDS)))
                elif kind in ("Shows Cards", "Mucks Cards"):
                    if any(r.seat == seat for r in reveals):
                        raise HistoryError(f"{what}: {player.name} already showed or mucked")
                    whole = kind == "Shows Cards" and len(player.cards) in (4, 5) and len(shown) == len(player.cards)
                    reveals.append(RecordedShow(seat, tuple(player.cards) if whole else None))
                elif kind == "Added Chips":
                    raise HistoryError(f"{what}: chips added during a hand; add them between hands")
                elif kind == "Add to Pot":
                    raise HistoryError(f"{what}: money added to the pot by the site is not modelled by the engine")
                else:
                    raise HistoryError(f"{what}: unknown action; OHH actions are {', '.join([*_POSTS, *_BETTING])}, "
                                       "Dealt Cards, Shows Cards, Mucks Cards")
        ledger.settle()
        for reveal in list(reveals):  # a show of fewer cards than were dealt is a muck with those cards known
            player = self.dealt[reveal.seat]
            if reveal.cards is not None and len(reveal.cards) != len(player.cards):
                reveals[reveals.index(reveal)] = RecordedShow(reveal.seat, None)
        return posts, actions, reveals, board, ledger

    def _post(self, ledger: Ledger, seat: int, kind: PostKind, paid: int, all_in: bool,
              big_blind_seat: int | None) -> list[Post]:
        """The posts for one forced bet, put in through the ledger (which records a short all-in post at the
        amount due)."""
        small, big = self._blinds()
        if kind == PostKind.BIG_BLIND and big_blind_seat is not None:
            kind = PostKind.LIVE_BLIND  # a second big blind: a new player's, posted out of position
        if kind in (PostKind.LIVE_BLIND, PostKind.DEAD_BLIND) and small and paid == small + big and not all_in:
            # the small and the big blind at once: the small is dead, the big live
            ledger.post(seat, paid, big)
            return [Post(seat, PostKind.DEAD_BLIND, small), Post(seat, PostKind.LIVE_BLIND, big)]
        if kind == PostKind.LIVE_BLIND and paid < big and not all_in:
            kind = PostKind.DEAD_BLIND  # an extra blind below the big blind is dead money
        due = {PostKind.SMALL_BLIND: small, PostKind.BIG_BLIND: big, PostKind.LIVE_BLIND: big}.get(kind, 0)
        if kind == PostKind.ANTE:
            due = self._ante()
        return [ledger.forced(seat, kind, paid, due, all_in)]

    def _blinds(self) -> tuple[int, int]:
        if not self.bb:
            small, big = self.hand.get("small_blind_amount"), self.hand.get("big_blind_amount")
            posted = self._posted_amounts()
            self.sb = self.chips(small, "small_blind_amount") if small is not None else posted.get("Post SB", 0)
            self.bb = self.chips(big, "big_blind_amount") if big is not None else posted.get("Post BB", 0)
        return self.sb, self.bb

    def _ante(self) -> int:
        ante = self.hand.get("ante_amount")
        chips = self.chips(ante, "ante_amount") if ante is not None else 0
        return chips or self._posted_amounts().get("Post Ante", 0)

    def _posted_amounts(self) -> dict[str, int]:
        out: dict[str, int] = {}
        for entry in self.rounds[0][2]:
            if entry.get("action") in _POSTS and entry.get("amount") is not None and entry.get("is_allin") is not True:
                out[entry["action"]] = max(out.get(entry["action"], 0), self.chips(entry["amount"], "a post"))
        return out

    def _learn(self, player: _Player, cards: tuple[Card, ...], what: str) -> None:
        for card in cards:
            if card not in player.cards:
                if len(player.cards) >= 5:
                    raise HistoryError(f"{what}: {player.name} would hold more than five cards")
                player.cards.append(card)

    def _rules(self, posts: Sequence[Post]) -> Rules:
        small, big = self._blinds()
        ante = max((p.amount for p in posts if p.kind == PostKind.ANTE), default=0)
        betting: BettingStructure
        if self.bet_type == "FL":
            if not big:
                raise HistoryError("a fixed-limit hand needs big_blind_amount: its small bet is the big blind")
            betting = FixedLimit(big, 2 * big)
        else:
            betting = PotLimit() if self.bet_type == "PL" else NoLimit()
        most = max((len(p.cards) for p in self.dealt), default=0)  # a partial show knows fewer cards
        blinds = (small, big) if small else (big,) if big else ()
        try:
            return Rules(betting=betting, blinds=blinds, ante=ante, hole_cards=5 if most == 5 else 4,
                         hi_lo=self.hi_lo, showdown=ShowdownPolicy.RECORDED)
        except EngineError as error:
            raise HistoryError(f"impossible rules: {error}") from None

    def _pots(self) -> tuple[list[tuple[int | None, int, int]], int, list[int], int]:
        """The winnings pot by pot as (pot number, seat, chips), the rake (and jackpot) taken, each seat's
        total, and what the pots hold (which the ledger checks against what the players put in)."""
        pots = self.reader.field("pots", list)
        collected: list[tuple[int | None, int, int]] = []
        won = [0] * len(self.dealt)
        take = total = 0
        for index, pot in enumerate(pots):
            what = f"pots[{index}]"
            if not isinstance(pot, dict):
                raise HistoryError(f"{what} is {quote(pot)}; expected a pot object")
            number = pot.get("number", index)
            if not _counted(number) or number >= MAX_PLAYERS:
                raise HistoryError(f"{what}.number is {quote(number)}; the main pot is 0, side pots 1, 2, ...")
            total += self.chips(pot.get("amount"), f"{what}.amount")
            take += sum(self.chips(pot[k], f"{what}.{k}") for k in ("rake", "jackpot") if pot.get(k) is not None)
            wins = pot.get("player_wins", [])
            if not isinstance(wins, list):
                raise HistoryError(f"{what}.player_wins must be a list, got {quote(wins)}")
            for win in wins:
                if not isinstance(win, dict):
                    raise HistoryError(f"{what}.player_wins holds {quote(win)}; expected player_wins objects")
                for extra in ("cashout_amount", "cashout_fee", "bonus_amount"):
                    if win.get(extra) not in (None, 0):
                        raise HistoryError(f"{what}: {extra} {quote(win[extra])}: cash-outs and bonuses are not "
                                           "modelled by the engine")
                player = self.who(win, f"{what}.player_wins")
                seat = self.index[player.ident]
                chips = self.chips(win.get("win_amount"), f"{what}.win_amount")
                collected.append((number, seat, chips))
                won[seat] += chips
        return collected, take, won, total

    def _fields(self) -> tuple[tuple[str, object], ...]:
        """What the writers can use again: the table, its size, the money, the date, the site, the tournament."""
        hand = self.hand
        fields: list[tuple[str, object]] = []
        for key, name in (("table_name", "table"), ("table_size", "max_seats"), ("site_name", "site_name"),
                          ("network_name", "network_name"), ("start_date_utc", "start_date_utc")):
            value = hand.get(key)
            if (isinstance(value, str) and value and len(value) <= 200 and "\n" not in value) or (
                    key == "table_size" and is_whole(value, minimum=2, maximum=100)):
                fields.append((name, value))
        date = _ps_date(hand.get("start_date_utc"))
        if date:
            fields.append(("date", date))
        if self.currency and self.currency.upper() not in _CHIP_CURRENCIES and not self.tournament:
            fields += [("symbol", _SYMBOLS.get(self.currency.upper(), "$")), ("currency", self.currency)]
        if self.tournament:
            info = hand.get("tournament_info")
            number = info.get("tournament_number") if isinstance(info, dict) else None
            fields.append(("tournament", str(number) if isinstance(number, (str, int)) and str(number).isalnum()
                           else "0"))
            if isinstance(info, dict):
                fields.append(("ohh_tournament_info", json.dumps(info, sort_keys=True, default=str)))
        hero = hand.get("hero_player_id")
        if _counted(hero) and hero in self.index:
            fields.append(("hero_seat", self.index[hero]))
        return tuple(fields)


def _at(what: str, step: Callable[..., _T], *args: object) -> _T:
    """One step of the ledger, its complaint said at this action."""
    try:
        return step(*args)
    except LedgerError as error:
        raise HistoryError(f"{what}: {error}") from None


def _with_rake(rules: Rules, take: int) -> Rules:
    import attrs

    return attrs.evolve(rules, rake=Rake.exactly(take))


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


def _units(chips: int, scale: int) -> str:
    return str(chips) if scale == 1 else str(Decimal(chips) / scale)


def _cards(value: object, what: str) -> tuple[Card, ...]:
    """OHH card strings ("As", "Td"); the spec writes an empty string or null for no cards."""
    if value is None or value == "" or value == []:
        return ()
    if not isinstance(value, list) or not all(isinstance(card, str) and _CARD.match(card) for card in value):
        raise HistoryError(f"{what} is {quote(value)}; expected a list of cards such as [\"As\", \"Td\"]")
    try:
        return parse_cards(" ".join(value))
    except EngineError as error:
        raise HistoryError(f"{what}: {error}") from None


def _ps_date(value: object) -> str:
    """The OHH date as PokerStars writes one ("2015/10/23 15:52:33 UTC"), for the PokerStars writer."""
    if not isinstance(value, str):
        return ""
    try:
        moment = datetime.datetime.fromisoformat(value.replace("Z", "+00:00"))
    except ValueError:
        return ""
    return f"{moment:%Y/%m/%d} {moment.hour}:{moment:%M:%S} UTC"
