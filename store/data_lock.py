"""One writer per data directory: the service holds an exclusive lock on it for its whole life.

Two services on one data directory overwrote each other's moves, and a CLI
verb that met damage while the service played moved the service's own file
aside (issue "One writer, checked bytes", 1 and 2). So ``tablewarden run``
takes :class:`DataLock` before it opens the journal and holds it until it
exits; a second ``run`` is refused naming the holder. The CLI's readers
(``state``, ``games``, ``export``) ask :func:`holder` and, while another
process holds the lock, read a private copy instead of the journal itself, so
they never repair, move or delete what the service is writing; ``import``,
which writes, is refused.

The lock is ``flock`` on ``tablewarden.lock`` in the data directory: the
kernel drops it when its process dies, however it dies (a SIGKILL, a power
cut), so no stale lock can keep the box from starting. The file holds the
holder's pid, for the message only.
"""

from __future__ import annotations

import fcntl
import os
import sqlite3
from pathlib import Path

LOCK_FILE = "tablewarden.lock"


class DataDirBusy(Exception):
    """Another process holds the data directory's lock."""

    def __init__(self, data_dir: Path, pid: int | None) -> None:
        who = f" (pid {pid})" if pid else ""
        super().__init__(f"another Table Warden is using {data_dir}{who}")
        self.pid = pid


class DataLock:
    """The exclusive lock on a data directory, held from :meth:`acquire` until :meth:`release`
    (or the process's end)."""

    def __init__(self, data_dir: Path) -> None:
        self.data_dir = data_dir
        self._fd: int | None = None

    def acquire(self) -> None:
        """Take the lock, or raise :class:`DataDirBusy`. A data directory whose lock file cannot be
        made (a read-only card) is not locked: nothing can write it anyway, and the journal's own
        open names that condition."""
        try:
            fd = os.open(self.data_dir / LOCK_FILE, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o644)
        except OSError:
            return
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(fd)
            raise DataDirBusy(self.data_dir, _pid(self.data_dir)) from None
        try:
            os.ftruncate(fd, 0)
            os.write(fd, f"{os.getpid()}\n".encode())
        except OSError:
            pass  # a full card: the lock holds all the same, the message only lacks the pid
        self._fd = fd

    def release(self) -> None:
        if self._fd is not None:
            os.close(self._fd)
            self._fd = None


def holder(data_dir: Path) -> DataDirBusy | None:
    """Who holds ``data_dir``'s lock, if another process does (None when it is free). Probes
    with a shared lock, taken and dropped at once, so a reader never blocks the service."""
    try:
        fd = os.open(data_dir / LOCK_FILE, os.O_RDONLY | os.O_CLOEXEC)
    except OSError:
        return None  # no lock file: no service has run here, or the card cannot make one
    try:
        fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
    except BlockingIOError:
        return DataDirBusy(data_dir, _pid(data_dir))
    finally:
        os.close(fd)  # closing drops the probe's lock
    return None


def _pid(data_dir: Path) -> int | None:
    try:
        text = (data_dir / LOCK_FILE).read_text(encoding="ascii").strip()
    except (OSError, UnicodeDecodeError):
        return None
    return int(text) if text.isdigit() and len(text) < 12 else None


def copy_live(path: Path, dest: Path) -> None:
    """A consistent copy of the journal at ``path`` while its service writes it: SQLite's backup
    API on a read-only connection (one read transaction's picture, the WAL's committed moves
    included); the source is only read."""
    source = sqlite3.connect(f"{path.as_uri()}?mode=ro", uri=True)
    try:
        target = sqlite3.connect(dest)
        try:
            source.backup(target)
        finally:
            target.close()
    finally:
        source.close()
