"""Edges of Guardians ("Guardians", "I) Start of the Day": Move Guardians, "Travel"), each
expected value read from the rulebook alone (rules/tainted-grail.md), not from the box."""

from tests.games.grail.helpers import do, edit, new, next_until, refused, standing, step_id


def _with_guardian(state, location, gid=1):
    return edit(state, lambda s: s["guardians"].append(
        {"id": gid, "name": f"Guardian {gid}", "location": location}))


def _met_at_start_of_day(characters=2, face="south"):
    """Guardian 1 on 102 rolls onto 101, where every Character stands."""
    state = next_until(_with_guardian(new(characters), 102), "start-of-day.guardian")
    state = do(state, "guardian_roll", face=face)
    assert step_id(state) == "start-of-day.guardian_fight"
    return state


def test_at_the_start_of_the_day_all_characters_there_fight_the_guardian_together():
    """"Guardians": "If a Guardian enters a Location with any Character, it immediately
    triggers the Encounter"; "If a Guardian stays in a Location with Characters present,
    immediately start the Encounter (all Characters there must fight together)."

    Both Characters stand on 101: the Combat with Guardian 1 has both as members, even
    when only Character 1 is named."""
    state = do(_met_at_start_of_day(), "combat", character=1, value=6, guardian=1)
    assert state["encounter"]["members"] == [0, 1]


def test_a_guardian_staying_put_is_fought_by_all_characters_there():
    """"Guardians": "If a Guardian stays in a Location with Characters present, immediately
    start the Encounter (all Characters there must fight together)." Three Characters on
    101 with a Guardian that rolls Nothing: all three fight; the fourth, on 103, does not."""
    state = standing(_with_guardian(new(4), 101), 103, 4)
    state = next_until(state, "start-of-day.guardian")
    state = do(state, "guardian_roll", face="nothing")
    assert step_id(state) == "start-of-day.guardian_fight"
    state = do(state, "combat", character=2, value=6, guardian=1)
    assert state["encounter"]["members"] == [0, 1, 2]


def test_a_party_travelling_onto_a_guardian_fights_it_as_a_party():
    """"Travel": "In a Party: any automatic Action or Guardian Encounter triggered by the
    new Location is resolved as a Party"; "Guardians": "If a Character or Party enters a
    Location with a Guardian, immediately trigger the Encounter". The Party of two that
    travels north onto Guardian 1 on 102 fights it together."""
    state = do(_with_guardian(new(2), 102), "travel", character=1, direction="north", party=True)
    assert [c["location"] for c in state["characters"]] == [102, 102]
    state = do(state, "combat", character=1, value=6, guardian=1)
    assert state["encounter"]["members"] == [0, 1]


def test_a_character_elsewhere_does_not_fight_the_guardian():
    """"Guardians": "all Characters there must fight together" - only those there.
    Character 2 on 103 is not in the Combat with the Guardian on 101."""
    state = standing(_met_at_start_of_day(), 103, 2)
    state = do(state, "combat", character=1, value=6, guardian=1)
    assert state["encounter"]["members"] == [0]


def test_the_start_of_the_day_waits_for_the_guardian_encounter_before_the_event():
    """"I) Start of the Day": "Move Guardians. For each Guardian on the table, roll the
    Direction die and move it per the Guardian rules." then "Reveal and read a new Event
    card."; "Guardians": "If a Guardian enters a Location with any Character, it
    immediately triggers the Encounter."

    The Encounter comes from Move Guardians and is resolved there: while it runs the Event
    is not revealed (`next` is refused, the step stays); once it is won, `next` goes on to
    the Event."""
    state = do(_met_at_start_of_day(1), "combat", character=1, value=3, guardian=1)
    refused(state, "next")
    assert step_id(state) == "start-of-day.guardian_fight"
    state = do(state, "adjust", track="combat.pool", delta=3)
    assert state["encounter"] is None and state["guardians"] == []
    state = do(state, "next")
    assert step_id(state) == "start-of-day.event"


def _rolled(state, face):
    state = next_until(state, "start-of-day.guardian")
    return do(state, "guardian_roll", face=face)


def test_a_roll_onto_a_connected_location_goes_there_not_to_the_highest():
    """"Guardians": "Cardinal direction - move the Guardian that way." From 101 west is 103,
    revealed and connected: it goes to 103 (the highest-numbered rule is only for an
    unrevealed or unconnected target)."""
    state = _rolled(standing(_with_guardian(new(), 101), 104), "west")
    assert state["guardians"][0]["location"] == 103


def test_an_unrevealed_target_from_a_corner_goes_to_its_only_connection():
    """"If a Guardian would move to an unrevealed or unconnected Location, move it to the
    highest-numbered connected Location instead." From 103, west and north are unrevealed;
    103's only connected Location is 101."""
    for face in ("west", "north"):
        state = _rolled(standing(_with_guardian(new(), 103), 105), face)
        assert state["guardians"][0]["location"] == 101


def test_a_guardian_entering_an_empty_location_starts_nothing():
    """"If a Guardian enters a Location with any Character, it immediately triggers the
    Encounter" - with none there, no Encounter: the Start of the Day goes on to the Event."""
    state = _rolled(standing(_with_guardian(new(), 101), 105), "north")
    assert state["guardians"][0]["location"] == 102
    assert step_id(state) == "start-of-day.event"


def test_a_guardian_discarded_where_characters_stand_starts_no_encounter():
    """"Discard - remove the Guardian, returning its card to the bottom of its Encounter
    deck." Discarded on the Characters' Location, it is gone: no Encounter."""
    state = _rolled(_with_guardian(new(), 101), "discard")
    assert state["guardians"] == [] and step_id(state) == "start-of-day.event"


def test_travelling_onto_two_guardians_names_both_to_choose_from():
    """"If a Character or Party enters a Location with a Guardian, immediately trigger the
    Encounter (choose which one if several are present)." Both Guardians on 101 are named."""
    from games.core import Command, apply
    from tests.games.grail.helpers import GAME

    state = standing(_with_guardian(_with_guardian(new(), 101, 1), 101, 2), 105)
    applied = apply(GAME, state, Command("travel", {"character": 1, "direction": "north"}))
    met = [t for t in (e.text for e in applied.events) if "Guardian 1" in t and "Guardian 2" in t]
    assert met


def test_a_defeated_guardian_leaves_the_map_and_rolls_no_more():
    """"Once defeated, put its card on the bottom of its deck." Guardian 1 on 101 beaten: no
    Guardian on the map, no roll the next Start of the Day."""
    state = _with_guardian(new(), 101)
    state = do(state, "combat", character=1, value=2, guardian=1)
    state = do(state, "adjust", track="combat.pool", delta=2)
    assert state["guardians"] == []
    state = next_until(state, "start-of-day.event")
    assert state["guardians"] == []


def test_a_character_already_there_may_join_the_guardian_a_newcomer_triggers():
    """"If a Character or Party enters a Location with a Guardian, immediately trigger the
    Encounter"; "II) During the Day": "Two Characters in the same Location may join an Action
    even if they did not start it together, right before an Automatic Action or Guardian
    Encounter triggers." (The "all Characters there must fight together" of "Guardians" is
    for a Guardian that stays or moves at the Start of the Day.) Character 2 stands on 102
    with Guardian 1 (escaped earlier); Character 1 travels in alone: Character 2 may join
    (party) or stay out."""
    state = edit(standing(new(2), 102, 2), lambda s: s["guardians"].append(
        {"id": 1, "name": "Guardian 1", "location": 102}))
    state = do(state, "travel", character=1, direction="north")
    assert do(state, "combat", character=1, value=5, guardian=1, party=True)["encounter"]["members"] == [0, 1]
    assert do(state, "combat", character=1, value=5, guardian=1, party=False)["encounter"]["members"] == [0]


def test_a_guardian_leaving_the_characters_location_starts_nothing():
    """"If a Guardian stays in a Location with Characters present, immediately start the
    Encounter" - only if it stays. On 101 with the Character, it rolls north to the empty 102:
    no Encounter, the Start of the Day goes on to the Event."""
    state = _rolled(_with_guardian(new(), 101), "north")
    assert state["guardians"][0]["location"] == 102 and step_id(state) == "start-of-day.event"


def test_a_guardian_met_at_dawn_is_fought_before_the_next_guardian_rolls():
    """"Move Guardians. For each Guardian on the table, roll the Direction die and move it per
    the Guardian rules"; "Guardians": "If a Guardian enters a Location with any Character, it
    immediately triggers the Encounter." Guardian 1 rolls south onto the Character on 101:
    its Encounter comes at once - Guardian 2 does not roll before it is over, nor while it
    runs; once Guardian 1 is defeated, Guardian 2 rolls."""
    state = next_until(_with_guardian(_with_guardian(new(), 102, 1), 104, 2), "start-of-day.guardian")
    state = do(state, "guardian_roll", face="south")
    refused(state, "guardian_roll", face="west")
    state = do(state, "combat", character=1, value=2, guardian=1)
    refused(state, "guardian_roll", face="west")
    state = do(state, "adjust", track="combat.pool", delta=2)
    state = do(state, "guardian_roll", face="nothing")
    assert [(g["id"], g["location"]) for g in state["guardians"]] == [(2, 104)]
