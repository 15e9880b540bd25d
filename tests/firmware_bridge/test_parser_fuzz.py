"""Fuzzing the parser: it never raises, never outgrows its bound, and finds every frame in noise."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from firmware_bridge.parser import FrameParser
from firmware_bridge.protocol import MAX_FRAME, NAMED_FACES, encode_frame
from tests.reliability.hostile import TALLY, fuzz

FUZZ = settings(max_examples=200, deadline=None)


def _chunks(data: bytes, cuts: list[int]) -> list[bytes]:
    points = sorted({0, len(data), *(c % (len(data) + 1) for c in cuts)})
    return [data[a:b] for a, b in zip(points, points[1:], strict=False)]


@st.composite
def dice(draw) -> str:
    count = draw(st.integers(1, 8))
    parts = []
    for _ in range(count):
        kind = draw(st.sampled_from(["d6", "d10", *NAMED_FACES]))
        if kind in ("d6", "d10"):
            face = str(draw(st.integers(1, int(kind[1:]))))
        else:
            face = draw(st.sampled_from(NAMED_FACES[kind]))
        parts.append(f"{kind}:{face}")
    return ";".join(parts)


@st.composite
def frames(draw) -> bytes:
    """A valid tray frame of any type the host knows."""
    roll_id = str(draw(st.integers(1, 65535)))
    choice = draw(st.integers(0, 4))
    if choice == 0:
        return encode_frame("ROLL", roll_id, "settled", draw(dice()))
    if choice == 1:
        return encode_frame("ROLL", roll_id, draw(st.sampled_from(["rolling", "removed"])))
    if choice == 2:
        return encode_frame("STATUS", str(draw(st.integers(0, 100))), draw(st.sampled_from(["ok", "warn"])))
    if choice == 3:
        return encode_frame("PONG", roll_id)
    return encode_frame("HELLO", "1", "T" + roll_id, "1.0", "d6;fate")


# Noise that cannot complete a frame by accident: it ends with a line feed, so any
# partial frame it opened is closed (and rejected) before the next real frame starts.
noise = st.binary(max_size=300).map(lambda b: b + b"\n")


@FUZZ
@given(st.binary(max_size=4000), st.lists(st.integers(0, 4000), max_size=20))
def test_random_bytes_never_raise_and_never_outgrow_the_bound(data, cuts):
    parser = FrameParser()
    for chunk in _chunks(data, cuts):
        parser.feed(chunk)
        assert parser.buffered <= MAX_FRAME + 1


@FUZZ
@given(st.lists(st.tuples(noise, frames()), min_size=1, max_size=8), st.lists(st.integers(0, 6000)))
def test_every_valid_frame_embedded_in_noise_is_recovered(pairs, cuts):
    stream = b"".join(n + f for n, f in pairs)
    parser = FrameParser()
    got = [r.message for chunk in _chunks(stream, cuts) for r in parser.feed(chunk)]
    expected = [r.message for f in (f for _, f in pairs) for r in FrameParser().feed(f)]
    assert got == expected
    assert parser.buffered <= MAX_FRAME + 1


@FUZZ
@given(frames(), st.binary(min_size=1, max_size=50))
def test_noise_without_a_line_feed_before_a_frame_is_skipped(frame, junk):
    """Resync on "$": junk glued to the front of a frame (no line feed between) is dropped."""
    parser = FrameParser()
    got = parser.feed(junk + frame)
    assert [r.message for r in got] == [r.message for r in FrameParser().feed(frame)]


@FUZZ
@given(frames(), st.integers(0, 255), st.integers(0, 400))
def test_a_corrupted_byte_never_yields_a_different_message(frame, byte, at):
    """One changed byte is caught by the checksum or framing; it never becomes another message."""
    position = at % (len(frame) - 1)
    corrupted = frame[:position] + bytes([byte]) + frame[position + 1:]
    parser = FrameParser()
    got = [r.message for r in parser.feed(corrupted + b"\n")]
    original = [r.message for r in FrameParser().feed(frame)]
    assert got in ([], original)


# --- hostile dice (issue 15): only the kinds and faces PROTOCOL.md defines become a roll ------------

kind_text = st.one_of(
    st.sampled_from(["d6", "d10", "d2", "d100", "d0", "d1", "d101", "d1000", "d06", "d007", "D6", "d", "dd6",
                     *NAMED_FACES, "FATE", "rune", "fate_", "d6 "]),
    st.integers(0, 10**6).map(lambda n: f"d{n}"),
    st.from_regex(r"[a-z][a-z0-9_-]{0,40}", fullmatch=True),
)
face_text = st.one_of(
    st.integers(-5, 10**6).map(str),
    st.sampled_from(["?", "", "05", "0", "Joy", "rage", "GRAIL", "North", "x" * 40]),
    st.from_regex(r"[ -~]{0,40}", fullmatch=True).filter(lambda t: not set(t) & set("$*,;:")),
)


def defined(kind: str, face: object) -> bool:
    if kind in NAMED_FACES:
        return face in NAMED_FACES[kind]
    sides = int(kind[1:])
    return kind == f"d{sides}" and 2 <= sides <= 100 and isinstance(face, int) and 1 <= face <= sides


@fuzz(200)
@given(st.lists(st.tuples(kind_text, face_text), min_size=1, max_size=6),
       st.sampled_from(["settled", "cocked"]))
def test_only_dice_the_protocol_defines_become_a_roll(dice, state):
    field = ";".join(f"{kind}:{face}" for kind, face in dice)
    try:
        frame = encode_frame("ROLL", "7", state, field)
    except ValueError:
        return  # no frame to send: too long, or a byte a field may not hold
    parser = FrameParser()
    got = parser.feed(frame)
    if not got:
        TALLY["tray (ROLL frames, any dice)"]["bad_field"] += 1
        assert parser.rejected["bad_field"] == 1
        return
    TALLY["tray (ROLL frames, any dice)"]["a roll"] += 1
    (received,) = got
    for die in received.message.dice:
        assert die.face is None or defined(die.kind, die.face), die
