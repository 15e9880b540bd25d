"""Edges of '11. Night Phase' and of '12. Additional Rules' / '13. Rules Reference Guide' read
from the rulebook alone."""

from games.kilforth.state import cell_index

from .helpers import WARRIOR, camp_all, d6, do, place, refused, start, step_id


def test_a_location_already_in_gloom_stays_in_gloom():
    """"2b. Gloom Spreads: Flip the location named on the Night card to its gloom side" - a
    location already on its gloom side stays there (never flipped back)."""
    state = start()
    state["map"][cell_index("B2")]["gloom"] = True
    state = camp_all(state)
    state = do(state, "night_card", location="B2", type="weather")
    assert state["map"][cell_index("B2")]["gloom"]


def test_an_event_night_leaves_the_weather_in_play():
    """"Weather: Any Weather card currently in play is discarded. Place the new Weather card in
    play ... its effect will apply until a new Weather card is drawn" - an Event the next Night
    does not remove it."""
    state = camp_all(start())
    state = do(state, "night_card", location="B2", type="weather")
    weather = state["weather"]
    state = do(state, "next")
    state = camp_all(state)
    state = do(state, "night_card", location="D4", type="event")
    assert state["weather"] == weather


def test_a_night_encounter_joins_an_encounter_already_there():
    """"Enemy, Place, Quest, Stranger: Place this encounter in play on the location named on
    the card" - a Place already there stays; both are on the location."""
    state = start()
    place(state, cell_index("B2"), "place", sneak=2)
    state = camp_all(state)
    state = do(state, "night_card", location="B2", type="stranger", influence=2)
    assert sorted(e["type"] for e in state["encounters"] if e["cell"] == cell_index("B2")) == [
        "place", "stranger"]


def test_every_defeated_hero_regains_two_hp_at_dawn():
    """"Dawn: c. Defeated Heroes: Each defeated hero regains 2 HP and is no longer considered
    defeated" - both heroes defeated: both 2 HP, then 2 AP at Breaking Camp."""
    state = start([dict(WARRIOR, sneak=3), WARRIOR], mode="coop")
    for n in (1, 2):
        state["heroes"][n - 1]["rumours"] = 0
        state = do(state, "adjust", track=f"hero{n}.hp", delta=-4)
    state = do(state, "night_card", location="E5", type="weather")
    state = do(state, "next")
    assert [(h["hp"], h["ap"], h["defeated"]) for h in state["heroes"]] == [(2, 2, False)] * 2


def test_at_night_there_is_no_active_hero_the_first_hero_is_tested_and_no_deed_is_done():
    """"Active Hero: The hero currently performing their turn. Outside of a turn, there's no
    active hero"; "Event: ... If a Night card Event effect offers a choice, the First Hero
    chooses"; "A hero may perform a Deed at any time during their turn". Hero 2 Camps first
    (the marker), Hero 1 last: the Night Event's Test is Hero 2's by default, and a Loot
    token cannot be Resolved at Night."""
    state = start([dict(WARRIOR, sneak=3), WARRIOR], mode="coop")
    state["heroes"][0]["loot"] = 1
    state = do(state, "hide")
    state = do(state, "camp")
    state = do(state, "camp")
    assert state["first_hero"] == 1
    state = do(state, "night_card", location="E5", type="event")
    refused(state, "resolve", source="Loot token", ap=1)
    state = do(state, "test", attribute="sneak", needed=1)
    assert state["procedure"]["data"]["hero"] == 1


def test_an_encounter_whose_value_drops_is_defeated_only_by_its_next_test():
    """"Encounter Attribute Tests: If an encounter's attributes are modified in such a way that
    a hero now has enough successes to defeat it, the hero must still trigger the appropriate
    process to defeat it, e.g. perform a Confront Action's attribute Test." 2 successes
    against Sneak 3; a card lowers it to 2: the Place stays until the next Confront, whose
    Test (even with no success) defeats it."""
    state = start([dict(WARRIOR, sneak=3)])
    state["heroes"][0].update(cell=cell_index("C2"), fate_used=True)
    town = place(state, cell_index("C2"), "place", sneak=3)
    state = do(state, "confront", encounter=town, attribute="sneak")
    state = do(state, "roll", dice=d6(6, 6, 1))
    state["encounters"][0]["sneak"] = 2  # a card effect
    state = do(state, "hide")
    assert len(state["encounters"]) == 1
    state = do(state, "confront", encounter=town, attribute="sneak")
    state = do(state, "roll", dice=d6(1, 1, 1))
    assert step_id(state) == "reward"


def test_a_stranger_can_be_an_enemy_to_two_heroes():
    """"Enemy Stranger: An encounter card of type 'Stranger' is an Enemy to each hero that has
    an Enemy token on it" - Hero 2 also fails a first Test against Hero 1's Enemy Stranger:
    both tokens on it."""
    state = start([dict(WARRIOR, sneak=3), WARRIOR], mode="coop")
    for hero in state["heroes"]:
        hero.update(cell=cell_index("C2"), fate=0, rumours=0)
    thug = place(state, cell_index("C2"), "stranger", influence=2, fight=0, hp=5, sneak=1)
    state["encounters"][0]["enemy_of"] = [0]
    state["heroes"][0]["enemy_tokens"] = 3
    state["active_hero"] = 1
    state = do(state, "confront", encounter=thug, attribute="influence")
    state = do(state, "roll", dice=d6(1, 1))
    assert sorted(state["encounters"][0]["enemy_of"]) == [0, 1]
    assert [h["enemy_tokens"] for h in state["heroes"]] == [3, 3]


def test_a_hidden_hero_still_loses_hp_to_gloom():
    """Hidden avoids "the negative effects of certain Night cards" ("Action: Hide", Note); Gloom
    is the location's ("Step 1: Gloom - Each hero at a gloom location loses HP"), not a Night
    card: a Hidden hero on a gloom location (1 HP) loses it too."""
    state = start()
    state["heroes"][0].update(cell=cell_index("B2"), hidden=True)
    state["map"][cell_index("B2")].update(gloom=True, gloom_hp=1)
    state = camp_all(state)
    assert state["heroes"][0]["hp"] == 3


def test_coop_score_counts_an_eliminated_hero_as_zero_but_divides_by_all_who_started():
    """"the heroes' collective Victory Point score is the sum of each hero's Victory Point
    score, divided by the number of heroes who started the game, rounded up"; an eliminated
    hero's "cards and tokens are returned" (no gold, no assets). Hero 2 eliminated, Hero 1 with
    3 gold: 3 / 2 = 1.5, rounded up 2."""
    state = start([dict(WARRIOR, sneak=3), WARRIOR], mode="coop")
    state["heroes"][0]["gold"] = 3
    state["heroes"][1].update(eliminated=True, camped=True, gold=0, hp=0, ap=0, rumours=0, fate=0)
    state["night_deck"]["draw"] = state["night_deck"]["draw"][:1]
    state = camp_all(state)
    state = do(state, "night_card", location="A1", type="weather")
    assert state["over"]["result"] == "loss" and "VP 2" in state["over"]["text"]


def test_a_hero_defeated_by_gloom_is_not_tested_by_that_nights_event():
    """"If the hero has no HP ... as a result of losing their last HP by some other means (e.g.
    Gloom or Weather), they are defeated"; a defeated hero "Cannot be affected by abilities or
    effects (e.g. Night cards)" until Dawn. Hero 2 falls to Gloom at Step 1; the Night's Event
    (Step 2) cannot Test Hero 2; Hero 1 can be."""
    state = start([dict(WARRIOR, sneak=3), WARRIOR], mode="coop")
    state["heroes"][1].update(cell=cell_index("B2"), hp=1, rumours=0)
    state["map"][cell_index("B2")].update(gloom=True, gloom_hp=1)
    state = camp_all(state)
    if step_id(state) == "loss":
        state = do(state, "lose_card", card="rumour")
    assert state["heroes"][1]["defeated"]
    state = do(state, "night_card", location="E5", type="event")
    refused(state, "test", attribute="sneak", needed=1, hero="H2")
    assert do(state, "test", attribute="sneak", needed=1, hero="H1")["procedure"]["data"]["hero"] == 0


def test_a_hero_defeated_by_day_is_not_hurt_again_by_a_gloomy_sprawl_city():
    """A defeated hero "Returns their hero figure to Sprawl City" and "Cannot be affected by
    abilities or effects" until "Night Phase, Dawn: Each defeated hero regains 2 HP". Sprawl
    City is in gloom: Step 1 takes nothing more from them (no second defeat, no second card
    lost: 2 rumours become 1, not 0); at Dawn they have 2 HP."""
    state = start([dict(WARRIOR, sneak=3), WARRIOR], mode="coop")
    state["map"][cell_index("C3")].update(gloom=True, gloom_hp=1)
    state["heroes"][1]["rumours"] = 2
    state = do(state, "adjust", track="hero2.hp", delta=-4)
    state = do(state, "lose_card", card="rumour")
    assert state["heroes"][1]["rumours"] == 1
    state["heroes"][0]["cell"] = cell_index("E5")
    state = camp_all(state)
    assert step_id(state) == "card" and state["heroes"][1]["rumours"] == 1
    state = do(state, "night_card", location="A1", type="weather")
    state = do(state, "next")
    assert (state["heroes"][1]["hp"], state["heroes"][1]["defeated"]) == (2, False)


def test_a_daylight_event_cannot_test_a_defeated_hero():
    """A defeated hero "Cannot be affected by abilities or effects": an Event drawn on Hero 1's
    Move cannot Test Hero 2, defeated earlier that Day (Hero 1 can be Tested)."""
    state = start([dict(WARRIOR, sneak=3), WARRIOR], mode="coop")
    state["heroes"][1]["rumours"] = 0
    state = do(state, "adjust", track="hero2.hp", delta=-4)
    if step_id(state) == "loss":
        state = do(state, "lose_card", card="rumour")
    state = do(state, "move", to="C2")
    state = do(state, "encounter", type="event")
    assert step_id(state) == "event"
    refused(state, "test", attribute="fight", needed=1, hero="H2")


def test_a_location_falling_into_gloom_tonight_costs_nothing_until_the_next_night():
    """"11. Night Phase": "Step 1: Gloom" comes before "Step 2: Darkness ... b. Gloom Spreads" -
    the hero on B2 when tonight's card turns it to gloom loses nothing tonight (4 HP at Dawn),
    and 1 HP the next Night if still there."""
    state = start()
    state["heroes"][0]["cell"] = cell_index("B2")
    state = camp_all(state)
    state = do(state, "night_card", location="B2", type="weather")
    state = do(state, "next")
    assert state["heroes"][0]["hp"] == 4 and state["map"][cell_index("B2")]["gloom"]
    state = camp_all(state)
    assert state["heroes"][0]["hp"] == 4 - state["map"][cell_index("B2")]["gloom_hp"]
