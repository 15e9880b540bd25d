"""``tablewarden doctor``: checks the box piece by piece and says what to fix.

Someone who just wired a box (deploy/WIRING.md) or whose box misbehaves runs
it to find out which part is wrong without reading a log: the config file,
the GPIO backend and each control's pin, the OLED on its bus and address, the
dice tray's port and handshake, and the data directory (writable, free space,
the journal's integrity). Every finding says what was checked and, when it is
not fine, what to do. With ``--hardware sim`` every check runs against the
simulator's twins (mock pins, luma's dummy OLED, a pseudo-terminal tray), so
the doctor itself is tested like everything else.

The doctor changes nothing: the journal is opened read-only, the pins are
claimed as inputs and released, the OLED is only initialised.
"""

from __future__ import annotations

import errno
import os
import shutil
import tempfile
import threading
import time
import warnings
from collections.abc import Callable, Iterator
from contextlib import contextmanager, nullcontext
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from app.config import Config, ConfigError, load_config
from contracts.events import TrayStatus
from games.core.untrusted import UntrustedError, decode, lines
from store.backup import MIRROR_FILE, is_healthy, list_backups, settle
from store.journal import BACKUP_DIR, JOURNAL_FILE

OK, WARN, FAIL, SKIP = "ok", "warn", "fail", "skip"
MIN_FREE = 5 * 2**20  # below this a commit may fail: the journal needs room for its WAL
LOW_FREE = 50 * 2**20
I2C_BAUDRATE = 400_000
BOOT_CONFIGS = (Path("/boot/firmware/config.txt"), Path("/boot/config.txt"))
MAX_BOOT_CONFIG_BYTES = 256 * 1024
STOP_SERVICE = "stop the service first (sudo systemctl stop tablewarden), then run the doctor again"


@dataclass(frozen=True)
class Finding:
    """One check's outcome: ``status`` is ok, warn, fail or skip; ``fix`` says what to do."""

    check: str
    status: str
    summary: str
    fix: str = ""

    def lines(self) -> list[str]:
        text = [f"[{self.status:^4}] {self.check}: {self.summary}"]
        if self.fix:
            text.append(f"       fix: {self.fix}")
        return text


def failed(findings: list[Finding]) -> bool:
    return any(f.status == FAIL for f in findings)


def format_findings(findings: list[Finding]) -> str:
    counts = {s: sum(f.status == s for f in findings) for s in (OK, WARN, FAIL, SKIP)}
    lines = [line for finding in findings for line in finding.lines()]
    lines.append(f"{counts[OK]} ok, {counts[WARN]} warnings, {counts[FAIL]} failed, {counts[SKIP]} skipped")
    return "\n".join(lines)


def as_dicts(findings: list[Finding]) -> list[dict[str, str]]:
    return [asdict(f) for f in findings]


def diagnose(config_path: Path, data_dir: Path, hardware: str) -> list[Finding]:
    """Run every check for ``hardware`` (``pi`` or ``sim``) and return the findings in order."""
    findings, config = check_config(config_path)
    sim = hardware == "sim"
    findings += check_pins(config, sim)
    findings += check_oled(config, sim)
    findings += check_tray(config, sim)
    findings += check_data_dir(data_dir)
    return findings


# --- config -------------------------------------------------------------------------


def check_config(path: Path) -> tuple[list[Finding], Config]:
    """The config file parses and validates; the other checks use it (or the defaults)."""
    if not path.exists():
        return [Finding("config", OK, f"no file at {path}: the defaults are used")], Config()
    try:
        config = load_config(path)
    except ConfigError as err:
        return [Finding("config", FAIL, str(err),
                        f"edit {path} (deploy/config.example.toml lists every key); "
                        "the checks below use the defaults")], Config()
    return [Finding("config", OK, f"{path} is valid")], config


# --- GPIO -----------------------------------------------------------------------------


def _pin_factory(sim: bool) -> tuple[Any, Finding]:
    if sim:
        from gpiozero.pins.mock import MockFactory

        from hw_sim.pins import DebouncedMockPin

        factory = MockFactory(pin_class=DebouncedMockPin)
        return factory, Finding("gpio backend", OK, "gpiozero MockFactory (sim)")
    from gpiozero import Device
    from gpiozero.exc import BadPinFactory

    with warnings.catch_warnings(record=True) as fallbacks:  # gpiozero warns for each backend it skips
        warnings.simplefilter("always")
        try:
            # What GpioControls gets: GPIOZERO_PIN_FACTORY, or the first backend found.
            factory = Device._default_pin_factory()
        except BadPinFactory as err:
            tried = "; ".join(str(w.message) for w in fallbacks)
            return None, Finding("gpio backend", FAIL, f"no GPIO backend: {err} ({tried})",
                                 "install lgpio from the OS: sudo apt install python3-lgpio "
                                 "(deploy/install.sh does; docs/PI.md)")
    name = type(factory).__name__
    return factory, Finding("gpio backend", OK, f"gpiozero uses {name}")


def check_pins(config: Config, sim: bool) -> list[Finding]:
    """Each control's pin can be claimed, and no button reads pressed at rest."""
    factory, backend = _pin_factory(sim)
    findings = [backend]
    if factory is None:
        return findings + [Finding("pins", SKIP, "no GPIO backend to claim them with")]
    from gpiozero import DigitalInputDevice

    pins = config.controls
    named = [(f"{name} button", pin, True) for name, pin in pins.buttons.items()]
    for dial, (a, b, push) in pins.encoders.items():
        named += [(f"{dial} dial a", a, False), (f"{dial} dial b", b, False),
                  (f"{dial} dial push", push, True)]
    problems, stuck = [], []
    try:
        for name, pin, is_button in named:
            try:
                device = DigitalInputDevice(pin, pull_up=True, pin_factory=factory)
            except Exception as err:  # gpiozero's GPIOPinInUse, PinInvalidPin, PermissionError...
                problems.append(f"{name} (BCM{pin}): {type(err).__name__}: {err}")
                continue
            if is_button and device.is_active:
                stuck.append(f"{name} (BCM{pin})")
            device.close()
    finally:
        factory.close()
    if problems:
        findings.append(Finding(
            "pins", FAIL, "; ".join(problems),
            f"{STOP_SERVICE}; if a pin stays busy, the kernel or another program holds it (a dtoverlay on "
            "that pin?); 'permission denied': the user needs the gpio group (deploy/install.sh adds it)"))
    else:
        findings.append(Finding("pins", OK, f"all {len(named)} control pins can be claimed"))
    if stuck:
        findings.append(Finding("buttons", WARN, "reads pressed at rest: " + ", ".join(stuck),
                                "a button held down, or its GPIO wire touching GND (deploy/WIRING.md)"))
    return findings


# --- OLED -------------------------------------------------------------------------------


def _boot_baudrate() -> int | None:
    """The I2C rate the boot config's last ``dtparam=i2c_arm_baudrate=`` sets, if any.

    The file is read as untrusted text (games.core.untrusted): a boot partition
    that is damaged or not UTF-8 is skipped, a rate of thousands of digits is none.
    """
    key = "dtparam=i2c_arm_baudrate="
    for path in BOOT_CONFIGS:
        try:
            with path.open("rb") as file:
                text = decode(file.read(MAX_BOOT_CONFIG_BYTES + 1), MAX_BOOT_CONFIG_BYTES)
        except (OSError, UntrustedError):
            continue
        rates = [line.strip()[len(key):].strip() for _, line in lines(text) if line.strip().startswith(key)]
        rate = rates[-1] if rates else ""
        return int(rate) if rate.isascii() and rate.isdigit() and len(rate) <= 9 else None
    return None


def check_oled(config: Config, sim: bool) -> list[Finding]:
    """The OLED's bus exists and is ours, and the panel answers at its address."""
    oled = config.oled
    if not oled.enabled:
        return [Finding("oled", SKIP, "disabled in the config ([oled] enabled = false)")]
    if oled.interface == "i2c":
        where = f"{oled.driver} on I2C bus {oled.i2c_port} at {oled.i2c_address:#04x}"
    else:
        where = f"{oled.driver} on SPI {oled.spi_port}.{oled.spi_device}"
    if sim:
        from hw_sim.oled import DummyDisplay

        DummyDisplay(oled.width, oled.height).close()
        return [Finding("oled", OK, f"{where}: luma's dummy device (sim)")]
    findings = []
    if oled.interface == "i2c":
        bus = Path(f"/dev/i2c-{oled.i2c_port}")
        if not bus.exists():
            return [Finding("oled", FAIL, f"{bus} does not exist",
                            "enable I2C: sudo deploy/install.sh (or raspi-config), then reboot")]
        if not os.access(bus, os.R_OK | os.W_OK):
            return [Finding("oled", FAIL, f"no access to {bus}",
                            "the service's user needs the i2c group (deploy/install.sh adds it)")]
        rate = _boot_baudrate()
        if rate != I2C_BAUDRATE:
            findings.append(Finding("i2c speed", WARN, f"I2C runs at {rate or 100_000} Hz, not 400 kHz: "
                                    "each frame takes four times as long",
                                    "dtparam=i2c_arm_baudrate=400000 in the boot config "
                                    "(deploy/install.sh sets it), then reboot"))
    from app.wiring import oled_settings
    from device.oled import LumaDisplay

    try:
        LumaDisplay.from_settings(oled_settings(oled)).close()
    except OSError as err:
        fix = (f"nothing answers at {oled.i2c_address:#04x}: check the four wires (deploy/WIRING.md) and the "
               f"address (i2cdetect -y {oled.i2c_port}); set [oled] i2c_address to what it shows"
               if err.errno in (errno.EREMOTEIO, errno.ENXIO, errno.EIO) else STOP_SERVICE)
        return findings + [Finding("oled", FAIL, f"{where}: {err}", fix)]
    except Exception as err:  # luma's DeviceNotFoundError, DevicePermissionError, a bad setting
        return findings + [Finding("oled", FAIL, f"{where}: {err}",
                                   "check [oled] in the config and that the bus is enabled")]
    return findings + [Finding("oled", OK, f"{where} answers")]


# --- dice tray ------------------------------------------------------------------------


@contextmanager
def _sim_tray() -> Iterator[str]:
    from hw_sim.tray import PtyTray

    tray = PtyTray()
    try:
        yield str(tray.path)
    finally:
        tray.close()


def check_tray(config: Config, sim: bool, wait: float = 4.0) -> list[Finding]:
    """The tray's port exists and the tray answers the protocol's handshake (WHO -> HELLO)."""
    tray = config.dice_tray
    if not tray.enabled:
        return [Finding("dice tray", SKIP, "disabled in the config ([dice_tray] enabled = false)")]
    if not sim and not os.path.exists(tray.port):
        return [Finding("dice tray", WARN, f"nothing at {tray.port}: without a tray the dice are rolled "
                        "virtually or typed in",
                        "plug the tray in; check `ls -l /dev/tablewarden-tray` (udev rule "
                        "deploy/99-tablewarden-dicetray.rules) and [dice_tray] port")]
    with (_sim_tray() if sim else nullcontext(tray.port)) as port:
        status, stats = _handshake(port, tray.baudrate, wait)
    where = f"{tray.port} (sim)" if sim else tray.port
    if status == "Tray ready":
        return [Finding("dice tray", OK, f"{where}: {stats.device or 'the tray'} answered the handshake")]
    fix = {"Tray absent": f"{STOP_SERVICE}; 'permission denied': the user needs the dialout group",
           "Tray not answering": "the port opens but no HELLO comes: check the tray's firmware and baud rate "
                                 "(firmware_bridge/PROTOCOL.md)"}.get(status, "update the tray's firmware "
                                                                      "to this protocol version")
    return [Finding("dice tray", FAIL, f"{where}: {status} ({stats.describe()})", fix)]


def _handshake(port: str, baudrate: int, wait: float):
    """Open the port with the service's own reader; its last status once settled, and its counters."""
    from firmware_bridge.reader import TrayReader

    reader = TrayReader(port, baudrate=baudrate, hello_timeout=min(2.0, wait / 2))
    settled = threading.Event()
    last = {"status": reader.status}

    def emit(event: object) -> None:
        if isinstance(event, TrayStatus) and not settled.is_set():  # closing says "absent": not news
            last["status"] = event.text
            if event.text != "Tray connecting":
                settled.set()

    reader.start(emit)
    try:
        settled.wait(wait)
    finally:
        reader.close()
    return last["status"], reader.stats()


# --- data directory -------------------------------------------------------------------------


def check_data_dir(data_dir: Path, disk_usage: Callable[[Path], Any] = shutil.disk_usage) -> list[Finding]:
    """The journal's directory is writable, has room, and its journal and backups are healthy."""
    existing = data_dir
    while not existing.exists() and existing != existing.parent:
        existing = existing.parent
    if not data_dir.exists():
        writable = os.access(existing, os.W_OK)
        finding = Finding("data dir", OK if writable else FAIL,
                          f"{data_dir} does not exist yet" + (": it will be created" if writable else ""),
                          "" if writable else "create it for the service's user, or pass --data-dir")
        return [finding] + _free_space(existing, disk_usage)
    try:
        with tempfile.NamedTemporaryFile(dir=data_dir, prefix=".doctor-"):
            pass
    except OSError as err:
        findings = [Finding("data dir", FAIL, f"{data_dir} is not writable: {err.strerror}",
                            f"sudo chown -R tablewarden: {data_dir} (and remount the card read-write)")]
    else:
        findings = [Finding("data dir", OK, f"{data_dir} is writable")]
    findings += _free_space(data_dir, disk_usage)
    findings += _journal(data_dir)
    return findings


def _free_space(path: Path, disk_usage: Callable[[Path], Any]) -> list[Finding]:
    free = disk_usage(path).free
    text = f"{free / 2**20:,.0f} MB free"
    if free < MIN_FREE:
        return [Finding("free space", FAIL, text + ": commands may fail to save",
                        "free space on the card (old logs: sudo journalctl --vacuum-size=50M)")]
    if free < LOW_FREE:
        return [Finding("free space", WARN, text, "free some space on the card soon")]
    return [Finding("free space", OK, text)]


def _journal(data_dir: Path) -> list[Finding]:
    journal = data_dir / JOURNAL_FILE
    backups = list_backups(data_dir / BACKUP_DIR)
    findings = []
    if not journal.exists():
        findings.append(Finding("journal", OK, "no journal yet: no game has been started here"))
    elif is_healthy(journal):
        size = sum(p.stat().st_size for p in data_dir.glob(JOURNAL_FILE + "*"))
        findings.append(Finding("journal", OK, f"{journal.name} passes the integrity check ({size:,} bytes)"))
    else:
        findings.append(Finding("journal", FAIL, f"{journal.name} fails the integrity check",
                                "start the service: it moves the file aside (kept) and restores the newest "
                                "healthy backup"))
    mirror = data_dir / BACKUP_DIR / MIRROR_FILE
    if mirror.exists():  # the newest restore point: kept in step at idle (docs/JOURNAL.md, "Backups")
        settle(mirror)  # a sync a power cut left half done is rolled back first, as recovery does
        backups.append(mirror)
    damaged = [b.name for b in backups if not is_healthy(b)]
    if damaged:
        findings.append(Finding("backups", WARN, f"{len(backups)} backups, damaged: {', '.join(damaged)}",
                                "the service rebuilds a damaged mirror and writes fresh copies; "
                                "the card may be failing"))
    elif backups:
        newest = max(b.stat().st_mtime for b in backups)
        stamp = time.strftime("%Y-%m-%d %H:%M", time.localtime(newest))
        copies = len(backups) - (mirror in backups)
        kept = f"{copies} cop{'y' if copies == 1 else 'ies'}"
        if mirror in backups:
            kept = "the mirror and " + kept
        findings.append(Finding("backups", OK, f"{kept} healthy, newest {stamp}"))
    quarantined = sorted(p.name for p in data_dir.glob("journal.damaged-*.db"))
    if quarantined:
        findings.append(Finding("quarantine", WARN, "damaged journals kept aside: " + ", ".join(quarantined),
                                "attach them to a bug report (tablewarden report), then delete them"))
    return findings
