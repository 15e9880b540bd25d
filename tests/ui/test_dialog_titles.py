"""The screen's error dialog says "Not allowed" only over a refusal (issue 25, on the
screen): a failure, a save's news or a notice no input caused carries its own title."""

from __future__ import annotations

import os

import pytest

from contracts.events import Notice
from store.journal import Journal
from tests.app.test_controller import FakeClock, make, start_counter
from ui import cuts
from ui.model import Frame, Message

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")


def _titled(frame: Frame, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    from ui.screen import ScreenRenderer

    drawn: list[str] = []
    monkeypatch.setattr(cuts, "drawn", lambda display, shown: drawn.append(shown))
    ScreenRenderer((800, 480)).render(frame)
    return drawn


def test_a_refusal_is_not_allowed_and_a_failure_says_what_it_is(monkeypatch):
    refusal = _titled(Frame(message=Message("Counter max is 10", "", "error")), monkeypatch)
    assert "Not allowed" in refusal
    failure = _titled(Frame(message=Message("Save repaired", "The journal passed a full check.", "error",
                                            title="Save repaired")), monkeypatch)
    assert "Save repaired" in failure and "Not allowed" not in failure


def test_a_notice_no_input_caused_is_titled_by_its_own_words(tmp_path, monkeypatch):
    journal, _ = Journal.open(tmp_path)
    try:
        controller = make(journal, FakeClock())
        start_counter(controller)
        controller.handle(Notice("OLED missing", "No answer on I2C. The box plays on the screen.", "error"))
        drawn = _titled(controller.frame(), monkeypatch)
    finally:
        journal.close()
    assert "OLED missing" in drawn and "Not allowed" not in drawn
