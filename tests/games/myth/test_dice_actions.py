"""Battles and skill tests through the dice prompts: the tray armed with the
roll's kind and count, the odds shown before the roll, rerolls (each die at
most once), then the result; encounter cards kept as assets (three at most) or
burdens; the next active quest after a quest is passed."""

from __future__ import annotations

import pytest

from games.core.engine import migrate
from games.myth import GAME
from tests.games.myth.helpers import Table, clear_board, put


def d10(*faces: int) -> list[dict]:
    return [{"kind": "d10", "face": f} for f in faces]


def played(heroes: int = 1) -> Table:
    t = Table(heroes=heroes).setup()
    clear_board(t.state)
    return t


def in_battle(attack: int = 3, defence: int = 7, minions: int = 3) -> Table:
    t = played()
    t.state["enemy"]["minion"] = {"vitality": 1, "attack": attack, "defence": defence}
    put(t.state, "farrenroc", minions)
    t.do("battle", rank="minion")
    return t


def test_battle_arms_the_tray_for_a_d10_per_enemy_and_shows_the_odds_first():
    """"Battle": 1 d10 per enemy of that rank; "Odds and forecast": the chance per
    die and the expected damage each way are on the prompt before the roll."""
    t = in_battle()
    step = t.step()
    assert (t.state["procedure"]["name"], step.id) == ("roll", "roll")
    assert step.dice(t.state) == (3, "d10")
    view = GAME.view(t.state)
    assert "hit 40%" in view.step and "hurt 30%" in view.step
    assert any("deal ~1.2, take ~0.9" in line for p in view.panels for line in p.lines
               if p.title == "Forecast")


@pytest.mark.parametrize("dice", [
    [{"kind": "d6", "face": 4}] * 3,        # wrong kind
    d10(4, 5),                              # wrong count
    d10(4, 5, 11),                          # impossible face
])
def test_a_tray_roll_of_the_wrong_kind_or_count_is_refused_and_changes_nothing(dice):
    t = in_battle()
    err = t.refused("roll", dice=dice)
    assert "3 d10" in err.short


def test_rerolling_dice_each_die_once_then_the_battle_result():
    """"Rerolling Dice": each die can be rerolled only once; "Battle": hits at or
    above the defence (7), hurts at or below the attack (3)."""
    t = in_battle()
    t.do("roll", dice=d10(2, 5, 8))
    assert t.step().id == "reroll" and t.step().dice(t.state) == (1, "d10")
    t.do("reroll", die="1: 2", dice=d10(9))
    assert t.step().id == "reroll"  # asks again: dice 2 and 3 may still be rerolled
    reroll = next(c for c in GAME.commands if c.name == "reroll")
    assert reroll.resolved_params(t.state)[0].choices == ("keep", "2: 5", "3: 8")
    t.refused("reroll", die="1: 9", dice=d10(1))
    t.do("reroll")  # keep [9, 5, 8]: 2 hits, no hurt
    assert t.state["areas"]["farrenroc"]["minions"] == [{"damage": 0, "delayed": False}]
    assert t.state["heroes"][0]["damage"] == 0
    assert t.state["procedure"]["name"] == "planning"  # the interrupted step resumes


def test_when_every_die_was_rerolled_the_result_follows_at_once():
    t = in_battle(minions=1)
    t.do("roll", dice=d10(1))
    t.do("reroll", die="1: 1", dice=d10(2))
    assert t.state["procedure"]["name"] == "planning"
    assert t.state["heroes"][0]["damage"] == 1  # 2 <= attack 3 hurts


def test_a_virtual_roll_when_no_tray_roll_came():
    t = in_battle()
    t.do("roll")
    faces = t.state["procedure"]["data"]["roll"]["pool"]["faces"]
    assert len(faces) == 3 and all(1 <= f <= 10 for f in faces)


def test_skill_test_odds_shown_before_the_roll_at_least_one_die():
    """"Skill Tests": dice equal to the skill, at least 1; any die at or above the
    target number is a success."""
    t = played()
    t.state["heroes"][0]["cunning"] = 2
    t.do("test", skill="cunning", target=6)
    assert t.step().dice(t.state) == (2, "d10")
    assert "success 75%" in GAME.view(t.state).step
    t.do("roll", dice=d10(3, 6))
    t.do("reroll")
    assert "success" in t.last.description
    t.state["heroes"][0]["spirit"] = 0
    t.do("test", skill="spirit", target=10)
    assert t.step().dice(t.state) == (1, "d10")
    assert "success 10%" in GAME.view(t.state).step


def test_a_passed_quest_asks_for_the_next_active_quest():
    """"Quest Deck": after a quest is resolved the next card is the active quest."""
    t = played()
    t.state["heroes"][0]["area"] = "ruins-1"  # the active quest is in a ruins
    t.do("quest", skill="tactics", target=5, dice=d10(7, 1))
    t.do("reroll")
    assert t.step().id == "quest"
    t.do("set_quest", location="dungeon")
    assert t.state["quest"] == "dungeon"
    assert t.state["procedure"]["name"] == "planning"


def test_a_failed_quest_stays_the_active_quest():
    t = played()
    t.state["heroes"][0]["area"] = "ruins-1"
    t.do("quest", skill="tactics", target=9, dice=d10(7, 1))
    t.do("reroll")
    assert t.state["quest"] == "ruins" and t.state["procedure"]["name"] == "planning"


def test_quest_outside_a_quest_location_gains_hope():
    t = played()
    t.do("quest", skill="tactics", target=5)
    assert t.state["reserves"]["hope"] == 1 and t.state["procedure"]["name"] == "planning"


def _encounter(t: Table, card: str) -> None:
    t.do("encounter", skill="spirit", target=1, no_test=True)
    assert t.step().id == "card"
    t.do("keep_card", card=card)


def test_encounter_assets_three_at_most_burdens_never_count():
    """"Encounter Cards": a hero may have only three assets; gaining a fourth
    discards an old one; burdens are gained like assets but never count."""
    t = played()
    for _ in range(3):
        _encounter(t, "asset")
    assert t.state["heroes"][0]["assets"] == 3
    keep = next(c for c in GAME.commands if c.name == "keep_card")
    t.do("encounter", skill="spirit", target=1, no_test=True)
    assert "asset (discard an old)" in keep.resolved_params(t.state)[0].choices
    t.do("keep_card", card="asset (discard an old)")
    assert "discards an old asset" in t.last.description
    _encounter(t, "burden")
    _encounter(t, "burden")
    hero = t.state["heroes"][0]
    assert (hero["assets"], hero["burdens"]) == (3, 2)
    _encounter(t, "discard")
    assert (hero["assets"], hero["burdens"]) == (3, 2)


def test_encounter_test_then_the_card():
    t = played()
    t.do("encounter", skill="spirit", target=6, dice=d10(2, 1))
    t.do("reroll")
    assert "failed" in t.last.description
    assert t.step().id == "card"
    t.do("keep_card", card="burden")
    assert t.state["heroes"][0]["burdens"] == 1


def test_no_encounter_in_an_outland():
    """"Locations": Outland areas have no encounter cards."""
    t = played()
    t.state["heroes"][0]["area"] = "outland-1"
    t.refused("encounter", skill="spirit", target=6)


def test_discard_a_card_and_nothing_to_discard_is_refused():
    t = played()
    _encounter(t, "burden")
    t.do("discard_card", card="burden")
    assert t.state["heroes"][0]["burdens"] == 0
    t.refused("discard_card", card="asset")


def test_a_defeated_hero_cannot_battle():
    """"Defeated Heroes": no actions this round."""
    t = played()
    put(t.state, "farrenroc", 1)
    t.do("wound", amount=9)
    t.refused("battle", rank="minion")


def test_schema_1_saves_gain_assets_and_burdens():
    t = played()
    old = t.state
    for hero in old["heroes"]:
        del hero["assets"], hero["burdens"]
    old["schema"] = 1
    new = migrate(GAME, old)
    assert new["heroes"][0]["assets"] == 0 and new["schema"] == GAME.schema_version
