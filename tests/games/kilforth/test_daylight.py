"""Daylight turns and each Action's restriction ('6. Daylight Phase', '8. Actions')."""

from games.core import Command, apply
from games.kilforth import rules
from games.kilforth.state import CITY, cell_index

from .helpers import GAME, WARRIOR, camp_all, d6, do, place, refused, start, step_id


def test_solo_hero_turn_example():
    # "Example Solo Hero Turn": 4 AP; Hide; Move (draw a Stranger); Overcome (a Deed,
    # no AP); Loot instead of gold; keep the card; Move; Move into a Devil with Surprise.
    state = start()
    state = do(state, "hide")
    state = do(state, "move", to="C2")
    assert step_id(state) == "draw"
    state = do(state, "encounter", type="stranger", influence=2, gold=1)
    farmer = state["encounters"][0]["id"]
    refused(state, "overcome", encounter=farmer)  # "Hidden heroes cannot perform Deeds"
    state = do(state, "unhide")
    state = do(state, "overcome", encounter=farmer)
    state = do(state, "reward", loot="loot token", rumour="card")
    hero = state["heroes"][0]
    assert (hero["ap"], hero["loot"], hero["rumours"], hero["gold"]) == (2, 1, 2, 1)
    state = do(state, "move", to="C1")
    state = do(state, "encounter", type="place", study=2)
    state = do(state, "move", to="B1")
    state = do(state, "encounter", type="enemy", fight=3, hp=3, sneak=2)
    assert state["procedure"]["name"] == "battle"
    assert state["procedure"]["data"]["surprise"] == "foe"  # not Hidden: the Devil has Surprise
    assert state["heroes"][0]["ap"] == 0


def test_move_must_be_adjacent_unless_by_shortcut():
    state = start()
    err = refused(state, "move", to="A1")
    assert "adjacent" in err.long
    state = do(state, "move", to="A1", shortcut=True)
    assert state["heroes"][0]["cell"] == cell_index("A1")


def test_search_refused_with_an_encounter_present():
    state = start()
    state["heroes"][0]["cell"] = cell_index("C2")
    place(state, cell_index("C2"), "place", sneak=1)
    err = refused(state, "search")
    assert "Action: Search" in err.long


def test_rest_refused_at_full_hp_and_heals_one():
    state = start()
    state["heroes"][0]["max_hp"] = 4
    assert "maximum" in refused(state, "rest").long
    state["heroes"][0]["max_hp"] = 6
    state = do(state, "rest")
    assert state["heroes"][0]["hp"] == 5 and state["heroes"][0]["ap"] == 3


def test_long_rest_only_as_first_action():
    state = start()
    state["heroes"][0]["max_hp"] = 6
    after = do(state, "long_rest")
    assert after["heroes"][0]["hp"] == 6 and after["heroes"][0]["ap"] == 0
    state = do(state, "hide")
    assert "first and only" in refused(state, "long_rest").long


def test_market_outside_sprawl_city_is_refused():
    state = start()
    state["heroes"][0]["cell"] = cell_index("C2")
    assert "Sprawl City" in refused(state, "market", heal=0, buy=0, sell=1).long


def test_market_heals_for_gold():
    state = start()
    state["heroes"][0]["gold"] = 3
    state = do(state, "market", heal=1, buy=0, sell=0)
    assert state["heroes"][0]["hp"] == 5 and state["heroes"][0]["gold"] == 2


def test_confront_a_stranger_while_hidden_is_refused():
    state = start()
    state["heroes"][0].update(cell=cell_index("C2"), hidden=True)
    stranger = place(state, cell_index("C2"), "stranger", influence=2)
    assert "Hidden" in refused(state, "confront", encounter=stranger, attribute="influence").long


def test_regale_example_and_a_second_regale_refused():
    # "Saga Chapter Completion": spend 5 gold, +1 maximum HP and HP, next chapter.
    state = start()
    state["heroes"][0].update(gold=6, rumours=3)
    state = do(state, "regale", rumours=2)
    hero = state["heroes"][0]
    assert (hero["gold"], hero["max_hp"], hero["hp"], hero["chapter"], hero["rumours"]) == (1, 6, 5, 2, 1)
    assert hero["ap"] == 3  # the Action's AP spent, none gained ("never by healing or Regaling")
    state["heroes"][0]["gold"] = 10
    assert "second" in refused(state, "regale", rumours=0).long


def test_advanced_regale_costs_chapter_times_two():
    state = start(advanced_regale=True)
    state["heroes"][0].update(gold=2, chapter=3)
    assert "6 gold" in refused(state, "regale", rumours=0).long


def test_no_action_without_ap_only_camp():
    state = start()
    state["heroes"][0]["ap"] = 0
    assert "Camp" in refused(state, "hide").long
    state = do(state, "camp")
    assert state["procedure"]["name"] == "night"


def test_turns_pass_clockwise_and_skip_camped_heroes():
    state = start([dict(WARRIOR, sneak=3), WARRIOR, WARRIOR], mode="coop")
    assert state["active_hero"] == 0
    state = do(state, "hide")
    assert state["active_hero"] == 1
    state = do(state, "camp")
    state = do(state, "hide")
    assert state["active_hero"] == 0
    state = do(state, "rest")  # 4 HP of 5
    assert state["active_hero"] == 2


def test_a_dial_turn_down_of_hp_also_loses_ap_and_the_last_hp_defeats():
    """"8. Actions", Important: every HP lost also loses 1 AP; "Health Points": the
    last HP lost defeats the hero ("Hero Defeated")."""
    state = start()
    state["heroes"][0]["gold"] = 4
    state = do(state, "adjust", track="hero1.hp", delta=-1)
    assert state["heroes"][0]["hp"] == 3 and state["heroes"][0]["ap"] == 3
    state = do(state, "adjust", track="hero1.hp", delta=-3)
    hero = state["heroes"][0]
    assert hero["defeated"] and hero["gold"] == 0 and hero["cell"] == CITY and hero["camped"]
    assert step_id(state) == "loss"
    assert GAME.view(state).step == "Lose asset or rumour"


def test_healing_by_dial_gives_no_ap_and_a_correction_takes_none():
    """"Heroes only gain AP when Breaking Camp or via card effects, never by healing";
    a ``correct`` only fixes the number."""
    state = start()
    state = do(state, "adjust", track="hero1.hp", delta=-2)
    state = do(state, "adjust", track="hero1.hp", delta=1)
    assert (state["heroes"][0]["hp"], state["heroes"][0]["ap"]) == (3, 2)
    state = do(state, "correct", track="hero1.hp", value=1)
    assert (state["heroes"][0]["hp"], state["heroes"][0]["ap"]) == (1, 2)
    assert not state["heroes"][0]["defeated"]


def test_another_heros_defeat_does_not_pass_the_turn():
    state = start([dict(WARRIOR, sneak=3), WARRIOR], mode="coop")
    state["heroes"][1]["rumours"] = 0
    state = do(state, "adjust", track="hero2.hp", delta=-4)
    assert state["heroes"][1]["defeated"] and state["active_hero"] == 0


def test_finale_not_on_the_day_chapter_4_was_done():
    state = start()
    state["heroes"][0].update(gold=5, chapter=4)
    state = do(state, "regale", rumours=0)
    state["heroes"][0]["regaled"] = False  # even if another effect allowed it
    assert "chapter 4" in refused(state, "regale", finale=3, attribute="fight").long


def test_finale_as_a_test_brings_the_ancient_into_play():
    state = start()
    state["heroes"][0]["chapter"] = 5
    state = do(state, "regale", finale=2, attribute="fight")
    state = do(state, "roll", dice=d6(5, 6, 1))
    assert state["heroes"][0]["chapter"] == 6
    assert all(a["in_play"] for a in state["ancients"])


def test_finale_costs_no_gold_may_be_tried_again_the_same_day_and_gives_the_totem():
    """"Saga Finale Completion": "Unlike saga chapters, Finales do not cost 5 gold to
    complete. Also, heroes can attempt to Regale their Finale multiple times per Day";
    successes add up; "When a saga Finale is defeated ... either: a. put the Totem card
    into play as an asset, or b. remove the Totem card from the game and gain gold equal
    to its gold value" ("Asset: Reward or Totem card in a hero's play area": it counts
    in the Victory Points)."""
    state = start()
    state["heroes"][0].update(chapter=5, gold=0)
    state = do(state, "regale", finale=3, attribute="fight")
    state = do(state, "roll", dice=d6(6, 1, 1))
    state = do(state, "fate", use="no")
    assert state["heroes"][0]["successes"] == [{"encounter": None, "attribute": "fight", "count": 1}]
    state = do(state, "regale", finale=3, attribute="fight")  # again, the same Day
    state = do(state, "roll", dice=d6(6, 5, 1))
    assert step_id(state) == "totem" and state["heroes"][0]["chapter"] == 6
    as_asset = do(state, "totem", totem="asset", gold=4)["heroes"][0]
    assert (as_asset["assets"], as_asset["asset_gold"], as_asset["gold"]) == (1, 4, 0)
    assert rules.victory_points(as_asset) == 4
    as_gold = do(state, "totem", totem="gold", gold=4)["heroes"][0]
    assert (as_gold["assets"], as_gold["gold"]) == (0, 4)


def test_regale_sacrifices_selected_assets_for_their_gold_value():
    """"Saga Chapter Completion": for each keyword "b. Select an asset ... which has that
    keyword. Either keep the asset, or sacrifice it and gain gold equal to its gold
    value" - the 5 gold is spent first; a sacrificed asset leaves play with its keyword
    and gold value (Victory Points); assets not held are refused, the state unchanged."""
    state = start()
    state["heroes"][0].update(gold=5, rumours=1, assets=3, asset_gold=9, uniques=["Steed"],
                              unique_gold={"Steed": 4})
    assert refused(state, "regale", sacrificed=4).short == "Not enough assets"
    state["heroes"][0]["gold"] = 4
    assert refused(state, "regale", sacrificed=1, sacrificed_keywords="Steed").short == "Need 5 gold"
    state["heroes"][0]["gold"] = 5
    state = do(state, "regale", rumours=1, sacrificed=2, sacrificed_keywords="Steed", sacrificed_gold=2)
    hero = state["heroes"][0]
    assert (hero["gold"], hero["rumours"], hero["assets"], hero["asset_gold"]) == (6, 0, 1, 3)
    assert hero["uniques"] == [] and hero["chapter"] == 2


def test_clear_removes_an_obstacle_first_then_the_named_ancients_plot():
    """"Action: Clear": an obstacle, or if there are none 1 Plot card (its To Defeat
    followed by the player) into hand as a rumour; 1 Loot token either way."""
    state = start([WARRIOR, WARRIOR], mode="coop", plots=True)
    here = state["heroes"][0]["cell"] = state["heroes"][1]["cell"] = cell_index("B2")
    state["map"][here].update(obstacles=1, plots=[0, 1, 0])
    assert refused(state, "clear", plot="Ancient 2").short == "Obstacles first"
    state = do(state, "clear")
    assert state["map"][here]["obstacles"] == 0 and state["map"][here]["plots"] == [0, 1, 0]
    state["active_hero"] = 0
    assert refused(state, "clear", plot="Ancient 3").short.startswith("Plot of")  # not a choice
    state = do(state, "clear", plot="Ancient 2")
    hero = state["heroes"][0]
    assert state["map"][here]["plots"] == [0, 0] and hero["rumours"] == 2 and hero["loot"] == 2


def test_competitive_pressure_completes_a_chapter_that_counts_as_the_days():
    """"'Competitive Pressure' Rule": "When a hero completes chapter 3 of their saga, any
    other hero who has not yet completed chapter 1 (in hero order) immediately completes
    their current chapter, without spending any AP, gold, or keywords" - a completed
    chapter: +1 maximum health and HP, the next chapter ("Saga Chapter Completion").
    "Action: Regale", Restriction: "Hero has not already completed a saga chapter or
    Finale this Day" - so the lifted hero cannot Regale again today, but can tomorrow."""
    state = start([dict(WARRIOR, sneak=3), WARRIOR, WARRIOR], mode="competitive")
    state["heroes"][0].update(gold=5, chapter=3)
    state["heroes"][1].update(gold=9, chapter=2)
    state["heroes"][2].update(gold=9)
    state = do(state, "regale")
    lifted = state["heroes"][2]
    assert (lifted["chapter"], lifted["max_hp"], lifted["hp"], lifted["gold"]) == (2, 6, 5, 9)
    assert lifted["ap"] == 4 and lifted["regaled"]
    assert state["heroes"][1]["chapter"] == 2 and not state["heroes"][1]["regaled"]
    state = do(state, "hide")  # Hero 2's turn
    assert state["active_hero"] == 2
    assert refused(state, "regale").short == "Regaled today"
    state = camp_all(state)
    state = do(state, "night_card", location="A1", type="weather")
    state = do(state, "next")  # unveil; Breaking Camp: Day 2
    state["active_hero"] = 2
    state = do(state, "regale")
    assert state["heroes"][2]["chapter"] == 3


def test_competitive_pressure_of_chapter_4_lifts_heroes_below_chapter_3_in_hero_order():
    """"When a hero completes chapter 4 ..., any other hero who has not yet completed
    chapter 1 or 2 (in hero order) immediately completes their current chapter"; not
    in the cooperative game ("In the Competitive game only")."""
    heroes = [dict(WARRIOR, sneak=3), WARRIOR, WARRIOR, WARRIOR]
    state = start(heroes, mode="competitive")
    for hero, chapter in zip(state["heroes"], (4, 1, 2, 3), strict=True):
        hero.update(chapter=chapter, gold=5)
    applied = apply(GAME, state, Command("regale", {}))
    assert [h["chapter"] for h in applied.state["heroes"]] == [5, 2, 3, 3]
    assert [e.text for e in applied.events if e.text.startswith("Pressure")] == [
        "Pressure: Hero 2 completes chapter 1: take a level 1 skill",
        "Pressure: Hero 3 completes chapter 2: take a level 2 skill"]
    coop = start(heroes, mode="coop")
    coop["heroes"][0].update(chapter=4, gold=5)
    assert [h["chapter"] for h in do(coop, "regale")["heroes"]] == [5, 1, 1, 1]


def test_coop_variant_all_heroes_at_the_finale():
    """"Variant for the Cooperative Game: All heroes must be at the same location as the
    active hero in order for their Finale to be completed" - chosen at Setup."""
    state = start([dict(WARRIOR, sneak=3), WARRIOR], mode="coop", coop_finale=True)
    state["heroes"][0]["chapter"] = 5
    state["heroes"][1]["cell"] = cell_index("B2")
    assert refused(state, "regale", finale=2, attribute="fight").short == "All heroes here first"
    state["heroes"][1]["cell"] = CITY
    assert step_id(do(state, "regale", finale=2, attribute="fight")) == "roll"
    plain = start([dict(WARRIOR, sneak=3), WARRIOR], mode="coop")
    plain["heroes"][0]["chapter"] = 5
    plain["heroes"][1]["cell"] = cell_index("B2")
    assert step_id(do(plain, "regale", finale=2, attribute="fight")) == "roll"


def test_make_camp_discards_the_remaining_ap_and_the_successes():
    """"Action or Camp": "make Camp - the hero discards any remaining Action Points (if
    any), and takes no further turns this phase"; "A hero loses all of their accumulated
    successes if they ... make Camp"."""
    state = start([dict(WARRIOR, sneak=3), WARRIOR], mode="coop")
    state["heroes"][0]["successes"] = [{"encounter": None, "attribute": "fight", "count": 2}]
    state = do(state, "camp")
    hero = state["heroes"][0]
    assert (hero["ap"], hero["camped"], hero["successes"]) == (0, True, [])
    state = do(state, "hide")  # Hero 2; Hero 1 takes no further turns
    assert state["active_hero"] == 1


def test_moving_into_sprawl_city_draws_no_encounter():
    """"Location's Encounter Deck: ... If a location doesn't have a terrain type that
    matches an encounter deck (e.g. Sprawl City), it can't have an encounter assigned"."""
    state = start()
    state["heroes"][0]["cell"] = cell_index("C2")
    state = do(state, "move", to="C3")
    assert state["procedure"] is None and state["encounters"] == [] and state["heroes"][0]["ap"] == 3
    assert refused(state, "search").short == "Nothing to search"


def test_obstacles_stop_search_confront_and_plots_being_cleared_but_not_movement():
    """"Obstacles ... stop you from Clearing Plots or doing Search and Confront Actions
    for encounters, but they don't hinder movement or anything else!"; "Action: Clear",
    Restriction: "1 or more obstacles or, if there are no obstacles, 1 or more Plot cards"."""
    state = start(plots=True)
    here = cell_index("C2")
    state["heroes"][0]["cell"] = here
    assert refused(state, "clear").short == "Nothing to Clear"
    state["map"][here].update(obstacles=1, plots=[0])
    assert refused(state, "search").short == "Obstacle here"
    quest = place(state, here, "quest", study=1)
    assert refused(state, "confront", encounter=quest, attribute="study").short == "Obstacle here"
    state = do(state, "clear")
    assert state["map"][here]["plots"] == [0] and state["map"][here]["obstacles"] == 0
    state["active_hero"] = 0
    state["map"][here]["obstacles"] = 2
    moved = do(state, "move", to="C1")
    assert moved["heroes"][0]["cell"] == cell_index("C1")


def test_hide_only_when_not_hidden_and_hidden_heroes_perform_no_deeds():
    """"Action: Hide", Restriction: "Hero must not be Hidden"; "Hidden heroes cannot
    perform Deeds"."""
    state = do(start(), "hide")
    assert refused(state, "hide").short == "Already Hidden"
    state["heroes"][0]["loot"] = 1
    assert refused(state, "resolve", source="Loot token", ap=1).short == "Hidden: no Deeds"
