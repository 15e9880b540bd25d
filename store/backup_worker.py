"""Backups and WAL checkpoints off the input path: their own thread and connection, at idle.

A press is committed (one fsync of the WAL) and drawn before any of this
starts (issue "Never bricks, never freezes"). What used to follow a
phase-ending press synchronously — a backup, its check, its fsyncs, and now
and then SQLite's WAL checkpoint — waits here until the box has been idle for
``idle_after`` seconds, and then runs on its own SQLite connection, whole
copies in steps that let the journal's writer in between
(``Connection.backup(pages=...)``).

The cadence (docs/JOURNAL.md, "Backups"):

- a backup is *requested* when a procedure ends (a Threat phase, a Night…);
  requests coalesce: at most one is pending;
- it is taken at the first idle moment at least ``min_interval`` seconds
  after the previous one, and not at all when the journal has not changed
  since the previous one (its ``meta.generation`` is the same);
- a backup brings the mirror in step (:mod:`store.mirror`: it writes what
  changed, whatever the journal's size; the first of a session also checks
  both files page by page and compares every row, the later ones read only
  what changed, so they cost the same at any length); a whole rotating copy is added only
  when the wear budget allows it (:meth:`BackupWorker._full_copy_due`: after
  the journal has itself written :data:`FULL_COPY_EVERY` times the file's
  size, so whole copies add at most about an eighth to the journal's own
  writes, whatever its length), or when there is no copy or no mirror yet;
- the WAL is checkpointed into the file at idle once it holds
  ``checkpoint_at`` bytes, or at once when it outgrows ``wal_limit`` bytes
  (the journal's own connection never checkpoints: its autocheckpoint is
  off, so a commit is one fsync). A WAL is not folded in after every few
  moves: each page would be written twice, for nothing a power cut needs;
  SQLite folds in the rest when the service closes the journal;
- the spacing counts from the newest backup file, an earlier session's too,
  so starting the box does not copy the file again at once; a pending backup
  is taken when the service stops cleanly if the spacing allows (the
  journal itself holds every move either way).

Each outcome is reported through ``report`` (a :class:`BackupDone`): the
service puts it on its queue, so the controller tells the player about a full
card or damage on the main thread, like any other event.
"""

from __future__ import annotations

import logging
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from store.backup import (
    MIRROR_FILE,
    CopyGivenUp,
    DamagedError,
    Progress,
    generation_of,
    list_backups,
    write_backup,
)
from store.health import mark_damaged
from store.mirror import MirrorUnusable, build_mirror, sync_mirror
from store.storage import StorageError, storage_error

log = logging.getLogger(__name__)

STEP_PAGES = 256  # 1 MiB of 4 KiB pages per step
STEP_SLEEP = 0.002  # seconds between steps: the journal's writer gets in
WAL_LIMIT = 4 * 1024 * 1024  # SQLite's own autocheckpoint is about 1,000 pages
CHECKPOINT_AT = 1024 * 1024  # at idle, from this size on
# At the idle after a phase end, from this size on (about 50 moves): what a WAL lost after a power
# cut can cost is bounded by it (a WAL damaged in place is read and its losses told, store/wal_check.py).
# Folding at every phase end, whatever the size, was a checkpoint every two commands in Kreel, each
# three syncs (1.7 syncs and 17 KB per input over a long evening, docs/PERFORMANCE.md).
FOLD_AT = 256 * 1024
# The wear budget of whole copies (docs/JOURNAL.md, "Backups"): one is taken once the journal
# has written this many times its file's size since the last, counted in write transactions
# (meta.generation) of about JOURNAL_WRITE_BYTES each: a commit's pages in the WAL (4.3 KB)
# and again when checkpointed.
FULL_COPY_EVERY = 8
JOURNAL_WRITE_BYTES = 8 * 1024


@dataclass(frozen=True)
class BackupDone:
    """A background backup finished: ``path`` written (a rotating copy, or the mirror when only
    it was brought in step), or ``error`` says why not."""

    path: Path | None
    error: StorageError | None = None


class BackupWorker:
    """Takes the journal's backups and WAL checkpoints on its own thread, when the box is idle.

    The main loop tells it of each input in two steps: :meth:`touched` as the input arrives,
    :meth:`settled` once it is drawn (only this wakes the thread), with :meth:`request` in
    between when the input ended a procedure.

    ``journal_path`` is the journal file; ``keep`` how many backups rotate;
    ``clock`` is monotonic seconds (a test passes its own).
    """

    def __init__(
        self,
        journal_path: Path,
        backup_dir: Path,
        *,
        keep: int = 5,
        idle_after: float = 2.0,
        min_interval: float = 300.0,
        wal_limit: int = WAL_LIMIT,
        checkpoint_at: int = CHECKPOINT_AT,
        report: Callable[[BackupDone], None] = lambda done: None,
        clock: Callable[[], float] = time.monotonic,
        wall_clock: Callable[[], float] = time.time,
    ) -> None:
        self.journal_path = Path(journal_path)
        self.backup_dir = Path(backup_dir)
        self.keep = keep
        self.idle_after = idle_after
        self.min_interval = min_interval
        self.wal_limit = wal_limit
        self.checkpoint_at = checkpoint_at
        self.report = report
        self._clock = clock
        self._wall_clock = wall_clock
        self._wake = threading.Condition()
        self._pending = False
        self._fold = False  # a phase ended: fold the WAL at idle whatever its size
        self._touched = clock()
        self._last_backup = self._newest_backup_time()
        self._last_generation: int | None = None
        # The first sync of the mirror checks both files and compares every row; the later
        # ones read and write only what changed (store/mirror.py), at a constant cost.
        self._mirror_whole = True
        self._checkpointed: tuple[int, int] | None = None
        self._stopping = False
        self._held = 0  # holds open (:meth:`held`): nothing starts
        self._busy = False  # a backup or a checkpoint under way on the thread
        self._thread = threading.Thread(target=self._run, name="backups", daemon=True)

    # --- called from the main loop ------------------------------------------------

    def start(self) -> None:
        self._thread.start()

    def request(self) -> None:
        """A procedure ended: back the journal up at the next idle moment (coalesced), and fold
        the WAL into the file then once it holds :data:`FOLD_AT`, so a WAL lost after a power cut
        costs at most some 50 moves (issue "One writer, checked bytes", 10: folded only at
        1 MiB, the window was hundreds of moves).

        The press that ended the procedure counts as input: the idle wait starts from it, so a
        phase ended after a long pause is not copied while its press is still being drawn. The
        thread hears of it at :meth:`settled` (or :meth:`close`), once the press is drawn."""
        with self._wake:
            self._pending = True
            self._fold = True
            self._touched = self._clock()

    def touched(self) -> None:
        """Input arrived (the service calls this before handling it): whatever is due waits until
        the box is idle again, and a whole copy under way is given up at its next step.

        The thread is not woken: nothing it waits for comes sooner for an input, and woken
        inside a press its Python would take turns with the loop's while the loop draws.
        """
        self._touched = self._clock()  # one assignment: the thread reads it under its lock

    def settled(self) -> None:
        """The input is handled and drawn: the thread looks again at what is due (a backup the
        input requested, a checkpoint its commit made due), outside the press."""
        with self._wake:
            self._touched = self._clock()
            self._wake.notify()

    @contextmanager
    def held(self) -> Iterator[None]:
        """No backup or checkpoint while the journal file is replaced under them (a repair in
        play: app/play.py): one under way is finished first, and none starts until the end.

        A sync still reading the file moved aside would put that file's rows in the
        mirror after the restored backup; a restart before the next sync would then
        take them for newer moves and restore them over the play since the repair.
        """
        with self._wake:
            self._held += 1
            while self._busy:
                self._wake.wait()
        try:
            yield
        finally:
            with self._wake:
                self._held -= 1
                self._wake.notify_all()

    def close(self, timeout: float = 60.0) -> None:
        """Stop the thread; a pending backup is taken first when its spacing allows (the
        service is stopping cleanly; the journal holds every move either way)."""
        with self._wake:
            self._stopping = True
            self._wake.notify()
        if self._thread.is_alive():
            self._thread.join(timeout)
        elif self._pending and self._spaced_at(self._clock()) <= self._clock():
            self._backup()

    # --- the thread -----------------------------------------------------------------

    def _spaced_at(self, now: float) -> float:
        """When the spacing from the last backup (this session's or an earlier one's) allows one."""
        return now if self._last_backup is None else self._last_backup + self.min_interval

    def _backup_at(self, now: float) -> float | None:
        """When the pending backup is due: idle, and spaced from the last one (None: none pending)."""
        if not self._pending:
            return None
        return max(self._touched + self.idle_after, self._spaced_at(now))

    def _newest_backup_time(self) -> float | None:
        """The newest backup's time (a rotating copy's, or the mirror's last sync) on this
        worker's clock: a new session waits out the spacing from the last session's backup
        rather than writing one at once."""
        times = []
        for path in (*list_backups(self.backup_dir)[-1:], self.backup_dir / MIRROR_FILE):
            try:
                times.append(path.stat().st_mtime)
            except OSError:
                continue
        if not times:
            return None
        return self._clock() - max(0.0, self._wall_clock() - max(times))

    def _checkpoint_at(self, now: float) -> float | None:
        """When the WAL is due to be checkpointed: at idle once it is sizeable, now when it is
        large (None: not due)."""
        size = self._wal_size()
        if not self._wal_changed() or size < (min(self.checkpoint_at, FOLD_AT) if self._fold
                                              else self.checkpoint_at):
            return None
        return now if size > self.wal_limit else self._touched + self.idle_after

    def _due(self, now: float) -> float | None:
        """Seconds until a backup or a checkpoint is due (0: now), or None when neither is."""
        times = [t for t in (self._backup_at(now), self._checkpoint_at(now)) if t is not None]
        return max(0.0, min(times) - now) if times else None

    def _run(self) -> None:
        while True:
            with self._wake:
                while not self._stopping:
                    wait = None if self._held else self._due(self._clock())
                    if wait == 0.0:
                        break
                    self._wake.wait(wait)
                stopping, now = self._stopping, self._clock()
                backup_at = self._backup_at(now)
                backup = backup_at is not None and (
                    backup_at <= now or (stopping and self._spaced_at(now) <= now))
                if backup:
                    self._pending = False
                checkpoint_at = None if stopping else self._checkpoint_at(now)
                checkpoint = checkpoint_at is not None and checkpoint_at <= now
                self._busy = backup or checkpoint  # a hold taken from now on waits for it
            try:
                if backup:
                    self._backup()
                if checkpoint:
                    self._checkpoint()
            finally:
                with self._wake:
                    self._busy = False
                    self._wake.notify_all()
            if stopping:
                return

    def _wal_signature(self) -> tuple[int, int] | None:
        try:
            stat = Path(f"{self.journal_path}-wal").stat()
        except OSError:
            return None
        return stat.st_size, stat.st_mtime_ns

    def _wal_changed(self) -> bool:
        """True when the WAL was written since the last checkpoint this worker made."""
        signature = self._wal_signature()
        return signature is not None and signature[0] > 0 and signature != self._checkpointed

    def _wal_size(self) -> int:
        signature = self._wal_signature()
        return signature[0] if signature else 0

    def _connect(self) -> sqlite3.Connection:
        db = sqlite3.connect(self.journal_path, isolation_level=None, timeout=1.0)
        db.execute("PRAGMA wal_autocheckpoint=0")
        return db

    def _checkpoint(self) -> None:
        """Move the WAL's pages into the file and empty the WAL (TRUNCATE).

        The size of the ``-wal`` file is what says a checkpoint is due, and a
        PASSIVE checkpoint never shrinks it: once the WAL had reached
        ``checkpoint_at`` every later commit made the next checkpoint due, each
        costing fsyncs (issue "Every screen within budget", 4). TRUNCATE resets
        the WAL to zero bytes once every page is in the file; it waits for the
        writer at most the connection's timeout (it runs at idle), and when it
        cannot finish the WAL keeps its pages for the next one.
        """
        try:
            db = self._connect()
            try:
                db.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchall()
            finally:
                db.close()
        except sqlite3.Error as exc:
            log.warning("WAL checkpoint skipped: %s", exc)
        self._checkpointed = self._wal_signature()  # done, or failed: wait for the next write
        self._fold = False

    def _backup(self) -> None:
        previous, self._last_backup = self._last_backup, self._clock()
        generation = generation_of(self.journal_path)
        if generation is not None and generation == self._last_generation:
            return  # nothing changed since the last backup
        data_dir = self.journal_path.parent
        try:
            db = self._connect()
            try:
                path = self._write(db, generation)
            finally:
                db.close()
        except CopyGivenUp as why:  # played on: copied whole at the next idle instead
            log.info("backup put off to the next idle: %s", why)
            with self._wake:
                self._pending = True
            self._last_backup = previous
            return
        except DamagedError as exc:  # the next open checks every page and repairs
            mark_damaged(self.journal_path, str(exc))  # a failing card may refuse the mark: still told
            self.report(BackupDone(None, storage_error(exc, data_dir, "backup", kind="damaged")))
            return
        except (sqlite3.Error, OSError) as exc:
            err = storage_error(exc, data_dir, "backup")
            log.error("backup failed: %s", err.long)
            self.report(BackupDone(None, err))
            return
        self._last_generation = generation
        log.info("backup written: %s", path.name)
        self.report(BackupDone(path))

    def _write(self, db: sqlite3.Connection, generation: int | None) -> Path:
        """A whole rotating copy when one is due, then the mirror in step (built anew by a whole
        copy when it cannot be synced); the path of the copy, or else of the mirror."""
        copy = None
        progress = self._given_up_on_input()
        if self._full_copy_due(db, generation):
            copy = write_backup(db, self.backup_dir, self.keep, self._wall_clock,
                                pages=STEP_PAGES, sleep=STEP_SLEEP, progress=progress)
        whole, self._mirror_whole = self._mirror_whole, True  # until this sync is done
        try:
            mirror = sync_mirror(db, self.backup_dir, whole=whole)
        except MirrorUnusable as why:
            log.info("the mirror is built anew: %s", why)
            mirror = build_mirror(db, self.backup_dir, pages=STEP_PAGES, sleep=STEP_SLEEP, progress=progress)
        self._mirror_whole = False
        return copy or mirror

    def _given_up_on_input(self) -> Progress:
        """A whole copy's step callback: it gives the copy up once input has arrived since it began.

        SQLite starts a copy again from its first page whenever the journal is written
        during it. A large journal's copy, begun at idle on a slow core or card, was
        begun again after every press while play went on: the Pi-class bench saw 2-18 MB
        written a press, and presses of 200-350 ms, while a 21 MB journal's first copy of
        the session never finished. Given up, it is made at the next idle (a pause to
        read a card is enough); the journal holds every move meanwhile.
        """
        since = self._touched

        def progress(status: int, remaining: int, total: int) -> None:
            if self._touched != since and not self._stopping:
                raise CopyGivenUp(f"a press came with {remaining} of {total} pages still to copy")
        return progress

    def _full_copy_due(self, db: sqlite3.Connection, generation: int | None) -> bool:
        """Whether this backup adds a whole rotating copy: when there is none, or no mirror (a
        whole write is made then anyway), or once the journal has written
        :data:`FULL_COPY_EVERY` times its size since the newest copy (its write transactions
        since, by ``meta.generation``, at :data:`JOURNAL_WRITE_BYTES` each; its size is its
        pages', the WAL's included)."""
        backups = list_backups(self.backup_dir)
        if not backups or not (self.backup_dir / MIRROR_FILE).exists():
            return True
        last = generation_of(backups[-1])
        if generation is None or last is None:
            return True
        size = db.execute("PRAGMA page_count").fetchone()[0] * db.execute("PRAGMA page_size").fetchone()[0]
        return (generation - last) * JOURNAL_WRITE_BYTES >= FULL_COPY_EVERY * size
