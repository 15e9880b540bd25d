"""Edges of effects that gain or lose Power and Spirit, and of costs ("4. Play
Phase" Lose/Gain Power; Glossary Heal X, Reveal (partial effects, costs, effects
that cannot be resolved); "Statuses" Shield; "Symbol Explanations"; "Multiplayer
Coop Mode" Pressing On), written from the rulebook alone (`rules/kreel-manor.md`).

Driven with `power_effect` / `spirit_effect` (an effect; `cost` marks a loss that
is the price of an ability), as the game doc's Commands table names them."""

import copy

from games.core import RuleError
from tests.games.kreel.helpers import do, new, next_until, refused, step_id


def _play(**options) -> dict:
    return next_until(new(**options), "play.turn")


def _die(state: dict, action: str, value: int, hero: int = 0) -> dict:
    state = copy.deepcopy(state)
    state["heroes"][hero]["actions"][action]["die"] = value
    return state


def _outcome(state: dict, name: str, **params) -> dict:
    """The state after ``name``; the state unchanged when the box refuses it (an effect
    that "cannot be resolved ... is ignored": either way nothing changes)."""
    try:
        return do(state, name, **params)
    except RuleError:
        return state


def test_lose_2_power_with_only_1_loses_the_1():
    """Glossary, Reveal: "If an effect can only be partially resolved, resolve as much
    of that effect as possible, e.g. for 'Lose 2 Power' when there is only 1 Power in
    play, lose the 1 Power"; "Lose/Gain Power": "removing the Power Die if it's
    reduced to 0"."""
    state = do(_die(_play(), "sneak", 1), "power_effect", action="sneak", amount=-2)
    assert state["heroes"][0]["actions"]["sneak"]["die"] == 0


def test_lose_1_power_with_none_is_ignored():
    """Glossary, Reveal: "If an effect cannot be resolved – e.g. 'Lose 1 Power' when no
    Power is in play – that effect is ignored": the die stays at 0."""
    state = _outcome(_play(), "power_effect", action="fight", amount=-1)
    assert state["heroes"][0]["actions"]["fight"]["die"] == 0


def test_gain_3_power_at_4_gives_6():
    """"Lose/Gain Power": "A hero cannot ... gain more than 6 Power to an Action, any
    extra loss or gain is simply ignored": 4 + 3 = 6, the extra 1 ignored."""
    state = do(_die(_play(), "influence", 4), "power_effect", action="influence", amount=3)
    assert state["heroes"][0]["actions"]["influence"]["die"] == 6


def test_a_power_cost_must_be_paid_in_full():
    """Glossary, Reveal: "Exception: An ability with a cost cannot be activated unless
    that cost is fully paid, e.g. 'Lose 1 Power to gain 2 Spirit' could not be
    activated unless the 1 Power is paid": a cost of 2 with 1 on the die is refused;
    a cost of 1 with 1 is paid (0 left)."""
    state = _die(_play(), "fight", 1)
    refused(state, "power_effect", action="fight", amount=-2, cost=True)
    state = do(state, "power_effect", action="fight", amount=-1, cost=True)
    assert state["heroes"][0]["actions"]["fight"]["die"] == 0


def test_a_power_cost_with_no_die_is_refused():
    """Glossary, Reveal: "'Lose 1 Power to gain 2 Spirit' could not be activated unless
    the 1 Power is paid": with no Power in play the cost is refused."""
    refused(_play(), "power_effect", action="sneak", amount=-1, cost=True)


def test_spirit_damage_past_0_stops_at_0_and_loses_the_adventure():
    """"Symbol Explanations": "The black (negative) Spirit symbol indicates that the
    active hero loses X Spirit"; Glossary, Reveal: resolve "as much of that effect as
    possible"; "Game Objective", Defeat: "The hero immediately loses the Adventure if
    they run out of Spirit". Lose 3 at 2: 0, the Adventure is lost."""
    state = do(_play(spirit=2), "spirit_effect", amount=-3)
    assert state["campaign"]["results"][-1]["result"] == "loss"
    assert state["campaign"]["wounds"] == 1


def test_a_spirit_cost_the_hero_cannot_pay_is_refused():
    """Glossary, Reveal: "An ability with a cost cannot be activated unless that cost
    is fully paid": a cost of 3 Spirit at 2 is refused."""
    refused(_play(spirit=2), "spirit_effect", amount=-3, cost=True)


def test_a_spirit_cost_paid_down_to_0_loses_the_adventure():
    """"Heroes", Spirit Dial: "If the hero's Spirit ever runs out by reaching 0, they
    give up, collapse, and lose the Adventure": a cost of 2 at 2 is fully paid, and
    the hero is at 0."""
    state = do(_play(spirit=2), "spirit_effect", amount=-2, cost=True)
    assert state["campaign"]["results"][-1]["result"] == "loss"


def test_a_shield_cancels_an_abilitys_spirit_damage():
    """"Statuses", Shield i: "The next time this hero ... is damaged, cancel all of that
    damage and discard this Status instead": an ability's 4 Spirit damage at 5 is
    cancelled (5 stays), Shield is gone; the next 4 lands (1)."""
    state = do(_play(spirit=5), "hero_status", status="shield", action="fight")
    state = do(state, "spirit_effect", amount=-4)
    assert state["heroes"][0]["spirit"] == 5 and state["heroes"][0]["statuses"] == []
    state = do(state, "spirit_effect", amount=-4)
    assert state["heroes"][0]["spirit"] == 1


def test_heal_at_the_maximum_is_ignored():
    """"Heroes": "heroes can never heal Spirit beyond their maximum Spirit"; Glossary,
    Reveal: an effect that cannot be resolved "is ignored": Heal 2 at 10/10 stays 10."""
    assert _outcome(_play(spirit=10), "spirit_effect", amount=2)["heroes"][0]["spirit"] == 10


def test_heal_on_another_hero_up_to_their_maximum():
    """"Symbol Explanations": the white Spirit symbol heals "(up to their maximum). In
    the multiplayer game, wherever this symbol occurs it can be used on any hero":
    Heal 5 on Hero 3 at 8/10: 10; the others unchanged."""
    state = do(_play(heroes=3, spirit=8), "spirit_effect", amount=5, hero=3)
    assert [h["spirit"] for h in state["heroes"]] == [8, 8, 10]


def test_an_effect_on_a_pressed_on_hero_is_refused():
    """"Multiplayer Coop Mode", Pressing On: "All of the Wounded hero's cards and game
    elements are removed from play": no Heal and no Power for Hero 3, out; their
    Spirit stays 0."""
    state = do(_play(heroes=3), "correct", track="hero3.spirit", value=0)
    state = do(state, "press_on", choice="press on")
    assert step_id(state) == "play.turn"
    refused(state, "spirit_effect", amount=2, hero=3)
    refused(state, "power_effect", action="fight", amount=1, hero=3)
    assert state["heroes"][2]["spirit"] == 0
