"""The OLED renderer: golden frames, bounds, shift."""

from __future__ import annotations

import pytest
from PIL import Image

from games.core.views import GameView, TrackView
from tests.ui.golden_images import assert_matches_golden
from tests.ui.sample_frames import ALL, KREEL, play_frame
from ui.model import Form, FormField, Frame, Menu, Message
from ui.oled import MARGIN_X, MARGIN_Y, render_oled, render_power_off

LONG = "An extraordinarily long piece of text that could never fit on a small display " * 3


@pytest.mark.parametrize("name", sorted(ALL))
def test_golden_frames(name: str) -> None:
    image = render_oled(ALL[name]())
    assert image.mode == "1" and image.size == (128, 64)
    assert_matches_golden(image, f"oled_{name}")


def test_equal_frames_draw_equal_pixels() -> None:
    a, b = render_oled(play_frame()), render_oled(play_frame())
    assert a.tobytes() == b.tobytes()


def _margin_is_blank(image: Image.Image) -> bool:
    width, height = image.size
    inner = Image.new("1", image.size, 0)
    inner.paste(image.crop((MARGIN_X, MARGIN_Y, width - MARGIN_X, height - MARGIN_Y)),
                (MARGIN_X, MARGIN_Y))
    return inner.tobytes() == image.tobytes()


def _long_frames() -> dict[str, Frame]:
    game = GameView(
        headline=LONG,
        phase=LONG,
        step=LONG,
        tracks=(TrackView("x", LONG, 123456789, -5, 999999),),
        facts=((LONG, LONG), (LONG, "12"), ("Threats", LONG)),
        over=None,
    )
    return {
        "game": Frame(game=game, focus="x"),
        "no_track": Frame(game=GameView(headline=LONG, phase=LONG, step=LONG,
                                        facts=((LONG, LONG),))),
        "over": Frame(game=GameView(headline=LONG, over=LONG, facts=((LONG, "1"),))),
        "title": Frame(title=LONG, tray=LONG),
        "menu": Frame(menu=Menu(title=LONG, items=(LONG,) * 9, cursor=4)),
        "form": Frame(form=Form(title=LONG, hint=LONG, fields=(
            FormField(LONG, LONG), FormField(LONG, LONG, focused=True), FormField(LONG, "1")))),
        "help": Frame(help=((LONG, LONG),) * 12),
        "error": Frame(game=KREEL, message=Message(short=LONG, kind="error")),
        "info": Frame(game=KREEL, message=Message(short=LONG, kind="info")),
        "end": Frame(game=KREEL, message=Message(short=LONG, kind="end")),
    }


@pytest.mark.parametrize("name", sorted(_long_frames()))
def test_long_text_stays_inside_the_display(name: str) -> None:
    image = render_oled(_long_frames()[name])
    assert image.getbbox() is not None
    assert _margin_is_blank(image), "something was drawn into the anti-burn-in margin"


@pytest.mark.parametrize("name", sorted(ALL))
def test_every_sample_leaves_the_margin_blank(name: str) -> None:
    assert _margin_is_blank(render_oled(ALL[name]()))


@pytest.mark.parametrize("shift", [(MARGIN_X, MARGIN_Y), (-MARGIN_X, -MARGIN_Y), (1, 0)])
def test_shift_moves_every_pixel_without_clipping(shift: tuple[int, int]) -> None:
    frame = play_frame()
    still = render_oled(frame)
    moved = render_oled(Frame(**{**frame.__dict__, "shift": shift}))
    assert moved.tobytes() != still.tobytes()
    dx, dy = shift
    expected = Image.new("1", still.size, 0)
    expected.paste(still, (dx, dy))
    assert moved.tobytes() == expected.tobytes()
    assert sum(moved.histogram()[1:]) == sum(still.histogram()[1:])  # nothing clipped


def test_shift_beyond_the_margin_is_clamped() -> None:
    frame = play_frame()
    far = render_oled(Frame(**{**frame.__dict__, "shift": (40, -40)}))
    edge = render_oled(Frame(**{**frame.__dict__, "shift": (MARGIN_X, -MARGIN_Y)}))
    assert far.tobytes() == edge.tobytes()


def test_dim_is_not_drawn() -> None:
    frame = play_frame()
    dimmed = Frame(**{**frame.__dict__, "dim": True})
    assert render_oled(dimmed).tobytes() == render_oled(frame).tobytes()


def test_focus_picks_the_track() -> None:
    spirit = render_oled(Frame(game=KREEL, focus="spirit"))
    power = render_oled(Frame(game=KREEL, focus="power"))
    default = render_oled(Frame(game=KREEL))
    assert spirit.tobytes() != power.tobytes()
    assert default.tobytes() == spirit.tobytes()


def test_menu_cursor_moves_the_highlight() -> None:
    items = tuple(f"Item {i}" for i in range(8))
    images = {render_oled(Frame(menu=Menu("Pick", items, cursor=i))).tobytes() for i in range(8)}
    assert len(images) == 8


def test_power_off_frame() -> None:
    image = render_power_off()
    assert image.mode == "1" and image.size == (128, 64)
    assert _margin_is_blank(image)
    lit = sum(image.histogram()[1:])
    assert 0 < lit < 0.15 * 128 * 64  # a few words, not a bright panel left on
    assert_matches_golden(image, "oled_power_off")


def test_a_view_without_step_phase_or_tracks_still_has_a_body() -> None:
    image = render_oled(Frame(game=GameView(headline="Kreel Manor · Round 2")))
    assert image.crop((0, 15, 128, 49)).getbbox() is not None


def test_a_form_shows_its_place_and_keys_and_two_equal_values_draw_differently() -> None:
    fields = (FormField("Spend die", "0", True), FormField("Skills/bonus", "0"))
    first = render_oled(Frame(form=Form("Use", fields, keys=("next:check", "back:close"))))
    fields = (FormField("Spend die", "0"), FormField("Skills/bonus", "0", True))
    second = render_oled(Frame(form=Form("Use", fields, keys=("next:check", "back:close"))))
    assert first.tobytes() != second.tobytes()


def test_a_long_result_is_drawn_whole_without_its_headline() -> None:
    from ui import cuts

    game = GameView(headline="Kreel Manor · A3 Round 6",
                    over="Defeat: 3 Adventures lost, the Campaign ends in failure")
    with cuts.counting() as tally:
        render_oled(Frame(game=game))
    assert tally.lines["oled"] >= 4 and tally.cut.get("oled", 0) == 0
