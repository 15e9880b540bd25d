"""An exported game: the JSON document, and the check an import passes before anything is written.

An export (``tablewarden export``) is one save slot as a versioned JSON
object: the game id, the slot's name and creation time, the setup options
and seed, the initial state, every command with the game schema it was
journaled under (the redo tail too), the cursor, the checkpoints, and a
checksum over the rest.

**The checksum catches accidents, not tampering.** It is a plain SHA-256 of
the document, so it finds a truncated copy, a damaged card or an edit made
by mistake; anyone who edits an export on purpose can recompute it (the
function is public: :func:`export_checksum`). So an import trusts nothing it
reads. :func:`check_export` checks everything before the journal writes a
row, and refuses with a :class:`JournalImportError` naming the field (and the
command number) that is wrong:

- its size and shape: at most :data:`MAX_COMMANDS` commands and
  :data:`MAX_VALUES` JSON values nested at most :data:`MAX_DEPTH` deep, text
  at most :data:`MAX_TEXT` characters, whole numbers within 64 bits, no NaN or
  Infinity, keys that are text;
- every field's type and bounds: times are finite seconds from 1970 to the
  year 9999, names printable text (no control characters, ANSI escapes or
  NUL) of at most :data:`MAX_NAME` characters, each schema a whole number
  from 0 to the game's ``schema_version``, the cursor and every checkpoint
  inside the journal;
- the initial state: migrated, its core keys (rng, procedure) well formed,
  the shape of a new game set up with the export's own options and seed (the
  game's setup validates the options), its text printable, and within every
  track bound and invariant the game declares;
- every command, migrated and replayed by the engine;
- the game as the box would show it: the initial state, the state at the
  cursor and the final state each drawn as an OLED frame (a view that raises
  means the game would stop the box at "Continue": refused).

The result, a :class:`CheckedExport`, holds everything the journal writes.
"""

from __future__ import annotations

import hashlib
import json
import math
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from games.core import engine
from games.core.engine import CORE_KEYS, Applied, InvariantError
from games.core.errors import RuleError
from games.core.game import Game
from games.core.packs import MAX_TEXT as MAX_PACK_TEXT
from games.core.registry import get_game
from games.core.untrusted import Limits, UntrustedError, decode, parse_json
from store.storage import JournalError

EXPORT_FORMAT = "tablewarden-game"
# 2: each command carries the schema it was journaled under. Version 1 (no
# per-command schema) is still read: its commands take the initial state's schema.
EXPORT_VERSION = 2

# An export file larger than this is refused before it is parsed.
MAX_EXPORT_BYTES = 64 * 1024 * 1024
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
# How the file is read (games.core.untrusted). NaN and Infinity are passed on
# for check_export, which names the field they are in.
READ_LIMITS = Limits(max_size=MAX_EXPORT_BYTES, max_depth=MAX_DEPTH, max_text=MAX_TEXT, finite=False)
# Times are seconds since 1970, up to the end of the year 9999.
EARLIEST_TIME = 0.0
LATEST_TIME = 253_402_300_799.0


class JournalImportError(JournalError, ValueError):
    """An exported game that cannot be imported; the message names what is wrong."""


@dataclass(frozen=True)
class CheckedCommand:
    """One exported command, checked: ``command`` is its JSON as journaled
    (``{"name", "params"}``, before any migration), ``schema`` the game schema
    it was journaled under, ``applied`` the result of replaying it."""

    command: dict
    schema: int
    created: float
    applied: Applied


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
        """The state after the first ``seq`` commands."""
        return self.commands[seq - 1].applied.state if seq else self.initial


def _canonical(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), sort_keys=True)


def export_checksum(document: dict) -> str:
    """SHA-256 of the export without its checksum: catches damaged copies and edits made by mistake.

    Not a signature: anyone can recompute it, so it proves nothing about who
    wrote the document (see the module's docstring).
    """
    signed = {key: value for key, value in document.items() if key != "checksum"}
    return hashlib.sha256(_canonical(signed).encode()).hexdigest()


def export_document(*, game: str, name: str, created: float, options: dict, seed: int | str, initial: dict,
                    commands: list[dict], cursor: int, checkpoints: list[dict]) -> dict:
    """The export of one save slot, with its checksum.

    ``commands`` are ``{"command", "schema", "description", "created"}`` in
    journal order; ``checkpoints`` are ``{"name", "seq", "created"}``.
    """
    document = {
        "format": EXPORT_FORMAT,
        "version": EXPORT_VERSION,
        "game": game,
        "name": name,
        "created": created,
        "options": options,
        "seed": seed,
        "initial": initial,
        "commands": commands,
        "cursor": cursor,
        "checkpoints": checkpoints,
    }
    document["checksum"] = export_checksum(document)
    return document


def read_export(path: Path) -> Any:
    """The JSON in an export file, read through the front door for untrusted
    text (``games.core.untrusted``): at most :data:`MAX_EXPORT_BYTES` of
    strict UTF-8, nested at most :data:`MAX_DEPTH` deep, numbers of a sane
    length, no lone surrogates. Raises :class:`JournalImportError` naming what
    is wrong and where (the line, the byte), also for a file that cannot be
    read. NaN and Infinity are read (as Python writes them), for
    :func:`check_export` to refuse naming the field they are in."""
    try:
        with Path(path).open("rb") as f:
            raw = f.read(MAX_EXPORT_BYTES + 1)
    except OSError as exc:
        raise JournalImportError(f"cannot be read: {exc.strerror or exc}") from None
    try:
        return parse_json(decode(raw, MAX_EXPORT_BYTES), READ_LIMITS)
    except UntrustedError as exc:
        if exc.short == "too large":
            raise JournalImportError(f"larger than {MAX_EXPORT_BYTES // 2**20} MiB: "
                                     "not an export this box reads") from None
        if exc.short == "bad number" and not exc.field:  # a literal of thousands of digits
            raise JournalImportError(f"not valid JSON: {exc}") from None
        raise JournalImportError(str(exc)) from None


# --- checking -------------------------------------------------------------------------


def _require(ok: bool, message: str) -> None:
    if not ok:
        raise JournalImportError(message)


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_time(value: Any) -> bool:
    return (isinstance(value, int | float) and not isinstance(value, bool)
            and EARLIEST_TIME <= value <= LATEST_TIME)  # False for NaN


def _is_name(value: Any) -> bool:
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


def _check_values(data: Any) -> None:
    """Every value in the document: JSON types only, within the size, depth and number bounds.

    Walks without recursion, so a document nested a million deep is refused
    by name rather than overflowing the stack.
    """
    stack: list[tuple[Any, int, tuple | None]] = [(data, 0, None)]
    count = text = 0
    while stack:
        value, depth, trail = stack.pop()
        count += 1
        _require(count <= MAX_VALUES, f"the export is too large: more than {MAX_VALUES:,} values")
        if isinstance(value, dict | list):
            _require(depth < MAX_DEPTH, f"{_where(trail)}: nested more than {MAX_DEPTH} deep")
            items = value.items() if isinstance(value, dict) else enumerate(value)
            for key, item in items:
                if isinstance(value, dict):
                    _require(isinstance(key, str), f"{_where(trail)}: a key that is not text")
                    text += len(str(key))
                stack.append((item, depth + 1, (key, trail)))
        elif isinstance(value, str):
            _require(len(value) <= MAX_TEXT, f"{_where(trail)}: text longer than {MAX_TEXT:,} characters")
            text += len(value)
            _require(text <= MAX_EXPORT_BYTES, "the export is too large: too much text")
        elif isinstance(value, bool) or value is None:
            continue
        elif isinstance(value, int):
            _require(-MAX_INT < value < MAX_INT, f"{_where(trail)}: a whole number larger than 64 bits")
        elif isinstance(value, float):
            _require(math.isfinite(value), f"{_where(trail)}: {value} is not a number JSON allows")
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
        _require(isinstance(proc, dict), f"{where} must be null or an object")
        try:
            steps = game.procedure(proc.get("name")).steps
        except (KeyError, TypeError):
            raise JournalImportError(f"{where}: {game.id} has no procedure {proc.get('name')!r}") from None
        _require(_is_int(proc.get("step")) and 0 <= proc["step"] <= len(steps),
                 f"{where}.step must be a step of {proc['name']} (0..{len(steps)})")
        _require(isinstance(proc.get("data"), dict), f"{where}.data must be an object")
        proc, where = proc["data"].get("resume"), f"{where}.data.resume"


def _check_initial(game: Game, data: dict) -> dict:
    """The initial state migrated and checked: core keys, the shape of a new game
    with the export's options and seed, every track bound and invariant."""
    initial = data.get("initial")
    if not isinstance(initial, dict) or initial.get("game") != game.id:
        raise JournalImportError(f"initial must be a {game.id} state")
    try:
        state = engine.migrate(game, initial)
    except Exception as exc:  # a schema outside 0..schema_version, or a migration failing on odd data
        raise JournalImportError(f"initial state cannot be read: {exc}") from None
    _require(state.get("game") == game.id, f"initial state: game must be {game.id!r}")
    _require(_is_int(state.get("rng")) and 0 <= state["rng"] < MAX_INT,
             "initial state: rng must be a generator state (a whole number 0..2**64-1)")
    _check_procedure(game, state.get("procedure"), "initial state: procedure")
    _require(state.get("over") is None or isinstance(state["over"], dict),
             "initial state: over must be null or an object")
    try:
        fresh = engine.new_game(game, data["options"], data["seed"]).state
    except RuleError as exc:
        raise JournalImportError(f"options: {exc.long}") from None
    except Exception as exc:
        raise JournalImportError(f"options cannot set up a game: {_failure(exc)}") from None
    problems = _state_shape_problems(fresh, state)
    _require(not problems, "initial state: " + "; ".join(problems[:5]))
    place = _unprintable(state, "initial state")
    _require(place is None, f"{place}: text with control characters (escapes, NUL, line breaks)")
    try:
        engine._check(game, state)
    except InvariantError as exc:
        raise JournalImportError(f"initial state breaks a rule: {exc.long}") from None
    except Exception as exc:
        raise JournalImportError(f"initial state cannot be checked: {_failure(exc)}") from None
    return state


def _check_command(seq: int, entry: Any, version: int, initial_schema: int) -> tuple[dict, int, float]:
    """One entry of ``commands``: its JSON (name and params), schema and time."""
    raw = entry.get("command") if isinstance(entry, dict) else None
    _require(isinstance(raw, dict), f"command {seq} is not an object")
    _require(_is_time(entry.get("created")),
             f"command {seq}: created must be a time in seconds (1970 to 9999)")
    assert isinstance(raw, dict)  # _require above
    name, params = raw.get("name"), raw.get("params", {})
    if not isinstance(name, str) or not isinstance(params, dict):
        raise JournalImportError(f"command {seq} needs a name and an object of params")
    _require(name.isprintable() and len(name) <= MAX_NAME, f"command {seq}: its name must be printable text")
    schema = entry.get("schema") if version >= 2 else initial_schema
    _require(_is_int(schema), f"command {seq} needs the schema it was journaled under (a number)")
    return {"name": name, "params": params}, schema, float(entry["created"])


def _replay(game: Game, state: dict, seq: int, command: dict, schema: int) -> Applied:
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


def _check_checkpoints(points: Any, last: int) -> tuple[CheckedCheckpoint, ...]:
    _require(isinstance(points, list), "checkpoints must be a list")
    _require(len(points) <= MAX_CHECKPOINTS, f"more than {MAX_CHECKPOINTS:,} checkpoints")
    names = [point.get("name") if isinstance(point, dict) else None for point in points]
    _require(all(isinstance(n, str) for n in names) and len(set(names)) == len(names),
             "each checkpoint needs a name of its own")
    checked = []
    for point in points:
        name = point["name"]
        _require(_is_name(name), f"checkpoint {name[:MAX_NAME]!r}: its name must be printable text "
                 f"of 1 to {MAX_NAME} characters")
        _require(_is_int(point.get("seq")) and 0 <= point["seq"] <= last,
                 f"checkpoint {name!r} is outside the journal (0..{last})")
        _require(_is_time(point.get("created")),
                 f"checkpoint {name!r}: created must be a time in seconds (1970 to 9999)")
        checked.append(CheckedCheckpoint(name, point["seq"], float(point["created"])))
    return tuple(checked)


def _check_shown(game: Game, state: dict, where: str) -> None:
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


def check_export(data: Any) -> CheckedExport:
    """Check an exported game completely, before anything is written.

    Raises :class:`JournalImportError` naming the field (and command number)
    that is wrong; any other exception from the game's own code on odd data is
    turned into one, so an import is either checked or refused by name.
    """
    _require(isinstance(data, dict), "an exported game is a JSON object")
    _require(data.get("format") == EXPORT_FORMAT, f"not a Table Warden game export ({EXPORT_FORMAT!r})")
    version = data.get("version")
    _require(_is_int(version), "the export has no format version")
    _require(version <= EXPORT_VERSION, f"export format {version} is newer than this box reads")
    _require(version >= 1, f"export format {version} is not one this box reads (1 to {EXPORT_VERSION})")
    _check_values(data)
    _require(data.get("checksum") == export_checksum(data), "the checksum does not match: edited or damaged")
    _require(isinstance(data.get("game"), str), "game must be a game id (text)")
    try:
        game = get_game(data["game"])
    except KeyError as exc:
        raise JournalImportError(str(exc.args[0])) from None
    name = data.get("name")
    _require(isinstance(name, str), "name must be text")
    _require(_is_name(name), f"name must be printable text of 1 to {MAX_NAME} characters "
             "(no control characters)")
    _require(_is_time(data.get("created")), "created must be a time in seconds (1970 to 9999)")
    _require(isinstance(data.get("options"), dict), "options must be an object")
    seed = data.get("seed")
    _require(_is_int(seed) or (isinstance(seed, str) and seed.isprintable() and len(seed) <= MAX_NAME),
             "seed must be a number or text")
    state = initial = _check_initial(game, data)
    _check_shown(game, initial, "the initial state")
    commands = data.get("commands")
    _require(isinstance(commands, list), "commands must be a list")
    _require(len(commands) <= MAX_COMMANDS, f"more than {MAX_COMMANDS:,} commands")
    checked = []
    for seq, entry in enumerate(commands, 1):
        command, schema, created = _check_command(seq, entry, version, data["initial"]["schema"])
        applied = _replay(game, state, seq, command, schema)
        checked.append(CheckedCommand(command, schema, created, applied))
        state = applied.state
    cursor = data.get("cursor")
    _require(_is_int(cursor) and 0 <= cursor <= len(commands),
             f"cursor must be a position 0..{len(commands)}")
    result = CheckedExport(game, name, float(data["created"]), data["options"], seed, initial, tuple(checked),
                           cursor, _check_checkpoints(data.get("checkpoints"), len(commands)))
    if cursor:
        _check_shown(game, result.state_at(cursor), f"the game at its cursor (position {cursor})")
    if len(commands) > cursor:
        _check_shown(game, result.state_at(len(commands)),
                     f"the game at its last command (position {len(commands)})")
    return result

