"""Playing a checked control script on the simulated box, one line at a time.

Kept apart from the reading and checking (``hw_sim.script``): by the time a
runner exists every line is known to be performable, so what is left here
is timing: driving the pins and the tray, and keeping in step with the main
loop.
"""

from __future__ import annotations

import logging
import threading
import time

from contracts.events import Quit, Snapshot, Sync
from contracts.ports import Emit
from hw_sim.dice import SimDiceSource
from hw_sim.pins import SimPins
from hw_sim.script import DiceLine, HoldLine, PressLine, ScriptLine, SnapLine, TurnLine, WaitLine

log = logging.getLogger(__name__)


class ScriptRunner:
    """Plays a parsed control script on the simulated box, one line at a time.

    Runs on its own thread. After every line it emits a ``Sync`` and waits for
    the main loop to reach it, so each line sees the effects of the one before
    (a ``snap`` shows the frame after everything earlier was drawn). At the end
    it emits ``Quit(0)``; if a line cannot be performed, or the main loop does
    not catch up within ``sync_timeout`` seconds, it logs why and emits
    ``Quit(1)``.

    :param lines: the script, from ``parse_script``.
    :param pins: the simulated controls that presses, holds and turns drive.
    :param dice: the simulated tray that reports the scripted rolls.
    :param emit: the main loop's queue (snapshots, syncs and the final quit).
    :param sync_timeout: how long the main loop may take over one line.
    """

    def __init__(
        self,
        lines: list[ScriptLine],
        pins: SimPins,
        dice: SimDiceSource,
        emit: Emit,
        sync_timeout: float = 10.0,
    ) -> None:
        self.lines = lines
        self._pins = pins
        self._dice = dice
        self._emit = emit
        self._sync_timeout = sync_timeout
        self._stopping = threading.Event()
        self._thread = threading.Thread(target=self._run, name="control-script", daemon=True)

    def start(self) -> None:
        self._thread.start()

    def stop(self, timeout: float = 5.0) -> None:
        """Abandon the script (the main loop is going away); emits nothing more.

        Safe before :meth:`start` too: a start that failed stops a runner that never ran.
        """
        self._stopping.set()
        if self._thread.is_alive():
            self._thread.join(timeout)

    def join(self, timeout: float) -> bool:
        """Wait for the script to finish; ``True`` if it did within ``timeout``."""
        self._thread.join(timeout)
        return not self._thread.is_alive()

    def _run(self) -> None:
        for line in self.lines:
            if self._stopping.is_set():
                return
            try:
                self._perform(line)
                if not self._stopping.is_set():
                    self._sync(line)
            except Exception as error:
                if not self._stopping.is_set():
                    log.error("control script line %d failed: %s", line.line, error)
                    self._emit(Quit(1))
                return
        if not self._stopping.is_set():
            self._emit(Quit(0))

    def _perform(self, line: ScriptLine) -> None:
        match line:
            case PressLine(control=control):
                self._pins.press(control)
            case HoldLine(control=control, seconds=seconds):
                self._pins.hold(control, seconds)
            case TurnLine(control=control, steps=steps):
                self._pins.turn(control, steps)
            case DiceLine(dice=dice):
                self._dice.report(list(dice))
            case WaitLine(seconds=seconds):
                self._stopping.wait(seconds)
            case SnapLine(name=name):
                self._emit(Snapshot(name))

    def _sync(self, line: ScriptLine) -> None:
        sync = Sync()
        self._emit(sync)
        deadline = time.monotonic() + self._sync_timeout
        while not sync.done.wait(0.05):
            if self._stopping.is_set():
                return
            if time.monotonic() > deadline:
                raise TimeoutError(
                    f"the main loop did not finish line {line.line} within {self._sync_timeout:g} s"
                )
