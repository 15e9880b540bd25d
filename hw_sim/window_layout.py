"""Sizes and places in the simulator window: the desktop, the screen, the box's face.

Apart from the window's drawing and its input because these are plain
arithmetic on sizes and positions, the part that goes wrong on a desktop
of another size: the window opens whole on the desktop, the screen is laid
out at its panel's shape as large as its area allows (never below
:data:`MIN_SCREEN`, scaled down below that), and a position in the window
maps to a pixel of the screen's frame.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import TYPE_CHECKING

from hw_sim.dice_panel import MAX_DICE
from ui.box_face import DESIGN_SIZE, BoxLayout

if TYPE_CHECKING:
    import pygame

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


def open_window(pygame, screen_size: tuple[int, int]) -> pygame.Surface:
    """The resizable window for a screen of ``screen_size`` beside the box's face.

    On a real desktop it is fitted to the desktop and opened centred; the
    screen's own window, if one is open, was placed for the screen alone, so
    it is closed and this one opened afresh rather than grown.
    """
    width, height = screen_size
    size = (width + DESIGN_SIZE[0], max(height, DESIGN_SIZE[1]))
    if pygame.display.get_driver() != "dummy":
        size = fit_to_desktop(size, pygame.display.get_desktop_sizes()[0])
        if pygame.display.get_surface() is not None:
            pygame.display.quit()
            os.environ.setdefault("SDL_VIDEO_CENTERED", "1")
            pygame.display.init()
    window = pygame.display.set_mode(size, pygame.RESIZABLE)
    pygame.display.set_caption("Table Warden — simulated box")
    return window


def face_layout(pygame, window_size: tuple[int, int], oled_size: tuple[int, int]) -> BoxLayout:
    """The box's face down the window's right side: its share of the width, within bounds."""
    width, height = window_size
    panel_w = max(300, min(640, round(width * DESIGN_SIZE[0] / (800 + DESIGN_SIZE[0]))))
    return BoxLayout(pygame.Rect(width - panel_w, 0, panel_w, height), oled_size, MAX_DICE)


def screen_size(area: tuple[int, int], panel: tuple[int, int]) -> tuple[int, int]:
    """The size to lay the screen out at: the panel's shape, as large as the area allows."""
    width, height = panel
    scale = min(area[0] / width, area[1] / height)
    size = (round(width * scale), round(height * scale))
    if size[0] < MIN_SCREEN[0] or size[1] < MIN_SCREEN[1]:
        grow = max(MIN_SCREEN[0] / width, MIN_SCREEN[1] / height)
        size = (round(width * grow), round(height * grow))
    return size


def fitted(pygame, surface: pygame.Surface, area: pygame.Rect) -> pygame.Surface:
    """``surface`` as shown in ``area``: itself, or scaled down where the area is below
    :data:`MIN_SCREEN` (the smallest layout, made smaller)."""
    scale = min(1.0, area.width / surface.get_width(), area.height / surface.get_height())
    if scale >= 1:
        return surface
    return pygame.transform.smoothscale(
        surface, (max(1, round(surface.get_width() * scale)), max(1, round(surface.get_height() * scale))))


@dataclass(frozen=True)
class Placement:
    """Where things are in the window as it is laid out now: the box's face, and the
    screen's frame (``frame_size`` pixels) as shown at ``screen``."""

    face: BoxLayout
    screen: pygame.Rect
    frame_size: tuple[int, int]

    def in_frame(self, pos: tuple[int, int]) -> tuple[int, int]:
        """A window position in the screen frame's own pixels."""
        rect, size = self.screen, self.frame_size
        return (round((pos[0] - rect.left) * size[0] / max(1, rect.width)),
                round((pos[1] - rect.top) * size[1] / max(1, rect.height)))
