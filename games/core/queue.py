"""A row of face-down spaces that cards move along, one space per push.

Kreel Manor's Shadows are the model: a new card goes into the last space,
every card already in the row moves one space toward the front, and the card
in the front space leaves the row (into the Threat Area, where it is
revealed). The row is a plain JSON list of fixed length; ``None`` is an empty
space and index 0 is the front. Any game with a conveyor of hidden cards can
use it.
"""

from __future__ import annotations

from typing import Any


def empty(spaces: int) -> list[Any]:
    """A row of ``spaces`` empty spaces."""
    if spaces < 1:
        raise ValueError("a queue needs at least one space")
    return [None] * spaces


def push(row: list[Any], item: Any) -> Any | None:
    """Put ``item`` in the last space and move every card one space forward.

    Changes ``row`` in place; returns the card pushed out of the front space,
    or None when the front space was empty. The row never grows.
    """
    if item is None:
        raise ValueError("cannot push an empty space")
    out = row[0]
    row[:-1] = row[1:]
    row[-1] = item
    return out


def occupied(row: list[Any]) -> int:
    """How many spaces hold a card."""
    return sum(1 for item in row if item is not None)
