"""Edges of '4. Winning the Game' read from the rulebook alone: Victory Points count the
cards in play, whatever way a card leaves play."""

from games.kilforth import rules
from games.kilforth.state import cell_index

from .helpers import WARRIOR, camp_all, d6, do, place, start, step_id


def _one_asset(**hero) -> dict:
    """A solo hero with 2 gold and one asset in play worth 3 gold (keyword not named)."""
    state = start()
    state["heroes"][0].update({"gold": 2, "assets": 1, "asset_gold": 3, **hero})
    assert rules.victory_points(state["heroes"][0]) == state["heroes"][0]["gold"] + 3
    return state


def _no_asset_left(hero: dict, gold: int) -> None:
    """"Victory Points: Each hero's Victory Point score is the sum of their gold plus the gold
    value of their cards in play (assets)" - no card in play: the score is the gold."""
    assert hero["assets"] == 0
    assert hero["asset_gold"] == 0
    assert rules.victory_points(hero) == gold


def test_the_asset_a_defeated_hero_sacrifices_leaves_the_victory_points():
    """"Hero Defeated": "Either sacrifices 1 asset or discards 1 rumour" and "Returns their
    gold to the token supply"; "Victory Points: ... the sum of their gold plus the gold value
    of their cards in play (assets)". The only asset (3 gold) is sacrificed: VP 0."""
    state = _one_asset(rumours=0)
    state = do(state, "adjust", track="hero1.hp", delta=-4)
    state = do(state, "lose_card", card="asset")
    _no_asset_left(state["heroes"][0], 0)


def test_the_asset_a_trap_sacrifices_leaves_the_victory_points():
    """"Trap": "A Trap specifies a cost that must be paid by the active hero" (e.g. 'Trap:
    Sacrifice 1 Ally'); "Sacrifice: ... removing its card from play". The only asset goes:
    VP = gold (2)."""
    state = _one_asset()
    state["heroes"][0]["cell"] = cell_index("C2")
    wolf = place(state, cell_index("C2"), "enemy", fight=1, hp=5, sneak=1)
    state = do(state, "engage", encounter=wolf, team="none")
    assert step_id(state) == "trap"
    state = do(state, "trap", assets=1)
    _no_asset_left(state["heroes"][0], 2)


def test_the_asset_a_trap_sacrifices_with_its_gold_named_leaves_the_victory_points():
    """The same Trap with the card's gold value entered (3): VP = gold (2)."""
    state = _one_asset()
    state["heroes"][0]["cell"] = cell_index("C2")
    wolf = place(state, cell_index("C2"), "enemy", fight=1, hp=5, sneak=1)
    state = do(state, "engage", encounter=wolf, team="none")
    state = do(state, "trap", assets=1, asset_gold=3)
    _no_asset_left(state["heroes"][0], 2)


def test_the_asset_sold_at_market_leaves_the_victory_points():
    """"Action: Market", Option 3 - Sell: "sacrifice (discard from play area) 1 or more
    assets. Each discarded/sacrificed card earns the hero gold equal to half that card's gold
    value, rounded down" - the 3-gold asset sells for 1: gold 3, VP 3."""
    state = _one_asset()
    state = do(state, "market", sell_assets=1, sold_gold=3, sell=1)
    hero = state["heroes"][0]
    assert hero["gold"] == 3
    _no_asset_left(hero, 3)


def test_the_asset_sacrificed_to_a_regale_leaves_the_victory_points():
    """"Saga Chapter Completion": "b. Select an asset ... Either keep the asset, or sacrifice
    it and gain gold equal to its gold value". The only asset is sacrificed: it is no longer
    in play, so it no longer counts (VP = gold)."""
    state = _one_asset(gold=5, rumours=2)
    state = do(state, "regale", rumours=2, sacrificed=1)
    hero = state["heroes"][0]
    assert hero["chapter"] == 2 and hero["assets"] == 0
    _no_asset_left(hero, hero["gold"])


def test_the_asset_given_away_leaves_the_givers_victory_points():
    """"Deed: Exchange": "Assets move from play area to play area, remaining assets" - the
    giver's only asset is in the taker's play area now: the giver's VP is their gold (2)."""
    state = start([dict(WARRIOR, sneak=3), WARRIOR], mode="coop")
    state["heroes"][0].update(gold=2, assets=1, asset_gold=3)
    state = do(state, "exchange", **{"with": "H2", "assets": 1})
    _no_asset_left(state["heroes"][0], 2)


def test_a_totem_kept_as_an_asset_counts_and_a_totem_sold_counts_once():
    """"When a saga Finale is defeated ... either: a. put the Totem card into play as an
    asset, or b. remove the Totem card from the game and gain gold equal to its gold value"
    - either way the score rises by the Totem's gold (4), never twice."""
    state = start()
    state["heroes"][0].update(chapter=5, gold=1)
    state = do(state, "regale", finale=1, attribute="fight")
    state = do(state, "roll", dice=d6(6, 1, 1))
    assert step_id(state) == "totem"
    kept = do(state, "totem", totem="asset", gold=4)["heroes"][0]
    sold = do(state, "totem", totem="gold", gold=4)["heroes"][0]
    assert rules.victory_points(kept) == rules.victory_points(sold) == 5


def test_coop_victory_points_divide_by_the_heroes_who_started_rounded_up():
    """"In a cooperative game, the heroes' collective Victory Point score is the sum of each
    hero's Victory Point score, divided by the number of heroes who started the game, rounded
    up." Three heroes: 1 + 0 + 0 = 1, / 3 = 1/3, rounded up: 1 (the game is lost by time and
    the score shown)."""
    state = start([dict(WARRIOR, sneak=3), WARRIOR, WARRIOR], mode="coop")
    for hero, gold in zip(state["heroes"], (1, 0, 0), strict=True):
        hero["gold"] = gold
    state["night_deck"]["draw"] = state["night_deck"]["draw"][:1]
    while state["procedure"] is None:
        state = do(state, "camp")
    state = do(state, "night_card", location="A1", type="weather")
    assert state["over"]["result"] == "loss"
    assert "VP 1" in state["over"]["text"]


# --- The end of the game -------------------------------------------------------------------------

def _last_night(state: dict) -> dict:
    """Leave one card in the Night deck: the final Day."""
    state["night_deck"]["draw"] = state["night_deck"]["draw"][:1]
    return state


def test_the_game_ends_only_once_the_last_night_card_is_resolved():
    """"4. Winning the Game": "the game ends once the last Night card is drawn and resolved."
    The last card is an Event: while it is being resolved the game is not over yet; once
    resolved, time is up - lost (solo: the Ancient stands)."""
    state = _last_night(start())
    state = do(state, "camp")
    state = do(state, "night_card", location="A1", type="event")
    assert step_id(state) == "event" and not state.get("over")
    state = do(state, "next")
    assert state["over"]["result"] == "loss"


def test_coop_time_up_with_one_of_two_ancients_standing_is_lost():
    """"In the cooperative and solo games: The game is won if all Ancients are defeated before
    time runs out ... Otherwise the game is lost." One of two defeated: lost at the last
    Night card."""
    state = _last_night(start([dict(WARRIOR, sneak=3), WARRIOR], mode="coop"))
    state["ancients"][0].update(in_play=True, defeated=True, cell=None)
    state = camp_all(state)
    state = do(state, "night_card", location="A1", type="weather")
    assert state["over"]["result"] == "loss"


def test_competitive_the_ancients_slayer_wins_over_a_richer_hero():
    """"In the competitive game: The hero that defeats the Ancient before time runs out wins
    the game. If no hero achieves this, the hero with the most Victory Points wins" - Hero 2
    slays it while Hero 1 holds 50 gold: Hero 2 wins."""
    state = start([dict(WARRIOR, sneak=3), WARRIOR], mode="competitive")
    state["heroes"][0]["gold"] = 50
    state["ancients"][0].update(in_play=True, cell=cell_index("B2"), hp=1, max_hp=1, fight=0)
    state["heroes"][1].update(cell=cell_index("B2"), chapter=6)
    state["active_hero"] = 1
    state = do(state, "assault", ancient=1)
    state = do(state, "trap")
    state = do(state, "hero_fight", dice=d6(6, 1, 1))
    state = do(state, "foe_fight", dice=[])
    if step_id(state) == "fate":
        state = do(state, "fate", use="no")
    assert state["over"]["result"] == "win" and "Hero 2" in state["over"]["text"]


def test_a_second_finale_does_not_bring_the_ancients_again():
    """"Important: The first time a saga Finale is completed in the game by any hero, the
    Ancient (or all Ancients in the cooperative game) enters the map" - co-op: Hero 1's
    Finale asks for both Ancients' cards; Hero 2's later Finale asks for none and leaves the
    Ancients (and their damage) as they are."""
    state = start([dict(WARRIOR, sneak=3), WARRIOR], mode="coop")
    for hero in state["heroes"]:
        hero["chapter"] = 5
    state = do(state, "regale", finale=1, attribute="fight")
    state = do(state, "roll", dice=d6(6, 1, 1))
    state = do(state, "totem", totem="gold", gold=1)
    for cell in ("B2", "D4"):
        assert step_id(state) == "ancient"
        state = do(state, "ancient_card", location=cell, fight=3, hp=6, gold=5)
    assert [a["in_play"] for a in state["ancients"]] == [True, True]
    state["ancients"][0]["hp"] = 4  # damage from an earlier Assault
    assert state["active_hero"] == 1
    state = do(state, "regale", finale=1, attribute="fight")
    state = do(state, "roll", dice=d6(6, 1, 1))
    state = do(state, "totem", totem="gold", gold=1)
    assert state["procedure"] is None and state["heroes"][1]["chapter"] == 6
    assert [(a["cell"], a["hp"]) for a in state["ancients"]] == [(cell_index("B2"), 4), (cell_index("D4"), 6)]


def test_the_final_day_of_the_difficulty_variant_is_day_22():
    """"Note: You'll know it's the final Day when there's only one card left in the Night
    deck!" - with the Difficulty Variant's 3 discards, 22 cards: Day 22 is the last, and the
    game ends at its Night."""
    from .helpers import begin
    state = begin({"heroes": 1, "mode": "solo", "difficulty": True})
    state = do(state, "hero_values", **WARRIOR)
    for cell in ("A1", "A2", "A3"):
        state = do(state, "difficulty_discard", location=cell)
    state = do(state, "next")
    while not state.get("over"):
        state = camp_all(state)
        state = do(state, "night_card", location="B2", type="weather")
        if not state.get("over"):
            state = do(state, "next")
            if state["day"] == 22:
                assert len(state["night_deck"]["draw"]) == 1
    assert state["day"] == 22 and state["over"]["result"] == "loss"


def test_competitive_the_slayer_wins_even_when_the_ancient_takes_their_last_hp():
    """"In the competitive game: The hero that defeats the Ancient before time runs out wins the
    game"; the Foe Defeated Check comes before the Hero Defeated Check ("Note: Because this check
    happens before we check whether the hero is defeated, any reward for defeating the foe is
    gained even if the hero has no HP") - Hero 1 at 1 HP slays it in the round that kills them:
    Hero 1 wins."""
    state = start([dict(WARRIOR, sneak=3), WARRIOR], mode="competitive")
    state["ancients"][0].update(in_play=True, cell=cell_index("B2"), hp=1, max_hp=1, fight=1)
    state["heroes"][0].update(cell=cell_index("B2"), chapter=6, hp=1)
    state = do(state, "assault", ancient=1)
    state = do(state, "trap")
    state = do(state, "hero_fight", dice=d6(6, 1, 1))
    state = do(state, "foe_fight", dice=d6(6))
    if step_id(state) == "fate":
        state = do(state, "fate", use="no")
    assert state["over"]["result"] == "win" and "Hero 1" in state["over"]["text"]


def test_a_totem_put_into_play_at_six_assets_leaves_six():
    """"a. put the Totem card into play as an asset"; "Limit of 6: Each hero can only have a
    maximum of 6 assets in play ... they must discard down to 6"."""
    state = start()
    state["heroes"][0].update(chapter=5, assets=6, asset_gold=6)
    state = do(state, "regale", finale=1, attribute="fight")
    state = do(state, "roll", dice=d6(6, 1, 1))
    state = do(state, "totem", totem="asset", gold=4)
    assert state["heroes"][0]["assets"] == 6
