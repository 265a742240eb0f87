"""KingsClub (issue 25): the site has no downloadable text format of its own that could be found; the one public
tool (a browser extension that reads the site's web archive) writes PokerStars text, which the PokerStars reader
reads. This hand, written by the project, is PokerStars text as such a converter would write a KingsClub limit
Omaha Hi-Lo hand (the converter's exact output was not at hand: docs/histories.md)."""

from __future__ import annotations

from pathlib import Path

from engine.history import HandRecord, replay
from engine.history.detection import detect_format
from engine.history.files import read_history

CONVERTED = """\
PokerStars Hand #4470021: Omaha Hi/Lo Limit ($2/$4 USD) - 2020/04/28 21:10:33 ET
Table 'Kings 4' 6-max Seat #2 is the button
Seat 1: dunmore ($120 in chips)
Seat 2: RosaliaQ ($88 in chips)
Seat 4: petrel ($143.50 in chips)
petrel: posts small blind $1
dunmore: posts big blind $2
*** HOLE CARDS ***
RosaliaQ: raises $2 to $4
petrel: calls $3
dunmore: calls $2
*** FLOP *** [Ah 6c 3d]
petrel: checks
dunmore: bets $2
RosaliaQ: calls $2
petrel: folds
*** TURN *** [Ah 6c 3d] [Kd]
dunmore: bets $4
RosaliaQ: folds
Uncalled bet ($4) returned to dunmore
dunmore collected $15.50 from pot
*** SUMMARY ***
Total pot $16 | Rake $0.50
Board [Ah 6c 3d Kd]
Seat 1: dunmore (big blind) collected ($15.50)
Seat 2: RosaliaQ (button) folded on the Turn
Seat 4: petrel (small blind) folded on the Flop
"""


def test_a_kingsclub_hand_converted_to_pokerstars_text_reads(tmp_path: Path) -> None:
    path = tmp_path / "kings.txt"
    path.write_text(CONVERTED, encoding="utf-8")
    assert detect_format(path, CONVERTED) == "pokerstars"
    [record] = read_history(path)
    assert isinstance(record, HandRecord), record
    assert record.rules.hi_lo and record.rake == 50 and record.collected == ((None, 0, 1550),)
    assert replay(record).ok
