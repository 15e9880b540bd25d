"""Guardians ("Guardians", "I) Start of the Day: Move Guardians"): the Guardian die,
unrevealed/unconnected targets, Encounters, tray and virtual rolls."""

import pytest

from games.core import RuleError
from tests.games.grail.helpers import do, edit, new, next_until, step_id, with_map


def _with_guardian(state, location, gid=1):
    return edit(state, lambda s: s["guardians"].append(
        {"id": gid, "name": f"Guardian {gid}", "location": location}))


def _at_roll(state):
    return next_until(state, "start-of-day.guardian")


def test_cardinal_direction_moves_it_one_card():
    state = _at_roll(_with_guardian(new(), 102))
    state = do(state, "guardian_roll", face="south")
    assert state["guardians"][0]["location"] == 101


def test_nothing_it_stays_discard_it_leaves():
    state = _at_roll(_with_guardian(new(), 102))
    assert do(state, "guardian_roll", face="nothing")["guardians"][0]["location"] == 102
    assert do(state, "guardian_roll", face="discard")["guardians"] == []


def test_unrevealed_target_goes_to_the_highest_numbered_connected_location():
    # East of 104 nothing is revealed; 104 connects to 106 (north), 101 (west), 107 (south).
    state = _at_roll(_with_guardian(with_map(new(), {106: (1, -1), 107: (1, 1)}), 104))
    state = do(state, "guardian_roll", face="east")
    assert state["guardians"][0]["location"] == 107


def test_unconnected_target_blocked_route():
    state = do(new(), "blocked", location=101, side="north", on=True)
    state = _at_roll(_with_guardian(state, 101))
    state = do(state, "guardian_roll", face="north")
    assert state["guardians"][0]["location"] == 105  # 103, 104, 105 connected: highest


def test_entering_a_location_with_characters_triggers_the_encounter():
    state = _at_roll(_with_guardian(new(), 102))
    state = do(state, "guardian_roll", face="south")  # onto 101, where the Character is
    assert step_id(state) == "start-of-day.guardian_fight"
    assert state["procedure"]["data"]["encounters"] == [1]


def test_staying_with_characters_triggers_the_encounter():
    state = _at_roll(_with_guardian(new(), 101))
    state = do(state, "guardian_roll", face="nothing")
    assert step_id(state) == "start-of-day.guardian_fight"


def test_each_guardian_rolls_in_turn():
    state = _with_guardian(_with_guardian(new(), 102, 1), 104, 2)
    state = _at_roll(state)
    state = do(state, "guardian_roll", face="nothing")
    assert step_id(state) == "start-of-day.guardian"
    state = do(state, "guardian_roll", face="discard")
    assert [g["id"] for g in state["guardians"]] == [1]
    assert step_id(state) == "start-of-day.event"


def test_tray_dice_and_virtual_roll():
    state = _at_roll(_with_guardian(new(), 102))
    tray = do(state, "guardian_roll", dice=[{"kind": "guardian", "face": "S"}])
    assert tray["guardians"][0]["location"] == 101
    numbered = do(state, "guardian_roll", dice=[{"kind": "d6", "face": 6}])  # 6th face: Discard
    assert numbered["guardians"] == []
    rolled = do(state, "guardian_roll")  # no tray: a seeded virtual roll
    assert rolled == do(state, "guardian_roll")
    assert rolled["rng"] != state["rng"]
    with pytest.raises(RuleError):
        do(state, "guardian_roll", dice=[{"kind": "guardian", "face": "sideways"}])


def test_guardian_roll_only_answers_its_step():
    with pytest.raises(RuleError):
        do(_with_guardian(new(), 102), "guardian_roll", face="north")


def test_travelling_onto_a_guardian_warns_of_the_encounter():
    from games.core import Command, apply
    from tests.games.grail.helpers import GAME

    state = _with_guardian(new(), 102)
    applied = apply(GAME, state, Command("travel", {"character": 1, "direction": "north"}))
    assert any("Encounter" in e.text for e in applied.events)
