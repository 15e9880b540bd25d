"""The ports: small interfaces the core owns and every adapter implements.

``device`` holds the real adapters (gpiozero, luma.oled, pygame, pyserial);
``hw_sim`` holds twins with the same interfaces. Nothing above the adapters
knows which one it has (DESIGN.md, "device/ — the service").
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from PIL import Image

    from contracts.events import InputEvent
    from ui.model import Frame

Emit = Callable[["InputEvent"], None]


class Controls(Protocol):
    """Buttons and encoders. Callbacks only call ``emit``; they never touch state."""

    def start(self, emit: Emit) -> None: ...

    def close(self) -> None: ...


class DiceSource(Protocol):
    """Reports settled rolls through ``emit`` (a tray, or the simulator's panel).

    ``arm`` tells it a prompt waits for ``count`` dice of ``kind`` (ValueError:
    a kind it cannot read, the player rolls virtually); ``cancel`` that the
    prompt was answered another way, so it stops waiting; ``delivered`` that
    the game has the roll ``roll_id`` (the main loop handled it), so a tray
    may now stop repeating it.
    """

    def start(self, emit: Emit) -> None: ...

    def arm(self, count: int, kind: str) -> None: ...

    def cancel(self) -> None: ...

    def delivered(self, roll_id: str) -> None: ...

    def close(self) -> None: ...


class Display(Protocol):
    """The OLED: takes a finished 1-bit PIL image of its own size.

    ``connected`` is False while the panel is away (it fell off its bus: the
    box plays on and retries); ``status`` says why in one line. ``save``
    writes the frame last shown as a PNG (the snapshots of a control script).
    """

    width: int
    height: int

    @property
    def connected(self) -> bool: ...

    @property
    def status(self) -> str: ...

    def show(self, image: Image.Image) -> None: ...

    def save(self, path: str) -> None: ...

    def contrast(self, level: int) -> None: ...

    def close(self) -> None: ...


class Screen(Protocol):
    """The optional large screen: draws a frame model; may also be an input source."""

    def draw(self, frame: Frame) -> None: ...

    def prepare(self) -> None:
        """Make at idle, once, what the first menu, form or help would otherwise make inside
        a press (called after READY)."""

    def pump(self, emit: Emit) -> None:
        """Turn pending window input (mouse, keyboard) into events; main thread only."""

    def save(self, path: str) -> None: ...

    def close(self) -> None: ...


class Cues(Protocol):
    """Short sound cues (a piezo on the box, a stand-in in the simulator)."""

    def cue(self, name: str) -> None: ...

    def close(self) -> None: ...


class Clock(Protocol):
    def now(self) -> float: ...
