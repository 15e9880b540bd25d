"""Spawning and overruns ("Spawning Enemies", "Running Out of Minions",
"Overruns"): each scenario named after the rule or rulebook example it follows."""

from __future__ import annotations

import pytest

from games.core import RuleError
from games.myth.enemy_movement import march_moves
from games.myth.spawning import resolve_overrun, spawn
from tests.games.myth.helpers import ctx_for, on_line_board, played, put


def test_overruns_example_outland_minions_hop_the_full_village_to_the_ruins():
    """"Overruns", Example: the two minions in the Outland cannot enter the
    Village because it is full, so they move to the Ruins."""
    t = played()
    s = t.state
    on_line_board(s)
    s["areas"]["village-1"]["objective"] = "hope"
    put(s, "village-1", 3)
    put(s, "outland-1", 2)
    march_moves(s)
    assert len(s["areas"]["ruins-1"]["minions"]) == 2
    assert len(s["areas"]["village-1"]["minions"]) == 3
    assert s["areas"]["outland-1"]["minions"] == []


def test_overrun_in_objective_location_raises_its_track_once_per_spawn_effect():
    """"Overruns": once per area per spawn effect; objective location: +1 track."""
    t = played()
    s = t.state
    s["areas"]["village-1"]["objective"] = "hope"
    put(s, "village-1", 3)
    ctx = ctx_for(s)
    spawn(ctx, ["village-1", "village-1"])
    assert s["overruns"] == [{"area": "village-1", "count": 2}]
    assert s["conquest"]["despair"] == 2
    assert len(s["areas"]["village-1"]["minions"]) == 3


def test_overrun_move_places_minions_one_area_closer_or_discard_removes_them():
    t = played()
    s = t.state
    put(s, "village-5", 3)
    s["reserves"]["hope"] = 1
    ctx = ctx_for(s)
    spawn(ctx, ["village-5"])
    resolve_overrun(ctx, "hope")
    assert s["reserves"]["hope"] == 0 and s["supply"]["minions"] == 17
    spawn(ctx, ["village-5"])
    resolve_overrun(ctx, "move")
    closer = [a for a, st in s["areas"].items() if st["minions"] and s["distance"][a] == 1]
    assert len(closer) == 1


def test_overrun_move_never_fills_an_area_past_three():
    """"Overruns": each overrun minion moves 1 area closer to Farrenroc, and
    "Enemy Movement" hops areas that already hold 3, so two overrun minions
    heading for a Village with 2 put one there and hop the other onward."""
    t = played()
    s = t.state
    on_line_board(s)
    put(s, "outland-1", 3)
    put(s, "village-1", 2)
    ctx = ctx_for(s)
    spawn(ctx, ["outland-1", "outland-1"])
    resolve_overrun(ctx, "move")
    assert len(s["areas"]["village-1"]["minions"]) == 3
    assert len(s["areas"]["ruins-1"]["minions"]) == 1
    assert all(len(a["minions"]) <= 3 for a in s["areas"].values())


def test_spawning_into_a_full_farrenroc_leaves_the_minion_in_the_supply_and_says_so():
    """"Spawning Enemies" gives a spawn into a full Farrenroc no consequence: the
    Quick Reference's Overrun step 3 applies "in an area besides Farrenroc" and
    step 4 costs stability only for an "Overrun by movement into Farrenroc"
    ("Glossary", Area: never more than three minion tokens). The minion stays
    in the supply, nothing else happens, and the players are told."""
    t = played()
    put(t.state, "farrenroc", 3)
    t.do("spawn", area="farrenroc", count=2)
    s = t.state
    assert len(s["areas"]["farrenroc"]["minions"]) == 3 and s["supply"]["minions"] == 17
    assert s["stability"] == 10 and s["overruns"] == [] and s["discards"] == []
    assert any("Farrenroc already holds 3 minions: 2 minion(s) not spawned" in e.text
               for e in t.last.events)
    assert "not spawned" in t.last.description


def test_overrun_discard_refused_when_the_reserves_lack_it():
    """"Spend": players may never spend resources in excess of the reserves."""
    t = played()
    s = t.state
    put(s, "village-5", 3)
    spawn(ctx_for(s), ["village-5"])
    with pytest.raises(RuleError):
        resolve_overrun(ctx_for(s), "supply")


def test_running_out_of_minions_discards_then_one_stability_per_effect():
    """"Running Out of Minions": 1 resource per minion that cannot spawn; if the
    reserves cannot pay, stability -1 once for the whole effect."""
    t = played()
    s = t.state
    put(s, "village-1", 3)
    for area in ("village-2", "village-3", "village-4", "village-5", "sanctuary-1"):
        put(s, area, 3)
    put(s, "sanctuary-2", 2)
    assert s["supply"]["minions"] == 0
    s["reserves"]["supply"] = 1
    spawn(ctx_for(s), ["dungeon-1", "dungeon-2", "dungeon-3"])
    assert s["reserves"]["supply"] == 0
    assert s["stability"] == 9


def test_running_out_of_minions_asks_which_resources():
    """"Running Out of Minions": "Discard 1 resource of the players' choice for
    each minion that could not spawn"."""
    t = played()
    s = t.state
    for area in ("village-1", "village-2", "village-3", "village-4", "village-5", "sanctuary-1"):
        put(s, area, 3)
    put(s, "sanctuary-2", 2)
    s["reserves"] = {"hope": 2, "supply": 2, "influence": 2}
    t.do("spawn", area="dungeon-1", count=3)
    assert t.step().id == "discard" and t.state["discards"][0]["count"] == 3
    for kind in ("influence", "influence", "hope"):
        t.do("discard_resource", resource=kind)
    assert t.state["reserves"] == {"hope": 1, "supply": 2, "influence": 0}
    assert t.state["stability"] == 10 and t.state["discards"] == []
