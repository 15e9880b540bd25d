"""Edges of the Survival Tracks, Resources, "III) End of the Day" (Rest, Energy, advancement,
decks) and "Character Advancement", each expected value read from the rulebook alone
(rules/tainted-grail.md)."""

import re

import pytest

from games.core import Command, apply
from tests.games.grail.helpers import GAME, do, edit, new, next_until, refused, standing


def _c(state, i=0):
    return state["characters"][i]


def _tracks(state, i=0):
    c = _c(state, i)
    return c["energy"], c["health"], c["terror"]


def _set(state, i=0, **values):
    """Character ``i`` with tracks or Resources set (resources by their names)."""
    def fn(s):
        c = s["characters"][i]
        for key, value in values.items():
            (c["resources"] if key in c["resources"] else c)[key] = value
    return edit(state, fn)


def _conditions(state, i=0) -> set[str]:
    lines = next(p for p in GAME.view(state).panels if p.title == "Characters").lines
    line = next(x for x in lines if x.startswith(f"Character {i + 1} ("))
    found = re.search(r"\[(.*)\]", line)
    return set(found.group(1).split(", ")) if found else set()


def _rested(state, *eats):
    state = next_until(state, "end-of-day.rest")
    for eat in eats:
        state = do(state, "rest", eat=eat)
    return next_until(state, "end-of-day.advance")


# --- Rest and the Energy restore ---------------------------------------------------------


def test_rest_with_the_last_food_and_terror_already_at_0():
    """"Rest. You may pay 1 Food. If you do, gain 1 Health and lose 1 Terror." One Food, Terror
    0: the Food is spent, Health +1, Terror stays at its lowest slot, 0."""
    state = _rested(_set(new(), food=1, health=4, energy=3), True)
    assert (_c(state)["resources"]["food"], _c(state)["health"], _c(state)["terror"]) == (0, 5, 0)


def test_not_eating_changes_nothing_in_standard_mode():
    """"Version 2.0 changes": "Eating Food at the End of the Day is no longer mandatory;
    failing to eat no longer Exhausts the Character." With Food and not eating: Food, Health
    and Terror unchanged, and the Energy restore is the full one (to the start, 5)."""
    state = _rested(_set(new(), food=2, energy=3, terror=2), False)
    assert _c(state)["resources"]["food"] == 2
    assert _tracks(state) == (5, 6, 2)


def test_rest_comes_before_the_energy_restore():
    """"III) End of the Day": "Rest ... gain 1 Health" then "Restore your Energy ... Your Energy
    marker can never be moved past your Health marker." Health 3, Energy 0 (Exhausted):
    eating makes Health 4 first, so Energy is restored 4 points to 4, not held at 3."""
    assert _tracks(_rested(_set(new(), food=1, health=3, energy=0), True))[:2] == (4, 4)
    assert _tracks(_rested(_set(new(), food=1, health=3, energy=0), False))[:2] == (3, 3)


@pytest.mark.parametrize("energy, restored", [(0, 4), (1, 5), (2, 7)])
def test_exhausted_restores_only_4_points(energy, restored):
    """"Restore your Energy. Put the marker back in the starting slot. If you are Exhausted
    (marker in a red slot), restore only 4 points of Energy." "Survival Tracks": "The last
    two slots are red". Start 7, Health 9: from 0, 4; from 1, 5; from 2 (not red), 7."""
    state = new(energy_top=10, energy_start=7, health_top=10, health_start=9)
    assert _tracks(_rested(_set(state, energy=energy), False))[0] == restored


def test_exhausted_restores_never_past_the_starting_slot():
    """"Put the marker back in the starting slot. If you are Exhausted ..., restore only 4
    points" - only: at most the starting slot. Start 3, from 0: 3, not 4."""
    state = new(energy_start=3)
    assert _tracks(_rested(_set(state, energy=0), False))[0] == 3


def test_energy_above_the_starting_slot_goes_back_to_it():
    """"Restore your Energy. Put the marker back in the starting slot." Energy 6 (start 5):
    back to 5."""
    state = _set(new(), energy=6)
    assert _tracks(_rested(state, False))[0] == 5


def test_the_restore_never_passes_health():
    """"Your Energy marker can never be moved past your Health marker." Health 2: Energy
    restored to 2 (Exhausted at 0 too: 4 points would pass Health)."""
    assert _tracks(_rested(_set(new(), health=2, energy=1), False))[:2] == (2, 2)
    assert _tracks(_rested(_set(new(), health=2, energy=0), False))[:2] == (2, 2)


# --- Survival Tracks -------------------------------------------------------------------------


def test_exhausted_only_in_the_last_two_slots():
    """"Survival Tracks", Energy: "The last two slots are red: when your Energy marker
    reaches one of them you become Exhausted". Energy 2: not; 1 and 0: Exhausted."""
    assert "Exhausted" not in _conditions(_set(new(), energy=2))
    assert "Exhausted" in _conditions(_set(new(), energy=1))
    assert "Exhausted" in _conditions(_set(new(), energy=0))


def test_energy_may_equal_health_but_never_pass_it():
    """"Survival Tracks", Health: "Your Energy marker can never be higher than your Health
    marker". Energy up to Health 6 is allowed; one more is refused (the marker cannot pass
    the limiter)."""
    state = do(new(), "adjust", track="c1.energy", delta=1)
    assert _tracks(state)[:2] == (6, 6)
    refused(state, "adjust", track="c1.energy", delta=1)


def test_health_0_is_you_are_dying_and_1_is_not():
    """"Survival Tracks", Health: "When it runs out you start dying and attach the 'You Are
    Dying' card." At 1 Health, not yet; at 0, dying."""
    assert not any("Dying" in x for x in _conditions(do(new(), "adjust", track="c1.health", delta=-5)))
    assert any("Dying" in x for x in _conditions(do(new(), "adjust", track="c1.health", delta=-6)))


def test_panic_only_when_terror_is_higher_than_health():
    """"If your Terror marker is higher than your Health marker, you Panic in Combat and
    Diplomacy." Terror equal to Health (6): no Panic; 7: Panic."""
    assert "Panic" not in _conditions(do(new(), "correct", track="c1.terror", value=6))
    assert "Panic" in _conditions(do(new(), "correct", track="c1.terror", value=7))


def test_going_insane_in_the_two_top_terror_slots_only():
    """"Terror ... If your Terror marker reaches either of the two top red slots you start to
    go insane". Top 8: Terror 6 is sane, 7 and 8 are insane."""
    assert "Insane" not in _conditions(do(new(), "correct", track="c1.terror", value=6))
    for terror in (7, 8):
        assert "Insane" in _conditions(do(new(), "correct", track="c1.terror", value=terror))


# --- Resources -------------------------------------------------------------------------------


@pytest.mark.parametrize("resource", ["food", "wealth", "reputation", "magic"])
def test_at_most_20_of_each_resource(resource):
    """"Resources": "You may carry at most 20 of each type (except Experience)". 20 is
    carried; 21 is not."""
    state = do(new(), "correct", track=f"c1.{resource}", value=20)
    assert _c(state)["resources"][resource] == 20
    refused(state, "adjust", track=f"c1.{resource}", delta=1)


def test_experience_has_no_limit():
    """"You may carry at most 20 of each type (except Experience)". Experience 21 and more."""
    state = do(new(), "correct", track="c1.experience", value=20)
    assert _c(do(state, "adjust", track="c1.experience", delta=1))["resources"]["experience"] == 21


def test_food_is_given_only_to_a_character_with_room():
    """"Resources": "any gained over the limit must be given to another Character in your
    Location who has room, or discarded." Character 1 holds 20 Food: a trade that would
    take them to 21 is refused; Character 2 can take all of Character 1's 20."""
    state = _set(_set(new(2), 0, food=20), 1, food=3)
    refused(state, "trade", giver=2, taker=1, resource="food", amount=1)
    state = do(_set(state, 1, food=0), "trade", giver=1, taker=2, resource="food", amount=20)
    assert [c["resources"]["food"] for c in state["characters"]] == [0, 20]


@pytest.mark.parametrize("resource", ["reputation", "experience", "magic"])
def test_rep_exp_and_magic_are_never_traded(resource):
    """"Resources": "Food and Wealth may be traded ... Rep, Exp, and Magic can never be
    traded." """
    state = _set(new(2), 0, **{resource: 5})
    refused(state, "trade", giver=1, taker=2, resource=resource, amount=1)


def test_no_trade_during_an_encounter():
    """"Food and Wealth may be traded with Party members or any Character in the same
    Location not involved in an Action." """
    state = do(_set(new(2), 0, wealth=5), "combat", character=1, party=True, value=4)
    refused(state, "trade", giver=1, taker=2, resource="wealth", amount=1)


# --- Character Advancement at the End of the Day -----------------------------------------


def _advancing(state=None, **values):
    return _set(next_until(state or new(), "end-of-day.advance"), **values)


@pytest.mark.parametrize("pair_total, cost", [(0, 2), (1, 4), (2, 6), (3, 8), (4, 10), (7, 10)])
def test_attribute_cost_by_the_pairs_total(pair_total, cost):
    """"Advancing Attributes. The Exp cost depends on the total value of the Attribute pair: 2
    Exp - 1st point ... 4 - 2nd ... 6 - 3rd ... 8 - 4th ... 10 Exp - 5th and any further
    point in a pair." Courage raised with Caution holding the pair's total: the (total+1)th
    point costs as listed."""
    state = _advancing(experience=cost)
    state = edit(state, lambda s: _c(s)["attributes"].update(caution=pair_total))
    state = do(state, "raise_attribute", character=1, attribute="courage")
    assert (_c(state)["attributes"]["courage"], _c(state)["resources"]["experience"]) == (1, 0)
    short = edit(state, lambda s: _c(s)["resources"].update(experience=cost - 1))
    short = edit(short, lambda s: _c(s)["attributes"].update(courage=0))
    refused(short, "raise_attribute", character=1, attribute="courage")


def test_a_skill_from_the_3rd_point_in_an_attribute_not_the_2nd():
    """"After you raise any Attribute to 2, every further point in it grants a unique Skill
    card"; "Buying Skills. Whenever you earn a 3rd (or any subsequent) point in a single
    Attribute ... attach it to your Tray." Raising Courage 1 to 2: no Skill; 2 to 3: one;
    3 to 4: another."""
    state = _advancing(experience=100)
    state = edit(state, lambda s: _c(s)["attributes"].update(courage=1))
    skills = []
    for _ in range(3):
        state = do(state, "raise_attribute", character=1, attribute="courage")
        skills.append(_c(state)["skills"])
    assert skills == [0, 1, 2]


def test_a_deck_advance_costs_2_exp_and_a_card_from_the_pool():
    """"Advancing Combat or Diplomacy decks. Pay 2 Exp, take the top three cards of your
    Advancement Pool, add one to your deck". With exactly 2 Exp: deck 16, pool 24, Exp 0;
    then with 1 Exp: refused."""
    state = do(_advancing(experience=3), "advance_deck", character=1, deck="combat")
    assert (_c(state)["decks"]["combat"], _c(state)["pools"]["combat"]) == (16, 24)
    assert _c(state)["resources"]["experience"] == 1
    refused(state, "advance_deck", character=1, deck="combat")


def test_a_deck_never_under_15_cards():
    """"Build your Character decks ... each deck must always contain at least 15 cards." A
    deck of 16 may be set to 15; not to 14."""
    state = edit(next_until(new(), "end-of-day.decks"), lambda s: _c(s)["decks"].update(combat=16))
    state = do(state, "correct", track="c1.combat_deck", value=15)
    assert _c(state)["decks"]["combat"] == 15
    refused(state, "correct", track="c1.combat_deck", value=14)


def test_experience_is_spent_only_at_the_advance_step():
    """"Character Advancement": "Spend them at each End of the Day." "III) End of the Day":
    "Advance your Character. If you have Experience points, you may spend them". During
    the Day the raise is refused; at the step it is taken."""
    refused(_set(new(), experience=10), "raise_attribute", character=1, attribute="courage")
    state = do(_advancing(experience=10), "raise_attribute", character=1, attribute="courage")
    assert _c(state)["resources"]["experience"] == 8


def test_story_without_the_limiter_restores_energy_past_health():
    """"Story Mode": "Health Limiter - ... Health no longer limits Energy". Health 2, Energy 0
    (Exhausted): restored 4 points, to 4, past Health."""
    state = _rested(_set(new(mode="story"), health=2, energy=0), False)
    assert _tracks(state)[:2] == (4, 2)


def test_rest_at_the_top_of_health_and_the_bottom_of_terror():
    """"Rest. You may pay 1 Food. If you do, gain 1 Health and lose 1 Terror." The tracks end
    at their top and bottom slots: Health at its top (8) stays 8, Terror at 0 stays 0; the
    Food is paid."""
    state = _rested(_set(new(), health=8, food=1), True)
    assert (_c(state)["health"], _c(state)["terror"], _c(state)["resources"]["food"]) == (8, 0, 0)


def test_a_gain_past_20_stops_at_20_and_the_rest_is_given_or_discarded():
    """"Resources": "You may carry at most 20 of each type (except Experience); any gained
    over the limit must be given to another Character in your Location who has room, or
    discarded." 18 Food and a gain of 5: Character 1 carries 20, and the 3 over are named to
    give away or discard."""
    state = do(new(), "correct", track="c1.food", value=18)
    applied = apply(GAME, state, Command("adjust", {"track": "c1.food", "delta": 5}))
    assert _c(applied.state)["resources"]["food"] == 20
    assert any(re.search(r"\b3\b", e.text) for e in applied.events)


@pytest.mark.parametrize("track, delta, value", [("c1.health", -8, 0), ("c1.terror", 9, 8)])
def test_damage_or_terror_past_the_track_stops_at_its_end(track, delta, value):
    """"Survival Tracks", Health: "When it runs out you start dying and attach the 'You Are
    Dying' card"; "Other Combat rules": "If your Health drops to 0, you get the 'You Are
    Dying' card"; Terror: "If your Terror marker reaches either of the two top red slots you
    start to go insane". An Attack of 8 Damage on 6 Health leaves 0 (dying), not a refusal;
    9 Terror from 0 on a track of 8 leaves the marker on the top slot."""
    state = do(new(), "adjust", track=track, delta=delta)
    name = track.split(".")[1]
    assert _c(state)[name] == value


def test_characters_outside_an_encounter_trade_while_another_fights():
    """"Food and Wealth may be traded with Party members or any Character in the same
    Location not involved in an Action." Characters 2 and 3 on 104 trade while Character 1
    fights on 101."""
    state = standing(_set(new(3), 1, food=3), 104, 2, 3)
    state = do(state, "combat", character=1, value=5)
    state = do(state, "trade", giver=2, taker=3, resource="food", amount=1)
    assert [c["resources"]["food"] for c in state["characters"]] == [0, 2, 1]


def test_food_traded_at_rest_feeds_the_other():
    """"Rest. You may pay 1 Food. ... (Characters in the same Location may trade Food when not
    involved in an Action or Encounter.)" Character 1's second Food given at the Rest lets
    both eat."""
    state = next_until(_set(new(2), 0, food=2), "end-of-day.rest")
    state = do(state, "trade", giver=1, taker=2, resource="food", amount=1)
    state = do(do(state, "rest", eat=True), "rest", eat=True)
    assert [(c["health"], c["resources"]["food"]) for c in state["characters"]] == [(7, 0), (7, 0)]


def test_a_deck_advance_from_the_last_card_of_the_pool():
    """"Pay 2 Exp, take the top three cards of your Advancement Pool, add one to your deck":
    with one card left in the Pool it is the one added (Pool 0); then there is none to take."""
    state = _advancing(experience=4)
    state = edit(state, lambda s: _c(s)["pools"].update(combat=1))
    state = do(state, "advance_deck", character=1, deck="combat")
    assert (_c(state)["decks"]["combat"], _c(state)["pools"]["combat"]) == (16, 0)
    refused(state, "advance_deck", character=1, deck="combat")


def test_the_two_top_terror_slots_follow_the_trays_track():
    """"If your Terror marker reaches either of the two top red slots you start to go insane";
    "Characters differ mainly in ... the length of their Survival Tracks". A Terror track of
    10: 8 is sane, 9 and 10 insane."""
    state = new(terror_top=10)
    assert "Insane" not in _conditions(do(state, "correct", track="c1.terror", value=8))
    assert "Insane" in _conditions(do(state, "correct", track="c1.terror", value=9))


def test_the_last_two_energy_slots_are_red_on_a_longer_track_too():
    """"Energy ... The last two slots are red"; a longer Energy track (10, start 7) keeps its
    red slots at the bottom: 2 is not Exhausted, 1 is."""
    state = new(energy_top=10, energy_start=7, health_top=10, health_start=9)
    assert "Exhausted" not in _conditions(do(state, "correct", track="c1.energy", value=2))
    assert "Exhausted" in _conditions(do(state, "correct", track="c1.energy", value=1))
