"""'9. Engagement': Surprise, evasion, Skirmish rounds, Foe then Hero Defeated checks, Escape."""

from games.kilforth.state import CITY, cell_index

from .helpers import GAME, WARRIOR, d6, do, place, start, step_id


def test_kobold_engagement_example():
    # An Elf Priest with 4 HP (Fight 2) draws a Kobold (Fight 2, HP 2, Trap: lose 1 HP)
    # and is not Hidden: the Kobold has Surprise. Trap -1 HP; Kobold rolls 2, 5, 6 (3
    # dice with Surprise): -2 HP; the Elf rolls 3, 5 and calls on Fate: Kobold defeated.
    state = start([dict(WARRIOR, fight=2)])
    state = do(state, "move", to="C2")
    state = do(state, "encounter", type="enemy", fight=2, hp=2, sneak=1, gold=1)
    assert step_id(state) == "trap" and state["procedure"]["data"]["surprise"] == "foe"
    state["heroes"][0]["hp"] -= 1  # the Trap, a card effect entered by hand
    state["heroes"][0]["ap"] -= 1
    state = do(state, "next")
    assert step_id(state) == "hero_roll"
    assert GAME.view(state).step.startswith("2 Fight dice")
    state = do(state, "hero_fight", dice=d6(3, 5))
    assert "Foe rolls 3" in GAME.view(state).step
    state = do(state, "foe_fight", dice=d6(2, 5, 6))
    state = do(state, "fate", use="Fate token")
    assert step_id(state) == "reward"
    state = do(state, "reward", loot="gold", rumour="reward card")
    hero = state["heroes"][0]
    assert hero["hp"] == 1 and not hero["defeated"] and hero["fate"] == 3
    assert state["encounters"] == [] and state["procedure"] is None


def test_hidden_hero_evades_with_a_sneak_test():
    state = start([dict(WARRIOR, sneak=2)])
    state = do(state, "hide")
    state = do(state, "move", to="C2")
    state = do(state, "encounter", type="enemy", fight=2, hp=2, sneak=1)
    assert step_id(state) == "stance"
    state = do(state, "stance", choice="evade")
    assert "Evade: 2 dice" in GAME.view(state).step
    state = do(state, "evade_roll", dice=d6(6, 1))
    assert state["procedure"] is None
    assert state["heroes"][0]["evaded"] == [state["encounters"][0]["id"]]


def test_failed_evasion_gives_the_foe_surprise():
    state = start([dict(WARRIOR, sneak=2)])
    state = do(state, "hide")
    state = do(state, "move", to="C2")
    state = do(state, "encounter", type="enemy", fight=2, hp=2, sneak=2)
    state = do(state, "stance", choice="evade")
    state = do(state, "evade_roll", dice=d6(1, 1))
    assert state["procedure"]["data"]["surprise"] == "foe"
    assert not state["heroes"][0]["hidden"]


def test_surprise_attack_adds_a_die_in_the_first_round_only():
    state = start([dict(WARRIOR, fight=2)])
    state = do(state, "hide")
    state = do(state, "move", to="C2")
    state = do(state, "encounter", type="enemy", fight=1, hp=5, sneak=1)
    state = do(state, "stance", choice="surprise")
    state = do(state, "next")  # trap
    state = do(state, "hero_fight", dice=d6(1, 1, 1))  # 3 dice with Surprise
    state = do(state, "foe_fight", dice=d6(1))
    state = do(state, "fate", use="no")
    state = do(state, "escape", escape=False)
    assert step_id(state) == "hero_roll" and state["procedure"]["data"]["round"] == 2
    assert state["procedure"]["data"]["surprise"] is None


def test_hero_defeated_after_the_foe_defeated_check():
    state = start()
    state["heroes"][0]["hp"] = 1
    state["heroes"][0]["gold"] = 2
    state = do(state, "move", to="C2")
    state = do(state, "encounter", type="enemy", fight=1, hp=1, sneak=1, gold=3)
    state = do(state, "next")
    state = do(state, "hero_fight", dice=d6(6, 1, 1))
    state = do(state, "foe_fight", dice=d6(6, 6))
    state = do(state, "fate", use="no")
    assert step_id(state) == "reward"  # the reward comes first
    state = do(state, "reward", loot="gold", rumour="card")
    hero = state["heroes"][0]
    assert hero["defeated"] and hero["gold"] == 0 and hero["cell"] == CITY
    assert step_id(state) == "loss"


def test_escape_to_the_nearest_enemy_free_location_and_camp():
    state = start()
    state = do(state, "move", to="C2")
    state = do(state, "encounter", type="enemy", fight=1, hp=5, sneak=1)
    state = do(state, "next")
    state = do(state, "hero_fight", dice=d6(1, 1, 1))
    state = do(state, "foe_fight", dice=d6(1, 1))  # 2 dice with Surprise
    state = do(state, "fate", use="no")
    state = do(state, "escape", escape=True, to="C3")
    hero = state["heroes"][0]
    assert hero["cell"] == CITY and hero["camped"]
    assert state["encounters"][0]["hp"] == 5  # the foe restores to full health
    assert state["procedure"]["name"] == "night"  # the only hero has Camped
    assert step_id(state) == "card"


def test_escape_must_be_to_a_nearest_location():
    from .helpers import refused

    state = start()
    state = do(state, "move", to="C2")
    state = do(state, "encounter", type="enemy", fight=1, hp=5, sneak=1)
    state = do(state, "next")
    state = do(state, "hero_fight", dice=d6(1, 1, 1))
    state = do(state, "foe_fight", dice=d6(1, 1))  # 2 dice with Surprise
    state = do(state, "fate", use="no")
    assert "nearest" in refused(state, "escape", escape=True, to="A5").long


def test_enemy_already_there_is_engaged_on_arrival():
    state = start()
    place(state, cell_index("C2"), "enemy", fight=1, hp=1, sneak=1)
    state = do(state, "move", to="C2")
    assert state["procedure"]["name"] == "battle"
    assert state["procedure"]["data"]["surprise"] is None  # not drawn this turn
