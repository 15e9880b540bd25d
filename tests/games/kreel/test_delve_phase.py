"""The Delve Phase: Locations, Exploring and the Victory Check ("Locations", "1. Delve Phase" C-D,
"Defeated Locations", "Ending The Game")."""

import copy

import pytest

from games.core import RuleError
from tests.games.kreel.helpers import advance, do, finish_round, new, next_until, step_id


def _play(state: dict) -> dict:
    return next_until(state, "play.turn")


def test_round_1_flips_location_1_and_asks_its_sneak():
    """1. Delve Phase C: the Active Location's Sneak value decides its defeat."""
    state = next_until(new(), "delve.flip")
    state = do(state, "location", sneak=4, per_hero=False)
    assert state["locations"][0]["sneak"] == 4
    assert step_id(state) == "delve.effects"


def test_explore_with_sneak_places_tokens_up_to_the_sneak_value():
    state = _play(new())  # Location 1: Sneak 3 (helpers)
    with pytest.raises(RuleError) as err:
        do(state, "use", action="fight", target="explore")
    assert err.value.short == "Explore with Sneak"
    state = do(state, "use", action="sneak", target="explore", bonus=2)  # 5 Sneak
    assert state["locations"][0]["damage"] == 3
    assert not state["locations"][0]["defeated"]  # only in the Delve Phase


def test_the_multiplayer_symbol_multiplies_by_the_heroes():
    """Multiplayer Symbol: multiply the value by the heroes who started."""
    state = next_until(new(heroes=2), "delve.flip")
    state = do(state, "location", sneak=3, per_hero=True)
    state = _play(state)
    state = do(state, "use", action="sneak", target="explore", bonus=9)
    assert state["locations"][0]["damage"] == 6


def test_a_location_is_defeated_in_the_next_delve_and_the_next_flipped():
    """Defeated Locations: it remains in play until the next Delve Phase, where it
    is discarded and the next Location becomes Active."""
    state = do(_play(new()), "use", action="sneak", target="explore")
    state = finish_round(state)
    state = next_until(state, "delve.flip")
    assert state["locations"][0]["defeated"] and state["active_location"] == 1
    assert state["locations"][0]["damage"] == 0  # "discard them"
    state = do(state, "location", sneak=5)
    assert state["locations"][1]["sneak"] == 5


def test_tokens_beyond_the_location_sneak_are_discarded():
    state = _play(new())
    state = do(state, "damage", target="explore", value="sneak", amount=3)
    state = do(state, "use", action="sneak", target="explore")  # tokens already at 3
    assert state["locations"][0]["damage"] == 3


def _at_adventure_location(state: dict, plots: int, foes: int) -> dict:
    """All four Locations explored; the Adventure Location Active with Sneak 2
    and 2 tokens; ``plots`` Plots and ``foes`` Foes defeated."""
    state = copy.deepcopy(state)
    for loc in state["locations"][:4]:
        loc.update(sneak=3, defeated=True)
    state["locations"][4].update(sneak=2, damage=2)
    state["active_location"] = 4
    state["defeated"] = ([{"id": 90 + i, "name": "P", "kind": "plot"} for i in range(plots)]
                         + [{"id": 80 + i, "name": "F", "kind": "foe"} for i in range(foes)])
    return state


def test_the_adventure_location_waits_for_all_plots_and_foes():
    """1. Delve Phase C: not defeated until all Plots and Foes are; its tokens remain."""
    state = _at_adventure_location(new(foes=2), plots=5, foes=1)
    state = next_until(state, "delve.effects")
    assert not state["locations"][4]["defeated"] and state["locations"][4]["damage"] == 2
    assert state["procedure"]["name"] == "delve"


def test_victory_check_wins_the_adventure():
    """1. Delve Phase D / Ending The Game: 5 Plots + 4 Locations + all Foes, then
    the Adventure Location defeated in the Delve: victory; Game End follows."""
    state = _at_adventure_location(new(foes=2), plots=5, foes=2)
    state = advance(advance(state))  # start the round; Story (round 1)
    state = advance(state)  # Delve B: explore, victory check
    assert state["locations"][4]["defeated"] and state["victory"]
    assert step_id(state) == "game-end.fables"
    assert state["campaign"]["results"] == [{"adventure": 1, "result": "win", "rounds": 1}]


def test_six_plots_with_three_heroes():
    """Game Objective: 6 Plots in a 3-4 hero game."""
    state = _at_adventure_location(new(heroes=3, foes=0), plots=5, foes=0)
    state = next_until(state, "delve.effects")
    assert not state["victory"]
    state = _at_adventure_location(new(heroes=3, foes=0), plots=6, foes=0)
    state = next_until(state, "game-end.fables")
    assert state["victory"]
