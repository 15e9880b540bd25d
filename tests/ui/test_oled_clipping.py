"""No text on the OLED is cut without "…", and no glyph is drawn clipped (issue 25, point 3).

Two ways a text is lost unmarked: it is cut by the code before the renderer sees it
(a message sliced to 42 characters: "Undone: Sneak 3: 3 Sneak on Location 1 (3/"), or
it is drawn and then partly hidden (half a line of the view peeking out above a
two-line message, a form's value under a notice, letters past the OLED's edge).
:mod:`ui.cuts` records what each frame draws, in order: a text's ink must be whole
or wholly covered (a message box over the view), never partly.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from app.faults import display_failed, input_failed, start_failed
from tests.ui.sample_frames import ALL
from tests.ui.scripted_play import SCRIPTS, played
from ui import cuts
from ui.model import Frame, Message
from ui.oled import render_oled
from ui.text import ELLIPSIS

MESSAGES = (
    Message("Saved", "Saved"),
    Message("Location 1 explored; flip the next Location", "x"),
    Message("Undone: Sneak 3: 3 Sneak on Location 1 (3/3 successes), then the next Location is "
            "flipped and its Threats revealed in the order drawn", "x"),
    Message("Undone: +1 influence (no enemy in Farrenroc)", "x"),
    Message("Not allowed: Only in Play phase", "x", "error"),
    Message("A refusal long enough to need every one of the four lines of its framed box and more", "x",
            "error"),
    Message("Defeat: the Manor falls", "x", "end"),
)


def clipped(frame: Frame) -> list[str]:
    with cuts.placing() as drawn:
        render_oled(frame)
    return cuts.clipped(drawn)


def cut_unmarked(message: Message | None) -> bool:
    """True when a message's OLED text is its full text cut short without an ellipsis."""
    if message is None or message.short == message.long:
        return False
    return message.long.startswith(message.short) and not message.short.endswith(ELLIPSIS)


@pytest.mark.parametrize("name", sorted(ALL))
def test_no_glyph_is_clipped_in_the_sample_frames(name):
    assert clipped(ALL[name]()) == []


@pytest.mark.parametrize("name", sorted(ALL))
@pytest.mark.parametrize("message", MESSAGES, ids=lambda m: m.short[:20])
def test_a_message_over_any_view_leaves_no_half_line_beside_it(name, message):
    """A message covers what is under it whole or not at all: a two-line notice over a
    three-line step once left the top half of the step's last line peeking out."""
    assert clipped(replace(ALL[name](), message=message)) == []


def test_the_check_finds_a_clipped_glyph():
    """The check itself: a text half under a later box, and a text past the OLED's edge."""
    from ui.oled_canvas import Canvas, small

    with cuts.placing() as drawn:
        canvas = Canvas(128, 64)
        canvas.text(canvas.x0, 20, "Stability", small(), canvas.width)
        canvas.box(canvas.x0, 26, canvas.x1, 40, fill=1, outline=None)
    assert len(cuts.clipped(drawn)) == 1
    with cuts.placing() as drawn:
        canvas = Canvas(128, 64)
        canvas.text(canvas.x1 - 10, 20, "your", small(), 200)
    assert "outside" in cuts.clipped(drawn)[0]


def test_fault_messages_end_in_an_ellipsis_when_cut():
    here = "Morning - Guardians move on 103: roll the die"
    for message in (input_failed(here), display_failed(here), start_failed("IndexError: " + "x" * 40)):
        assert here[:21] not in message.short or ELLIPSIS in message.short or here in message.short


@pytest.fixture(scope="module")
def scripted(tmp_path_factory) -> dict[str, list[Frame]]:
    return {game: played(game, tmp_path_factory.mktemp(game) / "data") for game in SCRIPTS}


@pytest.mark.parametrize("game", sorted(SCRIPTS))
def test_no_frame_of_the_scripts_clips_a_glyph_or_cuts_a_message_unmarked(scripted, game):
    """Every frame of the four games' acceptance scripts (an undo, rolls, forms, help,
    messages over forms): no glyph partly hidden, no message's text cut without "…"."""
    found = []
    for place, frame in enumerate(scripted[game]):
        found += [f"frame {place}: {clip}" for clip in clipped(frame)]
        if cut_unmarked(frame.message):
            found.append(f"frame {place}: message cut unmarked: {frame.message.short!r}")
    assert found == []
