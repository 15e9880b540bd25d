"""A Muster ("Muster"): minions at the fate symbols' areas; the rulebook's two
readings of dice that cannot be rolled; the fate dice from the tray."""

from __future__ import annotations

import pytest

from games.core import RuleError
from games.myth import GAME
from games.myth.muster import muster
from tests.games.myth.helpers import ctx_for, played


def test_muster_spawns_at_the_fate_symbols_area():
    t = played()
    s = t.state
    muster(ctx_for(s), 2, ["rage", "faith"])
    faces = {s["board"]["areas"][a]["fate"] for a, st in s["areas"].items() if st["minions"]}
    assert faces == {"rage", "faith"}


def test_muster_section_dice_that_cannot_be_rolled_discard_resources_not_raise_a_track():
    """"Muster" (Additional Rules) and the Glossary's "Muster": "For each die that
    cannot be rolled discard one resource from the reserve". The Quick
    Reference's Muster step 2 says "raise the lowest conquest track" instead;
    the box follows the two full passages (see games.myth.muster.muster's docstring). The
    players choose which resources ("of the players' choice")."""
    t = played()
    t.state["fate"] = ["darkness", "darkness", "darkness", "rage", "darkness"]
    t.state["reserves"] = {"hope": 1, "supply": 2, "influence": 0}
    t.do("muster", count=3)
    assert t.step().id == "muster" and t.step().dice(t.state) == (1, "fate")
    t.do("muster_fate", dice=[{"kind": "fate", "face": "Guile"}])
    s = t.state
    spawned = [a for a, st in s["areas"].items() if st["minions"]]
    assert [s["board"]["areas"][a]["fate"] for a in spawned] == ["guile"]
    assert t.step().id == "discard" and s["discards"] == [{"count": 2, "why": "muster: dice "
                                                                              "not rolled"}]
    discard = next(c for c in GAME.commands if c.name == "discard_resource")
    assert discard.resolved_params(s)[0].choices == ("hope", "supply")
    t.do("discard_resource", resource="hope")
    # one more owed and only supply left: the box takes it without asking
    assert t.state["reserves"] == {"hope": 0, "supply": 1, "influence": 0}
    assert t.state["discards"] == []
    assert t.state["conquest"] == {"despair": 1, "devastation": 1, "corruption": 1}
    assert t.state["stability"] == 10
    assert t.state["procedure"] is None or t.state["procedure"]["name"] != "effect"


def test_muster_unpayable_discard_costs_one_stability():
    """"Farrenroc Reserves": discard as many as possible, then stability -1 (no
    choice to make: no prompt)."""
    t = played()
    t.state["fate"] = ["darkness"] * 5
    t.state["reserves"] = {"hope": 1, "supply": 0, "influence": 0}
    t.do("muster", count=3)
    s = t.state
    assert s["reserves"]["hope"] == 0 and s["stability"] == 9 and s["discards"] == []
    assert s["conquest"] == {"despair": 1, "devastation": 1, "corruption": 1}


def test_muster_dice_from_the_tray_wrong_kind_refused_virtual_when_confirmed():
    t = played(fate=["rage", "guile", "darkness", "darkness", "darkness"])
    t.do("muster", count=3)
    assert t.step().dice(t.state) == (2, "fate")
    before = t.state
    for wrong in ([{"kind": "d6", "face": 2}] * 2, [{"kind": "fate", "face": "Rage"}]):
        with pytest.raises(RuleError):
            t.do("muster_fate", dice=wrong)
        assert t.state == before
    t.do("muster_fate")
    assert sum(len(a["minions"]) for a in t.state["areas"].values()) == 2


def _on_board(state: dict) -> int:
    return sum(len(a["minions"]) for a in state["areas"].values())


def test_more_musters_than_the_pool_has_dice_each_missing_die_costs_a_resource():
    """"Muster": "rolling one fate die for each muster simultaneously ... For each
    die that cannot be rolled discard one resource from the reserve" (no bound on
    the musters): seven musters, five non-darkness dice: five minions, and the two
    dice short take the reserves' hope and supply (nothing left to choose)."""
    t = played(fate=["rage", "guile", "nature", "arcane", "faith"])
    t.state["reserves"] = {"hope": 1, "supply": 1, "influence": 0}
    t.do("muster", count=7)
    assert t.step().dice(t.state) == (5, "fate")
    t.do("muster_fate", dice=[{"kind": "fate", "face": f}
                              for f in ("Rage", "Guile", "Nature", "Arcane", "Faith")])
    s = t.state
    assert _on_board(s) == 5
    assert s["reserves"] == {"hope": 0, "supply": 0, "influence": 0} and s["discards"] == []
    assert s["stability"] == 10


def test_twenty_musters_without_a_die_cost_the_reserves_then_one_stability():
    """"Muster" and "Farrenroc Reserves" ("discard as many resources as they can and
    then reduce Farrenroc's stability by 1"): twenty musters (as many as there are
    minions), the pool all darkness: the two resources go, stability 10 to 9 once,
    no minion placed."""
    t = played(fate=["darkness"] * 5)
    t.state["reserves"] = {"hope": 0, "supply": 0, "influence": 2}
    t.do("muster", count=20)
    s = t.state
    assert _on_board(s) == 0 and s["reserves"]["influence"] == 0 and s["stability"] == 9


def test_no_muster_of_zero():
    """A muster effect musters at least once ("one fate die for each muster")."""
    t = played()
    t.refused("muster", count=0)
