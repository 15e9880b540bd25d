"""Builds the box from config: real adapters on a Pi, simulated twins elsewhere.

This is the only place that chooses between ``device`` and ``hw_sim``
adapters; everything above them (controller, engine, journal, renderers)
runs the same code on both.
"""

from __future__ import annotations

from pathlib import Path

from app.config import Config, DiceTrayConfig, OledConfig
from app.service import Box
from device.oled import LumaDisplay, OledSettings
from device.resilient_display import ResilientDisplay


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


def tray_reader(tray: DiceTrayConfig, port: str | None = None):
    """The dice tray reader for ``[dice_tray]`` (on ``port`` instead of the configured one)."""
    from firmware_bridge.reader import TrayReader

    return TrayReader(port or tray.port, baudrate=tray.baudrate, arm_timeout=tray.timeout)


def _screen(config: Config, *, headless: bool, force_window: bool = False):
    """The pygame screen, or None; never fails for lack of a display."""
    from device.screen import PygameScreen, init_pygame

    if not config.screen.enabled:
        return None, False
    window = init_pygame(headless)
    size = (config.screen.width, config.screen.height)
    screen = PygameScreen(size, window=window or force_window, fullscreen=config.screen.fullscreen,
                          theme=config.screen.theme)
    return screen, window


def _sound(config: Config):
    """The piezo when configured, else a silent stand-in (callers never check for None)."""
    from device.sound import Silent, Sound

    if not config.sound.enabled:
        return Silent()
    return Sound(config.sound.pin, tonal=config.sound.kind == "tonal")


def controls(config: Config):
    """The buttons and dials: all on gpiozero, or the dials on the kernel's
    rotary-encoder devices (``[controls] encoder_backend = "evdev"``)."""
    if config.controls.encoder_backend == "evdev":
        from device.evdev_controls import EvdevControls

        return EvdevControls(config.controls)
    from device.controls import GpioControls

    return GpioControls(config.controls)


def build_pi_box(config: Config, *, headless: bool = False) -> Box:
    """The real box: gpiozero pins (or evdev dials), the luma OLED, the screen if configured."""
    display = None
    if config.oled.enabled:  # the OLED may be absent or drop off the bus: keep running, retry
        settings = oled_settings(config.oled)
        display = ResilientDisplay(lambda: LumaDisplay.from_settings(settings),
                                   config.oled.width, config.oled.height)
    screen, window = _screen(config, headless=headless)
    dice = tray_reader(config.dice_tray) if config.dice_tray.enabled else None
    return Box(controls=controls(config), display=display, screen=screen, dice=dice,
               sound=_sound(config), interactive_window=window)


def build_sim_box(config: Config, *, headless: bool = False):
    """The simulated box: MockFactory pins, luma's dummy OLED, a pseudo-terminal dice tray.

    The tray is read by the same ``TrayReader`` as on the Pi, through its
    stable link, so dice go through real serial bytes. Returns the box with
    its ``pins`` and ``dice`` (the ``PtyTray``) twins, which control scripts
    (and the simulator window) drive.
    """
    from device.sound import RecordingSound
    from hw_sim.oled import DummyDisplay
    from hw_sim.pins import SimPins
    from hw_sim.tray import PtyTray

    pins = SimPins(config.controls)
    tray = PtyTray()
    screen, window = _screen(config, headless=headless)
    display = DummyDisplay(config.oled.width, config.oled.height)
    sound = RecordingSound()  # the simulator shows its cues in the window and the log
    if window:
        from hw_sim.window import SimWindow

        screen = SimWindow(screen, display, pins, tray=tray, sound=sound)
    reader = tray_reader(config.dice_tray, str(tray.path))
    box = Box(controls=pins, display=display, screen=screen, dice=reader, sound=sound,
              interactive_window=window, close_hooks=[tray.close])
    return box, pins, tray
