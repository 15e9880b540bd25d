"""Edges of the Action Power Track ("Heroes", "4. Play Phase" TILT / USE / ACTIVATE
Act / Present Power, "Using Actions", "Statuses" Dazed i and Bold i, Glossary
Tilt / Use / Flip / Reset), written from the rulebook alone (`rules/kreel-manor.md`)."""

import copy

import pytest

from tests.games.kreel.helpers import (
    GAME,
    do,
    finish_round,
    new,
    next_until,
    refused,
    win_adventure,
    with_threats,
)

ACTIONS = ("fight", "influence", "sneak")


def _play(state: dict | None = None) -> dict:
    return next_until(state if state is not None else new(), "play.turn")


def _track(state: dict, **cards) -> dict:
    """``state`` with the hero's Actions set: ``fight=(slot, die)``."""
    state = copy.deepcopy(state)
    for action, (slot, die) in cards.items():
        state["heroes"][0]["actions"][action].update(slot=slot, die=die)
    return state


def _slots(state: dict, hero: int = 0) -> dict:
    return {a: c["slot"] for a, c in state["heroes"][hero]["actions"].items()}


@pytest.mark.parametrize(("used", "after"), [
    ("fight", {"fight": 1, "influence": 2, "sneak": 3}),
    ("influence", {"influence": 1, "fight": 2, "sneak": 3}),
    ("sneak", {"sneak": 1, "fight": 2, "influence": 3})])
def test_the_used_action_goes_to_1_and_only_those_below_it_move_up(used, after):
    """"Using Actions": "move the Used Action ... to the '1' slot on the Action Power
    Track. This pushes the other two Actions up one position if necessary";
    "Exception: If the Used Action was already at number '1' ... it simply remains
    where it is". From Fight 1 / Influence 2 / Sneak 3: the Action at 3 stays when
    the one at 2 is Used."""
    state = do(_play(), "use", action=used, target="draw")
    assert _slots(state) == after


def test_present_power_meets_an_act_at_exactly_x():
    """"4. Play Phase", Act: "'Influence 3 Act' means that the hero's Present Power in
    that specific value must be equal to or greater than 'X'"; "Present Power" = the
    Action Power Track number + the Power Die. Influence at 2 with 1 on its die: 3
    passes 'Influence 3 Act', refuses 'Influence 4 Act'."""
    state = _track(_play(), influence=(2, 1))
    assert do(state, "act", action="influence", needed=3)
    refused(state, "act", action="influence", needed=4)


def test_present_power_counts_a_plus_x_asset():
    """"Symbol Explanations": a '+X' "increases the hero's Present Power in that
    value": Fight at 1, no die, '+2 Fight' Asset: Present Fight 3 ('Fight 3 Act'
    passes, 'Fight 4 Act' is refused)."""
    state = do(_play(), "asset_power", action="fight", delta=2)
    assert do(state, "act", action="fight", needed=3)
    refused(state, "act", action="fight", needed=4)


def test_present_power_at_its_highest_is_9():
    """"Present Power": track number + Power Die; TILT: "Limit: 6 Power per Power
    Die": Sneak at 3 with 6 on its die is 9 (the forecast shows it)."""
    state = _track(_play(), sneak=(3, 6))
    assert dict(GAME.view(state).facts)["Power"] == "F1 I2 S9"
    assert do(state, "act", action="sneak", needed=9)
    refused(state, "act", action="sneak", needed=10)


def test_an_act_outside_the_heros_play_phase_is_refused():
    """"4. Play Phase", Act: "Acts may only be activated during the hero's Play
    Phase": in the Draw phase even Present Power 9 is refused."""
    state = _track(next_until(new(), "draw.draw"), sneak=(3, 6))
    refused(state, "act", action="sneak", needed=1)


def test_tilt_one_action_and_use_another_in_the_same_round():
    """"4. Play Phase": "TILT (once per round)" and "USE (once per round)" are two
    activities; "A Tilted Action may not be Used this turn" - another Action may.
    The Tilted Action keeps its place; the Used one goes to 1."""
    state = do(do(_play(), "tilt", action="sneak"), "use", action="influence", target="draw")
    hero = state["heroes"][0]
    assert hero["actions"]["sneak"]["die"] == 1 and hero["actions"]["sneak"]["tilted"]
    assert _slots(state) == {"influence": 1, "fight": 2, "sneak": 3}


def test_a_tilted_actions_power_is_spent_in_a_later_use():
    """TILT: "in a future turn when this Action is Used, any number of Power on this
    Action's Power Die may be spent to increase this Action's Power". Fight at 1
    Tilted to 1; next round Used spending 1: 2 Fight damage; the die is removed
    ("Unless it is reduced to 0, the Power Die stays")."""
    state = do(_play(with_threats(new(), {"fight": 5})), "tilt", action="fight")
    refused(state, "use", action="fight", target="1 Threat 1")
    state = _play(finish_round(state))
    state = do(state, "use", action="fight", target="1 Threat 1", spend=1)
    assert state["threat_area"][0]["damage"]["fight"] == 2
    assert state["heroes"][0]["actions"]["fight"]["die"] == 0


def test_spending_the_whole_die_at_6():
    """"Explore/Engage" 3: "any amount of its Power may be spent": all 6 of a die at
    6; Fight at 1 + 6 = 7 damage on a Fight 9 Threat; the die is at 0."""
    state = _track(_play(with_threats(new(), {"fight": 9})), fight=(1, 6))
    state = do(state, "use", action="fight", target="1 Threat 1", spend=6)
    assert state["threat_area"][0]["damage"]["fight"] == 7
    assert state["heroes"][0]["actions"]["fight"]["die"] == 0


def test_draw_with_any_action_adds_one_skill():
    """"Using Actions", Draw: "a hero may Use any Action to draw 1 Skill from their
    Skill deck": the Sneak at 3 draws 1 (hand 2 -> 3) and moves to 1."""
    state = _play()
    hand = state["heroes"][0]["hand"]
    state = do(state, "use", action="sneak", target="draw")
    assert state["heroes"][0]["hand"] == hand + 1 and _slots(state)["sneak"] == 1


def test_bold_allows_one_more_use_of_an_available_action_only():
    """"Statuses", Bold i. Hero: "Discard this Status during the hero's Play Phase to
    use an additional available Action"; USE: "Select one Action that is not already
    Tilted or Used". Sneak Tilted, Fight Used: Bold cannot Use Sneak (Tilted) or
    Fight (Used); it Uses Influence and is discarded; a third Use is refused."""
    state = do(_play(), "hero_status", status="bold", action="fight")
    state = do(do(state, "tilt", action="sneak"), "use", action="fight", target="draw")
    assert state["heroes"][0]["statuses"] == ["bold"]  # the first Use keeps Bold
    refused(state, "use", action="sneak", target="draw")
    refused(state, "use", action="fight", target="draw")
    state = do(state, "use", action="influence", target="draw")
    assert state["heroes"][0]["statuses"] == []
    refused(state, "use", action="sneak", target="draw")


def test_bold_does_not_let_a_dazed_action_be_used():
    """"Statuses", Dazed i. Action: "This Action cannot be Used"; Bold i gives "an
    additional available Action" - a Dazed one is not available."""
    state = do(_play(), "hero_status", status="bold", action="fight")
    state = do(state, "hero_status", status="dazed", action="sneak")
    state = do(state, "use", action="fight", target="draw")
    refused(state, "use", action="sneak", target="draw")


def test_a_dazed_action_at_6_tilted_keeps_6_and_is_free_next_round():
    """"Statuses", Dazed i. Action: "The next time it is Tilted, cancel the Power
    gain effect of the Tilt, and discard this Status instead". The Tilt still counts
    (the Action is Tilted, not Used this round); next round it may be Used."""
    state = _track(_play(), influence=(2, 3))
    state = do(state, "hero_status", status="dazed", action="influence")
    state = do(state, "tilt", action="influence")
    card = state["heroes"][0]["actions"]["influence"]
    assert (card["die"], card["dazed"], card["tilted"]) == (3, False, True)
    refused(state, "tilt", action="fight")  # the round's Tilt is spent
    state = do(_play(finish_round(state)), "use", action="influence", target="draw")
    assert _slots(state)["influence"] == 1


def test_dazed_on_two_actions_are_two_targets():
    """"Statuses": "a second copy of the same Status is simply ignored. But note that
    an unlucky hero could theoretically have one Dazed card on each of their three
    Actions because each Action is a different target"."""
    state = _play()
    for action in ACTIONS:
        state = do(state, "hero_status", status="dazed", action=action)
    state = do(state, "hero_status", status="dazed", action="fight")  # ignored
    assert all(c["dazed"] for c in state["heroes"][0]["actions"].values())
    for action in ACTIONS:
        refused(state, "use", action=action, target="draw")


def test_a_tilted_action_reset_by_an_effect_may_be_used():
    """Glossary, Reset: "Actions ... 'reset' by an effect are rotated to their
    original upright, face-up position"; Tilt: "Tilted Actions cannot be Used" - once
    upright it is no longer Tilted, and the round's Use is still free; the Power the
    Tilt added stays on the die."""
    state = do(_play(), "tilt", action="sneak")
    state = do(state, "reset_action", action="sneak")
    state = do(state, "use", action="sneak", target="draw", spend=1)
    assert _slots(state)["sneak"] == 1


def test_the_end_phase_resets_every_action_but_keeps_slots_and_dice():
    """"6. End Phase" C: "Reset every Threat and all hero Actions ... by rotating them
    back to their original upright state" - a rotation: the Power Dice and the Action
    Power Track positions stay."""
    state = do(do(_play(), "tilt", action="fight"), "use", action="sneak", target="draw")
    state = _play(finish_round(state))
    hero = state["heroes"][0]
    assert not any(c["tilted"] or c["used"] for c in hero["actions"].values())
    assert _slots(state) == {"sneak": 1, "fight": 2, "influence": 3}
    assert hero["actions"]["fight"]["die"] == 1


def test_an_advanced_ability_is_refused_on_a_basic_action_and_twice():
    """"Heroes", Actions: "Advanced Actions have a powerful one-shot ability that can
    be activated once per Adventure"; Setup 1*: "the Basic side doesn't": a Basic
    Action has none; the Advanced one's second activation is refused, also in a later
    round."""
    state = _play(new(advanced="influence"))
    refused(state, "advanced", action="fight")
    state = do(state, "advanced", action="influence")
    refused(_play(finish_round(state)), "advanced", action="influence")


def test_an_upgraded_action_stays_advanced_after_a_later_loss():
    """"Game End" c: "Upgrade an Action: flip the Action card over to its Advanced side
    at the start of each Adventure henceforth"; "Setup" 1*: "If the hero has upgraded
    an Action during the Campaign, it starts play with its Advanced side up". Won
    Adventure 1 with Sneak upgraded; Adventure 2 lost and replayed: Sneak Advanced,
    the others Basic, its ability fresh."""
    state = next_until(win_adventure(new()), "game-end.rewards")
    state = do(state, "rewards", heal_wound=False, upgrade="sneak")
    state = do(next_until(state, "game-end.next_adventure"), "next_adventure", adventure="2")
    state = do(state, "advanced", action="sneak")
    state = do(state, "correct", track="hero1.spirit", value=0)
    state = do(next_until(state, "game-end.next_adventure"), "next_adventure", adventure="2")
    cards = state["heroes"][0]["actions"]
    assert [a for a in ACTIONS if cards[a]["advanced"]] == ["sneak"]
    assert not cards["sneak"]["ability_used"]


def test_each_hero_has_their_own_track():
    """"Multiplayer Coop Mode": each hero plays "following the normal rules" with
    their own Actions; Hero 1's Use moves only Hero 1's track, and Hero 2 starts
    their round with a fresh Tilt and Use."""
    state = do(do(_play(new(heroes=2)), "use", action="sneak", target="draw"), "tilt",
               action="fight")
    assert _slots(state, 1) == {"fight": 1, "influence": 2, "sneak": 3}
    state = _play(finish_round(state))
    assert state["active_hero"] == 1
    state = do(do(state, "tilt", action="fight"), "use", action="sneak", target="draw")
    assert _slots(state, 1) == {"sneak": 1, "fight": 2, "influence": 3}
    assert state["heroes"][1]["actions"]["fight"]["die"] == 1
    assert state["heroes"][0]["actions"]["fight"]["die"] == 1


def test_a_tilted_action_reset_by_an_effect_is_not_tilted_twice_a_round():
    """"4. Play Phase": "TILT (once per round)"; Glossary, Reset only rotates the card
    upright: Fight Tilted (1), reset, Tilted again: refused, the die stays 1."""
    state = do(do(_play(), "tilt", action="fight"), "reset_action", action="fight")
    refused(state, "tilt", action="fight")
    assert state["heroes"][0]["actions"]["fight"]["die"] == 1


def test_a_heros_second_bold_is_ignored():
    """"Statuses": "a second copy of the same Status is simply ignored": Bold twice on
    the hero gives one additional Use, not two."""
    state = do(_play(), "hero_status", status="bold", action="fight")
    state = do(state, "hero_status", status="bold", action="fight")
    state = do(state, "use", action="fight", target="draw")
    state = do(state, "use", action="influence", target="draw")
    refused(state, "use", action="sneak", target="draw")
