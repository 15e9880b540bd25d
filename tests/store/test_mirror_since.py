"""A mirror sync that is not whole (store/mirror.py ``_in_step_since``; issue 27, item 5):
the mirror equals the journal after it whatever was done, and it reads what changed, not
the file."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from benchmarks.results import process_io
from store.backup import DamagedError
from store.journal import BACKUP_DIR, JOURNAL_FILE
from store.mirror import sync_mirror
from tests.fixtures.counter_game import GAME_ID
from tests.store.test_journal import ROLL, push
from tests.store.test_mirror import big_journal, connect, played, rows, synced


def stepped(data_dir: Path) -> Path:
    """Sync the mirror by what changed only; return its path."""
    db = connect(data_dir)
    try:
        return sync_mirror(db, data_dir / BACKUP_DIR, whole=False)
    finally:
        db.close()


def test_commits_an_undo_and_a_new_line_of_play_are_synced(tmp_path: Path) -> None:
    journal = played(tmp_path)
    mirror = synced(tmp_path)
    for _ in range(5):
        journal.commit(ROLL)
    journal.add_checkpoint("late")
    stepped(tmp_path)
    assert rows(mirror) == rows(tmp_path / JOURNAL_FILE)
    for _ in range(9):
        journal.undo()
    journal.commit(push(3))  # the redo tail, its snapshots and the checkpoint go
    journal.commit(ROLL)
    stepped(tmp_path)
    assert rows(mirror) == rows(tmp_path / JOURNAL_FILE)
    journal.goto(2)
    journal.commit(push(1))  # far back: everything after seq 2 replaced
    stepped(tmp_path)
    assert rows(mirror) == rows(tmp_path / JOURNAL_FILE)
    journal.close()


def test_a_deleted_slot_and_a_reused_id_are_synced(tmp_path: Path) -> None:
    journal = played(tmp_path)
    second = journal.new_game(GAME_ID, {"start": 5, "limit": 10}, seed=2, name="second")
    for _ in range(6):
        journal.commit(ROLL)
    mirror = synced(tmp_path)
    journal.delete_slot(second)
    assert journal.new_game(GAME_ID, {"start": 1, "limit": 10}, seed=3, name="third") == second
    journal.commit(push(1))
    stepped(tmp_path)
    assert rows(mirror) == rows(tmp_path / JOURNAL_FILE)
    journal.close()


def test_outcomes_a_rules_check_fills_in_on_old_rows_are_synced(tmp_path: Path) -> None:
    journal = played(tmp_path)
    journal.close()
    db = sqlite3.connect(tmp_path / JOURNAL_FILE)
    with db:
        db.execute("UPDATE commands SET outcome=NULL WHERE seq<=3")
    db.close()
    mirror = synced(tmp_path)
    db = sqlite3.connect(tmp_path / JOURNAL_FILE)
    with db:  # what Journal.record_rules_check writes, in one transaction
        db.execute("UPDATE commands SET outcome='{}' WHERE seq<=3")
        db.execute("INSERT OR REPLACE INTO rules_checks (game, rules, checked, findings)"
                   " VALUES (1, 'r', 1, '[]')")
    db.close()
    stepped(tmp_path)
    assert rows(mirror) == rows(tmp_path / JOURNAL_FILE)
    assert rows(mirror)["commands"][0][-1] == "{}"


@pytest.mark.skipif(not Path("/proc/self/io").exists(), reason="counts reads with Linux's /proc/self/io")
def test_a_sync_reads_what_changed_not_the_file(tmp_path: Path) -> None:
    journal = big_journal(tmp_path, commands=40_000)
    mirror = synced(tmp_path)
    size = (tmp_path / JOURNAL_FILE).stat().st_size
    for _ in range(10):
        journal.commit(ROLL)
    db = connect(tmp_path)
    before = process_io()["rchar"]
    sync_mirror(db, tmp_path / BACKUP_DIR, whole=False)
    read = process_io()["rchar"] - before
    db.close()
    assert rows(mirror) == rows(tmp_path / JOURNAL_FILE)
    assert read < size // 10, f"{read:,} bytes read by a sync of a {size:,}-byte journal"
    journal.close()


def test_damage_in_what_the_sync_reads_stops_it(tmp_path: Path) -> None:
    journal = played(tmp_path, rolls=300)
    mirror = synced(tmp_path)
    journal.commit(ROLL)
    journal.close()
    before = mirror.read_bytes()
    db = sqlite3.connect(tmp_path / JOURNAL_FILE)
    page = db.execute("SELECT rootpage FROM sqlite_schema WHERE name='commands'").fetchone()[0]
    size = db.execute("PRAGMA page_size").fetchone()[0]
    db.close()
    path = tmp_path / JOURNAL_FILE
    data = bytearray(path.read_bytes())
    data[(page - 1) * size:page * size] = b"\xa5" * size  # the commands' root page
    path.write_bytes(bytes(data))
    with pytest.raises(DamagedError):
        stepped(tmp_path)
    assert mirror.read_bytes() == before
