"""Help (hold ``select``): the current step in full, then the controls for what is open.

The OLED's top line may cut a step's or a form's words; help is where the
player reads them whole. It covers whatever was open and closes back onto
it, so asking for help never loses a half-filled form.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from app.forms import CursorMenu, PromptForm, Question

PLAY_HELP = (
    ("Spirit dial", "turn the focused value"),
    ("Menhir dial", "choose the value"),
    ("select", "actions"),
    ("next", "step done / answer / next"),
    ("undo", "undo (hold: redo)"),
    ("back", "close (hold: games)"),
    ("Menhir push", "history"),
    ("Spirit push", "main value"),
    ("dim OLED", "first press only wakes"),
)
OVERLAY_HELP = (
    ("Menhir dial", "move"),
    ("Spirit dial", "change value"),
    ("Spirit push", "type (text) / ok"),
    ("select", "confirm"),
    ("next", "check, then confirm"),
    ("back", "close (hold: games)"),
)


@dataclass
class HelpView:
    """Help over whatever was open: the current step in full (``about``), then the controls."""

    rows: tuple[tuple[str, str], ...]
    about: str = ""
    scroll: int = 0
    under: CursorMenu | PromptForm | Question | None = None


def help_over(open_now: CursorMenu | PromptForm | Question | HelpView | None,
              in_play: Callable[[], str]) -> HelpView:
    """Help over ``open_now`` (help asked again keeps what the first help covered);
    ``in_play`` says the phase and step when nothing is open."""
    under = open_now.under if isinstance(open_now, HelpView) else open_now
    return HelpView(OVERLAY_HELP if under else PLAY_HELP, about(under, in_play), under=under)


def about(under: CursorMenu | PromptForm | Question | None, in_play: Callable[[], str]) -> str:
    """What the player is asked now, in full: the open form's prompt and focused field,
    a question's text, else (nothing open) the phase and the step."""
    if isinstance(under, PromptForm):
        field = under.params[under.cursor].title if under.params else ""
        return f"{under.title}" + (f" — {field}" if field else "")
    if isinstance(under, Question):
        return under.text
    return "" if under is not None else in_play()
