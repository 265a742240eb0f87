"""Writing Open Hand History (OHH 1.4.x JSON): a record (replayed to learn what the engine did) or an engine hand.
`engine.history.ohh` reads them back and re-exports these writers; docs/ohh.md lists what maps to what.

OHH can say one board, preflop betting, blinds, antes, straddles, dead blinds, rake and side pots. What it cannot
say is refused with a `HistoryError` naming it, as the other writers do: several boards or runs and bomb pots
(the engine's records cannot hold them either), fixed-limit stakes other than small bet = big blind and big bet =
twice that (OHH has no bet fields), a raise cap other than three, and five-card Omaha without a known hole card
(only the cards dealt say that five were dealt).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from decimal import Decimal
from typing import Any

from engine.cards import Card
from engine.errors import HistoryError
from engine.events import Acted, BoardDealt, Mucked, Posted, Shown
from engine.history import facts as f
from engine.history.dates import record_date_utc
from engine.history.engine_hands import state_to_record
from engine.history.record import PLAY_MONEY, HandRecord
from engine.history.replay import replay
from engine.history.writing import RecordWriter
from engine.rules import PostKind
from engine.state import HandState
from engine.table import Table
from engine.validate import quote

__all__ = ["SPEC_VERSION", "write_ohh", "write_ohh_hands"]

SPEC_VERSION = "1.4.7"
LIMITS = {"FL": f.FIXED, "PL": f.POT, "NL": f.NO}
"""OHH's ``bet_limit.bet_type`` codes and the structure each names (by its title); the reader uses them too."""
_POST_WORDS = {
    PostKind.SMALL_BLIND: "Post SB",
    PostKind.BIG_BLIND: "Post BB",
    PostKind.ANTE: "Post Ante",
    PostKind.STRADDLE: "Straddle",
    PostKind.DEAD_BLIND: "Post Dead",
    PostKind.LIVE_BLIND: "Post Extra Blind",
}
_STREET_NAMES = {2: "Flop", 3: "Turn", 4: "River"}
_DEFAULT_DATE = "2000-01-01T00:00:00"


def write_ohh_hands(hands: Iterable[HandRecord | HandState]) -> str:
    """Many hands as one ``.ohh`` text: one ``{"ohh": ...}`` object a hand, a blank line between them (the
    spec's storage format), each on one line."""
    return "\n".join(write_ohh(hand) for hand in hands)


def write_ohh(
    hand: HandRecord | HandState,
    *,
    players: Sequence[str] | None = None,
    hand_id: str = "1",
    table: Table | None = None,
) -> str:
    """One hand as an OHH object on one line, ending with a blank line. A record is replayed to learn what the
    engine did (amounts put in, pots, all-ins); its own winnings, reveals and rake are written when it has them.
    An engine hand is written as it was played, the names from ``players`` or the ``table`` that dealt it."""
    if isinstance(hand, HandState):
        if not hand.is_over:
            raise HistoryError("only a finished hand can be written: play it to the end first")
        _one_board(hand)
        record = state_to_record(hand, players, source=hand_id, id=hand_id, table=table)
        state = hand
    elif isinstance(hand, HandRecord):
        if players is not None or table is not None:
            raise HistoryError("players and table name the players of an engine hand; a record has its own names")
        record = hand
        report = replay(record)
        if report.state is None or not report.state.is_over:
            raise HistoryError(f"cannot write hand {quote(record.id)}: it does not replay ({report.detail})")
        state = report.state
    else:
        raise HistoryError(f"write_ohh needs a HandRecord or a HandState, got {quote(hand)}")
    document = {"ohh": _Writer(record, state).hand()}
    return json.dumps(document, ensure_ascii=False, separators=(", ", ": ")) + "\n\n"


def _one_board(state: HandState) -> None:
    result = state.result
    if len(state.boards) > 1 or state.rules.boards > 1 or state.setup.bomb_pot or (result and result.runs > 1):
        raise HistoryError(
            "this hand has several boards, runs or a bomb pot; OHH flags such hands (Run_It_Twice, "
            "Bomb_Pot) but does not describe their boards, so it cannot be written (save it as JSON: "
            "engine.serialize.to_json)"
        )


class _Writer(RecordWriter):
    """Writes one finished hand as an OHH object, refusing what OHH cannot say."""

    def __init__(self, record: HandRecord, state: HandState) -> None:
        super().__init__(record, state)
        scale = record.scale
        if scale < 1 or 10 ** (len(str(scale)) - 1) != scale:
            raise HistoryError(f"amounts at scale {scale} cannot be written as OHH decimals (a power of ten is)")
        self.check()

    def check(self) -> None:
        """Refuse what OHH cannot say."""
        rules = self.state.rules
        _one_board(self.state)
        betting = rules.betting
        if betting.title not in LIMITS.values():
            raise HistoryError(
                f"OHH cannot write a hand of the {betting.name!r} betting structure: its bet_limit types are "
                f"{', '.join(f'{code} ({title})' for code, title in LIMITS.items())} only"
            )
        bets = betting.fixed_bets
        if bets is not None and (not rules.blinds or bets != (rules.big_blind, 2 * rules.big_blind)):
            raise HistoryError(
                f"fixed limit {bets[0]}/{bets[1]} with a big blind of "
                f"{rules.big_blind if rules.blinds else 'none'}: OHH has no bet fields, so a "
                "fixed-limit hand is written only when the small bet is the big blind and the "
                "big bet twice that"
            )
        if betting.raise_cap not in (None, 3) or betting.cap_lifted_heads_up:
            raise HistoryError(
                f"fixed limit with {betting.raise_cap} raises a round"
                f"{' (uncapped heads-up)' if betting.cap_lifted_heads_up else ''}: OHH cannot say a "
                "raise cap other than a bet and three raises"
            )
        if rules.hole_cards == 5 and not any(card is not None for cards in self.record.hole for card in cards):
            raise HistoryError(
                "a five-card Omaha hand with no known hole card: OHH's game types do not say how many "
                "cards were dealt, only the cards themselves do"
            )

    def amount(self, chips: int) -> int | float:
        if self.record.scale == 1:
            return chips
        value = Decimal(chips) / Decimal(self.record.scale)
        return int(value) if value == value.to_integral_value() else float(value)

    def hand(self) -> dict[str, Any]:
        record, rules, fields = self.record, self.state.rules, self.fields
        tournament = "tournament" in fields
        limit = next(code for code, title in LIMITS.items() if title == rules.betting.title)
        out: dict[str, Any] = {
            "spec_version": SPEC_VERSION,
            "site_name": str(fields.get("site_name", "omaha-hilo-engine")),
            "network_name": str(fields.get("network_name", "omaha-hilo-engine")),
            "internal_version": SPEC_VERSION,
            "tournament": tournament,
            "game_number": record.id or "1",
            "start_date_utc": record_date_utc(fields) or _DEFAULT_DATE,
            "table_name": str(fields.get("table", "Engine")),
            "game_type": "OmahaHiLo" if rules.hi_lo else "Omaha",
            "bet_limit": {"bet_type": limit, "bet_cap": 0},
            "table_size": self.table_size(),
            "currency": self.currency(),
            "dealer_seat": self.labels[record.button],
            "small_blind_amount": self.amount(rules.blinds[0] if len(rules.blinds) > 1 else 0),
            "big_blind_amount": self.amount(rules.big_blind if rules.blinds else 0),
            "ante_amount": self.amount(rules.ante),
        }
        if tournament:
            out["tournament_info"] = self.tournament_info()
        if record.hero is not None:
            out["hero_player_id"] = record.hero
        out["flags"] = []
        out["players"] = [
            {
                "id": seat,
                "seat": self.labels[seat],
                "name": self.names[seat],
                "starting_stack": self.amount(record.starting_stacks[seat]),
            }
            for seat in range(len(self.names))
        ]
        out["rounds"] = self.rounds()
        out["pots"] = self.pots()
        return out

    def currency(self) -> str:
        """The record's money (`HandRecord.money`, the one place that says it) as OHH's ``currency``: the ISO
        code, play money's ``XPM``, "" for tournament chips and chips."""
        money = self.record.money
        if money == "play money":
            return PLAY_MONEY[0]
        return self.record.currency

    def table_size(self) -> int:
        size = self.fields.get("max_seats")
        largest = max(self.labels)
        return size if isinstance(size, int) and size >= largest else max(largest, len(self.labels))

    def tournament_info(self) -> dict[str, Any]:
        kept = self.fields.get("ohh_tournament_info")
        if isinstance(kept, str):
            try:
                info = json.loads(kept)
            except ValueError:
                info = None
            if isinstance(info, dict):
                return info
        return {"tournament_number": str(self.fields["tournament"])}

    def rounds(self) -> list[dict[str, Any]]:
        record, events, scale = self.record, self.state.events, self.amount
        preflop: list[dict[str, Any]] = []
        rounds: list[dict[str, Any]] = [{"id": 0, "street": "Preflop", "cards": [], "actions": preflop}]
        current = preflop
        level = 0
        posted_done = False

        def act(
            seat: int, word: str, chips: int = 0, all_in: bool = False, cards: Sequence[Card] | None = None
        ) -> None:
            entry: dict[str, Any] = {
                "action_number": len(current) + 1,
                "player_id": seat,
                "action": word,
                "amount": scale(chips),
                "is_allin": all_in,
            }
            if cards is not None:
                entry["cards"] = [str(card) for card in cards]
            current.append(entry)

        revealed = {seat for seat, _ in self.reveals()}
        for event in events:
            if isinstance(event, Posted):
                act(event.seat, _POST_WORDS[event.kind], event.amount, event.all_in)
                if event.kind not in (PostKind.ANTE, PostKind.DEAD_BLIND):
                    level = max(level, event.amount)
                continue
            if not posted_done:
                posted_done = True
                for seat, cards in enumerate(record.hole):
                    known = [card for card in cards if card is not None]
                    if known and seat not in revealed:
                        act(seat, "Dealt Cards", cards=known)
            if isinstance(event, Acted):
                word = {"fold": "Fold", "check": "Check", "call": "Call"}.get(event.action)
                if word is None:
                    word = "Bet" if level == 0 else "Raise"
                act(event.seat, word, event.added, event.all_in)
                level = max(level, event.to)
            elif isinstance(event, BoardDealt):
                current = []
                rounds.append(
                    {
                        "id": len(rounds),
                        "street": _STREET_NAMES[event.street],
                        "cards": [str(card) for card in event.cards],
                        "actions": current,
                    }
                )
                level = 0
        if not posted_done:
            for seat, cards in enumerate(record.hole):
                known = [card for card in cards if card is not None]
                if known and seat not in revealed:
                    act(seat, "Dealt Cards", cards=known)
        shows = self.reveals()
        if shows:
            current = []
            rounds.append({"id": len(rounds), "street": "Showdown", "cards": [], "actions": current})
            for seat, shown in shows:
                known = [card for card in record.hole[seat] if card is not None]
                if shown is not None:
                    act(seat, "Shows Cards", cards=shown)
                else:
                    act(seat, "Mucks Cards", cards=known or None)
        return rounds

    def reveals(self) -> list[tuple[int, tuple[Card, ...] | None]]:
        if self.record.reveals:
            return [(r.seat, r.cards) for r in self.record.reveals]
        return [
            (e.seat, e.cards if isinstance(e, Shown) else None)
            for e in self.state.events
            if isinstance(e, (Shown, Mucked))
        ]

    def pots(self) -> list[dict[str, Any]]:
        """Each pot with its amount (rake included), its rake and its winners (`RecordWriter.collected`), one
        entry a share, as PokerStars writes its "collected" lines (a player who scoops is listed for each half)."""
        pots = self.result.pots
        if self.record.rake is not None and self.record.rake != self.result.rake:
            raise HistoryError(
                f"the record's rake {self.record.rake} is not the rake the engine took ({self.result.rake})"
            )
        wins: dict[int, list[tuple[int, int]]] = {index: [] for index in range(len(pots))}
        for pot, seat, chips in self.collected():
            wins.setdefault(pot, []).append((seat, chips))
        out = []
        jackpot = self.record.jackpot  # the part of the take that is a jackpot: from the pots raked first
        for index in sorted(wins):
            paid, rake = (pots[index].amount, pots[index].rake) if index < len(pots) else (0, 0)
            entry: dict[str, Any] = {"number": index, "amount": self.amount(paid + rake)}
            share = min(jackpot, rake)
            jackpot -= share
            entry["rake"] = self.amount(rake - share)
            if share:
                entry["jackpot"] = self.amount(share)
            entry["player_wins"] = [
                {"player_id": seat, "win_amount": self.amount(chips)} for seat, chips in wins[index]
            ]
            out.append(entry)
        return out
