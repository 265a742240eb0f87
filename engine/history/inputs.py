"""The inputs of `replay`, `convert` and `stats`: files, folders (walked) and zip archives (read in memory), as
one sequence of history texts read through `read_history_bytes`, and the summary of what was found in them
per format (docs/histories.md, "Many files"). The one iteration the three commands share.

In a folder or an archive, files that are not hand histories (a README, an image: `NotAHistory`) are passed
over and counted, never errors; a file named on the command line is read as it always was. Archives are never
extracted to disk: a member's name (``../../x`` included) is only a label. Bounds against zip bombs: a member
over `MAX_MEMBER_BYTES` uncompressed is refused, archives inside archives are opened to `MAX_NESTING` levels,
and an archive named or found in a folder yields at most `MAX_ARCHIVE_BYTES` in all.
"""

from __future__ import annotations

import io
import os
import re
import zipfile
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path

import attrs

from engine.errors import HistoryError, NotAHistory
from engine.history.files import ZIP_MAGIC, read_file_bytes, read_history_bytes
from engine.history.formats import BY_KEY
from engine.history.record import HandRecord, Hands
from engine.history.replay import MISMATCH, ReplayReport, replay
from engine.validate import count_of

MAX_MEMBER_BYTES = 128 * 2**20  # a month of a busy player's hands is tens of MB; a deflate bomb is GBs
MAX_ARCHIVE_BYTES = 2**30
MAX_NESTING = 3  # an archive in an archive in an archive, inside the one named
_PRINTABLE = re.compile(r"[\x00-\x1f\x7f-\x9f]")
NOT_READ = "not read"  # the summary's row for files no parser read: unreadable, damaged, too large, unsupported


@attrs.frozen(slots=True)
class InputFile:
    """One history file among the inputs, read: ``where`` names it (a path, or ``archive.zip!member``),
    ``hands`` is what `read_history_bytes` found in it."""

    where: str
    hands: Hands

    @property
    def group(self) -> str:
        """The summary's row: the format's key, or `NOT_READ`."""
        return self.hands.format or NOT_READ


@attrs.frozen(slots=True)
class Checked:
    """One hand of the inputs, judged once for every command (`Inputs.checked`): ``item`` is the record, or the
    error that kept it from being read; ``report`` its replay (None for an error). A hand is *read* when it
    replays ok or unchecked, *refused* otherwise; ``problem`` is then the one line naming it."""

    file: InputFile
    item: HandRecord | HistoryError
    report: ReplayReport | None

    @property
    def record(self) -> HandRecord | None:
        """The hand's record, or None when it could not be read."""
        return self.item if isinstance(self.item, HandRecord) else None

    @property
    def problem(self) -> str | None:
        """None when the hand is read; else the refusal, naming the file and the hand."""
        if isinstance(self.item, HistoryError):
            return str(self.item)
        report = self.report
        if report is None or not report.failed:
            return None
        verdict = MISMATCH if report.status == MISMATCH else "cannot be replayed"  # not "error", which a CLI says
        return f"{self.item.source or self.file.where}: hand #{self.item.id or '?'}: {verdict}: {report.detail}"


@attrs.define
class _Budget:
    """What one archive (with the archives inside it) may still yield, uncompressed."""

    left: int


class Inputs:
    """The files, folders and archives named on a command line, as history files read one after another.
    ``len()`` is the number of steps a progress bar counts (each file, and each member of an archive: found
    without reading them); iterating reads them, skipping and counting what is not a hand history, and
    ``summary`` collects the files, and the hands the command reports on with `Summary.hand`; ``notes`` the
    files' notes (text passed over, hands already read), every file's, whether or not a hand of it is left."""

    def __init__(self, paths: Iterable[str | Path], format: str = "auto") -> None:
        self.format = format
        self.paths = [Path(path) for path in paths]
        for path in self.paths:
            if not path.exists() and not path.is_symlink():
                raise HistoryError(f"{str(path)!r}: no such file or folder", source=str(path))
        self.files = [file for path in self.paths for file in _walk(path)]
        self.summary = Summary()
        self.step: Callable[[], object] | None = None  # called once per file or member read: a progress bar's
        self.seen: dict[tuple[object, ...], str] = {}  # each hand read, by `hand_key`: where it was read first
        self.notes: list[str] = []

    def __len__(self) -> int:
        return sum(_members(path) if _is_archive(path) else 1 for path, _ in self.files)

    def read(self) -> Iterator[InputFile]:
        """Every history file in order, read."""
        for path, named in self.files:
            found: Iterable[tuple[str, Path | bytes | HistoryError]] = [(str(path), path)]
            if _is_archive(path):
                found = _archive(path, str(path), 0, _Budget(MAX_ARCHIVE_BYTES))
            for where, content in found:
                hands = self._hands(where, content)
                if self.step is not None:
                    self.step()
                if not named or where != str(path):
                    skipped = _not_a_history(hands)
                    if skipped is not None:
                        self.summary.skip(where, skipped)
                        continue
                self.summary.file(hands.format or NOT_READ)
                hands = self._once(where, hands)
                self.notes += hands.notes
                yield InputFile(where, hands)

    def checked(self) -> Iterator[Checked]:
        """Every hand of every file, replayed and counted in the summary as read or refused: the one place the
        commands decide and count, so `replay`, `convert` and `stats` agree on what a folder holds. Inputs
        that hold no hand history at all (an empty folder, a folder of other files) are a `HistoryError` once
        they are read: every command exits with status 2 on them."""
        yield from self._checked()
        if not self.summary.groups:
            raise HistoryError(self._nothing())

    def _nothing(self) -> str:
        named = ", ".join(repr(str(path)) for path in self.paths[:3]) + (" ..." if len(self.paths) > 3 else "")
        skipped = self.summary.skipped
        if not skipped.files:
            return f"nothing to read: {named} holds no files (hidden files are passed over)"
        first = skipped.reason_data()[0]
        return (
            f"no hand history in {named}: {count_of(skipped.files, 'file')} skipped as not hand histories "
            f"(such as {first['first']}: {first['reason']})"
        )

    def _checked(self) -> Iterator[Checked]:
        for file in self.read():
            for item in file.hands:
                if isinstance(item, HistoryError):
                    self.summary.hand(file, str(item), source=item.source or file.where, hand_id=item.hand_id)
                    yield Checked(file, item, None)
                    continue
                report = replay(item)
                self.summary.hand(
                    file,
                    report.detail if report.failed else None,
                    source=item.source,
                    hand_id=item.id,
                    mismatch=report.status == MISMATCH,
                )
                yield Checked(file, item, report)

    def _once(self, where: str, hands: Hands) -> Hands:
        """The hands without those already read from an earlier file (or earlier in this one): the same hand in two
        exports is counted once, and a note says which were passed over and where they were read first."""
        kept: list[HandRecord | HistoryError] = []
        again: list[tuple[str, str]] = []  # (hand id, where it was read first)
        for item in hands:
            key = hand_key(item, hands.format) if isinstance(item, HandRecord) else None
            if key is not None and key in self.seen:
                again.append((item.id if isinstance(item, HandRecord) else "", self.seen[key]))
                continue
            if key is not None:
                self.seen[key] = where
            kept.append(item)
        if not again:
            return hands
        self.summary.duplicates(hands.format or NOT_READ, len(again))
        first = again[0][1]
        ids = ", ".join(f"#{hand_id}" for hand_id, _ in again[:5]) + (" ..." if len(again) > 5 else "")
        note = (
            f"{where}: passed over {count_of(len(again), 'hand')} already read ({ids}, first from {first}): "
            "the same hand in two files is counted once"
        )
        out = Hands(kept, [*hands.notes, note])
        out.format = hands.format
        return out

    def _hands(self, where: str, content: Path | bytes | HistoryError) -> Hands:
        if isinstance(content, HistoryError):
            return Hands([content])
        if isinstance(content, Path):
            if content.is_dir():  # given by `_walk` only when it cannot be listed
                try:
                    os.listdir(content)
                except OSError as error:
                    return Hands([HistoryError(f"cannot read the folder {where}: {error.strerror}", source=where)])
            try:
                content = read_file_bytes(content)
            except HistoryError as error:
                return Hands([error])
        return read_history_bytes(content, where, self.format)


def read_histories(
    paths: str | Path | Iterable[str | Path], format: str = "auto"
) -> Iterator[HandRecord | HistoryError]:
    """Every hand in files, folders (at every depth) and zip archives, as `read_history` gives a file's: a record,
    or the error that kept a hand from being read. What `replay`, `convert` and `stats` read: files that are not
    hand histories are passed over in folders and archives, and a hand read before is given once. A path that
    does not exist is a `HistoryError` at once."""
    inputs = Inputs([paths] if isinstance(paths, (str, Path)) else paths, format)
    return (item for file in inputs.read() for item in file.hands)


def hand_key(record: HandRecord, format: str | None) -> tuple[object, ...] | None:
    """What makes two records the same hand: the format, the site, the hand's number, and everything the hand
    was (players, stacks, cards, actions); None for a record without a number, which nothing can match."""
    if not record.id:
        return None
    site = dict(record.fields).get("site")
    return (format, site, record.id, record.players, record.starting_stacks, record.hole, record.board, record.actions)


def _not_a_history(hands: Hands) -> NotAHistory | None:
    if len(hands) == 1 and isinstance(hands[0], NotAHistory):
        return hands[0]
    return None


def _hidden(name: str) -> bool:
    """A dotfile or dot-folder (.git, .DS_Store) or a Mac archiver's __MACOSX folder: passed over, uncounted."""
    return any(
        (part.startswith(".") and part not in (".", "..")) or part == "__MACOSX" for part in re.split(r"[/\\]", name)
    )


def _walk(path: Path) -> Iterator[tuple[Path, bool]]:
    """A named path (read whatever it is), or a folder's files at every depth, in name order (``True``: named).
    Links to folders are not followed (a link loop ends nothing); links to files are read. A folder that cannot
    be listed is given as if named, so that reading it fails and says why rather than its files going unsaid."""
    if not path.is_dir():
        yield path, True
        return
    unlisted: list[OSError] = []
    for folder, folders, files in os.walk(path, onerror=unlisted.append):
        folders[:] = sorted(name for name in folders if not _hidden(name))
        for name in sorted(files):
            if not _hidden(name):
                yield Path(folder) / name, False
        while unlisted:
            yield Path(unlisted.pop(0).filename), True
    for error in unlisted:
        yield Path(error.filename), True


def _is_archive(path: Path) -> bool:
    """A zip archive by its first bytes, or by its name (a damaged archive is still said to be one)."""
    if path.suffix.lower() == ".zip":
        return True
    if not path.is_file():  # a FIFO or a device would block or never end
        return False
    try:
        with open(path, "rb") as file:
            return file.read(4) in ZIP_MAGIC
    except OSError:
        return False


def _members(path: Path) -> int:
    """How many files an archive holds (its directory only is read); 1 when it cannot be opened."""
    try:
        with zipfile.ZipFile(path) as archive:
            return max(1, sum(1 for info in archive.infolist() if not info.is_dir() and not _hidden(info.filename)))
    except Exception:  # a damaged archive is one step, and one error when read
        return 1


def _archive(
    source: Path | bytes, where: str, depth: int, budget: _Budget
) -> Iterator[tuple[str, bytes | HistoryError]]:
    """Each member of a zip archive as (its name, its bytes or the error that kept it from being read); archives
    inside are opened in turn. Nothing is written to disk."""
    try:
        archive = zipfile.ZipFile(source if isinstance(source, Path) else io.BytesIO(source))
    except Exception as error:  # zipfile raises BadZipFile, OSError, EOFError, ValueError... on damaged input
        yield (
            where,
            HistoryError(f"{where}: a damaged zip archive, nothing in it is read ({_reason(error)})", source=where),
        )
        return
    with archive:
        for info in archive.infolist():
            if info.is_dir() or _hidden(info.filename):
                continue
            member = f"{where}!{_PRINTABLE.sub('?', info.filename)}"
            content = _member(archive, info, member) if budget.left > 0 else b""
            if isinstance(content, HistoryError):
                yield member, content
                continue
            if len(content) > budget.left or budget.left <= 0:
                budget.left = 0
                yield (
                    member,
                    HistoryError(
                        f"{member}: not read: it would take the archive past "
                        f"{MAX_ARCHIVE_BYTES // 2**20:,} MiB uncompressed, the most one archive "
                        "may give (a zip bomb?)",
                        source=member,
                    ),
                )
                continue
            budget.left -= len(content)
            if content[:4] in ZIP_MAGIC or info.filename.lower().endswith(".zip"):
                if depth >= MAX_NESTING:
                    yield (
                        member,
                        HistoryError(
                            f"{member}: an archive inside {depth + 1} archives is not opened "
                            f"(at most {MAX_NESTING} levels: a zip bomb?)",
                            source=member,
                        ),
                    )
                else:
                    yield from _archive(content, member, depth + 1, budget)
                continue
            yield member, content


def _member(archive: zipfile.ZipFile, info: zipfile.ZipInfo, member: str) -> bytes | HistoryError:
    """A member's bytes, read in memory and never more than `MAX_MEMBER_BYTES` of them."""
    limit = f"members over {MAX_MEMBER_BYTES // 2**20} MiB uncompressed are not read (a zip bomb?)"
    if info.file_size > MAX_MEMBER_BYTES:
        return HistoryError(f"{member}: {info.file_size:,} bytes uncompressed; {limit}", source=member)
    try:
        with archive.open(info) as stream:
            content = stream.read(MAX_MEMBER_BYTES + 1)  # the size in the archive's directory may lie
    except Exception as error:  # a bad CRC, an encrypted member, an unknown compression, a truncated stream
        return HistoryError(f"{member}: cannot be read from the archive ({_reason(error)})", source=member)
    if len(content) > MAX_MEMBER_BYTES:
        return HistoryError(f"{member}: more than {MAX_MEMBER_BYTES:,} bytes uncompressed; {limit}", source=member)
    return content


def _reason(error: Exception) -> str:
    text = str(error) or type(error).__name__
    return _PRINTABLE.sub("?", text)[:200]


# --- the summary --------------------------------------------------------------------------------------------------

_QUOTED = re.compile(
    r"""(?<!\w)(?:'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*")(?!\w)"""
    r"""|(?<!\w)['"][^\n]*?\.\.\. \(\d+ chars\)"""
)  # closed, or cut short by `quote`
_NUMBER = re.compile(r"(?<![\w.#-])\d+(?:[.,]\d+)*(?![\w.])")
_PLACE = re.compile(r"^(?:hand #[^\s,:]*[,:] |line N '…': |line N: |action N \(.*?\): )+")
MISMATCH_REASON = "mismatch: the replayed outcome differs from the record"


_RAW_QUOTE = r"""(?:'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|['"][^\n]*?\.\.\. \(\d+ chars\))"""
_RAW_PLACE = re.compile(rf"^(?:hand #[^\s,:]*[,:] |line \d+ {_RAW_QUOTE}: |line \d+: |action \d+ \(.*?\): )+")


def example(message: str, source: str = "") -> str:
    """A refusal's message without its place, as written: what a reason's line shows of its first case."""
    text = message
    for where in (source, "<text>"):
        if where and text.startswith(where + ": "):
            text = text[len(where) + 2 :]
    return _RAW_PLACE.sub("", text) or text


def reason(message: str, source: str = "") -> str:
    """A refusal's reason, for grouping: the message without its place (the file, the hand, the line, the
    action) and with quoted text and numbers left out: 'line 12 'Seat 9: x': ...' and 'line 40 'Seat 2: y':
    ...' of two files are one reason."""
    text = message
    for where in (source, "<text>"):
        if where and text.startswith(where + ": "):
            text = text[len(where) + 2 :]
        if where:
            text = text.replace(where, "FILE")
    text = _NUMBER.sub("N", _QUOTED.sub("'…'", text))
    return _PLACE.sub("", text) or text


def note_lines(notes: Iterable[str], more: str = "") -> list[str]:
    """The ``note: ...`` lines a command prints for its inputs' notes: each kind at most three times (`Notes`),
    then a line for the rest (``more`` added to it: where the rest can be read)."""
    shown = Notes()
    lines = [f"note: {note}" for note in notes if shown.show(note)]
    return lines + [f"note: {line}{more}" for line in shown.rest()]


class Notes:
    """The notes a command prints, each kind (the same note but for its file, lines and numbers) at most ``most``
    times: a folder of a thousand forum posts gives three notes and "... and 997 more like this", not a
    thousand lines."""

    def __init__(self, most: int = 3) -> None:
        self.most = most
        self.counts: dict[str, int] = {}
        self.first: dict[str, str] = {}  # where each kind was noted first

    def show(self, note: str) -> bool:
        """Whether to print ``note`` now (it is counted either way)."""
        where, _, rest = note.partition(": ")
        key = reason(rest or where)
        self.counts[key] = self.counts.get(key, 0) + 1
        self.first.setdefault(key, where)
        return self.counts[key] <= self.most

    def rest(self) -> list[str]:
        """A line for each kind of note that was held back."""
        return [
            f"... and {count - self.most} more like the one on {self.first[key]}"
            for key, count in self.counts.items()
            if count > self.most
        ]


@attrs.define
class _Reason:
    count: int
    first: str  # where it was met first: a file, or a file and a hand
    example: str = ""  # the first one's message as written (without its place)


@attrs.define
class _Group:
    files: int = 0
    read: int = 0
    refused: int = 0
    duplicates: int = 0  # hands passed over as already read from another file
    reasons: dict[str, _Reason] = attrs.Factory(dict)

    def note(self, why: str, place: str, first: str = "") -> None:
        self.reasons.setdefault(why, _Reason(0, place, first or why)).count += 1

    def reason_data(self) -> list[dict[str, object]]:
        """The reasons, the most frequent first (then in the order met): ``reason`` groups (quotes and numbers
        left out), ``example`` is the first one as written."""
        ordered = sorted(self.reasons.items(), key=lambda item: -item[1].count)
        return [
            {"reason": why, "example": entry.example, "count": entry.count, "first": entry.first}
            for why, entry in ordered
        ]


class Summary:
    """What the inputs held, per format (the site and its format: PokerStars text, GGPoker text, PHH, ...): the
    files, the hands read and the hands refused, with the refusals grouped by reason; and the files passed
    over as not hand histories, grouped the same way."""

    def __init__(self) -> None:
        self.groups: dict[str, _Group] = {}
        self.skipped = _Group()

    def file(self, group: str) -> None:
        """One more file read as ``group`` (a format's key, or `NOT_READ`)."""
        self.groups.setdefault(group, _Group()).files += 1

    def duplicates(self, group: str, count: int) -> None:
        """``count`` hands of a ``group`` file passed over as read before."""
        self.groups.setdefault(group, _Group()).duplicates += count

    def skip(self, where: str, error: HistoryError) -> None:
        """A file passed over as not a hand history, for ``error``'s reason."""
        self.skipped.files += 1
        self.skipped.note(reason(str(error), where), where, example(str(error), where))

    def hand(
        self,
        file: InputFile,
        problem: str | None = None,
        *,
        source: str = "",
        hand_id: str = "",
        mismatch: bool = False,
    ) -> None:
        """One hand of ``file``: read (``problem`` None), or refused for ``problem`` (a message naming it)."""
        group = self.groups.setdefault(file.group, _Group())
        if problem is None:
            group.read += 1
            return
        group.refused += 1
        place = (source or file.where) + (f" hand #{hand_id}" if hand_id else "")
        if mismatch:
            group.note(MISMATCH_REASON, place)  # one reason whatever the amounts: its first case is `replay`'s
        else:
            group.note(reason(problem, source or file.where), place, example(problem, source or file.where))

    def unwritten(self, file: InputFile, problem: str, *, source: str = "", hand_id: str = "") -> None:
        """A hand counted as read that a command could not use after all (`convert` cannot write it): refused."""
        group = self.groups.setdefault(file.group, _Group())
        group.read -= 1
        self.hand(file, problem, source=source, hand_id=hand_id)

    def totals(self) -> tuple[int, int]:
        """(hands read, hands refused) over every format: what each command's last line counts."""
        groups = self.groups.values()
        return sum(group.read for group in groups), sum(group.refused for group in groups)

    def data(self) -> dict[str, object]:
        """The summary for ``--json``: ``by_format`` (format, title, files, read, refused, reasons), ``skipped``."""
        rows = []
        for key, group in self._ordered():
            rows.append(
                {
                    "format": key,
                    "title": _title(key),
                    "files": group.files,
                    "read": group.read,
                    "refused": group.refused,
                    "duplicates": group.duplicates,
                    "reasons": group.reason_data(),
                }
            )
        return {"by_format": rows, "skipped": {"files": self.skipped.files, "reasons": self.skipped.reason_data()}}

    def lines(self) -> list[str]:
        """The summary for people: a line per format, its refusals' reasons under it, then the files skipped;
        nothing for a single file (its hands' own lines say it all)."""
        if sum(group.files for group in self.groups.values()) + self.skipped.files <= 1:
            return []
        out = []
        for key, group in self._ordered():
            files = count_of(group.files, "file")
            again = f", {count_of(group.duplicates, 'duplicate')} counted once" if group.duplicates else ""
            out.append(f"{_title(key)}: {files}, {count_of(group.read, 'hand')} read, {group.refused} refused{again}")
            out += _reason_lines(group)
        if self.skipped.files:
            out.append(f"skipped (not hand histories): {count_of(self.skipped.files, 'file')}")
            out += _reason_lines(self.skipped)
        return out

    def _ordered(self) -> list[tuple[str, _Group]]:
        order = list(BY_KEY) + [NOT_READ]
        return sorted(self.groups.items(), key=lambda item: order.index(item[0]) if item[0] in order else len(order))


def _title(key: str) -> str:
    return BY_KEY[key].title if key in BY_KEY else key


def _reason_lines(group: _Group, most: int = 10) -> list[str]:
    reasons = group.reason_data()
    lines = [f"  {entry['count']:>6}  {entry['example']} (first: {entry['first']})" for entry in reasons[:most]]
    if len(reasons) > most:
        lines.append(f"  ... and {len(reasons) - most} more reasons (--json lists them all)")
    return lines
