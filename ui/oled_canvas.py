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
from ui.fonts import BITMAP_FONTS, FONT_DIR, to_slots
from ui.text import Measure, Widths, fit

WIDTH = 128
HEIGHT = 64
#: Blank border kept on each side; ``frame.shift`` is clamped to it.
MARGIN_X = 2
MARGIN_Y = 1

ON = 1
OFF = 0

_WIDTHS = Widths()

# Big-value sizes tried in order until the text fits (Terminus Bold, bitmap).
_BIG_SIZES = (32, 28, 24, 22, 20, 18, 16, 14)


@dataclass(frozen=True)
class Face:
    """A bitmap font at its native size: its line is ``height`` rows, drawn from its top.

    PIL draws a bitmap font without FreeType (no hinting, no anti-aliasing), so the
    same text is the same pixels on every CPU. Text beyond Latin-1 is drawn through
    the slots :func:`ui.fonts.to_slots` gives it.
    """

    font: ImageFont.ImageFont
    height: int
    #: A text's width in this font, each text measured once.
    measure: Measure
    top: int = 0

    def draw(self, draw: ImageDraw.ImageDraw, x: int, y: int, text: str, fill: int) -> None:
        """``text`` with its line's top-left at (x, y)."""
        draw.text((x, y - self.top), to_slots(text), font=self.font, fill=fill)

    def ink(self, text: str) -> tuple[int, int, int, int]:
        """The box of ``text``'s lit pixels, from its line's top-left (0, 0 when blank)."""
        box = self.font.getmask(to_slots(text)).getbbox()
        return box if box else (0, 0, 0, 0)


@cache
def bitmap(name: str) -> Face:
    """One of :data:`ui.fonts.BITMAP_FONTS`."""
    font = ImageFont.load(str(FONT_DIR / f"{name}.pil"))
    measure = _WIDTHS.of(name, lambda text: int(font.getlength(to_slots(text))))
    return Face(font, int(font.getbbox("A")[3]), measure)


def load_fonts() -> None:
    """Every OLED font now, not at its first use: a press that first shows a big value of a new
    width (Myth's phase end) would otherwise load its bold size inside the press (some 2 ms each
    here, ten times that on a Pi Zero; the slowest press of a run was that first one)."""
    for name in BITMAP_FONTS:
        bitmap(name)


def terminus(size: int) -> Face:
    return bitmap(f"terminus-{size}")


def bold(size: int) -> Face:
    return bitmap(f"terminus-bold-{size}")


def small() -> Face:
    """Terminus 6x12: 20 characters to a line."""
    return terminus(12)


def medium() -> Face:
    return terminus(14)


def large() -> Face:
    return terminus(16)


def tiny() -> Face:
    """The X11 5x8 font: 24 characters to a line, descenders whole, for a label one
    line too long or a notice over a form."""
    return bitmap("fixed-5x8")


def big_font(text: str, max_width: int, max_height: int) -> Face | None:
    """The largest big-value face in which ``text``'s ink fits the box, if any."""
    for size in _BIG_SIZES:
        face = bold(size)
        left, top, right, bottom = face.ink(text)
        if right - left <= max_width and bottom - top <= max_height:
            return face
    return None


def big_size(text: str, max_width: int, max_height: int) -> tuple[int, int]:
    """The ink size :meth:`Canvas.big` will give ``text`` in that box."""
    face = big_font(text, max_width, max_height)
    if face is None:
        face = large()
        return face.measure(fit(text, face.measure, max_width)), face.height
    left, top, right, bottom = face.ink(text)
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
        cuts.placed("bounds", (self.x0, self.y0, self.x1, self.y1))

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
            face.draw(self.draw, x, y, shown, fill)
            self._placed_text(x, y, shown, face)
        return face.measure(shown)

    def _placed_text(self, x: int, y: int, text: str, face: Face) -> None:
        left, top, right, bottom = face.ink(text)
        if right > left:
            cuts.placed("text", (x + left, y + top, x + right - 1, y + bottom - 1), text)

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
        """Draw ``text`` in the largest bold face that fits, ink top-left at (x, y).

        Returns the ink's (width, height).
        """
        face = big_font(text, max_width, max_height)
        if face is None:
            face = large()
            return self.text(x, y, text, face, max_width), face.height
        left, top, right, bottom = face.ink(text)
        cuts.drawn("oled", text)
        face.draw(self.draw, x - left, y - top, text, ON)
        self._placed_text(x - left, y - top, text, face)
        return int(right - left), int(bottom - top)

    def rule(self, y: int) -> None:
        self.draw.line((self.x0, y, self.x1, y), fill=ON)
        cuts.placed("line", (self.x0, y, self.x1, y))

    def box(self, x0: int, y0: int, x1: int, y1: int, fill: int | None, outline: int | None) -> None:
        self.draw.rectangle((x0, y0, x1, y1), fill=fill, outline=outline)
        if fill is not None:
            cuts.placed("box", (x0, y0, x1, y1))
        elif outline is not None:  # its four sides
            for side in ((x0, y0, x1, y0), (x0, y1, x1, y1), (x0, y0, x0, y1), (x1, y0, x1, y1)):
                cuts.placed("line", side)

    def clear(self, x0: int, y0: int, x1: int, y1: int) -> None:
        self.draw.rectangle((x0, y0, x1, y1), fill=OFF)
        cuts.placed("clear", (x0, y0, x1, y1))

    def clear_band(self, x0: int, y0: int, x1: int, y1: int) -> None:
        """Clear rows ``y0``..``y1``, and above and below them any row lit next to them (up
        to a rule or an empty row): what covers the middle of a view never leaves half a
        line of text peeking out beside it."""
        def partial(y: int) -> bool:  # some pixel of the row lit, not all: its extremes differ
            low, high = self.image.crop((x0, y, x1 + 1, y + 1)).getextrema()
            return low != high

        while y0 - 1 >= self.y0 and partial(y0 - 1):
            y0 -= 1
        while y1 + 1 <= self.y1 and partial(y1 + 1):
            y1 += 1
        self.clear(x0, y0, x1, y1)

    def arrow(self, x: int, y: int, up: bool) -> None:
        """A 5x3 scroll arrow with its top-left at (x, y)."""
        if up:
            points = [(x, y + 2), (x + 4, y + 2), (x + 2, y)]
        else:
            points = [(x, y), (x + 4, y), (x + 2, y + 2)]
        self.draw.polygon(points, fill=ON, outline=ON)
        cuts.placed("line", (x, y, x + 4, y + 2))
