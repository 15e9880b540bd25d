"""The face-down queue (games/core/queue.py) that Kreel Manor's Shadows use."""

import pytest

from games.core import queue


def test_push_moves_every_card_one_space_and_returns_the_front():
    row = queue.empty(3)
    assert queue.push(row, "a") is None
    assert queue.push(row, "b") is None
    assert row == [None, "a", "b"]
    assert queue.push(row, "c") is None
    assert queue.push(row, "d") == "a"
    assert row == ["b", "c", "d"]
    assert queue.occupied(row) == 3


def test_cards_move_past_empty_spaces():
    row = ["x", None, None]
    assert queue.push(row, "y") == "x"
    assert row == [None, None, "y"]


def test_bad_rows_and_items():
    with pytest.raises(ValueError):
        queue.empty(0)
    with pytest.raises(ValueError):
        queue.push([None], None)
