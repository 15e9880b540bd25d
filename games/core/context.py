"""What a handler or an automatic step works with: the :class:`Context` of one
command, the running procedure's place and scratch data, and the private copy
of the state it changes.

The engine (:mod:`games.core.engine`) makes one Context per command on a
private copy of the state (:func:`copy_state`); a handler changes that copy,
draws randomness only through the Context (the generator lives in the state),
and moves its procedure along (:meth:`Context.start`, :meth:`~Context.goto`,
:meth:`~Context.interrupt` and :func:`resume`).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from games.core import rng
from games.core.commands import Command
from games.core.errors import RuleError
from games.core.procedures import Step

if TYPE_CHECKING:
    from games.core.game import Game


@dataclass(frozen=True)
class Event:
    """Something that happened, for the displays and the journal's description."""

    text: str
    kind: str = "info"


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
        self.start(name, {**(data or {}), "resume": copy_state(waiting) if waiting is not None else None})

    def finish(self) -> None:
        """End the running procedure early as if its last step were done: its
        ``on_finish`` runs and the procedure it names in ``then`` starts."""
        proc = self.state["procedure"]
        proc["step"] = len(self.game.procedure(proc["name"]).steps)

    def stay(self) -> None:
        """Keep the prompt just answered as the current step: it asks again
        (one Guardian after another, one Character's Rest after another)."""
        self.staying = True

    def advance(self) -> None:
        """Move the running procedure on to its next step."""
        self.state["procedure"]["step"] += 1

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


def copy_state(state: dict) -> dict:
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
