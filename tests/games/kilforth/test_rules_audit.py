"""The rules audit's fixes (issue 22), each at its edges: what the rulebook says, beside the
reader's edge tests (``test_edges_*.py``)."""

from games.core import Command, apply
from games.core.engine import migrate
from games.kilforth.state import SCHEMA_VERSION, cell_index

from .helpers import GAME, WARRIOR, camp_all, d6, do, place, refused, start, step_id


def _night(state: dict) -> dict:
    """Every hero Camps and the Night runs to the next Day (a Weather card on A1)."""
    state = camp_all(state)
    while state["procedure"] is not None:
        if step_id(state) == "card":
            state = do(state, "night_card", location="A1", type="weather")
        elif step_id(state) == "loss":
            state = do(state, "lose_card", card="rumour")
        else:
            state = do(state, "next")
    return state


# --- Action: Rest (or Long Rest) ----------------------------------------------------------------


def test_long_rest_is_the_days_only_action_and_the_next_day_allows_actions_again():
    """"Action: Rest (or Long Rest)", Long Rest, Restriction: "this has to be the first and
    only Action the hero takes this Day". AP gained after it (a Loot token's Resolve Deed)
    buys no Action that Day - Move, Hide, Rest and a second Long Rest are refused - but Camp
    is still open, and the next Day (Breaking Camp: AP = HP) the hero acts again."""
    state = start()
    state["heroes"][0].update(max_hp=6, loot=1)
    state = do(state, "long_rest")
    state = do(state, "resolve", source="Loot token", ap=2)
    assert state["heroes"][0]["ap"] == 2
    assert refused(state, "move", to="C2").short == "Long Rest: no more"
    assert refused(state, "hide").short == "Long Rest: no more"
    state["heroes"][0]["hp"] = 5  # a card's HP loss: Rest and Long Rest are still no Action now
    assert refused(state, "rest").short == "Long Rest: no more"
    assert refused(state, "long_rest").short == "Must be 1st Action"
    state = _night(state)
    assert state["day"] == 2 and state["heroes"][0]["long_rested"] is False
    state = do(state, "hide")
    assert state["heroes"][0]["hidden"] and state["heroes"][0]["ap"] == 4  # AP = HP 5, less Hide


def test_long_rest_binds_only_the_hero_who_took_it():
    """Long Rest: "the first and only Action *the hero* takes this Day" - Hero 1's Long
    Rest leaves Hero 2's Actions alone."""
    state = start([dict(WARRIOR, sneak=3, max_hp=6), WARRIOR], mode="coop")
    state = do(state, "long_rest")
    assert state["active_hero"] == 1
    state = do(state, "hide")
    assert state["heroes"][1]["hidden"] and state["heroes"][1]["ap"] == 3


# --- Action: Confront, Strangers ------------------------------------------------------------------


def _stranger(heroes: int = 1) -> tuple[dict, int]:
    team = [dict(WARRIOR, sneak=5 - i) for i in range(heroes)]
    state = start(team)
    for hero in state["heroes"]:
        hero["cell"] = cell_index("C2")
    return state, place(state, cell_index("C2"), "stranger", influence=3, fight=1, hp=2, sneak=1)


def _confront(state: dict, thug: int, *faces: int) -> dict:
    state = do(state, "confront", encounter=thug, attribute="influence")
    state = do(state, "roll", dice=d6(*faces))
    return do(state, "fate", use="no") if step_id(state) == "fate" else state


def test_only_the_first_confront_test_with_a_stranger_can_make_it_an_enemy_across_days():
    """"Action: Confront", Strangers: "if the hero has zero total successes after their
    first Confront Test with this Stranger, the Stranger becomes an Enemy". Day 1: one
    success (no Enemy); Day 2, the successes discarded at Dawn, a Test with none: still no
    Enemy token, no engagement."""
    state, thug = _stranger()
    state = _confront(state, thug, 5, 1)
    assert state["encounters"][0]["confronted_by"] == [0]
    state = _night(state)
    assert state["heroes"][0]["successes"] == []
    state = _confront(state, thug, 1, 1)
    assert state["encounters"][0]["enemy_of"] == [] and state["heroes"][0]["enemy_tokens"] == 4
    assert state["procedure"] is None


def test_a_strangers_first_test_is_each_heros_own():
    """Strangers: "their first Confront Test with this Stranger ... becomes an Enemy to that
    hero". Hero 1 has met the Stranger (one success); Hero 2's first Test rolls none: the
    Stranger becomes Hero 2's Enemy, not Hero 1's."""
    state, thug = _stranger(heroes=2)
    state = _confront(state, thug, 6, 1)
    assert state["active_hero"] == 1
    state = _confront(state, thug, 1, 1)
    enc = next(e for e in state["encounters"] if e["id"] == thug)
    assert enc["enemy_of"] == [1] and enc["confronted_by"] == [0, 1]
    assert state["procedure"]["name"] == "battle" and state["procedure"]["data"]["hero"] == 1


# --- Stage 2: Evasion Opportunity -----------------------------------------------------------------


def _evaded() -> dict:
    state = start()
    state["heroes"][0]["max_hp"] = 6
    state = do(do(state, "hide"), "move", to="C2")
    state = do(state, "encounter", type="enemy", fight=2, hp=2, sneak=1)
    state = do(state, "stance", choice="evade")
    return do(state, "evade_roll", dice=d6(6, 1))


def test_a_second_card_beside_an_evaded_foe_still_blocks_rest():
    """"Stage 2": only the evaded foe is "as if [it] doesn't exist"; "Action: Rest",
    Restriction: "a location with no encounters" - a Quest beside it still refuses Rest
    (and Search: "no encounter")."""
    state = _evaded()
    place(state, cell_index("C2"), "quest", study=2)
    assert refused(state, "rest").short == "Encounter here"
    assert refused(state, "search").short == "Encounter here"


def test_the_evaded_foe_is_back_the_next_day():
    """"Stage 2": "until either the Day ends": the Night's Dawn ends the evasion, and the
    Enemy is engaged at the start of the hero's first turn ("7. Hero Turn")."""
    state = _evaded()
    state = camp_all(state)
    state = do(state, "night_card", location="A1", type="weather")
    state = do(state, "next")
    assert state["heroes"][0]["evaded"] == []
    assert state["procedure"]["name"] == "battle"


# --- Team Engagement, Step 3 ----------------------------------------------------------------------


def test_team_defeat_checks_run_clockwise_from_the_active_hero_in_a_four_hero_game():
    """"Team Engagement", "Step 3 - Hero Defeated Check: Resolved by each Team hero
    separately, starting with the active hero and continuing clockwise." Hero 3 active
    with Heroes 1 and 4: the active hero survives, Hero 4 then Hero 1 fall - Hero 4 Camps
    first and takes the First Hero marker ("Action or Camp"), and loses a card first."""
    heroes = [dict(WARRIOR, sneak=1) for _ in range(4)]
    heroes[2]["sneak"] = 5
    state = start(heroes, mode="coop")
    assert state["active_hero"] == 2
    for i in (0, 2, 3):
        state["heroes"][i]["cell"] = cell_index("C2")
    state["heroes"][2]["hp"] = 4
    wolf = place(state, cell_index("C2"), "enemy", fight=4, hp=9, sneak=1)
    state = do(do(state, "engage", encounter=wolf, team="H1+H4"), "trap")
    while step_id(state) == "hero_roll":
        state = do(state, "hero_fight", dice=d6(1, 1, 1))
    faces = iter(([1, 1, 1, 1], [6, 6, 6, 6], [6, 6, 6, 6]))  # against Heroes 3, 1, 4
    while step_id(state) == "foe_roll":
        state = do(state, "foe_fight", dice=d6(*next(faces)))
    state = do(state, "fate", use="no") if step_id(state) == "fate" else state
    assert [h["defeated"] for h in state["heroes"]] == [True, False, False, True]
    assert state["pending_losses"] == [3, 0]
    assert state["first_hero"] == 3 and state["first_camper"] == 3


# --- Ancient Battles: an eliminated hero's First Hero marker --------------------------------------


def test_an_eliminated_first_camper_passes_the_marker_clockwise():
    """"Ancient Battles": "All rules and card references to heroes no longer include that
    hero"; the box passes a marker an eliminated hero holds clockwise (the doc's "An
    eliminated hero is out"). Hero 1 Camped first and holds it; eliminated, the marker goes
    to Hero 2, who also keeps it for the next Day's first turn (Breaking Camp)."""
    from games.kilforth.heroes import eliminate

    state = start([dict(WARRIOR, sneak=5), WARRIOR, WARRIOR], mode="coop")
    state = do(state, "camp")
    assert state["first_camper"] == 0 and state["first_hero"] == 0
    eliminate(state, 0)
    assert state["first_hero"] == 1 and state["first_camper"] == 1
    state = _night(state)
    assert state["day"] == 2 and state["active_hero"] == 1 and state["first_hero"] == 1


# --- 12. Additional Rules: Obstacles --------------------------------------------------------------


def test_obstacles_have_no_upper_limit_and_never_go_below_zero():
    """'12. Additional Rules', Obstacles: "There's no limit to the number of obstacles at a
    location." 0 and 25 are accepted; -1 is not a number of tokens."""
    state = do(start(), "location", location="C2", obstacles=25)
    assert state["map"][cell_index("C2")]["obstacles"] == 25
    state = do(state, "location", location="C2", obstacles=0)
    assert state["map"][cell_index("C2")]["obstacles"] == 0
    refused(state, "location", location="C2", obstacles=-1)


# --- Saves from before the audit (schema 4) -------------------------------------------------------


def test_schema_4_saves_are_migrated_with_who_met_each_stranger():
    """A schema-4 save has no ``long_rested`` and no ``confronted_by``: the hero took no
    Long Rest (unknown: no), and a hero holding successes against an encounter today has
    Tested it; the migrated save plays on."""
    state, thug = _stranger(heroes=2)
    state = _confront(state, thug, 5, 1)
    old = {**state, "schema": 4}
    old["heroes"] = [{k: v for k, v in h.items() if k != "long_rested"} for h in state["heroes"]]
    old["encounters"] = [{k: v for k, v in e.items() if k != "confronted_by"} for e in state["encounters"]]
    new = migrate(GAME, old)
    assert new["schema"] == SCHEMA_VERSION == 5
    assert [h["long_rested"] for h in new["heroes"]] == [False, False]
    assert new["encounters"][0]["confronted_by"] == [0]
    after = apply(GAME, new, Command("hide", {})).state
    assert after["heroes"][1]["hidden"]


# --- 10. Deeds: during an Action ------------------------------------------------------------------


def _two_heroes() -> dict:
    return start([dict(WARRIOR, sneak=3), WARRIOR], mode="coop")


def test_a_move_that_draws_a_stranger_waits_for_the_movers_deeds():
    """'10. Deeds': "A hero may perform a Deed at any time during their turn - including
    during an Action". Hero 1's Move draws a Stranger: the Move waits (Hero 1 still
    active), Hero 1 Overcomes it and claims the reward, the Move waits again (another Deed
    may follow), and ``next`` ends it: play passes to Hero 2 ("Daylight Turns")."""
    state = do(_two_heroes(), "move", to="C2")
    state = do(state, "encounter", type="stranger", influence=2, gold=2)
    assert step_id(state) == "deeds" and state["active_hero"] == 0
    farmer = state["encounters"][0]["id"]
    state = do(state, "overcome", encounter=farmer)
    assert step_id(state) == "reward"
    state = do(state, "reward", loot="gold", rumour="card")
    assert step_id(state) == "deeds" and state["active_hero"] == 0
    assert (state["heroes"][0]["gold"], state["heroes"][0]["ap"]) == (3, 3)
    state = do(state, "next")
    assert state["procedure"] is None and state["active_hero"] == 1
    assert state["heroes"][1]["ap"] == 4


def test_a_hidden_mover_stands_up_and_overcomes_during_the_move():
    """"Example Solo Hero Turn" with two heroes: Hidden, the hero draws the Farmer, "decides
    to come out of Hiding" ("A hero can choose to no longer be Hidden at any point") and
    Overcomes it - all during the Move; "Hidden heroes cannot perform Deeds" before."""
    state = do(_two_heroes(), "hide")
    state = do(state, "hide")  # Hero 2 hides too; Hero 1 again
    state = do(state, "move", to="C2")
    state = do(state, "encounter", type="stranger", influence=2, gold=1)
    farmer = state["encounters"][0]["id"]
    assert refused(state, "overcome", encounter=farmer).short == "Hidden: no Deeds"
    state = do(state, "unhide")
    assert not state["heroes"][0]["hidden"] and state["heroes"][1]["hidden"]
    state = do(do(state, "overcome", encounter=farmer), "reward", loot="gold", rumour="card")
    assert state["encounters"] == [] and state["heroes"][0]["rumours"] == 2


def test_a_search_waits_for_deeds_and_an_exchange_may_be_one():
    """'10. Deeds' during a Search Action: Hero 1 gives Hero 2 (here too) 1 gold while the
    Quest drawn waits; then play passes. No other Action is taken during it."""
    state = _two_heroes()
    for hero in state["heroes"]:
        hero["cell"] = cell_index("C2")
    state = do(state, "search")
    state = do(state, "encounter", type="quest", study=2)
    assert step_id(state) == "deeds"
    assert refused(state, "hide").short == "Not in Daylight"
    state = do(state, "exchange", **{"with": "H2", "gold": 1})
    assert step_id(state) == "deeds" and [h["gold"] for h in state["heroes"]] == [0, 2]
    state = do(state, "next")
    assert state["active_hero"] == 1


def test_no_wait_after_an_enemy_drawn_an_event_or_in_a_solo_game():
    """The wait is for a card that stays on the map: an Enemy drawn is engaged at once and
    the Move ends with the battle; an Event "resolved immediately ... and then discarded"
    ends it after its reminder. Alone in the game, play passes to the same hero, whose
    next turn allows the same Deeds (the "Example Solo Hero Turn" Overcomes after its Move)."""
    state = do(_two_heroes(), "move", to="C2")
    state = do(state, "encounter", type="event")
    assert step_id(state) == "event"
    state = do(state, "next")
    assert state["procedure"] is None and state["active_hero"] == 1
    state = do(start(), "move", to="C2")
    state = do(state, "encounter", type="place", sneak=2)
    assert state["procedure"] is None and state["active_hero"] == 0


# --- Variant for the Cooperative Game: the Finale --------------------------------------------------


def _finale(mode: str = "coop", coop_finale: bool = True, heroes: int = 3) -> dict:
    team = [dict(WARRIOR, sneak=3)] + [WARRIOR] * (heroes - 1)
    state = start(team, mode=mode, coop_finale=coop_finale)
    for hero in state["heroes"]:
        hero.update(cell=cell_index("B2"), rumours=0)
    state["heroes"][0]["chapter"] = 5
    return state


def test_a_coop_finale_reached_with_a_hero_sent_away_keeps_its_successes_uncompleted():
    """"Variant for the Cooperative Game: All heroes must be at the same location as the
    active hero in order for their Finale to be completed." Hero 3 is defeated during the
    Test ("Returns their hero figure to Sprawl City"): 2 of 2 successes, yet chapter 5 stays,
    no Totem, and the 2 successes are kept as after any Finale Test not yet complete."""
    state = do(_finale(), "regale", finale=2, attribute="fight")
    state = do(state, "adjust", track="hero3.hp", delta=-4)
    state = do(state, "roll", dice=d6(6, 6, 1))
    hero = state["heroes"][0]
    assert hero["chapter"] == 5
    assert hero["successes"] == [{"encounter": None, "attribute": "fight", "count": 2}]
    assert not any(a["in_play"] for a in state["ancients"])
    assert state["procedure"] is None and state["active_hero"] == 1


def test_the_coop_finale_variant_ignores_an_eliminated_hero_and_binds_only_when_played():
    """The variant binds "All heroes" still in the game ("Ancient Battles": "All rules ... no
    longer include that hero"): an eliminated Hero 3 in Sprawl City does not stop it. Without
    the variant (it is a variant), or in the competitive game, a hero elsewhere does not."""
    from games.kilforth.heroes import eliminate

    state = _finale()
    eliminate(state, 2)
    state = do(do(state, "regale", finale=1, attribute="fight"), "roll", dice=d6(6, 1, 1))
    assert state["heroes"][0]["chapter"] == 6 and step_id(state) == "totem"
    for mode, variant in (("coop", False), ("competitive", False)):
        state = _finale(mode, variant)
        state["heroes"][1]["cell"] = cell_index("D4")
        state = do(do(state, "regale", finale=1, attribute="fight"), "roll", dice=d6(6, 1, 1))
        assert state["heroes"][0]["chapter"] == 6, mode


# --- 4. Winning the Game: Victory Points count the cards in play -----------------------------------


def test_a_defeated_heros_lost_asset_takes_its_entered_gold_out_of_the_victory_points():
    """"Hero Defeated": "Either sacrifices 1 asset or discards 1 rumour"; "Victory Points:
    ... the gold value of their cards in play". Two assets worth 3 + 4: the one lost (4,
    no unique keyword named) is entered with its gold value - 3 stay; gold 0 after defeat."""
    state = start()
    state["heroes"][0].update(assets=2, asset_gold=7, rumours=0)
    state = do(state, "adjust", track="hero1.hp", delta=-4)
    state = do(state, "lose_card", card="asset", gold=4)
    hero = state["heroes"][0]
    assert (hero["assets"], hero["asset_gold"], hero["gold"]) == (1, 3, 0)


def test_giving_away_every_asset_moves_all_their_gold_to_the_taker():
    """"Deed: Exchange": "Assets move from play area to play area, remaining assets": both of
    the giver's assets (3 + 4 gold, their values not entered) leave the giver's Victory
    Points and count in the taker's."""
    state = start([dict(WARRIOR, sneak=3), WARRIOR], mode="coop")
    state["heroes"][0].update(assets=2, asset_gold=7)
    state = do(state, "exchange", **{"with": "H2", "assets": 2})
    giver, taker = state["heroes"]
    assert (giver["assets"], giver["asset_gold"]) == (0, 0)
    assert (taker["assets"], taker["asset_gold"]) == (2, 7)


# --- 12. Additional Rules: Gold --------------------------------------------------------------------


def test_gold_has_no_limit_but_the_dial_turns_up_to_999():
    """'12. Additional Rules', Gold: "There is no limit to how much gold a hero can have." A
    sale takes 998 gold to 1001 (Market, Sell: half of 6, rounded down, = 3); the dial then
    turns it down, and a dial turn up stops where the dial's reach (999) or the gold is."""
    state = start()
    state["heroes"][0].update(gold=998, assets=1, asset_gold=6)
    state = do(state, "market", sell_assets=1, sold_gold=6, sell=3)
    assert state["heroes"][0]["gold"] == 1001
    state = do(state, "adjust", track="hero1.gold", delta=-1)
    assert state["heroes"][0]["gold"] == 1000
    refused(state, "adjust", track="hero1.gold", delta=1)
    state["heroes"][0]["gold"] = 998
    assert do(state, "adjust", track="hero1.gold", delta=1)["heroes"][0]["gold"] == 999
    refused(do(state, "adjust", track="hero1.gold", delta=1), "adjust", track="hero1.gold", delta=1)


def test_a_hero_defeated_while_the_move_waits_loses_a_card_and_play_passes():
    """"Important: If a hero loses their last HP by other means ... they are defeated with the
    same consequences": "Make Camp and end their turn immediately", "Either sacrifices 1
    asset or discards 1 rumour". HP turned to 0 on the dial while the Move waits for Deeds:
    the lost card is asked, then play passes to Hero 2."""
    state = do(_two_heroes(), "move", to="C2")
    state = do(state, "encounter", type="place", sneak=2)
    assert step_id(state) == "deeds"
    state = do(state, "adjust", track="hero1.hp", delta=-4)
    assert step_id(state) == "deeds_loss" and state["heroes"][0]["cell"] == cell_index("C3")
    state = do(state, "lose_card", card="rumour")
    assert state["procedure"] is None and state["active_hero"] == 1
    assert state["heroes"][0]["rumours"] == 0 and state["heroes"][0]["camped"]


# --- 10. Deeds: "at any time during their turn" ----------------------------------------------------


def _battle_beside_a_stranger() -> tuple[dict, int, int]:
    """A solo hero at C2 battling a Wolf (no Surprise), a Stranger beside it; at the Skirmish."""
    state = start()
    state["heroes"][0]["cell"] = cell_index("C2")
    wolf = place(state, cell_index("C2"), "enemy", fight=3, hp=5, sneak=1, gold=2)
    farmer = place(state, cell_index("C2"), "stranger", influence=2, gold=1)
    state = do(do(state, "engage", encounter=wolf, team="none"), "trap")
    assert step_id(state) == "hero_roll"
    return state, wolf, farmer


def test_an_overcome_of_another_card_during_a_battle_returns_to_the_battle():
    """'10. Deeds': "including during ... an engagement": Overcoming the Stranger beside the
    foe claims its reward, and the battle goes on at the same step against the Wolf."""
    state, wolf, farmer = _battle_beside_a_stranger()
    state = do(state, "overcome", encounter=farmer)
    state = do(state, "reward", loot="gold", rumour="card")
    assert state["procedure"]["name"] == "battle" and step_id(state) == "hero_roll"
    assert [e["id"] for e in state["encounters"]] == [wolf] and state["heroes"][0]["gold"] == 2


def test_an_overcome_of_the_encounter_under_test_ends_the_confront_action():
    """"Deed: Overcome": "automatically defeat the encounter ... The hero claims a reward",
    during the Confront Action that Tests it (the roll not made yet): the reward is the
    Overcome's, the Action (1 AP) is over and play passes ("Daylight Turns")."""
    state = start([dict(WARRIOR, sneak=3), WARRIOR], mode="coop")
    state["heroes"][0]["cell"] = cell_index("C2")
    quest = place(state, cell_index("C2"), "quest", study=3, gold=2)
    state = do(state, "confront", encounter=quest, attribute="study")
    state = do(state, "overcome", encounter=quest)
    assert step_id(state) == "reward"
    state = do(state, "reward", loot="gold", rumour="card")
    hero = state["heroes"][0]
    assert state["encounters"] == [] and (hero["gold"], hero["ap"], hero["successes"]) == (3, 3, [])
    assert state["procedure"] is None and state["active_hero"] == 1


def test_deeds_at_every_step_but_not_at_night_nor_an_assault_mid_step():
    """Deeds are "during their turn": not at Night (the Night's Event Test waits: a Resolve is
    refused); an Assault, an engagement of its own, waits for the step in hand to end; a
    hero with no HP in a battle heals nothing before the Hero Defeated Check ("When a hero
    loses their last HP, they are defeated")."""
    state, wolf, _ = _battle_beside_a_stranger()
    state["heroes"][0]["loot"] = 2
    state["ancients"][0].update(in_play=True, cell=cell_index("C2"), hp=5, max_hp=5)
    assert refused(state, "assault", ancient=1).short == "Finish the step"
    state["heroes"][0]["hp"] = 0
    assert refused(state, "resolve", source="Loot token", heal=1).short == "0 HP: defeated"
    night = camp_all(start())
    night = do(night, "night_card", location="A1", type="event")
    night["heroes"][0]["loot"] = 1
    night = do(night, "test", attribute="fight", needed=1)
    assert refused(night, "resolve", source="Loot token", ap=1).short == "Not in Daylight"


def test_a_stranger_made_an_enemy_on_purpose_after_tests_in_influence():
    """Strangers: "The hero can choose to intentionally make the Stranger an Enemy (instead of
    rolling) as their Confront Action" - it Tests no attribute, so successes held in
    Influence do not bar it; the Enemy token is placed and the battle begins."""
    state, thug = _stranger()
    state = _confront(state, thug, 5, 1)
    state = do(state, "confront", encounter=thug, attribute="enemy")
    assert state["encounters"][0]["enemy_of"] == [0] and state["procedure"]["name"] == "battle"
    assert state["heroes"][0]["enemy_tokens"] == 3


# --- Hero Defeated: "Cannot be affected by abilities or effects" -----------------------------------


def test_the_nights_event_does_not_test_a_defeated_first_hero_by_default():
    """"Hero Defeated": "Cannot be affected by abilities or effects (e.g. Night cards)"; the
    First Hero chooses a Night Event's choices and is Tested unless another is named (the
    doc's reading). Hero 1, the First Hero, falls to Gloom: the Event's Test of Hero 1 is
    refused, Hero 2's is taken."""
    state = start([dict(WARRIOR, sneak=3), WARRIOR], mode="coop")
    state["heroes"][0].update(cell=cell_index("B2"), hp=1, rumours=0)
    state["map"][cell_index("B2")].update(gloom=True, gloom_hp=1)
    state = camp_all(state)
    assert state["heroes"][0]["defeated"] and state["first_hero"] == 0
    state = do(state, "night_card", location="E5", type="event")
    assert refused(state, "test", attribute="fight", needed=1).short == "Defeated: unaffected"
    assert do(state, "test", attribute="fight", needed=1, hero="H2")["procedure"]["data"]["hero"] == 1


def test_an_eliminated_hero_returns_every_enemy_token():
    """"Ancient Battles": "All their cards and tokens are returned to their appropriate discard
    piles and token supplies": both Strangers holding Hero 1's Enemy tokens are nobody's Enemy
    (Hero 2's token stays), and Hero 1 holds no Enemy token."""
    from games.kilforth.heroes import eliminate

    state = start([dict(WARRIOR, sneak=3), WARRIOR], mode="competitive")
    for cell in ("B2", "D4"):
        place(state, cell_index(cell), "stranger", influence=2)
    state["encounters"][0]["enemy_of"] = [0, 1]
    state["encounters"][1]["enemy_of"] = [0]
    state["heroes"][0]["enemy_tokens"] = 2
    eliminate(state, 0)
    assert [e["enemy_of"] for e in state["encounters"]] == [[1], []]
    assert state["heroes"][0]["enemy_tokens"] == 0
