"""Damage tokens and defeat: "Damage Tokens", "Defeated Cards", "Multiple Threat
Values", "Multiple Threat Values with * symbols", "Overkill X"."""

import pytest

from games.core import Command, RuleError, apply
from tests.games.kreel.helpers import GAME, do, new, next_until, step_id, with_threats


def _play(*threats, **options) -> dict:
    return next_until(with_threats(new(**options), *threats), "play.turn")


def test_multiple_values_example():
    """Multiple Threat Values: Fight 4 and Sneak 4 hold up to 3 of each; the 4th
    token of either type defeats it (the Sneak tokens were wasted)."""
    state = _play({"fight": 4, "sneak": 4})
    state = do(state, "damage", target="1 Threat 1", value="sneak", amount=3)
    state = do(state, "damage", target="1 Threat 1", value="fight", amount=3)
    assert state["threat_area"][0]["damage"] == {"fight": 3, "influence": 0, "sneak": 3}
    state = do(state, "damage", target="1 Threat 1", value="fight", amount=1)
    assert state["threat_area"] == []


def test_excess_tokens_are_discarded():
    """Damage Tokens: a target cannot hold tokens exceeding any of its Threat values."""
    state = _play({"fight": 3, "sneak": 5})
    state = do(state, "damage", target="1 Threat 1", value="sneak", amount=2)
    assert state["threat_area"][0]["damage"]["sneak"] == 2
    state = do(state, "use", action="fight", target="1 Threat 1", bonus=9)  # 10 Fight: defeated
    assert state["threat_area"] == []


def test_no_tokens_for_a_value_it_does_not_have():
    """Explore/Engage: Fight 3 and Sneak 2 but no Influence: only Fight or Sneak."""
    state = _play({"fight": 3, "sneak": 2})
    before = state
    with pytest.raises(RuleError) as err:
        do(state, "use", action="influence", target="1 Threat 1")
    assert err.value.short == "No Influence value"
    assert state == before


def test_starred_values_must_all_be_beaten():
    """Multiple Threat Values with * symbols: ALL must be defeated, over rounds."""
    state = _play({"kind": "foe", "fight": 3, "sneak": 2, "starred": ["fight", "sneak"]})
    state = do(state, "damage", target="1 Threat 1", value="fight", amount=5)
    foe = state["threat_area"][0]
    assert foe["damage"]["fight"] == 3  # capped, still in play
    state = do(state, "damage", target="1 Threat 1", value="sneak", amount=2)
    assert state["threat_area"] == []
    assert state["defeated"] == [{"id": 1, "name": "Threat 1", "kind": "foe"}]
    assert state["threat_discard"] == 0  # Exiled Cards: a Foe is set aside


def test_mixed_star_and_plain_values_count_per_value():
    """"Multiple Threat Values with * symbols": ALL of the * values must be
    defeated; "Multiple Threat Values": one plain value bested defeats the Threat.
    A card printing Fight 4* Sneak 3* Influence 2: either both * values, or the
    plain Influence alone."""
    card = {"kind": "foe", "fight": 4, "sneak": 3, "influence": 2, "starred": ["fight", "sneak"]}
    state = _play(card)
    state = do(state, "damage", target="1 Threat 1", value="fight", amount=4)
    assert state["threat_area"][0]["damage"]["fight"] == 4  # one * value is not enough
    by_stars = do(state, "damage", target="1 Threat 1", value="sneak", amount=3)
    assert by_stars["threat_area"] == [] and by_stars["defeated"][0]["kind"] == "foe"
    by_plain = do(_play(card), "damage", target="1 Threat 1", value="influence", amount=2)
    assert by_plain["threat_area"] == []


def test_the_reveal_form_enters_a_mixed_card():
    """The reveal form's '* values' marks every value the card has with the *, and
    'Not *' names the one printed without it ("Multiple Threat Values")."""
    state = next_until(do(new(), "add_threat", count=4), "add-threat.reveal")
    applied = apply(GAME, state, Command("reveal", {
        "fight": 4, "sneak": 3, "influence": 2, "starred": True, "plain": "influence",
        "kind": "foe"}))
    [foe] = applied.state["threat_area"]
    assert foe["starred"] == ["fight", "sneak"]
    assert "Fight 4*, Influence 2, Sneak 3*" in applied.description


def test_goblin_chief_overkill_example():
    """Overkill X: Goblin Chief (Overkill 1) with 6 Sneak damage receives 7 Fight:
    his Overkill 1 triggers story paragraph B096."""
    chief = {"kind": "foe", "name": "Goblin Chief", "fight": 6, "sneak": 6,
             "starred": ["fight", "sneak"], "overkill": 1, "spirit_boost": 2, "damage": {"sneak": 6}}
    state = _play(chief, spirit=5)
    applied = apply(GAME, state, Command("damage", {"target": "1 Goblin Chief", "value": "fight",
                                                    "amount": 7}))
    assert "Overkill 1: read its story entry" in applied.description
    assert applied.state["heroes"][0]["spirit"] == 7  # Threat Spirit Boost 2
    plain = apply(GAME, state, Command("damage", {"target": "1 Goblin Chief", "value": "fight",
                                                  "amount": 6}))
    assert plain.state["threat_area"] == [] and "Overkill" not in plain.description


def test_shield_cancels_the_next_damage():
    """Statuses, Shield: the next time this Threat is damaged, cancel all of it."""
    state = _play({"fight": 3, "statuses": ["shield"]})
    state = do(state, "use", action="fight", target="1 Threat 1", bonus=5)
    threat = state["threat_area"][0]
    assert threat["damage"]["fight"] == 0 and threat["statuses"] == []


def test_the_lords_vengeance_cannot_be_defeated():
    """Lord's Vengeance: an invincible Threat, nothing can defeat it."""
    state = _play({"kind": "vengeance", "fight": 2, "spirit_cost": 3})
    state = do(state, "damage", target="1 Threat 1", value="fight", amount=5)
    assert len(state["threat_area"]) == 1
    with pytest.raises(RuleError) as err:
        do(state, "defeat", threat=1)
    assert err.value.short == "It cannot be defeated"


def test_a_defeated_plot_is_set_aside_and_counted():
    """Defeated Plots: removed from the Threat Area and set aside; counted for Victory."""
    state = _play({"kind": "plot", "influence": 2})
    state = do(state, "use", action="influence", target="1 Threat 1")
    assert state["defeated"][0]["kind"] == "plot"
    assert state["threat_discard"] == 0


def test_discard_goes_to_the_discard_pile_without_spirit_boost():
    """Glossary, Discard: no Defeat or Spirit Boost effects."""
    state = _play({"fight": 2, "spirit_boost": 3}, spirit=5)
    state = do(state, "discard", threat=1)
    assert state["heroes"][0]["spirit"] == 5 and state["threat_discard"] == 1


def test_lowering_a_value_to_the_tokens_defeats():
    """Defeated Cards: at any time, matching tokens equal to a value defeat it."""
    state = _play({"fight": 4, "damage": {"fight": 2}})
    state = do(state, "threat_value", threat=1, value="fight", amount=2)
    assert state["threat_area"] == []


def test_coop_spirit_boost_goes_whole_to_the_hero_the_team_chooses():
    """"Multiplayer Coop Mode", Spirit Boost: a defeated Threat's Spirit Boost may
    be applied to any hero but not split. The box asks, starting on the hero who
    defeated it ("Defeat"), then the Play phase goes on."""
    state = _play({"fight": 2, "spirit_boost": 3}, heroes=2, spirit=4)
    state = do(state, "use", action="fight", target="1 Threat 1", bonus=1)
    assert state["threat_area"] == [] and step_id(state) == "spirit-boost.boost"
    assert [h["spirit"] for h in state["heroes"]] == [4, 4]
    from games.core.core_commands import command_specs
    [param] = command_specs(GAME)["boost"].resolved_params(state)
    assert param.choices == ("Hero 1", "Hero 2") and param.default == "Hero 1"
    state = do(state, "boost", hero="Hero 2")
    assert [h["spirit"] for h in state["heroes"]] == [4, 7]
    assert step_id(state) == "play.turn"


def test_another_heroes_ability_defeats_and_the_boost_starts_on_them():
    """Glossary, Fast: another hero's ability deals the damage; "Defeat": the
    hero who defeated it is the Boost's first choice."""
    state = _play({"fight": 2, "spirit_boost": 1}, heroes=3, spirit=4)
    state = do(state, "damage", target="1 Threat 1", value="fight", amount=2, hero=3)
    from games.core.core_commands import command_specs
    [param] = command_specs(GAME)["boost"].resolved_params(state)
    assert param.default == "Hero 3"
    state = do(state, "boost", hero=param.default)
    assert [h["spirit"] for h in state["heroes"]] == [4, 4, 5]


def test_solo_spirit_boost_needs_no_question():
    state = _play({"fight": 2, "spirit_boost": 3}, spirit=4)
    state = do(state, "use", action="fight", target="1 Threat 1", bonus=1)
    assert state["heroes"][0]["spirit"] == 7 and step_id(state) == "play.turn"


def _story_of_hero_2() -> dict:
    state = next_until(do(new(heroes=2), "add_threat", count=4), "add-threat.reveal")
    state = do(state, "reveal", kind="story", fight=3, spirit_cost=1, story_hero=2)
    return next_until(state, "play.turn")


def test_only_a_storys_own_hero_may_damage_it():
    """"Stories": Stories affect only their listed hero - heroes may not help
    with, affect, or damage other heroes' Stories."""
    state = _story_of_hero_2()
    [story] = [t for t in state["threat_area"] if t["kind"] == "story"]
    assert story["story_of"] == 1 and state["active_hero"] == 0
    target = f"{story['id']} {story['name']}"
    for name, params in (("use", {"action": "fight", "target": target}),
                         ("damage", {"target": target, "value": "fight", "amount": 1}),
                         ("confront", {"threat": story["id"]})):
        with pytest.raises(RuleError) as err:
            do(state, name, **params)
        assert err.value.short == "Hero 2's Story"
    after = do(state, "damage", target=target, value="fight", amount=1, hero=2)
    assert next(t for t in after["threat_area"] if t["id"] == story["id"])["damage"]["fight"] == 1


def test_the_wild_claw_petitioner_negotiate_needs_influence_6():
    """Defeated Plots, example: after defeating the Wild Claw Petitioner Plot,
    "to select the Negotiate option, the hero must have at least 6 Present
    Influence Power ... they will still need 6 Present Influence Power after
    defeating this Plot": the Plot's choice is checked like an Act."""
    state = _play({"kind": "plot", "name": "Wild Claw Petitioner", "influence": 2})
    state = do(state, "use", action="influence", target="1 Wild Claw Petitioner")
    assert state["defeated"][0]["kind"] == "plot"
    # Influence was Used: it is at slot 1 now, with no Power Die
    with pytest.raises(RuleError) as err:
        do(state, "act", action="influence", needed=6)
    assert err.value.short == "Influence 1: need 6"
    state = do(state, "correct", track="hero1.influence_die", value=5)
    assert do(state, "act", action="influence", needed=6)


def test_a_defeated_story_is_set_aside():
    """Defeated Stories: "A Story defeated by an Action is removed from the
    Threat Area and set aside. Stories have special abilities, activated when
    they're defeated" ("Exiled Cards": not the discard pile)."""
    state = _play({"kind": "story", "fight": 2, "story_of": 0})
    applied = apply(GAME, state, Command("use", {"action": "fight", "target": "1 Threat 1",
                                                 "bonus": 1}))
    assert applied.state["threat_area"] == [] and applied.state["threat_discard"] == 0
    assert applied.state["defeated"] == [{"id": 1, "name": "Threat 1", "kind": "story"}]
    assert "set aside: resolve its Defeat ability" in applied.description


def test_an_ability_removes_damage_tokens():
    """Defeated Cards: "Damage tokens remain on a target until they are removed
    by an ability or the target is defeated": an ability takes tokens off (at
    most those it holds); the Threat stays in play."""
    state = _play({"fight": 5, "sneak": 4, "damage": {"fight": 3, "sneak": 1}})
    state = do(state, "remove_damage", threat=1, value="fight", amount=2)
    assert state["threat_area"][0]["damage"] == {"fight": 1, "influence": 0, "sneak": 1}
    state = do(state, "remove_damage", threat=1, value="sneak", amount=5)
    assert state["threat_area"][0]["damage"]["sneak"] == 0


def test_shield_does_not_prevent_defeat_or_discard():
    """Statuses, Shield: "Shield does not prevent a Threat from being 'defeated'
    or 'discarded' by an ability"."""
    shielded = {"fight": 3, "spirit_boost": 1, "statuses": ["shield"]}
    state = do(_play(shielded, spirit=5), "defeat", threat=1)
    assert state["threat_area"] == [] and state["heroes"][0]["spirit"] == 6
    state = do(_play(shielded), "discard", threat=1)
    assert state["threat_area"] == [] and state["threat_discard"] == 1


# --- the Spirit Boost, whichever way the Threat was defeated ------------------------------


def _boost_param(state: dict):
    from games.core.core_commands import command_specs

    [param] = command_specs(GAME)["boost"].resolved_params(state)
    return param


@pytest.mark.parametrize("heroes", [2, 3, 4])
def test_a_defeat_by_another_heroes_ability_asks_who_takes_the_boost(heroes):
    """"Multiplayer Coop Mode", Spirit Boost: "A Spirit Boost effect on any Skill,
    defeated Threat, etc. may be applied to any hero, but each Spirit Boost
    instance cannot be split between heroes". `defeat hero=2` asks like every
    other route, starting on Hero 2 ("Defeat": the hero who defeated it)."""
    state = _play({"fight": 4, "spirit_boost": 3}, heroes=heroes, spirit=4)
    state = do(state, "defeat", threat=1, hero=2)
    assert state["threat_area"] == [] and step_id(state) == "spirit-boost.boost"
    param = _boost_param(state)
    assert param.choices == tuple(f"Hero {n}" for n in range(1, heroes + 1))
    assert param.default == "Hero 2"
    state = do(state, "boost", hero=f"Hero {heroes}")
    assert [h["spirit"] for h in state["heroes"]] == [4] * (heroes - 1) + [7]
    assert step_id(state) == "play.turn"


def test_a_solo_defeat_by_an_ability_needs_no_question():
    """Solo the Boost has one hero to go to ("Another hero: In solo play read
    'Another hero' as 'The hero'"): Boost 3 at 4/10 gives 7."""
    state = do(_play({"fight": 4, "spirit_boost": 3}, spirit=4), "defeat", threat=1, hero=1)
    assert state["heroes"][0]["spirit"] == 7 and step_id(state) == "play.turn"


def test_a_storys_boost_goes_to_its_own_hero():
    """"Stories": "Stories affect only their listed hero": Hero 2's Story
    defeated (by a Threat's ability) gives its Boost to Hero 2, without a
    question."""
    state = _play({"kind": "story", "fight": 3, "spirit_boost": 2, "story_of": 1},
                  heroes=3, spirit=5)
    state = do(state, "defeat", threat=1, source="threat")
    assert [h["spirit"] for h in state["heroes"]] == [5, 7, 5]
    assert step_id(state) == "play.turn"


def test_another_heroes_effect_cannot_defeat_or_change_a_story():
    """"Stories": "heroes may not help with, affect, or damage other heroes'
    Stories": Hero 1's ability cannot defeat Hero 2's Story, give it a Status,
    change its values, discard it, return it or take its tokens off; Hero 2's
    can, and a Threat's ability can."""
    state = _play({"kind": "story", "fight": 3, "story_of": 1, "damage": {"fight": 1}}, heroes=2)
    for name, params in (("defeat", {"threat": 1}), ("defeat", {"threat": 1, "hero": 1}),
                         ("status", {"threat": 1, "status": "dazed"}),
                         ("threat_value", {"threat": 1, "value": "fight", "amount": 1}),
                         ("discard", {"threat": 1}), ("return_threat", {"threat": 1}),
                         ("remove_damage", {"threat": 1, "value": "fight", "amount": 1})):
        with pytest.raises(RuleError) as err:
            do(state, name, **params)
        assert err.value.short == "Hero 2's Story"
    assert do(state, "status", threat=1, status="dazed", source="threat")["threat_area"]
    assert do(state, "defeat", threat=1, hero=2)["threat_area"] == []
