"""The Threat deck, Wounds, Game End and the Campaign; Multiplayer Press On.

"2. Threat Phase" (Empty Threat Deck), "Ending The Game", "Wounds", "Game End",
"The Campaign", "Difficulty Variants", "Multiplayer Coop Mode" (Defeat - Wounds,
Pressing On)."""


import pytest

from games.core import RuleError
from games.kreel.campaign import adventure_choices
from tests.games.kreel.helpers import (
    GAME,
    advance,
    do,
    finish_round,
    new,
    next_until,
    play_round,
    step_id,
    win_adventure,
    with_threats,
)


def _lose(state: dict, hero: int = 1) -> dict:
    """The hero's Spirit dial turned to 0."""
    spirit = state["heroes"][hero - 1]["spirit"]
    return do(state, "adjust", track=f"hero{hero}.spirit", delta=-spirit)


def _to_next_adventure(state: dict) -> dict:
    return next_until(state, "game-end.next_adventure")


# --- the Threat deck -------------------------------------------------------------------


def test_each_threat_added_takes_a_card_from_the_deck():
    state = new(foes=2)
    assert state["threat_deck"] == 32
    state = play_round(state)
    assert state["threat_deck"] == 31


def test_an_empty_deck_shuffles_the_lords_vengeance_into_the_discards():
    """Empty Threat Deck: the set-aside Lord's Vengeance and the discarded Threats
    form a new Threat deck."""
    state = new()
    state.update(threat_deck=0, threat_discard=4)
    state = play_round(state)
    assert state["vengeance"] == "deck"
    assert (state["threat_deck"], state["threat_discard"]) == (4, 0)  # 4 + 1 - 1 drawn


def test_with_no_card_anywhere_nothing_is_added():
    state = new()
    state.update(threat_deck=0, threat_discard=0, vengeance="revealed")
    state = play_round(state)
    assert state["shadows"] == [None, None, None]


def test_revealing_the_lords_vengeance():
    state = new()
    for _ in range(3):
        state = play_round(state)
    state = next_until(state, "threat.reveal")
    state = do(state, "reveal", kind="vengeance", spirit_cost=3)
    assert state["vengeance"] == "revealed"
    assert state["threat_area"][0]["name"] == "Lord's Vengeance"


# --- Wounds and replaying ----------------------------------------------------------------


def test_a_lost_adventure_is_replayed_with_a_wound():
    """Wounds: the hero draws 1 Wound and restarts the same Adventure; Game End d-e:
    Spirit restored, Actions back to their alphabetical slots, dice removed."""
    state = next_until(new(spirit=6, foes=2), "play.turn")
    state = do(do(state, "tilt", action="influence"), "use", action="sneak", target="draw")
    state = _to_next_adventure(_lose(state))
    assert adventure_choices(state) == ("1",)
    hero = state["heroes"][0]
    assert hero["spirit"] == 10 and hero["wounds"] == 1  # to maximum
    assert {a: (c["slot"], c["die"]) for a, c in hero["actions"].items()} == {
        "fight": (1, 0), "influence": (2, 0), "sneak": (3, 0)}
    state = do(state, "next_adventure", adventure="1", foes=2)
    assert state["procedure"] is None and state["round"] == 0
    assert state["threat_deck"] == 32 and state["campaign"]["fails"] == 1
    assert state["locations"][0]["sneak"] is None


def test_three_failures_in_a_row_move_on():
    """Wounds: failing the same Adventure three times in a row moves on."""
    state = new()
    for fails in (1, 2):
        state = _to_next_adventure(_lose(state))
        assert state["campaign"]["fails"] == fails and adventure_choices(state) == ("1",)
        state = do(state, "next_adventure", adventure="1")
    state = _to_next_adventure(_lose(state))
    assert adventure_choices(state) == ("2",)
    with pytest.raises(RuleError):
        do(state, "next_adventure", adventure="1")
    state = do(state, "next_adventure", adventure="2")
    assert state["campaign"]["adventure"] == 2 and state["campaign"]["fails"] == 0


def test_the_fifth_wound_ends_the_campaign():
    """Death: a fifth Wound; the hero loses the Campaign."""
    state = new()
    state["campaign"]["wounds"] = 4
    state = _lose(state)
    assert state["over"] == {"result": "loss", "text": "5 Wounds: the Campaign is lost"}


def test_belanors_lightbringer_plays_without_wounds():
    state = _to_next_adventure(_lose(new(variant="belanors-lightbringer", advanced="fight")))
    assert state["campaign"]["wounds"] == 0 and state["over"] is None


def test_lequiems_warrior_takes_a_wound_to_skip():
    """Difficulty Variants, Lequiem's Warrior."""
    state = _lose(new(variant="lequiems-warrior"))
    assert step_id(state) == "game-end.lequiem"
    state = do(state, "skip_adventure", skip=True)
    assert state["campaign"]["wounds"] == 2
    state = _to_next_adventure(state)
    assert adventure_choices(state) == ("2",)


def test_valims_dungeoneer_adds_a_shadow_to_each_adventure():
    state = _to_next_adventure(_lose(new(variant="valims-dungeoneer")))
    state = do(state, "next_adventure", adventure="1")
    assert sum(t is not None for t in state["shadows"]) == 1


# --- winning ------------------------------------------------------------------------------


def test_a_won_adventure_earns_upgrades_and_rewards_and_moves_on():
    """Game End a-f: Defeat paragraph, Skill Upgrades x2, other rewards (heal a
    Wound, Upgrade an Action), Spirit restored, the next Adventure."""
    state = new(spirit=8, max_spirit=10)
    state["campaign"]["wounds"] = state["heroes"][0]["wounds"] = 1
    state = win_adventure(state)
    state = next_until(state, "game-end.rewards")
    state = do(state, "rewards", heal_wound=True, upgrade="influence")
    assert state["campaign"]["wounds"] == 0 and state["campaign"]["upgrades"] == 2
    assert state["heroes"][0]["spirit"] == 10
    assert state["heroes"][0]["actions"]["influence"]["advanced"]
    state = _to_next_adventure(state)
    assert adventure_choices(state) == ("2",)
    state = do(state, "next_adventure", adventure="2", foes=3)
    assert state["adventure"] == {"number": 2, "foes": 3, "plots": 5}
    assert state["heroes"][0]["actions"]["influence"]["advanced"]  # henceforth


def test_winning_adventure_5_wins_the_campaign():
    """The Campaign: win all five Adventures, in order."""
    state = new(adventure=5, foes=1)
    state = win_adventure(state)
    assert state["over"]["result"] == "win"


# --- Multiplayer Coop Mode ----------------------------------------------------------------


def test_press_on_without_a_wounded_hero():
    """Pressing On: the Wounded hero's cards leave play, their Confronted Threat
    returns to the shared Threat Area, and the game continues."""
    state = with_threats(new(heroes=2), {"fight": 3})
    state = next_until(state, "play.turn")
    state = do(state, "confront", threat=1)
    state = _lose(state, hero=1)
    assert step_id(state) == "wounded.press_on"
    state = do(state, "press_on", choice="press on")
    assert state["heroes"][0]["out"] and state["threat_area"][0]["confronted_by"] is None
    assert step_id(state) == "end.discard"  # the Wounded hero's round goes to its end
    state = finish_round(state)
    state = advance(state)
    assert state["active_hero"] == 1
    state = finish_round(next_until(state, "play.turn"))
    state = advance(state)
    assert state["active_hero"] == 1  # Hero 1 is out


def test_tend_to_the_wounded_comrade_restarts_the_adventure():
    state = next_until(new(heroes=2), "play.turn")
    state = do(_lose(state, hero=2), "press_on", choice="tend")
    assert state["procedure"]["name"] == "game-end"
    assert state["campaign"]["results"][-1]["result"] == "loss"


def test_the_team_loses_at_five_wounds_between_them():
    """At any point, if the team has a total of 5 Wounds, they lose the Campaign."""
    state = next_until(new(heroes=2), "play.turn")
    state["campaign"]["wounds"] = 4
    state = _lose(state, hero=2)
    assert state["over"]["result"] == "loss"


def test_a_hero_takes_no_damage_from_anothers_confronted_threat():
    """Confront Threats: in their own Spirit Phase a hero takes no damage from
    Threats Confronted by other heroes."""
    state = with_threats(new(heroes=2), {"fight": 2, "spirit_cost": 3}, {"spirit_cost": 1})
    state = next_until(state, "play.turn")
    state = do(state, "confront", threat=1)
    state = finish_round(state)
    state = finish_round(next_until(state, "play.turn"))
    assert state["heroes"][1]["spirit"] == 9


def test_a_veteran_campaign_has_one_wound_less_and_no_heal():
    """The Campaign A-B: after a won Campaign, Wound maximum - 1 and no Heal 1 Wound."""
    state = new(veteran=True)
    assert state["campaign"]["wound_limit"] == 4
    state = next_until(win_adventure(state), "game-end.rewards")
    with pytest.raises(RuleError) as err:
        do(state, "rewards", heal_wound=True, upgrade="none")
    assert err.value.short == "No Heal: veteran"


def test_tanklors_nightmare_reminds_remove_or_add():
    from tests.games.kreel.helpers import GAME
    state = next_until(win_adventure(new(variant="tanklors-nightmare")), "game-end.upgrades")
    assert GAME.view(state).step == "b. Upgrades: remove OR add"


def test_a_revealed_story_goes_to_the_hero_named_on_it():
    """Stories: the hero listed on the Story card places it in front of them and
    reads it at the beginning of their next Delve Phase."""
    state = new(heroes=2)
    for _ in range(2):
        state = play_round(state)
    state = next_until(state, "threat.reveal")  # round 3: Hero 1 is active
    state = do(state, "reveal", kind="story", story_hero=2)
    assert state["threat_area"] == []  # no Threat values: in front of the hero
    assert [h["story"] for h in state["heroes"]] == [False, True]
    state = next_until(finish_round(state), "delve.story")
    assert state["active_hero"] == 1


# --- Pressing On: the Wounded hero's elements are out of play ---------------------------


def _hero_2_out(heroes: int = 2, *threats: dict) -> dict:
    """Hero 1's Play phase, Hero 2 Wounded and the team Pressed On without them."""
    state = next_until(with_threats(new(heroes=heroes, spirit=5), *threats), "play.turn")
    state = do(_lose(state, hero=2), "press_on", choice="press on")
    assert state["heroes"][1]["out"] and step_id(state) == "play.turn"
    return state


@pytest.mark.parametrize(("name", "params"), [
    ("damage", {"target": "1 Threat 1", "value": "fight", "amount": 1, "hero": 2}),
    ("damage", {"target": "explore", "value": "sneak", "amount": 1, "hero": 2}),
    ("defeat", {"threat": 1, "hero": 2}),
    ("hero_status", {"status": "bold", "action": "fight", "hero": 2}),
    ("power_effect", {"action": "fight", "amount": 1, "hero": 2}),
    ("spirit_effect", {"amount": 2, "hero": 2}),
    ("asset_spirit", {"delta": 1, "hero": 2}),
    ("asset_power", {"action": "fight", "delta": 1, "hero": 2}),
    ("reset_action", {"action": "fight", "hero": 2}),
    ("shadow_reach", {"on": True, "hero": 2}),
])
def test_a_pressed_on_heroes_elements_are_out_of_play(name, params):
    """"Multiplayer Coop Mode", Pressing On: "All of the Wounded hero's cards and
    game elements are removed from play (any damage tokens they have inflicted
    or played on Threats, etc. remain)": nothing may use Hero 2 any more."""
    state = _hero_2_out(2, {"fight": 3, "spirit_boost": 2})
    with pytest.raises(RuleError) as err:
        do(state, name, **params)
    assert err.value.short == "Hero 2 is out"


def test_the_last_hero_in_takes_the_boost_without_a_question():
    """Pressing On and Spirit Boost ("may be applied to any hero"): with Hero 2
    out only Hero 1 is left, so Boost 2 at 5/10 gives Hero 1 7, Hero 2 stays at 0."""
    state = _hero_2_out(2, {"fight": 3, "spirit_boost": 2})
    state = do(state, "defeat", threat=1, source="threat")
    assert [h["spirit"] for h in state["heroes"]] == [7, 0] and step_id(state) == "play.turn"


def test_the_boost_is_offered_only_to_the_heroes_still_in():
    """Spirit Boost "may be applied to any hero", but Hero 2 is out of play:
    with 3 heroes the choice is Hero 1 or Hero 3."""
    from games.core.core_commands import command_specs

    state = _hero_2_out(3, {"fight": 3, "spirit_boost": 2})
    state = do(state, "damage", target="1 Threat 1", value="fight", amount=3)
    [param] = command_specs(GAME)["boost"].resolved_params(state)
    assert param.choices == ("Hero 1", "Hero 3") and param.default == "Hero 1"


def test_a_pressed_on_heroes_story_leaves_play():
    """Pressing On: the Wounded hero's cards are removed from play, their Story
    too ("Stories" are "unique to each hero"); the tokens Hero 2 dealt on a
    shared Threat remain."""
    state = next_until(with_threats(new(heroes=2, spirit=5),
                                    {"kind": "story", "fight": 4, "spirit_cost": 2, "story_of": 1},
                                    {"fight": 4}), "play.turn")
    state = do(state, "damage", target="2 Threat 2", value="fight", amount=2, hero=2)
    state = do(_lose(state, hero=2), "press_on", choice="press on")
    assert [t["id"] for t in state["threat_area"]] == [2]
    assert state["threat_area"][0]["damage"]["fight"] == 2
    assert state["threat_discard"] == 0 and state["defeated"] == []  # removed, not defeated


def test_a_story_revealed_for_a_pressed_on_hero_leaves_play_at_once():
    """Pressing On: Hero 2's cards are out of play, so a Story of theirs revealed
    later ("the hero listed at the bottom of the Story card places it in front of
    them") leaves play at once and waits for no Delve."""
    state = _hero_2_out(2)
    state = next_until(do(state, "add_threat", count=4), "add-threat.reveal")
    state = do(state, "reveal", kind="story", fight=3, spirit_cost=1, story_hero=2)
    assert state["threat_area"] == [] and not state["heroes"][1]["story"]


def test_a_pressed_on_active_heroes_rest_of_round_refuses_their_abilities():
    """Pressing On during Hero 1's own Spirit phase: the round goes on to its End
    phase without them; their abilities (the default hero) are refused there."""
    state = next_until(with_threats(new(heroes=2, spirit=2), {"spirit_cost": 3}), "spirit.block")
    state = do(do(state, "block", points=0), "press_on", choice="press on")
    assert step_id(state) == "end.discard" and state["heroes"][0]["out"]
    with pytest.raises(RuleError) as err:
        do(state, "power_effect", action="fight", amount=1)
    assert err.value.short == "Hero 1 is out"
