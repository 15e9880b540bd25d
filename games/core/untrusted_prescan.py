"""What is checked on outside text before a parser runs, so no parser is handed
what it would choke on: JSON and TOML nested deeper than the reader allows
(Python's parsers recurse), a dotted TOML key of too many parts (``tomllib``
takes quadratic memory over them), a number literal of thousands of digits
(``int()`` is slow on them), ``NaN`` and ``Infinity``.

Used by :func:`games.core.untrusted.parse_json` and
:func:`~games.core.untrusted.parse_toml`, the front door readers import.
"""

from __future__ import annotations

import math
import re
from typing import Any

from games.core.untrusted_limits import MAX_NUMBER_CHARS, Limits, UntrustedError, too_deep

_JSON_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"', re.DOTALL)
_JSON_TOKEN = re.compile(r'["\[\]{}]')


class Refused(Exception):
    """A hook's refusal inside ``json.loads``, placed afterwards by :func:`locate`."""

    def __init__(self, problem: str, pattern: re.Pattern) -> None:
        super().__init__(problem)
        self.problem = problem
        self.pattern = pattern


def json_too_deep(text: str, max_depth: int) -> int | None:
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


def locate(text: str, pattern: re.Pattern) -> int | None:
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
        raise Refused(f"a number of {count:,} {unit} (at most {MAX_NUMBER_CHARS})", _LONG_NUMBER)
    return literal


def json_int(digits: str) -> int:
    return int(_short_number(digits, "digits"))


def json_float(literal: str) -> float:
    value = json_any_float(literal)
    if not math.isfinite(value):
        raise Refused(f"{literal} is too large a number", re.compile(re.escape(literal)))
    return value


def json_any_float(literal: str) -> float:
    return float(_short_number(literal, "characters"))


def json_constant(name: str) -> Any:
    raise Refused(f"{name} is not a number this box reads", _CONSTANT)


# --- TOML -------------------------------------------------------------------------------

_BARE_WORD = re.compile(r"[A-Za-z0-9_]+")


class TomlScan:
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
                raise self.fail(too_deep(self.limits), "nested too deep")
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
