"""A battling hero's last HP ("Step 3: Hero Defeated Check"; "Health/Health Points (HP)";
"Hero Defeated"), and what the HP dial may do during a battle: no command leaves a
battle still being fought without a hero in it, and every view renders."""

import pytest

from games.core import Command, apply
from games.core.engine import InvariantError
from games.kilforth import battles, rules
from games.kilforth.state import CITY, cell_index

from .helpers import GAME, WARRIOR, d6, do, place, refused, start, step_id


def _battle(heroes: list[dict] | None = None, **foe) -> dict:
    """The active hero (and any others, at the same location) before an Enemy's Trap."""
    state = start(heroes, mode="coop" if heroes and len(heroes) > 1 else "solo")
    for hero in state["heroes"]:
        hero["cell"] = cell_index("C2")
    values = {"fight": 1, "hp": 5, "sneak": 1, **foe}
    enemy = place(state, cell_index("C2"), "enemy", **values)
    team = "+".join(f"H{i + 1}" for i in range(1, len(state["heroes"])))
    return do(state, "engage", encounter=enemy, team=team or "none")


def test_the_view_renders_while_a_defeated_hero_loses_a_card():
    """"Step 3: Hero Defeated Check": the battle's hero is defeated by the Skirmish and is
    asked to "sacrifice 1 asset or discard 1 rumour" - the battle is over, nobody fights,
    and the OLED still shows the foe's HP and the hero's (was an IndexError)."""
    state = do(_battle(fight=4), "trap")
    state = do(state, "hero_fight", dice=d6(1, 1, 1))
    state = do(state, "foe_fight", dice=d6(6, 6, 6, 6))
    state = do(state, "fate", use="no")
    assert step_id(state) == "loss" and state["heroes"][0]["defeated"]
    assert battles.fighters(state, state["procedure"]["data"]) == []
    assert dict(GAME.view(state).facts) == {"Foe HP": "5", "Your HP": "0"}
    state = do(state, "lose_card", card="rumour")
    assert state["procedure"]["name"] == "night"  # the only hero made Camp by their defeat


def test_a_trap_that_takes_the_last_hp_ends_the_battle_and_the_view_renders():
    """"Trap" costs HP; "When a hero loses their last HP, they are defeated"."""
    state = do(_battle(), "trap", hp=4)
    assert step_id(state) == "loss" and state["heroes"][0]["defeated"]
    GAME.view(state)


def test_a_hero_defeated_during_a_stranger_confront_does_not_battle_it():
    """The issue's other road to a battle with no hero: HP turned to 0 during a Confront
    Test of a Stranger, then zero successes. "Hero Defeated": the hero "Makes Camp and
    ends their turn immediately" and "Cannot be affected by abilities or effects", and
    "If a hero leaves a location, by any means, all their successes at that location are
    lost": the Test has no result - no Enemy token, no battle."""
    state = start()
    state["heroes"][0]["cell"] = cell_index("C2")
    stranger = place(state, cell_index("C2"), "stranger", influence=2, fight=1, hp=2)
    state = do(state, "confront", encounter=stranger, attribute="influence")
    state = do(state, "adjust", track="hero1.hp", delta=-4)
    assert state["heroes"][0]["defeated"] and state["heroes"][0]["cell"] == CITY
    assert step_id(state) == "roll"
    state = do(state, "roll", dice=d6(1, 1))
    assert step_id(state) == "loss"  # no Fate for a defeated hero; the lost card is asked
    assert state["encounters"][0]["enemy_of"] == [] and state["heroes"][0]["successes"] == []
    state = do(state, "lose_card", card="rumour")
    assert state["procedure"]["name"] == "night"
    GAME.view(state)


def test_a_hero_defeated_while_the_drawn_encounter_is_entered_does_not_battle_it():
    """"Action: Move": the drawn card is assigned to the location moved to; a hero
    defeated meanwhile (HP turned to 0) is in Sprawl City and "Cannot be affected by
    abilities or effects": the Enemy stays on its location, unengaged. (Before, the
    card went onto the hero's new cell, Sprawl City, and every answer was refused.)"""
    state = do(start(), "move", to="C2")
    state = do(state, "adjust", track="hero1.hp", delta=-4)
    assert step_id(state) == "draw" and state["heroes"][0]["cell"] == CITY
    state = do(state, "encounter", type="enemy", fight=1, hp=1, sneak=1)
    assert state["encounters"][0]["cell"] == cell_index("C2")
    assert step_id(state) == "loss"
    GAME.view(state)


def test_hp_turned_to_zero_mid_battle_is_the_hero_defeated_check_at_once():
    """"Important: If a hero loses their last HP by other means (e.g. Gloom or Weather),
    they are defeated with the same consequences" - "Make Camp and end their turn
    immediately": the battle goes straight to the Hero Defeated Check (as a Trap does)
    and ends ("until the hero is defeated, the hero escapes, or the foe is defeated")."""
    state = do(_battle(), "trap")
    assert step_id(state) == "hero_roll"
    state = do(state, "adjust", track="hero1.hp", delta=-4)
    hero = state["heroes"][0]
    assert hero["defeated"] and hero["cell"] == CITY and step_id(state) == "loss"
    assert state["procedure"]["data"]["over"]
    GAME.view(state)


def test_hp_turned_to_zero_at_the_escape_option_defeats_instead_of_escaping():
    """Before the fix the hero escaped with 0 HP and was never defeated."""
    state = do(_battle(), "trap")
    state = do(state, "hero_fight", dice=d6(1, 1, 1))
    state = do(state, "foe_fight", dice=d6(1))
    state = do(state, "fate", use="no")
    assert step_id(state) == "escape"
    state = do(state, "adjust", track="hero1.hp", delta=-4)
    assert state["heroes"][0]["defeated"] and step_id(state) == "loss"
    refused(state, "escape", escape=True)


def test_a_defeated_hero_cannot_be_healed_on_the_dial_until_dawn():
    """"Hero Defeated": "Cannot be affected by abilities or effects"; "Night Phase, Dawn:
    Each defeated hero regains 2 HP". Dialling HP back up is refused, the state unchanged."""
    state = do(_battle(), "trap")
    state = do(state, "adjust", track="hero1.hp", delta=-4)
    error = refused(state, "adjust", track="hero1.hp", delta=2)
    assert "Dawn" in error.long
    state = do(state, "lose_card", card="rumour")
    refused(state, "adjust", track="hero1.hp", delta=1)


def test_a_hero_at_zero_hp_awaiting_the_check_keeps_the_reward_but_is_not_healed():
    """"Foe Defeated Check ... any reward for defeating the foe is gained even if the hero
    has no HP and is about to be declared defeated": HP turned to 0 while the reward is
    claimed waits for the Hero Defeated Check after it; turning it back up is refused
    ("When a hero loses their last HP, they are defeated")."""
    state = do(_battle(fight=4, hp=1), "trap")
    state = do(state, "hero_fight", dice=d6(6, 1, 1))
    state = do(state, "foe_fight", dice=d6(6, 6, 6, 6))
    state = do(state, "fate", use="no")
    assert step_id(state) == "reward" and state["heroes"][0]["hp"] == 0
    assert "0 HP" in refused(state, "adjust", track="hero1.hp", delta=1).short
    state = do(state, "reward", loot="gold", rumour="card")
    assert state["heroes"][0]["defeated"] and step_id(state) == "loss"


def test_a_team_member_dialled_to_zero_leaves_the_battle_and_the_next_member_rolls():
    """"Team Engagement", Step 3 – Hero Defeated Check: "Resolved by each Team hero
    separately": a member who loses their last HP is defeated and out of the battle;
    the others fight on and the prompt asks the next member's roll."""
    state = do(_battle([dict(WARRIOR, sneak=3), WARRIOR, WARRIOR]), "trap")
    state = do(state, "hero_fight", dice=d6(1, 1, 1))  # H1 rolled; H2's roll is asked
    assert battles.rolling_hero(state) == 1
    state = do(state, "adjust", track="hero2.hp", delta=-4)
    assert state["heroes"][1]["defeated"] and step_id(state) == "hero_roll"
    assert battles.rolling_hero(state) == 2
    state = do(state, "hero_fight", dice=d6(1, 1, 1))
    assert step_id(state) == "foe_roll" and battles.rolling_hero(state) == 0
    state = do(state, "foe_fight", dice=d6(1))
    state = do(state, "adjust", track="hero3.hp", delta=-4)  # the last roll was H3's
    assert step_id(state) == "fate" and state["procedure"]["data"]["foe_hits"] == {"0": 0}
    state = do(state, "fate", use="no")
    assert step_id(state) == "loss" and state["pending_losses"] == [1, 2]
    assert battles.fighters(state, state["procedure"]["data"]) == [0]
    GAME.view(state)
    state = do(do(state, "lose_card", card="rumour"), "lose_card", card="rumour")
    assert step_id(state) == "hero_roll" and state["procedure"]["data"]["round"] == 2


def test_the_active_heros_defeat_ends_a_team_battle_and_their_turn():
    """The Team "automatically disbands at ... Completion of the active hero's
    engagement"; the defeated hero "ends their turn immediately": play passes on."""
    state = do(_battle([dict(WARRIOR, sneak=3), WARRIOR]), "trap")
    state = do(state, "adjust", track="hero1.hp", delta=-4)
    assert state["heroes"][0]["defeated"] and state["procedure"]["data"]["over"]
    GAME.view(state)
    state = do(state, "lose_card", card="rumour")
    assert state["active_hero"] == 1  # who, at the Enemy's location, must now engage it
    assert state["procedure"]["name"] == "battle" and state["procedure"]["data"]["hero"] == 1


def test_an_active_battle_without_its_hero_is_refused_by_the_invariant():
    """The net under every command: a battle still being fought whose hero is defeated
    (or whose roll asks for no one) breaks an invariant, so the engine refuses it."""
    state = do(_battle(), "trap")
    broken = dict(state, heroes=[dict(state["heroes"][0], defeated=True)])
    assert rules.invariants(broken)
    out_of_range = dict(state, procedure=dict(state["procedure"],
                                              data=dict(state["procedure"]["data"], rolling=3)))
    assert rules.invariants(out_of_range)
    with pytest.raises(InvariantError):
        apply(GAME, broken, Command("correct", {"track": "hero1.gold", "value": 2}))
    # A slot saved by the code before the fix is still drawn (undo is the way out).
    assert dict(GAME.view(broken).facts) == {"Foe HP": "5", "Your HP": "4"}
