"""The OLED may be missing or drop off the bus (errno 121): the box keeps running and retries."""

from __future__ import annotations

import errno
import logging

import pytest
from PIL import Image

from app.config import Config, OledConfig
from app.wiring import build_pi_box
from device.resilient_display import ResilientDisplay
from hw_sim.oled import DummyDisplay

FRAME = Image.new("1", (128, 64), color="white")


class Bus:
    """An I2C bus whose panel can be unplugged: opening and writing then fail like luma's."""

    def __init__(self) -> None:
        self.present = True
        self.opened = 0
        self.panel: FlakyPanel | None = None

    def open(self) -> FlakyPanel:
        if not self.present:
            raise OSError(errno.EREMOTEIO, "Remote I/O error")
        self.opened += 1
        self.panel = FlakyPanel(self)
        return self.panel


class FlakyPanel(DummyDisplay):
    def __init__(self, bus: Bus) -> None:
        super().__init__()
        self.bus = bus

    def show(self, image: Image.Image) -> None:
        if not self.bus.present:
            raise OSError(errno.EREMOTEIO, "Remote I/O error")
        super().show(image)


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def rig():
    bus, clock = Bus(), Clock()
    return bus, clock, ResilientDisplay(bus.open, 128, 64, clock=clock, min_backoff=1, max_backoff=8)


def test_a_panel_that_drops_off_is_reopened_with_backoff(rig, caplog):
    bus, clock, display = rig
    display.contrast(40)
    display.show(FRAME)
    assert display.connected and bus.panel.frames == 1
    bus.present = False
    with caplog.at_level(logging.ERROR):
        display.show(FRAME)  # errno 121: dropped, no exception
    assert not display.connected
    assert "dropped off the bus" in display.status and "dropped off the bus" in caplog.text
    for wait in (1, 2, 4, 8, 8):  # each failed retry doubles the wait, up to the maximum
        clock.now += wait - 0.01
        display.show(FRAME)
        assert bus.opened == 1  # too early: no bus traffic
        clock.now += 0.01
        display.show(FRAME)
    bus.present = True
    clock.now += 8
    display.show(FRAME)
    assert display.connected and bus.opened == 2
    assert bus.panel.frames == 1 and bus.panel.contrast_level == 40  # the contrast came back with it
    assert display.status == "OLED connected"


def test_a_missing_panel_at_start_is_not_an_error_for_the_service(rig):
    bus, clock, _ = rig
    bus.present = False
    display = ResilientDisplay(bus.open, 128, 64, clock=clock)
    display.show(FRAME)
    display.contrast(10)
    display.close()
    assert "not available" in display.status and display.failures == 1


def test_the_pi_box_wraps_its_oled(monkeypatch):
    monkeypatch.setenv("GPIOZERO_PIN_FACTORY", "mock")
    config = Config(oled=OledConfig(i2c_port=19))  # no such bus here: luma's DeviceNotFoundError
    box = build_pi_box(config, headless=True)
    try:
        assert isinstance(box.display, ResilientDisplay)
        assert not box.display.connected and (box.display.width, box.display.height) == (128, 64)
        box.display.show(FRAME)  # the service draws as usual
    finally:
        box.close()
