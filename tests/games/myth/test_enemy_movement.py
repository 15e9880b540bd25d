"""Enemy movement ("Enemy Movement", "Enemy Movement Priority"): the shortest
path to the closest destination by priority, hopping full areas, Farrenroc's
excess once all movement is resolved."""

from __future__ import annotations

from games.myth.enemy_movement import farrenroc_excess, march_moves
from tests.games.myth.helpers import (
    ctx_for,
    enemy_card_first,
    farrenroc_march,
    on_line_board,
    played,
    put,
)


def test_farrenroc_excess_after_movement_costs_one_stability():
    """"Enemy Movement": more than three in Farrenroc: excess removed, stability -1."""
    t = played()
    s = t.state
    on_line_board(s)
    put(s, "farrenroc", 3)
    put(s, "ruins-1", 2)
    march_moves(s)
    assert len(s["areas"]["farrenroc"]["minions"]) == 5
    ctx = ctx_for(s)
    farrenroc_excess(ctx)
    assert len(s["areas"]["farrenroc"]["minions"]) == 3
    assert s["stability"] == 9
    assert s["supply"]["minions"] == 17


def test_overrun_by_movement_into_farrenroc_costs_one_stability_and_the_excess():
    """Quick Reference, Overrun 4: "Overrun by movement into Farrenroc reduces its
    stability by 1 only and then discard every minion over 3 into the supply"
    ("Enemy Movement": more than three minions in Farrenroc)."""
    t = played()
    put(t.state, "farrenroc", 3)
    put(t.state, "dungeon-1", 3)
    t.do("spawn", area="dungeon-1", count=2)  # reserves empty: the minions move
    s = t.state
    assert len(s["areas"]["farrenroc"]["minions"]) == 3 and s["stability"] == 9
    assert s["supply"]["minions"] == 14


def test_enemy_movement_priority_an_objective_before_a_structure_then_the_highest_track():
    """"Enemy Movement Priority": minions move toward the closest structure,
    objective or Farrenroc; among several: "1. Farrenroc 2. The objective
    location corresponding to the highest conquest track 3. Structures". From
    Dungeon 2, Ruins 2 and Sanctuary 5 are one area away, Farrenroc two."""
    t = played()
    s = t.state
    s["areas"]["ruins-2"]["structure"] = True
    s["areas"]["sanctuary-5"]["objective"] = "hope"
    put(s, "dungeon-2", 1)
    enemy_card_first(t)
    assert len(t.state["areas"]["sanctuary-5"]["minions"]) == 1  # the objective
    t = played()
    s = t.state
    s["areas"]["ruins-2"]["objective"] = "hope"
    s["areas"]["sanctuary-5"]["objective"] = "influence"
    put(s, "dungeon-2", 1)
    t.do("correct", track="corruption", value=3)
    enemy_card_first(t)
    assert len(t.state["areas"]["sanctuary-5"]["minions"]) == 1  # Corruption is highest


def test_an_enemy_already_where_it_is_sent_does_not_move():
    """"Enemy Movement": "If any enemy is instructed to move to a location that
    they are already in, they do not move"; "Scheme": "If a captain is in
    Farrenroc, he does not move", nor one already in a quest area."""
    t = played()
    for area in ("farrenroc", "ruins-1"):
        t.do("place", area=area, rank="captain", count=1)
    enemy_card_first(t, "scheme")
    assert t.state["pending"] == ["Quest scheme effect (Ruins 1)"]
    t.do("next")
    assert t.step().id == "hero"  # the Scheme is over: the hero's card
    where = {a: st["captains"] for a, st in t.state["areas"].items() if st["captains"]}
    assert where == {"farrenroc": [0], "ruins-1": [0]}


def test_farrenroc_may_hold_more_than_three_until_all_movement_is_resolved():
    """"Enemy Movement": "During enemy movement, more than three minions may end
    their movement in Farrenroc. After resolving all enemy movement, if more
    than three minions occupy Farrenroc, remove all excess minions so that only
    three remain, then reduce Farrenroc's stability by 1." While a tied minion
    waits for the players, Farrenroc holds five."""
    t = played()
    farrenroc_march(t)
    enemy_card_first(t)
    t.do("assault", dice=[{"kind": "d10", "face": 9}] * 3)  # held
    s = t.state
    assert t.step().id == "march_to" and len(s["areas"]["farrenroc"]["minions"]) == 5
    t.do("march_to", area="sanctuary-5")
    s = t.state
    assert len(s["areas"]["farrenroc"]["minions"]) == 3 and s["stability"] == 9
    assert len(s["areas"]["sanctuary-5"]["minions"]) == 1


def test_farrenroc_at_zero_stability_loses_at_once_nothing_more_moves():
    """"Farrenroc": "If Farrenroc's stability is reduced to zero, the players
    immediately lose the game": the assault that takes the last point ends the
    game before the March's minions move."""
    t = played()
    farrenroc_march(t)
    t.do("correct", track="stability", value=1)
    enemy_card_first(t)
    t.do("assault", dice=[{"kind": "d10", "face": 1}] * 3)
    s = t.state
    assert s["over"]["result"] == "loss" and s["stability"] == 0
    assert len(s["areas"]["village-1"]["minions"]) == 2
    assert len(s["areas"]["farrenroc"]["minions"]) == 3
