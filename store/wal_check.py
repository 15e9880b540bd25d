"""A WAL left by a power cut, read before SQLite replays it: were saved moves lost to damage?

SQLite replays a WAL's frames up to the first that fails its checksum and drops
the rest without a word. After a power cut that is right for a torn last
frame (a move that was never committed), and wrong when the damage sits in the
middle: commits written after it, moves the players saw, are lost silently
(issue "One writer, checked bytes", 10). :func:`lost_commits` walks the frames
as SQLite does (the WAL file format, sqlite.org/fileformat2.html#walformat) and
counts the commit frames of the same WAL generation (its salts) from the first
bad frame on: those are the moves lost. The start then keeps a copy of the
WAL aside and says how many.
"""

from __future__ import annotations

import struct
from pathlib import Path

HEADER = 32
FRAME_HEADER = 24
MAGIC = {0x377F0682: "<", 0x377F0683: ">"}  # the checksums' byte order


def _checksum(data: bytes, s0: int, s1: int, order: str) -> tuple[int, int]:
    for x0, x1 in struct.iter_unpack(f"{order}II", data):
        s0 = (s0 + x0 + s1) & 0xFFFFFFFF
        s1 = (s1 + x1 + s0) & 0xFFFFFFFF
    return s0, s1


def lost_commits(wal: Path) -> int:
    """How many committed transactions of ``wal`` SQLite will drop because a frame before them is
    damaged (0: none, or no WAL worth reading)."""
    try:
        data = wal.read_bytes()
    except OSError:
        return 0
    if len(data) < HEADER:
        return 0
    magic, _, page_size, _, salt1, salt2, c0, c1 = struct.unpack(">8I", data[:HEADER])
    order = MAGIC.get(magic)
    if order is None or page_size < 512 or page_size & (page_size - 1):
        return 0
    if _checksum(data[:24], 0, 0, order) != (c0, c1):
        return 0  # a header SQLite itself would ignore: nothing it could have read
    s0, s1 = c0, c1
    size = FRAME_HEADER + page_size
    broken = False
    lost = 0
    for at in range(HEADER, len(data) - size + 1, size):
        header = data[at:at + FRAME_HEADER]
        _, commit, f_salt1, f_salt2, f0, f1 = struct.unpack(">6I", header)
        if (f_salt1, f_salt2) != (salt1, salt2):
            continue  # a frame of an earlier generation of this WAL, never replayed
        if broken:
            lost += commit != 0
            continue
        s0, s1 = _checksum(header[:8] + data[at + FRAME_HEADER:at + size], s0, s1, order)
        if (s0, s1) != (f0, f1):
            broken = True  # this frame's transaction is lost too, and every one after it
            lost += commit != 0
    return lost
