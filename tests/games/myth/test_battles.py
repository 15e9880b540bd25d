"""Battles and skill tests ("Battle", "Skill Tests", "Damage and Healing",
"Defeated Heroes"): dice fixed, hits and hurts, the odds shown."""

from __future__ import annotations

from fractions import Fraction

from games.myth import battles
from games.myth.march import assault_chance
from tests.games.myth.helpers import played, put


def test_battle_with_fixed_dice_hits_and_hurts():
    """"Battle": >= defence deals 1 damage, <= attack hurts the hero; equal
    attack and defence rolled: both."""
    t = played()
    s = t.state
    s["enemy"]["minion"] = {"vitality": 1, "attack": 4, "defence": 4}
    put(s, "farrenroc", 3)
    t.do("battle", rank="minion", dice=[{"kind": "d10", "face": f} for f in (4, 9, 2)])
    t.do("reroll")  # keep
    assert len(t.state["areas"]["farrenroc"]["minions"]) == 1
    assert t.state["heroes"][0]["damage"] == 2


def test_battle_defeats_delayed_minions_first():
    t = played()
    s = t.state
    put(s, "farrenroc", 2, delayed=True)
    put(s, "farrenroc", 1)
    t.do("battle", rank="minion", dice=[{"kind": "d10", "face": 5}])
    t.do("reroll")
    assert len(t.state["areas"]["farrenroc"]["minions"]) <= 1


def test_declined_battle_gains_influence():
    t = played()
    t.do("battle", rank="minion", decline=True)
    assert t.state["reserves"]["influence"] == 1


def test_hero_defeated_costs_stability_and_cannot_act():
    """"Defeated Heroes": damage discarded, stability -1; no actions this round."""
    t = played()
    t.do("wound", amount=6)
    hero = t.state["heroes"][0]
    assert hero["defeated"] and hero["damage"] == 0 and t.state["stability"] == 9
    t.refused("travel", area="village-1")


def test_skill_test_rolls_at_least_one_die():
    t = played()
    t.state["heroes"][0]["spirit"] = 0
    t.do("test", skill="spirit", target=6, dice=[{"kind": "d10", "face": 6}])
    t.do("reroll")
    assert "success" in t.last.description


def test_odds():
    assert battles.hit_chance(7) == Fraction(2, 5)
    assert battles.test_chance(2, 6) == 1 - Fraction(1, 2) ** 2
    t = played()
    s = t.state
    s["enemy"]["minion"]["attack"] = 2
    put(s, "farrenroc", 2)
    assert assault_chance(s, "farrenroc") == 1 - Fraction(4, 5) ** 2
