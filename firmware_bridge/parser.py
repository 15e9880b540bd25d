"""The incremental tray parser: bytes in any pieces in, messages out, rejects counted.

Serial bytes arrive in arbitrary pieces, mixed with whatever a flaky cable or
a half-booted microcontroller sends. The parser keeps at most one frame's
worth of bytes (``MAX_FRAME`` + a CR), so a 1 MB line or a stream of noise
never grows it. It resynchronises on ``$``: bytes outside a frame are counted
as garbage and dropped, and a ``$`` always starts a new frame (the one it cut
short is counted as truncated). Every rejected frame is filed under a reason
(PROTOCOL.md, "What the host does with a bad frame") so the counts can be
shown in the log and by ``tablewarden doctor``.

Repeats of a roll report (the tray resends a settled roll until the host
acknowledges it) are passed on marked ``repeat`` rather than dropped, so the
reader can acknowledge again without acting twice.
"""

from __future__ import annotations

from collections import Counter, OrderedDict
from dataclasses import dataclass

from firmware_bridge.protocol import MAX_FRAME, FrameError, Hello, Roll, TrayMessage, decode_tray_line

REASONS = ("garbage", "truncated", "too_long", "malformed", "bad_checksum", "bad_field",
           "unknown_type", "duplicate")
"""Counter names; ``garbage`` counts bytes, every other reason counts frames."""

REMEMBERED_ROLLS = 64


@dataclass(frozen=True)
class Received:
    """One decoded message; ``repeat`` marks a roll report identical to the last one for its id."""

    message: TrayMessage
    repeat: bool = False


class FrameParser:
    """Turns the tray's byte stream into messages, in bounded memory.

    :param max_frame: the longest frame accepted, ``$`` through checksum.
    """

    def __init__(self, max_frame: int = MAX_FRAME) -> None:
        self.max_frame = max_frame
        self.frames = 0
        self.rejected: Counter[str] = Counter()
        self._buffer = bytearray()
        self._in_frame = False
        self._skipping = False  # inside an over-long line: drop until $ or LF
        self._last_reports: OrderedDict[int, Roll] = OrderedDict()

    @property
    def buffered(self) -> int:
        """Bytes held for an unfinished frame (never more than ``max_frame`` + 1)."""
        return len(self._buffer)

    def reset(self) -> None:
        """Forget any partial frame and roll history (the port was closed and reopened).

        A frame the tray was halfway through (unplugged mid-frame) counts as truncated.
        """
        if self._in_frame:
            self.rejected["truncated"] += 1
        self._buffer.clear()
        self._in_frame = self._skipping = False
        self._last_reports.clear()

    def feed(self, data: bytes) -> list[Received]:
        """Parse the next piece of the stream; returns the messages it completed."""
        out: list[Received] = []
        position, end = 0, len(data)
        while position < end:
            if not self._in_frame and not self._skipping:
                start = data.find(b"$", position)
                if start < 0:
                    self._garbage(data, position, end)
                    break
                self._garbage(data, position, start)
                self._start_frame()
                position = start + 1
                continue
            # A frame cannot run past its bound, so never look further than that.
            window = min(end, position + self.max_frame + 2 - len(self._buffer)) if self._in_frame else end
            newline = data.find(b"\n", position, window)
            dollar = data.find(b"$", position, window)
            stop = min(i for i in (newline, dollar, window) if i >= 0)
            if self._in_frame:
                self._buffer += data[position:stop]
                if len(self._buffer) > self.max_frame + 1:
                    self.rejected["too_long"] += 1
                    self._buffer.clear()
                    self._in_frame, self._skipping = False, True
            if stop == window:
                position = stop
                continue
            if data[stop] == 0x0A:  # line feed
                if self._in_frame:
                    self._finish_frame(out)
                self._in_frame = self._skipping = False
            else:  # a $ inside a frame: the frame was cut short; start again here
                if self._in_frame:
                    self.rejected["truncated"] += 1
                self._start_frame()
            position = stop + 1
        return out

    def _garbage(self, data: bytes, start: int, stop: int) -> None:
        """Count bytes between frames, except line endings (a blank line is not garbage)."""
        chunk = data[start:stop]
        noise = len(chunk) - chunk.count(b"\n") - chunk.count(b"\r")
        if noise:
            self.rejected["garbage"] += noise

    def _start_frame(self) -> None:
        self._buffer[:] = b"$"
        self._in_frame, self._skipping = True, False

    def _finish_frame(self, out: list[Received]) -> None:
        line = bytes(self._buffer)
        self._buffer.clear()
        try:
            message = decode_tray_line(line)
        except FrameError as err:
            self.rejected[err.reason] += 1
            return
        if message is None:
            self.rejected["unknown_type"] += 1
            return
        self.frames += 1
        out.append(self._received(message))

    def _received(self, message: TrayMessage) -> Received:
        if isinstance(message, Hello):
            self._last_reports.clear()  # a tray that (re)introduces itself numbers rolls afresh
        if not isinstance(message, Roll):
            return Received(message)
        repeat = self._last_reports.get(message.roll_id) == message
        self._last_reports[message.roll_id] = message
        self._last_reports.move_to_end(message.roll_id)
        while len(self._last_reports) > REMEMBERED_ROLLS:
            self._last_reports.popitem(last=False)
        if repeat:
            self.rejected["duplicate"] += 1
        return Received(message, repeat)


