"""The sample hand histories in tests/data/<format>/ (one folder per format key of `engine.history.formats`), for
the tests of every site: where they are and their text, decoded as the readers decode it (a Full Tilt file is
UTF-16)."""

from __future__ import annotations

from pathlib import Path

from engine.history.decoding import decode_history

DATA = Path(__file__).resolve().parent / "data"


def sample_files() -> list[Path]:
    """Every sample file, folder by folder (SOURCES.md and other notes left out)."""
    folders = sorted(folder for folder in DATA.iterdir() if folder.is_dir())
    return [path for folder in folders for path in sorted(folder.rglob("*")) if path.is_file() and path.suffix != ".md"]


def site_of(path: Path) -> str:
    """The format key a sample's folder names."""
    return path.relative_to(DATA).parts[0]


def sample_path(site: str, name: str) -> Path:
    return DATA / site / name


def sample_text(site: str, name: str) -> str:
    """A sample's text as the readers see it."""
    return decode_history(sample_path(site, name).read_bytes()).text
