"""The enemies placed by hand ("Enemies"): the boss only during a siege."""

from __future__ import annotations

import pytest

from games.core import RuleError
from tests.games.myth.helpers import played


def test_the_boss_enters_play_only_during_a_siege():
    """"Enemies": "The boss enters play only during a siege"."""
    t = played()
    before = t.state
    with pytest.raises(RuleError) as err:
        t.do("place", area="farrenroc", rank="boss", count=1)
    assert err.value.short == "Boss: siege only" and t.state == before
