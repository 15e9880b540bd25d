"""``next`` with nothing to finish says where the actions are, in words that fit the OLED (issue 25,
point 4). Its first wording was 3 lines long: the RuleError refused it with a ValueError, and the
press failed instead of saying anything."""

from app.steps import nothing_next
from contracts.events import Press
from games.core.errors import RuleError, fits_oled


def test_next_with_nothing_to_finish_names_select_within_the_oled():
    worded = nothing_next("H2: Action/Camp, 4 AP")(RuleError("Nothing to do next", "No procedure runs."))
    assert fits_oled(worded.short) and "select" in worded.short
    assert worded.long.startswith("H2: Action/Camp, 4 AP: ") and "select" in worded.long


def test_other_refusals_pass_through_as_they_are():
    other = RuleError("Answer the prompt")
    assert nothing_next("")(other) is other


def test_next_with_nothing_to_finish_is_a_notice_not_a_refusal(journal, clock, monkeypatch):
    """Guidance is no refusal: the screen shows it in the notice banner, never under the
    error dialog's "Not allowed", and the OLED at the bottom rather than framed as an error."""
    import dataclasses
    import os

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    from games.core import registry
    from tests.app.test_controller import make, start_counter
    from tests.fixtures.counter_game import COUNTER, GAME_ID
    from ui import cuts
    from ui.screen import ScreenRenderer

    monkeypatch.setitem(registry._GAMES, GAME_ID, dataclasses.replace(COUNTER, next_procedure=lambda s: None))
    controller = make(journal, clock)
    start_counter(controller)
    controller.handle(Press("next"))
    message = controller.frame().message
    assert message.short == "Nothing to finish; select: actions" and message.kind == "info"
    drawn: list[str] = []
    monkeypatch.setattr(cuts, "drawn", lambda display, shown: drawn.append(shown))
    ScreenRenderer((800, 480)).render(controller.frame())
    assert not any("Not allowed" in line for line in drawn)
    assert any("Press select for the actions" in line for line in drawn)
