"""The one message shown over the view (a refusal, news, a fault) and when it goes.

Any input takes a message down (the controller clears it); over an open form
it also goes by itself after a few seconds, since the form is what the
player is working on. The board remembers when each message was put up so
the main loop can sleep until that moment instead of polling.
"""

from __future__ import annotations

from collections.abc import Callable

from ui.model import Message


class MessageBoard:
    """The message now (``current``) and since when; ``over_form`` is how many seconds
    it may cover an open form."""

    def __init__(self, clock: Callable[[], float], over_form: float) -> None:
        self._clock = clock
        self._over_form = over_form
        self.current: Message | None = None
        self._since = clock()

    def say(self, message: Message | None) -> None:
        """Put ``message`` up (None takes the current one down)."""
        self.current = message
        self._since = self._clock()

    def over_form_ends(self, now: float) -> float | None:
        """When the message covering an open form is hidden, while that is still ahead;
        None when there is no message or its time is up."""
        ends = self._since + self._over_form
        return ends if self.current is not None and now < ends else None
