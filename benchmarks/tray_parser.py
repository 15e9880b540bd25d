"""Dice-tray parser throughput, against a bare ``bytes.split`` over the same data.

Not a test: ``python -m benchmarks.tray_parser`` (or ``make bench``) measures
frames per second for a stream of valid frames and MB/s for a 1 MB garbage
stream, each with the baseline measured in the same run and their ratio (how
many times slower the full parse is than merely cutting the bytes into lines).
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Callable

from benchmarks.results import Result, module_main
from firmware_bridge.parser import FrameParser
from firmware_bridge.protocol import encode_frame

CHUNK = 4096  # about what one serial read returns at full speed


def _frames(count: int) -> bytes:
    rng = random.Random(6)
    frames = []
    for roll_id in range(1, count + 1):
        dice = ";".join(f"d6:{rng.randint(1, 6)}" for _ in range(rng.randint(1, 5)))
        frames.append(encode_frame("ROLL", str(roll_id % 65535 + 1), "settled", dice))
    return b"".join(frames)


def _garbage(size: int) -> bytes:
    return random.Random(7).randbytes(size)


def _best_of(runs: int, work: Callable[[], object]) -> float:
    best = float("inf")
    for _ in range(runs):
        started = time.perf_counter()
        work()
        best = min(best, time.perf_counter() - started)
    return best


def _parse(data: bytes) -> None:
    parser = FrameParser()
    for start in range(0, len(data), CHUNK):
        parser.feed(data[start:start + CHUNK])


def _split(data: bytes) -> None:
    for start in range(0, len(data), CHUNK):
        data[start:start + CHUNK].split(b"\n")


def run(quick: bool = False) -> list[Result]:
    """Time the parser on valid frames and on garbage against ``bytes.split``."""
    count = 2_000 if quick else 20_000
    frames = _frames(count)
    parse = _best_of(3, lambda: _parse(frames))
    split = _best_of(3, lambda: _split(frames))
    garbage = _garbage(100_000 if quick else 1_000_000)
    parse_garbage = _best_of(3, lambda: _parse(garbage))
    split_garbage = _best_of(3, lambda: _split(garbage))
    return [
        Result(f"tray parser: {count:,} ROLL frames ({len(frames) / 1e6:.2f} MB), time per frame",
               parse / count * 1e6, "µs", split / count * 1e6, "bytes.split on the same bytes"),
        Result(f"tray parser: {len(garbage) / 1e6:g} MB of random bytes, time per MB",
               parse_garbage / len(garbage) * 1e6 * 1e3, "ms", split_garbage / len(garbage) * 1e6 * 1e3,
               "bytes.split on the same bytes"),
    ]


if __name__ == "__main__":
    sys.exit(module_main("tray_parser", __doc__, run))
