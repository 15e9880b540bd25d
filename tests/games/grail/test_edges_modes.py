"""Edges of "Alternative Modes & Appendices" (Story Mode, Challenge Mode), each expected value
read from the rulebook alone (rules/tainted-grail.md)."""

import pytest

from tests.games.grail.helpers import do, edit, new, next_until, refused, standing, step_id


def _c(state, i=0):
    return state["characters"][i]


def _without(mode, *names, characters=1):
    return new(characters, mode, **{f"{mode}_{n}": False for n in names})


# --- Story Mode ------------------------------------------------------------------------------


def test_story_menhirs_cost_can_make_an_activation_free():
    """"Story Mode": "Menhirs Cost - treat all Menhir activation costs as if one chosen
    Resource requirement were 1 lower (may make activation free)". A requirement of 1 Magic
    with no Magic: activated, Magic still 0."""
    state = do(new(mode="story"), "activate", location=101, days=3, magic=1, story_less="magic")
    assert state["menhirs"] == [{"location": 101, "dial": 3}] and _c(state)["resources"]["magic"] == 0


def test_story_menhirs_cost_lowers_one_requirement_only():
    """"... as if one chosen Resource requirement were 1 lower ...; other requirements still
    apply." 2 Magic and 1 Wealth asked, Magic chosen: 1 Magic and 1 Wealth paid; with no
    Wealth it is refused."""
    state = edit(new(mode="story"), lambda s: _c(s)["resources"].update(magic=1, wealth=1))
    paid = do(state, "activate", location=101, days=3, magic=2, wealth=1, story_less="magic")
    assert (_c(paid)["resources"]["magic"], _c(paid)["resources"]["wealth"]) == (0, 0)
    broke = edit(state, lambda s: _c(s)["resources"].update(wealth=0))
    refused(broke, "activate", location=101, days=3, magic=2, wealth=1, story_less="magic")


def test_story_without_its_modifiers_plays_as_standard():
    """"Story Mode": "apply any or all of these modifiers" - none chosen: the Health limiter
    stays (Energy cannot pass Health) and no requirement is lowered."""
    state = _without("story", "encounters", "health_limiter", "menhirs_cost", "starting_items")
    refused(state, "adjust", track="c1.energy", delta=2)  # Energy 5 -> 7, Health 6
    refused(state, "activate", location=101, days=3, magic=1, story_less="magic")


def test_story_energy_may_pass_health_without_the_limiter():
    """"Health Limiter - ... Health no longer limits Energy". Energy 8 with Health 6."""
    state = do(new(mode="story"), "correct", track="c1.energy", value=8)
    assert (_c(state)["energy"], _c(state)["health"]) == (8, 6)


# --- Challenge Mode --------------------------------------------------------------------------


def test_challenge_skull_costs_the_energy_and_the_attack_and_keeps_you_fighting():
    """"Escaping Combat: you may Escape only once per Activation; to Escape, lose 1 Energy,
    take an Opportunity attack, and toss a Dial - Skull: you remain in Combat". The Energy
    and the attack are paid on a Skull too; a second Escape that Activation is refused."""
    state = do(new(mode="challenge"), "combat", character=1, value=9, opp_damage=1, opp_terror=1)
    state = do(do(state, "escape", character=1), "escape_toss", toss="skull")
    assert (_c(state)["energy"], _c(state)["health"], _c(state)["terror"]) == (4, 5, 1)
    assert state["encounter"]["members"] == [0]
    refused(state, "escape", character=1)


def test_challenge_grail_for_one_of_two_leaves_the_other_fighting():
    """"Grail: you Escape (if you were the last Character, bottom the card and reshuffle)." One
    of a Party of two Escapes: the other goes on; then the last one's Grail ends it."""
    state = do(new(2, mode="challenge"), "combat", character=1, party=True, value=9)
    state = do(do(state, "escape", character=2), "escape_toss", toss="grail")
    assert state["encounter"]["members"] == [0]
    state = do(do(state, "escape", character=1), "escape_toss", toss="grail")
    assert state["encounter"] is None and step_id(state) == "day.actions"


def test_challenge_escape_again_in_a_later_activation():
    """"you may Escape only once per Activation" - once per Activation, not per Combat: after
    a Skull, the same Character's next Activation may try again."""
    state = do(new(mode="challenge"), "combat", character=1, value=9)
    state = do(do(state, "escape", character=1), "escape_toss", toss="skull")
    state = do(state, "end_activation", cards=1)
    state = do(state, "escape", character=1)
    assert step_id(state) == "escape-toss.toss"


@pytest.mark.parametrize("printed, dial", [(2, 1), (5, 4)])
def test_challenge_activated_menhirs_last_1_day_less(printed, dial):
    """"Menhirs & Events: activated Menhirs have their duration reduced by 1 day"."""
    state = do(standing(new(mode="challenge"), 104), "activate", location=104, days=printed)
    assert {"location": 104, "dial": dial} in state["menhirs"]


def test_challenge_hungry_rest_sets_energy_to_0_then_the_exhausted_restore():
    """"Rest: if you don't eat Food when Resting, set Energy to 0; if already at 0, lose 1
    Health instead." Then "If you are Exhausted ..., restore only 4 points". From 1: 0, then
    4. From 0: Health 6 -> 5, Energy 4."""
    for energy, health in ((1, 6), (0, 5)):
        state = edit(new(mode="challenge"), lambda s, e=energy: _c(s).update(energy=e))
        state = do(next_until(state, "end-of-day.rest"), "rest", eat=False)
        state = next_until(state, "end-of-day.advance")
        assert (_c(state)["energy"], _c(state)["health"]) == (4, health)


def test_challenge_eating_rests_as_standard():
    """"Rest: if you don't eat Food when Resting ..." - eating, nothing of it: +1 Health, -1
    Terror, Energy back to its start."""
    state = edit(new(mode="challenge"), lambda s: _c(s).update(energy=1, health=4, terror=2))
    state = edit(state, lambda s: _c(s)["resources"].update(food=1))
    state = next_until(do(next_until(state, "end-of-day.rest"), "rest", eat=True), "end-of-day.advance")
    assert (_c(state)["energy"], _c(state)["health"], _c(state)["terror"]) == (5, 5, 1)


@pytest.mark.parametrize("pair_total, cost", [(0, 5), (5, 30), (6, 35), (7, 40)])
def test_challenge_attribute_costs_past_the_sixth_point(pair_total, cost):
    """"Character Advancement uses higher Exp costs: ... per pair of opposing Attributes 5 /
    10 / 15 / 20 / 25 / 30 Exp for the 1st through 6th point, with each further point
    costing 5 Exp more than the last." 1st: 5; 6th: 30; 7th: 35; 8th: 40."""
    state = next_until(new(mode="challenge"), "end-of-day.advance")
    state = edit(state, lambda s: _c(s)["resources"].update(experience=cost))
    state = edit(state, lambda s: _c(s)["attributes"].update(caution=pair_total))
    state = do(state, "raise_attribute", character=1, attribute="courage")
    assert _c(state)["resources"]["experience"] == 0
    short = edit(state, lambda s: _c(s)["resources"].update(experience=cost - 1))
    short = edit(short, lambda s: _c(s)["attributes"].update(courage=0))
    refused(short, "raise_attribute", character=1, attribute="courage")


def test_challenge_deck_advance_costs_5():
    """"5 Exp for Combat/Diplomacy deck advancement": 4 Exp is not enough, 5 is."""
    state = next_until(new(mode="challenge"), "end-of-day.advance")
    refused(edit(state, lambda s: _c(s)["resources"].update(experience=4)), "advance_deck",
            character=1, deck="diplomacy")
    state = do(edit(state, lambda s: _c(s)["resources"].update(experience=5)), "advance_deck",
               character=1, deck="diplomacy")
    assert (_c(state)["decks"]["diplomacy"], _c(state)["resources"]["experience"]) == (16, 0)


def test_challenge_with_one_modifier_only_applies_that_one():
    """"Challenge Mode": "For extra difficulty, apply any or all". Only Rest chosen: a hungry
    Rest sets Energy to 0 (restored 4 as Exhausted), but an Escape needs no Dial toss, a
    Menhir keeps its printed days, and Allmother's Mercy is there."""
    state = _without("challenge", "setup", "escaping", "menhirs_events", "advancement", "items", "mercy")
    fled = do(do(state, "combat", character=1, value=9), "escape", character=1)
    assert fled["encounter"] is None and step_id(fled) == "day.actions"
    assert do(standing(state, 104), "activate", location=104, days=3)["menhirs"][-1]["dial"] == 3
    assert do(state, "death", character=1, then="mercy")["over"] is None
    rested = next_until(do(next_until(edit(state, lambda s: _c(s).update(energy=3)), "end-of-day.rest"),
                           "rest", eat=False), "end-of-day.advance")
    assert _c(rested)["energy"] == 4


def test_challenge_escaping_is_combats_a_diplomacy_is_escaped_without_a_toss():
    """"Challenge Mode": "Escaping Combat: you may Escape only once per Activation; ... toss a
    Dial" - Combat's; "Escaping or Avoiding Diplomacy": "A Party may Escape at any point by
    applying the Failure penalty to each member." A Challenge Diplomacy is escaped at once."""
    state = do(new(mode="challenge"), "diplomacy", character=1, top=5, start=2, stages=1)
    state = do(state, "escape", character=1)
    assert state["encounter"] is None and step_id(state) == "day.actions"
