"""The OLED renderer: one :class:`~ui.model.Frame` drawn as a 1-bit image.

The 128x64 OLED is read from across the table, so the layout puts one thing
first: the focused track's value, large. Around it sit the current step with
its phase (top, one line or two) and two or three key facts (bottom line).
Menus, prompt forms, history and help cover the whole display; each of them
says on its bottom line what confirms and how to leave (``keys``). A form
shows one field at a time: its label, its value and its place ("3/13"). A
message is drawn over whatever is below; over a form, a short notice takes the
tiny font and the form's value is drawn above it, never hidden under it.

Everything is drawn inside a margin of :data:`MARGIN_X` x :data:`MARGIN_Y`
pixels, so the anti-burn-in ``frame.shift`` (clamped to that margin) moves the
picture without clipping it. ``frame.dim`` is the display's contrast, not
pixels, and is ignored here.
"""

from __future__ import annotations

from PIL import Image

from ui.model import Frame
from ui.oled_canvas import HEIGHT, MARGIN_X, MARGIN_Y, OFF, ON, WIDTH, Canvas, large, small
from ui.oled_pages import draw_form, draw_help, draw_list, draw_message, notice_over_form, notice_top
from ui.oled_play import draw_game, draw_game_over, draw_title

#: The OLED's size and margin, for the tests and the adapters that take them from here.
__all__ = ["HEIGHT", "MARGIN_X", "MARGIN_Y", "WIDTH", "render_oled", "render_power_off"]


def render_oled(frame: Frame, width: int = WIDTH, height: int = HEIGHT) -> Image.Image:
    """Draw ``frame`` as a mode "1" image of ``width`` x ``height`` for the OLED."""
    canvas = Canvas(width, height)
    notice = notice_over_form(frame.message) if frame.menu is None and frame.form is not None else []
    if frame.menu is not None:
        draw_list(canvas, frame.menu)
    elif frame.form is not None:
        draw_form(canvas, frame.form, notice_top(canvas, notice) if notice else None)
    elif frame.history is not None:
        draw_list(canvas, frame.history)
    elif frame.help is not None:
        draw_help(canvas, frame.help, frame.about, frame.help_scroll)
    elif frame.game is None:
        draw_title(canvas, frame.title, frame.tray)
    elif frame.game.over is not None:
        draw_game_over(canvas, frame.game)
    else:
        draw_game(canvas, frame.game, frame.focus)
    if frame.message is not None:
        draw_message(canvas, frame.message, notice)
    return _shifted(canvas.image, frame.shift)


def render_power_off(width: int = WIDTH, height: int = HEIGHT, text: str = "Powering off") -> Image.Image:
    """The last frame before shutdown: says the box is going down and that play is saved.

    Few lit pixels, so a panel left showing it after the Pi halts holds no
    bright image; the service shows it as its last frame.
    """
    canvas = Canvas(width, height)
    face = large()
    line_face = small()
    top = (canvas.y0 + canvas.y1 + 1 - face.height - line_face.height - 6) // 2
    canvas.centered(top, text, face, canvas.x0, canvas.x1)
    canvas.draw.line((canvas.x0 + 24, top + face.height + 2, canvas.x1 - 24, top + face.height + 2),
                     fill=ON)
    canvas.centered(top + face.height + 6, "game saved", line_face, canvas.x0, canvas.x1)
    return canvas.image


def _shifted(image: Image.Image, shift: tuple[int, int]) -> Image.Image:
    dx = max(-MARGIN_X, min(MARGIN_X, shift[0]))
    dy = max(-MARGIN_Y, min(MARGIN_Y, shift[1]))
    if dx == 0 and dy == 0:
        return image
    out = Image.new("1", image.size, OFF)
    out.paste(image, (dx, dy))
    return out
