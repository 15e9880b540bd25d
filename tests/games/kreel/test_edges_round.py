"""Edges of the round and of what each hero brings to it ("Gameplay", "1. Delve
Phase" A, "3. Draw Phase", "6. End Phase", "Setup" 1 ii-iii and 3, "Stories",
"Statuses", "Defeated Plots", "Multiplayer Coop Mode", "Game Objective" Multiplayer
Symbol, Glossary Threat Area), written from the rulebook alone (`rules/kreel-manor.md`)."""

import copy

import pytest

from tests.games.kreel.helpers import (
    advance,
    do,
    finish_round,
    new,
    next_until,
    play_round,
    play_threat_phase,
    refused,
    spirit_attack,
    step_id,
    with_threats,
)


@pytest.mark.parametrize("heroes", [1, 3, 4])
def test_every_hero_starts_with_one_skill_and_their_spirit(heroes):
    """"Setup" 1 iii: "Choose one of the 10 Class Skill cards ... and add it to the
    hero's hand"; 3: "Set it to the hero's starting Spirit": every hero, the last too."""
    state = new(heroes=heroes, spirit=7, max_spirit=9)
    assert [(h["hand"], h["spirit"], h["max_spirit"]) for h in state["heroes"]] == \
        [(1, 7, 9)] * heroes


@pytest.mark.parametrize(("heroes", "order"), [(1, [0, 0, 0]), (2, [0, 1, 0]),
                                               (3, [0, 1, 2, 0]), (4, [0, 1, 2, 3, 0])])
def test_each_hero_in_turn_plays_a_whole_round(heroes, order):
    """"Multiplayer Coop Mode": "each hero takes turns in clockwise order to play
    through an entire round of the game"; "6. End Phase" D: "A new round begins with
    a new Delve Phase": after the last hero, the first again."""
    state = new(heroes=heroes)
    seen = []
    for _ in order:
        state = next_until(state, "play.turn")
        seen.append(state["active_hero"])
        state = finish_round(state)
    assert seen == order


def test_a_pressed_on_hero_gets_no_more_rounds():
    """"Multiplayer Coop Mode", Pressing On: "All of the Wounded hero's cards and game
    elements are removed from play ... The game continues": with 3 heroes and Hero 2
    out, the rounds go 1, 3, 1."""
    state = next_until(new(heroes=3), "play.turn")
    state = do(do(state, "correct", track="hero2.spirit", value=0), "press_on", choice="press on")
    seen = []
    for _ in range(3):
        state = finish_round(state)
        state = next_until(state, "play.turn")
        seen.append(state["active_hero"])
    assert seen == [2, 0, 2]


def test_the_draw_phase_draws_for_the_active_hero_only():
    """"3. Draw Phase": "The hero draws 1 Skill into their hand" - in a hero's own
    round; the other heroes' hands do not change."""
    state = next_until(new(heroes=2), "play.turn")
    assert [h["hand"] for h in state["heroes"]] == [2, 1]
    state = next_until(finish_round(state), "play.turn")
    assert [h["hand"] for h in state["heroes"]] == [2, 2]


@pytest.mark.parametrize(("hand", "kept"), [(5, 5), (6, 6), (7, 6), (9, 6)])
def test_the_skill_limit_is_6_at_the_end_phase_only(hand, kept):
    """"6. End Phase" B: "If the hero has more than 6 Skills in their hand they must
    choose and Play, or discard, any number of Skills until they have only 6
    remaining": 7 or 9 in the Play phase are allowed; the End phase keeps 6; 6 or
    fewer are kept as they are."""
    state = do(next_until(new(), "play.turn"), "correct", track="hero1.hand", value=hand)
    assert state["heroes"][0]["hand"] == hand
    state = finish_round(state)
    assert state["heroes"][0]["hand"] == kept


def test_each_heroes_story_card_is_read_in_their_own_first_delve():
    """"Setup" 1 ii: "Place the listed Story card in front of the hero to be read in
    their first Delve Phase"; "1. Delve Phase" A: "A hero's Story card, if any, is
    read aloud". Hero 1 reads in round 1, Hero 2 in round 2; round 3 (Hero 1 again)
    has none."""
    state = do(new(heroes=2), "next")
    assert step_id(state) == "delve.story" and state["active_hero"] == 0
    state = do(finish_round(next_until(state, "play.turn")), "next")
    assert step_id(state) == "delve.story" and state["active_hero"] == 1
    state = do(finish_round(next_until(state, "play.turn")), "next")
    assert state["active_hero"] == 0 and step_id(state) != "delve.story"


def test_a_story_revealed_in_its_heros_own_round_is_read_in_their_next_delve():
    """"Stories": "Whenever a Story card is revealed ..., the hero listed at the bottom
    of the Story card places it in front of them. At the beginning of their next Delve
    Phase they read it aloud": revealed in the hero's own Threat phase (after this
    round's Delve), it is read at the next round's Delve."""
    state = new()
    for _ in range(3):
        state = play_round(state)
    state = next_until(state, "threat.reveal")
    state = do(state, "reveal", kind="story", story_hero=1)
    assert state["heroes"][0]["story"] is True
    state = do(finish_round(state), "next")
    assert step_id(state) == "delve.story"
    state = do(finish_round(next_until(state, "play.turn")), "next")
    assert step_id(state) != "delve.story"  # read once


def test_a_reveal_bold_threat_doubles_in_the_same_rounds_spirit_phase():
    """"Statuses": "A Threat with the 'Reveal: Bold' ... ability gains the Bold Status
    as soon as it is revealed"; Bold ii: "The next time this Threat attacks, double its
    Spirit damage": revealed in the Threat phase with Spirit Cost 2, it attacks for 4."""
    state = new(spirit=10)
    for _ in range(3):
        state = play_round(state, fight=3, spirit_cost=0)
    state = play_threat_phase(state, fight=3, spirit_cost=2, bold=True)
    state = do(do(state, "next"), "next")
    assert spirit_attack(state) == 4


def test_a_scouted_shadow_does_not_attack():
    """Glossary, Threat Area: "Area holding all the Threats that have moved out of the
    Shadows"; "5. Spirit Phase" A: "Every Threat in the Threat Area now attacks" - a
    Scouted Shadow (face-up, "Revealed Shadows remain in place, in the Shadows") with
    Spirit Cost 3 does not."""
    state = new(spirit=10)
    state = next_until(play_round(state), "play.turn")  # Shadows: -, 1, 2
    state = do(state, "scout", shadow=3, fight=2, spirit_cost=3)
    assert state["shadows"][2]["revealed"]
    state = do(state, "next")
    assert spirit_attack(state) == 0 and state["heroes"][0]["spirit"] == 10


def test_a_plots_option_checks_present_power_after_its_defeat():
    """"Defeated Plots" example: "to select the Negotiate option, the hero must have at
    least 6 Present Influence Power ... they will still need 6 Present Influence Power
    after defeating this Plot". Defeated by an ability (no Use): Influence at 3 with 3
    on its die is exactly 6 - Negotiate (6) passes, a 7 would not."""
    state = copy.deepcopy(next_until(with_threats(new(), {"kind": "plot", "influence": 2}),
                                     "play.turn"))
    actions = state["heroes"][0]["actions"]
    actions["influence"].update(slot=3, die=3)
    actions["sneak"]["slot"] = 2
    state = do(state, "damage", target="1 Threat 1", value="influence", amount=2)
    assert state["defeated"][0]["kind"] == "plot"
    assert do(state, "act", action="influence", needed=6)
    refused(state, "act", action="influence", needed=7)


@pytest.mark.parametrize(("heroes", "sneak"), [(1, 3), (2, 6), (4, 12)])
def test_the_multiplayer_symbol_on_a_location_per_hero_count(heroes, sneak):
    """"Game Objective", Multiplayer Symbol: "multiply the listed value by the number of
    heroes who started the Adventure"; "Multiplayer Coop Mode": "Locations and Foes
    scale up with multiple heroes". Sneak 3 with the symbol: 3, 6, 12; the Location
    holds that many Sneak tokens ("Damage Tokens")."""
    state = next_until(new(heroes=heroes), "delve.flip")
    state = next_until(do(state, "location", sneak=3, per_hero=True), "play.turn")
    state = do(state, "damage", target="explore", value="sneak", amount=20)
    assert state["locations"][0]["damage"] == sneak


def test_the_multiplayer_symbol_counts_a_hero_pressed_on_without():
    """"Game Objective", Multiplayer Symbol: "the number of heroes who started the
    Adventure" - a hero Pressed On without still started it: with 3 heroes, Hero 3
    out, a Foe's Fight 2 with the symbol is 6."""
    state = next_until(new(heroes=3), "play.turn")
    state = do(do(state, "correct", track="hero3.spirit", value=0), "press_on", choice="press on")
    state = next_until(do(state, "add_threat", count=4), "add-threat.reveal")
    state = do(state, "reveal", kind="foe", fight=2, per_hero=True)
    foe = next(t for t in state["threat_area"] if t["kind"] == "foe")
    assert foe["fight"] == 6


def test_another_hero_damages_a_threat_confronted_by_the_active_hero():
    """"Multiplayer Coop Mode": "They may Confront and target any Threats with Actions
    and abilities anywhere in the Shared Threat Area, or even in another hero's Threat
    Area"; Glossary, Fast: "can be played or triggered during other heroes' turns to
    aid them". Hero 2's ability on Hero 1's Confronted Fight 3 Threat: 3 defeats it."""
    state = next_until(with_threats(new(heroes=2), {"fight": 3, "spirit_cost": 1}), "play.turn")
    state = do(state, "confront", threat=1)
    state = do(state, "damage", target="1 Threat 1", value="fight", amount=3, hero=2)
    assert state["threat_area"] == []
    assert state["defeated"][0]["id"] == 1


def test_the_six_phases_then_nothing_until_next():
    """"Gameplay": the round's six Phases, "1. Delve ... 6. End"; "6. End Phase" D: "A
    new round begins with a new Delve Phase". After the End phase nothing runs; the
    next round starts at the Delve, round + 1."""
    state = finish_round(next_until(new(), "play.turn"))
    assert state["procedure"] is None and state["round"] == 1
    state = advance(state)
    assert state["round"] == 2 and state["procedure"]["name"] == "delve"


def test_the_skill_limit_applies_in_the_heros_own_end_phase():
    """"6. End Phase" B: "If the hero has more than 6 Skills in their hand they must ...
    discard ... until they have only 6"; "Multiplayer Coop Mode": each hero plays "an
    entire round": Hero 2 holding 8 keeps them through Hero 1's End phase, and is
    brought to 6 in their own."""
    state = do(next_until(new(heroes=2), "play.turn"), "correct", track="hero2.hand", value=8)
    state = finish_round(state)
    assert state["heroes"][1]["hand"] == 8
    state = finish_round(next_until(state, "play.turn"))
    assert state["heroes"][1]["hand"] == 6
