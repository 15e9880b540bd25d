"""Edges of '6. Daylight Phase' and '7. Hero Turn' read from the rulebook alone: Breaking
Camp, whose turn it is, Enemy Engagement, Camp and the First Hero marker, AP."""

from games.kilforth.state import CITY, cell_index

from .helpers import WARRIOR, camp_all, d6, do, place, refused, start, step_id


def _night(state: dict) -> dict:
    """Everyone Camps; a Weather card; Dawn: the next Day has started."""
    state = camp_all(state)
    state = do(state, "night_card", location="E5", type="weather")
    while state["procedure"] is not None:
        state = do(state, "next")
    return state


# --- Breaking Camp ----------------------------------------------------------------------------

def test_breaking_camp_gives_ap_equal_to_hp_at_one_and_above_four():
    """"Breaking Camp: Each hero takes a number of Action Points (AP) equal to their current
    Health Points (HP)": a hero with 1 HP takes 1 AP; one with 7 HP takes 7."""
    state = start([dict(WARRIOR, sneak=3, max_hp=7), WARRIOR], mode="coop")
    state["heroes"][0]["hp"] = 7
    state["heroes"][1]["hp"] = 1
    state = _night(state)
    assert [h["ap"] for h in state["heroes"]] == [7, 1]


def test_unspent_and_loot_ap_do_not_carry_over_to_the_next_day():
    """"make Camp - the hero discards any remaining Action Points"; "Breaking Camp: Each hero
    takes a number of Action Points (AP) equal to their current Health Points" - 4 HP, 3
    extra AP from Loot unspent at Camp: Day 2 starts with 4 AP."""
    state = start()
    state["heroes"][0]["loot"] = 3
    for _ in range(3):
        state = do(state, "resolve", source="Loot token", ap=1)
    assert state["heroes"][0]["ap"] == 7
    state = _night(state)
    assert state["day"] == 2 and state["heroes"][0]["ap"] == 4


# --- Daylight Turns ---------------------------------------------------------------------------

def test_turns_go_clockwise_from_a_last_seated_first_hero():
    """"Heroes take turns to play one Action, in clockwise order starting with the First
    Hero": Hero 4 first (highest Sneak), then Hero 1, 2, 3, then Hero 4 again."""
    heroes = [WARRIOR, WARRIOR, WARRIOR, dict(WARRIOR, sneak=5)]
    state = start(heroes, mode="coop")
    seen = []
    for _ in range(5):
        seen.append(state["active_hero"])
        hidden = state["heroes"][state["active_hero"]]["hidden"]
        state = do(state, "rest" if hidden else "hide")
    assert seen == [3, 0, 1, 2, 3]


def test_the_last_hero_awake_takes_every_turn_until_they_camp():
    """"After they make Camp, a hero receives no more turns that Day. When all heroes have
    made Camp, the Night phase begins" - Heroes 1 and 2 have Camped: Hero 3 acts turn after
    turn; their Camp starts the Night."""
    state = start([dict(WARRIOR, sneak=3), WARRIOR, WARRIOR], mode="coop")
    state = do(state, "camp")
    state = do(state, "camp")
    assert state["active_hero"] == 2
    state = do(state, "hide")
    assert state["active_hero"] == 2 and state["procedure"] is None
    state = do(state, "rest")
    assert state["active_hero"] == 2
    state = do(state, "camp")
    assert state["procedure"]["name"] == "night"


# --- Enemy Engagement -----------------------------------------------------------------------------

def test_another_heros_enemy_stranger_is_not_engaged():
    """"An Enemy is either a 'Stranger' encounter card that this hero has placed an Enemy
    token on, or an 'Enemy' encounter card"; "Enemy Stranger: ... It remains a Stranger to all
    other heroes." Hero 1 moves onto Hero 2's Enemy Stranger: no engagement; Hero 2 arriving
    there must engage it."""
    state = start([dict(WARRIOR, sneak=3), WARRIOR], mode="coop")
    thug = place(state, cell_index("C2"), "stranger", influence=3, fight=1, hp=2, sneak=1)
    state["encounters"][0]["enemy_of"] = [1]
    state["heroes"][1]["enemy_tokens"] = 3
    state = do(state, "move", to="C2")
    assert state["procedure"] is None and state["active_hero"] == 1
    state = do(state, "move", to="C2")
    assert state["procedure"]["name"] == "battle" and state["procedure"]["data"]["foe"] == thug


def test_two_enemies_one_escaped_from_leaves_the_other_unengaged():
    """"Escape Option: ... they make Camp and end their turn immediately" - the hero escapes
    the first of two Enemies; the second is not engaged (their turn is over)."""
    state = start()
    place(state, cell_index("C2"), "enemy", fight=0, hp=5, sneak=1)
    place(state, cell_index("C2"), "enemy", fight=0, hp=5, sneak=1)
    state = do(state, "move", to="C2")
    assert step_id(state) == "order"
    state = do(state, "engage_next", encounter=str(state["encounters"][0]["id"]))
    state = do(state, "trap")
    state = do(state, "hero_fight", dice=d6(1, 1, 1))
    state = do(state, "foe_fight", dice=[])
    if step_id(state) == "fate":
        state = do(state, "fate", use="no")
    state = do(state, "escape", escape=True, to="C3")
    assert state["heroes"][0]["camped"] and state["heroes"][0]["cell"] == CITY
    assert state["procedure"]["name"] == "night"


# --- Camp and the First Hero marker ------------------------------------------------------------

def test_a_hero_defeated_first_has_made_camp_first_and_takes_the_marker():
    """"Hero Defeated": "Makes Camp and ends their turn immediately"; "The first hero to make
    Camp each Day takes the First Hero marker". Hero 1 is First Hero; Hero 2 loses their last
    HP to a card (the dial) before anyone Camps: Hero 2 takes the marker."""
    state = start([dict(WARRIOR, sneak=3), WARRIOR], mode="coop")
    state["heroes"][1]["rumours"] = 1
    state = do(state, "adjust", track="hero2.hp", delta=-4)
    if step_id(state) == "loss":
        state = do(state, "lose_card", card="rumour")
    assert state["heroes"][1]["camped"] and state["first_hero"] == 1


def test_a_hero_who_escapes_first_has_made_camp_first_and_takes_the_marker():
    """"Escape Option: ... If so, they make Camp"; "The first hero to make Camp each Day takes
    the First Hero marker" - Hero 2 escapes before anyone has Camped: Hero 2 holds it."""
    state = start([dict(WARRIOR, sneak=3), WARRIOR], mode="coop")
    state = do(state, "hide")
    state = do(state, "move", to="C4")
    state = do(state, "encounter", type="enemy", fight=0, hp=5, sneak=1)
    if step_id(state) == "team":
        state = do(state, "team_up", team="none")
    state = do(state, "trap")
    state = do(state, "hero_fight", dice=d6(1, 1, 1))
    state = do(state, "foe_fight", dice=d6(1))
    if step_id(state) == "fate":
        state = do(state, "fate", use="no")
    state = do(state, "escape", escape=True, to="C3")
    assert state["heroes"][1]["camped"] and state["first_hero"] == 1
    state = do(state, "camp")  # Hero 1, second to Camp
    assert state["first_hero"] == 1


# --- AP ---------------------------------------------------------------------------------------------

def test_market_heal_gives_hp_but_no_ap():
    """"8. Actions", Important: "Heroes only gain AP when Breaking Camp or via card effects,
    never by healing or Regaling"; Market Heal: "1 gold per HP". A hero at 2 HP of 5 with 2
    AP buys 3 HP for 3 gold: 5 HP, and AP 2 - 1 (the Action) = 1, none gained."""
    state = start()
    state["heroes"][0].update(gold=3, hp=2, ap=2)
    state = do(state, "market", heal=3)
    hero = state["heroes"][0]
    assert (hero["hp"], hero["gold"], hero["ap"]) == (5, 0, 1)


def test_a_market_of_every_option_is_one_action():
    """"Each Action costs 1 Action Point"; Market: "Each of the following options may be
    performed once ... at least one must be performed" - Heal, Purchase and Sell together cost
    1 AP."""
    state = start()
    state["heroes"][0].update(gold=5, rumours=1)
    state = do(state, "market", heal=1, buy=2, sell_rumours=1, sell=1)
    hero = state["heroes"][0]
    assert (hero["ap"], hero["hp"], hero["assets"], hero["rumours"], hero["gold"]) == (3, 5, 1, 0, 3)


def test_a_market_with_no_option_is_refused():
    """Market: "at least one must be performed"; "heroes can't just spend an AP and not
    actually perform the Action!" - nothing healed, bought or sold: refused, AP kept."""
    state = start()
    refused(state, "market")


def test_turns_skip_an_eliminated_hero_in_the_middle_seat():
    """"Ancient Battles": "All rules and card references to heroes no longer include that hero" -
    with Hero 2 (the middle seat of three) eliminated, turns go Hero 1, Hero 3, Hero 1."""
    state = start([dict(WARRIOR, sneak=3), WARRIOR, WARRIOR], mode="competitive")
    state["heroes"][1].update(eliminated=True, camped=True, hp=0, ap=0, gold=0, rumours=0, fate=0)
    seen = []
    for action in ("hide", "hide", "rest"):
        seen.append(state["active_hero"])
        state = do(state, action)
    assert seen == [0, 2, 0]
