"""The OLED renderer: one :class:`~ui.model.Frame` drawn as a 1-bit image.

The 128x64 OLED is read from across the table, so the layout puts one thing
first: the focused track's value, large. Around it sit the current step (top
line) and two or three key facts (bottom line). Menus, prompt forms, history
and help cover the whole display; a message is drawn over whatever is below.

Everything is drawn inside a margin of :data:`MARGIN_X` x :data:`MARGIN_Y`
pixels, so the anti-burn-in ``frame.shift`` (clamped to that margin) moves the
picture without clipping it. ``frame.dim`` is the display's contrast, not
pixels, and is ignored here.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from PIL import Image, ImageDraw, ImageFont

from games.core.views import GameView, TrackView
from ui.fonts import DEJAVU_SANS_BOLD, TERMINUS
from ui.model import Form, Frame, Menu, Message

WIDTH = 128
HEIGHT = 64
#: Blank border kept on each side; ``frame.shift`` is clamped to it.
MARGIN_X = 2
MARGIN_Y = 1

ELLIPSIS = "…"
ON = 1
OFF = 0

# Big-value sizes tried in order until the text fits (DejaVu Sans Bold).
_BIG_SIZES = (34, 30, 26, 22, 18)


@dataclass(frozen=True)
class _Face:
    """A font plus where its line box sits: draw at y - top, the line is ``height`` rows."""

    font: ImageFont.FreeTypeFont
    top: int
    height: int


@cache
def _terminus(size: int) -> _Face:
    font = ImageFont.truetype(str(TERMINUS), size)
    left, top, right, bottom = font.getbbox("Agjpqy|/0", anchor="la")
    return _Face(font, top, bottom - top)


@cache
def _bold(size: int) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(str(DEJAVU_SANS_BOLD), size)


def _small() -> _Face:
    return _terminus(12)


def _medium() -> _Face:
    return _terminus(14)


def _large() -> _Face:
    return _terminus(16)


def _big_font(text: str, max_width: int, max_height: int) -> ImageFont.FreeTypeFont | None:
    """The largest big-value font in which ``text``'s ink fits the box, if any."""
    for size in _BIG_SIZES:
        font = _bold(size)
        left, top, right, bottom = font.getbbox(text, anchor="la")
        if right - left <= max_width and bottom - top <= max_height:
            return font
    return None


def _big_size(text: str, max_width: int, max_height: int) -> tuple[int, int]:
    """The ink size :meth:`_Canvas.big` will give ``text`` in that box."""
    font = _big_font(text, max_width, max_height)
    if font is None:
        face = _large()
        return _width(fit(text, face.font, max_width), face.font), face.height
    left, top, right, bottom = font.getbbox(text, anchor="la")
    return right - left, bottom - top


def _width(text: str, font: ImageFont.FreeTypeFont) -> int:
    return int(round(font.getlength(text)))


def fit(text: str, font: ImageFont.FreeTypeFont, max_width: int) -> str:
    """``text`` cut and ended with an ellipsis so that it is at most ``max_width`` wide."""
    if _width(text, font) <= max_width:
        return text
    cut = len(text)
    while cut > 0:
        cut -= 1
        candidate = text[:cut].rstrip() + ELLIPSIS
        if _width(candidate, font) <= max_width:
            return candidate
    return ""


def wrap(text: str, font: ImageFont.FreeTypeFont, max_width: int, max_lines: int) -> list[str]:
    """Word-wrap ``text`` into at most ``max_lines`` lines; the last is ellipsized if needed."""
    lines: list[str] = []
    words = text.split()
    current = ""
    while words:
        word = words[0]
        candidate = f"{current} {word}" if current else word
        if _width(candidate, font) <= max_width:
            current = candidate
            words.pop(0)
            continue
        if not current:  # a single word wider than the line: cut it
            current = fit(word, font, max_width)
            words.pop(0)
        lines.append(current)
        current = ""
        if len(lines) == max_lines:
            break
    if current and len(lines) < max_lines:
        lines.append(current)
    if words and lines:
        rest = " ".join([lines[-1], *words])
        lines[-1] = fit(rest, font, max_width)
    return lines


class _Canvas:
    """A drawing confined to the content box (the display minus its margin)."""

    def __init__(self, width: int, height: int) -> None:
        self.image = Image.new("1", (width, height), OFF)
        self.draw = ImageDraw.Draw(self.image)
        self.draw.fontmode = "1"
        self.x0 = MARGIN_X
        self.y0 = MARGIN_Y
        self.x1 = width - 1 - MARGIN_X  # last usable column
        self.y1 = height - 1 - MARGIN_Y  # last usable row

    @property
    def width(self) -> int:
        return self.x1 - self.x0 + 1

    def text(
        self, x: int, y: int, text: str, face: _Face, max_width: int, fill: int = ON
    ) -> int:
        """Draw one line with its line box's top at ``y``; returns the drawn width."""
        shown = fit(text, face.font, max_width)
        if shown:
            self.draw.text((x, y - face.top), shown, font=face.font, fill=fill, anchor="la")
        return _width(shown, face.font)

    def centered(self, y: int, text: str, face: _Face, x0: int, x1: int, fill: int = ON) -> None:
        shown = fit(text, face.font, x1 - x0 + 1)
        x = x0 + (x1 - x0 + 1 - _width(shown, face.font)) // 2
        self.text(x, y, shown, face, x1 - x0 + 1, fill)

    def big(self, x: int, y: int, text: str, max_width: int, max_height: int) -> tuple[int, int]:
        """Draw ``text`` in the largest bold size that fits, ink top-left at (x, y).

        Returns the ink's (width, height).
        """
        font = _big_font(text, max_width, max_height)
        if font is None:
            face = _large()
            return self.text(x, y, text, face, max_width), face.height
        left, top, right, bottom = font.getbbox(text, anchor="la")
        self.draw.text((x - left, y - top), text, font=font, fill=ON, anchor="la")
        return right - left, bottom - top

    def rule(self, y: int) -> None:
        self.draw.line((self.x0, y, self.x1, y), fill=ON)

    def box(self, x0: int, y0: int, x1: int, y1: int, fill: int | None, outline: int | None) -> None:
        self.draw.rectangle((x0, y0, x1, y1), fill=fill, outline=outline)

    def clear(self, x0: int, y0: int, x1: int, y1: int) -> None:
        self.draw.rectangle((x0, y0, x1, y1), fill=OFF)

    def arrow(self, x: int, y: int, up: bool) -> None:
        """A 5x3 scroll arrow with its top-left at (x, y)."""
        if up:
            points = [(x, y + 2), (x + 4, y + 2), (x + 2, y)]
        else:
            points = [(x, y), (x + 4, y), (x + 2, y + 2)]
        self.draw.polygon(points, fill=ON, outline=ON)


# --- the game view -------------------------------------------------------------------

# Vertical bands of the play view (content rows 1..62 on a 64-row display).
_TOP_Y = MARGIN_Y
_TOP_RULE = _TOP_Y + 13
_MID_Y = _TOP_RULE + 2
_BOTTOM_RULE_FROM_END = 13  # the facts line plus its rule sit in the last 13 rows


def _focused_track(game: GameView, focus: str | None) -> TrackView | None:
    for track in game.tracks:
        if track.key == focus:
            return track
    return game.tracks[0] if game.tracks else None


def _draw_top_line(canvas: _Canvas, text: str) -> None:
    canvas.text(canvas.x0, _TOP_Y, text, _small(), canvas.width)
    canvas.rule(_TOP_RULE)


def _draw_facts(canvas: _Canvas, facts: Sequence[tuple[str, str]]) -> None:
    """The bottom line: up to three ``label value`` pairs, labels shortened to fit."""
    facts = list(facts)[:3]
    face = _small()
    y = canvas.y1 - face.height + 1
    canvas.rule(y - 2)
    if not facts:
        return
    gap_inner = 3  # between a label and its value
    gap_outer = 6  # between two facts
    font = face.font
    values = [value for _, value in facts]
    labels = [label for label, _ in facts]
    fixed = sum(_width(v, font) for v in values) + gap_inner * len(facts)
    fixed += gap_outer * (len(facts) - 1)
    room = canvas.width - fixed
    # Shorten the longest label one character at a time until all fit.
    while sum(_width(label, font) for label in labels) > room:
        longest = max(range(len(labels)), key=lambda i: (len(labels[i]), -i))
        if not labels[longest]:
            break
        labels[longest] = labels[longest][:-1]
    spare = room - sum(_width(label, font) for label in labels)
    spread = spare // max(1, len(facts) - 1) if len(facts) > 1 else 0
    x = canvas.x0
    for label, value in zip(labels, values, strict=True):
        if label:
            x += canvas.text(x, y, label, face, canvas.x1 - x + 1) + gap_inner
        x += canvas.text(x, y, value, face, canvas.x1 - x + 1)
        x += gap_outer + spread


def _draw_track(
    canvas: _Canvas, track: TrackView, y0: int, y1: int, position: int = 0, count: int = 1
) -> None:
    """The focused track: the value big on the left, label, /max and a meter on the right.

    With several tracks, dots right of /max show which one the dial turns (filled).
    """
    value = str(track.value)
    ink_w, ink_h = canvas.big(canvas.x0, y0 + 1, value, canvas.width // 2, y1 - y0 - 1)
    x = canvas.x0 + ink_w + 6
    room = canvas.x1 - x + 1
    label_face = _medium()
    canvas.text(x, y0, track.label, label_face, room)
    max_y = y0 + label_face.height + 1
    max_w = canvas.text(x, max_y, f"/{track.high}", _small(), room)
    dots = min(count, (canvas.x1 - x - max_w - 4 + 2) // 5)
    if dots > 1:
        first = max(0, min(position - dots + 1, count - dots))
        dot_x = canvas.x1 - dots * 5 + 3
        for i in range(first, first + dots):
            fill = ON if i == position else None
            canvas.box(dot_x, max_y + 5, dot_x + 2, max_y + 7, fill=fill, outline=ON)
            dot_x += 5
    # A meter under the label: where the value stands between low and high.
    span = max(1, track.high - track.low)
    filled = max(0.0, min(1.0, (track.value - track.low) / span))
    meter_y1 = y1
    meter_y0 = y1 - 3
    canvas.box(x, meter_y0, canvas.x1, meter_y1, fill=None, outline=ON)
    inner = canvas.x1 - x - 1
    fill_to = x + 1 + round(inner * filled) - 1
    if fill_to >= x + 1:
        canvas.box(x + 1, meter_y0 + 1, fill_to, meter_y1 - 1, fill=ON, outline=None)


def _draw_game(canvas: _Canvas, game: GameView, focus: str | None) -> None:
    track = _focused_track(game, focus)
    facts_rule = canvas.y1 - _small().height - 1
    mid_y1 = facts_rule - 2
    if track is not None:
        _draw_top_line(canvas, game.step or game.phase or game.headline)
        _draw_track(canvas, track, _MID_Y, mid_y1, game.tracks.index(track), len(game.tracks))
    else:
        _draw_top_line(canvas, game.phase or game.headline)
        text = game.step or game.headline
        face = _medium()
        lines = wrap(text, face.font, canvas.width, 2)
        if lines and lines[-1].endswith(ELLIPSIS):  # the smaller font shows more of it
            face = _small()
            lines = wrap(text, face.font, canvas.width, 2)
        y = _MID_Y + (mid_y1 - _MID_Y + 1 - len(lines) * (face.height + 1)) // 2
        for line in lines:
            canvas.centered(y, line, face, canvas.x0, canvas.x1)
            y += face.height + 1
    _draw_facts(canvas, game.facts)


def _draw_game_over(canvas: _Canvas, game: GameView) -> None:
    _draw_top_line(canvas, game.headline)
    facts_rule = canvas.y1 - _small().height - 1
    y0, y1 = _MID_Y, facts_rule - 2
    canvas.box(canvas.x0, y0, canvas.x1, y1, fill=ON, outline=ON)
    face = _large()
    lines = wrap(game.over or "", face.font, canvas.width - 6, 2)
    if len(lines) > 1 and sum(len(line) for line in lines) > 0:
        face = _small() if (face.height + 1) * len(lines) > y1 - y0 - 1 else face
        lines = wrap(game.over or "", face.font, canvas.width - 6, 2)
    y = y0 + (y1 - y0 + 1 - len(lines) * (face.height + 1)) // 2 + 1
    for line in lines:
        canvas.centered(y, line, face, canvas.x0 + 3, canvas.x1 - 3, fill=OFF)
        y += face.height + 1
    _draw_facts(canvas, game.facts)


def _draw_title(canvas: _Canvas, title: str, tray: str) -> None:
    face = _large()
    y = (canvas.y0 + canvas.y1 + 1 - face.height) // 2 - 4
    canvas.centered(y, title, face, canvas.x0, canvas.x1)
    canvas.draw.line((canvas.x0 + 16, y - 5, canvas.x1 - 16, y - 5), fill=ON)
    canvas.draw.line((canvas.x0 + 16, y + face.height + 4, canvas.x1 - 16, y + face.height + 4), fill=ON)
    if tray:
        small = _small()
        canvas.centered(canvas.y1 - small.height + 1, tray, small, canvas.x0, canvas.x1)


# --- overlays ------------------------------------------------------------------------


def _draw_header(canvas: _Canvas, title: str, right: str = "") -> None:
    face = _small()
    right_w = _width(right, face.font)
    canvas.text(canvas.x0, _TOP_Y, title, face, canvas.width - right_w - (6 if right else 0))
    if right:
        canvas.text(canvas.x1 - right_w + 1, _TOP_Y, right, face, right_w)
    canvas.rule(_TOP_RULE)


def _window(count: int, cursor: int, rows: int) -> int:
    """First visible index so that ``cursor`` is shown, centred where the list allows."""
    if count <= rows:
        return 0
    return max(0, min(cursor - rows // 2, count - rows))


def _draw_list(canvas: _Canvas, menu: Menu) -> None:
    """A menu or the history: title, a window of items, the cursor's row inverted."""
    items = menu.items
    cursor = max(0, min(menu.cursor, len(items) - 1)) if items else 0
    position = f"{cursor + 1}/{len(items)}" if len(items) > 1 else ""
    _draw_header(canvas, menu.title, position)
    face = _medium()
    row_h = face.height + 1
    top = _TOP_RULE + 2
    rows = max(1, (canvas.y1 - top + 1) // row_h)
    first = _window(len(items), cursor, rows)
    arrow_w = 5
    text_x1 = canvas.x1 - arrow_w - 2
    for row, index in enumerate(range(first, min(len(items), first + rows))):
        y = top + row * row_h
        if index == cursor:
            canvas.box(canvas.x0, y, text_x1, y + row_h - 1, fill=ON, outline=None)
        fill = OFF if index == cursor else ON
        canvas.text(canvas.x0 + 2, y + 1, items[index], face, text_x1 - canvas.x0 - 3, fill)
    if first > 0:
        canvas.arrow(canvas.x1 - arrow_w + 1, top + 1, up=True)
    if first + rows < len(items):
        canvas.arrow(canvas.x1 - arrow_w + 1, top + rows * row_h - 5, up=False)


def _draw_form(canvas: _Canvas, form: Form) -> None:
    """A prompt: title, the focused field's value big, the fields along the bottom."""
    _draw_header(canvas, form.title)
    fields = form.fields
    focused = next((f for f in fields if f.focused), fields[0] if fields else None)
    face = _small()
    bottom_y = canvas.y1 - face.height + 1
    if focused is not None:
        mid_y0, mid_y1 = _MID_Y, bottom_y - 3
        room_h = mid_y1 - mid_y0 + 1
        w, h = _big_size(focused.value, canvas.width, room_h)
        x = canvas.x0 + (canvas.width - w) // 2
        y = mid_y0 + (room_h - h) // 2
        canvas.big(x, y, focused.value, canvas.width, room_h)
    # Bottom line: each field as a chip, the focused one inverted with its label only.
    x = canvas.x0
    for field in fields:
        if x > canvas.x1:
            break
        if field is focused:
            text = field.label
            w = _width(fit(text, face.font, canvas.x1 - x - 1), face.font)
            canvas.box(x, bottom_y - 1, min(canvas.x1, x + w + 3), canvas.y1, fill=ON, outline=None)
            canvas.text(x + 2, bottom_y, text, face, canvas.x1 - x - 3, fill=OFF)
            x += w + 4 + 4
        else:
            text = f"{field.label} {field.value}"
            x += canvas.text(x, bottom_y, text, face, canvas.x1 - x + 1) + 6
    if form.hint and _width(form.hint, face.font) <= canvas.x1 - x + 1:
        canvas.text(x, bottom_y, form.hint, face, canvas.x1 - x + 1)


def _draw_help(canvas: _Canvas, rows: Sequence[tuple[str, str]]) -> None:
    """Control → action rows in the small font; what does not fit is counted."""
    face = _small()
    row_h = face.height
    capacity = max(1, (canvas.y1 - canvas.y0 + 1) // row_h)
    shown = list(rows)
    if len(shown) > capacity:
        hidden = len(shown) - (capacity - 1)
        shown = shown[: capacity - 1] + [("", f"{ELLIPSIS} {hidden} more")]
    font = face.font
    control_w = min(max((_width(c, font) for c, _ in shown), default=0), 7 * 6)
    for i, (control, action) in enumerate(shown):
        y = canvas.y0 + i * row_h
        canvas.text(canvas.x0, y, control, face, control_w)
        x = canvas.x0 + control_w + 4
        canvas.text(x, y, action, face, canvas.x1 - x + 1)
    if shown:
        x = canvas.x0 + control_w + 1
        canvas.draw.line((x, canvas.y0, x, canvas.y0 + len(shown) * row_h - 2), fill=ON)


def _draw_message(canvas: _Canvas, message: Message) -> None:
    face = _small()
    if message.kind == "info":
        lines = wrap(message.short, face.font, canvas.width - 4, 2)
        height = len(lines) * face.height + 2
        y0 = canvas.y1 - height + 1
        canvas.clear(canvas.x0, y0 - 2, canvas.x1, canvas.y1)
        canvas.box(canvas.x0, y0, canvas.x1, canvas.y1, fill=ON, outline=None)
        for i, line in enumerate(lines):
            canvas.text(canvas.x0 + 2, y0 + 1 + i * face.height, line, face, canvas.width - 4, OFF)
        return
    # error and end: a framed box over the middle of the view.
    inner_w = canvas.width - 8
    lines = wrap(message.short, face.font, inner_w, 3)
    height = max(1, len(lines)) * face.height + 8
    y0 = (canvas.y0 + canvas.y1 + 1 - height) // 2
    y1 = y0 + height - 1
    x0, x1 = canvas.x0, canvas.x1
    canvas.clear(x0, y0 - 1, x1, y1 + 1)
    if message.kind == "end":
        canvas.box(x0, y0, x1, y1, fill=ON, outline=ON)
        fill = OFF
    else:
        canvas.box(x0, y0, x1, y1, fill=None, outline=ON)
        canvas.box(x0 + 2, y0 + 2, x1 - 2, y1 - 2, fill=None, outline=ON)
        fill = ON
    y = y0 + 4
    for line in lines:
        canvas.centered(y, line, face, x0 + 4, x1 - 4, fill)
        y += face.height


# --- entry point ---------------------------------------------------------------------


def render_oled(frame: Frame, width: int = WIDTH, height: int = HEIGHT) -> Image.Image:
    """Draw ``frame`` as a mode "1" image of ``width`` x ``height`` for the OLED."""
    canvas = _Canvas(width, height)
    if frame.menu is not None:
        _draw_list(canvas, frame.menu)
    elif frame.form is not None:
        _draw_form(canvas, frame.form)
    elif frame.history is not None:
        _draw_list(canvas, frame.history)
    elif frame.help is not None:
        _draw_help(canvas, frame.help)
    elif frame.game is None:
        _draw_title(canvas, frame.title, frame.tray)
    elif frame.game.over is not None:
        _draw_game_over(canvas, frame.game)
    else:
        _draw_game(canvas, frame.game, frame.focus)
    if frame.message is not None:
        _draw_message(canvas, frame.message)
    return _shifted(canvas.image, frame.shift)


def render_power_off(width: int = WIDTH, height: int = HEIGHT, text: str = "Powering off") -> Image.Image:
    """The last frame before shutdown: says the box is going down and that play is saved.

    Few lit pixels, so a panel left showing it after the Pi halts holds no
    bright image; the service shows it as its last frame.
    """
    canvas = _Canvas(width, height)
    face = _large()
    small = _small()
    top = (canvas.y0 + canvas.y1 + 1 - face.height - small.height - 6) // 2
    canvas.centered(top, text, face, canvas.x0, canvas.x1)
    canvas.draw.line((canvas.x0 + 24, top + face.height + 2, canvas.x1 - 24, top + face.height + 2),
                     fill=ON)
    canvas.centered(top + face.height + 6, "game saved", small, canvas.x0, canvas.x1)
    return canvas.image


def _shifted(image: Image.Image, shift: tuple[int, int]) -> Image.Image:
    dx = max(-MARGIN_X, min(MARGIN_X, shift[0]))
    dy = max(-MARGIN_Y, min(MARGIN_Y, shift[1]))
    if dx == 0 and dy == 0:
        return image
    out = Image.new("1", image.size, OFF)
    out.paste(image, (dx, dy))
    return out
