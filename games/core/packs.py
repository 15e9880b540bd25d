"""Content packs: the part of reading one that every game shares (docs/PACKS.md).

A pack is TOML text an owner writes about the cards they own. Each game
checks its own fields; this module does the rest the same way for all of
them: the text read through the front door for untrusted text
(``games.core.untrusted``: a bounded size, nesting and number length, TOML
only with ``tomllib`` so no code runs, no NaN, printable text), every problem
collected with its place, and one clear refusal that changes nothing.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from games.core.errors import RuleError, fits_oled
from games.core.untrusted import Limits, UntrustedError, parse_toml

MAX_TEXT = 200_000
# A pack's tables nest a few levels (locations.101.keys, an area's pos list).
MAX_DEPTH = 16
# The longest text in a pack: a card's name or a note about it.
MAX_VALUE_TEXT = 2_000


class PackError(ValueError):
    """A pack that cannot be used, with every problem found (each naming its place).

    ``short`` says in a few words what is wrong when that is one thing (``not
    TOML``); else the refusal counts the problems.
    """

    def __init__(self, problems: list[str], short: str = "") -> None:
        super().__init__("; ".join(problems))
        self.problems = problems
        self.short = short


def read_toml(text: str, max_text: int = MAX_TEXT) -> dict[str, Any]:
    """The pack's TOML table, or PackError for a pack too long, too deep, not TOML,
    or holding a number or text the box does not read."""
    limits = Limits(max_size=max_text, max_depth=MAX_DEPTH, max_text=MAX_VALUE_TEXT, printable=True)
    try:
        return parse_toml(text, limits)
    except UntrustedError as err:
        where = err.where()
        problem = f"the pack is {err.problem}" if err.problem.startswith("longer than") else err.problem
        raise PackError([f"{problem} ({where})" if where else problem], err.short) from None


def unknown_keys(place: str, table: Mapping[str, Any], allowed: Iterable[str]) -> list[str]:
    """One problem per key of ``table`` that is not ``allowed``, naming ``place``."""
    allowed = tuple(allowed)
    return [f"{place}: unknown key {key!r} (allowed: {', '.join(allowed)})"
            for key in sorted(set(table) - set(allowed))]


def refused(err: PackError) -> RuleError:
    """The rule error a ``load_pack`` command raises: short for the OLED, every problem in full."""
    count = len(err.problems)
    what = err.short or f"{count} problem{'s' if count > 1 else ''}"
    return RuleError(f"Pack: {what}", "The content pack was not loaded: " + "; ".join(err.problems))


def for_pack(err: RuleError, name: str) -> RuleError:
    """``err``, a ``load_pack`` refusal, with the pack's name (its file's stem) in
    place of "Pack" in the OLED text, shortened to fit: ``my-threats: not TOML``."""
    what = err.short.removeprefix("Pack: ")
    for room in range(len(name), 0, -1):
        short = f"{name[:room]}{'…' if room < len(name) else ''}: {what}"
        if fits_oled(short):
            return RuleError(short, f"Pack {name}: {err.long}")
    return err
