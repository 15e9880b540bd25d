"""Myth at 800x480 shows its Action decks and its map's key whole, beside the map
(issue 25, on the screen): since the map's cells became two lines tall, the Action
decks were cut to one line ("… 2 more lines") and the key only showed on a taller
screen. Nor is the step in the narrow column beside the map cut ("or select: L…")."""

from __future__ import annotations

import dataclasses
import os

import pytest

from tests.ui.scripted_play import played
from ui import cuts
from ui.text import ELLIPSIS

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")


@pytest.fixture(scope="module")
def play_frames(tmp_path_factory):
    """The play views of Myth's script (a setup and about two rounds), without the
    message of the moment (a banner over the panels that goes at the next input)."""
    frames = played("myth-dark-frontier", tmp_path_factory.mktemp("myth") / "data")
    return [dataclasses.replace(f, message=None) for f in frames
            if f.game is not None and f.game.grid and not (f.menu or f.form or f.history or f.help)]


def test_action_decks_and_the_map_key_are_drawn_whole_at_800x480(play_frames, monkeypatch):
    import pygame

    from ui.screen import ScreenRenderer

    pygame.font.init()
    mid_game = [f for f in play_frames if any("Hero 1" in line for p in f.game.panels for line in p.lines)]
    assert len(mid_game) > 10  # cards played: the decks' lines at their longest
    drawn: list[str] = []
    monkeypatch.setattr(cuts, "drawn", lambda display, shown: drawn.append(shown))
    for frame in mid_game:
        drawn.clear()
        ScreenRenderer((800, 480)).render(frame)  # drawn whole (a renderer draws only what changed)
        panels = {p.title: p.lines for p in frame.game.panels}
        text = " ".join(drawn)
        # The journal strip ends its long entries in "…" (History has them whole); nothing else does.
        journal = " ".join(frame.journal)
        cut = [line for line in drawn if "more lines" in line
               or line.endswith(ELLIPSIS) and line.removesuffix(ELLIPSIS) not in journal]
        assert not cut, (frame.game.step, cut)
        for title in ("Action decks", "Map key"):
            assert title in drawn
            assert all(word in text for line in panels[title] for word in line.split()), (title, drawn)
