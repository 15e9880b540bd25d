"""Tells systemd how the service is doing: ``READY=1`` and the watchdog's ``WATCHDOG=1``.

deploy/tablewarden.service is ``Type=notify`` with ``WatchdogSec``: systemd
counts the service as started only once it says ``READY=1`` (after the first
frame is shown), and restarts it when ``WATCHDOG=1`` stops coming. The
protocol is one datagram on the Unix socket named by ``NOTIFY_SOCKET``
(sd_notify(3)), so the standard library is enough; without that variable
(a desktop, the simulator, the tests) every call does nothing.
"""

from __future__ import annotations

import logging
import os
import socket
from collections.abc import Mapping

log = logging.getLogger(__name__)


class Notifier:
    """The service's line to systemd.

    :param socket_path: ``NOTIFY_SOCKET`` (``@name`` is an abstract socket), or
        None: nothing is sent.
    :param watchdog_usec: ``WATCHDOG_USEC``, systemd's watchdog time-out, or None.
    """

    def __init__(self, socket_path: str | None = None, watchdog_usec: int | None = None) -> None:
        self._address = None
        if socket_path:
            self._address = "\0" + socket_path[1:] if socket_path.startswith("@") else socket_path
        self.watchdog_interval: float | None = watchdog_usec / 2e6 if watchdog_usec else None
        """Seconds between ``WATCHDOG=1`` messages: half of ``WatchdogSec``, or None when it is off."""

    @classmethod
    def from_environ(cls, environ: Mapping[str, str] = os.environ) -> Notifier:
        """The notifier systemd asked for through the environment (sd_watchdog_enabled(3)).

        The watchdog is ours only when ``WATCHDOG_PID`` is unset or names this process.
        """
        usec = environ.get("WATCHDOG_USEC", "")
        pid = environ.get("WATCHDOG_PID", "")
        ours = not pid or (pid.isdigit() and int(pid) == os.getpid())
        watchdog = int(usec) if usec.isdigit() and int(usec) > 0 and ours else None
        return cls(environ.get("NOTIFY_SOCKET"), watchdog)

    @property
    def enabled(self) -> bool:
        return self._address is not None

    def notify(self, *assignments: str) -> bool:
        """Send ``KEY=value`` lines; True when systemd got them (False without a socket).

        A failure is logged, never raised: the box keeps playing whatever
        happens to its supervisor's socket.
        """
        if self._address is None:
            return False
        try:
            with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM | socket.SOCK_CLOEXEC) as sock:
                sock.sendto("\n".join(assignments).encode(), self._address)
        except OSError as err:
            log.warning("cannot notify systemd: %s", err)
            return False
        return True

    def ready(self, status: str = "") -> bool:
        """The first frame is shown and the inputs listen."""
        return self.notify("READY=1", *([f"STATUS={status}"] if status else []))

    def watchdog(self) -> bool:
        """The main loop is alive."""
        return self.notify("WATCHDOG=1")

    def stopping(self) -> bool:
        """The service is shutting down on purpose (not a crash)."""
        return self.notify("STOPPING=1")
