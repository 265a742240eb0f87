"""Files cut short (a download or a copy that stopped): the hands before the cut are read, and the last one is
refused as cut short, never for what the cut left of a line (issue 25, the newcomer's trial, defect 5)."""

from __future__ import annotations

from engine.errors import HistoryError
from engine.history import HandRecord, replay
from engine.history.files import read_history_bytes
from tests.samples import sample_path


def _cut(site: str, name: str, before: str, keep: int = 0, first: bool = False) -> bytes:
    """The sample's bytes up to ``keep`` characters into the last ``before`` (0: just before it; the first with
    ``first``)."""
    data = sample_path(site, name).read_bytes()
    at = (data.index if first else data.rindex)(before.encode()) + keep
    return data[:at]


def _last_error(data: bytes, where: str) -> str:
    hands = read_history_bytes(data, where)
    assert isinstance(hands[-1], HistoryError), hands[-1]
    return str(hands[-1])


def test_a_text_file_cut_in_the_middle_of_a_line_says_the_hand_is_cut_short() -> None:
    data = _cut("pokerstars", "project/fold-with-nothing-to-call.txt", "quinceharbor: bets $0.10", keep=17)
    assert data.endswith(b"quinceharbor: bet")  # before the fix: "unrecognised action of 'quinceharbor'"
    assert _last_error(data, "ps.txt").endswith(
        "the hand is cut short: the file ends in the middle of line 18 'quinceharbor: bet'"
    )


def test_an_xml_file_cut_short_keeps_its_whole_hands_and_says_the_last_is_cut_short() -> None:
    data = _cut("ipoker", "cash-limit-split-odd-chip.xml", "</game>")  # inside the second of two hands
    hands = read_history_bytes(data, "i.xml")  # before the fix: one error for the whole file
    assert hands.format == "ipoker" and len(hands) == 2
    assert isinstance(hands[0], HandRecord) and replay(hands[0]).ok
    assert isinstance(hands[1], HistoryError) and "hand #8810442387" in str(hands[1])
    assert "the hand is cut short: the XML is cut short: <" in str(hands[1])
    head = _cut("ipoker", "cash-limit-split-odd-chip.xml", "<game gamecode", keep=-30, first=True)  # before any hand
    assert _last_error(head, "i.xml").startswith("i.xml: the XML is cut short")  # before: a site it does not know


def test_a_site_without_a_summary_cut_between_two_winners_lines_is_cut_short() -> None:
    for site, name, last in (
        ("everleaf", "cash-fixed-limit-split-odd-chip.txt", "Hero wins"),
        ("cake", "tournament-pot-limit-side-pot.txt", "edda.k wins"),
        ("partypoker", "cash-fixed-limit-split-odd-chip.txt", "Kettlewell wins"),
    ):
        message = _last_error(_cut(site, name, last), name)  # before the fix: read, then a replay mismatch
        assert "lines saying who won the rest are missing (the hand is cut short?)" in message, message


def test_a_utf16_file_cut_inside_a_character_is_read_up_to_the_cut() -> None:
    data = sample_path("fulltilt", "cash-limit-split-odd-chip-utf16.txt").read_bytes()
    cut = data[: len(data) * 3 // 4 | 1]  # an odd number of bytes: before the fix, "not utf-16-le text"
    assert "the hand is cut short" in _last_error(cut, "ft.txt")


def test_a_bovada_summary_cut_short_is_cut_short() -> None:
    data = _cut("bovada", "cash-fixed-limit-split-odd-chip-no-street-lines.txt", "Board [")
    message = _last_error(data, "b.txt")  # before the fix: "the summary's Total Pot is $17 but ... $15"
    assert message.endswith("the hand is cut short: its summary has lines for 0 of the 3 seats")


def test_a_rake_rounded_up_is_still_a_rake() -> None:
    """The 10% bound on a rake nobody states is rounded up to the whole unit: of this $2.65 pot, 27 cents
    (10.2%) left unclaimed is a rake; 28 cents means a winner's line is missing."""
    text = sample_path("everleaf", "cash-pot-limit-uncalled-bet.txt").read_text(encoding="utf-8")
    assert "trevalyan wins $ 2.52 USD from main pot" in text  # a $2.65 pot, 13 cents raked
    [record] = read_history_bytes(text.replace("$ 2.52 USD", "$ 2.38 USD").encode(), "e.txt")
    assert isinstance(record, HandRecord) and record.rake == 27 and replay(record).ok
    [error] = read_history_bytes(text.replace("$ 2.52 USD", "$ 2.37 USD").encode(), "e.txt")
    assert isinstance(error, HistoryError) and "the $0.28 left is more than a rake" in str(error)
