"""'9. Engagement': Surprise, evasion, Skirmish rounds, Foe then Hero Defeated checks, Escape."""

from games.kilforth.state import CITY, cell_index

from .helpers import GAME, WARRIOR, camp_all, d6, do, place, refused, start, step_id


def test_kobold_engagement_example():
    # An Elf Priest with 4 HP (Fight 2) draws a Kobold (Fight 2, HP 2, Trap: lose 1 HP)
    # and is not Hidden: the Kobold has Surprise. Trap -1 HP; Kobold rolls 2, 5, 6 (3
    # dice with Surprise): -2 HP; the Elf rolls 3, 5 and calls on Fate: Kobold defeated.
    state = start([dict(WARRIOR, fight=2)])
    state = do(state, "move", to="C2")
    state = do(state, "encounter", type="enemy", fight=2, hp=2, sneak=1, gold=1)
    assert step_id(state) == "trap" and state["procedure"]["data"]["surprise"] == "foe"
    state = do(state, "trap", hp=1)  # 'Trap: Lose 1 HP' (and 1 AP)
    assert (state["heroes"][0]["hp"], state["heroes"][0]["ap"]) == (3, 2)
    assert step_id(state) == "hero_roll"
    assert GAME.view(state).step.startswith("2d: kill ")
    state = do(state, "hero_fight", dice=d6(3, 5))
    assert GAME.view(state).step.startswith("Foe 3d: KO you ")
    state = do(state, "foe_fight", dice=d6(2, 5, 6))
    state = do(state, "fate", use="Fate token")
    assert step_id(state) == "reward"
    state = do(state, "reward", loot="gold", rumour="reward card")
    hero = state["heroes"][0]
    assert hero["hp"] == 1 and not hero["defeated"] and hero["fate"] == 3
    assert state["encounters"] == [] and state["procedure"] is None


def _hidden_encounter(state: dict, **foe) -> dict:
    """The first hero Hides, moves onto C2 and draws the Enemy ``foe``."""
    state = do(do(state, "hide"), "move", to="C2")
    return do(state, "encounter", type="enemy", **foe)


def test_hidden_hero_evades_with_a_sneak_test():
    state = _hidden_encounter(start([dict(WARRIOR, sneak=2)]), fight=2, hp=2, sneak=1)
    assert step_id(state) == "stance"
    state = do(state, "stance", choice="evade")
    assert GAME.view(state).step.startswith("Evade 2d: ")
    state = do(state, "evade_roll", dice=d6(6, 1))
    assert state["procedure"] is None
    assert state["heroes"][0]["evaded"] == [state["encounters"][0]["id"]]


def test_failed_evasion_gives_the_foe_surprise():
    state = _hidden_encounter(start([dict(WARRIOR, sneak=2)]), fight=2, hp=2, sneak=2)
    state = do(state, "stance", choice="evade")
    state = do(state, "evade_roll", dice=d6(1, 1))
    assert state["procedure"]["data"]["surprise"] == "foe"
    assert not state["heroes"][0]["hidden"]


def test_surprise_attack_adds_a_die_in_the_first_round_only():
    state = _hidden_encounter(start([dict(WARRIOR, fight=2)]), fight=1, hp=5, sneak=1)
    state = do(state, "stance", choice="surprise")
    state = do(state, "trap")  # no Trap on this foe
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
    state = do(state, "trap")
    state = do(state, "hero_fight", dice=d6(6, 1, 1))
    state = do(state, "foe_fight", dice=d6(6, 6))
    state = do(state, "fate", use="no")
    assert step_id(state) == "reward"  # the reward comes first
    state = do(state, "reward", loot="gold", rumour="card")
    hero = state["heroes"][0]
    assert hero["defeated"] and hero["gold"] == 0 and hero["cell"] == CITY
    assert step_id(state) == "loss"


def at_the_escape_offer() -> dict:
    """A hero at C2 who lost a round to a Surprise enemy (Fight 1, 5 HP) and declined Fate:
    "Stage 3: Battle", the escape is offered."""
    state = start()
    state = do(state, "move", to="C2")
    state = do(state, "encounter", type="enemy", fight=1, hp=5, sneak=1)
    state = do(state, "trap")
    state = do(state, "hero_fight", dice=d6(1, 1, 1))
    state = do(state, "foe_fight", dice=d6(1, 1))  # 2 dice with Surprise
    return do(state, "fate", use="no")


def test_escape_to_the_nearest_enemy_free_location_and_camp():
    state = at_the_escape_offer()
    state = do(state, "escape", escape=True, to="C3")
    hero = state["heroes"][0]
    assert hero["cell"] == CITY and hero["camped"]
    assert state["encounters"][0]["hp"] == 5  # the foe restores to full health
    assert state["procedure"]["name"] == "night"  # the only hero has Camped
    assert step_id(state) == "card"


def test_escape_must_be_to_a_nearest_location():
    from .helpers import refused

    state = at_the_escape_offer()
    assert "nearest" in refused(state, "escape", escape=True, to="A5").long


def test_enemy_already_there_is_engaged_on_arrival():
    state = start()
    place(state, cell_index("C2"), "enemy", fight=1, hp=1, sneak=1)
    state = do(state, "move", to="C2")
    assert state["procedure"]["name"] == "battle"
    assert state["procedure"]["data"]["surprise"] is None  # not drawn this turn


def test_enemies_at_the_location_are_engaged_at_the_start_of_the_turn():
    """"7. Hero Turn", Enemy Engagement: at the beginning of their turn the hero must
    first engage all Enemies at their location; engagements cost no AP."""
    state = start([dict(WARRIOR, sneak=3), WARRIOR], mode="coop")
    state["heroes"][1]["cell"] = cell_index("B2")
    wolf = place(state, cell_index("B2"), "enemy", fight=1, hp=1, sneak=1)
    state = do(state, "hide")  # hero 1's Action; the turn passes to hero 2
    assert state["procedure"]["name"] == "battle" and state["procedure"]["data"]["foe"] == wolf
    assert state["procedure"]["data"]["surprise"] is None  # not just drawn this turn
    state = do(state, "trap")
    state = do(state, "hero_fight", dice=d6(6, 1, 1))
    state = do(state, "foe_fight", dice=d6(1))
    state = do(state, "fate", use="no")
    state = do(state, "reward", loot="gold", rumour="card")
    assert state["procedure"] is None and state["active_hero"] == 1
    assert state["heroes"][1]["ap"] == 4  # the engagement cost no AP: the Action follows


def _win_round(state: dict) -> dict:
    state = do(state, "trap")
    state = do(state, "hero_fight", dice=d6(6, 1))
    state = do(state, "foe_fight", dice=[])
    state = do(state, "fate", use="no")
    return do(state, "reward", loot="gold", rumour="card")


def test_every_enemy_here_is_engaged_in_the_order_of_the_heros_choice():
    """"7. Hero Turn", Enemy Engagement: "engage all Enemies at their location, if any,
    in the order of their choice" - the prompt offers every Enemy here, the hero picks
    the second one first, the last one is engaged without asking, then the turn passes."""
    state = start([dict(WARRIOR, fight=2)])
    first = place(state, cell_index("C2"), "enemy", fight=0, hp=1, sneak=1)
    second = place(state, cell_index("C2"), "enemy", fight=0, hp=1, sneak=1)
    third = place(state, cell_index("C2"), "enemy", fight=0, hp=1, sneak=1)
    state = do(state, "move", to="C2")
    assert step_id(state) == "order" and state["procedure"]["name"] == "engagements"
    spec = next(c for c in GAME.commands if c.name == "engage_next")
    field = spec.resolved_params(state)[0]
    assert field.choices == (str(first), str(second), str(third))
    assert field.shown(str(second)) == f"#{second} Enemy {second} F0 HP1"
    refused(state, "engage_next", encounter="99")
    state = do(state, "engage_next", encounter=str(second))
    assert state["procedure"]["name"] == "battle" and state["procedure"]["data"]["foe"] == second
    state = _win_round(state)
    assert step_id(state) == "order"  # two left: asked again
    assert spec.resolved_params(state)[0].choices == (str(first), str(third))
    state = do(state, "engage_next", encounter=str(third))
    state = _win_round(state)
    assert state["procedure"]["data"]["foe"] == first  # the last one: no question
    state = _win_round(state)
    assert state["procedure"] is None and state["encounters"] == []
    assert state["heroes"][0]["ap"] == 3  # the Move's AP only


def test_turn_start_engagements_ask_the_order_too():
    """Enemies placed at a hero's location by the Night are engaged at the start of the
    hero's turn (Breaking Camp), in the order the hero chooses; no AP."""
    state = start([dict(WARRIOR, fight=2)])
    first = place(state, CITY - 5, "enemy", fight=0, hp=1, sneak=1)
    second = place(state, CITY - 5, "enemy", fight=0, hp=1, sneak=1)
    state["heroes"][0]["cell"] = CITY - 5
    state = do(state, "camp")
    state = do(state, "night_card", location="A1", type="weather")
    state = do(state, "next")  # unveil: Breaking Camp, then the engagements
    assert step_id(state) == "order"
    state = do(state, "engage_next", encounter=str(second))
    state = _win_round(state)
    assert state["procedure"]["data"]["foe"] == first
    state = _win_round(state)
    assert state["procedure"] is None and state["heroes"][0]["ap"] == state["heroes"][0]["hp"]


def test_an_evaded_enemy_ends_the_move_action_and_passes_the_turn():
    state = start([dict(WARRIOR, sneak=3), WARRIOR], mode="coop")
    state = do(state, "hide")  # hero 1
    state = do(state, "hide")  # hero 2
    state = do(state, "move", to="C2")
    state = do(state, "encounter", type="enemy", fight=2, hp=2, sneak=1)
    state = do(state, "stance", choice="evade")
    state = do(state, "evade_roll", dice=d6(6, 1, 1))
    assert state["procedure"] is None and state["active_hero"] == 1


def test_team_engagement_example():
    """"Deed: Team", Team Engagement: 3 heroes Team up on an Enemy with 2 HP and Fight
    3; the Enemy rolls 3 Fight dice against each hero each round; no Surprise, no
    evasion, no escape."""
    state = start([dict(WARRIOR, sneak=3), WARRIOR, WARRIOR], mode="coop")
    for hero in state["heroes"]:
        hero["cell"] = cell_index("C2")
    foe = place(state, cell_index("C2"), "enemy", fight=3, hp=2, sneak=1)
    state["procedure"] = None
    state = do(state, "engage", encounter=foe, team="H2+H3")
    data = state["procedure"]["data"]
    assert data["team"] == [1, 2] and data["surprise"] is None and step_id(state) == "trap"
    state = do(state, "trap")
    for faces in ((1, 1, 1), (5, 1, 1), (1, 1, 1)):  # each Team hero's Fight Test
        assert step_id(state) == "hero_roll"
        state = do(state, "hero_fight", dice=d6(*faces))
    for faces in ((6, 1, 1), (1, 1, 1), (6, 6, 1)):  # the foe's Test against each hero
        assert step_id(state) == "foe_roll"
        state = do(state, "foe_fight", dice=d6(*faces))
    assert step_id(state) == "fate"
    state = do(state, "fate", use="no")
    hp = [h["hp"] for h in state["heroes"]]
    assert hp == [3, 4, 2]
    assert state["procedure"]["data"]["foe_hp"] == 1
    assert step_id(state) == "hero_roll"  # no Escape Option for a Team: the next round


def test_fate_from_another_team_member():
    """"Deed: Team": each hero in a Team may call on Fate during the active hero's Test."""
    state = start([dict(WARRIOR, sneak=3), dict(WARRIOR, sneak=1)], mode="coop")
    state["heroes"][0]["cell"] = state["heroes"][1]["cell"] = cell_index("C2")
    place_id = place(state, cell_index("C2"), "place", sneak=3)
    state = do(state, "confront", encounter=place_id, attribute="sneak", team="H2")
    state = do(state, "roll", dice=d6(5, 1, 1, 1))
    state = do(state, "fate", use="Fate token", hero="H2")
    assert step_id(state) == "fate"  # hero 1 may still call
    state = do(state, "fate", use="Fate token", hero="H1")
    assert [h["fate"] for h in state["heroes"]] == [3, 3]
    assert state["encounters"] == [] and step_id(state) == "reward"


def test_a_hidden_hero_cannot_join_a_team():
    state = start([dict(WARRIOR, sneak=3), WARRIOR], mode="coop")
    state["heroes"][1]["hidden"] = True
    place_id = place(state, cell_index("C2"), "place", sneak=3)
    for hero in state["heroes"]:
        hero["cell"] = cell_index("C2")
    assert "Hidden" in refused(state, "confront", encounter=place_id, attribute="sneak", team="H2").short


def test_a_hero_defeated_while_choosing_the_order_loses_a_card_and_the_turn_passes():
    """"Hero Defeated" by other means (a card's HP loss turned on the dial) at the
    engagement prompt: the order question goes, the loss is asked, the turn passes."""
    state = start([dict(WARRIOR, fight=2), WARRIOR], mode="coop")
    for _ in range(2):
        place(state, cell_index("C2"), "enemy", fight=0, hp=1, sneak=1)
    index = state["active_hero"]
    state = do(state, "move", to="C2")
    assert step_id(state) == "order"
    state = do(state, "adjust", track=f"hero{index + 1}.hp", delta=-4)
    assert step_id(state) == "loss"
    state = do(state, "lose_card", card="rumour")
    assert state["procedure"] is None and state["active_hero"] != index
    assert state["heroes"][index]["defeated"] and state["heroes"][index]["cell"] == CITY


def _hidden_meets(sneak: int = 1, foe_sneak: int = 1, **hero) -> dict:
    """A Hidden hero (Sneak ``sneak``) moves onto a freshly drawn Enemy and chooses Evade."""
    state = start([dict(WARRIOR, sneak=sneak)])
    state["heroes"][0].update(hero)
    state = _hidden_encounter(state, fight=2, hp=2, sneak=foe_sneak)
    return do(state, "stance", choice="evade")


def test_evasion_opportunity_fate_adds_a_success_to_the_sneak_test():
    """"Stage 2: Evasion Opportunity": "A Hidden hero may perform a Sneak Test against
    the foe ... If the hero's number of successes from this Sneak Test equals or exceeds
    the foe's Sneak value ... the foe is successfully evaded"; "Test": "Fate: Once per
    Day, a testing hero may add 1 automatic success by calling on Fate". Sneak 1 rolls
    a 2 against Sneak 1: Fate is offered, called, and the hero evades."""
    state = _hidden_meets()
    assert GAME.view(state).step == "Evade 1d: 33% F100%"
    state = do(state, "evade_roll", dice=d6(2))
    assert step_id(state) == "evade_fate"
    state = do(state, "fate", use="Fate token")
    hero = state["heroes"][0]
    assert state["procedure"] is None and hero["hidden"] and hero["fate"] == 3 and hero["fate_used"]
    assert hero["evaded"] == [state["encounters"][0]["id"]]


def test_evasion_opportunity_fate_declined_or_spent_the_foe_gains_surprise():
    """"If the Sneak Test fails the hero stumbles and is no longer Hidden, and the foe
    gains Surprise"; Fate is "Once per Day": a hero who already called it is not asked,
    and a declined Fate leaves the Test failed. A roll that already evades asks nothing."""
    declined = do(do(_hidden_meets(), "evade_roll", dice=d6(1)), "fate", use="no")
    spent = do(_hidden_meets(fate_used=True), "evade_roll", dice=d6(1))
    for state in (declined, spent):
        assert step_id(state) == "trap" and state["procedure"]["data"]["surprise"] == "foe"
        assert not state["heroes"][0]["hidden"]
    assert spent["heroes"][0]["fate"] == 4 and declined["heroes"][0]["fate"] == 4
    evaded = do(_hidden_meets(), "evade_roll", dice=d6(5))
    assert evaded["procedure"] is None and evaded["heroes"][0]["fate"] == 4


def test_evasion_opportunity_fate_is_asked_only_when_it_evades():
    """Nothing accumulates in an evasion Sneak Test: a hero two short is not asked to
    spend Fate (it is kept for the battle's Skirmish), and the Skirmish starts with
    no success carried over."""
    state = _hidden_meets(sneak=2, foe_sneak=3)
    state = do(state, "evade_roll", dice=d6(5, 1))
    assert step_id(state) == "trap" and state["procedure"]["data"]["fates"] == 0
    state = do(state, "trap")
    state = do(state, "hero_fight", dice=d6(1, 1, 1))
    state = do(state, "foe_fight", dice=d6(1, 1, 1))
    assert step_id(state) == "fate"
    state = do(state, "fate", use="Fate token")
    assert state["procedure"]["data"]["foe_hp"] == 1 and state["heroes"][0]["fate"] == 3


def _lose_first_round(state: dict) -> dict:
    """The engaged hero rolls nothing and the foe takes their last HP; a rumour is lost."""
    state = do(state, "trap")
    state = do(state, "hero_fight", dice=d6(*[1] * state["heroes"][state["active_hero"]]["fight"]))
    state = do(state, "foe_fight", dice=d6(*[6] * state["procedure"]["data"]["foe_hp"]))
    if step_id(state) == "fate":
        state = do(state, "fate", use="no")
    assert step_id(state) == "loss"
    return do(state, "lose_card", card="rumour")


def test_defeat_at_the_start_of_a_turn_ends_that_turn():
    """"7. Hero Turn", Enemy Engagement: "At the beginning of their turn, the hero must
    first engage all Enemies at their location"; "Step 3: Hero Defeated Check: If a
    hero has no HP, they are defeated ... and must... Make Camp and end their turn
    immediately". Hero 2, at 1 HP beside a Fight 3 Enemy, is defeated by it at the start
    of their turn: the turn passes back to Hero 1 without Hero 2 taking an Action."""
    state = start([dict(WARRIOR, sneak=3), WARRIOR], mode="coop")
    state["heroes"][1].update(cell=cell_index("B2"), hp=1, ap=1)
    place(state, cell_index("B2"), "enemy", fight=3, hp=3, sneak=1)
    state = do(state, "hide")  # Hero 1's Action; Hero 2's turn begins with the engagement
    assert state["procedure"]["name"] == "battle" and state["procedure"]["data"]["hero"] == 1
    state = _lose_first_round(state)
    hero = state["heroes"][1]
    assert hero["defeated"] and hero["camped"] and hero["cell"] == CITY
    assert state["procedure"] is None and state["active_hero"] == 0
    state = do(state, "camp")  # Hero 1 Camps: everyone has, the Night begins
    assert state["procedure"]["name"] == "night"


def test_defeat_at_the_start_of_the_day_ends_the_first_heros_turn():
    """The same at Breaking Camp: the First Hero starts the Day beside the Enemy the
    Night placed there, is defeated by it, and the first turn passes to the next hero;
    the other Enemies at the location are not engaged by a defeated hero ("Hero
    Defeated": they "Cannot be affected by abilities or effects")."""
    state = start([dict(WARRIOR, sneak=3), WARRIOR], mode="coop")
    state["heroes"][0].update(cell=cell_index("B2"), hp=1)
    place(state, cell_index("B2"), "enemy", fight=3, hp=3, sneak=1)
    state = camp_all(state)
    state = do(state, "night_card", location="B2", type="enemy", fight=3, hp=3, sneak=1)
    state = do(state, "next")  # unveil; Breaking Camp: Hero 1 (1 HP) engages first
    assert step_id(state) == "order"
    state = do(state, "engage_next", encounter=str(state["encounters"][0]["id"]))
    state = _lose_first_round(state)
    assert state["heroes"][0]["defeated"] and len(state["encounters"]) == 2
    assert state["procedure"] is None and state["active_hero"] == 1 and state["day"] == 2


def test_team_engagement_formed_for_an_enemy_drawn_on_a_move():
    """"Deed: Team": "Form a Team with 1 or more other heroes at your location to
    jointly attempt an engagement"; a Deed may be performed "at any time during their
    turn - including during an Action, an engagement". Hero 1 moves onto Hero 2's
    location and draws an Enemy, which would have Surprise ("Stage 1"); the engagement
    opens with the Team offer. "Team Engagement": "The first 2 stages ... are skipped":
    no Surprise, and each Team hero and the foe against each make a Fight Test."""
    state = start([dict(WARRIOR, sneak=3), WARRIOR], mode="coop")
    state["heroes"][1]["cell"] = cell_index("C2")
    state = do(state, "move", to="C2")
    state = do(state, "encounter", type="enemy", fight=2, hp=2, sneak=1)
    assert step_id(state) == "team" and state["procedure"]["data"]["surprise"] == "foe"
    spec = next(c for c in GAME.commands if c.name == "team_up")
    assert spec.resolved_params(state)[0].choices == ("none", "H2")
    state = do(state, "team_up", team="H2")
    data = state["procedure"]["data"]
    assert data["team"] == [1] and data["surprise"] is None and step_id(state) == "trap"
    state = do(state, "trap")
    state = do(state, "hero_fight", dice=d6(5, 1, 1))  # Hero 1: 3 dice, no Surprise die
    state = do(state, "hero_fight", dice=d6(6, 1, 1))  # Hero 2
    state = do(state, "foe_fight", dice=d6(6, 1))  # against Hero 1: 2 dice, no Surprise
    state = do(state, "foe_fight", dice=d6(1, 1))  # against Hero 2
    state = do(state, "fate", use="no")
    assert step_id(state) == "reward" and [h["hp"] for h in state["heroes"]] == [3, 4]
    state = do(state, "reward", loot="gold", rumour="card")
    assert state["procedure"] is None and state["active_hero"] == 1  # the Move is done


def test_team_engagement_at_the_start_of_a_turn_with_a_hero_who_has_camped():
    """"A hero may join a Team even if they have already made Camp this phase": the
    Enemy engaged at the start of Hero 2's turn ("7. Hero Turn") is fought as a Team with
    Hero 1, who has Camped there."""
    state = start([dict(WARRIOR, sneak=3), WARRIOR], mode="coop")
    for hero in state["heroes"]:
        hero["cell"] = cell_index("C2")
    place(state, cell_index("C2"), "place", sneak=5)  # an encounter: no draw on arrival
    wolf = place(state, cell_index("C2"), "enemy", fight=1, hp=1, sneak=1)
    state["heroes"][0]["evaded"] = [wolf]
    state = do(state, "camp")  # Hero 1 Camps; Hero 2's turn begins with the Wolf
    assert state["procedure"]["data"]["hero"] == 1 and step_id(state) == "team"
    state = do(state, "team_up", team="H1")
    assert state["procedure"]["data"]["team"] == [0]


def test_a_hidden_hero_comes_out_of_hiding_to_form_a_team_and_a_hidden_one_cannot_join():
    """"No Team member can be Hidden, each must come out of hiding first": a Hidden
    engaging hero who forms a Team comes out of hiding (no Surprise Attack or Evade:
    Stages 1-2 are skipped); a Hidden hero is not offered, and naming one is refused with
    the state unchanged; declining the Team leaves the Hidden hero's usual choice."""
    state = start([dict(WARRIOR, sneak=3), WARRIOR, WARRIOR], mode="coop")
    for hero in state["heroes"]:
        hero["cell"] = cell_index("B2")
    state["heroes"][0]["hidden"] = state["heroes"][2]["hidden"] = True
    state = do(state, "place_encounter")  # a card effect places an Enemy on Hero 1's location
    state = do(state, "encounter", type="enemy", fight=1, hp=1, sneak=1)
    assert step_id(state) == "team"
    spec = next(c for c in GAME.commands if c.name == "team_up")
    assert spec.resolved_params(state)[0].choices == ("none", "H2")
    refused(state, "team_up", team="H3")
    alone = do(state, "team_up", team="none")
    assert step_id(alone) == "stance"
    state = do(state, "team_up", team="H2")
    assert not state["heroes"][0]["hidden"] and state["heroes"][2]["hidden"]
    assert step_id(state) == "trap" and state["procedure"]["data"]["team"] == [1]


def test_advanced_variant_a_sneakier_hero_evades_automatically():
    """"Stage 2: Evasion Opportunity", Advanced Variant: "If the hero's Sneak value is
    higher than the foe's, then the hero may evade automatically" - chosen at Setup; no
    Sneak Test then; without the variant, or not higher, the Test is rolled."""
    def meet(sneak: int, foe_sneak: int, variant: bool) -> dict:
        state = start([dict(WARRIOR, sneak=sneak)], auto_evade=variant)
        state = _hidden_encounter(state, fight=2, hp=2, sneak=foe_sneak)
        return do(state, "stance", choice="evade")
    evaded = meet(3, 2, True)
    assert evaded["procedure"] is None and evaded["heroes"][0]["evaded"] == [1]
    assert step_id(meet(2, 2, True)) == "evade"
    assert step_id(meet(3, 2, False)) == "evade"


def test_a_stranger_made_an_enemy_is_engaged_without_surprise_and_later_evaded_by_its_sneak():
    """"Strangers": "The hero can choose to intentionally make the Stranger an Enemy
    (instead of rolling) as their Confront Action" - an Enemy token placed, engaged at
    once, "For this first engagement, neither side can have Surprise" (Stage 1: "skip
    this stage", even for a Hidden hero); "If a hero later returns to an Enemy Stranger,
    they may try to evade them like any other Enemy - this is the only time they will
    use the Stranger's Sneak value"; it stays a Stranger to the other heroes."""
    state = start([dict(WARRIOR, sneak=3), WARRIOR], mode="coop")
    for hero in state["heroes"]:
        hero["cell"] = cell_index("C2")
    thug = place(state, cell_index("C2"), "stranger", influence=3, fight=1, hp=3, sneak=2)
    state = do(state, "confront", encounter=thug, attribute="enemy")
    data = state["procedure"]["data"]
    assert state["encounters"][0]["enemy_of"] == [0] and state["heroes"][0]["enemy_tokens"] == 3
    assert data["surprise"] is None and not data["hidden"]
    state = do(state, "team_up", team="none")
    state = do(state, "trap")
    state = do(state, "hero_fight", dice=d6(1, 1, 1))
    state = do(state, "foe_fight", dice=d6(1))
    state = do(state, "fate", use="no")
    state = do(state, "escape", escape=True, to="B2")
    assert state["active_hero"] == 1 and state["procedure"] is None  # no Enemy to Hero 2
    state["heroes"][0].update(cell=cell_index("C2"), hidden=True, camped=False)
    state["active_hero"] = 0
    state = do(state, "engage", encounter=thug)
    assert step_id(state) == "stance"
    state = do(state, "stance", choice="evade")
    assert GAME.view(state).step.startswith("Evade 3d")
    state = do(state, "evade_roll", dice=d6(5, 6, 1))
    assert state["procedure"] is None and state["heroes"][0]["evaded"] == [thug]
