"""When something unexpected fails: what the log records and what the player reads.

A fault must never be another fault: every function here is safe to call
from an error path (the state may be unreadable). The log names where the
game stood and the state's digest, so the state can be found again in the
journal; the player reads where they are and the way out (undo, or hold
``back`` for the game list).
"""

from __future__ import annotations

import hashlib
import json
import logging

from app.play import Play
from app.steps import step_label
from ui.model import Message

log = logging.getLogger(__name__)


def digest(state: dict) -> str:
    """A short fingerprint of a game state, for logs that must say what was shown."""
    return hashlib.sha256(json.dumps(state, sort_keys=True).encode()).hexdigest()[:16]


def where(play: Play) -> str:
    """Where the game stands, in a few words, for a fault message (never raises)."""
    try:
        return step_label(play.game(), play.state()) if play.playing else "Menu"
    except Exception:  # noqa: BLE001 - the label of a fault must not be another fault
        return "Play"


def log_fault(play: Play, what: str, exc: BaseException) -> str:
    """Log a failure with where the game stands and the state's digest; return where it
    stands. Never raises."""
    here = where(play)
    try:
        state, seq = play.journal.state()
        log.error("%s failed at %s, journal seq %d, state %s", what, here, seq, digest(state), exc_info=exc)
    except Exception:  # noqa: BLE001 - the log of a fault must not be another fault
        log.error("%s failed at %s", what, here, exc_info=exc)
    return here


def clip(text: str, chars: int) -> str:
    """``text`` in at most ``chars`` characters, ending in "…" when cut (the long text has it whole)."""
    return text if len(text) <= chars else text[:chars - 1].rstrip() + "\u2026"


def input_failed(here: str) -> Message:
    """An input that failed unexpectedly: undo, back and hold still work."""
    return Message(f"{clip(here, 21)}: error. Undo, or hold back",
                   f"{here}: an unexpected error (logged). Undo, or hold back for the game list.", "error",
                   title="Error")


def display_failed(here: str) -> Message:
    """The frame for this state cannot be drawn: the step, and the way out."""
    return Message(f"{clip(here, 21)}: Display error: undo, or hold back",
                   f"{here}: the display failed for this state (logged). Undo, or hold back.", "error",
                   title="Error")


def start_failed(detail: str) -> Message:
    """The last start stopped the box (a safe start opened the game list instead)."""
    reason = detail.split(":")[0].split(" while ")[0]  # "IndexError", "the box stopped"
    return Message(f"Last game could not be opened: {clip(reason, 21)}",
                   f"Last game could not be opened: {detail}. Continue it from its game's list, step "
                   "back through its History, or export it.", "error",
                   title="Error")
