"""The optional large screen through pygame, behind the ``Screen`` port.

On the Pi it is an HDMI/DSI panel (SDL's kmsdrm driver on the console); on a
desktop it is a window; headless it is pygame's ``dummy`` video driver, which
still renders into an off-screen surface that snapshots save. pygame stays on
the main thread: the service calls ``draw`` and ``pump`` from its loop only.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

from device.events import Quit

if TYPE_CHECKING:
    import pygame

    from device.ports import Emit
    from ui.model import Frame

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


def has_display() -> bool:
    """True when a window can be opened (an X11/Wayland session, or macOS/Windows)."""
    if os.name == "nt" or os.uname().sysname == "Darwin":
        return True
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


def init_pygame(headless: bool) -> bool:
    """Initialise pygame's video; fall back to the dummy driver instead of crashing.

    Returns True when a real window can be shown.
    """
    import pygame

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
        self.renderer = ScreenRenderer(size, THEMES[theme])
        self.surface: pygame.Surface | None = None
        self._window = None
        if window:
            flags = pygame.FULLSCREEN if fullscreen else 0
            self._window = pygame.display.set_mode(size, flags)
            pygame.display.set_caption("Table Warden")

    def draw(self, frame: Frame) -> None:
        self.surface = self.renderer.render(frame)
        if self._window is not None:
            self._window.blit(self.surface, (0, 0))
            self._pygame.display.flip()

    def pump(self, emit: Emit) -> None:
        for event in self._pygame.event.get():
            if event.type == self._pygame.QUIT:
                emit(Quit(0))

    def save(self, path: str) -> None:
        if self.surface is not None:
            self._pygame.image.save(self.surface, path)

    def close(self) -> None:
        self._pygame.display.quit()
