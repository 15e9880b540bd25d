"""Edges of "Hero Actions" (Travel, Battle, Quest, Fortify), "Skill Tests",
"Rerolling Dice", "Damage and Healing" and "Defeated Heroes", expected values from
the rulebook alone. The Orcneas sheet as the setup enters it by default (the state
shows it): minion vitality 1, attack 3, defence 6; heroes vitality 6, skills 2.

The stand-in board, as the state gives it: the hero starts in Farrenroc; Ruins 1
touches Farrenroc; the active quest is in a ruins."""

from __future__ import annotations

import pytest

from tests.games.myth.helpers import Table, played, put


def d10(*faces: int) -> list[dict]:
    return [{"kind": "d10", "face": f} for f in faces]


def _battle(t: Table, *faces: int, **params) -> None:
    t.do("battle", rank="minion", dice=d10(*faces), **params)
    if t.step() is not None and t.step().id == "reroll":
        t.do("reroll", die="keep")


def _hero(t: Table) -> dict:
    return t.state["heroes"][0]


# --- Battle -------------------------------------------------------------------------------------


def test_battle_rolls_one_die_per_enemy_of_the_rank_only():
    """"Battle": "rolling 1 10-sided die per enemy of that rank ... in their area":
    two minions and a captain in Farrenroc, a battle against the minions: 2 dice."""
    t = played()
    put(t.state, "farrenroc", 2)
    t.do("place", area="farrenroc", rank="captain", count=1)
    t.do("battle", rank="minion")
    assert t.step().dice(t.state) == (2, "d10")


@pytest.mark.parametrize(("face", "left", "damage"), [(6, 0, 0), (5, 1, 0), (3, 1, 1), (4, 1, 0)])
def test_battle_a_hit_at_the_defence_a_hurt_at_the_attack(face, left, damage):
    """"Battle": "For each die result that equals or exceeds the enemy rank's defense
    (target number), the player deals 1 damage ... Each die result equal to or lower
    than the enemy rank's attack value deals 1 damage to the active hero": defence 6,
    attack 3: a 6 hits, a 5 misses, a 3 hurts, a 4 does neither."""
    t = played()
    put(t.state, "farrenroc", 1)
    _battle(t, face)
    s = t.state
    assert len(s["areas"]["farrenroc"]["minions"]) == left
    assert _hero(t)["damage"] == damage


def test_battle_defence_equal_to_attack_rolled_hurts_both():
    """"Battle": "If the defense and attack value are the same, and that number is
    rolled, both the hero and the enemy receive damage": minion attack and defence
    set to 5 ("Correct a value"), a 5: the minion falls, the hero takes 1."""
    t = played()
    t.do("correct", track="minion.attack", value=5)
    t.do("correct", track="minion.defence", value=5)
    put(t.state, "farrenroc", 1)
    _battle(t, 5)
    assert t.state["areas"]["farrenroc"]["minions"] == []
    assert _hero(t)["damage"] == 1


def test_battle_two_hits_on_two_minions_defeat_both_to_the_supply():
    """"Battle": "Each damage dealt this way may be assigned to any enemy of the
    target enemy rank"; "Damage and Healing": "When a target suffers damage equal
    to or exceeding its vitality, it is defeated. Defeated enemies are placed near
    the enemy sheet with the rest of the out-of-play enemy tokens": vitality 1, two
    hits, both defeated, the supply back to 20."""
    t = played()
    put(t.state, "farrenroc", 2)
    _battle(t, 9, 10)
    s = t.state
    assert s["areas"]["farrenroc"]["minions"] == [] and s["supply"]["minions"] == 20
    assert s["reserves"]["influence"] == 0


def test_battle_with_no_enemy_gains_one_influence():
    """"Battle": "If the hero cannot or chooses not to resolve a battle, they gain 1
    influence": nobody in Farrenroc."""
    t = played()
    t.do("battle", rank="minion")
    assert t.state["reserves"]["influence"] == 1


def test_battle_only_delayed_minions_defeats_them_then_gains_one_influence():
    """"Delayed Minions": "When a hero resolves a battle action card, they may
    automatically defeat all delayed minions in their area before resolving the
    battle action step"; then no enemy is left: "cannot ... resolve a battle, they
    gain 1 influence"."""
    t = played()
    put(t.state, "farrenroc", 2, delayed=True)
    t.do("battle", rank="minion", defeat_delayed=True)
    s = t.state
    assert s["areas"]["farrenroc"]["minions"] == [] and s["supply"]["minions"] == 20
    assert s["reserves"]["influence"] == 1


def test_battle_defeats_delayed_minions_then_rolls_for_the_upright_ones():
    """"Delayed Minions": the delayed ones defeated first, then the battle: one die
    for the one upright minion left (two delayed, one upright)."""
    t = played()
    put(t.state, "farrenroc", 2, delayed=True)
    put(t.state, "farrenroc", 1)
    t.do("battle", rank="minion", defeat_delayed=True)
    assert t.step().dice(t.state) == (1, "d10")
    assert t.state["areas"]["farrenroc"]["minions"] == [{"damage": 0, "delayed": False}]


# --- Damage, Defeated Heroes ----------------------------------------------------------------------


def test_a_hero_one_below_vitality_stands_at_vitality_is_defeated():
    """"Damage and Healing": "When a target suffers damage equal to or exceeding its
    vitality, it is defeated"; "Defeated Heroes": "1. Discard all damage tokens. 2.
    Reduce Farrenroc's stability by 1." Vitality 6: 5 damage stands; the sixth
    defeats: damage 0, stability 9."""
    t = played()
    t.do("wound", amount=5)
    assert (_hero(t)["damage"], _hero(t)["defeated"], t.state["stability"]) == (5, False, 10)
    t.do("wound", amount=1)
    assert (_hero(t)["damage"], _hero(t)["defeated"], t.state["stability"]) == (0, True, 9)


def test_a_battle_that_defeats_the_hero_costs_one_stability():
    """"Battle": each die at or below the attack hurts the active hero; "Defeated
    Heroes": at vitality, stability -1. Damage 5, one die of 1: defeated."""
    t = played()
    t.do("wound", amount=5)
    put(t.state, "farrenroc", 1)
    _battle(t, 1)
    assert _hero(t)["defeated"] and _hero(t)["damage"] == 0 and t.state["stability"] == 9


def test_a_hero_defeated_at_stability_one_loses_the_game():
    """"Farrenroc": "If Farrenroc's stability is reduced to zero, the players
    immediately lose the game"; "Defeated Heroes" 2: stability -1."""
    t = played()
    t.do("correct", track="stability", value=1)
    t.do("wound", amount=6)
    assert t.state["stability"] == 0 and t.state["over"]["result"] == "loss"


def test_two_heroes_defeated_cost_one_stability_each():
    """Quick Reference, Stability Loss: "Each hero defeated 1": two heroes defeated,
    10 to 8."""
    t = played(heroes=2)
    t.do("wound", amount=6, hero=1)
    t.do("wound", amount=6, hero=2)
    assert t.state["stability"] == 8


# --- Quest, Fortify, Travel -----------------------------------------------------------------------


@pytest.mark.parametrize(("faces", "passed"), [((6, 1), True), ((5, 5), False)])
def test_a_quest_passes_on_a_die_at_the_target_number(faces, passed):
    """"Skill Tests": "Each die that equals or exceeds the target number is a
    success. If the hero rolls one or more successes, the skill test is
    successful"; "Quest Deck": a passed quest reveals the next active quest, a
    failed one "remains the active quest". Tactics 2: two dice, target 6."""
    t = played()
    _hero(t)["area"] = "ruins-1"
    t.do("quest", skill="tactics", target=6)
    assert t.step().dice(t.state) == (2, "d10")
    t.do("roll", dice=d10(*faces))
    t.do("reroll", die="keep")
    if passed:
        assert t.step() is not None and t.step().id == "quest"
    else:
        assert t.state["quest"] == "ruins" and t.state["procedure"]["name"] == "planning"
    assert t.state["reserves"]["hope"] == 0


def test_a_skill_of_zero_rolls_one_die():
    """"Skill Tests" 1: "Gather a number of dice equal to the hero's skill ... Heroes
    always roll a minimum of 1 die for skill tests": Cunning 0: one die."""
    t = played()
    t.do("correct", track="hero1.cunning", value=0)
    t.do("test", skill="cunning", target=4)
    assert t.step().dice(t.state) == (1, "d10")


def test_a_skill_of_three_rolls_three_dice():
    """"Skill Tests" 1: "a number of dice equal to the hero's skill": Intellect 3."""
    t = played()
    t.do("correct", track="hero1.intellect", value=3)
    t.do("test", skill="intellect", target=4)
    assert t.step().dice(t.state) == (3, "d10")


def test_a_declined_quest_in_a_quest_location_gains_one_hope():
    """"Quest": "If the hero is not in a quest area (or if they choose not to resolve
    a quest action), they gain 1 hope": in Ruins 1, declined."""
    t = played()
    _hero(t)["area"] = "ruins-1"
    t.do("quest", skill="tactics", target=6, decline=True)
    assert t.state["reserves"]["hope"] == 1 and t.state["quest"] == "ruins"


@pytest.mark.parametrize(("built", "structure", "supply"), [(5, True, 0), (6, False, 1)])
def test_fortify_the_sixth_structure_builds_a_seventh_gains_supply(built, structure, supply):
    """"Fortify": "The amount of structures in play cannot exceed six ... If the hero
    cannot or chooses not to build a structure, they gain 1 supply": five in play,
    the sixth is built in Ruins 1; six in play, +1 supply instead."""
    t = played()
    for area in ("village-2", "village-3", "village-4", "village-5", "sanctuary-1", "sanctuary-2")[:built]:
        t.state["areas"][area]["structure"] = True
    _hero(t)["area"] = "ruins-1"
    t.do("fortify")
    s = t.state
    assert s["areas"]["ruins-1"]["structure"] is structure
    assert s["reserves"]["supply"] == supply
    assert sum(a["structure"] for a in s["areas"].values()) == 6


def test_travel_into_farrenroc_and_out_again():
    """"Travel": "may move their hero into an adjacent area" ("Farrenroc Tile": heroes
    move into and out of the center area): Ruins 1 to Farrenroc to Village 1."""
    t = played()
    _hero(t)["area"] = "ruins-1"
    t.do("travel", area="farrenroc")
    t.do("travel", area="village-1")
    assert _hero(t)["area"] == "village-1"
    t.refused("travel", area="village-1")  # already there: not an adjacent area


# --- Rerolling Dice ---------------------------------------------------------------------------


def test_a_die_rerolled_once_cannot_be_rerolled_again():
    """"Rerolling Dice": "Each die can be rerolled only once, regardless of how many
    effects would provide additional rerolls": one die, rerolled: no further reroll
    is offered and the battle resolves with the new face (a 6 hits)."""
    t = played()
    put(t.state, "farrenroc", 1)
    t.do("battle", rank="minion", dice=d10(1))
    t.do("reroll", die="1: 1", dice=d10(6))
    s = t.state
    assert t.step() is None or t.step().id != "reroll"
    assert s["areas"]["farrenroc"]["minions"] == [] and _hero(t)["damage"] == 0


@pytest.mark.parametrize("where", ["farrenroc", "lair-1", "outland-3"])
def test_fortify_in_a_special_location_gains_one_supply(where):
    """"Fortify": "Structures may not be built in special locations: Farrenroc,
    Lairs, or Outland. If the hero cannot or chooses not to build a structure, they
    gain 1 supply"."""
    t = played()
    _hero(t)["area"] = where
    t.do("fortify")
    assert t.state["areas"][where]["structure"] is False
    assert t.state["reserves"]["supply"] == 1


@pytest.mark.parametrize("where", ["lair-2", "outland-1"])
def test_no_encounter_in_an_outland_or_a_lair(where):
    """"Locations": "Outland & Lair areas do not have encounter cards" (the game doc's
    reading of the Glossary's "Lair")."""
    t = played()
    _hero(t)["area"] = where
    t.refused("encounter", skill="spirit", target=6)


@pytest.mark.parametrize(("face", "outcome"), [(7, "success"), (6, "fail")])
def test_an_encounter_test_succeeds_at_its_target_number(face, outcome):
    """"Encounter Cards": "If a skill test is present, that player immediately
    performs the required skill test"; "Skill Tests" 3-4: a die at or above the
    target number succeeds. Spirit 1 (one die), target 7: a 7 succeeds, a 6 fails."""
    t = played()
    _hero(t)["area"] = "village-1"
    t.do("correct", track="hero1.spirit", value=1)
    t.do("encounter", skill="spirit", target=7)
    assert t.step().dice(t.state) == (1, "d10")
    t.do("roll", dice=d10(face))
    t.do("reroll", die="keep")
    other = {"success": "fail", "fail": "success"}[outcome]
    said = t.last.description.lower()
    assert outcome in said and other not in said
