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

from app.controller import Controller
from contracts.events import DiceRolled, Hold, Press, Turn
from store.journal import Journal
from tests.acceptance import test_grail_script, test_kilforth_script, test_kreel_script, test_myth_script
from tests.acceptance.harness import new_game
from ui import cuts
from ui.oled import render_oled

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

#: The share of lines a display may draw cut.
MAX_CUT = 0.02


def _event(line: dict):
    if "press" in line:
        return Press(line["press"])
    if "hold" in line:
        return Hold(line["hold"])
    if "turn" in line:
        return Turn(line["turn"], line["steps"])
    if "dice" in line:
        return DiceRolled(tuple(line["dice"]))
    return None


class Clock:
    now = 1000.0

    def __call__(self) -> float:
        return self.now


class Table:
    """A controller on a fresh journal, each frame drawn on the OLED and the screen."""

    def __init__(self, tmp_path, seed: int) -> None:
        from ui.screen import ScreenRenderer

        self.journal, _ = Journal.open(tmp_path / "data")
        self.clock = Clock()
        self.controller = Controller(self.journal, seed=lambda: seed, clock=self.clock, dim_after=0)
        self.screen = ScreenRenderer((800, 480))
        self.empty_bodies: list[str] = []
        self.draw()

    def draw(self) -> None:
        frame = self.controller.frame()
        image = render_oled(frame)
        self.screen.render(frame)
        plain = frame.game is not None and not (frame.menu or frame.form or frame.history or frame.help)
        if plain and frame.message is None and image.crop((0, 15, 128, 49)).getbbox() is None:
            self.empty_bodies.append(f"{frame.game.phase!r} {frame.game.step!r}")

    def play(self, lines: list[dict]) -> None:
        for line in lines:
            if "wait" in line:
                self.clock.now += line["wait"]
            event = _event(line)
            if event is not None:
                self.controller.handle(event)
                self.draw()

    def read_and_answer(self, presses: int) -> None:
        """Go on as a player reading the OLED: a form (or its check page) is answered
        with select, a question with next, anything else with next."""
        for _ in range(presses):
            form = self.controller.frame().form
            answer = "select" if form is not None and (form.fields or not form.review) else "next"
            self.play([{"press": answer}])


def _myth(table: Table) -> None:
    table.play([*new_game("myth-dark-frontier"), *test_myth_script.SETUP])
    table.read_and_answer(120)  # about two rounds


SCRIPTS = {
    "kreel-manor": (7, lambda t: t.play(test_kreel_script.a_round_with_a_revealed_threat())),
    "gloom-of-kilforth": (1, lambda t: t.play(test_kilforth_script.two_days_and_a_night())),
    "tainted-grail": (1, lambda t: t.play(test_grail_script.three_days())),
    "myth-dark-frontier": (3, _myth),
}


@pytest.fixture(scope="module")
def played(tmp_path_factory) -> tuple[cuts.Tally, list[str]]:
    import pygame

    pygame.font.init()
    empty: list[str] = []
    with cuts.counting() as counted:
        for game, (seed, play) in SCRIPTS.items():
            table = Table(tmp_path_factory.mktemp(game), seed)
            try:
                play(table)
            finally:
                table.journal.close()
            empty += [f"{game}: {body}" for body in table.empty_bodies]
    return counted, empty


@pytest.fixture(scope="module")
def tally(played) -> cuts.Tally:
    return played[0]


def test_no_play_view_has_an_empty_body(played):
    assert played[1] == []


@pytest.mark.parametrize("display", ["oled", "screen"])
def test_at_most_two_percent_of_the_text_is_drawn_cut(tally, display):
    drawn, cut = tally.lines.get(display, 0), tally.cut.get(display, 0)
    assert drawn > 1000  # the scripts were played and drawn
    examples = sorted(set(tally.examples.get(display, [])))[:40]
    assert cut / drawn <= MAX_CUT, f"{cut} of {drawn} lines cut on the {display}: {examples}"
