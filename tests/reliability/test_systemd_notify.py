"""The service speaks systemd's notify protocol: READY=1 after the first frame, then WATCHDOG=1.

deploy/tablewarden.service is ``Type=notify`` with ``WatchdogSec``. Here the
real service runs on the simulated box with ``NOTIFY_SOCKET`` pointing at a
datagram socket of the test, as systemd would set it.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time

import pytest

from app.notify import Notifier
from tests.acceptance.harness import _env
from tests.deploy.test_deploy_files import UNIT

WATCHDOG_USEC = 400_000  # the unit says 30 s; a short one keeps the test short


@pytest.fixture
def systemd_socket(tmp_path):
    path = tmp_path / "notify"
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    sock.bind(str(path))
    sock.settimeout(20)
    yield sock, path
    sock.close()


def unit_environment() -> dict[str, str]:
    """The unit's Environment= lines, but SDL's dummy video driver instead of the console's."""
    lines = UNIT.read_text().splitlines()
    pairs = dict(line.removeprefix("Environment=").split("=", 1) for line in lines
                 if line.startswith("Environment="))
    return {**pairs, "SDL_VIDEODRIVER": "dummy"}


def start_service(tmp_path, **env: str) -> subprocess.Popen:
    """The service as the unit starts it, on the simulated box."""
    return subprocess.Popen(
        [sys.executable, "-m", "app.cli", "run", "--hardware", "sim", "--headless",
         "--data-dir", str(tmp_path / "data")],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env={**_env(), **unit_environment(), **env},
    )


def test_ready_after_the_first_frame_then_the_watchdog_at_half_its_time(tmp_path, systemd_socket):
    sock, path = systemd_socket
    service = start_service(tmp_path, NOTIFY_SOCKET=str(path), WATCHDOG_USEC=str(WATCHDOG_USEC))
    try:
        assert sock.recv(4096) == b"READY=1"
        started = time.monotonic()
        beats = [sock.recv(4096) for _ in range(6)]
        elapsed = time.monotonic() - started
    finally:
        service.terminate()  # systemctl stop: SIGTERM, and a prompt, clean exit
        status = service.wait(5)
    assert status == 0
    assert beats == [b"WATCHDOG=1"] * 6
    interval = WATCHDOG_USEC / 2e6
    # about one beat per half time-out: neither late (systemd would kill it) nor a busy loop
    assert 5 * interval * 0.8 <= elapsed <= 6 * interval * 1.5 + 1.0, elapsed


def test_no_socket_no_messages():
    assert not Notifier.from_environ({}).enabled
    assert Notifier.from_environ({}).ready() is False
    assert Notifier.from_environ({}).watchdog_interval is None


def test_watchdog_for_another_process_is_not_ours():
    env = {"NOTIFY_SOCKET": "/run/x", "WATCHDOG_USEC": "1000000", "WATCHDOG_PID": str(os.getpid() + 1)}
    assert Notifier.from_environ(env).watchdog_interval is None
    env["WATCHDOG_PID"] = str(os.getpid())
    assert Notifier.from_environ(env).watchdog_interval == 0.5


def test_abstract_socket_names(tmp_path):
    name = f"tablewarden-test-{os.getpid()}"
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    sock.bind("\0" + name)
    sock.settimeout(5)
    try:
        assert Notifier("@" + name).ready("playing")
        assert sock.recv(4096) == b"READY=1\nSTATUS=playing"
    finally:
        sock.close()


def test_a_vanished_socket_never_stops_the_box(tmp_path, caplog):
    assert Notifier(str(tmp_path / "gone")).watchdog() is False
    assert "cannot notify systemd" in caplog.text
