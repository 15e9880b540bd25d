"""Edges of '10. Deeds', 'Ancient Battles', the Reward Exception and the Rules Reference
Guide's terms, read from the rulebook alone."""

from games.core import Command, apply
from games.kilforth.state import cell_index

from .helpers import GAME, WARRIOR, d6, do, fight_round, place, refused, start, step_id

# --- Reward: the Enemy Stranger Exception -----------------------------------------------------------

def test_an_own_enemy_stranger_overcome_still_gives_only_its_gold_and_card():
    """"Exception: When a hero defeats a Stranger with their Enemy token on it, option a. must
    be chosen for the Loot and for the Rumour Step" - however it is defeated, an Overcome too."""
    state = start()
    state["heroes"][0]["cell"] = cell_index("C2")
    thug = place(state, cell_index("C2"), "stranger", influence=3, fight=0, hp=5, sneak=1, gold=2)
    state["encounters"][0]["enemy_of"] = [0]
    state["heroes"][0]["evaded"] = [thug]  # evaded today: not engaged at once
    state = do(state, "overcome", encounter=thug)
    assert step_id(state) == "reward"
    refused(state, "reward", loot="loot token", rumour="card")
    refused(state, "reward", loot="gold", rumour="reward card")
    assert do(state, "reward", loot="gold", rumour="card")["heroes"][0]["gold"] == 3


def test_another_heros_enemy_stranger_gives_the_usual_choice():
    """The Exception is for "a Stranger that has their Enemy token on it": Hero 2 defeats Hero
    1's Enemy Stranger by Influence and may take a Loot token and a reward card."""
    state = start([dict(WARRIOR, sneak=3), WARRIOR], mode="coop")
    for hero in state["heroes"]:
        hero["cell"] = cell_index("C2")
    thug = place(state, cell_index("C2"), "stranger", influence=1, fight=0, hp=5, sneak=1, gold=2)
    state["encounters"][0]["enemy_of"] = [0]
    state["active_hero"] = 1
    state = do(state, "confront", encounter=thug, attribute="influence")
    state = do(state, "roll", dice=d6(6, 1))
    hero = do(state, "reward", loot="loot token", rumour="reward card")["heroes"][1]
    assert (hero["loot"], hero["rumours"], hero["gold"]) == (1, 2, 1)


# --- Market ---------------------------------------------------------------------------------------

def test_market_at_sprawl_city_in_gloom():
    """"Action: Market", Restriction: "Hero is at Sprawl City" - gloom on it changes nothing
    ("While a location being in gloom has no effect on whether you can do an Action or not")."""
    state = start()
    state["map"][cell_index("C3")]["gloom"] = True
    state["heroes"][0]["gold"] = 1
    assert do(state, "market", heal=1)["heroes"][0]["hp"] == 5


# --- Competitive Pressure -------------------------------------------------------------------------

def test_competitive_pressure_lifts_a_two_hero_rival_free_of_gold_and_ap():
    """"'Competitive Pressure' Rule": "When a hero completes chapter 3 of their saga, any other
    hero who has not yet completed chapter 1 ... immediately completes their current chapter,
    without spending any AP, gold, or keywords." Two heroes: Hero 2 (chapter 1, no gold) goes
    to chapter 2 with +1 maximum health and HP; their gold and AP are untouched."""
    state = start([dict(WARRIOR, sneak=3), WARRIOR], mode="competitive")
    state["heroes"][0].update(gold=5, chapter=3)
    state["heroes"][1].update(gold=0)
    rival = do(state, "regale")["heroes"][1]
    assert (rival["chapter"], rival["gold"], rival["ap"], rival["max_hp"], rival["hp"]) == (2, 0, 4, 6, 5)


def test_competitive_pressure_of_chapter_3_leaves_a_rival_on_chapter_2():
    """"... any other hero who has not yet completed chapter 1" - a rival on chapter 2 has
    completed it: not lifted."""
    state = start([dict(WARRIOR, sneak=3), WARRIOR], mode="competitive")
    state["heroes"][0].update(gold=5, chapter=3)
    state["heroes"][1]["chapter"] = 2
    assert do(state, "regale")["heroes"][1]["chapter"] == 2


# --- Assault ----------------------------------------------------------------------------------------

def test_coop_assault_refused_while_one_of_three_finales_is_missing():
    """"In the cooperative game: All heroes must have completed their saga Finales before any
    hero can Assault an Ancient" - two of three done: refused; all three: the battle."""
    state = start([dict(WARRIOR, sneak=3), WARRIOR, WARRIOR], mode="coop")
    state["ancients"][0].update(in_play=True, cell=cell_index("B2"), hp=5, max_hp=5, fight=1)
    for hero, chapter in zip(state["heroes"], (6, 6, 5), strict=True):
        hero["chapter"] = chapter
    state["heroes"][0]["cell"] = cell_index("B2")
    refused(state, "assault", ancient=1, team="none")
    state["heroes"][2]["chapter"] = 6
    assert do(state, "assault", ancient=1, team="none")["procedure"]["name"] == "battle"


def test_only_the_assaulted_ancients_plots_join_it_and_no_surprise_no_escape_damage_stays():
    """"When a hero assaults an Ancient, any unresolved Plots for that Ancient are now removed
    from the map and placed next to the Ancient" - another Ancient's Plot stays; "There is no
    Surprise or Evasion"; "A hero cannot escape"; "All HP loss inflicted on the Ancient remains
    after the battle, even if the hero is defeated"."""
    state = start([dict(WARRIOR, sneak=3), WARRIOR], mode="coop", plots=True)
    for n, cell in enumerate(("B2", "D4")):
        state["ancients"][n].update(in_play=True, cell=cell_index(cell), hp=6, max_hp=6, fight=2, gold=3)
    for hero in state["heroes"]:
        hero["chapter"] = 6
    state["heroes"][0].update(cell=cell_index("B2"), hp=1)
    state["map"][cell_index("A1")]["plots"] = [0, 1, 0]
    state = do(state, "assault", ancient=1, team="none")
    assert state["procedure"]["data"]["surprise"] is None
    while step_id(state) == "plots":
        state = do(state, "next")
    assert state["map"][cell_index("A1")]["plots"] == [1]
    assert state["ancients"][0]["plots_joined"] == 2 and state["ancients"][1]["plots_joined"] == 0
    state = fight_round(state, [6, 6, 1], [1, 1])
    assert step_id(state) == "hero_roll" and state["procedure"]["data"]["round"] == 2  # no Escape
    state = fight_round(state, [1, 1, 1], [6, 1])
    assert state["heroes"][0]["eliminated"] and state["ancients"][0]["hp"] == 4


# --- Stage 3: Battle ---------------------------------------------------------------------------------

def test_a_foe_that_defeats_its_hero_restores_to_full_health():
    """"After the battle ends, if the foe is non-Ancient and not defeated, it restores to full
    health" - the battle ended by the hero's defeat, the wounded foe (2 of 4 HP) is back at 4."""
    state = start()
    state["heroes"][0].update(cell=cell_index("C2"), hp=1, rumours=1)
    wolf = place(state, cell_index("C2"), "enemy", fight=1, hp=4, sneak=1)
    state = do(state, "engage", encounter=wolf, team="none")
    state = fight_round(state, [6, 6, 1], [6])
    assert state["heroes"][0]["defeated"]
    if step_id(state) == "loss":
        state = do(state, "lose_card", card="rumour")
    assert state["encounters"][0]["hp"] == 4


def test_advanced_variant_sneak_one_above_the_foes_evades_without_a_roll():
    """"Advanced Variant: If the hero's Sneak value is higher than the foe's, then the hero may
    evade automatically" - Sneak 2 against 1: evaded, no Sneak Test."""
    state = start([dict(WARRIOR, sneak=2)], auto_evade=True)
    state = do(do(state, "hide"), "move", to="C2")
    state = do(state, "encounter", type="enemy", fight=1, hp=1, sneak=1)
    state = do(state, "stance", choice="evade")
    assert state["procedure"] is None and state["heroes"][0]["evaded"] and state["heroes"][0]["hidden"]


# --- Deeds ---------------------------------------------------------------------------------------------

def test_a_hidden_hero_overcomes_only_after_standing_up():
    """"Hidden heroes cannot perform Deeds"; "A hero can choose to no longer be Hidden at any
    point" - refused while Hidden, done once they stand up."""
    state = start()
    state["heroes"][0].update(cell=cell_index("C2"), hidden=True)
    farmer = place(state, cell_index("C2"), "stranger", influence=2, gold=1)
    refused(state, "overcome", encounter=farmer)
    state = do(do(state, "unhide"), "overcome", encounter=farmer)
    assert step_id(state) == "reward"


def test_exchange_with_a_hero_who_has_camped_here():
    """"Deed: Exchange": "any number of agreed exchanges with any number of heroes at the
    hero's location" - Hero 2 has Camped there: still a hero at the location."""
    state = start([dict(WARRIOR, sneak=3), WARRIOR], mode="coop")
    state = do(state, "hide")
    state = do(state, "camp")  # Hero 2
    state["heroes"][0]["hidden"] = False
    state = do(state, "exchange", **{"with": "H2", "gold": 1})
    assert [h["gold"] for h in state["heroes"]] == [0, 2]


def test_resolve_a_loot_token_with_none_left_is_refused():
    """"Deed: Resolve": "Resolve the Deed ability on a card or token (e.g. by discarding a Loot
    token)" - no Loot token held: nothing to discard."""
    state = start()
    state["heroes"][0]["loot"] = 0
    refused(state, "resolve", source="Loot token", ap=1)


# --- Rules Reference Guide -----------------------------------------------------------------------------

def test_an_event_test_needs_no_ap():
    """"An attribute Test generated by an Event does not require expenditure of Action Points
    ... and is only rolled once" - a hero with 0 AP is still Tested; AP stays 0."""
    state = start()
    state["heroes"][0]["ap"] = 0
    state = do(state, "test", attribute="fight", needed=1)
    state = do(state, "roll", dice=d6(6, 1, 1))
    assert state["procedure"] is None and state["heroes"][0]["ap"] == 0


def test_a_card_test_passes_at_exactly_x_and_fails_at_x_minus_one():
    """"Pass a [attribute X] Test: ... passed if X or more successes are gained"; "Fail a
    [attribute X] Test: ... failed if fewer than X successes are gained" - X = 3."""
    state = start([dict(WARRIOR, fight=4)])
    state["heroes"][0]["fate_used"] = True
    testing = do(state, "test", attribute="fight", needed=3)
    passed = apply(GAME, testing, Command("roll", {"dice": d6(5, 6, 5, 1)}))
    assert passed.description.endswith("3 successes - passed")
    failed = apply(GAME, testing, Command("roll", {"dice": d6(5, 6, 1, 1)}))
    assert failed.description.endswith("2 successes - failed")


def test_healing_at_full_health_gains_nothing():
    """"Heal X HP: Gain X HP, up to the entity's maximum health" - at 5 of 5 a card's heal of 2
    leaves 5."""
    state = start()
    state["heroes"][0]["hp"] = 5
    state = do(state, "resolve", source="card", heal=2)
    assert state["heroes"][0]["hp"] == 5


def test_a_trophy_asset_at_six_assets_leaves_six():
    """"Trophy ... may be put into play as an asset immediately"; "Limit of 6: ... they must
    discard down to 6"."""
    state = start()
    state["heroes"][0].update(cell=cell_index("C2"), assets=6, asset_gold=6)
    enc = place(state, cell_index("C2"), "place", sneak=1, gold=1)
    state = do(state, "overcome", encounter=enc)
    state = do(state, "reward", loot="gold", rumour="card", trophy="asset", trophy_gold=2)
    assert state["heroes"][0]["assets"] == 6


def test_a_foe_and_its_hero_falling_in_the_same_round_reward_first_then_defeat():
    """"Foe Defeated Check" comes before the "Hero Defeated Check": "any reward for defeating the
    foe is gained even if the hero has no HP and is about to be declared defeated" - the
    reward's gold (3) is gained and then returned with the rest ("Return all their gold")."""
    state = start()
    state["heroes"][0].update(cell=cell_index("C2"), hp=1, gold=2, rumours=1)
    wolf = place(state, cell_index("C2"), "enemy", fight=1, hp=1, sneak=1, gold=3)
    state = do(state, "engage", encounter=wolf, team="none")
    state = fight_round(state, [6, 1, 1], [6])
    assert step_id(state) == "reward" and state["heroes"][0]["hp"] == 0
    state = do(state, "reward", loot="gold", rumour="card")
    hero = state["heroes"][0]
    assert hero["defeated"] and hero["gold"] == 0 and hero["rumours"] == 2
    assert state["encounters"] == []


def test_a_card_defeats_an_enemy_with_its_reward_but_never_an_ancient():
    """"Defeat: If a card effect allows a hero to defeat an encounter, the hero defeats it and
    claims the reward for it. An Ancient cannot be defeated by an ability." An Enemy evaded
    today is defeated by a Weakness (an Overcome): the reward, no battle. An Ancient's HP
    set by a card goes down to 1, never 0 - it is not defeated."""
    state = start()
    state["heroes"][0]["cell"] = cell_index("C2")
    wolf = place(state, cell_index("C2"), "enemy", fight=3, hp=3, sneak=1, gold=2)
    state["heroes"][0]["evaded"] = [wolf]
    state = do(state, "overcome", encounter=wolf)
    assert step_id(state) == "reward"
    state = do(state, "reward", loot="gold", rumour="card")
    assert state["encounters"] == [] and state["heroes"][0]["gold"] == 3
    state["ancients"][0].update(in_play=True, cell=cell_index("B2"), hp=3, max_hp=6, fight=1)
    refused(state, "correct", track="ancient1.hp", value=0)
    state = do(state, "correct", track="ancient1.hp", value=1)
    assert state["ancients"][0]["hp"] == 1 and not state["ancients"][0]["defeated"]


# --- Limits of 6, reached inside a process -------------------------------------------------------------

def test_a_market_that_sells_one_of_six_assets_and_buys_one_keeps_both_cards():
    """"Limit of 6: ... If they ever have more, then after resolving the process that led to
    that situation, they must discard down to 6"; Market options "in the order of the hero's
    choosing" - at 6 assets the hero sells one (2 gold value, +1 gold) and buys one (3 gold):
    still 6 in play, nothing else discarded; asset gold 12 - 2 + 3 = 13."""
    state = start()
    state["heroes"][0].update(gold=3, assets=6, asset_gold=12)
    state = do(state, "market", sell_assets=1, sold_gold=2, sell=1, buy=3)
    hero = state["heroes"][0]
    assert (hero["assets"], hero["asset_gold"], hero["gold"]) == (6, 13, 1)


def test_a_gold_loot_token_at_six_loot_still_pays_its_gold():
    """"Gold Loot tokens are discarded immediately for their gold value" - they are never kept,
    so a hero already holding 6 Loot tokens gains the 2 gold and still holds 6."""
    state = start()
    state["heroes"][0].update(cell=cell_index("C2"), loot=6, gold=0)
    enc = place(state, cell_index("C2"), "place", sneak=1, gold=1)
    state = do(state, "overcome", encounter=enc)
    state = do(state, "reward", loot="loot token", loot_gold=2, rumour="card")
    hero = state["heroes"][0]
    assert (hero["gold"], hero["loot"]) == (2, 6)


def test_a_dead_strangers_card_at_six_rumours_leaves_six():
    """Exception: "When a hero defeats a Stranger with their Enemy token on it, option a. must be
    chosen" (the card into the hand); "Limit of 6": at 6 rumours the hero discards down to 6."""
    state = start()
    state["heroes"][0].update(cell=cell_index("C2"), rumours=6)
    thug = place(state, cell_index("C2"), "stranger", influence=3, fight=0, hp=1, sneak=1, gold=1)
    state["encounters"][0]["enemy_of"] = [0]
    state = do(state, "engage", encounter=thug, team="none")
    state = fight_round(state, [6, 1, 1], [])
    state = do(state, "reward", loot="gold", rumour="card")
    assert state["heroes"][0]["rumours"] == 6


def test_an_evaded_foe_is_engaged_again_the_next_day():
    """"the hero continues the game as if the foe doesn't exist until either the Day ends or the
    hero leaves this location"; Dawn: "Each hero is no longer Hidden" - Day 2 begins with the
    engagement, in plain battle (no Evasion Opportunity without Hidden)."""
    state = start([dict(WARRIOR, sneak=2)])
    state = do(do(state, "hide"), "move", to="C2")
    state = do(state, "encounter", type="enemy", fight=1, hp=2, sneak=1)
    state = do(state, "stance", choice="evade")
    state = do(state, "evade_roll", dice=d6(6, 1))
    assert state["procedure"] is None
    state = do(state, "camp")
    state = do(state, "night_card", location="E5", type="weather")
    state = do(state, "next")
    assert state["day"] == 2 and state["procedure"]["name"] == "battle"
    assert step_id(state) == "trap" and not state["heroes"][0]["hidden"]


def test_an_ancient_entering_a_heros_location_is_not_engaged():
    """"Ancient Battles": "It is not mandatory for a hero in the same location as the Ancient to
    battle it, they must perform the Assault Deed" - the Ancient enters on Hero 2's location;
    Hero 2's turn begins with no engagement."""
    state = start([dict(WARRIOR, sneak=3), WARRIOR], mode="competitive")
    state["heroes"][0]["chapter"] = 5
    state["heroes"][1]["cell"] = cell_index("B2")
    state = do(state, "regale", finale=1, attribute="fight")
    state = do(state, "roll", dice=d6(6, 1, 1))
    state = do(state, "totem", totem="gold", gold=1)
    state = do(state, "ancient_card", location="B2", fight=3, hp=6, gold=5)
    assert state["active_hero"] == 1 and state["procedure"] is None


def test_a_team_that_slays_the_last_ancient_and_all_fall_still_wins():
    """"The game is won if all Ancients are defeated before time runs out, even if the last
    surviving hero is defeated in that battle - all heroes (both the survivors and the
    defeated) share the win." Co-op, one Ancient left: both heroes Assault as a Team at 1 HP;
    Hero 1's hit slays it while its dice take both heroes: won."""
    state = start([dict(WARRIOR, sneak=3), WARRIOR], mode="coop")
    state["ancients"][0].update(in_play=True, defeated=True, cell=None)
    state["ancients"][1].update(in_play=True, cell=cell_index("B2"), hp=1, max_hp=1, fight=1, gold=2)
    for hero in state["heroes"]:
        hero.update(chapter=6, cell=cell_index("B2"), hp=1)
    state = do(state, "assault", ancient=2, team="H2")
    while step_id(state) in ("plots", "trap"):
        state = do(state, "next") if step_id(state) == "plots" else do(state, "trap")
    state = do(state, "hero_fight", dice=d6(6, 1, 1))
    state = do(state, "hero_fight", dice=d6(1, 1, 1))
    state = do(state, "foe_fight", dice=d6(6))
    state = do(state, "foe_fight", dice=d6(6))
    if step_id(state) == "fate":
        state = do(state, "fate", use="no")
    assert state["ancients"][1]["defeated"] and state["over"]["result"] == "win"


def test_plots_placed_after_a_first_assault_join_at_the_second_and_damage_outlasts_the_night():
    """"When a hero assaults an Ancient, any unresolved Plots for that Ancient are now removed from
    the map and placed next to the Ancient" - each time: a Plot placed the Night after the first
    Assault joins at the second; "All HP loss inflicted on the Ancient remains after the battle"
    (Dawn heals nothing: 6 - 2 = 4 on Day 2)."""
    state = start([dict(WARRIOR, sneak=3), WARRIOR], mode="competitive", plots=True)
    state["ancients"][0].update(in_play=True, cell=cell_index("B2"), hp=6, max_hp=6, fight=1, gold=3)
    state["heroes"][0].update(chapter=6, cell=cell_index("B2"), hp=1)
    state["map"][cell_index("A1")]["plots"] = [0]
    state = do(state, "assault", ancient=1, team="none")
    while step_id(state) == "plots":
        state = do(state, "next")
    assert state["ancients"][0]["plots_joined"] == 1
    state = fight_round(state, [6, 6, 1], [1])
    state = fight_round(state, [1, 1, 1], [6])  # no escape: round 2, the hero falls
    assert state["heroes"][0]["eliminated"] and state["ancients"][0]["hp"] == 4
    state["heroes"][1]["chapter"] = 6
    state = do(state, "camp")  # Hero 2, the last awake
    state = do(state, "night_card", location="E5", type="weather", terrain="badlands")
    while state["procedure"] is not None:
        state = do(state, "next")
    assert state["ancients"][0]["hp"] == 4
    assert state["map"][cell_index("E5")]["plots"] == [0]
    state["heroes"][1]["cell"] = cell_index("B2")
    state["active_hero"] = 1
    state = do(state, "assault", ancient=1, team="none")
    while step_id(state) == "plots":
        state = do(state, "next")
    assert state["ancients"][0]["plots_joined"] == 2 and state["map"][cell_index("E5")]["plots"] == []


def test_a_foe_evaded_by_one_hero_is_engaged_by_the_next_to_arrive():
    """"the hero continues the game as if the foe doesn't exist" - that hero only: Hero 2 moving
    onto the location must engage it ("If the hero's location contains an Enemy, they must
    immediately engage that Enemy")."""
    state = start([dict(WARRIOR, sneak=3), WARRIOR], mode="coop")
    state["heroes"][0]["hidden"] = True
    state = do(state, "move", to="C2")
    state = do(state, "encounter", type="enemy", fight=1, hp=2, sneak=1)
    if step_id(state) == "team":
        state = do(state, "team_up", team="none")
    state = do(state, "stance", choice="evade")
    state = do(state, "evade_roll", dice=d6(6, 1, 1))
    while state["procedure"] is not None:
        state = do(state, "next")
    assert state["active_hero"] == 1
    state = do(state, "move", to="C2")
    assert state["procedure"]["name"] == "battle" and state["procedure"]["data"]["hero"] == 1


def test_an_overcome_during_the_battle_defeats_the_foe_with_its_reward():
    """'10. Deeds': "A hero may perform a Deed at any time during their turn - including during
    an Action, an engagement"; "Deed: Overcome": "automatically defeat the encounter" and "The
    hero claims a reward". Mid-battle (before the Skirmish roll) the foe with a Weakness is
    Overcome: the reward, and the battle is over."""
    state = start()
    state["heroes"][0]["cell"] = cell_index("C2")
    wolf = place(state, cell_index("C2"), "enemy", fight=3, hp=5, sneak=1, gold=2)
    state = do(state, "engage", encounter=wolf, team="none")
    state = do(state, "trap")
    assert step_id(state) == "hero_roll"
    state = do(state, "overcome", encounter=wolf)
    assert step_id(state) == "reward"
    state = do(state, "reward", loot="gold", rumour="card")
    assert state["encounters"] == [] and state["heroes"][0]["gold"] == 3
    assert state["procedure"] is None and state["heroes"][0]["hp"] == 4


def test_a_loot_token_resolved_during_the_battle():
    """'10. Deeds': "including during ... an engagement"; "Deed: Resolve ... (e.g. by discarding a
    Loot token)" - mid-battle a Loot token's 'Gain 1 Move AP' is Resolved: AP 4 -> 5, the battle
    goes on."""
    state = start()
    state["heroes"][0].update(cell=cell_index("C2"), loot=1)
    wolf = place(state, cell_index("C2"), "enemy", fight=3, hp=5, sneak=1)
    state = do(state, "engage", encounter=wolf, team="none")
    state = do(state, "trap")
    state = do(state, "resolve", source="Loot token", ap=1)
    hero = state["heroes"][0]
    assert (hero["loot"], hero["ap"]) == (0, 5) and step_id(state) == "hero_roll"


def test_a_loot_token_resolved_during_a_confront_test():
    """'10. Deeds': "A hero may perform a Deed at any time during their turn - including during an
    Action" - while the Confront's Test waits for its dice, a Loot token is Resolved (+1 AP)."""
    state = start()
    state["heroes"][0].update(cell=cell_index("C2"), loot=1)
    quest = place(state, cell_index("C2"), "quest", study=3)
    state = do(state, "confront", encounter=quest, attribute="study")
    assert step_id(state) == "roll"
    state = do(state, "resolve", source="Loot token", ap=1)
    assert (state["heroes"][0]["loot"], state["heroes"][0]["ap"]) == (0, 4) and step_id(state) == "roll"


def test_an_eliminated_heros_enemy_tokens_leave_the_strangers():
    """"Hero Defeated Check: If the hero has no HP, the hero is eliminated from the game. All
    their cards and tokens are returned to their appropriate discard piles and token supplies" -
    their Enemy token on a Stranger goes too: it is nobody's Enemy any more."""
    state = start([dict(WARRIOR, sneak=3), WARRIOR], mode="competitive")
    place(state, cell_index("D4"), "stranger", influence=2, fight=1, hp=2, sneak=1)
    state["encounters"][0]["enemy_of"] = [0]
    state["ancients"][0].update(in_play=True, cell=cell_index("B2"), hp=8, max_hp=8, fight=1)
    state["heroes"][0].update(cell=cell_index("B2"), chapter=6, hp=1, enemy_tokens=3)
    state = do(state, "assault", ancient=1)
    state = fight_round(state, [1, 1, 1], [6])
    assert state["heroes"][0]["eliminated"]
    assert state["encounters"][0]["enemy_of"] == []
