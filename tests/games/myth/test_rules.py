"""The limits and the end ("Object of the Game", "End of Game"): bad input
refused with nothing changed, stability 0 loses, the boss defeated wins."""

from __future__ import annotations

import pytest

from tests.games.myth.helpers import played


@pytest.mark.parametrize("command,params,prep", [
    ("place", {"area": "village-1", "rank": "minion", "count": 4}, None),
    ("structure", {"area": "lair-1"}, None),
    ("structure", {"area": "farrenroc"}, None),
    ("structure", {"area": "village-1"}, "six"),
    ("travel", {"area": "outland-1"}, None),
    ("spend_fate", {"face": "rage"}, "no-rage"),
    ("final_done", {}, None),
])
def test_bad_input_refused_state_unchanged(command, params, prep):
    t = played()
    if prep == "six":
        for area in ("village-2", "village-3", "village-4", "village-5", "sanctuary-1",
                     "sanctuary-2"):
            t.do("structure", area=area)
    if prep == "no-rage":
        t.state["fate"] = ["guile"] * 5
    t.refused(command, **params)


def test_stability_zero_loses():
    t = played()
    t.do("correct", track="stability", value=0)
    assert t.state["over"]["result"] == "loss"


def test_the_boss_defeated_wins_the_game():
    """"Damage and Healing": "If the boss is defeated, the players immediately win
    the game" ("Object of the Game"; "End of Game")."""
    t = played(fate=["rage"] * 5)
    t.do("correct", track="despair", value=9)
    t.do("raise", track="despair", spaces=1)
    t.do("boss_fate")
    t.do("place", area="farrenroc", rank="boss", count=1)  # a card moved it (by hand)
    t.do("correct", track="boss.vitality", value=2)
    t.do("correct", track="boss.defence", value=5)
    t.do("battle", rank="boss", dice=[{"kind": "d10", "face": 9}])
    t.do("reroll")
    assert t.state["boss"]["damage"] == 1 and not t.state.get("over")
    t.do("battle", rank="boss", dice=[{"kind": "d10", "face": 7}])
    t.do("reroll")
    assert t.state["over"]["result"] == "win"
