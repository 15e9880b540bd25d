"""EvdevControls: the dials from the kernel's rotary-encoder devices, the buttons on gpiozero.

The kernel's events are recorded ones (what the rotary-encoder driver
reports with ``relative_axis=1``: a REL_X of +1 or -1 per detent, then a
SYN_REPORT), fed through stand-in devices on real pipes, so the reading
thread runs as on the Pi. With the ``evdev`` package and ``/dev/uinput``
available, a virtual input device is read end to end as well.
"""

from __future__ import annotations

import os
import queue
import time
from collections import namedtuple

import pytest
from gpiozero.pins.mock import MockFactory

from contracts.events import Press, Turn
from device.controls import ControlPins
from device.evdev_controls import EV_ABS, EV_REL, EV_SYN, EvdevControls, device_name, turns
from tests.fixtures.events import drained

Event = namedtuple("Event", "type code value")
REL_X, SYN_REPORT, SYN_DROPPED = 0, 0, 3
PINS = ControlPins(bounce_time=0, hold_time=0.2, encoder_backend="evdev")


def detent(value: int) -> list[Event]:
    """One report of the rotary-encoder driver: the relative step, then the sync."""
    return [Event(EV_REL, REL_X, value), Event(EV_SYN, SYN_REPORT, 0)]


class RecordedDevice:
    """A stand-in for ``evdev.InputDevice``: a pipe that becomes readable when events are queued."""

    def __init__(self) -> None:
        self._read_fd, self._write_fd = os.pipe()
        self._pending: queue.SimpleQueue[list[Event]] = queue.SimpleQueue()
        self.closed = False

    def send(self, events: list[Event]) -> None:
        self._pending.put(events)
        os.write(self._write_fd, b"e")

    def fileno(self) -> int:
        return self._read_fd

    def read(self) -> list[Event]:
        os.read(self._read_fd, 1)
        try:
            return self._pending.get_nowait()
        except queue.Empty:
            raise BlockingIOError from None

    def close(self) -> None:
        self.closed = True
        for fd in (self._read_fd, self._write_fd):
            os.close(fd)


@pytest.fixture
def factory():
    factory = MockFactory()
    yield factory
    factory.close()


def test_devices_are_named_by_the_overlay_after_their_a_pin():
    assert device_name(17) == "rotary@11" and device_name(22) == "rotary@16"


def test_recorded_events_become_one_turn_per_detent():
    recorded = [*detent(1), *detent(1), *detent(-1), Event(EV_REL, REL_X, 3), Event(EV_SYN, SYN_REPORT, 0),
                Event(EV_ABS, 0, 7), Event(EV_REL, REL_X, 0)]
    cw, ccw = Turn("spirit", 1), Turn("spirit", -1)
    assert turns("spirit", recorded) == [cw, cw, ccw, cw, cw, cw]


def test_the_dials_turn_from_their_devices_and_the_buttons_stay_on_gpio(factory):
    spirit, menhir = RecordedDevice(), RecordedDevice()
    controls = EvdevControls(PINS, factory, devices={"spirit": spirit, "menhir": menhir})
    events: queue.Queue = queue.Queue()
    controls.start(events.put)
    try:
        assert controls.dials == ["menhir", "spirit"]
        spirit.send(detent(1) + detent(1))
        assert drained(events, 0.1) == [Turn("spirit", 1)] * 2
        menhir.send(detent(-1))
        spirit.send([Event(EV_SYN, SYN_DROPPED, 0), *detent(-1)])  # a dropped report is logged, not fatal
        assert sorted(drained(events, 0.1), key=str) == [Turn("menhir", -1), Turn("spirit", -1)]
        factory.pin(PINS.buttons["next"]).drive_low()
        factory.pin(PINS.buttons["next"]).drive_high()
        push = PINS.encoders["spirit"][2]
        factory.pin(push).drive_low()
        factory.pin(push).drive_high()
        assert drained(events, 0.1) == [Press("next"), Press("spirit_push")]
        a, b, _ = PINS.encoders["spirit"]  # the kernel owns the dial's pins: gpiozero does not read them
        factory.pin(a).drive_low()
        factory.pin(b).drive_low()
        factory.pin(a).drive_high()
        factory.pin(b).drive_high()
        assert drained(events, 0.1) == []
    finally:
        started = time.monotonic()
        controls.close()
        assert time.monotonic() - started < 1.0
    assert spirit.closed and menhir.closed


def test_a_dial_without_its_device_is_read_through_gpio(factory, caplog):
    spirit = RecordedDevice()
    controls = EvdevControls(PINS, factory, devices={"spirit": spirit})
    events: queue.Queue = queue.Queue()
    controls.start(events.put)
    try:
        assert "rotary@16" in caplog.text and "menhir" in caplog.text
        a, b, _ = PINS.encoders["menhir"]
        for pin, level in ((a, 0), (b, 0), (a, 1), (b, 1)):  # one clockwise detent on the pins
            factory.pin(pin).drive_low() if level == 0 else factory.pin(pin).drive_high()
        spirit.send(detent(-1))
        assert sorted(drained(events, 0.1), key=str) == [Turn("menhir", 1), Turn("spirit", -1)]
    finally:
        controls.close()


def test_a_virtual_rotary_encoder_device_end_to_end(factory):
    """Through the kernel: a uinput device named as the overlay names the spirit dial."""
    evdev = pytest.importorskip("evdev")
    if not os.access("/dev/uinput", os.W_OK):
        pytest.skip("no writable /dev/uinput here; the recorded-event tests cover the translation")
    from evdev import ecodes

    capabilities = {ecodes.EV_REL: [ecodes.REL_X]}
    with evdev.UInput(capabilities, name=device_name(PINS.encoders["spirit"][0])) as dial:
        time.sleep(0.2)  # udev makes the /dev/input node
        controls = EvdevControls(PINS, factory)
        events: queue.Queue = queue.Queue()
        controls.start(events.put)
        try:
            assert "spirit" in controls.dials
            for value in (1, 1, -1):
                dial.write(ecodes.EV_REL, ecodes.REL_X, value)
                dial.syn()
            assert drained(events, 0.3) == [Turn("spirit", 1), Turn("spirit", 1), Turn("spirit", -1)]
        finally:
            controls.close()
