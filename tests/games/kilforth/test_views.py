"""What the OLED and screen show: active hero AP/HP, Nights left, the Night's steps."""

from games.kilforth.state import cell_index

from .helpers import GAME, WARRIOR, camp_all, start


def test_daylight_view_shows_hero_ap_hp_and_nights_left():
    view = GAME.view(start())
    assert view.phase == "Daylight"
    assert view.step == "Hero 1: Action or Camp (4 AP)"
    assert dict(view.facts) == {"AP/HP": "4/4", "Nights": "25", "Tonight": "safe"}
    assert [p.title for p in view.panels] == ["Map", "Heroes", "Tonight's Gloom", "Encounters", "Night"]
    assert view.tracks[0].key == "hero1.hp"


def test_night_view_lists_its_steps_in_order():
    view = GAME.view(camp_all(start()))
    assert view.phase == "Night Phase"
    texts = [text for text, _ in view.steps]
    assert texts.index("1. Gloom: heroes in gloom lose HP") < texts.index("3a-c. Dawn")
    assert ("1. Gloom: heroes in gloom lose HP", "done") in view.steps


def test_map_marks_gloom_and_heroes():
    state = start([WARRIOR, WARRIOR], mode="coop")
    state["map"][cell_index("A1")]["gloom"] = True
    lines = GAME.view(state).panels[0].lines
    assert lines[0].startswith("A1#")
    assert "SC.12" in lines[2]


def test_daylight_forecast_of_tonights_gloom_per_hero():
    """The issue's forecast: "during Daylight what tonight's Gloom step will cost each
    hero where they stand" ("11. Night Phase", Step 1: Gloom)."""
    from games.kilforth.state import cell_index

    state = start([dict(WARRIOR, sneak=3), WARRIOR], mode="coop")
    state["map"][cell_index("C2")].update(gloom=True, gloom_hp=2)
    state["map"][cell_index("B2")].update(gloom=True, gloom_hp=1)
    state["heroes"][0]["cell"] = cell_index("C2")
    state["heroes"][1].update(cell=cell_index("B2"), hp=1)
    view = GAME.view(state)
    assert dict(view.facts)["Tonight"] == "-2 HP"
    lines = dict((p.title, p.lines) for p in view.panels)["Tonight's Gloom"]
    assert lines == ("Hero 1 at C2: -2 HP tonight (2 left)", "Hero 2 at B2: -1 HP tonight - DEFEATED")


def test_the_screen_gets_the_map_grid_and_the_gloom_per_day_plot():
    state = start()
    state["map"][cell_index("B2")]["gloom"] = True
    state["gloom_per_day"] = [1, 2]
    view = GAME.view(state)
    assert view.grid[1][1] == "B2#" and view.grid[2][2] == "*SC+1"
    assert view.series == (("Gloom locations", (1, 2)),)
