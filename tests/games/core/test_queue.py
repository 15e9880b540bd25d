"""The face-down queue (games/core/queue.py) that Kreel Manor's Shadows use.

Kreel Manor, "2. Threat Phase": "If a Threat is already in the 'Sneak 3' space,
it is bumped along into the 'Sneak 2' space. Similarly, if a Threat is already
in the 'Sneak 2' space, it in turn is bumped along into the 'Sneak 1' space.
Finally, if a Threat is already in the 'Sneak 1' space, it in turn is bumped
down into the Threat Area": a card moves only when another is bumped into it.
"""

import pytest

from games.core import queue


def test_push_bumps_a_full_row_one_space_and_returns_the_front():
    row = queue.empty(3)
    assert queue.push(row, "a") is None
    assert queue.push(row, "b") is None
    assert row == [None, "a", "b"]
    assert queue.push(row, "c") is None
    assert queue.push(row, "d") == "a"
    assert row == ["b", "c", "d"]
    assert queue.occupied(row) == 3


def test_an_empty_space_stops_the_bump():
    """[1, -, 3] plus 4 is [1, 3, 4]: nothing bumps 1, nothing leaves the row."""
    row = [1, None, 3]
    assert queue.push(row, 4) is None
    assert row == [1, 3, 4]


def test_an_empty_last_space_bumps_nothing():
    """[1, 2, -] plus 4 is [1, 2, 4]."""
    row = [1, 2, None]
    assert queue.push(row, 4) is None
    assert row == [1, 2, 4]


def test_a_card_in_front_of_an_empty_space_stays():
    row = ["x", None, None]
    assert queue.push(row, "y") is None
    assert row == ["x", None, "y"]


def test_a_row_of_one_space():
    row = queue.empty(1)
    assert queue.push(row, "a") is None
    assert queue.push(row, "b") == "a"
    assert row == ["b"]


def test_bad_rows_and_items():
    with pytest.raises(ValueError):
        queue.empty(0)
    with pytest.raises(ValueError):
        queue.push([None], None)
