"""The host side of the dice tray: a ``DiceSource`` reading the tray's serial port.

Everything happens on one daemon thread, which only ever calls ``emit``
(DESIGN.md, "One queue, one consumer"). The thread opens the port, greets the
tray (``WHO`` -> ``HELLO``, refusing another protocol version), parses what it
sends, emits a ``DiceRolled`` for each settled roll (once, however often the
tray repeats it) and acknowledges it. A roll that moves after it settled is
flagged, not emitted again.

A USB tray that is unplugged leaves pyserial's ``is_open`` true; the next read
raises ``SerialException`` (or ``OSError``). The reader then closes the port,
waits for the device path to come back (a udev by-id link on the Pi, the
simulator's link on a desktop) and reopens it, backing off up to
``max_backoff`` seconds between tries.

``status`` is a short line for the displays (``Tray absent``, ``Tray ready``,
``Tray armed 2 d6``...); ``stats()`` holds the counters for the log and
``tablewarden doctor``. Callers never wait on the port: ``arm`` and
``cancel`` only queue a request for the thread.
"""

from __future__ import annotations

import logging
import os
import queue
import threading
import time
from collections import OrderedDict
from dataclasses import dataclass, field

from contracts.events import DiceRolled, TrayStatus
from contracts.ports import Emit
from firmware_bridge import protocol
from firmware_bridge.parser import FrameParser, Received
from firmware_bridge.protocol import Armed, Hello, Idle, Roll, Status, TrayError

log = logging.getLogger(__name__)

STATUS_WIDTH = 21  # one OLED line
MAX_WAIT = 60.0  # the longest a read blocks when nothing is due (a safety net, not a poll)
MIN_WAIT = 0.005  # a deadline this close is waited for, not spun on
LATE = 0.05  # how late a deadline may be noticed rather than reconfigure the port's time-out
LOG_REJECTS_EVERY = 10.0
REMEMBERED_ROLLS = 64
ROLLS_PER_SECOND = 20.0  # more settled rolls than this is a flood, not dice


@dataclass(frozen=True)
class TrayStats:
    """Counters since the reader started, for the log and ``tablewarden doctor``."""

    connects: int = 0
    disconnects: int = 0
    frames: int = 0
    rolls: int = 0
    moved_after_settling: int = 0
    flood_dropped: int = 0
    arm_timeouts: int = 0
    tray_errors: int = 0
    wrong_version: int = 0
    restarts_unannounced: int = 0
    rejected: dict[str, int] = field(default_factory=dict)
    device: str = ""

    def describe(self) -> str:
        rejected = ", ".join(f"{reason} {count}" for reason, count in sorted(self.rejected.items()))
        return (f"tray {self.device or '-'}: connects {self.connects}, disconnects {self.disconnects}, "
                f"frames {self.frames}, rolls {self.rolls}, moved after settling "
                f"{self.moved_after_settling}, flood dropped {self.flood_dropped}, arm time-outs "
                f"{self.arm_timeouts}, tray errors {self.tray_errors}, wrong version {self.wrong_version}, "
                f"restarts unannounced {self.restarts_unannounced}; rejected: {rejected or 'none'}")


class TrayReader:
    """The dice tray on a serial port.

    :param port: the device path; on the Pi a stable udev name such as
        ``/dev/serial/by-id/usb-...`` (config ``dice_tray.port``).
    :param baudrate: ignored by USB CDC, used by a UART tray.
    :param arm_timeout: seconds an armed roll may take before the reader gives
        up on it (``CANCEL``), so the player rolls virtually or types the faces.
    :param hello_timeout: seconds to wait for ``HELLO`` (and for ``PONG``) before
        showing the tray as not answering.
    :param ping_every: seconds of silence before the reader checks on the tray.
    :param max_backoff: the longest wait between attempts to reopen the port.
    """

    def __init__(self, port: str, *, baudrate: int = 115200, arm_timeout: float = 30.0,
                 hello_timeout: float = 2.0, ping_every: float = 5.0, max_backoff: float = 5.0) -> None:
        self.port = port
        self.baudrate = baudrate
        self.arm_timeout = arm_timeout
        self.hello_timeout = hello_timeout
        self.ping_every = ping_every
        self.max_backoff = max_backoff
        self._emit: Emit = _not_started
        self._parser = FrameParser()
        self._requests: queue.SimpleQueue[tuple] = queue.SimpleQueue()
        self._stopping = threading.Event()
        self._thread: threading.Thread | None = None
        self._lock = threading.Lock()
        self._serial = None
        self._status = "Tray absent"  # set only through _set_status after this
        self._counts: dict[str, int] = dict.fromkeys(
            ("connects", "disconnects", "rolls", "moved_after_settling", "flood_dropped",
             "arm_timeouts", "tray_errors", "wrong_version", "restarts_unannounced"), 0)
        self._hello: Hello | None = None
        self._device = ""  # the last tray seen, kept for the stats while it is unplugged
        self._settled: OrderedDict[int, tuple] = OrderedDict()
        self._delivered: set[int] = set()  # settled rolls the game has: a repeat of one is ACKed
        self._moved: set[int] = set()
        self._armed_until: float | None = None
        self._tokens = ROLLS_PER_SECOND
        self._tokens_at = time.monotonic()

    # --- the DiceSource port ---

    def start(self, emit: Emit) -> None:
        self._emit = emit
        self._thread = threading.Thread(target=self._run, name="dice-tray", daemon=True)
        self._thread.start()

    def close(self) -> None:
        """Stop the thread and close the port (waits at most about a second)."""
        self._stopping.set()
        self._wake()
        if self._thread is not None:
            self._thread.join(1.0)
        log.info("%s", self.stats().describe())

    # --- for the controller and the displays ---

    def arm(self, count: int, kind: str) -> None:
        """Expect a roll of ``count`` dice of ``kind`` within ``arm_timeout`` seconds."""
        protocol.arm(count, kind)  # refuses a bad kind here, in the caller's thread
        self._requests.put(("arm", count, kind))
        self._wake()

    def delivered(self, roll_id: str) -> None:
        """The game has roll ``roll_id`` (``"<device>:<n>"``, as emitted): acknowledge it now.

        A settled roll is acknowledged only then, never when it is merely put on
        the service's queue: a box that dies before its main loop takes the roll
        leaves the tray repeating it, and the next start gets it (issue "One
        writer, checked bytes", 15). Called from the main loop's thread.
        """
        device, _, number = roll_id.rpartition(":")
        if number.isdigit() and self._hello is not None and device == self._hello.device_id:
            self._requests.put(("ack", int(number)))
            self._wake()

    def cancel(self) -> None:
        """No roll is expected any more."""
        self._requests.put(("cancel",))
        self._wake()

    @property
    def status(self) -> str:
        """The tray's state in at most one OLED line, e.g. ``Tray ready``."""
        return self._status[:STATUS_WIDTH]

    def _set_status(self, text: str) -> None:
        """Change the status line; the displays hear of it through one event."""
        if text != self._status:
            self._status = text
            self._emit(TrayStatus(text[:STATUS_WIDTH]))

    def stats(self) -> TrayStats:
        with self._lock:
            return TrayStats(frames=self._parser.frames, rejected=dict(self._parser.rejected),
                             device=self._device, **self._counts)

    # --- the thread ---

    def _run(self) -> None:
        backoff = 0.1
        reported_absent = False
        while not self._stopping.is_set():
            serial_port = self._open()
            if serial_port is None:
                if not reported_absent:
                    log.info("dice tray: waiting for %s", self.port)
                    reported_absent = True
                self._stopping.wait(backoff)
                backoff = min(backoff * 2, self.max_backoff)
                continue
            reported_absent = False
            self._counts["connects"] += 1
            try:
                self._session(serial_port)
            except Exception as err:  # SerialException or OSError: unplugged; anything else: logged
                self._counts["disconnects"] += 1
                log.warning("dice tray on %s lost: %s", self.port, err)
            finally:
                self._serial = None
                try:
                    serial_port.close()
                except Exception as err:  # closing a vanished device can fail too
                    log.debug("closing the dice tray port: %s", err)
                with self._lock:
                    self._parser.reset()
            if self._hello is not None:
                backoff = 0.1  # it worked until it was unplugged: retry promptly
            self._hello = None
            self._armed_until = None
            self._set_status("Tray absent")

    def _open(self):
        """The opened port, or None while the device path is missing or refuses to open."""
        import serial

        if not os.path.exists(self.port):
            return None
        try:
            return serial.Serial(self.port, self.baudrate, timeout=MAX_WAIT, write_timeout=1.0,
                                 exclusive=True)
        except (serial.SerialException, OSError, ValueError) as err:
            log.debug("dice tray %s does not open: %s", self.port, err)
            return None

    def _session(self, serial_port) -> None:
        """Talk to one plugged-in tray until it is unplugged or the reader closes.

        The thread blocks in the port's read until bytes arrive, the next
        deadline (the hello or ping answer, an armed roll's time-out, the
        rejects' log line) comes due, or ``arm``, ``cancel`` or ``close``
        wakes it with ``cancel_read``; an idle tray costs no polling.
        """
        self._serial = serial_port
        self._set_status("Tray connecting")
        serial_port.write(protocol.who())
        asked = heard = time.monotonic()
        pinged = silent = False
        logged_rejects = dict(self._parser.rejected)
        logged_at = heard
        wait = self.hello_timeout
        while not self._stopping.is_set():
            data = self._read(serial_port, wait)
            now = time.monotonic()
            if data:
                heard, pinged, silent = now, False, False
                with self._lock:
                    received = self._parser.feed(data)
                for item in received:
                    self._handle(serial_port, item, now)
            due: list[float] = []
            if self._hello is None:
                if now - asked >= self.hello_timeout:
                    self._set_status("Tray not answering")
                    serial_port.write(protocol.who())
                    asked = now
                wait = max(asked + self.hello_timeout - now, 0.0)
                continue
            self._send_requests(serial_port, now)
            if not pinged and now - heard >= self.ping_every:
                serial_port.write(protocol.ping(str(int(now) % 100000)))
                pinged = True
            if pinged and not silent and now - heard >= self.ping_every + self.hello_timeout:
                self._set_status("Tray not answering")
                silent = True  # until it speaks again; nothing more to wait for
            if not pinged:
                due.append(heard + self.ping_every)
            elif not silent:
                due.append(heard + self.ping_every + self.hello_timeout)
            if self._armed_until is not None and now >= self._armed_until:
                self._armed_until = None
                self._counts["arm_timeouts"] += 1
                self._set_status("Tray timed out")
                serial_port.write(protocol.cancel())
            if self._armed_until is not None:
                due.append(self._armed_until)
            if self._parser.rejected != logged_rejects:
                if now - logged_at >= LOG_REJECTS_EVERY:
                    logged_rejects, logged_at = dict(self._parser.rejected), now
                    log.warning("dice tray rejected so far: %s",
                                ", ".join(f"{k} {v}" for k, v in sorted(logged_rejects.items())))
                else:
                    due.append(logged_at + LOG_REJECTS_EVERY)
            wait = max(min(due, default=now + MAX_WAIT) - now, 0.0)

    def _read(self, serial_port, wait: float) -> bytes:
        """What the tray sent, waiting at most about ``wait`` seconds for the first byte.

        The port's time-out is only changed when it would wake the thread
        later than ``wait`` allows (by more than ``LATE``) or far too early,
        so a busy tray does not reconfigure the port for every read.
        """
        wait = min(max(wait, MIN_WAIT), MAX_WAIT)
        current = serial_port.timeout
        if current is None or current > wait + LATE or current < wait / 2:
            serial_port.timeout = wait
        data = serial_port.read(1)
        if data:
            try:
                data += serial_port.read(serial_port.in_waiting)
            except OSError:  # SerialException too: unplugged mid-read; the next read says so
                pass
        return data

    def _wake(self) -> None:
        """Make the thread's blocking read return now (a request is queued, or it should stop)."""
        serial_port = self._serial
        if serial_port is not None:
            try:
                serial_port.cancel_read()
            except Exception:  # the port may be half gone; the next deadline ends the wait anyway
                pass

    def _send_requests(self, serial_port, now: float) -> None:
        while True:
            try:
                request = self._requests.get_nowait()
            except queue.Empty:
                return
            if request[0] == "ack":
                self._delivered.add(request[1])
                serial_port.write(protocol.ack(request[1]))
            elif request[0] == "arm":
                _, count, kind = request
                serial_port.write(protocol.arm(count, kind))
                self._armed_until = now + self.arm_timeout
            else:
                serial_port.write(protocol.cancel())
                self._armed_until = None

    def _handle(self, serial_port, item: Received, now: float) -> None:
        message = item.message
        if isinstance(message, Hello):
            self._greet(message)
        elif self._hello is None:
            return  # nothing counts before the tray has said which protocol it speaks
        elif isinstance(message, Roll):
            self._roll(serial_port, message, item.repeat, now)
        elif isinstance(message, Status):
            if message.health == "fault":
                self._set_status(f"Tray fault {message.detail}".strip())
            elif message.battery is not None and message.battery < 15:
                self._set_status(f"Tray battery {message.battery}%")
        elif isinstance(message, TrayError):
            self._counts["tray_errors"] += 1
            log.warning("dice tray error %s: %s", message.code, message.text)
            if message.code == "kind":
                self._armed_until = None
                self._set_status(f"Tray: {message.text}")
        elif isinstance(message, Armed):
            self._set_status(f"Tray armed {message.count} {message.kind}")
        elif isinstance(message, Idle) and self._status.startswith("Tray armed"):
            self._set_status("Tray ready")

    def _greet(self, hello: Hello) -> None:
        if hello.protocol != protocol.PROTOCOL_VERSION:
            self._counts["wrong_version"] += 1
            self._hello = None
            self._set_status(f"Tray protocol v{hello.protocol}?")
            log.error("dice tray %s speaks protocol %d; this host speaks %d: its rolls are ignored",
                      hello.device_id, hello.protocol, protocol.PROTOCOL_VERSION)
            return
        if self._hello != hello:
            log.info("dice tray %s (firmware %s) reads %s", hello.device_id, hello.firmware,
                     ", ".join(hello.kinds) or "nothing")
        self._hello = hello
        self._device = hello.device_id
        self._settled.clear()
        self._moved.clear()
        self._delivered.clear()
        self._set_status("Tray ready")

    def _restarted(self, roll_id: int) -> bool:
        """Whether ``roll_id`` says the tray began its ids again without a ``HELLO`` seen (one
        lost in noise, a brown-out): ids count up, and only the newest roll may be reported again
        (a repeat, or its dice moved), so an older id that comes back is a new roll of a tray that
        restarted. Its earlier rolls are forgotten, as a ``HELLO`` would have them be."""
        if roll_id not in self._settled or roll_id == next(reversed(self._settled)):
            return False
        log.warning("dice tray roll %d came again after roll %d: the tray restarted; its new rolls count",
                    roll_id, next(reversed(self._settled)))
        self._counts["restarts_unannounced"] += 1
        self._settled.clear()
        self._moved.clear()
        self._delivered.clear()
        return True

    def _roll(self, serial_port, roll: Roll, repeat: bool, now: float) -> None:
        dice = tuple(die.as_dict() for die in roll.dice)
        if roll.state in ("settled", "rolling"):
            self._restarted(roll.roll_id)
        if roll.state == "settled":
            if roll.roll_id in self._settled:
                if not repeat and self._settled[roll.roll_id] != dice:
                    self._flag_moved(roll.roll_id)
                if roll.roll_id in self._delivered:  # the ACK was lost: say it again
                    serial_port.write(protocol.ack(roll.roll_id))
                return
            if not self._take_token(now):
                self._counts["flood_dropped"] += 1
                return  # not acknowledged: a real tray repeats it once the flood is over
            self._settled[roll.roll_id] = dice
            while len(self._settled) > REMEMBERED_ROLLS:
                forgotten, _ = self._settled.popitem(last=False)
                self._moved.discard(forgotten)
                self._delivered.discard(forgotten)
            self._counts["rolls"] += 1
            self._armed_until = None
            self._set_status("Tray ready")
            device = self._hello.device_id if self._hello is not None else "tray"
            self._delivered.discard(roll.roll_id)  # (an id used before a restart)
            self._emit(DiceRolled(dice=dice, roll_id=f"{device}:{roll.roll_id}"))  # ACKed once delivered
        elif roll.state == "rolling":
            if roll.roll_id in self._settled:
                self._flag_moved(roll.roll_id)
            else:
                self._set_status("Tray rolling")
        elif roll.state == "cocked":
            self._set_status("Tray: die cocked")
        else:  # removed: the dice are out of the tray, whatever happened to them
            self._set_status("Tray ready")

    def _flag_moved(self, roll_id: int) -> None:
        """Dice moved after settling: shown and counted; the first reading stands."""
        self._set_status("Tray: dice moved")
        if roll_id not in self._moved:
            self._moved.add(roll_id)
            self._counts["moved_after_settling"] += 1
            log.warning("dice tray roll %d moved after it settled; its first reading stands", roll_id)

    def _take_token(self, now: float) -> bool:
        self._tokens = min(ROLLS_PER_SECOND, self._tokens + (now - self._tokens_at) * ROLLS_PER_SECOND)
        self._tokens_at = now
        if self._tokens < 1:
            return False
        self._tokens -= 1
        return True


def _not_started(event: object) -> None:
    raise RuntimeError("the tray reader emitted before start()")
