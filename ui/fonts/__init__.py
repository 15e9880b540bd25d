"""The fonts bundled with Table Warden (see README.md here for sources and licences).

The renderers load fonts only from this folder, never from the system.
"""

from __future__ import annotations

from pathlib import Path

FONT_DIR = Path(__file__).resolve().parent

#: DejaVu Sans: the screen's body text.
DEJAVU_SANS = FONT_DIR / "DejaVuSans.ttf"
#: DejaVu Sans Bold: the screen's headings and numbers.
DEJAVU_SANS_BOLD = FONT_DIR / "DejaVuSans-Bold.ttf"

#: The OLED's bitmap fonts (``NAME.pil`` + ``NAME.pbm``, made by ``make_bitmap_fonts``):
#: Terminus at its native sizes, regular and bold, and the public-domain X11 5x8.
#: Drawn by PIL without FreeType, so every CPU draws the same pixels.
BITMAP_FONTS = (
    "terminus-12", "terminus-14", "terminus-16",
    *(f"terminus-bold-{size}" for size in (14, 16, 18, 20, 22, 24, 28, 32)),
    "fixed-5x8",
)

#: Characters beyond Latin-1 the bitmap fonts carry, in the byte slots Latin-1 leaves
#: unused (0x80-0x9F, then 0x01-0x1F), in this order.
EXTRA_CHARS = (
    "\u2010\u2011\u2012\u2013\u2014\u2015\u2016\u2017\u2018\u2019\u201a\u201b"
    "\u201c\u201d\u201e\u201f\u2020\u2021\u2022\u2026"
    "\u2030\u2039\u203a\u2190\u2191\u2192\u2193\u2194\u2195\u2212"
    "\u25a0\u25cf\u25cb\u221e\u2264\u2265\u266a"
)
_SLOTS = [*range(0x80, 0xA0), *range(0x01, 0x20)]


def extra_slot(char: str) -> int:
    """The byte slot of one of :data:`EXTRA_CHARS` in a bitmap font."""
    return _SLOTS[EXTRA_CHARS.index(char)]


class _ToSlots(dict[int, str]):
    """``str.translate`` table: Latin-1 stays, an extra character goes to its slot, any
    other character (or a control character) becomes ``?``."""

    def __missing__(self, code: int) -> str:
        if 0x20 <= code <= 0x7E or 0xA0 <= code <= 0xFF:
            return chr(code)
        return "?"


#: Characters drawn as others that all the bitmap fonts have.
STAND_INS = {"\u25aa": "\u25a0", "\u25a1": "\u25cb", "\u2713": "v", "\u2717": "x", "\u2023": ">",
             "\u2024": ".", "\u2025": "..", "\u2027": "\u00b7"}

TO_SLOTS = _ToSlots({ord(c): chr(extra_slot(c)) for c in EXTRA_CHARS})
TO_SLOTS.update({ord(c): stand_in.translate(TO_SLOTS) for c, stand_in in STAND_INS.items()})


def to_slots(text: str) -> str:
    """``text`` as a bitmap font's bytes (see :data:`EXTRA_CHARS`)."""
    return text if text.isascii() and text.isprintable() else text.translate(TO_SLOTS)
