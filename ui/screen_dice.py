"""Dice slots on the screen: a track's slots side by side, each with its die's face in pips.

Drawn for a panel's ``dice`` (Kreel's Action Power Track: slots '1' to '3',
the Action above each, its Power Die and Present Power), in place of lines
of text that a narrow card would cut.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from games.core.views import DiceSlot
from ui.screen_pen import Pen

#: Where a face's pips sit, as (column, row) of a 3x3 grid.
PIPS: dict[int, tuple[tuple[int, int], ...]] = {
    1: ((1, 1),),
    2: ((0, 0), (2, 2)),
    3: ((0, 0), (1, 1), (2, 2)),
    4: ((0, 0), (2, 0), (0, 2), (2, 2)),
    5: ((0, 0), (2, 0), (1, 1), (0, 2), (2, 2)),
    6: ((0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2)),
}


def _note_sizes(size: int) -> tuple[int, ...]:
    return (size - 2, size - 4, 12)


def dice_height(pen: Pen, dice: Sequence[DiceSlot], size: int) -> int:
    """The height of a row of ``dice`` slots in type ``size``, the space under it included
    (0 without slots)."""
    if not dice:
        return 0
    notes = max(len(slot.notes) for slot in dice)
    return (pen.px(4) + pen.font(size + 2, bold=True).get_linesize() + pen.font(size).get_linesize()
            + pen.px(2) + pen.px(30) + pen.px(2) + notes * pen.font(_note_sizes(size)[0]).get_linesize()
            + pen.px(4) + pen.px(6))


def draw_dice(pen: Pen, surface: pygame.Surface, dice: Sequence[DiceSlot], x: int, y: int, width: int,
              size: int) -> None:
    """The slots side by side from (``x``, ``y``) across ``width``: each its label, what
    stands in it, its die and its notes, centred."""
    theme = pen.theme
    gap = pen.px(6)
    slot_w = (width - gap * (len(dice) - 1)) // len(dice)
    label_font, font = pen.font(size + 2, bold=True), pen.font(size)
    box_h = dice_height(pen, dice, size) - pen.px(6)
    for index, slot in enumerate(dice):
        box = pygame.Rect(x + index * (slot_w + gap), y, slot_w, box_h)
        pygame.draw.rect(surface, theme.bar_back, box, border_radius=pen.px(6))
        room = slot_w - pen.px(6)
        top = box.top + pen.px(4)
        pen.text(surface, slot.label, label_font, theme.accent, box.centerx, top, room, "center")
        top += label_font.get_linesize()
        name_font = pen.fitting([slot.name], (size, size - 2, size - 4, 12), room)
        pen.text(surface, slot.name, name_font, theme.text, box.centerx,
                 top + (font.get_linesize() - name_font.get_linesize()) // 2, room, "center")
        top += font.get_linesize() + pen.px(2)
        die = pygame.Rect(0, top, pen.px(30), pen.px(30))
        die.centerx = box.centerx
        _draw_die(pen, surface, die, slot.pips)
        top = die.bottom + pen.px(2)
        line_h = pen.font(_note_sizes(size)[0]).get_linesize()
        for note in slot.notes:
            note_font = pen.fitting([note], _note_sizes(size), room)
            pen.text(surface, note, note_font, theme.text if note is slot.notes[0] else theme.muted,
                     box.centerx, top + (line_h - note_font.get_linesize()) // 2, room, "center")
            top += line_h


def _draw_die(pen: Pen, surface: pygame.Surface, die: pygame.Rect, pips: int) -> None:
    """A die showing ``pips`` (a light face, dark pips); without a die (0), its empty place."""
    theme = pen.theme
    radius = pen.px(5)
    if pips not in PIPS:
        pygame.draw.rect(surface, theme.border, die, width=max(1, pen.px(2)), border_radius=radius)
        return
    pygame.draw.rect(surface, theme.text, die, border_radius=radius)
    step = die.width / 4
    for column, row in PIPS[pips]:
        centre = (round(die.left + step * (column + 1)), round(die.top + step * (row + 1)))
        pygame.draw.circle(surface, theme.card, centre, max(2, round(die.width / 10)))
