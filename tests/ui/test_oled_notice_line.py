"""A one-line notice on the OLED takes the bottom line's place only (issue 25, "Tray
connecting hides the bottom line"): after a restart "Tray ready" cleared the focused value
too, up to the step, until an input; the value stays in view."""

from __future__ import annotations

import dataclasses

from PIL import ImageChops

from tests.ui.sample_frames import play_frame
from ui.model import Message
from ui.oled import HEIGHT, render_oled
from ui.oled_canvas import small


def test_a_one_line_notice_leaves_the_focused_value_in_view():
    frame = play_frame()
    plain = render_oled(frame).convert("L")
    noticed = render_oled(dataclasses.replace(frame, message=Message("Tray ready"))).convert("L")
    box = ImageChops.difference(plain, noticed).getbbox()
    assert box is not None
    assert box[1] >= HEIGHT - small().height - 4  # the bottom line and its rule, nothing above
