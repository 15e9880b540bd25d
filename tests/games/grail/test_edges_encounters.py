"""Edges of Combat and Diplomacy ("Combat", "Diplomacy", "Combat Encounter Traits"), each
expected value read from the rulebook alone (rules/tainted-grail.md), not from the box."""

import re

import pytest

from games.core import Command, apply
from tests.games.grail.helpers import GAME, do, edit, new, refused, standing, with_map


def _c(state, i=0):
    return state["characters"][i]


def _enc(state):
    return state["encounter"]


def _texts(applied) -> list[str]:
    return [e.text for e in applied.events]


# --- Diplomacy: a Stage won before the last -----------------------------------------------


def test_a_stage_won_mid_activation_ends_the_activation_solo_the_turn_ends():
    """"Affinity Check": "On the highest slot - you win the current Stage. ... If not the
    last Stage, begin the next Stage: move the marker to the gray slot, place a marker on the
    completed Stage, and go to Check Readiness." "Check Readiness - as in Combat": "If all
    Party Members have been Activated (Time Tokens on their Trays), go to End Turn."

    Alone, the only member has been Activated: the Activation ends at once, no Opponent's
    Response, and the Turn ends (Turn 2, Time Tokens cleared)."""
    state = do(new(), "diplomacy", character=1, top=5, start=2, stages=2)
    state = do(state, "pick_active", character=1)
    applied = apply(GAME, state, Command("adjust", {"track": "diplomacy.affinity", "delta": 3}))
    enc = _enc(applied.state)
    assert (enc["stage"], enc["affinity"]) == (2, 2)
    assert enc["active"] is None
    assert (enc["turn"], enc["activated"]) == (2, [])
    assert not any("Response" in t for t in _texts(applied))
    refused(applied.state, "end_activation", cards=1)  # nobody is Active any more


def test_a_stage_won_mid_activation_in_a_party_goes_to_the_next_pick():
    """"Affinity Check": a Stage won that is not the last: "move the marker to the gray slot
    ... and go to Check Readiness"; Check Readiness: "Otherwise return to Pick the Active
    Character." With one of two members Activated, the Turn goes on and the other is picked
    next; the first member's Opponent's Response never runs."""
    state = do(new(2), "diplomacy", character=1, party=True, top=5, start=2, stages=3)
    state = do(state, "pick_active", character=1)
    state = do(state, "adjust", track="diplomacy.affinity", delta=3)
    enc = _enc(state)
    assert (enc["stage"], enc["affinity"], enc["active"]) == (2, 2, None)
    assert (enc["turn"], enc["activated"]) == (1, [0])
    state = do(state, "pick_active", character=2)
    assert _enc(state)["active"] == 1


def test_the_last_stage_won_mid_activation_wins_the_encounter():
    """"Affinity Check": "If it was the last Stage, you win the entire Encounter (receive
    Rewards, bottom the card, reshuffle)." A one-Stage Diplomacy won during the Activation
    ends there."""
    state = do(new(), "diplomacy", character=1, top=4, start=1, stages=1)
    state = do(state, "pick_active", character=1)
    state = do(state, "adjust", track="diplomacy.affinity", delta=3)
    assert _enc(state) is None and state["last_encounter"]["result"] == "won"


def test_one_below_the_top_is_no_stage_won():
    """"Affinity Check": only "On the highest slot" wins the Stage; one slot below, the
    Stage and the Activation go on."""
    state = do(new(), "diplomacy", character=1, top=5, start=2, stages=2)
    state = do(state, "pick_active", character=1)
    state = do(state, "adjust", track="diplomacy.affinity", delta=2)
    enc = _enc(state)
    assert (enc["stage"], enc["affinity"], enc["active"]) == (1, 4, 0)


# --- A missing Encounter Value is 0 -------------------------------------------------------


def test_a_missing_value_wins_at_the_first_victory_check_after_the_opportunity_attack():
    """"The Encounter card": "Encounter Value - the number of Combat Pool markers you need to
    win (treat a missing Value as 0)." "Character Activation": "c) ... If you played no card
    this Activation, the enemy immediately makes an Opportunity attack, then you draw a
    card. d) Perform the Victory Check." "Victory Check": "If they are at least the
    Encounter's Value, you win."

    The Pool at 0 is at least 0: the first Victory Check (step d of the first Activation)
    wins, after the Opportunity attack of step c; no Turn 2."""
    state = do(new(), "combat", character=1, value=0, opp_damage=1)
    assert _enc(state) is not None  # no Victory Check before the first Activation's step d
    state = do(state, "pick_active", character=1)
    state = do(state, "end_activation", cards=0)
    assert _c(state)["health"] == 5  # the Opportunity attack came first
    assert _enc(state) is None
    assert state["last_encounter"]["result"] == "won"


def test_a_missing_value_wins_at_step_d_when_a_card_was_played():
    """"Character Activation" d) "Perform the Victory Check"; a missing Value is 0: with a
    card played there is no Opportunity attack, and the Combat is won at step d, before
    any Enemy Attack."""
    state = do(new(), "combat", character=1, value=0, opp_damage=2)
    state = do(state, "pick_active", character=1)
    applied = apply(GAME, state, Command("end_activation", {"cards": 1}))
    assert _c(applied.state)["health"] == 6
    assert applied.state["last_encounter"]["result"] == "won"
    assert not any("Enemy Attack" in t for t in _texts(applied))


# --- Negative Combat Pool -----------------------------------------------------------------


def test_removing_more_markers_than_the_pool_holds_empties_it_and_the_active_discards():
    """"Other Combat rules": "Negative Combat Pool. The Pool can never go negative. If an
    Attack or effect would remove more markers than exist, the Active Character's
    controller discards one card from their hand per excess point instead (if no cards,
    discard from the deck top)."

    Removing 5 from a Pool of 2: the Pool is 0 and the Active Character discards 3."""
    state = do(new(2), "combat", character=1, party=True, value=9)
    state = do(state, "pick_active", character=2)
    state = do(state, "adjust", track="combat.pool", delta=2)
    applied = apply(GAME, state, Command("adjust", {"track": "combat.pool", "delta": -5}))
    assert _enc(applied.state)["pool"] == 0
    assert any(re.search(r"Character 2\b.*discards? 3\b", t) for t in _texts(applied))


def test_removing_exactly_the_pool_discards_nothing():
    """"Negative Combat Pool": cards are discarded only "If an Attack or effect would remove
    more markers than exist"; removing 2 from 2 leaves 0 and no excess."""
    state = do(new(), "combat", character=1, value=9)
    state = do(state, "pick_active", character=1)
    state = do(state, "adjust", track="combat.pool", delta=2)
    applied = apply(GAME, state, Command("adjust", {"track": "combat.pool", "delta": -2}))
    assert _enc(applied.state)["pool"] == 0
    assert not any(re.search(r"discards? \d", t) for t in _texts(applied))


# --- A Guardian not defeated roams ---------------------------------------------------------


def test_a_new_guardian_left_by_you_are_dying_roams_where_it_was_triggered():
    """"Combat Encounter Traits": "Guardian - if not defeated, this Encounter roams the
    map." "Rules Summary", Guardians: "place the card where you triggered it." "Other Combat
    rules": "You Are Dying ... immediately removes you from the current Encounter."

    The Guardian drawn on 101 is not defeated when its only foe is dying: it stays on 101."""
    state = do(new(), "combat", character=1, value=9, trait="guardian")
    state = do(state, "pick_active", character=1)
    state = do(state, "adjust", track="c1.health", delta=-6)
    assert _enc(state) is None
    assert [g["location"] for g in state["guardians"]] == [101]


def test_a_new_guardian_that_robs_the_party_roams_where_it_was_triggered():
    """"Combat Encounter Traits": "Robber - when all Party members drop to 1 Health or less,
    they lose all Wealth and discard all Items; then the Encounter ends (counts as a
    loss)"; "Guardian - if not defeated, this Encounter roams the map." A loss is not a
    defeat of the Guardian: its card stays on the Location (103 here)."""
    state = standing(with_map(new(), {}), 103)
    state = do(state, "combat", character=1, value=9, trait="guardian", trait2="robber")
    state = do(state, "adjust", track="c1.health", delta=-5)
    assert state["last_encounter"]["result"] == "lost"
    assert [g["location"] for g in state["guardians"]] == [103]


def test_a_guardian_on_the_map_not_defeated_stays():
    """"Guardians": "Once defeated, put its card on the bottom of its deck" - only then. A
    Guardian already on the map that a dying Character leaves stays where it is."""
    state = edit(new(), lambda s: s["guardians"].append({"id": 1, "name": "Guardian 1", "location": 101}))
    state = do(state, "combat", character=1, value=9, guardian=1)
    state = do(state, "adjust", track="c1.health", delta=-6)
    assert [(g["id"], g["location"]) for g in state["guardians"]] == [(1, 101)]


def test_a_guardian_is_removed_only_when_defeated():
    """"Guardians": "Once defeated, put its card on the bottom of its deck." A new Guardian
    beaten at its Value leaves nothing on the map."""
    state = do(new(), "combat", character=1, value=3, trait="guardian")
    state = do(state, "adjust", track="combat.pool", delta=3)
    assert state["last_encounter"]["result"] == "won" and state["guardians"] == []


@pytest.mark.parametrize("party", [False, True])
def test_a_guardian_escaped_by_everyone_roams(party):
    """"Guardians": "If you Escape a Guardian, place its card on the Location where you
    triggered it." "Escaping Combat": "When all Escape, place the card on the bottom of its
    deck" - not a Guardian's, which roams."""
    state = do(new(2), "combat", character=1, party=party, value=9, trait="guardian")
    for member in list(_enc(state)["members"]):
        state = do(state, "escape", character=member + 1)
    assert _enc(state) is None and [g["location"] for g in state["guardians"]] == [101]


def test_the_enemy_attack_s_excess_is_discarded_by_the_character_it_hit():
    """"Enemy Attack. Find the Attack on the Encounter card matching the current number of
    Combat Pool markers and apply its result to the Active Character ... If the enemy Attack
    removes markers and the Pool can't cover the loss, see Negative Combat Pool": "the Active
    Character's controller discards one card from their hand per excess point". Character
    2's Activation done (the box's Enemy Attack step), its Attack removes 5 from a Pool of
    2: Character 2 - not the next to be picked - discards 3, and is named."""
    state = do(new(2), "combat", character=1, party=True, value=9)
    state = do(state, "pick_active", character=2)
    state = do(state, "adjust", track="combat.pool", delta=2)
    state = do(state, "end_activation", cards=1)
    applied = apply(GAME, state, Command("adjust", {"track": "combat.pool", "delta": -5}))
    assert _enc(applied.state)["pool"] == 0
    assert any(re.search(r"Character 2\b.*discards? 3\b", t) for t in _texts(applied))


def test_affinity_pushed_past_the_top_stops_there_and_wins_the_stage():
    """"Diplomacy": Characters push "a marker up an Affinity track on the Encounter card to
    the top"; "Up / Down arrow - move the marker up or down the Affinity track." "Affinity
    Check": "On the highest slot - you win the current Stage." Three up arrows with one slot
    left: the marker reaches the top slot (the track ends there) and the Stage is won."""
    state = do(new(), "diplomacy", character=1, top=5, start=2, stages=2)
    state = do(state, "adjust", track="diplomacy.affinity", delta=2)
    state = do(state, "adjust", track="diplomacy.affinity", delta=3)
    assert (_enc(state)["stage"], _enc(state)["affinity"]) == (2, 2)


def test_affinity_pushed_past_the_bottom_stops_there_and_loses():
    """"Affinity Check": "On the lowest slot - you lose the Encounter". A Response of 4 down
    arrows from the gray slot 2: the marker stops on the lowest slot, and the Encounter is
    lost."""
    state = do(new(), "diplomacy", character=1, top=5, start=2, stages=1)
    state = do(state, "adjust", track="diplomacy.affinity", delta=-4)
    assert _enc(state) is None and state["last_encounter"]["result"] == "lost"


@pytest.mark.parametrize("on_the_map", [False, True])
def test_a_guardian_that_runs_away_leaves_the_map(on_the_map):
    """"Some creatures have a Run Away attack: it immediately ends the Encounter and puts the
    card on the bottom of its deck." A Guardian's card too - new or already on the map: no
    Guardian left to roam."""
    state = new()
    if on_the_map:
        state = edit(state, lambda s: s["guardians"].append({"id": 1, "name": "Guardian 1", "location": 101}))
        state = do(state, "combat", character=1, value=9, guardian=1)
    else:
        state = do(state, "combat", character=1, value=9, trait="guardian")
    state = do(state, "end_encounter", result="ran away")
    assert state["guardians"] == [] and state["last_encounter"]["result"] != "won"
