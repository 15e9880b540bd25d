"""The screen renderer: one :class:`~ui.model.Frame` drawn as the whole table state.

Two themes: ``day``, high contrast for a panel beside the board read at arm's
length, and ``night``, dim warm colours on black that do not light up a dark
room. The layout: a header (headline, phase), the tracks as labelled bars (the
focused one highlighted), the procedure's steps with a line plot of the
game's values per round under them, a small map grid and the game's panels as
cards in columns, and a journal strip (with the tray's status) along the
bottom. Menus, forms, history, help and messages are drawn as overlays. All
sizes derive from the surface height (designed at 480 rows, body text 22 px),
so 800x480 and 1920x1080 lay out alike.

Touch: every render also records :attr:`ScreenRenderer.hits`, the regions of
what it drew that a finger or a mouse may act on, each naming a
:data:`Target` (``("focus", track)``, ``("turn", track, steps)``,
``("menu", index)``, ``("field", index)``, ``("press", "select")`` for a
dialog's OK…) and what the mouse wheel over it turns. The renderer only reports them;
the screen adapter turns a tap into an input event and the controller decides
what it means, as it does for the dials and buttons (``ui.touch``).

Only pygame API shared with pygame-ce is used (``pygame.font.Font`` with the
bundled TTF, ``pygame.draw``, ``Surface.blit``), and nothing opens a window:
:meth:`ScreenRenderer.render` draws onto an off-screen surface.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame

from games.core.views import GameView, Panel, TrackView
from ui import cuts
from ui.fonts import DEJAVU_SANS, DEJAVU_SANS_BOLD
from ui.model import Form, Frame, Menu, Message

Color = tuple[int, int, int]

ELLIPSIS = "…"

#: What a touch on a region means, as the controller reads it (``contracts.events.Tap``):
#: ``("focus", key)`` a track, ``("turn", key, steps)`` its - / + (or a drag along it),
#: ``("menu", index)`` a menu or history item, ``("field", index)`` a form field
#: (``("field_turn", index, steps)`` dragging along it), ``("help",)`` the help
#: overlay, ``("dismiss",)`` a message box, ``("press", control)`` a dialog's
#: button (OK is ``select``, Cancel and Close are ``back``), ``("scroll", steps)``
#: the wheel over a list (up = +, towards its top).
Target = tuple[str | int, ...]

#: A dialog's buttons: what a tap on them presses.
SELECT: Target = ("press", "select")
BACK: Target = ("press", "back")
#: A dialog button's size, designed at 480 rows: about a fingertip on a 7" panel.
BUTTON_W, BUTTON_H = 132, 44


@dataclass(frozen=True)
class HitRegion:
    """A rectangle of the last frame a touch may act on.

    ``target`` is what a tap on it means (None: a tap means nothing). When
    ``drag`` is set, dragging across the region sideways means ``(*drag,
    steps)``: one step for every ``drag_step`` pixels. Turning the mouse wheel
    over it means ``(*wheel, clicks)`` (up = +); ``wheel`` defaults to ``drag``.
    """

    rect: tuple[int, int, int, int]
    target: Target | None
    drag: Target | None = None
    drag_step: int = 0
    wheel: Target | None = None

    @property
    def turned_by_wheel(self) -> Target | None:
        """What the wheel over this region turns, if anything."""
        return self.wheel or self.drag

    def contains(self, pos: tuple[int, int]) -> bool:
        x, y, w, h = self.rect
        return x <= pos[0] < x + w and y <= pos[1] < y + h


@dataclass(frozen=True)
class Theme:
    """The screen's colours."""

    background: Color = (10, 10, 14)
    card: Color = (28, 30, 38)
    border: Color = (70, 74, 88)
    text: Color = (245, 245, 245)
    muted: Color = (170, 174, 186)
    accent: Color = (255, 184, 28)  # focus, the current step
    accent_text: Color = (0, 0, 0)
    bar: Color = (90, 160, 255)
    bar_back: Color = (48, 52, 64)
    done: Color = (110, 210, 120)
    error: Color = (255, 90, 80)
    info: Color = (90, 160, 255)
    shade: tuple[int, int, int, int] = (0, 0, 0, 170)
    #: The plot's lines, one colour per series in turn.
    plot: tuple[Color, ...] = ((255, 184, 28), (80, 200, 230), (140, 220, 120), (255, 110, 100))


#: High contrast on a dark ground, for a lit room.
DAY = Theme()
#: Dim, warm and low in blue on black, for a dark room (the panel's backlight still shows).
NIGHT = Theme(
    background=(0, 0, 0),
    card=(16, 12, 10),
    border=(56, 40, 32),
    text=(196, 150, 118),
    muted=(124, 94, 76),
    accent=(206, 112, 40),
    accent_text=(0, 0, 0),
    bar=(128, 80, 56),
    bar_back=(34, 26, 22),
    done=(130, 140, 70),
    error=(210, 64, 48),
    info=(128, 84, 60),
    shade=(0, 0, 0, 200),
    plot=((206, 112, 40), (150, 110, 90), (130, 140, 70), (210, 64, 48)),
)
THEMES = {"day": DAY, "night": NIGHT}


# How many texts each cache keeps per font before it starts again (a few frames' worth).
MAX_CACHED_TEXTS = 4096

def fit(text: str, measure: Callable[[str], int], max_width: int) -> str:
    """``text`` cut and ended with an ellipsis so that ``measure`` gives at most ``max_width``."""
    if measure(text) <= max_width:
        return text
    for cut in range(len(text) - 1, -1, -1):
        candidate = text[:cut].rstrip() + ELLIPSIS
        if measure(candidate) <= max_width:
            return candidate
    return ""


def wrap(text: str, measure: Callable[[str], int], max_width: int, max_lines: int) -> list[str]:
    """Word-wrap ``text`` into at most ``max_lines`` lines, the last ellipsized if cut."""
    lines: list[str] = []
    words = text.split()
    current = ""
    while words and len(lines) < max_lines:
        candidate = f"{current} {words[0]}" if current else words[0]
        if measure(candidate) <= max_width:
            current = candidate
            words.pop(0)
        elif not current:
            lines.append(fit(words.pop(0), measure, max_width))
        else:
            lines.append(current)
            current = ""
    if current and len(lines) < max_lines:
        lines.append(current)
    if words and lines:
        lines[-1] = fit(" ".join([lines[-1], *words]), measure, max_width)
    return lines


class ScreenRenderer:
    """Draws frames for a screen of ``size`` pixels (800x480 and up)."""

    def __init__(self, size: tuple[int, int] = (800, 480), theme: Theme | None = None) -> None:
        if not pygame.font.get_init():
            pygame.font.init()
        self.size = size
        self.theme = theme or Theme()
        # Every length is designed for 800x480; a screen narrower than 5:3 scales by its width.
        self.unit = min(size[1] / 480, size[0] / 800)
        self._fonts: dict[tuple[bool, int], pygame.font.Font] = {}
        # Text measured and rendered once per font: measuring is most of a frame's cost.
        self._widths: dict[pygame.font.Font, dict[str, int]] = {}
        self._rendered: dict[tuple[pygame.font.Font, str, Color], pygame.Surface] = {}
        #: What the last :meth:`render` drew that a touch may act on, topmost last.
        self.hits: tuple[HitRegion, ...] = ()
        self._hits: list[HitRegion] = []

    def hit(self, pos: tuple[int, int]) -> HitRegion | None:
        """The topmost region of the last frame under ``pos`` (surface pixels), if any."""
        return next((h for h in reversed(self.hits) if h.contains(pos)), None)

    def _region(self, rect: pygame.Rect, target: Target | None, drag: Target | None = None,
                drag_step: int = 0, wheel: Target | None = None) -> None:
        self._hits.append(HitRegion((rect.x, rect.y, rect.width, rect.height), target, drag,
                                    drag_step, wheel))

    # --- sizes and text ------------------------------------------------------------

    def px(self, length: float) -> int:
        """A length designed at 480 rows, scaled to this screen."""
        return max(1, round(length * self.unit))

    def font(self, size: float, bold: bool = False) -> pygame.font.Font:
        key = (bold, self.px(size))
        if key not in self._fonts:
            path = DEJAVU_SANS_BOLD if bold else DEJAVU_SANS
            self._fonts[key] = pygame.font.Font(str(path), key[1])
        return self._fonts[key]

    def _measure(self, font: pygame.font.Font) -> Callable[[str], int]:
        """The width of a text in ``font``, each text measured once (bounded: cleared when full)."""
        widths = self._widths.setdefault(font, {})

        def measure(text: str) -> int:
            width = widths.get(text)
            if width is None:
                if len(widths) >= MAX_CACHED_TEXTS:
                    widths.clear()
                width = widths[text] = font.size(text)[0]
            return width
        return measure

    def _render(self, font: pygame.font.Font, text: str, color: Color) -> pygame.Surface:
        """``text`` rendered in ``font`` and ``color``, each rendered once (bounded)."""
        key = (font, text, color)
        image = self._rendered.get(key)
        if image is None:
            if len(self._rendered) >= MAX_CACHED_TEXTS:
                self._rendered.clear()
            image = self._rendered[key] = font.render(text, True, color)
        return image

    def _text(
        self, surface: pygame.Surface, text: str, font: pygame.font.Font, color: Color,
        x: int, y: int, max_width: int, align: str = "left",
    ) -> pygame.Rect:
        """Draw one line, fitted to ``max_width``; ``x`` is the left, centre or right edge."""
        shown = fit(text, self._measure(font), max_width)
        cuts.drawn("screen", shown)
        if not shown:
            return pygame.Rect(x, y, 0, font.get_linesize())
        image = self._render(font, shown, color)
        rect = image.get_rect()
        if align == "center":
            rect.midtop = (x, y)
        elif align == "right":
            rect.topright = (x, y)
        else:
            rect.topleft = (x, y)
        surface.blit(image, rect)
        return rect

    def _lines(self, text: str, font: pygame.font.Font, width: int, max_lines: int) -> list[str]:
        return wrap(text, self._measure(font), width, max_lines)

    def _fitting(self, texts: Sequence[str], sizes: Sequence[float], width: int,
                 bold: bool = False) -> pygame.font.Font:
        """The largest of ``sizes`` in which every one of ``texts`` fits ``width`` on one
        line (the smallest if none does): a label is made smaller before it is cut."""
        for size in sizes:
            font = self.font(size, bold)
            if all(self._measure(font)(text) <= width for text in texts):
                return font
        return self.font(sizes[-1], bold)

    def _wrapping(self, texts: Sequence[str], sizes: Sequence[float], width: int, max_lines: int,
                  bold: bool = False) -> pygame.font.Font:
        """The largest of ``sizes`` in which every one of ``texts`` wraps into ``max_lines``
        lines uncut (the smallest if none does)."""
        for size in sizes:
            font = self.font(size, bold)
            if all(not (lines := self._lines(t, font, width, max_lines)) or not lines[-1].endswith(ELLIPSIS)
                   for t in texts):
                return font
        return self.font(sizes[-1], bold)

    # --- the whole frame -----------------------------------------------------------

    def render(self, frame: Frame) -> pygame.Surface:
        """Draw ``frame`` onto a new off-screen surface of this renderer's size."""
        surface = pygame.Surface(self.size)
        surface.fill(self.theme.background)
        self._hits = []
        width, height = self.size
        pad = self.px(12)
        journal_h = self._journal_height(frame)
        body = pygame.Rect(pad, 0, width - 2 * pad, height - journal_h)
        if frame.game is None:
            self._draw_title(surface, frame, body)
        else:
            header = self._draw_header(surface, frame.game, body)
            body.top = header.bottom + pad
            body.height = height - journal_h - body.top - pad
            self._draw_game(surface, frame, body)
        self._draw_journal(surface, frame, pygame.Rect(0, height - journal_h, width, journal_h))
        overlay = self._overlay(frame)
        if overlay is not None:
            self._hits = []  # what is under the shade is out of reach
            self._shade(surface)
            overlay(surface)
        if frame.message is not None:
            self._draw_message(surface, frame.message, height - journal_h)
        self.hits = tuple(self._hits)
        return surface

    def _overlay(self, frame: Frame) -> Callable[[pygame.Surface], None] | None:
        # OK confirms as select does; Cancel closes as back does, drawn only over a
        # game (before one is chosen, closing the game list leaves nothing to tap).
        confirm = (("Cancel", BACK), ("OK", SELECT)) if frame.game else (("OK", SELECT),)
        close = (("Close", BACK),)
        if frame.menu is not None:
            menu = frame.menu
            return lambda s: self._draw_list(s, menu, confirm)
        if frame.form is not None:
            form = frame.form
            return lambda s: self._draw_form(s, form, confirm)
        if frame.history is not None:
            history = frame.history
            return lambda s: self._draw_list(s, history, close)
        if frame.help is not None:
            rows, about = frame.help, frame.about
            return lambda s: self._draw_help(s, rows, close, about)
        return None

    # --- title and header ----------------------------------------------------------

    def _draw_title(self, surface: pygame.Surface, frame: Frame, area: pygame.Rect) -> None:
        font = self.font(48, bold=True)
        y = area.centery - font.get_linesize()
        self._text(surface, frame.title, font, self.theme.text, area.centerx, y, area.width,
                   "center")
        rule_y = y + font.get_linesize() + self.px(10)
        pygame.draw.rect(surface, self.theme.accent,
                         pygame.Rect(area.centerx - self.px(120), rule_y, self.px(240), self.px(4)))
        if frame.tray:
            self._text(surface, frame.tray, self.font(22), self.theme.muted, area.centerx,
                       rule_y + self.px(20), area.width, "center")

    def _draw_header(self, surface: pygame.Surface, game: GameView, area: pygame.Rect) -> pygame.Rect:
        theme = self.theme
        top = self.px(8)
        headline_font = self.font(30, bold=True)
        phase_font = self.font(24, bold=True)
        phase_w = 0
        if game.phase:
            room = max(area.width // 2, area.width - headline_font.size(game.headline)[0] - self.px(24))
            phase_font = self._fitting([game.phase], (24, 20, 18), room, bold=True)
            phase_w = min(phase_font.size(game.phase)[0], room)
            rect = self._text(surface, game.phase, phase_font, theme.accent, area.right,
                              top + self.px(4), phase_w, "right")
            phase_w = rect.width + self.px(24)
        self._text(surface, game.headline, headline_font, theme.text, area.left, top,
                   area.width - phase_w)
        bottom = top + headline_font.get_linesize() + self.px(6)
        pygame.draw.line(surface, theme.border, (0, bottom), (self.size[0], bottom),
                         max(1, self.px(2)))
        return pygame.Rect(area.left, 0, area.width, bottom)

    # --- the game ------------------------------------------------------------------

    def _draw_game(self, surface: pygame.Surface, frame: Frame, area: pygame.Rect) -> None:
        game = frame.game
        assert game is not None
        gap = self.px(14)
        if game.over is not None:
            banner = self._draw_over(surface, game.over, area)
            area = pygame.Rect(area.left, banner.bottom + gap, area.width,
                               area.bottom - banner.bottom - gap)
        left_w = round(area.width * 0.30)
        mid_w = round(area.width * 0.34)
        left = pygame.Rect(area.left, area.top, left_w, area.height)
        middle = pygame.Rect(left.right + gap, area.top, mid_w - gap, area.height)
        right = pygame.Rect(middle.right + gap, area.top, area.right - middle.right - gap,
                            area.height)
        if not game.panels and not game.grid:  # give the steps the room
            middle.width = area.right - middle.left
        if any(values for _, values in game.series):  # the plot under the steps
            plot_h = min(self.px(150), round(area.height * 0.4))
            plot = pygame.Rect(middle.left, middle.bottom - plot_h, middle.width, plot_h)
            middle.height -= plot_h + gap
            self._draw_plot(surface, game.series, plot)
        if game.grid:  # the map above the panels
            grid_bottom = self._draw_grid(surface, game.grid, right, game.grid_offset_rows)
            right = pygame.Rect(right.left, grid_bottom + gap, right.width,
                                right.bottom - grid_bottom - gap)
        tracks_bottom = self._draw_tracks(surface, game.tracks, frame.focus, left)
        if game.facts:
            facts_top = tracks_bottom + (gap if game.tracks else 0)
            self._draw_facts(surface, game.facts,
                             pygame.Rect(left.left, facts_top, left.width, left.bottom - facts_top))
        self._draw_steps(surface, game, middle)
        if game.panels and right.height > 0:
            self._draw_panels(surface, game.panels, right)

    def _draw_over(self, surface: pygame.Surface, text: str, area: pygame.Rect) -> pygame.Rect:
        font = self.font(30, bold=True)
        rect = pygame.Rect(area.left, area.top, area.width, font.get_linesize() + self.px(16))
        pygame.draw.rect(surface, self.theme.accent, rect, border_radius=self.px(6))
        self._text(surface, text, font, self.theme.accent_text, rect.centerx,
                   rect.top + self.px(8), rect.width - self.px(24), "center")
        return rect

    def _draw_tracks(
        self, surface: pygame.Surface, tracks: Sequence[TrackView], focus: str | None,
        area: pygame.Rect,
    ) -> int:
        """Draw the tracks from the top of ``area``; returns the y below the last one."""
        theme = self.theme
        if not tracks:
            return area.top
        focused = focus if any(t.key == focus for t in tracks) else tracks[0].key
        label_font = self.font(22)
        value_font = self.font(30, bold=True)
        bar_h = self.px(12)
        row_h = value_font.get_linesize() + bar_h + self.px(18)
        inset = self.px(8)
        # Show as many as fit, from early enough that the focused one is among them.
        fits = max(1, (area.height + self.px(4)) // row_h)
        index = next(i for i, t in enumerate(tracks) if t.key == focused)
        first = max(0, index - fits + 1)
        y = area.top
        for track in tracks[first:]:
            if y + row_h > area.bottom + self.px(4):
                break
            row = pygame.Rect(area.left, y, area.width, row_h - self.px(6))
            is_focused = track.key == focused
            if is_focused:
                pygame.draw.rect(surface, theme.card, row, border_radius=self.px(6))
                pygame.draw.rect(surface, theme.accent, row, width=self.px(3),
                                 border_radius=self.px(6))
            value = f"{track.value}"
            maximum = f"/{track.high}"
            text_top = y + inset
            right = row.right - inset
            if is_focused:  # - and + around its value, for a finger or the mouse
                side = value_font.get_ascent()
                plus = pygame.Rect(right - side, text_top + self.px(2), side, side)
                right = plus.left - self.px(6)
                steppers = [self._draw_stepper(surface, plus, "+", (track.key, 1))]
            max_rect = self._text(surface, maximum, label_font, theme.muted, right,
                                  text_top + value_font.get_ascent() - label_font.get_ascent(),
                                  row.width // 3, "right")
            value_rect = self._text(surface, value, value_font,
                                    theme.accent if is_focused else theme.text,
                                    max_rect.left - self.px(2), text_top, row.width // 3, "right")
            label_right = value_rect.left
            if is_focused:
                minus = plus.copy()
                minus.right = value_rect.left - self.px(6)
                label_right = minus.left
                steppers.append(self._draw_stepper(surface, minus, "−", (track.key, -1)))
            label_w = label_right - row.left - inset - self.px(8)
            row_font = self._fitting([track.label], (22, 18, 16, 14), label_w)
            label_y = text_top + value_font.get_ascent() - row_font.get_ascent()
            self._text(surface, track.label, row_font, theme.text, row.left + inset, label_y, label_w)
            bar = pygame.Rect(row.left + inset, y + inset + value_font.get_linesize() + self.px(2),
                              row.width - 2 * inset, bar_h)
            span = max(1, track.high - track.low)
            self._region(row, ("focus", track.key), ("turn", track.key),
                         max(self.px(10), bar.width // span))
            if is_focused:  # the steppers above the row's own region: they win a tap
                self._hits += steppers
            pygame.draw.rect(surface, theme.bar_back, bar, border_radius=self.px(3))
            share = max(0.0, min(1.0, (track.value - track.low) / span))
            if share > 0:
                filled = pygame.Rect(bar.left, bar.top, max(1, round(bar.width * share)), bar.height)
                pygame.draw.rect(surface, theme.accent if is_focused else theme.bar, filled,
                                 border_radius=self.px(3))
            y += row_h
        return y

    def _draw_stepper(self, surface: pygame.Surface, chip: pygame.Rect, text: str,
                      turn: tuple[str, int]) -> HitRegion:
        """Draw a - or + chip; returns its region (a little larger, for a finger)."""
        theme = self.theme
        font = self.font(22, bold=True)
        pygame.draw.rect(surface, theme.bar_back, chip, border_radius=self.px(5))
        pygame.draw.rect(surface, theme.accent, chip, width=max(1, self.px(2)),
                         border_radius=self.px(5))
        self._text(surface, text, font, theme.accent, chip.centerx,
                   chip.centery - font.get_linesize() // 2, chip.width, "center")
        grown = chip.inflate(self.px(8), self.px(12))
        return HitRegion((grown.x, grown.y, grown.width, grown.height), ("turn", *turn))

    def _draw_facts(self, surface: pygame.Surface, facts: Sequence[tuple[str, str]],
                    area: pygame.Rect) -> None:
        """The key numbers as ``label  value`` rows."""
        theme = self.theme
        font = self.font(22)
        bold = self.font(22, bold=True)
        inset = self.px(8)
        y = area.top
        for label, value in facts:
            if y + font.get_linesize() > area.bottom:
                break
            rect = self._text(surface, value, bold, theme.text, area.right - inset, y,
                              area.width // 2, "right")
            label_w = rect.left - area.left - inset - self.px(8)
            self._text(surface, label, self._fitting([label], (22, 18, 16), label_w), theme.muted,
                       area.left + inset, y, label_w)
            y += font.get_linesize() + self.px(4)

    def _draw_steps(self, surface: pygame.Surface, game: GameView, area: pygame.Rect) -> None:
        """The procedure's steps: the current one whole in an accent block, the others in a
        smaller type, as many whole steps around it as fit (none is drawn cut)."""
        theme = self.theme
        title_font = self._fitting([game.phase or "Procedure"], (22, 18), area.width, bold=True)
        y = area.top
        if game.step and not game.steps:
            self._text(surface, "Now", title_font, theme.muted, area.left, y, area.width)
            y += title_font.get_linesize() + self.px(4)
            bold = self._wrapping([game.step], (22, 20, 18), area.width, 6, bold=True)
            for line in self._lines(game.step, bold, area.width, 6):
                self._text(surface, line, bold, theme.accent, area.left, y, area.width)
                y += bold.get_linesize()
            return
        if not game.steps:
            return
        self._text(surface, game.phase or "Procedure", title_font, theme.muted, area.left, y,
                   area.width)
        y += title_font.get_linesize() + self.px(4)
        mark_w = self.px(30)
        text_w = area.width - mark_w
        current = next((i for i, (_, status) in enumerate(game.steps) if status == "current"), 0)
        now = game.step or game.steps[current][0]
        bold = self._wrapping([now], (22, 20, 18), text_w - self.px(8), 4, bold=True)
        font = self.font(20)

        def lines_of(index: int) -> list[str]:
            text, status = game.steps[index]
            if status == "current":
                return self._lines(now, bold, text_w - self.px(8), 4)
            return self._lines(text, font, text_w, 3)

        def height(index: int) -> int:
            line_h = bold.get_linesize() if game.steps[index][1] == "current" else font.get_linesize()
            return len(lines_of(index)) * line_h + (self.px(14) if game.steps[index][1] == "current"
                                                    else self.px(6))

        # Start early enough that the current step (and the one after it) stay visible.
        room = area.bottom - y - height(current)
        if current + 1 < len(game.steps):
            room -= height(current + 1)
        first = current
        while first > 0 and height(first - 1) <= room:
            first -= 1
            room -= height(first)
        for index in range(first, len(game.steps)):
            status = game.steps[index][1]
            lines = lines_of(index)
            if status == "current":
                line_h = bold.get_linesize()
                block_h = len(lines) * line_h + self.px(8)
                if y + block_h > area.bottom:
                    break
                block = pygame.Rect(area.left, y, area.width, block_h)
                pygame.draw.rect(surface, theme.accent, block, border_radius=self.px(6))
                self._mark(surface, "current", block.left + self.px(6), y + self.px(4), line_h,
                           theme.accent_text)
                for i, line in enumerate(lines):
                    self._text(surface, line, bold, theme.accent_text, area.left + mark_w,
                               y + self.px(4) + i * line_h, text_w - self.px(8))
                y += block_h + self.px(6)
                continue
            line_h = font.get_linesize()
            if y + len(lines) * line_h > area.bottom:
                break  # a step is drawn whole or not at all
            color = theme.muted if status == "done" else theme.text
            self._mark(surface, status, area.left + self.px(6), y, line_h,
                       theme.done if status == "done" else theme.muted)
            for line in lines:
                self._text(surface, line, font, color, area.left + mark_w, y, text_w)
                y += line_h
            y += self.px(6)

    def _mark(self, surface: pygame.Surface, status: str, x: int, y: int, line_h: int,
              color: Color) -> None:
        """A step's status mark drawn as shapes: a tick, an arrow or a ring."""
        size = self.px(14)
        top = y + (line_h - size) // 2
        if status == "done":
            points = [(x, top + size // 2), (x + size // 3, top + size),
                      (x + size, top + self.px(1))]
            pygame.draw.lines(surface, color, False, points, max(2, self.px(3)))
        elif status == "current":
            points = [(x, top), (x + size, top + size // 2), (x, top + size)]
            pygame.draw.polygon(surface, color, points)
        else:
            pygame.draw.circle(surface, color, (x + size // 2, top + size // 2), size // 2,
                               max(1, self.px(2)))

    def _draw_panels(self, surface: pygame.Surface, panels: Sequence[Panel],
                     area: pygame.Rect) -> None:
        """Cards flowing down a column and on to the next; as many columns as fit.

        A card's lines wrap (up to three lines each); when the cards do not all
        fit, a smaller type is tried first, and only then is a card shortened to
        the lines that fit, ending with how many are left out.
        """
        gap = self.px(10)
        min_card_w = self.px(240)
        columns = max(1, min(len(panels), (area.width + gap) // (min_card_w + gap)))
        card_w = (area.width - gap * (columns - 1)) // columns
        inset = self.px(8)
        for size in (20, 18, 16):
            font, title_font = self.font(size), self.font(size + 2, bold=True)
            cards = [self._panel_lines(panel, font, title_font, card_w - 2 * inset) for panel in panels]
            if self._cards_fit(cards, font, title_font, area, columns, gap, inset):
                break
        column, y = 0, area.top
        for title, lines in cards:
            card_h = self._card_height(title, lines, font, title_font, inset)
            if y + card_h > area.bottom and y > area.top:
                column, y = column + 1, area.top
            if column >= columns:
                break
            room = area.bottom - y
            if card_h > room:  # shorten the card to the lines that fit
                fits = max(0, (room - len(title) * title_font.get_linesize() - 2 * inset)
                           // font.get_linesize())
                if fits < len(lines):
                    lines = lines[: max(0, fits - 1)] + [f"{ELLIPSIS} {len(lines) - fits + 1} more lines"]
                    lines = lines[:fits]
                card_h = self._card_height(title, lines, font, title_font, inset)
            x = area.left + column * (card_w + gap)
            self._draw_card(surface, pygame.Rect(x, y, card_w, card_h), title, lines, font, title_font,
                            inset)
            y += card_h + gap

    def _panel_lines(self, panel: Panel, font: pygame.font.Font, title_font: pygame.font.Font,
                     width: int) -> tuple[list[str], list[str]]:
        """A panel's title and lines wrapped to ``width``: (title lines, body lines)."""
        title = self._lines(panel.title, title_font, width, 2)
        body = [line for text in panel.lines for line in (self._lines(text, font, width, 3) or [""])]
        return title, body

    @staticmethod
    def _card_height(title: list[str], lines: list[str], font: pygame.font.Font,
                     title_font: pygame.font.Font, inset: int) -> int:
        return len(title) * title_font.get_linesize() + len(lines) * font.get_linesize() + 2 * inset

    def _cards_fit(self, cards: list[tuple[list[str], list[str]]], font: pygame.font.Font,
                   title_font: pygame.font.Font, area: pygame.Rect, columns: int, gap: int,
                   inset: int) -> bool:
        """True when every card fits whole, flowing down the columns."""
        column, y = 0, area.top
        for title, lines in cards:
            card_h = self._card_height(title, lines, font, title_font, inset)
            if y + card_h > area.bottom and y > area.top:
                column, y = column + 1, area.top
            if column >= columns or y + card_h > area.bottom:
                return False
            y += card_h + gap
        return True

    def _draw_card(self, surface: pygame.Surface, card: pygame.Rect, title: list[str], lines: list[str],
                   font: pygame.font.Font, title_font: pygame.font.Font, inset: int) -> None:
        theme = self.theme
        pygame.draw.rect(surface, theme.card, card, border_radius=self.px(6))
        pygame.draw.rect(surface, theme.border, card, width=max(1, self.px(1)), border_radius=self.px(6))
        ty = card.top + inset
        for line in title:
            self._text(surface, line, title_font, theme.accent, card.left + inset, ty, card.width - 2 * inset)
            ty += title_font.get_linesize()
        for line in lines:
            self._text(surface, line, font, theme.text, card.left + inset, ty, card.width - 2 * inset)
            ty += font.get_linesize()

    def _draw_plot(self, surface: pygame.Surface, series: Sequence[tuple[str, Sequence[int]]],
                   area: pygame.Rect) -> None:
        """Values per round as lines on one scale; a legend on top, min and max on the left."""
        theme = self.theme
        font = self.font(18)
        bold = self.font(18, bold=True)
        inset = self.px(8)
        pygame.draw.rect(surface, theme.card, area, border_radius=self.px(6))
        pygame.draw.rect(surface, theme.border, area, width=max(1, self.px(1)),
                         border_radius=self.px(6))
        # The legend: each series' name and last value, on as many rows as they need.
        x, legend_y = area.left + inset, area.top + inset // 2
        for index, (name, values) in enumerate(series):
            color = theme.plot[index % len(theme.plot)]
            text = f"{name} {values[-1]}" if values else name
            if x > area.left + inset and x + bold.size(text)[0] > area.right - inset:
                x, legend_y = area.left + inset, legend_y + bold.get_linesize()
            rect = self._text(surface, text, bold, color, x, legend_y, area.right - inset - x)
            x = rect.right + self.px(14)
        values = [v for _, vs in series for v in vs]
        if not values:
            return
        low, high = min(values), max(values)
        if low == high:
            low, high = low - 1, high + 1
        label_w = max(font.size(str(low))[0], font.size(str(high))[0]) + self.px(6)
        plot = pygame.Rect(area.left + inset + label_w, legend_y + bold.get_linesize() + inset // 2,
                           0, 0)
        plot.width = area.right - inset - plot.left
        plot.height = area.bottom - inset - plot.top
        if plot.width < self.px(20) or plot.height < self.px(20):
            return
        for value, y in ((high, plot.top), (low, plot.bottom)):
            pygame.draw.line(surface, theme.border, (plot.left, y), (plot.right, y),
                             max(1, self.px(1)))
            self._text(surface, str(value), font, theme.muted, plot.left - self.px(6),
                       y - font.get_linesize() // 2, label_w, "right")
        rounds = max(len(vs) for _, vs in series)
        step = plot.width / max(1, rounds - 1)

        def point(i: int, v: int) -> tuple[int, int]:
            return (round(plot.left + i * step),
                    round(plot.bottom - (v - low) * plot.height / (high - low)))

        for index, (_, vs) in enumerate(series):
            color = theme.plot[index % len(theme.plot)]
            points = [point(i, v) for i, v in enumerate(vs)]
            if len(points) > 1:
                pygame.draw.lines(surface, color, False, points, max(2, self.px(3)))
            if points:
                pygame.draw.circle(surface, color, points[-1], self.px(5))

    def _draw_grid(self, surface: pygame.Surface, grid: Sequence[Sequence[str]],
                   area: pygame.Rect, offset_rows: bool = False) -> int:
        """The map as a grid of square cells; the party's cell (``*``) in the accent colour.

        ``offset_rows``: a hex map in offset rows, each odd row half a cell to
        the left of the even rows (the even rows are drawn half a cell in).
        Returns the y below the grid's card.
        """
        theme = self.theme
        inset = self.px(8)
        cols = max((len(row) for row in grid), default=0)
        if not cols:
            return area.top
        title = self.font(22, bold=True)
        gap = self.px(4)
        room_h = round(area.height * 0.55) - title.get_linesize() - 2 * inset
        # Cells may be wider than tall, so labels such as "C2" stay legible on a short card.
        shift = 0.5 if offset_rows and len(grid) > 1 else 0  # the even rows' half cell
        cell_w = min(self.px(64), int((area.width - 2 * inset - gap * (cols - 1)) / (cols + shift)))
        cell_h = min(self.px(48), cell_w, (room_h - gap * (len(grid) - 1)) // max(1, len(grid)))
        if cell_h < self.px(12):
            return area.top
        labels = [label.removeprefix("*") for row in grid for label in row if label]
        top_size = max(10, cell_h * 0.5 / self.unit)
        font = self._fitting(labels, [top_size * f for f in (1, 0.85, 0.72, 0.6, 0.5)],
                             cell_w - self.px(4), bold=True)
        height = title.get_linesize() + len(grid) * (cell_h + gap) - gap + 2 * inset
        card = pygame.Rect(area.left, area.top, area.width, height)
        pygame.draw.rect(surface, theme.card, card, border_radius=self.px(6))
        pygame.draw.rect(surface, theme.border, card, width=max(1, self.px(1)),
                         border_radius=self.px(6))
        self._text(surface, "Map", title, theme.accent, card.left + inset, card.top + inset,
                   card.width - 2 * inset)
        top = card.top + inset + title.get_linesize()
        for r, row in enumerate(grid):
            for c, label in enumerate(row):
                if not label:
                    continue
                here = label.startswith("*")
                half = round(shift * (cell_w + gap)) if r % 2 == 0 else 0
                rect = pygame.Rect(card.left + inset + half + c * (cell_w + gap),
                                   top + r * (cell_h + gap), cell_w, cell_h)
                pygame.draw.rect(surface, theme.accent if here else theme.bar_back, rect,
                                 border_radius=self.px(4))
                text = label.removeprefix("*")
                color = theme.accent_text if here else theme.text
                self._text(surface, text, font, color, rect.centerx,
                           rect.centery - font.get_linesize() // 2, cell_w - self.px(2), "center")
        return card.bottom

    # --- the journal strip ---------------------------------------------------------

    def _journal_height(self, frame: Frame) -> int:
        lines = min(2, len(frame.journal)) or (1 if frame.tray else 0)
        if not lines:
            return 0
        return lines * self.font(20).get_linesize() + self.px(14)

    def _draw_journal(self, surface: pygame.Surface, frame: Frame, area: pygame.Rect) -> None:
        """The last journal entries: the newest whole (on both lines if it needs them),
        the one before it above when it fits its line."""
        if area.height <= 0:
            return
        theme = self.theme
        pygame.draw.rect(surface, theme.card, area)
        pygame.draw.line(surface, theme.border, area.topleft, area.topright, max(1, self.px(2)))
        font = self.font(20)
        pad = self.px(12)
        tray_w = 0
        if frame.tray:
            rect = self._text(surface, frame.tray, font, theme.muted, area.right - pad,
                              area.top + self.px(7), area.width // 3, "right")
            tray_w = rect.width + pad
        width = area.width - 2 * pad - tray_w
        rows: list[tuple[str, Color]] = []
        if frame.journal:
            newest = self._lines(frame.journal[-1], font, width, 2)
            older = frame.journal[-2] if len(frame.journal) > 1 else ""
            if len(newest) == 1 and older and font.size(older)[0] <= width:
                rows.append((older, theme.muted))
            rows += [(line, theme.text) for line in newest]
        y = area.top + self.px(7)
        for line, color in rows:
            self._text(surface, line, font, color, area.left + pad, y, width)
            y += font.get_linesize()

    # --- overlays ------------------------------------------------------------------

    def _shade(self, surface: pygame.Surface) -> None:
        shade = pygame.Surface(self.size, pygame.SRCALPHA)
        shade.fill(self.theme.shade)
        surface.blit(shade, (0, 0))

    def _dialog_width(self) -> int:
        return min(self.size[0] - self.px(40), max(self.px(560), self.size[0] // 2))

    def _button_bar(self, buttons: Sequence[tuple[str, Target]]) -> int:
        """The height a dialog's row of ``buttons`` takes at its foot."""
        return self.px(BUTTON_H) + self.px(16) if buttons else 0

    def _dialog(self, surface: pygame.Surface, title: str, rows: int, row_h: int,
                accent: Color | None = None, buttons: Sequence[tuple[str, Target]] = (),
                tap: Target | None = None, wheel: Target | None = None,
                ) -> tuple[pygame.Rect, int, int]:
        """A centred dialog box with a title and a row of ``buttons`` (label, target) at its foot.

        ``tap`` is what a tap anywhere on the box means and ``wheel`` what the
        mouse wheel over it turns (below its rows and buttons). Returns the
        box, the y of its first row and the y its rows end above.
        """
        theme = self.theme
        title_font = self.font(26, bold=True)
        bar = self._button_bar(buttons)
        width = self._dialog_width()
        height = title_font.get_linesize() + rows * row_h + self.px(40) + bar
        height = min(height, self.size[1] - self.px(24))
        box = pygame.Rect(0, 0, width, height)
        box.center = (self.size[0] // 2, self.size[1] // 2)
        pygame.draw.rect(surface, theme.card, box, border_radius=self.px(10))
        pygame.draw.rect(surface, accent or theme.accent, box, width=self.px(3),
                         border_radius=self.px(10))
        pad = self.px(16)
        title_font = self._fitting([title], (26, 22, 18), box.width - 2 * pad, bold=True)
        self._text(surface, title, title_font, theme.text, box.left + pad, box.top + pad,
                   box.width - 2 * pad)
        if tap is not None or wheel is not None:
            self._region(box, tap, wheel=wheel)
        self._draw_buttons(surface, box, buttons)
        return box, box.top + pad + title_font.get_linesize() + self.px(8), box.bottom - bar

    def _draw_buttons(self, surface: pygame.Surface, box: pygame.Rect,
                      buttons: Sequence[tuple[str, Target]]) -> None:
        """The buttons right-aligned along the foot of ``box``; OK (``select``) filled."""
        theme = self.theme
        font = self.font(22, bold=True)
        pad, gap = self.px(16), self.px(12)
        rect = pygame.Rect(0, 0, self.px(BUTTON_W), self.px(BUTTON_H))
        rect.bottomright = (box.right - pad, box.bottom - pad)
        rect.x -= (len(buttons) - 1) * (rect.width + gap)
        for label, target in buttons:
            primary = target == SELECT
            radius = self.px(8)
            pygame.draw.rect(surface, theme.accent if primary else theme.bar_back, rect,
                             border_radius=radius)
            pygame.draw.rect(surface, theme.accent if primary else theme.border, rect,
                             width=max(1, self.px(2)), border_radius=radius)
            self._text(surface, label, font, theme.accent_text if primary else theme.text,
                       rect.centerx, rect.centery - font.get_linesize() // 2,
                       rect.width - self.px(8), "center")
            self._region(rect.inflate(gap, gap), target)
            rect.x += rect.width + gap

    def _draw_list(self, surface: pygame.Surface, menu: Menu,
                   buttons: Sequence[tuple[str, Target]] = ()) -> None:
        theme = self.theme
        font = self.font(24)
        row_h = font.get_linesize() + self.px(8)
        max_rows = max(1, (self.size[1] - self.px(160) - self._button_bar(buttons)) // row_h)
        rows = min(len(menu.items), max_rows)
        box, y, _ = self._dialog(surface, menu.title, max(rows, 1), row_h, buttons=buttons,
                                 wheel=("scroll",))
        pad = self.px(16)
        if not menu.items:
            return
        cursor = max(0, min(menu.cursor, len(menu.items) - 1))
        first = 0 if len(menu.items) <= rows else max(0, min(cursor - rows // 2,
                                                             len(menu.items) - rows))
        for index in range(first, first + rows):
            row = pygame.Rect(box.left + pad // 2, y, box.width - pad, row_h)
            selected = index == cursor
            if selected:
                pygame.draw.rect(surface, theme.accent, row, border_radius=self.px(6))
            self._region(row, ("menu", index))
            item_w = row.width - pad - self.px(24)
            item_font = self._fitting([menu.items[index]], (24, 20, 18), item_w)
            color = theme.accent_text if selected else theme.muted if index in menu.marked else theme.text
            self._text(surface, menu.items[index], item_font, color, row.left + pad // 2,
                       y + self.px(4) + (font.get_linesize() - item_font.get_linesize()) // 2, item_w)
            y += row_h
        arrow_x = box.right - pad - self.px(8)
        size = self.px(8)
        top_y = box.top + pad + self.px(40)
        if first > 0:
            pygame.draw.polygon(surface, theme.muted, [(arrow_x - size, top_y + size),
                                                       (arrow_x + size, top_y + size),
                                                       (arrow_x, top_y)])
        if first + rows < len(menu.items):
            bottom_y = y - self.px(4)
            pygame.draw.polygon(surface, theme.muted, [(arrow_x - size, bottom_y - size),
                                                       (arrow_x + size, bottom_y - size),
                                                       (arrow_x, bottom_y)])

    def _draw_form(self, surface: pygame.Surface, form: Form,
                   buttons: Sequence[tuple[str, Target]] = ()) -> None:
        """The fields as rows, scrolled to keep the focused one in view, then the hint."""
        theme = self.theme
        font = self.font(24)
        hint_font = self.font(20)
        value_font = self.font(28, bold=True)
        row_h = value_font.get_linesize() + self.px(8)
        rows = len(form.fields) + (1 if form.hint else 0)
        box, y, bottom = self._dialog(surface, form.title, max(1, rows), row_h, buttons=buttons)
        pad = self.px(16)
        label_w = (box.width - 2 * pad) * 3 // 5
        hint_h = hint_font.get_linesize() + self.px(6)
        fit = max(1, (bottom - pad - y) // row_h)
        if len(form.fields) > fit:  # room for the line that says which fields are shown
            fit = max(1, (bottom - pad - y - hint_h) // row_h)
        focused = next((i for i, f in enumerate(form.fields) if f.focused), 0)
        first = max(0, min(focused - fit // 2, len(form.fields) - fit))
        shown = range(first, min(len(form.fields), first + fit))
        for index in shown:
            field = form.fields[index]
            row = pygame.Rect(box.left + pad // 2, y, box.width - pad, row_h)
            self._region(row, ("field", index), ("field_turn", index), self.px(24))
            if field.focused:
                pygame.draw.rect(surface, theme.accent, row, border_radius=self.px(6))
            color = theme.accent_text if field.focused else theme.text
            text_y = y + (row_h - font.get_linesize()) // 2
            label_font = self._fitting([field.label], (24, 20, 18), label_w)
            self._text(surface, field.label, label_font, color, row.left + pad // 2,
                       text_y + (font.get_linesize() - label_font.get_linesize()) // 2, label_w)
            self._text(surface, field.value, value_font, color, row.right - pad // 2,
                       y + self.px(4), row.width - label_w - pad, "right")
            y += row_h
        hint = form.hint
        if len(shown) < len(form.fields):
            where = f"Fields {shown.start + 1}–{shown.stop} of {len(form.fields)}"
            hint = f"{where} · {hint}" if hint else where
        if hint and y + hint_font.get_linesize() <= bottom - pad // 2:
            self._text(surface, hint, hint_font, theme.muted, box.left + pad, y + self.px(6),
                       box.width - 2 * pad)

    def _draw_help(self, surface: pygame.Surface, rows: Sequence[tuple[str, str]],
                   buttons: Sequence[tuple[str, Target]] = (), about: str = "") -> None:
        """The controls, under what is asked now in full (``about``) when there is something."""
        theme = self.theme
        font = self.font(22)
        bold = self.font(22, bold=True)
        row_h = font.get_linesize() + self.px(4)
        about_lines = self._lines(about, bold, self._dialog_width() - self.px(32), 3) if about else []
        max_rows = max(1, (self.size[1] - self.px(140) - self._button_bar(buttons)) // row_h
                       - len(about_lines))
        shown = list(rows[:max_rows])
        # A tap anywhere on it closes it, as any press does.
        box, y, _ = self._dialog(surface, "Controls", max(1, len(shown) + len(about_lines)), row_h,
                                 buttons=buttons, tap=("help",))
        pad = self.px(16)
        for line in about_lines:
            self._text(surface, line, bold, theme.accent, box.left + pad, y, box.width - 2 * pad)
            y += row_h
        control_w = min(max((bold.size(c)[0] for c, _ in shown), default=0),
                        (box.width - 2 * pad) // 2)
        for control, action in shown:
            self._text(surface, control, bold, theme.accent, box.left + pad, y, control_w)
            x = box.left + pad + control_w + self.px(16)
            self._text(surface, action, font, theme.text, x, y, box.right - pad - x)
            y += row_h

    def _draw_message(self, surface: pygame.Surface, message: Message, bottom: int) -> None:
        theme = self.theme
        text = message.long or message.short
        if message.kind == "info":
            font = self.font(22, bold=True)
            lines = self._lines(text, font, self.size[0] - self.px(48), 2)
            height = len(lines) * font.get_linesize() + self.px(16)
            banner = pygame.Rect(0, bottom - height, self.size[0], height)
            pygame.draw.rect(surface, theme.info, banner)
            y = banner.top + self.px(8)
            for line in lines:
                self._text(surface, line, font, theme.accent_text, self.px(24), y,
                           self.size[0] - self.px(48))
                y += font.get_linesize()
            return
        font = self.font(24)
        accent = theme.error if message.kind == "error" else theme.accent
        title = "Not allowed" if message.kind == "error" else "Game over"
        lines = self._lines(text, font, self._dialog_width() - self.px(32), 5)
        self._hits = [HitRegion((0, 0, *self.size), ("dismiss",))]  # a tap anywhere reads it
        self._shade(surface)
        box, y, _ = self._dialog(surface, title, len(lines), font.get_linesize(), accent)
        for line in lines:
            self._text(surface, line, font, theme.text, box.left + self.px(16), y,
                       box.width - self.px(32))
            y += font.get_linesize()
