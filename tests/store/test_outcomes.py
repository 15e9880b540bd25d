"""A command's recorded outcome (store/outcomes.py): the diff that turns the state before into the
state after, applied without touching the state it is applied to."""

from __future__ import annotations

import copy
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from store.outcomes import diff, patch

scalars = st.one_of(st.none(), st.booleans(), st.integers(-10**6, 10**6), st.text(max_size=5))
json_data = st.recursive(scalars, lambda inner: st.one_of(
    st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=3), inner, max_size=4)), max_leaves=25)
states = st.dictionaries(st.text(max_size=3), json_data, max_size=5)


@settings(deadline=None)  # no clock in a test: a loaded machine is slow, not wrong
@given(states, states)
def test_a_patch_of_the_diff_gives_the_state_after_and_leaves_the_state_before(before, after):
    kept = copy.deepcopy(before)
    changes = json.loads(json.dumps(diff(before, after)))  # as stored: JSON text
    assert patch(before, changes) == after
    assert before == kept


def test_a_dial_turn_records_one_value_and_shares_the_rest():
    before = {"heroes": [{"hp": 3, "cards": list(range(40))}, {"hp": 5}], "rng": 7}
    after = copy.deepcopy(before)
    after["heroes"][0]["hp"] = 2
    assert diff(before, after) == [[["heroes", 0, "hp"], 2]]
    patched = patch(before, diff(before, after))
    assert patched["heroes"][0]["cards"] is before["heroes"][0]["cards"]  # untouched parts shared
    assert patched["heroes"][1] is before["heroes"][1]


def test_a_bool_and_an_int_are_not_the_same_value():
    assert diff({"a": 1}, {"a": True}) == [[["a"], True]]
    assert diff({"a": 0}, {"a": 0.0}) == [[["a"], 0.0]]
    assert diff({"l": [1, {"b": 2}]}, {"l": [True, {"b": 2.0}]}) == [[["l", 0], True], [["l", 1, "b"], 2.0]]


@pytest.mark.parametrize("changes", [
    "not a list", [["a"]], [[["missing", "deeper"], 1]], [[["l", 5], 1]], [[["l", "x"], 1]], [[[], ]],
    [[["a"], 1, 2]], [[[0], 1]],
])
def test_a_change_that_does_not_fit_is_named_and_changes_nothing(changes):
    state = {"l": [1, 2], "b": {"c": 1}}
    kept = copy.deepcopy(state)
    with pytest.raises(ValueError):
        patch(state, changes)
    assert state == kept
