"""What the OLED and screen show: active hero AP/HP, Nights left, the Night's steps."""

from games.kilforth.state import cell_index
from tests.games.oled import assert_facts_fit

from .helpers import GAME, WARRIOR, camp_all, start


def _fits_the_oled(view) -> None:
    """The top line holds 21 characters; the bottom line's facts fit uncut."""
    assert len(view.step) <= 21, view.step
    assert_facts_fit(view)


def test_daylight_view_shows_hero_ap_hp_and_nights_left():
    view = GAME.view(start())
    assert view.phase == "Daylight" and view.phase_title == ""  # no procedure title in Daylight
    assert view.step == "Action or Camp: 4 AP"
    assert dict(view.facts) == {"Nights": "25", "Gloom": "0"}
    assert view.tracks[0].label == "HP"  # the focused value, big
    _fits_the_oled(view)
    view = GAME.view(start([WARRIOR, WARRIOR]))
    assert view.step == "H1: Action/Camp, 4 AP"
    _fits_the_oled(view)
    assert [p.title for p in view.panels] == ["Map key", "Heroes", "Tonight's Gloom", "Encounters", "Night"]
    assert view.tracks[0].key == "hero1.hp"


def test_night_view_lists_its_steps_in_order():
    view = GAME.view(camp_all(start()))
    assert view.phase == "Night"
    texts = [text for text, _ in view.steps]
    assert texts.index("1. Gloom: heroes in gloom lose HP") < texts.index("3a-c. Dawn")
    assert ("1. Gloom: heroes in gloom lose HP", "done") in view.steps


def test_map_marks_gloom_and_heroes():
    """The screen's map grid: gloom "#", the heroes there "+12", the active hero "*"."""
    state = start([WARRIOR, WARRIOR], mode="coop")
    state["map"][cell_index("A1")]["gloom"] = True
    grid = GAME.view(state).grid
    assert grid[0][0] == "A1#"
    assert grid[2][2] == "*SC+12"


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
    assert dict(view.facts)["Gloom"] == "-2"
    state["active_hero"] = 1
    assert dict(GAME.view(state).facts)["Gloom"] == "KO"
    lines = dict((p.title, p.lines) for p in view.panels)["Tonight's Gloom"]
    assert lines == ("Hero 1 at C2: -2 HP tonight (2 left)", "Hero 2 at B2: -1 HP tonight - DEFEATED")


def test_the_screen_gets_the_map_grid_and_the_gloom_per_day_plot():
    state = start()
    state["map"][cell_index("B2")]["gloom"] = True
    state["gloom_per_day"] = [1, 2]
    view = GAME.view(state)
    assert view.grid[1][1] == "B2#" and view.grid[2][2] == "*SC+1"
    assert view.series == (("Gloom locations", (1, 2)),)


def test_every_step_of_a_day_and_a_battle_fits_the_oled():
    """Short labels: a Test, a battle round, the Night card, a loss; all fit."""
    from .helpers import d6, do, place

    state = start([dict(WARRIOR, sneak=5)])
    state["heroes"][0]["cell"] = cell_index("C2")
    town = place(state, cell_index("C2"), "place", sneak=3)
    state = do(state, "confront", encounter=town, attribute="sneak")
    _fits_the_oled(GAME.view(state))
    state = do(state, "roll", dice=d6(5, 1, 1, 1, 1))
    view = GAME.view(state)
    assert dict(view.facts) == {"Dice": "5", "Succ": "1/3"}
    _fits_the_oled(view)
    state = do(state, "fate", use="no")
    state = do(state, "move", to="C1")
    state = do(state, "encounter", type="enemy", fight=4, hp=3, sneak=1)
    for _ in range(3):
        view = GAME.view(state)
        _fits_the_oled(view)
        state = do(state, GAME.procedure("battle").steps[state["procedure"]["step"]].command)
    state = camp_all(start())
    _fits_the_oled(GAME.view(state))
