"""Prints what each fuzzed reader did with its examples, when ``TABLEWARDEN_FUZZ`` is set (``make fuzz``)."""

from __future__ import annotations

import os

from tests.reliability.hostile import SCALE, TALLY


def pytest_terminal_summary(terminalreporter) -> None:
    if not os.environ.get("TABLEWARDEN_FUZZ") or not TALLY:
        return
    terminalreporter.section(f"bad input, fuzzed (TABLEWARDEN_FUZZ={SCALE})")
    for reader, outcomes in sorted(TALLY.items()):
        counts = ", ".join(f"{outcome} {count:,}" for outcome, count in sorted(outcomes.items()))
        terminalreporter.write_line(f"{reader:28s} {sum(outcomes.values()):7,} examples: {counts}")
