"""The reducer: ``apply(game, state, command) -> Applied``. Pure and deterministic.

The handler runs on a private deep copy of the state (a
:class:`~games.core.context.Context`); if anything raises
:class:`RuleError` the copy is dropped and the caller's state is untouched.
After the handler the engine answers the current prompt step, runs the
automatic steps that follow (stopping at the next prompt or reminder, with a
guard against loops), checks the end of the game, then every track bound and
invariant. Same state and command in, same state and events out.

Once the game is over no game action is accepted; only ``correct`` is, and
after it the game's ``settle`` runs (no procedure) so the state stays whole:
a correction then works, or is refused with the limit it breaks.

Also here: bringing a saved state or a journaled command up to the game's
schema (:func:`migrate`, :func:`migrate_command`). The commands every game has
are in :mod:`games.core.core_commands`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from games.core import rng
from games.core.commands import Command, CommandSpec
from games.core.context import Context, Event, copy_state, current_step
from games.core.core_commands import command_specs
from games.core.errors import RuleError, fits_oled
from games.core.game import Game
from games.core.paths import get_path
from games.core.procedures import StepKind

CORE_KEYS = ("game", "schema", "rng", "procedure", "over")
MAX_AUTOMATIC_STEPS = 10_000


class InvariantError(RuleError):
    """A command would break a limit the rules set: a bug, refused like a rule error."""


@dataclass(frozen=True)
class Applied:
    """The outcome of one accepted command."""

    state: dict
    events: tuple[Event, ...]
    description: str


# --- the procedure loop ---------------------------------------------------------


def _run_automatic(ctx: Context) -> None:
    """Run automatic steps until a prompt or reminder waits, or nothing runs."""
    for _ in range(MAX_AUTOMATIC_STEPS):
        proc = ctx.state.get("procedure")
        if not proc or ctx.state.get("over"):
            return
        procedure = ctx.game.procedure(proc["name"])
        step = procedure.step_at(proc["step"])
        if step is None:
            if procedure.on_finish:
                procedure.on_finish(ctx)
            if ctx.state.get("procedure") is proc:
                if procedure.then:
                    ctx.start(procedure.then)
                else:
                    ctx.stop()
            continue
        if step.skip(ctx.state):
            ctx.advance()
            continue
        if step.kind is not StepKind.AUTO:
            return
        index = proc["step"]
        assert step.run is not None  # an AUTO step has one (Step's contract)
        step.run(ctx)
        same_procedure = ctx.state.get("procedure") is proc
        if same_procedure and proc["step"] == index:
            ctx.advance()
    raise RuleError("Procedure loops", "The automatic steps did not stop: a bug in the procedure.")


def _check(game: Game, state: dict) -> None:
    broken = []
    for spec in game.tracks(state):
        value = get_path(state, spec.path)
        high = spec.high_in(state)
        low = spec.low_in(state)
        if not isinstance(value, int) or not low <= value <= high:
            broken.append(f"{spec.label} {value!r} not in {low}..{high}")
    broken += game.invariants(state)
    if broken:
        first = broken[0]
        short = first if fits_oled(first) else "Rule limit broken"
        raise InvariantError(short, "; ".join(broken))


def _finish(ctx: Context) -> None:
    _run_automatic(ctx)
    if ctx.game.settle is not None and not ctx.state.get("over"):
        ctx.game.settle(ctx)
        _run_automatic(ctx)
    if not ctx.state.get("over"):
        result = ctx.game.end_check(ctx.state)
        if result:
            ctx.state["over"] = dict(result)
            ctx.state["procedure"] = None
            ctx.emit(str(result.get("text", "Game over")), "end")
    _check(ctx.game, ctx.state)


def _finish_after_the_end(ctx: Context) -> None:
    """After a correction made once the game is over (the only command accepted
    then): the game's ``settle`` still runs, so what the rules derive from the
    corrected value follows it, but no procedure starts or runs and the result
    stands. A value that would still break a limit is refused with the limit it
    breaks, never as a bug."""
    if ctx.game.settle is not None:
        ctx.game.settle(ctx)
    ctx.state["procedure"] = None
    try:
        _check(ctx.game, ctx.state)
    except InvariantError as err:
        raise RuleError("Not after the end",
                        f"The game has ended; this correction would break a limit ({err.long}). "
                        "Undo, or start a new game.") from None


def apply(game: Game, state: dict, command: Command) -> Applied:
    """Run ``command`` on ``state``; return the new state, or raise RuleError.

    ``state`` itself is never changed.
    """
    specs = command_specs(game)
    spec = specs.get(command.name)
    if spec is None:
        raise RuleError(
            f"Unknown: {command.name}"[:21],
            f"{game.title} has no command {command.name!r}; commands: {', '.join(sorted(specs))}.",
        )
    over = bool(state.get("over"))
    if over and command.name != "correct":
        raise RuleError("The game is over",
                        "The game has ended: no game action is accepted. A tracked value may "
                        "still be corrected; undo, or start a new game.")
    step = current_step(game, state)
    answering = step is not None and step.kind is StepKind.PROMPT and step.command == spec.name
    if spec.prompt_only and not answering:  # before its parameters: their choices read the step's data
        raise RuleError("Not asked now", f"{spec.name!r} only answers its procedure step.")
    params = spec.validate(command.params, state)
    ctx = Context(game, copy_state(state), params, command)
    spec.handler(ctx)
    if answering and not ctx.staying and ctx.state.get("procedure") is not None:
        proc = ctx.state["procedure"]
        if proc["name"] == state["procedure"]["name"] and proc["step"] == state["procedure"]["step"]:
            ctx.advance()
    if over:
        _finish_after_the_end(ctx)
    else:
        _finish(ctx)
    description = ctx.description or "; ".join(e.text for e in ctx.events) or spec.help
    return Applied(ctx.state, tuple(ctx.events), description)


def new_game(game: Game, options: dict[str, Any], seed: int | str) -> Applied:
    """Build the starting state from the new-game form's ``options``."""
    setup = CommandSpec("setup", f"New {game.title}", game.setup, game.setup_params)
    params = setup.validate(options)
    state = {"game": game.id, "schema": game.schema_version, "rng": rng.seed_from(seed),
             "procedure": None, "over": None}
    ctx = Context(game, state, params, Command("setup", params))
    game.setup(ctx)
    _finish(ctx)
    return Applied(ctx.state, tuple(ctx.events), ctx.description or f"New {game.title}")


def _schema_problem(game: Game, schema: Any) -> str | None:
    """Why ``schema`` cannot be read by this code, or None: it must be a whole
    number from 0 to the game's ``schema_version``. Checked before any loop
    runs over the schemas between, so a save claiming schema -10**30 is
    refused at once instead of counting up for minutes."""
    if not isinstance(schema, int) or isinstance(schema, bool):
        return "it is not a whole number"
    if schema < 0:
        return "schemas start at 0"
    if schema > game.schema_version:
        return f"this version reads up to {game.schema_version}"
    return None


def _oldest_schema(game: Game) -> int:
    """The oldest state schema the game's migrations bring up to date."""
    oldest = game.schema_version
    while oldest - 1 in game.migrations:
        oldest -= 1
    return oldest


def migrate(game: Game, state: dict, upto: int | None = None) -> dict:
    """Bring a saved state up to the game's schema version (or to schema ``upto``), one step
    at a time.

    A schema outside 0..``schema_version``, or one older than the game's
    migrations reach back to, is a ValueError naming it (nothing runs).
    """
    version = state.get("schema")
    problem = _schema_problem(game, version)
    if problem is None and isinstance(version, int) and version < _oldest_schema(game):
        problem = f"this version reads saves from schema {_oldest_schema(game)} up"
    if problem is not None or not isinstance(version, int):  # (a whole number when no problem)
        raise ValueError(f"{game.id} save has schema {version!r}; {problem}")
    state = copy_state(state)
    while version < (game.schema_version if upto is None else min(upto, game.schema_version)):
        state = game.migrations[version](state)
        version += 1
        state["schema"] = version
    return state


def migrate_command(game: Game, command: Mapping[str, Any], from_schema: int) -> Command:
    """Bring a command journaled under schema ``from_schema`` up to the game's schema.

    ``command`` is the journaled JSON (``{"name", "params"}``); each of the
    game's ``command_migrations`` from ``from_schema`` up runs in order, on a
    copy (the caller's dict is never changed). Schemas with no command
    migration leave the command as it is. A schema outside
    0..``schema_version`` (a command from a newer version than this code, or
    a number no journal wrote) is a ValueError naming it, raised before
    anything runs.
    """
    problem = _schema_problem(game, from_schema)
    if problem is not None:
        raise ValueError(f"{game.id} command {command.get('name')!r} has schema {from_schema!r}; {problem}")
    steps = [game.command_migrations[version] for version in range(from_schema, game.schema_version)
             if version in game.command_migrations]
    data: dict = copy_state(dict(command)) if steps else dict(command)
    for step in steps:
        data = step(data)
    return Command.from_json(data)
