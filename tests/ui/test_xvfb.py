"""Screen frames captured under a virtual X display (Xvfb), as in CI.

The simulator window is opened for real on Xvfb and grabbed back from the X
server: the OLED part must be the OLED frame pixel for pixel (scaled), the
screen part must match the headless render, and the whole window must stay
within a tolerance of the stored capture. ``make deps-xvfb`` installs Xvfb
where it is missing; without it these tests are skipped.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from PIL import Image

from hw_sim.xvfb import start_xvfb
from tests.ui.golden_images import assert_close_to_golden, differing_fraction
from tests.ui.sample_frames import ALL
from ui.oled import render_oled

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def xvfb():
    """A private X display; its name (":N")."""
    started = start_xvfb(1920, 1080)
    if started is None:
        pytest.skip("Xvfb is not installed (make deps-xvfb)")
    server, display = started
    try:
        yield display
    finally:
        server.terminate()
        server.wait(10)


def capture(display: str, tmp_path: Path, sample: str) -> tuple[Image.Image, dict]:
    env = {k: v for k, v in os.environ.items() if k != "WAYLAND_DISPLAY"}
    env.update(DISPLAY=display, PYGAME_HIDE_SUPPORT_PROMPT="1", SDL_AUDIODRIVER="dummy")
    done = subprocess.run([sys.executable, "-m", "tests.ui.xvfb_capture", str(tmp_path), sample],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    layout = json.loads((tmp_path / "layout.json").read_text())
    assert layout["driver"] == "x11"
    return Image.open(tmp_path / "window.png").convert("RGB"), layout


@pytest.mark.parametrize("sample", ["play", "plot"])
def test_the_window_on_x_shows_the_frames(xvfb, tmp_path, sample):
    window, layout = capture(xvfb, tmp_path, sample)
    oled = render_oled(ALL[sample]())
    scale, (left, top) = layout["scale"], layout["oled"]
    shown = window.crop((left, top, left + oled.width * scale, top + oled.height * scale))
    shown = shown.resize(oled.size, Image.Resampling.NEAREST).convert("L")
    assert shown.point(lambda v: 255 if v > 128 else 0).convert("1").tobytes() == oled.tobytes()
    assert_close_to_golden(window, f"xvfb_window_{sample}", tolerance=0.01)


def test_the_screen_on_x_matches_the_headless_capture(xvfb, tmp_path):
    import pygame

    from tests.ui.test_screen import to_pil
    from ui.screen import ScreenRenderer

    window, layout = capture(xvfb, tmp_path, "play")
    width, height = layout["screen"]
    top = (layout["size"][1] - height) // 2
    on_x = window.crop((0, top, width, top + height))
    headless = to_pil(ScreenRenderer((width, height)).render(ALL["play"]()))
    pygame.display.quit()
    assert differing_fraction(on_x, headless) < 0.01
