"""A private virtual X display (Xvfb) for the simulator window without a screen.

Tests capture the real simulator window on it, and the benchmarks measure a
windowed pygame loop on it. ``-displayfd`` lets Xvfb pick a free display
number itself, so parallel runs never collide; ``-nolisten tcp`` keeps it
off the network.
"""

from __future__ import annotations

import os
import shutil
import subprocess


def start_xvfb(width: int = 1024, height: int = 768) -> tuple[subprocess.Popen, str] | None:
    """Start Xvfb; return the server and its DISPLAY (":N"), or None where it is missing
    or did not start. The caller stops the server (``terminate`` then ``wait``)."""
    if shutil.which("Xvfb") is None:
        return None
    read_fd, write_fd = os.pipe()
    server = subprocess.Popen(["Xvfb", "-displayfd", str(write_fd), "-screen", "0",
                               f"{width}x{height}x24", "-nolisten", "tcp"], pass_fds=(write_fd,),
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    os.close(write_fd)
    with os.fdopen(read_fd) as answer:
        number = answer.readline().strip()
    if not number:
        server.kill()
        server.wait(10)
        return None
    return server, f":{number}"
