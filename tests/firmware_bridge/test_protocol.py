"""The wire format of PROTOCOL.md: checksum, framing, and each message's fields."""

from __future__ import annotations

import pytest

from firmware_bridge import protocol
from firmware_bridge.protocol import (
    Armed,
    Die,
    FrameError,
    Hello,
    Idle,
    Pong,
    Roll,
    Status,
    TrayError,
    crc8,
    decode_tray_line,
    encode_frame,
)


def test_crc8_is_crc8_smbus():
    assert crc8(b"123456789") == 0xF4
    assert crc8(b"") == 0


def test_worked_example_of_protocol_md():
    """PROTOCOL.md, "Checksum": the worked example's bytes and digits."""
    assert crc8(b"PING,7") == 0x43
    assert encode_frame("PING", "7") == b"$PING,7*43\n"
    assert encode_frame("ROLL", "17", "settled", "d6:5;d6:6") == b"$ROLL,17,settled,d6:5;d6:6*36\n"


@pytest.mark.parametrize(
    ("line", "message"),
    [
        (b"HELLO,1,TW-TRAY-0042,1.0.0,d6;d10;fate;guardian;dial",
         Hello(1, "TW-TRAY-0042", "1.0.0", ("d6", "d10", "fate", "guardian", "dial"))),
        (b"HELLO,1,X,2,d6,future-field", Hello(1, "X", "2", ("d6",))),
        (b"ROLL,17,rolling", Roll(17, "rolling", ())),
        (b"ROLL,17,settled,d6:5;d6:6", Roll(17, "settled", (Die("d6", 5), Die("d6", 6)))),
        (b"ROLL,18,cocked,d6:4;d6:?", Roll(18, "cocked", (Die("d6", 4), Die("d6", None)))),
        (b"ROLL,18,removed", Roll(18, "removed", ())),
        (b"ROLL,3,settled,fate:rage;fate:DARKNESS;d10:10",
         Roll(3, "settled", (Die("fate", "Rage"), Die("fate", "Darkness"), Die("d10", 10)))),
        (b"ROLL,4,settled,guardian:North;dial:Grail", Roll(4, "settled", (Die("guardian", "North"),
                                                                          Die("dial", "Grail")))),
        (b"ROLL,5,settled,d2:2;d100:100;d20:13", Roll(5, "settled", (Die("d2", 2), Die("d100", 100),
                                                                    Die("d20", 13)))),
        (b"STATUS,87,ok", Status(87, "ok")),
        (b"STATUS,-,warn,camera dim", Status(None, "warn", "camera dim")),
        (b"ERR,kind,cannot read d20", TrayError("kind", "cannot read d20")),
        (b"PONG,41", Pong("41")),
        (b"ARMED,2,d6", Armed(2, "d6")),
        (b"IDLE", Idle()),
    ],
)
def test_every_tray_frame_decodes(line, message):
    frame = encode_frame(*line.decode().split(","))
    assert decode_tray_line(frame[:-1]) == message
    assert decode_tray_line(frame[:-1] + b"\r") == message  # CR LF endings too


def test_lower_case_checksum_digits_are_accepted():
    assert decode_tray_line(b"$PONG,41*" + b"%02x" % crc8(b"PONG,41")) == Pong("41")


def test_unknown_frame_type_is_none():
    assert decode_tray_line(encode_frame("GLOW", "red")[:-1]) is None


@pytest.mark.parametrize(
    ("line", "reason"),
    [
        (b"$PING,7*44", "bad_checksum"),
        (b"$PING,7", "malformed"),
        (b"$PING,7*8", "malformed"),
        (b"$PING,7*ZZ", "malformed"),
        (b"PING,7*43", "malformed"),
        (b"$PI\x00NG,7*43", "malformed"),
        (b"$PING,\xe97*43", "malformed"),
        (b"$" + b"x" * 300 + b"*00", "too_long"),
    ],
)
def test_framing_errors_name_their_reason(line, reason):
    with pytest.raises(FrameError) as error:
        decode_tray_line(line)
    assert error.value.reason == reason


def test_frame_type_must_be_capitals():
    body = b"ping,7"
    with pytest.raises(FrameError, match="malformed"):
        decode_tray_line(b"$" + body + b"*%02X" % crc8(body))


@pytest.mark.parametrize(
    "body",
    [
        "ROLL,0,settled,d6:1",
        "ROLL,65536,settled,d6:1",
        "ROLL,x,settled,d6:1",
        "ROLL,1,flying,d6:1",
        "ROLL,1,settled",
        "ROLL,1,settled,d6:?",
        "ROLL,1,settled,d6:7",
        "ROLL,1,settled,d6:0",
        "ROLL,1,settled,d10:11",
        "ROLL,1,settled,fate:Joy",
        "ROLL,1,settled,guardian:Up",
        "ROLL,1,settled,D6:3",
        "ROLL,1,settled,d6",
        "ROLL,1",
        "HELLO,1,X",
        "HELLO,0,X,1,d6",
        "HELLO,1,,1,d6",
        "STATUS,101,ok",
        "STATUS,50,great",
        "ERR,",
        "ARMED,0,d6",
        "ARMED,2,D6",
        # Die kinds are the ones PROTOCOL.md defines: d2..d100 without a leading zero, and the named dice.
        "ROLL,1,settled,d0:0",
        "ROLL,1,settled,d1:1",
        "ROLL,1,settled,d1000:5000",
        "ROLL,1,settled,d101:5",
        "ROLL,1,settled,d06:9",
        "ROLL,1,settled,d06:1",
        "ROLL,1,settled,rune:Ansuz",
        "ROLL,1,cocked,rune:?",
        "HELLO,1,X,1,d6;d999",
        "ARMED,1,rune",
    ],
)
def test_bad_fields_are_rejected(body):
    raw = body.encode()
    with pytest.raises(FrameError) as error:
        decode_tray_line(b"$" + raw + b"*%02X" % crc8(raw))
    assert error.value.reason == "bad_field"


def test_host_requests():
    assert protocol.who() == encode_frame("WHO", "1")
    assert protocol.ping("9") == b"$PING,9*" + b"%02X" % crc8(b"PING,9") + b"\n"
    assert protocol.arm(2, "fate") == encode_frame("ARM", "2", "fate")
    assert protocol.cancel() == encode_frame("CANCEL")
    assert protocol.ack(17) == encode_frame("ACK", "17")


@pytest.mark.parametrize("field", ["a,b", "a*b", "$", "line\nbreak", "caf\u00e9"])
def test_encoder_refuses_fields_that_would_break_framing(field):
    with pytest.raises(ValueError):
        encode_frame("ERR", field)


@pytest.mark.parametrize(("kind", "face"), [("d0", 0), ("d1000", 5000), ("d06", 9), ("rune", "Ansuz"),
                                            ("fate", "Joy"), ("d6", 7), ("d6", "?"), ("fate", "x" * 40)])
def test_the_host_sends_no_die_it_would_refuse_to_read(kind, face):
    with pytest.raises(ValueError):
        protocol.encode_dice([{"kind": kind, "face": face}])
    with pytest.raises(ValueError):
        protocol.arm(1, "rune")


def test_the_encoder_writes_what_the_decoder_reads():
    dice = [{"kind": "d6", "face": 6}, {"kind": "fate", "face": "rage"}, {"kind": "d100", "face": 100}]
    frame = encode_frame("ROLL", "9", "settled", protocol.encode_dice(dice))
    assert decode_tray_line(frame[:-1]).dice == (Die("d6", 6), Die("fate", "Rage"), Die("d100", 100))


def test_encoder_refuses_an_over_long_frame():
    with pytest.raises(ValueError, match="exceeds"):
        encode_frame("ERR", "x" * 250)
