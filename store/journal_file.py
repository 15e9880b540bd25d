"""The journal file as stored: its connection, counted transactions, slots and checkpoints as
rows, backups and export — everything about the file that needs no game state.

:class:`store.journal.Journal` builds on it with the states: restoring a slot,
committing, undo and redo. Every public method here and there turns the card's
failures into a named :class:`StorageError` (:func:`guarded`).
"""

from __future__ import annotations

import functools
import json
import sqlite3
from collections.abc import Callable
from contextlib import AbstractContextManager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from games.core.game import Game
from games.core.registry import get_game
from store.backup import DamagedError, request_full_check, write_backup
from store.file_format import dumps, generation_in, meta_int, sealed, set_meta, transaction, unsealed
from store.game_export import CheckedExport, check_export, export_document
from store.health import BACKUP_DIR, JOURNAL_FILE, mark_damaged
from store.rules_check import checked_now
from store.storage import JournalError, StorageError, storage_error

Clock = Callable[[], float]


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
class Checkpoint:
    """A named journal position."""

    name: str
    seq: int
    created: float


def guarded(doing: str) -> Callable:
    """Turn the card's failures in a journal method into a named :class:`StorageError`.

    SQLite's errors and the OS's never leave the journal raw (docs/JOURNAL.md,
    "When the card fails"). Damage met at run time also marks the file for a
    full check, so the next open (a start, or :meth:`Journal.repair`)
    quarantines it and restores the newest healthy backup instead of meeting
    the same damage again and again.
    """
    def wrap(method: Callable) -> Callable:
        @functools.wraps(method)
        def guarded_method(self: JournalFile, *args: Any, **kwargs: Any) -> Any:
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
        return guarded_method
    return wrap


def _kept(blob: bytes, what: str, damaged: dict[str, str], *, plain: bool = False) -> Any:
    """A stored text's value for an export (``plain``: JSON never sealed, as options and seed are),
    or None with the reason noted in ``damaged``."""
    try:
        return json.loads(blob.decode("utf-8")) if plain else unsealed(blob)
    except (UnicodeDecodeError, ValueError) as exc:
        damaged[what] = str(exc)
        return None


def row_id(cursor: sqlite3.Cursor) -> int:
    """The id of the row an INSERT just made."""
    assert cursor.lastrowid is not None
    return cursor.lastrowid


class JournalFile:
    """The save slots of one data directory as rows of one open SQLite file.

    Every method that changes something writes one SQLite transaction and
    returns only after it is committed. Methods taking ``slot_id`` default to
    the active slot.
    """

    def __init__(self, db: sqlite3.Connection, data_dir: Path, snapshot_every: int, clock: Clock) -> None:
        self._db = db
        self.data_dir = data_dir
        self.snapshot_every = snapshot_every
        self._clock = clock
        self._active: int | None = None

    def close(self) -> None:
        """Close the file (SQLite checkpoints the WAL into it)."""
        self._db.close()

    def _mark_damaged(self, reason: str) -> None:
        mark_damaged(self.data_dir / JOURNAL_FILE, reason)

    # --- meta and transactions -------------------------------------------------

    def _transaction(self) -> AbstractContextManager[sqlite3.Connection]:
        """One write transaction (:func:`store.file_format.transaction`)."""
        return transaction(self._db)

    def generation(self) -> int | None:
        """How many write transactions this file has committed (``meta.generation``).

        A backup records the generation it copied; a start that finds a backup
        ahead of the journal knows the journal lost its last writes (a lost or
        damaged WAL) and restores the backup instead of rolling back silently.
        None when the value itself is unreadable (:meth:`store.journal.Journal.open` writes it
        anew, past every backup's).
        """
        return generation_in(self._db, journal=True)

    def _meta_int(self, key: str) -> int | None:
        return meta_int(self._db, key)

    def _set_meta(self, key: str, value: int | None) -> None:
        set_meta(self._db, key, value)

    # --- slots as rows -----------------------------------------------------------

    @property
    def active_slot(self) -> int | None:
        """The slot the box is playing, remembered across restarts."""
        return self._active

    @guarded("read")
    def slots(self) -> list[Slot]:
        """Every save slot, most recently played first."""
        rows = self._db.execute(
            "SELECT g.id, g.game_id, g.name, g.created, g.updated, g.cursor,"
            " COALESCE(c.description, '')"
            " FROM games g LEFT JOIN commands c ON c.game = g.id AND c.seq = g.cursor"
            " ORDER BY g.updated DESC, g.id DESC"
        ).fetchall()
        return [Slot(*row) for row in rows]

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

    @guarded("read")
    def game(self, slot_id: int | None = None) -> Game:
        """The game a slot plays."""
        return get_game(self._slot_row(self._resolve(slot_id))[0])

    @guarded("read")
    def checkpoints(self, slot_id: int | None = None) -> list[Checkpoint]:
        """The slot's checkpoints in journal order."""
        rows = self._db.execute(
            "SELECT name, seq, created FROM checkpoints WHERE game=? ORDER BY seq, created",
            (self._resolve(slot_id),),
        ).fetchall()
        return [Checkpoint(*row) for row in rows]

    # --- backups, export and import ------------------------------------------------

    def backup(self, dest_dir: Path | None = None, keep: int = 5) -> Path:
        """Copy the whole journal into a new rotating backup file; return its path.

        ``dest_dir`` defaults to ``<data dir>/backups``, the directory that
        :meth:`Journal.open` restores from when the journal is damaged.
        """
        try:
            return write_backup(self._db, Path(dest_dir or self.data_dir / BACKUP_DIR), keep, self._clock)
        except DamagedError as exc:  # the next start checks in full, quarantines and recovers
            request_full_check(self.data_dir / JOURNAL_FILE, str(exc))
            raise

    @guarded("read")
    def export_game(self, slot_id: int | None = None) -> dict:
        """The slot as a versioned JSON document: setup, every command (redo tail too), cursor.

        Each command is written as journaled, with the game schema it was
        journaled under (``schema``), so an import migrates it as a restore
        would, and its recorded ``outcome`` (None for a row from before outcomes
        were kept). A checksum covers the rest of the document, so
        :meth:`Journal.import_game` refuses a copy that was edited or damaged.

        The rows are read as they are, whether or not the slot can be restored,
        so a game is never lost for want of an export: a text that fails its
        check or is not JSON is written as None and named in ``damaged`` (such a
        document does not import; the rest of it is there to be mended by hand).
        """
        slot_id = self._resolve(slot_id)
        game_id, name, created, options, seed, initial, cursor = self._db.execute(
            "SELECT game_id, name, created, CAST(options AS BLOB), CAST(seed AS BLOB), CAST(initial AS BLOB),"
            " cursor FROM games WHERE id=?",
            (slot_id,),
        ).fetchone()
        damaged: dict[str, str] = {}
        commands = [
            {"command": _kept(command, f"command {seq}", damaged, plain=True), "schema": schema,
             "description": description, "created": when,
             "outcome": None if outcome is None else _kept(outcome, f"outcome {seq}", damaged)}
            for seq, command, schema, description, when, outcome in self._db.execute(
                "SELECT seq, CAST(command AS BLOB), schema, description, created, CAST(outcome AS BLOB)"
                " FROM commands WHERE game=? ORDER BY seq",
                (slot_id,),
            )
        ]
        return export_document(
            game=game_id, name=name, created=created, options=_kept(options, "options", damaged, plain=True),
            seed=_kept(seed, "seed", damaged, plain=True), initial=_kept(initial, "initial", damaged),
            commands=commands, cursor=cursor, damaged=damaged,
            checkpoints=[{"name": p.name, "seq": p.seq, "created": p.created}
                         for p in self.checkpoints(slot_id)],
        )

    @guarded("save")
    def import_game(self, data: Any) -> int:
        """Add an exported game as a new slot (not activated); return its id.

        Every command is replayed to check it, migrated from the schema the
        export gives it (version 1 exports gave none: their commands take the
        initial state's schema); it is stored as exported, with that schema.
        Any problem raises JournalImportError naming it, and nothing is
        written.
        """
        return self.import_checked(check_export(data, self.snapshot_every))

    @guarded("save")
    def import_checked(self, checked: CheckedExport) -> int:
        """Add an export that passed :func:`store.game_export.check_export` as a new slot; return its id."""
        now = self._clock()
        with self._transaction() as db:
            slot_id = row_id(db.execute(
                "INSERT INTO games (game_id, name, created, updated, schema, options, seed, initial, cursor)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (checked.game.id, checked.name, checked.created, now, checked.game.schema_version,
                 dumps(checked.options), dumps(checked.seed), sealed(checked.initial), checked.cursor),
            ))
            for seq, entry in enumerate(checked.commands, 1):
                db.execute(
                    "INSERT INTO commands (game, seq, command, schema, description, created, outcome)"
                    " VALUES (?, ?, ?, ?, ?, ?, ?)",
                    (slot_id, seq, dumps(entry.command), entry.schema, entry.description, entry.created,
                     entry.outcome),
                )
                if entry.snapshot is not None:  # placed by the check, as play would have
                    db.execute("INSERT INTO snapshots (game, seq, state) VALUES (?, ?, ?)",
                               (slot_id, seq, sealed(entry.snapshot)))
            db.executemany(
                "INSERT INTO checkpoints (game, name, seq, created) VALUES (?, ?, ?, ?)",
                [(slot_id, p.name, p.seq, p.created) for p in checked.checkpoints],
            )
            checked_now(db, slot_id, checked.game.id, now)  # every move was just replayed by today's rules
        return slot_id
