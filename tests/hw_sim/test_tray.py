"""The simulated tray: a real pty behind a stable link, speaking the reference firmware's protocol."""

from __future__ import annotations

import os
import time

import pytest
import serial

from firmware_bridge import protocol
from firmware_bridge.parser import FrameParser
from firmware_bridge.protocol import Armed, Hello, Pong, Roll
from hw_sim.tray import PtyTray


def read_messages(port: serial.Serial, want: int, timeout: float = 2.0) -> list:
    parser, got = FrameParser(), []
    deadline = time.monotonic() + timeout
    while len(got) < want and time.monotonic() < deadline:
        got += [r.message for r in parser.feed(port.read(256))]
    return got


@pytest.fixture
def tray(tmp_path):
    (tmp_path / "by-id").mkdir()
    tray = PtyTray(tmp_path / "by-id" / "tray", ack_timeout=0.3)
    yield tray
    tray.close()


def test_the_link_points_at_the_current_pty_and_follows_a_replug(tray):
    first = os.path.realpath(tray.path)
    assert first.startswith("/dev/pts/")
    tray.unplug()
    assert not tray.path.exists() and not tray.plugged
    holder = os.openpty()  # another pty now (maybe) holds the old name
    try:
        tray.plug()
        current = os.path.realpath(tray.path)
        assert current.startswith("/dev/pts/") and current != os.ttyname(holder[1])
    finally:
        os.close(holder[0])
        os.close(holder[1])


def test_answers_who_ping_and_arm_over_serial_bytes(tray):
    with serial.Serial(str(tray.path), timeout=0.05) as port:
        port.write(protocol.who() + protocol.ping("5") + protocol.arm(3, "fate"))
        messages = read_messages(port, 4)
    assert isinstance(messages[0], Hello) and messages[0].device_id == "SIM-TRAY"
    assert Pong("5") in messages and Armed(3, "fate") in messages
    assert tray.armed == (3, "fate")


def test_report_waits_for_the_ack_and_times_out_without_a_host(tray):
    with pytest.raises(TimeoutError, match="did not acknowledge"):
        tray.report([{"kind": "d6", "face": 2}])


def test_report_repeats_the_settled_roll_until_acknowledged(tray):
    with serial.Serial(str(tray.path), timeout=0.05) as port:
        with pytest.raises(TimeoutError):
            tray.throw([{"kind": "guardian", "face": "North"}])
        rolls = [m for m in read_messages(port, 3) if isinstance(m, Roll)]
    assert [r.state for r in rolls][:2] == ["rolling", "settled"]
    assert rolls[1].dice[0].face == "North"


def test_a_face_the_wire_cannot_carry_is_refused_before_sending(tray):
    with pytest.raises(ValueError, match="cannot be sent"):
        tray.report([{"kind": "fate", "face": "Rage;d6:6"}])


def test_corrupt_and_split_frames_reach_the_port_as_faults(tray):
    with serial.Serial(str(tray.path), timeout=0.05) as port:
        tray.split = True
        tray.corrupt_next(1)
        port.write(protocol.ping("1") + protocol.ping("2"))
        parser = FrameParser()
        deadline, got = time.monotonic() + 2, []
        while not got and time.monotonic() < deadline:
            got += [r.message for r in parser.feed(port.read(64))]
    assert got == [Pong("2")] and parser.rejected["bad_checksum"] == 1
