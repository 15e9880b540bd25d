"""Input events: the only thing pin callbacks, the tray reader and timers produce.

They are put on one queue and consumed by the single main loop
(DESIGN.md, "One queue, one consumer"). Control names are the design's
vocabulary: buttons ``back``, ``select``, ``next``, ``undo``, ``spirit_push``,
``menhir_push``; encoders ``spirit`` and ``menhir``.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field

BUTTONS = ("back", "select", "next", "undo", "spirit_push", "menhir_push")
ENCODERS = ("spirit", "menhir")


@dataclass(frozen=True)
class Press:
    """A short press (released before the hold time)."""

    control: str


@dataclass(frozen=True)
class Hold:
    """A long press: fired once when the button has been held for the hold time."""

    control: str


@dataclass(frozen=True)
class Turn:
    """An encoder turned by ``steps`` detents (negative = counter-clockwise)."""

    control: str
    steps: int


@dataclass(frozen=True)
class Tap:
    """A finger or the mouse on the screen: ``target`` names what it touched.

    The screen renderer names the targets (``ui.hits.Target``):
    ``("focus", track)``, ``("turn", track, steps)``, ``("menu", index)``,
    ``("field", index)``, ``("field_turn", index, steps)``, ``("help",)``,
    ``("dismiss",)``, ``("press", "select" | "back")`` (a dialog's OK,
    Cancel or Close), ``("scroll", steps)`` (the wheel over a list). The
    controller maps each onto what its dials and buttons would do (focus, a
    Spirit turn, a menu pick, a press…), never onto game state directly.
    """

    target: tuple[str | int, ...]


@dataclass(frozen=True)
class DiceRolled:
    """The dice tray (or the simulator's dice panel) reports a settled roll."""

    dice: tuple[dict, ...]
    roll_id: str = ""


@dataclass(frozen=True)
class TrayStatus:
    """The dice tray's state changed (plugged, armed, timed out…): one OLED line."""

    text: str


@dataclass(frozen=True)
class Notice:
    """Something the players should know that no input caused (the OLED went missing,
    a save was recovered at start): shown like any message, ``short`` on the OLED."""

    short: str
    long: str = ""
    kind: str = "info"  # "info" | "error"


@dataclass(frozen=True)
class Snapshot:
    """Write the current OLED (and screen) frame as PNG (control scripts' ``snap``)."""

    name: str


@dataclass(frozen=True)
class Sync:
    """Marks a point in the queue; ``done`` is set once the loop has reached it."""

    done: threading.Event = field(default_factory=threading.Event, compare=False)


@dataclass(frozen=True)
class Quit:
    """Stop the main loop with this exit status."""

    status: int = 0


InputEvent = Press | Hold | Turn | Tap | DiceRolled | TrayStatus | Notice | Snapshot | Sync | Quit
