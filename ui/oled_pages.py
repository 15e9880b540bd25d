"""What covers the game on the OLED: menus and the history, prompt forms one field
at a time, help four lines at a time, and messages over whatever is below."""

from __future__ import annotations

from collections.abc import Sequence

from ui.model import Form, Menu, Message
from ui.oled_canvas import MARGIN_X, OFF, ON, WIDTH, Canvas, Face, big_font, big_size, small, tiny
from ui.oled_layout import (
    BOTTOM_RULE,
    KEYS_Y,
    MID_Y,
    PAGE_Y,
    TOP_Y,
    draw_header,
    draw_keys,
    draw_paragraph,
    draw_step_lines,
    paragraph_fits,
)
from ui.text import is_cut, wrap


def _window(count: int, cursor: int, rows: int) -> int:
    """First visible index so that ``cursor`` is shown, centred where the list allows."""
    if count <= rows:
        return 0
    return max(0, min(cursor - rows // 2, count - rows))


#: Drawn before a menu item that cannot be taken now (it keeps its place).
MARK = "\u00d7"

#: The rows of a menu's page (between its header and its keys).
LIST_ROWS = 3


def _list_rows(labels: Sequence[str], cursor: int, width: int) -> list[tuple[int, list[str]]]:
    """The items shown, each with its lines: the cursor's item on two rows when one row
    would cut it (the item about to be chosen is read whole: "Continue #1 Kilforth ·
    Day 2"), then the item after it (before it, at the end of the list); otherwise
    three items of a row each, the cursor's centred where the list allows."""
    measure = small().measure
    lines = wrap(labels[cursor], measure, width, 2)
    if len(lines) > 1:
        other = cursor + 1 if cursor + 1 < len(labels) else cursor - 1
        shown = sorted(i for i in (cursor, other) if i >= 0)
        return [(i, lines if i == cursor else [labels[i]]) for i in shown]
    first = _window(len(labels), cursor, LIST_ROWS)
    return [(i, [labels[i]]) for i in range(first, min(len(labels), first + LIST_ROWS))]


def draw_list(canvas: Canvas, menu: Menu) -> None:
    """A menu or the history: title and place, three rows of items (the cursor's inverted,
    on two rows if it needs them), then what confirms and how to leave."""
    items = menu.items
    cursor = max(0, min(menu.cursor, len(items) - 1)) if items else 0
    position = f"{cursor + 1}/{len(items)}" if len(items) > 1 else ""
    draw_header(canvas, menu.title, position)
    face = small()
    row_h = face.height
    top = PAGE_Y
    arrow_w = 5
    text_x1 = canvas.x1 - arrow_w - 2
    labels = [f"{MARK}{item}" if i in menu.marked else item for i, item in enumerate(items)]
    shown = _list_rows(labels, cursor, text_x1 - canvas.x0 - 1) if items else []
    y = top
    for index, lines in shown:
        fill = OFF if index == cursor else ON
        if index == cursor:
            canvas.box(canvas.x0, y, text_x1, y + len(lines) * row_h - 1, fill=ON, outline=None)
        for line in lines:
            canvas.text(canvas.x0 + 1, y, line, face, text_x1 - canvas.x0 - 1, fill)
            y += row_h
    if shown and shown[0][0] > 0:
        canvas.arrow(canvas.x1 - arrow_w + 1, top + 1, up=True)
    if shown and shown[-1][0] + 1 < len(items):
        canvas.arrow(canvas.x1 - arrow_w + 1, top + LIST_ROWS * row_h - 4, up=False)
    draw_keys(canvas, menu.keys, rule=False)


def draw_form(canvas: Canvas, form: Form, bottom: int | None = None) -> None:
    """A prompt, one field at a time: the prompt and the field's place ("3/13"), the
    field's label, its value large, then what confirms and how to leave.

    A prompt too long to share the top line with the place leaves the place
    beside the label, and takes two lines if it needs them (the value is then
    drawn smaller); a label too long for its line is drawn smaller, then on two
    lines. A check page (or a question) shows its lines instead of the field;
    a prompt without fields (a roll) shows itself in full, in the largest type
    it fits, so no body is left empty under a short one ("Foe 2d: KO you 0%").
    ``bottom`` is the first row of a notice over the form: the value stays above it. Help (``select``
    held) shows a prompt cut even so in full.
    """
    face = small()
    if form.review:
        page, pages = form.page
        where = f"{page}/{pages}" if pages > 1 else ""
        draw_header(canvas, _check_title(form.title, where), where)
        for i, line in enumerate(form.review[:3]):
            canvas.text(canvas.x0, PAGE_Y + i * face.height, line, face, canvas.width)
        draw_keys(canvas, form.keys, rule=False)
        return
    fields = form.fields
    last = BOTTOM_RULE - 1 if bottom is None else min(BOTTOM_RULE - 1, bottom - 3)
    if not fields:  # a roll or a confirmation with nothing to set: the prompt in full
        if paragraph_fits(canvas, form.title, TOP_Y, last):  # as large as it fits
            draw_paragraph(canvas, form.title, TOP_Y, last)
        else:
            draw_step_lines(canvas, "", form.title, max_lines=4)
        draw_keys(canvas, form.keys)
        return
    index = next((i for i, f in enumerate(fields) if f.focused), 0)
    field = fields[index]
    where = f"{index + 1}/{len(fields)}"
    where_w = face.measure(where) + 4
    if _fits(form.title, where):  # the place on the top line
        draw_header(canvas, form.title, where)
        y, beside = MID_Y, ""
        label_face = _label_face(field.label, canvas.width) or face
    else:  # the place beside the label, the prompt on the top line (two if need be)
        beside = where
        label_face = (_label_face(field.label, canvas.width - where_w)
                      or _label_face(field.label, canvas.width) or face)
        if _fits(form.title, ""):
            draw_header(canvas, form.title)
            y = MID_Y
        else:
            y = draw_step_lines(canvas, "", form.title) + 2
    room = canvas.width - (where_w if beside else 0)
    label_lines = wrap(field.label, label_face.measure, canvas.width, 2, first_width=room)
    y0 = y + len(label_lines) * label_face.height
    roomy = y0 <= MID_Y + face.height
    y0 += 1 if roomy else 0  # a short band: the value right under the label's line
    floor = BOTTOM_RULE - 2 if roomy else KEYS_Y - 2  # no rule over the keys in a short band
    y1 = floor if bottom is None else min(floor, bottom - 4)
    if beside:
        canvas.right(y, beside, face)
    if y1 - y0 + 1 < MIN_VALUE_ROWS:  # no room under the label: the value on its line
        _draw_value_beside(canvas, field.label, field.value, y, room)
    else:
        for i, line in enumerate(label_lines):
            canvas.text(canvas.x0, y + i * label_face.height, line, label_face,
                        room if i == 0 else canvas.width)
        _draw_value(canvas, field.value, y0, y1)
    draw_keys(canvas, form.keys, rule=roomy)


#: The fewest rows a value is drawn in under its label (the smallest big digits' height).
MIN_VALUE_ROWS = 10


def _draw_value_beside(canvas: Canvas, label: str, value: str, y: int, room: int) -> None:
    """The label and, inverted at the end of its (last) line, the value: under a two-line
    prompt, or a notice over the form, there is no room for the value under its label."""
    face = small()
    value_w = min(face.measure(value), room // 2)
    one_line = next((f for f in (face, tiny()) if f.measure(label) <= room - value_w - 8), None)
    if one_line is not None:
        lines, label_face, x1 = [label], one_line, canvas.x0 + room - 4
    else:  # the label on two lines, the value at the end of the second
        label_face, x1 = face, canvas.x1
        lines = wrap(label, face.measure, canvas.width - value_w - 8, 2, first_width=room)
    for i, line in enumerate(lines):
        width = (room if i == 0 else canvas.width) - (value_w + 8 if i == len(lines) - 1 else 0)
        canvas.text(canvas.x0, y + i * face.height + (face.height - label_face.height) // 2, line,
                    label_face, width)
    value_y = y + (len(lines) - 1) * face.height
    canvas.box(x1 - value_w - 1, value_y, x1, value_y + face.height - 1, fill=ON, outline=None)
    canvas.text(x1 - value_w, value_y, value, face, value_w, fill=OFF)


def _check_title(title: str, where: str) -> str:
    """A check page's top line: the form's prompt whole if it fits beside the page
    number, else its head before the first colon ("Despair (1/3)" of "Despair
    (1/3): ability spaces"), so that the check pages of two forms in a row (Myth's
    three conquest tracks) never look alike; "Check the values" when not even that fits."""
    head = title.split(":", 1)[0].strip()
    return next((t for t in (title, head) if t and _fits(t, where)), "Check the values")


def _label_face(label: str, room: int) -> Face | None:
    """The font a field's label fits ``room`` in: the small one, else the tiny one, else None."""
    return next((f for f in (small(), tiny()) if f.measure(label) <= room), None)


def _fits(text: str, right: str) -> bool:
    """True when ``text`` and ``right`` share the top line uncut."""
    measure = small().measure
    return measure(text) + (measure(right) + 4 if right else 0) <= WIDTH - 2 * MARGIN_X


def _draw_value(canvas: Canvas, value: str, y0: int, y1: int) -> None:
    """A field's value centred in rows ``y0``..``y1``: large when it fits, else wrapped."""
    room_h = y1 - y0 + 1
    if big_font(value, canvas.width, room_h) is not None:
        w, h = big_size(value, canvas.width, room_h)
        canvas.big(canvas.x0 + (canvas.width - w) // 2, y0 + (room_h - h) // 2, value,
                   canvas.width, room_h)
        return
    draw_paragraph(canvas, value, y0, y1)


#: Help's text width: the line less the scroll arrows' column.
HELP_WIDTH = WIDTH - 2 * MARGIN_X - 7
#: Help's lines on the OLED at a time (the Menhir dial scrolls them).
HELP_ROWS = 4


def help_lines(about: str, rows: Sequence[tuple[str, str]]) -> list[str]:
    """Help as the OLED's lines, never cut: the step (or the form's prompt and focused
    field) in full, then each control and what it does; the Menhir dial scrolls them."""
    measure = small().measure
    lines = wrap(about, measure, HELP_WIDTH, len(about)) if about else []
    for control, action in rows:
        text = f"{control}: {action}"
        lines += wrap(text, measure, HELP_WIDTH, len(text))
    return lines


def draw_help(canvas: Canvas, rows: Sequence[tuple[str, str]], about: str = "",
               scroll: int = 0) -> None:
    """Help, four lines at a time (the Menhir dial scrolls); any press closes it."""
    face = small()
    lines = help_lines(about, rows)
    shown = HELP_ROWS
    first = max(0, min(scroll, len(lines) - shown))
    for i, line in enumerate(lines[first:first + shown]):
        canvas.text(canvas.x0, canvas.y0 + i * face.height, line, face, HELP_WIDTH)
    if first > 0:
        canvas.arrow(canvas.x1 - 4, canvas.y0 + 1, up=True)
    more = first + shown < len(lines)
    if more:
        canvas.arrow(canvas.x1 - 4, canvas.y0 + shown * face.height - 5, up=False)
    draw_keys(canvas, ("dial:more" if more else "", "press:close"), rule=False)


def notice_over_form(message: Message | None) -> list[str]:
    """An information message over an open form, as at most two lines of the tiny font
    (the form's value is then drawn above it, so a value is never confirmed while a
    notice hides it: Kreel's "Attacks: Threat 1 2 = 2" over the Block field); [] when
    there is none or it needs more (then it is drawn as over any view)."""
    if message is None or message.kind != "info":
        return []
    lines = wrap(message.short, tiny().measure, WIDTH - 2 * MARGIN_X - 4, 2)
    return [] if is_cut(lines) else lines


def notice_top(canvas: Canvas, lines: Sequence[str]) -> int:
    """The first row of a notice of ``lines`` in the tiny font at the bottom of the OLED."""
    return canvas.y1 - len(lines) * tiny().height - 1


def _draw_notice(canvas: Canvas, lines: Sequence[str], face: Face) -> None:
    """An information message: ``lines`` inverted at the bottom, over whatever is below
    (a line of it the notice would cut is cleared whole; a form left room above it).
    What is lit just above it is cleared up to an empty row, so a one-line notice ("Tray
    ready") takes the bottom line's place and its rule, and the focused value above it
    stays in view (clearing two rows more reached the value's bar and took it all)."""
    y0 = canvas.y1 - len(lines) * face.height - 1
    canvas.clear_band(canvas.x0, y0, canvas.x1, canvas.y1)
    canvas.box(canvas.x0, y0, canvas.x1, canvas.y1, fill=ON, outline=None)
    for i, line in enumerate(lines):
        canvas.text(canvas.x0 + 2, y0 + 1 + i * face.height, line, face, canvas.width - 4, OFF)


#: The lines of the tiny font an information message longer than three small lines takes.
NOTICE_TINY_LINES = 5


def draw_message(canvas: Canvas, message: Message, over_form: Sequence[str] = ()) -> None:
    """A message over the view: an information one at the bottom (``over_form``: the
    lines :func:`notice_over_form` made of it, in the tiny font), a refusal or the end
    framed in the middle.

    An information message is a game's result the player may have to act on ("3/4
    March: no assault (no enemies at Farrenroc or a structure)"): one longer than three
    lines of the small font takes up to :data:`NOTICE_TINY_LINES` of the tiny font
    rather than lose its end; it goes at the next input.
    """
    face = small()
    if over_form:
        _draw_notice(canvas, over_form, tiny())
        return
    if message.kind == "info":
        lines = wrap(message.short, face.measure, canvas.width - 4, 3)
        if is_cut(lines):
            face = tiny()
            lines = wrap(message.short, face.measure, canvas.width - 4, NOTICE_TINY_LINES)
        _draw_notice(canvas, lines, face)
        return
    # error and end: a framed box over the middle of the view, up to four lines.
    inner_w = canvas.width - 8
    lines = wrap(message.short, face.measure, inner_w, 4)
    height = max(1, len(lines)) * face.height + 8
    y0 = max(canvas.y0, (canvas.y0 + canvas.y1 + 1 - height) // 2)
    y1 = min(canvas.y1, y0 + height - 1)
    x0, x1 = canvas.x0, canvas.x1
    canvas.clear_band(x0, max(canvas.y0, y0 - 1), x1, min(canvas.y1, y1 + 1))
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
