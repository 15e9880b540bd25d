"""The screen renderer and the OLED preview, drawn off-screen (SDL's dummy video driver)."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402
from PIL import Image  # noqa: E402

from games.core.views import GameView, Panel, TrackView  # noqa: E402
from tests.ui.golden_images import assert_close_to_golden  # noqa: E402
from tests.ui.sample_frames import ALL, play_frame  # noqa: E402
from ui.model import Frame, Menu, Message  # noqa: E402
from ui.oled import render_oled  # noqa: E402
from ui.oled_preview import DARK, LIT, blit_oled, oled_surface  # noqa: E402
from ui.screen import ScreenRenderer  # noqa: E402

SIZES = [(800, 480), (1024, 600), (1920, 1080)]


def to_pil(surface: pygame.Surface) -> Image.Image:
    return Image.frombytes("RGB", surface.get_size(), pygame.image.tobytes(surface, "RGB"))


@pytest.fixture(scope="module", params=SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def renderer(request: pytest.FixtureRequest) -> ScreenRenderer:
    return ScreenRenderer(request.param)


@pytest.mark.parametrize("name", sorted(ALL))
def test_renders_every_sample_non_blank(renderer: ScreenRenderer, name: str) -> None:
    surface = renderer.render(ALL[name]())
    assert surface.get_size() == renderer.size
    colors = to_pil(surface).getcolors(maxcolors=1 << 20)
    assert colors is not None and len(colors) > 10  # text and shapes, not a flat fill


def test_does_not_open_a_window() -> None:
    ScreenRenderer((800, 480)).render(play_frame())
    assert pygame.display.get_surface() is None


def test_equal_frames_draw_equal_pixels() -> None:
    renderer = ScreenRenderer((800, 480))
    a = pygame.image.tobytes(renderer.render(play_frame()), "RGB")
    b = pygame.image.tobytes(renderer.render(play_frame()), "RGB")
    assert a == b


@pytest.mark.parametrize("name", ["play", "menu", "error"])
def test_capture_matches_the_stored_one(name: str) -> None:
    surface = ScreenRenderer((800, 480)).render(ALL[name]())
    assert_close_to_golden(to_pil(surface), f"screen_{name}_800x480", tolerance=0.01)


def test_crowded_and_long_content_renders(renderer: ScreenRenderer) -> None:
    long = "A very long line of text that will never fit in any column " * 4
    game = GameView(
        headline=long,
        phase=long,
        step=long,
        tracks=tuple(TrackView(f"t{i}", long, i, 0, 20) for i in range(12)),
        facts=((long, long),) * 3,
        panels=tuple(Panel(long, (long,) * 12) for i in range(8)),
        steps=tuple((long, s) for s in ("done", "done", "current", "todo", "todo")) * 4,
        over=long,
    )
    frames = [
        Frame(game=game, focus="t3", journal=(long,) * 5, tray=long),
        Frame(game=game, history=Menu(long, (long,) * 40, cursor=20)),
        Frame(game=game, help=((long, long),) * 30, message=Message(long, long, "error")),
        Frame(game=game, message=Message(long, long, "info")),
        Frame(title=long, tray=long, menu=Menu(long, ()), message=Message(long, "", "end")),
    ]
    for frame in frames:
        assert renderer.render(frame).get_size() == renderer.size


def test_oled_preview_is_pixel_exact() -> None:
    image = render_oled(play_frame())
    surface = oled_surface(image, scale=4)
    assert surface.get_size() == (512, 256)
    for x, y in [(0, 0), (10, 20), (64, 32), (127, 63), (5, 55)]:
        expected = LIT if image.getpixel((x, y)) else DARK
        for dx in range(4):
            for dy in range(4):
                assert tuple(surface.get_at((x * 4 + dx, y * 4 + dy)))[:3] == expected
    big = to_pil(surface).resize(image.size, Image.NEAREST).convert("L").point(
        lambda v: 255 if v > 128 else 0).convert("1")
    assert big.tobytes() == image.tobytes()


def test_blit_oled_picks_the_largest_whole_scale() -> None:
    target = pygame.Surface((600, 300))
    rect = blit_oled(target, render_oled(play_frame()), target.get_rect())
    assert rect.size == (512, 256)
    assert rect.center == (300, 150)


def test_the_focused_track_stays_visible_among_many() -> None:
    renderer = ScreenRenderer((800, 480))
    tracks = tuple(TrackView(f"t{i}", f"Track {i}", i, 0, 20) for i in range(15))
    game = GameView(headline="Many tracks", tracks=tracks)
    last = to_pil(renderer.render(Frame(game=game, focus="t14")))
    first = to_pil(renderer.render(Frame(game=game, focus="t0")))
    accent = renderer.theme.accent
    for image in (first, last):
        colors = {color for _, color in image.getcolors(maxcolors=1 << 20)}
        assert accent in colors  # the focused row's frame is drawn
