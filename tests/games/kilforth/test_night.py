"""'11. Night Phase': Gloom, Darkness, Plot, Dawn, then Breaking Camp, in order."""

from games.core import Command, apply
from games.kilforth.state import CITY, cell_index

from .helpers import GAME, WARRIOR, begin, camp_all, d6, do, refused, start, step_id


def _hero_at(state: dict, label: str, **changes) -> dict:
    hero = state["heroes"][0]
    hero["cell"] = cell_index(label)
    hero.update(changes)
    return state


def test_steps_are_in_the_rulebooks_order():
    ids = [s.id for s in GAME.procedure("night").steps]
    order = ["gloom", "draw", "card", "plot_check", "time", "dawn", "camp"]
    assert [i for i in ids if i in order] == order


def test_camping_starts_the_night_and_stops_at_the_night_card():
    state = camp_all(start())
    assert state["procedure"]["name"] == "night"
    assert step_id(state) == "card"
    assert len(state["night_deck"]["draw"]) == 24
    assert GAME.view(state).step == "Enter the Night card"


def test_gloom_costs_hp_where_the_hero_camps():
    state = start()
    state["map"][cell_index("C2")].update(gloom=True, gloom_hp=2)
    state = _hero_at(state, "C2")
    assert "-2 HP tonight" in " ".join(GAME.view(state).panels[2].lines)  # the Daylight forecast
    state = camp_all(state)
    assert state["heroes"][0]["hp"] == 2


def test_night_card_location_falls_into_gloom_and_places_its_encounter():
    state = camp_all(start())
    state = do(state, "night_card", location="B2", type="enemy", fight=2, hp=2, sneak=1, gold=1)
    assert state["map"][cell_index("B2")]["gloom"]
    enc = state["encounters"][0]
    assert (enc["type"], enc["cell"], enc["fight"], enc["hp"]) == ("enemy", cell_index("B2"), 2, 2)


def test_weather_replaces_weather():
    state = camp_all(start())
    state = do(state, "night_card", location="B2", type="weather")
    first = state["weather"]["card"]
    state = do(state, "next")  # the unveil reminder
    state = camp_all(state)
    state = do(state, "night_card", location="D4", type="weather")
    assert state["weather"]["card"] != first
    assert first in state["night_deck"]["discard"]


def test_event_is_resolved_by_the_first_hero():
    state = camp_all(start())
    state = do(state, "night_card", location="B2", type="event")
    assert step_id(state) == "event"
    assert GAME.procedure("night").steps[[s.id for s in GAME.procedure("night").steps].index("event")]


def test_sprawl_city_falls_into_gloom_but_no_card_is_placed_there():
    """"Locations ... may be flipped - 'fall into gloom'", and "Step 2b: Gloom Spreads:
    Flip the location named on the Night card to its gloom side"; Sprawl City "is
    considered 'safe' - no Enemy, Ancient, Plot, encounter, or other type of card may be
    placed here at any time". A Night encounter card naming Sprawl City turns it to gloom
    and is discarded unplaced; a hero camping there then loses its gloom HP ("Step 1:
    Gloom"); the ``location`` command sets and clears the same gloom (not its terrain)."""
    state = camp_all(start())
    state = do(state, "night_card", location="C3", type="enemy", fight=2, hp=2)
    city = state["map"][CITY]
    assert city["gloom"] and city["terrain"] == "city" and city["plots"] == []
    assert state["encounters"] == [] and state["procedure"]["data"]["card"] in state["night_deck"]["discard"]
    state = do(state, "next")  # unveil; Day 2 at Sprawl City
    state = camp_all(state)
    assert state["heroes"][0]["hp"] == 3
    state = do(state, "night_card", location="A1", type="weather")
    state = do(state, "next")
    assert not do(state, "location", location="C3", gloom=False)["map"][CITY]["gloom"]
    assert refused(state, "location", location="C3", terrain="forest").short == "Sprawl City is City"


def test_a_difficulty_discard_naming_sprawl_city_turns_it_to_gloom():
    """"Difficulty Variant: ... flip that corresponding location card on the map to its
    gloom side" - Sprawl City too, as the Night cards do."""
    state = begin({"heroes": 1, "mode": "solo", "difficulty": True})
    state = do(state, "hero_values", **WARRIOR)
    for location in ("C3", "A1", "B2"):
        state = do(state, "difficulty_discard", location=location)
    assert [state["map"][cell_index(c)]["gloom"] for c in ("C3", "A1", "B2")] == [True] * 3


def test_plot_when_an_ancients_location_type_falls_into_gloom():
    state = start(plots=True)  # helpers answer badlands for the Ancient
    state = camp_all(state)
    state = do(state, "night_card", location="B2", type="event", terrain="badlands")
    state = do(state, "next")  # resolve the event
    assert step_id(state) == "plot"
    assert state["map"][cell_index("B2")]["plots"] == [0]  # a Plot of Ancient 1


def test_dawn_clears_successes_and_hidden_then_breaking_camp_gives_ap_equal_hp():
    state = start()
    state["heroes"][0].update(hidden=True, hp=3)
    state = camp_all(state)
    state = do(state, "night_card", location="B2", type="place", sneak=2)
    assert step_id(state) == "unveil"
    hero = state["heroes"][0]
    assert not hero["hidden"] and hero["successes"] == []
    state = do(state, "next")
    hero = state["heroes"][0]
    assert state["procedure"] is None and state["day"] == 2
    assert hero["ap"] == hero["hp"] == 3  # "Breaking Camp": AP equal to current HP


def test_night_with_a_defeated_hero():
    # Step 1: Gloom takes the last HP -> Hero Defeated: gold returned, a card lost,
    # back to Sprawl City, immune; Dawn: regains 2 HP.
    state = start()
    state = _hero_at(state, "B2", hp=1, gold=3, rumours=1, assets=1)
    state["map"][cell_index("B2")]["gloom"] = True
    state = camp_all(state)
    hero = state["heroes"][0]
    assert hero["defeated"] and hero["gold"] == 0 and hero["cell"] == CITY
    assert step_id(state) == "loss"
    state = do(state, "lose_card", card="asset")
    assert state["heroes"][0]["assets"] == 0 and step_id(state) == "card"
    state = do(state, "night_card", location="D4", type="event")
    state = do(state, "next")  # event
    state = do(state, "next")  # unveil
    hero = state["heroes"][0]
    assert not hero["defeated"] and hero["hp"] == 2 and hero["ap"] == 2


def test_first_hero_to_camp_takes_the_marker():
    state = start([WARRIOR, dict(WARRIOR, sneak=5)], mode="coop")
    assert state["first_hero"] == 1
    state = do(state, "hide")  # hero 2 acts
    state = do(state, "camp")  # hero 1 camps first
    state = do(state, "camp")  # hero 2
    state = do(state, "night_card", location="D4", type="place", sneak=1)
    state = do(state, "next")
    assert state["first_hero"] == 0 and state["active_hero"] == 0


def _play_nights(state: dict, count: int) -> dict:
    for _ in range(count):
        state = camp_all(state)
        state = do(state, "night_card", location="B2", type="weather")
        if state.get("over"):
            return state
        state = do(state, "next")
    return state


def test_final_day_is_announced_and_the_last_night_card_ends_the_game():
    state = _play_nights(start(), 23)
    assert len(state["night_deck"]["draw"]) == 2
    state = camp_all(state)
    state = do(state, "night_card", location="B2", type="weather")
    from games.core import Command, apply

    applied = apply(GAME, state, Command("next"))
    assert any("FINAL DAY" in e.text and e.kind == "final_day" for e in applied.events)
    state = _play_nights(applied.state, 1)
    assert state["over"]["result"] == "loss"
    assert "Time is up" in state["over"]["text"]


def test_a_night_event_test_is_rolled_once_and_the_night_goes_on():
    """"Event": an attribute Test generated by an Event costs no AP and is rolled once;
    "If a Night card Event effect offers a choice, the First Hero chooses" - at Night
    the First Hero is Tested unless another hero is named. The Night resumes at the
    Event's step; HP the card takes is turned on the dial (AP follows)."""
    state = camp_all(start([WARRIOR, dict(WARRIOR, sneak=3)], mode="coop"))
    state = do(state, "night_card", location="A1", type="event")
    assert step_id(state) == "event"
    from games.kilforth.teams import team_choices

    other = team_choices(state)[1]  # the other hero, at the same location
    assert refused(state, "test", attribute="sneak", needed=2, team=other).short == "No Team for Events"
    state = do(state, "test", attribute="sneak", needed=2)
    assert state["procedure"]["name"] == "test" and state["procedure"]["data"]["hero"] == 1
    state = do(state, "roll", dice=d6(5, 1, 1))
    state = do(state, "fate", use="no")
    assert state["procedure"]["name"] == "night" and step_id(state) == "event"
    state = do(state, "test", attribute="fight", needed=1, hero="H1")
    state = do(state, "roll", dice=d6(6, 1, 1))
    assert state["procedure"]["name"] == "night" and step_id(state) == "event"
    state = do(state, "next")  # the Event is resolved: Plot, Dawn
    assert step_id(state) == "unveil"
    state = do(state, "next")  # Breaking Camp
    assert state["procedure"] is None and state["day"] == 2


def test_an_event_encounter_drawn_on_a_move_can_be_tested():
    state = start()
    state = do(state, "move", to="C2")
    state = do(state, "encounter", type="event")
    assert step_id(state) == "event"
    state = do(state, "test", attribute="influence", needed=1)
    state = do(state, "roll", dice=d6(1, 1))
    state = do(state, "fate", use="no")
    assert state["procedure"]["name"] == "arrive" and step_id(state) == "event"
    state = do(state, "next")
    assert state["procedure"] is None and state["heroes"][0]["ap"] == 3  # the Move only


def test_the_first_hero_to_camp_draws_tonights_night_card_and_chooses():
    """"Action or Camp": "The first hero to make Camp each Day takes the First Hero
    marker. They will take the first turn the next Day - they also choose how to
    resolve certain Night card effects"; "Step 2a: Draw: The First Hero draws a card
    from the Night deck". Hero 2 starts as First Hero, Hero 1 Camps first: tonight's
    Event Test is Hero 1's, and Hero 1 acts first on Day 2."""
    state = start([WARRIOR, dict(WARRIOR, sneak=5)], mode="coop")
    assert state["first_hero"] == 1
    state = do(state, "hide")  # Hero 2
    state = do(state, "camp")  # Hero 1 Camps first: the marker is theirs at once
    assert state["first_hero"] == 0
    state = do(state, "camp")
    applied = apply(GAME, state, Command("night_card", {"location": "D4", "type": "event"}))
    assert "Hero 1 chooses" in applied.description
    state = do(applied.state, "test", attribute="sneak", needed=1)
    assert state["procedure"]["data"]["hero"] == 0
