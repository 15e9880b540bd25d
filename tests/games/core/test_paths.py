"""Dotted paths into the state (games/core/paths.py): a part is a list index or a dict key."""

import pytest

from games.core.paths import get_path, set_path


def test_a_part_indexes_a_list_as_a_number_and_a_dict_as_a_key():
    state = {"heroes": [{"spirit": 3}, {"spirit": 5}], "areas": {"0": {"minions": 2}}}
    assert get_path(state, "heroes.1.spirit") == 5
    assert get_path(state, "areas.0.minions") == 2
    set_path(state, "heroes.0.spirit", 4)
    set_path(state, "areas.0.minions", 1)
    set_path(state, "heroes.1", {"spirit": 0})
    assert state == {"heroes": [{"spirit": 4}, {"spirit": 0}], "areas": {"0": {"minions": 1}}}


def test_a_bad_path_fails_as_it_always_did():
    state = {"heroes": [{"spirit": 3}]}
    with pytest.raises(ValueError):
        get_path(state, "heroes.first.spirit")
    with pytest.raises(ValueError):
        set_path(state, "heroes.last", 1)
    with pytest.raises(IndexError):
        get_path(state, "heroes.2.spirit")
    with pytest.raises(KeyError):
        get_path(state, "heroes.0.hp")
    assert get_path({"a": ["x", "y"]}, "a.-1") == "y"
