"""Text from outside the box: the one front door every reader goes through.

Control scripts, the config file, content packs, imported games and whatever
the CLI echoes back all come from people or files the box does not control.
Each reader takes that text through these checked parsers first, then
validates its own schema with its own named errors:

- :func:`decode` turns bytes into text: at most ``max_size`` bytes, UTF-8
  decoded strictly (the byte offset and line of the first bad byte named);
- :func:`parse_json` and :func:`parse_toml` bound the nesting depth and the
  length of every number *before* the parser runs (so no ``RecursionError``,
  no 5,000-digit ``int()``, no quadratic dotted key), refuse ``NaN`` and
  ``Infinity``, and check every value afterwards: whole numbers within 64
  bits, text without lone surrogates (and printable, where the reader asks);
- :func:`lines` counts lines the way a person does, by ``\\n`` only (a U+2028
  inside a string is not a line break);
- every refusal is an :class:`UntrustedError` naming the source, the line
  and the field, as far as they are known;
- :func:`printable` and :func:`shown` make anything read from a file safe to
  echo: control characters stripped, length capped.

No I/O happens here (the ``games`` package never does any): a reader opens
its file and reads at most ``max_size + 1`` bytes, and :func:`decode` refuses
what is over.

The limits and the error are in :mod:`games.core.untrusted_limits`, the scans
of the raw text before a parser runs in :mod:`games.core.untrusted_prescan`;
readers import all of it from here.
"""

from __future__ import annotations

import json
import math
import re
import tomllib
from collections.abc import Callable
from itertools import islice
from typing import Any

from games.core.untrusted_limits import MAX_INT, Limits, UntrustedError, too_deep
from games.core.untrusted_prescan import (
    Refused,
    TomlScan,
    json_any_float,
    json_constant,
    json_float,
    json_int,
    json_too_deep,
    locate,
)

ECHO_LIMIT = 64


# --- bytes to text --------------------------------------------------------------------


def decode(raw: bytes, max_size: int, source: str = "") -> str:
    """``raw`` as text: at most ``max_size`` bytes of strict UTF-8.

    A leading byte-order mark (some editors write one) is dropped.
    """
    if len(raw) > max_size:
        raise UntrustedError(f"larger than {_size(max_size)}", short="too large", source=source)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as err:
        line = raw.count(b"\n", 0, err.start) + 1
        raise UntrustedError(f"not UTF-8 text ({err.reason} at byte {err.start})", short="not UTF-8",
                             source=source, line=line) from None
    return text.removeprefix("\ufeff")


def lines(text: str) -> list[tuple[int, str]]:
    """Each line with its number, counted by ``\\n`` only (a CR before it is dropped).

    ``str.splitlines`` also breaks at U+2028, U+2029, form feeds and more, so
    a bad line 3 would be reported as line 4; a person's editor does not.
    """
    return [(number, raw.removesuffix("\r")) for number, raw in enumerate(text.split("\n"), start=1)]


# --- JSON -------------------------------------------------------------------------------

def parse_json(text: str, limits: Limits, *, source: str = "", line: int | None = None,
               object_pairs_hook: Callable[[list[tuple[str, Any]]], Any] | None = None) -> Any:
    """The JSON value in ``text``, within ``limits``; :class:`UntrustedError` names what is wrong.

    ``line`` is the line ``text`` starts on in its file (JSON Lines); lines
    inside ``text`` count from there. An ``object_pairs_hook``'s own
    exceptions pass through unchanged.
    """
    first = line or 1

    def fail(problem: str, short: str, pos: int | None = None) -> UntrustedError:
        at = None if pos is None else first + text.count("\n", 0, pos)
        return UntrustedError(problem, short=short, source=source, line=at if at is not None else line)

    if len(text) > limits.max_size:
        raise fail(f"longer than {limits.max_size:,} characters", "too long")
    deep = json_too_deep(text, limits.max_depth)
    if deep is not None:
        raise fail(too_deep(limits), "nested too deep", deep)
    try:
        value = json.loads(text, parse_int=json_int,
                           parse_float=json_float if limits.finite else json_any_float,
                           parse_constant=json_constant if limits.finite else None,
                           object_pairs_hook=object_pairs_hook)
    except Refused as refused:
        raise fail(refused.problem, "bad number", locate(text, refused.pattern)) from None
    except json.JSONDecodeError as err:
        raise fail(f"not valid JSON ({err.msg} at column {err.colno})", "not JSON", err.pos) from None
    except RecursionError:  # not reached within max_depth; a last guard all the same
        raise fail("nested too deeply to read", "nested too deep") from None
    _check_values(value, limits, source, line)
    return value


# --- TOML -------------------------------------------------------------------------------

_TOML_ERROR_AT = re.compile(r"\s*\(at line (\d+), column (\d+)\)$|\s*\(at end of document\)$")


def parse_toml(text: str, limits: Limits, *, source: str = "") -> dict[str, Any]:
    """The table in TOML ``text``, within ``limits``; :class:`UntrustedError` names what is wrong.

    Before ``tomllib`` runs, one pass over the text bounds the nesting of
    arrays and inline tables, the parts of each dotted key (``a.b.c``:
    ``tomllib`` takes quadratic memory over them) and the length of every
    number; after it, every value is checked as :func:`parse_json` does.
    """
    if len(text) > limits.max_size:
        raise UntrustedError(f"longer than {limits.max_size:,} characters", short="too long", source=source)
    TomlScan(text, limits, source).run()
    try:
        table = tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        message = str(err)
        at = _TOML_ERROR_AT.search(message)
        line = int(at.group(1)) if at and at.group(1) else text.count("\n") + 1  # at the end of the text
        raise UntrustedError(f"not valid TOML ({message[:at.start()] if at else message})", short="not TOML",
                             source=source, line=line) from None
    except (ValueError, RecursionError) as err:  # not reached after the scan; a last guard all the same
        raise UntrustedError(f"not TOML this box reads ({type(err).__name__})", short="not TOML",
                             source=source) from None
    _check_values(table, limits, source, None)
    return table


def _place(parent: str, key: str | int) -> str:
    """Where a value is: ``commands[2].created``, ``oled."odd key"`` (a key that is not
    bare is quoted as JSON, so its control characters are escaped, never printed)."""
    if isinstance(key, int):
        return f"{parent}[{key}]"
    name = key if _BARE_KEY.fullmatch(key) else json.dumps(key[:40])
    return f"{parent}.{name}" if parent else name


_BARE_KEY = re.compile(r"[A-Za-z0-9_-]{1,64}")


# --- every value, after parsing -------------------------------------------------------------


def _check_values(data: Any, limits: Limits, source: str, line: int | None) -> None:
    """Every value: nested within ``max_depth``, whole numbers within 64 bits, finite
    floats, text of at most ``max_text`` characters without lone surrogates (and
    printable, if asked), and nothing else (TOML's dates and times are refused).
    Walks without recursion."""
    def fail(problem: str, short: str, where: str) -> UntrustedError:
        return UntrustedError(problem, short=short, source=source, line=line, field=printable(where, 120))

    stack: list[tuple[Any, int, str]] = [(data, 1, "")]
    while stack:
        value, depth, where = stack.pop()
        if isinstance(value, dict | list):
            if depth > limits.max_depth:
                raise fail(too_deep(limits), "nested too deep", where)
            items = value.items() if isinstance(value, dict) else enumerate(value)
            for key, item in items:
                if isinstance(key, str):
                    problem = _text_problem(key, limits)
                    if problem:
                        raise fail(f"a key that is {problem}", "bad key", _place(where, key))
                stack.append((item, depth + 1, _place(where, key)))
        elif isinstance(value, str):
            problem = _text_problem(value, limits)
            if problem:
                raise fail(f"text that is {problem}", "bad text", where)
        elif isinstance(value, bool):
            continue
        elif isinstance(value, int):
            if not -MAX_INT < value < MAX_INT:
                raise fail("a whole number larger than 64 bits", "bad number", where)
        elif isinstance(value, float):
            if limits.finite and not math.isfinite(value):
                raise fail(f"{value} is not a number this box reads", "bad number", where)
        elif value is not None:  # TOML's dates and times: nothing the box reads is one
            raise fail(f"a {type(value).__name__}, which no field of this box takes", "bad value", where)


_SURROGATE = re.compile("[\ud800-\udfff]")


def _text_problem(text: str, limits: Limits) -> str | None:
    if len(text) > limits.max_text:
        return f"longer than {limits.max_text:,} characters"
    if _SURROGATE.search(text):
        return "not Unicode (a lone surrogate)"
    if limits.printable and not text.isprintable():
        return "not printable (control characters, escapes or line breaks)"
    return None


# --- echoing what was read -----------------------------------------------------------------


def printable(text: str, limit: int = ECHO_LIMIT) -> str:
    """``text`` safe to print to a terminal or a display: only printable characters
    (no ANSI escapes, NUL, line breaks or bidirectional controls), at most
    ``limit`` of them (``…`` marks a cut)."""
    kept = "".join(islice((char for char in text if char.isprintable()), limit + 1))
    return kept if len(kept) <= limit else kept[:limit - 1] + "…"


def shown(value: Any, limit: int = 40) -> str:
    """A value read from outside, as a message shows it: as JSON, printable, capped."""
    if isinstance(value, str):  # as JSON, with only what is not printable escaped
        quoted = "".join(char if char.isprintable() and char not in '"\\' else json.dumps(char)[1:-1]
                         for char in islice(value, limit + 1))
        return f'"{quoted}"' if len(value) <= limit else f'"{quoted[:limit - 1]}…"'
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 128:
        return f"a number of {value.bit_length()} bits"
    try:
        text = json.dumps(value, ensure_ascii=True, default=repr)
    except (ValueError, RecursionError):  # a number too long to write, a structure too deep
        text = f"({type(value).__name__})"
    return printable(text, limit)


def _size(count: int) -> str:
    if count >= 2**20 and count % 2**20 == 0:
        return f"{count // 2**20} MiB"
    if count >= 2**10 and count % 2**10 == 0:
        return f"{count // 2**10} KiB"
    return f"{count:,} bytes"
