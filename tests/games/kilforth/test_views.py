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
    assert dict(view.facts) == {"Nights": "25", "Tonight": "0"}  # tonight's Gloom HP, not a count
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
    """The screen's map grid: gloom "#", the heroes there "+1,2" (never "+12", read as
    twelve), the active hero "*"."""
    state = start([WARRIOR, WARRIOR], mode="coop")
    state["map"][cell_index("A1")]["gloom"] = True
    grid = GAME.view(state).grid
    assert grid[0][0] == "A1#"
    assert grid[2][2] == "*SC+1,2"


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
    assert dict(view.facts)["Tonight"] == "-2"
    state["active_hero"] = 1
    assert dict(GAME.view(state).facts)["Tonight"] == "KO"
    lines = dict((p.title, p.lines) for p in view.panels)["Tonight's Gloom"]
    assert lines == ("Hero 1 at C2: -2 HP tonight (2 left)", "Hero 2 at B2: -1 HP tonight - DEFEATED")


def test_the_screen_gets_the_map_grid_and_the_gloom_per_day_plot():
    state = start()
    state["map"][cell_index("B2")]["gloom"] = True
    state["gloom_per_day"] = [1, 2]
    view = GAME.view(state)
    assert view.grid[1][1] == "B2#" and view.grid[2][2] == "*SC+1"
    assert view.series == (("Locations in gloom", (1, 2)),)


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


def test_the_odds_line_keeps_one_form_every_round():
    """A battle's odds read "kill N% FM%" in every round, short or long ("kill 0% Fate
    33%" then "kill 33% F100%" changed form between rounds)."""
    from games.kilforth.views import _with_fate

    assert _with_fate("2d: kill 0%", "0%", "33%") == "2d: kill 0% F33%"
    assert _with_fate("5d: kill 33%", "33%", "100%") == "5d: kill 33% F100%"
    assert _with_fate("Evade 1d: 33%", "33%", None) == "Evade 1d: 33%"


def test_setup_pack_step_says_whether_a_pack_is_loaded():
    """The optional content pack (select > "Load pack: ..."): the step says none is
    loaded rather than "select: load a pack" when there is no pack at all."""
    from games.core import new_game

    from .helpers import step_id

    state = new_game(GAME, {"heroes": 2, "mode": "coop"}, 7).state
    assert step_id(state) == "pack"
    assert GAME.view(state).step == "Pack (optional): none"
    state["pack"] = {"name": "Winter"}
    assert GAME.view(state).step == "Pack: Winter"


def test_the_night_card_step_names_no_virtual_card_number():
    """With a physical Night deck "Enter Night card 19" meant nothing: the step asks for
    the card drawn ("11. Night Phase", Step 2b-c)."""
    from .helpers import do

    state = camp_all(start())
    from .helpers import step_id

    while step_id(state) != "card":
        state = do(state, "next")
    view = GAME.view(state)
    assert view.step == "Enter the Night card"
