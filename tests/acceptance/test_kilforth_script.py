"""Gloom of Kilforth through the simulated box: two Days and a Night, controls only.

Day 1: the hero's values entered on the setup form, a Move drawing a Place (entered
on the prompt form), Camp; the Night: Gloom, the Night card entered, Dawn, Breaking
Camp; Day 2: a Confront with the dice from the tray, then Camp into the second Night.
"""

from __future__ import annotations

from games.core import get_game
from tests.acceptance.harness import SEE, action, new_game, run_script, walk

GAME = "gloom-of-kilforth"

# The action menu keeps every action in its place (those not possible now are marked):
# the game's commands, then the content packs found.
PACKS_AT = 1 + sum(1 for spec in get_game(GAME).commands if spec.menu and not spec.prompt_only)


def _menu(name: str) -> list[dict]:
    return [{"press": "select"}, {"turn": "menhir", "steps": action(GAME, name)}, {"press": "select"}]


def two_days_and_a_night() -> list[dict]:
    """The script of Day 1, the Night and Day 2's Confront (also counted for cut text)."""
    return [
        *new_game(GAME),  # solo, 1 hero, successes on 5-6
        {"press": "next"},  # Setup's content pack step: no pack
        # Setup: the hero's values form opens by itself; Sneak 3, Influence 2; the six
        # fields shown (no pack: no Pack race nor class), then confirmed.
        {"turn": "menhir", "steps": 2}, {"turn": "spirit", "steps": 2},
        {"turn": "menhir", "steps": 1}, {"turn": "spirit", "steps": 1},
        *walk(6),
        {"press": "select"},
        {"press": "next"},  # the table is laid out; the First Hero is found
        # Day 1: Move to C2 (the form's default): its check page, then confirmed.
        *_menu("move"), {"press": "select"}, {"snap": "move-check"}, {"press": "select"},
        # Draw a Place with Influence 2, the encounter's seven fields shown (no Pack card).
        {"turn": "spirit", "steps": 1},  # type: place
        {"turn": "menhir", "steps": 4}, {"turn": "spirit", "steps": 2},  # influence 2
        *walk(7), {"press": "select"},
        *_menu("camp"),
        SEE, SEE,  # Camp's three results: the camp, Gloom, the Night card drawn
        # Night: the Night card form opens; B2, Weather; its nine fields shown.
        {"turn": "spirit", "steps": 6},  # location A1 -> B2
        {"turn": "menhir", "steps": 1}, {"turn": "spirit", "steps": 1},  # type: weather
        *walk(9), {"press": "select"},
        {"snap": "night-unveil"},
        SEE,  # the card's second result: Dawn
        {"press": "next"},  # unveil reminder; Breaking Camp follows
        # Day 2: Confront the Place (encounter 1, Influence; its check page has two
        # pages) with the tray's dice.
        *_menu("confront"), {"press": "select"}, {"press": "select"}, {"press": "select"},
        {"dice": [{"kind": "d6", "face": 6}, {"kind": "d6", "face": 2}]},
        {"press": "select"}, {"press": "select"},  # the Fate form after the roll: "no", checked
        {"snap": "day-2"},
    ]


def test_two_days_and_a_night(tmp_path):
    lines = two_days_and_a_night()
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
        # The hero's values as the form has them (all 1, max HP 5), read on the form's
        # check page (two pages), then confirmed.
        {"press": "select"}, {"press": "select"}, {"press": "select"},
        {"press": "next"},
        *_menu("move"), {"press": "select"}, {"press": "select"},  # to C2, checked
        {"turn": "menhir", "steps": 1}, {"turn": "spirit", "steps": 1},  # Fight 1
        {"turn": "menhir", "steps": 4}, {"turn": "spirit", "steps": 1},  # HP 1
        {"turn": "menhir", "steps": 1}, {"turn": "spirit", "steps": 2},  # gold 2
        *walk(7), {"press": "select"},
        {"press": "select"}, {"press": "select"},  # no Trap, checked
        {"dice": [{"kind": "d6", "face": 6}]},  # the hero's Fight: 1 die
        {"dice": [{"kind": "d6", "face": 1}]},  # the foe has Surprise: 2 dice, refused
        {"snap": "refused"},
        {"dice": [{"kind": "d6", "face": 1}, {"kind": "d6", "face": 2}]},
        {"snap": "accepted"},
        SEE,  # the rolls before the decision: the hero's (1/2), then the foe's (2/2)
        {"press": "select"}, {"press": "select"},  # no Fate, checked
        SEE,  # the battle's second result
        # The reward (gold, the card): its check page's three pages, then confirmed.
        {"press": "select"}, {"press": "select"}, {"press": "select"}, {"press": "select"},
    ]
    run = run_script(tmp_path, lines)
    assert run.status == 0, run.stderr
    state = run.state()["state"]
    hero = state["heroes"][0]
    assert state["encounters"] == [] and hero["gold"] == 3 and hero["rumours"] == 2
    assert hero["hp"] == 4 and hero["ap"] == 3 and state["procedure"] is None


PACK = """
name = "Table pack"

[[locations]]
name = "Green Meadows"
terrain = "plains"
cell = "B3"

[[locations]]
name = "Spire Tor"
terrain = "mountain"
cell = "D4"

[races.Human]
fight = 2
study = 2
sneak = 2
influence = 3
max_hp = 5
gold = 1

[[night]]
name = "Howling Gale"
location = "Spire Tor"
type = "weather"

[[encounters]]
name = "Kobold"
type = "enemy"
terrain = "plains"
fight = 2
sneak = 1
hp = 2
gold = 1
"""


def test_a_day_and_a_night_with_a_content_pack(tmp_path):
    """docs/PACKS.md: the pack file in <data dir>/packs/gloom-of-kilforth/ is loaded from
    the action menu at Setup's first step; the hero is a Human from the pack; a Move to
    Green Meadows draws the pack's Kobold by name (a battle on the tray); the Night card
    is chosen by name (Howling Gale: Weather over Spire Tor)."""
    data_dir = tmp_path / "data"
    (data_dir / "packs" / GAME).mkdir(parents=True)
    (data_dir / "packs" / GAME / "table.toml").write_text(PACK, encoding="utf-8")
    lines = [
        *new_game(GAME),
        {"press": "select"},  # Setup's pack step: the action menu
        {"turn": "menhir", "steps": PACKS_AT}, {"press": "select"},  # "Load pack: table"
        {"press": "next"},  # on to the hero form
        {"turn": "menhir", "steps": 6}, {"turn": "spirit", "steps": 1},  # Race: Human
        *walk(8), {"press": "select"},
        {"press": "next"},  # the table is laid out
        *_menu("move"), {"turn": "spirit", "steps": 1},  # C2 -> B3 (only cells in reach offered)
        {"press": "select"}, {"press": "select"},  # checked, confirmed
        {"turn": "menhir", "steps": -1}, {"turn": "spirit", "steps": 1},  # the last field: Kobold
        *walk(8), {"press": "select"},
        {"press": "select"}, {"press": "select"},  # no Trap, checked
        {"dice": [{"kind": "d6", "face": 6}, {"kind": "d6", "face": 5}]},  # Fight 2
        {"dice": [{"kind": "d6", "face": 1}] * 3},  # the Kobold with Surprise: 3 dice
        SEE,  # the rolls before the decision: the hero's (1/2), then the foe's (2/2)
        {"press": "select"}, {"press": "select"},  # no Fate, checked
        SEE,  # the battle's second result
        {"press": "select"}, {"press": "select"}, {"press": "select"}, {"press": "select"},  # reward
        *_menu("camp"), SEE, SEE,  # Camp's three results
        {"turn": "menhir", "steps": -1}, {"turn": "spirit", "steps": 1},  # card: Howling Gale
        *walk(10), {"press": "select"},
        SEE,  # the card's second result: Dawn
        {"press": "next"},  # unveil; Breaking Camp
    ]
    run = run_script(tmp_path, lines, data_dir=data_dir)
    assert run.status == 0, run.stderr
    state = run.state()["state"]
    hero = state["heroes"][0]
    assert state["pack"]["name"] == "Table pack"
    assert (hero["fight"], hero["influence"], hero["max_hp"]) == (2, 3, 5)
    assert hero["cell"] == 11 and hero["gold"] == 2 and state["encounters"] == []
    assert state["weather"]["cell"] == 18 and state["map"][18]["gloom"]
    assert state["night_cards"] == ["Howling Gale"] and state["day"] == 2
