"""What the displays may not know: a state with its secret paths removed.

boardgame.io's ``playerView`` made structural: a game declares where its
secrets live (:attr:`games.core.game.Game.secrets`, dotted paths into the
state), and :meth:`games.core.game.Game.view` builds the view model from the
state without them. A view function never holds a secret, so no view can show
one by mistake, whatever it prints.

A path is dotted keys (``enemy_deck.draw``); ``*`` stands for every key of a
mapping or every item of a list (``plan.*.enemy.card``). A secret stays one
while the mapping holding it is face down: once that mapping says
``"revealed": True`` (a slot of :mod:`games.core.deck` turned face up) its
value is shown like any other.

A pile turned up one card at a time from the front, its count of cards
turned kept beside it, is named ``order[next:]``: the items of ``order`` from
the index in its sibling ``next`` on are secret (``plan.*.order[next:]``:
Myth's action cards still face down, in the order they will come).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

#: ``order[next:]``: the tail of a list from the index its sibling key holds.
_TAIL = re.compile(r"(\w+)\[(\w+):\]")

#: Kept from every game's displays: the generator's state foretells every shuffle and
#: virtual roll to come (:mod:`games.core.rng`).
ALWAYS = ("rng",)


def without(state: dict, paths: Iterable[str]) -> dict:
    """``state`` without the values at ``paths``.

    Only the containers on the way to a secret are copied; ``state`` itself is
    never changed (it is the journaled state).
    """
    out: Any = state
    for path in paths:
        out = _strip(out, path.split("."))
    return out


def _strip(node: Any, keys: list[str]) -> Any:
    head, rest = keys[0], keys[1:]
    tail = _TAIL.fullmatch(head)
    if tail and not rest:
        return _strip_tail(node, *tail.groups())
    if isinstance(node, dict):
        names: list[Any] = list(node) if head == "*" else [head] if head in node else []
        if not rest and node.get("revealed") is True:
            return node  # face up: nothing here is secret any more
    elif isinstance(node, list):
        names = list(range(len(node))) if head == "*" else (
            [int(head)] if head.isdigit() and int(head) < len(node) else [])
    else:
        return node
    if not names:
        return node
    out: Any = dict(node) if isinstance(node, dict) else list(node)
    for name in names:
        if rest:
            out[name] = _strip(node[name], rest)
        elif isinstance(out, dict):
            del out[name]
        else:
            out[name] = None  # a list keeps its length: later items keep their places
    return out


def _strip_tail(node: Any, name: str, counter: str) -> Any:
    """``node`` with the items of its list ``name`` from index ``node[counter]`` on hidden
    (``None``: the list keeps its length, so a view can still count what is left)."""
    if not isinstance(node, dict) or not isinstance(node.get(name), list):
        return node
    start = node.get(counter, 0)
    start = start if isinstance(start, int) and start >= 0 else 0
    pile = node[name]
    if start >= len(pile):
        return node
    return {**node, name: pile[:start] + [None] * (len(pile) - start)}
