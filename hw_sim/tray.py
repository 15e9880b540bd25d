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

import fcntl
import os
import select
import shutil
import struct
import tempfile
import termios
import threading
import time
import tty
from pathlib import Path

from firmware_bridge.firmware.trayproto import RESEND_MS, STATUS_MS, Tray, frame
from firmware_bridge.protocol import NAMED_FACES, encode_dice

KINDS = ("d6", "d10", *NAMED_FACES)
RESEND_TICK = RESEND_MS / 1000 / 10  # how often the firmware's clock is looked at while a roll awaits its ACK
STATUS_TICK = STATUS_MS / 1000 / 4  # ... and otherwise (its STATUS frame is due every STATUS_MS)
DRAIN_TIMEOUT = 0.2  # how long an unplug waits for the host to read what was already sent


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
        self.path = link if link is not None else Path(self._own_dir or ".") / "tray"
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
        self._wake_read, self._wake_write = os.pipe()  # wakes the thread from its select()
        os.set_blocking(self._wake_write, False)
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
        self._wake()

    def unplug(self) -> None:
        """Pull the cable: the pseudo-terminal goes away, and so does the link.

        Bytes already sent reach the host first (for at most ``DRAIN_TIMEOUT``),
        as over USB: closing a pty's master discards what the host has not read.
        """
        self._drain()
        with self._lock:
            self.path.unlink(missing_ok=True)
            for fd in (self._master, self._slave):
                if fd is not None:
                    os.close(fd)
            self._master = self._slave = None
        self._wake()

    def replug(self, after: float = 0.0) -> None:
        """Unplug, wait ``after`` seconds, plug in again (the tray restarts)."""
        self.unplug()
        time.sleep(after)
        self.plug()

    def restart_unannounced(self) -> None:
        """The tray restarts (a brown-out) and its ``HELLO`` is lost: its roll ids begin at 1 again."""
        with self._lock:
            self._core = self._power_up()

    def close(self) -> None:
        self._stopping.set()
        self._wake()
        self._thread.join(2.0)
        self.unplug()
        for fd in (self._wake_read, self._wake_write):
            os.close(fd)
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
        self._wake()  # the firmware resends the roll until the host acknowledges it
        self._wait_for_ack(roll_id)
        return f"{self.device_id}:{roll_id}"

    def bump(self, dice: list[dict]) -> None:
        """Knock the settled dice: the same roll moves and settles again on new faces."""
        faces = self._faces(dice)
        with self._lock:
            self._core.rolling()
            self._core.settled(faces)
        self._wake()

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

    def _drain(self) -> None:
        """Wait until the host has read what the tray sent, or ``DRAIN_TIMEOUT`` passed."""
        deadline = time.monotonic() + DRAIN_TIMEOUT
        while time.monotonic() < deadline:
            time.sleep(0.002)  # the kernel hands written bytes to the other side a moment later
            slave = self._slave
            if slave is None:  # unplugged already
                return
            try:
                waiting = struct.unpack("i", fcntl.ioctl(slave, termios.TIOCINQ, b"\0\0\0\0"))[0]
            except (OSError, TypeError):  # unplugged already
                return
            if not waiting:
                return

    def _wake(self) -> None:
        """Make the thread look again: the pty changed, or a roll now awaits its ACK."""
        try:
            os.write(self._wake_write, b"!")
        except (BlockingIOError, OSError):  # a wake-up is already pending, or the tray is closed
            pass

    def _tick_every(self) -> float | None:
        """How long the thread may sleep before the firmware's clock needs looking at."""
        if self._master is None:
            return None  # unplugged: nothing happens until plug() wakes the thread
        if self._core.state == "settled" and self._core.acked != self._core.roll_id:
            return RESEND_TICK
        return STATUS_TICK

    def _run(self) -> None:
        """The firmware's main loop: blocks in select() on the pty until the host writes,
        the firmware's clock is due, or ``_wake`` is called; no polling."""
        while not self._stopping.is_set():
            with self._lock:
                master = self._master
                wait = self._tick_every()
            watched = [self._wake_read] if master is None else [self._wake_read, master]
            try:
                ready, _, _ = select.select(watched, [], [], wait)
            except (OSError, ValueError):  # unplugged while waiting
                continue
            if self._wake_read in ready:
                os.read(self._wake_read, 4096)
            with self._lock:
                if master is None or self._master != master:
                    continue  # unplugged (the number may already belong to another file)
                data = b""
                if master in ready:
                    try:
                        data = os.read(master, 4096)
                    except OSError:  # nothing to read (non-blocking), or the host side is closed
                        data = b""
                if data and not self.silent:
                    self._core.feed(data)
                self._core.tick()
