"""What fits on the OLED uncut (ui/oled.py), for the games' view tests."""

from games.core import GameView

#: The bottom line: 124 px inside the margins, 6 px a character (Terminus 12), 3 px
#: between a label and its value, 6 px between two facts.
FACTS_ROOM = {1: 20, 2: 18, 3: 17}

#: An action-menu row: 115 px beside the scroll arrows, less the mark of an action not
#: possible now ("×"), at 6 px a character.
MENU_ROW = 18


def assert_facts_fit(view: GameView) -> None:
    """The bottom line's labels and values fit without the renderer cutting a label:
    20 characters for one fact, 18 for two, 17 for three."""
    assert 1 <= len(view.facts) <= 3, view.facts
    used = sum(len(label) + len(value) for label, value in view.facts)
    assert used <= FACTS_ROOM[len(view.facts)], view.facts
