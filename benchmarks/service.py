"""The running service: start-up to first frame, idle CPU, peak memory.

Each runs the real ``tablewarden run --hardware sim --headless`` in a
subprocess, with a game already in its data directory, and learns that the
first frame is shown the way systemd does: ``READY=1`` on ``NOTIFY_SOCKET``.
Baselines run in the same benchmark, on the same machine, at the same time:

- start-up: a bare ``python -c "import pygame, PIL, sqlite3"``;
- idle CPU: a plain pygame loop that redraws at 30 frames per second;
- peak memory: that same bare import process (the floor any pygame program pays).
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from benchmarks.results import Result, median
from device.journal import Journal
from tests.acceptance.harness import _env, new_game

BARE_IMPORTS = [sys.executable, "-c", "import pygame, PIL, sqlite3"]
PYGAME_LOOP = """
import pygame
pygame.init()
surface = pygame.display.set_mode((800, 480))
clock = pygame.time.Clock()
while True:
    pygame.event.pump()
    surface.fill((0, 0, 0))
    pygame.display.flip()
    clock.tick(30)
"""


def _service(data_dir: Path, notify: Path, *extra: str) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, "-m", "device.cli", "run", "--hardware", "sim", "--headless",
         "--data-dir", str(data_dir), *extra],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        # as deploy/tablewarden.service starts it: SIGTERM stops it
        env={**_env(), "NOTIFY_SOCKET": str(notify), "SDL_NO_SIGNAL_HANDLERS": "1"},
    )


def _listen(path: Path) -> socket.socket:
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    sock.bind(str(path))
    sock.settimeout(60)
    return sock


def _wait_ready(sock: socket.socket) -> None:
    while sock.recv(4096).split(b"\n")[0] != b"READY=1":
        pass


def _cpu_seconds(pid: int, main_thread_only: bool = False) -> float:
    """CPU time of ``pid``'s threads (or its main thread) in nanosecond resolution (ticks are too coarse)."""
    tasks = [Path(f"/proc/{pid}/task/{pid}")] if main_thread_only else Path(f"/proc/{pid}/task").iterdir()
    return sum(int((task / "schedstat").read_text().split()[0]) for task in tasks) / 1e9


def _data_dir(root: Path) -> Path:
    data = root / "data"
    journal, _ = Journal.open(data)
    journal.new_game("kreel-manor", {}, 1)
    journal.close()
    return data


def startup(root: Path, runs: int) -> list[Result]:
    data = _data_dir(root)
    service_times, bare_times = [], []
    for run in range(runs):
        with _listen(root / f"notify-{run}") as sock:
            started = time.perf_counter()
            proc = _service(data, root / f"notify-{run}")
            _wait_ready(sock)
            service_times.append(time.perf_counter() - started)
            proc.terminate()
            proc.wait(10)
        started = time.perf_counter()
        subprocess.run(BARE_IMPORTS, check=True, env=_env())
        bare_times.append(time.perf_counter() - started)
    return [Result(f"start-up to first frame (READY=1), median of {runs}", median(service_times) * 1e3, "ms",
                   median(bare_times) * 1e3, 'python -c "import pygame, PIL, sqlite3"',
                   "< 2x the bare imports", median(service_times) < 2 * median(bare_times))]


def idle_cpu(root: Path, seconds: float) -> list[Result]:
    data = _data_dir(root)
    with _listen(root / "notify-idle") as sock:
        proc = _service(data, root / "notify-idle")
        _wait_ready(sock)
        loop = subprocess.Popen([sys.executable, "-c", PYGAME_LOOP], env=_env())
        time.sleep(1.0)  # past both start-ups
        before = _cpu_seconds(proc.pid), _cpu_seconds(loop.pid), _cpu_seconds(proc.pid, True)
        time.sleep(seconds)
        after = _cpu_seconds(proc.pid), _cpu_seconds(loop.pid), _cpu_seconds(proc.pid, True)
        proc.terminate()
        loop.kill()  # SDL's signal handlers swallow SIGTERM in the plain loop
        for p in (proc, loop):
            p.wait(10)
    service_pct = (after[0] - before[0]) / seconds * 100
    loop_pct = (after[1] - before[1]) / seconds * 100
    main_pct = (after[2] - before[2]) / seconds * 100
    return [
        Result(f"idle CPU over {seconds:g} s, whole process (a game shown, no input)", service_pct,
               "% of a core", loop_pct, "a plain pygame loop at 30 fps", "< 1/10 of the pygame loop",
               service_pct < loop_pct / 10),
        Result(f"idle CPU over {seconds:g} s, main loop thread only", main_pct, "% of a core", loop_pct,
               "a plain pygame loop at 30 fps", "< 1/10 of the pygame loop", main_pct < loop_pct / 10),
    ]


def peak_memory(root: Path) -> list[Result]:
    """ru_maxrss of the service playing a scripted Kreel Manor session, and of the bare imports."""
    lines = [*new_game("kreel-manor")] + [{"press": "next"}] * 40 + [{"turn": "spirit", "steps": -2}]
    script = root / "session.jsonl"
    script.write_text("".join(json.dumps(line) + "\n" for line in lines))
    proc = _service(root / "data-session", root / "notify-session", "--script", str(script), "--seed", "3")
    _, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode != 0:
        raise RuntimeError(f"the scripted session failed with status {proc.returncode}")
    bare = subprocess.Popen(BARE_IMPORTS, env=_env())
    _, _, bare_usage = os.wait4(bare.pid, 0)
    peak = usage.ru_maxrss / 1024
    return [Result("peak memory of the headless service, a scripted session", peak, "MB",
                   bare_usage.ru_maxrss / 1024, 'python -c "import pygame, PIL, sqlite3"',
                   "< 80 MB", peak < 80)]


def run(quick: bool = False) -> list[Result]:
    with tempfile.TemporaryDirectory(prefix="tablewarden-bench-") as tmp:
        root = Path(tmp)
        (root / "s").mkdir()
        (root / "i").mkdir()
        (root / "m").mkdir()
        results = startup(root / "s", 2 if quick else 7)
        results += idle_cpu(root / "i", 5 if quick else 30)
        results += peak_memory(root / "m")
    return results
