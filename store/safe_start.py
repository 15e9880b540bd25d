"""A safe start: a game that stopped the box once opens the game list, not itself, next time.

The service writes a mark in the data directory before it restores the
active game, and removes it once the first frame is on the displays. A mark
found at start means the last start never got that far — it crashed, or was
killed, while opening the game — so this start leaves the game closed and
shows the game list with the reason ("Last game could not be opened: …").
From there the player continues it anyway, steps back through its History,
or exports it. The most a bad state can cost is one crash, never a loop.
"""

from __future__ import annotations

import logging
import os
from pathlib import Path

log = logging.getLogger(__name__)

MARK = "start-pending"
STOPPED = "the box stopped while opening it"
MAX_REASON = 200


class StartMark:
    """The mark of a start in progress, in ``data_dir``; every method is best effort."""

    def __init__(self, data_dir: Path) -> None:
        self.path = Path(data_dir) / MARK

    def previous_failure(self) -> str | None:
        """Why the last start did not finish (None: it did, or this is the first)."""
        try:
            text = self.path.read_bytes()[:MAX_REASON].decode("utf-8", "replace").strip()
        except FileNotFoundError:
            return None
        except OSError as exc:
            log.warning("cannot read the start mark %s: %s", self.path, exc)
            return None
        return text or STOPPED

    def begin(self) -> None:
        """A start is opening the game now."""
        self._write(STOPPED)

    def failed(self, reason: str) -> None:
        """The start failed for ``reason``: the next one opens the game list and says so."""
        self._write(" ".join(reason.split())[:MAX_REASON])

    def done(self) -> None:
        """The first frame is shown: the game opened."""
        try:
            self.path.unlink(missing_ok=True)
        except OSError as exc:
            log.warning("cannot remove the start mark %s: %s", self.path, exc)

    def _write(self, text: str) -> None:
        try:
            with self.path.open("w", encoding="utf-8") as f:
                f.write(text + "\n")
                f.flush()
                os.fsync(f.fileno())
        except OSError as exc:  # a read-only or full card: the start goes on without the mark
            log.warning("cannot write the start mark %s: %s", self.path, exc)
