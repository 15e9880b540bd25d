"""Text drawn cut: at most 2% of the lines the OLED and the screen draw over the four
games' acceptance scripts (issue "Playable from the OLED alone"); and no play view
with an empty body on the OLED.

The scripts are played in-process on the controller (the same one the service
runs), and every frame after every input is drawn by both renderers while
:mod:`ui.cuts` counts the lines drawn and those that end in an ellipsis.
"""

from __future__ import annotations

import os

import pytest

from tests.ui.scripted_play import SCRIPTS, played
from ui import cuts
from ui.oled import render_oled

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

#: The share of lines a display may draw cut.
MAX_CUT = 0.02


@pytest.fixture(scope="module")
def drawn(tmp_path_factory) -> tuple[cuts.Tally, list[str]]:
    """Every frame of the scripts drawn on the OLED and, whole, on the screen (a renderer of
    its own for each frame: the share is of what the player sees, not of what is redrawn)."""
    import pygame

    from ui.screen import ScreenRenderer

    pygame.font.init()
    empty: list[str] = []
    with cuts.counting() as counted:
        for game in SCRIPTS:
            for frame in played(game, tmp_path_factory.mktemp(game) / "data"):
                image = render_oled(frame)
                ScreenRenderer((800, 480)).render(frame)
                covered = frame.menu or frame.form or frame.history or frame.help
                plain = frame.game is not None and not covered
                if plain and frame.message is None and image.crop((0, 15, 128, 49)).getbbox() is None:
                    empty.append(f"{game}: {frame.game.phase!r} {frame.game.step!r}")
    return counted, empty


@pytest.fixture(scope="module")
def tally(drawn) -> cuts.Tally:
    return drawn[0]


def test_no_play_view_has_an_empty_body(drawn):
    assert drawn[1] == []


@pytest.mark.parametrize("display", ["oled", "screen"])
def test_at_most_two_percent_of_the_text_is_drawn_cut(tally, display):
    drawn, cut = tally.lines.get(display, 0), tally.cut.get(display, 0)
    assert drawn > 1000  # the scripts were played and drawn
    examples = sorted(set(tally.examples.get(display, [])))[:40]
    assert cut / drawn <= MAX_CUT, f"{cut} of {drawn} lines cut on the {display}: {examples}"
