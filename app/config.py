"""The box's configuration: one TOML file, validated before the service starts.

Every pin, address and port comes from here, never from code. A bad file
stops the service with a message that names the key, the value and what is
allowed (issue: "A bad config: the service does not start"). Missing keys
take the defaults of DESIGN.md's "The box" table.

The file is read through the front door for untrusted text
(``games.core.untrusted``): at most :data:`MAX_CONFIG_BYTES` of strict UTF-8,
TOML nested at most :data:`CONFIG_LIMITS` deep, numbers of a sane length,
whole numbers within 64 bits, no NaN or Infinity, printable text only; each
refusal names the line or the key.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from contracts.events import BUTTONS, ENCODERS
from device.controls import ENCODER_BACKENDS, ControlPins
from games.core.untrusted import Limits, UntrustedError, decode, parse_toml, printable

SYSTEM_CONFIG = Path("/etc/tablewarden/config.toml")
BCM_PINS = range(0, 28)
# deploy/config.example.toml, every key commented, is 3 KiB; [controls.encoders.spirit] is 4 deep.
MAX_CONFIG_BYTES = 64 * 1024
CONFIG_LIMITS = Limits(max_size=MAX_CONFIG_BYTES, max_depth=6, max_text=4096, printable=True)


class ConfigError(ValueError):
    """The config file is unusable; the message says which key and why."""


@dataclass(frozen=True)
class OledConfig:
    enabled: bool = True
    driver: str = "ssd1306"
    interface: str = "i2c"
    i2c_port: int = 1
    i2c_address: int = 0x3C
    spi_port: int = 0
    spi_device: int = 0
    width: int = 128
    height: int = 64
    rotate: int = 0
    contrast: int = 160
    dim_contrast: int = 8
    dim_after: float = 120.0
    shift_every: float = 60.0


@dataclass(frozen=True)
class ScreenConfig:
    enabled: bool = True
    width: int = 800
    height: int = 480
    fullscreen: bool = False
    theme: str = "day"


@dataclass(frozen=True)
class SoundConfig:
    enabled: bool = False
    pin: int = 12
    kind: str = "tonal"


@dataclass(frozen=True)
class DiceTrayConfig:
    enabled: bool = True
    port: str = "/dev/ttyACM0"
    baudrate: int = 115200
    timeout: float = 30.0


@dataclass(frozen=True)
class JournalConfig:
    snapshot_every: int = 50
    backups: int = 5


@dataclass(frozen=True)
class Config:
    oled: OledConfig = field(default_factory=OledConfig)
    screen: ScreenConfig = field(default_factory=ScreenConfig)
    controls: ControlPins = field(default_factory=ControlPins)
    dice_tray: DiceTrayConfig = field(default_factory=DiceTrayConfig)
    journal: JournalConfig = field(default_factory=JournalConfig)
    sound: SoundConfig = field(default_factory=SoundConfig)


# --- validation -----------------------------------------------------------------

Check = Callable[[Any], str | None]  # returns what is allowed when the value is wrong


def _int(low: int, high: int) -> Check:
    def check(v: Any) -> str | None:
        ok = isinstance(v, int) and not isinstance(v, bool) and low <= v <= high
        return None if ok else f"a whole number from {low} to {high}"
    return check


def _number(low: float, high: float) -> Check:
    def check(v: Any) -> str | None:
        ok = isinstance(v, int | float) and not isinstance(v, bool) and low <= v <= high
        return None if ok else f"a number from {low} to {high}"
    return check


def _one_of(*allowed: str) -> Check:
    return lambda v: None if v in allowed else "one of " + ", ".join(repr(a) for a in allowed)


def _bool(v: Any) -> str | None:
    return None if isinstance(v, bool) else "true or false"


def _text(v: Any) -> str | None:
    return None if isinstance(v, str) and v else "a non-empty string"


SECTIONS: dict[str, tuple[type, dict[str, Check]]] = {
    "oled": (OledConfig, {
        "enabled": _bool, "driver": _one_of("ssd1306", "sh1106"), "interface": _one_of("i2c", "spi"),
        "i2c_port": _int(0, 20), "i2c_address": _int(0x03, 0x77), "spi_port": _int(0, 6),
        "spi_device": _int(0, 2), "width": _int(32, 256), "height": _int(16, 128),
        "rotate": _int(0, 3), "contrast": _int(0, 255), "dim_contrast": _int(0, 255),
        "dim_after": _number(0, 86400), "shift_every": _number(0, 86400),
    }),
    "screen": (ScreenConfig, {
        "enabled": _bool, "width": _int(320, 7680), "height": _int(240, 4320), "fullscreen": _bool,
        "theme": _one_of("day", "night"),
    }),
    "sound": (SoundConfig, {
        "enabled": _bool, "pin": _int(BCM_PINS.start, BCM_PINS.stop - 1), "kind": _one_of("tonal", "plain"),
    }),
    "dice_tray": (DiceTrayConfig, {
        "enabled": _bool, "port": _text, "baudrate": _int(1200, 4_000_000), "timeout": _number(1, 600),
    }),
    "journal": (JournalConfig, {"snapshot_every": _int(5, 10_000), "backups": _int(1, 100)}),
}


SECTION_NAMES = ("oled", "screen", "controls", "dice_tray", "journal", "sound")


def _fail(key: str, value: Any, allowed: str) -> ConfigError:
    return ConfigError(f"config key {key} = {printable(repr(value), 40)} is not allowed: use {allowed}")


_BARE_KEY = re.compile(r"[A-Za-z0-9_-]{1,64}")


def _key(key: str) -> str:
    """A key as the file could write it, safe to print (a quoted key may hold anything)."""
    return key if _BARE_KEY.fullmatch(key) else printable(repr(key), 40)


def _section(name: str, raw: Any, cls: type, checks: dict[str, Check]) -> Any:
    if not isinstance(raw, Mapping):
        raise _fail(name, raw, "a table ([" + name + "])")
    values = {}
    for key, value in raw.items():
        if key not in checks:
            raise ConfigError(f"config key {name}.{_key(key)} is unknown; {name} takes: {', '.join(checks)}")
        allowed = checks[key](value)
        if allowed:
            raise _fail(f"{name}.{key}", value, allowed)
        values[key] = value
    return cls(**values)


def _controls(raw: Any) -> ControlPins:
    if not isinstance(raw, Mapping):
        raise _fail("controls", raw, "a table ([controls])")
    allowed_keys = ("buttons", "encoders", "bounce_time", "hold_time", "encoder_backend")
    for key in raw:
        if key not in allowed_keys:
            raise ConfigError(
                f"config key controls.{_key(key)} is unknown; controls takes: {', '.join(allowed_keys)}"
            )
    default = ControlPins()
    buttons = dict(default.buttons)
    for name, pin in _table(raw, "buttons").items():
        if name not in BUTTONS or name in ("spirit_push", "menhir_push"):
            raise ConfigError(
                f"config key controls.buttons.{_key(name)} is unknown; buttons are: back, select, next, undo"
                " (the dial pushes are set under controls.encoders)"
            )
        buttons[name] = _pin(f"controls.buttons.{name}", pin)
    encoders = dict(default.encoders)
    for name, pins in _table(raw, "encoders").items():
        if name not in ENCODERS:
            raise ConfigError(
                f"config key controls.encoders.{_key(name)} is unknown; encoders are: spirit, menhir")
        if not isinstance(pins, Mapping) or set(pins) != {"a", "b", "push"}:
            raise _fail(f"controls.encoders.{name}", pins, "a table with a, b and push pins")
        a, b, push = (_pin(f"controls.encoders.{name}.{k}", pins[k]) for k in ("a", "b", "push"))
        encoders[name] = (a, b, push)
    used: dict[int, str] = {}
    named_pins = list(buttons.items()) + [
        (f"{enc}.{part}", pin)
        for enc, trio in encoders.items()
        for part, pin in zip(("a", "b", "push"), trio, strict=True)
    ]
    for name, pin in named_pins:
        if pin in used:
            raise ConfigError(f"config: BCM pin {pin} is used twice, by {used[pin]} and {name}")
        used[pin] = name
    timing = {}
    for key, check in (("bounce_time", _number(0, 1)), ("hold_time", _number(0.2, 10))):
        if key in raw:
            allowed = check(raw[key])
            if allowed:
                raise _fail(f"controls.{key}", raw[key], allowed)
            timing[key] = float(raw[key])
    backend = raw.get("encoder_backend", "gpio")
    if backend not in ENCODER_BACKENDS:
        raise _fail("controls.encoder_backend", backend,
                    " or ".join(f'"{name}"' for name in ENCODER_BACKENDS))
    try:
        return ControlPins(buttons=buttons, encoders=encoders, encoder_backend=backend, **timing)
    except ValueError as err:
        raise ConfigError(f"config [controls]: {err}") from None


def _table(raw: Mapping, key: str) -> Mapping:
    value = raw.get(key, {})
    if not isinstance(value, Mapping):
        raise _fail(f"controls.{key}", value, "a table")
    return value


def _pin(key: str, value: Any) -> int:
    allowed = _int(BCM_PINS.start, BCM_PINS.stop - 1)(value)
    if allowed:
        raise _fail(key, value, "a BCM GPIO number " + allowed[len("a whole number "):])
    return value


def parse_config(text: str, source: str = "config") -> Config:
    """Validate TOML text into a :class:`Config`; ConfigError names the problem."""
    try:
        raw = parse_toml(text, CONFIG_LIMITS, source=source)
    except UntrustedError as err:
        raise ConfigError(str(err)) from None
    parts: dict[str, Any] = {}
    for key, value in raw.items():
        if key == "controls":
            parts[key] = _controls(value)
        elif key in SECTIONS:
            cls, checks = SECTIONS[key]
            parts[key] = _section(key, value, cls, checks)
        else:
            raise ConfigError(
                f"config section [{_key(key)}] is unknown; sections: {', '.join(SECTION_NAMES)}"
            )
    config = Config(**parts)
    _check_sound_pin(config)
    return config


def _check_sound_pin(config: Config) -> None:
    """The piezo must not share a pin with a button or a dial."""
    if not config.sound.enabled:
        return
    controls = config.controls
    taken = set(controls.buttons.values()) | {pin for trio in controls.encoders.values() for pin in trio}
    if config.sound.pin in taken:
        raise ConfigError(f"config key sound.pin = {config.sound.pin} is not allowed: "
                          "that BCM pin is wired to a button or a dial")


def load_config(path: Path | None) -> Config:
    """Read ``path`` (the defaults when it is None or does not exist)."""
    if path is None or not path.exists():
        return Config()
    try:
        with path.open("rb") as file:
            text = decode(file.read(MAX_CONFIG_BYTES + 1), MAX_CONFIG_BYTES)
    except OSError as err:
        raise ConfigError(f"cannot read config file {path}: {err.strerror or err}") from None
    except UntrustedError as err:
        raise ConfigError(f"cannot read config file {path}: {err}") from None
    return parse_config(text, str(path))
