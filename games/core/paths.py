"""Dotted paths into plain-data state (``heroes.0.spirit``).

A part indexes a list as a number and a dict as a string, whatever the part
looks like: ``heroes.0`` is the first hero of a list, or the key ``"0"`` of
a dict. Each path is split once (:func:`parts`): the engine reads every
track's path after every command.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any


@lru_cache(maxsize=4096)
def parts(path: str) -> tuple[tuple[str, int | None], ...]:
    """``path`` split at its dots, each part with its number (None when it is not one)."""
    return tuple((part, _number(part)) for part in path.split("."))


def _number(part: str) -> int | None:
    try:
        return int(part)
    except ValueError:
        return None


def _step(node: Any, key: str, index: int | None) -> Any:
    if isinstance(node, list):
        # a part that is not a number raises the ValueError it always has
        return node[index if index is not None else int(key)]
    return node[key]


def get_path(state: dict, path: str) -> Any:
    node: Any = state
    for key, index in parts(path):
        node = _step(node, key, index)
    return node


def set_path(state: dict, path: str, value: Any) -> None:
    *parents, (key, index) = parts(path)
    node: Any = state
    for part in parents:
        node = _step(node, *part)
    if isinstance(node, list):
        node[index if index is not None else int(key)] = value
    else:
        node[key] = value
