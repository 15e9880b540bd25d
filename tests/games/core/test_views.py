"""The view helpers every game uses: tracks with their bounds, procedure steps, phase title,
the current step's line."""

from games.core import Command, apply, new_game
from games.core.views import phase_name, procedure_steps, step_line, track_views
from tests.games.core.test_engine import GAME


def test_track_views_carry_current_values_and_state_bounds():
    state = new_game(GAME, {"hp": 8}, 1).state
    state = apply(GAME, state, Command("adjust", {"track": "hp", "delta": -3})).state
    [hp] = track_views(GAME, state)
    assert (hp.key, hp.label, hp.value, hp.low, hp.high) == ("hp", "HP", 5, 0, 8)


def test_procedure_steps_mark_done_current_and_todo():
    state = new_game(GAME, {}, 1).state
    assert procedure_steps(GAME, state) == () and phase_name(GAME, state) == ""
    state = apply(GAME, apply(GAME, state, Command("next")).state, Command("next")).state
    assert phase_name(GAME, state) == "Upkeep"
    assert procedure_steps(GAME, state) == (
        ("Shuffle the deck", "done"), ("Enter a number", "current"),
        ("Double it", "todo"), ("Skipped", "todo"),
    )
    assert [text for text, _ in procedure_steps(GAME, state, automatic=False)] == [
        "Shuffle the deck", "Enter a number", "Skipped",
    ]


def test_step_line_is_the_current_step_then_what_next_starts_then_nothing_once_over():
    state = new_game(GAME, {}, 1).state
    assert step_line(GAME, state, "Press next: upkeep") == ("Press next: upkeep", "reminder")
    assert step_line(GAME, state, "") == ("", "")
    state = apply(GAME, state, Command("next")).state
    assert step_line(GAME, state, "unused") == ("Shuffle the deck", "reminder")
    state = apply(GAME, state, Command("next")).state
    assert step_line(GAME, state, "unused") == ("Enter a number", "prompt")
    worded = step_line(GAME, state, "unused", lambda s, step: f"{step.id}: {s['hp']} HP")
    assert worded == ("ask: 10 HP", "prompt")
    state = dict(state, procedure=None, over={"result": "loss", "text": "Defeated"})
    assert step_line(GAME, state, "Press next: upkeep") == ("", "")
