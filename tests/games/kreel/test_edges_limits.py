"""Edges of the limits on Power Dice and Spirit ("4. Play Phase", TILT and Lose/Gain
Power; "Heroes", Spirit Dial; Glossary, Heal X and Reveal; "Symbol Explanations"),
written from the rulebook alone (`rules/kreel-manor.md`).

A card's gain or loss is entered with the dial (`adjust`, a delta of several
steps); a dial turned against its stop (nothing of the effect can be applied)
stays refused and changes nothing ("If an effect cannot be resolved ... that
effect is ignored")."""

import copy

from tests.games.kreel.helpers import do, new, next_until, refused


def _play(**options) -> dict:
    return next_until(new(**options), "play.turn")


def _die(state: dict, action: str, value: int) -> dict:
    state = copy.deepcopy(state)
    state["heroes"][0]["actions"][action]["die"] = value
    return state


def _dice(state: dict) -> dict:
    return {a: c["die"] for a, c in state["heroes"][0]["actions"].items()}


def test_gain_2_power_on_a_die_at_5_gives_6():
    """"4. Play Phase", Lose/Gain Power: "simply adjust the Power Die by that amount
    ... A hero cannot lose more Power than they have, or gain more than 6 Power to
    an Action, any extra loss or gain is simply ignored." Gain 2 at 5: 6."""
    state = do(_die(_play(), "fight", 5), "adjust", track="hero1.fight_die", delta=2)
    assert _dice(state) == {"fight": 6, "influence": 0, "sneak": 0}


def test_gain_6_power_on_a_die_at_1_gives_6():
    """"4. Play Phase", Lose/Gain Power: "gain more than 6 Power to an Action, any
    extra ... gain is simply ignored": a die at 1 gaining 6 shows 6 (5 gained,
    1 ignored)."""
    state = do(_die(_play(), "sneak", 1), "adjust", track="hero1.sneak_die", delta=6)
    assert _dice(state)["sneak"] == 6


def test_gain_up_to_exactly_6_is_whole():
    """"4. Play Phase", Lose/Gain Power: "simply adjust the Power Die by that
    amount": 4 + 2 = 6, the limit, nothing ignored; a die at 0 gaining 1 shows 1
    (TILT: "Place a matching Power Die on the Action, set to the '1' side")."""
    state = do(_die(_play(), "influence", 4), "adjust", track="hero1.influence_die", delta=2)
    assert _dice(state)["influence"] == 6
    state = do(_play(), "adjust", track="hero1.fight_die", delta=1)
    assert _dice(state)["fight"] == 1


def test_a_gain_on_a_die_at_6_changes_nothing():
    """"4. Play Phase", Lose/Gain Power: "any extra ... gain is simply ignored";
    Glossary, Reveal: "If an effect cannot be resolved ... that effect is
    ignored". At 6 a gain of 1 leaves 6 (the dial's stop: refused, untouched)."""
    state = _die(_play(), "fight", 6)
    refused(state, "adjust", track="hero1.fight_die", delta=1)
    assert _dice(state)["fight"] == 6


def test_tilt_at_6_keeps_6_and_still_counts_as_the_rounds_tilt():
    """TILT: "If a Die is already on the Action, instead increase that Power Die
    by 1 (Limit: 6 Power per Action card)"; "any extra ... gain is simply
    ignored". A Tilt at 6 leaves 6; the Action is Tilted (it may not be Used)."""
    state = do(_die(_play(), "sneak", 6), "tilt", action="sneak")
    hero = state["heroes"][0]
    assert hero["actions"]["sneak"]["die"] == 6 and hero["actions"]["sneak"]["tilted"]
    refused(state, "use", action="sneak", target="draw")


def test_tilt_at_5_reaches_the_limit():
    """TILT: "increase that Power Die by 1 (Limit: 6 Power per Action card)": 5 -> 6."""
    state = do(_die(_play(), "influence", 5), "tilt", action="influence")
    assert _dice(state)["influence"] == 6


def test_spending_power_is_a_cost_paid_in_full():
    """Glossary, Reveal: "Exception: An ability with a cost cannot be activated
    unless that cost is fully paid"; "Explore/Engage" 3: "reduce the Power Die's
    total by 1 for each 1 Power added": spending 2 from a die showing 1 is
    refused; spending the 1 it shows empties it ("removing the Power Die if it's
    reduced to 0")."""
    state = _die(_play(), "fight", 1)
    refused(state, "use", action="fight", target="draw", spend=2)
    state = do(state, "use", action="fight", target="draw", spend=1)
    assert _dice(state)["fight"] == 0


def test_heal_3_at_8_of_10_gives_10():
    """Glossary, Heal X: "Restore X Spirit to the active hero"; "Heroes": "heroes
    can never heal Spirit beyond their maximum Spirit"; Glossary, Reveal: "If an
    effect can only be partially resolved, resolve as much of that effect as
    possible". Heal 3 at 8/10: 10."""
    state = do(_play(spirit=8, max_spirit=10), "adjust", track="hero1.spirit", delta=3)
    assert state["heroes"][0]["spirit"] == 10


def test_heal_past_a_raised_maximum_stops_at_the_new_maximum():
    """"Heroes": "certain Assets and abilities showing a '+' symbol ... may increase
    that maximum"; "Symbol Explanations": the bonus "is applied to the hero's current
    and maximum Spirit". Max 10 + a '+1 Spirit' Asset: 11; Heal 3 at 9/11 gives 11."""
    state = do(_play(spirit=8, max_spirit=10), "asset_spirit", delta=1)
    assert (state["heroes"][0]["spirit"], state["heroes"][0]["max_spirit"]) == (9, 11)
    state = do(state, "adjust", track="hero1.spirit", delta=3)
    assert state["heroes"][0]["spirit"] == 11


def test_heal_at_the_maximum_changes_nothing():
    """"Heroes": "heroes can never heal Spirit beyond their maximum Spirit";
    Glossary, Reveal: an effect that cannot be resolved "is ignored": Heal 1 at
    10/10 leaves 10 (the dial's stop: refused, untouched)."""
    state = _play(spirit=10, max_spirit=10)
    refused(state, "adjust", track="hero1.spirit", delta=1)
    assert state["heroes"][0]["spirit"] == 10


def test_another_heroes_heal_past_the_maximum_stops_there():
    """"Symbol Explanations": the white Spirit symbol heals "(up to their maximum).
    In the multiplayer game, wherever this symbol occurs it can be used on any
    hero". Heal 4 on Hero 2 at 7/10: 10; Hero 1 untouched."""
    state = do(_play(heroes=2, spirit=7, max_spirit=10), "adjust", track="hero2.spirit", delta=4)
    assert [h["spirit"] for h in state["heroes"]] == [7, 10]
