"""Every sample in tests/data/<format>/ (issue 25): detection names the folder's format, and each hand in it reads
and replays to its own result (what each player collected, the stacks after the hand). One test for every site,
old and new: a new site's samples are checked by dropping them in their folder. What a site does its own way is
tested in its own file (tests/test_history_<site>.py); conversions through every format in
tests/test_conversion_chains.py."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from engine.errors import HistoryError
from engine.history import HandRecord, replay
from engine.history.decoding import decode_history
from engine.history.detection import detect_format
from engine.history.files import read_history, read_history_bytes
from engine.history.formats import FORMATS
from tests.samples import DATA, sample_files, site_of

# Samples with text around their hands, which the reader passes over in a note.
NOTED = {DATA / "pokerstars" / "project" / "forum-post.txt"}
# Formats that state no collections: PHH says what each player won through its finishing stacks.
STACKS_ONLY = {"phh"}
# Formats without a folder of samples: OHH's tests write their hands from engine hands.
NO_SAMPLES = {"ohh"}


@pytest.mark.parametrize("path", sample_files(), ids=lambda p: str(p.relative_to(DATA)))
def test_every_sample_is_detected_as_its_folders_format_and_replays_to_its_own_result(path: Path) -> None:
    site = site_of(path)
    assert detect_format(path, decode_history(path.read_bytes()).text) == site
    found = read_history(path)
    assert found.format == site and found, list(found)
    for record in found:
        assert isinstance(record, HandRecord), record
        assert record.finishing_stacks, "a sample states (or implies) the stacks after the hand"
        if site not in STACKS_ONLY:
            assert record.collected, "a sample states what each player collected"
        report = replay(record)
        assert report.ok, report.detail
    assert bool(found.notes) == (path in NOTED), found.notes  # lines a site writes around a hand belong to it


def test_every_format_has_samples() -> None:
    folders = {site_of(path) for path in sample_files()}
    assert folders <= {format.key for format in FORMATS}, "a folder of samples names no format"
    assert {format.key for format in FORMATS} - NO_SAMPLES <= folders, "a format has no samples in tests/data"


# Every format of engine.history.formats but PHH and OHH (known by their syntax, not a signature), so a site
# added there is covered here without being listed (issue 27: the list was kept by hand).
TEXT_SITES = tuple(format.key for format in FORMATS if format.signature is not None and not format.xml)
_SEAT_LINE = re.compile(r"^[Ss]eat \d+(?::| -) ")


XML_SITES = tuple(format.key for format in FORMATS if format.xml)
_SEAT_ELEMENT = re.compile(r"^<(?:player|Seat|PLAYER) ")


def test_the_seat_rule_covers_every_site() -> None:
    assert {"pokerstars", "888", "pkr"} <= set(TEXT_SITES) and {"ipoker", "merge"} <= set(XML_SITES)
    assert {format.key for format in FORMATS} == {*TEXT_SITES, *XML_SITES, "phh", "ohh"}


@pytest.mark.parametrize("site", TEXT_SITES + XML_SITES)
def test_a_seat_listed_twice_is_refused_at_that_line(site: str) -> None:
    """Every reader's seat list keeps the one rule (the text sites' `engine.history.textsite.HandLines.seat`,
    the XML sites' `engine.history.xml_reading.HandPlace.listed`): a seat or a player listed twice is refused,
    naming the line."""
    path = next(path for path in sample_files() if site_of(path) == site)
    lines = decode_history(path.read_bytes()).text.splitlines()
    seat = _SEAT_ELEMENT if site in XML_SITES else _SEAT_LINE
    at = next((number for number, line in enumerate(lines) if seat.match(line.strip())), None)
    assert at is not None, (
        f"{path} has no seat line of the shape {seat.pattern!r}: teach this test the site's seat lines"
    )
    [first, *_] = read_history_bytes(("\n".join([*lines[: at + 1], *lines[at:]]) + "\n").encode(), str(path))
    assert isinstance(first, HistoryError), first
    assert f"line {at + 2} " in str(first) and "is listed twice" in str(first), str(first)
