"""Keeping the journal safe (DESIGN.md, "device/ — the service"): rotating
backups, damaged files quarantined (never deleted) and replaced by the newest
healthy backup, and the file format upgraded in place."""

from __future__ import annotations

import random
import sqlite3
from pathlib import Path

import pytest

from games.core import Command
from store import file_format
from store.backup import list_backups, quarantine
from store.file_format import format_version
from store.journal import BACKUP_DIR, JOURNAL_FILE, Journal, JournalError
from tests.fixtures.journal_format_1 import FORMAT_1_TABLES
from tests.store.test_journal import FakeClock, open_journal, rolled_journal

PAGE = 4096


def played_journal(data_dir: Path, moves: int = 300) -> Journal:
    """A journal big enough to span many pages, so damage can land mid-file."""
    return rolled_journal(data_dir, moves, snapshot_every=10, seed=11)


def test_backups_rotate_keeping_the_newest(tmp_path: Path) -> None:
    journal = played_journal(tmp_path, moves=3)
    made = [journal.backup(keep=3) for _ in range(5)]
    assert list_backups(tmp_path / BACKUP_DIR) == made[-3:]
    assert all(path.parent == tmp_path / BACKUP_DIR for path in made)
    elsewhere = journal.backup(tmp_path / "usb", keep=1)
    assert list_backups(tmp_path / "usb") == [elsewhere]
    journal.close()


def test_a_backup_is_a_complete_journal(tmp_path: Path) -> None:
    journal = played_journal(tmp_path, moves=25)
    live = journal.state()
    backup = journal.backup()
    journal.close()
    copy_dir = tmp_path / "copy"
    copy_dir.mkdir()
    (copy_dir / JOURNAL_FILE).write_bytes(backup.read_bytes())
    restored = open_journal(copy_dir, snapshot_every=10)
    assert restored.state() == live
    restored.close()


def garbage(path: Path) -> None:
    path.write_bytes(random.Random(1).randbytes(path.stat().st_size))


def truncate(path: Path) -> None:
    with path.open("r+b") as f:
        f.truncate(path.stat().st_size // 2 + 100)


def overwrite_the_slots_page(path: Path) -> None:
    """Garbage over the page that holds the save slots (the games table's root): every restore
    reads it (damage elsewhere is found by the next full check, before a backup)."""
    db = sqlite3.connect(path)
    (root,) = db.execute("SELECT rootpage FROM sqlite_master WHERE name='games'").fetchone()
    (size,) = db.execute("PRAGMA page_size").fetchone()
    db.close()
    with path.open("r+b") as f:
        f.seek((root - 1) * size)
        f.write(random.Random(2).randbytes(size))


def clobber_header(path: Path) -> None:
    with path.open("r+b") as f:
        f.write(b"this is not sqlite!!")


@pytest.mark.parametrize("damage", [garbage, truncate, overwrite_the_slots_page, clobber_header])
def test_a_damaged_journal_is_quarantined_and_the_newest_backup_restored(tmp_path: Path, damage) -> None:
    journal = played_journal(tmp_path)
    journal.backup()
    journal.commit(Command("roll"))
    backed_up = journal.state()
    journal.backup()
    journal.commit(Command("roll"))  # lost with the damaged file
    journal.close()
    damage(tmp_path / JOURNAL_FILE)
    damaged_bytes = (tmp_path / JOURNAL_FILE).read_bytes()

    journal, notices = Journal.open(tmp_path, snapshot_every=10, clock=FakeClock())
    quarantined = sorted(tmp_path.glob("journal.damaged-*.db"))
    assert len(quarantined) == 1 and quarantined[0].read_bytes() == damaged_bytes
    assert "damaged" in notices[0] and quarantined[0].name in notices[0]
    assert "Restored the backup" in notices[1]
    assert journal.state() == backed_up
    journal.commit(Command("roll"))  # and play goes on
    journal.close()


def test_damaged_backups_are_skipped(tmp_path: Path) -> None:
    journal = played_journal(tmp_path, moves=20)
    journal.backup()
    good = journal.state()
    journal.commit(Command("roll"))
    garbage(journal.backup())
    journal.close()
    garbage(tmp_path / JOURNAL_FILE)
    journal, notices = Journal.open(tmp_path, clock=FakeClock())
    assert any("damaged too" in notice for notice in notices)
    assert journal.state() == good
    journal.close()


def test_without_a_backup_a_fresh_journal_starts_and_the_damaged_file_is_kept(tmp_path: Path) -> None:
    (tmp_path / JOURNAL_FILE).write_bytes(b"\x00garbage" * 1000)
    journal, notices = Journal.open(tmp_path, clock=FakeClock())
    assert journal.slots() == [] and journal.active_slot is None
    assert "fresh journal" in notices[-1]
    assert [p.read_bytes() for p in tmp_path.glob("journal.damaged-*")] == [b"\x00garbage" * 1000]
    journal.close()


def test_quarantine_moves_the_companion_files_and_never_overwrites(tmp_path: Path) -> None:
    for round_ in range(2):
        for companion in ("", "-wal", "-shm"):
            (tmp_path / (JOURNAL_FILE + companion)).write_text(f"{round_}{companion}")
        quarantine(tmp_path / JOURNAL_FILE, lambda: 0.0)
    moved = sorted(p.name for p in tmp_path.iterdir())
    assert moved == [
        "journal.damaged-19700101-000000-1.db", "journal.damaged-19700101-000000-1.db-shm",
        "journal.damaged-19700101-000000-1.db-wal", "journal.damaged-19700101-000000.db",
        "journal.damaged-19700101-000000.db-shm", "journal.damaged-19700101-000000.db-wal",
    ]
    assert (tmp_path / "journal.damaged-19700101-000000-1.db-wal").read_text() == "1-wal"


def build_format_1_by_hand(path: Path) -> None:
    """A journal as format 1 lays it out, written without the journal's code."""
    db = sqlite3.connect(path)
    db.executescript(
        FORMAT_1_TABLES + """
        INSERT INTO games VALUES (1, 'test-counter', 'old save', 1.0, 2.0, 2, '{}', '5',
            '{"game":"test-counter","schema":2,"rng":5,"procedure":null,"over":null,
              "counter":3,"limit":10,"score":0,"round":0,"rolls":[]}', 1);
        INSERT INTO commands VALUES (1, 1, '{"name":"push","params":{"amount":2}}', 'Pushed 2', 2.0);
        """
    )
    db.close()


def test_format_1_written_by_hand_is_read(tmp_path: Path) -> None:
    build_format_1_by_hand(tmp_path / JOURNAL_FILE)
    journal = open_journal(tmp_path)
    assert journal.state()[0]["counter"] == 5
    assert [s.description for s in journal.slots()] == ["Pushed 2"]
    journal.close()


def test_format_3_puts_the_cursor_first_and_keeps_every_command(tmp_path: Path) -> None:
    """The games table is rebuilt with foreign keys off: no command is lost to its cascade."""
    build_format_1_by_hand(tmp_path / JOURNAL_FILE)
    journal = open_journal(tmp_path)
    journal.commit(Command("push", {"amount": 1}))
    assert journal.state()[0]["counter"] == 6
    journal.close()
    db = sqlite3.connect(tmp_path / JOURNAL_FILE)
    columns = [row[1] for row in db.execute("PRAGMA table_info(games)")]
    assert columns[:4] == ["id", "cursor", "updated", "schema"] and len(columns) == 10
    commands = db.execute("SELECT seq, description FROM commands").fetchall()
    assert commands == [(1, "Pushed 2"), (2, "Pushed 1")]
    assert db.execute("PRAGMA foreign_key_check").fetchall() == []
    assert db.execute("PRAGMA integrity_check").fetchone() == ("ok",)
    db.close()
    journal = open_journal(tmp_path)
    assert journal.state()[1] == 2
    journal.delete_slot(journal.active_slot)  # the cascade works again
    journal.close()
    db = sqlite3.connect(tmp_path / JOURNAL_FILE)
    assert db.execute("SELECT COUNT(*) FROM commands").fetchone() == (0,)
    db.close()


def test_an_older_format_is_upgraded_in_place(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    build_format_1_by_hand(tmp_path / JOURNAL_FILE)

    def add_notes(db: sqlite3.Connection) -> None:
        db.execute("ALTER TABLE games ADD COLUMN notes TEXT NOT NULL DEFAULT ''")

    monkeypatch.setattr(file_format, "FORMAT_MIGRATIONS", [*file_format.FORMAT_MIGRATIONS, add_notes])
    newest = format_version()
    assert newest > 2
    journal = open_journal(tmp_path)
    assert journal.state()[0]["counter"] == 5
    journal.close()
    db = sqlite3.connect(tmp_path / JOURNAL_FILE)
    assert db.execute("SELECT value FROM meta WHERE key='format'").fetchone() == (str(newest),)
    assert db.execute("SELECT name, notes FROM games").fetchall() == [("old save", "")]
    db.close()


def test_a_journal_from_a_newer_version_is_refused_and_left_alone(tmp_path: Path) -> None:
    build_format_1_by_hand(tmp_path / JOURNAL_FILE)
    db = sqlite3.connect(tmp_path / JOURNAL_FILE)
    with db:
        db.execute("UPDATE meta SET value='99' WHERE key='format'")
    db.close()
    before = (tmp_path / JOURNAL_FILE).read_bytes()
    with pytest.raises(JournalError, match="format 99"):
        Journal.open(tmp_path)
    assert (tmp_path / JOURNAL_FILE).read_bytes() == before
    assert list(tmp_path.glob("journal.damaged-*")) == []


def test_a_backup_that_turns_out_unreadable_is_passed_over(tmp_path: Path) -> None:
    journal = played_journal(tmp_path, moves=20)
    journal.backup()
    good = journal.state()
    unreadable = journal.backup()
    journal.close()
    db = sqlite3.connect(unreadable)  # a sound SQLite file, but not a journal any more
    with db:
        db.execute("DELETE FROM meta")
    db.close()
    garbage(tmp_path / JOURNAL_FILE)
    journal, notices = Journal.open(tmp_path, clock=FakeClock())
    assert journal.state() == good
    assert sum("Restored the backup" in notice for notice in notices) == 2
    assert len(list(tmp_path.glob("journal.damaged-*.db"))) == 2
    journal.close()


def test_write_failures_are_named_for_the_player(tmp_path):
    import sqlite3

    from store.storage import storage_error
    from tests.fixtures.storage_errors import disk_full, sqlite_error

    full = storage_error(disk_full(), tmp_path)
    assert full.short == "Card full: not saved" and str(tmp_path) in full.long
    read_only = storage_error(sqlite_error("attempt to write a readonly database", 1032), tmp_path)
    assert read_only.short == "Card read-only"  # SQLITE_READONLY_DBMOVED: its primary code counts
    other = storage_error(sqlite_error("disk I/O error", sqlite3.SQLITE_IOERR), tmp_path)
    assert other.short == "Save failed" and "not saved" in other.long


def test_errors_are_classified_by_code_and_errno_not_by_words_in_the_path(tmp_path):
    """Issue "One writer, checked bytes", 18: a data directory whose path says "full" or
    "read-only" read every error as that condition."""
    import errno
    import sqlite3

    from store.storage import classify
    from tests.fixtures.storage_errors import sqlite_error

    folder = tmp_path / "full of read-only malformed games"
    folder.mkdir()
    locked = sqlite_error(f"database is locked: {folder}", sqlite3.SQLITE_BUSY)
    assert classify(locked, folder) == "failed"
    missing = FileNotFoundError(errno.ENOENT, "No such file", str(folder / "journal.db"))
    assert classify(missing, folder) == "missing"
    assert classify(OSError(errno.ENOSPC, "No space left on device"), folder) == "full"
    assert classify(sqlite_error("database disk image is malformed", sqlite3.SQLITE_CORRUPT,
                                 sqlite3.DatabaseError), folder) == "damaged"
    assert classify(sqlite3.OperationalError(f"Could not decode to UTF-8 column 'state' in {folder}"),
                    folder) == "damaged"
