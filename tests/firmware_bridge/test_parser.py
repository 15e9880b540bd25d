"""The incremental parser against every malformed case of PROTOCOL.md, "What the host does"."""

from __future__ import annotations

from firmware_bridge.parser import FrameParser, Received
from firmware_bridge.protocol import MAX_FRAME, Die, Hello, Pong, Roll, crc8, encode_frame

SETTLED = encode_frame("ROLL", "17", "settled", "d6:5;d6:6")
SETTLED_ROLL = Roll(17, "settled", (Die("d6", 5), Die("d6", 6)))
PONG = encode_frame("PONG", "1")


def messages(parser: FrameParser, *pieces: bytes) -> list:
    return [received.message for piece in pieces for received in parser.feed(piece)]


def test_one_frame_in_one_piece():
    parser = FrameParser()
    assert parser.feed(SETTLED) == [Received(SETTLED_ROLL)]
    assert parser.frames == 1 and not parser.rejected


def test_a_frame_split_across_reads_byte_by_byte():
    parser = FrameParser()
    assert messages(parser, *(SETTLED[i:i + 1] for i in range(len(SETTLED)))) == [SETTLED_ROLL]
    assert parser.buffered == 0


def test_garbage_between_frames_is_counted_in_bytes_and_dropped():
    parser = FrameParser()
    assert messages(parser, b"\x00\xffboot v1.2\r\n" + PONG + b"junk" + PONG) == [Pong("1"), Pong("1")]
    assert parser.rejected["garbage"] == len(b"\x00\xffboot v1.2") + len(b"junk")


def test_blank_lines_are_not_garbage():
    parser = FrameParser()
    assert messages(parser, b"\r\n\n" + PONG + b"\r\n") == [Pong("1")]
    assert not parser.rejected


def test_a_frame_cut_short_by_a_new_frame_is_truncated():
    parser = FrameParser()
    assert messages(parser, SETTLED[:10] + PONG) == [Pong("1")]
    assert parser.rejected == {"truncated": 1}


def test_a_frame_cut_short_by_unplugging_is_truncated_on_reset():
    parser = FrameParser()
    parser.feed(SETTLED[:10])
    parser.reset()
    assert parser.rejected == {"truncated": 1}
    assert messages(parser, SETTLED) == [SETTLED_ROLL]


def test_over_long_line_is_rejected_without_growing_the_buffer():
    parser = FrameParser()
    parser.feed(b"$ROLL,")
    for _ in range(1024):  # a 1 MB line, in 1 kB reads
        assert parser.feed(b"A" * 1024) == []
        assert parser.buffered <= MAX_FRAME + 1
    assert messages(parser, b"\n" + PONG) == [Pong("1")]
    assert parser.rejected == {"too_long": 1}


def test_one_frame_longer_than_the_bound_then_resync_on_dollar():
    parser = FrameParser()
    assert messages(parser, b"$ROLL," + b"9" * (MAX_FRAME + 10) + PONG) == [Pong("1")]
    assert parser.rejected == {"too_long": 1}


def test_a_frame_of_exactly_the_bound_is_accepted_with_or_without_cr():
    body = "ERR,x," + "y" * (MAX_FRAME - 10)
    frame = encode_frame(*body.split(","))
    assert len(frame) - 1 == MAX_FRAME
    parser = FrameParser()
    assert len(messages(parser, frame, frame[:-1] + b"\r\n")) == 2
    assert not parser.rejected


def test_bad_checksum_is_counted():
    parser = FrameParser()
    bad = SETTLED.replace(b"*36", b"*37")
    assert messages(parser, bad + PONG) == [Pong("1")]
    assert parser.rejected == {"bad_checksum": 1}


def test_missing_checksum_and_non_ascii_are_malformed():
    parser = FrameParser()
    assert messages(parser, b"$PONG,1\n$PONG,\x811*00\n" + PONG) == [Pong("1")]
    assert parser.rejected == {"malformed": 2}


def test_bad_fields_are_counted():
    body = b"ROLL,17,settled,d6:9"
    parser = FrameParser()
    assert messages(parser, b"$" + body + b"*%02X\n" % crc8(body)) == []
    assert parser.rejected == {"bad_field": 1}


def test_unknown_frame_types_are_ignored_and_counted():
    parser = FrameParser()
    assert messages(parser, encode_frame("LED", "on") + PONG) == [Pong("1")]
    assert parser.rejected == {"unknown_type": 1}
    assert parser.frames == 1


def test_repeated_roll_report_is_marked_not_dropped():
    parser = FrameParser()
    first, again = parser.feed(SETTLED + SETTLED)
    assert first == Received(SETTLED_ROLL) and again == Received(SETTLED_ROLL, repeat=True)
    assert parser.rejected == {"duplicate": 1}


def test_a_new_state_of_the_same_roll_is_not_a_repeat():
    parser = FrameParser()
    rolling = encode_frame("ROLL", "17", "rolling")
    assert [r.repeat for r in parser.feed(rolling + SETTLED + rolling + SETTLED)] == [False] * 4


def test_hello_forgets_roll_ids_because_a_rebooted_tray_counts_afresh():
    parser = FrameParser()
    hello = encode_frame("HELLO", "1", "T", "1", "d6")
    received = parser.feed(SETTLED + hello + SETTLED)
    assert [r.repeat for r in received] == [False, False, False]
    assert received[1].message == Hello(1, "T", "1", ("d6",))


def test_roll_memory_is_bounded():
    parser = FrameParser()
    for roll_id in range(1, 1000):
        parser.feed(encode_frame("ROLL", str(roll_id), "removed"))
    assert len(parser._last_reports) <= 64
