"""The Action Power Track: Tilt, Use, Present Power ("4. Play Phase", "Using Actions")."""

import copy

import pytest

from games.core import RuleError
from tests.games.kreel.helpers import GAME, do, finish_round, new, next_until, with_threats


def _play(state: dict) -> dict:
    return next_until(state, "play.turn")


def _track(state: dict, **cards) -> dict:
    """``state`` with the hero's Actions set: ``fight=(slot, die)``."""
    state = copy.deepcopy(state)
    for action, (slot, die) in cards.items():
        state["heroes"][0]["actions"][action].update(slot=slot, die=die)
    return state


def _slots(state: dict) -> dict:
    return {a: c["slot"] for a, c in state["heroes"][0]["actions"].items()}


def test_the_action_example():
    """Action Example: Fight at 2 with 2 Power on its die spends 1: 3 Fight damage,
    the 5-Fight Threat survives. Next round Fight (now at 1) plus a Skill's +1
    deals 2 more, not spending the die: the Threat is defeated."""
    state = _play(with_threats(new(), {"fight": 5, "spirit_cost": 1}))
    state = _track(state, influence=(1, 0), fight=(2, 2), sneak=(3, 0))
    state = do(state, "use", action="fight", target="1 Threat 1", spend=1)
    threat = state["threat_area"][0]
    assert threat["damage"]["fight"] == 3
    assert state["heroes"][0]["actions"]["fight"]["die"] == 1
    assert _slots(state) == {"fight": 1, "influence": 2, "sneak": 3}
    state = _play(finish_round(state))
    state = do(state, "use", action="fight", target="1 Threat 1", bonus=1)
    assert state["threat_area"] == []
    assert state["defeated"][0]["id"] == 1
    assert state["heroes"][0]["actions"]["fight"]["die"] == 1  # not spent
    assert state["threat_discard"] == 1  # Defeated Threats: the discard pile


def test_present_power_is_slot_plus_die():
    """Present Power: Sneak at 2 with 2 Power on its die is 4."""
    state = _track(new(), influence=(3, 0), sneak=(2, 2), fight=(1, 0))
    view = GAME.view(_play(state))
    assert dict(view.facts)["Power"] == "F1 I3 S4"


def test_use_moves_the_action_to_slot_1_and_pushes_the_others_up():
    """Using Actions: the Used Action goes to '1', the others move to 2 and 3."""
    state = do(_play(new()), "use", action="sneak", target="draw")
    assert _slots(state) == {"sneak": 1, "fight": 2, "influence": 3}


def test_an_action_already_at_1_stays():
    state = do(_play(new()), "use", action="fight", target="draw")
    assert _slots(state) == {"fight": 1, "influence": 2, "sneak": 3}


def test_use_once_per_round_and_bold_gives_another():
    """USE (once per round); Statuses, Bold i: discard Bold to Use an additional
    available Action."""
    state = do(_play(new()), "use", action="fight", target="draw")
    with pytest.raises(RuleError) as err:
        do(state, "use", action="influence", target="draw")
    assert err.value.short == "1 Use per round"
    state = do(state, "hero_status", status="bold", action="fight")
    state = do(state, "use", action="influence", target="draw")
    assert state["heroes"][0]["statuses"] == []
    with pytest.raises(RuleError) as err:
        do(state, "use", action="fight", target="draw")
    assert err.value.short == "Fight already Used"


def test_tilt_once_per_round_adds_1_power_and_a_tilted_action_cannot_be_used():
    """TILT: 1 Power on the die; once per round; a Tilted Action may not be Used."""
    state = do(_play(new()), "tilt", action="sneak")
    assert state["heroes"][0]["actions"]["sneak"]["die"] == 1
    with pytest.raises(RuleError) as err:
        do(state, "tilt", action="fight")
    assert err.value.short == "1 Tilt per round"
    with pytest.raises(RuleError) as err:
        do(state, "use", action="sneak", target="draw")
    assert err.value.short == "Sneak is Tilted"


def test_a_used_action_cannot_be_tilted():
    state = do(_play(new()), "use", action="fight", target="draw")
    with pytest.raises(RuleError) as err:
        do(state, "tilt", action="fight")
    assert err.value.short == "Fight already Used"


def test_tilt_and_use_reset_in_the_end_phase():
    """6. End Phase C: Actions reset; a new round allows a new Tilt and Use."""
    state = do(do(_play(new()), "tilt", action="sneak"), "use", action="fight", target="draw")
    state = _play(finish_round(state))
    hero = state["heroes"][0]
    assert hero["uses"] == hero["tilts"] == 0
    assert not any(c["tilted"] or c["used"] for c in hero["actions"].values())
    assert hero["actions"]["sneak"]["die"] == 1  # the die stays


def test_the_die_holds_at_most_6():
    """TILT: Limit 6 Power per Power Die; extra gain is ignored."""
    state = do(_track(_play(new()), sneak=(3, 6)), "tilt", action="sneak")
    assert state["heroes"][0]["actions"]["sneak"]["die"] == 6
    with pytest.raises(RuleError):
        do(state, "adjust", track="hero1.sneak_die", delta=1)


def test_spend_at_most_what_the_die_shows():
    with pytest.raises(RuleError) as err:
        do(_track(_play(new()), fight=(1, 1)), "use", action="fight", target="draw", spend=2)
    assert err.value.short == "Die shows 1"


def test_a_dazed_action_cannot_be_used_and_its_next_tilt_only_discards_dazed():
    """Statuses, Dazed i. Action."""
    state = do(_play(new()), "hero_status", status="dazed", action="fight")
    with pytest.raises(RuleError) as err:
        do(state, "use", action="fight", target="draw")
    assert err.value.short == "Fight is Dazed"
    state = do(state, "tilt", action="fight")
    card = state["heroes"][0]["actions"]["fight"]
    assert (card["dazed"], card["die"], card["tilted"]) == (False, 0, True)


def test_act_needs_the_present_power():
    """Act: the Epicurean Banqueting Hall's 'Influence 3 Act' needs Present
    Influence 3 or more."""
    state = _play(new())  # Influence at 2, no die
    with pytest.raises(RuleError) as err:
        do(state, "act", action="influence", needed=3)
    assert err.value.short == "Influence 2: need 3"
    state = do(state, "tilt", action="influence")
    assert do(state, "act", action="influence", needed=3)


def test_use_tilt_and_act_only_in_the_play_phase():
    state = new()
    for name, params in (("use", {"action": "fight", "target": "draw"}),
                         ("tilt", {"action": "fight"}),
                         ("act", {"action": "fight", "needed": 1})):
        with pytest.raises(RuleError) as err:
            do(state, name, **params)
        assert err.value.short == "Only in Play phase"


def test_an_asset_bonus_adds_to_present_power_and_to_the_use():
    """Symbol Explanations: a '+X' next to a value increases the Present Power."""
    state = _play(with_threats(new(), {"fight": 5}))
    state = do(state, "asset_power", action="fight", delta=1)
    state = do(state, "use", action="fight", target="1 Threat 1")
    assert state["threat_area"][0]["damage"]["fight"] == 2  # slot 1 + 1


def test_advanced_ability_once_per_adventure():
    """Heroes, Actions: an Advanced Action's one-shot ability, once per Adventure."""
    state = new(advanced="fight")
    with pytest.raises(RuleError):
        do(state, "advanced", action="sneak")  # Basic
    state = do(state, "advanced", action="fight")
    with pytest.raises(RuleError) as err:
        do(state, "advanced", action="fight")
    assert err.value.short == "Used this Adventure"


def test_the_hand_grows_by_draws_and_the_end_phase_keeps_6():
    """Setup 1 iii (1 free Skill), 3. Draw Phase (+1), Use: Draw (+1),
    6. End Phase B (Skill Limit: down to 6)."""
    state = _play(new())
    assert state["heroes"][0]["hand"] == 2
    state = do(state, "use", action="fight", target="draw")
    assert state["heroes"][0]["hand"] == 3
    state = do(state, "correct", track="hero1.hand", value=8)
    state = next_until(state, "end.skill_limit")
    assert GAME.view(state).step == "B. Skill limit: 8 in hand, keep 6"
    state = do(state, "next")
    assert state["heroes"][0]["hand"] == 6


def _form_default(state, command, param="target"):
    from games.core.core_commands import command_specs

    spec = command_specs(GAME)[command]
    return next(p for p in spec.resolved_params(state) if p.name == param).default


def test_the_use_form_starts_on_the_threat_most_likely_meant():
    """"Action Example": next round the hero targets the same Threat again, so the
    Use (and damage) form's Target starts on the Threat holding the most damage
    tokens; the active hero's own Confronted Threat comes first ("Multiplayer
    Coop Mode", Confront Threats); with neither, the first choice."""
    state = next_until(new(heroes=2), "play.turn")
    assert _form_default(state, "use") == "explore"
    state = with_threats(state, {"fight": 5, "spirit_cost": 1}, {"fight": 5, "sneak": 4},
                         {"influence": 4})
    first, second, third = (f"{t['id']} {t['name']}" for t in state["threat_area"])
    assert _form_default(state, "use") == first
    state = do(state, "damage", target=third, value="influence", amount=1)
    state = do(state, "damage", target=second, value="fight", amount=3)
    assert _form_default(state, "use") == second
    assert _form_default(state, "damage") == second
    state = do(state, "confront", threat=state["threat_area"][2]["id"])
    assert _form_default(state, "use") == third


def test_an_act_is_not_a_use():
    """4. Play Phase, Act, Note: "'Acts' are different from 'Using an Action',
    which is usually only performed once per round": an Act leaves the Use free,
    and may be activated again."""
    state = do(_play(new()), "act", action="fight", needed=1)
    state = do(state, "act", action="fight", needed=1)
    hero = state["heroes"][0]
    assert hero["uses"] == 0 and not any(c["used"] for c in hero["actions"].values())
    state = do(state, "use", action="fight", target="draw")
    assert state["heroes"][0]["uses"] == 1


def test_an_advanced_action_keeps_its_die_and_returns_next_adventure():
    """Glossary, Flip: "Advanced Action cards that are Flipped like this retain
    any Power Dice on them and do not change position - they return to their
    Advanced side at the start of the next Adventure" ("Heroes", Actions: once
    per Adventure)."""
    state = _track(_play(new(advanced="sneak")), sneak=(2, 3), influence=(3, 0))
    state = do(state, "advanced", action="sneak")
    card = state["heroes"][0]["actions"]["sneak"]
    assert (card["slot"], card["die"], card["ability_used"]) == (2, 3, True)
    state = do(state, "correct", track="hero1.spirit", value=0)  # the Adventure is lost
    state = do(next_until(state, "game-end.next_adventure"), "next_adventure", adventure="1")
    card = state["heroes"][0]["actions"]["sneak"]
    assert card["advanced"] and not card["ability_used"]
    assert do(state, "advanced", action="sneak")


def test_an_action_reset_by_an_effect_is_upright_but_the_round_keeps_its_use():
    """Glossary, Reset: "Actions ... 'reset' by an effect are rotated to their
    original upright, face-up position": a Used Action reset may be Tilted this
    round ("TILT": "one Action that is not already Tilted or Used"), but the
    round's one Use is still spent ("USE (once per round)")."""
    state = do(_play(new()), "use", action="fight", target="draw")
    with pytest.raises(RuleError):
        do(state, "tilt", action="fight")
    state = do(state, "reset_action", action="fight")
    card = state["heroes"][0]["actions"]["fight"]
    assert (card["used"], card["slot"]) == (False, 1)
    with pytest.raises(RuleError) as err:
        do(state, "use", action="fight", target="draw")
    assert err.value.short == "1 Use per round"
    state = do(state, "tilt", action="fight")
    assert state["heroes"][0]["actions"]["fight"]["die"] == 1


# --- Lose/Gain Power: as much as possible -------------------------------------------------


def _dice(state: dict) -> dict:
    return {a: c["die"] for a, c in state["heroes"][0]["actions"].items()}


@pytest.mark.parametrize(("die", "amount", "after"), [
    (5, 2, 6), (1, 6, 6), (4, 2, 6), (0, 1, 1), (1, -2, 0), (3, -3, 0), (2, -1, 1)])
def test_gain_or_lose_power_past_a_limit_is_applied_up_to_it(die, amount, after):
    """"4. Play Phase", Lose/Gain Power: "simply adjust the Power Die by that
    amount, removing the Power Die if it's reduced to 0. A hero cannot lose more
    Power than they have, or gain more than 6 Power to an Action, any extra loss
    or gain is simply ignored." The same by the command and by the dial."""
    state = _play(_track(new(), fight=(1, die)))
    assert _dice(do(state, "power_effect", action="fight", amount=amount))["fight"] == after
    dial = do(state, "adjust", track="hero1.fight_die", delta=amount)
    assert _dice(dial) == {"fight": after, "influence": 0, "sneak": 0}


def test_a_power_effect_that_cannot_be_resolved_is_ignored():
    """Glossary, Reveal: "If an effect cannot be resolved - e.g. 'Lose 1 Power'
    when no Power is in play - that effect is ignored": the command is taken and
    nothing changes; the dial against its stop (0 or 6) stays refused."""
    from games.core import Command, apply

    state = _play(_track(new(), fight=(1, 0), sneak=(3, 6)))
    for action, amount in (("fight", -1), ("sneak", 1)):
        applied = apply(GAME, state, Command("power_effect", {"action": action, "amount": amount}))
        assert _dice(applied.state) == _dice(state) and "ignored" in applied.description
        with pytest.raises(RuleError):
            do(state, "adjust", track=f"hero1.{action}_die", delta=amount)


def test_a_power_cost_is_paid_in_full_or_refused():
    """Glossary, Reveal, Exception: "An ability with a cost cannot be activated
    unless that cost is fully paid, e.g. 'Lose 1 Power to gain 2 Spirit' could
    not be activated unless the 1 Power is paid": a cost of 2 on a die at 1 is
    refused (nothing changes); a cost of 2 on a die at 2 empties it."""
    state = _play(_track(new(), influence=(2, 1)))
    with pytest.raises(RuleError) as err:
        do(state, "power_effect", action="influence", amount=-2, cost=True)
    assert err.value.short == "Cost 2: die is 1"
    state = do(_track(state, influence=(2, 2)), "power_effect", action="influence", amount=-2,
               cost=True)
    assert _dice(state)["influence"] == 0


def test_a_power_effect_on_another_heroes_die():
    """Multiplayer Coop Mode, Fast: abilities "add to their Actions": Hero 2's
    Sneak die at 5 gains 3: 6; Hero 1's dice untouched."""
    state = _play(new(heroes=2))
    state["heroes"][1]["actions"]["sneak"]["die"] = 5
    state = do(state, "power_effect", action="sneak", amount=3, hero=2)
    assert state["heroes"][1]["actions"]["sneak"]["die"] == 6 and _dice(state)["sneak"] == 0


def test_a_dial_turn_past_6_on_another_heroes_die_stops_at_6():
    state = _play(new(heroes=3))
    state["heroes"][2]["actions"]["fight"]["die"] = 4
    state = do(state, "adjust", track="hero3.fight_die", delta=5)
    assert state["heroes"][2]["actions"]["fight"]["die"] == 6
