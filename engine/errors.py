"""One small hierarchy of errors, all ValueError subclasses, so callers may catch broadly or precisely.

Every message quotes the offending input and says what was expected or allowed.
"""

from __future__ import annotations


class EngineError(ValueError):
    """Base of every error the engine raises for bad input."""


class CardError(EngineError):
    """Card text that cannot be read, or cards that must be distinct and are not."""


class RulesError(EngineError):
    """An impossible game configuration (negative blinds, too many seats, a cap below zero...)."""


class IllegalAction(EngineError):
    """An action the current state does not allow; the message says what is allowed instead."""


class HistoryError(EngineError):
    """A hand history that is malformed, truncated, or contradicts the rules.

    ``source`` (a file name) and ``hand_id`` say which hand, when known, so a reader can report the bad hand
    and go on with the next one.
    """

    def __init__(self, message: str, *, source: str = "", hand_id: str = "") -> None:
        super().__init__(message)
        self.source = source
        self.hand_id = hand_id


class NotAHistory(HistoryError):
    """Bytes with no hand in them at all: not text (an image, a PDF, a spreadsheet) or text without a hand (a
    README, an empty file). Named on the command line it is an error like any file without a hand; met inside a
    folder or an archive it is passed over and counted (`engine.history.inputs`), since such places hold other
    files too."""


class OtherGame(HistoryError):
    """A hand of a game this engine does not play (hold'em, stud, razz: the other games of a mixed-game file).
    Readers pass such hands over and note them, as they do other text; it is an error only where nothing else
    was found. ``game`` names the game as the file does."""

    def __init__(self, message: str, *, game: str, source: str = "", hand_id: str = "") -> None:
        super().__init__(message, source=source, hand_id=hand_id)
        self.game = game


class TableError(EngineError):
    """A table operation that is not possible now (a full table, an empty seat, a hand that does not belong to
    this table...); the message says why."""


class SerializationError(EngineError):
    """A JSON document that is malformed, of another schema version, or tampered with (chips that do not add up,
    duplicate cards, an illegal action); nothing is loaded from it."""


class TournamentError(EngineError):
    """A tournament operation that is not possible now (a table that may not deal during hand-for-hand, a hand
    that is not the table's, a name already registered...), or a tournament whose invariants do not hold
    (chips that do not add up, an entrant both playing and placed); the message says what and why."""


class PayoutError(TournamentError):
    """A payout table or prize pool that cannot be paid: percentages that do not add up to 100, rise from one
    place to the next or are not exact numbers; stacks or prizes ICM cannot price."""
