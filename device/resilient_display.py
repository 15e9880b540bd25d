"""An OLED that may be missing, or drop off its bus, without stopping the box.

A loose wire or a brown-out makes the SSD1306 stop acknowledging on I2C:
every write then fails with ``OSError`` errno 121 (EREMOTEIO). The box must
go on being played on its other display (the screen), say so in the log, and
pick the OLED up again when it answers. ``ResilientDisplay`` wraps the real
``Display``: it opens the panel through a factory, drops it on the first bus
error, and tries to open it again on later frames, waiting twice as long
after each failure (up to ``max_backoff``). The service draws only when a
frame changes, and the burn-in shift changes it at least every minute, so an
idle box still retries.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from typing import TYPE_CHECKING

from PIL import Image

if TYPE_CHECKING:
    from contracts.ports import Display

log = logging.getLogger(__name__)


class ResilientDisplay:
    """The ``Display`` port over a panel that comes and goes.

    :param open_panel: opens the real display; raises when it is absent.
    :param width: the panel's width in pixels (frames are rendered at this size
        even while it is away).
    :param height: the panel's height in pixels.
    :param clock: monotonic seconds.
    :param min_backoff: seconds before the first retry after a failure.
    :param max_backoff: the longest wait between retries.
    """

    def __init__(self, open_panel: Callable[[], Display], width: int, height: int, *,
                 clock: Callable[[], float] = time.monotonic, min_backoff: float = 1.0,
                 max_backoff: float = 60.0) -> None:
        self._open_panel = open_panel
        self.width = width
        self.height = height
        self._clock = clock
        self._min_backoff = min_backoff
        self._max_backoff = max_backoff
        self._backoff = min_backoff
        self._panel: Display | None = None
        self._retry_at = 0.0
        self._contrast: int | None = None
        self._last: Image.Image | None = None
        self.status = "OLED not opened yet"
        """One line for the log and ``tablewarden doctor``: is the panel there, and if not, why."""
        self.failures = 0
        """How often the panel was found missing or fell off its bus."""
        self._connect()

    @property
    def connected(self) -> bool:
        return self._panel is not None

    def save(self, path: str) -> None:
        """Write the frame last shown as a PNG, whether the panel took it or not."""
        (self._last or Image.new("1", (self.width, self.height))).save(path, format="PNG")

    def show(self, image: Image.Image) -> None:
        """Show ``image`` on the panel if it is there (reconnecting when a retry is due)."""
        self._last = image
        panel = self._panel or self._connect()
        if panel is None:
            return
        try:
            panel.show(image)
        except OSError as err:
            self._lost(err)

    def contrast(self, level: int) -> None:
        """Set the contrast now if the panel is there, and again whenever it comes back."""
        self._contrast = level
        if self._panel is None:
            return
        try:
            self._panel.contrast(level)
        except OSError as err:
            self._lost(err)

    def close(self) -> None:
        if self._panel is not None:
            try:
                self._panel.close()
            except OSError as err:  # blanking a panel that is gone fails too
                log.debug("closing the OLED: %s", err)
            self._panel = None

    def _connect(self) -> Display | None:
        if self._clock() < self._retry_at:
            return None
        try:
            panel = self._open_panel()
            if self._contrast is not None:
                panel.contrast(self._contrast)
        except Exception as err:  # luma raises its own errors as well as OSError for an absent panel
            self._failed(f"OLED not available ({err}); running on the other display")
            return None
        if self.failures:
            log.warning("OLED is back")
        self._panel = panel
        self._backoff = self._min_backoff
        self.status = "OLED connected"
        return panel

    def _lost(self, err: OSError) -> None:
        self._panel = None
        self._failed(f"OLED dropped off the bus ({err}); running on the other display")

    def _failed(self, message: str) -> None:
        self.failures += 1
        if message != self.status:
            log.error("%s; retrying in %.0f s", message, self._backoff)
        self.status = message
        self._retry_at = self._clock() + self._backoff
        self._backoff = min(self._backoff * 2, self._max_backoff)
