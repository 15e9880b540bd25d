"""The OLED's drawing surface: its size and margin, its fonts, and a canvas that
draws text fitted to its room.

Everything is drawn inside a margin of :data:`MARGIN_X` x :data:`MARGIN_Y`
pixels, so the anti-burn-in shift (clamped to that margin) moves the picture
without clipping it. Text is measured, wrapped and cut by :mod:`ui.text`.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from PIL import Image, ImageDraw, ImageFont

from ui import cuts
from ui.fonts import DEJAVU_SANS, DEJAVU_SANS_BOLD, TERMINUS
from ui.text import Measure, Widths, fit

WIDTH = 128
HEIGHT = 64
#: Blank border kept on each side; ``frame.shift`` is clamped to it.
MARGIN_X = 2
MARGIN_Y = 1

ON = 1
OFF = 0

_WIDTHS = Widths()

# Big-value sizes tried in order until the text fits (DejaVu Sans Bold).
_BIG_SIZES = (34, 30, 26, 22, 18, 14)


@dataclass(frozen=True)
class Face:
    """A font plus where its line box sits: draw at y - top, the line is ``height`` rows."""

    font: ImageFont.FreeTypeFont
    top: int
    height: int
    #: A text's width in this font, each text measured once.
    measure: Measure


def terminus(size: int) -> Face:
    return _face(str(TERMINUS), size)


@cache
def _face(path: str, size: int) -> Face:
    font = ImageFont.truetype(path, size)
    left, top, right, bottom = font.getbbox("Agjpqy|/0", anchor="la")
    measure = _WIDTHS.of(font, lambda text: int(round(font.getlength(text))))
    return Face(font, int(top), int(bottom - top), measure)


@cache
def bold_font(size: int) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(str(DEJAVU_SANS_BOLD), size)


def small() -> Face:
    return terminus(12)


def medium() -> Face:
    return terminus(14)


def large() -> Face:
    return terminus(16)


def tiny() -> Face:
    """DejaVu Sans at 9 pixels: about 24 characters to a line, for a label one line too
    long or a notice over a form. Not Terminus: below 12 px it has no bitmap strike,
    and at 10 its m and w ran together into blots ("li▪iter")."""
    return _face(str(DEJAVU_SANS), 9)


def big_font(text: str, max_width: int, max_height: int) -> ImageFont.FreeTypeFont | None:
    """The largest big-value font in which ``text``'s ink fits the box, if any."""
    for size in _BIG_SIZES:
        font = bold_font(size)
        left, top, right, bottom = font.getbbox(text, anchor="la")
        if right - left <= max_width and bottom - top <= max_height:
            return font
    return None


def big_size(text: str, max_width: int, max_height: int) -> tuple[int, int]:
    """The ink size :meth:`Canvas.big` will give ``text`` in that box."""
    font = big_font(text, max_width, max_height)
    if font is None:
        face = large()
        return face.measure(fit(text, face.measure, max_width)), face.height
    left, top, right, bottom = font.getbbox(text, anchor="la")
    return int(right - left), int(bottom - top)


class Canvas:
    """A drawing confined to the content box (the display minus its margin)."""

    def __init__(self, width: int, height: int) -> None:
        self.image = Image.new("1", (width, height), OFF)
        self.draw = ImageDraw.Draw(self.image)
        self.draw.fontmode = "1"
        self.x0 = MARGIN_X
        self.y0 = MARGIN_Y
        self.x1 = width - 1 - MARGIN_X  # last usable column
        self.y1 = height - 1 - MARGIN_Y  # last usable row

    @property
    def width(self) -> int:
        return self.x1 - self.x0 + 1

    def text(
        self, x: int, y: int, text: str, face: Face, max_width: int, fill: int = ON
    ) -> int:
        """Draw one line with its line box's top at ``y``; returns the drawn width."""
        shown = fit(text, face.measure, max_width)
        cuts.drawn("oled", shown)
        if shown:
            self.draw.text((x, y - face.top), shown, font=face.font, fill=fill, anchor="la")
        return face.measure(shown)

    def centered(self, y: int, text: str, face: Face, x0: int, x1: int, fill: int = ON) -> None:
        shown = fit(text, face.measure, x1 - x0 + 1)
        x = x0 + (x1 - x0 + 1 - face.measure(shown)) // 2
        self.text(x, y, shown, face, x1 - x0 + 1, fill)

    def right(self, y: int, text: str, face: Face, fill: int = ON) -> int:
        """Draw ``text`` ending at the last usable column; returns its left x."""
        w = face.measure(text)
        self.text(self.x1 - w + 1, y, text, face, w, fill)
        return self.x1 - w + 1

    def big(self, x: int, y: int, text: str, max_width: int, max_height: int) -> tuple[int, int]:
        """Draw ``text`` in the largest bold size that fits, ink top-left at (x, y).

        Returns the ink's (width, height).
        """
        font = big_font(text, max_width, max_height)
        if font is None:
            face = large()
            return self.text(x, y, text, face, max_width), face.height
        left, top, right, bottom = font.getbbox(text, anchor="la")
        cuts.drawn("oled", text)
        self.draw.text((x - left, y - top), text, font=font, fill=ON, anchor="la")
        return int(right - left), int(bottom - top)

    def rule(self, y: int) -> None:
        self.draw.line((self.x0, y, self.x1, y), fill=ON)

    def box(self, x0: int, y0: int, x1: int, y1: int, fill: int | None, outline: int | None) -> None:
        self.draw.rectangle((x0, y0, x1, y1), fill=fill, outline=outline)

    def clear(self, x0: int, y0: int, x1: int, y1: int) -> None:
        self.draw.rectangle((x0, y0, x1, y1), fill=OFF)

    def arrow(self, x: int, y: int, up: bool) -> None:
        """A 5x3 scroll arrow with its top-left at (x, y)."""
        if up:
            points = [(x, y + 2), (x + 4, y + 2), (x + 2, y)]
        else:
            points = [(x, y), (x + 4, y), (x + 2, y + 2)]
        self.draw.polygon(points, fill=ON, outline=ON)
