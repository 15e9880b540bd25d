"""Guardians ("Guardians", "I) Start of the Day: Move Guardians"): the Guardian die,
unrevealed/unconnected targets, Encounters, tray and virtual rolls."""

import pytest

from games.core import RuleError
from tests.games.grail.helpers import GAME, do, edit, new, next_until, refused, standing, step_id, with_map


def _with_guardian(state, location, gid=1):
    return edit(state, lambda s: s["guardians"].append(
        {"id": gid, "name": f"Guardian {gid}", "location": location}))


def _at_roll(state):
    return next_until(state, "start-of-day.guardian")


def test_cardinal_direction_moves_it_one_card():
    state = _at_roll(_with_guardian(new(), 102))
    state = do(state, "guardian_roll", face="south")
    assert state["guardians"][0]["location"] == 101


def test_nothing_it_stays_discard_it_leaves():
    state = _at_roll(_with_guardian(new(), 102))
    assert do(state, "guardian_roll", face="nothing")["guardians"][0]["location"] == 102
    assert do(state, "guardian_roll", face="discard")["guardians"] == []


def test_unrevealed_target_goes_to_the_highest_numbered_connected_location():
    # East of 104 nothing is revealed; 104 connects to 106 (north), 101 (west), 107 (south).
    state = _at_roll(_with_guardian(with_map(new(), {106: (1, -1), 107: (1, 1)}), 104))
    state = do(state, "guardian_roll", face="east")
    assert state["guardians"][0]["location"] == 107


def test_unconnected_target_blocked_route():
    state = do(new(), "blocked", location=101, side="north", on=True)
    state = _at_roll(_with_guardian(state, 101))
    state = do(state, "guardian_roll", face="north")
    assert state["guardians"][0]["location"] == 105  # 103, 104, 105 connected: highest


def test_entering_a_location_with_characters_triggers_the_encounter():
    state = _at_roll(_with_guardian(new(), 102))
    state = do(state, "guardian_roll", face="south")  # onto 101, where the Character is
    assert step_id(state) == "start-of-day.guardian_fight"
    assert state["procedure"]["data"]["encounters"] == [1]


def test_staying_with_characters_triggers_the_encounter():
    state = _at_roll(_with_guardian(new(), 101))
    state = do(state, "guardian_roll", face="nothing")
    assert step_id(state) == "start-of-day.guardian_fight"


def test_each_guardian_rolls_in_turn():
    state = _with_guardian(_with_guardian(new(), 102, 1), 104, 2)
    state = _at_roll(state)
    state = do(state, "guardian_roll", face="nothing")
    assert step_id(state) == "start-of-day.guardian"
    state = do(state, "guardian_roll", face="discard")
    assert [g["id"] for g in state["guardians"]] == [1]
    assert step_id(state) == "start-of-day.event"


def test_tray_dice_and_virtual_roll():
    state = _at_roll(_with_guardian(new(), 102))
    # The tray's faces as firmware_bridge/PROTOCOL.md spells them (kind "guardian").
    tray = do(state, "guardian_roll", dice=[{"kind": "guardian", "face": "South"}])
    assert tray["guardians"][0]["location"] == 101
    assert do(state, "guardian_roll", dice=[{"kind": "guardian", "face": "Discard"}])["guardians"] == []
    rolled = do(state, "guardian_roll")  # no tray: a seeded virtual roll
    assert rolled == do(state, "guardian_roll", dice=None, face="roll")
    assert rolled["rng"] != state["rng"]
    with pytest.raises(RuleError):
        do(state, "guardian_roll", dice=[{"kind": "guardian", "face": "sideways"}])


@pytest.mark.parametrize("dice", [
    [{"kind": "d6", "face": 6}],  # wrong kind
    [{"kind": "guardian", "face": "North"}, {"kind": "guardian", "face": "East"}],  # two dice
])
def test_a_tray_roll_of_the_wrong_kind_or_count_is_refused_naming_the_guardian_die(dice):
    state = _at_roll(_with_guardian(new(), 102))
    with pytest.raises(RuleError) as err:
        do(state, "guardian_roll", dice=dice)
    assert "Guardian die" in err.value.short
    assert "guardian" in err.value.long


def test_the_guardian_prompt_arms_the_tray_for_one_guardian_die():
    from games.core.context import current_step
    from tests.games.grail.helpers import GAME

    state = _at_roll(_with_guardian(new(), 102))
    step = current_step(GAME, state)
    assert step.dice(state) == (1, "guardian")


def test_guardian_die_faces_match_the_tray_protocol():
    """firmware_bridge/PROTOCOL.md: kind ``guardian``, North East South West Nothing Discard."""
    from pathlib import Path

    from games.grail.guardians import GUARDIAN_FACES

    protocol = (Path(__file__).parents[3] / "firmware_bridge" / "PROTOCOL.md").read_text()
    row = next(line for line in protocol.splitlines() if line.startswith("| `guardian`"))
    faces = [f.strip("`").lower() for f in row.split("|")[2].split()]
    assert faces == list(GUARDIAN_FACES)


def test_guardian_roll_only_answers_its_step():
    with pytest.raises(RuleError):
        do(_with_guardian(new(), 102), "guardian_roll", face="north")


def test_travelling_onto_a_guardian_warns_of_the_encounter():
    from games.core import Command, apply
    from tests.games.grail.helpers import GAME

    state = _with_guardian(new(), 102)
    applied = apply(GAME, state, Command("travel", {"character": 1, "direction": "north"}))
    assert any("Encounter" in e.text for e in applied.events)


def test_a_guardian_defeated_before_its_roll_rolls_no_more():
    """"Guardians": a defeated Guardian's card goes to the bottom of its deck, so it is no
    longer on the map to roll for at the Start of the Day (it once raised StopIteration)."""
    state = _at_roll(_with_guardian(_with_guardian(new(), 102, gid=1), 103, gid=2))
    state = do(state, "defeat_guardian", guardian=1)
    state = do(state, "guardian_roll", face="nothing")  # the roll goes to Guardian 2
    assert [g["id"] for g in state["guardians"]] == [2]
    assert step_id(state) != "start-of-day.guardian"


def test_the_last_guardian_defeated_at_its_roll_leaves_nothing_to_roll_for():
    state = _at_roll(_with_guardian(new(), 102))
    state = do(state, "defeat_guardian", guardian=1)
    assert state["guardians"] == []
    if step_id(state) == "start-of-day.guardian":  # the prompt still open: its roll is not used
        state = do(state, "guardian_roll", face="north")
    assert step_id(state) != "start-of-day.guardian"


def test_two_guardians_met_at_dawn_are_each_fought_at_once_before_the_event():
    """"I) Start of the Day": "Move Guardians. For each Guardian on the table, roll the
    Direction die" - then "Reveal and read a new Event card"; "Guardians": a Guardian that
    enters or stays with Characters "immediately triggers the Encounter". Guardian 1 (on
    101) stays with Character 1: its Combat comes at once, before Guardian 2 rolls (the roll
    is refused meanwhile, `next` too while it runs); once Character 1 has Escaped, Guardian 2
    (on 104) rolls and stays with Character 2: that Combat holds the Start of the Day at its
    last reminder, then `next` reveals the Event."""
    state = standing(_with_guardian(_with_guardian(new(2), 101, 1), 104, 2), 104, 2)
    state = do(_at_roll(state), "guardian_roll", face="nothing")
    assert step_id(state) == "guardian-fight.fight"
    assert GAME.view(state).step == "Encounter: Guardian 1 on 101"
    refused(state, "guardian_roll", face="nothing")
    state = do(state, "combat", character=1, value=9, guardian=1, opp_damage=1)
    assert state["encounter"]["members"] == [0]
    assert refused(state, "next").short == "Encounter first"
    state = do(state, "escape", character=1)
    assert step_id(state) == "start-of-day.guardian"  # Guardian 1 stays on 101; Guardian 2 rolls
    state = do(state, "guardian_roll", face="nothing")
    assert step_id(state) == "start-of-day.guardian_fight"
    state = do(state, "combat", character=2, value=2, guardian=2)
    assert refused(state, "next").short == "Encounter first"
    state = do(state, "adjust", track="combat.pool", delta=2)  # Guardian 2 defeated
    assert [g["id"] for g in state["guardians"]] == [1]
    assert step_id(do(state, "next")) == "start-of-day.event"


def test_a_guardian_met_mid_roll_may_be_passed_by_with_next():
    """The box cannot fight it for the players: with no Encounter started, `next` on the
    Guardian's reminder goes back to the rolls."""
    state = _with_guardian(_with_guardian(new(), 101, 1), 102, 2)
    state = do(_at_roll(state), "guardian_roll", face="nothing")
    assert step_id(do(state, "next")) == "start-of-day.guardian"
