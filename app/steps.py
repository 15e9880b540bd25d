"""What the current procedure step asks of the player, read from the game and its state.

The controller asks these questions on nearly every input (is a prompt
waiting? which command takes the tray's roll? would ``next`` end the phase
unannounced?). They are pure reads of the engine's data, kept apart from the
input handling so each can be read, and tested, on a state alone.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from games.core import Command, CommandSpec, Game, RuleError, Step, StepKind, apply
from games.core.engine import command_specs, current_step
from games.core.errors import ParamError
from games.core.paths import get_path

log = logging.getLogger(__name__)


def prompt_step(game: Game, state: dict) -> Step | None:
    """The step waiting for an answer (a form), or None when no prompt waits."""
    step = current_step(game, state)
    return step if step is not None and step.kind is StepKind.PROMPT else None


def roll_command(game: Game, state: dict) -> tuple[CommandSpec, str] | None:
    """The command the current step's answer is, and its dice parameter, when the step
    asks for dice (the tray's roll answers it); else None."""
    step = current_step(game, state)
    spec = command_specs(game).get(step.command) if step and step.command else None
    dice = [p.name for p in spec.params if p.kind == "dice"] if spec else []
    return (spec, dice[0]) if spec is not None and dice else None


def dial_keys(game: Game, state: dict) -> list[str]:
    """The tracks the Menhir dial cycles through (``dial=False`` ones are skipped)."""
    return [t.key for t in game.tracks(state) if t.dial]


def phase_end_unannounced(game: Game, state: dict, worded: Callable[[Step], str]) -> str | None:
    """What a ``next`` would end for everyone though the step shown does not say so, else None.

    That is a ``next`` on a step the game words from the state (``worded``;
    Grail's "Character 1's turn" for "Take Actions; next when all Pass")
    whose automatic steps would then end the phase: what the OLED shows does
    not say that the press ends it. The command is tried on a copy of the
    state (the engine is pure), so the question is asked only when the press
    would end it. It says only what is true and what is lost: the phase ends
    for everyone, and the turns not taken in it with it (the automatic steps'
    own words, "Everyone has Passed", would claim what nobody did). A reminder
    shown in its own words ("Reset the tokens") is done with one press, as it says.
    """
    proc = state.get("procedure")
    step = current_step(game, state)
    if not proc or step is None or worded(step) == step.text:
        return None
    procedure = game.procedure(proc["name"])
    later = [later for later in procedure.steps[proc["step"] + 1:]
             if later.kind is StepKind.AUTO and not later.skip(state)]
    if procedure.on_finish is not None or not later:
        return None  # a sub-procedure that returns, or nothing runs by itself
    try:
        after = apply(game, state, Command("next")).state.get("procedure")
    except RuleError:
        return None  # refused: the press says why, as it would anyway
    if after is not None and after["name"] == proc["name"]:
        return None
    return f"Ends {procedure.title} for all; turns not taken are lost"


def why_not(game: Game, state: dict, spec: CommandSpec) -> RuleError:
    """Why ``spec``, marked in the action menu, cannot be taken now, in the rule's own words
    ("Only in Play phase", "No Encounter", "Ancient not on map").

    The command is tried on the state with its form's defaults (the engine is pure:
    nothing changes) and a rule's refusal is the reason, so no game words its rule
    twice. When the try is accepted (the menu's check is stricter than the
    handler's), when the defaults do not even fit the form (a :class:`ParamError`:
    "Status: not a choice" with no status to choose says nothing of the rule), or
    when it fails otherwise, the plain "Not possible now" stands.
    """
    plain = RuleError("Not possible now", f"{spec.help}: not possible at this point of the game.")
    try:
        values = {p.name: p.initial() for p in spec.resolved_params(state) if p.kind != "dice"}
        apply(game, state, Command(spec.name, values))
    except ParamError:
        return plain
    except RuleError as err:
        return err
    except Exception:  # noqa: BLE001 - a handler that assumes what the menu checked: say it plainly
        log.warning("%s could not be tried for its reason", spec.name, exc_info=True)
    return plain


def asks_for_dice(game: Game, state: dict) -> bool:
    """True while the current step asks for dice (a roll would be used)."""
    step = current_step(game, state)
    return step is not None and step.dice is not None


def step_label(game: Game, state: dict) -> str:
    """Where the game stands, in a few words: the step, else the procedure, else "Play"."""
    step = current_step(game, state)
    procedure = state.get("procedure") or {}
    return (step.text if step is not None else "") or procedure.get("name") or "Play"


class Guidance(RuleError):
    """A press that does nothing here, answered with what to press instead: shown as a
    notice, not as a refusal (the screen's "Not allowed" dialog would say a rule forbade
    what no rule was asked about)."""


def nothing_next(step: str) -> Callable[[RuleError], RuleError]:
    """The words for a ``next`` with nothing to finish (no procedure runs and none starts):
    in play, the actions are under ``select`` (Kilforth's "H2: Action/Camp, 4 AP").
    A :class:`Guidance`: the step is not refused, it simply has nothing for ``next``."""
    def worded(err: RuleError) -> RuleError:
        if err.short != "Nothing to do next":
            return err
        at = f"{step}: " if step else ""
        return Guidance("Nothing to finish; select: actions",
                         f"{at}no step waits for next here. Press select for the actions.")
    return worded


def changed_tracks(game: Game, before: dict, after: dict) -> list[str]:
    """The tracked values a command changed, "Despair 1→2", in the game's order: what
    an automatic step did, shown like any other result (Myth's Devastation and Scheme
    steps, run by one ``next``)."""
    changes = []
    for track in game.tracks(before):
        try:
            old, new = get_path(before, track.path), get_path(after, track.path)
        except (KeyError, IndexError, TypeError):
            continue  # a value the command removed (or made): not a change of its number
        if old != new:
            changes.append(f"{track.label} {old}\u2192{new}")
    return changes


def accepted(game: Game, state: dict, name: str, values: dict) -> bool:
    """True when command ``name`` with ``values`` would be accepted on ``state`` (tried on
    it: the engine is pure). A failure other than the rules' is not the form's to judge."""
    try:
        apply(game, state, Command(name, values))
    except RuleError:
        return False
    except Exception:  # noqa: BLE001 - a handler that assumes what a menu checked: let commit say
        log.debug("%s could not be tried with %s", name, values, exc_info=True)
    return True
