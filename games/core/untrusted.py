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
"""

from __future__ import annotations

import json
import math
import re
import tomllib
from collections.abc import Callable
from dataclasses import dataclass
from itertools import islice
from typing import Any

# Whole numbers fit 64 bits (TOML's own limit; the generator's state is one).
MAX_INT = 2**64
# The longest number literal read: 20 digits hold any 64-bit number, a float
# needs 17 significant digits and an exponent; the rest is room for zeros.
MAX_NUMBER_CHARS = 40
ECHO_LIMIT = 64


class UntrustedError(ValueError):
    """Text from outside that cannot be read: ``problem``, with where it is.

    ``source`` names the file (or what the text is), ``line`` counts ``\\n``
    from 1, ``field`` is the place in the data (``oled.i2c_port``,
    ``commands[2].created``). ``str()`` joins those that are known.
    ``short`` says what is wrong in at most 16 characters (``not TOML``,
    ``nested too deep``), for a display that has room for little more.
    """

    def __init__(self, problem: str, *, short: str, source: str = "", line: int | None = None,
                 field: str = "") -> None:
        self.problem = problem
        self.short = short
        self.source = source
        self.line = line
        self.field = field
        super().__init__(str(self))

    def __str__(self) -> str:
        parts = [self.source] if self.source else []
        if self.line is not None:
            parts.append(f"line {self.line}")
        if self.field:
            parts.append(self.field)
        return ": ".join([*parts, self.problem])

    def where(self) -> str:
        """Only the place: ``line 3: oled.width`` (empty when nothing is known)."""
        parts = [f"line {self.line}"] if self.line is not None else []
        return ": ".join(parts + ([self.field] if self.field else []))


@dataclass(frozen=True)
class Limits:
    """How much of a kind of input a reader takes.

    :param max_size: bytes of a file given to :func:`decode`, characters of a
        text given to a parser.
    :param max_depth: lists and tables nested inside each other (the
        document itself is 1).
    :param max_text: characters in one string or key.
    :param printable: whether every string and key must be printable (no
        control characters, escapes, NUL or line breaks): text the displays
        show.
    :param finite: whether ``NaN``, ``Infinity`` and a float too large
        (``1e999``) are refused here. An export's reader passes them on for
        its schema check, which names the field they are in.
    """

    max_size: int
    max_depth: int
    max_text: int = 10_000
    printable: bool = False
    finite: bool = True


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

_JSON_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"', re.DOTALL)
_JSON_TOKEN = re.compile(r'["\[\]{}]')


class _Refused(Exception):
    """A hook's refusal inside ``json.loads``, placed afterwards by :func:`_locate`."""

    def __init__(self, problem: str, pattern: re.Pattern) -> None:
        super().__init__(problem)
        self.problem = problem
        self.pattern = pattern


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
    deep = _json_too_deep(text, limits.max_depth)
    if deep is not None:
        raise fail(_too_deep(limits), "nested too deep", deep)
    try:
        value = json.loads(text, parse_int=_json_int,
                           parse_float=_json_float if limits.finite else _json_any_float,
                           parse_constant=_json_constant if limits.finite else None,
                           object_pairs_hook=object_pairs_hook)
    except _Refused as refused:
        raise fail(refused.problem, "bad number", _locate(text, refused.pattern)) from None
    except json.JSONDecodeError as err:
        raise fail(f"not valid JSON ({err.msg} at column {err.colno})", "not JSON", err.pos) from None
    except RecursionError:  # not reached within max_depth; a last guard all the same
        raise fail("nested too deeply to read", "nested too deep") from None
    _check_values(value, limits, source, line)
    return value


def _json_too_deep(text: str, max_depth: int) -> int | None:
    """The offset of the first ``[`` or ``{`` nested deeper than ``max_depth``, outside strings."""
    if text.count("[") + text.count("{") <= max_depth:
        return None
    depth = 0
    pos = 0
    while (match := _JSON_TOKEN.search(text, pos)) is not None:
        char, pos = match.group(), match.end()
        if char == '"':
            string = _JSON_STRING.match(text, match.start())
            if string is None:
                return None  # an unterminated string: the parser names it
            pos = string.end()
        elif char in "[{":
            depth += 1
            if depth > max_depth:
                return match.start()
        else:
            depth -= 1
    return None


def _locate(text: str, pattern: re.Pattern) -> int | None:
    """The offset of the first match of ``pattern`` outside a JSON string."""
    either = re.compile(f"{_JSON_STRING.pattern}|(?P<hit>{pattern.pattern})", re.DOTALL)
    for match in either.finditer(text):
        if match.group("hit") is not None:
            return match.start()
    return None


_LONG_NUMBER = re.compile(r"-?[0-9][0-9.eE+-]{%d,}" % MAX_NUMBER_CHARS)  # noqa: UP031
_CONSTANT = re.compile(r"NaN|-?Infinity")


def _short_number(literal: str, unit: str) -> str:
    """``literal`` if it has at most MAX_NUMBER_CHARS ``unit`` (a sign aside): Python's own
    conversion is slow (and limited) on thousands of digits, so longer is refused first."""
    count = len(literal.lstrip("-"))
    if count > MAX_NUMBER_CHARS:
        raise _Refused(f"a number of {count:,} {unit} (at most {MAX_NUMBER_CHARS})", _LONG_NUMBER)
    return literal


def _json_int(digits: str) -> int:
    return int(_short_number(digits, "digits"))


def _json_float(literal: str) -> float:
    value = _json_any_float(literal)
    if not math.isfinite(value):
        raise _Refused(f"{literal} is too large a number", re.compile(re.escape(literal)))
    return value


def _json_any_float(literal: str) -> float:
    return float(_short_number(literal, "characters"))


def _json_constant(name: str) -> Any:
    raise _Refused(f"{name} is not a number this box reads", _CONSTANT)


# --- TOML -------------------------------------------------------------------------------

_TOML_ERROR_AT = re.compile(r"\s*\(at line (\d+), column (\d+)\)$|\s*\(at end of document\)$")
_BARE_WORD = re.compile(r"[A-Za-z0-9_]+")


def parse_toml(text: str, limits: Limits, *, source: str = "") -> dict[str, Any]:
    """The table in TOML ``text``, within ``limits``; :class:`UntrustedError` names what is wrong.

    Before ``tomllib`` runs, one pass over the text bounds the nesting of
    arrays and inline tables, the parts of each dotted key (``a.b.c``:
    ``tomllib`` takes quadratic memory over them) and the length of every
    number; after it, every value is checked as :func:`parse_json` does.
    """
    if len(text) > limits.max_size:
        raise UntrustedError(f"longer than {limits.max_size:,} characters", short="too long", source=source)
    _TomlScan(text, limits, source).run()
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


class _TomlScan:
    """One pass over TOML text outside strings and comments, without parsing it.

    It knows just enough of the grammar to tell a key from a value: a key
    starts a line at the top level, follows ``{`` or ``,`` in an inline
    table, or names a ``[table]``; it ends at ``=`` (or the header's ``]``).
    """

    def __init__(self, text: str, limits: Limits, source: str) -> None:
        self.text, self.limits, self.source = text, limits, source
        self.line = 1
        self.open: list[str] = []  # the "[" (arrays) and "{" (inline tables) open in a value
        self.in_key, self.key_parts, self.header = True, 1, False

    def fail(self, problem: str, short: str) -> UntrustedError:
        return UntrustedError(problem, short=short, source=self.source, line=self.line)

    def run(self) -> None:
        text, pos = self.text, 0
        while pos < len(text):
            char = text[pos]
            if char == "\n":
                self.line += 1
                if not self.open:
                    self.in_key, self.key_parts, self.header = True, 1, False
                pos += 1
            elif char == "#":
                newline = text.find("\n", pos)
                pos = len(text) if newline < 0 else newline
            elif char in "\"'":
                pos = self._string(pos)
            elif self.in_key:
                self._key(char)
                pos += 1
            else:
                pos = self._value(char, pos)

    def _key(self, char: str) -> None:
        if char == ".":
            self.key_parts += 1
            if self.key_parts > self.limits.max_depth:
                raise self.fail(f"a key of more than {self.limits.max_depth} dotted parts", "nested too deep")
        elif char == "=":
            self.in_key = False
        elif char == "[" and not self.open and not self.header:
            self.header = True  # [table] or [[array of tables]]: its name is a key
        elif char == "]" and self.header:
            self.in_key = False
        elif char == "}" and self.open:
            self.open.pop()  # an empty inline table: {}
            self.in_key = False

    def _value(self, char: str, pos: int) -> int:
        """Take the value character at ``pos``; return where to go on."""
        if char in "[{":
            self.open.append(char)
            if len(self.open) + 1 > self.limits.max_depth:
                raise self.fail(_too_deep(self.limits), "nested too deep")
            if char == "{":
                self.in_key, self.key_parts = True, 1
        elif char in "]}":
            if self.open:
                self.open.pop()
        elif char == "," and self.open and self.open[-1] == "{":
            self.in_key, self.key_parts = True, 1
        elif (word := _BARE_WORD.match(self.text, pos)) is not None:
            if word.end() - pos > MAX_NUMBER_CHARS:
                raise self.fail(f"a number of {word.end() - pos:,} digits (at most {MAX_NUMBER_CHARS})",
                                "bad number")
            return word.end()
        return pos + 1

    def _string(self, pos: int) -> int:
        """The offset just past the string starting at ``pos`` (or the end, if it never closes)."""
        text = self.text
        quote = text[pos]
        triple = text.startswith(quote * 3, pos)
        closing = quote * 3 if triple else quote
        cursor = pos + len(closing)
        while True:
            found = text.find(closing, cursor)
            stop = len(text) if found < 0 else found
            newline = text.find("\n", cursor, stop)
            if newline >= 0 and not triple:
                return newline  # a one-line string that runs into the line's end: tomllib names it
            self.line += text.count("\n", cursor, stop)
            if found < 0:
                return len(text)
            if quote == '"' and _escaped(text, found, cursor):
                cursor = found + 1
                continue
            return found + len(closing)


def _escaped(text: str, pos: int, start: int) -> bool:
    """Whether the character at ``pos`` follows an odd number of backslashes."""
    backslashes = 0
    while pos - backslashes - 1 >= start and text[pos - backslashes - 1] == "\\":
        backslashes += 1
    return backslashes % 2 == 1


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
    printable, if asked). Walks without recursion."""
    def fail(problem: str, short: str, where: str) -> UntrustedError:
        return UntrustedError(problem, short=short, source=source, line=line, field=printable(where, 120))

    stack: list[tuple[Any, int, str]] = [(data, 1, "")]
    while stack:
        value, depth, where = stack.pop()
        if isinstance(value, dict | list):
            if depth > limits.max_depth:
                raise fail(_too_deep(limits), "nested too deep", where)
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
        elif isinstance(value, float) and limits.finite and not math.isfinite(value):
            raise fail(f"{value} is not a number this box reads", "bad number", where)


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


def _too_deep(limits: Limits) -> str:
    return f"nested too deeply (more than {limits.max_depth} levels)"


def _size(count: int) -> str:
    if count >= 2**20 and count % 2**20 == 0:
        return f"{count // 2**20} MiB"
    if count >= 2**10 and count % 2**10 == 0:
        return f"{count // 2**10} KiB"
    return f"{count:,} bytes"
