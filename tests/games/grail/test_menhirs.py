"""Menhir activation ("Menhirs and Wyrdness", "II) During the Day: Inspect a Menhir",
"Story Mode: Menhirs Cost"): the cost on the card, the Menhir seal."""


import pytest

from games.core import RuleError
from tests.games.grail.helpers import do, edit, new, refused, standing


def _rich(state, i=0, **res):
    return edit(state, lambda s: s["characters"][i]["resources"].update(res))


def test_activation_pays_the_cost_on_the_card():
    state = _rich(standing(new(2), 104), 1, magic=5, wealth=3)
    state = do(state, "activate", location=104, days=4, magic=3, wealth=2, paid_by=2)
    assert state["characters"][1]["resources"]["magic"] == 2
    assert state["characters"][1]["resources"]["wealth"] == 1
    assert {"location": 104, "dial": 4} in state["menhirs"]


def test_without_the_resources_it_is_refused_and_nothing_changes():
    state = _rich(standing(new(), 104), magic=1)
    err = refused(state, "activate", location=104, days=4, magic=2)
    assert err.short == "Needs 2 Magic"


def test_story_mode_one_requirement_is_1_lower():
    state = _rich(standing(new(mode="story"), 104), magic=1)
    state = do(state, "activate", location=104, days=4, magic=2, story_less="magic")
    assert state["characters"][0]["resources"]["magic"] == 0
    with pytest.raises(RuleError):
        do(_rich(standing(new(), 104), magic=2), "activate", location=104, days=4, magic=2,
           story_less="magic")


def test_only_in_a_location_with_a_menhir_seal_when_the_seals_are_known():
    state = do(standing(new(), 104), "load_pack", toml="[locations.104]\nseals = ['dreams']\n")
    with pytest.raises(RuleError) as err:
        do(state, "activate", location=104, days=3)
    assert err.value.short == "No Menhir seal here"
    state = do(standing(new(), 104), "activate", location=104, days=3)  # seals unknown: allowed, now known
    assert "menhir" in next(loc for loc in state["locations"] if loc["number"] == 104)["seals"]


def test_challenge_mode_activated_menhirs_last_one_day_less():
    state = do(standing(new(mode="challenge"), 104), "activate", location=104, days=4)
    assert {"location": 104, "dial": 3} in state["menhirs"]


def test_a_menhir_is_activated_by_a_character_standing_there():
    """"Menhirs and Wyrdness": "Activating Menhirs requires Characters to use the Action
    on the back of the Location card"; Party members there may pay for each other."""
    state = _rich(new(2), 1, magic=3)
    err = refused(state, "activate", location=104, days=4)  # everyone on 101
    assert "not on 104" in err.short
    state = standing(state, 104, 2)
    with pytest.raises(RuleError):
        do(state, "activate", location=104, days=4, paid_by=1)  # Character 1 is still on 101
    state = do(state, "activate", location=104, days=4, magic=2, paid_by=2)
    assert {"location": 104, "dial": 4} in state["menhirs"]
    assert do(new(), "activate", location=101, days=3)["menhirs"] == [{"location": 101, "dial": 3}]


def test_after_activating_locations_with_characters_reveal_what_is_now_in_range():
    """"Menhirs and Wyrdness": "After activating, check all Locations with Characters
    for open Direction Keys leading to unrevealed Locations now within Menhir range,
    and reveal them immediately." 104's east Key names 106, two cards from 101's
    Menhir; the new Menhir on 104 brings it in range."""
    state = do(standing(new(), 104), "direction_key", location=104, side="east", number=106)
    state = do(state, "travel", character=1, direction="101")
    state = do(state, "travel", character=1, direction="104")
    assert 106 not in [loc["number"] for loc in state["locations"]]  # out of range on arrival
    state = do(state, "activate", location=104, days=3)
    assert 106 in [loc["number"] for loc in state["locations"]]



def test_no_activation_by_a_character_who_passed():
    """"Pass - ... you take no more Actions until the next day": activating a Menhir is an
    Action (Inspect a Menhir, or the Journal during an Explore they can no longer take).
    Character 2 Passed is refused; Character 1 on the same Location activates it, which the
    box does not count as the round's Action (an Inspect or the Journal inside an Explore:
    it cannot tell)."""
    state = do(new(2), "pass_day", character=2)
    assert refused(state, "activate", location=101, days=3, paid_by=2).short == "Character 2 Passed"
    state = do(state, "activate", location=101, days=3, paid_by=1)
    assert (state["acted"], state["menhirs"][0]["dial"]) == ([], 3)
