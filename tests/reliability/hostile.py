"""Hostile input for the readers of text from outside: bytes and structures, not just text.

The project's earlier fuzzers wrote well-formed text, so they never made what
broke the readers (issue 15): invalid UTF-8, encoded surrogates, 10k-digit
integers, 10k-deep nesting, NaN and Infinity, U+2028, huge strings, control
characters. These strategies make them, as JSON text, TOML text and raw
bytes, around keys each reader knows so the checks past the syntax are
reached too.

``TABLEWARDEN_FUZZ`` multiplies every test's example count (``make fuzz``
sets it); :data:`TALLY` counts what each reader did with its examples, and
``conftest.py`` prints the counts when the variable is set.
"""

from __future__ import annotations

import json
import os
from collections import Counter, defaultdict
from dataclasses import dataclass

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

SCALE = max(1, int(os.environ.get("TABLEWARDEN_FUZZ", "1") or 1))

TALLY: defaultdict[str, Counter] = defaultdict(Counter)
"""``TALLY[reader][outcome]``: examples per reader, e.g. ``TALLY["scripts"]["refused"]``."""


def fuzz(examples: int) -> settings:
    """Hypothesis settings for ``examples`` examples (times ``TABLEWARDEN_FUZZ``)."""
    return settings(max_examples=examples * SCALE, deadline=None, database=None,
                    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow,
                                           HealthCheck.data_too_large, HealthCheck.large_base_example])


# --- pieces -------------------------------------------------------------------------------

BAD_UTF8 = (
    b"\xff",                  # never valid
    b"\xfe\xff",              # a UTF-16 byte-order mark
    b"\xc3",                  # a sequence cut short
    b"\x80",                  # a continuation byte alone
    b"\xc0\xaf",              # an overlong "/"
    b"\xed\xa0\x80",          # an encoded surrogate (U+D800)
    b"\xf4\x90\x80\x80",      # past U+10FFFF
)
ODD_CHARACTERS = ("\u2028", "\u2029", "\x85", "\x0c", "\x0b", "\r", "\x00", "\x1b[2J\x1b[31m", "\u202e",
                  "\ufeff", "\x7f", "\t")
# Sizes: enough to cross every bound (40 digits, 64 levels, 64 KiB lines), small enough to stay fast.
HUGE = (5_000, 10_000)
DEEP = (65, 10_000)

huge_digits = st.integers(*HUGE).map(lambda n: "9" * n)
odd_text = st.lists(st.one_of(st.sampled_from(ODD_CHARACTERS), st.text(max_size=8)), max_size=6).map("".join)
huge_text = st.integers(10_000, 300_000).map(lambda n: "x" * n)


def _deep(opening: str, closing: str, inner: str = "1") -> st.SearchStrategy[str]:
    return st.tuples(st.integers(*DEEP), st.booleans()).map(
        lambda t: opening * t[0] + inner + (closing * t[0] if t[1] else ""))


# --- JSON -----------------------------------------------------------------------------------

JSON_SCALARS = ("null", "true", "false", "0", "-1", "1.5", "-0.0", "1e308", "NaN", "Infinity", "-Infinity",
                "1e999", "-1e999", "18446744073709551616", "-9223372036854775809", '"\\ud800"',
                '"\\udfff x"', '"\\u0000"', '"\\u001b[31m"', '"\\u2028"')


def json_scalar() -> st.SearchStrategy[str]:
    return st.one_of(
        st.sampled_from(JSON_SCALARS),
        st.integers(-(2**70), 2**70).map(str),
        huge_digits,
        st.floats(allow_nan=False, allow_infinity=False).map(json.dumps),
        odd_text.map(lambda t: json.dumps(t, ensure_ascii=False)),
        st.text(max_size=20).map(json.dumps),
    )


def json_text(keys: tuple[str, ...], *, huge: bool = True) -> st.SearchStrategy[str]:
    """JSON text (mostly): objects keyed by ``keys`` (and odd keys), with hostile values."""
    scalars = json_scalar()
    if huge:
        scalars = st.one_of(scalars, huge_text.map(json.dumps), _deep("[", "]"), _deep('{"a": ', "}"))
    key = st.one_of(st.sampled_from(keys), odd_text)
    return st.recursive(
        scalars,
        lambda inner: st.one_of(
            st.lists(inner, max_size=4).map(lambda items: "[" + ", ".join(items) + "]"),
            st.lists(st.tuples(key, inner), max_size=4).map(
                lambda pairs: "{" + ", ".join(f"{json.dumps(k, ensure_ascii=False)}: {v}" for k, v in pairs)
                + "}"),
        ),
        max_leaves=8,
    )


# --- TOML -----------------------------------------------------------------------------------

TOML_SCALARS = ("nan", "+nan", "-nan", "inf", "-inf", "1e999", "0x" + "F" * 60, "18446744073709551616",
                "-9223372036854775809", "1979-05-27T07:32:00Z", '"\\u0000"', '"\\u001b[2J"', '"\\u2028"',
                "'''\nmany\nlines'''", '"""\n[[[[\n"""', "true", "3.5", "-1", "0", "[]", "{}")


def toml_value() -> st.SearchStrategy[str]:
    scalar = st.one_of(
        st.sampled_from(TOML_SCALARS),
        st.integers(-(2**70), 2**70).map(str),
        huge_digits,
        odd_text.map(lambda t: json.dumps(t)),
        st.text(max_size=20).map(json.dumps),
        huge_text.map(json.dumps),
        _deep("[", "]"),
        _deep("{a=", "}"),
    )
    return st.recursive(scalar, lambda inner: st.lists(inner, max_size=3).map(
        lambda items: "[" + ", ".join(items) + "]"), max_leaves=5)


def toml_key(keys: tuple[str, ...]) -> st.SearchStrategy[str]:
    return st.one_of(
        st.sampled_from(keys),
        st.lists(st.sampled_from(keys), min_size=2, max_size=4).map(".".join),
        st.integers(*DEEP).map(lambda n: ".".join(["a"] * n)),
        odd_text.map(json.dumps),
    )


def places(value, path: tuple = ()) -> list[tuple]:
    """Every place in a decoded document, dict keys and list indices, depth first: where
    a test may put a hostile value (the first, ``()``, is the document itself)."""
    found = [path]
    if isinstance(value, dict):
        for key, item in value.items():
            found += places(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found += places(item, (*path, index))
    return found


def toml_lines(keys: tuple[str, ...], sections: tuple[str, ...]) -> st.SearchStrategy[list[str]]:
    """Lines of TOML (mostly): headers of ``sections``, ``key = value`` with hostile values."""
    header = st.one_of(st.sampled_from(sections).map(lambda s: f"[{s}]"),
                       st.sampled_from(sections).map(lambda s: f"[[{s}]]"),
                       toml_key(keys).map(lambda k: f"[{k}]"))
    pair = st.tuples(toml_key(keys), toml_value()).map(lambda kv: f"{kv[0]} = {kv[1]}")
    junk = st.one_of(odd_text, st.just("# a comment [[[["), st.just(""))
    return st.lists(st.one_of(header, pair, pair, junk), max_size=8)


# --- bytes ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Spoil:
    """A way to spoil text as it becomes bytes: as it is, with a bad byte sequence
    spliced in (at ``at``, a share of its length), with its lines joined by
    something other than a line feed, or replaced by random bytes."""

    how: str
    bad: bytes
    at: float
    separator: str
    binary: bytes

    def __call__(self, text: str) -> bytes:
        if self.how == "separators":
            text = text.replace("\n", self.separator)
        data = text.encode("utf-8", "surrogatepass")
        if self.how == "bad bytes":
            at = int(len(data) * self.at)
            return data[:at] + self.bad + data[at:]
        return self.binary if self.how == "binary" else data


spoiling = st.builds(
    Spoil,
    how=st.sampled_from(["as is", "as is", "bad bytes", "separators", "binary"]),
    bad=st.sampled_from(BAD_UTF8),
    at=st.floats(0, 1),
    separator=st.sampled_from(["\r\n", "\u2028", "\u2029", "\r", "\x85"]),
    binary=st.binary(max_size=500),
)
"""Draw a :class:`Spoil` and apply it: ``data.draw(spoiling)(text)``."""


# --- entry points ---------------------------------------------------------------------------------


def load_pack(controller, stem: str) -> None:
    """What a player does to load the pack ``<stem>.toml``: close what is open, open the
    action menu, turn the Menhir dial to its "Load pack" item and select it."""
    from contracts.events import Press, Turn

    controller.handle(Press("back"))
    controller.handle(Press("select"))
    menu = controller.frame().menu
    (index,) = [i for i, item in enumerate(menu.items) if item.startswith("Load") and item.endswith(stem)]
    controller.handle(Turn("menhir", index - menu.cursor))
    controller.handle(Press("select"))
