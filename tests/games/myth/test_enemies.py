"""The enemies placed by hand ("Enemies"): the boss only during a siege."""

from __future__ import annotations

from tests.games.myth.helpers import played


def test_the_boss_enters_play_only_during_a_siege():
    """"Enemies": "The boss enters play only during a siege"."""
    t = played()
    err = t.refused("place", area="farrenroc", rank="boss", count=1)
    assert err.short == "Boss: siege only"
