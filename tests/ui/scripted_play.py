"""The four games' acceptance scripts played in-process on the controller, every frame kept.

The frames are what the service would draw after each input, in order: the
renderer tests draw them (tests/ui/test_cut_text.py counts the text drawn cut,
tests/ui/test_screen_parts.py checks the screen's parts against whole drawings).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from app.controller import Controller
from contracts.events import DiceRolled, Hold, Press, Turn
from store.journal import Journal
from tests.acceptance import test_grail_script, test_kilforth_script, test_kreel_script, test_myth_script
from tests.acceptance.harness import new_game
from ui.model import Frame


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
    """A controller on a fresh journal; ``frames`` holds its frame after every input."""

    def __init__(self, journal: Journal, seed: int) -> None:
        self.clock = Clock()
        self.controller = Controller(journal, seed=lambda: seed, clock=self.clock, dim_after=0)
        self.frames: list[Frame] = [self.controller.frame()]

    def play(self, lines: list[dict]) -> None:
        for line in lines:
            if "wait" in line:
                self.clock.now += line["wait"]
            event = _event(line)
            if event is not None:
                self.controller.handle(event)
                self.frames.append(self.controller.frame())

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


#: Each game's seed and its script.
SCRIPTS: dict[str, tuple[int, Callable[[Table], None]]] = {
    "kreel-manor": (7, lambda t: t.play(test_kreel_script.a_round_with_a_revealed_threat())),
    "gloom-of-kilforth": (1, lambda t: t.play(test_kilforth_script.two_days_and_a_night())),
    "tainted-grail": (1, lambda t: t.play(test_grail_script.three_days())),
    "myth-dark-frontier": (3, _myth),
}


def played(game: str, data_dir: Path) -> list[Frame]:
    """Every frame of ``game``'s script, played on a fresh journal in ``data_dir``."""
    seed, play = SCRIPTS[game]
    journal, _ = Journal.open(data_dir)
    try:
        table = Table(journal, seed)
        play(table)
    finally:
        journal.close()
    return table.frames
