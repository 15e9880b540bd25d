"""Edges of '9. Engagement' read from the rulebook alone: a Team's Hero Defeated Checks and
their order, the First Hero marker they decide, and a hero eliminated by an Ancient."""

from games.kilforth.state import CITY, cell_index

from .helpers import WARRIOR, d6, do, place, refused, start, step_id


def _team_battle(active: int, foe_fight: int = 4) -> dict:
    """Three heroes at C2, none has Camped; Hero ``active + 1`` is the First Hero and active,
    and engages an Enemy (Fight ``foe_fight``, 9 HP) with the other two as a Team."""
    heroes = [dict(WARRIOR, sneak=1) for _ in range(3)]
    heroes[active]["sneak"] = 5
    state = start(heroes, mode="coop")
    assert state["active_hero"] == active == state["first_hero"]
    for hero in state["heroes"]:
        hero["cell"] = cell_index("C2")
    wolf = place(state, cell_index("C2"), "enemy", fight=foe_fight, hp=9, sneak=1)
    others = "+".join(f"H{i + 1}" for i in range(3) if i != active)
    state = do(state, "engage", encounter=wolf, team=others)
    return do(state, "trap")


def _rolling(state: dict) -> int:
    """The hero whose roll (or the foe's roll against whom) is asked: the engaging hero,
    then the Team, in the battle's own order (``procedure.data``: ``hero``, ``team``)."""
    data = state["procedure"]["data"]
    return ([data["hero"]] + data["team"])[data["rolling"]]


def _round(state: dict, foe_faces: dict[int, list[int]]) -> dict:
    """One Skirmish: every Team hero misses; the foe rolls ``foe_faces[hero]`` against each."""
    while step_id(state) == "hero_roll":
        state = do(state, "hero_fight", dice=d6(1, 1, 1))
    while step_id(state) == "foe_roll":
        state = do(state, "foe_fight", dice=d6(*foe_faces[_rolling(state)]))
    if step_id(state) == "fate":
        state = do(state, "fate", use="no")
    return state


def test_team_hero_defeated_checks_start_with_the_active_hero_and_go_clockwise():
    """"Team Engagement", "Step 3 - Hero Defeated Check: Resolved by each Team hero
    separately, starting with the active hero and continuing clockwise." A defeated hero
    "Makes Camp" ("Hero Defeated"), and "The first hero to make Camp each Day takes the First
    Hero marker" ("Action or Camp"). Hero 2 is active; all three Team heroes fall in one
    round: the checks run Hero 2, Hero 3, Hero 1, so Hero 2 Camps first and holds the
    marker."""
    state = _team_battle(active=1)
    state = _round(state, {0: [6] * 4, 1: [6] * 4, 2: [6] * 4})
    assert all(h["defeated"] for h in state["heroes"])
    assert state["pending_losses"] == [1, 2, 0]
    assert state["first_hero"] == 1


def test_team_hero_defeated_checks_clockwise_after_a_surviving_active_hero():
    """"Step 3 - Hero Defeated Check: ... starting with the active hero and continuing
    clockwise": Hero 2 (active) survives, Hero 3 and Hero 1 fall; clockwise from Hero 2,
    Hero 3 is checked (and Camps) before Hero 1, so Hero 3 takes the First Hero marker."""
    state = _team_battle(active=1)
    state = _round(state, {0: [6] * 4, 1: [1] * 4, 2: [6] * 4})
    assert [h["defeated"] for h in state["heroes"]] == [True, False, True]
    assert state["pending_losses"] == [2, 0]
    assert state["first_hero"] == 2


def test_team_hero_defeated_checks_from_the_last_seat_wrap_round_to_the_first():
    """"... starting with the active hero and continuing clockwise": Hero 3 active, all three
    fall - checked Hero 3, Hero 1, Hero 2; Hero 3 Camps first and takes the marker."""
    state = _team_battle(active=2)
    state = _round(state, {0: [6] * 4, 1: [6] * 4, 2: [6] * 4})
    assert state["pending_losses"] == [2, 0, 1]
    assert state["first_hero"] == 2


def _team_assault_eliminates_the_first_camper() -> dict:
    """Co-op, two heroes with their sagas complete (two Ancients: "in the cooperative game
    each hero draws 1 Ancient"). Hero 1 Camps first (and takes the First Hero marker) at the
    Ancient's location; Hero 2 Assaults it with Hero 1 in the Team ("A hero may join a Team
    even if they have already made Camp"). Hero 1 (1 HP) is slain; Hero 2 defeats the
    Ancient (2 HP); the other Ancient remains, so the game goes on."""
    state = start([dict(WARRIOR, sneak=3), WARRIOR], mode="coop")
    for n, cell in enumerate(("B2", "D4")):
        state["ancients"][n].update(in_play=True, cell=cell_index(cell), hp=2, max_hp=2, fight=1,
                                    gold=3)
    for hero in state["heroes"]:
        hero.update(chapter=6, cell=cell_index("B2"))
    state["heroes"][0]["hp"] = 1
    state = do(state, "camp")
    assert state["first_hero"] == 0 and state["active_hero"] == 1
    state = do(state, "assault", ancient=1, team="H1")
    while step_id(state) in ("plots", "trap"):
        state = do(state, "next") if step_id(state) == "plots" else do(state, "trap")
    rolls = {1: d6(6, 6, 1), 0: d6(1, 1, 1)}
    while step_id(state) == "hero_roll":
        state = do(state, "hero_fight", dice=rolls[_rolling(state)])
    while step_id(state) == "foe_roll":
        hit = _rolling(state) == 0
        state = do(state, "foe_fight", dice=d6(6 if hit else 1))
    if step_id(state) == "fate":
        state = do(state, "fate", use="no")
    assert state["ancients"][0]["defeated"] and not state.get("over")
    assert state["heroes"][0]["eliminated"]
    return state


def test_an_eliminated_hero_holding_the_first_hero_marker_takes_no_first_turn():
    """"Ancient Battles", Hero Defeated Check: "the hero is eliminated from the game ... All
    rules and card references to heroes no longer include that hero." "Daylight Turns":
    "Heroes take turns ... starting with the First Hero" - with Hero 1 eliminated while
    holding the marker, the only hero left, Hero 2, takes the first turn of Day 2 and
    holds the marker."""
    state = _team_assault_eliminates_the_first_camper()
    while state["procedure"] is not None and state["procedure"]["name"] != "night":
        state = do(state, "reward") if step_id(state) == "reward" else do(state, "next")
    if state["procedure"] is None:
        state = do(state, "camp")
    state = do(state, "night_card", location="A1", type="weather")
    state = do(state, "next")  # unveil; Breaking Camp
    assert state["day"] == 2 and state["procedure"] is None
    assert state["active_hero"] == 1 and state["first_hero"] == 1
    assert state["heroes"][0]["ap"] == 0 and state["heroes"][1]["ap"] == state["heroes"][1]["hp"]


def test_a_hero_eliminated_by_an_ancient_is_not_returned_to_sprawl_city_or_revived_at_dawn():
    """"Ancient Battles": "If the hero has no HP, the hero is eliminated from the game. All
    their cards and tokens are returned"; "Heroes defeated by an Ancient are eliminated from
    the game" ("Hero Defeated") - Dawn's "Each defeated hero regains 2 HP" does not bring
    them back: 0 HP, no gold, no rumours, no AP on Day 2."""
    state = _team_assault_eliminates_the_first_camper()
    hero = state["heroes"][0]
    assert (hero["gold"], hero["rumours"], hero["loot"], hero["assets"]) == (0, 0, 0, 0)
    while state["procedure"] is not None and state["procedure"]["name"] != "night":
        state = do(state, "reward") if step_id(state) == "reward" else do(state, "next")
    if state["procedure"] is None:
        state = do(state, "camp")
    state = do(state, "night_card", location="A1", type="weather")
    state = do(state, "next")
    hero = state["heroes"][0]
    assert hero["eliminated"] and hero["hp"] == 0 and hero["ap"] == 0


# --- Stage 1: Determine Surprise -----------------------------------------------------------------

def test_an_enemy_drawn_on_a_search_has_surprise():
    """"An Enemy just drawn from the encounter deck this turn has Surprise, unless the hero is
    Hidden" - a Search draws from the encounter deck as a Move does."""
    state = start()
    state["heroes"][0]["cell"] = cell_index("C2")
    state = do(state, "search")
    state = do(state, "encounter", type="enemy", fight=1, hp=1, sneak=1)
    assert state["procedure"]["name"] == "battle" and state["procedure"]["data"]["surprise"] == "foe"


def test_an_enemy_placed_by_the_night_has_no_surprise_next_day():
    """Only "An Enemy just drawn from the encounter deck this turn has Surprise": the Night
    card's Enemy on the hero's location is engaged at the start of Day 2 without Surprise."""
    state = start()
    state["heroes"][0]["cell"] = cell_index("B2")
    state = do(state, "camp")
    state = do(state, "night_card", location="B2", type="enemy", fight=1, hp=1, sneak=1)
    state = do(state, "next")
    assert state["procedure"]["name"] == "battle" and state["procedure"]["data"]["surprise"] is None


# --- Stage 3: Battle -------------------------------------------------------------------------------

def test_a_defeated_hero_with_no_card_loses_none_and_play_goes_on():
    """"Hero Defeated Check": "Either sacrifice 1 asset or discard 1 rumour" - a hero with
    neither has nothing to lose: no card is asked; gold returned, back to Sprawl City, Camp."""
    state = start()
    state["heroes"][0].update(cell=cell_index("C2"), rumours=0, assets=0, gold=3, hp=1)
    wolf = place(state, cell_index("C2"), "enemy", fight=2, hp=5, sneak=1)
    state = do(state, "engage", encounter=wolf, team="none")
    state = do(state, "trap")
    state = do(state, "hero_fight", dice=d6(1, 1, 1))
    state = do(state, "foe_fight", dice=d6(6, 1))
    if step_id(state) == "fate":
        state = do(state, "fate", use="no")
    hero = state["heroes"][0]
    assert hero["defeated"] and (hero["gold"], hero["cell"], hero["camped"]) == (0, CITY, True)
    assert step_id(state) != "loss"


def _escape_from(label: str, enemies: tuple[str, ...]) -> dict:
    """A hero at ``label`` beside Enemies on ``enemies``, at the Escape Option of a battle."""
    state = start()
    state["heroes"][0]["cell"] = cell_index(label)
    wolf = place(state, cell_index(label), "enemy", fight=0, hp=5, sneak=1)
    for cell in enemies:
        place(state, cell_index(cell), "enemy", fight=0, hp=5, sneak=1)
    state = do(state, "engage", encounter=wolf, team="none")
    state = do(state, "trap")
    state = do(state, "hero_fight", dice=d6(1, 1, 1))
    state = do(state, "foe_fight", dice=[])
    if step_id(state) == "fate":
        state = do(state, "fate", use="no")
    assert step_id(state) == "escape"
    return state


def test_escape_past_enemy_neighbours_to_the_nearest_free_location_the_heros_choice_on_a_tie():
    """"Escape Option": "Their hero standee is placed on the nearest Enemy-free location, not
    using shortcuts (if tied: the hero chooses)". From corner A1 with Enemies on B1 and A2,
    the nearest Enemy-free locations are 2 steps away (C1, B2, A3): any of them; D1 is too
    far; B1 has an Enemy."""
    state = _escape_from("A1", ("B1", "A2"))
    for far in ("D1", "B1"):
        refused(state, "escape", escape=True, to=far)
    for near in ("C1", "B2", "A3"):
        moved = do(state, "escape", escape=True, to=near)
        assert moved["heroes"][0]["cell"] == cell_index(near)


# --- Ancients and Assault --------------------------------------------------------------------------

def test_assault_beside_an_evaded_foe():
    """"Deed: Assault", Restriction: "that location must have no other encounters"; "Stage 2":
    an evaded foe - "the hero continues the game as if the foe doesn't exist until either the
    Day ends or the hero leaves this location". With only the evaded Enemy there, the Assault
    may begin."""
    state = start()
    state["ancients"][0].update(in_play=True, cell=cell_index("C2"), hp=5, max_hp=5, fight=1)
    state["heroes"][0]["chapter"] = 6
    state = do(do(state, "hide"), "move", to="C2")
    state = do(state, "encounter", type="enemy", fight=2, hp=2, sneak=1)
    state = do(state, "stance", choice="evade")
    state = do(state, "evade_roll", dice=d6(6, 1))
    assert state["procedure"] is None
    state = do(state, "unhide")
    state = do(state, "assault", ancient=1)
    assert state["procedure"]["name"] == "battle" and state["procedure"]["data"]["ancient"] == 0


def test_the_ancients_gold_goes_to_its_slayer():
    """"Ancient Battles", Foe Defeated Check: "The hero takes gold equal to the Ancient's gold
    value"."""
    state = start([dict(WARRIOR, sneak=3), WARRIOR], mode="coop")
    for n, cell in enumerate(("B2", "D4")):
        state["ancients"][n].update(in_play=True, cell=cell_index(cell), hp=1, max_hp=1, fight=0, gold=7)
    for hero in state["heroes"]:
        hero.update(chapter=6, gold=1)
    state["heroes"][0]["cell"] = cell_index("B2")
    state = do(state, "assault", ancient=1, team="none")
    while step_id(state) in ("plots", "trap"):
        state = do(state, "next") if step_id(state) == "plots" else do(state, "trap")
    state = do(state, "hero_fight", dice=d6(6, 1, 1))
    state = do(state, "foe_fight", dice=[])
    if step_id(state) == "fate":
        state = do(state, "fate", use="no")
    assert [h["gold"] for h in state["heroes"]] == [8, 1]


# --- Deed: Team -------------------------------------------------------------------------------------

def test_a_team_of_three_adds_two_dice_and_disbands_after_the_test():
    """"Non-Engagement Test": "Add 1 to that total for each other hero in the Team" - Sneak 3
    and two others: 5 dice; "A Team automatically disbands at ... Completion of the active
    hero's Non-Engagement Test": the hero's next Confront alone rolls 3."""
    state = start([dict(WARRIOR, sneak=3), WARRIOR, WARRIOR], mode="coop")
    for hero in state["heroes"]:
        hero.update(cell=cell_index("C2"), fate_used=True)
    town = place(state, cell_index("C2"), "place", sneak=9)
    state = do(state, "confront", encounter=town, attribute="sneak", team="H2+H3")
    assert state["procedure"]["data"]["dice"] == 5
    state = do(state, "roll", dice=d6(1, 1, 1, 1, 1))
    state["active_hero"] = 0
    state = do(state, "confront", encounter=town, attribute="sneak")
    assert state["procedure"]["data"]["dice"] == 3


def test_a_team_member_who_used_fate_today_cannot_call_it_again():
    """"Each hero in a Team may call on Fate during a Test performed by the active hero
    (following the normal Fate limit of once per Day per hero)" - Hero 2 has used it: only
    Hero 1 may call."""
    state = start([dict(WARRIOR, sneak=3), WARRIOR], mode="coop")
    for hero in state["heroes"]:
        hero["cell"] = cell_index("C2")
    state["heroes"][1]["fate_used"] = True
    town = place(state, cell_index("C2"), "place", sneak=2)
    state = do(state, "confront", encounter=town, attribute="sneak", team="H2")
    state = do(state, "roll", dice=d6(6, 1, 1, 1))
    assert step_id(state) == "fate"
    refused(state, "fate", use="Fate token", hero="H2")
    state = do(state, "fate", use="Fate token", hero="H1")
    assert step_id(state) == "reward" and [h["fate"] for h in state["heroes"]] == [3, 4]


def test_escape_counts_the_heros_own_enemy_stranger_but_not_anothers():
    """"Escape Option": "the nearest Enemy-free location"; "Enemy Stranger: ... an Enemy to each
    hero that has an Enemy token on it. It remains a Stranger to all other heroes." From A1:
    B1 holds the hero's own Enemy Stranger (not Enemy-free for them), A2 another hero's (a
    Stranger to them: Enemy-free) - A2 is the nearest, B1 refused."""
    state = start([dict(WARRIOR, sneak=3), WARRIOR], mode="coop")
    state["heroes"][0]["cell"] = cell_index("A1")
    state["heroes"][1]["cell"] = cell_index("E5")
    wolf = place(state, cell_index("A1"), "enemy", fight=0, hp=5, sneak=1)
    place(state, cell_index("B1"), "stranger", influence=2, fight=1, hp=2, sneak=1)
    place(state, cell_index("A2"), "stranger", influence=2, fight=1, hp=2, sneak=1)
    state["encounters"][1]["enemy_of"] = [0]
    state["encounters"][2]["enemy_of"] = [1]
    state = do(state, "engage", encounter=wolf, team="none")
    state = do(state, "trap")
    state = do(state, "hero_fight", dice=d6(1, 1, 1))
    state = do(state, "foe_fight", dice=[])
    if step_id(state) == "fate":
        state = do(state, "fate", use="no")
    refused(state, "escape", escape=True, to="B1")
    assert do(state, "escape", escape=True, to="A2")["heroes"][0]["cell"] == cell_index("A2")


def test_a_hidden_hero_meeting_an_enemy_already_there_chooses_surprise_or_evade():
    """"A Hidden hero at a location with an Enemy must either: Surprise Attack - lose their
    Hidden status and gain Surprise, or Evade" - an Enemy already on the location (not drawn
    this turn): the choice is asked; a Surprise Attack rolls Fight + 1 in the first round."""
    state = start([dict(WARRIOR, fight=2)])
    place(state, cell_index("C2"), "enemy", fight=1, hp=5, sneak=1)
    state = do(do(state, "hide"), "move", to="C2")
    assert step_id(state) == "stance"
    state = do(state, "stance", choice="surprise")
    assert not state["heroes"][0]["hidden"] and state["procedure"]["data"]["surprise"] == "hero"
    state = do(state, "trap")
    refused(state, "hero_fight", dice=d6(1, 1))
    assert step_id(do(state, "hero_fight", dice=d6(1, 1, 1))) == "foe_roll"


def test_a_team_member_defeated_in_the_battle_takes_no_more_turns_that_day():
    """"Hero Defeated": "Makes Camp and ends their turn immediately (even if part of a Team with
    another hero as the active hero ...)"; "After they make Camp, a hero receives no more turns
    that Day" - Hero 2 falls in Hero 1's Team battle; afterwards play stays with Hero 1."""
    state = start([dict(WARRIOR, sneak=3), WARRIOR], mode="coop")
    for hero in state["heroes"]:
        hero.update(cell=cell_index("C2"), rumours=1)
    state["heroes"][1]["hp"] = 1
    wolf = place(state, cell_index("C2"), "enemy", fight=1, hp=1, sneak=1)
    state = do(state, "engage", encounter=wolf, team="H2")
    state = do(state, "trap")
    state = do(state, "hero_fight", dice=d6(6, 1, 1))
    state = do(state, "hero_fight", dice=d6(1, 1, 1))
    state = do(state, "foe_fight", dice=d6(1))
    state = do(state, "foe_fight", dice=d6(6))
    if step_id(state) == "fate":
        state = do(state, "fate", use="no")
    state = do(state, "reward", loot="gold", rumour="card")
    if step_id(state) == "loss":
        state = do(state, "lose_card", card="rumour")
    assert state["heroes"][1]["defeated"] and state["heroes"][1]["camped"]
    state = do(state, "hide")
    assert state["active_hero"] == 0 and state["procedure"] is None


def test_a_hidden_hero_evades_two_enemies_one_after_the_other():
    """"7. Hero Turn": "engage all Enemies at their location, if any, in the order of their
    choice"; each engagement has its own "Stage 2: Evasion Opportunity"; a successful evasion
    keeps the hero Hidden ("Remain Hidden and try to evade"), so the second Enemy offers the same
    choice; both evaded, the Move is over with the hero still Hidden."""
    state = start([dict(WARRIOR, sneak=2)])
    for _ in range(2):
        place(state, cell_index("C2"), "enemy", fight=1, hp=1, sneak=1)
    state = do(do(state, "hide"), "move", to="C2")
    for _ in range(2):
        if step_id(state) == "order":
            state = do(state, "engage_next", encounter=str(state["encounters"][0]["id"]))
        assert step_id(state) == "stance"
        state = do(state, "stance", choice="evade")
        state = do(state, "evade_roll", dice=d6(6, 1))
    assert state["procedure"] is None and state["heroes"][0]["hidden"]
    assert sorted(state["heroes"][0]["evaded"]) == [1, 2]


def test_a_defeated_hero_with_only_assets_must_sacrifice_one():
    """"Hero Defeated Check": "Either sacrifice 1 asset or discard 1 rumour" - with no rumour,
    the rumour cannot be chosen; an asset goes."""
    state = start()
    state["heroes"][0].update(rumours=0, assets=2, asset_gold=3)
    state = do(state, "adjust", track="hero1.hp", delta=-4)
    assert step_id(state) == "loss"
    refused(state, "lose_card", card="rumour")
    assert do(state, "lose_card", card="asset")["heroes"][0]["assets"] == 1


def test_a_team_finale_adds_a_die_per_other_hero():
    """"Deed: Team": "with the aim of cooperating to attempt to ... complete a Finale";
    "Non-Engagement Test": "Add 1 to that total for each other hero in the Team" - Fight 3 and
    one other hero: 4 dice."""
    state = start([dict(WARRIOR, sneak=3), WARRIOR], mode="coop")
    for hero in state["heroes"]:
        hero["cell"] = cell_index("B2")
    state["heroes"][0]["chapter"] = 5
    state = do(state, "regale", finale=3, attribute="fight", team="H2")
    assert state["procedure"]["data"]["dice"] == 4


def _team_of_two_engaging(**foe) -> dict:
    state = start([dict(WARRIOR, sneak=3), WARRIOR], mode="coop")
    for hero in state["heroes"]:
        hero["cell"] = cell_index("C2")
    wolf = place(state, cell_index("C2"), "enemy", **{"fight": 2, "hp": 5, "sneak": 1, **foe})
    return do(state, "engage", encounter=wolf, team="H2")


def test_a_trap_in_a_team_engagement_is_paid_by_the_active_hero_only():
    """"Trap: ... A Trap specifies a cost that must be paid by the active hero" - in a Team
    engagement too: 1 HP (and 1 AP) from Hero 1, none from Hero 2."""
    state = do(_team_of_two_engaging(), "trap", hp=1)
    assert [(h["hp"], h["ap"]) for h in state["heroes"]] == [(3, 3), (4, 4)]


def test_a_team_member_hit_in_the_skirmish_loses_ap_with_hp():
    """"For each foe success, the hero loses 1 HP and 1 AP" - "each Team hero" ("Team
    Engagement", Step 1): Hero 2, not the active hero, takes 2 hits: 2 HP and 2 AP."""
    state = do(_team_of_two_engaging(), "trap")
    state = do(state, "hero_fight", dice=d6(1, 1, 1))
    state = do(state, "hero_fight", dice=d6(1, 1, 1))
    state = do(state, "foe_fight", dice=d6(1, 1))
    state = do(state, "foe_fight", dice=d6(6, 6))
    if step_id(state) == "fate":
        state = do(state, "fate", use="no")
    assert [(h["hp"], h["ap"]) for h in state["heroes"]] == [(4, 4), (2, 2)]


def test_an_escape_onto_an_empty_location_draws_no_encounter():
    """"Escape Option": "Their hero standee is placed on the nearest Enemy-free location" - placed,
    not a Move ("If the hero's new location does NOT have an encounter, draw a card" is the
    Move's): no card is drawn on C1, and the hero has made Camp."""
    state = start()
    state["heroes"][0]["cell"] = cell_index("C2")
    wolf = place(state, cell_index("C2"), "enemy", fight=0, hp=5, sneak=1)
    state = do(state, "engage", encounter=wolf, team="none")
    state = do(state, "trap")
    state = do(state, "hero_fight", dice=d6(1, 1, 1))
    state = do(state, "foe_fight", dice=[])
    if step_id(state) == "fate":
        state = do(state, "fate", use="no")
    state = do(state, "escape", escape=True, to="C1")
    assert state["heroes"][0]["cell"] == cell_index("C1") and state["heroes"][0]["camped"]
    assert len(state["encounters"]) == 1 and step_id(state) != "draw"
