"""The mirror: one backup file kept in step with the journal by writing only what changed.

A whole-file copy writes the journal's every byte, so its wear grows with the
campaign (docs/JOURNAL.md, "Backups"). The mirror (``backups/journal-mirror.db``)
is an SQLite file with the journal's own tables, brought in step at idle by
SQL on the backup worker's connection: it is attached, and within one
transaction every table loses the rows whose key the journal no longer has,
has the rows whose content differs updated in place, and gains the journal's
rows it lacks. A sync writes the pages of the rows that changed since the last
one (the commands and snapshots appended, the slot's row, ``meta``), whatever
the journal's size. A changed row is updated rather than deleted and
inserted again: SQLite then rewrites only the pages whose bytes differ, so the
slot's row, whose cursor and time change with every commit, costs the page
that holds them, not its initial state's overflow pages (docs/JOURNAL.md).
Rows are compared whole, so the mirror equals the journal after a sync
whatever was done to it: an undo and a new command (the redo tail deleted and
its numbers reused), a slot deleted (or its id reused), a migration.

The mirror keeps SQLite's rollback journal with ``synchronous=FULL``: a power
cut or a kill during a sync leaves a hot ``-journal`` beside it, which SQLite
rolls back at the next access (:func:`store.backup.settle`), so the mirror is
the old one or the new one, never half of each. The journal is checked
(``quick_check``) before its rows are read, so a damaged journal is never
synced in; the mirror is checked after each sync, and one that fails, or
whose tables no longer match the journal's (a format upgrade), is built anew
by a whole copy.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

from store.backup import MIRROR_FILE, DamagedError, write_copy
from store.storage import DAMAGE_CODES

SCHEMA = "mirror"  # the name the mirror is attached under


class MirrorUnusable(Exception):
    """The mirror cannot be brought in step by SQL (there is none, its tables differ from the
    journal's, or it fails its check): build it anew with :func:`build_mirror`."""


def build_mirror(db: sqlite3.Connection, backup_dir: Path, *, pages: int = -1, sleep: float = 0.0) -> Path:
    """Copy the open journal ``db`` whole into the mirror (checked, flushed, renamed); return its path."""
    backup_dir.mkdir(parents=True, exist_ok=True)
    path = backup_dir / MIRROR_FILE
    Path(f"{path}-journal").unlink(missing_ok=True)  # a hot journal must not roll the new file back
    write_copy(db, path, pages=pages, sleep=sleep)
    return path


def sync_mirror(db: sqlite3.Connection, backup_dir: Path) -> Path:
    """Bring the mirror in ``backup_dir`` in step with the open journal ``db``; return its path.

    Raises :class:`DamagedError` when the journal fails its check (nothing is
    written) and :class:`MirrorUnusable` when the mirror must be built anew.
    """
    path = backup_dir / MIRROR_FILE
    if not path.exists():
        raise MirrorUnusable("there is none yet")
    try:
        problems = _problems(db, "main")
    except sqlite3.DatabaseError as exc:
        if exc.sqlite_errorcode not in DAMAGE_CODES:
            raise
        problems = str(exc)
    if problems:
        raise DamagedError(f"the journal fails the integrity check ({problems}); mirror unchanged")
    db.execute(f"ATTACH DATABASE ? AS {SCHEMA}", (str(path),))
    try:
        db.execute(f"PRAGMA {SCHEMA}.journal_mode=DELETE")
        db.execute(f"PRAGMA {SCHEMA}.synchronous=FULL")
        if _layout(db, "main") != _layout(db, SCHEMA):
            raise MirrorUnusable("its tables differ from the journal's")
        _in_step(db)
        problems = _problems(db, SCHEMA)
    except sqlite3.DatabaseError as exc:  # the journal passed its check: the mirror is at fault
        if exc.sqlite_errorcode not in DAMAGE_CODES:
            raise
        raise MirrorUnusable(f"it is damaged ({exc})") from exc
    finally:
        db.execute(f"DETACH DATABASE {SCHEMA}")
    if problems:
        raise MirrorUnusable(f"it fails its check after the sync ({problems})")
    return path


def _problems(db: sqlite3.Connection, schema: str) -> str:
    """What ``quick_check`` finds wrong with the pages of ``schema`` ('' when nothing)."""
    rows = [str(row[0]) for row in db.execute(f"PRAGMA {schema}.quick_check").fetchmany(3)]
    return "" if rows == ["ok"] else "; ".join(rows)


def _layout(db: sqlite3.Connection, schema: str) -> list[tuple]:
    """The tables and indexes of ``schema``, as SQLite records them."""
    return db.execute(f"SELECT type, name, tbl_name, sql FROM {schema}.sqlite_schema ORDER BY type, name"
                      ).fetchall()


def _in_step(db: sqlite3.Connection) -> None:
    """One transaction: each table of the mirror made equal to the journal's, row by row
    (rows whose key is gone deleted, rows that differ updated, rows missing inserted).

    ``BEGIN`` is deferred: the journal is only read (one consistent snapshot of
    its WAL, which never holds up its writer); only the mirror is locked and written.
    """
    tables = [name for (name,) in db.execute(
        "SELECT name FROM main.sqlite_schema WHERE type='table' AND name NOT LIKE 'sqlite_%' ORDER BY name")]
    db.execute("BEGIN")
    try:
        for table in tables:
            columns = db.execute(f'PRAGMA main.table_info("{table}")').fetchall()
            names = [column[1] for column in columns]
            keys = [column[1] for column in sorted(columns, key=lambda c: c[5]) if column[5]] or names
            values = [name for name in names if name not in keys]
            same_key = " AND ".join(f'j."{key}" = m."{key}"' for key in keys)
            same_row = " AND ".join([same_key, *(f'j."{name}" IS m."{name}"' for name in values)])
            listed = ", ".join(f'"{name}"' for name in names)
            db.execute(f'DELETE FROM {SCHEMA}."{table}" AS m '
                       f'WHERE NOT EXISTS (SELECT 1 FROM main."{table}" AS j WHERE {same_key})')
            if values:
                listed_values = ", ".join(f'"{name}"' for name in values)
                db.execute(f'UPDATE {SCHEMA}."{table}" AS m SET ({listed_values}) = '
                           f'(SELECT {listed_values} FROM main."{table}" AS j WHERE {same_key}) '
                           f'WHERE NOT EXISTS (SELECT 1 FROM main."{table}" AS j WHERE {same_row})')
            db.execute(f'INSERT INTO {SCHEMA}."{table}" ({listed}) SELECT {listed} FROM main."{table}" AS j '
                       f'WHERE NOT EXISTS (SELECT 1 FROM {SCHEMA}."{table}" AS m WHERE {same_key})')
        db.execute("COMMIT")
    except BaseException:
        if db.in_transaction:
            db.execute("ROLLBACK")
        raise
