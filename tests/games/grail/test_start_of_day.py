"""I) Start of the Day, step by step in the 2.0 order ("Playing the Game")."""

import pytest

from games.core import RuleError
from tests.games.grail.helpers import GAME, do, edit, new, next_until, refused, step_id, to_next_day, with_map


def _menhir(state, location, dial):
    return edit(state, lambda s: s["menhirs"].__setitem__(
        slice(None), [m for m in s["menhirs"] if m["location"] != location]
        + [{"location": location, "dial": dial}]))


def _sod(state):
    """Run the day out and the Start of the Day up to its last reminder (the Event)."""
    return next_until(state, "start-of-day.event")


def test_steps_in_the_2_0_order():
    state = new()
    state = edit(state, lambda s: s["guardians"].append({"id": 9, "name": "Guardian 9",
                                                         "location": 105}))
    state = edit(state, lambda s: s["menhirs"][0].update(dial=None))
    state = _menhir(with_map(state, {106: (2, 0)}), 104, 3)
    seen = []
    state = next_until(state, "start-of-day.effects")
    while step_id(state) != "day.actions":
        seen.append(step_id(state))
        state = _press(state)
    assert seen == [
        "start-of-day.effects", "start-of-day.expired_note", "start-of-day.range_note",
        "start-of-day.dials_note", "start-of-day.time_note", "start-of-day.guardian",
        "start-of-day.event",
    ]


def _press(state):
    if step_id(state) == "start-of-day.guardian":
        return do(state, "guardian_roll", face="nothing")
    return do(state, "next")


def test_day_counts_up_and_passes_clear():
    state = do(new(), "pass_day", character=1)
    state = to_next_day(state)
    assert state["day"] == 2
    assert not state["characters"][0]["passed"]


def test_reduce_menhir_dials_by_one():
    state = _sod(new())  # 1 player: 8 days
    assert state["menhirs"][0]["dial"] == 7


def test_dial_at_1_is_removed_but_the_menhir_stays_until_the_next_start_of_day():
    state = edit(new(), lambda s: s["menhirs"][0].update(dial=1))
    state = to_next_day(state)
    assert state["menhirs"] == [{"location": 101, "dial": None}]
    assert len(state["locations"]) == 5  # nothing removed yet
    # The next Start of the Day: the Menhir has no Dial, it goes dark: the last Menhir case.
    state = to_next_day(state)
    assert state["menhirs"] == []


def test_remove_locations_out_of_range_moves_characters_scenario():
    """A Menhir on 104 stays; 101's Menhir is dark. Within one card (diagonals too)
    of 104 are 101, 102, 105 and 106: only 103 vanishes. The Character on 103
    loses 2 Health, gains 2 Terror and moves to the nearest remaining Location:
    101, 102 and 105 are all one card away (diagonals count), so the
    lowest-numbered, 101."""
    state = with_map(new(), {106: (2, 0)})
    state = edit(state, lambda s: s["menhirs"][0].update(dial=None))
    state = _menhir(state, 104, 4)
    state = edit(state, lambda s: s["characters"][0].update(location=103))
    state = _sod(state)
    assert state["menhirs"] == [{"location": 104, "dial": 3}]
    assert sorted(loc["number"] for loc in state["locations"]) == [101, 102, 104, 105, 106]
    assert state["removed_locations"] == [103]
    c = state["characters"][0]
    assert c["location"] == 101
    assert (c["health"], c["terror"], c["energy"]) == (4, 2, 4)  # Energy pushed down by Health


def test_moved_to_the_lowest_numbered_on_a_tie():
    # Menhir on 110 at (1, -1): 102 (0,-1), 104 (1,0), 101 (0,0) stay; 103 and 105 vanish.
    state = with_map(new(), {110: (1, -1)})
    state = edit(state, lambda s: s["menhirs"].__setitem__(0, {"location": 110, "dial": 3}))
    state = edit(state, lambda s: s["characters"][0].update(location=105))
    state = _sod(state)
    # From 105 (0,1): 101 is 1 away, 104 (1,0) is 1 away diagonally: the lower number, 101.
    assert state["characters"][0]["location"] == 101


def test_guardians_on_removed_locations_are_discarded():
    state = with_map(new(), {106: (2, 0)})
    state = edit(state, lambda s: s["menhirs"].__setitem__(0, {"location": 106, "dial": 3}))
    state = edit(state, lambda s: s["guardians"].append({"id": 1, "name": "Guardian 1",
                                                         "location": 103}))
    state = _sod(state)
    assert state["guardians"] == []


def test_last_menhir_gone_locations_stay_and_everyone_loses_2_health_gains_2_terror():
    state = edit(new(2), lambda s: s["menhirs"][0].update(dial=None))
    state = next_until(state, "start-of-day.range_note")
    assert len(state["locations"]) == 5
    assert [(c["health"], c["terror"]) for c in state["characters"]] == [(4, 2), (4, 2)]
    # ... and again every Start of the Day until a Menhir is activated.
    state = to_next_day(state)
    assert [(c["health"], c["terror"]) for c in state["characters"]] == [(2, 4), (2, 4)]


def test_time_dials_reduced_and_time_tokens_removed():
    state = do(new(), "time_dial", days=2)
    state = do(state, "time_token", location=102)
    state = _sod(state)
    assert state["time_dials"][0]["days"] == 1
    assert not any(loc["time_token"] for loc in state["locations"])
    state = to_next_day(state)
    state = to_next_day(state)
    assert state["time_dials"][0]["days"] == 0


def test_menhir_dial_sets_days_with_the_spirit_dial():
    state = do(new(), "adjust", track="menhir101.days", delta=-3)
    assert state["menhirs"][0]["dial"] == 5
    with pytest.raises(RuleError):
        do(state, "correct", track="menhir101.days", value=0)


def _without_102_and_a_guardian_on_101(state):
    """102 not revealed (101's north Key names it) and a Guardian on 101; the only
    Active Menhir on 104, so 103 vanishes at the next Start of the Day."""
    state = edit(state, lambda s: s.update(locations=[loc for loc in s["locations"] if loc["number"] != 102]))
    state = edit(state, lambda s: s["guardians"].append({"id": 7, "name": "Guardian 7", "location": 101}))
    state = edit(state, lambda s: s["menhirs"][0].update(dial=None))
    state = _menhir(state, 104, 4)
    return edit(state, lambda s: s["characters"][0].update(location=103))


def test_moved_off_a_removed_location_is_an_arrival_reveals_and_meets_the_guardian():
    """"Locations": "Instant rules must be resolved even if you arrived by other
    means than Travel (such as being moved from a removed Location)"; Special
    movement "still reveals further Location cards and triggers instant Actions
    and Guardian Encounters". Moved from 103 to 101, the Character reveals 102
    (101's north Key, one card from the Menhir on 104) and meets Guardian 7."""
    state = next_until(_without_102_and_a_guardian_on_101(new()), "start-of-day.arrival_fight")
    assert state["removed_locations"] == [103]
    assert state["characters"][0]["location"] == 101
    assert sorted(loc["number"] for loc in state["locations"]) == [101, 102, 104, 105]
    assert state["procedure"]["data"]["met"] == [7]
    assert GAME.view(state).step == "Encounter: Guardian 7 on 101"
    # The Guardian still rolls afterwards ("Move Guardians"), then the Event.
    assert _sod(state)["guardians"] == [{"id": 7, "name": "Guardian 7", "location": 101}]


def test_nobody_moved_no_arrival_reminder():
    state = _without_102_and_a_guardian_on_101(new())
    state = edit(state, lambda s: s["characters"][0].update(location=104))
    seen = []
    state = next_until(state, "start-of-day.effects")
    while step_id(state) != "start-of-day.event":
        seen.append(step_id(state))
        state = _press(state)
    assert "start-of-day.arrival_fight" not in seen
    assert 102 not in [loc["number"] for loc in state["locations"]]


def test_the_guardian_met_on_arrival_is_fought_before_the_start_of_the_day_goes_on():
    """"Locations": "If a Guardian is present, resolve its Encounter before triggering the
    Location's instant rule"; "Guardians": "If a Character or Party enters a Location with a
    Guardian, immediately trigger the Encounter". While the Combat with Guardian 7 runs,
    `next` is refused and the reminder stays; once the Character has Escaped (the Guardian
    stays on 101 and roams) the Start of the Day goes on to the Menhir Dials."""
    state = next_until(_without_102_and_a_guardian_on_101(new()), "start-of-day.arrival_fight")
    state = do(state, "combat", character=1, value=6, guardian=7)
    assert refused(state, "next").short == "Encounter first"
    state = do(state, "escape", character=1)
    assert state["guardians"] == [{"id": 7, "name": "Guardian 7", "location": 101}]
    assert step_id(state) == "start-of-day.arrival_fight"
    assert step_id(do(state, "next")) in ("start-of-day.dials_note", "start-of-day.time_note")


def test_a_combat_drawn_at_the_event_does_not_hold_the_day():
    """"I) Start of the Day": only the Guardian Encounter of Move Guardians comes before
    "Reveal and read a new Event card"; an Encounter the Event card starts is fought During
    the Day's first moments: `next` on the Event reminder is not held by it."""
    state = next_until(new(), "start-of-day.event")
    state = do(state, "combat", character=1, value=6)
    state = do(state, "next")
    assert step_id(state) == "day.actions" and state["encounter"] is not None
