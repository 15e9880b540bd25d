"""'Ancient Battles' and 'Deed: Assault': the Ancient enters on the first Finale;
Plots join it; no Surprise, evasion or escape; elimination; damage kept; the win."""

from games.core.engine import migrate
from games.kilforth.state import CITY, SCHEMA_VERSION, cell_index

from .helpers import GAME, WARRIOR, d6, do, refused, start, step_id


def _finale_done(state: dict, location: str = "B2", hp: int = 3, fight: int = 2) -> dict:
    """Complete the Finale by a Test; the Ancient's card is entered when it enters the map."""
    state["heroes"][0]["chapter"] = 5
    state = do(state, "regale", finale=1, attribute="fight")
    state = do(state, "roll", dice=d6(6, 1, 1))
    state = do(state, "totem", totem="gold", gold=2)
    assert step_id(state) == "ancient"
    return do(state, "ancient_card", location=location, fight=fight, hp=hp, gold=5)


def test_the_first_finale_brings_the_ancient_onto_the_map_at_its_card_location():
    state = _finale_done(start(), location="B2")
    ancient = state["ancients"][0]
    assert ancient["in_play"] and ancient["cell"] == cell_index("B2") and ancient["hp"] == 3
    assert state["heroes"][0]["chapter"] == 6


def test_assault_example_plots_join_no_surprise_no_escape():
    """'Assault Example': Plots are gathered next to the Ancient; neither combatant has
    Surprise and the hero cannot escape, so Stages 1 and 2 are skipped."""
    state = _finale_done(start(plots=True), location="B2")
    state["map"][cell_index("A1")]["plots"] = [0, 0]
    state = do(state, "camp")
    state = do(state, "night_card", location="D4", type="weather")
    while state["procedure"]:  # the Plot and Unveil reminders: Day 2
        state = do(state, "next")
    state["heroes"][0].update(cell=cell_index("B2"), hidden=True)
    assert "Hidden" in refused(state, "assault", ancient=1).short
    state["heroes"][0]["hidden"] = False
    state = do(state, "assault", ancient=1)
    data = state["procedure"]["data"]
    assert data["surprise"] is None and step_id(state) == "plots"
    assert state["map"][cell_index("A1")]["plots"] == [] and state["ancients"][0]["plots_joined"] == 2
    state = do(state, "next")
    state = do(state, "trap")
    state = do(state, "hero_fight", dice=d6(5, 1, 1))
    state = do(state, "foe_fight", dice=d6(1, 1))
    state = do(state, "fate", use="no")
    assert step_id(state) == "hero_roll"  # no Escape Option against an Ancient
    assert state["ancients"][0]["hp"] == 2  # damage stays on the Ancient


def test_assault_needs_the_saga_the_location_and_no_other_encounters():
    state = start()
    state["ancients"][0].update(in_play=True, cell=cell_index("B2"), hp=5, fight=2)
    state["heroes"][0]["cell"] = cell_index("B2")
    assert "saga" in refused(state, "assault", ancient=1).short
    state["heroes"][0]["chapter"] = 6
    state["heroes"][0]["cell"] = cell_index("C2")
    assert "Not at" in refused(state, "assault", ancient=1).short
    state["heroes"][0]["cell"] = cell_index("B2")
    from .helpers import place
    place(state, cell_index("B2"), "quest", study=2)
    assert "encounters" in refused(state, "assault", ancient=1).short


def test_coop_assault_needs_every_finale():
    state = start([dict(WARRIOR, sneak=3), WARRIOR], mode="coop")
    state["ancients"][0].update(in_play=True, cell=cell_index("B2"), hp=5, fight=2)
    state["heroes"][0].update(cell=cell_index("B2"), chapter=6)
    assert "All Finales" in refused(state, "assault", ancient=1).short


def _assault(hp: int = 8, fight: int = 2, hero_hp: int = 4) -> dict:
    state = start()
    state["ancients"][0].update(in_play=True, cell=cell_index("B2"), hp=hp, max_hp=hp, fight=fight,
                                gold=7)
    state["heroes"][0].update(cell=cell_index("B2"), chapter=6, hp=hero_hp, gold=3, rumours=2)
    state = do(state, "assault", ancient=1)
    return do(state, "trap")


def test_a_hero_defeated_by_an_ancient_is_eliminated_and_the_damage_stays():
    state = _assault(hp=8, hero_hp=1)
    state = do(state, "hero_fight", dice=d6(6, 6, 1))
    state = do(state, "foe_fight", dice=d6(6, 1))
    state = do(state, "fate", use="no")
    hero = state["heroes"][0]
    assert hero["eliminated"] and hero["gold"] == 0 and hero["rumours"] == 0
    assert state["ancients"][0]["hp"] == 6
    assert state["over"]["result"] == "loss"  # the solo hero is gone


def test_defeating_the_last_ancient_wins_even_if_the_hero_falls():
    """"4. Winning the Game": won if all Ancients are defeated, even if the last
    surviving hero is defeated in that battle; the hero takes its gold."""
    state = _assault(hp=2, hero_hp=1)
    state = do(state, "hero_fight", dice=d6(6, 6, 1))
    state = do(state, "foe_fight", dice=d6(6, 1))
    state = do(state, "fate", use="no")
    assert state["ancients"][0]["defeated"] and state["over"]["result"] == "win"


def test_competitive_the_hero_who_defeats_the_ancient_wins():
    state = start([dict(WARRIOR, sneak=3), WARRIOR], mode="competitive")
    state["ancients"][0].update(in_play=True, cell=cell_index("B2"), hp=1, max_hp=1, fight=0)
    state["heroes"][0].update(cell=cell_index("B2"), chapter=6)
    state = do(state, "assault", ancient=1)
    state = do(state, "trap")
    state = do(state, "hero_fight", dice=d6(6, 1, 1))
    state = do(state, "foe_fight", dice=[])
    state = do(state, "fate", use="no")
    assert state["over"]["result"] == "win" and "Hero 1" in state["over"]["text"]


def test_schema_1_saves_are_migrated():
    state = start(plots=True)
    old = dict(state, schema=1)
    old["ancients"] = [{"name": "Ancient 1", "plot_terrain": "badlands", "in_play": False,
                        "defeated": False}]
    old["map"] = [dict(cell, plots=2 if i == 0 else 0) for i, cell in enumerate(state["map"])]
    old["heroes"] = [{k: v for k, v in h.items() if k not in ("uniques", "unique_gold")}
                     for h in state["heroes"]]
    del old["pack"]
    new = migrate(GAME, old)
    assert new["schema"] == SCHEMA_VERSION and new["map"][0]["plots"] == [0, 0]
    assert new["ancients"][0]["cell"] is None and new["heroes"][0]["uniques"] == []
    assert new["heroes"][0]["unique_gold"] == {}


def test_schema_2_saves_get_the_unique_keywords_gold():
    state = start()
    old = dict(state, schema=2)
    old["heroes"] = [{k: v for k, v in h.items() if k != "unique_gold"} for h in state["heroes"]]
    old["heroes"][0]["uniques"] = ["Weapon"]
    new = migrate(GAME, old)
    assert new["schema"] == SCHEMA_VERSION and new["heroes"][0]["unique_gold"] == {"Weapon": 0}


def test_the_displays_show_the_ancient_battle_odds():
    state = _assault(hp=2, fight=3)
    assert GAME.view(state).step.startswith("3d: kill ")
    assert dict(GAME.view(state).facts)["Foe HP"] == "2"
    state = do(state, "hero_fight", dice=d6(1, 1, 1))
    assert GAME.view(state).step.startswith("Foe 3d: KO you ")


def _eliminated_in_assault(other_camped: bool) -> dict:
    """Competitive, two heroes: Hero 1 (saga complete, 1 HP, no gold) Assaults the
    Ancient and is slain in the first round; Hero 2 has Camped or not."""
    state = start([dict(WARRIOR, sneak=3), WARRIOR], mode="competitive")
    state["ancients"][0].update(in_play=True, cell=cell_index("B2"), hp=8, max_hp=8, fight=3, gold=7)
    if other_camped:
        state = do(do(state, "hide"), "camp")
        state["heroes"][0]["hidden"] = False
    state["heroes"][0].update(cell=cell_index("B2"), chapter=6, hp=1, gold=0, loot=1)
    state = do(state, "assault", ancient=1)
    state = do(state, "trap")
    state = do(state, "hero_fight", dice=d6(1, 1, 1))
    state = do(state, "foe_fight", dice=d6(6, 1, 1))
    return do(state, "fate", use="no")


def test_a_hero_eliminated_by_an_ancient_takes_no_more_turns():
    """"Ancient Battles", Hero Defeated Check: "the hero is eliminated from the game. All
    their cards and tokens are returned ... All rules and card references to heroes no
    longer include that hero." The Assault is a Deed, yet the eliminated hero's turn is
    over: play passes to the other hero, and the eliminated hero never acts again (no
    Deed of theirs: their Loot token is gone; no AP at Breaking Camp; no Team)."""
    state = _eliminated_in_assault(other_camped=False)
    hero = state["heroes"][0]
    assert hero["eliminated"] and (hero["gold"], hero["loot"], hero["ap"]) == (0, 0, 0)
    assert state["procedure"] is None and state["active_hero"] == 1
    state = do(state, "resolve", source="card", gold=3)  # Hero 2's Deed
    assert (state["heroes"][0]["gold"], state["heroes"][1]["gold"]) == (0, 4)
    state = do(state, "camp")
    state = do(state, "night_card", location="A1", type="weather")
    state = do(state, "next")  # unveil; Breaking Camp
    assert state["day"] == 2 and state["active_hero"] == 1
    assert state["heroes"][0]["ap"] == 0 and state["heroes"][0]["camped"]
    state["heroes"][1]["cell"] = CITY
    from games.kilforth.teams import team_choices
    assert team_choices(state) == ("none",)


def test_a_hero_eliminated_by_an_ancient_after_the_others_camped_starts_the_night():
    """"Daylight Turns": "When all heroes have made Camp, the Night phase begins" - the
    eliminated hero takes no further turns, so the Night begins at once."""
    state = _eliminated_in_assault(other_camped=True)
    assert state["heroes"][0]["eliminated"]
    assert state["procedure"]["name"] == "night" and step_id(state) == "card"


def test_coop_wins_only_when_every_ancient_is_defeated():
    """"Deed: Assault": "In the cooperative game all Ancients must be defeated for the
    win"; "Ancient Battles": "if it was the last remaining Ancient, the game concludes
    after the battle ends"; the co-op Victory Points: "the sum of each hero's Victory
    Point score, divided by the number of heroes who started the game, rounded up"."""
    state = start([dict(WARRIOR, sneak=3), WARRIOR], mode="coop")
    for n, cell in enumerate(("B2", "D4")):
        state["ancients"][n].update(in_play=True, cell=cell_index(cell), hp=1, max_hp=1, fight=0, gold=3)
    for hero in state["heroes"]:
        hero.update(chapter=6, cell=cell_index("B2"))
    state["heroes"][1]["asset_gold"] = 2
    state["heroes"][1]["assets"] = 1
    state = do(state, "assault", ancient=1)
    state = do(state, "trap")
    state = do(state, "hero_fight", dice=d6(6, 1, 1))
    state = do(state, "foe_fight", dice=[])
    state = do(state, "fate", use="no")
    assert state["ancients"][0]["defeated"] and not state["over"]
    state["ancients"][1]["defeated"] = True
    state = do(state, "correct", track="hero1.gold", value=state["heroes"][0]["gold"])
    assert state["over"]["result"] == "win"
    assert state["over"]["text"] == "The Ancients are defeated! VP 4"  # (4 + 1 + 2) / 2 up


def test_competitive_time_up_is_a_pyrrhic_victory_for_the_most_victory_points():
    """"4. Winning the Game": "If no hero achieves this, the hero with the most Victory
    Points wins a Pyrrhic victory!" - Victory Points: "the sum of their gold plus the gold
    value of their cards in play (assets)"."""
    state = start([dict(WARRIOR, sneak=3), WARRIOR], mode="competitive")
    state["heroes"][0].update(gold=5)
    state["heroes"][1].update(gold=2, assets=1, asset_gold=4)
    state["night_deck"]["draw"] = state["night_deck"]["draw"][:1]
    from .helpers import camp_all
    state = camp_all(state)
    state = do(state, "night_card", location="A1", type="weather")
    assert state["over"] == {"result": "win", "text": "Time is up: Hero 2 wins a Pyrrhic victory (6 VP)"}
