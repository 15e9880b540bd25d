"""The main loop: one queue, one consumer (DESIGN.md, "One direction of flow").

Pin callbacks, the tray reader and the control-script runner only put events
on the queue. This loop takes them one at a time, lets the controller turn
them into committed commands, and draws a frame only when it differs from the
last one drawn. With nothing to do it blocks on the queue until the next
timer (dimming, the anti-burn-in shift), so an idle box uses ~0% CPU.
"""

from __future__ import annotations

import gc
import logging
import queue
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path

from PIL import Image

from app.controller import Controller
from app.faults import digest
from app.notify import Notifier
from contracts.events import DiceRolled, Hold, Notice, Press, Quit, Snapshot, Sync, Tap, TrayStatus, Turn
from contracts.ports import Controls, Cues, DiceSource, Display, Screen
from store.backup_worker import BackupDone, BackupWorker
from store.rules_check import RulesChecked
from ui.model import Frame
from ui.oled import render_oled, render_power_off
from ui.oled_canvas import load_fonts

log = logging.getLogger(__name__)


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
        backups: BackupWorker | None = None,
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
        self._last_screen_frame: Frame | None = None
        self._last_dim: bool | None = None
        self._oled_connected = True
        self.notifier = notifier or Notifier.from_environ()
        self._watchdog_due: float | None = None
        self.backups = backups

    def emit(self, event) -> None:
        """Thread-safe: the only thing adapters call."""
        self.events.put(event)

    def draw(self) -> None:
        """Draw the current frame on every display, unless nothing changed.

        A frame or a renderer that fails is replaced by a fallback frame that
        names the step and says what to do; the loop goes on either way.
        """
        try:
            frame = self.controller.frame(self.clock())
        except Exception:  # noqa: BLE001 - no state may stop the box (issue "Never bricks")
            log.exception("the frame could not be built")
            frame = self._fallback()
        if frame.dim != self._last_dim and self.box.display is not None:
            self.box.display.contrast(self.dim_contrast if frame.dim else self.contrast)
            self._last_dim = frame.dim
        if frame == self._last_frame:
            return
        self._last_frame = frame
        self.frames_drawn += 1
        if self.box.display is not None:
            self.box.display.show(self._oled_image(frame))
        self._check_oled()
        # The OLED's dimming and burn-in shift are nothing to the screen: it draws only
        # when what it shows has changed (a timer frame leaves it idle).
        shown = replace(frame, dim=False, shift=(0, 0))
        if self.box.screen is not None and shown != self._last_screen_frame:
            self._last_screen_frame = shown
            try:
                self.box.screen.draw(frame)
            except Exception:  # noqa: BLE001
                log.exception("the screen could not draw the frame")
                self._guarded(self.box.screen.draw, self._fallback())
        if self.controller.playing and log.isEnabledFor(logging.DEBUG):
            state, seq = self.controller.journal.state()
            log.debug("frame %d shown at journal seq %d state %s", self.frames_drawn, seq, digest(state))

    def _fallback(self) -> Frame:
        """The frame shown when the real one cannot be drawn: the step, and the way out."""
        return Frame(message=self.controller.display_error())

    def _oled_image(self, frame: Frame) -> Image.Image:
        display = self.box.display
        assert display is not None  # only called with an OLED
        try:
            return render_oled(frame, display.width, display.height)
        except Exception:  # noqa: BLE001
            log.exception("the OLED frame could not be drawn")
            return render_oled(self._fallback(), display.width, display.height)

    @staticmethod
    def _guarded(action: Callable[..., object], *args) -> None:
        """Run a part that may fail (a fallback drawing, a cue) without stopping the loop."""
        try:
            action(*args)
        except Exception:  # noqa: BLE001
            log.exception("%s failed", getattr(action, "__qualname__", action))

    def _handle(self, event) -> None:
        """One input through the controller; anything unexpected is logged and said, never fatal."""
        backups = self._backups_told_of(event)
        if backups is not None:
            backups.touched()  # before its commit: a whole copy under way gives way to it
        try:
            self.controller.handle(event)
        except Exception as exc:  # noqa: BLE001 - undo, back and hold must keep working
            self.controller.fault(f"input {event}", exc)

    def _settled(self, event) -> None:
        """An input is handled and drawn: the backup worker's idle wait starts now, and its
        thread is woken only now, outside the press, where its Python does not take turns
        with the loop's drawing."""
        backups = self._backups_told_of(event)
        if backups is not None:
            backups.settled()

    def _backups_told_of(self, event) -> BackupWorker | None:
        """The backup worker, when ``event`` is an input it hears of (not a report of its own,
        nor the rules check's)."""
        return None if isinstance(event, BackupDone | RulesChecked) else self.backups

    def _check_oled(self) -> None:
        """When the OLED went missing or came back since the last frame, tell the players
        (a Notice through the queue, drawn on the screen at once: the box plays on without it)."""
        if self.box.display is None:
            return
        connected = self.box.display.connected
        if connected == self._oled_connected:
            return
        self._oled_connected = connected
        status = self.box.display.status
        if connected:
            self.emit(Notice("OLED back", status or "The OLED answers again."))
        else:
            self.emit(Notice("OLED missing", f"{status}. The box plays on the screen and retries the OLED.",
                             "error"))

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
        if self.box.display is not None:
            self.box.display.save(str(self.frames_dir / f"{name}-oled.png"))
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

        The box starts asleep (its OLED dimmed): the first press or detent
        only wakes it, so a dial nudged to wake the box changes nothing.

        ``on_ready`` is called once the inputs are listening and the first frame
        is shown: a control script starts then (so no press is lost before the
        pins have their callbacks), and systemd hears READY=1 then.
        """
        self.box.controls.start(self.emit)
        if self.box.dice is not None:
            self.box.dice.start(self.emit)
        self.controller.start()  # asleep until the first press; a waiting prompt opens again
        self.draw()
        # What start-up made (modules, fonts, the restored game) lives as long as the
        # service: out of the collector's sight, a full collection on a press is short.
        gc.freeze()
        if on_ready is not None:
            on_ready()
        self.notifier.ready()
        load_fonts()  # after READY: the start waits for none the first frame did not need
        if self.box.screen is not None:
            self.box.screen.prepare()  # the dialogs' fonts and glyphs, the shade: once, after READY
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
            elif isinstance(event, Press | Hold | Turn | Tap | DiceRolled | TrayStatus | BackupDone | Notice
                            | RulesChecked):
                log.debug("input %s", event)
                self._handle(event)
                if isinstance(event, DiceRolled) and self.box.dice is not None:
                    self.box.dice.delivered(event.roll_id)  # the game has it: the tray may stop repeating
                self.draw()
                self._settled(event)
