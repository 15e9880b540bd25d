"""Whole Kreel Manor Adventures played through the simulated pins, as a person would.

A short Adventure (no Foes) to victory: Locations flipped and Explored with the
Sneak Action one per round ("1. Delve Phase" C, "Using Actions"), five Plots
revealed by "Add 1 Threat" and defeated by an ability's damage ("Defeated
Cards"), the automatic Victory Check (D) and the Game End steps into Adventure 2.
And an Adventure lost in the Spirit phase: a Wound, the same Adventure again.
"""

from tests.acceptance.harness import SEE, new_game, run_script, walk

NEXT = {"press": "next"}
SELECT = {"press": "select"}


def spirit(steps: int) -> dict:
    return {"turn": "spirit", "steps": steps}


def menhir(steps: int) -> dict:
    return {"turn": "menhir", "steps": steps}


# The new-campaign form: Menhir to "Adventure's Foes" (the 6th field), 1 -> 0.
NO_FOES = [menhir(5), spirit(-1)]
# The Location form opens by itself after Delve B: Sneak 3 -> 1; its other fields
# were never shown, so select shows the check page, and select again confirms.
FLIP_SNEAK_1 = [spirit(-2), SELECT, SELECT]
# The action menu keeps its items in place: 0 answers a waiting prompt, 1 is Use,
# 2 an ability's damage, 7 Add 1 Threat (unavailable ones are marked, not removed).
USE, DAMAGE, ADD_THREAT = 1, 2, 7
# Play: Use; Action Fight -> Sneak (2 turns), Target: two back from the first choice is
# "explore" (then "draw" is last); its four fields walked, then confirmed.
USE_SNEAK_TO_EXPLORE = [SELECT, menhir(USE), SELECT, spirit(2), menhir(1), spirit(-2), *walk(4), SELECT]
ADD_THREATS = [SELECT, menhir(ADD_THREAT), SELECT]
# A revealed Plot with Fight 1: Fight +1, Menhir to Kind (6th field), threat -> plot,
# the 13 fields walked (no pack: no Card), confirmed; then its Reveal abilities.
REVEAL_PLOT = [spirit(1), menhir(5), spirit(1), *walk(13), SELECT, NEXT]
# An ability deals 1 Fight to the first Threat (menu item "damage", form defaults, seen).
DAMAGE_FIRST = [SELECT, menhir(DAMAGE), SELECT, *walk(5), SELECT]
# The turn just ended has two results (its attacks, the Spirit lost), read in turn; End A-C.
END_PHASE = [SEE, NEXT, NEXT, NEXT]


# The Reveal form's defaults, read on its check page (five pages) and confirmed.
REVEAL_DEFAULTS = [NEXT] * 6


def later_round() -> list[dict]:
    """Start, Delve B, flip the next Location (Sneak 1), Delve E, Threat draw,
    the bumped-out Threat revealed with the form's defaults, its Reveal
    abilities, Draw, then Explore with Sneak, end the turn, End A-C."""
    return [NEXT, NEXT, *FLIP_SNEAK_1, NEXT, NEXT, *REVEAL_DEFAULTS, NEXT, NEXT,
            *USE_SNEAK_TO_EXPLORE, NEXT, *END_PHASE]


def test_a_short_adventure_to_victory_and_into_adventure_2(tmp_path):
    lines = [
        *new_game("kreel-manor", NO_FOES),
        # Round 1: Story (Hero Board), Delve B, Location 1, Delve E, Threat (two results:
        # the Threat added, the Skill drawn), Draw.
        NEXT, NEXT, NEXT, *FLIP_SNEAK_1, NEXT, NEXT, SEE, NEXT,
        *USE_SNEAK_TO_EXPLORE,
        *ADD_THREATS, spirit(4), SELECT, NEXT,  # Add 5 Threats: 3 are bumped out
        SEE, SEE,  # the three results of the last
        *REVEAL_PLOT * 3,
        *ADD_THREATS, spirit(1), SELECT, NEXT,  # Add 2 more: 2 bumped out
        *REVEAL_PLOT * 2,
        *DAMAGE_FIRST * 5,
        {"snap": "play"},
        NEXT, *END_PHASE,
        *later_round() * 4,                     # Locations 2-4 and the Adventure Location
        NEXT, NEXT,                             # round 6: Delve B, then C and D: victory
        {"snap": "victory"},
        SEE,                                    # the victory's second result
        NEXT, NEXT,                             # a. Defeat paragraph, b. Skill Upgrades
        SELECT, SELECT,                         # c. other rewards: none (checked, confirmed)
        SELECT, SELECT,                         # f. Adventure 2, 1 Foe (its check page)
    ]
    run = run_script(tmp_path, lines, seed=3)
    assert run.status == 0, run.stderr
    summary = run.state()
    state = summary["state"]
    campaign = state["campaign"]
    assert campaign["results"] == [{"adventure": 1, "result": "win", "rounds": 6}]
    assert campaign["adventure"] == 2 and campaign["upgrades"] == 2
    assert state["round"] == 0 and summary["procedure"] is None
    assert state["adventure"] == {"number": 2, "foes": 1, "plots": 5}
    assert state["heroes"][0]["spirit"] == 10
    assert state["over"] is None
    for name in ("play", "victory"):
        assert (run.frames / f"{name}-oled.png").exists()


def test_an_adventure_lost_to_an_attack_takes_a_wound(tmp_path):
    lines = [
        *new_game("kreel-manor"),
        spirit(-9),                             # a card effect: Spirit 10 -> 1
        NEXT, NEXT, NEXT, *FLIP_SNEAK_1[1:], NEXT, NEXT, SEE, NEXT,  # round 1 up to Play
        *ADD_THREATS, spirit(2), SELECT, NEXT,  # Add 3 Threats: 1 bumped out
        SEE, SEE,                               # the three results of the last
        menhir(3), spirit(2), *walk(13), SELECT, NEXT,  # it has Spirit Cost 2
        NEXT,                                   # end the turn: it attacks for 2
        SELECT,                                 # Block 0
        {"snap": "wounded"},
        SEE, SEE,                               # the attack's three results
        NEXT,                                   # the Wound card (flip it face-down?)
        SELECT, SELECT,                         # the same Adventure again (its check page)
    ]
    run = run_script(tmp_path, lines, seed=5)
    assert run.status == 0, run.stderr
    state = run.state()["state"]
    campaign = state["campaign"]
    assert campaign["results"] == [{"adventure": 1, "result": "loss", "rounds": 1}]
    assert campaign["wounds"] == 1 and campaign["fails"] == 1 and campaign["adventure"] == 1
    assert state["heroes"][0]["wounds"] == 1 and state["heroes"][0]["spirit"] == 10
    assert state["round"] == 0 and state["over"] is None
