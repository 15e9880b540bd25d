"""Edges of "Campaign Setup" (Character Setup, World Setup) and the 2.0 changes it carries,
each expected value read from the rulebook alone (rules/tainted-grail.md)."""

import pytest

from games.core import RuleError, new_game
from tests.games.grail.helpers import GAME, do, new, step_id


@pytest.mark.parametrize("mode", ["story", "standard", "challenge"])
@pytest.mark.parametrize("characters", [1, 4])
def test_each_of_the_three_modes_at_either_end_of_the_player_count(mode, characters):
    """"Version 2.0 changes": "Players choose a game mode (Story, Standard, or Challenge)
    before starting." "Character Setup" I: "There are 3 game modes". "Basic Information":
    "a solo or cooperative game for 1-4 players"."""
    state = new(characters, mode=mode)
    assert state["mode"] == mode and len(state["characters"]) == characters


@pytest.mark.parametrize("options", [{"mode": "hard"}, {"characters": 0}, {"characters": 5}])
def test_no_fourth_mode_and_no_fifth_player(options):
    """"Character Setup" I: "There are 3 game modes"; "Basic Information": "Tainted Grail is
    a solo or cooperative game for 1-4 players." """
    with pytest.raises(RuleError):
        new_game(GAME, options, 1)


def test_energy_may_start_at_the_health_limiter_but_not_past_it():
    """"Character Setup" III-IV: the markers start "in the starting slots highlighted by two
    red chevrons"; "Survival Tracks": "Your Energy marker can never be higher than your
    Health marker". Equal is allowed, one past is refused."""
    state = new_game(GAME, {"energy_start": 6, "health_start": 6}, 1).state
    assert (state["characters"][0]["energy"], state["characters"][0]["health"]) == (6, 6)
    with pytest.raises(RuleError):
        new_game(GAME, {"energy_start": 7, "health_start": 6}, 1)


def test_every_character_starts_on_its_starting_slots():
    """"Character Setup": "Each player completes these steps separately" - III-IV put each
    Character's Energy, Terror and Health on their starting slots; the fourth Character's
    as the first's."""
    state = new(4, energy_start=3, health_start=5, terror_start=2)
    assert [(c["energy"], c["health"], c["terror"]) for c in state["characters"]] == [(3, 5, 2)] * 4


@pytest.mark.parametrize("characters", [1, 4])
def test_starter_decks_of_15_and_pools_of_25_for_every_character(characters):
    """"Character Setup" VIII: "Create your 15-card Combat and Diplomacy starter decks";
    IX: "Create your 25-card Combat and Diplomacy Advancement Pools" (15 advanced + the 10
    basic cards not in the starter deck)."""
    for c in new(characters)["characters"]:
        assert c["decks"] == {"combat": 15, "diplomacy": 15}
        assert c["pools"] == {"combat": 25, "diplomacy": 25}


def test_character_numbers_are_unique_and_break_ties_lowest_first():
    """"Character Setup" XI: "your unique Character Number, used to break ties"; "II) During
    the Day": "ties broken by lowest Character Number". Numbered 4, 2, 9: Character 2 (No.
    2) is first, then Character 1 (No. 4)."""
    state = do(new(3), "correct", track="c1.number", value=4)
    state = do(state, "correct", track="c3.number", value=9)
    assert GAME.view(state).step == "Character 2's turn"
    state = do(state, "explore", character=2)
    assert GAME.view(state).step == "Character 1's turn"


def test_a_character_number_already_taken_is_refused():
    """"Character Setup" XI: "It reveals your starting situation and contains your unique
    Character Number, used to break ties." Two Characters with one number could not break a
    tie: setting Character 3 to Character 1's number is refused."""
    state = do(new(3), "correct", track="c1.number", value=4)
    with pytest.raises(RuleError):
        do(state, "correct", track="c3.number", value=4)


@pytest.mark.parametrize("characters", [1, 4])
def test_every_model_starts_on_101(characters):
    """"World Setup" I: "For the Fall of Avalon this is Location card 101. Place it in the
    middle of the play space and put all Character models there." """
    state = new(characters)
    assert [c["location"] for c in state["characters"]] == [101] * characters
    assert [(loc["x"], loc["y"]) for loc in state["locations"] if loc["number"] == 101] == [(0, 0)]


@pytest.mark.parametrize("players, days", [(1, 8), (2, 7), (3, 6), (4, 5)])
def test_the_first_menhir_dial_by_player_count(players, days):
    """"World Setup" II: "Turn the Dial to show the number of days before the Menhir goes
    dark: 8 (1 player), 7 (2 players), 6 (3 players), or 5 (4 players)." One Menhir, on
    the Starting Location."""
    assert new(players)["menhirs"] == [{"location": 101, "dial": days}]


def test_the_starting_map_is_101_and_its_four_neighbours_in_place():
    """"World Setup" III: "102 to the top edge, 103 to the left, 104 to the right, and 105
    to the bottom" - and no other card."""
    where = {loc["number"]: (loc["x"], loc["y"]) for loc in new()["locations"]}
    assert where == {101: (0, 0), 102: (0, -1), 103: (-1, 0), 104: (1, 0), 105: (0, 1)}


@pytest.mark.parametrize("mode", ["story", "standard", "challenge"])
def test_the_first_day_starts_during_the_day_without_a_start_of_the_day(mode):
    """"World Setup" X: "The first day of your journey has started. Go to 'Playing the
    Game.'" "I) Start of the Day": "Skip this sequence on the very first day of the
    Campaign." Day 1 opens on the Actions, the first Menhir's Dial not yet reduced."""
    state = new(2, mode=mode)
    assert (state["day"], step_id(state)) == (1, "day.actions")
    assert state["menhirs"][0]["dial"] == 7
