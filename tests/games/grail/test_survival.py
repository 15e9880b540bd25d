"""Survival Tracks: Energy never above Health, Exhausted, Panic, insanity, You Are Dying."""


import pytest

from games.core import Command, RuleError, apply
from games.grail import survival
from tests.games.grail.helpers import GAME, do, edit, new, refused


def _c(state, i=0):
    return state["characters"][i]


def test_energy_never_above_health():
    state = new()  # Energy 5, Health 6
    state = do(state, "adjust", track="c1.energy", delta=1)
    assert _c(state)["energy"] == 6
    with pytest.raises(RuleError):
        do(state, "adjust", track="c1.energy", delta=1)


def test_turning_health_down_pushes_energy_down_with_it():
    """"Survival Tracks", Health: the Energy marker can never pass the T-shaped Health marker."""
    state = new()  # Energy 5, Health 6
    state = do(state, "adjust", track="c1.health", delta=-1)
    assert (_c(state)["health"], _c(state)["energy"]) == (5, 5)
    state = do(state, "adjust", track="c1.health", delta=-2)
    assert (_c(state)["health"], _c(state)["energy"]) == (3, 3)
    state = do(state, "adjust", track="c1.health", delta=2)  # healing does not restore Energy
    assert (_c(state)["health"], _c(state)["energy"]) == (5, 3)


def test_a_correction_only_fixes_the_number():
    """A correction below Energy is refused (Energy would pass Health); fix Energy first."""
    state = new()
    with pytest.raises(RuleError):
        do(state, "correct", track="c1.health", value=3)
    state = do(state, "correct", track="c1.energy", value=3)
    assert _c(do(state, "correct", track="c1.health", value=3))["health"] == 3


def test_story_mode_without_the_health_limiter():
    state = new(mode="story")
    state = do(state, "adjust", track="c1.health", delta=-4)
    state = do(state, "adjust", track="c1.terror", delta=5)
    assert _c(state)["energy"] == 5  # Health no longer limits Energy
    assert not survival.panicking(state, _c(state))  # and you won't Panic


def test_exhausted_in_the_last_two_energy_slots():
    state = new()
    state = do(state, "correct", track="c1.energy", value=2)
    assert not survival.exhausted(_c(state))
    state = do(state, "adjust", track="c1.energy", delta=-1)
    assert survival.exhausted(_c(state))
    assert "Exhausted" in survival.conditions(state, _c(state))


def test_panic_whenever_terror_is_higher_than_health():
    state = do(new(), "correct", track="c1.terror", value=6)  # Health 6
    assert not survival.panicking(state, _c(state))
    state = do(state, "adjust", track="c1.terror", delta=1)
    assert survival.panicking(state, _c(state))
    assert "Panic" in survival.conditions(state, _c(state))


def test_going_insane_in_the_two_top_terror_slots():
    state = new(terror_top=8)
    state = do(state, "correct", track="c1.terror", value=6)
    assert not survival.going_insane(_c(state))
    state = do(state, "adjust", track="c1.terror", delta=1)
    assert survival.going_insane(_c(state))


def test_health_zero_you_are_dying():
    state = do(new(), "adjust", track="c1.health", delta=-6)
    assert _c(state)["health"] == 0 and _c(state)["energy"] == 0
    assert "Dying" in survival.conditions(state, _c(state))


def test_resources_at_most_20_experience_uncapped():
    state = do(new(), "correct", track="c1.food", value=20)
    with pytest.raises(RuleError):
        do(state, "adjust", track="c1.food", delta=1)
    assert do(state, "correct", track="c1.experience", value=45)["characters"][0]["resources"][
        "experience"] == 45


def test_trading_food_in_the_same_location_only():
    state = edit(new(2), lambda s: s["characters"][0]["resources"].update(food=3))
    state = do(state, "trade", giver=1, taker=2, resource="food", amount=2)
    assert [c["resources"]["food"] for c in state["characters"]] == [1, 2]
    apart = edit(state, lambda s: s["characters"][1].update(location=102))
    with pytest.raises(RuleError):
        do(apart, "trade", giver=1, taker=2, resource="food", amount=1)
    with pytest.raises(RuleError):  # spending a resource one does not have
        do(state, "trade", giver=1, taker=2, resource="food", amount=5)
    with pytest.raises(RuleError):  # Rep, Exp and Magic can never be traded
        do(state, "trade", giver=1, taker=2, resource="magic", amount=1)


def test_a_refused_command_leaves_the_state_exactly_equal():
    state = new()
    before = repr(state)
    with pytest.raises(RuleError):
        do(state, "action", character=1, energy=9)
    assert repr(state) == before


def test_damage_past_the_health_left_stops_at_0_and_the_dying_leave_the_combat():
    """"Survival Tracks": Health - "When it runs out you start dying"; "Other Combat rules":
    "If your Health drops to 0, you get the 'You Are Dying' card, which immediately removes
    you from the current Encounter." 9 Damage on Health 6 in a Party Combat: Health 0 (and
    Energy with it), Character 1 leaves, Character 2 fights on; from 0 no further Damage."""
    state = do(new(2), "combat", character=1, party=True, value=9)
    state = do(state, "adjust", track="c1.health", delta=-9)
    assert (_c(state)["health"], _c(state)["energy"], state["encounter"]["members"]) == (0, 0, [1])
    refused(state, "adjust", track="c1.health", delta=-1)


@pytest.mark.parametrize("before, delta, after, over", [(18, 5, 20, 3), (20, 1, None, 0), (19, 1, 20, 0),
                                                        (2, -5, 0, 0)])
def test_a_resource_gain_past_20_is_carried_up_to_20_the_rest_named(before, delta, after, over):
    """"Resources": "You may carry at most 20 of each type (except Experience); any gained
    over the limit must be given to another Character in your Location who has room, or
    discarded." 18 + 5: 20 carried, 3 over; at 20 a gain of 1 has nowhere to go on the tray
    (refused: give it away first); exactly 20, nothing over; a loss past 0 stops at 0."""
    state = do(new(), "correct", track="c1.wealth", value=before)
    if after is None:
        assert refused(state, "adjust", track="c1.wealth", delta=delta).short == "Wealth max is 20"
        return
    applied = apply(GAME, state, Command("adjust", {"track": "c1.wealth", "delta": delta}))
    assert _c(applied.state)["resources"]["wealth"] == after
    texts = [e.text for e in applied.events]
    assert texts == ([f"Character 1 carries 20 Wealth: {over} over - give to a Character there with "
                      "room, or discard"] if over else [])


def test_experience_has_no_limit_to_go_over():
    """"Resources": "at most 20 of each type (except Experience)"."""
    state = do(new(), "adjust", track="c1.experience", delta=25)
    assert _c(state)["resources"]["experience"] == 25
