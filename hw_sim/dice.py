"""An in-process dice source: rolls reported straight through the ``DiceSource`` port.

The simulated box reads dice from ``hw_sim.tray.PtyTray`` over real serial
bytes; this shortcut, with the same ``report`` call, serves tests that drive
the controller or the script runner without a pseudo-terminal.
"""

from __future__ import annotations

import itertools
import threading

from contracts.events import DiceRolled
from contracts.ports import Emit


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
