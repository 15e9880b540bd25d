"""Hero actions ("Hero Actions": Battle, Fortify) and objectives ("Objectives"),
each scenario driven through the box's commands, named after its rule."""

from __future__ import annotations

import pytest

from games.core import RuleError
from games.myth import GAME
from tests.games.myth.helpers import Table, clear_board, put


def played(heroes: int = 1) -> Table:
    """A game at the Planning phase with the board emptied of enemies and tokens."""
    t = Table(heroes=heroes).setup()
    clear_board(t.state)
    return t


# --- Battle ---------------------------------------------------------------------------------


def test_battle_with_no_enemy_in_the_area_gains_one_influence():
    """"Battle": "If the hero cannot or chooses not to resolve a battle, they
    gain 1 influence." No enemy in Farrenroc: the hero cannot battle."""
    t = played()
    t.do("battle", rank="minion")
    assert t.state["reserves"]["influence"] == 1
    assert t.state["procedure"]["name"] == "planning"  # no dice asked


def test_battle_that_defeats_only_delayed_minions_gains_one_influence():
    """"Delayed Minions": "they may automatically defeat all delayed minions in
    their area before resolving the battle action step of the card"; with no
    enemy left the battle cannot be resolved: "they gain 1 influence" ("Battle")."""
    t = played()
    put(t.state, "farrenroc", 2, delayed=True)
    t.do("battle", rank="minion", defeat_delayed=True)
    s = t.state
    assert s["areas"]["farrenroc"]["minions"] == [] and s["supply"]["minions"] == 20
    assert s["reserves"]["influence"] == 1
    assert s["procedure"]["name"] == "planning"


def test_battle_against_a_rank_not_in_the_area_is_refused_while_another_is():
    """"Battle": the hero attacks "a single enemy rank ... in their area": a rank
    not there, while a captain is, is refused (battle the captain, or decline
    for 1 influence), and nothing changes."""
    t = played()
    t.do("place", area="farrenroc", rank="captain", count=1)
    err = t.refused("battle", rank="minion")
    assert err.short == "No minion here" and "captain" in err.long


# --- Fortify --------------------------------------------------------------------------------


def _six_structures(t: Table) -> None:
    for area in ("village-2", "village-3", "village-4", "village-5", "sanctuary-1", "sanctuary-2"):
        t.do("structure", area=area)


@pytest.mark.parametrize("where", ["farrenroc", "six in play", "already built"])
def test_fortify_that_cannot_build_gains_one_supply(where):
    """"Fortify": "The amount of structures in play cannot exceed six. Structures
    may not be built in special locations: Farrenroc, Lairs, or Outland. If
    the hero cannot or chooses not to build a structure, they gain 1 supply.\""""
    t = played()
    if where != "farrenroc":
        t.do("travel", area="village-1")
    if where == "six in play":
        _six_structures(t)
    if where == "already built":
        t.do("fortify")
        assert t.state["areas"]["village-1"]["structure"]
    built = [a for a, s in t.state["areas"].items() if s["structure"]]
    t.do("fortify")
    assert t.state["reserves"]["supply"] == 1
    assert [a for a, s in t.state["areas"].items() if s["structure"]] == built


def test_fortify_builds_in_a_basic_location():
    t = played()
    t.do("travel", area="village-1")
    t.do("fortify")
    assert t.state["areas"]["village-1"]["structure"] and t.state["reserves"]["supply"] == 0


# --- Objectives -----------------------------------------------------------------------------


def test_objective_token_is_claimed_from_the_heroes_own_area_and_leaves_the_board():
    """"Objectives": "the hero claiming the objective removes the corresponding
    objective token from their area and places it near the corresponding
    objective card"; "Glossary", Objective Action: resolved "in an objective
    location". From Farrenroc nothing is claimed; on the hope token it is taken."""
    t = Table(heroes=2).setup()
    tokens = [a for a, s in t.state["areas"].items() if s["objective"] == "hope"]
    assert len(tokens) == 2 and "village-1" in tokens
    err = t.refused("objective_token", kind="hope")
    assert err.short == "No hope token here"
    t.do("travel", area="village-1", hero=1)
    t.do("objective_token", kind="hope", hero=1)
    s = t.state
    assert s["objectives"]["hope"]["tokens"] == 1
    assert [a for a, st in s["areas"].items() if st["objective"] == "hope"] == [
        a for a in tokens if a != "village-1"]
    with pytest.raises(RuleError):  # the token has left village-1
        t.do("objective_token", kind="hope", hero=1)


def test_objective_completed_when_tokens_equal_heroes_third_reveals_final_and_siege():
    """"Objectives": "When an objective card has a number of objective tokens near
    it equal to the number of heroes, that objective is immediately completed
    ... If it was the third objective completed, they immediately reveal the
    final objective" ("Final Objective": the siege begins); completing it wins."""
    t = Table(heroes=1).setup()
    spots = {s["objective"]: a for a, s in t.state["areas"].items() if s["objective"]}
    assert spots == {"hope": "village-1", "supply": "sanctuary-3", "influence": "dungeon-1"}
    for area, kind in (("village-1", "hope"), ("farrenroc", None), ("dungeon-1", "influence"),
                       ("sanctuary-3", "supply")):
        t.do("travel", area=area)
        if kind:
            t.do("objective_token", kind=kind)
    s = t.state
    assert s["completed"] == 3 and s["final_revealed"] and s["siege"]
    t.until("heroes", "planning")  # the boss placed
    t.do("final_done")
    assert t.state["over"]["result"] == "win"


# --- Travel, Encounter, Defeated Heroes -------------------------------------------------------


def test_travel_moves_into_an_adjacent_area_only():
    """"Travel": "may move their hero into an adjacent area"."""
    t = played()
    err = t.refused("travel", area="dungeon-2")  # two areas from Farrenroc
    assert err.short == "Not adjacent"
    t.do("travel", area="village-1")
    t.do("travel", area="dungeon-2")
    assert t.state["heroes"][0]["area"] == "dungeon-2"


@pytest.mark.parametrize("area", ["outland-1", "lair-1"])
def test_no_encounter_in_an_outland_or_a_lair(area):
    """"Locations": "Outland & Lair areas do not have encounter cards"."""
    t = played()
    t.state["heroes"][0]["area"] = area
    err = t.refused("encounter", skill="spirit", target=6)
    assert err.short == "No encounter deck"


def test_an_encounter_in_farrenroc_draws_its_deck():
    """"Game Components": encounter cards for Farrenroc too."""
    t = played()
    t.do("encounter", skill="spirit", target=1, no_test=True)
    assert t.step().id == "card"


def test_a_defeated_heros_card_is_returned_unresolved():
    """"Defeated Heroes": "When a defeated hero's action card is revealed during
    the action phase, that card is returned to the defeated hero but is not
    resolved"; "Any effects that target heroes cannot target or affect
    defeated heroes"."""
    t = played()
    t.do("wound", amount=9)
    assert t.state["heroes"][0]["defeated"] and t.state["stability"] == 9
    t.until("defeated", "action")
    assert "is defeated: card back" in GAME.view(t.state).step
    err = t.refused("fortify")
    assert err.short == "Hero is defeated"


def test_a_defeated_hero_still_counts_as_a_hero():
    """"Defeated Heroes": "Defeated heroes still count against the total number of
    heroes in the game for any relevant game effects": with hero 2 defeated,
    the hope objective still needs two tokens."""
    t = Table(heroes=2).setup()
    t.do("wound", amount=9, hero=2)
    t.do("travel", area="village-1", hero=1)
    t.do("objective_token", kind="hope", hero=1)
    hope = t.state["objectives"]["hope"]
    assert hope["tokens"] == 1 and not hope["done"]
