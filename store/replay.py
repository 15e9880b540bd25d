"""One journal row taken forward: from its recorded outcome, or, for a row journaled before
outcomes were kept, by the rules.

docs/JOURNAL.md, "Updates": what was played stands. A row with an outcome is
applied as recorded (:func:`store.outcomes.patch`), whatever today's rules
would say of its command; the rules check (:mod:`store.rules_check`) tells
the players where they would now differ. An outcome is stored as
``[n, [change, ...]]`` (sealed, :func:`store.file_format.sealed`; a list, not
an object, since every byte of a row counts on the card): the changes apply to a state of schema
``n``, so a state from an older schema is migrated up to ``n`` first, and the
rare row whose outcome is older than the state it meets (an import's old
commands after a newer snapshot) is decided by the rules, as every row was
before outcomes were kept.

A *legacy* row (format 3 and older: no outcome) is replayed by today's rules.
Where they now refuse it, a dial turn or a correction (``adjust``,
``correct``) is applied as the players saw it, since its whole effect is the
value it set ("HP 0 → 1"); any other refused legacy command is passed over
(its effect cannot be known without the rules that accepted it). Either way
the position stays reachable, and the rules check names the move.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any

from games.core import engine
from games.core.commands import Command
from games.core.context import copy_state
from games.core.errors import RuleError
from games.core.game import Game
from games.core.paths import get_path, set_path
from store.file_format import sealed, unsealed
from store.outcomes import diff, patch
from store.storage import JournalError

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Row:
    """One journaled command as stored: its JSON, the schema it was journaled under, its outcome."""

    seq: int
    command: bytes | str
    schema: int
    outcome: bytes | str | None


def decode(blob: bytes | str, what: str) -> Any:
    """JSON text from a row (sealed or plain, :func:`store.file_format.unsealed`), read as bytes:
    damage inside the text is named, never a crash."""
    try:
        return unsealed(blob)
    except (UnicodeDecodeError, ValueError) as exc:
        raise JournalError(f"{what} is damaged: {exc}") from exc


def current(game: Game, state: Any) -> dict:
    """A state just read from the file, brought up to the game's schema.

    :func:`games.core.engine.migrate` copies what it is given; a state at the
    current schema that nothing else holds is returned as it is.
    """
    schema = state.get("schema") if type(state) is dict else None
    if type(schema) is int and schema == game.schema_version:
        return state
    return engine.migrate(game, state)


def outcome_text(game: Game, before: dict, after: dict) -> str:
    """The outcome column of a row whose command turned ``before`` into ``after`` (both at the
    game's current schema)."""
    return sealed([game.schema_version, diff(before, after)])


def migrated_command(game: Game, row: Row) -> Command:
    """The row's command brought up to the game's schema (a newer schema than this code, or a
    broken row, is a JournalError: a downgrade keeps its refusal)."""
    try:
        return engine.migrate_command(game, decode(row.command, f"command {row.seq}"), row.schema)
    except (ValueError, KeyError, TypeError) as exc:
        raise JournalError(f"command {row.seq} cannot be read: {exc}") from exc


def advance(game: Game, state: dict, row: Row) -> dict:
    """The state after ``row``, from ``state`` (the state before it, at any schema up to the game's).

    The result keeps the outcome's schema, which may be older than the game's:
    :func:`current` brings it up when it is handed out.
    """
    if row.outcome is not None and row.schema <= game.schema_version:  # (a newer one is refused below)
        try:
            recorded = decode(row.outcome, f"command {row.seq}'s outcome")
        except JournalError as exc:  # damaged: the command is still there, and the rules decide it
            log.warning("%s; replaying the command by the rules instead", exc)
            return by_the_rules(game, current(game, state), row)
        schema, changes = outcome_parts(recorded, row.seq)
        if schema > game.schema_version:
            raise JournalError(f"command {row.seq}'s outcome has schema {schema}; "
                               f"this version reads up to {game.schema_version}")
        if state.get("schema", 0) < schema:
            state = engine.migrate(game, state, upto=schema)
        if state.get("schema") == schema:
            try:
                return patch(state, changes)
            except ValueError as exc:
                raise JournalError(f"command {row.seq}'s outcome is damaged: {exc}") from exc
    return by_the_rules(game, current(game, state), row)


def outcome_parts(recorded: Any, seq: int = 0) -> tuple[int, list]:
    """The schema and the changes of a decoded outcome (``[schema, changes]``): one reading of
    the form, for a restore and an import's check alike."""
    if (type(recorded) is not list or len(recorded) != 2 or type(recorded[0]) is not int
            or type(recorded[1]) is not list):
        raise JournalError(f"command {seq}'s outcome is damaged: not a schema and changes")
    return recorded[0], recorded[1]


def by_the_rules(game: Game, state: dict, row: Row) -> dict:
    """The state after a row with no usable outcome, replayed by today's rules (see the module's
    docstring for a row they now refuse)."""
    command = migrated_command(game, row)
    try:
        return engine.apply(game, state, command).state
    except RuleError as exc:
        played = as_played(game, state, command)
        log.warning("command %d (%s) would now be refused (%s); %s", row.seq, command.name, exc.short,
                    "applied as the players saw it" if played is not None else "passed over")
        return state if played is None else played


def as_played(game: Game, state: dict, command: Command) -> dict | None:
    """What a refused dial turn or correction set, as the players saw it (within the track's
    bounds today, so the state stays whole); None for any other command."""
    if command.name not in ("adjust", "correct"):
        return None
    spec = game.track(state, str(command.params.get("track")))
    if spec is None:
        return None
    value = command.params.get("value")
    if command.name == "adjust":
        before = get_path(state, spec.path)
        value = before + command.params["delta"] if isinstance(before, int) else None
    if not isinstance(value, int):
        return None
    played = copy_state(state)
    set_path(played, spec.path, max(spec.low_in(state), min(spec.high_in(state), value)))
    return played
