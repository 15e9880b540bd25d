"""Dice-tray parser throughput, against a bare ``bytes.split`` over the same data.

Not a test: ``python -m benchmarks.tray_parser`` prints frames per second for
a stream of valid frames and MB/s for a 1 MB garbage stream, each with the
baseline measured in the same run and their ratio (how many times slower the
full parse is than merely cutting the bytes into lines).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable

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


def main() -> None:
    count = 20_000
    frames = _frames(count)
    parse = _best_of(3, lambda: _parse(frames))
    split = _best_of(3, lambda: _split(frames))
    print(f"tray parser, {count} ROLL frames ({len(frames) / 1e6:.2f} MB):")
    print(f"  parser      {count / parse:12,.0f} frames/s")
    print(f"  bytes.split {count / split:12,.0f} lines/s (baseline)")
    print(f"  ratio       {parse / split:12.1f}x the baseline's time")

    garbage = _garbage(1_000_000)
    parse = _best_of(3, lambda: _parse(garbage))
    split = _best_of(3, lambda: _split(garbage))
    print("tray parser, 1 MB of random bytes:")
    print(f"  parser      {1 / parse:12.1f} MB/s")
    print(f"  bytes.split {1 / split:12.1f} MB/s (baseline)")
    print(f"  ratio       {parse / split:12.1f}x the baseline's time")


if __name__ == "__main__":
    main()
