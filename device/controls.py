"""The box's physical controls through gpiozero: four buttons and two push-dials.

``GpioControls`` implements the ``Controls`` port. Every pin comes from a
``ControlPins`` settings object (built by the config loader), never from a
constant in code. The pin factory is gpiozero's own seam: ``None`` lets
gpiozero pick the real backend (lgpio, RPi.GPIO, ...); ``hw_sim`` passes a
``MockFactory`` and drives the very same devices through mock pin edges.
"""

from __future__ import annotations

import threading
from collections.abc import Collection, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from contracts.events import BUTTONS, ENCODERS, Hold, Press, Turn

if TYPE_CHECKING:
    from gpiozero import DigitalInputDevice
    from gpiozero.pins import Factory

    from contracts.ports import Emit


ENCODER_BACKENDS = ("gpio", "evdev")


def _default_buttons() -> dict[str, int]:
    return {"back": 5, "select": 6, "next": 13, "undo": 19}


def _default_encoders() -> dict[str, tuple[int, int, int]]:
    return {"spirit": (17, 18, 27), "menhir": (22, 23, 24)}


@dataclass(frozen=True)
class ControlPins:
    """Where the controls are wired (BCM numbers) and how presses are timed.

    ``buttons`` maps a button name to its pin; ``encoders`` maps a dial name to
    its ``(a, b, push)`` pins, the push being the button ``<dial>_push``.
    ``bounce_time`` (seconds) is handed to the pin backend's debounce for the
    buttons; ``hold_time`` (seconds) is how long a button must stay down to
    count as a hold instead of a press. ``encoder_backend`` reads the dials
    through gpiozero's pin callbacks (``"gpio"``) or the kernel's
    rotary-encoder driver (``"evdev"``, device/evdev_controls.py; the buttons
    stay on gpiozero). Defaults are the design's wiring.
    """

    buttons: Mapping[str, int] = field(default_factory=_default_buttons)
    encoders: Mapping[str, tuple[int, int, int]] = field(default_factory=_default_encoders)
    bounce_time: float = 0.02
    hold_time: float = 1.0
    encoder_backend: str = "gpio"

    def __post_init__(self) -> None:
        if self.encoder_backend not in ENCODER_BACKENDS:
            raise ValueError(f"encoder_backend must be one of {', '.join(ENCODER_BACKENDS)}")
        unknown = (set(self.buttons) - set(BUTTONS)) | (set(self.encoders) - set(ENCODERS))
        if unknown:
            raise ValueError(f"unknown control names: {sorted(unknown)}")
        if self.bounce_time < 0 or self.hold_time <= self.bounce_time:
            raise ValueError("need 0 <= bounce_time < hold_time")

    def button_pins(self) -> dict[str, int]:
        """Every push button by control name, the dials' pushes included."""
        pins = dict(self.buttons)
        pins.update({f"{name}_push": push for name, (_, _, push) in self.encoders.items()})
        return pins


class _PressOrHold:
    """Turns one button's down / up callbacks into exactly one event.

    A release emits ``Press`` unless the hold already fired; a timer started
    at the press emits ``Hold`` after ``hold_time`` unless the release came
    first. The lock makes the two outcomes exclusive when they race, and each
    press has its own timer, so a late timer of an earlier press never fires
    a hold for a later one.

    The timer replaces gpiozero's ``Button`` hold thread, which wakes ten
    times a second per button whether or not anything is pressed.
    """

    def __init__(self, control: str, button: DigitalInputDevice, hold_time: float, emit: Emit) -> None:
        self._control = control
        self._hold_time = hold_time
        self._emit = emit
        self._lock = threading.Lock()
        self._timer: threading.Timer | None = None
        button.when_activated = self._pressed
        button.when_deactivated = self._released

    def _pressed(self) -> None:
        with self._lock:
            if self._timer is not None:
                self._timer.cancel()
            self._timer = threading.Timer(self._hold_time, self._held)
            self._timer.daemon = True
            self._timer.name = f"hold-{self._control}"
            self._timer.start()

    def _held(self) -> None:
        with self._lock:
            if self._timer is threading.current_thread():
                self._timer = None
                self._emit(Hold(self._control))

    def _released(self) -> None:
        with self._lock:
            if self._timer is not None:
                self._timer.cancel()
                self._timer = None
                self._emit(Press(self._control))

    def close(self) -> None:
        with self._lock:
            if self._timer is not None:
                self._timer.cancel()
                self._timer = None


class GpioControls:
    """The box's buttons and rotary encoders as gpiozero devices.

    Each button is a ``DigitalInputDevice`` (active low, internal pull-up,
    debounced) whose long press is timed here (``hold_time`` from the
    settings), not by gpiozero's ``Button``, whose hold thread polls; each dial
    is a ``RotaryEncoder`` with ``max_steps=0`` so its step count is never
    capped, plus such a button for its push. Encoders get no ``bounce_time``: gpiozero's quadrature state
    machine already absorbs contact wiggle, and a debounce window would drop
    real edges when a dial is spun fast.

    Callbacks run on the pin backend's thread (a hold on its timer's thread)
    and only call ``emit``: a ``Turn(dial, +1 | -1)`` per detent, ``Press`` on
    release of a short press, ``Hold`` once at the hold time.

    :param pins: the wiring and timings.
    :param pin_factory: a gpiozero pin factory, or ``None`` for gpiozero's
        default choice (``GPIOZERO_PIN_FACTORY`` or the first backend found).
    :param dials: the dials read here (default: all); the others are read by
        another backend, and only their pushes are buttons here.
    """

    def __init__(self, pins: ControlPins, pin_factory: Factory | None = None,
                 dials: Collection[str] | None = None) -> None:
        from gpiozero import DigitalInputDevice, RotaryEncoder

        self.pins = pins
        self._buttons = {
            name: DigitalInputDevice(
                pin,
                pull_up=True,
                bounce_time=pins.bounce_time or None,
                pin_factory=pin_factory,
            )
            for name, pin in pins.button_pins().items()
        }
        self._holds: list[_PressOrHold] = []
        self._encoders = {
            name: RotaryEncoder(a, b, max_steps=0, pin_factory=pin_factory)
            for name, (a, b, _) in pins.encoders.items()
            if dials is None or name in dials
        }

    def start(self, emit: Emit) -> None:
        """Wire every control's callbacks to ``emit``."""
        self._holds = [_PressOrHold(name, button, self.pins.hold_time, emit)
                       for name, button in self._buttons.items()]
        for name, encoder in self._encoders.items():
            encoder.when_rotated_clockwise = _emitter(emit, Turn(name, 1))
            encoder.when_rotated_counter_clockwise = _emitter(emit, Turn(name, -1))

    def close(self) -> None:
        """Release every pin (callbacks stop firing)."""
        devices: list[Any] = [*self._buttons.values(), *self._encoders.values()]
        for device in devices:
            device.close()
        for hold in self._holds:
            hold.close()


def _emitter(emit: Emit, event: Turn) -> Any:
    """A no-argument callback that emits ``event`` (events are immutable)."""

    def fire() -> None:
        emit(event)

    return fire
