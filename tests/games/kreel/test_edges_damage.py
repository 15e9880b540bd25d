"""Edges of damage tokens and defeat ("Threats", "Damage Tokens", "Defeated Cards",
"Explore/Engage", "Defeated Threats/Plots/Stories/Foes", "Overkill X", "Exiled
Cards", "Multiple Threat Values" with and without *, Glossary Discard, "Symbol
Explanations"), written from the rulebook alone (`rules/kreel-manor.md`)."""

import copy

import pytest

from games.core import Command, apply
from tests.games.kreel.helpers import GAME, do, new, next_until, refused, with_threats


def _play(*threats: dict, **options) -> dict:
    return next_until(with_threats(new(**options), *threats), "play.turn")


def _track(state: dict, action: str, slot: int, die: int) -> dict:
    """``state`` with ``action`` at ``slot`` (the others filling the rest) and ``die``."""
    state = copy.deepcopy(state)
    actions = state["heroes"][0]["actions"]
    others = [a for a in ("fight", "influence", "sneak") if a != action]
    free = [s for s in (1, 2, 3) if s != slot]
    actions[action].update(slot=slot, die=die)
    for other, s in zip(others, free, strict=True):
        actions[other]["slot"] = s
    return state


def _ids(state: dict) -> list:
    return [t["id"] for t in state["threat_area"]]


@pytest.mark.parametrize(("tokens", "defeated"), [(2, False), (3, True)])
def test_a_threat_falls_at_tokens_equal_to_its_value(tokens, defeated):
    """"Defeated Cards": "as soon as a Threat/Foe/Plot has matching damage tokens
    equal to or exceeding one or more of its Threat values, it is defeated".
    Fight 3: 3 tokens defeat it, 2 do not."""
    state = do(_play({"fight": 3, "sneak": 5}), "damage", target="1 Threat 1", value="fight",
               amount=tokens)
    assert (_ids(state) == []) is defeated


def test_the_value_1_threat_falls_to_the_weakest_use():
    """"Explore/Engage": Power = the Action Power Track number (+ Skills, die, other
    abilities); "Damage: Deal damage tokens ... equal to the Action's total Power":
    Fight at slot 1, nothing spent, deals 1: a Fight 1 Threat is defeated."""
    state = do(_play({"fight": 1}), "use", action="fight", target="1 Threat 1")
    assert _ids(state) == [] and state["threat_discard"] == 1


def test_the_actions_power_adds_slot_spent_die_and_skills():
    """"Explore/Engage": "Determine the Action's Power by totalling: 1. Action Power
    Track ... 2. Skills ... 3. Power Die ... any amount of its Power may be spent
    ... 4. Other Abilities". Sneak at 3, spending 2 of 4, Skills +1: 6 Sneak damage
    on a Sneak 9 Threat; the die keeps 2 ("Unless it is reduced to 0, the Power Die
    stays on the Used Action")."""
    state = _track(_play({"sneak": 9}), "sneak", slot=3, die=4)
    state = do(state, "use", action="sneak", target="1 Threat 1", spend=2, bonus=1)
    assert state["threat_area"][0]["damage"]["sneak"] == 6
    assert state["heroes"][0]["actions"]["sneak"]["die"] == 2


def test_a_plus_x_asset_adds_to_the_use():
    """"Explore/Engage" 4: "Other Abilities – ... an Asset that adds +1 Sneak
    Power"; "Symbol Explanations": "Whenever the hero performs the associated Action
    they increase their total Power by +X". Fight at 1 with a '+2 Fight' Asset
    deals 3: a Fight 3 Threat is defeated."""
    state = do(_play({"fight": 3}), "asset_power", action="fight", delta=2)
    state = do(state, "use", action="fight", target="1 Threat 1")
    assert _ids(state) == []


def test_tokens_of_a_value_the_target_lacks_are_refused():
    """"Damage Tokens": "A target cannot be dealt damage tokens for a value it does
    not have"; "Explore/Engage" example: "If a Threat has Fight 3 and Sneak 2 but
    no Influence, it can only be Engaged with either Fight or Sneak"."""
    state = _play({"fight": 3, "sneak": 2})
    refused(state, "use", action="influence", target="1 Threat 1")
    refused(state, "damage", target="1 Threat 1", value="influence", amount=1)


def test_excess_tokens_on_one_value_leave_the_other_values_alone():
    """"Multiple Threat Values": "Threats can hold different types of damage tokens
    as long as they match any of their Threat values, but are defeated if just one
    of their Threat values is bested": Fight 4 / Sneak 4 with 3 Sneak, then 5 Fight
    at once: defeated (the 4th Fight token)."""
    state = _play({"fight": 4, "sneak": 4, "damage": {"sneak": 3}})
    state = do(state, "damage", target="1 Threat 1", value="fight", amount=5)
    assert _ids(state) == []


def test_three_of_each_on_fight_4_sneak_4_survives():
    """"Multiple Threat Values" example: "A Threat with Fight 4 and Sneak 4 can be
    dealt up to 3 Fight damage tokens and up to 3 Sneak damage tokens. It is only
    defeated when a 4th damage token of either type ... is dealt to it": 3 + 3
    (6 tokens in all) is not a defeat."""
    state = _play({"fight": 4, "sneak": 4})
    state = do(state, "damage", target="1 Threat 1", value="fight", amount=3)
    state = do(state, "damage", target="1 Threat 1", value="sneak", amount=3)
    assert _ids(state) == [1]
    assert state["threat_area"][0]["damage"] == {"fight": 3, "influence": 0, "sneak": 3}


def test_starred_values_in_either_order():
    """"Multiple Threat Values with * symbols": "ALL of these Threat values must be
    defeated ... Multiple Threat * values may be defeated in any order, and over
    multiple rounds". Fight 3* / Sneak 2*: Sneak first then Fight defeats; either
    alone does not."""
    foe = {"kind": "foe", "fight": 3, "sneak": 2, "starred": ["fight", "sneak"]}
    state = do(_play(foe), "damage", target="1 Threat 1", value="sneak", amount=2)
    assert _ids(state) == [1]
    state = do(state, "damage", target="1 Threat 1", value="fight", amount=3)
    assert _ids(state) == []


def test_three_starred_values_need_all_three():
    """"Multiple Threat Values with * symbols": "ALL of these Threat values must be
    defeated": Fight 2* Influence 2* Sneak 2* with two met survives; the third
    defeats it."""
    foe = {"kind": "foe", "fight": 2, "influence": 2, "sneak": 2,
           "starred": ["fight", "influence", "sneak"], "damage": {"fight": 2, "sneak": 2}}
    state = _play(foe)
    assert _ids(state) == [1]
    state = do(state, "damage", target="1 Threat 1", value="influence", amount=2)
    assert _ids(state) == []


def _overkill(damage: dict, overkill: int, amount: int):
    chief = {"kind": "foe", "fight": 6, "sneak": 6, "starred": ["fight", "sneak"],
             "overkill": overkill, "damage": damage}
    return apply(GAME, _play(chief), Command("damage", {"target": "1 Threat 1", "value": "fight",
                                                        "amount": amount}))


@pytest.mark.parametrize(("overkill", "amount", "triggers"), [(1, 6, False), (1, 7, True),
                                                              (2, 7, False), (2, 8, True)])
def test_overkill_x_triggers_at_the_last_value_plus_x(overkill, amount, triggers):
    """"Overkill X": "if the damage dealt exceeds the last Threat value by X or
    more, trigger the listed story entry". Fight 6* Sneak 6* with 6 Sneak: Overkill
    1 triggers at 7 Fight, not 6; Overkill 2 at 8, not 7. Defeated either way."""
    applied = _overkill({"sneak": 6}, overkill, amount)
    assert applied.state["threat_area"] == []
    assert ("Overkill" in applied.description) is triggers


def test_overkill_damage_may_come_from_the_first_starred_value():
    """"Multiple Threat Values with * symbols": "A hero triggering such a Threat's
    Overkill ability may inflict the extra 'Overkill damage' using tokens from any
    of its selected values, e.g. by inflicting 7 Fight and 7 Sneak damage on the
    Ghoul Lord"; "Damage Tokens": no more tokens than a value "(except for Overkill
    Foes)". Ghoul Lord 6*/6*, Overkill 1: 7 Fight first (held, not defeated), then 6
    Sneak defeats it and the Overkill triggers."""
    lord = {"kind": "foe", "name": "Ghoul Lord", "fight": 6, "sneak": 6,
            "starred": ["fight", "sneak"], "overkill": 1}
    state = do(_play(lord), "damage", target="1 Ghoul Lord", value="fight", amount=7)
    assert state["threat_area"][0]["damage"]["fight"] == 7
    applied = apply(GAME, state, Command("damage", {"target": "1 Ghoul Lord", "value": "sneak",
                                                    "amount": 6}))
    assert applied.state["threat_area"] == []
    assert "Overkill" in applied.description


def test_a_threat_without_overkill_holds_no_excess():
    """"Damage Tokens": "A target cannot hold damage tokens exceeding any of its
    Threat values (except for Overkill Foes ...), any excess damage tokens are
    discarded": a * Foe without Overkill dealt 9 against Fight 6* holds 6."""
    foe = {"kind": "foe", "fight": 6, "sneak": 6, "starred": ["fight", "sneak"]}
    state = do(_play(foe), "damage", target="1 Threat 1", value="fight", amount=9)
    assert state["threat_area"][0]["damage"]["fight"] == 6


@pytest.mark.parametrize(("kind", "discard"), [("threat", 1), ("plot", 0), ("foe", 0),
                                               ("story", 0)])
def test_where_each_kind_goes_when_defeated(kind, discard):
    """"Defeated Threats: Defeated Threats are placed in the discard pile"; "Exiled
    Cards: Unlike most Threats, when a Foe, Location, Plot, or Story is defeated,
    unless otherwise stated, it is Exiled – i.e. set aside"."""
    state = do(_play({"kind": kind, "fight": 2, "story_of": 0 if kind == "story" else None}),
               "use", action="fight", target="1 Threat 1", bonus=1)
    assert _ids(state) == [] and state["threat_discard"] == discard
    assert [d["kind"] for d in state["defeated"]] == [kind]


def test_the_lords_vengeance_survives_tokens_at_every_value():
    """"Lord's Vengeance – An invincible Threat, nothing can defeat it"; "Once the
    Lord's Vengeance is revealed it cannot be defeated": tokens past its values,
    a lowered value and a defeat ability all leave it in play."""
    state = _play({"kind": "vengeance", "fight": 2, "sneak": 2, "spirit_cost": 3})
    state = do(state, "damage", target="1 Threat 1", value="fight", amount=9)
    state = do(state, "damage", target="1 Threat 1", value="sneak", amount=9)
    state = do(state, "threat_value", threat=1, value="fight", amount=0)
    refused(state, "defeat", threat=1)
    assert _ids(state) == [1]


@pytest.mark.parametrize("kind", ["threat", "foe", "plot"])
def test_discard_is_not_defeat_for_any_kind(kind):
    """Glossary, Discard: "Discard is not the same as defeat. Discarded cards are
    simply placed in their deck's discard pile, triggering no Defeat or Spirit
    Boost effects": a discarded Foe or Plot does not count as defeated."""
    state = do(_play({"kind": kind, "fight": 2, "spirit_boost": 2}, spirit=5), "discard", threat=1)
    assert state["heroes"][0]["spirit"] == 5
    assert state["defeated"] == [] and state["threat_discard"] == 1


def test_a_spirit_boost_at_the_maximum_gives_nothing_more():
    """"Threat Spirit Boost": "the hero immediately regains that amount of Spirit";
    "Heroes": "heroes can never heal Spirit beyond their maximum Spirit": Boost 2
    at 10/10 stays 10; at 9/10 gives 10."""
    state = do(_play({"fight": 2, "spirit_boost": 2}, spirit=10), "defeat", threat=1)
    assert state["heroes"][0]["spirit"] == 10
    state = do(_play({"fight": 2, "spirit_boost": 2}, spirit=9), "defeat", threat=1)
    assert state["heroes"][0]["spirit"] == 10


def test_a_threat_defeated_by_another_threat_boosts_the_active_hero():
    """Glossary, Defeat: "Defeated Threats provide any Spirit Boost even if they are
    defeated by other Threats or abilities (in which case any Defeat effect or
    Spirit Boost effects target the active hero)"; "Threats": "Spirit Boost – ...
    when the Threat is defeated, by any means"."""
    state = do(_play({"fight": 2, "spirit_boost": 3}, spirit=5), "defeat", threat=1,
               source="threat")
    assert state["heroes"][0]["spirit"] == 8


def test_a_value_raised_above_its_tokens_does_not_defeat():
    """"Defeated Cards": defeated "as soon as ... matching damage tokens equal to or
    exceeding one or more of its Threat values": Fight 3 with 2 tokens raised to
    Fight 4 stays; lowered to 2 it falls at once, even outside the Play phase."""
    state = with_threats(new(), {"fight": 3, "damage": {"fight": 2}})
    state = do(state, "threat_value", threat=1, value="fight", amount=4)
    assert _ids(state) == [1]
    state = do(state, "threat_value", threat=1, value="fight", amount=2)
    assert _ids(state) == [] and state["procedure"] is None


@pytest.mark.parametrize(("amount", "triggers"), [(3, False), (4, True)])
def test_overkill_on_a_foe_with_one_value(amount, triggers):
    """"Overkill X": "When you defeat an Overkill Foe, if the damage dealt exceeds the
    last Threat value by X or more, trigger the listed story entry": a Fight 3 Foe with
    Overkill 1 dealt 4 at once triggers it; dealt 3, defeated as normal."""
    applied = apply(GAME, _play({"kind": "foe", "fight": 3, "overkill": 1}),
                    Command("damage", {"target": "1 Threat 1", "value": "fight", "amount": amount}))
    assert applied.state["threat_area"] == []
    assert ("Overkill" in applied.description) is triggers
