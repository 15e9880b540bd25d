"""A game's track specs, built once per state shape instead of on every call.

``Game.tracks(state)`` builds the game's :class:`~games.core.game.TrackSpec`
list from the state: which heroes there are, which one is active, whether an
Encounter runs. The engine needs that list two or three times per command
(the dial's track, then every bound checked) and the displays again per
frame, yet it changes only when the state's *shape* does. Building it costs
more than the rest of a dial turn's engine work.

:class:`TrackTable` wraps a game's ``tracks`` function and remembers what it
returned, together with every value the function read from the state to
build it. The function is run on a read-only view of the state that notes
each read (a key looked up and what it held, a length, a dict's keys); the
specs are reused for any later state in which all those reads give the same
results, since a pure function given the same inputs returns the same specs.
The bounds' own functions (``lambda s: s["heroes"][i]["max_hp"]``) read
the state they are given when they are called, so they stay right for every
state that reuses them.

Two checks keep the cache honest:

- The first time a shape is built, the function also runs on the state itself
  and both results are compared, bounds evaluated on that state. Any
  difference (a function that tests ``isinstance(x, dict)``, which the view
  is not) turns the cache off for that game: it then calls the function every
  time, as before.
- The read-only view is closed once the function returns. A bound or an
  ``on_change`` that kept a piece of the state it was built from, instead of
  reading the state it is handed, fails loudly (:class:`StaleStateError`)
  rather than answering from an old state.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from games.core.game import TrackSpec

MAX_SHAPES = 32  # shapes remembered per game (the oldest used is dropped)

Path = tuple[Any, ...]


class StaleStateError(RuntimeError):
    """A track's function read the state its specs were built from, not the one it was given."""


class _Reads:
    """What one ``tracks`` call read: ``(path, what) -> result``, in the order first read.

    ``what`` is ``"value"`` (a scalar's type and value, a container's type),
    ``"len"``, ``"keys"`` (a dict's, in order), or ``"missing"`` (a key looked
    up and absent; ``path`` ends with that key).
    """

    def __init__(self) -> None:
        self.results: dict[tuple[Path, str], Any] = {}
        self.closed = False

    def note(self, path: Path, what: str, result: Any) -> None:
        if self.closed:
            raise StaleStateError(
                "a track's bound or on_change read the state its specs were built from "
                f"(at {'.'.join(map(str, path)) or 'the root'}); read the state it is given instead")
        self.results.setdefault((path, what), result)

    def child(self, path: Path, value: Any) -> Any:
        kind = type(value)
        if kind is dict:
            self.note(path, "value", dict)
            return _MappingReads(value, path, self)
        if kind is list:
            self.note(path, "value", list)
            return _SequenceReads(value, path, self)
        self.note(path, "value", (kind, value))
        return value

    def hold_in(self, state: dict) -> bool:
        """True when every read gives the same result on ``state``."""
        try:
            for (path, what), result in self.results.items():
                node: Any = state
                if what == "missing":
                    for part in path[:-1]:
                        node = node[part]
                    if path[-1] in node:
                        return False
                    continue
                for part in path:
                    node = node[part]
                if what == "value":
                    kind = type(node)
                    if kind is dict or kind is list:
                        if result is not kind:
                            return False
                    elif result != (kind, node):
                        return False
                elif what == "len":
                    if len(node) != result:
                        return False
                elif tuple(node) != result:  # "keys"
                    return False
        except (KeyError, IndexError, TypeError):
            return False
        return True


class _MappingReads(Mapping):
    """A read-only dict that notes what is read from it (``get``, ``items``, ``in`` come from Mapping)."""

    __slots__ = ("_data", "_path", "_reads")

    def __init__(self, data: dict, path: Path, reads: _Reads) -> None:
        self._data, self._path, self._reads = data, path, reads

    def __getitem__(self, key: Any) -> Any:
        if key not in self._data:
            self._reads.note(self._path + (key,), "missing", True)
            raise KeyError(key)
        return self._reads.child(self._path + (key,), self._data[key])

    def __len__(self) -> int:
        self._reads.note(self._path, "len", len(self._data))
        return len(self._data)

    def __iter__(self) -> Iterator:
        keys = tuple(self._data)
        self._reads.note(self._path, "keys", keys)
        return iter(keys)


class _SequenceReads(Sequence):
    """A read-only list that notes what is read from it."""

    __slots__ = ("_data", "_path", "_reads")

    def __init__(self, data: list, path: Path, reads: _Reads) -> None:
        self._data, self._path, self._reads = data, path, reads

    def __getitem__(self, index: Any) -> Any:
        if isinstance(index, slice):
            return [self[i] for i in range(len(self))[index]]
        if not -len(self._data) <= index < len(self._data):
            self._reads.note(self._path, "len", len(self._data))
            raise IndexError(index)
        return self._reads.child(self._path + (index,), self._data[index])

    def __len__(self) -> int:
        self._reads.note(self._path, "len", len(self._data))
        return len(self._data)

    def __iter__(self) -> Iterator:
        for index in range(len(self)):
            yield self[index]

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Sequence) and len(self) == len(other) and all(
            a == b for a, b in zip(self, other, strict=True))

    __hash__ = None  # type: ignore[assignment]


class _Shape:
    """The specs one state shape gives, and what they were built from."""

    __slots__ = ("reads", "specs", "by_key")

    def __init__(self, reads: _Reads, specs: list[TrackSpec]) -> None:
        self.reads = reads
        self.specs = specs
        self.by_key: dict[str, TrackSpec] = {}
        for spec in specs:
            self.by_key.setdefault(spec.key, spec)  # the first of a key, as a search in order finds


def _bound(value: int | Callable[[dict], int], state: dict) -> Any:
    """A bound's value on ``state``; a bound that fails there gives its error's type."""
    if not callable(value):
        return value
    try:
        return value(state)
    except StaleStateError:
        raise
    except Exception as exc:  # noqa: BLE001 - compared: both builds must fail alike
        return type(exc)


def _same_specs(built: list[TrackSpec], plain: list[TrackSpec], state: dict) -> bool:
    """True when the specs built through the read-only view are those the function gives
    on ``state`` itself: same keys, labels, paths and dial flags, an ``on_change`` and a
    ``shortfall`` where it has one, and bounds of the same value on ``state``."""
    if len(built) != len(plain):
        return False
    for a, b in zip(built, plain, strict=True):
        if (a.key, a.label, a.path, a.dial, a.on_change is None, a.shortfall is None) != (
                b.key, b.label, b.path, b.dial, b.on_change is None, b.shortfall is None):
            return False
        for x, y in ((a.low, b.low), (a.high, b.high)):
            if callable(x) != callable(y) or _bound(x, state) != _bound(y, state):
                return False
    return True


class TrackTable:
    """A game's ``tracks`` function with its results remembered per state shape.

    Call it like the function: ``table(state)`` returns a new list of the
    specs (the specs themselves are shared and frozen). :meth:`spec` finds
    one by key. ``cached`` is False once a check found that the function
    cannot be run on the read-only view; it is then called every time.
    """

    def __init__(self, build: Callable[[dict], list[TrackSpec]]) -> None:
        self.build = build
        self.cached = True
        self._shapes: list[_Shape] = []

    def __call__(self, state: dict) -> list[TrackSpec]:
        shape = self._shape(state)
        return list(shape.specs) if shape is not None else self.build(state)

    def spec(self, state: dict, key: str) -> TrackSpec | None:
        """The track ``key`` of ``state``, or None."""
        shape = self._shape(state)
        if shape is not None:
            return shape.by_key.get(key)
        return next((spec for spec in self.build(state) if spec.key == key), None)

    def _shape(self, state: dict) -> _Shape | None:
        """The remembered shape ``state`` has, recorded now if it is new (None: not cached)."""
        if not self.cached or type(state) is not dict:
            return None
        for index, shape in enumerate(self._shapes):
            if shape.reads.hold_in(state):
                if index:
                    self._shapes.insert(0, self._shapes.pop(index))
                return shape
        recorded = self._record(state)
        if recorded is None:
            self.cached = False
            self._shapes.clear()
            return None
        self._shapes.insert(0, recorded)
        del self._shapes[MAX_SHAPES:]
        return recorded

    def _record(self, state: dict) -> _Shape | None:
        """Build the specs through the read-only view and check them against a plain build;
        None when they differ or the view was not enough. A state the function itself
        fails on raises here as it always did."""
        reads = _Reads()
        try:
            built = self.build(_MappingReads(state, (), reads))  # type: ignore[arg-type]
        except Exception:  # noqa: BLE001 - the plain build below says whether the state is at fault
            built = None
        finally:
            reads.closed = True
        plain = self.build(state)
        try:
            same = built is not None and _same_specs(built, plain, state)
        except StaleStateError:
            same = False
        return _Shape(reads, built) if same and built is not None else None
