"""Many files at once (issue 25): `replay`, `convert` and `stats` read folders (at every depth) and zip archives
(in memory, archives inside archives too) as well as files, through one iteration (`engine.history.inputs`);
files that are not hand histories are skipped and counted; damaged archives, members that escape the archive
and zip bombs are refused without harm; the summary counts files, hands read and hands refused per format,
with the refusals grouped by reason, in the text and in ``--json``."""

from __future__ import annotations

import io
import json
import zipfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.cli import main
from engine.errors import HistoryError, NotAHistory
from engine.history import HandRecord
from engine.history import inputs as inputs_module
from engine.history.files import read_history, read_history_bytes
from engine.history.formats import BY_KEY
from engine.history.inputs import Inputs, reason

DATA = Path(__file__).parent / "data"
STARS = (DATA / "pokerstars" / "project" / "old-2005-limit-header.txt").read_text(encoding="utf-8")
PHH = (DATA / "phh" / "wsop-2023-43-5" / "79.phh").read_text(encoding="utf-8")
PNG = b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x01"


def _stars(number: int, *, collected: str = "56") -> str:
    """The PokerStars sample with its own hand number (and, to make a mismatch, another amount collected)."""
    return (
        STARS.replace("#2431667035", f"#{number}")
        .replace("okapi77 collected $56", f"okapi77 collected ${collected}")
        .replace("and won ($56) with HI: three", f"and won (${collected}) with HI: three")
    )


def _zip(members: dict[str, bytes | str]) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, content in members.items():
            archive.writestr(name, content)
    return buffer.getvalue()


def _folder(root: Path) -> Path:
    """Two sites' hands at three depths, with a README, an image and hidden files beside them."""
    (root / "2024" / "stars" / "deep").mkdir(parents=True)
    (root / "2024" / "stars" / "a.txt").write_text(_stars(1), encoding="utf-8")
    (root / "2024" / "stars" / "deep" / "b.txt").write_text(_stars(2) + "\n\n" + _stars(3), encoding="utf-8")
    (root / "hand.phh").write_text(PHH, encoding="utf-8")
    (root / "README.md").write_text("# My hands\n\nExported from the client every month.\n", encoding="utf-8")
    (root / "table.png").write_bytes(PNG)
    (root / ".DS_Store").write_bytes(b"\x00\x00\x00\x01Bud1")
    (root / ".git").mkdir()
    (root / ".git" / "HEAD").write_text(_stars(4), encoding="utf-8")  # hidden: not read, not counted
    return root


def _replay_json(capsys: pytest.CaptureFixture[str], *paths: Path | str) -> tuple[int, dict[str, object]]:
    code = main(["replay", "--json", *map(str, paths)])
    return code, json.loads(capsys.readouterr().out)


def _row(document: dict[str, object], key: str) -> dict[str, object]:
    rows = document["inputs"]["by_format"]  # type: ignore[index]
    [row] = [row for row in rows if row["format"] == key]
    return row  # type: ignore[no-any-return]


def test_a_folder_is_read_at_every_depth_and_other_files_are_skipped_and_counted(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = _folder(tmp_path / "hands")
    code, document = _replay_json(capsys, folder)
    assert code == 0
    assert document["summary"] == {"ok": 4, "unchecked": 0, "mismatch": 0, "error": 0}
    # a folder's files in name order, then its folders: hand.phh, then 2024/stars/a.txt, 2024/stars/deep/b.txt
    assert [hand["id"] for hand in document["hands"]] == ["79", "1", "2", "3"]  # type: ignore[index]
    assert _row(document, "pokerstars") == {
        "format": "pokerstars",
        "title": "PokerStars",
        "files": 2,
        "read": 3,
        "refused": 0,
        "duplicates": 0,
        "reasons": [],
    }
    assert _row(document, "phh")["files"] == 1
    skipped = document["inputs"]["skipped"]  # type: ignore[index]
    assert skipped["files"] == 2  # README.md and table.png; .DS_Store and .git are hidden
    assert {entry["first"] for entry in skipped["reasons"]} == {str(folder / "README.md"), str(folder / "table.png")}
    assert main(["replay", str(folder)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[-1] == "4 hands: 4 ok, 0 mismatch, 0 error"
    assert "PokerStars: 2 files, 3 hands read, 0 refused" in out
    assert "skipped (not hand histories): 2 files" in out


def test_a_file_named_on_the_command_line_is_still_an_error_when_it_holds_no_hand(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    readme = tmp_path / "README.md"
    readme.write_text("nothing here\n", encoding="utf-8")
    assert main(["replay", str(readme)]) == 1
    assert "no hand found" in capsys.readouterr().out


def test_zip_archives_and_archives_inside_them_are_read_in_memory(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    inner = _zip({"march/c.txt": _stars(5), "notes.txt": "to review"})
    archive = tmp_path / "export.zip"
    archive.write_bytes(
        _zip(
            {
                "a.txt": _stars(6),
                "hand.phh": PHH,
                "picture.png": PNG,
                "__MACOSX/._a.txt": PNG,
                "march.zip": inner,
                "../../escape.txt": _stars(7),
                "/etc/absolute.txt": _stars(8),
            }
        )
    )
    before = sorted(path.name for path in tmp_path.parent.iterdir())
    code, document = _replay_json(capsys, archive)
    assert code == 0, document
    sources = [hand["source"] for hand in document["hands"]]  # type: ignore[index]
    assert sources == [
        f"{archive}!a.txt",
        f"{archive}!hand.phh",
        f"{archive}!march.zip!march/c.txt",
        f"{archive}!../../escape.txt",
        f"{archive}!/etc/absolute.txt",
    ]
    assert sorted(path.name for path in tmp_path.parent.iterdir()) == before  # nothing was extracted
    assert not (tmp_path / "escape.txt").exists() and list(tmp_path.iterdir()) == [archive]
    assert _row(document, "pokerstars")["files"] == 4
    assert document["inputs"]["skipped"]["files"] == 2  # type: ignore[index]


def test_a_damaged_zip_is_one_clear_line_and_exits_as_an_unreadable_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    good = _zip({"a.txt": _stars(9), "b.txt": _stars(10)})
    damaged = tmp_path / "cut.zip"
    damaged.write_bytes(good[: len(good) // 2])  # cut short: its directory is gone
    missing = tmp_path / "missing.txt"
    assert main(["replay", str(damaged)]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith(f"{damaged}  ?  error: {damaged}: a damaged zip archive, nothing in it is read (")
    assert "Traceback" not in "\n".join(out)
    assert main(["convert", "--to", "phh", str(damaged)]) == 1
    capsys.readouterr()
    for command in (["replay"], ["convert", "--to", "phh"], ["stats"]):  # a path that is not there: one line, 2
        assert main([*command, str(missing)]) == 2
        assert capsys.readouterr().err == f"error: {str(missing)!r}: no such file or folder\n"
    assert main(["stats", str(damaged)]) == 2  # as an unreadable file: stats stops (--skip-bad goes on)
    assert "a damaged zip archive" in capsys.readouterr().err
    folder = tmp_path / "folder"
    folder.mkdir()
    (folder / "good.zip").write_bytes(good)
    (folder / "cut.zip").write_bytes(damaged.read_bytes())
    code, document = _replay_json(capsys, folder)
    assert code == 1 and document["summary"] == {"ok": 2, "unchecked": 0, "mismatch": 0, "error": 1}
    assert _row(document, "not read")["reasons"][0]["first"] == str(folder / "cut.zip")  # type: ignore[index]


def test_a_member_damaged_inside_a_sound_archive_is_its_own_error(tmp_path: Path) -> None:
    data = bytearray(_zip({"a.txt": _stars(11) * 20, "b.txt": _stars(12)}))
    start = data.index(b"a.txt") + len("a.txt")  # the first member's compressed bytes follow its local header
    data[start + 10 : start + 30] = bytes(20)
    archive = tmp_path / "bitrot.zip"
    archive.write_bytes(bytes(data))
    files = list(Inputs([archive]).read())
    assert [file.where for file in files] == [f"{archive}!a.txt", f"{archive}!b.txt"]
    [error] = files[0].hands
    assert isinstance(error, HistoryError) and "cannot be read from the archive" in str(error)
    assert all(isinstance(item, HandRecord) for item in files[1].hands)


def test_a_zip_bomb_is_refused_past_the_documented_size(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(inputs_module, "MAX_MEMBER_BYTES", 100_000)
    archive = tmp_path / "bomb.zip"
    archive.write_bytes(_zip({"zeros.txt": b"0" * 1_000_000, "a.txt": _stars(13)}))
    assert len(archive.read_bytes()) < 5_000  # a thousand times smaller than what it holds
    code, document = _replay_json(capsys, archive)
    assert code == 1
    [refused] = _row(document, "not read")["reasons"]  # type: ignore[misc]
    assert (
        refused["reason"] == ("N bytes uncompressed; members over N MiB uncompressed are not read (a zip bomb?)")
        or "members over" in refused["reason"]
    )
    assert refused["first"] == f"{archive}!zeros.txt"
    assert _row(document, "pokerstars")["read"] == 1


def test_archives_nest_only_so_deep_and_an_archive_yields_only_so_much(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    nested: bytes | str = _stars(14)
    for level in range(inputs_module.MAX_NESTING + 2):
        nested = _zip({f"level{level}.zip" if level else "hand.txt": nested})
    archive = tmp_path / "deep.zip"
    archive.write_bytes(nested)  # type: ignore[arg-type]
    [file] = Inputs([archive]).read()
    [error] = file.hands
    assert isinstance(error, HistoryError) and f"at most {inputs_module.MAX_NESTING} levels" in str(error)
    monkeypatch.setattr(inputs_module, "MAX_ARCHIVE_BYTES", 2 * len(_stars(15)) + 10)
    archive.write_bytes(_zip({"a.txt": _stars(15), "b.txt": _stars(16), "c.txt": _stars(17)}))
    files = list(Inputs([archive]).read())
    assert [len(file.hands) for file in files] == [1, 1, 1]
    assert isinstance(files[0].hands[0], HandRecord) and isinstance(files[1].hands[0], HandRecord)
    assert "the most one archive may" in str(files[2].hands[0])


def test_the_summary_groups_refusals_by_reason_per_format(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "mixed"
    folder.mkdir()
    (folder / "a.txt").write_text(_stars(20) + "\n\n" + _stars(21, collected="50"), encoding="utf-8")
    (folder / "b.txt").write_text(_stars(22, collected="57"), encoding="utf-8")
    emailed = "***** Hand History For Game 1023 *****\n"  # PartyPoker's e-mailed form: a format not read
    (folder / "w1.txt").write_text(emailed, encoding="utf-8")
    (folder / "w2.txt").write_text(emailed.replace("1023", "4056"), encoding="utf-8")
    (folder / "c.txt").write_text(
        _stars(23).replace("Dealt to rivermouse [Ac 3h 5d Qd]", "Dealt to rivermouse [Ac 3h 5d Qd Qd]"),
        encoding="utf-8",
    )
    code, document = _replay_json(capsys, folder)
    assert code == 1
    stars = _row(document, "pokerstars")
    assert (stars["files"], stars["read"], stars["refused"]) == (3, 1, 3)
    reasons = stars["reasons"]
    assert reasons[0] == {
        "reason": "mismatch: the replayed outcome differs from the record",
        "example": "mismatch: the replayed outcome differs from the record",
        "count": 2,  # type: ignore[index]
        "first": f"{folder / 'a.txt'} hand #21",
    }
    assert len(reasons) == 2  # type: ignore[arg-type]
    not_read = _row(document, "not read")
    assert (not_read["files"], not_read["refused"]) == (2, 2)
    [unsupported] = not_read["reasons"]  # type: ignore[misc]
    assert unsupported["count"] == 2 and unsupported["reason"].startswith(
        "a PartyPoker (e-mailed, with a summary) hand history: not supported"
    )
    main(["replay", str(folder)])
    out = capsys.readouterr().out
    assert "PokerStars: 3 files, 1 hand read, 3 refused\n" in out
    first = f"(first: {folder / 'a.txt'} hand #21)"
    assert f"       2  mismatch: the replayed outcome differs from the record {first}" in out
    assert "not read: 2 files, 0 hands read, 2 refused\n" in out


def test_reasons_leave_out_the_place_quotes_and_numbers() -> None:
    one = reason("x.txt: hand #12: line 40 'Seat 9: bob ($5 in chips)': seat 9 is past the table's 6 seats", "x.txt")
    other = reason("y.txt: hand #7: line 3 'Seat 8: al ($1 in chips)': seat 8 is past the table's 6 seats", "y.txt")
    assert one == other == "seat N is past the table's N seats"
    assert (
        reason("action 3 (ann Raise(12)): raise to 12 is below the minimum raise to 16")
        == "raise to N is below the minimum raise to N"
    )
    assert (
        reason("f.txt: not UTF-8 or Windows-1252 text: byte 0x81 at offset 3112 cannot be decoded", "f.txt")
        == "not UTF-8 or Windows-1252 text: byte 0x81 at offset N cannot be decoded"
    )


def test_convert_and_stats_read_folders_and_archives_too(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = _folder(tmp_path / "hands")
    archive = tmp_path / "hands.zip"
    archive.write_bytes(_zip({"x/a.txt": _stars(30), "b.txt": _stars(31), "readme.txt": "hello"}))
    out = tmp_path / "all.phhs"
    assert main(["convert", "--to", "phh", "--out", str(out), str(folder), str(archive)]) == 0
    err = capsys.readouterr().err
    assert "PokerStars: 4 files, 5 hands read, 0 refused" in err and "skipped (not hand histories): 3 files" in err
    assert len([item for item in read_history(out) if isinstance(item, HandRecord)]) == 6
    report = io.StringIO()
    assert main(["stats", "--json", str(folder), str(archive)], stdout=report, stderr=io.StringIO()) == 0
    document = json.loads(report.getvalue())
    assert document["hands"] == 6 and _row(document, "pokerstars")["read"] == 5
    assert document["inputs"]["skipped"]["files"] == 3
    text = io.StringIO()
    assert main(["stats", str(folder)], stdout=text, stderr=io.StringIO()) == 0
    assert "PokerStars: 2 files, 3 hands read, 0 refused" in text.getvalue()


def test_bytes_read_as_a_file_reads_them(tmp_path: Path) -> None:
    path = tmp_path / "hand.phh"
    path.write_text(PHH, encoding="utf-8")
    from_file, from_bytes = read_history(path), read_history_bytes(PHH.encode(), str(path))
    assert from_file == from_bytes and from_file.format == from_bytes.format == "phh"
    assert read_history_bytes(b"", "empty.phh").format == "phh"  # the name is detection's hint
    assert read_history_bytes(b"\x00\x01", "x.bin").format is None


def test_a_progress_bar_only_when_asked_or_on_a_terminal(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = _folder(tmp_path / "hands")
    assert main(["replay", "--no-progress", str(folder)]) == 0
    quiet = capsys.readouterr()
    assert quiet.err == ""
    assert main(["replay", "--progress", str(folder)]) == 0
    shown = capsys.readouterr()
    assert shown.out == quiet.out
    assert "reading" in shown.err and "files" in shown.err
    assert main(["replay", str(folder)]) == 0
    assert capsys.readouterr().err == ""  # not a terminal


def test_convert_prints_each_note_on_a_line_of_its_own_under_the_progress_bar(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Defect 4 of the newcomer's trial: convert's notes were printed onto the progress line ("reading: 3/5 files
    (60%), 12 files/s note: ..."). The bar's line is erased first, and drawn again at the next step."""
    import engine.progress

    real = engine.progress.importlib.import_module

    def no_rich(name: str) -> object:
        if name.startswith("rich"):
            raise ImportError(name)
        return real(name)

    monkeypatch.setattr(engine.progress.importlib, "import_module", no_rich)  # the plain bar: one updating line
    for number in range(3):
        (tmp_path / f"{number}.txt").write_text("Before the hand.\n\n" + _stars(number + 1), encoding="utf-8")
    assert main(["convert", "--to", "phh", "--progress", "--out", str(tmp_path / "o.phhs"), str(tmp_path)]) == 0
    err = capsys.readouterr().err
    assert err.count("note: ") == 3 and "reading: " in err
    for piece in err.split("note: ")[1:]:
        assert "reading: " not in piece.split("\n")[0]  # the note's own line holds no bar
    before = [
        err[: err.index("note: ", at)].rsplit("\n", 1)[-1] for at in range(len(err)) if err.startswith("note: ", at)
    ]
    assert all(line.strip(" ").endswith("\r") or line == "" for line in before), before


_ZIPPED = _zip({"a.txt": STARS, "b.zip": _zip({"c.phh": PHH})})
_PIECES = [b"PK\x03\x04", b"PK\x05\x06", _ZIPPED, _ZIPPED[:40], _ZIPPED[-60:], STARS[:300].encode(), b"\x00"]


@settings(max_examples=200, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.lists(st.sampled_from(_PIECES) | st.binary(max_size=40), max_size=6), st.sampled_from(["x.zip", "x.txt"]))
def test_any_bytes_in_a_folder_are_hands_or_history_errors(
    tmp_path_factory: pytest.TempPathFactory, pieces: list[bytes], name: str
) -> None:
    folder = tmp_path_factory.mktemp("fuzz")
    (folder / name).write_bytes(b"".join(pieces))
    for path in (folder, folder / name):
        for file in Inputs([path]).read():
            assert file.hands and all(isinstance(item, (HandRecord, HistoryError)) for item in file.hands)


@pytest.mark.parametrize("key", list(BY_KEY))
def test_every_reader_says_a_text_without_a_hand_is_not_a_history(key: str) -> None:
    """What lets a folder skip a README: each format's reader (new sites' too) answers NotAHistory for it (prose
    reaches only the text sites' readers: detection takes TOML for PHH and JSON for OHH)."""
    prose = "Exported from the client every month.\n"
    for text in ("", prose) if BY_KEY[key].signature is not None else ("",):
        [error] = BY_KEY[key].read(text, "README.md")
        assert isinstance(error, NotAHistory), error


def test_a_readme_that_quotes_a_hands_markers_is_skipped_not_refused(tmp_path: Path, capsys) -> None:
    """tests/data/SOURCES.md quotes `*** SHOWDOWN ***` and `Dealt to` in backticks: prose about hands, not a hand
    of an unknown site (the newcomer's trial: replay over tests/data exited 1 on it)."""
    folder = tmp_path / "hands"
    folder.mkdir()
    (folder / "SOURCES.md").write_text(
        "GGPoker text follows facts seen in public parsers (the header,\n"
        "`*** SHOWDOWN ***`, empty `Dealt to` lines for other players, 'Dealt to' too).\n",
        encoding="utf-8",
    )
    (folder / "a.txt").write_text(_stars(1), encoding="utf-8")
    assert main(["replay", str(folder)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert "skipped (not hand histories): 1 file" in out, out


def test_the_same_hand_in_two_files_is_counted_once(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Defect 7 of the newcomer's trial: an export and a copy of it counted every hand twice. The same hand (the
    same site and number, and the same hand) is read once, and a note says where it was read first; a hand
    that only shares a number with another (another site, other cards) is not a duplicate."""
    (tmp_path / "a.txt").write_text(_stars(1) + "\n\n" + _stars(2), encoding="utf-8")
    (tmp_path / "b.txt").write_text(_stars(2) + "\n\n" + _stars(3), encoding="utf-8")
    (tmp_path / "c.zip").write_bytes(_zip({"a.txt": _stars(1)}))
    (tmp_path / "other.txt").write_text(_stars(3).replace("[Ac 3h 5d Qd]", "[Ac 3h 5d Qh]"), encoding="utf-8")
    assert main(["replay", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert out.count("  2  ok") == 1 and out.count("  1  ok") == 1 and out.count("  3  ok") == 2
    assert f"note: {tmp_path / 'b.txt'}: passed over 1 hand already read (#2, first from {tmp_path / 'a.txt'})" in out
    assert "PokerStars: 4 files, 4 hands read, 0 refused, 2 duplicates counted once" in out
    report = io.StringIO()
    assert main(["stats", "--json", str(tmp_path)], stdout=report, stderr=io.StringIO()) == 0
    document = json.loads(report.getvalue())
    assert document["hands"] == 4 and _row(document, "pokerstars")["duplicates"] == 2


def test_replay_convert_and_stats_count_a_folder_alike_in_one_word_each(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Defects 1 and 2 of the newcomer's trial: a hand refused in the summary was "skipped" on the line naming
    it, and `stats --skip-bad` counted a folder otherwise than `replay`. Every command now judges and counts
    each hand in one place (`Inputs.checked`): read (ok or unchecked) or refused (an error or a mismatch), and
    "skipped" only names files that are not hand histories."""
    (tmp_path / "good.txt").write_text(_stars(1) + "\n\n" + _stars(2), encoding="utf-8")
    (tmp_path / "mismatch.txt").write_text(_stars(3, collected="55"), encoding="utf-8")
    (tmp_path / "broken.txt").write_text(_stars(4).replace("okapi77: calls", "okapi77: dances"), encoding="utf-8")
    (tmp_path / "README.md").write_text("my hands\n", encoding="utf-8")
    expected = "PokerStars: 3 files, 2 hands read, 2 refused"
    assert main(["replay", str(tmp_path)]) == 1
    out = capsys.readouterr().out
    assert expected in out and "skipped (not hand histories): 1 file" in out
    report = io.StringIO()
    errors = io.StringIO()
    assert main(["stats", "--skip-bad", str(tmp_path)], stdout=report, stderr=errors) == 0
    assert expected in report.getvalue() and "2 hands read, 2 refused (named on standard error)" in report.getvalue()
    assert [line.split(":")[0] for line in errors.getvalue().splitlines()] == ["refused", "refused"]
    assert main(["convert", "--to", "phh", "--out", str(tmp_path / "out.phhs"), str(tmp_path)]) == 1
    err = capsys.readouterr().err
    assert expected in err
    assert [line.split(":")[0] for line in err.splitlines() if line.startswith(("refused", "skipped:"))] == [
        "refused",
        "refused",
    ]
    assert "skipped:" not in err


@pytest.mark.parametrize(
    "command", [["replay"], ["replay", "--json"], ["convert", "--to", "phh"], ["stats"], ["stats", "--skip-bad"]]
)
def test_inputs_without_a_hand_history_exit_2_in_every_command(tmp_path: Path, command: list[str]) -> None:
    """Defect 8 of the newcomer's trial: an empty folder exited 0 (convert), 1 (replay) or 2 (stats). Inputs that
    hold no hand history at all are one line and status 2 whatever the command (docs/histories.md)."""
    empty = tmp_path / "empty"
    empty.mkdir()
    (empty / ".DS_Store").write_bytes(b"\x00\x00\x00\x01Bud1")  # hidden: not a file to read
    other = tmp_path / "other"
    other.mkdir()
    (other / "README.md").write_text("my hands are elsewhere\n", encoding="utf-8")
    for folder, says in ((empty, "holds no files"), (other, "1 file skipped as not hand histories")):
        out, err = io.StringIO(), io.StringIO()
        assert main([*command, str(folder)], stdout=out, stderr=err) == 2
        assert err.getvalue().count("\n") == 1 and err.getvalue().startswith("error: ") and says in err.getvalue()


def test_the_newcomers_frictions_are_gone(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The frictions of the newcomer's trial: an empty file is said to be empty; a JSON file that is not OHH is
    said so (and skipped in a folder), not refused as a broken OHH hand; an unsupported format is one short line
    pointing at the docs, not the 500-character list of formats; a reason shows its first case as written, not
    '…' placeholders; a note repeated over many files is summarised."""
    (tmp_path / "empty.txt").write_text("", encoding="utf-8")
    (tmp_path / "settings.json").write_text('{"theme": "dark", "autosave": true}\n', encoding="utf-8")
    (tmp_path / "party.txt").write_text("***** Hand History For Game 123456 *****\nblah\n", encoding="utf-8")
    broken = _stars(9).replace("okapi77: calls", "okapi77: dances")
    for number in range(5):
        (tmp_path / f"forum{number}.txt").write_text(f"A forum post {number}.\n\n" + _stars(number + 1))
    (tmp_path / "broken.txt").write_text(broken, encoding="utf-8")
    assert main(["replay", str(tmp_path)]) == 1
    out = capsys.readouterr().out
    assert f"{tmp_path / 'empty.txt'}: an empty file: no hand in it" not in out  # in a folder: skipped, counted
    assert "an empty file: no hand in it (first: " in out
    assert "a JSON file that is not an OHH hand history" in out and "missing field" not in out
    party = next(line for line in out.splitlines() if "PartyPoker (e-mailed" in line)
    assert party.endswith(
        ": a PartyPoker (e-mailed, with a summary) hand history: not supported "
        "(docs/histories.md lists the formats read)"
    )
    assert "unrecognised action of 'okapi77' (first: " in out and "'…'" not in out
    assert out.count("note: ") == 4 and "note: ... and 2 more like the one on " in out
    capsys.readouterr()
    assert main(["replay", str(tmp_path / "empty.txt")]) == 1
    assert f"{tmp_path / 'empty.txt'}  ?  error: {tmp_path / 'empty.txt'}: an empty file: no hand in it" in (
        capsys.readouterr().out
    )


def test_a_file_whose_every_hand_was_read_before_still_gets_its_note(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Defect 1 of the second newcomer's trial: a copy holding only hands read before printed no note in any
    command (the notes were printed with a file's first hand, and it had none left). The inputs collect every
    file's notes themselves; `stats` prints them too."""
    (tmp_path / "a.txt").write_text(_stars(1), encoding="utf-8")
    (tmp_path / "b.txt").write_text(_stars(1), encoding="utf-8")
    said = f"{tmp_path / 'b.txt'}: passed over 1 hand already read (#1, first from {tmp_path / 'a.txt'})"
    assert main(["replay", str(tmp_path)]) == 0
    assert f"note: {said}" in capsys.readouterr().out
    report = io.StringIO()
    assert main(["replay", "--json", str(tmp_path)], stdout=report) == 0
    assert json.loads(capsys.readouterr().out)["notes"][0].startswith(said)
    assert main(["convert", "--to", "phh", "--out", str(tmp_path / "o.phhs"), str(tmp_path)]) == 0
    assert f"note: {said}" in capsys.readouterr().err
    errors = io.StringIO()
    assert main(["stats", str(tmp_path)], stdout=io.StringIO(), stderr=errors) == 0
    assert f"note: {said}" in errors.getvalue()


def test_a_pipe_or_a_device_is_refused_in_one_line_and_never_read(tmp_path: Path) -> None:
    """Defect 2 of the second newcomer's trial: a FIFO in a folder (or /dev/zero named) hung every command for
    ever. What is not a plain file is one error, never opened."""
    import os
    import subprocess
    import sys

    (tmp_path / "a.txt").write_text(_stars(1), encoding="utf-8")
    os.mkfifo(tmp_path / "b.txt")
    for named in (str(tmp_path), "/dev/zero"):
        done = subprocess.run(
            [sys.executable, "-m", "engine", "replay", named], capture_output=True, text=True, timeout=120
        )
        assert done.returncode == 1, done
        assert "not a plain file (a pipe, a socket or a device): nothing is read" in done.stdout
    [error] = read_history("/dev/zero")
    assert "not a plain file" in str(error)


def test_a_folder_that_cannot_be_listed_is_an_error_not_silence(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Defect 3 of the second newcomer's trial: a subfolder without read permission vanished (exit 0), and named
    directly was said to hold no files. It is read as a file would be, and says why it cannot be. (The tests may
    run as root, who reads anything: the refusal is the operating system's, made here.)"""
    import os

    (tmp_path / "a.txt").write_text(_stars(1), encoding="utf-8")
    locked = tmp_path / "locked"
    locked.mkdir()
    (locked / "b.txt").write_text(_stars(2), encoding="utf-8")
    real_scandir, real_listdir = os.scandir, os.listdir

    def refuse(real):
        def call(path=".", *args):
            if Path(path) == locked:
                raise PermissionError(13, "Permission denied", str(path))
            return real(path, *args)

        return call

    monkeypatch.setattr(os, "scandir", refuse(real_scandir))
    monkeypatch.setattr(os, "listdir", refuse(real_listdir))
    assert main(["replay", str(tmp_path)]) == 1
    out = capsys.readouterr().out
    assert f"cannot read the folder {locked}: Permission denied" in out
    assert main(["replay", str(locked)]) == 1
    assert f"cannot read the folder {locked}: Permission denied" in capsys.readouterr().out


def test_read_histories_reads_folders_and_archives_and_read_history_says_so(tmp_path: Path) -> None:
    """Defect 5 of the second newcomer's trial: the library read one file only, and a folder or a zip given to
    `read_history` gave 'Is a directory' or 'a NUL byte'. `read_histories` is what the commands read; each
    wrong use names it. A path that does not exist is an error at once."""
    from engine.history.inputs import read_histories

    folder = _folder(tmp_path / "hands")
    (tmp_path / "more.zip").write_bytes(_zip({"c.txt": _stars(7)}))
    items = list(read_histories([folder, tmp_path / "more.zip"]))
    assert sorted(item.id for item in items if isinstance(item, HandRecord)) == ["1", "2", "3", "7", "79"]
    assert all(isinstance(item, HandRecord) for item in items)
    assert [item.id for item in read_histories(str(tmp_path / "more.zip"))] == ["7"]
    for path, what in ((folder, "a folder"), (tmp_path / "more.zip", "a zip archive")):
        [error] = read_history(path)
        assert str(error) == (
            f"{path}: {what}: read_history reads one file; engine.history.inputs.read_histories reads folders and "
            "zip archives"
        )
    with pytest.raises(HistoryError, match="'nowhere': no such file or folder"):
        read_histories("nowhere")


def test_replay_of_anything_but_a_record_is_a_history_error() -> None:
    """Defect 4 of the second newcomer's trial: `replay` of the error a `Hands` list holds in place of a hand
    raised AttributeError."""
    from engine.history import replay

    [error] = read_history_bytes(b"", "empty.txt")
    with pytest.raises(HistoryError, match=r"^replay takes a HandRecord; this is the error that kept a hand from"):
        replay(error)  # type: ignore[arg-type]
    with pytest.raises(HistoryError, match=r"^replay takes a HandRecord, got None$"):
        replay(None)  # type: ignore[arg-type]


@pytest.mark.parametrize("encoding", ["utf-16-le", "utf-16-be"])
def test_utf16_without_its_byte_order_mark_is_read(tmp_path: Path, encoding: str) -> None:
    """Defect 12 of the second newcomer's trial: UTF-16 without a byte-order mark was never decoded, and in a
    folder it was skipped as not a history (exit 0). Its NUL in every other byte gives it away; binary data
    with NULs out of that rhythm is still not text."""
    [record] = read_history_bytes(_stars(5).encode(encoding), "x.txt")
    assert isinstance(record, HandRecord) and record.id == "5"
    (tmp_path / "x.txt").write_bytes(_stars(6).encode(encoding))
    assert [item.id for item in Inputs([tmp_path]).read().__next__().hands] == ["6"]
    [binary] = read_history_bytes(PNG + bytes(range(256)) * 4, "x.bin")
    assert isinstance(binary, NotAHistory) and "a NUL byte" in str(binary)


def test_convert_checks_its_output_before_reading_anything(tmp_path: Path) -> None:
    """A friction of the second newcomer's trial: `convert --out /nonexistent/x` read every input before saying
    the folder does not exist."""
    (tmp_path / "a.txt").write_text(_stars(1), encoding="utf-8")
    err = io.StringIO()
    out_path = tmp_path / "nowhere" / "x.phhs"
    assert main(["convert", "--to", "phh", "--out", str(out_path), str(tmp_path)], stderr=err) == 2
    assert err.getvalue() == (f"error: --out {str(out_path)!r}: the folder {str(out_path.parent)!r} does not exist\n")
