"""Edges of the Threat deck, the Shadows and Add 1 Threat ("Setup" 5, "Multiplayer
Coop Mode" Threat Deck Setup, "2. Threat Phase", Empty Threat Deck, "Running Out
Of Time", "Using Actions" Scout, Glossary Shadows / Returned), written from the
rulebook alone (`rules/kreel-manor.md`)."""

import copy

import pytest

from tests.games.kreel.helpers import (
    do,
    new,
    next_until,
    play_round,
    play_threat_phase,
    refused,
    shadow_ids,
    step_id,
    with_threats,
)


@pytest.mark.parametrize(("heroes", "foes", "stories", "deck"), [
    (1, 0, 0, 30), (2, 0, 0, 30), (3, 0, 0, 36), (4, 2, 1, 39), (1, 3, 2, 35)])
def test_the_threat_deck_by_stacks_foes_and_stories(heroes, foes, stories, deck):
    """"Setup" 5: "assemble the Threat deck using 5 Stacks"; 5a: "Each Threat Group
    consists of five Threats and one Plot card. The Rare Threat Group ... is only
    added to the Threat deck in a 3-4 hero game"; "Multiplayer Coop Mode": "Add 1
    Rare Threat Group – and therefore 1 additional Stack – ... in a 3-4 player
    game"; "Foes ... are found in the Threat deck"; Stories "shuffled into Stack 4".
    2 heroes: 5 Groups (30); 3 or 4: 6 (36)."""
    assert new(heroes=heroes, foes=foes, stories=stories)["threat_deck"] == deck


@pytest.mark.parametrize(("variant", "deck"), [("valims-dungeoneer", 29), ("masklaws-abyss", 28)])
def test_the_extra_shadows_come_from_the_threat_deck(variant, deck):
    """"Difficulty Variants": "Add 1 additional Shadow" (Masklaw's: 2); "2. Threat
    Phase": "The hero draws 1 Threat from the Threat deck ... and places it
    face-down onto the space beneath the 'Sneak 3' token": 30 - 1 (or - 2)."""
    state = new(variant=variant, foes=0, stories=0)
    assert state["threat_deck"] == deck
    assert all(t is None or not t["revealed"] for t in state["shadows"])


def test_the_last_card_is_drawn_without_a_shuffle():
    """"2. Threat Phase", Empty Threat Deck: "If the hero goes to draw a Threat but
    the Threat deck is empty" - with 1 card left it is not empty: the card is drawn,
    the Lord's Vengeance stays set aside."""
    state = new()
    state.update(threat_deck=1, threat_discard=4)
    state = play_round(state)
    assert (state["threat_deck"], state["threat_discard"], state["vengeance"]) == (0, 4, "aside")


def test_an_empty_deck_with_no_discards_draws_the_lords_vengeance():
    """"2. Threat Phase", Empty Threat Deck: "take the set-aside Lord's Vengeance card
    and shuffle it along with the discarded Threats to form a new Threat deck to draw
    from": with no discarded Threats the new deck is the Vengeance alone, drawn at
    once into Sneak 3."""
    state = new()
    state.update(threat_deck=0, threat_discard=0)
    state = play_round(state)
    assert state["vengeance"] != "aside"
    assert state["threat_deck"] == 0
    assert shadow_ids(state["shadows"])[2] is not None


def test_the_lords_vengeance_is_shuffled_in_only_once():
    """"2. Threat Phase", Empty Threat Deck: the Lord's Vengeance is "the set-aside"
    card; once shuffled in it is no longer set aside: a second empty deck is formed
    from the discarded Threats alone (3 -> 3 drawn 1 = 2)."""
    state = new()
    state.update(threat_deck=0, threat_discard=3, vengeance="deck")
    state = play_round(state)
    assert (state["threat_deck"], state["threat_discard"], state["vengeance"]) == (2, 0, "deck")


def test_four_threats_added_from_empty_shadows_reveal_the_first():
    """"2. Threat Phase", Note: "The above procedure is carried out anytime the hero
    is instructed to 'Add 1 Threat.'" Four times from empty Shadows: the first card
    is bumped Sneak 3 -> 2 -> 1 -> the Threat Area and Revealed; Shadows hold 2, 3, 4."""
    state = do(next_until(new(), "threat.draw"), "next")  # round 1: Threat 1 to Sneak 3
    assert shadow_ids(state["shadows"]) == [None, None, 1]
    state = next_until(state, "play.turn")
    state = next_until(do(state, "add_threat", count=3), "add-threat.reveal")
    assert shadow_ids(state["shadows"]) == [2, 3, 4]
    assert state["revealing"] == [1]


def test_the_threat_area_holds_any_number_and_all_attack():
    """"2. Threat Phase": "The Threat Area may contain any number of Threats";
    "5. Spirit Phase" A: all of them attack: 8 Threats of Spirit Cost 1 cost 8."""
    state = with_threats(new(spirit=10), *[{"spirit_cost": 1} for _ in range(8)])
    state = do(play_threat_phase(state), "next")
    state = do(state, "next")
    assert step_id(state) == "spirit.block" and state["procedure"]["data"]["attack"] == 8


# --- Scout ---------------------------------------------------------------------------------


def _shadows_full(sneak_slot: int = 3, die: int = 0) -> dict:
    """The Play phase with Threats 1, 2, 3 face-down in Sneak 1, 2, 3; Sneak at ``sneak_slot``."""
    state = new()
    for _ in range(2):
        state = play_round(state)
    state = copy.deepcopy(next_until(state, "play.turn"))
    assert shadow_ids(state["shadows"]) == [1, 2, 3]
    actions = state["heroes"][0]["actions"]
    order = {3: ("fight", "influence", "sneak"), 2: ("fight", "sneak", "influence"),
             1: ("sneak", "fight", "influence")}[sneak_slot]
    for slot, action in enumerate(order, start=1):
        actions[action]["slot"] = slot
    actions["sneak"]["die"] = die
    return state


@pytest.mark.parametrize(("slot", "furthest"), [(1, 1), (2, 2), (3, 3)])
def test_scout_reaches_the_shadows_up_to_the_sneak_value(slot, furthest):
    """"Using Actions", Scout: "If the Sneak Action is at 3 Power on the Action Power
    Track, they may reveal any Shadow. With Sneak 2 they can reveal either of the
    first 2 Shadows, and with Sneak 1 they can only reveal the first Shadow"."""
    state = _shadows_full(sneak_slot=slot)
    if furthest < 3:
        refused(state, "scout", shadow=furthest + 1, fight=1)
    state = do(state, "scout", shadow=furthest, fight=2, spirit_cost=1)
    assert state["shadows"][furthest - 1]["revealed"]


def test_scout_reach_raised_by_the_power_die():
    """"Using Actions", Scout, Note: "A hero may increase their Sneak when Scouting by
    using Power Dice and/or Skills": Sneak at 1 spending 2 from its die reaches the
    third Shadow; the die keeps what was not spent."""
    state = do(_shadows_full(sneak_slot=1, die=3), "scout", shadow=3, spend=2, fight=2)
    assert state["shadows"][2]["revealed"]
    assert state["heroes"][0]["actions"]["sneak"]["die"] == 1


def test_scout_is_the_rounds_use():
    """"Using Actions": "USE (once per round)"; Scout is one of its options ("Use
    their Sneak Action"): after a Scout no other Action may be Used, and Sneak is at 1."""
    state = do(_shadows_full(), "scout", shadow=1, fight=2)
    refused(state, "use", action="fight", target="draw")
    assert state["heroes"][0]["actions"]["sneak"]["slot"] == 1


def test_a_scouted_shadow_is_still_not_a_target_for_an_action():
    """Glossary, Shadows: "Heroes cannot target Shadows with Actions, abilities, or
    even Location abilities unless otherwise stated"; "Explore/Engage": "Engage 1
    Threat in the Threat Area (not Shadows)"; "Revealed Shadows remain in place, in
    the Shadows". A Scouted (face-up) Shadow: a hero's damage is refused."""
    state = do(_shadows_full(), "scout", shadow=1, fight=2)
    refused(state, "damage", target="1 Threat 1", value="fight", amount=1)
    assert state["shadows"][0]["damage"]["fight"] == 0


def test_a_returned_threat_cannot_be_targeted_even_by_a_threat():
    """Glossary, Returned: "A Threat returned to the top of the Threat deck ... is not
    considered in the Shadows and cannot be targeted"."""
    state = next_until(with_threats(new(), {"fight": 4}), "play.turn")
    state = do(state, "return_threat", threat=1)
    refused(state, "damage", target="1 Threat 1", value="fight", amount=1, source="threat")
    refused(state, "defeat", threat=1, source="threat")


def test_a_dazed_or_tilted_sneak_cannot_scout():
    """"Using Actions", Scout: "A hero may Use their Sneak Action to reveal 1 Threat";
    "Statuses", Dazed i: "This Action cannot be Used"; TILT: "A Tilted Action may not
    be Used this turn"."""
    dazed = do(_shadows_full(), "hero_status", status="dazed", action="sneak")
    refused(dazed, "scout", shadow=1, fight=1)
    tilted = do(_shadows_full(), "tilt", action="sneak")
    refused(tilted, "scout", shadow=1, fight=1)


def test_bold_gives_a_scout_after_another_use():
    """"Statuses", Bold i: "Discard this Status during the hero's Play Phase to use an
    additional available Action": Fight Used to Draw, then Bold lets the Sneak Scout
    (Sneak at 3 reaches any Shadow); Bold is discarded."""
    state = do(_shadows_full(), "hero_status", status="bold", action="fight")
    state = do(state, "use", action="fight", target="draw")
    state = do(state, "scout", shadow=3, fight=1)
    assert state["shadows"][2]["revealed"] and state["heroes"][0]["statuses"] == []


def test_a_plus_x_sneak_asset_lengthens_the_scout():
    """"Symbol Explanations": a '+X' Asset "increases the hero's Present Power in that
    value. Whenever the hero performs the associated Action they increase their total
    Power by +X"; Scout: "With Sneak 2 they can reveal either of the first 2 Shadows".
    Sneak at 1 with a '+1 Sneak' Asset reaches the second Shadow."""
    state = do(_shadows_full(sneak_slot=1), "asset_power", action="sneak", delta=1)
    refused(state, "scout", shadow=3, fight=1)
    state = do(state, "scout", shadow=2, fight=1)
    assert state["shadows"][1]["revealed"]


def test_a_scouted_lords_vengeance_cannot_be_defeated_either():
    """"Lord's Vengeance – An invincible Threat, nothing can defeat it"; Glossary,
    Shadows: "Threats can still target Shadows": Scouted in the Shadows, a Threat's
    ability cannot defeat it."""
    state = do(_shadows_full(), "scout", shadow=1, kind="vengeance", fight=2, spirit_cost=3)
    refused(state, "defeat", threat=1, source="threat")
    assert state["shadows"][0]["kind"] == "vengeance"
