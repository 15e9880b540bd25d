"""Which integrity check the journal runs at start (store/health.py).

The full ``PRAGMA integrity_check`` reads every page, so it runs only when
the last run may not have shut down cleanly: SQLite leaves the ``-wal`` file
behind after a power cut or a kill (and deletes it when the last connection
closes), or a backup found the file damaged and left the ``-check`` mark.
After a clean shutdown the cheap checks run (header, size, schema, small
tables, and the pages the restore reads); damage elsewhere is caught by the
next backup, which checks its copy page by page, and the start after it.
"""

from __future__ import annotations

import random
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from store.backup import CHECK_MARK, DamagedError, list_backups
from store.health import header_problem, needs_full_check
from store.journal import BACKUP_DIR, JOURNAL_FILE, Journal
from tests.store.test_journal import FakeClock, rolled_journal

PAGE = 4096
MOVES = 400


def long_journal(data_dir: Path) -> Journal:
    """A journal of many pages whose restore reads only the last few of them."""
    return rolled_journal(data_dir, MOVES, snapshot_every=50, seed=5)


def oldest_commands_page(path: Path) -> int:
    """The leaf page holding the first commands: old history, not on the restore's path."""
    db = sqlite3.connect(path)
    try:
        return db.execute("SELECT pageno FROM dbstat WHERE name='commands' AND pagetype='leaf' "
                          "ORDER BY path LIMIT 1").fetchone()[0]
    except sqlite3.OperationalError:
        pytest.skip("this SQLite has no dbstat table to find the page with")
    finally:
        db.close()


def damage_page(path: Path, page: int) -> bytes:
    with path.open("r+b") as f:
        f.seek((page - 1) * PAGE)
        f.write(random.Random(3).randbytes(PAGE))
    return path.read_bytes()


def killed_after_a_move(data_dir: Path) -> None:
    """Another process commits a move and dies without closing the journal (as in a power cut)."""
    code = (
        "import os, sys; from pathlib import Path; import tests.fixtures.counter_game; "
        "from store.journal import Journal; from games.core import Command; "
        "journal, _ = Journal.open(Path(sys.argv[1]), snapshot_every=50); "
        "journal.commit(Command('roll')); os._exit(0)"
    )
    subprocess.run([sys.executable, "-c", code, str(data_dir)], check=True, timeout=60,
                   cwd=Path(__file__).resolve().parents[2])


def test_a_clean_close_leaves_no_wal_and_asks_for_no_full_check(tmp_path: Path) -> None:
    journal = long_journal(tmp_path)
    assert needs_full_check(tmp_path / JOURNAL_FILE)  # open: the -wal is there
    journal.close()
    assert not needs_full_check(tmp_path / JOURNAL_FILE)
    assert header_problem(tmp_path / JOURNAL_FILE) is None


def test_after_a_kill_the_full_check_finds_damage_anywhere(tmp_path: Path) -> None:
    journal = long_journal(tmp_path)
    journal.backup()
    journal.close()
    page = oldest_commands_page(tmp_path / JOURNAL_FILE)
    killed_after_a_move(tmp_path)
    assert (tmp_path / f"{JOURNAL_FILE}-wal").exists()
    damage_page(tmp_path / JOURNAL_FILE, page)

    journal, notices = Journal.open(tmp_path, snapshot_every=50, clock=FakeClock())
    assert "damaged" in notices[0] and "Restored the backup" in notices[1]
    assert len(list(tmp_path.glob("journal.damaged-*.db"))) == 1  # with its -wal beside it
    assert journal.state()[1] == MOVES
    journal.close()


def test_after_a_clean_close_the_next_backup_finds_the_damage_and_the_next_start_recovers(
        tmp_path: Path) -> None:
    journal = long_journal(tmp_path)
    good = journal.backup()
    journal.close()
    damaged = damage_page(tmp_path / JOURNAL_FILE, oldest_commands_page(tmp_path / JOURNAL_FILE))

    # The cheap checks pass: the damaged page is old history the restore does not read.
    journal, notices = Journal.open(tmp_path, snapshot_every=50, clock=FakeClock())
    assert notices == [] and journal.state()[1] == MOVES
    with pytest.raises(DamagedError, match="integrity check"):
        journal.backup()
    assert list_backups(tmp_path / BACKUP_DIR) == [good]  # the damage is not rotated in
    journal.close()
    assert (tmp_path / f"{JOURNAL_FILE}{CHECK_MARK}").exists()
    assert needs_full_check(tmp_path / JOURNAL_FILE)

    journal, notices = Journal.open(tmp_path, snapshot_every=50, clock=FakeClock())
    assert "damaged" in notices[0] and good.name in notices[1]
    assert [p.read_bytes() for p in tmp_path.glob("journal.damaged-*.db")] == [damaged]
    journal.close()
    assert not needs_full_check(tmp_path / JOURNAL_FILE)  # the restored backup passed in full


def test_the_mark_is_cleared_by_a_full_check_that_passes(tmp_path: Path) -> None:
    long_journal(tmp_path).close()
    (tmp_path / f"{JOURNAL_FILE}{CHECK_MARK}").write_text("suspected\n")
    journal, notices = Journal.open(tmp_path, snapshot_every=50, clock=FakeClock())
    assert notices == []
    journal.close()
    assert not needs_full_check(tmp_path / JOURNAL_FILE)


@pytest.mark.parametrize(("damage", "reason"), [
    (lambda raw: raw[: len(raw) // 2 + 100], "truncated"),
    (lambda raw: raw[: len(raw) - 2 * PAGE], "truncated"),
    (lambda raw: b"not sqlite at all!" + raw[18:], "header"),
    (lambda raw: raw[:16] + b"\x00\x03" + raw[18:], "page size"),
])
def test_the_header_check_catches_a_cut_or_clobbered_file(tmp_path: Path, damage, reason: str) -> None:
    long_journal(tmp_path).close()
    path = tmp_path / JOURNAL_FILE
    path.write_bytes(damage(path.read_bytes()))
    assert reason in header_problem(path)
    journal, notices = Journal.open(tmp_path, snapshot_every=50, clock=FakeClock())
    assert "damaged" in notices[0] and reason in notices[0]
    journal.close()
