"""A map of places on a square grid: positions, neighbours, range and nearest place.

Any game whose board is cards or tiles laid edge to edge can use it (Tainted
Grail's Location cards are the model). A board is a plain mapping from a
place's key (a card number, a name) to its grid position ``(x, y)``; ``x``
grows to the east (right) and ``y`` to the south (down the table), so north
is ``y - 1``. Positions may be any two-item sequence, so a JSON list
``[x, y]`` from a saved state works as well as a tuple.

Two measures of distance, both in cards:

- :func:`distance` counts steps that may go straight or diagonal (a card
  touching another only at a corner is 1 away): "range" and "adjacent".
- :func:`straight_distance` counts straight steps only (no diagonal moves).

Ties between places at the same distance are broken by the lowest key
(:func:`nearest`), as rules like "the nearest Location, lowest-numbered if
tied" ask. :func:`cells` and :func:`rows` lay the board out for the screen.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import TypeVar

K = TypeVar("K")
Pos = tuple[int, int]

# The four cardinal directions, as steps on the grid (north is up the table).
DIRECTIONS: dict[str, Pos] = {"north": (0, -1), "east": (1, 0), "south": (0, 1), "west": (-1, 0)}
OPPOSITE = {"north": "south", "south": "north", "east": "west", "west": "east"}


def pos(value: Sequence[int]) -> Pos:
    """``value`` (a tuple or a JSON list) as an ``(x, y)`` tuple."""
    x, y = value
    return (int(x), int(y))


def step(start: Sequence[int], direction: str) -> Pos:
    """The position one card from ``start`` in ``direction`` (north/east/south/west)."""
    dx, dy = DIRECTIONS[direction]
    x, y = pos(start)
    return (x + dx, y + dy)


def direction_between(a: Sequence[int], b: Sequence[int]) -> str | None:
    """The direction from ``a`` to ``b`` when ``b`` is straight next to ``a``, else None."""
    (ax, ay), (bx, by) = pos(a), pos(b)
    for name, (dx, dy) in DIRECTIONS.items():
        if (ax + dx, ay + dy) == (bx, by):
            return name
    return None


def distance(a: Sequence[int], b: Sequence[int]) -> int:
    """Cards between ``a`` and ``b`` counting straight or diagonal steps (Chebyshev)."""
    (ax, ay), (bx, by) = pos(a), pos(b)
    return max(abs(ax - bx), abs(ay - by))


def straight_distance(a: Sequence[int], b: Sequence[int]) -> int:
    """Cards between ``a`` and ``b`` counting straight steps only (Manhattan)."""
    (ax, ay), (bx, by) = pos(a), pos(b)
    return abs(ax - bx) + abs(ay - by)


def at(board: Mapping[K, Sequence[int]], where: Sequence[int]) -> K | None:
    """The key of the place at ``where``, or None when no card lies there."""
    target = pos(where)
    for key, place in board.items():
        if pos(place) == target:
            return key
    return None


def neighbours(board: Mapping[K, Sequence[int]], key: K) -> dict[str, K]:
    """The places straight next to ``key``, by direction (only where a card lies)."""
    out = {}
    for name in DIRECTIONS:
        other = at(board, step(board[key], name))
        if other is not None:
            out[name] = other
    return out


def within(board: Mapping[K, Sequence[int]], centres: Iterable[Sequence[int]], reach: int = 1) -> list[K]:
    """The places no further than ``reach`` (straight or diagonal) from any of ``centres``,
    lowest key first."""
    spots = [pos(c) for c in centres]
    keys = [k for k, p in board.items() if any(distance(p, c) <= reach for c in spots)]
    return sorted(keys)  # type: ignore[type-var]


def in_range(where: Sequence[int], centres: Iterable[Sequence[int]], reach: int = 1) -> bool:
    """True when ``where`` is no further than ``reach`` (straight or diagonal) from a centre."""
    return any(distance(where, c) <= reach for c in centres)


def nearest(board: Mapping[K, Sequence[int]], origin: Sequence[int], *, straight: bool = False) -> K | None:
    """The place nearest to ``origin``, the lowest key on a tie; None on an empty board.

    Distance counts straight or diagonal steps unless ``straight`` is true.
    ``origin`` need not hold a place (a removed card's old position).
    """
    measure = straight_distance if straight else distance
    best = None
    for key, place in board.items():
        rank = (measure(origin, place), key)
        if best is None or rank < best:
            best = rank
    return None if best is None else best[1]


def lowest(keys: Iterable[K]) -> K | None:
    """The lowest key (the "lowest-numbered" place), or None when there is none."""
    keys = list(keys)
    return min(keys) if keys else None  # type: ignore[type-var]


def highest(keys: Iterable[K]) -> K | None:
    """The highest key (the "highest-numbered" place), or None when there is none."""
    keys = list(keys)
    return max(keys) if keys else None  # type: ignore[type-var]


def bounds(board: Mapping[K, Sequence[int]]) -> tuple[int, int, int, int] | None:
    """``(min_x, min_y, max_x, max_y)`` of the laid cards, or None on an empty board."""
    if not board:
        return None
    xs = [pos(p)[0] for p in board.values()]
    ys = [pos(p)[1] for p in board.values()]
    return (min(xs), min(ys), max(xs), max(ys))


def cells(board: Mapping[K, Sequence[int]], label=str) -> tuple[tuple[str, ...], ...]:
    """The board as rows of cell labels, north at the top: ``label(key)`` for a place,
    ``""`` where no card lies. For a view's ``grid`` (the screen draws it as a map)."""
    box = bounds(board)
    if box is None:
        return ()
    min_x, min_y, max_x, max_y = box
    by_pos = {pos(p): k for k, p in board.items()}
    return tuple(
        tuple("" if (x, y) not in by_pos else str(label(by_pos[(x, y)])) for x in range(min_x, max_x + 1))
        for y in range(min_y, max_y + 1))


def rows(board: Mapping[K, Sequence[int]], cell: int = 5, label=str, mark=None) -> list[str]:
    """The board drawn as text rows, north at the top, each place ``cell`` characters wide.

    ``label(key)`` names a place; ``mark(key)`` may return a one-character
    suffix (``*`` for a Menhir, ``!`` for a place about to vanish) or "".
    Empty grid cells are dots. For the screen's map panel.
    """
    box = bounds(board)
    if box is None:
        return []
    min_x, min_y, max_x, max_y = box
    by_pos = {pos(p): k for k, p in board.items()}
    out = []
    for y in range(min_y, max_y + 1):
        cells = []
        for x in range(min_x, max_x + 1):
            key = by_pos.get((x, y))
            if key is None:
                text = "."
            else:
                text = str(label(key)) + (mark(key) if mark else "")
            cells.append(text[:cell].center(cell))
        out.append(" ".join(cells).rstrip())
    return out
