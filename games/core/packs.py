"""Content packs: the part of reading one that every game shares (docs/PACKS.md).

A pack is TOML text an owner writes about the cards they own. Each game
checks its own fields; this module does the rest the same way for all of
them: a bounded size, TOML only (``tomllib``: no code runs), every problem
collected with its place, and one clear refusal that changes nothing.
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterable, Mapping
from typing import Any

from games.core.errors import RuleError

MAX_TEXT = 200_000


class PackError(ValueError):
    """A pack that cannot be used, with every problem found (each naming its place)."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__("; ".join(problems))
        self.problems = problems


def read_toml(text: str, max_text: int = MAX_TEXT) -> dict[str, Any]:
    """The pack's TOML table, or PackError for a pack too long or not TOML."""
    if len(text) > max_text:
        raise PackError([f"the pack is longer than {max_text} characters"])
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        raise PackError([f"not valid TOML: {err}"]) from None


def unknown_keys(place: str, table: Mapping[str, Any], allowed: Iterable[str]) -> list[str]:
    """One problem per key of ``table`` that is not ``allowed``, naming ``place``."""
    allowed = tuple(allowed)
    return [f"{place}: unknown key {key!r} (allowed: {', '.join(allowed)})"
            for key in sorted(set(table) - set(allowed))]


def refused(err: PackError) -> RuleError:
    """The rule error a ``load_pack`` command raises: short for the OLED, every problem in full."""
    count = len(err.problems)
    return RuleError(f"Pack: {count} problem{'s' if count > 1 else ''}",
                     "The content pack was not loaded: " + "; ".join(err.problems))
