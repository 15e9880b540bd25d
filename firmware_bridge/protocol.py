"""The dice tray's wire protocol, version 1: frames, checksum and messages.

One frame is one line of printable ASCII (PROTOCOL.md has the full text)::

    $ROLL,17,settled,d6:5;d6:6*36\\n

``$`` opens the frame, ``*`` and two hex digits close it with the CRC-8 of the
body between them, and a line feed ends it. This module turns one such line
into a message and builds the host's requests; it holds no state (the
incremental, counting side is ``firmware_bridge.parser``).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

PROTOCOL_VERSION = 1
MAX_FRAME = 255
"""Bytes from ``$`` through the last checksum digit; the line ending is not counted."""

ROLL_STATES = ("rolling", "settled", "cocked", "removed")
HEALTH = ("ok", "warn", "fault")
MAX_ROLL_ID = 65535
UNREAD_FACE = "?"

NAMED_FACES: dict[str, tuple[str, ...]] = {
    # Myth: Dark Frontier, "Fate Pool": the six fate symbols.
    "fate": ("Rage", "Guile", "Nature", "Arcane", "Faith", "Darkness"),
    # Tainted Grail, "Guardians": a cardinal direction, Nothing, or Discard.
    "guardian": ("North", "East", "South", "West", "Nothing", "Discard"),
    # Tainted Grail's Dial toss (Escaping Combat): Skull or Grail.
    "dial": ("Skull", "Grail"),
}

# Numbered dice dN: N sides from 2 to 100, written without a leading zero.
MIN_SIDES = 2
MAX_SIDES = 100
NUMBERED_KIND = re.compile(r"d([1-9][0-9]{0,2})")
FORBIDDEN_IN_FIELD = frozenset("$*,\r\n")
_PRINTABLE = bytes(range(0x20, 0x7F))
_TYPE = re.compile(r"[A-Z]{1,16}")


class FrameError(ValueError):
    """A line that is not a usable frame; ``reason`` is the counter it is filed under."""

    def __init__(self, reason: str, detail: str) -> None:
        super().__init__(f"{reason}: {detail}")
        self.reason = reason
        self.detail = detail


def crc8(data: bytes) -> int:
    """CRC-8/SMBUS: polynomial 0x07, initial value 0, no reflection, no final XOR.

    ``crc8(b"123456789") == 0xF4`` (the catalogue's check value).
    """
    crc = 0
    for byte in data:
        crc = _CRC_TABLE[crc ^ byte]
    return crc


def _crc_table() -> tuple[int, ...]:
    table = []
    for value in range(256):
        crc = value
        for _ in range(8):
            crc = ((crc << 1) ^ 0x07) & 0xFF if crc & 0x80 else (crc << 1) & 0xFF
        table.append(crc)
    return tuple(table)


_CRC_TABLE = _crc_table()


def encode_frame(frame_type: str, *fields: str) -> bytes:
    """One complete frame, line feed included, e.g. ``encode_frame("PING", "7")``."""
    if not _TYPE.fullmatch(frame_type):
        raise ValueError(f"frame type {frame_type!r} must be 1 to 16 capital letters")
    for value in fields:
        bad = FORBIDDEN_IN_FIELD.intersection(value)
        if bad or not value.isascii() or not value.isprintable():
            raise ValueError(f"field {value!r} must be printable ASCII without $ * , or line breaks")
    body = ",".join((frame_type, *fields)).encode("ascii")
    frame = b"$" + body + b"*%02X" % crc8(body)
    if len(frame) > MAX_FRAME:
        raise ValueError(f"frame of {len(frame)} bytes exceeds {MAX_FRAME}")
    return frame + b"\n"


def split_frame(line: bytes) -> tuple[str, list[str]]:
    """Check one line (``$`` up to, not including, the line feed); return its type and fields.

    Raises ``FrameError`` with reason ``too_long``, ``malformed`` or ``bad_checksum``.
    """
    if line.endswith(b"\r"):
        line = line[:-1]
    if len(line) > MAX_FRAME:
        raise FrameError("too_long", f"{len(line)} bytes, at most {MAX_FRAME}")
    if not line.startswith(b"$"):
        raise FrameError("malformed", "a frame starts with $")
    if line.translate(None, _PRINTABLE):
        raise FrameError("malformed", "a byte that is not printable ASCII")
    star = line.find(b"*")
    if star < 0 or len(line) - star != 3:
        raise FrameError("malformed", "no *HH checksum at the end")
    body, digits = line[1:star], line[star + 1:]
    try:
        expected = int(digits, 16)
    except ValueError:
        raise FrameError("malformed", f"checksum {digits!r} is not two hex digits") from None
    if b"$" in body:
        raise FrameError("malformed", "$ inside a frame")
    actual = crc8(body)
    if actual != expected:
        raise FrameError("bad_checksum", f"frame says {expected:02X}, body gives {actual:02X}")
    frame_type, *fields = body.decode("ascii").split(",")
    if not _TYPE.fullmatch(frame_type):
        raise FrameError("malformed", f"frame type {frame_type!r} is not 1 to 16 capital letters")
    return frame_type, fields


# --- tray to host --------------------------------------------------------------


@dataclass(frozen=True)
class Die:
    """One die as the tray read it: ``face`` is a number, a face name, or None (unread)."""

    kind: str
    face: int | str | None

    def as_dict(self) -> dict:
        """The shape a ``DiceRolled`` event carries: ``{"kind": "d6", "face": 5}``."""
        return {"kind": self.kind, "face": self.face}


@dataclass(frozen=True)
class Hello:
    """The tray introduces itself (on power-up and in reply to ``WHO``)."""

    protocol: int
    device_id: str
    firmware: str
    kinds: tuple[str, ...]


@dataclass(frozen=True)
class Roll:
    """A report on one roll's life; only ``settled`` rolls carry a result to act on."""

    roll_id: int
    state: str
    dice: tuple[Die, ...]

    @property
    def settled(self) -> bool:
        return self.state == "settled"


@dataclass(frozen=True)
class Status:
    """The tray's battery (percent, None on mains) and health."""

    battery: int | None
    health: str
    detail: str = ""


@dataclass(frozen=True)
class TrayError:
    """The tray could not do something (``code`` is machine-readable, ``text`` for people)."""

    code: str
    text: str = ""


@dataclass(frozen=True)
class Pong:
    token: str


@dataclass(frozen=True)
class Armed:
    """The tray accepted ``ARM``: it now waits for ``count`` dice of ``kind``."""

    count: int
    kind: str


@dataclass(frozen=True)
class Idle:
    """The tray accepted ``CANCEL``: it no longer waits for an armed roll."""


TrayMessage = Hello | Roll | Status | TrayError | Pong | Armed | Idle


def decode_tray_line(line: bytes) -> TrayMessage | None:
    """The message in one line from the tray; None for a frame type this host does not know.

    Raises ``FrameError`` (reasons ``too_long``, ``malformed``, ``bad_checksum``,
    ``bad_field``) for anything else that is not a usable frame.
    """
    frame_type, fields = split_frame(line)
    decoder = _DECODERS.get(frame_type)
    if decoder is None:
        return None
    try:
        return decoder(fields)
    except (ValueError, IndexError) as err:
        raise FrameError("bad_field", f"{frame_type}: {err}") from None


def _number(text: str, low: int, high: int, what: str) -> int:
    if not (text.isascii() and text.isdigit()) or not low <= int(text) <= high:
        raise ValueError(f"{what} {text[:32]!r} is not a whole number from {low} to {high}")
    return int(text)


def sides(kind: str) -> int | None:
    """How many sides a numbered kind has (``d6``: 6); None for any other text."""
    numbered = NUMBERED_KIND.fullmatch(kind)
    if numbered is None or not MIN_SIDES <= int(numbered.group(1)) <= MAX_SIDES:
        return None
    return int(numbered.group(1))


def check_kind(text: str) -> str:
    """``text`` if it is a dice kind PROTOCOL.md defines, else ValueError naming the kinds."""
    if sides(text) is None and text not in NAMED_FACES:
        raise ValueError(f"dice kind {text[:32]!r} is not one of d{MIN_SIDES}..d{MAX_SIDES} "
                         f"(no leading zero), {', '.join(NAMED_FACES)}")
    return text



def decode_face(kind: str, text: str) -> int | str | None:
    """A face as the games see it: ``d6`` faces are numbers, ``fate`` faces their canonical names.

    ``kind`` must be one :func:`check_kind` accepts; ValueError for a face it cannot show.
    """
    if text == UNREAD_FACE:
        return None
    count = sides(check_kind(kind))
    if count is not None:
        return _number(text, 1, count, f"{kind} face")
    names = NAMED_FACES[kind]
    for name in names:
        if name.lower() == text.lower():
            return name
    raise ValueError(f"{kind} face {text[:32]!r} is not one of {', '.join(names)}")


def _dice(text: str) -> tuple[Die, ...]:
    if not text:
        return ()
    dice = []
    for part in text.split(";"):
        kind, sep, face = part.partition(":")
        if not sep:
            raise ValueError(f"die {part!r} is not kind:face")
        dice.append(Die(check_kind(kind), decode_face(kind, face)))
    return tuple(dice)


def _hello(fields: list[str]) -> Hello:
    protocol = _number(fields[0], 1, 999, "protocol version")
    device_id, firmware = fields[1], fields[2]
    if not device_id or not firmware:
        raise ValueError("device id and firmware version may not be empty")
    kinds = tuple(check_kind(kind) for kind in fields[3].split(";")) if fields[3] else ()
    return Hello(protocol, device_id, firmware, kinds)


def _roll(fields: list[str]) -> Roll:
    roll_id = _number(fields[0], 1, MAX_ROLL_ID, "roll id")
    state = fields[1]
    if state not in ROLL_STATES:
        raise ValueError(f"roll state {state!r} is not one of {', '.join(ROLL_STATES)}")
    dice = _dice(fields[2] if len(fields) > 2 else "")
    if state == "settled" and (not dice or any(die.face is None for die in dice)):
        raise ValueError("a settled roll needs at least one die and every face read")
    return Roll(roll_id, state, dice)


def _status(fields: list[str]) -> Status:
    battery = None if fields[0] == "-" else _number(fields[0], 0, 100, "battery")
    if fields[1] not in HEALTH:
        raise ValueError(f"health {fields[1]!r} is not one of {', '.join(HEALTH)}")
    return Status(battery, fields[1], fields[2] if len(fields) > 2 else "")


def _error(fields: list[str]) -> TrayError:
    if not fields[0]:
        raise ValueError("an error needs a code")
    return TrayError(fields[0], fields[1] if len(fields) > 1 else "")


def _pong(fields: list[str]) -> Pong:
    return Pong(fields[0])


def _armed(fields: list[str]) -> Armed:
    return Armed(_number(fields[0], 1, 99, "dice count"), check_kind(fields[1]))


def _idle(fields: list[str]) -> Idle:
    return Idle()


_DECODERS: dict[str, Callable[[list[str]], TrayMessage]] = {
    "HELLO": _hello,
    "ROLL": _roll,
    "STATUS": _status,
    "ERR": _error,
    "PONG": _pong,
    "ARMED": _armed,
    "IDLE": _idle,
}


# --- host to tray --------------------------------------------------------------


def who() -> bytes:
    """Ask the tray to introduce itself (it answers ``HELLO``); carries the host's version."""
    return encode_frame("WHO", str(PROTOCOL_VERSION))


def ping(token: str) -> bytes:
    """Ask for a ``PONG`` with the same token: is the tray still answering?"""
    return encode_frame("PING", token)


def arm(count: int, kind: str) -> bytes:
    """Tell the tray a roll of ``count`` dice of ``kind`` is expected (it answers ``ARMED``)."""
    return encode_frame("ARM", str(count), check_kind(kind))


def cancel() -> bytes:
    """Withdraw an ``ARM`` (the tray answers ``IDLE``)."""
    return encode_frame("CANCEL")


def ack(roll_id: int) -> bytes:
    """Confirm a settled roll was received, so the tray stops repeating it."""
    return encode_frame("ACK", str(roll_id))


def encode_dice(dice: list[dict]) -> str:
    """The ``kind:face;kind:face`` field for dice given as ``{"kind", "face"}`` dicts.

    ValueError for a kind or face the host would refuse (:func:`decode_face`):
    what a tray sends, the host reads back as the same dice.
    """
    parts = []
    for die in dice:
        kind, face = str(die["kind"]), str(die["face"])
        try:
            if decode_face(kind, face) is None:
                raise ValueError(f"a face cannot be unread ({UNREAD_FACE!r}) in a report")
        except ValueError as err:
            raise ValueError(f"die {kind[:32]}:{face[:32]} cannot be sent: {err}") from None
        parts.append(f"{kind}:{face}")
    return ";".join(parts)
