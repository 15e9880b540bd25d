"""Opens the real simulator window on an X display and grabs it back from the X server.

Run as ``python -m tests.ui.xvfb_capture OUT_DIR SAMPLE`` with ``DISPLAY`` set
(by ``test_xvfb``, on Xvfb). It shows the sample frame on the screen and the
OLED, then writes ``window.png`` (what the X server holds: the pixels a
person would see) and ``layout.json`` (where the OLED is, at what scale).
"""

from __future__ import annotations

import json
import os
import sys
import time
from pathlib import Path

os.environ["SDL_VIDEO_WINDOW_POS"] = "0,0"
os.environ["SDL_VIDEODRIVER"] = "x11"


def main(out: Path, sample: str) -> int:
    import pygame
    from PIL import ImageGrab

    from device.screen import PygameScreen, init_pygame
    from hw_sim.oled import DummyDisplay
    from hw_sim.pins import SimPins
    from hw_sim.window import SimWindow
    from tests.ui.sample_frames import ALL
    from ui.oled import render_oled

    if not init_pygame(headless=False):
        print("no window could be opened", file=sys.stderr)
        return 1
    pins = SimPins()
    display = DummyDisplay()
    window = SimWindow(PygameScreen((800, 480), window=False), display, pins)
    frame = ALL[sample]()
    display.show(render_oled(frame))
    window.draw(frame)
    for _ in range(10):  # let the X server map and paint the window
        pygame.event.pump()
        window.draw(frame)
        time.sleep(0.05)
    width, height = window.window.get_size()
    grab = ImageGrab.grab(bbox=(0, 0, width, height), xdisplay=os.environ["DISPLAY"])
    grab.save(out / "window.png")
    layout = window.layout
    (out / "layout.json").write_text(json.dumps({
        "driver": pygame.display.get_driver(),
        "oled": [layout.oled.left, layout.oled.top], "scale": layout.oled_scale,
        "screen": list(window.screen.renderer.size), "size": [width, height],
    }))
    window.close()
    pins.close()
    return 0


if __name__ == "__main__":
    sys.exit(main(Path(sys.argv[1]), sys.argv[2]))
