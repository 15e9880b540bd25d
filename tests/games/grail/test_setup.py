"""Campaign Setup: mode, Characters, tracks, the starting map and the first Menhir."""

import pytest

from games.core import RuleError, new_game
from tests.games.grail.helpers import GAME, do, new, refused, step_id


@pytest.mark.parametrize("players, days", [(1, 8), (2, 7), (3, 6), (4, 5)])
def test_world_setup_ii_first_menhir_dial_by_player_count(players, days):
    state = new(players)
    assert state["menhirs"] == [{"location": 101, "dial": days}]


def test_world_setup_iii_starting_map_101_with_its_four_neighbours():
    state = new()
    where = {loc["number"]: (loc["x"], loc["y"]) for loc in state["locations"]}
    # 102 to the top edge, 103 to the left, 104 to the right, 105 to the bottom.
    assert where == {101: (0, 0), 102: (0, -1), 103: (-1, 0), 104: (1, 0), 105: (0, 1)}
    assert all(c["location"] == 101 for c in state["characters"])


def test_character_setup_tracks_at_their_starting_slots():
    state = new(2, energy_top=9, energy_start=4, health_top=10, health_start=7,
                terror_top=9, terror_start=1)
    for number, c in enumerate(state["characters"], start=1):
        assert c["number"] == number
        assert (c["energy"], c["health"], c["terror"]) == (4, 7, 1)
        assert (c["energy_top"], c["health_top"], c["terror_top"]) == (9, 10, 9)
        assert set(c["resources"]) == {"food", "wealth", "reputation", "magic", "experience"}
        assert c["decks"] == {"combat": 15, "diplomacy": 15}


def test_first_day_skips_the_start_of_the_day():
    state = new()
    assert state["day"] == 1
    assert step_id(state) == "day.actions"


@pytest.mark.parametrize("mode, steps", [
    ("standard", ["tray", "chapter"]),
    ("story", ["tray", "story_items", "chapter"]),
    ("challenge", ["tray", "challenge", "chapter"]),
])
def test_setup_reminders_by_mode_then_day_1(mode, steps):
    """Character Setup V-VI, Story Mode (Starting Items, Encounters Setup), Challenge
    Mode (Setup: the flipped limiter, Secret 42; 1 fewer Random Event), World Setup IX."""
    state = new_game(GAME, {"mode": mode, "characters": 2}, 1).state
    seen = []
    while state["procedure"]["name"] == "campaign-setup":
        seen.append(step_id(state).split(".")[1])
        if seen[-1] == "chapter":
            text = GAME.view(state).step
        state = do(state, "next")
    assert seen == steps and step_id(state) == "day.actions" and state["day"] == 1
    assert {"standard": "Chapter I Setup: Events, Encounters", "story": "Chapter I: Encounters as for 1",
            "challenge": "Chapter I: 1 fewer Random Event"}[mode] == text


@pytest.mark.parametrize("mode", ["story", "standard", "challenge"])
def test_modes(mode):
    assert new(mode=mode)["mode"] == mode


def test_refused_setups():
    with pytest.raises(RuleError):
        new_game(GAME, {"energy_start": 9, "energy_top": 8}, 1)
    # Energy can never start above Health (the T-shaped limiter) ...
    with pytest.raises(RuleError):
        new_game(GAME, {"energy_start": 7, "health_start": 6}, 1)
    # ... except in Story mode without the limiter.
    assert new_game(GAME, {"mode": "story", "energy_start": 7, "health_start": 6}, 1).state


def test_a_schema_1_save_migrates_to_schema_2():
    from games.core.engine import migrate

    state = new()
    import copy

    old = {k: copy.deepcopy(v) for k, v in state.items() if k not in ("encounter", "last_encounter", "pack")}
    old["schema"] = 1
    for loc in old["locations"]:
        del loc["keys"], loc["seals"]
    assert migrate(GAME, old) == state


def test_character_setup_viii_ix_starter_decks_of_15_and_advancement_pools_of_25():
    """"Character Setup" VIII: "Create your 15-card Combat and Diplomacy starter
    decks"; IX: "Create your 25-card Combat and Diplomacy Advancement Pools"."""
    for c in new(3)["characters"]:
        assert c["decks"] == {"combat": 15, "diplomacy": 15}
        assert c["pools"] == {"combat": 25, "diplomacy": 25}


def test_a_character_number_is_unique_among_the_living():
    """"Character Setup" XI: the Letter "contains your unique Character Number, used to break
    ties." Numbers 1-3 at setup: Character 3 cannot take Character 1's 1 (the OLED names
    it); swapping two numbers goes through a free one. A dead Character's number does not
    count."""
    state = new(3)
    err = refused(state, "correct", track="c3.number", value=1)
    assert err.short == "Number 1 taken twice"
    for track, value in (("c1.number", 9), ("c2.number", 1), ("c1.number", 2)):
        state = do(state, "correct", track=track, value=value)
    assert [c["number"] for c in state["characters"]] == [2, 1, 3]
    state = do(state, "death", character=3, then="decline")
    assert do(state, "correct", track="c1.number", value=3)["characters"][0]["number"] == 3
