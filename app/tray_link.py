"""The dice tray seen from the controller: armed for a prompt's roll, disarmed once
that roll is answered another way, and its status line kept and worded.

The tray is optional and may fail at any moment (a cable pulled): arming and
cancelling are courtesies that are logged when they fail, never a stop, and
the player can always roll virtually instead.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from games.core import Step
from ui.model import Message

log = logging.getLogger(__name__)

#: The tray's lines that need more than their own words (OLED 2x21, screen).
TRAY_NOTICES = {
    "Tray timed out": ("Tray timed out. Confirm=virtual roll",
                       "The dice tray timed out: confirm the prompt (select or next) "
                       "and the box rolls virtually."),
}


def tray_notice(line: str) -> Message:
    """The tray's status line as an inline notice; a time-out says how to go on without it."""
    short, long = TRAY_NOTICES.get(line, (line, ""))
    return Message(short, long)


class TrayLink:
    """Arms the tray when a prompt asks for dice, tells it to stop waiting after, and
    keeps its status line.

    ``arm`` takes ``(count, kind)``; ``cancel`` withdraws the arming (either
    may be None: a box without a tray).
    """

    def __init__(self, arm: Callable[[int, str], None] | None,
                 cancel: Callable[[], None] | None) -> None:
        self._arm = arm
        self._cancel = cancel
        self.armed = False  # armed for a step's roll that may since have been answered
        self.line = ""  # the tray's status line, for the screen's strip

    def new_line(self, line: str) -> bool:
        """Keep the tray's status line; True when it changed (news for the player)."""
        changed = line != self.line
        self.line = line
        return changed

    def arm_for(self, step: Step, state: dict) -> None:
        """Arm the tray for the roll ``step`` expects, if it expects one."""
        if step.dice is None or self._arm is None:
            return
        count, kind = step.dice(state)
        try:
            self._arm(count, kind)
            self.armed = True
        except Exception as err:  # noqa: BLE001 - a kind the protocol cannot name, a tray fault
            log.warning("tray not armed for %s %s: %s; the roll can be virtual", count, kind, err)

    def disarm(self) -> None:
        """The roll the tray was armed for was answered another way (a virtual roll, undo,
        a step left): the tray is told so it stops waiting, and its line goes back from
        "Tray armed …" to "Tray ready"."""
        if not self.armed:
            return
        self.armed = False
        if self._cancel is not None:
            try:
                self._cancel()
            except Exception as err:  # noqa: BLE001 - a tray fault: its own line says so
                log.warning("tray not disarmed: %s", err)
