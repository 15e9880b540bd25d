"""The reference firmware's protocol code, run under CPython against the host's own decoder."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from firmware_bridge import protocol
from firmware_bridge.firmware import trayproto
from firmware_bridge.parser import FrameParser
from firmware_bridge.protocol import Armed, Die, Hello, Idle, Pong, Roll, Status, TrayError


class Board:
    """A bench for one firmware ``Tray``: collects what it writes, drives its clock."""

    def __init__(self) -> None:
        self.ms = 0
        self.sent = bytearray()
        self.tray = trayproto.Tray("TW-TEST", "ref-1.0.0", ("d6", "d10", "fate"), self.sent.extend,
                                   lambda: self.ms)
        self.host = FrameParser()

    def messages(self) -> list:
        received = [r.message for r in self.host.feed(bytes(self.sent))]
        self.sent.clear()
        return received


@given(st.binary(max_size=300))
def test_firmware_crc_equals_host_crc(data):
    assert trayproto.crc8(data) == protocol.crc8(data)


def test_every_firmware_frame_decodes_on_the_host():
    board = Board()
    tray = board.tray
    tray.hello()
    tray.rolling()
    tray.cocked([("d6", 3), ("d6", None)])
    tray.settled([("d6", 3), ("fate", "Rage")])
    tray.removed()
    tray.status(80, "warn", "camera dim")
    tray.error("sensor", "lens covered")
    assert board.messages() == [
        Hello(1, "TW-TEST", "ref-1.0.0", ("d6", "d10", "fate")),
        Roll(1, "rolling", ()),
        Roll(1, "cocked", (Die("d6", 3), Die("d6", None))),
        Roll(1, "settled", (Die("d6", 3), Die("fate", "Rage"))),
        Roll(1, "removed", ()),
        Status(80, "warn", "camera dim"),
        TrayError("sensor", "lens covered"),
    ]
    assert not board.host.rejected


def test_host_requests_are_answered():
    board = Board()
    board.tray.feed(protocol.who() + protocol.ping("77") + protocol.arm(2, "d6") + protocol.cancel())
    hello, status, pong, armed, idle = board.messages()
    assert isinstance(hello, Hello) and isinstance(status, Status)
    assert (pong, armed, idle) == (Pong("77"), Armed(2, "d6"), Idle())


def test_bad_requests_get_errors_and_the_line_after_is_still_read():
    board = Board()
    bad_checksum = protocol.ping("1")[:-3] + b"00\n"
    board.tray.feed(b"noise" + bad_checksum + b"$" + b"x" * 400 + b"\n" + protocol.encode_frame("DANCE")
                    + protocol.arm(1, "d20") + protocol.ping("2"))
    assert board.messages() == [
        TrayError("checksum", "bad request"),
        TrayError("too_long", "request over 255 bytes"),
        TrayError("unknown", "DANCE"),
        TrayError("kind", "cannot read d20"),
        Pong("2"),
    ]


def test_settled_roll_repeats_until_acknowledged_then_stops():
    board = Board()
    tray = board.tray
    tray.rolling()
    tray.settled([("d6", 6)])
    board.messages()
    board.ms += trayproto.RESEND_MS
    tray.tick()
    assert board.messages() == [Roll(1, "settled", (Die("d6", 6),))]  # the host marks it a repeat
    assert board.host.rejected["duplicate"] == 1
    tray.feed(protocol.ack(1))
    board.ms += trayproto.RESEND_MS
    tray.tick()
    assert board.messages() == [] and tray.acked == 1


def test_a_bump_keeps_the_roll_id_and_removal_starts_a_new_one():
    board = Board()
    tray = board.tray
    tray.rolling()
    tray.settled([("d6", 6)])
    tray.rolling()  # bumped
    assert tray.roll_id == 1
    tray.removed()
    tray.rolling()
    assert tray.roll_id == 2


def test_status_is_sent_periodically():
    board = Board()
    board.ms += trayproto.STATUS_MS
    board.tray.tick()
    assert board.messages() == [Status(None, "ok", "")]
