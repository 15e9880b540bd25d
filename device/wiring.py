"""Builds the box from config: real adapters on a Pi, simulated twins elsewhere.

This is the only place that chooses between ``device`` and ``hw_sim``
adapters; everything above them (controller, engine, journal, renderers)
runs the same code on both.
"""

from __future__ import annotations

import logging
from pathlib import Path

from device.config import Config, OledConfig
from device.oled import LumaDisplay, OledSettings
from device.service import Box

log = logging.getLogger(__name__)


def on_raspberry_pi() -> bool:
    """True on a Raspberry Pi (the device-tree model names it)."""
    try:
        return Path("/proc/device-tree/model").read_text(errors="ignore").startswith("Raspberry Pi")
    except OSError:
        return False


def oled_settings(oled: OledConfig) -> OledSettings:
    return OledSettings(
        display=oled.driver,
        interface=oled.interface,
        port=oled.spi_port if oled.interface == "spi" else oled.i2c_port,
        address=oled.i2c_address,
        width=oled.width,
        height=oled.height,
        rotate=oled.rotate,
    )


def _screen(config: Config, *, headless: bool, force_window: bool = False):
    """The pygame screen, or None; never fails for lack of a display."""
    from device.screen import PygameScreen, init_pygame

    if not config.screen.enabled:
        return None, False
    window = init_pygame(headless)
    size = (config.screen.width, config.screen.height)
    return PygameScreen(size, window=window or force_window, fullscreen=config.screen.fullscreen), window


def build_pi_box(config: Config, *, headless: bool = False) -> Box:
    """The real box: gpiozero pins, the luma OLED, the screen if configured."""
    from device.controls import GpioControls

    display = None
    if config.oled.enabled:
        try:
            display = LumaDisplay.from_settings(oled_settings(config.oled))
        except Exception as err:  # the OLED may be absent or off the bus: keep running
            log.error("OLED not available (%s); running without it", err)
    screen, window = _screen(config, headless=headless)
    return Box(controls=GpioControls(config.controls), display=display, screen=screen,
               interactive_window=window)


def build_sim_box(config: Config, *, headless: bool = False):
    """The simulated box: MockFactory pins, luma's dummy OLED, the sim dice source.

    Returns the box with its ``pins`` and ``dice`` twins, which control
    scripts (and the simulator window) drive.
    """
    from hw_sim.dice import SimDiceSource
    from hw_sim.oled import DummyDisplay
    from hw_sim.pins import SimPins

    pins = SimPins(config.controls)
    dice = SimDiceSource()
    screen, window = _screen(config, headless=headless)
    display = DummyDisplay(config.oled.width, config.oled.height)
    if window:
        from hw_sim.window import SimWindow

        screen = SimWindow(screen, display, pins)
    box = Box(controls=pins, display=display, screen=screen, dice=dice, interactive_window=window)
    return box, pins, dice
