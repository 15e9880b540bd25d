"""What the displays show: the phase, the next card, stability; panels for the screen."""

from __future__ import annotations

from games.myth import GAME
from tests.games.myth.helpers import Table, clear_board, put
from tests.games.oled import assert_facts_fit


def test_oled_facts_round_and_fate_pool_stability_on_the_dials():
    t = Table(seed=2).setup(fate=["rage", "guile", "nature", "arcane", "faith"])
    view = GAME.view(t.state)
    assert dict(view.facts) == {"Rd": "1", "Fate": "R G N A F"}
    assert view.phase == "Planning"
    assert view.tracks[0].key == "stability"


def test_the_card_being_resolved_is_named():
    t = Table(seed=2).setup()
    t.do("next")
    current = t.state["procedure"]["data"]["current"]
    step = GAME.view(t.state).step
    if current["card"] == "enemy":
        assert step.startswith(t.state["plan"][current["deck"]]["enemy"]["card"].capitalize())
    else:
        assert step == "Hero 1: resolve your card"


def test_the_facts_fit_the_bottom_line_uncut_through_a_round():
    t = Table(heroes=2, seed=2).setup()
    for _ in range(30):
        assert_facts_fit(GAME.view(t.state))
        step = t.step()
        if step is not None and step.kind.value == "prompt":
            t.do(step.command)
        else:
            t.do("next")


def test_the_fate_pool_reads_by_face_with_counts():
    """The fate pool on the OLED: each face once, in the faces' order, a count before a
    repeat, spaced: "2R G N D", never a word-like "RGNRD" (README Controls has the key)."""
    from games.myth.views import fate_line

    assert fate_line(["rage", "guile", "nature", "rage", "darkness"]) == "2R G N D"
    assert fate_line([]) == "-"


def test_the_map_has_a_key():
    """The screen's map labels ("D1" over "1mo+1") are explained in a "Map key" panel."""
    t = Table(heroes=2, seed=2).setup()
    panels = {p.title: p.lines for p in GAME.view(t.state).panels}
    key = " ".join(panels["Map key"])
    for mark in ("# structure", "2m minions", "c captain", "B boss", "o objective", "+1,2 heroes"):
        assert mark in key


def test_screen_panels():
    t = Table(heroes=2, seed=2).setup()
    titles = [p.title for p in GAME.view(t.state).panels]
    for title in ("Action decks", "Farrenroc", "Conquest", "Fate pool", "Forecast", "Heroes"):
        assert title in titles
    assert "Board" not in titles  # the shipped board has positions: drawn as a map


def test_map_grid_of_the_shipped_board_with_what_is_in_each_area():
    """The board on the screen's grid: enemies, structures, objectives, heroes;
    the party's area marked with "*"."""
    t = Table(heroes=2, seed=2).setup()
    s = t.state
    clear_board(s)
    put(s, "village-3", 2)
    s["areas"]["village-3"]["structure"] = True
    s["areas"]["dungeon-2"]["captains"] = [0]
    s["supply"]["captains"] -= 1
    s["boss"]["area"] = "lair-1"
    s["areas"]["ruins-2"]["objective"] = "hope"
    s["heroes"][1]["area"] = "ruins-2"
    grid = GAME.view(s).grid
    assert len(grid) == 7 and all(len(row) == 7 for row in grid)
    assert grid[1][2:5] == ("V3#\n2m", "R2\no+2", "D2\nc")  # the area, then what is there
    assert grid[3][3] == "*F\n+1"
    assert grid[6][4] == "L1\nB"
    assert grid[2][2] == "S1"  # nothing there: the area alone
    assert grid[0][0] == ""


def test_the_map_grid_is_drawn_as_hexes_in_offset_rows():
    """"Glossary", Area: a single hex. The shipped board's odd rows sit half a hex
    to the left (tests/games/myth/test_pack.py), which the screen draws."""
    assert GAME.view(Table(seed=2).setup().state).grid_offset_rows


def test_without_positions_the_board_is_a_list_panel():
    t = Table(seed=2).setup()
    for area in t.state["board"]["areas"].values():
        area["pos"] = None
    view = GAME.view(t.state)
    assert view.grid == () and any(p.title == "Board" for p in view.panels)


def test_forecast_names_the_track_closest_to_an_ability():
    t = Table(seed=2).setup(abilities={"devastation": [3]})
    forecast = next(p for p in GAME.view(t.state).panels if p.title == "Forecast")
    assert any("Devastation, 2 space" in line for line in forecast.lines)


def test_plot_series_stability_and_tracks_per_round():
    """The per-round history recorded at each Reset Step ("Prepare Phase"),
    then the round in play: a line plot on the screen."""
    t = Table(seed=2).setup()
    assert [name for name, _ in GAME.view(t.state).series] == [
        "Stability", "Despair", "Devastation", "Corruption"]
    t.state["history"] = [{"round": 1, "stability": 9, "despair": 2, "devastation": 1,
                           "corruption": 3}]
    t.state["round"] = 2
    t.state["stability"] = 8
    series = dict(GAME.view(t.state).series)
    assert series["Stability"] == (9, 8) and series["Corruption"] == (3, 1)


def test_no_plot_before_the_first_round():
    t = Table(seed=2)
    assert GAME.view(t.state).series == ()


def test_prompt_texts_for_fate_dice_and_discards():
    t = Table(seed=2).setup(fate=["rage", "guile", "darkness", "darkness", "darkness"])
    t.do("muster", count=3)
    assert GAME.view(t.state).step == "Muster 3: roll 2 fate dice (not Darkness)"
    one = Table(seed=2).setup(fate=["rage", "darkness", "darkness", "darkness", "darkness"])
    one.do("muster", count=1)
    assert GAME.view(one.state).step == "Muster 1: roll 1 fate die (not Darkness)"


def test_battle_prompt_reminds_the_captains_sheet_ability():
    """"Enemy Sheet": each rank has a special ability the box cannot know."""
    t = Table(seed=2).setup()
    t.state["areas"]["farrenroc"]["captains"] = [0]
    t.state["supply"]["captains"] -= 1
    t.do("battle", rank="captain")
    assert "+ sheet ability" in GAME.view(t.state).step


def test_a_setup_prompt_asked_several_times_says_which_of_them_it_is():
    """Issue "Playable from the OLED alone": the three conquest tracks' forms looked
    alike; each prompt asked n times says "(k/n)"."""
    t = Table(heroes=2, seed=2)
    steps = []
    for command in ("hero", "hero", "enemy_sheet", *["track_abilities"] * 3, "objective"):
        steps.append(GAME.view(t.state).step)
        t.do(command, **({"location": "village"} if command == "objective" else {}))
    steps.append(GAME.view(t.state).step)
    assert steps[:2] == ["Hero (1/2): skills, vitality", "Hero (2/2): skills, vitality"]
    assert steps[3:6] == ["Despair (1/3): ability spaces", "Devastation (2/3): ability spaces",
                          "Corruption (3/3): ability spaces"]
    assert steps[6:] == ["Hope objective (1/3): location", "Supply objective (2/3): location"]
