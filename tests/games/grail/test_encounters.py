"""Encounter helpers ("Combat", "Diplomacy"): the Combat Pool against the Encounter
Value (Victory Check), the Affinity track with Stages (Affinity Check), trait
reminders with their numbers, Escape costs and Challenge mode's Dial toss."""

import copy

import pytest

from games.core import Command, RuleError, apply
from tests.games.grail.helpers import GAME, do, edit, new, next_until, refused, standing


def _c(state, i=0):
    return state["characters"][i]


def test_starting_combat_draw_3_cards_or_2_with_4_characters():
    applied = apply(GAME, new(4), Command("combat", {"character": 1, "party": True, "value": 7}))
    assert applied.state["encounter"]["members"] == [0, 1, 2, 3]
    assert any("draw 2 cards" in e.text for e in applied.events)
    applied = apply(GAME, new(2), Command("combat", {"character": 1, "party": True, "value": 7}))
    assert any("draw 3 cards" in e.text for e in applied.events)


def test_combat_pool_is_first_on_the_dials_and_victory_at_the_value():
    """"Victory Check": markers at least the Encounter's Value win."""
    state = do(new(), "combat", character=1, value=5)
    assert GAME.tracks(state)[0].key == "combat.pool"
    state = do(state, "adjust", track="combat.pool", delta=4)
    assert state["encounter"]["pool"] == 4
    applied = apply(GAME, state, Command("adjust", {"track": "combat.pool", "delta": 1}))
    assert applied.state["encounter"] is None
    assert applied.state["last_encounter"]["result"] == "won"
    assert any("Victory" in e.text for e in applied.events)


@pytest.mark.parametrize("pool, removed, left, discards", [(2, 5, 0, 3), (0, 1, 0, 1), (0, 2, 0, 2),
                                                          (3, 3, 0, 0), (4, 1, 3, 0)])
def test_combat_pool_never_negative(pool, removed, left, discards):
    """"Other Combat rules", Negative Combat Pool: "The Pool can never go negative. If an
    Attack or effect would remove more markers than exist, the Active Character's
    controller discards one card from their hand per excess point instead (if no cards,
    discard from the deck top)." From an empty Pool too; removing exactly what is there,
    or less, discards nothing."""
    state = do(new(2), "combat", character=1, party=True, value=9)
    state = do(state, "pick_active", character=2)
    if pool:
        state = do(state, "adjust", track="combat.pool", delta=pool)
    applied = apply(GAME, state, Command("adjust", {"track": "combat.pool", "delta": -removed}))
    assert applied.state["encounter"]["pool"] == left
    texts = [e.text for e in applied.events]
    if discards:
        cards = "1 card" if discards == 1 else f"{discards} cards"
        assert texts == [f"Negative Combat Pool: Character 2 discards {cards} from hand (deck top if none)"]
    else:
        assert not any("Negative" in t for t in texts)


def test_negative_combat_pool_between_activations_names_no_one():
    """Negative Combat Pool: "the Active Character's controller discards" - with nobody
    Active (an effect between Activations) the box says so rather than guess; a
    correction by hand below 0 is refused (the Pool "can never go negative")."""
    state = do(new(), "combat", character=1, value=5)
    applied = apply(GAME, state, Command("adjust", {"track": "combat.pool", "delta": -2}))
    assert "the Active Character discards 2 cards" in applied.events[-1].text
    assert refused(state, "correct", track="combat.pool", value=-1).short == "Combat Pool min is 0"


def test_missing_value_counts_as_0():
    state = do(new(), "combat", character=1, value=0)
    state = do(state, "adjust", track="combat.pool", delta=1)
    assert state["last_encounter"]["result"] == "won"


def test_trait_reminders_carry_their_numbers():
    state = do(new(), "combat", character=1, value=6, trait="rush", trait2="horde")
    assert state["encounter"]["traits"] == ["horde", "rush"]
    lines = GAME.view(state).panels[0].lines
    assert any("Rush" in line and "2 Damage" in line for line in lines)
    assert any("Horde" in line and "2 cards" in line for line in lines)


def test_slow_draws_one_extra_card():
    applied = apply(GAME, new(), Command("combat", {"character": 1, "value": 3, "trait": "slow"}))
    assert any("draw 4 cards" in e.text for e in applied.events)


def test_escape_costs_1_energy_and_leaves_the_others_fighting():
    state = do(new(2), "combat", character=1, party=True, value=8)
    state = do(state, "escape", character=1)
    assert _c(state)["energy"] == 4
    assert state["encounter"]["members"] == [1]
    state = do(state, "escape", character=2)
    assert state["encounter"] is None and state["last_encounter"]["result"] == "escaped"


def test_escaping_a_guardian_leaves_it_roaming_where_it_was_triggered():
    state = do(new(), "combat", character=1, value=9, trait="guardian")
    state = do(state, "escape", character=1)
    assert [g["location"] for g in state["guardians"]] == [101]


def test_defeating_a_guardian_removes_it():
    state = edit(new(), lambda s: s["guardians"].append({"id": 4, "name": "Guardian 4", "location": 101}))
    state = do(state, "combat", character=1, value=2, guardian=4)
    state = do(state, "adjust", track="combat.pool", delta=2)
    assert state["guardians"] == []


def test_you_are_dying_leaves_the_encounter():
    state = do(new(2), "combat", character=1, party=True, value=8)
    state = do(state, "adjust", track="c1.health", delta=-6)
    assert state["encounter"]["members"] == [1]


def test_robber_all_at_1_health_lose_all_wealth_and_the_encounter_ends():
    state = edit(new(), lambda s: _c(s)["resources"].update(wealth=7))
    state = do(state, "combat", character=1, value=8, trait="robber")
    state = do(state, "adjust", track="c1.health", delta=-5)
    assert _c(state)["resources"]["wealth"] == 0
    assert state["last_encounter"]["result"] == "lost"


def test_diplomacy_stages_then_victory():
    """"Affinity Check": the highest slot wins the Stage; the marker goes back to the gray slot."""
    state = do(new(), "diplomacy", character=1, top=5, start=2, stages=2)
    assert GAME.tracks(state)[0].key == "diplomacy.affinity"
    state = do(state, "adjust", track="diplomacy.affinity", delta=3)
    assert (state["encounter"]["stage"], state["encounter"]["affinity"]) == (2, 2)
    state = do(state, "adjust", track="diplomacy.affinity", delta=3)
    assert state["last_encounter"]["result"] == "won"


def test_diplomacy_lost_on_the_lowest_slot():
    state = do(new(), "diplomacy", character=1, top=5, start=2, stages=1)
    state = do(state, "adjust", track="diplomacy.affinity", delta=-2)
    assert state["last_encounter"]["result"] == "lost"


def test_diplomacy_gray_slot_must_lie_on_the_track_and_one_encounter_at_a_time():
    before = new()
    with pytest.raises(RuleError):
        do(before, "diplomacy", character=1, top=5, start=5, stages=1)
    state = do(before, "diplomacy", character=1, top=5, start=2, stages=1)
    with pytest.raises(RuleError):
        do(state, "combat", character=1, value=3)
    assert before == copy.deepcopy(before)


def test_run_away_ends_it_without_reward():
    state = do(new(), "combat", character=1, value=8)
    state = do(state, "end_encounter", result="ran away")
    assert state["encounter"] is None and "no Loot" in state["last_encounter"]["text"]


def test_starting_combat_redraw_a_hand_with_one_fewer_card_until_one_is_left():
    """"Starting Combat": "If you dislike your starting hand, you may discard it and
    draw a new hand with one fewer card; repeat until you have only one card left."""
    state = do(new(2), "combat", character=1, party=True, value=7)
    assert state["encounter"]["hands"] == [3, 3]
    applied = apply(GAME, state, Command("redraw", {"character": 1}))
    assert any("Character 1 discards the hand and draws 2 cards" == e.text for e in applied.events)
    state = do(applied.state, "redraw", character=1)
    assert state["encounter"]["hands"] == [1, 3]
    assert any("Character 1 1" in line for line in GAME.view(state).panels[0].lines)
    err = refused(state, "redraw", character=1)
    assert err.short == "Only 1 card left"


def test_only_the_starting_hand_is_redrawn_before_the_first_activation():
    state = do(new(2), "combat", character=1, party=True, value=7, trait="slow")
    assert state["encounter"]["hands"] == [4, 4]  # Slow: an extra card at the start
    state = do(state, "redraw", character=2)
    assert state["encounter"]["hands"] == [4, 3]
    state = do(state, "pick_active", character=1)
    err = refused(state, "redraw", character=2)
    assert err.short == "Only the start hand"
    assert not GAME.commands[[s.name for s in GAME.commands].index("redraw")].available(state)


def test_starting_diplomacy_redraw_down_to_one_card():
    """"Starting Diplomacy": "you may discard and redraw a hand with one fewer card,
    down to one card"; with 4 Characters the hand starts at 2."""
    state = do(new(4), "diplomacy", character=1, party=True, top=5, start=2, stages=1)
    assert state["encounter"]["hands"] == [2, 2, 2, 2]
    state = do(state, "redraw", character=3)
    assert state["encounter"]["hands"] == [2, 2, 1, 2]
    with pytest.raises(RuleError):
        do(state, "redraw", character=3)
    with pytest.raises(RuleError):  # not in it
        do(do(new(2), "diplomacy", character=1, top=5, start=2, stages=1), "redraw", character=2)


def test_you_are_dying_ends_a_diplomacy():
    """"Other Diplomacy rules": "You Are Dying - if your Health drops to 0, the 'You
    Are Dying' card immediately ends the Encounter" (in Combat it only "removes you
    from the current Encounter")."""
    state = do(new(2), "diplomacy", character=1, party=True, top=5, start=2, stages=1)
    state = do(state, "adjust", track="c2.health", delta=-6)
    assert state["encounter"] is None
    assert state["last_encounter"]["result"] == "ended"
    assert "Character 2: You Are Dying" in state["last_encounter"]["text"]


def test_a_party_escapes_a_diplomacy_together_paying_the_failure_cost():
    """"Escaping or Avoiding Diplomacy": "A Party may Escape at any point by applying
    the Failure penalty to each member"; "the whole Party Avoids or Fails together"."""
    state = do(new(2), "diplomacy", character=1, party=True, top=5, start=2, stages=1)
    state = do(state, "escape", character=2)
    assert state["encounter"] is None and state["last_encounter"]["result"] == "escaped"
    assert "each member pays the Failure cost" in state["last_encounter"]["text"]
    assert [c["energy"] for c in state["characters"]] == [5, 5]  # no Energy, unlike Combat


def test_avoid_only_a_diplomacy_at_the_very_start():
    """"Escaping or Avoiding Diplomacy": "you may Avoid only at the very start, before
    drawing cards ... Once Diplomacy begins you can't Avoid." Combat has no Avoid."""
    fresh = do(new(), "diplomacy", character=1, top=5, start=2, stages=1)
    assert do(fresh, "end_encounter", result="avoided")["last_encounter"]["result"] == "avoided"
    for late in (do(fresh, "redraw", character=1), do(fresh, "pick_active", character=1),
                 do(new(), "combat", character=1, value=4)):
        before = copy.deepcopy(late)
        with pytest.raises(RuleError) as err:
            do(late, "end_encounter", result="avoided")
        assert err.value.short == "Too late to Avoid" and late == before


def test_no_trade_and_no_action_while_an_encounter_is_resolved():
    """Food and Wealth are traded by Characters "not involved in an Action or
    Encounter" (III) End of the Day, Rest; "Resources"); a Character Action is
    "usable only outside Encounters", and Actions are taken one at a time
    (II) During the Day)."""
    state = edit(new(2), lambda s: s["characters"][0]["resources"].update(food=3))
    state = do(state, "combat", character=1, value=6)
    before = copy.deepcopy(state)
    for name, params in (("trade", {"giver": 1, "taker": 2, "resource": "food", "amount": 1}),
                         ("travel", {"character": 2, "direction": "north"}),
                         ("explore", {"character": 1}),
                         ("action", {"character": 1, "energy": 1, "kind": "character"}),
                         ("pass_day", {"character": 2})):
        with pytest.raises(RuleError):
            do(state, name, **params)
        assert state == before
    state = do(state, "end_encounter", result="won")
    assert do(state, "trade", giver=1, taker=2, resource="food", amount=1)["characters"][1][
        "resources"]["food"] == 1


@pytest.mark.parametrize("kind, params", [("combat", {"value": 6}),
                                          ("diplomacy", {"top": 5, "start": 2, "stages": 1})])
def test_a_member_who_panics_plays_the_top_card_first_and_draws_none(kind, params):
    """"Other Combat rules", Panic: "anytime your Terror is higher than your Health
    ... draw and immediately play a card from the top of your Combat deck ... do not
    draw a new card at End of Turn"; "Other Diplomacy rules": "Panic - as in Combat"."""
    state = do(do(new(), "correct", track="c1.terror", value=7), kind, character=1, **params)
    lines = GAME.view(state).panels[0].lines
    assert "Character 1 Panics: top card first, no draw at End of Turn" in lines
    applied = apply(GAME, state, Command("pick_active", {"character": 1}))
    assert "Character 1 Panics: play the top card of the deck first" in [e.text for e in applied.events]
    calm = do(new(), kind, character=1, **params)
    assert not any("Panics" in line for line in GAME.view(calm).panels[0].lines)


# --- issue 23: the Encounter rules the readers found the box deviating from -----------------


def _guardian_on(state, location, gid=1):
    return edit(state, lambda s: s["guardians"].append(
        {"id": gid, "name": f"Guardian {gid}", "location": location}))


def test_a_missing_value_wins_at_step_d_of_the_first_activation_only():
    """"The Encounter card": "Encounter Value - the number of Combat Pool markers you need
    to win (treat a missing Value as 0)"; "Character Activation": "c) Check for
    Opportunity attack ... d) Perform the Victory Check."

    Not before: starting the Combat and picking the Active Character leave it running.
    With two members, the first Activation's step d wins; the second is never Activated."""
    state = do(new(2), "combat", character=1, party=True, value=0)
    state = do(state, "pick_active", character=2)
    assert state["encounter"] is not None
    state = do(state, "end_activation", cards=2)
    assert state["encounter"] is None and state["last_encounter"]["result"] == "won"
    assert state["last_encounter"]["text"].startswith("Victory (0/0)")


def test_a_missing_value_is_not_won_by_a_member_the_opportunity_attack_kills():
    """"Character Activation" c): "If you played no card this Activation, the enemy
    immediately makes an Opportunity attack" - before d) the Victory Check. An attack
    that takes the only member to 0 Health removes them ("You Are Dying ... immediately
    removes you from the current Encounter"): nobody is left to win it."""
    state = do(new(), "combat", character=1, value=0, opp_damage=6)
    state = do(state, "pick_active", character=1)
    state = do(state, "end_activation", cards=0)
    assert state["encounter"] is None and state["last_encounter"]["result"] == "lost"


def test_a_pool_below_the_value_at_step_d_goes_on_to_the_enemy_attack():
    """"Victory Check": "If they are at least the Encounter's Value, you win ... Otherwise
    continue." One marker short of 4 at step d: the Enemy Attack follows."""
    state = do(new(), "combat", character=1, value=4)
    state = do(state, "pick_active", character=1)
    state = do(state, "adjust", track="combat.pool", delta=3)
    applied = apply(GAME, state, Command("end_activation", {"cards": 1}))
    assert applied.state["encounter"]["turn"] == 2
    assert "Enemy Attack by the Pool" in [e.text for e in applied.events]


@pytest.mark.parametrize("ending", ["lost", "escaped by all", "all dying", "death"])
def test_a_new_guardian_not_defeated_roams_from_where_it_was_triggered(ending):
    """"Combat Encounter Traits": "Guardian - if not defeated, this Encounter roams the
    map"; "Guardians": "place its card on the Location where you triggered it."

    Two Characters on 104 draw a Guardian; however it ends without a defeat (a loss, both
    Escape, both Dying, one dies and the other is Dying), a Guardian stands on 104."""
    state = standing(new(2), 104)
    state = do(state, "combat", character=1, party=True, value=9, trait="guardian")
    if ending == "lost":
        state = do(state, "end_encounter", result="lost")
    elif ending == "escaped by all":
        state = do(do(state, "escape", character=1), "escape", character=2)
    elif ending == "all dying":
        state = do(do(state, "adjust", track="c1.health", delta=-6), "adjust", track="c2.health", delta=-6)
    else:
        state = do(do(state, "death", character=1, then="decline"), "adjust", track="c2.health", delta=-6)
    assert state["encounter"] is None
    assert [g["location"] for g in state["guardians"]] == [104]
    assert "roams" in state["last_encounter"]["text"]


def test_a_guardian_that_runs_away_goes_to_the_bottom_of_its_deck():
    """"Escaping Combat / Run Away": "Some creatures have a Run Away attack: it immediately
    ends the Encounter and puts the card on the bottom of its deck." A Guardian's card too:
    a new one is not placed, one on the map leaves it."""
    state = do(new(), "combat", character=1, value=9, trait="guardian")
    assert do(state, "end_encounter", result="ran away")["guardians"] == []
    state = do(_guardian_on(new(), 101), "combat", character=1, value=9, guardian=1)
    assert do(state, "end_encounter", result="ran away")["guardians"] == []


def test_a_guardian_on_the_map_lost_to_stays_and_is_not_doubled():
    """"Guardians": "Once defeated, put its card on the bottom of its deck" - a loss is no
    defeat, and the Guardian already on the map is the same card: still one, where it was."""
    state = do(_guardian_on(new(), 101, gid=5), "combat", character=1, value=9, guardian=5)
    state = do(state, "end_encounter", result="lost")
    assert [(g["id"], g["location"]) for g in state["guardians"]] == [(5, 101)]


def test_every_character_on_a_guardians_location_fights_it_at_dawn_the_dead_do_not():
    """"Guardians": "If a Guardian stays in a Location with Characters present, immediately
    start the Encounter (all Characters there must fight together)." Four Characters: 1, 2
    and 4 on 102 with the Guardian, 3 on 101. At the Start of the Day, named by any of them,
    with or without the Party, the Combat has all three; with 2 dead, the two living."""
    state = standing(_guardian_on(new(4), 102), 102, 1, 2, 4)
    state = next_until(state, "start-of-day.guardian")
    state = do(state, "guardian_roll", face="nothing")
    for named, party in ((4, False), (1, True)):
        assert do(state, "combat", character=named, party=party, value=6,
                  guardian=1)["encounter"]["members"] == [0, 1, 3]
    state = do(state, "death", character=2, then="decline")
    assert do(state, "combat", character=1, value=6, guardian=1)["encounter"]["members"] == [0, 3]


def test_during_the_day_the_party_that_travelled_fights_those_there_may_join():
    """"Travel": "In a Party: any automatic Action or Guardian Encounter triggered by the new
    Location is resolved as a Party"; "II) During the Day": "Two Characters in the same
    Location may join an Action even if they did not start it together, right before an
    Automatic Action or Guardian Encounter triggers." Characters 1 and 2 travel as a Party
    onto 102, where Character 3 stands with Guardian 1 (escaped earlier); 4 is on 105. 1 and
    2 fight it, named by either; 3 joins only with *everyone here*; 3 alone is only 3."""
    state = standing(standing(_guardian_on(new(4), 102), 102, 3), 105, 4)
    state = do(state, "travel", character=1, direction="north", party=True)
    assert [c["location"] for c in state["characters"]] == [102, 102, 102, 105]
    for named in (1, 2):
        assert do(state, "combat", character=named, value=6, guardian=1)["encounter"]["members"] == [0, 1]
    assert do(state, "combat", character=1, party=True, value=6,
              guardian=1)["encounter"]["members"] == [0, 1, 2]
    assert do(state, "combat", character=3, value=6, guardian=1)["encounter"]["members"] == [2]


def test_a_guardian_is_fought_where_it_stands():
    """"Guardians": the Encounter starts where the Guardian and the Characters meet; a
    Character on another Location cannot start it (the Guardian is on 102, they on 101)."""
    state = _guardian_on(new(), 102)
    err = refused(state, "combat", character=1, value=6, guardian=1)
    assert err.short == "Guardian 1 not here"
    err = refused(state, "combat", character=1, value=6, guardian=2)
    assert err.short == "No Guardian 2"


def test_a_party_in_combat_is_kept_by_place_in_the_party():
    """"Starting Combat": the Party members in the order of the Characters (the Encounter
    panel and Pick the Active Character list them so), whoever drew the card."""
    state = do(new(3), "combat", character=3, party=True, value=6)
    assert state["encounter"]["members"] == [0, 1, 2]


def test_challenge_a_guardian_escaped_on_the_grail_roams_a_skull_keeps_the_fight():
    """"Challenge Mode", Escaping Combat: "toss a Dial - Skull: you remain in Combat; Grail:
    you Escape"; "Guardians": "If you Escape a Guardian, place its card on the Location
    where you triggered it." On 105: Skull - still fighting, no Guardian placed yet; Grail -
    the Guardian stays on 105."""
    state = standing(new(mode="challenge"), 105)
    state = do(state, "combat", character=1, value=9, trait="guardian")
    state = do(do(state, "escape", character=1), "escape_toss", toss="skull")
    assert state["encounter"] is not None and state["guardians"] == []
    state = do(do(state, "end_activation", cards=1), "escape", character=1)
    state = do(state, "escape_toss", toss="grail")
    assert [g["location"] for g in state["guardians"]] == [105]


@pytest.mark.parametrize("stages, delta, stage, result", [(2, 9, 2, None), (1, 9, None, "won"),
                                                          (2, -9, None, "lost")])
def test_affinity_arrows_past_an_end_stop_on_it(stages, delta, stage, result):
    """"Up / Down arrow - move the marker up or down the Affinity track"; "Affinity Check":
    "On the lowest slot - you lose the Encounter"; "On the highest slot - you win the
    current Stage." More arrows than slots left stop on the end slot: the Stage is won (the
    marker back on gray 2), the last Stage wins the Encounter, the bottom loses it."""
    state = do(new(), "diplomacy", character=1, top=5, start=2, stages=stages)
    state = do(state, "adjust", track="diplomacy.affinity", delta=delta)
    if result is None:
        assert (state["encounter"]["stage"], state["encounter"]["affinity"]) == (stage, 2)
    else:
        assert state["encounter"] is None and state["last_encounter"]["result"] == result
