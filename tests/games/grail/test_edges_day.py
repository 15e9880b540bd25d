"""Edges of the day's order ("Playing the Game": I) Start of the Day, II) During the Day,
III) End of the Day), each expected value read from the rulebook alone
(rules/tainted-grail.md), not from the box."""

from tests.games.grail.helpers import do, edit, new, refused, to_next_day, with_map


def _at_energy(state, *energies):
    for i, energy in enumerate(energies, 1):
        state = do(state, "correct", track=f"c{i}.energy", value=energy)
    return state


def test_the_day_ends_at_once_when_the_only_character_runs_out_of_energy():
    """"III) End of the Day": "The day ends when all Characters have Passed or run out of
    Energy." "II) During the Day": "... until all players Pass or run out of Energy. Then
    go to End of the Day." The Travel that spends the last Energy ends the day."""
    state = do(_at_energy(new(), 1), "travel", character=1, direction="north")
    assert state["characters"][0]["energy"] == 0
    assert state["procedure"]["name"] == "end-of-day"


def test_the_day_ends_when_both_characters_have_run_out_of_energy():
    """"III) End of the Day": "The day ends when all Characters have Passed or run out of
    Energy." Both at 1 Energy travel: after the second Travel both are at 0 and the day
    ends."""
    state = _at_energy(new(2), 1, 1)
    state = do(state, "travel", character=1, direction="north")
    assert state["procedure"]["name"] == "day"  # Character 2 still has Energy
    state = do(state, "travel", character=2, direction="south")
    assert [c["energy"] for c in state["characters"]] == [0, 0]
    assert state["procedure"]["name"] == "end-of-day"


def test_one_passed_and_one_out_of_energy_ends_the_day():
    """"III) End of the Day": "The day ends when all Characters have Passed or run out of
    Energy" - each Character either way: one has Passed, the other spends their last
    Energy, and the day ends."""
    state = _at_energy(new(2), 5, 1)
    state = do(state, "pass_day", character=1)
    state = do(state, "travel", character=2, direction="north")
    assert state["procedure"]["name"] == "end-of-day"


def test_the_day_goes_on_while_one_character_has_energy_and_has_not_passed():
    """"II) During the Day": "... until all players Pass or run out of Energy." One at 0,
    the other with Energy left and not Passed: still During the Day."""
    state = do(_at_energy(new(2), 1, 3), "travel", character=1, direction="north")
    assert state["procedure"]["name"] == "day"


def test_the_last_pass_ends_the_day():
    """"Pass - free. Finish your day and rest."; "III) End of the Day": "The day ends when
    all Characters have Passed". The last Pass, with Energy unspent, ends the day."""
    state = do(new(2), "pass_day", character=1)
    assert state["procedure"]["name"] == "day"
    state = do(state, "pass_day", character=2)
    assert state["procedure"]["name"] == "end-of-day"


# --- II) During the Day: the Actions ------------------------------------------------------


def _energy(state):
    return [c["energy"] for c in state["characters"]]


def test_explore_costs_1_energy_per_party_member_and_one_may_pay_it_all():
    """"Explore - costs 1 Energy. ... In a Party: cost scales to 1 Energy per Party member";
    "Parties and Party Actions": "you may pay your own Energy ... in place of another
    member's - even the entire cost". Three members: 1 each, or 3 from one."""
    assert _energy(do(new(3), "explore", character=1, party=True)) == [4, 4, 4]
    assert _energy(do(new(3), "explore", character=1, party=True, paid_by=3)) == [5, 5, 2]


def test_the_last_point_of_energy_pays_an_explore_and_none_left_is_refused():
    """"Explore - costs 1 Energy": with 1 it is paid (Energy 0); with 0 it cannot be."""
    assert _energy(do(_at_energy(new(2), 1, 5), "explore", character=1)) == [0, 5]
    refused(_at_energy(new(2), 0, 5), "explore", character=1)


def test_a_payer_for_the_whole_party_needs_the_whole_cost():
    """"In a Party you may pay your own Energy ... in place of another member's - even the
    entire cost": the one who pays all of a Party of two's Travel pays 2; with 1 they
    cannot."""
    refused(_at_energy(new(2), 5, 1), "travel", character=1, direction="north", party=True, paid_by=2)
    state = do(_at_energy(new(2), 5, 2), "travel", character=1, direction="north", party=True, paid_by=2)
    assert _energy(state) == [5, 0]


def test_no_diagonal_travel():
    """"Travel - ... You may only move in straight lines (no diagonal Travel)." 106 laid at
    the north-east corner of 101 is no destination from 101."""
    state = with_map(new(), {106: (1, -1)})
    refused(state, "travel", character=1, direction="106")
    assert do(state, "travel", character=1, direction="104")["characters"][0]["location"] == 104


def test_a_location_action_is_paid_once_for_the_party_and_may_be_split():
    """"Location Action - ... In a Party: pay the cost once and receive the output once;
    members may split the cost". A cost of 3: 2 from one and 1 from the other (3 in all,
    not 3 each); all 3 from the helper."""
    state = do(new(2), "action", character=1, energy=3, kind="location", helper=2, helper_pays=1)
    assert _energy(state) == [3, 4]
    state = do(new(2), "action", character=1, energy=3, kind="location", helper=2, helper_pays=3)
    assert _energy(state) == [5, 2]


def test_a_location_action_of_all_ones_energy_and_one_more():
    """"Location Action - cost shown on the Location card": a cost of 5 with 5 Energy is
    paid; a cost of 6 is not."""
    assert _energy(do(new(), "action", character=1, energy=5, kind="location")) == [0]
    refused(new(), "action", character=1, energy=6, kind="location")


def test_a_character_action_needs_1_energy_from_the_acting_character():
    """"Character Action - ... Party members may help pay the Energy cost - but the acting
    Character must always pay at least 1 Energy." At 0 Energy the Character Action cannot
    be taken even with a helper paying all of it; with 1, the helper pays the rest."""
    refused(_at_energy(new(2), 0, 5), "action", character=1, energy=2, kind="character",
            helper=2, helper_pays=2)
    state = do(_at_energy(new(2), 1, 5), "action", character=1, energy=3, kind="character",
               helper=2, helper_pays=2)
    assert _energy(state) == [0, 3]


def test_no_character_action_in_an_encounter():
    """"Character Action - ... usable only outside Encounters and Exploration." """
    state = do(new(), "combat", character=1, value=4)
    refused(state, "action", character=1, energy=1, kind="character")


def test_pass_is_free_irreversible_for_the_day_and_ends_with_it():
    """"Pass - free. Finish your day and rest. You may Pass even with unspent Energy, but
    this is irreversible - you take no more Actions until the next day." Character 1
    Passes with 5 Energy: it costs nothing, no further Action that day; the next day they
    act again."""
    state = do(new(2), "pass_day", character=1)
    assert _energy(state) == [5, 5] and state["characters"][0]["passed"]
    refused(state, "explore", character=1)
    refused(state, "pass_day", character=1)
    state = to_next_day(do(state, "pass_day", character=2))
    assert not any(c["passed"] for c in state["characters"])
    assert _energy(do(state, "explore", character=1))[0] == state["characters"][0]["energy"] - 1


def test_a_round_ends_when_everyone_has_acted_or_passed():
    """"II) During the Day": "Each player performs one Action ... After everyone has taken one
    Action or Passed, players may each take another Action". Character 1 acts and must wait;
    Character 2 Passes, which closes the round: Character 1 acts again."""
    state = do(new(2), "explore", character=1)
    refused(state, "explore", character=1)
    state = do(state, "pass_day", character=2)
    assert (state["round"], state["acted"]) == (2, [])
    assert _energy(do(state, "explore", character=1)) == [3, 5]


def test_a_party_needs_two_or_more_characters_on_one_location():
    """"II) During the Day": "A group of two or more Characters sharing a Location may take an
    Action together as a Party". Alone on 101 (the other on 104) there is no Party."""
    state = edit(new(2), lambda s: s["characters"][1].update(location=104))
    refused(state, "explore", character=1, party=True)


def test_an_encounter_drawn_by_the_last_energys_explore_is_fought_before_the_end_of_the_day():
    """"Explore - costs 1 Energy. ... Continue until you reach 'Exploration ends'"; "Drawing an
    Encounter immediately launches Combat or Diplomacy"; "III) End of the Day": "Rest. ...
    (Characters in the same Location may trade Food when not involved in an Action or
    Encounter.)" The Explore that spends the last Energy is still being resolved: the Combat
    it draws is fought before the End of the Day goes on (no Rest in the middle of it)."""
    state = do(_at_energy(new(), 1), "explore", character=1)
    state = do(state, "combat", character=1, value=3)
    refused(state, "next")
    state = do(state, "adjust", track="combat.pool", delta=3)
    assert state["encounter"] is None
    assert state["procedure"]["name"] in ("day", "end-of-day")


def test_an_encounter_on_arrival_with_the_last_energy_is_fought_before_the_end_of_the_day():
    """"Travel - ... resolve anything on the new Location marked with a lightning symbol
    immediately"; "Unfriendly Settlement - triggers an Encounter (usually diplomatic) as soon
    as you enter". Travelling with the last Energy onto such a Settlement: its Diplomacy is
    resolved before the End of the Day goes on."""
    state = do(_at_energy(new(), 1), "travel", character=1, direction="north")
    state = do(state, "diplomacy", character=1, top=5, start=2, stages=1)
    refused(state, "next")
    state = do(state, "adjust", track="diplomacy.affinity", delta=3)
    assert state["encounter"] is None and state["last_encounter"]["result"] == "won"


def test_the_rounds_do_not_wait_for_a_character_out_of_energy():
    """"II) During the Day": "After everyone has taken one Action or Passed, players may each
    take another Action, and so on, until all players Pass or run out of Energy." Character
    1 spent their last Energy in round 1 (on 102, no Menhir seal known, no Guardian): they
    are out of Energy like one who Passed, so Character 2 goes on acting, round after round,
    without waiting for them."""
    state = do(_at_energy(new(2), 1, 5), "travel", character=1, direction="north")
    state = do(state, "explore", character=2)
    state = do(state, "explore", character=2)
    state = do(state, "explore", character=2)
    assert _energy(state) == [0, 2]


def test_the_day_does_not_end_in_the_middle_of_an_encounter():
    """"III) End of the Day": "The day ends when all Characters have Passed or run out of
    Energy." A Character fighting with 5 Energy has neither Passed nor run out (and Pass, an
    Action, is not taken inside an Encounter: "Character Action - ... usable only outside
    Encounters", "Party Members may only leave during Combat/Diplomacy if they Escape ... or
    are removed by the 'You Are Dying' card"). While the Combat runs, the day does not end."""
    state = do(new(), "combat", character=1, value=5)
    refused(state, "pass_day", character=1)
    refused(state, "next")
