"""Edges of '1. Components' (tokens) and '2. Setup' read from the rulebook alone."""

import pytest

from games.kilforth import rules
from games.kilforth.state import CITY, cell_index

from .helpers import WARRIOR, begin, camp_all, d6, do, place, refused, start, step_id

# --- Tokens ------------------------------------------------------------------------------------

def test_the_first_hero_acts_first_on_day_one_among_several():
    """"First Hero Marker: Identifies the hero that acts first at the start of the Day";
    "2. Setup", First Hero: "The hero with the highest Sneak value ... is the First Hero".
    Sneak 1, 2, 5, 3: Hero 3 holds the marker and takes the first turn, then Hero 4
    ("Heroes take turns ... in clockwise order starting with the First Hero")."""
    heroes = [dict(WARRIOR, sneak=s) for s in (1, 2, 5, 3)]
    state = start(heroes, mode="coop")
    assert state["first_hero"] == 2 and state["active_hero"] == 2
    state = do(state, "hide")
    assert state["active_hero"] == 3
    state = do(state, "hide")
    assert state["active_hero"] == 0  # round the table


def test_first_hero_tie_is_one_of_the_tied_heroes_only():
    """First Hero: "highest Sneak value ... (decide randomly if tied)" - with Sneak 4, 1, 4
    only Hero 1 or Hero 3 can be First Hero, whatever the seed; both happen."""
    heroes = [dict(WARRIOR, sneak=4), dict(WARRIOR, sneak=1), dict(WARRIOR, sneak=4)]
    firsts = {start(heroes, seed=s)["first_hero"] for s in range(16)}
    assert firsts == {0, 2}


def test_a_loot_token_claimed_at_six_loot_keeps_six():
    """"Loot: Claimed by heroes ... instead of gold on reward cards"; "Limit of 6: If a hero
    ever has more than 6 rumours, 6 assets, or 6 Loot, they must discard down to 6"."""
    state = start()
    state["heroes"][0].update(cell=cell_index("C2"), loot=6)
    enc = place(state, cell_index("C2"), "place", sneak=1, gold=2)
    state = do(state, "overcome", encounter=enc)
    state = do(state, "reward", loot="loot token", rumour="card")
    assert state["heroes"][0]["loot"] == 6


def test_a_hero_with_no_enemy_token_left_still_makes_a_stranger_an_enemy():
    """"Strangers": zero successes in the first Test: "they must place one of their Enemy
    tokens on the Stranger"; "Token Limitations: There is no limit to the number of tokens
    that can be in play. If the provided tokens run out, any substitute may be used in lieu."
    With all 4 Enemy tokens in play, a fifth Stranger still becomes an Enemy (0 left)."""
    state = start()
    state["heroes"][0].update(cell=cell_index("C2"), enemy_tokens=0, fate=0, rumours=0)
    thug = place(state, cell_index("C2"), "stranger", influence=2, fight=1, hp=1, sneak=1)
    state = do(state, "confront", encounter=thug, attribute="influence")
    state = do(state, "roll", dice=d6(1, 1))
    assert state["encounters"][0]["enemy_of"] == [0] and state["heroes"][0]["enemy_tokens"] == 0


def test_an_enemy_is_engaged_at_the_start_of_a_turn_even_with_no_ap():
    """"Action Points ... Note: Engagements and Deeds ... are minor Actions which do not
    consume AP"; "7. Hero Turn": "At the beginning of their turn, the hero must first engage
    all Enemies at their location". Hero 2 has 0 AP beside an Enemy: the engagement still
    happens, and then only Camp is left."""
    state = start([dict(WARRIOR, sneak=3), WARRIOR], mode="coop")
    state["heroes"][1].update(cell=cell_index("B2"), ap=0)
    place(state, cell_index("B2"), "enemy", fight=0, hp=1, sneak=1)
    state = do(state, "hide")
    assert state["procedure"]["name"] == "battle" and state["procedure"]["data"]["hero"] == 1
    if step_id(state) == "team":
        state = do(state, "team_up", team="none")
    state = do(state, "trap")
    state = do(state, "hero_fight", dice=d6(6, 1, 1))
    state = do(state, "foe_fight", dice=[])
    if step_id(state) == "fate":
        state = do(state, "fate", use="no")
    state = do(state, "reward", loot="gold", rumour="card")
    assert state["active_hero"] == 1 and state["heroes"][1]["ap"] == 0
    refused(state, "hide")
    state = do(state, "camp")
    assert state["heroes"][1]["camped"]


def test_a_trap_costing_more_hp_than_the_hero_has_takes_the_last_and_defeats():
    """"Health Points: ... if a hero's HP reaches 0, the hero is defeated"; "Trap: ... If the
    full cost cannot be met, then as much of the cost that can be paid must be"; "When a hero
    loses 1 or more HP, that hero also loses 1 AP (if able) for each HP lost". 4 HP and 1 AP,
    a Trap of 6 HP: HP 0, AP 0, defeated."""
    state = start()
    state["heroes"][0].update(cell=cell_index("C2"), ap=1)
    wolf = place(state, cell_index("C2"), "enemy", fight=1, hp=3, sneak=1)
    state = do(state, "engage", encounter=wolf, team="none")
    state = do(state, "trap", hp=6)
    hero = state["heroes"][0]
    assert (hero["hp"], hero["ap"], hero["defeated"]) == (0, 0, True)


def test_hp_turned_to_zero_with_fewer_ap_than_hp_lost_leaves_zero_ap():
    """"... loses 1 AP (if able) for each HP lost": 4 HP lost with 1 AP left - AP 0."""
    state = start()
    state["heroes"][0]["ap"] = 1
    state = do(state, "adjust", track="hero1.hp", delta=-4)
    hero = state["heroes"][0]
    assert (hero["hp"], hero["ap"], hero["defeated"]) == (0, 0, True)


def test_fate_by_a_rumour_when_no_fate_token_is_left():
    """"Fate: ... They must discard either: 1 Fate token, or 1 rumour." No Fate token left,
    one rumour: Fate is still offered and the rumour pays for it."""
    state = start()
    state["heroes"][0].update(cell=cell_index("C2"), fate=0, rumours=1)
    quest = place(state, cell_index("C2"), "quest", fight=2)
    state = do(state, "confront", encounter=quest, attribute="fight")
    state = do(state, "roll", dice=d6(6, 1, 1))
    assert step_id(state) == "fate"
    refused(state, "fate", use="Fate token")
    state = do(state, "fate", use="rumour")
    hero = state["heroes"][0]
    assert (hero["fate"], hero["rumours"], hero["fate_used"]) == (0, 0, True)
    assert step_id(state) == "reward"


def test_no_fate_offered_with_neither_fate_token_nor_rumour():
    """"Fate: ... They must discard either: 1 Fate token, or 1 rumour" - with neither, Fate
    cannot be called: the failed Test just stands (1 success of 2 kept)."""
    state = start()
    state["heroes"][0].update(cell=cell_index("C2"), fate=0, rumours=0)
    quest = place(state, cell_index("C2"), "quest", fight=2)
    state = do(state, "confront", encounter=quest, attribute="fight")
    state = do(state, "roll", dice=d6(6, 1, 1))
    assert state["procedure"] is None
    assert state["heroes"][0]["successes"] == [{"encounter": quest, "attribute": "fight", "count": 1}]


def test_gold_past_999_from_a_reward():
    """'12. Additional Rules', Gold: "There is no limit to how much gold a hero can have."
    999 gold plus an encounter's 2: 1001."""
    state = start()
    state["heroes"][0].update(cell=cell_index("C2"), gold=999)
    enc = place(state, cell_index("C2"), "place", sneak=1, gold=2)
    state = do(state, "overcome", encounter=enc)
    state = do(state, "reward", loot="gold", rumour="card")
    assert state["heroes"][0]["gold"] == 1001
    assert rules.victory_points(state["heroes"][0]) == 1001


# --- 2. Setup ----------------------------------------------------------------------------------

def test_the_map_is_twenty_five_locations_with_sprawl_city_in_the_centre():
    """"Map: Place the Sprawl City location in the centre of the table ... to form a 5 x 5 grid
    with Sprawl City in the centre." One city, at C3 (the centre of 25)."""
    state = start()
    assert len(state["map"]) == 25
    assert [i for i, c in enumerate(state["map"]) if c["terrain"] == "city"] == [CITY] == [cell_index("C3")]


def test_difficulty_variant_leaves_twenty_two_night_cards():
    """"Night Deck: Shuffle the Night deck"; "Difficulty Variant: ... draw and discard 3 Night
    cards" - 25 - 3 = 22 Days; without it 25."""
    assert len(start()["night_deck"]["draw"]) == 25
    state = begin({"heroes": 1, "mode": "solo", "difficulty": True})
    state = do(state, "hero_values", **WARRIOR)
    for cell in ("A1", "A2", "A3"):
        state = do(state, "difficulty_discard", location=cell)
    assert len(state["night_deck"]["draw"]) == 22


def test_starting_gold_zero_and_a_large_maximum_still_start_with_4_hp_and_4_ap():
    """Tokens: "Each hero takes: a. 4 Health Points, ... c. X Starting Gold (listed on their
    Race card, usually 1), ... f. 4 Action Points" - X may be 0; a maximum of 7 does not
    change the 4 HP."""
    hero = start([dict(WARRIOR, gold=0, max_hp=7)])["heroes"][0]
    assert (hero["gold"], hero["hp"], hero["ap"], hero["max_hp"], hero["fate"]) == (0, 4, 4, 7, 4)


@pytest.mark.parametrize(("mode", "heroes", "ancients"), [
    ("solo", 1, 1), ("competitive", 2, 1), ("competitive", 4, 1), ("coop", 3, 3), ("coop", 4, 4)])
def test_one_ancient_or_one_per_hero_in_the_cooperative_game(mode: str, heroes: int, ancients: int):
    """"Ancients: Shuffle the Ancient cards and draw 1 (in the cooperative game each hero draws
    1 Ancient)"."""
    state = start([dict(WARRIOR, sneak=3)] + [WARRIOR] * (heroes - 1), mode=mode)
    assert len(state["ancients"]) == ancients


def test_no_plot_without_the_plots_option_when_a_location_falls_into_gloom():
    """"* Do not use Ancient Abilities or Plots in your first game"; Plots: "Take the Plot
    cards that match their Ancient(s)" only when used - a Badlands location falling into
    gloom places no Plot then."""
    state = camp_all(start())
    state = do(state, "night_card", location="B2", type="weather", terrain="badlands")
    assert state["map"][cell_index("B2")]["plots"] == []


def test_gloom_loss_larger_than_the_hp_left_defeats_at_zero():
    """"Gloom effect - HP loss affecting a hero who ends their Day here"; "If a hero loses
    their last HP by other means (e.g. Gloom or Weather), they are defeated". Gloom 3 on a
    hero with 2 HP: HP 0, defeated."""
    state = start()
    state["heroes"][0].update(cell=cell_index("B2"), hp=2, rumours=1)
    state["map"][cell_index("B2")].update(gloom=True, gloom_hp=3)
    state = camp_all(state)
    hero = state["heroes"][0]
    assert (hero["hp"], hero["defeated"], hero["cell"]) == (0, True, CITY)


def test_gloom_on_a_location_without_heroes_costs_nothing():
    """"Step 1: Gloom - Each hero at a gloom location loses HP": a hero on a colour location
    beside a gloom one loses none."""
    state = start()
    state["heroes"][0]["cell"] = cell_index("B2")
    state["map"][cell_index("B3")].update(gloom=True, gloom_hp=2)
    state = camp_all(state)
    assert state["heroes"][0]["hp"] == 4


def test_no_card_effect_places_an_encounter_on_sprawl_city_nor_relocates_one_there():
    """"Sprawl City ... no Enemy, Ancient, Plot, encounter, or other type of card may be
    placed here at any time": a card placing an encounter at the hero's location (Sprawl
    City) and a card relocating an encounter there are both refused; a hero may be relocated
    there (a standee is not a card)."""
    state = start()
    refused(state, "place_encounter")
    state["heroes"][0]["cell"] = cell_index("C2")
    enc = place(state, cell_index("C2"), "quest", study=1)
    refused(state, "relocate", what=f"#{enc}", to="C3")
    state = do(state, "relocate", what="H1", to="C3")
    assert state["heroes"][0]["cell"] == CITY
