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
The checks themselves, and the limits, are in :mod:`store.export_checks`.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

from contracts.files import read_regular
from games.core.registry import get_game
from games.core.untrusted import Limits, UntrustedError, decode, parse_json
from store.export_checks import (
    MAX_COMMANDS,
    MAX_DEPTH,
    MAX_EXPORT_BYTES,
    MAX_NAME,
    MAX_TEXT,
    CheckedCommand,
    CheckedExport,
    JournalImportError,
    check_checkpoints,
    check_command,
    check_initial,
    check_shown,
    check_values,
    is_int,
    is_name,
    is_time,
    replay_command,
    require,
)
from store.replay import outcome_text
from store.trail import DEFAULT_SNAPSHOT_EVERY, Trail, timed

EXPORT_FORMAT = "tablewarden-game"
# 2: each command carries the schema it was journaled under. Version 1 (no
# per-command schema) is still read: its commands take the initial state's schema.
EXPORT_VERSION = 2
# How the file is read (games.core.untrusted). NaN and Infinity are passed on
# for check_export, which names the field they are in.
READ_LIMITS = Limits(max_size=MAX_EXPORT_BYTES, max_depth=MAX_DEPTH, max_text=MAX_TEXT, finite=False)


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
                    commands: list[dict], cursor: int, checkpoints: list[dict],
                    damaged: dict[str, str] | None = None) -> dict:
    """The export of one save slot, with its checksum.

    ``commands`` are ``{"command", "schema", "description", "created", "outcome"}`` in
    journal order; ``checkpoints`` are ``{"name", "seq", "created"}``; ``damaged`` names the
    stored texts that could not be read (written as None), when there are any.
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
    if damaged:
        document["damaged"] = damaged
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
        raw = read_regular(path, MAX_EXPORT_BYTES)
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


def check_export(data: Any, snapshot_every: int = DEFAULT_SNAPSHOT_EVERY) -> CheckedExport:
    """Check an exported game completely, before anything is written.

    Raises :class:`JournalImportError` naming the field (and command number)
    that is wrong; any other exception from the game's own code on odd data is
    turned into one, so an import is either checked or refused by name. Each
    command is replayed once, timed, and the snapshots are placed as play
    would have placed them (:meth:`store.trail.Trail.snapshot_due`, every
    ``snapshot_every`` at most): only their states are kept.
    """
    require(isinstance(data, dict), "an exported game is a JSON object")
    require(data.get("format") == EXPORT_FORMAT, f"not a Table Warden game export ({EXPORT_FORMAT!r})")
    version = data.get("version")
    require(is_int(version), "the export has no format version")
    require(version <= EXPORT_VERSION, f"export format {version} is newer than this box reads")
    require(version >= 1, f"export format {version} is not one this box reads (1 to {EXPORT_VERSION})")
    check_values(data)
    require(data.get("checksum") == export_checksum(data), "the checksum does not match: edited or damaged")
    require(isinstance(data.get("game"), str), "game must be a game id (text)")
    try:
        game = get_game(data["game"])
    except KeyError as exc:
        raise JournalImportError(str(exc.args[0])) from None
    name = data.get("name")
    require(isinstance(name, str), "name must be text")
    require(is_name(name), f"name must be printable text of 1 to {MAX_NAME} characters "
             "(no control characters)")
    require(is_time(data.get("created")), "created must be a time in seconds (1970 to 9999)")
    require(isinstance(data.get("options"), dict), "options must be an object")
    seed = data.get("seed")
    require(is_int(seed) or (isinstance(seed, str) and seed.isprintable() and len(seed) <= MAX_NAME),
             "seed must be a number or text")
    state = initial = check_initial(game, data)
    check_shown(game, initial, "the initial state")
    commands = data.get("commands")
    require(isinstance(commands, list), "commands must be a list")
    require(len(commands) <= MAX_COMMANDS, f"more than {MAX_COMMANDS:,} commands")
    cursor = data.get("cursor")
    require(is_int(cursor) and 0 <= cursor <= len(commands),
             f"cursor must be a position 0..{len(commands)}")
    checkpoints = check_checkpoints(data.get("checkpoints"), len(commands))
    checked = []
    trail = Trail(0, initial)
    for seq, entry in enumerate(commands, 1):
        command, schema, created = check_command(seq, entry, version, data["initial"]["schema"])
        applied, cost = timed(replay_command, game, state, seq, command, schema)
        snapshot = trail.snapshot_due(seq, cost, snapshot_every)
        trail.push(applied.state, cost, snapshot=snapshot)
        checked.append(CheckedCommand(command, schema, created, applied.description,
                                      outcome_text(game, state, applied.state),
                                      applied.state if snapshot else None))
        state = applied.state
        if seq == cursor:
            check_shown(game, state, f"the game at its cursor (position {cursor})")
    if len(commands) > cursor:
        check_shown(game, state, f"the game at its last command (position {len(commands)})")
    return CheckedExport(game, name, float(data["created"]), data["options"], seed, initial, tuple(checked),
                         cursor, checkpoints)

