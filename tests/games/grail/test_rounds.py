"""Rounds of one Action each During the Day ("II) During the Day": "Each player
performs one Action, in an order the players agree on (ties broken by lowest
Character Number) ... After everyone has taken one Action or Passed, players may
each take another Action")."""


import pytest

from games.core import Command, RuleError, apply
from games.grail.state import migrate_3_to_4
from tests.games.grail.helpers import GAME, do, edit, new, refused, step_id, to_next_day


def test_a_character_who_has_acted_waits_for_the_others():
    state = do(new(3), "explore", character=1)
    assert state["acted"] == [0] and state["round"] == 1
    err = refused(state, "travel", character=1, direction="north")
    assert err.short == "Character 1: acted"
    assert "II) During the Day" in err.long and "Character 2, Character 3" in err.long


def test_the_order_within_a_round_is_the_players_choice():
    state = do(new(3), "explore", character=3)
    state = do(state, "explore", character=1)
    assert state["acted"] == [0, 2] and state["round"] == 1


def test_a_new_round_begins_when_everyone_has_acted():
    state = do(new(2), "explore", character=2)
    state = do(state, "action", character=1, energy=0)
    assert state["round"] == 2 and state["acted"] == []
    state = do(state, "explore", character=1)  # allowed again in round 2
    assert state["acted"] == [0]


def test_characters_who_passed_are_skipped():
    state = do(new(3), "pass_day", character=2)
    state = do(state, "explore", character=1)
    state = do(state, "explore", character=3)
    assert state["round"] == 2 and state["acted"] == []


def test_passing_after_acting_ends_the_round_for_the_others():
    """Pass is free and can be declared at any point: it only ends that Character's day."""
    state = do(new(2), "explore", character=1)
    state = do(state, "pass_day", character=1)
    state = do(state, "pass_day", character=2)
    assert all(c["passed"] for c in state["characters"])
    state = do(new(2), "explore", character=1)
    state = do(state, "pass_day", character=2)  # nobody else to wait for
    assert state["round"] == 2 and state["acted"] == []


def test_whose_turn_is_the_lowest_character_number_still_to_act():
    """"ties broken by lowest Character Number": Character Numbers, not places."""
    state = edit(new(3), lambda s: [s["characters"][i].update(number=n) for i, n in enumerate((3, 1, 2))])
    assert GAME.view(state).step == "Character 2's turn"
    chars = next(p for p in GAME.view(state).panels if p.title == "Characters")
    assert chars.lines[0] == "Round 1: still to act Character 2, Character 3, Character 1"
    state = do(state, "explore", character=2)
    assert GAME.view(state).step == "Character 3's turn"
    travel = next(s for s in GAME.commands if s.name == "travel")
    assert travel.params[0].resolve(state).default == 3  # the form starts on whose turn it is


def test_a_party_acts_together_and_members_who_acted_stay_out():
    state = do(new(3), "travel", character=1, direction="north", party=True)
    assert state["round"] == 2 and state["acted"] == []  # all three took the Action
    state = do(new(3), "explore", character=2)
    state = do(state, "travel", character=1, direction="north", party=True)
    assert [c["location"] for c in state["characters"]] == [102, 101, 102]
    assert state["round"] == 2


def test_a_helper_who_has_acted_cannot_join():
    state = do(new(2), "explore", character=2)
    with pytest.raises(RuleError):
        do(state, "action", character=1, energy=2, helper=2, helper_pays=1)


def test_each_day_starts_at_round_1():
    state = do(new(2), "explore", character=1)
    state = to_next_day(state)
    assert (state["day"], state["round"], state["acted"]) == (2, 1, [])


def test_a_schema_3_save_gains_a_fresh_round():
    state = new(2)
    del state["round"], state["acted"]
    assert migrate_3_to_4(state)["round"] == 1 and state["acted"] == []


def test_the_day_ends_when_every_character_has_passed():
    """"III) End of the Day": "The day ends when all Characters have Passed or run
    out of Energy." The last Pass starts the End of the Day."""
    state = do(new(2), "pass_day", character=1)
    assert step_id(state) == "day.actions"
    state = do(state, "pass_day", character=2)
    assert step_id(state) == "end-of-day.effects"
    dead = edit(new(2), lambda s: s["characters"][1].update(dead=True))
    assert step_id(do(dead, "pass_day", character=1)) == "end-of-day.effects"


def test_the_character_number_from_the_letter_can_be_set():
    """"Character Setup" XI: the Letter's "unique Character Number, used to break
    ties" - set off the dials (Correct a value); the turn follows it."""
    state = do(new(2), "correct", track="c1.number", value=12)
    state = do(state, "correct", track="c2.number", value=3)
    assert GAME.view(state).step == "Character 2's turn"


# --- issue 23: the day ends when all have Passed or run out of Energy ------------------------


def _energies(state, *energies):
    for i, energy in enumerate(energies, 1):
        state = do(state, "correct", track=f"c{i}.energy", value=energy)
    return state


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_the_last_energy_spent_ends_the_day_for_every_party_size(players):
    """"III) End of the Day": "The day ends when all Characters have Passed or run out of
    Energy." Everyone but Character 1 Passes; Character 1 Explores with their last point:
    the End of the Day begins, with its first reminder."""
    state = _energies(new(players), *([1] + [5] * (players - 1)))
    for i in range(2, players + 1):
        state = do(state, "pass_day", character=i)
    applied = apply(GAME, state, Command("explore", {"character": 1}))
    assert step_id(applied.state) == "end-of-day.effects"
    assert "Everyone has Passed or run out of Energy: the day ends" in [e.text for e in applied.events]


def test_a_dead_character_does_not_keep_the_day_going():
    """"The day ends when all Characters have Passed or run out of Energy" - the living
    ones: Character 2 is dead, Character 1 spends the last Energy."""
    state = do(_energies(new(2), 1, 5), "death", character=2, then="decline")
    state = do(state, "explore", character=1)
    assert step_id(state) == "end-of-day.effects"


def test_a_character_at_0_energy_on_a_menhir_seal_may_still_inspect_it():
    """"Inspect a Menhir - always free. If your Location has a Menhir seal by its name, you
    may inspect it ... if you meet all requirements you may activate the Menhir right away."
    At 0 Energy on 101 with its Menhir seal known, the day waits (Pass or `next` ends it);
    the reminder says why."""
    state = edit(_energies(new(), 1), lambda s: s["locations"][0].update(seals=["menhir"]))
    state = do(state, "explore", character=1)
    assert step_id(state) == "day.actions"
    view = GAME.view(state)
    assert view.step == "0 Energy: Pass or next"
    lines = next(p.lines for p in view.panels if p.title == "Characters")
    assert "At 0 Energy: Character 1 may Inspect the Menhir on 101 (free)" in lines
    assert step_id(do(state, "pass_day", character=1)) == "end-of-day.effects"


def test_the_day_waits_for_an_encounter_and_for_a_guardian_met_at_0_energy():
    """"If a Character or Party enters a Location with a Guardian, immediately trigger the
    Encounter." Travelling onto Guardian 1 with the last Energy: the day waits for its
    Combat; once it is won (the Guardian's card to the bottom of its deck) the day ends."""
    state = edit(_energies(new(), 1), lambda s: s["guardians"].append(
        {"id": 1, "name": "Guardian 1", "location": 102}))
    state = do(state, "travel", character=1, direction="north")
    assert step_id(state) == "day.actions"
    state = do(state, "combat", character=1, value=2, guardian=1)
    state = do(state, "adjust", track="combat.pool", delta=1)
    assert step_id(state) == "day.actions"
    state = do(state, "adjust", track="combat.pool", delta=1)
    assert state["guardians"] == [] and step_id(state) == "end-of-day.effects"


def test_the_rounds_do_not_wait_for_a_character_out_of_energy_who_may_still_act_free():
    """"After everyone has taken one Action or Passed, players may each take another Action,
    and so on, until all players Pass or run out of Energy." Three Characters: 1 at 0 Energy
    is out of the rounds (not whose turn, not waited for), 2 and 3 act round after round; a
    free Action Character 1 still takes (a Location Action of cost 0) is theirs."""
    state = _energies(new(3), 0, 5, 5)
    assert GAME.view(state).step == "Character 2's turn"
    state = do(do(state, "explore", character=2), "explore", character=3)
    assert (state["round"], state["acted"]) == (2, [])
    state = do(state, "action", character=1, energy=0)
    assert state["acted"] == [0]


def test_next_does_not_end_the_day_in_the_middle_of_an_encounter():
    """"III) End of the Day": "The day ends when all Characters have Passed or run out of
    Energy" - and a Character in a Combat does not Pass ("Character Action - ... usable only
    outside Encounters"). `next` is refused while it runs and ends the day after it."""
    state = do(new(), "combat", character=1, value=5)
    assert refused(state, "next").short == "Encounter first"
    state = do(state, "end_encounter", result="won")
    assert step_id(do(state, "next")) == "end-of-day.effects"
