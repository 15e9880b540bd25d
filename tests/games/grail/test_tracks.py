"""The dial cycle holds the numbers a player turns most; the rest are tracks off
the dial (``dial=False``), set with the core ``correct`` ("Correct a value") and kept in
bounds by the engine ("Survival Tracks", "Resources", "Character Advancement",
"Character Setup" III-IV)."""


import pytest

from games.core.engine import InvariantError
from tests.games.grail.helpers import GAME, do, new, refused


def _dial(state):
    return [t.key for t in GAME.tracks(state) if t.dial]


def test_one_character_cycles_through_tracks_menhir_dial_and_resources():
    assert _dial(new()) == ["c1.energy", "c1.health", "c1.terror", "menhir101.days",
                            "c1.food", "c1.wealth", "c1.reputation", "c1.magic", "c1.experience"]


def test_a_party_turns_every_survival_track_before_the_menhirs():
    keys = _dial(new(2))
    assert keys[:7] == ["c1.energy", "c1.health", "c1.terror", "c2.energy", "c2.health", "c2.terror",
                        "menhir101.days"]
    assert len(keys) == 6 + 1 + 10


def test_attributes_decks_slots_and_quests_are_tracks_off_the_dial():
    off = [t.key for t in GAME.tracks(new()) if not t.dial]
    assert off[0] == "quests"
    assert {"c1.courage", "c1.spirituality", "c1.combat_deck", "c1.diplomacy_deck",
            "c1.combat_pool", "c1.diplomacy_pool", "c1.energy_start", "c1.terror_top"} <= set(off)
    assert len(off) == 1 + 1 + 6 + 2 + 2 + 6
    assert [t.key for t in GAME.view(new()).tracks] == _dial(new())  # the displays show the dial


def test_correct_reaches_what_the_dials_do_not():
    state = do(new(), "correct", track="c1.courage", value=2)
    state = do(state, "correct", track="c1.combat_deck", value=18)
    state = do(state, "correct", track="quests", value=1)
    c = state["characters"][0]
    assert (c["attributes"]["courage"], c["decks"]["combat"], state["quests"]) == (2, 18, 1)
    assert do(state, "correct", track="c1.food", value=4)["characters"][0]["resources"]["food"] == 4


@pytest.mark.parametrize("what,value", [
    ("c1.combat_deck", 14),   # decks never under 15 cards
    ("c1.health_top", 5),     # a top slot never below the marker (Health 6)
    ("c1.energy_start", 9),   # a starting slot on the track (top 8)
    ("c1.food", 21),          # at most 20 of each Resource
    ("c1.courage", 21),       # Attributes 0..20
    ("c9.courage", 1),        # no such Character
])
def test_a_value_out_of_bounds_is_refused_and_changes_nothing(what, value):
    state = new()
    refused(state, "correct", track=what, value=value)


def test_the_engine_refuses_a_command_that_breaks_an_off_dial_bound():
    """A deck under 15 cards ("Character Advancement") is a broken limit named on the OLED."""
    state = new()
    state["characters"][0]["decks"]["diplomacy"] = 3
    with pytest.raises(InvariantError) as err:
        do(state, "explore", character=1)
    assert "Diplomacy deck" in err.value.short
