"""Edges of "Multiplayer Coop Mode" (Stories, Spirit Boost, Pressing On), written
from the rulebook alone (`rules/kreel-manor.md`): what the box must do at the
edges, each test quoting the line it checks."""

import pytest

from games.core import RuleError
from games.core.core_commands import command_specs
from tests.games.kreel.helpers import (
    GAME,
    do,
    finish_round,
    new,
    next_until,
    spirit_attack,
    step_id,
    to_spirit,
    with_threats,
)


def _boost_choices(state: dict) -> tuple:
    [param] = command_specs(GAME)["boost"].resolved_params(state)
    return param.choices


def _pressed_on(heroes: int, out: int, *threats: dict, **options) -> dict:
    """Hero 1's Play phase with ``threats`` in the Threat Area, hero ``out``
    (1-based) Wounded and Pressed On without."""
    state = next_until(with_threats(new(heroes=heroes, **options), *threats), "play.turn")
    state = do(state, "correct", track=f"hero{out}.spirit", value=0)
    assert step_id(state) == "wounded.press_on"
    state = do(state, "press_on", choice="press on")
    assert step_id(state) == "play.turn" and state["heroes"][out - 1]["out"]
    return state


# --- Stories: "Stories affect only their listed hero" ------------------------------


def test_another_heroes_story_does_not_attack_in_this_heroes_spirit_phase():
    """"Threats", Stories: "Stories affect only their listed hero – heroes may not
    help with, affect, or damage other heroes' Stories." Hero 2's Story (Spirit
    Cost 2) sits in the shared Threat Area beside a plain Threat (Spirit Cost 1):
    Hero 1's Spirit phase costs 1, Hero 2's costs 1 + 2 = 3."""
    state = with_threats(new(heroes=2, spirit=10),
                         {"kind": "story", "story_of": 1, "fight": 3, "spirit_cost": 2},
                         {"spirit_cost": 1})
    state = to_spirit(state)
    assert state["active_hero"] == 0
    assert spirit_attack(state) == 1
    state = finish_round(do(state, "block", points=0))
    assert [h["spirit"] for h in state["heroes"]] == [9, 10]
    state = to_spirit(state)
    assert state["active_hero"] == 1
    assert spirit_attack(state) == 3


def test_another_heroes_story_alone_asks_no_block():
    """"Threats", Stories: "Stories affect only their listed hero". With only Hero
    2's Story in play, Hero 1's Spirit phase has nothing attacking (no Block to
    ask, no Spirit lost); the Story is not Exhausted by an attack it did not make
    ("5. Spirit Phase" A: each attacking Threat is Exhausted)."""
    state = with_threats(new(heroes=2, spirit=10),
                         {"kind": "story", "story_of": 1, "fight": 3, "spirit_cost": 2})
    state = to_spirit(state)
    assert step_id(state) != "spirit.block"
    assert state["heroes"][0]["spirit"] == 10
    assert state["threat_area"][0]["exhausted"] is False


def test_the_solo_heroes_own_story_attacks():
    """"Threats", Stories: Stories affect "their listed hero"; Glossary, Another
    hero: in solo play the Story is the hero's own: its Spirit Cost 2 attacks
    beside a Threat's 1: 3 in all ("5. Spirit Phase" A)."""
    state = with_threats(new(spirit=10),
                         {"kind": "story", "story_of": 0, "fight": 3, "spirit_cost": 2},
                         {"spirit_cost": 1})
    assert spirit_attack(to_spirit(state)) == 3


# --- Spirit Boost: "may be applied to any hero, ... cannot be split" ----------------


def test_a_boost_from_another_heroes_defeat_ability_is_asked_for():
    """"Multiplayer Coop Mode", Spirit Boost: "A Spirit Boost effect on any Skill,
    defeated Threat, etc. may be applied to any hero, but each Spirit Boost
    instance cannot be split between heroes". Hero 2's ability defeats a Threat
    with Spirit Boost 3: nobody's Spirit moves until the team chooses; the choice
    starts on Hero 2 ("Defeat": the hero who defeated it); chosen Hero 1, Hero 1
    gets all 3."""
    state = next_until(with_threats(new(heroes=2, spirit=4), {"fight": 2, "spirit_boost": 3}),
                       "play.turn")
    state = do(state, "defeat", threat=1, hero=2)
    assert step_id(state) == "spirit-boost.boost"
    assert [h["spirit"] for h in state["heroes"]] == [4, 4]
    [param] = command_specs(GAME)["boost"].resolved_params(state)
    assert param.choices == ("Hero 1", "Hero 2") and param.default == "Hero 2"
    state = do(state, "boost", hero="Hero 1")
    assert [h["spirit"] for h in state["heroes"]] == [7, 4]
    assert step_id(state) == "play.turn"


def test_a_boost_from_a_defeat_ability_with_four_heroes_offers_all_four():
    """"Multiplayer Coop Mode", Spirit Boost: "may be applied to any hero" - the
    last of four heroes too."""
    state = next_until(with_threats(new(heroes=4, spirit=4), {"fight": 2, "spirit_boost": 2}),
                       "play.turn")
    state = do(state, "defeat", threat=1, hero=3)
    assert _boost_choices(state) == ("Hero 1", "Hero 2", "Hero 3", "Hero 4")
    state = do(state, "boost", hero="Hero 4")
    assert [h["spirit"] for h in state["heroes"]] == [4, 4, 4, 6]


def test_a_boost_is_whole_and_capped_at_the_chosen_heroes_maximum():
    """"Multiplayer Coop Mode", Spirit Boost: "each Spirit Boost instance cannot be
    split between heroes"; "Symbol Explanations": the hero heals "(up to their
    maximum)". Boost 3 to a hero at 9/10 gives 10; the other hero gets nothing."""
    state = next_until(with_threats(new(heroes=2, spirit=9, max_spirit=10),
                                    {"fight": 2, "spirit_boost": 3}), "play.turn")
    state = do(state, "correct", track="hero1.spirit", value=4)
    state = do(state, "use", action="fight", target="1 Threat 1", bonus=1)
    state = do(state, "boost", hero="Hero 2")
    assert [h["spirit"] for h in state["heroes"]] == [4, 10]


def test_a_threat_without_a_boost_asks_nothing():
    """"Threats": "Spirit Boost – How much Spirit the hero regains when the Threat
    is defeated": a Boost of 0 regains nothing, so there is nothing to apply."""
    state = next_until(with_threats(new(heroes=2, spirit=4), {"fight": 2, "spirit_boost": 0}),
                       "play.turn")
    state = do(state, "use", action="fight", target="1 Threat 1", bonus=1)
    assert state["threat_area"] == [] and step_id(state) == "play.turn"
    assert [h["spirit"] for h in state["heroes"]] == [4, 4]


# --- Pressing On: "All of the Wounded hero's cards and game elements are removed" ---


def test_a_pressed_on_heroes_ability_cannot_damage():
    """"Multiplayer Coop Mode", Pressing On: "All of the Wounded hero's cards and
    game elements are removed from play". Hero 2 is out: an ability of Hero 2
    deals no damage (refused, the Threat untouched); Hero 1's still does."""
    state = _pressed_on(2, 2, {"fight": 3})
    with pytest.raises(RuleError):
        do(state, "damage", target="1 Threat 1", value="fight", amount=1, hero=2)
    state = do(state, "damage", target="1 Threat 1", value="fight", amount=1, hero=1)
    assert state["threat_area"][0]["damage"]["fight"] == 1


@pytest.mark.parametrize("heroes", [2, 3])
def test_a_pressed_on_heroes_ability_cannot_defeat(heroes):
    """"Multiplayer Coop Mode", Pressing On: "All of the Wounded hero's cards and
    game elements are removed from play": a defeat by Hero 2's ability, Hero 2
    out, is refused; the Threat stays and Hero 2 stays at 0 Spirit (no Boost)."""
    state = _pressed_on(heroes, 2, {"fight": 3, "spirit_boost": 1})
    with pytest.raises(RuleError):
        do(state, "defeat", threat=1, hero=2)
    assert [t["id"] for t in state["threat_area"]] == [1]
    assert state["heroes"][1]["spirit"] == 0


def test_a_pressed_on_hero_is_not_offered_a_boost():
    """"Multiplayer Coop Mode", Pressing On: the Wounded hero's "cards and game
    elements are removed from play"; "Defeat – Wounds": "If a hero is Wounded
    (has 0 Spirit) they are out of the Adventure". With three heroes and Hero 3
    out, a Boost is offered to Heroes 1 and 2 only."""
    state = _pressed_on(3, 3, {"fight": 2, "spirit_boost": 2}, spirit=4)
    state = do(state, "use", action="fight", target="1 Threat 1", bonus=1)
    assert step_id(state) == "spirit-boost.boost"
    assert _boost_choices(state) == ("Hero 1", "Hero 2")
    with pytest.raises(RuleError):
        do(state, "boost", hero="Hero 3")
    assert state["heroes"][2]["spirit"] == 0


def test_the_last_hero_in_gets_the_boost_without_a_question():
    """"Multiplayer Coop Mode", Spirit Boost "may be applied to any hero": with
    Hero 2 Pressed On without ("out of the Adventure"), Hero 1 is the only hero
    it can go to: the whole Boost 2 is theirs."""
    state = _pressed_on(2, 2, {"fight": 2, "spirit_boost": 2}, spirit=4)
    state = do(state, "use", action="fight", target="1 Threat 1", bonus=1)
    assert step_id(state) == "play.turn"
    assert [h["spirit"] for h in state["heroes"]] == [6, 0]


def test_a_pressed_on_heroes_confronted_threat_returns_to_the_shared_area():
    """"Multiplayer Coop Mode", Pressing On: "Any Threat they have Confronted
    returns to the shared Threat Area" and "any damage tokens they have inflicted
    or played on Threats, etc. remain"."""
    state = next_until(with_threats(new(heroes=2), {"fight": 4, "spirit_cost": 1}),
                       "play.turn")
    state = do(state, "confront", threat=1)
    state = do(state, "damage", target="1 Threat 1", value="fight", amount=2)
    state = do(state, "correct", track="hero1.spirit", value=0)
    state = do(state, "press_on", choice="press on")
    [threat] = state["threat_area"]
    assert threat["confronted_by"] is None and threat["damage"]["fight"] == 2


def _hero_2s_story_in_hero_1s_turn() -> dict:
    state = with_threats(new(heroes=2), {"kind": "story", "story_of": 1, "fight": 3,
                                         "spirit_cost": 1, "damage": {"fight": 1}})
    state = next_until(state, "play.turn")
    assert state["active_hero"] == 0
    return state


@pytest.mark.parametrize(("name", "params"), [
    ("discard", {"threat": 1}), ("return_threat", {"threat": 1}),
    ("remove_damage", {"threat": 1, "value": "fight", "amount": 1})],
    ids=["discard", "return", "remove_damage"])
def test_a_heros_ability_cannot_affect_another_heroes_story(name, params):
    """"Threats", Stories: "Stories affect only their listed hero – heroes may not help
    with, affect, or damage other heroes' Stories." In Hero 1's turn, Hero 1's ability
    (source hero) may not discard Hero 2's Story, return it to the Threat deck, or take
    its damage tokens off: refused, the Story untouched."""
    state = _hero_2s_story_in_hero_1s_turn()
    with pytest.raises(RuleError):
        do(state, name, **params)
    assert state["threat_area"][0]["damage"]["fight"] == 1


def test_a_threats_ability_may_still_affect_a_story():
    """"Threats", Stories: the rule binds "heroes"; Glossary, Shadows: "Threat abilities
    that affect Threats" are not heroes' - a Threat's ability (source threat) may take
    a Story's tokens off, or discard it (to the discard pile, no Spirit Boost)."""
    state = do(_hero_2s_story_in_hero_1s_turn(), "remove_damage", threat=1, value="fight",
               amount=1, source="threat")
    assert state["threat_area"][0]["damage"]["fight"] == 0
    state = do(state, "discard", threat=1, source="threat")
    assert state["threat_area"] == [] and state["threat_discard"] == 1
