"""Measuring, wrapping and fitting text: the one place both renderers do it.

The OLED measures with PIL fonts, the screen with pygame fonts; both hand a
:data:`Measure` (a text's width in pixels) to :func:`fit` and :func:`wrap`,
so a line is cut or wrapped the same way on either display. Measuring is most
of a text-heavy frame's cost, so :class:`Widths` remembers each width per
font (bounded, so a long session's texts cannot grow it without end).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence

ELLIPSIS = "\u2026"

#: A text's width in pixels in some font.
Measure = Callable[[str], int]

#: How many texts a cache keeps per font before it starts again (a few frames' worth).
MAX_CACHED_TEXTS = 4096


class Widths:
    """Text widths remembered per font: each text measured once (cleared when full).

    Whoever owns the fonts owns their widths, so both go together.
    """

    def __init__(self) -> None:
        self._measures: dict[Hashable, Measure] = {}

    def of(self, font: Hashable, width_of: Measure) -> Measure:
        """``width_of`` (the width of a text in ``font``), remembered."""
        measure = self._measures.get(font)
        if measure is None:
            widths: dict[str, int] = {}

            def measure(text: str) -> int:
                width = widths.get(text)
                if width is None:
                    if len(widths) >= MAX_CACHED_TEXTS:
                        widths.clear()
                    width = widths[text] = width_of(text)
                return width
            self._measures[font] = measure
        return measure


def is_cut(lines: Sequence[str]) -> bool:
    """True when wrapped ``lines`` end cut (the last one ellipsized)."""
    return bool(lines) and lines[-1].endswith(ELLIPSIS)


KERNING_SLACK = 2  # cuts past the one halving finds that are tried too (see fit)


def fit(text: str, measure: Measure, max_width: int) -> str:
    """``text`` cut and ended with an ellipsis so that ``measure`` gives at most ``max_width``:
    the longest such cut.

    The cut is found by halving, since a longer cut is never narrower, so a
    230-character summary costs about eight measurements rather than one per
    character cut; the few cuts just past the one found are tried as well, in
    case a font's kerning makes a character narrow the line.
    """
    if measure(text) <= max_width:
        return text

    def cut_at(cut: int) -> str:
        return text[:cut].rstrip() + ELLIPSIS

    low, high = -1, len(text) - 1  # cut_at(high + 1) never fits; cut_at(low) counts as fitting
    while low < high:
        middle = (low + high + 1) // 2
        if measure(cut_at(middle)) <= max_width:
            low = middle
        else:
            high = middle - 1
    for cut in range(min(len(text) - 1, low + KERNING_SLACK), low, -1):
        if measure(cut_at(cut)) <= max_width:
            return cut_at(cut)
    return cut_at(low) if low >= 0 else ""


def wrap(text: str, measure: Measure, max_width: int, max_lines: int,
         first_width: int | None = None) -> list[str]:
    """Word-wrap ``text`` into at most ``max_lines`` lines; the last is ellipsized if cut.

    ``first_width`` is the first line's room when it is narrower (text after a
    tag); a single word wider than its line is cut.
    """
    lines: list[str] = []
    words = text.split()
    current = ""

    def room() -> int:
        return first_width if first_width is not None and not lines else max_width

    while words and len(lines) < max_lines:
        candidate = f"{current} {words[0]}" if current else words[0]
        if measure(candidate) <= room():
            current = candidate
            words.pop(0)
            continue
        lines.append(current or fit(words.pop(0), measure, room()))
        current = ""
    if current and len(lines) < max_lines:
        lines.append(current)
    if words and lines:
        last = first_width if first_width is not None and len(lines) == 1 else max_width
        lines[-1] = fit(" ".join([lines[-1], *words]), measure, last)
    return lines
