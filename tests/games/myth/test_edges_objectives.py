"""Edges of "Setup" 4, "Locations" (flames), "Objectives", "Final Objective", "The
Siege" (objectives discarded) and "End of Game", expected values from the rulebook
alone.

The stand-in board, as the state gives it: villages with 1 to 5 flames (Village 1:
1, Village 4: 2, Village 2: 3, Village 5: 4, Village 3: 5); sanctuaries Sanctuary 3:
1, Sanctuary 1: 2, Sanctuary 4: 3, Sanctuary 2: 4, Sanctuary 5: 5; dungeons Dungeon
1: 1, Dungeon 2: 2, Dungeon 3: 3, Dungeon 4: 4."""

from __future__ import annotations

import pytest

from tests.games.myth.helpers import Table

ROLLABLE = ["rage", "guile", "nature", "arcane", "faith"]


def _tokens(state: dict, kind: str) -> list[str]:
    return sorted(a for a, s in state["areas"].items() if s["objective"] == kind)


@pytest.mark.parametrize(("heroes", "villages"), [
    (1, ["village-1"]),
    (2, ["village-1", "village-4"]),
    (3, ["village-1", "village-2", "village-4"]),
    (4, ["village-1", "village-2", "village-4", "village-5"]),
])
def test_hope_tokens_go_where_the_flames_fit_the_player_count(heroes, villages):
    """"Setup" 4: "each player places 1 influence objective token in a different
    objective location that matches up to the amount of players in game (depicted as
    a flame icon ...)"; "Locations" 3: "If the player number meets or exceeds the
    flame icon total ... then that area is a valid location for objective tokens":
    one token per player, a flame total at or below the count; Village 3 (5 flames)
    never."""
    t = Table(heroes=heroes).setup()
    assert _tokens(t.state, "hope") == villages


def test_four_players_tokens_of_each_kind_in_different_areas():
    """"Objective Tokens": "all three objectives must take place in different
    locations, so each area may contain only one objective token": four players,
    twelve tokens in twelve areas; supply in the sanctuaries of 1-4 flames,
    influence in the dungeons of 1-4."""
    t = Table(heroes=4).setup()
    s = t.state
    assert _tokens(s, "supply") == ["sanctuary-1", "sanctuary-2", "sanctuary-3", "sanctuary-4"]
    assert _tokens(s, "influence") == ["dungeon-1", "dungeon-2", "dungeon-3", "dungeon-4"]
    assert sum(a["objective"] is not None for a in s["areas"].values()) == 12


def test_an_objective_card_of_a_type_already_in_play_is_refused():
    """"Setup" 4: "If the location type on a revealed objective matches the location
    of an objective already in play, place that objective card back in the box and
    reveal a new one": a second village refused; the third card a dungeon."""
    t = Table().to_objectives()
    t.do("objective", location="village")
    t.do("objective", location="sanctuary")
    t.refused("objective", location="village")
    t.refused("objective", location="sanctuary")
    t.do("objective", location="dungeon")


# --- claiming, completing ---------------------------------------------------------------------


def test_two_heroes_complete_an_objective_with_the_second_token():
    """"Objectives": "When an objective card has a number of objective tokens near it
    equal to the number of heroes, that objective is immediately completed": two
    heroes, the first token does not complete hope, the second does."""
    t = Table(heroes=2).setup()
    first, second = _tokens(t.state, "hope")
    t.state["heroes"][0]["area"] = first
    t.state["heroes"][1]["area"] = second
    t.do("objective_token", kind="hope", hero=1)
    assert not t.state["objectives"]["hope"]["done"] and t.state["completed"] == 0
    t.do("objective_token", kind="hope", hero=2)
    assert t.state["objectives"]["hope"]["done"] and t.state["completed"] == 1
    assert not t.state["final_revealed"] and not t.state["siege"]


def test_two_objectives_done_reveal_nothing_the_third_reveals_the_final_and_the_siege():
    """"Objectives": "If it was the third objective completed, they immediately
    reveal the final objective"; "Final Objective": "When the final objective is
    revealed ... the siege begins"."""
    t = Table(heroes=1).setup(fate=ROLLABLE)
    for n, kind in enumerate(("hope", "supply", "influence"), start=1):
        (area,) = _tokens(t.state, kind)
        t.state["heroes"][0]["area"] = area
        t.do("objective_token", kind=kind)
        assert t.state["completed"] == n
        assert t.state["final_revealed"] is (n == 3) and t.state["siege"] is (n == 3)


def test_the_final_objective_cannot_be_completed_before_it_is_revealed():
    """"Final Objective": "Players can reveal the final objective only by completing
    all three regular objectives ... If players complete the final objective, they
    immediately win the game": two objectives done, no final to complete."""
    t = Table(heroes=1).setup(fate=ROLLABLE)
    for kind in ("hope", "supply"):
        (area,) = _tokens(t.state, kind)
        t.state["heroes"][0]["area"] = area
        t.do("objective_token", kind=kind)
    t.refused("final_done")
    assert t.state.get("over") is None


def test_a_siege_begun_by_a_track_discards_the_objective_tokens_and_no_final_is_revealed():
    """"The Siege": "Discard all remaining objective tokens in play, and discard all
    other objective cards": the siege begun by Corruption with one objective done;
    no token is left to claim, the final objective is not revealed (only "by
    completing all three regular objectives")."""
    t = Table(heroes=1).setup(fate=["rage"] + ["darkness"] * 4)
    (area,) = _tokens(t.state, "hope")
    t.state["heroes"][0]["area"] = area
    t.do("objective_token", kind="hope")
    t.do("correct", track="corruption", value=9)
    t.do("raise", track="corruption", spaces=1)
    s = t.state
    assert s["siege"] and not s["final_revealed"]
    assert all(a["objective"] is None for a in s["areas"].values())
    t.state["heroes"][0]["area"] = "sanctuary-3"  # where the supply token stood
    t.refused("objective_token", kind="supply")
    t.refused("final_done")


def test_the_revealed_final_objective_completed_wins():
    """"Final Objective": "If players complete the final objective, they immediately
    win the game" ("End of Game": "completing the final objective (if revealed)")."""
    t = Table(heroes=1).setup(fate=["rage"] + ["darkness"] * 4)
    for kind in ("hope", "supply", "influence"):
        (area,) = _tokens(t.state, kind)
        t.state["heroes"][0]["area"] = area
        t.do("objective_token", kind=kind)
    t.until("heroes", "planning")  # the boss placed
    assert t.state.get("over") is None
    t.do("final_done")
    assert t.state["over"]["result"] == "win"


def test_a_defeated_hero_on_a_token_cannot_claim_it():
    """"Defeated Heroes": "While a hero is defeated, they may not resolve any actions
    during the current round"; "Any effects that target heroes cannot target or
    affect defeated heroes": defeated on the hope token, the claim is refused."""
    t = Table(heroes=1).setup(fate=ROLLABLE)
    t.state["heroes"][0]["area"] = "village-1"
    t.do("wound", amount=6)
    t.refused("objective_token", kind="hope")
    assert _tokens(t.state, "hope") == ["village-1"]
