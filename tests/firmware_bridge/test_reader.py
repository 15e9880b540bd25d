"""TrayReader against the simulated tray on a real pseudo-terminal; every wait has a time-out."""

from __future__ import annotations

import queue
import time

import pytest

from contracts.events import DiceRolled, TrayStatus
from firmware_bridge.protocol import encode_frame
from firmware_bridge.reader import TrayReader
from hw_sim.tray import PtyTray

D6_PAIR = [{"kind": "d6", "face": 5}, {"kind": "d6", "face": 6}]


def wait_until(check, timeout: float = 3.0) -> None:
    deadline = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.01)


@pytest.fixture
def tray():
    tray = PtyTray(ack_timeout=3.0)
    yield tray
    tray.close()


STATUSES: list[str] = []


def _sort(events: queue.Queue, deliver=None):
    """Rolls go to the queue under test; status changes are recorded apart. ``deliver`` is called
    with each roll as the service calls the reader's ``delivered`` once its main loop has it."""
    def emit(event):
        if isinstance(event, TrayStatus):
            STATUSES.append(event.text)
        else:
            events.put(event)
            if deliver is not None and isinstance(event, DiceRolled):
                deliver(event.roll_id)
    return emit


@pytest.fixture
def reader(tray):
    STATUSES.clear()
    reader = TrayReader(str(tray.path), hello_timeout=0.3, max_backoff=0.2, arm_timeout=0.5)
    events: queue.Queue = queue.Queue()
    reader.start(_sort(events, deliver=lambda roll_id: reader.delivered(roll_id)))
    wait_until(lambda: reader.status == "Tray ready")
    yield reader, events
    reader.close()


def test_status_changes_reach_the_displays_as_events(tray, reader):
    """The displays redraw on a TrayStatus event; nothing polls the reader."""
    reader, events = reader
    assert STATUSES[-1] == "Tray ready"
    tray.unplug()
    wait_until(lambda: STATUSES[-1] == "Tray absent")
    tray.plug()
    wait_until(lambda: STATUSES[-1] == "Tray ready")


def test_a_settled_roll_is_emitted_once(tray, reader):
    reader, events = reader
    assert tray.report(D6_PAIR) == "SIM-TRAY:1"
    assert events.get(timeout=1) == DiceRolled(tuple(D6_PAIR), "SIM-TRAY:1")
    assert tray.report([{"kind": "fate", "face": "Darkness"}]) == "SIM-TRAY:2"
    assert events.get(timeout=1).dice == ({"kind": "fate", "face": "Darkness"},)
    assert events.empty()
    assert reader.stats().rolls == 2


def test_a_bump_after_settling_is_flagged_not_emitted(tray, reader):
    reader, events = reader
    tray.throw(D6_PAIR)
    events.get(timeout=1)
    tray.bump([{"kind": "d6", "face": 1}, {"kind": "d6", "face": 6}])
    wait_until(lambda: reader.stats().moved_after_settling == 1)
    assert reader.status == "Tray: dice moved"
    time.sleep(0.1)
    assert events.empty()


def test_cocked_dice_are_shown_and_not_emitted(tray, reader):
    reader, events = reader
    tray.cocked([{"kind": "d6", "face": 4}, {"kind": "d6", "face": None}])
    wait_until(lambda: reader.status == "Tray: die cocked")
    assert events.empty()


def test_garbage_split_frames_and_bad_checksums_do_not_stop_reading(tray, reader):
    reader, events = reader
    tray.inject(b"\x00\xff garbage $ROLL,9,sett")
    tray.corrupt_next(1)
    tray.inject(encode_frame("STATUS", "50", "ok"))
    tray.inject(b"$" + b"x" * 5000 + b"\n")
    tray.split = True
    tray.report(D6_PAIR)
    assert events.get(timeout=1).dice == tuple(D6_PAIR)
    rejected = reader.stats().rejected
    assert rejected["garbage"] > 0 and rejected["truncated"] == 1 and rejected["too_long"] == 1
    assert rejected["bad_checksum"] == 1


def test_dice_the_protocol_does_not_define_are_counted_bad_never_rolled(tray, reader):
    """Issue 15: ``d0:0``, ``d1000:5000``, ``d06:9``, an unknown kind, a face off its die: each
    frame is a ``bad_field``, counted; no roll reaches the game, and the next good one does."""
    reader, events = reader
    for roll_id, dice in enumerate(("d0:0", "d1000:5000", "d06:9", "rune:Ansuz", "fate:Joy", "d6:7",
                                    "d6:5;d1:1", "d101:5"), start=100):
        tray.inject(encode_frame("ROLL", str(roll_id), "settled", dice))
    tray.report(D6_PAIR)
    assert events.get(timeout=1).dice == tuple(D6_PAIR)
    assert events.empty()
    assert reader.stats().rejected["bad_field"] == 8


def test_a_flood_keeps_the_reader_responsive(tray, reader):
    reader, events = reader
    tray.flood(3000)
    tray.report(D6_PAIR)
    assert events.get(timeout=2).dice == tuple(D6_PAIR)


def test_unplug_and_replug_reconnects_through_the_stable_link(tray, reader):
    reader, events = reader
    first_device = tray.path.resolve()
    tray.inject(b"$ROLL,3,set")  # unplugged mid-frame
    tray.unplug()
    wait_until(lambda: reader.status == "Tray absent")
    assert not tray.path.exists()
    tray.plug()
    wait_until(lambda: reader.status == "Tray ready")
    assert tray.report(D6_PAIR) == "SIM-TRAY:1"  # the tray restarted: ids start again
    assert events.get(timeout=1).dice == tuple(D6_PAIR)
    stats = reader.stats()
    assert stats.connects == 2 and stats.disconnects == 1 and stats.rejected["truncated"] == 1
    assert tray.path.resolve() != first_device or tray.path.exists()


def test_arm_reaches_the_tray_and_times_out_to_typed_or_virtual_dice(tray, reader):
    reader, events = reader
    reader.arm(2, "d6")
    wait_until(lambda: tray.armed == (2, "d6"))
    wait_until(lambda: reader.status == "Tray armed 2 d6", timeout=1)
    wait_until(lambda: reader.status == "Tray timed out", timeout=2)  # arm_timeout is 0.5 s
    wait_until(lambda: tray.armed is None)
    assert reader.stats().arm_timeouts == 1


def test_arm_of_a_kind_the_tray_cannot_read_is_shown(tray, reader):
    reader, events = reader
    reader.arm(1, "d20")
    wait_until(lambda: reader.status == "Tray: cannot read d20")
    assert reader.stats().tray_errors == 1


def test_a_silent_tray_is_shown_as_not_answering(tray):
    tray.silent = True
    reader = TrayReader(str(tray.path), hello_timeout=0.2)
    reader.start(lambda event: None)
    try:
        wait_until(lambda: reader.status == "Tray not answering")
        tray.silent = False
        wait_until(lambda: reader.status == "Tray ready")
    finally:
        reader.close()


def test_a_slow_tray_still_delivers(tray, reader):
    reader, events = reader
    tray.byte_delay = 0.0005
    tray.report(D6_PAIR)
    assert events.get(timeout=2).dice == tuple(D6_PAIR)


def test_a_tray_of_another_protocol_version_is_refused(tray, reader):
    reader, events = reader
    tray.inject(encode_frame("HELLO", "2", "FUTURE", "9", "d6"))
    wait_until(lambda: reader.status == "Tray protocol v2?")
    tray.inject(encode_frame("ROLL", "40", "settled", "d6:3"))
    time.sleep(0.1)
    assert events.empty() and reader.stats().wrong_version == 1


def test_no_tray_at_all_is_absent_and_close_does_not_hang(tmp_path):
    reader = TrayReader(str(tmp_path / "nothing"), max_backoff=0.05)
    reader.start(lambda event: None)
    time.sleep(0.1)
    assert reader.status == "Tray absent"
    started = time.monotonic()
    reader.close()
    assert time.monotonic() - started < 1.5


def test_close_does_not_wait_for_a_read(tray, reader):
    reader, events = reader
    started = time.monotonic()
    reader.close()
    assert time.monotonic() - started < 1.0


def test_a_tray_restarted_without_its_hello_being_seen_loses_no_roll(tray, reader):
    """Issue "One writer, checked bytes", 15: its ids began at 1 again; the host took roll 1 for a
    bumped old roll, acknowledged it and never handed it to the game (PROTOCOL.md, "ROLL")."""
    reader, events = reader
    for face in (1, 2, 3):
        tray.report([{"kind": "d6", "face": face}])
        events.get(timeout=1)
    tray.restart_unannounced()
    assert tray.report(D6_PAIR) == "SIM-TRAY:1"
    assert events.get(timeout=1) == DiceRolled(tuple(D6_PAIR), "SIM-TRAY:1")
    assert reader.stats().restarts_unannounced == 1 and reader.stats().moved_after_settling == 0
    tray.report([{"kind": "d6", "face": 4}])  # and it goes on counting from there
    assert events.get(timeout=1).dice == ({"kind": "d6", "face": 4},)


def test_a_roll_is_acknowledged_only_once_the_game_has_it(tray):
    """Issue "One writer, checked bytes", 15: a roll ACKed when it was only queued was lost to the
    tray if the box died before its main loop took it. The tray repeats a settled roll until its
    ACK (PROTOCOL.md, "ROLL"); the host hands it over once and acknowledges it when delivered."""
    STATUSES.clear()
    reader = TrayReader(str(tray.path), hello_timeout=0.3, max_backoff=0.2)
    events: queue.Queue = queue.Queue()
    reader.start(_sort(events))  # nobody delivers: a main loop that never took it
    try:
        wait_until(lambda: reader.status == "Tray ready")
        tray.ack_timeout = 1.5
        with pytest.raises(TimeoutError):
            tray.report(D6_PAIR)  # repeated every 500 ms, never acknowledged
        roll = events.get(timeout=1)
        assert events.empty()  # handed over once, whatever the repeats
        reader.delivered(roll.roll_id)
        wait_until(lambda: tray._core.acked == 1)
    finally:
        reader.close()
