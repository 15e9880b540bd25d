"""The screen renderer and the OLED preview, drawn off-screen (SDL's dummy video driver)."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402
from PIL import Image, ImageChops  # noqa: E402

from games.core.views import GameView, Panel, TrackView  # noqa: E402
from tests.ui.golden_images import assert_close_to_golden  # noqa: E402
from tests.ui.sample_frames import ALL, action_track_frame, play_frame  # noqa: E402
from ui import cuts  # noqa: E402
from ui.model import Frame, Menu, Message  # noqa: E402
from ui.oled import render_oled  # noqa: E402
from ui.oled_preview import DARK, LIT, blit_oled, oled_surface  # noqa: E402
from ui.screen import THEMES, ScreenRenderer  # noqa: E402
from ui.screen_dice import PIPS  # noqa: E402

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


def _mean_brightness(surface: pygame.Surface) -> float:
    image = to_pil(surface).convert("L")
    return sum(i * n for i, n in enumerate(image.histogram())) / (image.width * image.height)


@pytest.mark.parametrize("name", ["play", "plot", "menu"])
def test_the_night_theme_is_darker_than_the_day_theme(name: str) -> None:
    day = ScreenRenderer((800, 480), THEMES["day"]).render(ALL[name]())
    night = ScreenRenderer((800, 480), THEMES["night"]).render(ALL[name]())
    assert _mean_brightness(night) < 0.8 * _mean_brightness(day)


def test_the_night_theme_is_low_in_blue() -> None:
    image = to_pil(ScreenRenderer((800, 480), THEMES["night"]).render(ALL["plot"]()))
    red, green, blue = (channel.getextrema()[1] for channel in image.split())
    assert blue < red and blue <= 160


def test_each_series_is_plotted_in_its_colour(renderer: ScreenRenderer) -> None:
    frame = ALL["plot"]()
    colors = {color for _, color in to_pil(renderer.render(frame)).getcolors(maxcolors=1 << 22)}
    assert set(renderer.theme.plot[:2]) <= colors
    bare = Frame(**{**frame.__dict__, "game": GameView(**{**frame.game.__dict__, "series": ()})})
    bare_colors = {c for _, c in to_pil(renderer.render(bare)).getcolors(maxcolors=1 << 22)}
    assert renderer.theme.plot[1] not in bare_colors


@pytest.mark.parametrize("values", [(), (5,), (3, 3, 3), (-4, 20, 0)])
def test_plot_takes_short_flat_and_negative_series(values: tuple[int, ...]) -> None:
    game = GameView(headline="Plot", series=(("Value", values),))
    assert ScreenRenderer((800, 480)).render(Frame(game=game)).get_size() == (800, 480)


def test_the_grid_marks_where_the_party_is(renderer: ScreenRenderer) -> None:
    frame = ALL["plot"]()
    moved = GameView(**{**frame.game.__dict__, "grid": (("*101", "102"), ("106", "107"))})
    a = pygame.image.tobytes(renderer.render(frame), "RGB")
    b = pygame.image.tobytes(renderer.render(Frame(**{**frame.__dict__, "game": moved})), "RGB")
    assert a != b


def _party_cell(renderer: ScreenRenderer, grid: tuple[tuple[str, ...], ...], offset: bool) -> tuple:
    """Where the highlighted (party) cell is drawn: the box in which a frame with it
    differs from the same frame without it."""
    frame = ALL["plot"]()

    def shot(cells: tuple[tuple[str, ...], ...]) -> Image.Image:
        game = GameView(**{**frame.game.__dict__, "grid": cells, "grid_offset_rows": offset})
        return to_pil(renderer.render(Frame(**{**frame.__dict__, "game": game})))

    plain = tuple(tuple(label.removeprefix("*") for label in row) for row in grid)
    return ImageChops.difference(shot(grid), shot(plain)).getbbox()


def test_a_hex_grid_draws_odd_rows_half_a_cell_left_of_even_rows(renderer: ScreenRenderer) -> None:
    """``GameView.grid_offset_rows`` (Myth's hex board): a cell in an odd row sits
    between the two cells above it, not under one of them."""
    top = (("*A", "B", "C"), ("D", "E", "F"))
    below = (("A", "B", "C"), ("*D", "E", "F"))
    square_top, square_below = _party_cell(renderer, top, False), _party_cell(renderer, below, False)
    assert square_top[0] == square_below[0]  # square cells: one column, one x
    hex_top, hex_below = _party_cell(renderer, top, True), _party_cell(renderer, below, True)
    width = hex_top[2] - hex_top[0]
    assert hex_below[1] > hex_top[3]  # the odd row is below the even one
    assert abs((hex_top[0] - hex_below[0]) - width / 2) <= renderer.px(4)  # half a cell (and gap) left
    # Still inside the card: the cells are centred in it, so the hex map, half a cell wider
    # than the square one, starts at most a quarter of a cell to its left.
    assert hex_top[2] <= renderer.size[0] and hex_below[0] >= square_below[0] - width // 4 - renderer.px(4)


def test_hex_grid_capture_matches_the_stored_one() -> None:
    frame = ALL["plot"]()
    game = GameView(**{**frame.game.__dict__, "grid_offset_rows": True})
    surface = ScreenRenderer((800, 480)).render(Frame(**{**frame.__dict__, "game": game}))
    assert_close_to_golden(to_pil(surface), "screen_hex_grid_800x480", tolerance=0.01)


def test_a_huge_grid_is_left_out_rather_than_overflowing() -> None:
    game = GameView(headline="Big map", grid=tuple(("1",) * 60 for _ in range(60)),
                    panels=(Panel("P", ("line",)),))
    assert ScreenRenderer((800, 480)).render(Frame(game=game)).get_size() == (800, 480)


@pytest.mark.parametrize("theme", ["day", "night"])
def test_plot_capture_matches_the_stored_one(theme: str) -> None:
    surface = ScreenRenderer((800, 480), THEMES[theme]).render(ALL["plot"]())
    assert_close_to_golden(to_pil(surface), f"screen_plot_{theme}_800x480", tolerance=0.01)


def test_the_action_power_track_is_its_three_slots_with_die_faces() -> None:
    """Kreel's Action Power Track (issue 14): slots '1' to '3' side by side, each its Action,
    its Power Die's face (pips) and its notes, with nothing cut."""
    with cuts.counting() as drawn:
        surface = ScreenRenderer((800, 480)).render(action_track_frame())
    assert drawn.cut == {}
    assert_close_to_golden(to_pil(surface), "screen_action_track_800x480", tolerance=0.01)


@pytest.mark.parametrize("pips", range(1, 7))
def test_a_die_face_has_its_pips_in_a_face_that_turns_onto_itself(pips: int) -> None:
    spots = PIPS[pips]
    assert len(set(spots)) == pips
    assert {(2 - column, 2 - row) for column, row in spots} == set(spots)


def test_a_two_line_map_label_is_drawn_as_two_lines_in_a_readable_font() -> None:
    """Myth's cells, "D1" over "1mo+1": each line drawn on its own (never a "\\n" glyph),
    one under the other, and a wide map (seven cells a row) gets its labels at least 9 px
    high at 800x480 ("D1 1mo+1" on one line came out about 6 px)."""
    from ui import screen_charts

    renderer = ScreenRenderer((800, 480))
    drawn: list[tuple[str, int, int]] = []
    text = renderer.text

    def spy(surface, line, font, color, x, y, width, *args, **kwargs):
        drawn.append((line, y, font.get_height()))
        return text(surface, line, font, color, x, y, width, *args, **kwargs)

    grid = tuple(tuple(f"D{c}\n1mo+1" if (r + c) % 3 == 0 else f"S{c}" for c in range(7)) for r in range(7))
    game = GameView(headline="Map", grid=grid, grid_offset_rows=True, panels=(Panel("P", ("line",)),))
    renderer.text = spy  # type: ignore[method-assign]
    try:
        renderer.render(Frame(game=game))
    finally:
        del renderer.text
    labels = [(line, y, h) for line, y, h in drawn if line in ("D0", "1mo+1") or line.startswith("S")]
    assert not any("\n" in line for line, _, _ in drawn)
    top = next(y for line, y, _ in labels if line == "D0")
    under = next(y for line, y, _ in labels if line == "1mo+1")
    assert under > top
    assert min(h for _, _, h in labels) >= 9
    assert screen_charts._label_lines(grid) == 2


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_form_of_no_fields_shows_its_text_whole(size: tuple[int, int]) -> None:
    """A confirmation (Grail's "End the phase?") is its text: wrapped over its lines,
    each drawn whole in its width, never cut ("Ends II. During the Day for all; turns
    not taken are…")."""
    from ui.model import Form

    text = "Ends II. During the Day for all; turns not taken are lost"
    renderer = ScreenRenderer(size)
    drawn: list[tuple[str, bool]] = []
    draw = renderer.text

    def spy(surface, line, font, color, x, y, width, *args, **kwargs):
        drawn.append((line, renderer.measure(font)(line) <= width))
        return draw(surface, line, font, color, x, y, width, *args, **kwargs)

    renderer.text = spy  # type: ignore[method-assign]
    try:
        renderer.render(Frame(title="Tainted Grail", game=play_frame().game,
                              form=Form("End the phase?", (), text, ("next:yes", "back:no"))))
    finally:
        del renderer.text
    said = [(line, fits) for line, fits in drawn if line and line in text]
    assert " ".join(line for line, _ in said) == text, said
    assert all(fits for _, fits in said), said
