"""The mirror backup (store/mirror.py; docs/JOURNAL.md, "Backups"): one file kept in step with
the journal by writing what changed, atomic under a power cut, never fed a damaged journal, and
a restore point like the rotating copies."""

from __future__ import annotations

import json
import shutil
import sqlite3
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from benchmarks.results import process_io
from store import backup as backup_module
from store import backup_worker as worker_module
from store import mirror as mirror_module
from store.backup import MIRROR_FILE, DamagedError, generation_of, list_backups, recover
from store.backup_worker import FULL_COPY_EVERY, JOURNAL_WRITE_BYTES, BackupDone, BackupWorker
from store.journal import BACKUP_DIR, JOURNAL_FILE, Journal
from store.mirror import MirrorUnusable, build_mirror, sync_mirror
from tests.fixtures.counter_game import GAME_ID
from tests.store.test_journal import ROLL, open_journal, push

TABLES = ("meta", "games", "commands", "snapshots", "checkpoints")
ROOT = Path(__file__).resolve().parents[2]


def rows(path: Path) -> dict[str, list[tuple]]:
    """Every row of every table of the SQLite file at ``path``, in key order."""
    db = sqlite3.connect(f"{path.absolute().as_uri()}?mode=ro", uri=True)
    try:
        return {table: db.execute(f"SELECT * FROM {table} ORDER BY 1, 2").fetchall() for table in TABLES}
    finally:
        db.close()


def connect(data_dir: Path) -> sqlite3.Connection:
    """A connection to the journal as the backup worker opens one."""
    return sqlite3.connect(data_dir / JOURNAL_FILE, isolation_level=None, timeout=1.0)


def synced(data_dir: Path) -> Path:
    """Sync the mirror (built if there is none yet); return its path."""
    db = connect(data_dir)
    try:
        try:
            return sync_mirror(db, data_dir / BACKUP_DIR)
        except MirrorUnusable:
            return build_mirror(db, data_dir / BACKUP_DIR)
    finally:
        db.close()


def played(data_dir: Path, rolls: int = 12) -> Journal:
    journal = open_journal(data_dir, snapshot_every=4)
    journal.new_game(GAME_ID, {"start": 2, "limit": 10}, seed=1, name="first")
    for _ in range(rolls):
        journal.commit(ROLL)
    return journal


def overwrite_a_middle_page(path: Path) -> None:
    """Damage the SQLite file at ``path``: one 1 KiB page in its middle overwritten."""
    data = bytearray(path.read_bytes())
    middle = len(data) // 2 // 1024 * 1024
    data[middle:middle + 1024] = b"\xa5" * 1024
    path.write_bytes(bytes(data))


def test_there_is_no_mirror_to_sync_until_one_is_built(tmp_path: Path) -> None:
    journal = played(tmp_path)
    db = connect(tmp_path)
    with pytest.raises(MirrorUnusable, match="none yet"):
        sync_mirror(db, tmp_path / BACKUP_DIR)
    db.close()
    assert rows(synced(tmp_path)) == rows(tmp_path / JOURNAL_FILE)
    journal.close()


def test_commits_are_synced_into_the_mirror(tmp_path: Path) -> None:
    journal = played(tmp_path)
    mirror = synced(tmp_path)
    for _ in range(7):
        journal.commit(ROLL)
    journal.add_checkpoint("before the boss")
    assert rows(mirror) != rows(tmp_path / JOURNAL_FILE)
    assert synced(tmp_path) == mirror
    assert rows(mirror) == rows(tmp_path / JOURNAL_FILE)
    assert len(rows(mirror)["commands"]) == 19
    journal.close()


def test_an_undo_and_a_new_line_of_play_replace_the_mirrors_tail(tmp_path: Path) -> None:
    journal = played(tmp_path)
    journal.add_checkpoint("late")
    mirror = synced(tmp_path)
    old_tail = rows(mirror)["commands"][-4:]
    for _ in range(4):
        journal.undo()
    journal.commit(push(3))  # seq 9 again, another command; 10..12, their snapshots and the checkpoint go
    synced(tmp_path)
    assert rows(mirror) == rows(tmp_path / JOURNAL_FILE)
    commands = rows(mirror)["commands"]
    assert len(commands) == 9 and commands[-1] != old_tail[0]
    assert rows(mirror)["checkpoints"] == []
    journal.close()


def test_a_deleted_slot_leaves_the_mirror_and_a_reused_id_is_not_mixed_up(tmp_path: Path) -> None:
    journal = played(tmp_path)
    second = journal.new_game(GAME_ID, {"start": 5, "limit": 10}, seed=2, name="second")
    for _ in range(6):
        journal.commit(ROLL)
    mirror = synced(tmp_path)
    journal.delete_slot(second)
    third = journal.new_game(GAME_ID, {"start": 1, "limit": 10}, seed=3, name="third")
    assert third == second  # SQLite hands the highest id out again
    journal.commit(push(1))
    synced(tmp_path)
    assert rows(mirror) == rows(tmp_path / JOURNAL_FILE)
    assert [row[0] for row in rows(mirror)["commands"]].count(third) == 1
    journal.close()


def test_a_damaged_journal_is_never_synced_into_the_mirror(tmp_path: Path) -> None:
    journal = played(tmp_path, rolls=300)
    mirror = synced(tmp_path)
    journal.commit(ROLL)
    journal.close()
    before = mirror.read_bytes()
    path = tmp_path / JOURNAL_FILE
    overwrite_a_middle_page(path)
    db = connect(tmp_path)
    with pytest.raises(DamagedError, match="integrity check"):
        sync_mirror(db, tmp_path / BACKUP_DIR)
    db.close()
    assert mirror.read_bytes() == before
    assert not Path(f"{mirror}-journal").exists()


def test_damage_found_by_a_backup_is_told_even_when_the_card_refuses_the_check_mark(tmp_path: Path) -> None:
    """A card that damages files often refuses writes too (worn out, or remounted read-only):
    the mark asking for a full check cannot be written, and the player is told all the same."""
    journal = played(tmp_path, rolls=300)
    back_up(tmp_path)
    journal.commit(ROLL)
    journal.close()
    path = tmp_path / JOURNAL_FILE
    overwrite_a_middle_page(path)
    Path(f"{path}-check").mkdir()  # where the mark goes: the card refuses to write it
    reported: list[BackupDone] = []
    worker = BackupWorker(path, tmp_path / BACKUP_DIR, min_interval=0.0, report=reported.append)
    worker.request()
    worker.close()
    assert [done.error.kind for done in reported if done.error] == ["damaged"]


def test_a_journal_is_restored_from_the_mirror_when_it_is_the_newest_backup(tmp_path: Path) -> None:
    journal = played(tmp_path)
    journal.backup()  # an older whole copy
    for _ in range(5):
        journal.commit(ROLL)
    mirror = synced(tmp_path)
    good = journal.state()
    journal.close()
    (tmp_path / JOURNAL_FILE).write_bytes(b"not a database at all" * 100)
    restored, notices = Journal.open(tmp_path)
    assert restored.state() == good
    assert f"Restored the backup {mirror.name}; later moves are lost." in notices
    restored.close()


def test_a_repair_in_play_copies_the_mirror_as_one_state_while_the_worker_writes_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A repair in play (app/play.py) restores a backup while the worker thread runs: the mirror,
    unlike a copy, is written in place, and a sync may commit in the middle of the file's copy.
    The copy holds the mirror's commit off, so what is restored is one committed state."""
    journal = played(tmp_path, rolls=300)
    mirror = synced(tmp_path)
    journal.close()
    before = rows(mirror)
    committed = []

    def copy_while_a_sync_commits(source: str, target: str) -> None:
        data = Path(source).read_bytes()
        half = len(data) // 2
        worker = sqlite3.connect(source, timeout=0.0)
        try:
            worker.execute("UPDATE commands SET description = description || ' (and more besides)'")
            worker.commit()  # the sync's commit, between the copy's two halves
            committed.append(True)
        except sqlite3.OperationalError:  # held off by the copy ("database is locked")
            worker.rollback()
        finally:
            worker.close()
        Path(target).write_bytes(data[:half] + Path(source).read_bytes()[half:])

    monkeypatch.setattr(shutil, "copyfile", copy_while_a_sync_commits)
    path = tmp_path / JOURNAL_FILE
    path.write_bytes(b"damaged" * 1000)
    _, used = recover(path, tmp_path / BACKUP_DIR, "damaged in play", time.time)
    assert used == mirror
    assert not committed, "the mirror's sync committed while the mirror was being copied"
    assert rows(path) == before


def big_journal(data_dir: Path, commands: int) -> Journal:
    """A played journal that also holds a second slot of ``commands`` rows (written by SQL, as
    benchmarks/phase_end.py fills its long journal; that slot is never replayed here)."""
    played(data_dir).close()
    db = sqlite3.connect(data_dir / JOURNAL_FILE)
    with db:
        columns = "cursor, updated, schema, game_id, name, created, options, seed, initial"
        slot = db.execute(f"INSERT INTO games ({columns}) SELECT {columns.replace('name', repr('long'))}"
                          " FROM games").lastrowid
        db.executemany("INSERT INTO commands (game, seq, command, schema, description, created)"
                       " VALUES (?, ?, ?, 2, ?, ?)",
                       [(slot, seq, json.dumps({"name": "push", "params": {"amount": seq % 3}}),
                         f"Push {seq % 3} on the long campaign's counter", 1_700_000_000.0 + seq)
                        for seq in range(1, commands + 1)])
    db.close()
    journal, _ = Journal.open(data_dir, snapshot_every=4)
    return journal


@pytest.mark.skipif(not Path("/proc/self/io").exists(), reason="counts writes with Linux's /proc/self/io")
def test_a_sync_writes_what_changed_not_the_whole_file(tmp_path: Path) -> None:
    journal = big_journal(tmp_path, commands=40_000)
    mirror = synced(tmp_path)
    size = (tmp_path / JOURNAL_FILE).stat().st_size
    assert size > 4 * 1024 * 1024
    for _ in range(10):
        journal.commit(ROLL)
    db = connect(tmp_path)
    before = process_io()["wchar"]
    sync_mirror(db, tmp_path / BACKUP_DIR)
    written = process_io()["wchar"] - before
    db.close()
    assert rows(mirror) == rows(tmp_path / JOURNAL_FILE)
    # the changed pages, once in the mirror and once in its rollback journal: a few dozen KiB
    assert written < 128 * 1024, f"{written:,} bytes written by a sync of a {size:,}-byte journal"
    journal.close()


@pytest.mark.skipif(not Path("/proc/self/io").exists(), reason="counts writes with Linux's /proc/self/io")
def test_a_sync_rewrites_a_slots_changed_row_in_place_not_its_initial_state(tmp_path: Path) -> None:
    """Each commit changes the slot's cursor and ``updated``, at the front of its row; the
    initial state behind them (Myth's is 7.5 KB, overflow pages) must not be written again."""
    journal = played(tmp_path)
    initial = 16 * 1024
    db = connect(tmp_path)
    db.execute("UPDATE games SET initial = ?", (json.dumps({"padding": "x" * initial}),))
    synced(tmp_path)
    journal.commit(ROLL)
    before = process_io()["wchar"]
    sync_mirror(db, tmp_path / BACKUP_DIR)
    written = process_io()["wchar"] - before
    db.close()
    assert rows(tmp_path / BACKUP_DIR / MIRROR_FILE) == rows(tmp_path / JOURNAL_FILE)
    assert written < initial, f"{written:,} bytes written by a sync of one commit"
    journal.close()


KILLED_MID_SYNC = r"""
import os, sys
from pathlib import Path
from store.mirror import sync_mirror
import sqlite3

data = Path(sys.argv[1])
db = sqlite3.connect(data / "journal.db", isolation_level=None, timeout=1.0)

def trace(statement):
    if statement == "COMMIT":  # the mirror's cache has spilled pages into its file: die now
        os._exit(0)

db.set_trace_callback(trace)
sync_mirror(db, data / "backups")
"""


def test_a_kill_in_the_middle_of_a_sync_leaves_the_old_mirror_usable(tmp_path: Path) -> None:
    """The sync of a large change spills pages into the mirror before its commit; a kill then
    leaves a hot rollback journal, and the mirror restored is the one before the sync."""
    journal = played(tmp_path)
    mirror = synced(tmp_path)
    old = rows(mirror)
    good = journal.state()
    journal.close()
    big_journal(tmp_path, commands=40_000).close()  # more than the mirror's page cache holds
    script = tmp_path / "killed.py"
    script.write_text(KILLED_MID_SYNC)
    subprocess.run([sys.executable, str(script), str(tmp_path)], check=True, timeout=120,
                   cwd=ROOT, env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"})
    assert Path(f"{mirror}-journal").stat().st_size > 0  # a hot journal: the sync was under way
    (tmp_path / JOURNAL_FILE).write_bytes(b"\0" * 4096)  # and the journal is lost as well
    restored, notices = Journal.open(tmp_path)
    assert f"Restored the backup {mirror.name}; later moves are lost." in notices
    assert restored.state() == good
    restored.close()
    assert rows(mirror) == old


def writes_short_of_the_budget(data_dir: Path, journal: Journal) -> int:
    """How many more write transactions make the worker's next backup a whole copy."""
    db = connect(data_dir)
    size = db.execute("PRAGMA page_count").fetchone()[0] * db.execute("PRAGMA page_size").fetchone()[0]
    db.close()
    since = journal.generation() - generation_of(list_backups(data_dir / BACKUP_DIR)[-1])
    return -(-FULL_COPY_EVERY * size // JOURNAL_WRITE_BYTES) - since


def back_up(data_dir: Path) -> None:
    """One backup by the worker, as at a clean stop with one pending."""
    worker = BackupWorker(data_dir / JOURNAL_FILE, data_dir / BACKUP_DIR, min_interval=0.0)
    worker.request()
    worker.close()


def test_the_worker_syncs_the_mirror_and_adds_a_whole_copy_within_the_wear_budget(tmp_path: Path) -> None:
    journal = played(tmp_path)
    back_up(tmp_path)  # the first backup: a whole copy and the mirror built
    assert len(list_backups(tmp_path / BACKUP_DIR)) == 1
    mirror = tmp_path / BACKUP_DIR / MIRROR_FILE
    journal.commit(ROLL)
    back_up(tmp_path)  # one move since: the mirror only
    assert len(list_backups(tmp_path / BACKUP_DIR)) == 1
    assert rows(mirror) == rows(tmp_path / JOURNAL_FILE)
    while writes_short_of_the_budget(tmp_path, journal) > 1:
        journal.commit(ROLL)
    back_up(tmp_path)  # one write short of the budget: still the mirror only
    assert len(list_backups(tmp_path / BACKUP_DIR)) == 1
    while writes_short_of_the_budget(tmp_path, journal) > 0:
        journal.commit(ROLL)
    back_up(tmp_path)  # the journal wrote its budget's worth: a whole copy again
    assert len(list_backups(tmp_path / BACKUP_DIR)) == 2
    assert rows(mirror) == rows(tmp_path / JOURNAL_FILE)
    journal.close()


def test_a_mirror_that_fails_its_check_is_built_anew(tmp_path: Path) -> None:
    journal = played(tmp_path, rolls=200)
    mirror = synced(tmp_path)
    overwrite_a_middle_page(mirror)
    journal.commit(ROLL)
    db = connect(tmp_path)
    with pytest.raises(MirrorUnusable):
        sync_mirror(db, tmp_path / BACKUP_DIR)
    db.close()
    assert synced(tmp_path) == mirror
    assert rows(mirror) == rows(tmp_path / JOURNAL_FILE)
    journal.close()


def test_a_hold_waits_for_the_backup_under_way_and_starts_none_until_it_ends(tmp_path: Path,
                                                                            monkeypatch) -> None:
    """A repair in play replaces the journal file (app/play.py): a sync reading the file moved
    aside must be over before, and none may start during it, or the mirror gets that file's
    rows after the restored backup."""
    journal = played(tmp_path)
    worker = BackupWorker(tmp_path / JOURNAL_FILE, tmp_path / BACKUP_DIR, idle_after=0.0, min_interval=0.0)
    calls: list[str] = []
    started, release = threading.Event(), threading.Event()
    real = worker._backup

    def slow_backup() -> None:
        calls.append("backup")
        started.set()
        release.wait(5)
        real()

    monkeypatch.setattr(worker, "_backup", slow_backup)
    worker.start()
    worker.request()
    worker.settled()
    assert started.wait(5)
    entered = threading.Event()

    def repair() -> None:
        with worker.held():
            entered.set()
            worker.request()  # a procedure ended meanwhile: its backup waits for the hold's end
            time.sleep(0.2)
            calls.append("repair")

    repairing = threading.Thread(target=repair)
    repairing.start()
    assert not entered.wait(0.2)  # the backup under way is finished first
    release.set()
    repairing.join(5)
    assert entered.is_set()
    deadline = time.monotonic() + 5
    while len(calls) < 3 and time.monotonic() < deadline:
        time.sleep(0.01)
    worker.close()
    journal.close()
    assert calls == ["backup", "repair", "backup"]


def test_a_whole_copy_a_press_comes_during_is_given_up_and_made_at_the_next_idle(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """SQLite begins a copy again whenever the journal is written during it: a large journal's
    copy at idle, on a slow card, began again after every press while play went on (the
    Pi-class bench: megabytes written a press). A press gives it up; the next idle makes it."""
    played(tmp_path, rolls=120).close()
    monkeypatch.setattr(worker_module, "STEP_PAGES", 1)  # a step a page: many steps to press between
    steps: list[tuple[int, int]] = []  # (copy, pages left) at each step
    copies: list[Path] = []
    copy = backup_module.write_copy

    def pressed_during(db, final, *, progress=None, **options):
        attempt = len(copies)
        copies.append(final)

        def step(status: int, remaining: int, total: int) -> object:
            steps.append((attempt, remaining))
            if len(steps) == 2:
                worker.touched()  # a press between the copy's second and third pages
            return progress(status, remaining, total)
        return copy(db, final, progress=step, **options)

    monkeypatch.setattr(backup_module, "write_copy", pressed_during)
    monkeypatch.setattr(mirror_module, "write_copy", pressed_during)
    done = threading.Event()
    reported: list[BackupDone] = []
    worker = BackupWorker(tmp_path / JOURNAL_FILE, tmp_path / BACKUP_DIR, idle_after=0.0, min_interval=0.0,
                          report=lambda d: (reported.append(d), done.set()))
    worker.start()
    worker.request()
    worker.settled()
    assert done.wait(60), "no backup was reported"
    worker.close()
    first = [left for attempt, left in steps if attempt == 0]
    assert len(first) == 2 and first[-1] > 0, "the first copy went on after the press"
    assert copies[1] == copies[0], "the copy given up is not the one made at the next idle"
    assert [d.error for d in reported] == [None]
    backups = list_backups(tmp_path / BACKUP_DIR)
    assert len(backups) == 1 and rows(backups[0]) == rows(tmp_path / JOURNAL_FILE)
    assert not list((tmp_path / BACKUP_DIR).glob("*.part")), "the copy given up left its part"
