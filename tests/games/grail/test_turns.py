"""Combat and Diplomacy Turns and Activations ("Combat Turn", "Diplomacy Turn"),
Rush and the Opportunity attack ("Combat Encounter Traits", "Escaping Combat /
Run Away") and Challenge mode's Escape Dial toss ("Challenge Mode")."""

import copy

import pytest

from games.core import Command, RuleError, apply
from games.core.context import current_step
from tests.games.grail.helpers import GAME, do, new, refused, step_id


def _c(state, i=0):
    return state["characters"][i]


def _enc(state):
    return state["encounter"]


def test_a_turn_ends_when_every_member_has_been_activated():
    """"Check Readiness": all Party members Activated (Time Tokens) -> End Turn,
    Clear Activations, a new Turn."""
    state = do(new(2), "combat", character=1, party=True, value=9)
    assert (_enc(state)["turn"], _enc(state)["active"], _enc(state)["activated"]) == (1, None, [])
    state = do(state, "pick_active", character=2)
    assert (_enc(state)["active"], _enc(state)["activated"]) == (1, [1])
    state = do(state, "end_activation", cards=2)
    assert (_enc(state)["turn"], _enc(state)["active"]) == (1, None)
    state = do(state, "pick_active", character=1)
    applied = apply(GAME, state, Command("end_activation", {"cards": 1}))
    assert (_enc(applied.state)["turn"], _enc(applied.state)["activated"]) == (2, [])
    assert any("End of Turn 1" in e.text and "discard down to 3" in e.text for e in applied.events)


def test_only_a_member_not_yet_activated_can_be_picked_one_at_a_time():
    state = do(new(2), "combat", character=1, party=True, value=9)
    state = do(state, "pick_active", character=1)
    for cmd in (Command("pick_active", {"character": 2}),):  # someone is Active
        with pytest.raises(RuleError):
            apply(GAME, state, cmd)
    state = do(state, "end_activation", cards=1)
    refused(state, "pick_active", character=1)  # already has a Time Token this Turn
    with pytest.raises(RuleError):
        do(state, "end_activation", cards=1)  # nobody Active


def test_rush_deals_2_damage_to_the_first_character_activated_only():
    """Rush: "the first Character Activated receives 2 Damage at the start of their
    first Activation"."""
    state = do(new(2), "combat", character=1, party=True, value=9, trait="rush")
    state = do(state, "pick_active", character=2)
    assert (_c(state, 1)["health"], _c(state, 0)["health"]) == (4, 6)
    assert _c(state, 1)["energy"] == 4  # Energy pushed down with Health (Survival Tracks)
    state = do(state, "end_activation", cards=1)
    state = do(state, "pick_active", character=1)
    assert _c(state, 0)["health"] == 6


def test_rush_can_kill_the_first_activated_out_of_the_encounter():
    state = do(new(2), "combat", character=1, party=True, value=9, trait="rush")
    state = do(state, "correct", track="c2.energy", value=2)
    state = do(state, "correct", track="c2.health", value=2)
    state = do(state, "pick_active", character=2)
    assert _c(state, 1)["health"] == 0 and _enc(state)["members"] == [0]
    assert _enc(state)["active"] is None


def test_no_card_played_triggers_the_opportunity_attack_with_the_cards_numbers():
    """Playing Cards c): "If you played no card this Activation, the enemy immediately
    makes an Opportunity attack, then you draw a card"."""
    state = do(new(), "combat", character=1, value=9, opp_damage=1, opp_terror=2)
    state = do(state, "pick_active", character=1)
    played = do(state, "end_activation", cards=1)
    assert (_c(played)["health"], _c(played)["terror"]) == (6, 0)
    applied = apply(GAME, state, Command("end_activation", {"cards": 0}))
    assert (_c(applied.state)["health"], _c(applied.state)["terror"]) == (5, 2)
    assert any("draws a card" in e.text for e in applied.events)


def test_opportunist_triggers_it_below_2_cards_and_fast_allows_2_at_most():
    state = do(new(), "combat", character=1, value=9, trait="opportunist", trait2="fast", opp_damage=2)
    state = do(state, "pick_active", character=1)
    assert _c(do(state, "end_activation", cards=1))["health"] == 4
    assert _c(do(state, "end_activation", cards=2))["health"] == 6
    with pytest.raises(RuleError):
        do(state, "end_activation", cards=3)


def test_opportunist_with_no_card_played_still_draws_a_card():
    """Playing Cards c): "If you played no card this Activation, the enemy immediately
    makes an Opportunity attack, then you draw a card"; Opportunist ("if a Character
    doesn't play at least 2 Combat cards in step 2, trigger the Opportunity attack")
    widens when the attack comes, it does not take the draw away. One attack, then
    the draw."""
    state = do(new(), "combat", character=1, value=9, trait="opportunist", opp_damage=1)
    state = do(state, "pick_active", character=1)
    applied = apply(GAME, state, Command("end_activation", {"cards": 0}))
    assert _c(applied.state)["health"] == 5  # one Opportunity attack, not two
    assert any("Character 1 draws a card" in e.text for e in applied.events)
    one = apply(GAME, state, Command("end_activation", {"cards": 1}))
    assert _c(one.state)["health"] == 5
    assert not any("draws a card" in e.text for e in one.events)


def test_no_draw_for_a_character_the_opportunity_attack_sends_dying():
    """"You Are Dying": at 0 Health "the card immediately removes you from the
    current Encounter" - before the draw of Playing Cards c)."""
    state = do(new(2), "combat", character=1, party=True, value=9, opp_damage=6)
    state = do(state, "pick_active", character=1)
    applied = apply(GAME, state, Command("end_activation", {"cards": 0}))
    assert _c(applied.state)["health"] == 0 and _enc(applied.state)["members"] == [1]
    assert not any("draws a card" in e.text for e in applied.events)


def test_opportunity_without_numbers_is_left_to_the_players():
    state = do(new(), "combat", character=1, value=9)
    state = do(state, "pick_active", character=1)
    applied = apply(GAME, state, Command("end_activation", {"cards": 0}))
    assert _c(applied.state)["health"] == 6
    assert any("resolve it from the card" in e.text for e in applied.events)


def test_escape_costs_1_energy_and_the_opportunity_attack():
    """"Escaping Combat": lose 1 Energy, trigger the Opportunity attack, leave."""
    state = do(new(2), "combat", character=1, party=True, value=9, opp_damage=2)
    state = do(state, "escape", character=1)  # nobody Active: they become Active to Escape
    assert (_c(state)["energy"], _c(state)["health"]) == (4, 4)
    assert _enc(state)["members"] == [1] and _enc(state)["activated"] == [0]


def test_only_the_active_character_may_escape():
    state = do(new(2), "combat", character=1, party=True, value=9)
    state = do(state, "pick_active", character=2)
    err = refused(state, "escape", character=1)
    assert err.short == "Only Active escapes"


def test_the_last_to_leave_ends_the_turn_for_the_rest():
    state = do(new(2), "combat", character=1, party=True, value=9)
    state = do(state, "pick_active", character=1)
    state = do(state, "end_activation", cards=1)
    state = do(state, "escape", character=2)
    assert _enc(state)["members"] == [0] and _enc(state)["turn"] == 2


def _challenge_escape():
    state = do(new(mode="challenge"), "combat", character=1, value=8)
    return do(state, "escape", character=1)


def test_challenge_escape_opens_a_dial_toss_prompt_with_the_tray_armed():
    state = _challenge_escape()
    assert step_id(state) == "escape-toss.toss"
    assert current_step(GAME, state).dice(state) == (1, "dial")
    assert _c(state)["energy"] == 4  # the Energy is paid before the toss
    assert GAME.view(state).step_kind == "prompt"


def test_challenge_dial_grail_escapes_and_the_day_resumes():
    state = do(_challenge_escape(), "escape_toss", dice=[{"kind": "dial", "face": "Grail"}])
    assert state["encounter"] is None and state["last_encounter"]["result"] == "escaped"
    assert step_id(state) == "day.actions"


def test_challenge_dial_skull_stays_and_escape_is_once_per_activation():
    state = do(_challenge_escape(), "escape_toss", toss="skull")
    assert _enc(state)["members"] == [0] and step_id(state) == "day.actions"
    err = refused(state, "escape", character=1)
    assert err.short == "Escape once/Activation"
    state = do(state, "end_activation", cards=1)  # the Turn ends; a new Activation may Escape
    state = do(state, "escape", character=1)
    assert step_id(state) == "escape-toss.toss"


def test_a_wrong_roll_for_the_dial_is_refused_and_the_prompt_stays():
    state = _challenge_escape()
    before = copy.deepcopy(state)
    for dice in ([{"kind": "d6", "face": 1}], [{"kind": "dial", "face": "Grail"}] * 2,
                 [{"kind": "dial", "face": "Moon"}]):
        with pytest.raises(RuleError):
            do(state, "escape_toss", dice=dice)
    assert state == before


def test_the_virtual_toss_is_seeded_and_the_toss_answers_only_its_prompt():
    state = _challenge_escape()
    assert do(state, "escape_toss") == do(state, "escape_toss")
    with pytest.raises(RuleError):
        do(new(), "escape_toss", toss="grail")


def test_a_running_encounter_of_schema_2_gains_its_turn_fields():
    from games.core.engine import migrate

    state = do(new(), "combat", character=1, value=5)
    old = copy.deepcopy(state)
    old["schema"] = 2
    for key in ("turn", "active", "activated", "activations", "escape_tried", "opportunity"):
        del old["encounter"][key]
    assert migrate(GAME, old) == state


def test_a_character_who_dies_leaves_the_encounter():
    """"Death and Insanity": a dead Character fights no more; the others go on."""
    state = do(new(2), "combat", character=1, party=True, value=9)
    state = do(state, "pick_active", character=1)
    state = do(state, "death", character=1, then="decline")
    assert _enc(state)["members"] == [1] and _enc(state)["active"] is None


def test_a_diplomacy_turn_has_no_opportunity_attack_and_ends_when_all_are_activated():
    """"Diplomacy Turn": Pick the Active Character, Character Activation (the Affinity
    Check), the Opponent's Response, Check Readiness - "as in Combat"; there is no
    Opportunity attack in Diplomacy (Playing Cards c) is Combat's)."""
    state = do(new(2), "diplomacy", character=1, party=True, top=5, start=2, stages=1)
    state = do(state, "pick_active", character=2)
    applied = apply(GAME, state, Command("end_activation", {"cards": 0}))
    assert any(e.text == "Opponent's Response for the Stage" for e in applied.events)
    assert not any("Opportunity" in e.text for e in applied.events)
    state = do(applied.state, "pick_active", character=1)
    state = do(state, "end_activation", cards=1)
    assert (_enc(state)["turn"], _enc(state)["activated"]) == (2, [])


def test_the_lowest_character_number_becomes_active_if_they_cannot_agree():
    """"Combat Turn", I: "If they can't agree, the lowest Character Number becomes
    Active": the form starts on them, by Character Number."""
    state = do(new(3), "combat", character=1, party=True, value=9)
    state = do(state, "correct", track="c1.number", value=7)
    spec = next(s for s in GAME.commands if s.name == "pick_active")
    assert spec.resolved_params(state)[0].initial() == 2
    state = do(state, "pick_active", character=2)
    state = do(state, "end_activation", cards=1)
    assert spec.resolved_params(state)[0].initial() == 3


# --- issue 23: a Diplomacy Stage won before the last ends the Activation ---------------------


def test_a_stage_won_during_an_activation_ends_it_without_the_opponents_response():
    """"Affinity Check": "On the highest slot - you win the current Stage. ... If not the last
    Stage, begin the next Stage: move the marker to the gray slot, place a marker on the
    completed Stage, and go to Check Readiness." Check Readiness: "Otherwise return to Pick
    the Active Character."

    Three members, Character 2 Active wins Stage 1 of 3: marker on the gray slot 2, nobody
    Active, Character 2 keeps the Time Token, no Opponent's Response; the Turn goes on."""
    state = do(new(3), "diplomacy", character=1, party=True, top=6, start=2, stages=3)
    state = do(state, "pick_active", character=2)
    applied = apply(GAME, state, Command("adjust", {"track": "diplomacy.affinity", "delta": 4}))
    enc = applied.state["encounter"]
    assert (enc["stage"], enc["affinity"], enc["active"], enc["activated"], enc["turn"]) == \
        (2, 2, None, [1], 1)
    texts = [e.text for e in applied.events]
    assert "Character 2's Activation ends (Check Readiness)" in texts[-1]
    assert not any("Response" in t for t in texts)
    assert refused(applied.state, "end_activation", cards=1).short == "Pick the Active first"


def test_the_last_member_winning_a_stage_ends_the_turn():
    """"Check Readiness": "If all Party Members have been Activated (Time Tokens on their
    Trays), go to End Turn." The second of two members wins Stage 2 of 3: Turn 2 begins
    with no Time Tokens, at the gray slot, Stage 3."""
    state = do(new(2), "diplomacy", character=1, party=True, top=5, start=3, stages=3)
    state = do(state, "pick_active", character=1)
    state = do(state, "adjust", track="diplomacy.affinity", delta=2)  # Stage 1 won
    state = do(state, "pick_active", character=2)
    state = do(state, "adjust", track="diplomacy.affinity", delta=2)  # Stage 2 won
    enc = state["encounter"]
    assert (enc["stage"], enc["affinity"], enc["active"], enc["activated"], enc["turn"]) == \
        (3, 3, None, [], 2)


def test_a_stage_won_by_the_response_after_the_activation_only_resets_the_marker():
    """"Opponent's Response - ... then perform the Affinity Check"; a Stage won then goes
    to Check Readiness, which has already run for the Activation just ended: the marker is
    on the gray slot and the Turn stands as it was."""
    state = do(new(2), "diplomacy", character=1, party=True, top=5, start=2, stages=2)
    state = do(do(state, "pick_active", character=1), "end_activation", cards=1)
    state = do(state, "adjust", track="diplomacy.affinity", delta=3)
    enc = state["encounter"]
    assert (enc["stage"], enc["affinity"], enc["active"], enc["activated"], enc["turn"]) == \
        (2, 2, None, [0], 1)


# --- schema 6: the member Activated last --------------------------------------------------


def test_the_enemy_attack_after_the_last_activation_of_a_turn_is_that_members():
    """"Enemy Attack ... apply its result to the Active Character"; "Negative Combat Pool":
    "the Active Character's controller discards one card from their hand per excess point".
    Character 1 then Character 2 are Activated: Character 2's Activation done ends Turn 1
    (Time Tokens cleared), and its Enemy Attack, removing 3 from a Pool of 1, is theirs -
    Character 2 discards 2. Once they have left (You Are Dying) nobody is named."""
    state = do(new(2), "combat", character=1, party=True, value=9)
    state = do(do(state, "pick_active", character=1), "end_activation", cards=1)
    state = do(do(state, "pick_active", character=2), "adjust", track="combat.pool", delta=1)
    state = do(state, "end_activation", cards=1)
    assert (_enc(state)["turn"], _enc(state)["activated"], _enc(state)["last_active"]) == (2, [], 1)
    applied = apply(GAME, state, Command("adjust", {"track": "combat.pool", "delta": -3}))
    assert applied.events[-1].text.startswith("Negative Combat Pool: Character 2 discards 2 cards")
    state = do(state, "adjust", track="c2.health", delta=-6)
    applied = apply(GAME, state, Command("adjust", {"track": "combat.pool", "delta": -3}))
    assert "the Active Character discards 2 cards" in applied.events[-1].text


@pytest.mark.parametrize("active, activated, expected", [(0, [1, 0], 0), (None, [1, 0], 0),
                                                         (None, [], None)])
def test_a_running_encounter_of_schema_5_learns_who_was_activated_last(active, activated, expected):
    """Schema 6 (docs/JOURNAL.md, "Updates"): a saved Encounter gains ``last_active`` - the
    Active Character, else the last with a Time Token this Turn, else nobody (a Turn that
    just ended has cleared them); the commands are unchanged, so no command migration."""
    from games.core.engine import migrate
    from games.grail.state import MIGRATIONS, SCHEMA_VERSION

    assert SCHEMA_VERSION == 6 and 5 in MIGRATIONS
    state = do(new(2), "combat", character=1, party=True, value=9)
    old = copy.deepcopy(state)
    old["schema"] = 5
    old["encounter"].update(active=active, activated=activated)
    del old["encounter"]["last_active"]
    assert migrate(GAME, old)["encounter"]["last_active"] == expected
    calm = copy.deepcopy(new())
    calm["schema"] = 5
    assert migrate(GAME, calm)["encounter"] is None
