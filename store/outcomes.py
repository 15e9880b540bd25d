"""A command's recorded outcome: what it changed in the state, as a small diff.

docs/JOURNAL.md, "Updates": what was played stands. The journal keeps, beside
each command, the change it made (:func:`diff` of the state before and after),
and a restore applies those changes (:func:`patch`) instead of deciding the
rules again. A rules fix in a later version then cannot make a saved game
unopenable or different from what the players last saw; the fix is checked
against the recorded moves separately (:mod:`store.rules_check`).

An outcome is a JSON list of changes, each ``[path, value]`` (set the value at
``path``) or ``[path]`` (delete the key at ``path``). A path is a list of dict
keys (strings) and list indexes (integers); an empty path replaces the whole
state. Dicts are compared key by key and lists of the same length item by
item, so a dial turn records one number; a list that grew or shrank is
recorded whole (a face-down queue, a log), which is what it costs to say.
"""

from __future__ import annotations

import marshal
from typing import Any

Path = list[str | int]
Change = list[Any]  # [path, value] or [path]


def diff(before: Any, after: Any) -> list[Change]:
    """The changes that turn ``before`` into ``after`` (both JSON data); empty when equal."""
    changes: list[Change] = []
    _diff(before, after, [], changes)
    return changes


def _same(before: Any, after: Any) -> bool:
    """Whether two JSON values are the same, type for type (1, True and 1.0 told apart).

    ``==`` runs in C but says ``1 == True``; a container it finds equal is confirmed by its
    ``marshal`` bytes (C too, and they keep each value's type; a difference of key order or of
    object sharing only sends the walk one level down, never hides a change). Walking an
    unchanged part of a state node by node cost a Myth state's diff a quarter of a millisecond
    here, some 2.5 ms on a Pi Zero 2 W against a press's budget of 3; this costs a tenth of it.
    """
    if type(before) is not type(after) or before != after:
        return False
    return type(before) not in (dict, list) or marshal.dumps(before) == marshal.dumps(after)


def _diff(before: Any, after: Any, path: Path, changes: list[Change]) -> None:
    if _same(before, after):
        return
    if type(before) is dict and type(after) is dict:
        for key in sorted(after):  # in key order: the same states give the same outcome text
            if key not in before:
                changes.append([[*path, key], after[key]])
            else:
                _diff(before[key], after[key], [*path, key], changes)
        changes.extend([[*path, key]] for key in sorted(before) if key not in after)
    elif type(before) is list and type(after) is list and len(before) == len(after):
        for index, (old, new) in enumerate(zip(before, after, strict=True)):
            _diff(old, new, [*path, index], changes)
    else:
        changes.append([path, after])


def patch(state: Any, changes: list[Change]) -> Any:
    """``state`` with ``changes`` applied, ``state`` itself untouched.

    Only the containers along each changed path are copied; the rest is shared
    with ``state`` (states are never changed in place: the engine works on
    copies). Raises ValueError for a change that does not fit the state (a
    damaged row, or an outcome recorded on another state).
    """
    if type(changes) is not list:
        raise ValueError("an outcome is a list of changes")
    copied: set[int] = set()  # the containers this patch made, safe to change in place
    root = [state]
    for change in changes:
        if type(change) is not list or len(change) not in (1, 2) or type(change[0]) is not list:
            raise ValueError(f"not a change: {change!r:.80}")
        parent: Any = root
        key: str | int = 0
        for step in change[0]:
            parent = _own(parent, key, copied)
            if not _fits(parent, step):
                raise ValueError(f"the change {change!r:.80} does not fit the state")
            key = step
        if len(change) == 2:
            parent[key] = change[1]
        elif parent is not root and type(parent) is dict:
            del parent[key]
        else:
            raise ValueError(f"the change {change!r:.80} deletes what cannot be deleted")
    return root[0]


def _own(parent: Any, key: str | int, copied: set[int]) -> Any:
    """The child at ``key``, copied once so this patch may change it."""
    if type(parent) is dict and key not in parent:
        raise ValueError(f"the state has no {key!r} to change inside")
    child = parent[key]
    if id(child) not in copied:
        child = dict(child) if type(child) is dict else list(child) if type(child) is list else child
        parent[key] = child
        copied.add(id(child))
    return child


def _fits(container: Any, step: Any) -> bool:
    """Whether ``step`` names a place in ``container`` (a key of a dict, an index of a list)."""
    if type(container) is dict:
        return type(step) is str
    return type(container) is list and type(step) is int and 0 <= step < len(container)
