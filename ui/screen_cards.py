"""The game's panels on the screen: cards flowing down columns, smaller type before a cut.

Laid out first (:func:`lay_out_cards`), so the screen draws again only the cards that changed."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from games.core.views import DiceSlot, Panel
from ui.screen_dice import dice_height, draw_dice
from ui.screen_pen import Pen
from ui.text import ELLIPSIS


@dataclass(frozen=True)
class Card:
    """One panel laid out as a card: where it goes, its lines wrapped, and their type size
    (the title is two sizes larger, bold); ``cut`` when it was shortened to fit."""

    rect: tuple[int, int, int, int]
    title: tuple[str, ...]
    lines: tuple[str, ...]
    size: int
    dice: tuple[DiceSlot, ...] = ()
    cut: bool = False


def lay_out_cards(pen: Pen, panels: Sequence[Panel], area: pygame.Rect) -> list[Card]:
    """Cards flowing down a column and on to the next; as many columns as fit.

    A card's lines wrap (up to three lines each); when the cards do not all
    fit, a smaller type is tried first, and only then is a card shortened to
    the lines that fit, ending with how many are left out (the last column's
    last card too, while a line of it and that count fit).
    """
    gap = pen.px(10)
    min_card_w = pen.px(240)
    columns = max(1, min(len(panels), (area.width + gap) // (min_card_w + gap)))
    card_w = (area.width - gap * (columns - 1)) // columns
    inset = pen.px(8)
    width = card_w - 2 * inset
    for size in (20, 18, 16):
        if _cards_fit(pen, panels, size, width, area, columns, gap):
            break
    font, title_font = pen.font(size), pen.font(size + 2, bold=True)
    laid: list[Card] = []
    column, y = 0, area.top
    for panel in panels:
        title, dice = pen.lines(panel.title, title_font, width, 2), panel.dice
        if (column + 1 >= columns and y > area.top
                and _lines_in(pen, title, dice, size, area.bottom - y) < min(2, len(panel.lines))):
            break  # as below, known before its texts are wrapped (each is a line at least)
        lines = _body(pen, panel, font, width)
        card_h = _card_height(pen, title, lines, dice, size)
        if y + card_h > area.bottom and y > area.top and column + 1 < columns:
            column, y = column + 1, area.top
        room = area.bottom - y
        cut = False
        if card_h > room:  # shorten the card to the lines that fit
            fits = _lines_in(pen, title, dice, size, room)
            if fits < min(2, len(lines)) and y > area.top:
                break  # not even a line of it (and how many more) would show: the column is full
            if fits < len(lines):
                lines = lines[: max(0, fits - 1)] + [f"{ELLIPSIS} {len(lines) - fits + 1} more lines"]
                lines, cut = lines[:fits], True
            card_h = _card_height(pen, title, lines, dice, size)
        x = area.left + column * (card_w + gap)
        laid.append(Card((x, y, card_w, card_h), tuple(title), tuple(lines), size, dice, cut))
        y += card_h + gap
    return laid


def whole_cards(pen: Pen, panels: Sequence[Panel], area: pygame.Rect) -> int:
    """How many of ``panels``, from the first, ``area`` shows whole (none cut, none left out)."""
    laid = lay_out_cards(pen, panels, area)
    return next((i for i, card in enumerate(laid) if card.cut), len(laid))


def _body(pen: Pen, panel: Panel, font: pygame.font.Font, width: int) -> list[str]:
    """A panel's lines wrapped to ``width`` (each text a line at least), remembered."""
    return list(pen.remembered(("body", panel.lines, font, width), lambda: tuple(
        line for text in panel.lines for line in (pen.lines(text, font, width, 3) or [""]))))


def _lines_in(pen: Pen, title: list[str], dice: Sequence[DiceSlot], size: int, room: int) -> int:
    """How many lines of a card's body fit in ``room`` under its title and dice."""
    return max(0, (room - len(title) * pen.font(size + 2, bold=True).get_linesize()
                   - dice_height(pen, dice, size) - 2 * pen.px(8)) // pen.font(size).get_linesize())


def _card_height(pen: Pen, title: Sequence[str], lines: Sequence[str], dice: Sequence[DiceSlot],
                 size: int) -> int:
    return (len(title) * pen.font(size + 2, bold=True).get_linesize() + dice_height(pen, dice, size)
            + len(lines) * pen.font(size).get_linesize() + 2 * pen.px(8))


def _cards_fit(pen: Pen, panels: Sequence[Panel], size: int, width: int, area: pygame.Rect,
               columns: int, gap: int) -> bool:
    """True when every card fits whole, flowing down the columns. A card that would not fit
    at a line a text does not fit wrapped either: its texts are not wrapped in this size."""
    font, title_font = pen.font(size), pen.font(size + 2, bold=True)
    column, y = 0, area.top
    for panel in panels:
        title = pen.lines(panel.title, title_font, width, 2)
        if _placed(column, y, _card_height(pen, title, panel.lines, panel.dice, size), area, columns) is None:
            return False
        card_h = _card_height(pen, title, _body(pen, panel, font, width), panel.dice, size)
        place = _placed(column, y, card_h, area, columns)
        if place is None:
            return False
        column, y = place[0], place[1] + card_h + gap
    return True


def _placed(column: int, y: int, card_h: int, area: pygame.Rect, columns: int) -> tuple[int, int] | None:
    """Where a card ``card_h`` tall goes from ``y`` in ``column``: there, else at the next
    column's top; None when it does not fit there either."""
    if y + card_h > area.bottom and y > area.top:
        column, y = column + 1, area.top
    return None if column >= columns or y + card_h > area.bottom else (column, y)


def draw_card(pen: Pen, surface: pygame.Surface, card: Card) -> None:
    theme = pen.theme
    font, title_font = pen.font(card.size), pen.font(card.size + 2, bold=True)
    inset = pen.px(8)
    rect = pygame.Rect(card.rect)
    pen.card(surface, rect, theme.card, theme.border, max(1, pen.px(1)), pen.px(6), theme.background)
    ty = rect.top + inset
    for line in card.title:
        pen.text(surface, line, title_font, theme.accent, rect.left + inset, ty, rect.width - 2 * inset,
                 ground=theme.card)
        ty += title_font.get_linesize()
    if card.dice:
        draw_dice(pen, surface, card.dice, rect.left + inset, ty, rect.width - 2 * inset, card.size)
        ty += dice_height(pen, card.dice, card.size)
    for line in card.lines:
        pen.text(surface, line, font, theme.text, rect.left + inset, ty, rect.width - 2 * inset,
                 ground=theme.card)
        ty += font.get_linesize()
