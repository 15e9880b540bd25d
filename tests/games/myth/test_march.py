"""The March enemy action ("March", "Assaults", "Delayed Minions"): assaults on
Farrenroc and the structures where a standing minion is, center first, a d10
per enemy token; delayed minions ignored but still filling their area."""

from __future__ import annotations

from games.myth import GAME
from games.myth.march import resolve_assault
from tests.games.myth.helpers import ctx_for, enemy_card_first, played, put


def test_assault_on_farrenroc_with_fixed_dice_and_minions_delayed():
    """"Assaults": a die at or under the highest attack succeeds; minions delayed."""
    t = played()
    s = t.state
    s["enemy"]["minion"]["attack"] = 3
    put(s, "farrenroc", 2)
    assert resolve_assault(ctx_for(s), "farrenroc", [7, 3]) is True
    assert s["stability"] == 9
    assert all(m["delayed"] for m in s["areas"]["farrenroc"]["minions"])


def test_assault_on_a_structure_that_holds():
    t = played()
    s = t.state
    s["enemy"]["minion"]["attack"] = 3
    s["areas"]["village-1"]["structure"] = True
    put(s, "village-1", 1)
    assert resolve_assault(ctx_for(s), "village-1", [4]) is False
    assert s["areas"]["village-1"]["structure"]
    assert resolve_assault(ctx_for(s), "village-2", [1]) is None


def test_march_assaults_farrenroc_then_the_structure_each_from_the_tray():
    """"March": assaults on Farrenroc and each structure, center first ("Action
    Phase"); "Assaults": a d10 per enemy token, success if one is at most the
    highest attack; minions delayed after; then movement."""
    t = played()
    s = t.state
    s["enemy"]["minion"]["attack"] = 3
    put(s, "farrenroc", 2)
    s["areas"]["village-5"]["structure"] = True
    put(s, "village-5", 1)
    put(s, "outland-1", 1)
    enemy_card_first(t)
    assert t.step().id == "assault"
    assert t.step().dice(t.state) == (2, "d10")
    assert "Assault on Farrenroc: roll 2 d10, success 51%" in GAME.view(t.state).step
    t.refused("assault", dice=[{"kind": "d10", "face": 5}])
    t.do("assault", dice=[{"kind": "d10", "face": f} for f in (9, 2)])
    assert t.state["stability"] == 9
    assert all(m["delayed"] for m in t.state["areas"]["farrenroc"]["minions"])
    assert t.step().id == "assault" and t.step().dice(t.state) == (1, "d10")
    t.do("assault", dice=[{"kind": "d10", "face": 8}])
    assert t.state["areas"]["village-5"]["structure"]  # 8 > attack 3: held
    assert t.state["areas"]["outland-1"]["minions"] == []  # then the minions moved


def test_march_assaults_only_areas_holding_a_standing_minion():
    """"March": "players resolve the following steps for each area containing 1
    or more minion tokens: Resolve an assault on Farrenroc and each area
    containing a structure"; "Delayed": ignored by enemy action card effects
    targeting minions. A captain alone in Farrenroc and a delayed minion alone
    at a structure are not assaulted; a structure with a minion and a captain
    is, with a die for each enemy token ("Assaults")."""
    t = played()
    s = t.state
    s["enemy"]["minion"]["attack"] = 3
    t.do("place", area="farrenroc", rank="captain", count=1)
    s = t.state
    s["areas"]["village-5"]["structure"] = True
    put(s, "village-5", 1, delayed=True)
    s["areas"]["village-2"]["structure"] = True
    put(s, "village-2", 1)
    t.do("place", area="village-2", rank="captain", count=1)
    enemy_card_first(t)
    assert t.step().id == "assault" and t.state["procedure"]["data"]["assaults"] == ["village-2"]
    assert t.step().dice(t.state) == (2, "d10")
    t.do("assault", dice=[{"kind": "d10", "face": 9}, {"kind": "d10", "face": 8}])
    s = t.state
    assert s["stability"] == 10 and s["areas"]["village-5"]["structure"]
    assert "assaults" not in s["procedure"]["data"] or not s["procedure"]["data"]["assaults"]


def test_delayed_minions_are_ignored_but_still_fill_an_area():
    """"Delayed Minions": "Delayed minions are essentially ignored by all game
    effects" (they do not march, and do not hold an objective location for a
    Conquest), but "Delayed minions still count against the number of minions
    allowed in an area": a spawn into 3 delayed minions is an overrun."""
    t = played()
    s = t.state
    s["areas"]["village-1"]["objective"] = "hope"
    put(s, "village-1", 1, delayed=True)
    put(s, "outland-1", 1, delayed=True)
    put(s, "dungeon-3", 3, delayed=True)
    enemy_card_first(t, "despair")
    s = t.state
    assert s["conquest"]["despair"] == 1  # the delayed minion holds nothing
    assert len(s["areas"]["village-1"]["minions"]) == 2  # the Conquest's spawn
    t2 = played()
    put(t2.state, "outland-1", 1, delayed=True)
    enemy_card_first(t2)
    assert len(t2.state["areas"]["outland-1"]["minions"]) == 1  # did not march
    t3 = played()
    put(t3.state, "dungeon-3", 3, delayed=True)
    t3.do("correct", track="hope", value=1)
    t3.do("spawn", area="dungeon-3", count=1)
    assert t3.state["overruns"] == [{"area": "dungeon-3", "count": 1}]
