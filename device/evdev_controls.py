"""The dials through the kernel's rotary-encoder driver, read as evdev events.

GPIO callbacks in Python can miss edges when a dial is spun fast; the
kernel's ``rotary-encoder`` driver (the Pi's ``dtoverlay=rotary-encoder``,
deploy/WIRING.md) decodes the quadrature in interrupt context and reports
each detent as a relative event on an input device in ``/dev/input``.
``EvdevControls`` reads those devices and emits the same ``Turn`` events as
``GpioControls``; the buttons, the dials' pushes included, stay on gpiozero.

Each dial's device is found by the name the overlay gives it: ``rotary@``
and its A pin in hex (``rotary@11`` for BCM 17). A dial whose device is
missing (the overlay line forgotten) is read through GPIO instead, and the
log says so: the box keeps working either way.

The ``evdev`` package (the ``pi`` extra) is imported only when the devices
are looked up, so a desktop never needs it.
"""

from __future__ import annotations

import logging
import os
import select
import threading
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any, Protocol

from contracts.events import Turn
from device.controls import ControlPins, GpioControls

if TYPE_CHECKING:
    from gpiozero.pins import Factory

    from contracts.ports import Emit

log = logging.getLogger(__name__)

EV_SYN = 0x00
EV_REL = 0x02
EV_ABS = 0x03
SYN_DROPPED = 3
INPUT_DIR = "/dev/input"


class EventDevice(Protocol):
    """What is used of ``evdev.InputDevice``: a file descriptor and its pending events."""

    def fileno(self) -> int: ...

    def read(self) -> Iterable[Any]: ...  # events with .type, .code, .value; BlockingIOError when none

    def close(self) -> None: ...


def device_name(a_pin: int) -> str:
    """The input device name the rotary-encoder overlay gives a dial whose A pin is ``a_pin``."""
    return f"rotary@{a_pin:x}"


def turns(dial: str, events: Iterable[Any]) -> list[Turn]:
    """The ``Turn`` events for a dial's input events: one per detent, signed by direction.

    Only relative events count (the overlay's ``relative_axis=1``); each
    carries the detents since the last report, usually 1 or -1. Sync
    reports, and absolute positions (``relative_axis`` left out), are not
    turns.
    """
    found: list[Turn] = []
    for event in events:
        if event.type == EV_REL and event.value:
            found += [Turn(dial, 1 if event.value > 0 else -1)] * abs(event.value)
    return found


def find_devices(names: Mapping[str, str], input_dir: str = INPUT_DIR) -> dict[str, EventDevice]:
    """Open the input devices called ``names[dial]``; dials without one are left out."""
    import evdev

    wanted = {name: dial for dial, name in names.items()}
    found: dict[str, EventDevice] = {}
    for path in evdev.list_devices(input_dir):
        try:
            device = evdev.InputDevice(path)
        except OSError as err:  # not ours to read (permissions), or gone
            log.debug("input device %s does not open: %s", path, err)
            continue
        dial = wanted.get(device.name)
        if dial is None or dial in found:
            device.close()
        else:
            found[dial] = device
    return found


class EvdevControls:
    """The box's controls with the dials read from the kernel's rotary-encoder devices.

    Implements the ``Controls`` port. One daemon thread blocks in ``select``
    on the dials' devices (and a pipe that ``close`` writes to) and only
    calls ``emit``.

    :param pins: the wiring and timings; each dial's A pin names its device.
    :param pin_factory: gpiozero's pin factory for the buttons (and any dial
        read through GPIO), ``None`` for gpiozero's default.
    :param devices: the dials' opened devices; by default they are looked up
        in ``input_dir`` by name (tests hand in stand-ins).
    """

    def __init__(self, pins: ControlPins, pin_factory: Factory | None = None, *,
                 devices: Mapping[str, EventDevice] | None = None, input_dir: str = INPUT_DIR) -> None:
        self.pins = pins
        names = {dial: device_name(a) for dial, (a, _, _) in pins.encoders.items()}
        self._devices = dict(devices) if devices is not None else find_devices(names, input_dir)
        missing = [dial for dial in pins.encoders if dial not in self._devices]
        for dial in missing:
            log.error("no input device %s for the %s dial (is the rotary-encoder overlay in "
                      "/boot/firmware/config.txt? see deploy/WIRING.md): reading it through GPIO",
                      names[dial], dial)
        self._buttons = GpioControls(pins, pin_factory, dials=missing)
        self._wake_read, self._wake_write = os.pipe()
        self._stopping = threading.Event()
        self._thread: threading.Thread | None = None

    @property
    def dials(self) -> list[str]:
        """The dials read from their kernel input devices."""
        return sorted(self._devices)

    def start(self, emit: Emit) -> None:
        self._buttons.start(emit)
        self._thread = threading.Thread(target=self._run, args=(emit,), name="evdev-dials", daemon=True)
        self._thread.start()

    def close(self) -> None:
        """Stop reading, release the devices and the buttons' pins."""
        self._stopping.set()
        os.write(self._wake_write, b"!")
        if self._thread is not None:
            self._thread.join(1.0)
        for device in self._devices.values():
            device.close()
        self._buttons.close()
        for fd in (self._wake_read, self._wake_write):
            os.close(fd)

    def _run(self, emit: Emit) -> None:
        by_fd = {device.fileno(): (dial, device) for dial, device in self._devices.items()}
        warned: set[str] = set()
        while not self._stopping.is_set() and by_fd:
            ready, _, _ = select.select([self._wake_read, *by_fd], [], [])
            for fd in ready:
                if fd not in by_fd:
                    continue  # the wake pipe: the loop checks _stopping
                dial, device = by_fd[fd]
                try:
                    events = list(device.read())
                except BlockingIOError:
                    continue
                except OSError as err:  # the device went away (the overlay was unloaded)
                    log.error("the %s dial's input device failed: %s", dial, err)
                    del by_fd[fd]
                    continue
                if any(e.type == EV_ABS for e in events) and dial not in warned:
                    warned.add(dial)
                    log.error("the %s dial reports positions, not turns: add relative_axis=1 to its "
                              "overlay line (deploy/WIRING.md)", dial)
                if any(e.type == EV_SYN and e.code == SYN_DROPPED for e in events):
                    log.warning("the kernel dropped %s dial events (the service was too slow)", dial)
                for turn in turns(dial, events):
                    emit(turn)
