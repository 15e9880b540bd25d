"""The project's own random generator, whose whole state is one integer.

Python promises the sequence of ``random.random()`` across versions but not
that of ``shuffle``, ``choice`` or ``randint``; a journal must replay to the
same state after an interpreter upgrade, so games draw from this generator
(SplitMix64) and keep its state in the game state. Its outputs for a fixed
seed are pinned by ``tests/games/core/test_rng.py``.
"""

from __future__ import annotations

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


def next_u64(state: int) -> tuple[int, int]:
    """Return ``(value, new_state)``: one 64-bit output of SplitMix64."""
    state = (state + _GOLDEN) & _MASK
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31), state


def below(state: int, n: int) -> tuple[int, int]:
    """Return ``(value, new_state)`` with ``value`` uniform in ``0..n-1``.

    Rejection sampling keeps it unbiased for any ``n``.
    """
    if n <= 0:
        raise ValueError("n must be positive")
    limit = (1 << 64) - ((1 << 64) % n)
    while True:
        value, state = next_u64(state)
        if value < limit:
            return value % n, state


def shuffled(state: int, items: list) -> tuple[list, int]:
    """Return ``(copy_in_new_order, new_state)`` by Fisher–Yates."""
    out = list(items)
    for i in range(len(out) - 1, 0, -1):
        j, state = below(state, i + 1)
        out[i], out[j] = out[j], out[i]
    return out, state


def seed_from(value: int | str) -> int:
    """Turn a user-given seed (number or text) into a generator state."""
    if isinstance(value, int):
        return value & _MASK
    acc = 0xCBF29CE484222325  # FNV-1a, stable across versions unlike hash()
    for byte in value.encode("utf-8"):
        acc = ((acc ^ byte) * 0x100000001B3) & _MASK
    return acc
