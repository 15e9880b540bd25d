"""The journal file's layout: its tables, their format migrations, its page size, and
how every write is counted.

The file's own layout is versioned (``meta.format``): :data:`FORMAT_MIGRATIONS`
turns each older format into the next, in place, at open. Tests patch
:data:`FORMAT_MIGRATIONS` and :data:`PAGE_SIZE` here; the functions below read
them when they run, so a patch takes effect.

Every write transaction also bumps ``meta.generation`` (:func:`transaction`): a
backup records the generation it copied, so a start that finds a backup ahead
of the journal knows the journal lost its last writes (store/backup.py).
"""

from __future__ import annotations

import json
import logging
import sqlite3
import zlib
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from store.health import Damaged
from store.storage import JournalError

log = logging.getLogger(__name__)

# docs/JOURNAL.md, "Backups" (wear): a commit writes a few whole pages to the WAL, and the
# checkpoint writes them again; 1 KiB pages write a quarter of SQLite's default 4 KiB.
PAGE_SIZE = 1024

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


def _outcomes(db: sqlite3.Connection) -> None:
    """Format 4: each command records its outcome, and each slot the rules it was last checked by.

    ``commands.outcome`` is the change the command made to the state
    (:mod:`store.outcomes`), so a restore never decides the rules again
    (docs/JOURNAL.md, "Updates"). Rows journaled before it have none (NULL)
    until the first rules check of their slot records the outcome they replay
    to. ``rules_checks`` holds, per slot, the rules fingerprint it was last
    checked against and what that check found, so each update's findings are
    told once. Adding a nullable column rewrites nothing.
    """
    db.execute("ALTER TABLE commands ADD COLUMN outcome TEXT")
    db.execute(
        """CREATE TABLE rules_checks (
            game INTEGER PRIMARY KEY REFERENCES games(id) ON DELETE CASCADE,
            rules TEXT NOT NULL,
            checked REAL NOT NULL,
            findings TEXT NOT NULL
        )"""
    )


# FORMAT_MIGRATIONS[n] turns a format-n file into format n+1, inside one
# transaction, with foreign keys off. Format 0 is an empty file. Append a step
# here (never edit an old one) whenever the tables change.
FORMAT_MIGRATIONS: list[Callable[[sqlite3.Connection], None]] = [_create_format_1, _command_schemas,
                                                                 _cursor_first, _outcomes]


def format_version() -> int:
    """The file format this code writes: the number of migrations it knows."""
    return len(FORMAT_MIGRATIONS)


def read_format(db: sqlite3.Connection, where: Path) -> int:
    """The format version of the open file at ``where`` (0 when empty); refuse one newer than
    this code (it is not damaged, so it is left untouched)."""
    has_meta = db.execute("SELECT 1 FROM sqlite_master WHERE type='table' AND name='meta'").fetchone()
    if has_meta and not db.execute("SELECT 1 FROM meta WHERE key='format'").fetchone():
        raise Damaged("the meta table has no format version")  # not a journal's file any more
    try:
        version = meta_int(db, "format") if has_meta else 0
        if version is None:
            raise UnreadableMeta("meta.format is empty")
    except UnreadableMeta as exc:  # a damaged value: the tables still say which format they are
        version = infer_format(db)
        log.warning("%s: taking format %d from its tables", exc, version)
    repeated = _format_check(db) if has_meta else None
    if repeated is not None and repeated != version:
        # The format is written twice (set_format): a flipped bit makes the two differ, and the
        # lower is the one that was written ('4' read as '6' said "update it" at every start).
        log.warning("meta.format reads %d and its repeat %d: taking %d", version, repeated,
                    min(version, repeated))
        version = min(version, repeated)
    if version > format_version():
        raise JournalError(
            f"{where} has journal format {version}; "
            f"this version of Table Warden reads up to {format_version()}: update it"
        )
    return version


# The columns each table has in the format this code writes (a later format may add more).
LAYOUT = {
    "meta": ("key", "value"),
    "games": ("id", "cursor", "updated", "schema", "game_id", "name", "created", "options", "seed",
              "initial"),
    "commands": ("game", "seq", "command", "schema", "description", "created", "outcome"),
    "snapshots": ("game", "seq", "state"),
    "checkpoints": ("game", "name", "seq", "created"),
    "rules_checks": ("game", "rules", "checked", "findings"),
}


def check_layout(db: sqlite3.Connection) -> None:
    """Raise Damaged when a table lacks a column this format has: a flipped letter in the schema's
    SQL ("no such column: cursor" at every start, a crash loop: issue "One writer, checked bytes",
    4) is damage like a bad page, so the file is moved aside and a backup restored."""
    for table, columns in LAYOUT.items():
        present = {row[1] for row in db.execute(f"PRAGMA table_info({table})")}
        missing = [column for column in columns if column not in present]
        if missing:
            raise Damaged(f"the table {table} lacks {', '.join(missing)}: its schema is damaged")


def prepare(db: sqlite3.Connection, path: Path) -> None:
    """Make the checked file at ``path`` ready to write: its format read (a newer one is refused
    before any write, so it stays untouched), its pages sized, WAL with ``synchronous=FULL``,
    its format upgraded, foreign keys on (after the upgrade: a rebuilt table keeps its rows)."""
    version = read_format(db, path)
    use_page_size(db, path)
    db.execute("PRAGMA journal_mode=WAL")
    db.execute("PRAGMA synchronous=FULL")
    upgrade_format(db, version)
    check_layout(db)
    try:
        if meta_int(db, "format") is None or _format_check(db) != meta_int(db, "format"):
            raise UnreadableMeta("meta.format is missing, or its repeat differs")
    except UnreadableMeta:  # taken from the tables or the repeat (read_format): written whole again
        with transaction(db):
            set_format(db, format_version())
    db.execute("PRAGMA foreign_keys=ON")


def _format_check(db: sqlite3.Connection) -> int | None:
    try:
        return meta_int(db, "format_check")
    except UnreadableMeta:
        return None


def set_format(db: sqlite3.Connection, version: int) -> None:
    """Write the file's format, twice (``format`` and ``format_check``: see read_format)."""
    set_meta(db, "format", version)
    set_meta(db, "format_check", version)


def upgrade_format(db: sqlite3.Connection, version: int) -> None:
    """Run the format migrations from ``version`` up, each in its own transaction."""
    while version < format_version():
        with transaction(db):
            FORMAT_MIGRATIONS[version](db)
            version += 1
            set_format(db, version)


def use_page_size(db: sqlite3.Connection, path: Path) -> None:
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


# Every write transaction counts itself (see Journal.generation), twice: ``generation_check``
# repeats the count, so one flipped bit in a backup's count cannot make it look ahead of the
# journal (a backup is read at the lower of the two, the journal at the higher: see
# generation_in).
_BUMP_GENERATION = ("INSERT INTO meta (key, value) VALUES ('generation', '1') ON CONFLICT (key)"
                    " DO UPDATE SET value = CAST(value AS INTEGER) + 1")
# (an upsert: the row is updated in place; INSERT OR REPLACE would delete and insert it, writing
# the key's index page too, a page more per commit)
_REPEAT_GENERATION = ("INSERT INTO meta (key, value) SELECT 'generation_check', value FROM meta"
                      " WHERE key='generation' ON CONFLICT (key) DO UPDATE SET value = excluded.value")


def generation_in(db: sqlite3.Connection, *, journal: bool) -> int | None:
    """The write count a file records: the higher of its two copies for the journal itself (a
    flip down would make its backups look ahead and move it aside), the lower for a backup (a
    flip up would make it look ahead of the journal). 0 for a file that never counted, None when
    its counts are there but unreadable; a file from before the repeat has one copy."""
    counts, unreadable = [], False
    for key in ("generation", "generation_check"):
        try:
            value = meta_int(db, key)
        except UnreadableMeta:
            unreadable = True
            continue
        if value is not None:
            counts.append(value)
    if not counts:
        return None if unreadable else 0
    return max(counts) if journal else min(counts)


@contextmanager
def transaction(db: sqlite3.Connection) -> Iterator[sqlite3.Connection]:
    """One write transaction, counted in ``meta.generation``, committed (to disk:
    synchronous=FULL) on leaving.

    Any failure rolls it back whole; the journal's public methods name a failure
    of the card for the player.
    """
    db.execute("BEGIN IMMEDIATE")
    try:
        yield db
        db.execute(_BUMP_GENERATION)
        db.execute(_REPEAT_GENERATION)
        db.execute("COMMIT")
    except BaseException:
        if db.in_transaction:  # a failed COMMIT (disk full) may leave it open
            try:
                db.execute("ROLLBACK")
            except sqlite3.Error as exc:
                log.error("rollback failed: %s", exc)
        raise


class UnreadableMeta(ValueError):
    """A ``meta`` value that is not the whole number it should be (a flipped bit, a stray byte)."""


def meta_int(db: sqlite3.Connection, key: str) -> int | None:
    """The whole number stored under ``key`` (None when absent or empty); a value that is not one
    (not ASCII digits: "16x", a non-UTF-8 byte) raises :class:`UnreadableMeta` naming it, never a
    crash of its own."""
    row = db.execute("SELECT CAST(value AS BLOB) FROM meta WHERE key=?", (key,)).fetchone()
    if row is None or row[0] in (b"", None):
        return None
    text = bytes(row[0])
    if not (text.isdigit() and text.isascii() and len(text) <= 18):
        raise UnreadableMeta(f"meta.{key} is unreadable ({text[:20]!r})")
    return int(text)


def infer_format(db: sqlite3.Connection) -> int:
    """The format a file's tables show, for a file whose ``meta.format`` is unreadable: the
    newest format whose layout it has (each format's migration leaves its mark)."""
    tables = {name for (name,) in db.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    commands = {row[1] for row in db.execute("PRAGMA table_info(commands)")}
    games = [row[1] for row in db.execute("PRAGMA table_info(games)")]
    marks = ("meta" in tables, "schema" in commands, games[1:2] == ["cursor"],
             "rules_checks" in tables and "outcome" in commands)
    for version in range(len(marks), 0, -1):
        if marks[version - 1]:
            return version
    return 0


def set_meta(db: sqlite3.Connection, key: str, value: int | None) -> None:
    db.execute("INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)",
               (key, "" if value is None else str(value)))


def dumps(value: Any) -> str:
    """JSON as the file stores it: compact, keys sorted."""
    return json.dumps(value, separators=(",", ":"), sort_keys=True)


class SealBroken(ValueError):
    """Stored text that fails its own check: a flipped bit that still parses is caught here."""


def sealed(value: Any) -> str:
    """``value`` as stored text that carries its own check: its CRC-32 in 8 hex digits, then the
    JSON (:func:`dumps`). For the texts a game is rebuilt from (the initial state, snapshots,
    outcomes): SQLite checks its pages, not what is inside a row, and a bit flipped inside a
    number or a key still parses (issue "One writer, checked bytes", 9)."""
    text = dumps(value)
    return f"{zlib.crc32(text.encode()):08x}{text}"


def unsealed(blob: bytes | str) -> Any:
    """The value in stored text: checked when sealed (:func:`sealed`), read as it is when written
    before texts were sealed (plain JSON, which starts with ``{`` or ``[``). Raises
    :class:`SealBroken` for text that fails its check, ValueError for text that is not JSON."""
    data = blob.encode() if isinstance(blob, str) else bytes(blob)
    if data[:1] in (b"{", b"["):
        return json.loads(data.decode("utf-8"))
    check, text = data[:8], data[8:]
    if len(check) < 8 or not all(c in b"0123456789abcdef" for c in check):
        raise SealBroken("neither sealed nor JSON")
    if int(check, 16) != zlib.crc32(text):
        raise SealBroken("its check does not match: the text was changed on the card")
    return json.loads(text.decode("utf-8"))
