"""No surface: the running service listens on no socket, and what it reads is never code.

The box needs no network (the unit sets PrivateNetwork); this checks the
service itself opens no listening TCP/UDP/Unix socket, by reading
/proc/<pid>/fd and /proc/<pid>/net (no psutil). And the parsers of config
files, control scripts and exports are data-only: no pickle, eval, exec or
yaml.load anywhere in the code that reads them.
"""

from __future__ import annotations

import os
import re
import socket
import subprocess
import sys
import time
from pathlib import Path

from tests.acceptance.harness import _env

ROOT = Path(__file__).resolve().parents[2]
TCP_LISTEN = "0A"
UNIX_ACCEPTCON = 0x10000


def socket_inodes(pid: int) -> set[str]:
    inodes = set()
    for fd in Path(f"/proc/{pid}/fd").iterdir():
        try:
            target = fd.readlink()
        except OSError:
            continue
        if str(target).startswith("socket:["):
            inodes.add(str(target)[8:-1])
    return inodes


def listening(pid: int) -> list[str]:
    """The process's sockets that accept connections or datagrams from anyone."""
    inodes = socket_inodes(pid)
    found = []
    for table in ("tcp", "tcp6", "udp", "udp6"):
        for line in Path(f"/proc/{pid}/net/{table}").read_text().splitlines()[1:]:
            fields = line.split()
            if fields[9] in inodes and (table.startswith("udp") or fields[3] == TCP_LISTEN):
                found.append(f"{table} {fields[1]}")
    for line in Path(f"/proc/{pid}/net/unix").read_text().splitlines()[1:]:
        fields = line.split()
        if fields[6] in inodes and int(fields[3], 16) & UNIX_ACCEPTCON:
            found.append(f"unix {fields[7] if len(fields) > 7 else '(unnamed)'}")
    return found


def test_the_running_service_listens_on_nothing(tmp_path):
    service = subprocess.Popen(
        [sys.executable, "-m", "app.cli", "run", "--hardware", "sim", "--headless",
         "--data-dir", str(tmp_path / "data")],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env={**_env(), "SDL_NO_SIGNAL_HANDLERS": "1"})
    try:
        time.sleep(3)  # up, drawn, tray reader connected
        assert service.poll() is None
        assert listening(service.pid) == []
    finally:
        service.kill()
        service.wait(10)


def test_the_check_sees_a_listener():
    with socket.socket() as server:
        server.bind(("127.0.0.1", 0))
        server.listen()
        assert any(entry.startswith("tcp") for entry in listening(os.getpid()))


UNSAFE = re.compile(r"(?<![\w.])(pickle|marshal|shelve|eval|exec|compile|__import__|yaml\.load|jsonpickle)"
                    r"\s*[\.(]")
READERS = ["app/config.py", "store/journal.py", "store/backup.py", "store/mirror.py", "store/trail.py",
           "store/journal_file.py", "store/file_format.py", "store/export_checks.py", "app/cli_saves.py",
           "hw_sim/script.py", "games/core/packs.py", "games/core/untrusted.py", "store/game_export.py",
           "app/overlays.py", "firmware_bridge/parser.py", "firmware_bridge/protocol.py"]


def test_config_scripts_packs_and_exports_are_parsed_as_data():
    for name in READERS + [str(p.relative_to(ROOT)) for p in (ROOT / "games").rglob("pack*.py")]:
        path = ROOT / name
        assert path.exists(), f"{name} moved: name where its reading code went"
        text = path.read_text()
        assert not UNSAFE.search(text), f"{name}: {UNSAFE.search(text).group(0)}"
    front_door = (ROOT / "games/core/untrusted.py").read_text()
    assert "tomllib.loads" in front_door and "json.loads" in front_door
    for reader in ("app/config.py", "hw_sim/script.py", "games/core/packs.py", "store/game_export.py",
                   "app/overlays.py"):  # every reader of outside text goes through the front door
        assert "games.core.untrusted import" in (ROOT / reader).read_text(), reader
