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
