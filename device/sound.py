"""Sound cues: an optional piezo on one pin, through gpiozero's buzzer devices.

A cue is a few notes, short and distinct enough to tell apart without looking:

==============  ===========================================  ==========================
cue             when                                         sounds like
==============  ===========================================  ==========================
``rejected``    a command was refused (a rule error)         two low buzzes
``finished``    a procedure finished (Night, Threat phase…)  three notes going up
``final_day``   the final Day / round has begun              a long note falling
``low``         Spirit / Health fell to its low mark         three quick high beeps
``roll_read``   the dice tray's roll was read                one short tick
==============  ===========================================  ==========================

``Sound`` drives a ``TonalBuzzer`` (a passive piezo, PWM: real pitches) or a
plain ``Buzzer`` (an active piezo: on/off only, so the cues differ by rhythm).
It plays on its own thread: ``cue`` returns at once, as the main loop must
never wait on a beep, and a burst of cues is cut short rather than queued up.
``RecordingSound`` is the simulator's stand-in (the window shows its cues);
``Silent`` is the box with sound off, so callers never check for None.
"""

from __future__ import annotations

import logging
import queue
import threading
import time
from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from gpiozero.pins import Factory

log = logging.getLogger(__name__)

#: A note: a tone name gpiozero's ``Tone`` reads (``"A4"``), or None for a rest; then seconds.
Note = tuple[str | None, float]

CUES: dict[str, tuple[Note, ...]] = {
    "rejected": (("A3", 0.12), (None, 0.06), ("A3", 0.12)),
    "finished": (("C5", 0.08), ("E5", 0.08), ("A5", 0.16)),
    "final_day": (("A4", 0.25), ("E4", 0.25), ("A3", 0.45)),
    "low": (("E5", 0.05), (None, 0.05), ("E5", 0.05), (None, 0.05), ("E5", 0.05)),
    "roll_read": (("A5", 0.03),),
}
PENDING = 2  # cues waiting beyond this are dropped


def _check(name: str) -> None:
    if name not in CUES:
        raise ValueError(f"no sound cue named {name!r}; cues are: {', '.join(CUES)}")


class Sound:
    """A piezo buzzer on ``pin`` (BCM) playing :data:`CUES`.

    :param pin: the BCM pin the piezo is wired to (config ``[sound] pin``).
    :param tonal: True for a passive piezo driven by PWM (``TonalBuzzer``),
        False for an active one that only turns on and off (``Buzzer``).
    :param pin_factory: gpiozero's pin factory; None for its default choice.
    :param sleep: how to wait out a note (tests pass a recorder).
    """

    def __init__(self, pin: int, *, tonal: bool = True, pin_factory: Factory | None = None,
                 sleep: Callable[[float], None] = time.sleep) -> None:
        from gpiozero import Buzzer, TonalBuzzer

        self.tonal = tonal
        if tonal:
            self._device = TonalBuzzer(pin, pin_factory=pin_factory)
        else:
            self._device = Buzzer(pin, pin_factory=pin_factory)
        self._sleep = sleep
        self._queue: queue.Queue[str | None] = queue.Queue()
        self._idle = threading.Event()
        self._idle.set()
        self._thread = threading.Thread(target=self._run, name="sound-cues", daemon=True)
        self._thread.start()

    def cue(self, name: str) -> None:
        """Play cue ``name`` soon, without waiting for it; dropped if two are already waiting."""
        _check(name)
        if self._queue.qsize() >= PENDING:
            log.debug("sound cue %s dropped: %d waiting", name, PENDING)
            return
        self._idle.clear()
        self._queue.put(name)

    def play(self, name: str) -> None:
        """Play cue ``name`` now, returning when it has finished (the cue thread's work)."""
        _check(name)
        from gpiozero.tones import Tone

        for tone, seconds in CUES[name]:
            if tone is None:
                self._quiet()
            elif self.tonal:
                self._device.play(Tone(tone))
            else:
                self._device.on()
            self._sleep(seconds)
        self._quiet()

    def _quiet(self) -> None:
        if self.tonal:
            self._device.stop()
        else:
            self._device.off()

    def wait(self, timeout: float = 5.0) -> bool:
        """Block until every cue asked for has been played; False on time-out."""
        return self._idle.wait(timeout)

    def close(self) -> None:
        self._queue.put(None)
        self._thread.join(2.0)
        self._device.close()

    def _run(self) -> None:
        while True:
            name = self._queue.get()
            if name is None:
                return
            try:
                self.play(name)
            except Exception as err:  # a piezo fault must never stop the box
                log.error("sound cue %s failed: %s", name, err)
            if self._queue.empty():
                self._idle.set()


class RecordingSound:
    """The simulator's piezo: remembers every cue in order (the window lights up for each)."""

    def __init__(self) -> None:
        self.cues: list[str] = []

    def cue(self, name: str) -> None:
        _check(name)
        self.cues.append(name)

    def close(self) -> None:
        """Nothing to release."""


class Silent:
    """Sound off (config ``[sound] enabled = false``): every cue is checked, then ignored."""

    def cue(self, name: str) -> None:
        _check(name)

    def close(self) -> None:
        """Nothing to release."""
