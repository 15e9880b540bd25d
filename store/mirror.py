"""The mirror: one backup file kept in step with the journal by writing only what changed.

A whole-file copy writes the journal's every byte, so its wear grows with the
campaign (docs/JOURNAL.md, "Backups"). The mirror (``backups/journal-mirror.db``)
is an SQLite file with the journal's own tables, brought in step at idle by
SQL on the backup worker's connection: it is attached, and within one
transaction every table loses the rows whose key the journal no longer has,
has the rows whose content differs updated in place, and gains the journal's
rows it lacks. Comparing every row reads the whole journal, so only a *whole*
sync (the backup worker's first of a session) does; the others compare the
small tables whole and, for the commands and snapshots, each slot's rows back
from its end to where they changed (``_in_step_since``), so their cost does
not grow with the campaign. A sync writes the pages of the rows that changed since the last
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
the old one or the new one, never half of each. A whole sync checks the
journal (``quick_check``) before its rows are read, so a damaged journal is
never synced in, and the mirror after it; a mirror that fails, or whose
tables no longer match the journal's (a format upgrade), is built anew by a
whole copy. A sync that is not whole reads only the pages of what changed:
damage there stops it (:class:`DamagedError`, nothing written), damage
elsewhere is found by the next whole check (the worker's first sync, every
whole copy, the start-up checks) and never reaches the mirror, which keeps
its own copy of those rows.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

from store.backup import MIRROR_FILE, DamagedError, Progress, write_copy
from store.storage import is_damage

SCHEMA = "mirror"  # the name the mirror is attached under


class MirrorUnusable(Exception):
    """The mirror cannot be brought in step by SQL (there is none, its tables differ from the
    journal's, or it fails its check): build it anew with :func:`build_mirror`."""


def build_mirror(db: sqlite3.Connection, backup_dir: Path, *, pages: int = -1, sleep: float = 0.0,
                 progress: Progress | None = None) -> Path:
    """Copy the open journal ``db`` whole into the mirror (checked, flushed, renamed); return its path."""
    backup_dir.mkdir(parents=True, exist_ok=True)
    path = backup_dir / MIRROR_FILE
    Path(f"{path}-journal").unlink(missing_ok=True)  # a hot journal must not roll the new file back
    write_copy(db, path, pages=pages, sleep=sleep, progress=progress)
    return path


def sync_mirror(db: sqlite3.Connection, backup_dir: Path, *, whole: bool = True) -> Path:
    """Bring the mirror in ``backup_dir`` in step with the open journal ``db``; return its path.

    ``whole`` checks both files page by page and compares every row; otherwise only what
    changed since the last sync is read and written (:func:`_in_step_since`), at a cost that
    does not grow with the journal. Raises :class:`DamagedError` when the journal fails its
    check or a page the sync reads is damaged (nothing is written) and :class:`MirrorUnusable`
    when the mirror must be built anew.
    """
    path = backup_dir / MIRROR_FILE
    if not path.exists():
        raise MirrorUnusable("there is none yet")
    try:
        problems = _problems(db, "main") if whole else ""
    except sqlite3.DatabaseError as exc:
        if not is_damage(exc):
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
        _in_step(db, whole)
        problems = _problems(db, SCHEMA) if whole else ""
    except sqlite3.DatabaseError as exc:
        if not is_damage(exc):
            raise
        if not whole:  # which file the damaged page is in is not known: the whole check will tell
            raise DamagedError(f"a page the mirror's sync read is damaged ({exc}); mirror unchanged") from exc
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


#: The tables a slot's play appends to, keyed (game, seq): a sync that is not whole reads and
#: writes only the end of each slot's rows that changed (the others are small, compared whole).
APPENDED = ("commands", "snapshots")
FIRST_CHUNK = 16  # rows compared at a time from a slot's end back to where it changed, doubling


def _in_step(db: sqlite3.Connection, whole: bool = True) -> None:
    """One transaction: each table of the mirror made equal to the journal's, row by row
    (rows whose key is gone deleted, rows that differ updated, rows missing inserted); unless
    ``whole``, the appended tables only from where each slot's rows changed.

    ``BEGIN`` is deferred: the journal is only read (one consistent snapshot of
    its WAL, which never holds up its writer); only the mirror is locked and written.
    """
    tables = [name for (name,) in db.execute(
        "SELECT name FROM main.sqlite_schema WHERE type='table' AND name NOT LIKE 'sqlite_%' ORDER BY name")]
    db.execute("BEGIN")
    try:
        if not whole:
            _in_step_since(db, [table for table in APPENDED if table in tables])
        for table in tables:
            if whole or table not in APPENDED:
                _table_in_step(db, table)
        db.execute("COMMIT")
    except BaseException:
        if db.in_transaction:
            db.execute("ROLLBACK")
        raise


def _table_in_step(db: sqlite3.Connection, table: str) -> None:
    """The mirror's ``table`` made equal to the journal's, every row compared."""
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


def _in_step_since(db: sqlite3.Connection, appended: list[str]) -> None:
    """The appended tables' rows that changed since the mirror's sync, slot by slot (before the
    small tables, whose rows say which slots are new, gone or checked anew).

    A slot's rows change only at its end: a commit appends one (after an undo, the redo
    tail is deleted first), so the rows from the first that differs from the mirror's,
    found by comparing back from the end, are written again. A row's ``created`` time
    tells one commit from another, so a row equal to the mirror's is the same commit, and
    so are those before it. A slot deleted, or its id given to a new slot (its
    ``created`` differs), has all its rows replaced; so has a slot whose rules check
    changed, since the check fills in old rows' outcomes (store/journal.py
    ``record_rules_check``).
    """
    mine = dict(db.execute(f"SELECT id, created FROM {SCHEMA}.games").fetchall())
    theirs = dict(db.execute("SELECT id, created FROM main.games").fetchall())
    checked: set[int] = set()  # slots whose rules check changed
    if db.execute("SELECT 1 FROM main.sqlite_schema WHERE name='rules_checks'").fetchone():
        query = "SELECT game, rules, checked FROM {}.rules_checks"
        checked = {game for game, _, _ in set(db.execute(query.format("main")).fetchall())
                   ^ set(db.execute(query.format(SCHEMA)).fetchall())}
    anew = checked | {slot for slot, created in mine.items() if theirs.get(slot) != created}
    for slot in sorted(set(mine) | set(theirs)):
        start = 1 if slot in anew or slot not in mine else _first_change(db, slot)
        for table in appended:
            db.execute(f'DELETE FROM {SCHEMA}."{table}" WHERE game=? AND seq>=?', (slot, start))
            if slot in theirs:
                db.execute(f'INSERT INTO {SCHEMA}."{table}" SELECT * FROM main."{table}" '
                           'WHERE game=? AND seq>=?', (slot, start))


def _first_change(db: sqlite3.Connection, slot: int) -> int:
    """The first seq at which the slot's commands in the mirror and the journal differ (one past
    the last when none do), found by comparing back from the end of the shorter."""
    query = "SELECT MAX(seq) FROM {}.commands WHERE game=?"
    ends = [db.execute(query.format(schema), (slot,)).fetchone()[0] or 0 for schema in ("main", SCHEMA)]
    top, chunk = min(ends), FIRST_CHUNK
    rows = "SELECT seq, * FROM {}.commands WHERE game=? AND seq>? AND seq<=? ORDER BY seq DESC"
    while top > 0:
        low = max(0, top - chunk)
        journal = db.execute(rows.format("main"), (slot, low, top)).fetchall()
        mirror = {row[0]: row for row in db.execute(rows.format(SCHEMA), (slot, low, top))}
        for row in journal:
            if mirror.get(row[0]) == row:
                return row[0] + 1
        top, chunk = low, chunk * 2
    return 1
