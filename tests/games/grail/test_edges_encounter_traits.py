"""Edges of the Combat and Diplomacy Turn details: the starting hand and its redraw, picking
the Active Character, step c) and its Opportunity attack, Panic, the Traits the box applies
(Rush, Fast, Opportunist, Slow) and Avoiding a Diplomacy, each expected value read from the
rulebook alone (rules/tainted-grail.md)."""

import pytest

from games.core import Command, apply
from tests.games.grail.helpers import GAME, do, new, refused


def _c(state, i=0):
    return state["characters"][i]


def _enc(state):
    return state["encounter"]


def _texts(applied) -> list[str]:
    return [e.text for e in applied.events]


def test_four_characters_redraw_from_2_to_1_and_no_further():
    """"Starting Combat": "2 cards if there are 4 Characters in Combat. If you dislike your
    starting hand, you may discard it and draw a new hand with one fewer card; repeat until
    you have only one card left." 2 -> 1, then no more."""
    state = do(new(4), "combat", character=1, party=True, value=9)
    state = do(state, "redraw", character=4)
    assert _enc(state)["hands"] == [2, 2, 2, 1]
    refused(state, "redraw", character=4)


def test_a_slow_starting_hand_has_the_extra_card_even_with_four():
    """"Slow - at the start of Combat each member draws an extra card" on top of "2 cards if
    there are 4 Characters in Combat": 3 each; alone, 3 + 1 = 4."""
    assert _enc(do(new(4), "combat", character=1, party=True, value=9, trait="slow"))["hands"] == [3] * 4
    assert _enc(do(new(), "combat", character=1, value=9, trait="slow"))["hands"] == [4]


def test_slow_draws_an_extra_card_at_end_of_turn():
    """"Slow - ... at End of Turn each member draws an extra card." End Turn: "Draw 1 card
    each" - with Slow, 2."""
    state = do(new(), "combat", character=1, value=9, trait="slow")
    state = do(state, "pick_active", character=1)
    applied = apply(GAME, state, Command("end_activation", {"cards": 1}))
    assert any("End of Turn" in t and "draw 2" in t for t in _texts(applied))


def test_a_member_removed_by_you_are_dying_cannot_be_picked():
    """"Combat Turn" I: "Party members choose the next Active Character from those not yet
    Activated this Turn"; "You Are Dying ... immediately removes you from the current
    Encounter". Character 1 at 0 Health is no longer among them."""
    state = do(new(2), "combat", character=1, party=True, value=9)
    state = do(state, "adjust", track="c1.health", delta=-6)
    refused(state, "pick_active", character=1)
    assert _enc(do(state, "pick_active", character=2))["active"] == 1


@pytest.mark.parametrize("trait, cards, health, draws", [
    ("none", 0, 4, True),          # c): no card played: the attack, then a draw
    ("none", 1, 6, False),         # a card played: no attack
    ("opportunist", 1, 4, False),  # Opportunist: fewer than 2 cards: the attack
    ("opportunist", 2, 6, False),  # 2 cards: none
])
def test_the_opportunity_attack_of_step_c(trait, cards, health, draws):
    """"c) Check for Opportunity attack. If you played no card this Activation, the enemy
    immediately makes an Opportunity attack, then you draw a card." "Opportunist - if a
    Character doesn't play at least 2 Combat cards in step 2, trigger the Opportunity
    attack." The card's Opportunity attack here: 2 Damage (Health 6)."""
    state = do(new(), "combat", character=1, value=9, trait=trait, opp_damage=2)
    state = do(state, "pick_active", character=1)
    applied = apply(GAME, state, Command("end_activation", {"cards": cards}))
    assert _c(applied.state)["health"] == health
    assert any("draws a card" in t for t in _texts(applied)) == draws


def test_fast_allows_2_cards_and_refuses_3():
    """"Fast - each Character can play at most 2 Combat cards per Activation." """
    state = do(new(), "combat", character=1, value=9, trait="fast")
    state = do(state, "pick_active", character=1)
    assert _enc(do(state, "end_activation", cards=2))["turn"] == 2
    refused(state, "end_activation", cards=3)


def test_rush_hits_only_the_first_activation_of_the_combat():
    """"Rush - the first Character Activated receives 2 Damage at the start of their first
    Activation." Alone: 2 Damage in Turn 1, none in Turn 2."""
    state = do(new(), "combat", character=1, value=9, trait="rush")
    state = do(state, "pick_active", character=1)
    assert _c(state)["health"] == 4
    state = do(do(state, "end_activation", cards=1), "pick_active", character=1)
    assert _c(state)["health"] == 4


def test_rush_at_2_health_sends_the_first_activated_dying():
    """"Rush - ... receives 2 Damage"; "You Are Dying. If your Health drops to 0, ...
    immediately removes you from the current Encounter." Alone at 2 Health: the Combat is
    over before any card."""
    state = do(new(), "correct", track="c1.energy", value=2)
    state = do(state, "correct", track="c1.health", value=2)
    state = do(do(state, "combat", character=1, value=9, trait="rush"), "pick_active", character=1)
    assert _c(state)["health"] == 0 and _enc(state) is None


def test_panic_only_when_terror_is_above_health_at_the_activation():
    """"Panic. Panic occurs anytime your Terror is higher than your Health ... instead of
    playing your first card in step 2, draw and immediately play a card from the top of your
    Combat deck". Terror 6 = Health 6: no Panic; Terror 7: Panic."""
    for terror, panics in ((6, False), (7, True)):
        state = do(new(), "correct", track="c1.terror", value=terror)
        state = do(state, "combat", character=1, value=9)
        applied = apply(GAME, state, Command("pick_active", {"character": 1}))
        assert any("Panic" in t for t in _texts(applied)) == panics


def test_no_panic_in_story_mode_without_the_health_limiter():
    """"Story Mode": "Health Limiter - remove the plastic Health limiter and use a regular
    marker; Health no longer limits Energy and you won't Panic." """
    state = do(new(mode="story"), "correct", track="c1.terror", value=8)
    state = do(state, "diplomacy", character=1, top=5, start=2, stages=1)
    applied = apply(GAME, state, Command("pick_active", {"character": 1}))
    assert not any("Panic" in t for t in _texts(applied))


def test_a_party_avoids_a_diplomacy_only_at_the_very_start():
    """"Escaping or Avoiding Diplomacy": "you may Avoid only at the very start, before drawing
    cards ... Once Diplomacy begins you can't Avoid"; "the whole Party Avoids or Fails
    together". Avoided at once by a Party of two: it is over for both; after a redraw:
    refused."""
    state = do(new(2), "diplomacy", character=1, party=True, top=5, start=2, stages=1)
    avoided = do(state, "end_encounter", result="avoided")
    assert _enc(avoided) is None and avoided["last_encounter"]["result"] == "avoided"
    refused(do(state, "redraw", character=2), "end_encounter", result="avoided")


def test_a_diplomacy_is_escaped_by_the_whole_party_at_no_energy():
    """"A Party may Escape at any point by applying the Failure penalty to each member." Not
    Combat's Escape: no Energy lost, and nobody stays behind."""
    state = do(new(3), "diplomacy", character=1, party=True, top=5, start=2, stages=2)
    state = do(state, "pick_active", character=3)
    state = do(state, "escape", character=3)
    assert _enc(state) is None and [c["energy"] for c in state["characters"]] == [5, 5, 5]


def test_robber_counts_only_the_members_still_fighting():
    """"Robber - when all Party members drop to 1 Health or less, they lose all Wealth and
    discard all Items; then the Encounter ends"; "Escaping Combat": "an Escaping Active
    Character ... leaves". Character 2 has Escaped; Character 1, the only member left, at 1
    Health: the Robber takes Character 1's Wealth only and the Encounter ends."""
    state = do(new(2), "correct", track="c1.wealth", value=4)
    state = do(state, "correct", track="c2.wealth", value=4)
    state = do(state, "combat", character=1, party=True, value=9, trait="robber")
    state = do(state, "escape", character=2)
    state = do(state, "adjust", track="c1.health", delta=-5)
    assert _enc(state) is None and state["last_encounter"]["result"] == "lost"
    assert [c["resources"]["wealth"] for c in state["characters"]] == [0, 4]


def test_rush_hits_the_first_activated_even_when_they_escape_at_once():
    """"Rush - the first Character Activated receives 2 Damage at the start of their first
    Activation"; "A player may Escape at any time during their Activation". Character 2
    Escapes as the first Activated: the Rush's 2 Damage first, then the Escape's 1 Energy."""
    state = do(new(2), "combat", character=1, party=True, value=9, trait="rush")
    state = do(state, "escape", character=2)
    assert [(c["energy"], c["health"]) for c in state["characters"]] == [(5, 6), (3, 4)]


def test_the_last_member_to_activate_dying_ends_the_turn():
    """"Check Readiness. If all Party Members have been Activated (Time Tokens on their
    Trays), go to End Turn"; "You Are Dying ... immediately removes you from the current
    Encounter". Characters 1 and 2 done, Character 3 dies in their Activation: everyone left
    has been Activated, so Turn 2 begins."""
    state = do(new(3), "combat", character=1, party=True, value=9)
    for who in (1, 2):
        state = do(do(state, "pick_active", character=who), "end_activation", cards=1)
    state = do(do(state, "pick_active", character=3), "adjust", track="c3.health", delta=-6)
    enc = _enc(state)
    assert (enc["members"], enc["turn"], enc["activated"], enc["active"]) == ([0, 1], 2, [], None)
