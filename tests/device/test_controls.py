"""GpioControls on gpiozero's MockFactory, pins driven by hand."""

from __future__ import annotations

import queue
import subprocess
import sys

import pytest
from gpiozero.pins.mock import MockFactory

from contracts.events import BUTTONS, ENCODERS, Hold, Press, Turn
from device.controls import ControlPins, GpioControls
from tests.fixtures.events import drained

FAST = ControlPins(bounce_time=0, hold_time=0.2)


@pytest.fixture
def mock_factory():
    factory = MockFactory()
    yield factory
    factory.close()


@pytest.fixture
def events():
    return queue.Queue()


@pytest.fixture
def controls(mock_factory, events):
    controls = GpioControls(FAST, pin_factory=mock_factory)
    controls.start(events.put)
    yield controls
    controls.close()


def clockwise_detent(factory: MockFactory, a: int, b: int) -> None:
    factory.pin(a).drive_low()
    factory.pin(b).drive_low()
    factory.pin(a).drive_high()
    factory.pin(b).drive_high()


def test_default_pins_are_the_designs_wiring():
    pins = ControlPins()
    assert pins.button_pins() == {
        "back": 5,
        "select": 6,
        "next": 13,
        "undo": 19,
        "spirit_push": 27,
        "menhir_push": 24,
    }
    assert pins.encoders == {"spirit": (17, 18, 27), "menhir": (22, 23, 24)}
    assert pins.hold_time == 1.0
    assert set(pins.button_pins()) == set(BUTTONS)
    assert set(pins.encoders) == set(ENCODERS)


def test_unknown_control_names_are_rejected():
    with pytest.raises(ValueError, match="unknown control names"):
        ControlPins(buttons={"start": 5})


def test_hold_time_must_exceed_bounce_time():
    with pytest.raises(ValueError):
        ControlPins(bounce_time=0.5, hold_time=0.5)


def test_short_press_emits_press_on_release(mock_factory, controls, events):
    pin = mock_factory.pin(13)
    pin.drive_low()
    assert drained(events) == []
    pin.drive_high()
    assert drained(events) == [Press("next")]


def test_hold_emits_hold_once_and_no_press(mock_factory, controls, events):
    pin = mock_factory.pin(6)
    pin.drive_low()
    assert events.get(timeout=2) == Hold("select")
    assert drained(events, timeout=2 * FAST.hold_time) == []  # no repeat while still held
    pin.drive_high()
    assert drained(events) == []


def test_dial_pushes_are_buttons(mock_factory, controls, events):
    mock_factory.pin(27).drive_low()
    mock_factory.pin(27).drive_high()
    assert drained(events) == [Press("spirit_push")]


def test_encoder_step_count_is_not_capped(mock_factory, controls, events):
    for _ in range(40):
        clockwise_detent(mock_factory, 22, 23)
    assert drained(events) == [Turn("menhir", 1)] * 40
    assert controls._encoders["menhir"].steps == 40


def test_counter_clockwise_detent_turns_minus_one(mock_factory, controls, events):
    clockwise_detent(mock_factory, 18, 17)  # B leads: counter-clockwise
    assert drained(events) == [Turn("spirit", -1)]


def test_close_releases_the_pins(mock_factory, controls):
    controls.close()
    GpioControls(FAST, pin_factory=mock_factory).close()


def test_importing_the_adapters_imports_no_hardware_library():
    code = (
        "import sys, device.controls, device.oled; "
        "print(sorted(m for m in ('gpiozero', 'luma', 'RPi', 'lgpio') if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert out.stdout.strip() == "[]", out.stderr
