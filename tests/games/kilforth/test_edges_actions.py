"""Edges of '8. Actions' read from the rulebook alone: Rest and Long Rest, Confront (Strangers),
Search, Clear and obstacles ('12. Additional Rules'), and a Deed during an Action ('10. Deeds')."""

from games.kilforth.state import cell_index

from .helpers import WARRIOR, d6, do, place, refused, start, step_id


def _hurt(**options) -> dict:
    """A solo hero at Sprawl City with 4 HP of 6: Rest and Long Rest are both possible."""
    state = start(**options)
    state["heroes"][0]["max_hp"] = 6
    return state


# --- Action: Rest (or Long Rest) ---------------------------------------------------------------

def test_long_rest_is_the_only_action_of_the_day_even_with_ap_gained_after_it():
    """"Action: Rest (or Long Rest)", Long Rest, Restriction: "this has to be the first and
    only Action the hero takes this Day"; "The hero discards all Action Points ... They do
    not regain any Action Points." A Loot token's AP (a Resolve Deed, "Loot": e.g. 'Gain 1
    Move AP') after a Long Rest buys no further Action that Day: Hide is refused."""
    state = _hurt()
    state["heroes"][0]["loot"] = 1
    state = do(state, "long_rest")
    hero = state["heroes"][0]
    assert (hero["hp"], hero["ap"]) == (6, 0)
    state = do(state, "resolve", source="Loot token", ap=1)
    assert state["heroes"][0]["ap"] == 1
    refused(state, "hide")
    refused(state, "move", to="C2")


def test_long_rest_is_refused_after_any_other_action_that_day():
    """Long Rest, Restriction: "this has to be the first and only Action the hero takes this
    Day" - one Action (Hide) before it, with AP and HP to spare, and it is refused."""
    state = do(_hurt(), "hide")
    assert state["heroes"][0]["ap"] == 3
    refused(state, "long_rest")


def test_long_rest_at_one_hp_below_maximum_heals_to_full_and_discards_every_ap():
    """Long Rest: "The hero discards all Action Points and restores their HP to their maximum
    health." With 1 HP missing the whole 4 AP still go."""
    state = start()  # 4 HP of 5
    state = do(state, "long_rest")
    hero = state["heroes"][0]
    assert (hero["hp"], hero["max_hp"], hero["ap"]) == (5, 5, 0)


def test_long_rest_at_full_hp_is_refused():
    """Long Rest, Restriction: "has fewer HP than their maximum health"."""
    state = start()
    state["heroes"][0]["max_hp"] = 4
    refused(state, "long_rest")


def test_long_rest_with_an_encounter_here_is_refused():
    """Long Rest, Restriction: "Hero is at a location with no encounters"."""
    state = _hurt()
    state["heroes"][0]["cell"] = cell_index("C2")
    place(state, cell_index("C2"), "quest", study=2)
    refused(state, "long_rest")


def test_rest_never_above_maximum_and_gives_no_ap():
    """"Action: Rest": "The hero gains 1 HP ... They do not regain an Action Point";
    Restriction: "fewer HP than their maximum health". 4 of 5 rests to 5 (AP 4 -> 3), then
    a second Rest is refused."""
    state = start()
    state = do(state, "rest")
    hero = state["heroes"][0]
    assert (hero["hp"], hero["ap"]) == (5, 3)
    refused(state, "rest")


# --- Stage 2: Evasion Opportunity: the evaded foe "doesn't exist" ------------------------------

def _evaded(**hero) -> dict:
    """A Hidden solo hero (4 HP of 6) moves onto C2, draws an Enemy (Sneak 1) and evades it."""
    state = _hurt()
    state["heroes"][0].update(hero)
    state = do(do(state, "hide"), "move", to="C2")
    state = do(state, "encounter", type="enemy", fight=2, hp=2, sneak=1)
    state = do(state, "stance", choice="evade")
    state = do(state, "evade_roll", dice=d6(6, 1))
    assert state["procedure"] is None and state["heroes"][0]["evaded"]
    return state


def test_rest_beside_an_evaded_foe_as_if_it_did_not_exist():
    """"Stage 2: Evasion Opportunity": "the foe is successfully evaded ... and the hero
    continues the game as if the foe doesn't exist until either the Day ends or the hero
    leaves this location." "Action: Rest", Restriction: "a location with no encounters" -
    the evaded Enemy is the only card here, so the hero may Rest: +1 HP."""
    state = _evaded()
    state = do(state, "rest")
    hero = state["heroes"][0]
    assert (hero["hp"], hero["ap"]) == (5, 1)


def test_search_beside_an_evaded_foe_as_if_it_did_not_exist():
    """"Stage 2: Evasion Opportunity": "as if the foe doesn't exist"; "Action: Search",
    Restriction: "a location with no encounter and no obstacle" - so the hero may Search
    there and draw another encounter."""
    state = _evaded()
    state = do(state, "search")
    assert step_id(state) == "draw"
    assert state["heroes"][0]["ap"] == 1


def test_the_evaded_foe_exists_again_once_the_hero_leaves_and_returns():
    """"... until either the Day ends or the hero leaves this location": back at the
    location the same Day, the Enemy is engaged again ("Action: Move": "If the hero's
    location contains an Enemy, they must immediately engage that Enemy")."""
    state = _evaded()
    state = do(state, "move", to="C3")
    state["heroes"][0]["hidden"] = False
    state = do(state, "move", to="C2")
    assert state["procedure"] is not None and state["procedure"]["name"] == "battle"


# --- Action: Confront, Strangers ---------------------------------------------------------------

def _stranger(influence: int = 3, **hero) -> tuple[dict, int]:
    state = start([dict(WARRIOR, influence=2)])
    state["heroes"][0].update(cell=cell_index("C2"), **hero)
    thug = place(state, cell_index("C2"), "stranger", influence=influence, fight=1, hp=2, sneak=1)
    return state, thug


def test_a_later_confront_test_with_no_successes_makes_no_enemy():
    """"Action: Confront", Strangers: "As long as a hero gains at least one success in their
    first Confront Test with a Stranger ... negotiations proceed smoothly. However, if the
    hero has zero total successes after their first Confront Test with this Stranger, the
    Stranger becomes an Enemy". First Test: 1 success; the second Test rolls none (1 in
    total): no Enemy token, no engagement."""
    state, thug = _stranger()
    state = do(state, "confront", encounter=thug, attribute="influence")
    state = do(state, "roll", dice=d6(5, 1))
    state = do(state, "fate", use="no")
    state = do(state, "confront", encounter=thug, attribute="influence")
    state = do(state, "roll", dice=d6(1, 1))
    if step_id(state) == "fate":
        state = do(state, "fate", use="no")
    assert state["encounters"][0]["enemy_of"] == []
    assert state["heroes"][0]["enemy_tokens"] == 4
    assert state["heroes"][0]["successes"] == [{"encounter": thug, "attribute": "influence", "count": 1}]
    assert state["procedure"] is None


def test_a_later_confront_test_with_no_successes_after_leaving_makes_no_enemy():
    """Strangers: only "their first Confront Test with a Stranger" can make it an Enemy ("zero
    total successes after their first Confront Test with this Stranger"). The first Test
    gains 1 success; the hero leaves ("If a hero leaves a location, by any means, all their
    successes at that location are lost") and comes back; the second Test rolls none - zero
    in total, but it is not the first Test: no Enemy token, no engagement."""
    state, thug = _stranger()
    state = do(state, "confront", encounter=thug, attribute="influence")
    state = do(state, "roll", dice=d6(5, 1))
    state = do(state, "fate", use="no")
    state = do(state, "move", to="C3")
    state = do(state, "move", to="C2")
    assert state["heroes"][0]["successes"] == [] and state["procedure"] is None
    state = do(state, "confront", encounter=thug, attribute="influence")
    state = do(state, "roll", dice=d6(1, 1))
    if step_id(state) == "fate":
        state = do(state, "fate", use="no")
    assert state["encounters"][0]["enemy_of"] == [] and state["heroes"][0]["enemy_tokens"] == 4
    assert state["procedure"] is None


def test_a_confront_test_on_a_later_day_with_no_successes_makes_no_enemy():
    """Strangers: "if the hero has zero total successes after their first Confront Test with
    this Stranger, the Stranger becomes an Enemy". Day 1: 1 success, then Camp (successes
    lost: "A hero loses all of their accumulated successes if they ... make Camp"); Day 2:
    a Test with no success is not the first Test with this Stranger - no Enemy token."""
    state, thug = _stranger()
    state = do(state, "confront", encounter=thug, attribute="influence")
    state = do(state, "roll", dice=d6(5, 1))
    state = do(state, "fate", use="no")
    state = do(state, "camp")
    state = do(state, "night_card", location="A1", type="weather")
    state = do(state, "next")  # Dawn's unveil reminder; Breaking Camp: Day 2
    assert state["day"] == 2 and state["procedure"] is None
    state = do(state, "confront", encounter=thug, attribute="influence")
    state = do(state, "roll", dice=d6(1, 1))
    state = do(state, "fate", use="no")
    assert state["encounters"][0]["enemy_of"] == [] and state["heroes"][0]["enemy_tokens"] == 4
    assert state["procedure"] is None


def test_a_first_confront_test_saved_by_fate_makes_no_enemy():
    """Strangers: "at least one success in their first Confront Test ... whether by rolling
    or calling on Fate": no dice success, Fate called, 1 success - no Enemy token."""
    state, thug = _stranger()
    state = do(state, "confront", encounter=thug, attribute="influence")
    state = do(state, "roll", dice=d6(1, 1))
    state = do(state, "fate", use="Fate token")
    assert state["encounters"][0]["enemy_of"] == []
    assert state["heroes"][0]["enemy_tokens"] == 4 and state["heroes"][0]["fate"] == 3


def test_a_first_confront_test_with_zero_successes_and_fate_declined_makes_an_enemy():
    """Strangers: "if the hero has zero total successes after their first Confront Test with
    this Stranger, the Stranger becomes an Enemy to that hero: they must place one of their
    Enemy tokens on the Stranger" - and "the hero engages them immediately"."""
    state, thug = _stranger()
    state = do(state, "confront", encounter=thug, attribute="influence")
    state = do(state, "roll", dice=d6(1, 1))
    state = do(state, "fate", use="no")
    assert state["encounters"][0]["enemy_of"] == [0] and state["heroes"][0]["enemy_tokens"] == 3
    assert state["procedure"]["name"] == "battle" and state["procedure"]["data"]["surprise"] is None


# --- Obstacles ('12. Additional Rules') ------------------------------------------------------------

def test_obstacles_have_no_limit():
    """'12. Additional Rules', Obstacles: "There's no limit to the number of obstacles at a
    location." Ten obstacles are set on a location; one Clear leaves nine."""
    state = start()
    state = do(state, "location", location="C2", obstacles=10)
    assert state["map"][cell_index("C2")]["obstacles"] == 10
    state = do(state, "location", location="C2", obstacles=12)
    assert state["map"][cell_index("C2")]["obstacles"] == 12


def test_clear_removes_one_obstacle_of_several_and_a_loot_token():
    """"Action: Clear": "Remove 1 obstacle from the hero's location ... The hero then draws 1
    random Loot token" - 3 obstacles leave 2; Search is still refused ("Restriction: Hero is at
    a location with no encounter and no obstacle")."""
    state = start()
    state["heroes"][0]["cell"] = cell_index("C2")
    state["map"][cell_index("C2")]["obstacles"] = 3
    state = do(state, "clear")
    assert state["map"][cell_index("C2")]["obstacles"] == 2 and state["heroes"][0]["loot"] == 1
    refused(state, "search")


def test_clear_at_six_loot_keeps_six():
    """"Action: Clear" ... "Maximum of 6 Loot tokens" (Actions Summary); "Limit of 6: If a
    hero ever has more than 6 ... Loot, they must discard down to 6"."""
    state = start()
    state["heroes"][0].update(cell=cell_index("C2"), loot=6)
    state["map"][cell_index("C2")]["obstacles"] = 1
    state = do(state, "clear")
    assert state["heroes"][0]["loot"] == 6 and state["map"][cell_index("C2")]["obstacles"] == 0


# --- '10. Deeds' during an Action ----------------------------------------------------------------

def test_overcome_the_stranger_a_move_drew_before_play_passes():
    """'10. Deeds': "A hero may perform a Deed at any time during their turn - including
    during an Action"; "Example Solo Hero Turn": the Warrior moves, draws the Farmer and
    "Without having to spend an AP, the hero uses the Overcome Deed". With two heroes, the
    mover (not the next hero) Overcomes the Stranger their Move drew and claims its reward;
    the Move was their one Action (1 AP), then play passes to Hero 2."""
    state = start([dict(WARRIOR, sneak=3), WARRIOR], mode="coop")
    state = do(state, "move", to="C2")
    state = do(state, "encounter", type="stranger", influence=2, gold=1)
    farmer = state["encounters"][0]["id"]
    state = do(state, "overcome", encounter=farmer)
    state = do(state, "reward", loot="gold", rumour="card")
    mover, other = state["heroes"]
    assert (mover["gold"], mover["rumours"], mover["ap"]) == (2, 2, 3)
    assert (other["gold"], other["rumours"], other["ap"]) == (1, 1, 4)
    assert state["encounters"] == []
    while state["procedure"] is not None and step_id(state) not in ("reward",):
        state = do(state, "next")  # whatever closes the Move, if the box asks
    assert state["active_hero"] == 1


# --- Action: Move --------------------------------------------------------------------------------

def test_move_from_a_corner_only_to_its_two_neighbours():
    """"Action: Move": "Move to an orthogonally (non-diagonally) adjacent location ... A hero
    may not move off the map"; "Adjacent: Orthogonally bordering - not diagonal". From A1:
    B1 and A2 only; not B2 (diagonal), not E1 (the far end of the row)."""
    state = start()
    state["heroes"][0]["cell"] = cell_index("A1")
    for far in ("B2", "E1", "A5", "C3"):
        refused(state, "move", to=far)
    for near in ("B1", "A2"):
        moved = do(state, "move", to=near)
        assert moved["heroes"][0]["cell"] == cell_index(near)


def test_move_to_the_row_below_is_not_adjacent_across_the_edge():
    """"Adjacent: Orthogonally bordering": E1 and A2 follow each other in the grid's reading
    order but do not border - refused."""
    state = start()
    state["heroes"][0]["cell"] = cell_index("E1")
    refused(state, "move", to="A2")


def test_move_onto_the_same_location_is_refused():
    """"Action: Move": "Move to another location" - staying put is no Move."""
    state = start()
    refused(state, "move", to="C3")


def test_moving_onto_obstacles_still_draws_an_encounter():
    """"Obstacle tokens ... they don't hinder movement or anything else!" - and "If the hero's
    new location does NOT have an encounter, draw a card" (only Search and Confront are
    stopped)."""
    state = start()
    state["map"][cell_index("C2")]["obstacles"] = 2
    state = do(state, "move", to="C2")
    assert step_id(state) == "draw"


def test_moving_onto_a_place_draws_nothing_and_onto_an_enemy_engages_it():
    """"If the hero's new location does NOT have an encounter, draw a card ... If the hero's
    location contains an Enemy, they must immediately engage that Enemy" - a Place there: no
    draw, no engagement; an Enemy there: engaged, without Surprise (not drawn this turn)."""
    state = start()
    place(state, cell_index("C2"), "place", sneak=2)
    moved = do(state, "move", to="C2")
    assert moved["procedure"] is None and len(moved["encounters"]) == 1
    place(state, cell_index("C4"), "enemy", fight=1, hp=1, sneak=1)
    moved = do(state, "move", to="C4")
    assert moved["procedure"]["name"] == "battle" and moved["procedure"]["data"]["surprise"] is None


def test_an_event_drawn_on_a_move_is_discarded_after_it_is_resolved():
    """"Some encounters cards have the Ability Type 'Event'. These are resolved immediately,
    usually by the active hero, and then discarded" - no card stays on the location, so a
    later Search there is allowed."""
    state = do(start(), "move", to="C2")
    state = do(state, "encounter", type="event")
    assert step_id(state) == "event"
    state = do(state, "next")
    assert state["encounters"] == [] and state["procedure"] is None
    state = do(state, "search")
    assert step_id(state) == "draw"


# --- Hidden ----------------------------------------------------------------------------------------

def test_a_hidden_hero_may_confront_a_place_and_stays_hidden():
    """"Hidden heroes cannot Confront Strangers" - only Strangers: a Place may be Confronted
    while Hidden, and the hero stays Hidden."""
    state = start()
    state["heroes"][0].update(cell=cell_index("C2"), hidden=True)
    town = place(state, cell_index("C2"), "place", sneak=1)
    state = do(state, "confront", encounter=town, attribute="sneak")
    state = do(state, "roll", dice=d6(6, 1))
    assert step_id(state) == "reward" and state["heroes"][0]["hidden"]


# --- Action: Confront and Test ---------------------------------------------------------------------

def test_confront_another_heros_enemy_stranger_as_a_stranger():
    """"Whilst a hero's Enemy token is on a Stranger, it counts as an Enemy instead of a
    Stranger for that hero - but not for other heroes" - Hero 2 may Confront it by Influence."""
    state = start([dict(WARRIOR, sneak=3), WARRIOR], mode="coop")
    for hero in state["heroes"]:
        hero["cell"] = cell_index("C2")
    thug = place(state, cell_index("C2"), "stranger", influence=1, fight=1, hp=1, sneak=1)
    state["encounters"][0]["enemy_of"] = [0]
    state["active_hero"] = 1
    state = do(state, "confront", encounter=thug, attribute="influence")
    state = do(state, "roll", dice=d6(6, 1))
    assert step_id(state) == "reward"


def test_a_test_of_zero_dice_can_still_pass_by_fate():
    """"Determine how many dice to roll, which is the sum of: a. The tester's value in the
    attribute being tested" - Study 0: no dice; "Fate: Once per Day, a testing hero may add 1
    automatic success" - 1 of 1 needed: the Quest is defeated."""
    state = start([dict(WARRIOR, study=0)])
    state["heroes"][0]["cell"] = cell_index("C2")
    quest = place(state, cell_index("C2"), "quest", study=1)
    state = do(state, "confront", encounter=quest, attribute="study")
    state = do(state, "roll", dice=[])
    assert step_id(state) == "fate"
    state = do(state, "fate", use="Fate token")
    assert step_id(state) == "reward"


def test_a_four_is_no_success_unless_the_easier_variant_and_a_three_never():
    """"Gain a success for each die showing '5' or '6'"; "Difficulty Variant: For an easier
    or beginner game gain a success for each die showing, '4', '5' or '6'"."""
    def successes(faces: list[int], **options) -> int:
        state = start(**options)
        state["heroes"][0].update(cell=cell_index("C2"), fate_used=True)
        quest = place(state, cell_index("C2"), "quest", fight=3)
        state = do(state, "confront", encounter=quest, attribute="fight")
        state = do(state, "roll", dice=d6(*faces))
        return 3 if not state["encounters"] else state["heroes"][0]["successes"][0]["count"]
    assert successes([4, 4, 5]) == 1
    assert successes([4, 3, 5], dice="4-6") == 2
    assert successes([4, 4, 4], dice="4-6") == 3


def test_fate_is_offered_again_the_next_day():
    """"Fate: Once per Day" - used on Day 1, offered again on Day 2."""
    state = start()
    state["heroes"][0].update(cell=cell_index("C2"), fate_used=True)
    quest = place(state, cell_index("C2"), "quest", fight=3)
    state = do(state, "confront", encounter=quest, attribute="fight")
    state = do(state, "roll", dice=d6(1, 1, 1))
    assert state["procedure"] is None  # not today
    state = do(state, "camp")
    state = do(state, "night_card", location="E5", type="weather")
    state = do(state, "next")
    state = do(state, "confront", encounter=quest, attribute="fight")
    state = do(state, "roll", dice=d6(1, 1, 1))
    assert step_id(state) == "fate"


def test_a_new_day_frees_the_choice_of_attribute():
    """"they must continue to use the same chosen attribute for all of their Confront Actions
    against this encounter" - until their successes are lost: "Dawn: a. Successes: Each hero
    discards all successes". Day 1 by Sneak, Day 2 by Study."""
    state = start([dict(WARRIOR, sneak=3, study=3)])
    state["heroes"][0]["cell"] = cell_index("C2")
    town = place(state, cell_index("C2"), "place", sneak=3, study=3)
    state = do(state, "confront", encounter=town, attribute="sneak")
    state = do(state, "roll", dice=d6(6, 1, 1))
    state = do(state, "fate", use="no")
    refused(state, "confront", encounter=town, attribute="study")
    state = do(state, "camp")
    state = do(state, "night_card", location="E5", type="weather")
    state = do(state, "next")
    state = do(state, "confront", encounter=town, attribute="study")
    assert step_id(state) == "roll"


def test_two_heroes_successes_are_not_pooled():
    """"Confront Result: Pool hero's successes in the same attribute against the same
    encounter" - each hero's own: Hero 1 has 1, Hero 2 gains 1 against a Sneak 2 Place; Hero
    2's total is 1 - not defeated."""
    state = start([dict(WARRIOR, sneak=3), WARRIOR], mode="coop")
    for hero in state["heroes"]:
        hero.update(cell=cell_index("C2"), fate_used=True)
    town = place(state, cell_index("C2"), "place", sneak=2)
    state["heroes"][0]["successes"] = [{"encounter": town, "attribute": "sneak", "count": 1}]
    state["active_hero"] = 1
    state = do(state, "confront", encounter=town, attribute="sneak")
    state = do(state, "roll", dice=d6(6, 1))
    assert len(state["encounters"]) == 1 and state["procedure"] is None
    assert state["heroes"][1]["successes"] == [{"encounter": town, "attribute": "sneak", "count": 1}]


def test_an_enemy_stranger_stays_an_enemy_after_the_night():
    """"Whilst a hero's Enemy token is on a Stranger, it counts as an Enemy ... for the rest of
    the game" - next Day, at the start of the turn, the hero engages it."""
    state = start()
    state["heroes"][0]["cell"] = cell_index("C2")
    thug = place(state, cell_index("C2"), "stranger", influence=3, fight=0, hp=5, sneak=1)
    state = do(state, "confront", encounter=thug, attribute="enemy")
    state = do(state, "trap")
    state = do(state, "hero_fight", dice=d6(1, 1, 1))
    state = do(state, "foe_fight", dice=[])
    if step_id(state) == "fate":
        state = do(state, "fate", use="no")
    state = do(state, "escape", escape=True, to="C1")
    state = do(state, "night_card", location="E5", type="weather")
    state = do(state, "next")
    assert state["encounters"][0]["enemy_of"] == [0]
    state = do(state, "move", to="C2")
    assert state["procedure"]["name"] == "battle" and state["procedure"]["data"]["foe"] == thug


# --- Market and the Limit of 6 ------------------------------------------------------------------

def test_selling_a_one_gold_card_earns_nothing():
    """Sell: "half that card's gold value, rounded down" - a 1-gold asset: 0 gold; claiming 1
    is refused."""
    state = start()
    state["heroes"][0].update(gold=0, assets=1, asset_gold=1)
    refused(state, "market", sell_assets=1, sold_gold=1, sell=1)
    hero = do(state, "market", sell_assets=1, sold_gold=1, sell=0)["heroes"][0]
    assert (hero["gold"], hero["assets"]) == (0, 0)


def test_a_seventh_asset_bought_leaves_six():
    """"Limit of 6: Each hero can only have a maximum of 6 assets in play ... they must discard
    down to 6" - a Purchase at 6 assets."""
    state = start()
    state["heroes"][0].update(gold=5, assets=6, asset_gold=6)
    assert do(state, "market", buy=2)["heroes"][0]["assets"] == 6


# --- A Plot is not an encounter ---------------------------------------------------------------------

def _plot_at(label: str) -> dict:
    """Plots in use; one Plot card (Ancient 1's) on ``label``, no encounter there."""
    state = start(plots=True)
    state["map"][cell_index(label)]["plots"] = [0]
    return state


def test_rest_beside_a_plot():
    """"Action: Rest", Restriction: "a location with no encounters"; "Encounter: A card in a
    location, drawn from that location's encounter deck, or sometimes from the Night deck" - a
    Plot is placed by an Ancient, not drawn from either: the hero may Rest beside it."""
    state = _plot_at("B2")
    state["heroes"][0]["cell"] = cell_index("B2")
    assert do(state, "rest")["heroes"][0]["hp"] == 5


def test_search_beside_a_plot():
    """"Action: Search", Restriction: "no encounter and no obstacle" - a Plot is neither."""
    state = _plot_at("B2")
    state["heroes"][0]["cell"] = cell_index("B2")
    assert step_id(do(state, "search")) == "draw"


def test_moving_onto_a_plot_alone_draws_an_encounter():
    """"If the hero's new location does NOT have an encounter, draw a card from the location's
    encounter deck" - a Plot there is no encounter."""
    state = _plot_at("C2")
    assert step_id(do(state, "move", to="C2")) == "draw"


# --- Successes lost on leaving, by any means ------------------------------------------------------------

def test_successes_are_lost_when_an_escape_takes_the_hero_away():
    """"Important: If a hero leaves a location, by any means, all their successes at that location
    are lost" - an Escape ("Their hero standee is placed on the nearest Enemy-free location")."""
    state = start([dict(WARRIOR, sneak=3)])
    state["heroes"][0]["cell"] = cell_index("C2")
    town = place(state, cell_index("C2"), "place", sneak=3)
    state["heroes"][0]["successes"] = [{"encounter": town, "attribute": "sneak", "count": 2}]
    wolf = place(state, cell_index("C2"), "enemy", fight=0, hp=5, sneak=1)
    state["heroes"][0]["evaded"] = []
    state = do(state, "engage", encounter=wolf, team="none")
    state = do(state, "trap")
    state = do(state, "hero_fight", dice=d6(1, 1, 1))
    state = do(state, "foe_fight", dice=[])
    if step_id(state) == "fate":
        state = do(state, "fate", use="no")
    state = do(state, "escape", escape=True, to="C3")
    assert state["heroes"][0]["successes"] == []


# --- Long Rest after what is not an Action -------------------------------------------------------

def test_long_rest_after_a_deed_is_still_the_first_action():
    """Long Rest: "this has to be the first and only Action the hero takes this Day"; Deeds "are
    effectively free Actions" that "do not consume AP" - a Loot token Resolved first (1 AP
    gained) is no Action: the Long Rest is allowed and discards all 5 AP."""
    state = _hurt()
    state["heroes"][0]["loot"] = 1
    state = do(state, "resolve", source="Loot token", ap=1)
    state = do(state, "long_rest")
    hero = state["heroes"][0]
    assert (hero["hp"], hero["ap"]) == (6, 0)


def test_long_rest_after_the_turns_engagement_is_still_the_first_action():
    """"Engagements ... are minor Actions which do not consume AP": an Enemy placed by the Night
    is engaged and defeated at the start of Day 2; the location is then empty and the Long
    Rest is the Day's first Action."""
    state = _hurt()
    state["heroes"][0]["cell"] = cell_index("B2")
    state = do(state, "camp")
    state = do(state, "night_card", location="B2", type="enemy", fight=0, hp=1, sneak=1)
    state = do(state, "next")
    assert state["procedure"]["name"] == "battle"
    state = do(state, "trap")
    state = do(state, "hero_fight", dice=d6(6, 1, 1))
    state = do(state, "foe_fight", dice=[])
    if step_id(state) == "fate":
        state = do(state, "fate", use="no")
    state = do(state, "reward", loot="gold", rumour="card")
    assert state["procedure"] is None and state["encounters"] == []
    state = do(state, "long_rest")
    hero = state["heroes"][0]
    assert (hero["hp"], hero["ap"]) == (6, 0)


def test_market_heal_buys_hp_for_a_camped_hero_at_sprawl_city():
    """Market, Option 1 - Heal: "The active hero can purchase HP for any heroes at this location
    with fewer HP than their maximum health" - Hero 2 has Camped at Sprawl City and is still a
    hero there: Hero 1 buys them 1 HP (1 gold)."""
    state = start([dict(WARRIOR, sneak=3), WARRIOR], mode="coop")
    state = do(state, "hide")
    state = do(state, "camp")  # Hero 2 Camps at Sprawl City with 4 of 5 HP
    state["heroes"][0].update(gold=2, hidden=False)
    state = do(state, "market", heal=0, heal_others=True)
    while step_id(state) == "heal":
        state = do(state, "market_heal", hp=1)
    assert [h["hp"] for h in state["heroes"]] == [4, 5] and state["heroes"][0]["gold"] == 1


def test_no_second_action_or_camp_while_the_move_waits_for_deeds():
    """"Each turn, a hero either performs one Action or makes Camp. Then play passes to the next
    hero"; Deeds (not Actions) may come "during an Action". While Hero 1's Move waits on the
    Place it drew, neither another Action (Hide) nor Camp is taken; then Hero 2 plays."""
    state = start([dict(WARRIOR, sneak=3), WARRIOR], mode="coop")
    state = do(state, "move", to="C2")
    state = do(state, "encounter", type="place", sneak=2)
    refused(state, "hide")
    refused(state, "camp")
    while state["procedure"] is not None:
        state = do(state, "next")
    assert state["active_hero"] == 1 and state["heroes"][0]["ap"] == 3
    assert not state["heroes"][0]["hidden"] and not state["heroes"][0]["camped"]


def _two_at_a_stranger() -> tuple[dict, int]:
    state = start([dict(WARRIOR, sneak=3), WARRIOR], mode="coop")
    for hero in state["heroes"]:
        hero.update(cell=cell_index("C2"), fate_used=True)
    thug = place(state, cell_index("C2"), "stranger", influence=5, fight=0, hp=5, sneak=1)
    return state, thug


def test_the_first_confront_test_is_each_heros_own():
    """Strangers: "if the hero has zero total successes after their first Confront Test with this
    Stranger, the Stranger becomes an Enemy to that hero" - Hero 1's Test (1 success) is not
    Hero 2's: Hero 2's own first Test with no success makes it Hero 2's Enemy only."""
    state, thug = _two_at_a_stranger()
    state = do(state, "confront", encounter=thug, attribute="influence")
    state = do(state, "roll", dice=d6(6, 1))
    assert state["active_hero"] == 1
    state = do(state, "confront", encounter=thug, attribute="influence")
    state = do(state, "roll", dice=d6(1, 1))
    assert state["encounters"][0]["enemy_of"] == [1]


def test_a_team_members_own_first_confront_test_comes_later():
    """"Non-Engagement Test: When the active hero performs a Test" - the Team's Test is the active
    hero's. Hero 1 leads a Team Test with Hero 2 (1 success); Hero 2's own first Confront Test
    later rolls none: the Stranger becomes Hero 2's Enemy."""
    state, thug = _two_at_a_stranger()
    state = do(state, "confront", encounter=thug, attribute="influence", team="H2")
    state = do(state, "roll", dice=d6(6, 1, 1))
    assert state["encounters"][0]["enemy_of"] == [] and state["active_hero"] == 1
    state = do(state, "confront", encounter=thug, attribute="influence")
    state = do(state, "roll", dice=d6(1, 1))
    assert state["encounters"][0]["enemy_of"] == [1]


def test_a_stranger_may_be_made_an_enemy_on_purpose_after_a_first_test():
    """"The hero can choose to intentionally make the Stranger an Enemy (instead of rolling) as
    their Confront Action" - no limit to the first Test: after 1 success, on purpose. "they
    must continue to use the same chosen attribute" binds the attribute Tested; making it an
    Enemy Tests none."""
    state, thug = _two_at_a_stranger()
    state = do(state, "confront", encounter=thug, attribute="influence")
    state = do(state, "roll", dice=d6(6, 1))
    state["active_hero"] = 0
    state = do(state, "confront", encounter=thug, attribute="enemy")
    assert state["encounters"][0]["enemy_of"] == [0] and state["procedure"]["name"] == "battle"
