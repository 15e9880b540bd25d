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
Over an open form the last is hidden after a few seconds, like any message;
one with results waiting after it stays until an input (:meth:`MessageBoard.shown_over_form`),
and so does a roll's result (``hold``): the form under it asks what the roll decides.
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


#: Seconds between a dial's detents that still make one spin (a fast turn sends ten in 0.1 s).
SPIN_GAP = 0.3


class MessageBoard:
    """The message now (``current``), the results waiting their turn after it, and since
    when it is up; ``over_form`` is how many seconds it may cover an open form."""

    def __init__(self, clock: Callable[[], float], over_form: float) -> None:
        self._clock = clock
        self._over_form = over_form
        self._queue: list[Message] = []
        self._since = clock()
        self._spin_ends = float("-inf")
        self._held = False

    @property
    def current(self) -> Message | None:
        return self._queue[0] if self._queue else None

    def say(self, message: Message | None) -> None:
        """Put ``message`` up in place of the current one (None takes it down); results
        still waiting stay after it. Only what no input caused (a tray roll, a notice, a
        backup's failure) comes while results wait, since an input first turns to the next
        one: dropping them would lose a result the player never read."""
        self._show(([] if message is None else [message]) + self._queue[1:])

    def say_in_turn(self, messages: Sequence[Message], *, hold: bool = False) -> None:
        """Put ``messages`` up one after another, after any still waiting: each next one
        on an input. ``hold``: the last one too stays over a form until an input (a
        roll's result, shown before the decision it leads to)."""
        self._show(self._queue + list(messages))
        self._held = hold and bool(messages)

    def _show(self, queue: list[Message]) -> None:
        if not queue or not self._queue or queue[0] is not self._queue[0]:
            self._since = self._clock()  # a new message up: its time over a form starts
        if not queue or (self._queue and queue[-1] is not self._queue[-1]):
            self._held = False  # the held result is gone, or others came after it
        self._queue = queue

    @property
    def more(self) -> bool:
        """True while results wait their turn after the one shown."""
        return len(self._queue) > 1

    def dismiss(self, *, detent: bool = False) -> bool:
        """An input takes the message down; True when the next one in turn took its place
        (the input is spent on showing it and does nothing else).

        A ``detent`` that turned to the next result starts a spin: the detents that
        follow it within :data:`SPIN_GAP` of each other are spent too, on nothing.
        One quick turn of a dial is one gesture: it shows one more result, never
        flicks past the rest unread and then turns a value the player did not mean to.
        """
        now = self._clock()
        if detent and now < self._spin_ends:
            self._spin_ends = now + SPIN_GAP
            return True
        more = self.more
        self._show(self._queue[1:])
        if more and detent:
            self._spin_ends = now + SPIN_GAP
        return more

    def over_form_ends(self, now: float) -> float | None:
        """When the message covering an open form is hidden, while that is still ahead;
        None when there is no message, it stays until an input (results wait after it) or
        its time is up."""
        if self.current is None or self.more or self._held:
            return None
        ends = self._since + self._over_form
        return ends if now < ends else None

    def shown_over_form(self, now: float) -> bool:
        """True while the message may cover an open form. One with results waiting after it
        stays up: hidden, it would still take the next input (to show the next result), a
        form that looks free but does not answer its dials, and its text, a token still
        to place, gone while the player was at the board."""
        return self.more or (self._held and self.current is not None) or self.over_form_ends(now) is not None
