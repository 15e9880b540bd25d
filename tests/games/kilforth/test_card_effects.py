"""Card effects the box records ('13. Rules Reference Guide': "effects on cards always
take precedence"): Relocate, a foe's and an Ancient's HP set by hand, a hero standing
up from hiding at any point, and tokens without a limit."""

from games.kilforth.state import CITY, cell_index

from .helpers import GAME, WARRIOR, d6, do, place, refused, start, step_id


def test_relocate_is_not_a_move():
    """"Relocate: Simply pick up the card or hero standee, and place it on a location
    allowed by the ability. It doesn't cost AP and is not considered a move": no AP, no
    encounter drawn; the hero's successes where they were are lost ("If a hero leaves a
    location, by any means, all their successes at that location are lost")."""
    state = start([dict(WARRIOR, sneak=3)])
    state["heroes"][0]["cell"] = cell_index("C2")
    town = place(state, cell_index("C2"), "place", sneak=3)
    state = do(state, "confront", encounter=town, attribute="sneak")
    state = do(state, "roll", dice=d6(6, 1, 1))
    state = do(state, "fate", use="no")
    assert state["heroes"][0]["successes"] and state["heroes"][0]["ap"] == 3
    state = do(state, "relocate", what="H1", to="E5")
    hero = state["heroes"][0]
    assert (hero["cell"], hero["ap"], hero["successes"]) == (cell_index("E5"), 3, [])
    assert state["procedure"] is None and len(state["encounters"]) == 1


def test_relocate_a_card_but_never_onto_sprawl_city_nor_a_defeated_hero():
    """A card may be relocated too, never onto Sprawl City ("no ... card may be placed
    here at any time"); a defeated hero "Cannot be affected by abilities or effects"."""
    state = start([dict(WARRIOR, sneak=3), WARRIOR], mode="coop")
    wolf = place(state, cell_index("C2"), "enemy", fight=1, hp=1, sneak=1)
    assert refused(state, "relocate", what=f"#{wolf}", to="C3").short == "Not on Sprawl City"
    assert do(state, "relocate", what=f"#{wolf}", to="D4")["encounters"][0]["cell"] == cell_index("D4")
    state["heroes"][1].update(defeated=True, hp=0)
    assert refused(state, "relocate", what="H2", to="A1").short == "Defeated: unaffected"


def _ancient_battle(hp: int = 6) -> dict:
    state = start()
    state["ancients"][0].update(in_play=True, cell=cell_index("B2"), hp=hp, max_hp=hp, fight=1, gold=3)
    state["heroes"][0].update(cell=cell_index("B2"), chapter=6)
    return do(do(state, "assault", ancient=1), "trap")


def test_a_foes_hp_is_set_by_hand_in_battle_and_a_card_may_defeat_an_encounter():
    """"Defeat: If a card effect allows a hero to defeat an encounter, the hero defeats
    it and claims the reward for it"; "If a foe is defeated outside of battle, e.g. via a
    card ability, the hero still gains the reward" - the foe's HP corrected to 0 mid-battle
    is the Foe Defeated Check's, with the reward."""
    state = start()
    state["heroes"][0]["cell"] = cell_index("C2")
    wolf = place(state, cell_index("C2"), "enemy", fight=1, hp=3, sneak=1, gold=2)
    state = do(do(state, "engage", encounter=wolf), "trap")
    state = do(state, "correct", track="foe.hp", value=0)
    state = do(state, "hero_fight", dice=d6(1, 1, 1))
    state = do(state, "foe_fight", dice=d6(1))
    state = do(state, "fate", use="no")
    assert step_id(state) == "reward"
    assert do(state, "reward", loot="gold", rumour="card")["heroes"][0]["gold"] == 3


def test_an_ancient_cannot_be_defeated_by_an_ability_and_keeps_its_damage_and_healing():
    """"An Ancient cannot be defeated by an ability": its HP corrects down to 1, not 0.
    "All HP loss inflicted on the Ancient remains after the battle ... (though the
    Ancient's Abilities may heal it at Night)": the HP after the battle, a correction
    after the last Skirmish included, stays, and is set by hand up to its maximum (which
    an ability may raise: the Prince's "+1 maximum and current HP")."""
    state = _ancient_battle(hp=6)
    assert refused(state, "correct", track="foe.hp", value=0).short.startswith("Foe HP min")
    state = do(state, "correct", track="ancient1.max_hp", value=8)  # +2 by its battle ability
    state = do(state, "correct", track="foe.hp", value=8)
    state = do(state, "hero_fight", dice=d6(6, 1, 1))
    state["heroes"][0]["hp"] = 1
    state = do(state, "foe_fight", dice=d6(6))
    state = do(state, "fate", use="no")
    ancient = state["ancients"][0]
    assert state["heroes"][0]["eliminated"] and (ancient["hp"], ancient["max_hp"]) == (7, 8)
    state = start()
    state["ancients"][0].update(in_play=True, cell=cell_index("B2"), hp=3, max_hp=6, fight=1)
    assert do(state, "correct", track="ancient1.hp", value=6)["ancients"][0]["hp"] == 6
    refused(state, "correct", track="ancient1.hp", value=7)
    refused(state, "correct", track="ancient1.hp", value=0)
    assert do(state, "correct", track="ancient1.max_hp", value=9)["ancients"][0]["max_hp"] == 9


def test_any_hero_may_stop_being_hidden_at_any_point():
    """"Action: Hide", Important: "A hero can choose to no longer be Hidden at any point in
    the game, during their turn or not" - Hero 2 stands up during Hero 1's turn (to join
    a Team, say); no AP."""
    state = start([dict(WARRIOR, sneak=3), WARRIOR], mode="coop")
    state["heroes"][1]["hidden"] = True
    spec = next(c for c in GAME.commands if c.name == "unhide")
    assert spec.available(state)
    state = do(state, "unhide", hero="H2")
    assert not state["heroes"][1]["hidden"] and state["active_hero"] == 0
    assert refused(state, "unhide", hero="H1").short == "Not Hidden"


def test_tokens_have_no_limit():
    """"Token Limitations: There is no limit to the number of tokens that can be in play":
    a hero's Fate is not capped at the 16 Fate tokens in the box; gold has no limit
    ("Gold: There is no limit to how much gold a hero can have")."""
    state = start()
    assert do(state, "correct", track="hero1.fate", value=20)["heroes"][0]["fate"] == 20
    assert do(state, "correct", track="hero1.gold", value=250)["heroes"][0]["gold"] == 250
    assert state["heroes"][0]["cell"] == CITY


def test_a_card_heals_up_to_maximum_health_and_gives_ap_only_when_it_says_so():
    """"Heal X HP: Gain X HP, up to the entity's maximum health"; "Heroes only gain AP
    when Breaking Camp or via card effects" - a card's Deed (``resolve``) heals 3 of the 2
    missing HP and gives the AP it names."""
    state = start()
    state["heroes"][0]["hp"] = 3
    state = do(state, "resolve", source="card", heal=3, ap=1)
    assert (state["heroes"][0]["hp"], state["heroes"][0]["ap"]) == (5, 5)
