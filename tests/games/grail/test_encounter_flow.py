"""Scenarios: an Encounter from "Starting Combat" / "Starting Diplomacy" to its last Victory
or Affinity Check, one per path the rulebook describes ("Combat", "Combat Turn", "Victory
Check", "Other Combat rules", "Escaping Combat / Run Away", "Combat Encounter Traits",
"Diplomacy", "Diplomacy Turn", "Affinity Check", "Escaping or Avoiding Diplomacy"), alone
and as a Party. Each expected value is read from the rulebook; the defaults of a new
Campaign are Energy 5, Health 6, Terror 0."""

from games.core import Command, apply
from tests.games.grail.helpers import GAME, do, edit, new, refused, standing


def _enc(state):
    return state["encounter"]


def _last(state):
    return state["last_encounter"]["result"]


def _texts(applied) -> list[str]:
    return [e.text for e in applied.events]


def _health(state):
    return [c["health"] for c in state["characters"]]


# --- Combat --------------------------------------------------------------------------------


def test_solo_combat_two_turns_then_victory_at_step_d():
    """"Starting Combat": 3 cards with 1-3 Characters. Turn 1: Pick the Active Character,
    play cards (3 markers), d) Victory Check: 3 < 5, continue; Enemy Attack; Check
    Readiness: everyone Activated, End Turn (discard down to 3, draw 1). Turn 2: 2 more
    markers: 5 >= 5, "you win: receive Rewards, share Loot, put the card on the bottom of
    its deck, and reshuffle your Combat deck"."""
    applied = apply(GAME, new(), Command("combat", {"character": 1, "value": 5}))
    assert "Combat begins: Character 1; draw 3 cards each" in _texts(applied)
    state = do(applied.state, "pick_active", character=1)
    state = do(state, "adjust", track="combat.pool", delta=3)
    applied = apply(GAME, state, Command("end_activation", {"cards": 2}))
    assert "Enemy Attack by the Pool" in _texts(applied)
    assert any(t.startswith("End of Turn 1: discard down to 3, draw 1 each") for t in _texts(applied))
    state = do(applied.state, "pick_active", character=1)
    assert _enc(state)["turn"] == 2
    state = do(state, "adjust", track="combat.pool", delta=2)
    assert _enc(state) is None and _last(state) == "won"
    assert "card to the bottom of its deck; reshuffle your Combat decks" in state["last_encounter"]["text"]


def test_party_combat_the_second_member_wins_in_turn_2():
    """"Combat Turn": "Party members choose the next Active Character from those not yet
    Activated this Turn"; the Pool is shared ("the shared Combat Pool"). Turn 1: Characters
    2 then 1 add 2 markers each; Turn 2: Character 1 adds the last 2 of 6 and wins."""
    state = do(new(2), "combat", character=1, party=True, value=6)
    for who in (2, 1):
        state = do(state, "pick_active", character=who)
        state = do(state, "adjust", track="combat.pool", delta=2)
        state = do(state, "end_activation", cards=1)
    assert (_enc(state)["turn"], _enc(state)["pool"]) == (2, 4)
    state = do(state, "pick_active", character=1)
    state = do(state, "adjust", track="combat.pool", delta=2)
    assert _last(state) == "won" and _enc(state) is None


def test_combat_won_after_the_enemy_attack_changes_the_pool():
    """"Enemy Attack": "If the enemy Attack removes markers ... After modifying the Pool,
    perform the Victory Check." An Attack that leaves the Pool at the Value (a card whose
    Attack adds a marker) wins at that check; one that removes markers does not."""
    state = do(new(), "combat", character=1, value=3)
    state = do(state, "pick_active", character=1)
    state = do(state, "adjust", track="combat.pool", delta=2)
    state = do(state, "end_activation", cards=1)
    assert _enc(do(state, "adjust", track="combat.pool", delta=-1)) is not None
    assert _last(do(state, "adjust", track="combat.pool", delta=1)) == "won"


def test_combat_with_no_card_played_the_opportunity_attack_then_the_draw():
    """"Character Activation" c): "If you played no card this Activation, the enemy
    immediately makes an Opportunity attack, then you draw a card." 2 Damage and 1 Terror
    from the card: Health 6 -> 4, Terror 0 -> 1; then the Victory Check, the Enemy Attack."""
    state = do(new(), "combat", character=1, value=4, opp_damage=2, opp_terror=1)
    state = do(state, "pick_active", character=1)
    texts = _texts(apply(GAME, state, Command("end_activation", {"cards": 0})))
    assert texts[:3] == ["Opportunity attack: Character 1 -2 Health, +1 Terror (Health 4)",
                         "Character 1 draws a card", "Enemy Attack by the Pool"]


def test_combat_with_a_missing_value_solo_and_in_a_party():
    """"Encounter Value ... (treat a missing Value as 0)"; "d) Perform the Victory Check":
    the first Activation's step d wins, alone or with the Party (the second member is never
    Activated)."""
    for players in (1, 2):
        state = do(new(players), "combat", character=1, party=players > 1, value=0)
        state = do(state, "pick_active", character=1)
        state = do(state, "end_activation", cards=1)
        assert _last(state) == "won"


def test_combat_the_enemy_attack_removes_more_than_the_pool():
    """"Negative Combat Pool": "The Pool can never go negative. If an Attack or effect would
    remove more markers than exist, the Active Character's controller discards one card from
    their hand per excess point instead." Pool 1, the Attack removes 3: Pool 0, 2 cards."""
    state = do(new(), "combat", character=1, value=6)
    state = do(state, "pick_active", character=1)
    state = do(state, "adjust", track="combat.pool", delta=1)
    applied = apply(GAME, state, Command("adjust", {"track": "combat.pool", "delta": -3}))
    assert _enc(applied.state)["pool"] == 0
    assert "Character 1 discards 2 cards" in _texts(applied)[-1]


def test_solo_escape_ends_the_combat():
    """"Escaping Combat": "lose 1 Energy, trigger the Opportunity attack listed on the
    Encounter card, then place the Encounter on the bottom of its deck, reshuffle their
    Combat deck". Energy 5 -> 4, Health 6 -> 5."""
    state = do(new(), "combat", character=1, value=6, opp_damage=1)
    state = do(state, "escape", character=1)
    assert _enc(state) is None and _last(state) == "escaped"
    assert (state["characters"][0]["energy"], _health(state)) == (4, [5])


def test_party_escape_one_leaves_the_other_wins():
    """"In a Party, an Escaping Active Character triggers the Opportunity attack and leaves;
    others remain, and their cards stay in the Sequence until the Encounter ends."
    Character 1 Escapes; Character 2 fights on alone and wins."""
    state = do(new(2), "combat", character=1, party=True, value=4, opp_damage=1)
    state = do(state, "pick_active", character=1)
    state = do(state, "escape", character=1)
    assert _enc(state)["members"] == [1] and _health(state) == [5, 6]
    state = do(state, "pick_active", character=2)
    state = do(state, "adjust", track="combat.pool", delta=4)
    assert _last(state) == "won"


def test_combat_you_are_dying_solo_and_in_a_party():
    """"You Are Dying. If your Health drops to 0, you get the "You Are Dying" card, which
    immediately removes you from the current Encounter." With a Party the others fight on;
    alone, nobody is left and the Combat is over, not won."""
    state = do(new(2), "combat", character=1, party=True, value=9)
    state = do(do(state, "pick_active", character=1), "adjust", track="c1.health", delta=-6)
    assert _enc(state)["members"] == [1] and _enc(state)["active"] is None
    state = do(do(state, "pick_active", character=2), "adjust", track="c2.health", delta=-6)
    assert _enc(state) is None and _last(state) == "lost"


def test_combat_robber_ends_it_as_a_loss_for_the_party():
    """"Robber - when all Party members drop to 1 Health or less, they lose all Wealth and
    discard all Items; then the Encounter ends (counts as a loss)." One at 1 Health is not
    enough; both at 1 end it, Wealth 4 and 2 lost."""
    state = edit(new(2), lambda s: [c["resources"].update(wealth=w)
                                    for c, w in zip(s["characters"], (4, 2), strict=True)])
    state = do(state, "combat", character=1, party=True, value=9, trait="robber")
    state = do(state, "adjust", track="c1.health", delta=-5)
    assert _enc(state) is not None
    state = do(state, "adjust", track="c2.health", delta=-5)
    assert _last(state) == "lost" and [c["resources"]["wealth"] for c in state["characters"]] == [0, 0]


def test_combat_the_enemy_runs_away():
    """"Run Away attack: it immediately ends the Encounter and puts the card on the bottom
    of its deck. Characters receive no Loot or Reward, and forcing an enemy to Run Away does
    not count as winning.\""""
    state = do(new(), "combat", character=1, value=9)
    state = do(state, "end_encounter", result="ran away")
    assert _last(state) == "ran away" and "no Loot or Reward" in state["last_encounter"]["text"]


def test_challenge_escape_skull_then_grail():
    """"Challenge Mode", Escaping Combat: "you may Escape only once per Activation; to
    Escape, lose 1 Energy, take an Opportunity attack, and toss a Dial - Skull: you remain
    in Combat; Grail: you Escape (if you were the last Character, bottom the card)"."""
    state = do(new(mode="challenge"), "combat", character=1, value=9)
    state = do(do(state, "escape", character=1), "escape_toss", toss="skull")
    assert _enc(state)["members"] == [0]
    assert refused(state, "escape", character=1).short == "Escape once/Activation"
    state = do(do(state, "end_activation", cards=1), "escape", character=1)
    state = do(state, "escape_toss", toss="grail")
    assert _last(state) == "escaped" and state["characters"][0]["energy"] == 3


def test_a_guardian_combat_fought_by_the_party_there_roams_when_escaped():
    """"Guardians": "If you Escape a Guardian, place its card on the Location where you
    triggered it"; "II) During the Day": those there "may join". Two on 104 with Guardian 3,
    one elsewhere: the two fight it together, both Escape, and it is still on 104."""
    state = edit(standing(new(3), 104, 1, 2), lambda s: s["guardians"].append(
        {"id": 3, "name": "Guardian 3", "location": 104}))
    state = do(state, "combat", character=2, party=True, value=9, guardian=3)
    assert _enc(state)["members"] == [0, 1]
    state = do(do(state, "escape", character=1), "escape", character=2)
    assert [(g["id"], g["location"]) for g in state["guardians"]] == [(3, 104)]


# --- Diplomacy -----------------------------------------------------------------------------


def test_solo_diplomacy_won_in_one_stage():
    """"Starting Diplomacy": 3 cards; "Place a marker in the gray slot of the Affinity
    track". Cards push it to the highest slot: "If it was the last Stage, you win the entire
    Encounter (receive Rewards, bottom the card, reshuffle)"."""
    applied = apply(GAME, new(), Command("diplomacy", {"character": 1, "top": 5, "start": 2, "stages": 1}))
    assert "Diplomacy begins: Character 1; draw 3 cards each" in _texts(applied)
    assert _enc(applied.state)["affinity"] == 2
    state = do(applied.state, "pick_active", character=1)
    state = do(state, "adjust", track="diplomacy.affinity", delta=3)
    assert _last(state) == "won"


def test_party_diplomacy_three_stages():
    """"Some Diplomatic Encounters have ... several numbered Stages"; a Stage won that is not
    the last: "move the marker to the gray slot, place a marker on the completed Stage, and
    go to Check Readiness". Four Characters draw 2 cards each. Stage 1 by Character 1, Stage
    2 by Character 3 (same Turn), then the Opponent's Response ends Turn 1, and Stage 3 by
    Character 2 in Turn 2 wins the Encounter."""
    applied = apply(GAME, new(4), Command("diplomacy", {"character": 1, "party": True, "top": 4,
                                                        "start": 2, "stages": 3}))
    assert "Diplomacy begins: Character 1 & Character 2 & Character 3 & Character 4; draw 2 cards each" \
        in _texts(applied)
    state = do(applied.state, "pick_active", character=1)
    state = do(state, "adjust", track="diplomacy.affinity", delta=2)
    state = do(do(state, "pick_active", character=3), "adjust", track="diplomacy.affinity", delta=2)
    assert (_enc(state)["stage"], _enc(state)["activated"]) == (3, [0, 2])
    for who in (2, 4):
        state = do(do(state, "pick_active", character=who), "end_activation", cards=1)
    assert (_enc(state)["turn"], _enc(state)["activated"]) == (2, [])
    state = do(do(state, "pick_active", character=2), "adjust", track="diplomacy.affinity", delta=2)
    assert _last(state) == "won"


def test_diplomacy_lost_to_the_opponents_response():
    """"Opponent's Response - ... apply it to the Active Character ...; then perform the
    Affinity Check"; "On the lowest slot - you lose the Encounter; apply Failure rules to
    each member"."""
    state = do(new(), "diplomacy", character=1, top=5, start=2, stages=2)
    applied = apply(GAME, do(state, "pick_active", character=1), Command("end_activation", {"cards": 1}))
    assert "Opponent's Response for the Stage" in _texts(applied)
    state = do(applied.state, "adjust", track="diplomacy.affinity", delta=-2)
    assert _last(state) == "lost" and "Failure cost to each member" in state["last_encounter"]["text"]


def test_diplomacy_escaped_by_the_party_or_avoided_at_the_start():
    """"A Party may Escape at any point by applying the Failure penalty to each member";
    "you may Avoid only at the very start, before drawing cards ... Once Diplomacy begins
    you can't Avoid"."""
    start = do(new(2), "diplomacy", character=1, party=True, top=5, start=2, stages=1)
    assert _last(do(start, "end_encounter", result="avoided")) == "avoided"
    going = do(start, "pick_active", character=2)
    assert refused(going, "end_encounter", result="avoided").short == "Too late to Avoid"
    assert _last(do(going, "escape", character=2)) == "escaped"


def test_diplomacy_ended_by_you_are_dying():
    """"Other Diplomacy rules": "You Are Dying - if your Health drops to 0, the 'You Are
    Dying' card immediately ends the Encounter" - for the whole Party."""
    state = do(new(2), "diplomacy", character=1, party=True, top=5, start=2, stages=1)
    state = do(do(state, "pick_active", character=1), "adjust", track="c1.health", delta=-6)
    assert _enc(state) is None and _last(state) == "ended"
