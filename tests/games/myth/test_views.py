"""What the displays show: the phase, the next card, stability; panels for the screen."""

from __future__ import annotations

from games.myth import GAME
from tests.games.myth.helpers import Table


def test_oled_facts_stability_next_card_fate():
    t = Table(seed=2).setup(fate=["rage", "guile", "nature", "arcane", "faith"])
    view = GAME.view(t.state)
    assert dict(view.facts) == {"Stab": "10", "Card": "-", "Fate": "RGNAF"}
    assert view.phase == "1. Planning Phase"
    assert view.tracks[0].key == "stability"


def test_the_card_being_resolved_is_named():
    t = Table(seed=2).setup()
    t.do("next")
    current = t.state["procedure"]["data"]["current"]
    card = dict(GAME.view(t.state).facts)["Card"]
    if current["card"] == "enemy":
        assert card == t.state["plan"][current["deck"]]["enemy"]["card"].capitalize()[:12]
    else:
        assert card == "Hero 1"


def test_screen_panels():
    t = Table(heroes=2, seed=2).setup()
    titles = [p.title for p in GAME.view(t.state).panels]
    for title in ("Action decks", "Farrenroc", "Conquest", "Fate pool", "Forecast", "Heroes",
                  "Board", "Rounds"):
        assert title in titles


def test_forecast_names_the_track_closest_to_an_ability():
    t = Table(seed=2).setup(abilities={"devastation": [3]})
    forecast = next(p for p in GAME.view(t.state).panels if p.title == "Forecast")
    assert any("Devastation, 2 space" in line for line in forecast.lines)


def test_rounds_panel_one_line_a_round_with_stability_bar_and_tracks():
    """The per-round history recorded at each Reset Step ("Prepare Phase")."""
    t = Table(seed=2).setup()
    t.state["history"] = [{"round": 1, "stability": 9, "despair": 2, "devastation": 1,
                           "corruption": 3}]
    t.state["stability"] = 8
    rounds = next(p for p in GAME.view(t.state).panels if p.title == "Rounds")
    assert rounds.lines[0] == "  R1 #########.  9  des  2  dev  1  cor  3"
    assert rounds.lines[-1].startswith(" now ########..  8")


def test_battle_prompt_reminds_the_captains_sheet_ability():
    """"Enemy Sheet": each rank has a special ability the box cannot know."""
    t = Table(seed=2).setup()
    t.state["areas"]["farrenroc"]["captains"] = [0]
    t.state["supply"]["captains"] -= 1
    t.do("battle", rank="captain")
    assert "+ sheet ability" in GAME.view(t.state).step
