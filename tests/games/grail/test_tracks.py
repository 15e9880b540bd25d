"""The dial cycle holds the numbers a player turns most; the rest are set with
"Set a value" and kept in bounds ("Survival Tracks", "Resources", "Character
Advancement", "Character Setup" III-IV)."""

import copy

import pytest

from games.core import RuleError
from games.grail import rules
from tests.games.grail.helpers import GAME, do, new


def test_one_character_cycles_through_tracks_menhir_dial_and_resources():
    keys = [t.key for t in GAME.tracks(new())]
    assert keys == ["c1.energy", "c1.health", "c1.terror", "menhir101.days",
                    "c1.food", "c1.wealth", "c1.reputation", "c1.magic", "c1.experience"]


def test_a_party_turns_every_survival_track_before_the_menhirs():
    keys = [t.key for t in GAME.tracks(new(2))]
    assert keys[:7] == ["c1.energy", "c1.health", "c1.terror", "c2.energy", "c2.health", "c2.terror",
                        "menhir101.days"]
    assert len(keys) == 6 + 1 + 10


def test_set_value_reaches_what_the_dials_do_not():
    state = do(new(), "set_value", what="c1.courage", value=2)
    state = do(state, "set_value", what="c1.combat_deck", value=18)
    state = do(state, "set_value", what="quests", value=1)
    c = state["characters"][0]
    assert (c["attributes"]["courage"], c["decks"]["combat"], state["quests"]) == (2, 18, 1)
    assert do(state, "set_value", what="c1.food", value=4)["characters"][0]["resources"]["food"] == 4


@pytest.mark.parametrize("what,value", [
    ("c1.combat_deck", 14),   # decks never under 15 cards
    ("c1.health_top", 5),     # a top slot never below the marker (Health 6)
    ("c1.energy_start", 9),   # a starting slot on the track (top 8)
    ("c1.food", 21),          # at most 20 of each Resource
    ("c9.courage", 1),        # no such Character
])
def test_set_value_out_of_bounds_is_refused_and_changes_nothing(what, value):
    state = new()
    before = copy.deepcopy(state)
    with pytest.raises(RuleError):
        do(state, "set_value", what=what, value=value)
    assert state == before


def test_invariants_name_a_setting_out_of_bounds():
    state = new()
    state["characters"][0]["decks"]["diplomacy"] = 3
    assert any("Diplomacy deck" in b for b in rules.invariants(state))
