"""The screen draws again only the parts of a frame that changed (issue 16), and a frame
drawn that way is pixel for pixel, and region for region, the frame drawn whole.

The frames are the four games' acceptance scripts played on the controller
(tests/ui/scripted_play.py): menus, forms, help, messages and the game's end
come and go among them, as at the table.
"""

from __future__ import annotations

import os
from dataclasses import replace

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from tests.ui.sample_frames import play_frame  # noqa: E402
from tests.ui.scripted_play import SCRIPTS, played  # noqa: E402
from ui import cuts  # noqa: E402
from ui.model import Menu, Message  # noqa: E402
from ui.screen import ScreenRenderer  # noqa: E402


def pixels(surface: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surface, "RGB")


@pytest.mark.parametrize("game", list(SCRIPTS))
def test_each_frame_drawn_in_parts_is_the_frame_drawn_whole(game, tmp_path):
    frames = played(game, tmp_path / "data")
    assert len(frames) > 20
    screen = ScreenRenderer((800, 480))
    for index, frame in enumerate(frames):
        drawn = pixels(screen.render(frame))
        whole = ScreenRenderer((800, 480))
        assert drawn == pixels(whole.render(frame)), f"{game}: frame {index} differs from a whole drawing"
        assert screen.hits == whole.hits, f"{game}: frame {index}'s touch regions differ"


def test_an_unchanged_frame_draws_nothing():
    screen = ScreenRenderer((800, 480))
    first = pixels(screen.render(play_frame()))
    with cuts.counting() as again:
        assert pixels(screen.render(play_frame())) == first
    assert again.lines == {}


def test_a_detent_draws_only_the_turned_track_again():
    screen = ScreenRenderer((800, 480))
    frame = play_frame()
    with cuts.counting() as whole:
        screen.render(frame)
    spirit = frame.game.tracks[0]
    turned = replace(frame, game=replace(frame.game, tracks=(replace(spirit, value=spirit.value - 1),
                                                             *frame.game.tracks[1:])))
    with cuts.counting() as detent:
        screen.render(turned)
    assert detent.lines["screen"] == 5  # its label, value and maximum, and its - and +
    assert whole.lines["screen"] > 30
    assert pixels(screen.render(turned)) == pixels(ScreenRenderer((800, 480)).render(turned))


def test_a_message_gone_leaves_the_parts_under_it_drawn_again():
    screen, whole = ScreenRenderer((800, 480)), ScreenRenderer((800, 480))
    frame = play_frame()
    screen.render(frame)
    with_message = pixels(screen.render(replace(frame, message=Message("Saved", "Saved the game"))))
    assert with_message != pixels(whole.render(frame))
    assert pixels(screen.render(frame)) == pixels(whole.render(frame))


def test_a_menu_move_draws_the_menu_again_not_the_game_under_it():
    """The shaded game under a menu is kept while it is unchanged (issue 27: a menu move drew
    the whole game again under the shade, 3.6-5.8 times the OLED's cost)."""
    screen = ScreenRenderer((800, 480))
    frame = replace(play_frame(), menu=Menu("Actions", ("Use an Action", "Defeat a Threat", "History"), 0))
    with cuts.counting() as opened:
        screen.render(frame)
    moved = replace(frame, menu=replace(frame.menu, cursor=1))
    with cuts.counting() as move:
        drawn = pixels(screen.render(moved))
    assert drawn == pixels(ScreenRenderer((800, 480)).render(moved))
    assert move.lines["screen"] <= 6 < opened.lines["screen"], (move.lines, opened.lines)
