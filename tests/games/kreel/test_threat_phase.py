"""The "2. Threat Phase": Add 1 Threat into the Shadows, bump, Reveal."""

import pytest

from games.core import Command, RuleError, apply
from tests.games.kreel.helpers import (
    GAME,
    do,
    finish_round,
    new,
    next_until,
    play_round,
    play_threat_phase,
    shadow_ids,
    step_id,
    with_threats,
)


def test_add_1_threat_goes_face_down_to_sneak_3():
    """2. Threat Phase, Add 1 Threat: placed face-down under 'Sneak 3'."""
    state = play_threat_phase(new())
    assert shadow_ids(state["shadows"]) == [None, None, 1]  # index 0 is Sneak 1
    assert state["shadows"][2]["revealed"] is False
    assert state["threat_area"] == []


def test_threats_bump_sneak_3_to_2_to_1_then_into_the_threat_area():
    """Sneak 3 -> Sneak 2 -> Sneak 1 -> Threat Area, Revealed (2. Threat Phase)."""
    state = new()
    state = play_round(state)
    state = play_round(state)
    assert shadow_ids(state["shadows"]) == [None, 1, 2]
    state = play_round(state)
    assert shadow_ids(state["shadows"]) == [1, 2, 3]
    assert state["threat_area"] == []
    state = next_until(state, "threat.draw")
    state = do(state, "next")
    assert step_id(state) == "threat.reveal"
    assert shadow_ids(state["shadows"]) == [2, 3, 4]
    assert [t["id"] for t in state["threat_area"]] == [1]
    assert state["revealing"] == [1]


def _full_shadows_in_play() -> dict:
    """Round 3's Play phase: Shadows Sneak 1-3 hold Threats 1, 2, 3."""
    state = new()
    for _ in range(2):
        state = play_round(state)
    state = next_until(state, "play.turn")
    assert shadow_ids(state["shadows"]) == [1, 2, 3]
    return state


def test_threat_phase_bump_stops_at_an_empty_space():
    """2. Threat Phase: "If a Threat is already in the 'Sneak 3' space, it is
    bumped along into the 'Sneak 2' space. Similarly, if a Threat is already in
    the 'Sneak 2' space, it in turn is bumped along into the 'Sneak 1' space."
    Only a bumped Threat moves: Shadows 1, -, 3 plus a new card give 1, 3, 4,
    and Threat 1 stays in Sneak 1, nothing revealed (Add 1 Threat from a card,
    "2. Threat Phase", Note)."""
    state = do(_full_shadows_in_play(), "discard", threat=2, source="threat")
    assert shadow_ids(state["shadows"]) == [1, None, 3]
    state = do(state, "add_threat")
    state = do(state, "next")  # drawn face-down to Sneak 3
    assert shadow_ids(state["shadows"]) == [1, 3, 4]
    assert state["threat_area"] == [] and state["revealing"] == []
    assert step_id(state) == "play.turn"


def test_threat_phase_bump_with_an_empty_sneak_3_space_moves_nothing():
    """2. Threat Phase: the new card goes "onto the space beneath the 'Sneak 3'
    token"; with that space empty nothing is bumped: Shadows 1, 2, - plus a new
    card give 1, 2, 4."""
    state = do(_full_shadows_in_play(), "discard", threat=3, source="threat")
    state = next_until(do(state, "add_threat"), "play.turn")
    assert shadow_ids(state["shadows"]) == [1, 2, 4]
    assert state["threat_area"] == [] and state["revealing"] == []


def test_threat_phase_round_bumps_only_what_it_pushes():
    """2. Threat Phase, in the round's own Threat phase: Shadows 1, -, 3 give
    1, 3, 4 with no Reveal prompt; the next Threat phase bumps all three and
    reveals Threat 1 from Sneak 1."""
    state = do(_full_shadows_in_play(), "discard", threat=2, source="threat")
    state = play_threat_phase(finish_round(state))
    assert shadow_ids(state["shadows"]) == [1, 3, 4]
    assert state["threat_area"] == []
    state = play_threat_phase(finish_round(state), fight=2, spirit_cost=1)
    assert shadow_ids(state["shadows"]) == [3, 4, 5]
    assert [t["id"] for t in state["threat_area"]] == [1]


def _three_rounds_in() -> dict:
    """A new game three rounds in: the Shadows are full, the next Threat added reveals one."""
    state = new()
    for _ in range(3):
        state = play_round(state)
    return state


def _at_the_reveal_prompt() -> dict:
    """The fourth Threat Phase waits at its Reveal prompt."""
    return do(next_until(_three_rounds_in(), "threat.draw"), "next")


def test_reveal_prompt_takes_the_cards_values_and_names_the_threat():
    """Threats: Fight / Influence / Sneak values and Spirit Cost / Boost."""
    state = _at_the_reveal_prompt()
    applied = apply(GAME, state, Command("reveal", {"fight": 3, "sneak": 2, "spirit_cost": 1,
                                                     "spirit_boost": 1}))
    assert applied.description == "Threat 1 revealed: Fight 3, Sneak 2, Spirit 1, Boost 1"
    threat = applied.state["threat_area"][0]
    assert threat["name"] == "Threat 1"
    assert (threat["fight"], threat["influence"], threat["sneak"]) == (3, 0, 2)
    assert (threat["spirit_cost"], threat["spirit_boost"]) == (1, 1)
    assert threat["revealed"] and applied.state["revealing"] == []
    assert step_id(applied.state) == "threat.reveal_effects"
    assert step_id(do(applied.state, "next")) == "draw.draw"


def test_reveal_bold_and_shield_statuses():
    """Statuses: a 'Reveal: Bold' (or 'Shield') Threat gains it as it is revealed."""
    state = _three_rounds_in()
    state = play_threat_phase(state, fight=4, spirit_cost=2, bold=True, shield=True)
    assert sorted(state["threat_area"][0]["statuses"]) == ["bold", "shield"]


def test_reveal_kind_names_foes_and_plots():
    """Foes, Plots and Stories are all types of Threats ("Threats")."""
    state = _three_rounds_in()
    state = play_threat_phase(state, influence=5, kind="plot")
    assert state["threat_area"][0]["kind"] == "plot"
    assert state["threat_area"][0]["name"] == "Plot 1"


def test_no_reveal_prompt_while_the_shadows_fill():
    state = new()
    state = next_until(state, "threat.draw")
    state = do(state, "next")
    assert step_id(state) == "draw.draw"


def test_reveal_is_only_an_answer_to_the_prompt():
    state = next_until(new(), "threat.draw")
    with pytest.raises(RuleError):
        do(state, "reveal", fight=1)


def test_next_cannot_skip_the_reveal_prompt():
    state = _at_the_reveal_prompt()
    with pytest.raises(RuleError) as err:
        do(state, "next")
    assert err.value.short == "Answer the prompt"


def test_add_threat_from_a_card_resumes_the_step():
    """2. Threat Phase, Note: 'Add 1 Threat' anywhere runs the same procedure."""
    state = next_until(new(), "play.turn")
    state = do(state, "add_threat", count=2)
    assert step_id(state) == "add-threat.draw"
    state = do(state, "next")
    assert step_id(state) == "play.turn"
    assert shadow_ids(state["shadows"]) == [1, 2, 3]  # Threat 1 came in this round's Threat phase


def test_add_threat_reveals_with_a_prompt_and_resumes():
    state = _three_rounds_in()
    state = play_threat_phase(state, fight=1)  # Threat 1 revealed; Shadows 2, 3, 4
    state = do(state, "next")
    assert step_id(state) == "play.turn"
    state = do(state, "add_threat")
    state = do(state, "next")
    assert step_id(state) == "add-threat.reveal"
    state = do(state, "reveal", fight=2, spirit_cost=1)
    state = do(state, "next")
    assert step_id(state) == "play.turn"
    assert [t["id"] for t in state["threat_area"]] == [1, 2]


@pytest.mark.parametrize(("variant", "shadows"), [("standard", 0), ("valims-dungeoneer", 1),
                                                   ("masklaws-abyss", 2)])
def test_difficulty_variants_add_additional_shadows_at_setup(variant, shadows):
    """Difficulty Variants: Valim's Dungeoneer adds 1, Masklaw's Abyss 2 Shadows."""
    state = new(variant=variant)
    assert state["shadow_spaces"] == 3
    assert sum(t is not None for t in state["shadows"]) == shadows


def test_scout_reveals_a_shadow_in_place_and_it_enters_face_up():
    """Using Actions, Scout: revealed Shadows remain in place, in the Shadows;
    bumped into the Threat Area later, its values are already known."""
    state = new()
    state = play_round(state)  # Shadows: Sneak 3 Threat 1
    with pytest.raises(RuleError):
        do(state, "scout", shadow=2, fight=1)  # only in the Play phase
    state = next_until(state, "play.turn")  # Sneak 2 Threat 1, Sneak 3 Threat 2
    with pytest.raises(RuleError):
        do(state, "scout", shadow=1, fight=1)  # empty space
    applied = apply(GAME, state, Command("scout", {"shadow": 2, "fight": 4, "spirit_cost": 2,
                                                   "bold": True}))
    assert applied.description.endswith("Resolve its Reveal abilities")  # "must be activated"
    state = applied.state
    scouted = state["shadows"][1]
    assert scouted["id"] == 1
    assert scouted["revealed"] and scouted["fight"] == 4 and scouted["statuses"] == ["bold"]
    assert state["heroes"][0]["actions"]["sneak"]["slot"] == 1  # Used: to slot 1
    with pytest.raises(RuleError):
        do(state, "scout", shadow=3, fight=1)  # Sneak already Used this round
    with pytest.raises(RuleError):
        do(state, "defeat", threat=1)  # Shadows cannot be targeted
    state = finish_round(state)
    state = play_round(state)
    state = play_threat_phase(state)  # Threat 1 bumped out: no reveal prompt
    assert state["threat_area"][0]["fight"] == 4
    assert state["revealing"] == []


def test_scout_reaches_as_far_as_the_sneak_power():
    """Using Actions, Scout: Sneak 1 reveals only the first Shadow, Sneak 2 the
    first 2; Power Dice and Skills may raise it."""
    state = new()
    for _ in range(2):
        state = play_round(state)
    state = next_until(state, "play.turn")  # Shadows 1, 2, 3 full
    state = do(state, "use", action="sneak", target="draw")  # Sneak to slot 1
    state = finish_round(state)
    state = next_until(state, "play.turn")
    assert state["heroes"][0]["actions"]["sneak"]["slot"] == 1
    with pytest.raises(RuleError) as err:
        do(state, "scout", shadow=2)
    assert err.value.short == "Sneak 1 reaches 1"
    state = do(state, "scout", shadow=2, bonus=1)
    assert state["shadows"][1]["revealed"]


def test_a_returned_threat_comes_back_face_up_with_its_tokens():
    """Glossary, Returned: a Threat returned to the top of the Threat deck remains
    face-up with its tokens, is not a Shadow and cannot be targeted; the next
    Add 1 Threat draws it into Sneak 3 ("2. Threat Phase"), and it enters the
    Threat Area without a new reveal."""
    state = next_until(with_threats(new(), {"fight": 4, "damage": {"fight": 2}}), "play.turn")
    deck = state["threat_deck"]
    state = do(state, "return_threat", threat=1)
    assert state["threat_area"] == [] and state["threat_deck"] == deck + 1
    assert [t["id"] for t in state["returned"]] == [1]
    before = state
    with pytest.raises(RuleError):
        do(state, "damage", target="1 Threat 1", value="fight", amount=1)
    assert state == before
    state = next_until(do(state, "add_threat", count=1), "play.turn")
    assert state["returned"] == [] and state["threat_deck"] == deck
    sneak3 = state["shadows"][2]
    assert sneak3["id"] == 1 and sneak3["revealed"] and sneak3["damage"]["fight"] == 2
    state = next_until(do(state, "add_threat", count=3), "play.turn")
    threat = next(t for t in state["threat_area"] if t["id"] == 1)
    assert threat["damage"]["fight"] == 2 and state["revealing"] == []


def test_a_scouted_story_goes_to_its_hero():
    """Stories: "Whenever a Story card is revealed ..., the hero listed at the
    bottom of the Story card places it in front of them. At the beginning of
    their next Delve Phase they read it aloud": Scouted, a Story with no Threat
    values leaves the Shadows; one that represents a Threat stays, its hero
    recorded (only that hero may damage it)."""
    state = new(heroes=2)
    state = play_round(state)
    state = next_until(state, "play.turn")  # Hero 2's round: Threats 1, 2 in Sneak 2, 3
    state = do(state, "scout", shadow=2, kind="story", story_hero=1)
    assert shadow_ids(state["shadows"]) == [None, None, 2]
    assert state["heroes"][0]["story"] is True
    state = do(state, "reveal_shadow", shadow=3, kind="story", fight=3, story_hero=2)
    assert state["shadows"][2]["story_of"] == 1
