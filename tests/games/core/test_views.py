"""The view helpers every game uses: tracks with their bounds, procedure steps, phase title."""

from games.core import Command, apply, new_game
from games.core.views import phase_title, procedure_steps, track_views
from tests.games.core.test_engine import GAME


def test_track_views_carry_current_values_and_state_bounds():
    state = new_game(GAME, {"hp": 8}, 1).state
    state = apply(GAME, state, Command("adjust", {"track": "hp", "delta": -3})).state
    [hp] = track_views(GAME, state)
    assert (hp.key, hp.label, hp.value, hp.low, hp.high) == ("hp", "HP", 5, 0, 8)


def test_procedure_steps_mark_done_current_and_todo():
    state = new_game(GAME, {}, 1).state
    assert procedure_steps(GAME, state) == () and phase_title(GAME, state) == ""
    state = apply(GAME, apply(GAME, state, Command("next")).state, Command("next")).state
    assert phase_title(GAME, state) == "Upkeep"
    assert procedure_steps(GAME, state) == (
        ("Shuffle the deck", "done"), ("Enter a number", "current"),
        ("Double it", "todo"), ("Skipped", "todo"),
    )
    assert [text for text, _ in procedure_steps(GAME, state, automatic=False)] == [
        "Shuffle the deck", "Enter a number", "Skipped",
    ]
