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

import pygame

from ui.hits import HitRegion
from ui.model import Frame
from ui.screen_cards import draw_panels
from ui.screen_charts import draw_grid, draw_plot
from ui.screen_dialogs import draw_message, overlay, shade
from ui.screen_pen import Pen
from ui.screen_play import draw_facts, draw_header, draw_over, draw_steps, draw_tracks
from ui.screen_theme import THEMES, Color, Theme

#: What device/ and hw_sim/ take from here: the renderer and the themes it is given.
__all__ = ["THEMES", "ScreenRenderer", "Theme"]


class ScreenRenderer(Pen):
    """Draws frames for a screen of ``size`` pixels (800x480 and up)."""

    def __init__(self, size: tuple[int, int] = (800, 480), theme: Theme | None = None) -> None:
        super().__init__(size, theme or Theme())
        #: What the last :meth:`render` drew that a touch may act on, topmost last.
        self.hits: tuple[HitRegion, ...] = ()

    def hit(self, pos: tuple[int, int]) -> HitRegion | None:
        """The topmost region of the last frame under ``pos`` (surface pixels), if any."""
        return next((h for h in reversed(self.hits) if h.contains(pos)), None)

    def render(self, frame: Frame) -> pygame.Surface:
        """Draw ``frame`` onto a new off-screen surface of this renderer's size."""
        surface = pygame.Surface(self.size)
        surface.fill(self.theme.background)
        self.regions = []
        width, height = self.size
        pad = self.px(12)
        journal_h = self._journal_height(frame)
        body = pygame.Rect(pad, 0, width - 2 * pad, height - journal_h)
        if frame.game is None:
            self._draw_title(surface, frame, body)
        else:
            header = draw_header(self, surface, frame.game, body)
            body.top = header.bottom + pad
            body.height = height - journal_h - body.top - pad
            self._draw_game(surface, frame, body)
        self._draw_journal(surface, frame, pygame.Rect(0, height - journal_h, width, journal_h))
        cover = overlay(self, frame)
        if cover is not None:
            self.regions = []  # what is under the shade is out of reach
            shade(self, surface)
            cover(surface)
        if frame.message is not None:
            draw_message(self, surface, frame.message, height - journal_h)
        self.hits = tuple(self.regions)
        return surface

    def _draw_title(self, surface: pygame.Surface, frame: Frame, area: pygame.Rect) -> None:
        font = self.font(48, bold=True)
        y = area.centery - font.get_linesize()
        self.text(surface, frame.title, font, self.theme.text, area.centerx, y, area.width,
                   "center")
        rule_y = y + font.get_linesize() + self.px(10)
        pygame.draw.rect(surface, self.theme.accent,
                         pygame.Rect(area.centerx - self.px(120), rule_y, self.px(240), self.px(4)))
        if frame.tray:
            self.text(surface, frame.tray, self.font(22), self.theme.muted, area.centerx,
                       rule_y + self.px(20), area.width, "center")


    def _draw_game(self, surface: pygame.Surface, frame: Frame, area: pygame.Rect) -> None:
        game = frame.game
        assert game is not None
        gap = self.px(14)
        if game.over is not None:
            banner = draw_over(self, surface, game.over, area)
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
            draw_plot(self, surface, game.series, plot)
        if game.grid:  # the map above the panels
            grid_bottom = draw_grid(self, surface, game.grid, right, game.grid_offset_rows)
            right = pygame.Rect(right.left, grid_bottom + gap, right.width,
                                right.bottom - grid_bottom - gap)
        tracks_bottom = draw_tracks(self, surface, game.tracks, frame.focus, left)
        if game.facts:
            facts_top = tracks_bottom + (gap if game.tracks else 0)
            draw_facts(self, surface, game.facts,
                             pygame.Rect(left.left, facts_top, left.width, left.bottom - facts_top))
        draw_steps(self, surface, game, middle)
        if game.panels and right.height > 0:
            draw_panels(self, surface, game.panels, right)


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
            rect = self.text(surface, frame.tray, font, theme.muted, area.right - pad,
                              area.top + self.px(7), area.width // 3, "right")
            tray_w = rect.width + pad
        width = area.width - 2 * pad - tray_w
        rows: list[tuple[str, Color]] = []
        if frame.journal:
            newest = self.lines(frame.journal[-1], font, width, 2)
            older = frame.journal[-2] if len(frame.journal) > 1 else ""
            if len(newest) == 1 and older and font.size(older)[0] <= width:
                rows.append((older, theme.muted))
            rows += [(line, theme.text) for line in newest]
        y = area.top + self.px(7)
        for line, color in rows:
            self.text(surface, line, font, color, area.left + pad, y, width)
            y += font.get_linesize()

