"""A simulated dice tray on a real pseudo-terminal, running the reference firmware's protocol.

The host's ``TrayReader`` opens it through pyserial exactly as it opens the
Pico on the Pi, so control-script ``dice`` lines travel as serial bytes
(DESIGN.md, "hw_sim/"). The protocol side is ``firmware_bridge.firmware.trayproto``
itself, so the simulator and a tray built from the reference firmware behave
alike.

A replugged pseudo-terminal gets a new ``/dev/pts/N``; like udev's
``/dev/serial/by-id`` links on the Pi, the tray publishes a stable symlink
(``path``) that points at the current one and disappears while unplugged.

Faults for tests and demos: ``inject`` (raw bytes: garbage, half frames),
``corrupt_next`` (bad checksums), ``split`` (frames in pieces), ``byte_delay``
(a slow tray), ``silent`` (a hung tray), ``flood``, ``unplug`` / ``replug``.
"""

from __future__ import annotations

import os
import select
import shutil
import tempfile
import threading
import time
import tty
from pathlib import Path

from firmware_bridge.firmware.trayproto import Tray, frame
from firmware_bridge.protocol import NAMED_FACES, encode_dice

KINDS = ("d6", "d10", *NAMED_FACES)


class PtyTray:
    """A dice tray plugged in on a pseudo-terminal, reached through a stable link.

    :param link: where to publish the stable path; by default a link in a fresh
        temporary directory, removed again by ``close``.
    :param device_id: the tray's name in its ``HELLO``.
    :param ack_timeout: how long ``report`` waits for the host to acknowledge a roll.
    """

    def __init__(self, link: Path | None = None, *, device_id: str = "SIM-TRAY",
                 ack_timeout: float = 5.0) -> None:
        self._own_dir = None if link is not None else Path(tempfile.mkdtemp(prefix="tablewarden-tray-"))
        self.path = link if link is not None else self._own_dir / "tray"
        self.device_id = device_id
        self.ack_timeout = ack_timeout
        self.silent = False
        self.split = False
        self.byte_delay = 0.0
        self._corrupt = 0
        self._lock = threading.RLock()
        self._master: int | None = None
        self._slave: int | None = None
        self._core = self._power_up()
        self._stopping = threading.Event()
        self.plug()
        self._thread = threading.Thread(target=self._run, name="sim-dice-tray", daemon=True)
        self._thread.start()

    # --- the cable ---

    @property
    def plugged(self) -> bool:
        return self._master is not None

    def plug(self) -> None:
        """Plug the tray in: a new pseudo-terminal, the link pointed at it, a power-up HELLO."""
        with self._lock:
            if self._master is not None:
                return
            master, slave = os.openpty()
            tty.setraw(slave)  # no echo or line editing before the host configures the port
            os.set_blocking(master, False)  # like USB: bytes nobody reads are lost, never a hang
            self._master, self._slave = master, slave
            self._core = self._power_up()
            temporary = self.path.with_name(self.path.name + ".new")
            temporary.unlink(missing_ok=True)
            temporary.symlink_to(os.ttyname(slave))
            os.replace(temporary, self.path)
            self._core.hello()

    def unplug(self) -> None:
        """Pull the cable: the pseudo-terminal goes away, and so does the link."""
        with self._lock:
            self.path.unlink(missing_ok=True)
            for fd in (self._master, self._slave):
                if fd is not None:
                    os.close(fd)
            self._master = self._slave = None

    def replug(self, after: float = 0.0) -> None:
        """Unplug, wait ``after`` seconds, plug in again (the tray restarts)."""
        self.unplug()
        time.sleep(after)
        self.plug()

    def close(self) -> None:
        self._stopping.set()
        self._thread.join(2.0)
        self.unplug()
        if self._own_dir is not None:
            shutil.rmtree(self._own_dir, ignore_errors=True)

    # --- the dice ---

    def report(self, dice: list[dict]) -> str:
        """Throw ``dice`` (``[{"kind": "d6", "face": 5}]``) and take them out again.

        The ``SimDiceSource`` call that control-script ``dice`` lines make;
        returns once the host has the roll (see ``throw``).
        """
        roll_id = self.throw(dice)
        with self._lock:
            self._core.removed()
        return roll_id

    def throw(self, dice: list[dict]) -> str:
        """Throw ``dice``: rolling, then settled, left lying in the tray.

        Returns once the host has acknowledged the settled roll, so the host has
        emitted it by then; raises ``TimeoutError`` if it does not within ``ack_timeout``.
        """
        faces = self._faces(dice)
        with self._lock:
            self._core.rolling()
            self._core.settled(faces)
            roll_id = self._core.roll_id
        self._wait_for_ack(roll_id)
        return f"{self.device_id}:{roll_id}"

    def bump(self, dice: list[dict]) -> None:
        """Knock the settled dice: the same roll moves and settles again on new faces."""
        faces = self._faces(dice)
        with self._lock:
            self._core.rolling()
            self._core.settled(faces)

    def cocked(self, dice: list[dict]) -> None:
        """A throw that stops with a die on its edge (give that die's face as None)."""
        with self._lock:
            self._core.rolling()
            self._core.cocked([(die["kind"], die["face"]) for die in dice])

    def status(self, battery: int | None, health: str = "ok", detail: str = "") -> None:
        with self._lock:
            self._core.status(battery, health, detail)

    @property
    def armed(self) -> tuple[int, str] | None:
        """What the host last armed the tray for, until a roll settles or it cancels."""
        with self._lock:
            return self._core.armed

    # --- faults ---

    def inject(self, data: bytes) -> None:
        """Send raw bytes as they are: garbage, half a frame, a 1 MB line."""
        with self._lock:
            self._send(data)

    def corrupt_next(self, count: int = 1) -> None:
        """Give the next ``count`` frames a wrong checksum."""
        with self._lock:
            self._corrupt += count

    def flood(self, count: int) -> None:
        """Send ``count`` STATUS frames back to back, as fast as the pty takes them."""
        with self._lock:
            for _ in range(count):
                self._write(frame("STATUS", "-", "ok", "flood"))

    # --- inside ---

    def _power_up(self) -> Tray:
        return Tray(self.device_id, "sim-1.0", KINDS, self._write, lambda: int(time.monotonic() * 1000))

    def _faces(self, dice: list[dict]) -> list[tuple[str, int | str]]:
        encode_dice(dice)  # raises ValueError now for a face the wire cannot carry
        return [(str(die["kind"]), die["face"]) for die in dice]

    def _wait_for_ack(self, roll_id: int) -> None:
        deadline = time.monotonic() + self.ack_timeout
        while time.monotonic() < deadline:
            with self._lock:
                if self._core.acked == roll_id:
                    return
            time.sleep(0.005)
        raise TimeoutError(f"the host did not acknowledge tray roll {roll_id} within {self.ack_timeout:g} s")

    def _write(self, data: bytes) -> None:
        """The firmware's ``write``: applies the faults, then sends."""
        if self.silent:
            return
        if self._corrupt:
            self._corrupt -= 1
            digits = b"00" if data[-3:-1] != b"00" else b"FF"
            data = data[:-3] + digits + b"\n"
        if self.split:
            middle = len(data) // 2
            self._send(data[:middle])
            time.sleep(0.01)
            data = data[middle:]
        self._send(data)

    def _send(self, data: bytes) -> None:
        view = memoryview(data)
        while view and self._master is not None:
            try:
                written = os.write(self._master, view[:1] if self.byte_delay else view)
            except BlockingIOError:
                return  # nobody is reading the port: the bytes are lost, as over USB
            except OSError:
                return
            view = view[written:]
            if self.byte_delay:
                time.sleep(self.byte_delay)

    def _run(self) -> None:
        while not self._stopping.is_set():
            master = self._master
            if master is None:
                self._stopping.wait(0.02)
                continue
            try:
                select.select([master], [], [], 0.02)
            except (OSError, ValueError):  # unplugged while waiting
                continue
            with self._lock:
                if self._master != master:
                    continue  # unplugged (the number may already belong to another file)
                try:
                    data = os.read(master, 4096)
                except OSError:  # nothing to read (non-blocking), or the host side is closed
                    data = b""
                if data and not self.silent:
                    self._core.feed(data)
                self._core.tick()
