"""The reducer: ``apply(game, state, command) -> Applied``. Pure and deterministic.

The handler runs on a private deep copy of the state; if anything raises
:class:`RuleError` the copy is dropped and the caller's state is untouched.
After the handler the engine answers the current prompt step, runs the
automatic steps that follow (stopping at the next prompt or reminder, with a
guard against loops), checks the end of the game, then every track bound and
invariant. Same state and command in, same state and events out.

Once the game is over no game action is accepted; only ``correct`` is, and
after it the game's ``settle`` runs (no procedure) so the state stays whole:
a correction then works, or is refused with the limit it breaks.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from games.core import rng
from games.core.commands import Command, CommandSpec, Param
from games.core.errors import RuleError, fits_oled
from games.core.game import Game, TrackSpec
from games.core.paths import get_path, set_path
from games.core.procedures import Step, StepKind

CORE_KEYS = ("game", "schema", "rng", "procedure", "over")
MAX_AUTOMATIC_STEPS = 10_000


class InvariantError(RuleError):
    """A command would break a limit the rules set: a bug, refused like a rule error."""


@dataclass(frozen=True)
class Event:
    """Something that happened, for the displays and the journal's description."""

    text: str
    kind: str = "info"


@dataclass(frozen=True)
class Applied:
    """The outcome of one accepted command."""

    state: dict
    events: tuple[Event, ...]
    description: str


def step_data(state: dict) -> dict:
    """The running procedure's scratch values (empty when none runs): ``Context.data`` for
    what sees only the state (a step's ``skip``, a form's choices, the views)."""
    proc = state.get("procedure")
    return proc["data"] if proc else {}


@dataclass
class Context:
    """What a handler or an automatic step works with.

    ``state`` is the private copy being changed. Randomness comes only from
    :meth:`roll`, :meth:`below` and :meth:`shuffle`, which advance the
    generator held in ``state["rng"]``.
    """

    game: Game
    state: dict
    params: dict = field(default_factory=dict)
    command: Command | None = None
    events: list[Event] = field(default_factory=list)
    description: str = ""
    staying: bool = False

    def emit(self, text: str, kind: str = "info") -> None:
        self.events.append(Event(text, kind))

    def describe(self, text: str) -> None:
        """Set the journal entry's human description ("Threat revealed: Fight 3")."""
        self.description = text

    def note(self, text: str, kind: str = "info") -> None:
        """Add ``text`` to the journal entry's description and to the events (the players see it)."""
        self.describe(f"{self.description}; {text}" if self.description else text)
        self.emit(text, kind)

    def fail(self, short: str, long: str | None = None) -> None:
        raise RuleError(short, long)

    def below(self, n: int) -> int:
        value, self.state["rng"] = rng.below(self.state["rng"], n)
        return value

    def roll(self, count: int, sides: int = 6) -> list[int]:
        return [self.below(sides) + 1 for _ in range(count)]

    def shuffle(self, items: list) -> list:
        out, self.state["rng"] = rng.shuffled(self.state["rng"], items)
        return out

    @property
    def data(self) -> dict:
        """Scratch values of the running procedure (empty dict when none runs)."""
        return step_data(self.state)

    def start(self, name: str, data: dict | None = None) -> None:
        """Start procedure ``name`` at its first step (replacing any running one)."""
        self.game.procedure(name)  # KeyError early for a typo
        self.state["procedure"] = {"name": name, "step": 0, "data": dict(data or {})}

    def stop(self) -> None:
        self.state["procedure"] = None

    def interrupt(self, name: str, data: dict | None = None) -> None:
        """Start procedure ``name`` on top of the running one, which waits at its
        current step: a card that says "Add 1 Threat" mid-phase, a Test during
        an Event. End the interrupting procedure with :func:`resume` (its
        ``on_finish``) to return to the waiting step."""
        waiting = self.state.get("procedure")
        self.start(name, {**(data or {}), "resume": _copy(waiting) if waiting is not None else None})

    def finish(self) -> None:
        """End the running procedure early as if its last step were done: its
        ``on_finish`` runs and the procedure it names in ``then`` starts."""
        proc = self.state["procedure"]
        proc["step"] = len(self.game.procedure(proc["name"]).steps)

    def stay(self) -> None:
        """Keep the prompt just answered as the current step: it asks again
        (one Guardian after another, one Character's Rest after another)."""
        self.staying = True

    def goto(self, step_id: str) -> None:
        """Jump the running procedure to ``step_id`` (for rule-driven branches)."""
        proc = self.state["procedure"]
        proc["step"] = self.game.procedure(proc["name"]).index_of(step_id)


def resume(ctx: Context) -> bool:
    """Return to the procedure :meth:`Context.interrupt` left waiting (an
    ``on_finish`` for interrupting procedures); False when nothing waited, so
    the game can carry on its own way."""
    waiting = ctx.data.get("resume")
    if waiting is None:
        return False
    ctx.state["procedure"] = waiting
    return True


def current_step(game: Game, state: dict) -> Step | None:
    proc = state.get("procedure")
    if not proc:
        return None
    return game.procedure(proc["name"]).step_at(proc["step"])


class _NotPlainData(Exception):
    """A value JSON would change on a round trip: a tuple, a key that is not a string, a set."""


_SCALARS = frozenset((str, int, float, bool, type(None)))


def _plain_copy(value: Any) -> Any:
    """A deep copy of JSON-shaped data (dicts with string keys, lists, str, int, float, bool,
    None); :class:`_NotPlainData` for anything else."""
    if type(value) is dict:
        out = {}
        for key, item in value.items():
            if type(key) is not str:
                raise _NotPlainData
            out[key] = item if type(item) in _SCALARS else _plain_copy(item)
        return out
    if type(value) is list:
        return [item if type(item) in _SCALARS else _plain_copy(item) for item in value]
    raise _NotPlainData


def _copy(state: dict) -> dict:
    """A private deep copy of ``state``, equal to what a JSON round trip gives.

    A state is plain JSON data (DESIGN.md, "State ... round-trips through JSON
    exactly"), and then a structural copy is that round trip at half the cost.
    Anything else (a tuple a handler left, a key that is not a string) goes
    through JSON as it always did, which turns it into what JSON reads back,
    or raises for what JSON cannot hold.
    """
    try:
        return _plain_copy(state)
    except _NotPlainData:
        return json.loads(json.dumps(state))


# --- the commands every game has ------------------------------------------------


def _track_or_fail(ctx: Context, key: str) -> TrackSpec:
    spec = ctx.game.track(ctx.state, key)
    if spec is None:
        keys = ", ".join(t.key for t in ctx.game.tracks(ctx.state))
        raise RuleError(f"No track {key}"[:21], f"There is no tracked value {key!r}; tracks: {keys}.")
    return spec


def _set_track(ctx: Context, spec: TrackSpec, value: int, verb: str) -> None:
    high = spec.high_in(ctx.state)
    if value > high:
        raise RuleError(f"{spec.label} max is {high}"[:42], f"{spec.label} cannot go above {high}.")
    low = spec.low_in(ctx.state)
    if value < low:
        raise RuleError(f"{spec.label} min is {low}"[:42], f"{spec.label} cannot go below {low}.")
    before = get_path(ctx.state, spec.path)
    set_path(ctx.state, spec.path, value)
    ctx.describe(f"{verb}{spec.label} {before} \u2192 {value}")


def _adjust(ctx: Context) -> None:
    spec = _track_or_fail(ctx, ctx.params["track"])
    before = get_path(ctx.state, spec.path)
    _set_track(ctx, spec, before + ctx.params["delta"], "")
    if spec.on_change is not None:
        spec.on_change(ctx, before, get_path(ctx.state, spec.path))


def _correct(ctx: Context) -> None:
    spec = _track_or_fail(ctx, ctx.params["track"])
    _set_track(ctx, spec, ctx.params["value"], "Corrected: ")


def _next(ctx: Context) -> None:
    step = current_step(ctx.game, ctx.state)
    if step is None:
        name = ctx.game.next_procedure(ctx.state)
        if name is None:
            raise RuleError("Nothing to do next", "No procedure is running and none starts now.")
        ctx.start(name)
        ctx.describe(f"Started: {ctx.game.procedure(name).title}")
        return
    if step.kind is StepKind.PROMPT:
        raise RuleError("Answer the prompt", f"This step needs an answer first: {step.text}.")
    ctx.describe(f"Done: {step.text}")
    _advance(ctx)


CORE_COMMANDS = (
    CommandSpec("next", "Confirm the current step, or start the next phase", _next, menu=False),
    CommandSpec(
        "adjust",
        "Turn a tracked value up or down (a dial turn)",
        _adjust,
        (Param("track", "text", high=40), Param("delta", "int", low=-99, high=99)),
        menu=False,
    ),
    CommandSpec(
        "correct",
        "Set a tracked value by hand (card effects take precedence)",
        _correct,
        (Param("track", "text", high=40), Param("value", "int", low=-999, high=999)),
        menu=False,
    ),
)


def command_specs(game: Game) -> dict[str, CommandSpec]:
    """Every command the game accepts: its own plus the core ones."""
    specs = {spec.name: spec for spec in CORE_COMMANDS}
    specs.update({spec.name: spec for spec in game.commands})
    return specs


# --- the procedure loop ---------------------------------------------------------


def _advance(ctx: Context) -> None:
    proc = ctx.state["procedure"]
    proc["step"] += 1


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
            _advance(ctx)
            continue
        if step.kind is not StepKind.AUTO:
            return
        index = proc["step"]
        assert step.run is not None  # an AUTO step has one (Step's contract)
        step.run(ctx)
        same_procedure = ctx.state.get("procedure") is proc
        if same_procedure and proc["step"] == index:
            _advance(ctx)
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
    ctx = Context(game, _copy(state), params, command)
    spec.handler(ctx)
    if answering and not ctx.staying and ctx.state.get("procedure") is not None:
        proc = ctx.state["procedure"]
        if proc["name"] == state["procedure"]["name"] and proc["step"] == state["procedure"]["step"]:
            _advance(ctx)
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


def migrate(game: Game, state: dict) -> dict:
    """Bring a saved state up to the game's schema version, one step at a time.

    A schema outside 0..``schema_version``, or one older than the game's
    migrations reach back to, is a ValueError naming it (nothing runs).
    """
    version = state.get("schema")
    problem = _schema_problem(game, version)
    if problem is None and isinstance(version, int) and version < _oldest_schema(game):
        problem = f"this version reads saves from schema {_oldest_schema(game)} up"
    if problem is not None or not isinstance(version, int):  # (a whole number when no problem)
        raise ValueError(f"{game.id} save has schema {version!r}; {problem}")
    state = _copy(state)
    while version < game.schema_version:
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
    data: dict = _copy(dict(command)) if steps else dict(command)
    for step in steps:
        data = step(data)
    return Command.from_json(data)
