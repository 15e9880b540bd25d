"""The box's controls without the box: ``GpioControls`` on gpiozero mock pins.

``SimPins`` builds the real ``GpioControls`` on its own ``MockFactory`` and
moves the mock pins the way fingers move contacts: a press is a falling edge
with contact bounce, a pause, and a rising edge with bounce; a detent of a
dial is the full two-pin Gray-code cycle with bounce on its first edge. Every
event therefore comes out of gpiozero's own callbacks, exactly as on the Pi.
"""

from __future__ import annotations

import time

from gpiozero.pins.mock import MockFactory, MockPin

from contracts.ports import Emit
from device.controls import ControlPins, GpioControls

BOUNCE_CYCLES = 2
"""How often a bouncing contact chatters (opens and closes again) after its edge."""


class DebouncedMockPin(MockPin):
    """A ``MockPin`` that honours ``bounce_time`` as gpiozero's pin backends do.

    gpiozero's ``MockPin`` stores ``bounce_time`` but ignores it, so a
    bouncing contact would report every chatter edge; the real backends filter
    them before any callback. This pin filters like gpiozero's native backend:
    after a reported edge, edges within ``bounce_time`` change the level but are
    not reported.

    ``chattering`` marks edges as a contact's chatter, which on the box comes
    within a millisecond of its edge: they are filtered whatever the clock
    says, so a simulator thread descheduled on a loaded machine between the
    edge and its chatter does not turn the chatter into extra presses.
    """

    def __init__(self, factory: MockFactory, info: object) -> None:
        self._last_call: float | None = None
        self.chattering = False
        super().__init__(factory, info)

    def _call_when_changed(self) -> None:
        bounce = self._bounce
        if bounce is not None and self.chattering:
            return
        if bounce is None or self._last_call is None or self._last_change - self._last_call > bounce:
            self._last_call = self._last_change
            super()._call_when_changed()


class SimPins:
    """The simulated box's buttons and dials; also its ``Controls`` port.

    Each instance owns a fresh ``MockFactory`` (never gpiozero's global one),
    so several simulated boxes, or tests, never share pins. ``press``,
    ``hold`` and ``turn`` block while they drive the edges and return once
    gpiozero has seen them; ``Press`` and ``Turn`` are emitted before they
    return, ``Hold`` from the controls' hold timer at the hold time. ``down``
    and ``up`` move one contact and return at once, for a simulator window
    whose keys stand in for the buttons.

    :param pins: the wiring and timings, as on the real box.
    """

    def __init__(self, pins: ControlPins | None = None) -> None:
        self.pins = pins or ControlPins()
        self.factory = MockFactory(pin_class=DebouncedMockPin)
        self.controls = GpioControls(self.pins, pin_factory=self.factory)
        self._settle = self.pins.bounce_time + 0.01

    def start(self, emit: Emit) -> None:
        self.controls.start(emit)

    def close(self) -> None:
        self.controls.close()
        self.factory.close()

    def press(self, control: str) -> None:
        """A short press of a button: down past the bounce time, then up."""
        self.hold(control, min(2 * self._settle, self.pins.hold_time / 2))

    def hold(self, control: str, seconds: float) -> None:
        """Keep a button down for ``seconds`` (a hold if at least the hold time)."""
        self.down(control)
        time.sleep(max(seconds, self._settle))
        self.up(control)
        time.sleep(self._settle)  # the next press must not fall in this bounce window

    def down(self, control: str) -> None:
        """Close a button's contact, with bounce, and leave it closed (a key held)."""
        self._bouncing_edge(self._button_pin(control), low=True)

    def up(self, control: str) -> None:
        """Open a button's contact, with bounce. Edges within the bounce time of
        the previous reported edge are not seen, as on the box."""
        self._bouncing_edge(self._button_pin(control), low=False)

    def turn(self, control: str, steps: int) -> None:
        """Turn a dial by ``steps`` detents (negative = counter-clockwise)."""
        if control not in self.pins.encoders:
            raise ValueError(f"no encoder named {control!r}")
        a, b, _ = self.pins.encoders[control]
        if steps < 0:
            a, b = b, a
        lead, trail = self.factory.pin(a), self.factory.pin(b)
        # One clockwise detent from rest (both contacts open, pins pulled high):
        # A closes, B closes, A opens, B opens -- the Gray code 0, 2, 3, 1, 0 that
        # gpiozero's RotaryEncoder reads. Counter-clockwise, B leads.
        for _ in range(abs(steps)):
            self._bouncing_edge(lead, low=True)
            self._clean_edge(trail, low=True)
            self._clean_edge(lead, low=False)
            self._clean_edge(trail, low=False)

    def _button_pin(self, control: str) -> DebouncedMockPin:
        button_pins = self.pins.button_pins()
        if control not in button_pins:
            raise ValueError(f"no button named {control!r}")
        return self.factory.pin(button_pins[control])

    @staticmethod
    def _clean_edge(pin: MockPin, low: bool) -> None:
        if low:
            pin.drive_low()
        else:
            pin.drive_high()

    @classmethod
    def _bouncing_edge(cls, pin: DebouncedMockPin, low: bool) -> None:
        """The edge, then contact chatter back and forth, ending at the new level."""
        cls._clean_edge(pin, low)
        pin.chattering = True
        try:
            for _ in range(BOUNCE_CYCLES):
                cls._clean_edge(pin, not low)
                cls._clean_edge(pin, low)
        finally:
            pin.chattering = False
