"""The screen's pictures of numbers: the values per round as a line plot, and the map grid."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from ui.screen_pen import Pen


def draw_plot(pen: Pen, surface: pygame.Surface, series: Sequence[tuple[str, Sequence[int]]],
               area: pygame.Rect) -> None:
    """Values per round as lines on one scale; a legend on top, min and max on the left."""
    theme = pen.theme
    font = pen.font(18)
    bold = pen.font(18, bold=True)
    inset = pen.px(8)
    pen.card(surface, area, theme.card, theme.border, max(1, pen.px(1)), pen.px(6), theme.background)
    # The legend: each series' name and last value, on as many rows as they need.
    x, legend_y = area.left + inset, area.top + inset // 2
    for index, (name, values) in enumerate(series):
        color = theme.plot[index % len(theme.plot)]
        text = f"{name} {values[-1]}" if values else name
        if x > area.left + inset and x + pen.measure(bold)(text) > area.right - inset:
            x, legend_y = area.left + inset, legend_y + bold.get_linesize()
        rect = pen.text(surface, text, bold, color, x, legend_y, area.right - inset - x,
                        ground=theme.card)
        x = rect.right + pen.px(14)
    values = [v for _, vs in series for v in vs]
    if not values:
        return
    low, high = min(values), max(values)
    if low == high:
        low, high = low - 1, high + 1
    label_w = max(pen.measure(font)(str(low)), pen.measure(font)(str(high))) + pen.px(6)
    plot = pygame.Rect(area.left + inset + label_w, legend_y + bold.get_linesize() + inset // 2,
                       0, 0)
    plot.width = area.right - inset - plot.left
    plot.height = area.bottom - inset - plot.top
    if plot.width < pen.px(20) or plot.height < pen.px(20):
        return
    for value, y in ((high, plot.top), (low, plot.bottom)):
        pen.rule(surface, theme.border, plot.left, plot.right, y, max(1, pen.px(1)))
        pen.text(surface, str(value), font, theme.muted, plot.left - pen.px(6),
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
            pygame.draw.lines(surface, color, False, points, max(2, pen.px(3)))
        if points:
            pygame.draw.circle(surface, color, points[-1], pen.px(5))


@dataclass(frozen=True)
class _Cells:
    """How the map's cells are laid out in its card."""

    card: pygame.Rect
    cell_w: int
    cell_h: int
    shift: float  # the even rows' half cell, on a hex map in offset rows


def _cells(pen: Pen, grid: Sequence[Sequence[str]], area: pygame.Rect, offset_rows: bool) -> _Cells | None:
    """The map's card at the top of ``area`` and its cells, or None when there is no map
    or its cells would be too small to read."""
    inset = pen.px(8)
    cols = max((len(row) for row in grid), default=0)
    if not cols:
        return None
    gap = pen.px(4)
    # Labels on two lines (an area over what is there) get a taller card; it leaves a
    # third of the column to the panels under it (Myth's Action decks, whole at 800x480).
    share = 0.55 if _label_lines(grid) == 1 else 0.64
    room_h = round(area.height * share) - 2 * inset
    # Cells may be wider than tall, so labels such as "C2" stay legible on a short card.
    shift = 0.5 if offset_rows and len(grid) > 1 else 0
    cell_w = min(pen.px(64), int((area.width - 2 * inset - gap * (cols - 1)) / (cols + shift)))
    cell_h = min(pen.px(48), cell_w, (room_h - gap * (len(grid) - 1)) // max(1, len(grid)))
    if cell_h < pen.px(12):
        return None
    height = len(grid) * (cell_h + gap) - gap + 2 * inset
    return _Cells(pygame.Rect(area.left, area.top, area.width, height), cell_w, cell_h, shift)


def _label_lines(grid: Sequence[Sequence[str]]) -> int:
    """The most lines a cell's label has ("D1\n1m o" is two: the area, then what is there)."""
    return max((label.count("\n") + 1 for row in grid for label in row if label), default=1)


def _line_step(pen: Pen, font: pygame.font.Font) -> int:
    """From one line of a cell's label to the next: the letters' height and a pixel, not
    the font's whole line (its descent is room the labels' letters and digits never use)."""
    return font.get_ascent() + pen.px(1)


def grid_bottom(pen: Pen, grid: Sequence[Sequence[str]], area: pygame.Rect, offset_rows: bool = False) -> int:
    """The y below the map's card drawn at the top of ``area`` (its top when none is drawn)."""
    cells = _cells(pen, grid, area, offset_rows)
    return area.top if cells is None else cells.card.bottom


def draw_grid(pen: Pen, surface: pygame.Surface, grid: Sequence[Sequence[str]],
              area: pygame.Rect, offset_rows: bool = False) -> None:
    """The map as a grid of square cells; the party's cell (``*``) in the accent colour.
    A label of two lines ("D1\n1m o") is drawn as two centred lines, all labels in one
    font as large as the widest line and the cell's height allow.

    ``offset_rows``: a hex map in offset rows, each odd row half a cell to
    the left of the even rows (the even rows are drawn half a cell in).
    """
    cells = _cells(pen, grid, area, offset_rows)
    if cells is None:
        return
    theme = pen.theme
    inset = pen.px(8)
    gap = pen.px(4)
    card, cell_w, cell_h = cells.card, cells.cell_w, cells.cell_h
    lines = [line for row in grid for label in row if label for line in label.removeprefix("*").split("\n")]
    per_cell = _label_lines(grid)
    top_size = max(10, cell_h * 0.5 / pen.unit)
    sizes = [top_size * f for f in (1, 0.85, 0.72, 0.6, 0.5)]
    tall_enough = [size for size in sizes if per_cell * _line_step(pen, pen.font(size, True)) <= cell_h]
    font = pen.fitting(lines, tall_enough or sizes[-1:], cell_w - pen.px(4), bold=True)
    step = _line_step(pen, font)
    pen.card(surface, card, theme.card, theme.border, max(1, pen.px(1)), pen.px(6), theme.background)
    top = card.top + inset  # no title: the cells say what it is, and their rows need the room
    # The cells drawn, centred in the card (a board's last column may hold no area).
    xs = [round(cells.shift * (cell_w + gap)) * (r % 2 == 0) + c * (cell_w + gap)
          for r, row in enumerate(grid) for c, label in enumerate(row) if label]
    left = card.left + max(inset, (card.width - (max(xs) + cell_w - min(xs))) // 2) - min(xs)
    for r, row in enumerate(grid):
        for c, label in enumerate(row):
            if not label:
                continue
            here = label.startswith("*")
            half = round(cells.shift * (cell_w + gap)) if r % 2 == 0 else 0
            rect = pygame.Rect(left + half + c * (cell_w + gap),
                               top + r * (cell_h + gap), cell_w, cell_h)
            pygame.draw.rect(surface, theme.accent if here else theme.bar_back, rect,
                             border_radius=pen.px(4))
            texts = label.removeprefix("*").split("\n")
            color = theme.accent_text if here else theme.text
            y = rect.centery - font.get_linesize() // 2 - (len(texts) - 1) * step // 2
            for text in texts:
                pen.text(surface, text, font, color, rect.centerx, y, cell_w - pen.px(2), "center")
                y += step
