"""The fate pool ("Fate Pool"): a spent symbol's die rerolled after its ability."""

from __future__ import annotations

import pytest

from games.core import RuleError
from tests.games.myth.helpers import played


def test_spent_fate_symbol_rerolled_at_a_prompt_after_its_ability():
    """"Fate Pool": "that fate die is rerolled after fully resolving the fate
    effect then returned to the fate pool" (tray armed for 1 fate die)."""
    t = played(fate=["rage", "guile", "nature", "arcane", "faith"])
    t.do("spend_fate", face="nature")
    assert t.state["procedure"]["name"] == "spend" and t.step().dice(t.state) == (1, "fate")
    assert t.state["fate"][2] == "nature"  # not rerolled before the ability is resolved
    before = t.state
    with pytest.raises(RuleError):
        t.do("fate_reroll", dice=[{"kind": "d10", "face": 4}])
    assert t.state == before
    t.do("fate_reroll", dice=[{"kind": "fate", "face": "Darkness"}])
    assert t.state["fate"] == ["rage", "guile", "darkness", "arcane", "faith"]
    assert t.state["procedure"] is None or t.state["procedure"]["name"] != "spend"
