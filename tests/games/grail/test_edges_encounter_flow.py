"""Grail's Encounter flow, one scenario per path the rulebook describes ("Starting Combat",
"Combat Turn", "Victory Check", "Escaping Combat / Run Away", "Combat Encounter Traits",
"Other Combat rules"; "Starting Diplomacy", "Diplomacy Turn", "Affinity Check", "Escaping
or Avoiding Diplomacy"), from Starting to the last Victory or Affinity Check, solo and as a
Party. Each expected value is read from the rulebook alone (rules/tainted-grail.md)."""

from games.core import Command, apply
from tests.games.grail.helpers import GAME, do, edit, new, refused


def _c(state, i=0):
    return state["characters"][i]


def _enc(state):
    return state["encounter"]


def _texts(applied) -> list[str]:
    return [e.text for e in applied.events]


# --- Combat ----------------------------------------------------------------------------------


def test_combat_solo_won_in_the_second_turn():
    """"Starting Combat": "3 cards if there are 1-3 Characters in Combat." "Combat Turn":
    Pick the Active Character ("Place a Time Token"), Character Activation, Enemy Attack,
    "Check Readiness. If all Party Members have been Activated ... go to End Turn"; "End
    Turn": "Clear Activations ... Start new Turn". "Victory Check": "If they are at least
    the Encounter's Value, you win ... Otherwise continue."

    Value 4: 2 markers in Turn 1 (below: continue), the Turn ends, 2 more in Turn 2 win."""
    state = do(new(), "combat", character=1, value=4)
    assert (_enc(state)["hands"], _enc(state)["pool"], _enc(state)["turn"]) == ([3], 0, 1)
    state = do(state, "pick_active", character=1)
    assert _enc(state)["activated"] == [0]
    state = do(state, "adjust", track="combat.pool", delta=2)
    assert _enc(state) is not None  # 2 < 4: continue
    state = do(state, "end_activation", cards=2)
    assert (_enc(state)["turn"], _enc(state)["activated"], _enc(state)["active"]) == (2, [], None)
    state = do(state, "pick_active", character=1)
    state = do(state, "adjust", track="combat.pool", delta=1)
    assert _enc(state)["pool"] == 3  # one short of the Value: continue
    state = do(state, "adjust", track="combat.pool", delta=1)
    assert _enc(state) is None and state["last_encounter"]["result"] == "won"


def test_combat_won_by_more_than_the_value():
    """"Victory Check": "If they are at least the Encounter's Value, you win" - past the
    Value wins as the Value does."""
    state = do(new(), "combat", character=1, value=3)
    state = do(state, "pick_active", character=1)
    state = do(state, "adjust", track="combat.pool", delta=5)
    assert state["last_encounter"]["result"] == "won"


def test_combat_as_a_party_every_member_activates_once_a_turn():
    """"Combat Turn" I: "Party members choose the next Active Character from those not yet
    Activated this Turn (no Time Token on their Tray)"; "Check Readiness ... Otherwise
    return to Pick the Active Character". Two members: the second pick is the other one,
    the first cannot be Activated twice in a Turn; after both, Turn 2."""
    state = do(new(2), "combat", character=1, party=True, value=6)
    assert (_enc(state)["members"], _enc(state)["hands"]) == ([0, 1], [3, 3])
    state = do(state, "pick_active", character=2)
    state = do(state, "adjust", track="combat.pool", delta=2)
    state = do(state, "end_activation", cards=1)
    assert (_enc(state)["turn"], _enc(state)["activated"]) == (1, [1])
    refused(state, "pick_active", character=2)
    state = do(state, "pick_active", character=1)
    state = do(state, "adjust", track="combat.pool", delta=2)
    state = do(state, "end_activation", cards=1)
    assert (_enc(state)["turn"], _enc(state)["activated"]) == (2, [])
    state = do(state, "pick_active", character=2)
    state = do(state, "adjust", track="combat.pool", delta=2)
    assert _enc(state) is None and state["last_encounter"]["result"] == "won"


def test_combat_with_four_characters_draws_two_cards_each():
    """"Starting Combat": "3 cards if there are 1-3 Characters in Combat. 2 cards if there
    are 4 Characters in Combat." Three of four in the Party: 3 each; all four: 2 each."""
    four = do(new(4), "combat", character=1, party=True, value=6)
    assert _enc(four)["hands"] == [2, 2, 2, 2]
    apart = edit(new(4), lambda s: s["characters"][3].update(location=103))
    apart = do(apart, "combat", character=1, party=True, value=6)
    assert _enc(apart)["members"] == [0, 1, 2]
    assert [h for h in _enc(apart)["hands"] if h] == [3, 3, 3]


def test_combat_a_member_dying_leaves_and_the_party_fights_on_to_victory():
    """"Other Combat rules": "You Are Dying. If your Health drops to 0, you get the 'You Are
    Dying' card, which immediately removes you from the current Encounter." The other
    member goes on and wins; the dying one is no longer a member."""
    state = do(new(2), "combat", character=1, party=True, value=3)
    state = do(state, "pick_active", character=1)
    state = do(state, "adjust", track="c1.health", delta=-6)
    assert _c(state)["health"] == 0
    assert (_enc(state)["members"], _enc(state)["active"]) == ([1], None)
    state = do(state, "pick_active", character=2)
    state = do(state, "adjust", track="combat.pool", delta=3)
    assert state["last_encounter"]["result"] == "won"


def test_combat_solo_you_are_dying_ends_it_without_a_win():
    """"You Are Dying ... immediately removes you from the current Encounter": alone, no one
    is left to fight; the Combat is over and not won."""
    state = do(new(), "combat", character=1, value=5)
    state = do(state, "pick_active", character=1)
    state = do(state, "adjust", track="c1.health", delta=-6)
    assert _enc(state) is None and state["last_encounter"]["result"] != "won"


def test_combat_solo_escape_costs_1_energy_and_the_opportunity_attack():
    """"Escaping Combat / Run Away": "A player may Escape at any time during their
    Activation: lose 1 Energy, trigger the Opportunity attack listed on the Encounter card,
    then place the Encounter on the bottom of its deck". Opportunity 1 Damage, 1 Terror."""
    state = do(new(), "combat", character=1, value=5, opp_damage=1, opp_terror=1)
    state = do(state, "pick_active", character=1)
    state = do(state, "escape", character=1)
    assert (_c(state)["energy"], _c(state)["health"], _c(state)["terror"]) == (4, 5, 1)
    assert _enc(state) is None and state["last_encounter"]["result"] == "escaped"


def test_combat_party_one_escapes_the_other_fights_on():
    """"Escaping Combat": "In a Party, an Escaping Active Character triggers the Opportunity
    attack and leaves; others remain ... When all Escape, place the card on the bottom of
    its deck." The attack hits only the one who Escapes ("Any gameplay effects ... during a
    Character's Activation apply only to the Active Character")."""
    state = do(new(2), "combat", character=1, party=True, value=5, opp_damage=2)
    state = do(state, "pick_active", character=2)
    state = do(state, "escape", character=2)
    assert [(c["energy"], c["health"]) for c in state["characters"]] == [(5, 6), (4, 4)]
    assert _enc(state)["members"] == [0]
    state = do(state, "pick_active", character=1)
    state = do(state, "escape", character=1)
    assert _enc(state) is None and state["last_encounter"]["result"] == "escaped"


def test_combat_run_away_ends_it_and_is_no_win():
    """"Escaping Combat / Run Away": "Some creatures have a Run Away attack: it immediately
    ends the Encounter ... Characters receive no Loot or Reward, and forcing an enemy to Run
    Away does not count as winning." """
    state = do(new(), "combat", character=1, value=5)
    state = do(state, "pick_active", character=1)
    state = do(state, "end_encounter", result="ran away")
    assert _enc(state) is None and state["last_encounter"]["result"] != "won"


def test_combat_robber_ends_it_only_when_every_member_is_at_1_health_or_less():
    """"Combat Encounter Traits": "Robber - when all Party members drop to 1 Health or less,
    they lose all Wealth and discard all Items; then the Encounter ends (counts as a loss)."

    One member at 1 and the other at 2: it goes on; the second at exactly 1: both lose all
    Wealth and the Encounter is lost."""
    state = edit(new(2), lambda s: [c["resources"].update(wealth=4) for c in s["characters"]])
    state = do(state, "combat", character=1, party=True, value=9, trait="robber")
    state = do(state, "adjust", track="c1.health", delta=-5)
    state = do(state, "adjust", track="c2.health", delta=-4)
    assert _enc(state) is not None
    assert [c["resources"]["wealth"] for c in state["characters"]] == [4, 4]
    state = do(state, "adjust", track="c2.health", delta=-1)
    assert _enc(state) is None and state["last_encounter"]["result"] == "lost"
    assert [c["resources"]["wealth"] for c in state["characters"]] == [0, 0]


def test_combat_enemy_attack_then_the_victory_check():
    """"Enemy Attack": "Find the Attack on the Encounter card matching the current number of
    Combat Pool markers and apply its result to the Active Character ... After modifying the
    Pool, perform the Victory Check." An Attack that leaves the Pool at the Value wins."""
    state = do(new(), "combat", character=1, value=4)
    state = do(state, "pick_active", character=1)
    state = do(state, "adjust", track="combat.pool", delta=3)
    applied = apply(GAME, state, Command("end_activation", {"cards": 1}))
    assert any("Enemy Attack" in t for t in _texts(applied))
    state = do(applied.state, "adjust", track="combat.pool", delta=1)
    assert _enc(state) is None and state["last_encounter"]["result"] == "won"


# --- Diplomacy -------------------------------------------------------------------------------


def test_diplomacy_solo_one_stage_won_at_the_affinity_check():
    """"Starting Diplomacy": "Each member draws 3 cards (1-3 Characters) ... Place a marker
    in the gray slot of the Affinity track". "Affinity Check": "On the highest slot - ... If
    it was the last Stage, you win the entire Encounter"."""
    state = do(new(), "diplomacy", character=1, top=6, start=3, stages=1)
    assert (_enc(state)["affinity"], _enc(state)["hands"]) == (3, [3])
    state = do(state, "pick_active", character=1)
    state = do(state, "adjust", track="diplomacy.affinity", delta=2)
    assert _enc(state)["affinity"] == 5  # one below the top: continue
    applied = apply(GAME, state, Command("end_activation", {"cards": 2}))
    assert any("Response" in t for t in _texts(applied))
    state = do(applied.state, "pick_active", character=1)
    state = do(state, "adjust", track="diplomacy.affinity", delta=1)
    assert _enc(state) is None and state["last_encounter"]["result"] == "won"


def test_diplomacy_party_lost_on_the_lowest_slot_after_the_response():
    """"Diplomacy Turn": "Opponent's Response - find the Response for the current Stage and
    apply it to the Active Character ...; then perform the Affinity Check." "Affinity
    Check": "On the lowest slot - you lose the Encounter; apply Failure rules to each
    member"."""
    state = do(new(2), "diplomacy", character=1, party=True, top=5, start=2, stages=2)
    state = do(state, "pick_active", character=1)
    state = do(state, "end_activation", cards=1)
    state = do(state, "adjust", track="diplomacy.affinity", delta=-1)
    assert _enc(state)["affinity"] == 1  # above the lowest slot: continue
    state = do(state, "adjust", track="diplomacy.affinity", delta=-1)
    assert _enc(state) is None and state["last_encounter"]["result"] == "lost"
    assert "each member" in state["last_encounter"]["text"]


def test_diplomacy_two_stages_each_from_the_gray_slot():
    """"Affinity Check": "If not the last Stage, begin the next Stage: move the marker to the
    gray slot, place a marker on the completed Stage". Stage 2 starts at the gray slot; its
    top wins the Encounter."""
    state = do(new(), "diplomacy", character=1, top=4, start=1, stages=2)
    state = do(state, "adjust", track="diplomacy.affinity", delta=3)
    assert (_enc(state)["stage"], _enc(state)["affinity"]) == (2, 1)
    state = do(state, "adjust", track="diplomacy.affinity", delta=3)
    assert _enc(state) is None and state["last_encounter"]["result"] == "won"


def test_diplomacy_four_characters_draw_two_cards_each():
    """"Starting Diplomacy": "Each member draws 3 cards (1-3 Characters) or 2 cards (4
    Characters)"."""
    state = do(new(4), "diplomacy", character=1, party=True, top=5, start=2, stages=1)
    assert _enc(state)["hands"] == [2, 2, 2, 2]
    state = do(new(3), "diplomacy", character=1, party=True, top=5, start=2, stages=1)
    assert _enc(state)["hands"] == [3, 3, 3]


def test_four_characters_with_one_dead_draw_three_cards_each():
    """"Starting Combat": "3 cards if there are 1-3 Characters in Combat." Four Characters in
    the game, one dead: three in the Combat, 3 cards each."""
    state = do(new(4), "death", character=4, then="decline")
    state = do(state, "combat", character=1, party=True, value=6)
    assert _enc(state)["members"] == [0, 1, 2]
    assert [h for h in _enc(state)["hands"] if h] == [3, 3, 3]
