"""The journal: every accepted command, committed to SQLite before anything is shown.

DESIGN.md, "device/ — the service": what the player saw is what survives a
power cut. One SQLite file (``journal.db`` in the data directory, WAL mode,
``synchronous=FULL``) holds:

- ``games``: the save slots. Each keeps its game id, name, the options and
  seed it was set up with, the initial state, the game-state schema it was
  last written with, and its *cursor*: how many of its commands are in
  effect.
- ``commands``: per slot, the commands in order (``seq`` 1, 2, …) with the
  engine's human description and the game-state schema each was journaled
  under (``schema``: the game's ``schema_version`` when it was committed).
  Undo and redo only move the cursor; the rows
  past the cursor are the redo tail. A new command after undo *deletes* the
  redo tail (and the snapshots and checkpoints that lay in it): the journal
  is the line of play that stands, not a tree of abandoned branches.
- ``snapshots``: the state after every ``snapshot_every``-th command, so any
  position is restored from the nearest snapshot at or before it plus fewer
  than ``snapshot_every`` replayed commands, whatever the game's length.
- ``checkpoints``: named positions ("before the boss") to return to.
- ``meta``: the format version of this file and the active slot.

Replay is exact because the engine is pure and its dice come from the state
(games/core/rng.py). A software update never strands a campaign: restored
states (the initial state, snapshots) pass through the game's state
migrations, and every replayed command through its command migrations
(:func:`games.core.engine.migrate_command`) from the schema its row
records, whether replayed for a restore, undo, redo, goto or an import. The
file's own layout is versioned too (:data:`FORMAT_MIGRATIONS`).

At open the file is integrity-checked. SQLite's full ``integrity_check``
reads every page, so its cost grows with the journal; it runs when the last
run may not have ended cleanly: a ``-wal`` (or ``-journal``) file is left
beside the journal (SQLite deletes it when the last connection closes, so
it is there after a power cut, a kill, or while another process has the file
open), or a backup found the file damaged (the ``journal.db-check`` mark).
After a clean shutdown the check is the cheap part that stays flat: the
header and the file's size (a truncated or overwritten start), the schema
and the small tables (meta, games, checkpoints); restoring the active game
then reads its latest snapshot and the commands after it, and a damaged page
there is caught as well. Damage elsewhere in a cleanly closed file is found
by the next backup, which checks every page of its copy (see
:mod:`store.backup`), and then by the full check at the following start.
A damaged file is moved aside with a timestamp in its name (never deleted),
and the newest healthy backup made by :meth:`Journal.backup` takes its place
— or a fresh journal if there is none; the notices say what happened, for
the displays.

Backups, quarantine and recovery of the file live in :mod:`store.backup`.
"""

from __future__ import annotations

import functools
import json
import logging
import sqlite3
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from games.core import engine
from games.core.commands import Command
from games.core.engine import Applied
from games.core.errors import RuleError
from games.core.game import Game
from games.core.registry import get_game
from store.backup import (
    CHECK_MARK,
    DamagedError,
    newer_backup,
    recover,
    remove_stale_parts,
    request_full_check,
    restore_newer,
    write_backup,
)
from store.game_export import (  # noqa: F401 (EXPORT_*, export_checksum: re-exported)
    EXPORT_FORMAT,
    EXPORT_VERSION,
    CheckedExport,
    JournalImportError,
    check_export,
    export_checksum,
    export_document,
)
from store.storage import JournalError, StorageError, storage_error

log = logging.getLogger(__name__)

JOURNAL_FILE = "journal.db"
UNCLEAN_COMPANIONS = ("-wal", "-journal")  # left behind unless the last connection closed cleanly
# checked after a clean shutdown: small whatever the journal's length
QUICK_CHECKED_TABLES = ("sqlite_schema", "meta", "games", "checkpoints")
BACKUP_DIR = "backups"
DEFAULT_SNAPSHOT_EVERY = 50
# docs/JOURNAL.md, "Undo, restore and snapshots": a snapshot is also written once the commands
# since the last one took this much CPU to apply (a restore or a jump replays them), but never
# within SNAPSHOT_SPACING commands of the last one (each snapshot is written to the card).
REPLAY_BUDGET = 0.002  # seconds
SNAPSHOT_SPACING = 8
TRAIL_STATES = 32  # recent states held in memory per slot: undo and jumps among them replay nothing
# docs/JOURNAL.md, "Backups" (wear): a commit writes a few whole pages to the WAL, and the
# checkpoint writes them again; 1 KiB pages write a quarter of SQLite's default 4 KiB.
PAGE_SIZE = 1024

Clock = Callable[[], float]
_cpu_time: Clock = time.thread_time  # what applying a command costs: this thread's CPU time


class _Trail:
    """One slot's recent positions held in memory: from ``first`` to the newest state it has
    seen. The cursor ``seq`` is one of them; those after it are the redo tail's.

    ``states[k]`` is the state at ``first + k``; at most :data:`TRAIL_STATES` are
    held (older ones are None), the cursor's always. ``costs[k]`` is the CPU time
    command ``first + k`` took to apply. ``base`` is the last snapshot (or the
    start) at or before the cursor as far as the trail knows, so :attr:`cost`, the
    commands' cost since then, is about what restoring the cursor replays (a base
    too early only makes the next snapshot come sooner). States are shared and
    never changed: the engine works on copies.
    """

    def __init__(self, first: int, state: dict) -> None:
        self.first = self.base = first
        self.states: list[dict | None] = [state]
        self.costs = [0.0]
        self.cursor = 0  # the index of the cursor's state

    @property
    def seq(self) -> int:
        return self.first + self.cursor

    @property
    def state(self) -> dict:
        return self.states[self.cursor]  # type: ignore[return-value]

    @property
    def cost(self) -> float:
        return sum(self.costs[self.base - self.first + 1:self.cursor + 1])

    def push(self, state: dict, cost: float, *, snapshot: bool = False) -> None:
        """The cursor moves on to ``state``, after a command that took ``cost`` seconds to apply
        and whose state was snapshotted or not (any states held past the cursor are dropped:
        another line of play follows)."""
        del self.states[self.cursor + 1:], self.costs[self.cursor + 1:]
        self.states.append(state)
        self.costs.append(cost)
        self.cursor += 1
        if snapshot:
            self.base = self.seq
        front = min(self.base - self.first, len(self.states) - TRAIL_STATES)
        if front > 0:  # positions before the base: neither their states nor their costs are needed
            del self.states[:front], self.costs[:front]
            self.first += front
            self.cursor -= front
        held = [k for k, state in enumerate(self.states) if state is not None]
        for k in held[:-TRAIL_STATES]:
            self.states[k] = None

    def forget(self) -> None:
        """Hold only the cursor's state (a slot that is not being played)."""
        self.states = [state if k == self.cursor else None for k, state in enumerate(self.states)]

    def moved_to(self, seq: int) -> _Trail | None:
        """A new trail at ``seq``, this one unchanged: at a state this one holds, or at its
        newest to replay forward from when ``seq`` is beyond it. None when ``seq`` lies
        before what it holds."""
        index = seq - self.first
        if index < 0 or (index < len(self.states) and self.states[index] is None):
            return None
        moved = _Trail(self.first, self.state)
        moved.states, moved.costs = list(self.states), list(self.costs)
        moved.cursor = min(index, len(self.states) - 1)
        moved.base = self.base if self.base <= moved.seq else self.first
        return moved


class _Damaged(Exception):
    """The file is not a healthy SQLite database: quarantine it and recover."""


_FORMAT_1 = (
    "CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
    """CREATE TABLE games (
        id INTEGER PRIMARY KEY,
        game_id TEXT NOT NULL,
        name TEXT NOT NULL,
        created REAL NOT NULL,
        updated REAL NOT NULL,
        schema INTEGER NOT NULL,
        options TEXT NOT NULL,
        seed TEXT NOT NULL,
        initial TEXT NOT NULL,
        cursor INTEGER NOT NULL DEFAULT 0
    )""",
    """CREATE TABLE commands (
        game INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        seq INTEGER NOT NULL,
        command TEXT NOT NULL,
        description TEXT NOT NULL,
        created REAL NOT NULL,
        PRIMARY KEY (game, seq)
    ) WITHOUT ROWID""",
    """CREATE TABLE snapshots (
        game INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        seq INTEGER NOT NULL,
        state TEXT NOT NULL,
        PRIMARY KEY (game, seq)
    ) WITHOUT ROWID""",
    """CREATE TABLE checkpoints (
        game INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        name TEXT NOT NULL,
        seq INTEGER NOT NULL,
        created REAL NOT NULL,
        PRIMARY KEY (game, name)
    )""",
)


def _create_format_1(db: sqlite3.Connection) -> None:
    for statement in _FORMAT_1:
        db.execute(statement)


def _command_schemas(db: sqlite3.Connection) -> None:
    """Format 2: each command records the game schema it was journaled under.

    Format 1 did not record it, so an old row takes the best the file knows:
    its slot's ``games.schema``, the schema of the code that last committed to
    the slot. That is right unless an update changed the game's schema in
    the middle of the slot's play: the commands journaled before it are then
    labelled with the newer schema and are not migrated (as format 1 could
    not migrate them either); a command migration that only changes what it
    recognises as old (renames ``n`` only where ``n`` is present) still
    replays them. The table is rebuilt (SQLite cannot add a NOT NULL column
    without a default, and no default schema is right); a row whose slot is
    gone was unreachable and is not carried over.
    """
    db.execute(
        """CREATE TABLE commands_2 (
            game INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
            seq INTEGER NOT NULL,
            command TEXT NOT NULL,
            schema INTEGER NOT NULL,
            description TEXT NOT NULL,
            created REAL NOT NULL,
            PRIMARY KEY (game, seq)
        ) WITHOUT ROWID"""
    )
    db.execute(
        "INSERT INTO commands_2 (game, seq, command, schema, description, created)"
        " SELECT c.game, c.seq, c.command, g.schema, c.description, c.created"
        " FROM commands c JOIN games g ON g.id = c.game"
    )
    db.execute("DROP TABLE commands")
    db.execute("ALTER TABLE commands_2 RENAME TO commands")


def _cursor_first(db: sqlite3.Connection) -> None:
    """Format 3: a slot's cursor, ``updated`` and schema lead its row, before the initial state.

    Every commit changes those three. In the format-2 row they came after the
    initial state (a few KB), so each commit rewrote the row's last overflow
    page too; at the front they stay in the row's first page, and a commit
    writes one page of the games table. The table is rebuilt (SQLite cannot
    move a column), with foreign keys off, so the commands that refer to the
    slots stay.
    """
    db.execute(
        """CREATE TABLE games_3 (
            id INTEGER PRIMARY KEY,
            cursor INTEGER NOT NULL DEFAULT 0,
            updated REAL NOT NULL,
            schema INTEGER NOT NULL,
            game_id TEXT NOT NULL,
            name TEXT NOT NULL,
            created REAL NOT NULL,
            options TEXT NOT NULL,
            seed TEXT NOT NULL,
            initial TEXT NOT NULL
        )"""
    )
    columns = "id, cursor, updated, schema, game_id, name, created, options, seed, initial"
    db.execute(f"INSERT INTO games_3 ({columns}) SELECT {columns} FROM games")
    db.execute("DROP TABLE games")
    db.execute("ALTER TABLE games_3 RENAME TO games")


# FORMAT_MIGRATIONS[n] turns a format-n file into format n+1, inside one
# transaction, with foreign keys off. Format 0 is an empty file. Append a step
# here (never edit an old one) whenever the tables change.
FORMAT_MIGRATIONS: list[Callable[[sqlite3.Connection], None]] = [_create_format_1, _command_schemas,
                                                                 _cursor_first]


def format_version() -> int:
    """The file format this code writes: the number of migrations it knows."""
    return len(FORMAT_MIGRATIONS)


@dataclass(frozen=True)
class Slot:
    """A save slot as the load menu lists it; ``seq`` is the cursor."""

    id: int
    game_id: str
    name: str
    created: float
    updated: float
    seq: int
    description: str


@dataclass(frozen=True)
class Entry:
    """One journaled command; ``active`` is False once it is undone (the redo tail)."""

    seq: int
    description: str
    created: float
    active: bool


@dataclass(frozen=True)
class Checkpoint:
    """A named journal position."""

    name: str
    seq: int
    created: float


# Every write transaction counts itself (see Journal.generation).
_BUMP_GENERATION = ("INSERT INTO meta (key, value) VALUES ('generation', '1') ON CONFLICT (key)"
                    " DO UPDATE SET value = CAST(value AS INTEGER) + 1")


def _row_id(cursor: sqlite3.Cursor) -> int:
    """The id of the row an INSERT just made."""
    assert cursor.lastrowid is not None
    return cursor.lastrowid


def _dumps(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), sort_keys=True)


def _guarded(doing: str) -> Callable:
    """Turn the card's failures in a journal method into a named :class:`StorageError`.

    SQLite's errors and the OS's never leave the journal raw (docs/JOURNAL.md,
    "When the card fails"). Damage met at run time also marks the file for a
    full check, so the next open (a start, or :meth:`Journal.repair`)
    quarantines it and restores the newest healthy backup instead of meeting
    the same damage again and again.
    """
    def wrap(method: Callable) -> Callable:
        @functools.wraps(method)
        def guarded(self: Journal, *args: Any, **kwargs: Any) -> Any:
            try:
                return method(self, *args, **kwargs)
            except StorageError as err:
                if err.kind == "damaged":
                    self._mark_damaged(err.long)
                raise
            except (sqlite3.Error, OSError) as exc:
                named = storage_error(exc, self.data_dir, doing)
                if named.kind == "damaged":
                    self._mark_damaged(str(exc))
                raise named from exc
        return guarded
    return wrap


class Journal:
    """The save slots of one data directory, and the state of each at its cursor.

    Open it with :meth:`open`. Every method that changes something writes one
    SQLite transaction and returns only after it is committed. Methods taking
    ``slot_id`` default to the active slot. States handed out are the cached
    ones: treat them as read-only.
    """

    def __init__(self, db: sqlite3.Connection, data_dir: Path, snapshot_every: int, clock: Clock) -> None:
        self._db = db
        self.data_dir = data_dir
        self.snapshot_every = snapshot_every
        self._clock = clock
        self._states: dict[int, _Trail] = {}
        self._active: int | None = None
        self._autocheckpoint = True

    # --- opening ---------------------------------------------------------------

    @classmethod
    def open(
        cls,
        data_dir: Path,
        *,
        snapshot_every: int = DEFAULT_SNAPSHOT_EVERY,
        clock: Clock = time.time,
        restore: bool = True,
        autocheckpoint: bool = True,
    ) -> tuple[Journal, list[str]]:
        """Open (or create) the journal in ``data_dir`` and restore the active slot.

        Returns the journal and human-readable notices about anything that was
        recovered: a damaged file quarantined, a backup restored, a slot that
        could not be restored. Raises JournalError for a file written by a
        newer version of Table Warden (it is not damaged, so it is left alone),
        and StorageError when the card refuses (read-only, full, missing).

        ``restore=False`` leaves every slot closed (a safe start: the game
        list first). ``autocheckpoint=False`` leaves WAL checkpoints to a
        :class:`store.backup_worker.BackupWorker`, so a commit is one fsync.
        """
        if snapshot_every < 1:
            raise ValueError("snapshot_every must be at least 1")
        data_dir = Path(data_dir).absolute()
        try:
            data_dir.mkdir(parents=True, exist_ok=True)
            remove_stale_parts(data_dir, data_dir / BACKUP_DIR)
        except OSError as exc:
            raise storage_error(exc, data_dir, "open") from exc
        path = data_dir / JOURNAL_FILE
        notices: list[str] = []
        tried: list[Path] = []
        was_empty = not path.exists() or (path.is_file() and path.stat().st_size == 0)
        while True:  # each round uses up one backup; a fresh file cannot be damaged
            try:
                journal = cls._open_checked(path, data_dir, snapshot_every, clock, notices, restore=restore)
            except StorageError:
                raise
            except _Damaged as exc:
                recovered, used = recover(path, data_dir / BACKUP_DIR, str(exc), clock, tried)
                notices += recovered
                if used is not None:
                    tried.append(used)
                continue
            except (sqlite3.Error, OSError) as exc:  # read-only, full, locked: not damaged
                raise storage_error(exc, data_dir, "open") from exc
            ahead = newer_backup(data_dir / BACKUP_DIR, journal.generation(), tried)
            if ahead is None:
                journal._autocheckpoint = autocheckpoint
                if not autocheckpoint:
                    journal._db.execute("PRAGMA wal_autocheckpoint=0")
                return journal, notices
            journal.close()
            notices += restore_newer(path, ahead, clock, was_empty=was_empty)
            tried.append(ahead)
            was_empty = False

    @classmethod
    def _open_checked(
        cls, path: Path, data_dir: Path, snapshot_every: int, clock: Clock, notices: list[str], *,
        restore: bool = True,
    ) -> Journal:
        """Connect, check, upgrade and restore; raise _Damaged for a corrupt file.

        Only corruption counts as damage: a locked file or a full disk is an
        error to report, not a reason to move the journal aside.
        """
        full = needs_full_check(path)
        if (problem := header_problem(path)) and (not full or path.is_dir()):
            raise _Damaged(problem)
        db = sqlite3.connect(path, isolation_level=None)
        try:
            _check(db, full)
            if full:
                Path(f"{path}{CHECK_MARK}").unlink(missing_ok=True)
            journal = cls(db, data_dir, snapshot_every, clock)
            version = journal._file_format()  # before any write: a newer file stays untouched
            _use_page_size(db, path)
            db.execute("PRAGMA journal_mode=WAL")
            db.execute("PRAGMA synchronous=FULL")
            journal._upgrade_format(version)
            db.execute("PRAGMA foreign_keys=ON")  # after the upgrade: a rebuilt table keeps its rows
            if restore:
                journal._active = journal._meta_int("active_slot")
                journal._restore_active(notices)
        except sqlite3.DatabaseError as exc:
            db.close()
            if exc.sqlite_errorcode in (sqlite3.SQLITE_CORRUPT, sqlite3.SQLITE_NOTADB):
                raise _Damaged(str(exc)) from exc
            raise
        except BaseException:
            db.close()
            raise
        return journal

    def _file_format(self) -> int:
        """The format version of the open file (0 when empty); refuse one newer than this code."""
        has_meta = self._db.execute(
            "SELECT 1 FROM sqlite_master WHERE type='table' AND name='meta'"
        ).fetchone()
        version = self._meta_int("format") if has_meta else 0
        if version is None:
            raise _Damaged("the meta table has no format version")
        if version > format_version():
            raise JournalError(
                f"{self.data_dir / JOURNAL_FILE} has journal format {version}; "
                f"this version of Table Warden reads up to {format_version()}: update it"
            )
        return version

    def _upgrade_format(self, version: int) -> None:
        """Run the format migrations from ``version`` up, each in its own transaction."""
        while version < format_version():
            with self._transaction():
                FORMAT_MIGRATIONS[version](self._db)
                version += 1
                self._set_meta("format", version)

    def _restore_active(self, notices: list[str]) -> None:
        if self._active is None:
            return
        try:
            self.state(self._active)
        except StorageError as exc:
            if exc.kind == "damaged":
                raise _Damaged(exc.long) from exc
            raise
        except Exception as exc:  # noqa: BLE001 - a state this code cannot rebuild must not stop the start
            reason = str(exc) if isinstance(exc, JournalError | RuleError) else f"{type(exc).__name__}: {exc}"
            log.warning("save slot %s could not be restored: %s", self._active, reason, exc_info=exc)
            notices.append(f"Save slot {self._active} could not be restored: {reason}")
            self._active = None

    def close(self) -> None:
        """Close the file (SQLite checkpoints the WAL into it)."""
        self._db.close()

    def _mark_damaged(self, reason: str) -> None:
        """Ask the next open for a full check (best effort: the card may refuse even that)."""
        log.error("the journal is damaged: %s", reason)
        try:
            request_full_check(self.data_dir / JOURNAL_FILE, reason)
        except OSError as exc:
            log.error("could not mark the journal for a full check: %s", exc)

    def repair(self) -> list[str]:
        """Close and open the file again now, as the next start would; return the notices.

        Damage met at run time has marked the file (:func:`_guarded`), so the
        open checks every page, moves a damaged file aside and restores the
        newest healthy backup. The journal object stays the same one, so the
        controller and the service keep their reference.
        """
        try:
            self._db.close()
        except sqlite3.Error:
            pass
        fresh, notices = Journal.open(self.data_dir, snapshot_every=self.snapshot_every, clock=self._clock,
                                      autocheckpoint=self._autocheckpoint)
        self.__dict__.update(fresh.__dict__)
        return notices

    # --- meta and transactions -------------------------------------------------

    @contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        """One write transaction, committed (to disk: synchronous=FULL) on leaving.

        Any failure rolls it back whole; the public methods (:func:`_guarded`)
        name a failure of the card for the player.
        """
        self._db.execute("BEGIN IMMEDIATE")
        try:
            yield self._db
            self._db.execute(_BUMP_GENERATION)
            self._db.execute("COMMIT")
        except BaseException:
            if self._db.in_transaction:  # a failed COMMIT (disk full) may leave it open
                try:
                    self._db.execute("ROLLBACK")
                except sqlite3.Error as exc:
                    log.error("rollback failed: %s", exc)
            raise

    def generation(self) -> int:
        """How many write transactions this file has committed (``meta.generation``).

        A backup records the generation it copied; a start that finds a backup
        ahead of the journal knows the journal lost its last writes (a lost or
        damaged WAL) and restores the backup instead of rolling back silently.
        """
        return self._meta_int("generation") or 0

    def _meta_int(self, key: str) -> int | None:
        row = self._db.execute("SELECT value FROM meta WHERE key=?", (key,)).fetchone()
        return None if row is None or row[0] == "" else int(row[0])

    def _set_meta(self, key: str, value: int | None) -> None:
        self._db.execute(
            "INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)",
            (key, "" if value is None else str(value)),
        )

    # --- slots -----------------------------------------------------------------

    @property
    def active_slot(self) -> int | None:
        """The slot the box is playing, remembered across restarts."""
        return self._active

    @_guarded("save")
    def activate(self, slot_id: int) -> None:
        """Make ``slot_id`` the active slot (restoring its state first)."""
        self.state(slot_id)
        with self._transaction():
            self._set_meta("active_slot", slot_id)
        self._active = slot_id

    @_guarded("save")
    def new_game(self, game_id: str, options: dict, seed: int | str, name: str = "") -> int:
        """Set up a new game in a new slot, make it active, and return the slot id.

        Options are validated by the game (RuleError); nothing is written then.
        """
        game = get_game(game_id)
        initial = engine.new_game(game, options, seed).state
        now = self._clock()
        with self._transaction() as db:
            cursor = db.execute(
                "INSERT INTO games (game_id, name, created, updated, schema, options, seed, initial)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (game_id, name or game.title, now, now, game.schema_version,
                 _dumps(options), _dumps(seed), _dumps(initial)),
            )
            slot_id = _row_id(cursor)
            self._set_meta("active_slot", slot_id)
        self._states[slot_id] = _Trail(0, initial)
        self._active = slot_id
        return slot_id

    @_guarded("read")
    def slots(self) -> list[Slot]:
        """Every save slot, most recently played first."""
        rows = self._db.execute(
            "SELECT g.id, g.game_id, g.name, g.created, g.updated, g.cursor,"
            " COALESCE(c.description, '')"
            " FROM games g LEFT JOIN commands c ON c.game = g.id AND c.seq = g.cursor"
            " ORDER BY g.updated DESC, g.id DESC"
        ).fetchall()
        return [Slot(*row) for row in rows]

    @_guarded("save")
    def delete_slot(self, slot_id: int) -> None:
        """Delete a save slot and its whole journal (export it first to keep it)."""
        self._slot_row(slot_id)
        with self._transaction() as db:
            db.execute("DELETE FROM games WHERE id=?", (slot_id,))
            if self._active == slot_id:
                self._set_meta("active_slot", None)
        self._states.pop(slot_id, None)
        if self._active == slot_id:
            self._active = None

    def _resolve(self, slot_id: int | None) -> int:
        if slot_id is not None:
            return slot_id
        if self._active is None:
            raise JournalError("no game is active")
        return self._active

    def _slot_row(self, slot_id: int) -> tuple[str, int]:
        row = self._db.execute("SELECT game_id, cursor FROM games WHERE id=?", (slot_id,)).fetchone()
        if row is None:
            raise JournalError(f"there is no save slot {slot_id}")
        return row[0], row[1]

    def _last_seq(self, slot_id: int) -> int:
        row = self._db.execute("SELECT MAX(seq) FROM commands WHERE game=?", (slot_id,)).fetchone()
        return row[0] or 0

    # --- state -----------------------------------------------------------------

    @_guarded("read")
    def state(self, slot_id: int | None = None) -> tuple[dict, int]:
        """The slot's state at its cursor and the cursor itself (its journal position)."""
        trail = self._trail(self._resolve(slot_id))
        return trail.state, trail.seq

    def _trail(self, slot_id: int) -> _Trail:
        trail = self._states.get(slot_id)
        if trail is None:
            game_id, seq = self._slot_row(slot_id)
            trail = self._restore(get_game(game_id), slot_id, seq)
            if slot_id != self._active:
                trail.forget()  # listed in the games menu, not played: one state is enough
            self._states[slot_id] = trail
        return trail

    @_guarded("read")
    def game(self, slot_id: int | None = None) -> Game:
        """The game a slot plays."""
        return get_game(self._slot_row(self._resolve(slot_id))[0])

    def _restore(self, game: Game, slot_id: int, seq: int) -> _Trail:
        """The nearest readable snapshot at or before ``seq``, migrated, plus the commands after it
        replayed: the trail from there to ``seq``.

        Snapshots are a cache of what the commands give: one whose text is
        damaged (bytes that are not UTF-8 or not JSON pass SQLite's integrity
        check) is skipped for an earlier one, or the initial state.
        """
        base, state = 0, None
        rows = self._db.execute(
            "SELECT seq, CAST(state AS BLOB) FROM snapshots WHERE game=? AND seq<=? ORDER BY seq DESC",
            (slot_id, seq),
        )
        for base, blob in rows:
            try:
                state = _current(game, json.loads(blob.decode("utf-8")))
                break
            except (UnicodeDecodeError, ValueError, KeyError, TypeError) as exc:
                log.warning("snapshot %d of slot %d is unreadable (%s); using an earlier one",
                            base, slot_id, exc)
        rows.close()
        if state is None:
            base = 0
            (blob,) = self._db.execute(
                "SELECT CAST(initial AS BLOB) FROM games WHERE id=?", (slot_id,)).fetchone()
            state = _current(game, _decode(blob, f"slot {slot_id}'s initial state"))
        trail = _Trail(base, state)
        self._replay_onto(trail, game, slot_id, seq)
        return trail

    def _replay_onto(self, trail: _Trail, game: Game, slot_id: int, seq: int) -> None:
        """Replay the commands from the trail's cursor up to ``seq`` onto it."""
        for replayed, command, schema in self._db.execute(
            "SELECT seq, CAST(command AS BLOB), schema FROM commands WHERE game=? AND seq>? AND seq<=?"
            " ORDER BY seq",
            (slot_id, trail.seq, seq),
        ).fetchall():
            started = _cpu_time()
            state = _replay(game, trail.state, replayed, command, schema).state
            trail.push(state, _cpu_time() - started)

    def _trail_at(self, slot_id: int, seq: int) -> _Trail:
        """A trail at ``seq`` (the slot's own is left as it is): back along the states it
        holds, forward by replaying, or restored from the nearest snapshot before them."""
        game = self.game(slot_id)
        moved = self._trail(slot_id).moved_to(seq)
        if moved is None or (moved.seq < seq and self._snapshot_before(slot_id, seq) > moved.seq):
            return self._restore(game, slot_id, seq)  # nothing held, or a snapshot nearer than it
        self._replay_onto(moved, game, slot_id, seq)
        return moved

    def _snapshot_before(self, slot_id: int, seq: int) -> int:
        """The last snapshot at or before ``seq`` (0: none)."""
        row = self._db.execute("SELECT MAX(seq) FROM snapshots WHERE game=? AND seq<=?",
                               (slot_id, seq)).fetchone()
        return row[0] or 0

    # --- commands, undo, redo --------------------------------------------------

    @_guarded("save")
    def commit(self, command: Command, slot_id: int | None = None) -> Applied:
        """Apply ``command`` and journal it; return only once it is on disk.

        A RuleError from the engine propagates and nothing is written. After
        an undo, the redo tail is deleted (with its snapshots and checkpoints).
        """
        slot_id = self._resolve(slot_id)
        trail = self._trail(slot_id)
        game = self.game(slot_id)
        started = _cpu_time()
        applied = engine.apply(game, trail.state, command)
        cost = _cpu_time() - started
        seq = trail.seq + 1
        snapshot = self._snapshot_due(seq, trail, cost)
        now = self._clock()
        with self._transaction() as db:
            for table in ("commands", "snapshots", "checkpoints"):
                db.execute(f"DELETE FROM {table} WHERE game=? AND seq>=?", (slot_id, seq))
            db.execute(
                "INSERT INTO commands (game, seq, command, schema, description, created)"
                " VALUES (?, ?, ?, ?, ?, ?)",
                (slot_id, seq, _dumps(command.to_json()), game.schema_version, applied.description, now),
            )
            if snapshot:
                db.execute(
                    "INSERT INTO snapshots (game, seq, state) VALUES (?, ?, ?)",
                    (slot_id, seq, _dumps(applied.state)),
                )
            db.execute(
                "UPDATE games SET cursor=?, updated=?, schema=? WHERE id=?",
                (seq, now, game.schema_version, slot_id),
            )
        trail.push(applied.state, cost, snapshot=snapshot)
        return applied

    def _snapshot_due(self, seq: int, trail: _Trail, cost: float) -> bool:
        """Whether the state after command ``seq`` is snapshotted: every ``snapshot_every``
        commands, and sooner when replaying the commands since the last snapshot would take
        more than :data:`REPLAY_BUDGET` of CPU (but never within :data:`SNAPSHOT_SPACING`)."""
        if seq % self.snapshot_every == 0:
            return True
        since = seq - trail.base
        return since >= SNAPSHOT_SPACING and trail.cost + cost > REPLAY_BUDGET

    @_guarded("read")
    def can_undo(self, slot_id: int | None = None) -> bool:
        return self.state(slot_id)[1] > 0

    @_guarded("read")
    def can_redo(self, slot_id: int | None = None) -> bool:
        slot_id = self._resolve(slot_id)
        return self.state(slot_id)[1] < self._last_seq(slot_id)

    @_guarded("save")
    def undo(self, slot_id: int | None = None) -> Entry:
        """Step back over the last command in effect; return it (now inactive)."""
        slot_id = self._resolve(slot_id)
        seq = self.state(slot_id)[1]
        if seq == 0:
            raise RuleError("Nothing to undo", "The journal is at the start of this game.")
        entry = self._entry(slot_id, seq, active=False)
        self._move(slot_id, seq - 1)
        return entry

    @_guarded("save")
    def redo(self, slot_id: int | None = None) -> Entry:
        """Put the next undone command back in effect; return it."""
        slot_id = self._resolve(slot_id)
        trail = self._trail(slot_id)
        seq = trail.seq
        row = self._db.execute(
            "SELECT CAST(command AS BLOB), schema FROM commands WHERE game=? AND seq=?", (slot_id, seq + 1)
        ).fetchone()
        if row is None:
            raise RuleError("Nothing to redo", "No undone command follows this point.")
        started = _cpu_time()
        applied = _replay(self.game(slot_id), trail.state, seq + 1, *row)
        cost = _cpu_time() - started
        self._write_cursor(slot_id, seq + 1)
        trail.push(applied.state, cost)
        return self._entry(slot_id, seq + 1, active=True)

    @_guarded("save")
    def goto(self, seq: int, slot_id: int | None = None) -> None:
        """Move the cursor to any position 0..last, keeping the redo tail (like repeated undo/redo)."""
        slot_id = self._resolve(slot_id)
        last = self._last_seq(slot_id)
        if not 0 <= seq <= last:
            raise JournalError(f"position {seq} is outside this journal (0..{last})")
        self._move(slot_id, seq)

    def _move(self, slot_id: int, seq: int) -> None:
        trail = self._trail_at(slot_id, seq)
        self._write_cursor(slot_id, seq)
        self._states[slot_id] = trail

    def _write_cursor(self, slot_id: int, seq: int) -> None:
        with self._transaction() as db:
            db.execute("UPDATE games SET cursor=?, updated=? WHERE id=?", (seq, self._clock(), slot_id))

    def _entry(self, slot_id: int, seq: int, active: bool) -> Entry:
        description, created = self._db.execute(
            "SELECT description, created FROM commands WHERE game=? AND seq=?", (slot_id, seq)
        ).fetchone()
        return Entry(seq, description, created, active)

    @_guarded("read")
    def history(self, slot_id: int | None = None, limit: int = 50, before: int | None = None) -> list[Entry]:
        """Journal entries newest first, the redo tail included (``active=False``).

        ``before`` pages back: only entries with a smaller ``seq``.
        """
        slot_id = self._resolve(slot_id)
        cursor = self.state(slot_id)[1]
        rows = self._db.execute(
            "SELECT seq, description, created FROM commands WHERE game=? AND seq<?"
            " ORDER BY seq DESC LIMIT ?",
            (slot_id, before if before is not None else 2**62, limit),
        ).fetchall()
        return [Entry(seq, text, created, seq <= cursor) for seq, text, created in rows]

    # --- checkpoints -----------------------------------------------------------

    @_guarded("save")
    def add_checkpoint(self, name: str, slot_id: int | None = None) -> Checkpoint:
        """Name the current position; reusing a name moves that checkpoint here."""
        if not name.strip():
            raise ValueError("a checkpoint needs a name")
        slot_id = self._resolve(slot_id)
        point = Checkpoint(name, self.state(slot_id)[1], self._clock())
        with self._transaction() as db:
            db.execute(
                "INSERT OR REPLACE INTO checkpoints (game, name, seq, created) VALUES (?, ?, ?, ?)",
                (slot_id, point.name, point.seq, point.created),
            )
        return point

    @_guarded("read")
    def checkpoints(self, slot_id: int | None = None) -> list[Checkpoint]:
        """The slot's checkpoints in journal order."""
        rows = self._db.execute(
            "SELECT name, seq, created FROM checkpoints WHERE game=? ORDER BY seq, created",
            (self._resolve(slot_id),),
        ).fetchall()
        return [Checkpoint(*row) for row in rows]

    @_guarded("save")
    def goto_checkpoint(self, name: str, slot_id: int | None = None) -> None:
        """Return to a named checkpoint (the commands after it stay redoable)."""
        slot_id = self._resolve(slot_id)
        for point in self.checkpoints(slot_id):
            if point.name == name:
                self.goto(point.seq, slot_id)
                return
        raise JournalError(f"there is no checkpoint {name!r}")

    # --- backups, export and import --------------------------------------------

    def backup(self, dest_dir: Path | None = None, keep: int = 5) -> Path:
        """Copy the whole journal into a new rotating backup file; return its path.

        ``dest_dir`` defaults to ``<data dir>/backups``, the directory that
        :meth:`open` restores from when the journal is damaged.
        """
        try:
            return write_backup(self._db, Path(dest_dir or self.data_dir / BACKUP_DIR), keep, self._clock)
        except DamagedError as exc:  # the next start checks in full, quarantines and recovers
            request_full_check(self.data_dir / JOURNAL_FILE, str(exc))
            raise

    @_guarded("read")
    def export_game(self, slot_id: int | None = None) -> dict:
        """The slot as a versioned JSON document: setup, every command (redo tail too), cursor.

        Each command is written as journaled, with the game schema it was
        journaled under (``schema``), so an import migrates it as a restore
        would. A checksum covers the rest of the document, so :meth:`import_game`
        refuses a copy that was edited or damaged.
        """
        slot_id = self._resolve(slot_id)
        game_id, name, created, options, seed, initial, cursor = self._db.execute(
            "SELECT game_id, name, created, options, seed, initial, cursor FROM games WHERE id=?",
            (slot_id,),
        ).fetchone()
        commands = [
            {"command": json.loads(command), "schema": schema, "description": description, "created": when}
            for command, schema, description, when in self._db.execute(
                "SELECT command, schema, description, created FROM commands WHERE game=? ORDER BY seq",
                (slot_id,),
            )
        ]
        return export_document(
            game=game_id, name=name, created=created, options=json.loads(options), seed=json.loads(seed),
            initial=json.loads(initial), commands=commands, cursor=cursor,
            checkpoints=[{"name": p.name, "seq": p.seq, "created": p.created}
                         for p in self.checkpoints(slot_id)],
        )

    @_guarded("save")
    def import_game(self, data: Any) -> int:
        """Add an exported game as a new slot (not activated); return its id.

        Every command is replayed to check it, migrated from the schema the
        export gives it (version 1 exports gave none: their commands take the
        initial state's schema); it is stored as exported, with that schema.
        Any problem raises JournalImportError naming it, and nothing is
        written.
        """
        return self.import_checked(check_export(data))

    @_guarded("save")
    def import_checked(self, checked: CheckedExport) -> int:
        """Add an export that passed :func:`store.game_export.check_export` as a new slot; return its id."""
        now = self._clock()
        with self._transaction() as db:
            slot_id = _row_id(db.execute(
                "INSERT INTO games (game_id, name, created, updated, schema, options, seed, initial, cursor)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (checked.game.id, checked.name, checked.created, now, checked.game.schema_version,
                 _dumps(checked.options), _dumps(checked.seed), _dumps(checked.initial), checked.cursor),
            ))
            trail = _Trail(0, checked.initial)
            for seq, entry in enumerate(checked.commands, 1):
                db.execute(
                    "INSERT INTO commands (game, seq, command, schema, description, created)"
                    " VALUES (?, ?, ?, ?, ?, ?)",
                    (slot_id, seq, _dumps(entry.command), entry.schema, entry.applied.description,
                     entry.created),
                )
                # the check replayed every command; each is applied again here, timed, to place
                # the snapshots where play would have (what a restore replays stays within budget)
                started = _cpu_time()
                engine.apply(checked.game, trail.state,
                             engine.migrate_command(checked.game, entry.command, entry.schema))
                cost = _cpu_time() - started
                snapshot = self._snapshot_due(seq, trail, cost)
                if snapshot:
                    db.execute(
                        "INSERT INTO snapshots (game, seq, state) VALUES (?, ?, ?)",
                        (slot_id, seq, _dumps(entry.applied.state)),
                    )
                trail.push(entry.applied.state, cost, snapshot=snapshot)
            db.executemany(
                "INSERT INTO checkpoints (game, name, seq, created) VALUES (?, ?, ?, ?)",
                [(slot_id, p.name, p.seq, p.created) for p in checked.checkpoints],
            )
        return slot_id


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
    if size % page_size:
        return f"the file is {size:,} bytes, not whole {page_size}-byte pages (truncated)"
    pages = int.from_bytes(header[28:32], "big")
    if header[24:28] == header[92:96] and size < pages * page_size:
        return f"the file holds {size // page_size:,} of its {pages:,} pages (truncated)"
    return None


def _use_page_size(db: sqlite3.Connection, path: Path) -> None:
    """Give the file :data:`PAGE_SIZE` pages: a new file from its first write, an older one
    (SQLite's default 4 KiB) rebuilt once by ``VACUUM``, which SQLite runs as one atomic
    transaction (a power cut leaves the file as it was). A file that cannot be rebuilt now
    (a full card, another process reading it) keeps its pages and works as before."""
    if db.execute("PRAGMA page_size").fetchone()[0] == PAGE_SIZE:
        return
    if not db.execute("SELECT 1 FROM sqlite_schema LIMIT 1").fetchone():
        db.execute(f"PRAGMA page_size={PAGE_SIZE}")  # nothing written yet
        return
    try:
        db.execute("PRAGMA journal_mode=DELETE")  # the page size of a WAL file cannot change
        db.execute(f"PRAGMA page_size={PAGE_SIZE}")
        db.execute("VACUUM")
        log.info("the journal now has %d-byte pages (%s)", PAGE_SIZE, path)
    except sqlite3.OperationalError as exc:
        log.warning("the journal keeps its %d-byte pages for now: %s",
                    db.execute("PRAGMA page_size").fetchone()[0], exc)


def _check(db: sqlite3.Connection, full: bool) -> None:
    """The integrity check at open: every page when ``full``, else the schema and the small tables."""
    if full:
        checks = [db.execute("PRAGMA integrity_check").fetchall()]
    else:
        present = {row[0] for row in db.execute("SELECT name FROM sqlite_schema WHERE type='table'")}
        checks = [db.execute(f"PRAGMA integrity_check({table})").fetchall()
                  for table in QUICK_CHECKED_TABLES if table == "sqlite_schema" or table in present]
    problems = [str(row[0]) for check in checks if check != [("ok",)] for row in check]
    if problems:
        raise _Damaged("integrity check: " + "; ".join(problems[:3]))


def _decode(blob: bytes | str, what: str) -> Any:
    """JSON text from a row, read as bytes: damage inside the text is named, never a crash."""
    try:
        return json.loads(blob.decode("utf-8") if isinstance(blob, bytes) else blob)
    except (UnicodeDecodeError, ValueError) as exc:
        raise JournalError(f"{what} is damaged: {exc}") from exc


def _current(game: Game, state: Any) -> dict:
    """A state just read from the file, brought up to the game's schema.

    :func:`games.core.engine.migrate` copies what it is given; a state at the
    current schema that nothing else holds is returned as it is.
    """
    schema = state.get("schema") if type(state) is dict else None
    if type(schema) is int and schema == game.schema_version:
        return state
    return engine.migrate(game, state)


def _replay(game: Game, state: dict, seq: int, command: bytes | str, schema: int) -> Applied:
    """Replay journal row ``seq`` (its command JSON and the schema it was journaled under) on ``state``."""
    try:
        migrated = engine.migrate_command(game, _decode(command, f"command {seq}"), schema)
    except (ValueError, KeyError, TypeError) as exc:  # a newer schema than this code, a broken row
        raise JournalError(f"command {seq} cannot be read: {exc}") from exc
    try:
        return engine.apply(game, state, migrated)
    except RuleError as exc:
        raise JournalError(f"command {seq} no longer applies: {exc.long}") from exc
