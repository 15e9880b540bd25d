"""The fonts bundled with Table Warden (see README.md here for sources and licences).

The renderers load fonts only from this folder, never from the system.
"""

from __future__ import annotations

from pathlib import Path

FONT_DIR = Path(__file__).resolve().parent

#: Terminus (TTF): bitmap strikes at 12, 14, 16… px, crisp on the 1-bit OLED.
TERMINUS = FONT_DIR / "TerminusTTF-4.46.0.ttf"
#: DejaVu Sans: the screen's body text.
DEJAVU_SANS = FONT_DIR / "DejaVuSans.ttf"
#: DejaVu Sans Bold: the OLED's big value and the screen's headings and numbers.
DEJAVU_SANS_BOLD = FONT_DIR / "DejaVuSans-Bold.ttf"
