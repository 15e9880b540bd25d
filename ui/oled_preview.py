"""The OLED image shown on a pygame surface, scaled up pixel-exact (the simulator's OLED)."""

from __future__ import annotations

import pygame
from PIL import Image

#: An OLED's lit pixel and its dark glass.
LIT = (235, 245, 255)
DARK = (8, 10, 14)


def oled_surface(
    image: Image.Image, scale: int = 4, lit: tuple[int, int, int] = LIT,
    dark: tuple[int, int, int] = DARK,
) -> pygame.Surface:
    """``image`` (a 1-bit OLED frame) as a surface ``scale`` times larger, nearest-neighbour."""
    rgb = Image.new("RGB", image.size, dark)
    rgb.paste(lit, mask=image.convert("1"))
    surface = pygame.image.frombuffer(rgb.tobytes(), image.size, "RGB").copy()
    if scale == 1:
        return surface
    return pygame.transform.scale(surface, (image.width * scale, image.height * scale))


def blit_oled(target: pygame.Surface, image: Image.Image, area: pygame.Rect) -> pygame.Rect:
    """Draw ``image`` centred in ``area`` at the largest whole scale that fits; returns its rect."""
    scale = max(1, min(area.width // image.width, area.height // image.height))
    surface = oled_surface(image, scale)
    rect = surface.get_rect(center=area.center)
    target.blit(surface, rect)
    return rect
