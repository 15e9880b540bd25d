"""The displays and the forecast of the next Start of the Day ("Forecast")."""

from games.core.errors import fits_oled
from games.grail import start_of_day
from games.grail.encounters import hand_size
from tests.games.grail.helpers import GAME, do, edit, new, next_until, standing, to_next_day
from tests.games.oled import assert_facts_fit


def _dark_101_menhir_on_104(state):
    state = edit(state, lambda s: s["menhirs"][0].update(dial=None))
    return do(standing(state, 104, 1), "activate", location=104, days=3)


def test_forecast_menhirs_going_dark_locations_vanishing_characters_caught():
    state = _dark_101_menhir_on_104(edit(new(2), lambda s: s["characters"][1].update(location=103)))
    fc = start_of_day.forecast(state)
    assert fc["dark"] == [101]
    assert fc["vanish"] == [103]
    assert fc["caught"] == [1]
    assert not fc["last_menhir"]
    view = GAME.view(state)
    assert ("Dawn", "1 caught") in view.facts  # the worst of it; the rest on the screen
    forecast = next(p for p in view.panels if p.title == "Next Start of the Day")
    assert "Locations vanish: 103" in forecast.lines
    assert any("103!" in line for line in next(p for p in view.panels if p.title == "Map").lines)
    # ... and it is what the Start of the Day then does.
    after = next_until(state, "start-of-day.event")
    assert after["removed_locations"] == [103]


def test_forecast_last_menhir():
    state = edit(new(), lambda s: s["menhirs"][0].update(dial=None))
    fc = start_of_day.forecast(state)
    assert fc["last_menhir"] and fc["caught"] == [0]
    assert ("Dawn", "No Menhir") in GAME.view(state).facts


def test_forecast_tonight_exhausted_and_panic():
    state = edit(new(), lambda s: s["characters"][0].update(energy=0, health=2, terror=4))
    night = start_of_day.forecast(state)["night"][0]
    assert night == {"character": 0, "eats": False, "energy": 2, "exhausted": False, "panic": True}
    state = edit(new(), lambda s: s["characters"][0].update(energy=1, health=1))
    assert start_of_day.forecast(state)["night"][0]["exhausted"]


def test_oled_facts_and_step_texts():
    state = new()
    view = GAME.view(state)
    assert view.headline == "Tainted Grail \u00b7 Day 1"
    assert view.facts == (("Day", "1"), ("Dawn", "all safe"))
    assert [t.key for t in view.tracks][:4] == ["c1.energy", "c1.health", "c1.terror", "menhir101.days"]
    state = next_until(state, "end-of-day.rest")
    assert GAME.view(state).step == "Character 1 rests: pay 1 Food? (has 0)"


def test_panic_shown_on_both_displays():
    state = do(new(), "correct", track="c1.terror", value=7)
    chars = next(p for p in GAME.view(state).panels if p.title == "Characters")
    assert chars.lines[0].startswith("Round 1: still to act")
    assert "Panic" in chars.lines[1]


def test_rule_error_texts_fit_the_oled():
    # RuleError itself refuses a short text that does not fit; reaching here means all fit.
    assert fits_oled("Out of Menhir range")


def test_starting_hand_3_for_1_to_3_characters_2_for_4():
    assert [hand_size(n) for n in (1, 2, 3, 4)] == [3, 3, 3, 2]


def test_the_screen_map_grid_marks_menhirs_vanishing_locations_and_the_party():
    """Screen: "the map with Menhir ranges and the Locations that will vanish tomorrow"."""
    state = _dark_101_menhir_on_104(edit(new(2), lambda s: s["characters"][1].update(location=103)))
    state = edit(state, lambda s: s["guardians"].append({"id": 1, "name": "Guardian 1", "location": 102}))
    assert GAME.view(state).grid == (("", "102G", ""), ("*103!", "101M", "*104M"), ("", "105", ""))


def test_energy_health_terror_history_is_plotted_day_by_day():
    state = to_next_day(do(new(), "explore", character=1))
    state = do(state, "adjust", track="c1.health", delta=-1)
    plot = dict(GAME.view(state).series)
    assert plot == {"Energy": (5, 5), "Health": (6, 5), "Terror": (0, 0)}
    party = dict(GAME.view(new(2)).series)
    assert list(party) == ["C1 Health", "C1 Terror", "C2 Health", "C2 Terror"]


def test_the_oled_facts_fit_uncut():
    """Day and the next Start of the Day's warning, or the running Encounter's pool
    or Affinity ("Combat", "Diplomacy"), each fits the bottom line without a cut label."""
    caught = _dark_101_menhir_on_104(edit(new(2), lambda s: s["characters"][1].update(location=103)))
    states = [new(), new(2), caught, edit(new(), lambda s: s["menhirs"][0].update(dial=None)),
              do(new(), "combat", character=1, value=12),
              do(new(), "diplomacy", character=1, top=12, start=2, stages=3),
              edit(new(), lambda s: s.update(day=14))]
    for state in states:
        assert_facts_fit(GAME.view(state))
