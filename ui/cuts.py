"""How much of the text the renderers draw is cut: the share a test keeps small.

Both renderers report each line of text they draw to :func:`drawn`; a line
that ends in an ellipsis was cut to fit (by ``fit`` or on the last line of a
``wrap``). Nothing is counted unless a :func:`counting` block is open, so the
box itself pays one ``if`` per line.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field

from ui.text import ELLIPSIS


@dataclass
class Tally:
    """Lines drawn and lines drawn cut, per display (``"oled"``, ``"screen"``)."""

    lines: dict[str, int] = field(default_factory=dict)
    cut: dict[str, int] = field(default_factory=dict)
    examples: dict[str, list[str]] = field(default_factory=dict)

    def share(self, display: str) -> float:
        return self.cut.get(display, 0) / max(1, self.lines.get(display, 0))


_tally: Tally | None = None


def drawn(display: str, shown: str) -> None:
    """One line of text drawn on ``display`` as ``shown`` (after any cutting)."""
    if _tally is None or not shown:
        return
    _tally.lines[display] = _tally.lines.get(display, 0) + 1
    if shown.endswith(ELLIPSIS):
        _tally.cut[display] = _tally.cut.get(display, 0) + 1
        _tally.examples.setdefault(display, []).append(shown)


@contextmanager
def counting() -> Iterator[Tally]:
    """Count the lines drawn (and cut) while the block runs."""
    global _tally
    outer, _tally = _tally, Tally()
    try:
        yield _tally
    finally:
        _tally = outer


# --- clipping: a glyph partly hidden by something drawn after it -------------------------

Box = tuple[int, int, int, int]  # x0, y0, x1, y1, inclusive


@dataclass
class Placed:
    """One thing drawn on the OLED: ``text`` (its ink's box) or another element."""

    kind: str  # "text", "box", "clear", "line", "bounds"
    box: Box
    text: str = ""


_placed: list[Placed] | None = None


def placed(kind: str, box: Box, text: str = "") -> None:
    """``kind`` drawn over ``box`` (a text's ink, or an element), while :func:`placing` records."""
    if _placed is not None:
        _placed.append(Placed(kind, box, text))


@contextmanager
def placing() -> Iterator[list[Placed]]:
    """Record what is drawn (in order) while the block runs."""
    global _placed
    outer, _placed = _placed, []
    try:
        yield _placed
    finally:
        _placed = outer


def _overlap(a: Box, b: Box) -> Box | None:
    box = (max(a[0], b[0]), max(a[1], b[1]), min(a[2], b[2]), min(a[3], b[3]))
    return box if box[0] <= box[2] and box[1] <= box[3] else None


def clipped(drawn: list[Placed]) -> list[str]:
    """The texts whose ink was drawn partly hidden: partly outside the drawable bounds, or
    partly under something drawn after it (a box, a clear, a rule, another text). A text
    wholly under a later element (a message box over the view) is hidden, not clipped."""
    bounds = next((p.box for p in drawn if p.kind == "bounds"), None)
    found = []
    for i, text in enumerate(drawn):
        if text.kind != "text":
            continue
        if bounds is not None and _overlap(text.box, bounds) != text.box:
            found.append(f"{text.text!r} outside the OLED's bounds")
            continue
        for later in drawn[i + 1:]:
            if later.kind == "bounds":
                continue
            common = _overlap(text.box, later.box)
            if common is not None and common != text.box:
                found.append(f"{text.text!r} partly under a later {later.kind} {later.text!r}".rstrip(" '"))
                break
            if common == text.box:
                break  # hidden whole from here on
    return found
