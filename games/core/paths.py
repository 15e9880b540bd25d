"""Dotted paths into plain-data state (``heroes.0.spirit``)."""

from __future__ import annotations

from typing import Any


def _step(node: Any, part: str) -> Any:
    return node[int(part)] if isinstance(node, list) else node[part]


def get_path(state: dict, path: str) -> Any:
    node: Any = state
    for part in path.split("."):
        node = _step(node, part)
    return node


def set_path(state: dict, path: str, value: Any) -> None:
    *parents, last = path.split(".")
    node: Any = state
    for part in parents:
        node = _step(node, part)
    if isinstance(node, list):
        node[int(last)] = value
    else:
        node[last] = value
