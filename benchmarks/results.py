"""A benchmark's figure next to its baseline from the same run, and the target it is held to."""

from __future__ import annotations

import statistics
from dataclasses import dataclass


@dataclass(frozen=True)
class Result:
    """One row of docs/PERFORMANCE.md.

    ``ratio`` is ``value / baseline`` (both in ``unit``); ``target`` says in
    words what the issue asks of the ratio or value, and ``met`` whether this
    run met it (None when there is no target).
    """

    name: str
    value: float
    unit: str
    baseline: float
    baseline_name: str
    target: str = ""
    met: bool | None = None

    @property
    def ratio(self) -> float:
        return self.value / self.baseline if self.baseline else float("inf")


def percentile(values: list[float], p: float) -> float:
    """The ``p``-th percentile (nearest rank) of ``values``."""
    ordered = sorted(values)
    rank = max(0, min(len(ordered) - 1, round(p / 100 * len(ordered) + 0.5) - 1))
    return ordered[rank]


def median(values: list[float]) -> float:
    return statistics.median(values)
