"""Upkeep procedures as explicit, rulebook-ordered step lists.

A step is ``AUTO`` (the engine computes it), ``PROMPT`` (the player answers
with one command: a choice, a number, a roll) or ``REMINDER`` (the box tells
the player what to do with the cards and waits for ``next``). Where the game
stands is ``state["procedure"] = {"name": ..., "step": index, "data": {...}}``:
plain data, so an interrupted procedure resumes at the same step after a
power cut. ``data`` holds values the steps pass to each other.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from games.core.context import Context
    from games.core.errors import RuleError


class StepKind(StrEnum):
    AUTO = "auto"
    PROMPT = "prompt"
    REMINDER = "reminder"


#: The longest short name of a procedure: the OLED's step-line tag (ui/oled_play.py, phase_tag).
SHORT_MAX = 8


def _never(state: dict) -> bool:
    return False


@dataclass(frozen=True)
class Step:
    """One step of a procedure.

    ``text`` is what the OLED shows (keep it short), ``rule`` cites the
    rulebook section it comes from. An AUTO step has ``run``; a PROMPT step
    names the ``command`` that answers it; a REMINDER waits for ``next``.
    ``skip(state)`` leaves out a step that does not apply this time.
    ``dice(state)`` says what roll a PROMPT step expects, as ``(count, kind)``
    (``(3, "d6")``): the box arms the dice tray for it when the prompt opens.
    ``hold(state)`` keeps a REMINDER waiting on the table: while it gives a
    RuleError, ``next`` is refused with it (Tainted Grail's Guardian Encounter,
    fought before the Event is revealed).
    """

    id: str
    kind: StepKind
    text: str
    rule: str = ""
    run: Callable[[Context], None] | None = None
    command: str | None = None
    skip: Callable[[dict], bool] = _never
    dice: Callable[[dict], tuple[int, str]] | None = None
    hold: Callable[[dict], RuleError | None] | None = None

    def __post_init__(self) -> None:
        if self.kind is StepKind.AUTO and self.run is None:
            raise ValueError(f"automatic step {self.id!r} needs run")
        if self.kind is StepKind.PROMPT and not self.command:
            raise ValueError(f"prompt step {self.id!r} needs command")


@dataclass(frozen=True)
class Procedure:
    """A named sequence of steps; ``then`` names the procedure that follows it.

    ``title`` is the rulebook's ("2. Threat Phase"); ``short`` is the phase's
    name on the displays, one word of at most :data:`SHORT_MAX` characters
    ("Threat", "Battle"), since the OLED tags its step line with it and cut
    any longer word ("Engagem."). Without one the displays show the title.
    """

    name: str
    title: str
    steps: tuple[Step, ...]
    then: str | None = None
    on_finish: Callable[[Context], object] | None = None  # its result is not used
    short: str = ""

    def __post_init__(self) -> None:
        if len(self.short) > SHORT_MAX or len(self.short.split()) > 1:
            raise ValueError(f"procedure {self.name!r}: short name {self.short!r} is not one word "
                             f"of at most {SHORT_MAX} characters")

    @property
    def phase(self) -> str:
        """What the displays call this procedure: its short name, else its title."""
        return self.short or self.title

    def step_at(self, index: int) -> Step | None:
        return self.steps[index] if 0 <= index < len(self.steps) else None

    def index_of(self, step_id: str) -> int:
        for i, step in enumerate(self.steps):
            if step.id == step_id:
                return i
        raise KeyError(step_id)
