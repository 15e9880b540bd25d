"""The game's own view on the screen: the header, the result banner, the tracks as
labelled bars (the focused one with - and + for a finger), the key facts and the
procedure's steps (the current one whole in an accent block)."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from games.core.views import GameView, TrackView
from ui.hits import HitRegion
from ui.screen_pen import Pen
from ui.screen_theme import Color


def header_height(pen: Pen) -> int:
    """How far down the header reaches: its rule's y."""
    return pen.px(8) + pen.font(30, bold=True).get_linesize() + pen.px(6)


def screen_phase(game: GameView) -> str:
    """The phase as the screen names it: the rulebook's title, else the displays' short name."""
    return game.phase_title or game.phase


def draw_header(pen: Pen, surface: pygame.Surface, game: GameView, area: pygame.Rect) -> None:
    """The headline (game and round) on the left, the phase on the right, a rule under them."""
    theme = pen.theme
    top = pen.px(8)
    headline_font = pen.font(30, bold=True)
    phase_font = pen.font(24, bold=True)
    phase_w = 0
    phase = screen_phase(game)
    if phase:
        room = max(area.width // 2, area.width - pen.measure(headline_font)(game.headline) - pen.px(24))
        if pen.measure(phase_font)(phase) > room:  # the rulebook's name does not fit: the short one
            phase = game.phase
        phase_font = pen.fitting([phase], (24, 20, 18), room, bold=True)
        phase_w = min(pen.measure(phase_font)(phase), room)
        rect = pen.text(surface, phase, phase_font, theme.accent, area.right,
                        top + pen.px(4), phase_w, "right", theme.background)
        phase_w = rect.width + pen.px(24)
    pen.text(surface, game.headline, headline_font, theme.text, area.left, top,
             area.width - phase_w, ground=theme.background)
    bottom = header_height(pen)
    pen.rule(surface, theme.border, 0, pen.size[0], bottom, max(1, pen.px(2)))


def over_height(pen: Pen) -> int:
    """The height of the result's banner."""
    return pen.font(30, bold=True).get_linesize() + pen.px(16)


def draw_over(pen: Pen, surface: pygame.Surface, text: str, area: pygame.Rect) -> None:
    """The result, in an accent banner along the top of ``area``."""
    font = pen.font(30, bold=True)
    rect = pygame.Rect(area.left, area.top, area.width, over_height(pen))
    pygame.draw.rect(surface, pen.theme.accent, rect, border_radius=pen.px(6))
    pen.text(surface, text, font, pen.theme.accent_text, rect.centerx,
             rect.top + pen.px(8), rect.width - pen.px(24), "center")


def track_row_height(pen: Pen) -> int:
    """The height of one track's row, the space under it included."""
    return pen.font(30, bold=True).get_linesize() + pen.px(12) + pen.px(18)


def track_rows(pen: Pen, tracks: Sequence[TrackView], focus: str | None,
               area: pygame.Rect) -> list[tuple[TrackView, bool, int]]:
    """The tracks shown in ``area``, each with whether it is focused and its row's top:
    as many as fit, from early enough that the focused one is among them."""
    if not tracks:
        return []
    focused = focus if any(t.key == focus for t in tracks) else tracks[0].key
    row_h = track_row_height(pen)
    fits = max(1, (area.height + pen.px(4)) // row_h)
    index = next(i for i, t in enumerate(tracks) if t.key == focused)
    first = max(0, index - fits + 1)
    rows = []
    y = area.top
    for track in tracks[first:]:
        if y + row_h > area.bottom + pen.px(4):
            break
        rows.append((track, track.key == focused, y))
        y += row_h
    return rows


def draw_track(pen: Pen, surface: pygame.Surface, track: TrackView, is_focused: bool, y: int,
               area: pygame.Rect) -> None:
    """One track's row at ``y`` across ``area``: label, value and maximum over a bar; the
    focused one framed, with - and + around its value for a finger or the mouse."""
    theme = pen.theme
    label_font = pen.font(22)
    value_font = pen.font(30, bold=True)
    bar_h = pen.px(12)
    row_h = track_row_height(pen)
    inset = pen.px(8)
    row = pygame.Rect(area.left, y, area.width, row_h - pen.px(6))
    if is_focused:
        pen.card(surface, row, theme.card, theme.accent, pen.px(3), pen.px(6), theme.background)
    value = f"{track.value}"
    maximum = f"/{track.high}"
    text_top = y + inset
    right = row.right - inset
    if is_focused:  # - and + around its value, for a finger or the mouse
        side = value_font.get_ascent()
        plus = pygame.Rect(right - side, text_top + pen.px(2), side, side)
        right = plus.left - pen.px(6)
        steppers = [_draw_stepper(pen, surface, plus, "+", (track.key, 1))]
    ground = theme.card if is_focused else theme.background  # under the texts, all three
    max_rect = pen.text(surface, maximum, label_font, theme.muted, right,
                        text_top + value_font.get_ascent() - label_font.get_ascent(),
                        row.width // 3, "right", ground)
    value_rect = pen.text(surface, value, value_font,
                          theme.accent if is_focused else theme.text,
                          max_rect.left - pen.px(2), text_top, row.width // 3, "right", ground)
    label_right = value_rect.left
    if is_focused:
        minus = plus.copy()
        minus.right = value_rect.left - pen.px(6)
        label_right = minus.left
        steppers.append(_draw_stepper(pen, surface, minus, "−", (track.key, -1)))
    label_w = label_right - row.left - inset - pen.px(8)
    row_font = pen.fitting([track.label], (22, 18, 16, 14), label_w)
    label_y = text_top + value_font.get_ascent() - row_font.get_ascent()
    pen.text(surface, track.label, row_font, theme.text, row.left + inset, label_y, label_w,
             ground=ground)
    bar = pygame.Rect(row.left + inset, y + inset + value_font.get_linesize() + pen.px(2),
                      row.width - 2 * inset, bar_h)
    span = max(1, track.high - track.low)
    pen.region(row, ("focus", track.key), ("turn", track.key), max(pen.px(10), bar.width // span))
    if is_focused:  # the steppers above the row's own region: they win a tap
        pen.regions += steppers
    pygame.draw.rect(surface, theme.bar_back, bar, border_radius=pen.px(3))
    share = max(0.0, min(1.0, (track.value - track.low) / span))
    if share > 0:
        filled = pygame.Rect(bar.left, bar.top, max(1, round(bar.width * share)), bar.height)
        pygame.draw.rect(surface, theme.accent if is_focused else theme.bar, filled,
                         border_radius=pen.px(3))


def _draw_stepper(pen: Pen, surface: pygame.Surface, chip: pygame.Rect, text: str,
                  turn: tuple[str, int]) -> HitRegion:
    """Draw a - or + chip; returns its region (a little larger, for a finger)."""
    theme = pen.theme
    font = pen.font(22, bold=True)
    pen.card(surface, chip, theme.bar_back, theme.accent, max(1, pen.px(2)), pen.px(5), theme.card)
    pen.text(surface, text, font, theme.accent, chip.centerx,
               chip.centery - font.get_linesize() // 2, chip.width, "center")
    grown = chip.inflate(pen.px(8), pen.px(12))
    return HitRegion((grown.x, grown.y, grown.width, grown.height), ("turn", *turn))


def draw_facts(pen: Pen, surface: pygame.Surface, facts: Sequence[tuple[str, str]],
                area: pygame.Rect) -> None:
    """The key numbers as ``label  value`` rows."""
    theme = pen.theme
    font = pen.font(22)
    bold = pen.font(22, bold=True)
    inset = pen.px(8)
    y = area.top
    for label, value in facts:
        if y + font.get_linesize() > area.bottom:
            break
        rect = pen.text(surface, value, bold, theme.text, area.right - inset, y,
                          area.width // 2, "right")
        label_w = rect.left - area.left - inset - pen.px(8)
        pen.text(surface, label, pen.fitting([label], (22, 18, 16), label_w), theme.muted,
                   area.left + inset, y, label_w)
        y += font.get_linesize() + pen.px(4)


#: The most lines the step asked now takes in the steps' column.
NOW_LINES = 6


def draw_steps(pen: Pen, surface: pygame.Surface, game: GameView, area: pygame.Rect) -> None:
    """The procedure's steps: the current one whole in an accent block, the others in a
    smaller type, as many whole steps around it as fit (none is drawn cut)."""
    theme = pen.theme
    title = screen_phase(game) or "Procedure"
    if pen.measure(pen.font(18, bold=True))(title) > area.width:
        title = game.phase
    title_font = pen.fitting([title], (22, 18), area.width, bold=True)
    y = area.top
    if game.step and not game.steps:
        pen.text(surface, "Now", title_font, theme.muted, area.left, y, area.width)
        y += title_font.get_linesize() + pen.px(4)
        bold = pen.wrapping([game.step], (22, 20, 18), area.width, 6, bold=True)
        for line in pen.lines(game.step, bold, area.width, 6):
            pen.text(surface, line, bold, theme.accent, area.left, y, area.width)
            y += bold.get_linesize()
        return
    if not game.steps:
        return
    pen.text(surface, title, title_font, theme.muted, area.left, y, area.width,
             ground=theme.background)
    y += title_font.get_linesize() + pen.px(4)
    mark_w = pen.px(30)
    text_w = area.width - mark_w
    current = next((i for i, (_, status) in enumerate(game.steps) if status == "current"), 0)
    now = game.step or game.steps[current][0]
    # The step asked now is drawn whole: in a smaller type, on more lines, before it is cut
    # (Myth's setup steps in its narrow column beside the map).
    bold = pen.wrapping([now], (22, 20, 18, 16), text_w - pen.px(8), NOW_LINES, bold=True)
    font = pen.font(20)

    def lines_of(index: int) -> list[str]:
        text, status = game.steps[index]
        if status == "current":
            return pen.lines(now, bold, text_w - pen.px(8), NOW_LINES)
        return pen.lines(text, font, text_w, 3)

    def height(index: int) -> int:
        line_h = bold.get_linesize() if game.steps[index][1] == "current" else font.get_linesize()
        return len(lines_of(index)) * line_h + (pen.px(14) if game.steps[index][1] == "current"
                                                else pen.px(6))

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
            block_h = len(lines) * line_h + pen.px(8)
            if y + block_h > area.bottom:
                break
            block = pygame.Rect(area.left, y, area.width, block_h)
            pygame.draw.rect(surface, theme.accent, block, border_radius=pen.px(6))
            _mark(pen, surface, "current", block.left + pen.px(6), y + pen.px(4), line_h,
                       theme.accent_text)
            for i, line in enumerate(lines):
                pen.text(surface, line, bold, theme.accent_text, area.left + mark_w,
                         y + pen.px(4) + i * line_h, text_w - pen.px(8), ground=theme.accent)
            y += block_h + pen.px(6)
            continue
        line_h = font.get_linesize()
        if y + len(lines) * line_h > area.bottom:
            break  # a step is drawn whole or not at all
        color = theme.muted if status == "done" else theme.text
        _mark(pen, surface, status, area.left + pen.px(6), y, line_h,
                   theme.done if status == "done" else theme.muted)
        for line in lines:
            pen.text(surface, line, font, color, area.left + mark_w, y, text_w, ground=theme.background)
            y += line_h
        y += pen.px(6)


def _mark(pen: Pen, surface: pygame.Surface, status: str, x: int, y: int, line_h: int,
          color: Color) -> None:
    """A step's status mark drawn as shapes: a tick, an arrow or a ring."""
    size = pen.px(14)
    top = y + (line_h - size) // 2
    if status == "done":
        points = [(x, top + size // 2), (x + size // 3, top + size),
                  (x + size, top + pen.px(1))]
        pygame.draw.lines(surface, color, False, points, max(2, pen.px(3)))
    elif status == "current":
        points = [(x, top), (x + size, top + size // 2), (x, top + size)]
        pygame.draw.polygon(surface, color, points)
    else:
        pygame.draw.circle(surface, color, (x + size // 2, top + size // 2), size // 2,
                           max(1, pen.px(2)))
