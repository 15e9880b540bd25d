"""The map and Menhirs: placing Locations within range, Travel, activating Menhirs."""

import pytest

from games.core import Command, RuleError, apply
from tests.games.grail.helpers import GAME, do, edit, new, next_until, standing, to_next_day


def _numbers(state):
    return [loc["number"] for loc in state["locations"]]


def test_place_a_location_within_one_card_of_an_active_menhir():
    state = do(new(), "place", number=106, next_to=102, side="east")  # (1,-1): diagonal to 101
    assert 106 in _numbers(state)


def test_placing_out_of_range_is_refused_and_changes_nothing():
    state = new()
    before = repr(state)
    with pytest.raises(RuleError) as err:
        do(state, "place", number=106, next_to=104, side="east")  # (2,0): two cards from 101
    assert err.value.short == "Out of Menhir range"
    assert repr(state) == before


def test_place_refuses_a_taken_spot_or_a_number_on_the_map():
    with pytest.raises(RuleError):
        do(new(), "place", number=106, next_to=101, side="north")
    with pytest.raises(RuleError):
        do(new(), "place", number=102, next_to=102, side="east")


def test_travel_costs_1_energy_straight_lines_only():
    state = do(new(), "travel", character=1, direction="north")
    c = state["characters"][0]
    assert (c["location"], c["energy"]) == (102, 4)
    with pytest.raises(RuleError):  # nothing revealed north of 102
        do(state, "travel", character=1, direction="north")


def test_travel_by_the_destination_number_offers_the_connected_locations():
    """Travel: "to a Location card connected to your current one by matching Direction Keys"."""
    from games.grail.commands import COMMANDS

    spec = next(s for s in COMMANDS if s.name == "travel")
    choices = spec.resolved_params(new())[1].choices
    assert choices[:4] == ("102", "103", "104", "105") and "north" in choices
    state = do(new(), "travel", character=1, direction="103")
    assert state["characters"][0]["location"] == 103
    assert spec.resolved_params(state)[1].choices[:1] == ("101",)  # nothing else joins 103


def test_travel_to_a_number_not_connected_is_refused():
    state = do(new(), "blocked", location=102, side="south", on=True)
    with pytest.raises(RuleError) as err:
        do(state, "travel", character=1, direction="102")  # blocked: not offered, refused
    state = do(state, "travel", character=1, direction="103")
    with pytest.raises(RuleError) as err:
        do(state, "travel", character=1, direction="104")  # offered for nobody: not a choice
    state = do(new(2), "travel", character=1, direction="104")
    state = do(state, "explore", character=2)  # round 2: Character 1 may act again
    with pytest.raises(RuleError) as err:  # 102 is a choice (Character 2 is on 101) but not from 104
        do(state, "travel", character=1, direction="102")
    assert err.value.short == "102 not connected"


def test_travelling_without_energy_is_refused():
    """Travel "costs 1 Energy". Character 2 still has Energy, so the day goes on (it ends
    when all have Passed or run out of Energy) and Character 1 at 0 cannot Travel."""
    state = do(new(2), "correct", track="c1.energy", value=0)
    with pytest.raises(RuleError) as err:
        do(state, "travel", character=1, direction="north")
    assert err.value.short == "Not enough Energy"


def test_blocked_route():
    state = do(new(), "blocked", location=102, side="south", on=True)
    with pytest.raises(RuleError):
        do(state, "travel", character=1, direction="north")


def test_pass_is_irreversible_for_the_day():
    """"II) During the Day", Pass: "this is irreversible - you take no more Actions
    until the next day"."""
    state = do(new(2), "pass_day", character=1)
    for name, params in (("explore", {}), ("travel", {"direction": "north"}), ("action", {"energy": 0})):
        with pytest.raises(RuleError, match="Pass is irreversible"):
            do(state, name, character=1, **params)
    assert do(to_next_day(state), "explore", character=1)["characters"][0]["energy"] == 4


def test_actions_only_during_the_day():
    state = next_until(new(), "end-of-day.effects")
    with pytest.raises(RuleError):
        do(state, "explore", character=1)


def test_explore_and_actions_cost_energy():
    state = do(new(), "explore", character=1)
    state = do(state, "action", character=1, energy=2)
    assert state["characters"][0]["energy"] == 2


def test_activate_a_new_menhir_and_extend_one_remaining_power_lost():
    state = do(standing(new(), 104), "activate", location=104, days=4)
    assert {"location": 104, "dial": 4} in state["menhirs"]
    state = do(standing(state, 101), "activate", location=101, days=3)
    assert {"location": 101, "dial": 3} in state["menhirs"]  # 8 remaining days lost
    assert len(state["menhirs"]) == 2


def test_challenge_activated_menhirs_last_one_day_less():
    state = do(standing(new(mode="challenge"), 104), "activate", location=104, days=4)
    assert {"location": 104, "dial": 3} in state["menhirs"]
    with pytest.raises(RuleError):
        do(standing(new(mode="challenge"), 104), "activate", location=104, days=1)


def test_special_movement_is_not_a_travel():
    state = do(new(), "move", character=1, location=105)
    assert state["characters"][0]["location"] == 105
    assert state["characters"][0]["energy"] == 5


def test_remove_location_by_a_card():
    state = edit(new(), lambda s: s["characters"][0].update(location=103))
    state = do(state, "remove_location", location=103)
    assert 103 not in _numbers(state)
    assert state["characters"][0]["location"] == 101
    assert state["characters"][0]["health"] == 4


def test_moved_off_a_location_a_card_removes_is_an_arrival():
    """"Locations": "Instant rules must be resolved even if you arrived by other
    means than Travel (such as being moved from a removed Location)": the Character
    moved from 103 to 101 reveals 102 (101's north Key, in range of 101's Menhir)
    and meets the Guardian there before 101's lightning rules."""
    state = edit(new(), lambda s: s.update(locations=[loc for loc in s["locations"] if loc["number"] != 102]))
    state = edit(state, lambda s: s["guardians"].append({"id": 3, "name": "Guardian 3", "location": 101}))
    state = edit(state, lambda s: s["characters"][0].update(location=103))
    applied = apply(GAME, state, Command("remove_location", {"location": 103}))
    assert applied.state["characters"][0]["location"] == 101
    assert 102 in _numbers(applied.state)
    texts = [e.text for e in applied.events]
    assert "Guardian here: Guardian 3 - Encounter first" in texts
    assert texts.index("Guardian here: Guardian 3 - Encounter first") < texts.index(
        "Arrived on 101: resolve its lightning rules")


def test_special_movement_reveals_and_meets_guardians():
    """"Locations", Special movement: "it still reveals further Location cards and
    triggers instant Actions and Guardian Encounters"."""
    state = edit(new(), lambda s: s.update(locations=[loc for loc in s["locations"] if loc["number"] != 102]))
    state = edit(state, lambda s: s["guardians"].append({"id": 3, "name": "Guardian 3", "location": 101}))
    state = edit(state, lambda s: s["characters"][0].update(location=105))
    applied = apply(GAME, state, Command("move", {"character": 1, "location": 101}))
    assert 102 in _numbers(applied.state)
    assert "Guardian here: Guardian 3 - Encounter first" in [e.text for e in applied.events]
