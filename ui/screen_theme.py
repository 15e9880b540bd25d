"""The screen's colours: ``day`` for a lit room, ``night`` for a dark one."""

from __future__ import annotations

from dataclasses import dataclass

Color = tuple[int, int, int]


@dataclass(frozen=True)
class Theme:
    """The screen's colours."""

    background: Color = (10, 10, 14)
    card: Color = (28, 30, 38)
    border: Color = (70, 74, 88)
    text: Color = (245, 245, 245)
    muted: Color = (170, 174, 186)
    accent: Color = (255, 184, 28)  # focus, the current step
    accent_text: Color = (0, 0, 0)
    bar: Color = (90, 160, 255)
    bar_back: Color = (48, 52, 64)
    done: Color = (110, 210, 120)
    error: Color = (255, 90, 80)
    info: Color = (90, 160, 255)
    shade: tuple[int, int, int, int] = (0, 0, 0, 170)
    #: The plot's lines, one colour per series in turn.
    plot: tuple[Color, ...] = ((255, 184, 28), (80, 200, 230), (140, 220, 120), (255, 110, 100))


#: High contrast on a dark ground, for a lit room.
DAY = Theme()
#: Dim, warm and low in blue on black, for a dark room (the panel's backlight still shows).
NIGHT = Theme(
    background=(0, 0, 0),
    card=(16, 12, 10),
    border=(56, 40, 32),
    text=(196, 150, 118),
    muted=(124, 94, 76),
    accent=(206, 112, 40),
    accent_text=(0, 0, 0),
    bar=(128, 80, 56),
    bar_back=(34, 26, 22),
    done=(130, 140, 70),
    error=(210, 64, 48),
    info=(128, 84, 60),
    shade=(0, 0, 0, 200),
    plot=((206, 112, 40), (150, 110, 90), (130, 140, 70), (210, 64, 48)),
)
THEMES = {"day": DAY, "night": NIGHT}
