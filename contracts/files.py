"""Reading a file someone handed the box (a pack, a control script, an export): a regular file
only, and never more than a bound.

A FIFO named as a pack blocked the main loop for good, so SIGTERM no longer stopped the service
(issue "One writer, checked bytes", 16); a device file or a socket would do the same. The file is
opened without blocking and refused at once unless it is a regular file, before a byte is read.
"""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

_KINDS = ((stat.S_ISFIFO, "a named pipe"), (stat.S_ISCHR, "a character device"),
          (stat.S_ISBLK, "a block device"), (stat.S_ISSOCK, "a socket"), (stat.S_ISDIR, "a directory"))


def read_regular(path: Path | str, limit: int) -> bytes:
    """At most ``limit + 1`` bytes of the regular file at ``path`` (one more than the limit, so
    the caller can tell a file that is too large). Raises OSError naming the problem (its
    ``strerror``), also for a path that is not a regular file."""
    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_NOCTTY | os.O_CLOEXEC)
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            kind = next((name for test, name in _KINDS if test(mode)), "not a regular file")
            raise OSError(errno.EINVAL, f"{kind}, not a regular file: not read", str(path))
        os.set_blocking(fd, True)
        chunks, left = [], limit + 1
        while left > 0:
            chunk = os.read(fd, min(left, 1 << 20))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
        return b"".join(chunks)
    finally:
        os.close(fd)
