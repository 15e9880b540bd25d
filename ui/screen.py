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

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial

import pygame

from games.core.views import GameView, Panel
from ui.hits import HitRegion
from ui.model import Frame
from ui.screen_cards import Card, draw_card, lay_out_cards, whole_cards
from ui.screen_charts import draw_grid, draw_plot, grid_bottom
from ui.screen_dialogs import draw_message, overlay, shade
from ui.screen_dialogs import prepare as prepare_dialogs
from ui.screen_pen import Pen
from ui.screen_play import (
    draw_facts,
    draw_header,
    draw_over,
    draw_steps,
    draw_track,
    header_height,
    over_height,
    track_row_height,
    track_rows,
)
from ui.screen_theme import THEMES, Color, Theme

#: What device/ and hw_sim/ take from here: the renderer and the themes it is given.
__all__ = ["THEMES", "ScreenRenderer", "Theme"]


@dataclass(frozen=True)
class _Part:
    """One part of the screen: its rectangle, what it shows (``key``) and how to draw it."""

    name: str
    rect: tuple[int, int, int, int]
    key: object
    draw: Callable[[pygame.Surface], None]


@dataclass(frozen=True)
class _Shown:
    """What a part of the last frame showed where, and its regions a touch may act on."""

    rect: tuple[int, int, int, int]
    key: object
    hits: tuple[HitRegion, ...]


class ScreenRenderer(Pen):
    """Draws frames for a screen of ``size`` pixels (800x480 and up).

    The screen is laid out in parts (the header, the result's banner, the
    tracks, the steps, the plot, the map and panels, the journal strip),
    each keyed by what it shows; a frame draws again only the parts whose key
    changed since the last one. Each is cleared and drawn clipped to its own
    rectangle, so a part drawn alone is pixel for pixel what a whole drawing
    gives. A menu, form, history, help or message is drawn over the parts,
    and the next frame draws again the parts it covered.
    """

    def __init__(self, size: tuple[int, int] = (800, 480), theme: Theme | None = None) -> None:
        super().__init__(size, theme or Theme())
        #: What the last :meth:`render` drew that a touch may act on, topmost last.
        self.hits: tuple[HitRegion, ...] = ()
        self._shown: dict[str, _Shown] = {}
        # What a dialog or a message drew over the parts: cleared, and its parts drawn again.
        self._covered: pygame.Rect | None = self.surface.get_rect()
        # The parts as a cover last shaded them, by what they showed where: the next cover over
        # the same parts (a menu's every move) starts from them instead of drawing them again.
        self._shaded: tuple[tuple, pygame.Surface] | None = None
        self._shaded_copy: pygame.Surface | None = None  # where they are kept (made once)

    def prepare(self) -> None:
        """Make at idle what the first menu, form or help would make inside a press
        (:func:`ui.screen_dialogs.prepare`), and the surface the shaded parts are kept in
        (its first fill page-faults a screen's worth of memory: 1 ms of a first menu's 2)."""
        prepare_dialogs(self)
        self._shaded_surface().fill(self.theme.background)

    def hit(self, pos: tuple[int, int]) -> HitRegion | None:
        """The topmost region of the last frame under ``pos`` (surface pixels), if any."""
        return next((h for h in reversed(self.hits) if h.contains(pos)), None)

    def render(self, frame: Frame) -> pygame.Surface:
        """Draw ``frame`` on this renderer's off-screen surface and return it.

        The surface is the renderer's own: the next render draws on it again.
        """
        surface = self.surface
        parts = self._parts(frame)
        cover = overlay(self, frame)
        layout = tuple((part.name, part.rect, part.key) for part in parts)
        if cover is not None and self._shaded is not None and self._shaded[0] == layout:
            # A menu, form, history or help over the same parts: the shaded parts as kept.
            surface.blit(self._shaded[1], (0, 0))
        else:
            self._draw_parts(surface, parts)
            if cover is not None:
                shade(self, surface)
                self._keep_shaded(layout, surface)
        if cover is not None:
            self.regions = []  # what is under the shade is out of reach
            cover(surface)
            self._covered = surface.get_rect()
        if frame.message is not None:
            banner = draw_message(self, surface, frame.message, self.size[1] - self._journal_height(frame))
            self._covered = banner.union(self._covered) if self._covered else banner
        self.hits = tuple(self.regions)
        return surface

    def _keep_shaded(self, layout: tuple, surface: pygame.Surface) -> None:
        """Keep the shaded parts for the next cover, copied into the one kept surface: a new
        copy each time page-faulted a fresh screen's worth of memory on every cover's first frame."""
        kept = self._shaded_surface()
        kept.blit(surface, (0, 0))
        self._shaded = (layout, kept)

    def _shaded_surface(self) -> pygame.Surface:
        if self._shaded_copy is None:
            self._shaded_copy = pygame.Surface(self.size, 0, self.surface)
        return self._shaded_copy

    def _draw_parts(self, surface: pygame.Surface, parts: list[_Part]) -> None:
        """Draw again the parts whose key or place changed (all after a cover)."""
        self._clear(surface, parts)
        hits: list[HitRegion] = []
        shown: dict[str, _Shown] = {}
        for part in parts:
            last = self._shown.get(part.name)
            if last is None or (last.rect, last.key) != (part.rect, part.key):
                last = self._draw_part(surface, part)
            shown[part.name] = last
            hits += last.hits
        self._shown = shown
        self.regions = hits

    def _clear(self, surface: pygame.Surface, parts: list[_Part]) -> None:
        """Clear what the last frame covered (its parts are drawn again) and the parts of the
        last frame that are gone or have moved."""
        background = self.theme.background
        here = {(part.name, part.rect) for part in parts}
        for name, last in self._shown.items():
            if (name, last.rect) not in here:
                surface.fill(background, last.rect)
        if self._covered is not None:
            surface.fill(background, self._covered)
            self._shown = {name: last for name, last in self._shown.items()
                           if not self._covered.colliderect(last.rect)}
            self._covered = None

    def _draw_part(self, surface: pygame.Surface, part: _Part) -> _Shown:
        """Draw ``part`` alone: cleared, and clipped to its rectangle."""
        self.regions = []
        surface.set_clip(part.rect)
        surface.fill(self.theme.background, part.rect)
        part.draw(surface)
        surface.set_clip(None)
        return _Shown(part.rect, part.key, tuple(self.regions))

    def _parts(self, frame: Frame) -> list[_Part]:
        """The parts ``frame`` lays out, each with what it shows and how it is drawn."""
        width, height = self.size
        pad = self.px(12)
        journal_h = self._journal_height(frame)
        foot = height - journal_h
        strip = pygame.Rect(0, foot, width, journal_h)
        journal = _Part("journal", (0, foot, width, journal_h), (frame.journal[-2:], frame.tray),
                        lambda s: self._draw_journal(s, frame, strip))
        game = frame.game
        if game is None:
            body = pygame.Rect(pad, 0, width - 2 * pad, foot)
            return [_Part("title", (0, 0, width, foot), (frame.title, frame.tray),
                          lambda s: self._draw_title(s, frame, body)), journal]
        top = header_height(self) + pad
        header_area = pygame.Rect(pad, 0, width - 2 * pad, foot)
        parts = [_Part("header", (0, 0, width, top), (game.headline, game.phase, game.phase_title),
                       lambda s: draw_header(self, s, game, header_area))]
        area = pygame.Rect(pad, top, width - 2 * pad, foot - top - pad)
        return [*parts, *self._game_parts(frame, game, area, foot), journal]

    def _game_parts(self, frame: Frame, game: GameView, area: pygame.Rect, foot: int) -> list[_Part]:
        """The game's parts in ``area``: the result's banner, then three columns (the tracks
        and facts, the steps over the plot, the map over the panels) down to ``foot``. A
        wide map (Myth's) leaves room under it for few panels: those it cannot show whole
        go under the steps in the plot's place (a key to the map before a plot of values
        the tracks already show)."""
        width = self.size[0]
        gap = self.px(14)
        parts: list[_Part] = []
        band = area.top  # where the columns' parts start
        if game.over is not None:
            over, banner = game.over, area.copy()
            banner_bottom = area.top + over_height(self)
            band = banner_bottom + gap // 2
            parts.append(_Part("over", (0, area.top, width, band - area.top), over,
                               lambda s: draw_over(self, s, over, banner)))
            area = pygame.Rect(area.left, banner_bottom + gap, area.width, area.bottom - banner_bottom - gap)
        left_w = round(area.width * 0.30)
        # A wide map (Myth's seven hexes a row) takes room from the steps: its cells stay
        # legible, and a line of the panels under it ("Morning: Enemy: Scheme, 1 face-down")
        # fits its width at 800x480.
        wide_map = max((len(row) for row in game.grid), default=0) >= 7
        mid_w = round(area.width * (0.24 if wide_map else 0.34))
        left = pygame.Rect(area.left, area.top, left_w, area.height)
        middle = pygame.Rect(left.right + gap, area.top, mid_w - gap, area.height)
        right = pygame.Rect(middle.right + gap, area.top, area.right - middle.right - gap,
                            area.height)
        wide = not game.panels and not game.grid  # give the steps the room
        if wide:
            middle.width = area.right - middle.left
        first, second = left.right + gap // 2, width if wide else middle.right + gap // 2
        parts += self._left_parts(frame, game, left, (0, band, first, foot - band))
        steps_foot = foot
        low_h = min(self.px(150), round(area.height * 0.4))  # the plot's place under the steps
        beside: tuple[Panel, ...] = game.panels
        under: tuple[Panel, ...] = ()
        if wide_map and not wide:  # the panels the map leaves no room for go under the steps
            shown = self.remembered(("whole", game.panels, tuple(right), game.grid),
                                    lambda: whole_cards(self, game.panels, self._under_map(game, right)))
            beside, under = game.panels[:shown], game.panels[shown:]
        low = pygame.Rect(middle.left, middle.bottom - low_h, middle.width, low_h)
        low_cards: tuple[Card, ...] = ()
        if under:  # in the plot's place: what the map means (its key) before a plot of the tracks
            low_cards = self.remembered(("cards", under, tuple(low)),
                                        lambda: tuple(lay_out_cards(self, under, low)))
        if low_cards:  # laid out again as tall as they are, at the column's foot: the steps get the rest
            top = middle.bottom - (max(c.rect[1] + c.rect[3] for c in low_cards) - low.top)
            low = pygame.Rect(low.left, top, low.width, middle.bottom - top)
            low_cards = self.remembered(("cards", under, tuple(low)),
                                        lambda: tuple(lay_out_cards(self, under, low)))
            middle.height = low.top - gap - middle.top
            steps_foot = low.top - gap // 2
            parts += [_Part(f"low card {i}", card.rect, card, partial(draw_card, self, card=card))
                      for i, card in enumerate(low_cards)]
        elif any(values for _, values in game.series):  # the plot under the steps
            plot = low
            middle.height -= low_h + gap
            steps_foot = plot.top - gap // 2
            parts.append(_Part("plot", (first, steps_foot, second - first, foot - steps_foot), game.series,
                               lambda s: draw_plot(self, s, game.series, plot)))
        parts.append(_Part("steps", (first, band, second - first, steps_foot - band),
                           (game.phase, game.phase_title, game.step, game.steps),
                           lambda s: draw_steps(self, s, game, middle)))
        if not wide:
            parts += self._right_parts(game, beside, right, (second, band, width - second, foot - band))
        return parts

    def _left_parts(self, frame: Frame, game: GameView, area: pygame.Rect,
                    column: tuple[int, int, int, int]) -> list[_Part]:
        """The tracks' rows from the top of ``area``, each a part, and the facts under them."""
        x, band, width, height = column
        row_h = track_row_height(self)
        rows = track_rows(self, game.tracks, frame.focus, area)
        parts = [_Part(f"track {i}", (x, y, width, row_h), (track, focused),
                       partial(draw_track, self, track=track, is_focused=focused, y=y, area=area))
                 for i, (track, focused, y) in enumerate(rows)]
        below = parts[-1].rect[1] + row_h if parts else band
        if game.facts:
            top = below + self.px(14) if parts else area.top
            facts = pygame.Rect(area.left, top, area.width, area.bottom - top)
            parts.append(_Part("facts", (x, below, width, band + height - below), game.facts,
                               lambda s: draw_facts(self, s, game.facts, facts)))
        return parts

    def _under_map(self, game: GameView, area: pygame.Rect) -> pygame.Rect:
        """What is left of ``area`` under the map drawn at its top (all of it with no map)."""
        if not game.grid:
            return area
        bottom = grid_bottom(self, game.grid, area, game.grid_offset_rows) + self.px(14)
        return pygame.Rect(area.left, bottom, area.width, area.bottom - bottom)

    def _right_parts(self, game: GameView, panels: tuple[Panel, ...], area: pygame.Rect,
                     column: tuple[int, int, int, int]) -> list[_Part]:
        """The map at the top of ``area``, then ``panels``' cards under it, each a part."""
        x, band, width, height = column
        parts = []
        if game.grid:
            under = self._under_map(game, area)
            parts.append(_Part("map", (x, band, width, under.top - self.px(7) - band),
                               (game.grid, game.grid_offset_rows),
                               partial(draw_grid, self, grid=game.grid, area=area,
                                       offset_rows=game.grid_offset_rows)))
            area = under
        if panels and area.height > 0:
            # Laid out once per panels and area (a dial turned to and fro lays out no card).
            cards = self.remembered(("cards", panels, tuple(area)),
                                    lambda: tuple(lay_out_cards(self, panels, area)))
            parts += [_Part(f"card {i}", card.rect, card, partial(draw_card, self, card=card))
                      for i, card in enumerate(cards)]
        return parts

    def _draw_title(self, surface: pygame.Surface, frame: Frame, area: pygame.Rect) -> None:
        font = self.font(48, bold=True)
        y = area.centery - font.get_linesize()
        self.text(surface, frame.title, font, self.theme.text, area.centerx, y, area.width, "center")
        rule_y = y + font.get_linesize() + self.px(10)
        pygame.draw.rect(surface, self.theme.accent,
                         pygame.Rect(area.centerx - self.px(120), rule_y, self.px(240), self.px(4)))
        if frame.tray:
            self.text(surface, frame.tray, self.font(22), self.theme.muted, area.centerx,
                      rule_y + self.px(20), area.width, "center")

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
        self.rule(surface, theme.border, area.left, area.right, area.top, max(1, self.px(2)))
        font = self.font(20)
        pad = self.px(12)
        tray_w = 0
        if frame.tray:
            rect = self.text(surface, frame.tray, font, theme.muted, area.right - pad,
                             area.top + self.px(7), area.width // 3, "right", theme.card)
            tray_w = rect.width + pad
        width = area.width - 2 * pad - tray_w
        rows: list[tuple[str, Color, pygame.font.Font]] = []
        if frame.journal:
            # A long entry (an upkeep's summary) in a smaller type before it is cut.
            small = self.wrapping([frame.journal[-1]], (20, 18, 16), width, 2)
            newest = self.lines(frame.journal[-1], small, width, 2)
            older = frame.journal[-2] if len(frame.journal) > 1 else ""
            if len(newest) == 1 and older and self.measure(font)(older) <= width:
                rows.append((older, theme.muted, font))
            rows += [(line, theme.text, small) for line in newest]
        y = area.top + self.px(7)
        for line, color, row_font in rows:
            self.text(surface, line, row_font, color, area.left + pad, y, width, ground=theme.card)
            y += font.get_linesize()

