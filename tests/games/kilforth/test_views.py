"""What the OLED and screen show: active hero AP/HP, Nights left, the Night's steps."""

from games.kilforth.state import cell_index

from .helpers import GAME, WARRIOR, camp_all, start


def test_daylight_view_shows_hero_ap_hp_and_nights_left():
    view = GAME.view(start())
    assert view.phase == "Daylight"
    assert view.step == "Hero 1: Action or Camp (4 AP)"
    assert dict(view.facts) == {"AP/HP": "4/4", "Nights": "25", "Gloom": "0"}
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
