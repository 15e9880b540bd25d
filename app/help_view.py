"""Help (hold ``select``): the current step in full, then the controls for what is open.

The OLED's top line may cut a step's or a form's words; help is where the
player reads them whole. It covers whatever was open and closes back onto
it, so asking for help never loses a half-filled form.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from app.forms import CursorMenu, PromptForm, Question
from games.core.commands import Param

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
              in_play: Callable[[], str], rolled: tuple[str, ...] = (), said: str = "") -> HelpView:
    """Help over ``open_now`` (help asked again keeps what the first help covered);
    ``in_play`` says the phase and step when nothing is open; ``rolled`` are the
    rolls a prompt's decision rests on (read again here after their results went);
    ``said`` is the message the hold took down, first and whole (the OLED may cut one)."""
    under = open_now.under if isinstance(open_now, HelpView) else open_now
    text = about(under, in_play)
    if rolled and isinstance(under, PromptForm):
        text = f"{text} — rolled: {'; '.join(rolled)}"
    if said and not isinstance(open_now, HelpView) and not (isinstance(under, PromptForm) and said in rolled):
        text = f"{said} — {text}" if text else said
    return HelpView(OVERLAY_HELP if under else PLAY_HELP, text, under=under)


def about(under: CursorMenu | PromptForm | Question | None, in_play: Callable[[], str]) -> str:
    """What the player is asked now, in full: the open form's prompt and focused field,
    a question's text, else (nothing open) the phase and the step."""
    if isinstance(under, PromptForm):
        if not under.params:
            return f"{under.title} — next: roll (or throw the dice in the tray)" if under.dice_param \
                else under.title
        param = under.params[under.cursor]
        return f"{under.title} — {param.title}: {field_meaning(param, under.values.get(param.name))}"
    if isinstance(under, Question):
        return under.text
    return "" if under is not None else in_play()


def field_meaning(param: Param, value: object) -> str:
    """What a form's field takes, from its parameter: its kind, its bounds or choices (as
    the form shows them), and the value set now ("a number from 0 to 4, now 2")."""
    now = param.shown(value) if param.kind != "text" else str(value or "")
    if param.kind == "int":
        low = "" if param.low is None else param.shown(param.low)
        high = "" if param.high is None else param.shown(param.high)
        span = f"from {low} to {high}" if low and high else f"from {low}" if low else f"up to {high}"
        takes = f"a number {span}".rstrip()
    elif param.kind == "bool":
        takes = "yes or no"
    elif param.kind == "choice":
        takes = "one of " + ", ".join(param.shown(c) for c in param.choices)
    elif param.kind == "text":
        takes = "text: the Spirit dial picks a key, its push types it"
    else:
        takes = param.kind
    optional = " (may be left empty)" if param.optional else ""
    return f"{takes}{optional}; now {now or 'empty'}"
