"""Edges of "Locations" (Travel, revealing, instant rules, special movement), "Menhirs and
Wyrdness" (removed Locations, activating and extending Menhirs, the last Menhir), each
expected value read from the rulebook alone (rules/tainted-grail.md)."""

from games.core import Command, apply
from tests.games.grail.helpers import (
    GAME,
    do,
    edit,
    new,
    next_until,
    refused,
    standing,
    to_next_day,
    with_map,
)


def _numbers(state):
    return sorted(loc["number"] for loc in state["locations"])


def _keyed(state=None):
    """104's east Key names 106 (two cards east of 101); 102's east Key names 107 (the
    north-east corner of 101, diagonal to it)."""
    state = do(state or new(), "direction_key", location=104, side="east", number=106)
    return do(state, "direction_key", location=102, side="east", number=107)


def test_a_blocked_edge_blocks_both_ways():
    """"Locations": "If two cards are adjacent but their touching edges have no Direction
    Keys, the route is blocked". The edge between 101 and 102 is one edge: blocked from
    101's side, it cannot be crossed from 102 either."""
    state = do(new(), "blocked", location=101, side="north", on=True)
    refused(state, "travel", character=1, direction="north")
    state = do(state, "move", character=1, location=102)
    refused(state, "travel", character=1, direction="south")


def test_arrival_reveals_a_card_one_diagonal_from_the_menhir_but_not_two_away():
    """"Reveal further Location cards. ... attach them, but only if the Location you are
    attaching is no further than 1 card (including diagonally) from an Active Menhir. A card
    whose number matches a Direction Key but that would fall outside Active Menhir range is
    not attached." 107 east of 102 is diagonal to 101's Menhir: attached; 106 east of 104
    is two cards from it: not."""
    assert 107 in _numbers(do(_keyed(), "travel", character=1, direction="north"))
    assert 106 not in _numbers(do(_keyed(), "travel", character=1, direction="east"))


def test_a_menhir_whose_dial_was_removed_is_still_active_for_the_range():
    """"Reduce Menhir Dials ... If a Dial is already at 1 and cannot be reduced, remove it (but
    the Menhir itself stays until the next Start of the Day)"; "Menhirs still on the table
    are 'Active Menhirs.'" A Menhir on 104 with no Dial still brings 106 in range."""
    state = edit(_keyed(), lambda s: s["menhirs"].append({"location": 104, "dial": None}))
    assert 106 in _numbers(do(state, "travel", character=1, direction="east"))


def test_special_movement_is_free_goes_anywhere_revealed_and_still_reveals():
    """"Special movement. Some effects move your Character to the 'lowest-numbered revealed
    Location,' 'any connected Location,' etc. This does not count as Travel, costs no Energy,
    and is instant - but it still reveals further Location cards". Moved to 102 (not a
    Travel: the blocked edge does not matter), Energy unchanged, 107 revealed."""
    state = do(_keyed(), "blocked", location=101, side="north", on=True)
    state = do(state, "move", character=1, location=102)
    assert (state["characters"][0]["location"], state["characters"][0]["energy"]) == (102, 5)
    assert 107 in _numbers(state)


def test_a_guardian_is_met_before_the_locations_instant_rules_on_a_travel():
    """"Resolve any instant rules marked with a lightning symbol. If a Guardian is present,
    resolve its Encounter before triggering the Location's instant rule." The Encounter is
    announced first."""
    state = edit(new(), lambda s: s["guardians"].append({"id": 1, "name": "Guardian 1", "location": 101}))
    state = do(state, "move", character=1, location=105)
    applied = apply(GAME, state, Command("travel", {"character": 1, "direction": "north"}))
    texts = [e.text for e in applied.events]
    guardian = next(i for i, t in enumerate(texts) if "Guardian 1" in t)
    lightning = [i for i, t in enumerate(texts) if "lightning" in t]
    assert all(guardian < i for i in lightning)


def test_a_removed_location_can_send_every_character_there_to_death_s_door():
    """"When a Location is removed, all Characters present immediately lose 2 Health, gain 2
    Terror, and are moved to the nearest remaining Location (lowest-numbered if tied) - this
    is not a Travel Action." Two Characters on 103 with 2 Health: both at 0 Health (and 0
    Energy: "Your Energy marker can never be higher than your Health marker"), Terror +2,
    both on 101 (the lowest-numbered of the nearest: 101, 102 and 105 touch 103)."""
    state = edit(new(2), lambda s: [c.update(location=103, health=2, energy=2, terror=3)
                                    for c in s["characters"]])
    state = do(state, "remove_location", location=103)
    assert [(c["location"], c["energy"], c["health"], c["terror"]) for c in state["characters"]] == \
        [(101, 0, 0, 5)] * 2


def test_a_character_elsewhere_is_untouched_by_a_removal():
    """"all Characters present immediately lose 2 Health, gain 2 Terror" - only those
    present."""
    state = standing(new(2), 103, 1)
    state = do(state, "remove_location", location=103)
    tracks = [(c["location"], c["health"], c["terror"]) for c in state["characters"]]
    assert tracks == [(101, 4, 2), (101, 6, 0)]


def test_extending_a_menhir_loses_its_remaining_days_even_a_longer_dial():
    """"You may extend a still-Active Menhir by activating it again; any remaining power on
    the Dial is lost, and you do not add a new Menhir model." 8 days left, activated for 3:
    the Dial shows 3, still one Menhir."""
    state = do(new(), "activate", location=101, days=3)
    assert state["menhirs"] == [{"location": 101, "dial": 3}]


def test_an_activated_menhir_brings_in_range_what_the_characters_keys_name():
    """"After activating, check all Locations with Characters for open Direction Keys leading
    to unrevealed Locations now within Menhir range, and reveal them immediately." On 104
    with its east Key naming 106, a Menhir activated on 104 reveals 106 at once."""
    state = do(standing(_keyed(), 104), "activate", location=104, days=4)
    assert 106 in _numbers(state)


def test_the_last_menhir_out_keeps_the_map_and_drains_every_day():
    """"If the last Menhir on the map goes out, do not remove the last Location cards -
    Characters may keep playing there but lose 2 Health and gain 2 Terror at each Start of
    the Day until they die or activate a Menhir." A Menhir activated ends the drain."""
    state = edit(new(), lambda s: s["menhirs"][0].update(dial=None))
    state = to_next_day(state)
    assert _numbers(state) == [101, 102, 103, 104, 105]
    assert (state["characters"][0]["health"], state["characters"][0]["terror"]) == (4, 2)
    state = do(state, "activate", location=101, days=3)
    state = next_until(state, "start-of-day.event")
    assert (state["characters"][0]["health"], state["characters"][0]["terror"]) == (4, 2)


def test_a_key_naming_a_replaced_card_leads_to_its_new_version():
    """"Legacy Location numbers. Many Locations are transformed by player actions, switching a
    card for an altered version with a new number. The original number remains on the card
    as the Legacy Location number; use it when connecting Direction Keys if the numbered
    Location shown by a Key is no longer in the game." 122 (Legacy 102) replaces 102 north of
    101: 101's Key naming 102 leads to 122, and arriving on 101 brings no 102 back."""
    pack = ("[locations.101]\nkeys = { north = 102, west = 103, east = 104, south = 105 }\n"
            "[locations.122]\nlegacy = 102\nkeys = { south = 101 }\n")
    state = do(do(new(), "load_pack", toml=pack), "move", character=1, location=105)
    state = do(state, "remove_location", location=102)
    state = do(state, "place", number=122, next_to=101, side="north")
    state = do(state, "travel", character=1, direction="north")
    assert 102 not in _numbers(state)
    state = do(state, "travel", character=1, direction="north")
    assert state["characters"][0]["location"] == 122


def test_an_activation_reveals_from_every_character_s_location_not_only_the_menhir_s():
    """"After activating, check all Locations with Characters for open Direction Keys leading
    to unrevealed Locations now within Menhir range, and reveal them immediately." Character
    1 activates 104's Menhir; Character 2 stands on 107 (north-east of 101), whose east Key
    names 109 - diagonal to 104, two cards from 101: revealed at once."""
    state = with_map(new(2), {107: (1, -1)})
    state = do(state, "direction_key", location=107, side="east", number=109)
    state = standing(standing(state, 104, 1), 107, 2)
    state = do(state, "activate", location=104, days=3, paid_by=1)
    assert [(loc["x"], loc["y"]) for loc in state["locations"] if loc["number"] == 109] == [(2, -1)]


def test_a_menhir_without_its_dial_extended_does_not_go_dark():
    """"If a Dial is already at 1 and cannot be reduced, remove it (but the Menhir itself stays
    until the next Start of the Day)"; "You may extend a still-Active Menhir by activating it
    again". Its Dial removed, the Menhir on 101 is activated again for 3 days: the next Start
    of the Day reduces it to 2 instead of removing it."""
    state = to_next_day(edit(new(), lambda s: s["menhirs"][0].update(dial=1)))
    assert state["menhirs"] == [{"location": 101, "dial": None}]
    state = to_next_day(do(state, "activate", location=101, days=3))
    assert state["menhirs"] == [{"location": 101, "dial": 2}]
