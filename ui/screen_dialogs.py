"""What covers the game on the screen: menus, forms, history, help and messages.

Each is a centred dialog over a shade, with its buttons (a tap on OK presses
``select``, on Cancel or Close ``back``) and the regions a touch may act on;
what is under the shade is out of reach.
"""

from __future__ import annotations

import string
from collections.abc import Callable, Sequence
from functools import partial

import pygame

from ui.hits import BACK, SELECT, HitRegion, Target
from ui.model import Form, Frame, Menu, Message
from ui.screen_pen import Pen
from ui.screen_theme import Color

#: A dialog button's size, designed at 480 rows: about a fingertip on a 7" panel.
BUTTON_W, BUTTON_H = 132, 44


def overlay(pen: Pen, frame: Frame) -> Callable[[pygame.Surface], None] | None:
    """What covers the game in ``frame`` (a menu, a form, the history or help), as a drawing."""
    # OK confirms as select does; Cancel closes as back does, drawn only over a
    # game (before one is chosen, closing the game list leaves nothing to tap).
    confirm = (("Cancel", BACK), ("OK", SELECT)) if frame.game else (("OK", SELECT),)
    close = (("Close", BACK),)
    if frame.menu is not None:
        menu = frame.menu
        return lambda s: draw_list(pen, s, menu, confirm)
    if frame.form is not None:
        form = frame.form
        return lambda s: draw_form(pen, s, form, confirm)
    if frame.history is not None:
        history = frame.history
        return lambda s: draw_list(pen, s, history, close)
    if frame.help is not None:
        rows, about = frame.help, frame.about
        return lambda s: draw_help(pen, s, rows, close, about)
    return None


def shade(pen: Pen, surface: pygame.Surface) -> None:
    """Dim the whole surface: what is drawn over it stands out, what is under is out of reach.

    The veil is made once per pen and kept (a screen's worth of pixels): making it again
    took a third of the blit's cost each time, and a page-faulting new 1.5 MB surface on the
    first dialog of a session."""
    surface.blit(pen.remembered(("veil", pen.size, pen.theme.shade), partial(_veil, pen)), (0, 0))


#: Every font a dialog draws in (size, bold), for :func:`prepare`.
DIALOG_FONTS = ((26, True), (22, True), (18, True), (28, True), (24, False), (22, False), (20, False),
                (18, False))


def prepare(pen: Pen) -> None:
    """Make what the first dialog would otherwise make inside a press: its fonts, each with
    the glyphs of printable ASCII rendered (FreeType rasterizes a glyph at its first use:
    most of a first menu's 3.5-4 ms, against 1.2-1.4 ms once done), and the veil. About
    12 ms once, done at idle (after READY)."""
    for size, bold in DIALOG_FONTS:
        pen.font(size, bold).render(string.printable.strip(), True, pen.theme.text)
    shade(pen, pygame.Surface(pen.size, 0, pen.surface))


def _veil(pen: Pen) -> pygame.Surface:
    veil = pygame.Surface(pen.size, pygame.SRCALPHA)
    veil.fill(pen.theme.shade)
    return veil


def _dialog_width(pen: Pen) -> int:
    return min(pen.size[0] - pen.px(40), max(pen.px(560), pen.size[0] // 2))


def _button_bar(pen: Pen, buttons: Sequence[tuple[str, Target]]) -> int:
    """The height a dialog's row of ``buttons`` takes at its foot."""
    return pen.px(BUTTON_H) + pen.px(16) if buttons else 0


def _dialog(pen: Pen, surface: pygame.Surface, title: str, rows: int, row_h: int,
            accent: Color | None = None, buttons: Sequence[tuple[str, Target]] = (),
            tap: Target | None = None, wheel: Target | None = None,
            ) -> tuple[pygame.Rect, int, int]:
    """A centred dialog box with a title and a row of ``buttons`` (label, target) at its foot.

    ``tap`` is what a tap anywhere on the box means and ``wheel`` what the
    mouse wheel over it turns (below its rows and buttons). Returns the
    box, the y of its first row and the y its rows end above.
    """
    theme = pen.theme
    title_font = pen.font(26, bold=True)
    bar = _button_bar(pen, buttons)
    width = _dialog_width(pen)
    height = title_font.get_linesize() + rows * row_h + pen.px(40) + bar
    height = min(height, pen.size[1] - pen.px(24))
    box = pygame.Rect(0, 0, width, height)
    box.center = (pen.size[0] // 2, pen.size[1] // 2)
    pygame.draw.rect(surface, theme.card, box, border_radius=pen.px(10))
    pygame.draw.rect(surface, accent or theme.accent, box, width=pen.px(3),
                     border_radius=pen.px(10))
    pad = pen.px(16)
    title_font = pen.fitting([title], (26, 22, 18), box.width - 2 * pad, bold=True)
    pen.text(surface, title, title_font, theme.text, box.left + pad, box.top + pad,
               box.width - 2 * pad)
    if tap is not None or wheel is not None:
        pen.region(box, tap, wheel=wheel)
    _draw_buttons(pen, surface, box, buttons)
    return box, box.top + pad + title_font.get_linesize() + pen.px(8), box.bottom - bar


def _draw_buttons(pen: Pen, surface: pygame.Surface, box: pygame.Rect,
                  buttons: Sequence[tuple[str, Target]]) -> None:
    """The buttons right-aligned along the foot of ``box``; OK (``select``) filled."""
    theme = pen.theme
    font = pen.font(22, bold=True)
    pad, gap = pen.px(16), pen.px(12)
    rect = pygame.Rect(0, 0, pen.px(BUTTON_W), pen.px(BUTTON_H))
    rect.bottomright = (box.right - pad, box.bottom - pad)
    rect.x -= (len(buttons) - 1) * (rect.width + gap)
    for label, target in buttons:
        primary = target == SELECT
        radius = pen.px(8)
        pygame.draw.rect(surface, theme.accent if primary else theme.bar_back, rect,
                         border_radius=radius)
        pygame.draw.rect(surface, theme.accent if primary else theme.border, rect,
                         width=max(1, pen.px(2)), border_radius=radius)
        pen.text(surface, label, font, theme.accent_text if primary else theme.text,
                   rect.centerx, rect.centery - font.get_linesize() // 2,
                   rect.width - pen.px(8), "center")
        pen.region(rect.inflate(gap, gap), target)
        rect.x += rect.width + gap


def draw_list(pen: Pen, surface: pygame.Surface, menu: Menu,
               buttons: Sequence[tuple[str, Target]] = ()) -> None:
    theme = pen.theme
    font = pen.font(24)
    row_h = font.get_linesize() + pen.px(8)
    max_rows = max(1, (pen.size[1] - pen.px(160) - _button_bar(pen, buttons)) // row_h)
    rows = min(len(menu.items), max_rows)
    box, y, _ = _dialog(pen, surface, menu.title, max(rows, 1), row_h, buttons=buttons,
                             wheel=("scroll",))
    pad = pen.px(16)
    if not menu.items:
        return
    cursor = max(0, min(menu.cursor, len(menu.items) - 1))
    first = 0 if len(menu.items) <= rows else max(0, min(cursor - rows // 2,
                                                         len(menu.items) - rows))
    for index in range(first, first + rows):
        row = pygame.Rect(box.left + pad // 2, y, box.width - pad, row_h)
        selected = index == cursor
        if selected:
            pygame.draw.rect(surface, theme.accent, row, border_radius=pen.px(6))
        pen.region(row, ("menu", index))
        item_w = row.width - pad - pen.px(24)
        item_font = pen.fitting([menu.items[index]], (24, 20, 18), item_w)
        color = theme.accent_text if selected else theme.muted if index in menu.marked else theme.text
        pen.text(surface, menu.items[index], item_font, color, row.left + pad // 2,
                   y + pen.px(4) + (font.get_linesize() - item_font.get_linesize()) // 2, item_w)
        y += row_h
    arrow_x = box.right - pad - pen.px(8)
    size = pen.px(8)
    top_y = box.top + pad + pen.px(40)
    if first > 0:
        pygame.draw.polygon(surface, theme.muted, [(arrow_x - size, top_y + size),
                                                   (arrow_x + size, top_y + size),
                                                   (arrow_x, top_y)])
    if first + rows < len(menu.items):
        bottom_y = y - pen.px(4)
        pygame.draw.polygon(surface, theme.muted, [(arrow_x - size, bottom_y - size),
                                                   (arrow_x + size, bottom_y - size),
                                                   (arrow_x, bottom_y)])


def draw_form(pen: Pen, surface: pygame.Surface, form: Form,
               buttons: Sequence[tuple[str, Target]] = ()) -> None:
    """The fields as rows, scrolled to keep the focused one in view, then the hint."""
    theme = pen.theme
    font = pen.font(24)
    hint_font = pen.font(20)
    value_font = pen.font(28, bold=True)
    row_h = value_font.get_linesize() + pen.px(8)
    pad = pen.px(16)
    # A form of no fields (a confirmation, a roll) is its text: wrapped whole, not cut.
    said = (pen.lines(form.hint, hint_font, _dialog_width(pen) - 2 * pad, 4)
            if form.hint and not form.fields else [])
    rows = len(form.fields) + (1 if form.hint else 0)
    if said:
        rows = -(-(len(said) * hint_font.get_linesize() + pen.px(6)) // row_h)
    box, y, bottom = _dialog(pen, surface, form.title, max(1, rows), row_h, buttons=buttons)
    if said:
        y += pen.px(6)
        for line in said:
            pen.text(surface, line, hint_font, theme.muted, box.left + pad, y, box.width - 2 * pad)
            y += hint_font.get_linesize()
        return
    label_w = (box.width - 2 * pad) * 3 // 5
    hint_h = hint_font.get_linesize() + pen.px(6)
    fit = max(1, (bottom - pad - y) // row_h)
    if len(form.fields) > fit:  # room for the line that says which fields are shown
        fit = max(1, (bottom - pad - y - hint_h) // row_h)
    focused = next((i for i, f in enumerate(form.fields) if f.focused), 0)
    first = max(0, min(focused - fit // 2, len(form.fields) - fit))
    shown = range(first, min(len(form.fields), first + fit))
    for index in shown:
        field = form.fields[index]
        row = pygame.Rect(box.left + pad // 2, y, box.width - pad, row_h)
        pen.region(row, ("field", index), ("field_turn", index), pen.px(24))
        if field.focused:
            pygame.draw.rect(surface, theme.accent, row, border_radius=pen.px(6))
        color = theme.accent_text if field.focused else theme.text
        text_y = y + (row_h - font.get_linesize()) // 2
        label_font = pen.fitting([field.label], (24, 20, 18), label_w)
        pen.text(surface, field.label, label_font, color, row.left + pad // 2,
                   text_y + (font.get_linesize() - label_font.get_linesize()) // 2, label_w)
        pen.text(surface, field.value, value_font, color, row.right - pad // 2,
                   y + pen.px(4), row.width - label_w - pad, "right")
        y += row_h
    hint = form.hint
    if len(shown) < len(form.fields):
        where = f"Fields {shown.start + 1}–{shown.stop} of {len(form.fields)}"
        hint = f"{where} · {hint}" if hint else where
    if hint and y + hint_font.get_linesize() <= bottom - pad // 2:
        pen.text(surface, hint, hint_font, theme.muted, box.left + pad, y + pen.px(6),
                   box.width - 2 * pad)


def draw_help(pen: Pen, surface: pygame.Surface, rows: Sequence[tuple[str, str]],
               buttons: Sequence[tuple[str, Target]] = (), about: str = "") -> None:
    """The controls, under what is asked now in full (``about``) when there is something."""
    theme = pen.theme
    font = pen.font(22)
    bold = pen.font(22, bold=True)
    row_h = font.get_linesize() + pen.px(4)
    about_lines = pen.lines(about, bold, _dialog_width(pen) - pen.px(32), 3) if about else []
    max_rows = max(1, (pen.size[1] - pen.px(140) - _button_bar(pen, buttons)) // row_h
                   - len(about_lines))
    shown = list(rows[:max_rows])
    # A tap anywhere on it closes it, as any press does.
    box, y, _ = _dialog(pen, surface, "Controls", max(1, len(shown) + len(about_lines)), row_h,
                             buttons=buttons, tap=("help",))
    pad = pen.px(16)
    for line in about_lines:
        pen.text(surface, line, bold, theme.accent, box.left + pad, y, box.width - 2 * pad)
        y += row_h
    control_w = min(max((bold.size(c)[0] for c, _ in shown), default=0),
                    (box.width - 2 * pad) // 2)
    for control, action in shown:
        pen.text(surface, control, bold, theme.accent, box.left + pad, y, control_w)
        x = box.left + pad + control_w + pen.px(16)
        pen.text(surface, action, font, theme.text, x, y, box.right - pad - x)
        y += row_h


def draw_message(pen: Pen, surface: pygame.Surface, message: Message, bottom: int) -> pygame.Rect:
    """A notice in a banner above ``bottom``; an error or the game's end in a dialog over a
    shade (a tap anywhere reads it). Returns what it covered."""
    theme = pen.theme
    text = message.long or message.short
    if message.kind == "info":
        font = pen.font(22, bold=True)
        lines = pen.lines(text, font, pen.size[0] - pen.px(48), 2)
        height = len(lines) * font.get_linesize() + pen.px(16)
        banner = pygame.Rect(0, bottom - height, pen.size[0], height)
        pygame.draw.rect(surface, theme.info, banner)
        y = banner.top + pen.px(8)
        for line in lines:
            pen.text(surface, line, font, theme.accent_text, pen.px(24), y,
                     pen.size[0] - pen.px(48))
            y += font.get_linesize()
        return banner
    font = pen.font(24)
    accent = theme.error if message.kind == "error" else theme.accent
    title = message.title or ("Not allowed" if message.kind == "error" else "Game over")
    lines = pen.lines(text, font, _dialog_width(pen) - pen.px(32), 5)
    pen.regions = [HitRegion((0, 0, *pen.size), ("dismiss",))]  # a tap anywhere reads it
    shade(pen, surface)
    box, y, _ = _dialog(pen, surface, title, len(lines), font.get_linesize(), accent)
    for line in lines:
        pen.text(surface, line, font, theme.text, box.left + pen.px(16), y,
                 box.width - pen.px(32))
        y += font.get_linesize()
    return surface.get_rect()
