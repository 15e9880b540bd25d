"""A benchmark's figure next to its baseline from the same run, and the target it is held to."""

from __future__ import annotations

import argparse
import statistics
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path

# One full SSD1306 frame on 400 kHz I2C: 1,024 bytes of pixels, 9 bit times a byte (8 data
# bits and the ACK), about 23 ms: computed, since there is no bus here.
I2C_HZ = 400_000
FRAME_BYTES = 128 * 64 // 8
I2C_FRAME_MS = FRAME_BYTES * 9 / I2C_HZ * 1e3


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


@dataclass(frozen=True)
class Table:
    """Figures that take a table of their own in docs/PERFORMANCE.md (one row per press…).

    ``notes`` is printed above it: what the columns mean and their baselines.
    """

    title: str
    header: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    notes: str = ""

    def markdown(self) -> list[str]:
        lines = [f"**{self.title}**", ""]
        if self.notes:
            lines += [self.notes, ""]
        lines += ["| " + " | ".join(self.header) + " |", "|" + "---|" * len(self.header)]
        lines += ["| " + " | ".join(row) + " |" for row in self.rows]
        return lines + [""]


def process_io() -> dict[str, int]:
    """This process's own I/O counts so far (Linux's /proc/self/io: ``rchar`` and ``wchar``,
    what it handed the kernel; ``read_bytes`` and ``write_bytes``, what reached the block layer).
    Empty where there is no such file."""
    path = Path("/proc/self/io")
    if not path.exists():
        return {}
    pairs = (line.split(": ") for line in path.read_text().splitlines())
    return {key: int(value) for key, value in pairs}


def print_results(results: Iterable[Result | Table]) -> None:
    """A module's figures on the terminal (``python -m benchmarks.<module>``)."""
    for result in results:
        if isinstance(result, Table):
            print("\n".join(result.markdown()))
        else:
            print(f"{result.name}: {number(result.value)} {result.unit} against {number(result.baseline)} "
                  f"{result.unit} ({result.baseline_name}) = {result.ratio:.3g}x")


def module_main(module: str, doc: str | None, run: Callable[..., Iterable[Result | Table]],
                argv: list[str] | None = None) -> int:
    """``python -m benchmarks.<module>``: that module's figures on the terminal, ``--quick`` for
    small sizes (docs/PERFORMANCE.md tells a reader to reproduce a figure so)."""
    parser = argparse.ArgumentParser(prog=f"python -m benchmarks.{module}",
                                     description=doc.strip().splitlines()[0] if doc else None)
    parser.add_argument("--quick", action="store_true", help="small sizes, to check it runs")
    args = parser.parse_args(argv)
    print_results(run(quick=args.quick))
    return 0


def number(value: float) -> str:
    """A figure as the tables print it: whole above 100, three significant digits below."""
    if value != value:  # NaN: not measured
        return "-"
    return f"{value:,.0f}" if abs(value) >= 100 else f"{value:.3g}"
