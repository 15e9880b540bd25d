"""Storage faults: a full card, a read-only data directory, a damaged journal.

Issue 8: each gives a clear message and keeps the last good state. A full
card is a file-size limit (RLIMIT_FSIZE, SIGXFSZ ignored) in the service's
process: SQLite's writes fail as on a full disk. A read-only directory is a
read-only bind mount in a private mount namespace (root only, as CI runs).
"""

from __future__ import annotations

import json
import resource
import signal
import subprocess
import sys

from tests.acceptance.harness import _env, new_game, replay, run_script, tablewarden
from tests.reliability.mounts import cli_on_read_only

TURNS = [{"turn": "spirit", "steps": -1}, {"turn": "spirit", "steps": 1}] * 6


def state(data_dir) -> dict:
    done = tablewarden("state", "--data-dir", str(data_dir), "--json")
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def run_limited(data_dir, script, limit: int) -> subprocess.CompletedProcess:
    def full_card() -> None:
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))

    return subprocess.run(
        [sys.executable, "-m", "app.cli", "run", "--hardware", "sim", "--headless", "--data-dir",
         str(data_dir), "--script", str(script)],
        capture_output=True, text=True, env=_env(), preexec_fn=full_card, timeout=120, check=False)


# SQLite's shared-memory index beside a WAL journal is 32 KiB from the start.
SHM_SIZE = 32 * 1024


def file_limit(data) -> int:
    """A file-size limit every file of ``data`` fits under (the -shm included): the WAL soon hits it."""
    return max(SHM_SIZE, *(p.stat().st_size for p in data.iterdir() if p.is_file())) + 1


def started(tmp_path):
    first = run_script(tmp_path, [*new_game("kreel-manor"), {"turn": "spirit", "steps": -1}])
    assert first.status == 0, first.stderr
    return first.data_dir


def test_a_full_card_keeps_the_last_good_state(tmp_path):
    data = started(tmp_path)
    limit = file_limit(data)
    script = tmp_path / "more.jsonl"
    script.write_text("".join(json.dumps(line) + "\n" for line in TURNS))
    run_limited(data, script, limit)
    after = state(data)
    assert 1 <= after["seq"] < 1 + len(TURNS)  # some commits fitted, then the card was full
    done = tablewarden("export", "--data-dir", str(data))
    assert replay(json.loads(done.stdout)) == after["state"]  # intact: exactly its journal


def test_a_full_card_is_said_on_the_displays_and_play_goes_on(tmp_path):
    data = started(tmp_path)
    limit = file_limit(data)
    script = tmp_path / "more.jsonl"
    script.write_text("".join(json.dumps(line) + "\n" for line in TURNS))
    done = run_limited(data, script, limit)
    assert done.returncode == 0 and "Traceback" not in done.stderr
    # A file-size limit reads to SQLite as an I/O error (a truly full card as
    # "disk is full"): either way the player is told the move was not saved.
    assert "the last move was not saved" in done.stderr


def test_a_truncated_journal_is_quarantined_and_the_backup_restored(tmp_path):
    data = started(tmp_path)
    journal = data / "journal.db"
    from store.journal import Journal

    opened, _ = Journal.open(data)
    good = opened.state()
    opened.backup()
    opened.close()
    with open(journal, "r+b") as f:
        f.truncate(journal.stat().st_size // 2)
    done = tablewarden("state", "--data-dir", str(data), "--json")
    assert done.returncode == 0, done.stderr
    assert "moved aside" in done.stderr and "Restored the backup" in done.stderr
    assert (json.loads(done.stdout)["state"], json.loads(done.stdout)["seq"]) == good
    assert len(list(data.glob("journal.damaged-*.db"))) == 1  # kept, never deleted


def run_read_only(tmp_path, data) -> subprocess.CompletedProcess:
    script = tmp_path / "more.jsonl"
    script.write_text("".join(json.dumps(line) + "\n" for line in TURNS))
    return cli_on_read_only(data, "run", "--hardware", "sim", "--headless", "--data-dir", str(data),
                            "--script", str(script))


def test_a_read_only_data_dir_keeps_the_game(tmp_path):
    data = started(tmp_path)
    before = state(data)
    assert run_read_only(tmp_path, data).returncode != 0
    assert state(data) == before


def test_a_read_only_data_dir_is_named_in_a_clear_message(tmp_path):
    data = started(tmp_path)
    done = run_read_only(tmp_path, data)
    assert "Traceback" not in done.stderr and str(data) in done.stderr
