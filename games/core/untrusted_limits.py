"""The limits a reader of outside text sets, and the error when text breaks one.

Shared by the front door (:mod:`games.core.untrusted`, which readers import)
and the scans it runs before a parser (:mod:`games.core.untrusted_prescan`).
"""

from __future__ import annotations

from dataclasses import dataclass

# Whole numbers fit 64 bits (TOML's own limit; the generator's state is one).
MAX_INT = 2**64
# The longest number literal read: 20 digits hold any 64-bit number, a float
# needs 17 significant digits and an exponent; the rest is room for zeros.
MAX_NUMBER_CHARS = 40


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


def too_deep(limits: Limits) -> str:
    return f"nested too deeply (more than {limits.max_depth} levels)"
