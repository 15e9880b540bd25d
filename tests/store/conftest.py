"""Fixtures the journal's tests share."""

import pytest

from store import trail


@pytest.fixture
def cheap(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every command costs no CPU to apply, whatever the machine: snapshots then follow the
    configured spacing alone (a slow CPU, a Pi or an emulated one, would place them sooner, by
    REPLAY_BUDGET, and a test counting them would measure the CPU, not the journal)."""
    monkeypatch.setattr(trail, "_cpu_time", lambda: 0.0)
