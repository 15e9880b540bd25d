"""The commands every game has: ``next`` (confirm the step, or start the next
phase), ``adjust`` (a dial turn on a tracked value) and ``correct`` (a value
set by hand, "card effects take precedence"); and the table of a game's
commands with them (:func:`command_specs`).
"""

from __future__ import annotations

from games.core.commands import CommandSpec, Param
from games.core.context import Context, current_step
from games.core.errors import RuleError
from games.core.game import Game, TrackSpec
from games.core.paths import get_path, set_path
from games.core.procedures import StepKind


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


def _as_far_as_possible(state: dict, spec: TrackSpec, before: int, wanted: int) -> int:
    """A ``partial`` track's turn past a bound stops at it; from the bound itself
    (nothing of it can be applied) it stays as wanted, and is refused."""
    high, low = spec.high_in(state), spec.low_in(state)
    if wanted > high > before:
        return high
    if wanted < low < before:
        return low
    return wanted


def _adjust(ctx: Context) -> None:
    spec = _track_or_fail(ctx, ctx.params["track"])
    before = get_path(ctx.state, spec.path)
    wanted = before + ctx.params["delta"]
    missing = max(0, spec.low_in(ctx.state) - wanted) if spec.shortfall is not None else 0
    if missing:
        value = wanted + missing
    else:
        value = _as_far_as_possible(ctx.state, spec, before, wanted) if spec.partial else wanted
    _set_track(ctx, spec, value, "")
    if value != wanted and not missing:
        ctx.describe(f"{ctx.description} ({abs(wanted - value)} ignored)")
    if spec.on_change is not None:
        spec.on_change(ctx, before, get_path(ctx.state, spec.path))
    if missing and spec.shortfall is not None:
        spec.shortfall(ctx, missing)


def _correct(ctx: Context) -> None:
    spec = _track_or_fail(ctx, ctx.params["track"])
    _set_track(ctx, spec, ctx.params["value"], "Corrected: ")


def _next(ctx: Context) -> None:
    step = current_step(ctx.game, ctx.state)
    if step is None:
        name = ctx.game.next_procedure(ctx.state)
        if name is None:
            raise RuleError("Nothing to do next",
                            "Nothing waits for next now: press select to choose what to do.")
        ctx.start(name)
        ctx.describe(f"Started: {ctx.game.procedure(name).title}")
        return
    if step.kind is StepKind.PROMPT:
        raise RuleError("Answer the prompt", f"This step needs an answer first: {step.text}.")
    held = step.hold(ctx.state) if step.hold is not None else None
    if held is not None:
        raise held
    ctx.describe(f"Done: {step.text}")
    ctx.advance()


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
