"""The mouse and the keys on the simulator window, mapped onto the simulated box.

Apart from the window's drawing because this is the part that must take the
box's own path: every press is a pin edge on ``SimPins`` (so holds, bounce and
encoder quadrature are the box's), a dial's ring dragged round turns it detent
by detent, a click on the dice panel works the tray stand-in, and the mouse on
the screen is a finger on the panel (``ScreenTouch``), giving ``Tap`` events.
The window passes each pygame event in and draws what changed.
"""

from __future__ import annotations

import math
import time
from typing import TYPE_CHECKING

from device.screen import POINTER_DOWN, POINTER_MOVE, POINTER_UP, ScreenTouch
from ui.box_face import DETENT_DEGREES, BoxFaceState, Hit

if TYPE_CHECKING:
    from contracts.events import Tap
    from hw_sim.dice_panel import DicePanel
    from hw_sim.pins import SimPins
    from hw_sim.window_layout import Placement

WHEEL_LEFT, WHEEL_RIGHT = 1, 3


def key_map(pygame) -> tuple[dict[int, str], dict[int, tuple[str, int]]]:
    """Buttons and dial turns by pygame key code."""
    buttons = {
        pygame.K_RETURN: "select",
        pygame.K_KP_ENTER: "select",
        pygame.K_SPACE: "next",
        pygame.K_BACKSPACE: "back",
        pygame.K_ESCAPE: "back",
        pygame.K_u: "undo",
        pygame.K_s: "spirit_push",
        pygame.K_m: "menhir_push",
    }
    turns = {
        pygame.K_LEFT: ("menhir", -1),
        pygame.K_RIGHT: ("menhir", 1),
        pygame.K_DOWN: ("spirit", -1),
        pygame.K_UP: ("spirit", 1),
    }
    return buttons, turns


class WindowInput:
    """Keys and mouse to pin edges, detents, dice-panel clicks and screen taps.

    :param pins: the simulated controls every press and turn drives.
    :param dice: the dice panel a click on it works.
    :param face: what the box's face shows held down and turned (the window draws it).
    :param touch: the screen's touch recogniser; the taps it finds wait in ``taps``.
    """

    def __init__(self, pygame, pins: SimPins, dice: DicePanel, face: BoxFaceState,
                 touch: ScreenTouch) -> None:
        self._pygame = pygame
        self.pins = pins
        self.dice = dice
        self.face = face
        self.touch = touch
        self.buttons, self.turns = key_map(pygame)
        self.taps: list[Tap] = []
        self._held_by_mouse: str | None = None
        self._down_at: dict[str, float] = {}
        self._drag: tuple[str, float] | None = None  # dial and the angle of the last detent
        self._pointer = (0, 0)

    def handle(self, event, place: Placement) -> bool:
        """One key or mouse event, in the window as it is laid out now; True when the
        box's face changed (the window redraws it). Other events are left alone."""
        pygame = self._pygame
        if event.type == pygame.KEYDOWN and event.key in self.turns:
            return self._turn(*self.turns[event.key])
        if event.type == pygame.KEYDOWN and event.key in self.buttons:
            return self._down(self.buttons[event.key])
        if event.type == pygame.KEYUP and event.key in self.buttons:
            return self._up(self.buttons[event.key])
        if event.type == pygame.MOUSEBUTTONDOWN and event.button in (WHEEL_LEFT, WHEEL_RIGHT):
            self._pointer = event.pos
            return self._click(event.pos, 1 if event.button == WHEEL_LEFT else -1, place)
        if event.type == pygame.MOUSEBUTTONUP and event.button == WHEEL_LEFT:
            return self._release(event.pos, place)
        if event.type == pygame.MOUSEMOTION:
            self._pointer = event.pos
            return self._dragged(event.pos, place)
        if event.type == pygame.MOUSEWHEEL and event.y:
            return self._wheel(event.y, place)
        return False

    def _down(self, control: str) -> bool:
        if control in self.face.down:
            return False
        self.pins.down(control)
        self._down_at[control] = time.monotonic()
        self.face.down.add(control)
        return True

    def _up(self, control: str) -> bool:
        if control not in self.face.down:
            return False
        # A click faster than the contact's bounce time would be filtered out as
        # bounce, as on the box; a mouse click means a press, so hold it that long.
        settle = self.pins.pins.bounce_time + 0.01
        held = time.monotonic() - self._down_at.pop(control, 0.0)
        if held < settle:
            time.sleep(settle - held)
        self.pins.up(control)
        self.face.down.discard(control)
        return True

    def _turn(self, dial: str, steps: int) -> bool:
        self.pins.turn(dial, steps)
        self.face.detents[dial] = self.face.detents.get(dial, 0) + steps
        return True

    def _click(self, pos: tuple[int, int], direction: int, place: Placement) -> bool:
        """A mouse button down: press a control, start turning a dial, or use the dice panel.

        The right button steps a die's face backwards; elsewhere it acts like the left.
        The left button on the screen is a finger on its panel.
        """
        if direction == 1 and place.screen.collidepoint(pos):
            self.taps += self.touch.taps(POINTER_DOWN, place.in_frame(pos))
            return False
        hit = place.face.hit(pos, self.face)
        if hit is None:
            return False
        if hit.kind in ("button", "push"):
            self._held_by_mouse = hit.name
            return self._down(hit.name)
        if hit.kind == "dial":
            self._drag = (hit.name, _angle(place, hit.name, pos))
            return False
        self._dice_click(hit, direction)
        return True

    def _dice_click(self, hit: Hit, direction: int) -> None:
        if hit.kind == "kind":
            self.dice.choose(hit.name)
        elif hit.kind == "die":
            self.dice.cycle(int(hit.name), direction)
        elif hit.kind in ("less", "more"):
            self.dice.resize(-1 if hit.kind == "less" else 1)
        elif hit.kind == "roll":
            self.dice.roll()
        elif hit.kind == "send":
            self.dice.send()

    def _release(self, pos: tuple[int, int], place: Placement) -> bool:
        if self.touch.gestures.active:
            self.taps += self.touch.taps(POINTER_UP, place.in_frame(pos))
        changed = False
        if self._held_by_mouse is not None:
            changed = self._up(self._held_by_mouse)
            self._held_by_mouse = None
        self._drag = None
        return changed

    def _dragged(self, pos: tuple[int, int], place: Placement) -> bool:
        """Turn the dragged dial one detent for every detent's angle swept (or drag on the screen)."""
        if self.touch.gestures.active:
            self.taps += self.touch.taps(POINTER_MOVE, place.in_frame(pos))
        if self._drag is None:
            return False
        dial, last = self._drag
        swept = (_angle(place, dial, pos) - last + 180) % 360 - 180
        steps = int(swept / DETENT_DEGREES)
        if not steps:
            return False
        self._drag = (dial, last + steps * DETENT_DEGREES)
        return self._turn(dial, steps)

    def _wheel(self, clicks: int, place: Placement) -> bool:
        """The wheel turns the dial under the pointer (up = clockwise), or cycles a die;
        over the screen, what is drawn under the pointer (a ``Tap``)."""
        if place.screen.collidepoint(self._pointer):
            self.taps += self.touch.wheel(place.in_frame(self._pointer), clicks)
            return False
        hit = place.face.hit(self._pointer, self.face)
        if hit is None:
            return False
        if hit.kind in ("dial", "push"):
            return self._turn(hit.name.removesuffix("_push"), clicks)
        if hit.kind == "die":
            self.dice.cycle(int(hit.name), clicks)
            return True
        return False


def _angle(place: Placement, dial: str, pos: tuple[int, int]) -> float:
    """Degrees clockwise on screen from the dial's centre to ``pos``."""
    cx, cy = place.face.dials[dial]
    return math.degrees(math.atan2(pos[1] - cy, pos[0] - cx))
