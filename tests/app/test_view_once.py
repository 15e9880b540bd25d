"""The game's view is built once for each state a press passes through (issue 27).

A press asks for the view several times (the step's wording before a
``next``, a refusal's wording, the frame); a Myth view is a quarter of a
millisecond each time on this machine, ten times that on a Zero. The view
kept must still be the state's own after every command, undo and redo.
"""

from contracts.events import Hold, Press, Turn
from games.core import Game
from tests.app.test_controller import make, start_counter


def test_a_press_builds_the_view_once_for_each_state_and_never_shows_a_stale_one(journal, clock, monkeypatch):
    controller = make(journal, clock)
    start_counter(controller)
    built: list[dict] = []
    view = Game.view

    def counted(game, state):
        built.append(state)
        return view(game, state)

    monkeypatch.setattr(Game, "view", counted)
    for event in (Press("next"), Press("next"), Turn("spirit", 1), Press("undo"), Press("undo"),
                  Hold("undo"), Turn("spirit", -1)):
        built.clear()
        controller.handle(event)
        frame = controller.frame()
        controller.frame()
        assert len(built) == len({id(state) for state in built}), event  # each state once
        assert frame.game == view(controller.game(), journal.state()[0]), event
