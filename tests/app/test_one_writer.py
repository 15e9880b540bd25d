"""One writer per data directory (store/data_lock.py; issue "One writer, checked bytes", 1 and 2).

A second service is refused naming the first; the CLI's readers read a private copy while a service
holds the directory, never the journal itself, and ``import`` (a writer) is refused. The "service"
here is a child process holding the lock exactly as ``tablewarden run`` does; it lets go when its
stdin closes (an event, not a clock).
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from games.core import Command
from store.data_lock import LOCK_FILE, DataLock, holder
from store.journal import JOURNAL_FILE, Journal
from tests.acceptance.harness import tablewarden

HOLD = ("import sys; from pathlib import Path; from store.data_lock import DataLock; "
        "lock = DataLock(Path(sys.argv[1])); lock.acquire(); print('held', flush=True); sys.stdin.read()")


def saved_game(data_dir: Path) -> None:
    journal, _ = Journal.open(data_dir)
    journal.new_game("kreel-manor", {"heroes": 1}, seed=2)
    journal.commit(Command("adjust", {"track": "hero1.spirit", "delta": -1}))
    journal.close()


def hold(data_dir: Path) -> subprocess.Popen:
    child = subprocess.Popen([sys.executable, "-c", HOLD, str(data_dir)], stdin=subprocess.PIPE,
                             stdout=subprocess.PIPE, text=True)
    assert child.stdout is not None and child.stdout.readline() == "held\n"
    return child


def test_a_second_service_is_refused_and_readers_read_a_copy(tmp_path: Path) -> None:
    data_dir = tmp_path / "data"
    data_dir.mkdir()
    saved_game(data_dir)
    before = (data_dir / JOURNAL_FILE).read_bytes()
    service = hold(data_dir)
    try:
        assert holder(data_dir) is not None
        script = tmp_path / "s.jsonl"
        script.write_text('{"press": "next"}\n')
        run = tablewarden("run", "--hardware", "sim", "--headless", "--data-dir", str(data_dir),
                          "--script", str(script))
        assert run.returncode == 2
        assert f"another Table Warden is using {data_dir} (pid {service.pid})" in run.stderr

        state = tablewarden("state", "--data-dir", str(data_dir), "--json")
        assert state.returncode == 0, state.stderr
        assert json.loads(state.stdout)["seq"] == 1 and "reading a copy" in state.stderr
        assert tablewarden("games", "--data-dir", str(data_dir)).returncode == 0
        assert tablewarden("export", "--data-dir", str(data_dir)).returncode == 0

        exported = tmp_path / "game.json"
        exported.write_text(tablewarden("export", "--data-dir", str(data_dir)).stdout)
        imported = tablewarden("import", "--data-dir", str(data_dir), str(exported))
        assert imported.returncode == 2 and "another Table Warden is using" in imported.stderr
        assert (data_dir / JOURNAL_FILE).read_bytes() == before  # nothing read it in place
    finally:
        assert service.stdin is not None
        service.stdin.close()
        service.wait(30)
    assert holder(data_dir) is None  # the kernel let go with the process
    lock = DataLock(data_dir)
    lock.acquire()
    assert (data_dir / LOCK_FILE).read_text().strip().isdigit()
    lock.release()
