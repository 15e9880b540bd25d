"""The optional large screen through pygame, behind the ``Screen`` port.

On the Pi it is an HDMI/DSI panel (SDL's kmsdrm driver on the console); on a
desktop it is a window; headless it is pygame's ``dummy`` video driver, which
still renders into an off-screen surface that snapshots save. pygame stays on
the main thread: the service calls ``draw`` and ``pump`` from its loop only.

Touch: a finger on the panel (SDL's finger events) or the mouse acts on what
the frame shows, as extra controls (``ui.touch``): the renderer reports its
regions, :class:`~ui.touch.TouchGestures` tells a tap from a drag, and each
target goes on the queue as a :class:`~contracts.events.Tap` for the controller,
like any press or turn. The mouse wheel (a mouse on the Pi, a touchpad's two
fingers where SDL reports them as a wheel) turns what is under the pointer
the same way. A window that is resized is drawn again at its new size, never
stretched.
"""

from __future__ import annotations

import os
import sys
from types import ModuleType
from typing import TYPE_CHECKING

from contracts.events import Quit, Tap

if TYPE_CHECKING:
    import pygame

    from contracts.ports import Emit
    from ui.model import Frame

POINTER_DOWN, POINTER_MOVE, POINTER_UP = "down", "move", "up"

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
# SDL would turn SIGINT/SIGTERM into a QUIT event that a headless loop never
# reads (Ctrl-C and `systemctl stop` would hang); the service handles them.
os.environ.setdefault("SDL_NO_SIGNAL_HANDLERS", "1")


def has_display() -> bool:
    """True when a window can be opened (an X11/Wayland session, or macOS/Windows)."""
    if os.name == "nt" or os.uname().sysname == "Darwin":
        return True
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


def import_pygame() -> ModuleType:
    """pygame, imported without setuptools' ``pkg_resources`` when nothing has imported it yet.

    pygame's ``pkgdata`` imports it only to find pygame's own bundled files (its default font
    and icon), which the box never needs from it (it draws in its own DejaVu files), and
    falls back to pygame's directory when it is missing; it was the slowest import of a start
    to READY=1 (44 ms of 368 here, ten times that on a Pi Zero). Anything imported later may
    still import ``pkg_resources``.
    """
    if "pygame" in sys.modules or "pkg_resources" in sys.modules:
        import pygame

        return pygame
    sys.modules["pkg_resources"] = None  # type: ignore[assignment]  # import raises ImportError
    try:
        import pygame
    finally:
        del sys.modules["pkg_resources"]
    return pygame


def init_pygame(headless: bool) -> bool:
    """Initialise pygame's video; fall back to the dummy driver instead of crashing.

    Returns True when a real window can be shown.
    """
    pygame = import_pygame()
    if headless or not has_display():
        os.environ["SDL_VIDEODRIVER"] = "dummy"
    try:
        pygame.display.init()
    except pygame.error:
        os.environ["SDL_VIDEODRIVER"] = "dummy"
        pygame.display.quit()
        pygame.display.init()
    pygame.font.init()
    return pygame.display.get_driver() != "dummy"


class ScreenTouch:
    """One pointer on a drawn frame, the mouse or the first finger down, as :class:`Tap` events.

    :param regions: gives the current frame's regions (the renderer's ``hits``).

    The left mouse button and fingers count; the mouse events SDL makes up
    from a touch are skipped (the finger's own events count), so a touch is
    never seen twice, and a second finger is ignored while one is down.
    ``hover`` is where the mouse was last seen, for the wheel.
    """

    def __init__(self, regions) -> None:
        from ui.touch import TouchGestures

        self.gestures = TouchGestures(regions)
        self._finger: int | None = None
        self.hover = (0, 0)

    def pointer(self, pygame, event, window_size: tuple[int, int]
                ) -> tuple[str, tuple[int, int]] | None:
        """``event`` as ``(phase, position in the window)``, or None if it is no pointer's."""
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION):
            if getattr(event, "touch", False):
                return None
            self.hover = event.pos
            if event.type == pygame.MOUSEMOTION:
                return (POINTER_MOVE, event.pos) if event.buttons[0] else None
            if event.button != 1:
                return None
            return (POINTER_DOWN if event.type == pygame.MOUSEBUTTONDOWN else POINTER_UP,
                    event.pos)
        phases = {pygame.FINGERDOWN: POINTER_DOWN, pygame.FINGERMOTION: POINTER_MOVE,
                  pygame.FINGERUP: POINTER_UP}
        if event.type not in phases:
            return None
        phase = phases[event.type]
        if phase == POINTER_DOWN and self._finger is None:
            self._finger = event.finger_id
        elif event.finger_id != self._finger:
            return None
        if phase == POINTER_UP:
            self._finger = None
        return phase, (round(event.x * window_size[0]), round(event.y * window_size[1]))

    def taps(self, phase: str, pos: tuple[int, int]) -> list[Tap]:
        """Feed one pointer phase (``pos`` in the frame's pixels); the taps it made."""
        if phase == POINTER_DOWN:
            self.gestures.down(pos)
            return []
        targets = self.gestures.move(pos) if phase == POINTER_MOVE else self.gestures.up(pos)
        return [Tap(target) for target in targets]

    def wheel(self, pos: tuple[int, int], clicks: int) -> list[Tap]:
        """The wheel turned ``clicks`` (up = +) with the pointer at ``pos`` (the frame's pixels)."""
        return [Tap(target) for target in self.gestures.wheel(pos, clicks)]

    def cancel(self) -> None:
        self.gestures.cancel()
        self._finger = None


class PygameScreen:
    """Draws frames with :class:`ui.screen.ScreenRenderer` onto a window or off-screen.

    ``window`` opens a display surface (fullscreen on the Pi's panel if asked);
    otherwise frames go to an off-screen surface only. Closing the window
    quits the service. ``theme`` names one of ``ui.screen.THEMES``
    (``"day"`` or ``"night"``; config ``[screen] theme``).
    """

    def __init__(self, size: tuple[int, int], *, window: bool, fullscreen: bool = False,
                 theme: str = "day") -> None:
        import pygame

        from ui.screen import THEMES, ScreenRenderer

        self._pygame = pygame
        self.theme = THEMES[theme]
        self.renderer = ScreenRenderer(size, self.theme)
        self.surface: pygame.Surface | None = None
        self.frame: Frame | None = None
        self.touch = ScreenTouch(lambda: self.renderer.hits)
        self._window = None
        if window:
            flags = pygame.FULLSCREEN if fullscreen else pygame.RESIZABLE
            self._window = pygame.display.set_mode(size, flags)
            pygame.display.set_caption("Table Warden")

    def draw(self, frame: Frame) -> None:
        self.frame = frame
        self.surface = self.renderer.render(frame)
        if self._window is not None:
            self._window.blit(self.surface, (0, 0))
            self._pygame.display.flip()

    def prepare(self) -> None:
        self.renderer.prepare()

    def resize(self, size: tuple[int, int]) -> None:
        """Lay out for ``size`` and draw the last frame again (crisp, not stretched)."""
        from ui.screen import ScreenRenderer

        if size == self.renderer.size or min(size) < 1:
            return
        self.renderer = ScreenRenderer(size, self.theme)
        self.renderer.prepare()  # here, at the resize: not inside the next menu's press
        self.touch.cancel()
        if self.frame is not None:
            self.draw(self.frame)

    def pump(self, emit: Emit) -> None:
        pygame = self._pygame
        for event in pygame.event.get():
            if event.type == pygame.QUIT:
                emit(Quit(0))
            elif event.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
                if self._window is not None:
                    self.resize(pygame.display.get_surface().get_size())
            elif event.type == pygame.MOUSEWHEEL and self._window is not None:
                for tap in self.touch.wheel(self.touch.hover, event.y):
                    emit(tap)
            elif self._window is not None:
                touched = self.touch.pointer(pygame, event, self._window.get_size())
                if touched is not None:
                    for tap in self.touch.taps(*touched):
                        emit(tap)

    def save(self, path: str) -> None:
        if self.surface is not None:
            self._pygame.image.save(self.surface, path)

    def close(self) -> None:
        self._pygame.display.quit()
