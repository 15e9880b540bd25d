"""The screen's caches never show a stale drawing (issue 16): the cards laid out per
panels, the text boxes blended onto a known ground and the rounded boxes drawn once
each give what drawing afresh gives, and a change to what they show shows; a rule filled
is the line pygame draws."""

from __future__ import annotations

import os
from dataclasses import replace

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402

from games.core.views import Panel  # noqa: E402
from tests.ui.sample_frames import play_frame  # noqa: E402
from ui.model import Frame  # noqa: E402
from ui.screen import ScreenRenderer  # noqa: E402
from ui.screen_dialogs import DIALOG_FONTS  # noqa: E402
from ui.screen_pen import Boxes, Pen  # noqa: E402
from ui.screen_theme import THEMES  # noqa: E402


def pixels(surface: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surface, "RGB")


def with_heroes(frame: Frame, *lines: str) -> Frame:
    assert frame.game is not None
    panels = tuple(Panel("Heroes", lines) if p.title == "Heroes" else p for p in frame.game.panels)
    return replace(frame, game=replace(frame.game, panels=panels))


def test_a_changed_panel_line_shows_and_changing_it_back_shows_the_first_again():
    screen = ScreenRenderer((800, 480))
    first = play_frame()
    before = pixels(screen.render(first))
    for frame in (with_heroes(first, "Elsa — 3 HP", "Tomas — 2 HP"),
                  with_heroes(first, "Elsa — 3 HP, poisoned and far from the Hall's door", "Tomas — 2 HP"),
                  first):
        drawn = pixels(screen.render(frame))
        assert drawn == pixels(ScreenRenderer((800, 480)).render(frame))
        assert (drawn == before) == (frame == first)


def two_surfaces(pen: Pen, ground: tuple[int, int, int]) -> tuple[pygame.Surface, pygame.Surface]:
    """Two surfaces in the pen's pixel format, both all ``ground``."""
    first, second = pen.surface.copy(), pen.surface.copy()
    first.fill(ground)
    second.fill(ground)
    return first, second


def test_a_line_on_a_ground_is_the_line_blended_onto_it_for_each_ground():
    pen = Pen((800, 480), THEMES["day"])
    font = pen.font(22, bold=True)
    for ground in ((40, 44, 52), (250, 240, 220), (40, 44, 52)):
        blended, copied = two_surfaces(pen, ground)
        pen.text(blended, "Spirit 7 → 6", font, (230, 180, 40), 30, 20, 400)
        pen.text(copied, "Spirit 7 → 6", font, (230, 180, 40), 30, 20, 400, ground=ground)
        assert pixels(copied) == pixels(blended), ground


def test_a_rounded_box_is_the_box_drawn_for_each_look():
    pen = Pen((800, 480), THEMES["day"])
    rect = pygame.Rect(17, 23, 120, 60)
    for fill, edge, width in (((40, 44, 52), (90, 90, 90), 1), ((200, 60, 60), (90, 90, 90), 1),
                              ((200, 60, 60), (250, 200, 0), 3)):
        drawn, copied = two_surfaces(pen, (10, 12, 14))
        pygame.draw.rect(drawn, fill, rect, border_radius=6)
        pygame.draw.rect(drawn, edge, rect, width=width, border_radius=6)
        pen.card(copied, rect, fill, edge, width, 6, (10, 12, 14))
        assert pixels(copied) == pixels(drawn), (fill, edge, width)


def test_the_boxes_kept_stay_within_their_pixels():
    boxes = Boxes(budget=1000)
    for index in range(12):
        box = pygame.Surface((20, 10))
        assert boxes.keep(index, box) is box
        assert boxes.pixels <= 1000
        assert boxes.get(index) is box
    assert boxes.get(0) is None  # let go to make room


def test_a_rule_is_the_line_draw_line_gives_for_each_width():
    pen = Pen((800, 480), THEMES["day"])
    for width in range(1, 6):
        drawn, filled = two_surfaces(pen, (10, 12, 14))
        pygame.draw.line(drawn, (200, 60, 60), (5, 40), (300, 40), width)
        pen.rule(filled, (200, 60, 60), 5, 300, 40, width)
        assert pixels(filled) == pixels(drawn), width


def test_prepare_loads_every_font_the_dialogs_draw_in_and_the_shade_draws_as_before():
    """What ``prepare`` makes at idle is all the first menu, form, help, history or message
    needs (no font is loaded inside that press), and a dialog drawn after it is the same."""
    from tests.ui.sample_frames import actions_frame, error_frame, form_frame, help_frame, history_frame

    dialogs = (actions_frame, form_frame, help_frame, history_frame, error_frame)
    fresh = ScreenRenderer((800, 480))
    fresh.render(play_frame())
    expected = [pixels(fresh.render(dialog())) for dialog in dialogs]
    screen = ScreenRenderer((800, 480))
    screen.render(play_frame())
    screen.prepare()
    loaded = set(screen._fonts)
    drawn = [pixels(screen.render(dialog())) for dialog in dialogs]
    assert set(screen._fonts) == loaded, f"loaded inside a dialog: {set(screen._fonts) - loaded}"
    assert drawn == expected


def assert_prepared(screen: ScreenRenderer) -> None:
    """``screen`` holds what :meth:`ScreenRenderer.prepare` makes: every dialog font, at its size."""
    wanted = {(bold, screen.px(size)) for size, bold in DIALOG_FONTS}
    assert wanted <= set(screen._fonts), f"not prepared: {wanted - set(screen._fonts)}"
