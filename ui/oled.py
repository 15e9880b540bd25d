"""The OLED renderer: one :class:`~ui.model.Frame` drawn as a 1-bit image.

The 128x64 OLED is read from across the table, so the layout puts one thing
first: the focused track's value, large. Around it sit the current step with
its phase (top, one line or two) and two or three key facts (bottom line).
Menus, prompt forms, history and help cover the whole display; each of them
says on its bottom line what confirms and how to leave (``keys``). A form
shows one field at a time: its label, its value and its place ("3/13"). A
message is drawn over whatever is below.

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
from ui import cuts
from ui.fonts import DEJAVU_SANS_BOLD, TERMINUS
from ui.model import Form, Frame, Keys, Menu, Message

WIDTH = 128
HEIGHT = 64
#: Blank border kept on each side; ``frame.shift`` is clamped to it.
MARGIN_X = 2
MARGIN_Y = 1

ELLIPSIS = "…"
ON = 1
OFF = 0

# Big-value sizes tried in order until the text fits (DejaVu Sans Bold).
_BIG_SIZES = (34, 30, 26, 22, 18, 14)


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
    return _Face(font, int(top), int(bottom - top))


@cache
def _bold(size: int) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(str(DEJAVU_SANS_BOLD), size)


def _small() -> _Face:
    return _terminus(12)


def _medium() -> _Face:
    return _terminus(14)


def _large() -> _Face:
    return _terminus(16)


def _tiny() -> _Face:
    """Terminus at 10 pixels: 24 characters to a line, for a label one line too long."""
    return _terminus(10)


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
    return int(right - left), int(bottom - top)


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


def wrap(text: str, font: ImageFont.FreeTypeFont, max_width: int, max_lines: int,
         first_width: int | None = None) -> list[str]:
    """Word-wrap ``text`` into at most ``max_lines`` lines; the last is ellipsized if needed.

    ``first_width`` is the first line's room when it is narrower (text after a tag).
    """
    lines: list[str] = []
    words = text.split()
    current = ""
    while words:
        word = words[0]
        candidate = f"{current} {word}" if current else word
        room = first_width if first_width is not None and not lines else max_width
        if _width(candidate, font) <= room:
            current = candidate
            words.pop(0)
            continue
        if not current:  # a single word wider than the line: cut it
            current = fit(word, font, room)
            words.pop(0)
        lines.append(current)
        current = ""
        if len(lines) == max_lines:
            break
    if current and len(lines) < max_lines:
        lines.append(current)
    if words and lines:
        rest = " ".join([lines[-1], *words])
        lines[-1] = fit(rest, font, first_width if first_width is not None and len(lines) == 1
                        else max_width)
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
        cuts.drawn("oled", shown)
        if shown:
            self.draw.text((x, y - face.top), shown, font=face.font, fill=fill, anchor="la")
        return _width(shown, face.font)

    def centered(self, y: int, text: str, face: _Face, x0: int, x1: int, fill: int = ON) -> None:
        shown = fit(text, face.font, x1 - x0 + 1)
        x = x0 + (x1 - x0 + 1 - _width(shown, face.font)) // 2
        self.text(x, y, shown, face, x1 - x0 + 1, fill)

    def right(self, y: int, text: str, face: _Face, fill: int = ON) -> int:
        """Draw ``text`` ending at the last usable column; returns its left x."""
        w = _width(text, face.font)
        self.text(self.x1 - w + 1, y, text, face, w, fill)
        return self.x1 - w + 1

    def big(self, x: int, y: int, text: str, max_width: int, max_height: int) -> tuple[int, int]:
        """Draw ``text`` in the largest bold size that fits, ink top-left at (x, y).

        Returns the ink's (width, height).
        """
        font = _big_font(text, max_width, max_height)
        if font is None:
            face = _large()
            return self.text(x, y, text, face, max_width), face.height
        left, top, right, bottom = font.getbbox(text, anchor="la")
        cuts.drawn("oled", text)
        self.draw.text((x - left, y - top), text, font=font, fill=ON, anchor="la")
        return int(right - left), int(bottom - top)

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
_LINE = 12  # the small font's line
_KEYS_Y = HEIGHT - MARGIN_Y - _LINE  # the bottom line: facts, or what confirms and leaves
_BOTTOM_RULE = _KEYS_Y - 2
_PAGE_Y = _TOP_RULE + 1  # the first of the three lines of a check page or help

# Words left out of a phase's tag ("II. During the Day" -> "During").
_FILLER = {"the", "of", "a", "an", "phase"}


def phase_tag(phase: str) -> str:
    """A short name for the phase on the step line: its first word that says
    something, without the rulebook's number ("2. Threat Phase" -> "Threat",
    "II. During the Day" -> "During"), at most 8 characters ("Encount.")."""
    words = [w for w in phase.replace(":", " ").split() if w.lower() not in _FILLER]
    if words and (words[0].rstrip(".").isdigit() or set(words[0].rstrip(".")) <= set("IVX")):
        words = words[1:]
    if not words:
        return ""
    word = words[0]
    return word if len(word) <= 8 else word[:7] + "."


def _focused_track(game: GameView, focus: str | None) -> TrackView | None:
    for track in game.tracks:
        if track.key == focus:
            return track
    return game.tracks[0] if game.tracks else None


def _draw_top_line(canvas: _Canvas, text: str) -> None:
    canvas.text(canvas.x0, _TOP_Y, text, _small(), canvas.width)
    canvas.rule(_TOP_RULE)


def _step_lines(tag: str, text: str) -> int:
    """How many lines the step takes after the phase's tag (5 when more than 4)."""
    font = _small().font
    width = WIDTH - 2 * MARGIN_X
    first = width - (_width(tag, font) + 5 if tag else 0)
    lines = wrap(text, font, width, 5, first_width=first)
    return len(lines) if not (lines and lines[-1].endswith(ELLIPSIS)) else 5


def _draw_step_lines(canvas: _Canvas, tag: str, text: str, max_lines: int = 2) -> int:
    """The phase's tag (inverted) and the step, wrapped over up to ``max_lines`` lines.

    Returns the y of the rule under them. A step longer than that ends in an
    ellipsis (help, ``select`` held, shows it in full).
    """
    face = _small()
    x = canvas.x0
    if tag:
        w = _width(tag, face.font)
        canvas.box(x, _TOP_Y, x + w + 1, _TOP_Y + face.height - 1, fill=ON, outline=None)
        canvas.text(x + 1, _TOP_Y, tag, face, w, fill=OFF)
        x += w + 2 + 3
    lines = wrap(text, face.font, canvas.width, max_lines, first_width=canvas.x1 - x + 1) if text else []
    for i, line in enumerate(lines):
        canvas.text(x if i == 0 else canvas.x0, _TOP_Y + i * face.height, line, face,
                    canvas.x1 - (x if i == 0 else canvas.x0) + 1)
    rule = _TOP_RULE if len(lines) < 2 else _TOP_Y + len(lines) * face.height + 1
    if rule < _BOTTOM_RULE:
        canvas.rule(rule)
    return rule


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


def _draw_keys(canvas: _Canvas, keys: Keys, rule: bool = True) -> None:
    """The bottom line of a menu, form or help: what confirms on the left, how to leave on the right."""
    face = _small()
    left, right = keys
    if rule:
        canvas.rule(_BOTTOM_RULE)
    right_x = canvas.x1 + 1
    if right:
        right_x = canvas.right(_KEYS_Y, right, face)
    if left:
        canvas.text(canvas.x0, _KEYS_Y, left, face, right_x - canvas.x0 - 4)


def _draw_track(
    canvas: _Canvas, track: TrackView, y0: int, y1: int, position: int = 0, count: int = 1
) -> None:
    """The focused track: the value big on the left, label, /max and a meter on the right.

    With several tracks, dots right of /max show which one the dial turns (filled).
    Under a two-line step (a short band) the label and /max share a line.
    """
    value = str(track.value)
    ink_w, ink_h = canvas.big(canvas.x0, y0 + 1, value, canvas.width // 2, y1 - y0 - 1)
    x = canvas.x0 + ink_w + 6
    room = canvas.x1 - x + 1
    small = _small()
    if y1 - y0 >= 26:
        label_face = _medium()
        canvas.text(x, y0, track.label, label_face, room)
        max_y = y0 + label_face.height + 1
        max_w = canvas.text(x, max_y, f"/{track.high}", small, room)
        dots_y, dots_x0 = max_y + 5, x + max_w + 4
    else:
        canvas.text(x, y0, f"{track.label} /{track.high}", small, room)
        dots_y, dots_x0 = y0 + small.height + 1, x
    dots = min(count, (canvas.x1 - dots_x0 + 2) // 5)
    if dots > 1:
        first = max(0, min(position - dots + 1, count - dots))
        dot_x = canvas.x1 - dots * 5 + 3
        for i in range(first, first + dots):
            fill = ON if i == position else None
            canvas.box(dot_x, dots_y, dot_x + 2, dots_y + 2, fill=fill, outline=ON)
            dot_x += 5
    # A meter under the label: where the value stands between low and high.
    span = max(1, track.high - track.low)
    filled = max(0.0, min(1.0, (track.value - track.low) / span))
    meter_y1 = y1
    meter_y0 = max(y1 - 3, dots_y + 4)
    if meter_y1 - meter_y0 < 2:
        return
    canvas.box(x, meter_y0, canvas.x1, meter_y1, fill=None, outline=ON)
    inner = canvas.x1 - x - 1
    fill_to = x + 1 + round(inner * filled) - 1
    if fill_to >= x + 1:
        canvas.box(x + 1, meter_y0 + 1, fill_to, meter_y1 - 1, fill=ON, outline=None)


def _draw_track_line(canvas: _Canvas, track: TrackView, y: int, position: int, count: int) -> None:
    """The focused track on one small line: "Spirit 7/10", inverted, and the dots of the others."""
    face = _small()
    text = f"{track.label} {track.value}/{track.high}"
    w = _width(fit(text, face.font, canvas.width - 20), face.font)
    canvas.box(canvas.x0, y, canvas.x0 + w + 3, y + face.height - 1, fill=ON, outline=None)
    canvas.text(canvas.x0 + 2, y, text, face, canvas.width - 20, fill=OFF)
    dots = min(count, (canvas.x1 - (canvas.x0 + w + 8)) // 5)
    if dots > 1:
        first = max(0, min(position - dots + 1, count - dots))
        dot_x = canvas.x1 - dots * 5 + 3
        for i in range(first, first + dots):
            canvas.box(dot_x, y + 5, dot_x + 2, y + 7, fill=ON if i == position else None, outline=ON)
            dot_x += 5


def _draw_game(canvas: _Canvas, game: GameView, focus: str | None) -> None:
    track = _focused_track(game, focus)
    mid_y1 = _BOTTOM_RULE - 2
    if track is not None:
        step = game.step or (game.headline if not game.phase else "")
        tag = phase_tag(game.phase) if game.step else ""
        lines = _step_lines(tag, step or game.phase)
        if lines <= 2:
            rule = _draw_step_lines(canvas, tag, step or game.phase)
            _draw_track(canvas, track, rule + 2, mid_y1, game.tracks.index(track), len(game.tracks))
        elif lines == 3:  # the focused value on one small line under the step
            _draw_step_lines(canvas, tag, step, max_lines=3)
            canvas.clear(canvas.x0, _TOP_Y + 3 * _LINE, canvas.x1, _BOTTOM_RULE - 1)
            _draw_track_line(canvas, track, _TOP_Y + 3 * _LINE, game.tracks.index(track), len(game.tracks))
        else:  # a long step takes the middle; the focused value moves to the bottom line
            _draw_step_lines(canvas, tag, step, max_lines=4)
            facts = ((track.label, str(track.value)), *game.facts)[:3]
            _draw_facts(canvas, facts)
            return
    else:
        text = game.step or game.headline  # never an empty body
        if _paragraph_fits(canvas, text, _MID_Y, mid_y1):
            _draw_top_line(canvas, game.phase or game.headline)
            _draw_paragraph(canvas, text, _MID_Y, mid_y1)
        else:  # a long step: from the top, after the phase's tag
            _draw_step_lines(canvas, phase_tag(game.phase), text, max_lines=4)
    _draw_facts(canvas, game.facts)


def _paragraph_fits(canvas: _Canvas, text: str, y0: int, y1: int, inset: int = 0) -> bool:
    face = _small()
    lines = wrap(text, face.font, canvas.width - 2 * inset, max(1, (y1 - y0 + 1) // (face.height + 1)))
    return not (lines and lines[-1].endswith(ELLIPSIS))


def _draw_paragraph(canvas: _Canvas, text: str, y0: int, y1: int, fill: int = ON, inset: int = 0) -> None:
    """``text`` centred in rows ``y0``..``y1``: the medium font if it fits whole, else the small one."""
    width = canvas.width - 2 * inset
    lines: list[str] = []
    face = _medium()
    for face in (_large(), _medium(), _small()):
        rows = max(1, (y1 - y0 + 1) // (face.height + 1))
        lines = wrap(text, face.font, width, rows)
        if not (lines and lines[-1].endswith(ELLIPSIS)):
            break
    step = face.height + (1 if (face.height + 1) * len(lines) <= y1 - y0 + 1 else 0)
    y = y0 + (y1 - y0 + 1 - len(lines) * step) // 2
    for line in lines:
        canvas.centered(y, line, face, canvas.x0 + inset, canvas.x1 - inset, fill)
        y += step


def _draw_game_over(canvas: _Canvas, game: GameView) -> None:
    """The result inverted over the middle, whole (smaller type before any cut; without
    the headline above it if it needs the room); the bottom line says what is left to do:
    undo, or the game list."""
    y0, y1 = _MID_Y - 1, _BOTTOM_RULE
    if _paragraph_fits(canvas, game.over or "", y0 + 1, y1 - 1, inset=2):
        _draw_top_line(canvas, game.headline)
    else:
        y0 = canvas.y0
    canvas.box(canvas.x0, y0, canvas.x1, y1, fill=ON, outline=ON)
    _draw_paragraph(canvas, game.over or "", y0 + 1, y1 - 1, fill=OFF, inset=2)
    _draw_keys(canvas, ("undo", "hold back:games"), rule=False)


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
    canvas.text(canvas.x0, _TOP_Y, title, face, canvas.width - right_w - (4 if right else 0))
    if right:
        canvas.text(canvas.x1 - right_w + 1, _TOP_Y, right, face, right_w)
    canvas.rule(_TOP_RULE)


def _window(count: int, cursor: int, rows: int) -> int:
    """First visible index so that ``cursor`` is shown, centred where the list allows."""
    if count <= rows:
        return 0
    return max(0, min(cursor - rows // 2, count - rows))


#: Drawn before a menu item that cannot be taken now (it keeps its place).
MARK = "\u00d7"


def _draw_list(canvas: _Canvas, menu: Menu) -> None:
    """A menu or the history: title and place, three items (the cursor's inverted),
    then what confirms and how to leave."""
    items = menu.items
    cursor = max(0, min(menu.cursor, len(items) - 1)) if items else 0
    position = f"{cursor + 1}/{len(items)}" if len(items) > 1 else ""
    _draw_header(canvas, menu.title, position)
    face = _small()
    row_h = face.height
    top = _PAGE_Y
    rows = 3
    first = _window(len(items), cursor, rows)
    arrow_w = 5
    text_x1 = canvas.x1 - arrow_w - 2
    for row, index in enumerate(range(first, min(len(items), first + rows))):
        y = top + row * row_h
        if index == cursor:
            canvas.box(canvas.x0, y, text_x1, y + row_h - 1, fill=ON, outline=None)
        fill = OFF if index == cursor else ON
        label = f"{MARK}{items[index]}" if index in menu.marked else items[index]
        canvas.text(canvas.x0 + 1, y, label, face, text_x1 - canvas.x0 - 1, fill)
    if first > 0:
        canvas.arrow(canvas.x1 - arrow_w + 1, top + 1, up=True)
    if first + rows < len(items):
        canvas.arrow(canvas.x1 - arrow_w + 1, top + rows * row_h - 4, up=False)
    _draw_keys(canvas, menu.keys, rule=False)


def _draw_form(canvas: _Canvas, form: Form) -> None:
    """A prompt, one field at a time: the prompt and the field's place ("3/13"), the
    field's label, its value large, then what confirms and how to leave.

    A prompt too long to share the top line with the place leaves the place
    beside the label, and takes two lines if it needs them (the value is then
    drawn smaller); a label too long for its line is drawn smaller, then on two
    lines. A check page (or a question) shows its lines instead of the field;
    a prompt without fields (a roll) shows itself in full. Help (``select``
    held) shows a prompt cut even so in full.
    """
    face = _small()
    if form.review:
        page, pages = form.page
        where = f"{page}/{pages}" if pages > 1 else ""
        title = form.title if _fits(form.title, where) else "Check the values"
        _draw_header(canvas, title, where)
        for i, line in enumerate(form.review[:3]):
            canvas.text(canvas.x0, _PAGE_Y + i * face.height, line, face, canvas.width)
        _draw_keys(canvas, form.keys, rule=False)
        return
    fields = form.fields
    if not fields:  # a roll or a confirmation with nothing to set: the prompt in full
        _draw_step_lines(canvas, "", form.title, max_lines=4)
        _draw_keys(canvas, form.keys)
        return
    index = next((i for i, f in enumerate(fields) if f.focused), 0)
    field = fields[index]
    where = f"{index + 1}/{len(fields)}"
    where_w = _width(where, face.font) + 4
    label_face = _label_face(field.label, canvas.width - where_w)
    if _fits(form.title, where) or label_face is None:  # the place on the top line
        _draw_header(canvas, form.title, where)
        y, beside = _MID_Y, ""
        label_face = _label_face(field.label, canvas.width) or face
    else:  # the place beside the label, the prompt on the top line (two if need be)
        beside = where
        if _fits(form.title, ""):
            _draw_header(canvas, form.title)
            y = _MID_Y
        else:
            y = _draw_step_lines(canvas, "", form.title) + 2
    room = canvas.width - (where_w if beside else 0)
    label_lines = wrap(field.label, label_face.font, canvas.width, 2, first_width=room)
    for i, line in enumerate(label_lines):
        canvas.text(canvas.x0, y + i * label_face.height, line, label_face, room if i == 0 else canvas.width)
    if beside:
        canvas.right(y, beside, face)
    y0 = y + len(label_lines) * label_face.height + 1
    roomy = y0 <= _MID_Y + face.height + 1
    _draw_value(canvas, field.value, y0, _BOTTOM_RULE - 2 if roomy else _KEYS_Y - 1)
    _draw_keys(canvas, form.keys, rule=roomy)


def _label_face(label: str, room: int) -> _Face | None:
    """The font a field's label fits ``room`` in: the small one, else the tiny one, else None."""
    return next((f for f in (_small(), _tiny()) if _width(label, f.font) <= room), None)


def _fits(text: str, right: str) -> bool:
    """True when ``text`` and ``right`` share the top line uncut."""
    font = _small().font
    return _width(text, font) + (_width(right, font) + 4 if right else 0) <= WIDTH - 2 * MARGIN_X


def _draw_value(canvas: _Canvas, value: str, y0: int, y1: int) -> None:
    """A field's value centred in rows ``y0``..``y1``: large when it fits, else wrapped."""
    room_h = y1 - y0 + 1
    if _big_font(value, canvas.width, room_h) is not None:
        w, h = _big_size(value, canvas.width, room_h)
        canvas.big(canvas.x0 + (canvas.width - w) // 2, y0 + (room_h - h) // 2, value,
                   canvas.width, room_h)
        return
    _draw_paragraph(canvas, value, y0, y1)


def _help_lines(about: str, rows: Sequence[tuple[str, str]]) -> list[str]:
    """Help as the OLED's lines: the step in full, then each control and what it does."""
    font = _small().font
    width = WIDTH - 2 * MARGIN_X
    lines = wrap(about, font, width, 8) if about else []
    for control, action in rows:
        lines += wrap(f"{control}: {action}", font, width, 2)
    return lines


def _draw_help(canvas: _Canvas, rows: Sequence[tuple[str, str]], about: str = "",
               scroll: int = 0) -> None:
    """Help, four lines at a time (the Menhir dial scrolls); any press closes it."""
    face = _small()
    lines = _help_lines(about, rows)
    shown = 4
    first = max(0, min(scroll, len(lines) - shown))
    for i, line in enumerate(lines[first:first + shown]):
        canvas.text(canvas.x0, canvas.y0 + i * face.height, line, face, canvas.width - 7)
    if first > 0:
        canvas.arrow(canvas.x1 - 4, canvas.y0 + 1, up=True)
    more = first + shown < len(lines)
    if more:
        canvas.arrow(canvas.x1 - 4, canvas.y0 + shown * face.height - 5, up=False)
    _draw_keys(canvas, ("dial:more" if more else "", "press:close"), rule=False)


def _draw_message(canvas: _Canvas, message: Message) -> None:
    face = _small()
    if message.kind == "info":
        lines = wrap(message.short, face.font, canvas.width - 4, 3)
        height = len(lines) * face.height + 2
        y0 = canvas.y1 - height + 1
        canvas.clear(canvas.x0, y0 - 2, canvas.x1, canvas.y1)
        canvas.box(canvas.x0, y0, canvas.x1, canvas.y1, fill=ON, outline=None)
        for i, line in enumerate(lines):
            canvas.text(canvas.x0 + 2, y0 + 1 + i * face.height, line, face, canvas.width - 4, OFF)
        return
    # error and end: a framed box over the middle of the view, up to four lines.
    inner_w = canvas.width - 8
    lines = wrap(message.short, face.font, inner_w, 4)
    height = max(1, len(lines)) * face.height + 8
    y0 = max(canvas.y0, (canvas.y0 + canvas.y1 + 1 - height) // 2)
    y1 = min(canvas.y1, y0 + height - 1)
    x0, x1 = canvas.x0, canvas.x1
    canvas.clear(x0, max(canvas.y0, y0 - 1), x1, min(canvas.y1, y1 + 1))
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
        _draw_help(canvas, frame.help, frame.about, frame.help_scroll)
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
