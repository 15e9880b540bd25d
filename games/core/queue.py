"""A row of face-down spaces that cards are bumped along, one space per bump.

Kreel Manor's Shadows are the model ("2. Threat Phase"): a new card goes into
the last space; a card already there is bumped one space toward the front, and
a card in that space is bumped in turn, and so on; a card bumped out of the
front space leaves the row (into the Threat Area, where it is revealed). A
card moves only when another is bumped into its space, so an empty space stops
the bump: ``[a, None, c]`` plus ``d`` is ``[a, c, d]``. The row is a plain JSON
list of fixed length; ``None`` is an empty space and index 0 is the front. Any
game with a conveyor of hidden cards can use it.
"""

from __future__ import annotations

from typing import Any


def empty(spaces: int) -> list[Any]:
    """A row of ``spaces`` empty spaces."""
    if spaces < 1:
        raise ValueError("a queue needs at least one space")
    return [None] * spaces


def push(row: list[Any], item: Any) -> Any | None:
    """Put ``item`` in the last space, bumping the cards ahead of it.

    The card that was in the last space moves one space forward, the card in
    that space (if any) moves on in turn, until a bumped card lands in an empty
    space; cards beyond that empty space stay where they are. Changes ``row``
    in place; returns the card bumped out of the front space, or None when the
    bump stopped inside the row. The row never grows.
    """
    if item is None:
        raise ValueError("cannot push an empty space")
    moving = item
    for index in range(len(row) - 1, -1, -1):
        row[index], moving = moving, row[index]
        if moving is None:
            return None
    return moving


def occupied(row: list[Any]) -> int:
    """How many spaces hold a card."""
    return sum(1 for item in row if item is not None)
