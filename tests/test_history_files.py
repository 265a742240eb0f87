"""One reader per file (issue 25): a history file's bytes are decoded in one place (UTF-8 with or without a
byte-order mark, UTF-16 with one, Windows-1252), its format found from the content rather than the name, and
every entry point (`read_history`, the per-format file readers, `replay`, `convert`, `stats`) goes through it.
A file in a format the engine does not read says which one it looks like; bytes that are not text say so."""

from __future__ import annotations

import codecs
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.cli import main
from engine.errors import HistoryError
from engine.history import HandRecord, replay
from engine.history.decoding import decode_history
from engine.history.files import read_history
from engine.history.ohh import read_ohh_file
from engine.history.phh import read_phh_file
from engine.history.pokerstars import read_pokerstars_file

DATA = Path(__file__).parent / "data"
STARS = (DATA / "pokerstars" / "project" / "old-2005-limit-header.txt").read_text(encoding="utf-8")
ACCENTED = STARS.replace("rivermouse", "Rivière_Noël")  # é and ë: one byte each in Windows-1252
PHH = (DATA / "phh" / "wsop-2023-43-5" / "79.phh").read_text(encoding="utf-8")


def _only_ok(found: list[HandRecord | HistoryError]) -> list[HandRecord]:
    assert found and all(isinstance(item, HandRecord) for item in found), list(found)
    records = [item for item in found if isinstance(item, HandRecord)]
    assert all(replay(record).status == "ok" for record in records)
    return records


def test_the_command_line_reads_a_windows_1252_pokerstars_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "old.txt"
    path.write_bytes(ACCENTED.encode("cp1252"))
    assert main(["replay", str(path)]) == 0, capsys.readouterr().out
    assert capsys.readouterr().out.splitlines()[-1] == "1 hand: 1 ok, 0 mismatch, 0 error"
    [record] = _only_ok(read_pokerstars_file(path))
    assert "Rivière_Noël" in record.players
    assert read_history(path) == read_pokerstars_file(path)
    assert main(["stats", str(path)]) == 0
    assert "Rivière_Noël" in capsys.readouterr().out


@pytest.mark.parametrize("encoding", ["utf-8-sig", "utf-16", "utf-16-le", "utf-16-be"])
def test_every_unicode_encoding_with_its_mark_reads_the_same(tmp_path: Path, encoding: str) -> None:
    mark = {"utf-16-le": codecs.BOM_UTF16_LE, "utf-16-be": codecs.BOM_UTF16_BE}.get(encoding, b"")
    for name, text in (("hand.txt", ACCENTED), ("hand.phh", PHH)):
        path = tmp_path / name
        path.write_bytes(mark + text.encode(encoding))
        records = _only_ok(read_history(path))
        plain = tmp_path / f"plain-{name}"
        plain.write_text(text, encoding="utf-8")
        assert [record.players for record in records] == [r.players for r in _only_ok(read_history(plain))]
    assert decode_history(mark + "x".encode(encoding)).text == "x"


def test_bytes_that_are_not_text_are_one_clear_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    cases = {
        "undefined.txt": STARS.encode() + b"\x81\xff",
        "binary.txt": b"\x7fELF\x00\x00garbage",  # a zip header: test_history_many_files
        "bad-utf16.txt": codecs.BOM_UTF16_LE + b"\x00\xd8",
    }
    for name, data in cases.items():
        (tmp_path / name).write_bytes(data)
        [error] = read_history(tmp_path / name)
        assert isinstance(error, HistoryError) and str(error).startswith(f"{tmp_path / name}: not "), error
        assert "offset" in str(error) and "PokerStars" not in str(error)
        assert main(["replay", str(tmp_path / name)]) == 1
        assert "Traceback" not in capsys.readouterr().out
    [error] = read_history(tmp_path / "undefined.txt")
    assert "byte 0x81 at offset" in str(error)


def test_phh_and_ohh_are_utf8_not_windows_1252(tmp_path: Path) -> None:
    path = tmp_path / "hand.phh"
    path.write_bytes(PHH.replace("]\n", "]\n# café\n", 1).encode("cp1252"))
    [error] = read_phh_file(path)
    assert isinstance(error, HistoryError) and "not UTF-8 text" in str(error)
    path = tmp_path / "hand.ohh"
    path.write_bytes(b'{"ohh": {"site_name": "caf\xe9"}}')
    [error] = read_ohh_file(path)
    assert isinstance(error, HistoryError) and "not UTF-8 text" in str(error)


def test_the_format_comes_from_the_content_not_the_name(tmp_path: Path) -> None:
    for name, text in (("stars.phh", STARS), ("stars.ohh", STARS), ("hand.txt", PHH), ("hand.log", PHH)):
        (tmp_path / name).write_text(text, encoding="utf-8")
        _only_ok(read_history(tmp_path / name))
    (tmp_path / "empty.phh").write_text("", encoding="utf-8")
    [error] = read_history(tmp_path / "empty.phh")  # nothing to go by but the name
    assert isinstance(error, HistoryError) and "empty.phh: an empty file: no hand in it" in str(error)


@pytest.mark.parametrize(
    ("text", "looks_like"),
    [
        (
            '<?xml version="1.0" encoding="utf-8"?>\n<hands site="x"><hand id="2"/></hands>',
            "XML (root element <hands>) that is none of the XML hand histories this engine reads (the exports of "
            "iPoker, Merge Network, Microgaming and Boss Media; another site's, or no hand history at all)",
        ),
        ("<HISTORY><GAME ID='1'/></HISTORY>", "root element <HISTORY>"),
        (
            "***** Hand History For Game 2345 *****\n0.01/0.02 Texas Hold'em Game Table (NL)  -  Mon Jul 12\n",
            "a PartyPoker (e-mailed, with a summary) hand history",
        ),
        (
            "Game No. 4021 - 2010-06-01 18:00:00\nSeat 1: Ann ($10)\n*** HOLE CARDS ***\nDealt to Ann [Ah 2c 3d 4s]\n",
            "a hand history of a site this engine does not know (it has '*** HOLE CARDS ***'",
        ),
        (STARS.split("\n", 1)[1], "a site this engine does not know"),  # a PokerStars hand cut from its header
    ],
)
def test_a_format_the_engine_does_not_read_says_what_it_looks_like(
    tmp_path: Path, text: str, looks_like: str, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "hands.txt"
    path.write_text(text, encoding="utf-8")
    [error] = read_history(path)
    assert isinstance(error, HistoryError) and looks_like in str(error), error
    assert "not supported" in str(error) and "header line" not in str(error)
    assert main(["replay", str(path)]) == 1
    assert looks_like in capsys.readouterr().out


_PIECES = [
    b"",
    codecs.BOM_UTF8,
    codecs.BOM_UTF16_LE,
    codecs.BOM_UTF16_BE,
    b"\x00",
    b"\x81",
    b"\xe9",
    b"<",
    b"{",
    b"[",
    b"variant = ",
    STARS[:400].encode(),
    PHH[:300].encode(),
    b"Full Tilt Poker Game #1: ",
    b"\n\n",
    b"Full Tilt Poker Game #2: Table Nog (6 max) - PL Omaha H/L - $0.05/$0.10 - 2:15:26 ET - 2014/01/11\n",
    b"The button is in seat #1\n",
    "Winamax Poker - CashGame - HandId: #1-2-3 - Omaha Hi/Lo pot limit "
    "(0.05€/0.10€) - 2020/01/01 10:00:00 UTC\nTable: 'Nice' 5-max (real money) Seat #1 is the button\n".encode(),
    "Ann posts small blind 0.05€\n*** PRE-FLOP *** \nAnn collected 0.10€ from pot\n".encode(),
    b"Ann posts the small blind of $0.05\n",
    b"Ann raises to $0.35\n",
    b"Poker Hand #OM1: Omaha Hi/Lo Pot Limit ($0.05/$0.1) - 2024/07/04 17:40:52\n",
    b"Hand #1 - Omaha H/L (Pot Limit) - $0.05/$0.10 - 2026/03/07 04:59:57 UTC\n",
    b"Ideal 6-max Seat #1 is the button\n",
    b"Seat 1: Ann ($1.00)\n",
    b"Ann posts the small blind $0.05\n",
    b"#Game No : 1\n***** Hand History for Game 1 *****\n",
    b"$10 USD PL Omaha Hi-Lo - Monday\n",
    b"Table Rio (Real Money)\nSeat 1 is the button\n",
    b"Seat 1: Ann ( $1 USD )\nSeat 2: Bo ( $1 USD )\n",
    b"Ann posts small blind [$0.05 USD].\n",
    b"Ann is all-In  [$1 USD]\n",
    b"Bo wins $2 USD\n",
    b'<?xml version="1.0"?>\n<session sessioncode="1">\n<general><gametype>Omaha Hi-Lo PL $1/$2</gametype></general>\n',
    b'<game gamecode="5"><general><players>',
    b'<player seat="1" name="A" chips="$9" dealer="1" win="$0"/>',
    b'</players></general><round no="0">',
    b'<action no="1" player="A" type="1" sum="$1"/>',
    b"</round></game></session>",
    b'<!DOCTYPE x [<!ENTITY a "b">]>',
    b'<Game hhversion="4" id="7" stakes="0.05|0.10" betlimit="PL" gametype="Omaha H/L" currencysymbol="JAA=">',
    b'<Seats><Seat num="1" alias="A" balance="1.00" endbalance="1.05" dealer="true"/></Seats><Gameplay>',
    b'<Action seq="1" type="SmallBlind" seat="1" value="0.05"/>',
    b'<Action type="Win"><Seat num="1" amount="0.10" pot="0"/></Action>',
    b"</Gameplay></Game>",
    b'<HISTORY ID="1" TABLE="T" GAME="GAME_OMAHL" GAMETYPE="GAMETYPE_REAL" GAMEKIND="GAMEKIND_CASH" LIMIT="PL" ',
    b'STAKES="0.25/0.50">\n<PLAYER NAME="A" SEAT="1" AMOUNT="5.00" STATE="STATE_PLAYING" DEALER="Y"></PLAYER>\n',
    b'<ACTION TYPE="HAND_BLINDS" PLAYER="A" KIND="HAND_SB" VALUE="0.25"></ACTION>\n',
    b'<ACTION TYPE="HAND_DEAL" PLAYER="A">\n<CARD LINK="b"></CARD>\n<CARD LINK="51"></CARD></ACTION>\n',
    b'<ACTION TYPE="ACTION_RAISE" PLAYER="A" VALUE="1.00"></ACTION>\n',
    b'<SHOWDOWN NAME="HAND_SHOWDOWN" POT="0.50" RAKE="0.00">\n<RESULT PLAYER="A" WIN="0.50" HAND="$(STR_BY_DEFAULT)">',
    b"</RESULT></SHOWDOWN></HISTORY>\n",
    b"Table #51230917 - Maribor\nStarting Hand #2411880061\nGame Type: OMAHA HI/LO\nLimit Type: POT LIMIT\n",
    b"Money Type: REAL MONEY\nBlinds are now $1 / $2\nMoving Button to seat 1\nSeat 1: Ann - $20\nSeat 2: Bo - $9\n",
    b"Ann posts small blind ($1)\nBo posts big blind ($2)\nDealing [A d][2 s][K h][9 c] to Ann\nAnn raises to $6\n",
    b"Returning $4 to Ann uncalled\nPot sizes: $4\nTaking Rake of $0.20 from pot 1\nAnn wins $3.80\n",
    b"Ann ties $1 with low hand: A2357\nSeat 1: Ann - $21.80\nEnd of Hand #2411880061\n",
    b"***** 888poker Hand History for Game 2 *****\n",
    b"$0.10/$0.25 Blinds Pot Limit OmahaHL - *** 1 2\n",
    b"Table Ravenna 6 Max (Real Money)\n",
    b"Ann posts dead blind [$0.10 + $0.25]\n",
    b"** Summary **\n",
    b"Bo collected [ $2 ]\n",
    b"Hand#5A1 - Brno 1 -- $0,05/$0,10 PL Omaha Hi/Lo -- 2012.03.14 - 20:15:02\nDealer: Seat 1\n",
    b"Seat 2: Bo ($2,88 in chips)\n",
    b"Ann: posts small blind $0,05\n",
    b"Dealt to Ann [Kh,2s,3c,4d]\n",
    b"Bo: is all in 1,640\n",
    b"Ann: returns uncalled bet $0,30\n",
    b"Bo wins low pot $0,75\n",
    b"Bovada Hand #4317750291 TBL#27019544 OMAHA HiLo Pot Limit - 2022-07-19 22:41:08\n",
    b"Seat 4: Dealer ($31.15 in chips)\nSeat 6: Big Blind [ME] ($25 in chips)\n",
    b"Dealer : Set dealer [4]\n",
    b"Big Blind  [ME] : Big blind $0.25\n",
    b"Dealer : Card dealt to a spot [Kd Ks 8c 2h]\n",
    b"Dealer : Raises $1 to $1\n",
    b"Big Blind : Return uncalled portion of bet $0.75\n",
    b"Dealer : Hand result $6.75\n*** SUMMARY ***\nTotal Pot($7.10)\n",
    b"Seat+4: Dealer HI $6.75 [Does not show]\n",
    b"Everleaf Gaming Game #151220087\n***** Hand history for game #151220087 *****\n",
    b"Blinds $0.05/$0.10 PL Omaha Hi/Lo - 2010/03/09 - 21:14:52\nTable Tarbes II\n",
    b"Seat 2: mirabelle77 (  $ 12.40 USD )\n",
    b"Okapi_Joe: posts small blind [$ 0.05 USD]\n",
    b"trevalyan: bets [$ 0.80 USD]\n",
    b"trevalyan wins  high ($ 3.33 USD) from main pot with a flush\n",
    b"***** History for hand R5-84412790-118 *****\n",
    b"Button: seat 2\nSeat 2: Lutz ($24.10)\n",
    b"Table: Porto Alegre [84412790] (POT_LIMIT OMAHA_HI_LO $0.10/$0.25, Real money)\n",
    b"Lutz raises $0.85 to $0.85\n",
    b"--- Dealing flop [3d, 8s, Qh]\n",
    b"Summary:\n",
    b"Main pot: $5.90 won by Lutz ($5.60)\nRake taken: $0.30\n",
    b"***** End of hand R5-84412790-118 *****\n",
    b'***** History for hand R5-75443872-57 (TOURNAMENT: "PLO8", R5-75443872, buy-in: $5) *****\n',
    b"Table: [SPEED] Estoril [75443872] (POT_LIMIT OMAHA_HI_LO 50/100, Tournament)\n",
    b"Stage #1781146620: Omaha Hi/Lo  Pot Limit $1 - 2009-06-02 23:41:09 (ET)\n",
    b"Stage #1903355127 Tourney ID 4417203: Omaha Hi/Lo  Normal Tournament Pot Limit 100 - 2009-09-20\n",
    b"Table: FOXGLOVE LANE (Real Money) Seat #2 is the dealer\nSeat 2 - brisket ($88.40 in chips)\n",
    b"pellham - Posts $1 dead $0.50\n",
    b"Hero - Raises $50 to $60\n",
    b"calloway - All-In $21.50\n",
    b"*** TURN *** [2c 4d 9h] [Kh]\n",
    b"Hero - returned ($20) : not called\n",
    b"Hero Collects $77 from side pot #1\n*** SUMMARY ***\n",
    b"Total Pot($156) | Rake ($3)\nSeat 1: calloway collected Total ($38) HI:($38)\n",
]


@settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.lists(st.sampled_from(_PIECES) | st.binary(max_size=40), max_size=8))
def test_any_bytes_are_hands_or_history_errors(tmp_path_factory: pytest.TempPathFactory, pieces: list[bytes]) -> None:
    path = tmp_path_factory.mktemp("fuzz") / "file.txt"
    path.write_bytes(b"".join(pieces))
    found = read_history(path)
    assert found and all(isinstance(item, (HandRecord, HistoryError)) for item in found), list(found)
