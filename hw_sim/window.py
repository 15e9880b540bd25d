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
"""

from __future__ import annotations

import math
import os
import random
import threading
import time
from typing import TYPE_CHECKING

from contracts.events import Quit, Tap
from device.screen import POINTER_DOWN, POINTER_MOVE, POINTER_UP, ScreenTouch
from device.sound import RecordingSound
from firmware_bridge.protocol import NAMED_FACES
from ui.box_face import DESIGN_SIZE, DETENT_DEGREES, BoxFaceState, BoxLayout, Hit, draw_box_face

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
MAX_DICE = 6
CUE_SHOWN = 1.5  # seconds the piezo's stand-in stays lit
WHEEL_LEFT, WHEEL_RIGHT = 1, 3
#: The screen is never laid out smaller than this; a smaller area shows it scaled down.
MIN_SCREEN = (400, 240)
#: The share of the desktop the window may take when it opens.
DESKTOP_SHARE = 0.9


def fit_to_desktop(size: tuple[int, int], desktop: tuple[int, int],
                   share: float = DESKTOP_SHARE) -> tuple[int, int]:
    """The window's first size: ``size`` scaled down (never up, shape kept) to at most
    ``share`` of the desktop, so the whole window is on it."""
    scale = min(1.0, desktop[0] * share / size[0], desktop[1] * share / size[1])
    return max(1, int(size[0] * scale)), max(1, int(size[1] * scale))


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


def faces_of(kind: str) -> tuple[str, ...]:
    """The faces a die of ``kind`` can show, as the panel cycles them."""
    if kind in NAMED_FACES:
        return NAMED_FACES[kind]
    return tuple(str(n) for n in range(1, int(kind[1:]) + 1))


class DicePanel:
    """The tray stand-in: which kind, how many dice, which faces; sends through the tray.

    ``report`` blocks until the host acknowledges, so it runs on a worker
    thread; the window only reads ``note`` and ``busy``.
    """

    def __init__(self, tray: PtyTray | None, kinds: tuple[str, ...],
                 rng: random.Random | None = None) -> None:
        self.tray = tray
        self.kinds = kinds
        self.kind = kinds[0]
        self.faces = [faces_of(self.kind)[0]]
        self.note = "" if tray is not None else "no tray in this box"
        self.busy = False
        self._rng = rng or random.Random()
        self._armed: tuple[int, str] | None = None

    def choose(self, kind: str) -> None:
        self.kind = kind
        self.faces = [faces_of(kind)[0]] * len(self.faces)

    def resize(self, delta: int) -> None:
        count = max(1, min(MAX_DICE, len(self.faces) + delta))
        self.faces = (self.faces + [faces_of(self.kind)[0]] * MAX_DICE)[:count]

    def cycle(self, index: int, steps: int) -> None:
        faces = faces_of(self.kind)
        self.faces[index] = faces[(faces.index(self.faces[index]) + steps) % len(faces)]

    def follow_arming(self) -> bool:
        """Take the kind and count the host armed the tray for; True if that changed anything."""
        armed = self.tray.armed if self.tray is not None else None
        if armed == self._armed:
            return False
        self._armed = armed
        if armed is not None:
            count, kind = armed
            if kind in self.kinds:
                self.choose(kind)
                self.resize(count - len(self.faces))
            self.note = f"tray armed: {count} {kind}"
        return True

    def roll(self) -> None:
        faces = faces_of(self.kind)
        self.faces = [self._rng.choice(faces) for _ in self.faces]
        self.send()

    def send(self) -> None:
        if self.tray is None or self.busy:
            return
        dice = [{"kind": self.kind, "face": int(f) if f.isdigit() else f} for f in self.faces]
        self.busy = True
        self.note = "rolling…"
        threading.Thread(target=self._report, args=(dice,), name="sim-dice-panel",
                         daemon=True).start()

    def _report(self, dice: list[dict]) -> None:
        shown = " ".join(str(d["face"]) for d in dice)
        assert self.tray is not None  # send() starts this only with a tray
        try:
            roll_id = self.tray.report(dice)
            self.note = f"sent {roll_id}: {shown}"
        except (TimeoutError, ValueError, OSError) as err:
            self.note = f"tray: {err}"
        finally:
            self.busy = False


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
        self._taps: list[Tap] = []
        self.display = display
        self.pins = pins
        self.sound = sound
        self.buttons, self.turns = key_map(pygame)
        self.dice = DicePanel(tray, KINDS)
        self.face = BoxFaceState(kinds=KINDS)
        self.surface: pygame.Surface | None = None  # the last screen frame, as laid out
        self.screen_rect = pygame.Rect(0, 0, 0, 0)  # where it is shown in the window
        width, height = screen.renderer.size
        size = (width + DESIGN_SIZE[0], max(height, DESIGN_SIZE[1]))
        if pygame.display.get_driver() != "dummy":  # a real desktop: the window fits it, centred
            size = fit_to_desktop(size, pygame.display.get_desktop_sizes()[0])
            if pygame.display.get_surface() is not None:
                # The screen's own window was placed for the screen's size alone; open
                # this one afresh, centred on the desktop, rather than grow that one.
                pygame.display.quit()
                os.environ.setdefault("SDL_VIDEO_CENTERED", "1")
                pygame.display.init()
        self.window = pygame.display.set_mode(size, pygame.RESIZABLE)
        pygame.display.set_caption("Table Warden — simulated box")
        self.layout = self._layout()
        self._held_by_mouse: str | None = None
        self._down_at: dict[str, float] = {}
        self._drag: tuple[str, float] | None = None  # dial and the angle of the last detent
        self._pointer = (0, 0)
        self._seen_cues = 0
        self._cue_until = 0.0
        self._dirty = True

    # --- layout and drawing ------------------------------------------------------------

    def _layout(self) -> BoxLayout:
        width, height = self.window.get_size()
        panel_w = max(300, min(640, round(width * DESIGN_SIZE[0] / (800 + DESIGN_SIZE[0]))))
        panel = self._pygame.Rect(width - panel_w, 0, panel_w, height)
        return BoxLayout(panel, (self.display.width, self.display.height), MAX_DICE)

    def _screen_area(self) -> pygame.Rect:
        return self._pygame.Rect(0, 0, self.layout.panel.left, self.window.get_height())

    def _screen_size(self) -> tuple[int, int]:
        """The size to lay the screen out at: the panel's shape, as large as the area allows."""
        area = self._screen_area()
        width, height = self.screen.renderer.size
        scale = min(area.width / width, area.height / height)
        size = (round(width * scale), round(height * scale))
        if size[0] < MIN_SCREEN[0] or size[1] < MIN_SCREEN[1]:
            grow = max(MIN_SCREEN[0] / width, MIN_SCREEN[1] / height)
            size = (round(width * grow), round(height * grow))
        return size

    def draw(self, frame: Frame) -> None:
        """Render a new frame (the OLED already shows it) and show the window."""
        self.frame = frame
        self.surface = None
        self._dirty = True
        self._compose()

    def _render(self) -> None:
        """Lay the last frame out at the size it is shown, when that or the frame changed."""
        from ui.screen import ScreenRenderer

        size = self._screen_size()
        if size != self.renderer.size:
            self.renderer = ScreenRenderer(size, self.renderer.theme)
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
            shown = self.surface
            scale = min(1.0, area.width / shown.get_width(), area.height / shown.get_height())
            if scale < 1:  # an area below MIN_SCREEN: the smallest layout, scaled down
                shown = pygame.transform.smoothscale(
                    shown, (max(1, round(shown.get_width() * scale)),
                            max(1, round(shown.get_height() * scale))))
            self.screen_rect = self.window.blit(shown, shown.get_rect(center=area.center))
            pygame.draw.rect(self.window, SCREEN_EDGE, self.screen_rect.inflate(2, 2), 1)
        self.face.kind, self.face.faces = self.dice.kind, list(self.dice.faces)
        self.face.note = self.dice.note
        self.face.brightness = 0.45 + 0.55 * self.display.contrast_level / 255
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
            elif event.type == pygame.KEYDOWN and event.key in self.turns:
                self._turn(*self.turns[event.key])
            elif event.type == pygame.KEYDOWN and event.key in self.buttons:
                self._down(self.buttons[event.key])
            elif event.type == pygame.KEYUP and event.key in self.buttons:
                self._up(self.buttons[event.key])
            elif event.type == pygame.MOUSEBUTTONDOWN and event.button in (WHEEL_LEFT, WHEEL_RIGHT):
                self._pointer = event.pos
                self._click(event.pos, 1 if event.button == WHEEL_LEFT else -1)
            elif event.type == pygame.MOUSEBUTTONUP and event.button == WHEEL_LEFT:
                self._release(event.pos)
            elif event.type == pygame.MOUSEMOTION:
                self._pointer = event.pos
                self._dragged(event.pos)
            elif event.type == pygame.MOUSEWHEEL and event.y:
                self._wheel(event.y)
        for tap in self._taps:
            emit(tap)
        self._taps.clear()
        self._status()
        if self._dirty:
            self._compose()

    def _status(self) -> None:
        """Notice what changed outside the window: arming, a finished roll, contrast, a cue."""
        if self.dice.follow_arming():
            self._dirty = True
        if self.dice.note != self.face.note:
            self._dirty = True
        brightness = 0.45 + 0.55 * self.display.contrast_level / 255
        if brightness != self.face.brightness:
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

    def _down(self, control: str) -> None:
        if control in self.face.down:
            return
        self.pins.down(control)
        self._down_at[control] = time.monotonic()
        self.face.down.add(control)
        self._dirty = True

    def _up(self, control: str) -> None:
        if control not in self.face.down:
            return
        # A click faster than the contact's bounce time would be filtered out as
        # bounce, as on the box; a mouse click means a press, so hold it that long.
        settle = self.pins.pins.bounce_time + 0.01
        held = time.monotonic() - self._down_at.pop(control, 0.0)
        if held < settle:
            time.sleep(settle - held)
        self.pins.up(control)
        self.face.down.discard(control)
        self._dirty = True

    def _turn(self, dial: str, steps: int) -> None:
        self.pins.turn(dial, steps)
        self.face.detents[dial] = self.face.detents.get(dial, 0) + steps
        self._dirty = True

    def _click(self, pos: tuple[int, int], direction: int) -> None:
        """A mouse button down: press a control, start turning a dial, or use the dice panel.

        The right button steps a die's face backwards; elsewhere it acts like the left.
        The left button on the screen is a finger on its panel.
        """
        if direction == 1 and self.screen_rect.collidepoint(pos):
            self._taps += self.touch.taps(POINTER_DOWN, self._on_screen(pos))
            return
        hit = self.layout.hit(pos, self.face)
        if hit is None:
            return
        if hit.kind in ("button", "push"):
            self._down(hit.name)
            self._held_by_mouse = hit.name
        elif hit.kind == "dial":
            self._drag = (hit.name, self._angle(hit.name, pos))
        else:
            self._dice_click(hit, direction)

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
        self._dirty = True

    def _on_screen(self, pos: tuple[int, int]) -> tuple[int, int]:
        """A window position in the screen frame's own pixels."""
        rect, size = self.screen_rect, self.renderer.size
        return (round((pos[0] - rect.left) * size[0] / max(1, rect.width)),
                round((pos[1] - rect.top) * size[1] / max(1, rect.height)))

    def _release(self, pos: tuple[int, int]) -> None:
        if self.touch.gestures.active:
            self._taps += self.touch.taps(POINTER_UP, self._on_screen(pos))
        if self._held_by_mouse is not None:
            self._up(self._held_by_mouse)
            self._held_by_mouse = None
        self._drag = None

    def _angle(self, dial: str, pos: tuple[int, int]) -> float:
        """Degrees clockwise on screen from the dial's centre to ``pos``."""
        cx, cy = self.layout.dials[dial]
        return math.degrees(math.atan2(pos[1] - cy, pos[0] - cx))

    def _dragged(self, pos: tuple[int, int]) -> None:
        """Turn the dragged dial one detent for every detent's angle swept (or drag on the screen)."""
        if self.touch.gestures.active:
            self._taps += self.touch.taps(POINTER_MOVE, self._on_screen(pos))
        if self._drag is None:
            return
        dial, last = self._drag
        swept = (self._angle(dial, pos) - last + 180) % 360 - 180
        steps = int(swept / DETENT_DEGREES)
        if steps:
            self._turn(dial, steps)
            self._drag = (dial, last + steps * DETENT_DEGREES)

    def _wheel(self, clicks: int) -> None:
        """The wheel turns the dial under the pointer (up = clockwise), or cycles a die;
        over the screen, what is drawn under the pointer (a ``Tap``)."""
        if self.screen_rect.collidepoint(self._pointer):
            self._taps += self.touch.wheel(self._on_screen(self._pointer), clicks)
            return
        hit = self.layout.hit(self._pointer, self.face)
        if hit is None:
            return
        if hit.kind in ("dial", "push"):
            self._turn(hit.name.removesuffix("_push"), clicks)
        elif hit.kind == "die":
            self.dice.cycle(int(hit.name), clicks)
            self._dirty = True

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
