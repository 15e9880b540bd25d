"""View models: what a game wants shown, as plain data the renderers draw.

Games compute these from state; ``ui`` draws them on the OLED and the screen
and adds what the controller owns (menus, prompt forms, messages). Nothing
here knows about pixels.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from games.core.context import current_step
from games.core.paths import get_path
from games.core.procedures import Step, StepKind

if TYPE_CHECKING:
    from games.core.game import Game


@dataclass(frozen=True)
class TrackView:
    """A tracked number the dials can focus and turn (Spirit, HP, stability…)."""

    key: str
    label: str
    value: int
    low: int
    high: int


@dataclass(frozen=True)
class DiceSlot:
    """One slot of a track the screen draws with a die face (Kreel's Action Power Track).

    ``label`` is the slot as the rulebook names it ("1"), ``name`` what stands
    in it ("Fight"), ``pips`` its die's face (0: no die), ``notes`` short
    words under the die ("Present 3", "Tilted").
    """

    label: str
    name: str
    pips: int = 0
    notes: tuple[str, ...] = ()


@dataclass(frozen=True)
class Panel:
    """A titled block for the screen (the Shadows, the Threat Area…): its ``dice`` slots
    side by side, if any, then its ``lines``."""

    title: str
    lines: tuple[str, ...] = ()
    dice: tuple[DiceSlot, ...] = ()


@dataclass(frozen=True)
class GameView:
    """Everything the displays need about one game state.

    ``headline`` is the game and round, ``phase`` the procedure's name on the
    displays (:attr:`~games.core.procedures.Procedure.phase`: one short word the
    OLED tags its step line with), ``phase_title`` the rulebook's name for it
    ("2. Threat Phase") where there is room for it (the screen; empty: ``phase``),
    ``step`` the current step's text (what the player must do now), ``tracks``
    the dial-adjustable values (the first is focused by default), ``facts``
    2–3 key numbers for the OLED's bottom line, ``panels`` the screen's blocks,
    ``over`` the result once the game has ended.

    ``series`` are named values per round for the screen's plot, oldest first
    (``("Spirit", (10, 9, 7, 8))``). ``grid`` is a small map as rows of short
    cell labels: ``""`` is no location, a label starting with ``*`` marks
    where the party is (drawn highlighted, without the ``*``).
    ``grid_offset_rows`` draws it as a hex map in offset rows: each odd row
    sits half a cell to the left of the even rows, so a cell touches two cells
    of the row above and two of the row below (Myth's board).
    """

    headline: str
    phase: str = ""
    step: str = ""
    step_kind: str = ""
    tracks: tuple[TrackView, ...] = ()
    facts: tuple[tuple[str, str], ...] = ()
    panels: tuple[Panel, ...] = ()
    steps: tuple[tuple[str, str], ...] = field(default=())
    over: str | None = None
    series: tuple[tuple[str, tuple[int, ...]], ...] = ()
    grid: tuple[tuple[str, ...], ...] = ()
    grid_offset_rows: bool = False
    phase_title: str = ""


# --- what every game's view computes the same way ----------------------------------------


def track_views(game: Game, state: dict, *, dial_only: bool = False) -> tuple[TrackView, ...]:
    """The tracked numbers of ``state`` with their current bounds, in the game's order
    (``dial_only``: just the ones the dials turn)."""
    return tuple(
        TrackView(spec.key, spec.label, get_path(state, spec.path), spec.low_in(state), spec.high_in(state))
        for spec in game.tracks(state)
        if spec.dial or not dial_only
    )


def procedure_steps(game: Game, state: dict, *, automatic: bool = True) -> tuple[tuple[str, str], ...]:
    """The running procedure's steps as ``(text, "done" | "current" | "todo")``.

    ``automatic=False`` leaves out the steps the box does by itself, for
    games whose procedures have many of them.
    """
    proc = state.get("procedure")
    if not proc:
        return ()
    procedure = game.procedure(proc["name"])
    return tuple(
        (step.text, "done" if i < proc["step"] else "current" if i == proc["step"] else "todo")
        for i, step in enumerate(procedure.steps)
        if automatic or step.kind is not StepKind.AUTO or i == proc["step"]
    )


def phase_name(game: Game, state: dict) -> str:
    """The running procedure's name on the displays ("Threat"), or "" between procedures."""
    proc = state.get("procedure")
    return game.procedure(proc["name"]).phase if proc else ""


def phase_title(game: Game, state: dict) -> str:
    """The running procedure's name in the rulebook ("2. Threat Phase"), or "" between procedures."""
    proc = state.get("procedure")
    return game.procedure(proc["name"]).title if proc else ""


def step_line(game: Game, state: dict, idle_text: str,
              text_of: Callable[[dict, Step], str] | None = None) -> tuple[str, str]:
    """The OLED's top line and its kind (``GameView.step``, ``step_kind``).

    While a procedure runs: the current step's text, or ``text_of(state, step)``
    for a game that words a step from the state ("Reveal Threat 3"), and the
    step's kind. Once the game is over: ``("", "")``. Otherwise ``idle_text``,
    what ``next`` starts ("Press next: round 4"), as a reminder; an empty
    ``idle_text`` has no kind either.
    """
    step = current_step(game, state)
    if step is not None:
        return (text_of(state, step) if text_of else step.text), step.kind.value
    if state.get("over") or not idle_text:
        return "", ""
    return idle_text, StepKind.REMINDER.value
