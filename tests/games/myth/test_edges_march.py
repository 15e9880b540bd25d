"""Edges of "March", "Assaults", "Delayed Minions" and "Enemy Movement", expected
values from the rulebook alone. The Orcneas sheet as the setup enters it by
default (the state shows it): minion attack 3, captain attack 4.

The stand-in board, as the state gives it: Ruins 2 and Dungeon 2 are two areas
from Farrenroc, Village 1 one; Outland 4 touches only Dungeon 2."""

from __future__ import annotations

import pytest

from tests.games.myth.helpers import Table, enemy_card_first, played, put


def d10(*faces: int) -> list[dict]:
    return [{"kind": "d10", "face": f} for f in faces]


def _minions(state: dict, area: str) -> int:
    return len(state["areas"][area]["minions"])


def _not_asked_to_assault(t: Table) -> bool:
    return t.step() is None or t.step().id != "assault"


def _structure_with(minions: int = 1, captains: int = 0) -> Table:
    t = played()
    assert t.state["enemy"]["minion"]["attack"] == 3 and t.state["enemy"]["captain"]["attack"] == 4
    t.state["areas"]["ruins-2"]["structure"] = True
    put(t.state, "ruins-2", minions)
    if captains:
        t.do("place", area="ruins-2", rank="captain", count=captains)
    enemy_card_first(t)
    assert t.step().id == "assault"
    return t


def test_an_assault_die_equal_to_the_attack_value_succeeds():
    """"Assaults": "If at least one die result is less than or equal to that
    enemy's attack value, the assault succeeds": a 3 against attack 3 destroys
    the structure ("If the area contains a structure, that structure is
    destroyed"); "After resolving an assault, delay each minion in the assaulted
    area"."""
    t = _structure_with()
    t.do("assault", dice=d10(3))
    s = t.state
    assert s["areas"]["ruins-2"]["structure"] is False
    assert s["areas"]["ruins-2"]["minions"] == [{"damage": 0, "delayed": True}]


def test_an_assault_die_one_above_the_attack_value_fails_the_minion_still_delayed():
    """"Assaults": a 4 against attack 3 fails; "delay each minion in the assaulted
    area, regardless of the results"; a minion in a structure's area does not move
    ("March": "Each minion in a non-objective structureless area moves")."""
    t = _structure_with(minions=2)
    t.do("assault", dice=d10(4, 10))
    s = t.state
    assert s["areas"]["ruins-2"]["structure"] is True
    assert s["areas"]["ruins-2"]["minions"] == [{"damage": 0, "delayed": True}] * 2


def test_an_assault_uses_the_highest_attack_among_the_ranks_there():
    """"Assaults": "roll 1 10-sided die for each enemy token in the assaulted area,
    and determine which enemy rank in that area has the highest attack value": a
    minion and a captain, two dice; a 4 succeeds against the captain's 4."""
    t = _structure_with(minions=1, captains=1)
    assert t.step().dice(t.state) == (2, "d10")
    t.do("assault", dice=d10(4, 9))
    assert t.state["areas"]["ruins-2"]["structure"] is False


@pytest.mark.parametrize(("faces", "stability"), [((4, 4), 10), ((10, 3), 9)])
def test_an_assault_on_farrenroc_costs_one_stability_on_success_only(faces, stability):
    """"Assaults": "If the assaulted area is Farrenroc, reduce Farrenroc's stability
    by 1": two minions there, two dice; 4 and 4 fail (attack 3), a 3 succeeds; the
    minions are delayed either way."""
    t = played()
    put(t.state, "farrenroc", 2)
    enemy_card_first(t)
    assert t.step().id == "assault" and t.step().dice(t.state) == (2, "d10")
    t.do("assault", dice=d10(*faces))
    s = t.state
    assert s["stability"] == stability
    assert all(m["delayed"] for m in s["areas"]["farrenroc"]["minions"])


def test_farrenroc_is_assaulted_before_the_structures():
    """"Action Phase": "When resolving enemy actions that target areas, players
    always start with Farrenroc and work their way outwards": the first assault
    rolled is Farrenroc's (stability 9, the Ruins 2 structure untouched and its
    minion not yet delayed), then Ruins 2's."""
    t = played()
    put(t.state, "farrenroc", 1)
    t.state["areas"]["ruins-2"]["structure"] = True
    put(t.state, "ruins-2", 1)
    enemy_card_first(t)
    t.do("assault", dice=d10(1))
    s = t.state
    assert s["stability"] == 9 and s["areas"]["ruins-2"]["structure"] is True
    assert s["areas"]["ruins-2"]["minions"] == [{"damage": 0, "delayed": False}]
    assert t.step().id == "assault"
    t.do("assault", dice=d10(1))
    assert t.state["areas"]["ruins-2"]["structure"] is False and t.state["stability"] == 9


def test_a_structure_held_only_by_a_delayed_minion_is_not_assaulted():
    """"Delayed Minions": "Delayed minions are essentially ignored by all game
    effects" ("Glossary", Delayed: "ignored by enemy action card effects targeting
    minions"): the March assaults nothing in Ruins 2 and the minion stays."""
    t = played()
    t.state["areas"]["ruins-2"]["structure"] = True
    put(t.state, "ruins-2", 1, delayed=True)
    enemy_card_first(t)
    s = t.state
    assert _not_asked_to_assault(t)
    assert s["areas"]["ruins-2"]["structure"] is True and _minions(s, "ruins-2") == 1


def test_a_delayed_minion_does_not_march():
    """"Delayed Minions": ignored by game effects: a delayed minion in a
    structureless, non-objective Dungeon 2 stays there through a March."""
    t = played()
    put(t.state, "dungeon-2", 1, delayed=True)
    enemy_card_first(t)
    assert t.state["areas"]["dungeon-2"]["minions"] == [{"damage": 0, "delayed": True}]


def test_a_minion_on_an_objective_neither_assaults_nor_moves():
    """"March": assaults are on "Farrenroc and each area containing a structure";
    "Each minion in a non-objective structureless area moves 1 area": a minion on
    an objective token (no structure) stays and is not delayed."""
    t = played()
    t.state["areas"]["dungeon-2"]["objective"] = "influence"
    put(t.state, "dungeon-2", 1)
    enemy_card_first(t)
    assert _not_asked_to_assault(t)
    assert t.state["areas"]["dungeon-2"]["minions"] == [{"damage": 0, "delayed": False}]


def test_a_march_moves_a_minion_one_area_only():
    """"March": "Each minion ... moves 1 area": from Outland 4 (three from
    Farrenroc, nothing else on the board) to Dungeon 2, not further."""
    t = played()
    put(t.state, "outland-4", 1)
    enemy_card_first(t)
    s = t.state
    assert (_minions(s, "outland-4"), _minions(s, "dungeon-2"), _minions(s, "village-1")) == (0, 1, 0)


def test_a_minion_hops_an_area_holding_three_delayed_minions():
    """"Enemy Movement": "When one or more minions would move into an area already
    containing three minions, the minions being moved "hop" over the area ... and
    end their movement in the next area closest to Farrenroc"; "Delayed minions
    still count against the number of minions allowed in an area". Dungeon 2 holds
    three delayed minions: the Outland 4 minion ends in Village 1."""
    t = played()
    put(t.state, "dungeon-2", 3, delayed=True)
    put(t.state, "outland-4", 1)
    enemy_card_first(t)
    s = t.state
    assert (_minions(s, "outland-4"), _minions(s, "dungeon-2"), _minions(s, "village-1")) == (0, 3, 1)


@pytest.mark.parametrize(("there", "stability"), [(2, 10), (3, 9)])
def test_farrenroc_at_three_after_movement_costs_nothing_at_four_one(there, stability):
    """"Enemy Movement": "After resolving all enemy movement, if more than three
    minions occupy Farrenroc, remove all excess minions so that only three remain,
    then reduce Farrenroc's stability by 1": the Village 1 minion marches in; 2+1
    is not more than three, 3+1 is. Farrenroc's own assault fails (all 10s)."""
    t = played()
    put(t.state, "farrenroc", there)
    put(t.state, "village-1", 1)
    enemy_card_first(t)
    t.do("assault", dice=d10(*[10] * there))
    s = t.state
    assert _minions(s, "farrenroc") == 3 and s["stability"] == stability
    assert _minions(s, "village-1") == 0
    assert s["supply"]["minions"] == 17


def test_delayed_minions_add_no_assault_dice():
    """"Delayed Minions": "Delayed minions are essentially ignored by all game
    effects, except ... targeted by hero effects ... count against the number of
    minions allowed in an area": an assault on Farrenroc holding one upright and two
    delayed minions rolls one die ("roll 1 10-sided die for each enemy token")."""
    t = played()
    put(t.state, "farrenroc", 2, delayed=True)
    put(t.state, "farrenroc", 1)
    enemy_card_first(t)
    assert t.step().id == "assault" and t.step().dice(t.state) == (1, "d10")


def test_a_minion_hops_two_full_areas_in_a_row_into_farrenroc():
    """"Enemy Movement": "Minions cannot end their movement in an area already
    containing three minions ... hop over the area containing three minions and end
    their movement in the next area closest to Farrenroc": Dungeon 2 and Village 1
    each hold three delayed minions; the Outland 4 minion cannot end in either and
    ends in Farrenroc."""
    t = played()
    put(t.state, "dungeon-2", 3, delayed=True)
    put(t.state, "village-1", 3, delayed=True)
    put(t.state, "outland-4", 1)
    enemy_card_first(t)
    s = t.state
    assert (_minions(s, "dungeon-2"), _minions(s, "village-1"), _minions(s, "farrenroc")) == (3, 3, 1)
    assert _minions(s, "outland-4") == 0


def test_the_center_most_minions_move_first():
    """"Action Phase": "When resolving enemy actions that target areas, players always
    start with Farrenroc and work their way outwards, so the center-most enemies are
    resolved first": Village 1's three minions move into Farrenroc before the Dungeon
    2 minion moves, so it finds Village 1 empty and stops there; Farrenroc holds 3,
    no excess, stability 10."""
    t = played()
    put(t.state, "village-1", 3)
    put(t.state, "dungeon-2", 1)
    enemy_card_first(t)
    s = t.state
    assert (_minions(s, "farrenroc"), _minions(s, "village-1"), _minions(s, "dungeon-2")) == (3, 1, 0)
    assert s["stability"] == 10
