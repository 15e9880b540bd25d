"""What the displays show of a Kreel Manor state."""

from games.core.errors import fits_oled
from tests.games.kreel.helpers import GAME, do, new, next_until, play_round, play_threat_phase, with_threats


def test_headline_phase_step_and_facts():
    state = new(heroes=1, spirit=8, max_spirit=10)
    for _ in range(2):
        state = play_round(state)
    state = with_threats(state, {"spirit_cost": 2, "statuses": ["bold"]}, {"spirit_cost": 1})
    state = play_threat_phase(state)
    view = GAME.view(state)
    assert view.headline == "Kreel Manor \u00b7 A1 Round 3"
    assert view.phase == "Draw" and view.phase_title == "3. Draw Phase"  # OLED tag, screen title
    assert view.step == "Draw 1 Skill; swap Pack Assets"
    assert view.tracks[0].key == "hero1.spirit" and view.tracks[0].value == 8
    assert view.tracks[0].high == 10
    assert dict(view.facts) == {"Shadows": "3/3", "Cost": "5"}
    titles = [p.title for p in view.panels]
    assert titles == ["Action Power Track \u00b7 Hero 1", "Forecast", "Shadows", "Threat Area",
                      "Locations", "Heroes", "Campaign"]
    area = view.panels[3].lines
    assert area[0] == "Threat 3  no values  Cost 2 Boost 0  (Bold)"
    assert view.series == (("Spirit", (8, 8)),)
    assert view.steps == (("Draw 1 Skill", "done"), ("Draw 1 Skill; swap Pack Assets", "current"))


def test_between_rounds_the_view_says_press_next():
    view = GAME.view(new())
    assert view.step == "Press next: round 1"
    assert view.headline == "Kreel Manor \u00b7 A1 Round 0"


def test_with_several_heroes_the_play_step_names_whose_turn_it_is_within_the_oled_line():
    state = next_until(new(heroes=2), "play.turn")
    assert GAME.view(state).step == "Hero 1: Tilt 1, Use 1"
    state = next_until(play_round(new(heroes=2)), "play.turn")  # round 2 is Hero 2's
    assert state["active_hero"] == 1 and GAME.view(state).step == "Hero 2: Tilt 1, Use 1"
    assert len(GAME.view(state).step) <= 21  # the OLED's line at the small font
    assert GAME.view(next_until(new(), "play.turn")).step == "Play: Tilt 1, Use 1"  # solo: no one to name


def test_active_hero_spirit_is_the_first_track():
    state = play_round(new(heroes=2))
    state = do(state, "next")
    view = GAME.view(state)
    assert "Hero 2" in view.headline
    assert view.tracks[0].key == "hero2.spirit"


def test_step_texts_are_short():
    for procedure in GAME.procedures:
        for step in procedure.steps:
            assert len(step.text) <= 48, step.text


def test_command_help_fits_one_line():
    for spec in GAME.commands:
        assert len(spec.help) <= 64, spec.help


def test_over_shows_the_result():
    """Masklaw's Abyss: a limit of 1 Wound, so the first lost Adventure ends the Campaign."""
    state = do(new(variant="masklaws-abyss"), "adjust", track="hero1.spirit", delta=-10)
    assert GAME.view(state).over == "1 Wound: the Campaign is lost"
    assert fits_oled(GAME.view(state).over)


def test_the_cost_forecast_holds_through_the_end_phase():
    """"6. End Phase" C resets the Exhausted Threats upright, so the next Spirit phase's
    cost is shown from the End phase's start: "Cost 0" no longer flips to 2 between End
    B and End C."""
    from tests.games.kreel.test_oled_frames import STATES

    state = STATES["end"]
    assert all(t["exhausted"] for t in state["threat_area"])  # Exhausted this round
    costs = []
    while state["procedure"] and state["procedure"]["name"] == "end":
        costs.append(dict(GAME.view(state).facts)["Cost"])
        state = do(state, "next")
    after = dict(GAME.view(state).facts)["Cost"]  # the next round's, Threats upright
    assert set(costs) == {after} and after != "0", (costs, after)
