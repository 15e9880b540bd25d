"""Fixtures the controller's tests share: a fresh journal and a clock the test moves."""

import pytest

from store.journal import Journal
from tests.app.test_controller import FakeClock


@pytest.fixture
def journal(tmp_path):
    journal, _ = Journal.open(tmp_path)
    yield journal
    journal.close()


@pytest.fixture
def clock():
    return FakeClock()
