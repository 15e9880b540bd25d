"""The desktop simulator window: the screen, and the box's face beside it.

Left: the screen, drawn at the largest size of the configured panel's shape
that fits (redrawn, not stretched, when the window is resized). The window
opens centred and no larger than 90% of the desktop. Right: the box as it sits on the table
(``ui.box_face``): the OLED scaled up pixel-exact (dimmed with the panel's
contrast), the Spirit and Menhir dials, the four buttons, and a dice panel
standing in for the tray. The window is resizable and everything rescales.

Every input goes through the simulated hardware, never around it, so holds,
bounce and encoder quadrature take exactly the path they take on the box:

- a mouse button down on a button (or a dial's push cap) drives its pin low,
  the mouse button up drives it high: a long click is a hold;
- the wheel over a dial, or dragging its ring round, turns it detent by detent
  (``SimPins.turn``); clockwise / wheel up is +1;
- keys (README, "Controls"): Enter = select, Space = next,
  Backspace/Escape = back, U = undo, Left/Right = Menhir dial, Up/Down =
  Spirit dial, S = Spirit push, M = Menhir push; hold a key for a long press;
- the dice panel sends its roll through the simulated tray's pseudo-terminal
  (``PtyTray.report``), and follows what the host armed the tray for;
- the mouse on the screen acts as a touch on the box's panel does
  (``device.screen.ScreenTouch``): a tap focuses a track or turns it with its
  - / +, picks a menu item, focuses a form field, presses a dialog's OK
  (select) or Cancel (back); a drag along a track turns it; the wheel over a
  track or a form field turns it (the Spirit dial), over a list moves its
  cursor (the Menhir dial; wheel down = down). These reach the controller as
  ``Tap`` events, as on the Pi.

The service pumps the window at 30 Hz; the window redraws only when
something it shows changed (a new frame, a press, a resize, a cue).

This module composes and draws; the sizes and places are in
``hw_sim.window_layout``, the keys and mouse in ``hw_sim.window_input``, the
tray stand-in in ``hw_sim.dice_panel``.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

from contracts.events import Quit
from device.screen import ScreenTouch
from device.sound import RecordingSound
from hw_sim.dice_panel import DicePanel
from hw_sim.window_input import WindowInput
from hw_sim.window_layout import Placement, face_layout, fitted, open_window, screen_size
from ui.box_face import BoxFaceState, BoxLayout, draw_box_face

if TYPE_CHECKING:
    import pygame

    from contracts.ports import Emit
    from device.screen import PygameScreen
    from hw_sim.oled import DummyDisplay
    from hw_sim.pins import SimPins
    from hw_sim.tray import PtyTray
    from ui.model import Frame

WINDOW_BACKGROUND = (20, 20, 24)
SCREEN_EDGE = (60, 60, 68)
CUE_SHOWN = 1.5  # seconds the piezo's stand-in stays lit


class SimWindow:
    """One resizable window: the screen on the left, the box's face on the right.

    :param screen: renders frames (its ``renderer``); the window shows the result.
    :param display: the simulated OLED whose image and contrast the face shows.
    :param pins: the simulated controls every click and key drives.
    :param tray: the simulated dice tray the dice panel throws into (optional).
    :param sound: a recorder of sound cues (``device.sound.RecordingSound``);
        its latest cue lights the piezo's stand-in for a moment (optional).
    """

    def __init__(self, screen: PygameScreen, display: DummyDisplay, pins: SimPins,
                 tray: PtyTray | None = None, sound: RecordingSound | None = None) -> None:
        import pygame

        from hw_sim.tray import KINDS
        from ui.screen import ScreenRenderer

        self._pygame = pygame
        self.screen = screen
        #: Draws the screen at the size it is shown (``screen.renderer`` keeps the
        #: configured size, for snapshots).
        self.renderer = ScreenRenderer(screen.renderer.size, screen.renderer.theme)
        self.frame: Frame | None = None
        self.touch = ScreenTouch(lambda: self.renderer.hits)
        self.display = display
        self.sound = sound
        self.dice = DicePanel(tray, KINDS)
        self.face = BoxFaceState(kinds=KINDS)
        self.input = WindowInput(pygame, pins, self.dice, self.face, self.touch)
        self.surface: pygame.Surface | None = None  # the last screen frame, as laid out
        self.screen_rect = pygame.Rect(0, 0, 0, 0)  # where it is shown in the window
        self.window = open_window(pygame, screen.renderer.size)
        self.layout = self._layout()
        self._seen_cues = 0
        self._cue_until = 0.0
        self._dirty = True

    # --- layout and drawing ------------------------------------------------------------

    def _layout(self) -> BoxLayout:
        return face_layout(self._pygame, self.window.get_size(), (self.display.width, self.display.height))

    def _screen_area(self) -> pygame.Rect:
        return self._pygame.Rect(0, 0, self.layout.panel.left, self.window.get_height())

    def draw(self, frame: Frame) -> None:
        """Render a new frame (the OLED already shows it) and show the window."""
        self.frame = frame
        self.surface = None
        self._dirty = True
        self._compose()

    def prepare(self) -> None:
        self.renderer.prepare()

    def _render(self) -> None:
        """Lay the last frame out at the size it is shown, when that or the frame changed."""
        from ui.screen import ScreenRenderer

        size = screen_size(self._screen_area().size, self.screen.renderer.size)
        if size != self.renderer.size:  # the window was resized
            self.renderer = ScreenRenderer(size, self.renderer.theme)
            self.renderer.prepare()  # what the next menu would otherwise make inside its press
            self.touch.cancel()
            self.surface = None
        if self.surface is None and self.frame is not None:
            self.surface = self.renderer.render(self.frame)

    def _compose(self) -> None:
        pygame = self._pygame
        self.window.fill(WINDOW_BACKGROUND)
        self._render()
        if self.surface is not None:
            area = self._screen_area()
            shown = fitted(pygame, self.surface, area)
            self.screen_rect = self.window.blit(shown, shown.get_rect(center=area.center))
            pygame.draw.rect(self.window, SCREEN_EDGE, self.screen_rect.inflate(2, 2), 1)
        self.face.kind, self.face.faces = self.dice.kind, list(self.dice.faces)
        self.face.note = self.dice.note
        self.face.brightness = self._brightness()
        draw_box_face(self.window, self.layout, self.display.image, self.face)
        pygame.display.flip()
        self._dirty = False

    # --- input -------------------------------------------------------------------------

    def pump(self, emit: Emit) -> None:
        """Turn pending window events into pin edges and tray rolls; redraw if needed."""
        pygame = self._pygame
        for event in pygame.event.get():
            if event.type == pygame.QUIT:
                emit(Quit(0))
            elif event.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
                self.layout = self._layout()
                self._dirty = True
            elif event.type == pygame.WINDOWEXPOSED:
                self._dirty = True
            elif self.input.handle(event, Placement(self.layout, self.screen_rect, self.renderer.size)):
                self._dirty = True
        for tap in self.input.taps:
            emit(tap)
        self.input.taps.clear()
        self._status()
        if self._dirty:
            self._compose()

    def _status(self) -> None:
        """Notice what changed outside the window: arming, a finished roll, contrast, a cue."""
        if self.dice.follow_arming():
            self._dirty = True
        if self.dice.note != self.face.note:
            self._dirty = True
        if self._brightness() != self.face.brightness:
            self._dirty = True
        now = time.monotonic()
        cues = self.sound.cues if self.sound is not None else []
        if len(cues) != self._seen_cues:
            self._seen_cues = len(cues)
            self.face.cue, self._cue_until = cues[-1], now + CUE_SHOWN
            self._dirty = True
        elif self.face.cue and now >= self._cue_until:
            self.face.cue = ""
            self._dirty = True

    def _brightness(self) -> float:
        """How bright the OLED stand-in is drawn for the panel's contrast (never black)."""
        return 0.45 + 0.55 * self.display.contrast_level / 255

    # --- the Screen port's rest ------------------------------------------------------

    def save(self, path: str) -> None:
        """Write the screen's last frame, at the configured size, as a PNG."""
        if self.frame is not None:
            self._pygame.image.save(self.screen.renderer.render(self.frame), path)

    def save_window(self, path: str) -> None:
        """Write the whole window as a PNG: the screen beside the box's face."""
        self._compose()
        self._pygame.image.save(self.window, path)

    def close(self) -> None:
        self.screen.close()
