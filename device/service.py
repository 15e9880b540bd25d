"""The main loop: one queue, one consumer (DESIGN.md, "One direction of flow").

Pin callbacks, the tray reader and the control-script runner only put events
on the queue. This loop takes them one at a time, lets the controller turn
them into committed commands, and draws a frame only when it differs from the
last one drawn. With nothing to do it blocks on the queue until the next
timer (dimming, the anti-burn-in shift), so an idle box uses ~0% CPU.
"""

from __future__ import annotations

import hashlib
import json
import logging
import queue
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from device.controller import Controller
from device.events import DiceRolled, Hold, Press, Quit, Snapshot, Sync, Tap, TrayStatus, Turn
from device.notify import Notifier
from device.ports import Controls, Cues, DiceSource, Display, Screen
from ui.model import Frame, Message
from ui.oled import render_oled, render_power_off

log = logging.getLogger(__name__)


def digest(state: dict) -> str:
    """A short fingerprint of a game state, for logs that must say what was shown."""
    return hashlib.sha256(json.dumps(state, sort_keys=True).encode()).hexdigest()[:16]

# How often an open window is pumped for mouse and keyboard input (seconds).
WINDOW_POLL = 1 / 30


@dataclass
class Box:
    """The adapters the service runs on: real (device) or simulated (hw_sim)."""

    controls: Controls
    display: Display | None
    screen: Screen | None = None
    dice: DiceSource | None = None
    sound: Cues | None = None
    interactive_window: bool = False
    close_hooks: list[Callable[[], None]] = field(default_factory=list)

    def close(self) -> None:
        for part in (self.controls, self.dice, self.screen, self.display, self.sound):
            if part is not None:
                part.close()
        for hook in self.close_hooks:
            hook()


class Service:
    """Runs the box until a ``Quit`` event (or the window closes)."""

    def __init__(
        self,
        controller: Controller,
        box: Box,
        *,
        contrast: int = 160,
        dim_contrast: int = 8,
        frames_dir: Path | None = None,
        clock: Callable[[], float] = time.monotonic,
        notifier: Notifier | None = None,
    ) -> None:
        self.controller = controller
        self.box = box
        self.contrast = contrast
        self.dim_contrast = dim_contrast
        self.frames_dir = frames_dir
        self.clock = clock
        self.events: queue.Queue = queue.Queue()
        self.frames_drawn = 0
        self._last_frame: Frame | None = None
        self._last_dim: bool | None = None
        self._oled_connected = True
        self.notifier = notifier or Notifier.from_environ()
        self._watchdog_due: float | None = None

    def emit(self, event) -> None:
        """Thread-safe: the only thing adapters call."""
        self.events.put(event)

    def draw(self) -> None:
        """Draw the current frame on every display, unless nothing changed."""
        frame = self.controller.frame(self.clock())
        if frame.dim != self._last_dim and self.box.display is not None:
            self.box.display.contrast(self.dim_contrast if frame.dim else self.contrast)
            self._last_dim = frame.dim
        if frame == self._last_frame:
            return
        self._last_frame = frame
        self.frames_drawn += 1
        if self.box.display is not None:
            self.box.display.show(render_oled(frame, self.box.display.width, self.box.display.height))
        if self._oled_changed():
            self.draw()  # the screen says so at once (the frame now carries the notice)
            return
        if self.box.screen is not None:
            self.box.screen.draw(frame)
        if self.controller.playing and log.isEnabledFor(logging.DEBUG):
            state, seq = self.controller.journal.state()
            log.debug("frame %d shown at journal seq %d state %s", self.frames_drawn, seq, digest(state))

    def _oled_changed(self) -> bool:
        """True when the OLED went missing or came back since the last frame;
        the players are told on the screen (the box plays on without it)."""
        connected = getattr(self.box.display, "connected", True)
        if connected == self._oled_connected:
            return False
        self._oled_connected = connected
        status = getattr(self.box.display, "status", "")
        if connected:
            self.controller.message = Message("OLED back", status or "The OLED answers again.")
        else:
            self.controller.message = Message(
                "OLED missing", f"{status}. The box plays on the screen and retries the OLED.", "error")
        return True

    def power_off(self) -> None:
        """Leave a clean "powering off" frame on the OLED (it keeps its last image)."""
        display = self.box.display
        if display is not None:
            display.contrast(self.contrast)
            display.show(render_power_off(display.width, display.height))

    def snapshot(self, name: str) -> None:
        if self.frames_dir is None:
            return
        self.frames_dir.mkdir(parents=True, exist_ok=True)
        if self.box.display is not None and hasattr(self.box.display, "save"):
            self.box.display.save(self.frames_dir / f"{name}-oled.png")
        if self.box.screen is not None:
            self.box.screen.save(str(self.frames_dir / f"{name}-screen.png"))
        log.info("snapshot %s written to %s", name, self.frames_dir)

    def _timeout(self) -> float | None:
        now = self.clock()
        deadline = self.controller.next_deadline(now)
        if self._watchdog_due is not None:
            deadline = self._watchdog_due if deadline is None else min(deadline, self._watchdog_due)
        timeout = None if deadline is None else max(0.0, deadline - now)
        if self.box.interactive_window:
            timeout = WINDOW_POLL if timeout is None else min(timeout, WINDOW_POLL)
        return timeout

    def _feed_watchdog(self) -> None:
        """``WATCHDOG=1`` at half of systemd's WatchdogSec, from the loop itself,
        so a loop that hangs stops feeding it and systemd restarts the service."""
        interval = self.notifier.watchdog_interval
        if interval is None:
            return
        now = self.clock()
        if self._watchdog_due is None or now >= self._watchdog_due:
            self.notifier.watchdog()
            self._watchdog_due = now + interval

    def run(self, on_ready: Callable[[], None] | None = None) -> int:
        """Start the inputs, draw, then serve events until ``Quit``; return the exit status.

        ``on_ready`` is called once the inputs are listening and the first frame
        is shown: a control script starts then (so no press is lost before the
        pins have their callbacks), and systemd hears READY=1 then.
        """
        self.box.controls.start(self.emit)
        if self.box.dice is not None:
            self.box.dice.start(self.emit)
        self.draw()
        if on_ready is not None:
            on_ready()
        self.notifier.ready()
        while True:
            self._feed_watchdog()
            if self.box.interactive_window and self.box.screen is not None:
                self.box.screen.pump(self.emit)
            try:
                event = self.events.get(timeout=self._timeout())
            except queue.Empty:
                self.draw()  # a timer: dimming or the burn-in shift
                continue
            if isinstance(event, Quit):
                self.notifier.stopping()
                return event.status
            if isinstance(event, Sync):
                event.done.set()
            elif isinstance(event, Snapshot):
                self.snapshot(event.name)
            elif isinstance(event, Press | Hold | Turn | Tap | DiceRolled | TrayStatus):
                log.debug("input %s", event)
                self.controller.handle(event)
                self.draw()
