"""A stand-in dice tray: rolls reported in-process through the ``DiceSource`` port.

A later step replaces it with a pseudo-terminal tray that speaks the serial
protocol (DESIGN.md, "hw_sim/"); until then control scripts and the desktop
dice panel report settled dice here.
"""

from __future__ import annotations

import itertools
import threading

from device.events import DiceRolled
from device.ports import Emit


class SimDiceSource:
    """A dice tray that reports whatever roll it is handed, each with a fresh roll id."""

    def __init__(self) -> None:
        self._emit: Emit | None = None
        self._roll_ids = itertools.count(1)
        self._lock = threading.Lock()

    def start(self, emit: Emit) -> None:
        self._emit = emit

    def close(self) -> None:
        self._emit = None

    def report(self, dice: list[dict]) -> str:
        """Report a settled roll (e.g. ``[{"kind": "d6", "face": 5}]``); returns its roll id."""
        if self._emit is None:
            raise RuntimeError("the dice tray is not started")
        with self._lock:
            roll_id = f"sim-{next(self._roll_ids)}"
        self._emit(DiceRolled(dice=tuple(dict(die) for die in dice), roll_id=roll_id))
        return roll_id
