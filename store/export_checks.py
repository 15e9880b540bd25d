"""The checks an exported game passes field by field before an import writes anything.

:func:`store.game_export.check_export` runs them in order; each refuses with a
:class:`JournalImportError` naming the field (and the command number) that is
wrong, and turns any other exception from the game's own code on odd data
into one. The limits below bound what an export may hold.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from games.core import engine
from games.core.engine import CORE_KEYS, Applied, InvariantError
from games.core.errors import RuleError
from games.core.game import Game
from games.core.packs import MAX_TEXT as MAX_PACK_TEXT
from store.file_format import unsealed
from store.outcomes import patch
from store.replay import outcome_parts
from store.storage import JournalError

# An export file larger than this is refused before it is parsed. What a Pi Zero 2 W (512 MB, the
# service and the OS beside it) can check: an import peaks at about 9 bytes of memory per byte of
# export plus the interpreter (a 6.8 MB, 30,000-move export: 103 MB), so 16 MiB (some 70,000
# dial turns, fewer heavy moves) stays near 200 MB. It was 64 MiB, which took 4.7 GB while each
# replayed state was kept (issue "One writer, checked bytes", 17).
MAX_EXPORT_BYTES = 16 * 1024 * 1024
# The longest journal the benchmarks measure (benchmarks/journal_scale.py).
MAX_COMMANDS = 100_000
MAX_CHECKPOINTS = 10_000
# JSON values in the whole document: ~10 per command, plus the states.
MAX_VALUES = 4_000_000
# Game states nest a few levels (a procedure waiting inside another); a pack's tables a few more.
MAX_DEPTH = 64
# The longest text an export holds: a content pack's TOML, loaded by a command.
MAX_TEXT = MAX_PACK_TEXT
MAX_NAME = 200
# Whole numbers fit 64 bits (the generator's state is a 64-bit number).
MAX_INT = 2**64
# Times are seconds since 1970, up to the end of the year 9999.
EARLIEST_TIME = 0.0
LATEST_TIME = 253_402_300_799.0


class JournalImportError(JournalError, ValueError):
    """An exported game that cannot be imported; the message names what is wrong."""


@dataclass(frozen=True)
class CheckedCommand:
    """One exported command, checked: ``command`` is its JSON as journaled
    (``{"name", "params"}``, before any migration), ``schema`` the game schema
    it was journaled under, ``description`` and ``outcome`` (stored text) what
    replaying it gave, and ``snapshot`` the state after it where the import
    writes a snapshot (else None: an import keeps no more states than a
    restore would, so its memory does not grow with the game)."""

    command: dict
    schema: int
    created: float
    description: str
    outcome: str
    snapshot: dict | None


@dataclass(frozen=True)
class CheckedCheckpoint:
    name: str
    seq: int
    created: float


@dataclass(frozen=True)
class CheckedExport:
    """An export that passed :func:`check_export`: what the journal writes for it.

    ``initial`` is the initial state migrated to the game's schema; the
    commands are in journal order (``seq`` 1, 2, …), the redo tail included.
    """

    game: Game
    name: str
    created: float
    options: dict
    seed: int | str
    initial: dict
    commands: tuple[CheckedCommand, ...]
    cursor: int
    checkpoints: tuple[CheckedCheckpoint, ...]

    def state_at(self, seq: int) -> dict:
        """The state after the first ``seq`` commands, rebuilt from their outcomes."""
        state = self.initial
        for entry in self.commands[:seq]:
            state = patch(state, outcome_parts(unsealed(entry.outcome))[1])
        return state



def require(ok: bool, message: str) -> None:
    if not ok:
        raise JournalImportError(message)


def is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def is_time(value: Any) -> bool:
    return (isinstance(value, int | float) and not isinstance(value, bool)
            and EARLIEST_TIME <= value <= LATEST_TIME)  # False for NaN


def is_name(value: Any) -> bool:
    """Printable text of 1..MAX_NAME characters: no control characters, escapes or NUL."""
    return (isinstance(value, str) and 0 < len(value) <= MAX_NAME and value.isprintable()
            and bool(value.strip()))


def _failure(exc: BaseException) -> str:
    return f"{type(exc).__name__}: {exc}"


def _where(trail: tuple | None) -> str:
    """``trail`` (a key and its parent's trail) as a path: ``commands[2].command.params``."""
    parts: list[str] = []
    while trail is not None:
        key, trail = trail
        parts.append(f"[{key}]" if isinstance(key, int) else f".{key}")
    return "".join(reversed(parts)).lstrip(".") or "the export"


def check_values(data: Any) -> None:
    """Every value in the document: JSON types only, within the size, depth and number bounds.

    Walks without recursion, so a document nested a million deep is refused
    by name rather than overflowing the stack.
    """
    stack: list[tuple[Any, int, tuple | None]] = [(data, 0, None)]
    count = text = 0
    while stack:
        value, depth, trail = stack.pop()
        count += 1
        require(count <= MAX_VALUES, f"the export is too large: more than {MAX_VALUES:,} values")
        if isinstance(value, dict | list):
            require(depth < MAX_DEPTH, f"{_where(trail)}: nested more than {MAX_DEPTH} deep")
            items = value.items() if isinstance(value, dict) else enumerate(value)
            for key, item in items:
                if isinstance(value, dict):
                    require(isinstance(key, str), f"{_where(trail)}: a key that is not text")
                    text += len(str(key))
                stack.append((item, depth + 1, (key, trail)))
        elif isinstance(value, str):
            require(len(value) <= MAX_TEXT, f"{_where(trail)}: text longer than {MAX_TEXT:,} characters")
            text += len(value)
            require(text <= MAX_EXPORT_BYTES, "the export is too large: too much text")
        elif isinstance(value, bool) or value is None:
            continue
        elif isinstance(value, int):
            require(-MAX_INT < value < MAX_INT, f"{_where(trail)}: a whole number larger than 64 bits")
        elif isinstance(value, float):
            require(math.isfinite(value), f"{_where(trail)}: {value} is not a number JSON allows")
        else:
            raise JournalImportError(f"{_where(trail)}: {type(value).__name__} is not a JSON value")


def _kind(value: Any) -> str:
    """The JSON type of ``value``, in words."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true or false"
    if isinstance(value, int):
        return "a whole number"
    if isinstance(value, float):
        return "a number"
    if isinstance(value, str):
        return "text"
    return "a list" if isinstance(value, list) else "an object"


def _fits(expected: Any, value: Any) -> bool:
    """Whether ``value`` has the JSON type a new game has in its place (null there: anything)."""
    if expected is None:
        return True
    if isinstance(expected, float):
        return isinstance(value, int | float) and not isinstance(value, bool)
    return _kind(expected) == _kind(value)


def _item_shape(items: list) -> Any:
    """What each item of a new game's list looks like: for records (the heroes, the
    map's cells) the keys they all have, each with its first value (null where the
    records differ in type); for other items the first, when all are of one type;
    else null (anything)."""
    if all(isinstance(item, dict) for item in items):
        return {key: value if all(_kind(item[key]) == _kind(value) for item in items) else None
                for key, value in items[0].items() if all(key in item for item in items)}
    return items[0] if all(_kind(item) == _kind(items[0]) for item in items) else None


def _shape_problems(expected: Any, value: Any, where: str, keys_required: bool) -> list[str]:
    """Where ``value`` lacks the shape ``expected`` has in a new game.

    Wherever both have a value the JSON types agree (null in the new game
    allows anything); a list's items are compared with :func:`_item_shape`.
    Where ``keys_required`` (the state itself, and each record in a list),
    every key of the new game must be there too. Elsewhere an object may be a
    table keyed by names (Myth's areas, by the owner's board), whose keys may
    differ from this box's: only the values they share are compared.
    """
    if not _fits(expected, value):
        return [f"{where} must be {_kind(expected)}, not {_kind(value)}"]
    problems = []
    if isinstance(expected, dict):
        for key, item in expected.items():
            place = f"{where}.{key}" if where else key
            if key in value:
                problems += _shape_problems(item, value[key], place, keys_required=False)
            elif keys_required:
                problems.append(f"{place} is missing")
    elif isinstance(expected, list) and expected:
        item = _item_shape(expected)
        for index, entry in enumerate(value):
            problems += _shape_problems(item, entry, f"{where}[{index}]", keys_required=True)
    return problems


def _state_shape_problems(fresh: dict, state: dict) -> list[str]:
    """Where ``state`` lacks the shape of ``fresh``, a new game set up with the same
    options and seed. The core keys are checked on their own (an old save's
    procedure may differ from a new game's)."""
    model = {key: value for key, value in fresh.items() if key not in CORE_KEYS}
    return _shape_problems(model, state, "", keys_required=True)


def _unprintable(value: Any, where: str) -> str | None:
    """The place of the first text (or key) in ``value`` that is not printable: a
    control character, an ANSI escape, a NUL, a line break. The displays and the
    log show a state's text, so it must be plain."""
    if isinstance(value, str):
        return None if value.isprintable() else where
    items = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else ()
    for key, item in items:
        place = f"{where}[{key}]" if isinstance(key, int) else f"{where}.{key}"
        if isinstance(key, str) and not key.isprintable():
            return place
        if (found := _unprintable(item, place)) is not None:
            return found
    return None


def _check_procedure(game: Game, proc: Any, where: str) -> None:
    """A running procedure: a known name, a step within it, an object of data (and
    the procedure it interrupted, waiting in ``data.resume``, checked the same way)."""
    while proc is not None:
        require(isinstance(proc, dict), f"{where} must be null or an object")
        try:
            steps = game.procedure(proc.get("name")).steps
        except (KeyError, TypeError):
            raise JournalImportError(f"{where}: {game.id} has no procedure {proc.get('name')!r}") from None
        require(is_int(proc.get("step")) and 0 <= proc["step"] <= len(steps),
                 f"{where}.step must be a step of {proc['name']} (0..{len(steps)})")
        require(isinstance(proc.get("data"), dict), f"{where}.data must be an object")
        proc, where = proc["data"].get("resume"), f"{where}.data.resume"


def check_initial(game: Game, data: dict) -> dict:
    """The initial state migrated and checked: core keys, the shape of a new game
    with the export's options and seed, every track bound and invariant."""
    initial = data.get("initial")
    if not isinstance(initial, dict) or initial.get("game") != game.id:
        raise JournalImportError(f"initial must be a {game.id} state")
    try:
        state = engine.migrate(game, initial)
    except Exception as exc:  # a schema outside 0..schema_version, or a migration failing on odd data
        raise JournalImportError(f"initial state cannot be read: {exc}") from None
    require(state.get("game") == game.id, f"initial state: game must be {game.id!r}")
    require(is_int(state.get("rng")) and 0 <= state["rng"] < MAX_INT,
             "initial state: rng must be a generator state (a whole number 0..2**64-1)")
    _check_procedure(game, state.get("procedure"), "initial state: procedure")
    require(state.get("over") is None or isinstance(state["over"], dict),
             "initial state: over must be null or an object")
    try:
        fresh = engine.new_game(game, data["options"], data["seed"]).state
    except RuleError as exc:
        raise JournalImportError(f"options: {exc.long}") from None
    except Exception as exc:
        raise JournalImportError(f"options cannot set up a game: {_failure(exc)}") from None
    problems = _state_shape_problems(fresh, state)
    require(not problems, "initial state: " + "; ".join(problems[:5]))
    place = _unprintable(state, "initial state")
    require(place is None, f"{place}: text with control characters (escapes, NUL, line breaks)")
    try:
        engine._check(game, state)
    except InvariantError as exc:
        raise JournalImportError(f"initial state breaks a rule: {exc.long}") from None
    except Exception as exc:
        raise JournalImportError(f"initial state cannot be checked: {_failure(exc)}") from None
    return state


def check_command(seq: int, entry: Any, version: int, initial_schema: int) -> tuple[dict, int, float]:
    """One entry of ``commands``: its JSON (name and params), schema and time."""
    raw = entry.get("command") if isinstance(entry, dict) else None
    require(isinstance(raw, dict), f"command {seq} is not an object")
    require(is_time(entry.get("created")),
             f"command {seq}: created must be a time in seconds (1970 to 9999)")
    assert isinstance(raw, dict)  # _require above
    name, params = raw.get("name"), raw.get("params", {})
    if not isinstance(name, str) or not isinstance(params, dict):
        raise JournalImportError(f"command {seq} needs a name and an object of params")
    require(name.isprintable() and len(name) <= MAX_NAME, f"command {seq}: its name must be printable text")
    schema = entry.get("schema") if version >= 2 else initial_schema
    require(is_int(schema), f"command {seq} needs the schema it was journaled under (a number)")
    return {"name": name, "params": params}, schema, float(entry["created"])


def replay_command(game: Game, state: dict, seq: int, command: dict, schema: int) -> Applied:
    name = command["name"]
    try:
        migrated = engine.migrate_command(game, command, schema)
    except Exception as exc:  # a command migration failing on odd data
        raise JournalImportError(f"command {seq} ({name}) cannot be read: {exc}") from None
    try:
        return engine.apply(game, state, migrated)
    except RuleError as exc:
        raise JournalImportError(f"command {seq} ({name}) is refused: {exc.long}") from None
    except Exception as exc:  # a handler meeting data no game of this version could reach
        raise JournalImportError(f"command {seq} ({name}) fails: {_failure(exc)}") from None


def check_checkpoints(points: Any, last: int) -> tuple[CheckedCheckpoint, ...]:
    require(isinstance(points, list), "checkpoints must be a list")
    require(len(points) <= MAX_CHECKPOINTS, f"more than {MAX_CHECKPOINTS:,} checkpoints")
    names = [point.get("name") if isinstance(point, dict) else None for point in points]
    require(all(isinstance(n, str) for n in names) and len(set(names)) == len(names),
             "each checkpoint needs a name of its own")
    checked = []
    for point in points:
        name = point["name"]
        require(is_name(name), f"checkpoint {name[:MAX_NAME]!r}: its name must be printable text "
                 f"of 1 to {MAX_NAME} characters")
        require(is_int(point.get("seq")) and 0 <= point["seq"] <= last,
                 f"checkpoint {name!r} is outside the journal (0..{last})")
        require(is_time(point.get("created")),
                 f"checkpoint {name!r}: created must be a time in seconds (1970 to 9999)")
        checked.append(CheckedCheckpoint(name, point["seq"], float(point["created"])))
    return tuple(checked)


def check_shown(game: Game, state: dict, where: str) -> None:
    """Draw ``state`` as the box does at "Continue" (app/controller.py
    ``frame``): the game's view as an OLED frame, the first dial track
    focused. A view that raises would stop the box at every start, so it
    refuses the import."""
    from ui.model import Frame
    from ui.oled import render_oled

    try:
        dial = [spec.key for spec in game.tracks(state) if spec.dial]
        engine.current_step(game, state)
        render_oled(Frame(game=game.view(state), focus=dial[0] if dial else None))
    except Exception as exc:
        raise JournalImportError(f"{where} cannot be shown: {_failure(exc)}") from None
