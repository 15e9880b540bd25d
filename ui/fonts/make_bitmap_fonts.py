"""Make the OLED's bitmap fonts (``*.pil`` + ``*.pbm``) from Debian's PCF fonts.

Run once, on a machine with Debian's ``xfonts-terminus``, ``xfonts-base`` and
``pcf2bdf`` installed::

    .venv/bin/python -m ui.fonts.make_bitmap_fonts

PIL's bitmap fonts hold 256 glyphs, indexed by a byte. Each font keeps
Latin-1 where it is (U+0020-007E, U+00A0-00FF) and carries the few other
characters the box draws (``…``, dashes, arrows, ``−``…) in the unused
control slots, as :data:`ui.fonts.EXTRA_CHARS` lists them; the renderer
translates its text the same way before it measures or draws it.
"""

from __future__ import annotations

import gzip
import io
import re
import subprocess
import sys
from pathlib import Path

from PIL import BdfFontFile

from ui.fonts import BITMAP_FONTS, EXTRA_CHARS, FONT_DIR, extra_slot

X11_MISC = Path("/usr/share/fonts/X11/misc")

#: Each bundled font's name -> the PCF it is made from.
SOURCES = {
    "terminus-12": "ter-u12n_unicode.pcf.gz",
    "terminus-14": "ter-u14n_unicode.pcf.gz",
    "terminus-16": "ter-u16n_unicode.pcf.gz",
    **{f"terminus-bold-{size}": f"ter-u{size}b_unicode.pcf.gz" for size in (14, 16, 18, 20, 22, 24, 28, 32)},
    "fixed-5x8": "5x8.pcf.gz",
}


def _bdf(pcf: Path) -> bytes:
    raw = gzip.decompress(pcf.read_bytes())
    return subprocess.run(["pcf2bdf"], input=raw, capture_output=True, check=True).stdout


def _remapped(bdf: bytes) -> tuple[bytes, list[str]]:
    """The BDF with every glyph outside the 256 slots dropped, the extra characters
    moved into their slots; and the extra characters the font does not have."""
    head, _, rest = bdf.partition(b"STARTCHAR")
    chars = re.findall(rb"STARTCHAR.*?ENDCHAR\n", b"STARTCHAR" + rest, re.S)
    kept: list[bytes] = []
    found: set[str] = set()
    for char in chars:
        code = int(re.search(rb"ENCODING (-?\d+)", char).group(1))  # type: ignore[union-attr]
        if 0x20 <= code <= 0x7E or 0xA0 <= code <= 0xFF:
            kept.append(char)
        elif chr(code) in EXTRA_CHARS and code > 0xFF:
            found.add(chr(code))
            kept.append(re.sub(rb"ENCODING -?\d+", b"ENCODING %d" % extra_slot(chr(code)), char))
    head = re.sub(rb"CHARS \d+", b"CHARS %d" % len(kept), head)
    missing = [c for c in EXTRA_CHARS if c not in found]
    return head + b"".join(kept) + b"ENDFONT\n", missing


def main() -> int:
    for name, source in SOURCES.items():
        assert name in BITMAP_FONTS, name
        bdf, missing = _remapped(_bdf(X11_MISC / source))
        font = BdfFontFile.BdfFontFile(io.BytesIO(bdf))
        font.save(str(FONT_DIR / f"{name}.pil"))
        print(f"{name}: from {source}; without {''.join(missing) or 'none'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
