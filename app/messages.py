"""The message shown over the view (a refusal, news, a fault) and when it goes.

Any input takes a message down (the controller clears it); over an open form
it also goes by itself after a few seconds, since the form is what the
player is working on. The board remembers when each message was put up so
the main loop can sleep until that moment instead of polling.

One command may have several results the player must act on (Kilforth's
Night card: "B2 falls into gloom; new Weather", then "Dawn: successes and
Hidden cleared"; Myth's two enemy cards and their spawns). The OLED holds
one short message, and a result cut or left out is a token never placed, so
they are shown in turn, numbered "1/2", "2/2": each stays until an input,
and the input that brings the next one does nothing else (as the press that
wakes the box). Joining them would not fit the OLED's three lines, and a
page turned by time alone is missed by a player looking at the cards.
Over an open form each is still hidden after a few seconds, like any message.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from games.core.context import Event
from ui.model import Message


def results(events: Sequence[Event]) -> list[Message]:
    """A command's results as the messages shown in turn, numbered when there are several.

    Only what the engine emitted is here: the journal's "Done: <step>" echo is
    its description, not a result, so it never takes a turn.
    """
    count = len(events)
    out = []
    for place, event in enumerate(events, 1):
        kind = event.kind if event.kind in ("error", "end") else "info"  # "final_day" reads as news
        text = f"{place}/{count} {event.text}" if count > 1 else event.text
        out.append(Message(text, text, kind))
    return out


class MessageBoard:
    """The message now (``current``), the results waiting their turn after it, and since
    when it is up; ``over_form`` is how many seconds it may cover an open form."""

    def __init__(self, clock: Callable[[], float], over_form: float) -> None:
        self._clock = clock
        self._over_form = over_form
        self._queue: list[Message] = []
        self._since = clock()

    @property
    def current(self) -> Message | None:
        return self._queue[0] if self._queue else None

    def say(self, message: Message | None) -> None:
        """Put ``message`` up (None takes the current one down), and drop any waiting."""
        self.say_in_turn([] if message is None else [message])

    def say_in_turn(self, messages: Sequence[Message]) -> None:
        """Put ``messages`` up one after another: the first now, each next one on an input."""
        self._queue = list(messages)
        self._since = self._clock()

    @property
    def more(self) -> bool:
        """True while results wait their turn after the one shown."""
        return len(self._queue) > 1

    def dismiss(self) -> bool:
        """An input takes the message down; True when the next one in turn took its place
        (the input is spent on showing it and does nothing else)."""
        if self.more:
            self.say_in_turn(self._queue[1:])
            return True
        self.say(None)
        return False

    def over_form_ends(self, now: float) -> float | None:
        """When the message covering an open form is hidden, while that is still ahead;
        None when there is no message or its time is up."""
        ends = self._since + self._over_form
        return ends if self.current is not None and now < ends else None
