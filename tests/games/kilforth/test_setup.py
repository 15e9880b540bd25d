"""'2. Setup': heroes, the map, the Night deck, the First Hero, and the tracks."""

from games.core import new_game
from games.kilforth import locations, rules
from games.kilforth.state import CITY, NIGHT_CARDS

from .helpers import GAME, WARRIOR, begin, do, refused, start, step_id


def test_solo_setup_gives_4_hp_4_fate_4_ap_on_sprawl_city():
    state = start()
    hero = state["heroes"][0]
    assert (hero["hp"], hero["fate"], hero["ap"], hero["gold"], hero["max_hp"]) == (4, 4, 4, 1, 5)
    assert hero["cell"] == CITY and state["map"][CITY]["name"] == "Sprawl City"
    assert len(state["map"]) == 25
    assert len(state["night_deck"]["draw"]) == NIGHT_CARDS
    assert sorted(state["night_deck"]["draw"]) == list(range(1, 26))
    assert state["procedure"] is None and state["active_hero"] == 0 and state["day"] == 1


def test_first_hero_is_highest_sneak():
    a = dict(WARRIOR, sneak=2)
    b = dict(WARRIOR, sneak=4)
    state = start([a, b, a])
    assert state["first_hero"] == 1 and state["active_hero"] == 1


def test_first_hero_tie_is_seeded_random_and_replays():
    heroes = [WARRIOR, WARRIOR, WARRIOR, WARRIOR]
    firsts = {start(heroes, seed=s)["first_hero"] for s in range(12)}
    assert len(firsts) > 1  # decided randomly...
    assert start(heroes, seed=3) == start(heroes, seed=3)  # ...by the seed in the state


def test_coop_draws_one_ancient_per_hero():
    assert len(start([WARRIOR, WARRIOR], mode="coop")["ancients"]) == 2
    assert len(start([WARRIOR, WARRIOR], mode="competitive")["ancients"]) == 1


def test_mode_and_hero_count_must_agree():
    import pytest

    from games.core import RuleError

    with pytest.raises(RuleError):
        new_game(GAME, {"heroes": 2, "mode": "solo"}, 1)
    with pytest.raises(RuleError):
        new_game(GAME, {"heroes": 1, "mode": "coop"}, 1)


def test_difficulty_variant_discards_three_night_cards_into_gloom():
    state = begin({"heroes": 1, "difficulty": True}, 1)
    state = do(state, "hero_values", **WARRIOR)
    for cell in ("A1", "B2", "E5"):
        assert step_id(state) == "discard"
        state = do(state, "difficulty_discard", location=cell)
    assert len(state["night_deck"]["draw"]) == 22
    assert len(state["night_deck"]["discard"]) == 3
    assert [c["name"] for c in state["map"] if c["gloom"]] == ["A1", "B2", "E5"]


def test_plots_ask_each_ancient_for_its_location_type():
    state = begin({"heroes": 1, "plots": True}, 1)
    state = do(state, "hero_values", **WARRIOR)
    assert step_id(state) == "ancient"
    state = do(state, "ancient_plot", terrain="forest")
    assert state["ancients"][0]["plot_terrain"] == "forest"


def test_hero_tracks_hp_ap_fate_gold_with_bounds():
    state = start()
    specs = {s.key: s for s in GAME.tracks(state)}
    assert {"hero1.hp", "hero1.ap", "hero1.fate", "hero1.gold", "hero1.max_hp"} <= set(specs)
    # max HP, assets, asset gold and attributes are off the Menhir dial (correct sets them)
    assert [s.key for s in GAME.tracks(state) if s.dial] == [
        "hero1.hp", "hero1.ap", "hero1.fate", "hero1.gold", "hero1.rumours", "hero1.loot"]
    assert do(state, "correct", track="hero1.fight", value=5)["heroes"][0]["fight"] == 5
    assert specs["hero1.hp"].high_in(state) == 5  # "A hero cannot gain more HP than their maximum"
    assert [s.key for s in GAME.tracks(state)][:4] == ["hero1.hp", "hero1.ap", "hero1.fate", "hero1.gold"]
    refused(state, "adjust", track="hero1.hp", delta=2)
    assert do(state, "adjust", track="hero1.hp", delta=1)["heroes"][0]["hp"] == 5


def test_map_adjacency_is_orthogonal():
    assert locations.adjacent(12, 7) and locations.adjacent(12, 13)
    assert not locations.adjacent(12, 6)  # diagonal
    assert not locations.adjacent(4, 5)  # row wrap is not adjacent


def test_each_hero_takes_the_setup_tokens_and_one_starting_reward():
    """"2. Setup", Hero Starting Rewards: "taking one into their hand" (a rumour);
    Tokens: "4 Health Points, 4 Fate tokens, X Starting Gold (listed on their Race
    card), 4 Enemy tokens, 1 Hidden token (used in Hide Actions), 4 Action Points";
    Hero Standees on Sprawl City. "Do not use Ancient Abilities or Plots in your first
    game": Plots are off unless chosen."""
    state = start([dict(WARRIOR, gold=2)])
    hero = state["heroes"][0]
    assert (hero["rumours"], hero["enemy_tokens"], hero["hidden"], hero["gold"]) == (1, 4, False, 2)
    assert (hero["hp"], hero["fate"], hero["ap"], hero["cell"]) == (4, 4, 4, CITY)
    assert state["plots"] is False and step_id(begin({"heroes": 1}, 1)) == "hero"


def test_no_card_is_ever_placed_on_sprawl_city():
    """"Sprawl City ... is considered 'safe' - no Enemy, Ancient, Plot, encounter, or
    other type of card may be placed here at any time": a card effect's encounter and
    the Ancient's card are refused there; the invariant refuses any state with one."""
    state = start()
    assert refused(state, "place_encounter").short == "Not on Sprawl City"
    state["heroes"][0]["chapter"] = 5
    state = do(state, "regale", finale=1, attribute="fight")
    state = do(state, "roll", dice=[{"kind": "d6", "face": 6}] * 3)
    state = do(state, "totem", totem="gold")
    assert refused(state, "ancient_card", location="C3").short == "Not on Sprawl City"
    broken = dict(state, encounters=[{"id": 9, "cell": CITY, "type": "place"}])
    assert "a card is on Sprawl City" in rules.invariants(broken)
