"""III) End of the Day: Rest, restore Energy, advancement costs in both modes."""

import copy

import pytest

from games.core import RuleError
from games.grail import advancement, survival
from tests.games.grail.helpers import GAME, do, edit, new, next_until, refused, step_id


def _c(state, i=0):
    return state["characters"][i]


def _advance(state):
    """The End of the Day's step "Advance your Character", where Experience is spent."""
    return next_until(state, "end-of-day.advance")


def _rest(state, *eats):
    state = next_until(state, "end-of-day.rest")
    for eat in eats:
        state = do(state, "rest", eat=eat)
    return state


def test_rest_pay_1_food_gain_1_health_lose_1_terror():
    state = edit(new(), lambda s: _c(s).update(health=4, energy=3, terror=3,
                                               resources=dict(_c(s)["resources"], food=2)))
    state = _rest(state, True)
    assert (_c(state)["health"], _c(state)["terror"], _c(state)["resources"]["food"]) == (5, 2, 1)


def test_rest_without_food_is_refused_to_eat():
    state = next_until(new(), "end-of-day.rest")
    with pytest.raises(RuleError):
        do(state, "rest", eat=True)


def test_each_character_rests_in_turn():
    state = next_until(new(3), "end-of-day.rest")
    for _ in range(3):
        assert step_id(state) == "end-of-day.rest"
        state = do(state, "rest", eat=False)
    assert step_id(state) == "end-of-day.restore_note"


def test_restore_energy_back_to_the_starting_slot():
    state = edit(new(), lambda s: _c(s).update(energy=2))
    state = _rest(state, False)
    assert _c(state)["energy"] == 5


def test_restore_exhausted_only_4_points():
    state = edit(new(energy_top=10, energy_start=7, health_top=10, health_start=9),
                 lambda s: _c(s).update(energy=1))
    assert survival.exhausted(_c(state))
    state = _rest(state, False)
    assert _c(state)["energy"] == 5


def test_restore_never_past_health():
    state = edit(new(), lambda s: _c(s).update(energy=3, health=3))
    state = _rest(state, False)
    assert _c(state)["energy"] == 3


def test_challenge_rest_without_food_sets_energy_to_0_or_loses_health():
    state = edit(new(mode="challenge"), lambda s: _c(s).update(energy=3))
    state = _rest(state, False)
    # Energy set to 0, then restored as Exhausted: 4 points.
    assert _c(state)["energy"] == 4
    state = edit(new(mode="challenge"), lambda s: _c(s).update(energy=0))
    state = _rest(state, False)
    assert _c(state)["health"] == 5


def test_history_records_the_tracks_each_end_of_day():
    state = _rest(new(2), False, False)
    assert state["history"] == [{"day": 1, "tracks": [[5, 6, 0], [5, 6, 0]]}]


@pytest.mark.parametrize("point, cost", [(1, 2), (2, 4), (3, 6), (4, 8), (5, 10), (6, 10), (9, 10)])
def test_attribute_costs_standard(point, cost):
    assert advancement.attribute_cost(False, point) == cost


@pytest.mark.parametrize("point, cost", [(1, 5), (2, 10), (3, 15), (4, 20), (5, 25), (6, 30),
                                         (7, 35), (8, 40)])
def test_attribute_costs_challenge(point, cost):
    assert advancement.attribute_cost(True, point) == cost


def test_deck_advance_costs():
    assert advancement.deck_cost(False) == 2
    assert advancement.deck_cost(True) == 5


def test_raise_attribute_costs_by_the_pairs_total_and_gains_skills_from_the_3rd_point():
    state = edit(_advance(new()), lambda s: _c(s)["resources"].update(experience=30))
    state = edit(state, lambda s: _c(s)["attributes"].update(courage=2, caution=1))
    state = do(state, "raise_attribute", character=1, attribute="courage")  # 4th point in the pair
    assert _c(state)["resources"]["experience"] == 22
    assert _c(state)["attributes"]["courage"] == 3
    assert _c(state)["skills"] == 1
    state = do(state, "raise_attribute", character=1, attribute="empathy")  # 1st in its pair
    assert _c(state)["resources"]["experience"] == 20
    assert _c(state)["skills"] == 1


def test_raising_without_the_experience_is_refused():
    state = edit(_advance(new()), lambda s: _c(s)["resources"].update(experience=1))
    with pytest.raises(RuleError):
        do(state, "raise_attribute", character=1, attribute="courage")


def test_advance_deck_and_never_under_15_cards():
    state = edit(_advance(new(mode="challenge")), lambda s: _c(s)["resources"].update(experience=6))
    state = do(state, "advance_deck", character=1, deck="combat")
    assert _c(state)["decks"]["combat"] == 16 and _c(state)["resources"]["experience"] == 1
    with pytest.raises(RuleError):
        do(state, "advance_deck", character=1, deck="combat")
    with pytest.raises(RuleError):
        do(state, "correct", track="c1.diplomacy_deck", value=14)


def test_advancing_a_deck_takes_a_card_from_its_25_card_advancement_pool():
    """"Character Advancement": "take the top three cards of your Advancement Pool,
    add one to your deck"; "Character Setup" IX: a "25-card Combat Advancement
    Pool" - one card fewer in it per advance."""
    state = edit(_advance(new()), lambda s: _c(s)["resources"].update(experience=4))
    state = do(state, "advance_deck", character=1, deck="diplomacy")
    assert _c(state)["decks"] == {"combat": 15, "diplomacy": 16}
    assert _c(state)["pools"] == {"combat": 25, "diplomacy": 24}


def test_a_deck_tops_out_at_40_cards_and_an_empty_pool_gives_nothing():
    """"Character Setup" VIII-IX: 15 starter cards and a 25-card Advancement Pool per
    deck, so a deck holds at most 40 cards; cards swapped out "do not return to the
    Advancement Pool", so an empty pool refuses an advance whatever the deck holds."""
    full = edit(_advance(new()), lambda s: _c(s).update(decks={"combat": 40, "diplomacy": 15},
                                              pools={"combat": 0, "diplomacy": 25}))
    full = edit(full, lambda s: _c(s)["resources"].update(experience=10))
    for deck_full in (full, edit(full, lambda s: _c(s)["pools"].update(combat=1))):
        before = copy.deepcopy(deck_full)
        with pytest.raises(RuleError) as err:
            do(deck_full, "advance_deck", character=1, deck="combat")
        assert deck_full == before
    assert err.value.short == "Deck has 40 cards"
    swapped = do(full, "correct", track="c1.combat_deck", value=30)  # 10 cards set aside
    with pytest.raises(RuleError, match="no card left"):
        do(swapped, "advance_deck", character=1, deck="combat")
    with pytest.raises(RuleError, match="cannot go above 40"):
        do(full, "correct", track="c1.diplomacy_deck", value=41)


def test_experience_is_spent_at_the_end_of_the_day():
    """"Character Advancement": "Spend them at each End of the Day"; "III) End of the
    Day": "Advance your Character. If you have Experience points, you may spend
    them". During the day, or at another step, an advance is refused."""
    for state in (new(), next_until(new(), "end-of-day.decks")):
        state = edit(state, lambda s: _c(s)["resources"].update(experience=10))
        for name, params in (("raise_attribute", {"attribute": "courage"}),
                             ("advance_deck", {"deck": "combat"})):
            err = refused(state, name, character=1, **params)
            assert err.short == "At End of Day only"
    offered = [s.name for s in GAME.commands if s.available(_advance(new()))]
    assert {"raise_attribute", "advance_deck"} <= set(offered)
    assert "raise_attribute" not in [s.name for s in GAME.commands if s.available(new())]


def test_the_end_of_the_day_waits_for_an_encounter_started_with_the_last_energy():
    """"Explore - costs 1 Energy. ... Continue until you reach 'Exploration ends'";
    "Drawing an Encounter immediately launches Combat or Diplomacy"; "III) End of the Day":
    Rest, trading Food "when not involved in an Action or Encounter". Two Characters spend
    their last Energy, the day ends; the Combat the Explore drew holds the first reminder
    (next refused) until both have Escaped; then the End of the Day goes on to Rest."""
    state = edit(new(2), lambda s: [c.update(energy=1) for c in s["characters"]])
    state = do(do(state, "explore", character=1), "explore", character=2)
    assert step_id(state) == "end-of-day.effects"
    state = do(state, "combat", character=1, party=True, value=8)
    assert refused(state, "next").short == "Encounter first"
    state = do(do(state, "escape", character=1), "escape", character=2)
    assert step_id(do(state, "next")) == "end-of-day.rest"
