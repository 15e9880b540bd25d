"""Backups of the journal file, and recovery when the file is damaged.

Two kinds of backup sit in ``backups/``. The rotating copies are whole-file
copies taken with SQLite's online backup API (safe while the journal is open
and in WAL mode), written under a temporary name, flushed and renamed, so a
power cut leaves either the old set or the new one. They are numbered so the
newest is the highest number, whatever the clock says, and rotate: only the
newest ``keep`` remain. The mirror (``journal-mirror.db``) is one file kept in
step with the journal by writing only what changed (:mod:`store.mirror`).

Recovery never deletes anything: the damaged file moves aside together with
its ``-wal`` and ``-shm`` companions (so it can still be examined, or rescued
by hand), then the newest backup (by the journal generation it records, the
mirror included once settled) that passes SQLite's integrity check is copied
into place.

Every backup is integrity-checked before it replaces anything: a journal
damaged while the box runs is never rotated into the backups, and the
``DamagedError`` tells the journal to check itself in full at the next start.
"""

from __future__ import annotations

import os
import re
import shutil
import sqlite3
import time
from collections.abc import Callable, Collection
from contextlib import closing
from pathlib import Path

from store.storage import is_damage

BACKUP_PATTERN = re.compile(r"journal-(\d{6})-\d{8}-\d{6}\.db")
MIRROR_FILE = "journal-mirror.db"  # kept in step by store/mirror.py
SQLITE_COMPANIONS = ("", "-wal", "-shm", "-journal")
CHECK_MARK = "-check"  # beside the journal: check it in full at the next start


class DamagedError(OSError):
    """The journal failed the integrity check while being backed up; no backup was written.

    An ``OSError`` like any other failed backup: play goes on from the intact
    in-memory state, and the next start checks the file in full.
    """


def stamp(clock: Callable[[], float]) -> str:
    return time.strftime("%Y%m%d-%H%M%S", time.gmtime(clock()))


def _fsync(path: Path) -> None:
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def _number(backup: Path) -> int:
    """A backup's number (its name matched :data:`BACKUP_PATTERN` when it was listed)."""
    match = BACKUP_PATTERN.fullmatch(backup.name)
    assert match is not None
    return int(match.group(1))


def list_backups(backup_dir: Path) -> list[Path]:
    """The backups in ``backup_dir``, oldest first."""
    if not backup_dir.is_dir():
        return []
    found = [(int(m.group(1)), p) for p in backup_dir.iterdir() if (m := BACKUP_PATTERN.fullmatch(p.name))]
    return [p for _, p in sorted(found)]


class CopyGivenUp(Exception):
    """A whole copy given up part way by its ``progress`` callback (input arrived while the
    backup worker copied at idle: it copies at the next idle). Nothing of it is left behind."""


#: A copy's step callback (``Connection.backup``'s ``progress``: status, pages left, pages in all).
Progress = Callable[[int, int, int], object]


def write_backup(db: sqlite3.Connection, backup_dir: Path, keep: int, clock: Callable[[], float], *,
                 pages: int = -1, sleep: float = 0.0, progress: Progress | None = None) -> Path:
    """Copy the open database ``db`` into a new numbered backup; keep the newest ``keep``.

    ``pages`` > 0 copies in steps of that many pages, ``sleep`` seconds
    apart, so a writer on another connection is never held up for long (a
    write in between makes SQLite restart the copy from the changed state).
    """
    if keep < 1:
        raise ValueError("keep must be at least 1")
    backup_dir.mkdir(parents=True, exist_ok=True)
    existing = list_backups(backup_dir)
    number = _number(existing[-1]) + 1 if existing else 1
    final = backup_dir / f"journal-{number:06d}-{stamp(clock)}.db"
    write_copy(db, final, pages=pages, sleep=sleep, progress=progress)
    for old in (existing + [final])[:-keep]:
        old.unlink()
    return final


def write_copy(db: sqlite3.Connection, final: Path, *, pages: int = -1, sleep: float = 0.0,
               progress: Progress | None = None) -> None:
    """Copy the open database ``db`` whole to ``final``: under a temporary name, checked,
    flushed, then renamed over whatever was there (a power cut leaves the old file or the new).
    ``progress`` is called after each step; raising :class:`CopyGivenUp` there gives it up."""
    partial = final.with_name(final.name + ".part")
    target = sqlite3.connect(partial)
    try:
        db.backup(target, pages=pages, sleep=sleep, progress=progress)
        # A self-contained single file: no -wal beside a backup to lose or forget.
        target.execute("PRAGMA journal_mode=DELETE")
        # The copy holds the journal's pages as they are: this checks the journal too.
        problems = "; ".join(str(row[0]) for row in target.execute("PRAGMA integrity_check").fetchmany(3))
    except sqlite3.DatabaseError as exc:
        if not is_damage(exc):
            target.close()
            partial.unlink(missing_ok=True)  # a full card: leave no half copy behind
            raise
        problems = str(exc)
    except CopyGivenUp:
        target.close()
        partial.unlink(missing_ok=True)
        raise
    finally:
        target.close()
    if problems != "ok":
        partial.unlink()
        raise DamagedError(f"the journal fails the integrity check ({problems}); no backup was written")
    _fsync(partial)
    os.replace(partial, final)
    _fsync(final.parent)


def _read_only(path: Path) -> sqlite3.Connection:
    """A read-only connection to the SQLite file at ``path`` (relative paths too)."""
    return sqlite3.connect(f"{Path(path).absolute().as_uri()}?mode=ro", uri=True)


def is_healthy(path: Path) -> bool:
    """True when ``path`` is an SQLite file that passes the integrity check."""
    try:
        db = _read_only(path)
        try:
            return db.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
        finally:
            db.close()
    except (sqlite3.DatabaseError, UnicodeDecodeError):  # (SQLite quoting damaged schema text)
        return False


def quarantine(path: Path, clock: Callable[[], float], label: str = "damaged") -> Path:
    """Move a damaged (or superseded) database and its companion files aside; return its new path."""
    when = stamp(clock)
    n = 0
    while True:
        suffix = f"-{n}" if n else ""
        moved = path.with_name(f"{path.stem}.{label}-{when}{suffix}{path.suffix}")
        if not any(Path(f"{moved}{c}").exists() for c in SQLITE_COMPANIONS):
            break
        n += 1
    for companion in SQLITE_COMPANIONS:
        source = Path(f"{path}{companion}")
        if source.exists():
            os.replace(source, f"{moved}{companion}")
    return moved


def recover(
    path: Path, backup_dir: Path, reason: str, clock: Callable[[], float], skip: Collection[Path] = ()
) -> tuple[list[str], Path | None]:
    """Quarantine the damaged ``path`` and put the newest healthy backup in its place.

    Returns notices for the displays and the backup used (None: the journal
    starts empty, the damaged file still kept beside it). ``skip`` lists
    backups already tried that turned out unusable.

    The backup is copied in beside the journal first, and only then is the
    journal moved aside: a card too full for the copy raises OSError with
    nothing moved, so the next start, once space is freed, finds the same
    damage and recovers (issue "One writer, checked bytes", 11: the journal was
    already aside and the next start said only "missing or empty").
    """
    skipped: list[str] = []
    for candidate in restore_points(backup_dir):
        if candidate in skip:
            continue
        if is_healthy(candidate):
            staged = _stage(candidate, path)
            moved = quarantine(path, clock)
            os.replace(staged, path)
            return [f"The journal was damaged ({reason}); it was moved aside to {moved.name}.", *skipped,
                    f"Restored the backup {candidate.name}; later moves are lost."], candidate
        skipped.append(f"The backup {candidate.name} is damaged too; skipped.")
    moved = quarantine(path, clock)
    return [f"The journal was damaged ({reason}); it was moved aside to {moved.name}.", *skipped,
            "No healthy backup was found: starting a fresh journal."], None


def restore_points(backup_dir: Path) -> list[Path]:
    """Every backup a recovery may restore, newest first: the rotating copies by number, and the
    mirror (settled) before the first copy that records no later journal generation than it
    (last when it is unreadable)."""
    copies = list(reversed(list_backups(backup_dir)))
    mirror = backup_dir / MIRROR_FILE
    if not mirror.exists():
        return copies
    settle(mirror)
    mine = generation_of(mirror)
    if mine is not None:
        for n, copy in enumerate(copies):
            theirs = generation_of(copy)
            if theirs is not None and theirs <= mine:
                return [*copies[:n], mirror, *copies[n:]]
    return [*copies, mirror]


def settle(path: Path) -> None:
    """Roll back a sync of the SQLite file at ``path`` that a power cut or a kill interrupted.

    SQLite does that at the first access of a connection that may write (a
    read-only one refuses the file instead); the file is then the one before
    the sync, ready to be read or copied on its own. A file that cannot be
    opened is left for the integrity check to refuse.
    """
    try:
        db = sqlite3.connect(path)
        try:
            db.execute("SELECT COUNT(*) FROM sqlite_schema").fetchone()
        finally:
            db.close()
    except (sqlite3.Error, UnicodeDecodeError):  # (a message quoting damaged schema text)
        pass


def _put_in_place(backup: Path, path: Path) -> None:
    """Copy ``backup`` to ``path`` under a temporary name, flushed, then renamed."""
    os.replace(_stage(backup, path), path)


def _stage(backup: Path, path: Path) -> Path:
    """Copy ``backup`` beside ``path`` under a temporary name, flushed; return that name (a copy
    that fails, a full card, leaves nothing behind).

    The copy is made under a read lock on ``backup``. The mirror is written in
    place by the backup worker, which still runs when a repair in play restores
    it (app/play.py): the lock holds a sync's commit off (it waits, fails, and
    the next backup syncs again), so the copy is one committed state, not the
    first half of one and the rest of the next.
    """
    partial = path.with_name(path.name + ".part")
    try:
        with closing(_read_only(backup)) as lock:
            lock.execute("BEGIN")
            lock.execute("SELECT COUNT(*) FROM sqlite_schema").fetchone()
            shutil.copyfile(backup, partial)
        _fsync(partial)
    except sqlite3.Error as exc:
        partial.unlink(missing_ok=True)
        raise OSError(f"{backup.name} cannot be read: {exc}") from exc
    except OSError:
        partial.unlink(missing_ok=True)
        raise
    return partial


def remove_stale_parts(*folders: Path) -> None:
    """Delete ``*.part`` files a crash or power cut left half-written (never a finished file),
    and the rollback journals SQLite kept beside them (``*.part-journal``): a copy killed
    while SQLite wrote it leaves both."""
    for folder in folders:
        if folder.is_dir():
            for pattern in ("*.part", "*.part-journal"):
                for part in folder.glob(pattern):
                    part.unlink(missing_ok=True)


def generation_of(path: Path) -> int | None:
    """The journal generation a backup file records (the lower of its two copies of
    ``meta.generation``: :func:`store.file_format.generation_in`), or None if unreadable."""
    from store.file_format import generation_in  # (file_format imports health, which imports this)

    try:
        db = _read_only(path)
        try:
            return generation_in(db, journal=False)
        finally:
            db.close()
    except (sqlite3.Error, ValueError, TypeError):
        return None


def newer_backup(backup_dir: Path, generation: int, skip: Collection[Path] = ()) -> Path | None:
    """The newest healthy backup that is ahead of a journal at ``generation``, if any.

    A journal behind its own backup lost committed writes (a deleted or
    damaged ``-wal``, a zero-byte or missing file): the backup is restored
    instead of starting from the older file without a word. Reading a
    backup's generation is cheap; only one that is ahead gets the full check.
    """
    for candidate in restore_points(backup_dir):
        if candidate in skip:
            continue
        ahead = generation_of(candidate)
        if ahead is None:
            continue  # unreadable: not a restore point
        if ahead <= generation:
            return None  # the older backups are older still
        if is_healthy(candidate):
            return candidate
    return None


def restore_newer(path: Path, backup: Path, clock: Callable[[], float], *, was_empty: bool) -> list[str]:
    """Put the newer ``backup`` in place of the journal at ``path``, keeping the old file aside.

    ``was_empty``: the journal was missing or zero bytes before this start
    (the file now at ``path`` is the empty one this start created).
    """
    notices = []
    staged = _stage(backup, path)  # first: a full card leaves the journal where it was
    if not was_empty:
        moved = quarantine(path, clock, label="behind")
        notices.append(f"The journal had lost its last moves (its -wal file was lost or damaged); "
                       f"it was moved aside to {moved.name}.")
    else:
        quarantine(path, clock, label="empty")
        notices.append("The journal file was missing or empty; the backups were kept.")
    os.replace(staged, path)
    notices.append(f"Restored the newer backup {backup.name}.")
    return notices


def request_full_check(path: Path, reason: str) -> None:
    """Mark the journal at ``path`` for a full integrity check at the next start."""
    mark = Path(f"{path}{CHECK_MARK}")
    with mark.open("w", encoding="utf-8") as f:
        f.write(reason + "\n")
        f.flush()
        os.fsync(f.fileno())
