"""The OLED's bands and the blocks pages share: the step line (with the phase's tag),
the header, a centred paragraph and the bottom line of keys."""

from __future__ import annotations

from ui.model import Keys
from ui.oled_canvas import HEIGHT, MARGIN_X, MARGIN_Y, OFF, ON, WIDTH, Canvas, large, medium, small
from ui.text import is_cut, wrap

# Vertical bands of the play view (content rows 1..62 on a 64-row display).
TOP_Y = MARGIN_Y
TOP_RULE = TOP_Y + 13
MID_Y = TOP_RULE + 2
LINE = 12  # the small font's line
KEYS_Y = HEIGHT - MARGIN_Y - LINE  # the bottom line: facts, or what confirms and leaves
BOTTOM_RULE = KEYS_Y - 2
PAGE_Y = TOP_RULE + 1  # the first of the three lines of a check page or help


def draw_top_line(canvas: Canvas, text: str) -> None:
    canvas.text(canvas.x0, TOP_Y, text, small(), canvas.width)
    canvas.rule(TOP_RULE)


def step_lines(tag: str, text: str) -> int:
    """How many lines the step takes after the phase's tag (5 when more than 4)."""
    measure = small().measure
    width = WIDTH - 2 * MARGIN_X
    first = width - (measure(tag) + 5 if tag else 0)
    lines = wrap(text, measure, width, 5, first_width=first)
    return 5 if is_cut(lines) else len(lines)


def draw_step_lines(canvas: Canvas, tag: str, text: str, max_lines: int = 2) -> int:
    """The phase's tag (inverted) and the step, wrapped over up to ``max_lines`` lines.

    Returns the y of the rule under them. A step longer than that ends in an
    ellipsis (help, ``select`` held, shows it in full).
    """
    face = small()
    x = canvas.x0
    if tag:
        w = face.measure(tag)
        canvas.box(x, TOP_Y, x + w + 1, TOP_Y + face.height - 1, fill=ON, outline=None)
        canvas.text(x + 1, TOP_Y, tag, face, w, fill=OFF)
        x += w + 2 + 3
    lines = wrap(text, face.measure, canvas.width, max_lines, first_width=canvas.x1 - x + 1) if text else []
    for i, line in enumerate(lines):
        canvas.text(x if i == 0 else canvas.x0, TOP_Y + i * face.height, line, face,
                    canvas.x1 - (x if i == 0 else canvas.x0) + 1)
    rule = TOP_RULE if len(lines) < 2 else TOP_Y + len(lines) * face.height + 1
    if rule < BOTTOM_RULE:
        canvas.rule(rule)
    return rule


def draw_keys(canvas: Canvas, keys: Keys, rule: bool = True) -> None:
    """The bottom line of a menu, form or help: what confirms on the left, how to leave on the right."""
    face = small()
    left, right = keys
    if rule:
        canvas.rule(BOTTOM_RULE)
    right_x = canvas.x1 + 1
    if right:
        right_x = canvas.right(KEYS_Y, right, face)
    if left:
        canvas.text(canvas.x0, KEYS_Y, left, face, right_x - canvas.x0 - 4)


def paragraph_fits(canvas: Canvas, text: str, y0: int, y1: int, inset: int = 0) -> bool:
    face = small()
    lines = wrap(text, face.measure, canvas.width - 2 * inset, max(1, (y1 - y0 + 1) // (face.height + 1)))
    return not is_cut(lines)


def draw_paragraph(canvas: Canvas, text: str, y0: int, y1: int, fill: int = ON, inset: int = 0) -> None:
    """``text`` centred in rows ``y0``..``y1``: the medium font if it fits whole, else the small one."""
    width = canvas.width - 2 * inset
    lines: list[str] = []
    face = medium()
    for face in (large(), medium(), small()):
        rows = max(1, (y1 - y0 + 1) // (face.height + 1))
        lines = wrap(text, face.measure, width, rows)
        if not is_cut(lines):
            break
    step = face.height + (1 if (face.height + 1) * len(lines) <= y1 - y0 + 1 else 0)
    y = y0 + (y1 - y0 + 1 - len(lines) * step) // 2
    for line in lines:
        canvas.centered(y, line, face, canvas.x0 + inset, canvas.x1 - inset, fill)
        y += step


def draw_header(canvas: Canvas, title: str, right: str = "") -> None:
    face = small()
    right_w = face.measure(right)
    canvas.text(canvas.x0, TOP_Y, title, face, canvas.width - right_w - (4 if right else 0))
    if right:
        canvas.text(canvas.x1 - right_w + 1, TOP_Y, right, face, right_w)
    canvas.rule(TOP_RULE)
