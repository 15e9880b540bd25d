"""Rule errors: the one way a command is refused.

A refused command changes nothing and journals nothing. Its ``short`` text is
shown on the 128x64 OLED, so it must fit 2 lines of 21 characters; its ``long``
text goes to the screen and the log and should cite the rule it enforces.
"""

from __future__ import annotations

import textwrap

OLED_COLUMNS = 21
OLED_LINES = 2


def fits_oled(text: str) -> bool:
    """True when ``text`` wraps into at most 2 lines of 21 characters."""
    lines = textwrap.wrap(text, OLED_COLUMNS, break_long_words=False)
    return len(lines) <= OLED_LINES and all(len(line) <= OLED_COLUMNS for line in lines)


class RuleError(Exception):
    """A command the rules (or the command's own parameters) do not allow."""

    def __init__(self, short: str, long: str | None = None) -> None:
        if not fits_oled(short):
            raise ValueError(f"rule error short text does not fit the OLED: {short!r}")
        super().__init__(short)
        self.short = short
        self.long = long or short

    def __str__(self) -> str:
        return self.long


class ParamError(RuleError):
    """A value that does not fit its parameter (a number out of range, not one of the
    choices, missing): the command's form refused it, not a rule of the game."""
