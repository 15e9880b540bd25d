"""Parties and Party Actions ("II) During the Day", "Parties and Party Actions"):
Travel and Explore at 1 Energy per member, paying for another member, the
acting Character paying at least 1 Energy of a Character Action."""

import copy

import pytest

from games.core import RuleError
from tests.games.grail.helpers import do, edit, new


def _energy(state):
    return [c["energy"] for c in state["characters"]]


def test_party_travel_costs_1_energy_per_member_and_moves_everyone():
    state = do(new(3), "travel", character=1, direction="north", party=True)
    assert _energy(state) == [4, 4, 4]
    assert [c["location"] for c in state["characters"]] == [102, 102, 102]


def test_characters_elsewhere_or_passed_do_not_join():
    state = edit(new(3), lambda s: s["characters"][2].update(location=104))
    state = do(state, "pass_day", character=2)
    with pytest.raises(RuleError):
        do(state, "explore", character=1, party=True)  # nobody left to join
    state = edit(new(3), lambda s: s["characters"][2].update(location=104))
    state = do(state, "travel", character=1, direction="north", party=True)
    assert [c["location"] for c in state["characters"]] == [102, 102, 104]


def test_one_member_may_pay_the_entire_cost():
    """"In a Party you may pay your own Energy ... in place of another member's - even the entire cost"."""
    state = do(new(2), "explore", character=1, party=True, paid_by=2)
    assert _energy(state) == [5, 3]


def test_a_member_who_cannot_pay_is_dropped_and_the_rest_proceed():
    state = edit(new(2), lambda s: s["characters"][1].update(energy=0))
    state = do(state, "travel", character=1, direction="east", party=True)
    assert [c["location"] for c in state["characters"]] == [104, 101]
    assert _energy(state) == [4, 0]


def test_payer_must_be_in_the_party_and_afford_it():
    state = edit(new(3), lambda s: s["characters"][2].update(location=104))
    before = copy.deepcopy(state)
    with pytest.raises(RuleError):
        do(state, "explore", character=1, party=True, paid_by=3)  # not on 101
    state2 = edit(state, lambda s: s["characters"][1].update(energy=1))
    with pytest.raises(RuleError):
        do(state2, "travel", character=1, direction="north", party=True, paid_by=2)  # 2 needed
    assert state == before


def test_location_action_paid_once_and_split():
    state = do(new(2), "action", character=1, energy=3, kind="location", helper=2, helper_pays=3)
    assert _energy(state) == [5, 2]


def test_character_action_the_acting_character_pays_at_least_1_energy():
    with pytest.raises(RuleError) as err:
        do(new(2), "action", character=1, energy=2, kind="character", helper=2, helper_pays=2)
    assert "at least 1 Energy" in err.value.long
    state = do(new(2), "action", character=1, energy=2, kind="character", helper=2, helper_pays=1)
    assert _energy(state) == [4, 4]


def test_helper_must_share_the_location():
    state = edit(new(2), lambda s: s["characters"][1].update(location=104))
    with pytest.raises(RuleError):
        do(state, "action", character=1, energy=2, helper=2, helper_pays=1)
