"""Shared by the bad-input tests: the data directory a refusal must leave as it was, and
what each fuzzed reader did with its examples when ``TABLEWARDEN_FUZZ`` is set (``make fuzz``)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from store.journal import Journal
from tests.reliability.hostile import SCALE, TALLY


@pytest.fixture(scope="module")
def box(tmp_path_factory) -> Path:
    """A data directory holding one Kreel Manor game, closed cleanly."""
    data_dir = tmp_path_factory.mktemp("box")
    journal, _ = Journal.open(data_dir)
    journal.new_game("kreel-manor", {}, 3)
    journal.close()
    return data_dir


def pytest_terminal_summary(terminalreporter) -> None:
    if not os.environ.get("TABLEWARDEN_FUZZ") or not TALLY:
        return
    terminalreporter.section(f"bad input, fuzzed (TABLEWARDEN_FUZZ={SCALE})")
    for reader, outcomes in sorted(TALLY.items()):
        counts = ", ".join(f"{outcome} {count:,}" for outcome, count in sorted(outcomes.items()))
        terminalreporter.write_line(f"{reader:28s} {sum(outcomes.values()):7,} examples: {counts}")
