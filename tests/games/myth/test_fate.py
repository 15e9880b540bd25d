"""The fate pool ("Fate Pool"): a spent symbol's die rerolled after its ability."""

from __future__ import annotations

from tests.games.myth.helpers import played


def test_spent_fate_symbol_rerolled_at_a_prompt_after_its_ability():
    """"Fate Pool": "that fate die is rerolled after fully resolving the fate
    effect then returned to the fate pool" (tray armed for 1 fate die)."""
    t = played(fate=["rage", "guile", "nature", "arcane", "faith"])
    t.do("spend_fate", face="nature")
    assert t.state["procedure"]["name"] == "spend" and t.step().dice(t.state) == (1, "fate")
    assert t.state["fate"][2] == "nature"  # not rerolled before the ability is resolved
    t.refused("fate_reroll", dice=[{"kind": "d10", "face": 4}])
    t.do("fate_reroll", dice=[{"kind": "fate", "face": "Darkness"}])
    assert t.state["fate"] == ["rage", "guile", "darkness", "arcane", "faith"]
    assert t.state["procedure"] is None or t.state["procedure"]["name"] != "spend"


def test_a_pick_the_pool_no_longer_shows_falls_back_to_pool_order():
    """"Muster": the non-darkness dice rolled are the players' pick, else the first in pool
    order. A pick kept from an earlier roll whose faces the pool no longer shows once
    raised StopIteration; it now gives way to pool order."""
    from games.core.context import Context
    from games.core.registry import get_game
    from games.myth.fate import roll_non_darkness

    state = {"fate": ["rage", "darkness", "guile", "nature", "faith"], "rng": 1,
             "procedure": {"name": "action", "step": 0, "data": {"fate_pick": "arcane,arcane"}}}
    ctx = Context(get_game("myth-dark-frontier"), state)
    results, missing = roll_non_darkness(ctx, 2, ["faith", "faith"])
    assert (results, missing) == (["faith", "faith"], 0)
    assert state["fate"] == ["faith", "darkness", "faith", "nature", "faith"]  # the first two non-darkness
