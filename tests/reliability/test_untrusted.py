"""The front door for text from outside (games/core/untrusted.py): bounded, strict, and it names the place.

Whatever the bytes, ``decode`` returns text or an UntrustedError; whatever the
text, ``parse_json`` and ``parse_toml`` return a value within the limits or
an UntrustedError naming the line or the field: never a RecursionError, a
ValueError from ``int()``, a MemoryError or a hang.
"""

from __future__ import annotations

import json
import math
import time

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.core.untrusted import (
    MAX_INT,
    Limits,
    UntrustedError,
    decode,
    lines,
    parse_json,
    parse_toml,
    printable,
    shown,
)
from tests.reliability.hostile import TALLY, fuzz, json_text, spoiling, toml_lines

LIMITS = Limits(max_size=1_000_000, max_depth=8, max_text=50_000)


def depth(value) -> int:
    if isinstance(value, dict):
        return 1 + max(map(depth, value.values()), default=0)
    if isinstance(value, list):
        return 1 + max(map(depth, value), default=0)
    return 0


def within(value, limits: Limits) -> bool:
    """Every value is one a reader can use: the bounds the front door promises."""
    if isinstance(value, dict):
        return all(isinstance(k, str) and within(k, limits) and within(v, limits) for k, v in value.items())
    if isinstance(value, list):
        return all(within(v, limits) for v in value)
    if isinstance(value, str):
        return len(value) <= limits.max_text and not any("\ud800" <= c <= "\udfff" for c in value)
    if isinstance(value, bool) or value is None:
        return True
    if isinstance(value, int):
        return -MAX_INT < value < MAX_INT
    return isinstance(value, float) and math.isfinite(value)


# --- bytes to text -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("raw", "where", "problem"),
    [
        (b"ok\nok\n\xff", 3, "not UTF-8 text (invalid start byte at byte 6)"),
        (b"\xc3", 1, "not UTF-8 text (unexpected end of data at byte 0)"),
        (b"a\xed\xa0\x80", 1, "not UTF-8 text (invalid continuation byte at byte 1)"),  # a surrogate
        (b"a\xc0\xaf", 1, "not UTF-8 text (invalid start byte at byte 1)"),  # overlong
        (b"a\xf4\x90\x80\x80", 1, "not UTF-8 text (invalid continuation byte at byte 1)"),
    ],
)
def test_decoding_is_strict_and_names_the_byte_and_line(raw, where, problem):
    with pytest.raises(UntrustedError) as err:
        decode(raw, 100, "script.jsonl")
    assert (err.value.line, err.value.problem, err.value.short) == (where, problem, "not UTF-8")
    assert str(err.value) == f"script.jsonl: line {where}: {problem}"


def test_decoding_bounds_the_size_first_and_drops_a_byte_order_mark():
    with pytest.raises(UntrustedError, match="larger than 1 KiB"):
        decode(b"\xff" * 1025, 1024)
    assert decode(b"\xef\xbb\xbfa = 1", 100) == "a = 1"


@fuzz(150)
@given(st.binary(max_size=2000))
def test_any_bytes_decode_or_are_refused(raw):
    try:
        assert isinstance(decode(raw, 1000), str)
    except UntrustedError as err:
        assert err.short in ("not UTF-8", "too large")


def test_lines_are_counted_by_line_feeds_only():
    assert lines('a\r\n"b\u2028c"\u2029\x0c\x85\nd') == [(1, "a"), (2, '"b\u2028c"\u2029\x0c\x85'), (3, "d")]


# --- JSON ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "line", "field", "problem"),
    [
        ("[" * 100_000, 1, "", "nested too deeply (more than 8 levels)"),
        ('{"a":\n[[[[[[[[[1]]]]]]]]]}', 2, "", "nested too deeply (more than 8 levels)"),
        ('{"a": 1,\n "b": ' + "9" * 5000 + "}", 2, "", "a number of 5,000 digits (at most 40)"),
        ('{"a": 0.' + "1" * 5000 + "}", 1, "", "a number of 5,002 characters (at most 40)"),
        ('{"s": "9999999999999999999999999999999999999999999"}', None, "", None),
        ('{"a": [1,\n NaN]}', 2, "", "NaN is not a number this box reads"),
        ('{"a": -Infinity}', 1, "", "-Infinity is not a number this box reads"),
        ('{"a": 1e999}', 1, "", "1e999 is too large a number"),
        ('{"a": {"b": [0, 18446744073709551616]}}', None, "a.b[1]", "a whole number larger than 64 bits"),
        ('{"a": "\\ud800"}', None, "a", "text that is not Unicode (a lone surrogate)"),
        ('{"\\udfff": 1}', None, '"\\udfff"', "a key that is not Unicode (a lone surrogate)"),
        ('{"a": 1,\n"b" 2}', 2, "", "not valid JSON (Expecting ':' delimiter at column 5)"),
    ],
)
def test_json_is_refused_naming_the_line_or_field(text, line, field, problem):
    if problem is None:
        assert parse_json(text, LIMITS) == json.loads(text)  # digits inside a string are text
        return
    with pytest.raises(UntrustedError) as err:
        parse_json(text, LIMITS, source="f.json")
    assert (err.value.line, err.value.field, err.value.problem) == (line, field, problem)


def test_json_lines_count_from_their_line_and_a_u2028_inside_a_string_is_not_a_break():
    with pytest.raises(UntrustedError) as err:
        parse_json('{"a": "x\u2028y", "b": NaN}', LIMITS, line=7)
    assert err.value.line == 7


def test_json_text_is_bounded_and_can_be_printable_only():
    with pytest.raises(UntrustedError, match="longer than 10 characters"):
        parse_json('"' + "x" * 20 + '"', Limits(max_size=10, max_depth=2))
    with pytest.raises(UntrustedError, match="a: text that is not printable"):
        parse_json('{"a": "\\u001b[31m"}', Limits(max_size=100, max_depth=2, printable=True))


def test_an_export_may_pass_nan_on_for_its_schema_check():
    assert math.isnan(parse_json("[NaN]", Limits(max_size=100, max_depth=2, finite=False))[0])


@fuzz(200)
@given(st.data())
def test_any_json_is_read_within_the_limits_or_refused_by_name(data):
    text = data.draw(json_text(("press", "dice", "kind", "face", "name", "seed")))
    started = time.monotonic()
    try:
        value = parse_json(text, LIMITS)
    except UntrustedError as err:
        TALLY["front door: JSON"]["refused"] += 1
        assert err.problem and err.short and str(err).isprintable()
    else:
        TALLY["front door: JSON"]["read"] += 1
        assert depth(value) <= LIMITS.max_depth and within(value, LIMITS)
    assert time.monotonic() - started < 5


# --- TOML -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "line", "field", "problem"),
    [
        ("a = " + "[" * 100_000, 1, "", "nested too deeply (more than 8 levels)"),
        ("x = 1\na = " + "{b=" * 10_000, 2, "", "nested too deeply (more than 8 levels)"),
        ("a." * 100_000 + "b = 1", 1, "", "a key of more than 8 dotted parts"),
        ("[" + "a." * 100_000 + "b]", 1, "", "a key of more than 8 dotted parts"),
        ("a = 1\nb = " + "9" * 5000, 2, "", "a number of 5,000 digits (at most 40)"),
        ("a = 0x" + "F" * 100, 1, "", "a number of 102 digits (at most 40)"),
        ('s = """\n\n"""\nb = ' + "1" * 41, 4, "", "a number of 41 digits (at most 40)"),
        ("[t]\nb = 18446744073709551616", None, "t.b", "a whole number larger than 64 bits"),
        ("[t]\nb = [1, nan]", None, "t.b[1]", "nan is not a number this box reads"),
        ("b = -inf", None, "b", "-inf is not a number this box reads"),
        ("b = 1e999", None, "b", "inf is not a number this box reads"),
        ('"\\u001b[2J" = 1', None, '"\\u001b[2J"', None),
        ("a = 1\nb = ", 2, "", "not valid TOML (Invalid value)"),
    ],
)
def test_toml_is_refused_naming_the_line_or_field(text, line, field, problem):
    if problem is None:
        with pytest.raises(UntrustedError) as err:
            parse_toml(text, Limits(max_size=1000, max_depth=8, printable=True))
        assert err.value.field == field and err.value.short == "bad key"
        assert str(err.value).isprintable() and "\x1b" not in str(err.value)
        return
    with pytest.raises(UntrustedError) as err:
        parse_toml(text, LIMITS, source="box.toml")
    assert (err.value.line, err.value.field, err.value.problem) == (line, field, problem)


def test_the_toml_scan_knows_strings_comments_and_keys_from_values():
    text = ('a = "[[[[[[[[[[ a.b.c.d.e.f.g.h.i \\" [[[[["  # [[[[[[[[[[[[\n'
            "b = '''\n[[[[[[[[[[[[\n'''\n"
            'c = """\\"""[[[[[[[[[[[[[[[[\n"""\n'
            "d = [\n  [1, 2],  # a comment [[[[[[[[[[\n  [3.25e10, 1_000],\n]\n"
            '[tables."x.y.z.w.v.u.t.s.r"]\n'
            "e = { f = { g = 1 }, h = [] }\n")
    table = parse_toml(text, LIMITS)
    assert table["a"].startswith("[[[[") and table["d"] == [[1, 2], [3.25e10, 1000]]
    assert table["tables"]["x.y.z.w.v.u.t.s.r"]["e"] == {"f": {"g": 1}, "h": []}


@pytest.mark.parametrize("value", ["1979-05-27T07:32:00.999999+01:00", "1979-05-27", "07:32:00"])
def test_a_toml_date_or_time_is_refused_by_name(value):
    """No pack field or setting is a date or a time: TOML's are refused, naming the key, not passed on
    as values nothing downstream checks (make fuzz found one past the front door)."""
    with pytest.raises(UntrustedError, match=r"i: a (datetime|date|time), which no field of this box takes"):
        parse_toml(f"[t]\ni = {value}\n", LIMITS)


@fuzz(200)
@given(st.data())
def test_any_toml_is_read_within_the_limits_or_refused_by_name(data):
    text = "\n".join(data.draw(toml_lines(("a", "b", "oled", "width"), ("oled", "a.b", "t"))))
    started = time.monotonic()
    try:
        value = parse_toml(text, LIMITS)
    except UntrustedError as err:
        TALLY["front door: TOML"]["refused"] += 1
        assert err.problem and err.short
    else:
        TALLY["front door: TOML"]["read"] += 1
        assert depth(value) <= LIMITS.max_depth and within(value, LIMITS)
    assert time.monotonic() - started < 5


@fuzz(60)
@given(st.data())
def test_any_bytes_of_toml_are_decoded_and_read_or_refused(data):
    text = "\n".join(data.draw(toml_lines(("a",), ("t",))))
    raw = data.draw(spoiling)(text)
    try:
        parse_toml(decode(raw, 1_000_000), LIMITS)
    except UntrustedError as err:
        assert str(err)


# --- echoing ------------------------------------------------------------------------------


def test_printable_strips_control_characters_and_caps():
    assert printable("\x1b[31mred\x00 \u202eevil\nline") == "[31mred evilline"
    assert printable("x" * 5_000_000) == "x" * 63 + "…"
    assert printable("ok", 64) == "ok"


def test_shown_values_are_short_printable_json():
    assert shown("\x1b[2Jhi\u2028") == '"\\u001b[2Jhi\\u2028"' and shown("café") == '"café"'
    assert shown(True) == "true" and shown(1.5) == "1.5" and shown([1, 2]) == "[1, 2]"
    assert shown(2**1000) == "a number of 1001 bits"
    assert len(shown(["x" * 1000] * 1000)) <= 40
