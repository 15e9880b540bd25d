"""The tray's side of the Table Warden dice protocol v1 (see ../PROTOCOL.md).

Reference code for a tray builder: plain Python that runs unchanged under
MicroPython (no dataclasses, typing or f-string tricks) and under CPython,
where the host's tests drive it and the simulator's pseudo-terminal tray runs
it. Nothing here touches hardware: the board code (``main.py``) hands it the
bytes the host sent and a ``write`` function, and tells it what the dice did.
"""

PROTOCOL_VERSION = 1
MAX_FRAME = 255
RESEND_MS = 500  # repeat an unacknowledged settled roll this often...
MAX_RESENDS = 20  # ...this many times, then give up (the host is gone)
STATUS_MS = 30000  # a STATUS frame at least this often


def crc8(data):
    """CRC-8/SMBUS (polynomial 0x07, init 0, no reflection): crc8(b"123456789") == 0xF4."""
    crc = 0
    for byte in data:
        crc ^= byte
        for _ in range(8):
            crc = ((crc << 1) ^ 0x07) & 0xFF if crc & 0x80 else (crc << 1) & 0xFF
    return crc


def frame(*fields):
    """One frame, line feed included: frame("PONG", "7") == b"$PONG,7*..\\n"."""
    body = ",".join(fields).encode()
    return b"$" + body + b"*" + ("%02X" % crc8(body)).encode() + b"\n"  # noqa: UP031 (MicroPython)


def parse(line):
    """The fields of one received line (without its line feed), or an error code string.

    Returns a list ``[TYPE, field, ...]`` for a good frame, else one of
    ``"too_long"``, ``"malformed"`` or ``"checksum"``.
    """
    if line.endswith(b"\r"):
        line = line[:-1]
    if len(line) > MAX_FRAME:
        return "too_long"
    star = line.find(b"*")
    if not line.startswith(b"$") or star < 0 or len(line) - star != 3:
        return "malformed"
    body = line[1:star]
    try:
        expected = int(line[star + 1:], 16)
        text = body.decode()
    except (ValueError, UnicodeError):
        return "malformed"
    if crc8(body) != expected:
        return "checksum"
    return text.split(",")


def dice_field(dice):
    """``[("d6", 5), ("fate", "Rage")]`` -> ``"d6:5;fate:Rage"`` (None prints as ``?``)."""
    return ";".join(kind + ":" + ("?" if face is None else str(face)) for kind, face in dice)


class Tray:
    """The protocol state machine of one tray.

    :param device_id: a name unique to this tray (printed on its label).
    :param firmware: this firmware's version string.
    :param kinds: the dice kinds the sensor can read, e.g. ``("d6", "fate")``.
    :param write: sends bytes to the host.
    :param now_ms: a millisecond clock (``time.ticks_ms`` on a Pico).
    :param ticks_diff: ``a - b`` for that clock (``time.ticks_diff`` on a Pico, whose ticks wrap).
    """

    def __init__(self, device_id, firmware, kinds, write, now_ms, ticks_diff=None):
        self.device_id = device_id
        self.firmware = firmware
        self.kinds = tuple(kinds)
        self.write = write
        self.now_ms = now_ms
        self.ticks_diff = ticks_diff or (lambda a, b: a - b)
        self.roll_id = 0
        self.state = "removed"
        self.armed = None  # (count, kind) while the host waits for a roll
        self.acked = 0  # the last roll id the host acknowledged
        self.battery = None
        self.health = "ok"
        self.detail = ""
        self._line = bytearray()
        self._overflow = False
        self._fresh = True  # the next roll gets a new id
        self._pending = None  # [frame, time last sent, resends left] of an unacknowledged roll
        self._status_sent = now_ms()

    # --- what the board reports ---

    def hello(self):
        """Introduce the tray: on power-up, and in reply to WHO."""
        self.write(frame("HELLO", str(PROTOCOL_VERSION), self.device_id, self.firmware, ";".join(self.kinds)))

    def rolling(self, dice=()):
        """Dice are moving. Dice moving again after settling keep the roll id: a bump."""
        if self._fresh:
            self.roll_id = self.roll_id % 65535 + 1
            self._fresh = False
        self._pending = None
        self.state = "rolling"
        self.write(frame("ROLL", str(self.roll_id), "rolling", dice_field(dice)))

    def settled(self, dice):
        """All dice rest flat; repeated until the host acknowledges it."""
        self.state = "settled"
        self.armed = None
        report = frame("ROLL", str(self.roll_id), "settled", dice_field(dice))
        self._pending = [report, self.now_ms(), MAX_RESENDS]
        self.write(report)

    def cocked(self, dice):
        """The dice stopped but a die leans on an edge or wall: its face is None."""
        self.state = "cocked"
        self.write(frame("ROLL", str(self.roll_id), "cocked", dice_field(dice)))

    def removed(self):
        """The dice were taken out of the tray: the roll is over; the next one is new."""
        self.state = "removed"
        self._fresh = True
        self._pending = None
        self.write(frame("ROLL", str(self.roll_id), "removed"))

    def status(self, battery, health, detail=""):
        """Battery percent (None on mains), health "ok", "warn" or "fault"."""
        self.battery, self.health, self.detail = battery, health, detail
        self._send_status()

    def error(self, code, text=""):
        self.write(frame("ERR", code, text))

    def tick(self):
        """Call often (every few ms): resends an unacknowledged roll, sends STATUS when due."""
        now = self.now_ms()
        pending = self._pending
        if pending is not None and self.ticks_diff(now, pending[1]) >= RESEND_MS:
            if pending[2] <= 0:
                self._pending = None
            else:
                pending[1] = now
                pending[2] -= 1
                self.write(pending[0])
        if self.ticks_diff(now, self._status_sent) >= STATUS_MS:
            self._send_status()

    # --- what the host sends ---

    def feed(self, data):
        """Bytes from the host, in any pieces; each complete line is answered."""
        for byte in data:
            if byte == 0x0A:
                if self._overflow:
                    self.error("too_long", "request over %d bytes" % MAX_FRAME)  # noqa: UP031
                elif self._line:
                    self._request(bytes(self._line))
                self._line = bytearray()
                self._overflow = False
            elif byte == 0x24:  # "$" starts a request afresh
                self._line = bytearray(b"$")
                self._overflow = False
            elif len(self._line) > MAX_FRAME:
                self._overflow = True
            elif self._line:
                self._line.append(byte)

    def _request(self, line):
        fields = parse(line)
        if not isinstance(fields, list):
            self.error(fields, "bad request")
            return
        kind = fields[0]
        if kind == "WHO":
            self.hello()
            self._send_status()
        elif kind == "PING":
            self.write(frame("PONG", fields[1] if len(fields) > 1 else ""))
        elif kind == "ARM":
            self._arm(fields[1:])
        elif kind == "CANCEL":
            self.armed = None
            self.write(frame("IDLE"))
        elif kind == "ACK":
            if len(fields) > 1 and fields[1] == str(self.roll_id):
                self.acked = self.roll_id
                self._pending = None
        else:
            self.error("unknown", kind)

    def _arm(self, args):
        if len(args) < 2 or not args[0].isdigit() or not 1 <= int(args[0]) <= 99:
            self.error("arg", "ARM needs a count 1-99 and a kind")
        elif args[1] not in self.kinds:
            self.error("kind", "cannot read " + args[1])
        else:
            self.armed = (int(args[0]), args[1])
            self._fresh = True
            self.write(frame("ARMED", args[0], args[1]))

    def _send_status(self):
        battery = "-" if self.battery is None else str(self.battery)
        self.write(frame("STATUS", battery, self.health, self.detail))
        self._status_sent = self.now_ms()
