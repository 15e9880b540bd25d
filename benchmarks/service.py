"""The running service: start-up to first frame, idle CPU, peak memory.

Each runs the real ``tablewarden run --hardware sim --headless`` in a
subprocess, with a game already in its data directory, and learns that the
first frame is shown the way systemd does: ``READY=1`` on ``NOTIFY_SOCKET``.
The project's modules are byte-compiled first (``compileall``), as
``pip install`` does on the Pi (deploy/install.sh): a shell with
``PYTHONDONTWRITEBYTECODE=1`` would otherwise compile every module from
source at each start while the baseline's pygame and PIL load their
installed bytecode. Baselines run in the same benchmark, on the same
machine, at the same time:

- start-up: a bare ``python -c "import pygame, PIL, sqlite3"``;
- idle CPU: a plain pygame loop that redraws at 30 frames per second, under
  SDL's ``dummy`` video driver like the headless service (its flips draw
  nothing, so it is the cheapest such loop: the strict baseline). Where
  ``Xvfb`` is installed the same loop also runs in an X window, to show what
  a loop that really draws costs (the window row: informational);
- peak memory: that same bare import process (the floor any pygame program pays).
"""

from __future__ import annotations

import json
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from benchmarks.results import Result, median, module_main
from hw_sim.xvfb import start_xvfb
from store.journal import Journal
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
        [sys.executable, "-m", "app.cli", "run", "--hardware", "sim", "--headless",
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


PROJECT = Path(__file__).resolve().parents[1]
PACKAGES = ("device", "games", "ui", "hw_sim", "firmware_bridge")


def byte_compile() -> None:
    """Write the project's bytecode (__pycache__, ignored by git), as an installed package has it."""
    subprocess.run([sys.executable, "-m", "compileall", "-q", *PACKAGES], cwd=PROJECT, check=True,
                   stdout=subprocess.DEVNULL)


def startup(root: Path, runs: int) -> list[Result]:
    data = _data_dir(root)
    byte_compile()
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
    xvfb = start_xvfb()
    with _listen(root / "notify-idle") as sock:
        proc = _service(data, root / "notify-idle")
        _wait_ready(sock)
        loop = subprocess.Popen([sys.executable, "-c", PYGAME_LOOP], env=_env())
        window = None
        if xvfb is not None:
            window = subprocess.Popen([sys.executable, "-c", PYGAME_LOOP],
                                      env={**_env(), "SDL_VIDEODRIVER": "x11", "DISPLAY": xvfb[1]})
        time.sleep(1.0)  # past the start-ups
        measured = [proc.pid, loop.pid] + ([window.pid] if window else [])
        before = [_cpu_seconds(pid) for pid in measured] + [_cpu_seconds(proc.pid, True)]
        time.sleep(seconds)
        after = [_cpu_seconds(pid) for pid in measured] + [_cpu_seconds(proc.pid, True)]
        proc.terminate()
        proc.wait(10)
        for plain in (loop, window, xvfb[0] if xvfb else None):
            if plain is not None:
                plain.kill()  # SDL's signal handlers swallow SIGTERM in the plain loop
                plain.wait(10)
    percent = [(b - a) / seconds * 100 for a, b in zip(before, after, strict=True)]
    service_pct, loop_pct, main_pct = percent[0], percent[1], percent[-1]
    window_rows = []
    if window is not None:
        window_pct = percent[2]
        window_rows.append(Result(
            f"idle CPU over {seconds:g} s, whole process, against a window", service_pct, "% of a core",
            window_pct, "the same pygame loop in an X window (Xvfb)"))
    return [
        Result(f"idle CPU over {seconds:g} s, whole process (a game shown, no input)", service_pct,
               "% of a core", loop_pct, "a plain pygame loop at 30 fps (SDL dummy driver)",
               "< 1/10 of the pygame loop", service_pct < loop_pct / 10),
        Result(f"idle CPU over {seconds:g} s, main loop thread only", main_pct, "% of a core", loop_pct,
               "a plain pygame loop at 30 fps", "< 1/10 of the pygame loop", main_pct < loop_pct / 10),
        *window_rows,
    ]


def _high_water_mb(status: str) -> float:
    """``VmHWM`` (peak resident memory) from a ``/proc/<pid>/status`` text, in MB."""
    line = next(line for line in status.splitlines() if line.startswith("VmHWM:"))
    return int(line.split()[1]) / 1024


def _peak_while_running(proc: subprocess.Popen) -> float:
    """The peak resident memory of ``proc``'s own program, read from ``/proc`` until it exits.

    Not ``ru_maxrss``: Linux carries into it the memory of the process that
    forked the child, so a child of this (by now large) benchmark process
    would report the benchmark's size, not its own. ``VmHWM`` belongs to the
    program the child runs since its ``exec``; it only grows, so the last
    reading before the exit is within one polling interval of the peak.
    """
    peak = 0.0
    status = Path(f"/proc/{proc.pid}/status")
    while proc.poll() is None:
        try:
            peak = max(peak, _high_water_mb(status.read_text()))
        except (OSError, StopIteration):
            pass  # exiting: the last reading stands
        time.sleep(0.01)
    return peak


def peak_memory(root: Path) -> list[Result]:
    """Peak resident memory of the service playing a scripted Kreel Manor session, and of the
    bare imports (both as ``VmHWM``, see :func:`_peak_while_running`)."""
    lines = [*new_game("kreel-manor")] + [{"press": "next"}] * 40 + [{"turn": "spirit", "steps": -2}]
    script = root / "session.jsonl"
    script.write_text("".join(json.dumps(line) + "\n" for line in lines))
    proc = _service(root / "data-session", root / "notify-session", "--script", str(script), "--seed", "3")
    peak = _peak_while_running(proc)
    if proc.returncode != 0:
        raise RuntimeError(f"the scripted session failed with status {proc.returncode}")
    own_status = BARE_IMPORTS[-1] + "; print(open('/proc/self/status').read())"
    bare = subprocess.run([*BARE_IMPORTS[:-1], own_status], env=_env(), capture_output=True, text=True,
                          check=True)
    return [Result("peak memory of the headless service, a scripted session", peak, "MB",
                   _high_water_mb(bare.stdout), 'python -c "import pygame, PIL, sqlite3"',
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


if __name__ == "__main__":
    sys.exit(module_main("service", __doc__, run))
