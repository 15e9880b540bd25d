"""The journal file's health at open: which check it gets, and the recovery when it fails.

SQLite's full ``integrity_check`` reads every page, so its cost grows with
the journal; it runs when the last run may not have ended cleanly: a ``-wal``
(or ``-journal``) file is left beside the journal (SQLite deletes it when the
last connection closes, so it is there after a power cut, a kill, or while
another process has the file open), or a backup found the file damaged (the
``journal.db-check`` mark). After a clean shutdown the check is the cheap
part that stays flat: the header and the file's size (a truncated or
overwritten start), the schema and the small tables (meta, games,
checkpoints); restoring the active game then reads its latest snapshot and
the commands after it, and a damaged page there is caught as well. Damage
elsewhere in a cleanly closed file is found by the next backup, which checks
what it copies (see :mod:`store.backup`), and then by the full check at the
following start.

A damaged file is moved aside with a timestamp in its name (never deleted),
and the newest healthy backup takes its place — or a fresh journal if there
is none; a backup *ahead* of the journal (by ``meta.generation``) is restored
too. The notices say what happened, for the displays.
"""

from __future__ import annotations

import logging
import os
import shutil
import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Protocol, TypeVar

from store.backup import (
    CHECK_MARK,
    newer_backup,
    recover,
    remove_stale_parts,
    request_full_check,
    restore_newer,
    stamp,
)
from store.storage import StorageError, is_damage, storage_error
from store.wal_check import lost_commits

log = logging.getLogger(__name__)

JOURNAL_FILE = "journal.db"
BACKUP_DIR = "backups"
UNCLEAN_COMPANIONS = ("-wal", "-journal")  # left behind unless the last connection closed cleanly
# checked after a clean shutdown: small whatever the journal's length
QUICK_CHECKED_TABLES = ("sqlite_schema", "meta", "games", "checkpoints")


class Damaged(Exception):
    """The file is not a healthy SQLite database: quarantine it and recover."""


class Opened(Protocol):
    """What :func:`open_healthy` needs of the journal its ``ready`` builds."""

    def generation(self) -> int | None: ...

    def close(self) -> None: ...


OpenedT = TypeVar("OpenedT", bound=Opened)


def open_healthy(data_dir: Path, clock: Callable[[], float],
                 ready: Callable[[sqlite3.Connection, list[str]], OpenedT]) -> tuple[OpenedT, list[str]]:
    """Open the journal in ``data_dir`` checked, recovering until it is healthy; return it and
    the notices.

    ``ready`` builds the journal on the checked connection (upgrading the format and
    restoring the active game, adding its own notices); a :class:`Damaged` it raises, or
    SQLite's CORRUPT or NOTADB, sends the file to quarantine and the next backup in.
    Only corruption counts as damage: a locked file or a full disk is a
    :class:`StorageError` to report, not a reason to move the journal aside.
    """
    try:
        data_dir.mkdir(parents=True, exist_ok=True)
        remove_stale_parts(data_dir, data_dir / BACKUP_DIR)
    except OSError as exc:
        raise storage_error(exc, data_dir, "open") from exc
    path = data_dir / JOURNAL_FILE
    notices: list[str] = _move_odd_companions(path, clock) + _keep_a_damaged_wal(path, clock)
    tried: list[Path] = []
    was_empty = not path.exists() or (path.is_file() and path.stat().st_size == 0)
    while True:  # each round uses up one backup; a fresh file cannot be damaged
        try:
            opened = _open_checked(path, notices, ready)
        except StorageError:
            raise
        except Damaged as exc:
            try:
                recovered, used = recover(path, data_dir / BACKUP_DIR, str(exc), clock, tried)
            except OSError as err:  # a full or read-only card: named, nothing moved; the next start tries
                raise storage_error(err, data_dir, "open") from err
            notices += recovered
            if used is not None:
                tried.append(used)
            continue
        except (sqlite3.Error, OSError) as exc:  # read-only, full, locked: not damaged
            raise storage_error(exc, data_dir, "open") from exc
        generation = opened.generation()
        ahead = None if generation is None else newer_backup(data_dir / BACKUP_DIR, generation, tried)
        if ahead is None:
            return opened, notices
        opened.close()
        try:
            notices += restore_newer(path, ahead, clock, was_empty=was_empty)
        except OSError as err:
            raise storage_error(err, data_dir, "open") from err
        tried.append(ahead)
        was_empty = False


def _move_odd_companions(path: Path, clock: Callable[[], float]) -> list[str]:
    """A ``-wal`` or ``-shm`` that is not a file (a directory made there) keeps SQLite from
    opening the journal at every start, a crash loop (issue "One writer, checked bytes", 7): it
    holds no pages, so it is moved aside (never deleted) and SQLite makes its own anew."""
    notices = []
    for suffix in ("-wal", "-shm"):
        odd = Path(f"{path}{suffix}")
        if odd.exists() and not odd.is_file():
            moved = odd.with_name(f"{odd.name}.odd-{stamp(clock)}")
            try:
                os.replace(odd, moved)
            except OSError as exc:
                raise storage_error(exc, path.parent, "open") from exc
            log.warning("%s is not a file: moved to %s", odd, moved)
            notices.append(f"{odd.name} was not SQLite's file (a directory): moved aside to {moved.name}")
    return notices


def _keep_a_damaged_wal(path: Path, clock: Callable[[], float]) -> list[str]:
    """A WAL whose damage will make SQLite drop committed moves (store/wal_check.py) is copied aside
    first (never changed: SQLite replays what it can of it), and the players told how many."""
    wal = Path(f"{path}-wal")
    lost = lost_commits(wal)
    if not lost:
        return []
    kept = wal.with_name(f"{wal.name}.damaged-{stamp(clock)}")
    try:
        shutil.copyfile(wal, kept)
    except OSError as exc:
        log.error("the damaged WAL could not be kept aside: %s", exc)
        kept = wal
    log.error("the journal's WAL is damaged: %d saved moves after the damage cannot be read", lost)
    return [f"The journal's WAL was damaged (a power cut or the card): {lost} saved "
            f"{'move' if lost == 1 else 'moves'} after the damage could not be read; the WAL is kept as "
            f"{kept.name}."]


def _open_checked(path: Path, notices: list[str],
                  ready: Callable[[sqlite3.Connection, list[str]], OpenedT]) -> OpenedT:
    """Connect, check, and hand the connection to ``ready``; raise Damaged for a corrupt file."""
    full = needs_full_check(path)
    if (problem := header_problem(path)) and (not full or path.is_dir()):
        raise Damaged(problem)
    db = sqlite3.connect(path, isolation_level=None)
    try:
        check(db, full)
        if full:
            Path(f"{path}{CHECK_MARK}").unlink(missing_ok=True)
        return ready(db, notices)
    except sqlite3.DatabaseError as exc:
        db.close()
        if is_damage(exc):
            raise Damaged(str(exc)) from exc
        raise
    except BaseException:
        db.close()
        raise


def mark_damaged(path: Path, reason: str) -> None:
    """Ask the next open of the journal at ``path`` for a full check (best effort: the card
    may refuse even that)."""
    log.error("the journal is damaged: %s", reason)
    try:
        request_full_check(path, reason)
    except OSError as exc:
        log.error("could not mark the journal for a full check: %s", exc)


def needs_full_check(path: Path) -> bool:
    """True when the journal at ``path`` may not have been closed cleanly, or a backup found it damaged."""
    return any(Path(f"{path}{suffix}").exists() for suffix in (*UNCLEAN_COMPANIONS, CHECK_MARK))


def header_problem(path: Path) -> str | None:
    """What is wrong with the SQLite header and size of a cleanly closed file, or None.

    Reads 100 bytes: the magic string, the page size, and the page count the
    header records (when the header marks it valid), against the file's size.
    A missing or empty file is a new journal.
    """
    if path.is_dir():
        return "it is a directory, not a file"
    try:
        size = path.stat().st_size
        if size == 0:
            return None
        with path.open("rb") as f:
            header = f.read(100)
    except FileNotFoundError:
        return None
    if len(header) < 100 or not header.startswith(b"SQLite format 3\0"):
        return "not an SQLite file (its header is damaged)"
    page_size = int.from_bytes(header[16:18], "big")
    page_size = 65536 if page_size == 1 else page_size
    if page_size < 512 or page_size & (page_size - 1):
        return f"the header's page size {page_size} is impossible"
    pages = int.from_bytes(header[28:32], "big")
    if header[24:28] == header[92:96] and pages:  # the header's page count is valid: SQLite reads it
        if size < pages * page_size:
            return f"the file holds {size // page_size:,} of its {pages:,} pages (truncated)"
        return None  # bytes past its last page (a stray tail) are not the database's: SQLite ignores them
    if size % page_size:
        return f"the file is {size:,} bytes, not whole {page_size}-byte pages (truncated)"
    return None


def check(db: sqlite3.Connection, full: bool) -> None:
    """The integrity check at open: every page when ``full``, else the schema and the small tables."""
    if full:
        checks = [db.execute("PRAGMA integrity_check").fetchall()]
    else:
        present = {row[0] for row in db.execute("SELECT name FROM sqlite_schema WHERE type='table'")}
        checks = [db.execute(f"PRAGMA integrity_check({table})").fetchall()
                  for table in QUICK_CHECKED_TABLES if table == "sqlite_schema" or table in present]
    problems = [str(row[0]) for result in checks if result != [("ok",)] for row in result]
    if problems:
        raise Damaged("integrity check: " + "; ".join(problems[:3]))
