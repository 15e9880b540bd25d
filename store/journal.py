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
- ``meta``: the format version of this file, its generation and the active slot.

Where the rest lives: the tables and their format migrations in
:mod:`store.file_format`; the check at open and the recovery of a damaged
file in :mod:`store.health` and :mod:`store.backup`; the file as rows (slots,
checkpoints, transactions, backups, export) in :mod:`store.journal_file`;
states held in memory and the replay of commands in :mod:`store.trail`. The
names callers use (the journal, its errors, the file's names, the export's
format) are importable from here.
"""

from __future__ import annotations

import json
import logging
import sqlite3
import time
from dataclasses import dataclass
from pathlib import Path

from games.core import engine
from games.core.commands import Command
from games.core.engine import Applied
from games.core.errors import RuleError
from games.core.registry import get_game
from store.backup import generation_of, restore_points
from store.file_format import UnreadableMeta, dumps, prepare, sealed
from store.game_export import EXPORT_FORMAT, EXPORT_VERSION, JournalImportError, export_checksum
from store.health import BACKUP_DIR, JOURNAL_FILE, Damaged, open_healthy
from store.journal_file import Checkpoint, Clock, JournalFile, Slot, guarded, row_id
from store.replay import Row, advance, current, outcome_text
from store.rules_check import Finding, RulesChecked, checked_now, fingerprint
from store.storage import JournalError, StorageError
from store.trail import DEFAULT_SNAPSHOT_EVERY, Trail, replay_onto, restore, snapshot_before, timed

# what callers import from here, wherever it lives now
__all__ = ["BACKUP_DIR", "EXPORT_FORMAT", "EXPORT_VERSION", "JOURNAL_FILE", "Checkpoint", "Entry", "Journal",
           "JournalError", "JournalImportError", "Slot", "StorageError", "export_checksum"]

log = logging.getLogger(__name__)



@dataclass(frozen=True)
class Entry:
    """One journaled command; ``active`` is False once it is undone (the redo tail). ``finding``
    is what the last rules check said of it (store/rules_check.py), if anything."""

    seq: int
    description: str
    created: float
    active: bool
    finding: Finding | None = None


class Journal(JournalFile):
    """The save slots of one data directory, and the state of each at its cursor.

    Open it with :meth:`open`. Every method that changes something writes one
    SQLite transaction and returns only after it is committed. Methods taking
    ``slot_id`` default to the active slot. States handed out are the cached
    ones: treat them as read-only.
    """

    def __init__(self, db: sqlite3.Connection, data_dir: Path, snapshot_every: int, clock: Clock) -> None:
        super().__init__(db, data_dir, snapshot_every, clock)
        self._states: dict[int, Trail] = {}
        self._autocheckpoint = True
        self.unrestored: tuple[int, str] | None = None  # the active slot a start could not restore, why

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

        def ready(db: sqlite3.Connection, notices: list[str]) -> Journal:
            return cls._ready(db, data_dir, snapshot_every, clock, notices, restore=restore)

        journal, notices = open_healthy(data_dir, clock, ready)
        journal._autocheckpoint = autocheckpoint
        if not autocheckpoint:
            journal._db.execute("PRAGMA wal_autocheckpoint=0")
        return journal, notices

    @classmethod
    def _ready(
        cls, db: sqlite3.Connection, data_dir: Path, snapshot_every: int, clock: Clock, notices: list[str], *,
        restore: bool,
    ) -> Journal:
        """The journal on a checked connection: its format upgraded, its active slot restored."""
        journal = cls(db, data_dir, snapshot_every, clock)
        prepare(db, data_dir / JOURNAL_FILE)
        journal._heal_generation(notices)
        if restore:
            try:
                journal._active = journal._meta_int("active_slot")
            except UnreadableMeta as exc:  # the games are all there: the list opens instead
                log.warning("%s: opening the game list", exc)
                notices.append("The last game played could not be told (its mark is damaged): choose it")
            journal._restore_active(notices)
        return journal

    def _heal_generation(self, notices: list[str]) -> None:
        """An unreadable write counter (``meta.generation``) is written anew, one past the newest
        backup's: the journal, whose pages are sound, stays the newest copy (a counter read as 0
        would have made every backup look ahead and moved the journal aside)."""
        if self.generation() is not None:
            return
        known = [g for g in map(generation_of, restore_points(self.data_dir / BACKUP_DIR)) if g is not None]
        healed = max(known, default=0) + 1
        with self._transaction():
            self._set_meta("generation", healed)
        log.warning("meta.generation was unreadable: set to %d, past every backup's", healed)
        notices.append(f"The journal's write counter was damaged; it is set past its backups' ({healed})")

    def _restore_active(self, notices: list[str]) -> None:
        if self._active is None:
            return
        try:
            self.state(self._active)
        except StorageError as exc:
            if exc.kind == "damaged":
                raise Damaged(exc.long) from exc
            raise
        except Exception as exc:  # noqa: BLE001 - a state this code cannot rebuild must not stop the start
            reason = str(exc) if isinstance(exc, JournalError | RuleError) else f"{type(exc).__name__}: {exc}"
            log.warning("save slot %s could not be restored: %s", self._active, reason)
            log.debug("why save slot %s could not be restored", self._active, exc_info=exc)
            notices.append(f"Save slot {self._active} could not be restored: {reason}")
            self.unrestored = (self._active, reason)
            self._active = None

    def repair(self) -> list[str]:
        """Close and open the file again now, as the next start would; return the notices.

        Damage met at run time has marked the file (:func:`store.journal_file.guarded`), so the
        open checks every page, moves a damaged file aside and restores the
        newest healthy backup. The journal object stays the same one, so the
        controller and the service keep their reference.
        """
        try:
            self._db.close()
        except sqlite3.Error:
            pass
        try:
            fresh, notices = Journal.open(self.data_dir, snapshot_every=self.snapshot_every,
                                          clock=self._clock, autocheckpoint=self._autocheckpoint)
        except StorageError:
            # A full or read-only card: nothing was moved (store/backup.py recover). The file is opened
            # again as it is, so the box plays on where it can instead of failing every input on a
            # closed connection; the damage met next repairs again, and succeeds once the card allows
            # (issue "One writer, checked bytes", 13).
            self._db = self._reconnect()
            raise
        self.__dict__.update(fresh.__dict__)
        return notices

    def _reconnect(self) -> sqlite3.Connection:
        """A connection to the journal as it is, set up as :meth:`open` sets it; on a damaged
        file the settings may fail: the next use of it names the damage (and repairs)."""
        db = sqlite3.connect(self.data_dir / JOURNAL_FILE, isolation_level=None)
        pragmas = ["journal_mode=WAL", "synchronous=FULL", "foreign_keys=ON"]
        try:
            for pragma in pragmas + ([] if self._autocheckpoint else ["wal_autocheckpoint=0"]):
                db.execute(f"PRAGMA {pragma}")
        except sqlite3.Error as exc:
            log.warning("the journal was reopened as it is (%s): the next damage met repairs again", exc)
        return db

    # --- slots -----------------------------------------------------------------

    @guarded("save")
    def activate(self, slot_id: int) -> None:
        """Make ``slot_id`` the active slot (restoring its state first)."""
        self.state(slot_id)
        with self._transaction():
            self._set_meta("active_slot", slot_id)
        self._active = slot_id

    @guarded("save")
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
                 dumps(options), dumps(seed), sealed(initial)),
            )
            slot_id = row_id(cursor)
            self._set_meta("active_slot", slot_id)
            checked_now(db, slot_id, game_id, now)
        self._states[slot_id] = Trail(0, initial)
        self._active = slot_id
        return slot_id

    @guarded("save")
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

    # --- state -----------------------------------------------------------------

    @guarded("read")
    def state(self, slot_id: int | None = None) -> tuple[dict, int]:
        """The slot's state at its cursor and the cursor itself (its journal position)."""
        trail = self._trail(self._resolve(slot_id))
        return trail.state, trail.seq

    def _trail(self, slot_id: int) -> Trail:
        trail = self._states.get(slot_id)
        if trail is None:
            game_id, seq = self._slot_row(slot_id)
            trail = restore(self._db, get_game(game_id), slot_id, seq)
            if slot_id != self._active:
                trail.forget()  # listed in the games menu, not played: one state is enough
            self._states[slot_id] = trail
        return trail

    def _trail_at(self, slot_id: int, seq: int) -> Trail:
        """A trail at ``seq`` (the slot's own is left as it is): back along the states it
        holds, forward by replaying, or restored from the nearest snapshot before them."""
        game = self.game(slot_id)
        moved = self._trail(slot_id).moved_to(seq)
        if moved is None or (moved.seq < seq and snapshot_before(self._db, slot_id, seq) > moved.seq):
            return restore(self._db, game, slot_id, seq)  # nothing held, or a snapshot nearer than it
        replay_onto(self._db, moved, game, slot_id, seq)
        return moved

    # --- commands, undo, redo --------------------------------------------------

    @guarded("save")
    def commit(self, command: Command, slot_id: int | None = None) -> Applied:
        """Apply ``command`` and journal it; return only once it is on disk.

        A RuleError from the engine propagates and nothing is written. After
        an undo, the redo tail is deleted (with its snapshots and checkpoints).
        """
        slot_id = self._resolve(slot_id)
        trail = self._trail(slot_id)
        game = self.game(slot_id)
        applied, cost = timed(engine.apply, game, trail.state, command)
        seq = trail.seq + 1
        snapshot = trail.snapshot_due(seq, cost, self.snapshot_every)
        now = self._clock()
        with self._transaction() as db:
            for table in ("commands", "snapshots", "checkpoints"):
                db.execute(f"DELETE FROM {table} WHERE game=? AND seq>=?", (slot_id, seq))
            db.execute(
                "INSERT INTO commands (game, seq, command, schema, description, created, outcome)"
                " VALUES (?, ?, ?, ?, ?, ?, ?)",
                (slot_id, seq, dumps(command.to_json()), game.schema_version, applied.description, now,
                 outcome_text(game, trail.state, applied.state)),
            )
            if snapshot:
                db.execute(
                    "INSERT INTO snapshots (game, seq, state) VALUES (?, ?, ?)",
                    (slot_id, seq, sealed(applied.state)),
                )
            db.execute(
                "UPDATE games SET cursor=?, updated=?, schema=? WHERE id=?",
                (seq, now, game.schema_version, slot_id),
            )
        trail.push(applied.state, cost, snapshot=snapshot)
        return applied

    @guarded("read")
    def can_undo(self, slot_id: int | None = None) -> bool:
        return self.state(slot_id)[1] > 0

    @guarded("read")
    def can_redo(self, slot_id: int | None = None) -> bool:
        slot_id = self._resolve(slot_id)
        return self.state(slot_id)[1] < self._last_seq(slot_id)

    @guarded("save")
    def undo(self, slot_id: int | None = None) -> Entry:
        """Step back over the last command in effect; return it (now inactive)."""
        slot_id = self._resolve(slot_id)
        seq = self.state(slot_id)[1]
        if seq == 0:
            raise RuleError("Nothing to undo", "The journal is at the start of this game.")
        entry = self._entry(slot_id, seq, active=False)
        self._move(slot_id, seq - 1)
        return entry

    @guarded("save")
    def redo(self, slot_id: int | None = None) -> Entry:
        """Put the next undone command back in effect; return it."""
        slot_id = self._resolve(slot_id)
        trail = self._trail(slot_id)
        seq = trail.seq
        row = self._db.execute(
            "SELECT CAST(command AS BLOB), schema, CAST(outcome AS BLOB) FROM commands"
            " WHERE game=? AND seq=?",
            (slot_id, seq + 1),
        ).fetchone()
        if row is None:
            raise RuleError("Nothing to redo", "No undone command follows this point.")
        game = self.game(slot_id)
        state, cost = timed(advance, game, trail.state, Row(seq + 1, *row))
        self._write_cursor(slot_id, seq + 1)
        trail.push(current(game, state), cost)
        return self._entry(slot_id, seq + 1, active=True)

    @guarded("save")
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

    @guarded("read")
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
        findings = self.rules_findings(slot_id) if rows else {}
        return [Entry(seq, text, created, seq <= cursor, findings.get(seq)) for seq, text, created in rows]

    # --- rules checks (docs/JOURNAL.md, "Updates") -------------------------------

    @guarded("read")
    def rules_check_due(self, slot_id: int | None = None) -> bool:
        """Whether the slot's moves were not yet checked against the rules installed now."""
        slot_id = self._resolve(slot_id)
        row = self._db.execute("SELECT rules FROM rules_checks WHERE game=?", (slot_id,)).fetchone()
        return row is None or row[0] != fingerprint(self._slot_row(slot_id)[0])

    @guarded("read")
    def rules_findings(self, slot_id: int | None = None) -> dict[int, Finding]:
        """What the last rules check found, by move."""
        row = self._db.execute("SELECT CAST(findings AS BLOB) FROM rules_checks WHERE game=?",
                               (self._resolve(slot_id),)).fetchone()
        if row is None:
            return {}
        try:
            return {item["seq"]: Finding(**item) for item in json.loads(row[0].decode("utf-8"))}
        except (UnicodeDecodeError, ValueError, KeyError, TypeError) as exc:
            log.warning("the rules check findings are unreadable (%s); the next check writes them anew", exc)
            return {}

    @guarded("save")
    def record_rules_check(self, checked: RulesChecked) -> None:
        """Keep a rules check's result: its findings (for the history), the rules it was made
        against (so it is not made again), and the outcomes of rows that had none, for the rows
        still as the check saw them (an undo and a new move meanwhile replaced the others)."""
        if checked.error is not None or not self._db.execute(
                "SELECT 1 FROM games WHERE id=?", (checked.slot_id,)).fetchone():
            return
        last = self._last_seq(checked.slot_id)
        findings = [f.to_json() for f in checked.findings if f.seq <= last]
        with self._transaction() as db:
            db.executemany(
                "UPDATE commands SET outcome=? WHERE game=? AND seq=? AND created=? AND outcome IS NULL",
                [(outcome, checked.slot_id, seq, created) for seq, created, outcome in checked.outcomes],
            )
            db.execute(
                "INSERT OR REPLACE INTO rules_checks (game, rules, checked, findings) VALUES (?, ?, ?, ?)",
                (checked.slot_id, checked.rules, self._clock(), dumps(findings)),
            )

    # --- checkpoints -----------------------------------------------------------

    @guarded("save")
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

    @guarded("save")
    def goto_checkpoint(self, name: str, slot_id: int | None = None) -> None:
        """Return to a named checkpoint (the commands after it stay redoable)."""
        slot_id = self._resolve(slot_id)
        for point in self.checkpoints(slot_id):
            if point.name == name:
                self.goto(point.seq, slot_id)
                return
        raise JournalError(f"there is no checkpoint {name!r}")
