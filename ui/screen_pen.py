"""The screen's drawing tools: lengths scaled to the surface, fonts, and text drawn fitted.

Every length is designed at 480 rows (body text 22 px) and scaled by
:meth:`Pen.px`, so 800x480 and 1920x1080 lay out alike. Text is measured,
wrapped and cut by :mod:`ui.text`; each text is rendered once per font and
colour (bounded), since rendering and measuring are most of a frame's cost.
Where the caller knows the one colour under a line or a rounded box, it is
drawn once onto that colour and then copied, which costs a third to a tenth of
blending it each time and gives the same pixels.
What is drawn that a touch may act on is collected in :attr:`Pen.regions`.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from typing import TypeVar, cast

import pygame

from ui import cuts
from ui.fonts import DEJAVU_SANS, DEJAVU_SANS_BOLD
from ui.hits import HitRegion, Target
from ui.screen_theme import Color, Theme
from ui.text import MAX_CACHED_TEXTS, Measure, Widths, fit, is_cut, wrap

T = TypeVar("T")

#: How many screens' worth of pixels the rendered texts kept may hold, and the rounded boxes.
#: A frame's texts take under half a screen, so four hold the last several frames' (issue 27:
#: eight let a long evening's resident memory reach 77 MB of a 512 MB box's budget of 80).
TEXT_SCREENS = 4
CARD_SCREENS = 2


class Boxes:
    """Surfaces kept by key, together at most ``budget`` pixels and :data:`MAX_CACHED_TEXTS`
    of them (all let go when full, as the other caches do).

    Bounded by pixels, not only by count: a line of text is about 20 kB at 800x480 and
    five times that at 1920x1080, so a count alone would let a long session's texts take
    hundreds of megabytes of a 512 MB box.
    """

    def __init__(self, budget: int) -> None:
        self.budget = budget
        self.pixels = 0  # what the kept surfaces hold together
        self._kept: dict[Hashable, pygame.Surface] = {}

    def get(self, key: Hashable) -> pygame.Surface | None:
        return self._kept.get(key)

    def keep(self, key: Hashable, box: pygame.Surface) -> pygame.Surface:
        """Keep ``box`` under ``key`` (letting all others go first when it would not fit)."""
        width, height = box.get_size()
        if self.pixels + width * height > self.budget or len(self._kept) >= MAX_CACHED_TEXTS:
            self._kept.clear()
            self.pixels = 0
        self._kept[key] = box
        self.pixels += width * height
        return box


class Pen:
    """Sizes, fonts and text for a screen of ``size`` pixels in ``theme``."""

    def __init__(self, size: tuple[int, int], theme: Theme) -> None:
        if not pygame.font.get_init():
            pygame.font.init()
        self.size = size
        self.theme = theme
        # Every length is designed for 800x480; a screen narrower than 5:3 scales by its width.
        self.unit = min(size[1] / 480, size[0] / 800)
        self._fonts: dict[tuple[bool, int], pygame.font.Font] = {}
        self._widths = Widths()
        screen = size[0] * size[1]
        self._rendered = Boxes(TEXT_SCREENS * screen)
        #: What the pen draws on (off-screen): text boxes are made in its pixel format.
        self.surface = pygame.Surface(size)
        self._lengths: dict[float, int] = {}
        self._cards = Boxes(CARD_SCREENS * screen)
        self._memo: dict[Hashable, object] = {}
        #: The regions drawn so far that a touch may act on, topmost last.
        self.regions: list[HitRegion] = []

    def region(self, rect: pygame.Rect, target: Target | None, drag: Target | None = None,
               drag_step: int = 0, wheel: Target | None = None) -> None:
        self.regions.append(HitRegion((rect.x, rect.y, rect.width, rect.height), target, drag,
                                      drag_step, wheel))

    def px(self, length: float) -> int:
        """A length designed at 480 rows, scaled to this screen."""
        scaled = self._lengths.get(length)
        if scaled is None:
            scaled = self._lengths[length] = max(1, round(length * self.unit))
        return scaled

    def font(self, size: float, bold: bool = False) -> pygame.font.Font:
        key = (bold, self.px(size))
        if key not in self._fonts:
            path = DEJAVU_SANS_BOLD if bold else DEJAVU_SANS
            self._fonts[key] = pygame.font.Font(str(path), key[1])
        return self._fonts[key]

    def measure(self, font: pygame.font.Font) -> Measure:
        """The width of a text in ``font``."""
        return self._widths.of(font, lambda text: font.size(text)[0])

    def rendered(self, font: pygame.font.Font, text: str, color: Color,
                 ground: Color | None = None) -> pygame.Surface:
        """``text`` rendered in ``font`` and ``color``, each rendered once (bounded: see
        :class:`Boxes`).

        With ``ground``, the text comes already blended onto that colour, as an opaque box:
        copying it is about three times cheaper than blending it again at each draw, and
        gives the same pixels wherever its box lies on that colour alone. A text taller than
        its font's line (a pixel, at some sizes) stays see-through, since its box would
        reach into the next line's.
        """
        key = (font, text, color, ground)
        image = self._rendered.get(key)
        if image is None:
            image = font.render(text, True, color)
            if ground is not None and image.get_height() <= font.get_linesize():
                box = pygame.Surface(image.get_size(), 0, self.surface)
                box.fill(ground)
                box.blit(image, (0, 0))
                image = box
            self._rendered.keep(key, image)
        return image

    def text(
        self, surface: pygame.Surface, text: str, font: pygame.font.Font, color: Color,
        x: int, y: int, max_width: int, align: str = "left", ground: Color | None = None,
    ) -> pygame.Rect:
        """Draw one line, fitted to ``max_width``; ``x`` is the left, centre or right edge.

        ``ground``: the one colour under the line's box (its width and the font's line
        height), when the caller's layout makes sure of it, so the line is copied rather
        than blended (:meth:`rendered`).
        """
        shown = fit(text, self.measure(font), max_width)
        cuts.drawn("screen", shown)
        if not shown:
            return pygame.Rect(x, y, 0, font.get_linesize())
        image = self.rendered(font, shown, color, ground)
        rect = image.get_rect()
        if align == "center":
            rect.midtop = (x, y)
        elif align == "right":
            rect.topright = (x, y)
        else:
            rect.topleft = (x, y)
        surface.blit(image, rect)
        return rect

    def card(self, surface: pygame.Surface, rect: pygame.Rect, fill: Color, edge: Color,
             edge_width: int, radius: int, ground: Color) -> None:
        """A rounded box filled with ``fill`` and edged with ``edge``, on ``ground`` (the one
        colour under ``rect``, as the caller's layout makes sure).

        Drawn once per look and size onto a box of ``ground``, then copied (a tenth of the
        cost of drawing two rounded rectangles), with the same pixels: a rounded rectangle's
        pixels do not depend on where it lies. The boxes kept hold at most
        :data:`CARD_SCREENS` screens' worth of pixels.
        """
        key = (rect.size, fill, edge, edge_width, radius, ground)
        box = self._cards.get(key)
        if box is None:
            box = pygame.Surface(rect.size, 0, self.surface)
            box.fill(ground)
            inner = box.get_rect()
            pygame.draw.rect(box, fill, inner, border_radius=radius)
            pygame.draw.rect(box, edge, inner, width=edge_width, border_radius=radius)
            self._cards.keep(key, box)
        surface.blit(box, rect)

    def rule(self, surface: pygame.Surface, color: Color, left: int, right: int, y: int, width: int) -> None:
        """A horizontal line from ``left`` to ``right`` (both drawn) at ``y``, ``width`` thick:
        the rows ``pygame.draw.line`` gives it (as many above ``y`` as below, an even width's
        extra row below), filled, at a fraction of the cost of drawing a thick line."""
        surface.fill(color, (left, y - (width - 1) // 2, right - left + 1, width))

    def remembered(self, key: Hashable, work: Callable[[], T]) -> T:
        """``work()``, done once per ``key`` (bounded): for what every frame would work out
        again, such as wrapping the same texts in each size the panels try."""
        if key in self._memo:
            return cast(T, self._memo[key])
        if len(self._memo) >= MAX_CACHED_TEXTS:
            self._memo.clear()
        done = self._memo[key] = work()
        return done

    def lines(self, text: str, font: pygame.font.Font, width: int, max_lines: int) -> list[str]:
        """``text`` wrapped in ``font`` (see :func:`ui.text.wrap`)."""
        return list(self.remembered(("lines", font, text, width, max_lines),
                                    lambda: tuple(wrap(text, self.measure(font), width, max_lines))))

    def fitting(self, texts: Sequence[str], sizes: Sequence[float], width: int,
                bold: bool = False) -> pygame.font.Font:
        """The largest of ``sizes`` in which every one of ``texts`` fits ``width`` on one
        line (the smallest if none does): a label is made smaller before it is cut."""
        for size in sizes:
            font = self.font(size, bold)
            if all(self.measure(font)(text) <= width for text in texts):
                return font
        return self.font(sizes[-1], bold)

    def wrapping(self, texts: Sequence[str], sizes: Sequence[float], width: int, max_lines: int,
                 bold: bool = False) -> pygame.font.Font:
        """The largest of ``sizes`` in which every one of ``texts`` wraps into ``max_lines``
        lines uncut (the smallest if none does)."""
        for size in sizes:
            font = self.font(size, bold)
            if all(not is_cut(self.lines(t, font, width, max_lines)) for t in texts):
                return font
        return self.font(sizes[-1], bold)
