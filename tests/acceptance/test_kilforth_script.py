"""Gloom of Kilforth through the simulated box: two Days and a Night, controls only.

Day 1: the hero's values entered on the setup form, a Move drawing a Place (entered
on the prompt form), Camp; the Night: Gloom, the Night card entered, Dawn, Breaking
Camp; Day 2: a Confront with the dice from the tray, then Camp into the second Night.
"""

from __future__ import annotations

from tests.acceptance.harness import new_game, run_script

GAME = "gloom-of-kilforth"

# The action menu lists the available Daylight commands in this order.
MENU = ["move", "confront", "search", "hide", "rest", "long_rest", "clear", "discover", "market",
        "regale", "camp"]


def _menu(name: str) -> list[dict]:
    index = MENU.index(name)
    return [{"press": "select"}, *([{"turn": "menhir", "steps": index}] if index else []),
            {"press": "select"}]


def test_two_days_and_a_night(tmp_path):
    lines = [
        *new_game(GAME),  # solo, 1 hero, successes on 5-6
        {"press": "next"},  # Setup's content pack step: no pack
        # Setup: the hero's values form opens by itself; Sneak 3, Influence 2.
        {"turn": "menhir", "steps": 2}, {"turn": "spirit", "steps": 2},
        {"turn": "menhir", "steps": 1}, {"turn": "spirit", "steps": 1},
        {"press": "select"},
        {"press": "next"},  # the table is laid out; the First Hero is found
        # Day 1: Move to C2 (the form's default), draw a Place with Influence 2.
        *_menu("move"), {"press": "select"},
        {"turn": "spirit", "steps": 1},  # type: place
        {"turn": "menhir", "steps": 4}, {"turn": "spirit", "steps": 2},  # influence 2
        {"press": "select"},
        *_menu("camp"),
        # Night: the Night card form opens; B2, Weather.
        {"turn": "spirit", "steps": 6},  # location A1 -> B2
        {"turn": "menhir", "steps": 1}, {"turn": "spirit", "steps": 1},  # type: weather
        {"press": "select"},
        {"snap": "night-unveil"},
        {"press": "next"},  # unveil reminder; Breaking Camp follows
        # Day 2: Confront the Place (encounter 1, Influence) with the tray's dice.
        *_menu("confront"), {"press": "select"},
        {"dice": [{"kind": "d6", "face": 6}, {"kind": "d6", "face": 2}]},
        {"press": "select"},  # the Fate form opened after the roll: "no"
        {"snap": "day-2"},
    ]
    run = run_script(tmp_path, lines)
    assert run.status == 0, run.stderr
    box = run.state()
    state = box["state"]
    assert box["game"] == GAME
    hero = state["heroes"][0]
    assert (hero["sneak"], hero["influence"]) == (3, 2)
    assert state["day"] == 2
    assert state["weather"]["cell"] == 6 and state["map"][6]["gloom"]
    assert len(state["night_deck"]["draw"]) == 24
    assert hero["cell"] == 7 and hero["ap"] == 3  # 4 HP -> 4 AP, one Confront spent
    assert hero["successes"] == [{"encounter": 1, "attribute": "influence", "count": 1}]

    # Camp into the second Night.
    run = run_script(tmp_path, _menu("camp"), data_dir=run.data_dir)
    assert run.status == 0, run.stderr
    box = run.state()
    assert box["procedure"] == "night" and box["state"]["heroes"][0]["successes"] == []


def test_a_battle_with_the_tray(tmp_path):
    """A Move draws an Enemy (Fight 1, HP 1, gold 2) that has Surprise ("Stage 1"): the
    Trap form, the hero's Fight and the foe's Fight from the tray (the box arms it for
    1 and 2 d6), a wrong count refused and thrown again, Fate declined, the reward."""
    lines = [
        *new_game(GAME),
        {"press": "next"},  # no content pack
        {"press": "select"},  # hero values as the form has them: all 1, max HP 5
        {"press": "next"},
        *_menu("move"), {"press": "select"},  # to C2
        {"turn": "menhir", "steps": 1}, {"turn": "spirit", "steps": 1},  # Fight 1
        {"turn": "menhir", "steps": 4}, {"turn": "spirit", "steps": 1},  # HP 1
        {"turn": "menhir", "steps": 1}, {"turn": "spirit", "steps": 2},  # gold 2
        {"press": "select"},
        {"press": "select"},  # no Trap
        {"dice": [{"kind": "d6", "face": 6}]},  # the hero's Fight: 1 die
        {"dice": [{"kind": "d6", "face": 1}]},  # the foe has Surprise: 2 dice, refused
        {"dice": [{"kind": "d6", "face": 1}, {"kind": "d6", "face": 2}]},
        {"press": "select"},  # no Fate
        {"press": "select"},  # reward: gold, the card
    ]
    run = run_script(tmp_path, lines)
    assert run.status == 0, run.stderr
    state = run.state()["state"]
    hero = state["heroes"][0]
    assert state["encounters"] == [] and hero["gold"] == 3 and hero["rumours"] == 2
    assert hero["hp"] == 4 and hero["ap"] == 3 and state["procedure"] is None
