"""A new Adventure: heroes, Spirit Dials, Shadows, round counter, tracks."""

import pytest

from games.core import RuleError, get_game, new_game
from tests.games.kreel.helpers import GAME, do, new, next_until, step_id, with_threats


def test_registered_under_its_game_id():
    assert get_game("kreel-manor") is GAME


def test_setup_sets_each_spirit_dial():
    """Setup 3. Spirit Dial: starting Spirit; the Hero Board shows the maximum."""
    state = new(heroes=3, spirit=8, max_spirit=10)
    assert [(h["spirit"], h["max_spirit"]) for h in state["heroes"]] == [(8, 10)] * 3
    assert [h["name"] for h in state["heroes"]] == ["Hero 1", "Hero 2", "Hero 3"]
    assert state["round"] == 0 and state["procedure"] is None and state["over"] is None
    assert state["shadows"] == [None, None, None] and state["threat_area"] == []


def test_setup_refuses_spirit_above_max():
    with pytest.raises(RuleError) as err:
        new(spirit=11, max_spirit=10)
    assert err.value.short == "Spirit max is 10"


@pytest.mark.parametrize("heroes", [0, 5])
def test_one_to_four_heroes(heroes):
    """Multiplayer Coop Mode: 1-4 heroes (4 Spirit Dials in the box)."""
    with pytest.raises(RuleError):
        new(heroes=heroes)


def test_state_round_trips_through_json():
    import json

    state = new(heroes=2, variant="masklaws-abyss")
    assert json.loads(json.dumps(state)) == state


def test_next_starts_round_1_with_hero_1():
    state = do(new(heroes=2), "next")
    assert state["round"] == 1 and state["active_hero"] == 0
    assert step_id(state) == "delve.story"


def test_spirit_dial_stays_within_0_and_max():
    """Spirit Dial: never beyond the maximum."""
    state = new(spirit=9, max_spirit=10)
    state = do(state, "adjust", track="hero1.spirit", delta=1)
    assert state["heroes"][0]["spirit"] == 10
    with pytest.raises(RuleError) as err:
        do(state, "adjust", track="hero1.spirit", delta=1)
    assert err.value.short == "Spirit max is 10"


def test_multiplayer_track_labels_name_the_hero():
    state = new(heroes=2, spirit=10, max_spirit=10)
    with pytest.raises(RuleError) as err:
        do(state, "adjust", track="hero2.spirit", delta=1)
    assert err.value.short == "H2 Spirit max is 10"


def test_raising_max_spirit_lets_the_dial_go_higher():
    """Spirit Dial: '+' Assets may increase the maximum."""
    state = new(spirit=10, max_spirit=10)
    state = do(state, "adjust", track="hero1.max_spirit", delta=1)
    state = do(state, "adjust", track="hero1.spirit", delta=1)
    assert state["heroes"][0]["spirit"] == 11


def test_asset_spirit_moves_current_and_max_together():
    """Symbol Explanations: a Spirit '+X' applies to current and maximum Spirit."""
    state = do(new(spirit=7, max_spirit=10), "asset_spirit", delta=2)
    assert (state["heroes"][0]["spirit"], state["heroes"][0]["max_spirit"]) == (9, 12)
    state = do(state, "asset_spirit", delta=-2)
    assert (state["heroes"][0]["spirit"], state["heroes"][0]["max_spirit"]) == (7, 10)


def test_lowering_max_below_spirit_is_refused():
    state = new(spirit=10, max_spirit=10)
    with pytest.raises(RuleError) as err:
        do(state, "adjust", track="hero1.max_spirit", delta=-1)
    assert err.value.short == "Max Spirit min is 10"


def test_dial_to_zero_spirit_loses_the_adventure_with_a_wound():
    """Heroes, Spirit Dial / Wounds: at 0 Spirit the hero loses the Adventure
    and draws 1 Wound; the Campaign goes on (Game End)."""
    state = do(new(spirit=2), "adjust", track="hero1.spirit", delta=-2)
    assert state["over"] is None
    assert state["campaign"]["wounds"] == 1 and state["heroes"][0]["wounds"] == 1
    assert step_id(state) == "game-end.wound_cards"


def test_a_correction_to_zero_spirit_wounds_the_hero_at_once():
    """"Game Objective", Defeat: "The hero immediately loses the Adventure if they
    run out of Spirit", whatever brought them there: a correction (a card effect
    the box cannot know) Wounds the hero like a dial turn does."""
    state = do(new(), "correct", track="hero1.spirit", value=0)
    assert state["campaign"]["wounds"] == 1 and state["heroes"][0]["wounds"] == 1
    assert state["campaign"]["results"] == [{"adventure": 1, "result": "loss", "rounds": 0}]
    assert step_id(state) == "game-end.wound_cards"


def test_a_correction_to_zero_in_coop_asks_press_on_and_resumes_the_step():
    """"Multiplayer Coop Mode", Defeat - Wounds: a hero other than the active one
    corrected to 0 Spirit mid-Play is Wounded; Pressing On resumes the Play phase."""
    state = next_until(new(heroes=2), "play.turn")
    state = do(state, "correct", track="hero2.spirit", value=0)
    assert step_id(state) == "wounded.press_on" and state["heroes"][1]["wounds"] == 1
    state = do(state, "press_on", choice="press on")
    assert step_id(state) == "play.turn" and state["heroes"][1]["out"]


def test_spirit_lost_to_an_asset_wounds_the_hero():
    """"Symbol Explanations": an unequipped '+Spirit' Asset lowers current Spirit
    too; at 0 the hero is Wounded at once ("Game Objective", Defeat)."""
    state = do(new(spirit=2, max_spirit=10), "asset_spirit", delta=-2)
    assert state["campaign"]["wounds"] == 1


def test_setup_counts_the_threat_deck_by_stacks():
    """Setup 5: 5 Stacks of Threat Groups (6 cards each), a 6th with 3-4 heroes
    (Multiplayer Coop Mode, Threat Deck Setup), plus Foes and Stories."""
    assert new(foes=2, stories=1)["threat_deck"] == 5 * 6 + 2 + 1
    assert new(heroes=3, foes=2)["threat_deck"] == 6 * 6 + 2


def test_setup_actions_alphabetically_in_slots_1_to_3():
    """Setup 1. a-c: Fight above 1, Influence above 2, Sneak above 3, Basic side up."""
    hero = new()["heroes"][0]
    assert {a: c["slot"] for a, c in hero["actions"].items()} == {
        "fight": 1, "influence": 2, "sneak": 3}
    assert not any(c["advanced"] or c["die"] for c in hero["actions"].values())


def test_belanors_lightbringer_starts_with_an_advanced_action_and_no_wounds():
    """Difficulty Variants, Belanor's Lightbringer."""
    state = new(variant="belanors-lightbringer", advanced="sneak")
    assert state["heroes"][0]["actions"]["sneak"]["advanced"]
    assert state["campaign"]["wound_limit"] is None


@pytest.mark.parametrize(("variant", "limit"), [("standard", 5), ("valims-dungeoneer", 3),
                                                ("masklaws-abyss", 1)])
def test_wound_limits_by_variant(variant, limit):
    """Wounds (a fifth Wound kills); Difficulty Variants: Valim's 3, Masklaw's 1."""
    assert new(variant=variant)["campaign"]["wound_limit"] == limit


def test_new_game_is_deterministic():
    a = new_game(GAME, {"spirit": 5, "max_spirit": 9, "variant": "valims-dungeoneer"}, 3)
    b = new_game(GAME, {"spirit": 5, "max_spirit": 9, "variant": "valims-dungeoneer"}, 3)
    assert a.state == b.state


def test_a_round_runs_the_six_phases_in_order():
    """Gameplay: "Each round consists of the following six Phases": 1. Delve,
    2. Threat, 3. Draw, 4. Play, 5. Spirit, 6. End; "6. End Phase" D: "A new
    round begins with a new Delve Phase" (when the players press next)."""
    from tests.games.kreel.helpers import advance

    state = with_threats(new(spirit=10), {"spirit_cost": 1})  # the Spirit phase stops to Block
    seen: list[str] = []
    for _ in range(2):  # two whole rounds
        state = do(state, "next")
        while state["procedure"] is not None:
            name = state["procedure"]["name"]
            if not seen or seen[-1] != name:
                seen.append(name)
            state = advance(state)
    phases = ["delve", "threat", "draw", "play", "spirit", "end"]
    assert seen == phases * 2
    assert state["round"] == 2 and state["heroes"][0]["spirit"] == 8


@pytest.mark.parametrize("form", [{}, {"advanced": "none"}], ids=["default", "none"])
def test_belanors_lightbringer_without_an_advanced_action_is_refused(form):
    """"Difficulty Variants", Belanor's Lightbringer: "Start with 1 Action on its
    Advanced side": the form left at none is refused, saying why."""
    with pytest.raises(RuleError) as err:
        new(variant="belanors-lightbringer", **form)
    assert err.value.short == "Belanor's: 1 Advanced" and "Difficulty Variants" in err.value.long


@pytest.mark.parametrize("heroes", [1, 2, 3, 4])
@pytest.mark.parametrize("action", ["fight", "influence", "sneak"])
def test_belanors_lightbringer_starts_every_hero_with_exactly_that_action_advanced(heroes, action):
    """Belanor's Lightbringer: "Start with 1 Action on its Advanced side", for
    each hero ("Multiplayer Coop Mode": the normal rules); the others Basic."""
    state = new(heroes=heroes, variant="belanors-lightbringer", advanced=action)
    assert [[a for a, c in h["actions"].items() if c["advanced"]] for h in state["heroes"]] == \
        [[action]] * heroes


@pytest.mark.parametrize("variant", ["standard", "valims-dungeoneer", "masklaws-abyss",
                                     "lequiems-warrior", "tanklors-nightmare"])
def test_the_other_variants_start_basic_side_up(variant):
    """"Setup" 1: "otherwise all Actions begin each Adventure Basic side up"."""
    state = new(variant=variant)
    assert not any(c["advanced"] for h in state["heroes"] for c in h["actions"].values())
