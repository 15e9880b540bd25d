"""Storage errors as one family: what the card did, in the player's words.

Every ``sqlite3`` error and ``OSError`` that the journal, its WAL or the
backups meet is turned into a :class:`StorageError` with one of a few kinds,
so the controller and the CLI handle one type and the player reads one short
OLED text per condition (docs/JOURNAL.md, "When the card fails"):

- ``full``: no space left (SQLite's "database or disk is full", ``ENOSPC``,
  or an I/O error on a card with no free blocks);
- ``read-only``: the card or the directory refuses writes;
- ``damaged``: the file is not a sound SQLite database any more (SQLite's
  CORRUPT or NOTADB, undecodable text), so the next open checks it in full;
- ``missing``: the journal or its directory disappeared under the box;
- ``failed``: anything else the card reported.

``doing`` says what was being done, because the same condition means
different things: a commit that fails loses the move being made (it is not
shown either), a backup that fails loses nothing, an open that fails stops
the start.
"""

from __future__ import annotations

import errno
import os
import sqlite3
from pathlib import Path

KINDS = ("full", "read-only", "damaged", "missing", "failed")
DAMAGE_CODES = (sqlite3.SQLITE_CORRUPT, sqlite3.SQLITE_NOTADB)

# (kind, doing) -> OLED short text (at most 2 lines of 21 characters)
_SHORT = {
    ("full", "save"): "Card full: not saved",
    ("full", "backup"): "Card full: no backup",
    ("full", "open"): "Card full",
    ("full", "read"): "Card full",
    ("read-only", "save"): "Card read-only",
    ("read-only", "backup"): "Card read-only",
    ("read-only", "open"): "Card read-only",
    ("read-only", "read"): "Card read-only",
    ("damaged", "save"): "Save damaged: repair",
    ("damaged", "backup"): "Save damaged: repair",
    ("damaged", "open"): "Save damaged",
    ("damaged", "read"): "Save damaged: repair",
    ("missing", "save"): "Save file missing",
    ("missing", "backup"): "Save file missing",
    ("missing", "open"): "Save file missing",
    ("missing", "read"): "Save file missing",
}
_FAILED_SHORT = {"save": "Save failed", "backup": "Backup failed", "open": "Cannot open saves",
                 "read": "Cannot read saves"}
_CONSEQUENCE = {
    "save": "the last move was not saved (and is not shown); everything saved before it is kept.",
    "backup": "the backup was skipped; every move is still saved in the journal.",
    "open": "the box cannot open its saved games.",
    "read": "the saved games could not be read just now; nothing was changed.",
}
_CAUSE = {
    "full": "The card is full",
    "read-only": "The card cannot be written (read-only, or the directory's permissions)",
    "damaged": "The journal file is damaged",
    "missing": "The journal file or its directory is missing",
    "failed": "The card reported an error",
}
_REMEDY = {
    "full": "Free some space on the card.",
    "read-only": ("Check the card and the directory's permissions; `tablewarden export` still "
                  "copies games off a read-only card."),
    "damaged": ("It is checked in full and repaired from the newest healthy backup (the damaged file "
                "is kept beside it)."),
    "missing": "Check that the card is in and mounted.",
    "failed": "If it repeats, the card may be failing: export the games (`tablewarden export`).",
}


class JournalError(Exception):
    """The journal cannot do what was asked (no such slot, a file from a newer version…)."""


class StorageError(JournalError):
    """The card failed what the journal asked of it; nothing was changed by the attempt.

    ``kind`` is one of :data:`KINDS`; ``short`` fits the OLED, ``long`` is
    for the screen and the log. A failed commit is refused like a rule
    error: what is not on disk must not be shown.
    """

    def __init__(self, kind: str, short: str, long: str) -> None:
        super().__init__(long)
        self.kind = kind
        self.short = short
        self.long = long


def _no_space(data_dir: Path) -> bool:
    """True when the file system under ``data_dir`` has no free blocks left for us."""
    for path in (data_dir, *data_dir.parents):
        try:
            stats = os.statvfs(path)
        except OSError:
            continue
        return stats.f_bavail == 0
    return False


def classify(exc: BaseException, data_dir: Path) -> str:
    """The kind of storage condition ``exc`` reports (one of :data:`KINDS`).

    Read from the error's type, its ``errno`` and SQLite's result code (its
    primary code: ``SQLITE_READONLY_DBMOVED`` is a ``SQLITE_READONLY``), never
    from the words of its message, which may quote a path: a data directory
    named "full" or "read-only" must not make every error read so.
    """
    number = getattr(exc, "errno", None)
    code = getattr(exc, "sqlite_errorcode", None)
    primary = code & 0xFF if isinstance(code, int) else None
    if number == errno.ENOSPC or primary == sqlite3.SQLITE_FULL:
        return "full"
    if number in (errno.EROFS, errno.EACCES, errno.EPERM) or primary in (sqlite3.SQLITE_READONLY,
                                                                          sqlite3.SQLITE_PERM):
        return "read-only"
    if primary in DAMAGE_CODES or isinstance(exc, UnicodeDecodeError) or _undecodable(exc):
        return "damaged"
    if number == errno.ENOENT or isinstance(exc, FileNotFoundError):
        return "missing"
    if primary == sqlite3.SQLITE_CANTOPEN:
        return "missing" if not data_dir.exists() else "read-only" if not os.access(data_dir, os.W_OK) \
            else "failed"
    if (primary == sqlite3.SQLITE_IOERR or number == errno.EIO) and _no_space(data_dir):
        return "full"
    return "failed"


def is_damage(exc: BaseException) -> bool:
    """Whether an SQLite error says the file is damaged: SQLite's CORRUPT or NOTADB, or text in it
    that is not UTF-8 (which Python's sqlite3 module, not SQLite, reports, with no result code)."""
    code = getattr(exc, "sqlite_errorcode", None)
    return (isinstance(code, int) and code & 0xFF in DAMAGE_CODES) or _undecodable(exc)


def _undecodable(exc: BaseException) -> bool:
    """Python's sqlite3 module (not SQLite) met text that is not UTF-8: it has no result code,
    and its message starts with its own words (a path could only come after them)."""
    return (isinstance(exc, sqlite3.OperationalError) and getattr(exc, "sqlite_errorcode", None) is None
            and str(exc).startswith("Could not decode to UTF-8"))


def storage_error(exc: BaseException, data_dir: Path, doing: str = "save",
                  kind: str | None = None) -> StorageError:
    """Name what the card did to ``doing`` (save, backup, open or read), in the player's words.

    ``kind`` overrides what :func:`classify` would read from ``exc``.
    """
    kind = kind or classify(exc, data_dir)
    short = _SHORT.get((kind, doing), _FAILED_SHORT[doing])
    long = (f"{_CAUSE[kind]} ({data_dir}: {exc}): {_CONSEQUENCE[doing]} {_REMEDY[kind]}")
    return StorageError(kind, short, long)
